//! Monte Carlo tree search: UCT without an exploration term, RAVE (AMAF statistics that
//! include playout moves, blended by the minimum-MSE schedule), priors as virtual games, heavy
//! playouts, one shared tree searched by every thread with virtual loss.
//!
//! Moves that would bring back any earlier arrangement of stones (in the game or along the
//! path) never enter the tree. A search also counts who owns each point at the end of its
//! playouts (`playout::ownership`), for dead stones.

mod descent;
pub mod dynamic_komi;
mod expansion;
pub mod lead_komi;
mod priors;
mod report;
mod reuse;
mod score;
pub mod tree;

pub use report::{Candidate, Report};
pub use reuse::{KeptTree, search_reusing};
pub use score::Score;

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::board::{Board, Color, Move, Point, PointMap};
use crate::game::Game;
use crate::knowledge::value::{self, ValueNetwork};
use crate::playout::ownership::Ownership;
use crate::tuning::Constants;
use descent::{Scratch, blended_value, one_playout};
use expansion::expand;
use tree::{Node, Tree};

/// A question the search asks between playouts: should it stop now? (A command arrived, the
/// user interrupted.) Whatever the search found so far is then reported.
pub type Halt = Arc<dyn Fn() -> bool + Send + Sync>;

/// What a search may spend. The player's settings hold one (`--threads`, `--playouts`,
/// `--time`, `--max-tree-mb`); each search's limits hold the player's, with the playouts and
/// seconds of that search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    pub threads: usize,
    /// Playouts per move (all threads together); `None`: only time limits.
    pub playouts: Option<u64>,
    /// Seconds per move; `None`: only the playout limit.
    pub time: Option<f64>,
    /// Megabytes of the search tree.
    pub max_tree_mb: usize,
}

impl Budget {
    pub fn tree_bytes(&self) -> usize {
        self.max_tree_mb << 20
    }
}

/// Moves a search leaves out, as Leela Zero's and KataGo's `avoid` and `allow` analysis
/// arguments ask: `color`'s moves on `points` (with `allow`, on every point but those) in the
/// first `until_depth` moves of every line from the root. Pass is never left out.
#[derive(Clone, Debug, PartialEq)]
pub struct Restriction {
    pub color: Color,
    pub points: Vec<Point>,
    pub until_depth: usize,
    pub allow: bool,
}

impl Restriction {
    /// Whether `color`'s move at `p`, `depth` moves below the root, is left out.
    pub fn forbids(&self, color: Color, depth: usize, p: Point) -> bool {
        self.color == color && depth < self.until_depth && self.points.contains(&p) != self.allow
    }
}

/// How a search runs.
#[derive(Clone)]
pub struct Limits {
    pub budget: Budget,
    /// The most seconds the move may take while the best move is unclear at `time`.
    pub max_time: Option<f64>,
    /// Stop as soon as the most visited move can no longer be overtaken (when time saved now
    /// can be used later).
    pub early_stop: bool,
    pub seed: u64,
    /// Points added to komi inside the search (dynamic komi): with the expected margin here,
    /// both sides go on fighting for every point instead of playing at random in a decided
    /// game.
    pub komi_offset: f64,
    /// The search's constants on this board (`Tuning::for_size`).
    pub constants: Constants,
    /// Moves left out of the search (an analysis's `avoid` and `allow`).
    pub restrictions: Vec<Restriction>,
    /// Stops the search early when it answers true.
    pub halt: Option<Halt>,
}

/// Someone watching a search run: shown a report every `every` while it lasts (and not at
/// the end: the caller gets that one).
pub struct Watch<'a> {
    pub every: Duration,
    pub see: &'a mut dyn FnMut(&Report),
}

/// The stack of a search thread. Ladder reading in the priors keeps board copies on it
/// (`knowledge::ladder`); the default 2 MB would leave too little margin.
pub const STACK_BYTES: usize = 16 << 20;

/// A pool of `threads` search threads.
pub fn thread_pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .thread_name(|i| format!("search-{i}"))
        .stack_size(STACK_BYTES)
        .build()
        .expect("a thread pool")
}

/// Check the early-stop rule every this many playouts.
const CHECK_EVERY: u64 = 64;

