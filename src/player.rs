//! The player: turns searches into decisions. It chooses the move (the most visited), passes
//! only when passing does not lose the count with the dead stones removed, resigns only after
//! several hopeless moves, and judges dead stones with the same statistics it passed on.

use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::board::Point;
use crate::board::{Color, Move};
use crate::clock::{self, Clock};
use crate::game::Game;
use crate::knowledge::status::{self, Judgement, Status};
use crate::search::{self, Budget, Halt, KeptTree, Limits, Report, Restriction, Watch};
use crate::tuning::{Constants, Tuning};

/// Settings from the command line.
#[derive(Clone, Debug)]
pub struct Settings {
    pub budget: Budget,
    pub seed: u64,
    /// Resign when the win rate stays below this for `RESIGN_STREAK` moves.
    pub resign_threshold: f64,
    pub never_resign: bool,
    /// Extra komi against Black in handicap games (`search::dynamic_komi`).
    pub dynamic_komi: bool,
    /// Part of the lead paid as komi by a side far ahead (`search::lead_komi`).
    pub lead_komi: bool,
    /// Seconds of network and process overhead kept back from every deadline.
    pub lag: f64,
    /// No move's search takes longer, whatever the clock or `time` says: every command but
    /// an analysis that runs until the next command answers in bounded time.
    pub max_move_time: f64,
    /// The search's constants (`--tune`).
    pub tuning: Tuning,
    /// Strength, 1 to 10 (`level`): 10 is full strength at the budget given.
    pub level: u8,
}

/// The search tree's default memory: a quarter of the machine's memory, 64 MB to 1 GB (a
/// 19×19 search of minutes fits in 1 GB; a small board or a small machine needs far less).
pub fn default_tree_mb() -> usize {
    let total_mb = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| mem_total_kb(&text))
        .map_or(2048, |kb| kb >> 10);
    (total_mb / 4).clamp(64, 1024)
}

/// `MemTotal` of a `/proc/meminfo` text, in kB.
fn mem_total_kb(meminfo: &str) -> Option<usize> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            budget: Budget {
                threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
                playouts: None,
                time: Some(DEFAULT_SECONDS),
                max_tree_mb: default_tree_mb(),
            },
            seed: 0,
            resign_threshold: 0.1,
            never_resign: false,
            dynamic_komi: false,
            lead_komi: true,
            lag: 1.0,
            max_move_time: DEFAULT_MAX_MOVE_SECONDS,
            tuning: Tuning::default(),
            level: level::FULL,
        }
    }
}

/// Seconds per move when no limit is given (and no clock is known).
pub const DEFAULT_SECONDS: f64 = 5.0;
/// The longest a move's search runs by default (`--max-move-time`): a clock of a week a side
/// or a `time` of a day would otherwise keep a controller waiting for hours.
pub const DEFAULT_MAX_MOVE_SECONDS: f64 = 20.0;
/// Hopeless moves in a row before resigning.
const RESIGN_STREAK: u32 = 3;
/// Playouts of each search behind `final_status_list` when the position was not just searched
/// (fewer if `--playouts` asks for fewer per move).
const JUDGEMENT_PLAYOUTS: u64 = 3000;
/// The learned prior of the judgement's searches (`Constants::learned`).
const JUDGEMENT_LEARNED_PRIOR: f64 = 8.0;

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
    /// The komi each colour pays in its next move search for being far ahead
    /// (`search::lead_komi`), in points.
    lead_komi: [f64; 2],
    /// The judgement made for a board size and stone arrangement, kept so that
    /// `final_status_list` agrees with the pass that was made on it.
    judged: Option<(usize, u64, Judgement)>,
    /// The last `genmove` search, for reuse after the moves that followed it.
    kept: Option<KeptTree>,
    pub clock: Clock,
    /// While a move is being chosen under a clock: the seconds allowed for the move, which
    /// also bound the judgement behind a pass.
    move_time: Option<f64>,
    /// Games started so far: part of `genmove`'s seed, so that the games of one process differ
    /// (a match against a deterministic opponent would otherwise repeat itself).
    games: u64,
    /// Asked between playouts of the move searches: has the user interrupted?
    interrupt: Option<Halt>,
    /// Moves the searches leave out while an analysis asks so (`restricted`).
    restrictions: Vec<Restriction>,
}

impl Player {
    pub fn new(settings: Settings) -> Player {
        let pool = search::thread_pool(settings.budget.threads);
        Player {
            clock: Clock::new(settings.lag),
            settings,
            pool,
            hopeless: [0; 2],
            lead_komi: [0.0; 2],
            judged: None,
            kept: None,
            move_time: None,
            games: 0,
            interrupt: None,
            restrictions: Vec::new(),
        }
    }

