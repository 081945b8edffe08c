//! The `tengen` command: GTP on stdin/stdout by default, plus the `bench`, `regress`, `match`
//! and `tournament` tools. The command line is clap's; the player's settings come from one
//! table (`player::setting::SETTINGS`), which `tengen-param` reads too.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use tengen::board::MAX_SIZE;
use tengen::clock::TimeSystem;
use tengen::game::Superko;
use tengen::gtp::{Config, Engine, io::serve_stdio};
use tengen::player::{Settings, setting};
use tengen::tuning::Tuning;
use tengen::{bench, referee, regress};

/// A Go engine for the Chinese rules that speaks GTP version 2 on stdin/stdout.
///
/// Without a subcommand tengen speaks GTP; logs go to stderr (set RUST_LOG=info or debug).
#[derive(Parser)]
#[command(name = "tengen", version, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(flatten)]
    engine: EngineOptions,
    #[command(subcommand)]
    tool: Option<Tool>,
}

/// The engine's options besides the settings of the table, which are added to the command.
#[derive(Args)]
struct EngineOptions {
    /// In handicap games from 13x13 up, search with extra komi against Black that fades out
    /// over the first 50-200 moves (Pachi's linear dynamic komi); no resigning while it lasts
    #[arg(long)]
    dynamic_komi: bool,
    /// Seed of every random choice (default: a new one each run, shown in the log); with
    /// --threads 1 and --playouts, the same seed gives the same moves
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// The search's constants (`Tuning::help` says which)
    #[arg(long, value_name = "NAME=V,...", value_parser = Tuning::parse)]
    tune: Option<Tuning>,
    /// Search on the opponent's time, from tengen's move until the next command arrives
    #[arg(long)]
    ponder: bool,
    /// GoGui's live graphics on stderr while genmove thinks (twice a second)
    #[arg(long)]
    live_gfx: bool,
    /// Save every game that ends by two passes as SGF in DIR
    #[arg(long, value_name = "DIR")]
    save_games: Option<PathBuf>,
    /// Repetition rule of `play`; the engine's own moves never repeat any earlier position
    #[arg(long, value_name = "RULE", default_value = "situational", value_parser = superko)]
    superko: Superko,
}

#[derive(Subcommand)]
enum Tool {
    /// Playout and search throughput on 9x9 and 19x19, one thread
    Bench(BenchOptions),
    /// Run gogui-regress style suites
    Regress(RegressOptions),
    /// A match between two engines, colours alternating (engine 1 Black in odd games)
    Match(MatchOptions),
    /// A tournament of two or more engines; standings by 2/1/0 points, then opponents' points
    Tournament(TournamentOptions),
}

#[derive(Args)]
struct BenchOptions {
    /// Seconds of each measurement
    #[arg(long, value_name = "S", default_value_t = 2.0, value_parser = positive_seconds)]
    seconds: f64,
    /// Measurements of each kind; the report gives their median
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=1000))]
    rounds: u32,
}

#[derive(Args)]
struct RegressOptions {
    /// The engine to test (default: this tengen with --seed 0)
    #[arg(long, value_name = "'CMD ARGS'")]
    engine: Option<String>,
    /// The suites
    #[arg(value_name = "FILE.tst", required = true)]
    files: Vec<PathBuf>,
}

#[derive(Args)]
struct MatchOptions {
    /// The first engine, [NAME=]'CMD ARGS'
    #[arg(long, value_name = "ENGINE", required = true, value_parser = entrant)]
    engine1: referee::Entrant,
    /// The second engine
    #[arg(long, value_name = "ENGINE", required = true, value_parser = entrant)]
    engine2: referee::Entrant,
    /// Games to play
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = games)]
    games: usize,
    #[command(flatten)]
    event: EventOptions,
}

