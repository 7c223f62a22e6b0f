//! The tile game's answers to the assignment's report questions (seed 000, "Verslag"),
//! T1 to T7 in its order: what the engine does in words, and every measured fact as a
//! sentence written from the cells of the table it names (`tegel_best`, `tegel_good`,
//! `tegel_match`, `tegel_greedy`, `tegel_sweep`). A question whose table did not run
//! says so instead.

use crate::report::answers::{count, counted, of_kind, shown, Answer, Sentences};
use crate::report::language::Language;
use crate::report::latex::format_seconds;
use crate::report::Loaded;
use crate::results::csv_table::{is_ok, CsvTable};
use crate::results::row::STATUS;

/// The questions in the assignment's order (`id`, heading).
pub const QUESTIONS: [(&str, &str); 7] = [
    ("T1", "The game and the assignment"),
    ("T2", "How does besteScore find the final score under optimal play?"),
    ("T3", "besteScore and bepaalGoedeZet on spel1 and spel3: which conclusion do you draw?"),
    ("T4", "A position where besteScore visits more than a billion positions within an hour"),
    ("T5", "The greedy move is not always optimal: a position near the end, reasoned"),
    ("T6", "The undo experiment (doeExperiment) on spel4 and spel5"),
    ("T7", "Which conclusions do you draw from the experiment?"),
];

/// Every answer T1 to T7 from the tile game's tables among `own`.
pub fn answers(own: &[&Loaded], language: Language) -> Vec<Answer> {
    let best = of_kind(own, "best");
    let sweep = of_kind(own, "sweep");
    let texts = [
        (intro(), vec![]),
        (engine(), vec![]),
        (scores(best, of_kind(own, "good"), of_kind(own, "match")), vec!["best", "good", "match"]),
        (billion(best), vec![]),
        (greedy(of_kind(own, "greedy")), vec!["greedy"]),
        (sweep_rule(sweep), vec!["sweep"]),
        (sweep_conclusions(sweep), vec![]),
    ];
    QUESTIONS
        .iter()
        .zip(texts)
        .map(|(&(id, question), (text, shows))| Answer { id, question, parts: text.0, shows })
        .collect()
}

pub(super) fn intro() -> Sentences {
    let mut s = Sentences::default();
    s.text(
        "Two players, 0 and 1, take turns. A move takes every tile of one colour (yellow g or blue b) from one \
         bowl and lays them in one row of the mover's own board; the bowls are refilled from a pot whose order \
         both players know. The game ends when a player has filled every row or the player to move cannot move; \
         a player's score is her full rows minus her opponent's. The assignment asks for besteScore (exhaustive \
         search of the final score under optimal play), bepaalGoedeZet (a Monte Carlo good move) and doeExperiment \
         (besteScore after each move undone). Only ",
    )
    .code("spel1.txt")
    .text(" is the course's file (its Figure 3); ")
    .code("spel2.txt")
    .text(" to ")
    .code("spel5.txt")
    .text(" and ")
    .code("greedy.txt")
    .text(
        " are the harness's own, grown or searched by its commands (the same command makes the same file; \
         docs/tegel.md, \"Instances\"), so their numbers differ from the course's files of the same names.",
    );
    s
}

fn engine() -> Sentences {
    let mut s = Sentences::default();
    s.text(
        "besteScore is a negamax over the distinct moves of the player to move (two moves are the same when they \
         take as many tiles of the same colour): at an end position it returns the mover's score, otherwise it does \
         each move, negates the opponent's best score in the position reached, undoes the move and keeps the \
         maximum, the first move in list order reaching it being the best move. It works on one position with do \
         and undo rather than on copies: undoing needs only the move, its row and the number of tiles drawn from \
         the pot, far less than copying pot, bowls and boards at every node. It walks the whole tree without \
         pruning, because the assignment counts the positions visited; the memo (src/tegel/memo.rs) is a separate \
         search, marked as such in the tables, that returns the same counts. Code and proofs: src/tegel/search.rs.",
    );
    s
}

/// The row of `table` whose `column` names `instance`: the same file, whether or not
/// the cells give its directory (`tegel/spel1.txt` and `spel1.txt`).
fn row_of<'a>(table: &'a CsvTable, column: &str, instance: &str) -> Option<&'a Vec<String>> {
    let file = |name: &str| name.rsplit('/').next().unwrap_or(name).to_string();
    table.rows.iter().find(|r| table.cell(r, column).is_some_and(|c| c == instance || file(c) == file(instance)))
}

