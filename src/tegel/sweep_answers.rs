//! The tile game's answers T6 and T7 from the undo sweep's table (`tegel_sweep`): the
//! sweep's stop rule, how far each instance went, and the growth of besteScore's
//! positions and time per move undone; the program's answers (`asked_answers.rs`) share
//! the growth words.

use super::words::{listed, simulations};
use crate::report::answers::{count, counted_in, number_in, shown, Sentences};
use crate::report::language::Language;
use crate::report::latex::format_seconds;
use crate::report::Loaded;
use crate::results::csv_table::{is_ok, CsvTable};
use crate::results::row::STATUS;

/// The sweep's stop rule and how far each instance went.
pub(super) fn sweep_rule(sweep: Option<&Loaded>, language: Language) -> Sentences {
    let mut s = Sentences::default();
    let Some(sw) = sweep else {
        s.text(not_run(language));
        return s;
    };
    let t = &sw.table;
    let limit = number_in(language, &t.rows.first().map(|r| shown(t, r, "time_limit")).unwrap_or_default());
    let sims = simulations(&t.rows.first().map(|r| shown(t, r, "sims")).unwrap_or_default(), language);
    s.text(match language {
        Language::En => format!(
            "From each instance both players play good moves ({sims} per move) to an end position; then one move at \
             a time is undone and besteScore runs on the position reached, recording positions and time, until the \
             start is back or a call passes the time limit. "
        ),
        Language::Nl => format!(
            "Vanuit elke instantie spelen beide spelers goede zetten ({sims} per zet) tot een eindstand; daarna wordt \
             telkens één zet ongedaan gemaakt en wordt besteScore aangeroepen op de bereikte stand, waarbij het aantal \
             bekeken standen en de tijd worden vastgelegd, totdat de beginstand terug is of een aanroep de \
             tijdslimiet overschrijdt. "
        ),
    });
    s.text(limit_reason(t, &limit, language));
    for (instance, reach) in reaches(t, language) {
        s.code(instance).text(format!(": {reach}. "));
    }
    s.text(language.pick("The rows are in ", "De rijen staan in "))
        .table(&sw.name)
        .text(language.pick(
            ", the positions per undo count in ",
            ", het aantal bekeken standen per aantal ongedaan gemaakte zetten in ",
        ))
        .chart(&format!("{}-positions", sw.name))
        .text(".");
    s
}

/// "The undo experiment did not run in these results."
fn not_run(language: Language) -> &'static str {
    language.pick(
        "The undo experiment did not run in these results.",
        "Het experiment met ongedaan gemaakte zetten is in deze resultaten niet uitgevoerd.",
    )
}

/// "The assignment allows a game to be stopped once a call takes more than 5 minutes".
fn assignment_limit(language: Language) -> &'static str {
    language.pick(
        "The assignment allows a game to be stopped once a call takes more than 5 minutes",
        "De opdracht staat toe het experiment voor een spel af te breken zodra een aanroep meer dan vijf minuten \
         duurt",
    )
}

/// The assignment's limit (5 minutes a call) against this run's, and what a lower one
/// loses: at the growth of each sweep's last complete step, how many more rows 5 minutes
/// would have allowed.
fn limit_reason(t: &CsvTable, limit: &str, language: Language) -> String {
    const ASSIGNMENT_SECONDS: f64 = 300.0;
    let allows = assignment_limit(language);
    let Some(seconds) = t.rows.first().and_then(|r| t.number(r, "time_limit")) else {
        return format!("{allows}. ");
    };
    if seconds >= ASSIGNMENT_SECONDS {
        return language.pick(
            format!("{allows}; this run stops at {limit} s. "),
            format!("{allows}; deze run stopt bij {limit} s. "),
        );
    }
    let more: Vec<String> = instances(t)
        .into_iter()
        .filter_map(|i| {
            let points = complete_points(t, i);
            let [.., before, last] = points.as_slice() else { return None };
            // The call that passed the limit, where the memo counted its positions: its
            // growth over the last complete call is the better guess of the next steps'.
            let stopped = t
                .rows
                .iter()
                .filter(|r| t.cell(r, "instance") == Some(i) && t.cell(r, STATUS).is_some_and(|c| !is_ok(c)))
                .filter_map(|r| Some((t.number(r, "undone")?, t.number(r, "positions")?)))
                .find(|&(undone, _)| undone == last.0 + 1.0);
            let factor = match stopped {
                Some((_, positions)) => positions / last.1,
                None if last.0 == before.0 + 1.0 => last.1 / before.1,
                None => return None,
            };
            (factor > 1.0).then(|| {
                // The next call takes at least this run's limit (it passed it, or was not
                // made) and about `factor` times the last one; each after it `factor` more.
                let next = (last.2 * factor).max(seconds);
                let rows = match next <= ASSIGNMENT_SECONDS {
                    true => 1 + ((ASSIGNMENT_SECONDS / next).ln() / factor.ln()).floor() as u64,
                    false => 0,
                };
                let (rows, factor) = (
                    counted_in(language, &rows.to_string(), "row", ("rij", "rijen")),
                    number_in(language, &format_seconds(factor)),
                );
                match (language, stopped.is_some()) {
                    (Language::En, stop) => format!(
                        "{rows} to {i}'s sweep (its {} step grew {factor}-fold)",
                        if stop { "stopped" } else { "last" }
                    ),
                    (Language::Nl, stop) => format!(
                        "{rows} aan de reeks van {i} (de {} stap groeide met een factor {factor})",
                        if stop { "afgebroken" } else { "laatste" }
                    ),
                }
            })
        })
        .collect();
    let extra = match (more.is_empty(), language) {
        (true, _) => String::new(),
        (false, Language::En) => format!(
            " At the growth in positions of each sweep's stopped call (counted through the memo) or its \
             last complete step, a 5-minute limit would add about {}.",
            more.join(" and ")
        ),
        (false, Language::Nl) => format!(
            " Bij de groei in standen van de afgebroken aanroep van elke reeks (geteld via de memo) of van haar \
             laatste volledige stap zou een limiet van vijf minuten ongeveer {} toevoegen.",
            listed(&more, "en")
        ),
    };
    match language {
        Language::En => format!(
            "{allows}; this run stops a call at {limit} s instead, so that the whole run takes minutes rather than \
             hours.{extra} "
        ),
        Language::Nl => format!(
            "{allows}; deze run breekt een aanroep al af bij {limit} s, zodat de hele run minuten duurt in plaats van \
             uren.{extra} "
        ),
    }
}

