//! Games written by `printsgf` read back the same in sgfmill (Python) and @sabaki/sgf (the SGF
//! library Sabaki is built on): moves, size, komi, handicap, setup stones, rules and result.
//!
//! Needs `pip install sgfmill` and `npm install --prefix target/sgf-tools @sabaki/sgf` (`.ci/run`
//! does both); the test is ignored by default and fails where a tool is missing.

use std::path::{Path, PathBuf};
use std::process::Command;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};
use tengen::board::{Color, Move, Point};
use tengen::game::{Game, Superko};
use tengen::gtp::client::Client;

fn scripts() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-scripts/sgf")
}

fn node_modules() -> PathBuf {
    std::env::var_os("TENGEN_NODE_MODULES")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("target/sgf-tools/node_modules")
        })
}

/// Runs a reader script over the files.
fn read_with(tool: &str, files: &[PathBuf]) -> Vec<Value> {
    let mut command = match tool {
        "sgfmill" => {
            let mut c = Command::new("python3");
            c.arg(scripts().join("read_sgfmill.py"));
            c
        }
        _ => {
            let mut c = Command::new("node");
            c.arg(scripts().join("read_sabaki.js"))
                .env("NODE_PATH", node_modules());
            c
        }
    };
    let output = command.args(files).output().expect("python3 and node");
    assert!(
        output.status.success(),
        "{tool} failed (is it installed? see the file's first lines): {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).unwrap();
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn name(game: &Game, mv: Move) -> String {
    match mv {
        Move::Pass => "pass".into(),
        Move::Play(p) => game.board().point_name(p),
    }
}

/// Plays a random game into the engine (with a handicap now and then) and saves it with
/// `printsgf FILE`; returns what any reader should find in the file.
fn random_game(engine: &mut Client, rng: &mut SmallRng, file: &Path) -> Value {
    let size = [5, 9, 13, 19][rng.random_range(0..4)];
    let komi = [0.5, 6.5, 7.5, -3.0][rng.random_range(0..4)];
    engine.ask(&format!("boardsize {size}")).unwrap();
    engine.ask("clear_board").unwrap();
    engine.ask(&format!("komi {komi}")).unwrap();
    let mut game = Game::new(size, komi, Superko::Situational);
    let mut handicap_stones: Vec<String> = Vec::new();
    if size >= 9 && rng.random_range(0..3) == 0 {
        let n = rng.random_range(2..=4);
        let placed = engine.ask(&format!("fixed_handicap {n}")).unwrap();
        let points: Vec<Point> = placed
            .split(' ')
            .map(|v| game.board().point_named(v).unwrap())
            .collect();
        assert!(game.place_handicap(&points));
        handicap_stones = placed.split(' ').map(String::from).collect();
        handicap_stones.sort();
    }
    let mut moves = Vec::new();
    let ends_by_passes = rng.random_range(0..2) == 0;
    for _ in 0..rng.random_range(0..size * size) {
        let color = game.to_move();
        let board = game.board();
        let legal: Vec<Point> = board
            .empty_points()
            .filter(|&p| game.check_move(color, Move::Play(p)).is_ok())
            .collect();
        let mv = if legal.is_empty() {
            Move::Pass
        } else {
            Move::Play(legal[rng.random_range(0..legal.len())])
        };
        engine
            .ask(&format!("play {} {}", color.name(), name(&game, mv)))
            .unwrap();
        moves.push(json!([
            if color == Color::Black { "B" } else { "W" },
            name(&game, mv)
        ]));
        game.play(color, mv).unwrap();
    }
    let mut result = Value::Null;
    if ends_by_passes {
        for _ in 0..2 {
            let color = game.to_move();
            engine.ask(&format!("play {} pass", color.name())).unwrap();
            moves.push(json!([
                if color == Color::Black { "B" } else { "W" },
                "pass"
            ]));
            game.play(color, Move::Pass).unwrap();
        }
        result = json!(engine.ask("final_score").unwrap());
    }
    engine.ask(&format!("printsgf {}", file.display())).unwrap();
    json!({
        "size": size,
        "komi": komi,
        "handicap": handicap_stones.len(),
        "result": result,
        "rules": "Chinese",
        "setup_black": handicap_stones,
        "setup_white": [],
        "moves": moves,
    })
}

#[test]
#[ignore = "needs sgfmill (pip) and @sabaki/sgf (npm); run by .ci/run with --include-ignored"]
fn printsgf_games_read_back_the_same_in_sgfmill_and_sabaki() {
    let dir = std::env::temp_dir().join(format!("tengen-roundtrip-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut engine = Client::start(env!("CARGO_BIN_EXE_tengen"), &[], None).unwrap();
    let mut rng = SmallRng::seed_from_u64(4);
    let (mut files, mut expected) = (Vec::new(), Vec::new());
    for i in 0..40 {
        let file = dir.join(format!("game{i}.sgf"));
        expected.push(random_game(&mut engine, &mut rng, &file));
        files.push(file);
    }
    for tool in ["sgfmill", "sabaki"] {
        let read = read_with(tool, &files);
        assert_eq!(read.len(), files.len());
        for ((found, wanted), file) in read.iter().zip(&expected).zip(&files) {
            // JSON numbers: JavaScript writes komi -3.0 as -3.
            let mut found = found.clone();
            found["komi"] = json!(found["komi"].as_f64());
            assert_eq!(
                &found,
                wanted,
                "{tool} reads {} differently",
                file.display()
            );
        }
        eprintln!("{tool}: {} games read back the same", files.len());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
