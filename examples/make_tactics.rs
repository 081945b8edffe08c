//! Builds the tactical suite `gtp-scripts/tactics/`: positions from games tengen's heavy
//! playout policy plays against itself, where the side to move has one clearly right tactical
//! move, kept only when GNU Go 3.8 (level 10) chooses that same move.
//!
//! Kinds of case:
//! - capture: an enemy string of two or more stones is in atari and can be taken;
//! - escape: an own string of two or more stones is in atari and extending gives it three
//!   liberties or more (and nothing can be captured instead);
//! - no-self-atari: GNU Go's move is not a self-atari, while a self-atari of three or more
//!   stones is on offer next to the last move (the test: tengen does not play it).
//!
//! Run: `cargo run --release --example make_tactics -- COUNT` (needs /usr/games/gnugo).

use std::fmt::Write as _;
use std::path::Path;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use tengen::board::{Board, Color, Point};
use tengen::game::{Game, Superko};
use tengen::gtp::client::Client;
use tengen::playout::Policy;
use tengen::playout::heavy::HeavyPolicy;
use tengen::sgf::{self, GameInfo};

struct Case {
    kind: &'static str,
    game: Game,
    color: Color,
    /// The expected answer as a gogui-regress pattern.
    pattern: String,
}

fn name(board: &Board, p: Point) -> String {
    board.point_name(p)
}

/// The liberty that captures an enemy string of two or more stones in atari.
fn capture(board: &Board, color: Color) -> Option<Point> {
    board.points().find_map(|p| {
        (board.stone(p) == Some(color.opponent()) && board.string_size(p) >= 2)
            .then(|| board.atari_liberty(p))
            .flatten()
            .filter(|&lib| board.is_legal(color, lib))
    })
}

/// The extension that saves an own string of two or more stones in atari.
fn escape(board: &Board, color: Color) -> Option<Point> {
    board.points().find_map(|p| {
        if board.stone(p) != Some(color) || board.string_size(p) < 2 {
            return None;
        }
        let lib = board.atari_liberty(p)?;
        let mut after = board.clone();
        after.play(color, lib).ok()?;
        (after.string_liberties(lib) >= 3).then_some(lib)
    })
}

/// A self-atari of three or more stones next to the last move.
fn big_self_atari(board: &Board, color: Color) -> Option<Point> {
    let last = board.last_moves()[0]?;
    board.neighbours(last).into_iter().find(|&p| {
        board.is_empty_point(p) && board.is_legal(color, p) && board.is_self_atari(color, p) && {
            let mut after = board.clone();
            after.place(color, p);
            after.string_size(p) >= 3
        }
    })
}

fn gnugo_move(gnugo: &mut Client, game: &Game, color: Color, dir: &Path) -> Option<String> {
    let file = dir.join("candidate.sgf");
    std::fs::write(&file, sgf::write(game, &GameInfo::default())).ok()?;
    gnugo.ask(&format!("loadsgf {}", file.display())).ok()?;
    gnugo
        .ask(&format!("reg_genmove {}", color.name()))
        .ok()
        .map(|m| m.to_uppercase())
}

fn main() {
    let wanted: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(60);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-scripts/tactics");
    std::fs::create_dir_all(dir.join("sgf")).unwrap();
    let args = ["--mode", "gtp", "--chinese-rules", "--level", "10"].map(String::from);
    let mut gnugo = Client::start("/usr/games/gnugo", &args, None).expect("GNU Go");
    let mut rng = SmallRng::seed_from_u64(60);
    let mut cases: Vec<Case> = Vec::new();
    let mut per_kind = std::collections::HashMap::new();
    while cases.len() < wanted {
        let size = if rng.random_range(0..3) == 0 { 13 } else { 9 };
        let mut game = Game::new(size, 7.5, Superko::Situational);
        for _ in 0..size * size {
            let color = game.to_move();
            let board = game.board().clone();
            let candidates = [
                (
                    "capture",
                    capture(&board, color).map(|p| (name(&board, p), false)),
                ),
                (
                    "escape",
                    escape(&board, color)
                        .filter(|_| capture(&board, color).is_none())
                        .map(|p| (name(&board, p), false)),
                ),
                (
                    "no-self-atari",
                    big_self_atari(&board, color).map(|p| (name(&board, p), true)),
                ),
            ];
            for (kind, found) in candidates {
                let Some((vertex, negated)) = found else {
                    continue;
                };
                let count = per_kind.entry(kind).or_insert(0);
                if *count > wanted / 3 || rng.random_range(0..4) != 0 {
                    continue;
                }
                let Some(answer) = gnugo_move(&mut gnugo, &game, color, &dir) else {
                    continue;
                };
                if (answer == vertex) != negated {
                    *count += 1;
                    let pattern = if negated {
                        format!("!{vertex}")
                    } else {
                        vertex
                    };
                    cases.push(Case {
                        kind,
                        game: game.clone(),
                        color,
                        pattern,
                    });
                }
            }
            let mv = HeavyPolicy::for_size(game.size()).choose(game.board(), color, &mut rng);
            if game.play(color, mv).is_err() || game.is_over() {
                break;
            }
        }
    }
    std::fs::remove_file(dir.join("candidate.sgf")).ok();
    let mut tst = String::from(
        "# Tactics: capture a string in atari, save an own string in atari, do not self-atari.\n\
         # Positions from tengen's own playouts, each answer confirmed by GNU Go 3.8 level 10.\n\
         # Made by `cargo run --release --example make_tactics`; run with a fixed budget, e.g.\n\
         # `tengen regress --engine 'tengen --playouts 1000 --threads 1 --seed 0' tactics.tst`.\n",
    );
    for (i, case) in cases.iter().enumerate() {
        let file = format!("sgf/{:03}-{}.sgf", i + 1, case.kind);
        std::fs::write(
            dir.join(&file),
            sgf::write(&case.game, &GameInfo::default()),
        )
        .unwrap();
        writeln!(
            tst,
            "\nloadsgf {file}\n{} reg_genmove {}\n#? [{}]",
            (i + 1) * 10,
            case.color.name(),
            case.pattern
        )
        .unwrap();
    }
    std::fs::write(dir.join("tactics.tst"), tst).unwrap();
    println!("{} cases: {per_kind:?}", cases.len());
}
