//! `tengen match`: plays games between two GTP engines and counts the results. A simple runner
//! for strength measurements; the full referee (clocks, rulings, tournaments) grows from it.
//!
//! The runner keeps the game itself: every move is checked (positional superko). An illegal
//! move is void and counts as a pass with a warning (art. 19); each warning costs two points
//! at the count and the second loses the game (art. 24). A broken engine loses; two passes end
//! play. If both engines name the same
//! dead stones the board is counted without them; if they disagree, play resumes (art. 21), the
//! side that claims stones dead moving first, until both pass again, and the stones are then
//! counted as they stand.

use std::io;
use std::path::PathBuf;

use std::time::Instant;

use crate::board::{Color, Move, Point};
use crate::clock::{GameClock, TimeSystem};
use crate::game::score::{GameResult, area};
use crate::game::{Game, Superko};
use crate::gtp::client::Client;
use crate::player::{Player, Settings};
use crate::playout::status::Status;
use crate::sgf::{self, GameInfo};

#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The two engines as command lines; the first plays Black in odd games.
    pub engines: [Vec<String>; 2],
    pub games: usize,
    pub size: usize,
    pub komi: f64,
    pub sgf_dir: Option<PathBuf>,
    pub max_moves: usize,
    /// The clock both players get; overstepping it loses.
    pub clock: TimeSystem,
}

/// How one game ended, seen from the first engine.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub first_is_black: bool,
    pub result: String,
    pub first_wins: Option<bool>,
    pub moves: usize,
    /// The first engine's slowest move under the clock: seconds taken, seconds it had.
    pub slowest: Option<(f64, f64)>,
}

fn vertex(game: &Game, mv: Move) -> String {
    match mv {
        Move::Pass => "pass".into(),
        Move::Play(p) => game.board().point_name(p),
    }
}

fn parse_vertex(game: &Game, text: &str) -> Option<Move> {
    let m = crate::gtp::parse::move_name(text)?;
    m.on(game.board())
}

fn setup(engine: &mut Client, config: &MatchConfig) -> io::Result<()> {
    engine.ask(&format!("boardsize {}", config.size))?;
    engine.ask("clear_board")?;
    engine.ask(&format!("komi {}", config.komi))?;
    if config.clock != TimeSystem::None {
        // kgs-time_settings where the engine has it, else the plain command as kgsGtp sends it.
        if engine.ask("known_command kgs-time_settings")? == "true" {
            engine.ask(&format!("kgs-time_settings {}", config.clock.kgs_words()))?;
        } else {
            engine.ask(&format!("time_settings {}", config.clock.gtp_words()))?;
        }
    }
    Ok(())
}

/// The dead stones an engine names, sorted; `None` if it cannot say.
fn dead_list(engine: &mut Client, game: &Game) -> Option<Vec<Point>> {
    let text = engine.ask("final_status_list dead").ok()?;
    let mut points: Vec<Point> = text
        .split_whitespace()
        .filter_map(|v| match parse_vertex(game, v) {
            Some(Move::Play(p)) => Some(p),
            _ => None,
        })
        .collect();
    points.sort_unstable();
    Some(points)
}

/// One game in progress: the engines, the game as the referee keeps it, and the clocks.
struct Table<'a> {
    engines: &'a mut [Client; 2],
    config: &'a MatchConfig,
    game: Game,
    first_is_black: bool,
    clocks: [GameClock; 2],
    slowest: Option<(f64, f64)>,
    /// Warnings per engine (art. 19, 24): an illegal move is void and counts as a pass; each
    /// warning costs a stone (two points) at the count; the second loses the game.
    warnings: [u32; 2],
}

fn letter(c: Color) -> char {
    if c == Color::Black { 'B' } else { 'W' }
}

