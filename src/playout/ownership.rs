//! Who owns each point at the end of playouts. A search counts its playouts here, the threads
//! together; the dead-stone judgement and the analysis commands read the shares.

use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

use rand::rngs::SmallRng;

use super::{Policy, final_owner, playout};
use crate::board::{Board, Color, MAX_CELLS, Point};

pub struct Ownership {
    /// Games each point ended as Black's and as White's, by point index.
    owned: Vec<[AtomicU32; 2]>,
    games: AtomicU32,
}

impl Default for Ownership {
    fn default() -> Ownership {
        Ownership {
            owned: (0..MAX_CELLS)
                .map(|_| [AtomicU32::new(0), AtomicU32::new(0)])
                .collect(),
            games: AtomicU32::new(0),
        }
    }
}

impl Ownership {
    /// Counts the owners of a finished playout; gives Black's area less White's.
    pub fn count(&self, board: &Board) -> i32 {
        let mut difference = 0;
        for p in board.points() {
            if let Some(c) = final_owner(board, p) {
                self.owned[p.index()][c.index()].fetch_add(1, Relaxed);
                difference += if c == Color::Black { 1 } else { -1 };
            }
        }
        self.games.fetch_add(1, Relaxed);
        difference
    }

    /// Plays `games` playouts of `policy` from `board`, `color` to move, and counts them.
    pub fn play(
        &self,
        board: &Board,
        color: Color,
        games: u32,
        policy: &mut impl Policy,
        rng: &mut SmallRng,
    ) {
        let mut end = board.clone();
        for _ in 0..games {
            end.clone_from(board);
            playout(&mut end, color, policy, rng);
            self.count(&end);
        }
    }

    pub fn games(&self) -> u32 {
        self.games.load(Relaxed)
    }

    /// The share of the games in which `color` owned `p` (0 before any game).
    pub fn share(&self, p: Point, color: Color) -> f64 {
        let owned = self.owned[p.index()][color.index()].load(Relaxed);
        f64::from(owned) / f64::from(self.games().max(1))
    }

    /// Black's and White's shares of every point, by point index.
    pub fn shares(&self) -> Vec<[f32; 2]> {
        let games = self.games().max(1) as f32;
        self.owned
            .iter()
            .map(|o| o.each_ref().map(|c| c.load(Relaxed) as f32 / games))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::RandomPolicy;
    use rand::SeedableRng;

    /// A living Black corner group owns its points in every playout; the empty rest of the
    /// board is shared between the colours.
    #[test]
    fn a_living_group_owns_its_points_in_every_playout() {
        let board = Board::from_diagram(&[
            ".X.X.....",
            "XXXX.....",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ])
        .unwrap();
        let ownership = Ownership::default();
        let mut rng = SmallRng::seed_from_u64(3);
        let mut policy = RandomPolicy::default();
        ownership.play(&board, Color::White, 200, &mut policy, &mut rng);
        assert_eq!(ownership.games(), 200);
        let at = |name: &str| board.point_named(name).unwrap();
        assert_eq!(ownership.share(at("A9"), Color::Black), 1.0);
        assert_eq!(ownership.share(at("C8"), Color::Black), 1.0);
        assert_eq!(ownership.share(at("A9"), Color::White), 0.0);
        let centre = ownership.share(at("E5"), Color::Black);
        assert!(0.1 < centre && centre < 0.9, "{centre}");
        let [black, white] = ownership.shares()[at("E5").index()];
        assert!((black + white - 1.0).abs() < 0.05, "{black} {white}");
    }
}
