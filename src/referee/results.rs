//! The results of an event, one line per finished game in `results.dat` (tab-separated, in the
//! spirit of gogui-twogtp's `.dat`). A line is written, flushed and synced the moment its game
//! ends, so that a run killed at any point resumes with every finished game kept and none
//! played twice; a half-written last line is ignored.

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::outcome::Outcome;
use crate::board::Color;

pub const FILE: &str = "results.dat";
const COLUMNS: &[&str] = &[
    "game",
    "round",
    "black",
    "white",
    "result",
    "moves",
    "time_b",
    "time_w",
    "warnings_b",
    "warnings_w",
    "slowest_b",
    "slowest_w",
    "line",
    "sgf",
    "rulings",
];

/// One finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The game's name in the schedule, unique in the event (`r2-3v5-g1`).
    pub id: String,
    pub round: usize,
    /// Entrant numbers.
    pub black: usize,
    pub white: usize,
    pub result: Outcome,
    pub moves: usize,
    /// Seconds used by Black and White.
    pub time: [f64; 2],
    pub warnings: [u32; 2],
    /// Each side's slowest move as `taken/available` seconds, `-` without a clock.
    pub slowest: [String; 2],
    /// A hash of the moves: equal lines, equal games.
    pub line: String,
    /// The SGF file, relative to the event folder.
    pub sgf: String,
    /// The referee's rulings, `; `-separated.
    pub rulings: String,
}

impl Record {
    /// The winning entrant; `None` for a draw or no result.
    pub fn winner(&self) -> Option<usize> {
        match self.result.winner()? {
            Color::Black => Some(self.black),
            Color::White => Some(self.white),
        }
    }

    pub fn is_draw(&self) -> bool {
        self.result == Outcome::Draw
    }

    pub fn involves(&self, entrant: usize) -> bool {
        self.black == entrant || self.white == entrant
    }

    /// Art. 27: a win scores 2, a draw 1, a loss (or a game without result) 0.
    pub fn points(&self, entrant: usize) -> u32 {
        match self.winner() {
            Some(w) if w == entrant => 2,
            None if self.is_draw() => 1,
            _ => 0,
        }
    }

    pub fn opponent(&self, entrant: usize) -> usize {
        if self.black == entrant {
            self.white
        } else {
            self.black
        }
    }

    pub fn warnings_of(&self, entrant: usize) -> u32 {
        if self.black == entrant {
            self.warnings[0]
        } else {
            self.warnings[1]
        }
    }

    fn to_line(&self, names: &[String]) -> String {
        let fields = [
            self.id.clone(),
            self.round.to_string(),
            names[self.black].clone(),
            names[self.white].clone(),
            self.result.to_string(),
            self.moves.to_string(),
            format!("{:.1}", self.time[0]),
            format!("{:.1}", self.time[1]),
            self.warnings[0].to_string(),
            self.warnings[1].to_string(),
            self.slowest[0].clone(),
            self.slowest[1].clone(),
            self.line.clone(),
            self.sgf.clone(),
            self.rulings.replace(['\t', '\n'], " "),
        ];
        fields.join("\t")
    }

    fn from_line(line: &str, names: &[String]) -> Option<Record> {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() != COLUMNS.len() {
            return None;
        }
        let entrant = |name: &str| names.iter().position(|n| n == name);
        Some(Record {
            id: f[0].into(),
            round: f[1].parse().ok()?,
            black: entrant(f[2])?,
            white: entrant(f[3])?,
            result: Outcome::parse(f[4], f[14])?,
            moves: f[5].parse().ok()?,
            time: [f[6].parse().ok()?, f[7].parse().ok()?],
            warnings: [f[8].parse().ok()?, f[9].parse().ok()?],
            slowest: [f[10].into(), f[11].into()],
            line: f[12].into(),
            sgf: f[13].into(),
            rulings: f[14].into(),
        })
    }
}

