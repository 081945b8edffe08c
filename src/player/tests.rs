use super::*;
use crate::game::Superko;
use crate::tuning::Constants;

fn quick() -> Player {
    Player::new(Settings {
        budget: Budget {
            threads: 1,
            playouts: Some(800),
            time: None,
            ..Settings::default().budget
        },
        ..Settings::default()
    })
}

/// With four stones on 13×13 Black wins nearly every playout; dynamic komi brings its
/// win rate back towards the middle, while the expected margin stays the game's own.
#[test]
fn dynamic_komi_evens_the_win_rates_of_a_handicap_game() {
    let mut game = Game::new(13, 0.5, Superko::Situational);
    let stones: Vec<_> = ["D4", "K10", "D10", "K4"]
        .iter()
        .map(|s| game.board().point_named(s).unwrap())
        .collect();
    assert!(game.place_handicap(&stones));
    let search = |dynamic_komi| {
        let mut player = quick();
        player.settings.dynamic_komi = dynamic_komi;
        // Enough games that the win rates stand clear of the playouts' noise.
        player.settings.budget.playouts = Some(3000);
        let report = player.search(&game, Color::Black, None);
        (report.best().unwrap().2, report.mean_margin)
    };
    let (plain, plain_margin) = search(false);
    let (dynamic, dynamic_margin) = search(true);
    assert!(plain > 0.75, "Black's win rate with four stones: {plain}");
    assert!(
        dynamic < plain - 0.2,
        "with dynamic komi: {dynamic}, without: {plain}"
    );
    assert!(
        (plain_margin - dynamic_margin).abs() < 15.0,
        "margins {plain_margin} and {dynamic_margin}"
    );
}

#[test]
fn passes_after_the_opponent_only_when_passing_wins() {
    // Columns A-E Black's, F-J White's: Black is ahead by 9 - 7.5.
    let rows = [
        "....XO...",
        "....XO...",
        "....XO...",
        "....XO...",
        "....XO...",
        "....XO...",
        "....XO...",
        "....XO...",
        "....XO...",
    ];
    let board = crate::board::Board::from_diagram(&rows).unwrap();
    let mut game = Game::new(9, 7.5, Superko::Situational);
    game.set_start_position(board.clone(), Color::White, 0);
    game.play(Color::White, Move::Pass).unwrap();
    let mut player = quick();
    assert_eq!(
        player.genmove(&game, Color::Black),
        Decision::Play(Move::Pass)
    );
    // With komi 9.5 passing loses: Black plays on.
    let mut losing = Game::new(9, 9.5, Superko::Situational);
    losing.set_start_position(board, Color::White, 0);
    losing.play(Color::White, Move::Pass).unwrap();
    let Decision::Play(mv) = quick().genmove(&losing, Color::Black) else {
        panic!("resigned")
    };
    assert_ne!(mv, Move::Pass);
}

/// Plays `moves` moves on the first points that are legal and fill no eye.
fn play_on(game: &mut Game, moves: usize) {
    for _ in 0..moves {
        let c = game.to_move();
        let p = game
            .board()
            .empty_points()
            .find(|&p| game.check_move(c, Move::Play(p)).is_ok() && !game.board().is_eye(c, p))
            .unwrap();
        game.play(c, Move::Play(p)).unwrap();
    }
}

#[test]
fn resigns_only_after_three_hopeless_moves_and_not_early() {
    let mut player = quick();
    let mut game = Game::new(9, 7.5, Superko::Situational);
    assert!(
        !player.hopeless(&game, Color::White, 0.01, false),
        "too early in the game"
    );
    play_on(&mut game, 30);
    assert!(!player.hopeless(&game, Color::White, 0.01, false));
    assert!(!player.hopeless(&game, Color::White, 0.01, false));
    assert!(player.hopeless(&game, Color::White, 0.01, false));
    assert!(
        !player.hopeless(&game, Color::White, 0.5, false),
        "a good move resets the count"
    );
    player.settings.never_resign = true;
    for _ in 0..5 {
        assert!(!player.hopeless(&game, Color::White, 0.0, false));
    }
}

/// Neither side gives up a handicap game until half the board's worth of moves is played:
/// White starts far behind and makes the stones good over the game (in an even game it may
/// resign from a quarter on).
#[test]
fn both_sides_play_out_a_handicap_game_until_half_way() {
    let mut player = quick();
    let mut game = Game::new(9, 0.5, Superko::Situational);
    let stones = ["C3", "G7"].map(|s| game.board().point_named(s).unwrap());
    assert!(game.place_handicap(&stones));
    play_on(&mut game, 30);
    for color in [Color::Black, Color::White] {
        for _ in 0..5 {
            assert!(
                !player.hopeless(&game, color, 0.01, false),
                "{color:?} at move 30"
            );
        }
    }
    let mut three_hopeless =
        |game: &Game, color| [0, 1, 2].map(|_| player.hopeless(game, color, 0.01, false));
    play_on(&mut game, 12);
    assert_eq!(three_hopeless(&game, Color::Black), [false, false, true]);
    assert_eq!(three_hopeless(&game, Color::White), [false, false, true]);
}

