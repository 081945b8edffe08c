use super::*;
use crate::game::Superko;

fn pool(threads: usize) -> rayon::ThreadPool {
    thread_pool(threads)
}

pub(super) fn limits(playouts: u64, threads: usize, seed: u64) -> Limits {
    Limits {
        threads,
        playouts: Some(playouts),
        time: None,
        max_time: None,
        early_stop: true,
        max_tree_bytes: 64 << 20,
        seed,
        komi_offset: 0.0,
        tuning: Tuning::default(),
        halt: None,
    }
}

fn game_from(rows: &[&str], to_move: Color, komi: f64) -> Game {
    let board = Board::from_diagram(rows).unwrap();
    let mut game = Game::new(board.size(), komi, Superko::Situational);
    game.set_start_position(board, to_move, 0);
    game
}

fn name(game: &Game, mv: Move) -> String {
    game.board().move_name(mv)
}

#[test]
fn wins_a_capturing_race_in_the_corner() {
    // Black A1-B1-B2 and White's five corner stones share their last liberty, A2: whoever plays
    // there first captures. With komi 20.5 Black wins only by capturing.
    let game = game_from(
        &[
            ".....", //
            "XXXX.", "OOOX.", ".XOX.", "XXOX.",
        ],
        Color::Black,
        20.5,
    );
    let report = search(&game, Color::Black, &limits(2000, 1, 1), &pool(1));
    let (best, _, winrate) = report.best().unwrap();
    assert_eq!(name(&game, best), "A2", "{:?}", &report.moves[..3]);
    assert!(winrate > 0.9, "winrate {winrate}");
    // White to move saves itself the same way.
    let report = search(&game, Color::White, &limits(2000, 1, 1), &pool(1));
    assert_eq!(name(&game, report.best().unwrap().0), "A2");
}

#[test]
fn the_same_seed_gives_the_same_search_on_one_thread() {
    let game = Game::new(9, 7.5, Superko::Situational);
    let a = search(&game, Color::Black, &limits(1500, 1, 42), &pool(1));
    let b = search(&game, Color::Black, &limits(1500, 1, 42), &pool(1));
    assert_eq!(a.moves, b.moves);
    assert_eq!(a.playouts, b.playouts);
    let c = search(&game, Color::Black, &limits(1500, 1, 43), &pool(1));
    assert_ne!(a.moves, c.moves, "another seed, another search");
}

#[test]
fn repeated_arrangements_never_enter_the_tree() {
    // 2x2: Black A1 would bring back the position after move 1 (no simple ko involved).
    let mut game = Game::new(2, 0.5, Superko::Situational);
    for (c, p) in [
        (Color::Black, (0, 0)),
        (Color::White, (1, 0)),
        (Color::Black, (0, 1)),
        (Color::White, (1, 1)),
        (Color::Black, (0, 0)),
    ] {
        let point = game.board().point(p.0, p.1);
        game.play(c, Move::Play(point)).unwrap();
    }
    game.play(Color::White, Move::Play(game.board().point(0, 1)))
        .unwrap();
    let a1 = Move::Play(game.board().point(0, 0));
    assert!(
        game.board()
            .is_legal(Color::Black, game.board().point(0, 0))
    );
    let report = search(&game, Color::Black, &limits(300, 1, 0), &pool(1));
    assert!(
        report.moves.iter().all(|(m, _, _)| *m != a1),
        "{:?}",
        report.moves
    );
}

#[test]
fn all_threads_search_one_tree() {
    let game = Game::new(9, 7.5, Superko::Situational);
    let report = search(&game, Color::Black, &limits(2000, 2, 7), &pool(2));
    assert!(report.playouts >= 1000, "{} playouts", report.playouts);
    // Each child's visits are its prior plus the playouts through it.
    let visits: u64 = report.moves.iter().map(|m| m.1 as u64).sum();
    assert!(
        visits >= report.playouts,
        "the root's children saw every playout: {visits}"
    );
    // Ownership is a fraction for each side.
    let board = game.board();
    for p in board.points() {
        let [b, w] = report.ownership[p.index()];
        assert!((0.0..=1.0).contains(&(b + w)));
    }
}

#[test]
fn a_full_tree_keeps_searching() {
    let game = Game::new(9, 7.5, Superko::Situational);
    let mut small = limits(20_000, 1, 5);
    small.max_tree_bytes = 1;
    let report = search(&game, Color::Black, &small, &pool(1));
    // The tree holds one chunk of nodes and filled it (but for a gap smaller than one
    // expansion); the search went on.
    assert!(
        report.nodes > (1 << 16) - 100 && report.nodes <= 1 << 16,
        "{} nodes",
        report.nodes
    );
    assert!(report.playouts > 10_000, "{} playouts", report.playouts);
}

