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
}

impl Analysis {
    /// The value of a search: its most visited move's own games.
    pub fn from_report(to_move: Color, report: &Report) -> Analysis {
        let best = report.candidates.first();
        let score = best.and_then(|c| c.score).or(report.score);
        Analysis {
            to_move,
            winrate: best.map_or(0.5, |c| c.winrate),
            lead: score.map_or(0.0, |s| s.median),
            line: best.map_or_else(|| vec![Move::Pass], |c| c.pv.clone()),
            playouts: report.playouts,
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
    /// The move judged from the analyses of the positions before and after it.
    pub fn new(
        step: usize,
        number: usize,
        played: (Color, Move),
        before: &Analysis,
        after: &Analysis,
    ) -> MoveReview {
        let (color, mv) = played;
        let (before_b, after_b) = (before.for_black(), after.for_black());
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
}

/// The `most` biggest mistakes of `color`, biggest first: the moves that lost the most win
/// rate (then the most points), among those that lost anything. The chance of winning is
/// what a mistake costs a player: once a game is decided, the lead swings by tens of points
/// (the playouts of a wild position, slack moves of the side ahead) while the result stays,
/// and ranked by points those swings hid a first-line move in a 19x19 opening.
pub fn biggest_mistakes(reviews: &[MoveReview], color: Color, most: usize) -> Vec<&MoveReview> {
    let mut mistakes: Vec<&MoveReview> = reviews
        .iter()
        .filter(|r| r.color == color && (r.points_lost > 0.0 || r.winrate_lost > 0.0))
        .collect();
    mistakes.sort_by(|a, b| {
        (b.winrate_lost, b.points_lost)
            .partial_cmp(&(a.winrate_lost, a.points_lost))
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
        let reviews = [review, white, best, better];
        let black = biggest_mistakes(&reviews, Color::Black, 3);
        assert_eq!(black.len(), 1);
        let white_mistakes = biggest_mistakes(&reviews, Color::White, 3);
        assert_eq!(white_mistakes.len(), 1);
        assert_eq!(white_mistakes[0].points_lost, 10.0);
    }

    /// Mistakes rank by the win rate they lost, then by points: 40 points thrown away in a
    /// decided game come after a close game's 10.
    #[test]
    fn the_biggest_mistakes_lost_the_most_win_rate() {
        let mistake = |number: usize, winrate_lost: f64, points_lost: f64| MoveReview {
            step: number - 1,
            number,
            color: Color::Black,
            played: Move::Pass,
            before: (0.5, 0.0),
            after: (0.5, 0.0),
            preferred: Move::Pass,
            line: Vec::new(),
            points_lost,
            winrate_lost,
        };
        let reviews = [
            mistake(1, 0.0, 40.0),
            mistake(2, 0.15, 10.0),
            mistake(3, 0.15, 12.0),
            mistake(4, 0.0, 0.0),
            mistake(5, 0.01, 1.0),
        ];
        let order: Vec<usize> = (biggest_mistakes(&reviews, Color::Black, 9).iter())
            .map(|r| r.number)
            .collect();
        assert_eq!(order, [3, 2, 5, 1]);
    }
}
