//! The board as text, as `showboard` and the logs show it: columns lettered A to Z without
//! I, rows numbered from the bottom, `X` for Black, `O` for White.

use super::{Board, Color, Point};

impl Board {
    /// One line per row, the top row first, between two lines of column letters; the empty
    /// points in `marked` (the star points) are shown as `+`.
    pub fn diagram(&self, marked: &[Point]) -> Vec<String> {
        let size = self.size();
        let letters: Vec<String> = (0..size)
            .map(|c| self.point_name(self.point(c, 0))[..1].to_string())
            .collect();
        let letters = format!("   {}", letters.join(" "));
        let mut lines = vec![letters.clone()];
        for row in (0..size).rev() {
            let mut line = format!("{:>2} ", row + 1);
            for col in 0..size {
                let p = self.point(col, row);
                line.push(match self.stone(p) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None if marked.contains(&p) => '+',
                    None => '.',
                });
                line.push(' ');
            }
            lines.push(format!("{line}{}", row + 1));
        }
        lines.push(letters);
        lines
    }
}
