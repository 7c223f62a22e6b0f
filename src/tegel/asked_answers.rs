//! The tile game's answers T1 to T7 when the results are a solver's (`harness run
//! --solver`): every number is the program's own answer or time, from the `check` tables
//! that stand in for `tegel_best`, `tegel_good`, `tegel_match`, `tegel_greedy` and
//! `tegel_sweep`, each said with whether the reference gave the same. The reference, its
//! times and the run stay out of these sentences (they are in the tables' CSVs and, with
//! `--appendix`, in the report's appendix), but for the line of best play after each
//! greedy move, a fact of the position that the reference records with the rows.

use super::answers::{billion_verdict, call_it_a, points, questions, rules_words, tree_words};
use super::asked_sweep::{sweep, sweep_conclusions};
pub use super::asked_words::parse_best;
use super::check::GOOD_SIMS;
use super::greedy_line::Line;
use super::greedy_words::line_sentence;
use super::score_text::score;
use crate::report::answers::{count, counted_in, joined_parts, listed_in, number_in, shown, Answer, Sentences};
use crate::report::asked::{
    agreed, asked, check_words_in, checked, course_files, first_wrong, named_positions, row, rows_of, seconds_words_in,
    shrunk_words_in, summary_in, time_words_in,
};
use crate::report::asked::{resolved, RandomMade};
use crate::report::figures::has_picture;
use crate::report::language::Language;
use crate::report::latex::format_seconds;
use crate::report::Loaded;
use crate::results::csv_table::CsvTable;

/// How the tile game's random positions are made ([`super::check::random_position`]).
const RANDOM_MADE: RandomMade = RandomMade {
    noun: ("positions", "standen"),
    made: (
        "each with a pot of at most 10 tiles, at most 3 bowls of at most 3 tiles and boards of at most 3 rows of \
         at most 3 cells, made from a fixed seed",
        "elk met een pot van hooguit 10 tegels, hooguit 3 schalen van hooguit 3 tegels en borden van hooguit 3 \
         rijen van hooguit 3 vakjes, gemaakt uit een vast startgetal",
    ),
};

/// Every answer T1 to T7 from the solver's tables among `own`, in `language`.
pub fn answers(own: &[&Loaded], language: Language) -> Vec<Answer> {
    let l = language;
    let texts = [
        intro(own, l),
        method(own, l),
        scores(own, l),
        billion(asked(own, "best"), l),
        greedy(asked(own, "greedy"), l),
        sweep(asked(own, "sweep"), l),
        sweep_conclusions(asked(own, "sweep"), l),
    ];
    questions(language)
        .zip(texts)
        .map(|((id, question), text)| Answer { id, question, parts: text.0, shows: vec![] })
        .collect()
}

/// A move as the assignment writes it: `0b` is `(0,b)`; `-` is no move.
pub fn move_text(word: &str) -> String {
    move_text_in(Language::En, word)
}

/// [`move_text`] in `language` (`-` is "geen zet" in Dutch).
pub fn move_text_in(language: Language, word: &str) -> String {
    crate::report::asked_words::move_words(word, language)
}

fn intro(own: &[&Loaded], language: Language) -> Sentences {
    let mut s = Sentences::default();
    s.text(rules_words(language)).paragraph();
    s.text(language.pick(
        "The assignment asks for a class TegelSpel with, among others, besteScore (the final score under optimal \
         play, by searching every move), bepaalGoedeZet (a good move by random games) and doeExperiment \
         (besteScore after each move undone). ",
        "De opdracht vraagt om een klasse TegelSpel met onder andere besteScore (de eindscore bij optimaal spel, \
         door elke zet te doorzoeken), bepaalGoedeZet (een goede zet via willekeurige spellen) en doeExperiment \
         (besteScore na elke zet die ongedaan wordt gemaakt). ",
    ));
    s.heading(crate::report::answers::measured_heading(language)).text(summary_in(language, own, RANDOM_MADE));
    let course = course_files(own);
    let positions = own.iter().filter(|l| l.asks.is_some()).flat_map(|l| named_positions(&l.table));
    let (theirs, constructed, stand_ins) = super::stand_ins::split(positions, &course);
    let mut parts = Vec::new();
    if !theirs.is_empty() {
        let whose = match theirs.len() {
            1 => language.pick("the course's file", "het bestand van het vak"),
            _ => language.pick("the course's files", "de bestanden van het vak"),
        };
        parts.push(format!("{}, {whose}", listed_in(&theirs, language)));
    }
    // spel2.txt and greedy.txt are positions the assignment asks the students to make;
    // another spel file is a stand-in for the course's file of that name.
    if !constructed.is_empty() {
        let (en, nl) = match constructed.len() {
            1 => ("a position we made ourselves", "een stand die we zelf maakten"),
            _ => ("positions we made ourselves", "standen die we zelf maakten"),
        };
        parts.push(language.pick(
            format!("{}, {en} for the questions that ask for one", listed_in(&constructed, language)),
            format!("{}, {nl} voor de vragen die erom vragen", listed_in(&constructed, language)),
        ));
    }
    if !stand_ins.is_empty() {
        let (en, nl) = match stand_ins.len() {
            1 => (
                "our own position in place of the course's file of the same name",
                "een eigen stand in plaats van het gelijknamige bestand van het vak",
            ),
            _ => (
                "our own positions in place of the course's files of the same names",
                "eigen standen in plaats van de gelijknamige bestanden van het vak",
            ),
        };
        parts.push(language.pick(
            format!("{}, {en}", listed_in(&stand_ins, language)),
            format!("{}, {nl}", listed_in(&stand_ins, language)),
        ));
    }
    // The random positions are said in the sentence before, with how they are made.
    let parts = joined_parts(&parts, language);
    s.text(language.pick(format!("The positions asked are {parts}."), format!("De gevraagde standen zijn {parts}.")));
    let rule = crate::report::asked::repeat_rule_words(language);
    let asked_tables: Vec<&CsvTable> = own.iter().filter(|l| l.asks.is_some()).map(|l| &l.table).collect();
    // How the times were taken is a paragraph of its own, after what was asked and checked.
    let timing = language.pick(
        format!(
            "Every time is wall-clock time, measured by the test program around the call: {rule}. Each table times \
             its own calls, so one question on one position can take a little longer in one table than in another."
        ),
        format!(
            "Elke tijd is kloktijd, door het testprogramma rond de aanroep gemeten: {rule}. Elke tabel meet zijn \
             eigen aanroepen, dus dezelfde vraag op dezelfde stand kan in de ene tabel iets langer duren dan in de \
             andere."
        ),
    );
    s.paragraph().text(timing).text(" ").text(crate::report::asked::resolution_words(&asked_tables, language));
    s
}

