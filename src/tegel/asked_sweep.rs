//! The tile game's answers T6 and T7 when the results are a solver's: how far the
//! program's undo sweep went on each instance and how its positions and time grew per
//! move undone, from the `check` table standing in for `tegel_sweep`.

use super::asked_words::parse_best;
use super::good_game::GoodGame;
use super::sweep_answers::{complete_points, growth_factors, growth_words};
use crate::report::answers::{count, counted_in, listed_in, number_in, shown, Sentences};
use crate::report::asked::{agreed, check_words_in, checked, resolved, rows_of, seconds_words_in};
use crate::report::figures::has_picture;
use crate::report::language::Language;
use crate::report::latex::format_seconds;
use crate::report::Loaded;
use crate::results::csv_table::CsvTable;

/// The sweep rows of a solver's table as the engine's sweep table holds them
/// (`instance`, `undone`, `positions`, `seconds`, `status`), so that the sweep's
/// reading of reaches and growth serves both.
fn sweep_view(t: &CsvTable) -> CsvTable {
    let rows = rows_of(t, "sweep")
        .into_iter()
        .filter_map(|r| {
            let (instance, undone) = t.cell(r, "position")?.rsplit_once(" undone ")?;
            let (_, _, positions) = t.cell(r, "given").and_then(parse_best).unwrap_or((0, String::new(), 0));
            let ok = checked(t, r) && agreed(t, r);
            let status = match (ok, t.cell(r, "verdict")) {
                (true, _) => "ok",
                (false, Some("time-limit")) => "timeout",
                (false, _) => "wrong",
            };
            Some(vec![
                instance.to_string(),
                undone.to_string(),
                if ok { positions.to_string() } else { String::new() },
                if ok { t.cell(r, "solver_seconds").unwrap_or_default().to_string() } else { String::new() },
                status.to_string(),
            ])
        })
        .collect();
    let columns = ["instance", "undone", "positions", "seconds", "status"].map(String::from).to_vec();
    CsvTable::derived(&t.path, columns, rows)
}

/// The good game behind `instance`'s sweep, as its rows record it (the first that does);
/// with no instance, that of any sweep.
fn good_game(t: &CsvTable, instance: Option<&str>) -> Option<GoodGame> {
    rows_of(t, "sweep")
        .into_iter()
        .filter(|r| {
            instance
                .is_none_or(|i| t.cell(r, "position").and_then(|p| p.rsplit_once(" undone ")).is_some_and(|p| p.0 == i))
        })
        .find_map(|r| GoodGame::parse(t.cell(r, "reference_evidence")?))
}

/// " the game played had 24 moves.", where the rows record `instance`'s game.
fn game_length(t: &CsvTable, instance: &str, language: Language) -> Option<String> {
    let game = good_game(t, Some(instance))?;
    let moves = counted_in(language, &game.moves.to_string(), "move", ("zet", "zetten"));
    Some(language.pick(format!(" the game played had {moves}."), format!(" telde het gespeelde spel {moves}.")))
}

/// The number of moves undone of the call that ended `instance`'s sweep with `status`
/// (`timeout` or `wrong`), if any did.
fn ended_at(view: &CsvTable, instance: &str, status: &str) -> Option<String> {
    (view.rows.iter())
        .find(|r| view.cell(r, "instance") == Some(instance) && view.cell(r, "status") == Some(status))
        .and_then(|r| view.cell(r, "undone"))
        .map(str::to_string)
}