    /// Every search for a move or an analysis stops early, with the best move so far, once
    /// `interrupt` answers true.
    pub fn set_interrupt(&mut self, interrupt: Halt) {
        self.interrupt = Some(interrupt);
    }

    /// A new game starts (`clear_board`, `boardsize`, `loadsgf`): nothing found in the last
    /// one carries over (its tree, its dead stones, its hopeless moves).
    pub fn new_game(&mut self) {
        self.games += 1;
        self.kept = None;
        self.judged = None;
        self.hopeless = [0; 2];
        self.lead_komi = [0.0; 2];
    }

    /// Search limits for the game's position; the seed depends on the position, so the same
    /// position gives the same search (on one thread). The time is capped at `max_move_time`,
    /// and without any limit it is that cap.
    fn limits(&self, game: &Game, playouts: Option<u64>, time: Option<f64>) -> Limits {
        let cap = self.settings.max_move_time;
        Limits {
            budget: Budget {
                playouts,
                time: Some(time.map_or(cap, |t| t.min(cap))),
                ..self.settings.budget
            },
            max_time: None,
            early_stop: true,
            seed: self.settings.seed
                ^ game.board().hash()
                ^ (game.move_count() as u64).rotate_left(32),
            komi_offset: 0.0,
            constants: self.settings.tuning.for_size(game.size()),
            restrictions: self.restrictions.clone(),
            halt: self.interrupt.clone(),
        }
    }

    /// Searches for `color`, continuing the subtree of the last search when the game went on
    /// from there, and keeps the tree for the next move. A level below 10 searches its share
    /// of the budget, of the clock's too.
    fn search(&mut self, game: &Game, color: Color, watch: Option<Watch>) -> Report {
        let board = game.board();
        let moves_left = clock::moves_left(board.size(), board.empty_count());
        // The clock decides when there is one; otherwise the command line (default 5 s).
        let budget = self.clock.budgets(color.index(), moves_left);
        self.move_time = budget.map(|b| b.normal);
        let share = level::budget_share(self.settings.level);
        let time = self
            .move_time
            .or(self.settings.budget.time)
            .map(|t| t * share);
        let playouts =
            (self.settings.budget.playouts).map(|p| ((p as f64 * share).round() as u64).max(1));
        let mut limits = self.limits(game, playouts, time);
        limits.max_time = budget.map(|b| share * b.most.min(self.settings.max_move_time));
        limits.early_stop = !budget.is_some_and(|b| b.use_it_or_lose_it);
        let lead_komi = self.lead_komi[color.index()];
        limits.komi_offset = self.extra_komi(game, color)
            + match color {
                Color::Black => lead_komi,
                Color::White => -lead_komi,
            };
        limits.seed ^= self.games.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        // The clock runs while the kept tree is copied, too.
        let start = std::time::Instant::now();
        let report = self.search_kept(game, color, &limits, watch);
        self.clock
            .spent(color.index(), start.elapsed().as_secs_f64());
        self.set_lead_komi(color, &report, &limits.constants);
        if log::log_enabled!(log::Level::Info) {
            let best: Vec<String> = report
                .candidates
                .iter()
                .take(3)
                .map(|c| {
                    let name = board.move_name(c.mv);
                    format!("{name} {} visits {:.1}%", c.visits, 100.0 * c.winrate)
                })
                .collect();
            log::info!(
                "{} playouts in {:.2} s ({:.0}/s), {} nodes; best {}",
                report.playouts,
                report.seconds,
                report.playouts as f64 / report.seconds.max(1e-9),
                report.nodes,
                best.join(", ")
            );
        }
        report
    }

    /// Searches in the kept tree where it fits the game (a fresh one otherwise) and keeps the
    /// tree for the next search.
    /// A restricted search starts afresh and is not kept: its tree lacks the moves it left
    /// out, and a kept tree may hold them.
    fn search_kept(
        &mut self,
        game: &Game,
        color: Color,
        limits: &Limits,
        watch: Option<Watch>,
    ) -> Report {
        let kept = self.kept.take().filter(|_| limits.restrictions.is_empty());
        let (report, kept) = search::search_reusing(game, color, limits, &self.pool, kept, watch);
        self.kept = Some(kept).filter(|_| limits.restrictions.is_empty());
        report
    }

    /// Runs `work` with searches that leave out the moves of `restrictions` (an analysis's
    /// `avoid` and `allow`); the searches after it are free again.
    pub fn restricted<T>(
        &mut self,
        restrictions: Vec<Restriction>,
        work: impl FnOnce(&mut Player) -> T,
    ) -> T {
        self.restrictions = restrictions;
        let result = work(self);
        self.restrictions.clear();
        result
    }

