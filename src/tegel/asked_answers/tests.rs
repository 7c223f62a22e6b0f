use super::*;

#[test]
fn best_answers_and_moves_read_as_the_assignment_writes_them() {
    assert_eq!(parse_best("score -1, move 2g, positions 4"), Some((-1, "2g".to_string(), 4)));
    assert_eq!(parse_best("score 0, move -, positions 1"), Some((0, "-".to_string(), 1)));
    assert_eq!(parse_best("timeout"), None);
    assert_eq!(move_text("0b"), "(0,b)");
    assert_eq!(move_text("12g"), "(12,g)");
    assert_eq!(move_text("-"), "no move");
    assert_eq!(move_text_in(Language::Nl, "-"), "geen zet");
}

#[test]
fn the_growth_from_spel1_to_spel3_is_said_in_positions_and_in_time() {
    let t = crate::results::csv_table::test_table(
        "position,question,given,verdict,solver_seconds,status\n\
         spel1.txt,best,\"score 0, move 0b, positions 5578\",correct,0.002,ok\n\
         spel3.txt,best,\"score 1, move 1b, positions 861369\",correct,0.178,ok\n",
    );
    let en = growth_between(&t, ("spel1.txt", "spel3.txt"), Language::En).unwrap();
    assert_eq!(
        en,
        "On spel3.txt besteScore visits 154 times the positions it visits on spel1.txt and 89.0 times the time. "
    );
    let nl = growth_between(&t, ("spel1.txt", "spel3.txt"), Language::Nl).unwrap();
    assert!(
        nl.starts_with("Op spel3.txt bekijkt besteScore 154 keer zoveel standen als op spel1.txt en 89,0 keer"),
        "{nl}"
    );
    assert!(growth_between(&t, ("spel1.txt", "spel2.txt"), Language::En).is_none());
}

/// A solver's greedy rows on `greedy.txt`: besteScore at the position and after each of
/// its two moves, with the reference's lines where `lines` is true.
fn greedy_rows(lines: bool) -> Loaded {
    let line = |text: &str| if lines { format!(",\"{text}\"") } else { String::new() };
    checked(
        "tegel_greedy",
        "greedy",
        &format!(
            "position,question,given,verdict,solver_seconds,rounds,status{}\n\
         greedy.txt,best,\"score -1, move 2g, positions 4\",correct,0.0001,1,ok{}\n\
         greedy.txt after 2g,greedy,\"score 1, move -, positions 1\",correct,0.0001,1,ok{}\n\
         greedy.txt after 2b (greedy),greedy,\"score 2, move 2g, positions 2\",correct,0.0001,1,ok{}\n",
            line("reference_evidence"),
            line(""),
            line("(2,g) | B no move | 0-1"),
            line("(2,b) (2,g) | B all full | 0-2"),
        ),
    )
}

/// A solver's check table `csv` standing in for experiment `asks` of kind `kind`.
fn checked(asks: &str, kind: &str, csv: &str) -> Loaded {
    let table = crate::results::csv_table::test_table(csv);
    Loaded { name: format!("{asks}_mine"), ..crate::report::loaded::solver_table(asks, kind, table) }
}

fn greedy_answer(lines: bool, language: Language) -> String {
    let l = greedy_rows(lines);
    let answer = answers(&[&l], language).into_iter().find(|a| a.id == "T5").unwrap();
    crate::report::answers::plain(&answer)
}

#[test]
fn the_greedy_answer_tells_what_each_move_leads_to() {
    let en = greedy_answer(true, Language::En);
    assert!(en.contains("After (2,g) the opponent has no move: the game ends with 0 full rows for A"), "{en}");
    assert!(en.contains("After (2,b) the opponent plays (2,g) and has every row full"), "{en}");
    assert!(en.contains("Greedy takes (2,b)") && en.contains("greedy's move costs A 1 point"), "{en}");
    let nl = greedy_answer(true, Language::Nl);
    assert!(nl.contains("Na (2,g) heeft de tegenspeler geen zet meer: het spel is afgelopen"), "{nl}");
    assert!(nl.contains("De gretige zet is (2,b)") && nl.contains("kost A 1 punt"), "{nl}");
    assert!(nl.contains("In greedy.txt is A, zoals in de opdracht, de speler aan beurt."), "{nl}");
}

