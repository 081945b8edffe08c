//! The `tengen` command: GTP on stdin/stdout by default, plus the `bench` and `regress` tools.

use std::io::{self, BufReader};
use std::path::PathBuf;
use std::process::ExitCode;

use tengen::clock::TimeSystem;
use tengen::game::Superko;
use tengen::gtp::{Config, Engine, io::serve};
use tengen::{bench, referee, regress};

const HELP: &str = "\
tengen: a Go engine for the Chinese rules that speaks GTP version 2 on stdin/stdout.

Usage:
  tengen [OPTIONS]                     speak GTP (logs go to stderr; set RUST_LOG=info or debug)
  tengen bench [--seconds S] [--rounds N]
                                       playout throughput on 9x9 and 19x19, one thread
  tengen regress [--engine 'CMD ARGS'] FILE.tst...
                                       run gogui-regress style suites (default engine: this tengen)
  tengen match --engine1 'CMD ARGS' --engine2 'CMD ARGS' [--games N] [--size N] [--komi K]
               [--sgf-dir DIR] [--max-moves N] [--clock 'byoyomi M T P' | 'canadian M T S' | ...]
                                       play a match, colours alternating (engine 1 is Black in
                                       odd games); prints each result and engine 1's win rate
                                       with a 95% confidence interval; with --clock both
                                       get that clock (kgs-time_settings, time_left before each
                                       move), overstepping it loses, and the slowest move is shown

Options:
  --threads N               search threads (default: every core)
  --playouts N              playouts per move (default: no limit, see --time)
  --time S                  seconds per move without a clock (default 5 when --playouts is not
                            given); time_settings or kgs-time_settings hand the decision to the
                            clock
  --lag S                   seconds of network and process overhead kept back from every
                            deadline of the clock (default 1)
  --max-tree-mb MB          memory for the search tree (default 512); a full tree stops growing
                            and the search goes on
  --resign-threshold P      resign when the win rate stays below P for 3 moves (default 0.1)
  --never-resign            never resign
  --seed N                  seed of every random choice (default 0); with --threads 1 and
                            --playouts, the same seed gives the same moves
  --ponder                  search on the opponent's time, from tengen's move until the next
                            command arrives (the reply then starts from that search)
  --save-games DIR          save every game that ends by two passes as SGF in DIR
  --superko situational|positional
                            repetition rule of `play` (default situational, the rules' reading);
                            the engine's own moves never repeat any earlier position either way
  -h, --help                this text
  -V, --version             the version
";

/// Takes the value after an option, or explains what is missing.
fn value<'a>(
    args: &mut impl Iterator<Item = &'a String>,
    option: &str,
) -> Result<&'a String, String> {
    args.next().ok_or_else(|| format!("{option} needs a value"))
}

/// Parses a number option's value.
fn number<T: std::str::FromStr>(v: &str, option: &str) -> Result<T, String> {
    v.parse()
        .map_err(|_| format!("{option}: not a valid number: {v}"))
}

fn parse_config(args: &[String]) -> Result<Config, String> {
    let mut config = Config::default();
    let player = &mut config.player;
    let (mut playouts, mut time) = (None, None);
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let option = arg.as_str();
        match option {
            "--never-resign" => player.never_resign = true,
            "--ponder" => config.ponder = true,
            "--seed" => player.seed = number(value(&mut args, option)?, option)?,
            "--threads" => {
                player.threads = number::<usize>(value(&mut args, option)?, option)?.max(1)
            }
            "--playouts" => playouts = Some(number::<u64>(value(&mut args, option)?, option)?),
            "--time" => {
                time = Some(number::<f64>(value(&mut args, option)?, option)?).filter(|t| *t > 0.0)
            }
            "--max-tree-mb" => {
                player.max_tree_mb = number::<usize>(value(&mut args, option)?, option)?.max(1)
            }
            "--lag" => player.lag = number::<f64>(value(&mut args, option)?, option)?.max(0.0),
            "--resign-threshold" => {
                player.resign_threshold = number(value(&mut args, option)?, option)?
            }
            "--save-games" => config.save_games = Some(value(&mut args, option)?.into()),
            "--superko" => {
                let v = value(&mut args, option)?;
                config.superko =
                    Superko::from_name(v).ok_or_else(|| format!("--superko: unknown rule {v}"))?;
            }
            other => return Err(format!("unknown option {other} (see --help)")),
        }
    }
    // A playout limit alone means no time limit; otherwise the time limit (default 5 s) holds.
    if playouts.is_some() || time.is_some() {
        player.playouts = playouts;
        player.time = time;
    }
    Ok(config)
}

