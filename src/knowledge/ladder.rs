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

/// Whether the attacker, to move, captures the string through `s` (two liberties) with a
/// ladder.
pub fn is_ladder_capture(board: &Board, s: Point) -> bool {
    let mut budget = BUDGET;
    board.string_liberties(s) == 2 && attack(&mut board.clone(), s, 0, &mut budget) == Some(true)
}

/// Whether the string through `s` (one liberty, its owner to move) is captured in a ladder
/// whatever it does.
pub fn is_caught(board: &Board, s: Point) -> bool {
    let mut budget = BUDGET;
    board.string_liberties(s) == 1 && defend(&mut board.clone(), s, 0, &mut budget) == Some(true)
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
    let mut targets = [p; 4];
    let mut count = 0;
    for n in board.neighbours(p) {
        if board.stone(n) == Some(color.opponent()) && board.string_liberties(n) == 2 {
            targets[count] = n;
            count += 1;
        }
    }
    if count == 0 {
        return false;
    }
    let mut after = board.clone();
    after.place(color, p);
    targets[..count].iter().enumerate().any(|(i, &n)| {
        from_here(&mut after, i + 1 == count, |after| {
            let mut budget = BUDGET;
            after.stone(n) == Some(color.opponent())
                && after.string_liberties(n) == 1
                && defend(after, n, 0, &mut budget) == Some(true)
        })
    })
}

// The reading below plays on the board it is given and leaves it changed: a line of play
// that does not branch needs no copy, and a copy is made only where a second move has to be
// tried from the same position. Copying the board at every step was most of a read's cost
// in the playouts.

/// The attacker to move against `s` with two liberties, after `step` ataris: `Some(true)` if
/// one of the two ataris captures, `None` when the budget ran out.
fn attack(board: &mut Board, s: Point, step: u32, budget: &mut u32) -> Option<bool> {
    let defender = board.stone(s)?;
    let [a, b] = liberties_of_two(board, s);
    let mut ataris = [s; 2];
    let mut count = 0;
    for (atari, extension) in [(a, b), (b, a)] {
        // Four liberties after extending, counting the atari's point, is an escape whatever
        // the atari captures: skip it without reading.
        if board.is_legal(defender.opponent(), atari)
            && board.liberties_after(defender, extension, 4) != Some(4)
        {
            ataris[count] = atari;
            count += 1;
        }
    }
    for (i, &atari) in ataris[..count].iter().enumerate() {
        let caught = from_here(board, i + 1 == count, |after| {
            after.place(defender.opponent(), atari);
            defend(after, s, step + 1, budget)
        })?;
        if caught {
            return Some(true);
        }
    }
    Some(false)
}

/// The defender to move with `s` in atari: `Some(true)` if every escape fails.
fn defend(board: &mut Board, s: Point, step: u32, budget: &mut u32) -> Option<bool> {
    *budget = budget.checked_sub(1)?;
    if step > MAX_STEPS {
        return None;
    }
    let defender = board.stone(s)?;
    let escape = board.atari_liberty(s)?;
    let mut tries = [s; 5];
    let mut count = 0;
    for p in captures_next_to(board, s).chain(std::iter::once(escape)) {
        if !tries[..count].contains(&p) && board.is_legal(defender, p) {
            tries[count] = p;
            count += 1;
        }
    }
    for (i, &p) in tries[..count].iter().enumerate() {
        let caught = from_here(board, i + 1 == count, |after| {
            after.place(defender, p);
            match after.string_liberties(s) {
                0 | 1 => Some(true),
                2 => attack(after, s, step, budget),
                _ => Some(false),
            }
        })?;
        if !caught {
            return Some(false);
        }
    }
    Some(true)
}

/// Runs `read` on the board itself for the last move tried from a position, on a copy for
/// the others, which must start from the same position.
fn from_here<T>(board: &mut Board, last: bool, read: impl FnOnce(&mut Board) -> T) -> T {
    if last {
        read(board)
    } else {
        read(&mut board.clone())
    }
}

/// The two liberties of a string that has exactly two.
fn liberties_of_two(board: &Board, s: Point) -> [Point; 2] {
    let mut found = [s; 2];
    let mut count = 0;
    for stone in board.string_stones(s) {
        for n in board.neighbours(stone) {
            if count < 2 && board.is_empty_point(n) && !found[..count].contains(&n) {
                found[count] = n;
                count += 1;
            }
        }
    }
    found
}

/// The liberties of the enemy strings in atari that touch the string through `s`; at most
/// four, which is plenty for a string being chased.
fn captures_next_to(board: &Board, s: Point) -> impl Iterator<Item = Point> {
    let defender = board.stone(s);
    let mut found = [s; 4];
    let mut count = 0;
    for stone in board.string_stones(s) {
        for n in board.neighbours(stone) {
            if count < found.len()
                && board.stone(n).is_some()
                && board.stone(n) != defender
                && let Some(lib) = board.atari_liberty(n)
                && !found[..count].contains(&lib)
            {
                found[count] = lib;
                count += 1;
            }
        }
    }
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
