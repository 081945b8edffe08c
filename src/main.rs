//! The `tengen` command: GTP on stdin/stdout by default, plus the `bench` and `regress` tools.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use tengen::clock::TimeSystem;
use tengen::game::Superko;
use tengen::gtp::{Config, Engine, io::serve_stdio};
use tengen::player::setting;
use tengen::search::Tuning;
use tengen::{bench, referee, regress};

const HELP: &str = "\
tengen: a Go engine for the Chinese rules that speaks GTP version 2 on stdin/stdout.

Usage:
  tengen [OPTIONS]                     speak GTP (logs go to stderr; set RUST_LOG=info or debug)
  tengen bench [--seconds S] [--rounds N]
                                       playout throughput on 9x9 and 19x19, one thread
  tengen regress [--engine 'CMD ARGS'] FILE.tst...
                                       run gogui-regress style suites (default engine: this tengen
                                       with --seed 0)
  tengen match --engine1 'CMD ARGS' --engine2 'CMD ARGS' [--games N] [EVENT OPTIONS]
                                       a match, colours alternating (engine 1 Black in odd
                                       games); each game's result and engine 1's score with a
                                       95% confidence interval
  tengen tournament --engine [NAME=]'CMD ARGS' --engine ... [--format F] [--rounds R]
                    [--games N] [EVENT OPTIONS]
                                       F: round-robin (default), double-round-robin, knockout
                                       (N games a pairing, default 1), swiss (R rounds), match;
                                       standings by 2/1/0 points, opponents' points, warnings

Event options (match and tournament):
  --out DIR                 the event's folder (results.dat, games/*.sgf, standings.txt,
                            report.html); running the command again resumes the event
                            (default: a new folder under the temporary directory)
  --size N --komi K --handicap N --max-moves N
                            board size (9), komi (7.5), fixed handicap stones (0), move limit
  --answer-limit S          seconds any answer may take when no clock bounds it (120); an
                            engine past it forfeits the game
  --clock 'absolute M' | 'byoyomi M T P' | 'canadian M T S'
                            the clock (KGS words); overstepping loses
  --carry-over              Canadian periods carry the time left over (the rules' fixed-moves
                            periods)
  --lag S                   seconds forgiven on every move (default 0)
  --time-loss-is-pass       the first time loss of a player counts as a pass (art. 22)
  --cycle forbid|no-result|draw|replay
                            a whole-board repetition: an illegal move (default), or the game
                            ends without result, drawn, or is replayed (art. 20)
  --opening FILE.sgf        every game starts with the moves of this record
  -j N                      games played at the same time (default 1)
  --shard K/N               play the K-th of N parts of a match or round robin
  --merge DIR               (repeated) join shard folders into --out instead of playing

Options:
  --threads N               search threads, 1 to 256 (default: every core)
  --playouts N              playouts per move, up to 10^9 (default: no limit, see --time)
  --time S                  seconds per move without a clock (default 5 when --playouts is not
                            given); time_settings or kgs-time_settings hand the decision to the
                            clock
  --lag S                   seconds of network and process overhead kept back from every
                            deadline of the clock (default 1)
  --max-tree-mb MB          memory for the search tree (default: a quarter of the machine's
                            memory, 64 to 1024); a full tree stops growing and the search goes on
  --resign-threshold P      resign when the win rate stays below P (0 to 1) for 3 moves
                            (default 0.1)
  --never-resign            never resign
  --dynamic-komi            in handicap games from 13x13 up, search with extra komi against
                            Black that fades out over the first 50-200 moves (Pachi's linear
                            dynamic komi); not resigning while it lasts
  --seed N                  seed of every random choice (default: a new one each run, shown
                            in the log); with --threads 1 and --playouts, the same seed
                            gives the same moves
  --tune NAME=V,...         the search's constants, for tuning matches: rave (RAVE
                            equivalence, default 3000), prior (scale of every prior, 1),
                            learned (learned-model prior, 8), expand (games before a leaf is
                            expanded, 0 = 2 on 9x9 and 8 above), virtual_loss (1)
  --ponder                  search on the opponent's time, from tengen's move until the next
                            command arrives (the reply then starts from that search)
  --live-gfx                GoGui's live graphics on stderr while genmove thinks (visits,
                            principal variation, playouts; twice a second)
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

