//! The GTP version 2 engine side. The command table (`commands`) drives dispatch,
//! `list_commands` and `known_command`; the handlers live in `handlers`, grouped as the spec
//! groups the commands; every handler parses its own typed arguments (`args`) and either
//! answers or fails with a `GtpError` in the spec's words; `response` frames every answer. A
//! failing command changes nothing.

mod analyze;
mod args;
pub mod client;
mod commands;
pub mod error;
mod gogui;
mod handlers;
pub mod io;
pub mod parse;
mod response;

use crate::game::{DEFAULT_KOMI, Game, Superko};
use crate::player::{Player, Settings};
use crate::sgf::GameInfo;
use commands::Run;
pub use error::{GtpError, Reply};
use io::Signals;
use std::path::PathBuf;
use std::sync::Arc;

/// Settings given on the command line.
#[derive(Clone, Debug)]
pub struct Config {
    pub superko: Superko,
    /// Board size and komi of the first game, until `boardsize` and `komi` change them.
    pub size: usize,
    pub komi: f64,
    /// A folder where every game that ends by two passes is saved as SGF.
    pub save_games: Option<PathBuf>,
    /// Search on the opponent's time, from the engine's move until the next command.
    pub ponder: bool,
    /// GoGui's live graphics on stderr while `genmove` thinks.
    pub live_gfx: bool,
    /// What `version` answers instead of tengen's own version (`--override-version`).
    pub version: Option<String>,
    pub player: Settings,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            superko: Superko::Situational,
            size: 19,
            komi: DEFAULT_KOMI,
            save_games: None,
            ponder: false,
            live_gfx: false,
            version: None,
            player: Settings::default(),
        }
    }
}

pub struct Engine {
    game: Game,
    player: Player,
    /// Players, date and result of a loaded record, written back by `printsgf`.
    info: GameInfo,
    config: Config,
    /// Games saved so far (part of the saved files' names).
    saved: usize,
    quit: bool,
    /// What the input tells a running command.
    signals: Arc<Signals>,
    /// The engine just moved: the opponent's time has begun.
    ponder_next: bool,
}

impl Engine {
    pub fn new(config: Config) -> Engine {
        let signals = Arc::new(Signals::default());
        let mut player = Player::new(config.player.clone());
        let interrupt = Arc::clone(&signals);
        player.set_interrupt(Arc::new(move || interrupt.stop_search()));
        Engine {
            game: Game::new(config.size, config.komi, config.superko),
            player,
            info: GameInfo::default(),
            config,
            saved: 0,
            quit: false,
            signals,
            ponder_next: false,
        }
    }

    /// What `version` answers: tengen's version, unless the command line overrides it.
    pub(crate) fn version(&self) -> String {
        self.config
            .version
            .clone()
            .unwrap_or_else(|| env!("CARGO_PKG_VERSION").into())
    }

    /// The signals the input loop raises for this engine.
    pub fn signals(&self) -> Arc<Signals> {
        Arc::clone(&self.signals)
    }

    /// With pondering on, right after the engine's own move: searches the opponent's
    /// position until the next command arrives, keeping the tree for the engine's reply.
    pub fn ponder(&mut self) {
        if !std::mem::take(&mut self.ponder_next) || !self.config.ponder || self.game.is_over() {
            return;
        }
        let signals = Arc::clone(&self.signals);
        self.player.search_until(
            &self.game,
            self.game.to_move(),
            Arc::new(move || signals.input_waiting()),
            None,
        );
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn quit_requested(&self) -> bool {
        self.quit
    }

    /// Runs one preprocessed command line and writes the full response: `=` or `?` line(s)
    /// and the empty line that ends it (analysis lines in between for the streaming ones).
    pub fn respond(&mut self, line: &str, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        let cmd = match parse::parse_command_line(line) {
            Ok(cmd) => cmd,
            Err(id) => {
                return out.write_all(response::format(id, Err(GtpError::Syntax)).as_bytes());
            }
        };
        let reply = match commands::find(cmd.name).map(|c| &c.run) {
            Some(Run::Reply(run)) => run(self, &cmd.args),
            Some(&Run::Stream { dialect, genmove }) => {
                let to_move = self.game.to_move();
                let board = self.game.board();
                match analyze::parse_request(&cmd.args, board, to_move, dialect, genmove) {
                    Ok(request) => return self.stream(cmd.id, &request, out),
                    Err(e) => Err(e),
                }
            }
            None => Err(GtpError::UnknownCommand),
        };
        out.write_all(response::format(cmd.id, reply).as_bytes())
    }

    /// `respond`, into a string.
    pub fn execute(&mut self, line: &str) -> String {
        let mut out = Vec::new();
        self.respond(line, &mut out)
            .expect("writing to memory works");
        String::from_utf8(out).expect("responses are UTF-8")
    }
}

#[cfg(test)]
mod tests;
