//! A game under the Chinese rules: the board, whose turn it is, komi, handicap, the full history
//! of positions for superko (art. 6) and undo.

mod check;
pub mod handicap;
mod render;
mod rules;
pub mod score;

pub use rules::Rules;

use std::collections::HashMap;

use crate::board::{Board, Color, Illegal, Move, Point};

pub const DEFAULT_KOMI: f64 = 7.5;

pub use rules::Superko;

/// Why a move is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    Board(Illegal),
    Superko,
    /// The game has `MAX_STEPS` steps already.
    TooLong,
}

/// The most steps a game keeps: far beyond any real game (a long 19×19 game has a few hundred
/// moves), and it bounds the history's memory to some 20 MB whatever a controller sends.
pub const MAX_STEPS: usize = 200_000;

/// One position of the game: its stones and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PositionKey {
    hash: u64,
    to_move: Color,
}

/// One step of the game record: a move, or stones set up in the middle of a game (SGF AB, AW
/// and AE after the first node).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    Move(Color, Move),
    Setup {
        black: Vec<Point>,
        white: Vec<Point>,
        empty: Vec<Point>,
    },
}

/// What a step back needs besides the steps themselves (the board is replayed from the
/// start): a few bytes a step, so that long games take little memory.
#[derive(Clone, Copy)]
struct Undo {
    to_move: Color,
    passes: usize,
}

#[derive(Clone)]
pub struct Game {
    board: Board,
    to_move: Color,
    /// The rules; `rules.handicap` counts the stones placed as handicap (see `handicap`).
    rules: Rules,
    /// Consecutive passes at the end of the history.
    passes: usize,
    /// The position the record starts from (empty, handicap or set-up stones).
    start: Board,
    start_to_move: Color,
    steps: Vec<Step>,
    undo: Vec<Undo>,
    /// Every position of the game in order, the starting one first.
    positions: Vec<PositionKey>,
    /// How often each stone arrangement occurs in `positions`.
    arrangements: HashMap<u64, u32>,
}

impl Game {
    pub fn new(size: usize, komi: f64, superko: Superko) -> Game {
        let mut game = Game {
            board: Board::new(size),
            to_move: Color::Black,
            rules: Rules {
                size,
                komi,
                superko,
                handicap: 0,
            },
            passes: 0,
            start: Board::new(size),
            start_to_move: Color::Black,
            steps: Vec::new(),
            undo: Vec::new(),
            positions: Vec::new(),
            arrangements: HashMap::new(),
        };
        game.restart_history();
        game
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn size(&self) -> usize {
        self.board.size()
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The rules, with the handicap as `handicap` counts it.
    pub fn rules(&self) -> Rules {
        Rules {
            handicap: self.handicap(),
            ..self.rules
        }
    }

    /// What Black's area must exceed White's by to win (`Rules::effective_komi`).
    pub fn effective_komi(&self) -> f64 {
        self.rules().effective_komi()
    }

    pub fn komi(&self) -> f64 {
        self.rules.komi
    }

    pub fn set_komi(&mut self, komi: f64) {
        self.rules.komi = komi;
    }

    /// Handicap stones: those placed as handicap, or, in a game that started on an empty
    /// board, the Black stones played before White's first move (some GUIs send a handicap
    /// as plain moves) when there are two or more.
    pub fn handicap(&self) -> usize {
        self.rules.handicap.max(self.handicap_by_plays())
    }

    /// Handicap stones placed as such (`fixed_handicap`, SGF HA with AB, ...).
    pub fn placed_handicap(&self) -> usize {
        self.rules.handicap
    }

    fn handicap_by_plays(&self) -> usize {
        if self.rules.handicap > 0
            || !self.start.is_board_empty()
            || self.start_to_move != Color::Black
        {
            return 0;
        }
        let run = self
            .steps
            .iter()
            .take_while(|step| matches!(step, Step::Move(Color::Black, Move::Play(_))))
            .count();
        if run >= 2 { run } else { 0 }
    }

    pub fn superko(&self) -> Superko {
        self.rules.superko
    }

    pub fn set_superko(&mut self, superko: Superko) {
        self.rules.superko = superko;
    }

    /// The steps since the start (or the handicap), in order.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The arrangement of stones after `step` steps (0: the start).
    pub fn hash_at(&self, step: usize) -> Option<u64> {
        self.positions.get(step).map(|k| k.hash)
    }

    /// Every stone arrangement the game has had.
    pub fn arrangements(&self) -> impl Iterator<Item = u64> + '_ {
        self.arrangements.keys().copied()
    }

    /// The moves among the steps, in order.
    pub fn moves(&self) -> impl Iterator<Item = (Color, Move)> + '_ {
        self.steps.iter().filter_map(|s| match *s {
            Step::Move(c, m) => Some((c, m)),
            Step::Setup { .. } => None,
        })
    }

