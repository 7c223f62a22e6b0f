//! Charts as SVG (plotters) for viewing in a browser; the same data as the pgfplots
//! figures.

use std::ops::Range;

use plotters::coord::ranged1d::{AsRangedCoord, KeyPointHint, NoDefaultFormatting, ValueFormatter};
use plotters::coord::types::RangedCoordf64;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::chart::{wrap_label, Chart, Layout, Series, PALETTE};
use super::layout::text_width;

const SIZE: (u32, u32) = (900, 520);
/// The margin around the chart, in pixels.
const MARGIN: u32 = 16;
/// The room left of the plot for the y axis's labels, in pixels.
const Y_LABEL_AREA: u32 = 80;
/// The size of a category label under a bar group, in pixels.
const CATEGORY_PX: u32 = 13;
/// The height of one line of a category label, in pixels.
const CATEGORY_LINE_PX: u32 = 16;
/// The gap between the x axis and the first line of its category labels, in pixels.
const CATEGORY_GAP_PX: u32 = 8;
/// The room under the category labels for the axis title, in pixels.
const X_TITLE_PX: u32 = 30;

/// The estimated width of `text` in the page's sans-serif at `px` pixels: Latin Modern's
/// widths made 15 % wider, as sans-serif faces run wider.
fn sans_width(text: &str, px: u32) -> f64 {
    1.15 * text_width(text, f64::from(px))
}

/// The lines of every category label of a bar chart with `categories`: each wrapped at
/// spaces to 85 % of a category's room on the plot, so neighbouring labels keep a gap.
pub fn category_lines(categories: &[String]) -> Vec<Vec<String>> {
    let plot = f64::from(SIZE.0 - 2 * MARGIN - Y_LABEL_AREA);
    let room = 0.85 * plot / categories.len().max(1) as f64;
    categories.iter().map(|c| wrap_label(c, room, |t| sans_width(t, CATEGORY_PX))).collect()
}

type DrawResult = Result<(), Box<dyn std::error::Error>>;

fn color(i: usize) -> RGBColor {
    let (r, g, b) = PALETTE[i % PALETTE.len()];
    RGBColor(r, g, b)
}

/// The SVG document of `chart`.
pub fn svg(chart: &Chart) -> anyhow::Result<String> {
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, SIZE).into_drawing_area();
        draw(chart, &root).map_err(|e| anyhow::anyhow!("drawing {}: {e}", chart.name))?;
        root.present().map_err(|e| anyhow::anyhow!("drawing {}: {e}", chart.name))?;
    }
    Ok(text)
}

fn draw(chart: &Chart, root: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>) -> DrawResult {
    root.fill(&WHITE)?;
    let (y_lo, y_hi) = chart.y_range();
    if chart.log_y {
        let headroom = if matches!(chart.layout, Layout::Bars { .. }) { 50.0 } else { 2.0 };
        let (lo, hi) = ((y_lo / 2.0).max(f64::MIN_POSITIVE), y_hi * headroom);
        draw_axes(chart, root, (lo..hi).log_scale(), TickFormat::for_axis(lo, hi))
    } else {
        let hi = (y_hi * 1.1).max(1.0);
        draw_axes(chart, root, 0.0..hi, TickFormat::for_axis(0.0, hi))
    }
}

/// The width of an error bar's caps, in pixels.
const ERROR_BAR_PX: u32 = 8;

/// The points of `series` that have an interval: x, y and the interval.
fn error_bars(series: &Series) -> impl Iterator<Item = (f64, f64, (f64, f64))> + '_ {
    (series.points.iter().zip(&series.intervals)).filter_map(|(&(x, y), i)| Some((x, y, (*i)?)))
}

/// The style of a reference line (the ideal speed-up), for the line and its legend alike.
fn reference_style() -> ShapeStyle {
    BLACK.stroke_width(2)
}

/// Dash and gap lengths (pixels) of a reference line and its legend entry.
const DASH: (i32, i32) = (6, 4);