fn scores(best: Option<&Loaded>, good: Option<&Loaded>, matches: Option<&Loaded>) -> Sentences {
    let mut s = Sentences::default();
    let Some(best) = best else {
        s.text("besteScore did not run in these results.");
        return s;
    };
    let t = &best.table;
    let instances: Vec<&str> = match good {
        Some(g) => g.table.column("instance"),
        None => t.column("instance").into_iter().take(2).collect(),
    };
    for instance in &instances {
        let Some(row) = row_of(t, "instance", instance) else { continue };
        s.text("On ").code(*instance).text(format!(
            " besteScore gives score {} for the player to move with best move {}, after {} positions in {} s (",
            shown(t, row, "score"),
            shown(t, row, "best_move"),
            shown(t, row, "positions"),
            shown(t, row, "seconds"),
        ));
        s.text(rate_words(t, row)).table(&best.name).text("). ");
    }
    let all_best = good.map(|g| good_sentences(&mut s, best, g));
    let never_short = matches.map(|m| match_sentences(&mut s, best, m));
    s.text(match (all_best, never_short) {
        (Some(true), Some(true)) => {
            "So on these games the Monte Carlo move was as good as besteScore's: it chose the best move and lost \
             nothing against perfect play, at a fixed number of random games per move where besteScore's cost grows \
             with the tree."
        }
        (_, Some(false)) => {
            "So the Monte Carlo move is often besteScore's, but against perfect play it lost points that besteScore \
             keeps (the shortfalls above); its cost is a fixed number of random games per move, besteScore's grows \
             with the tree."
        }
        _ => "So the Monte Carlo move is a cheap estimate whose quality the tables above measure.",
    });
    s
}

/// The positions per second of `row` in words, ending where the table's reference
/// follows: the rate, or why there is none (a time under 1 ms, or a call timed while other
/// programs had the cores: its time is too high, so no rate is given from it).
fn rate_words(t: &CsvTable, row: &[String]) -> String {
    if crate::report::view::busy_reader(t)(row) {
        return "timed while other programs had the cores, so the time is too high and no rate is given; ".to_string();
    }
    match t.number(row, "positions_per_second") {
        Some(_) => format!("{} positions per second; ", shown(t, row, "positions_per_second")),
        None => "under 1 ms, too short a time to give a rate; ".to_string(),
    }
}

/// A score as the tables show it: a minus sign, not a hyphen.
pub(super) fn score(value: f64) -> String {
    // `-0` (the negated value of a drawn game) reads 0.
    let text = format!("{}", if value == 0.0 { 0.0 } else { value });
    text.replace('-', "\u{2212}")
}

/// Which instances' good move equals besteScore's best move.
fn good_sentences(s: &mut Sentences, best: &Loaded, good: &Loaded) -> bool {
    let (t, g) = (&best.table, &good.table);
    let mut same = 0;
    let mut words = Vec::new();
    for row in &g.rows {
        let instance = g.cell(row, "instance").unwrap_or_default();
        let best_move = row_of(t, "instance", instance).and_then(|r| t.cell(r, "best_move"));
        let chosen = g.cell(row, "move").unwrap_or_default();
        let verdict = if best_move == Some(chosen) {
            same += 1;
            "besteScore's best move"
        } else {
            "not besteScore's first best move"
        };
        words.push(format!("{chosen} on {instance} ({verdict})"));
    }
    let sims = g.rows.first().map(|r| shown(g, r, "sims")).unwrap_or_default();
    s.text(format!(
        "The assignment's report list asks for the outcome of bepaalGoedeScore, its name there for bepaalGoedeZet. \
         With {} per move bepaalGoedeZet chose {} (",
        counted(&sims, "simulation"),
        words.join(", ")
    ))
    .table(&good.name)
    .text(match (same, g.rows.len()) {
        (1, 1) => "): the good move is besteScore's. ".to_string(),
        (0, 1) => "): the good move is not besteScore's. ".to_string(),
        (2, 2) => "): both good moves are besteScore's. ".to_string(),
        (same, n) if same == n => format!("): all {n} good moves are besteScore's. "),
        (same, n) => format!("): {same} of the {n} good moves are besteScore's. "),
    });
    same == g.rows.len()
}

