//! A regression-suite runner with gogui-regress semantics: a numbered command is a test; the
//! `#? [REGEX]` line after it must match the whole response (a leading `!` negates it, a
//! trailing `*` marks a failure the suite expects); a test whose command fails always fails.
//! The engine runs in the suite's folder, a new process per file.

use std::io;
use std::path::{Path, PathBuf};

use regex::Regex;

use crate::gtp::client::Client;

#[derive(Clone, Debug)]
pub struct Outcome {
    pub id: u64,
    pub command: String,
    pub pattern: String,
    pub response: String,
    pub passed: bool,
    pub expected_failure: bool,
}

impl Outcome {
    pub fn is_unexpected_failure(&self) -> bool {
        !self.passed && !self.expected_failure
    }
}

#[derive(Debug)]
pub struct FileReport {
    pub file: PathBuf,
    pub outcomes: Vec<Outcome>,
    /// Un-numbered commands that failed (set-up trouble, reported but not counted as tests).
    pub other_errors: Vec<String>,
}

impl FileReport {
    pub fn unexpected_failures(&self) -> impl Iterator<Item = &Outcome> {
        self.outcomes.iter().filter(|o| o.is_unexpected_failure())
    }
}

/// `#? [pattern]` or `#? [pattern]*`: the pattern, negation and expected-failure flags.
fn parse_expectation(text: &str) -> Result<(String, bool, bool), String> {
    let mut text = text.trim();
    let expected_failure = text.ends_with('*');
    if expected_failure {
        text = &text[..text.len() - 1];
    }
    let inner = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or_else(|| format!("pattern without brackets: {text}"))?
        .trim();
    match inner.strip_prefix('!') {
        Some(rest) => Ok((rest.to_string(), true, expected_failure)),
        None => Ok((inner.to_string(), false, expected_failure)),
    }
}

/// Whether `response` matches `pattern` as a whole (Java `Pattern.matches` with MULTILINE and
/// DOTALL, as gogui-regress uses it).
fn matches_whole(pattern: &str, response: &str) -> Result<bool, String> {
    let re = Regex::new(&format!(r"(?ms)\A(?:{pattern})\z")).map_err(|e| e.to_string())?;
    Ok(re.is_match(response))
}

/// The numeric id at the start of a command line, if any.
fn test_id(line: &str) -> Option<u64> {
    let (first, rest) = line.split_once(' ')?;
    (!rest.trim().is_empty())
        .then(|| first.parse().ok())
        .flatten()
}

/// Runs one `.tst` file against the engine `program args`.
pub fn run_file(path: &Path, program: &str, args: &[String]) -> io::Result<FileReport> {
    let text = std::fs::read_to_string(path)?;
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    let mut engine = Client::start(program, args, dir)?;
    let mut report = FileReport {
        file: path.to_path_buf(),
        outcomes: Vec::new(),
        other_errors: Vec::new(),
    };
    // The last numbered test, waiting for a possible `#?` line.
    let mut pending: Option<Outcome> = None;
    for raw in text.lines() {
        let line = raw.trim().replace('\t', " ");
        if let Some(expectation) = line.strip_prefix("#?") {
            let mut test = pending
                .take()
                .ok_or_else(|| io::Error::other(format!("{line}: no test before it")))?;
            let (pattern, negated, expected_failure) =
                parse_expectation(expectation).map_err(io::Error::other)?;
            let matched = matches_whole(&pattern, &test.response).map_err(io::Error::other)?;
            test.passed = test.passed && matched != negated;
            test.pattern = if negated {
                format!("!{pattern}")
            } else {
                pattern
            };
            test.expected_failure = expected_failure;
            report.outcomes.push(test);
            continue;
        }
        report.outcomes.extend(pending.take());
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let response = engine.send(&line)?;
        match test_id(&line) {
            Some(id) => {
                pending = Some(Outcome {
                    id,
                    command: line.split_once(' ').map_or("", |(_, c)| c).to_string(),
                    pattern: String::new(),
                    response: response.text,
                    passed: response.success,
                    expected_failure: false,
                })
            }
            None if !response.success => report
                .other_errors
                .push(format!("{line}: ? {}", response.text)),
            None => {}
        }
    }
    report.outcomes.extend(pending.take());
    engine.quit()?;
    Ok(report)
}

/// Every `.tst` file under `dir`, sorted.
pub fn find_suites(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder)? {
            let path = entry?.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "tst") {
                found.push(path);
            }
        }
    }
    found.sort();
    Ok(found)
}

/// One line per unexpected result and a summary line per file; true if nothing failed
/// Runs every suite of `files` with `engine` (a command and its arguments), prints each
/// report and the total; whether every test passed.
pub fn run_suites(engine: &[String], files: &[PathBuf]) -> Result<bool, String> {
    let (program, args) = engine.split_first().ok_or("an empty engine command")?;
    let mut all_ok = true;
    let (mut passed, mut total) = (0, 0);
    for file in files {
        // The engine runs in the suite's folder; give it an absolute path to itself.
        let file = std::fs::canonicalize(file).map_err(|e| format!("{}: {e}", file.display()))?;
        let report =
            run_file(&file, program, args).map_err(|e| format!("{}: {e}", file.display()))?;
        all_ok &= print_report(&report);
        passed += report.outcomes.iter().filter(|o| o.passed).count();
        total += report.outcomes.len();
    }
    println!("total: {passed}/{total} passed");
    Ok(all_ok)
}

/// unexpectedly.
pub fn print_report(report: &FileReport) -> bool {
    let name = report.file.display();
    for o in &report.outcomes {
        if o.is_unexpected_failure() {
            println!(
                "{name} {} unexpected FAIL: {} -> correct '{}', got '{}'",
                o.id, o.command, o.pattern, o.response
            );
        } else if o.passed && o.expected_failure {
            println!("{name} {} unexpected PASS: {}", o.id, o.command);
        }
    }
    for e in &report.other_errors {
        println!("{name} error: {e}");
    }
    let passed = report.outcomes.iter().filter(|o| o.passed).count();
    let unexpected = report.unexpected_failures().count();
    println!(
        "{name}: {passed}/{} passed, {unexpected} unexpected failures",
        report.outcomes.len()
    );
    unexpected == 0 && report.other_errors.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expectations_parse_like_gogui_regress() {
        assert_eq!(
            parse_expectation(" [B\\+0\\.5]").unwrap(),
            ("B\\+0\\.5".into(), false, false)
        );
        assert_eq!(
            parse_expectation("[!pass]*").unwrap(),
            ("pass".into(), true, true)
        );
        assert!(parse_expectation("C3").is_err());
    }

    #[test]
    fn patterns_match_the_whole_response() {
        assert!(matches_whole("C3|D4", "D4").unwrap());
        assert!(!matches_whole("C3", "C3 D4").unwrap());
        assert!(matches_whole("A1.*B2", "A1\nB2").unwrap());
        assert!(matches_whole("", "").unwrap());
    }

    #[test]
    fn ids_come_only_from_numbered_commands() {
        assert_eq!(test_id("10 is_legal b a1"), Some(10));
        assert_eq!(test_id("play b a1"), None);
        assert_eq!(test_id("10"), None);
    }
}
