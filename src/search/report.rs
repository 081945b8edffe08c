//! What a search found, read from the tree: at the end of a search, and while it runs for the
//! analysis commands that show its progress.

use std::sync::atomic::Ordering::Relaxed;

use super::Shared;
use super::score::Score;
use super::tree::Tree;
use crate::board::{Color, Move};

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
    /// The margins of all this search's games, for the player to move; `None` before any.
    pub score: Option<Score>,
    /// Every root move's share of the root moves' priors, 0 to 1: how much the move model
    /// and the other knowledge liked it before any search.
    pub priors: Vec<(Move, f64)>,
}

/// One root move as an analysis shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    pub mv: Move,
    /// Games played through the move (its prior not counted).
    pub visits: u32,
    /// The mean result of the games played through the move, for the player making it, 0 to
    /// 1: its prior's virtual games and its AMAF games left out, as Leela Zero and KataGo
    /// show a move's win rate. Always at the game's own komi: when the search counted with
    /// another (dynamic or lead komi), it is the share of this search's games through the
    /// move that the real komi would have won.
    pub winrate: f64,
    /// The move's share of all the root moves' priors, 0 to 1.
    pub prior: f64,
    /// The margins of this search's games through the move, for the player making it; `None`
    /// for a move whose games were all played in an earlier search of a kept tree.
    pub score: Option<Score>,
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
    let mut moves: Vec<RootMove> = children
        .clone()
        .map(|i| {
            let n = tree.node(i);
            let s = n.stats();
            (n.mv(), s.visits, s.winrate())
        })
        .collect();
    moves.sort_by(|a, b| {
        b.1.cmp(&a.1)
            .then((a.0 == Move::Pass).cmp(&(b.0 == Move::Pass)))
    });
    let playouts = shared.finished.load(Relaxed);
    let ownership = shared.ownership.shares();
    // The game's own komi: dynamic komi is only the search's.
    let komi = shared.komi - shared.limits.komi_offset;
    let for_mover = |score: Score| match shared.root_color {
        Color::Black => score,
        Color::White => score.reversed(),
    };
    let score_of = |i: u32| {
        let child = (i - children.start) as usize;
        shared.scores.score(child, komi).map(for_mover)
    };
    let prior_total: u32 = children.clone().map(|i| tree.node(i).prior_visits()).sum();
    let prior_of = |i: u32| f64::from(tree.node(i).prior_visits()) / f64::from(prior_total.max(1));
    let priors = (children.clone())
        .map(|i| (tree.node(i).mv(), prior_of(i)))
        .collect();
    Report {
        moves,
        priors,
        candidates: candidates(
            tree,
            children.clone(),
            prior_of,
            score_of,
            shared.limits.komi_offset != 0.0,
        ),
        score: shared.scores.total(komi).map(for_mover),
        pv: line_below(tree, Tree::ROOT),
        playouts,
        seconds: shared.start.elapsed().as_secs_f64(),
        nodes: tree.nodes(),
        ownership,
        mean_margin: shared.margins.load(Relaxed) as f64 / 2.0 / playouts.max(1) as f64
            + shared.limits.komi_offset,
    }
}

/// The root moves with games of their own, most visited first.
fn candidates(
    tree: &Tree,
    children: std::ops::Range<u32>,
    prior_of: impl Fn(u32) -> f64,
    score_of: impl Fn(u32) -> Option<Score>,
    other_komi: bool,
) -> Vec<Candidate> {
    let mut list: Vec<Candidate> = children
        .filter(|&i| tree.node(i).real_visits() > 0)
        .map(|i| {
            let node = tree.node(i);
            let mut pv = vec![node.mv()];
            pv.extend(line_below(tree, i));
            let score = score_of(i);
            let winrate = match (other_komi, score) {
                (true, Some(score)) => score.wins,
                _ => node.own_result().1,
            };
            Candidate {
                score,
                mv: node.mv(),
                visits: node.real_visits(),
                winrate,
                prior: prior_of(i),
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
