//! The command line: clap's derive for the engine's own options and the tools, one option for
//! each setting of the player's table (`player::setting::SETTINGS`, which `tengen-param`
//! reads too), GNU Go's common options so that tengen stands in where GNU Go is expected, and
//! the translation of the options into an engine's `Config` or a referee's `Event`.
//!
//! The help leads with what a user sets first (threads, playouts, time); the expert options
//! and GNU Go's come under their own headings. Every range the help states is the range the
//! parser enforces, and every error is clap's.

use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{ArgMatches, Args, CommandFactory, Parser, Subcommand, ValueEnum};
use tengen::board::MAX_SIZE;
use tengen::clock::TimeSystem;
use tengen::game::Superko;
use tengen::gtp::Config;
use tengen::player::{Settings, setting};
use tengen::referee;
use tengen::tuning::Tuning;

/// The heading of the options few users need.
const EXPERT: &str = "Expert options";
/// The heading of GNU Go's options.
const GNU_GO: &str = "GNU Go's options, accepted so that tengen runs where GNU Go is expected";

/// A Go engine for the Chinese rules that speaks GTP version 2 on stdin/stdout.
///
/// Without a subcommand tengen speaks GTP; logs go to stderr (set RUST_LOG=info or debug).
#[derive(Parser)]
#[command(name = "tengen", version, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(flatten)]
    pub engine: EngineOptions,
    #[command(flatten)]
    pub gnugo: GnuGoOptions,
    #[command(subcommand)]
    pub tool: Option<Tool>,
}

/// The engine's options besides the settings of the table, which `command` adds.
#[derive(Args)]
pub struct EngineOptions {
    /// Search on the opponent's time, from tengen's move until the next command arrives
    #[arg(long, display_order = 4)]
    ponder: bool,
    /// Save every game that ends by two passes as SGF in DIR
    #[arg(long, value_name = "DIR", display_order = 7)]
    save_games: Option<PathBuf>,
    /// Seed of every random choice (default: a new one each run, shown in the log); with
    /// --threads 1 and --playouts, the same seed gives the same moves
    #[arg(long, value_name = "N", help_heading = EXPERT, allow_negative_numbers = true, value_parser = seed)]
    seed: Option<u64>,
    /// Repetition rule of `play`; the engine's own moves never repeat any earlier position
    #[arg(long, value_name = "RULE", help_heading = EXPERT, default_value = "situational", value_parser = superko())]
    superko: Superko,
    /// In handicap games from 13x13 up, search with extra komi against Black that fades out
    /// over the first 50-200 moves (Pachi's linear dynamic komi); no resigning while it lasts
    #[arg(long, help_heading = EXPERT)]
    dynamic_komi: bool,
    /// Far ahead (a win rate of 95% or more), do not search with half the lead paid as komi;
    /// by default tengen does, so that it goes on playing for points instead of slack moves
    #[arg(long, help_heading = EXPERT)]
    no_lead_komi: bool,
    /// GoGui's live graphics on stderr while genmove thinks (twice a second)
    #[arg(long, help_heading = EXPERT)]
    live_gfx: bool,
    /// What `version` answers instead of tengen's own (KataGo's option): Lizzie reads the
    /// version as Leela Zero's and wants 0.15 or later, so give it `--override-version 0.17`
    #[arg(long, value_name = "VERSION", help_heading = EXPERT, value_parser = version)]
    override_version: Option<String>,
    /// The search's constants, for tuning matches (`--tune help` lists them with their
    /// defaults)
    #[arg(long, value_name = "NAME=V,...", help_heading = EXPERT, value_parser = Tuning::parse)]
    tune: Option<Tuning>,
}

