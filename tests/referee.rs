//! The match runner with two tengen processes: games end with a result in points or a
//! resignation, colours alternate, and the clock is kept.

use tengen::clock::TimeSystem;
use tengen::referee::{MatchConfig, run};

#[test]
fn a_small_match_between_two_tengens() {
    let engine: Vec<String> = [
        env!("CARGO_BIN_EXE_tengen"),
        "--playouts",
        "50",
        "--threads",
        "1",
    ]
    .map(String::from)
    .to_vec();
    let config = MatchConfig {
        engines: [engine.clone(), engine],
        games: 4,
        size: 5,
        komi: 0.5,
        sgf_dir: None,
        max_moves: 200,
        clock: TimeSystem::Absolute { main: 120.0 },
    };
    let outcomes = run(&config).unwrap();
    assert_eq!(outcomes.len(), 4);
    for (i, o) in outcomes.iter().enumerate() {
        assert_eq!(o.first_is_black, i % 2 == 0);
        let valid = o.result.ends_with("+Resign") || o.result.parse::<f64>().is_ok() || {
            let (side, points) = o.result.split_at(2);
            (side == "B+" || side == "W+") && points.parse::<f64>().is_ok()
        };
        assert!(valid, "result {}", o.result);
        let (took, had) = o.slowest.expect("timed moves");
        assert!(took <= had, "{took} of {had}");
        assert!(o.moves > 0);
    }
}

/// An engine that always answers `genmove` with A1: legal once, then illegal (occupied).
const STUBBORN: &str = r#"while read -r line; do
  case "$line" in
    genmove*) printf '= A1\n\n' ;;
    name*) printf '= stubborn\n\n' ;;
    final_status_list*) printf '= \n\n' ;;
    quit*) printf '=\n\n'; exit 0 ;;
    *) printf '=\n\n' ;;
  esac
done"#;

#[test]
fn illegal_moves_are_void_and_the_second_warning_loses() {
    let tengen: Vec<String> = [
        env!("CARGO_BIN_EXE_tengen"),
        "--playouts",
        "30",
        "--threads",
        "1",
        "--never-resign",
    ]
    .map(String::from)
    .to_vec();
    let config = MatchConfig {
        engines: [["bash", "-c", STUBBORN].map(String::from).to_vec(), tengen],
        games: 2,
        size: 5,
        komi: 0.5,
        sgf_dir: None,
        max_moves: 100,
        clock: TimeSystem::None,
    };
    let outcomes = run(&config).unwrap();
    // The stubborn engine plays A1, then A1 again (void, a warning), then again: it loses.
    for o in &outcomes {
        assert!(o.result.ends_with("+Illegal"), "{}", o.result);
        assert_eq!(o.first_wins, Some(false));
        // A1, a reply, the void move (a pass), another reply: the first warning did not end it.
        assert!(o.moves >= 4, "{} moves", o.moves);
    }
}