    pub fn move_count(&self) -> usize {
        self.moves().count()
    }

    /// The starting position of the record and who moved first from it.
    pub fn start(&self) -> (&Board, Color) {
        (&self.start, self.start_to_move)
    }

    /// Two consecutive passes have ended play.
    pub fn is_over(&self) -> bool {
        self.passes >= 2
    }

    /// An empty board of the same size, keeping komi and the superko rule.
    pub fn clear(&mut self) {
        *self = Game::new(self.size(), self.rules.komi, self.rules.superko);
    }

    /// Forgets the history: the current position becomes the start of the game.
    fn restart_history(&mut self) {
        self.start = self.board.clone();
        self.start_to_move = self.to_move;
        self.steps.clear();
        self.undo.clear();
        self.positions.clear();
        self.arrangements.clear();
        self.passes = 0;
        self.record_position();
    }

    fn record_position(&mut self) {
        let key = PositionKey {
            hash: self.board.hash(),
            to_move: self.to_move,
        };
        self.positions.push(key);
        *self.arrangements.entry(key.hash).or_insert(0) += 1;
    }

    fn forget_last_position(&mut self) {
        if let Some(key) = self.positions.pop() {
            let count = self
                .arrangements
                .get_mut(&key.hash)
                .expect("recorded arrangement");
            *count -= 1;
            if *count == 0 {
                self.arrangements.remove(&key.hash);
            }
        }
    }

    /// Places handicap stones for Black on an empty board; White moves next. The stones are the
    /// start of the game: undo stops there.
    pub fn place_handicap(&mut self, points: &[Point]) -> bool {
        if !self.board.is_board_empty() || !self.steps.is_empty() {
            return false;
        }
        let mut board = self.board.clone();
        if !points.iter().all(|&p| board.setup_stone(Color::Black, p)) {
            return false;
        }
        self.board = board;
        self.rules.handicap = points.len();
        self.to_move = Color::White;
        self.restart_history();
        true
    }

    /// Sets up stones as a new starting position (SGF AB/AW/AE in the root): history restarts.
    pub fn set_start_position(&mut self, board: Board, to_move: Color, handicap: usize) {
        self.board = board;
        self.to_move = to_move;
        self.rules.handicap = handicap;
        self.restart_history();
    }

    /// Gives the turn to `color` without a move (SGF PL).
    pub fn set_to_move(&mut self, color: Color) {
        self.to_move = color;
        if self.steps.is_empty() {
            self.start_to_move = color;
        }
        if let Some(last) = self.positions.last_mut() {
            last.to_move = color;
        }
    }

    /// Adds, and removes stones in the middle of a game (SGF setup after the first node). The
    /// new position enters the history; undo takes the whole setup back as one step. Returns
    /// false, changing nothing, if a stone would be left without liberties.
    pub fn set_up(&mut self, black: Vec<Point>, white: Vec<Point>, empty: Vec<Point>) -> bool {
        let mut board = self.board.clone();
        if !board.apply_setup(&black, &white, &empty) {
            return false;
        }
        self.board = board;
        self.undo.push(Undo {
            to_move: self.to_move,
            passes: self.passes,
        });
        self.steps.push(Step::Setup {
            black,
            white,
            empty,
        });
        self.passes = 0;
        self.record_position();
        true
    }

    /// The position after `color` plays `mv`, checked by the board rules only.
    fn board_after(&self, color: Color, mv: Move) -> Result<Board, MoveError> {
        let mut board = self.board.clone();
        board.play_move(color, mv).map_err(MoveError::Board)?;
        Ok(board)
    }

    fn repeats(&self, board: &Board, next_to_move: Color, superko: Superko) -> bool {
        if !self.arrangements.contains_key(&board.hash()) {
            return false;
        }
        match superko {
            Superko::Positional => true,
            Superko::Situational => self
                .positions
                .iter()
                .any(|k| k.hash == board.hash() && k.to_move == next_to_move),
        }
    }

    /// Whether `play` accepts the move under the configured superko rule.
    pub fn check_move(&self, color: Color, mv: Move) -> Result<(), MoveError> {
        self.check_move_under(color, mv, self.rules.superko)
    }

