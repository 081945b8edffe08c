//! The features of a candidate move for the learned move model (Bradley–Terry, fitted by
//! minorization–maximization as Coulom did in 2007): each move has exactly one value in every
//! feature group, each value has a strength γ, and a move's strength is the product of its
//! values' γ. The model's probability of a move is its strength over the sum of the strengths
//! of all legal moves. `examples/train_patterns.rs` fits the γ on strong players' games;
//! `weights` reads them back.

use super::pattern;
use super::spatial::{self, Dictionary, Window};
use crate::board::{Board, Color, Point};

/// Feature groups: the 3×3 shape, capture, atari escape, self-atari, atari, distance to the
/// last move, distance to the move before, line and the largest known large shape
/// (`spatial`). The model knows 3×3 shapes by their canonical key
/// (`pattern::canonical`), the same for every rotation, reflection and colour swap, with
/// atari marks (`pattern::shape_key`).
pub const GROUPS: usize = 9;

/// A move's value in every group.
pub type Features = [u32; GROUPS];
pub const GROUP_NAMES: [&str; GROUPS] = [
    "shape",
    "capture",
    "escape",
    "self_atari",
    "atari",
    "last",
    "before_last",
    "line",
    "spatial",
];
/// Indices of the tactical groups.
pub const CAPTURE: usize = 1;
pub const ESCAPE: usize = 2;
pub const SELF_ATARI: usize = 3;
pub const ATARI: usize = 4;
pub const LINE: usize = 7;
pub const SPATIAL: usize = 8;
/// Values per group.
pub const GROUP_SIZES: [usize; GROUPS] = [
    1 << 20,
    4,
    2,
    2,
    2,
    MAX_DISTANCE + 1,
    MAX_DISTANCE + 1,
    5,
    1 << 16,
];

/// Distances `|dx| + |dy| + max(|dx|, |dy|)` up to this count; farther is "none" (0).
const MAX_DISTANCE: usize = 17;

/// The value of every group for `color` playing the empty point `p`, except that the shape
/// is the plain key (canonical keys cost more; the model keeps a table of them by plain
/// neighbourhood code).
pub fn features(board: &Board, color: Color, p: Point) -> Features {
    let window = Window::new(board, color);
    features_with(board, color, p, &window, spatial::built_in())
}

/// `features`, with the large shapes of `shapes` read in `window`, the board as `color`
/// sees it: one window serves every candidate of a position.
pub fn features_with(
    board: &Board,
    color: Color,
    p: Point,
    window: &Window,
    shapes: &Dictionary,
) -> Features {
    let [last, before] = board.last_moves();
    let (capture, escape, atari) = tactics(board, color, p, last);
    [
        pattern::shape_key(board, p),
        capture,
        escape,
        u32::from(board.is_self_atari(color, p)),
        atari,
        distance(board, p, last),
        distance(board, p, before),
        line(board, p),
        shapes.largest(board, window, p).min(u32::from(u16::MAX)),
    ]
}

/// Capture (0 none, 1 one stone, 2 more, 3 the string of the last move), escape from atari
/// (1 if an own string in atari gets out), atari (1 if an enemy string is put in atari).
pub fn tactics(board: &Board, color: Color, p: Point, last: Option<Point>) -> (u32, u32, u32) {
    let (mut capture, mut escape, mut atari) = (0, 0, 0);
    for n in board.neighbours(p) {
        let Some(stone) = board.stone(n) else {
            continue;
        };
        let liberties = board.string_liberties(n);
        if stone == color.opponent() {
            if liberties == 1 {
                let last_string = last.is_some_and(|l| {
                    board.stone(l) == Some(stone) && board.string_stones(l).any(|s| s == n)
                });
                let value = if last_string {
                    3
                } else if board.string_size(n) > 1 {
                    2
                } else {
                    1
                };
                capture = capture.max(value);
            } else if liberties == 2 {
                atari = 1;
            }
        } else if liberties == 1 && !board.is_self_atari(color, p) {
            escape = 1;
        }
    }
    (capture, escape, atari)
}

fn distance(board: &Board, p: Point, other: Option<Point>) -> u32 {
    let Some(q) = other else {
        return 0;
    };
    let (pc, pr) = board.coords(p);
    let (qc, qr) = board.coords(q);
    let (dx, dy) = (pc.abs_diff(qc), pr.abs_diff(qr));
    let d = dx + dy + dx.max(dy);
    if d <= MAX_DISTANCE { d as u32 } else { 0 }
}

/// 0 for the first line up to 4 for the fifth and beyond.
pub fn line(board: &Board, p: Point) -> u32 {
    let (c, r) = board.coords(p);
    let s = board.size();
    c.min(r).min(s - 1 - c).min(s - 1 - r).min(4) as u32
}

/// Whether no stone stands within two lines of `p` either way (the 5×5 square around it):
/// an open area, where the line alone says much about a move's worth.
pub fn is_open_area(board: &Board, p: Point) -> bool {
    let (c, r) = board.coords(p);
    let s = board.size();
    let span = |x: usize| x.saturating_sub(2)..=(x + 2).min(s - 1);
    span(c).all(|col| span(r).all(|row| board.stone(board.point(col, row)).is_none()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_of_a_capture_an_escape_and_an_atari() {
        let mut board = Board::from_diagram(&[
            ".......", //
            ".......", "..X....", ".XOX...", ".......", ".......", ".......",
        ])
        .unwrap();
        let at = |b: &Board, n: &str| b.point_named(n).unwrap();
        board.play(Color::Black, at(&board, "B2")).unwrap();
        // White C4 has one liberty, C3.
        let f = features(&board, Color::Black, at(&board, "C3"));
        assert_eq!(f[1], 1, "captures one stone");
        let f = features(&board, Color::White, at(&board, "C3"));
        assert_eq!(
            (f[1], f[2]),
            (0, 1),
            "C3 saves White's stone: three liberties"
        );
        // Distance to the last move (B2): C3 is diagonal, 1 + 1 + 1.
        assert_eq!(features(&board, Color::Black, at(&board, "C3"))[5], 3);
        assert_eq!(
            features(&board, Color::Black, at(&board, "A1"))[7],
            0,
            "first line"
        );
        assert_eq!(
            features(&board, Color::Black, at(&board, "D4"))[7],
            3,
            "centre of 7x7"
        );
        // Black C6 is no atari (C4 has one liberty already); every value is in range.
        for (g, f) in features(&board, Color::Black, at(&board, "E5"))
            .iter()
            .enumerate()
        {
            assert!((*f as usize) < GROUP_SIZES[g], "group {g}");
        }
    }

    #[test]
    fn an_open_area_has_no_stone_two_lines_around() {
        let board = Board::from_diagram(&[
            ".......", ".......", ".......", "...X...", ".......", ".......", ".......",
        ])
        .unwrap();
        let open = |name: &str| is_open_area(&board, board.point_named(name).unwrap());
        assert!(!open("B2") && !open("F6") && !open("D4"));
        assert!(open("A1") && open("G7") && open("G1"));
    }
}