/// Everything the threads share during one search.
struct Shared<'a> {
    tree: Tree,
    root_board: &'a Board,
    root_color: Color,
    /// Stone arrangements of the game so far: moves recreating one never enter the tree.
    history: HashSet<u64>,
    /// Black's margin needed to win: komi plus handicap compensation, plus the offset.
    komi: f64,
    /// Sum of Black's margins (real komi), in half points.
    margins: std::sync::atomic::AtomicI64,
    /// Playouts started (the budget) and finished (the report).
    playouts: AtomicU64,
    finished: AtomicU64,
    stop: AtomicBool,
    limits: &'a Limits,
    start: Instant,
    ownership: Ownership,
    /// How the playouts through each root move counted.
    scores: score::RootScores,
    /// The value network, where its weight in the results (`Constants::value`) is above 0.
    value_network: Option<&'static ValueNetwork>,
}

/// Searches the game's position for `color` and reports the root moves.
pub fn search(game: &Game, color: Color, limits: &Limits, pool: &rayon::ThreadPool) -> Report {
    let tree = Tree::new(limits.budget.tree_bytes());
    search_tree(game, color, limits, pool, tree, None).0
}

/// `search`, continuing in `tree` (whose root must stand for this position with `color` to
/// move: a fresh tree, or a subtree kept from the last search), showing its progress to
/// `watch`. Gives the tree back.
pub fn search_tree(
    game: &Game,
    color: Color,
    limits: &Limits,
    pool: &rayon::ThreadPool,
    tree: Tree,
    watch: Option<Watch>,
) -> (Report, Tree) {
    crate::knowledge::weights::prepare();
    let points = game.size() * game.size();
    let shared = Shared {
        tree,
        root_board: game.board(),
        root_color: color,
        history: game.arrangements().collect(),
        komi: game.effective_komi() + limits.komi_offset,
        margins: std::sync::atomic::AtomicI64::new(0),
        playouts: AtomicU64::new(0),
        finished: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        limits,
        start: Instant::now(),
        ownership: Ownership::default(),
        // A move for every point, and the pass.
        scores: score::RootScores::new(points + 1, points),
        value_network: (limits.constants.value > 0.0).then(value::built_in),
    };
    let root = shared.tree.node(Tree::ROOT);
    if root.children().is_none() {
        expand(&shared, root, game.board(), color, &[game.board().hash()]);
    } else {
        refine_kept_tree(&shared, game.board(), color);
    }
    pool.in_place_scope(|scope| {
        scope.spawn_broadcast(|_, context| worker(&shared, context.index()));
        if let Some(watch) = watch {
            show_progress(&shared, watch);
        }
    });
    if log::log_enabled!(log::Level::Debug) {
        log_root_moves(&shared);
    }
    (report::report(&shared), shared.tree)
}

/// A kept tree's root and its expanded children were expanded deeper down in the last
/// search: they get the priors they would have had at their depth now.
fn refine_kept_tree(shared: &Shared, board: &Board, color: Color) {
    let root = shared.tree.node(Tree::ROOT);
    expansion::refine(shared, root, board, color, 0);
    for child in root.children().into_iter().flatten() {
        let node = shared.tree.node(child);
        let Move::Play(p) = node.mv() else {
            continue;
        };
        let mut after = board.clone();
        after.place(color, p);
        expansion::refine(shared, node, &after, color.opponent(), 1);
    }
}

/// Logs the most visited root moves with what their value is made of: the prior, the
/// games played through them and their AMAF games, to see which of these a choice follows.
fn log_root_moves(shared: &Shared) {
    let tree = &shared.tree;
    let Some(children) = tree.node(Tree::ROOT).children() else {
        return;
    };
    let mut nodes: Vec<&Node> = children.map(|i| tree.node(i)).collect();
    nodes.sort_by_key(|n| std::cmp::Reverse(n.stats().visits));
    let rate = |wins: u32, games: u32| 50.0 * f64::from(wins) / f64::from(games.max(1));
    let constants = &shared.limits.constants;
    for node in nodes.iter().take(ROOT_MOVES_LOGGED) {
        let s = node.stats();
        let (games, own) = node.own_result();
        let prior = node.prior_visits();
        log::debug!(
            "{}: prior {prior} at {:.0}%, own {games} at {:.1}%, AMAF {} at {:.1}%, value {:.1}%",
            shared.root_board.move_name(node.mv()),
            rate(node.prior_wins(), prior),
            100.0 * own,
            s.amaf_visits,
            rate(s.amaf_wins, s.amaf_visits),
            100.0 * blended_value(s, constants),
        );
    }
}

