//! Monte Carlo tree search: UCT without an exploration term, RAVE (AMAF statistics that
//! include playout moves, blended by the minimum-MSE schedule), priors as virtual games, heavy
//! playouts, one shared tree searched by every thread with virtual loss.
//!
//! Moves that would bring back any earlier arrangement of stones (in the game or along the
//! path) never enter the tree. A search also counts who owns each point at the end of its
//! playouts (`playout::ownership`), for dead stones and, with `--tune owner=N`, for the move
//! model.

pub mod dynamic_komi;
mod priors;
mod report;
mod reuse;
pub mod tree;
mod tuning;

pub use report::{Candidate, Report};
pub use reuse::{KeptTree, search_reusing};
pub use tuning::Tuning;

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::board::{Board, Color, Move, Point, PointMap};
use crate::game::Game;
use crate::knowledge;
use crate::knowledge::features::{GROUPS, OWNER};
use crate::playout::heavy::HeavyPolicy;
use crate::playout::ownership::Ownership;
use crate::playout::playout_with;
use crate::playout::replies::Replies;
use tree::{Node, Tree};

/// A question the search asks between playouts: should it stop now? (A command arrived, the
/// user interrupted.) Whatever the search found so far is then reported.
pub type Halt = Arc<dyn Fn() -> bool + Send + Sync>;

/// How a search runs.
#[derive(Clone)]
pub struct Limits {
    pub threads: usize,
    /// Playouts per move (all threads together); `None`: only time limits.
    pub playouts: Option<u64>,
    /// Seconds per move; `None`: only the playout limit.
    pub time: Option<f64>,
    /// The most seconds the move may take while the best move is unclear at `time`.
    pub max_time: Option<f64>,
    /// Stop as soon as the most visited move can no longer be overtaken (when time saved now
    /// can be used later).
    pub early_stop: bool,
    pub max_tree_bytes: usize,
    pub seed: u64,
    /// Points added to komi inside the search (dynamic komi): with the expected margin here,
    /// both sides go on fighting for every point instead of playing at random in a decided
    /// game.
    pub komi_offset: f64,
    /// The search's constants (`--tune`).
    pub tuning: Tuning,
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

/// Mixed into the seed of the ownership playouts before a search (`--tune owner=N`), so that
/// they differ from the first thread's playouts.
const OWNER_SEED: u64 = 0x6F77_6E65_7273;

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
    /// The last good replies, when the playouts use them.
    replies: Option<Replies>,
}

impl Shared<'_> {
    /// The RAVE equivalence for this board (`Tuning::rave_equivalence`).
    fn rave_equivalence(&self) -> f64 {
        self.limits.tuning.rave_equivalence(self.root_board.size())
    }

    /// The AMAF distance weight for this board (`Tuning::distance_weight`).
    fn distance_weight(&self) -> usize {
        self.limits.tuning.distance_weight(self.root_board.size()) as usize
    }
}