fn draw_axes<Y>(
    chart: &Chart,
    root: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    y: Y,
    y_ticks: TickFormat,
) -> DrawResult
where
    Y: AsRangedCoord<Value = f64>,
    Y::CoordDescType: ValueFormatter<f64>,
{
    let (x_lo, x_hi) = chart.x_range();
    let pad = if matches!(chart.layout, Layout::Lines) { ((x_hi - x_lo) * 0.04).max(0.25) } else { 0.0 };
    let x_ticks = chart.x_ticks();
    // A bar chart's category labels are drawn below (several lines each); the axis title
    // goes under the tallest of them.
    let labels = match &chart.layout {
        Layout::Bars { categories } => category_lines(categories),
        Layout::Lines => Vec::new(),
    };
    let label_lines = labels.iter().map(Vec::len).max().unwrap_or(0) as u32;
    let x_area = match chart.layout {
        Layout::Bars { .. } => CATEGORY_GAP_PX + label_lines * CATEGORY_LINE_PX + X_TITLE_PX,
        Layout::Lines => 45,
    };
    let mut ctx = ChartBuilder::on(root)
        .caption(chart.title.as_str(), ("sans-serif", 18))
        .margin(MARGIN)
        .x_label_area_size(x_area)
        .y_label_area_size(Y_LABEL_AREA)
        .build_cartesian_2d(TickedAxis { inner: (x_lo - pad..x_hi + pad).into(), ticks: x_ticks }, y)?;
    let bars_chart = matches!(chart.layout, Layout::Bars { .. });
    let x_format = |x: &f64| -> String {
        if bars_chart {
            String::new()
        } else {
            let text = format!("{x:.6}");
            text.trim_end_matches('0').trim_end_matches('.').to_string()
        }
    };
    let y_format = |y: &f64| y_ticks.format(*y);
    ctx.configure_mesh()
        .x_desc(chart.x_label.as_str())
        .y_desc(chart.y_label.as_str())
        .x_label_formatter(&x_format)
        .y_label_formatter(&y_format)
        .disable_x_mesh()
        .light_line_style(RGBColor(238, 238, 238))
        .draw()?;
    let bottom = ctx.as_coord_spec().y_spec().range().start;
    for (i, lines) in labels.iter().enumerate() {
        let (x, y) = ctx.backend_coord(&(i as f64, bottom));
        for (k, line) in lines.iter().enumerate() {
            let top = y + (CATEGORY_GAP_PX + k as u32 * CATEGORY_LINE_PX) as i32;
            let style = ("sans-serif", CATEGORY_PX).into_font().color(&BLACK).pos(Pos::new(HPos::Center, VPos::Top));
            root.draw(&Text::new(line.clone(), (x, top), style))?;
        }
    }
    let bars = chart.series.iter().filter(|s| !s.reference).count().max(1);
    for (i, series) in chart.series.iter().enumerate() {
        let c = color(i);
        if series.reference {
            ctx.draw_series(DashedLineSeries::new(series.points.iter().copied(), DASH.0, DASH.1, reference_style()))?
                .label(series.name.as_str())
                .legend(|(x, y)| DashedPathElement::new(vec![(x, y), (x + 18, y)], DASH.0, DASH.1, reference_style()));
            continue;
        }
        match chart.layout {
            Layout::Lines => {
                ctx.draw_series(LineSeries::new(series.points.iter().copied(), c.stroke_width(2)))?
                    .label(series.name.as_str())
                    .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(2)));
                ctx.draw_series(series.points.iter().map(|&p| Circle::new(p, 3, c.filled())))?;
                ctx.draw_series(error_bars(series).map(|(x, y, (low, high))| {
                    ErrorBar::new_vertical(x, low, y, high, c.stroke_width(1), ERROR_BAR_PX)
                }))?;
            }
            Layout::Bars { .. } => {
                let width = 0.8 / bars as f64;
                let bottom = ctx.as_coord_spec().y_spec().range().start;
                let left = -0.4 + i as f64 * width;
                ctx.draw_series(
                    series
                        .points
                        .iter()
                        .map(|&(x, v)| Rectangle::new([(x + left, bottom), (x + left + width, v)], c.filled())),
                )?
                .label(series.name.as_str())
                .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 14, y + 5)], c.filled()));
            }
        }
    }
    // A chart of one series needs no legend: its title and axes name it.
    if chart.series.len() < 2 {
        return Ok(());
    }
    ctx.configure_series_labels()
        .position(match chart.layout {
            Layout::Lines => SeriesLabelPosition::UpperLeft,
            Layout::Bars { .. } => SeriesLabelPosition::UpperRight,
        })
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.4))
        .draw()?;
    Ok(())
}

