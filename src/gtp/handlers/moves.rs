//! Moves: `play`, `genmove` and its variants, legality and `undo`.

use super::*;
use crate::game::MoveError;
use crate::player::Decision;

impl Engine {
    /// The move a `play`-style command names; off-board vertices are illegal moves.
    pub(in crate::gtp) fn color_and_move(&self, args: &[&str]) -> Result<(Color, Move), GtpError> {
        expect_args(args, 2..=2)?;
        let color = color_arg(args[0])?;
        let mv = move_arg(args[1])?
            .on(self.game.board())
            .ok_or(GtpError::IllegalMove)?;
        Ok((color, mv))
    }

    /// `play colour vertex|pass`: plays the move; fails with `illegal move` (occupied, suicide,
    /// ko, superko, off the board) and `syntax error`, changing nothing.
    pub(in crate::gtp) fn play(&mut self, args: &[&str]) -> Reply {
        let (color, mv) = self.color_and_move(args)?;
        self.game.play(color, mv).map_err(|e| {
            log::debug!("play {} {}: {e:?}", color.name(), args[1]);
            match e {
                MoveError::TooLong => GtpError::GameTooLong,
                _ => GtpError::IllegalMove,
            }
        })?;
        self.after_move();
        Ok(String::new())
    }

    /// After a move: a loaded record's result no longer holds, and two passes end the game.
    pub(in crate::gtp) fn after_move(&mut self) {
        self.info.result = None;
        if self.game.is_over() {
            self.game_over();
        }
    }

    /// `is_legal colour vertex`: `1` if `play` would accept the move, else `0`; fails only on
    /// a malformed colour or vertex.
    pub(in crate::gtp) fn is_legal(&mut self, args: &[&str]) -> Reply {
        let legal = match self.color_and_move(args) {
            Ok((color, mv)) => self.game.check_move(color, mv).is_ok(),
            Err(GtpError::IllegalMove) => false,
            Err(e) => return Err(e),
        };
        Ok(if legal { "1" } else { "0" }.into())
    }

    /// `undo`: takes back the last step; `cannot undo` at the start of the game.
    pub(in crate::gtp) fn undo(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 0..=0)?;
        if self.game.undo() {
            Ok(String::new())
        } else {
            Err(GtpError::CannotUndo)
        }
    }

    /// `genmove colour`: the engine's move, played; `pass` or `resign` (lower case).
    pub(in crate::gtp) fn genmove(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 1..=1)?;
        let color = color_arg(args[0])?;
        self.ponder_next = true;
        let decision = if self.config.live_gfx {
            self.genmove_with_live_gfx(color)
        } else {
            self.player.genmove(&self.game, color)
        };
        let mv = match decision {
            Decision::Resign => return Ok("resign".into()),
            Decision::Play(mv) => mv,
        };
        self.play_own_move(color, mv)
    }

    /// Plays a move the engine chose and answers it. The search offers only moves that repeat
    /// no arrangement of stones; this checks all the same and passes rather than break a rule.
    pub(in crate::gtp) fn play_own_move(&mut self, color: Color, mv: Move) -> Reply {
        let mv = match self.game.check_own_move(color, mv) {
            Ok(()) => mv,
            Err(MoveError::TooLong) => return Err(GtpError::GameTooLong),
            Err(_) => {
                log::error!("the engine chose an illegal move {mv:?}; passing instead");
                Move::Pass
            }
        };
        self.game.play(color, mv).map_err(|e| match e {
            MoveError::TooLong => GtpError::GameTooLong,
            e => GtpError::Other(format!("internal error: {e:?}")),
        })?;
        self.after_move();
        Ok(self.game.board().move_name(mv))
    }

    /// `kgs-genmove_cleanup colour`: a move that captures the stones tengen judges dead before
    /// it passes (KGS uses it after a disagreement over dead stones).
    pub(in crate::gtp) fn kgs_genmove_cleanup(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 1..=1)?;
        let color = color_arg(args[0])?;
        let mv = self.player.cleanup_move(&self.game, color);
        self.ponder_next = true;
        self.play_own_move(color, mv)
    }

    /// `reg_genmove colour`: the move `genmove` would choose, not played.
    pub(in crate::gtp) fn reg_genmove(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 1..=1)?;
        let color = color_arg(args[0])?;
        let mv = self.player.reg_genmove(&self.game, color);
        Ok(self.game.board().move_name(mv))
    }
}
