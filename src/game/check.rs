//! The game checks itself, as the board does: the history is replayed from the starting
//! position and everything kept along the way (the position, the side to move, the
//! prisoners, the superko record, the passes) must come out the same. Debug builds do this
//! after `play` and `undo`: at every step early in a game, then at powers of two
//! (`Game::self_check`).

use super::{Game, Step};

impl Game {
    /// Replays the steps from the start and panics on any disagreement.
    pub fn check_invariants(&self) {
        let mut fresh = Game::new(self.size(), self.rules.komi, self.rules.superko);
        fresh.rules = self.rules;
        fresh.board = self.start.clone();
        fresh.to_move = self.start_to_move;
        fresh.restart_history();
        for step in &self.steps {
            let replayed = match step {
                // Without the superko check: a record may hold repetitions that other rules allow.
                Step::Move(color, mv) => fresh.replay(*color, *mv).is_ok(),
                Step::Setup {
                    black,
                    white,
                    empty,
                } => fresh.set_up(black.clone(), white.clone(), empty.clone()),
            };
            assert!(replayed, "step {step:?} of the history does not replay");
        }
        assert_eq!(fresh.board, self.board, "the position");
        assert_eq!(fresh.board.hash(), self.board.hash(), "the hash");
        for color in [crate::board::Color::Black, crate::board::Color::White] {
            assert_eq!(
                fresh.board.prisoners(color),
                self.board.prisoners(color),
                "{color:?}'s prisoners"
            );
        }
        assert_eq!(fresh.to_move, self.to_move, "the side to move");
        assert_eq!(fresh.passes, self.passes, "the passes at the end");
        assert_eq!(fresh.positions, self.positions, "the positions of the game");
        assert_eq!(fresh.arrangements, self.arrangements, "the superko record");
        assert_eq!(self.undo.len(), self.steps.len(), "one undo a step");
    }
}
