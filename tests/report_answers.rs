//! Every answer rendered on a results directory as small as a run can make: one timed
//! sample per call, one thread, a search that timed out, a row that ran busy. The
//! sentences a grader reads must agree in number ("1 thread", "1 point"), never read
//! "(s)", "at most 0", "1 timed samples" or "seed", and say what the assignment asks in
//! its own words (bepaalGoedeScore, the 5-minute limit, why greedy loses).

use std::path::Path;

use harness::experiment::spec::hash_bytes;
use harness::report::answers::plain;
use harness::report::language::Language;
use harness::report::{load_all, render};
use harness::runner::registry::reports;

/// (name, game, kind, CSV) of the fixture's experiments.
const TABLES: [(&str, &str, &str, &str); 6] = [
    (
        "tegel_best",
        "tegel",
        "best",
        "instance,score,best_move,positions,seconds,samples,threads,time_limit,status\n\
         tegel/spel1.txt,0,\"(0,b)\",5578,0.000912,1,1,45,ok\n\
         tegel/spel3.txt,-1,\"(1,b)\",861369,0.081234,1,1,45,ok\n\
         tegel/spel2.txt,timeout,timeout,timeout,timeout,1,1,45,timeout\n",
    ),
    (
        "tegel_good",
        "tegel",
        "good",
        "instance,move,averages,sims,seconds,samples,threads,status\n\
         spel1.txt,\"(0,b)\",\"(0,b)=0.412 (1,g)=-0.2\",1000,0.0311,1,1,ok\n",
    ),
    (
        "tegel_match",
        "tegel",
        "match",
        "instance,repetition,starter,good_player,good_score,moves,best_positions,seconds,sims,samples,threads,status\n\
         spel1.txt,0,good,0,0,9,5578,0.01,100,1,1,ok\n\
         spel1.txt,0,best,1,0,9,5578,0.01,100,1,1,ok\n",
    ),
    (
        "tegel_greedy",
        "tegel",
        "greedy",
        "instance,greedy_move,greedy_fill,greedy_score,best_move,best_score,values,positions,seconds,samples,threads,status\n\
         greedy.txt,\"(2,b)\",4,-2,\"(2,g)\",-1,\"(2,g)=-1 (2,b)=-2\",4,0.000002,1,1,ok\n",
    ),
    (
        "tegel_sweep",
        "tegel",
        "sweep",
        "instance,undone,positions,seconds,busy,sims,samples,threads,time_limit,status\n\
         tegel/spel4.txt,0,1,0.000001,false,100,1,1,45,ok\n\
         tegel/spel4.txt,1,1200,0.000011,false,100,1,1,45,ok\n\
         tegel/spel4.txt,2,12000,0.00011,false,100,1,1,45,ok\n\
         tegel/spel4.txt,3,120000,0.0011,false,100,1,1,45,ok\n\
         tegel/spel4.txt,4,1200000,0.03,true,100,1,1,45,ok\n\
         tegel/spel4.txt,5,timeout,timeout,false,100,1,1,45,timeout\n",
    ),
    (
        "stenen_table",
        "stenen",
        "table",
        "instance,dumb_find_positions,dumb_find_seconds,smart_find_positions,smart_find_seconds,solutions_distinct,\
         solutions_labelled,solutions_up_to_symmetry,dumb_count_positions,dumb_count_seconds,smart_count_positions,\
         smart_count_seconds,fast_count_positions,fast_count_seconds,samples,threads,time_limit,status\n\
         4x5 stenen1,23,0.000004,14,0.000006,16,32,4,61,0.000011,33,0.000015,12,0.000009,1,1,120,ok\n\
         4x16 stenen4,900,0.001,300,0.0005,1000,2000,250,timeout,timeout,426253017,44.5,500000,0.3,1,1,120,timeout\n",
    ),
];

