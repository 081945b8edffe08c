//! Counting, lists of stones and the cleanup after a dead-stone dispute.

use super::*;
use crate::game::score::GameResult;

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

/// A 9x9 board divided down the middle: Black's wall on column E, White's on F.
fn divided_board() -> Engine {
    let mut config = Config::default();
    config.player.budget.playouts = Some(1000);
    config.player.budget.time = None;
    config.player.budget.threads = 1;
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

/// KGS's cleanup: the opponent calls tengen's judgement wrong and passes with dead stones in
/// tengen's area (one, several, in the corners). Every cleanup move attacks one of them, never
/// filling an own eye, until none is left, even when tengen is behind and its search would
/// rather invade (once it led to moves in the opponent's area for ever). Its own dead stones
/// in the opponent's area (H5, G2) are the opponent's to take.
#[test]
fn cleanup_attacks_the_dead_stones_first_until_they_are_gone() {
    for komi in ["-2.5", "7.5"] {
        for (dead, setup) in [
            (&["C7"][..], &["w c7", "b b7", "b d7", "b c6"][..]),
            (&["A1", "A9"], &["w a1", "b b2", "w a9", "b b8", "b h5"]),
            (&["B3", "C3"], &["w b3", "w c3", "b b2", "b c4", "b g2"]),
        ] {
            let mut e = divided_board();
            ok(&mut e, &format!("komi {komi}"));
            for stone in setup {
                ok(&mut e, &format!("play {stone}"));
            }
            cleanup_until_passed(&mut e, dead, komi == "7.5");
        }
    }
}

/// White passes at every turn; Black cleans up until the `dead` stones are gone and, when it
/// leads (not `behind`), until it passes.
fn cleanup_until_passed(e: &mut Engine, dead: &[&str], behind: bool) {
    let mut moves = Vec::new();
    loop {
        ok(e, "play w pass");
        let board = e.game().board().clone();
        let left = dead
            .iter()
            .any(|s| board.stone(board.point_named(s).unwrap()).is_some());
        if behind && !left {
            return;
        }
        let mv = ok(e, "kgs-genmove_cleanup b");
        moves.push(mv.clone());
        if mv == "pass" {
            assert!(!left, "passed with dead stones left: {moves:?}");
            return;
        }
        assert!(
            moves.len() < 12,
            "{dead:?}: the cleanup does not end: {moves:?}"
        );
        let p = board.point_named(&mv).unwrap();
        assert!(!board.is_eye(Color::Black, p), "{mv} fills an own eye");
        let attacks = board.neighbours(p).iter().any(|&n| {
            board.stone(n) == Some(Color::White) && dead.contains(&board.point_name(n).as_str())
        });
        assert!(
            !left || attacks,
            "{mv} with dead stones on the board: {moves:?}"
        );
    }
}

/// Komi and handicap set through GTP reach the count, the record and the search alike: one
/// effective komi (komi plus a point per handicap stone).
#[test]
fn komi_and_handicap_agree_in_the_count_the_record_and_the_search() {
    let mut e = quick_engine();
    ok_all(
        &mut e,
        &["boardsize 9", "komi 0.5", "set_free_handicap E1 E2"],
    );
    // Black's wall on column E, White's on F: Black's area 45, White's 36.
    for row in 1..=9 {
        ok(&mut e, &format!("play w F{row}"));
        if row <= 7 {
            ok(&mut e, &format!("play b E{}", row + 2));
        }
    }
    ok(&mut e, "play b pass");
    assert_eq!(e.game().effective_komi(), 2.5);
    // 45 - 36 - 0.5 - 2.
    assert_eq!(ok(&mut e, "final_score"), "B+6.5");
    let record = ok(&mut e, "printsgf");
    assert!(
        record.contains("KM[0.5]") && record.contains("HA[2]"),
        "{record}"
    );
    // The search counts with the same komi: the position with two handicap stones and komi
    // 0.5 is searched exactly as the same stones without handicap and komi 2.5.
    let board = e.game().board().clone();
    let searched = |komi: f64, handicap: usize| {
        let mut game = Game::new(9, komi, Superko::Situational);
        game.set_start_position(board.clone(), Color::White, handicap);
        e.player.analyze(&game).mean_margin
    };
    assert_eq!(searched(0.5, 2), searched(2.5, 0));
    assert_ne!(searched(0.5, 2), searched(0.5, 0));
}

/// A seki in White's corner (from a KGS game): Black's group G1-J5 has one eye, J4, and shares
/// H2 and J1 with White H1 and J2. Neither side may fill H2, and the playouts must not either:
/// the two white stones live in seki, not dead.
#[test]
fn a_seki_beside_a_group_with_one_eye_is_no_nakade() {
    let mut e = divided_board();
    for black in [
        "g6", "h6", "g5", "h5", "j5", "h4", "g3", "h3", "j3", "g2", "g1",
    ] {
        ok(&mut e, &format!("play b {black}"));
    }
    for white in ["g7", "h7", "j7", "j6", "g4", "h1", "j2"] {
        ok(&mut e, &format!("play w {white}"));
    }
    assert_eq!(ok(&mut e, "final_status_list dead"), "");
    let seki = ok(&mut e, "final_status_list seki");
    for stone in ["H1", "J2", "G6", "J3"] {
        assert!(
            seki.split_whitespace().any(|s| s == stone),
            "{stone}: {seki}"
        );
    }
}

/// An engine with the judgement's full searches, on one thread, set up with `moves` ("b E5",
/// "w B5", ..., `pass` to hand the move over).
fn judged(size: usize, komi: f64, seed: u64, moves: &[&str]) -> Engine {
    let mut config = Config::default();
    config.player.budget.time = None;
    config.player.budget.threads = 1;
    config.player.seed = seed;
    let mut e = Engine::new(config);
    ok(&mut e, &format!("boardsize {size}"));
    ok(&mut e, &format!("komi {komi}"));
    for m in moves {
        ok(&mut e, &format!("play {m}"));
    }
    e
}

/// Black fills column E and White column F, alternately; then White plays a lone stone at B5,
/// deep in Black's 36-point area. It is dead at every komi from -30 to +30, whoever is to move
/// and whatever the seed, and the score is the count with it removed, B+(9 - komi). (The
/// playouts alone let it live in about four games of ten: the judgement once moved with the
/// komi.)
#[test]
fn a_lone_invader_is_dead_at_every_komi_with_either_side_to_move() {
    let mut walls: Vec<String> = Vec::new();
    for row in 1..=9 {
        walls.push(format!("b E{row}"));
        walls.push(format!("w F{row}"));
    }
    walls.push("w B5".into());
    for (i, komi) in [-30.0, -22.5, -15.0, -7.5, 0.0, 0.5, 7.5, 15.0, 22.5, 30.0]
        .into_iter()
        .enumerate()
    {
        for black_to_move in [true, false] {
            let mut moves: Vec<&str> = walls.iter().map(String::as_str).collect();
            if !black_to_move {
                moves.push("b pass");
            }
            let mut e = judged(9, komi, i as u64, &moves);
            assert_eq!(ok(&mut e, "final_status_list dead"), "B5", "komi {komi}");
            let expected = GameResult { margin: 9.0 - komi }.to_string();
            assert_eq!(ok(&mut e, "final_score"), expected, "komi {komi}");
        }
    }
}

/// Invaders on a side and in a corner, inside areas walled by living stones, are dead; the
/// walls are alive.
#[test]
fn invaders_in_corners_and_on_sides_are_dead() {
    // 9x9: Black's wall on row 4, White's on row 5; White invades Black's side at E2, Black
    // White's at D7.
    let mut side = Vec::new();
    for col in ["A", "B", "C", "D", "E", "F", "G", "H", "J"] {
        side.push(format!("b {col}4"));
        side.push(format!("w {col}5"));
    }
    side.extend(["b D7", "w E2"].map(String::from));
    // 13x13: Black holds the lower left corner, walled by column E up to row 6 and row 6
    // back to the edge; White walls it in with column F and row 7 and holds the rest of the
    // lower half inside a wall on row 8. White's invader stands on the 3-3 point.
    let mut corner = Vec::new();
    for row in 1..=6 {
        corner.push(format!("b E{row}"));
        corner.push(format!("w F{row}"));
    }
    for col in ["A", "B", "C", "D"] {
        corner.push(format!("b {col}6"));
        corner.push(format!("w {col}7"));
    }
    corner.extend(["b pass", "w E7", "b pass", "w C3"].map(String::from));
    for (size, moves, dead) in [(9, side, "E2\nD7"), (13, corner, "C3")] {
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        for seed in 0..3 {
            let mut e = judged(size, 7.5, seed, &moves);
            assert_eq!(
                ok(&mut e, "final_status_list dead"),
                dead,
                "{size}x{size}, seed {seed}"
            );
        }
    }
}

/// An engine judging the position of `rows` (top row first: `X` Black, `O` White), set up
/// with `play` (any order gives the same position when every string has a liberty), at `komi`
/// with the judgement's full searches on one thread.
fn from_diagram(rows: &[&str], komi: f64, seed: u64) -> Engine {
    let n = rows.len();
    let mut moves = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, stone) in row.chars().enumerate() {
            let column = "ABCDEFGHJKLMNOPQRSTUVWXYZ".as_bytes()[c] as char;
            match stone {
                'X' => moves.push(format!("b {column}{}", n - r)),
                'O' => moves.push(format!("w {column}{}", n - r)),
                _ => {}
            }
        }
    }
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    judged(n, komi, seed, &moves)
}

