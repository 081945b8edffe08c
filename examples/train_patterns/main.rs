//! Fits the move model's strengths (γ, see `tengen::knowledge::features`) on strong players'
//! games with Coulom's minorization–maximization, and writes `src/knowledge/weights.txt` and
//! the large shapes' dictionary with their strengths, `src/knowledge/spatial.txt`.
//!
//! The dictionary holds the large shapes (`knowledge::spatial`) around the moves played in the
//! training games that were seen there at least `MIN_SHAPE` times, the most frequent first.
//!
//! Every move of a record is a competition won by the move played among all the legal moves
//! that fill no own eye. Each γ has Coulom's prior: one virtual win and one virtual loss
//! against a move of strength 1. The games are a fixed sample of the collections (every k-th
//! line); every tenth game is left out of training, and a sample of those measures how often
//! the model's favourite is the move played.
//!
//! Run: `cargo run --release --example train_patterns -- [GAMES_PER_FILE] [ITERATIONS]
//! [ALTERNATIVES]` (needs `xz` and `../shared/data/games/`). With ALTERNATIVES, each move of
//! the training games competes with that many other legal moves drawn at random rather than
//! with all of them (a fit of every legal move holds about 8 bytes a candidate: 12 GB for
//! 18,563 games).
//!
//! The move-prediction screen on held-out games (every tenth game of a collection, never
//! trained on): `cargo run --release --example train_patterns -- predict [COLLECTION]
//! [GAMES]` (default `pro-aeb-19x19-even`, 100 games) prints how often the built-in model's
//! favourite is the move played and the mean log-likelihood of that move, by stage; `predict
//! COLLECTION GAMES network [FILE]` the same for the move network (`network.py` trains it on
//! the positions that `planes FOLDER [GAMES_PER_FILE]` exports, see `planes.rs`).
//!
//! The latent factors (`factors.rs`) are fitted last, on the strengths above: `cargo run
//! --release --example train_patterns -- factors [GAMES_PER_FILE] [EPOCHS] [ALTERNATIVES]`
//! rewrites `weights.txt` and `spatial.txt` with every value's refined strength and factors.
//!
//! Labels for a value network, the owner of each point at the end of each game and its
//! score: `value-label FILE [PLAYOUTS] [GAMES]`, and positions of the labelled games for
//! `value.py` to train on: `value-positions LABELS FOLDER [PER_GAME]`; `value-screen FOLDER
//! NETWORK` runs an exported value network through tengen's own reader (`value.rs`), and
//! `value-baseline LABELS PLAYOUTS [GAMES] [TUNE]` gives the same figures for tengen's own
//! search (with a `--tune` setting such as `value=0.5`), or with PLAYOUTS 0 for the built-in
//! value network alone, on the same positions.
//!
//! The full fit rates 3×3 shapes without their atari marks, as the search's model reads them.
//! The playouts' shapes with atari marks (`pattern::shape_key`) are fitted after it, every
//! other strength held: `cargo run --release --example train_patterns -- atari
//! [GAMES_PER_FILE] [ITERATIONS]` writes the marked shape lines of `weights.txt`.

use std::fmt::Write as _;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rayon::prelude::*;
use std::collections::HashMap;
use tengen::board::{Board, Color, Move, Point};
use tengen::game::{Step, Superko};

use tengen::knowledge::features::{
    Features, GROUP_NAMES, GROUP_SIZES, GROUPS, SPATIAL, features_with,
};
use tengen::knowledge::network::Network;
use tengen::knowledge::pattern::{canonical, has_atari_marks};
use tengen::knowledge::spatial::{self, Dictionary};
use tengen::knowledge::{candidates, weight_file, weights};
use tengen::tuning::Constants;

mod factors;
mod planes;
mod value;

