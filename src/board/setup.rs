//! Stones placed without playing (handicap, SGF setup) and boards built from a diagram
//! or from bare cells.

use super::*;

impl Board {
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
    pub(super) fn rebuild_strings(&mut self) {
        let fresh = Self::from_cells(self.size, &self.cells);
        self.head = fresh.head;
        self.next = fresh.next;
        self.stones = fresh.stones;
        self.liberties = fresh.liberties;
    }

    /// A board built from scratch out of a cell array: strings by flood fill, liberties counted,
    /// hash summed. The reference that `check_invariants` compares against.
    pub(super) fn from_cells(size: usize, cells: &PointMap<Cell>) -> Board {
        let mut board = Board::new(size);
        for p in board.points().collect::<Vec<_>>() {
            if let Cell::Stone(color) = cells[p] {
                board.set_cell(p, cells[p]);
                board.remove_empty(p);
                board.hash ^= zobrist::key(color, p);
            }
        }
        let mut seen = PointMap::filled(false);
        for p in board.points().collect::<Vec<_>>() {
            if seen[p] || board.stone(p).is_none() {
                continue;
            }
            let stones = board.flood_string(p);
            for (i, &s) in stones.iter().enumerate() {
                seen[s] = true;
                board.head[s] = p;
                board.next[s] = stones[(i + 1) % stones.len()];
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
}
