//! The referee with real engines: tengen plays GNU Go with every SGF read back by sgfmill and
//! by Sabaki's SGF library,
//! a killed run resumes, shards merge, a real crash forfeits, games run side by side.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::*;
use tengen::board::Color;
use tengen::clock::TimeSystem;
use tengen::referee::outcome::{Forfeit, Margin, Outcome};
use tengen::referee::{self, Entrant, Event, Format, Rules};

fn require_gnugo() {
    assert!(
        Path::new("/usr/games/gnugo").exists(),
        "this test needs GNU Go: apt-get install gnugo"
    );
}

/// The records as sgfmill and as Sabaki's @sabaki/sgf read them (gtp-scripts/sgf/), in that
/// order, one JSON object a file each.
fn read_back(files: &[PathBuf]) -> [Vec<serde_json::Value>; 2] {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scripts = root.join("gtp-scripts/sgf");
    let mut sgfmill = Command::new("python3");
    sgfmill.arg(scripts.join("read_sgfmill.py"));
    let mut sabaki = Command::new("node");
    sabaki.arg(scripts.join("read_sabaki.js")).env(
        "NODE_PATH",
        std::env::var_os("TENGEN_NODE_MODULES")
            .map_or_else(|| root.join("target/sgf-tools/node_modules"), PathBuf::from),
    );
    [
        read_with(sgfmill, files, "sgfmill (pip install sgfmill)"),
        read_with(sabaki, files, "@sabaki/sgf (see .ci/run)"),
    ]
}

