//! tengen against itself through GTP with small budgets on 5×5, 7×7 and 9×9: every move is
//! legal and repeats no earlier arrangement of stones, every game ends, and the final score is
//! the area count with the engine's own dead stones removed.
//!
//! `TENGEN_LONG=1` plays 1,000 games instead of the CI's 150.

use rand::RngExt;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use tengen::board::{Color, Move, Point};
use tengen::game::score::{GameResult, area};
use tengen::game::{Game, Superko};
use tengen::gtp::client::Client;

fn point(game: &Game, vertex: &str) -> Point {
    game.board()
        .point_named(vertex)
        .unwrap_or_else(|| panic!("vertex {vertex} off the board"))
}

/// Plays one game; returns how it ended.
fn play_game(engine: &mut Client, size: usize, komi: f64) -> String {
    engine.ask(&format!("boardsize {size}")).unwrap();
    engine.ask("clear_board").unwrap();
    engine.ask(&format!("komi {komi}")).unwrap();
    let mut game = Game::new(size, komi, Superko::Positional);
    let max_moves = 4 * size * size;
    while !game.is_over() {
        assert!(
            game.move_count() < max_moves,
            "the game on {size}x{size} does not end: {:?}",
            game.steps()
        );
        let color = game.to_move();
        let answer = engine.ask(&format!("genmove {}", color.name())).unwrap();
        if answer == "resign" {
            return format!("{}+Resign", if color == Color::Black { "W" } else { "B" });
        }
        let mv = if answer == "pass" {
            Move::Pass
        } else {
            Move::Play(point(&game, &answer))
        };
        // Positional superko: no earlier arrangement of stones may come back.
        game.play(color, mv).unwrap_or_else(|e| {
            panic!(
                "illegal {color:?} {answer} ({e:?}) after {:?}",
                game.steps()
            )
        });
    }
    let dead: Vec<Point> = engine
        .ask("final_status_list dead")
        .unwrap()
        .split_whitespace()
        .map(|v| point(&game, v))
        .collect();
    let expected =
        GameResult::from_count(area(game.board(), &dead), game.effective_komi()).to_string();
    let score = engine.ask("final_score").unwrap();
    assert_eq!(
        score, expected,
        "final_score disagrees with the count without {dead:?}"
    );
    score
}

#[test]
fn self_play_games_are_legal_end_and_count_consistently() {
    let long = std::env::var("TENGEN_LONG").is_ok();
    let games = if long { 1000 } else { 150 };
    let args = ["--playouts", "60", "--threads", "1"].map(String::from);
    let mut engine = Client::start(env!("CARGO_BIN_EXE_tengen"), &args, None).unwrap();
    let mut rng = SmallRng::seed_from_u64(9);
    let mut results = std::collections::BTreeMap::new();
    for i in 0..games {
        let size = [5, 7, 9][i % 3];
        let komi = [0.5, 7.5, 3.0][rng.random_range(0..3)];
        let result = play_game(&mut engine, size, komi);
        let winner = result.chars().next().unwrap_or('0');
        *results.entry((size, winner)).or_insert(0) += 1;
    }
    eprintln!("{games} games, results by size and winner: {results:?}");
}