/// Results made before the rows recorded a line answer without it.
#[test]
fn rows_without_a_line_answer_without_it() {
    let en = greedy_answer(false, Language::En);
    assert!(!en.contains("the opponent has no move"), "{en}");
    assert!(en.contains("Greedy takes (2,b)"), "{en}");
}

/// The sweep's answer says how many simulations chose the good moves and how long each
/// game was, where the rows record the game; older rows answer without it.
#[test]
fn the_sweep_answer_says_the_games_length_and_its_simulations() {
    let csv = |evidence: &str| {
        format!(
            "position,question,given,verdict,solver_seconds,rounds,status,reference_evidence,time_limit\n\
             spel4.txt undone 1,sweep,\"score 2, move 1g, positions 3\",correct,0.0001,1,ok,{evidence},300\n\
             spel4.txt undone 2,sweep,\"score 2, move 1g, positions 9\",correct,0.0002,1,ok,{evidence},300\n\
             spel4.txt undone 3,sweep,,time-limit,,1,ok,{evidence},300\n"
        )
    };
    let answer = |csv: &str, language, id| {
        let l = checked("tegel_sweep", "sweep", csv);
        let answer = answers(&[&l], language).into_iter().find(|a| a.id == id).unwrap();
        crate::report::answers::plain(&answer)
    };
    let t6 = |csv: &str, language| answer(csv, language, "T6");
    let nl = t6(&csv("moves 24; sims 1000"), Language::Nl);
    assert!(nl.contains("bepaalGoedeZet met 1.000 simulaties per zet"), "{nl}");
    assert!(
        nl.contains(
            "Op spel4.txt telde het gespeelde spel 24 zetten. Onze besteScore beantwoordde elke aanroep tot en met 2 \
             ongedaan gemaakte zetten (9 standen in minder dan 1 ms); de aanroep bij 3 ongedaan gemaakte zetten \
             overschreed de tijdslimiet, en daar eindigde de reeks."
        ),
        "{nl}"
    );
    let en = t6(&csv("moves 24; sims 1000"), Language::En);
    assert!(en.contains("bepaalGoedeZet with 1,000 simulations a move"), "{en}");
    assert!(
        en.contains(
            "On spel4.txt the game played had 24 moves. Our besteScore answered every call up to 2 moves undone"
        ),
        "{en}"
    );
    assert!(en.contains("; the call with 3 moves undone passed the time limit, which ended the sweep."), "{en}");
    assert!(
        en.contains(
            "As the assignment allows (five minutes a call), the test program stopped a sweep at the first call that \
             took longer than 300 s or gave a wrong answer."
        ),
        "{en}"
    );
    assert!(nl.contains("Zoals de opdracht toestaat (vijf minuten per aanroep), stopte het testprogramma een reeks"));
    let shorter = t6(&csv("moves 24; sims 1000").replace(",300\n", ",45\n"), Language::En);
    assert!(shorter.contains("a shorter limit than the five minutes the assignment allows"), "{shorter}");
    let old = t6(&csv(""), Language::En);
    assert!(!old.contains("simulations a move") && !old.contains("game played"), "{old}");
    assert!(old.contains("On spel4.txt our besteScore answered every call up to 2 moves undone"), "{old}");
    let t7 = answer(&csv("moves 24; sims 1000"), Language::En, "T7");
    assert!(
        t7.contains("Within 300 s a call, our besteScore reached on spel4.txt the last 2 of the game's 24 moves"),
        "{t7}"
    );
    let t7 = answer(&csv("moves 24; sims 1000"), Language::Nl, "T7");
    assert!(t7.contains("haalde onze besteScore op spel4.txt de laatste 2 van de 24 zetten van het spel"), "{t7}");
    assert!(!answer(&csv(""), Language::En, "T7").contains("Within 300 s"));
}

