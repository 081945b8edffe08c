//! MoGo-style 3×3 patterns: a move is "good shape" when the eight points around it match one
//! of a few hand-made shapes (hane, cut, edge moves), in any rotation or reflection, with the
//! colours either way round. The neighbourhood of a point is a 16-bit code (2 bits per
//! neighbour: empty, black, white, off-board) looked up in a table built once.

use std::sync::OnceLock;

use crate::board::{Board, Cell, Color, Point};

/// Neighbour offsets (dx, dy, with y pointing up) in the order of `Board::around`, the order
/// of the board's neighbourhood codes.
const OFFSETS: [(i32, i32); 8] = [
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The four neighbours on the lines through the centre, by their place in `OFFSETS`: those
/// whose atari a shape key marks.
const ATARI_SLOTS: [usize; 4] = [1, 3, 4, 6];

/// Where a shape key's atari marks begin: below them is the neighbourhood code.
const MARKS: u32 = 16;

const EMPTY: u8 = Cell::Empty.code() as u8;
const BLACK: u8 = Cell::Stone(Color::Black).code() as u8;
const WHITE: u8 = Cell::Stone(Color::White).code() as u8;
const BORDER: u8 = Cell::Border.code() as u8;

/// Who must be to move for a shape to count: the player whose stones are written `X`, the
/// other, or either.
#[derive(Clone, Copy, PartialEq)]
enum Mover {
    X,
    O,
    Either,
}

struct Shape {
    /// Top row first; the move is the centre. `X`/`O` stones, `.` empty, `x` X or empty, `o` O
    /// or empty, `?` anything, `#` off the board.
    rows: [&'static str; 3],
    mover: Mover,
}

const fn shape(rows: [&'static str; 3], mover: Mover) -> Shape {
    Shape { rows, mover }
}

/// The shapes. Centre patterns apply only away from the edge; edge patterns have the move on
/// the first line (the bottom row is off the board).
const SHAPES: &[Shape] = &[
    // Hane.
    shape(["XOX", "...", "???"], Mover::Either),
    shape(["XO.", "...", "?.?"], Mover::Either),
    shape(["XO?", "X..", "?.?"], Mover::Either),
    shape(["XOO", "...", "?.?"], Mover::X),
    // Cut: the second cut shape; the first one is handled with its exceptions.
    shape(["?X?", "O.O", "xxx"], Mover::Either),
    // Edge.
    shape(["X.?", "O.?", "###"], Mover::Either),
    shape(["?X?", "o.O", "###"], Mover::Either),
    shape(["?XO", "?.?", "###"], Mover::X),
    shape(["?XO", "?.o", "###"], Mover::O),
    shape(["?XO", "O.X", "###"], Mover::O),
];

/// The first cut, which counts only when neither of these variants holds.
const CUT: Shape = shape(["XO?", "O.?", "???"], Mover::Either);
const CUT_EXCEPTIONS: [Shape; 2] = [
    shape(["XO?", "O.O", "?.?"], Mover::Either),
    shape(["XO?", "O..", "?O?"], Mover::Either),
];

/// The state of each neighbour, in `OFFSETS` order, read from a code.
fn states(code: u16) -> [u8; 8] {
    std::array::from_fn(|i| ((code >> (2 * i)) & 3) as u8)
}

/// The eight rotations and reflections of an offset.
pub(crate) fn transform(symmetry: usize, (x, y): (i32, i32)) -> (i32, i32) {
    let (x, y) = if symmetry & 4 != 0 { (y, x) } else { (x, y) };
    let x = if symmetry & 1 != 0 { -x } else { x };
    let y = if symmetry & 2 != 0 { -y } else { y };
    (x, y)
}

/// Where an offset is in `OFFSETS`.
fn neighbour_index(offset: (i32, i32)) -> usize {
    OFFSETS
        .iter()
        .position(|&o| o == offset)
        .expect("a neighbour")
}

/// A shape under one symmetry and with one colour as `X`: for each neighbour, in `OFFSETS`
/// order, the states it may be in, one bit per state. Building the table tries every shape on
/// 65,536 neighbourhoods, so the rows are read once, here.
type Compiled = [u8; 8];

fn compile(shape: &Shape, symmetry: usize, x: u8) -> Compiled {
    let o = if x == BLACK { WHITE } else { BLACK };
    let bit = |state: u8| 1u8 << state;
    let any = bit(EMPTY) | bit(BLACK) | bit(WHITE) | bit(BORDER);
    // A centre shape needs all eight neighbours on the board, so even its `?` excludes the edge.
    let edge = shape.rows[2] == "###";
    let mut allowed = [0u8; 8];
    for (row, text) in shape.rows.iter().enumerate() {
        for (col, symbol) in text.bytes().enumerate() {
            let offset = (col as i32 - 1, 1 - row as i32);
            if offset == (0, 0) {
                continue;
            }
            allowed[neighbour_index(transform(symmetry, offset))] = match symbol {
                b'X' => bit(x),
                b'O' => bit(o),
                b'.' => bit(EMPTY),
                b'x' => bit(x) | bit(EMPTY),
                b'o' => bit(o) | bit(EMPTY),
                b'#' => bit(BORDER),
                _ if edge => any,
                _ => any & !bit(BORDER),
            };
        }
    }
    allowed
}

fn matches(allowed: &Compiled, states: &[u8; 8]) -> bool {
    allowed.iter().zip(states).all(|(a, &s)| a & (1 << s) != 0)
}

fn mover_allowed(mover: Mover, x: u8, to_move: u8) -> bool {
    match mover {
        Mover::Either => true,
        Mover::X => to_move == x,
        Mover::O => to_move != x,
    }
}

/// Every shape compiled for every symmetry and colour.
struct Shapes {
    /// The first cut and its two exceptions.
    cuts: Vec<(Compiled, [Compiled; 2])>,
    /// The other shapes, with who must be to move and the colour of `X`.
    others: Vec<(Compiled, Mover, u8)>,
}

impl Shapes {
    fn compile() -> Shapes {
        let mut shapes = Shapes {
            cuts: Vec::new(),
            others: Vec::new(),
        };
        for symmetry in 0..8 {
            for x in [BLACK, WHITE] {
                let exceptions = CUT_EXCEPTIONS.each_ref().map(|e| compile(e, symmetry, x));
                shapes.cuts.push((compile(&CUT, symmetry, x), exceptions));
                for s in SHAPES {
                    shapes.others.push((compile(s, symmetry, x), s.mover, x));
                }
            }
        }
        shapes
    }

    /// Whether a move by `to_move` into a neighbourhood is good shape.
    fn good_shape(&self, states: &[u8; 8], to_move: u8) -> bool {
        let cut = self.cuts.iter().any(|(cut, exceptions)| {
            matches(cut, states) && !exceptions.iter().any(|e| matches(e, states))
        });
        cut || self
            .others
            .iter()
            .any(|(shape, mover, x)| mover_allowed(*mover, *x, to_move) && matches(shape, states))
    }
}

/// Bit 0: good shape for Black to play; bit 1: for White.
fn table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let shapes = Shapes::compile();
        (0..=u16::MAX)
            .map(|code| {
                let n = states(code);
                u8::from(shapes.good_shape(&n, BLACK))
                    | (u8::from(shapes.good_shape(&n, WHITE)) << 1)
            })
            .collect()
    })
}

