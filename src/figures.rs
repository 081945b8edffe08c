//! The pictures people read, as SVG: board diagrams (a game's final position with the dead
//! stones crossed and each side's area shaded; a position with a move that went wrong and the
//! line that was better) and line graphs by move number (Black's lead, Black's win rate). The
//! referee's report and `tengen review` draw with the same functions.

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

/// What a diagram shows on a point besides its stone.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Mark {
    /// The last move: a ring in the other colour on its stone.
    Last(Point),
    /// A dead stone: a red cross.
    Dead(Point),
    /// A point of a side's area that holds none of its stones: a small square of its colour.
    Area(Point, Color),
    /// A move that was played and went wrong: a stone of its colour with a red ring.
    Played(Point, Color),
    /// A move of a line shown on the diagram: a stone with its number, 1 first, in a green
    /// ring for the first.
    Numbered(Point, Color, usize),
}

/// A board with its stones, the marks on them and the coordinates around it.
pub fn diagram(board: &Board, marks: &[Mark]) -> String {
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
    let centre = |p: Point| {
        let (col, row) = board.coords(p);
        (at(col), at(n - 1 - row))
    };
    for p in board.points() {
        if let Some(color) = board.stone(p) {
            svg.push_str(&stone(centre(p), color, ""));
        }
    }
    for &mark in marks {
        svg.push_str(&draw(mark, board, centre));
    }
    svg.push_str("</svg>");
    svg
}

fn stone((x, y): (usize, usize), color: Color, attributes: &str) -> String {
    format!(
        "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{}\" stroke=\"#000\"{attributes}/>",
        GRID / 2 - 1,
        fill(color)
    )
}

fn draw(mark: Mark, board: &Board, centre: impl Fn(Point) -> (usize, usize)) -> String {
    match mark {
        Mark::Last(p) => {
            let (x, y) = centre(p);
            let ring = board.stone(p).map_or("#888", |c| fill(c.opponent()));
            format!(
                "<circle class=\"last\" cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"none\" \
                 stroke=\"{ring}\" stroke-width=\"2\"/>",
                GRID / 4
            )
        }
        Mark::Dead(p) => {
            let ((x, y), d) = (centre(p), GRID / 4);
            format!(
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
        }
        Mark::Area(p, color) => {
            let ((x, y), d) = (centre(p), GRID / 5);
            format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" stroke=\"#000\" \
                 stroke-width=\"0.5\"/>",
                x - d,
                y - d,
                2 * d,
                2 * d,
                fill(color)
            )
        }
        Mark::Played(p, color) => {
            let (x, y) = centre(p);
            format!(
                "{}<circle class=\"played\" cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"none\" \
                 stroke=\"#d00\" stroke-width=\"3\"/>",
                stone((x, y), color, ""),
                GRID / 2 + 1
            )
        }
        Mark::Numbered(p, color, number) => {
            let (x, y) = centre(p);
            let ring = if number == 1 {
                format!(
                    "<circle class=\"better\" cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"none\" \
                     stroke=\"#0a0\" stroke-width=\"3\"/>",
                    GRID / 2 + 1
                )
            } else {
                String::new()
            };
            format!(
                "{}{ring}<text x=\"{x}\" y=\"{}\" fill=\"{}\">{number}</text>",
                stone((x, y), color, " fill-opacity=\"0.8\""),
                y + 4,
                fill(color.opponent())
            )
        }
    }
}

/// The final position: stones with the last move marked, dead stones crossed out in red,
/// small squares on the points each side's area takes (territory and the points of dead
/// stones), and the coordinates around the board.
pub fn final_position(board: &Board, dead: &[Point], last: Option<Point>) -> String {
    let owner = ownership(board, dead);
    let mut marks: Vec<Mark> = last.into_iter().map(Mark::Last).collect();
    marks.extend(dead.iter().map(|&p| Mark::Dead(p)));
    for p in board.points() {
        if let Some(color) = owner[p]
            && board.stone(p) != Some(color)
        {
            marks.push(Mark::Area(p, color));
        }
    }
    diagram(board, &marks)
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

/// What a line graph's vertical axis shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scale {
    /// Black's lead in points, as far either way as the values go (at least 10), zero in the
    /// middle: above the dashed zero line Black leads, below it White does.
    Lead,
    /// Black's win rate, 0 to 1, shown in percent, with 50% dashed.
    WinRate,
}