/// How good play's final scores compare with besteScore's value, per instance and side
/// (moving first or second); whether it never fell short.
fn match_sentences(s: &mut Sentences, best: &Loaded, m: &Loaded) -> bool {
    let (t, mt) = (&best.table, &m.table);
    let mut instances: Vec<&str> = mt.column("instance");
    instances.dedup();
    let sims = mt.rows.first().map(|r| shown(mt, r, "sims")).unwrap_or_default();
    s.text(format!(
        "Good play (bepaalGoedeZet with {} per move) played whole games against besteScore. ",
        counted(&sims, "simulation")
    ));
    let mut never_short = true;
    for instance in instances {
        let Some(value) = row_of(t, "instance", instance).and_then(|r| t.number(r, "score")) else { continue };
        let mut words = Vec::new();
        for starter in ["good", "best"] {
            let optimum = if starter == "good" { value } else { -value };
            let scores: Vec<f64> = mt
                .rows
                .iter()
                .filter(|r| mt.cell(r, "instance") == Some(instance) && mt.cell(r, "starter") == Some(starter))
                .filter_map(|r| mt.number(r, "good_score"))
                .collect();
            if scores.is_empty() {
                continue;
            }
            let side = if starter == "good" { "moving first" } else { "moving second" };
            let (n, reached) = (scores.len(), scores.iter().filter(|&&g| g >= optimum).count());
            let games = |k: usize| match (k, n) {
                (1, 1) => "its one game".to_string(),
                (k, n) if k == n => format!("every one of the {n} games"),
                (0, n) => format!("none of the {n} games"),
                (k, n) => format!("{k} of the {n} games"),
            };
            let worst = scores.iter().copied().fold(f64::INFINITY, f64::min);
            let same = scores.iter().all(|&g| g == worst);
            never_short &= worst >= optimum;
            words.push(match (reached == n, same) {
                (true, _) => format!("{side}, it reaches the optimal score {} in {}", score(optimum), games(n)),
                (false, true) => format!(
                    "{side}, it scores {} in {}, {} below the optimal {}",
                    score(worst),
                    games(n),
                    counted(&(optimum - worst).to_string(), "point"),
                    score(optimum)
                ),
                (false, false) => format!(
                    "{side}, it reaches the optimal score {} in {} and falls up to {} below it",
                    score(optimum),
                    games(reached),
                    counted(&(optimum - worst).to_string(), "point")
                ),
            });
        }
        if !words.is_empty() {
            s.text("On ").code(instance).text(format!(", {}. ", words.join("; ")));
        }
    }
    s.text("The games are in ").table(&m.name).text(". ");
    never_short
}

fn billion(best: Option<&Loaded>) -> Sentences {
    let mut s = Sentences::default();
    let Some(best) = best else {
        s.text("besteScore did not run in these results.");
        return s;
    };
    let t = &best.table;
    let largest = t
        .rows
        .iter()
        .filter(|r| t.cell(r, STATUS).is_none_or(is_ok))
        .filter_map(|r| Some((r, t.number(r, "positions")?)))
        .max_by(|a, b| a.1.total_cmp(&b.1));
    let Some((row, positions)) = largest else {
        s.text("No besteScore call finished in these results.");
        return s;
    };
    let instance = t.cell(row, "instance").unwrap_or_default();
    let seconds = t.number(row, "seconds").unwrap_or(f64::INFINITY);
    let busy = crate::report::view::busy_reader(t)(row);
    s.text("The position of ")
        .code(instance)
        .text(" is drawn whole (pot, bowls, both boards, player to move) in ")
        .picture(&best.name, &super::picture::start_name(instance))
        .text(format!(
            "; besteScore visits {} positions on it in {} s (",
            shown(t, row, "positions"),
            shown(t, row, "seconds")
        ))
        .table(&best.name)
        .text(format!(
            "): {} a billion positions, and {} an hour.",
            if positions > 1e9 { "more than" } else { "not more than" },
            if seconds <= 3600.0 { "within" } else { "not within" }
        ));
    if busy {
        s.text(" Other programs had the cores while it was timed, so on a quiet machine it takes less.");
    }
    if t.number(row, "memo_seconds").is_some() {
        s.text(format!(" Through the memo the same count takes {} s.", shown(t, row, "memo_seconds")));
    }
    s
}

