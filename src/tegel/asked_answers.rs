//! The tile game's answers T1 to T7 when the results are a solver's (`harness run
//! --solver`): every number is the program's own answer or time, from the `check` tables
//! that stand in for `tegel_best`, `tegel_good`, `tegel_match`, `tegel_greedy` and
//! `tegel_sweep`, each said with whether the reference gave the same. The reference, its
//! times and the run stay out of these sentences (they are in the tables' CSVs and, with
//! `--appendix`, in the report's appendix).

use super::answers::{complete_points, growth_factors, score, QUESTIONS};
use crate::report::answers::{count, counted, shown, Answer, Sentences};
use crate::report::asked::{
    agreed, asked, check_words, checked, course_files, first_wrong, named_positions, resolved, row, rows_of,
    seconds_words, shrunk_words, summary, time_words,
};
use crate::report::language::Language;
use crate::report::latex::format_seconds;
use crate::report::Loaded;
use crate::results::csv_table::CsvTable;

/// Every answer T1 to T7 from the solver's tables among `own`.
pub fn answers(own: &[&Loaded], language: Language) -> Vec<Answer> {
    let texts = [
        intro(own),
        method(own),
        scores(own),
        billion(asked(own, "best")),
        greedy(asked(own, "greedy")),
        sweep(asked(own, "sweep")),
        sweep_conclusions(asked(own, "sweep")),
    ];
    QUESTIONS
        .iter()
        .zip(texts)
        .map(|(&(id, question), text)| Answer { id, question, parts: text.0, shows: vec![] })
        .collect()
}

/// A besteScore answer as the protocol writes it (`score 0, move 0b, positions 5578`):
/// score, move, positions.
pub fn parse_best(text: &str) -> Option<(i64, String, u64)> {
    let mut score = None;
    let mut mv = None;
    let mut positions = None;
    for part in text.split(", ") {
        match part.split_once(' ')? {
            ("score", s) => score = s.parse().ok(),
            ("move", m) => mv = Some(m.to_string()),
            ("positions", p) => positions = p.parse().ok(),
            _ => {}
        }
    }
    Some((score?, mv?, positions?))
}

/// A move as the assignment writes it: `0b` is `(0,b)`; `-` is no move.
pub fn move_text(word: &str) -> String {
    match word.char_indices().last() {
        Some((i, colour)) if word != "-" && i > 0 => format!("({},{colour})", &word[..i]),
        _ => "no move".to_string(),
    }
}

fn intro(own: &[&Loaded]) -> Sentences {
    let mut s = Sentences::default();
    s.text(
        "Two players, 0 and 1, take turns. A move takes every tile of one colour (yellow g or blue b) from one bowl \
         and lays them in one row of the mover's own board; the bowls are refilled from a pot whose order both \
         players know. The game ends when a player has filled every row or the player to move cannot move; a \
         player's score is her full rows minus her opponent's. ",
    );
    s.text(summary(own));
    let mut files: Vec<String> = Vec::new();
    for l in own.iter().filter(|l| l.asks.is_some()) {
        for p in named_positions(&l.table) {
            let file = p.split(' ').next().unwrap_or(p).to_string();
            if !files.contains(&file) {
                files.push(file);
            }
        }
    }
    let course = course_files(own);
    let (theirs, made): (Vec<&String>, Vec<&String>) =
        files.iter().partition(|f| course.contains(f) || f.as_str() == "spel1.txt");
    let mut parts = Vec::new();
    if !theirs.is_empty() {
        parts.push(format!("{}, the course's {}", list(&theirs), if theirs.len() == 1 { "file" } else { "files" }));
    }
    if !made.is_empty() {
        let others = match made.iter().any(|f| f.starts_with("spel")) {
            true => " (not the course's files of the same names)",
            false => "",
        };
        parts.push(format!("{}, made for these measurements{others}", list(&made)));
    }
    parts.push("seeded random positions of growing size (random 1, random 2, ...)".to_string());
    s.text(format!("The positions asked are {}.", parts.join("; ")));
    s
}