const DATA: &str = "../shared/data/games";
/// The collections used, and the share of the games of each taken for training.
const FILES: &[&str] = &[
    "kgs-6d-19x19-even.sgf.xz",
    "pro-aeb-19x19-even.sgf.xz",
    "tom-9d-19x19.sgf.xz",
    "pro-aeb-9x9.sgf.xz",
    "pro-aeb-13x13.sgf.xz",
];
/// A shape value is written only if it was a candidate this often.
const MIN_SEEN: u32 = 20;
/// Test games per collection (every tenth game is kept out of training).
const TEST_GAMES: usize = 40;
/// A large shape enters the dictionary if this many moves played were made in it.
const MIN_SHAPE: u32 = 8;
/// The dictionary's largest size: index 0 is "no known shape".
const MOST_SHAPES: usize = GROUP_SIZES[SPATIAL] - 1;
const WEIGHTS: &str = "src/knowledge/weights.txt";
/// The bits of a shape key that hold the plain neighbourhood (the rest are atari marks).
const PLAIN_SHAPE: u32 = 0xffff;

/// One move of a record: the candidates' feature values, the move played first.
struct Competition {
    candidates: Vec<Packed>,
    size: usize,
}

/// A candidate's feature values packed into 64 bits, each group in the bits its values
/// need: a fit holds a few hundred candidates a move, and as `Features` (44 bytes each) the
/// competitions of 9,563 games passed 20 GB.
#[derive(Clone, Copy)]
struct Packed(u64);

/// The bits the values of each group need (the shape's plain key, without atari marks), and
/// where each group starts.
const BITS: [u32; GROUPS] = {
    let mut bits = [0; GROUPS];
    let mut g = 0;
    while g < GROUPS {
        bits[g] = usize::BITS - (GROUP_SIZES[g] - 1).leading_zeros();
        g += 1;
    }
    bits[0] = PLAIN_SHAPE.count_ones();
    bits
};
const SHIFTS: [u32; GROUPS] = {
    let mut shifts = [0; GROUPS];
    let mut g = 1;
    while g < GROUPS {
        shifts[g] = shifts[g - 1] + BITS[g - 1];
        g += 1;
    }
    assert!(
        shifts[GROUPS - 1] + BITS[GROUPS - 1] <= 64,
        "the groups fit in 64 bits"
    );
    shifts
};

impl Packed {
    fn new(f: &Features) -> Packed {
        Packed((0..GROUPS).fold(0, |v, g| v | u64::from(f[g]) << SHIFTS[g]))
    }

    /// The value of group `g`.
    fn get(self, g: usize) -> usize {
        ((self.0 >> SHIFTS[g]) & ((1 << BITS[g]) - 1)) as usize
    }
}

/// Every game of a collection, a record a line.
fn collection(file: &str) -> Vec<String> {
    let mut child = Command::new("xz")
        .args(["-dc", &format!("{DATA}/{file}")])
        .stdout(Stdio::piped())
        .spawn()
        .expect("xz runs");
    let lines = BufReader::new(child.stdout.take().unwrap())
        .lines()
        .map_while(Result::ok)
        .collect();
    let _ = child.wait();
    lines
}

/// Every tenth game of a collection is kept for testing, the others for training: of the
/// games of one kind (`test` or not), every `stride`-th, at most `count`.
fn sample(file: &str, count: usize, test: bool) -> Vec<String> {
    let lines: Vec<String> = (collection(file).into_iter().enumerate())
        .filter(|(i, _)| (i % 10 == 9) == test)
        .map(|(_, line)| line)
        .collect();
    let stride = (lines.len() / count.max(1)).max(1);
    lines.into_iter().step_by(stride).take(count).collect()
}

/// Replays one record (nothing if it does not load), showing `each` the board before every
/// move played, the mover and the move.
fn replay(text: &str, mut each: impl FnMut(&Board, Color, Point)) {
    let Ok(trees) = tengen::sgf::parse(text) else {
        return;
    };
    let Some(tree) = trees.first() else {
        return;
    };
    let Ok(record) = tengen::sgf::load(tree, tengen::sgf::Until::End, 7.5, Superko::Situational)
    else {
        return;
    };
    let (start, _) = record.game.start();
    let mut board: Board = start.clone();
    for step in record.game.steps() {
        let Step::Move(color, mv) = *step else {
            return;
        };
        let Move::Play(played) = mv else {
            board.pass();
            continue;
        };
        each(&board, color, played);
        if board.play(color, played).is_err() {
            return;
        }
    }
}