    /// The legality the engine's own moves must meet: no earlier arrangement of stones may come
    /// back, whichever superko `play` enforces (so the move is legal on KGS and OGS too).
    pub fn check_own_move(&self, color: Color, mv: Move) -> Result<(), MoveError> {
        self.check_move_under(color, mv, Superko::Positional)
    }

    fn check_move_under(&self, color: Color, mv: Move, superko: Superko) -> Result<(), MoveError> {
        self.legal_board_after(color, mv, superko).map(|_| ())
    }

    /// Whether the game has room for one more step.
    fn check_length(&self) -> Result<(), MoveError> {
        if self.steps.len() < MAX_STEPS {
            Ok(())
        } else {
            Err(MoveError::TooLong)
        }
    }

    /// The position after the move, if the rules (board rules and `superko`) allow it. Passes
    /// are always allowed.
    fn legal_board_after(
        &self,
        color: Color,
        mv: Move,
        superko: Superko,
    ) -> Result<Board, MoveError> {
        self.check_length()?;
        let board = self.board_after(color, mv)?;
        if mv != Move::Pass && self.repeats(&board, color.opponent(), superko) {
            return Err(MoveError::Superko);
        }
        Ok(board)
    }

    /// Plays a move if the configured rules allow it; the turn passes to the opponent.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), MoveError> {
        let board = self.legal_board_after(color, mv, self.rules.superko)?;
        self.commit(color, mv, board);
        #[cfg(debug_assertions)]
        self.self_check();
        Ok(())
    }

    /// Plays a move from a record without refusing repetitions (other rulesets allow them); the
    /// board rules (occupied point, suicide) still apply, and the position enters the history.
    pub fn replay(&mut self, color: Color, mv: Move) -> Result<(), MoveError> {
        self.check_length()?;
        let mut board = self.board.clone();
        if let Move::Play(p) = mv {
            // A record may retake a ko at once only if its rules allowed it; the board's simple
            // ko is a restriction of these rules, so lift it for the replay.
            board.pass();
            board.play(color, p).map_err(MoveError::Board)?;
        } else {
            board.pass();
        }
        self.commit(color, mv, board);
        Ok(())
    }

    fn commit(&mut self, color: Color, mv: Move, board: Board) {
        // The position before the move had the mover to move, whoever the turn said it was
        // (a record's first move by White after setup, two moves of one colour in GTP); undo
        // gives the turn back.
        if let Some(last) = self.positions.last_mut() {
            last.to_move = color;
        }
        self.board = board;
        self.undo.push(Undo {
            to_move: self.to_move,
            passes: self.passes,
        });
        self.steps.push(Step::Move(color, mv));
        self.passes = if mv == Move::Pass { self.passes + 1 } else { 0 };
        self.to_move = color.opponent();
        self.record_position();
    }

    /// Takes back the last step. False if there is none.
    pub fn undo(&mut self) -> bool {
        let Some(undo) = self.undo.pop() else {
            return false;
        };
        self.steps.pop();
        self.forget_last_position();
        if let Some(last) = self.positions.last_mut() {
            last.to_move = undo.to_move;
        }
        self.board = self.replayed_board();
        self.to_move = undo.to_move;
        self.passes = undo.passes;
        #[cfg(debug_assertions)]
        self.self_check();
        true
    }

    /// The board after the steps, replayed from the start. A move of a record that retook a
    /// ko at once (`replay`) is replayed the same way.
    fn replayed_board(&self) -> Board {
        let mut board = self.start.clone();
        for step in &self.steps {
            match step {
                Step::Move(_, Move::Pass) => board.pass(),
                Step::Move(color, Move::Play(p)) => {
                    if board.play(*color, *p).is_err() {
                        board.pass();
                        board.play(*color, *p).expect("a move of the history");
                    }
                }
                Step::Setup {
                    black,
                    white,
                    empty,
                } => {
                    board.apply_setup(black, white, empty);
                }
            }
        }
        board
    }

    /// Debug builds check the game after each of the first 32 steps and then at every power
    /// of two: each check replays the whole game (the board checking itself at every move),
    /// so checking every step would make a game's cost grow with the square of its length.
    #[cfg(debug_assertions)]
    fn self_check(&self) {
        let steps = self.steps.len();
        if steps <= 32 || steps.is_power_of_two() {
            self.check_invariants();
        }
    }
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(
            f,
            "{}x{} komi {} handicap {}, {:?} to move after {} steps\n{:?}",
            self.size(),
            self.size(),
            self.rules.komi,
            self.rules.handicap,
            self.to_move,
            self.steps.len(),
            self.board
        )
    }
}

#[cfg(test)]
pub(crate) mod tests;