/// T7 compares the instances' distinct moves along the game with their growth, and says
/// "in the same order" only where the growth factors follow the distinct moves.
#[test]
fn the_sweep_conclusion_compares_distinct_moves_with_growth() {
    let csv = |wide: &str, narrow: &str| {
        format!(
            "position,question,given,verdict,solver_seconds,rounds,status,reference_evidence,time_limit\n\
             spel4.txt undone 1,sweep,\"score 0, move 1g, positions 1000\",correct,0.01,1,ok,\"{wide}\",300\n\
             spel4.txt undone 2,sweep,\"score 0, move 1g, positions 4000\",correct,0.04,1,ok,\"{wide}\",300\n\
             spel4.txt undone 3,sweep,\"score 0, move 1g, positions 16000\",correct,0.16,1,ok,\"{wide}\",300\n\
             spel5.txt undone 1,sweep,\"score 0, move 1g, positions 1000\",correct,0.01,1,ok,\"{narrow}\",300\n\
             spel5.txt undone 2,sweep,\"score 0, move 1g, positions 2000\",correct,0.02,1,ok,\"{narrow}\",300\n\
             spel5.txt undone 3,sweep,\"score 0, move 1g, positions 4000\",correct,0.04,1,ok,\"{narrow}\",300\n"
        )
    };
    let t7 = |csv: &str, language| {
        let l = checked("tegel_sweep", "sweep", csv);
        let answer = answers(&[&l], language).into_iter().find(|a| a.id == "T7").unwrap();
        crate::report::answers::plain(&answer)
    };
    // spel4's last three positions have 4, 3 and 5 distinct moves (its first, 1, is not searched).
    let follows = csv("moves 4; sims 10; choices 1 4 3 5", "moves 5; sims 10; choices 9 9 2 2 2");
    let en = t7(&follows, Language::En);
    assert!(
        en.contains(
            "the player to move had on average 4.0 distinct moves in the last 3 moves on spel4.txt and 2.0 distinct \
             moves in the last 3 moves on spel5.txt."
        ),
        "{en}"
    );
    assert!(en.contains("in the same order") && !en.contains("do not follow"), "{en}");
    assert!(
        en.contains(
            "Carried on with the median growth factor for every further move undone, a call from the start position \
             would take about 0.6 seconds on spel4.txt and 0.2 seconds on spel5.txt: from the start"
        ),
        "{en}"
    );
    // spel4's unsearched first position has fewer distinct moves than its searched part.
    assert!(en.contains("Those estimates are rough: the factor per move undone varies") && !en.contains("too low"));
    let wider = t7(&csv("moves 4; sims 10; choices 6 4 3 5", "moves 5; sims 10; choices 9 9 2 2 2"), Language::En);
    assert!(
        wider.contains(
            "Those estimates are rough and rather too low: in the part of the game besteScore did not reach, the \
             player to move had more distinct moves, on average 6.0 on spel4.txt and 9.0 on spel5.txt, against 4.0 \
             and 2.0 in the part searched"
        ),
        "{wider}"
    );
    let nl = t7(&follows, Language::Nl);
    assert!(nl.contains("gemiddeld 4,0 verschillende zetten in de laatste 3 zetten op spel4.txt"), "{nl}");
    assert!(nl.contains("in dezelfde volgorde"), "{nl}");
    let against = t7(&csv("moves 4; sims 10; choices 1 2 2 2", "moves 5; sims 10; choices 1 1 4 4 4"), Language::En);
    assert!(
        against.contains("do not follow these numbers alone") && !against.contains("in the same order"),
        "{against:?}"
    );
    // Rows without the distinct moves (older results) leave the comparison out.
    let old = t7(&csv("moves 4; sims 10", "moves 5; sims 10"), Language::En);
    assert!(!old.contains("distinct moves in the last"), "{old}");
}

/// A position asked in two tables (spel1.txt; a run's `random 1` is one position in every
/// table) is one position checked, and a call past the limit is not one of them.
#[test]
fn a_position_asked_in_two_tables_is_checked_once() {
    let header = "position,question,given,verdict,solver_seconds,rounds,status\n";
    let rows = "spel1.txt,best,\"score 0, move 0b, positions 5578\",correct,0.0012,6,ok\n\
                random 1,best,\"score 1, move 0g, positions 3\",correct,0.0001,6,ok\n";
    let best = checked("tegel_best", "best", &format!("{header}{rows}"));
    let good = checked(
        "tegel_good",
        "good",
        &format!("{header}{rows}spel4.txt after 19 moves undone,sweep,,time-limit,,1,ok\n"),
    );
    let t2 = |language| {
        let answers = answers(&[&best, &good], language);
        crate::report::answers::plain(answers.iter().find(|a| a.id == "T2").unwrap())
    };
    let en = t2(Language::En);
    assert!(
        en.contains("on all 2 positions (named and random) our besteScore answered within the time limit:"),
        "{en}"
    );
    let nl = t2(Language::Nl);
    assert!(
        nl.contains(
            "op alle 2 standen (genoemde en willekeurige) waarop onze besteScore binnen de tijdslimiet antwoordde"
        ),
        "{nl}"
    );
}

