//! The board checks itself: everything kept incrementally is rebuilt from the cells alone
//! and compared (debug builds do this after every checked move).

use super::*;

impl Board {
    /// The stones connected to `p` by flood fill (independent of the linked lists).
    pub(super) fn flood_string(&self, p: Point) -> Vec<Point> {
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
            let p = self.empty[i];
            assert!(self.is_empty_point(p), "empty list holds {p}");
            assert_eq!(self.empty_index[p] as usize, i, "empty index of {p}");
        }
        for p in self.points() {
            if self.stone(p).is_none() {
                continue;
            }
            let h = self.head[p];
            let fh = fresh.head[p];
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
