//! The SGF files under `../shared/data/regress/` (game records and problems, third-party) load
//! the same positions in tengen as in GNU Go 3.8: `loadsgf FILE` and `loadsgf FILE N` (N in the
//! middle of the record) are sent to both, then `list_stones` and the colour to move compared.
//!
//! CI checks a sample of 60 files; `TENGEN_LONG=1` checks all of them (about 2,400). Files GNU
//! Go refuses or crashes on are counted, not compared.

use std::path::{Path, PathBuf};

use tengen::game::{Game, Step, Superko};
use tengen::gtp::client::Client;
use tengen::sgf::{self, Until};

const GNUGO: &str = "/usr/games/gnugo";

fn sgf_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
            {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

fn start_gnugo() -> Client {
    Client::start(
        GNUGO,
        &["--mode", "gtp", "--chinese-rules"].map(String::from),
        None,
    )
    .unwrap()
}

/// The record's main line up to `until`, by tengen's reading.
fn read(path: &Path, until: Until) -> Option<Game> {
    let text = sgf::decode(&std::fs::read(path).ok()?);
    let trees = sgf::parse(&text).ok()?;
    Some(
        sgf::load(trees.first()?, until, 7.5, Superko::Situational)
            .ok()?
            .game,
    )
}

/// Setup after the first move: GNU Go 3.8 ignores AE there (records use it to take dead stones
/// off at the end) and does not let AB/AW replace a stone, where FF[4] says they overwrite.
fn has_later_setup(game: &Game) -> bool {
    game.steps().iter().any(|s| matches!(s, Step::Setup { .. }))
}

/// Colour to move, black stones, white stones.
type Position = (String, Vec<String>, Vec<String>);

/// The position an engine reports after a command.
fn position(engine: &mut Client, command: &str) -> std::io::Result<Option<Position>> {
    let response = engine.send(command)?;
    if !response.success {
        return Ok(None);
    }
    let mut stones = |color: &str| -> std::io::Result<Vec<String>> {
        let mut list: Vec<String> = engine
            .ask(&format!("list_stones {color}"))?
            .split_whitespace()
            .map(str::to_uppercase)
            .collect();
        list.sort();
        Ok(list)
    };
    Ok(Some((
        response.text.to_lowercase(),
        stones("black")?,
        stones("white")?,
    )))
}

#[test]
#[ignore = "needs GNU Go and ../shared/data, the real-world test data kept beside the repository and not part of it; run by .ci/run with --include-ignored"]
fn regression_records_load_the_same_positions_as_in_gnugo() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/regress");
    assert!(dir.is_dir(), "this test needs {}", dir.display());
    assert!(
        Path::new(GNUGO).exists(),
        "this test needs {GNUGO}: apt-get install gnugo"
    );
    let mut files = sgf_files(&dir);
    assert!(files.len() > 2000, "{} files", files.len());
    if std::env::var("TENGEN_LONG").is_err() {
        let step = files.len() / 60;
        files = files.into_iter().step_by(step).collect();
    }
    let mut tengen = Client::start(env!("CARGO_BIN_EXE_tengen"), &[], None).unwrap();
    let mut gnugo = start_gnugo();
    let (mut compared, mut gnugo_refused, mut tengen_refused) = (0, 0, 0);
    let (mut mismatches, mut setup_differences): (Vec<String>, Vec<String>) =
        (Vec::new(), Vec::new());
    for file in &files {
        let mut commands = vec![(format!("loadsgf {}", file.display()), Until::End)];
        if let Some(n) = read(file, Until::End)
            .map(|g| g.move_count())
            .filter(|&n| n >= 2)
        {
            let middle = n / 2 + 1;
            commands.push((
                format!("loadsgf {} {middle}", file.display()),
                Until::MoveNumber(middle),
            ));
        }
        for (command, until) in commands {
            let ours = position(&mut tengen, &command).unwrap();
            let theirs = match position(&mut gnugo, &command) {
                Ok(p) => p,
                // GNU Go crashed on this file: start a new one.
                Err(_) => {
                    gnugo = start_gnugo();
                    None
                }
            };
            match (ours, theirs) {
                (_, None) => gnugo_refused += 1,
                (None, Some(_)) => {
                    tengen_refused += 1;
                    let why = tengen.send(&command).unwrap().text;
                    eprintln!("  tengen refuses {command}: {why}");
                }
                (Some(a), Some(b)) if a == b => compared += 1,
                _ if read(file, until).is_some_and(|g| has_later_setup(&g)) => {
                    setup_differences.push(command)
                }
                (Some(a), Some(b)) => {
                    mismatches.push(format!("{command}:\n  tengen {a:?}\n  gnugo  {b:?}"))
                }
            }
        }
    }
    eprintln!(
        "{} files: {compared} positions identical, {} different, {} differ only by setup after moves \
         (GNU Go ignores AE there and does not overwrite stones), GNU Go refused {gnugo_refused}, \
         tengen refused {tengen_refused}",
        files.len(),
        mismatches.len(),
        setup_differences.len()
    );
    for command in &setup_differences {
        eprintln!("  setup after moves: {command}");
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}
