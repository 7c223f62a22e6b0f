//! Properties of the rules engine on random play: do/undo restores the position, copy-make
//! equals make, move text round-trips through print and parse, bulk counts equal
//! generated moves, on many board sizes and all three bit-set widths.

use harness::checkers::geometry::Geometry;
use harness::checkers::geometry::Wide;
use harness::checkers::moves::{count_moves, legal_moves, parse_move};
use harness::checkers::position::Position;
use harness::search::bits::Bits;
use proptest::prelude::*;

fn walk<B: Bits>(g: &Geometry<B>, choices: &[usize]) {
    let mut p = Position::start(g);
    let mut trail = Vec::new();
    for &c in choices {
        let moves = legal_moves::<B, true>(g, &p);
        assert_eq!(count_moves::<B, true>(g, &p), moves.len() as u64);
        assert_eq!(count_moves::<B, false>(g, &p), legal_moves::<B, false>(g, &p).len() as u64);
        if moves.is_empty() {
            break;
        }
        for m in &moves {
            assert_eq!(parse_move(g, &p, &moves, &m.text(g)).unwrap(), *m, "{}", m.text(g));
        }
        let m = moves[c % moves.len()];
        let before = p;
        let undo = p.make(&m);
        assert_eq!(p, before.apply(&m));
        assert_eq!(p.pieces[0] & p.pieces[1], B::ZERO, "no square holds two pieces");
        assert_eq!(p.kings & !(p.pieces[0] | p.pieces[1]), B::ZERO, "kings are pieces");
        trail.push((before, m, undo));
    }
    while let Some((before, m, undo)) = trail.pop() {
        p.unmake(&m, undo);
        assert_eq!(p, before);
    }
    assert_eq!(p, Position::start(g));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn do_undo_restores_and_text_round_trips(
        m in 3u8..=10, n in 3u8..=10, r_pick in 0u8..5, choices in prop::collection::vec(0usize..64, 0..150)
    ) {
        let r = 1 + r_pick % (m / 2);
        walk(&Geometry::<u64>::new(m, n, r).unwrap(), &choices);
        walk(&Geometry::<u128>::new(m, n, r).unwrap(), &choices);
    }

    #[test]
    fn large_boards_on_wide_sets(m in 12u8..=16, n in 12u8..=16, choices in prop::collection::vec(0usize..64, 0..120)) {
        walk(&Geometry::<Wide>::new(m, n, 3).unwrap(), &choices);
    }
}
