//! The analyses of a review, kept as they are made: one line a position in a file of the
//! user's cache folder (`$XDG_CACHE_HOME/tengen/reviews`, else `~/.cache/tengen/reviews`),
//! named by a hash of the game and the budget. An interrupted review goes on where it
//! stopped, and a review of the same game with the same budget (another `--mistakes`, another
//! output) searches nothing again.

use std::collections::HashMap;
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use super::evaluation::Analysis;
use crate::board::{Board, Color};
use crate::gtp::parse::move_name;

/// The cache folder, if the environment names one.
pub fn folder() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".cache")))?;
    Some(base.join("tengen").join("reviews"))
}

/// A 64-bit FNV-1a hash: the same on every platform and Rust version, so that a cache file
/// keeps its name.
pub fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The analyses of one game under one budget.
pub struct Cache {
    file: Option<File>,
    path: Option<PathBuf>,
    /// The analyses read back, by position.
    known: HashMap<usize, Analysis>,
}

impl Cache {
    /// The cache of the game and budget that `key` describes, with what an earlier run left in
    /// it; a cache that cannot be opened is none (the review still runs, it just keeps nothing).
    pub fn open(key: &str, board: &Board) -> Cache {
        let Some(dir) = folder() else {
            return Cache::none();
        };
        let path = dir.join(format!("{:016x}.tsv", fnv(key)));
        let known = fs::read_to_string(&path)
            .map(|text| read(&text, board))
            .unwrap_or_default();
        let file = fs::create_dir_all(&dir)
            .and_then(|_| OpenOptions::new().create(true).append(true).open(&path));
        match file {
            Ok(file) => Cache {
                file: Some(file),
                path: Some(path),
                known,
            },
            Err(e) => {
                log::warn!("review cache {}: {e}", path.display());
                Cache::none()
            }
        }
    }

    fn none() -> Cache {
        Cache {
            file: None,
            path: None,
            known: HashMap::new(),
        }
    }

    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    pub fn get(&self, position: usize) -> Option<&Analysis> {
        self.known.get(&position)
    }

    /// Keeps an analysis at once, so that an interruption loses no finished search.
    pub fn put(&mut self, position: usize, analysis: &Analysis, board: &Board) {
        if let Some(file) = &mut self.file {
            let line = write(position, analysis, board);
            if let Err(e) = file.write_all(line.as_bytes()) {
                log::warn!("review cache: {e}");
                self.file = None;
            }
        }
        self.known.insert(position, analysis.clone());
    }
}

/// `position  colour  win rate  lead  playouts  line  next`, tab-separated, the line's moves
/// as GTP vertices, `next` the next move's win rate and lead or `-`.
fn write(position: usize, a: &Analysis, board: &Board) -> String {
    let line: Vec<String> = a.line.iter().map(|&m| board.move_name(m)).collect();
    let next = a.next.map_or("-".into(), |(w, l)| format!("{w} {l}"));
    format!(
        "{position}\t{}\t{}\t{}\t{}\t{}\t{next}\n",
        a.to_move.letter(),
        a.winrate,
        a.lead,
        a.playouts,
        line.join(" ")
    )
}

/// The analyses of a cache file; a line that does not read (a run stopped while writing it)
/// is left out and its position searched again.
fn read(text: &str, board: &Board) -> HashMap<usize, Analysis> {
    text.lines().filter_map(|l| read_line(l, board)).collect()
}

fn read_line(line: &str, board: &Board) -> Option<(usize, Analysis)> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [position, color, winrate, lead, playouts, moves, next] = fields[..] else {
        return None;
    };
    let next = match next.split_once(' ') {
        None if next == "-" => None,
        Some((w, l)) => Some(figures(w, l)?),
        None => return None,
    };
    let to_move = match color {
        "B" => Color::Black,
        "W" => Color::White,
        _ => return None,
    };
    let line = moves
        .split_whitespace()
        .map(|name| move_name(name)?.on(board))
        .collect::<Option<Vec<_>>>()?;
    let (winrate, lead) = figures(winrate, lead)?;
    (!line.is_empty()).then_some(())?;
    Some((
        position.parse().ok()?,
        Analysis {
            to_move,
            winrate,
            lead,
            line,
            playouts: playouts.parse().ok()?,
            next,
        },
    ))
}

/// A win rate from 0 to 1 and a finite lead.
fn figures(winrate: &str, lead: &str) -> Option<(f64, f64)> {
    let winrate: f64 = winrate.parse().ok().filter(|w| (0.0..=1.0).contains(w))?;
    let lead: f64 = lead.parse().ok().filter(|l: &f64| l.is_finite())?;
    Some((winrate, lead))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;

    #[test]
    fn an_analysis_reads_back_as_written_and_broken_lines_are_left_out() {
        let board = Board::new(9);
        let at = |name: &str| Move::Play(board.point_named(name).unwrap());
        let analysis = Analysis {
            to_move: Color::White,
            winrate: 0.4375,
            lead: -3.5,
            line: vec![at("E5"), Move::Pass, at("C3")],
            playouts: 1234,
            next: None,
        };
        let text = write(7, &analysis, &board);
        assert_eq!(text, "7\tW\t0.4375\t-3.5\t1234\tE5 pass C3\t-\n");
        let tried = Analysis {
            next: Some((0.25, 2.5)),
            ..analysis.clone()
        };
        let second = write(8, &tried, &board);
        assert!(second.ends_with("\tE5 pass C3\t0.25 2.5\n"), "{second}");
        let broken = [
            "9\tW\t0.4\t-3.5\t12\tE5",
            "10\tX\t0.4\t-3.5\t12\tE5\t-",
            "11\tB\t1.5\t-3.5\t12\tE5\t-",
            "12\tB\t0.5\tNaN\t12\tE5\t-",
            "13\tB\t0.5\t1\t12\tZ99\t-",
            "14\tB\t0.5\t1\t12\t\t-",
            "15\tB\t0.5\t1\t12\tE5\t2 0",
            "16\tB\t0.5\t1\t12\tE5\t0.5",
        ];
        let read_back = read(&format!("{text}{second}{}", broken.join("\n")), &board);
        assert_eq!(read_back.len(), 2);
        assert_eq!((&read_back[&7], &read_back[&8]), (&analysis, &tried));
        assert_ne!(fnv("a"), fnv("b"));
        assert_eq!(fnv(""), 0xcbf2_9ce4_8422_2325);
    }
}
