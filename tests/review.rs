//! `tengen review` as a person uses it: planted blunders found among each side's biggest
//! mistakes, a reviewed copy that every SGF reader reads, a page that Chromium renders, bad
//! input refused in one line with nothing written, and an interrupted review that writes
//! nothing and goes on where it stopped.
//!
//! The test games (`tests/data/review/`, see its README) are tengen's own games with one move
//! planted: a first-line move in the opening, or a tenuki that leaves stones to be captured.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/review")
        .join(name)
}

/// A new empty folder under the temporary folder.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tengen-review-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `tengen review ARGS`, with the review cache in `dir/cache`.
fn review_command(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tengen"));
    command
        .arg("review")
        .args(args)
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .env_remove("RUST_LOG");
    command
}

fn review(dir: &Path, args: &[&str]) -> Output {
    review_command(dir, args).output().expect("tengen runs")
}

/// The moves of `color`'s biggest mistakes in the table a review prints.
fn mistakes(stdout: &str, color: &str) -> Vec<String> {
    let table = stdout
        .split(&format!("{color}'s biggest mistakes:\n"))
        .nth(1)
        .expect("the side's table");
    table
        .lines()
        .take_while(|l| l.starts_with("  move"))
        .map(|l| l.split_whitespace().nth(2).unwrap().to_string())
        .collect()
}

