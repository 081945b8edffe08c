//! Writing a game as SGF FF[4]: the root with size, komi, rules, handicap, players, date and
//! result, the starting stones, then one node per move or setup step.

use std::fmt::Write;

use super::GameInfo;
use crate::board::{Board, Color, Move, Point};
use crate::game::{Game, Step};

/// SGF text escapes: `\` and `]`.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// `dd`-style point: column letter, then row letter counted from the top.
fn point(board: &Board, p: Point) -> String {
    let (col, row) = board.coords(p);
    let letter = |i: usize| (b'a' + i as u8) as char;
    format!("{}{}", letter(col), letter(board.size() - 1 - row))
}

fn point_list(board: &Board, name: &str, points: &[Point]) -> String {
    if points.is_empty() {
        return String::new();
    }
    let values: String = points
        .iter()
        .map(|&p| format!("[{}]", point(board, p)))
        .collect();
    format!("{name}{values}")
}

/// The game as SGF. `info.result` goes into RE; `info.date` into DT.
pub fn write(game: &Game, info: &GameInfo) -> String {
    write_annotated(game, info, &[])
}

/// `write`, with `extra[i]` (properties already written out, like `WL[52.1]`) added to the
/// node of step `i`.
pub fn write_annotated(game: &Game, info: &GameInfo, extra: &[String]) -> String {
    let notes: Vec<Note> = extra
        .iter()
        .map(|properties| Note {
            properties: properties.clone(),
            ..Note::default()
        })
        .collect();
    write_with_notes(game, info, "", &notes)
}

/// What a step of the record gets besides its move: properties already written out (`C[...]`,
/// `TR[dd]`), and another line that could have been played instead of it, as a variation.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Note {
    pub properties: String,
    pub variation: Vec<(Color, Move)>,
    /// Properties of the variation's first node.
    pub variation_properties: String,
}

/// SGF text: `C[...]` with the text escaped.
pub fn comment(text: &str) -> String {
    format!("C[{}]", escape(text))
}

/// A point property (`TR[dd]`) on the board of `game`.
pub fn point_property(game: &Game, name: &str, p: Point) -> String {
    point_list(game.board(), name, &[p])
}

/// `write`, with `root` (properties already written out) added to the root node and
/// `notes[i]` to step `i`: its properties in the step's node, and its variation as a branch
/// beside the rest of the game from that step on. Every branch point is a new game tree, so
/// the record's own moves stay the main line.
pub fn write_with_notes(game: &Game, info: &GameInfo, root: &str, notes: &[Note]) -> String {
    let (start, start_to_move) = game.start();
    let mut sgf = format!(
        "(;FF[4]GM[1]CA[UTF-8]AP[tengen:{}]SZ[{}]KM[{}]RU[Chinese]",
        env!("CARGO_PKG_VERSION"),
        game.size(),
        game.komi()
    );
    // A handicap given as moves stays moves: HA without AB would mean fixed placement.
    if game.placed_handicap() >= 2 {
        write!(sgf, "HA[{}]", game.placed_handicap()).unwrap();
    }
    let fields = [
        ("PB", &info.black),
        ("PW", &info.white),
        ("DT", &info.date),
        ("RE", &info.result),
    ];
    for (name, value) in fields {
        if let Some(v) = value {
            write!(sgf, "{name}[{}]", escape(v)).unwrap();
        }
    }
    let stones = |color| {
        start
            .points()
            .filter(|&p| start.stone(p) == Some(color))
            .collect::<Vec<_>>()
    };
    sgf.push_str(&point_list(start, "AB", &stones(Color::Black)));
    sgf.push_str(&point_list(start, "AW", &stones(Color::White)));
    if start_to_move == Color::White {
        sgf.push_str("PL[W]");
    }
    sgf.push_str(root);
    // The variations still to write, innermost last, once the main line is closed.
    let mut branches = Vec::new();
    for (i, step) in game.steps().iter().enumerate() {
        let note = notes.get(i);
        if let Some(note) = note.filter(|n| !n.variation.is_empty()) {
            sgf.push_str("\n(");
            branches.push(variation(start, note));
        }
        // A line break now and then keeps the file readable.
        sgf.push_str(if i % 10 == 0 { "\n;" } else { ";" });
        match step {
            Step::Move(color, Move::Pass) => write!(sgf, "{}[]", color.letter()).unwrap(),
            Step::Move(color, Move::Play(p)) => {
                write!(sgf, "{}[{}]", color.letter(), point(start, *p)).unwrap()
            }
            Step::Setup {
                black,
                white,
                empty,
            } => {
                for (name, list) in [("AB", black), ("AW", white), ("AE", empty)] {
                    sgf.push_str(&point_list(start, name, list));
                }
            }
        }
        if let Some(note) = note {
            sgf.push_str(&note.properties);
        }
    }
    for branch in branches.iter().rev() {
        write!(sgf, ")\n({branch})").unwrap();
    }
    sgf.push_str(")\n");
    sgf
}

