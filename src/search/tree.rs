//! The search tree, shared by all threads: nodes live in chunks of a fixed-size arena, children
//! of a node are contiguous, and every statistic is an atomic so that threads update them
//! without locks. A node is published to other threads only once its children are written.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, AtomicU16, AtomicU32, AtomicUsize, Ordering::*};

use crate::board::{Move, Point};

/// Point 0 is always off the board, so it stands for a pass in a node.
const PASS: u16 = 0;
const CHUNK: usize = 1 << 16;

const LEAF: u8 = 0;
const EXPANDING: u8 = 1;
const EXPANDED: u8 = 2;
/// A leaf that could not be expanded because the tree is full.
const FULL: u8 = 3;

/// One move of the tree and what the search learned about it, from the point of view of the
/// player who made the move. Wins are counted in half points (a win is 2, a jigo 1).
#[derive(Default)]
pub struct Node {
    point: AtomicU16,
    visits: AtomicU32,
    wins: AtomicU32,
    amaf_visits: AtomicU32,
    amaf_wins: AtomicU32,
    virtual_loss: AtomicU32,
    first_child: AtomicU32,
    children: AtomicU16,
    /// Virtual games of the prior, part of `visits`, and their wins in half points, part of
    /// `wins`.
    prior: AtomicU16,
    prior_wins: AtomicU16,
    /// The value network's chance that Black wins from the node's position, in steps of
    /// 1 / `VALUE_STEPS` above 0, which stands for no evaluation.
    value: AtomicU16,
    state: AtomicU8,
}

const VALUE_STEPS: f32 = (u16::MAX - 1) as f32;

/// A snapshot of a node's statistics.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stats {
    pub visits: u32,
    pub wins: u32,
    pub amaf_visits: u32,
    pub amaf_wins: u32,
    pub virtual_loss: u32,
}

impl Stats {
    /// The mean result, 0 to 1 (0.5 without visits).
    pub fn winrate(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            self.wins as f64 / (2.0 * self.visits as f64)
        }
    }
}

impl Node {
    pub fn mv(&self) -> Move {
        match self.point.load(Relaxed) {
            PASS => Move::Pass,
            p => Move::Play(Point::new(usize::from(p))),
        }
    }

    pub fn stats(&self) -> Stats {
        Stats {
            visits: self.visits.load(Relaxed),
            wins: self.wins.load(Relaxed),
            amaf_visits: self.amaf_visits.load(Relaxed),
            amaf_wins: self.amaf_wins.load(Relaxed),
            virtual_loss: self.virtual_loss.load(Relaxed),
        }
    }

    /// Sets up a fresh child: its move and its prior, as `visits` virtual games worth `wins`
    /// half points.
    pub fn init(&self, mv: Move, visits: u32, wins: u32) {
        let point = match mv {
            Move::Pass => PASS,
            Move::Play(p) => p.index() as u16,
        };
        self.point.store(point, Relaxed);
        self.visits.store(visits, Relaxed);
        self.wins.store(wins, Relaxed);
        self.prior
            .store(visits.min(u16::MAX as u32) as u16, Relaxed);
        self.prior_wins
            .store(wins.min(u16::MAX as u32) as u16, Relaxed);
        self.amaf_visits.store(0, Relaxed);
        self.amaf_wins.store(0, Relaxed);
        self.virtual_loss.store(0, Relaxed);
        self.value.store(0, Relaxed);
        self.children.store(0, Relaxed);
        self.state.store(LEAF, Relaxed);
    }

    /// Puts a new prior, `visits` virtual games worth `wins` half points, in place of the
    /// one the node has, keeping the games played through it.
    pub fn replace_prior(&self, visits: u32, wins: u32) {
        let (visits, wins) = (visits.min(u16::MAX as u32), wins.min(u16::MAX as u32));
        let old = self.prior.swap(visits as u16, Relaxed) as u32;
        let old_wins = self.prior_wins.swap(wins as u16, Relaxed) as u32;
        self.visits.fetch_add(visits.wrapping_sub(old), Relaxed);
        self.wins.fetch_add(wins.wrapping_sub(old_wins), Relaxed);
    }

