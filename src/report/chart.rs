//! A chart as data: what the plots show, independent of how they are drawn.
//!
//! Each chart is drawn twice from this one description: as a pgfplots figure (the PDF in
//! the LaTeX report) and as an SVG for a browser. This module is the model only: the
//! renderers and the chart builders depend on it, never the other way.

/// How the x axis is laid out.
#[derive(Debug, Clone, PartialEq)]
pub enum Layout {
    /// Numeric x; one line with markers per series.
    Lines,
    /// Named categories on x (point `x` = category index); one bar per series per
    /// category.
    Bars {
        /// Category names, in order.
        categories: Vec<String>,
    },
}

/// One line (or one bar colour) of a chart.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// Legend text (plain text, not LaTeX).
    pub name: String,
    /// Points in drawing order; for bars, `x` is the category index.
    pub points: Vec<(f64, f64)>,
    /// A reference line (drawn dashed, without markers).
    pub reference: bool,
    /// The 95 % interval (low, high) of each point, in the order of `points`, drawn as an
    /// error bar; empty, or `None` for a point, where there is none.
    pub intervals: Vec<Option<(f64, f64)>>,
}

/// A complete chart.
#[derive(Debug, Clone, PartialEq)]
pub struct Chart {
    /// File stem under `plots/` (`<experiment>-<what>`).
    pub name: String,
    /// Short title (plain text; the SVG's heading).
    pub title: String,
    /// Figure caption (plain text, escaped when written to LaTeX).
    pub caption: String,
    /// x axis label (plain text).
    pub x_label: String,
    /// y axis label (plain text).
    pub y_label: String,
    /// Logarithmic y axis.
    pub log_y: bool,
    /// Integer ticks only on x.
    pub integer_x: bool,
    /// Lines or bars.
    pub layout: Layout,
    /// The data.
    pub series: Vec<Series>,
}

impl Chart {
    /// Whether there is anything to draw.
    pub fn has_data(&self) -> bool {
        self.series.iter().any(|s| !s.reference && !s.points.is_empty())
    }

    /// The smallest and largest x over all series (a unit range when empty).
    pub fn x_range(&self) -> (f64, f64) {
        if let Layout::Bars { categories } = &self.layout {
            return (-0.5, categories.len() as f64 - 0.5);
        }
        range(self.series.iter().flat_map(|s| s.points.iter().map(|p| p.0)))
    }

    /// The smallest and largest y over all series (a unit range when empty).
    pub fn y_range(&self) -> (f64, f64) {
        let ends = |s: &Series| s.intervals.iter().flatten().flat_map(|&(low, high)| [low, high]).collect::<Vec<_>>();
        range(self.series.iter().flat_map(|s| s.points.iter().map(|p| p.1).chain(ends(s))))
    }

    /// The x positions that get a tick and a label, in both back ends.
    ///
    /// Bars: one per category. Integer axes (threads, depth, moves undone): only
    /// integers, never a tick between two of them: the distinct x values of the data when
    /// there are at most [`MAX_X_TICKS`], otherwise multiples of a 1-2-5 step. Other axes:
    /// multiples of a 1-2-5 step.
    pub fn x_ticks(&self) -> Vec<f64> {
        if let Layout::Bars { categories } = &self.layout {
            return (0..categories.len()).map(|i| i as f64).collect();
        }
        let (lo, hi) = self.x_range();
        if !self.integer_x {
            return step_ticks(lo, hi, nice_step((hi - lo) / MAX_X_TICKS as f64));
        }
        let mut xs: Vec<f64> = self.series.iter().flat_map(|s| s.points.iter().map(|p| p.0.round())).collect();
        xs.sort_by(f64::total_cmp);
        xs.dedup();
        if xs.len() <= MAX_X_TICKS {
            return xs;
        }
        step_ticks(lo.round(), hi.round(), nice_step((hi - lo) / MAX_X_TICKS as f64).max(1.0))
    }
}