/// Every besteScore answer of the solver's tables, one per position: (table, row). A
/// run's `random 3` is the same position in every table of the run (one seed), and
/// spel1.txt is asked in more than one table: each counts once, by its first answer.
fn best_answers<'a>(own: &[&'a Loaded]) -> Vec<(&'a CsvTable, &'a Vec<String>)> {
    let mut seen: Vec<&str> = Vec::new();
    let mut out = Vec::new();
    let rows = own.iter().filter(|l| l.asks.is_some()).flat_map(|l| l.table.rows.iter().map(move |r| (&l.table, r)));
    for (t, r) in rows {
        let answered = matches!(t.cell(r, "question"), Some("best" | "sweep" | "greedy"))
            && t.cell(r, "given").and_then(parse_best).is_some();
        let Some(position) = t.cell(r, "position").filter(|p| answered && !seen.contains(p)) else { continue };
        seen.push(position);
        out.push((t, r));
    }
    out
}

fn method(own: &[&Loaded], language: Language) -> Sentences {
    let mut s = Sentences::default();
    let answers = best_answers(own);
    let checked_n = answers.iter().filter(|(t, r)| checked(t, r)).count();
    let same = answers.iter().filter(|(t, r)| checked(t, r) && agreed(t, r)).count();
    // A call past the time limit gave no answer to check: "all it asked" would overstate.
    let late = (own.iter().filter(|l| l.asks.is_some()))
        .flat_map(|l| l.table.rows.iter().map(move |r| (&l.table, r)))
        .any(|(t, r)| {
            matches!(t.cell(r, "question"), Some("best" | "sweep" | "greedy"))
                && t.cell(r, "verdict") == Some("time-limit")
        });
    let random = answers.iter().any(|(t, r)| t.cell(r, "position").is_some_and(|p| p.starts_with("random ")));
    s.text(method_verdict(same, checked_n, late, random, language));
    s
}

/// How many of the program's besteScore answers were the reference's, in a sentence;
/// `late` where some calls gave no answer within the time limit.
/// `random` where some of them are random positions: the count then says it holds both,
/// apart from the opening's count of answers on random positions alone.
fn method_verdict(same: usize, checked_n: usize, late: bool, random: bool, language: Language) -> String {
    let mut checked_words = counted_in(language, &count(checked_n as u64), "position", ("stand", "standen"));
    if random {
        checked_words.push_str(language.pick(" (named and random)", " (genoemde en willekeurige)"));
    }
    let asked_n = match (late, language) {
        (false, Language::En) => format!("{checked_words} it asked"),
        (false, Language::Nl) => format!("{checked_words} die het vroeg"),
        (true, Language::En) => format!("{checked_words} our besteScore answered within the time limit"),
        (true, Language::Nl) => format!("{checked_words} waarop onze besteScore binnen de tijdslimiet antwoordde"),
    };
    match (language, same, checked_n) {
        (Language::En, _, 0) => "No besteScore answer of our program was checked in these results.".to_string(),
        (Language::En, a, n) if a == n => format!(
            "The course's test program checked this on all {asked_n}: on each, our besteScore gave the \
             score and a best move of its exact implementation, and visited exactly as many positions as a complete \
             minimax without pruning that counts every position, the start included. So it searches the whole game \
             tree, no more and no less."
        ),
        (Language::En, a, _) => format!(
            "On {a} of the {checked_words} checked our besteScore gave the score and the number of positions of a \
             complete minimax without pruning; on the others it did not (the first is in the answer to the next \
             question)."
        ),
        (Language::Nl, _, 0) => {
            "Geen enkel antwoord van onze besteScore is in deze resultaten gecontroleerd.".to_string()
        }
        (Language::Nl, a, n) if a == n => format!(
            "Het testprogramma van het vak heeft dit op alle {asked_n} gecontroleerd: telkens gaf onze \
             besteScore de score en een beste zet van zijn exacte implementatie, en bekeek hij precies zoveel standen \
             als een volledige minimax zonder snoeien die elke stand telt, de beginstand meegerekend. Hij doorzoekt \
             dus de hele spelboom."
        ),
        (Language::Nl, a, _) => format!(
            "Op {a} van de {checked_words} die gecontroleerd zijn, gaf onze besteScore de score en het aantal \
             standen van een volledige minimax zonder snoeien; op de andere niet (de eerste staat in het antwoord op \
             de volgende vraag)."
        ),
    }
}