#[test]
fn a_close_race_between_the_two_best_moves_is_unclear() {
    let stats = |visits, wins| tree::Stats {
        visits,
        wins,
        ..tree::Stats::default()
    };
    // Far ahead in visits and as good: clear.
    assert!(!unclear(stats(300, 300), stats(100, 100)));
    // Close in visits.
    assert!(unclear(stats(300, 300), stats(250, 250)));
    // Behind in visits but winning more often: it may still overtake.
    assert!(unclear(stats(300, 300), stats(100, 120)));
}

/// With the owner feature (`--tune owner=N`), a move deep in the area White holds starts with
/// fewer virtual games than without it, and a move in the open does not.
#[test]
fn the_owner_feature_lowers_the_prior_of_moves_in_settled_areas() {
    let game = game_from(
        &[
            "......O..",
            "......O..",
            "......O..",
            "......O..",
            "......O..",
            "......O..",
            "......O..",
            "......O..",
            "......O..",
        ],
        Color::Black,
        7.5,
    );
    let priors = |owner: f64| {
        let mut limits = limits(1, 1, 5);
        limits.tuning.owner = owner;
        let tree = Tree::new(limits.max_tree_bytes);
        let (_, tree) = search_tree(&game, Color::Black, &limits, &pool(1), tree, None);
        let children = tree.node(Tree::ROOT).children().unwrap();
        let prior = |name: &str| {
            let p = game.board().point_named(name).unwrap();
            let mut nodes = children.clone().map(|i| tree.node(i));
            nodes
                .find(|n| n.mv() == Move::Play(p))
                .unwrap()
                .prior_visits()
        };
        (prior("H5"), prior("D5"))
    };
    let (inside, open) = priors(0.0);
    let (inside_owned, open_owned) = priors(200.0);
    assert!(inside_owned < inside, "{inside_owned} {inside}");
    assert!(open_owned >= open, "{open_owned} {open}");
}

#[test]
fn a_selection_without_amaf_goes_by_the_moves_own_results() {
    // Two moves as in a lost 13x13 game: a capture of five stones whose AMAF is poor (the
    // point is often played later, when the stones are safe) but whose own games (here its
    // prior) are good, and a move with thousands of middling games.
    let tree = Tree::new(1 << 20);
    let root = tree.node(Tree::ROOT);
    assert!(root.try_begin_expansion());
    let first = tree.allocate(2).unwrap();
    let (capture, other) = (first, first + 1);
    tree.node(capture)
        .init(Move::Play(Point::default()), 33, 56);
    tree.node(other).init(Move::Pass, 5430, 4684);
    for (node, wins, losses) in [(capture, 1108, 1767), (other, 2184, 3106)] {
        tree.node(node).add_amaf(2, wins);
        tree.node(node).add_amaf(0, losses);
    }
    root.finish_expansion(first, 2);
    let tuning = Tuning::default();
    assert_eq!(select(&tree, root, &tuning, 3000.0, true), Some(other));
    assert_eq!(select(&tree, root, &tuning, 3000.0, false), Some(capture));
    // Marked to be chosen by its own games, the capture wins every selection.
    tree.node(capture).choose_by_own_games();
    assert_eq!(select(&tree, root, &tuning, 3000.0, true), Some(capture));
}

/// The position of `results/amaf-blind-capture`: White's five stones K9-L9-L8-L10-M10 have
/// one liberty, N10, and Black's M9-M8 one, N8.
fn blind_capture_game() -> Game {
    let script =
        include_str!("../../gtp-scripts/bench/results/amaf-blind-capture/black-to-move.gtp");
    let mut game = Game::new(13, 7.5, Superko::Situational);
    for line in script.lines() {
        let Some(rest) = line.strip_prefix("play ") else {
            continue;
        };
        let (color, point) = rest.split_once(' ').unwrap();
        let color = if color == "B" {
            Color::Black
        } else {
            Color::White
        };
        let p = game.board().point_named(point).unwrap();
        game.play(color, Move::Play(p)).unwrap();
    }
    game
}

#[test]
fn captures_judged_by_their_own_games_find_the_big_capture() {
    let game = blind_capture_game();
    let n10 = game.board().point_named("N10").unwrap();
    assert_eq!(game.board().stones_taken(Color::Black, n10), 5);
    let mut limits = limits(5000, 1, 2);
    limits.tuning.owncapture = 2;
    let report = search(&game, Color::Black, &limits, &pool(1));
    assert_eq!(
        name(&game, report.best().unwrap().0),
        "N10",
        "{:?}",
        &report.moves[..3]
    );
}