    /// Searches with no limit but `halt` (and the interrupt), for an analysis that lasts
    /// until the next command or for pondering on the opponent's time. The tree is kept, so
    /// the next move search goes on from it.
    pub fn search_until(
        &mut self,
        game: &Game,
        color: Color,
        halt: Halt,
        watch: Option<Watch>,
    ) -> Report {
        let mut limits = self.limits(game, None, None);
        // An analysis runs until the next command (or the interrupt), however long.
        limits.budget.time = None;
        let interrupt = self.interrupt.clone();
        limits.halt = Some(std::sync::Arc::new(move || {
            halt() || interrupt.as_ref().is_some_and(|i| i())
        }));
        let report = self.search_kept(game, color, &limits, watch);
        log::info!(
            "searched {} playouts in {:.2} s until stopped",
            report.playouts,
            report.seconds
        );
        report
    }

    /// `genmove`: search, then play, pass or resign.
    pub fn genmove(&mut self, game: &Game, color: Color) -> Decision {
        self.genmove_watched(game, color, None).0
    }

    /// `genmove`, showing the search's progress to `watch`; also gives the search's report.
    pub fn genmove_watched(
        &mut self,
        game: &Game,
        color: Color,
        watch: Option<Watch>,
    ) -> (Decision, Report) {
        let paid_lead_komi = self.lead_komi[color.index()] > 0.0;
        let report = self.search(game, color, watch);
        let winrate = report.best().map_or(0.5, |b| b.2);
        let decision = if self.hopeless(game, color, winrate, paid_lead_komi) {
            Decision::Resign
        } else {
            Decision::Play(self.choose(game, color, &report))
        };
        self.move_time = None;
        (decision, report)
    }

    /// `kgs-genmove_cleanup`: while enemy stones it judges dead are on the board, it attacks
    /// them before anything else (the string with the fewest liberties, at a liberty that is
    /// no eye of its own and, if it can, no self-atari); then it plays as `genmove` does. On
    /// KGS the opponent has called them alive, and the game ends only when they are gone.
    pub fn cleanup_move(&mut self, game: &Game, color: Color) -> Move {
        if let Some(attack) = self.attack_dead_stones(game, color) {
            return attack;
        }
        let report = self.search(game, color, None);
        let chosen = self.choose(game, color, &report);
        self.move_time = None;
        chosen
    }

    fn attack_dead_stones(&mut self, game: &Game, color: Color) -> Option<Move> {
        let board = game.board();
        // One stone of each dead enemy string, the first on the board.
        let mut strings = std::collections::HashSet::new();
        let mut dead: Vec<Point> = self
            .judgement(game)
            .stones_with(board, Status::Dead)
            .into_iter()
            .filter(|&p| board.stone(p) == Some(color.opponent()))
            .filter(|&p| strings.insert(board.string_head(p)))
            .collect();
        dead.sort_by_key(|&p| board.string_liberties(p));
        let playable = |q: Point| {
            board.is_empty_point(q)
                && !board.is_eye(color, q)
                && game.check_own_move(color, Move::Play(q)).is_ok()
        };
        let liberties = |p: Point| {
            board
                .string_stones(p)
                .flat_map(|s| board.neighbours(s))
                .filter(|&q| playable(q))
                .collect::<Vec<_>>()
        };
        let candidates: Vec<Point> = dead.iter().flat_map(|&p| liberties(p)).collect();
        candidates
            .iter()
            .find(|&&q| !board.is_self_atari(color, q))
            .or(candidates.first())
            .map(|&q| Move::Play(q))
    }

