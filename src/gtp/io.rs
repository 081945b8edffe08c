//! The GTP loop. A reader thread takes lines off the input while the engine works, so that a
//! running search learns at once when a command arrives (which ends an analysis or pondering)
//! or when GoGui interrupts it with the comment line `# interrupt`. Commands are still
//! answered one after another, in order, each response flushed as soon as it is complete.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::SeqCst};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use super::Engine;
use super::parse::{parse_command_line, preprocess};

/// Longest command line kept; the rest of a longer line is read and dropped.
pub const MAX_LINE: usize = 16 << 20;
/// Commands read ahead of the engine before the reader waits.
const READ_AHEAD: usize = 1024;
/// Bytes of commands read ahead of the engine before the reader waits (however few the
/// commands), so that input piling up behind a long search takes bounded memory.
pub const READ_AHEAD_BYTES: usize = 16 << 20;

/// A `quit` or the end of input that comes this long after the running command began is the
/// controller going away (a GUI closed, a server hung up): the search stops. Sooner, it is
/// the end of a batch of commands (`tengen < file`, a pipe), which are all played out in full.
const HANG_UP_GAP: Duration = Duration::from_millis(100);

/// What the reader thread tells the engine about the input while a command runs.
#[derive(Debug)]
pub struct Signals {
    /// Commands read so far.
    read: AtomicU64,
    /// Commands the engine has taken so far, the running one included.
    taken: AtomicU64,
    /// `read` when the last `# interrupt` line came, that is, the command it interrupts.
    interrupted_at: AtomicU64,
    /// No more input will come (end of input, or no input attached at all).
    closed: AtomicBool,
    /// Bytes of the commands read but not yet taken.
    queued_bytes: AtomicUsize,
    /// The engine has stopped taking commands (`quit`, or the loop ended).
    stopped: AtomicBool,
    /// When the running command began, in milliseconds since `epoch`.
    taken_at: AtomicU64,
    epoch: Instant,
    /// The controller went away (see `HANG_UP_GAP`): searches stop at once.
    hung_up: AtomicBool,
}

impl Default for Signals {
    /// Signals with no input attached: nothing will ever arrive, so nothing waits for input.
    fn default() -> Signals {
        Signals {
            read: AtomicU64::new(0),
            taken: AtomicU64::new(0),
            interrupted_at: AtomicU64::new(0),
            closed: AtomicBool::new(true),
            queued_bytes: AtomicUsize::new(0),
            stopped: AtomicBool::new(false),
            taken_at: AtomicU64::new(0),
            epoch: Instant::now(),
            hung_up: AtomicBool::new(false),
        }
    }
}

impl Signals {
    /// A command is waiting behind the running one, or the input has ended.
    pub fn input_waiting(&self) -> bool {
        self.read.load(SeqCst) > self.taken.load(SeqCst) || self.closed.load(SeqCst)
    }

    /// The running command was interrupted: it was the last command read when `# interrupt`
    /// came (GoGui interrupts the command whose answer it is waiting for).
    pub fn interrupted(&self) -> bool {
        let at = self.interrupted_at.load(SeqCst);
        at > 0 && at == self.taken.load(SeqCst)
    }

    /// A search should end now: it was interrupted, or nobody is left to hear its answer.
    pub fn stop_search(&self) -> bool {
        self.interrupted() || self.hung_up.load(SeqCst)
    }

    /// The controller went away: by `quit` or the end of input while a command runs, or by
    /// closing our output.
    pub fn hang_up(&self) {
        self.hung_up.store(true, SeqCst);
    }

    fn now(&self) -> u64 {
        self.epoch.elapsed().as_millis() as u64
    }

    /// A command is taken: it is the running one from now.
    fn take(&self, bytes: usize) {
        self.queued_bytes.fetch_sub(bytes, SeqCst);
        self.taken.fetch_add(1, SeqCst);
        self.taken_at.store(self.now(), SeqCst);
    }

    /// `quit` or the end of input has been read: a hang-up if the running command began
    /// long enough ago.
    fn last_word(&self) {
        let running_for = self.now().saturating_sub(self.taken_at.load(SeqCst));
        if self.taken.load(SeqCst) > 0 && running_for >= HANG_UP_GAP.as_millis() as u64 {
            log::debug!("the controller went away after {running_for} ms: searches stop");
            self.hang_up();
        }
    }
}

fn is_quit(command: &str) -> bool {
    parse_command_line(command).is_ok_and(|c| c.name == "quit")
}

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

/// GoGui's interrupt: a comment line of its own, not a command.
fn is_interrupt(line: &[u8]) -> bool {
    line.trim_ascii() == b"# interrupt"
}

/// The reader thread: queues every command and raises the signals. Ends at the end of the
/// input, on a read error, or when the engine has stopped listening.
fn read_commands(mut input: impl BufRead, commands: mpsc::SyncSender<String>, signals: &Signals) {
    let mut line = Vec::new();
    while let Ok(true) = read_line(&mut input, &mut line) {
        if is_interrupt(&line) {
            log::debug!("interrupt");
            signals
                .interrupted_at
                .store(signals.read.load(SeqCst), SeqCst);
            continue;
        }
        let Some(command) = preprocess(&line) else {
            continue;
        };
        if !wait_for_room(signals, command.len()) {
            break;
        }
        let quit = is_quit(&command);
        signals.queued_bytes.fetch_add(command.len(), SeqCst);
        signals.read.fetch_add(1, SeqCst);
        if commands.send(command).is_err() {
            break;
        }
        if quit {
            signals.last_word();
        }
    }
    signals.last_word();
    signals.closed.store(true, SeqCst);
}