/// GNU Go's common options, as qGo and scripts written for GNU Go start their engine (`gnugo
/// --mode gtp --quiet --level 10`); `--level` is one of tengen's own settings.
#[derive(Args)]
pub struct GnuGoOptions {
    /// Speak GTP (tengen's only mode)
    #[arg(long, value_name = "MODE", help_heading = GNU_GO, value_parser = ["gtp"])]
    mode: Option<String>,
    /// Accepted; tengen's stderr carries warnings only unless RUST_LOG says otherwise
    #[arg(long, help_heading = GNU_GO)]
    quiet: bool,
    /// Komi of the first game, in points, until the controller sends `komi`
    #[arg(long, value_name = "K", help_heading = GNU_GO, allow_negative_numbers = true, value_parser = komi)]
    komi: Option<f64>,
    /// Board size of the first game, until the controller sends `boardsize`
    #[arg(long, value_name = "N", help_heading = GNU_GO, value_parser = board_size)]
    boardsize: Option<u16>,
    /// Accepted: tengen plays the Chinese rules
    #[arg(long, help_heading = GNU_GO)]
    chinese_rules: bool,
}

#[derive(Subcommand)]
pub enum Tool {
    /// Playout and search throughput on 9x9 and 19x19, one thread
    Bench(BenchOptions),
    /// Run gogui-regress style suites
    Regress(RegressOptions),
    /// A match between two engines, colours alternating (engine 1 Black in odd games) unless
    /// --no-alternate
    Match(MatchOptions),
    /// A tournament of two or more engines; standings by 2/1/0 points, then opponents' points
    Tournament(TournamentOptions),
    /// Review a game: every move judged by a search, the biggest mistakes of each side marked
    /// in a copy of the record, with a page of graphs and diagrams
    Review(ReviewOptions),
}

/// The playouts of each position a review searches by default: a 250-move 19x19 game in about
/// five minutes on two cores.
pub const REVIEW_PLAYOUTS: u64 = 10_000;

#[derive(Args)]
pub struct ReviewOptions {
    /// The game record (any board size from 2 to 25; read under the Chinese rules)
    #[arg(value_name = "GAME.sgf")]
    pub game: PathBuf,
    /// The reviewed record [default: GAME-review.sgf beside the game]
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// The page of graphs and diagrams [default: the reviewed record's name with .html]
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Mistakes marked for each side, 0 to 50
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = |v: &str| setting::in_range(v, 0..=50usize, "a whole number"))]
    pub mistakes: usize,
    /// Playouts for each position
    #[arg(long, value_name = "N", default_value_t = REVIEW_PLAYOUTS, value_parser = |v: &str| setting::in_range(v, setting::PLAYOUTS, "a whole number"))]
    pub playouts: u64,
    /// Seconds for each position instead of a number of playouts
    #[arg(long, value_name = "S", value_parser = |v: &str| setting::in_range(v, 0.01..=86_400.0, "a number of seconds"))]
    pub time: Option<f64>,
    /// Search threads [default: every core]
    #[arg(long, value_name = "N", value_parser = |v: &str| setting::in_range(v, setting::THREADS, "a whole number"))]
    pub threads: Option<u64>,
    /// Seed of the searches; with --threads 1 the same seed gives the same review
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = seed)]
    pub seed: u64,
}

impl ReviewOptions {
    /// The review the options ask for.
    pub fn review(self) -> tengen::review::Options {
        let mut settings = Settings::default();
        settings.budget.playouts = Some(self.playouts).filter(|_| self.time.is_none());
        settings.budget.time = self.time;
        // The engine's cap on a move's thinking is no cap on a review's.
        settings.max_move_time = settings.max_move_time.max(self.time.unwrap_or(0.0));
        if let Some(threads) = self.threads {
            settings.budget.threads = threads as usize;
        }
        settings.seed = self.seed;
        tengen::review::Options {
            input: self.game,
            output: self.output,
            html: self.html,
            mistakes: self.mistakes,
            settings,
        }
    }
}

#[derive(Args)]
pub struct BenchOptions {
    /// Seconds of each measurement
    #[arg(long, value_name = "S", default_value_t = 2.0, value_parser = positive_seconds)]
    pub seconds: f64,
    /// Measurements of each kind; the report gives their median
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = |v: &str| setting::in_range(v, 1..=1000u32, "a whole number"))]
    pub rounds: u32,
}

#[derive(Args)]
pub struct RegressOptions {
    /// The engine to test (default: this tengen with --seed 0)
    #[arg(long, value_name = "'CMD ARGS'")]
    pub engine: Option<String>,
    /// The suites
    #[arg(value_name = "FILE.tst", required = true)]
    pub files: Vec<PathBuf>,
}