/// "The program's besteScore was not asked in these results."
fn best_not_asked(language: Language) -> &'static str {
    language.pick(
        "Our program's besteScore was not asked in these results.",
        "Onze besteScore is in deze resultaten niet gevraagd.",
    )
}

fn scores(own: &[&Loaded], language: Language) -> Sentences {
    let mut s = Sentences::default();
    let Some(best) = asked(own, "best") else {
        s.text(best_not_asked(language));
        return s;
    };
    let t = &best.table;
    // The question is about spel1 and spel3; spel2, the position of more than a billion,
    // is the next question's.
    let asked_here: Vec<&str> = named_positions(t).into_iter().filter(|p| *p != "spel2.txt").collect();
    let answered: Vec<(&str, &Vec<String>)> =
        asked_here.into_iter().filter_map(|p| Some((p, row(t, p, "best")?))).collect();
    let first = answered.first().map(|(_, r)| best_sentence(t, r, TO_MOVE, language)).unwrap_or_default();
    for (i, (position, r)) in answered.iter().enumerate() {
        // The first answer names besteScore and whom its score is for; the next say "it".
        let sentence = match i {
            0 => first.clone(),
            _ => without_repeated_median(again(best_sentence(t, r, TO_MOVE, language), language), &first),
        };
        s.text(language.pick("On ", "Op ")).code(*position).text(" ").text(sentence);
        s.text(if i + 1 < answered.len() { ". " } else { "" });
    }
    // The table and the positions' pictures are cited once, after the last answer.
    if !answered.is_empty() {
        s.text(" (").table(&best.name);
        let drawn: Vec<String> = (answered.iter())
            .map(|(p, _)| super::picture::start_name(p))
            .filter(|start| has_picture(best, start))
            .collect();
        if let Some((first, rest)) = drawn.split_first() {
            let whose = match rest.is_empty() {
                true => language.pick("; the position in ", "; de stand in "),
                false => language.pick("; the positions in ", "; de standen in "),
            };
            s.text(whose).picture(&best.name, first);
            for other in rest {
                s.also(&best.name, other);
            }
        }
        s.text("). ");
    }
    if let Some(g) = asked(own, "good") {
        good_sentences(s.paragraph(), t, g, language);
    }
    if let Some(m) = asked(own, "match") {
        let single = asked(own, "good").map(|g| good_sims(&g.table));
        match_sentences(&mut s, m, single, language);
    }
    s.paragraph();
    if let Some((l, r)) = first_wrong(&[best]) {
        let (position, question) = (shown(&l.table, r, "position"), shown(&l.table, r, "question"));
        let check = check_words_in(language, &l.table, r);
        s.text(match language {
            Language::En => format!("The first wrong answer: {position} {question}, {check}. "),
            Language::Nl => format!("Het eerste foute antwoord: {position} {question}, {check}. "),
        });
        if let Some(words) = shrunk_words_in(language, &l.table, r) {
            s.text(words).text(" ");
        }
    }
    if let Some(words) = growth_between(t, ("spel1.txt", "spel3.txt"), language) {
        s.text(words);
    }
    let mut slower_on = None;
    for position in ["spel1.txt", "spel3.txt"] {
        let Some((words, slower)) =
            asked(own, "good").and_then(|g| speed_against_worth(t, &g.table, position, language))
        else {
            continue;
        };
        s.text(words);
        if slower && slower_on.is_none() {
            slower_on = Some(position);
        }
    }
    let sims = asked(own, "good").map_or(GOOD_SIMS, |g| good_sims(&g.table));
    let sims = number_in(language, &count(u64::from(sims)));
    if let Some(position) = slower_on {
        s.text(language.pick(
            format!(
                "On a tree as small as that of {position} the exact search is even cheaper than bepaalGoedeZet's \
                 {sims} simulations a move; the simulations pay only where the tree is large. "
            ),
            format!(
                "Op een boom zo klein als die van {position} is exact zoeken zelfs goedkoper dan de {sims} simulaties \
                 per zet van bepaalGoedeZet; de simulaties lonen pas waar de boom groot is. "
            ),
        ));
    }
    s.text(language.pick(
        format!(
            "So besteScore gives the exact value at a cost that grows with the game tree; bepaalGoedeZet costs \
             {sims} random games per move, each as long as the moves left to play, and its move is an estimate \
             that can be worse than the best."
        ),
        format!(
            "besteScore geeft dus de exacte waarde, tegen kosten die met de spelboom meegroeien; bepaalGoedeZet kost \
             per zet {sims} willekeurige spellen, elk zo lang als het aantal zetten dat nog te spelen is, en zijn \
             zet is een schatting die slechter kan zijn dan de beste."
        ),
    ));
    s
}

