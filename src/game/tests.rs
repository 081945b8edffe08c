use super::score::{GameResult, area};
use super::*;
use crate::board::Color::{Black, White};

fn mv(game: &Game, name: &str) -> Move {
    if name == "pass" {
        Move::Pass
    } else {
        Move::Play(game.board().point_named(name).unwrap())
    }
}

/// Plays alternating moves from Black.
fn play_all(game: &mut Game, moves: &[&str]) {
    for name in moves {
        let m = mv(game, name);
        let color = game.to_move();
        game.play(color, m)
            .unwrap_or_else(|e| panic!("{name}: {e:?}"));
    }
}

#[test]
fn a_repetition_that_is_no_simple_ko_is_refused_under_both_rules() {
    // 2x2: White's A2 captures one stone with a three-stone string (no ko point), then Black A1
    // would capture three stones and bring back the position after move 1.
    for superko in [Superko::Situational, Superko::Positional] {
        let mut game = Game::new(2, 0.5, superko);
        play_all(&mut game, &["A1", "B1", "A2", "B2", "A1", "A2"]);
        let a1 = mv(&game, "A1");
        assert!(game.board().is_legal(
            Black,
            match a1 {
                Move::Play(p) => p,
                Move::Pass => unreachable!(),
            }
        ));
        assert_eq!(game.check_move(Black, a1), Err(MoveError::Superko));
        assert_eq!(game.check_own_move(Black, a1), Err(MoveError::Superko));
        assert_eq!(game.play(Black, a1), Err(MoveError::Superko));
        assert_eq!(game.move_count(), 6, "a refused move changes nothing");
    }
}

#[test]
fn a_cycle_through_a_pass_is_situational_legal_but_positional_illegal() {
    // After White's pass, Black A2 captures two stones; White B1 then recreates the stones of
    // the position after move 3. That one had White to move; this one has Black to move.
    let line = ["A1", "B1", "A2", "B2", "A1", "pass", "A2"];
    let mut situational = Game::new(2, 0.5, Superko::Situational);
    play_all(&mut situational, &line);
    let b1 = mv(&situational, "B1");
    assert_eq!(situational.check_move(White, b1), Ok(()));
    // The engine's own moves never repeat an arrangement, whatever `play` allows.
    assert_eq!(
        situational.check_own_move(White, b1),
        Err(MoveError::Superko)
    );
    assert!(situational.play(White, b1).is_ok());

    let mut positional = Game::new(2, 0.5, Superko::Positional);
    play_all(&mut positional, &line);
    assert_eq!(positional.check_move(White, b1), Err(MoveError::Superko));
}

#[test]
fn simple_ko_is_refused_passes_never_are_and_superko_outlives_passes() {
    let mut game = Game::new(5, 7.5, Superko::Situational);
    play_all(
        &mut game,
        &["B4", "C4", "A3", "D3", "C3", "C2", "B2", "pass"],
    );
    // White B3 captures C3; Black may not retake at once.
    game.play(White, mv(&game, "B3")).unwrap();
    assert_eq!(
        game.check_move(Black, mv(&game, "C3")),
        Err(MoveError::Board(Illegal::Ko))
    );
    assert!(game.play(Black, Move::Pass).is_ok());
    assert!(game.play(White, Move::Pass).is_ok());
    assert!(game.is_over());
    // The passes lift the simple ko, but not superko: retaking now recreates the position after
    // Black's B2, which also had White to move.
    assert_eq!(
        game.check_move(Black, mv(&game, "C3")),
        Err(MoveError::Superko)
    );
    // A move elsewhere by White instead of the second pass would have made the retake legal.
    game.undo();
    game.play(White, mv(&game, "E5")).unwrap();
    assert_eq!(game.check_move(Black, mv(&game, "C3")), Ok(()));
}

#[test]
fn undo_goes_back_to_the_start_and_restores_superko_history() {
    let mut game = Game::new(2, 0.5, Superko::Situational);
    play_all(&mut game, &["A1", "B1", "A2", "B2", "A1", "A2"]);
    let a1 = mv(&game, "A1");
    assert!(game.undo());
    // The refusal came from the history: after the undo and the same move again it is back.
    assert_eq!(game.to_move(), White);
    assert_eq!(game.move_count(), 5);
    play_all(&mut game, &["A2"]);
    assert_eq!(game.check_move(Black, a1), Err(MoveError::Superko));
    while game.undo() {}
    assert!(game.board().is_board_empty());
    assert_eq!(game.to_move(), Black);
    assert!(!game.undo());
    // A clean history: every move is legal again.
    play_all(&mut game, &["A1", "B1"]);
}

