//! The engine while it works, as interactive clients see it: streaming analysis stopped by the
//! next command (Sabaki, Lizzie), GoGui's `# interrupt`, pondering that gives way at once to a
//! command, and a fast start. The Sabaki test drives tengen through @sabaki/gtp itself
//! (`npm install --prefix target/sgf-tools @sabaki/gtp`; `.ci/run` does it).

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The tests measure response times in milliseconds: they run one at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn my_turn() -> MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

/// A running tengen, its input, and its output lines as they come.
struct Live {
    launched: Instant,
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    log: Receiver<String>,
}

fn forward(stream: impl std::io::Read + Send + 'static) -> Receiver<String> {
    let (sender, lines) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines() {
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    lines
}

impl Live {
    fn start(args: &[&str]) -> Live {
        let launched = Instant::now();
        let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
            .args(args)
            .env("RUST_LOG", "info")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start tengen");
        Live {
            input: child.stdin.take().unwrap(),
            lines: forward(child.stdout.take().unwrap()),
            log: forward(child.stderr.take().unwrap()),
            child,
            launched,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    /// Sends a command with a CR LF line end (as gtp2ogs does) and returns the response, which
    /// must be a success.
    fn ask_ok(&mut self, command: &str) -> String {
        write!(self.input, "{command}\r\n").unwrap();
        self.input.flush().unwrap();
        let response = self.response(Duration::from_secs(120)).join("\n");
        assert!(response.starts_with('='), "{command} -> {response}");
        response[1..].trim().to_string()
    }

    fn line(&self, timeout: Duration) -> String {
        self.lines
            .recv_timeout(timeout)
            .expect("a line from tengen in time")
    }

    /// The lines of the next response, up to the empty line that ends it.
    fn response(&self, timeout: Duration) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.line(timeout);
            if line.is_empty() {
                return lines;
            }
            lines.push(line);
        }
    }

    /// Sends a command and returns its response and how long it took.
    fn ask(&mut self, command: &str) -> (Vec<String>, Duration) {
        let start = Instant::now();
        self.send(command);
        let response = self.response(Duration::from_secs(120));
        (response, start.elapsed())
    }

    /// The log written so far.
    fn log_so_far(&self) -> String {
        self.log.try_iter().collect::<Vec<_>>().join("\n")
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const SECOND: Duration = Duration::from_secs(1);

#[test]
fn list_commands_answers_soon_after_launch() {
    let _turn = my_turn();
    let mut live = Live::start(&[]);
    live.send("list_commands");
    let response = live.response(10 * SECOND);
    let elapsed = live.launched.elapsed();
    assert!(response[0].starts_with("= "), "{response:?}");
    assert!(response.len() > 40, "{response:?}");
    assert!(
        elapsed < Duration::from_millis(100),
        "list_commands took {elapsed:?} from launch"
    );
}

#[test]
fn analysis_streams_until_any_command_arrives() {
    let _turn = my_turn();
    let mut live = Live::start(&["--threads", "1"]);
    live.ask("boardsize 9");
    live.ask("play b e5");
    live.send("kata-analyze w 5 ownership true");
    assert_eq!(live.line(10 * SECOND), "=");
    let mut infos = Vec::new();
    while infos.len() < 3 {
        infos.push(live.line(10 * SECOND));
    }
    let stop = Instant::now();
    live.send("list_stones b");
    // The analysis ends with an empty line (a last info line may come first), then the
    // command is answered.
    let rest = live.response(10 * SECOND);
    assert!(rest.iter().all(|l| l.starts_with("info ")), "{rest:?}");
    assert_eq!(live.response(10 * SECOND), vec!["= E5"]);
    assert!(
        stop.elapsed() < SECOND,
        "stopping took {:?}",
        stop.elapsed()
    );
    for line in &infos {
        assert!(line.starts_with("info move "), "{line}");
        let ownership: Vec<f64> = line
            .split(" ownership ")
            .nth(1)
            .expect("ownership asked for")
            .split(' ')
            .map(|v| v.parse().unwrap())
            .collect();
        assert_eq!(ownership.len(), 81);
        assert!(ownership.iter().all(|v| (-1.0..=1.0).contains(v)));
        // From White's point of view Black's stone in the centre is the opponent's.
        assert!(ownership[4 * 9 + 4] < -0.5, "E5: {}", ownership[40]);
        let winrate: f64 = line
            .split(" winrate ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!((0.0..=1.0).contains(&winrate), "{line}");
    }
}

#[test]
fn genmove_analyze_streams_then_plays() {
    let _turn = my_turn();
    let mut live = Live::start(&["--threads", "1", "--time", "0.5"]);
    live.ask("boardsize 9");
    let (response, _) = live.ask("lz-genmove_analyze b 5");
    assert_eq!(response[0], "=");
    let last = response.last().unwrap();
    let played = last.strip_prefix("play ").expect("a final play line");
    assert!(response.len() >= 3, "a few info lines first: {response:?}");
    assert!(
        response[1..response.len() - 1]
            .iter()
            .all(|l| l.starts_with("info move "))
    );
    let (stones, _) = live.ask("list_stones b");
    assert_eq!(stones, vec![format!("= {played}")]);
}

#[test]
fn gogui_interrupt_stops_a_long_genmove_with_its_best_move() {
    let _turn = my_turn();
    let mut live = Live::start(&["--time", "60"]);
    live.ask("boardsize 9");
    let (known, _) = live.ask("known_command gogui-interrupt");
    assert_eq!(known, vec!["= true"]);
    live.send("genmove b");
    std::thread::sleep(Duration::from_millis(300));
    let start = Instant::now();
    live.send("# interrupt");
    let response = live.response(70 * SECOND);
    let elapsed = start.elapsed();
    // Uninterrupted, the search would run for a minute; a loaded machine may take a few
    // hundred milliseconds to let the workers see the flag and the answer out.
    assert!(
        elapsed < Duration::from_secs(3),
        "answered {elapsed:?} after the interrupt"
    );
    let mv = response[0].strip_prefix("= ").expect("a move");
    assert_ne!(mv, "pass");
    // The interrupt was for that genmove only: the next one runs its course (a short one).
    live.ask("time_settings 0 2 1");
    let (next, took) = live.ask("genmove w");
    assert!(next[0].starts_with("= "), "{next:?}");
    assert!(took > Duration::from_millis(300), "{took:?}");
}

#[test]
fn pondering_gives_way_to_the_next_command_at_once() {
    let _turn = my_turn();
    let mut live = Live::start(&["--ponder", "--time", "0.3", "--threads", "2"]);
    live.ask("boardsize 19");
    let (first, _) = live.ask("genmove b");
    std::thread::sleep(Duration::from_millis(700));
    // Any point Black did not take (its first move is often the 4-4 point Q16).
    let answer = if first[0].eq_ignore_ascii_case("= q16") {
        "d4"
    } else {
        "q16"
    };
    let (response, took) = live.ask(&format!("play w {answer}"));
    assert_eq!(response, vec!["="]);
    assert!(
        took < Duration::from_millis(100),
        "play answered {took:?} after it arrived mid-ponder"
    );
    let (response, _) = live.ask("genmove b");
    assert!(response[0].starts_with("= "));
    live.ask("quit");
    let log = live.log_so_far();
    assert!(
        log.contains("until stopped"),
        "no pondering in the log:\n{log}"
    );
}

#[test]
#[ignore = "needs @sabaki/gtp (npm install --prefix target/sgf-tools @sabaki/gtp); run by .ci/run with --include-ignored"]
fn sabaki_drives_analysis_through_its_own_gtp_library() {
    let _turn = my_turn();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let modules = std::env::var_os("TENGEN_NODE_MODULES")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| root.join("target/sgf-tools/node_modules"));
    assert!(
        modules.join("@sabaki/gtp").exists(),
        "this test needs @sabaki/gtp in {}",
        modules.display()
    );
    let output = Command::new("node")
        .arg(root.join("gtp-scripts/clients/sabaki-gtp.js"))
        .args([
            env!("CARGO_BIN_EXE_tengen"),
            "--threads",
            "1",
            "--time",
            "0.5",
        ])
        .env("NODE_PATH", &modules)
        .output()
        .expect("node runs");
    let summary = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{summary}");
    assert!(summary.contains("\"problems\":[]"), "{summary}");
}

/// gtp2ogs's side of a 19x19 game against a human who took two stones of free handicap: CR LF
/// line ends, the clock sent again before every move, `set_free_handicap`. The "human" is a
/// second tengen.
#[test]
fn an_ogs_style_handicap_game_is_played_to_the_end_without_an_error() {
    let _turn = my_turn();
    let mut bot = Live::start(&["--playouts", "60", "--threads", "1"]);
    let mut human = Live::start(&["--playouts", "30", "--threads", "1", "--seed", "3"]);
    assert!(bot.ask_ok("list_commands").contains("set_free_handicap"));
    for engine in [&mut bot, &mut human] {
        engine.ask_ok("boardsize 19");
        engine.ask_ok("clear_board");
        engine.ask_ok("komi 0.5");
        engine.ask_ok("set_free_handicap D4 Q16");
    }
    let mut passes = 0;
    let mut moves = 0;
    let mut white_left = 600.0;
    let result = loop {
        moves += 1;
        assert!(moves < 1000, "the game does not end");
        let bot_to_move = moves % 2 == 1;
        let (mover, other, colour) = if bot_to_move {
            bot.ask_ok("kgs-time_settings byoyomi 600 30 5");
            bot.ask_ok(&format!("time_left white {white_left:.0} 0"));
            (&mut bot, &mut human, "white")
        } else {
            (&mut human, &mut bot, "black")
        };
        let start = Instant::now();
        let mv = mover.ask_ok(&format!("genmove {colour}"));
        if bot_to_move {
            white_left -= start.elapsed().as_secs_f64();
        }
        if mv == "resign" {
            break format!("{colour} resigned");
        }
        other.ask_ok(&format!("play {colour} {mv}"));
        passes = if mv == "pass" { passes + 1 } else { 0 };
        if passes == 2 {
            break bot.ask_ok("final_score");
        }
    };
    assert!(moves > 40, "a real game: {moves} moves, {result}");
    assert_eq!(
        bot.ask_ok("list_stones black"),
        human.ask_ok("list_stones black")
    );
    assert_eq!(
        bot.ask_ok("list_stones white"),
        human.ask_ok("list_stones white")
    );
    eprintln!("{moves} moves, {result}");
}

#[test]
fn live_graphics_go_to_stderr_while_genmove_thinks() {
    let _turn = my_turn();
    let mut live = Live::start(&["--live-gfx", "--time", "1.2", "--threads", "1"]);
    live.ask("boardsize 9");
    let (response, _) = live.ask("genmove b");
    assert!(
        response[0].starts_with("= "),
        "stdout carries the answer only: {response:?}"
    );
    live.ask("quit");
    std::thread::sleep(Duration::from_millis(200));
    let log = live.log_so_far();
    assert!(log.matches("gogui-gfx:\nLABEL ").count() >= 1, "{log}");
    assert!(log.contains("gogui-gfx: CLEAR"), "{log}");
}
