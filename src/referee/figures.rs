//! The report's pictures of one game, as SVG: the final position with the dead stones crossed
//! and each side's area shaded, and the graph of Black's lead by move as tengen estimates it.

use std::fmt::Write;

use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::board::{Board, Color, Point};
use crate::game::Game;
use crate::game::score::ownership;
use crate::playout::heavy::HeavyPolicy;
use crate::playout::{final_owner, playout};

/// Pixels between two lines of the board diagram.
const GRID: usize = 22;
/// Columns as GTP names them (no I).
const COLUMNS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

fn fill(color: Color) -> &'static str {
    match color {
        Color::Black => "#000",
        Color::White => "#fff",
    }
}

/// The final position: stones with the last move marked, dead stones crossed out in red,
/// small squares on the points each side's area takes (territory and the points of dead
/// stones), and the coordinates around the board.
pub fn final_position(board: &Board, dead: &[Point], last: Option<Point>) -> String {
    let n = board.size();
    // A line of the grid for the labels on each side.
    let side = GRID * (n + 3);
    let at = |i: usize| GRID * (i + 2);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{side}\" height=\"{side}\" \
         viewBox=\"0 0 {side} {side}\" font-family=\"sans-serif\" font-size=\"11\" \
         text-anchor=\"middle\"><rect width=\"{side}\" height=\"{side}\" fill=\"#dcb35c\"/>"
    );
    for i in 0..n {
        let (a, b) = (at(0), at(n - 1));
        write!(
            svg,
            "<line x1=\"{a}\" y1=\"{y}\" x2=\"{b}\" y2=\"{y}\" stroke=\"#000\"/>\
             <line x1=\"{y}\" y1=\"{a}\" x2=\"{y}\" y2=\"{b}\" stroke=\"#000\"/>",
            y = at(i)
        )
        .unwrap();
    }
    svg.push_str(&coordinates(n, at));
    let owner = ownership(board, dead);
    for p in board.points() {
        let (col, row) = board.coords(p);
        let (x, y) = (at(col), at(n - 1 - row));
        if let Some(color) = board.stone(p) {
            write!(
                svg,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{}\" stroke=\"#000\"/>",
                GRID / 2 - 1,
                fill(color)
            )
            .unwrap();
            if last == Some(p) {
                write!(
                    svg,
                    "<circle class=\"last\" cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"none\" \
                     stroke=\"{}\" stroke-width=\"2\"/>",
                    GRID / 4,
                    fill(color.opponent())
                )
                .unwrap();
            }
        }
        if dead.contains(&p) {
            let d = GRID / 4;
            write!(
                svg,
                "<path d=\"M{} {} L{} {} M{} {} L{} {}\" stroke=\"#d00\" stroke-width=\"2\"/>",
                x - d,
                y - d,
                x + d,
                y + d,
                x - d,
                y + d,
                x + d,
                y - d
            )
            .unwrap();
        }
        if let Some(color) = owner[p]
            && board.stone(p) != Some(color)
        {
            let d = GRID / 5;
            write!(
                svg,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" stroke=\"#000\" stroke-width=\"0.5\"/>",
                x - d,
                y - d,
                2 * d,
                2 * d,
                fill(color)
            )
            .unwrap();
        }
    }
    svg.push_str("</svg>");
    svg
}

/// The column letters above and below the board and the row numbers on both sides, as GTP
/// names the points.
fn coordinates(n: usize, at: impl Fn(usize) -> usize) -> String {
    let mut text = String::new();
    // One grid line out from the board's edge lines; 4 px lowers a label's baseline to
    // centre it on its line.
    let (near, far) = (at(0) - GRID, at(n - 1) + GRID);
    for i in 0..n {
        let letter = &COLUMNS[i..=i];
        let number = n - i;
        write!(
            text,
            "<text x=\"{x}\" y=\"{}\">{letter}</text><text x=\"{x}\" y=\"{}\">{letter}</text>\
             <text x=\"{near}\" y=\"{y}\">{number}</text><text x=\"{far}\" y=\"{y}\">{number}</text>",
            near + 4,
            far + 4,
            x = at(i),
            y = at(i) + 4,
        )
        .unwrap();
    }
    text
}

/// Black's lead in points after each move of `game` (the start first): the mean area count,
/// komi paid, of `playouts` heavy playouts from each position. A cheap estimate, seeded, so
/// the same game always gets the same graph.
pub fn lead_by_move(game: &Game, playouts: usize) -> Vec<f64> {
    let (start, mut color) = game.start();
    let mut board = start.clone();
    let mut rng = SmallRng::seed_from_u64(1);
    let mut policy = HeavyPolicy::for_size(game.size());
    let komi = game.effective_komi();
    let mut lead = |board: &Board, color: Color| {
        let mut total = 0.0;
        for _ in 0..playouts {
            let mut after = board.clone();
            playout(&mut after, color, &mut policy, &mut rng);
            let score: i32 = after
                .points()
                .map(|p| match final_owner(&after, p) {
                    Some(Color::Black) => 1,
                    Some(Color::White) => -1,
                    None => 0,
                })
                .sum();
            total += f64::from(score) - komi;
        }
        total / playouts.max(1) as f64
    };
    let mut leads = vec![lead(&board, color)];
    for (mover, mv) in game.moves() {
        if board.play_move(mover, mv).is_err() {
            break;
        }
        color = mover.opponent();
        leads.push(lead(&board, color));
    }
    leads
}