#[derive(Clone, Copy, ValueEnum)]
enum FormatName {
    RoundRobin,
    DoubleRoundRobin,
    /// N games a pairing (--games, default 1)
    Knockout,
    /// R rounds (--rounds, default about log2 of the field plus one)
    Swiss,
    /// Two engines, --games games (default 10)
    Match,
}

#[derive(Args)]
struct TournamentOptions {
    /// An engine, [NAME=]'CMD ARGS'; give two or more
    #[arg(long, value_name = "ENGINE", required = true, value_parser = entrant)]
    engine: Vec<referee::Entrant>,
    /// How the field is paired
    #[arg(long, value_name = "FORMAT", default_value = "round-robin")]
    format: FormatName,
    /// Rounds of a Swiss tournament
    #[arg(long, value_name = "R", value_parser = clap::value_parser!(u32).range(1..=1000))]
    rounds: Option<u32>,
    /// Games of a match or of each knockout pairing
    #[arg(long, value_name = "N", value_parser = games)]
    games: Option<usize>,
    #[command(flatten)]
    event: EventOptions,
}

/// Options shared by `match` and `tournament`.
#[derive(Args)]
struct EventOptions {
    /// The event's folder (results.dat, games/*.sgf, standings.txt, report.html); running the
    /// command again resumes the event (default: a new folder under the temporary directory)
    #[arg(long, visible_alias = "sgf-dir", value_name = "DIR")]
    out: Option<PathBuf>,
    /// Board size
    #[arg(long, value_name = "N", default_value_t = 9, value_parser = clap::value_parser!(u16).range(2..=MAX_SIZE as i64))]
    size: u16,
    /// Komi, in points (at most the board's points either way)
    #[arg(long, value_name = "K", default_value_t = 7.5, allow_negative_numbers = true, value_parser = komi)]
    komi: f64,
    /// Fixed handicap stones
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = clap::value_parser!(u16).range(0..=9))]
    handicap: u16,
    /// Moves after which a game ends without result
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_moves: u32,
    /// Seconds any answer may take when no clock bounds it; an engine past it forfeits
    #[arg(long, value_name = "S", default_value_t = referee::rules::DEFAULT_ANSWER_LIMIT, value_parser = positive_seconds)]
    answer_limit: f64,
    /// The clock in KGS words: 'absolute M', 'byoyomi M T P' or 'canadian M T S';
    /// overstepping loses
    #[arg(long, value_name = "CLOCK", value_parser = clock)]
    clock: Option<TimeSystem>,
    /// Canadian periods carry the time left over (the rules' fixed-moves periods)
    #[arg(long)]
    carry_over: bool,
    /// Seconds forgiven on every move
    #[arg(long, value_name = "S", default_value_t = 0.0, value_parser = lag)]
    lag: f64,
    /// The first time loss of a player counts as a pass (art. 22)
    #[arg(long)]
    time_loss_is_pass: bool,
    /// A whole-board repetition: an illegal move, or the game ends without result, drawn, or
    /// is replayed (art. 20)
    #[arg(long, value_name = "RULE", default_value = "forbid", value_parser = cycle)]
    cycle: referee::CycleRule,
    /// Every game starts with the moves of this record
    #[arg(long, value_name = "FILE.sgf")]
    opening: Option<PathBuf>,
    /// Games played at the same time
    #[arg(short = 'j', long = "jobs", value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    jobs: u16,
    /// Play the K-th of N parts of a match or round robin
    #[arg(long, value_name = "K/N", value_parser = shard)]
    shard: Option<(usize, usize)>,
    /// Join shard folders into --out instead of playing (repeat it for each folder)
    #[arg(long, value_name = "DIR")]
    merge: Vec<PathBuf>,
}

fn positive_seconds(v: &str) -> Result<f64, String> {
    v.parse()
        .ok()
        .filter(|s: &f64| *s > 0.0 && *s <= 86_400.0)
        .ok_or_else(|| format!("{v} is not a number of seconds above 0, up to 86400"))
}

