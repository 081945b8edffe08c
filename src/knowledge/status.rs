//! Dead stones, alive stones and seki, judged from the ownership statistics of playouts (the
//! search gathers them). Playouts put a string of two or more stones into atari only as a
//! nakade sacrifice of up to three stones, so most sekis survive them; a living string that
//! shares a liberty with a living enemy string where neither side can play without self-atari
//! is in seki. The sekis that playouts break, where the first of several shared liberties can
//! be filled without self-atari, are read from their shape (`seki_by_shape`).

use crate::board::{Board, Cell, Color, Point, PointMap};
use crate::game::Game;
use crate::game::score::{self, GameResult};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Alive,
    Dead,
    Seki,
}

impl Status {
    pub fn from_name(name: &str) -> Option<Status> {
        match name.to_ascii_lowercase().as_str() {
            "alive" => Some(Status::Alive),
            "dead" => Some(Status::Dead),
            "seki" => Some(Status::Seki),
            _ => None,
        }
    }
}

/// The status of every stone on the board.
pub struct Judgement {
    status: PointMap<Option<Status>>,
    /// Strings whose owner the playouts could not settle: 20% to 80% of them ended with the
    /// stones captured.
    unsettled: usize,
}

impl Judgement {
    /// Whether every string's fate was clear in the playouts.
    pub fn is_settled(&self) -> bool {
        self.unsettled == 0
    }

    pub fn stones_with(&self, board: &Board, status: Status) -> Vec<Point> {
        board
            .points()
            .filter(|&p| self.status[p] == Some(status))
            .collect()
    }
}

/// Judges every string of `board`: unconditionally alive strings (Benson) live and the stones in
/// their eyes die; the others are judged from ownership statistics (for each point, the
/// fraction of playouts that ended with it Black's and White's): a string whose points the
/// opponent owns in most playouts is dead. Living strings in seki are marked as such.
pub fn judge(board: &Board, ownership: &[[f32; 2]]) -> Judgement {
    let mut status = PointMap::filled(None);
    let mut unsettled = 0;
    let life = [Color::Black, Color::White].map(|c| board.unconditional_life(c));
    let seki = seki_by_shape(board);
    for p in board.points() {
        let Some(color) = board.stone(p) else {
            continue;
        };
        let h = board.string_head(p);
        // What cannot be captured lives, and what sits in its eyes dies, whatever the
        // playouts say (a losing side's playouts may throw away a group with two eyes). A
        // seki that the playouts break lives too.
        if life[color.index()].alive[p] {
            status[h] = Some(Status::Alive);
        } else if life[color.opponent().index()].dead[p] {
            status[h] = Some(Status::Dead);
        } else if seki.contains(&h) {
            status[h] = Some(Status::Seki);
        }
        if status[h].is_none() {
            let share = owned_by(board, ownership, p, color.opponent());
            let open = (0.2..0.8).contains(&share);
            let hopeless = open && is_hopeless_invasion(board, ownership, p);
            status[h] = Some(if share > 0.5 || hopeless {
                Status::Dead
            } else {
                Status::Alive
            });
            unsettled += usize::from(open && !hopeless);
        }
        status[p] = status[h];
    }
    mark_seki(board, &mut status);
    Judgement { status, unsettled }
}

/// The share of the playouts in which `owner` held the points of the string at `p`.
fn owned_by(board: &Board, ownership: &[[f32; 2]], p: Point, owner: Color) -> f32 {
    let total: f32 = (board.string_stones(p))
        .map(|s| ownership[s.index()][owner.index()])
        .sum();
    total / board.string_size(p) as f32
}

/// The enemy strings around a living invasion hold in at least this share of the playouts.
const FIRM: f32 = 0.7;

/// Whether the string at `p`, whose fate the playouts leave open, is an invasion without
/// hope: the space it can use (the connected points that hold no enemy stone) is walled in
/// by enemy strings that hold in most playouts, holds no own string that does, and holds no
/// eye space (empty points that only the invader's stones surround). Playouts do not answer
/// an invasion, so such a string lives in a good share of them (a lone stone in a 36-point
/// area of a 9x9 board, in four of ten); against play it needs two eyes it has not begun to
/// make, and at the end of a game it is dead, as GNU Go and the servers count it. A player
/// who thinks otherwise plays on.
fn is_hopeless_invasion(board: &Board, ownership: &[[f32; 2]], p: Point) -> bool {
    let color = board.stone(p).expect("a stone");
    let enemy = color.opponent();
    let Some(space) = walled_space(board, p, |q| {
        let owner = board.stone(q).expect("a stone");
        let firm = owned_by(board, ownership, q, owner) >= FIRM;
        (owner == enemy) == firm
    }) else {
        return false;
    };
    // An eye space: a connected run of empty points bordered by the invader's stones only.
    let mut seen = PointMap::filled(false);
    for &q in space.iter().filter(|&&q| board.is_empty_point(q)) {
        if !seen[q] && borders_only(board, q, color, &mut seen) {
            return false;
        }
    }
    true
}

