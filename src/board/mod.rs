//! The Go board: points, strings, exact liberty counts, captures, simple ko and a Zobrist hash.
//!
//! The board is a padded one-dimensional array: every row is `size + 2` cells wide and there is a
//! border row above and below, so every on-board point has four neighbours without bounds checks.
//! Strings are circular linked lists of stones; each stone knows its string's head, and the head
//! holds the string's stone and liberty counts. Playing a move allocates nothing.

mod render;
mod zobrist;

use std::fmt;

pub const MIN_SIZE: usize = 2;
pub const MAX_SIZE: usize = 25;
const MAX_STRIDE: usize = MAX_SIZE + 2;
/// Cells of the largest padded board, border included.
pub const MAX_CELLS: usize = MAX_STRIDE * MAX_STRIDE;
/// Points of the largest board.
pub const MAX_POINTS: usize = MAX_SIZE * MAX_SIZE;

/// An index into the padded board array.
pub type Point = usize;

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
    cells: [Cell; MAX_CELLS],
    /// The 3×3 neighbourhood of every cell (see `neighbourhood`), kept up to date as stones
    /// come and go: the playout policy reads it at every move.
    neighbourhoods: [u16; MAX_CELLS],
    /// Head (representative stone) of the string each stone belongs to.
    head: [u16; MAX_CELLS],
    /// Next stone of the same string, circularly.
    next: [u16; MAX_CELLS],
    /// Liberty count, valid at string heads.
    liberties: [u16; MAX_CELLS],
    /// Stone count, valid at string heads.
    stones: [u16; MAX_CELLS],
    /// Empty points, in no particular order, and each empty point's index in that list.
    empty: [u16; MAX_POINTS],
    empty_len: usize,
    empty_index: [u16; MAX_CELLS],
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
            cells: [Cell::Border; MAX_CELLS],
            neighbourhoods: [ALL_BORDER; MAX_CELLS],
            head: [0; MAX_CELLS],
            next: [0; MAX_CELLS],
            liberties: [0; MAX_CELLS],
            stones: [0; MAX_CELLS],
            empty: [0; MAX_POINTS],
            empty_len: 0,
            empty_index: [0; MAX_CELLS],
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
        (row + 1) * self.stride + col + 1
    }

    /// Column and row (from 0) of an on-board point.
    pub fn coords(&self, p: Point) -> (usize, usize) {
        (p % self.stride - 1, p / self.stride - 1)
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
        p < MAX_CELLS && self.cells[p] != Cell::Border
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
        self.empty[i] as Point
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
        self.liberties[self.head[p] as usize] as usize
    }

    pub fn string_size(&self, p: Point) -> usize {
        self.stones[self.head[p] as usize] as usize
    }

    /// The stones of the string through `p`.
    pub fn string_stones(&self, p: Point) -> StringStones<'_> {
        StringStones {
            board: self,
            start: p,
            current: Some(p),
        }
    }

    /// GTP/SGF-style name of a point, e.g. `D4`.
    pub fn point_name(&self, p: Point) -> String {
        let (col, row) = self.coords(p);
        format!("{}{}", COLUMN_LETTERS[col] as char, row + 1)
    }

    /// GTP name of a move: a point's name, or `pass`.
    pub fn move_name(&self, mv: Move) -> String {
        match mv {
            Move::Pass => "pass".into(),
            Move::Play(p) => self.point_name(p),
        }
    }

    /// The point named by a column letter (A–Z without I, any case) and a row number, if it is on
    /// this board.
    pub fn point_from_name(&self, letter: char, row: usize) -> Option<Point> {
        let letter = letter.to_ascii_uppercase() as u8;
        let col = COLUMN_LETTERS.iter().position(|&l| l == letter)?;
        (col < self.size && (1..=self.size).contains(&row)).then(|| self.point(col, row - 1))
    }

    /// The point named like `D4` (any case), if it is on this board.
    pub fn point_named(&self, name: &str) -> Option<Point> {
        let mut chars = name.chars();
        let letter = chars.next()?;
        self.point_from_name(letter, chars.as_str().parse().ok()?)
    }

    /// Whether `color` may play at `p` under the board's rules: empty, not an immediate ko
    /// recapture, not suicide (capturing first). Superko is checked by the game.
    pub fn check_move(&self, color: Color, p: Point) -> Result<(), Illegal> {
        match self.cells.get(p) {
            None | Some(Cell::Border) => return Err(Illegal::OffBoard),
            Some(Cell::Stone(_)) => return Err(Illegal::Occupied),
            Some(Cell::Empty) => {}
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

    /// Whether `p` is an eye of `color`: all neighbours are its stones (or the edge) and the
    /// diagonals do not make it false (at most one enemy diagonal in the middle, none on the edge).
    pub fn is_eye(&self, color: Color, p: Point) -> bool {
        if self.cells[p] != Cell::Empty {
            return false;
        }
        for n in self.neighbours(p) {
            if !matches!(self.cells[n], Cell::Border) && self.cells[n] != Cell::Stone(color) {
                return false;
            }
        }
        let mut enemy = 0;
        let mut border = 0;
        for d in self.diagonals(p) {
            match self.cells[d] {
                Cell::Border => border = 1,
                Cell::Stone(c) if c != color => enemy += 1,
                _ => {}
            }
        }
        enemy + border < 2
    }

    /// Whether a legal stone of `color` at `p` would join a string of two or more stones left
    /// with a single liberty (captures count as escaping). Playing a lone stone into atari is
    /// not counted: it is how eyes are destroyed.
    pub fn is_self_atari(&self, color: Color, p: Point) -> bool {
        let has_friend = self
            .neighbours(p)
            .into_iter()
            .any(|n| self.cells[n] == Cell::Stone(color));
        has_friend && self.liberties_after(color, p, 2).is_some_and(|l| l < 2)
    }

    /// The liberties of the string a legal stone of `color` at `p` would make, counted up to
    /// `limit` (at most 4), without playing it; `None` when the stone captures, which always
    /// gives liberties.
    pub fn liberties_after(&self, color: Color, p: Point, limit: usize) -> Option<usize> {
        let mut found = [p; 4];
        let mut count = 0;
        let mut note = |q: Point| {
            if q != p && self.cells[q] == Cell::Empty && !found[..count].contains(&q) {
                found[count] = q;
                count += 1;
            }
            count >= limit
        };
        for n in self.neighbours(p) {
            match self.cells[n] {
                Cell::Empty if note(n) => return Some(limit),
                Cell::Stone(c) if c != color && self.string_liberties(n) == 1 => return None,
                _ => {}
            }
        }
        for n in self.neighbours(p) {
            if self.cells[n] != Cell::Stone(color) {
                continue;
            }
            for s in self.string_stones(n) {
                if self.neighbours(s).into_iter().any(&mut note) {
                    return Some(limit);
                }
            }
        }
        Some(count)
    }

    /// Whether a self-atari of `color` at `p` is a nakade sacrifice: the string it makes has
    /// at most three stones, and its last liberty touches only that string, enemy stones and
    /// the edge. Capturing it then leaves the enemy an enclosed eye space of those points,
    /// which a stone on its vital point may kill (how a group with a big eye is killed).
    pub fn is_nakade_sacrifice(&self, color: Color, p: Point) -> bool {
        let mut stones = [p; 3];
        let mut count = 1;
        for n in self.neighbours(p) {
            if self.cells[n] != Cell::Stone(color) || stones[..count].contains(&n) {
                continue;
            }
            for s in self.string_stones(n) {
                if count == stones.len() {
                    return false;
                }
                stones[count] = s;
                count += 1;
            }
        }
        let string = &stones[..count];
        let liberty = string
            .iter()
            .flat_map(|&s| self.neighbours(s))
            .find(|&q| q != p && self.cells[q] == Cell::Empty);
        liberty.is_some_and(|l| {
            self.neighbours(l).into_iter().all(|q| {
                string.contains(&q)
                    || matches!(self.cells[q], Cell::Border)
                    || self.cells[q] == Cell::Stone(color.opponent())
            })
        })
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

    /// The single liberty of the string through `p`, if it has exactly one.
    pub fn atari_liberty(&self, p: Point) -> Option<Point> {
        if self.string_liberties(p) != 1 {
            return None;
        }
        self.string_stones(p)
            .flat_map(|s| self.neighbours(s))
            .find(|&q| self.is_empty_point(q))
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
        self.head[p] = p as u16;
        self.next[p] = p as u16;
        self.stones[p] = 1;
        self.liberties[p] = 0;

        let neighbour_heads = self.distinct_neighbour_heads(p);
        for &h in neighbour_heads.iter().flatten() {
            self.liberties[h] -= 1;
        }
        let mut captured = 0;
        let mut last_captured = 0;
        for &h in neighbour_heads.iter().flatten() {
            if self.cells[h] == Cell::Stone(color.opponent()) && self.liberties[h] == 0 {
                captured += self.stones[h] as u32;
                last_captured = h;
                self.capture(h);
            }
        }
        self.prisoners[color.index()] += captured;
        self.join_friends(color, p, &neighbour_heads);

        let h = self.head[p] as usize;
        self.ko = (captured == 1 && self.stones[h] == 1 && self.liberties[h] == 1)
            .then_some((last_captured, color.opponent()));
        self.last_moves = [Some(p), self.last_moves[0]];
    }

    /// Heads of the strings next to `p`, each once.
    fn distinct_neighbour_heads(&self, p: Point) -> [Option<Point>; 4] {
        let mut heads = [None; 4];
        for (i, n) in self.neighbours(p).into_iter().enumerate() {
            if let Cell::Stone(_) = self.cells[n] {
                let h = self.head[n] as usize;
                if !heads[..i].contains(&Some(h)) {
                    heads[i] = Some(h);
                }
            }
        }
        heads
    }

    /// Merges the new stone at `p` with its friendly neighbours and sets the string's liberties.
    fn join_friends(&mut self, color: Color, p: Point, neighbour_heads: &[Option<Point>; 4]) {
        let mut friends = [0; 4];
        let mut count = 0;
        for &h in neighbour_heads.iter().flatten() {
            if self.cells[h] == Cell::Stone(color) {
                friends[count] = h;
                count += 1;
            }
        }
        if count == 0 {
            self.liberties[p] = self
                .neighbours(p)
                .iter()
                .filter(|&&n| self.is_empty_point(n))
                .count() as u16;
            return;
        }
        let mut big = friends[0];
        for &h in &friends[1..count] {
            big = self.merge(big, h);
        }
        // The new stone joins the merged string.
        let new_head = self.merge(big, p);
        if count > 1 {
            self.liberties[new_head] = self.count_liberties(new_head) as u16;
        } else {
            // One friendly string: it already lost `p` as a liberty; add the new stone's empty
            // neighbours it did not already have.
            let gained = self
                .neighbours(p)
                .iter()
                .filter(|&&n| self.is_empty_point(n) && !self.touches_string_except(n, new_head, p))
                .count();
            self.liberties[new_head] += gained as u16;
        }
    }

    /// Whether the empty point `q` is next to a stone of the string `h` other than `except`.
    fn touches_string_except(&self, q: Point, h: Point, except: Point) -> bool {
        self.neighbours(q).iter().any(|&n| {
            n != except && matches!(self.cells[n], Cell::Stone(_)) && self.head[n] as usize == h
        })
    }

    /// Joins the strings with heads `a` and `b`; returns the head of the result (the larger's).
    fn merge(&mut self, a: Point, b: Point) -> Point {
        let (big, small) = if self.stones[a] >= self.stones[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s] = big as u16;
            s = self.next[s] as usize;
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.stones[big] += self.stones[small];
        big
    }

    /// Liberties of the string with head `h`, counted from scratch. An empty point next to
    /// several stones of the string is counted at the neighbour with the lowest index only, so
    /// no marks are needed.
    fn count_liberties(&self, h: Point) -> usize {
        let mut count = 0;
        for s in self.string_stones(h) {
            for q in self.neighbours(s) {
                if self.cells[q] != Cell::Empty {
                    continue;
                }
                let counted_earlier = self.neighbours(q).iter().any(|&n| {
                    n < s && matches!(self.cells[n], Cell::Stone(_)) && self.head[n] as usize == h
                });
                if !counted_earlier {
                    count += 1;
                }
            }
        }
        count
    }

    /// Removes the string with head `h`; each emptied point becomes a liberty of every distinct
    /// string next to it.
    fn capture(&mut self, h: Point) {
        let mut s = h;
        loop {
            let color = self.stone(s).expect("captured stone");
            self.set_cell(s, Cell::Empty);
            self.hash ^= zobrist::key(color, s);
            self.add_empty(s);
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        loop {
            for &n in self.distinct_neighbour_heads(s).iter().flatten() {
                self.liberties[n] += 1;
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
    }

    fn add_empty(&mut self, p: Point) {
        self.empty[self.empty_len] = p as u16;
        self.empty_index[p] = self.empty_len as u16;
        self.empty_len += 1;
    }

    fn remove_empty(&mut self, p: Point) {
        let i = self.empty_index[p] as usize;
        self.empty_len -= 1;
        let last = self.empty[self.empty_len];
        self.empty[i] = last;
        self.empty_index[last as usize] = i as u16;
    }

    /// Applies a setup (handicap, SGF AB/AW/AE): empties `empty`, then puts the black and white
    /// stones, replacing whatever stood there; no captures, no ko point. Returns false, changing
    /// nothing, if a point is off the board or a string is left without liberties.
    pub fn apply_setup(&mut self, black: &[Point], white: &[Point], empty: &[Point]) -> bool {
        let all = empty.iter().chain(black).chain(white);
        if !all.clone().all(|&p| self.is_on_board(p)) {
            return false;
        }
        let mut trial = self.clone();
        let placed = black.iter().map(|&p| (p, Some(Color::Black)));
        let placed = placed.chain(white.iter().map(|&p| (p, Some(Color::White))));
        for (p, color) in empty.iter().map(|&p| (p, None)).chain(placed) {
            if let Some(old) = trial.stone(p) {
                trial.set_cell(p, Cell::Empty);
                trial.hash ^= zobrist::key(old, p);
                trial.add_empty(p);
            }
            if let Some(c) = color {
                trial.set_cell(p, Cell::Stone(c));
                trial.remove_empty(p);
                trial.hash ^= zobrist::key(c, p);
            }
        }
        trial.ko = None;
        trial.rebuild_strings();
        if trial
            .points()
            .any(|q| trial.stone(q).is_some() && trial.string_liberties(q) == 0)
        {
            return false;
        }
        *self = trial;
        true
    }

    /// One setup stone; see `apply_setup`.
    pub fn setup_stone(&mut self, color: Color, p: Point) -> bool {
        self.is_on_board(p) && self.is_empty_point(p) && {
            let (black, white) = if color == Color::Black {
                (vec![p], vec![])
            } else {
                (vec![], vec![p])
            };
            self.apply_setup(&black, &white, &[])
        }
    }

    /// Removes a stone (SGF AE).
    pub fn clear_point(&mut self, p: Point) {
        self.apply_setup(&[], &[], &[p]);
    }

    /// A board from a diagram, top row first: `X` black, `O` white, anything else empty; spaces
    /// are ignored. `None` if the rows do not make a square of a supported size or a stone has
    /// no liberty.
    pub fn from_diagram(rows: &[&str]) -> Option<Board> {
        let size = rows.len();
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return None;
        }
        let mut board = Board::new(size);
        for (i, row) in rows.iter().enumerate() {
            let row: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
            if row.len() != size {
                return None;
            }
            for (col, c) in row.into_iter().enumerate() {
                let p = board.point(col, size - 1 - i);
                let color = match c {
                    'X' => Color::Black,
                    'O' => Color::White,
                    _ => continue,
                };
                board.set_cell(p, Cell::Stone(color));
                board.remove_empty(p);
                board.hash ^= zobrist::key(color, p);
            }
        }
        board.rebuild_strings();
        let all_breathe = board
            .points()
            .all(|p| board.stone(p).is_none() || board.string_liberties(p) > 0);
        all_breathe.then_some(board)
    }

    /// Recomputes strings and liberties from the cells.
    fn rebuild_strings(&mut self) {
        let fresh = Self::from_cells(self.size, &self.cells);
        self.head = fresh.head;
        self.next = fresh.next;
        self.stones = fresh.stones;
        self.liberties = fresh.liberties;
    }

    /// A board built from scratch out of a cell array: strings by flood fill, liberties counted,
    /// hash summed. The reference that `check_invariants` compares against.
    fn from_cells(size: usize, cells: &[Cell; MAX_CELLS]) -> Board {
        let mut board = Board::new(size);
        for p in board.points().collect::<Vec<_>>() {
            if let Cell::Stone(color) = cells[p] {
                board.set_cell(p, cells[p]);
                board.remove_empty(p);
                board.hash ^= zobrist::key(color, p);
            }
        }
        let mut seen = [false; MAX_CELLS];
        for p in board.points().collect::<Vec<_>>() {
            if seen[p] || board.stone(p).is_none() {
                continue;
            }
            let stones = board.flood_string(p);
            for (i, &s) in stones.iter().enumerate() {
                seen[s] = true;
                board.head[s] = p as u16;
                board.next[s] = stones[(i + 1) % stones.len()] as u16;
            }
            board.stones[p] = stones.len() as u16;
            let mut libs: Vec<Point> = stones
                .iter()
                .flat_map(|&s| board.neighbours(s))
                .filter(|&n| board.is_empty_point(n))
                .collect();
            libs.sort_unstable();
            libs.dedup();
            board.liberties[p] = libs.len() as u16;
        }
        board
    }

    /// The stones connected to `p` by flood fill (independent of the linked lists).
    fn flood_string(&self, p: Point) -> Vec<Point> {
        let color = self.cells[p];
        let mut stones = vec![p];
        let mut i = 0;
        while i < stones.len() {
            for n in self.neighbours(stones[i]) {
                if self.cells[n] == color && !stones.contains(&n) {
                    stones.push(n);
                }
            }
            i += 1;
        }
        stones
    }

    /// Rebuilds strings, liberties, the empty list and the hash from the cells alone and panics
    /// on any disagreement with the incrementally kept state.
    pub fn check_invariants(&self) {
        let fresh = Self::from_cells(self.size, &self.cells);
        for p in self.points() {
            let code = self.neighbourhood_from_cells(p);
            assert_eq!(self.neighbourhoods[p], code, "neighbourhood of {p}");
        }
        assert_eq!(self.hash, fresh.hash, "hash");
        assert_eq!(self.empty_len, fresh.empty_len, "empty count");
        for i in 0..self.empty_len {
            let p = self.empty[i] as usize;
            assert!(self.is_empty_point(p), "empty list holds {p}");
            assert_eq!(self.empty_index[p] as usize, i, "empty index of {p}");
        }
        for p in self.points() {
            if self.stone(p).is_none() {
                continue;
            }
            let h = self.head[p] as usize;
            let fh = fresh.head[p] as usize;
            assert_eq!(self.stones[h], fresh.stones[fh], "stones of string at {p}");
            assert_eq!(
                self.liberties[h], fresh.liberties[fh],
                "liberties of string at {p}"
            );
            assert!(self.liberties[h] > 0, "string without liberties at {p}");
            // Same partition: two stones share a head here iff they share one in the rebuild.
            for n in self.neighbours(p) {
                if self.cells[n] == self.cells[p] {
                    assert_eq!(self.head[n], self.head[p], "neighbours {p} and {n} split");
                }
            }
            assert_eq!(
                self.string_stones(p).count(),
                self.stones[h] as usize,
                "string list at {p}"
            );
        }
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
        let next = self.board.next[p] as usize;
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
