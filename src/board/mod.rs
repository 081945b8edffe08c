//! The Go board: points, strings, exact liberty counts, captures, simple ko and a Zobrist hash.
//!
//! The board is a padded one-dimensional array: every row is `size + 2` cells wide and there is a
//! border row above and below, so every on-board point has four neighbours without bounds checks.
//! Strings are circular linked lists of stones; each stone knows its string's head, and the head
//! holds the string's stone and liberty counts. Playing a move allocates nothing.

mod check;
pub mod life;
mod names;
mod point;
mod render;
mod setup;
mod strings;
mod tactics;
mod zobrist;

use std::fmt;

pub const MIN_SIZE: usize = 2;
pub const MAX_SIZE: usize = 25;
const MAX_STRIDE: usize = MAX_SIZE + 2;
/// Cells of the largest padded board, border included.
pub const MAX_CELLS: usize = MAX_STRIDE * MAX_STRIDE;
/// Points of the largest board.
pub const MAX_POINTS: usize = MAX_SIZE * MAX_SIZE;

pub use point::{Point, PointMap};

/// The letters of GTP and SGF column names: A to Z without I.
const COLUMN_LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    Black,
    White,
}

impl Color {
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// `B` or `W`, as SGF and results write a colour.
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

/// What occupies a cell of the padded array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty,
    Stone(Color),
    Border,
}

impl Cell {
    /// The cell's two bits in a neighbourhood code.
    pub const fn code(self) -> u16 {
        match self {
            Cell::Empty => 0,
            Cell::Stone(Color::Black) => 1,
            Cell::Stone(Color::White) => 2,
            Cell::Border => 3,
        }
    }
}

/// The neighbourhood code of a point with the border all around.
const ALL_BORDER: u16 = u16::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Pass,
    Play(Point),
}

/// Why the board refuses a stone (superko is the game's business, not the board's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    Occupied,
    Ko,
    Suicide,
    OffBoard,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            Illegal::Occupied => "the point is occupied",
            Illegal::Ko => "it retakes a ko at once",
            Illegal::Suicide => "it is suicide",
            Illegal::OffBoard => "the point is off the board",
        })
    }
}

#[derive(Clone)]
pub struct Board {
    size: usize,
    stride: usize,
    cells: PointMap<Cell>,
    /// The 3×3 neighbourhood of every cell (see `neighbourhood`), kept up to date as stones
    /// come and go: the playout policy reads it at every move.
    neighbourhoods: PointMap<u16>,
    /// Head (representative stone) of the string each stone belongs to.
    head: PointMap<Point>,
    /// Next stone of the same string, circularly.
    next: PointMap<Point>,
    /// Liberty count, valid at string heads.
    liberties: PointMap<u16>,
    /// Stone count, valid at string heads.
    stones: PointMap<u16>,
    /// Empty points, in no particular order, and each empty point's index in that list.
    empty: [Point; MAX_POINTS],
    empty_len: usize,
    empty_index: PointMap<u16>,
    /// The point the given colour may not play at now because it would retake a ko at once.
    ko: Option<(Point, Color)>,
    hash: u64,
    /// Stones captured by Black and by White.
    prisoners: [u32; 2],
    /// The last move and the one before (`None` for a pass or nothing), for playout policies.
    last_moves: [Option<Point>; 2],
}

impl Board {
    /// An empty board; `size` must be within `MIN_SIZE..=MAX_SIZE`.
    pub fn new(size: usize) -> Board {
        assert!((MIN_SIZE..=MAX_SIZE).contains(&size), "board size {size}");
        let stride = size + 2;
        let mut board = Board {
            size,
            stride,
            cells: PointMap::filled(Cell::Border),
            neighbourhoods: PointMap::filled(ALL_BORDER),
            head: PointMap::filled(Point::default()),
            next: PointMap::filled(Point::default()),
            liberties: PointMap::filled(0),
            stones: PointMap::filled(0),
            empty: [Point::default(); MAX_POINTS],
            empty_len: 0,
            empty_index: PointMap::filled(0),
            ko: None,
            hash: 0,
            prisoners: [0; 2],
            last_moves: [None; 2],
        };
        for row in 0..size {
            for col in 0..size {
                let p = board.point(col, row);
                board.set_cell(p, Cell::Empty);
                board.add_empty(p);
            }
        }
        board
    }

    pub fn size(&self) -> usize {
        self.size
    }

