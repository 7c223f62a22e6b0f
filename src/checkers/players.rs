//! Computer players: `random` (uniform over legal moves, seeded) and `strategy`
//! (alpha-beta to a fixed depth, searching on through pending captures, move ordering and the
//! evaluation in [`evaluate`]; root ties are broken by a seeded shuffle, so a player is
//! deterministic for a given seed).

use std::fmt;

use rand::seq::SliceRandom;
use rand::Rng as _;

use super::geometry::{Color, Geometry};
use super::moves::{generate, Move};
use super::position::Position;
use crate::base::text::excerpt;
use crate::search::bits::Bits;
use crate::search::budget::Budget;
use crate::search::rng::Rng;

/// Default search depth of the strategy player (plies).
pub const DEFAULT_DEPTH: u32 = 6;
/// Score of a won position (minus the plies to reach it).
pub const WIN: i32 = 1_000_000;
/// Deepest ply searched: captures pending at the horizon are searched on (each removes
/// a piece, so the extension ends), up to this ply.
const MAX_PLY: u32 = 64;

/// Which computer player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerKind {
    /// Uniform random legal moves.
    Random,
    /// Alpha-beta search to this depth.
    Strategy(u32),
}

impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerKind::Random => write!(f, "random"),
            PlayerKind::Strategy(d) => write!(f, "strategy:{d}"),
        }
    }
}

impl std::str::FromStr for PlayerKind {
    type Err = String;
    /// `random`, `strategy` (depth [`DEFAULT_DEPTH`]) or `strategy:D` with D from 1 to 20.
    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.trim().to_ascii_lowercase();
        match s.as_str() {
            "random" | "1" => Ok(PlayerKind::Random),
            "strategy" | "2" => Ok(PlayerKind::Strategy(DEFAULT_DEPTH)),
            _ => match s.strip_prefix("strategy:").map(str::parse::<u32>) {
                Some(Ok(d)) if (1..=20).contains(&d) => Ok(PlayerKind::Strategy(d)),
                _ => Err(format!(
                    "`{}` is not a player: expected random, strategy or strategy:D (D from 1 to 20)",
                    excerpt(&s)
                )),
            },
        }
    }
}

/// The move `kind` chooses in `p`, or `None` when there is no legal move.
pub fn choose_move<B: Bits>(g: &Geometry<B>, p: &Position<B>, kind: PlayerKind, rng: &mut Rng) -> Option<Move<B>> {
    choose(g, p, kind, rng, None)
}

/// The move `kind` chooses in `p`, its search stopped by `budget` where one is given (the
/// search without a budget checks none); `None` when there is no legal move.
fn choose<B: Bits>(
    g: &Geometry<B>,
    p: &Position<B>,
    kind: PlayerKind,
    rng: &mut Rng,
    budget: Option<&Budget>,
) -> Option<Move<B>> {
    let mut moves = Vec::new();
    generate::<B, true>(g, p, &mut |m| moves.push(*m));
    if moves.is_empty() {
        return None;
    }
    match kind {
        PlayerKind::Random => Some(moves[rng.random_range(0..moves.len())]),
        PlayerKind::Strategy(depth) => {
            moves.shuffle(rng);
            let mut searcher = Searcher::new(g);
            searcher.budget = budget;
            Some(searcher.best_move(p, moves, depth))
        }
    }
}

/// Static evaluation from the point of view of the side to move (centipawn-like units):
/// material (man 100, king 160), men's advancement, back-row guards while the opponent
/// has men, and, for the side ahead in material, a bonus for trading down and for kings
/// close to the enemy (so a won ending gets finished instead of drawn).
pub fn evaluate<B: Bits>(g: &Geometry<B>, p: &Position<B>) -> i32 {
    let black = side_score(g, p, Color::Black);
    let white = side_score(g, p, Color::White);
    let (mat_b, mat_w) = (material(p, Color::Black), material(p, Color::White));
    let mut score = black - white;
    let ahead = mat_b.cmp(&mat_w);
    if ahead != std::cmp::Ordering::Equal {
        let (strong, weak) = if mat_b > mat_w { (Color::Black, Color::White) } else { (Color::White, Color::Black) };
        let lead = (mat_b - mat_w).abs();
        let trade = lead * 40 / (mat_b + mat_w).max(1);
        let hunt = hunt_bonus(g, p, strong, weak);
        let bonus = trade + hunt;
        score += if strong == Color::Black { bonus } else { -bonus };
    }
    if p.side == Color::Black {
        score
    } else {
        -score
    }
}

