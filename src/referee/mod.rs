//! The referee and tournament runner: `tengen match` and `tengen tournament` play games
//! between any GTP engines under the Chinese rules' chapters on refereeing (see `game`) and on
//! events (see `schedule` and `standings`).
//!
//! An event lives in a folder: `results.dat` (one line per finished game, written the moment
//! it ends), `games/*.sgf`, and, at the end, `standings.txt` and `report.html`. Running the
//! same command again resumes the event: finished games are kept and not played again.
//! `--shard K/N` plays a fixed part of a match or round robin, and `tengen tournament merge`
//! joins the shards' folders into one.

pub mod csv;
pub mod figures;
pub mod game;
pub mod ratings;
pub mod report;
pub mod results;
pub mod rules;
pub mod schedule;
pub mod standings;

use std::collections::VecDeque;
use std::hash::{Hash, Hasher};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

use crate::board::Color;
use crate::gtp::client::Client;
use crate::sgf::{self, GameInfo};
pub use game::Played;
use results::{Record, ResultsFile};
pub use rules::{CycleRule, Rules};
pub use schedule::Format;
use schedule::Pairing;

/// A player of the event: a name and the command that starts it.
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    pub name: String,
    pub command: Vec<String>,
}

impl Entrant {
    /// `NAME=COMMAND ARGS` or just `COMMAND ARGS` (named after the program).
    pub fn parse(spec: &str) -> Option<Entrant> {
        let (name, command) = match spec.split_once('=') {
            Some((name, command)) if !name.contains(char::is_whitespace) && !name.is_empty() => {
                (name.to_string(), command)
            }
            _ => {
                let program = spec.split_whitespace().next()?;
                let base = Path::new(program)
                    .file_name()?
                    .to_string_lossy()
                    .to_string();
                (base, spec)
            }
        };
        let command: Vec<String> = command.split_whitespace().map(String::from).collect();
        (!command.is_empty()).then_some(Entrant { name, command })
    }
}

/// Gives entrants with the same name a number: `gnugo`, `gnugo-2`.
pub fn unique_names(entrants: &mut [Entrant]) {
    for i in 1..entrants.len() {
        let base = entrants[i].name.clone();
        let mut k = 1;
        while entrants[..i].iter().any(|e| e.name == entrants[i].name) {
            k += 1;
            entrants[i].name = format!("{base}-{k}");
        }
    }
}

/// An event: who, how, where.
#[derive(Clone, Debug)]
pub struct Event {
    pub entrants: Vec<Entrant>,
    pub format: Format,
    pub rules: Rules,
    /// The event's folder.
    pub dir: PathBuf,
    /// Games played at the same time.
    pub jobs: usize,
    /// Play only the K-th of N parts of the schedule (1-based K).
    pub shard: Option<(usize, usize)>,
}

impl Event {
    fn names(&self) -> Vec<String> {
        self.entrants.iter().map(|e| e.name.clone()).collect()
    }

    fn results_file(&self, dir: &Path) -> ResultsFile {
        let commands: Vec<String> = self
            .entrants
            .iter()
            .map(|e| format!("{}={}", e.name, e.command.join(" ")))
            .collect();
        ResultsFile::new(dir, &self.names(), &commands, &self.rules.describe())
    }

    /// Checks what can be checked before the first game.
    pub fn check(&self) -> Result<(), String> {
        let n = self.entrants.len();
        match self.format {
            Format::Match { .. } if n != 2 => return Err("a match is between two entrants".into()),
            _ if n < 2 => return Err("an event needs at least two entrants".into()),
            _ => {}
        }
        if self.shard.is_some() && !self.format.is_fixed() {
            return Err(
                "--shard needs a match or a round robin, whose games are known in advance".into(),
            );
        }
        if let Some((k, total)) = self.shard
            && (k == 0 || k > total)
        {
            return Err(format!("--shard {k}/{total}: K must be 1 to N"));
        }
        let board = crate::board::Board::new(self.rules.size);
        if self.rules.handicap >= 2
            && crate::game::handicap::fixed_handicap_points(&board, self.rules.handicap).is_none()
        {
            return Err(format!(
                "no fixed placement for {} stones on this board",
                self.rules.handicap
            ));
        }
        Ok(())
    }
}

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