fn list(files: &[&String]) -> String {
    match files {
        [] => String::new(),
        [one] => (*one).clone(),
        [init @ .., last] => {
            format!("{} and {last}", init.iter().map(|f| f.as_str()).collect::<Vec<_>>().join(", "))
        }
    }
}

/// Every besteScore answer of the solver's tables: (table, row, answer given).
fn best_answers<'a>(own: &[&'a Loaded]) -> Vec<(&'a CsvTable, &'a Vec<String>)> {
    own.iter()
        .filter(|l| l.asks.is_some())
        .flat_map(|l| l.table.rows.iter().map(move |r| (&l.table, r)))
        .filter(|(t, r)| {
            matches!(t.cell(r, "question"), Some("best" | "sweep" | "greedy"))
                && t.cell(r, "given").and_then(parse_best).is_some()
        })
        .collect()
}

fn method(own: &[&Loaded]) -> Sentences {
    let mut s = Sentences::default();
    let answers = best_answers(own);
    let checked_n = answers.iter().filter(|(t, r)| checked(t, r)).count();
    let same = answers.iter().filter(|(t, r)| checked(t, r) && agreed(t, r)).count();
    s.text(
        "besteScore is asked for the final score under optimal play of the player to move, a best move and the \
         number of positions it visits. The reference it is checked against is a minimax (negamax) over the \
         distinct moves that walks the whole game tree without pruning and counts every position it visits, the \
         start included. ",
    );
    match (same, checked_n) {
        (_, 0) => s.text("No besteScore answer of the program was checked in these results."),
        (a, n) if a == n => s.text(format!(
            "On every one of the {} asked, the program gave the same score and number of positions as the \
             reference, and a move of the best score: its besteScore visits the positions a full minimax visits, \
             no more and no fewer, and finds the same values.",
            counted(&count(n as u64), "position")
        )),
        (a, n) => s.text(format!(
            "On {a} of the {} asked the program gave the reference's score and number of positions; on the others \
             it did not (the first is in the answer to the next question).",
            counted(&count(n as u64), "position")
        )),
    };
    s
}

fn scores(own: &[&Loaded]) -> Sentences {
    let mut s = Sentences::default();
    let Some(best) = asked(own, "best") else {
        s.text("The program's besteScore was not asked in these results.");
        return s;
    };
    let t = &best.table;
    for position in named_positions(t) {
        let Some(r) = row(t, position, "best") else { continue };
        s.text("On ").code(position).text(" ").text(best_sentence(t, r)).text(" (").table(&best.name).text("). ");
    }
    let good = asked(own, "good");
    if let Some(g) = good {
        good_sentences(&mut s, t, g);
    }
    let matches = asked(own, "match");
    if let Some(m) = matches {
        match_sentences(&mut s, m);
    }
    if let Some((l, r)) = first_wrong(&[best]) {
        s.text(format!(
            "The first answer that is not the reference's: {} {}, {}. ",
            shown(&l.table, r, "position"),
            shown(&l.table, r, "question"),
            check_words(&l.table, r)
        ));
        if let Some(words) = shrunk_words(&l.table, r) {
            s.text(words).text(" ");
        }
    }
    s.text(
        "So besteScore gives the exact value at a cost that grows with the game tree, where bepaalGoedeZet's cost \
         is a fixed number of random games per move and its move is an estimate.",
    );
    s
}

/// "the program's besteScore gives score 0 ..., in 579 µs, the median of 6 runs; the same
/// as the reference's".
fn best_sentence(t: &CsvTable, r: &[String]) -> String {
    let given = t.cell(r, "given").unwrap_or_default();
    let time = time_words(t, r).map(|w| format!(", in {w}")).unwrap_or_default();
    match parse_best(given) {
        Some((value, mv, positions)) => format!(
            "the program's besteScore gives score {} for the player to move, best move {}, after {}{time}; {}",
            score(value as f64),
            move_text(&mv),
            counted(&count(positions), "position"),
            check_words(t, r)
        ),
        None => format!("the program's besteScore gave no answer ({})", check_words(t, r)),
    }
}

