//! The features of a candidate move for the learned move model (Bradley–Terry, fitted by
//! minorization–maximization as Coulom did in 2007): each move has exactly one value in every
//! feature group, each value has a strength γ, and a move's strength is the product of its
//! values' γ. The model's probability of a move is its strength over the sum of the strengths
//! of all legal moves. `examples/train_patterns.rs` fits the γ on strong players' games;
//! `weights` reads them back.

use super::spatial::{self, Dictionary, Window};
use super::{ladder, pattern};
use crate::board::{Board, Color, Point};

/// Feature groups: the 3×3 shape, capture, atari escape, self-atari, atari, distance to the
/// last move, distance to the move before, line, contact with enemy strings, the liberties of
/// the string the move makes and the largest known large shape (`spatial`). The model knows
/// 3×3 shapes by their canonical key (`pattern::canonical`), the same for every rotation,
/// reflection and colour swap, with atari marks (`pattern::shape_key`).
pub const GROUPS: usize = 11;

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
    "contact",
    "liberties",
    "spatial",
];
/// Indices of the tactical groups.
pub const CAPTURE: usize = 1;
pub const ESCAPE: usize = 2;
pub const SELF_ATARI: usize = 3;
pub const ATARI: usize = 4;
pub const LINE: usize = 7;
pub const CONTACT: usize = 8;
pub const LIBERTIES: usize = 9;
pub const SPATIAL: usize = 10;
/// Values per group.
pub const GROUP_SIZES: [usize; GROUPS] = [
    1 << 20,
    6,
    4,
    4,
    4,
    MAX_DISTANCE + 1,
    MAX_DISTANCE + 1,
    5,
    4,
    10,
    1 << 20,
];

/// Values of the capture group: none, one stone, more, the string of the last move, a
/// capture that saves an own string in atari next to the captured one, taking a ko.
pub mod capture {
    pub const ONE_STONE: u32 = 1;
    pub const STRING: u32 = 2;
    pub const LAST_MOVE: u32 = 3;
    pub const SAVES: u32 = 4;
    pub const KO: u32 = 5;
}

/// Values of the escape group (an own string in atari next to the move, not by capturing):
/// none, into a ladder that works, out with two liberties, out with three or more.
pub mod escape {
    pub const INTO_LADDER: u32 = 1;
    pub const TWO_LIBERTIES: u32 = 2;
    pub const FREE: u32 = 3;
}

/// Values of the self-atari group: none, a lone stone into atari (a throw-in, or a stone
/// that spoils an eye), a string of two or three stones into atari, four or more.
pub mod self_atari {
    pub const LONE_STONE: u32 = 1;
    pub const SMALL: u32 = 2;
    pub const LARGE: u32 = 3;
}

/// Values of the atari group: none, an atari, an atari the string cannot escape by ladder, an
/// atari while a ko is on the board (a ko threat or its answer).
pub mod atari {
    pub const PLAIN: u32 = 1;
    pub const LADDER: u32 = 2;
    pub const KO: u32 = 3;
}

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
    let liberties = board.liberties_after(color, p, 4);
    [
        pattern::shape_key(board, p),
        capture_value(board, color, p, last, liberties),
        escape_value(board, color, p, liberties),
        self_atari_value(board, color, p, liberties),
        atari_value(board, color, p),
        distance(board, p, last),
        distance(board, p, before),
        line(board, p),
        contact_value(board, color, p),
        liberties_value(board, color, p, liberties),
        shapes
            .largest(board, window, p)
            .min(GROUP_SIZES[SPATIAL] as u32 - 1),
    ]
}

/// The strings of `owner` with `liberties` liberties next to a point, each once, by one of
/// their stones (at most four: nothing is allocated on the search's path).
struct Strings {
    stones: [Point; 4],
    count: usize,
}

impl Strings {
    fn next_to(board: &Board, p: Point, owner: Color, liberties: usize) -> Strings {
        let mut found = Strings {
            stones: [p; 4],
            count: 0,
        };
        for n in board.neighbours(p) {
            let head = board.string_head(n);
            let fits = board.stone(n) == Some(owner) && board.string_liberties(n) == liberties;
            if fits && !found.iter().any(|f| board.string_head(f) == head) {
                found.stones[found.count] = n;
                found.count += 1;
            }
        }
        found
    }

    fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        self.stones[..self.count].iter().copied()
    }

    fn is_empty(&self) -> bool {
        self.count == 0
    }
}

/// The capture group's value (`capture`); `liberties` is `Board::liberties_after` of the
/// move (`None` when it captures).
fn capture_value(
    board: &Board,
    color: Color,
    p: Point,
    last: Option<Point>,
    liberties: Option<usize>,
) -> u32 {
    if liberties.is_some() {
        return 0;
    }
    let taken = Strings::next_to(board, p, color.opponent(), 1);
    let saves = taken.iter().any(|s| {
        board.string_stones(s).any(|stone| {
            (board.neighbours(stone).into_iter())
                .any(|n| board.stone(n) == Some(color) && board.string_liberties(n) == 1)
        })
    });
    let stones = board.stones_taken(color, p);
    let alone = board
        .neighbours(p)
        .into_iter()
        .all(|n| board.stone(n) != Some(color));
    let empty = board
        .neighbours(p)
        .into_iter()
        .filter(|&n| board.is_empty_point(n));
    let takes_ko = stones == 1 && alone && empty.count() == 0;
    let of_last = last.is_some_and(|l| {
        board.stone(l) == Some(color.opponent())
            && taken
                .iter()
                .any(|s| board.string_head(s) == board.string_head(l))
    });
    if saves {
        capture::SAVES
    } else if takes_ko {
        capture::KO
    } else if of_last {
        capture::LAST_MOVE
    } else if stones > 1 {
        capture::STRING
    } else {
        capture::ONE_STONE
    }
}

