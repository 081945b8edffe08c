//! What the referee tests share: folders, entrants (tengen, scripted engines) and events.
// Each test file uses only some of these helpers.
#![allow(dead_code)]

use std::path::PathBuf;

use tengen::clock::TimeSystem;
use tengen::referee::results::Record;
pub use tengen::referee::rules::game_rules;
use tengen::referee::{self, CycleRule, Entrant, Event, Format, Rules};

pub fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tengen-referee-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

pub fn tengen(name: &str, playouts: u32) -> Entrant {
    Entrant {
        name: name.into(),
        command: [
            env!("CARGO_BIN_EXE_tengen"),
            "--playouts",
            &playouts.to_string(),
            "--threads",
            "1",
        ]
        .map(String::from)
        .to_vec(),
    }
}

/// A scripted engine: answers every `genmove` with the next move of `moves` (then `pass`),
/// behaves as `special` says for the commands it names, and says `=` to everything else.
pub fn scripted(name: &str, moves: &str, special: &str) -> Entrant {
    let script = format!(
        r#"moves=({moves}); n=0
while read -r line; do
  case "$line" in
    {special}
    genmove*) if [ $n -lt ${{#moves[@]}} ]; then printf '= %s\n\n' "${{moves[$n]}}"; else printf '= pass\n\n'; fi; n=$((n+1)) ;;
    name*) printf '= {name}\n\n' ;;
    protocol_version*) printf '= 2\n\n' ;;
    "known_command boardsize"|"known_command clear_board"|"known_command komi"|"known_command play"|"known_command genmove") printf '= true\n\n' ;;
    final_status_list*) printf '= \n\n' ;;
    quit*) printf '=\n\n'; exit 0 ;;
    *) printf '=\n\n' ;;
  esac
done"#
    );
    Entrant {
        name: name.into(),
        command: vec!["bash".into(), "-c".into(), script],
    }
}

pub fn rules(size: usize) -> Rules {
    Rules {
        game: game_rules(size, 0.5, 0),
        clock: TimeSystem::None,
        carry_over: false,
        lag: 0.0,
        time_loss_is_pass: false,
        cycle: CycleRule::Forbid,
        max_moves: 300,
        answer_limit: 20.0,
        opening: Vec::new(),
    }
}

pub fn event(name: &str, entrants: Vec<Entrant>, format: Format, rules: Rules) -> Event {
    Event {
        entrants,
        format,
        rules,
        dir: folder(name),
        jobs: 1,
        shard: None,
        sprt: None,
    }
}

/// Plays a one-game match, the first entrant Black.
pub fn one_game(name: &str, black: Entrant, white: Entrant, rules: Rules) -> Record {
    let records = referee::run(&event(
        name,
        vec![black, white],
        Format::Match {
            games: 1,
            alternate: true,
        },
        rules,
    ))
    .unwrap();
    assert_eq!(records.len(), 1);
    records[0].clone()
}