/// On `position`: bepaalGoedeZet's time against besteScore's, and what its move was worth
/// against the best (where the check valued it); and whether it was the slower of the two.
fn speed_against_worth(best: &CsvTable, good: &CsvTable, position: &str, language: Language) -> Option<(String, bool)> {
    let b = row(best, position, "best").filter(|r| agreed(best, r))?;
    let g = row(good, position, "good").filter(|r| agreed(good, r))?;
    let (bs, gs) = (best.number(b, "solver_seconds")?, good.number(g, "solver_seconds")?);
    let (bs, gs) = (crate::report::asked::as_printed(bs), crate::report::asked::as_printed(gs));
    if !resolved(bs) {
        return None;
    }
    let (bw, gw) = (seconds_words_in(language, bs), seconds_words_in(language, gs));
    // No ratio rests on a time under the timer's resolution.
    let slower = resolved(gs) && gs > bs;
    let faster = match (resolved(gs), slower) {
        (true, false) => {
            let f = number_in(language, &format_seconds(bs / gs));
            language.pick(format!(", {f} times faster"), format!(", {f} keer zo snel"))
        }
        (true, true) => {
            let f = number_in(language, &format_seconds(gs / bs));
            language.pick(format!(", {f} times slower"), format!(", {f} keer zo langzaam"))
        }
        (false, _) => String::new(),
    };
    let best_move = best.cell(b, "given").and_then(parse_best).map(|p| p.1);
    let chose_best = best_move.as_deref() == good.cell(g, "given");
    let worth = match good.cell(g, "detail").and_then(loss_of) {
        // The same move as besteScore's best: the answer before the conclusion says so.
        _ if chose_best => String::new(),
        Some(0) => language
            .pick(", and its move was worth as much as the best", ", en zijn zet was even veel waard als de beste")
            .to_string(),
        Some(k) => language.pick(
            format!(", but its move was {} worse than the best", points(k as f64, language)),
            format!(", maar zijn zet was {} minder waard dan de beste", points(k as f64, language)),
        ),
        None => String::new(),
    };
    let words = language.pick(
        format!("On {position} bepaalGoedeZet took {gw} against {bw} for besteScore{faster}{worth}. "),
        format!("Op {position} kostte bepaalGoedeZet {gw} tegen {bw} voor besteScore{faster}{worth}. "),
    );
    Some((words, slower))
}

/// A [`best_sentence`] after the first: "it gives score 1" for "our besteScore gives score 1
/// for the player to move".
fn again(sentence: String, language: Language) -> String {
    let (subject, whom) = language.pick(
        (("our besteScore", "it"), (" for the player to move", "")),
        (("onze besteScore", "hij"), (" voor de speler aan beurt", "")),
    );
    sentence.replacen(subject.0, subject.1, 1).replacen(whom.0, whom.1, 1)
}

/// The second of two [`best_sentence`]s without its time's "the median of 6 runs" where
/// the first said the same.
fn without_repeated_median(sentence: String, first: &str) -> String {
    let median = |s: &str| {
        let at = s.find(", the median of ").or_else(|| s.find(", de mediaan van "))?;
        let end = s[at + 2..].find([',', ')']).map_or(s.len(), |e| at + 2 + e);
        Some(s[at..end].to_string())
    };
    match (median(&sentence), median(first)) {
        (Some(a), Some(b)) if a == b => sentence.replacen(&a, "", 1),
        _ => sentence,
    }
}

/// Whom a score is for where no player is named.
const TO_MOVE: (&str, &str) = ("the player to move", "de speler aan beurt");

/// "our besteScore gives score 0 for `whom` (English, Dutch), best move ..., in 579 µs"
/// (in Dutch the verb first: it follows "Op spel1.txt" or "Hier").
fn best_sentence(t: &CsvTable, r: &[String], whom: (&str, &str), language: Language) -> String {
    let given = t.cell(r, "given").unwrap_or_default();
    let time = time_words_in(language, t, r).map(|w| format!(", in {w}")).unwrap_or_default();
    // The introduction says every answer was checked; a sentence says so only where one
    // was not correct.
    let check = match agreed(t, r) {
        true => String::new(),
        false => format!("; {}", check_words_in(language, t, r)),
    };
    let Some((value, mv, positions)) = parse_best(given) else {
        return language.pick(
            format!("our besteScore gave no answer{check}"),
            format!("gaf onze besteScore geen antwoord{check}"),
        );
    };
    let (value, mv) = (score(value as f64), move_text_in(language, &mv));
    let visited = counted_in(language, &count(positions), "position", ("stand", "standen"));
    match language {
        Language::En => {
            format!("our besteScore gives score {value} for {}, best move {mv}, after {visited}{time}{check}", whom.0)
        }
        Language::Nl => {
            format!("geeft onze besteScore score {value} voor {}, beste zet {mv}, na {visited}{time}{check}", whom.1)
        }
    }
}

