//! Builds a whole-board problem set, `gtp-scripts/strength/SIZE.tst`: positions from tengen's
//! own games where one move is clearly best. A position is kept when
//! - GNU Go 3.8 level 10 values its choice well above its second choice (`top_moves`: at least
//!   `MARGIN` points ahead, and a quarter of the first move's value), and
//! - a long tengen search (`--playouts VERIFY`, two threads) chooses the same move.
//!
//! The games (those of a match folder, `FOLDER/games/*.sgf`) are copied beside the suite,
//! which loads each at its move number.
//!
//! Run: `cargo run --release --example make_strength -- SIZE COUNT VERIFY GAMES.sgf...`
//! (needs /usr/games/gnugo and a release build of tengen).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use tengen::gtp::client::Client;
use tengen::regress::run_file;

/// Points by which GNU Go's first choice must beat its second.
const MARGIN: f64 = 3.0;
/// Passes over the games, each taking at most one position from every game.
const ROUNDS: usize = 4;

struct Problem {
    game: String,
    move_number: usize,
    color: String,
    answer: String,
    gap: f64,
}

/// GNU Go's move for the side to move at `move_number`, if it is clearly its best.
fn clear_gnugo_move(
    gnugo: &mut Client,
    sgf: &Path,
    move_number: usize,
) -> Option<(String, String, f64)> {
    let color = gnugo
        .ask(&format!("loadsgf {} {move_number}", sgf.display()))
        .ok()?;
    let answer = gnugo
        .ask(&format!("reg_genmove {color}"))
        .ok()?
        .to_uppercase();
    let top = gnugo.ask("top_moves").ok()?;
    let values: Vec<(String, f64)> = top
        .split_whitespace()
        .collect::<Vec<_>>()
        .chunks(2)
        .filter_map(|c| Some((c.first()?.to_uppercase(), c.get(1)?.parse().ok()?)))
        .collect();
    let (first, value) = values.first()?.clone();
    let second = values.get(1).map_or(0.0, |v| v.1);
    let gap = value - second;
    (first == answer && gap >= MARGIN && gap >= value / 4.0).then_some((color, answer, gap))
}

fn moves_in(sgf: &Path) -> usize {
    let text = std::fs::read_to_string(sgf).unwrap_or_default();
    text.matches(";B[").count() + text.matches(";W[").count()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [size, wanted, verify] =
        [0, 1, 2].map(|i| args.get(i).and_then(|a| a.parse::<usize>().ok()));
    let (Some(size), Some(wanted), Some(verify)) = (size, wanted, verify) else {
        eprintln!("usage: make_strength SIZE COUNT VERIFY_PLAYOUTS GAMES.sgf...");
        std::process::exit(2);
    };
    let mut games: Vec<PathBuf> = args[3..].iter().map(PathBuf::from).collect();
    games.sort();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("gtp-scripts/strength");
    std::fs::create_dir_all(dir.join("games")).unwrap();
    let gnugo_args = ["--mode", "gtp", "--chinese-rules", "--level", "10"].map(String::from);
    let mut gnugo = Client::start("/usr/games/gnugo", &gnugo_args, None).expect("GNU Go");
    let tengen_args = [
        "--playouts",
        &verify.to_string(),
        "--threads",
        "2",
        "--seed",
        "1",
    ]
    .map(String::from);
    let tengen_path = root.join("target/release/tengen");
    let mut tengen =
        Client::start(tengen_path.to_str().unwrap(), &tengen_args, None).expect("tengen");
    let mut rng = SmallRng::seed_from_u64(size as u64);
    let mut problems: Vec<Problem> = Vec::new();
    // Up to ROUNDS positions from each game, one per pass over the games.
    'rounds: for _ in 0..ROUNDS {
        for sgf in &games {
            if problems.len() == wanted {
                break 'rounds;
            }
            let moves = moves_in(sgf);
            // Past the opening and before the end game's small moves.
            let (from, to) = (size, moves.saturating_sub(2 * size).min(moves * 3 / 4));
            if to <= from {
                continue;
            }
            let move_number = rng.random_range(from..to);
            let game = format!(
                "{}-{}",
                sgf.parent()
                    .and_then(|d| d.parent())
                    .and_then(|d| d.file_name())
                    .unwrap_or_default()
                    .to_string_lossy(),
                sgf.file_name().unwrap_or_default().to_string_lossy()
            );
            if problems
                .iter()
                .any(|p| p.game == game && p.move_number == move_number)
            {
                continue;
            }
            let Some((color, answer, gap)) = clear_gnugo_move(&mut gnugo, sgf, move_number) else {
                continue;
            };
            let loaded = tengen.ask(&format!("loadsgf {} {move_number}", sgf.display()));
            let choice = tengen
                .ask(&format!("reg_genmove {color}"))
                .map(|m| m.to_uppercase());
            eprintln!(
                "{} {move_number}: GNU Go {answer} (+{gap:.1}), tengen {choice:?}",
                sgf.display()
            );
            if loaded.is_err() || choice.ok().as_deref() != Some(answer.as_str()) {
                continue;
            }
            std::fs::copy(sgf, dir.join("games").join(&game)).unwrap();
            problems.push(Problem {
                game,
                move_number,
                color,
                answer,
                gap,
            });
        }
    }
    let suite = dir.join(format!("{size}x{size}.tst"));
    std::fs::write(&suite, suite_text(size, wanted, verify, &problems, &[])).unwrap();
    // Mark what tengen misses at the suites' budget as expected failures.
    let budget = ["--playouts", "1000", "--threads", "1", "--seed", "0"].map(String::from);
    let report = run_file(&suite, tengen_path.to_str().unwrap(), &budget).expect("the suite runs");
    let missed: Vec<u64> = report
        .outcomes
        .iter()
        .filter(|o| !o.passed)
        .map(|o| o.id)
        .collect();
    std::fs::write(&suite, suite_text(size, wanted, verify, &problems, &missed)).unwrap();
    eprintln!(
        "{} problems, {} solved at 1000 playouts",
        problems.len(),
        problems.len() - missed.len()
    );
}

/// The suite; the problems whose ids are in `missed` are expected failures.
fn suite_text(
    size: usize,
    wanted: usize,
    verify: usize,
    problems: &[Problem],
    missed: &[u64],
) -> String {
    let mut tst = format!(
        "# Whole-board problems on {size}x{size}: positions from tengen's games against GNU Go where\n\
         # GNU Go 3.8 level 10 values one move at least {MARGIN} points above its second choice and\n\
         # tengen finds the same move with {verify} playouts on two threads.\n\
         # Made by `cargo run --release --example make_strength -- {size} {wanted} {verify} GAMES`.\n\
         # A fast proxy between matches, never a target on its own: run it with\n\
         # `tengen regress --engine 'tengen --playouts 1000 --threads 1 --seed 0' {size}x{size}.tst`.\n\
         # Problems tengen missed at that budget when the suite was made are marked `*`.\n"
    );
    for (i, p) in problems.iter().enumerate() {
        let id = 10 * (i as u64 + 1);
        let mark = if missed.contains(&id) { "*" } else { "" };
        write!(
            tst,
            "\n# GNU Go's margin: {:.1} points\nloadsgf games/{} {}\n{id} reg_genmove {}\n#? [{}]{mark}\n",
            p.gap, p.game, p.move_number, p.color, p.answer
        )
        .unwrap();
    }
    tst
}