/// The escape group's value (`escape`): only moves that do not capture.
fn escape_value(board: &Board, color: Color, p: Point, liberties: Option<usize>) -> u32 {
    let Some(liberties) = liberties else {
        return 0;
    };
    if liberties < 2 || Strings::next_to(board, p, color, 1).is_empty() {
        0
    } else if liberties > 2 {
        escape::FREE
    } else if ladder::is_failed_escape(board, color, p) {
        escape::INTO_LADDER
    } else {
        escape::TWO_LIBERTIES
    }
}

/// The self-atari group's value (`self_atari`).
fn self_atari_value(board: &Board, color: Color, p: Point, liberties: Option<usize>) -> u32 {
    if liberties != Some(1) {
        return 0;
    }
    let size = |strings: Strings| strings.iter().map(|s| board.string_size(s)).sum::<usize>();
    // Strings of three liberties or more keep two after the move.
    let stones =
        1 + size(Strings::next_to(board, p, color, 1)) + size(Strings::next_to(board, p, color, 2));
    match stones {
        1 => self_atari::LONE_STONE,
        2 | 3 => self_atari::SMALL,
        _ => self_atari::LARGE,
    }
}

/// The atari group's value (`atari`).
fn atari_value(board: &Board, color: Color, p: Point) -> u32 {
    if Strings::next_to(board, p, color.opponent(), 2).is_empty() {
        0
    } else if ladder::is_ladder_atari(board, color, p) {
        atari::LADDER
    } else if board.ko().is_some() {
        atari::KO
    } else {
        atari::PLAIN
    }
}

/// Contact with enemy strings of three liberties or more: 0 none, else 1, 2 or 3 for the
/// fewest liberties (two, three, four or more) such a string keeps after the move.
fn contact_value(board: &Board, color: Color, p: Point) -> u32 {
    let enemy = Some(color.opponent());
    let fewest = (board.neighbours(p).into_iter())
        .filter(|&n| board.stone(n) == enemy)
        .map(|n| board.string_liberties(n))
        .filter(|&l| l >= 3)
        .min();
    fewest.map_or(0, |l| (l - 2).min(3) as u32)
}

/// The liberties of the string the move makes (0 when it captures, else 1 to 4, four
/// meaning four or more), plus 5 when the move touches an own string of two liberties:
/// whether it strengthens or weakens a string short of liberties.
fn liberties_value(board: &Board, color: Color, p: Point, liberties: Option<usize>) -> u32 {
    let count = liberties.unwrap_or(0) as u32;
    let short = !Strings::next_to(board, p, color, 2).is_empty();
    count + if short { 5 } else { 0 }
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
            (f[CAPTURE], f[ESCAPE]),
            (0, escape::FREE),
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
    fn a_ko_capture_and_a_capture_that_saves_a_string() {
        let ko = Board::from_diagram(&[
            ".......", ".......", ".......", "..XO...", ".XO.O..", "..XO...", ".......",
        ])
        .unwrap();
        let at = |b: &Board, n: &str| b.point_named(n).unwrap();
        assert_eq!(
            features(&ko, Color::Black, at(&ko, "D3"))[CAPTURE],
            capture::KO
        );
        // Black A3 is in atari (A2); so are White A4 (A5) and White B3 (C3).
        let saves = Board::from_diagram(&[
            ".......", ".......", ".......", "OX.....", "XO.....", ".X.....", ".......",
        ])
        .unwrap();
        let black = |name: &str| features(&saves, Color::Black, at(&saves, name));
        assert_eq!(black("C3")[CAPTURE], capture::SAVES);
        assert_eq!(black("A5")[CAPTURE], capture::SAVES);
        // A2 joins B2: A1, B1 and C2 are liberties.
        assert_eq!(black("A2")[ESCAPE], escape::FREE);
        assert_eq!(black("A2")[LIBERTIES], 3);
        assert_eq!(black("A2")[CAPTURE], 0);
    }

    #[test]
    fn self_ataris_contact_and_liberties() {
        let board = Board::from_diagram(&[
            ".......", ".......", ".......", "...X...", ".......", ".......", ".X.....",
        ])
        .unwrap();
        let white = |name: &str| features(&board, Color::White, board.point_named(name).unwrap());
        assert_eq!(white("A1")[SELF_ATARI], self_atari::LONE_STONE);
        assert_eq!(white("C1")[SELF_ATARI], 0);
        // D5 touches Black D4 (four liberties, three left) and has three of its own.
        assert_eq!(white("D5")[CONTACT], 2);
        assert_eq!(white("D5")[LIBERTIES], 3);
        assert_eq!(white("F6")[CONTACT], 0);
        assert_eq!(white("F6")[LIBERTIES], 4);
        // Black's two stones in atari on the edge: B2 joins them, one liberty left.
        let edge = Board::from_diagram(&[
            ".......", ".......", ".......", ".......", ".......", "O.O....", "XXO....",
        ])
        .unwrap();
        let b2 = features(&edge, Color::Black, edge.point_named("B2").unwrap());
        assert_eq!(b2[SELF_ATARI], self_atari::SMALL);
        assert_eq!(b2[ESCAPE], 0);
        assert_eq!(b2[LIBERTIES], 1);
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