/// How many times the positions and the time of the program's besteScore grow from the
/// first position of `pair` to the second (the time only where both took 1 ms or more).
fn growth_between(t: &CsvTable, (small, large): (&str, &str), language: Language) -> Option<String> {
    let cells = |p: &str| {
        let r = row(t, p, "best").filter(|r| agreed(t, r))?;
        Some((parse_best(t.cell(r, "given")?)?.2, t.number(r, "solver_seconds")))
    };
    let ((p1, s1), (p2, s2)) = (cells(small)?, cells(large)?);
    if p1 == 0 {
        return None;
    }
    let factor = |v: f64| number_in(language, &format_seconds(v));
    let positions = factor(p2 as f64 / p1 as f64);
    let timed = |s: Option<f64>| s.filter(|s| *s >= crate::results::row::RESOLUTION_SECONDS);
    let (s1, s2) = (s1.map(crate::report::asked::as_printed), s2.map(crate::report::asked::as_printed));
    let time = match (timed(s1), timed(s2)) {
        (Some(a), Some(b)) => language
            .pick(format!(" and {} times the time", factor(b / a)), format!(" en {} keer zoveel tijd", factor(b / a))),
        _ => String::new(),
    };
    Some(language.pick(
        format!("On {large} besteScore visits {positions} times the positions it visits on {small}{time}. "),
        format!("Op {large} bekijkt besteScore {positions} keer zoveel standen als op {small}{time}. "),
    ))
}

/// A's distinct moves on `position` as the program's bepaalVerschillendeZetten gave them
/// (checked), and why there are no others: a move must fit in a row.
fn distinct_moves(t: &CsvTable, position: &str, language: Language) -> Option<String> {
    let r = row(t, position, "moves").filter(|r| agreed(t, r))?;
    let moves: Vec<String> = t.cell(r, "given")?.split_whitespace().map(|m| move_text_in(language, m)).collect();
    if moves.is_empty() {
        return None;
    }
    let list = listed_in(&moves, language);
    Some(language.pick(
        format!(
            "A's distinct moves, as our bepaalVerschillendeZetten gives them, are {list}: a colour of a bowl is a \
             move only where all its tiles fit in one of A's rows that is empty or holds that colour. "
        ),
        format!(
            "De verschillende zetten van A, zoals onze bepaalVerschillendeZetten ze geeft, zijn {list}: een kleur \
             van een schaal is alleen een zet als al die tegels passen in een rij van A die leeg is of die kleur \
             heeft. "
        ),
    ))
}

/// How many points a good move loses against the best score, as the check's detail says
/// it ("loses 1 against the best score ...").
fn loss_of(detail: &str) -> Option<i64> {
    detail.strip_prefix("loses ")?.split_once(' ')?.0.parse().ok()
}

/// The program's good moves on the named positions, against its own best moves.
fn good_sentences(s: &mut Sentences, best: &CsvTable, good: &Loaded, language: Language) {
    let g = &good.table;
    let sims = number_in(language, &count(u64::from(good_sims(g))));
    let mut words: Vec<String> = Vec::new();
    let mut choices: Vec<(&str, String, String, String)> = Vec::new();
    for position in named_positions(g) {
        let Some(r) = row(g, position, "good") else { continue };
        let chosen = g.cell(r, "given").unwrap_or_default();
        let best_move = row(best, position, "best").and_then(|b| parse_best(best.cell(b, "given")?)).map(|b| b.1);
        let loss = g.cell(r, "detail").and_then(loss_of);
        let same = match (best_move, loss) {
            (Some(m), _) if m == chosen => {
                language.pick(", besteScore's best move", ", de beste zet van besteScore").to_string()
            }
            (Some(m), Some(0)) => language.pick(
                format!(", not besteScore's best move {} but worth as much", move_text_in(language, &m)),
                format!(", niet de beste zet {} van besteScore maar even veel waard", move_text_in(language, &m)),
            ),
            (Some(m), Some(k)) => language.pick(
                format!(
                    ", {} worse than besteScore's best move {}",
                    points(k as f64, language),
                    move_text_in(language, &m)
                ),
                format!(
                    ", {} minder waard dan de beste zet {} van besteScore",
                    points(k as f64, language),
                    move_text_in(language, &m)
                ),
            ),
            (Some(_), None) => {
                language.pick(", not besteScore's best move", ", niet de beste zet die besteScore geeft").to_string()
            }
            (None, _) => String::new(),
        };
        // A move that is not one of the position's distinct moves says so (the others
        // are, as the check's "correct" says).
        let legal = match agreed(g, r) {
            true => String::new(),
            false => format!(" ({})", check_words_in(language, g, r)),
        };
        let chosen = move_text_in(language, chosen);
        choices.push((position, chosen, legal, same));
    }
    if choices.is_empty() {
        return;
    }
    // Where every move chosen is besteScore's best, that is said once, after them all.
    let best_words = language.pick(", besteScore's best move", ", de beste zet van besteScore");
    let all_best = choices.len() > 1 && choices.iter().all(|c| c.3 == best_words);
    for (position, chosen, legal, same) in &choices {
        let same = if all_best { "" } else { same.as_str() };
        // The first position opens the sentence; each next one is a clause of its own.
        words.push(match (words.is_empty(), language, all_best) {
            (true, Language::En, _) => format!(
                "With {sims} simulations a move our bepaalGoedeZet (the \
                 assignment calls it bepaalGoedeScore) chose {chosen} on {position}{legal}{same}"
            ),
            (true, Language::Nl, _) => format!(
                "Met {sims} simulaties per zet koos onze bepaalGoedeZet (de \
                 opdracht noemt hem bepaalGoedeScore) op {position} {chosen}{legal}{same}"
            ),
            (false, Language::En, true) => format!("{chosen} on {position}{legal}"),
            (false, Language::Nl, true) => format!("op {position} {chosen}{legal}"),
            (false, Language::En, false) => format!("on {position} it chose {chosen}{legal}{same}"),
            (false, Language::Nl, false) => format!("op {position} koos hij {chosen}{legal}{same}"),
        });
    }
    let said = match all_best {
        true => format!(
            "{}{}",
            listed_in(&words, language),
            language.pick(", each time besteScore's best move", ", telkens de beste zet van besteScore")
        ),
        false => words.join("; "),
    };
    s.text(format!("{said} (")).table(&good.name).text("). ").text(language.pick(
        "bepaalGoedeZet plays random games from each move, so with another seed (as in the whole games \
         below) it may choose another move. ",
        "bepaalGoedeZet speelt vanuit elke zet willekeurige spellen, dus met een ander startgetal (zoals in de \
         hele partijen hieronder) kan hij een andere zet kiezen. ",
    ));
}

