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

/// `position  colour  win rate  lead  playouts  line`, tab-separated, the line's moves as GTP
/// vertices.
fn write(position: usize, a: &Analysis, board: &Board) -> String {
    let line: Vec<String> = a.line.iter().map(|&m| board.move_name(m)).collect();
    format!(
        "{position}\t{}\t{}\t{}\t{}\t{}\n",
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
    let [position, color, winrate, lead, playouts, moves] = fields[..] else {
        return None;
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
    let winrate: f64 = winrate.parse().ok().filter(|w| (0.0..=1.0).contains(w))?;
    let lead: f64 = lead.parse().ok().filter(|l: &f64| l.is_finite())?;
    (!line.is_empty()).then_some(())?;
    Some((
        position.parse().ok()?,
        Analysis {
            to_move,
            winrate,
            lead,
            line,
            playouts: playouts.parse().ok()?,
        },
    ))
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
        };
        let text = write(7, &analysis, &board);
        assert_eq!(text, "7\tW\t0.4375\t-3.5\t1234\tE5 pass C3\n");
        let broken = [
            "8\tW\t0.4\t-3.5\t12",
            "9\tX\t0.4\t-3.5\t12\tE5",
            "10\tB\t1.5\t-3.5\t12\tE5",
            "11\tB\t0.5\tNaN\t12\tE5",
            "12\tB\t0.5\t1\t12\tZ99",
            "13\tB\t0.5\t1\t12\t",
        ];
        let read_back = read(&format!("{text}{}", broken.join("\n")), &board);
        assert_eq!(read_back.len(), 1);
        assert_eq!(read_back[&7], analysis);
        assert_ne!(fnv("a"), fnv("b"));
        assert_eq!(fnv(""), 0xcbf2_9ce4_8422_2325);
    }
}
