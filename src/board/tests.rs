use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::*;

fn board_from(rows: &[&str]) -> Board {
    let board = Board::from_diagram(rows).expect("a valid diagram");
    board.check_invariants();
    board
}

fn at(board: &Board, name: &str) -> Point {
    board.point_named(name).unwrap()
}

#[test]
fn shared_liberties_are_counted_once() {
    let mut board = board_from(&[
        ".....", //
        ".....", ".X.X.", ".....", ".....",
    ]);
    board.play(Color::Black, at(&board, "C3")).unwrap();
    // B3-C3-D3: liberties A3, E3, B4, C4, D4, B2, C2, D2.
    assert_eq!(board.string_liberties(at(&board, "B3")), 8);
    assert_eq!(board.string_size(at(&board, "D3")), 3);
    board.play(Color::Black, at(&board, "C4")).unwrap();
    assert_eq!(board.string_liberties(at(&board, "C4")), 8);
}

#[test]
fn neighbourhood_codes_follow_stones_and_captures() {
    let mut board = board_from(&[
        ".....", //
        ".....", "..X..", ".....", ".....",
    ]);
    let c2 = at(&board, "C2");
    // C3 is the second point around C2 (the row above, left to right: B3, C3, D3).
    assert_eq!(
        board.neighbourhood(c2),
        Cell::Stone(Color::Black).code() << 2
    );
    // A1: off the board above-left, left and on the whole row below.
    let border = Cell::Border.code();
    let a1 = at(&board, "A1");
    let edges = [0, 3, 5, 6, 7]
        .iter()
        .fold(0, |code, i| code | border << (2 * i));
    assert_eq!(board.neighbourhood(a1), edges);
    // White surrounds and takes C3: C2's code counts White's stone and C3 empty again.
    for name in ["C4", "B3", "D3", "C2"] {
        board.play(Color::White, at(&board, name)).unwrap();
        board.check_invariants();
    }
    assert!(board.is_empty_point(at(&board, "C3")));
    let c1 = at(&board, "C1");
    assert_eq!(
        board.neighbourhood(c1),
        Cell::Stone(Color::White).code() << 2 | edges & 0xFC00
    );
}

#[test]
fn suicide_of_one_or_many_stones_is_illegal() {
    let board = board_from(&[
        ".X...", //
        "X.X..", ".X...", "OO...", ".O...",
    ]);
    assert_eq!(
        board.check_move(Color::White, at(&board, "B4")),
        Err(Illegal::Suicide)
    );
    assert_eq!(
        board.check_move(Color::White, at(&board, "A5")),
        Err(Illegal::Suicide)
    );
    // Black may fill its own eye.
    assert!(board.is_legal(Color::Black, at(&board, "B4")));
    let many = board_from(&[
        "XXXX.", //
        "XOOX.", "XO.X.", "XXXX.", ".....",
    ]);
    assert_eq!(
        many.check_move(Color::White, at(&many, "C3")),
        Err(Illegal::Suicide)
    );
}

#[test]
fn capture_comes_before_the_suicide_check() {
    let mut ko_like = board_from(&[
        ".XO..", //
        "XO...", ".....", ".....", ".....",
    ]);
    // White A5 would have no liberty, but it captures B5 first.
    assert!(ko_like.is_legal(Color::White, at(&ko_like, "A5")));
    ko_like.play(Color::White, at(&ko_like, "A5")).unwrap();
    assert_eq!(ko_like.stone(at(&ko_like, "B5")), None);
    assert_eq!(ko_like.string_liberties(at(&ko_like, "A5")), 1);
    ko_like.check_invariants();
}

#[test]
fn simple_ko_forbids_the_immediate_recapture_only() {
    let mut board = board_from(&[
        ".....", //
        ".XO..", "X.XO.", ".XO..", ".....",
    ]);
    board.play(Color::White, at(&board, "B3")).unwrap();
    let c3 = at(&board, "C3");
    assert_eq!(board.stone(c3), None);
    assert_eq!(board.ko(), Some((c3, Color::Black)));
    assert_eq!(board.check_move(Color::Black, c3), Err(Illegal::Ko));
    // White may fill the ko itself.
    assert!(board.is_legal(Color::White, c3));
    // After a move elsewhere the ko may be retaken.
    board.play(Color::Black, at(&board, "E1")).unwrap();
    board.play(Color::White, at(&board, "E5")).unwrap();
    assert!(board.is_legal(Color::Black, c3));
    board.play(Color::Black, c3).unwrap();
    assert_eq!(board.stone(at(&board, "B3")), None);
}

