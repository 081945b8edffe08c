//! Priors: what a new node starts with, as virtual games (visits, and wins in half points).
//! Every move gets an even prior; the learned move model (shapes, captures, escapes and
//! ataris with their ladders, self-ataris, liberties, distance to the last two moves, line;
//! see `knowledge::features`) adds virtual wins in proportion to the square root of its
//! probability of the move; captures, escapes from atari and ataris that start a working
//! ladder add virtual wins; a self-atari of two or more stones and an escape into a working
//! ladder add virtual losses, and such an escape gets none of the model's wins; with boards
//! of 13×13 and larger, the line of a move in an open area adds virtual wins on the third
//! line and losses on the first two (`--tune lines=W`). Pass loses unless the opponent just
//! passed.

use crate::board::{Board, Point};
use crate::knowledge::features::{
    ATARI, CAPTURE, ESCAPE, Features, LINE, SELF_ATARI, atari, escape, is_open_area, self_atari,
};

use crate::tuning::Constants;

/// Virtual games of one piece of knowledge.
fn unit(board: &Board, constants: &Constants) -> u32 {
    let base = if board.size() <= 13 { 10.0 } else { 20.0 };
    (base * constants.prior).round() as u32
}

/// Accumulates virtual games.
struct Prior {
    visits: u32,
    wins: u32,
}

impl Prior {
    fn add(&mut self, visits: u32, value: f64) {
        self.visits += visits;
        self.wins += (2.0 * value * visits as f64).round() as u32;
    }
}

/// The prior of a move at `p` with the features `f` (see `knowledge::features`), to which
/// the learned move model gives `share` of its probability among the candidates.
/// The learned model's favourites get virtual wins in proportion to the square root of
/// `share` (as Pachi's pattern prior does).
pub fn for_move(
    board: &Board,
    p: Point,
    f: &Features,
    share: f64,
    constants: &Constants,
) -> (u32, u32) {
    let u = unit(board, constants);
    // Tactics the model weighs among many features, worth virtual games of their own:
    // taking a string in atari, or saving one's own unless the ladder works.
    let captures = f[CAPTURE] > 0;
    let self_atari = f[SELF_ATARI] >= self_atari::SMALL;
    let failed_escape = f[ESCAPE] == escape::INTO_LADDER;
    let escapes = f[ESCAPE] > 0 && !failed_escape;
    let mut prior = Prior { visits: 0, wins: 0 };
    prior.add((constants.even * f64::from(u)).round() as u32, 0.5);
    // A ladder across a large board is too long for the tree to read: the model's share
    // (nearby, good shape) must not make the escape look good.
    if !failed_escape {
        prior.add(
            (constants.learned * share.sqrt() * f64::from(u)).round() as u32,
            1.0,
        );
    }
    let ladder_atari = f[ATARI] == atari::LADDER;
    if captures || escapes || ladder_atari {
        prior.add(2 * u, 1.0);
    }
    if failed_escape {
        prior.add(2 * u, 0.0);
    }
    if self_atari {
        prior.add(u, 0.0);
    }
    add_line_prior(
        &mut prior,
        board,
        p,
        f[LINE],
        constants.lines * f64::from(u),
    );
    (prior.visits, prior.wins)
}

/// In an open area the third line is good and the first two are bad (the empty-area line
/// prior of Pachi 11 and michi), worth `games` virtual games; line 0 is the first. Not on
/// boards under 13×13, where the centre is only four or five lines from the edge.
fn add_line_prior(prior: &mut Prior, board: &Board, p: Point, line: u32, games: f64) {
    let games = games.round() as u32;
    if games == 0 || line > 2 || board.size() < 13 || !is_open_area(board, p) {
        return;
    }
    prior.add(games, if line == 2 { 1.0 } else { 0.0 });
}

