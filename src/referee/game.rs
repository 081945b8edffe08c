//! One refereed game between two GTP engines. The referee keeps the game itself and checks
//! every move; the rulings follow chapter 3 of the rules:
//!
//! - a move on an occupied point, a suicide or a repetition is void and counts as a pass, with a
//!   warning (art. 19); each warning costs a stone, two points, at the count, and the second
//!   warning loses the game (art. 24). Under an event's cycle rule (art. 20) a repetition may
//!   instead end the game with no result, a draw, or a replay;
//! - an engine that crashes, answers something that is not a move, or refuses its opponent's
//!   legal move loses by forfeit;
//! - overstepping the clock loses (art. 22), or, if the event says so, counts once as a pass
//!   and the player gets a fresh overtime period;
//! - two passes end play. If both engines name the same dead stones the board is counted
//!   without them; if not, play resumes (art. 21), the side that claims stones dead moving
//!   first (with `kgs-genmove_cleanup` where the engine has it), until both pass again, and the
//!   stones are then counted as they stand.

use std::io;
use std::time::{Duration, Instant};

use super::clock::GameClock;
use super::outcome::{CRASHED, Forfeit, Margin, Outcome};
use super::rules::{CycleRule, Rules};
use crate::board::{Color, Move, Point};
use crate::clock::TimeSystem;
use crate::game::score::{GameResult, area};
use crate::game::{Game, MoveError, Superko};
use crate::gtp::client::Client;

/// How a game ended, for both sides.
#[derive(Clone, Debug)]
pub struct Played {
    pub result: Outcome,
    pub moves: usize,
    /// Seconds used by Black and by White.
    pub time: [f64; 2],
    pub warnings: [u32; 2],
    /// Each ruling as a sentence, in order.
    pub rulings: Vec<String>,
    /// The slowest move of each side against the time it had: seconds taken, seconds left.
    pub slowest: [Option<(f64, f64)>; 2],
    /// The game as the referee kept it.
    pub game: Game,
    /// The dead stones both engines named at the end, removed before counting.
    pub dead: Vec<Point>,
    /// SGF properties for each step of the game: the seconds the move took as a comment, and
    /// the mover's time left (BL/WL, with OB/OW for the periods or stones of overtime).
    pub annotations: Vec<String>,
}

impl Played {
    /// A game that ended before its first move: `result` and the ruling that gave it.
    pub fn before_play(result: Outcome, ruling: String, rules: &Rules) -> Played {
        Played {
            result,
            moves: 0,
            time: [0.0; 2],
            warnings: [0; 2],
            rulings: vec![ruling],
            slowest: [None; 2],
            annotations: Vec::new(),
            game: Game::new(rules.game.size, rules.game.komi, Superko::Positional),
            dead: Vec::new(),
        }
    }

    /// The winner's colour; `None` for a draw or no result.
    pub fn winner(&self) -> Option<Color> {
        self.result.winner()
    }
}

/// Why play stopped early.
enum Stop {
    /// A decided result (a resignation, a loss on time, ...).
    Result(Outcome),
    /// A repetition under a cycle rule other than `Forbid`.
    Cycle,
}

/// One game in progress: the engines (Black's first), the game as the referee keeps it, and
/// the clocks.
struct Table<'a> {
    engines: [&'a mut Client; 2],
    rules: &'a Rules,
    game: Game,
    clocks: [GameClock; 2],
    warnings: [u32; 2],
    time_passes: [u32; 2],
    time: [f64; 2],
    slowest: [Option<(f64, f64)>; 2],
    rulings: Vec<String>,
    annotations: Vec<String>,
    /// What the last move asked for cost: its SGF annotation.
    last_annotation: String,
    /// The agreed dead stones, once the game is counted.
    dead: Vec<Point>,
}

fn parse_vertex(game: &Game, text: &str) -> Option<Move> {
    crate::gtp::parse::move_name(text)?.on(game.board())
}