impl Table<'_> {
    /// Which engine plays `color`.
    fn engine_of(&self, color: Color) -> usize {
        usize::from((color == Color::Black) != self.first_is_black)
    }

    /// Plays until two passes in a row (or the move limit); `Some(result)` when the game ended
    /// otherwise (resignation, illegal move, forfeit, time). With `cleanup`, the engines are
    /// asked with `kgs-genmove_cleanup` where they have it.
    fn play_until_passes(&mut self, cleanup: bool) -> io::Result<Option<String>> {
        let mut passes = 0;
        while passes < 2 && self.game.move_count() < self.config.max_moves {
            let color = self.game.to_move();
            let (mover, other) = (self.engine_of(color), 1 - self.engine_of(color));
            let winner = letter(color.opponent());
            let timed = self.config.clock != TimeSystem::None;
            if timed {
                let left = self.clocks[mover].time_left();
                let command = format!(
                    "time_left {} {} {}",
                    color.name(),
                    left.seconds.floor(),
                    left.count
                );
                self.engines[mover].ask(&command)?;
            }
            let command = if cleanup
                && self.engines[mover].ask("known_command kgs-genmove_cleanup")? == "true"
            {
                "kgs-genmove_cleanup"
            } else {
                "genmove"
            };
            let available = self.clocks[mover].available();
            let started = Instant::now();
            let answer = self.engines[mover].ask(&format!("{command} {}", color.name()));
            let took = started.elapsed().as_secs_f64();
            if timed {
                if mover == 0 && self.slowest.is_none_or(|(t, a)| took / available > t / a) {
                    self.slowest = Some((took, available));
                }
                if !self.clocks[mover].charge(took) {
                    log::warn!("{color:?} lost on time: {took:.2} s with {available:.2} s left");
                    return Ok(Some(format!("{winner}+Time")));
                }
            }
            let text = match answer {
                Ok(t) => t.to_lowercase(),
                Err(e) => {
                    log::warn!("engine failed: {e}");
                    return Ok(Some(format!("{winner}+Forfeit")));
                }
            };
            if text == "resign" {
                return Ok(Some(format!("{winner}+Resign")));
            }
            let game = &self.game;
            let mv = match parse_vertex(game, &text).filter(|&m| game.check_move(color, m).is_ok())
            {
                Some(mv) => mv,
                None => {
                    self.warnings[mover] += 1;
                    log::warn!("illegal move {text} by {color:?}: void, a pass and a warning");
                    // The move stands on the engine's own board: take it back there.
                    let taken_back = self.engines[mover].ask("undo").is_ok();
                    if self.warnings[mover] >= 2 || !taken_back {
                        return Ok(Some(format!("{winner}+Illegal")));
                    }
                    self.engines[mover].ask(&format!("play {} pass", color.name()))?;
                    Move::Pass
                }
            };
            self.game.play(color, mv).expect("checked");
            passes = if mv == Move::Pass { passes + 1 } else { 0 };
            let vertex = vertex(&self.game, mv);
            if self.engines[other]
                .ask(&format!("play {} {vertex}", color.name()))
                .is_err()
            {
                // The other engine refuses a legal move: it forfeits.
                return Ok(Some(format!("{}+Forfeit", letter(color))));
            }
        }
        Ok(None)
    }

    /// After two passes (art. 21): if both engines name the same dead stones, count without
    /// them. Otherwise play resumes, the side that claims stones dead moving first, until both
    /// pass again; then the stones are counted as they stand. An engine that cannot name dead
    /// stones is taken to agree with the other.
    fn finish(&mut self, judge: &mut Player) -> io::Result<String> {
        let game = &self.game;
        let lists = [
            dead_list(&mut self.engines[0], game),
            dead_list(&mut self.engines[1], game),
        ];
        let agreed = match &lists {
            [Some(a), Some(b)] if a == b => Some(a.clone()),
            [Some(a), None] | [None, Some(a)] => Some(a.clone()),
            [None, None] => Some(
                judge
                    .judgement(game)
                    .stones_with(game.board(), Status::Dead),
            ),
            _ => None,
        };
        if let Some(dead) = agreed {
            return Ok(self.count(&dead));
        }
        // The disputed stones: named by one engine only. Their owner's opponent claims them.
        let [Some(a), Some(b)] = lists else {
            unreachable!("handled above")
        };
        let disputed = a
            .iter()
            .filter(|p| !b.contains(p))
            .chain(b.iter().filter(|p| !a.contains(p)));
        let black_disputed = disputed
            .filter(|&&p| self.game.board().stone(p) == Some(Color::Black))
            .count();
        let claimant = if black_disputed > 0 {
            Color::White
        } else {
            Color::Black
        };
        log::info!("dead stones disputed; play resumes with {claimant:?}");
        self.game.set_to_move(claimant);
        if let Some(result) = self.play_until_passes(true)? {
            return Ok(result);
        }
        Ok(self.count(&[]))
    }

    /// The area count without `dead`, less two points for every warning.
    fn count(&self, dead: &[Point]) -> String {
        let mut result = GameResult::from_count(area(self.game.board(), dead), self.config.komi, 0);
        let warnings = |color| self.warnings[self.engine_of(color)] as f64;
        result.margin -= 2.0 * (warnings(Color::Black) - warnings(Color::White));
        result.to_string()
    }
}

