//! Last good reply with forgetting (Drake's last-good-reply, with the forgetting of Baier and
//! Drake, 2010): after each game of a search, every move of the winner is remembered as the
//! answer to the one or two moves before it, and every move of the loser that was remembered
//! as such an answer is forgotten. Playouts then try the remembered answer to the last two
//! moves, then to the last move, before their own rules.
//!
//! One table serves all the threads of a search; entries are single 16-bit words read and
//! written without locks, so a race only loses or mixes in one reply.

use std::sync::atomic::AtomicU16;
use std::sync::atomic::Ordering::Relaxed;

use crate::board::{Board, Color, Move, Point};

/// No reply: cell 0 is a border cell, never a move.
const NONE: u16 = 0;

#[derive(Debug)]
pub struct Replies {
    cells: usize,
    /// The answer of each colour to one move, by colour and that move.
    one: Vec<AtomicU16>,
    /// The answer of each colour to two moves, by colour and the two moves.
    two: Vec<AtomicU16>,
}

impl Replies {
    /// Empty tables for boards like `board`.
    pub fn new(board: &Board) -> Replies {
        let cells = (board.size() + 2) * (board.size() + 2);
        let table = |len: usize| (0..len).map(|_| AtomicU16::new(NONE)).collect();
        Replies {
            cells,
            one: table(2 * cells),
            two: table(2 * cells * cells),
        }
    }

    fn slot_one(&self, color: Color, last: Point) -> usize {
        color.index() * self.cells + last.index()
    }

    fn slot_two(&self, color: Color, before: Point, last: Point) -> usize {
        (color.index() * self.cells + before.index()) * self.cells + last.index()
    }

    /// `color`'s remembered answers to the last two moves and to the last move, in that order.
    pub fn answers(&self, color: Color, [last, before]: [Option<Point>; 2]) -> [Option<Point>; 2] {
        let read = |slot: Option<usize>, table: &[AtomicU16]| {
            let p = table[slot?].load(Relaxed);
            (p != NONE).then(|| Point::new(usize::from(p)))
        };
        let last_slot = last.map(|l| self.slot_one(color, l));
        let both_slot = last.zip(before).map(|(l, b)| self.slot_two(color, b, l));
        [read(both_slot, &self.two), read(last_slot, &self.one)]
    }

    /// Learns from one finished game: `moves` in order, played after the moves `start`
    /// (the last move first, as `Board::last_moves` gives them), won by `winner`.
    pub fn learn(&self, start: [Option<Point>; 2], moves: &[(Color, Move)], winner: Color) {
        let [mut last, mut before] = start;
        for &(color, mv) in moves {
            if let (Move::Play(p), Some(l)) = (mv, last) {
                let code = p.index() as u16;
                let keep = |entry: &AtomicU16| {
                    if color == winner {
                        entry.store(code, Relaxed);
                    } else if entry.load(Relaxed) == code {
                        entry.store(NONE, Relaxed);
                    }
                };
                keep(&self.one[self.slot_one(color, l)]);
                if let Some(b) = before {
                    keep(&self.two[self.slot_two(color, b, l)]);
                }
            }
            before = last;
            last = match mv {
                Move::Play(p) => Some(p),
                Move::Pass => None,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winner_is_remembered_and_the_loser_forgotten() {
        let board = Board::new(9);
        let p = |name: &str| board.point_named(name).unwrap();
        let replies = Replies::new(&board);
        let game = [
            (Color::Black, Move::Play(p("E5"))),
            (Color::White, Move::Play(p("D4"))),
            (Color::Black, Move::Play(p("C3"))),
        ];
        replies.learn([None, None], &game, Color::Black);
        // Black's C3 answered White's D4 after Black's E5; White's D4 lost and is not kept.
        assert_eq!(
            replies.answers(Color::Black, [Some(p("D4")), Some(p("E5"))]),
            [Some(p("C3")), Some(p("C3"))]
        );
        assert_eq!(
            replies.answers(Color::White, [Some(p("E5")), None]),
            [None, None]
        );
        // The same moves lost by Black: its answer is forgotten, White's is learned.
        replies.learn([None, None], &game, Color::White);
        assert_eq!(
            replies.answers(Color::Black, [Some(p("D4")), Some(p("E5"))]),
            [None, None]
        );
        assert_eq!(
            replies.answers(Color::White, [Some(p("E5")), None]),
            [None, Some(p("D4"))]
        );
    }

    #[test]
    fn a_pass_is_no_move_to_answer() {
        let board = Board::new(9);
        let p = |name: &str| board.point_named(name).unwrap();
        let replies = Replies::new(&board);
        let game = [
            (Color::White, Move::Pass),
            (Color::Black, Move::Play(p("E5"))),
        ];
        replies.learn([Some(p("C3")), None], &game, Color::Black);
        assert_eq!(
            replies.answers(Color::Black, [None, Some(p("C3"))]),
            [None, None]
        );
    }
}
