//! Dead-stone judgement from playouts, used by `final_status_list` and `final_score` until the
//! tree search gives a better one.
//!
//! From the current position many random playouts are run (eye-avoiding, and never putting a
//! string of two or more stones into atari, so sekis survive). A string whose points the
//! opponent owns at the end of most playouts is dead. Among the living strings, those that share
//! a liberty with a living enemy string where neither side can play without self-atari are in
//! seki.

use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::{RandomPolicy, final_owner, playout};
use crate::board::{Board, Color, MAX_CELLS, Point};
use crate::game::Game;
use crate::game::score::{self, GameResult};

/// Playouts behind one judgement: enough that the verdict on clear cases does not vary.
pub const STATUS_PLAYOUTS: usize = 1000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Alive,
    Dead,
    Seki,
}

impl Status {
    pub fn from_name(name: &str) -> Option<Status> {
        match name.to_ascii_lowercase().as_str() {
            "alive" => Some(Status::Alive),
            "dead" => Some(Status::Dead),
            "seki" => Some(Status::Seki),
            _ => None,
        }
    }
}

/// The status of every stone on the board.
pub struct Judgement {
    status: Vec<Option<Status>>,
}

impl Judgement {
    pub fn status(&self, p: Point) -> Option<Status> {
        self.status[p]
    }

    pub fn stones_with(&self, board: &Board, status: Status) -> Vec<Point> {
        board
            .points()
            .filter(|&p| self.status[p] == Some(status))
            .collect()
    }
}

/// For every point, the fraction of `playouts` that Black owns it at the end, and White.
pub fn ownership(
    board: &Board,
    to_move: Color,
    playouts: usize,
    seed: u64,
) -> [[f32; MAX_CELLS]; 2] {
    let mut owned = [[0u32; MAX_CELLS]; 2];
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut policy = RandomPolicy {
        avoid_self_atari: true,
    };
    for _ in 0..playouts {
        let mut b = board.clone();
        playout(&mut b, to_move, &mut policy, &mut rng);
        for p in b.points() {
            if let Some(c) = final_owner(&b, p) {
                owned[c.index()][p] += 1;
            }
        }
    }
    let mut fractions = [[0.0; MAX_CELLS]; 2];
    for c in 0..2 {
        for p in board.points() {
            fractions[c][p] = owned[c][p] as f32 / playouts.max(1) as f32;
        }
    }
    fractions
}

/// Judges every string of the game's current position. The same position and seed always give
/// the same judgement.
pub fn judge(game: &Game, seed: u64) -> Judgement {
    let board = game.board();
    let seed = seed ^ board.hash() ^ game.to_move().index() as u64;
    let owned = ownership(board, game.to_move(), STATUS_PLAYOUTS, seed);
    let mut status = vec![None; MAX_CELLS];
    for p in board.points() {
        let Some(color) = board.stone(p) else {
            continue;
        };
        let h = board.string_head(p);
        if status[h].is_some() {
            status[p] = status[h];
            continue;
        }
        let stones = board.string_size(p) as f32;
        let enemy_share: f32 = board
            .string_stones(p)
            .map(|s| owned[color.opponent().index()][s])
            .sum::<f32>()
            / stones;
        let verdict = if enemy_share > 0.5 {
            Status::Dead
        } else {
            Status::Alive
        };
        status[h] = Some(verdict);
        status[p] = Some(verdict);
    }
    mark_seki(board, &mut status);
    Judgement { status }
}

/// Turns living strings that are in seki into `Status::Seki`.
fn mark_seki(board: &Board, status: &mut [Option<Status>]) {
    let mut seki_heads = Vec::new();
    for p in board.points() {
        if status[p] == Some(Status::Alive)
            && board.string_head(p) == p
            && in_seki(board, status, p)
        {
            seki_heads.push(p);
        }
    }
    for p in board.points() {
        if board.stone(p).is_some() && seki_heads.contains(&board.string_head(p)) {
            status[p] = Some(Status::Seki);
        }
    }
}

