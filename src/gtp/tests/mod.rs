mod new_game;
use std::io::Cursor;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::io::serve;
use super::*;
use crate::clock::{TimeLeft, TimeSystem};

fn engine() -> Engine {
    Engine::new(Config::default())
}

/// An engine that thinks briefly, on one thread.
fn quick_engine() -> Engine {
    let mut config = Config::default();
    config.player.playouts = Some(200);
    config.player.time = None;
    config.player.threads = 1;
    Engine::new(config)
}

/// Sends one command and returns the full response.
fn send(engine: &mut Engine, line: &str) -> String {
    engine.execute(line)
}

fn ok(engine: &mut Engine, line: &str) -> String {
    let response = send(engine, line);
    assert!(response.starts_with('='), "{line} -> {response}");
    response.trim_start_matches('=').trim().to_string()
}

fn ok_all(engine: &mut Engine, lines: &[&str]) {
    for line in lines {
        ok(engine, line);
    }
}

fn err(engine: &mut Engine, line: &str) -> String {
    let response = send(engine, line);
    assert!(response.starts_with('?'), "{line} -> {response}");
    response.trim_start_matches('?').trim().to_string()
}

/// Everything a failed command must leave alone.
fn state(engine: &mut Engine) -> (String, String, String, usize, usize) {
    let black = ok(engine, "list_stones black");
    let white = ok(engine, "list_stones white");
    let board = ok(engine, "showboard");
    (
        black,
        white,
        board,
        engine.game().move_count(),
        engine.game().handicap(),
    )
}

#[test]
fn responses_have_the_spec_shape() {
    let mut e = engine();
    assert_eq!(send(&mut e, "protocol_version"), "= 2\n\n");
    assert_eq!(send(&mut e, "7 name"), "=7 tengen\n\n");
    assert_eq!(send(&mut e, "8 clear_board"), "=8\n\n");
    assert_eq!(send(&mut e, "9 frobnicate"), "?9 unknown command\n\n");
    assert_eq!(send(&mut e, "10"), "?10 syntax error\n\n");
    let showboard = send(&mut e, "showboard");
    assert!(showboard.ends_with("\n\n") && !showboard.trim_end().contains("\n\n"));
}

#[test]
fn the_command_table_drives_list_and_known_command() {
    let mut e = engine();
    let listed = ok(&mut e, "list_commands");
    let names: Vec<&str> = listed.lines().collect();
    for name in &names {
        assert_eq!(ok(&mut e, &format!("known_command {name}")), "true");
        assert_ne!(
            err_or_ok(&mut e, name),
            "unknown command",
            "{name} is listed but unknown"
        );
    }
    for required in [
        "protocol_version",
        "name",
        "version",
        "known_command",
        "list_commands",
        "quit",
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "undo",
        "showboard",
        "fixed_handicap",
        "place_free_handicap",
        "set_free_handicap",
        "final_score",
        "final_status_list",
        "list_stones",
        "is_legal",
        "loadsgf",
        "tengen-superko",
    ] {
        assert!(names.contains(&required), "{required} missing");
    }
    assert_eq!(ok(&mut e, "known_command genmove_black"), "false");
    assert_eq!(ok(&mut e, "known_command known_command"), "true");
}

fn err_or_ok(engine: &mut Engine, line: &str) -> String {
    let r = send(engine, line);
    r[1..].trim().to_string()
}

#[test]
fn boardsize_takes_one_or_two_equal_numbers() {
    let mut e = engine();
    ok(&mut e, "boardsize 9");
    assert_eq!(e.game().size(), 9);
    ok(&mut e, "boardsize 13 13");
    assert_eq!(e.game().size(), 13);
    for bad in [
        "boardsize 1",
        "boardsize 26",
        "boardsize 0",
        "boardsize 9 13",
        "boardsize 99999999999",
    ] {
        assert_eq!(err(&mut e, bad), "unacceptable size", "{bad}");
        assert_eq!(e.game().size(), 13);
    }
    for bad in [
        "boardsize",
        "boardsize x",
        "boardsize -9",
        "boardsize 9 9 9",
    ] {
        assert_eq!(err(&mut e, bad), "syntax error", "{bad}");
    }
    // A new size clears the board but keeps komi.
    ok(&mut e, "komi 0.5");
    ok(&mut e, "play b a1");
    ok(&mut e, "boardsize 5");
    assert_eq!(ok(&mut e, "list_stones b"), "");
    assert_eq!(e.game().komi(), 0.5);
}

