//! A sequential probability ratio test for a match: after every game, is the first engine
//! stronger than the second by `elo1` or more (H1), or by `elo0` or less (H0)? The match
//! stops as soon as the evidence crosses a bound, so a clear difference costs few games and
//! an unclear one is not played out to the end (as cutechess-cli and fishtest do for chess
//! engines; the option's names are cutechess-cli's).
//!
//! The test is Wald's: A. Wald, "Sequential Tests of Statistical Hypotheses", Annals of
//! Mathematical Statistics 16 (1945) 117-186. A game scores 1, ½ or 0 for the first engine;
//! under a hypothesis of `elo` its expected score is the logistic s = 1 / (1 + 10^(-elo/400)),
//! and a game's result counts as a Bernoulli trial of that score (a draw half a win and half
//! a loss). The log-likelihood ratio of H1 to H0 after W wins and L losses (draws split) is
//!
//!   LLR = W ln(s1 / s0) + L ln((1 - s1) / (1 - s0)),
//!
//! and the test accepts H1 when LLR >= ln((1 - β) / α), H0 when LLR <= ln(β / (1 - α)).
//! Go games between engines are almost never drawn (komi has a half point), so the simple
//! model loses nothing to the trinomial and pentanomial models chess needs. Wald's
//! approximation of the expected number of games (the average sample number), which the tests
//! check the test against, leaves out the overshoot at the bound, so real runs take a little
//! longer.

use std::fmt;

/// The test's parameters: the Elo differences of the two hypotheses and the error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where the test stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// Neither bound crossed yet.
    Open,
    /// H0: the first engine is not `elo1` stronger (at most `elo0`).
    H0,
    /// H1: the first engine is at least `elo1` stronger.
    H1,
}

impl Default for Sprt {
    fn default() -> Sprt {
        Sprt {
            elo0: 0.0,
            elo1: 20.0,
            alpha: 0.05,
            beta: 0.05,
        }
    }
}

/// The expected score of an engine `elo` points stronger than its opponent.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Sprt {
    /// Reads `elo0=0,elo1=20,alpha=0.05,beta=0.05` (any of them, the others keep their
    /// defaults).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let mut sprt = Sprt::default();
        for pair in crate::tuning::pairs(text) {
            let (name, value) = pair?;
            let number: f64 = value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| format!("{name}: {value} is not a number"))?;
            match name {
                "elo0" => sprt.elo0 = number,
                "elo1" => sprt.elo1 = number,
                "alpha" => sprt.alpha = number,
                "beta" => sprt.beta = number,
                other => {
                    return Err(format!(
                        "unknown parameter {other} (elo0, elo1, alpha, beta)"
                    ));
                }
            }
        }
        let rate = |v: f64| v > 0.0 && v < 0.5;
        if !(sprt.elo1 > sprt.elo0 && sprt.elo0.abs() <= 1000.0 && sprt.elo1.abs() <= 1000.0) {
            return Err("elo1 must be above elo0, both from -1000 to 1000".into());
        }
        if !(rate(sprt.alpha) && rate(sprt.beta)) {
            return Err("alpha and beta must be above 0 and below 0.5".into());
        }
        Ok(sprt)
    }

    /// The lower and upper bounds of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 to H0 after `wins`, `draws` and `losses` of the first
    /// engine.
    pub fn llr(&self, wins: f64, draws: f64, losses: f64) -> f64 {
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        let (w, l) = (wins + draws / 2.0, losses + draws / 2.0);
        w * (s1 / s0).ln() + l * ((1.0 - s1) / (1.0 - s0)).ln()
    }

    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Open
        }
    }
}

impl fmt::Display for Sprt {
    /// As `parse` reads it.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "elo0={},elo1={},alpha={},beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

/// The test's state after some games, in words: `LLR 1.23 (-2.94, 2.94)`, and the verdict
/// once there is one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Standing {
    pub sprt: Sprt,
    pub llr: f64,
    pub verdict: Verdict,
}

impl Standing {
    pub fn new(sprt: Sprt, wins: f64, draws: f64, losses: f64) -> Standing {
        let llr = sprt.llr(wins, draws, losses);
        Standing {
            sprt,
            llr,
            verdict: sprt.verdict(llr),
        }
    }

    /// The verdict in words, naming the engines.
    pub fn words(&self, first: &str, second: &str) -> String {
        let sprt = &self.sprt;
        match self.verdict {
            Verdict::Open => "no verdict yet".into(),
            Verdict::H1 => format!(
                "H1 accepted: {first} is stronger than {second} by {} Elo or more",
                sprt.elo1
            ),
            Verdict::H0 => format!(
                "H0 accepted: {first} is not stronger than {second} by {} Elo (at most {})",
                sprt.elo1, sprt.elo0
            ),
        }
    }
}

