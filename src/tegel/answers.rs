//! The tile game's answers to the assignment's report questions (seed 000, "Verslag"),
//! T1 to T7 in its order: what the engine does in words, and every measured fact as a
//! sentence written from the cells of the table it names (`tegel_best`, `tegel_good`,
//! `tegel_match`, `tegel_greedy`, `tegel_sweep`). A question whose table did not run
//! says so instead.

use super::greedy_line::parse_lines;
use super::greedy_words::line_sentence;
use super::score_text::score;
use super::sweep_answers::{sweep_conclusions, sweep_rule};
use super::words::{listed, simulations};
use crate::report::answers::{counted_in, number_in, of_kind, shown, Answer, Sentences};
use crate::report::language::Language;
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

/// The headings of [`QUESTIONS`] in Dutch, in the same order.
pub const DUTCH_HEADINGS: [&str; 7] = [
    "Het spel en de opdracht",
    "Hoe bepaalt besteScore de eindscore als beide spelers optimaal spelen?",
    "besteScore en bepaalGoedeZet op spel1 en spel3: welke conclusie volgt daaruit?",
    "Een stand waarin besteScore binnen een uur meer dan een miljard standen bekijkt",
    "De gretige zet is niet altijd optimaal: een stand vlak voor het einde, beredeneerd",
    "Het experiment met ongedaan gemaakte zetten (doeExperiment) op spel4 en spel5",
    "Welke conclusies volgen uit het experiment?",
];

/// The questions' ids and headings in `language`, in the assignment's order.
pub fn questions(language: Language) -> impl Iterator<Item = (&'static str, &'static str)> {
    QUESTIONS.iter().zip(DUTCH_HEADINGS).map(move |(&(id, en), nl)| (id, language.pick(en, nl)))
}

/// Every answer T1 to T7 from the tile game's tables among `own`, in `language`.
pub fn answers(own: &[&Loaded], language: Language) -> Vec<Answer> {
    let best = of_kind(own, "best");
    let sweep = of_kind(own, "sweep");
    let l = language;
    let texts = [
        (intro(l), vec![]),
        (engine(l), vec![]),
        (scores(best, of_kind(own, "good"), of_kind(own, "match"), l), vec!["best", "good", "match"]),
        (billion(best, l), vec![]),
        (greedy(of_kind(own, "greedy"), l), vec!["greedy"]),
        (sweep_rule(sweep, l), vec!["sweep"]),
        (sweep_conclusions(sweep, l), vec![]),
    ];
    questions(language)
        .zip(texts)
        .map(|((id, question), (text, shows))| Answer { id, question, parts: text.0, shows })
        .collect()
}

/// The rules of the game in a few sentences (shared with the solver's answers).
pub(super) fn rules_words(language: Language) -> &'static str {
    language.pick(
        "Two players, 0 and 1, take turns. A move takes every tile of one colour (yellow g or blue b) from one \
         bowl and lays them in one row of the mover's own board: the fullest row that is empty or of that colour \
         and still has room for them all (a move is only allowed where such a row exists); the bowls are \
         refilled from a pot whose order both players know. The game ends when a player has filled every row or the player to move cannot move; \
         a player's score is her full rows minus her opponent's. ",
        "Twee spelers, 0 en 1, zijn om de beurt aan zet. Een zet neemt alle tegels van één kleur (geel g of blauw \
         b) van één schaal en legt ze in één rij op het eigen bord van de speler: de volste rij die leeg is of al \
         tegels van die kleur heeft en waar ze nog allemaal in passen (een zet mag alleen als er zo'n rij is); de \
         schalen worden bijgevuld uit een pot waarvan beide spelers de volgorde kennen. Het spel is afgelopen als een speler al haar rijen vol \
         heeft of als de speler aan beurt geen zet kan doen; de score van een speler is haar aantal volle rijen \
         min dat van haar tegenspeler. ",
    )
}