#[test]
fn play_accepts_every_colour_spelling_and_pass() {
    let mut e = engine();
    ok(&mut e, "boardsize 9");
    for (cmd, stone) in [
        ("play b d4", "D4"),
        ("play W e5", "E5"),
        ("play BLACK c3", "C3"),
        ("play white J9", "J9"),
    ] {
        ok(&mut e, cmd);
        assert!(
            send(&mut e, "list_stones b").contains(stone)
                || send(&mut e, "list_stones w").contains(stone)
        );
    }
    ok(&mut e, "play b PASS");
    ok(&mut e, "play w pass");
    assert_eq!(e.game().move_count(), 6);
}

#[test]
fn bad_play_commands_fail_with_the_spec_words_and_change_nothing() {
    let mut e = engine();
    ok(&mut e, "boardsize 5");
    ok(&mut e, "play b c3");
    let before = state(&mut e);
    for (cmd, message) in [
        ("play b c3", "illegal move"),
        ("play w z1", "illegal move"),
        ("play w a6", "illegal move"),
        ("play w a0", "illegal move"),
        ("play x c2", "syntax error"),
        ("play w", "syntax error"),
        ("play w c2 c4", "syntax error"),
        ("play w i3", "syntax error"),
        ("play w 3c", "syntax error"),
        ("play", "syntax error"),
    ] {
        assert_eq!(err(&mut e, cmd), message, "{cmd}");
        assert_eq!(state(&mut e), before, "{cmd} changed the state");
    }
}

/// On 2x2, White's B2 captures two stones and Black's A1 comes back: the start of the cycles
/// used by the superko tests.
const TWO_BY_TWO_OPENING: [&str; 5] = [
    "play b a1",
    "play w b1",
    "play b a2",
    "play w b2",
    "play b a1",
];

#[test]
fn suicide_ko_and_superko_are_illegal_moves() {
    let mut e = engine();
    ok(&mut e, "boardsize 2");
    ok(&mut e, "komi 0.5");
    ok_all(&mut e, &TWO_BY_TWO_OPENING);
    ok(&mut e, "play w a2");
    assert_eq!(ok(&mut e, "is_legal b a1"), "0");
    assert_eq!(err(&mut e, "play b a1"), "illegal move");
    ok(&mut e, "boardsize 3");
    ok_all(&mut e, &["play b b1", "play b a2"]);
    assert_eq!(ok(&mut e, "is_legal w a1"), "0");
    assert_eq!(err(&mut e, "play w a1"), "illegal move");
    assert_eq!(ok(&mut e, "is_legal w pass"), "1");
    assert_eq!(ok(&mut e, "is_legal w c3"), "1");
    assert_eq!(ok(&mut e, "is_legal w k10"), "0");
    assert_eq!(err(&mut e, "is_legal w"), "syntax error");
}

#[test]
fn the_superko_rule_can_be_shown_and_set() {
    let mut e = engine();
    assert_eq!(ok(&mut e, "tengen-superko"), "situational");
    ok(&mut e, "boardsize 2");
    ok_all(&mut e, &TWO_BY_TWO_OPENING);
    ok_all(&mut e, &["play w pass", "play b a2"]);
    assert_eq!(ok(&mut e, "is_legal w b1"), "1");
    assert_eq!(ok(&mut e, "tengen-superko positional"), "positional");
    assert_eq!(ok(&mut e, "is_legal w b1"), "0");
    assert_eq!(err(&mut e, "tengen-superko ko"), "syntax error");
    assert_eq!(ok(&mut e, "tengen-superko"), "positional");
    // It survives clear_board and boardsize.
    ok(&mut e, "boardsize 9");
    assert_eq!(ok(&mut e, "tengen-superko"), "positional");
}

#[test]
fn undo_takes_back_moves_until_none_are_left() {
    let mut e = engine();
    ok(&mut e, "boardsize 9");
    let empty = state(&mut e);
    ok(&mut e, "play b e5");
    let one = state(&mut e);
    ok(&mut e, "play w d4");
    ok(&mut e, "undo");
    assert_eq!(state(&mut e), one);
    ok(&mut e, "undo");
    assert_eq!(state(&mut e), empty);
    assert_eq!(err(&mut e, "undo"), "cannot undo");
    assert_eq!(err(&mut e, "undo 1"), "syntax error");
}

