//! Names of points and moves as GTP and SGF write them (`D4`, `pass`): columns A to Z
//! without I, rows counted from the bottom.

use super::*;

impl Board {
    /// GTP/SGF-style name of a point, e.g. `D4`.
    pub fn point_name(&self, p: Point) -> String {
        let (col, row) = self.coords(p);
        format!("{}{}", COLUMN_LETTERS[col] as char, row + 1)
    }

    /// GTP name of a move: a point's name, or `pass`.
    pub fn move_name(&self, mv: Move) -> String {
        match mv {
            Move::Pass => "pass".into(),
            Move::Play(p) => self.point_name(p),
        }
    }

    /// The point named by a column letter (A–Z without I, any case) and a row number, if it is on
    /// this board.
    pub fn point_from_name(&self, letter: char, row: usize) -> Option<Point> {
        let letter = letter.to_ascii_uppercase() as u8;
        let col = COLUMN_LETTERS.iter().position(|&l| l == letter)?;
        (col < self.size && (1..=self.size).contains(&row)).then(|| self.point(col, row - 1))
    }

    /// The point named like `D4` (any case), if it is on this board.
    pub fn point_named(&self, name: &str) -> Option<Point> {
        let mut chars = name.chars();
        let letter = chars.next()?;
        self.point_from_name(letter, chars.as_str().parse().ok()?)
    }
}