#[cfg(test)]
impl Record {
    /// A finished game of round 1 for the tests.
    pub(crate) fn example(id: &str, black: usize, white: usize, result: &str) -> Record {
        Record {
            id: id.into(),
            round: 1,
            black,
            white,
            result: Outcome::parse(result, "").expect("a result"),
            moves: 50,
            time: [1.5, 2.0],
            warnings: [0, 0],
            slowest: ["0.50/5.00".into(), "-".into()],
            line: "abc".into(),
            sgf: format!("games/{id}.sgf"),
            rulings: String::new(),
        }
    }
}

/// The results file of an event folder.
pub struct ResultsFile {
    path: PathBuf,
    names: Vec<String>,
    /// Each entrant's command line, `NAME=COMMAND`: a resumed event must not change them.
    commands: String,
    /// How the games are played (board, komi, clock, rulings), in words: a resumed event must
    /// not change it.
    rules: String,
    /// What each engine said it is (`name` and `version`), for the record.
    engines: String,
}

impl ResultsFile {
    pub fn new(dir: &Path, names: &[String], commands: &[String], rules: &str) -> ResultsFile {
        ResultsFile {
            path: dir.join(FILE),
            names: names.to_vec(),
            commands: commands.join("\t").replace('\n', " "),
            rules: rules.replace('\n', " "),
            engines: String::new(),
        }
    }

    /// Records what the engines said they are, `NAME: name version` each.
    pub fn with_engines(mut self, engines: &[String]) -> ResultsFile {
        self.engines = engines.join("\t").replace('\n', " ");
        self
    }

    /// The games already finished (none if the file does not exist yet). A file written for
    /// other entrants is an error: resuming must not mix two events. A last line without its
    /// end, cut off by a killed run, is removed from the file: its game is played again.
    pub fn read(&self) -> io::Result<Vec<Record>> {
        let mut text = match std::fs::read_to_string(&self.path) {
            Ok(t) => t,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(e),
        };
        if !text.is_empty() && !text.ends_with('\n') {
            let complete = text.rfind('\n').map_or(0, |i| i + 1);
            log::warn!("dropping a cut-off line of {}", self.path.display());
            text.truncate(complete);
            OpenOptions::new()
                .write(true)
                .open(&self.path)?
                .set_len(complete as u64)?;
        }
        let header = |key: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(key))
                .map(str::to_string)
        };
        let refuse = |what: &str| {
            Err(io::Error::other(format!(
                "{} belongs to an event with other {what}",
                self.path.display()
            )))
        };
        if header("# entrants: ").is_some_and(|e| e != self.names.join("\t")) {
            return refuse("entrants");
        }
        if header("# commands: ").is_some_and(|c| c != self.commands) {
            return refuse("engine commands");
        }
        if header("# rules: ").is_some_and(|r| r != self.rules) {
            return refuse("rules");
        }
        let mut seen = HashSet::new();
        Ok(text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| Record::from_line(l, &self.names))
            .filter(|r| seen.insert(r.id.clone()))
            .collect())
    }

    /// The header of the file on disk in plain words, one line a field (`rules: 9x9, komi
    /// 7.5, ...`), for the report; nothing before the first game is written.
    pub fn settings(&self) -> io::Result<Vec<String>> {
        let text = match std::fs::read_to_string(&self.path) {
            Ok(t) => t,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(e),
        };
        Ok(text
            .lines()
            .map_while(|l| l.strip_prefix("# "))
            .map(|l| l.replace('\t', "; "))
            .collect())
    }

    /// The text of the note `# KEY: TEXT` the file holds, if any (a sequential test's verdict).
    pub fn note(&self, key: &str) -> io::Result<Option<String>> {
        let text = match std::fs::read_to_string(&self.path) {
            Ok(t) => t,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        let prefix = format!("# {key}: ");
        Ok(text
            .lines()
            .find_map(|l| l.strip_prefix(&prefix))
            .map(str::to_string))
    }

    /// Appends the note `# KEY: TEXT` after the games so far, on disk before this returns.
    pub fn append_note(&self, key: &str, text: &str) -> io::Result<()> {
        let mut file = OpenOptions::new().append(true).open(&self.path)?;
        file.write_all(format!("# {key}: {}\n", text.replace('\n', " ")).as_bytes())?;
        file.sync_data()
    }

    /// Appends one game, on disk before this returns.
    pub fn append(&self, record: &Record) -> io::Result<()> {
        let new = !self.path.exists();
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.path)?;
        let mut text = String::new();
        if new {
            text.push_str(&self.header());
        } else if !ends_with_newline(&self.path)? {
            // A line cut off by a killed run (`read` drops it on resume): end it, so that it
            // reads as malformed.
            text.push('\n');
        }
        text.push_str(&record.to_line(&self.names));
        text.push('\n');
        file.write_all(text.as_bytes())?;
        file.sync_data()
    }

    /// Writes all the records afresh (a merge of shards).
    pub fn write_all(&self, records: &[Record]) -> io::Result<()> {
        let mut text = self.header();
        for r in records {
            text.push_str(&r.to_line(&self.names));
            text.push('\n');
        }
        std::fs::write(&self.path, text)
    }

    fn header(&self) -> String {
        format!(
            "# tengen event results, started {}\n# entrants: {}\n# commands: {}\n# engines: {}\n# rules: {}\n#{}\n",
            crate::sgf::today(),
            self.names.join("\t"),
            self.commands,
            self.engines,
            self.rules,
            COLUMNS.join("\t")
        )
    }
}