#[test]
fn fixed_handicap_follows_the_spec_placement() {
    let mut e = engine();
    let cases = [
        (19, 2, "D4 Q16"),
        (19, 3, "D4 Q16 D16"),
        (19, 4, "D4 Q16 D16 Q4"),
        (19, 5, "D4 Q16 D16 Q4 K10"),
        (19, 6, "D4 Q16 D16 Q4 D10 Q10"),
        (19, 7, "D4 Q16 D16 Q4 D10 Q10 K10"),
        (19, 8, "D4 Q16 D16 Q4 D10 Q10 K4 K16"),
        (19, 9, "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10"),
        (13, 5, "D4 K10 D10 K4 G7"),
        (9, 4, "C3 G7 C7 G3"),
        (9, 9, "C3 G7 C7 G3 C5 G5 E3 E7 E5"),
        (7, 4, "C3 E5 C5 E3"),
        (10, 4, "C3 H8 C8 H3"),
        (12, 2, "D4 J9"),
        (25, 9, "D4 W22 D22 W4 D13 W13 N4 N22 N13"),
    ];
    for (size, n, expected) in cases {
        ok(&mut e, &format!("boardsize {size}"));
        assert_eq!(
            ok(&mut e, &format!("fixed_handicap {n}")),
            expected,
            "{size} {n}"
        );
        assert_eq!(e.game().handicap(), n);
        assert_eq!(e.game().to_move(), Color::White);
    }
    for (size, n) in [(19, 1), (19, 10), (9, 0), (8, 5), (7, 5), (6, 2), (5, 2)] {
        ok(&mut e, &format!("boardsize {size}"));
        assert_eq!(
            err(&mut e, &format!("fixed_handicap {n}")),
            "invalid number of stones",
            "{size} {n}"
        );
    }
    ok(&mut e, "boardsize 19");
    ok(&mut e, "play b d4");
    assert_eq!(err(&mut e, "fixed_handicap 2"), "board not empty");
    assert_eq!(err(&mut e, "fixed_handicap x"), "syntax error");
}

#[test]
fn free_handicap_is_placed_or_taken_on_an_empty_board() {
    let mut e = engine();
    ok(&mut e, "boardsize 9");
    let placed = ok(&mut e, "place_free_handicap 12");
    let stones: Vec<&str> = placed.split(' ').collect();
    assert_eq!(stones.len(), 12);
    assert_eq!(ok(&mut e, "list_stones b").split(' ').count(), 12);
    assert_eq!(e.game().handicap(), 12);
    assert_eq!(err(&mut e, "place_free_handicap 2"), "board not empty");
    ok(&mut e, "clear_board");
    assert_eq!(
        err(&mut e, "place_free_handicap 1"),
        "invalid number of stones"
    );
    assert_eq!(
        err(&mut e, "place_free_handicap 81"),
        "invalid number of stones"
    );
    assert_eq!(ok(&mut e, "place_free_handicap 80").split(' ').count(), 80);

    ok(&mut e, "clear_board");
    for bad in [
        "set_free_handicap a1",
        "set_free_handicap a1 a1",
        "set_free_handicap a1 pass",
        "set_free_handicap a1 z9",
    ] {
        assert_eq!(err(&mut e, bad), "bad vertex list", "{bad}");
        assert_eq!(ok(&mut e, "list_stones b"), "");
    }
    assert_eq!(err(&mut e, "set_free_handicap"), "syntax error");
    assert_eq!(err(&mut e, "set_free_handicap a1 x"), "syntax error");
    ok(&mut e, "set_free_handicap a1 e5 j9");
    assert_eq!(ok(&mut e, "list_stones black"), "A1 E5 J9");
    assert_eq!(e.game().handicap(), 3);
    assert_eq!(err(&mut e, "set_free_handicap c3 d4"), "board not empty");
    assert_eq!(err(&mut e, "undo"), "cannot undo");
}

#[test]
fn komi_accepts_real_numbers_only() {
    let mut e = engine();
    assert_eq!(e.game().komi(), 7.5);
    ok(&mut e, "komi 6.5");
    ok(&mut e, "komi -3");
    assert_eq!(e.game().komi(), -3.0);
    for bad in ["komi", "komi x", "komi nan", "komi inf", "komi 1 2"] {
        assert_eq!(err(&mut e, bad), "syntax error");
        assert_eq!(e.game().komi(), -3.0);
    }
}