fn material<B: Bits>(p: &Position<B>, c: Color) -> i32 {
    let own = p.pieces[c.index()];
    100 * (own & !p.kings).count() as i32 + 160 * (own & p.kings).count() as i32
}

fn side_score<B: Bits>(g: &Geometry<B>, p: &Position<B>, c: Color) -> i32 {
    let own = p.pieces[c.index()];
    let opp_men = (p.pieces[c.other().index()] & !p.kings).any();
    let mut s = material(p, c);
    for i in (own & !p.kings).iter() {
        let (row, col) = g.square(i).expect("piece on a board square");
        let advance = if c == Color::Black { row } else { g.rows - 1 - row };
        s += 4 * i32::from(advance);
        if advance == 0 && opp_men {
            s += 10;
        }
        if col > 0 && col + 1 < g.cols {
            s += 2;
        }
    }
    s
}

/// Up to 8 points per king for standing close to the nearest enemy piece.
fn hunt_bonus<B: Bits>(g: &Geometry<B>, p: &Position<B>, strong: Color, weak: Color) -> i32 {
    let span = i32::from(g.rows.max(g.cols));
    let mut bonus = 0;
    for k in (p.pieces[strong.index()] & p.kings).iter() {
        let (kr, kc) = g.square(k).expect("king on a board square");
        let nearest = p.pieces[weak.index()]
            .iter()
            .map(|e| {
                let (er, ec) = g.square(e).expect("piece on a board square");
                (i32::from(kr) - i32::from(er)).abs().max((i32::from(kc) - i32::from(ec)).abs())
            })
            .min()
            .unwrap_or(0);
        bonus += 8 * (span - nearest) / span;
    }
    bonus
}

/// [`choose_move`] within `budget`: the strategy's iterative deepening ends when the
/// budget stops it (time limit, cancel, Ctrl-C) and plays the best move of the deepest
/// iteration it completed (the first move in its order if none completed). The same seed
/// and a budget that never stops give the move [`choose_move`] gives.
pub fn choose_move_within<B: Bits>(
    g: &Geometry<B>,
    p: &Position<B>,
    kind: PlayerKind,
    rng: &mut Rng,
    budget: &Budget,
) -> Option<Move<B>> {
    choose(g, p, kind, rng, Some(budget))
}

/// Nodes between two looks at the budget.
const BUDGET_NODES: u64 = 1024;

/// Alpha-beta searcher with reusable per-ply move buffers.
struct Searcher<'a, B> {
    g: &'a Geometry<B>,
    buffers: Vec<Vec<Move<B>>>,
    budget: Option<&'a Budget>,
    nodes: u64,
    stopped: bool,
}

impl<'a, B: Bits> Searcher<'a, B> {
    fn new(g: &'a Geometry<B>) -> Self {
        Searcher { g, buffers: Vec::new(), budget: None, nodes: 0, stopped: false }
    }