/// Waits until `bytes` more fit in the read-ahead (a command always fits when nothing is
/// queued). False if the engine stopped taking commands meanwhile.
fn wait_for_room(signals: &Signals, bytes: usize) -> bool {
    loop {
        if signals.stopped.load(SeqCst) {
            return false;
        }
        let queued = signals.queued_bytes.load(SeqCst);
        if queued == 0 || queued + bytes <= READ_AHEAD_BYTES {
            return true;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Serves GTP until `quit` or the end of input. With pondering on, the engine searches on
/// the opponent's time between its own move and the next command.
pub fn serve(
    engine: &mut Engine,
    input: impl BufRead + Send + 'static,
    mut output: impl Write,
) -> io::Result<()> {
    let signals = engine.signals();
    signals.closed.store(false, SeqCst);
    signals.stopped.store(false, SeqCst);
    signals.queued_bytes.store(0, SeqCst);
    signals.hung_up.store(false, SeqCst);
    let (sender, commands) = mpsc::sync_channel(READ_AHEAD);
    let reader_signals = Arc::clone(&signals);
    // Not joined: at `quit` the reader may be blocked on a read that never returns, and the
    // process ends anyway.
    std::thread::Builder::new()
        .name("gtp-input".into())
        .spawn(move || read_commands(input, sender, &reader_signals))?;
    let served = take_commands(engine, commands, &mut output, &signals);
    signals.stopped.store(true, SeqCst);
    served
}

/// `serve` on the process's stdin and stdout, watching stdout: when the controller closes
/// its end, the search stops instead of running on for nobody.
pub fn serve_stdio(engine: &mut Engine) -> io::Result<()> {
    let signals = engine.signals();
    std::thread::Builder::new()
        .name("gtp-output".into())
        .spawn(move || watch_output(&signals))?;
    serve(engine, io::BufReader::new(io::stdin()), io::stdout().lock())
}

/// Waits until stdout's reader is gone (then hangs up) or the engine stops.
#[cfg(unix)]
fn watch_output(signals: &Signals) {
    let mut watched = libc::pollfd {
        fd: libc::STDOUT_FILENO,
        events: 0, // errors and hang-ups are always reported
        revents: 0,
    };
    while !signals.stopped.load(SeqCst) {
        // SAFETY: one valid pollfd, for the length given.
        let ready = unsafe { libc::poll(&mut watched, 1, 50) };
        if ready > 0 && watched.revents & (libc::POLLERR | libc::POLLHUP) != 0 {
            log::debug!("stdout closed: searches stop");
            signals.hang_up();
            return;
        }
        if ready < 0 || watched.revents & libc::POLLNVAL != 0 {
            return;
        }
    }
}

#[cfg(not(unix))]
fn watch_output(_: &Signals) {}

/// Answers the commands in order until `quit` or the end of input.
fn take_commands(
    engine: &mut Engine,
    commands: mpsc::Receiver<String>,
    output: &mut impl Write,
    signals: &Signals,
) -> io::Result<()> {
    for command in commands {
        signals.take(command.len());
        log::trace!("<< {command}");
        engine.respond(&command, output)?;
        output.flush()?;
        if engine.quit_requested() {
            break;
        }
        if !signals.input_waiting() {
            engine.ponder();
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fifty lines of a megabyte behind a command that is not taken: the reader stops at the
    /// byte bound, and goes on as the commands are taken.
    #[test]
    fn the_read_ahead_is_bounded_in_bytes() {
        let line = format!("name {}\n", "x".repeat(1 << 20));
        let input = std::io::Cursor::new(line.repeat(50).into_bytes());
        let signals = Arc::new(Signals::default());
        signals.closed.store(false, SeqCst);
        let (sender, commands) = mpsc::sync_channel(READ_AHEAD);
        let reader = Arc::clone(&signals);
        let thread = std::thread::spawn(move || read_commands(input, sender, &reader));
        std::thread::sleep(Duration::from_millis(300));
        assert!(signals.queued_bytes.load(SeqCst) <= READ_AHEAD_BYTES);
        assert!(signals.read.load(SeqCst) < 50, "all read ahead");
        let mut taken = 0;
        for command in commands {
            signals.queued_bytes.fetch_sub(command.len(), SeqCst);
            taken += 1;
        }
        thread.join().unwrap();
        assert_eq!(taken, 50);
    }

    #[test]
    fn an_interrupt_stops_only_the_command_it_came_after() {
        let signals = Signals::default();
        signals.closed.store(false, SeqCst);
        // Two commands read, the first running: the second waits.
        signals.read.store(2, SeqCst);
        signals.taken.store(1, SeqCst);
        assert!(signals.input_waiting());
        // The second runs; GoGui interrupts it.
        signals.taken.store(2, SeqCst);
        assert!(!signals.input_waiting() && !signals.interrupted());
        signals
            .interrupted_at
            .store(signals.read.load(SeqCst), SeqCst);
        assert!(signals.interrupted());
        // The next command is not interrupted.
        signals.read.store(3, SeqCst);
        signals.taken.store(3, SeqCst);
        assert!(!signals.interrupted());
        signals.closed.store(true, SeqCst);
        assert!(signals.input_waiting(), "the end of input ends an analysis");
    }

    #[test]
    fn the_interrupt_line_is_recognised_with_any_spacing() {
        assert!(is_interrupt(b"# interrupt"));
        assert!(is_interrupt(b"  # interrupt\r"));
        assert!(!is_interrupt(b"# interrupted"));
        assert!(!is_interrupt(b"genmove b # interrupt"));
    }
}
