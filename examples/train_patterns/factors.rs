//! The factorized fit: every value keeps its strength from the plain fit and gains a short
//! vector of latent factors; a move's score adds, for each pair of its values, the dot product
//! of their vectors (a factorization Bradley–Terry model, Xiao and Müller 2016). The pairs let
//! the model learn what the plain product cannot, such as how much of two strengths' product
//! is counted twice when they go together. Fitted by stochastic gradient descent on the
//! log-likelihood of the move played.

use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rayon::prelude::*;

use std::collections::HashMap;
use std::fmt::Write as _;

use super::{Competition, GROUP_NAMES, GROUP_SIZES, GROUPS, Packed, SPATIAL, WEIGHTS};
use tengen::knowledge::factors::DIMENSIONS;
use tengen::knowledge::weight_file::{self, with_count};
use tengen::knowledge::{spatial, weights};

/// The large shapes with factors: the most frequent ones (the dictionary's first indices).
pub const SPATIAL_FACTORS: usize = 1 << 16;

/// Learning rates of the strengths (logarithms) and of the factors, and the factors' decay.
const RATE: f64 = 0.002;
const FACTOR_RATE: f64 = 0.02;
const DECAY: f64 = 0.0005;
/// The longest a value's factors may grow.
const MAX_LENGTH: f64 = 3.0;

/// In double precision: a value that every candidate has takes one step up for the move
/// played and many tiny steps down for the others, and in single precision the tiny steps
/// round away (a first fit drifted "no self-atari" from γ 1 to 200).
#[derive(Clone)]
pub struct Model {
    /// The logarithm of every value's strength.
    pub weights: Vec<Vec<f64>>,
    /// Every value's factors, `DIMENSIONS` a value (only `SPATIAL_FACTORS` large shapes).
    pub factors: Vec<Vec<f64>>,
}

fn factor_count(g: usize) -> usize {
    if g == SPATIAL {
        SPATIAL_FACTORS
    } else {
        GROUP_SIZES[g]
    }
}

impl Model {
    /// The built-in model's strengths, small random factors.
    pub fn from_built_in(seed: u64) -> Model {
        let mut weights: Vec<Vec<f64>> = GROUP_SIZES.iter().map(|&n| vec![0.0; n]).collect();
        let text = std::fs::read_to_string(WEIGHTS).expect("read the weights");
        for (_, (g, v, gamma)) in plain_values(&text) {
            weights[g][v] = gamma.ln();
        }
        for (i, w) in weights[SPATIAL].iter_mut().enumerate() {
            *w = f64::from(spatial::strength(i as u32)).ln();
        }
        let mut rng = SmallRng::seed_from_u64(seed);
        let factors = (0..GROUPS)
            .map(|g| {
                (0..factor_count(g) * DIMENSIONS)
                    .map(|_| (rand::RngExt::random::<f64>(&mut rng) - 0.5) * 0.1)
                    .collect()
            })
            .collect();
        Model { weights, factors }
    }

    fn vector(&self, g: usize, v: usize) -> Option<&[f64]> {
        (v < factor_count(g)).then(|| &self.factors[g][v * DIMENSIONS..(v + 1) * DIMENSIONS])
    }

    /// A candidate's score (the logarithm of its strength) and the sum of its factors.
    pub fn score(&self, f: &Packed) -> (f64, [f64; DIMENSIONS]) {
        let mut sum = [0.0f64; DIMENSIONS];
        let (mut linear, mut squares) = (0.0f64, 0.0f64);
        for g in 0..GROUPS {
            let v = f.get(g);
            linear += self.weights[g][v];
            if let Some(vector) = self.vector(g, v) {
                for (s, x) in sum.iter_mut().zip(vector) {
                    *s += x;
                    squares += x * x;
                }
            }
        }
        let pairs = 0.5 * (sum.iter().map(|s| s * s).sum::<f64>() - squares);
        (linear + pairs, sum)
    }