#[derive(Args)]
pub struct MatchOptions {
    /// The first engine, [NAME=]'CMD ARGS'
    #[arg(long, value_name = "ENGINE", required = true, value_parser = entrant)]
    pub engine1: referee::Entrant,
    /// The second engine
    #[arg(long, value_name = "ENGINE", required = true, value_parser = entrant)]
    pub engine2: referee::Entrant,
    /// Games to play
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = games)]
    pub games: usize,
    /// Engine 1 plays Black in every game instead of every other one: with --handicap, it
    /// takes the stones in every game
    #[arg(long)]
    pub no_alternate: bool,
    /// Stop as soon as a sequential probability ratio test decides whether engine 1 is
    /// stronger by elo1 Elo or more (H1) or by elo0 or less (H0), with error rates alpha and
    /// beta (cutechess-cli's names; defaults elo0=0,elo1=20,alpha=0.05,beta=0.05); --games is
    /// then the most games
    #[arg(long, value_name = "elo0=E,elo1=E,alpha=A,beta=B", value_parser = referee::sprt::Sprt::parse)]
    pub sprt: Option<referee::sprt::Sprt>,
    #[command(flatten)]
    pub event: EventOptions,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum FormatName {
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
pub struct TournamentOptions {
    /// An engine, [NAME=]'CMD ARGS'; give two or more
    #[arg(long, value_name = "ENGINE", required = true, value_parser = entrant)]
    pub engine: Vec<referee::Entrant>,
    /// How the field is paired
    #[arg(long, value_name = "FORMAT", default_value = "round-robin")]
    pub format: FormatName,
    /// Rounds of a Swiss tournament
    #[arg(long, value_name = "R", value_parser = |v: &str| setting::in_range(v, 1..=1000u32, "a whole number"))]
    pub rounds: Option<u32>,
    /// Games of a match or of each knockout pairing
    #[arg(long, value_name = "N", value_parser = games)]
    pub games: Option<usize>,
    #[command(flatten)]
    pub event: EventOptions,
}

/// Options shared by `match` and `tournament`.
#[derive(Args)]
pub struct EventOptions {
    /// The event's folder (results.dat, games/*.sgf, standings.txt, report.html); running the
    /// command again resumes the event (default: a new folder under the temporary directory)
    #[arg(long, visible_alias = "sgf-dir", value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Board size
    #[arg(long, value_name = "N", default_value_t = 9, value_parser = board_size)]
    pub size: u16,
    /// Komi, in points (at most the board's points either way)
    #[arg(long, value_name = "K", default_value_t = 7.5, allow_negative_numbers = true, value_parser = komi)]
    pub komi: f64,
    /// Fixed handicap stones
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = |v: &str| setting::in_range(v, 0..=9u16, "a whole number"))]
    pub handicap: u16,
    /// Moves after which a game ends without result
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = |v: &str| setting::in_range(v, 1..=100_000u32, "a whole number"))]
    pub max_moves: u32,
    /// Seconds any answer may take when no clock bounds it; an engine past it forfeits
    #[arg(long, value_name = "S", default_value_t = referee::rules::DEFAULT_ANSWER_LIMIT, value_parser = positive_seconds)]
    pub answer_limit: f64,
    /// The clock in KGS's words, all times in seconds: 'none', 'absolute M' (M seconds for the
    /// game), 'byoyomi M T P' (then P periods of T seconds) or 'canadian M T S' (then S
    /// stones in every T seconds); overstepping loses [default: none]
    #[arg(long, value_name = "CLOCK", value_parser = clock)]
    pub clock: Option<TimeSystem>,
    /// Canadian periods carry the time left over (the rules' fixed-moves periods)
    #[arg(long)]
    pub carry_over: bool,
    /// Seconds forgiven on every move
    #[arg(long, value_name = "S", default_value_t = 0.0, value_parser = lag)]
    pub lag: f64,
    /// The first time loss of a player counts as a pass (art. 22)
    #[arg(long)]
    pub time_loss_is_pass: bool,
    /// A whole-board repetition: an illegal move, or the game ends without result, drawn, or
    /// is replayed (art. 20)
    #[arg(long, value_name = "RULE", default_value = "forbid", value_parser = cycle())]
    pub cycle: referee::CycleRule,
    /// Every game starts with the moves of this record
    #[arg(long, value_name = "FILE.sgf")]
    pub opening: Option<PathBuf>,
    /// Games played at the same time
    #[arg(short = 'j', long = "jobs", value_name = "N", default_value_t = 1, value_parser = |v: &str| setting::in_range(v, 1..=256u16, "a whole number"))]
    pub jobs: u16,
    /// Play the K-th of N parts of a match or round robin
    #[arg(long, value_name = "K/N", value_parser = shard)]
    pub shard: Option<(usize, usize)>,
    /// Join shard folders into --out instead of playing (repeat it for each folder)
    #[arg(long, value_name = "DIR")]
    pub merge: Vec<PathBuf>,
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

