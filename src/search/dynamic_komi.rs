//! Dynamic komi in handicap games. With handicap stones on the board Black wins almost every
//! playout at first, the win rates of all moves crowd near 100% (or 0% for White), and the
//! search can no longer tell a good move from a slack one. Counting with extra komi against
//! Black brings the win rates back towards the middle. The extra komi shrinks linearly to
//! nothing as the game goes on, as in Pachi's default ("linear") dynamic komi: Black counts
//! as if each handicap stone were worth 12 points, White as if worth 8, over Pachi's numbers
//! of moves for each board size. Below 13×13 there is none: a handicap is rare there, and
//! stones worth 12 points each would leave no game to count.

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
}