/// How far the program's sweep on `instance` went, as a sentence: "Our besteScore
/// answered every call up to 18 moves undone (…); the call with 19 moves undone passed
/// the time limit, which ended the sweep." After an opening phrase (`inverted`) it reads
/// "our besteScore answered …" ("beantwoordde onze besteScore …").
/// After the first instance (`again`) a call past the limit is said without that it ended
/// the sweep: the first instance's sentence said what such a call does.
fn reach(view: &CsvTable, instance: &str, inverted: bool, again: bool, language: Language) -> String {
    let answered = match inverted {
        false => language.pick("Our besteScore answered", "Onze besteScore beantwoordde"),
        true => language.pick("our besteScore answered", "beantwoordde onze besteScore"),
    };
    let undone = |n: &str| counted_in(language, n, "move", ("ongedaan gemaakte zet", "ongedaan gemaakte zetten"));
    let stopped = match (ended_at(view, instance, "wrong"), ended_at(view, instance, "timeout")) {
        (Some(n), _) => language.pick(
            format!("; its answer with {} undone was wrong, which ended the sweep.", undone(&n)),
            format!("; het antwoord bij {} was fout, en daar eindigde de reeks.", undone(&n)),
        ),
        (None, Some(n)) if again => language.pick(
            format!("; the call with {} undone passed the time limit.", undone(&n)),
            format!("; de aanroep bij {} overschreed de tijdslimiet.", undone(&n)),
        ),
        (None, Some(n)) => language.pick(
            format!("; the call with {} undone passed the time limit, which ended the sweep.", undone(&n)),
            format!("; de aanroep bij {} overschreed de tijdslimiet, en daar eindigde de reeks.", undone(&n)),
        ),
        (None, None) => language.pick(", back to the start position.", ", tot de beginstand terug was.").to_string(),
    };
    let points = complete_points(view, instance);
    let answered = match points.iter().max_by(|a, b| a.0.total_cmp(&b.0)) {
        Some(&(n, positions, seconds, _)) => {
            let visited = counted_in(language, &count(positions as u64), "position", ("stand", "standen"));
            let time = seconds_words_in(language, seconds);
            let n = undone(&(n as u64).to_string());
            language.pick(
                format!("{answered} every call up to {n} undone ({visited} in {time})"),
                format!("{answered} elke aanroep tot en met {n} ({visited} in {time})"),
            )
        }
        None => language.pick(
            format!("{answered} no call within the limit"),
            format!("{answered} geen enkele aanroep binnen de limiet"),
        ),
    };
    format!("{answered}{stopped}")
}

/// When the test program stopped a sweep, against the assignment's five minutes a call:
/// "As the assignment allows (five minutes a call), the test program stopped …"; a
/// shorter limit is said as the authors' choice.
fn stop_rule(t: &CsvTable, limit: &str, language: Language) -> String {
    const ASSIGNMENT_SECONDS: f64 = 300.0;
    let seconds = t.rows.first().and_then(|r| t.number(r, "time_limit"));
    let (en, nl) = (
        format!(
            "the test program stopped a sweep at the first call that took longer than {limit} s or gave a wrong answer"
        ),
        format!("een reeks bij de eerste aanroep die langer duurde dan {limit} s of een fout antwoord gaf"),
    );
    match seconds {
        Some(s) if s == ASSIGNMENT_SECONDS => language.pick(
            format!("As the assignment allows (five minutes a call), {en}."),
            format!("Zoals de opdracht toestaat (vijf minuten per aanroep), stopte het testprogramma {nl}."),
        ),
        Some(s) if s < ASSIGNMENT_SECONDS => language.pick(
            format!("To keep the run short, {en}, a shorter limit than the five minutes the assignment allows."),
            format!(
                "Om de meting kort te houden stopte het testprogramma {nl}, een kortere limiet dan de vijf minuten die \
                 de opdracht toestaat."
            ),
        ),
        _ => language.pick(format!("{}{}.", en[..1].to_uppercase(), &en[1..]), format!("Zo stopte {nl}.")),
    }
}

/// "The undo experiment was not asked of the program in these results."
fn sweep_not_asked(language: Language) -> &'static str {
    language.pick(
        "The undo experiment was not asked of our program in these results.",
        "Het experiment met ongedaan gemaakte zetten is in deze resultaten niet aan ons programma gevraagd.",
    )
}