/// T3's good moves: one sentence, each position a clause, with the simulations a move the
/// rows record; the whole games name theirs, read from the expected game.
#[test]
fn the_good_moves_and_whole_games_say_their_simulations() {
    let best = checked(
        "tegel_best",
        "best",
        "position,question,given,verdict,solver_seconds,rounds,status\n\
         spel1.txt,best,\"score 0, move 0b, positions 5578\",correct,0.001,6,ok\n\
         spel3.txt,best,\"score 1, move 1b, positions 861369\",correct,0.17,6,ok\n",
    );
    let good = checked(
        "tegel_good",
        "good",
        "position,question,given,verdict,detail,solver_seconds,rounds,status,reference_evidence\n\
         spel1.txt,good,0b,correct,,0.001,1,ok,sims 10000\n\
         spel3.txt,good,1g,correct,loses 1 against the best score (the engine's good move loses 0),0.002,1,ok,sims 10000\n",
    );
    let games = checked(
        "tegel_match",
        "match",
        "position,question,expected,given,verdict,solver_seconds,rounds,status\n\
         spel1.txt good starts,match,\"good scores 0 (the engine against itself; sims 1000)\",\
         \"good scores 0 in 9 moves: 0b 0g 0g 1g 1b 1b 1g 1b 1g\",correct,0.008,1,ok\n\
         spel1.txt,best,,\"score 0, move 0b, positions 5578\",correct,0.001,1,ok\n",
    );
    let t3 = |language| {
        let answer = answers(&[&best, &good, &games], language).into_iter().find(|a| a.id == "T3").unwrap();
        crate::report::answers::plain(&answer)
    };
    let nl = t3(Language::Nl);
    assert!(
        nl.contains(
            "Met 10.000 simulaties per zet koos onze bepaalGoedeZet (de opdracht noemt hem bepaalGoedeScore) \
             op spel1.txt (0,b), de beste zet van besteScore; op \
             spel3.txt koos hij (1,g), 1 punt minder waard dan de beste zet (1,b) van besteScore (table"
        ),
        "{nl}"
    );
    assert!(nl.contains("bepaalGoedeZet kost per zet 10.000 willekeurige spellen"), "{nl}");
    // The second besteScore answer is said as "hij", without the player named again.
    assert!(nl.contains("Op spel3.txt geeft hij score 1, beste zet (1,b), na 861.369 standen"), "{nl}");
    // Fewer simulations a move in the games than alone: said with why.
    assert!(
        nl.contains(
            "In hele spellen van onze bepaalGoedeZet (1.000 simulaties per zet, minder dan hierboven: een partij \
             roept hem bij elke eigen zet aan) tegen"
        ),
        "{nl}"
    );
    let en = t3(Language::En);
    assert!(en.contains("(the assignment calls it bepaalGoedeScore) chose (0,b) on spel1.txt"), "{en}");
    assert!(en.contains("In whole games of our bepaalGoedeZet (1,000 simulations a move, fewer than above"), "{en}");
}

/// The second besteScore sentence leaves out "the median of 6 runs" the first said; a
/// different count stays.
#[test]
fn a_repeated_median_is_said_once() {
    use super::without_repeated_median as cut;
    let first =
        "our besteScore gives score 0, best move (0,b), after 5,578 positions, in 1.20 ms, the median of 6 runs";
    assert_eq!(
        cut("it gives score 1, best move (1,b), after 9 positions, in 177 ms, the median of 6 runs".into(), first),
        "it gives score 1, best move (1,b), after 9 positions, in 177 ms"
    );
    let three = "it gives score 1, in 177 ms, the median of 3 runs";
    assert_eq!(cut(three.into(), first), three);
    let nl = "geeft onze besteScore score 0, in 1,20 ms, de mediaan van 6 metingen";
    assert_eq!(
        cut("geeft hij score 1, in 177 ms, de mediaan van 6 metingen".into(), nl),
        "geeft hij score 1, in 177 ms"
    );
    assert_eq!(cut("in 2 s (one run)".into(), first), "in 2 s (one run)");
}