/// The large shapes around the moves played, by how often each was seen.
fn harvest(games: &[String]) -> Vec<u64> {
    let counts = games
        .par_iter()
        .fold(HashMap::<u64, u32>::new, |mut counts, game| {
            replay(game, |board, color, played| {
                let window = spatial::Window::new(board, color);
                spatial::shapes(board, &window, played, |_, hash| {
                    *counts.entry(hash).or_default() += 1;
                    true
                });
            });
            counts
        })
        .reduce(HashMap::new, |mut a, b| {
            for (hash, n) in b {
                *a.entry(hash).or_default() += n;
            }
            a
        });
    let mut frequent: Vec<(u64, u32)> = counts
        .into_iter()
        .filter(|&(_, n)| n >= MIN_SHAPE)
        .collect();
    frequent.sort_by_key(|&(hash, n)| (std::cmp::Reverse(n), hash));
    frequent.truncate(MOST_SHAPES);
    frequent.into_iter().map(|(hash, _)| hash).collect()
}

/// The candidates of a move of a record: the move played first, then the others the search
/// would consider (`candidates::is_candidate`, with the default opening).
fn candidates(board: &Board, color: Color, played: Point) -> impl Iterator<Item = Point> + '_ {
    let opening = Constants::defaults(board.size()).opening as usize;
    let others = (board.empty_points())
        .filter(move |&p| p != played && candidates::is_candidate(board, color, p, opening));
    std::iter::once(played).chain(others)
}

/// The built-in model's strength of every candidate, the move played first.
fn model_strengths(board: &Board, color: Color, played: Point) -> Vec<(Point, f32)> {
    let points: Vec<Point> = candidates(board, color, played).collect();
    candidates::rated(board, color, &points)
}

/// The competitions of one record. With `alternatives`, each keeps the move played and that
/// many other candidates drawn at random (`seed` fixes the draw): a logit model fitted on
/// random subsets of the alternatives estimates the same strengths (McFadden, 1978), and
/// the fit then holds several times more games in the same memory.
fn competitions(
    text: &str,
    shapes: &Dictionary,
    alternatives: Option<usize>,
    seed: u64,
) -> Vec<Competition> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    replay(text, |board, color, played| {
        let window = spatial::Window::new(board, color);
        let canonical = |p| {
            let mut f = features_with(board, color, p, &window, shapes);
            // The search's model reads the shape without atari marks (`weights::strength`).
            f[0] = canonical(f[0] & PLAIN_SHAPE, color);
            Packed::new(&f)
        };
        let mut points: Vec<Point> = candidates(board, color, played).collect();
        if let Some(n) = alternatives {
            // The move played stays first, `n` others drawn behind it.
            let mut others = points.split_off(1);
            let n = n.min(others.len());
            let (drawn, _) = others.partial_shuffle(&mut rng, n);
            points.extend_from_slice(drawn);
        }
        out.push(Competition {
            candidates: points.into_iter().map(canonical).collect(),
            size: board.size(),
        });
    });
    out
}

fn strength(gammas: &[Vec<f64>], f: &Packed) -> f64 {
    (0..GROUPS).map(|g| gammas[g][f.get(g)]).product()
}

/// A value's new strength from its wins and the sum of its share of every competition it
/// took part in, with Coulom's prior: a virtual win and a virtual loss against strength 1.
fn mm_step(gamma: f64, wins: f64, denominator: f64) -> f64 {
    (wins + 1.0) / (denominator + 2.0 / (gamma + 1.0))
}

