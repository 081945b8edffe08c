//! Large shapes (spatial patterns): the stones around a move out to a gridcular distance
//! `|dx| + |dy| + max(|dx|, |dy|)` of 4 to 10, as strong players' games show them. A shape is
//! known by a hash that is the same for every rotation and reflection, with the mover's stones
//! as "own" (so the same for both colours). The move model rates a move by the largest known
//! shape around it (Pachi's and Coulom's large patterns, written afresh here): a dictionary
//! lists the shapes seen often enough in the games, each with its learned strength.

use std::sync::OnceLock;

use super::factors::{self, Factors};
use super::pattern::transform;
use super::weight_file::{self, Error};
use crate::board::{Board, Cell, Color, Point};

/// Gridcular sizes of the shapes; size 3 (the 3×3 neighbourhood) is the `shape` feature.
pub const SMALLEST: usize = 4;
pub const LARGEST: usize = 10;
/// Offsets reach ±5 on each axis.
const REACH: i32 = 5;
const SIDE: usize = 2 * REACH as usize + 1;

/// A point of a shape: its offset from the move, the size of the ring it is on, and whether
/// it is the last point of that ring.
#[derive(Clone, Copy)]
struct Offset {
    dx: i32,
    dy: i32,
    size: usize,
    closes_ring: bool,
}

/// The offsets of each size's ring, in order of size.
fn rings() -> &'static [Offset] {
    static RINGS: OnceLock<Vec<Offset>> = OnceLock::new();
    RINGS.get_or_init(|| {
        let mut offsets: Vec<Offset> = (-REACH..=REACH)
            .flat_map(|dx| (-REACH..=REACH).map(move |dy| (dx, dy)))
            .map(|(dx, dy)| {
                let (x, y) = (dx.unsigned_abs() as usize, dy.unsigned_abs() as usize);
                let size = x + y + x.max(y);
                Offset {
                    dx,
                    dy,
                    size,
                    closes_ring: false,
                }
            })
            .filter(|o| (2..=LARGEST).contains(&o.size))
            .collect();
        offsets.sort_by_key(|o| (o.size, o.dx, o.dy));
        for i in 0..offsets.len() {
            offsets[i].closes_ring = offsets
                .get(i + 1)
                .is_none_or(|next| next.size != offsets[i].size);
        }
        offsets
    })
}

fn offset_index((dx, dy): (i32, i32)) -> usize {
    (dx + REACH) as usize * SIDE + (dy + REACH) as usize
}

/// Random keys for each offset and content (empty, own, enemy, off the board), and for each
/// size, from a fixed seed so that hashes are the same in every build.
struct Keys {
    /// For each offset of `rings()` and each content, the key of that content at the offset
    /// under each of the eight symmetries: a move's eight hashes take one pass.
    rings: Vec<[[u64; 8]; 4]>,
    sizes: [u64; LARGEST + 1],
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
        let points: Vec<[u64; 4]> = (0..SIDE * SIDE)
            .map(|_| [(); 4].map(|_| splitmix(&mut state)))
            .collect();
        let sizes = [(); LARGEST + 1].map(|_| splitmix(&mut state));
        let rings = rings()
            .iter()
            .map(|o| {
                std::array::from_fn(|what| {
                    std::array::from_fn(|s| points[offset_index(transform(s, (o.dx, o.dy)))][what])
                })
            })
            .collect();
        Keys { rings, sizes }
    })
}

/// The board as the mover sees it, with a margin of off-board points wide enough for the
/// largest shape: one copy a position, read by the shapes of all its candidate moves.
pub struct Window {
    /// 0 empty, 1 own stone, 2 enemy stone, 3 off the board.
    contents: [u8; WINDOW_SIDE * WINDOW_SIDE],
    side: usize,
}

const WINDOW_SIDE: usize = crate::board::MAX_SIZE + 2 * REACH as usize;

impl Window {
    pub fn new(board: &Board, color: Color) -> Window {
        let side = board.size() + 2 * REACH as usize;
        let mut window = Window {
            contents: [3; WINDOW_SIDE * WINDOW_SIDE],
            side,
        };
        for p in board.points() {
            let (col, row) = board.coords(p);
            window.contents[(row + REACH as usize) * side + col + REACH as usize] =
                match board.cell(p) {
                    Cell::Empty => 0,
                    Cell::Stone(c) if c == color => 1,
                    Cell::Stone(_) => 2,
                    Cell::Border => 3,
                };
        }
        window
    }
}

