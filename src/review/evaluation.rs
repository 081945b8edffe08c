//! What the review makes of its searches: each position's value (the win rate and the score
//! lead of the move tengen prefers there) and, for each move of the record, how much it lost
//! against that preferred move.

use crate::board::{Color, Move};
use crate::search::Report;

/// One position searched: its value for the side to move and the line tengen prefers.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    pub to_move: Color,
    /// The preferred move's win rate for the side to move, 0 to 1.
    pub winrate: f64,
    /// The preferred move's score lead in points for the side to move (the median margin of
    /// the playouts through it, komi paid).
    pub lead: f64,
    /// The preferred move, then the line below it.
    pub line: Vec<Move>,
    pub playouts: u64,
    /// The win rate and lead of the move the record plays next, when the search tried it
    /// enough to judge it beside the preferred one (`NEXT_MOVE_SHARE`).
    pub next: Option<(f64, f64)>,
}

/// The share of the preferred move's games that the record's next move needs in the same
/// search for the two to be compared there: then both estimates share the search's noise,
/// and a plausible move is not called a mistake because the search after it happened to find
/// less. A move the search hardly tried is judged by the search of the position after it.
const NEXT_MOVE_SHARE: f64 = 0.2;

impl Analysis {
    /// The value of a search: its most visited move's own games; and those of `next`, the
    /// record's next move, if the search tried it enough.
    pub fn from_report(to_move: Color, report: &Report, next: Option<Move>) -> Analysis {
        let best = report.candidates.first();
        let lead =
            |c: &crate::search::Candidate| c.score.or(report.score).map_or(0.0, |s| s.median);
        let enough = |visits: u32| {
            best.is_some_and(|b| f64::from(visits) >= NEXT_MOVE_SHARE * f64::from(b.visits))
        };
        let next = (report.candidates.iter())
            .find(|c| Some(c.mv) == next && enough(c.visits))
            .map(|c| (c.winrate, lead(c)));
        Analysis {
            to_move,
            winrate: best.map_or(0.5, |c| c.winrate),
            lead: best.map_or(0.0, lead),
            line: best.map_or_else(|| vec![Move::Pass], |c| c.pv.clone()),
            playouts: report.playouts,
            next,
        }
    }

    pub fn preferred(&self) -> Move {
        self.line.first().copied().unwrap_or(Move::Pass)
    }

    /// Black's win rate and lead here.
    pub fn for_black(&self) -> (f64, f64) {
        match self.to_move {
            Color::Black => (self.winrate, self.lead),
            Color::White => (1.0 - self.winrate, -self.lead),
        }
    }
}

/// A move of the record, judged by the positions before and after it.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// The step of the record (0 for the first), and the move's number (1 for the first).
    pub step: usize,
    pub number: usize,
    pub color: Color,
    pub played: Move,
    /// Black's win rate and lead before and after the move.
    pub before: (f64, f64),
    pub after: (f64, f64),
    pub preferred: Move,
    /// The preferred move and the line below it, for a variation.
    pub line: Vec<Move>,
    /// What the move lost for its player, in points and in win rate: 0 when it is the move
    /// tengen prefers, and never below 0 (a search may find a little more after a move than
    /// before it).
    pub points_lost: f64,
    pub winrate_lost: f64,
}

impl MoveReview {
    /// The move judged from the analyses of the positions before and after it: after it is
    /// the move's own figures in the search before it when that search tried it enough, else
    /// the value of the position after it.
    pub fn new(
        step: usize,
        number: usize,
        played: (Color, Move),
        before: &Analysis,
        after: &Analysis,
    ) -> MoveReview {
        let (color, mv) = played;
        let before_b = before.for_black();
        let after_b = match (before.next, color) {
            (Some((winrate, lead)), Color::Black) => (winrate, lead),
            (Some((winrate, lead)), Color::White) => (1.0 - winrate, -lead),
            (None, _) => after.for_black(),
        };
        // Black's loss is a fall in Black's figures, White's a rise.
        let sign = if color == Color::Black { 1.0 } else { -1.0 };
        let agrees = before.preferred() == mv;
        let lost = |was: f64, is: f64| {
            if agrees {
                0.0
            } else {
                (sign * (was - is)).max(0.0)
            }
        };
        MoveReview {
            step,
            number,
            color,
            played: mv,
            before: before_b,
            after: after_b,
            preferred: before.preferred(),
            line: before.line.clone(),
            points_lost: lost(before_b.1, after_b.1),
            winrate_lost: lost(before_b.0, after_b.0),
        }
    }

    pub fn agrees(&self) -> bool {
        self.played == self.preferred
    }

    /// How much the mistake mattered: the points it lost, weighed by how open the game was
    /// before it (`4 p (1 - p)` for the player's win rate `p`: 1 in an even game, near 0 in a
    /// decided one).
    pub fn weight(&self) -> f64 {
        let black = self.before.0.clamp(0.0, 1.0);
        self.points_lost * 4.0 * black * (1.0 - black)
    }
}

