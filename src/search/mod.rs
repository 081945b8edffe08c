//! Monte Carlo tree search: UCT without an exploration term, RAVE (AMAF statistics that
//! include playout moves, blended by the minimum-MSE schedule), priors as virtual games, heavy
//! playouts, one shared tree searched by every thread with virtual loss.
//!
//! Moves that would bring back any earlier arrangement of stones (in the game or along the
//! path) never enter the tree. A search also gathers ownership statistics for dead stones.

mod priors;
pub mod tree;

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::board::{Board, Color, MAX_CELLS, Move, Point};
use crate::game::Game;
use crate::game::score::handicap_compensation;
use crate::playout::heavy::HeavyPolicy;
use crate::playout::{final_owner, playout_with};
use tree::{Node, Tree};

/// How a search runs.
#[derive(Clone, Debug)]
pub struct Limits {
    pub threads: usize,
    /// Playouts per move (all threads together); `None`: only time limits.
    pub playouts: Option<u64>,
    /// Seconds per move; `None`: only the playout limit.
    pub time: Option<f64>,
    pub max_tree_bytes: usize,
    pub seed: u64,
    /// Points added to komi inside the search (dynamic komi): with the expected margin here,
    /// both sides go on fighting for every point instead of playing at random in a decided
    /// game.
    pub komi_offset: f64,
}

/// RAVE equivalence parameter E of β = ñ / (ñ + n + n·ñ/E).
const RAVE_EQUIVALENCE: f64 = 3000.0;
/// A leaf is expanded once this many games went through it: soon on small boards, later on
/// large ones where every expansion costs hundreds of nodes.
fn expand_visits(size: usize) -> u32 {
    if size <= 9 { 2 } else { 8 }
}
/// Check the early-stop rule every this many playouts.
const CHECK_EVERY: u64 = 64;

/// What a search found.
#[derive(Clone, Debug)]
pub struct Report {
    /// Root moves by visits, most first: move, visits, win rate for the player to move.
    pub moves: Vec<(Move, u32, f64)>,
    pub playouts: u64,
    pub seconds: f64,
    pub nodes: usize,
    /// For every point, the fraction of playouts it ended as Black's, and as White's.
    pub ownership: Vec<[f32; 2]>,
    /// Black's average margin at the end of the playouts, real komi included.
    pub mean_margin: f64,
    /// The principal variation: the most visited child, again and again, from the root.
    pub pv: Vec<Move>,
}

impl Report {
    /// The most visited move, preferring any move to a pass when visits tie.
    pub fn best(&self) -> Option<(Move, u32, f64)> {
        self.moves.first().copied()
    }

    /// The most visited move other than pass.
    pub fn best_play(&self) -> Option<(Move, u32, f64)> {
        self.moves
            .iter()
            .copied()
            .find(|(m, _, _)| *m != Move::Pass)
    }
}

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
    owned: Vec<[AtomicU32; 2]>,
}

/// Searches the game's position for `color` and reports the root moves.
pub fn search(game: &Game, color: Color, limits: &Limits, pool: &rayon::ThreadPool) -> Report {
    search_tree(game, color, limits, pool, Tree::new(limits.max_tree_bytes)).0
}

/// `search`, continuing in `tree` (whose root must stand for this position with `color` to
/// move: a fresh tree, or a subtree kept from the last search). Gives the tree back.
pub fn search_tree(
    game: &Game,
    color: Color,
    limits: &Limits,
    pool: &rayon::ThreadPool,
    tree: Tree,
) -> (Report, Tree) {
    crate::playout::pattern::prepare();
    let shared = Shared {
        tree,
        root_board: game.board(),
        root_color: color,
        history: game.arrangements().collect(),
        komi: game.komi() + handicap_compensation(game.handicap()) + limits.komi_offset,
        margins: std::sync::atomic::AtomicI64::new(0),
        playouts: AtomicU64::new(0),
        finished: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        limits,
        start: Instant::now(),
        owned: (0..MAX_CELLS)
            .map(|_| [AtomicU32::new(0), AtomicU32::new(0)])
            .collect(),
    };
    let root = shared.tree.node(Tree::ROOT);
    if root.children().is_none() {
        expand(&shared, root, game.board(), color, &[game.board().hash()]);
    }
    pool.broadcast(|context| worker(&shared, context.index()));
    (report(&shared), shared.tree)
}