/// One MM update of group `g`.
fn update_group(gammas: &mut [Vec<f64>], wins: &[Vec<f64>], data: &[Competition], g: usize) {
    let size = GROUP_SIZES[g];
    let denominators = data
        .par_iter()
        .fold(
            || vec![0.0f64; size],
            |mut sums, c| {
                let strengths: Vec<f64> =
                    c.candidates.iter().map(|f| strength(gammas, f)).collect();
                let total: f64 = strengths.iter().sum();
                for (f, s) in c.candidates.iter().zip(&strengths) {
                    let v = f.get(g);
                    sums[v] += s / gammas[g][v] / total;
                }
                sums
            },
        )
        .reduce(
            || vec![0.0f64; size],
            |mut a, b| {
                a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                a
            },
        );
    for v in 0..size {
        if denominators[v] > 0.0 {
            gammas[g][v] = mm_step(gammas[g][v], wins[g][v], denominators[v]);
        }
    }
}

/// How often the strongest candidate is the move played, in the competitions on boards of
/// `sizes`.
fn top_one(gammas: &[Vec<f64>], data: &[Competition], sizes: &[usize]) -> f64 {
    let chosen = || data.par_iter().filter(|c| sizes.contains(&c.size));
    let hits = chosen()
        .filter(|c| {
            let played = strength(gammas, &c.candidates[0]);
            c.candidates[1..]
                .iter()
                .all(|f| strength(gammas, f) < played)
        })
        .count();
    hits as f64 / chosen().count().max(1) as f64
}

/// The stages of a game the prediction screen reports apart: moves 1-50, 51-150, 151 on.
const STAGES: [(usize, usize); 3] = [(1, 50), (51, 150), (151, usize::MAX)];

/// The move-prediction screen: on `count` held-out games of a collection (every tenth game,
/// never trained on), how often the built-in model's favourite is the move played (a tie
/// counts as the share a random pick among the tied moves would get) and the mean natural
/// log-likelihood of the move played, by stage. Prints one line a stage and one for all.
/// With `network`, the network's probabilities take the place of the move model's.
fn predict(file: &str, count: usize, network: Option<&Network>) {
    let games = sample(file, count, true);
    // For each move: its number, whether the favourite (a share of it) and its log-likelihood.
    let moves: Vec<(usize, f64, f64)> = games
        .par_iter()
        .flat_map(|game| {
            let mut out = Vec::new();
            let mut number = 0;
            replay(game, |board, color, played| {
                number += 1;
                let candidates = model_strengths(board, color, played);
                let strengths: Vec<f64> = match network {
                    Some(network) => network.shares(board, color, &candidates),
                    None => candidates.iter().map(|&(_, s)| s).collect(),
                }
                .into_iter()
                .map(f64::from)
                .collect();
                let (played_strength, total) = (strengths[0], strengths.iter().sum::<f64>());
                let best = strengths.iter().cloned().fold(0.0, f64::max);
                let tied = strengths.iter().filter(|&&s| s == best).count();
                let hit = if played_strength == best {
                    1.0 / tied as f64
                } else {
                    0.0
                };
                out.push((number, hit, (played_strength / total).ln()));
            });
            out
        })
        .collect();
    println!(
        "{file}: {} held-out games, {} moves",
        games.len(),
        moves.len()
    );
    let all = [(1, usize::MAX)];
    for (first, last) in STAGES.iter().chain(&all) {
        let stage: Vec<&(usize, f64, f64)> = moves
            .iter()
            .filter(|m| (*first..=*last).contains(&m.0))
            .collect();
        let n = stage.len().max(1) as f64;
        let top = stage.iter().map(|m| m.1).sum::<f64>() / n;
        let likelihood = stage.iter().map(|m| m.2).sum::<f64>() / n;
        let name = if *last == usize::MAX {
            format!("{first}+")
        } else {
            format!("{first}-{last}")
        };
        let name = if *first == 1 && *last == usize::MAX {
            "all".to_string()
        } else {
            name
        };
        println!(
            "  moves {name:>7}: {:>6} moves, top-1 {:.1}%, mean log-likelihood {likelihood:.3}",
            stage.len(),
            100.0 * top
        );
    }
}