fn run_gtp(args: &[String]) -> Result<(), String> {
    let config = parse_config(args)?;
    log::info!(
        "tengen {} starting with {config:?}",
        env!("CARGO_PKG_VERSION")
    );
    let mut engine = Engine::new(config);
    match serve(
        &mut engine,
        BufReader::new(io::stdin()),
        io::stdout().lock(),
    ) {
        // The controller going away is an ordinary end.
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(format!("I/O error: {e}")),
        _ => Ok(()),
    }
}

fn run_bench(args: &[String]) -> Result<(), String> {
    let (mut seconds, mut rounds) = (2.0, 5);
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let v = value(&mut args, arg)?;
        match arg.as_str() {
            "--seconds" => {
                seconds = v
                    .parse()
                    .ok()
                    .filter(|s: &f64| *s > 0.0)
                    .ok_or("--seconds: a positive number")?
            }
            "--rounds" => {
                rounds = v
                    .parse()
                    .ok()
                    .filter(|&r| r > 0)
                    .ok_or("--rounds: a positive number")?
            }
            other => return Err(format!("unknown bench option {other}")),
        }
    }
    bench::run(seconds, rounds);
    bench::run_search(seconds, rounds);
    Ok(())
}

fn run_regress(args: &[String]) -> Result<bool, String> {
    let own = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut engine = vec![own.display().to_string()];
    let mut files = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--engine" => {
                engine = value(&mut args, arg)?
                    .split_whitespace()
                    .map(String::from)
                    .collect()
            }
            file => files.push(PathBuf::from(file)),
        }
    }
    if engine.is_empty() || files.is_empty() {
        return Err("regress needs an engine and at least one .tst file".into());
    }
    let mut all_ok = true;
    let (mut passed, mut total) = (0, 0);
    for file in &files {
        // The engine runs in the suite's folder; give it an absolute path to itself.
        let file = std::fs::canonicalize(file).map_err(|e| format!("{}: {e}", file.display()))?;
        let report = regress::run_file(&file, &engine[0], &engine[1..])
            .map_err(|e| format!("{}: {e}", file.display()))?;
        all_ok &= regress::print_report(&report);
        passed += report.outcomes.iter().filter(|o| o.passed).count();
        total += report.outcomes.len();
    }
    println!("total: {passed}/{total} passed");
    Ok(all_ok)
}

fn run_match(args: &[String]) -> Result<(), String> {
    let mut config = referee::MatchConfig {
        engines: [Vec::new(), Vec::new()],
        games: 10,
        size: 9,
        komi: 7.5,
        sgf_dir: None,
        max_moves: 1000,
        clock: TimeSystem::None,
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let option = arg.as_str();
        let v = value(&mut args, option)?;
        let command = || v.split_whitespace().map(String::from).collect::<Vec<_>>();
        match option {
            "--engine1" => config.engines[0] = command(),
            "--engine2" => config.engines[1] = command(),
            "--games" => config.games = number(v, option)?,
            "--size" => config.size = number(v, option)?,
            "--komi" => config.komi = number(v, option)?,
            "--max-moves" => config.max_moves = number(v, option)?,
            "--sgf-dir" => config.sgf_dir = Some(v.into()),
            "--clock" => {
                let words: Vec<&str> = v.split_whitespace().collect();
                config.clock = TimeSystem::from_kgs(&words)
                    .ok_or("--clock: none | absolute M | byoyomi M T P | canadian M T S")?;
            }
            other => return Err(format!("unknown match option {other}")),
        }
    }
    if config.engines.iter().any(Vec::is_empty) {
        return Err("match needs --engine1 and --engine2".into());
    }
    referee::run(&config).map(|_| ()).map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        print!("{HELP}");
        return ExitCode::SUCCESS;
    }
    if args.iter().any(|a| a == "-V" || a == "--version") {
        println!("tengen {}", env!("CARGO_PKG_VERSION"));
        return ExitCode::SUCCESS;
    }
    let outcome = match args.first().map(String::as_str) {
        Some("bench") => run_bench(&args[1..]).map(|_| true),
        Some("regress") => run_regress(&args[1..]),
        Some("match") => run_match(&args[1..]).map(|_| true),
        _ => run_gtp(&args).map(|_| true),
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
