//! The `tengen` process as clients see it: arguments, stdout carrying GTP only, line ends,
//! broken input and the end of input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// tengen with `args`, stdin and stdout piped, logging at `log` (or not at all) to `stderr`.
fn tengen(args: &[&str], log: Option<&str>, stderr: Stdio) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tengen"));
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr);
    match log {
        Some(level) => command.env("RUST_LOG", level),
        None => command.env_remove("RUST_LOG"),
    };
    command
}

fn run(args: &[&str], input: &[u8], log: Option<&str>) -> Output {
    let mut child = tengen(args, log, Stdio::piped())
        .spawn()
        .expect("start tengen");
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn responses(output: &Output) -> Vec<String> {
    let text = String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8");
    assert!(
        text.is_empty() || text.ends_with("\n\n"),
        "unterminated: {text:?}"
    );
    text.split("\n\n")
        .filter(|r| !r.is_empty())
        .map(String::from)
        .collect()
}

fn stdout(args: &[&str]) -> String {
    let out = run(args, b"", None);
    assert!(out.status.success(), "{args:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn help_lists_every_option_and_each_tool_has_its_own() {
    let help = stdout(&["--help"]);
    for option in [
        "--seed",
        "--superko",
        "--tune",
        "--threads",
        "--max-tree-mb",
        "--never-resign",
        "bench",
        "regress",
        "match",
        "tournament",
        "--help",
        "--version",
    ] {
        assert!(help.contains(option), "--help does not mention {option}");
    }
    // A setting's default comes from the settings themselves.
    assert!(help.contains("[default: 5]"), "{help}");
    let regress = stdout(&["regress", "--help"]);
    assert!(regress.contains("--engine") && !regress.contains("--superko"));
    let tournament = stdout(&["tournament", "--help"]);
    assert!(tournament.contains("swiss") && tournament.contains("--shard"));
    assert!(stdout(&["match", "--help"]).contains("--engine1"));
}

/// Exit code 2, nothing on stdout, and stderr saying `words`.
fn refused(args: &[&str], words: &[&str]) {
    let out = run(args, b"", None);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty());
    let error = String::from_utf8_lossy(&out.stderr);
    for w in words {
        assert!(error.contains(w), "{args:?}: {error}");
    }
}

#[test]
fn unknown_options_missing_arguments_and_values_out_of_range_are_refused() {
    refused(&["--frobnicate"], &["--frobnicate"]);
    refused(&["--thread", "2"], &["--threads"]);
    refused(&["--superko", "japanese"], &["situational"]);
    refused(&["--tune", "rave=fast"], &["rave"]);
    refused(&["--time", "-3"], &["-3", "0 to 86400"]);
    refused(&["--resign-threshold", "2"], &["0 to 1"]);
    refused(&["--threads", "99999999999999999999"], &["1 to 256"]);
    refused(&["match"], &["--engine1", "--engine2"]);
    refused(&["regress"], &["FILE.tst"]);
    refused(
        &["tournament", "--engine", "a", "--format", "swis"],
        &["swiss"],
    );
    refused(
        &["match", "--engine1", "a", "--engine2", "b", "--komi", "82"],
        &["81 points"],
    );
    refused(&["bench", "--rounds", "0"], &["--rounds"]);
}

#[test]
fn superko_option_sets_the_rule() {
    let out = run(&["--superko", "positional"], b"tengen-superko\n", None);
    assert_eq!(responses(&out), vec!["= positional"]);
    // Given twice, the last one holds.
    let args = ["--superko", "situational", "--superko", "positional"];
    let out = run(&args, b"tengen-superko\n", None);
    assert_eq!(responses(&out), vec!["= positional"]);
}

#[test]
fn end_of_input_in_the_middle_of_a_line_answers_it_and_exits_zero() {
    let out = run(&[], b"boardsize 9\nplay b e5\nlist_stones b", None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(responses(&out), vec!["=", "=", "= E5"]);
}

#[test]
fn crlf_line_ends_are_accepted() {
    let out = run(
        &[],
        b"1 boardsize 9\r\n2 play black e5\r\n3 list_stones black\r\n4 quit\r\n5 name\r\n",
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(responses(&out), vec!["=1", "=2", "=3 E5", "=4"]);
}

#[test]
fn stdout_carries_gtp_only_even_with_full_logging() {
    let input = b"boardsize 9\nplay b e5\nplay w e5\nplay w d5\nplay b pass\nplay w pass\nfinal_score\nshowboard\nquit\n";
    let out = run(&[], input, Some("trace"));
    let answers = responses(&out);
    assert_eq!(answers.len(), 9);
    for answer in &answers {
        assert!(
            answer.starts_with('=') || answer.starts_with('?'),
            "stray output: {answer}"
        );
    }
    assert!(!out.stderr.is_empty(), "logs go to stderr");
}

#[test]
fn garbage_bytes_and_huge_lines_get_one_answer_each() {
    let mut input = b"na\0me\n\xc3\x28\xa0\xa1 \x01\x02\n".to_vec();
    input.extend(std::iter::repeat_n(b'a', 1 << 20));
    input.extend(b"\nset_free_handicap ");
    input.extend(std::iter::repeat_n(b"d4 ".as_slice(), 200_000).flatten());
    input.extend(b"\nprotocol_version\n");
    let out = run(&[], &input, None);
    assert_eq!(out.status.code(), Some(0));
    let answers = responses(&out);
    assert_eq!(
        answers.len(),
        5,
        "{:?}",
        answers
            .iter()
            .map(|a| &a[..a.len().min(40)])
            .collect::<Vec<_>>()
    );
    assert_eq!(answers[0], "= tengen");
    assert!(answers[1].starts_with('?'));
    assert_eq!(answers[2], "? unknown command");
    assert_eq!(answers[3], "? bad vertex list");
    assert_eq!(answers[4], "= 2");
}

#[test]
fn one_thread_with_a_seed_plays_the_same_game_every_time() {
    let input = b"boardsize 9\ngenmove b\ngenmove w\ngenmove b\ngenmove w\ngenmove b\ngenmove w\nreg_genmove b\n";
    let play = |seed: &str| {
        let out = run(
            &["--seed", seed, "--threads", "1", "--playouts", "400"],
            input,
            None,
        );
        assert!(out.status.success());
        responses(&out)
    };
    let first = play("3");
    assert_eq!(first.len(), 8);
    assert!(
        first[1..]
            .iter()
            .all(|r| r.starts_with("= ") && r.len() >= 4),
        "{first:?}"
    );
    assert_eq!(play("3"), first);
    assert_ne!(play("4"), first, "another seed, another game");
}

#[test]
fn tuned_constants_reach_the_search() {
    let input = b"boardsize 9\ngenmove b\ngenmove w\ngenmove b\ngenmove w\ngenmove b\ngenmove w\n";
    let play = |tune: &str| {
        let out = run(
            &[
                "--seed",
                "3",
                "--threads",
                "1",
                "--playouts",
                "400",
                "--tune",
                tune,
            ],
            input,
            None,
        );
        assert!(out.status.success());
        responses(&out)
    };
    let default = play("");
    assert_eq!(
        play("rave=800,distance=3,prior=1"),
        default,
        "the 9x9 defaults, named"
    );
    // A tree that never grows below the root plays other moves.
    assert_ne!(play("expand=100000"), default);
}

#[test]
fn settings_out_of_their_range_are_refused_with_the_range() {
    for (args, range) in [
        (&["--threads", "0"][..], "1 to 256"),
        (&["--threads", "100000"], "1 to 256"),
        (&["--time", "-3"], "0 to 86400"),
        (&["--resign-threshold", "2"], "0 to 1"),
        (&["--playouts", "9223372036854775808"], "1 to 1000000000"),
    ] {
        let out = run(args, b"", None);
        assert!(!out.status.success(), "{args:?} accepted");
        assert!(out.stdout.is_empty(), "{args:?}: GTP never started");
        let message = String::from_utf8(out.stderr).unwrap();
        assert!(
            message.contains(args[0]) && message.contains(range),
            "{args:?}: {message}"
        );
    }
}

/// The peak memory (VmHWM) of a running process, in kilobytes.
fn peak_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// The history keeps a few bytes a move, not a board: 100,000 passes stay far below 200 MB.
#[test]
fn a_hundred_thousand_passes_take_little_memory() {
    let mut child = tengen(&[], None, Stdio::null()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // Written from another thread while the answers are read, or both pipes fill up.
    let writer = std::thread::spawn(move || {
        let passes = "play b pass\nplay w pass\n".repeat(50_000);
        stdin.write_all(passes.as_bytes()).unwrap();
        stdin.write_all(b"undo\nname\n").unwrap();
        stdin.flush().unwrap();
        stdin
    });
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut answered = 0;
    let mut line = String::new();
    while std::io::BufRead::read_line(&mut stdout, &mut line).unwrap() > 0 {
        if line.starts_with('=') {
            answered += 1;
            if line.trim() == "= tengen" {
                break;
            }
        }
        line.clear();
    }
    assert_eq!(answered, 100_002);
    let peak = peak_kb(child.id());
    drop(writer.join().unwrap());
    child.wait().unwrap();
    assert!(peak < 200_000, "peak {peak} KB");
}

/// How the controller goes away in the middle of a search.
#[derive(Clone, Copy, Debug)]
enum Leaving {
    EndOfInput,
    Quit,
    ClosedOutput,
}

/// A 2,000,000-playout search (minutes) ends within a second of the controller leaving, and
/// what was already asked is still answered.
#[test]
fn a_search_stops_when_the_controller_goes_away() {
    for leaving in [Leaving::EndOfInput, Leaving::Quit, Leaving::ClosedOutput] {
        let args = ["--playouts", "2000000", "--threads", "1"];
        let mut child = tengen(&args, None, Stdio::null()).spawn().unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(b"boardsize 9\ngenmove b\n").unwrap();
        stdin.flush().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(500));
        let left = std::time::Instant::now();
        let stdout = child.stdout.take().unwrap();
        let reader = match leaving {
            Leaving::EndOfInput => {
                drop(stdin);
                Some(std::thread::spawn(move || std::io::read_to_string(stdout)))
            }
            Leaving::Quit => {
                stdin.write_all(b"quit\n").unwrap();
                stdin.flush().unwrap();
                Some(std::thread::spawn(move || std::io::read_to_string(stdout)))
            }
            Leaving::ClosedOutput => {
                drop(stdout);
                None
            }
        };
        let status = child.wait().unwrap();
        let took = left.elapsed();
        assert!(took.as_secs_f64() < 1.0, "{leaving:?}: exit {took:?} after");
        assert!(status.success(), "{leaving:?}: {status}");
        if let Some(reader) = reader {
            let text = reader.join().unwrap().unwrap();
            let answers: Vec<&str> = text.split("\n\n").filter(|a| !a.is_empty()).collect();
            assert!(answers.len() >= 2, "{leaving:?}: {text:?}");
            assert!(
                answers[1].len() > 2 && answers[1].starts_with("= "),
                "{text:?}"
            );
        }
    }
}

/// Commands that come with their end of input (`tengen < file`, a pipe from `printf`) are
/// batch work, not a controller leaving: every search runs to its budget.
#[test]
fn a_batch_of_commands_is_searched_in_full() {
    let out = run(
        &["--playouts", "5000", "--threads", "1"],
        b"boardsize 9\ngenmove b\ngenmove w\nquit\n",
        Some("info"),
    );
    assert!(out.status.success());
    let log = String::from_utf8(out.stderr).unwrap();
    // The early stop may end a search once its best move cannot be overtaken, at times
    // before half the budget (2,497 of 5,000 once); a stopped search would end after a
    // handful.
    let playouts: Vec<u64> = log
        .lines()
        .filter_map(|l| {
            l.split_once("INFO  tengen::player] ")?
                .1
                .split_once(" playouts in")
        })
        .map(|(n, _)| n.parse().unwrap())
        .collect();
    assert_eq!(playouts.len(), 2, "{log}");
    assert!(playouts.iter().all(|&n| n >= 1000), "{playouts:?}");
}

/// A long 19×19 search in a 2 MB tree: the tree stops growing at its limit (an unlimited one
/// takes several hundred thousand nodes in the same time) and the process stays small.
#[test]
fn a_full_tree_stops_growing_and_the_search_goes_on() {
    let args = ["--max-tree-mb", "2", "--time", "3", "--threads", "2"];
    let mut child = tengen(&args, Some("info"), Stdio::piped()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"boardsize 19\ngenmove b\n").unwrap();
    stdin.flush().unwrap();
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    while std::io::BufRead::read_line(&mut stdout, &mut line).unwrap() > 0 && line.len() < 3 {
        line.clear();
    }
    assert!(line.starts_with("= "), "{line:?}");
    let peak = peak_kb(child.id());
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let log = String::from_utf8(out.stderr).unwrap();
    let nodes: u64 = log
        .split_once(" nodes;")
        .and_then(|(before, _)| before.rsplit(' ').next()?.parse().ok())
        .unwrap_or_else(|| panic!("{log}"));
    // 32 bytes a node: 2 MB hold 65,536.
    assert!(nodes < 80_000, "{nodes} nodes in a 2 MB tree");
    assert!(nodes > 1000, "{nodes} nodes");
    assert!(peak < 64_000, "peak {peak} KB");
}

/// Every range the help states is the one enforced, with clap's error form throughout; the
/// expert options come after the everyday ones, and GNU Go's under their own heading.
#[test]
fn the_help_states_the_ranges_it_enforces_and_leads_with_everyday_options() {
    let help = stdout(&["--help"]);
    let at = |option: &str| help.find(option).unwrap_or_else(|| panic!("{option}"));
    assert!(at("--threads") < at("--playouts") && at("--playouts") < at("--time <S>"));
    assert!(at("--time <S>") < at("Expert options") && at("Expert options") < at("--tune"));
    assert!(
        at("Expert options") < at("--max-tree-mb") && at("--max-tree-mb") < at("GNU Go's options")
    );
    assert!(
        help.contains("1 to 1048576")
            && help.contains("[possible values: situational, positional]")
    );
    let invalid = "error: invalid value";
    refused(&["--max-tree-mb", "1048577"], &[invalid, "1 to 1048576"]);
    refused(&["--seed", "-1"], &[invalid, "'-1' for '--seed <N>'"]);
    refused(
        &["match", "--engine1", "a", "--engine2", "b", "--size", "30"],
        &[invalid, "from 2 to 25"],
    );
    refused(
        &["match", "--engine1", "a", "--engine2", "b", "--cycle", "x"],
        &["forbid, no-result"],
    );
    let event = stdout(&["match", "--help"]);
    assert!(
        event.contains("'none'") && event.contains("seconds"),
        "{event}"
    );
    let tune = stdout(&["--tune", "help"]);
    assert!(
        tune.contains("selfatari") && tune.contains("1 / 0.6 / 1"),
        "{tune}"
    );
}

/// qGo starts its engine as GNU Go: `--mode gtp --quiet --level 10`. tengen speaks GTP, plays
/// at the level asked for, and takes the first game's komi and size.
#[test]
fn gnu_go_s_options_start_a_gtp_engine() {
    let args = [
        "--mode",
        "gtp",
        "--quiet",
        "--level",
        "7",
        "--chinese-rules",
        "--komi",
        "6.5",
        "--boardsize",
        "13",
    ];
    let out = run(&args, b"final_score\nshowboard\ntengen-level\n", None);
    let answers = responses(&out);
    assert_eq!(answers[0], "= W+6.5");
    assert!(answers[1].contains("13 . . ."), "{}", answers[1]);
    assert_eq!(answers[2], "= 7");
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    refused(&["--level", "11"], &["11 is not a level from 1 to 10"]);
    refused(&["--mode", "ascii"], &["gtp"]);
}

/// An engine whose path has a space, with a quoted argument, plays in a match and in a
/// tournament.
#[test]
fn engine_paths_with_spaces_play_in_matches_and_tournaments() {
    let dir = std::env::temp_dir().join(format!("tengen quoted {}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let copy = dir.join("my tengen");
    std::fs::copy(env!("CARGO_BIN_EXE_tengen"), &copy).unwrap();
    let engine = |name: &str| {
        format!(
            "{name}='{}' --playouts 20 --threads 1 --tune 'rave=800'",
            copy.display()
        )
    };
    for tool in ["match", "tournament"] {
        let out_dir = dir.join(tool);
        let mut args = vec![tool.to_string()];
        let (first, second) = if tool == "match" {
            ("--engine1", "--engine2")
        } else {
            ("--engine", "--engine")
        };
        args.extend([first.into(), engine("a"), second.into(), engine("b")]);
        args.extend(["--size", "5", "--out"].map(String::from));
        args.push(out_dir.display().to_string());
        if tool == "match" {
            args.extend(["--games", "2"].map(String::from));
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = run(&args, b"", None);
        assert!(
            out.status.success(),
            "{tool}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let results = std::fs::read_to_string(out_dir.join("results.dat")).unwrap();
        let games = results.lines().filter(|l| !l.starts_with('#')).count();
        // A match of two games; a round robin of two entrants is one game.
        let expected = if tool == "match" { 2 } else { 1 };
        assert_eq!(games, expected, "{tool}: {results}");
        // The command is written quoted, as it is read back when the event resumes.
        assert!(results.contains("my tengen' --playouts 20"), "{results}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Sends `first`, waits, then sends `then` and the end of input; all of stdout.
fn conversation(args: &[&str], first: &str, wait_ms: u64, then: &str) -> String {
    let mut child = tengen(args, None, Stdio::null()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(first.as_bytes()).unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(wait_ms));
    stdin.write_all(then.as_bytes()).unwrap();
    drop(stdin);
    String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap()
}

/// The moves of an analysis's info lines, each line's moves in order.
fn analysed_moves(output: &str) -> Vec<Vec<String>> {
    (output.lines())
        .filter(|l| l.starts_with("info move "))
        .map(|l| {
            l.split("info move ")
                .skip(1)
                .map(|g| g.split_whitespace().next().unwrap().to_string())
                .collect()
        })
        .collect()
}

/// Lizzie's start: `name`, then `version`, read as Leela Zero's (0.15 or later wanted);
/// `--override-version` answers what it needs while `name` stays tengen. Then an analysis
/// with moves avoided, as Lizzie sends it when a user excludes moves, runs until the next
/// command and never shows them.
#[test]
fn lizzie_s_handshake_and_avoided_moves_in_a_live_analysis() {
    let args = ["--override-version", "0.17", "--threads", "1"];
    let out = run(&args, b"name\nversion\n", None);
    assert_eq!(responses(&out), vec!["= tengen", "= 0.17"]);
    let version = responses(&run(&[], b"version\n", None))[0].clone();
    assert_eq!(version, format!("= {}", env!("CARGO_PKG_VERSION")));
    refused(&["--override-version", "two words"], &["printable"]);
    let setup = "boardsize 9\nkomi 7.5\nplay b E5\n";
    let free = conversation(&args, &format!("{setup}lz-analyze w 20\n"), 1500, "name\n");
    let top: Vec<String> = analysed_moves(&free).last().unwrap()[..3].to_vec();
    let avoid = format!("{setup}lz-analyze w 20 avoid w {} 50\n", top.join(","));
    let avoided = conversation(&args, &avoid, 1500, "name\n");
    let lines = analysed_moves(&avoided);
    assert!(!lines.is_empty(), "{avoided}");
    for line in &lines {
        assert!(line.iter().all(|m| !top.contains(m)), "{top:?}: {line:?}");
    }
    assert!(avoided.trim_end().ends_with("= tengen"), "{avoided}");
    let allow = format!("{setup}kata-analyze w 20 allow w C3,G7,C7 1\n");
    let allowed = conversation(&args, &allow, 1000, "name\n");
    for line in analysed_moves(&allowed) {
        assert!(
            line.iter()
                .all(|m| ["C3", "G7", "C7", "pass"].contains(&m.as_str())),
            "{line:?}"
        );
    }
}

/// `tengen match --sprt` between a strong and a weak tengen stops by itself as soon as the
/// test accepts H1, with the verdict in the results file, the standings and the report; run
/// again, the match stays decided and plays nothing more.
#[test]
fn a_match_with_a_sequential_test_stops_at_its_verdict_and_stays_stopped() {
    let dir = std::env::temp_dir().join(format!("tengen-sprt-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let me = env!("CARGO_BIN_EXE_tengen");
    let strong = format!("strong={me} --playouts 400 --threads 1");
    let weak = format!("weak={me} --playouts 4 --threads 1");
    let out_dir = dir.display().to_string();
    let args = [
        "match",
        "--engine1",
        &strong,
        "--engine2",
        &weak,
        "--games",
        "60",
        "--size",
        "7",
        "--sprt",
        "elo0=0,elo1=200,alpha=0.1,beta=0.1",
        "--out",
        &out_dir,
    ];
    let out = run(&args, b"", None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(stdout.contains("sprt LLR "), "{stdout}");
    let results = std::fs::read_to_string(dir.join("results.dat")).unwrap();
    let games = results.lines().filter(|l| !l.starts_with('#')).count();
    assert!(games < 30, "{games} games: {results}");
    let verdict = "H1 accepted: strong is stronger than weak by 200 Elo or more";
    assert_eq!(results.matches("# sprt:").count(), 1, "{results}");
    assert!(
        results.contains("# sprt: elo0=0,elo1=200,alpha=0.1,beta=0.1; LLR "),
        "{results}"
    );
    for file in ["results.dat", "standings.txt", "report.html"] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        assert!(text.contains(verdict), "{file}: {text}");
    }
    let again = run(&args, b"", None);
    assert!(again.status.success());
    let results_again = std::fs::read_to_string(dir.join("results.dat")).unwrap();
    assert_eq!(results_again, results, "a decided match plays on");
    refused(
        &[
            "tournament",
            "--engine",
            "a",
            "--engine",
            "b",
            "--sprt",
            "elo1=5",
        ],
        &["--sprt"],
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A clock nobody can meet (a week of main time, a year in a byo-yomi period) or a "no
/// limit" clock still gets a move within the cap on a move's thinking.
#[test]
fn huge_and_unlimited_clocks_answer_within_the_move_cap() {
    for clock in [
        "time_settings 1000000 0 0",
        "kgs-time_settings byoyomi 0 31536000 5",
        "time_settings 0 1 0\ntime_left b 99999999 5",
        "kgs-time_settings none",
    ] {
        let input = format!("boardsize 9\n{clock}\ngenmove b\n");
        let started = std::time::Instant::now();
        let out = run(
            &["--max-move-time", "1", "--threads", "1"],
            input.as_bytes(),
            None,
        );
        let took = started.elapsed().as_secs_f64();
        let answers = responses(&out);
        assert!(
            answers.last().unwrap().starts_with("= "),
            "{clock}: {answers:?}"
        );
        assert!(took < 10.0, "{clock}: {took:.1} s");
    }
    refused(&["--max-move-time", "0"], &["0.1 to 86400"]);
}