/// The greedy table of results that record each move's line of best play.
const GREEDY_WITH_LINES: &str =
    "instance,greedy_move,greedy_fill,greedy_score,best_move,best_score,values,positions,lines,seconds,samples,threads,status\n\
     greedy.txt,\"(2,b)\",3,-2,\"(2,g)\",-1,\"(2,g)=-1 (2,b)=-2\",4,\"(2,g) | B no move | 0-1; (2,b) (2,g) | B all full | 0-2\",0.000002,1,1,ok\n";

fn results(dir: &Path) {
    results_with(dir, None);
}

/// The fixture's results, the greedy table replaced by `greedy` where given.
fn results_with(dir: &Path, greedy: Option<&str>) {
    std::fs::create_dir_all(dir.join("meta")).unwrap();
    for (name, game, kind, csv) in TABLES {
        let csv = if name == "tegel_greedy" { greedy.unwrap_or(csv) } else { csv };
        std::fs::write(dir.join(format!("{name}.csv")), csv).unwrap();
        let meta = format!(
            "name = \"{name}\"\ngame = \"{game}\"\nkind = \"{kind}\"\ncaption = \"{name}\"\nlabel = \"tab:{name}\"\n\
             seed = 7\nthreads = 1\ntime_limit = 45.0\nkey = \"fixture\"\nrows = 1\nseconds = 0.5\nversion = \"0.1.0\"\n\
             csv_hash = \"{}\"\n",
            hash_bytes(csv.as_bytes())
        );
        std::fs::write(dir.join(format!("meta/{name}.toml")), meta).unwrap();
    }
}

/// Every rendered file whose path contains `part`, as (path, text).
fn rendered(part: &str) -> Vec<(String, String)> {
    let dir = tempfile::tempdir().unwrap();
    results(dir.path());
    let loaded = load_all(dir.path(), reports()).unwrap();
    render(&loaded, None, reports())
        .unwrap()
        .into_iter()
        .filter(|(p, _)| p.to_string_lossy().contains(part))
        .map(|(p, t)| (p.to_string_lossy().into_owned(), t))
        .collect()
}

fn answer(id: &str) -> String {
    let all = rendered(&format!("answer-{id}.tex"));
    assert_eq!(all.len(), 1, "answer {id} not rendered");
    all[0].1.clone()
}

#[test]
fn no_answer_reads_like_a_template() {
    let answers = rendered("tex/answer-");
    assert_eq!(answers.len(), 13, "{:?}", answers.iter().map(|a| &a.0).collect::<Vec<_>>());
    for (path, text) in &answers {
        for bad in
            ["(s)", "at most 0", "1 timed samples", "seed", " 1 threads", " 1 points", " 1 samples", "(–", "entry's"]
        {
            assert!(!text.to_lowercase().contains(bad), "{path} reads {bad:?}: {text}");
        }
    }
    for (path, text) in rendered("tex/") {
        assert!(!text.contains("1 timed samples"), "{path}: {text}");
    }
}

#[test]
fn numbers_agree_with_their_nouns() {
    let own = answer("S5");
    assert!(own.contains("on 1 thread in this run"), "{own}");
    let greedy = answer("T5");
    assert!(greedy.contains("so greedy's move costs A 1 point."), "{greedy}");
    let scores = answer("T3");
    assert!(scores.contains("in its one game"), "{scores}");
}

#[test]
fn the_greedy_answer_reasons_in_words_with_one_player() {
    let greedy = answer("T5");
    assert!(greedy.contains("only bowl 2 gives a move"), "{greedy}");
    assert!(greedy.contains("(2,b) leads to"), "{greedy}");
    // The player whose values the text gives is the one the tree's caption names: the
    // player to move at the root.
    assert!(
        greedy.contains("A is, as in the assignment, the player to move")
            && greedy.contains("each with its value for A"),
        "{greedy}"
    );
}

#[test]
fn the_assignments_own_words_and_limits_are_named() {
    assert!(answer("T3").contains("bepaalGoedeScore"));
    let rule = answer("T6");
    assert!(rule.contains("5 minutes") && rule.contains("at 45 s instead"), "{rule}");
    assert!(rule.contains("a 5-minute limit would add about 1 row to tegel/spel4.txt's sweep"), "{rule}");
}