pub(super) fn sweep(sweep: Option<&Loaded>, language: Language) -> Sentences {
    let mut s = Sentences::default();
    let Some(sw) = sweep else {
        s.text(sweep_not_asked(language));
        return s;
    };
    let view = sweep_view(&sw.table);
    let limit =
        number_in(language, &sw.table.rows.first().map(|r| shown(&sw.table, r, "time_limit")).unwrap_or_default());
    let stop = stop_rule(&sw.table, &limit, language);
    let sims = good_game(&sw.table, None).map(|g| g.sims);
    let good = match (sims, language) {
        (Some(n), Language::En) => {
            format!("bepaalGoedeZet with {} simulations a move", number_in(language, &count(u64::from(n))))
        }
        (Some(n), Language::Nl) => {
            format!("bepaalGoedeZet met {} simulaties per zet", number_in(language, &count(u64::from(n))))
        }
        (None, _) => "bepaalGoedeZet".to_string(),
    };
    s.text(match language {
        Language::En => format!(
            "Our doeExperiment plays good moves ({good}) for both players from the position to an end \
             position; then it undoes one move at a time and calls besteScore on the position reached, printing the \
             positions visited and the time, until the start position is back. {stop} "
        ),
        Language::Nl => format!(
            "Ons doeExperiment speelt vanuit de stand voor beide spelers goede zetten ({good}) tot een \
             eindstand; daarna maakt het telkens één zet ongedaan en roept het besteScore aan op de bereikte stand, \
             met het aantal bekeken standen en de tijd, totdat de beginstand terug is. {stop} "
        ),
    });
    let named = super::sweep_answers::instances(&view).into_iter().filter(|i| !i.starts_with("random "));
    for (i, instance) in named.enumerate() {
        let again = i > 0;
        s.text(language.pick("On ", "Op ")).code(instance);
        let start = super::picture::start_name(instance);
        if has_picture(sw, &start) {
            s.text(language.pick(" (start position in ", " (beginstand in ")).picture(&sw.name, &start).text(")");
        }
        // "On spel4.txt the game played had 31 moves. Our besteScore …" or, with no game
        // recorded, "On spel4.txt our besteScore …".
        match game_length(&sw.table, instance, language) {
            Some(length) => s.text(format!("{length} {} ", reach(&view, instance, false, again, language))),
            None => s.text(format!(" {} ", reach(&view, instance, true, again, language))),
        };
    }
    // A call past the limit ends its series (said above); only answers that differ are listed.
    let differs = |r: &&Vec<String>| {
        checked(&sw.table, r) && !agreed(&sw.table, r) && sw.table.cell(r, "verdict") != Some("time-limit")
    };
    for r in rows_of(&sw.table, "sweep").into_iter().filter(differs) {
        s.text(format!("{}: {}. ", shown(&sw.table, r, "position"), check_words_in(language, &sw.table, r)));
    }
    s.text(language.pick("The results per move undone are in ", "De resultaten per ongedaan gemaakte zet staan in "))
        .table(&sw.name)
        .text(".");
    s
}

/// The positions the program visits, as [`growth_words`] names them.
const PROGRAM_VISITS: (&str, &str) =
    ("the positions our program visits", "het aantal standen dat ons programma bekijkt");

/// "; its largest complete call (1,200 positions) took 9.17 ns per position", or why no
/// time per position is given.
fn per_position_words(positions: f64, seconds: f64, language: Language) -> String {
    let visited = counted_in(language, &count(positions as u64), "position", ("stand", "standen"));
    match (positions > 0.0 && resolved(seconds), language) {
        (true, Language::En) => format!(
            "; its largest complete call ({visited}) took {} ns per position",
            number_in(language, &format_seconds(seconds / positions * 1e9))
        ),
        (true, Language::Nl) => format!(
            "; de grootste volledige aanroep ({visited}) kostte {} ns per stand",
            number_in(language, &format_seconds(seconds / positions * 1e9))
        ),
        (false, Language::En) => format!(
            "; its largest complete call ({visited}) took under 1 ms, too short a time to give a time per position"
        ),
        (false, Language::Nl) => format!(
            "; de grootste volledige aanroep ({visited}) duurde minder dan 1 ms, te kort om een tijd per stand te \
             geven"
        ),
    }
}

