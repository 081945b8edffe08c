//! `tengen bench`: playout throughput, measured the same way on every machine so that changes
//! can be compared within one run.

use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::board::{Board, Color, Move};
use crate::game::{Game, Superko};
use crate::playout::heavy::HeavyPolicy;
use crate::playout::{Policy, RandomPolicy, playout};
use crate::search::tree::Tree;
use crate::search::{Budget, Limits, search};
use crate::tuning::Constants;

/// Runs playouts of `policy` from the empty `size` board for about `duration` on one thread;
/// returns (playouts, seconds, average moves per playout).
pub fn playouts(
    size: usize,
    duration: Duration,
    seed: u64,
    mut policy: impl Policy,
) -> (u64, f64, f64) {
    let empty = Board::new(size);
    let mut rng = SmallRng::seed_from_u64(seed);
    let start = Instant::now();
    let (mut playouts, mut moves) = (0u64, 0u64);
    let mut board = empty.clone();
    while start.elapsed() < duration {
        // Check the clock every 64 playouts only.
        for _ in 0..64 {
            board.clone_from(&empty);
            moves += playout(&mut board, Color::Black, &mut policy, &mut rng) as u64;
            playouts += 1;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    (playouts, seconds, moves as f64 / playouts as f64)
}

/// The whole benchmark: playouts, then full searches, each measurement `rounds` times. Results
/// go to stdout; what is being measured and a progress bar go to stderr (hidden when stderr is
/// no terminal), cleared while a result is printed so the two never mix on one screen.
pub fn run_all(seconds: f64, rounds: usize) {
    let threads = thread_counts();
    let measurements = 2 * 2 + 1 + 2 * 2 * threads.len();
    let bar = ProgressBar::new((measurements * rounds) as u64).with_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} {msg} [{elapsed}, ~{eta} left]")
            .expect("a valid template"),
    );
    run(seconds, rounds, &bar);
    run_network(seconds, rounds, &bar);
    run_search(seconds, rounds, &threads, &bar);
    bar.finish_and_clear();
}

/// Prints a result line on stdout, with the progress bar out of the way.
fn say(bar: &ProgressBar, line: String) {
    bar.suspend(|| println!("{line}"));
}

/// One thread and every core (once, on a one-core machine).
fn thread_counts() -> Vec<usize> {
    let all = std::thread::available_parallelism().map_or(1, |n| n.get());
    if all == 1 { vec![1] } else { vec![1, all] }
}

/// The playout benchmark: a few rounds per policy and size, each round's rate, and the median.
fn run(seconds_per_round: f64, rounds: usize, bar: &ProgressBar) {
    crate::knowledge::pattern::prepare();
    for (name, heavy) in [("random eye-avoiding", false), ("heavy", true)] {
        say(
            bar,
            format!("{name} playouts from the empty board, 1 thread"),
        );
        for size in [9, 19] {
            bar.set_message(format!("{name} playouts, {size}x{size}"));
            report(size, rounds, bar, |round| {
                let duration = Duration::from_secs_f64(seconds_per_round);
                if heavy {
                    playouts(size, duration, round, HeavyPolicy::for_size(size))
                } else {
                    playouts(size, duration, round, RandomPolicy::default())
                }
            });
        }
    }
}

/// Runs `rounds` rounds, printing each and the median rate.
fn report(
    size: usize,
    rounds: usize,
    bar: &ProgressBar,
    mut round: impl FnMut(u64) -> (u64, f64, f64),
) {
    let mut rates: Vec<f64> = (0..rounds)
        .map(|r| {
            let (n, secs, moves) = round(r as u64);
            bar.inc(1);
            let rate = n as f64 / secs;
            say(
                bar,
                format!(
                    "  {size}x{size} round {}: {n} playouts in {secs:.2} s = {rate:.0}/s ({moves:.1} moves each)",
                    r + 1
                ),
            );
            rate
        })
        .collect();
    rates.sort_by(f64::total_cmp);
    say(
        bar,
        format!(
            "{size}x{size}: median {:.0} playouts/s",
            rates[rates.len() / 2]
        ),
    );
}