/// The lead by move as a line graph with its axes: the move number along the bottom, Black's
/// lead in points up the side (above the dashed zero line Black leads, below White does).
pub fn lead_graph(leads: &[f64]) -> String {
    let (width, height) = (420.0, 200.0);
    // The plot inside the axes' labels.
    let (left, right, top, bottom) = (44.0, 410.0, 10.0, 164.0);
    let moves = leads.len().saturating_sub(1).max(1);
    let most = leads.iter().fold(10.0_f64, |m, l| m.max(l.abs())).ceil();
    let x = |i: usize| left + (right - left) * i as f64 / moves as f64;
    let y = |lead: f64| (top + bottom) / 2.0 - lead / most * (bottom - top) / 2.0;
    let points: Vec<String> = leads
        .iter()
        .enumerate()
        .map(|(i, &l)| format!("{:.1},{:.1}", x(i), y(l)))
        .collect();
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"10\">\
         <rect width=\"{width}\" height=\"{height}\" fill=\"#f8f8f8\"/>\
         <path class=\"axes\" d=\"M{left} {top} V{bottom} H{right}\" stroke=\"#333\" fill=\"none\"/>\
         <line x1=\"{left}\" y1=\"{mid}\" x2=\"{right}\" y2=\"{mid}\" stroke=\"#999\" stroke-dasharray=\"4 3\"/>",
        mid = y(0.0),
    );
    // Ticks: the lead at both ends and zero; the moves at the start, the middle and the end.
    for lead in [most, 0.0, -most] {
        let label = if lead > 0.0 {
            format!("+{lead}")
        } else {
            format!("{lead}")
        };
        write!(
            svg,
            "<text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{label}</text>",
            left - 4.0,
            y(lead) + 3.0
        )
        .unwrap();
    }
    for i in [0, moves / 2, moves] {
        write!(
            svg,
            "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{i}</text>",
            x(i),
            bottom + 13.0
        )
        .unwrap();
    }
    write!(
        svg,
        "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">move</text>\
         <text transform=\"translate(10 {:.1}) rotate(-90)\" text-anchor=\"middle\">Black's lead (points)</text>\
         <polyline points=\"{}\" fill=\"none\" stroke=\"#06c\" stroke-width=\"1.5\"/></svg>",
        (left + right) / 2.0,
        bottom + 28.0,
        (top + bottom) / 2.0,
        points.join(" ")
    )
    .unwrap();
    svg
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Superko;

    #[test]
    fn the_final_position_shows_stones_dead_stones_and_areas() {
        let board = Board::from_diagram(&[".X.O.", ".X.O.", "OX.O.", ".X.O.", ".X.O."]).unwrap();
        let dead = [board.point_named("A3").unwrap()];
        let last = board.point_named("D1");
        let svg = final_position(&board, &dead, last);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        // Eleven stones, the dead one crossed; Black's area is the A column (the dead stone's
        // point too), White's the E column, and column C is dame.
        assert_eq!(svg.matches("<circle cx").count(), 11);
        assert_eq!(svg.matches("stroke=\"#d00\"").count(), 1);
        assert_eq!(svg.matches("<rect x=").count(), 10);
        // The last move is marked; the columns A-E and rows 1-5 are labelled on both sides.
        assert_eq!(svg.matches("class=\"last\"").count(), 1);
        for label in [">A<", ">E<", ">1<", ">5<"] {
            assert_eq!(svg.matches(label).count(), 2, "{label}");
        }
        assert!(!svg.contains(">I<"));
    }

    #[test]
    fn the_lead_follows_the_count_and_the_graph_has_a_point_per_position() {
        let mut game = Game::new(5, 0.5, Superko::Positional);
        for name in ["C3", "pass", "B3", "pass", "D3"] {
            let mv = crate::gtp::parse::move_name(name)
                .and_then(|m| m.on(game.board()))
                .unwrap();
            game.play(game.to_move(), mv).unwrap();
        }
        let leads = lead_by_move(&game, 16);
        assert_eq!(leads.len(), 6);
        // Three black stones against none: Black leads by the end.
        assert!(leads[5] > 5.0, "{leads:?}");
        let graph = lead_graph(&leads);
        let polyline = graph
            .split("points=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        assert_eq!(polyline.matches(',').count(), 6);
        // Labelled axes: the moves 0, 2 and 5 along the bottom, the lead up the side.
        assert!(graph.contains("class=\"axes\"") && graph.contains(">move<"));
        assert!(graph.contains("Black's lead (points)"));
        for tick in [">0<", ">2<", ">5<"] {
            assert!(graph.contains(tick), "{tick}: {graph}");
        }
    }
}