pub(super) fn intro(language: Language) -> Sentences {
    let mut s = Sentences::default();
    s.text(rules_words(language));
    s.text(language.pick(
        "The assignment asks for besteScore (exhaustive search of the final score under optimal play), \
         bepaalGoedeZet (a Monte Carlo good move) and doeExperiment (besteScore after each move undone). Only ",
        "De opdracht vraagt om besteScore (uitputtend zoeken naar de eindscore bij optimaal spel), bepaalGoedeZet \
         (een goede zet via Monte Carlo) en doeExperiment (besteScore na elke zet die ongedaan wordt gemaakt). \
         Alleen ",
    ))
    .code("spel1.txt")
    .text(
        language
            .pick(" is the course's file (its Figure 3); ", " is het bestand van het vak (Figuur 3 van de opdracht); "),
    )
    .code("spel2.txt")
    .text(language.pick(" to ", " tot en met "))
    .code("spel5.txt")
    .text(language.pick(" and ", " en "))
    .code("greedy.txt")
    .text(language.pick(
        " are the harness's own, grown or searched by its commands (the same command makes the same file; \
         docs/tegel.md, \"Instances\"), so their numbers differ from the course's files of the same names.",
        " zijn van de harness zelf, gemaakt of gezocht met haar commando's (hetzelfde commando maakt hetzelfde \
         bestand; docs/tegel.md, \"Instances\"), dus hun getallen verschillen van die van de bestanden van het vak \
         met dezelfde namen.",
    ));
    s
}

fn engine(language: Language) -> Sentences {
    let mut s = Sentences::default();
    s.text(language.pick(
        "besteScore is a negamax over the distinct moves of the player to move (two moves are the same when they \
         take as many tiles of the same colour): at an end position it returns the mover's score, otherwise it does \
         each move, negates the opponent's best score in the position reached, undoes the move and keeps the \
         maximum, the first move in list order reaching it being the best move. It works on one position with do \
         and undo rather than on copies: undoing needs only the move, its row and the number of tiles drawn from \
         the pot, far less than copying pot, bowls and boards at every node. It walks the whole tree without \
         pruning, because the assignment counts the positions visited; the memo (src/tegel/memo.rs) is a separate \
         search, marked as such in the tables, that returns the same counts. Code and proofs: src/tegel/search.rs.",
        "besteScore is een negamax over de verschillende zetten van de speler aan beurt (twee zetten zijn hetzelfde \
         als ze evenveel tegels van dezelfde kleur nemen): in een eindstand geeft hij de score van de speler aan \
         beurt terug; anders doet hij elke zet, neemt hij de tegengestelde waarde van de beste score van de \
         tegenspeler in de bereikte stand, maakt hij de zet ongedaan en onthoudt hij het maximum; de eerste zet in \
         de volgorde van de lijst die dat maximum haalt, is de beste zet. Hij werkt met doezet en undoezet op één \
         stand in plaats van met kopieën: voor het ongedaan maken zijn alleen de zet, de rij en het aantal tegels \
         uit de pot nodig, veel minder dan een kopie van pot, schalen en borden in elke knoop. Hij doorzoekt de hele \
         boom zonder te snoeien, omdat de opdracht het aantal bekeken standen telt; de memo (src/tegel/memo.rs) is \
         een aparte zoekmethode, in de tabellen als zodanig aangegeven, die dezelfde aantallen geeft. Code en \
         bewijzen: src/tegel/search.rs.",
    ));
    s
}

/// The row of `table` whose `column` names `instance`: the same file, whether or not
/// the cells give its directory (`tegel/spel1.txt` and `spel1.txt`).
fn row_of<'a>(table: &'a CsvTable, column: &str, instance: &str) -> Option<&'a Vec<String>> {
    let file = |name: &str| name.rsplit('/').next().unwrap_or(name).to_string();
    table.rows.iter().find(|r| table.cell(r, column).is_some_and(|c| c == instance || file(c) == file(instance)))
}

