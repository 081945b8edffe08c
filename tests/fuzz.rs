//! A seeded, stateful fuzzer: random sequences of valid and hostile GTP commands, across board
//! sizes, searches, handicaps and SGF loads, sent to one engine. After every command it checks
//! one well-formed response with the right id, no panic, that a failed command changed
//! nothing, and that the board agrees with a replay on an independent board (written here,
//! sharing no code with the engine's); now and then, that memory stays bounded.
//!
//! `cargo test` sends a few thousand commands; `TENGEN_FUZZ_COMMANDS=100000` (CI) more, and
//! `TENGEN_FUZZ_SEED` picks another sequence. A failure prints the seed and the last commands.
//! The GTP parser and the SGF reader are also fed random and mutated text directly.

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use std::path::PathBuf;

use tengen::board::Cell;
use tengen::gtp::{Config, Engine};
use tengen::player::Settings;
use tengen::search::Budget;

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// An independent board: stones, captures, no suicide. Legality beyond that (ko, superko) is
/// the engine's; what it accepts must at least be possible here, and give the same stones.
#[derive(Clone, PartialEq, Debug)]
struct Reference {
    size: usize,
    /// 0 empty, 1 black, 2 white; row-major from A1.
    stones: Vec<u8>,
}

impl Reference {
    fn new(size: usize) -> Reference {
        Reference {
            size,
            stones: vec![0; size * size],
        }
    }

    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let (x, y, n) = (i % self.size, i / self.size, self.size);
        [
            (x > 0).then(|| i - 1),
            (x + 1 < n).then(|| i + 1),
            (y > 0).then(|| i - n),
            (y + 1 < n).then(|| i + n),
        ]
        .into_iter()
        .flatten()
    }

    /// The string through `i` and whether it has a liberty.
    fn string(&self, i: usize) -> (Vec<usize>, bool) {
        let colour = self.stones[i];
        let (mut seen, mut todo, mut free) = (vec![i], vec![i], false);
        while let Some(j) = todo.pop() {
            for k in self.neighbours(j) {
                if self.stones[k] == 0 {
                    free = true;
                } else if self.stones[k] == colour && !seen.contains(&k) {
                    seen.push(k);
                    todo.push(k);
                }
            }
        }
        (seen, free)
    }

    /// Plays `colour` (1 or 2) at `i`; an error for an occupied point or a suicide.
    fn play(&mut self, colour: u8, i: usize) -> Result<(), String> {
        if self.stones[i] != 0 {
            return Err(format!("point {i} is occupied"));
        }
        self.stones[i] = colour;
        let enemies: Vec<usize> = self
            .neighbours(i)
            .filter(|&k| self.stones[k] == 3 - colour)
            .collect();
        for k in enemies {
            if self.stones[k] != 0 && !self.string(k).1 {
                for s in self.string(k).0 {
                    self.stones[s] = 0;
                }
            }
        }
        if !self.string(i).1 {
            self.stones[i] = 0;
            return Err(format!("point {i} is suicide"));
        }
        Ok(())
    }

    /// The point of a GTP vertex, `None` for pass or a vertex off this board.
    fn point(&self, vertex: &str) -> Option<usize> {
        let v = vertex.to_ascii_uppercase();
        let letter = v.chars().next()?;
        let col = "ABCDEFGHJKLMNOPQRSTUVWXYZ".find(letter)?;
        let row: usize = v[1..].parse().ok()?;
        (col < self.size && (1..=self.size).contains(&row)).then(|| (row - 1) * self.size + col)
    }

    fn vertex(&self, i: usize) -> String {
        let letter = "ABCDEFGHJKLMNOPQRSTUVWXYZ".as_bytes()[i % self.size] as char;
        format!("{letter}{}", i / self.size + 1)
    }
}

/// What a failed command must leave as it was.
#[derive(PartialEq, Debug)]
struct State {
    size: usize,
    hash: u64,
    to_move: tengen::board::Color,
    komi: f64,
    moves: usize,
    handicap: usize,
}

fn state(engine: &Engine) -> State {
    let game = engine.game();
    State {
        size: game.size(),
        hash: game.board().hash(),
        to_move: game.to_move(),
        komi: game.komi(),
        moves: game.move_count(),
        handicap: game.handicap(),
    }
}

fn colour_word(rng: &mut SmallRng) -> &'static str {
    ["b", "w", "black", "WHITE", "B", "x", ""][rng.random_range(0..7)]
}

