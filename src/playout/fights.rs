//! Rules 1 to 3 of the heavy playouts (`heavy`): the fights around the last move. Take the
//! last move's string in atari, save own strings it put in atari, and, at their rates, play
//! on strings with two liberties and start capturing races.

use super::candidates::Candidates;
use super::sensible;
use crate::board::{Board, Color, Point};
use crate::knowledge::ladder;

/// Rules 1 and 2 around the last move.
pub(super) fn atari_moves(
    board: &Board,
    color: Color,
    last: Point,
    ladders: bool,
    found: &mut Candidates,
) {
    if board.stone(last) == Some(color.opponent())
        && let Some(lib) = board.atari_liberty(last)
        && board.is_legal(color, lib)
    {
        found.add(lib);
    }
    for n in board.neighbours(last) {
        if board.stone(n) != Some(color) {
            continue;
        }
        let Some(escape) = board.atari_liberty(n) else {
            continue;
        };
        // Capture an enemy string next to ours that is in atari too.
        for m in enemy_neighbours(board, n) {
            if let Some(lib) = board.atari_liberty(m)
                && board.is_legal(color, lib)
            {
                found.add(lib);
            }
        }
        if sensible(board, color, escape)
            && !(ladders && ladder::is_failed_escape(board, color, escape))
        {
            found.add(escape);
        }
    }
}

/// Rule 3: strings with two liberties at the last move, the last move's own and those next
/// to it (the fight over them decides most capturing races). An enemy string is put in atari
/// at either liberty unless it has miai of connections; an own string extends where that
/// gains liberties, or takes or ataris an enemy string next to it.
pub(super) fn two_liberty_moves(board: &Board, color: Color, last: Point, found: &mut Candidates) {
    for s in std::iter::once(last).chain(board.neighbours(last)) {
        let (Some(owner), Some(liberties)) = (board.stone(s), board.two_liberties(s)) else {
            continue;
        };
        if owner == color {
            defend_two_liberties(board, color, s, liberties, found);
        } else if !has_miai(board, s, liberties) {
            atari_at(board, color, liberties, found);
        }
    }
}

/// Rule 3b: own strings of three or four liberties around the last move (the start of a
/// capturing race) atari an enemy string of two liberties next to them, before the enemy's
/// outside liberties are gone.
pub(super) fn race_moves(board: &Board, color: Color, last: Point, found: &mut Candidates) {
    for s in board.around(last) {
        if board.stone(s) != Some(color) || !(3..=4).contains(&board.string_liberties(s)) {
            continue;
        }
        for n in enemy_neighbours(board, s) {
            if let Some(liberties) = board.two_liberties(n) {
                atari_at(board, color, liberties, found);
            }
        }
    }
}

fn atari_at(board: &Board, color: Color, liberties: [Point; 2], found: &mut Candidates) {
    for lib in liberties {
        if sensible(board, color, lib) {
            found.add(lib);
        }
    }
}

/// An own string with two liberties: extend at a liberty that gives three or more, capture
/// an enemy string in atari next to it, or atari one with two liberties.
fn defend_two_liberties(
    board: &Board,
    color: Color,
    s: Point,
    liberties: [Point; 2],
    found: &mut Candidates,
) {
    for lib in liberties {
        if board.liberties_after(color, lib, 3).is_none_or(|l| l >= 3)
            && sensible(board, color, lib)
        {
            found.add(lib);
        }
    }
    for n in enemy_neighbours(board, s) {
        if let Some(lib) = board.atari_liberty(n) {
            if board.is_legal(color, lib) {
                found.add(lib);
            }
        } else if let Some(enemy) = board.two_liberties(n) {
            atari_at(board, color, enemy, found);
        }
    }
}

/// The enemy stones touching the string at `s` (a stone of a string touching it at several
/// points comes once for each).
fn enemy_neighbours(board: &Board, s: Point) -> impl Iterator<Item = Point> + '_ {
    let enemy = board.stone(s).map(Color::opponent);
    board
        .string_stones(s)
        .flat_map(|t| board.neighbours(t))
        .filter(move |&n| board.stone(n).is_some() && board.stone(n) == enemy)
}

/// Whether the string at `s` cannot be harmed by an atari: it connects to a healthy string
/// of its own at one liberty, and at the other it connects too or gets out into open space.
fn has_miai(board: &Board, s: Point, [a, b]: [Point; 2]) -> bool {
    let owner = board.stone(s);
    let head = board.string_head(s);
    let connects = |lib: Point| {
        board.neighbours(lib).into_iter().any(|n| {
            board.stone(n) == owner
                && board.string_head(n) != head
                && board.string_liberties(n) >= 2
        })
    };
    let opens = |lib: Point, other: Point| {
        board
            .neighbours(lib)
            .into_iter()
            .any(|n| n != other && board.is_empty_point(n))
    };
    (connects(a) && (connects(b) || opens(b, a))) || (connects(b) && opens(a, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(board: &Board, name: &str) -> Point {
        board.point_named(name).unwrap()
    }

    /// The candidates of `rule` for Black after a White move at `last`, sorted.
    fn found(
        board: &Board,
        rule: fn(&Board, Color, Point, &mut Candidates),
        last: &str,
    ) -> Vec<Point> {
        let mut found = Candidates::new();
        rule(board, Color::Black, at(board, last), &mut found);
        let mut points = found.points[..found.len].to_vec();
        points.sort();
        points
    }

    fn sorted(board: &Board, names: &[&str]) -> Vec<Point> {
        let mut points: Vec<Point> = names.iter().map(|n| at(board, n)).collect();
        points.sort();
        points
    }

    #[test]
    fn the_two_liberty_rule_ataris_a_string_without_miai() {
        // White D4 has D5 and D3 and nothing to connect to: Black may atari at either.
        let alone = Board::from_diagram(&[
            ".......", //
            ".......", ".......", "..XOX..", "..X.X..", ".......", ".......",
        ])
        .unwrap();
        assert_eq!(
            found(&alone, two_liberty_moves, "D4"),
            sorted(&alone, &["D3", "D5"])
        );
        // With a healthy White stone at D6, White connects at D5 or gets out at D3: miai.
        let miai = Board::from_diagram(&[
            ".......", //
            "...O...", ".......", "..XOX..", "..X.X..", ".......", ".......",
        ])
        .unwrap();
        assert_eq!(found(&miai, two_liberty_moves, "D4"), vec![]);
    }

    #[test]
    fn a_string_with_two_liberties_ataris_its_neighbour_when_extending_gains_nothing() {
        // Black B2-C2 has B1 and C1; extending at either leaves two liberties. White A2 has
        // two liberties, A3 and A1: Black ataris it.
        let board = Board::from_diagram(&[
            ".....", //
            ".....", ".OO..", "OXXO.", ".....",
        ])
        .unwrap();
        assert_eq!(
            found(&board, two_liberty_moves, "B3"),
            sorted(&board, &["A1", "A3"])
        );
    }

    #[test]
    fn a_string_of_three_liberties_ataris_the_enemy_in_a_race() {
        // Black A2-C2 has three liberties; White D2-D1 next to it has two, C1 and E1.
        let board = Board::from_diagram(&[
            ".......", //
            ".......", ".......", ".......", "OOOX...", "XXXOX..", "...O...",
        ])
        .unwrap();
        assert_eq!(
            found(&board, race_moves, "D2"),
            sorted(&board, &["C1", "E1"])
        );
    }
}