/// The program's good moves on the named positions, against its own best moves.
fn good_sentences(s: &mut Sentences, best: &CsvTable, good: &Loaded) {
    let g = &good.table;
    let mut words = Vec::new();
    for position in named_positions(g) {
        let Some(r) = row(g, position, "good") else { continue };
        let chosen = g.cell(r, "given").unwrap_or_default();
        let best_move = row(best, position, "best").and_then(|b| parse_best(best.cell(b, "given")?)).map(|b| b.1);
        let same = match best_move {
            Some(m) if m == chosen => ", besteScore's best move",
            Some(_) => ", not besteScore's first best move",
            None => "",
        };
        let legal = match agreed(g, r) {
            true => "a distinct move".to_string(),
            false => check_words(g, r),
        };
        words.push(format!("{} on {position} ({legal}{same})", move_text(chosen)));
    }
    if words.is_empty() {
        return;
    }
    s.text(format!("The program's bepaalGoedeZet chose {} (", words.join(", "))).table(&good.name).text("). ");
}

/// The program's good play against its besteScore in whole games: each game on a named
/// position, and how many on the random positions reached the optimal score.
fn match_sentences(s: &mut Sentences, m: &Loaded) {
    let t = &m.table;
    let mut words = Vec::new();
    let (mut random_games, mut random_optimal) = (0, 0);
    for r in rows_of(t, "match") {
        let position = t.cell(r, "position").unwrap_or_default();
        let Some((file, starter)) = position.strip_suffix(" starts").and_then(|p| p.rsplit_once(' ')) else {
            continue;
        };
        let first = starter == "good";
        let given = t.cell(r, "given").unwrap_or_default();
        let Some(scored) = given.strip_prefix("good scores ").and_then(|g| g.split(' ').next()?.parse::<i64>().ok())
        else {
            continue;
        };
        let Some(value) = row(t, file, "best").and_then(|b| parse_best(t.cell(b, "given")?)).map(|b| b.0) else {
            continue;
        };
        let optimum = if first { value } else { -value };
        if file.starts_with("random ") {
            random_games += 1;
            random_optimal += usize::from(scored >= optimum);
            continue;
        }
        let side = if first { "moving first" } else { "moving second" };
        words.push(match scored >= optimum {
            true => format!("on {file} {side} it reached the optimal score {}", score(optimum as f64)),
            false => format!(
                "on {file} {side} it scored {}, {} below the optimal {}",
                score(scored as f64),
                counted(&(optimum - scored).to_string(), "point"),
                score(optimum as f64)
            ),
        });
    }
    if random_games > 0 {
        words.push(format!(
            "on the random positions it reached the optimal score in {random_optimal} of {}",
            counted(&random_games.to_string(), "game")
        ));
    }
    if words.is_empty() {
        return;
    }
    s.text(format!(
        "In whole games of the program's bepaalGoedeZet against its own besteScore, {} (",
        words.join("; ")
    ))
    .table(&m.name)
    .text("). ");
}

fn billion(best: Option<&Loaded>) -> Sentences {
    let mut s = Sentences::default();
    let Some(best) = best else {
        s.text("The program's besteScore was not asked in these results.");
        return s;
    };
    let t = &best.table;
    let largest = rows_of(t, "best")
        .into_iter()
        .filter(|r| agreed(t, r))
        .filter_map(|r| Some((r, parse_best(t.cell(r, "given")?)?.2)))
        .max_by_key(|(_, p)| *p);
    let Some((r, positions)) = largest else {
        s.text("No besteScore answer of the program agreed with the reference in these results.");
        return s;
    };
    let position = t.cell(r, "position").unwrap_or_default();
    let seconds = t.number(r, "solver_seconds").unwrap_or(f64::INFINITY);
    s.text("Of the positions asked, ")
        .code(position)
        .text(format!(
            " takes the program's besteScore the most positions: {} in {} (",
            count(positions),
            seconds_words(seconds)
        ))
        .table(&best.name)
        .text(format!(
            "): {} a billion positions, and {} an hour.",
            if positions > 1_000_000_000 { "more than" } else { "not more than" },
            if seconds <= 3600.0 { "within" } else { "not within" }
        ));
    if positions <= 1_000_000_000 {
        s.text(
            " So these results do not answer the question: it needs a position of more than a billion positions \
             among the instances of the besteScore experiment.",
        );
    }
    s
}

