//! Each experiment's charts, their captions made distinct, drawn as SVG.

use super::chart::Chart;
use super::kinds::Reports;
use super::language::Language;
use super::loaded::Loaded;
use super::{asked, plots, svg};
use crate::base::error::InputError;

/// Each experiment's charts (captions made distinct) with their SVG drawings, in English.
pub fn draw(loaded: &[Loaded], reports: Reports) -> Result<Vec<Vec<(Chart, String)>>, InputError> {
    draw_in(loaded, reports, Language::En)
}

/// [`draw`], the charts' words in `language`.
pub fn draw_in(
    loaded: &[Loaded],
    reports: Reports,
    language: Language,
) -> Result<Vec<Vec<(Chart, String)>>, InputError> {
    let charts = distinct_captions(
        loaded
            .iter()
            .map(|item| {
                // A solver's charts show the program's times alone, as its report's tables do.
                let table = match item.asks.is_some() {
                    true => &asked::chart_table(item, language, reports),
                    false => &item.table,
                };
                let kind = reports.kind(&item.game, &item.kind);
                plots::charts_in(&item.name, (&item.game, &item.kind), kind, table, language)
            })
            .collect::<Result<Vec<_>, _>>()?,
        loaded,
        language,
    );
    loaded
        .iter()
        .zip(charts)
        .map(|(item, list)| {
            list.into_iter()
                .map(|chart| {
                    let drawing = svg::svg(&chart).map_err(|e| {
                        InputError::in_file(&item.table.path, format!("cannot draw {}: {e}", chart.name))
                    })?;
                    Ok((chart, drawing))
                })
                .collect()
        })
        .collect()
}

/// The charts with every caption made distinct: a caption shared by charts of several
/// experiments names, in each, the experiment's table (its caption up to the first full
/// stop), e.g. plain against memoised runs of the same kind.
fn distinct_captions(mut charts: Vec<Vec<Chart>>, loaded: &[Loaded], language: Language) -> Vec<Vec<Chart>> {
    let all: Vec<String> = charts.iter().flatten().map(|c| c.caption.clone()).collect();
    for (list, item) in charts.iter_mut().zip(loaded) {
        for chart in list.iter_mut() {
            if all.iter().filter(|c| **c == chart.caption).count() > 1 {
                let table = item.titles.caption.first_sentence();
                chart.caption = format!("{} {}: {table}.", chart.caption, language.pick("Data", "Gegevens"));
            }
        }
    }
    charts
}