/// The fuzzer's state: the engine, the reference and what undo must bring back.
struct Fuzz {
    rng: SmallRng,
    engine: Engine,
    reference: Reference,
    /// Reference boards before each move the engine accepted, for `undo`.
    before: Vec<Reference>,
    /// False after a broken record the engine still loaded: its moves are not known here, so
    /// undo follows the engine's board.
    history_known: bool,
    files: PathBuf,
    /// The last commands, for the failure message.
    recent: Vec<String>,
    seed: u64,
}

impl Fuzz {
    fn new(seed: u64) -> Fuzz {
        let files = std::env::temp_dir().join(format!("tengen-fuzz-{}-{seed}", std::process::id()));
        std::fs::create_dir_all(&files).unwrap();
        let config = Config {
            player: Settings {
                budget: Budget {
                    threads: 1 + (seed % 2) as usize,
                    playouts: Some(24),
                    time: None,
                    ..Settings::default().budget
                },
                seed,
                // The clocks and settings the fuzzer sends may ask for days a move; the cap
                // answers in its time, kept short here so that the test stays quick.
                max_move_time: 0.1,
                ..Settings::default()
            },
            ..Config::default()
        };
        Fuzz {
            rng: SmallRng::seed_from_u64(seed),
            engine: Engine::new(config),
            reference: Reference::new(19),
            before: Vec::new(),
            history_known: true,
            files,
            recent: Vec::new(),
            seed,
        }
    }

    fn fail(&self, why: String) -> ! {
        panic!(
            "seed {}: {why}\nlast commands:\n{}",
            self.seed,
            self.recent.join("\n")
        );
    }

    /// A vertex: mostly on the board, sometimes off it or malformed.
    fn vertex(&mut self) -> String {
        let n = self.reference.size;
        match self.rng.random_range(0..20) {
            0 => "pass".into(),
            1 => [
                "Z99",
                "A0",
                "I5",
                "T26",
                "",
                "A",
                "5",
                "A-1",
                "ＡＡ",
                "A99999999999999999999",
            ][self.rng.random_range(0..10)]
            .into(),
            2 => format!("a{}", n + 1),
            _ => {
                let empty: Vec<usize> = (0..n * n)
                    .filter(|&i| self.reference.stones[i] == 0)
                    .collect();
                let i = if empty.is_empty() || self.rng.random_range(0..8) == 0 {
                    self.rng.random_range(0..n * n)
                } else {
                    empty[self.rng.random_range(0..empty.len())]
                };
                self.reference.vertex(i)
            }
        }
    }

    /// An SGF file written here from a random walk on a reference board, sometimes broken;
    /// with the reference position it sets up when it loads whole.
    fn sgf_file(&mut self) -> (String, Option<(Reference, Vec<Reference>)>) {
        let size = [2, 5, 9, 13, 19][self.rng.random_range(0..5)];
        let mut board = Reference::new(size);
        let mut text = format!("(;FF[4]GM[1]SZ[{size}]KM[6.5]");
        let (mut colour, moves) = (1u8, self.rng.random_range(0..30));
        let mut before = Vec::new();
        for _ in 0..moves {
            let i = self.rng.random_range(0..size * size);
            if board.clone().play(colour, i).is_ok() {
                before.push(board.clone());
                board.play(colour, i).unwrap();
                let (x, y) = (i % size, size - 1 - i / size);
                let point = format!("{}{}", (b'a' + x as u8) as char, (b'a' + y as u8) as char);
                text += &format!(";{}[{point}]", if colour == 1 { "B" } else { "W" });
                colour = 3 - colour;
            }
        }
        text.push(')');
        let name = format!("f{}.sgf", self.rng.random_range(0..4));
        let path = self.files.join(&name);
        let whole = match self.rng.random_range(0..6) {
            0 => {
                let cut = self.rng.random_range(0..text.len());
                text.truncate(cut);
                false
            }
            1 => {
                text = format!("{}{}", "(;".repeat(3000), ")".repeat(3000));
                false
            }
            2 => {
                text = text.replace("SZ[", "SZ[3");
                false
            }
            _ => true,
        };
        std::fs::write(&path, &text).unwrap();
        // Loaded whole, the game and the reference agree (a simple-ko retake never comes up in
        // a random walk often enough to matter, and the engine would refuse the file then).
        let expected = whole.then_some((board, before));
        (path.display().to_string(), expected)
    }

