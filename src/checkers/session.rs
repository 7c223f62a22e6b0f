//! One game against the computer as the mouse boards play it (the terminal board and the
//! web board): the game, the squares clicked so far for the move being entered, the
//! computer's replies, undo of a turn, and the position as it is drawn (midway through a
//! multi-jump the piece stands where it has jumped to). Clicks are checked against the
//! legal moves only: the rules stay in [`super::moves`].

use super::by_size::geometry;
use super::game::{stuck, Game, Outcome};
use super::geometry::{BoardSize, Color, Geometry};
use super::move_value::Move;
use super::play::{can_undo_turn, undo_turn};
use super::players::{choose_move, choose_move_within, PlayerKind, DEFAULT_DEPTH};
use super::position::Position;
use crate::base::text::count_of;
use crate::search::bits::Bits;
use crate::search::budget::Budget;
use crate::search::rng::{seeded, Rng};

/// A game against the computer with a move being entered square by square.
pub struct Session<B: Bits> {
    game: Game<B>,
    size: BoardSize,
    human: Color,
    computer: PlayerKind,
    rng: Rng,
    draw_plies: u32,
    path: Vec<u32>,
    /// The computer's replies are searched by the caller ([`Session::reply_search`]) and
    /// played with [`Session::apply_reply`], instead of at once.
    deferred: bool,
}

/// The search of the computer's reply, taken out of a session so that it can run in the
/// background ([`Session::reply_search`]).
pub struct ReplySearch<B: Bits> {
    geometry: Geometry<B>,
    position: Position<B>,
    kind: PlayerKind,
    rng: Rng,
    plies: usize,
}

/// The computer's reply as [`ReplySearch::run`] found it, for [`Session::apply_reply`].
#[derive(Clone)]
pub struct ComputerReply<B: Bits> {
    mv: Option<Move<B>>,
    rng: Rng,
    plies: usize,
}

impl<B: Bits> ComputerReply<B> {
    /// The move found (`None`: the side had none).
    pub fn chosen(&self) -> Option<&Move<B>> {
        self.mv.as_ref()
    }

    /// The ply of the game the move is for.
    pub fn ply(&self) -> usize {
        self.plies
    }
}

impl<B: Bits> ReplySearch<B> {
    /// Searches the reply within `budget` (see [`choose_move_within`]).
    pub fn run(mut self, budget: &Budget) -> ComputerReply<B> {
        let mv = choose_move_within(&self.geometry, &self.position, self.kind, &mut self.rng, budget);
        ComputerReply { mv, rng: self.rng, plies: self.plies }
    }
}

/// What a click did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Click {
    /// A piece with a legal move was selected.
    Selected(String),
    /// The selection was dropped (the selected piece clicked again).
    Dropped(String),
    /// A jump of a multi-jump was entered; more must follow.
    Jumped(String),
    /// A whole move was played (and the computer replied while it is to move).
    Played(String),
}

impl Click {
    /// The message to show for the click.
    pub fn message(&self) -> &str {
        match self {
            Click::Selected(m) | Click::Dropped(m) | Click::Jumped(m) | Click::Played(m) => m,
        }
    }
}

impl<B: Bits> Session<B> {
    /// A new game on `size`; the computer moves first when the human plays White.
    pub fn new(size: BoardSize, human: Color, computer: PlayerKind, seed: u64, draw_plies: u32) -> Self {
        let game = Game::new(geometry::<B>(size), draw_plies);
        let mut s =
            Session { game, size, human, computer, rng: seeded(seed), draw_plies, path: Vec::new(), deferred: false };
        s.computer_replies();
        s
    }

    /// [`Session::new`] or, with a `position`, [`Session::from_position`], whose computer
    /// never replies by itself: its replies are searched with [`Session::reply_search`]
    /// and played with [`Session::apply_reply`] (a board that searches in the background).
    pub fn deferred(
        size: BoardSize,
        position: Option<Position<B>>,
        human: Color,
        computer: PlayerKind,
        seed: u64,
        draw_plies: u32,
    ) -> Self {
        let game = match position {
            None => Game::new(geometry::<B>(size), draw_plies),
            Some(p) => Game::from_position(geometry::<B>(size), p, draw_plies),
        };
        Session { game, size, human, computer, rng: seeded(seed), draw_plies, path: Vec::new(), deferred: true }
    }

