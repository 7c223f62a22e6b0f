//! A find that takes longer than the count of the same instance although it visits fewer
//! positions, explained from the table's own cells: the `table` kind times the finds on
//! one thread and the counts on the run's threads (`experiments/table.rs`), so where the
//! run had more than one, a find's seconds are not comparable with a count's. Said only
//! where the table shows that order.

use crate::report::answers::{count, number_in};
use crate::report::cell_text::Medium;
use crate::report::language::Language;
use crate::results::csv_table::CsvTable;

/// The sentence for every row and mode (dumb, smart) of `t` whose find took longer than
/// its count while visiting fewer positions, on a run of more than one thread.
pub fn slow_finds(t: &CsvTable, language: Language) -> Vec<String> {
    let mut out = Vec::new();
    for row in &t.rows {
        for mode in ["dumb", "smart"] {
            if let Some(s) = slow_find(t, row, mode, language) {
                out.push(s);
            }
        }
    }
    out
}

/// The find and count cells of `mode` on `row`: `(find positions, find seconds, count
/// positions, count seconds, threads)`.
fn cells(t: &CsvTable, row: &[String], mode: &str) -> Option<(f64, f64, f64, f64, f64)> {
    let n = |c: String| t.number(row, &c);
    Some((
        n(format!("{mode}_find_positions"))?,
        n(format!("{mode}_find_seconds"))?,
        n(format!("{mode}_count_positions"))?,
        n(format!("{mode}_count_seconds"))?,
        t.number(row, "threads")?,
    ))
}

/// The sentence for `mode` on `row`, where the order shows.
fn slow_find(t: &CsvTable, row: &[String], mode: &str, language: Language) -> Option<String> {
    let (fp, fs, cp, cs, threads) = cells(t, row, mode)?;
    if !(fs > cs && fp < cp && threads > 1.0 && fs > 0.0 && cs > 0.0) {
        return None;
    }
    let instance = t.cell(row, "instance").unwrap_or_default();
    let local = |text: String| number_in(language, &text);
    let share = local(format_seconds(fp / cp));
    let (find_rate, count_rate) = (local(millions(fp / fs)), local(millions(cp / cs / threads)));
    let (fp, cp) = (local(count(fp as u64)), local(count(cp as u64)));
    let (fs, cs) = (local(format_seconds(fs)), local(format_seconds(cs)));
    let threads = threads as u64;
    Some(match (language, mode) {
        (Language::En, _) => format!(
            "On {instance} the {mode} find takes longer than the {mode} count ({fs} s against {cs} s) although it \
             visits {share} times the count's positions ({fp} against {cp}): the finds run on one thread, the \
             counts on the run's {threads} threads, so per thread the find visits {find_rate} million positions a \
             second and the count {count_rate} million."
        ),
        (Language::Nl, _) => format!(
            "Op {instance} duurt het {} bepalen van een oplossing langer dan het {} tellen van alle oplossingen \
             ({fs} s tegen {cs} s), hoewel het maar {share} keer zoveel standen bekijkt ({fp} tegen {cp}): een \
             oplossing wordt op één thread bepaald, het tellen gebruikt de {threads} threads van de meting, dus per \
             thread bekijkt het bepalen {find_rate} miljoen standen per seconde en het tellen {count_rate} miljoen.",
            dutch_mode(mode),
            dutch_mode(mode)
        ),
    })
}

/// `dumb`, `smart` as the assignment says them: "dom", "slim".
fn dutch_mode(mode: &str) -> &'static str {
    match mode {
        "dumb" => "dom",
        _ => "slim",
    }
}

/// A number to three significant digits, as the tables write seconds.
fn format_seconds(v: f64) -> String {
    crate::report::cell_text::format_seconds(v, Medium::Text)
}

/// A rate in millions, to three significant digits.
fn millions(per_second: f64) -> String {
    format_seconds(per_second / 1e6)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::csv_table::test_table;

    /// The 3x20 row as a loaded run measured it: the find slower than the count.
    fn three_by_twenty(find_seconds: &str, threads: u32) -> CsvTable {
        test_table(&format!(
            "instance,dumb_find_positions,dumb_find_seconds,smart_find_positions,smart_find_seconds,\
             dumb_count_positions,dumb_count_seconds,smart_count_positions,smart_count_seconds,threads\n\
             3x20 stenen2,868699876,{find_seconds},1937424,0.98,1528716954,171.7,3345883,2.1,{threads}\n"
        ))
    }

    #[test]
    fn a_find_slower_than_its_count_is_the_threads() {
        let t = three_by_twenty("178.3", 2);
        assert_eq!(
            slow_finds(&t, Language::En),
            ["On 3x20 stenen2 the dumb find takes longer than the dumb count (178 s against 172 s) although it \
              visits 0.568 times the count's positions (868,699,876 against 1,528,716,954): the finds run on one \
              thread, the counts on the run's 2 threads, so per thread the find visits 4.87 million positions a \
              second and the count 4.45 million."]
        );
        assert_eq!(
            slow_finds(&t, Language::Nl),
            ["Op 3x20 stenen2 duurt het dom bepalen van een oplossing langer dan het dom tellen van alle \
              oplossingen (178 s tegen 172 s), hoewel het maar 0,568 keer zoveel standen bekijkt (868.699.876 \
              tegen 1.528.716.954): een oplossing wordt op één thread bepaald, het tellen gebruikt de 2 threads \
              van de meting, dus per thread bekijkt het bepalen 4,87 miljoen standen per seconde en het tellen \
              4,45 miljoen."]
        );
    }

    #[test]
    fn no_sentence_where_the_order_does_not_show() {
        // The find faster than the count, as on a quiet machine.
        assert!(slow_finds(&three_by_twenty("158.3", 2), Language::En).is_empty());
        // One thread: the threads explain nothing.
        assert!(slow_finds(&three_by_twenty("178.3", 1), Language::En).is_empty());
        // A count that did not finish.
        let t = test_table("instance,dumb_find_positions,dumb_find_seconds,dumb_count_positions,dumb_count_seconds,threads\nx,5,9,timeout,timeout,2\n");
        assert!(slow_finds(&t, Language::Nl).is_empty());
    }
}
