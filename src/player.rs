//! The player: turns searches into decisions. It chooses the move (the most visited), passes
//! only when passing does not lose the count with the dead stones removed, resigns only after
//! several hopeless moves, and judges dead stones with the same statistics it passed on.

use crate::board::{Color, Move};
use crate::game::Game;
use crate::playout::status::{self, Judgement};
use crate::search::{self, Limits, Report};

/// Settings from the command line.
#[derive(Clone, Debug)]
pub struct Settings {
    pub threads: usize,
    pub playouts: Option<u64>,
    pub time: Option<f64>,
    pub max_tree_mb: usize,
    pub seed: u64,
    /// Resign when the win rate stays below this for `RESIGN_STREAK` moves.
    pub resign_threshold: f64,
    pub never_resign: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            playouts: None,
            time: Some(DEFAULT_SECONDS),
            max_tree_mb: 512,
            seed: 0,
            resign_threshold: 0.1,
            never_resign: false,
        }
    }
}

/// Seconds per move when no limit is given (and no clock is known).
pub const DEFAULT_SECONDS: f64 = 5.0;
/// Hopeless moves in a row before resigning.
const RESIGN_STREAK: u32 = 3;
/// Playouts of each search behind `final_status_list` when the position was not just searched
/// (fewer if `--playouts` asks for fewer per move).
const JUDGEMENT_PLAYOUTS: u64 = 3000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Play(Move),
    Resign,
}

pub struct Player {
    settings: Settings,
    pool: rayon::ThreadPool,
    /// Consecutive hopeless moves of each colour.
    hopeless: [u32; 2],
    /// The judgement made for a stone arrangement, kept so that `final_status_list` agrees with
    /// the pass that was made on it.
    judged: Option<(u64, Judgement)>,
}

impl Player {
    pub fn new(settings: Settings) -> Player {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(settings.threads.max(1))
            .thread_name(|i| format!("search-{i}"))
            .build()
            .expect("a thread pool");
        Player {
            settings,
            pool,
            hopeless: [0; 2],
            judged: None,
        }
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Search limits for the game's position; the seed depends on the position, so the same
    /// position gives the same search (on one thread).
    fn limits(&self, game: &Game, playouts: Option<u64>, time: Option<f64>) -> Limits {
        Limits {
            threads: self.settings.threads,
            playouts,
            time,
            max_tree_bytes: self.settings.max_tree_mb << 20,
            seed: self.settings.seed
                ^ game.board().hash()
                ^ (game.move_count() as u64).rotate_left(32),
            komi_offset: 0.0,
        }
    }

    fn search(&self, game: &Game, color: Color) -> Report {
        let limits = self.limits(game, self.settings.playouts, self.settings.time);
        let report = search::search(game, color, &limits, &self.pool);
        log::info!(
            "{} playouts in {:.2} s ({:.0}/s), {} nodes; best {:?}",
            report.playouts,
            report.seconds,
            report.playouts as f64 / report.seconds.max(1e-9),
            report.nodes,
            &report.moves[..report.moves.len().min(3)]
        );
        report
    }

    /// `genmove`: search, then play, pass or resign.
    pub fn genmove(&mut self, game: &Game, color: Color) -> Decision {
        let report = self.search(game, color);
        let winrate = report.best().map_or(0.5, |b| b.2);
        if self.hopeless(game, color, winrate) {
            return Decision::Resign;
        }
        Decision::Play(self.choose(game, color, &report))
    }

    /// `reg_genmove`: the move `genmove` would play, without counting towards resignation.
    pub fn reg_genmove(&mut self, game: &Game, color: Color) -> Move {
        let report = self.search(game, color);
        self.choose(game, color, &report)
    }

    /// Counts hopeless moves; true when it is time to resign: never early in the game, never
    /// while Black still has handicap stones to make good, and never with `--never-resign`.
    fn hopeless(&mut self, game: &Game, color: Color, winrate: f64) -> bool {
        let area = game.size() * game.size();
        let too_early = game.move_count() < area / 4
            || (color == Color::Black && game.handicap() >= 2 && game.move_count() < area / 2);
        let streak = &mut self.hopeless[color.index()];
        if winrate < self.settings.resign_threshold && !too_early {
            *streak += 1;
        } else {
            *streak = 0;
        }
        !self.settings.never_resign && *streak >= RESIGN_STREAK
    }

    /// The most visited move, or pass when passing does not lose the count with the dead
    /// stones removed: considered after the opponent passed, or when the search itself
    /// prefers to pass.
    fn choose(&mut self, game: &Game, color: Color, report: &Report) -> Move {
        let Some((best_play, _, _)) = report.best_play() else {
            return Move::Pass;
        };
        let opponent_passed = game.moves().last() == Some((color.opponent(), Move::Pass));
        let search_passes = report.best().is_some_and(|b| b.0 == Move::Pass);
        if opponent_passed || search_passes {
            let result = status::final_result(game, self.judgement(game));
            if result.winner() == Some(color) {
                return Move::Pass;
            }
        }
        best_play
    }

    /// The dead stones of the game's position (kept for the same stones, so that
    /// `final_status_list` agrees with the pass made on them). The statistics come from two
    /// searches, one with each side to move first, with komi shifted by the expected margin:
    /// in a decided game the losing side would otherwise throw away its living groups in the
    /// tree, and they would look dead.
    pub fn judgement(&mut self, game: &Game) -> &Judgement {
        let hash = game.board().hash();
        if self.judged.as_ref().is_none_or(|(h, _)| *h != hash) {
            let playouts = self
                .settings
                .playouts
                .map_or(JUDGEMENT_PLAYOUTS, |p| p.min(JUDGEMENT_PLAYOUTS));
            let mut limits = self.limits(game, Some(playouts / 4 + 1), None);
            let expected = search::search(game, game.to_move(), &limits, &self.pool).mean_margin;
            limits.playouts = Some(playouts);
            limits.komi_offset = expected;
            let first = search::search(game, game.to_move(), &limits, &self.pool);
            let second = search::search(game, game.to_move().opponent(), &limits, &self.pool);
            let ownership: Vec<[f32; 2]> = first
                .ownership
                .iter()
                .zip(&second.ownership)
                .map(|(a, b)| [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0])
                .collect();
            self.judged = Some((hash, status::judge(game.board(), &ownership)));
        }
        &self.judged.as_ref().expect("a judgement").1
    }
}