fn report(shared: &Shared) -> Report {
    let tree = &shared.tree;
    let mut moves: Vec<(Move, u32, f64)> = tree
        .node(Tree::ROOT)
        .children()
        .map(|range| {
            range
                .map(|i| {
                    let n = tree.node(i);
                    let s = n.stats();
                    (n.mv(), s.visits, s.winrate())
                })
                .collect()
        })
        .unwrap_or_default();
    moves.sort_by(|a, b| {
        b.1.cmp(&a.1)
            .then((a.0 == Move::Pass).cmp(&(b.0 == Move::Pass)))
    });
    let playouts = shared.finished.load(Relaxed);
    let total = playouts.max(1) as f32;
    let ownership = shared
        .owned
        .iter()
        .map(|o| {
            [
                o[0].load(Relaxed) as f32 / total,
                o[1].load(Relaxed) as f32 / total,
            ]
        })
        .collect();
    Report {
        moves,
        pv: principal_variation(tree),
        playouts,
        seconds: shared.start.elapsed().as_secs_f64(),
        nodes: tree.nodes(),
        ownership,
        mean_margin: shared.margins.load(Relaxed) as f64 / 2.0 / playouts.max(1) as f64
            + shared.limits.komi_offset,
    }
}

/// The most visited line from the root (at most 20 moves).
fn principal_variation(tree: &Tree) -> Vec<Move> {
    let mut line = Vec::new();
    let mut node = Tree::ROOT;
    while line.len() < 20 {
        let Some(best) = tree
            .node(node)
            .children()
            .and_then(|range| range.max_by_key(|&i| tree.node(i).stats().visits))
        else {
            break;
        };
        if tree.node(best).real_visits() == 0 {
            break;
        }
        line.push(tree.node(best).mv());
        node = best;
    }
    line
}

/// Per-thread scratch space, allocated once per search so that playouts allocate nothing.
struct Scratch {
    board: Board,
    rng: SmallRng,
    path: Vec<u32>,
    hashes: Vec<u64>,
    sequence: Vec<(Color, Move)>,
    first_play: Vec<u8>,
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
        first_play: vec![0; MAX_CELLS],
    };
    while !shared.stop.load(Relaxed) {
        let done = shared.playouts.fetch_add(1, Relaxed);
        if shared.limits.playouts.is_some_and(|limit| done >= limit) {
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

/// Out of time, or the most visited root move can no longer be overtaken.
fn should_stop(shared: &Shared, done: u64) -> bool {
    let limits = shared.limits;
    let elapsed = shared.start.elapsed().as_secs_f64();
    if limits.time.is_some_and(|t| elapsed >= t) {
        return true;
    }
    let remaining = match (limits.playouts, limits.time) {
        (Some(p), _) => p.saturating_sub(done),
        // With only a time limit, estimate what the rest of the time will bring.
        (None, Some(t)) if elapsed > 0.05 => ((t - elapsed) / elapsed * done as f64) as u64,
        _ => return false,
    };
    let Some(range) = shared.tree.node(Tree::ROOT).children() else {
        return false;
    };
    let (mut first, mut second) = (0, 0);
    for i in range {
        let v = shared.tree.node(i).stats().visits;
        if v > first {
            second = first;
            first = v;
        } else if v > second {
            second = v;
        }
    }
    u64::from(first - second) > remaining
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
    loop {
        let node = tree.node(*s.path.last().expect("a root"));
        if node.children().is_none() && node.real_visits() >= expand_visits(s.board.size()) {
            expand(shared, node, &s.board, color, &s.hashes);
        }
        let Some(child) = select(tree, node) else {
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
        playout_with(&mut s.board, color, &mut HeavyPolicy, &mut s.rng, |c, m| {
            sequence.push((c, m))
        });
    }
    let margin = score(shared, &s.board);
    shared
        .margins
        .fetch_add((2.0 * margin).round() as i64, Relaxed);
    update(shared, s, margin);
}

/// Black's area minus White's, less komi; also counts ownership.
fn score(shared: &Shared, board: &Board) -> f64 {
    let mut difference = 0i32;
    for p in board.points() {
        if let Some(c) = final_owner(board, p) {
            shared.owned[p][c.index()].fetch_add(1, Relaxed);
            difference += if c == Color::Black { 1 } else { -1 };
        }
    }
    difference as f64 - shared.komi
}

/// Backs the result up the path: real statistics for the nodes played, AMAF statistics for
/// the children whose move the same player made first later in the game.
fn update(shared: &Shared, s: &mut Scratch, margin: f64) {
    let tree = &shared.tree;
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
                s.first_play[p] = c.index() as u8 + 1;
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
                    && s.first_play[p] == to_move.index() as u8 + 1
                {
                    child.add_amaf(result);
                }
            }
        }
    }
    for &(_, mv) in &s.sequence {
        if let Move::Play(p) = mv {
            s.first_play[p] = 0;
        }
    }
}

