//! The 38 awkward real-world SGF files in `../shared/data/sgf-edge/` (third-party data beside
//! the repository): each loads the position its upstream test expects, or is refused with a
//! clear message; none crashes the engine. Ignored by default (the files sit beside the repository); `.ci/run` runs them.

use std::path::{Path, PathBuf};

use serde_json::Value;
use tengen::board::{Color, Move};
use tengen::game::{Game, Step, Superko};
use tengen::gtp::client::Client;
use tengen::sgf::{self, Until};

fn edge_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/sgf-edge");
    assert!(dir.is_dir(), "this test needs {}", dir.display());
    dir
}

/// Loads a file as `loadsgf` does.
fn load(path: &Path) -> Result<Game, String> {
    let text = sgf::decode(&std::fs::read(path).unwrap());
    let trees = sgf::parse(&text)?;
    let tree = trees.first().ok_or("no game")?;
    sgf::load(tree, Until::End, 7.5, Superko::Situational).map(|r| r.game)
}

/// `X D4`-style lists: setup stones of the starting position, and the moves.
fn summary(game: &Game) -> (Vec<String>, Vec<String>) {
    let (start, _) = game.start();
    let letter = |c: Color| if c == Color::Black { "X" } else { "O" };
    let mut placements: Vec<String> = start
        .points()
        .filter_map(|p| {
            start
                .stone(p)
                .map(|c| format!("{} {}", letter(c), start.point_name(p)))
        })
        .collect();
    placements.sort();
    let moves = game
        .steps()
        .iter()
        .filter_map(|s| match s {
            Step::Move(c, Move::Pass) => Some(format!("{} pass", letter(*c))),
            Step::Move(c, Move::Play(p)) => {
                Some(format!("{} {}", letter(*c), start.point_name(*p)))
            }
            Step::Setup { .. } => None,
        })
        .collect();
    (placements, moves)
}

fn stones(game: &Game, color: Color) -> Vec<String> {
    let b = game.board();
    b.points()
        .filter(|&p| b.stone(p) == Some(color))
        .map(|p| b.point_name(p))
        .collect()
}

