//! The referee and tournament runner: `tengen match` and `tengen tournament` play games
//! between any GTP engines under the Chinese rules' chapters on refereeing (see `game`) and on
//! events (see `schedule` and `standings`).
//!
//! An event lives in a folder: `results.dat` (one line per finished game, written the moment
//! it ends), `games/*.sgf`, and, at the end, `standings.txt` and `report.html`. Running the
//! same command again resumes the event: finished games are kept and not played again.
//! `--shard K/N` plays a fixed part of a match or round robin, and `tengen tournament merge`
//! joins the shards' folders into one.

pub mod clock;
pub mod csv;
mod entrant;
pub mod game;
mod keep;
pub mod outcome;
mod progress;
pub mod ratings;
pub mod report;
pub mod results;
pub mod rules;
pub mod schedule;
pub mod sprt;
pub mod standings;

use std::collections::VecDeque;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc::channel;
use std::time::Duration;

use crate::board::Color;
use crate::gtp::client::Client;
pub use entrant::{Entrant, unique_names};
pub use game::Played;
use outcome::{CRASHED, Forfeit, Margin, Outcome};
use progress::Progress;
pub use progress::{Score, wilson};
use results::{Record, ResultsFile};
pub use rules::{CycleRule, Rules};
pub use schedule::Format;
use schedule::Pairing;
use sprt::{Sprt, Standing, Verdict};

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
    /// Stop a match as soon as this sequential test decides.
    pub sprt: Option<Sprt>,
}

impl Event {
    fn names(&self) -> Vec<String> {
        self.entrants.iter().map(|e| e.name.clone()).collect()
    }

    fn results_file(&self, dir: &Path) -> ResultsFile {
        let commands: Vec<String> = self
            .entrants
            .iter()
            .map(|e| format!("{}={}", e.name, e.command_line()))
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
        if self.sprt.is_some() && !matches!(self.format, Format::Match { .. }) {
            return Err("--sprt tests a match between two entrants".into());
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
        let (size, handicap) = (self.rules.game.size, self.rules.game.handicap);
        let board = crate::board::Board::new(size);
        if handicap >= 2 && crate::game::handicap::fixed_handicap_points(&board, handicap).is_none()
        {
            return Err(format!(
                "no fixed placement for {} stones on this board",
                handicap
            ));
        }
        Ok(())
    }
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
                Outcome::Win(color.opponent(), Margin::Forfeit(Forfeit::Crash)),
                format!("{color:?} {CRASHED}: it does not start ({e}): forfeit"),
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
            Outcome::Void,
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
    eprintln!("event folder: {}", event.dir.display());
    let file = event.results_file(&event.dir).with_engines(&engines);
    let mut records = file.read()?;
    if !records.is_empty() {
        eprintln!("resuming: {} games already played", records.len());
    }
    let progress = Progress::new(
        event.format.expected_games(event.entrants.len()),
        records.len(),
    );
    // A test decided in an earlier run keeps its verdict: the match is over.
    let mut verdict = file.note(SPRT_NOTE)?;
    if let Some(line) = &verdict {
        progress.say(&format!("sprt: {line}"));
    }
    while verdict.is_none() {
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
                let record = keep::record_game(event, &pairing, &played)?;
                file.append(&record)?;
                records.push(record);
                let test = event.sprt.map(|s| Standing::of(s, &records));
                progress.game(event, records.last().expect("just pushed"), &records, test);
                let decided = test.filter(|t| t.verdict != Verdict::Open);
                if let Some(test) = decided.filter(|_| verdict.is_none()) {
                    let line = sprt_line(event, &test, records.len());
                    file.append_note(SPRT_NOTE, &line)?;
                    progress.say(&format!("sprt: {line}"));
                    // The games under way finish and are kept; no new one starts.
                    queue.lock().expect("queue").clear();
                    verdict = Some(line);
                }
            }
            Ok(())
        })?;
    }
    progress.finish();
    write_reports(event, &records)?;
    Ok(records)
}

/// The note of the results file that holds a sequential test's verdict.
const SPRT_NOTE: &str = "sprt";

/// The verdict in words: the test, where the ratio stood after how many games, what it means.
fn sprt_line(event: &Event, test: &Standing, games: usize) -> String {
    let names = event.names();
    format!(
        "{}; {test} after {games} games; {}",
        test.sprt,
        test.words(&names[0], &names[1])
    )
}

/// `standings.txt`, `report.html` and `games.csv` in the event folder.
pub fn write_reports(event: &Event, records: &[Record]) -> io::Result<()> {
    let names = event.names();
    let byes = byes(event, records);
    let file = event.results_file(&event.dir);
    let verdict = file.note(SPRT_NOTE)?;
    let mut text = standings::text(&names, records, &byes);
    if let Some(line) = &verdict {
        text.push_str(&format!("\nsprt: {line}\n"));
    }
    if names.len() == 2 {
        text.push_str(&format!(
            "\n{} {}\n",
            names[0],
            Score::of(records).describe()
        ));
    }
    std::fs::write(event.dir.join("standings.txt"), &text)?;
    let title = format!(
        "tengen event: {}, {} entrants",
        event.format.describe(),
        names.len()
    );
    let mut settings = file.settings()?;
    settings.extend(verdict.map(|line| format!("sprt: {line}")));
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
