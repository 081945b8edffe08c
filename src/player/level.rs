//! Strength levels, GNU Go's `--level` in tengen's way: level 10 is full strength at the budget
//! given; each level below searches half the playouts (or half the time) of the one above,
//! and from level 7 down the move is drawn among the moves the search likes rather than the
//! most visited one, more freely the lower the level. A weaker person misreads and prefers
//! the wrong one of several plausible moves; they do not play at random. So a move the move
//! model finds absurd (a prior below the root moves' average) is never drawn, and the draw
//! leans on the search's visits, which hold the move model's priors as virtual games.

use rand::RngExt;
use rand::rngs::SmallRng;

use crate::board::Move;
use crate::search::Report;

/// The levels, weakest first.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=10;
/// Full strength.
pub const FULL: u8 = 10;

/// The share of the budget (playouts, or time) that `level` searches with.
pub fn budget_share(level: u8) -> f64 {
    0.5f64.powi(i32::from(FULL.saturating_sub(level)))
}

/// How freely `level` draws its move: 0 takes the most visited move; at `t` a move's chance
/// goes with its visits to the power `1 / t` (at 1, with its visits).
fn temperature(level: u8) -> f64 {
    0.4 * f64::from(8u8.saturating_sub(level))
}

/// The move `level` plays other than pass: the most visited one at levels 8 to 10, else one
/// drawn among the moves that are not absurd, by their visits flattened by the level's
/// temperature. `None` when no move but pass is left.
pub fn choose(level: u8, report: &Report, rng: &mut SmallRng) -> Option<Move> {
    let most_visited = report.best_play().map(|(m, _, _)| m);
    let t = temperature(level);
    if t == 0.0 {
        return most_visited;
    }
    let average = 1.0 / report.priors.len().max(1) as f64;
    let sensible = |m: Move| (report.priors.iter()).any(|&(p, share)| p == m && share >= average);
    let weighed: Vec<(Move, f64)> = (report.moves.iter())
        .filter(|&&(m, visits, _)| m != Move::Pass && visits > 0 && sensible(m))
        .map(|&(m, visits, _)| (m, f64::from(visits).powf(1.0 / t)))
        .collect();
    let total: f64 = weighed.iter().map(|w| w.1).sum();
    if total <= 0.0 {
        return most_visited;
    }
    let mut draw = rng.random_range(0.0..total);
    for &(m, weight) in &weighed {
        if draw < weight {
            return Some(m);
        }
        draw -= weight;
    }
    weighed.last().map(|w| w.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;
    use rand::SeedableRng;

    fn report(moves: &[(Move, u32, f64)]) -> Report {
        Report {
            moves: moves.iter().map(|&(m, v, _)| (m, v, 0.5)).collect(),
            priors: moves.iter().map(|&(m, _, p)| (m, p)).collect(),
            candidates: Vec::new(),
            playouts: 0,
            seconds: 0.0,
            nodes: 0,
            ownership: Vec::new(),
            mean_margin: 0.0,
            pv: Vec::new(),
            score: None,
        }
    }

    #[test]
    fn each_level_below_ten_searches_half_the_budget_of_the_one_above() {
        assert_eq!(budget_share(10), 1.0);
        assert_eq!(budget_share(9), 0.5);
        assert_eq!(budget_share(1), 1.0 / 512.0);
        assert!((1..FULL).all(|l| temperature(l) >= temperature(l + 1)));
        assert_eq!(temperature(8), 0.0);
    }

    /// The top levels play the most visited move; the lower ones draw among the sensible
    /// moves, the favourite most often, more evenly the lower the level, and never the move
    /// with a prior below the average or a pass.
    #[test]
    fn lower_levels_draw_more_freely_among_sensible_moves() {
        let at = |i: usize| Move::Play(Point::new(i));
        let r = report(&[
            (at(20), 60, 0.5),
            (at(21), 30, 0.3),
            (at(22), 10, 0.17),
            (at(23), 40, 0.01),
            (Move::Pass, 50, 0.02),
        ]);
        let mut rng = SmallRng::seed_from_u64(1);
        let mut counts = |level: u8| {
            let mut counts = [0usize; 3];
            for _ in 0..2000 {
                let m = choose(level, &r, &mut rng).unwrap();
                let i = [at(20), at(21), at(22)].iter().position(|&x| x == m);
                counts[i.expect("a sensible move")] += 1;
            }
            counts
        };
        assert_eq!(counts(8), [2000, 0, 0]);
        let (seven, one) = (counts(7), counts(1));
        assert!(seven[0] > seven[1] && seven[1] > seven[2], "{seven:?}");
        assert!(one[0] < seven[0] && one[2] > seven[2], "{one:?} {seven:?}");
    }
}