fn greedy(greedy: Option<&Loaded>) -> Sentences {
    let mut s = Sentences::default();
    let Some(g) = greedy else {
        s.text("The greedy check did not run in these results.");
        return s;
    };
    let t = &g.table;
    for row in &t.rows {
        let instance = t.cell(row, "instance").unwrap_or_default();
        let value = |column: &str| shown(t, row, column).replace('-', "\u{2212}");
        s.text("In ")
            .code(instance)
            .text(" call the player to move A, as the assignment does. ")
            .text(greedy_reasoning(t, row));
        s.text(format!(
            "Greedy takes {}: it fills a row to {} tiles, the fullest any move reaches, and looks no further, not \
             at what the opponent can do next. besteScore for A after greedy's move is {}; after the better move {} \
             it is {} (",
            shown(t, row, "greedy_move"),
            shown(t, row, "greedy_fill"),
            value("greedy_score"),
            shown(t, row, "best_move"),
            value("best_score"),
        ));
        s.table(&g.name).text(")");
        let lost = t.number(row, "best_score").zip(t.number(row, "greedy_score")).map(|(b, gr)| b - gr);
        match lost.filter(|&l| l > 0.0) {
            Some(lost) => s.text(format!(", so greedy's move costs A {}. ", counted(&lost.to_string(), "point"))),
            None => s.text(". "),
        };
        let tree = super::picture::start_name(instance).replacen("start-", "tree-", 1);
        s.text("The reasoning is drawn in ").picture(&g.name, &tree).text(format!(
            ": every one of the {} besteScore visits from the start, as a tree, each \
             with its value for A. Where A moves, a position's value is the largest of its children's; where her \
             opponent moves, the smallest; at an end position it is A's score (her full rows minus her \
             opponent's). So every value can be checked by hand from the end positions up, and the tree shows what \
             each move leads to.",
            counted(&shown(t, row, "positions"), "position")
        ));
    }
    s
}

/// The moves of the greedy position in words, from the `values` cell (every move of A with
/// its besteScore value): which bowls give moves and what each move leads to.
fn greedy_reasoning(t: &CsvTable, row: &[String]) -> String {
    let values: Vec<(&str, &str)> =
        t.cell(row, "values").unwrap_or_default().split_whitespace().filter_map(|v| v.rsplit_once('=')).collect();
    if values.is_empty() {
        return String::new();
    }
    let mut bowls: Vec<&str> = values.iter().filter_map(|(m, _)| m.trim_start_matches('(').split(',').next()).collect();
    bowls.dedup();
    let bowls = match bowls.as_slice() {
        [one] => format!("only bowl {one} gives a move (every other bowl is empty or its tiles fit none of A's rows)"),
        many => format!("bowls {} give moves", many.join(", ")),
    };
    let moves: Vec<String> =
        values.iter().map(|(m, v)| format!("{m} leads to {}", v.replace('-', "\u{2212}"))).collect();
    format!(
        "A has {} in all: {bowls}. With best play by both from there on, {} for A. ",
        counted(&values.len().to_string(), "move"),
        moves.join(" and "),
    )
}

/// The sweep's stop rule and how far each instance went.
fn sweep_rule(sweep: Option<&Loaded>) -> Sentences {
    let mut s = Sentences::default();
    let Some(sw) = sweep else {
        s.text("The undo experiment did not run in these results.");
        return s;
    };
    let t = &sw.table;
    let limit = t.rows.first().map(|r| shown(t, r, "time_limit")).unwrap_or_default();
    s.text(format!(
        "From each instance both players play good moves ({} per move) to an end position; then one move at a \
         time is undone and besteScore runs on the position reached, recording positions and time, until the start \
         is back or a call passes the time limit. ",
        counted(&t.rows.first().map(|r| shown(t, r, "sims")).unwrap_or_default(), "simulation")
    ));
    s.text(limit_reason(t, &limit));
    for (instance, reach) in reaches(t) {
        s.code(instance).text(format!(": {reach}. "));
    }
    s.text("The rows are in ")
        .table(&sw.name)
        .text(", the positions per undo count in ")
        .chart(&format!("{}-positions", sw.name))
        .text(".");
    s
}