/// Plays one game. `engines[0]` is the first engine; `first_is_black` says its colour.
pub fn play_game(
    engines: &mut [Client; 2],
    config: &MatchConfig,
    first_is_black: bool,
    judge: &mut Player,
) -> io::Result<(Outcome, Game)> {
    for e in engines.iter_mut() {
        setup(e, config)?;
    }
    let mut table = Table {
        engines,
        config,
        game: Game::new(config.size, config.komi, Superko::Positional),
        first_is_black,
        clocks: [GameClock::new(config.clock), GameClock::new(config.clock)],
        slowest: None,
        warnings: [0; 2],
    };
    let result = match table.play_until_passes(false)? {
        Some(r) => r,
        None => table.finish(judge)?,
    };
    let black_wins = result.starts_with('B');
    let first_wins = if result == "0" {
        None
    } else {
        Some(black_wins == first_is_black)
    };
    let outcome = Outcome {
        first_is_black,
        result,
        first_wins,
        moves: table.game.move_count(),
        slowest: table.slowest,
    };
    Ok((outcome, table.game))
}

/// The 95% Wilson score interval of a win rate.
pub fn wilson(wins: f64, games: f64) -> (f64, f64) {
    if games == 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.96;
    let p = wins / games;
    let centre = p + z * z / (2.0 * games);
    let spread = z * (p * (1.0 - p) / games + z * z / (4.0 * games * games)).sqrt();
    let denominator = 1.0 + z * z / games;
    (
        ((centre - spread) / denominator).max(0.0),
        ((centre + spread) / denominator).min(1.0),
    )
}

/// Runs the match, printing one line per game and the totals; returns the outcomes.
pub fn run(config: &MatchConfig) -> io::Result<Vec<Outcome>> {
    let start = |cmd: &Vec<String>| Client::start(&cmd[0], &cmd[1..], None);
    let mut engines = [start(&config.engines[0])?, start(&config.engines[1])?];
    let names: Vec<String> = engines
        .iter_mut()
        .map(|e| e.ask("name").unwrap_or_else(|_| "?".into()))
        .collect();
    let mut judge = Player::new(Settings {
        threads: 1,
        ..Settings::default()
    });
    let mut outcomes = Vec::new();
    let (mut wins, mut draws) = (0.0, 0);
    // Deterministic engines can play the same game twice: count the different ones.
    let mut distinct = std::collections::HashSet::new();
    for i in 0..config.games {
        let first_is_black = i % 2 == 0;
        let (outcome, game) = play_game(&mut engines, config, first_is_black, &mut judge)?;
        distinct.insert(game.steps().to_vec());
        match outcome.first_wins {
            Some(true) => wins += 1.0,
            Some(false) => {}
            None => {
                wins += 0.5;
                draws += 1;
            }
        }
        let (low, high) = wilson(wins, (i + 1) as f64);
        let slowest = outcome.slowest.map_or(String::new(), |(t, a)| {
            format!("; {}'s slowest move {t:.2} s of {a:.2} s", names[0])
        });
        println!(
            "game {}: {} black, {} in {} moves; {} {wins}/{} ({:.1}%, 95% CI {:.1}-{:.1}%){slowest}",
            i + 1,
            if first_is_black { &names[0] } else { &names[1] },
            outcome.result,
            outcome.moves,
            names[0],
            i + 1,
            100.0 * wins / (i + 1) as f64,
            100.0 * low,
            100.0 * high
        );
        if let Some(dir) = &config.sgf_dir {
            let (black, white) = if first_is_black { (0, 1) } else { (1, 0) };
            let info = GameInfo {
                black: Some(config.engines[black].join(" ")),
                white: Some(config.engines[white].join(" ")),
                date: Some(sgf::today()),
                result: Some(outcome.result.clone()),
            };
            std::fs::create_dir_all(dir)?;
            std::fs::write(
                dir.join(format!("game-{:04}.sgf", i + 1)),
                sgf::write(&game, &info),
            )?;
        }
        outcomes.push(outcome);
    }
    println!(
        "{}: {wins} wins in {} games ({draws} draws); {} different games",
        names[0],
        config.games,
        distinct.len()
    );
    for e in engines {
        let _ = e.quit();
    }
    Ok(outcomes)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