/// Searches the game's position for `color` and reports the root moves.
pub fn search(game: &Game, color: Color, limits: &Limits, pool: &rayon::ThreadPool) -> Report {
    let tree = Tree::new(limits.max_tree_bytes);
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
        replies: (limits.tuning.replies > 0.0).then(|| Replies::new(game.board())),
    };
    if limits.tuning.owner > 0.0 {
        // The owner feature needs ownership before the first expansion.
        let mut rng = SmallRng::seed_from_u64(limits.seed ^ OWNER_SEED);
        let mut policy = playout_policy(&limits.tuning, None, game.size());
        let games = limits.tuning.owner as u32;
        shared
            .ownership
            .play(game.board(), color, games, &mut policy, &mut rng);
    }
    let root = shared.tree.node(Tree::ROOT);
    if root.children().is_none() {
        expand(&shared, root, game.board(), color, &[game.board().hash()]);
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
    let equivalence = shared.rave_equivalence();
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
            100.0 * blended_value(s, &shared.limits.tuning, equivalence),
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

/// Per-thread scratch space, allocated once per search so that playouts allocate nothing.
struct Scratch {
    board: Board,
    rng: SmallRng,
    path: Vec<u32>,
    hashes: Vec<u64>,
    sequence: Vec<(Color, Move)>,
    /// Who played each point first from the depth being updated on (colour index + 1, 0 for
    /// nobody), and at which index of `sequence`.
    first_play: PointMap<(u8, u16)>,
    /// Child selections made so far (`--tune norave=N` leaves AMAF out of every N-th).
    selections: u64,
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
        selections: 0,
    };
    while !shared.stop.load(Relaxed) {
        let done = shared.playouts.fetch_add(1, Relaxed);
        let halted = shared.limits.halt.as_ref().is_some_and(|halt| halt());
        if halted || shared.limits.playouts.is_some_and(|limit| done >= limit) {
            shared.stop.store(true, Relaxed);
            break;
        }
        one_playout(shared, &mut scratch);
        shared.finished.fetch_add(1, Relaxed);
        if done.is_multiple_of(CHECK_EVERY) && should_stop(shared, done + 1) {
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
        return limits.time.is_some_and(|t| elapsed >= t);
    };
    let (first, second) = top_two(&shared.tree, range);
    if let Some(time) = limits.time
        && elapsed >= time
    {
        let most = limits.max_time.unwrap_or(time);
        return elapsed >= most || !unclear(first, second);
    }
    if !limits.early_stop {
        return false;
    }
    let remaining = match (limits.playouts, limits.time) {
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

/// One descent, playout and update.
fn one_playout(shared: &Shared, s: &mut Scratch) {
    let tree = &shared.tree;
    s.board.clone_from(shared.root_board);
    s.path.clear();
    s.hashes.clear();
    s.sequence.clear();
    s.path.push(Tree::ROOT);
    s.hashes.push(s.board.hash());
    let mut color = shared.root_color;
    let mut passes = 0;
    let equivalence = shared.rave_equivalence();
    loop {
        let node = tree.node(*s.path.last().expect("a root"));
        if node.children().is_none()
            && node.real_visits() >= shared.limits.tuning.expand_visits(s.board.size())
        {
            expand(shared, node, &s.board, color, &s.hashes);
        }
        let tuning = &shared.limits.tuning;
        s.selections += 1;
        let amaf = tuning.norave == 0 || !s.selections.is_multiple_of(tuning.norave);
        let Some(child) = select(tree, node, tuning, equivalence, amaf) else {
            break;
        };
        let next = tree.node(child);
        next.add_virtual_loss();
        let mv = next.mv();
        match mv {
            Move::Pass => {
                s.board.pass();
                passes += 1;
            }
            Move::Play(p) => {
                s.board.place(color, p);
                passes = 0;
            }
        }
        s.sequence.push((color, mv));
        s.path.push(child);
        s.hashes.push(s.board.hash());
        color = color.opponent();
        if passes == 2 {
            break;
        }
    }
    if passes < 2 {
        let sequence = &mut s.sequence;
        let replies = shared.replies.as_ref();
        let mut policy = playout_policy(&shared.limits.tuning, replies, s.board.size());
        playout_with(&mut s.board, color, &mut policy, &mut s.rng, |c, m| {
            sequence.push((c, m))
        });
    }
    let margin = score(shared, &s.board);
    shared
        .margins
        .fetch_add((2.0 * margin).round() as i64, Relaxed);
    update(shared, s, margin);
    if let Some(replies) = &shared.replies
        && margin != 0.0
    {
        let winner = if margin > 0.0 {
            Color::Black
        } else {
            Color::White
        };
        replies.learn(shared.root_board.last_moves(), &s.sequence, winner);
    }
}

/// The playouts' policy with the search's constants, on a board of `size`.
pub fn playout_policy<'a>(
    tuning: &Tuning,
    replies: Option<&'a Replies>,
    size: usize,
) -> HeavyPolicy<'a> {
    HeavyPolicy {
        learned_shapes: tuning.shapes as f32,
        atari_marks: tuning.marks,
        rule_rate: tuning.rate as f32,
        read_ladders: tuning.reads_ladders(size),
        self_atari_rejection: tuning.self_atari_rejection(size) as f32,
        two_liberty_rate: tuning.two_liberty_rate(size) as f32,
        race_rate: tuning.race_rate(size) as f32,
        replies,
        reply_rate: tuning.replies as f32,
        ko_rate: tuning.ko as f32,
        nakade_rate: tuning.nakade_rate(size) as f32,
        approach_rate: tuning.approach_rate(size) as f32,
        eye_mend_rate: tuning.falseeye as f32,
        capture_rate: tuning.capture as f32,
        random_shape_bar: tuning.randomshape as f32,
        idle_sacrifice_rejection: tuning.idle_sacrifice_rejection(size) as f32,
        ..HeavyPolicy::default()
    }
}

/// Black's area minus White's, less komi; also counts ownership.
fn score(shared: &Shared, board: &Board) -> f64 {
    f64::from(shared.ownership.count(board)) - shared.komi
}

/// Backs the result up the path: real statistics for the nodes played, AMAF statistics for
/// the children whose move the same player made first later in the game. With `--tune
/// distance=D` a move played soon after the node counts up to D times as much as one
/// played at the end, whose link to the node's position is weaker.
fn update(shared: &Shared, s: &mut Scratch, margin: f64) {
    let tree = &shared.tree;
    let distance = shared.distance_weight();
    let length = s.sequence.len();
    let half_points = |color: Color| -> u32 {
        let own = if color == Color::Black {
            margin
        } else {
            -margin
        };
        if own > 0.0 {
            2
        } else if own == 0.0 {
            1
        } else {
            0
        }
    };
    let mut next = s.sequence.len();
    for depth in (0..s.path.len()).rev() {
        // Moves from this depth on: remember who played each point first.
        while next > depth {
            next -= 1;
            if let (c, Move::Play(p)) = s.sequence[next] {
                s.first_play[p] = (c.index() as u8 + 1, next as u16);
            }
        }
        let to_move = if depth % 2 == 0 {
            shared.root_color
        } else {
            shared.root_color.opponent()
        };
        let node = tree.node(s.path[depth]);
        if depth > 0 {
            node.add_result(half_points(to_move.opponent()));
            node.remove_virtual_loss();
        } else {
            node.add_result(0);
        }
        if let Some(children) = node.children() {
            let result = half_points(to_move);
            for i in children {
                let child = tree.node(i);
                if let Move::Play(p) = child.mv()
                    && s.first_play[p].0 == to_move.index() as u8 + 1
                {
                    let later = length - usize::from(s.first_play[p].1);
                    let weight = 1 + distance * later / (length - depth + 1);
                    child.add_amaf(result, weight as u32);
                }
            }
        }
    }
    for &(_, mv) in &s.sequence {
        if let Move::Play(p) = mv {
            s.first_play[p] = (0, 0);
        }
    }
}

/// The child with the best blend of its own and its AMAF win rate (virtual losses count as
/// losses), or with `amaf` false the best of its own win rate alone; `None` for a leaf.
/// Choosing now and then without AMAF (Fuego does so in one selection of 20) gives a move
/// whose AMAF misleads, such as a capture that is good now and bad later, the games that
/// show its worth.
fn select(tree: &Tree, node: &Node, tuning: &Tuning, equivalence: f64, amaf: bool) -> Option<u32> {
    let mut best = None;
    let mut best_value = f64::NEG_INFINITY;
    for i in node.children()? {
        let child = tree.node(i);
        let stats = child.stats();
        let value = if amaf && !child.is_chosen_by_own_games() {
            blended_value(stats, tuning, equivalence)
        } else {
            own_value(stats, tuning)
        };
        if value > best_value {
            best_value = value;
            best = Some(i);
        }
    }
    best
}

/// A child's own win rate, priors included, virtual losses counted as losses.
fn own_value(s: tree::Stats, tuning: &Tuning) -> f64 {
    let n = s.visits as f64 + tuning.virtual_loss * s.virtual_loss as f64;
    if n > 0.0 {
        s.wins as f64 / (2.0 * n)
    } else {
        1.0
    }
}

/// A child's own win rate blended with its AMAF win rate, `equivalence` being the RAVE
/// equivalence E.
fn blended_value(s: tree::Stats, tuning: &Tuning, equivalence: f64) -> f64 {
    let n = s.visits as f64 + tuning.virtual_loss * s.virtual_loss as f64;
    let q = own_value(s, tuning);
    let amaf_n = s.amaf_visits as f64;
    if amaf_n == 0.0 {
        return q;
    }
    let amaf_q = s.amaf_wins as f64 / (2.0 * amaf_n);
    let beta = amaf_n / (amaf_n + n + n * amaf_n / equivalence);
    (1.0 - beta) * q + beta * amaf_q
}

/// Whether a move's AMAF misleads enough to leave it out (`--tune owncapture=S` and
/// `ownescape=S`): a capture or an escape from atari is worth most now, while the same point
/// played later in a playout, once the stones are safe or gone, is often worth little.
fn judged_by_own_games(board: &Board, color: Color, p: Point, tuning: &Tuning) -> bool {
    let (captures, escapes) = (tuning.owncapture as usize, tuning.ownescape as usize);
    (captures > 0 && board.stones_taken(color, p) >= captures)
        || (escapes > 0 && board.stones_saved(color, p) >= escapes)
}

/// Creates the children of a leaf: every legal move that fills no own eye, repeats no
/// earlier arrangement and is not an edge move wasted in the opening, and pass, each with
/// its prior.
fn expand(shared: &Shared, node: &Node, board: &Board, color: Color, path_hashes: &[u64]) {
    if !node.try_begin_expansion() {
        return;
    }
    let repeats = |h: u64| shared.history.contains(&h) || path_hashes.contains(&h);
    let tuning = &shared.limits.tuning;
    let moves = board.empty_points().filter(|&p| {
        !board.is_eye(color, p)
            && board.is_legal(color, p)
            && !priors::is_wasted_in_opening(board, color, p, tuning)
            && !repeats(board.hash_after(color, p))
    });
    let mut count = 0;
    let mut candidates = [Point::default(); crate::board::MAX_POINTS];
    for p in moves {
        candidates[count] = p;
        count += 1;
    }
    let Some(first) = shared.tree.allocate(count + 1) else {
        node.mark_full();
        return;
    };
    // The learned model's share of each move among all the candidates.
    let mut features = [[0u32; GROUPS]; crate::board::MAX_POINTS];
    let mut strengths = [0f32; crate::board::MAX_POINTS];
    let window = knowledge::spatial::Window::new(board, color);
    let shapes = knowledge::spatial::built_in();
    for i in 0..count {
        features[i] =
            knowledge::features::features_with(board, color, candidates[i], &window, shapes);
        if shared.limits.tuning.owner > 0.0 {
            let share = shared.ownership.share(candidates[i], color);
            features[i][OWNER] = knowledge::features::owner_value(share);
        }
        strengths[i] = knowledge::weights::strength(&features[i], color);
    }
    let total: f32 = strengths[..count].iter().sum();
    for (i, &p) in candidates[..count].iter().enumerate() {
        let share = f64::from(strengths[i] / total.max(f32::MIN_POSITIVE));
        let (visits, wins) = priors::for_move(board, color, p, &features[i], share, tuning);
        let child = shared.tree.node(first + i as u32);
        child.init(Move::Play(p), visits, wins);
        if judged_by_own_games(board, color, p, tuning) {
            child.choose_by_own_games();
        }
    }
    let (visits, wins) = priors::for_pass(board, tuning);
    shared
        .tree
        .node(first + count as u32)
        .init(Move::Pass, visits, wins);
    node.finish_expansion(first, count + 1);
}

#[cfg(test)]
mod tests;