    /// Whether the computer is to move in a game that goes on.
    pub fn computers_turn(&self) -> bool {
        self.game.outcome() == Outcome::Ongoing && self.game.side() != self.human
    }

    /// The search of the computer's reply in the current position, to run anywhere.
    pub fn reply_search(&self) -> ReplySearch<B> {
        ReplySearch {
            geometry: self.game.geometry.clone(),
            position: *self.game.position(),
            kind: self.computer,
            rng: self.rng.clone(),
            plies: self.game.plies(),
        }
    }

    /// The search of the move the strategy (the computer's depth when it plays the
    /// strategy, else the default depth) would play for the human in the current
    /// position: a hint, to run anywhere. It does not touch the session's random state.
    pub fn hint_search(&self) -> ReplySearch<B> {
        let kind = match self.computer {
            PlayerKind::Strategy(depth) => PlayerKind::Strategy(depth),
            _ => PlayerKind::Strategy(DEFAULT_DEPTH),
        };
        ReplySearch { kind, ..self.reply_search() }
    }

    /// Plays the moves of `text` (PDN or a plain list of moves, see [`super::pdn::load`])
    /// for both sides from the position of its `FEN` tag, else from the position on the
    /// board; the number played. On a refused move the moves before it stay played.
    pub fn replay(&mut self, text: &str) -> Result<usize, String> {
        self.path.clear();
        super::pdn::load(&mut self.game, text)
    }

    /// The game's moves as PDN (see [`super::pdn::write`]), with the players and the board
    /// in its tags.
    pub fn pdn(&self) -> String {
        let name = |c: Color| if c == self.human { "you".to_string() } else { format!("computer ({})", self.computer) };
        let s = self.size;
        let board = format!("{}x{}, {} rows of men", s.rows, s.cols, s.men_rows);
        super::pdn::write(&self.game, &[("Black", name(Color::Black)), ("White", name(Color::White)), ("Board", board)])
    }

    /// Whether [`Session::undo`] would take a move back (the human has moved).
    pub fn can_undo(&self) -> bool {
        can_undo_turn(&self.game, self.human)
    }

    /// The last move of each side, the latest first: who made it (`true`: the human) and
    /// its squares.
    pub fn last_moves(&self) -> Vec<(bool, Move<B>)> {
        let mut mover = self.game.side();
        let mut out = Vec::new();
        for mv in self.game.moves().collect::<Vec<_>>().into_iter().rev().take(2) {
            mover = mover.other();
            out.push((mover == self.human, *mv));
        }
        out
    }

    /// Plays a reply found by [`ReplySearch::run`]; returns `Computer played X.`. `Err`
    /// when the game has moved on since the search started (the reply is then dropped) or
    /// the computer had no move.
    pub fn apply_reply(&mut self, reply: ComputerReply<B>) -> Result<String, String> {
        if !self.computers_turn() || self.game.plies() != reply.plies {
            return Err("The computer's reply is for another position.".to_string());
        }
        let mv = reply.mv.ok_or("The computer has no move.")?;
        self.game.play(&mv)?;
        self.rng = reply.rng;
        Ok(format!("Computer played {}.", mv.text(&self.game.geometry)))
    }

    /// A game from a hand-made `position` (for study and tests); the computer replies at
    /// once when it is to move. [`Session::restart`] starts from the start position.
    pub fn from_position(
        size: BoardSize,
        position: Position<B>,
        human: Color,
        computer: PlayerKind,
        seed: u64,
        draw_plies: u32,
    ) -> Self {
        let mut s = Session::new(size, human, computer, seed, draw_plies);
        s.game = Game::from_position(geometry::<B>(size), position, draw_plies);
        s.path.clear();
        s.computer_replies();
        s
    }

    /// A new game with the same settings (the generator goes on); returns what the
    /// computer played first, if anything.
    pub fn restart(&mut self) -> String {
        self.game = Game::new(geometry::<B>(self.size), self.draw_plies);
        self.path.clear();
        self.computer_replies()
    }

    /// The game being played.
    pub fn game(&self) -> &Game<B> {
        &self.game
    }

