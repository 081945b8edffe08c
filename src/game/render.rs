//! The game as people read it: the board with its star points, then the side to move, komi
//! (in points and stones), handicap, prisoners, and the result once play has ended.

use super::Game;
use super::handicap::{fixed_handicap_points, max_fixed_handicap};
use super::score::{self, GameResult};
use crate::board::Color;

impl Game {
    pub fn show(&self, result: Option<GameResult>) -> String {
        let board = self.board();
        let stars =
            fixed_handicap_points(board, max_fixed_handicap(board.size())).unwrap_or_default();
        let mut lines = board.diagram(&stars);
        let komi_sign = if self.komi() < 0.0 { "-" } else { "" };
        let komi_stones = score::stones_text(self.komi().abs() / 2.0);
        let to_move = if self.to_move() == Color::Black {
            "Black"
        } else {
            "White"
        };
        lines.push(format!(
            "{to_move} to move. Komi {} ({komi_sign}{komi_stones} stones). Handicap {}. Prisoners: black {}, white {}.",
            self.komi(),
            self.handicap(),
            board.prisoners(Color::Black),
            board.prisoners(Color::White),
        ));
        if let Some(result) = result {
            lines.push(format!(
                "Game over: {result} = {} ({})",
                result.in_stones(),
                result.in_stones_chinese()
            ));
        }
        lines.join("\n")
    }
}