    /// Records the value network's chance that Black wins from the node's position.
    pub fn set_value(&self, black_wins: f32) {
        let step = (black_wins.clamp(0.0, 1.0) * VALUE_STEPS).round() as u16;
        self.value.store(step + 1, Relaxed);
    }

    /// The value network's chance that Black wins from the node's position, if it was asked.
    pub fn value(&self) -> Option<f32> {
        match self.value.load(Relaxed) {
            0 => None,
            step => Some(f32::from(step - 1) / VALUE_STEPS),
        }
    }

    /// Games actually played through the node (priors not counted).
    pub fn real_visits(&self) -> u32 {
        self.visits
            .load(Relaxed)
            .saturating_sub(self.prior.load(Relaxed) as u32)
    }

    /// Virtual games of the prior: how much the move was liked before any search.
    pub fn prior_visits(&self) -> u32 {
        self.prior.load(Relaxed) as u32
    }

    /// The prior's wins in half points.
    pub fn prior_wins(&self) -> u32 {
        u32::from(self.prior_wins.load(Relaxed))
    }

    /// Games actually played through the node and their mean result, 0 to 1 (0.5 without
    /// games): what the search found, its prior left out.
    pub fn own_result(&self) -> (u32, f64) {
        let visits = self.real_visits();
        let wins = self.wins.load(Relaxed).saturating_sub(self.prior_wins());
        let rate = if visits == 0 {
            0.5
        } else {
            f64::from(wins) / (2.0 * f64::from(visits))
        };
        (visits, rate)
    }

    pub fn add_result(&self, half_points: u32) {
        self.visits.fetch_add(1, Relaxed);
        self.wins.fetch_add(half_points, Relaxed);
    }

    /// An AMAF result counted `weight` times.
    pub fn add_amaf(&self, half_points: u32, weight: u32) {
        self.amaf_visits.fetch_add(weight, Relaxed);
        self.amaf_wins.fetch_add(half_points * weight, Relaxed);
    }

    pub fn add_virtual_loss(&self) {
        self.virtual_loss.fetch_add(1, Relaxed);
    }

    pub fn remove_virtual_loss(&self) {
        self.virtual_loss.fetch_sub(1, Relaxed);
    }

    /// The children's index range, once the node is expanded.
    pub fn children(&self) -> Option<std::ops::Range<u32>> {
        (self.state.load(Acquire) == EXPANDED).then(|| {
            let first = self.first_child.load(Relaxed);
            first..first + self.children.load(Relaxed) as u32
        })
    }

    /// Claims the right to expand this leaf; false if another thread has it, or it is done.
    pub fn try_begin_expansion(&self) -> bool {
        self.state
            .compare_exchange(LEAF, EXPANDING, Acquire, Relaxed)
            .is_ok()
    }

    /// Publishes the children written at `first..first + count`.
    pub fn finish_expansion(&self, first: u32, count: usize) {
        self.first_child.store(first, Relaxed);
        self.children.store(count as u16, Relaxed);
        self.state.store(EXPANDED, Release);
    }

    /// Copies another node's move and statistics (not its children).
    fn copy_from(&self, other: &Node) {
        for (to, from) in [
            (&self.visits, &other.visits),
            (&self.wins, &other.wins),
            (&self.amaf_visits, &other.amaf_visits),
            (&self.amaf_wins, &other.amaf_wins),
        ] {
            to.store(from.load(Relaxed), Relaxed);
        }
        self.point.store(other.point.load(Relaxed), Relaxed);
        self.prior.store(other.prior.load(Relaxed), Relaxed);
        self.prior_wins
            .store(other.prior_wins.load(Relaxed), Relaxed);
        self.virtual_loss.store(0, Relaxed);
        self.children.store(0, Relaxed);
        self.state.store(LEAF, Relaxed);
    }

    /// Gives up expanding because there is no room: the node stays a leaf for good.
    pub fn mark_full(&self) {
        self.state.store(FULL, Release);
    }
}

/// The node arena.
pub struct Tree {
    chunks: Box<[OnceLock<Box<[Node]>>]>,
    used: AtomicUsize,
    capacity: usize,
}