fn greedy(greedy: Option<&Loaded>) -> Sentences {
    let mut s = Sentences::default();
    let Some(g) = greedy else {
        s.text("The greedy question was not asked of the program in these results.");
        return s;
    };
    let t = &g.table;
    for position in named_positions(t).into_iter().filter(|p| !p.contains(" after ")) {
        let Some(best) = row(t, position, "best") else { continue };
        s.text("In ").code(position).text(" call the player to move A, as the assignment does. ");
        let after: Vec<&Vec<String>> = rows_of(t, "greedy")
            .into_iter()
            .filter(|r| t.cell(r, "position").is_some_and(|p| p.starts_with(&format!("{position} after "))))
            .collect();
        let values: Vec<(String, bool, i64, String)> = after
            .iter()
            .filter_map(|r| {
                let label = t.cell(r, "position")?.strip_prefix(&format!("{position} after "))?;
                let (mv, is_greedy) = match label.strip_suffix(" (greedy)") {
                    Some(mv) => (mv, true),
                    None => (label, false),
                };
                let (opponent, _, _) = parse_best(t.cell(r, "given")?)?;
                Some((move_text(mv), is_greedy, -opponent, check_words(t, r)))
            })
            .collect();
        let moves: Vec<String> = values
            .iter()
            .map(|(mv, _, value, _)| {
                format!(
                    "after {mv} the program's besteScore gives the opponent {}, so the move is worth {} to A",
                    score(-*value as f64),
                    score(*value as f64)
                )
            })
            .collect();
        s.text(format!("For A, {}. ", best_sentence(t, best)));
        if !moves.is_empty() {
            s.text(format!("{}. ", capitalised(&moves.join("; "))));
        }
        let best_value = values.iter().map(|v| v.2).max();
        match values.iter().find(|v| v.1) {
            Some((mv, _, value, _)) => {
                s.text(format!(
                    "Greedy takes {mv}: the move whose row ends up fullest, looking no further, not at what the \
                     opponent can do next. "
                ));
                match best_value.filter(|b| b > value) {
                    Some(b) => s.text(format!(
                        "It leaves A {} where the best move gives {}: greedy's move costs A {}, so the greedy move is \
                         not always optimal. ",
                        score(*value as f64),
                        score(b as f64),
                        counted(&(b - value).to_string(), "point")
                    )),
                    None => s.text("On this position greedy's move is as good as the best one. "),
                };
            }
            None => {
                s.text("The program was not asked besteScore after greedy's move. ");
            }
        }
        let disagree: Vec<&String> = values.iter().filter(|v| !v.3.starts_with("the same")).map(|v| &v.3).collect();
        s.text(match disagree.is_empty() {
            true => "Every one of these answers is the reference's (".to_string(),
            false => format!("Not every answer is the reference's: {} (", disagree[0]),
        })
        .table(&g.name)
        .text(").");
    }
    s
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

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
            Some(vec![
                instance.to_string(),
                undone.to_string(),
                if ok { positions.to_string() } else { String::new() },
                if ok { t.cell(r, "solver_seconds").unwrap_or_default().to_string() } else { String::new() },
                if ok { "ok" } else { "timeout" }.to_string(),
            ])
        })
        .collect();
    let columns = ["instance", "undone", "positions", "seconds", "status"].map(String::from).to_vec();
    CsvTable::derived(&t.path, columns, rows)
}

