//! The good game behind the undo experiment (doeExperiment): how many moves it has and
//! how many simulations bepaalGoedeZet ran for each of them. Recorded with every row of a
//! program's sweep, written in a CSV cell as `moves 24; sims 1000`, so that the report can
//! say how long the game was and how its moves were chosen.

use std::fmt;

/// The good game played before the undo sweep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GoodGame {
    /// The moves from the loaded position to the end position.
    pub moves: usize,
    /// bepaalGoedeZet's random games for each move tried.
    pub sims: u32,
}

impl fmt::Display for GoodGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "moves {}; sims {}", self.moves, self.sims)
    }
}

impl GoodGame {
    /// The game a cell written by [`fmt::Display`] records; none for any other text.
    pub fn parse(text: &str) -> Option<GoodGame> {
        let (moves, sims) = text.split_once("; ")?;
        let moves = moves.strip_prefix("moves ")?.parse().ok()?;
        let sims = sims.strip_prefix("sims ")?.parse().ok()?;
        Some(GoodGame { moves, sims })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_reads_back_as_the_game_it_records() {
        let game = GoodGame { moves: 24, sims: 1000 };
        assert_eq!(game.to_string(), "moves 24; sims 1000");
        assert_eq!(GoodGame::parse(&game.to_string()), Some(game));
        for other in ["", "moves 24", "moves x; sims 1000", "(2,b) | B no move | 0-1", "sims 1000; moves 24"] {
            assert_eq!(GoodGame::parse(other), None, "{other}");
        }
    }
}
