//! Ladder reading (征子): whether a string can be chased to capture by ataris alone.
//!
//! The attacker keeps the string at one liberty; the defender either extends or captures an
//! attacking string in atari. Three liberties or more is an escape. Reading plays on one copy
//! of the board (fixed-size arrays, so nothing is allocated), copies it again only where the
//! line of play branches, and gives up after a fixed number of positions or chase steps,
//! which then counts as an escape: a ladder too complex to read is not taken for a capture.

use crate::board::{Board, Color, Point};

/// Positions read before giving up; a ladder across a 19×19 board needs about 40.
const BUDGET: u32 = 200;
/// Ataris in one line of play before giving up: a ladder from corner to corner of 19×19 takes
/// about 36. A step keeps at most two board copies on the stack (where it branches), so this
/// bounds the stack a read takes (see the test).
const MAX_STEPS: u32 = 50;

/// Whether the string through `s` (one liberty, its owner to move) is captured in a ladder
/// whatever it does.
pub fn is_caught(board: &Board, s: Point) -> bool {
    caught(&mut board.clone(), s)
}

/// Whether `color`'s stone at `p` saves a string from atari only into a ladder that works:
/// the string through `p` is left with two liberties and the opponent captures it anyway.
pub fn is_failed_escape(board: &Board, color: Color, p: Point) -> bool {
    // Most escapes are plainly out or plainly in: read only when two liberties are left.
    if board.liberties_after(color, p, 3) != Some(2) {
        return false;
    }
    let mut after = board.clone();
    after.place(color, p);
    let mut budget = BUDGET;
    attack(&mut after, p, 0, &mut budget) == Some(true)
}

/// Whether `color`'s stone at `p` puts an enemy string in atari that cannot get away.
pub fn is_ladder_atari(board: &Board, color: Color, p: Point) -> bool {
    let enemy = Some(color.opponent());
    let (targets, count) = gather::<4>(
        board
            .neighbours(p)
            .into_iter()
            .filter(|&n| board.stone(n) == enemy && board.string_liberties(n) == 2),
    );
    if count == 0 {
        return false;
    }
    let mut after = board.clone();
    after.place(color, p);
    let found = any_from_here(&mut after, &targets[..count], |after, n| {
        Some(after.stone(n) == enemy && caught(after, n))
    });
    found == Some(true)
}

/// `is_caught` on a board the read may change.
fn caught(board: &mut Board, s: Point) -> bool {
    let mut budget = BUDGET;
    board.string_liberties(s) == 1 && defend(board, s, 0, &mut budget) == Some(true)
}

// The reading below plays on the board it is given and leaves it changed: a line of play
// that does not branch needs no copy, and a copy is made only where a second move has to be
// tried from the same position (`any_from_here`). Copying the board at every step was most
// of a read's cost in the playouts.

/// The attacker to move against `s` with two liberties, after `step` ataris: `Some(true)` if
/// one of the two ataris captures, `None` when the budget ran out.
fn attack(board: &mut Board, s: Point, step: u32, budget: &mut u32) -> Option<bool> {
    let defender = board.stone(s)?;
    let [a, b] = liberties_of_two(board, s);
    // Four liberties after extending, counting the atari's point, is an escape whatever the
    // atari captures: such an atari is not read.
    let (ataris, count) = gather::<2>(
        [(a, b), (b, a)]
            .into_iter()
            .filter(|&(atari, extension)| {
                board.is_legal(defender.opponent(), atari)
                    && board.liberties_after(defender, extension, 4) != Some(4)
            })
            .map(|(atari, _)| atari),
    );
    any_from_here(board, &ataris[..count], |after, atari| {
        after.place(defender.opponent(), atari);
        defend(after, s, step + 1, budget)
    })
}

/// The defender to move with `s` in atari: `Some(true)` if every escape fails.
fn defend(board: &mut Board, s: Point, step: u32, budget: &mut u32) -> Option<bool> {
    *budget = budget.checked_sub(1)?;
    if step > MAX_STEPS {
        return None;
    }
    let defender = board.stone(s)?;
    let escape = board.atari_liberty(s)?;
    let (tries, count) = gather::<5>(
        captures_next_to(board, s)
            .chain(std::iter::once(escape))
            .filter(|&p| board.is_legal(defender, p)),
    );
    let escaped = any_from_here(board, &tries[..count], |after, p| {
        after.place(defender, p);
        match after.string_liberties(s) {
            0 | 1 => Some(false),
            2 => attack(after, s, step, budget).map(|caught| !caught),
            _ => Some(true),
        }
    })?;
    Some(!escaped)
}

/// Whether `read` finds `Some(true)` after one of `moves`, each played from the position of
/// `board`: on a copy for all but the last, which plays on the board itself. `None` as soon
/// as a read runs out of its budget.
fn any_from_here(
    board: &mut Board,
    moves: &[Point],
    mut read: impl FnMut(&mut Board, Point) -> Option<bool>,
) -> Option<bool> {
    for (i, &p) in moves.iter().enumerate() {
        let found = if i + 1 == moves.len() {
            read(board, p)?
        } else {
            read(&mut board.clone(), p)?
        };
        if found {
            return Some(true);
        }
    }
    Some(false)
}

/// The first `N` different points of `points`, and how many there are.
fn gather<const N: usize>(points: impl Iterator<Item = Point>) -> ([Point; N], usize) {
    let mut found = [Point::default(); N];
    let mut count = 0;
    for p in points {
        if count < N && !found[..count].contains(&p) {
            found[count] = p;
            count += 1;
        }
    }
    (found, count)
}