/// The child with the best blend of its own and its AMAF win rate (virtual losses count as
/// losses); `None` for a leaf.
fn select(tree: &Tree, node: &Node) -> Option<u32> {
    let mut best = None;
    let mut best_value = f64::NEG_INFINITY;
    for i in node.children()? {
        let value = blended_value(tree.node(i).stats());
        if value > best_value {
            best_value = value;
            best = Some(i);
        }
    }
    best
}

fn blended_value(s: tree::Stats) -> f64 {
    let n = (s.visits + s.virtual_loss) as f64;
    let q = if n > 0.0 {
        s.wins as f64 / (2.0 * n)
    } else {
        1.0
    };
    let amaf_n = s.amaf_visits as f64;
    if amaf_n == 0.0 {
        return q;
    }
    let amaf_q = s.amaf_wins as f64 / (2.0 * amaf_n);
    let beta = amaf_n / (amaf_n + n + n * amaf_n / RAVE_EQUIVALENCE);
    (1.0 - beta) * q + beta * amaf_q
}

/// Creates the children of a leaf: every legal move that fills no own eye and repeats no
/// earlier arrangement, and pass, each with its prior.
fn expand(shared: &Shared, node: &Node, board: &Board, color: Color, path_hashes: &[u64]) {
    if !node.try_begin_expansion() {
        return;
    }
    let repeats = |h: u64| shared.history.contains(&h) || path_hashes.contains(&h);
    let moves = board.empty_points().filter(|&p| {
        !board.is_eye(color, p) && board.is_legal(color, p) && !repeats(board.hash_after(color, p))
    });
    let mut count = 0;
    let mut candidates = [0 as Point; crate::board::MAX_POINTS];
    for p in moves {
        candidates[count] = p;
        count += 1;
    }
    let Some(first) = shared.tree.allocate(count + 1) else {
        node.mark_full();
        return;
    };
    for (i, &p) in candidates[..count].iter().enumerate() {
        let (visits, wins) = priors::for_move(board, color, p);
        shared
            .tree
            .node(first + i as u32)
            .init(Move::Play(p), visits, wins);
    }
    let (visits, wins) = priors::for_pass(board);
    shared
        .tree
        .node(first + count as u32)
        .init(Move::Pass, visits, wins);
    node.finish_expansion(first, count + 1);
}

#[cfg(test)]
mod tests;