/// The simulations a move bepaalGoedeZet was asked with (`sims N` beside its answers;
/// rows written before they were recorded were asked with [`GOOD_SIMS`]).
fn good_sims(t: &CsvTable) -> u32 {
    let recorded = |r: &&Vec<String>| t.cell(r, "reference_evidence")?.strip_prefix("sims ")?.parse().ok();
    rows_of(t, "good").iter().find_map(recorded).unwrap_or(GOOD_SIMS)
}

/// The simulations a move of the whole games took, from an expected game
/// ("good scores 0 (the engine against itself; sims 1000)").
fn match_sims(t: &CsvTable) -> Option<u32> {
    rows_of(t, "match")
        .into_iter()
        .find_map(|r| t.cell(r, "expected")?.split("sims ").nth(1)?.trim_end_matches(')').parse().ok())
}

/// The program's good play against its besteScore in whole games: each game on a named
/// position, and how many on the random positions reached the optimal score.
/// `single`: the simulations a move bepaalGoedeZet was asked with alone (its own table),
/// where the games use fewer and say why.
fn match_sentences(s: &mut Sentences, m: &Loaded, single: Option<u32>, language: Language) {
    let t = &m.table;
    let mut words: Vec<(&str, Vec<String>)> = Vec::new();
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
        let clause = game_words(first, scored, optimum, language);
        match words.iter_mut().find(|(f, _)| *f == file) {
            Some((_, clauses)) => clauses.push(clause),
            None => words.push((file, vec![clause])),
        }
    }
    if !words.is_empty() {
        // A file's two games in one clause: "on spel1.txt moving first it ... and moving second it ...".
        let on = language.pick("on", "op");
        let words: Vec<String> =
            words.iter().map(|(file, clauses)| format!("{on} {file} {}", listed_in(clauses, language))).collect();
        let words = words.join("; ");
        let sims = match_sims(t);
        let fewer = match (sims, single) {
            (Some(game), Some(alone)) if game < alone => language.pick(
                ", fewer than above: a game calls it once for each of its own moves",
                ", minder dan hierboven: een partij roept hem bij elke eigen zet aan",
            ),
            _ => "",
        };
        let sims = sims.map(|n| number_in(language, &count(u64::from(n))));
        let good = match (sims, language) {
            (Some(n), Language::En) => format!("our bepaalGoedeZet ({n} simulations a move{fewer})"),
            (Some(n), Language::Nl) => format!("onze bepaalGoedeZet ({n} simulaties per zet{fewer})"),
            (None, Language::En) => "our bepaalGoedeZet".to_string(),
            (None, Language::Nl) => "onze bepaalGoedeZet".to_string(),
        };
        s.text(language.pick(
            format!("In whole games of {good} against its own besteScore, {words} ("),
            format!("In hele spellen van {good} tegen zijn eigen besteScore: {words} ("),
        ))
        .table(&m.name)
        .text("). ");
    }
    // The random positions' games are not in the table: said as such.
    if random_games > 0 {
        let games = counted_in(language, &random_games.to_string(), "game", ("spel", "spellen"));
        s.text(language.pick(
            format!(
                "On random positions of growing size (not in the table) it reached the optimal score in \
                 {random_optimal} of {games}. "
            ),
            format!(
                "Op willekeurige standen van toenemende grootte (niet in de tabel) haalde hij de optimale score in \
                 {random_optimal} van de {games}. "
            ),
        ));
    }
}