fn read_with(mut reader: Command, files: &[PathBuf], what: &str) -> Vec<serde_json::Value> {
    let output = reader.args(files).output().expect("python3 and node");
    assert!(
        output.status.success(),
        "{what} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
#[ignore = "needs GNU Go, sgfmill and @sabaki/sgf (see .ci/run); run by .ci/run with --include-ignored"]
fn tengen_against_gnugo_with_every_game_saved_as_sgf() {
    require_gnugo();
    let gnugo =
        Entrant::parse("gnugo=/usr/games/gnugo --mode gtp --chinese-rules --level 1").unwrap();
    let timed = Rules {
        clock: TimeSystem::Absolute { main: 60.0 },
        game: game_rules(7, 7.5, 0),
        ..rules(7)
    };
    let ev = event(
        "gnugo",
        vec![tengen("tengen", 300), gnugo],
        Format::Match {
            games: 4,
            alternate: true,
        },
        timed,
    );
    let records = referee::run(&ev).unwrap();
    assert_eq!(records.len(), 4);
    let files: Vec<PathBuf> = records.iter().map(|r| ev.dir.join(&r.sgf)).collect();
    let [by_sgfmill, by_sabaki] = read_back(&files);
    for (record, sgf) in records.iter().zip(&by_sgfmill) {
        assert_eq!(sgf["size"], 7);
        assert_eq!(sgf["komi"], 7.5);
        assert_eq!(sgf["rules"], "Chinese");
        assert_eq!(sgf["time_limit"], 60.0);
        assert_eq!(sgf["overtime"], serde_json::Value::Null);
        let result = sgf["result"].as_str().unwrap();
        assert_eq!(result, record.result.sgf(), "{record:?}");
        assert_eq!(sgf["moves"].as_array().unwrap().len(), record.moves);
        let black = if record.black == 0 { "tengen" } else { "gnugo" };
        assert!(
            std::fs::read_to_string(ev.dir.join(&record.sgf))
                .unwrap()
                .contains(&format!("PB[{black}]"))
        );
    }
    // Sabaki reads the same records.
    for (mill, sabaki) in by_sgfmill.iter().zip(&by_sabaki) {
        for key in [
            "size",
            "komi",
            "rules",
            "result",
            "time_limit",
            "overtime",
            "moves",
        ] {
            // Python writes 60.0 where JavaScript writes 60.
            match (mill[key].as_f64(), sabaki[key].as_f64()) {
                (Some(a), Some(b)) => assert_eq!(a, b, "{key}"),
                _ => assert_eq!(mill[key], sabaki[key], "{key}"),
            }
        }
    }
    // The results table agrees with the standings.
    let wins = records.iter().filter(|r| r.winner() == Some(0)).count();
    let standings = std::fs::read_to_string(ev.dir.join("standings.txt")).unwrap();
    let line = standings.lines().find(|l| l.contains("tengen")).unwrap();
    let numbers: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(numbers[3], wins.to_string(), "{standings}");
}

fn lines_in(file: &Path) -> usize {
    std::fs::read_to_string(file)
        .map(|t| {
            t.lines()
                .filter(|l| !l.starts_with('#') && !l.is_empty())
                .count()
        })
        .unwrap_or(0)
}

#[test]
fn a_killed_run_resumes_without_losing_or_repeating_a_game() {
    let dir = folder("resume");
    let quick = format!("{} --playouts 40 --threads 1", env!("CARGO_BIN_EXE_tengen"));
    let run = || {
        Command::new(env!("CARGO_BIN_EXE_tengen"))
            .args([
                "match",
                "--engine1",
                &quick,
                "--engine2",
                &quick,
                "--games",
                "10",
                "--size",
                "5",
            ])
            .args(["--komi", "0.5", "--out", dir.to_str().unwrap()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap()
    };
    let mut first = run();
    let results = dir.join("results.dat");
    let start = Instant::now();
    while lines_in(&results) < 4 {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "4 games take too long"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    first.kill().unwrap();
    first.wait().unwrap();
    let kept = lines_in(&results);
    assert!((4..10).contains(&kept), "{kept} games before the kill");
    assert!(run().wait().unwrap().success());
    let text = std::fs::read_to_string(&results).unwrap();
    let ids: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    let mut unique = ids.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(ids.len(), 10, "{text}");
    assert_eq!(unique.len(), 10, "a game played twice: {ids:?}");
    // Each game has its record and the report's two figures.
    assert_eq!(
        std::fs::read_dir(dir.join("games")).unwrap().count(),
        3 * 10
    );
}

#[test]
fn shards_split_a_round_robin_and_merge_back() {
    let entrants: Vec<Entrant> = (0..4u32)
        .map(|i| tengen(&format!("t{i}"), 20 + 10 * i))
        .collect();
    let handicap = Rules {
        game: game_rules(7, 0.5, 2),
        ..rules(7)
    };
    let base = event(
        "shards",
        entrants,
        Format::RoundRobin { cycles: 1 },
        handicap,
    );
    let dirs = [folder("shard1"), folder("shard2")];
    let shard = |k: usize| Event {
        shard: Some((k, 2)),
        dir: dirs[k - 1].clone(),
        ..base.clone()
    };
    let (a, b) = (
        referee::run(&shard(1)).unwrap(),
        referee::run(&shard(2)).unwrap(),
    );
    assert_eq!(a.len() + b.len(), 6);
    assert!(
        a.iter().all(|r| b.iter().all(|s| s.id != r.id)),
        "disjoint shards"
    );
    let merged = referee::merge(&base, &dirs).unwrap();
    assert_eq!(merged.len(), 6);
    let sgf = std::fs::read_to_string(base.dir.join(&merged[0].sgf)).unwrap();
    assert!(sgf.contains("HA[2]") && sgf.contains("AB["), "{sgf}");
    assert!(
        std::fs::read_to_string(base.dir.join("standings.txt"))
            .unwrap()
            .contains("t3")
    );
    // Nothing left to play in the merged event.
    assert_eq!(referee::run(&base).unwrap().len(), 6);
    // Knockouts and Swiss events are paired as they go: no shards.
    let swiss = Event {
        format: Format::Swiss { rounds: 2 },
        ..shard(1)
    };
    assert!(swiss.check().is_err());
}

/// GNU Go 3.8 level 10, and rules (komi 7.5) whose games start with the moves of a record in
/// tests/data. GNU Go picks among equal moves at random unless given a seed: `seed` makes its
/// play repeatable.
fn gnugo_and_opening(record: &str, size: usize, seed: u32) -> (Entrant, Rules) {
    require_gnugo();
    let sgf = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(record);
    let text = std::fs::read_to_string(sgf).unwrap();
    let gnugo = Entrant::parse(&format!(
        "gnugo=/usr/games/gnugo --mode gtp --chinese-rules --level 10 --seed {seed}"
    ))
    .unwrap();
    let rules = Rules {
        game: game_rules(size, 7.5, 0),
        opening: referee::rules::opening_from_sgf(&text, size).unwrap(),
        ..rules(size)
    };
    (gnugo, rules)
}

/// From a position of a real game (tests/data/dispute-opening.sgf), both pass and GNU Go and
/// tengen do not agree on the dead stones: play resumes and settles them.
#[test]
#[ignore = "needs GNU Go (apt-get install gnugo); run by .ci/run with --include-ignored"]
fn a_dispute_between_tengen_and_gnugo_is_settled_by_play() {
    let (gnugo, rules) = gnugo_and_opening("dispute-opening.sgf", 9, 2);
    let opening = rules.opening.clone();
    let white = Entrant {
        command: [
            env!("CARGO_BIN_EXE_tengen"),
            "--playouts",
            "1000",
            "--threads",
            "1",
            "--seed",
            "2",
            // The search constants of the game that disputes (the 9x9 defaults changed
            // after it was found), and a seed at which the dispute arises with the move
            // model of the day: the test is about the referee, not the search.
            "--tune",
            "rave=3000,distance=0",
        ]
        .map(String::from)
        .to_vec(),
        name: "tengen".into(),
    };
    let record = one_game("real-dispute", gnugo, white, rules);
    assert!(record.rulings.contains("disputed"), "{}", record.rulings);
    // Play went on past the opening and the two passes, and the game was counted.
    assert!(record.moves > opening.len() + 2, "{record:?}");
    assert!(
        record.result.points().is_some() || record.result == Outcome::Draw,
        "{}",
        record.result
    );
}

/// GNU Go 3.8 itself crashes (a segmentation fault) when asked for Black's move after the
/// moves of tests/data/gnugo-crash-opening.sgf, from a game of the 19x19 strength run: the
/// referee rules a forfeit and records the game.
#[test]
#[ignore = "needs GNU Go (apt-get install gnugo); run by .ci/run with --include-ignored"]
fn a_real_engine_crash_forfeits_the_game() {
    let (gnugo, rules) = gnugo_and_opening("gnugo-crash-opening.sgf", 19, 1);
    let opening = rules.opening.clone();
    // GNU Go thinks for some seconds before it crashes; on a busy machine that passed the
    // usual 20 s for an answer, and the test saw a time forfeit instead of the crash.
    let rules = Rules {
        answer_limit: 120.0,
        ..rules
    };
    let record = one_game("gnugo-crash", gnugo, tengen("tengen", 50), rules);
    assert_eq!(
        record.result,
        Outcome::Win(Color::White, Margin::Forfeit(Forfeit::Crash)),
        "{}",
        record.rulings
    );
    assert!(record.result.is_crash());
    assert_eq!(record.moves, opening.len());
    assert!(
        record.rulings.contains("Black crashed"),
        "{}",
        record.rulings
    );
}

/// `-j 2` plays two games at once: each engine marks itself busy while it thinks, and some
/// engine sees another game's engine busy at the same time.
#[test]
fn jobs_play_games_at_the_same_time() {
    let busy = folder("jobs-busy");
    std::fs::create_dir_all(&busy).unwrap();
    let dir = busy.display();
    let thinker = || {
        let genmove = format!(
            r#"genmove*) touch "{dir}/$$"; sleep 0.5; ls "{dir}" | wc -l >> "{dir}.seen"; rm "{dir}/$$"; printf '= pass\n\n' ;;"#
        );
        scripted("thinker", "", &genmove)
    };
    let mut event = event(
        "jobs",
        vec![thinker(), thinker()],
        Format::Match {
            games: 2,
            alternate: true,
        },
        rules(5),
    );
    event.jobs = 2;
    assert_eq!(referee::run(&event).unwrap().len(), 2);
    let seen = std::fs::read_to_string(format!("{dir}.seen")).unwrap();
    let most = seen
        .lines()
        .filter_map(|l| l.trim().parse::<u32>().ok())
        .max();
    assert_eq!(most, Some(2), "engines busy at once, as each saw: {seen:?}");
}