/// An f64 axis whose ticks are exactly the given positions ([`Chart::x_ticks`]), so an
/// integer axis gets no tick between two integers.
struct TickedAxis {
    inner: RangedCoordf64,
    ticks: Vec<f64>,
}

impl Ranged for TickedAxis {
    type ValueType = f64;
    type FormatOption = NoDefaultFormatting;

    fn range(&self) -> Range<f64> {
        self.inner.range()
    }

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        self.inner.map(value, limit)
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        if hint.weight().allow_light_points() {
            Vec::new()
        } else {
            self.ticks.clone()
        }
    }
}

impl ValueFormatter<f64> for TickedAxis {
    fn format(value: &f64) -> String {
        format!("{value}")
    }
}

/// How the y tick labels of one axis are written: one form for every tick of the axis,
/// so `10000` never stands next to `1e7`.
#[derive(Debug, Clone, Copy, PartialEq)]
enum TickFormat {
    /// Plain decimals (`0.5`, `100`, `20000`): axes within 10^-3 .. 10^5.
    Plain,
    /// Powers of ten (`1e4`, `2.5e6`): axes reaching 10^5 or below 10^-3.
    Power,
}

impl TickFormat {
    /// The form for an axis drawn from `lo` to `hi`.
    fn for_axis(lo: f64, hi: f64) -> TickFormat {
        let tiny = lo > 0.0 && lo < 1e-3;
        if hi.abs() >= 1e5 || tiny {
            TickFormat::Power
        } else {
            TickFormat::Plain
        }
    }

