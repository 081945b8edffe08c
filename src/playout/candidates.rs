//! The candidate moves of one playout rule, in a fixed-size array: choosing a move
//! allocates nothing.

use rand::RngExt;
use rand::rngs::SmallRng;

use crate::board::Point;

/// Candidate moves of one rule, without duplicates.
pub struct Candidates {
    pub(super) points: [Point; 32],
    pub(super) len: usize,
}

impl Candidates {
    pub fn new() -> Candidates {
        Candidates {
            points: [Point::default(); 32],
            len: 0,
        }
    }

    pub fn add(&mut self, p: Point) {
        if self.len < self.points.len() && !self.points[..self.len].contains(&p) {
            self.points[self.len] = p;
            self.len += 1;
        }
    }

    pub fn pick(&self, rng: &mut SmallRng) -> Option<Point> {
        (self.len > 0).then(|| self.points[rng.random_range(0..self.len)])
    }

    /// A candidate chosen in proportion to `weight`.
    pub fn pick_weighted(
        &self,
        rng: &mut SmallRng,
        weight: impl Fn(Point) -> f32,
    ) -> Option<Point> {
        let points = &self.points[..self.len];
        let total: f32 = points.iter().map(|&p| weight(p)).sum();
        let mut left = rng.random_range(0.0..total.max(f32::MIN_POSITIVE));
        for &p in points {
            left -= weight(p);
            if left < 0.0 {
                return Some(p);
            }
        }
        points.last().copied()
    }
}