/// Seconds forgiven on every move: the engine's own lag setting's range.
fn lag(v: &str) -> Result<f64, String> {
    setting::in_range(v, setting::LAG, "a number of seconds")
}

/// A finite komi; `event` checks it against the board's points.
fn komi(v: &str) -> Result<f64, String> {
    v.parse()
        .ok()
        .filter(|k: &f64| k.is_finite())
        .ok_or_else(|| format!("{v} is not a number of points"))
}

fn games(v: &str) -> Result<usize, String> {
    setting::in_range(v, 1..=1_000_000, "a number of games")
}

fn superko(v: &str) -> Result<Superko, String> {
    Superko::from_name(v).ok_or_else(|| format!("{v} is not situational or positional"))
}

fn clock(v: &str) -> Result<TimeSystem, String> {
    let words: Vec<&str> = v.split_whitespace().collect();
    TimeSystem::from_kgs(&words)
        .ok_or_else(|| "not none, absolute M, byoyomi M T P or canadian M T S".into())
}

fn cycle(v: &str) -> Result<referee::CycleRule, String> {
    referee::CycleRule::from_name(v)
        .ok_or_else(|| format!("{v} is not forbid, no-result, draw or replay"))
}

fn shard(v: &str) -> Result<(usize, usize), String> {
    let part = |s: &str| s.parse::<usize>().ok().filter(|&n| n >= 1);
    v.split_once('/')
        .and_then(|(k, n)| Some((part(k)?, part(n)?)))
        .filter(|(k, n)| k <= n)
        .ok_or_else(|| format!("{v} is not K/N with 1 <= K <= N"))
}

fn entrant(spec: &str) -> Result<referee::Entrant, String> {
    referee::Entrant::parse(spec).map_err(|e| format!("not an engine command: {spec:?}: {e}"))
}

/// The command line's spelling of a setting: `max_tree_mb` is `--max-tree-mb`.
fn option_name(setting: &setting::Setting) -> String {
    setting.name.replace('_', "-")
}

/// The whole command: the derived part and one option for each setting of the table, with the
/// table's range check as its parser and `Settings::default` as the default shown.
fn command() -> clap::Command {
    let defaults = Settings::default();
    let settings = setting::SETTINGS.iter().map(move |s| {
        let arg = clap::Arg::new(s.name).long(option_name(s));
        if s.switch {
            return arg.help(s.help).action(clap::ArgAction::SetTrue);
        }
        let name = s.name;
        let check = move |v: &str| {
            setting::set(&mut Settings::default(), name, v)
                .map(|_| v.to_string())
                .map_err(|e| e.replacen(&format!("{name}: "), "", 1))
        };
        let default = setting::value(&defaults, name);
        let help = match default.is_empty() || s.help.contains("(default") {
            true => s.help.to_string(),
            false => format!("{} [default: {default}]", s.help),
        };
        arg.help(help)
            .value_name(s.value)
            .allow_negative_numbers(true)
            .value_parser(check)
    });
    // The last of a repeated option wins, as in ripgrep: a script that appends options
    // (`pachi.sh BAR N DIR -- --playouts 10000`) overrides its own.
    Cli::command()
        .args_override_self(true)
        .args(settings.collect::<Vec<_>>())
        .mut_arg("tune", |arg| arg.help(Tuning::help()))
}

/// A seed from the clock and the process id.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ u64::from(std::process::id()).rotate_left(40)
}