    /// One gradient step on one competition.
    fn step(&mut self, c: &Competition, rate: f64, scores: &mut Vec<(f64, [f64; DIMENSIONS])>) {
        scores.clear();
        scores.extend(c.candidates.iter().map(|f| self.score(f)));
        let top = scores.iter().map(|s| s.0).fold(f64::MIN, f64::max);
        let total: f64 = scores.iter().map(|s| (s.0 - top).exp()).sum();
        for (i, (f, (score, sum))) in c.candidates.iter().zip(scores.iter()).enumerate() {
            let p = (score - top).exp() / total;
            // The gradient of the loss (minus the log-likelihood) in the candidate's score.
            // Every candidate is updated, however small its share: a value that every
            // candidate has (no capture, say) gets gradients that sum to zero in each
            // competition, and leaving out the small ones would let it drift without end.
            let error = p - if i == 0 { 1.0 } else { 0.0 };
            for g in 0..GROUPS {
                let v = f.get(g);
                self.weights[g][v] -= rate * RATE * error;
                if v < factor_count(g) {
                    let vector = &mut self.factors[g][v * DIMENSIONS..(v + 1) * DIMENSIONS];
                    for (x, s) in vector.iter_mut().zip(sum) {
                        *x -= rate * FACTOR_RATE * (error * (s - *x) + DECAY * *x);
                    }
                    // A cap on each vector's length: two rare values whose factors grow
                    // together feed each other's gradient without bound.
                    let length = vector.iter().map(|x| x * x).sum::<f64>().sqrt();
                    if length > MAX_LENGTH {
                        vector.iter_mut().for_each(|x| *x *= MAX_LENGTH / length);
                    }
                }
            }
        }
    }

    /// Whether the move played scores highest, and its log-likelihood.
    fn judge(&self, c: &Competition) -> (f64, f64) {
        let scores: Vec<f64> = c.candidates.iter().map(|f| self.score(f).0).collect();
        let top = scores.iter().cloned().fold(f64::MIN, f64::max);
        let total: f64 = scores.iter().map(|s| (s - top).exp()).sum();
        let hit = scores[1..].iter().all(|&s| s < scores[0]);
        (if hit { 1.0 } else { 0.0 }, scores[0] - top - total.ln())
    }

    /// Top-1 and mean log-likelihood over `test` on boards of `sizes`.
    pub fn accuracy(&self, test: &[Competition], sizes: &[usize]) -> (f64, f64) {
        let chosen: Vec<&Competition> = test.iter().filter(|c| sizes.contains(&c.size)).collect();
        let (hits, likelihood) = chosen
            .par_iter()
            .map(|c| self.judge(c))
            .reduce(|| (0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1));
        let n = chosen.len().max(1) as f64;
        (hits / n, likelihood / n)
    }

    fn report(&self, test: &[Competition]) -> String {
        let (all, likelihood) = self.accuracy(test, &[9, 13, 19]);
        let (nineteen, ll19) = self.accuracy(test, &[19]);
        format!(
            "top-1 {:.2}% log-likelihood {likelihood:.3} (19x19 {:.2}% {ll19:.3})",
            100.0 * all,
            100.0 * nineteen
        )
    }
}

/// Fits the factors (and refines the strengths) over `epochs` passes of `data`, the steps
/// halved each pass.
pub fn fit(data: &mut [Competition], test: &[Competition], epochs: usize) -> Model {
    let mut model = Model::from_built_in(1);
    eprintln!("plain model: {}", model.report(test));
    let mut rng = SmallRng::seed_from_u64(2);
    let mut scores = Vec::new();
    let (mut best, mut best_likelihood) = (None, model.accuracy(test, &[9, 13, 19]).1);
    for epoch in 1..=epochs {
        data.shuffle(&mut rng);
        let rate = 0.5f64.powi(epoch as i32 - 1);
        for c in data.iter() {
            model.step(c, rate, &mut scores);
        }
        eprintln!("epoch {epoch}: {}", model.report(test));
        // Each group's largest strength (in logarithm) and factor: a drift shows there.
        let largest = |values: &[f64]| values.iter().fold(0f64, |m, x| m.max(x.abs()));
        for ((name, w), f) in GROUP_NAMES.iter().zip(&model.weights).zip(&model.factors) {
            eprint!(" {name}:{:.1}/{:.2}", largest(w), largest(f));
        }
        eprintln!();
        let likelihood = model.accuracy(test, &[9, 13, 19]).1;
        if likelihood > best_likelihood {
            (best, best_likelihood) = (Some((epoch, model.clone())), likelihood);
        }
    }
    // The pass that predicts the test games best: later ones may overfit.
    let (epoch, model) = best.expect("a pass better than the plain model");
    eprintln!("keeping epoch {epoch}");
    model
}

