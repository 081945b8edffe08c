//! The referee's rulings, each tried with a small scripted engine written for it (an illegal
//! move, a repetition, a crash, a slow move under byo-yomi, a garbage answer, a dead-stone
//! dispute), and a round robin with misbehaving entrants that goes on.

mod common;

use std::time::{Duration, Instant};

use common::*;
use tengen::clock::TimeSystem;
use tengen::referee::outcome::{Margin, Outcome};
use tengen::referee::{self, CycleRule, Entrant, Format, Rules};

#[test]
fn an_illegal_move_is_void_and_the_second_warning_loses() {
    // A1, then A1 again (occupied: void, a pass, a warning), then again: lost.
    let record = one_game(
        "illegal",
        scripted("stubborn", "A1 A1 A1", ""),
        tengen("t", 30),
        rules(5),
    );
    assert_eq!(record.result.to_string(), "W+Illegal");
    assert_eq!(record.warnings, [2, 0]);
    assert!(record.moves >= 4, "the first warning did not end the game");
    assert!(
        record.rulings.contains("void, a pass and warning 1"),
        "{}",
        record.rulings
    );
}

/// On 2x2: after B A1, W B2, B B1, W A2 (takes two), B A1, W B1 (takes one), Black's A1 takes
/// three and brings back the position after the first move.
const CYCLE_BLACK: &str = "A1 B1 A1 A1";
const CYCLE_WHITE: &str = "B2 A2 B1";

#[test]
fn a_repetition_gets_the_events_cycle_ruling() {
    let play = |name: &str, cycle| {
        let rules = Rules { cycle, ..rules(2) };
        one_game(
            name,
            scripted("b", CYCLE_BLACK, ""),
            scripted("w", CYCLE_WHITE, ""),
            rules,
        )
    };
    let forbidden = play("cycle-forbid", CycleRule::Forbid);
    assert_eq!(forbidden.warnings, [1, 0], "{}", forbidden.rulings);
    assert!(
        forbidden.rulings.contains("Superko"),
        "{}",
        forbidden.rulings
    );
    let drawn = play("cycle-draw", CycleRule::Draw);
    assert_eq!((drawn.result, drawn.moves), (Outcome::Draw, 6));
    assert!(drawn.rulings.contains("art. 20"));
    assert_eq!(
        play("cycle-void", CycleRule::NoResult).result,
        Outcome::Void
    );
    let replayed = play("cycle-replay", CycleRule::Replay);
    assert!(
        replayed.rulings.contains("replayed"),
        "{}",
        replayed.rulings
    );
    assert_ne!(
        replayed.result,
        Outcome::Void,
        "the replay (both scripts now pass) has a result"
    );
}

#[test]
fn a_crash_a_garbage_answer_and_a_refused_move_forfeit() {
    let crash = scripted(
        "crash",
        "C3 D4",
        "genmove*) if [ $n -ge 2 ]; then exit 1; fi ;&",
    );
    let record = one_game("crash", crash, tengen("t", 30), rules(5));
    assert_eq!(record.result.to_string(), "W+Forfeit", "{}", record.rulings);
    assert!(record.moves >= 4);
    let record = one_game(
        "garbage",
        tengen("t", 30),
        scripted("garbage", "xyzzy", ""),
        rules(5),
    );
    assert_eq!(record.result.to_string(), "B+Forfeit");
    assert!(record.rulings.contains("not a move"), "{}", record.rulings);
    let refuser = scripted("refuser", "C3", "play*) printf '? illegal move\\n\\n' ;;");
    let record = one_game("refuse", tengen("t", 30), refuser, rules(5));
    assert_eq!(record.result.to_string(), "B+Forfeit");
    assert!(record.rulings.contains("refused"), "{}", record.rulings);
}

/// An engine that stops answering (with no clock to bound it), or answers without the empty
/// line that ends a response, forfeits at the answer limit, is killed after `quit`, and the
/// event is over in seconds.
#[test]
fn an_engine_that_stops_answering_forfeits_at_the_answer_limit() {
    let quick = Rules {
        answer_limit: 1.0,
        ..rules(5)
    };
    let silent = scripted(
        "silent",
        "C3",
        "genmove*) if [ $n -ge 1 ]; then exec sleep 600; fi ;&",
    );
    let unended = scripted(
        "unended",
        "C3",
        "genmove*) if [ $n -ge 1 ]; then printf '= D4\\n'; exec sleep 600; fi ;&",
    );
    // `exec`: the engine itself hangs, so that killing it leaves no sleeping child holding
    // the test's output open for ten minutes.
    for (name, engine) in [("silent", silent), ("unended", unended)] {
        let start = Instant::now();
        let record = one_game(name, engine, tengen("t", 30), quick.clone());
        assert_eq!(
            record.result.to_string(),
            "W+Forfeit",
            "{name}: {}",
            record.rulings
        );
        assert!(record.rulings.contains("no answer"), "{}", record.rulings);
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "{name} took {:?}",
            start.elapsed()
        );
    }
}

