//! Criticality (Coulom 2009; Pachi folds it into RAVE): how closely owning a point at the end
//! of the playouts goes with winning them. A point both sides must have to win is critical;
//! one that ends up owned the same way whoever wins is not. Here it is counted over all the
//! playouts of a search, the threads together, and with `--tune critical=C` it adds virtual
//! wins to the AMAF statistics of moves on critical points (`blend`), so that the search
//! looks at the fights that decide the game sooner.

use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

use crate::board::{Board, Color, Point};
use crate::playout::final_owner;
use crate::playout::ownership::point_counters;

/// Playouts before the criticality is used: fewer give a noisy covariance.
pub const MIN_GAMES: u32 = 500;

pub struct Criticality {
    /// Playouts in which the winner owned the point, and in which Black did, by point index.
    owned: Vec<[AtomicU32; 2]>,
    games: AtomicU32,
    black_wins: AtomicU32,
}

impl Default for Criticality {
    fn default() -> Criticality {
        Criticality {
            owned: point_counters(),
            games: AtomicU32::new(0),
            black_wins: AtomicU32::new(0),
        }
    }
}

impl Criticality {
    /// Counts a finished playout that `winner` won (a jigo counts for neither point owner).
    pub fn count(&self, board: &Board, winner: Color) {
        for p in board.points() {
            if let Some(owner) = final_owner(board, p) {
                let counts = &self.owned[p.index()];
                if owner == winner {
                    counts[0].fetch_add(1, Relaxed);
                }
                if owner == Color::Black {
                    counts[1].fetch_add(1, Relaxed);
                }
            }
        }
        if winner == Color::Black {
            self.black_wins.fetch_add(1, Relaxed);
        }
        self.games.fetch_add(1, Relaxed);
    }

    /// Twice the covariance of owning `p` and winning, −0.5 to 0.5 (0 before `MIN_GAMES`
    /// playouts): P(winner owns) − P(Black owns)·P(Black wins) − P(White owns)·P(White wins),
    /// taking a point Black does not own as White's (Pachi's measure).
    pub fn at(&self, p: Point) -> f64 {
        let games = self.games.load(Relaxed);
        if games < MIN_GAMES {
            return 0.0;
        }
        let n = f64::from(games);
        let [winner, black] = self.owned[p.index()]
            .each_ref()
            .map(|c| f64::from(c.load(Relaxed)) / n);
        let black_wins = f64::from(self.black_wins.load(Relaxed)) / n;
        winner - black * black_wins - (1.0 - black) * (1.0 - black_wins)
    }
}

/// A child's AMAF statistics with criticality: `crit`·`weight` of its AMAF games added as
/// wins (taken away as wins when `crit` is negative, as Pachi does), in half points.
pub fn blend(amaf_visits: f64, amaf_wins: f64, crit: f64, weight: f64) -> (f64, f64) {
    let extra = crit * weight * amaf_visits;
    let visits = (amaf_visits + extra).max(0.0);
    let wins = (amaf_wins + 2.0 * extra).clamp(0.0, 2.0 * visits);
    (visits, wins)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Black wins exactly the playouts where it owns A1, and never owns B2: A1 is as critical
    /// as a point can be, B2 (White's whoever wins) not at all.
    #[test]
    fn a_point_that_decides_the_game_is_critical() {
        let critical = Criticality::default();
        let black_a1 = Board::from_diagram(&["O.O", "OOO", "X.O"]).unwrap();
        let white_a1 = Board::from_diagram(&["O.O", "OOO", "OOO"]).unwrap();
        for _ in 0..MIN_GAMES / 2 {
            critical.count(&black_a1, Color::Black);
            critical.count(&white_a1, Color::White);
        }
        let at = |name: &str| critical.at(black_a1.point_named(name).unwrap());
        assert!((at("A1") - 0.5).abs() < 1e-9, "{}", at("A1"));
        assert!(at("B2").abs() < 1e-9, "{}", at("B2"));
    }

    #[test]
    fn criticality_waits_for_enough_playouts() {
        let critical = Criticality::default();
        let board = Board::from_diagram(&["X..", "...", "..."]).unwrap();
        critical.count(&board, Color::Black);
        assert_eq!(critical.at(board.point_named("A3").unwrap()), 0.0);
    }

    #[test]
    fn critical_points_gain_amaf_wins_and_others_lose_them() {
        assert_eq!(blend(100.0, 100.0, 0.1, 1.0), (110.0, 120.0));
        assert_eq!(blend(100.0, 100.0, -0.1, 1.0), (90.0, 80.0));
        assert_eq!(blend(100.0, 100.0, 0.0, 1.0), (100.0, 100.0));
    }
}