/// A seed from the clock and the process id.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ u64::from(std::process::id()).rotate_left(40)
}

fn parse_config(args: &[String]) -> Result<Config, String> {
    let mut config = Config::default();
    let player = &mut config.player;
    let (mut playouts, mut time, mut seed) = (None, None, None);
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let option = arg.as_str();
        match option {
            "--never-resign" => player.never_resign = true,
            "--dynamic-komi" => player.dynamic_komi = true,
            "--ponder" => config.ponder = true,
            "--live-gfx" => config.live_gfx = true,
            "--seed" => seed = Some(number(value(&mut args, option)?, option)?),
            "--threads" | "--max-tree-mb" | "--lag" | "--resign-threshold" => {
                let name = option[2..].replace('-', "_");
                setting::set(player, &name, value(&mut args, option)?)
                    .map_err(|e| e.replacen(&name, option, 1))?
            }
            // Checked here, applied together below.
            "--playouts" | "--time" => {
                let mut checked = player.clone();
                setting::set(&mut checked, &option[2..], value(&mut args, option)?)
                    .map_err(|e| format!("--{e}"))?;
                if option == "--playouts" {
                    playouts = checked.playouts;
                } else {
                    time = checked.time;
                }
            }
            "--tune" => player.tuning = Tuning::parse(value(&mut args, option)?)?,
            "--save-games" => config.save_games = Some(value(&mut args, option)?.into()),
            "--superko" => {
                let v = value(&mut args, option)?;
                config.superko =
                    Superko::from_name(v).ok_or_else(|| format!("--superko: unknown rule {v}"))?;
            }
            other => return Err(format!("unknown option {other} (see --help)")),
        }
    }
    // Without --seed every run plays differently, so that a referee starting a fresh process
    // for each game does not see the same game again and again.
    player.seed = seed.unwrap_or_else(fresh_seed);
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
    match serve_stdio(&mut engine) {
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
    // A fixed seed: a suite gives the same answers run after run.
    let mut engine = vec![own.display().to_string(), "--seed".into(), "0".into()];
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

/// Options shared by `match` and `tournament`; `entrant` takes the ones only one of them has.
struct EventOptions {
    event: referee::Event,
    merge: Vec<PathBuf>,
}

fn parse_event(
    args: &[String],
    mut entrant: impl FnMut(&str, &str, &mut referee::Event) -> Result<bool, String>,
) -> Result<EventOptions, String> {
    let mut event = referee::Event {
        entrants: Vec::new(),
        format: referee::Format::Match { games: 10 },
        rules: referee::Rules {
            size: 9,
            komi: 7.5,
            handicap: 0,
            clock: TimeSystem::None,
            carry_over: false,
            lag: 0.0,
            time_loss_is_pass: false,
            cycle: referee::CycleRule::Forbid,
            max_moves: 1000,
            answer_limit: referee::rules::DEFAULT_ANSWER_LIMIT,
            opening: Vec::new(),
        },
        dir: std::env::temp_dir().join(format!("tengen-event-{}", std::process::id())),
        jobs: 1,
        shard: None,
    };
    let mut merge = Vec::new();
    let mut opening = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let option = arg.as_str();
        let rules = &mut event.rules;
        match option {
            "--carry-over" => rules.carry_over = true,
            "--time-loss-is-pass" => rules.time_loss_is_pass = true,
            _ => {
                let v = value(&mut args, option)?;
                match option {
                    "--size" => rules.size = number(v, option)?,
                    "--komi" => rules.komi = number(v, option)?,
                    "--handicap" => rules.handicap = number(v, option)?,
                    "--max-moves" => rules.max_moves = number(v, option)?,
                    "--answer-limit" => {
                        rules.answer_limit = number::<f64>(v, option)?;
                        if !(rules.answer_limit > 0.0 && rules.answer_limit <= 86_400.0) {
                            return Err(format!(
                                "{option}: {v} is not a number of seconds from 0 to 86400"
                            ));
                        }
                    }
                    "--lag" => rules.lag = number::<f64>(v, option)?.max(0.0),
                    "--out" | "--sgf-dir" => event.dir = v.into(),
                    "-j" | "--jobs" => event.jobs = number::<usize>(v, option)?.max(1),
                    "--merge" => merge.push(PathBuf::from(v)),
                    "--opening" => opening = Some(PathBuf::from(v)),
                    "--clock" => {
                        let words: Vec<&str> = v.split_whitespace().collect();
                        rules.clock = TimeSystem::from_kgs(&words)
                            .ok_or("--clock: none | absolute M | byoyomi M T P | canadian M T S")?;
                    }
                    "--cycle" => {
                        rules.cycle = referee::CycleRule::from_name(v)
                            .ok_or("--cycle: forbid | no-result | draw | replay")?
                    }
                    "--shard" => {
                        let (k, n) = v.split_once('/').ok_or("--shard K/N")?;
                        event.shard = Some((number(k, option)?, number(n, option)?));
                    }
                    _ if entrant(option, v, &mut event)? => {}
                    other => return Err(format!("unknown option {other}")),
                }
            }
        }
    }
    referee::unique_names(&mut event.entrants);
    if let Some(path) = opening {
        let text =
            std::fs::read(&path).map_err(|e| format!("--opening {}: {e}", path.display()))?;
        event.rules.opening =
            referee::rules::opening_from_sgf(&tengen::sgf::decode(&text), event.rules.size)
                .map_err(|e| format!("--opening {}: {e}", path.display()))?;
    }
    Ok(EventOptions { event, merge })
}

