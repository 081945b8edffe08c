//! The heavy playout policy, in the MoGo/Pachi tradition. In order, the first rule that gives
//! candidates chooses among them at random (each rule's rate and its defaults by board size
//! are in `tuning::Constants`):
//! 1. capture the last move's string if it is in atari (`fights`);
//! 2. save own strings next to the last move that are in atari (capture a neighbour in atari,
//!    or extend when that gives two liberties or more; with `ladders`, not into a working
//!    ladder);
//! 3. at `twolib`, strings with two liberties at the last move (atari an enemy string that
//!    has no miai of connections; extend an own string to three liberties or more, or take or
//!    atari an enemy string next to it); then, at `race`, own strings of three or four
//!    liberties there atari an enemy string of two next to them;
//! 4. at `nakade`, the vital point of an eye space of three to six points that the last move
//!    closed or touched (`shape`, `knowledge::nakade`);
//! 5. good 3×3 shape next to the last two moves (`shape`): MoGo's hand-made shapes, or the
//!    move model's strong ones weighed by their strength;
//! 6. a random move that fills no own eye and puts no string of two or more stones in atari,
//!    except as a nakade sacrifice (`chance`), refusing such a self-atari at `selfatari`; at
//!    `approach`, a refused self-atari becomes an approach move instead.
//!
//! Rules 1–5 are tried at `rate` each time. At `idle`, rules 5 and 6 also refuse an idle
//! sacrifice: a lone stone the enemy takes for free (`Board::is_idle_sacrifice`).

use rand::rngs::SmallRng;

use super::candidates::Candidates;
use super::{Policy, RandomPolicy, chance, fights, happens, refused, shape};
use crate::board::{Board, Color, Move, Point};
use crate::knowledge::pattern::is_good_shape;
use crate::knowledge::weights::shape_strength;
use crate::tuning::Constants;

/// The heavy policy with the playout rules of `Constants`.
#[derive(Clone, Copy, Debug)]
pub struct HeavyPolicy {
    rules: Constants,
}

impl HeavyPolicy {
    pub fn new(rules: Constants) -> HeavyPolicy {
        HeavyPolicy { rules }
    }

    /// The policy with the default rules of a board of `size`, as `genmove` plays them.
    pub fn for_size(size: usize) -> HeavyPolicy {
        HeavyPolicy::new(Constants::defaults(size))
    }

    /// Rules 1 to 4, around the last move.
    fn local_move(
        &self,
        board: &Board,
        color: Color,
        last: Point,
        rng: &mut SmallRng,
    ) -> Option<Point> {
        let rules = &self.rules;
        if !happens(rules.rate as f32, rng) {
            return None;
        }
        let mut found = Candidates::new();
        fights::atari_moves(board, color, last, rules.ladders == 1.0, &mut found);
        if let Some(p) = found.pick(rng) {
            return Some(p);
        }
        if happens(rules.twolib as f32, rng) {
            fights::two_liberty_moves(board, color, last, &mut found);
            if let Some(p) = found.pick(rng) {
                return Some(p);
            }
        }
        if rules.race > 0.0 && happens(rules.race as f32, rng) {
            fights::race_moves(board, color, last, &mut found);
            if let Some(p) = found.pick(rng) {
                return Some(p);
            }
        }
        if rules.nakade > 0.0 && happens(rules.nakade as f32, rng) {
            return shape::vital_point_move(board, color, last);
        }
        None
    }

    /// Rule 5.
    fn shape_move(&self, board: &Board, color: Color, rng: &mut SmallRng) -> Option<Point> {
        if !happens(self.rules.rate as f32, rng) {
            return None;
        }
        let mut found = Candidates::new();
        let idle = |p: Point, rng: &mut SmallRng| {
            refused(self.rules.idle as f32, rng, || {
                board.is_idle_sacrifice(color, p)
            })
        };
        let bar = self.rules.shapes as f32;
        if bar > 0.0 {
            let gamma = |p: Point| shape_strength(board.neighbourhood(p).into(), color);
            let good = |p| gamma(p) >= bar && !idle(p, rng);
            shape::shape_moves(board, color, good, &mut found);
            found.pick_weighted(rng, gamma)
        } else {
            let good = |p| is_good_shape(board, p, color) && !idle(p, rng);
            shape::shape_moves(board, color, good, &mut found);
            found.pick(rng)
        }
    }

    /// Rule 6.
    fn random_move(&self, board: &Board, color: Color, rng: &mut SmallRng) -> Move {
        let random = RandomPolicy {
            self_atari_rejection: self.rules.selfatari as f32,
            idle_sacrifice_rejection: self.rules.idle as f32,
        };
        chance::random_move(board, color, random, self.rules.approach as f32, rng)
    }
}