/// The points reachable from `p` without crossing a stone of the other colour than `p`'s,
/// if every string met on the way (its own colour's inside, the other's on the wall) passes
/// `accept`; `None` as soon as one does not.
fn walled_space(board: &Board, p: Point, accept: impl Fn(Point) -> bool) -> Option<Vec<Point>> {
    let enemy = board.stone(p).expect("a stone").opponent();
    let mut seen = PointMap::filled(false);
    let (mut space, mut todo) = (Vec::new(), vec![p]);
    seen[p] = true;
    while let Some(q) = todo.pop() {
        space.push(q);
        if board.stone(q).is_some() && !accept(q) {
            return None;
        }
        for n in board.neighbours(q) {
            if board.cell(n) == Cell::Border || seen[n] {
                continue;
            }
            seen[n] = true;
            if board.stone(n) == Some(enemy) {
                if !accept(n) {
                    return None;
                }
            } else {
                todo.push(n);
            }
        }
    }
    Some(space)
}

/// Marks the empty points connected to `start` in `seen`; whether the stones around them are
/// all of `color`.
fn borders_only(board: &Board, start: Point, color: Color, seen: &mut PointMap<bool>) -> bool {
    let mut only = true;
    let mut todo = vec![start];
    seen[start] = true;
    while let Some(q) = todo.pop() {
        for n in board.neighbours(q) {
            match board.cell(n) {
                Cell::Empty if !seen[n] => {
                    seen[n] = true;
                    todo.push(n);
                }
                Cell::Stone(c) if c != color => only = false,
                _ => {}
            }
        }
    }
    only
}

/// The heads of the strings in seki by their shape: two enemy strings whose liberties are the
/// ones they share and at most one eye each (a single empty point among the string's own
/// stones: one that other strings also touch may be a point that connects, not an eye),
/// with as many eyes as each other: none, and two or more shared liberties, or one each.
/// Whoever fills the shared liberties loses the race: each fill takes a liberty from both
/// strings and hands the move over, so the filler is the first left in atari (with an eye
/// each, with its eye as its last liberty, where the other then plays). Playouts fill the
/// first of three shared liberties freely, and let one of the strings die in most of them.
///
/// Filling is a sacrifice that kills, not a loss, when the space it leaves the capturer is too
/// small for two eyes: a lone stone that shares two liberties with a surrounded group takes
/// it with it. So each string must be big enough that its capture, with the liberties filled
/// on the way, leaves the other at least `LIVING_SPACE` points.
fn seki_by_shape(board: &Board) -> Vec<Point> {
    let mut heads = Vec::new();
    for p in board.points() {
        if board.stone(p).is_none() || board.string_head(p) != p {
            continue;
        }
        let Some((shared, eyes, enemy)) = race(board, p) else {
            continue;
        };
        let Some((enemy_shared, enemy_eyes, back)) = race(board, enemy) else {
            continue;
        };
        let even = eyes == enemy_eyes && shared == enemy_shared && back == p;
        // The filler's stones, the shared liberties it filled but the last, and its eye.
        let space = |string: Point| board.string_size(string) + shared.len() - 1 + eyes;
        let room = space(p).min(space(enemy)) >= LIVING_SPACE;
        if even && shared.len() >= 2 - eyes && room {
            heads.push(p);
        }
    }
    heads
}

/// The points a capture must leave the capturer for the seki to hold: four in a row or bent
/// make two eyes; the square and the pyramid four, which the filler could still kill, are
/// rare enough as the remains of a seki to be counted alive too.
const LIVING_SPACE: usize = 4;

/// The liberties of the string at `head` when they are those it shares with one enemy string
/// and at most one eye of its own: the shared ones, sorted, the number of eyes, and the enemy
/// string's head. `None` for a string with any other liberty.
fn race(board: &Board, head: Point) -> Option<(Vec<Point>, usize, Point)> {
    let color = board.stone(head).expect("a stone");
    let mut liberties: Vec<Point> = (board.string_stones(head))
        .flat_map(|s| board.neighbours(s))
        .filter(|&q| board.is_empty_point(q))
        .collect();
    liberties.sort_unstable();
    liberties.dedup();
    let (mut shared, mut eyes, mut enemy) = (Vec::new(), 0, None);
    for q in liberties {
        let around = board
            .neighbours(q)
            .into_iter()
            .filter_map(|n| match board.cell(n) {
                Cell::Border => None,
                cell => Some((n, cell)),
            });
        let enemies: Vec<Point> = around
            .clone()
            .filter(|&(_, cell)| cell == Cell::Stone(color.opponent()))
            .map(|(n, _)| board.string_head(n))
            .collect();
        if let Some(&first) = enemies.first() {
            if enemies.iter().any(|&e| e != first) || enemy.is_some_and(|e| e != first) {
                return None;
            }
            enemy = Some(first);
            shared.push(q);
        } else if around
            .clone()
            .all(|(n, cell)| cell == Cell::Stone(color) && board.string_head(n) == head)
        {
            eyes += 1;
        } else {
            return None;
        }
    }
    (eyes <= 1).then_some((shared, eyes, enemy?))
}

