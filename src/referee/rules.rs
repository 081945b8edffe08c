//! The event's rules for every game: board, komi, handicap, clock, what a repetition
//! means (art. 20), the time-loss rule (art. 22), the move limit and an opening.

use crate::board::{Color, Move};
use crate::clock::TimeSystem;
use crate::game::{self, Superko};

/// What an event decides about a whole-board repetition (art. 20).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CycleRule {
    /// Forbidden: the move is void, a pass and a warning, like any illegal move.
    Forbid,
    /// The game ends without a result.
    NoResult,
    /// The game ends in a draw.
    Draw,
    /// The game is played again (at most twice; then it has no result).
    Replay,
}

impl CycleRule {
    pub fn from_name(name: &str) -> Option<CycleRule> {
        match name {
            "forbid" => Some(CycleRule::Forbid),
            "no-result" => Some(CycleRule::NoResult),
            "draw" => Some(CycleRule::Draw),
            "replay" => Some(CycleRule::Replay),
            _ => None,
        }
    }

    /// The name `from_name` reads.
    pub fn name(self) -> &'static str {
        match self {
            CycleRule::Forbid => "forbid",
            CycleRule::NoResult => "no-result",
            CycleRule::Draw => "draw",
            CycleRule::Replay => "replay",
        }
    }
}

/// Seconds an answer may take without a clock, unless the event says otherwise.
pub const DEFAULT_ANSWER_LIMIT: f64 = 120.0;

/// How every game of an event is played.
#[derive(Clone, Debug)]
pub struct Rules {
    /// Board size, komi and handicap (White receives a point per stone from two stones on);
    /// a repetition is of the stones' arrangement (art. 20), ruled on by `cycle`.
    pub game: game::Rules,
    pub clock: TimeSystem,
    /// Canadian periods carry the time left over to the next (art. 12).
    pub carry_over: bool,
    /// Seconds of process and pipe overhead forgiven on every move.
    pub lag: f64,
    /// The first time loss counts as a pass instead of losing (art. 22).
    pub time_loss_is_pass: bool,
    pub cycle: CycleRule,
    /// Play stops after this many moves and the board is counted.
    pub max_moves: usize,
    /// Seconds any answer may take when no clock bounds it (a move without a clock, any other
    /// command); an engine past it forfeits the game.
    pub answer_limit: f64,
    /// Moves every game starts with (an opening), played on both engines' boards first.
    pub opening: Vec<(Color, Move)>,
}

/// The game rules of an event on a board of `size`: the repetition rule is positional, as a
/// referee reads art. 20.
pub fn game_rules(size: usize, komi: f64, handicap: usize) -> game::Rules {
    game::Rules {
        size,
        komi,
        superko: Superko::Positional,
        handicap,
    }
}

impl Rules {
    /// The rules in words, one line: what a results file and a report say an event was played
    /// under, and what a resumed event must match.
    pub fn describe(&self) -> String {
        let yes_no = |b: bool| if b { "yes" } else { "no" };
        let opening: Vec<String> = self
            .opening
            .iter()
            .map(|&(c, m)| {
                format!(
                    "{} {}",
                    c.name(),
                    crate::board::Board::new(self.game.size).move_name(m)
                )
            })
            .collect();
        format!(
            "{size}x{size}, komi {komi}, handicap {handicap}, {clock}, Canadian time carried over: {carry}, \
             lag forgiven {lag} s, first time loss a pass: {pass}, cycles: {cycle}, at most {max} moves, \
             answers within {answer} s without a clock, opening: {opening}",
            size = self.game.size,
            komi = self.game.komi,
            handicap = self.game.handicap,
            clock = self.clock.describe(),
            carry = yes_no(self.carry_over),
            lag = self.lag,
            pass = yes_no(self.time_loss_is_pass),
            cycle = self.cycle.name(),
            max = self.max_moves,
            answer = self.answer_limit,
            opening = if opening.is_empty() {
                "none".into()
            } else {
                opening.join(" ")
            },
        )
    }
}

/// The main line of an SGF record as opening moves for `size`: plain moves only (no handicap
/// or setup stones), every one legal.
pub fn opening_from_sgf(text: &str, size: usize) -> Result<Vec<(Color, Move)>, String> {
    let trees = crate::sgf::parse(text)?;
    let tree = trees.first().ok_or("no game in the record")?;
    let record = crate::sgf::load(tree, crate::sgf::Until::End, 7.5, Superko::Positional)?;
    let game = record.game;
    if game.size() != size || !game.start().0.is_board_empty() {
        return Err(format!(
            "the opening must start from an empty {size}x{size} board"
        ));
    }
    game.steps()
        .iter()
        .map(|step| match *step {
            crate::game::Step::Move(color, mv) => Ok((color, mv)),
            _ => Err("the opening has setup stones".to_string()),
        })
        .collect()
}
