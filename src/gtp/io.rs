//! The GTP loop: reads raw lines, answers each command in turn, flushes after every response.
//! Commands that arrive together (Sabaki pipelines them) are simply answered one after another.

use std::io::{self, BufRead, Write};

use super::Engine;
use super::parse::preprocess;

/// Longest command line kept; the rest of a longer line is read and dropped.
pub const MAX_LINE: usize = 16 << 20;

/// Reads one line (without its `\n`) into `line`, keeping at most `MAX_LINE` bytes. Returns
/// false at end of input with nothing read; a last line without `\n` still counts.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<bool> {
    line.clear();
    let mut read_any = false;
    loop {
        let buffer = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buffer.is_empty() {
            return Ok(read_any);
        }
        read_any = true;
        let (chunk, found_newline) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (&buffer[..i], true),
            None => (buffer, false),
        };
        let room = MAX_LINE.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = chunk.len() + found_newline as usize;
        input.consume(used);
        if found_newline {
            return Ok(true);
        }
    }
}

/// Serves GTP until `quit` or the end of input.
pub fn serve(
    engine: &mut Engine,
    mut input: impl BufRead,
    mut output: impl Write,
) -> io::Result<()> {
    let mut line = Vec::new();
    while read_line(&mut input, &mut line)? {
        let Some(command) = preprocess(&line) else {
            continue;
        };
        log::trace!("<< {command}");
        let response = engine.execute(&command);
        output.write_all(response.as_bytes())?;
        output.flush()?;
        if engine.quit_requested() {
            break;
        }
    }
    Ok(())
}
