//! Dynamic komi. In handicap games: with handicap stones on the board Black wins almost every
//! playout at first, the win rates of all moves crowd near 100% (or 0% for White), and the
//! search can no longer tell a good move from a slack one. Counting with extra komi against
//! Black brings the win rates back towards the middle. The extra komi shrinks linearly to
//! nothing as the game goes on, as in Pachi's default ("linear") dynamic komi: Black counts
//! as if each handicap stone were worth 12 points, White as if worth 8, over Pachi's numbers
//! of moves for each board size. Below 13×13 there is none: a handicap is rare there, and
//! stones worth 12 points each would leave no game to count.
//!
//! In even games that turn lopsided (`Margin`, `--tune margin=1`): once the search's win
//! rate passes 85%, the next searches ask for a point more each move, so that the won game
//! is played for a margin rather than with slack moves that a playout error could turn
//! into a loss. Below 80% the margin drops by 4 points, and a margin search that finds the
//! game below even gives margins up for the rest of the game: Pachi's adaptive phase after
//! its linear dynamic komi, with its thresholds.

use crate::board::Color;
use crate::game::Game;

/// Points a handicap stone is taken to be worth, for Black and for White.
const STONE_VALUE: [f64; 2] = [12.0, 8.0];

/// Moves over which the extra komi falls to zero, for Black and for White.
fn span(size: usize) -> Option<[usize; 2]> {
    match size {
        19.. => Some([200, 150]),
        15..=18 => Some([100, 75]),
        13 | 14 => Some([50, 40]),
        _ => None,
    }
}

/// Points added to the komi (against Black) in `color`'s search, or 0 outside handicap games.
pub fn extra_komi(game: &Game, color: Color) -> f64 {
    let handicap = game.handicap();
    let Some(spans) = span(game.size()).filter(|_| handicap >= 2) else {
        return 0.0;
    };
    let span = spans[color.index()];
    let moves = game.move_count().min(span);
    // The komi at which the handicap would be even, less the komi the game already gives.
    let even = handicap as f64 * STONE_VALUE[color.index()] + 0.5;
    let given = game.effective_komi();
    (even - given).max(0.0) * (span - moves) as f64 / span as f64
}

/// The win rate above which the next search asks for a point more (Pachi's green zone).
const ASK_MORE: f64 = 0.85;
/// The win rate below which the margin drops by `DROP` points.
const ASK_LESS: f64 = 0.8;
const DROP: f64 = 4.0;

/// The margin each colour's searches ask for in an even game.
#[derive(Clone, Copy, Debug)]
pub struct Margin {
    points: [f64; 2],
    /// Once a margin was dropped, it never grows past where it was dropped to.
    ceiling: [f64; 2],
}

impl Default for Margin {
    fn default() -> Margin {
        Margin {
            points: [0.0; 2],
            ceiling: [f64::INFINITY; 2],
        }
    }
}

impl Margin {
    /// Points added to the komi (against Black) in `color`'s search.
    pub fn komi_offset(&self, color: Color) -> f64 {
        match color {
            Color::Black => self.points[0],
            Color::White => -self.points[1],
        }
    }

    /// After `color`'s search, whose best move won `winrate` of the games with the margin of
    /// `komi_offset`. Not in handicap games, nor before the moves of the handicap version's
    /// span (15 below 13×13), as in Pachi: early on the win rates are still rough.
    pub fn update(&mut self, game: &Game, color: Color, winrate: f64) {
        let i = color.index();
        let opening = span(game.size()).map_or(15, |s| s[i]);
        if game.handicap() >= 2 || game.move_count() < opening {
            return;
        }
        let (points, ceiling) = (&mut self.points[i], &mut self.ceiling[i]);
        if winrate < 0.5 && *points > 0.0 {
            *points = 0.0;
            *ceiling = 0.0;
        } else if winrate < ASK_LESS && *points > 0.0 {
            *points = (*points - DROP).max(0.0);
            *ceiling = *points;
        } else if winrate > ASK_MORE && *points + 1.0 <= *ceiling {
            *points += 1.0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;
    use crate::game::Superko;

    fn handicap_game(size: usize, stones: &[&str], komi: f64) -> Game {
        let mut game = Game::new(size, komi, Superko::Positional);
        let points: Vec<_> = stones
            .iter()
            .map(|s| game.board().point_named(s).unwrap())
            .collect();
        assert!(game.place_handicap(&points));
        game
    }

    /// Plays legal moves, White first, until the game has `moves` moves.
    fn play_until(game: &mut Game, moves: usize) {
        let points: Vec<_> = game.board().points().collect();
        for p in points.into_iter().cycle() {
            if game.move_count() >= moves {
                break;
            }
            let _ = game.play(game.to_move(), Move::Play(p));
        }
    }

    #[test]
    fn no_extra_komi_in_an_even_game_or_on_a_small_board() {
        let game = Game::new(19, 7.5, Superko::Positional);
        assert_eq!(extra_komi(&game, Color::Black), 0.0);
        assert_eq!(extra_komi(&game, Color::White), 0.0);
        let game = handicap_game(9, &["C3", "G7"], 0.5);
        assert_eq!(extra_komi(&game, Color::Black), 0.0);
    }

    #[test]
    fn four_stones_start_at_their_worth_and_fade_out() {
        let mut game = handicap_game(19, &["D4", "Q16", "D16", "Q4"], 0.5);
        // Even at 4 x 12 + 0.5 for Black; the game gives 0.5 komi and 4 points of handicap
        // compensation.
        assert_eq!(extra_komi(&game, Color::White), 4.0 * 8.0 + 0.5 - 4.5);
        assert_eq!(extra_komi(&game, Color::Black), 44.0);
        play_until(&mut game, 50);
        assert_eq!(extra_komi(&game, Color::Black), 44.0 * 150.0 / 200.0);
        assert_eq!(extra_komi(&game, Color::White), 28.0 * 100.0 / 150.0);
        play_until(&mut game, 200);
        assert_eq!(extra_komi(&game, Color::Black), 0.0, "gone after 200 moves");
    }

    #[test]
    fn a_won_game_asks_for_a_margin_and_gives_it_up_when_it_fails() {
        let mut game = Game::new(9, 7.5, Superko::Positional);
        let mut margin = Margin::default();
        let mut after = |game: &Game, color: Color, winrates: &[f64]| {
            for &winrate in winrates {
                margin.update(game, color, winrate);
            }
            margin.komi_offset(color)
        };
        assert_eq!(
            after(&game, Color::White, &[0.95]),
            0.0,
            "not in the opening"
        );
        play_until(&mut game, 20);
        let white = after(&game, Color::White, &[0.9, 0.9, 0.9]);
        assert_eq!(white, -3.0, "White asks to win by 3 more");
        assert_eq!(after(&game, Color::Black, &[]), 0.0);
        let held = after(&game, Color::White, &[0.82]);
        assert_eq!(held, -3.0, "between 80% and 85% it holds");
        let dropped = after(&game, Color::White, &[0.7, 0.9]);
        assert_eq!(dropped, 0.0, "dropped by 4, and no higher");
        let failed = after(&game, Color::Black, &[0.9, 0.4, 0.9]);
        assert_eq!(failed, 0.0, "given up after a failed margin");
    }
}