/// The move network (`knowledge::network`), which refines the priors at the root and its
/// children on 19×19: evaluations a second of a middle-game position, one thread, `rounds`
/// rounds of about `seconds` each, and the median.
fn run_network(seconds: f64, rounds: usize, bar: &ProgressBar) {
    bar.set_message("the move network, 19x19");
    let game = middle_game(19, 120);
    let (board, color) = (game.board(), game.to_move());
    let points: Vec<_> = board
        .points()
        .filter(|&p| board.is_legal(color, p))
        .collect();
    let candidates = crate::knowledge::candidates::rated(board, color, &points);
    let network = crate::knowledge::network::built_in();
    let mut rates: Vec<f64> = (0..rounds)
        .map(|_| {
            let start = Instant::now();
            let mut evaluations = 0;
            while start.elapsed().as_secs_f64() < seconds {
                std::hint::black_box(network.shares(board, color, &candidates));
                evaluations += 1;
            }
            bar.inc(1);
            evaluations as f64 / start.elapsed().as_secs_f64()
        })
        .collect();
    rates.sort_by(f64::total_cmp);
    say(
        bar,
        format!(
            "move network, 19x19 middle game, 1 thread: median {:.0} evaluations/s",
            rates[rates.len() / 2]
        ),
    );
}

/// A middle-game position: `moves` random moves (no eye filling, no self-atari) from the empty
/// board, the same every time.
fn middle_game(size: usize, moves: usize) -> Game {
    let mut game = Game::new(size, 7.5, Superko::Situational);
    let mut rng = SmallRng::seed_from_u64(2026);
    let mut policy = RandomPolicy {
        self_atari_rejection: 1.0,
        ..RandomPolicy::default()
    };
    for _ in 0..moves {
        let color = game.to_move();
        let mv = policy.choose(game.board(), color, &mut rng);
        if game.play(color, mv).is_err() {
            game.play(color, Move::Pass).expect("a pass");
        }
    }
    game
}

/// Full searches (tree, heavy playouts): playouts per second with 1 thread and with all, on
/// 9×9 and 19×19, from the empty board and from a middle-game position.
fn run_search(seconds: f64, rounds: usize, thread_counts: &[usize], bar: &ProgressBar) {
    say(
        bar,
        format!("full search (tree + heavy playouts), {seconds} s per search, median of {rounds}"),
    );
    for size in [9, 19] {
        for (position, moves) in [("empty", 0), ("middle game", size * size / 3)] {
            let game = middle_game(size, moves);
            for &threads in thread_counts {
                bar.set_message(format!(
                    "search, {size}x{size} {position}, {threads} thread(s)"
                ));
                let pool = crate::search::thread_pool(threads);
                let budget = Budget {
                    threads,
                    playouts: None,
                    time: Some(seconds),
                    max_tree_mb: 1024,
                };
                let limits = Limits {
                    budget,
                    max_time: None,
                    early_stop: true,
                    seed: 1,
                    komi_offset: 0.0,
                    constants: Constants::defaults(size),
                    restrictions: Vec::new(),
                    halt: None,
                };
                let mut rates = Vec::new();
                let mut nodes = 0;
                for _ in 0..rounds {
                    // No early stop: a huge playout budget that time cuts short.
                    let report = search(
                        &game,
                        game.to_move(),
                        &Limits {
                            budget: Budget {
                                playouts: Some(u64::MAX),
                                ..budget
                            },
                            ..limits.clone()
                        },
                        &pool,
                    );
                    rates.push(report.playouts as f64 / report.seconds);
                    nodes = report.nodes;
                    bar.inc(1);
                }
                rates.sort_by(f64::total_cmp);
                say(
                    bar,
                    format!(
                        "  {size}x{size} {position}, {threads} thread(s): {:.0} playouts/s, {nodes} nodes of {} bytes",
                        rates[rates.len() / 2],
                        Tree::node_bytes()
                    ),
                );
            }
        }
    }
}
