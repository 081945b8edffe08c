//! Priors: what a new node starts with, as virtual games (visits, and wins in half points).
//! Every move gets an even prior; the learned move model (3×3 shape, captures, escapes,
//! ataris, self-ataris, distance to the last two moves, line; see `playout::features`) adds
//! virtual wins in proportion to the square root of its probability of the move; captures and
//! escapes from atari and ataris that start a working ladder add virtual wins; a self-atari
//! of two or more stones and an escape into a working ladder add virtual losses. Where no
//! stone stands near, as in the opening, the first two lines may lose and the third and
//! fourth win (`Tuning::open`). Pass loses unless the opponent just passed.

use crate::board::{Board, Color, Point};
use crate::playout::features::{ATARI, CAPTURE, ESCAPE, GROUPS, LINE, SELF_ATARI};
use crate::playout::ladder;

use super::Tuning;

/// Virtual games of one piece of knowledge.
fn unit(board: &Board, tuning: &Tuning) -> u32 {
    let base = if board.size() <= 13 { 10.0 } else { 20.0 };
    (base * tuning.prior).round() as u32
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

/// The prior of `color`'s move at `p`, with the features `f` (see `playout::features`), to
/// which the learned move model gives `share` of its probability among the candidates.
/// The learned model's favourites get virtual wins in proportion to the square root of
/// `share` (as Pachi's pattern prior does).
pub fn for_move(
    board: &Board,
    color: Color,
    p: Point,
    f: &[u16; GROUPS],
    share: f64,
    tuning: &Tuning,
) -> (u32, u32) {
    let u = unit(board, tuning);
    let mut prior = Prior { visits: 0, wins: 0 };
    prior.add(u, 0.5);
    prior.add(
        (tuning.learned * share.sqrt() * f64::from(u)).round() as u32,
        1.0,
    );
    // Tactics the model sees only in part (it knows no string sizes and reads no ladders):
    // taking a string in atari, or saving one's own unless the ladder works.
    let (captures, self_atari) = (f[CAPTURE] > 0, f[SELF_ATARI] > 0);
    let escapes = f[ESCAPE] > 0;
    let failed_escape = escapes && ladder::is_failed_escape(board, color, p);
    let ladder_atari = f[ATARI] > 0 && ladder::is_ladder_atari(board, color, p);
    if captures || (escapes && !failed_escape) || ladder_atari {
        prior.add(2 * u, 1.0);
    }
    if failed_escape {
        prior.add(2 * u, 0.0);
    }
    if self_atari {
        prior.add(u, 0.0);
    }
    if tuning.open > 0.0 && is_open_area(board, p) {
        let open = (tuning.open * f64::from(u)).round() as u32;
        match f[LINE] {
            0 | 1 => prior.add(open, 0.0),
            2 | 3 => prior.add(open, 1.0),
            _ => {}
        }
    }
    (prior.visits, prior.wins)
}

/// No stone within Manhattan distance `OPEN_RADIUS` of `p`: a move there makes territory or
/// a base on the third and fourth lines, and too little on the first two.
fn is_open_area(board: &Board, p: Point) -> bool {
    let (col, row) = board.coords(p);
    let span = |x: usize| x.saturating_sub(OPEN_RADIUS)..=(x + OPEN_RADIUS).min(board.size() - 1);
    span(row).all(|r| {
        span(col).all(|c| {
            col.abs_diff(c) + row.abs_diff(r) > OPEN_RADIUS
                || board.is_empty_point(board.point(c, r))
        })
    })
}

const OPEN_RADIUS: usize = 3;

pub fn for_pass(board: &Board, tuning: &Tuning) -> (u32, u32) {
    let u = unit(board, tuning);
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
    use crate::playout::features::features;
    use crate::playout::weights::strength;

    #[test]
    fn the_capture_gets_the_best_prior() {
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
        let candidates: Vec<Point> = board
            .empty_points()
            .filter(|&p| board.is_legal(Color::Black, p) && !board.is_eye(Color::Black, p))
            .collect();
        let features = |p: Point| features(&board, Color::Black, p);
        let total: f32 = candidates
            .iter()
            .map(|&p| strength(&features(p), Color::Black))
            .sum();
        let value = |p: Point| {
            let share = f64::from(strength(&features(p), Color::Black) / total);
            let (visits, wins) = for_move(
                &board,
                Color::Black,
                p,
                &features(p),
                share,
                &Tuning::default(),
            );
            f64::from(wins) / (2.0 * f64::from(visits))
        };
        let capture = board.point_named("E5").unwrap();
        let best = candidates
            .iter()
            .copied()
            .max_by(|&a, &b| value(a).total_cmp(&value(b)))
            .unwrap();
        assert_eq!(board.point_name(best), "E5");
        assert!(value(capture) > 0.6, "{}", value(capture));
    }

    #[test]
    fn open_areas_favour_the_third_and_fourth_lines() {
        let mut board = Board::new(19);
        board
            .play(Color::Black, board.point_named("Q16").unwrap())
            .unwrap();
        let open = Tuning {
            open: 1.0,
            ..Tuning::default()
        };
        let value = |name: &str, tuning: &Tuning| {
            let p = board.point_named(name).unwrap();
            let f = features(&board, Color::White, p);
            let (visits, wins) = for_move(&board, Color::White, p, &f, 0.01, tuning);
            f64::from(wins) / (2.0 * f64::from(visits))
        };
        // B10 and K2 are on the second line, D4 and K4 on the fourth, K10 in the centre; all
        // in open areas. Q13 is on the fourth line, three points from Q16: not open.
        assert!(value("B10", &open) < value("K10", &open));
        assert!(value("K2", &open) < value("K10", &open));
        assert!(value("D4", &open) > value("K10", &open));
        assert_eq!(value("Q13", &open), value("K10", &open));
        assert_eq!(value("K4", &open), value("D4", &open));
        let plain = Tuning::default();
        assert_eq!(value("B10", &plain), value("D4", &plain));
        // R17 is on the third line but next to Q16.
        assert_eq!(value("R17", &open), value("R17", &plain));
    }

    #[test]
    fn an_open_area_has_no_stone_within_three_points() {
        let mut board = Board::new(19);
        let at = |b: &Board, n: &str| b.point_named(n).unwrap();
        board.play(Color::White, at(&board, "K10")).unwrap();
        for (name, open) in [
            ("K13", false),
            ("M11", false),
            ("K14", true),
            ("M12", true),
            ("A1", true),
        ] {
            assert_eq!(is_open_area(&board, at(&board, name)), open, "{name}");
        }
    }
}
