//! Tactical questions about a point, answered without playing: is it an eye, a
//! self-atari, a nakade sacrifice; how many liberties would a move have; what is a string's
//! last liberty.

use super::*;

impl Board {
    /// Whether `p` is an eye of `color`: all neighbours are its stones (or the edge) and the
    /// diagonals do not make it false (at most one enemy diagonal in the middle, none on the edge).
    pub fn is_eye(&self, color: Color, p: Point) -> bool {
        if !self.is_eyelike(color, p) {
            return false;
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

    /// Whether the empty point `p` has only `color`'s stones (or the edge) next to it: an eye
    /// unless its diagonals make it false.
    #[inline]
    pub fn is_eyelike(&self, color: Color, p: Point) -> bool {
        self.cells[p] == Cell::Empty
            && self.neighbours(p).into_iter().all(|n| {
                matches!(self.cells[n], Cell::Border) || self.cells[n] == Cell::Stone(color)
            })
    }

    /// Whether a legal stone of `color` at `p` would stand alone in atari and gain nothing by
    /// it: it touches no own stone, takes nothing, ataris no enemy string, and its one liberty
    /// is open to more than the enemy (so `p` spoils no eye space: a throw-in or a stone in a
    /// two-point eye is not counted). The enemy takes such a stone for free.
    pub fn is_idle_sacrifice(&self, color: Color, p: Point) -> bool {
        let enemy = Cell::Stone(color.opponent());
        let mut liberty = None;
        for n in self.neighbours(p) {
            match self.cells[n] {
                Cell::Empty if liberty.is_some() => return false,
                Cell::Empty => liberty = Some(n),
                Cell::Stone(c) if c == color => return false,
                Cell::Stone(_) if self.string_liberties(n) <= 2 => return false,
                _ => {}
            }
        }
        liberty.is_some_and(|l| {
            self.neighbours(l)
                .into_iter()
                .any(|q| q != p && self.cells[q] != enemy && self.cells[q] != Cell::Border)
        })
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
        let own = |n: &Point| self.cells[*n] == Cell::Stone(color);
        // A string joined loses only the liberty at `p`: one with more than `limit` settles
        // the count without a walk over its stones.
        if (self.neighbours(p).into_iter().filter(own)).any(|n| self.string_liberties(n) > limit) {
            return Some(limit);
        }
        for n in self.neighbours(p).into_iter().filter(own) {
            for s in self.string_stones(n) {
                if self.neighbours(s).into_iter().any(&mut note) {
                    return Some(limit);
                }
            }
        }
        Some(count)
    }

    /// How many stones `color` would take by playing at `p`: those of the enemy strings in
    /// atari next to it.
    pub fn stones_taken(&self, color: Color, p: Point) -> usize {
        self.stones_in_atari_next_to(p, color.opponent())
    }

    /// How many of `color`'s stones in atari a stone at `p` would save: those of its strings
    /// next to `p`, if the move leaves them two liberties or more (or captures).
    pub fn stones_saved(&self, color: Color, p: Point) -> usize {
        let stones = self.stones_in_atari_next_to(p, color);
        let escapes = stones > 0 && self.liberties_after(color, p, 2).is_none_or(|l| l >= 2);
        if escapes { stones } else { 0 }
    }

    /// The stones of `owner`'s strings in atari next to `p`, each string counted once.
    fn stones_in_atari_next_to(&self, p: Point, owner: Color) -> usize {
        let mut heads = [p; 4];
        let mut count = 0;
        let mut stones = 0;
        for n in self.neighbours(p) {
            if self.cells[n] == Cell::Stone(owner) && self.string_liberties(n) == 1 {
                let head = self.string_head(n);
                if !heads[..count].contains(&head) {
                    heads[count] = head;
                    count += 1;
                    stones += self.string_size(n);
                }
            }
        }
        stones
    }

    /// Whether a self-atari of `color` at `p` is a nakade sacrifice: the string it makes has
    /// at most three stones, its last liberty touches only that string, enemy stones and the
    /// edge, and no enemy string around it has an eye elsewhere. Capturing it then leaves the
    /// enemy an enclosed eye space of those points, which a stone on its vital point may kill
    /// (how a group with a big eye is killed). An enemy with another eye lives anyway, and the
    /// sacrifice only gives up a seki.
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
            }) && !self.enemy_has_another_eye(color.opponent(), string, [p, l])
        })
    }

    /// Whether a string of `enemy` touching `string` has an eye other than the points `not`.
    fn enemy_has_another_eye(&self, enemy: Color, string: &[Point], not: [Point; 2]) -> bool {
        let mut seen = [Point::default(); 12];
        let mut count = 0;
        for n in string.iter().flat_map(|&s| self.neighbours(s)) {
            if self.cells[n] != Cell::Stone(enemy) {
                continue;
            }
            let head = self.string_head(n);
            if seen[..count].contains(&head) {
                continue;
            }
            seen[count] = head;
            count += 1;
            let has_eye = self
                .string_stones(n)
                .flat_map(|s| self.neighbours(s))
                .any(|q| !not.contains(&q) && self.is_eye(enemy, q));
            if has_eye {
                return true;
            }
        }
        false
    }

    /// The single liberty of the string through the stone at `p`, if it has exactly one.
    pub fn atari_liberty(&self, p: Point) -> Option<Point> {
        if self.stone(p).is_none() || self.string_liberties(p) != 1 {
            return None;
        }
        self.string_stones(p)
            .flat_map(|s| self.neighbours(s))
            .find(|&q| self.is_empty_point(q))
    }

    /// The two liberties of the string through the stone at `p`, if it has exactly two.
    pub fn two_liberties(&self, p: Point) -> Option<[Point; 2]> {
        if self.stone(p).is_none() || self.string_liberties(p) != 2 {
            return None;
        }
        let mut found = [p; 2];
        let mut count = 0;
        for q in self.string_stones(p).flat_map(|s| self.neighbours(s)) {
            if self.is_empty_point(q) && !found[..count].contains(&q) {
                found[count] = q;
                count += 1;
                if count == 2 {
                    return Some(found);
                }
            }
        }
        None
    }
}
