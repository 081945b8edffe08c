//! One descent of the tree: choose a child by its blend of own and AMAF win rates down to a
//! leaf (expanding it once it has had enough games), play the game out with the heavy
//! playouts, count it by area (mixed with the value network's judgement of the leaf where
//! that is on) and back the result up the path.

use std::sync::atomic::Ordering::Relaxed;

use rand::RngExt;
use rand::rngs::SmallRng;

use super::Shared;
use super::expansion::expand;
use super::tree::{Node, Stats, Tree};
use crate::board::{Board, Color, Move, PointMap};
use crate::playout::heavy::HeavyPolicy;
use crate::playout::playout_with;
use crate::tuning::Constants;

/// Per-thread scratch space, allocated once per search so that playouts allocate nothing.
pub(super) struct Scratch {
    pub(super) board: Board,
    pub(super) rng: SmallRng,
    pub(super) path: Vec<u32>,
    pub(super) hashes: Vec<u64>,
    pub(super) sequence: Vec<(Color, Move)>,
    /// Who played each point first from the depth being updated on (colour index + 1, 0 for
    /// nobody), and at which index of `sequence`.
    pub(super) first_play: PointMap<(u8, u16)>,
}

/// One descent, playout and update.
pub(super) fn one_playout(shared: &Shared, s: &mut Scratch) {
    let tree = &shared.tree;
    s.board.clone_from(shared.root_board);
    s.path.clear();
    s.hashes.clear();
    s.sequence.clear();
    s.path.push(Tree::ROOT);
    s.hashes.push(s.board.hash());
    let mut color = shared.root_color;
    let mut passes = 0;
    let constants = &shared.limits.constants;
    loop {
        let node = tree.node(*s.path.last().expect("a root"));
        if node.children().is_none() && f64::from(node.real_visits()) >= constants.expand {
            expand(shared, node, &s.board, color, &s.hashes);
        }
        let Some(child) = select(tree, node, constants) else {
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
    // A game that ended in the tree needs no judgement: its count is exact.
    let mut judged = None;
    if passes < 2 {
        judged = judge_leaf(shared, s, color);
        let sequence = &mut s.sequence;
        let mut policy = HeavyPolicy::new(*constants);
        playout_with(&mut s.board, color, &mut policy, &mut s.rng, |c, m| {
            sequence.push((c, m))
        });
    }
    let difference = shared.ownership.count(&s.board);
    if let (Some(&child), Some(children)) = (s.path.get(1), tree.node(Tree::ROOT).children()) {
        shared
            .scores
            .add((child - children.start) as usize, difference);
    }
    let margin = f64::from(difference) - shared.komi;
    shared
        .margins
        .fetch_add((2.0 * margin).round() as i64, Relaxed);
    let black = black_result(margin, judged, constants.value, &mut s.rng);
    update(shared, s, black);
}

/// Where the search mixes in the value network, the network's chance that Black wins from
/// the leaf the descent ended at, `color` to move, judged on the leaf's first visit and kept
/// in it (AlphaGo's leaf evaluation). `None` where the network is off.
fn judge_leaf(shared: &Shared, s: &Scratch, color: Color) -> Option<f32> {
    let network = shared.value_network?;
    let leaf = shared.tree.node(*s.path.last().expect("a root"));
    if let Some(black_wins) = leaf.value() {
        return Some(black_wins);
    }
    let mover_wins = network.evaluate(&s.board, color, shared.komi as f32).win;
    let black_wins = if color == Color::Black {
        mover_wins
    } else {
        1.0 - mover_wins
    };
    leaf.set_value(black_wins);
    Some(black_wins)
}

/// Black's result of the game in half points (a win is 2, a jigo 1): the count's, or where
/// the leaf was `judged`, (1 - λ) × the count's + λ × the judgement, rounded to a half point
/// at random so that the mean stays exact.
fn black_result(margin: f64, judged: Option<f32>, lambda: f64, rng: &mut SmallRng) -> u32 {
    let counted = if margin > 0.0 {
        1.0
    } else if margin == 0.0 {
        0.5
    } else {
        0.0
    };
    let Some(black_wins) = judged else {
        return (2.0 * counted) as u32;
    };
    let mixed = (1.0 - lambda) * counted + lambda * f64::from(black_wins);
    ((2.0 * mixed + rng.random::<f64>()).floor() as u32).min(2)
}

/// Backs Black's result (in half points) up the path: real statistics for the nodes played,
/// AMAF statistics for the children whose move the same player made first later in the game.
/// A move played soon after the node counts up to `Constants::distance` times as much as one
/// played at the end, whose link to the node's position is weaker.
fn update(shared: &Shared, s: &mut Scratch, black: u32) {
    let tree = &shared.tree;
    let distance = shared.limits.constants.distance as usize;
    let length = s.sequence.len();
    let half_points = |color: Color| -> u32 {
        if color == Color::Black {
            black
        } else {
            2 - black
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
/// losses); `None` for a leaf.
fn select(tree: &Tree, node: &Node, constants: &Constants) -> Option<u32> {
    let mut best = None;
    let mut best_value = f64::NEG_INFINITY;
    for i in node.children()? {
        let value = blended_value(tree.node(i).stats(), constants);
        if value > best_value {
            best_value = value;
            best = Some(i);
        }
    }
    best
}

/// A child's own win rate, priors included, virtual losses counted as losses.
fn own_value(s: Stats, constants: &Constants) -> f64 {
    let n = s.visits as f64 + constants.virtual_loss * s.virtual_loss as f64;
    if n > 0.0 {
        s.wins as f64 / (2.0 * n)
    } else {
        1.0
    }
}

/// A child's own win rate blended with its AMAF win rate by the RAVE equivalence E
/// (`Constants::rave`).
pub(super) fn blended_value(s: Stats, constants: &Constants) -> f64 {
    let n = s.visits as f64 + constants.virtual_loss * s.virtual_loss as f64;
    let q = own_value(s, constants);
    let amaf_n = s.amaf_visits as f64;
    if amaf_n == 0.0 {
        return q;
    }
    let amaf_q = s.amaf_wins as f64 / (2.0 * amaf_n);
    let beta = amaf_n / (amaf_n + n + n * amaf_n / constants.rave);
    (1.0 - beta) * q + beta * amaf_q
}
