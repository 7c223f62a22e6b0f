use super::*;

fn test_of(d: &[f64]) -> Option<CellTest> {
    CellTest::of(d)
}

/// Holm by hand: p = 0.01, 0.04, 0.03 (m = 3) → sorted 0.01, 0.03, 0.04 → 0.03, 0.06,
/// max(0.06, 0.04) = 0.06.
/// Benjamini–Hochberg by hand: p = 0.01, 0.04, 0.03 (m = 3): ranks 1, 3, 2 → 0.03,
/// 0.04, 0.045 → from the top: 0.04, min(0.045, 0.04) = 0.04, min(0.03, 0.04) = 0.03.
#[test]
fn benjamini_hochberg_by_hand() {
    let q = benjamini_hochberg(&[0.01, 0.04, 0.03]);
    let expected = [0.03, 0.04, 0.04];
    for (x, y) in q.iter().zip(expected) {
        assert!((x - y).abs() < 1e-12, "{q:?}");
    }
}

#[test]
fn holm_by_hand() {
    let a = holm(&[0.01, 0.04, 0.03]);
    let expected = [0.03, 0.06, 0.06];
    for (x, y) in a.iter().zip(expected) {
        assert!((x - y).abs() < 1e-12, "{a:?}");
    }
    assert_eq!(holm(&[0.5, 0.9]), vec![1.0, 1.0]);
    assert!(holm(&[]).is_empty());
}

/// Eight rounds all 2.6–3.3 % slower: exact p = 2/256 = 0.0078. Alone it is `slower`;
/// beside ten other cells with p = 1, Holm multiplies it by 11 (0.086) and it is no
/// longer a difference: with an interval of 2.7 % to 3.2 % it is not within ±1 %
/// either, so `unknown`.
#[test]
fn the_correction_runs_over_every_cell() {
    let slow: Vec<f64> = (0..8).map(|i| (1.026f64 + 0.001 * i as f64).ln()).collect();
    let rule = Rule::new(0.01);
    let alone = rule.decide(&[test_of(&slow)]);
    assert_eq!(alone[0].verdict, Verdict::Slower);
    assert!((alone[0].p.unwrap() - 2.0 / 256.0).abs() < 1e-12);
    let flat: Vec<f64> = vec![0.0; 8];
    let mut many = vec![test_of(&slow)];
    many.extend((0..10).map(|_| test_of(&flat)));
    let d = rule.decide(&many);
    assert_eq!(d[0].verdict, Verdict::Unknown);
    assert!((d[0].p_adjusted.unwrap() - 11.0 * 2.0 / 256.0).abs() < 1e-12);
    assert!(d[0].sentence(0.01).starts_with("cannot tell: 2.7 % to 3.2 %"), "{}", d[0].sentence(0.01));
    assert!(d[1..].iter().all(|c| c.verdict == Verdict::Same));
}

/// `same` needs the whole interval within ±resolution: ±0.2 % rounds are the same at
/// 1 %; a spread of ±5 % with no change is `unknown` ("cannot tell").
#[test]
fn same_is_an_equivalence_test() {
    let rule = Rule::new(0.01);
    let tight: Vec<f64> = (0..8).map(|i| if i % 2 == 0 { 0.002 } else { -0.002 }).collect();
    assert_eq!(rule.decide(&[test_of(&tight)])[0].verdict, Verdict::Same);
    let wide: Vec<f64> = [0.05, -0.04, 0.03, -0.05, 0.04, -0.03, 0.02, -0.02].to_vec();
    let d = &rule.decide(&[test_of(&wide)])[0];
    assert_eq!(d.verdict, Verdict::Unknown);
    assert!(d.sentence(0.01).starts_with("cannot tell: −"), "{}", d.sentence(0.01));
}

/// Under 6 rounds nothing is `same`, however equal.
#[test]
fn never_same_under_six_rounds() {
    let rule = Rule::new(0.01);
    for n in 1..6 {
        let d = &rule.decide(&[test_of(&vec![0.0; n])])[0];
        assert_eq!(d.verdict, Verdict::Unknown, "{n} rounds");
        assert!(d.sentence(0.01).contains(&format!("only {}", rounds_word(n))), "{}", d.sentence(0.01));
    }
    assert_eq!(rule.decide(&[test_of(&[0.0; 6])])[0].verdict, Verdict::Same);
    assert_eq!(rule.decide(&[None])[0].verdict, Verdict::Unknown);
}

