//! Rule 7 of the heavy playouts (`heavy`): a random move that fills no own eye and is
//! refused, at the rates of `RandomPolicy`, as a bad self-atari or an idle sacrifice. At a
//! rate, a refused self-atari becomes an approach move instead: the other liberty of a string
//! with two liberties beside it, the enemy's first (how a capturing race is won from the
//! outside).

use rand::RngExt;
use rand::rngs::SmallRng;

use super::candidates::Candidates;
use super::{Policy, RandomPolicy, happens, sensible};
use crate::board::{Board, Color, Move, Point};

/// A random move of `random`'s, or the approach move a refused self-atari turns into at
/// `approach_rate`.
pub(super) fn random_move(
    board: &Board,
    color: Color,
    mut random: RandomPolicy,
    approach_rate: f32,
    rng: &mut SmallRng,
) -> Move {
    if approach_rate == 0.0 {
        return random.choose(board, color, rng);
    }
    let count = board.empty_count();
    let start = if count == 0 {
        0
    } else {
        rng.random_range(0..count)
    };
    for i in 0..count {
        let p = board.empty_at((start + i) % count);
        if board.is_eye(color, p) || !board.is_legal(color, p) {
            continue;
        }
        if !random.refuses(board, color, p, rng) {
            return Move::Play(p);
        }
        if happens(approach_rate, rng)
            && let Some(q) = approach_move(board, color, p, rng)
        {
            return Move::Play(q);
        }
    }
    Move::Pass
}

/// An approach move in place of the self-atari at `p`: the other liberty of an enemy
/// string with two liberties next to `p`, or else of an own one.
fn approach_move(board: &Board, color: Color, p: Point, rng: &mut SmallRng) -> Option<Point> {
    for owner in [color.opponent(), color] {
        let mut found = Candidates::new();
        for n in board.neighbours(p) {
            if board.stone(n) != Some(owner) {
                continue;
            }
            if let Some(liberties) = board.two_liberties(n) {
                let other = if liberties[0] == p {
                    liberties[1]
                } else {
                    liberties[0]
                };
                if sensible(board, color, other) {
                    found.add(other);
                }
            }
        }
        if let Some(q) = found.pick(rng) {
            return Some(q);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::bad_self_atari;
    use rand::SeedableRng;

    fn at(board: &Board, name: &str) -> Point {
        board.point_named(name).unwrap()
    }

    #[test]
    fn a_refused_self_atari_becomes_an_approach_move() {
        // A capturing race: Black's four stones have A1 and B1, White's string B1 and D1.
        // Black B1 is a self-atari; the outside liberty D1 wins the race.
        let board = Board::from_diagram(&["XXXX.", "OOOX.", "XXOX.", "XXOX.", "..O.."]).unwrap();
        let mut rng = SmallRng::seed_from_u64(6);
        let b1 = at(&board, "B1");
        assert!(bad_self_atari(&board, Color::Black, b1));
        assert_eq!(
            approach_move(&board, Color::Black, b1, &mut rng),
            Some(at(&board, "D1"))
        );
        let random = RandomPolicy {
            self_atari_rejection: 1.0,
            idle_sacrifice_rejection: 0.0,
        };
        // The random step never plays B1.
        for _ in 0..50 {
            assert_ne!(
                random_move(&board, Color::Black, random, 1.0, &mut rng),
                Move::Play(b1)
            );
        }
    }
}
