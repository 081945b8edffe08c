//! What an event tells the person running it: a line on stdout for every finished game (with
//! two entrants, the first one's score so far and its interval) and a progress bar on a
//! terminal's stderr. Game lines are printed through the bar, so the two never share a line.

use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

use super::results::Record;
use super::sprt::{Sprt, Standing};
use super::{Event, byes, standings};

/// The 95% Wilson score interval of a win rate.
pub fn wilson(wins: f64, games: f64) -> (f64, f64) {
    if games == 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.96;
    let p = wins / games;
    let denominator = 1.0 + z * z / games;
    let centre = p + z * z / (2.0 * games);
    let spread = z * (p * (1.0 - p) / games + z * z / (4.0 * games * games)).sqrt();
    (
        ((centre - spread) / denominator).max(0.0),
        ((centre + spread) / denominator).min(1.0),
    )
}

/// The first entrant's score in a two-entrant event, as a strength measurement counts it:
/// games lost by a program's crash are no games (Pachi 12.90 aborts now and then) and are
/// left out, a draw counts half, a game without result not at all.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Score {
    pub points: f64,
    pub games: usize,
    pub draws: usize,
    /// Games left out because the loser's program crashed.
    pub crashes: usize,
}

impl Score {
    pub fn of(records: &[Record]) -> Score {
        let crashes = records.iter().filter(|r| r.result.is_crash()).count();
        let counted = records
            .iter()
            .filter(|r| !r.result.is_crash() && (r.winner().is_some() || r.is_draw()));
        let (points, games, draws) = counted.fold((0.0, 0, 0), |(points, games, draws), r| {
            let draw = usize::from(r.is_draw());
            (
                points + f64::from(r.points(0)) / 2.0,
                games + 1,
                draws + draw,
            )
        });
        Score {
            points,
            games,
            draws,
            crashes,
        }
    }

    /// `106/200 (53.0%, 95% CI 46.1-59.8%)`, and how many crashes were left out.
    pub fn describe(&self) -> String {
        let n = self.games as f64;
        let (low, high) = wilson(self.points, n);
        let mut text = format!(
            "{}/{} ({:.1}%, 95% CI {:.1}-{:.1}%)",
            self.points,
            self.games,
            100.0 * self.points / n.max(1.0),
            100.0 * low,
            100.0 * high
        );
        if self.crashes > 0 {
            let games = if self.crashes == 1 { "game" } else { "games" };
            text.push_str(&format!(
                ", {} {games} lost by a crash left out",
                self.crashes
            ));
        }
        text
    }
}

impl Standing {
    /// Where the test stands after the games of `records` (counted as `Score` counts them).
    pub fn of(sprt: Sprt, records: &[Record]) -> Standing {
        let score = Score::of(records);
        let draws = score.draws as f64;
        let wins = score.points - draws / 2.0;
        Standing::new(sprt, wins, draws, score.games as f64 - wins - draws)
    }
}

/// The bar and the lines of a running event.
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A bar for an event of `total` games, `done` of them already played.
    pub fn new(total: usize, done: usize) -> Progress {
        let bar = ProgressBar::new(total as u64).with_style(
            ProgressStyle::with_template("{pos}/{len} games {wide_msg} [{elapsed}, ~{eta} left]")
                .expect("a valid template"),
        );
        bar.set_position(done as u64);
        // The pace is that of this run's games: those resumed took no time here.
        bar.reset_eta();
        bar.enable_steady_tick(Duration::from_secs(1));
        Progress { bar }
    }

    /// A game finished: its line on stdout, the bar moved on; with a sequential test, where
    /// it stands on both.
    pub fn game(&self, event: &Event, record: &Record, all: &[Record], test: Option<Standing>) {
        let mut line = game_line(event, record, all);
        let mut message = leader(event, all);
        if let Some(test) = test {
            line.push_str(&format!("; sprt {test}"));
            message.push_str(&format!(", sprt {test}"));
        }
        self.say(&line);
        self.bar.set_length(
            event
                .format
                .expected_games(event.entrants.len())
                .max(all.len()) as u64,
        );
        self.bar.set_position(all.len() as u64);
        self.bar.set_message(message);
    }

    /// A line on stdout above the bar.
    pub fn say(&self, line: &str) {
        self.bar.suspend(|| println!("{line}"));
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// Who leads the standings, for the bar.
fn leader(event: &Event, records: &[Record]) -> String {
    let names = event.names();
    let table = standings::standings(names.len(), records, &byes(event, records));
    table.first().map_or(String::new(), |s| {
        format!("leading {} with {} points", names[s.entrant], s.points)
    })
}

/// One line per finished game; with two entrants, the first one's score so far.
fn game_line(event: &Event, record: &Record, all: &[Record]) -> String {
    let names = event.names();
    let mut line = format!(
        "game {}: {} (B) vs {} (W): {} in {} moves",
        record.id, names[record.black], names[record.white], record.result, record.moves
    );
    if event.entrants.len() == 2 {
        line.push_str(&format!("; {} {}", names[0], Score::of(all).describe()));
    }
    if event.rules.clock != crate::clock::TimeSystem::None {
        line.push_str(&format!(
            "; slowest move against the time it had: B {} s, W {} s; time used: B {:.1} s, W {:.1} s",
            record.slowest[0], record.slowest[1], record.time[0], record.time[1]
        ));
    }
    if !record.rulings.is_empty() {
        line.push_str(&format!("; {}", record.rulings));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::outcome::Outcome;

    #[test]
    fn wilson_intervals() {
        let (low, high) = wilson(80.0, 100.0);
        assert!(
            (low - 0.711).abs() < 0.002 && (high - 0.867).abs() < 0.002,
            "{low} {high}"
        );
        let (low, high) = wilson(0.0, 10.0);
        assert!(low == 0.0 && (high - 0.278).abs() < 0.002);
    }

    /// A crash of either program is left out, a draw counts half, a void game not at all.
    #[test]
    fn the_score_leaves_out_crashes_and_games_without_result() {
        let record = |black, white, result: &str, rulings: &str| Record {
            result: Outcome::parse(result, rulings).unwrap(),
            rulings: rulings.into(),
            ..Record::example("g", black, white, result)
        };
        let records = [
            record(0, 1, "B+1.5", ""),
            record(1, 0, "B+Resign", ""),
            record(
                0,
                1,
                "B+Forfeit",
                "White crashed (engine closed its output): forfeit",
            ),
            record(
                1,
                0,
                "W+Forfeit",
                "Black gave no answer to genmove in time: forfeit",
            ),
            record(0, 1, "0", ""),
            record(0, 1, "Void", ""),
        ];
        let score = Score::of(&records);
        assert_eq!(
            score,
            Score {
                points: 2.5,
                games: 4,
                draws: 1,
                crashes: 1
            }
        );
        assert_eq!(
            score.describe(),
            "2.5/4 (62.5%, 95% CI 21.9-90.8%), 1 game lost by a crash left out"
        );
    }
}