    /// One command line, its id and what it means for the reference.
    fn command(&mut self) -> (String, Option<u64>, Effect) {
        let id = (self.rng.random_range(0..3) == 0).then(|| self.rng.random_range(0..100_000));
        let (body, effect) = match self.rng.random_range(0..100) {
            0..=24 => {
                let c = colour_word(&mut self.rng);
                (format!("play {c} {}", self.vertex()), Effect::Play)
            }
            25..=34 => (
                format!("genmove {}", colour_word(&mut self.rng)),
                Effect::Play,
            ),
            35..=37 => {
                let n = match self.rng.random_range(0..10) {
                    0 => self.rng.random_range(0..40),
                    1 => 19,
                    _ => self.rng.random_range(2..10),
                };
                (format!("boardsize {n}"), Effect::NewGame)
            }
            38..=39 => ("clear_board".into(), Effect::NewGame),
            40..=44 => ("undo".into(), Effect::Undo),
            45..=47 => {
                let k = ["7.5", "-3", "0", "1e309", "NaN", "700", "6.5x", "inf"]
                    [self.rng.random_range(0..8)];
                (format!("komi {k}"), Effect::None)
            }
            48..=50 => {
                let n = self.rng.random_range(0..12);
                let what = ["fixed_handicap", "place_free_handicap"][self.rng.random_range(0..2)];
                (format!("{what} {n}"), Effect::Handicap)
            }
            51 => {
                let stones: Vec<String> = (0..self.rng.random_range(0..5))
                    .map(|_| self.vertex())
                    .collect();
                (
                    format!("set_free_handicap {}", stones.join(" ")),
                    Effect::FreeHandicap,
                )
            }
            52..=55 => {
                let (path, expected) = self.sgf_file();
                (format!("loadsgf {path}"), Effect::Load(expected))
            }
            56 => {
                let path =
                    ["/dev/null", "/nonexistent/x.sgf", "/tmp", ""][self.rng.random_range(0..4)];
                (format!("loadsgf {path}"), Effect::Load(None))
            }
            57..=60 => ("final_score".into(), Effect::None),
            61..=62 => {
                let s = ["dead", "alive", "seki", "dame"][self.rng.random_range(0..4)];
                (format!("final_status_list {s}"), Effect::None)
            }
            63..=64 => ("showboard".into(), Effect::None),
            65..=66 => (
                format!("is_legal {} {}", colour_word(&mut self.rng), self.vertex()),
                Effect::None,
            ),
            67..=68 => {
                let a = [
                    "0 0 0",
                    "0 1 0",
                    "-1 5 5",
                    "99999999999999 1 1",
                    "1 x 1",
                    "0 0",
                    "1000000 0 0",
                    "0 99999999 1",
                ][self.rng.random_range(0..8)];
                let kgs = [
                    "none",
                    "absolute 9999999",
                    "byoyomi 0 99999 5",
                    "canadian 999999 99999 1",
                ][self.rng.random_range(0..4)];
                match self.rng.random_range(0..2) {
                    0 => (format!("time_settings {a}"), Effect::None),
                    _ => (format!("kgs-time_settings {kgs}"), Effect::None),
                }
            }
            69 => (
                format!(
                    "time_left {} {} 0",
                    colour_word(&mut self.rng),
                    [self.rng.random_range(-5..1000), 99_999_999][self.rng.random_range(0..2)]
                ),
                Effect::None,
            ),
            70..=72 => {
                let p = [
                    "playouts 16",
                    "playouts 0",
                    "playouts 9223372036854775808",
                    "threads 0",
                    "threads 2",
                    "threads 99999999999999999999",
                    "resign_threshold 2",
                    "max_tree_mb 0",
                    "max_tree_mb 8",
                    "nonsense 1",
                    "playouts 20",
                    "playouts ",
                    "time ",
                    "time 86400",
                    "max_move_time 0.2",
                    "max_move_time 0",
                    // Searches without a playout limit take their time: set one back often.
                    "playouts 16",
                    "playouts 24",
                    "playouts 16",
                    "playouts 24",
                    "playouts 16",
                    "playouts 24",
                ][self.rng.random_range(0..22)];
                (format!("tengen-param {p}"), Effect::None)
            }
            73..=74 => {
                let a =
                    ["b 0", "w 0 ownership true", "b -1", "b x", ""][self.rng.random_range(0..5)];
                (format!("kata-analyze {a}"), Effect::None)
            }
            75 => (
                format!("kata-genmove_analyze {} 0", colour_word(&mut self.rng)),
                Effect::Play,
            ),
            76..=77 => (
                format!("reg_genmove {}", colour_word(&mut self.rng)),
                Effect::None,
            ),
            78 => (
                format!("kgs-genmove_cleanup {}", colour_word(&mut self.rng)),
                Effect::Play,
            ),
            79 => ("printsgf".into(), Effect::None),
            80 => {
                let path = ["/dev/stdin", "/dev/null", "/tmp", ""][self.rng.random_range(0..4)];
                (format!("printsgf {path}"), Effect::None)
            }
            81 => ("list_stones b".into(), Effect::None),
            82..=84 => {
                let known = [
                    "name",
                    "version",
                    "protocol_version",
                    "list_commands",
                    "known_command play",
                ];
                (known[self.rng.random_range(0..5)].into(), Effect::None)
            }
            _ => (self.garbage(), Effect::None),
        };
        let line = match id {
            Some(id) => format!("{id} {body}"),
            None => body,
        };
        (line, id, effect)
    }

