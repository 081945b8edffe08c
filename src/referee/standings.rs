//! Standings (art. 27): 2 points a win, 1 a draw, 0 a loss; ties broken by the sum of the
//! opponents' points (对手分), then by fewer warnings, then a shared place; and the standings
//! with the crosstable as text.

use std::fmt::Write;

use super::results::Record;

/// One entrant's line.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub entrant: usize,
    /// 1 for the first; entrants level on everything share a place.
    pub place: usize,
    pub points: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Games without result (art. 20).
    pub void: u32,
    /// Sum of the opponents' points over the games played.
    pub opponents_points: u32,
    pub warnings: u32,
}

impl Standing {
    /// The figures of a standings line after the place and the name, in the order of
    /// `FIGURES`.
    pub fn figures(&self) -> [u32; 7] {
        [
            self.points,
            self.wins,
            self.draws,
            self.losses,
            self.void,
            self.opponents_points,
            self.warnings,
        ]
    }
}

/// The headings of `Standing::figures`, the same words in the text table and the report.
pub const FIGURES: [&str; 7] = [
    "points",
    "won",
    "drawn",
    "lost",
    "no result",
    "opponents' points",
    "warnings",
];

/// The standings, best first. `byes` are Swiss byes, worth a win's points.
pub fn standings(entrants: usize, results: &[Record], byes: &[usize]) -> Vec<Standing> {
    let bye_points = |e: usize| 2 * byes.iter().filter(|&&b| b == e).count() as u32;
    let points: Vec<u32> = (0..entrants)
        .map(|e| {
            results
                .iter()
                .filter(|r| r.involves(e))
                .map(|r| r.points(e))
                .sum::<u32>()
                + bye_points(e)
        })
        .collect();
    let mut table: Vec<Standing> = (0..entrants)
        .map(|e| {
            let games: Vec<&Record> = results.iter().filter(|r| r.involves(e)).collect();
            let count = |f: &dyn Fn(&Record) -> bool| games.iter().filter(|r| f(r)).count() as u32;
            Standing {
                entrant: e,
                place: 0,
                points: points[e],
                wins: count(&|r| r.winner() == Some(e)),
                draws: count(&|r| r.is_draw()),
                losses: count(&|r| r.winner().is_some_and(|w| w != e)),
                void: count(&|r| r.winner().is_none() && !r.is_draw()),
                opponents_points: games.iter().map(|r| points[r.opponent(e)]).sum(),
                warnings: games.iter().map(|r| r.warnings_of(e)).sum(),
            }
        })
        .collect();
    let key = |s: &Standing| {
        (
            std::cmp::Reverse(s.points),
            std::cmp::Reverse(s.opponents_points),
            s.warnings,
        )
    };
    table.sort_by_key(|s| (key(s), s.entrant));
    for i in 0..table.len() {
        table[i].place = if i > 0 && key(&table[i]) == key(&table[i - 1]) {
            table[i - 1].place
        } else {
            i + 1
        };
    }
    table
}

/// Each game against `b` from `a`'s side: `+` a win, `-` a loss, `=` a draw, `o` no result.
fn games_against(a: usize, b: usize, results: &[Record]) -> String {
    results
        .iter()
        .filter(|r| r.involves(a) && r.involves(b) && a != b)
        .map(|r| match r.winner() {
            Some(w) if w == a => '+',
            Some(_) => '-',
            None if r.is_draw() => '=',
            None => 'o',
        })
        .collect()
}

/// A crosstable cell: `row`'s games against `column`, `x` on the diagonal.
fn cell(row: usize, column: usize, results: &[Record]) -> String {
    if row == column {
        "x".into()
    } else {
        games_against(row, column, results)
    }
}

/// Standings and crosstable as text.
pub fn text(names: &[String], results: &[Record], byes: &[usize]) -> String {
    let table = standings(names.len(), results, byes);
    let width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut out = format!("{:>5}  {:<width$} ", "place", "name");
    for heading in FIGURES {
        write!(out, "  {heading}").unwrap();
    }
    for s in &table {
        write!(out, "\n{:>5}  {:<width$} ", s.place, names[s.entrant]).unwrap();
        for (figure, heading) in s.figures().iter().zip(FIGURES) {
            write!(out, "  {figure:>w$}", w = heading.len()).unwrap();
        }
    }
    out.push_str("\n\ncrosstable (+ win, - loss, = draw, o no result; columns by place)\n");
    write!(out, "{:>5}  {:<width$} ", "", "").unwrap();
    for i in 1..=table.len() {
        write!(out, " {i:>6}").unwrap();
    }
    for (i, row) in table.iter().enumerate() {
        write!(out, "\n{:>5}  {:<width$} ", i + 1, names[row.entrant]).unwrap();
        for column in &table {
            let cell = cell(row.entrant, column.entrant, results);
            write!(out, " {cell:>6}").unwrap();
        }
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(id: &str, black: usize, white: usize, result: &str, warnings: [u32; 2]) -> Record {
        Record {
            warnings,
            ..Record::example(id, black, white, result)
        }
    }

    #[test]
    fn points_then_opponents_points_then_warnings_then_a_shared_place() {
        // 0 beats 1, 1 beats 2, 2 beats 0: all on 2 points and 4 opponents' points; 2 had
        // a warning, so 0 and 1 share first place.
        let results = vec![
            game("a", 0, 1, "B+1.5", [0, 0]),
            game("b", 1, 2, "B+3.5", [0, 1]),
            game("c", 2, 0, "B+0.5", [0, 0]),
        ];
        let table = standings(3, &results, &[]);
        let places: Vec<(usize, usize)> = table.iter().map(|s| (s.entrant, s.place)).collect();
        assert_eq!(places, vec![(0, 1), (1, 1), (2, 3)]);
        assert!(
            table
                .iter()
                .all(|s| s.points == 2 && s.opponents_points == 4)
        );
        // A draw is a point each; the opponents' points decide between equal scores.
        let results = vec![
            game("a", 0, 1, "0", [0, 0]),
            game("b", 2, 3, "W+Resign", [0, 0]),
            game("c", 0, 3, "B+2.5", [0, 0]),
        ];
        let table = standings(4, &results, &[]);
        assert_eq!(table[0].entrant, 0);
        assert_eq!((table[0].points, table[0].draws, table[0].wins), (3, 1, 1));
        assert_eq!(table.last().unwrap().entrant, 2);
        let text = text(
            &["a".into(), "b".into(), "c".into(), "d".into()],
            &results,
            &[],
        );
        assert!(text.contains("crosstable"));
        let crosstable = text.split("crosstable").nth(1).unwrap();
        let a_row = crosstable
            .lines()
            .find(|l| l.trim_start().starts_with("1  a"))
            .unwrap();
        assert!(
            a_row.contains(" x ") && a_row.contains('=') && a_row.contains('+'),
            "{a_row}"
        );
    }
}
