//! Setting up a game: board size, clearing, komi and handicap stones.

use super::*;
use crate::game::handicap::{fixed_handicap_points, max_fixed_handicap};

impl Engine {
    /// `boardsize N` or `boardsize N N` (gtp2ogs); a new size clears the board.
    pub(in crate::gtp) fn boardsize(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 1..=2)?;
        let sizes = args
            .iter()
            .map(|a| int_arg(a))
            .collect::<Result<Vec<_>, _>>()?;
        let size = sizes[0];
        let square = sizes.iter().all(|&s| s == size);
        if !square || !(crate::board::MIN_SIZE..=crate::board::MAX_SIZE).contains(&size) {
            return Err(GtpError::UnacceptableSize);
        }
        self.game = Game::new(size, self.game.komi(), self.game.superko());
        self.player.new_game();
        self.info = GameInfo::default();
        Ok(String::new())
    }

    /// `clear_board`: an empty board of the same size; a new game. Never fails.
    pub(in crate::gtp) fn clear_board(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 0..=0)?;
        self.game.clear();
        self.player.new_game();
        self.info = GameInfo::default();
        Ok(String::new())
    }

    /// `komi K`: sets komi, a real number no larger (either way) than the points of the
    /// largest board (a GUI may send its usual komi before a tiny board size); `syntax error`
    /// otherwise.
    pub(in crate::gtp) fn komi(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 1..=1)?;
        let komi = parse::float(args[0]).ok_or(GtpError::Syntax)?;
        let points = crate::board::MAX_POINTS as f64;
        if komi.abs() > points {
            return Err(GtpError::OutOfRange(format!(
                "komi {komi} is more than the {points} points of the largest board"
            )));
        }
        self.game.set_komi(komi);
        Ok(String::new())
    }

    /// The stone count of a handicap command; `board not empty` once the game has begun.
    pub(in crate::gtp) fn handicap_count(&self, args: &[&str]) -> Result<usize, GtpError> {
        expect_args(args, 1..=1)?;
        let n = int_arg(args[0])?;
        if !self.game.board().is_board_empty() || !self.game.steps().is_empty() {
            return Err(GtpError::BoardNotEmpty);
        }
        Ok(n)
    }

    /// `fixed_handicap N`: the spec's placement, answered as a vertex list; `invalid number of
    /// stones` for counts the board has no placement for, `board not empty` after play began.
    pub(in crate::gtp) fn fixed_handicap(&mut self, args: &[&str]) -> Reply {
        let n = self.handicap_count(args)?;
        let board = self.game.board();
        let points = fixed_handicap_points(board, n).ok_or(GtpError::InvalidNumberOfStones)?;
        self.place_handicap(&points)
    }

    /// Fixed placement as far as it goes, then the remaining points row by row from the
    /// centre outwards.
    pub(in crate::gtp) fn place_free_handicap(&mut self, args: &[&str]) -> Reply {
        let n = self.handicap_count(args)?;
        let board = self.game.board();
        let size = board.size();
        if n < 2 || n >= size * size {
            return Err(GtpError::InvalidNumberOfStones);
        }
        let mut points =
            fixed_handicap_points(board, n.min(max_fixed_handicap(size))).unwrap_or_default();
        let centre = (size - 1) as isize;
        let mut rest: Vec<Point> = board.points().filter(|p| !points.contains(p)).collect();
        rest.sort_by_key(|&p| {
            let (c, r) = board.coords(p);
            (2 * c as isize - centre)
                .abs()
                .max((2 * r as isize - centre).abs())
        });
        points.extend(rest.into_iter().take(n - points.len()));
        self.place_handicap(&points)
    }

    /// `set_free_handicap vertices`: the controller's handicap stones; `bad vertex list` for
    /// repeated, occupied or off-board points or fewer than two.
    pub(in crate::gtp) fn set_free_handicap(&mut self, args: &[&str]) -> Reply {
        if args.is_empty() {
            return Err(GtpError::Syntax);
        }
        if !self.game.board().is_board_empty() || !self.game.steps().is_empty() {
            return Err(GtpError::BoardNotEmpty);
        }
        let board = self.game.board();
        let mut points = Vec::new();
        for arg in args {
            match move_arg(arg)?.on(board) {
                Some(Move::Play(p)) if !points.contains(&p) => points.push(p),
                _ => return Err(GtpError::BadVertexList),
            }
        }
        if points.len() < 2 || points.len() >= board.size() * board.size() {
            return Err(GtpError::BadVertexList);
        }
        self.place_handicap(&points).map(|_| String::new())
    }

    /// Places the handicap stones and answers them; `bad vertex list` if the board refuses them.
    pub(in crate::gtp) fn place_handicap(&mut self, points: &[Point]) -> Reply {
        if !self.game.place_handicap(points) {
            return Err(GtpError::BadVertexList);
        }
        Ok(vertex_list(self.game.board(), points))
    }
}