/// An item is settled when every cell's interval at the look's level lies within or
/// wholly beyond ±1 %; a steady 5 % slowdown settles at an interim look (weight 1/30),
/// a cell of ±5 % rounds does not.
#[test]
fn settled_needs_every_cell_decided_by_magnitude() {
    let rule = Rule::new(0.01);
    let w = 0.1 / 3.0;
    let jitter = |i: usize| if i % 2 == 0 { 0.001 } else { -0.001 } + 1e-5 * i as f64;
    let steady: Vec<f64> = (0..12).map(|i| 0.05 + jitter(i)).collect();
    assert!(rule.settled(std::slice::from_ref(&steady), w, 1), "12 of 12 rounds 5 % slower");
    assert!(!rule.settled(std::slice::from_ref(&steady), w, 11), "p = 2/4096 read as 0.015 cannot pass 0.05/11");
    let flat: Vec<f64> = (0..12).map(|i| 2.0 * jitter(i)).collect();
    assert!(rule.settled(std::slice::from_ref(&flat), w, 11));
    assert!(!rule.settled(&[flat[..5].to_vec()], 1.0, 1), "5 rounds have no interval");
    assert!(!rule.settled(&[flat[..6].to_vec()], w, 1), "6 rounds have no interval at an interim level");
    let wide: Vec<f64> = (0..12).map(|i| [0.05, -0.04, 0.03, -0.05, 0.04, -0.03][i % 6]).collect();
    assert!(!rule.settled(&[flat, wide], w, 2));
    let near: Vec<f64> = (0..12).map(|i| 0.01 + 3.0 * jitter(i)).collect();
    assert!(!rule.settled(&[near], 0.9, 1), "a change at the resolution is never settled");
}

/// A change the test finds but whose interval reaches inside the resolution is not a
/// difference: 0.3 % slower in every round (±0.05 %) is `same` at 1 %, with the small
/// change said; 0.8 % (±0.4 %) is `unknown`, slower by a small change.
#[test]
fn a_significant_change_inside_the_resolution_is_not_a_difference() {
    let rule = Rule::new(0.01);
    let tiny: Vec<f64> = (0..12).map(|i| 0.003 + if i % 2 == 0 { 0.0005 } else { -0.0005 } + 1e-5 * i as f64).collect();
    let d = &rule.decide(&[test_of(&tiny)])[0];
    assert_eq!((d.verdict, d.small_change), (Verdict::Same, Some(Verdict::Slower)));
    assert!(d.sentence(0.01).contains("slower by a change the test finds"), "{}", d.sentence(0.01));
    let near: Vec<f64> = (0..12).map(|i| 0.008 + if i % 2 == 0 { 0.004 } else { -0.004 } + 1e-5 * i as f64).collect();
    let d = &rule.decide(&[test_of(&near)])[0];
    assert_eq!((d.verdict, d.small_change), (Verdict::Unknown, Some(Verdict::Slower)));
}

/// Rounds drifting steadily are analysed as block means, and the sentence says so.
#[test]
fn dependent_rounds_are_blocked_and_named() {
    let drift: Vec<f64> = (0..36).map(|i| 0.05 + 0.001 * i as f64).collect();
    let t = CellTest::of(&drift).unwrap();
    assert_eq!(t.dependence.map(|d| d.block), Some(6));
    let d = &Rule::new(0.01).decide(&[Some(t)])[0];
    assert_eq!(d.verdict, Verdict::Slower);
    assert!(d.sentence(0.01).contains("analysed as means of 6 rounds"), "{}", d.sentence(0.01));
}

/// Two items, one of 1 cell and one of 3, every round exactly 2 % slower: the overall
/// change is 2 % with a zero-width interval, `slower`.
#[test]
fn overall_weighs_items_by_their_cells() {
    let d = (1.02f64).ln();
    let items = vec![vec![vec![d; 6]], vec![vec![d; 8]; 3]];
    let o = overall(&items, &Rule::new(0.01)).expect("two items");
    assert_eq!((o.cells, o.items, o.decision.verdict), (4, 2, Verdict::Slower));
    assert!((o.decision.change.unwrap() - 0.02).abs() < 1e-12);
    let few = vec![vec![vec![d; 5]]];
    assert_eq!(overall(&few, &Rule::new(0.01)), None, "under 6 rounds: nothing overall");
}

/// The cells of a round that moved together count once: three cells that all read +4 %
/// in one round and −4 % in the next are two observations of ±4 %, not six.
#[test]
fn overall_treats_a_rounds_cells_as_one_observation() {
    let rounds: Vec<f64> = (0..6).map(|r| if r % 2 == 0 { 0.04 } else { -0.04 }).collect();
    let o = overall(&[vec![rounds.clone(); 3]], &Rule::new(0.01)).unwrap();
    let one = overall(&[vec![rounds]], &Rule::new(0.01)).unwrap();
    assert_eq!(o.decision.interval, one.decision.interval);
    assert_eq!(o.decision.verdict, Verdict::Unknown);
}