fn entrant(spec: &str) -> Result<referee::Entrant, String> {
    referee::Entrant::parse(spec).ok_or_else(|| format!("not an engine command: {spec:?}"))
}

fn run_event(options: EventOptions) -> Result<(), String> {
    let EventOptions { event, merge } = options;
    eprintln!("event folder: {}", event.dir.display());
    let result = if merge.is_empty() {
        referee::run(&event)
    } else {
        referee::merge(&event, &merge)
    };
    result.map(|_| ()).map_err(|e| e.to_string())
}

fn run_match(args: &[String]) -> Result<(), String> {
    let mut engines = [None, None];
    let options = parse_event(args, |option, v, event| {
        match option {
            "--engine1" => engines[0] = Some(entrant(v)?),
            "--engine2" => engines[1] = Some(entrant(v)?),
            "--games" => {
                event.format = referee::Format::Match {
                    games: number(v, option)?,
                }
            }
            _ => return Ok(false),
        }
        event.entrants = engines.iter().flatten().cloned().collect();
        Ok(true)
    })?;
    options.event.check()?;
    run_event(options)
}

fn run_tournament(args: &[String]) -> Result<(), String> {
    let (mut format, mut rounds, mut games) = (String::from("round-robin"), None, None);
    let mut options = parse_event(args, |option, v, event| {
        match option {
            "--engine" => event.entrants.push(entrant(v)?),
            "--format" => format = v.to_string(),
            "--rounds" => rounds = Some(number(v, option)?),
            "--games" => games = Some(number(v, option)?),
            _ => return Ok(false),
        }
        Ok(true)
    })?;
    let n = options.event.entrants.len();
    options.event.format = match format.as_str() {
        "match" => referee::Format::Match {
            games: games.unwrap_or(10),
        },
        "round-robin" => referee::Format::RoundRobin { cycles: 1 },
        "double-round-robin" => referee::Format::RoundRobin { cycles: 2 },
        "knockout" => referee::Format::Knockout {
            games: games.unwrap_or(1),
        },
        // Enough rounds for a clear winner by default: about log2 of the field, plus one.
        "swiss" => referee::Format::Swiss {
            rounds: rounds.unwrap_or(n.next_power_of_two().trailing_zeros() as usize + 1),
        },
        other => return Err(format!("--format: unknown format {other}")),
    };
    options.event.check()?;
    run_event(options)
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
        Some("tournament") => run_tournament(&args[1..]).map(|_| true),
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
