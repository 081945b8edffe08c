//! How well the playouts alone judge positions whose value is known: a quick screen for
//! playout rules, much less noisy than a match. Each setting plays the same number of
//! playouts from every position and is scored by the squared error of its Black win rate
//! against the position's label, the lower the better: Silver and Tesauro's simulation
//! balancing asks for playouts whose mean result is right, not for playouts that play well.
//! The positions come from one of two sources:
//! - a collection of strong players' games (every `EVERY`-th move from move `FIRST`),
//!   labelled by the game's winner (0 or 1), a weak label so long before the end;
//! - a file of labelled positions (a name ending in `.labels`, written by
//!   `gtp-scripts/bench/label-positions.py`): positions of match games, each labelled with
//!   Black's win rate from a search of many times a match's playouts.
//!
//! Each setting after the first is compared with the first position by position, which
//! gives the difference its standard error.
//!
//! Run: `cargo run --release --example playout_balance -- SOURCE COUNT PLAYOUTS
//! [SETTING ...]`, e.g. `… -- pro-aeb-13x13 105 400 "" nakade=0.8 race=0.5` (COUNT games of
//! the collection) or `… -- LABELS_FILE 500 2000 ""
//! ladders=1` (COUNT positions of the file), where a setting is what `--tune` takes (""
//! for the defaults). A collection needs `xz` and `../shared/data/games/`. With `WORST=N` in
//! the environment each setting also names the N positions it misses most.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use rand::SeedableRng;
use rand::rngs::SmallRng;
use rayon::prelude::*;
use tengen::board::{Board, Color, Move};
use tengen::game::{Step, Superko};
use tengen::playout::heavy::HeavyPolicy;
use tengen::playout::ownership::Ownership;
use tengen::playout::playout;
use tengen::tuning::Tuning;

const DATA: &str = "../shared/data/games";
/// The first position taken from a game, and the distance between positions.
const FIRST: usize = 60;
const EVERY: usize = 10;

/// A position, the side to move, the game's komi and its label: Black's chance to win.
struct Position {
    board: Board,
    to_move: Color,
    komi: f64,
    black_rate: f64,
}

/// The first `count` records of a collection, one a line.
fn records(collection: &str, count: usize) -> Vec<String> {
    let mut child = Command::new("xz")
        .args(["-dc", &format!("{DATA}/{collection}.sgf.xz")])
        .stdout(Stdio::piped())
        .spawn()
        .expect("xz runs");
    let lines = BufReader::new(child.stdout.take().expect("a pipe"))
        .lines()
        .map_while(Result::ok)
        .take(count)
        .collect();
    let _ = child.wait();
    lines
}

/// The positions of one record whose winner is known (nothing for a draw, a void game or a
/// record that does not load).
fn positions(text: &str) -> Vec<Position> {
    let Some(tree) = tengen::sgf::parse(text)
        .ok()
        .and_then(|t| t.into_iter().next())
    else {
        return Vec::new();
    };
    let Ok(record) = tengen::sgf::load(&tree, tengen::sgf::Until::End, 7.5, Superko::Situational)
    else {
        return Vec::new();
    };
    let black_rate = match record.info.result.as_deref().and_then(|r| r.chars().next()) {
        Some('B') => 1.0,
        Some('W') => 0.0,
        _ => return Vec::new(),
    };
    let komi = record.game.komi();
    let mut board: Board = record.game.start().0.clone();
    let mut found = Vec::new();
    for (i, step) in record.game.steps().iter().enumerate() {
        let Step::Move(color, mv) = *step else {
            break;
        };
        if i >= FIRST && (i - FIRST) % EVERY == 0 {
            let to_move = color;
            found.push(Position {
                board: board.clone(),
                to_move,
                komi,
                black_rate,
            });
        }
        match mv {
            Move::Pass => board.pass(),
            Move::Play(p) => {
                if board.play(color, p).is_err() {
                    break;
                }
            }
        }
    }
    found
}