/// The `most` biggest mistakes of `color`, biggest first: the moves with the most points lost
/// in a game still open (`MoveReview::weight`; then the most win rate lost), among those that
/// lost anything. Points alone put the swings of a decided endgame first (tens of points a
/// move, the playouts of a wild position and the slack moves of the side ahead, while the
/// result stays), and hid a first-line move in a 19x19 opening; the win rate alone, which the
/// searches give to within several percent, let a 13x13 middle game's noise hide one.
pub fn biggest_mistakes(reviews: &[MoveReview], color: Color, most: usize) -> Vec<&MoveReview> {
    let mut mistakes: Vec<&MoveReview> = reviews
        .iter()
        .filter(|r| r.color == color && (r.points_lost > 0.0 || r.winrate_lost > 0.0))
        .collect();
    mistakes.sort_by(|a, b| {
        (b.weight(), b.winrate_lost)
            .partial_cmp(&(a.weight(), a.winrate_lost))
            .expect("finite figures")
            .then(a.number.cmp(&b.number))
    });
    mistakes.truncate(most);
    mistakes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;

    fn analysis(to_move: Color, winrate: f64, lead: f64, preferred: Move) -> Analysis {
        Analysis {
            to_move,
            winrate,
            lead,
            line: vec![preferred, Move::Pass],
            playouts: 100,
            next: None,
        }
    }

    #[test]
    fn a_move_loses_what_its_player_had_before_less_what_it_has_after() {
        let (d4, c3) = (Move::Play(Point::new(40)), Move::Play(Point::new(30)));
        // Black to move at 60% and B+3; after Black's C3, White to move at 75% and W+5.
        let before = analysis(Color::Black, 0.6, 3.0, d4);
        let after = analysis(Color::White, 0.75, 5.0, Move::Pass);
        let review = MoveReview::new(4, 5, (Color::Black, c3), &before, &after);
        assert_eq!((review.before, review.after), ((0.6, 3.0), (0.25, -5.0)));
        assert!((review.points_lost - 8.0).abs() < 1e-9);
        assert!((review.winrate_lost - 0.35).abs() < 1e-9);
        assert_eq!(review.preferred, d4);
        // White's moves lose when Black's figures rise; the preferred move loses nothing.
        let white_before = analysis(Color::White, 0.5, 0.0, c3);
        let white_after = analysis(Color::Black, 0.8, 10.0, d4);
        let white = MoveReview::new(5, 6, (Color::White, d4), &white_before, &white_after);
        assert!((white.points_lost - 10.0).abs() < 1e-9);
        let best = MoveReview::new(5, 6, (Color::White, c3), &white_before, &white_after);
        assert_eq!((best.points_lost, best.winrate_lost), (0.0, 0.0));
        // A move after which the search finds more than before lost nothing.
        let gain = analysis(Color::Black, 0.4, -2.0, d4);
        let better = MoveReview::new(5, 6, (Color::White, d4), &white_before, &gain);
        assert_eq!(better.points_lost, 0.0);
        // A move the search before it tried enough is judged by its own figures there.
        let tried = Analysis {
            next: Some((0.45, -1.0)),
            ..white_before.clone()
        };
        let judged = MoveReview::new(5, 6, (Color::White, d4), &tried, &white_after);
        assert_eq!(judged.after, (0.55, 1.0));
        assert!((judged.points_lost - 1.0).abs() < 1e-9);
        let reviews = [review, white, best, better];
        let black = biggest_mistakes(&reviews, Color::Black, 3);
        assert_eq!(black.len(), 1);
        let white_mistakes = biggest_mistakes(&reviews, Color::White, 3);
        assert_eq!(white_mistakes.len(), 1);
        assert_eq!(white_mistakes[0].points_lost, 10.0);
    }

    /// Mistakes rank by the points they lost while the game was open: 40 points thrown away
    /// in a decided game come after a close game's 10; then by the win rate lost.
    #[test]
    fn the_biggest_mistakes_lost_the_most_while_the_game_was_open() {
        let mistake = |number: usize, winrate_lost: f64, points_lost: f64| MoveReview {
            step: number - 1,
            number,
            color: Color::Black,
            played: Move::Pass,
            before: (if points_lost > 20.0 { 0.02 } else { 0.5 }, 0.0),
            after: (0.5, 0.0),
            preferred: Move::Pass,
            line: Vec::new(),
            points_lost,
            winrate_lost,
        };
        let reviews = [
            mistake(1, 0.0, 40.0),
            mistake(2, 0.15, 10.0),
            mistake(3, 0.05, 12.0),
            mistake(4, 0.0, 0.0),
            mistake(5, 0.01, 1.0),
            mistake(6, 0.2, 1.0),
        ];
        let order: Vec<usize> = (biggest_mistakes(&reviews, Color::Black, 9).iter())
            .map(|r| r.number)
            .collect();
        assert_eq!(order, [3, 2, 1, 6, 5]);
    }
}