#[test]
fn capturing_two_stones_makes_no_ko() {
    let mut board = board_from(&[
        ".....", //
        ".XX..", "XOOX.", ".X...", ".....",
    ]);
    board.play(Color::Black, at(&board, "C2")).unwrap();
    assert_eq!(board.stone(at(&board, "B3")), None);
    assert_eq!(board.stone(at(&board, "C3")), None);
    assert_eq!(board.prisoners(Color::Black), 2);
    assert_eq!(board.ko(), None);
}

#[test]
fn occupied_and_off_board_points_are_refused() {
    let mut board = Board::new(9);
    let p = board.point(4, 4);
    board.play(Color::Black, p).unwrap();
    assert_eq!(board.play(Color::White, p), Err(Illegal::Occupied));
    let border = Point::new(0);
    assert_eq!(
        board.check_move(Color::White, border),
        Err(Illegal::OffBoard)
    );
    // No point lies beyond the padded array: such an index cannot be made into one.
    assert!(std::panic::catch_unwind(|| Point::new(MAX_CELLS + 5)).is_err());
}

#[test]
fn eyes_and_false_eyes() {
    let board = board_from(&[
        ".X.X.", //
        "XXXXX", "...O.", "XXX..", ".X...",
    ]);
    assert!(board.is_eye(Color::Black, at(&board, "A5")));
    assert!(board.is_eye(Color::Black, at(&board, "A1")));
    assert!(board.is_eye(Color::Black, at(&board, "C5")));
    assert!(!board.is_eye(Color::Black, at(&board, "C3")));
    assert!(!board.is_eye(Color::White, at(&board, "A5")));
    let false_eye = board_from(&[
        "X.X..", //
        "OX...", ".....", ".....", ".....",
    ]);
    assert!(!false_eye.is_eye(Color::Black, at(&false_eye, "B5")));
}

#[test]
fn self_atari_of_strings_but_not_of_lone_stones() {
    let board = board_from(&[
        ".X...", //
        ".....", ".....", ".....", ".....",
    ]);
    // A lone stone with one liberty is not counted: that is how eyes are destroyed.
    assert!(!board.is_self_atari(Color::White, at(&board, "A5")));
    let strings = board_from(&[
        "OOOO.", //
        "XXXO.", "...O.", "OOOO.", ".....",
    ]);
    // Black C3 joins the three-stone string leaving it with B3, A3: two liberties.
    assert!(!strings.is_self_atari(Color::Black, at(&strings, "C3")));
    let tight = board_from(&[
        "OOOO.", //
        "XXXO.", "O..O.", "OOOO.", ".....",
    ]);
    assert!(tight.is_self_atari(Color::Black, at(&tight, "C3")));
}

#[test]
fn an_idle_sacrifice_gains_nothing() {
    let open = board_from(&[
        ".....", //
        "..O..", ".O.O.", ".....", ".....",
    ]);
    // Black C3 has one liberty, C2, which opens onto the board: White takes it for free.
    assert!(open.is_idle_sacrifice(Color::Black, at(&open, "C3")));
    assert!(
        !open.is_idle_sacrifice(Color::White, at(&open, "C3")),
        "own stones"
    );
    assert!(
        !open.is_idle_sacrifice(Color::Black, at(&open, "C2")),
        "two liberties"
    );
    // Inside White's two-point eye space the stone spoils an eye.
    let eye = board_from(&[
        ".....", //
        ".....", "OOO..", "O.O..", "O.O..",
    ]);
    assert!(!eye.is_idle_sacrifice(Color::Black, at(&eye, "B2")));
    // A stone that ataris a string of two liberties makes the enemy answer.
    let atari = board_from(&[
        ".....", //
        "..O..", "XO.O.", ".X...", ".....",
    ]);
    assert!(!atari.is_idle_sacrifice(Color::Black, at(&atari, "C3")));
}