    /// The board.
    pub fn geometry(&self) -> &Geometry<B> {
        &self.game.geometry
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The human's colour.
    pub fn human(&self) -> Color {
        self.human
    }

    /// The computer's player.
    pub fn computer(&self) -> PlayerKind {
        self.computer
    }

    /// The squares clicked so far for the move being entered (first: the selected piece).
    pub fn selection(&self) -> &[u32] {
        &self.path
    }

    /// Forgets the squares clicked so far.
    pub fn drop_selection(&mut self) {
        self.path.clear();
    }

    /// The squares that extend the current selection by one square of some legal move;
    /// with nothing selected, the squares of the pieces that have a legal move.
    pub fn targets(&self) -> Vec<u32> {
        let g = &self.game.geometry;
        let mut out: Vec<u32> = self
            .game
            .legal()
            .iter()
            .map(|m| m.path(g))
            .filter(|p| p.len() > self.path.len() && p.starts_with(&self.path))
            .map(|p| p[self.path.len()])
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The squares of the pieces that have a legal move (those a click can select).
    pub fn movable(&self) -> Vec<u32> {
        let mut out: Vec<u32> = self.game.legal().iter().map(|m| u32::from(m.from)).collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether the human is to move in a game that goes on.
    pub fn humans_turn(&self) -> bool {
        self.game.outcome() == Outcome::Ongoing && self.game.side() == self.human
    }

    /// A click on square (row, col), row 0 at the bottom: selects a piece that has a
    /// legal move, drops the selection when the selected piece is clicked again, extends
    /// the selection by a marked square and plays the move once its path is complete
    /// (the computer then replies). `Err` says why the click does nothing (the game is
    /// over, a light square, a piece without a legal move, a square that is not marked);
    /// such a click on an unmarked square while only a piece is selected drops the
    /// selection.
    pub fn click(&mut self, row: u8, col: u8) -> Result<Click, String> {
        if self.game.outcome() != Outcome::Ongoing {
            return Err("The game is over: start a new game.".to_string());
        }
        let g = &self.game.geometry;
        let Some(sq) = g.index(row, col) else {
            return Err("Only the dark squares are used.".to_string());
        };
        if self.path.len() == 1 && self.path[0] == sq {
            self.path.clear();
            return Ok(Click::Dropped("Selection dropped.".to_string()));
        }
        let own = self.game.position().piece_at(sq).is_some_and(|p| p.color == self.human);
        if self.path.len() == 1 && !own && !self.targets().contains(&sq) {
            // A whole capture clicked at the square where it ends.
            let whole = self.captures_ending_at(self.path[0], sq);
            if let [mv] = whole.as_slice() {
                let mv = *mv;
                return Ok(Click::Played(self.play(&mv)));
            }
            if whole.len() > 1 {
                let ways: Vec<String> = whole.iter().map(|m| m.text(g)).collect();
                return Err(format!(
                    "{} reaches {} by {} captures ({}): click its squares one by one, first {}.",
                    g.name(self.path[0]),
                    g.name(sq),
                    whole.len(),
                    ways.join(", "),
                    self.targets_text()
                ));
            }
            let why = self.why_not_to(self.path[0], sq);
            if !self.game.legal().iter().any(|m| m.is_capture()) {
                self.path.clear();
            }
            return Err(why);
        }
        if self.path.is_empty() || (self.path.len() == 1 && !self.targets().contains(&sq)) {
            return self.select(sq);
        }
        if !self.targets().contains(&sq) {
            return Err(format!("{} is not a legal destination: go on to {}.", g.name(sq), self.targets_text()));
        }
        self.path.push(sq);
        let done = self.game.legal().iter().find(|m| m.path(g) == self.path).copied();
        match done {
            Some(mv) => Ok(Click::Played(self.play(&mv))),
            None => Ok(Click::Jumped(format!("Keep jumping: on to {}.", self.targets_text()))),
        }
    }

    /// The legal captures of the piece on `from` that end on `to` after more than one jump.
    fn captures_ending_at(&self, from: u32, to: u32) -> Vec<Move<B>> {
        let g = &self.game.geometry;
        self.game
            .legal()
            .iter()
            .filter(|m| {
                let path = m.path(g);
                path.len() > 2 && path[0] == from && path[path.len() - 1] == to
            })
            .copied()
            .collect()
    }

    /// The squares that extend the selection, in words: `b4 or d4`.
    pub fn targets_text(&self) -> String {
        let names: Vec<String> = self.targets().iter().map(|&i| self.game.geometry.name(i)).collect();
        match names.as_slice() {
            [] => "no square".to_string(),
            [one] => one.clone(),
            [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
        }
    }

    /// Plays `mv` (one of the legal moves) for the human and lets the computer reply;
    /// returns what was played.
    pub fn play(&mut self, mv: &Move<B>) -> String {
        self.path.clear();
        if let Err(e) = self.game.play(mv) {
            return e;
        }
        let played = format!("You played {}.", mv.text(&self.game.geometry));
        let reply = self.computer_replies();
        if reply.is_empty() {
            played
        } else {
            format!("{played} {reply}")
        }
    }

    /// Why the selected piece on `from` cannot go to `to`, naming the rule: the square is
    /// taken by the other side, a capture is mandatory, or how far and which way the piece steps.
    fn why_not_to(&self, from: u32, to: u32) -> String {
        let g = &self.game.geometry;
        let p = self.game.position();
        let (from_name, to_name) = (g.name(from), g.name(to));
        if p.piece_at(to).is_some() {
            return format!("{to_name} is taken: a piece is captured by jumping over it to the empty square behind.");
        }
        if self.game.legal().iter().any(|m| m.is_capture()) {
            return format!(
                "{from_name} cannot go to {to_name}: capturing is mandatory, so {from_name} must jump, to {}.",
                self.targets_text()
            );
        }
        if p.piece_at(from).is_some_and(|piece| piece.king) {
            return format!(
                "{from_name} cannot go to {to_name}: a king steps one square diagonally (no flying kings)."
            );
        }
        format!("{from_name} cannot go to {to_name}: a man steps one square diagonally forward.")
    }

    fn select(&mut self, sq: u32) -> Result<Click, String> {
        let g = &self.game.geometry;
        if self.movable().contains(&sq) {
            self.path = vec![sq];
            return Ok(Click::Selected(format!("{} selected: it can go to {}.", g.name(sq), self.targets_text())));
        }
        self.path.clear();
        let own = self.game.position().piece_at(sq).is_some_and(|p| p.color == self.human);
        let capture = self.game.legal().iter().any(|m| m.is_capture());
        Err(match (own, capture) {
            (true, true) => format!("{} cannot capture, and capturing is mandatory.", g.name(sq)),
            (true, false) => format!("{} has no legal move.", g.name(sq)),
            (false, _) => "Click one of your own pieces.".to_string(),
        })
    }

    /// Takes the game back to the position after `ply` plies, the later moves dropped
    /// (to play on from an earlier position); the number of plies dropped.
    pub fn back_to(&mut self, ply: usize) -> usize {
        self.path.clear();
        let mut dropped = 0;
        while self.game.plies() > ply && self.game.undo() {
            dropped += 1;
        }
        dropped
    }

    /// Takes back the human's last move and the computer's reply; `false` when the human
    /// has not moved yet.
    pub fn undo(&mut self) -> bool {
        self.path.clear();
        undo_turn(&mut self.game, self.human)
    }

    /// Lets the computer move while it is to move; returns `Computer played X.` (empty
    /// when it did not move).
    fn computer_replies(&mut self) -> String {
        let mut said = Vec::new();
        if self.deferred {
            return String::new();
        }
        while self.game.outcome() == Outcome::Ongoing && self.game.side() != self.human {
            let Some(mv) = choose_move(&self.game.geometry, self.game.position(), self.computer, &mut self.rng) else {
                break;
            };
            if self.game.play(&mv).is_err() {
                break;
            }
            said.push(format!("Computer played {}.", mv.text(&self.game.geometry)));
        }
        said.join(" ")
    }

    /// How the game stands, in words: whose turn, or the result said plainly.
    pub fn turn_text(&self) -> String {
        match self.game.outcome() {
            Outcome::Won(c) => {
                let who = if c == self.human { "you win" } else { "the computer wins" };
                format!("{} wins, {who} ({})", c.name(), stuck(self.game.position(), c.other()))
            }
            Outcome::Drawn => format!("draw ({} plies without capture or man move)", self.game.quiet_plies()),
            Outcome::Ongoing if self.game.side() == self.human => format!("{} to move (you)", self.game.side().name()),
            Outcome::Ongoing => format!("{} to move (computer)", self.game.side().name()),
        }
    }

    /// The status line: whose turn (or the result) and the pieces and kings of both sides.
    pub fn status_line(&self) -> String {
        let p = self.game.position();
        let side = |c: Color| format!("{} ({})", p.count(c), count_of(p.king_count(c).into(), "king"));
        format!("{} | black {} | white {}", self.turn_text(), side(Color::Black), side(Color::White))
    }

    /// The position as drawn: midway through a multi-jump the piece stands on the last
    /// square clicked; the second value lists the squares of the pieces it has jumped so
    /// far (still on the board until the move is complete).
    pub fn shown_position(&self) -> (Position<B>, Vec<u32>) {
        let mut p = *self.game.position();
        let mut taken = Vec::new();
        if self.path.len() < 2 {
            return (p, taken);
        }
        let g = &self.game.geometry;
        for hop in self.path.windows(2) {
            if let Some(over) = jumped(g, hop[0], hop[1]) {
                taken.push(over);
            }
        }
        if let Some(piece) = p.piece_at(self.path[0]) {
            p.clear(self.path[0]);
            p.put(self.path[self.path.len() - 1], piece);
        }
        (p, taken)
    }
}

/// The square jumped over when a piece goes from `from` to `to` two squares along a
/// diagonal; `None` when `to` is not such a square.
pub fn jumped<B: Bits>(g: &Geometry<B>, from: u32, to: u32) -> Option<u32> {
    (0..4).find_map(|d| g.neighbour(from, d).filter(|&m| g.neighbour(m, d) == Some(to)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkers::position::Piece;

    fn square(s: &Session<u64>, name: &str) -> (u8, u8) {
        let g = s.geometry();
        g.square(g.parse_square(name).unwrap()).unwrap()
    }

    fn click(s: &mut Session<u64>, name: &str) -> Result<Click, String> {
        let (row, col) = square(s, name);
        s.click(row, col)
    }

    #[test]
    fn a_deferred_session_plays_the_reply_it_is_given_as_the_plain_one_does() {
        let size = BoardSize::new(8, 8, 3).unwrap();
        let kind = PlayerKind::Strategy(3);
        let plain = Session::<u64>::new(size, Color::White, kind, 11, 50);
        let mut deferred = Session::<u64>::deferred(size, None, Color::White, kind, 11, 50);
        assert_eq!((plain.game().plies(), deferred.game().plies()), (1, 0), "only the plain one replied at once");
        assert!(deferred.computers_turn() && !deferred.humans_turn());
        let search = deferred.reply_search();
        let stale = deferred.reply_search().run(&Budget::unlimited());
        let said = deferred.apply_reply(search.run(&Budget::unlimited())).unwrap();
        assert!(said.starts_with("Computer played "), "{said}");
        let moves = |s: &Session<u64>| s.game().moves().map(|m| m.text(s.geometry())).collect::<Vec<_>>();
        assert_eq!(moves(&deferred), moves(&plain), "the same seed plays the same reply");
        assert!(deferred.humans_turn());
        assert!(deferred.apply_reply(stale).is_err(), "a reply for another position is dropped");
        assert_eq!(deferred.game().plies(), 1);
    }

    #[test]
    fn midway_through_a_multi_jump_the_piece_stands_where_it_jumped_to() {
        let size = BoardSize::standard();
        let g = geometry::<u64>(size);
        let mut p = Position::empty(Color::Black);
        p.put(g.parse_square("a1").unwrap(), Piece { color: Color::Black, king: false });
        for sq in ["b2", "d4", "h8"] {
            p.put(g.parse_square(sq).unwrap(), Piece { color: Color::White, king: false });
        }
        let mut s = Session::from_position(size, p, Color::Black, PlayerKind::Random, 1, 80);
        assert!(matches!(click(&mut s, "a1"), Ok(Click::Selected(_))));
        assert!(matches!(click(&mut s, "c3"), Ok(Click::Jumped(_))));
        let (shown, taken) = s.shown_position();
        assert_eq!(shown.piece_at(g.parse_square("c3").unwrap()).map(Piece::letter), Some('b'));
        assert_eq!(shown.piece_at(g.parse_square("a1").unwrap()), None);
        assert_eq!(taken, vec![g.parse_square("b2").unwrap()]);
        assert!(click(&mut s, "h8").unwrap_err().contains("not a legal destination"));
        assert!(matches!(click(&mut s, "e5"), Ok(Click::Played(_))));
        assert_eq!(s.game().moves().next().unwrap().text(&g), "a1xc3xe5");
    }

    #[test]
    fn a_multi_jump_clicked_at_its_end_square_is_played_and_the_prompts_name_the_squares() {
        let size = BoardSize::standard();
        let g = geometry::<u64>(size);
        let p = Position::from_text(&g, Color::Black, "ba1 wb2 wd4 wh8").unwrap();
        let mut s = Session::from_position(size, p, Color::Black, PlayerKind::Random, 1, 80);
        assert_eq!(click(&mut s, "a1"), Ok(Click::Selected("a1 selected: it can go to c3.".to_string())));
        assert!(matches!(click(&mut s, "e5"), Ok(Click::Played(_))));
        assert_eq!(s.game().moves().next().unwrap().text(&g), "a1xc3xe5");
        let p = Position::from_text(&g, Color::Black, "ba1 wb2 wd4 wh8").unwrap();
        let mut s = Session::from_position(size, p, Color::Black, PlayerKind::Random, 1, 80);
        click(&mut s, "a1").unwrap();
        assert_eq!(click(&mut s, "c3"), Ok(Click::Jumped("Keep jumping: on to e5.".to_string())));
    }

    #[test]
    fn a_selected_piece_sent_to_a_square_it_cannot_reach_names_the_rule() {
        let size = BoardSize::standard();
        let mut s = Session::<u64>::new(size, Color::Black, PlayerKind::Random, 1, 80);
        click(&mut s, "c3").unwrap();
        let e = click(&mut s, "c5").unwrap_err();
        assert_eq!(e, "c3 cannot go to c5: a man steps one square diagonally forward.");
        assert!(s.selection().is_empty(), "the selection is dropped");
        click(&mut s, "c3").unwrap();
        assert_eq!(
            click(&mut s, "f6").unwrap_err(),
            "f6 is taken: a piece is captured by jumping over it to the empty square behind."
        );
        click(&mut s, "c3").unwrap();
        assert!(matches!(click(&mut s, "e3"), Ok(Click::Selected(_))), "an own movable piece is selected instead");
        let g = geometry::<u64>(size);
        let p = Position::from_text(&g, Color::Black, "Bc3 bg3 wf4 wa7").unwrap();
        let mut s = Session::from_position(size, p, Color::Black, PlayerKind::Random, 1, 80);
        click(&mut s, "g3").unwrap();
        assert_eq!(
            click(&mut s, "h4").unwrap_err(),
            "g3 cannot go to h4: capturing is mandatory, so g3 must jump, to e5."
        );
        assert_eq!(s.selection().len(), 1, "the selection stays, its target marked");
        let p = Position::from_text(&g, Color::Black, "Bc3 wa7").unwrap();
        let mut s = Session::from_position(size, p, Color::Black, PlayerKind::Random, 1, 80);
        click(&mut s, "c3").unwrap();
        assert_eq!(
            click(&mut s, "e5").unwrap_err(),
            "c3 cannot go to e5: a king steps one square diagonally (no flying kings)."
        );
    }

    #[test]
    fn a_finished_game_refuses_clicks_and_says_who_won() {
        let size = BoardSize::new(3, 3, 1).unwrap();
        let g = geometry::<u64>(size);
        let p = Position::from_text(&g, Color::Black, "ba1 wb2").unwrap();
        let mut s = Session::from_position(size, p, Color::Black, PlayerKind::Random, 1, 80);
        click(&mut s, "a1").unwrap();
        assert!(matches!(click(&mut s, "c3"), Ok(Click::Played(_))));
        assert!(s.status_line().starts_with("black wins, you win (white has no pieces left)"), "{}", s.status_line());
        assert!(click(&mut s, "c3").unwrap_err().contains("over"));
        assert!(s.undo());
        assert!(s.humans_turn());
        // White's man on b2 is blocked by the black men on a1 and c1: it has a piece, but no move.
        let p = Position::from_text(&g, Color::White, "wb2 ba1 bc1").unwrap();
        let s = Session::from_position(size, p, Color::Black, PlayerKind::Random, 1, 80);
        assert!(s.status_line().starts_with("black wins, you win (white cannot move)"), "{}", s.status_line());
    }
}
