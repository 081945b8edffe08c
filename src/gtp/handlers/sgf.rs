//! Game records: `loadsgf` and `printsgf`.

use super::*;
use crate::sgf;

impl Engine {
    /// The game as SGF, with today's date unless the record had one, and the result once play
    /// has ended.
    pub(in crate::gtp) fn sgf_text(&mut self) -> String {
        let mut info = self.info.clone();
        info.date.get_or_insert_with(sgf::today);
        if self.game.is_over() {
            info.result = Some(self.result().to_string());
        }
        sgf::write(&self.game, &info)
    }

    /// `printsgf [FILE]`: the game as SGF in the response, or written to FILE.
    pub(in crate::gtp) fn printsgf(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 0..=1)?;
        let text = self.sgf_text();
        match args.first() {
            None => Ok(text),
            Some(path) => write_regular(path, &text)
                .map(|_| String::new())
                .map_err(|e| GtpError::CannotSave(e.to_string())),
        }
    }

    /// `loadsgf FILE [N | vertex]`: the position before move N or before the first move at the
    /// vertex; answers the colour to move. A failure leaves the game as it was.
    pub(in crate::gtp) fn loadsgf(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 1..=2)?;
        let until = match args.get(1) {
            None => sgf::Until::End,
            Some(arg) => match (parse::int(arg), parse::move_name(arg)) {
                (Some(n), _) => sgf::Until::MoveNumber(n),
                (_, Some(MoveName::Vertex(v))) => {
                    let board = Board::new(crate::board::MAX_SIZE);
                    let p = board
                        .point_from_name(v.letter, v.row)
                        .ok_or(GtpError::Syntax)?;
                    let (col, row) = board.coords(p);
                    sgf::Until::Vertex(col, row)
                }
                _ => return Err(GtpError::Syntax),
            },
        };
        let bytes = read_limited(args[0], MAX_SGF_BYTES)
            .map_err(|e| GtpError::CannotLoad(e.to_string()))?;
        let text = sgf::decode(&bytes);
        let trees = sgf::parse(&text).map_err(|e| GtpError::CannotLoad(e.to_string()))?;
        let tree = trees
            .first()
            .ok_or_else(|| GtpError::CannotLoad("no game".into()))?;
        let record = sgf::load(tree, until, self.game.komi(), self.game.superko())
            .map_err(|e| GtpError::CannotLoad(e.to_string()))?;
        self.game = record.game;
        self.player.new_game();
        self.info = record.info;
        Ok(self.game.to_move().name().into())
    }
}

/// SGF files larger than this are refused (a real record is a few kilobytes; `/dev/zero` is not).
const MAX_SGF_BYTES: u64 = 64 << 20;

/// Reads at most `limit` bytes of a regular file; a longer file is an error, and so is
/// anything else (a FIFO or a device would block or never end, a folder has no text).
fn read_limited(path: &str, limit: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    if !std::fs::metadata(path)?.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(limit + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(std::io::Error::other("file too large"));
    }
    Ok(bytes)
}

/// Writes a new file or replaces a regular one; anything else is an error (writing to a FIFO
/// blocks until someone reads it, and `/dev/stdin` would feed the record back as commands).
fn write_regular(path: &str, text: &str) -> std::io::Result<()> {
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => Err(std::io::Error::other("not a regular file")),
        _ => std::fs::write(path, text),
    }
}