fn engine_config(options: EngineOptions, matches: &ArgMatches) -> Config {
    let mut config = Config::default();
    let player = &mut config.player;
    for s in setting::SETTINGS {
        let value = match s.switch {
            true if matches.get_flag(s.name) => "1".to_string(),
            true => continue,
            false => match matches.get_one::<String>(s.name) {
                Some(v) => v.clone(),
                None => continue,
            },
        };
        setting::set(player, s.name, &value).expect("checked by the parser");
    }
    // A playout limit alone means no time limit; otherwise the time limit holds.
    if matches.contains_id("playouts") && !matches.contains_id("time") {
        player.budget.time = None;
    }
    player.dynamic_komi = options.dynamic_komi;
    // Without --seed every run plays differently, so that a referee starting a fresh process
    // for each game does not see the same game again and again.
    player.seed = options.seed.unwrap_or_else(fresh_seed);
    player.tuning = options.tune.unwrap_or_default();
    config.ponder = options.ponder;
    config.live_gfx = options.live_gfx;
    config.save_games = options.save_games;
    config.superko = options.superko;
    config
}

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
    let engine: Vec<String> = match options.engine {
        Some(command) => command.split_whitespace().map(String::from).collect(),
        None => {
            let own = std::env::current_exe().map_err(|e| e.to_string())?;
            // A fixed seed: a suite gives the same answers run after run.
            vec![own.display().to_string(), "--seed".into(), "0".into()]
        }
    };
    if engine.is_empty() {
        return Err("--engine: an empty command".into());
    }
    let mut all_ok = true;
    let (mut passed, mut total) = (0, 0);
    for file in &options.files {
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

/// The event the options describe, with its entrants and format.
fn event(
    options: EventOptions,
    mut entrants: Vec<referee::Entrant>,
    format: referee::Format,
) -> Result<referee::Event, String> {
    referee::unique_names(&mut entrants);
    let size = usize::from(options.size);
    if options.komi.abs() > (size * size) as f64 {
        return Err(format!(
            "--komi {}: more than the {} points of the board",
            options.komi,
            size * size
        ));
    }
    let opening = match &options.opening {
        None => Vec::new(),
        Some(path) => {
            let text =
                std::fs::read(path).map_err(|e| format!("--opening {}: {e}", path.display()))?;
            referee::rules::opening_from_sgf(&tengen::sgf::decode(&text), size)
                .map_err(|e| format!("--opening {}: {e}", path.display()))?
        }
    };
    let dir = options.out.unwrap_or_else(|| {
        std::env::temp_dir().join(format!("tengen-event-{}", std::process::id()))
    });
    let event = referee::Event {
        entrants,
        format,
        rules: referee::Rules {
            game: referee::rules::game_rules(size, options.komi, usize::from(options.handicap)),
            clock: options.clock.unwrap_or(TimeSystem::None),
            carry_over: options.carry_over,
            lag: options.lag,
            time_loss_is_pass: options.time_loss_is_pass,
            cycle: options.cycle,
            max_moves: options.max_moves as usize,
            answer_limit: options.answer_limit,
            opening,
        },
        dir,
        jobs: usize::from(options.jobs),
        shard: options.shard,
    };
    event.check()?;
    Ok(event)
}

fn run_event(event: referee::Event, merge: &[PathBuf]) -> Result<(), String> {
    eprintln!("event folder: {}", event.dir.display());
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
    };
    let entrants = vec![options.engine1, options.engine2];
    run_event(event(options.event, entrants, format)?, &merge)
}

fn run_tournament(options: TournamentOptions) -> Result<(), String> {
    let merge = options.event.merge.clone();
    let n = options.engine.len();
    let format = match options.format {
        FormatName::Match => referee::Format::Match {
            games: options.games.unwrap_or(10),
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
    run_event(event(options.event, options.engine, format)?, &merge)
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let matches = command().get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let outcome = match cli.tool {
        Some(Tool::Bench(o)) => {
            bench::run_all(o.seconds, o.rounds as usize);
            Ok(true)
        }
        Some(Tool::Regress(o)) => run_regress(o),
        Some(Tool::Match(o)) => run_match(o).map(|_| true),
        Some(Tool::Tournament(o)) => run_tournament(o).map(|_| true),
        None => run_gtp(engine_config(cli.engine, &matches)).map(|_| true),
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
