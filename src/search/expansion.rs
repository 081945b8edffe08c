//! Expansion: a leaf gets its children, every move worth searching with its prior.

use super::tree::Node;
use super::{Shared, priors};
use crate::board::{Board, Color, MAX_POINTS, Move, Point};
use crate::knowledge;
use crate::knowledge::features::GROUPS;

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
    let moves = board.empty_points().filter(|&p| {
        !restricted(p)
            && !board.is_eye(color, p)
            && board.is_legal(color, p)
            && !priors::is_wasted_in_opening(board, color, p, constants)
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
    // The learned model's share of each move among all the candidates.
    let mut features = [[0u32; GROUPS]; MAX_POINTS];
    let mut strengths = [0f32; MAX_POINTS];
    let window = knowledge::spatial::Window::new(board, color);
    let shapes = knowledge::spatial::built_in();
    for i in 0..count {
        features[i] =
            knowledge::features::features_with(board, color, candidates[i], &window, shapes);
        strengths[i] = knowledge::weights::strength(&features[i], color);
    }
    let total: f32 = strengths[..count].iter().sum();
    for (i, &p) in candidates[..count].iter().enumerate() {
        let share = f64::from(strengths[i] / total.max(f32::MIN_POSITIVE));
        let (visits, wins) = priors::for_move(board, p, &features[i], share, constants);
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
