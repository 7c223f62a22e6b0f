//! The good game behind the undo experiment (doeExperiment): how many moves it has, how
//! many simulations bepaalGoedeZet ran for each of them, and how many distinct moves the
//! player to move had at each of its positions. Recorded with every row of a program's
//! sweep, written in a CSV cell as `moves 4; sims 1000; choices 4 3 2 1`, so that the
//! report can say how long the game was, how its moves were chosen and how wide the tree
//! the sweep searched is along it.

use std::fmt;

/// The good game played before the undo sweep.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoodGame {
    /// The moves from the loaded position to the end position.
    pub moves: usize,
    /// bepaalGoedeZet's random games for each move tried.
    pub sims: u32,
    /// The distinct moves of the player to move at each position the game passed
    /// before its moves, the loaded position first; empty where not recorded.
    pub choices: Vec<u32>,
}

impl fmt::Display for GoodGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "moves {}; sims {}", self.moves, self.sims)?;
        if !self.choices.is_empty() {
            let choices: Vec<String> = self.choices.iter().map(u32::to_string).collect();
            write!(f, "; choices {}", choices.join(" "))?;
        }
        Ok(())
    }
}

impl GoodGame {
    /// The game a cell written by [`fmt::Display`] records; none for any other text.
    pub fn parse(text: &str) -> Option<GoodGame> {
        let mut parts = text.split("; ");
        let moves = parts.next()?.strip_prefix("moves ")?.parse().ok()?;
        let sims = parts.next()?.strip_prefix("sims ")?.parse().ok()?;
        let choices = match parts.next() {
            Some(part) => part.strip_prefix("choices ")?.split(' ').map(|n| n.parse().ok()).collect::<Option<_>>()?,
            None => Vec::new(),
        };
        if parts.next().is_some() {
            return None;
        }
        Some(GoodGame { moves, sims, choices })
    }

    /// The mean number of distinct moves at the positions of the game's last `moves`
    /// moves (those a sweep undoing `moves` moves searched); none where the game records
    /// fewer positions or `moves` is 0.
    pub fn mean_choices_of_last(&self, moves: usize) -> Option<f64> {
        if moves == 0 || moves > self.choices.len() {
            return None;
        }
        let last = &self.choices[self.choices.len() - moves..];
        Some(last.iter().map(|&n| f64::from(n)).sum::<f64>() / moves as f64)
    }

    /// The mean number of distinct moves at the positions before the game's last `moves`
    /// moves (those a sweep undoing `moves` moves did not reach); none where the game
    /// records no positions there.
    pub fn mean_choices_before_last(&self, moves: usize) -> Option<f64> {
        let first = &self.choices[..self.choices.len().checked_sub(moves).filter(|&n| n > 0)?];
        Some(first.iter().map(|&n| f64::from(n)).sum::<f64>() / first.len() as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_reads_back_as_the_game_it_records() {
        let game = GoodGame { moves: 24, sims: 1000, choices: Vec::new() };
        assert_eq!(game.to_string(), "moves 24; sims 1000");
        assert_eq!(GoodGame::parse(&game.to_string()), Some(game));
        let game = GoodGame { moves: 3, sims: 50, choices: vec![4, 2, 1] };
        assert_eq!(game.to_string(), "moves 3; sims 50; choices 4 2 1");
        assert_eq!(GoodGame::parse(&game.to_string()), Some(game));
        for other in [
            "",
            "moves 24",
            "moves x; sims 1000",
            "(2,b) | B no move | 0-1",
            "sims 1000; moves 24",
            "moves 3; sims 50; choices 4 x 1",
            "moves 3; sims 50; 4 2 1",
            "moves 3; sims 50; choices 4 2 1; more",
        ] {
            assert_eq!(GoodGame::parse(other), None, "{other}");
        }
    }

    #[test]
    fn the_mean_is_over_the_last_positions_only() {
        let game = GoodGame { moves: 4, sims: 10, choices: vec![4, 3, 2, 1] };
        assert_eq!(game.mean_choices_of_last(1), Some(1.0));
        assert_eq!(game.mean_choices_of_last(2), Some(1.5));
        assert_eq!(game.mean_choices_of_last(4), Some(2.5));
        assert_eq!(game.mean_choices_of_last(0), None);
        assert_eq!(game.mean_choices_of_last(5), None);
        assert_eq!(game.mean_choices_before_last(1), Some(3.0));
        assert_eq!(game.mean_choices_before_last(2), Some(3.5));
        assert_eq!(game.mean_choices_before_last(4), None);
        assert_eq!(game.mean_choices_before_last(5), None);
        assert_eq!(game.mean_choices_before_last(0), Some(2.5));
    }
}