    /// Hostile text: random bytes, control characters, Unicode spaces, long lines.
    fn garbage(&mut self) -> String {
        let pieces = [
            "play",
            "genmove",
            "\t",
            " ",
            "\u{a0}",
            "\u{3000}",
            "\u{85}",
            "#",
            "b",
            "A1",
            "pass",
            "-",
            "9999999999999999999999",
            "é",
            "\u{7f}",
            "\r",
            "boardsize",
            "komi",
            "=",
            "?",
        ];
        let mut text = String::new();
        for _ in 0..self.rng.random_range(0..12) {
            if self.rng.random_range(0..4) == 0 {
                text.push(char::from(self.rng.random_range(0u8..128)));
            } else {
                text += pieces[self.rng.random_range(0..pieces.len())];
            }
        }
        if self.rng.random_range(0..50) == 0 {
            text += &"x".repeat(100_000);
        }
        text.replace('\n', " ")
    }

    fn run(&mut self, commands: u64) {
        for n in 0..commands {
            let (line, id, effect) = self.command();
            self.recent.push(line.chars().take(200).collect());
            if self.recent.len() > 40 {
                self.recent.remove(0);
            }
            let started = std::time::Instant::now();
            self.step(&line, id, effect);
            let took = started.elapsed().as_secs_f64();
            // Whatever the clock and the settings say, an answer comes in bounded time.
            assert!(
                took < 30.0,
                "seed {}: {line:?} took {took:.1} s; the last commands: {:#?}",
                self.seed,
                self.recent
            );
            if std::env::var_os("TENGEN_FUZZ_TRACE").is_some() {
                eprintln!(
                    "{} {n} {took:.3}s {:?}",
                    self.seed,
                    line.chars().take(100).collect::<String>()
                );
            }
            if n % 500 == 0 {
                self.check_memory();
            }
        }
        let _ = std::fs::remove_dir_all(&self.files);
    }

    fn step(&mut self, line: &str, id: Option<u64>, effect: Effect) {
        let Some(command) = tengen::gtp::parse::preprocess(line.as_bytes()) else {
            return;
        };
        let before = state(&self.engine);
        let response = self.engine.execute(&command);
        if let Some(last) = self.recent.last_mut() {
            let short: String = response.trim_end().chars().take(60).collect();
            *last = format!("{last}  ->  {short:?}");
        }
        self.check_framing(&command, &response, id);
        let ok = response.starts_with('=');
        if !ok {
            let after = state(&self.engine);
            if after != before {
                self.fail(format!(
                    "failed but changed the game: {before:?} -> {after:?}\n{response}"
                ));
            }
            return;
        }
        self.follow(&command, &response, effect);
        self.compare();
    }

    /// Exactly one response: `=` or `?`, the id back when it was given, one empty line at its end.
    fn check_framing(&self, command: &str, response: &str, id: Option<u64>) {
        let well_formed = (response.starts_with('=') || response.starts_with('?'))
            && response.ends_with("\n\n")
            && !response[..response.len() - 2].contains("\n\n");
        if !well_formed {
            self.fail(format!("{command:?}: malformed response {response:?}"));
        }
        let first = response[1..].split([' ', '\n']).next().unwrap_or("");
        let given = command
            .split_whitespace()
            .next()
            .filter(|w| w.bytes().all(|b| b.is_ascii_digit()) && id.is_some());
        if let Some(given) = given
            && first.parse::<u64>().ok() != given.parse::<u64>().ok()
        {
            self.fail(format!("{command:?}: wrong id in {response:?}"));
        }
    }

