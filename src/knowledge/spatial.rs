//! Large shapes (spatial patterns): the stones around a move out to a gridcular distance
//! `|dx| + |dy| + max(|dx|, |dy|)` of 4 to 10, as strong players' games show them. A shape is
//! known by a hash that is the same for every rotation and reflection, with the mover's stones
//! as "own" (so the same for both colours). The move model rates a move by the largest known
//! shape around it (Pachi's and Coulom's large patterns, written afresh here): a dictionary
//! lists the shapes seen often enough in the games, each with its learned strength.

use std::sync::OnceLock;

use super::pattern::transform;
use crate::board::{Board, Cell, Color, Point};

/// Gridcular sizes of the shapes; size 3 (the 3×3 neighbourhood) is the `shape` feature.
pub const SMALLEST: usize = 4;
pub const LARGEST: usize = 10;
/// Offsets reach ±5 on each axis.
const REACH: i32 = 5;
const SIDE: usize = 2 * REACH as usize + 1;

/// The offsets of each size's ring, in order of size: (dx, dy, size).
fn rings() -> &'static [(i32, i32, usize)] {
    static RINGS: OnceLock<Vec<(i32, i32, usize)>> = OnceLock::new();
    RINGS.get_or_init(|| {
        let mut offsets: Vec<(i32, i32, usize)> = (-REACH..=REACH)
            .flat_map(|dx| (-REACH..=REACH).map(move |dy| (dx, dy)))
            .map(|(dx, dy)| {
                let (x, y) = (dx.unsigned_abs() as usize, dy.unsigned_abs() as usize);
                (dx, dy, x + y + x.max(y))
            })
            .filter(|&(_, _, d)| (2..=LARGEST).contains(&d))
            .collect();
        offsets.sort_by_key(|&(dx, dy, d)| (d, dx, dy));
        offsets
    })
}

fn offset_index((dx, dy): (i32, i32)) -> usize {
    (dx + REACH) as usize * SIDE + (dy + REACH) as usize
}

/// Random keys for each offset and content (empty, own, enemy, off the board), and for each
/// size, from a fixed seed so that hashes are the same in every build.
struct Keys {
    points: Vec<[u64; 4]>,
    sizes: [u64; LARGEST + 1],
    /// For each symmetry, the key index of every offset of `rings()` after the symmetry.
    moved: [Vec<usize>; 8],
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut state = 0x7465_6e67_656e_u64;
        let points = (0..SIDE * SIDE)
            .map(|_| [(); 4].map(|_| splitmix(&mut state)))
            .collect();
        let sizes = [(); LARGEST + 1].map(|_| splitmix(&mut state));
        let moved = std::array::from_fn(|symmetry| {
            rings()
                .iter()
                .map(|&(dx, dy, _)| offset_index(transform(symmetry, (dx, dy))))
                .collect()
        });
        Keys {
            points,
            sizes,
            moved,
        }
    })
}

/// The content of the point at offset (dx, dy) from `(col, row)` for `color` to move:
/// 0 empty, 1 own stone, 2 enemy stone, 3 off the board.
fn content(board: &Board, color: Color, (col, row): (usize, usize), dx: i32, dy: i32) -> usize {
    let (c, r) = (col as i32 + dx, row as i32 + dy);
    let size = board.size() as i32;
    if c < 0 || r < 0 || c >= size || r >= size {
        return 3;
    }
    match board.cell(board.point(c as usize, r as usize)) {
        Cell::Empty => 0,
        Cell::Stone(c) if c == color => 1,
        Cell::Stone(_) => 2,
        Cell::Border => 3,
    }
}

/// The shapes around `color`'s move at `p`, smallest first: calls `each(size, hash)` for
/// sizes 4 to 10 until it answers false.
pub fn shapes(board: &Board, color: Color, p: Point, mut each: impl FnMut(usize, u64) -> bool) {
    let keys = keys();
    let at = board.coords(p);
    let mut hashes = [0u64; 8];
    let rings = rings();
    for (i, &(dx, dy, d)) in rings.iter().enumerate() {
        let what = content(board, color, at, dx, dy);
        for (s, hash) in hashes.iter_mut().enumerate() {
            *hash ^= keys.points[keys.moved[s][i]][what];
        }
        let ring_ends = rings.get(i + 1).is_none_or(|&(_, _, next)| next != d);
        if ring_ends && d >= SMALLEST {
            let canonical = hashes.iter().min().expect("eight symmetries") ^ keys.sizes[d];
            if !each(d, canonical) {
                return;
            }
        }
    }
}

const BUILT_IN: &str = include_str!("spatial.txt");

/// The built-in dictionary (`spatial.txt`, fitted with the move model by
/// `examples/train_patterns.rs`) and each shape's strength, by index.
struct BuiltIn {
    dictionary: Dictionary,
    gammas: Vec<f32>,
}

fn built_in_shapes() -> &'static BuiltIn {
    static SHAPES: OnceLock<BuiltIn> = OnceLock::new();
    SHAPES.get_or_init(|| {
        let (hashes, gammas) = parse(BUILT_IN);
        BuiltIn {
            dictionary: Dictionary::new(&hashes),
            gammas: std::iter::once(1.0).chain(gammas).collect(),
        }
    })
}