/// The instances of a sweep table, in order of first appearance.
pub(super) fn instances(t: &CsvTable) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    for i in t.column("instance") {
        if !out.contains(&i) {
            out.push(i);
        }
    }
    out
}

/// The factors by which the positions grow per move undone on `instance`, from 1,000
/// positions on, sorted.
pub(super) fn growth_factors(t: &CsvTable, instance: &str) -> Vec<f64> {
    let points = complete_points(t, instance);
    let mut factors: Vec<f64> =
        points.windows(2).filter(|w| w[1].0 == w[0].0 + 1.0 && w[0].1 >= 1000.0).map(|w| w[1].1 / w[0].1).collect();
    factors.sort_by(f64::total_cmp);
    factors
}

/// (undone, positions, seconds, busy) of `instance`'s complete calls.
pub(super) fn complete_points(t: &CsvTable, instance: &str) -> Vec<(f64, f64, f64, bool)> {
    let busy = crate::report::view::busy_reader(t);
    t.rows
        .iter()
        .filter(|r| t.cell(r, "instance") == Some(instance) && t.cell(r, STATUS).is_none_or(is_ok))
        .filter_map(|r| Some((t.number(r, "undone")?, t.number(r, "positions")?, t.number(r, "seconds")?, busy(r))))
        .collect()
}

/// Per instance: how far its sweep went, in words.
pub(super) fn reaches(t: &CsvTable, language: Language) -> Vec<(String, String)> {
    let mut instances: Vec<&str> = t.column("instance");
    instances.dedup();
    let mut out = Vec::new();
    for instance in instances {
        let rows: Vec<&Vec<String>> = t.rows.iter().filter(|r| t.cell(r, "instance") == Some(instance)).collect();
        let done = rows
            .iter()
            .filter(|r| t.cell(r, STATUS).is_none_or(is_ok))
            .max_by(|a, b| t.number(a, "undone").unwrap_or(0.0).total_cmp(&t.number(b, "undone").unwrap_or(0.0)));
        let stopped = rows.iter().find(|r| t.cell(r, STATUS).is_some_and(|c| !is_ok(c)));
        let mut text = match done {
            Some(r) => complete_words(t, r, language),
            None => language.pick("no call finished", "geen aanroep voltooid").to_string(),
        };
        text.push_str(&stop_words(t, stopped.map(|r| r.as_slice()), language));
        out.push((instance.to_string(), text));
    }
    out
}

/// "complete up to 4 moves undone (1,200,000 positions in 0.03 s)"
fn complete_words(t: &CsvTable, r: &[String], language: Language) -> String {
    let n = |column: &str| number_in(language, &shown(t, r, column));
    match language {
        Language::En => {
            format!("complete up to {} moves undone ({} positions in {} s)", n("undone"), n("positions"), n("seconds"))
        }
        Language::Nl => format!(
            "volledig tot en met {} ongedaan gemaakte zetten ({} standen in {} s)",
            n("undone"),
            n("positions"),
            n("seconds")
        ),
    }
}

/// How a sweep stopped, after "; ": the call that passed the limit, or the start reached.
fn stop_words(t: &CsvTable, stopped: Option<&[String]>, language: Language) -> String {
    match stopped {
        Some(r) => {
            let moves = counted_in(language, &shown(t, r, "undone"), "move", ("zet", "zetten"));
            match language {
                Language::En => format!("; the call with {moves} undone passed the limit and stopped the sweep"),
                Language::Nl => {
                    format!("; de aanroep met {moves} ongedaan gemaakt overschreed de limiet en beëindigde de reeks")
                }
            }
        }
        None => language
            .pick("; the start position was reached before the limit", "; de beginstand werd binnen de limiet bereikt")
            .to_string(),
    }
}

