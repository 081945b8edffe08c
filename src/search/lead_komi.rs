//! Lead komi: no slack moves when far ahead. A search counts only wins and losses, so once
//! every move wins nearly all its playouts it can no longer tell the move that keeps the lead
//! from one that gives away twenty points, and it drifts into slack moves until a mistake of
//! the opponent's or its own makes the game close again. The side far ahead therefore counts
//! its next search with part of its lead paid as extra komi, and the search has points to
//! fight for again (in the spirit of Pachi's adaptive dynamic komi, which steers by the win
//! rate too; KataGo adds a score term to its utility instead).
//!
//! The extra komi is at most half of the lead the playouts found at the real komi (the
//! `lead_share` of `tuning`), so a move that wins with it wins the real game with room to
//! spare, and it is dropped at once when the search with it no longer wins most of its games.

use crate::tuning::Constants;

/// Below this win rate the search with the lead komi is no longer comfortable: the next one
/// counts with the real komi again.
const NOT_COMFORTABLE: f64 = 0.5;

/// The lead komi of a side's next search: `komi` is the one its last search counted with
/// (paid by that side, in points), `winrate` that search's win rate for the side, and `lead`
/// the median margin of its playouts at the real komi, from the side's view. From a win rate
/// of `lead_from` up (of the search that counted with the lead komi so far), the side is far
/// enough ahead to pay `lead_share` of its lead. Whole points, so that a komi with a half
/// point keeps it and no game ends in a tie that the real one would not have.
pub fn next(komi: f64, winrate: f64, lead: f64, constants: &Constants) -> f64 {
    let most = (constants.lead_share * lead).floor().max(0.0);
    if winrate < NOT_COMFORTABLE {
        0.0
    } else if winrate >= constants.lead_from {
        most
    } else {
        komi.min(most)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn next(komi: f64, winrate: f64, lead: f64) -> f64 {
        super::next(komi, winrate, lead, &Constants::defaults(19))
    }

    #[test]
    fn a_side_far_ahead_pays_half_its_lead_in_whole_points() {
        assert_eq!(next(0.0, 0.97, 21.0), 10.0);
        assert_eq!(next(0.0, 0.95, 9.5), 4.0);
        // Not far enough ahead: nothing to pay.
        assert_eq!(next(0.0, 0.9, 30.0), 0.0);
        assert_eq!(next(0.0, 0.6, 30.0), 0.0);
    }

    #[test]
    fn the_komi_follows_the_lead_and_is_kept_while_comfortable() {
        // Still far ahead with the lead komi: it follows the lead, up or down.
        assert_eq!(next(10.0, 0.96, 15.0), 7.0);
        assert_eq!(next(10.0, 0.96, 30.0), 15.0);
        // Comfortable: it stays, but shrinks with the lead.
        assert_eq!(next(10.0, 0.7, 30.0), 10.0);
        assert_eq!(next(10.0, 0.7, 12.0), 6.0);
        // A lead that is gone or was never there pays nothing.
        assert_eq!(next(10.0, 0.96, -3.0), 0.0);
        assert_eq!(next(0.0, 0.99, 1.0), 0.0);
    }

    #[test]
    fn a_search_that_struggles_with_the_lead_komi_drops_it() {
        assert_eq!(next(10.0, 0.45, 40.0), 0.0);
        assert_eq!(next(3.0, 0.1, 40.0), 0.0);
    }

    #[test]
    fn the_threshold_and_the_share_are_tunable() {
        let mut constants = Constants::defaults(9);
        constants.lead_from = 0.85;
        assert_eq!(super::next(0.0, 0.8, 20.0, &constants), 0.0);
        assert_eq!(super::next(0.0, 0.86, 20.0, &constants), 10.0);
        constants.lead_share = 0.0;
        assert_eq!(super::next(0.0, 0.99, 20.0, &constants), 0.0);
    }
}