/// The two liberties of a string that has exactly two.
fn liberties_of_two(board: &Board, s: Point) -> [Point; 2] {
    let stones = board.string_stones(s);
    gather(
        stones
            .flat_map(|stone| board.neighbours(stone))
            .filter(|&n| board.is_empty_point(n)),
    )
    .0
}

/// The liberties of the enemy strings in atari that touch the string through `s`; at most
/// four, which is plenty for a string being chased.
fn captures_next_to(board: &Board, s: Point) -> impl Iterator<Item = Point> {
    let defender = board.stone(s);
    let enemy = |n: Point| board.stone(n).is_some() && board.stone(n) != defender;
    let stones = board.string_stones(s);
    let (found, count) = gather::<4>(
        stones
            .flat_map(|stone| board.neighbours(stone))
            .filter(|&n| enemy(n))
            .filter_map(|n| board.atari_liberty(n)),
    );
    found.into_iter().take(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(board: &Board, name: &str) -> Point {
        board.point_named(name).unwrap()
    }

    /// White D4 between Black C4, D5 and E3: Black D3 puts it in atari and the ladder runs
    /// E4, E5, F5, F6, G6, ... to the top right corner unless White has a stone on the way.
    fn ladder(atari: bool, breaker: Option<&str>) -> Board {
        let mut board = Board::from_diagram(&[
            ".........",
            ".........",
            ".........",
            ".........",
            "...X.....",
            "..XO.....",
            "....X....",
            ".........",
            ".........",
        ])
        .unwrap();
        if atari {
            let d3 = at(&board, "D3");
            board.place(Color::Black, d3);
        }
        if let Some(name) = breaker {
            let p = at(&board, name);
            board.place(Color::White, p);
        }
        board
    }

    #[test]
    fn a_ladder_with_nothing_in_the_way_captures() {
        let board = ladder(true, None);
        let d4 = at(&board, "D4");
        assert!(is_caught(&board, d4), "White is chased to the edge");
        assert!(is_failed_escape(&board, Color::White, at(&board, "E4")));
    }

    #[test]
    fn a_ladder_breaker_saves_the_string() {
        let board = ladder(true, Some("G8"));
        let d4 = at(&board, "D4");
        assert!(!is_caught(&board, d4), "the chase runs into White G8");
        assert!(!is_failed_escape(&board, Color::White, at(&board, "E4")));
    }

    #[test]
    fn an_atari_that_starts_a_working_ladder_is_seen() {
        let board = ladder(false, None);
        assert!(is_ladder_atari(&board, Color::Black, at(&board, "D3")));
        let board = ladder(false, Some("G8"));
        assert!(!is_ladder_atari(&board, Color::Black, at(&board, "D3")));
        // From the other side the ladder runs to the bottom left, where nothing helps White.
        assert!(is_ladder_atari(&board, Color::Black, at(&board, "E4")));
        assert!(
            !is_ladder_atari(&board, Color::Black, at(&board, "F7")),
            "no atari"
        );
    }

    #[test]
    fn capturing_an_attacker_in_atari_is_an_escape() {
        // White D3 is in atari, but so is Black C3, whose last liberty is C4.
        let board = Board::from_diagram(&[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "...X.....",
            ".OXO.....",
            "..OX.....",
            ".........",
        ])
        .unwrap();
        let d3 = at(&board, "D3");
        assert_eq!(board.string_liberties(d3), 1);
        assert!(!is_caught(&board, d3), "White captures C3 and gets out");
    }

    #[test]
    fn the_longest_read_fits_in_a_small_stack() {
        // Across the whole 19x19 board, in a thread with the stack the search threads get;
        // the step bound keeps any read well within it.
        let stack = crate::search::STACK_BYTES;
        assert!(MAX_STEPS as usize * 2 * std::mem::size_of::<Board>() < stack / 4);
        let reader = std::thread::Builder::new().stack_size(stack).spawn(|| {
            let mut board = Board::new(19);
            for (color, name) in [
                (Color::Black, "C4"),
                (Color::Black, "D5"),
                (Color::Black, "E3"),
                (Color::Black, "D3"),
                (Color::White, "D4"),
            ] {
                let p = board.point_named(name).unwrap();
                board.place(color, p);
            }
            let d4 = board.point_named("D4").unwrap();
            is_caught(&board, d4)
        });
        assert!(
            reader.unwrap().join().unwrap(),
            "the ladder runs to the top right edge"
        );
    }

    /// Every ladder question on positions of random games, in a thread with the default
    /// stack of a spawned thread (2 MB), which is smaller than a search thread's.
    #[test]
    fn reading_random_positions_stays_within_the_stack() {
        use rand::SeedableRng;
        use rand::rngs::SmallRng;
        use rand::seq::IndexedRandom;
        let reader = std::thread::Builder::new().stack_size(2 << 20).spawn(|| {
            let mut rng = SmallRng::seed_from_u64(7);
            let mut questions = 0;
            for size in [9, 13, 19] {
                for _ in 0..20 {
                    let mut board = Board::new(size);
                    let mut color = Color::Black;
                    for _ in 0..size * size * 2 {
                        let mut moves = Vec::new();
                        for p in board.points().collect::<Vec<_>>() {
                            if board.is_empty_point(p) && board.is_legal(color, p) {
                                is_failed_escape(&board, color, p);
                                is_ladder_atari(&board, color, p);
                                questions += 1;
                                if !board.is_eye(color, p) {
                                    moves.push(p);
                                }
                            }
                        }
                        match moves.choose(&mut rng) {
                            Some(&p) => board.play(color, p).unwrap(),
                            None => board.pass(),
                        }
                        color = color.opponent();
                    }
                }
            }
            questions
        });
        assert!(reader.unwrap().join().unwrap() > 100_000);
    }
}
