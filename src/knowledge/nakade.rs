//! Nakade (中手): the vital point of a small enclosed eye space. A space of three to six
//! points in one of the killable shapes — straight or bent three, the pyramid four, the bulky
//! five, the crossed five, the rabbity six — has one point that, taken by the attacker,
//! leaves the owner a single eye; taken by the owner, it makes two. Other shapes (two points,
//! the straight or bent four, the square four) have no such point: they are settled
//! already, or alive.

use crate::board::{Board, Cell, Color, Point};

/// The largest eye space with a vital point.
const MOST: usize = 6;

/// The vital point of the enclosed empty space through `empty`, whose edges are only
/// `owner`'s stones and the board's edge; `None` when the space touches the other colour,
/// is larger than six points, or has a shape without a vital point.
pub fn vital_point(board: &Board, empty: Point, owner: Color) -> Option<Point> {
    let mut space = [empty; MOST];
    let mut len = 1;
    let mut i = 0;
    while i < len {
        for n in board.neighbours(space[i]) {
            match board.cell(n) {
                Cell::Stone(c) if c != owner => return None,
                Cell::Empty if !space[..len].contains(&n) => {
                    if len == MOST {
                        return None;
                    }
                    space[len] = n;
                    len += 1;
                }
                _ => {}
            }
        }
        i += 1;
    }
    shape_vital_point(board, &space[..len])
}

/// The vital point of a space by the number of its points and how many neighbours inside
/// the space each point has: the one point that touches most of the others.
fn shape_vital_point(board: &Board, space: &[Point]) -> Option<Point> {
    let inside = |p: Point| {
        board
            .neighbours(p)
            .into_iter()
            .filter(|n| space.contains(n))
            .count()
    };
    let mut degrees = [0usize; MOST];
    let mut with = [0usize; 5];
    for (k, &p) in space.iter().enumerate() {
        degrees[k] = inside(p);
        with[degrees[k]] += 1;
    }
    let point_with = |d: usize| {
        (0..space.len())
            .find(|&k| degrees[k] == d)
            .map(|k| space[k])
    };
    match (space.len(), with) {
        // Three in a row or bent: the middle point.
        (3, [_, 2, 1, _, _]) => point_with(2),
        // The pyramid four: the point touching the other three.
        (4, [_, 3, 0, 1, _]) => point_with(3),
        // The bulky five: the point touching three, beside the one touching one.
        (5, [_, 1, 3, 1, _]) => point_with(3),
        // The crossed five: its centre.
        (5, [_, 4, 0, 0, 1]) => point_with(4),
        // The rabbity six: the point touching four.
        (6, [_, 2, 3, 0, 1]) => point_with(4),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The vital point of the space around `at`, owned by White, on a board drawn with `#`
    /// for empty points of the space (the rest is White's wall).
    fn vital(rows: &[&str], at: &str) -> Option<String> {
        let board = Board::from_diagram(rows).unwrap();
        let p = board.point_named(at).unwrap();
        vital_point(&board, p, Color::White).map(|v| board.point_name(v))
    }

    #[test]
    fn the_killable_shapes_have_their_vital_point() {
        // Bent three in the corner: A1 A2 B1, vital point A1.
        let bent = [".....", ".....", "OO...", ".O...", "..O.."];
        assert_eq!(vital(&bent, "A1").as_deref(), Some("A1"));
        // Pyramid four: B2 C2 D2 C3, vital point C2.
        let pyramid = [".....", "OOOOO", "OO.OO", "O...O", "OOOOO"];
        assert_eq!(vital(&pyramid, "B2").as_deref(), Some("C2"));
        // Crossed five around C3.
        let cross = ["OOOOO", "OO.OO", "O...O", "OO.OO", "OOOOO"];
        assert_eq!(vital(&cross, "C2").as_deref(), Some("C3"));
        // Bulky five: B4 C4 B3 C3 D3, vital point C3.
        let bulky = ["OOOOO", "O..OO", "O...O", "OOOOO", "....."];
        assert_eq!(vital(&bulky, "B3").as_deref(), Some("C3"));
        // Rabbity six: C5 B4 C4 D4 C3 D3, vital point C4.
        let rabbity = ["OOOOOO", "OO.OOO", "O...OO", "OO..OO", "OOOOOO", "......"];
        assert_eq!(vital(&rabbity, "C4").as_deref(), Some("C4"));
    }

    #[test]
    fn shapes_without_a_vital_point_and_open_spaces_give_none() {
        // Straight four and square four.
        let straight = ["OOOOOO", "O....O", "OOOOOO", "......", "......", "......"];
        assert_eq!(vital(&straight, "B5"), None);
        let square = ["OOOO.", "O..O.", "O..O.", "OOOO.", "....."];
        assert_eq!(vital(&square, "B3"), None);
        // A space touching Black is no eye space of White's.
        let touching = ["OOOOO", "O...O", "O.X.O", "OOOOO", "....."];
        assert_eq!(vital(&touching, "B4"), None);
        // Too large.
        let open = [".....", ".....", ".....", ".....", "....."];
        assert_eq!(vital(&open, "C3"), None);
    }
}