#[test]
fn final_score_counts_the_board_without_the_dead_stones() {
    let mut e = engine();
    ok(&mut e, "boardsize 9");
    // Black owns columns A-E, White F-J; a white stone at C7 and a black one at H4 are dead.
    for row in 1..=9 {
        ok(&mut e, &format!("play b e{row}"));
        ok(&mut e, &format!("play w f{row}"));
    }
    ok(&mut e, "play w c7");
    ok(&mut e, "play b h4");
    assert_eq!(ok(&mut e, "final_status_list dead"), "H4\nC7");
    assert_eq!(ok(&mut e, "final_score"), "B+1.5");
    ok(&mut e, "komi 9");
    assert_eq!(ok(&mut e, "final_score"), "0");
    ok(&mut e, "komi 9.5");
    assert_eq!(ok(&mut e, "final_score"), "W+0.5");
    assert_eq!(ok(&mut e, "final_status_list seki"), "");
    assert_eq!(ok(&mut e, "final_status_list alive").lines().count(), 2);
    assert_eq!(err(&mut e, "final_status_list"), "syntax error");
    assert_eq!(err(&mut e, "final_status_list undead"), "syntax error");
    // After two passes showboard says the result in points and in stones.
    ok(&mut e, "komi 7.5");
    ok(&mut e, "play b pass");
    ok(&mut e, "play w pass");
    assert!(ok(&mut e, "showboard").contains("Game over: B+1.5 = B+3/4 stones (黑胜3/4子)"));
}

#[test]
fn list_stones_and_showboard_show_the_position() {
    let mut e = engine();
    ok(&mut e, "boardsize 5");
    ok(&mut e, "play b a1");
    ok(&mut e, "play w e5");
    ok(&mut e, "play b c3");
    assert_eq!(ok(&mut e, "list_stones b"), "A1 C3");
    assert_eq!(ok(&mut e, "list_stones WHITE"), "E5");
    assert_eq!(err(&mut e, "list_stones"), "syntax error");
    let board = ok(&mut e, "showboard");
    let lines: Vec<&str> = board.lines().collect();
    assert_eq!(lines[0], "A B C D E");
    assert_eq!(lines[1], " 5 . . . . O 5");
    assert_eq!(lines[3], " 3 . . X . . 3");
    assert_eq!(lines[5], " 1 X . . . . 1");
    assert!(lines[7].starts_with("White to move. Komi 7.5 (3 3/4 stones)"));
}

#[test]
fn quit_answers_and_stops() {
    let mut e = engine();
    assert_eq!(send(&mut e, "5 quit"), "=5\n\n");
    assert!(e.quit_requested());
}

/// Runs `input` through the loop and returns the output.
fn serve_bytes(engine: &mut Engine, input: &[u8]) -> String {
    let mut output = Vec::new();
    serve(engine, Cursor::new(input.to_vec()), &mut output).unwrap();
    String::from_utf8(output).unwrap()
}

#[test]
fn pipelined_commands_are_answered_in_order() {
    let mut e = engine();
    let out = serve_bytes(
        &mut e,
        b"1 name\r\n2 version\n\n# comment\n3 protocol_version\n4 list_commands\n5 boardsize 9\n",
    );
    let ids: Vec<&str> = out
        .split("\n\n")
        .filter(|r| !r.is_empty())
        .map(|r| r.split(' ').next().unwrap())
        .collect();
    assert_eq!(ids, vec!["=1", "=2", "=3", "=4", "=5"]);
}

#[test]
fn input_ends_cleanly_in_the_middle_of_a_line() {
    let mut e = engine();
    let out = serve_bytes(&mut e, b"boardsize 9\nplay b e5");
    assert_eq!(out, "=\n\n=\n\n");
    assert_eq!(e.game().move_count(), 1);
}

#[test]
fn very_long_lines_nul_bytes_and_invalid_utf8_get_answers() {
    let mut e = engine();
    let mut input = b"play b ".to_vec();
    input.extend(std::iter::repeat_n(b'x', 1 << 20));
    input.extend(b"\nna\0me\n\xff\xfe\xfd\nboardsize 9\xff\nplay b e5\n");
    let out = serve_bytes(&mut e, &input);
    let responses: Vec<&str> = out.split("\n\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(
        responses,
        vec![
            "? syntax error",
            "= tengen",
            "? unknown command",
            "? syntax error",
            "="
        ]
    );
    assert_eq!(ok(&mut e, "list_stones b"), "E5");
}

