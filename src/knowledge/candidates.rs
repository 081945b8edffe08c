//! The moves the move model rates, and how it rates them: one recipe for the search's
//! expansion, the trainers and the tests, so that the model is fitted on the candidates the
//! search gives it and rates them in training as in play.

use super::features::{self, Features, line};
use super::{network, spatial, weights};
use crate::board::{Board, Color, MAX_POINTS, Point};

/// Whether `color`'s move at `p` is a candidate: legal, filling no own eye, and no idle edge
/// move of an opening `opening` stones long (`is_wasted_in_opening`).
pub fn is_candidate(board: &Board, color: Color, p: Point, opening: usize) -> bool {
    !board.is_eye(color, p)
        && board.is_legal(color, p)
        && !is_wasted_in_opening(board, color, p, opening)
}

/// Whether `color`'s move at `p` is an idle edge move of the opening, which is no candidate:
/// on a board larger than 13×13 with fewer than `opening` stones on it (`--tune opening=N`,
/// 20 by default), a move on the first two lines that neither captures nor saves stones (an
/// atari there counts as wasted too, as the 19×19 opening bar counts it). At a few thousand
/// playouts the search cannot tell a joseki's second-line hane from a crawl: in self-play it
/// crawled along the second line from move 11 on, and played such moves at moves 7–9 in
/// three games of five. Strong players play 2.5% of their first ten moves there, 18% of the
/// next ten (mostly joseki in the corners), which tengen now leaves to the middle game.
pub fn is_wasted_in_opening(board: &Board, color: Color, p: Point, opening: usize) -> bool {
    let size = board.size();
    size > 13
        && size * size - board.empty_count() < opening
        && line(board, p) < 2
        && board.stones_taken(color, p) == 0
        && board.stones_saved(color, p) == 0
}

/// The move model's strength of each of `candidates`, into `strengths`, with their features
/// into `features`: the large shapes read from one window of the board.
pub fn rate(
    board: &Board,
    color: Color,
    candidates: &[Point],
    features: &mut [Features],
    strengths: &mut [f32],
) {
    let window = spatial::Window::new(board, color);
    let shapes = spatial::built_in();
    for (i, &p) in candidates.iter().enumerate() {
        features[i] = features::features_with(board, color, p, &window, shapes);
        strengths[i] = weights::strength(&features[i], color);
    }
}

/// Each of `candidates` with the move model's strength of it, for the trainers and tests.
pub fn rated(board: &Board, color: Color, candidates: &[Point]) -> Vec<(Point, f32)> {
    let mut features = vec![[0; features::GROUPS]; candidates.len()];
    let mut strengths = vec![0.0; candidates.len()];
    rate(board, color, candidates, &mut features, &mut strengths);
    candidates.iter().copied().zip(strengths).collect()
}

/// The move model's share of each of `candidates`, in their order, refined by the built-in
/// network if `network`; writes their features. Without the network nothing is allocated:
/// most of the search's expansions are deep in the tree.
pub fn shares(
    board: &Board,
    color: Color,
    candidates: &[Point],
    features: &mut [Features],
    network: bool,
) -> [f64; MAX_POINTS] {
    let mut strengths = [0f32; MAX_POINTS];
    let strengths = &mut strengths[..candidates.len()];
    rate(board, color, candidates, features, strengths);
    let mut shares = [0f64; MAX_POINTS];
    if network {
        let scored: Vec<(Point, f32)> = candidates
            .iter()
            .copied()
            .zip(strengths.iter().copied())
            .collect();
        let refined = network::built_in().shares(board, color, &scored);
        for (share, r) in shares.iter_mut().zip(refined) {
            *share = f64::from(r);
        }
    } else {
        let total = strengths.iter().sum::<f32>().max(f32::MIN_POSITIVE);
        for (share, s) in shares.iter_mut().zip(strengths.iter()) {
            *share = f64::from(s / total);
        }
    }
    shares
}

#[cfg(test)]
mod tests {
    use super::*;

    /// In the first twenty moves of a 19x19 game the candidates leave out the first two lines,
    /// except a capture or an escape from atari; not on 13x13, nor after the opening.
    #[test]
    fn the_opening_leaves_out_edge_moves_that_neither_capture_nor_save() {
        let wasted = |board: &Board, color: Color, name: &str| {
            let p = board.point_named(name).unwrap();
            is_wasted_in_opening(board, color, p, 20)
        };
        let mut board = Board::new(19);
        // White D3, C2 and D1 leave Black D2 one liberty, E2.
        let (black, white) = (Color::Black, Color::White);
        let stones = [
            ("D3", white),
            ("E3", black),
            ("C2", white),
            ("D2", black),
            ("D1", white),
        ];
        for (name, color) in stones {
            board.play(color, board.point_named(name).unwrap()).unwrap();
        }
        assert!(wasted(&board, black, "K2"));
        assert!(wasted(&board, black, "A1"));
        assert!(!wasted(&board, black, "K3"));
        // White E2 takes D2, Black E2 saves it.
        assert!(!wasted(&board, white, "E2"));
        assert!(!wasted(&board, black, "E2"));
        assert!(wasted(&board, white, "F2"));
        // Black E1 only ataris White D1.
        assert!(wasted(&board, black, "E1"));
        let small = Board::new(13);
        assert!(!wasted(&small, black, "G2"));
        let mut late = Board::new(19);
        for i in 0..20 {
            let p = late.point(3 + i % 13, 3 + 2 * (i / 13));
            late.play([black, white][i % 2], p).unwrap();
        }
        assert!(!wasted(&late, black, "K2"));
    }

    /// The shares are the strengths made to sum to one, and the network's refinement also
    /// sums to one over the same candidates.
    #[test]
    fn the_shares_of_the_candidates_make_one() {
        let board = Board::new(19);
        let candidates: Vec<Point> = (board.points())
            .filter(|&p| is_candidate(&board, Color::Black, p, 20))
            .collect();
        assert_eq!(candidates.len(), 15 * 15, "the first two lines left out");
        let rated = rated(&board, Color::Black, &candidates);
        let mut features = vec![[0; features::GROUPS]; candidates.len()];
        for network in [false, true] {
            let shares = shares(&board, Color::Black, &candidates, &mut features, network);
            let sum: f64 = shares[..candidates.len()].iter().sum();
            assert!((sum - 1.0).abs() < 1e-3, "network {network}: {sum}");
            assert!(shares[candidates.len()..].iter().all(|&s| s == 0.0));
        }
        let total: f32 = rated.iter().map(|r| r.1).sum();
        let plain = shares(&board, Color::Black, &candidates, &mut features, false);
        assert!((plain[7] - f64::from(rated[7].1 / total)).abs() < 1e-6);
    }
}