/// Reads `hash gamma` lines (hash in hexadecimal); comments and malformed lines are skipped.
fn parse(text: &str) -> (Vec<u64>, Vec<f32>) {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|line| {
            let (hash, gamma) = line.split_once(' ')?;
            let hash = u64::from_str_radix(hash, 16).ok()?;
            let gamma = gamma.trim().parse::<f32>().ok()?;
            (gamma.is_finite() && gamma > 0.0).then_some((hash, gamma))
        })
        .unzip()
}

/// The dictionary built into the program.
pub fn built_in() -> &'static Dictionary {
    &built_in_shapes().dictionary
}

/// The strength of the built-in shape `index` (1 for none).
pub fn strength(index: u16) -> f32 {
    built_in_shapes()
        .gammas
        .get(usize::from(index))
        .copied()
        .unwrap_or(1.0)
}

/// Known shapes: hash → index (from 1), in an open-addressing table.
pub struct Dictionary {
    slots: Vec<(u64, u32)>,
    mask: usize,
    len: usize,
}

impl Dictionary {
    pub fn new(hashes: &[u64]) -> Dictionary {
        let capacity = (2 * hashes.len()).next_power_of_two().max(16);
        let mut dictionary = Dictionary {
            slots: vec![(0, 0); capacity],
            mask: capacity - 1,
            len: 0,
        };
        for &hash in hashes {
            dictionary.insert(hash);
        }
        dictionary
    }

    fn insert(&mut self, hash: u64) {
        let mut i = hash as usize & self.mask;
        while self.slots[i].1 != 0 {
            if self.slots[i].0 == hash {
                return;
            }
            i = (i + 1) & self.mask;
        }
        self.len += 1;
        self.slots[i] = (hash, self.len as u32);
    }

    pub fn index(&self, hash: u64) -> Option<u32> {
        let mut i = hash as usize & self.mask;
        loop {
            match self.slots[i] {
                (_, 0) => return None,
                (h, index) if h == hash => return Some(index),
                _ => i = (i + 1) & self.mask,
            }
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The index of the largest known shape around the move (0: none). Every shape's
    /// smaller rings were seen at least as often, so the search stops at the first unknown.
    pub fn largest(&self, board: &Board, color: Color, p: Point) -> u32 {
        let mut found = 0;
        shapes(board, color, p, |_, hash| match self.index(hash) {
            Some(index) => {
                found = index;
                true
            }
            None => false,
        });
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_shapes(board: &Board, color: Color, p: Point) -> Vec<(usize, u64)> {
        let mut out = Vec::new();
        shapes(board, color, p, |d, h| {
            out.push((d, h));
            true
        });
        out
    }

    #[test]
    fn a_shape_is_the_same_turned_mirrored_and_for_either_colour() {
        let mut board = Board::new(19);
        let at = |b: &Board, n: &str| b.point_named(n).unwrap();
        board.play(Color::Black, at(&board, "D4")).unwrap();
        board.play(Color::White, at(&board, "F3")).unwrap();
        let one = all_shapes(&board, Color::Black, at(&board, "C6"));
        assert_eq!(one.len(), LARGEST - SMALLEST + 1);
        // The same corner reflected along the diagonal, and with the colours swapped.
        let mut mirrored = Board::new(19);
        mirrored.play(Color::White, at(&mirrored, "D4")).unwrap();
        mirrored.play(Color::Black, at(&mirrored, "C6")).unwrap();
        assert_eq!(all_shapes(&mirrored, Color::White, at(&mirrored, "F3")), one);
        // Rotated to another corner: Q16 for D4.
        let mut turned = Board::new(19);
        turned.play(Color::Black, at(&turned, "Q16")).unwrap();
        turned.play(Color::White, at(&turned, "O17")).unwrap();
        assert_eq!(all_shapes(&turned, Color::Black, at(&turned, "R14")), one);
        // Another shape differs at some size.
        assert_ne!(all_shapes(&board, Color::Black, at(&board, "C5")), one);
        assert_ne!(all_shapes(&board, Color::White, at(&board, "C6")), one);
    }

    #[test]
    fn the_largest_known_shape_is_found() {
        let board = Board::new(9);
        let p = board.point_named("C3").unwrap();
        let hashes: Vec<u64> = all_shapes(&board, Color::Black, p)
            .into_iter()
            .map(|(_, h)| h)
            .collect();
        let three = Dictionary::new(&hashes[..3]);
        assert_eq!(three.len(), 3);
        assert_eq!(three.largest(&board, Color::Black, p), 3);
        assert_eq!(three.index(hashes[3]), None);
        // A dictionary missing a small ring stops there.
        let gap = Dictionary::new(&[hashes[0], hashes[2]]);
        assert_eq!(gap.largest(&board, Color::Black, p), 1);
        assert_eq!(Dictionary::new(&[]).largest(&board, Color::Black, p), 0);
    }
}
