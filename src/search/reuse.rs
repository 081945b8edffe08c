//! Tree reuse between moves: the tree of the last search is kept with the position its root
//! stands for, and the next search of the same game starts from the subtree below the moves
//! played since. A tree never crosses into another game or another board size.

use super::tree::Tree;
use super::{Limits, Report, Watch, search_tree};
use crate::board::Color;
use crate::game::{Game, Step};

/// Searches `game` for `color`, starting from the subtree of `kept` where it fits the game (a
/// fresh tree otherwise), and gives the tree back kept for the next search.
pub fn search_reusing(
    game: &Game,
    color: Color,
    limits: &Limits,
    pool: &rayon::ThreadPool,
    kept: Option<KeptTree>,
    watch: Option<Watch>,
) -> (Report, KeptTree) {
    let tree = kept
        .and_then(|k| k.reuse(game, color, limits.budget.tree_bytes()))
        .unwrap_or_else(|| Tree::new(limits.budget.tree_bytes()));
    let reused = tree.node(Tree::ROOT).stats().visits;
    log::debug!("kept {reused} visits from the last search");
    let (report, tree) = search_tree(game, color, limits, pool, tree, watch);
    (report, KeptTree::new(tree, game, color))
}

/// A search tree and the position its root stands for.
pub struct KeptTree {
    tree: Tree,
    /// The board size: the tree's points mean nothing on another board.
    size: usize,
    /// Steps of the game at the root, the stones there, and the side to move.
    steps: usize,
    hash: u64,
    color: Color,
}

impl KeptTree {
    /// Keeps `tree`, whose root is the game's position now with `color` to move.
    pub fn new(tree: Tree, game: &Game, color: Color) -> KeptTree {
        KeptTree {
            tree,
            size: game.size(),
            steps: game.steps().len(),
            hash: game.board().hash(),
            color,
        }
    }

    /// The part of the tree below the moves played since, copied into a tree of at most
    /// `max_bytes`, if the game went on from the root by moves alone, with `color` to move now.
    fn reuse(self, game: &Game, color: Color, max_bytes: usize) -> Option<Tree> {
        if self.size != game.size() || game.hash_at(self.steps) != Some(self.hash) {
            return None;
        }
        let mut node = Tree::ROOT;
        let mut to_move = self.color;
        for step in game.steps().get(self.steps..)? {
            let Step::Move(c, mv) = *step else {
                return None;
            };
            if c != to_move {
                return None;
            }
            node = self.tree.child(node, mv)?;
            to_move = to_move.opponent();
        }
        (to_move == color).then(|| Tree::subtree(&self.tree, node, max_bytes))
    }

    #[cfg(test)]
    pub fn tree(&self) -> &Tree {
        &self.tree
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;
    use crate::game::Superko;
    use crate::search::tests::limits;
    use crate::search::{Limits, search_tree, thread_pool};
    use crate::tuning::Constants;

    const BYTES: usize = 64 << 20;

    /// The most visited child of `node` and its visits.
    fn most_visited(tree: &Tree, node: u32) -> (Move, u32) {
        let children = tree.node(node).children().unwrap();
        children
            .map(|i| (tree.node(i).mv(), tree.node(i).stats().visits))
            .max_by_key(|&(_, visits)| visits)
            .unwrap()
    }

    /// Searches `game` for Black in a fresh tree and plays the most visited move and its
    /// most visited reply; gives the tree kept and the visits of the reply.
    fn search_and_play(game: &mut Game, limits: &Limits) -> (KeptTree, u32) {
        let pool = thread_pool(1);
        let (_, tree) = search_tree(game, Color::Black, limits, &pool, Tree::new(BYTES), None);
        let kept = KeptTree::new(tree, game, Color::Black);
        let (mine, _) = most_visited(kept.tree(), Tree::ROOT);
        let after_mine = kept.tree().child(Tree::ROOT, mine).unwrap();
        let (reply, visits) = most_visited(kept.tree(), after_mine);
        game.play(Color::Black, mine).unwrap();
        game.play(Color::White, reply).unwrap();
        (kept, visits)
    }

    #[test]
    fn the_subtree_of_the_moves_played_is_kept() {
        let mut game = Game::new(9, 7.5, Superko::Situational);
        let (kept, expected_visits) = search_and_play(&mut game, &limits(800, 1, 1));
        // Not for the wrong colour.
        let start = Game::new(9, 7.5, Superko::Situational);
        let copy = Tree::subtree(kept.tree(), Tree::ROOT, BYTES);
        let again = KeptTree::new(copy, &start, Color::Black);
        assert!(again.reuse(&game, Color::White, BYTES).is_none());
        let tree = kept
            .reuse(&game, Color::Black, BYTES)
            .expect("a reusable tree");
        assert_eq!(tree.node(Tree::ROOT).stats().visits, expected_visits);
        // Not after the game went elsewhere, nor on another board.
        let elsewhere = KeptTree::new(tree, &game, Color::Black);
        let other = Game::new(9, 7.5, Superko::Situational);
        assert!(elsewhere.reuse(&other, Color::Black, BYTES).is_none());
    }

    /// The priors of every root move of `tree`, by move.
    fn root_priors(tree: &Tree) -> Vec<(Move, u32, u32)> {
        let children = tree.node(Tree::ROOT).children().unwrap();
        let mut priors: Vec<(Move, u32, u32)> = children
            .map(|i| tree.node(i))
            .map(|n| (n.mv(), n.prior_visits(), n.prior_wins()))
            .collect();
        priors.sort_by_key(|p| format!("{:?}", p.0));
        priors
    }

    /// On 19×19 the network refines the priors near the root only; a kept subtree was
    /// expanded deeper down, and its root gets the priors a fresh root would have.
    #[test]
    fn a_kept_root_gets_the_priors_of_a_fresh_one() {
        let mut game = Game::new(19, 7.5, Superko::Situational);
        let pool = thread_pool(1);
        let on_19x19 = |playouts| Limits {
            constants: Constants::defaults(19),
            ..limits(playouts, 1, 1)
        };
        assert!(on_19x19(1).constants.network > 0.0);
        let fresh = |game: &Game| {
            search_tree(
                game,
                Color::Black,
                &on_19x19(1),
                &pool,
                Tree::new(BYTES),
                None,
            )
            .1
        };
        let (kept, _) = search_and_play(&mut game, &on_19x19(1500));
        let tree = kept.reuse(&game, Color::Black, BYTES).unwrap();
        assert!(
            tree.node(Tree::ROOT).children().is_some(),
            "the root was expanded"
        );
        let (_, tree) = search_tree(&game, Color::Black, &on_19x19(1), &pool, tree, None);
        assert_eq!(root_priors(&tree), root_priors(&fresh(&game)));
    }
}
