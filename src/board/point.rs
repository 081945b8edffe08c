//! Points: indices into the padded board array, as a type of their own so that no other
//! integer passes for one. A `PointMap` holds one value per cell of the largest board and is
//! indexed by points.

use std::ops::{Add, Index, IndexMut, Sub};

use super::MAX_CELLS;

/// A cell of the padded board array: an on-board point or a border cell (see `Board`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u16);

impl Point {
    /// The cell at `index` of the padded array; `index` must be below `MAX_CELLS`.
    pub const fn new(index: usize) -> Point {
        assert!(index < MAX_CELLS);
        Point(index as u16)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The cell `offset` places further along the padded array (a row further is a stride).
impl Add<usize> for Point {
    type Output = Point;

    // Called for every neighbour in the playouts: checked in debug builds only (a cell past
    // the array still fails at the first lookup in a `PointMap`).
    fn add(self, offset: usize) -> Point {
        debug_assert!(self.index() + offset < MAX_CELLS);
        Point((self.index() + offset) as u16)
    }
}

impl Sub<usize> for Point {
    type Output = Point;

    fn sub(self, offset: usize) -> Point {
        Point((self.index() - offset) as u16)
    }
}

/// One value per cell of the largest padded board.
#[derive(Clone, Debug, PartialEq)]
pub struct PointMap<T>([T; MAX_CELLS]);

impl<T: Copy> PointMap<T> {
    pub fn filled(value: T) -> PointMap<T> {
        PointMap([value; MAX_CELLS])
    }

    pub fn swap(&mut self, a: Point, b: Point) {
        self.0.swap(a.index(), b.index());
    }
}

impl<T> Index<Point> for PointMap<T> {
    type Output = T;

    fn index(&self, p: Point) -> &T {
        &self.0[p.index()]
    }
}

impl<T> IndexMut<Point> for PointMap<T> {
    fn index_mut(&mut self, p: Point) -> &mut T {
        &mut self.0[p.index()]
    }
}

/// The index, for messages of the board's self-check (people see vertex names instead).
impl std::fmt::Display for Point {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "cell {}", self.0)
    }
}