impl fmt::Display for Standing {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let (lower, upper) = self.sprt.bounds();
        write!(f, "LLR {:.2} ({lower:.2}, {upper:.2})", self.llr)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{RngExt, SeedableRng};

    impl Sprt {
        /// Wald's approximation of the games the test takes on average when the true expected
        /// score is that of H0 or of H1 (`true_h1`).
        fn expected_games(&self, true_h1: bool) -> f64 {
            let (lower, upper) = self.bounds();
            let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
            let p = if true_h1 { s1 } else { s0 };
            // The chance of accepting H0 at p.
            let accept_h0 = if true_h1 { self.beta } else { 1.0 - self.alpha };
            let step = p * (s1 / s0).ln() + (1.0 - p) * ((1.0 - s1) / (1.0 - s0)).ln();
            (accept_h0 * lower + (1.0 - accept_h0) * upper) / step
        }
    }

    /// Plays simulated games of an engine `elo` stronger until the test decides; the verdict
    /// and the games it took.
    fn run(sprt: &Sprt, elo: f64, rng: &mut SmallRng) -> (Verdict, u32) {
        let p = expected_score(elo);
        let (mut wins, mut losses) = (0.0, 0.0);
        for games in 1..=100_000 {
            if rng.random::<f64>() < p {
                wins += 1.0;
            } else {
                losses += 1.0;
            }
            let verdict = sprt.verdict(sprt.llr(wins, 0.0, losses));
            if verdict != Verdict::Open {
                return (verdict, games);
            }
        }
        (Verdict::Open, 100_000)
    }

    /// Runs the test `runs` times: how often it accepted H1, and the mean games it took.
    fn simulate(sprt: &Sprt, elo: f64, runs: u32) -> (f64, f64) {
        let mut rng = SmallRng::seed_from_u64(elo.to_bits());
        let (mut h1, mut games) = (0, 0);
        for _ in 0..runs {
            let (verdict, n) = run(sprt, elo, &mut rng);
            h1 += u32::from(verdict == Verdict::H1);
            games += n;
        }
        (
            f64::from(h1) / f64::from(runs),
            f64::from(games) / f64::from(runs),
        )
    }

    #[test]
    fn the_bounds_and_the_ratio_follow_wald() {
        let sprt = Sprt::parse("elo0=0,elo1=20,alpha=0.05,beta=0.05").unwrap();
        let (lower, upper) = sprt.bounds();
        assert!((upper - 19f64.ln()).abs() < 1e-12 && (lower + 19f64.ln()).abs() < 1e-12);
        // A win moves the ratio up by ln(s1/s0), a loss down; a draw is half of each.
        let s1 = expected_score(20.0);
        assert!((sprt.llr(1.0, 0.0, 0.0) - (2.0 * s1).ln()).abs() < 1e-12);
        assert!((sprt.llr(0.0, 2.0, 0.0) - sprt.llr(1.0, 0.0, 1.0)).abs() < 1e-12);
        assert!(sprt.llr(0.0, 0.0, 1.0) < 0.0);
        assert_eq!(sprt.to_string(), "elo0=0,elo1=20,alpha=0.05,beta=0.05");
        assert_eq!(Sprt::parse(&sprt.to_string()), Ok(sprt));
        assert_eq!(Sprt::parse("elo1=50").unwrap().elo1, 50.0);
        for bad in [
            "elo0=20,elo1=10",
            "alpha=0",
            "beta=0.7",
            "elo2=1",
            "elo1",
            "elo1=x",
        ] {
            assert!(Sprt::parse(bad).is_err(), "{bad}");
        }
    }

    /// Against simulated matches of known strength: an engine 50 Elo stronger is accepted as
    /// stronger and an equal one is not, each in at least 1 - alpha (1 - beta) of the runs
    /// less the sampling spread; at H0 and at H1 the test stops near Wald's expected number
    /// of games (a little above, by the overshoot at the bound).
    #[test]
    fn simulated_matches_of_known_strength_get_the_right_verdict_in_the_expected_games() {
        let sprt = Sprt::default();
        let (h1_share, _) = simulate(&sprt, 50.0, 400);
        assert!(h1_share >= 0.97, "+50 Elo accepted as H1 in {h1_share}");
        let (h1_share, games_at_h0) = simulate(&sprt, 0.0, 400);
        assert!(
            h1_share <= 0.08,
            "equal engines accepted as H1 in {h1_share}"
        );
        let (h1_share, games_at_h1) = simulate(&sprt, 20.0, 400);
        assert!(h1_share >= 0.92, "+20 Elo accepted as H1 in {h1_share}");
        for (games, true_h1) in [(games_at_h0, false), (games_at_h1, true)] {
            let expected = sprt.expected_games(true_h1);
            // About 1,600 games at these settings; the mean of 400 runs is close to it.
            assert!(
                games > 0.95 * expected && games < 1.15 * expected,
                "{games} games, Wald expects {expected}"
            );
        }
    }
}