fn scores(best: Option<&Loaded>, good: Option<&Loaded>, matches: Option<&Loaded>, language: Language) -> Sentences {
    let mut s = Sentences::default();
    let Some(best) = best else {
        s.text(
            language
                .pick("besteScore did not run in these results.", "besteScore is in deze resultaten niet uitgevoerd."),
        );
        return s;
    };
    let t = &best.table;
    let instances: Vec<&str> = match good {
        Some(g) => g.table.column("instance"),
        None => t.column("instance").into_iter().take(2).collect(),
    };
    for instance in &instances {
        let Some(row) = row_of(t, "instance", instance) else { continue };
        s.text(language.pick("On ", "Op ")).code(*instance).text(best_words(t, row, language));
        s.text(rate_words(t, row, language)).table(&best.name).text("). ");
    }
    let all_best = good.map(|g| good_sentences(&mut s, best, g, language));
    let never_short = matches.map(|m| match_sentences(&mut s, best, m, language));
    s.text(scores_conclusion(all_best, never_short, language));
    s
}

/// " besteScore gives score 0 for the player to move with best move (0,b), after 5,578
/// positions in 0.000912 s (", up to the rate.
fn best_words(t: &CsvTable, row: &[String], language: Language) -> String {
    let n = |column: &str| number_in(language, &shown(t, row, column));
    let (value, mv, positions, seconds) = (n("score"), shown(t, row, "best_move"), n("positions"), n("seconds"));
    match language {
        Language::En => format!(
            " besteScore gives score {value} for the player to move with best move {mv}, after {positions} positions \
             in {seconds} s ("
        ),
        Language::Nl => format!(
            " geeft besteScore score {value} voor de speler aan beurt, met beste zet {mv}, na {positions} bekeken \
             standen in {seconds} s ("
        ),
    }
}

/// What the good moves and the matches say of bepaalGoedeZet against besteScore.
fn scores_conclusion(all_best: Option<bool>, never_short: Option<bool>, language: Language) -> &'static str {
    match (all_best, never_short) {
        (Some(true), Some(true)) => language.pick(
            "So on these games the Monte Carlo move was as good as besteScore's: it chose the best move and lost \
             nothing against perfect play, at a fixed number of random games per move where besteScore's cost grows \
             with the tree.",
            "Op deze spellen was de Monte Carlo-zet dus even goed als die van besteScore: hij koos de beste zet en \
             verloor niets tegen perfect spel, met een vast aantal willekeurige spellen per zet, terwijl de kosten van \
             besteScore met de boom meegroeien.",
        ),
        (_, Some(false)) => language.pick(
            "So the Monte Carlo move is often besteScore's, but against perfect play it lost points that besteScore \
             keeps (the shortfalls above); its cost is a fixed number of random games per move, besteScore's grows \
             with the tree.",
            "De Monte Carlo-zet is dus vaak die van besteScore, maar tegen perfect spel verloor hij punten die \
             besteScore wel haalt (de tekorten hierboven); hij kost een vast aantal willekeurige spellen per zet, \
             terwijl de kosten van besteScore met de boom meegroeien.",
        ),
        _ => language.pick(
            "So the Monte Carlo move is a cheap estimate whose quality the tables above measure.",
            "De Monte Carlo-zet is dus een goedkope schatting, waarvan de tabellen hierboven de kwaliteit meten.",
        ),
    }
}

/// The positions per second of `row` in words, ending where the table's reference
/// follows: the rate, or why there is none (a time under 1 ms, or a call timed while other
/// programs had the cores: its time is too high, so no rate is given from it).
fn rate_words(t: &CsvTable, row: &[String], language: Language) -> String {
    if crate::report::view::busy_reader(t)(row) {
        return language
            .pick(
                "timed while other programs had the cores, so the time is too high and no rate is given; ",
                "gemeten terwijl andere programma's de cores bezetten, dus de tijd is te hoog en er wordt geen \
                 snelheid gegeven; ",
            )
            .to_string();
    }
    match t.number(row, "positions_per_second") {
        Some(_) => {
            let rate = number_in(language, &shown(t, row, "positions_per_second"));
            format!("{rate} {}; ", language.pick("positions per second", "standen per seconde"))
        }
        None => language
            .pick(
                "under 1 ms, too short a time to give a rate; ",
                "minder dan 1 ms, te kort om een snelheid te geven; ",
            )
            .to_string(),
    }
}