/// Builds the table now (it takes a moment) rather than in the middle of a search.
pub fn prepare() {
    table();
}

/// The 3×3 shape at `p` with its atari marks: the neighbourhood code (`Board::neighbourhood`)
/// in the low 16 bits and above them a bit for each neighbour on the lines through `p` (in
/// `ATARI_SLOTS` order) that is a stone of a string in atari. Pachi's 3×3 patterns carry the
/// same marks: a hane at a stone in atari is another move than the plain hane.
pub fn shape_key(board: &Board, p: Point) -> u32 {
    let around = board.around(p);
    let in_atari =
        |i: usize| board.stone(around[i]).is_some() && board.string_liberties(around[i]) == 1;
    let marks = (ATARI_SLOTS.iter().enumerate())
        .filter(|&(_, &i)| in_atari(i))
        .fold(0, |marks, (bit, _)| marks | 1 << bit);
    u32::from(board.neighbourhood(p)) | marks << MARKS
}

/// Whether a shape key marks a neighbour in atari.
pub fn has_atari_marks(key: u32) -> bool {
    key >> MARKS != 0
}

/// The same shape key for every rotation, reflection and colour swap: the smallest key among
/// the eight symmetries, with the colours swapped when White is to move (so that the mover's
/// stones are always "black"). A key without atari marks stays a plain neighbourhood code.
pub fn canonical(key: u32, mover: Color) -> u32 {
    (0..8)
        .map(|symmetry| transformed(key, symmetry, mover == Color::White))
        .min()
        .expect("eight symmetries")
}

/// Every key whose canonical key (`canonical`) for `mover` is `key`.
pub fn variants(key: u32, mover: Color) -> impl Iterator<Item = u32> {
    (0..8).map(move |symmetry| transformed(key, symmetry, mover == Color::White))
}

/// A shape key under one symmetry, with the colours swapped if `swap` (both are their own
/// inverse, up to the order of the eight symmetries).
fn transformed(key: u32, symmetry: usize, swap: bool) -> u32 {
    let (places, marks) = &symmetries()[symmetry];
    let colour = |s: u32| match (swap, s as u8) {
        (true, BLACK) => u32::from(WHITE),
        (true, WHITE) => u32::from(BLACK),
        _ => s,
    };
    let stones = (0..8).fold(0, |out, i| {
        out | colour(key >> (2 * i) & 3) << (2 * places[i])
    });
    let marks = (0..4)
        .filter(|bit| key >> (MARKS as usize + bit) & 1 != 0)
        .fold(0, |out, bit| out | 1 << (MARKS as usize + marks[bit]));
    stones | marks
}

