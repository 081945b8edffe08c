//! Playouts: a game played to the end by a simple policy, then counted by area.
//!
//! A policy only chooses the next move; the playout loop plays it. Playouts allocate nothing and
//! end with two consecutive passes (or a move cap against endless cycles, which the simple ko
//! rule alone does not prevent).

mod candidates;
mod chance;
mod fights;
pub mod heavy;
pub mod ownership;
mod shape;

use rand::RngExt;
use rand::rngs::SmallRng;

use crate::board::{Board, Cell, Color, Move, Point};

/// Chooses playout moves. Implementations must only return legal moves (or pass).
pub trait Policy {
    fn choose(&mut self, board: &Board, color: Color, rng: &mut SmallRng) -> Move;

    /// A new playout starts: forget what the last one left behind.
    fn begin(&mut self) {}
}

/// Uniformly random legal moves that never fill the mover's own eyes; optionally also refuse,
/// at a rate, to put a string of two or more stones into atari (which keeps sekis alive in
/// playouts; Pachi refuses such moves only part of the time), and at another rate a lone
/// stone that the enemy takes for free.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomPolicy {
    /// How often a bad self-atari is refused: 0 never, 1 always.
    pub self_atari_rejection: f32,
    /// How often an idle sacrifice (`Board::is_idle_sacrifice`) is refused: 0 never.
    pub idle_sacrifice_rejection: f32,
}

impl RandomPolicy {
    fn acceptable(&self, board: &Board, color: Color, p: Point, rng: &mut SmallRng) -> bool {
        !board.is_eye(color, p) && board.is_legal(color, p) && !self.refuses(board, color, p, rng)
    }

    /// Whether this draw refuses `p`: a bad self-atari or an idle sacrifice, each at its rate.
    pub fn refuses(&self, board: &Board, color: Color, p: Point, rng: &mut SmallRng) -> bool {
        refused(self.self_atari_rejection, rng, || {
            bad_self_atari(board, color, p)
        }) || refused(self.idle_sacrifice_rejection, rng, || {
            board.is_idle_sacrifice(color, p)
        })
    }
}

/// A move worth suggesting: legal, not into an own eye, not a self-atari of a larger string
/// unless it is a nakade sacrifice.
fn sensible(board: &Board, color: Color, p: Point) -> bool {
    board.is_empty_point(p)
        && !board.is_eye(color, p)
        && board.is_legal(color, p)
        && !bad_self_atari(board, color, p)
}

/// A self-atari of two or more stones that is no nakade sacrifice.
pub fn bad_self_atari(board: &Board, color: Color, p: Point) -> bool {
    board.is_self_atari(color, p) && !board.is_nakade_sacrifice(color, p)
}

/// Whether a move is refused at `rate` when `is_bad`; the test runs only at a rate above 0,
/// and nothing is drawn unless it fails.
pub fn refused(rate: f32, rng: &mut SmallRng, is_bad: impl FnOnce() -> bool) -> bool {
    rate > 0.0 && is_bad() && happens(rate, rng)
}

/// Whether something that happens at `rate` (0 to 1) happens this time. At 1 and at 0 nothing
/// is drawn, so that a policy whose rates are all 1 or 0 plays with a given seed the same games
/// as before its rates existed.
pub fn happens(rate: f32, rng: &mut SmallRng) -> bool {
    rate >= 1.0 || (rate > 0.0 && rng.random::<f32>() < rate)
}

impl Policy for RandomPolicy {
    fn choose(&mut self, board: &Board, color: Color, rng: &mut SmallRng) -> Move {
        let count = board.empty_count();
        if count == 0 {
            return Move::Pass;
        }
        // Start at a random entry of the empty list and take the first acceptable point.
        let start = rng.random_range(0..count);
        (0..count)
            .map(|i| board.empty_at((start + i) % count))
            .find(|&p| self.acceptable(board, color, p, rng))
            .map_or(Move::Pass, Move::Play)
    }
}

/// Plays `board` to the end with `policy`, `color` moving first. Returns the number of moves.
pub fn playout(
    board: &mut Board,
    color: Color,
    policy: &mut impl Policy,
    rng: &mut SmallRng,
) -> usize {
    playout_with(board, color, policy, rng, |_, _| {})
}

/// `playout`, telling `on_move` every move played (for AMAF statistics).
pub fn playout_with(
    board: &mut Board,
    mut color: Color,
    policy: &mut impl Policy,
    rng: &mut SmallRng,
    mut on_move: impl FnMut(Color, Move),
) -> usize {
    let max_moves = 3 * board.size() * board.size();
    policy.begin();
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 && moves < max_moves {
        let mv = policy.choose(board, color, rng);
        match mv {
            Move::Pass => {
                board.pass();
                passes += 1;
            }
            Move::Play(p) => {
                board.place(color, p);
                passes = 0;
            }
        }
        on_move(color, mv);
        moves += 1;
        color = color.opponent();
    }
    moves
}

/// Who owns `p` at the end of a playout: its stone's colour, or for an empty point the colour
/// of all its neighbours (an eye); `None` for a point between both colours.
pub fn final_owner(board: &Board, p: Point) -> Option<Color> {
    if let Some(c) = board.stone(p) {
        return Some(c);
    }
    let mut owner = None;
    for n in board.neighbours(p) {
        match board.cell(n) {
            Cell::Stone(c) if owner.is_none() || owner == Some(c) => owner = Some(c),
            Cell::Stone(_) | Cell::Empty => return None,
            Cell::Border => {}
        }
    }
    owner
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn random_playouts_keep_the_board_consistent_and_fill_it() {
        let mut rng = SmallRng::seed_from_u64(7);
        for size in [2, 5, 9, 19] {
            for _ in 0..20 {
                let mut board = Board::new(size);
                let mut policy = RandomPolicy::default();
                let moves = playout(&mut board, Color::Black, &mut policy, &mut rng);
                board.check_invariants();
                // Tiny boards can cycle (only the simple ko rule applies in playouts): the cap
                // ends those; larger boards must end by two passes.
                assert!(
                    size < 5 || moves < 3 * size * size,
                    "playout on {size}x{size} hit the move cap"
                );
                if moves == 3 * size * size {
                    continue;
                }
                // At the end no side has an acceptable move: every empty point is an eye or illegal.
                for p in board.empty_points() {
                    for c in [Color::Black, Color::White] {
                        assert!(
                            board.is_eye(c, p) || !board.is_legal(c, p),
                            "{size}: open point left"
                        );
                    }
                }
            }
        }
    }
}