/// `n` points in `language`.
pub(super) fn points(n: f64, language: Language) -> String {
    counted_in(language, &n.to_string(), "point", ("punt", "punten"))
}

/// Which instances' good move equals besteScore's best move.
fn good_sentences(s: &mut Sentences, best: &Loaded, good: &Loaded, language: Language) -> bool {
    let (t, g) = (&best.table, &good.table);
    let mut same = 0;
    let mut words = Vec::new();
    for row in &g.rows {
        let instance = g.cell(row, "instance").unwrap_or_default();
        let best_move = row_of(t, "instance", instance).and_then(|r| t.cell(r, "best_move"));
        let chosen = g.cell(row, "move").unwrap_or_default();
        same += usize::from(best_move == Some(chosen));
        let verdict = match best_move == Some(chosen) {
            true => language.pick("besteScore's best move", "de beste zet van besteScore"),
            false => language.pick("not besteScore's first best move", "niet de beste zet die besteScore geeft"),
        };
        words.push(format!("{chosen} {} {instance} ({verdict})", language.pick("on", "op")));
    }
    let sims = simulations(&g.rows.first().map(|r| shown(g, r, "sims")).unwrap_or_default(), language);
    let words = words.join(", ");
    s.text(match language {
        Language::En => format!(
            "The assignment's report list asks for the outcome of bepaalGoedeScore, its name there for \
             bepaalGoedeZet. With {sims} per move bepaalGoedeZet chose {words} ("
        ),
        Language::Nl => format!(
            "De lijst met onderdelen van het verslag vraagt naar de uitkomst van bepaalGoedeScore, daar de naam van \
             bepaalGoedeZet. Met {sims} per zet koos bepaalGoedeZet {words} ("
        ),
    })
    .table(&good.name)
    .text(good_verdict(same, g.rows.len(), language));
    same == g.rows.len()
}

/// "): all 3 good moves are besteScore's. "
fn good_verdict(same: usize, n: usize, language: Language) -> String {
    match (language, same, n) {
        (Language::En, 1, 1) => "): the good move is besteScore's. ".to_string(),
        (Language::En, 0, 1) => "): the good move is not besteScore's. ".to_string(),
        (Language::En, 2, 2) => "): both good moves are besteScore's. ".to_string(),
        (Language::En, same, n) if same == n => format!("): all {n} good moves are besteScore's. "),
        (Language::En, same, n) => format!("): {same} of the {n} good moves are besteScore's. "),
        (Language::Nl, 1, 1) => "): de goede zet is die van besteScore. ".to_string(),
        (Language::Nl, 0, 1) => "): de goede zet is niet die van besteScore. ".to_string(),
        (Language::Nl, 2, 2) => "): beide goede zetten zijn die van besteScore. ".to_string(),
        (Language::Nl, same, n) if same == n => format!("): alle {n} goede zetten zijn die van besteScore. "),
        (Language::Nl, same, n) => format!("): {same} van de {n} goede zetten zijn die van besteScore. "),
    }
}

/// How good play's final scores compare with besteScore's value, per instance and side
/// (moving first or second); whether it never fell short.
fn match_sentences(s: &mut Sentences, best: &Loaded, m: &Loaded, language: Language) -> bool {
    let (t, mt) = (&best.table, &m.table);
    let mut instances: Vec<&str> = mt.column("instance");
    instances.dedup();
    let sims = simulations(&mt.rows.first().map(|r| shown(mt, r, "sims")).unwrap_or_default(), language);
    s.text(match language {
        Language::En => {
            format!("Good play (bepaalGoedeZet with {sims} per move) played whole games against besteScore. ")
        }
        Language::Nl => {
            format!("Goed spel (bepaalGoedeZet met {sims} per zet) speelde hele spellen tegen besteScore. ")
        }
    });
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
            never_short &= scores.iter().all(|&g| g >= optimum);
            words.push(side_words(starter == "good", &scores, optimum, language));
        }
        if !words.is_empty() {
            let words = words.join("; ");
            s.text(language.pick("On ", "Op "))
                .code(instance)
                .text(language.pick(format!(", {words}. "), format!(": {words}. ")));
        }
    }
    s.text(language.pick("The games are in ", "De spellen staan in ")).table(&m.name).text(". ");
    never_short
}

