//! Fixed handicap placement as the GTP specification gives it (and GNU Go places it).

use crate::board::{Board, Point};

/// The largest fixed handicap on a board of `size`: 9 on odd boards from 9×9, 4 on 7×7 and
/// even boards from 8×8, none below 7×7.
pub fn max_fixed_handicap(size: usize) -> usize {
    match size {
        s if s >= 9 && s % 2 == 1 => 9,
        s if s >= 7 => 4,
        _ => 0,
    }
}

/// The GTP spec's fixed handicap points: corners on the 3rd line (4th from 12×12 on), then the
/// side points, the centre for odd counts.
pub fn fixed_handicap_points(board: &Board, n: usize) -> Option<Vec<Point>> {
    let size = board.size();
    if n < 2 || n > max_fixed_handicap(size) {
        return None;
    }
    let low = if size >= 12 { 3 } else { 2 };
    let (high, mid) = (size - 1 - low, size / 2);
    // (column, row) from the bottom left, in the order the stones are added.
    let order = [
        (low, low),
        (high, high),
        (low, high),
        (high, low),
        (low, mid),
        (high, mid),
        (mid, low),
        (mid, high),
    ];
    let mut points: Vec<Point> = Vec::new();
    let corners_and_sides = if n % 2 == 1 && n >= 5 { n - 1 } else { n };
    for &(c, r) in &order[..corners_and_sides] {
        points.push(board.point(c, r));
    }
    if n % 2 == 1 && n >= 5 {
        points.push(board.point(mid, mid));
    }
    Some(points)
}
