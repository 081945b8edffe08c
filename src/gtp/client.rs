//! The controller side of GTP: runs an engine process and talks to it. Used by the regression
//! runner, the referee and the tests. A thread reads the engine's output, so that waiting for
//! an answer can end at a deadline (an engine that hangs must not hang the referee).

use std::io::{self, BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long `quit` waits for the answer, and then for the process to end, before it kills it.
const QUIT_GRACE: Duration = Duration::from_secs(2);

/// A running GTP engine.
pub struct Client {
    child: Child,
    stdin: ChildStdin,
    /// The engine's output lines; the sender goes away when the output closes.
    lines: Receiver<String>,
    /// The longest wait for any answer without a deadline of its own; `None`: no limit.
    answer_limit: Option<Duration>,
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
    /// A relative path to the program is taken from the current directory, not from `dir`.
    pub fn start(program: &str, args: &[String], dir: Option<&Path>) -> io::Result<Client> {
        let path = Path::new(program);
        let program = if dir.is_some() && path.is_relative() && path.components().count() > 1 {
            std::env::current_dir()?.join(path)
        } else {
            path.to_path_buf()
        };
        let mut command = Command::new(&program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped());
        if let Some(dir) = dir {
            command.current_dir(dir);
        }
        let mut child = command.spawn().map_err(|e| {
            io::Error::new(e.kind(), format!("cannot start {}: {e}", program.display()))
        })?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in stdout.split(b'\n') {
                let Ok(line) = line else { break };
                let text = String::from_utf8_lossy(&line)
                    .trim_end_matches('\r')
                    .to_string();
                if sender.send(text).is_err() {
                    break;
                }
            }
        });
        Ok(Client {
            child,
            stdin,
            lines,
            answer_limit: None,
        })
    }

    /// Every answer from now on must come within `limit` (unless a command has a deadline of
    /// its own): a hung engine then fails with `TimedOut` instead of hanging the caller.
    pub fn set_answer_limit(&mut self, limit: Option<Duration>) {
        self.answer_limit = limit;
    }

    /// Sends one command line and reads its response.
    pub fn send(&mut self, command: &str) -> io::Result<Response> {
        self.send_until(command, None)
    }

    /// `send`, giving up with a `TimedOut` error at the deadline (or, without one, at the
    /// answer limit).
    pub fn send_until(&mut self, command: &str, deadline: Option<Instant>) -> io::Result<Response> {
        let deadline = deadline.or_else(|| self.answer_limit.map(|l| Instant::now() + l));
        writeln!(self.stdin, "{command}")?;
        self.stdin.flush()?;
        self.read_response_until(deadline)
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
        self.read_response_until(None)
    }

    fn next_line(&self, deadline: Option<Instant>) -> io::Result<String> {
        let closed = || io::Error::new(io::ErrorKind::UnexpectedEof, "engine closed its output");
        match deadline {
            None => self.lines.recv().map_err(|_| closed()),
            Some(d) => match self
                .lines
                .recv_timeout(d.saturating_duration_since(Instant::now()))
            {
                Ok(line) => Ok(line),
                Err(RecvTimeoutError::Timeout) => {
                    Err(io::Error::new(io::ErrorKind::TimedOut, "no answer in time"))
                }
                Err(RecvTimeoutError::Disconnected) => Err(closed()),
            },
        }
    }

    fn read_response_until(&mut self, deadline: Option<Instant>) -> io::Result<Response> {
        let mut lines: Vec<String> = Vec::new();
        loop {
            let line = self.next_line(deadline)?;
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

    /// Sends `quit` and waits for the process to end; an engine that does not answer or end
    /// within a short grace is killed (by `drop`).
    pub fn quit(mut self) -> io::Result<()> {
        let _ = self.send_until("quit", Some(Instant::now() + QUIT_GRACE));
        let end = Instant::now() + QUIT_GRACE;
        while Instant::now() < end {
            if self.child.try_wait()?.is_some() {
                return Ok(());
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        Err(io::Error::new(
            io::ErrorKind::TimedOut,
            "the engine did not end: killed",
        ))
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
