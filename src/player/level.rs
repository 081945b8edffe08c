//! Strength levels, GNU Go's `--level` in tengen's way: level 10 is full strength at the budget
//! given; each level below searches half the playouts (or half the time) of the one above,
//! and from level 7 down the move is not always the search's favourite. A weaker person
//! misreads and prefers the wrong one of several plausible moves; they do not play at random.
//! So the root moves are ranked by their visits (which hold the move model's priors as
//! virtual games), a move the move model finds absurd (a prior below the root moves'
//! average) is never among them, and the level draws a rank: the first with chance `q`, the
//! second with `q (1 - q)`, and so on, `q` smaller at each level down. Halving the search and
//! lowering `q` both make each level weaker than the one above.
//!
//! The chances are set on 9×9. A 19×19 game has three times the moves, and each pass over
//! the favourite there cost far more than on 9×9 (level 7 was even with GNU Go's level 10,
//! level 6 lost to its level 1 by a hundred points), so on a bigger board the chance of
//! passing over the favourite, `1 - q`, shrinks with the square root of the board's area.
//! Levels 1 to 3 search too little (10 to 39 playouts) for their searches to differ, so only
//! their softness can tell them apart: below level 4 the area's shrinking fades, a quarter of
//! it at each level down.

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

/// The chance that `level` plays the first move of its ranking, and each later one given
/// that it passed over those before, on a board of `points` points: 1 from level 8 up.
fn first_choice(level: u8, points: usize) -> f64 {
    const CHANCES_ON_9X9: [f64; 7] = [0.12, 0.2, 0.3, 0.4, 0.5, 0.65, 0.8];
    let on_9x9 = CHANCES_ON_9X9
        .get(usize::from(level.max(1) - 1))
        .copied()
        .unwrap_or(1.0);
    // The square root from level 4 up; at level 1 the eighth root.
    let exponent = 0.5 * f64::from(level.clamp(1, 4)) / 4.0;
    let area_scale = (81.0 / points.max(81) as f64).powf(exponent);
    1.0 - (1.0 - on_9x9) * area_scale
}

/// The move `level` plays other than pass on a board of `points` points: the most visited one
/// at levels 8 to 10, else a rank drawn among the moves that are not absurd, ranked by
/// visits. `None` when no move but pass is left.
pub fn choose(level: u8, points: usize, report: &Report, rng: &mut SmallRng) -> Option<Move> {
    let most_visited = report.best_play().map(|(m, _, _)| m);
    let q = first_choice(level, points);
    if q >= 1.0 {
        return most_visited;
    }
    let average = 1.0 / report.priors.len().max(1) as f64;
    let sensible = |m: Move| (report.priors.iter()).any(|&(p, share)| p == m && share >= average);
    // `moves` comes most visited first.
    let ranked: Vec<Move> = (report.moves.iter())
        .filter(|&&(m, visits, _)| m != Move::Pass && visits > 0 && sensible(m))
        .map(|&(m, _, _)| m)
        .collect();
    if ranked.is_empty() {
        return most_visited;
    }
    // The number of ranks passed over is geometric; past the last rank the count goes on
    // from the first, so that a short list is not all first choices.
    let passed = (rng.random_range(f64::MIN_POSITIVE..1.0).ln() / (1.0 - q).ln()) as usize;
    Some(ranked[passed % ranked.len()])
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
        for points in [25, 81, 169, 361] {
            let q = |l| first_choice(l, points);
            assert!((1..FULL).all(|l| q(l) < q(l + 1) || q(l) == 1.0));
            assert_eq!(q(8), 1.0);
        }
    }

    /// 19×19's levels pass over the favourite (81 / 361)^½ as often as 9×9's; boards up to
    /// 9×9 keep 9×9's chances.
    #[test]
    fn bigger_boards_pass_over_the_favourite_less_often() {
        assert_eq!(first_choice(6, 81), 0.65);
        assert_eq!(first_choice(6, 49), 0.65);
        assert!((first_choice(6, 361) - (1.0 - 0.35 * 9.0 / 19.0)).abs() < 1e-12);
        assert!(first_choice(1, 361) > first_choice(1, 169));
        assert!(first_choice(1, 169) > first_choice(1, 81));
    }

    /// On 19×19 the bottom levels' first choices lie further apart than the top levels',
    /// since their searches are too short to tell them apart.
    #[test]
    fn the_bottom_levels_soften_faster_on_a_big_board() {
        let q = |l| first_choice(l, 361);
        assert!((q(4) - (1.0 - 0.6 * 9.0 / 19.0)).abs() < 1e-12);
        let step = |l: u8| q(l + 1) - q(l);
        assert!((1..4).all(|l| step(l) > step(4) && step(l) > step(5)));
        assert!((q(1) - 0.27).abs() < 0.01, "{}", q(1));
    }

    /// The top levels play the most visited move; the lower ones draw among the sensible
    /// moves, the favourite most often, further down the ranking the lower the level, and
    /// never the move with a prior below the average or a pass.
    #[test]
    fn lower_levels_draw_more_freely_among_sensible_moves() {
        let at = |i: usize| Move::Play(Point::new(i));
        let r = report(&[
            (at(20), 60, 0.4),
            (at(21), 30, 0.3),
            (at(22), 10, 0.25),
            (at(23), 40, 0.01),
            (Move::Pass, 50, 0.04),
        ]);
        let mut rng = SmallRng::seed_from_u64(1);
        let mut counts = |level: u8| {
            let mut counts = [0usize; 3];
            for _ in 0..2000 {
                let m = choose(level, 81, &r, &mut rng).unwrap();
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