    /// Brings the reference along with a command the engine accepted.
    fn follow(&mut self, command: &str, response: &str, effect: Effect) {
        let words: Vec<&str> = command.split_whitespace().collect();
        let words = if words
            .first()
            .is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit()))
        {
            &words[1..]
        } else {
            &words[..]
        };
        // Garbage may make up a valid command too: what it does follows from its name.
        let effect = match (words.first().copied().unwrap_or(""), effect) {
            ("loadsgf", Effect::Load(expected)) => Effect::Load(expected),
            ("loadsgf", _) => Effect::Load(None),
            ("play" | "genmove" | "kgs-genmove_cleanup", _) => Effect::Play,
            (name, _) if name.ends_with("genmove_analyze") => Effect::Play,
            ("boardsize" | "clear_board", _) => Effect::NewGame,
            ("undo", _) => Effect::Undo,
            ("fixed_handicap" | "place_free_handicap", _) => Effect::Handicap,
            ("set_free_handicap", _) => Effect::FreeHandicap,
            _ => Effect::None,
        };
        match effect {
            Effect::None => {}
            Effect::NewGame => {
                self.reference = Reference::new(self.engine.game().size());
                self.before.clear();
                self.history_known = true;
            }
            Effect::Undo => match self.before.pop() {
                Some(board) => self.reference = board,
                None if !self.history_known => self.reference = self.engine_board(),
                None => self.fail("undo accepted with no move to take back".into()),
            },
            Effect::Play => {
                let colour = match words.get(1).map(|w| w.to_ascii_lowercase()) {
                    Some(w) if w.starts_with('b') => 1,
                    _ => 2,
                };
                let vertex = if words[0] == "play" {
                    words[2].to_string()
                } else {
                    let last = response.trim_end().lines().last().unwrap_or("");
                    let last = last.trim_start_matches(['=', ' ']);
                    last.trim_start_matches(|c: char| c.is_ascii_digit())
                        .trim()
                        .trim_start_matches("play ")
                        .to_string()
                };
                if vertex.eq_ignore_ascii_case("resign") {
                    return;
                }
                self.before.push(self.reference.clone());
                if let Some(i) = self.reference.point(&vertex)
                    && let Err(e) = self.reference.play(colour, i)
                {
                    self.fail(format!("the engine accepted {vertex}: {e}"));
                }
            }
            Effect::Handicap | Effect::FreeHandicap => {
                let vertices: Vec<String> = if matches!(effect, Effect::Handicap) {
                    response[1..]
                        .split_whitespace()
                        .skip_while(|w| w.bytes().all(|b| b.is_ascii_digit()))
                        .map(String::from)
                        .collect()
                } else {
                    words[1..].iter().map(|w| w.to_string()).collect()
                };
                for v in vertices {
                    match self.reference.point(&v) {
                        Some(i) if self.reference.stones[i] == 0 => self.reference.stones[i] = 1,
                        _ => self.fail(format!("handicap stone {v} accepted")),
                    }
                }
            }
            Effect::Load(expected) => {
                let Some((board, before)) = expected else {
                    // A broken file the engine still read: follow it, nothing to compare.
                    self.reference = self.engine_board();
                    self.before.clear();
                    self.history_known = false;
                    return;
                };
                self.reference = board;
                self.before = before;
                self.history_known = true;
            }
        }
    }

    /// The engine's board as a reference (after a broken file it accepted).
    fn engine_board(&self) -> Reference {
        let board = self.engine.game().board();
        let mut reference = Reference::new(board.size());
        for (i, stone) in reference.stones.iter_mut().enumerate() {
            let (col, row) = (i % board.size(), i / board.size());
            *stone = match board.cell(board.point(col, row)) {
                Cell::Stone(c) => 1 + c.index() as u8,
                _ => 0,
            };
        }
        reference
    }

    fn compare(&self) {
        let engine = self.engine_board();
        if engine != self.reference {
            self.fail(format!(
                "the boards differ\nengine:    {:?}\nreference: {:?}",
                engine.stones, self.reference.stones
            ));
        }
    }

    fn check_memory(&self) {
        let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
        let rss_kb: u64 = status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap_or(0);
        if rss_kb > 1_500_000 {
            self.fail(format!("RSS {rss_kb} KB"));
        }
    }
}