/// The nodes of a note's variation, its properties in the first.
fn variation(board: &Board, note: &Note) -> String {
    let mut text = String::new();
    for (k, &(color, mv)) in note.variation.iter().enumerate() {
        let at = match mv {
            Move::Pass => String::new(),
            Move::Play(p) => point(board, p),
        };
        write!(text, ";{}[{at}]", color.letter()).unwrap();
        if k == 0 {
            text.push_str(&note.variation_properties);
        }
    }
    text
}

/// Today's date as SGF writes it (`2026-11-30`), from the system clock in UTC.
pub fn today() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_date(seconds / 86_400);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Year, month, day of the day `days` after 1970-01-01 (proleptic Gregorian calendar).
fn civil_date(days: u64) -> (u64, u64, u64) {
    // Shift to a calendar starting on 0000-03-01 so that leap days fall at the end of a year.
    let z = days + 719_468;
    let era = z / 146_097;
    let day_of_era = z % 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let mp = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = year_of_era + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(59), (1970, 3, 1));
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(20_787), (2026, 11, 30));
    }

    #[test]
    fn annotations_go_into_the_nodes_of_their_steps() {
        let mut game = Game::new(9, 7.5, crate::game::Superko::Situational);
        game.play(
            Color::Black,
            Move::Play(game.board().point_named("E5").unwrap()),
        )
        .unwrap();
        game.play(Color::White, Move::Pass).unwrap();
        let extra = ["BL[10.0]".to_string(), "WL[8.5]C[1.50 s]".to_string()];
        let text = write_annotated(&game, &GameInfo::default(), &extra);
        assert!(
            text.contains(";B[ee]BL[10.0];W[]WL[8.5]C[1.50 s])"),
            "{text}"
        );
    }

    /// Two variations: each branches off before its step, the record's moves stay the main
    /// line, and sgfmill-style readers find the alternatives as second children.
    #[test]
    fn variations_branch_off_beside_the_rest_of_the_game() {
        let mut game = Game::new(9, 7.5, crate::game::Superko::Situational);
        for name in ["E5", "C3", "G7"] {
            let p = game.board().point_named(name).unwrap();
            game.play(game.to_move(), Move::Play(p)).unwrap();
        }
        let at = |name: &str| Move::Play(game.board().point_named(name).unwrap());
        let notes = vec![
            Note::default(),
            Note {
                properties: comment("a mistake: see [D4]"),
                variation: vec![(Color::White, at("D4")), (Color::Black, at("D5"))],
                variation_properties: "TR[dd]".into(),
            },
            Note {
                properties: String::new(),
                variation: vec![(Color::Black, Move::Pass)],
                variation_properties: String::new(),
            },
        ];
        let text = write_with_notes(&game, &GameInfo::default(), "C[root]", &notes);
        let compact: String = text.split_whitespace().collect();
        assert!(
            compact.ends_with(
                "C[root];B[ee](;W[cg]C[amistake:see[D4\\]](;B[gc])(;B[]))(;W[df]TR[dd];B[de]))"
            ),
            "{text}"
        );
        let trees = super::super::parse(&text).unwrap();
        assert_eq!(trees[0].main_line().len(), 4);
    }

    #[test]
    fn escapes() {
        assert_eq!(escape("a]b\\c"), "a\\]b\\\\c");
    }
}