/// Each planted move is among its side's three biggest mistakes, at a small budget on one
/// thread (so the searches are the same on every run).
#[test]
fn each_planted_blunder_is_among_its_sides_three_biggest_mistakes() {
    let dir = folder("blunders");
    for (game, color, planted) in [
        ("blunder-9x9-black.sgf", "Black", "A1"),
        ("tenuki-9x9-black.sgf", "Black", "B1"),
        ("blunder-13x13-white.sgf", "White", "A13"),
    ] {
        let copy = dir.join(game);
        std::fs::copy(data(game), &copy).unwrap();
        let copy = copy.to_str().unwrap();
        let out = review(&dir, &[copy, "--playouts", "1000", "--threads", "1"]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stdout = String::from_utf8(out.stdout).unwrap();
        let found = mistakes(&stdout, color);
        assert_eq!(found.len(), 3, "{stdout}");
        assert!(found.contains(&planted.to_string()), "{game}: {stdout}");
    }
}

/// One review of the 9x9 blunder game, shared by the tests that read its files: the folder,
/// the reviewed record and the page.
fn reviewed() -> &'static (PathBuf, PathBuf, PathBuf) {
    static DONE: OnceLock<(PathBuf, PathBuf, PathBuf)> = OnceLock::new();
    DONE.get_or_init(|| {
        let dir = folder("files");
        let game = dir.join("game.sgf");
        std::fs::copy(data("blunder-9x9-black.sgf"), &game).unwrap();
        let game = game.to_str().unwrap();
        let out = review(&dir, &[game, "--playouts", "300", "--threads", "1"]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        (
            dir.clone(),
            dir.join("game-review.sgf"),
            dir.join("game-review.html"),
        )
    })
}

#[test]
fn the_reviewed_copy_comments_every_move_and_leaves_the_record_alone() {
    let (dir, record, page) = reviewed();
    assert!(page.is_file());
    let input = std::fs::read(dir.join("game.sgf")).unwrap();
    assert_eq!(input, std::fs::read(data("blunder-9x9-black.sgf")).unwrap());
    let text = std::fs::read_to_string(record).unwrap();
    let trees = tengen::sgf::parse(&text).unwrap();
    let original = tengen::sgf::parse(&String::from_utf8(input).unwrap()).unwrap();
    let moves = |tree: &tengen::sgf::GameTree| -> Vec<String> {
        (tree.main_line().iter())
            .flat_map(|n| n.values("B").chain(n.values("W")).map(String::from))
            .collect()
    };
    // The record's own moves stay the main line, each with its comment, its own kept.
    let line = trees[0].main_line();
    assert_eq!(moves(&trees[0]), moves(&original[0]));
    for (k, node) in line.iter().skip(1).enumerate() {
        let comment = node.value("C").unwrap_or_default();
        assert!(comment.contains(&format!("Move {}:", k + 1)), "{comment}");
        assert!(comment.contains("Black's win rate") && comment.contains("Black's lead"));
    }
    assert!(line[8].value("C").unwrap().starts_with("0.49 s"));
    // Three mistakes a side, each a variation beside the main line, named in the root.
    assert_eq!(text.matches("tengen's line instead of move").count(), 6);
    let root = line[0].value("C").unwrap();
    for side in ["Black", "White"] {
        let named = root
            .split(&format!("{side}'s biggest mistakes:"))
            .nth(1)
            .unwrap();
        assert_eq!(
            named
                .lines()
                .skip(1)
                .take_while(|l| l.starts_with("  move"))
                .count(),
            3
        );
    }
    assert!(root.contains("Chinese rules") && root.contains("300 playouts a move"));
    assert_eq!(text.matches("TR[").count(), 6);
}

/// What sgfmill or @sabaki/sgf finds in a file (`gtp-scripts/sgf/`).
fn read_with(tool: &str, file: &Path) -> serde_json::Value {
    let scripts = Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-scripts/sgf");
    let output = match tool {
        "sgfmill" => Command::new("python3")
            .arg(scripts.join("read_sgfmill.py"))
            .arg(file)
            .output(),
        _ => Command::new("node")
            .arg(scripts.join("read_sabaki.js"))
            .arg(file)
            .env(
                "NODE_PATH",
                Path::new(env!("CARGO_MANIFEST_DIR")).join("target/sgf-tools/node_modules"),
            )
            .output(),
    }
    .expect("python3 and node");
    assert!(
        output.status.success(),
        "{tool}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
#[ignore = "needs sgfmill (pip) and @sabaki/sgf (npm --prefix target/sgf-tools); run by .ci/run with --include-ignored"]
fn sgfmill_and_sabaki_read_the_reviewed_copy_as_the_game() {
    let (dir, record, _) = reviewed();
    for tool in ["sgfmill", "sabaki"] {
        let original = read_with(tool, &dir.join("game.sgf"));
        let copy = read_with(tool, record);
        for key in ["size", "komi", "moves"] {
            assert_eq!(copy[key], original[key], "{tool}: {key}");
        }
    }
}

#[test]
#[ignore = "needs chromium (apt-get install chromium); run by .ci/run with --include-ignored"]
fn chromium_renders_the_page_with_its_graphs_and_diagrams() {
    let (_, _, page) = reviewed();
    let html = std::fs::read_to_string(page).unwrap();
    // Two graphs, a diagram at each of six mistakes, the table linking to them.
    assert_eq!(html.matches("<svg").count(), 8);
    assert_eq!(html.matches("class=\"mistake\"").count(), 12);
    assert_eq!(html.matches("<a href=\"#move-").count(), 6);
    let out = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--enable-logging=stderr",
            "--v=0",
            "--dump-dom",
        ])
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium (apt-get install chromium)");
    let dom = String::from_utf8_lossy(&out.stdout);
    assert!(
        dom.contains("Biggest mistakes") && dom.matches("<svg").count() == 8,
        "{dom}"
    );
    let log = String::from_utf8_lossy(&out.stderr);
    let console: Vec<&str> = log.lines().filter(|l| l.contains(":CONSOLE")).collect();
    assert!(console.is_empty(), "{console:#?}");
}

/// Every bad input is refused with one line on stderr and exit status 2, and nothing is
/// written beside it.
#[test]
fn bad_input_gets_one_clear_line_and_nothing_is_written() {
    let dir = folder("bad");
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let good = write("good.sgf", "(;SZ[9];B[ee];W[cc])");
    let cases: Vec<(Vec<String>, &str)> = vec![
        (vec![write("text.sgf", "hello, not a game")], "not SGF"),
        (vec![write("empty.sgf", "(;SZ[9]KM[7.5])")], "no moves"),
        (
            vec![write("illegal.sgf", "(;SZ[9];B[ee];W[ee])")],
            "illegal move",
        ),
        (vec![write("big.sgf", "(;SZ[30];B[aa])")], "board size 30"),
        (
            vec![dir.join("missing.sgf").display().to_string()],
            "No such file",
        ),
        (
            vec![
                good.clone(),
                "-o".into(),
                dir.join("no/such/dir/x.sgf").display().to_string(),
            ],
            "cannot be written",
        ),
        (
            vec![good.clone(), "-o".into(), good.clone()],
            "would write over the input",
        ),
        (
            vec![good.clone(), "--playouts".into(), "0".into()],
            "0 is not",
        ),
        (
            vec![good.clone(), "--mistakes".into(), "x".into()],
            "x is not",
        ),
    ];
    let files = |dir: &Path| -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n != "cache")
            .collect();
        names.sort();
        names
    };
    let before = files(&dir);
    for (args, why) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = review(&dir, &args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(why), "{args:?}: {stderr}");
        if !why.ends_with(" is not") {
            assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        }
        assert_eq!(files(&dir), before, "{args:?} wrote something");
    }
}