/// Turns living strings that are in seki into `Status::Seki`.
fn mark_seki(board: &Board, status: &mut PointMap<Option<Status>>) {
    let mut seki_heads = Vec::new();
    for p in board.points() {
        if status[p] == Some(Status::Alive)
            && board.string_head(p) == p
            && in_seki(board, status, p)
        {
            seki_heads.push(p);
        }
    }
    for p in board.points() {
        if board.stone(p).is_some() && seki_heads.contains(&board.string_head(p)) {
            status[p] = Some(Status::Seki);
        }
    }
}

/// Whether the living string at `p` has a liberty it shares with a living enemy string where
/// neither side can play without putting itself in atari.
fn in_seki(board: &Board, status: &PointMap<Option<Status>>, p: Point) -> bool {
    let color = board.stone(p).expect("a stone");
    let liberties = board
        .string_stones(p)
        .flat_map(|s| board.neighbours(s))
        .filter(|&q| board.is_empty_point(q));
    for q in liberties {
        let shared = board
            .neighbours(q)
            .iter()
            .any(|&n| board.stone(n) == Some(color.opponent()) && status[n] == Some(Status::Alive));
        let nobody_can_fill = [color, color.opponent()]
            .iter()
            .all(|&c| !board.is_legal(c, q) || board.is_self_atari(c, q));
        if shared && nobody_can_fill {
            return true;
        }
    }
    false
}

/// The area count of the game's position with the dead stones removed.
pub fn final_result(game: &Game, judgement: &Judgement) -> GameResult {
    let dead = judgement.stones_with(game.board(), Status::Dead);
    let count = score::area(game.board(), &dead);
    GameResult::from_count(count, game.effective_komi())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::MAX_CELLS;

    /// Playouts that hand the whole board to White cannot kill Black's two-eyed group, and
    /// the White stone in Black's eye dies whatever they say.
    #[test]
    fn what_cannot_be_captured_lives_whatever_the_playouts_say() {
        let board = Board::from_diagram(&[
            ".......", //
            ".......", ".......", "XXXXX..", "X.O.X..", "XXXXX..", ".X.X...",
        ])
        .unwrap();
        let all_white = vec![[0.0, 1.0]; MAX_CELLS];
        let judgement = judge(&board, &all_white);
        let at = |name: &str| board.point_named(name).unwrap();
        assert_eq!(judgement.status[at("A4")], Some(Status::Alive));
        assert_eq!(judgement.status[at("C3")], Some(Status::Dead));
        let all_black = vec![[1.0, 0.0]; MAX_CELLS];
        assert_eq!(
            judge(&board, &all_black).status[at("C3")],
            Some(Status::Dead)
        );
    }

    /// The heads of the strings `seki_by_shape` finds, as point names.
    fn seki_names(rows: &[&str]) -> Vec<String> {
        let board = Board::from_diagram(rows).unwrap();
        let mut names: Vec<String> = seki_by_shape(&board)
            .into_iter()
            .map(|p| board.point_name(p))
            .collect();
        names.sort();
        names
    }

    /// Four black stones in a corridor under a white string without an eye: two shared
    /// liberties make a seki, one makes a race that the side to move wins, a lone stone's
    /// capture leaves too little room for two eyes (filling kills), and strings with liberties
    /// of their own (the walls, two groups with a dame between them) are no seki.
    #[test]
    fn a_seki_is_read_from_the_shape_of_the_strings() {
        let mut rows = vec!["........."; 6];
        rows.extend(["XXXXXXXXX", "OOOOOOOOX", "O.XXXX.OX"]);
        assert_eq!(seki_names(&rows), ["A1", "C1"]);
        rows[8] = "O.XXXXXOX";
        assert!(seki_names(&rows).is_empty());
        rows[8] = "OO.X.OOOX";
        assert!(seki_names(&rows).is_empty());
        let mut walls = vec!["....XO..."; 9];
        walls[4] = ".....O...";
        assert!(seki_names(&walls).is_empty());
    }
}