#[test]
fn each_new_game_searches_with_another_seed() {
    let game = Game::new(9, 7.5, Superko::Situational);
    let mut player = quick();
    let first = player.search(&game, Color::Black, None).moves;
    player.kept = None;
    let again = player.search(&game, Color::Black, None).moves;
    assert_eq!(first, again, "the same game, the same search");
    player.kept = None;
    player.new_game();
    assert_ne!(player.search(&game, Color::Black, None).moves, first);
}

#[test]
fn the_default_tree_is_a_quarter_of_the_memory_within_bounds() {
    assert_eq!(
        mem_total_kb("MemFree: 5 kB\nMemTotal:  8388608 kB\n"),
        Some(8_388_608)
    );
    assert_eq!(mem_total_kb("MemFree: 5 kB\n"), None);
    let mb = default_tree_mb();
    assert!((64..=1024).contains(&mb), "{mb}");
    if let Some(kb) = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|t| mem_total_kb(&t))
    {
        assert_eq!(mb, (kb / 4096).clamp(64, 1024));
    }
}

/// `genmove` searches with the constants of the board's size, the same value `bench` and the
/// referee's lead graphs play their playouts with (`Constants::defaults`), and `--tune`
/// changes only what it names.
#[test]
fn genmove_plays_the_constants_of_the_board_size() {
    for size in [9, 13, 19] {
        let game = Game::new(size, 7.5, Superko::Situational);
        let limits = quick().limits(&game, None, None);
        assert_eq!(limits.constants, Constants::defaults(size), "{size}x{size}");
        let mut tuned = quick();
        tuned.settings.tuning = Tuning::parse("race=0.5").unwrap();
        let expected = Constants {
            race: 0.5,
            ..Constants::defaults(size)
        };
        assert_eq!(tuned.limits(&game, None, None).constants, expected);
    }
}

/// Far ahead (komi of -40.5 on an empty 9×9 board), the next search pays half the lead as
/// komi: its win rate leaves the crowd near 100%, where every move looks alike, while the
/// lead and the win rates it reports stay the game's. Without lead komi the searches stay as
/// they were.
#[test]
fn a_side_far_ahead_searches_with_half_its_lead_paid_as_komi() {
    let game = Game::new(9, -40.5, Superko::Situational);
    let searches = |lead_komi| {
        let mut player = quick();
        player.settings.lead_komi = lead_komi;
        player.settings.budget.playouts = Some(3000);
        // Far ahead from 85%: the empty board's win rates stay below the default's 95%.
        player.settings.tuning = Tuning::parse("lead_from=0.85").unwrap();
        let first = player.search(&game, Color::Black, None);
        let paid = player.lead_komi[Color::Black.index()];
        let second = player.search(&game, Color::Black, None);
        let winrate = |r: &Report| r.best().unwrap().2;
        let lead = |r: &Report| r.score.unwrap().median;
        // What an analysis shows of the second search: win rates at the real komi.
        let shown = second.candidates[0].winrate;
        let searched = (winrate(&first), winrate(&second));
        (paid, searched, lead(&first), lead(&second), shown)
    };
    let (paid, (before, after), lead_before, lead_after, shown) = searches(true);
    assert!(before > 0.9, "Black's win rate at komi -40.5: {before}");
    assert!(
        paid >= 8.0 && paid <= (lead_before / 2.0).max(0.0),
        "lead komi {paid} for a lead of {lead_before}"
    );
    assert!(
        after < before - 0.05,
        "win rate {after} with lead komi, {before} before"
    );
    assert!(
        (lead_after - lead_before).abs() < 6.0,
        "leads {lead_before} and {lead_after}"
    );
    assert!(
        shown > after && (shown - before).abs() < 0.06,
        "the win rate shown at the real komi: {shown}, searched {after}, before {before}"
    );
    let (paid, (before, after), _, _, _) = searches(false);
    assert_eq!(paid, 0.0);
    assert!(
        (after - before).abs() < 0.05,
        "win rates {before} and {after} without it"
    );
}

/// A win rate from a search that paid lead komi is not the game's: it never counts towards
/// resigning.
#[test]
fn a_search_that_paid_lead_komi_never_resigns() {
    let game = Game::new(9, 7.5, Superko::Situational);
    let mut player = quick();
    player.settings.resign_threshold = 1.0;
    let area = 81;
    let mut late = game.clone();
    // Late enough to resign: a quarter of the board's points in moves, passes included.
    for _ in 0..area / 4 + 1 {
        late.play(late.to_move(), Move::Pass).unwrap();
    }
    let color = late.to_move();
    player.lead_komi[color.index()] = 5.0;
    for _ in 0..RESIGN_STREAK + 1 {
        player.lead_komi[color.index()] = 5.0;
        assert_ne!(player.genmove(&late, color), Decision::Resign);
    }
}