/// Good play's `scores` on one side (`first`: it moved first) against the `optimum`.
fn side_words(first: bool, scores: &[f64], optimum: f64, language: Language) -> String {
    let (n, reached) = (scores.len(), scores.iter().filter(|&&g| g >= optimum).count());
    let worst = scores.iter().copied().fold(f64::INFINITY, f64::min);
    let same = scores.iter().all(|&g| g == worst);
    let side = match first {
        true => language.pick("moving first", "als eerste aan zet"),
        false => language.pick("moving second", "als tweede aan zet"),
    };
    let (opt, low, short) = (score(optimum), score(worst), points(optimum - worst, language));
    match (language, reached == n, same) {
        (Language::En, true, _) => format!("{side}, it reaches the optimal score {opt} in {}", games(n, n, language)),
        (Language::En, false, true) => {
            format!("{side}, it scores {low} in {}, {short} below the optimal {opt}", games(n, n, language))
        }
        (Language::En, false, false) => format!(
            "{side}, it reaches the optimal score {opt} in {} and falls up to {short} below it",
            games(reached, n, language)
        ),
        (Language::Nl, true, _) => format!("{side} haalt het de optimale score {opt} in {}", games(n, n, language)),
        (Language::Nl, false, true) => {
            format!("{side} scoort het {low} in {}, {short} onder de optimale {opt}", games(n, n, language))
        }
        (Language::Nl, false, false) => format!(
            "{side} haalt het de optimale score {opt} in {} en blijft het tot {short} daaronder",
            games(reached, n, language)
        ),
    }
}

/// "every one of the 4 games", "its one game", "2 of the 4 games".
fn games(k: usize, n: usize, language: Language) -> String {
    match (language, k, n) {
        (Language::En, 1, 1) => "its one game".to_string(),
        (Language::En, k, n) if k == n => format!("every one of the {n} games"),
        (Language::En, 0, n) => format!("none of the {n} games"),
        (Language::En, k, n) => format!("{k} of the {n} games"),
        (Language::Nl, 1, 1) => "het enige spel".to_string(),
        (Language::Nl, k, n) if k == n => format!("alle {n} spellen"),
        (Language::Nl, 0, n) => format!("geen van de {n} spellen"),
        (Language::Nl, k, n) => format!("{k} van de {n} spellen"),
    }
}

fn billion(best: Option<&Loaded>, language: Language) -> Sentences {
    let mut s = Sentences::default();
    let Some(best) = best else {
        s.text(
            language
                .pick("besteScore did not run in these results.", "besteScore is in deze resultaten niet uitgevoerd."),
        );
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
        s.text(language.pick(
            "No besteScore call finished in these results.",
            "Geen enkele aanroep van besteScore is in deze resultaten voltooid.",
        ));
        return s;
    };
    let instance = t.cell(row, "instance").unwrap_or_default();
    let seconds = t.number(row, "seconds").unwrap_or(f64::INFINITY);
    let busy = crate::report::view::busy_reader(t)(row);
    let n = |column: &str| number_in(language, &shown(t, row, column));
    s.text(language.pick("The position of ", "De stand van "))
        .code(instance)
        .text(language.pick(
            " is drawn whole (pot, bowls, both boards, player to move) in ",
            " staat volledig getekend (pot, schalen, beide borden, speler aan beurt) in ",
        ))
        .picture(&best.name, &super::picture::start_name(instance))
        .text(match language {
            Language::En => format!("; besteScore visits {} positions on it in {} s (", n("positions"), n("seconds")),
            Language::Nl => format!("; besteScore bekijkt daarin {} standen in {} s (", n("positions"), n("seconds")),
        })
        .table(&best.name)
        .text(billion_verdict(positions > 1e9, seconds <= 3600.0, language));
    if busy {
        s.text(language.pick(
            " Other programs had the cores while it was timed, so on a quiet machine it takes less.",
            " Andere programma's bezetten de cores terwijl de tijd werd gemeten, dus op een rustige machine kost het \
             minder tijd.",
        ));
    }
    if t.number(row, "memo_seconds").is_some() {
        s.text(match language {
            Language::En => format!(" Through the memo the same count takes {} s.", n("memo_seconds")),
            Language::Nl => format!(" Via de memo kost dezelfde telling {} s.", n("memo_seconds")),
        });
    }
    s
}