/// Top-1 over all the test moves, and by board size.
fn accuracy(gammas: &[Vec<f64>], test: &[Competition]) -> String {
    let all = top_one(gammas, test, &[9, 13, 19]);
    let [nine, thirteen, nineteen] = [9, 13, 19].map(|s| 100.0 * top_one(gammas, test, &[s]));
    format!(
        "{:.1}% (9x9 {nine:.1}%, 13x13 {thirteen:.1}%, 19x19 {nineteen:.1}%)",
        100.0 * all
    )
}

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_default();
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    if mode == "atari" {
        let get = |i: usize, default| args.get(i).copied().unwrap_or(default);
        fit_marked(get(0, 300), get(1, 10));
        return;
    }
    if mode == "factors" {
        let get = |i: usize, default| args.get(i).copied().unwrap_or(default);
        fit_factors(get(0, 1000), get(1, 3), get(2, 64));
        return;
    }
    if mode == "planes" {
        let folder = std::env::args().nth(2).expect("a folder for the planes");
        planes::export(&folder, args.first().copied().unwrap_or(1000));
        return;
    }
    if mode == "value-label" {
        let file = std::env::args().nth(2).expect("a file for the labels");
        let playouts = args.first().copied().unwrap_or(128) as u32;
        value::label(&file, playouts, args.get(1).copied().unwrap_or(usize::MAX));
        return;
    }
    if mode == "value-positions" {
        let arg = |i: usize| std::env::args().nth(i).expect("LABELS FOLDER [PER_GAME]");
        value::positions(
            &arg(2),
            &arg(3),
            args.first().copied().unwrap_or(value::PER_GAME),
        );
        return;
    }
    if mode == "value-baseline" {
        const USAGE: &str = "LABELS PLAYOUTS [GAMES] [TUNE]";
        let labels = std::env::args().nth(2).expect(USAGE);
        let playouts = args.first().copied().expect(USAGE) as u64;
        // The `--tune` setting is the argument with a `name=value` in it.
        let tune = std::env::args().skip(3).find(|a| a.contains('='));
        let tuning = tengen::tuning::Tuning::parse(tune.as_deref().unwrap_or(""))
            .unwrap_or_else(|e| panic!("TUNE: {e}"));
        value::baseline(
            &labels,
            playouts,
            args.get(1).copied().unwrap_or(usize::MAX),
            tuning,
        );
        return;
    }
    if mode == "value-screen" {
        let arg = |i: usize| std::env::args().nth(i).expect("FOLDER NETWORK");
        value::screen(&arg(2), &arg(3));
        return;
    }
    if mode == "predict" {
        let collection = std::env::args()
            .nth(2)
            .unwrap_or("pro-aeb-19x19-even".into());
        // `predict COLLECTION GAMES network [FILE]`: the built-in network, or one from a file.
        let from_file;
        let network = match (std::env::args().nth(4).as_deref(), std::env::args().nth(5)) {
            (Some("network"), Some(file)) => {
                let text = std::fs::read_to_string(&file).expect("the network file reads");
                from_file = Network::parse(&text).unwrap_or_else(|e| panic!("{file}, {e}"));
                Some(&from_file)
            }
            (Some("network"), None) => Some(tengen::knowledge::network::built_in()),
            _ => None,
        };
        predict(
            &format!("{collection}.sgf.xz"),
            args.first().copied().unwrap_or(100),
            network,
        );
        return;
    }
    let per_file = args.first().copied().unwrap_or(300);
    let iterations = args.get(1).copied().unwrap_or(12);
    let alternatives = args.get(2).copied().filter(|&n| n > 0);
    let games_of = |count: usize, test: bool| -> Vec<String> {
        FILES.iter().flat_map(|f| sample(f, count, test)).collect()
    };
    let (training, testing) = (games_of(per_file, false), games_of(TEST_GAMES, true));
    let hashes = harvest(&training);
    let shapes = Dictionary::new(&hashes);
    eprintln!(
        "{} large shapes seen {MIN_SHAPE} times or more",
        shapes.len()
    );
    let load = |games: &[String], alternatives: Option<usize>| -> Vec<Competition> {
        (games.par_iter().enumerate())
            .flat_map(|(i, g)| competitions(g, &shapes, alternatives, i as u64))
            .collect()
    };
    // The test keeps every candidate: its top-1 is the real one.
    let (data, test) = (load(&training, alternatives), load(&testing, None));
    let (games, test_games) = (training.len(), testing.len());
    eprintln!(
        "{games} training games, {} moves; {test_games} test games, {} moves",
        data.len(),
        test.len()
    );
    let mut wins: Vec<Vec<f64>> = GROUP_SIZES.iter().map(|&n| vec![0.0; n]).collect();
    let mut seen = vec![0u32; GROUP_SIZES[0]];
    for c in &data {
        for g in 0..GROUPS {
            wins[g][c.candidates[0].get(g)] += 1.0;
        }
        for f in &c.candidates {
            seen[f.get(0)] += 1;
        }
    }
    let mut gammas: Vec<Vec<f64>> = GROUP_SIZES.iter().map(|&n| vec![1.0; n]).collect();
    for i in 0..iterations {
        for g in 0..GROUPS {
            update_group(&mut gammas, &wins, &data, g);
        }
        eprintln!(
            "iteration {}: test top-1 {}",
            i + 1,
            accuracy(&gammas, &test)
        );
    }
    let accuracy = accuracy(&gammas, &test);
    let mut out = String::new();
    writeln!(
        out,
        "# tengen move model: feature group, value, strength (gamma)."
    )
    .unwrap();
    writeln!(
        out,
        "# Fitted by `cargo run --release --example train_patterns -- {per_file} {iterations}{}` on {games} games \
         ({} moves{}): every k-th game, less every tenth, of {}.",
        alternatives.map_or(String::new(), |n| format!(" {n}")),
        data.len(),
        alternatives.map_or(String::new(), |n| format!(", each against {n} other legal moves drawn at random")),
        FILES.join(", ")
    )
    .unwrap();
    writeln!(
        out,
        "# The move played is the strongest candidate in {accuracy} of {} moves of {test_games} other games.",
        test.len()
    )
    .unwrap();
    for g in 0..SPATIAL {
        for v in 0..GROUP_SIZES[g] {
            let rare = g == 0 && seen[v] < MIN_SEEN;
            if gammas[g][v] != 1.0 && !rare {
                writeln!(out, "{} {v} {:.4}", GROUP_NAMES[g], gammas[g][v]).unwrap();
            }
        }
    }
    std::fs::write(WEIGHTS, weight_file::with_count(&out)).expect("write the weights");
    let mut dictionary = format!(
        "# tengen large shapes: hash (hexadecimal), strength (gamma), most frequent first.\n\
         # {} shapes seen {MIN_SHAPE} times or more around the moves played in the games of weights.txt.\n",
        hashes.len()
    );
    for (i, hash) in hashes.iter().enumerate() {
        writeln!(dictionary, "{hash:x} {:.4}", gammas[SPATIAL][i + 1]).unwrap();
    }
    std::fs::write(
        "src/knowledge/spatial.txt",
        weight_file::with_count(&dictionary),
    )
    .expect("write the shapes");
    eprintln!("wrote src/knowledge/weights.txt and src/knowledge/spatial.txt");
}