pub(super) fn sweep_conclusions(sweep: Option<&Loaded>, language: Language) -> Sentences {
    let mut s = Sentences::default();
    let Some(sw) = sweep else {
        s.text(sweep_not_asked(language));
        return s;
    };
    let view = sweep_view(&sw.table);
    let mut said = false;
    for instance in super::sweep_answers::instances(&view).into_iter().filter(|i| !i.starts_with("random ")) {
        let points = complete_points(&view, instance);
        let Some(last) = points.iter().max_by(|a, b| a.0.total_cmp(&b.0)) else { continue };
        s.text(language.pick("On ", "Op ")).code(instance).text(": ");
        // The first instance says what the factor multiplies; the next give theirs.
        let again = std::mem::replace(&mut said, true);
        s.text(growth_words(&growth_factors(&view, instance), PROGRAM_VISITS, again, language));
        s.text(per_position_words(last.1, last.2, language));
        s.text(". ");
    }
    s.paragraph();
    s.text(language.pick(
        "So our besteScore, like any exhaustive minimax, costs time exponential in the moves left to \
         play, while the time per position stays of the same order. A call counts the position itself plus the \
         whole subtree of every distinct move from it: undoing one more move adds the subtrees of the moves that \
         were not played there, which can be far larger than the branch that was, so the factor jumps where such \
         a side branch is large. ",
        "Onze besteScore kost dus, zoals elke uitputtende minimax, tijd die exponentieel groeit \
         met het aantal zetten dat nog te spelen is, terwijl de tijd per stand van dezelfde orde blijft. Een \
         aanroep telt de stand zelf plus de hele deelboom van elke verschillende zet vanuit die stand: een zet \
         meer ongedaan maken voegt de deelbomen toe van de zetten die daar niet gespeeld zijn, en die kunnen veel \
         groter zijn dan de gespeelde tak, dus de factor springt waar zo'n zijtak groot is. ",
    ))
    .text("(")
    .table(&sw.name)
    .text(".)");
    if let Some(words) = width_of_games(&sw.table, &view, language) {
        s.paragraph().text(words);
    }
    if let Some(words) = reach_of_games(&sw.table, &view, language) {
        s.paragraph().text(words);
    }
    s
}

/// How many distinct moves the player to move had along each game's searched part, and
/// whether the growth factors follow them ("on spel4.txt 3.2 on average in the last 18
/// moves ..."); none where fewer than two instances record them.
fn width_of_games(t: &CsvTable, view: &CsvTable, language: Language) -> Option<String> {
    let mut each = Vec::new();
    for instance in super::sweep_answers::instances(view).into_iter().filter(|i| !i.starts_with("random ")) {
        let reached = complete_points(view, instance).iter().map(|p| p.0 as usize).max().unwrap_or(0);
        let Some(mean) = good_game(t, Some(instance)).and_then(|g| g.mean_choices_of_last(reached)) else { continue };
        let factors = growth_factors(view, instance);
        let median = (!factors.is_empty()).then(|| crate::base::stats::median_of_sorted(&factors));
        each.push((instance, reached, mean, median));
    }
    if each.len() < 2 {
        return None;
    }
    let one = |x: f64| number_in(language, &format!("{x:.1}"));
    let parts: Vec<String> = each
        .iter()
        .map(|&(instance, reached, mean, _)| {
            let moves = counted_in(language, &reached.to_string(), "move", ("zet", "zetten"));
            language.pick(
                format!("{} distinct moves in the last {moves} on {instance}", one(mean)),
                format!("{} verschillende zetten in de laatste {moves} op {instance}", one(mean)),
            )
        })
        .collect();
    let mut text = language.pick(
        format!(
            "Along the game played, in the part besteScore searched, the player to move had on average {}. ",
            crate::report::answers::listed_in(&parts, language)
        ),
        format!(
            "Langs het gespeelde spel, in het deel dat besteScore doorzocht, had de speler aan beurt gemiddeld {}. ",
            crate::report::answers::listed_in(&parts, language)
        ),
    );
    text.push_str(&width_explains_growth(&each, language));
    Some(text)
}