/// How many root moves `log_root_moves` shows.
const ROOT_MOVES_LOGGED: usize = 6;

/// Shows the watcher a report every `watch.every` until the workers stop.
fn show_progress(shared: &Shared, watch: Watch) {
    // Sleeping in short steps notices the end of the search soon.
    const STEP: Duration = Duration::from_millis(5);
    let every = watch.every.max(Duration::from_millis(10));
    let mut next = Instant::now() + every;
    while !shared.stop.load(Relaxed) {
        std::thread::sleep(STEP.min(next.saturating_duration_since(Instant::now())));
        if Instant::now() >= next && !shared.stop.load(Relaxed) {
            (watch.see)(&report::report(shared));
            next += every;
        }
    }
}

fn worker(shared: &Shared, thread: usize) {
    let size = shared.root_board.size();
    let mut scratch = Scratch {
        board: shared.root_board.clone(),
        rng: SmallRng::seed_from_u64(
            shared.limits.seed ^ (thread as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
        ),
        path: Vec::with_capacity(4 * size * size),
        hashes: Vec::with_capacity(4 * size * size),
        sequence: Vec::with_capacity(8 * size * size),
        first_play: PointMap::filled((0, 0)),
    };
    while !shared.stop.load(Relaxed) {
        let done = shared.playouts.fetch_add(1, Relaxed);
        let halted = shared.limits.halt.as_ref().is_some_and(|halt| halt());
        if halted
            || shared
                .limits
                .budget
                .playouts
                .is_some_and(|limit| done >= limit)
        {
            shared.stop.store(true, Relaxed);
            break;
        }
        one_playout(shared, &mut scratch);
        shared.finished.fetch_add(1, Relaxed);
        if done % CHECK_EVERY == 0 && should_stop(shared, done + 1) {
            shared.stop.store(true, Relaxed);
        }
    }
}

/// Out of time (unless the best move is still unclear and there is time to spare), or the
/// most visited root move can no longer be overtaken.
fn should_stop(shared: &Shared, done: u64) -> bool {
    let limits = shared.limits;
    let elapsed = shared.start.elapsed().as_secs_f64();
    let Some(range) = shared.tree.node(Tree::ROOT).children() else {
        return limits.budget.time.is_some_and(|t| elapsed >= t);
    };
    let (first, second) = top_two(&shared.tree, range);
    if let Some(time) = limits.budget.time
        && elapsed >= time
    {
        let most = limits.max_time.unwrap_or(time);
        return elapsed >= most || !unclear(first, second);
    }
    if !limits.early_stop {
        return false;
    }
    let remaining = match (limits.budget.playouts, limits.budget.time) {
        (Some(p), _) => p.saturating_sub(done),
        // With only a time limit, estimate what the rest of the time will bring.
        (None, Some(t)) if elapsed > 0.05 => ((t - elapsed) / elapsed * done as f64) as u64,
        _ => return false,
    };
    u64::from(first.visits - second.visits) > remaining
}

/// The statistics of the two most visited children.
fn top_two(tree: &Tree, children: std::ops::Range<u32>) -> (tree::Stats, tree::Stats) {
    let (mut first, mut second) = (tree::Stats::default(), tree::Stats::default());
    for i in children {
        let stats = tree.node(i).stats();
        if stats.visits > first.visits {
            second = first;
            first = stats;
        } else if stats.visits > second.visits {
            second = stats;
        }
    }
    (first, second)
}

/// The best move is unclear while the runner-up is close in visits or better in win rate:
/// more time may well change the choice.
fn unclear(first: tree::Stats, second: tree::Stats) -> bool {
    2 * first.visits < 3 * second.visits || second.winrate() > first.winrate()
}

#[cfg(test)]
mod tests;
