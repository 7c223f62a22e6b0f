//! A chart as data: what the plots show, independent of how they are drawn.
//!
//! Each chart is drawn twice from this one description: as a pgfplots figure (the PDF in
//! the LaTeX report, [`super::pgfplots`]) and as an SVG for a browser
//! ([`super::svg`]). Which charts an experiment gets is chosen by its game and kind in
//! [`super::plots`].

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
        range(self.series.iter().flat_map(|s| s.points.iter().map(|p| p.1)))
    }
}

fn range(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| (lo.min(v), hi.max(v)));
    if lo.is_finite() {
        (lo, hi)
    } else {
        (0.0, 1.0)
    }
}
