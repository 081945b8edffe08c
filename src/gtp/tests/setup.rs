//! Board size, handicap and komi.

use super::*;

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
    assert!(err(&mut e, "komi 1e300").starts_with("syntax error"));
    assert!(err(&mut e, "komi -626").starts_with("syntax error"));
    ok(&mut e, "komi 625");
    ok(&mut e, "komi -3");
    for bad in ["komi", "komi x", "komi nan", "komi inf", "komi 1 2"] {
        assert_eq!(err(&mut e, bad), "syntax error");
        assert_eq!(e.game().komi(), -3.0);
    }
}