/// How far the program's sweep on `instance` went, in words.
fn reach(view: &CsvTable, instance: &str) -> String {
    let points = complete_points(view, instance);
    let stopped = view.rows.iter().any(|r| view.cell(r, "instance") == Some(instance) && !checked(view, r));
    let mut text = match points.iter().max_by(|a, b| a.0.total_cmp(&b.0)) {
        Some(&(undone, positions, seconds, _)) => format!(
            "complete up to {} undone ({} in {})",
            counted(&(undone as u64).to_string(), "move"),
            counted(&count(positions as u64), "position"),
            seconds_words(seconds)
        ),
        None => "no call complete".to_string(),
    };
    text.push_str(match stopped {
        true => "; the next call passed the limit or was not the reference's, and ended the sweep",
        false => "; the start position was reached",
    });
    text
}

fn sweep(sweep: Option<&Loaded>) -> Sentences {
    let mut s = Sentences::default();
    let Some(sw) = sweep else {
        s.text("The undo experiment was not asked of the program in these results.");
        return s;
    };
    let view = sweep_view(&sw.table);
    let limit = sw.table.rows.first().map(|r| shown(&sw.table, r, "time_limit")).unwrap_or_default();
    s.text(format!(
        "From each instance both players play good moves to an end position, every move done by the program; then \
         the program undoes one move at a time and its besteScore runs on the position reached, until the start is \
         back, an answer is not the reference's, or a call passes the limit of {limit} s. "
    ));
    for instance in super::answers::instances(&view).into_iter().filter(|i| !i.starts_with("random ")) {
        s.code(instance).text(format!(": {}. ", reach(&view, instance)));
    }
    for r in rows_of(&sw.table, "sweep").into_iter().filter(|r| checked(&sw.table, r) && !agreed(&sw.table, r)) {
        s.text(format!("{}: {}. ", shown(&sw.table, r, "position"), check_words(&sw.table, r)));
    }
    s.text("The rows are in ").table(&sw.name).text(".");
    s
}

fn sweep_conclusions(sweep: Option<&Loaded>) -> Sentences {
    let mut s = Sentences::default();
    let Some(sw) = sweep else {
        s.text("The undo experiment was not asked of the program in these results.");
        return s;
    };
    let view = sweep_view(&sw.table);
    for instance in super::answers::instances(&view).into_iter().filter(|i| !i.starts_with("random ")) {
        let factors = growth_factors(&view, instance);
        let points = complete_points(&view, instance);
        let Some(last) = points.iter().max_by(|a, b| a.0.total_cmp(&b.0)) else { continue };
        s.text("On ").code(instance).text(": ");
        match (factors.first(), factors.last()) {
            (Some(lo), Some(hi)) => s.text(format!(
                "each move undone multiplies the positions the program visits by a median {} (from {} to {} over \
                 the {} from 1,000 positions on)",
                format_seconds(factors[factors.len() / 2]),
                format_seconds(*lo),
                format_seconds(*hi),
                counted(&factors.len().to_string(), "step")
            )),
            _ => s.text("too few calls above 1,000 positions for a growth factor"),
        };
        match last.1 > 0.0 && resolved(last.2) {
            true => s.text(format!(
                "; its largest complete call ({}) took {} ns per position",
                counted(&count(last.1 as u64), "position"),
                format_seconds(last.2 / last.1 * 1e9)
            )),
            false => s.text(format!(
                "; its largest complete call ({}) took under 1 ms, too short a time to give a time per position",
                counted(&count(last.1 as u64), "position")
            )),
        };
        s.text(". ");
    }
    s.text(
        "So the program's besteScore, like any exhaustive minimax, costs time exponential in the moves left to \
         play, its time in step with the positions it visits. ",
    )
    .text("(")
    .table(&sw.name)
    .text(".)");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_answers_and_moves_read_as_the_assignment_writes_them() {
        assert_eq!(parse_best("score -1, move 2g, positions 4"), Some((-1, "2g".to_string(), 4)));
        assert_eq!(parse_best("score 0, move -, positions 1"), Some((0, "-".to_string(), 1)));
        assert_eq!(parse_best("timeout"), None);
        assert_eq!(move_text("0b"), "(0,b)");
        assert_eq!(move_text("12g"), "(12,g)");
        assert_eq!(move_text("-"), "no move");
    }
}