/// `label` broken at spaces into lines each at most `max` wide (as `width_of` measures
/// it), words kept whole and in order: a category label under a bar group, so that no
/// label reaches into its neighbour's room. A word wider than `max` stands alone on its
/// line.
pub fn wrap_label(label: &str, max: f64, width_of: impl Fn(&str) -> f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in label.split_whitespace() {
        match lines.last_mut() {
            Some(line) if width_of(&format!("{line} {word}")) <= max => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    if lines.is_empty() {
        lines.push(String::new());
    }
    lines
}

/// The series colours (Tableau 10), shared by both renderers.
pub const PALETTE: [(u8, u8, u8); 8] = [
    (31, 119, 180),
    (255, 127, 14),
    (44, 160, 44),
    (214, 39, 40),
    (148, 103, 189),
    (140, 86, 75),
    (227, 119, 194),
    (127, 127, 127),
];

/// Most ticks on an x axis.
pub const MAX_X_TICKS: usize = 12;

/// The smallest step of the form 1, 2 or 5 times a power of ten that is at least `raw`.
fn nice_step(raw: f64) -> f64 {
    if !raw.is_finite() || raw <= 0.0 {
        return 1.0;
    }
    let power = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * power).find(|s| *s >= raw * (1.0 - 1e-9)).unwrap_or(10.0 * power)
}

/// The multiples of `step` from `lo` to `hi`.
fn step_ticks(lo: f64, hi: f64, step: f64) -> Vec<f64> {
    let first = (lo / step).ceil() as i64;
    let last = (hi / step).floor() as i64;
    (first..=last).map(|k| k as f64 * step).collect()
}

fn range(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| (lo.min(v), hi.max(v)));
    if lo.is_finite() {
        (lo, hi)
    } else {
        (0.0, 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(xs: &[f64], integer_x: bool) -> Chart {
        Chart {
            name: "c".into(),
            title: String::new(),
            caption: String::new(),
            x_label: "threads".into(),
            y_label: "speed-up".into(),
            log_y: false,
            integer_x,
            layout: Layout::Lines,
            series: vec![Series {
                name: "s".into(),
                points: xs.iter().map(|&x| (x, 1.0)).collect(),
                reference: false,
                intervals: Vec::new(),
            }],
        }
    }

    #[test]
    fn integer_axes_tick_only_integers() {
        assert_eq!(lines(&[1.0, 2.0], true).x_ticks(), [1.0, 2.0]);
        assert_eq!(lines(&[1.0, 2.0, 4.0, 8.0], true).x_ticks(), [1.0, 2.0, 4.0, 8.0]);
        let many: Vec<f64> = (0..=30).map(f64::from).collect();
        assert_eq!(lines(&many, true).x_ticks(), [0.0, 5.0, 10.0, 15.0, 20.0, 25.0, 30.0]);
        let ticks = lines(&(0..=300).map(f64::from).collect::<Vec<_>>(), true).x_ticks();
        assert!(ticks.iter().all(|t| t.fract() == 0.0) && ticks.len() <= MAX_X_TICKS, "{ticks:?}");
    }

    #[test]
    fn labels_wrap_at_spaces_within_their_width() {
        let chars = |t: &str| t.chars().count() as f64;
        assert_eq!(wrap_label("own instance: 4x16 stenen4", 13.0, chars), ["own instance:", "4x16 stenen4"]);
        assert_eq!(wrap_label("own instance: 4x16 stenen4", 9.0, chars), ["own", "instance:", "4x16", "stenen4"]);
        assert_eq!(wrap_label("4x5 stenen1", 20.0, chars), ["4x5 stenen1"]);
        assert_eq!(wrap_label("averyveryverylongword x", 5.0, chars), ["averyveryverylongword", "x"]);
        assert_eq!(wrap_label("", 5.0, chars), [""]);
    }

    #[test]
    fn other_axes_use_round_steps() {
        assert_eq!(lines(&[0.0, 1.0], false).x_ticks().len(), 11);
        assert_eq!(nice_step(0.13), 0.2);
        assert_eq!(nice_step(3.0), 5.0);
        assert_eq!(nice_step(10.0), 10.0);
    }
}