    /// Whether the budget (if any) stops the search; looked at every [`BUDGET_NODES`]
    /// nodes, and stays stopped.
    fn out_of_budget(&mut self) -> bool {
        if let Some(b) = self.budget {
            self.nodes += 1;
            if self.nodes % BUDGET_NODES == 0 && b.tick(BUDGET_NODES).is_err() {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Iterative deepening at the root; the previous iteration's best move is tried first.
    fn best_move(&mut self, p: &Position<B>, mut moves: Vec<Move<B>>, depth: u32) -> Move<B> {
        order(&mut moves);
        let mut best = moves[0];
        for d in 1..=depth {
            let mut alpha = -WIN - 1;
            let mut best_here = moves[0];
            for m in &moves {
                let score = -self.negamax(&p.apply(m), d - 1, 1, -WIN - 1, -alpha);
                if score > alpha {
                    alpha = score;
                    best_here = *m;
                }
            }
            if self.stopped {
                break;
            }
            best = best_here;
            if let Some(pos) = moves.iter().position(|m| *m == best) {
                let m = moves.remove(pos);
                moves.insert(0, m);
            }
            if alpha >= WIN - depth as i32 {
                break;
            }
        }
        best
    }

    fn negamax(&mut self, p: &Position<B>, depth: u32, ply: u32, mut alpha: i32, beta: i32) -> i32 {
        if self.out_of_budget() {
            return 0;
        }
        let ply_i = ply as usize;
        if self.buffers.len() <= ply_i {
            self.buffers.resize_with(ply_i + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply_i]);
        moves.clear();
        generate::<B, true>(self.g, p, &mut |m| moves.push(*m));
        let result = if moves.is_empty() {
            -(WIN - ply as i32)
        } else if (depth == 0 && !moves[0].is_capture()) || ply >= MAX_PLY {
            evaluate(self.g, p)
        } else {
            order(&mut moves);
            let next = depth.saturating_sub(1);
            let mut best = -WIN - 1;
            for m in &moves {
                let score = -self.negamax(&p.apply(m), next, ply + 1, -beta, -alpha);
                if score > best {
                    best = score;
                }
                if score > alpha {
                    alpha = score;
                }
                if alpha >= beta {
                    break;
                }
            }
            best
        };
        self.buffers[ply_i] = moves;
        result
    }
}

/// Promotions and longer captures first (stable, so earlier ties keep their order).
fn order<B: Bits>(moves: &mut [Move<B>]) {
    moves.sort_by_key(|m| std::cmp::Reverse((m.promotes as u8, m.jumps)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::rng::seeded;

    #[test]
    fn player_names_parse() {
        assert_eq!("random".parse::<PlayerKind>().unwrap(), PlayerKind::Random);
        assert_eq!("strategy:4".parse::<PlayerKind>().unwrap(), PlayerKind::Strategy(4));
        assert_eq!("Strategy".parse::<PlayerKind>().unwrap(), PlayerKind::Strategy(DEFAULT_DEPTH));
        assert!("strategy:0".parse::<PlayerKind>().is_err());
        assert!("minimax".parse::<PlayerKind>().is_err());
    }

    #[test]
    fn strategy_takes_a_free_piece_and_is_deterministic_per_seed() {
        let g = Geometry::<u64>::new(8, 8, 3).unwrap();
        let start = Position::start(&g);
        let a = choose_move(&g, &start, PlayerKind::Strategy(4), &mut seeded(1)).unwrap();
        let b = choose_move(&g, &start, PlayerKind::Strategy(4), &mut seeded(1)).unwrap();
        assert_eq!(a, b, "same seed, same move");
        // With a capture available it is the only legal move, and the player plays it.
        let q = Position::from_text(&g, Color::Black, "bc3 wd4 wh8").unwrap();
        let m = choose_move(&g, &q, PlayerKind::Strategy(3), &mut seeded(2)).unwrap();
        assert_eq!(m.text(&g), "c3xe5");
    }

    #[test]
    fn a_budgeted_strategy_plays_as_the_unbudgeted_one_or_stops_with_a_legal_move() {
        let g = Geometry::<u64>::new(8, 8, 3).unwrap();
        let start = Position::start(&g);
        let free = choose_move(&g, &start, PlayerKind::Strategy(5), &mut seeded(4)).unwrap();
        let budget = Budget::unlimited();
        let within = choose_move_within(&g, &start, PlayerKind::Strategy(5), &mut seeded(4), &budget).unwrap();
        assert_eq!(free, within, "a budget that never stops changes nothing");
        assert!(budget.live_positions() > 0, "the search reports its progress");
        let stopped = Budget::unlimited();
        stopped.cancel();
        let m = choose_move_within(&g, &start, PlayerKind::Strategy(8), &mut seeded(4), &stopped).unwrap();
        let mut legal = Vec::new();
        generate::<u64, true>(&g, &start, &mut |m| legal.push(*m));
        assert!(legal.contains(&m), "a stopped search still plays a legal move");
    }

    /// Black's king on a1 can step to b2, where White's man on c3 would take it; b2 is
    /// the king's only square, so the search keeps the man on h2 moving instead.
    #[test]
    fn strategy_does_not_hang_a_king() {
        let g = Geometry::<u64>::new(8, 8, 3).unwrap();
        let p = Position::from_text(&g, Color::Black, "Ba1 bh2 wc3 wa7").unwrap();
        for seed in 0..5 {
            let m = choose_move(&g, &p, PlayerKind::Strategy(4), &mut seeded(seed)).unwrap();
            assert_ne!(m.text(&g), "a1-b2", "seed {seed}");
        }
    }

    #[test]
    fn strategy_finds_a_win_in_one() {
        let g = Geometry::<u64>::new(8, 8, 3).unwrap();
        let p = Position::from_text(&g, Color::White, "We5 bd4 wa7").unwrap();
        let m = choose_move(&g, &p, PlayerKind::Strategy(2), &mut seeded(3)).unwrap();
        assert_eq!(m.text(&g), "e5xc3");
    }
}