/// Whether the living string at `p` has a liberty it shares with a living enemy string where
/// neither side can play without putting itself in atari.
fn in_seki(board: &Board, status: &[Option<Status>], p: Point) -> bool {
    let color = board.stone(p).expect("a stone");
    let liberties = board
        .string_stones(p)
        .flat_map(|s| board.neighbours(s))
        .filter(|&q| board.is_empty_point(q));
    for q in liberties {
        let shared = board
            .neighbours(q)
            .iter()
            .any(|&n| board.stone(n) == Some(color.opponent()) && status[n] == Some(Status::Alive));
        let nobody_can_fill = [color, color.opponent()]
            .iter()
            .all(|&c| !board.is_legal(c, q) || board.is_self_atari(c, q));
        if shared && nobody_can_fill {
            return true;
        }
    }
    false
}

/// The area count of the game's position with the dead stones removed.
pub fn final_result(game: &Game, judgement: &Judgement) -> GameResult {
    let dead = judgement.stones_with(game.board(), Status::Dead);
    let count = score::area(game.board(), &dead);
    GameResult::from_count(count, game.komi(), game.handicap())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Superko;

    fn game_from(rows: &[&str], komi: f64) -> Game {
        let board = Board::from_diagram(rows).expect("diagram");
        let mut game = Game::new(board.size(), komi, Superko::Situational);
        game.set_start_position(board, Color::Black, 0);
        game
    }

    fn names(game: &Game, judgement: &Judgement, status: Status) -> Vec<String> {
        let board = game.board();
        judgement
            .stones_with(board, status)
            .iter()
            .map(|&p| board.point_name(p))
            .collect()
    }

    #[test]
    fn lone_stones_inside_the_opponents_area_are_dead() {
        let game = game_from(
            &[
                "....XO...", //
                "....XO...",
                "..O.XO...",
                "....XO...",
                "....XO...",
                "....XO.X.",
                "....XO...",
                "....XO...",
                "....XO...",
            ],
            7.5,
        );
        let judgement = judge(&game, 0);
        assert_eq!(names(&game, &judgement, Status::Dead), vec!["H4", "C7"]);
        assert!(names(&game, &judgement, Status::Seki).is_empty());
        assert_eq!(names(&game, &judgement, Status::Alive).len(), 18);
        // 45 points for Black, 36 for White: B+9 less komi.
        assert_eq!(final_result(&game, &judgement).to_string(), "B+1.5");
    }

    #[test]
    fn a_two_eyed_group_lives_inside_enemy_walls() {
        let game = game_from(
            &[
                ".O.OX..", //
                "OOOOX..", "XXXXX..", ".......", ".......", ".......", ".......",
            ],
            0.0,
        );
        for seed in 0..3 {
            let judgement = judge(&game, seed);
            assert!(
                names(&game, &judgement, Status::Dead).is_empty(),
                "seed {seed}"
            );
            assert_eq!(
                judgement.status(game.board().point(1, 6)),
                Some(Status::Alive)
            );
        }
    }

    #[test]
    fn seki_stones_live_and_their_shared_points_are_dame() {
        let game = game_from(&crate::game::tests::CORNER_SEKI, 7.5);
        let judgement = judge(&game, 0);
        assert_eq!(
            names(&game, &judgement, Status::Seki),
            vec!["A1", "C1", "B2", "C2", "A3", "B3", "C3"]
        );
        assert!(names(&game, &judgement, Status::Dead).is_empty());
        assert_eq!(names(&game, &judgement, Status::Alive).len(), 7);
        assert_eq!(final_result(&game, &judgement).to_string(), "B+5.5");
    }

    #[test]
    fn the_same_seed_gives_the_same_judgement() {
        let mut game = Game::new(9, 7.5, crate::game::Superko::Situational);
        for (i, p) in [20, 31, 42, 53, 64, 24, 35, 46].into_iter().enumerate() {
            let color = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            game.play(color, crate::board::Move::Play(p)).unwrap();
        }
        let a = ownership(game.board(), game.to_move(), 200, 9);
        let b = ownership(game.board(), game.to_move(), 200, 9);
        assert_eq!(a[0].to_vec(), b[0].to_vec());
        assert_eq!(a[1].to_vec(), b[1].to_vec());
    }
}