/// The shapes around the move at `p` (on the board of `window`), smallest first: calls
/// `each(size, hash)` for sizes 4 to 10 until it answers false.
pub fn shapes(board: &Board, window: &Window, p: Point, mut each: impl FnMut(usize, u64) -> bool) {
    let keys = keys();
    let (col, row) = board.coords(p);
    let side = window.side as isize;
    let centre = ((row + REACH as usize) * window.side + col + REACH as usize) as isize;
    let mut hashes = [0u64; 8];
    for (o, ring_keys) in rings().iter().zip(&keys.rings) {
        let at = centre + o.dy as isize * side + o.dx as isize;
        let what = &ring_keys[usize::from(window.contents[at as usize] & 3)];
        for (hash, key) in hashes.iter_mut().zip(what) {
            *hash ^= key;
        }
        if o.closes_ring && o.size >= SMALLEST {
            let canonical = hashes.iter().min().expect("eight symmetries") ^ keys.sizes[o.size];
            if !each(o.size, canonical) {
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
    /// The factors of the shapes that have them (`weights`), by index; index 0 and the
    /// shapes beyond have none.
    factors: Vec<Factors>,
}

fn built_in_shapes() -> &'static BuiltIn {
    static SHAPES: OnceLock<BuiltIn> = OnceLock::new();
    SHAPES.get_or_init(|| {
        let shapes = parse(BUILT_IN).expect("the built-in shapes read (a test checks)");
        BuiltIn {
            dictionary: Dictionary::new(&shapes.hashes),
            gammas: std::iter::once(1.0).chain(shapes.gammas).collect(),
            factors: std::iter::once(factors::NONE)
                .chain(shapes.factors)
                .collect(),
        }
    })
}

/// The entries of a shapes file, in order: the factors only as far as every entry has them.
#[derive(Default)]
struct Lines {
    hashes: Vec<u64>,
    gammas: Vec<f32>,
    factors: Vec<Factors>,
}

/// Reads the `hash gamma [factors]` entries of a shapes file (`weight_file`), the hash in
/// hexadecimal. The most frequent shapes have factors, the rest none.
fn parse(text: &str) -> Result<Lines, Error> {
    let mut lines = Lines::default();
    weight_file::read(text, |entry| {
        let word = entry.word(0, "hash")?;
        let hash = u64::from_str_radix(word, 16)
            .map_err(|_| entry.error(format!("{word:?} is no hexadecimal hash")))?;
        let gamma = entry.strength(1)?;
        match factors::read(entry, 2)? {
            Some(f) if lines.factors.len() == lines.hashes.len() => lines.factors.push(f),
            Some(_) => return Err(entry.error("factors after shapes without them")),
            None => {}
        }
        lines.hashes.push(hash);
        lines.gammas.push(gamma);
        Ok(())
    })?;
    Ok(lines)
}

/// The dictionary built into the program.
pub fn built_in() -> &'static Dictionary {
    &built_in_shapes().dictionary
}

/// The strength of the built-in shape `index` (1 for none).
pub fn strength(index: u32) -> f32 {
    built_in_shapes()
        .gammas
        .get(index as usize)
        .copied()
        .unwrap_or(1.0)
}

/// The factors of the built-in shape `index` (none, zeros, for most).
pub fn factors(index: u32) -> &'static Factors {
    built_in_shapes()
        .factors
        .get(index as usize)
        .unwrap_or(&factors::NONE)
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

    /// The index of the largest known shape around the move at `p` (0: none). Every shape's
    /// smaller rings were seen at least as often, so the search stops at the first unknown.
    pub fn largest(&self, board: &Board, window: &Window, p: Point) -> u32 {
        let mut found = 0;
        shapes(board, window, p, |_, hash| match self.index(hash) {
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
        shapes(board, &Window::new(board, color), p, |d, h| {
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
        assert_eq!(
            all_shapes(&mirrored, Color::White, at(&mirrored, "F3")),
            one
        );
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
        let window = Window::new(&board, Color::Black);
        let three = Dictionary::new(&hashes[..3]);
        assert_eq!(three.len(), 3);
        assert_eq!(three.largest(&board, &window, p), 3);
        assert_eq!(three.index(hashes[3]), None);
        // A dictionary missing a small ring stops there.
        let gap = Dictionary::new(&[hashes[0], hashes[2]]);
        assert_eq!(gap.largest(&board, &window, p), 1);
        assert_eq!(Dictionary::new(&[]).largest(&board, &window, p), 0);
    }

    #[test]
    fn shape_lines_are_read_with_or_without_factors() {
        let text = "# comment\n\
                    entries 2\n\
                    ab 2.5 0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8\n\
                    cd 0.5\n";
        let shapes = parse(text).unwrap();
        assert_eq!(shapes.hashes, [0xab, 0xcd]);
        assert_eq!(shapes.gammas, [2.5, 0.5]);
        assert_eq!(shapes.factors.len(), 1);
        assert_eq!(shapes.factors[0][7], 0.8);
        let error = |entry: &str| {
            parse(&format!("{text}{entry}\n"))
                .err()
                .unwrap()
                .to_string()
        };
        assert_eq!(error("zz 1.0"), "line 5: \"zz\" is no hexadecimal hash");
        assert_eq!(error("12 -1"), "line 5: strength -1 is not above zero");
        assert_eq!(
            error("ef 1.5 0.1 0.2"),
            "line 5: 2 factors where 8 or none belong"
        );
        assert_eq!(
            error("ef 1 1 2 3 4 5 6 7 8"),
            "line 5: factors after shapes without them"
        );
        // The built-in shapes: the most frequent have factors, index 0 (no shape) none.
        assert_eq!(factors(0), &factors::NONE);
        assert!(factors(1).iter().any(|&x| x != 0.0));
        assert_eq!(factors(u32::MAX), &factors::NONE);
    }
}
