//! Area counting (art. 9, 11): living stones plus the empty points they alone surround; dame
//! shared half and half; komi and handicap compensation paid by Black.

use std::fmt;

use crate::board::{Board, Cell, Color, Point, PointMap};

/// Each side's area, dame already shared out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AreaCount {
    pub black: f64,
    pub white: f64,
    /// Empty points (and points of removed stones) that neither side alone surrounds.
    pub dame: usize,
}

/// Which empty region (after removing `dead`) belongs to whom: `Some(color)` for territory,
/// `None` for dame, per point; stones of living strings map to their colour.
pub fn ownership(board: &Board, dead: &[Point]) -> PointMap<Option<Color>> {
    let mut cells = PointMap::filled(Cell::Border);
    for p in board.points() {
        cells[p] = if dead.contains(&p) {
            Cell::Empty
        } else {
            board.cell(p)
        };
    }
    let mut owner = PointMap::filled(None);
    let mut visited = PointMap::filled(false);
    let mut region = Vec::new();
    for p in board.points() {
        match cells[p] {
            Cell::Stone(c) => owner[p] = Some(c),
            Cell::Empty if !visited[p] => {
                let (touches_black, touches_white) =
                    flood_region(board, &cells, p, &mut visited, &mut region);
                let region_owner = match (touches_black, touches_white) {
                    (true, false) => Some(Color::Black),
                    (false, true) => Some(Color::White),
                    _ => None,
                };
                for &q in &region {
                    owner[q] = region_owner;
                }
            }
            _ => {}
        }
    }
    owner
}

/// Collects the empty region through `start` into `region`; says which colours border it.
fn flood_region(
    board: &Board,
    cells: &PointMap<Cell>,
    start: Point,
    visited: &mut PointMap<bool>,
    region: &mut Vec<Point>,
) -> (bool, bool) {
    region.clear();
    region.push(start);
    visited[start] = true;
    let (mut black, mut white) = (false, false);
    let mut i = 0;
    while i < region.len() {
        for n in board.neighbours(region[i]) {
            match cells[n] {
                Cell::Empty if !visited[n] => {
                    visited[n] = true;
                    region.push(n);
                }
                Cell::Stone(Color::Black) => black = true,
                Cell::Stone(Color::White) => white = true,
                _ => {}
            }
        }
        i += 1;
    }
    (black, white)
}

/// Counts the board with the `dead` stones removed.
pub fn area(board: &Board, dead: &[Point]) -> AreaCount {
    let owner = ownership(board, dead);
    let (mut black, mut white, mut dame) = (0usize, 0usize, 0usize);
    for p in board.points() {
        match owner[p] {
            Some(Color::Black) => black += 1,
            Some(Color::White) => white += 1,
            None => dame += 1,
        }
    }
    let half_dame = dame as f64 / 2.0;
    AreaCount {
        black: black as f64 + half_dame,
        white: white as f64 + half_dame,
        dame,
    }
}

/// The result of a counted game: Black's margin in points (negative when White wins).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameResult {
    pub margin: f64,
}

impl GameResult {
    /// The result of an area count, given the effective komi (`Rules::effective_komi`).
    pub fn from_count(count: AreaCount, effective_komi: f64) -> GameResult {
        GameResult {
            margin: count.black - count.white - effective_komi,
        }
    }

    pub fn winner(&self) -> Option<Color> {
        if self.margin > 0.0 {
            Some(Color::Black)
        } else if self.margin < 0.0 {
            Some(Color::White)
        } else {
            None
        }
    }

    /// The result for people, in stones (one stone is two points): `B+3/4 stones`.
    pub fn in_stones(&self) -> String {
        match self.winner() {
            None => "Draw".to_string(),
            Some(c) => {
                let stones = stones_text(self.margin.abs() / 2.0);
                let unit = if stones == "1" { "stone" } else { "stones" };
                format!("{}+{stones} {unit}", c.letter())
            }
        }
    }

    /// The same in Chinese: `黑胜3/4子`.
    pub fn in_stones_chinese(&self) -> String {
        match self.winner() {
            None => "和棋".to_string(),
            Some(c) => {
                let side = if c == Color::Black { "黑" } else { "白" };
                let stones = stones_text(self.margin.abs() / 2.0).replace(' ', "又");
                format!("{side}胜{stones}子")
            }
        }
    }
}

/// The GTP form: `B+1.5`, `W+0.5`, `0` for a draw.
impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.winner() {
            None => write!(f, "0"),
            Some(c) => write!(f, "{}+{}", c.letter(), points_text(self.margin.abs())),
        }
    }
}

/// Points with one decimal (`7.5`, `2.0`) unless the value needs more.
pub fn points_text(points: f64) -> String {
    if (points * 10.0).fract() == 0.0 {
        format!("{points:.1}")
    } else {
        format!("{points}")
    }
}

/// Stones as a whole number and quarters (`3 3/4`, `1/2`, `2`), or a decimal otherwise.
pub fn stones_text(stones: f64) -> String {
    let quarters = stones * 4.0;
    if quarters.fract() != 0.0 {
        return format!("{stones}");
    }
    let quarters = quarters as u64;
    let (whole, frac) = (quarters / 4, quarters % 4);
    let frac = ["", "1/4", "1/2", "3/4"][frac as usize];
    match (whole, frac) {
        (w, "") => format!("{w}"),
        (0, f) => f.to_string(),
        (w, f) => format!("{w} {f}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(margin: f64) -> GameResult {
        GameResult { margin }
    }

    #[test]
    fn gtp_results_in_points() {
        assert_eq!(result(1.5).to_string(), "B+1.5");
        assert_eq!(result(-0.5).to_string(), "W+0.5");
        assert_eq!(result(0.0).to_string(), "0");
        assert_eq!(result(-12.0).to_string(), "W+12.0");
    }

    #[test]
    fn results_in_stones_for_people() {
        assert_eq!(result(1.5).in_stones(), "B+3/4 stones");
        assert_eq!(result(1.5).in_stones_chinese(), "黑胜3/4子");
        assert_eq!(result(-0.5).in_stones(), "W+1/4 stones");
        assert_eq!(result(-7.5).in_stones_chinese(), "白胜3又3/4子");
        assert_eq!(result(2.0).in_stones(), "B+1 stone");
        assert_eq!(result(-9.0).in_stones(), "W+4 1/2 stones");
        assert_eq!(result(0.0).in_stones(), "Draw");
        assert_eq!(result(0.0).in_stones_chinese(), "和棋");
    }
}
