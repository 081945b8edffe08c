//! Expansion: a leaf gets its children, every move worth searching with its prior.

use super::tree::Node;
use super::{Shared, priors};
use crate::board::{Board, Color, MAX_POINTS, Move, Point};
use crate::knowledge::candidates;
use crate::knowledge::features::GROUPS;
use crate::tuning::Constants;

/// Creates the children of a leaf: every legal move that fills no own eye, repeats no
/// earlier arrangement, is not an edge move wasted in the opening and is not left out by a
/// restriction, and pass, each with its prior.
pub(super) fn expand(
    shared: &Shared,
    node: &Node,
    board: &Board,
    color: Color,
    path_hashes: &[u64],
) {
    if !node.try_begin_expansion() {
        return;
    }
    let repeats = |h: u64| shared.history.contains(&h) || path_hashes.contains(&h);
    let constants = &shared.limits.constants;
    let depth = path_hashes.len() - 1;
    let restricted = |p| (shared.limits.restrictions.iter()).any(|r| r.forbids(color, depth, p));
    let opening = constants.opening as usize;
    let moves = board.empty_points().filter(|&p| {
        !restricted(p)
            && candidates::is_candidate(board, color, p, opening)
            && !repeats(board.hash_after(color, p))
    });
    let mut count = 0;
    let mut candidates = [Point::default(); MAX_POINTS];
    for p in moves {
        candidates[count] = p;
        count += 1;
    }
    let Some(first) = shared.tree.allocate(count + 1) else {
        node.mark_full();
        return;
    };
    let candidates = &candidates[..count];
    let mut features = [[0u32; GROUPS]; MAX_POINTS];
    let shares = candidates::shares(
        board,
        color,
        candidates,
        &mut features,
        uses_network(constants, depth),
    );
    for (i, &p) in candidates.iter().enumerate() {
        let (visits, wins) = priors::for_move(board, p, &features[i], shares[i], constants);
        shared
            .tree
            .node(first + i as u32)
            .init(Move::Play(p), visits, wins);
    }
    let (visits, wins) = priors::for_pass(board, constants);
    shared
        .tree
        .node(first + count as u32)
        .init(Move::Pass, visits, wins);
    node.finish_expansion(first, count + 1);
}

/// Gives the children of an expanded node the priors the network's shares make, if the
/// network would have refined them at `depth`: a subtree kept from the last search was
/// expanded deeper down, with the move model's shares alone.
pub(super) fn refine(shared: &Shared, node: &Node, board: &Board, color: Color, depth: usize) {
    let Some(children) = node.children() else {
        return;
    };
    let constants = &shared.limits.constants;
    if !uses_network(constants, depth) {
        return;
    }
    let tree = &shared.tree;
    let played = |i| match tree.node(i).mv() {
        Move::Play(p) => Some((i, p)),
        Move::Pass => None,
    };
    let (nodes, candidates): (Vec<u32>, Vec<Point>) = children.filter_map(played).unzip();
    let mut features = [[0u32; GROUPS]; MAX_POINTS];
    let shares = candidates::shares(board, color, &candidates, &mut features, true);
    for (i, &p) in candidates.iter().enumerate() {
        let (visits, wins) = priors::for_move(board, p, &features[i], shares[i], constants);
        tree.node(nodes[i]).replace_prior(visits, wins);
    }
}

/// Whether the network refines the move model's shares at a node `depth` moves below the
/// root (`--tune network=1`): one evaluation costs as much as a few playouts, so only the
/// root and its children get it.
fn uses_network(constants: &Constants, depth: usize) -> bool {
    constants.network > 0.0 && depth <= 1
}