    /// A search of the game's position for the side to move, for analysis: nothing is played
    /// or kept.
    pub fn analyze(&self, game: &Game) -> Report {
        let budget = self.settings.budget;
        let limits = self.limits(game, budget.playouts, budget.time);
        search::search(game, game.to_move(), &limits, &self.pool)
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Changes settings; a new thread count gets a new pool of threads.
    pub fn set_settings(&mut self, settings: Settings) {
        if settings.budget.threads != self.settings.budget.threads {
            self.pool = search::thread_pool(settings.budget.threads);
        }
        self.settings = settings;
    }

    /// `reg_genmove`: the move `genmove` would play, from a fresh search (the same answer for
    /// the same position), without counting towards resignation.
    pub fn reg_genmove(&mut self, game: &Game, color: Color) -> Move {
        let budget = self.settings.budget;
        let limits = self.limits(game, budget.playouts, budget.time);
        let report = search::search(game, color, &limits, &self.pool);
        self.choose(game, color, &report)
    }

    /// The lead komi of `color`'s next search, from what its search just found.
    fn set_lead_komi(&mut self, color: Color, report: &Report, constants: &Constants) {
        let paid = &mut self.lead_komi[color.index()];
        let next = match (self.settings.lead_komi, report.best(), report.score) {
            (true, Some((_, _, winrate)), Some(score)) => {
                search::lead_komi::next(*paid, winrate, score.median, constants)
            }
            _ => 0.0,
        };
        if next != *paid {
            log::info!("lead komi of the next search: {next}");
        }
        *paid = next;
    }

    /// The dynamic komi of `color`'s move search, if it is on.
    fn extra_komi(&self, game: &Game, color: Color) -> f64 {
        if self.settings.dynamic_komi {
            search::dynamic_komi::extra_komi(game, color)
        } else {
            0.0
        }
    }

    /// Counts hopeless moves; true when it is time to resign: never early in the game, never
    /// in the first half of a handicap game (White starts far behind and makes the stones
    /// good over the game, as a weaker player's mistakes come), never while the search counts
    /// with dynamic komi or paid lead komi (its win rates are not the game's; one that paid
    /// lead komi started far ahead), and never with `--never-resign`.
    fn hopeless(&mut self, game: &Game, color: Color, winrate: f64, paid_lead_komi: bool) -> bool {
        let area = game.size() * game.size();
        let too_early = game.move_count() < area / 4
            || (game.handicap() >= 2 && game.move_count() < area / 2)
            || self.extra_komi(game, color) > 0.0
            || paid_lead_komi;
        let streak = &mut self.hopeless[color.index()];
        if winrate < self.settings.resign_threshold && !too_early {
            *streak += 1;
        } else {
            *streak = 0;
        }
        !self.settings.never_resign && *streak >= RESIGN_STREAK
    }

    /// The level's move (the most visited at full strength), or pass when passing does not
    /// lose the count with the dead stones removed and every string's fate is clear:
    /// considered after the opponent passed, or when the search itself prefers to pass.
    fn choose(&mut self, game: &Game, color: Color, report: &Report) -> Move {
        let seed = self.settings.seed ^ game.board().hash() ^ self.games.rotate_left(17);
        let mut rng = SmallRng::seed_from_u64(seed ^ game.move_count() as u64);
        let Some(best_play) = level::choose(
            self.settings.level,
            game.board().size().pow(2),
            report,
            &mut rng,
        ) else {
            return Move::Pass;
        };
        let opponent_passed = game.moves().last() == Some((color.opponent(), Move::Pass));
        let search_passes = report.best().is_some_and(|b| b.0 == Move::Pass);
        if opponent_passed || search_passes {
            let judgement = self.judgement(game);
            let result = status::final_result(game, judgement);
            // While the fate of some string is still open, playing on settles it; passing
            // would leave it to a dispute.
            if result.winner() == Some(color) && judgement.is_settled() {
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
        let (size, hash) = (game.size(), game.board().hash());
        if self
            .judged
            .as_ref()
            .is_none_or(|(s, h, _)| (*s, *h) != (size, hash))
        {
            let playouts = self
                .settings
                .budget
                .playouts
                .map_or(JUDGEMENT_PLAYOUTS, |p| p.min(JUDGEMENT_PLAYOUTS));
            // Under a clock the three searches share a third of the move's time.
            let time = self.move_time.map(|t| t / 9.0);
            let mut limits = self.limits(game, Some(playouts / 4 + 1), time);
            // An interrupted judgement would be kept with too few games behind it; it is
            // short anyway.
            limits.halt = None;
            // The judgement's thresholds were set with a lighter learned prior and MoGo's
            // shapes in the playouts. Its short searches with the move choice's settings
            // lean into self-ataris: they called a seki dead and a lone stone in the enemy's
            // area unsettled (`gtp::tests::scoring`).
            limits.constants.learned = JUDGEMENT_LEARNED_PRIOR;
            limits.constants.shapes = 0.0;
            let expected = search::search(game, game.to_move(), &limits, &self.pool).mean_margin;
            limits.budget.playouts = Some(playouts);
            limits.komi_offset = expected;
            let first = search::search(game, game.to_move(), &limits, &self.pool);
            let second = search::search(game, game.to_move().opponent(), &limits, &self.pool);
            let ownership: Vec<[f32; 2]> = first
                .ownership
                .iter()
                .zip(&second.ownership)
                .map(|(a, b)| [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0])
                .collect();
            self.judged = Some((size, hash, status::judge(game.board(), &ownership)));
        }
        &self.judged.as_ref().expect("a judgement").2
    }
}

pub mod level;
pub mod setting;

#[cfg(test)]
mod tests;