/// Sekis of the common kinds, each framed by two living walls whose areas are closed: the
/// strings in seki are listed as such, nothing is dead, and the count leaves the shared
/// liberties to nobody, at every komi and seed. (`count` is Black's area less White's.)
#[test]
fn sekis_of_every_common_kind_are_alive_at_every_komi() {
    struct Case {
        what: &'static str,
        rows: &'static [&'static str],
        /// The strings in seki, one a line, as `final_status_list` lists them.
        seki: &'static [&'static str],
        count: f64,
    }
    let cases = [
        Case {
            // Three black stones in a corridor on the edge, inside a white string without
            // an eye; they share B1 and F1. Black filling one is captured, and White lives
            // in the straight four it leaves.
            what: "no eyes, two shared liberties",
            rows: &[
                "....OX...",
                "....OX...",
                "....OX...",
                "....OX...",
                "....OX...",
                "OOOOOX...",
                "XXXXXXXXX",
                "OOOOOOOX.",
                "O.XXX.OX.",
            ],
            seki: &["A1 G1 A2 B2 C2 D2 E2 F2 G2", "C1 D1 E1"],
            count: 1.0,
        },
        Case {
            // Three stones in a row sharing their three liberties (B1, D2, F1) with a
            // 31-stone string that has no eye: the first fill is no self-atari, so the
            // playouts kill the big string in most games.
            what: "a large group, three shared liberties",
            rows: &[
                ".............",
                ".............",
                ".............",
                "OOOOOOOOOOOOO",
                "XXXXXXXXXXXXX",
                ".............",
                ".............",
                ".............",
                ".............",
                "XXXXXXXXXXXXX",
                "XXOOOOOOOOOOO",
                "OOO.OOOOOOOOO",
                "O.XXX.OOOOOOO",
            ],
            seki: &[
                "A1 G1 H1 J1 K1 L1 M1 N1 A2 B2 C2 E2 F2 G2 H2 J2 K2 L2 M2 N2 \
                 C3 D3 E3 F3 G3 H3 J3 K3 L3 M3 N3",
                "C1 D1 E1",
            ],
            count: 0.0,
        },
        Case {
            // In the corner: an eye each (White B1, Black F1) and two shared liberties, D1
            // and D2.
            what: "one eye each, two shared liberties, in a corner",
            rows: &[
                ".........",
                ".........",
                "OOOOOOOOO",
                "XXXXXXXXX",
                ".........",
                "XXXXXXXXX",
                "OOOOOOOOX",
                "OOO.XXXOX",
                "O.O.X.XOX",
            ],
            seki: &[
                "A1 C1 H1 A2 B2 C2 H2 A3 B3 C3 D3 E3 F3 G3 H3",
                "E1 G1 E2 F2 G2",
            ],
            count: -7.0,
        },
    ];
    for case in &cases {
        for (seed, komi) in [(0, 7.5), (1, 0.5), (2, -6.5), (3, 15.5)] {
            let mut e = from_diagram(case.rows, komi, seed);
            let context = format!("{}, komi {komi}, seed {seed}", case.what);
            assert_eq!(ok(&mut e, "final_status_list dead"), "", "{context}");
            let seki = ok(&mut e, "final_status_list seki");
            assert_eq!(seki, case.seki.join("\n"), "{context}");
            let expected = GameResult {
                margin: case.count - komi,
            }
            .to_string();
            assert_eq!(ok(&mut e, "final_score"), expected, "{context}");
        }
    }
}