#[test]
fn stones_taken_counts_each_string_in_atari_once() {
    // White's five stones wrap round C5, their last liberty, and touch it three times.
    let board = board_from(&[
        "XO.OX", //
        "XOOOX", ".XXX.", ".....", ".....",
    ]);
    assert_eq!(board.stones_taken(Color::Black, at(&board, "C5")), 5);
    assert_eq!(board.stones_taken(Color::White, at(&board, "C5")), 0);
    assert_eq!(board.stones_taken(Color::Black, at(&board, "A3")), 0);
}

#[test]
fn stones_saved_counts_only_escapes_that_get_away() {
    // White B4-C4 has one liberty, D4; a stone there gives it D5, E4 and D3.
    let open = board_from(&[
        ".XX..", //
        "XOO..", ".XX..", ".....", ".....",
    ]);
    assert_eq!(open.stones_saved(Color::White, at(&open, "D4")), 2);
    assert_eq!(open.stones_saved(Color::Black, at(&open, "D4")), 0);
    // With Black on D5, E4 and D3 the same move has no liberty left: no escape.
    let closed = board_from(&[
        ".XXX.", //
        "XOO.X", ".XXX.", ".....", ".....",
    ]);
    assert_eq!(closed.stones_saved(Color::White, at(&closed, "D4")), 0);
}

#[test]
fn setup_refuses_stones_without_liberties() {
    let mut board = board_from(&[
        ".X...", //
        "X....", ".....", ".....", ".....",
    ]);
    let before = board.clone();
    assert!(!board.setup_stone(Color::White, at(&board, "A5")));
    assert!(board == before);
    assert!(!board.setup_stone(Color::White, at(&board, "B5")));
    board.clear_point(at(&board, "B5"));
    assert!(board.setup_stone(Color::White, at(&board, "A5")));
    board.check_invariants();
}

#[test]
fn hash_depends_only_on_the_stones() {
    let mut a = Board::new(9);
    let mut b = Board::new(9);
    let (p, q) = (a.point(2, 2), a.point(6, 6));
    a.play(Color::Black, p).unwrap();
    a.play(Color::White, q).unwrap();
    b.play(Color::White, q).unwrap();
    b.play(Color::Black, p).unwrap();
    assert_eq!(a.hash(), b.hash());
    assert_ne!(a.hash(), Board::new(9).hash());
    a.clear_point(p);
    a.clear_point(q);
    assert_eq!(a.hash(), Board::new(9).hash());
}

/// Random legal games with a full rebuild check after every move. `TENGEN_LONG=1` plays many
/// more (the long mode reported in the notes).
#[test]
fn random_games_keep_every_invariant() {
    let long = std::env::var("TENGEN_LONG").is_ok();
    let mut rng = SmallRng::seed_from_u64(2026);
    for size in [2, 3, 5, 9, 13, 19, 25] {
        let games = if long {
            10_000
        } else if size >= 13 {
            3
        } else {
            30
        };
        for _ in 0..games {
            let mut board = Board::new(size);
            let mut color = Color::Black;
            let mut passes = 0;
            for _ in 0..3 * size * size {
                let legal: Vec<Point> = board
                    .empty_points()
                    .filter(|&p| board.is_legal(color, p))
                    .collect();
                // Prefer non-eye moves so games last; pass now and then.
                let candidates: Vec<Point> = legal
                    .iter()
                    .copied()
                    .filter(|&p| !board.is_eye(color, p))
                    .collect();
                if candidates.is_empty() || rng.random_range(0..100) == 0 {
                    board.pass();
                    passes += 1;
                    if passes == 2 {
                        break;
                    }
                } else {
                    passes = 0;
                    let p = candidates[rng.random_range(0..candidates.len())];
                    board.play(color, p).unwrap();
                    board.check_invariants();
                    for _ in 0..4 {
                        let q = board.empty_at(
                            rng.random_range(0..board.empty_count().max(1))
                                .min(board.empty_count().saturating_sub(1)),
                        );
                        if board.is_empty_point(q) {
                            assert_eq!(
                                board.is_legal(color.opponent(), q),
                                slow_is_legal(&board, color.opponent(), q)
                            );
                        }
                    }
                }
                color = color.opponent();
            }
        }
    }
}

