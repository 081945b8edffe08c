//! The controller side of GTP: runs an engine process and talks to it. Used by the regression
//! runner and the tests (and later by the referee).

use std::io::{self, BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A running GTP engine.
pub struct Client {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

/// An engine's answer to one command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    pub success: bool,
    /// The text after `=`/`?` and the id, trimmed.
    pub text: String,
}

impl Client {
    /// Starts `program` with `args` in the working directory `dir`; its stderr is inherited.
    pub fn start(program: &str, args: &[String], dir: Option<&Path>) -> io::Result<Client> {
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped());
        if let Some(dir) = dir {
            command.current_dir(dir);
        }
        let mut child = command.spawn()?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        Ok(Client {
            child,
            stdin,
            stdout,
        })
    }

    /// Sends one command line and reads its response.
    pub fn send(&mut self, command: &str) -> io::Result<Response> {
        writeln!(self.stdin, "{command}")?;
        self.stdin.flush()?;
        self.read_response()
    }

    /// Sends a command that must succeed and returns its text.
    pub fn ask(&mut self, command: &str) -> io::Result<String> {
        let response = self.send(command)?;
        if response.success {
            Ok(response.text)
        } else {
            Err(io::Error::other(format!("{command}: ? {}", response.text)))
        }
    }

    /// Reads lines up to the empty line that ends a response; lines before the first `=`/`?`
    /// are skipped, as clients do.
    pub fn read_response(&mut self) -> io::Result<Response> {
        let mut lines: Vec<String> = Vec::new();
        loop {
            let mut line = String::new();
            if self.stdout.read_line(&mut line)? == 0 {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "engine closed its output",
                ));
            }
            let line = line.trim_end_matches(['\n', '\r']).to_string();
            if line.is_empty() {
                if !lines.is_empty() {
                    break;
                }
            } else if !lines.is_empty() || line.starts_with(['=', '?']) {
                lines.push(line);
            }
        }
        let first = &lines[0];
        let success = first.starts_with('=');
        let body = first[1..].trim_start_matches(|c: char| c.is_ascii_digit());
        let mut text = body.to_string();
        for line in &lines[1..] {
            text.push('\n');
            text.push_str(line);
        }
        Ok(Response {
            success,
            text: text.trim().to_string(),
        })
    }

    /// Sends `quit` and waits for the process to end.
    pub fn quit(mut self) -> io::Result<()> {
        let _ = self.send("quit");
        self.child.wait().map(|_| ())
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