/// What an accepted command does to the reference.
enum Effect {
    None,
    Play,
    NewGame,
    Undo,
    Handicap,
    FreeHandicap,
    Load(Option<(Reference, Vec<Reference>)>),
}

#[test]
fn random_command_sequences_keep_the_engine_sound() {
    let commands = env_number("TENGEN_FUZZ_COMMANDS", 3000);
    let seed = env_number("TENGEN_FUZZ_SEED", 1);
    // Two engines, one and two search threads, share the commands.
    std::thread::scope(|scope| {
        for s in [seed, seed + 1] {
            scope.spawn(move || Fuzz::new(s).run(commands / 2));
        }
    });
}

/// A valid record to mutate: setup stones, moves, a pass, comments with escapes, variations.
const SEED_SGF: &str = "(;FF[4]GM[1]SZ[9]KM[7.5]HA[2]AB[cc][gg]AW[ee]PB[b\\]x]C[a\\\\b]\
;W[ce];B[dd]C[note];W[];B[ef](;W[fg];B[gf])(;W[fe]))";

/// Mutates `text`: cuts, doubled or dropped pieces, random bytes in place.
fn mutate(rng: &mut SmallRng, text: &str) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..rng.random_range(1..6) {
        if bytes.is_empty() {
            break;
        }
        let at = rng.random_range(0..bytes.len());
        match rng.random_range(0..5) {
            0 => bytes.truncate(at),
            1 => bytes[at] = rng.random(),
            2 => {
                let end = (at + rng.random_range(1..20)).min(bytes.len());
                let piece = bytes[at..end].to_vec();
                bytes.splice(at..at, piece.repeat(rng.random_range(1..50)));
            }
            3 => {
                let end = (at + rng.random_range(1..10)).min(bytes.len());
                bytes.drain(at..end);
            }
            _ => bytes.insert(at, b"()[];\\"[rng.random_range(0..6)]),
        }
    }
    bytes
}

/// The SGF reader and the record loader take anything without a panic.
#[test]
fn the_sgf_reader_takes_random_and_mutated_text() {
    let mut rng = SmallRng::seed_from_u64(env_number("TENGEN_FUZZ_SEED", 1));
    let rounds = env_number("TENGEN_FUZZ_COMMANDS", 3000) * 2;
    for _ in 0..rounds {
        let bytes = if rng.random_range(0..4) == 0 {
            (0..rng.random_range(0..200))
                .map(|_| rng.random())
                .collect()
        } else {
            mutate(&mut rng, SEED_SGF)
        };
        let text = tengen::sgf::decode(&bytes);
        if let Ok(trees) = tengen::sgf::parse(&text) {
            for tree in &trees {
                let until = tengen::sgf::Until::End;
                let _ = tengen::sgf::load(tree, until, 7.5, tengen::game::Superko::Situational);
            }
        }
    }
}

/// The GTP preprocessor and command parser take any bytes without a panic, and a line they
/// accept names a command of printable words.
#[test]
fn the_gtp_parser_takes_random_bytes() {
    let mut rng = SmallRng::seed_from_u64(env_number("TENGEN_FUZZ_SEED", 1));
    let rounds = env_number("TENGEN_FUZZ_COMMANDS", 3000) * 10;
    let words = [
        "12", "play", "b", "A1", "\t", " ", "#", "\u{a0}", "\r", "-", "genmove",
    ];
    for _ in 0..rounds {
        let mut line: Vec<u8> = Vec::new();
        for _ in 0..rng.random_range(0..10) {
            if rng.random_range(0..3) == 0 {
                line.push(rng.random());
            } else {
                line.extend_from_slice(words[rng.random_range(0..words.len())].as_bytes());
            }
        }
        let Some(command) = tengen::gtp::parse::preprocess(&line) else {
            continue;
        };
        if let Ok(parsed) = tengen::gtp::parse::parse_command_line(&command) {
            assert!(
                !parsed.name.is_empty() && !parsed.name.contains([' ', '\t']),
                "{line:?} -> {:?}",
                parsed.name
            );
        }
    }
}