/// Legality by brute force: place the stone, remove captured enemies, then see if the new
/// string has a liberty. Independent of the incremental liberty counts.
fn slow_is_legal(board: &Board, color: Color, p: Point) -> bool {
    if board.ko() == Some((p, color)) {
        return false;
    }
    let mut cells = board.cells.clone();
    cells[p] = Cell::Stone(color);
    let fresh = Board::from_cells(board.size(), &cells);
    let captures = fresh
        .neighbours(p)
        .iter()
        .any(|&n| fresh.stone(n) == Some(color.opponent()) && fresh.string_liberties(n) == 0);
    captures || fresh.string_liberties(p) > 0
}

#[test]
fn hash_after_predicts_the_hash_of_every_legal_move() {
    let mut rng = SmallRng::seed_from_u64(99);
    let mut board = Board::new(7);
    let mut color = Color::Black;
    for _ in 0..300 {
        let legal: Vec<Point> = board
            .empty_points()
            .filter(|&p| board.is_legal(color, p))
            .collect();
        for &p in &legal {
            let mut after = board.clone();
            after.place(color, p);
            assert_eq!(board.hash_after(color, p), after.hash());
        }
        match legal.get(rng.random_range(0..legal.len().max(1))) {
            Some(&p) => board.place(color, p),
            None => board.pass(),
        }
        color = color.opponent();
    }
}

#[test]
fn atari_liberty_and_last_moves() {
    let mut board = board_from(&[
        ".....", //
        ".XO..", ".....", ".....", ".....",
    ]);
    board.play(Color::White, at(&board, "A4")).unwrap();
    board.play(Color::White, at(&board, "B5")).unwrap();
    assert_eq!(
        board.atari_liberty(at(&board, "B4")),
        Some(at(&board, "B3"))
    );
    assert_eq!(board.atari_liberty(at(&board, "C4")), None);
    assert_eq!(
        board.last_moves(),
        [Some(at(&board, "B5")), Some(at(&board, "A4"))]
    );
    board.pass();
    assert_eq!(board.last_moves(), [None, Some(at(&board, "B5"))]);
}

#[test]
fn a_self_atari_inside_the_enemy_eye_space_is_a_nakade_sacrifice() {
    let position = |row_1: &str| {
        Board::from_diagram(&[
            ".......", ".......", ".......", ".......", "XXXXXXX", "XXXXXXX", row_1,
        ])
        .unwrap()
    };
    // White B1 makes B1-C1 with one liberty, D1, which touches only that string and Black:
    // capturing it leaves Black an eye space White may kill.
    let enclosed = position("X.O.XXX");
    let b1 = enclosed.point_named("B1").unwrap();
    assert!(enclosed.is_self_atari(Color::White, b1));
    assert!(enclosed.is_nakade_sacrifice(Color::White, b1));
    // With E1 open the last liberty D1 is no part of a closed eye space.
    let open = position("X.O....");
    let b1 = open.point_named("B1").unwrap();
    assert!(open.is_self_atari(Color::White, b1));
    assert!(!open.is_nakade_sacrifice(Color::White, b1));
    // Four stones are never a sacrifice.
    let long = position("X.OOO.X");
    let b1 = long.point_named("B1").unwrap();
    assert!(long.is_self_atari(Color::White, b1));
    assert!(!long.is_nakade_sacrifice(Color::White, b1));
}

#[test]
fn no_nakade_sacrifice_against_a_group_with_another_eye() {
    // A corner seki: Black has one eye, G4, and shares F2 and G1 with White F1 and G2. White
    // F2 would make F1-F2-G2 with one liberty, G1, in Black's eye space, but Black lives
    // anyway with G4: the sacrifice only gives up the seki.
    let board = Board::from_diagram(&[
        ".......", ".......", "....XXX", "....XX.", "....XXX", "....X.O", "....XO.",
    ])
    .unwrap();
    let f2 = board.point_named("F2").unwrap();
    assert!(board.is_self_atari(Color::White, f2));
    assert!(!board.is_nakade_sacrifice(Color::White, f2));
}