impl Scale {
    fn label(self) -> &'static str {
        match self {
            Scale::Lead => "Black's lead (points)",
            Scale::WinRate => "Black's win rate (%)",
        }
    }

    /// The lowest and highest values shown.
    fn range(self, values: &[f64]) -> (f64, f64) {
        match self {
            Scale::Lead => {
                let most = values.iter().fold(10.0_f64, |m, v| m.max(v.abs())).ceil();
                (-most, most)
            }
            Scale::WinRate => (0.0, 1.0),
        }
    }

    fn tick(self, value: f64) -> String {
        match self {
            Scale::Lead if value > 0.0 => format!("+{value}"),
            Scale::Lead => format!("{value}"),
            Scale::WinRate => format!("{:.0}", 100.0 * value),
        }
    }
}

/// The lead by move as a line graph (`graph` with the lead's scale and no marks).
pub fn lead_graph(leads: &[f64]) -> String {
    graph(leads, Scale::Lead, &[])
}

/// A line graph of `values` by move number (the first value is the start, before move 1),
/// with its axes: the move number along the bottom, `scale` up the side, and a red dot with
/// its number on the line at each move of `marked` (moves that went wrong).
pub fn graph(values: &[f64], scale: Scale, marked: &[usize]) -> String {
    let (width, height) = (420.0, 200.0);
    // The plot inside the axes' labels.
    let (left, right, top, bottom) = (44.0, 410.0, 10.0, 164.0);
    let moves = values.len().saturating_sub(1).max(1);
    let (low, high) = scale.range(values);
    let x = |i: usize| left + (right - left) * i as f64 / moves as f64;
    let y = |v: f64| bottom - (v.clamp(low, high) - low) / (high - low) * (bottom - top);
    let points: Vec<String> = values
        .iter()
        .enumerate()
        .map(|(i, &v)| format!("{:.1},{:.1}", x(i), y(v)))
        .collect();
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"10\">\
         <rect width=\"{width}\" height=\"{height}\" fill=\"#f8f8f8\"/>\
         <path class=\"axes\" d=\"M{left} {top} V{bottom} H{right}\" stroke=\"#333\" fill=\"none\"/>\
         <line x1=\"{left}\" y1=\"{mid}\" x2=\"{right}\" y2=\"{mid}\" stroke=\"#999\" stroke-dasharray=\"4 3\"/>",
        mid = y((low + high) / 2.0),
    );
    // Ticks: both ends and the middle of each axis.
    for value in [high, (low + high) / 2.0, low] {
        write!(
            svg,
            "<text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            left - 4.0,
            y(value) + 3.0,
            scale.tick(value)
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
         <text transform=\"translate(10 {:.1}) rotate(-90)\" text-anchor=\"middle\">{}</text>\
         <polyline points=\"{}\" fill=\"none\" stroke=\"#06c\" stroke-width=\"1.5\"/>",
        (left + right) / 2.0,
        bottom + 28.0,
        (top + bottom) / 2.0,
        scale.label(),
        points.join(" ")
    )
    .unwrap();
    // A mistake's dot sits where the line arrives after the move.
    for &number in marked.iter().filter(|&&i| i < values.len()) {
        let (cx, cy) = (x(number), y(values[number]));
        write!(
            svg,
            "<circle class=\"mistake\" cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"3.5\" fill=\"#d00\"/>\
             <text x=\"{cx:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#d00\">{number}</text>",
            cy - 6.0
        )
        .unwrap();
    }
    svg.push_str("</svg>");
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

    #[test]
    fn a_mistake_diagram_rings_the_move_played_and_numbers_the_better_line() {
        let board = Board::from_diagram(&[".....", ".X...", "..O..", ".....", "....."]).unwrap();
        let at = |name: &str| board.point_named(name).unwrap();
        let marks = [
            Mark::Played(at("A1"), Color::Black),
            Mark::Numbered(at("D4"), Color::Black, 1),
            Mark::Numbered(at("D3"), Color::White, 2),
        ];
        let svg = diagram(&board, &marks);
        assert_eq!(svg.matches("class=\"played\"").count(), 1);
        assert_eq!(svg.matches("class=\"better\"").count(), 1);
        assert!(svg.contains(">1</text>") && svg.contains(">2</text>"));
        // Two stones on the board, the played one and the line's two.
        assert_eq!(svg.matches("<circle cx").count(), 5);
    }

    #[test]
    fn a_win_rate_graph_runs_from_0_to_100_and_marks_the_mistakes() {
        let graph = graph(&[0.5, 0.6, 0.2, 0.25], Scale::WinRate, &[2, 9]);
        assert!(graph.contains("Black's win rate (%)"));
        for tick in [">0<", ">50<", ">100<"] {
            assert!(graph.contains(tick), "{tick}");
        }
        // The mistake at move 2 is marked; move 9 is past the end of the game.
        assert_eq!(graph.matches("class=\"mistake\"").count(), 1);
        assert!(graph.contains("fill=\"#d00\">2</text>"));
    }
}
