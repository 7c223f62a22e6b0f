//! The tiling's answers on hand-made tables, in both languages: the 4x5 argument from the
//! recorded places, the 3x20 find slower than its count, and no English in the Dutch.

use std::path::Path;

use crate::report::answers::{plain, Answer, Part};
use crate::report::language::Language;
use crate::report::titles::Titles;
use crate::report::Loaded;
use crate::results::csv_table::CsvTable;
use crate::results::experiment_meta::Asks;

/// The places the `table` kind records for 4x5 stenen1 (checked on the real board in
/// `places.rs`).
const PLACES: &str = "tilings 16; stone 3 S: corner 8, side 8, inside 0, long side 0, short side 0; stone 4 I: \
                      corner 16, side 0, inside 0, long side 16, short side 0; stone 5 O: corner 12, side 0, \
                      inside 4, long side 0, short side 0";

/// A program's check table `name` standing in for experiment `experiment` (a tiling
/// `table`), asked of program "prog".
fn asked(name: &str, experiment: &str, csv: &str) -> Loaded {
    let asks = Asks {
        experiment: experiment.into(),
        kind: "table".into(),
        solver: "mine".into(),
        course_files: vec![],
        program: Some("prog".into()),
    };
    loaded(name, "check", csv, Some(asks))
}

fn loaded(name: &str, kind: &str, csv: &str, asks: Option<Asks>) -> Loaded {
    Loaded {
        name: name.to_string(),
        game: "stenen".to_string(),
        kind: kind.to_string(),
        titles: Titles { caption: crate::report::caption::Caption::text(name), label: format!("tab:{name}") },
        table: CsvTable::parse(Path::new(&format!("{name}.csv")), csv).unwrap(),
        marks: Vec::new(),
        merged: Vec::new(),
        more_rows: 0,
        asks,
    }
}

/// The engine's table: 4x5 with its places (or none, as before the column), 3x20 with
/// the find slower than the count on 2 threads, an own instance.
fn engine_table(places: Option<&str>) -> Loaded {
    let head = "instance,dumb_find_positions,dumb_find_seconds,smart_find_positions,smart_find_seconds,\
                solutions_distinct,solutions_labelled,solutions_up_to_symmetry,";
    let tail = "dumb_count_positions,dumb_count_seconds,smart_count_positions,smart_count_seconds,threads,\
                time_limit,status\n";
    let (column, cell) = match places {
        Some(p) => ("places,", format!("\"{p}\",")),
        None => ("", String::new()),
    };
    let csv = format!(
        "{head}{column}{tail}\
         4x5 stenen1,19,0.00003,12,0.00002,16,32,4,{cell}489,0.0005,303,0.0004,2,240,ok\n\
         3x20 stenen2,868699876,178.3,1937424,0.98,8,8,2,{}1528716954,171.7,3345883,2.1,2,240,ok\n\
         4x16 stenen4,900,0.001,300,0.0005,1000,2000,250,{}426253017,900,500000,44.5,2,240,ok\n",
        if places.is_some() { "," } else { "" },
        if places.is_some() { "," } else { "" },
    );
    loaded("stenen_table", "table", &csv, None)
}

/// A solver's check table: 4x5 and 3x20 (its find slower than its count) and an own
/// instance.
fn solver_table() -> Loaded {
    let csv = format!(
        "position,question,given,verdict,detail,solver_seconds,rounds,status,reference_evidence\n\
         4x5 stenen1,find dumb,\"tiling 1 1, positions 19\",correct,,0.0001,5,ok,\n\
         4x5 stenen1,count dumb,\"solutions 16, positions 489\",correct,,0.0004,5,ok,\"{PLACES}\"\n\
         4x5 stenen1,count smart,\"solutions 16, positions 303\",correct,,0.0003,5,ok,\n\
         3x20 stenen2,find dumb,\"tiling 1 2, positions 868699876\",correct,,178.3,1,ok,\n\
         3x20 stenen2,count dumb,\"solutions 8, positions 1528716954\",wrong,9 not 8,171.7,1,ok,\n\
         4x16 stenen4,count smart,\"solutions 1000, positions 500000\",correct,,44.5,1,ok,\n"
    );
    asked("stenen_table_check", "stenen_table", &csv)
}

fn text(answers: &[Answer], id: &str) -> String {
    plain(answers.iter().find(|a| a.id == id).unwrap())
}

