//! Counting and the position: the result, dead stones, stones by colour and the board.

use super::*;
use crate::game::score::GameResult;
use crate::knowledge::status::{self, Status};
use crate::sgf;

impl Engine {
    /// The count with the dead stones removed, as the player judges them.
    pub(in crate::gtp) fn result(&mut self) -> GameResult {
        let judgement = self.player.judgement(&self.game);
        status::final_result(&self.game, judgement)
    }

    /// Play ended by two passes: log the result for people and save the game if asked to.
    pub(in crate::gtp) fn game_over(&mut self) {
        let result = self.result();
        log::info!(
            "result {result} ({}, {})",
            result.in_stones(),
            result.in_stones_chinese()
        );
        let Some(folder) = self.config.save_games.clone() else {
            return;
        };
        self.saved += 1;
        let name = format!(
            "tengen-{}-{}-{}.sgf",
            sgf::today(),
            std::process::id(),
            self.saved
        );
        let path = folder.join(name);
        if let Err(e) =
            std::fs::create_dir_all(&folder).and_then(|_| std::fs::write(&path, self.sgf_text()))
        {
            log::error!("cannot save {}: {e}", path.display());
        }
    }

    /// `final_score`: the area count without the dead stones, as `B+1.5`, `W+0.5` or `0`.
    pub(in crate::gtp) fn final_score(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 0..=0)?;
        Ok(self.result().to_string())
    }

    /// Stones with the given status, one string per line as GNU Go answers.
    pub(in crate::gtp) fn final_status_list(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 1..=1)?;
        let wanted = Status::from_name(args[0]).ok_or(GtpError::Syntax)?;
        let judgement = self.player.judgement(&self.game);
        let board = self.game.board();
        let stones = judgement.stones_with(board, wanted);
        let mut strings: Vec<Vec<Point>> = Vec::new();
        for &p in &stones {
            if !strings.iter().any(|s| s.contains(&p)) {
                let mut string: Vec<Point> = board.string_stones(p).collect();
                string.sort_unstable();
                strings.push(string);
            }
        }
        strings.sort();
        let lines: Vec<String> = strings.iter().map(|s| vertex_list(board, s)).collect();
        Ok(lines.join("\n"))
    }

    /// `list_stones colour`: the stones of that colour, as a vertex list.
    pub(in crate::gtp) fn list_stones(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 1..=1)?;
        let color = color_arg(args[0])?;
        let board = self.game.board();
        let stones: Vec<Point> = board
            .points()
            .filter(|&p| board.stone(p) == Some(color))
            .collect();
        Ok(vertex_list(board, &stones))
    }

    /// `showboard`: the board as text, the side to move, komi, prisoners and, after two passes,
    /// the result in points and stones.
    pub(in crate::gtp) fn showboard(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 0..=0)?;
        let result = self.game.is_over().then(|| self.result());
        Ok(format!("\n{}", self.game.show(result)))
    }
}
