//! Rules 4 and 6 of the heavy playouts (`heavy`): shapes. The vital point of an eye space
//! the last move closed or touched, and good 3×3 shape next to the last two moves.

use super::candidates::Candidates;
use super::{bad_self_atari, sensible};
use crate::board::{Board, Cell, Color, Point};
use crate::knowledge::nakade;

/// Rule 6: good shape on the points around the last two moves; `good` says which shapes are.
pub(super) fn shape_moves(
    board: &Board,
    color: Color,
    mut good: impl FnMut(Point) -> bool,
    found: &mut Candidates,
) {
    for last in board.last_moves().into_iter().flatten() {
        let around = board
            .neighbours(last)
            .into_iter()
            .chain(board.diagonals(last));
        for p in around {
            if board.cell(p) == Cell::Empty && good(p) && sensible(board, color, p) {
                found.add(p);
            }
        }
    }
}

/// Rule 4: the vital point of the eye space next to the enemy's last move, when the move's
/// empty neighbours all belong to one small space (they touch each other, at least
/// diagonally).
pub(super) fn vital_point_move(board: &Board, color: Color, last: Point) -> Option<Point> {
    let owner = board.stone(last)?;
    let mut empty = board
        .neighbours(last)
        .into_iter()
        .filter(|&n| board.is_empty_point(n));
    let first = empty.next()?;
    let touching =
        |p: Point| board.neighbours(first).contains(&p) || board.diagonals(first).contains(&p);
    if !empty.all(touching) {
        return None;
    }
    nakade::vital_point(board, first, owner).filter(|&p| {
        board.is_legal(color, p) && !board.is_eye(color, p) && !bad_self_atari(board, color, p)
    })
}