/// Plays one pairing with fresh engine processes. An engine that cannot even start loses by
/// forfeit.
fn play_pairing(event: &Event, pairing: &Pairing) -> Played {
    let rules = &event.rules;
    let start = |e: usize, color: Color| {
        let command = &event.entrants[e].command;
        let limit = Duration::from_secs_f64(rules.answer_limit);
        let client = Client::start(&command[0], &command[1..], None).map(|mut c| {
            c.set_answer_limit(Some(limit));
            c
        });
        client.map_err(|e| {
            // Boxed: a whole game record is a large error value.
            Box::new(Played::before_play(
                format!("{}+Forfeit", game::letter(color.opponent())),
                format!("{color:?} does not start ({e}): forfeit"),
                rules,
            ))
        })
    };
    let (mut black, mut white) = match (
        start(pairing.black, Color::Black),
        start(pairing.white, Color::White),
    ) {
        (Ok(black), Ok(white)) => (black, white),
        (Err(lost), _) | (_, Err(lost)) => return *lost,
    };
    let played = game::play([&mut black, &mut white], rules).unwrap_or_else(|e| {
        Played::before_play(
            "Void".into(),
            format!("the game could not be played: {e}"),
            rules,
        )
    });
    let _ = black.quit();
    let _ = white.quit();
    played
}

/// The commands an engine needs to play a game here.
const NEEDED: [&str; 5] = ["boardsize", "clear_board", "komi", "play", "genmove"];

/// Starts an engine before the first game and asks what it is and whether it can play:
/// `name`, `version`, `protocol_version` 2 and the commands of `NEEDED`. An engine that
/// cannot start or answer would only forfeit every game. Says `name version` back.
fn check_entrant(entrant: &Entrant, answer_limit: f64) -> io::Result<String> {
    let mut engine = Client::start(&entrant.command[0], &entrant.command[1..], None)?;
    engine.set_answer_limit(Some(Duration::from_secs_f64(answer_limit.min(30.0))));
    let about = format!("{} {}", engine.ask("name")?, engine.ask("version")?);
    let protocol = engine.ask("protocol_version")?;
    if protocol.trim() != "2" {
        return Err(io::Error::other(format!(
            "speaks GTP version {protocol}, not 2"
        )));
    }
    for command in NEEDED {
        if engine.ask(&format!("known_command {command}"))? != "true" {
            return Err(io::Error::other(format!("does not know {command}")));
        }
    }
    engine.quit()?;
    Ok(about.trim().to_string())
}

/// Writes the game's SGF and makes its record.
fn record_game(event: &Event, pairing: &Pairing, played: &Played) -> io::Result<Record> {
    let games = event.dir.join("games");
    std::fs::create_dir_all(&games)?;
    let sgf_name = format!("games/{}.sgf", pairing.id);
    let names = event.names();
    let info = GameInfo {
        black: Some(names[pairing.black].clone()),
        white: Some(names[pairing.white].clone()),
        date: Some(sgf::today()),
        result: Some(sgf_result(&played.result)),
    };
    let mut text = sgf::write_annotated(&played.game, &info, &played.annotations);
    // The clock and the rulings go into the root node as well.
    let mut extra = event.rules.clock.sgf_properties();
    if !played.rulings.is_empty() {
        extra.push_str(&format!("GC[{}]", sgf_text(&played.rulings.join("\n"))));
    }
    if let Some(at) = text.find("RU[Chinese]") {
        text.insert_str(at + "RU[Chinese]".len(), &extra);
    }
    std::fs::write(event.dir.join(&sgf_name), text)?;
    write_figures(event, &pairing.id, played)?;
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    format!("{:?}", played.game.steps()).hash(&mut hasher);
    let slowest =
        |i: usize| played.slowest[i].map_or("-".to_string(), |(t, a)| format!("{t:.2}/{a:.2}"));
    Ok(Record {
        id: pairing.id.clone(),
        round: pairing.round,
        black: pairing.black,
        white: pairing.white,
        result: played.result.clone(),
        moves: played.moves,
        time: played.time,
        warnings: played.warnings,
        slowest: [slowest(0), slowest(1)],
        line: format!("{:016x}", hasher.finish()),
        sgf: sgf_name,
        rulings: played.rulings.join("; "),
    })
}

/// Playouts behind each point of a game's lead graph: a rough estimate, a fraction of a second
/// for a 9x9 game.
const LEAD_PLAYOUTS: usize = 32;

/// The report's figures of a game that was played: its final position and its lead by move.
fn write_figures(event: &Event, id: &str, played: &Played) -> io::Result<()> {
    if played.moves == 0 {
        return Ok(());
    }
    let board = figures::final_position(played.game.board(), &played.dead);
    std::fs::write(event.dir.join(report::final_position_file(id)), board)?;
    let leads = figures::lead_by_move(&played.game, LEAD_PLAYOUTS);
    std::fs::write(
        event.dir.join(report::lead_graph_file(id)),
        figures::lead_graph(&leads),
    )
}

