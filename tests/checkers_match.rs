//! The strategy player against random on 8x8: 200 seeded games, 100 with each colour,
//! at least 95% won; and the same seeds replay the same games on 1 and 2 threads.

use harness::checkers::by_size::{colour_in_game, game};
use harness::checkers::geometry::{BoardSize, Color};
use harness::checkers::matches::{GameRules, Tally};
use harness::checkers::players::PlayerKind;
use harness::search::budget::Budget;
use harness::search::pool::in_pool;
use harness::search::rng::item_rng;
use rayon::prelude::*;

fn series(threads: usize) -> Tally {
    let size = BoardSize::standard();
    let strategy = PlayerKind::Strategy(4);
    let records: Vec<_> = in_pool(threads, || {
        (0..200u64)
            .into_par_iter()
            .map(|i| {
                let color = colour_in_game(i);
                let players =
                    if color == Color::Black { [strategy, PlayerKind::Random] } else { [PlayerKind::Random, strategy] };
                let mut rng = item_rng(20240321, &["strategy-vs-random", &i.to_string()]);
                let rules = GameRules { players, draw_plies: 80, opening_plies: 0 };
                (game(size, &rules, &mut rng, &Budget::unlimited()).unwrap(), color)
            })
            .collect()
    });
    let mut t = Tally::default();
    for (r, c) in &records {
        t.add(r, *c);
    }
    t
}

#[test]
fn strategy_beats_random_in_at_least_95_percent_of_200_games() {
    let t = series(2);
    assert_eq!(t.games, 200);
    assert!(t.wins >= 190, "{t:?}");
    assert!(t.wins_as_black >= 95 && t.wins_as_white >= 95, "{t:?}");
    assert_eq!(series(1), t, "same seeds, same games on 1 and 2 threads");
}