#[test]
#[ignore = "needs ../shared/data, the real-world test data (SGF files, regression suites, strong games) kept beside the repository and not part of it; run by .ci/run with --include-ignored"]
fn katago_cases_load_what_katago_expects() {
    let dir = edge_dir();
    let cases: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("katago/katago_sgf_cases.json")).unwrap(),
    )
    .unwrap();
    let files: Vec<PathBuf> = {
        let mut f: Vec<PathBuf> = std::fs::read_dir(dir.join("katago/sgf"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        f.sort();
        f
    };
    for (case, file) in cases["cases"].as_array().unwrap().iter().zip(&files) {
        let name = case["name"].as_str().unwrap();
        let s = &case["summary"];
        let loaded = load(file);
        if s["xSize"] != s["ySize"] || s["xSize"] == "37" {
            let message = loaded
                .err()
                .unwrap_or_else(|| panic!("{name}: loaded a board tengen cannot play"));
            assert!(
                message.contains("SZ") || message.contains("size"),
                "{name}: unclear refusal: {message}"
            );
            continue;
        }
        let game = loaded.unwrap_or_else(|e| panic!("{name}: {e}"));
        if let Some(size) = s["xSize"].as_str() {
            assert_eq!(game.size().to_string(), size, "{name}");
            assert_eq!(
                game.komi(),
                s["komi"].as_str().unwrap().parse::<f64>().unwrap(),
                "{name}"
            );
            let (placements, moves) = summary(&game);
            let mut expected: Vec<String> = s["placements"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap().to_string())
                .collect();
            expected.sort();
            assert_eq!(placements, expected, "{name}");
            // Case 9 has a node with two B properties, which is not valid SGF: KataGo groups
            // them, tengen takes the properties in the order written.
            if !name.contains("more multimove") {
                let expected: Vec<&str> = s["moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_str().unwrap())
                    .collect();
                assert_eq!(moves, expected, "{name}");
            }
        }
    }
    // The branching file: the main line is the first variation at every fork.
    let branching = load(&files[10]).unwrap();
    assert_eq!(summary(&branching).1, vec!["X C3", "O D3", "X D2", "O C4"]);
    assert_eq!(
        stones(&branching, Color::White),
        vec!["D3", "A4", "C4", "A5"]
    );
}

#[test]
#[ignore = "needs ../shared/data, the real-world test data (SGF files, regression suites, strong games) kept beside the repository and not part of it; run by .ci/run with --include-ignored"]
fn sgfmill_cases_load_or_are_refused() {
    let dir = edge_dir();
    let d = dir.join("sgfmill");
    let sample = load(&d.join("sample.sgf")).unwrap();
    assert_eq!(
        summary(&sample).0,
        vec!["O F7", "O G7", "X A1", "X B2", "X E5"]
    );
    assert_eq!(summary(&sample).1, vec!["X D3", "O E4", "X pass", "O pass"]);
    assert_eq!(sample.komi(), 7.5);
    assert!(
        load(&d.join("illegal_setup.sgf"))
            .unwrap_err()
            .contains("no liberty")
    );
    assert!(load(&d.join("size26.sgf")).unwrap_err().contains("size 26"));
    let later = load(&d.join("setup_after_root.sgf")).unwrap();
    assert_eq!(
        (stones(&later, Color::Black), stones(&later, Color::White)),
        (vec!["A8".into()], vec!["B7".into()])
    );
    let in_root = load(&d.join("move_in_root.sgf")).unwrap();
    assert_eq!(summary(&in_root).1, vec!["X C2", "O E4"]);
    let mixed = load(&d.join("mixed_setup_and_move_in_root.sgf")).unwrap();
    assert_eq!(
        summary(&mixed),
        (vec!["O D6".into()], vec!["X C2".into(), "O E4".into()])
    );
}

#[test]
#[ignore = "needs ../shared/data, the real-world test data (SGF files, regression suites, strong games) kept beside the repository and not part of it; run by .ci/run with --include-ignored"]
fn gogui_and_sabaki_files_load_or_are_refused() {
    let dir = edge_dir();
    let g = dir.join("gogui");
    let readable = load(&g.join("human-readable.sgf")).unwrap();
    assert_eq!(
        summary(&readable).1,
        vec!["X R16", "O D4", "X C16", "O Q4", "X R6", "O pass"]
    );
    assert!(
        load(&g.join("invalidmove.sgf"))
            .unwrap_err()
            .contains("bad point [rs]")
    );
    assert!(
        load(&g.join("size-after-invalid-points.sgf"))
            .unwrap_err()
            .contains("bad point")
    );
    let valid = load(&g.join("size-after-valid-points.sgf")).unwrap();
    assert_eq!(valid.size(), 19);
    for file in [
        "ff4_ex.sgf",
        "ff4_ex.1.sgf",
        "ff4_ex.2.sgf",
        "time-settings-unknown-ot.sgf",
        "verbose-property-names.sgf",
    ] {
        load(&g.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    }
    let s = dir.join("sabaki-sgf");
    for file in [
        "chinese.sgf",
        "japanese.sgf",
        "korean.sgf",
        "japanese_bad.sgf",
        "no-ca.sgf",
        "utf8bom.sgf",
        "utf16le.sgf",
        "encoding/nihon-kiin.sgf",
        "complex.sgf",
    ] {
        let game = load(&s.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(
            game.move_count() > 0 || !game.board().is_board_empty(),
            "{file} loaded nothing"
        );
    }
    // The UTF-16 file holds the same game as its UTF-8 twin.
    let utf16 = load(&s.join("utf16le.sgf")).unwrap();
    let utf8 = load(&s.join("utf8bom.sgf")).unwrap();
    assert_eq!(summary(&utf16), summary(&utf8));
}

/// Every file through the engine process: an answer for each, and the engine alive after.
#[test]
#[ignore = "needs ../shared/data, the real-world test data (SGF files, regression suites, strong games) kept beside the repository and not part of it; run by .ci/run with --include-ignored"]
fn loadsgf_answers_every_edge_file() {
    let dir = edge_dir();
    let mut files = Vec::new();
    let mut folders = vec![dir];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "sgf") {
                files.push(path);
            }
        }
    }
    assert_eq!(files.len(), 38);
    let mut engine = Client::start(env!("CARGO_BIN_EXE_tengen"), &[], None).unwrap();
    let mut refused = 0;
    for file in &files {
        let response = engine.send(&format!("loadsgf {}", file.display())).unwrap();
        if response.success {
            assert!(
                response.text == "black" || response.text == "white",
                "{}: {}",
                file.display(),
                response.text
            );
        } else {
            assert!(
                response.text.starts_with("cannot load file: "),
                "{}: {}",
                file.display(),
                response.text
            );
            refused += 1;
        }
        assert_eq!(engine.ask("name").unwrap(), "tengen");
    }
    eprintln!(
        "{} files loaded, {refused} refused with a message",
        files.len() - refused
    );
}