/// "): more than a billion positions, and within an hour."
pub(super) fn billion_verdict(over: bool, within: bool, language: Language) -> String {
    match language {
        Language::En => format!(
            "): {} a billion positions, and {} an hour.",
            if over { "more than" } else { "not more than" },
            if within { "within" } else { "not within" }
        ),
        Language::Nl => format!(
            "): {} een miljard standen, en {} een uur.",
            if over { "meer dan" } else { "niet meer dan" },
            if within { "binnen" } else { "niet binnen" }
        ),
    }
}

fn greedy(greedy: Option<&Loaded>, language: Language) -> Sentences {
    let mut s = Sentences::default();
    let Some(g) = greedy else {
        s.text(language.pick(
            "The greedy check did not run in these results.",
            "De controle van de gretige zet is in deze resultaten niet uitgevoerd.",
        ));
        return s;
    };
    let t = &g.table;
    for row in &t.rows {
        let instance = t.cell(row, "instance").unwrap_or_default();
        s.text(language.pick("In ", "Noem in "))
            .code(instance)
            .text(call_it_a(language))
            .text(greedy_reasoning(t, row, language))
            .text(lines_words(t, row, language))
            .text(greedy_choice(t, row, language));
        s.table(&g.name).text(")");
        let lost = t.number(row, "best_score").zip(t.number(row, "greedy_score")).map(|(b, gr)| b - gr);
        match lost.filter(|&l| l > 0.0) {
            Some(lost) => s.text(language.pick(
                format!(", so greedy's move costs A {}. ", points(lost, language)),
                format!(", dus de gretige zet kost A {}. ", points(lost, language)),
            )),
            None => s.text(". "),
        };
        let tree = super::picture::start_name(instance).replacen("start-", "tree-", 1);
        let visited = counted_in(language, &shown(t, row, "positions"), "position", ("stand", "standen"));
        s.text(language.pick("The reasoning is drawn in ", "De redenering staat getekend in "))
            .picture(&g.name, &tree)
            .text(tree_words(Some(&visited), language));
    }
    s
}

/// " A is, as in the assignment, the player to move. "
pub(super) fn call_it_a(language: Language) -> &'static str {
    language
        .pick(" A is, as in the assignment, the player to move. ", " is A, zoals in de opdracht, de speler aan beurt. ")
}

/// Greedy's move and fill, and besteScore after it and after the better move, up to the
/// table's reference.
fn greedy_choice(t: &CsvTable, row: &[String], language: Language) -> String {
    let value = |column: &str| shown(t, row, column).replace('-', "\u{2212}");
    let (mv, fill, best) = (shown(t, row, "greedy_move"), shown(t, row, "greedy_fill"), shown(t, row, "best_move"));
    let (greedy_score, best_score) = (value("greedy_score"), value("best_score"));
    match language {
        Language::En => format!(
            "Greedy takes {mv}: it fills a row to {fill} tiles, the fullest any move reaches, and looks no further, \
             not at what the opponent can do next. besteScore for A after greedy's move is {greedy_score}; after the \
             better move {best} it is {best_score} ("
        ),
        Language::Nl => format!(
            "De gretige zet is {mv}: die vult een rij tot {fill} tegels, de volste rij die een zet kan bereiken, en \
             kijkt niet verder, niet naar wat de tegenspeler daarna kan doen. De besteScore voor A na de gretige zet \
             is {greedy_score}; na de betere zet {best} is die {best_score} ("
        ),
    }
}