pub fn for_pass(board: &Board, constants: &Constants) -> (u32, u32) {
    let u = unit(board, constants);
    let mut prior = Prior { visits: 0, wins: 0 };
    let opponent_passed =
        board.last_moves()[0].is_none() && board.empty_count() < board.size() * board.size();
    prior.add(u, if opponent_passed { 0.5 } else { 0.0 });
    (prior.visits, prior.wins)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Color, Point};
    use crate::knowledge::candidates::{is_candidate, shares};
    use crate::knowledge::features::{GROUPS, features};

    #[test]
    fn the_capture_gets_one_of_the_two_best_priors() {
        let mut board = Board::from_diagram(&[
            ".........",
            ".........",
            ".........",
            "...X.....",
            "..XO.....",
            "...X.....",
            ".........",
            ".........",
            ".........",
        ])
        .unwrap();
        board
            .play(Color::White, board.point_named("G3").unwrap())
            .unwrap();
        // White D5 has one liberty, E5.
        let candidates: Vec<Point> = (board.empty_points())
            .filter(|&p| is_candidate(&board, Color::Black, p, 20))
            .collect();
        let mut features = vec![[0; GROUPS]; candidates.len()];
        let shares = shares(&board, Color::Black, &candidates, &mut features, false);
        let value = |p: Point| {
            let i = candidates.iter().position(|&c| c == p).unwrap();
            let constants = Constants::defaults(9);
            let (visits, wins) = for_move(&board, p, &features[i], shares[i], &constants);
            (f64::from(wins) / 2.0, f64::from(visits))
        };
        // The pull of a prior: its wins beyond an even result.
        let pull = |p: Point| {
            let (wins, visits) = value(p);
            wins - visits / 2.0
        };
        let capture = board.point_named("E5").unwrap();
        // The model likes F4 (the answer to G3) more: strong players seldom take a stone the
        // opponent did not just play, which is most often already lost. The capture's own
        // virtual wins still put it second, ahead of the rest.
        let mut pulls: Vec<(f64, Point)> = candidates.iter().map(|&p| (pull(p), p)).collect();
        pulls.sort_by(|a, b| b.0.total_cmp(&a.0));
        let top_two: Vec<String> = pulls[..2]
            .iter()
            .map(|&(_, p)| board.point_name(p))
            .collect();
        assert!(top_two.contains(&"E5".to_string()), "{top_two:?}");
        assert!(pull(capture) > pulls[2].0, "{pulls:?}");
        let (wins, visits) = value(capture);
        assert!(wins / visits > 0.6, "{wins}/{visits}");
    }

    /// A larger even prior adds virtual games at an even result, the same to every move.
    #[test]
    fn the_even_prior_adds_even_games() {
        let board = Board::new(9);
        let p = board.point_named("E5").unwrap();
        let f = features(&board, Color::Black, p);
        let prior = |even: f64| {
            let constants = Constants {
                even,
                ..Constants::defaults(9)
            };
            for_move(&board, p, &f, 0.1, &constants)
        };
        let u = unit(&board, &Constants::defaults(9));
        let ((visits, wins), (more_visits, more_wins)) = (prior(1.0), prior(2.0));
        assert_eq!(more_visits, visits + u);
        // Wins are counted in half points: u games at 0.5 are u half points.
        assert_eq!(more_wins, wins + u);
    }

    /// White D4, in atari, runs at E4 into a ladder that works unless White G8 breaks it:
    /// the features read the ladder, and the escape into it starts well below the one that
    /// gets away.
    #[test]
    fn an_escape_into_a_working_ladder_starts_with_virtual_losses() {
        let ladder = |breaker: bool| {
            let mut board = Board::from_diagram(&[
                ".........",
                ".........",
                ".........",
                ".........",
                "...X.....",
                "..XO.....",
                "...XX....",
                ".........",
                ".........",
            ])
            .unwrap();
            if breaker {
                board
                    .play(Color::White, board.point_named("G8").unwrap())
                    .unwrap();
            }
            board
        };
        let value = |board: &Board| {
            let e4 = board.point_named("E4").unwrap();
            let f = features(board, Color::White, e4);
            let (visits, wins) = for_move(board, e4, &f, 0.2, &Constants::defaults(9));
            (f[ESCAPE], f64::from(wins) / (2.0 * f64::from(visits)))
        };
        let (caught, free) = (value(&ladder(false)), value(&ladder(true)));
        assert_eq!(
            (caught.0, free.0),
            (escape::INTO_LADDER, escape::TWO_LIBERTIES)
        );
        // At the same share of the model: two units of losses and none of the model's wins.
        assert!(free.1 - caught.1 > 0.15, "{caught:?} {free:?}");
    }

    /// On an empty 19x19 board, with the line prior, a third-line move starts above a
    /// second-line one and a first-line one; a stone nearby switches the prior off, and so
    /// does a small board.
    #[test]
    fn the_line_prior_favours_the_third_line_in_open_areas() {
        let mut board = Board::new(19);
        let constants = Constants::defaults(19);
        let value = |board: &Board, name: &str| {
            let p = board.point_named(name).unwrap();
            let f = features(board, Color::Black, p);
            let (visits, wins) = for_move(board, p, &f, 0.0, &constants);
            f64::from(wins) / (2.0 * f64::from(visits))
        };
        let (first, second, third, fourth) = (
            value(&board, "K1"),
            value(&board, "K2"),
            value(&board, "K3"),
            value(&board, "K4"),
        );
        assert!(
            third > fourth && fourth > second && second == first,
            "{first} {second} {third} {fourth}"
        );
        board
            .play(Color::White, board.point_named("L4").unwrap())
            .unwrap();
        assert_eq!(value(&board, "K3"), value(&board, "K4"));
        let small = Board::new(9);
        assert_eq!(value(&small, "C3"), value(&small, "C2"));
    }
}
