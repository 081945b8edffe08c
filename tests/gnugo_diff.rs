//! Differential test of the board mechanics against GNU Go 3.8: random legal games are played
//! into both engines; after every move both must show the same stones, and on sampled points
//! both must agree on what is legal. Both run with positional superko, so that every repeated
//! arrangement is illegal in both.
//!
//! `TENGEN_LONG=1` plays 700 games per size (2,100 in all) instead of the CI handful.
//! Ignored by default (it needs GNU Go and a few minutes); `.ci/run` runs it.

use std::collections::BTreeSet;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use tengen::board::{Color, Move, Point};
use tengen::game::{Game, Superko};
use tengen::gtp::client::Client;

const GNUGO: &str = "/usr/games/gnugo";

struct Engines {
    tengen: Client,
    gnugo: Client,
}

impl Engines {
    fn start() -> Engines {
        let tengen = Client::start(
            env!("CARGO_BIN_EXE_tengen"),
            &["--superko".into(), "positional".into()],
            None,
        )
        .expect("start tengen");
        let args = ["--mode", "gtp", "--chinese-rules", "--positional-superko"].map(String::from);
        let gnugo = Client::start(GNUGO, &args, None).expect("start gnugo");
        Engines { tengen, gnugo }
    }

    /// Sends a command to both; both must succeed. Returns both answers.
    fn both(&mut self, command: &str) -> (String, String) {
        let t = self
            .tengen
            .ask(command)
            .unwrap_or_else(|e| panic!("tengen: {e}"));
        let g = self
            .gnugo
            .ask(command)
            .unwrap_or_else(|e| panic!("gnugo: {e}"));
        (t, g)
    }

    fn stones(&mut self, color: &str) -> (BTreeSet<String>, BTreeSet<String>) {
        let (t, g) = self.both(&format!("list_stones {color}"));
        let set = |s: String| {
            s.split_whitespace()
                .map(str::to_uppercase)
                .collect::<BTreeSet<_>>()
        };
        (set(t), set(g))
    }
}

fn require_gnugo() {
    assert!(
        std::path::Path::new(GNUGO).exists(),
        "this test needs {GNUGO}: apt-get install gnugo"
    );
}

fn vertex(game: &Game, mv: Move) -> String {
    match mv {
        Move::Pass => "pass".into(),
        Move::Play(p) => game.board().point_name(p),
    }
}

/// A random legal move that does not fill the mover's own eye, or now and then a pass.
fn random_move(game: &Game, rng: &mut SmallRng) -> Move {
    let color = game.to_move();
    let board = game.board();
    let candidates: Vec<Point> = board
        .empty_points()
        .filter(|&p| !board.is_eye(color, p) && game.check_move(color, Move::Play(p)).is_ok())
        .collect();
    if candidates.is_empty() || rng.random_range(0..100) == 0 {
        Move::Pass
    } else {
        Move::Play(candidates[rng.random_range(0..candidates.len())])
    }
}

/// Plays one random game into both engines; returns (moves, legality checks).
fn play_game(engines: &mut Engines, size: usize, rng: &mut SmallRng) -> (usize, usize) {
    engines.both(&format!("boardsize {size}"));
    engines.both("clear_board");
    let mut game = Game::new(size, 7.5, Superko::Positional);
    let mut checks = 0;
    // GNU Go keeps at most a few hundred moves of history; stay below that.
    let max_moves = (2 * size * size).min(400);
    while !game.is_over() && game.move_count() < max_moves {
        let color = game.to_move();
        let mv = random_move(&game, rng);
        let name = vertex(&game, mv);
        engines.both(&format!("play {} {name}", color.name()));
        game.play(color, mv).unwrap();
        for c in ["black", "white"] {
            let (t, g) = engines.stones(c);
            assert_eq!(
                t,
                g,
                "{c} stones differ on {size}x{size} after {} moves: {:?}",
                game.move_count(),
                game.steps()
            );
        }
        let points: Vec<Point> = game.board().points().collect();
        for _ in 0..3 {
            let p = points[rng.random_range(0..points.len())];
            let side = if rng.random_range(0..2) == 0 {
                Color::Black
            } else {
                Color::White
            };
            let query = format!("is_legal {} {}", side.name(), game.board().point_name(p));
            let (t, g) = engines.both(&query);
            assert_eq!(
                t,
                g,
                "{query} differs on {size}x{size} after {:?}",
                game.steps()
            );
            checks += 1;
        }
    }
    (game.move_count(), checks)
}

#[test]
#[ignore = "needs GNU Go (apt-get install gnugo) and a few minutes; run by .ci/run with --include-ignored"]
fn boards_and_legality_agree_with_gnugo() {
    require_gnugo();
    // Games per size: the large boards' games are long and their mechanics are the same.
    let games_of = |size: usize| match (std::env::var("TENGEN_LONG").is_ok(), size) {
        (true, _) => 700,
        (false, 9) => 100,
        (false, 13) => 40,
        (false, _) => 20,
    };
    let mut rng = SmallRng::seed_from_u64(38);
    let mut engines = Engines::start();
    let (mut games, mut moves, mut checks) = (0, 0, 0);
    for size in [9, 13, 19] {
        for _ in 0..games_of(size) {
            let (m, c) = play_game(&mut engines, size, &mut rng);
            games += 1;
            moves += m;
            checks += c;
        }
    }
    eprintln!("{games} games, {moves} moves, {checks} legality checks: no mismatch with GNU Go");
    engines.tengen.quit().unwrap();
    engines.gnugo.quit().unwrap();
}