/// ": every one of the 4 positions besteScore visits ... what each move leads to.": the
/// tree of the greedy position in words; `visited` counts its positions where known.
pub(super) fn tree_words(visited: Option<&str>, language: Language) -> String {
    match language {
        Language::En => format!(
            ": {} besteScore visits from the start, as a tree, each with its value for A. \
             Where A moves, a position's value is the largest of its children's; where her opponent moves, the \
             smallest; at an end position it is A's score (her full rows minus her opponent's). So every value can \
             be checked by hand from the end positions up, and the tree shows what each move leads to.",
            visited.map_or_else(|| "every position".to_string(), |v| format!("every one of the {v}"))
        ),
        Language::Nl => format!(
            ": {} die besteScore vanaf het begin bekijkt, als boom, elk met zijn waarde voor A. Waar A \
             aan zet is, is de waarde van een stand de grootste van die van zijn kinderen; waar haar tegenspeler aan \
             zet is, de kleinste; in een eindstand is het de score van A (haar volle rijen min die van haar \
             tegenspeler). Zo is elke waarde met de hand na te gaan, van de eindstanden naar boven, en laat de boom \
             zien waartoe elke zet leidt.",
            visited.map_or_else(|| "alle standen".to_string(), |v| format!("alle {v}"))
        ),
    }
}

/// Each move's line of best play (the `lines` cell), a sentence each; nothing where the
/// table has no such cell (results made before it was recorded).
fn lines_words(t: &CsvTable, row: &[String], language: Language) -> String {
    let lines = t.cell(row, "lines").and_then(parse_lines).unwrap_or_default();
    lines.iter().map(|l| format!("{} ", line_sentence(l, language))).collect()
}

/// The moves of the greedy position in words, from the `values` cell (every move of A with
/// its besteScore value): which bowls give moves and what each move leads to.
fn greedy_reasoning(t: &CsvTable, row: &[String], language: Language) -> String {
    let values: Vec<(&str, &str)> =
        t.cell(row, "values").unwrap_or_default().split_whitespace().filter_map(|v| v.rsplit_once('=')).collect();
    if values.is_empty() {
        return String::new();
    }
    let mut bowls: Vec<&str> = values.iter().filter_map(|(m, _)| m.trim_start_matches('(').split(',').next()).collect();
    bowls.dedup();
    let moves = counted_in(language, &values.len().to_string(), "move", ("zet", "zetten"));
    let leads: Vec<(&str, String)> = values.iter().map(|(m, v)| (*m, v.replace('-', "\u{2212}"))).collect();
    match language {
        Language::En => {
            let leads: Vec<String> = leads.iter().map(|(m, v)| format!("{m} leads to {v}")).collect();
            let bowls = match bowls.as_slice() {
                [one] => format!(
                    "only bowl {one} gives a move (every other bowl is empty or its tiles fit none of A's rows)"
                ),
                many => format!("bowls {} give moves", many.join(", ")),
            };
            format!(
                "A has {moves} in all: {bowls}. With best play by both from there on, {} for A. ",
                leads.join(" and ")
            )
        }
        Language::Nl => {
            let leads: Vec<String> = leads.iter().map(|(m, v)| format!("{m} tot {v}")).collect();
            let bowls = match bowls.as_slice() {
                [one] => format!(
                    "alleen schaal {one} geeft een zet (elke andere schaal is leeg of haar tegels passen in geen \
                     enkele rij van A)"
                ),
                many => format!("de schalen {} geven zetten", listed(many, "en")),
            };
            format!(
                "A heeft in totaal {moves}: {bowls}. Als beide spelers daarna optimaal spelen, leidt {} voor A. ",
                listed(&leads, "en")
            )
        }
    }
}