/// Ctrl-C during a review: nothing is written, the searches made so far are kept, and the
/// same command goes on from there, searching each position once in all.
#[test]
fn an_interrupted_review_writes_nothing_and_the_next_run_goes_on() {
    let dir = folder("interrupted");
    let game = dir.join("game.sgf");
    std::fs::copy(data("blunder-9x9-black.sgf"), &game).unwrap();
    let args = [
        game.to_str().unwrap(),
        "--playouts",
        "4000",
        "--threads",
        "1",
    ];
    let child = review_command(&dir, &args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let cache = dir.join("cache/tengen/reviews");
    let cached = || -> usize {
        std::fs::read_dir(&cache)
            .map(|entries| {
                (entries.flatten())
                    .map(|e| {
                        std::fs::read_to_string(e.path())
                            .unwrap_or_default()
                            .lines()
                            .count()
                    })
                    .sum()
            })
            .unwrap_or(0)
    };
    let start = Instant::now();
    while cached() < 3 {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no analyses kept"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGINT);
    }
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("interrupted after") && stderr.contains("nothing written"),
        "{stderr}"
    );
    assert!(!dir.join("game-review.sgf").exists() && !dir.join("game-review.html").exists());
    let kept = cached();
    assert!(kept >= 3, "{kept}");
    let out = review(&dir, &args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(dir.join("game-review.sgf").is_file());
    // The record has 65 moves: 66 positions, each searched once over both runs.
    let moves = std::fs::read_to_string(&game)
        .unwrap()
        .matches(";B[")
        .count()
        + std::fs::read_to_string(&game)
            .unwrap()
            .matches(";W[")
            .count();
    assert_eq!(cached(), moves + 1);
}

/// Records of every kind are read: a handicap game with its stones, set-up stones in the
/// middle of a game, a small board, a record under other rules (reviewed under the Chinese
/// ones, with a line saying so) and an unfinished game.
#[test]
fn handicap_setup_small_boards_and_other_rules_are_reviewed() {
    let dir = folder("kinds");
    for (name, text, words) in [
        (
            "handicap",
            "(;SZ[9]KM[0.5]HA[2]RU[Japanese]AB[cc][gg];W[ee];B[ec];W[ce];B[ge])",
            "RU[Japanese\\]; the review counts by the Chinese rules",
        ),
        (
            "setup",
            "(;SZ[7]KM[7.5];B[dd];W[cc]AB[ee];W[ec])",
            "komi 7.5",
        ),
        ("small", "(;SZ[2]KM[0.5];B[aa];W[];B[])", "komi 0.5"),
    ] {
        let path = dir.join(format!("{name}.sgf"));
        std::fs::write(&path, text).unwrap();
        let out = review(
            &dir,
            &[path.to_str().unwrap(), "--playouts", "50", "--threads", "1"],
        );
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let copy = std::fs::read_to_string(dir.join(format!("{name}-review.sgf"))).unwrap();
        assert!(copy.contains(words), "{name}: {copy}");
        let moves = copy.matches("Move ").count();
        assert_eq!(
            moves,
            text.matches(";B[").count() + text.matches(";W[").count(),
            "{copy}"
        );
    }
}