/// SGF's RE: `B+1.5`, `W+R`, `W+T`, `B+F`, `0` for a draw, `Void` for no result; an illegal
/// move's loss is a forfeit.
fn sgf_result(result: &str) -> String {
    result
        .replace("+Resign", "+R")
        .replace("+Time", "+T")
        .replace("+Forfeit", "+F")
        .replace("+Illegal", "+F")
}

fn sgf_text(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// The byes of a Swiss event so far (none in other formats).
fn byes(event: &Event, records: &[Record]) -> Vec<usize> {
    match event.format {
        Format::Swiss { rounds } => {
            let played = records
                .iter()
                .map(|r| r.round)
                .max()
                .unwrap_or(0)
                .min(rounds);
            if played == 0 {
                Vec::new()
            } else {
                schedule::swiss_round(event.entrants.len(), played, records).1
            }
        }
        _ => Vec::new(),
    }
}

/// One line per finished game on stdout; with two entrants, the first one's score so far
/// with its 95% interval.
fn announce(event: &Event, record: &Record, all: &[Record]) {
    let names = event.names();
    let mut line = format!(
        "game {}: {} (B) vs {} (W): {} in {} moves",
        record.id, names[record.black], names[record.white], record.result, record.moves
    );
    if event.entrants.len() == 2 {
        let score: f64 = all.iter().map(|r| f64::from(r.points(0)) / 2.0).sum();
        let n = all.len() as f64;
        let (low, high) = wilson(score, n);
        line.push_str(&format!(
            "; {} {score}/{n} ({:.1}%, 95% CI {:.1}-{:.1}%)",
            names[0],
            100.0 * score / n,
            100.0 * low,
            100.0 * high
        ));
    }
    if event.rules.clock != crate::clock::TimeSystem::None {
        line.push_str(&format!(
            "; slowest moves B {} W {} s, used B {:.1} W {:.1} s",
            record.slowest[0], record.slowest[1], record.time[0], record.time[1]
        ));
    }
    if !record.rulings.is_empty() {
        line.push_str(&format!("; {}", record.rulings));
    }
    println!("{line}");
}

/// The progress line on stderr: games done of the total, the leader, time left at this pace.
/// The time the `remaining` games will take at this run's pace: `done` games finished in
/// `elapsed` seconds of wall time, which already counts the games played side by side.
fn seconds_left(elapsed: f64, done: usize, remaining: usize) -> f64 {
    elapsed / done.max(1) as f64 * remaining as f64
}

fn progress(event: &Event, records: &[Record], done_now: usize, started: Instant) {
    let total = event
        .format
        .expected_games(event.entrants.len())
        .max(records.len());
    let names = event.names();
    let table = standings::standings(names.len(), records, &byes(event, records));
    let leader = table.first().map_or(String::new(), |s| {
        format!(", leading {} with {} points", names[s.entrant], s.points)
    });
    let left = seconds_left(
        started.elapsed().as_secs_f64(),
        done_now,
        total.saturating_sub(records.len()),
    );
    eprint!(
        "\r[{}/{} games{leader}, about {:.0} min left]   ",
        records.len(),
        total,
        left / 60.0
    );
    let _ = io::stderr().flush();
}

/// Runs (or resumes) the event and returns every game's record; writes the standings and
/// the report when the event is complete (or this shard is done).
pub fn run(event: &Event) -> io::Result<Vec<Record>> {
    event.check().map_err(io::Error::other)?;
    let mut engines = Vec::new();
    for entrant in &event.entrants {
        let about = check_entrant(entrant, event.rules.answer_limit)
            .map_err(|e| io::Error::other(format!("{} cannot play: {e}", entrant.name)))?;
        eprintln!("{}: {about}", entrant.name);
        engines.push(format!("{}: {about}", entrant.name));
    }
    std::fs::create_dir_all(&event.dir)?;
    let file = event.results_file(&event.dir).with_engines(&engines);
    let mut records = file.read()?;
    if !records.is_empty() {
        eprintln!("resuming: {} games already played", records.len());
    }
    let started = Instant::now();
    let mut done_now = 0;
    loop {
        let mut games = schedule::next_games(event.format, event.entrants.len(), &records);
        if let Some((k, n)) = event.shard {
            games.retain(|g| g.index % n == k - 1);
        }
        if games.is_empty() {
            break;
        }
        let queue = Mutex::new(VecDeque::from(games));
        let (sender, finished) = channel();
        std::thread::scope(|scope| -> io::Result<()> {
            for _ in 0..event.jobs.max(1) {
                let (queue, sender) = (&queue, sender.clone());
                scope.spawn(move || {
                    loop {
                        // Its own statement: a guard in the `while let` line would hold the
                        // lock through the game and play the games one at a time.
                        let next = queue.lock().expect("queue").pop_front();
                        let Some(pairing) = next else { break };
                        let played = play_pairing(event, &pairing);
                        if sender.send((pairing, played)).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(sender);
            for (pairing, played) in finished {
                let record = record_game(event, &pairing, &played)?;
                file.append(&record)?;
                records.push(record);
                done_now += 1;
                announce(event, records.last().expect("just pushed"), &records);
                progress(event, &records, done_now, started);
            }
            Ok(())
        })?;
    }
    eprintln!();
    write_reports(event, &records)?;
    Ok(records)
}

/// `standings.txt`, `report.html` and `games.csv` in the event folder.
pub fn write_reports(event: &Event, records: &[Record]) -> io::Result<()> {
    let names = event.names();
    let byes = byes(event, records);
    let text = standings::text(&names, records, &byes);
    std::fs::write(event.dir.join("standings.txt"), &text)?;
    let title = format!(
        "tengen event: {}, {} entrants",
        event.format.describe(),
        names.len()
    );
    let settings = event.results_file(&event.dir).settings()?;
    let report = report::Event {
        title: &title,
        settings: &settings,
        names: &names,
        results: records,
        byes: &byes,
        dir: &event.dir,
    };
    std::fs::write(event.dir.join("report.html"), report::html(&report))?;
    std::fs::write(event.dir.join("games.csv"), csv::games(&names, records))?;
    let distinct: std::collections::HashSet<&str> =
        records.iter().map(|r| r.line.as_str()).collect();
    println!(
        "{text}{} games, {} different",
        records.len(),
        distinct.len()
    );
    Ok(())
}

/// Joins shard folders into `event.dir`: their results (a game found twice must agree) and
/// their SGF files; then the standings and report of the whole event.
pub fn merge(event: &Event, shards: &[PathBuf]) -> io::Result<Vec<Record>> {
    let mut all: Vec<Record> = Vec::new();
    std::fs::create_dir_all(event.dir.join("games"))?;
    for shard in shards {
        for record in event.results_file(shard).read()? {
            match all.iter().find(|r| r.id == record.id) {
                Some(known) if known.result != record.result => {
                    return Err(io::Error::other(format!(
                        "game {} has two results: {} and {}",
                        record.id, known.result, record.result
                    )));
                }
                Some(_) => {}
                None => {
                    std::fs::copy(shard.join(&record.sgf), event.dir.join(&record.sgf))?;
                    for figure in [
                        report::final_position_file(&record.id),
                        report::lead_graph_file(&record.id),
                    ] {
                        // Games forfeited before their first move have no figures.
                        if shard.join(&figure).is_file() {
                            std::fs::copy(shard.join(&figure), event.dir.join(&figure))?;
                        }
                    }
                    all.push(record);
                }
            }
        }
    }
    all.sort_by_key(|r| (r.round, r.id.clone()));
    event.results_file(&event.dir).write_all(&all)?;
    write_reports(event, &all)?;
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 21 games in 6 minutes with two at a time: 179 more take about 51 minutes (the
    /// estimate once divided by the games at a time again and said 26).
    #[test]
    fn the_time_left_follows_the_pace_of_the_games_so_far() {
        let left = seconds_left(360.0, 21, 179);
        assert!((left / 60.0 - 51.1).abs() < 0.1, "{left}");
        assert_eq!(seconds_left(0.0, 0, 10), 0.0);
    }

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

    #[test]
    fn entrants_are_named_by_the_user_or_after_their_program() {
        let e = Entrant::parse("strong=/usr/bin/tengen --playouts 100").unwrap();
        assert_eq!(e.name, "strong");
        assert_eq!(e.command, vec!["/usr/bin/tengen", "--playouts", "100"]);
        let mut list = vec![
            Entrant::parse("/usr/games/gnugo --mode gtp --level 1").unwrap(),
            Entrant::parse("/usr/games/gnugo --mode gtp --level 10").unwrap(),
        ];
        unique_names(&mut list);
        assert_eq!(
            (list[0].name.as_str(), list[1].name.as_str()),
            ("gnugo", "gnugo-2")
        );
        // An `=` inside the arguments is no name.
        let e = Entrant::parse("prog --opt=1").unwrap();
        assert_eq!((e.name.as_str(), e.command.len()), ("prog", 2));
        assert!(Entrant::parse("  ").is_none());
    }
}