/// The first `count` positions of a labels file, a line each: `SIZE KOMI TO_MOVE
/// BLACK_RATE MOVE...` with the moves as GTP vertices from the empty board.
fn labelled(path: &str, count: usize) -> Vec<Position> {
    let text = std::fs::read_to_string(path).expect("a labels file");
    let line = |line: &str| -> Option<Position> {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [size, komi, to_move, rate, moves @ ..] = fields.as_slice() else {
            return None;
        };
        let mut board = Board::new(size.parse().ok()?);
        let mut color = Color::Black;
        for vertex in moves {
            if vertex.eq_ignore_ascii_case("pass") {
                board.pass();
            } else {
                board.play(color, board.point_named(vertex)?).ok()?;
            }
            color = color.opponent();
        }
        Some(Position {
            board,
            to_move: if *to_move == "b" {
                Color::Black
            } else {
                Color::White
            },
            komi: komi.parse().ok()?,
            black_rate: rate.parse().ok()?,
        })
    };
    text.lines()
        .take(count)
        .map(|l| line(l).expect("a well-formed line"))
        .collect()
}

/// Black's share of `playouts` playouts from the position under `tuning`.
fn black_rate(position: &Position, tuning: &Tuning, playouts: u32, seed: u64) -> f64 {
    let size = position.board.size();
    let mut policy = HeavyPolicy::new(tuning.for_size(size));
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut board = position.board.clone();
    let owners = Ownership::default();
    let mut wins = 0.0;
    for _ in 0..playouts {
        board.clone_from(&position.board);
        playout(&mut board, position.to_move, &mut policy, &mut rng);
        let margin = f64::from(owners.count(&board)) - position.komi;
        wins += if margin > 0.0 {
            1.0
        } else if margin == 0.0 {
            0.5
        } else {
            0.0
        };
    }
    wins / f64::from(playouts)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [source, count, playouts, settings @ ..] = args.as_slice() else {
        eprintln!("usage: playout_balance SOURCE COUNT PLAYOUTS [SETTING ...]");
        std::process::exit(2);
    };
    let count: usize = count.parse().expect("COUNT is a number");
    let playouts: u32 = playouts.parse().expect("PLAYOUTS is a number");
    let settings: Vec<&str> = if settings.is_empty() {
        vec![""]
    } else {
        settings.iter().map(String::as_str).collect()
    };
    let found: Vec<Position> = if source.ends_with(".labels") {
        labelled(source, count)
    } else {
        records(source, count)
            .iter()
            .flat_map(|r| positions(r))
            .collect()
    };
    println!(
        "{source}: {} positions, {playouts} playouts each",
        found.len()
    );
    let mut first: Vec<f64> = Vec::new();
    for setting in settings {
        let tuning = Tuning::parse(setting).expect("a --tune setting");
        let misses: Vec<f64> = (found.par_iter().enumerate())
            .map(|(i, position)| {
                black_rate(position, &tuning, playouts, i as u64) - position.black_rate
            })
            .collect();
        let errors: Vec<f64> = misses.iter().map(|m| m * m).collect();
        let n = errors.len() as f64;
        let mean = errors.iter().sum::<f64>() / n;
        // How far the playouts lean to the side to move: too hopeful for it, or too gloomy.
        let lean = (misses.iter().zip(&found))
            .map(|(m, p)| if p.to_move == Color::Black { *m } else { -m })
            .sum::<f64>()
            / n;
        let mut line = format!(
            "{:<30} squared error {mean:.4}, lean to the side to move {lean:+.3}",
            format!("\"{setting}\"")
        );
        if first.is_empty() {
            first = errors;
        } else {
            let d: Vec<f64> = errors.iter().zip(&first).map(|(e, f)| e - f).collect();
            let dm = d.iter().sum::<f64>() / n;
            let var = d.iter().map(|x| (x - dm).powi(2)).sum::<f64>() / (n - 1.0);
            line += &format!(
                "   vs the first {dm:+.4} ± {:.4} (2 s.e.)",
                2.0 * (var / n).sqrt()
            );
        }
        println!("{line}");
        show_worst(&misses, &found);
    }
}

/// With `WORST=N` in the environment, the N positions whose playouts miss their label most,
/// by their line in the source (or their place among its positions), to look at on a board.
fn show_worst(misses: &[f64], found: &[Position]) {
    let count = std::env::var("WORST")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    let mut order: Vec<usize> = (0..misses.len()).collect();
    order.sort_by(|&a, &b| misses[b].abs().total_cmp(&misses[a].abs()));
    for &i in order.iter().take(count) {
        let p = &found[i];
        println!(
            "  position {}: {} to move, label {:.2} for Black, playouts {:.2}",
            i + 1,
            p.to_move.name(),
            p.black_rate,
            p.black_rate + misses[i]
        );
    }
}
