//! `play`, the repetition rules, `undo` and `genmove`.

use super::*;

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

/// `tengen-level` shows and sets the strength; a bad level is refused and the level stays.
/// At level 1 the moves differ from game to game but none is on the first line of an empty
/// board (the move model finds those absurd), and the search spends its share of the budget.
#[test]
fn levels_are_set_and_a_beginner_plays_varied_sensible_moves() {
    let mut e = quick_engine();
    assert_eq!(ok(&mut e, "tengen-level"), "10");
    for bad in ["0", "11", "ten", "3 4"] {
        let refused = err(&mut e, &format!("tengen-level {bad}"));
        assert!(refused.starts_with("syntax error"), "{bad}: {refused}");
    }
    assert_eq!(ok(&mut e, "tengen-level"), "10");
    assert_eq!(ok(&mut e, "tengen-level 1"), "1");
    assert!(ok(&mut e, "tengen-param").contains("[string] level 1"));
    let mut moves = std::collections::HashSet::new();
    for _ in 0..20 {
        ok_all(&mut e, &["boardsize 9", "clear_board"]);
        let mv = ok(&mut e, "genmove b");
        let p = e.game().board().point_named(&mv).unwrap();
        let (col, row) = e.game().board().coords(p);
        assert!((1..8).contains(&col) && (1..8).contains(&row), "{mv}");
        moves.insert(mv);
    }
    assert!(moves.len() >= 3, "{moves:?}");
}
