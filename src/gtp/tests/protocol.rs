//! The protocol itself: response shape, the command table, pipelining and hostile input.

use super::*;

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
