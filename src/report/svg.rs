//! Charts as SVG (plotters) for viewing in a browser; the same data as the pgfplots
//! figures.

use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::prelude::*;

use super::chart::{Chart, Layout};
use super::pgfplots::PALETTE;

const SIZE: (u32, u32) = (900, 520);

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
        draw_axes(chart, root, ((y_lo / 2.0).max(f64::MIN_POSITIVE)..y_hi * headroom).log_scale())
    } else {
        draw_axes(chart, root, 0.0..(y_hi * 1.1).max(1.0))
    }
}

fn draw_axes<Y>(chart: &Chart, root: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>, y: Y) -> DrawResult
where
    Y: AsRangedCoord<Value = f64>,
    Y::CoordDescType: ValueFormatter<f64>,
{
    let (x_lo, x_hi) = chart.x_range();
    let pad = if matches!(chart.layout, Layout::Lines) { ((x_hi - x_lo) * 0.04).max(0.25) } else { 0.0 };
    let mut ctx = ChartBuilder::on(root)
        .caption(chart.title.as_str(), ("sans-serif", 18))
        .margin(16)
        .x_label_area_size(if matches!(chart.layout, Layout::Bars { .. }) { 70 } else { 45 })
        .y_label_area_size(80)
        .build_cartesian_2d(x_lo - pad..x_hi + pad, y)?;
    let categories = match &chart.layout {
        Layout::Bars { categories } => categories.clone(),
        Layout::Lines => Vec::new(),
    };
    let x_format = |x: &f64| -> String {
        let nearest = x.round();
        if (x - nearest).abs() > 1e-6 && (chart.integer_x || !categories.is_empty()) {
            return String::new();
        }
        if categories.is_empty() {
            format!("{nearest}")
        } else {
            categories.get(nearest as usize).cloned().unwrap_or_default()
        }
    };
    let y_format = |y: &f64| format_tick(*y);
    let x_labels = if categories.is_empty() { 12 } else { categories.len() * 2 + 1 };
    ctx.configure_mesh()
        .x_desc(chart.x_label.as_str())
        .y_desc(chart.y_label.as_str())
        .x_labels(x_labels)
        .x_label_formatter(&x_format)
        .y_label_formatter(&y_format)
        .disable_x_mesh()
        .light_line_style(RGBColor(238, 238, 238))
        .draw()?;
    let bars = chart.series.iter().filter(|s| !s.reference).count().max(1);
    for (i, series) in chart.series.iter().enumerate() {
        let c = color(i);
        if series.reference {
            ctx.draw_series(DashedLineSeries::new(series.points.iter().copied(), 6, 4, BLACK.stroke_width(1)))?
                .label(series.name.as_str())
                .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], BLACK));
            continue;
        }
        match chart.layout {
            Layout::Lines => {
                ctx.draw_series(LineSeries::new(series.points.iter().copied(), c.stroke_width(2)))?
                    .label(series.name.as_str())
                    .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(2)));
                ctx.draw_series(series.points.iter().map(|&p| Circle::new(p, 3, c.filled())))?;
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

/// A y tick label: plain up to 10^5, then a power-of-ten form.
fn format_tick(y: f64) -> String {
    if y == 0.0 {
        return "0".to_string();
    }
    let magnitude = y.abs().log10().floor();
    if (1e-3..1e5).contains(&y.abs()) {
        let text = format!("{y:.3}");
        return text.trim_end_matches('0').trim_end_matches('.').to_string();
    }
    let mantissa = y / 10f64.powf(magnitude);
    if (mantissa - mantissa.round()).abs() < 1e-9 && mantissa.round() == 1.0 {
        format!("1e{magnitude}")
    } else {
        format!("{mantissa:.1}e{magnitude}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::chart::Series;

    #[test]
    fn ticks() {
        assert_eq!(format_tick(100.0), "100");
        assert_eq!(format_tick(0.5), "0.5");
        assert_eq!(format_tick(1e9), "1e9");
        assert_eq!(format_tick(2.5e-6), "2.5e-6");
    }

    #[test]
    fn bars_and_lines_render() {
        let series = vec![
            Series { name: "dumb".into(), points: vec![(0.0, 10.0), (1.0, 1e6)], reference: false },
            Series { name: "smart".into(), points: vec![(0.0, 5.0)], reference: false },
        ];
        let mut chart = Chart {
            name: "x".into(),
            title: "t".into(),
            caption: String::new(),
            x_label: "instance".into(),
            y_label: "positions".into(),
            log_y: true,
            integer_x: true,
            layout: Layout::Bars { categories: vec!["4x5 stenen1".into(), "6x10 stenen2".into()] },
            series,
        };
        let text = svg(&chart).unwrap();
        assert!(text.starts_with("<svg"), "{}", &text[..40]);
        assert!(text.contains("6x10 stenen2"));
        chart.layout = Layout::Lines;
        assert!(svg(&chart).unwrap().contains("smart"));
    }
}