const SPATIAL_FILE: &str = "src/knowledge/spatial.txt";

/// The values of the search's model that `weights.txt` lists, by line: group, value and
/// strength; shapes with atari marks (the playouts') are not among them.
fn plain_values(text: &str) -> HashMap<usize, (usize, usize, f64)> {
    let read = weight_file::entries(text)
        .and_then(|entries| {
            (entries.iter())
                .map(|e| weights::read_value(e).map(|v| (e.line, v)))
                .collect::<Result<Vec<_>, _>>()
        })
        .unwrap_or_else(|e| panic!("{WEIGHTS}, {e}"));
    (read.into_iter())
        .filter(|(_, v)| v.is_plain())
        .map(|(line, v)| (line, (v.group, v.value, f64::from(v.gamma))))
        .collect()
}

fn factor_words(factors: &[f64]) -> String {
    factors.iter().map(|x| format!(" {x:.3}")).collect()
}

impl Model {
    fn value_line(&self, g: usize, v: usize) -> String {
        let vector = &self.factors[g][v * DIMENSIONS..(v + 1) * DIMENSIONS];
        let gamma = self.weights[g][v].exp();
        format!(
            "{} {v} {gamma:.4}{}\n",
            GROUP_NAMES[g],
            factor_words(vector)
        )
    }

    /// Rewrites the strengths of `weights.txt` and `spatial.txt` with the fitted ones, each
    /// followed by its factors, and adds `comment` to the header of `weights.txt`. The shapes
    /// with atari marks (the playouts') and the values the files do not list stay as they are.
    pub fn write(&self, comment: &str) {
        let old = std::fs::read_to_string(WEIGHTS).expect("read the weights");
        let values = plain_values(&old);
        let mut out = String::new();
        let mut written = vec![Vec::new(); GROUPS];
        let lines = (1..).zip(old.lines());
        for (number, line) in lines.filter(|(_, l)| !l.starts_with("# factors")) {
            match values.get(&number).copied() {
                Some((g, v, _)) => {
                    written[g].push(v);
                    out.push_str(&self.value_line(g, v));
                }
                None => writeln!(out, "{line}").unwrap(),
            }
            if line.starts_with("# The move played") {
                writeln!(out, "# factors: {comment}").unwrap();
            }
        }
        // The tactical groups' values the plain fit left at strength 1 get their factors.
        for g in (1..GROUPS).filter(|&g| g != SPATIAL) {
            for v in (0..GROUP_SIZES[g]).filter(|v| !written[g].contains(v)) {
                out.push_str(&self.value_line(g, v));
            }
        }
        std::fs::write(WEIGHTS, with_count(&out)).expect("write the weights");
        let old = std::fs::read_to_string(SPATIAL_FILE).expect("read the shapes");
        let shapes = weight_file::entries(&old).unwrap_or_else(|e| panic!("{SPATIAL_FILE}, {e}"));
        let mut out: String = old
            .lines()
            .take_while(|l| l.starts_with('#'))
            .map(|l| format!("{l}\n"))
            .collect();
        for (index, entry) in (1..).zip(&shapes) {
            let hash = entry.word(0, "hash").expect("read above");
            let gamma = self.weights[SPATIAL][index].exp();
            let factors = self
                .vector(SPATIAL, index)
                .map_or(String::new(), factor_words);
            writeln!(out, "{hash} {gamma:.4}{factors}").unwrap();
        }
        std::fs::write(SPATIAL_FILE, with_count(&out)).expect("write the shapes");
    }
}