/// One game of good play, said after its file: "moving first it reached the optimal score 0".
fn game_words(first: bool, scored: i64, optimum: i64, language: Language) -> String {
    let side = match first {
        true => language.pick("moving first", "als eerste aan zet"),
        false => language.pick("moving second", "als tweede aan zet"),
    };
    let (opt, got, short) = (score(optimum as f64), score(scored as f64), points((optimum - scored) as f64, language));
    match (language, scored >= optimum) {
        (Language::En, true) => format!("{side} it reached the optimal score {opt}"),
        (Language::En, false) => format!("{side} it scored {got}, {short} below the optimal {opt}"),
        (Language::Nl, true) => format!("haalde hij {side} de optimale score {opt}"),
        (Language::Nl, false) => format!("scoorde hij {side} {got}, {short} onder de optimale {opt}"),
    }
}

fn billion(best: Option<&Loaded>, language: Language) -> Sentences {
    let mut s = Sentences::default();
    let Some(best) = best else {
        s.text(best_not_asked(language));
        return s;
    };
    let t = &best.table;
    let largest = rows_of(t, "best")
        .into_iter()
        .filter(|r| agreed(t, r))
        .filter_map(|r| Some((r, parse_best(t.cell(r, "given")?)?.2)))
        .max_by_key(|(_, p)| *p);
    let Some((r, positions)) = largest else {
        s.text(language.pick(
            "No besteScore answer of our program was correct in these results.",
            "Geen enkel antwoord van onze besteScore was in deze resultaten goed.",
        ));
        return s;
    };
    let position = t.cell(r, "position").unwrap_or_default();
    let (value, mv) = t.cell(r, "given").and_then(parse_best).map(|(v, m, _)| (v, m)).unwrap_or_default();
    let seconds = t.number(r, "solver_seconds").unwrap_or(f64::INFINITY);
    let (visited, time) = (number_in(language, &count(positions)), seconds_words_in(language, seconds));
    // spel2.txt is the position the assignment asks the students to make for this question.
    let made = match (position == "spel2.txt" && !course_files(&[best]).iter().any(|f| f == position), language) {
        (true, Language::En) => ", a position we made for this question,",
        (true, Language::Nl) => ", een stand die we voor deze vraag maakten,",
        (false, _) => "",
    };
    s.text(language.pick("On ", "Op "))
        .code(position)
        .text(language.pick(
            format!("{made} our besteScore visits {visited} positions in {time} ("),
            format!("{made} bekijkt onze besteScore {visited} standen in {time} ("),
        ))
        .table(&best.name)
        .text(billion_verdict(positions > 1_000_000_000, seconds <= 3600.0, language));
    let mv = move_text_in(language, &mv);
    s.text(language.pick(
        format!(" Its answer: score {} for the player to move, best move {mv}.", score(value as f64)),
        format!(" Het antwoord: score {} voor de speler aan beurt, beste zet {mv}.", score(value as f64)),
    ));
    let start = super::picture::start_name(position);
    if has_picture(best, &start) {
        s.text(language.pick(
            " The position is drawn whole (pot, bowls, both boards, player to move) in ",
            " De stand staat volledig getekend (pot, schalen, beide borden, speler aan beurt) in ",
        ))
        .picture(&best.name, &start)
        .text(".");
    }
    if positions <= 1_000_000_000 {
        s.text(language.pick(
            " So these results do not answer the question: it needs a position of more than a billion positions \
             among the instances of the besteScore experiment.",
            " Deze resultaten beantwoorden de vraag dus niet: daarvoor is onder de instanties van het \
             besteScore-experiment een stand nodig waarin meer dan een miljard standen bekeken worden.",
        ));
    }
    s
}

/// One move of the greedy position as the program's answers value it.
struct Valued {
    /// The move as the assignment writes it.
    mv: String,
    /// Whether it is greedy's move.
    greedy: bool,
    /// Its value for A: minus the program's besteScore for the opponent after it.
    value: i64,
    /// Whether the program's answer after it was the reference's, in words.
    check: String,
    /// Whether it agreed.
    agreed: bool,
    /// The reference's line of best play after it, where the row records one.
    line: Option<Line>,
}

/// The rows after each move of `position` in the greedy table, valued.
fn valued_moves(t: &CsvTable, position: &str, language: Language) -> Vec<Valued> {
    let prefix = format!("{position} after ");
    rows_of(t, "greedy")
        .into_iter()
        .filter_map(|r| {
            let label = t.cell(r, "position")?.strip_prefix(&prefix)?;
            let (mv, greedy) = match label.strip_suffix(" (greedy)") {
                Some(mv) => (mv, true),
                None => (label, false),
            };
            let (opponent, _, _) = parse_best(t.cell(r, "given")?)?;
            Some(Valued {
                mv: move_text_in(language, mv),
                greedy,
                value: -opponent,
                check: check_words_in(language, t, r),
                agreed: checked(t, r) && agreed(t, r),
                line: t.cell(r, "reference_evidence").and_then(Line::parse),
            })
        })
        .collect()
}

