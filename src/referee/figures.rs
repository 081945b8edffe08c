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
const GRID: usize = 16;

fn fill(color: Color) -> &'static str {
    match color {
        Color::Black => "#000",
        Color::White => "#fff",
    }
}

/// The final position: stones, dead stones crossed out in red, and small squares on the
/// points each side's area takes (territory and the points of dead stones).
pub fn final_position(board: &Board, dead: &[Point]) -> String {
    let n = board.size();
    let side = GRID * (n + 1);
    let at = |i: usize| GRID * (i + 1);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{side}\" height=\"{side}\" \
         viewBox=\"0 0 {side} {side}\"><rect width=\"{side}\" height=\"{side}\" fill=\"#dcb35c\"/>"
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

/// The lead by move as a line graph: above the middle line Black leads, below White does.
pub fn lead_graph(leads: &[f64]) -> String {
    let (width, height) = (320.0, 100.0);
    let most = leads.iter().fold(10.0_f64, |m, l| m.max(l.abs()));
    let x = |i: usize| width * i as f64 / (leads.len().max(2) - 1) as f64;
    let y = |lead: f64| height / 2.0 - lead / most * (height / 2.0 - 4.0);
    let points: Vec<String> = leads
        .iter()
        .enumerate()
        .map(|(i, &l)| format!("{:.1},{:.1}", x(i), y(l)))
        .collect();
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\"><rect width=\"{width}\" height=\"{height}\" fill=\"#f8f8f8\" stroke=\"#999\"/>\
         <line x1=\"0\" y1=\"{mid}\" x2=\"{width}\" y2=\"{mid}\" stroke=\"#999\" stroke-dasharray=\"4 3\"/>\
         <polyline points=\"{}\" fill=\"none\" stroke=\"#06c\" stroke-width=\"1.5\"/>\
         <text x=\"4\" y=\"12\" font-size=\"10\" font-family=\"sans-serif\">Black +{most:.0}</text>\
         <text x=\"4\" y=\"{low}\" font-size=\"10\" font-family=\"sans-serif\">White +{most:.0}</text></svg>",
        points.join(" "),
        mid = height / 2.0,
        low = height - 4.0,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Superko;

    #[test]
    fn the_final_position_shows_stones_dead_stones_and_areas() {
        let board = Board::from_diagram(&[".X.O.", ".X.O.", "OX.O.", ".X.O.", ".X.O."]).unwrap();
        let dead = [board.point_named("A3").unwrap()];
        let svg = final_position(&board, &dead);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        // Eleven stones, the dead one crossed; Black's area is the A column (the dead stone's
        // point too), White's the E column, and column C is dame.
        assert_eq!(svg.matches("<circle").count(), 11);
        assert_eq!(svg.matches("stroke=\"#d00\"").count(), 1);
        assert_eq!(svg.matches("<rect x=").count(), 10);
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
        assert_eq!(graph.matches(',').count(), 6);
    }
}
