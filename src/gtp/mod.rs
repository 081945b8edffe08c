//! The GTP version 2 engine side: one command table drives dispatch, `list_commands` and
//! `known_command`. Every handler parses its own typed arguments and either answers or fails
//! with the spec's error words; a failing command changes nothing.

mod analyze;
pub mod client;
mod gogui;
pub mod io;
pub mod parse;

use crate::board::{Board, Color, Move, Point};
use crate::clock::{TimeLeft, TimeSystem};
use crate::game::handicap::{fixed_handicap_points, max_fixed_handicap};
use crate::game::score::{self, GameResult};
use crate::game::{DEFAULT_KOMI, Game, Superko};
use crate::player::{Decision, Player, Settings};
use crate::playout::status::{self, Status};
use crate::sgf::{self, GameInfo};
use analyze::Dialect;
use io::Signals;
use parse::MoveName;
use std::path::PathBuf;
use std::sync::Arc;

/// Settings given on the command line.
#[derive(Clone, Debug)]
pub struct Config {
    pub superko: Superko,
    /// A folder where every game that ends by two passes is saved as SGF.
    pub save_games: Option<PathBuf>,
    /// Search on the opponent's time, from the engine's move until the next command.
    pub ponder: bool,
    /// GoGui's live graphics on stderr while `genmove` thinks.
    pub live_gfx: bool,
    pub player: Settings,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            superko: Superko::Situational,
            save_games: None,
            ponder: false,
            live_gfx: false,
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

/// A handler's answer: the response text, or the error message.
type Reply = Result<String, String>;

struct Command {
    name: &'static str,
    run: Run,
}

enum Run {
    /// Answers at once.
    Reply(fn(&mut Engine, &[&str]) -> Reply),
    /// Streams analysis lines until it ends: the function only checks the arguments.
    Stream(fn(&Engine, &[&str]) -> Result<analyze::Request, String>),
}

/// The command table, in the order `list_commands` gives.
const COMMANDS: &[Command] = &[
    Command {
        name: "protocol_version",
        run: Run::Reply(|_, _| Ok("2".into())),
    },
    Command {
        name: "name",
        run: Run::Reply(|_, _| Ok("tengen".into())),
    },
    Command {
        name: "version",
        run: Run::Reply(|_, _| Ok(env!("CARGO_PKG_VERSION").into())),
    },
    Command {
        name: "known_command",
        run: Run::Reply(Engine::known_command),
    },
    Command {
        name: "list_commands",
        run: Run::Reply(Engine::list_commands),
    },
    Command {
        name: "quit",
        run: Run::Reply(Engine::quit),
    },
    Command {
        name: "boardsize",
        run: Run::Reply(Engine::boardsize),
    },
    Command {
        name: "clear_board",
        run: Run::Reply(Engine::clear_board),
    },
    Command {
        name: "komi",
        run: Run::Reply(Engine::komi),
    },
    Command {
        name: "play",
        run: Run::Reply(Engine::play),
    },
    Command {
        name: "genmove",
        run: Run::Reply(Engine::genmove),
    },
    Command {
        name: "reg_genmove",
        run: Run::Reply(Engine::reg_genmove),
    },
    Command {
        name: "kgs-genmove_cleanup",
        run: Run::Reply(Engine::kgs_genmove_cleanup),
    },
    Command {
        name: "kgs-rules",
        run: Run::Reply(Engine::kgs_rules),
    },
    Command {
        name: "kgs-game_over",
        run: Run::Reply(|_, _| Ok(String::new())),
    },
    Command {
        name: "undo",
        run: Run::Reply(Engine::undo),
    },
    Command {
        name: "showboard",
        run: Run::Reply(Engine::showboard),
    },
    Command {
        name: "fixed_handicap",
        run: Run::Reply(Engine::fixed_handicap),
    },
    Command {
        name: "place_free_handicap",
        run: Run::Reply(Engine::place_free_handicap),
    },
    Command {
        name: "set_free_handicap",
        run: Run::Reply(Engine::set_free_handicap),
    },
    Command {
        name: "final_score",
        run: Run::Reply(Engine::final_score),
    },
    Command {
        name: "final_status_list",
        run: Run::Reply(Engine::final_status_list),
    },
    Command {
        name: "list_stones",
        run: Run::Reply(Engine::list_stones),
    },
    Command {
        name: "is_legal",
        run: Run::Reply(Engine::is_legal),
    },
    Command {
        name: "time_settings",
        run: Run::Reply(Engine::time_settings),
    },
    Command {
        name: "kgs-time_settings",
        run: Run::Reply(Engine::kgs_time_settings),
    },
    Command {
        name: "time_left",
        run: Run::Reply(Engine::time_left),
    },
    Command {
        name: "cputime",
        run: Run::Reply(Engine::cputime),
    },
    Command {
        name: "loadsgf",
        run: Run::Reply(Engine::loadsgf),
    },
    Command {
        name: "printsgf",
        run: Run::Reply(Engine::printsgf),
    },
    Command {
        name: "gogui-interrupt",
        run: Run::Reply(|_, _| Ok(String::new())),
    },
    Command {
        name: "lz-analyze",
        run: Run::Stream(|e, args| e.analysis_request(args, Dialect::Leela, false)),
    },
    Command {
        name: "analyze",
        run: Run::Stream(|e, args| e.analysis_request(args, Dialect::Leela, false)),
    },
    Command {
        name: "kata-analyze",
        run: Run::Stream(|e, args| e.analysis_request(args, Dialect::Kata, false)),
    },
    Command {
        name: "lz-genmove_analyze",
        run: Run::Stream(|e, args| e.analysis_request(args, Dialect::Leela, true)),
    },
    Command {
        name: "genmove_analyze",
        run: Run::Stream(|e, args| e.analysis_request(args, Dialect::Leela, true)),
    },
    Command {
        name: "kata-genmove_analyze",
        run: Run::Stream(|e, args| e.analysis_request(args, Dialect::Kata, true)),
    },
    Command {
        name: "gogui-analyze_commands",
        run: Run::Reply(Engine::gogui_analyze_commands),
    },
    Command {
        name: "tengen-ownership",
        run: Run::Reply(Engine::ownership),
    },
    Command {
        name: "tengen-visits",
        run: Run::Reply(Engine::visits),
    },
    Command {
        name: "tengen-winrates",
        run: Run::Reply(Engine::winrates),
    },
    Command {
        name: "tengen-pv",
        run: Run::Reply(Engine::pv),
    },
    Command {
        name: "tengen-param",
        run: Run::Reply(Engine::param),
    },
    Command {
        name: "tengen-superko",
        run: Run::Reply(Engine::superko),
    },
];

const SYNTAX_ERROR: &str = "syntax error";
const ILLEGAL_MOVE: &str = "illegal move";

fn syntax_error<T>() -> Result<T, String> {
    Err(SYNTAX_ERROR.to_string())
}

/// Checks the argument count.
fn expect_args(args: &[&str], range: std::ops::RangeInclusive<usize>) -> Result<(), String> {
    if range.contains(&args.len()) {
        Ok(())
    } else {
        syntax_error()
    }
}

fn color_arg(arg: &str) -> Result<Color, String> {
    parse::color(arg).ok_or_else(|| SYNTAX_ERROR.to_string())
}

fn move_arg(arg: &str) -> Result<MoveName, String> {
    parse::move_name(arg).ok_or_else(|| SYNTAX_ERROR.to_string())
}

fn int_arg(arg: &str) -> Result<usize, String> {
    parse::int(arg).ok_or_else(|| SYNTAX_ERROR.to_string())
}

/// A number of seconds; GTP writes integers, some controllers send decimals or negatives
/// (the clock clamps those).
fn seconds_arg(arg: &str) -> Result<f64, String> {
    parse::float(arg).ok_or_else(|| SYNTAX_ERROR.to_string())
}

fn count_arg(arg: &str) -> Result<u32, String> {
    int_arg(arg)?
        .try_into()
        .map_err(|_| SYNTAX_ERROR.to_string())
}

/// CPU seconds this process has used (user and system), from /proc (Linux counts in
/// hundredths of a second there).
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name, which is in parentheses: utime and stime are 12th and 13th.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn vertex_list(board: &Board, points: &[Point]) -> String {
    points
        .iter()
        .map(|&p| board.point_name(p))
        .collect::<Vec<_>>()
        .join(" ")
}

impl Engine {
    pub fn new(config: Config) -> Engine {
        let signals = Arc::new(Signals::default());
        let mut player = Player::new(config.player.clone());
        let interrupt = Arc::clone(&signals);
        player.set_interrupt(Arc::new(move || interrupt.interrupted()));
        Engine {
            game: Game::new(19, DEFAULT_KOMI, config.superko),
            player,
            info: GameInfo::default(),
            config,
            saved: 0,
            quit: false,
            signals,
            ponder_next: false,
        }
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
            Err(id) => return out.write_all(format_response(id, syntax_error()).as_bytes()),
        };
        let reply = match COMMANDS.iter().find(|c| c.name == cmd.name).map(|c| &c.run) {
            Some(Run::Reply(run)) => run(self, &cmd.args),
            Some(Run::Stream(check)) => match check(self, &cmd.args) {
                Ok(request) => return self.stream(cmd.id, &request, out),
                Err(e) => Err(e),
            },
            None => Err("unknown command".into()),
        };
        out.write_all(format_response(cmd.id, reply).as_bytes())
    }

