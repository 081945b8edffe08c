//! Elo ratings from an event's results, by maximum likelihood in the Bradley–Terry model (as
//! BayesElo and Ordo compute them): a win over an entrant rated D points lower is expected
//! with probability 1 / (1 + 10^(-D/400)), a draw counts half a win for each side, and the
//! first entrant is the reference, rated 0. Each pair that met gets one virtual draw, so that
//! a clean sweep has a finite rating. The 95% interval comes from the curvature of the
//! likelihood at its maximum (the inverse Fisher information).

use super::results::Record;

/// An entrant's rating and the half-width of its 95% interval (`None` when the results do
/// not tie the entrant to the reference, and for the reference itself, which is fixed).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub elo: f64,
    pub margin: Option<f64>,
}

/// Points of Elo per unit of the natural-log strength.
const ELO_PER_NATURAL: f64 = 400.0 / std::f64::consts::LN_10;

/// Wins (draws half) and games of each entrant against each other, virtual draws included.
fn tallies(entrants: usize, results: &[Record]) -> (Vec<Vec<f64>>, Vec<Vec<f64>>) {
    let mut wins = vec![vec![0.0; entrants]; entrants];
    let mut games = vec![vec![0.0; entrants]; entrants];
    // A game without result tells nothing about strength.
    for r in results
        .iter()
        .filter(|r| r.winner().is_some() || r.is_draw())
    {
        let (b, w) = (r.black, r.white);
        let black_points = f64::from(r.points(b)) / 2.0;
        wins[b][w] += black_points;
        wins[w][b] += 1.0 - black_points;
        games[b][w] += 1.0;
        games[w][b] += 1.0;
    }
    for i in 0..entrants {
        for j in 0..entrants {
            if games[i][j] > 0.0 {
                wins[i][j] += 0.5;
                games[i][j] += 1.0;
            }
        }
    }
    (wins, games)
}

/// Every entrant's rating, in entrant order.
pub fn ratings(entrants: usize, results: &[Record]) -> Vec<Rating> {
    let (wins, games) = tallies(entrants, results);
    // Minorization–maximization (Hunter 2004): each step raises the likelihood.
    let mut gamma = vec![1.0_f64; entrants];
    for _ in 0..2000 {
        let mut next = gamma.clone();
        for i in 0..entrants {
            let won: f64 = wins[i].iter().sum();
            let denominator: f64 = (0..entrants)
                .filter(|&j| games[i][j] > 0.0)
                .map(|j| games[i][j] / (gamma[i] + gamma[j]))
                .sum();
            if denominator > 0.0 {
                next[i] = won / denominator;
            }
        }
        let reference = next[0];
        gamma = next.iter().map(|g| g / reference).collect();
    }
    let variances = variances(&gamma, &games);
    (0..entrants)
        .map(|i| Rating {
            elo: ELO_PER_NATURAL * gamma[i].ln(),
            margin: variances[i].map(|v| 1.96 * ELO_PER_NATURAL * v.sqrt()),
        })
        .collect()
}

/// The variance of each log-strength with the reference's fixed: the diagonal of the inverse
/// of the Fisher information, the reference's row and column left out.
fn variances(gamma: &[f64], games: &[Vec<f64>]) -> Vec<Option<f64>> {
    let n = gamma.len();
    let mut out = vec![None; n];
    if n < 2 {
        return out;
    }
    let info = |i: usize, j: usize| {
        let p = gamma[i] / (gamma[i] + gamma[j]);
        games[i][j] * p * (1.0 - p)
    };
    let m = n - 1;
    let mut a = vec![vec![0.0; 2 * m]; m];
    for (r, row) in a.iter_mut().enumerate() {
        let i = r + 1;
        for (c, cell) in row[..m].iter_mut().enumerate() {
            *cell = if c == r {
                (0..n).filter(|&j| j != i).map(|j| info(i, j)).sum()
            } else {
                -info(i, c + 1)
            };
        }
        row[m + r] = 1.0;
    }
    if !invert(&mut a) {
        return out;
    }
    for r in 0..m {
        out[r + 1] = Some(a[r][m + r]).filter(|v| v.is_finite() && *v > 0.0);
    }
    out
}

/// Gauss–Jordan elimination on `[A | I]`, leaving `[I | A⁻¹]`; false when A is singular.
fn invert(a: &mut [Vec<f64>]) -> bool {
    let m = a.len();
    for col in 0..m {
        let Some(pivot) = (col..m).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))
        else {
            return false;
        };
        if a[pivot][col].abs() < 1e-12 {
            return false;
        }
        a.swap(col, pivot);
        let lead = a[col][col];
        a[col].iter_mut().for_each(|v| *v /= lead);
        for row in 0..m {
            if row != col {
                let factor = a[row][col];
                let pivot_row = a[col].clone();
                for (v, p) in a[row].iter_mut().zip(pivot_row) {
                    *v -= factor * p;
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(black: usize, white: usize, result: &str) -> Record {
        Record {
            id: format!("g{black}{white}"),
            round: 1,
            black,
            white,
            result: crate::referee::outcome::Outcome::parse(result, "").unwrap(),
            moves: 10,
            time: [0.0; 2],
            warnings: [0; 2],
            slowest: ["-".into(), "-".into()],
            line: String::new(),
            sgf: String::new(),
            rulings: String::new(),
        }
    }

    /// 150 wins of 200 for entrant 1; with the virtual draw 150.5 of 201, so
    /// 400 log10(150.5 / 50.5) = 189.7 Elo above the reference, and a 95% interval of
    /// ± 1.96 · 400/ln 10 / sqrt(201 p (1 - p)) = 55.4 points.
    #[test]
    fn a_match_gives_the_logistic_rating_and_its_interval() {
        let mut results = Vec::new();
        for i in 0..200 {
            let winner = if i < 150 { "W+Resign" } else { "B+Resign" };
            results.push(game(0, 1, winner));
        }
        let r = ratings(2, &results);
        assert_eq!(
            r[0],
            Rating {
                elo: 0.0,
                margin: None
            }
        );
        assert!((r[1].elo - 189.7).abs() < 0.1, "{r:?}");
        assert!((r[1].margin.unwrap() - 55.4).abs() < 0.1, "{r:?}");
    }

    #[test]
    fn a_round_robin_orders_the_field_and_a_sweep_stays_finite() {
        // 2 beats 1 beats 0, each pairing 3-0: the ratings rise in that order.
        let mut results = Vec::new();
        for (low, high) in [(0, 1), (1, 2), (0, 2)] {
            for _ in 0..3 {
                results.push(game(low, high, "W+5.5"));
            }
        }
        let r = ratings(3, &results);
        assert!(
            r[0].elo == 0.0 && r[1].elo > 100.0 && r[2].elo > r[1].elo,
            "{r:?}"
        );
        assert!(r.iter().all(|x| x.elo.is_finite()));
        assert!(r[1].margin.unwrap() > 0.0 && r[2].margin.unwrap() > 0.0);
    }

    #[test]
    fn an_entrant_who_never_met_the_others_has_no_interval() {
        let results = vec![game(0, 1, "B+1.5"), game(1, 0, "B+1.5")];
        let r = ratings(3, &results);
        assert_eq!(r[2].margin, None);
        assert!(r[1].elo.abs() < 1e-6, "one win each: level");
    }
}