/// The lines of `weights.txt` that `keep` accepts.
fn weights_lines(keep: impl Fn(&str) -> bool) -> String {
    let old = std::fs::read_to_string(WEIGHTS).unwrap_or_default();
    old.lines()
        .filter(|l| keep(l))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// A line of a shape with atari marks or their comment (`fit_marked` writes them).
fn is_marked_line(line: &str) -> bool {
    let marked = |v: &str| v.parse().is_ok_and(has_atari_marks);
    line.starts_with("# atari")
        || line
            .strip_prefix("shape ")
            .and_then(|l| l.split_whitespace().next())
            .is_some_and(marked)
}

/// One position for the fit of the marked shapes: each candidate's strength without its
/// shape, and the place of its shape among the fitted ones (`HELD` for a shape whose
/// strength is held, already in the first number); the move played first.
struct ShapeCompetition {
    candidates: Vec<(f64, u32)>,
}

const HELD: u32 = u32::MAX;

/// Every position of `games` as (canonical shape key, strength without the shape, strength of
/// the plain shape) for each candidate.
fn shape_positions(games: &[String]) -> Vec<Vec<(u32, f64, f64)>> {
    let shapes = spatial::built_in();
    games
        .par_iter()
        .flat_map_iter(|text| {
            let mut out = Vec::new();
            replay(text, |board, color, played| {
                let window = spatial::Window::new(board, color);
                let candidates = candidates(board, color, played).map(|p| {
                    let mut f = features_with(board, color, p, &window, shapes);
                    let key = canonical(f[0], color);
                    f[0] &= PLAIN_SHAPE;
                    let plain = f64::from(weights::shape_strength(f[0], color));
                    (key, f64::from(weights::strength(&f, color)) / plain, plain)
                });
                out.push(candidates.collect::<Vec<_>>());
            });
            out
        })
        .collect()
}

/// A candidate's strength with the marked shapes at `gammas`.
fn marked_strength(gammas: &[f64], &(s, v): &(f64, u32)) -> f64 {
    if v == HELD { s } else { s * gammas[v as usize] }
}

/// How often the strongest candidate is the move played, the marked shapes at `gammas`.
fn marked_top_one(gammas: &[f64], data: &[ShapeCompetition]) -> f64 {
    let strength = |x: &(f64, u32)| marked_strength(gammas, x);
    let hits = data
        .par_iter()
        .filter(|c| {
            let played = strength(&c.candidates[0]);
            c.candidates[1..].iter().all(|x| strength(x) < played)
        })
        .count();
    hits as f64 / data.len().max(1) as f64
}

/// Fits the shapes with atari marks alone on `per_file` training games of each collection,
/// each starting from its plain shape's strength, and rewrites their lines of `weights.txt`.
fn fit_marked(per_file: usize, iterations: usize) {
    let games = |test: bool, count: usize| -> Vec<String> {
        FILES.iter().flat_map(|f| sample(f, count, test)).collect()
    };
    let (training, testing) = (
        shape_positions(&games(false, per_file)),
        shape_positions(&games(true, TEST_GAMES)),
    );
    // The marked shapes seen often enough as candidates get a place; the others are held.
    let mut seen: HashMap<u32, (u32, f64)> = HashMap::new();
    for &(key, _, plain) in training.iter().flatten() {
        if has_atari_marks(key) {
            seen.entry(key).or_insert((0, plain)).0 += 1;
        }
    }
    let mut keys: Vec<(u32, f64)> = (seen.into_iter())
        .filter(|&(_, (n, _))| n >= MIN_SEEN)
        .map(|(key, (_, plain))| (key, plain))
        .collect();
    keys.sort_by_key(|&(key, _)| key);
    let place: HashMap<u32, u32> = keys
        .iter()
        .enumerate()
        .map(|(i, &(k, _))| (k, i as u32))
        .collect();
    let competitions = |positions: Vec<Vec<(u32, f64, f64)>>| -> Vec<ShapeCompetition> {
        let candidate = |(key, rest, plain): (u32, f64, f64)| match place.get(&key) {
            Some(&i) => (rest, i),
            None => (rest * plain, HELD),
        };
        (positions.into_iter())
            .map(|p| ShapeCompetition {
                candidates: p.into_iter().map(candidate).collect(),
            })
            .collect()
    };
    let (data, test) = (competitions(training), competitions(testing));
    eprintln!(
        "{} training positions, {} test positions, {} marked shapes",
        data.len(),
        test.len(),
        keys.len()
    );
    let mut gammas: Vec<f64> = keys.iter().map(|&(_, plain)| plain).collect();
    let mut wins = vec![0.0f64; keys.len()];
    for c in &data {
        if c.candidates[0].1 != HELD {
            wins[c.candidates[0].1 as usize] += 1.0;
        }
    }
    let before = marked_top_one(&gammas, &test);
    for i in 0..iterations {
        let denominators = data
            .par_iter()
            .fold(
                || vec![0.0f64; keys.len()],
                |mut sums, c| {
                    let total: f64 = c
                        .candidates
                        .iter()
                        .map(|x| marked_strength(&gammas, x))
                        .sum();
                    for &(s, v) in c.candidates.iter().filter(|x| x.1 != HELD) {
                        sums[v as usize] += s / total;
                    }
                    sums
                },
            )
            .reduce(
                || vec![0.0f64; keys.len()],
                |a, b| a.iter().zip(b).map(|(x, y)| x + y).collect(),
            );
        for v in 0..keys.len() {
            gammas[v] = mm_step(gammas[v], wins[v], denominators[v]);
        }
        eprintln!(
            "iteration {}: test top-1 {:.2}%",
            i + 1,
            100.0 * marked_top_one(&gammas, &test)
        );
    }
    let after = marked_top_one(&gammas, &test);
    let mut out = weights_lines(|l| !is_marked_line(l));
    writeln!(
        out,
        "# atari: the shapes with atari marks, fitted alone by `cargo run --release --example \
         train_patterns -- atari {per_file} {iterations}` on {} positions; top-1 on {} test positions {:.1}% -> {:.1}%.",
        data.len(),
        test.len(),
        100.0 * before,
        100.0 * after
    )
    .unwrap();
    for (&(key, _), gamma) in keys.iter().zip(&gammas) {
        writeln!(out, "shape {key} {gamma:.4}").unwrap();
    }
    std::fs::write(WEIGHTS, weight_file::with_count(&out)).expect("write the weights");
    eprintln!("top-1 {before:.4} -> {after:.4}; wrote {WEIGHTS}");
}

/// The factorized fit (`factors`) on `per_file` training games of each collection, each move
/// against `alternatives` others drawn at random, the large shapes of the built-in dictionary.
fn fit_factors(per_file: usize, epochs: usize, alternatives: usize) {
    let games_of = |count: usize, test: bool| -> Vec<String> {
        FILES.iter().flat_map(|f| sample(f, count, test)).collect()
    };
    let (training, testing) = (games_of(per_file, false), games_of(TEST_GAMES, true));
    let shapes = spatial::built_in();
    let load = |games: &[String], alternatives: Option<usize>| -> Vec<Competition> {
        (games.par_iter().enumerate())
            .flat_map(|(i, g)| competitions(g, shapes, alternatives, i as u64))
            .collect()
    };
    let (mut data, test) = (load(&training, Some(alternatives)), load(&testing, None));
    eprintln!(
        "{} training games, {} moves; {} test games, {} moves",
        training.len(),
        data.len(),
        testing.len(),
        test.len()
    );
    let model = factors::fit(&mut data, &test, epochs);
    let (top, likelihood) = model.accuracy(&test, &[9, 13, 19]);
    model.write(&format!(
        "fitted after the strengths above by `cargo run --release --example train_patterns -- \
         factors {per_file} {epochs} {alternatives}` on {} games ({} moves, each against \
         {alternatives} others drawn at random); the move played is the strongest candidate in \
         {:.1}% of the test moves (log-likelihood {likelihood:.3}).",
        training.len(),
        data.len(),
        100.0 * top
    ));
    eprintln!("wrote {WEIGHTS} and src/knowledge/spatial.txt");
}