/// Whether the median growth factors are ordered as the mean distinct moves of `each`
/// (instance, reached, mean, median factor), in words.
fn width_explains_growth(each: &[(&str, usize, f64, Option<f64>)], language: Language) -> String {
    let Some(medians) = each.iter().map(|e| e.3).collect::<Option<Vec<f64>>>() else {
        return String::new();
    };
    let factors: Vec<String> = medians.iter().map(|&m| number_in(language, &format_seconds(m))).collect();
    let factors = crate::report::answers::listed_in(&factors, language);
    let mut order: Vec<usize> = (0..each.len()).collect();
    order.sort_by(|&a, &b| each[a].2.total_cmp(&each[b].2));
    let follows = order.windows(2).all(|w| each[w[0]].2 < each[w[1]].2 && medians[w[0]] < medians[w[1]]);
    match (follows, language) {
        (true, Language::En) => format!(
            "Every distinct move is a subtree of its own, so the more distinct moves a position has, the faster the \
             positions grow per move undone: the median factors are {factors}, in the same order."
        ),
        (true, Language::Nl) => format!(
            "Elke verschillende zet is een eigen deelboom, dus hoe meer verschillende zetten per stand, hoe sneller \
             het aantal standen per ongedaan gemaakte zet groeit: de mediane factoren zijn {factors}, in dezelfde \
             volgorde."
        ),
        (false, Language::En) => format!(
            "The median factors ({factors}) do not follow these numbers alone: the search also visits the moves off \
             the game's line, and their subtrees differ from the line's."
        ),
        (false, Language::Nl) => format!(
            "De mediane factoren ({factors}) volgen niet alleen uit deze getallen: de zoektocht bekijkt ook de zetten \
             naast de lijn van het spel, en hun deelbomen verschillen van die van de lijn."
        ),
    }
}

/// How much of each whole game besteScore reached within the limit ("on spel4.txt 18 of
/// the game's 31 moves"), and what follows for playing a whole game; none where the rows
/// record no game.
fn reach_of_games(t: &CsvTable, view: &CsvTable, language: Language) -> Option<String> {
    let limit = t.rows.iter().find_map(|r| t.number(r, "time_limit"))?;
    let mut each = Vec::new();
    let mut estimates = Vec::new();
    // (instance, mean distinct moves before the part searched, in it) of each estimate.
    let mut widths = Vec::new();
    for instance in super::sweep_answers::instances(view).into_iter().filter(|i| !i.starts_with("random ")) {
        let game = good_game(t, Some(instance))?;
        let points = complete_points(view, instance);
        let reached = points.iter().map(|p| p.0 as usize).max().unwrap_or(0);
        if reached >= game.moves {
            continue;
        }
        let moves = counted_in(language, &game.moves.to_string(), "move", ("zet", "zetten"));
        each.push(language.pick(
            format!("on {instance} the last {reached} of the game's {moves}"),
            format!("op {instance} de laatste {reached} van de {moves} van het spel"),
        ));
        let last = points.iter().max_by(|a, b| a.0.total_cmp(&b.0));
        let factors = growth_factors(view, instance);
        if let (Some(&(_, _, seconds, _)), false) = (last, factors.is_empty()) {
            if resolved(seconds) {
                let median = crate::base::stats::median_of_sorted(&factors);
                let whole = seconds * median.powi((game.moves - reached) as i32);
                let duration = duration_words(whole, language);
                estimates.push(language.pick(format!("{duration} on {instance}"), format!("{duration} op {instance}")));
                widths.push((instance, game.mean_choices_before_last(reached), game.mean_choices_of_last(reached)));
            }
        }
    }
    if each.is_empty() {
        return None;
    }
    let each = crate::report::answers::listed_in(&each, language);
    let limit = number_in(language, &format_seconds(limit));
    let estimate = match estimates.is_empty() {
        true => String::new(),
        false => {
            let estimates = crate::report::answers::listed_in(&estimates, language);
            language.pick(
                format!(
                    ". Carried on with the median growth factor for every further move undone, a call from the start \
                     position would take about {estimates}"
                ),
                format!(
                    ". Doorgerekend met de mediane groeifactor voor elke verdere ongedaan gemaakte zet zou een aanroep \
                     vanaf de beginstand ongeveer {estimates} duren"
                ),
            )
        }
    };
    let mut text = language.pick(
        format!(
            "Within {limit} s a call, our besteScore reached {each}{estimate}: from the start of a whole game the \
             exact search is out of reach, and a program that has to move there needs a way of choosing that does not \
             search the whole tree, such as bepaalGoedeZet."
        ),
        format!(
            "Binnen {limit} s per aanroep haalde onze besteScore {each}{estimate}: vanaf het begin van een heel spel \
             is de exacte zoektocht onhaalbaar, en een programma dat daar moet zetten, heeft een manier van kiezen \
             nodig die niet de hele boom doorzoekt, zoals bepaalGoedeZet."
        ),
    );
    text.push_str(&estimate_direction(&widths, language));
    Some(text)
}