#[test]
fn overstepping_byo_yomi_loses_or_once_counts_as_a_pass() {
    let slow = || scripted("slow", "C3 D4 B2", "genmove*) sleep 1.3 ;&");
    let timed = Rules {
        clock: TimeSystem::ByoYomi {
            main: 0.0,
            period: 1.0,
            periods: 1,
        },
        ..rules(5)
    };
    let record = one_game("slow", slow(), tengen("t", 30), timed.clone());
    assert_eq!(record.result.to_string(), "W+Time");
    assert!(
        record.rulings.contains("lost on time"),
        "{}",
        record.rulings
    );
    // Komi below zero: White cannot end the game by passing after the void move.
    let lenient = Rules {
        time_loss_is_pass: true,
        game: game_rules(timed.game.size, -0.5, 0),
        ..timed.clone()
    };
    let record = one_game("slow-pass", slow(), tengen("t", 30), lenient);
    assert_eq!(
        record.result.to_string(),
        "W+Time",
        "the second time loss still loses"
    );
    assert!(
        record.rulings.contains("counted as a pass"),
        "{}",
        record.rulings
    );
    assert_eq!(record.moves, 2, "the void pass and White's reply");
    // Within the lag allowance a slow move is forgiven.
    let forgiving = Rules {
        lag: 1.0,
        max_moves: 12,
        ..timed
    };
    let record = one_game("slow-lag", slow(), tengen("t", 30), forgiving);
    assert!(
        !matches!(record.result, Outcome::Win(_, Margin::Time)),
        "{}",
        record.result
    );
}

#[test]
fn a_dead_stone_dispute_is_settled_by_play() {
    // The liar calls every stone dead; tengen, with stones on the board, disagrees.
    let liar = scripted(
        "liar",
        "C3 C2",
        "final_status_list*) printf '= C3 C2 D3 D2\\n\\n' ;;",
    );
    let record = one_game("dispute", liar, tengen("t", 200), rules(5));
    assert!(record.rulings.contains("disputed"), "{}", record.rulings);
    assert!(record.result.winner().is_some(), "{}", record.result);
}

/// An engine that cannot start, does not speak GTP 2 or lacks a command a game needs stops
/// the event before its first game, with the reason; no game is played or recorded.
#[test]
fn an_engine_that_cannot_play_stops_the_event_before_any_game() {
    let missing = Entrant {
        name: "missing".into(),
        command: vec!["/nonexistent/engine".into()],
    };
    let old = scripted("old", "", "protocol_version*) printf '= 1\\n\\n' ;;");
    let no_genmove = scripted(
        "viewer",
        "",
        "\"known_command genmove\") printf '= false\\n\\n' ;;",
    );
    for (engine, why) in [
        (missing, "cannot start /nonexistent/engine"),
        (old, "GTP version 1"),
        (no_genmove, "does not know genmove"),
    ] {
        let name = engine.name.clone();
        let ev = event(
            &name,
            vec![tengen("t", 30), engine],
            Format::Match {
                games: 2,
                alternate: true,
            },
            rules(5),
        );
        let error = referee::run(&ev).unwrap_err().to_string();
        assert!(
            error.contains(&format!("{name} cannot play")) && error.contains(why),
            "{error}"
        );
        assert!(
            !ev.dir.join("results.dat").exists(),
            "{name}: a game was recorded"
        );
    }
}

#[test]
fn a_round_robin_with_misbehaving_entrants_carries_on() {
    let entrants = vec![
        tengen("good", 60),
        scripted("stubborn", "A1 A1 A1", ""),
        scripted("garbage", "xyzzy", ""),
    ];
    let ev = event(
        "robin",
        entrants,
        Format::RoundRobin { cycles: 1 },
        rules(5),
    );
    let records = referee::run(&ev).unwrap();
    assert_eq!(records.len(), 3);
    let standings = std::fs::read_to_string(ev.dir.join("standings.txt")).unwrap();
    let first = standings.lines().nth(1).unwrap();
    assert!(
        first.contains("good") && first.contains(" 4 "),
        "{standings}"
    );
    let report = std::fs::read_to_string(ev.dir.join("report.html")).unwrap();
    for r in &records {
        assert!(report.contains(&format!("href=\"{}\"", r.sgf)));
    }
}