fn greedy(greedy: Option<&Loaded>, language: Language) -> Sentences {
    let mut s = Sentences::default();
    let Some(g) = greedy else {
        s.text(language.pick(
            "The greedy question was not asked of our program in these results.",
            "De vraag over de gretige zet is in deze resultaten niet aan ons programma gesteld.",
        ));
        return s;
    };
    let t = &g.table;
    for position in named_positions(t).into_iter().filter(|p| !p.contains(" after ")) {
        let Some(best) = row(t, position, "best") else { continue };
        s.text(language.pick("In ", "In ")).code(position).text(call_it_a(language));
        let start = super::picture::start_name(position);
        let tree = start.replacen("start-", "tree-", 1);
        if has_picture(g, &tree) {
            s.text(language.pick("The position is the top of the tree in ", "De stand is de top van de boom in "))
                .picture(&g.name, &tree)
                .text(". ");
        } else if has_picture(g, &start) {
            s.text(language.pick("The position is drawn in ", "De stand staat getekend in "))
                .picture(&g.name, &start)
                .text(". ");
        }
        let values = valued_moves(t, position, language);
        if let Some(moves) = distinct_moves(t, position, language) {
            s.text(moves);
        }
        s.text(language.pick(
            format!("Here {}. ", best_sentence(t, best, ("A", "A"), language)),
            format!("Hier {}. ", best_sentence(t, best, ("A", "A"), language)),
        ));
        s.text(worth_words(&values, language));
        for line in values.iter().filter_map(|v| v.line.as_ref()) {
            s.text(format!("{} ", line_sentence(line, language)));
        }
        s.text(greedy_verdict(&values, language));
        s.text(match values.iter().find(|v| !v.agreed) {
            None => language.pick("The answers are in ", "De antwoorden staan in ").to_string(),
            Some(v) => language.pick(
                format!("Not every answer is correct: {} (", v.check),
                format!("Niet elk antwoord is goed: {} (", v.check),
            ),
        })
        .table(&g.name)
        .text(if values.iter().all(|v| v.agreed) { "." } else { ")." });
        if has_picture(g, &tree) {
            s.text(language.pick(" The reasoning is drawn in ", " De redenering staat getekend in "))
                .picture(&g.name, &tree)
                .text(tree_words(None, language));
        }
    }
    s
}

/// "After (2,g) it gives the opponent the score 1, so the move is worth −1 to A; after
/// (2,b) the score 2, ...": it follows the sentence that names our besteScore.
fn worth_words(values: &[Valued], language: Language) -> String {
    if values.is_empty() {
        return String::new();
    }
    let moves: Vec<String> = (values.iter().enumerate())
        .map(|(i, v)| {
            let (opponent, worth) = (score(-v.value as f64), score(v.value as f64));
            let mv = &v.mv;
            match (i, language) {
                (0, Language::En) => {
                    format!("after {mv} it gives the opponent the score {opponent}, so the move is worth {worth} to A")
                }
                (_, Language::En) => format!("after {mv} the score {opponent}, so the move is worth {worth} to A"),
                (0, Language::Nl) => {
                    format!("na {mv} geeft hij de tegenspeler de score {opponent}, dus de zet is {worth} waard voor A")
                }
                (_, Language::Nl) => format!("na {mv} de score {opponent}, dus de zet is {worth} waard voor A"),
            }
        })
        .collect();
    format!("{}. ", capitalised(&moves.join("; ")))
}

/// Greedy's move and what it costs A against the best move.
fn greedy_verdict(values: &[Valued], language: Language) -> String {
    let Some(greedy) = values.iter().find(|v| v.greedy) else {
        return language
            .pick(
                "Our program was not asked besteScore after greedy's move. ",
                "Na de gretige zet is ons programma niet naar besteScore gevraagd. ",
            )
            .to_string();
    };
    let mut text = match language {
        Language::En => format!(
            "Greedy takes {}: it fills a row as far as it can and does not look at what the opponent can do next. ",
            greedy.mv
        ),
        Language::Nl => format!(
            "De gretige zet is {}: hij vult een rij zo ver als hij kan en kijkt niet naar wat de tegenspeler daarna \
             kan doen. ",
            greedy.mv
        ),
    };
    let best = values.iter().map(|v| v.value).max().filter(|&b| b > greedy.value);
    text.push_str(&match best {
        Some(b) => {
            let (left, gives, cost) =
                (score(greedy.value as f64), score(b as f64), points((b - greedy.value) as f64, language));
            match language {
                Language::En => format!(
                    "It leaves A {left} where the best move gives {gives}: greedy's move costs A {cost}, so the \
                     greedy move is not always optimal. "
                ),
                Language::Nl => format!(
                    "Die levert A {left} op, waar de beste zet {gives} geeft: de gretige zet kost A {cost}, dus de \
                     gretige zet is niet altijd optimaal. "
                ),
            }
        }
        None => language
            .pick(
                "On this position greedy's move is as good as the best one. ",
                "In deze stand is de gretige zet even goed als de beste. ",
            )
            .to_string(),
    });
    text
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

#[cfg(test)]
mod tests;