#[test]
fn handicap_stones_start_the_game_and_undo_stops_there() {
    let mut game = Game::new(9, 7.5, Superko::Situational);
    let points = [game.board().point(2, 2), game.board().point(6, 6)];
    assert!(game.place_handicap(&points));
    assert_eq!(game.handicap(), 2);
    assert_eq!(game.to_move(), White);
    assert!(!game.undo());
    play_all(&mut game, &["E5"]);
    assert!(game.undo());
    assert!(!game.undo());
    assert_eq!(game.board().stone(points[0]), Some(Black));
    // Not on a board with stones.
    let mut other = game.clone();
    play_all(&mut other, &["E5"]);
    assert!(!other.place_handicap(&points));
}

fn counted(rows: &[&str], dead: &[&str], komi: f64, handicap: usize) -> GameResult {
    let board = Board::from_diagram(rows).expect("diagram");
    let dead: Vec<Point> = dead.iter().map(|n| board.point_named(n).unwrap()).collect();
    let rules = Rules {
        size: board.size(),
        komi,
        superko: Superko::Situational,
        handicap,
    };
    GameResult::from_count(area(&board, &dead), rules.effective_komi())
}

const SPLIT_5: [&str; 5] = [
    ".XO..", //
    "XXO..", "XXO..", "XXO..", "XXO..",
];

#[test]
fn area_counts_stones_and_surrounded_points() {
    // Black: 10 stones; White: 5 stones + 10 empty points.
    let board = Board::from_diagram(&SPLIT_5).unwrap();
    let count = area(&board, &[]);
    assert_eq!((count.black, count.white, count.dame), (10.0, 15.0, 0));
    for (komi, expected) in [
        (0.0, "W+5.0"),
        (6.5, "W+11.5"),
        (7.5, "W+12.5"),
        (-5.0, "0"),
    ] {
        assert_eq!(
            counted(&SPLIT_5, &[], komi, 0).to_string(),
            expected,
            "komi {komi}"
        );
    }
}

#[test]
fn a_draw_is_zero() {
    // Each side: seven stones and one eye.
    let rows = [
        "XXO.", //
        "XXOO", "XXOO", ".XOO",
    ];
    let result = counted(&rows, &[], 0.0, 0);
    assert_eq!(result.to_string(), "0");
    assert_eq!(result.in_stones(), "Draw");
}

#[test]
fn dame_are_shared_half_and_half() {
    let rows = [
        "XX.OO", //
        "XX.OO", "XX.OO", "XX.OO", "XX.OO",
    ];
    let board = Board::from_diagram(&rows).unwrap();
    let count = area(&board, &[]);
    assert_eq!((count.black, count.white, count.dame), (12.5, 12.5, 5));
    assert_eq!(counted(&rows, &[], 0.5, 0).to_string(), "W+0.5");
}

#[test]
fn dead_stones_count_for_the_side_around_them() {
    let rows = [
        ".....", //
        "..O..", ".....", "XXXXX", ".....",
    ];
    // All alive: the 14 empty points above the wall touch both colours and are dame.
    assert_eq!(counted(&rows, &[], 0.0, 0).to_string(), "B+9.0");
    // C4 dead: everything is Black's.
    assert_eq!(counted(&rows, &["C4"], 0.0, 0).to_string(), "B+25.0");
}

/// A corner seki: the white string and the black stones A1, B2 share the liberties A2 and B1.
pub const CORNER_SEKI: [&str; 5] = [
    ".....", //
    "XXXX.", "OOOX.", ".XOX.", "X.OX.",
];

#[test]
fn seki_points_shared_by_both_sides_are_dame() {
    let board = Board::from_diagram(&CORNER_SEKI).unwrap();
    let count = area(&board, &[]);
    // Black: 9 stones + 9 empty points + half of A2 and B1; White: 5 stones + the other half.
    assert_eq!((count.black, count.white, count.dame), (19.0, 6.0, 2));
    assert_eq!(counted(&CORNER_SEKI, &[], 7.5, 0).to_string(), "B+5.5");
}