fn engine(places: Option<&str>, language: Language) -> Vec<Answer> {
    super::answers(&[&engine_table(places)], language)
}

fn solver(language: Language) -> Vec<Answer> {
    crate::stenen::asked_answers::answers(&[&solver_table()], language)
}

#[test]
fn the_4x5_answer_argues_from_where_the_stones_lie() {
    let en = text(&engine(Some(PLACES), Language::En), "S4");
    for fact in [
        "the I (stone 4) lies along a long side of the board in all 16 tilings; the O (stone 5) in a corner in 12 \
         tilings and away from the edge in 4",
        "No tiling is its own mirror image or half turn, so every class holds four tilings: 4 × 4 = 16.",
        "second numbered board: 16 × 2 = 32.",
    ] {
        assert!(en.contains(fact), "{fact:?} not in {en}");
    }
    let nl = text(&engine(Some(PLACES), Language::Nl), "S4");
    for fact in [
        "de I (steen 4) ligt in alle 16 betegelingen langs een lange zijde van het bord; de O (steen 5) in 12 \
         betegelingen in een hoek en in 4 los van de rand",
        "dus elke klasse telt vier betegelingen: 4 × 4 = 16.",
        "een tweede genummerd bord: 16 × 2 = 32.",
    ] {
        assert!(nl.contains(fact), "{fact:?} not in {nl}");
    }
}

#[test]
fn the_programs_4x5_answer_argues_from_where_the_references_search_puts_the_stones() {
    let en = text(&solver(Language::En), "S4");
    assert!(en.contains("as the search records it, shows how they are built: the I (stone 4) lies"), "{en}");
    let nl = text(&solver(Language::Nl), "S4");
    assert!(nl.contains("zoals het zoeken het vastlegt"), "{nl}");
    assert!(nl.contains("de I (steen 4) ligt in alle 16 betegelingen langs een lange zijde"), "{nl}");
}

#[test]
fn results_made_before_the_places_column_still_answer() {
    let en = text(&engine(None, Language::En), "S4");
    assert!(en.starts_with("The search counts 16 distinct tilings"), "{en}");
    assert!(!en.contains("Where the stones lie"), "{en}");
    let garbled = text(&engine(Some("not places"), Language::Nl), "S4");
    assert!(!garbled.contains("Waar de stenen"), "{garbled}");
}

#[test]
fn the_3x20_find_slower_than_its_count_is_explained_by_the_threads() {
    let en = text(&engine(Some(PLACES), Language::En), "S5");
    assert!(
        en.contains("On 3x20 stenen2 the dumb find takes longer than the dumb count (178 s against 172 s)"),
        "{en}"
    );
    assert!(en.contains("the finds run on one thread, the counts on the run's 2 threads"), "{en}");
    let nl = text(&engine(Some(PLACES), Language::Nl), "S5");
    assert!(nl.contains("een oplossing wordt op één thread bepaald, het tellen gebruikt de 2 threads"), "{nl}");
    // The program's own find slower than its own count: the fact, not the engine's threads.
    let asked = text(&solver(Language::En), "S5");
    assert!(asked.contains("On 3x20 stenen2 our program's dumb find takes longer than its dumb count"), "{asked}");
    assert!(text(&solver(Language::Nl), "S5").contains("Op 3x20 stenen2 duurt het dom bepalen"));
}

