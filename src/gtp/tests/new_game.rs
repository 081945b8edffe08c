//! What belongs to one game follows the game: after `boardsize`, `clear_board` or `loadsgf`
//! nothing sized or keyed by the last board (the kept search tree, the dead-stone judgement)
//! is used again.

use super::*;

/// An engine that thinks very briefly, on one thread, with a fixed seed.
fn tiny_engine() -> Engine {
    let mut config = Config::default();
    config.player.budget.playouts = Some(12);
    config.player.budget.time = None;
    config.player.budget.threads = 1;
    config.player.seed = 1;
    Engine::new(config)
}

/// Every size from 2 to 25 after every other: each ordered pair (a, b) appears as a
/// change from a to b.
fn size_changes() -> Vec<usize> {
    let sizes = crate::board::MIN_SIZE..=crate::board::MAX_SIZE;
    let mut order = Vec::new();
    for a in sizes.clone() {
        order.push(a);
        for b in sizes.clone().filter(|&b| b > a) {
            order.extend([b, a]);
        }
    }
    order
}

/// A generated move names a point of the current board (or passes or resigns).
fn assert_on_board(engine: &Engine, mv: &str, context: &str) {
    let named = mv == "pass" || mv == "resign" || engine.game().board().point_named(mv).is_some();
    assert!(named, "{context}: {mv} is not on the board");
}

#[test]
fn every_size_after_every_other_searches_analyses_and_counts() {
    let mut e = tiny_engine();
    let changes = size_changes();
    assert_eq!(
        changes.windows(2).filter(|w| w[0] != w[1]).count(),
        24 * 23 + 23
    );
    for (i, &size) in changes.iter().enumerate() {
        let context = format!("change {i}, size {size}");
        ok(&mut e, &format!("boardsize {size}"));
        let black = ok(&mut e, "genmove b");
        assert_on_board(&e, &black, &context);
        // On a board with room to play, the first move of a game is never a pass.
        if size >= 7 {
            assert_ne!(black, "pass", "{context}");
        }
        let response = send(&mut e, "kata-analyze w 0 ownership true");
        let info = response.lines().nth(1).unwrap_or_default();
        let ownership = info.split("ownership ").nth(1).unwrap_or_default();
        assert_eq!(
            ownership.split_whitespace().count(),
            size * size,
            "{context}"
        );
        let white = ok(&mut e, "genmove w");
        assert_on_board(&e, &white, &context);
        let score = ok(&mut e, "final_score");
        assert!(
            score == "0" || score.starts_with("B+") || score.starts_with("W+"),
            "{context}: {score}"
        );
        // The next size starts after a search of an empty board, whose tree is kept.
        ok_all(&mut e, &["clear_board", "genmove b"]);
    }
}

/// The reproductions of the crash report: a search, then a new size, then another search.
#[test]
fn a_search_after_a_size_change_uses_the_new_board() {
    for script in [
        &["boardsize 9", "genmove b", "boardsize 19", "genmove b"][..],
        &["genmove b", "boardsize 2", "genmove b"],
        &["boardsize 5", "genmove b", "boardsize 19", "genmove b"],
        &["kata-genmove_analyze b 0", "boardsize 5", "analyze b"],
        &["genmove b", "boardsize 13", "genmove b", "genmove w"],
    ] {
        let mut e = tiny_engine();
        let mut answers = Vec::new();
        for line in script {
            let response = send(&mut e, line);
            assert!(
                response.starts_with('='),
                "{script:?}: {line} -> {response}"
            );
            answers.push(response);
        }
        let last = answers.last().unwrap().trim_start_matches('=').trim();
        if !last.starts_with("info") && e.game().size() > 5 {
            assert_ne!(last, "pass", "{script:?}");
        }
    }
}

/// A tree kept from a search of an empty board is not reused on a loaded record's empty
/// board of another size, and the judgement of one board is not answered for another.
#[test]
fn loadsgf_and_clear_board_start_afresh() {
    let dir = std::env::temp_dir().join(format!("tengen-new-game-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("empty13.sgf");
    std::fs::write(&file, "(;FF[4]GM[1]SZ[13]KM[7.5])").unwrap();
    let mut e = tiny_engine();
    ok_all(&mut e, &["boardsize 9", "genmove b", "final_score"]);
    ok(&mut e, &format!("loadsgf {}", file.display()));
    let mv = ok(&mut e, "genmove b");
    assert_on_board(&e, &mv, "after loadsgf");
    assert_ne!(mv, "pass");
    ok_all(&mut e, &["clear_board", "genmove b"]);
    assert_eq!(ok(&mut e, "final_status_list dead"), "");
    std::fs::remove_dir_all(&dir).unwrap();
}
