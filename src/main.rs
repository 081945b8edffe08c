//! The `tengen` command: GTP on stdin/stdout by default, plus the `bench`, `regress`, `match`,
//! `tournament` and `review` tools. `cli` defines the command line; this file dispatches.

mod cli;

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::FromArgMatches;
use cli::{Cli, FormatName, MatchOptions, RegressOptions, Tool, TournamentOptions};
use tengen::gtp::{Config, Engine, io::serve_stdio};
use tengen::tuning::Tuning;
use tengen::{bench, referee, regress};

fn run_gtp(config: Config) -> Result<(), String> {
    log::info!(
        "tengen {} starting with {config:?}",
        env!("CARGO_PKG_VERSION")
    );
    let mut engine = Engine::new(config);
    match serve_stdio(&mut engine) {
        // The controller going away is an ordinary end.
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(format!("I/O error: {e}")),
        _ => Ok(()),
    }
}

fn run_regress(options: RegressOptions) -> Result<bool, String> {
    let engine = match options.engine {
        Some(command) => shlex::split(&command).ok_or("--engine: unbalanced quotes")?,
        None => {
            let own = std::env::current_exe().map_err(|e| e.to_string())?;
            // A fixed seed: a suite gives the same answers run after run.
            vec![own.display().to_string(), "--seed".into(), "0".into()]
        }
    };
    regress::run_suites(&engine, &options.files)
}

fn run_event(event: referee::Event, merge: &[PathBuf]) -> Result<(), String> {
    let result = if merge.is_empty() {
        referee::run(&event)
    } else {
        referee::merge(&event, merge)
    };
    result.map(|_| ()).map_err(|e| e.to_string())
}

fn run_match(options: MatchOptions) -> Result<(), String> {
    let merge = options.event.merge.clone();
    let format = referee::Format::Match {
        games: options.games,
        alternate: !options.no_alternate,
    };
    let entrants = vec![options.engine1, options.engine2];
    run_event(
        cli::event(options.event, entrants, format, options.sprt)?,
        &merge,
    )
}

fn run_tournament(options: TournamentOptions) -> Result<(), String> {
    let merge = options.event.merge.clone();
    let n = options.engine.len();
    let format = match options.format {
        FormatName::Match => referee::Format::Match {
            games: options.games.unwrap_or(10),
            alternate: true,
        },
        FormatName::RoundRobin => referee::Format::RoundRobin { cycles: 1 },
        FormatName::DoubleRoundRobin => referee::Format::RoundRobin { cycles: 2 },
        FormatName::Knockout => referee::Format::Knockout {
            games: options.games.unwrap_or(1),
        },
        // Enough rounds for a clear winner by default: about log2 of the field, plus one.
        FormatName::Swiss => referee::Format::Swiss {
            rounds: options
                .rounds
                .map_or(n.next_power_of_two().trailing_zeros() as usize + 1, |r| {
                    r as usize
                }),
        },
    };
    run_event(
        cli::event(options.event, options.engine, format, None)?,
        &merge,
    )
}

/// Whether the command line asks for the list of `--tune` constants (`--tune help`, as
/// `rustc -C help` lists its codegen options).
fn asks_for_tune_help() -> bool {
    let args: Vec<String> = std::env::args().collect();
    args.windows(2).any(|w| w[0] == "--tune" && w[1] == "help")
        || args.iter().any(|a| a == "--tune=help")
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    if asks_for_tune_help() {
        println!("{}", Tuning::help());
        return ExitCode::SUCCESS;
    }
    let matches = cli::command().get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let outcome = match cli.tool {
        Some(Tool::Bench(o)) => {
            bench::run_all(o.seconds, o.rounds as usize);
            Ok(true)
        }
        Some(Tool::Regress(o)) => run_regress(o),
        Some(Tool::Match(o)) => run_match(o).map(|_| true),
        Some(Tool::Tournament(o)) => run_tournament(o).map(|_| true),
        Some(Tool::Review(o)) => tengen::review::run(&o.review()).map(|_| true),
        None => run_gtp(cli::engine_config(cli.engine, cli.gnugo, &matches)).map(|_| true),
    };
    match outcome {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("tengen: {message}");
            ExitCode::from(2)
        }
    }
}
