//! The score of each root move: how the area counts of the playouts through it fell out, kept
//! as a histogram so that the analysis can show their mean, spread and median. The median is
//! the lead: the komi that would make the move's games even. It is also steadier than the
//! mean where a few playouts throw away a living group, as they do at the end of a game.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

/// What the playouts through a move counted: the margins of one side, in points, the game's
/// komi paid.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Score {
    /// Playouts counted (those of this search).
    pub games: u32,
    pub mean: f64,
    pub stdev: f64,
    /// The middle margin: half the games ended at it or below, half at it or above.
    pub median: f64,
    /// The share of the games won at this komi, a tie counted as half a win.
    pub wins: f64,
}

impl Score {
    /// The same score from the other side's view.
    pub fn reversed(self) -> Score {
        Score {
            mean: -self.mean,
            median: -self.median,
            wins: 1.0 - self.wins,
            ..self
        }
    }
}

/// The histograms of Black's area less White's, one per root move, shared by the threads.
pub(super) struct RootScores {
    /// A row of `2 * points + 1` counts for each root move, made at its first playout: column
    /// `points + d` for the playouts that ended with Black's area `d` points ahead. A search
    /// of a few playouts makes a few rows, not one for every point of the board.
    rows: Vec<OnceLock<Box<[AtomicU32]>>>,
    points: usize,
}

impl RootScores {
    /// Room for `moves` root moves on a board of `points` points. An area difference is a
    /// whole number of points between `-points` and `points`, so the histograms are exact.
    pub(super) fn new(moves: usize, points: usize) -> RootScores {
        RootScores {
            rows: (0..moves).map(|_| OnceLock::new()).collect(),
            points,
        }
    }

    fn row(&self, child: usize) -> Option<&[AtomicU32]> {
        self.rows.get(child)?.get().map(|row| &row[..])
    }

    /// Counts a playout through the root's `child`-th move that ended with Black's area
    /// `difference` points ahead of White's.
    pub(super) fn add(&self, child: usize, difference: i32) {
        let column = (self.points as i64 + i64::from(difference)) as usize;
        let Some(cell) = self.rows.get(child) else {
            return;
        };
        let width = 2 * self.points + 1;
        let row = cell.get_or_init(|| (0..width).map(|_| AtomicU32::new(0)).collect());
        if let Some(count) = row.get(column) {
            count.fetch_add(1, Relaxed);
        }
    }

    /// Black's score through the root's `child`-th move with `komi` paid by Black; `None`
    /// before any playout through it.
    pub(super) fn score(&self, child: usize, komi: f64) -> Option<Score> {
        let counts: Vec<u64> = (self.row(child)?.iter())
            .map(|c| u64::from(c.load(Relaxed)))
            .collect();
        self.summary(&counts, komi)
    }

    /// Black's score over the playouts through every root move.
    pub(super) fn total(&self, komi: f64) -> Option<Score> {
        let mut counts = vec![0u64; 2 * self.points + 1];
        for row in self.rows.iter().filter_map(OnceLock::get) {
            for (total, count) in counts.iter_mut().zip(row.iter()) {
                *total += u64::from(count.load(Relaxed));
            }
        }
        self.summary(&counts, komi)
    }

    fn summary(&self, counts: &[u64], komi: f64) -> Option<Score> {
        let games: u64 = counts.iter().sum();
        if games == 0 {
            return None;
        }
        let margin = |column: f64| column - self.points as f64 - komi;
        let (mut sum, mut squares, mut wins) = (0.0, 0.0, 0.0);
        for (column, &n) in counts.iter().enumerate() {
            let m = margin(column as f64);
            sum += n as f64 * m;
            squares += n as f64 * m * m;
            wins += n as f64 * result(m);
        }
        let mean = sum / games as f64;
        Some(Score {
            games: games as u32,
            mean,
            stdev: (squares / games as f64 - mean * mean).max(0.0).sqrt(),
            median: median(counts, games).map_or(mean, margin),
            wins: wins / games as f64,
        })
    }
}

/// A game's result for the side whose margin it is: 1 for a win, 0 for a loss, half for a
/// tie.
fn result(margin: f64) -> f64 {
    match margin.partial_cmp(&0.0) {
        Some(std::cmp::Ordering::Greater) => 1.0,
        Some(std::cmp::Ordering::Equal) => 0.5,
        _ => 0.0,
    }
}

/// The middle of the histogram, as a column: the lower and the upper middle game averaged when
/// the count is even.
fn median(counts: &[u64], games: u64) -> Option<f64> {
    let at = |rank: u64| {
        let mut seen = 0;
        counts.iter().position(|&n| {
            seen += n;
            seen > rank
        })
    };
    let (low, high) = (at((games - 1) / 2)?, at(games / 2)?);
    Some((low + high) as f64 / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_score_is_read_from_the_counts() {
        let scores = RootScores::new(2, 9);
        assert_eq!(scores.score(0, 7.5), None);
        for difference in [9, 9, 9, -9, 1] {
            scores.add(0, difference);
        }
        let score = scores.score(0, 7.5).unwrap();
        assert_eq!(score.games, 5);
        // Margins 1.5, 1.5, 1.5, -16.5 and -6.5: a mean of -3.7, the middle one 1.5.
        assert!((score.mean + 3.7).abs() < 1e-9, "{score:?}");
        assert_eq!(score.median, 1.5);
        let variance = (3.0 * 5.2f64.powi(2) + 12.8f64.powi(2) + 2.8f64.powi(2)) / 5.0;
        assert!((score.stdev - variance.sqrt()).abs() < 1e-9, "{score:?}");
        assert_eq!(score.wins, 0.6, "three of five won");
        assert_eq!(score.reversed().wins, 0.4);
        // At komi 9 the three games of 9 points are ties, half a win each.
        assert_eq!(scores.score(0, 9.0).unwrap().wins, 0.3);
        // An even count takes the two middle games' average; the other move is its own.
        scores.add(0, 3);
        assert_eq!(scores.score(0, 7.5).unwrap().median, (1.5 - 4.5) / 2.0);
        scores.add(1, -9);
        assert_eq!(scores.score(1, 0.0).unwrap().median, -9.0);
        assert_eq!(scores.total(7.5).unwrap().games, 7);
        assert_eq!(scores.score(1, 0.0).unwrap().reversed().median, 9.0);
        // Nothing outside the board's counts or the moves is counted.
        scores.add(1, 10);
        scores.add(2, 0);
        assert_eq!(scores.score(1, 0.0).unwrap().games, 1);
    }
}