/// For each symmetry, where each neighbour goes (in `OFFSETS` order) and where each atari
/// mark goes (in `ATARI_SLOTS` order).
fn symmetries() -> &'static [([usize; 8], [usize; 4]); 8] {
    static TABLE: OnceLock<[([usize; 8], [usize; 4]); 8]> = OnceLock::new();
    TABLE.get_or_init(|| {
        std::array::from_fn(|symmetry| {
            let places = OFFSETS.map(|offset| neighbour_index(transform(symmetry, offset)));
            let marks = ATARI_SLOTS.map(|i| {
                let slot = ATARI_SLOTS.iter().position(|&s| s == places[i]);
                slot.expect("a line stays a line")
            });
            (places, marks)
        })
    })
}

/// Whether `color` playing at the empty point `p` makes one of the shapes.
pub fn is_good_shape(board: &Board, p: Point, color: Color) -> bool {
    table()[board.neighbourhood(p) as usize] & (1 << color.index()) != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(board: &Board, name: &str) -> Point {
        board.point_named(name).unwrap()
    }

    #[test]
    fn canonical_codes_ignore_orientation_and_colour() {
        // A black stone above, and the same stone below, to its side, or white with White
        // to move: one canonical code.
        let mut board = Board::new(9);
        let centre = at(&board, "E5");
        board.play(Color::Black, at(&board, "E6")).unwrap();
        let above = canonical(shape_key(&board, centre), Color::Black);
        let mut other = Board::new(9);
        other.play(Color::Black, at(&other, "D5")).unwrap();
        assert_eq!(canonical(shape_key(&other, centre), Color::Black), above);
        let mut swapped = Board::new(9);
        swapped.play(Color::White, at(&swapped, "E4")).unwrap();
        assert_eq!(canonical(shape_key(&swapped, centre), Color::White), above);
        assert_ne!(canonical(shape_key(&swapped, centre), Color::Black), above);
    }

    #[test]
    fn atari_marks_turn_with_the_shape() {
        // A white stone in atari above D4 (Black around it), and the same turned to the side.
        let above = Board::from_diagram(&[
            ".......", //
            "...X...", "..XOX..", ".......", ".......", ".......", ".......",
        ])
        .unwrap();
        let side = Board::from_diagram(&[
            ".......", //
            ".......", "...X...", "..XO...", "...X...", ".......", ".......",
        ])
        .unwrap();
        let key = shape_key(&above, at(&above, "D4"));
        assert!(has_atari_marks(key));
        assert!(!has_atari_marks(u32::from(
            above.neighbourhood(at(&above, "D4"))
        )));
        let turned = shape_key(&side, at(&side, "E4"));
        assert_eq!(
            canonical(key, Color::Black),
            canonical(turned, Color::Black)
        );
        // Without the mark it is another shape; a plain key stays a neighbourhood code.
        let plain = key & 0xffff;
        assert_ne!(canonical(plain, Color::Black), canonical(key, Color::Black));
        assert!(!has_atari_marks(canonical(plain, Color::White)));
    }

    #[test]
    fn hane_and_cut_shapes_match_in_every_orientation() {
        // Black D5 faces White D4... a hane at E4 for Black: X O X over empty row.
        let board = Board::from_diagram(&[
            ".......", //
            ".......", "...X...", "..XOX..", ".......", ".......", ".......",
        ])
        .unwrap();
        // Below White D4, C3/D3/E3: row "..." under "XOX": D3 is a hane point for both.
        assert!(is_good_shape(&board, at(&board, "D3"), Color::Black));
        assert!(is_good_shape(&board, at(&board, "D3"), Color::White));
        // A point far from everything matches nothing.
        assert!(!is_good_shape(&board, at(&board, "G7"), Color::Black));
    }

    #[test]
    fn the_table_is_symmetric_under_colour_swap_for_unrestricted_shapes() {
        let t = table();
        let swap = |code: u16| -> u16 {
            let s = states(code).map(|v| match v {
                BLACK => WHITE,
                WHITE => BLACK,
                v => v,
            });
            s.iter()
                .enumerate()
                .map(|(i, &v)| (v as u16) << (2 * i))
                .sum()
        };
        // Black to move in a position equals White to move in the colour-swapped position.
        for code in (0..=u16::MAX).step_by(7) {
            assert_eq!(
                t[code as usize] & 1,
                (t[swap(code) as usize] >> 1) & 1,
                "code {code:#x}"
            );
        }
        assert!(t.iter().filter(|&&v| v != 0).count() > 100);
    }
}
