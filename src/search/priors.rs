//! Priors: what a new node starts with, as virtual games (visits, and wins in half points).
//! Every move gets an even prior; Go knowledge adds virtual wins or losses: captures and
//! escapes from atari, good shape, nearness to the last move and the third line in open areas
//! win; self-atari and the first line in open areas lose. Pass loses unless the opponent just
//! passed.

use crate::board::{Board, Cell, Color, Point};
use crate::playout::pattern::is_good_shape;

/// Virtual games of one piece of knowledge.
fn unit(board: &Board) -> u32 {
    if board.size() <= 13 { 10 } else { 20 }
}

/// Accumulates virtual games.
struct Prior {
    visits: u32,
    wins: u32,
}

impl Prior {
    fn add(&mut self, visits: u32, value: f64) {
        self.visits += visits;
        self.wins += (2.0 * value * visits as f64).round() as u32;
    }
}

pub fn for_move(board: &Board, color: Color, p: Point) -> (u32, u32) {
    let u = unit(board);
    let mut prior = Prior { visits: 0, wins: 0 };
    prior.add(u, 0.5);
    let mut captures = false;
    let mut escapes = false;
    for n in board.neighbours(p) {
        match board.cell(n) {
            Cell::Stone(c) if c != color && board.string_liberties(n) == 1 => captures = true,
            Cell::Stone(c) if c == color && board.string_liberties(n) == 1 => escapes = true,
            _ => {}
        }
    }
    let self_atari = board.is_self_atari(color, p);
    if captures || (escapes && !self_atari) {
        prior.add(2 * u, 1.0);
    }
    if self_atari {
        prior.add(u, 0.0);
    }
    if is_good_shape(board, p, color) {
        prior.add(u, 1.0);
    }
    if let Some(last) = board.last_moves()[0] {
        match distance(board, p, last) {
            1 => prior.add(u, 1.0),
            2 => prior.add(u / 2, 1.0),
            _ => {}
        }
    }
    if open_area(board, p) {
        match line(board, p) {
            1 => prior.add(u, 0.0),
            3 => prior.add(u, 1.0),
            _ => {}
        }
    }
    (prior.visits, prior.wins)
}

pub fn for_pass(board: &Board) -> (u32, u32) {
    let u = unit(board);
    let mut prior = Prior { visits: 0, wins: 0 };
    let opponent_passed =
        board.last_moves()[0].is_none() && board.empty_count() < board.size() * board.size();
    prior.add(u, if opponent_passed { 0.5 } else { 0.0 });
    (prior.visits, prior.wins)
}

/// Manhattan distance between two points.
fn distance(board: &Board, a: Point, b: Point) -> usize {
    let (ac, ar) = board.coords(a);
    let (bc, br) = board.coords(b);
    ac.abs_diff(bc) + ar.abs_diff(br)
}

/// The line a point is on, counted from the nearest edge (the edge is line 1).
fn line(board: &Board, p: Point) -> usize {
    let (c, r) = board.coords(p);
    let s = board.size();
    c.min(r).min(s - 1 - c).min(s - 1 - r) + 1
}

/// No stone within two points (in the 5×5 square around `p`).
fn open_area(board: &Board, p: Point) -> bool {
    let (c, r) = board.coords(p);
    let s = board.size() as isize;
    for dr in -2isize..=2 {
        for dc in -2isize..=2 {
            let (cc, rr) = (c as isize + dc, r as isize + dr);
            if (0..s).contains(&cc)
                && (0..s).contains(&rr)
                && board.stone(board.point(cc as usize, rr as usize)).is_some()
            {
                return false;
            }
        }
    }
    true
}