#[test]
fn a_conclusion_never_rests_on_a_busy_row_unsaid() {
    let conclusions = answer("T7");
    assert!(
        conclusions.contains("the largest complete call that did not run busy (120{,}000 positions)")
            || conclusions.contains("the largest complete call that did not run busy (120,000 positions)"),
        "{conclusions}"
    );
}

/// The billion-positions answer names the instance as the table names it, never a path
/// the results do not hold (the fixture's instance is `tegel/spel3.txt`).
#[test]
fn the_billion_answer_names_the_instance_as_the_table_does() {
    let t4 = answer("T4");
    assert!(t4.contains("spel3.txt"), "{t4}");
    assert!(!t4.contains("instances/tegel/"), "a path the results do not hold: {t4}");
}

/// The tile game's answers in `language` (plain text, one per question), from the fixture
/// with the greedy table `greedy` where given.
fn tegel_answers(language: Language, greedy: Option<&str>) -> Vec<(String, String)> {
    let dir = tempfile::tempdir().unwrap();
    results_with(dir.path(), greedy);
    let loaded = load_all(dir.path(), reports()).unwrap();
    let games = reports().answers(&loaded, language);
    let (_, answers) = games.into_iter().find(|(g, _)| *g == "tegel").unwrap();
    answers.iter().map(|a| (format!("{} {}", a.id, a.question), plain(a))).collect()
}

/// The greedy answer tells what each move leads to from the recorded lines, in both
/// languages; results made before the lines were recorded answer without them.
#[test]
fn the_greedy_answer_plays_each_move_out() {
    let t5 = |language, greedy| tegel_answers(language, greedy).into_iter().find(|a| a.0.starts_with("T5")).unwrap().1;
    let en = t5(Language::En, Some(GREEDY_WITH_LINES));
    assert!(
        en.contains(
            "After (2,g) the opponent has no move: the game ends with 0 full rows for A and 1 for the opponent, \
             a final score of \u{2212}1 for A."
        ),
        "{en}"
    );
    assert!(en.contains("After (2,b) the opponent plays (2,g) and has every row full"), "{en}");
    let nl = t5(Language::Nl, Some(GREEDY_WITH_LINES));
    assert!(
        nl.contains("Na (2,g) heeft de tegenspeler geen zet meer: het spel is afgelopen met 0 volle rijen"),
        "{nl}"
    );
    assert!(nl.contains("Na (2,b) speelt de tegenspeler (2,g) en heeft daarmee al haar rijen vol"), "{nl}");
    let old = t5(Language::En, None);
    assert!(!old.contains("has no move") && old.contains("Greedy takes (2,b)"), "{old}");
}

/// Word triples of `text` made of lower-case letters alone (no names, moves or numbers).
fn word_triples(text: &str) -> std::collections::BTreeSet<String> {
    let words: Vec<String> = text
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'').to_string())
        .collect();
    let plain = |w: &String| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c == '\'');
    words.windows(3).filter(|w| w.iter().all(plain)).map(|w| w.join(" ")).collect()
}

/// The Dutch answers hold none of the English ones' phrases: no three plain words of an
/// English answer, no English word a Dutch sentence never needs, in any heading or answer.
#[test]
fn the_dutch_answers_hold_no_english() {
    let en = tegel_answers(Language::En, Some(GREEDY_WITH_LINES));
    let nl = tegel_answers(Language::Nl, Some(GREEDY_WITH_LINES));
    assert_eq!(en.len(), nl.len());
    let english: std::collections::BTreeSet<String> =
        en.iter().flat_map(|(q, a)| word_triples(&format!("{q} {a}"))).collect();
    for (question, answer) in &nl {
        let text = format!("{question} {answer}");
        let dutch = word_triples(&text);
        let shared: Vec<&String> = english.intersection(&dutch).collect();
        assert!(shared.is_empty(), "English in the Dutch {question}: {shared:?}\n{text}");
        for word in [" the ", " positions", " moves ", " player", " and ", " seconds", " which ", " reference's"] {
            assert!(!text.contains(word), "{word:?} in the Dutch {question}: {text}");
        }
    }
}