    /// The point at column `col` and row `row`, both from 0, row 0 being GTP's row 1.
    pub fn point(&self, col: usize, row: usize) -> Point {
        Point::new((row + 1) * self.stride + col + 1)
    }

    /// Column and row (from 0) of an on-board point.
    pub fn coords(&self, p: Point) -> (usize, usize) {
        (p.index() % self.stride - 1, p.index() / self.stride - 1)
    }

    /// All on-board points, row by row from row 1.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.size).flat_map(move |row| (0..self.size).map(move |col| self.point(col, row)))
    }

    pub fn neighbours(&self, p: Point) -> [Point; 4] {
        [p - self.stride, p - 1, p + 1, p + self.stride]
    }

    pub fn diagonals(&self, p: Point) -> [Point; 4] {
        let s = self.stride;
        [p - s - 1, p - s + 1, p + s - 1, p + s + 1]
    }

    pub fn cell(&self, p: Point) -> Cell {
        self.cells[p]
    }

    /// The eight points around `p` in neighbourhood-code order: the row above from left to
    /// right, left, right, the row below from left to right. Neighbour `7 - i` is the mirror
    /// of neighbour `i` through `p`.
    pub fn around(&self, p: Point) -> [Point; 8] {
        let s = self.stride;
        [
            p + s - 1,
            p + s,
            p + s + 1,
            p - 1,
            p + 1,
            p - s - 1,
            p - s,
            p - s + 1,
        ]
    }

    /// The 3×3 neighbourhood of `p` as a code: two bits (`Cell::code`) per point of
    /// `around(p)`, the first in the lowest bits.
    pub fn neighbourhood(&self, p: Point) -> u16 {
        self.neighbourhoods[p]
    }

    /// The neighbourhood code of `p` computed from the cells.
    fn neighbourhood_from_cells(&self, p: Point) -> u16 {
        let around = self.around(p).into_iter().enumerate();
        around.fold(0, |code, (i, q)| code | self.cells[q].code() << (2 * i))
    }

    /// Changes one cell and, in the codes of the points around it, its two bits.
    fn set_cell(&mut self, p: Point, cell: Cell) {
        self.cells[p] = cell;
        for (i, n) in self.around(p).into_iter().enumerate() {
            // Seen from n, p is the mirror neighbour.
            let shift = 2 * (7 - i);
            self.neighbourhoods[n] = self.neighbourhoods[n] & !(3 << shift) | cell.code() << shift;
        }
    }

    pub fn stone(&self, p: Point) -> Option<Color> {
        match self.cells[p] {
            Cell::Stone(c) => Some(c),
            _ => None,
        }
    }

    pub fn is_empty_point(&self, p: Point) -> bool {
        self.cells[p] == Cell::Empty
    }

    pub fn is_on_board(&self, p: Point) -> bool {
        self.cells[p] != Cell::Border
    }

    /// Zobrist hash of the stone arrangement (not of the side to move or the ko point).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn ko(&self) -> Option<(Point, Color)> {
        self.ko
    }

    pub fn prisoners(&self, color: Color) -> u32 {
        self.prisoners[color.index()]
    }

    /// The empty points, in an order that changes as stones come and go.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.empty[..self.empty_len].iter().map(|&p| p as Point)
    }

    pub fn empty_count(&self) -> usize {
        self.empty_len
    }

    /// The `i`-th entry of the empty-point list (for random move choice).
    pub fn empty_at(&self, i: usize) -> Point {
        self.empty[i]
    }

    pub fn is_board_empty(&self) -> bool {
        self.empty_len == self.size * self.size
    }

    /// The string's head: the same for every stone of one string.
    pub fn string_head(&self, p: Point) -> Point {
        self.head[p] as Point
    }

    /// Liberties of the string through `p` (`p` must hold a stone).
    pub fn string_liberties(&self, p: Point) -> usize {
        self.liberties[self.head[p]] as usize
    }

    pub fn string_size(&self, p: Point) -> usize {
        self.stones[self.head[p]] as usize
    }

    /// The stones of the string through `p`.
    pub fn string_stones(&self, p: Point) -> StringStones<'_> {
        StringStones {
            board: self,
            start: p,
            current: Some(p),
        }
    }

    /// Whether `color` may play at `p` under the board's rules: empty, not an immediate ko
    /// recapture, not suicide (capturing first). Superko is checked by the game.
    pub fn check_move(&self, color: Color, p: Point) -> Result<(), Illegal> {
        match self.cells[p] {
            Cell::Border => return Err(Illegal::OffBoard),
            Cell::Stone(_) => return Err(Illegal::Occupied),
            Cell::Empty => {}
        }
        if self.ko == Some((p, color)) {
            return Err(Illegal::Ko);
        }
        if self.is_suicide(color, p) {
            return Err(Illegal::Suicide);
        }
        Ok(())
    }

    pub fn is_legal(&self, color: Color, p: Point) -> bool {
        self.check_move(color, p).is_ok()
    }

    /// Whether a stone of `color` at the empty point `p` would be left without liberties.
    fn is_suicide(&self, color: Color, p: Point) -> bool {
        for n in self.neighbours(p) {
            match self.cells[n] {
                Cell::Empty => return false,
                Cell::Stone(c) if c == color && self.string_liberties(n) > 1 => return false,
                Cell::Stone(c) if c != color && self.string_liberties(n) == 1 => return false,
                _ => {}
            }
        }
        true
    }

    /// Plays a stone after checking it with `check_move`. Debug builds rebuild the board from
    /// scratch after the move and compare (`check_invariants`).
    pub fn play(&mut self, color: Color, p: Point) -> Result<(), Illegal> {
        self.check_move(color, p)?;
        self.place(color, p);
        #[cfg(debug_assertions)]
        self.check_invariants();
        Ok(())
    }

    /// A pass: only the ko restriction goes away.
    pub fn pass(&mut self) {
        self.ko = None;
        self.last_moves = [None, self.last_moves[0]];
    }

    /// The last move and the one before it (`None` for passes).
    pub fn last_moves(&self) -> [Option<Point>; 2] {
        self.last_moves
    }

    /// The hash of the stone arrangement after a legal move of `color` at `p`, without playing
    /// it: the new stone, less every enemy string it captures.
    pub fn hash_after(&self, color: Color, p: Point) -> u64 {
        let mut hash = self.hash ^ zobrist::key(color, p);
        let heads = self.distinct_neighbour_heads(p);
        for &h in heads.iter().flatten() {
            if self.cells[h] == Cell::Stone(color.opponent()) && self.liberties[h] == 1 {
                for s in self.string_stones(h) {
                    hash ^= zobrist::key(color.opponent(), s);
                }
            }
        }
        hash
    }

    pub fn play_move(&mut self, color: Color, mv: Move) -> Result<(), Illegal> {
        match mv {
            Move::Pass => {
                self.pass();
                Ok(())
            }
            Move::Play(p) => self.play(color, p),
        }
    }

    /// Puts a stone on a point already known to be legal: captures, merges, liberties, ko.
    pub fn place(&mut self, color: Color, p: Point) {
        debug_assert!(self.is_legal(color, p));
        self.set_cell(p, Cell::Stone(color));
        self.remove_empty(p);
        self.hash ^= zobrist::key(color, p);
        self.head[p] = p;
        self.next[p] = p;
        self.stones[p] = 1;
        self.liberties[p] = 0;

        let neighbour_heads = self.distinct_neighbour_heads(p);
        for &h in neighbour_heads.iter().flatten() {
            self.liberties[h] -= 1;
        }
        let mut captured = 0;
        let mut last_captured = p;
        for &h in neighbour_heads.iter().flatten() {
            if self.cells[h] == Cell::Stone(color.opponent()) && self.liberties[h] == 0 {
                captured += self.stones[h] as u32;
                last_captured = h;
                self.capture(h);
            }
        }
        self.prisoners[color.index()] += captured;
        self.join_friends(color, p, &neighbour_heads);

        let h = self.head[p];
        self.ko = (captured == 1 && self.stones[h] == 1 && self.liberties[h] == 1)
            .then_some((last_captured, color.opponent()));
        self.last_moves = [Some(p), self.last_moves[0]];
    }
}

/// Iterates over the stones of one string.
pub struct StringStones<'a> {
    board: &'a Board,
    start: Point,
    current: Option<Point>,
}

impl Iterator for StringStones<'_> {
    type Item = Point;

    fn next(&mut self) -> Option<Point> {
        let p = self.current?;
        let next = self.board.next[p];
        self.current = (next != self.start).then_some(next);
        Some(p)
    }
}

impl PartialEq for Board {
    /// Two boards are equal when they have the same size, stones and ko restriction.
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size && self.cells == other.cells && self.ko == other.ko
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        for row in (0..self.size).rev() {
            for col in 0..self.size {
                let c = match self.cells[self.point(col, row)] {
                    Cell::Stone(Color::Black) => 'X',
                    Cell::Stone(Color::White) => 'O',
                    _ => '.',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