#[test]
fn a_point_touching_one_colour_only_is_its_area() {
    let rows = [
        "...XO.", //
        "XXXXOO", "OOOOXX", "......", "......", "......",
    ];
    let board = Board::from_diagram(&rows).unwrap();
    let owner = crate::game::score::ownership(&board, &[]);
    assert_eq!(owner[board.point(5, 5)], Some(White));
}

#[test]
fn white_receives_a_point_per_handicap_stone() {
    let board_rows = SPLIT_5;
    assert_eq!(counted(&board_rows, &[], 0.5, 0).margin, -5.5);
    assert_eq!(counted(&board_rows, &[], 0.5, 1).margin, -5.5);
    assert_eq!(counted(&board_rows, &[], 0.5, 2).margin, -7.5);
    assert_eq!(counted(&board_rows, &[], 0.5, 4).to_string(), "W+9.5");
}

#[test]
fn black_stones_played_before_whites_first_move_are_a_handicap() {
    let mut game = Game::new(19, 0.5, Superko::Situational);
    play_all(&mut game, &["D4"]);
    assert_eq!(game.handicap(), 0, "one stone is no handicap");
    game.play(Black, mv(&game, "Q16")).unwrap();
    game.play(Black, mv(&game, "Q4")).unwrap();
    assert_eq!(game.handicap(), 3);
    game.play(White, mv(&game, "D16")).unwrap();
    game.play(Black, mv(&game, "C3")).unwrap();
    assert_eq!(game.handicap(), 3, "later Black moves are ordinary");
    assert_eq!(game.placed_handicap(), 0);
    game.undo();
    game.undo();
    game.undo();
    assert_eq!(game.handicap(), 2);
    // An even game in which White passed is not a handicap game.
    let mut even = Game::new(19, 7.5, Superko::Situational);
    even.play(Black, mv(&even, "D4")).unwrap();
    even.play(White, Move::Pass).unwrap();
    even.play(Black, mv(&even, "Q16")).unwrap();
    assert_eq!(even.handicap(), 0);
}

#[test]
fn the_self_check_replays_the_history_and_catches_a_wrong_record() {
    let mut game = Game::new(5, 7.5, Superko::Situational);
    play_all(&mut game, &["C3", "C2", "B2", "pass", "D2"]);
    assert!(game.undo());
    game.check_invariants();
    let mut wrong = game.clone();
    wrong.passes = 2;
    let caught = std::panic::catch_unwind(|| wrong.check_invariants());
    assert!(caught.is_err(), "a wrong count of passes is caught");
    let mut wrong = game.clone();
    wrong.steps.pop();
    assert!(std::panic::catch_unwind(|| wrong.check_invariants()).is_err());
}

/// A record whose set-up position is followed by White's move (as `sgf::load` replays it):
/// that position is recorded with White to move, as it was, so situational superko
/// recognises it when it comes back.
#[test]
fn a_loaded_position_enters_the_history_with_the_side_that_moved() {
    let board = Board::from_diagram(&[".....", ".....", "..X..", ".X...", "....."]).unwrap();
    let mut game = Game::new(5, 7.5, Superko::Situational);
    game.set_start_position(board, Black, 0);
    for (color, name) in [(White, "D4"), (Black, "E5")] {
        let m = mv(&game, name);
        game.replay(color, m).unwrap();
    }
    assert_eq!(game.positions[0].to_move, White);
    assert_eq!(game.positions[1].to_move, Black);
    assert_eq!(game.positions[2].to_move, White);
    game.check_invariants();
    // Two moves of one colour in a row: the position between them had that colour to move.
    let mut game = Game::new(5, 7.5, Superko::Situational);
    play_all(&mut game, &["C3"]);
    game.play(Black, mv(&game, "D4")).unwrap();
    assert_eq!(game.positions[1].to_move, Black);
    game.check_invariants();
}

#[test]
fn a_game_keeps_at_most_max_steps_and_says_so() {
    let mut game = Game::new(9, 7.5, Superko::Situational);
    for i in 0..MAX_STEPS {
        let color = if i % 2 == 0 { Black } else { White };
        game.play(color, Move::Pass).unwrap();
    }
    let a1 = Move::Play(game.board().point_named("A1").unwrap());
    assert_eq!(game.play(Black, Move::Pass), Err(MoveError::TooLong));
    assert_eq!(game.play(Black, a1), Err(MoveError::TooLong));
    assert_eq!(game.move_count(), MAX_STEPS);
    assert!(game.undo());
    game.play(White, Move::Pass).unwrap();
}