/// The growth factor per move undone (median and range), time per position and the stop.
pub(super) fn sweep_conclusions(sweep: Option<&Loaded>, language: Language) -> Sentences {
    let mut s = Sentences::default();
    let Some(sw) = sweep else {
        s.text(not_run(language));
        return s;
    };
    let t = &sw.table;
    for instance in instances(t) {
        let points = complete_points(t, instance);
        // The time per position from the largest call that ran alone: a busy row's time
        // says how loaded the machine was, not how fast the search is.
        let quiet = points.iter().filter(|p| !p.3).max_by(|a, b| a.0.total_cmp(&b.0));
        let Some(last) = quiet.or_else(|| points.iter().max_by(|a, b| a.0.total_cmp(&b.0))) else { continue };
        s.text(language.pick("On ", "Op ")).code(instance).text(": ");
        s.text(growth_words(&growth_factors(t, instance), VISITED, false, language));
        if last.1 > 0.0 && last.2 > 0.0 {
            s.text(per_position_words(last, points.iter().any(|p| p.3), language));
        }
        s.text(". ");
    }
    s.text("(").table(&sw.name).text(language.pick(
        "; a constant factor is a straight line on the log scale.) So besteScore's cost grows exponentially in \
         the moves left to play, time in step with positions; ",
        "; een constante factor is een rechte lijn op de logaritmische schaal.) De kosten van besteScore groeien \
         dus exponentieel met het aantal zetten dat nog te spelen is, en de tijd loopt gelijk op met het aantal \
         standen; ",
    ));
    let stops: Vec<String> = reaches(t, language)
        .into_iter()
        .map(|(i, r)| {
            let stop = r.split("; ").last().unwrap_or("").to_string();
            language.pick(format!("on {i} {stop}"), format!("{i}: {stop}"))
        })
        .collect();
    s.text(format!("{}.", stops.join("; ")));
    s
}

/// The positions a search visits, in English and Dutch, as [`growth_words`] names them.
pub(super) const VISITED: (&str, &str) = ("the positions visited", "het aantal bekeken standen");

/// "each move undone multiplies the positions visited by a median 10 (from 10 to 25 over
/// the 3 steps from 1,000 positions on)", or why there is no factor; `visited` names the
/// positions in English and Dutch ([`VISITED`], or the program's). With `again` (after a
/// first instance said what the factor multiplies) it reads "the median factor is 10 (…)".
pub(super) fn growth_words(factors: &[f64], visited: (&str, &str), again: bool, language: Language) -> String {
    let (Some(lo), Some(hi)) = (factors.first(), factors.last()) else {
        return language
            .pick(
                "too few calls above 1,000 positions for a growth factor",
                "te weinig aanroepen boven 1.000 standen voor een groeifactor",
            )
            .to_string();
    };
    let f = |x: f64| number_in(language, &format_seconds(x));
    // The factors are sorted: the median of an even count is the mean of the middle two.
    let (median, lo, hi) = (f(crate::base::stats::median_of_sorted(factors)), f(*lo), f(*hi));
    let steps = counted_in(language, &factors.len().to_string(), "step", ("stap", "stappen"));
    let (en, nl) = (
        format!("{median} (from {lo} to {hi} over the {steps} from 1,000 positions on)"),
        format!("{median} (van {lo} tot {hi} over de {steps} vanaf 1.000 standen)"),
    );
    match (again, language) {
        (false, Language::En) => format!("each move undone multiplies {} by a median {en}", visited.0),
        (false, Language::Nl) => {
            format!("elke ongedaan gemaakte zet vermenigvuldigt {} met een mediane factor {nl}", visited.1)
        }
        (true, Language::En) => format!("the median factor is {en}"),
        (true, Language::Nl) => format!("de mediane factor is {nl}"),
    }
}

/// "; the largest complete call that did not run busy (120,000 positions) took 9.17 ns
/// per position", from the call `last` (undone, positions, seconds, busy).
fn per_position_words(last: &(f64, f64, f64, bool), any_busy: bool, language: Language) -> String {
    let which = match (last.3, any_busy) {
        (true, _) => language.pick(
            "the largest complete call, which ran busy (other programs held the cores, so its time is too high),",
            "de grootste volledige aanroep, gemeten terwijl andere programma's de cores bezetten (dus met een te \
             hoge tijd),",
        ),
        (false, true) => language.pick(
            "the largest complete call that did not run busy",
            "de grootste volledige aanroep die niet onder belasting gemeten is",
        ),
        (false, false) => language.pick("the largest complete call", "de grootste volledige aanroep"),
    };
    let visited = counted_in(language, &count(last.1 as u64), "position", ("stand", "standen"));
    let ns = number_in(language, &format_seconds(last.2 / last.1 * 1e9));
    match language {
        Language::En => format!("; {which} ({visited}) took {ns} ns per position"),
        Language::Nl => format!("; {which} ({visited}) kostte {ns} ns per stand"),
    }
}
