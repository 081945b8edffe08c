//! How a response is framed: `=id` or `?id`, the text, and the empty line that ends it. Every
//! response goes through here, the streamed ones too.

use std::io::{self, Write};

use super::error::Reply;

/// `=id text` or `?id message`, then the empty line. A response never contains an empty line
/// of its own (that would end it early).
pub fn format(id: Option<&str>, reply: Reply) -> String {
    let (mark, text) = match reply {
        Ok(text) => ('=', text),
        Err(error) => ('?', error.to_string()),
    };
    let mut text = text.trim_end().to_string();
    while text.contains("\n\n") {
        text = text.replace("\n\n", "\n");
    }
    let id = id.unwrap_or("");
    if text.is_empty() {
        format!("{mark}{id}\n\n")
    } else {
        format!("{mark}{id} {text}\n\n")
    }
}

/// The first line of a streamed response (`=id`), sent at once: the lines come after it.
pub fn begin_stream(out: &mut dyn Write, id: Option<&str>) -> io::Result<()> {
    writeln!(out, "={}", id.unwrap_or(""))?;
    out.flush()
}

/// The empty line that ends a streamed response.
pub fn end_stream(out: &mut dyn Write) -> io::Result<()> {
    writeln!(out)?;
    out.flush()
}