    fn format(self, y: f64) -> String {
        if y == 0.0 {
            return "0".to_string();
        }
        match self {
            TickFormat::Plain => {
                let text = format!("{y:.3}");
                text.trim_end_matches('0').trim_end_matches('.').to_string()
            }
            TickFormat::Power => {
                let magnitude = y.abs().log10().floor();
                let mantissa = format!("{:.1}", y / 10f64.powf(magnitude));
                let mantissa = mantissa.strip_suffix(".0").unwrap_or(&mantissa);
                format!("{mantissa}e{magnitude}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_tick_form_per_axis() {
        let plain = TickFormat::for_axis(1.0, 20_000.0);
        assert_eq!(plain, TickFormat::Plain);
        assert_eq!(plain.format(100.0), "100");
        assert_eq!(plain.format(0.5), "0.5");
        assert_eq!(plain.format(10_000.0), "10000");
        let power = TickFormat::for_axis(500.0, 2e8);
        assert_eq!(power, TickFormat::Power);
        assert_eq!(power.format(1e4), "1e4");
        assert_eq!(power.format(1e7), "1e7");
        assert_eq!(power.format(2.5e6), "2.5e6");
        assert_eq!(TickFormat::for_axis(2.5e-6, 1.0).format(2.5e-6), "2.5e-6");
        assert_eq!(TickFormat::for_axis(0.0, 3e5).format(1e5), "1e5");
    }

    /// The tick labels of `svg`'s axes (the `<text>` elements that parse as numbers).
    fn numeric_labels(svg: &str) -> Vec<String> {
        svg.split("<text")
            .skip(1)
            .filter_map(|t| t.split_once('>').and_then(|(_, rest)| rest.split_once("</text>")).map(|(l, _)| l.trim()))
            .filter(|l| l.parse::<f64>().is_ok())
            .map(str::to_string)
            .collect()
    }

    fn speedup_chart() -> Chart {
        Chart {
            name: "p".into(),
            title: "t".into(),
            caption: String::new(),
            x_label: "threads".into(),
            y_label: "speed-up".into(),
            log_y: false,
            integer_x: true,
            layout: Layout::Lines,
            series: vec![
                Series {
                    name: "g best".into(),
                    points: vec![(1.0, 1.0), (2.0, 1.9)],
                    reference: false,
                    intervals: Vec::new(),
                },
                Series {
                    name: "ideal".into(),
                    points: vec![(1.0, 1.0), (2.0, 2.0)],
                    reference: true,
                    intervals: Vec::new(),
                },
            ],
        }
    }

    #[test]
    fn thread_axes_label_integers_only() {
        let text = svg(&speedup_chart()).unwrap();
        let labels = numeric_labels(&text);
        assert!(labels.contains(&"1".to_string()) && labels.contains(&"2".to_string()), "{labels:?}");
        let x_like: Vec<&String> = labels.iter().filter(|l| l.contains('.')).collect();
        assert!(x_like.iter().all(|l| ["0.5", "1.5"].contains(&l.as_str())), "fractional labels {x_like:?}");
        let vertical_ticks = polylines(&text)
            .iter()
            .filter(|(_, width, p)| *width == 1 && p.len() == 2 && p[0].0 == p[1].0 && (p[1].1 - p[0].1).abs() < 10.0)
            .count();
        assert_eq!(vertical_ticks, 2, "x ticks other than at 1 and 2 threads");
    }

    /// A drawn polyline: stroke colour, stroke width and points.
    type Polyline = (String, u32, Vec<(f64, f64)>);

    /// Every `<polyline>` of `svg`.
    fn polylines(svg: &str) -> Vec<Polyline> {
        let attribute = |p: &str, name: &str| -> String {
            p.split(&format!("{name}=\"")).nth(1).and_then(|v| v.split('"').next()).unwrap_or_default().to_string()
        };
        svg.split("<polyline")
            .skip(1)
            .map(|p| {
                let points = attribute(p, "points")
                    .split_whitespace()
                    .filter_map(|xy| xy.split_once(',').map(|(x, y)| (x.parse().unwrap(), y.parse().unwrap())))
                    .collect();
                (attribute(p, "stroke"), attribute(p, "stroke-width").parse().unwrap_or(0), points)
            })
            .collect()
    }

    #[test]
    fn reference_legend_is_dashed_like_its_line() {
        let text = svg(&speedup_chart()).unwrap();
        let black_wide: Vec<Vec<(f64, f64)>> =
            polylines(&text).into_iter().filter(|(c, w, _)| c == "#000000" && *w == 2).map(|(_, _, p)| p).collect();
        assert!(black_wide.len() >= 4, "{}", black_wide.len());
        for points in black_wide {
            let (a, b) = (points[0], points[points.len() - 1]);
            let length = (b.0 - a.0).hypot(b.1 - a.1);
            assert!(length <= DASH.0 as f64 + 1.0, "a solid black stretch of {length} px: {points:?}");
        }
    }

    #[test]
    fn bars_and_lines_render() {
        let series = vec![
            Series {
                name: "dumb".into(),
                points: vec![(0.0, 10.0), (1.0, 1e6)],
                reference: false,
                intervals: Vec::new(),
            },
            Series { name: "smart".into(), points: vec![(0.0, 5.0)], reference: false, intervals: Vec::new() },
        ];
        let mut chart = Chart {
            name: "x".into(),
            title: "t".into(),
            caption: String::new(),
            x_label: "instance".into(),
            y_label: "positions".into(),
            log_y: true,
            integer_x: true,
            layout: Layout::Bars { categories: vec!["4x5 s1".into(), "6x10 s2".into()] },
            series,
        };
        let text = svg(&chart).unwrap();
        assert!(text.starts_with("<svg"), "{}", &text[..40]);
        assert!(text.contains("6x10 s2"));
        chart.layout = Layout::Lines;
        assert!(svg(&chart).unwrap().contains("smart"));
    }
}