/// The answer's own words: its text and code, without the references the back ends write.
fn own_words(a: &Answer) -> String {
    a.parts
        .iter()
        .filter_map(|p| match p {
            Part::Text(t) | Part::Code(t) => Some(t.as_str()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every phrase of three or more words of the English answers, split at punctuation.
fn english_phrases(answers: &[Answer]) -> Vec<String> {
    let mut out = Vec::new();
    for a in answers {
        out.push(a.question.to_string());
        for phrase in own_words(a).split(['.', ',', ';', ':', '(', ')']) {
            let words: Vec<&str> = phrase.split_whitespace().collect();
            let english = words.iter().filter(|w| w.chars().all(char::is_alphabetic)).count() >= 3;
            if english {
                out.push(words.join(" "));
            }
        }
    }
    out
}

#[test]
fn the_dutch_answers_hold_no_english_phrase() {
    for (en, nl) in [
        (engine(Some(PLACES), Language::En), engine(Some(PLACES), Language::Nl)),
        (solver(Language::En), solver(Language::Nl)),
    ] {
        let dutch: String = nl.iter().map(|a| format!("{}\n{}\n", a.question, own_words(a))).collect();
        let dutch = dutch.split_whitespace().collect::<Vec<_>>().join(" ");
        for phrase in english_phrases(&en) {
            assert!(!dutch.contains(&phrase), "English {phrase:?} in the Dutch: {dutch}");
        }
        // English words that are no Dutch ones ("of" and "is" are both).
        for word in [" the ", " and ", " with ", " which ", " positions", " tilings", " stones"] {
            assert!(!dutch.contains(word), "{word:?} in the Dutch: {dutch}");
        }
    }
}

/// The program's own instance asked as an experiment of its own (as the main job's
/// manifest does), written by an older build without the evidence column: the answers
/// read both tables as one, the assignment's first, whatever their names' order.
#[test]
fn the_own_instances_table_joins_the_assignments_table() {
    let csv = "position,question,given,verdict,detail,solver_seconds,rounds,status\n\
               4x16 stenen4,count smart,\"solutions 1000, positions 500000\",correct,,44.5,1,ok\n";
    let own = asked("stenen_own-mine", "stenen_own", csv);
    let table = solver_table();
    let answers = crate::stenen::asked_answers::answers(&[&own, &table], Language::En);
    let s4 = text(&answers, "S4");
    assert!(s4.starts_with("Our program counts 16 tilings of the 4x5 board"), "{s4}");
    let s5 = text(&answers, "S5");
    assert!(s5.contains("The own instance is 4x16 stenen4: our program's smart count takes 44.5 s"), "{s5}");
    assert!(s5.contains("On 4x5 stenen1 smart counting visits 1.61 times fewer positions than dumb counting"), "{s5}");
}

/// The tiling's table in words: what smart counting saves against dumb counting (in
/// positions, and in time where both took 1 ms or more, longer where the regions' test
/// costs more than it saves), and the searches that passed the time limit.
#[test]
fn smart_against_dumb_and_the_time_limits_are_said_from_the_programs_rows() {
    let csv = "position,question,given,verdict,detail,solver_seconds,rounds,status,time_limit\n\
               6x10 stenen2,count dumb,\"solutions 9356, positions 349226636\",correct,,196,1,ok,240\n\
               6x10 stenen2,count smart,\"solutions 9356, positions 41785035\",correct,,67.7,1,ok,240\n\
               10x4 stenen3,count dumb,\"solutions 1796, positions 81058\",correct,,0.0215,6,ok,240\n\
               10x4 stenen3,count smart,\"solutions 1796, positions 56965\",correct,,0.0271,6,ok,240\n\
               3x20 stenen2,find dumb,,time-limit,,,,ok,240\n\
               3x20 stenen2,count dumb,,time-limit,,,,ok,240\n\
               3x20 stenen2,count smart,\"solutions 8, positions 3345883\",correct,,4.82,1,ok,240\n";
    let table = asked("stenen_table-mine", "stenen_table", csv);
    let en = text(&crate::stenen::asked_answers::answers(&[&table], Language::En), "S5");
    assert!(
        en.contains(
            "On 6x10 stenen2 smart counting visits 8.36 times fewer positions than dumb counting (41,785,035 against \
             349,226,636) and takes 2.90 times less time (67.7 s against 196 s): it saves less time than positions, \
             because on this board a smart position, with its region test, costs 2.89 times a dumb one."
        ),
        "{en}"
    );
    assert!(en.contains("On 10x4 stenen3 it visits 1.42 times fewer (56,965 against 81,058)"), "{en}");
    assert!(en.contains(", yet takes longer (27.1 ms against 21.5 ms)"), "{en}");
    assert!(
        en.contains(
            "Our program gave no answer within the time limit of 240 s for the dumb find and dumb count on 3x20 \
             stenen2. On 3x20 stenen2 our smart count took 4.82 s where our dumb find and dumb count gave no answer: \
             a placement that leaves a hole no stone can fill is cut off at once"
        ),
        "{en}"
    );
    let nl = text(&crate::stenen::asked_answers::answers(&[&table], Language::Nl), "S5");
    assert!(nl.contains("Op 6x10 stenen2 bekijkt slim tellen 8,36 keer minder standen dan dom tellen"), "{nl}");
    assert!(
        nl.contains(
            "Ons programma gaf geen antwoord binnen de tijdslimiet van 240 s voor het dom bepalen en dom tellen op \
             3x20 stenen2."
        ),
        "{nl}"
    );
}

/// Finding one tiling in words: where smart find saves most against dumb find, the boards
/// only smart find answered, and a time within a tenth of the other as about the same.
#[test]
fn smart_find_against_dumb_find_and_times_about_the_same_are_said() {
    let csv = "position,question,given,verdict,detail,solver_seconds,rounds,status,time_limit\n\
               5x8 stenen3,find dumb,\"tiling 1 / 2, positions 2329\",correct,,0.0011,6,ok,240\n\
               5x8 stenen3,find smart,\"tiling 1 / 2, positions 508\",correct,,0.0012,6,ok,240\n\
               5x8 stenen3,count dumb,\"solutions 3106, positions 643931\",correct,,0.265,6,ok,240\n\
               5x8 stenen3,count smart,\"solutions 3106, positions 193547\",correct,,0.260,6,ok,240\n\
               3x20 stenen2,find dumb,,time-limit,,,,ok,240\n\
               3x20 stenen2,find smart,\"tiling 1 / 2, positions 1937424\",correct,,4.39,1,ok,240\n";
    let table = asked("stenen_table-mine", "stenen_table", csv);
    let en = text(&crate::stenen::asked_answers::answers(&[&table], Language::En), "S5");
    assert!(
        en.contains(
            "Of the boards where both finds answered, smart find saves the largest share of positions on 5x8 stenen3: \
             508 against 2,329 for dumb find, 4.58 times fewer; on 3x20 stenen2 only smart find answered \
             within the time limit (4.39 s against more than 240 s for dumb find, at least 54.7 times faster)."
        ),
        "{en}"
    );
    assert!(en.contains("and takes about the same time (260 ms against 265 ms)"), "{en}");
    let nl = text(&crate::stenen::asked_answers::answers(&[&table], Language::Nl), "S5");
    assert!(
        nl.contains(
            "Van de borden waarop beide bepalingen antwoordden, bespaart slim bepalen het grootste deel van de \
             standen op 5x8 stenen3: 508 tegen 2.329"
        ),
        "{nl}"
    );
    assert!(nl.contains("(4,39 s tegen meer dan 240 s bij dom bepalen, minstens 54,7 keer zo snel)"), "{nl}");
    assert!(nl.contains("en kost ongeveer even veel tijd (260 ms tegen 265 ms)"), "{nl}");
}

/// A run's `random 1` is one board in every table: asked in the assignment's table and in
/// the own instance's, its counts are checked answers once, on one random board; the
/// fastest correct call gives the "< 1 ms" sentence its example.
#[test]
fn a_random_board_in_two_tables_is_counted_once() {
    let header = "position,question,given,verdict,detail,solver_seconds,solver_positions,rounds,status\n";
    let random = "random 1,count dumb,\"solutions 4, positions 9\",correct,,0.00007,9,6,ok\n\
                  random 1,count smart,\"solutions 4, positions 9\",correct,,0.00009,9,6,ok\n";
    let table = asked(
        "stenen_table-mine",
        "stenen_table",
        &format!(
            "{header}4x5 stenen1,count dumb,\"solutions 16, positions 489\",correct,,0.0003,489,6,ok\n\
             4x5 stenen1,count smart,\"solutions 16, positions 303\",correct,,0.0004,303,6,ok\n{random}"
        ),
    );
    let own = asked("stenen_own-mine", "stenen_own", &format!("{header}{random}"));
    let answers = crate::stenen::asked_answers::answers(&[&table, &own], Language::En);
    let s2 = text(&answers, "S2");
    assert!(s2.contains("all 4 count answers (2 in the table, 2 on 1 random board not in the table)"), "{s2}");
    let s3 = text(&answers, "S3");
    assert!(s3.contains("all 2 smart counts (1 in the table, 1 on 1 random board not in the table)"), "{s3}");
    let s5 = text(&answers, "S5");
    // The fastest call named is one in the tables: a random board's is faster but not shown.
    assert!(s5.contains("(our fastest call in the tables visited 489 positions in 0.300 ms)."), "{s5}");
    let nl = text(&crate::stenen::asked_answers::answers(&[&table, &own], Language::Nl), "S5");
    assert!(nl.contains("(onze snelste aanroep in de tabellen bekeek 489 standen in 0,300 ms)."), "{nl}");
}