/// The assignment's limit (5 minutes a call) against this run's, and what a lower one
/// loses: at the growth of each sweep's last complete step, how many more rows 5 minutes
/// would have allowed.
fn limit_reason(t: &CsvTable, limit: &str) -> String {
    const ASSIGNMENT_SECONDS: f64 = 300.0;
    let Some(seconds) = t.rows.first().and_then(|r| t.number(r, "time_limit")) else {
        return "The assignment allows a game to be stopped once a call takes more than 5 minutes. ".to_string();
    };
    if seconds >= ASSIGNMENT_SECONDS {
        return format!("The assignment allows a game to be stopped once a call takes more than 5 minutes; this run stops at {limit} s. ");
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
                format!(
                    "{} to {i}'s sweep (its {} step grew {}-fold)",
                    counted(&rows.to_string(), "row"),
                    if stopped.is_some() { "stopped" } else { "last" },
                    format_seconds(factor)
                )
            })
        })
        .collect();
    let extra = match more.is_empty() {
        true => String::new(),
        false => format!(
            " At the growth in positions of each sweep's stopped call (counted through the memo) or its \
             last complete step, a 5-minute limit would add about {}.",
            more.join(" and ")
        ),
    };
    format!(
        "The assignment allows a game to be stopped once a call takes more than 5 minutes; this run stops a call \
         at {limit} s instead, so that the whole run takes minutes rather than hours.{extra} "
    )
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
pub(super) fn reaches(t: &CsvTable) -> Vec<(String, String)> {
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
            Some(r) => format!(
                "complete up to {} moves undone ({} positions in {} s)",
                shown(t, r, "undone"),
                shown(t, r, "positions"),
                shown(t, r, "seconds")
            ),
            None => "no call finished".to_string(),
        };
        match stopped {
            Some(r) => text.push_str(&format!(
                "; the call with {} undone passed the limit and stopped the sweep",
                counted(&shown(t, r, "undone"), "move")
            )),
            None => text.push_str("; the start position was reached before the limit"),
        }
        out.push((instance.to_string(), text));
    }
    out
}

/// The growth factor per move undone (median and range), time per position and the stop.
fn sweep_conclusions(sweep: Option<&Loaded>) -> Sentences {
    let mut s = Sentences::default();
    let Some(sw) = sweep else {
        s.text("The undo experiment did not run in these results.");
        return s;
    };
    let t = &sw.table;
    for instance in instances(t) {
        let points = complete_points(t, instance);
        let factors = growth_factors(t, instance);
        // The time per position from the largest call that ran alone: a busy row's time
        // says how loaded the machine was, not how fast the search is.
        let quiet = points.iter().filter(|p| !p.3).max_by(|a, b| a.0.total_cmp(&b.0));
        let Some(last) = quiet.or_else(|| points.iter().max_by(|a, b| a.0.total_cmp(&b.0))) else { continue };
        s.text("On ").code(instance).text(": ");
        if let (Some(lo), Some(hi)) = (factors.first(), factors.last()) {
            s.text(format!(
                "each move undone multiplies the positions visited by a median {} (from {} to {} over the {} from 1,000 positions on)",
                format_seconds(factors[factors.len() / 2]),
                format_seconds(*lo),
                format_seconds(*hi),
                counted(&factors.len().to_string(), "step")
            ));
        } else {
            s.text("too few calls above 1,000 positions for a growth factor");
        }
        if last.1 > 0.0 && last.2 > 0.0 {
            let which = match (last.3, points.iter().any(|p| p.3)) {
                (true, _) => "the largest complete call, which ran busy (other programs held the cores, so its time is too high),",
                (false, true) => "the largest complete call that did not run busy",
                (false, false) => "the largest complete call",
            };
            s.text(format!(
                "; {which} ({}) took {} ns per position",
                counted(&count(last.1 as u64), "position"),
                format_seconds(last.2 / last.1 * 1e9)
            ));
        }
        s.text(". ");
    }
    s.text("(").table(&sw.name).text(
        "; a constant factor is a straight line on the log scale.) So besteScore's cost grows exponentially in \
         the moves left to play, time in step with positions; ",
    );
    let stops: Vec<String> =
        reaches(t).into_iter().map(|(i, r)| format!("on {i} {}", r.split("; ").last().unwrap_or(""))).collect();
    s.text(format!("{}.", stops.join("; ")));
    s
}