    /// `respond`, into a string.
    pub fn execute(&mut self, line: &str) -> String {
        let mut out = Vec::new();
        self.respond(line, &mut out)
            .expect("writing to memory works");
        String::from_utf8(out).expect("responses are UTF-8")
    }

    fn analysis_request(
        &self,
        args: &[&str],
        dialect: Dialect,
        genmove: bool,
    ) -> Result<analyze::Request, String> {
        analyze::parse_request(args, self.game.to_move(), dialect, genmove)
    }

    fn known_command(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 1..=1)?;
        Ok(COMMANDS.iter().any(|c| c.name == args[0]).to_string())
    }

    fn list_commands(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 0..=0)?;
        Ok(COMMANDS
            .iter()
            .map(|c| c.name)
            .collect::<Vec<_>>()
            .join("\n"))
    }

    fn quit(&mut self, _: &[&str]) -> Reply {
        self.quit = true;
        Ok(String::new())
    }

    /// `boardsize N` or `boardsize N N` (gtp2ogs); a new size clears the board.
    fn boardsize(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 1..=2)?;
        let sizes = args
            .iter()
            .map(|a| int_arg(a))
            .collect::<Result<Vec<_>, _>>()?;
        let size = sizes[0];
        let square = sizes.iter().all(|&s| s == size);
        if !square || !(crate::board::MIN_SIZE..=crate::board::MAX_SIZE).contains(&size) {
            return Err("unacceptable size".into());
        }
        self.game = Game::new(size, self.game.komi(), self.game.superko());
        self.player.new_game();
        self.info = GameInfo::default();
        Ok(String::new())
    }

    fn clear_board(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 0..=0)?;
        self.game.clear();
        self.player.new_game();
        self.info = GameInfo::default();
        Ok(String::new())
    }

    fn komi(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 1..=1)?;
        let komi = parse::float(args[0]).ok_or(SYNTAX_ERROR)?;
        self.game.set_komi(komi);
        Ok(String::new())
    }

    /// The move a `play`-style command names; off-board vertices are illegal moves.
    fn color_and_move(&self, args: &[&str]) -> Result<(Color, Move), String> {
        expect_args(args, 2..=2)?;
        let color = color_arg(args[0])?;
        let mv = move_arg(args[1])?
            .on(self.game.board())
            .ok_or(ILLEGAL_MOVE)?;
        Ok((color, mv))
    }

    fn play(&mut self, args: &[&str]) -> Reply {
        let (color, mv) = self.color_and_move(args)?;
        self.game.play(color, mv).map_err(|e| {
            log::debug!("play {} {}: {e:?}", color.name(), args[1]);
            ILLEGAL_MOVE.to_string()
        })?;
        self.after_move();
        Ok(String::new())
    }

    /// After a move: a loaded record's result no longer holds, and two passes end the game.
    fn after_move(&mut self) {
        self.info.result = None;
        if self.game.is_over() {
            self.game_over();
        }
    }

    fn is_legal(&mut self, args: &[&str]) -> Reply {
        let legal = match self.color_and_move(args) {
            Ok((color, mv)) => self.game.check_move(color, mv).is_ok(),
            Err(e) if e == ILLEGAL_MOVE => false,
            Err(e) => return Err(e),
        };
        Ok(if legal { "1" } else { "0" }.into())
    }

    fn undo(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 0..=0)?;
        if self.game.undo() {
            Ok(String::new())
        } else {
            Err("cannot undo".into())
        }
    }

    fn showboard(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 0..=0)?;
        let result = self.game.is_over().then(|| self.result());
        Ok(format!("\n{}", show_board(&self.game, result)))
    }

    fn handicap_count(&self, args: &[&str]) -> Result<usize, String> {
        expect_args(args, 1..=1)?;
        let n = int_arg(args[0])?;
        if !self.game.board().is_board_empty() || !self.game.steps().is_empty() {
            return Err("board not empty".into());
        }
        Ok(n)
    }

    fn fixed_handicap(&mut self, args: &[&str]) -> Reply {
        let n = self.handicap_count(args)?;
        let board = self.game.board();
        let points = fixed_handicap_points(board, n).ok_or("invalid number of stones")?;
        self.place_handicap(&points)
    }

    /// Fixed placement as far as it goes, then the remaining points row by row from the
    /// centre outwards.
    fn place_free_handicap(&mut self, args: &[&str]) -> Reply {
        let n = self.handicap_count(args)?;
        let board = self.game.board();
        let size = board.size();
        if n < 2 || n >= size * size {
            return Err("invalid number of stones".into());
        }
        let mut points =
            fixed_handicap_points(board, n.min(max_fixed_handicap(size))).unwrap_or_default();
        let centre = (size - 1) as isize;
        let mut rest: Vec<Point> = board.points().filter(|p| !points.contains(p)).collect();
        rest.sort_by_key(|&p| {
            let (c, r) = board.coords(p);
            (2 * c as isize - centre)
                .abs()
                .max((2 * r as isize - centre).abs())
        });
        points.extend(rest.into_iter().take(n - points.len()));
        self.place_handicap(&points)
    }

    fn set_free_handicap(&mut self, args: &[&str]) -> Reply {
        if args.is_empty() {
            return syntax_error();
        }
        if !self.game.board().is_board_empty() || !self.game.steps().is_empty() {
            return Err("board not empty".into());
        }
        let board = self.game.board();
        let mut points = Vec::new();
        for arg in args {
            match move_arg(arg)?.on(board) {
                Some(Move::Play(p)) if !points.contains(&p) => points.push(p),
                _ => return Err("bad vertex list".into()),
            }
        }
        if points.len() < 2 || points.len() >= board.size() * board.size() {
            return Err("bad vertex list".into());
        }
        self.place_handicap(&points).map(|_| String::new())
    }

    fn place_handicap(&mut self, points: &[Point]) -> Reply {
        if !self.game.place_handicap(points) {
            return Err("bad vertex list".into());
        }
        Ok(vertex_list(self.game.board(), points))
    }

    /// The count with the dead stones removed, as the player judges them.
    fn result(&mut self) -> GameResult {
        let judgement = self.player.judgement(&self.game);
        status::final_result(&self.game, judgement)
    }

    /// `genmove colour`: the engine's move, played; `pass` or `resign` (lower case).
    fn genmove(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 1..=1)?;
        let color = color_arg(args[0])?;
        self.ponder_next = true;
        let decision = if self.config.live_gfx {
            self.genmove_with_live_gfx(color)
        } else {
            self.player.genmove(&self.game, color)
        };
        let mv = match decision {
            Decision::Resign => return Ok("resign".into()),
            Decision::Play(mv) => mv,
        };
        self.play_own_move(color, mv)
    }

    /// Plays a move the engine chose and answers it. The search offers only moves that repeat
    /// no arrangement of stones; this checks all the same and passes rather than break a rule.
    fn play_own_move(&mut self, color: Color, mv: Move) -> Reply {
        let mv = if self.game.check_own_move(color, mv).is_ok() {
            mv
        } else {
            log::error!("the engine chose an illegal move {mv:?}; passing instead");
            Move::Pass
        };
        self.game
            .play(color, mv)
            .map_err(|e| format!("internal error: {e:?}"))?;
        self.after_move();
        Ok(self.game.board().move_name(mv))
    }

    /// `kgs-genmove_cleanup colour`: a move that captures the stones tengen judges dead before
    /// it passes (KGS uses it after a disagreement over dead stones).
    fn kgs_genmove_cleanup(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 1..=1)?;
        let color = color_arg(args[0])?;
        let mv = self.player.cleanup_move(&self.game, color);
        self.ponder_next = true;
        self.play_own_move(color, mv)
    }

    /// `kgs-rules name`: tengen always counts by the Chinese rules; other rule sets are
    /// accepted (kgsGtp ignores the answer) and logged.
    fn kgs_rules(&mut self, args: &[&str]) -> Reply {
        let name = args.first().ok_or(SYNTAX_ERROR)?;
        if !name.eq_ignore_ascii_case("chinese") {
            log::warn!(
                "kgs-rules {}: tengen keeps Chinese area counting",
                args.join(" ")
            );
        }
        Ok(String::new())
    }

    /// `reg_genmove colour`: the move `genmove` would choose, not played.
    fn reg_genmove(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 1..=1)?;
        let color = color_arg(args[0])?;
        let mv = self.player.reg_genmove(&self.game, color);
        Ok(self.game.board().move_name(mv))
    }

    /// Play ended by two passes: log the result for people and save the game if asked to.
    fn game_over(&mut self) {
        let result = self.result();
        log::info!(
            "result {result} ({}, {})",
            result.in_stones(),
            result.in_stones_chinese()
        );
        let Some(folder) = self.config.save_games.clone() else {
            return;
        };
        self.saved += 1;
        let name = format!(
            "tengen-{}-{}-{}.sgf",
            sgf::today(),
            std::process::id(),
            self.saved
        );
        let path = folder.join(name);
        if let Err(e) =
            std::fs::create_dir_all(&folder).and_then(|_| std::fs::write(&path, self.sgf_text()))
        {
            log::error!("cannot save {}: {e}", path.display());
        }
    }

    /// The game as SGF, with today's date unless the record had one, and the result once play
    /// has ended.
    fn sgf_text(&mut self) -> String {
        let mut info = self.info.clone();
        info.date.get_or_insert_with(sgf::today);
        if self.game.is_over() {
            info.result = Some(self.result().to_string());
        }
        sgf::write(&self.game, &info)
    }

    /// `printsgf [FILE]`: the game as SGF in the response, or written to FILE.
    fn printsgf(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 0..=1)?;
        let text = self.sgf_text();
        match args.first() {
            None => Ok(text),
            Some(path) => std::fs::write(path, text)
                .map(|_| String::new())
                .map_err(|e| format!("cannot save file: {e}")),
        }
    }

    fn final_score(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 0..=0)?;
        Ok(self.result().to_string())
    }

    /// Stones with the given status, one string per line as GNU Go answers.
    fn final_status_list(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 1..=1)?;
        let wanted = Status::from_name(args[0]).ok_or(SYNTAX_ERROR)?;
        let judgement = self.player.judgement(&self.game);
        let board = self.game.board();
        let stones = judgement.stones_with(board, wanted);
        let mut strings: Vec<Vec<Point>> = Vec::new();
        for &p in &stones {
            if !strings.iter().any(|s| s.contains(&p)) {
                let mut string: Vec<Point> = board.string_stones(p).collect();
                string.sort_unstable();
                strings.push(string);
            }
        }
        strings.sort();
        let lines: Vec<String> = strings.iter().map(|s| vertex_list(board, s)).collect();
        Ok(lines.join("\n"))
    }

    fn list_stones(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 1..=1)?;
        let color = color_arg(args[0])?;
        let board = self.game.board();
        let stones: Vec<Point> = board
            .points()
            .filter(|&p| board.stone(p) == Some(color))
            .collect();
        Ok(vertex_list(board, &stones))
    }

    /// `loadsgf FILE [N | vertex]`: the position before move N or before the first move at the
    /// vertex; answers the colour to move. A failure leaves the game as it was.
    fn loadsgf(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 1..=2)?;
        let until = match args.get(1) {
            None => sgf::Until::End,
            Some(arg) => match (parse::int(arg), parse::move_name(arg)) {
                (Some(n), _) => sgf::Until::MoveNumber(n),
                (_, Some(MoveName::Vertex(v))) => {
                    let board = Board::new(crate::board::MAX_SIZE);
                    let p = board.point_from_name(v.letter, v.row).ok_or(SYNTAX_ERROR)?;
                    let (col, row) = board.coords(p);
                    sgf::Until::Vertex(col, row)
                }
                _ => return syntax_error(),
            },
        };
        let bytes =
            read_limited(args[0], MAX_SGF_BYTES).map_err(|e| format!("cannot load file: {e}"))?;
        let text = sgf::decode(&bytes);
        let trees = sgf::parse(&text).map_err(|e| format!("cannot load file: {e}"))?;
        let tree = trees.first().ok_or("cannot load file: no game")?;
        let record = sgf::load(tree, until, self.game.komi(), self.game.superko())
            .map_err(|e| format!("cannot load file: {e}"))?;
        self.game = record.game;
        self.player.new_game();
        self.info = record.info;
        Ok(self.game.to_move().name().into())
    }

    /// `time_settings main_time byo_yomi_time byo_yomi_stones` (Canadian; `0 x 0` is no limit).
    /// It may come again at any time and simply resets the clock.
    fn time_settings(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 3..=3)?;
        let system = TimeSystem::from_gtp(
            seconds_arg(args[0])?,
            seconds_arg(args[1])?,
            count_arg(args[2])?,
        );
        self.player.clock.set(system);
        Ok(String::new())
    }

    /// `kgs-time_settings none | absolute M | byoyomi M T P | canadian M T S`.
    fn kgs_time_settings(&mut self, args: &[&str]) -> Reply {
        let system = TimeSystem::from_kgs(args).ok_or(SYNTAX_ERROR)?;
        self.player.clock.set(system);
        Ok(String::new())
    }

    /// `time_left colour seconds stones`: under KGS byo-yomi the third number is the periods
    /// left (0 in main time).
    fn time_left(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 3..=3)?;
        let color = color_arg(args[0])?;
        let left = TimeLeft {
            seconds: seconds_arg(args[1])?.max(0.0),
            count: count_arg(args[2])?,
        };
        self.player.clock.left[color.index()] = Some(left);
        Ok(String::new())
    }

    /// `cputime`: CPU seconds used by the engine, as gogui-twogtp reads it.
    fn cputime(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 0..=0)?;
        Ok(format!("{:.3}", cpu_seconds().unwrap_or(0.0)))
    }

    /// `tengen-superko [situational|positional]`: shows or sets the repetition rule of `play`.
    fn superko(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 0..=1)?;
        if let Some(name) = args.first() {
            let kind = Superko::from_name(name).ok_or(SYNTAX_ERROR)?;
            self.game.set_superko(kind);
            self.config.superko = kind;
        }
        Ok(self.game.superko().name().into())
    }
}

