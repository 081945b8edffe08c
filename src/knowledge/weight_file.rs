//! The one reader of the weight files: `weights.txt`, `spatial.txt` and `network.txt`, built
//! into the program, and the files the trainers write. A line that starts with `#` is a
//! comment and a blank line is skipped; the first other line is `entries N`, the number of
//! entry lines in the file, so that a file cut short or pasted twice is an error instead of a
//! weaker model. Every error names its line.

use std::fmt;
use std::str::FromStr;

/// What is wrong with a weight file, and where.
#[derive(Clone, Debug, PartialEq)]
pub struct Error {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for Error {}

/// An entry line: its number in the file (from 1) and its text.
#[derive(Clone, Copy, Debug)]
pub struct Entry<'a> {
    pub line: usize,
    text: &'a str,
}

impl<'a> Entry<'a> {
    pub fn error(&self, message: impl Into<String>) -> Error {
        Error {
            line: self.line,
            message: message.into(),
        }
    }

    pub fn words(&self) -> impl Iterator<Item = &'a str> + use<'a> {
        self.text.split_whitespace()
    }

    pub fn len(&self) -> usize {
        self.words().count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Word `i` (from 0), which the entry must have: `what` says what it holds.
    pub fn word(&self, i: usize, what: &str) -> Result<&'a str, Error> {
        (self.words().nth(i))
            .ok_or_else(|| self.error(format!("no {what}: the line ends at word {i}")))
    }

    /// Word `i` read as a `T`.
    pub fn number<T: FromStr>(&self, i: usize, what: &str) -> Result<T, Error> {
        let word = self.word(i, what)?;
        word.parse().map_err(|_| self.not_a_number(i, word, what))
    }

    /// Word `i` read as a finite number.
    pub fn finite(&self, i: usize, what: &str) -> Result<f32, Error> {
        let word = self.word(i, what)?;
        (word.parse::<f32>().ok())
            .filter(|x| x.is_finite())
            .ok_or_else(|| self.not_a_number(i, word, what))
    }

    /// The words from `from` on, each read as a finite number: one pass over the entry,
    /// which for a network's tensor is thousands of words long.
    pub fn finite_from(&self, from: usize, what: &str) -> Result<Vec<f32>, Error> {
        (self.words().enumerate().skip(from))
            .map(|(i, word)| {
                (word.parse::<f32>().ok())
                    .filter(|x| x.is_finite())
                    .ok_or_else(|| self.not_a_number(i, word, what))
            })
            .collect()
    }

    /// Word `i` read as a strength: a finite number above zero.
    pub fn strength(&self, i: usize) -> Result<f32, Error> {
        let gamma = self.finite(i, "strength")?;
        if gamma > 0.0 {
            Ok(gamma)
        } else {
            Err(self.error(format!("strength {gamma} is not above zero")))
        }
    }

    fn not_a_number(&self, i: usize, word: &str, what: &str) -> Error {
        self.error(format!(
            "word {}, {word:?}, is not a finite number ({what})",
            i + 1
        ))
    }
}

const COUNT: &str = "entries";

/// Calls `each` on every entry of `text` in order, then checks their count; the first error,
/// `each`'s or the file's, ends the reading.
pub fn read<'a>(
    text: &'a str,
    mut each: impl FnMut(&Entry<'a>) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut lines = (1..).zip(text.lines()).filter(|(_, l)| !is_comment(l));
    let Some((count_line, first)) = lines.next() else {
        return Err(Error {
            line: text.lines().count().max(1),
            message: format!("no `{COUNT} N` line: the file has no entries"),
        });
    };
    let count_entry = Entry {
        line: count_line,
        text: first,
    };
    if count_entry.word(0, "count")? != COUNT || count_entry.len() != 2 {
        return Err(count_entry.error(format!("`{COUNT} N` expected before the first entry")));
    }
    let expected: usize = count_entry.number(1, "count of entries")?;
    let mut found = 0;
    for (line, text) in lines {
        found += 1;
        each(&Entry { line, text })?;
    }
    if found != expected {
        return Err(count_entry.error(format!(
            "the count says {expected} entries, the file has {found}"
        )));
    }
    Ok(())
}

/// Every entry of `text`, its count checked.
pub fn entries(text: &str) -> Result<Vec<Entry<'_>>, Error> {
    let mut out = Vec::new();
    read(text, |entry| {
        out.push(*entry);
        Ok(())
    })?;
    Ok(out)
}

fn is_comment(line: &str) -> bool {
    line.starts_with('#') || line.trim().is_empty()
}

/// `text`, the lines of a weight file less any count, with its `entries N` line after the
/// comments that head it: what every writer of a weight file writes.
pub fn with_count(text: &str) -> String {
    let lines: Vec<&str> = (text.lines())
        .filter(|l| l.split_whitespace().next() != Some(COUNT))
        .collect();
    let count = lines.iter().filter(|l| !is_comment(l)).count();
    let head = lines.iter().take_while(|l| is_comment(l)).count();
    let mut out = String::with_capacity(text.len() + 20);
    for line in &lines[..head] {
        out.push_str(line);
        out.push('\n');
    }
    out.push_str(&format!("{COUNT} {count}\n"));
    for line in &lines[head..] {
        out.push_str(line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_read_with_their_line_numbers_and_counted() {
        let text = "# a comment\n\nentries 2\nshape 1 2.5\n# between\nline 3 0.5\n";
        let read = entries(text).unwrap();
        assert_eq!(read.iter().map(|e| e.line).collect::<Vec<_>>(), [4, 6]);
        assert_eq!(read[1].word(0, "group").unwrap(), "line");
        assert_eq!(read[1].strength(2).unwrap(), 0.5);
        assert_eq!(read[0].number::<usize>(1, "value").unwrap(), 1);
        let error = |text: &str| entries(text).unwrap_err().to_string();
        assert_eq!(
            error("entries 3\na 1\nb 2\n"),
            "line 1: the count says 3 entries, the file has 2"
        );
        assert_eq!(
            error("# only this\n"),
            "line 1: no `entries N` line: the file has no entries"
        );
        assert_eq!(
            error("shape 1 2\n"),
            "line 1: `entries N` expected before the first entry"
        );
        assert_eq!(
            error("entries many\n"),
            "line 1: word 2, \"many\", is not a finite number (count of entries)"
        );
        let strengths = entries("entries 2\na 1 -1\nb 2\n").unwrap();
        assert_eq!(
            strengths[0].strength(2).unwrap_err().to_string(),
            "line 2: strength -1 is not above zero"
        );
        assert_eq!(
            strengths[1].strength(2).unwrap_err().to_string(),
            "line 3: no strength: the line ends at word 2"
        );
    }

    #[test]
    fn a_writer_gets_the_count_after_the_heading_comments() {
        let text = "# heading\nentries 7\na 1\n# later\nb 2\n";
        let counted = with_count(text);
        assert_eq!(counted, "# heading\nentries 2\na 1\n# later\nb 2\n");
        assert_eq!(with_count(&counted), counted);
        assert_eq!(entries(&counted).unwrap().len(), 2);
    }
}
