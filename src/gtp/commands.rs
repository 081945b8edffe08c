//! The command table: one entry per command, in the order `list_commands` gives. It drives
//! dispatch, `list_commands` and `known_command`, so a command exists exactly when it is here.

use super::Engine;
use super::analyze::Dialect;
use super::args::expect_args;
use super::error::Reply;

pub(super) struct Command {
    pub name: &'static str,
    pub run: Run,
}

pub(super) enum Run {
    /// Answers at once.
    Reply(fn(&mut Engine, &[&str]) -> Reply),
    /// Streams analysis lines until it ends (`genmove`: the search is a move search whose move
    /// is played).
    Stream { dialect: Dialect, genmove: bool },
}

const fn reply(name: &'static str, run: fn(&mut Engine, &[&str]) -> Reply) -> Command {
    Command {
        name,
        run: Run::Reply(run),
    }
}

const fn stream(name: &'static str, dialect: Dialect, genmove: bool) -> Command {
    Command {
        name,
        run: Run::Stream { dialect, genmove },
    }
}

pub(super) const COMMANDS: &[Command] = &[
    reply("protocol_version", |_, _| Ok("2".into())),
    reply("name", |_, _| Ok("tengen".into())),
    reply("version", |e, _| Ok(e.version())),
    reply("known_command", Engine::known_command),
    reply("list_commands", Engine::list_commands),
    reply("quit", Engine::quit),
    reply("boardsize", Engine::boardsize),
    reply("clear_board", Engine::clear_board),
    reply("komi", Engine::komi),
    reply("play", Engine::play),
    reply("genmove", Engine::genmove),
    reply("reg_genmove", Engine::reg_genmove),
    reply("kgs-genmove_cleanup", Engine::kgs_genmove_cleanup),
    reply("kgs-rules", Engine::kgs_rules),
    reply("kgs-game_over", |_, _| Ok(String::new())),
    reply("undo", Engine::undo),
    reply("showboard", Engine::showboard),
    reply("fixed_handicap", Engine::fixed_handicap),
    reply("place_free_handicap", Engine::place_free_handicap),
    reply("set_free_handicap", Engine::set_free_handicap),
    reply("final_score", Engine::final_score),
    reply("final_status_list", Engine::final_status_list),
    reply("list_stones", Engine::list_stones),
    reply("is_legal", Engine::is_legal),
    reply("time_settings", Engine::time_settings),
    reply("kgs-time_settings", Engine::kgs_time_settings),
    reply("time_left", Engine::time_left),
    reply("cputime", Engine::cputime),
    reply("loadsgf", Engine::loadsgf),
    reply("printsgf", Engine::printsgf),
    reply("gogui-interrupt", |_, _| Ok(String::new())),
    stream("lz-analyze", Dialect::Leela, false),
    stream("analyze", Dialect::Leela, false),
    stream("kata-analyze", Dialect::Kata, false),
    stream("lz-genmove_analyze", Dialect::Leela, true),
    stream("genmove_analyze", Dialect::Leela, true),
    stream("kata-genmove_analyze", Dialect::Kata, true),
    reply("gogui-analyze_commands", Engine::gogui_analyze_commands),
    reply("tengen-ownership", Engine::ownership),
    reply("tengen-visits", Engine::visits),
    reply("tengen-winrates", Engine::winrates),
    reply("tengen-pv", Engine::pv),
    reply("tengen-param", Engine::param),
    reply("tengen-superko", Engine::superko),
    reply("tengen-level", Engine::level),
];

/// The table's entry for a command name.
pub(super) fn find(name: &str) -> Option<&'static Command> {
    COMMANDS.iter().find(|c| c.name == name)
}

impl Engine {
    /// `known_command name`: `true` for the commands of the table, `false` otherwise.
    fn known_command(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 1..=1)?;
        Ok(find(args[0]).is_some().to_string())
    }

    /// `list_commands`: the table's commands, one a line.
    fn list_commands(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 0..=0)?;
        let names: Vec<&str> = COMMANDS.iter().map(|c| c.name).collect();
        Ok(names.join("\n"))
    }
}