const SAMPLE_COMMANDS: &[&str] = &[
    "play b",
    "play w",
    "boardsize",
    "komi",
    "undo",
    "is_legal b",
    "list_stones",
    "final_status_list",
    "fixed_handicap",
    "set_free_handicap",
    "place_free_handicap",
    "clear_board",
    "showboard",
    "known_command",
    "tengen-superko",
    "loadsgf",
    "name",
    "final_score",
    "lz-analyze",
    "kata-analyze",
    "genmove_analyze",
    "kata-genmove_analyze",
];
const SAMPLE_ARGS: &[&str] = &[
    "a1",
    "e5",
    "t19",
    "z25",
    "pass",
    "9",
    "2",
    "19",
    "0",
    "-1",
    "7.5",
    "b",
    "w",
    "dead",
    "seki",
    "x",
    "positional",
    "/nonexistent.sgf",
    "99999999999999999999",
    "",
    "interval",
    "ownership",
    "true",
];

/// Random command lines, some valid, some garbage bytes.
fn random_line(rng: &mut SmallRng) -> Vec<u8> {
    match rng.random_range(0..4) {
        0 => (0..rng.random_range(0..40))
            .map(|_| rng.random::<u8>())
            .filter(|&b| b != b'\n')
            .collect(),
        _ => {
            let mut line = String::new();
            if rng.random_range(0..3) == 0 {
                line.push_str(&format!("{} ", rng.random_range(0..1000)));
            }
            line.push_str(SAMPLE_COMMANDS[rng.random_range(0..SAMPLE_COMMANDS.len())]);
            for _ in 0..rng.random_range(0..3) {
                line.push(' ');
                line.push_str(SAMPLE_ARGS[rng.random_range(0..SAMPLE_ARGS.len())]);
            }
            line.into_bytes()
        }
    }
}

/// Property test over arbitrary input: no panic, exactly one response per command line, the
/// board consistent afterwards, and the engine still plays normally.
#[test]
fn arbitrary_input_never_breaks_the_engine() {
    let mut rng = SmallRng::seed_from_u64(11);
    let rounds = if std::env::var("TENGEN_LONG").is_ok() {
        2000
    } else {
        150
    };
    for _ in 0..rounds {
        let mut e = quick_engine();
        let lines: Vec<Vec<u8>> = (0..rng.random_range(1..40))
            .map(|_| random_line(&mut rng))
            .collect();
        let mut input = Vec::new();
        for line in &lines {
            input.extend(line);
            input.push(if rng.random_range(0..5) == 0 {
                b'\r'
            } else {
                b' '
            });
            input.push(b'\n');
        }
        let commands = lines
            .iter()
            .filter(|l| super::parse::preprocess(l).is_some())
            .count();
        let out = serve_bytes(&mut e, &input);
        let responses = out.matches("\n\n").count();
        assert_eq!(
            responses,
            commands,
            "input {:?}",
            String::from_utf8_lossy(&input)
        );
        assert!(
            out.split("\n\n")
                .filter(|r| !r.is_empty())
                .all(|r| r.starts_with('=') || r.starts_with('?'))
        );
        e.game().board().check_invariants();
        ok(&mut e, "clear_board");
        ok(&mut e, "play b a1");
        assert!(ok(&mut e, "list_stones b").contains("A1"));
    }
}

