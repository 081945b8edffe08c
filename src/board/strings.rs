//! The strings' bookkeeping behind `place`: joining friendly strings, counting liberties,
//! capturing, and the list of empty points.

use super::*;

impl Board {
    /// Heads of the strings next to `p`, each once.
    pub(super) fn distinct_neighbour_heads(&self, p: Point) -> [Option<Point>; 4] {
        let mut heads = [None; 4];
        for (i, n) in self.neighbours(p).into_iter().enumerate() {
            if let Cell::Stone(_) = self.cells[n] {
                let h = self.head[n];
                if !heads[..i].contains(&Some(h)) {
                    heads[i] = Some(h);
                }
            }
        }
        heads
    }

    /// Merges the new stone at `p` with its friendly neighbours and sets the string's liberties.
    pub(super) fn join_friends(
        &mut self,
        color: Color,
        p: Point,
        neighbour_heads: &[Option<Point>; 4],
    ) {
        let mut friends = [Point::default(); 4];
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
    pub(super) fn touches_string_except(&self, q: Point, h: Point, except: Point) -> bool {
        self.neighbours(q)
            .iter()
            .any(|&n| n != except && matches!(self.cells[n], Cell::Stone(_)) && self.head[n] == h)
    }

    /// Joins the strings with heads `a` and `b`; returns the head of the result (the larger's).
    pub(super) fn merge(&mut self, a: Point, b: Point) -> Point {
        let (big, small) = if self.stones[a] >= self.stones[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s] = big;
            s = self.next[s];
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
    pub(super) fn count_liberties(&self, h: Point) -> usize {
        let mut count = 0;
        for s in self.string_stones(h) {
            for q in self.neighbours(s) {
                if self.cells[q] != Cell::Empty {
                    continue;
                }
                let counted_earlier = self.neighbours(q).iter().any(|&n| {
                    n < s && matches!(self.cells[n], Cell::Stone(_)) && self.head[n] == h
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
    pub(super) fn capture(&mut self, h: Point) {
        let mut s = h;
        loop {
            let color = self.stone(s).expect("captured stone");
            self.set_cell(s, Cell::Empty);
            self.hash ^= zobrist::key(color, s);
            self.add_empty(s);
            s = self.next[s];
            if s == h {
                break;
            }
        }
        loop {
            for &n in self.distinct_neighbour_heads(s).iter().flatten() {
                self.liberties[n] += 1;
            }
            s = self.next[s];
            if s == h {
                break;
            }
        }
    }

    pub(super) fn add_empty(&mut self, p: Point) {
        self.empty[self.empty_len] = p;
        self.empty_index[p] = self.empty_len as u16;
        self.empty_len += 1;
    }

    pub(super) fn remove_empty(&mut self, p: Point) {
        let i = self.empty_index[p] as usize;
        self.empty_len -= 1;
        let last = self.empty[self.empty_len];
        self.empty[i] = last;
        self.empty_index[last] = i as u16;
    }
}
