//! Unconditional life (Benson's algorithm): strings that cannot be captured even if their owner
//! passes at every turn, because each keeps two regions whose every empty point is its
//! liberty, and the enemy can fill neither. Stones of the other colour inside such regions can
//! never make an eye there: they are dead for certain.

use super::*;

/// What Benson's algorithm settles for one colour.
pub struct Life {
    /// Points of `color`'s unconditionally alive strings.
    pub alive: PointMap<bool>,
    /// Enemy stones inside the regions that give those strings their life.
    pub dead: PointMap<bool>,
}

/// A maximal connected set of points that are not `color`'s stones.
struct Region {
    points: Vec<Point>,
    /// Heads of the strings of `color` next to the region.
    borders: Vec<Point>,
}

impl Board {
    /// Benson's algorithm for `color`.
    pub fn unconditional_life(&self, color: Color) -> Life {
        let mut regions = self.regions_around(color);
        let mut heads: Vec<Point> = self
            .points()
            .filter(|&p| self.stone(p) == Some(color) && self.string_head(p) == p)
            .collect();
        loop {
            // A string lives on while two remaining regions are vital to it.
            let before = heads.len();
            heads.retain(|&h| regions.iter().filter(|r| self.is_vital(r, h)).count() >= 2);
            // A region next to a string that was given up no longer counts.
            regions.retain(|r| r.borders.iter().all(|b| heads.contains(b)));
            if heads.len() == before {
                break;
            }
        }
        let mut life = Life {
            alive: PointMap::filled(false),
            dead: PointMap::filled(false),
        };
        for p in self.points() {
            if self.stone(p) == Some(color) && heads.contains(&self.string_head(p)) {
                life.alive[p] = true;
            }
        }
        for region in regions
            .iter()
            .filter(|r| heads.iter().any(|&h| self.is_vital(r, h)))
        {
            for &p in &region.points {
                life.dead[p] = self.stone(p) == Some(color.opponent());
            }
        }
        life
    }

    /// Whether every empty point of `region` is a liberty of the string with head `head`.
    fn is_vital(&self, region: &Region, head: Point) -> bool {
        region.borders.contains(&head)
            && region
                .points
                .iter()
                .filter(|&&p| self.is_empty_point(p))
                .all(|&p| {
                    self.neighbours(p)
                        .into_iter()
                        .any(|n| self.stone(n).is_some() && self.string_head(n) == head)
                })
    }

    /// The regions enclosed by `color`: flood fills over everything but its stones.
    fn regions_around(&self, color: Color) -> Vec<Region> {
        let mut seen = PointMap::filled(false);
        let mut regions = Vec::new();
        for start in self.points() {
            if seen[start] || self.stone(start) == Some(color) {
                continue;
            }
            let mut region = Region {
                points: Vec::new(),
                borders: Vec::new(),
            };
            let mut todo = vec![start];
            seen[start] = true;
            while let Some(p) = todo.pop() {
                region.points.push(p);
                for n in self.neighbours(p) {
                    match self.cell(n) {
                        Cell::Border => {}
                        Cell::Stone(c) if c == color => {
                            let head = self.string_head(n);
                            if !region.borders.contains(&head) {
                                region.borders.push(head);
                            }
                        }
                        _ if !seen[n] => {
                            seen[n] = true;
                            todo.push(n);
                        }
                        _ => {}
                    }
                }
            }
            regions.push(region);
        }
        regions
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(board: &Board, map: &PointMap<bool>) -> Vec<String> {
        board
            .points()
            .filter(|&p| map[p])
            .map(|p| board.point_name(p))
            .collect()
    }

    #[test]
    fn two_eyes_live_one_eye_does_not() {
        // Black's lower group has two eyes (B2, D2); the upper one only H9.
        let board = Board::from_diagram(&[
            "......X.X",
            "......XXX",
            ".........",
            ".........",
            ".........",
            ".........",
            "XXXXX....",
            "X.X.X....",
            "XXXXX....",
        ])
        .unwrap();
        let life = board.unconditional_life(Color::Black);
        let alive = names(&board, &life.alive);
        assert_eq!(alive.len(), 13, "{alive:?}");
        assert!(alive.contains(&"A1".to_string()) && !alive.contains(&"G9".to_string()));
        assert!(names(&board, &life.dead).is_empty());
    }

    #[test]
    fn enemy_stones_in_a_living_groups_eye_are_dead() {
        // Black lives (eyes at A1, C1, E1 and the top row) with a White stone in a fourth eye.
        let board = Board::from_diagram(&[".....", "XXXXX", "X.O.X", "XXXXX", ".X.X."]).unwrap();
        let black = board.unconditional_life(Color::Black);
        assert_eq!(names(&board, &black.dead), ["C3"]);
        assert!(black.alive[board.point_named("A4").unwrap()]);
        let white = board.unconditional_life(Color::White);
        assert!(names(&board, &white.alive).is_empty());
    }

    #[test]
    fn nothing_lives_on_an_empty_board_or_without_eyes() {
        let board = Board::new(9);
        assert!(names(&board, &board.unconditional_life(Color::Black).alive).is_empty());
        let wall = Board::from_diagram(&["XXXXX", ".....", ".....", ".....", "....."]).unwrap();
        assert!(names(&wall, &wall.unconditional_life(Color::Black).alive).is_empty());
    }
}