/// Which way the estimates of a whole game's call likely err, from the distinct moves
/// of `widths` (instance, mean before the searched part, mean in it): where every game
/// had more distinct moves before the part searched than in it, the factors there are
/// likely larger and the estimates a rough lower bound; otherwise just rough.
fn estimate_direction(widths: &[(&str, Option<f64>, Option<f64>)], language: Language) -> String {
    if widths.is_empty() {
        return String::new();
    }
    let one = |x: f64| number_in(language, &format!("{x:.1}"));
    let wider: Option<Vec<(String, String)>> = (widths.iter())
        .map(|&(instance, before, searched)| match (before, searched) {
            (Some(b), Some(s)) if b > s => {
                Some((language.pick(format!("{} on {instance}", one(b)), format!("{} op {instance}", one(b))), one(s)))
            }
            _ => None,
        })
        .collect();
    match wider {
        Some(parts) => {
            let (before, searched): (Vec<String>, Vec<String>) = parts.into_iter().unzip();
            let (before, searched) = (listed_in(&before, language), listed_in(&searched, language));
            language.pick(
                format!(
                    " Those estimates are rough and rather too low: in the part of the game besteScore did not \
                     reach, the player to move had more distinct moves, on average {before}, against {searched} in \
                     the part searched, so the factors there are likely larger."
                ),
                format!(
                    " Die schattingen zijn ruw en eerder te laag: in het deel van het spel dat besteScore niet haalde, \
                     had de speler aan beurt meer verschillende zetten, gemiddeld {before}, tegen {searched} in het \
                     doorzochte deel, dus de factoren zijn daar waarschijnlijk groter."
                ),
            )
        }
        None => language
            .pick(
                " Those estimates are rough: the factor per move undone varies from step to step.",
                " Die schattingen zijn ruw: de factor per ongedaan gemaakte zet verschilt van stap tot stap.",
            )
            .to_string(),
    }
}

/// A long duration in the largest unit that keeps it at 1 or more (seconds, hours, days,
/// years), to two significant digits: "6.1 years", "29 dagen".
fn duration_words(seconds: f64, language: Language) -> String {
    /// A unit's seconds and its English and Dutch words (one, many).
    type Unit = (f64, (&'static str, &'static str), (&'static str, &'static str));
    const UNITS: [Unit; 4] = [
        (365.25 * 86_400.0, ("year", "years"), ("jaar", "jaar")),
        (86_400.0, ("day", "days"), ("dag", "dagen")),
        (3_600.0, ("hour", "hours"), ("uur", "uur")),
        (1.0, ("second", "seconds"), ("seconde", "seconden")),
    ];
    let (size, en, nl) = UNITS.iter().find(|u| seconds >= u.0).copied().unwrap_or(UNITS[3]);
    let value = seconds / size;
    let shown = if value >= 10.0 { count(value.round() as u64) } else { format!("{value:.1}") };
    let (one, many) = language.pick(en, nl);
    let word = if shown == "1.0" || shown == "1" { one } else { many };
    format!("{} {word}", number_in(language, &shown))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_duration_is_said_in_its_largest_unit() {
        assert_eq!(duration_words(1.91e8, Language::En), "6.1 years");
        assert_eq!(duration_words(1.91e8, Language::Nl), "6,1 jaar");
        assert_eq!(duration_words(2.5e6, Language::Nl), "29 dagen");
        assert_eq!(duration_words(3_600.0, Language::En), "1.0 hour");
        assert_eq!(duration_words(1e12, Language::En), "31,688 years");
        assert_eq!(duration_words(0.64, Language::En), "0.6 seconds");
    }
}
