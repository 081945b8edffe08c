//! What a search found, read from the tree: at the end of a search, and while it runs for the
//! analysis commands that show its progress.

use std::sync::atomic::Ordering::Relaxed;

use super::Shared;
use super::tree::Tree;
use crate::board::Move;

/// A root move, its visits (prior included) and its win rate for the player to move.
type RootMove = (Move, u32, f64);

/// Longest principal variation reported.
const PV_LENGTH: usize = 20;

/// What a search found.
#[derive(Clone, Debug)]
pub struct Report {
    /// Root moves by visits, most first: move, visits, win rate for the player to move.
    pub moves: Vec<RootMove>,
    /// The root moves the search actually tried, most visited first, with their lines.
    pub candidates: Vec<Candidate>,
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

/// One root move as an analysis shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    pub mv: Move,
    /// Games played through the move (its prior not counted).
    pub visits: u32,
    /// Mean result for the player making the move, 0 to 1.
    pub winrate: f64,
    /// The move's share of all the root moves' priors, 0 to 1.
    pub prior: f64,
    /// The move, then the most visited line below it.
    pub pv: Vec<Move>,
}

impl Report {
    /// The most visited move, preferring any move to a pass when visits tie.
    pub fn best(&self) -> Option<RootMove> {
        self.moves.first().copied()
    }

    /// The most visited move other than pass.
    pub fn best_play(&self) -> Option<RootMove> {
        self.moves
            .iter()
            .copied()
            .find(|(m, _, _)| *m != Move::Pass)
    }
}

pub(super) fn report(shared: &Shared) -> Report {
    let tree = &shared.tree;
    let children = tree.node(Tree::ROOT).children().unwrap_or(0..0);
    // Each move with its own games and their mean result, for `lead_by_lower_bound`.
    let mut moves: Vec<(RootMove, (u32, f64))> = children
        .clone()
        .map(|i| {
            let n = tree.node(i);
            let s = n.stats();
            ((n.mv(), s.visits, s.winrate()), n.own_result())
        })
        .collect();
    moves.sort_by(|(a, _), (b, _)| {
        b.1.cmp(&a.1)
            .then((a.0 == Move::Pass).cmp(&(b.0 == Move::Pass)))
    });
    lead_by_lower_bound(&mut moves, shared.limits.tuning.lcb);
    let moves = moves.into_iter().map(|(m, _)| m).collect();
    let playouts = shared.finished.load(Relaxed);
    let ownership = shared.ownership.shares();
    Report {
        moves,
        candidates: candidates(tree, children),
        pv: line_below(tree, Tree::ROOT),
        playouts,
        seconds: shared.start.elapsed().as_secs_f64(),
        nodes: tree.nodes(),
        ownership,
        mean_margin: shared.margins.load(Relaxed) as f64 / 2.0 / playouts.max(1) as f64
            + shared.limits.komi_offset,
    }
}

/// Moves with at least one in this many of the most games may lead by their lower bound
/// (`lead_by_lower_bound`); fewer games say too little.
const LOWER_BOUND_SHARE: u32 = 10;

/// With `z` above 0 (`--tune lcb=Z`), puts first among `moves` (most visited first, each
/// with its own games and their mean result) the one whose own result less `z` standard
/// errors is highest, of those with a tenth of the most games or more: a move with fewer
/// games but a clearly better result is better than the most visited one, which its prior
/// or its AMAF may have pushed ahead (Leela Zero and KataGo choose so). Priors are left
/// out: their virtual wins would make a little-searched favourite look sure. The error is
/// that of a mean of `games` results, at most 0.5 / √games.
fn lead_by_lower_bound<T>(moves: &mut [(T, (u32, f64))], z: f64) {
    let most = moves
        .iter()
        .map(|(_, (games, _))| *games)
        .max()
        .unwrap_or(0);
    if z <= 0.0 || most == 0 {
        return;
    }
    let bound = |&(games, rate): &(u32, f64)| rate - z * 0.5 / f64::from(games.max(1)).sqrt();
    let best = (0..moves.len())
        .filter(|&i| moves[i].1.0 * LOWER_BOUND_SHARE >= most)
        .max_by(|&a, &b| bound(&moves[a].1).total_cmp(&bound(&moves[b].1)))
        .unwrap_or(0);
    moves[..=best].rotate_right(1);
}

/// The root moves with games of their own, most visited first.
fn candidates(tree: &Tree, children: std::ops::Range<u32>) -> Vec<Candidate> {
    let prior_total: u32 = children.clone().map(|i| tree.node(i).prior_visits()).sum();
    let mut list: Vec<Candidate> = children
        .filter(|&i| tree.node(i).real_visits() > 0)
        .map(|i| {
            let node = tree.node(i);
            let mut pv = vec![node.mv()];
            pv.extend(line_below(tree, i));
            Candidate {
                mv: node.mv(),
                visits: node.real_visits(),
                winrate: node.stats().winrate(),
                prior: f64::from(node.prior_visits()) / f64::from(prior_total.max(1)),
                pv,
            }
        })
        .collect();
    list.sort_by_key(|c| std::cmp::Reverse(c.visits));
    list
}

/// The most visited line below a node, as far as games went (at most `PV_LENGTH` moves).
fn line_below(tree: &Tree, mut node: u32) -> Vec<Move> {
    let mut line = Vec::new();
    while line.len() < PV_LENGTH {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;

    fn play(i: usize) -> Move {
        Move::Play(Point::new(i))
    }

    /// A move with a third of the games but a win rate clearly better comes first; one whose
    /// edge is within the errors does not, nor does one with too few games to count.
    #[test]
    fn the_lower_bound_puts_a_clearly_better_move_first() {
        let list = |second: f64| {
            vec![
                (play(1), (1000, 0.45)),
                (play(2), (300, second)),
                (play(3), (50, 0.95)),
            ]
        };
        let mut moves = list(0.60);
        lead_by_lower_bound(&mut moves, 2.0);
        assert_eq!(
            moves,
            vec![
                (play(2), (300, 0.60)),
                (play(1), (1000, 0.45)),
                (play(3), (50, 0.95))
            ]
        );
        let mut moves = list(0.47);
        lead_by_lower_bound(&mut moves, 2.0);
        assert_eq!(moves, list(0.47));
        let mut moves = list(0.60);
        lead_by_lower_bound(&mut moves, 0.0);
        assert_eq!(moves, list(0.60));
    }
}
