//! How a game of an event ended, as a value: a win (by points, resignation, time, a second
//! illegal move or forfeit, with the forfeit's cause), a draw or no result. It becomes text
//! only in `results.dat` (`B+1.5`, `W+Resign`, `B+Time`, `W+Illegal`, `B+Forfeit`, `0`,
//! `Void`, the words of gogui-twogtp's files), in SGF's `RE` and in what people read.

use std::{fmt, io};

use crate::board::Color;
use crate::game::score::{GameResult, points_text};

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Outcome {
    Win(Color, Margin),
    /// A draw (a cycle under the event's draw rule, or a count of exactly komi).
    Draw,
    /// No result: a cycle under the no-result rule, or a game that could not be played.
    Void,
}

/// How a game was won.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Margin {
    /// By this many points on the count.
    Points(f64),
    Resign,
    Time,
    /// The loser's second illegal move (art. 19 and 24).
    Illegal,
    Forfeit(Forfeit),
}

/// Why a side forfeited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forfeit {
    /// Its program did not start, or died during the game: no game was played with it, and a
    /// strength measurement leaves such games out.
    Crash,
    /// It answered too late, refused a command or answered nonsense.
    Fault,
}

/// The words of a ruling that says a side's program crashed (`Forfeit::Crash`); older
/// results files said "closed its output".
pub const CRASHED: &str = "crashed";

impl Outcome {
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win(color, _) => Some(color),
            Outcome::Draw | Outcome::Void => None,
        }
    }

    /// A win by forfeit because the loser's program crashed.
    pub fn is_crash(self) -> bool {
        matches!(self, Outcome::Win(_, Margin::Forfeit(Forfeit::Crash)))
    }

    /// The outcome `results.dat` writes, read back; a forfeit's cause comes from the game's
    /// rulings.
    pub fn parse(text: &str, rulings: &str) -> Option<Outcome> {
        match text {
            "0" => return Some(Outcome::Draw),
            "Void" => return Some(Outcome::Void),
            _ => {}
        }
        let (color, how) = text.split_once('+')?;
        let color = match color {
            "B" => Color::Black,
            "W" => Color::White,
            _ => return None,
        };
        let crashed = rulings.contains(CRASHED) || rulings.contains("closed its output");
        let margin = match how {
            "Resign" => Margin::Resign,
            "Time" => Margin::Time,
            "Illegal" => Margin::Illegal,
            "Forfeit" if crashed => Margin::Forfeit(Forfeit::Crash),
            "Forfeit" => Margin::Forfeit(Forfeit::Fault),
            points => Margin::Points(points.parse().ok().filter(|p: &f64| p.is_finite())?),
        };
        Some(Outcome::Win(color, margin))
    }

    /// SGF's RE: `B+1.5`, `W+R`, `W+T`, `B+F` (an illegal move's loss is a forfeit too), `0`,
    /// `Void`.
    pub fn sgf(self) -> String {
        match self {
            Outcome::Win(color, margin) => {
                let how = match margin {
                    Margin::Points(p) => points_text(p),
                    Margin::Resign => "R".into(),
                    Margin::Time => "T".into(),
                    Margin::Illegal | Margin::Forfeit(_) => "F".into(),
                };
                format!("{}+{how}", color.letter())
            }
            other => other.to_string(),
        }
    }

    /// The points margin of a win on the count, Black's positive; `None` for the others.
    pub fn points(self) -> Option<f64> {
        match self {
            Outcome::Win(Color::Black, Margin::Points(p)) => Some(p),
            Outcome::Win(Color::White, Margin::Points(p)) => Some(-p),
            _ => None,
        }
    }
}

impl From<GameResult> for Outcome {
    /// The count's result: a win by points, or a draw at exactly komi.
    fn from(count: GameResult) -> Outcome {
        match count.winner() {
            Some(color) => Outcome::Win(color, Margin::Points(count.margin.abs())),
            None => Outcome::Draw,
        }
    }
}

impl Forfeit {
    /// The cause of a forfeit for a failed exchange with a side's program: a crash when its
    /// pipes are gone, a fault otherwise.
    pub fn of(error: &io::Error) -> Forfeit {
        match error.kind() {
            io::ErrorKind::UnexpectedEof | io::ErrorKind::BrokenPipe => Forfeit::Crash,
            _ => Forfeit::Fault,
        }
    }
}

impl fmt::Display for Outcome {
    /// As `results.dat` writes it.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match *self {
            Outcome::Win(color, margin) => {
                write!(f, "{}+", color.letter())?;
                match margin {
                    Margin::Points(p) => f.write_str(&points_text(p)),
                    Margin::Resign => f.write_str("Resign"),
                    Margin::Time => f.write_str("Time"),
                    Margin::Illegal => f.write_str("Illegal"),
                    Margin::Forfeit(_) => f.write_str("Forfeit"),
                }
            }
            Outcome::Draw => f.write_str("0"),
            Outcome::Void => f.write_str("Void"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_outcome_reads_back_as_written() {
        let all = [
            Outcome::Win(Color::Black, Margin::Points(1.5)),
            Outcome::Win(Color::White, Margin::Points(30.0)),
            Outcome::Win(Color::White, Margin::Resign),
            Outcome::Win(Color::Black, Margin::Time),
            Outcome::Win(Color::Black, Margin::Illegal),
            Outcome::Win(Color::White, Margin::Forfeit(Forfeit::Fault)),
            Outcome::Draw,
            Outcome::Void,
        ];
        for outcome in all {
            assert_eq!(Outcome::parse(&outcome.to_string(), ""), Some(outcome));
        }
        let crash = Outcome::Win(Color::Black, Margin::Forfeit(Forfeit::Crash));
        assert_eq!(
            Outcome::parse("B+Forfeit", "White crashed (broken pipe): forfeit"),
            Some(crash)
        );
        assert_eq!(
            Outcome::parse(
                "B+Forfeit",
                "White failed (engine closed its output): forfeit"
            ),
            Some(crash),
            "older files"
        );
        assert!(crash.is_crash() && !all[5].is_crash());
        for bad in ["", "X+1", "B+", "B+fast", "B+inf", "W+NaN", "draw"] {
            assert_eq!(Outcome::parse(bad, ""), None, "{bad}");
        }
    }

    #[test]
    fn sgf_shortens_the_reasons() {
        let sgf = |text: &str| Outcome::parse(text, "").unwrap().sgf();
        assert_eq!(sgf("B+1.5"), "B+1.5");
        assert_eq!(sgf("W+Resign"), "W+R");
        assert_eq!(sgf("B+Time"), "B+T");
        assert_eq!(sgf("W+Forfeit"), "W+F");
        assert_eq!(sgf("B+Illegal"), "B+F");
        assert_eq!(
            (sgf("0"), sgf("Void")),
            ("0".to_string(), "Void".to_string())
        );
        assert_eq!(Outcome::parse("W+2.5", "").unwrap().points(), Some(-2.5));
    }
}