impl Tree {
    /// A tree of at most `max_bytes` of nodes, with a root for a move `root_move`.
    pub fn new(max_bytes: usize) -> Tree {
        let capacity = (max_bytes / std::mem::size_of::<Node>()).max(CHUNK);
        let chunk_count = capacity.div_ceil(CHUNK);
        let tree = Tree {
            chunks: (0..chunk_count).map(|_| OnceLock::new()).collect(),
            used: AtomicUsize::new(0),
            capacity: chunk_count * CHUNK,
        };
        let root = tree.allocate(1).expect("room for the root");
        tree.node(root).init(Move::Pass, 0, 0);
        tree
    }

    pub const ROOT: u32 = 0;

    pub fn node(&self, index: u32) -> &Node {
        let i = index as usize;
        let chunk = self.chunks[i / CHUNK].get().expect("an allocated chunk");
        &chunk[i % CHUNK]
    }

    /// Reserves `count` consecutive nodes inside one chunk; `None` when the tree is full.
    pub fn allocate(&self, count: usize) -> Option<u32> {
        let mut current = self.used.load(Relaxed);
        let start = loop {
            let mut start = current;
            if start % CHUNK + count > CHUNK {
                start = start.next_multiple_of(CHUNK);
            }
            if start + count > self.capacity {
                return None;
            }
            match self
                .used
                .compare_exchange_weak(current, start + count, Relaxed, Relaxed)
            {
                Ok(_) => break start,
                Err(now) => current = now,
            }
        };
        self.chunks[start / CHUNK].get_or_init(|| (0..CHUNK).map(|_| Node::default()).collect());
        Some(start as u32)
    }

    /// A new tree of at most `max_bytes` whose root is a copy of node `index` of `from`, with
    /// everything below it (as far as it fits): the part of the last search that is still
    /// useful after the moves actually played.
    pub fn subtree(from: &Tree, index: u32, max_bytes: usize) -> Tree {
        let tree = Tree::new(max_bytes);
        tree.node(Tree::ROOT).copy_from(from.node(index));
        let mut stack = vec![(index, Tree::ROOT)];
        while let Some((old, new)) = stack.pop() {
            let Some(range) = from.node(old).children() else {
                continue;
            };
            let Some(first) = tree.allocate(range.len()) else {
                continue;
            };
            for (k, i) in range.clone().enumerate() {
                tree.node(first + k as u32).copy_from(from.node(i));
                stack.push((i, first + k as u32));
            }
            tree.node(new).finish_expansion(first, range.len());
        }
        tree
    }

    /// The child of `index` reached by `mv`, if the node is expanded and has it.
    pub fn child(&self, index: u32, mv: Move) -> Option<u32> {
        self.node(index)
            .children()?
            .find(|&i| self.node(i).mv() == mv)
    }

    /// Nodes handed out so far.
    pub fn nodes(&self) -> usize {
        self.used.load(Relaxed).min(self.capacity)
    }

    pub fn node_bytes() -> usize {
        std::mem::size_of::<Node>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocation_stays_inside_chunks_and_stops_when_full() {
        let tree = Tree::new(2 * CHUNK * Tree::node_bytes());
        let a = tree.allocate(CHUNK - 10).unwrap();
        assert_eq!(a, 1);
        // 11 nodes would cross into the next chunk: they start there instead.
        let b = tree.allocate(11).unwrap() as usize;
        assert_eq!(b, CHUNK);
        assert!(tree.allocate(CHUNK).is_none());
        assert!(tree.allocate(CHUNK - 11).is_some());
        assert!(tree.allocate(1).is_none());
    }

    #[test]
    fn children_are_visible_only_once_published() {
        let tree = Tree::new(1 << 20);
        let root = tree.node(Tree::ROOT);
        assert!(root.children().is_none());
        assert!(root.try_begin_expansion());
        assert!(!root.try_begin_expansion());
        let first = tree.allocate(3).unwrap();
        for i in 0..3 {
            tree.node(first + i)
                .init(Move::Play(Point::new(20 + i as usize)), 10, 10);
        }
        root.finish_expansion(first, 3);
        assert_eq!(root.children(), Some(first..first + 3));
        assert_eq!(tree.node(first + 1).mv(), Move::Play(Point::new(21)));
        assert_eq!(tree.node(first).stats().winrate(), 0.5);
    }
}