/// `situational` or `positional`, listed in the help.
fn superko() -> impl TypedValueParser<Value = Superko> {
    PossibleValuesParser::new(["situational", "positional"])
        .map(|name| Superko::from_name(&name).expect("a listed name"))
}

/// One word of printable characters, as a GTP answer needs.
fn version(v: &str) -> Result<String, String> {
    let printable = !v.is_empty() && v.len() <= 64 && v.chars().all(|c| c.is_ascii_graphic());
    printable
        .then(|| v.to_string())
        .ok_or_else(|| format!("{v:?} is not one word of up to 64 printable characters"))
}

fn seed(v: &str) -> Result<u64, String> {
    setting::in_range(v, 0..=u64::MAX, "a whole number")
}

fn board_size(v: &str) -> Result<u16, String> {
    setting::in_range(v, 2..=MAX_SIZE as u16, "a board size")
}

fn clock(v: &str) -> Result<TimeSystem, String> {
    let words: Vec<&str> = v.split_whitespace().collect();
    TimeSystem::from_kgs(&words).ok_or_else(|| {
        "not none, absolute M, byoyomi M T P or canadian M T S (M and T in seconds)".into()
    })
}

/// What a repetition means, listed in the help.
fn cycle() -> impl TypedValueParser<Value = referee::CycleRule> {
    PossibleValuesParser::new(["forbid", "no-result", "draw", "replay"])
        .map(|name| referee::CycleRule::from_name(&name).expect("a listed name"))
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
/// table's range check as its parser and `Settings::default` as the default shown. The
/// table's first settings (threads, playouts, time) lead the help; those it marks expert
/// go under their heading.
pub fn command() -> clap::Command {
    let defaults = Settings::default();
    let settings = setting::SETTINGS.iter().enumerate().map(move |(i, s)| {
        let arg = clap::Arg::new(s.name).long(option_name(s));
        let arg = match s.expert {
            true => arg.help_heading(EXPERT),
            false => arg.display_order(if i < 3 { i } else { i + 5 }),
        };
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
}

/// A seed from the clock and the process id.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ u64::from(std::process::id()).rotate_left(40)
}

/// The engine's configuration from its options; warns on stderr of GNU Go's options that
/// tengen cannot honour.
pub fn engine_config(options: EngineOptions, gnugo: GnuGoOptions, matches: &ArgMatches) -> Config {
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
    player.lead_komi = !options.no_lead_komi;
    // Without --seed every run plays differently, so that a referee starting a fresh process
    // for each game does not see the same game again and again.
    player.seed = options.seed.unwrap_or_else(fresh_seed);
    player.tuning = options.tune.unwrap_or_default();
    config.ponder = options.ponder;
    config.live_gfx = options.live_gfx;
    config.version = options.override_version;
    config.save_games = options.save_games;
    config.superko = options.superko;
    config.komi = gnugo.komi.unwrap_or(config.komi);
    config.size = gnugo.boardsize.map_or(config.size, usize::from);
    config
}

/// The event the options describe, with its entrants and format.
pub fn event(
    options: EventOptions,
    mut entrants: Vec<referee::Entrant>,
    format: referee::Format,
    sprt: Option<referee::sprt::Sprt>,
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
        sprt,
    };
    event.check()?;
    Ok(event)
}