fn ends_with_newline(path: &Path) -> io::Result<bool> {
    use std::io::{Read, Seek, SeekFrom};
    let mut file = File::open(path)?;
    if file.metadata()?.len() == 0 {
        return Ok(true);
    }
    file.seek(SeekFrom::End(-1))?;
    let mut last = [0u8];
    file.read_exact(&mut last)?;
    Ok(last[0] == b'\n')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(id: &str, black: usize, white: usize, result: &str) -> Record {
        Record {
            warnings: [0, 1],
            rulings: "White: A1 is illegal; void".into(),
            ..Record::example(id, black, white, result)
        }
    }

    #[test]
    fn records_survive_a_run_killed_mid_line() {
        let dir = std::env::temp_dir().join(format!("tengen-results-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let names = vec!["a".to_string(), "b".to_string()];
        let commands = ["a=x".to_string(), "b=y".to_string()];
        let file = ResultsFile::new(&dir, &names, &commands, "9x9");
        let _ = std::fs::remove_file(dir.join(FILE));
        file.append(&record("g1", 0, 1, "B+1.5")).unwrap();
        // A half-written line, as a kill during the write leaves it.
        let mut raw = OpenOptions::new()
            .append(true)
            .open(dir.join(FILE))
            .unwrap();
        raw.write_all(b"g2\t1\tb\ta\tW+Re").unwrap();
        file.append(&record("g3", 1, 0, "0")).unwrap();
        // Cut inside the last column, a line would still parse: resuming drops it.
        let whole = record("g4", 0, 1, "B+Resign").to_line(&names);
        raw.write_all(&whole.as_bytes()[..whole.len() - 3]).unwrap();
        let read = file.read().unwrap();
        assert_eq!(
            read,
            vec![record("g1", 0, 1, "B+1.5"), record("g3", 1, 0, "0")]
        );
        assert_eq!(
            (read[0].winner(), read[0].points(0), read[0].points(1)),
            (Some(0), 2, 0)
        );
        assert_eq!(
            (read[1].winner(), read[1].points(0), read[1].points(1)),
            (None, 1, 1)
        );
        let text = std::fs::read_to_string(dir.join(FILE)).unwrap();
        assert!(text.ends_with("\n") && !text.contains("g4"), "{text}");
        // Another event's folder is refused.
        let other = ResultsFile::new(&dir, &["a".to_string(), "c".to_string()], &commands, "9x9");
        assert!(other.read().is_err());
        assert!(
            ResultsFile::new(&dir, &names, &commands, "19x19")
                .read()
                .is_err()
        );
        let changed = ["a=x".to_string(), "b=y --fast".to_string()];
        let error = ResultsFile::new(&dir, &names, &changed, "9x9")
            .read()
            .unwrap_err();
        assert!(
            error.to_string().contains("other engine commands"),
            "{error}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