/// Board, komi and clock for one engine, the handicap stones and the opening moves.
fn setup(
    engine: &mut Client,
    rules: &Rules,
    handicap: &[String],
    opening: &[String],
) -> io::Result<()> {
    engine.ask(&format!("boardsize {}", rules.game.size))?;
    engine.ask("clear_board")?;
    engine.ask(&format!("komi {}", rules.game.komi))?;
    if !handicap.is_empty() {
        // The stones are the fixed points: `fixed_handicap` places the same ones.
        if engine.ask("known_command set_free_handicap")? == "true" {
            engine.ask(&format!("set_free_handicap {}", handicap.join(" ")))?;
        } else {
            engine.ask(&format!("fixed_handicap {}", handicap.len()))?;
        }
    }
    for play in opening {
        engine.ask(play)?;
    }
    if rules.clock != TimeSystem::None {
        // kgs-time_settings where the engine has it, else the plain command as kgsGtp sends it.
        if engine.ask("known_command kgs-time_settings")? == "true" {
            engine.ask(&format!("kgs-time_settings {}", rules.clock.kgs_words()))?;
        } else {
            engine.ask(&format!("time_settings {}", rules.clock.gtp_words()))?;
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

/// A forfeit won by `winner`.
fn forfeit(winner: Color, cause: Forfeit) -> Stop {
    Stop::Result(Outcome::Win(winner, Margin::Forfeit(cause)))
}

impl Table<'_> {
    /// Sends the clock, asks for a move and rules on it; repeats until two passes.
    fn play_until_passes(&mut self, cleanup: bool) -> Result<(), Stop> {
        let mut passes = 0;
        while passes < 2 && self.game.move_count() < self.rules.max_moves {
            let color = self.game.to_move();
            let mv = self.next_move(color, cleanup)?;
            self.game.play(color, mv).expect("checked");
            self.annotations
                .push(std::mem::take(&mut self.last_annotation));
            passes = if mv == Move::Pass { passes + 1 } else { 0 };
            let vertex = self.game.board().move_name(mv);
            let other = color.opponent().index();
            if self.engines[other]
                .ask(&format!("play {} {vertex}", color.name()))
                .is_err()
            {
                self.rulings.push(format!(
                    "{:?} refused {color:?}'s legal move {vertex}: forfeit",
                    color.opponent()
                ));
                return Err(forfeit(color, Forfeit::Fault));
            }
        }
        Ok(())
    }

    /// The move `color` plays after the referee's rulings: a pass for a void move.
    fn next_move(&mut self, color: Color, cleanup: bool) -> Result<Move, Stop> {
        let me = color.index();
        let timed = self.rules.clock != TimeSystem::None;
        if timed {
            let left = self.clocks[me].time_left();
            let command = format!(
                "time_left {} {} {}",
                color.name(),
                left.seconds.floor(),
                left.count
            );
            if self.engines[me].ask(&command).is_err() {
                self.rulings
                    .push(format!("{color:?} refused time_left: forfeit"));
                return Err(forfeit(color.opponent(), Forfeit::Fault));
            }
        }
        let command = if cleanup
            && self.engines[me]
                .ask("known_command kgs-genmove_cleanup")
                .is_ok_and(|a| a == "true")
        {
            "kgs-genmove_cleanup"
        } else {
            "genmove"
        };
        let available = self.clocks[me].available();
        // Past the time with the lag forgiven, and a little more, the answer no longer matters.
        let deadline = timed.then(|| {
            Instant::now() + Duration::from_secs_f64((available + self.rules.lag).min(1e6) + 5.0)
        });
        let started = Instant::now();
        let answer = self.engines[me].send_until(&format!("{command} {}", color.name()), deadline);
        let took = started.elapsed().as_secs_f64();
        self.time[me] += took;
        self.last_annotation = format!("C[{took:.2} s]");
        if timed {
            if self.slowest[me].is_none_or(|(t, a)| took / available > t / a) {
                self.slowest[me] = Some((took, available));
            }
            let charged = (took - self.rules.lag).max(0.0);
            if !self.clocks[me].charge(charged) {
                return self.time_loss(color, took, available);
            }
            let left = self.clocks[me].time_left();
            let l = color.letter();
            self.last_annotation
                .push_str(&format!("{l}L[{:.1}]", left.seconds));
            if left.count > 0 {
                self.last_annotation
                    .push_str(&format!("O{l}[{}]", left.count));
            }
        }
        let text = match answer {
            Ok(r) if r.success => r.text.to_lowercase(),
            Ok(r) => {
                self.rulings
                    .push(format!("{color:?} answered `? {}`: forfeit", r.text));
                return Err(forfeit(color.opponent(), Forfeit::Fault));
            }
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {
                self.rulings.push(format!(
                    "{color:?} gave no answer to {command} in time: forfeit"
                ));
                return Err(forfeit(color.opponent(), Forfeit::Fault));
            }
            Err(e) => {
                let cause = Forfeit::of(&e);
                let what = if cause == Forfeit::Crash {
                    CRASHED
                } else {
                    "failed"
                };
                self.rulings
                    .push(format!("{color:?} {what} ({e}): forfeit"));
                return Err(forfeit(color.opponent(), cause));
            }
        };
        if text == "resign" {
            return Err(Stop::Result(Outcome::Win(color.opponent(), Margin::Resign)));
        }
        let Some(mv) = parse_vertex(&self.game, &text) else {
            self.rulings
                .push(format!("{color:?} answered `{text}`, not a move: forfeit"));
            return Err(forfeit(color.opponent(), Forfeit::Fault));
        };
        match self.game.check_move(color, mv) {
            Ok(()) => Ok(mv),
            Err(MoveError::Superko) if self.rules.cycle != CycleRule::Forbid => {
                self.rulings.push(format!(
                    "{color:?} {text} repeats an earlier position: {:?} (art. 20)",
                    self.rules.cycle
                ));
                Err(Stop::Cycle)
            }
            Err(e) => self.void_move(color, &format!("{text} is illegal ({e:?})")),
        }
    }

    /// Art. 19 and 24: the move is void and counts as a pass, with a warning; the second
    /// warning loses.
    fn void_move(&mut self, color: Color, why: &str) -> Result<Move, Stop> {
        let me = color.index();
        self.warnings[me] += 1;
        self.rulings.push(format!(
            "{color:?}: {why}; void, a pass and warning {}",
            self.warnings[me]
        ));
        // The move stands on the engine's own board: take it back there.
        let taken_back = self.engines[me].ask("undo").is_ok()
            && self.engines[me]
                .ask(&format!("play {} pass", color.name()))
                .is_ok();
        if self.warnings[me] >= 2 || !taken_back {
            return Err(Stop::Result(Outcome::Win(
                color.opponent(),
                Margin::Illegal,
            )));
        }
        Ok(Move::Pass)
    }

    /// Art. 22: overstepping loses, or once per game (if the event says so) counts as a pass
    /// with a fresh overtime period.
    fn time_loss(&mut self, color: Color, took: f64, available: f64) -> Result<Move, Stop> {
        let me = color.index();
        let what = format!("{color:?} took {took:.2} s with {available:.2} s left");
        if self.rules.time_loss_is_pass
            && self.time_passes[me] == 0
            && self.clocks[me].grant_overtime()
        {
            let taken_back = self.engines[me].ask("undo").is_ok()
                && self.engines[me]
                    .ask(&format!("play {} pass", color.name()))
                    .is_ok();
            if taken_back {
                self.time_passes[me] += 1;
                self.rulings
                    .push(format!("{what}: counted as a pass, one more period"));
                return Ok(Move::Pass);
            }
        }
        self.rulings.push(format!("{what}: lost on time"));
        Err(Stop::Result(Outcome::Win(color.opponent(), Margin::Time)))
    }

    /// After two passes (art. 21): agreed dead stones are removed and the board counted;
    /// disputed ones are settled by play. An engine that cannot name dead stones is taken to
    /// agree with the other; if neither can, the stones count as they stand.
    fn finish(&mut self) -> Result<Outcome, Stop> {
        let lists = [
            dead_list(self.engines[0], &self.game),
            dead_list(self.engines[1], &self.game),
        ];
        let agreed = match &lists {
            [Some(a), Some(b)] if a == b => Some(a.clone()),
            [Some(a), None] | [None, Some(a)] => Some(a.clone()),
            [None, None] => Some(Vec::new()),
            _ => None,
        };
        if let Some(dead) = agreed {
            let result = self.count(&dead);
            self.dead = dead;
            return Ok(result);
        }
        let [Some(a), Some(b)] = lists else {
            unreachable!("handled above")
        };
        // The disputed stones are those one engine only names; their owner's opponent claims.
        let disputed: Vec<Point> = a
            .iter()
            .filter(|p| !b.contains(p))
            .chain(b.iter().filter(|p| !a.contains(p)))
            .copied()
            .collect();
        let black_disputed = disputed
            .iter()
            .any(|&p| self.game.board().stone(p) == Some(Color::Black));
        let claimant = if black_disputed {
            Color::White
        } else {
            Color::Black
        };
        self.rulings.push(format!(
            "dead stones disputed ({} stones): play resumes, {claimant:?} first (art. 21)",
            disputed.len()
        ));
        self.game.set_to_move(claimant);
        self.play_until_passes(true)?;
        Ok(self.count(&[]))
    }

    /// The area count without `dead`, less a stone (two points) for every warning.
    fn count(&self, dead: &[Point]) -> Outcome {
        // The referee's game was set up with the event's komi and handicap.
        let mut result =
            GameResult::from_count(area(self.game.board(), dead), self.game.effective_komi());
        let warnings = |color: Color| self.warnings[color.index()] as f64;
        result.margin -= 2.0 * (warnings(Color::Black) - warnings(Color::White));
        Outcome::from(result)
    }
}

/// Plays one game, Black's engine first; a repetition under the `Replay` rule plays it again.
pub fn play(engines: [&mut Client; 2], rules: &Rules) -> io::Result<Played> {
    let [black, white] = engines;
    let mut rulings = Vec::new();
    for attempt in 1..=3 {
        let mut played = play_once([&mut *black, &mut *white], rules)?;
        let repeated = played.result == Outcome::Void && rules.cycle == CycleRule::Replay;
        rulings.append(&mut played.rulings);
        if !repeated || attempt == 3 {
            played.rulings = rulings;
            return Ok(played);
        }
        rulings.push(format!(
            "game replayed after a cycle (attempt {})",
            attempt + 1
        ));
    }
    unreachable!("the third attempt returns")
}

fn play_once(engines: [&mut Client; 2], rules: &Rules) -> io::Result<Played> {
    let stones = rules.game.handicap;
    let mut game = Game::new(rules.game.size, rules.game.komi, rules.game.superko);
    let mut handicap = Vec::new();
    if stones >= 2 {
        let points = crate::game::handicap::fixed_handicap_points(game.board(), stones)
            .ok_or_else(|| io::Error::other("no fixed placement for that handicap"))?;
        handicap = points.iter().map(|&p| game.board().point_name(p)).collect();
        game.place_handicap(&points);
    }
    let mut opening = Vec::new();
    for &(color, mv) in &rules.opening {
        opening.push(format!(
            "play {} {}",
            color.name(),
            game.board().move_name(mv)
        ));
        game.play(color, mv)
            .map_err(|e| io::Error::other(format!("the opening is illegal here: {e:?}")))?;
    }
    let [black, white] = engines;
    for (color, engine) in [(Color::Black, &mut *black), (Color::White, &mut *white)] {
        if let Err(e) = setup(engine, rules, &handicap, &opening) {
            let cause = Forfeit::of(&e);
            let what = if cause == Forfeit::Crash {
                CRASHED
            } else {
                "failed"
            };
            return Ok(Played::before_play(
                Outcome::Win(color.opponent(), Margin::Forfeit(cause)),
                format!("{color:?} {what} setting up the game ({e}): forfeit"),
                rules,
            ));
        }
    }
    let clock = |_| {
        let clock = GameClock::new(rules.clock);
        if rules.carry_over {
            clock.with_carry_over()
        } else {
            clock
        }
    };
    let mut table = Table {
        engines: [black, white],
        rules,
        game,
        clocks: [clock(0), clock(1)],
        warnings: [0; 2],
        time_passes: [0; 2],
        time: [0.0; 2],
        slowest: [None; 2],
        rulings: Vec::new(),
        // The opening's moves took no time.
        annotations: vec![String::new(); rules.opening.len()],
        last_annotation: String::new(),
        dead: Vec::new(),
    };
    let stopped = table.play_until_passes(false).and_then(|()| table.finish());
    let result = match stopped {
        Ok(result) | Err(Stop::Result(result)) => result,
        Err(Stop::Cycle) => match rules.cycle {
            CycleRule::Draw => Outcome::Draw,
            _ => Outcome::Void,
        },
    };
    Ok(Played {
        result,
        moves: table.game.move_count(),
        time: table.time,
        warnings: table.warnings,
        rulings: table.rulings,
        slowest: table.slowest,
        annotations: table.annotations,
        game: table.game,
        dead: table.dead,
    })
}