#[test]
fn loadsgf_loads_a_position_or_changes_nothing() {
    let dir = std::env::temp_dir().join(format!("tengen-loadsgf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let good = file(
        "good.sgf",
        "(;GM[1]FF[4]SZ[9]KM[6.5]HA[2]AB[cc][gg];W[ee];B[dd];W[ff])",
    );
    let bad = [
        file("truncated.sgf", "(;SZ[9];B[aa"),
        file("huge.sgf", "(;SZ[37];B[aa])"),
        file("illegal.sgf", "(;SZ[9];B[aa];W[aa])"),
        file("empty.sgf", ""),
        dir.join("missing.sgf").display().to_string(),
    ];
    let mut e = engine();
    ok(&mut e, "boardsize 13");
    ok(&mut e, "play b a1");
    let before = state(&mut e);
    for path in &bad {
        assert!(
            err(&mut e, &format!("loadsgf {path}")).starts_with("cannot load file"),
            "{path}"
        );
        assert_eq!(state(&mut e), before, "{path} changed the position");
    }
    assert_eq!(err(&mut e, &format!("loadsgf {good} x")), "syntax error");

    assert_eq!(ok(&mut e, &format!("loadsgf {good}")), "black");
    assert_eq!(ok(&mut e, "list_stones black"), "G3 D6 C7");
    assert_eq!(ok(&mut e, "list_stones white"), "F4 E5");
    assert_eq!(
        (e.game().size(), e.game().komi(), e.game().handicap()),
        (9, 6.5, 2)
    );
    assert_eq!(ok(&mut e, &format!("loadsgf {good} 2")), "black");
    assert_eq!(ok(&mut e, "list_stones black"), "G3 C7");
    assert_eq!(ok(&mut e, &format!("loadsgf {good} D6")), "black");
    assert_eq!(ok(&mut e, "list_stones white"), "E5");
    assert_eq!(ok(&mut e, &format!("loadsgf {good} 1")), "white");
    // The record's result is written back until the game goes on.
    let finished = file("finished.sgf", "(;SZ[9]RE[W+Resign];B[ee];W[cc])");
    ok(&mut e, &format!("loadsgf {finished}"));
    assert!(ok(&mut e, "printsgf").contains("RE[W+Resign]"));
    ok(&mut e, "play b d4");
    assert!(!ok(&mut e, "printsgf").contains("RE["));
    // The loaded moves can be undone back to the setup, not further.
    ok(&mut e, &format!("loadsgf {good}"));
    ok_all(&mut e, &["undo", "undo", "undo"]);
    assert_eq!(err(&mut e, "undo"), "cannot undo");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn time_commands_set_the_clock_and_refuse_nonsense() {
    let mut e = quick_engine();
    ok(&mut e, "time_settings 600 30 5");
    assert_eq!(
        e.player.clock.system,
        TimeSystem::Canadian {
            main: 600.0,
            period: 30.0,
            stones: 5
        }
    );
    ok(&mut e, "time_settings 0 1 0");
    assert_eq!(e.player.clock.system, TimeSystem::None);
    ok(&mut e, "kgs-time_settings byoyomi 60 5 3");
    assert_eq!(
        e.player.clock.system,
        TimeSystem::ByoYomi {
            main: 60.0,
            period: 5.0,
            periods: 3
        }
    );
    ok(&mut e, "kgs-time_settings absolute 300");
    ok(&mut e, "kgs-time_settings canadian 0 20 10");
    ok(&mut e, "kgs-time_settings NONE");
    assert_eq!(e.player.clock.system, TimeSystem::None);
    ok(&mut e, "time_left black 4.5 1");
    assert_eq!(
        e.player.clock.left[0],
        Some(TimeLeft {
            seconds: 4.5,
            count: 1
        })
    );
    ok(&mut e, "time_left w -3 0");
    assert_eq!(
        e.player.clock.left[1],
        Some(TimeLeft {
            seconds: 0.0,
            count: 0
        })
    );
    for bad in [
        "time_settings 1 2",
        "time_settings a b c",
        "time_settings 1 2 -3",
        "kgs-time_settings",
        "kgs-time_settings byoyomi 1 2",
        "kgs-time_settings fischer 1 2 3",
        "time_left x 1 1",
        "time_left b 1",
    ] {
        assert_eq!(err(&mut e, bad), "syntax error", "{bad}");
    }
    let cpu: f64 = ok(&mut e, "cputime").parse().unwrap();
    assert!(cpu >= 0.0);
}

#[test]
fn genmove_plays_legal_moves_and_reg_genmove_changes_nothing() {
    let mut e = quick_engine();
    ok(&mut e, "boardsize 7");
    let before = state(&mut e);
    let suggested = ok(&mut e, "reg_genmove b");
    assert_eq!(state(&mut e), before);
    assert_eq!(
        ok(&mut e, "reg_genmove b"),
        suggested,
        "the same position, the same answer"
    );
    let played = ok(&mut e, "genmove b");
    assert!(ok(&mut e, "list_stones b").contains(&played), "{played}");
    assert_eq!(e.game().to_move(), Color::White);
    let reply = ok(&mut e, "genmove WHITE");
    assert!(reply == "pass" || ok(&mut e, "list_stones w").contains(&reply));
    assert_eq!(err(&mut e, "genmove"), "syntax error");
    assert_eq!(err(&mut e, "genmove x"), "syntax error");
}

/// A 9x9 board divided down the middle: Black's wall on column E, White's on F.
fn divided_board() -> Engine {
    let mut config = Config::default();
    config.player.playouts = Some(1000);
    config.player.time = None;
    config.player.threads = 1;
    let mut e = Engine::new(config);
    ok(&mut e, "boardsize 9");
    for row in 1..=9 {
        ok(&mut e, &format!("play b e{row}"));
        ok(&mut e, &format!("play w f{row}"));
    }
    e
}

#[test]
fn cleanup_captures_dead_stones_where_genmove_would_pass() {
    let mut e = divided_board();
    // Black B7, D7 and C6 leave White C7 one liberty, C8: its fate is clear.
    ok_all(
        &mut e,
        &[
            "play w c7",
            "play b b7",
            "play b d7",
            "play b c6",
            "play w pass",
        ],
    );
    assert_eq!(ok(&mut e, "final_status_list dead"), "C7");
    assert_eq!(
        ok(&mut e, "reg_genmove b"),
        "pass",
        "passing wins the count"
    );
    assert_eq!(ok(&mut e, "kgs-genmove_cleanup b"), "C8");
    // kgs-rules and kgs-game_over are accepted.
    ok(&mut e, "kgs-rules japanese");
    ok(&mut e, "kgs-game_over");
    assert_eq!(err(&mut e, "kgs-rules"), "syntax error");
}

#[test]
fn gogui_analysis_commands_answer_in_gogui_formats() {
    let mut e = quick_engine();
    ok(&mut e, "boardsize 9");
    ok(&mut e, "play b e5");
    let listed = ok(&mut e, "gogui-analyze_commands");
    for line in listed.lines() {
        let fields: Vec<&str> = line.split('/').collect();
        assert_eq!(fields.len(), 3, "{line}");
        assert_eq!(
            ok(&mut e, &format!("known_command {}", fields[2])),
            "true",
            "{line}"
        );
    }
    let influence = ok(&mut e, "tengen-ownership");
    let words: Vec<&str> = influence.split_whitespace().collect();
    assert_eq!(words[0], "INFLUENCE");
    assert_eq!(words.len(), 1 + 2 * 81);
    for pair in words[1..].chunks(2) {
        assert!(e.game().board().point_named(pair[0]).is_some());
        assert!((-1.0..=1.0).contains(&pair[1].parse::<f64>().unwrap()));
    }
    for command in ["tengen-visits", "tengen-winrates"] {
        let labels = ok(&mut e, command);
        let words: Vec<&str> = labels.split_whitespace().collect();
        assert_eq!(words[0], "LABEL");
        assert!(words.len() >= 3 && words.len() % 2 == 1, "{labels}");
        assert!(e.game().board().point_named(words[1]).is_some());
    }
    // The principal variation starts with the side to move and alternates.
    let pv = ok(&mut e, "tengen-pv");
    let words: Vec<&str> = pv.split_whitespace().collect();
    assert!(words.len() >= 2 && words.len().is_multiple_of(2), "{pv}");
    for (i, pair) in words.chunks(2).enumerate() {
        assert_eq!(pair[0], if i % 2 == 0 { "w" } else { "b" });
    }
}

#[test]
fn the_settings_page_shows_and_changes_settings() {
    let mut e = quick_engine();
    let page = ok(&mut e, "tengen-param");
    assert!(
        page.contains("[string] playouts 200") && page.contains("[bool] never_resign 0"),
        "{page}"
    );
    ok(&mut e, "tengen-param playouts 300");
    ok(&mut e, "tengen-param never_resign 1");
    ok(&mut e, "tengen-param superko positional");
    ok(&mut e, "tengen-param threads 2");
    let page = ok(&mut e, "tengen-param");
    for line in [
        "[string] playouts 300",
        "[bool] never_resign 1",
        "superko positional",
        "[string] threads 2",
    ] {
        assert!(page.contains(line), "{line} in {page}");
    }
    assert_eq!(ok(&mut e, "tengen-superko"), "positional");
    // Clearing the playout limit brings back the default time.
    ok(&mut e, "tengen-param playouts");
    assert!(ok(&mut e, "tengen-param").contains("[string] time 5"));
    for bad in [
        "tengen-param bogus 1",
        "tengen-param playouts -5",
        "tengen-param superko ko",
        "tengen-param a b c",
    ] {
        assert_eq!(err(&mut e, bad), "syntax error", "{bad}");
    }
}

#[test]
fn analysis_arguments_follow_leela_and_katago() {
    use analyze::{Dialect, parse_request};
    let black = Color::Black;
    let parse = |args: &str, genmove| {
        let args: Vec<&str> = args.split_whitespace().collect();
        parse_request(&args, Color::White, Dialect::Kata, genmove)
    };
    // Colour and interval are optional for an analysis; the colour to move is the default.
    assert_eq!(parse("", false), parse("w 0", false));
    let full = parse("b 50 maxmoves 3 minmoves 2 ownership true", false).unwrap();
    assert_eq!(
        Ok(full.clone()),
        parse("B interval 50 maxmoves 3 ownership true", false)
    );
    assert!(format!("{full:?}").contains(&format!("color: {black:?}")));
    assert!(format!("{full:?}").contains("interval: Some(500ms)"));
    for bad in [
        "b 10 maxmoves",
        "b 10 avoid b d4 1",
        "b 10 ownership maybe",
        "b x",
    ] {
        assert!(parse(bad, false).is_err(), "{bad}");
    }
    // A genmove needs its colour.
    assert!(parse("10", true).is_err());
    assert!(parse("w 10", true).is_ok());
    // Leela's dialect knows no ownership.
    assert!(parse_request(&["b", "ownership", "true"], black, Dialect::Leela, false).is_err());
}

#[test]
fn analysis_commands_answer_in_their_format_and_leave_the_engine_usable() {
    let mut e = quick_engine();
    ok_all(&mut e, &["boardsize 9", "play b e5"]);
    // Without a controller attached nothing can arrive to stop it: one last line and the end.
    let response = send(&mut e, "7 lz-analyze w 10");
    let lines: Vec<&str> = response.trim_end().lines().collect();
    assert_eq!(lines[0], "=7");
    assert!(response.ends_with("\n\n") && !response[..response.len() - 2].contains("\n\n"));
    for line in &lines[1..] {
        assert!(line.starts_with("info move "), "{line}");
    }
    assert_eq!(
        err(&mut e, "lz-analyze w 10 frobnicate 1"),
        "unsupported analysis argument frobnicate"
    );
    assert_eq!(err(&mut e, "genmove_analyze"), "syntax error");
    let response = send(&mut e, "kata-genmove_analyze w 1");
    let last = response.trim_end().lines().last().unwrap();
    let played = last.strip_prefix("play ").expect("a play line");
    assert_eq!(ok(&mut e, "list_stones w"), played);
    assert_eq!(e.game().move_count(), 2);
    // With interval 0 the one line comes at the end, before the move.
    let response = send(&mut e, "kata-genmove_analyze b 0");
    let lines: Vec<&str> = response.trim_end().lines().collect();
    assert_eq!(lines.len(), 3, "{response}");
    assert!(lines[1].starts_with("info move "), "{response}");
}

/// The KGS dispute: tengen would pass with White's dead stones in its area; the opponent
/// disputes; `kgs-genmove_cleanup` then captures every one of them before passing, never
/// filling an eye of its own, and the count does not change.
#[test]
fn cleanup_after_a_dispute_captures_every_dead_stone_and_keeps_the_count() {
    let mut e = divided_board();
    // Dead White stones: C7 (liberty C8) and B3-C3 (liberty A3).
    for setup in [
        "w c7", "b b7", "b d7", "b c6", "w b3", "w c3", "b b2", "b c2", "b b4", "b c4", "b d3",
    ] {
        ok(&mut e, &format!("play {setup}"));
    }
    ok(&mut e, "play w pass");
    let dead = ok(&mut e, "final_status_list dead");
    assert_eq!(dead.split_whitespace().count(), 3, "{dead}");
    let before = ok(&mut e, "final_score");
    let mut moves = 0;
    loop {
        let board = e.game().board().clone();
        let mv = ok(&mut e, "kgs-genmove_cleanup b");
        if mv == "pass" {
            break;
        }
        let p = board.point_named(&mv).unwrap();
        assert!(!board.is_eye(Color::Black, p), "{mv} fills an own eye");
        moves += 1;
        assert!(moves < 20, "cleanup does not end");
        ok(&mut e, "play w pass");
    }
    let white = ok(&mut e, "list_stones w");
    for stone in ["C7", "B3", "C3"] {
        assert!(
            !white.contains(stone),
            "{stone} still on the board: {white}"
        );
    }
    assert_eq!(ok(&mut e, "final_score"), before);
}