impl Policy for HeavyPolicy {
    fn choose(&mut self, board: &Board, color: Color, rng: &mut SmallRng) -> Move {
        if let Some(last) = board.last_moves()[0]
            && let Some(p) = self.local_move(board, color, last, rng)
        {
            return Move::Play(p);
        }
        match self.shape_move(board, color, rng) {
            Some(p) => Move::Play(p),
            None => self.random_move(board, color, rng),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::playout;
    use rand::SeedableRng;

    fn at(board: &Board, name: &str) -> Point {
        board.point_named(name).unwrap()
    }

    /// The 9×9 defaults, with `change` made.
    fn policy(change: impl FnOnce(&mut Constants)) -> HeavyPolicy {
        let mut rules = Constants::defaults(9);
        change(&mut rules);
        HeavyPolicy::new(rules)
    }

    #[test]
    fn captures_the_last_move_in_atari() {
        let mut board = Board::from_diagram(&[
            ".......", //
            ".......", "..X....", ".X.X...", ".......", ".......", ".......",
        ])
        .unwrap();
        board.play(Color::White, at(&board, "C4")).unwrap();
        // White C4 has one liberty, C3: Black takes it every time.
        let mut rng = SmallRng::seed_from_u64(1);
        for _ in 0..20 {
            assert_eq!(
                HeavyPolicy::for_size(9).choose(&board, Color::Black, &mut rng),
                Move::Play(at(&board, "C3"))
            );
        }
    }

    #[test]
    fn saves_a_string_put_in_atari() {
        let mut board = Board::from_diagram(&[
            ".......", //
            ".......", "..O....", ".OX....", ".......", ".......", ".......",
        ])
        .unwrap();
        board.play(Color::White, at(&board, "D4")).unwrap();
        // White D4 leaves Black C4 one liberty, C3; extending there gives it three.
        let mut rng = SmallRng::seed_from_u64(2);
        for _ in 0..20 {
            assert_eq!(
                HeavyPolicy::for_size(9).choose(&board, Color::Black, &mut rng),
                Move::Play(at(&board, "C3"))
            );
        }
    }

    #[test]
    fn the_nakade_rule_plays_the_vital_point_of_a_bulky_five() {
        // White closes its eye space with D6: B6 C6 B5 C5 D5 is a bulky five, which Black
        // kills at C5.
        let mut board = Board::from_diagram(&[
            "OOOOO..", //
            "O...O..", "O...O..", "OOOOO..", ".......", ".......", ".......",
        ])
        .unwrap();
        board.play(Color::White, at(&board, "D6")).unwrap();
        let policy = policy(|rules| rules.nakade = 1.0);
        let mut rng = SmallRng::seed_from_u64(4);
        let p = policy.local_move(&board, Color::Black, at(&board, "D6"), &mut rng);
        assert_eq!(p, Some(at(&board, "C5")));
        // Without the rule the local rules have nothing to say.
        let p =
            HeavyPolicy::for_size(9).local_move(&board, Color::Black, at(&board, "D6"), &mut rng);
        assert_eq!(p, None);
    }

    #[test]
    fn an_idle_sacrifice_is_refused_at_its_rate() {
        // Black C3 would be taken for free at C2 (`Board::is_idle_sacrifice`).
        let board = Board::from_diagram(&[".....", "..O..", ".O.O.", ".....", "....."]).unwrap();
        let c3 = Move::Play(at(&board, "C3"));
        let mut rng = SmallRng::seed_from_u64(5);
        let mut times_played = |rate| {
            let mut policy = policy(|rules| rules.idle = rate);
            (0..400)
                .filter(|_| policy.choose(&board, Color::Black, &mut rng) == c3)
                .count()
        };
        assert!(times_played(0.0) > 5);
        assert_eq!(times_played(1.0), 0);
    }

    #[test]
    fn heavy_playouts_end_and_keep_the_board_consistent() {
        let mut rng = SmallRng::seed_from_u64(3);
        let every_rule = policy(|rules| {
            (rules.shapes, rules.rate, rules.ladders) = (4.0, 0.8, 1.0);
            (rules.selfatari, rules.twolib, rules.race) = (0.6, 0.9, 0.5);
            (rules.nakade, rules.approach, rules.idle) = (0.8, 0.8, 0.6);
        });
        for (size, mut policy) in [5, 9, 19]
            .into_iter()
            .flat_map(|s| [(s, HeavyPolicy::for_size(s)), (s, every_rule)])
        {
            for _ in 0..10 {
                let mut board = Board::new(size);
                let moves = playout(&mut board, Color::Black, &mut policy, &mut rng);
                board.check_invariants();
                assert!(moves < 3 * size * size, "{size}: {moves} moves");
            }
        }
    }
}