/// SGF files larger than this are refused (a real record is a few kilobytes; `/dev/zero` is not).
const MAX_SGF_BYTES: u64 = 64 << 20;

/// Reads at most `limit` bytes of a file; a longer file is an error.
fn read_limited(path: &str, limit: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(limit + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(std::io::Error::other("file too large"));
    }
    Ok(bytes)
}

/// `=id text` or `?id message`, then the empty line. A response never contains an empty line
/// of its own (that would end it early).
fn format_response(id: Option<&str>, reply: Reply) -> String {
    let (mark, text) = match reply {
        Ok(text) => ('=', text),
        Err(message) => ('?', message),
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

/// The board as text, with the side to move, komi, prisoners, and the result once play ended.
fn show_board(game: &Game, result: Option<GameResult>) -> String {
    let board = game.board();
    let size = board.size();
    let letters: Vec<String> = (0..size)
        .map(|c| board.point_name(board.point(c, 0))[..1].to_string())
        .collect();
    let letters = letters.join(" ");
    let stars = fixed_handicap_points(board, max_fixed_handicap(size)).unwrap_or_default();
    let mut lines = vec![format!("   {letters}")];
    for row in (0..size).rev() {
        let mut line = format!("{:>2} ", row + 1);
        for col in 0..size {
            let p = board.point(col, row);
            line.push(match board.stone(p) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None if stars.contains(&p) => '+',
                None => '.',
            });
            line.push(' ');
        }
        lines.push(format!("{line}{}", row + 1));
    }
    lines.push(format!("   {letters}"));
    let komi_sign = if game.komi() < 0.0 { "-" } else { "" };
    let komi_stones = score::stones_text(game.komi().abs() / 2.0);
    let to_move = if game.to_move() == Color::Black {
        "Black"
    } else {
        "White"
    };
    lines.push(format!(
        "{to_move} to move. Komi {} ({komi_sign}{komi_stones} stones). Handicap {}. Prisoners: black {}, white {}.",
        game.komi(),
        game.handicap(),
        board.prisoners(Color::Black),
        board.prisoners(Color::White),
    ));
    if let Some(result) = result {
        lines.push(format!(
            "Game over: {result} = {} ({})",
            result.in_stones(),
            result.in_stones_chinese()
        ));
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests;
