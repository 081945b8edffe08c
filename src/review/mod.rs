//! `tengen review GAME.sgf`: the game read back move by move with the engine's own search. Each
//! position is searched once; a move is judged by the value of the position before it (that of
//! the move tengen prefers) against the value after it, in win rate and in points of lead.
//! The review writes a copy of the record with a comment on every move and each side's
//! biggest mistakes as variations (`record`), a page with the graphs of the game and a diagram
//! at each mistake (`page`), and a table of the mistakes on the terminal.
//!
//! Nothing is written over the input, and nothing at all when the record cannot be read or
//! the review is interrupted: the outputs are written to temporary files and renamed at the
//! end. The searches are kept as they finish (`cache`), so an interrupted review resumes.

mod cache;
pub mod evaluation;
mod page;
mod record;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering::SeqCst};

use indicatif::{ProgressBar, ProgressStyle};

use crate::board::{Board, Color, Move};
use crate::game::{Game, Step, Superko};
use crate::player::{Player, Settings};
use crate::sgf::{self, GameInfo, Until};
use evaluation::{Analysis, MoveReview, biggest_mistakes};

/// What `tengen review` was asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    pub input: PathBuf,
    /// The reviewed record (default: `GAME-review.sgf` beside the input).
    pub output: Option<PathBuf>,
    /// The page (default: the reviewed record's name with `.html`).
    pub html: Option<PathBuf>,
    /// Mistakes marked for each side.
    pub mistakes: usize,
    /// The search of each position: threads, playouts or seconds, seed.
    pub settings: Settings,
}

/// "Black" or "White", as a person writes the side.
pub fn side(color: Color) -> &'static str {
    match color {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// A finished review.
pub struct Review {
    pub game: Game,
    pub info: GameInfo,
    /// A line saying that the record's own rules were not used, if it names others.
    pub rules_note: Option<String>,
    /// The record's own comments: the root's, then each move's, which the reviewed copy keeps.
    pub comments: Comments,
    /// The budget of each search, in words.
    pub budget: String,
    /// Every move of the record, judged.
    pub moves: Vec<MoveReview>,
    /// Black's win rate and lead at every position, the start first.
    pub values: Vec<(f64, f64)>,
    /// The board before each step.
    pub boards: Vec<Board>,
    /// Mistakes marked for each side.
    pub most: usize,
}

impl Review {
    /// `color`'s biggest mistakes, biggest first.
    pub fn mistakes(&self, color: Color) -> Vec<&MoveReview> {
        biggest_mistakes(&self.moves, color, self.most)
    }

    /// The place of a move among its side's biggest mistakes (1 for the biggest), if it is one.
    pub fn rank(&self, r: &MoveReview) -> Option<usize> {
        let mistakes = self.mistakes(r.color);
        mistakes
            .iter()
            .position(|m| m.step == r.step)
            .map(|i| i + 1)
    }
}

/// The comments of a record's main line.
#[derive(Clone, Debug, Default)]
pub struct Comments {
    pub root: Option<String>,
    /// By move, the first move first.
    pub moves: Vec<Option<String>>,
}

impl Comments {
    fn of(tree: &sgf::GameTree) -> Comments {
        let nodes = tree.main_line();
        let text = |node: &sgf::Node| {
            node.value("C")
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .map(String::from)
        };
        Comments {
            root: nodes.first().and_then(|root| text(root)),
            moves: (nodes.iter().skip(1))
                .filter(|n| n.value("B").is_some() || n.value("W").is_some())
                .map(|n| text(n))
                .collect(),
        }
    }

    /// The record's comment on move `number` (1 for the first).
    pub fn on_move(&self, number: usize) -> Option<&str> {
        self.moves.get(number.checked_sub(1)?)?.as_deref()
    }
}

/// Where the review's files go.
struct Outputs {
    record: PathBuf,
    page: PathBuf,
}

/// Runs the review: reads, searches, writes both files and prints the mistakes. Every error is
/// one line, and leaves nothing written.
pub fn run(options: &Options) -> Result<(), String> {
    let read = read_record(&options.input)?;
    let outputs = outputs(options)?;
    let budget = budget_words(&options.settings);
    let game = read.game;
    let mut games: Vec<Game> = positions(&game).collect();
    games.push(game.clone());
    let analyses = analyse(&game, &games, &options.settings, &budget)?;
    let review = Review {
        moves: judge(&game, &analyses),
        values: analyses.iter().map(Analysis::for_black).collect(),
        boards: games.into_iter().map(|g| g.board().clone()).collect(),
        game,
        info: read.info,
        rules_note: read.rules_note,
        comments: read.comments,
        budget,
        most: options.mistakes,
    };
    write_atomically(&outputs.record, &record::write(&review))?;
    write_atomically(&outputs.page, &page::html(&review))?;
    print_mistakes(&review, &outputs);
    Ok(())
}

/// What the review takes from a record.
struct Read {
    game: Game,
    info: GameInfo,
    /// A note when the record names rules other than the Chinese ones, which the review uses
    /// whatever the record says.
    rules_note: Option<String>,
    comments: Comments,
}

/// The record at `path`, refused in one line when it cannot be reviewed.
fn read_record(path: &Path) -> Result<Read, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let text = sgf::decode(&bytes);
    let trees = sgf::parse(&text).map_err(|e| format!("{}: not SGF: {e}", path.display()))?;
    let tree = trees
        .first()
        .ok_or_else(|| format!("{}: not SGF: no game in it", path.display()))?;
    let record = sgf::load(tree, Until::End, 7.5, Superko::Situational)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if record.game.moves().next().is_none() {
        return Err(format!(
            "{}: the game has no moves to review",
            path.display()
        ));
    }
    let rules = tree.nodes.first().and_then(|root| root.value("RU"));
    let note = rules
        .map(str::trim)
        .filter(|r| !r.is_empty() && !r.to_ascii_lowercase().starts_with("chinese"))
        .map(|r| {
            format!("The record names the rules RU[{r}]; the review counts by the Chinese rules.")
        });
    Ok(Read {
        game: record.game,
        info: record.info,
        rules_note: note,
        comments: Comments::of(tree),
    })
}

/// The outputs' paths, refused when one would be the input, and checked to be writable
/// before any search (a temporary file is made beside each and removed).
fn outputs(options: &Options) -> Result<Outputs, String> {
    let input = &options.input;
    let record = options.output.clone().unwrap_or_else(|| {
        let stem = input
            .file_stem()
            .map_or("game".into(), |s| s.to_string_lossy());
        input.with_file_name(format!("{stem}-review.sgf"))
    });
    let page = (options.html.clone()).unwrap_or_else(|| record.with_extension("html"));
    let same = |a: &Path, b: &Path| {
        a == b
            || std::fs::canonicalize(a)
                .ok()
                .zip(std::fs::canonicalize(b).ok())
                .is_some_and(|(x, y)| x == y)
    };
    for path in [&record, &page] {
        if same(path, input) {
            return Err(format!("{}: would write over the input", path.display()));
        }
        let probe = temporary(path);
        std::fs::write(&probe, b"")
            .and_then(|_| std::fs::remove_file(&probe))
            .map_err(|e| format!("{}: cannot be written: {e}", path.display()))?;
    }
    if record == page {
        return Err(format!(
            "{}: the record and the page would be one file",
            page.display()
        ));
    }
    Ok(Outputs { record, page })
}

fn temporary(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".{}.tmp", std::process::id()));
    path.with_file_name(name)
}

/// Writes `text` to a temporary file beside `path`, then renames it: `path` is either the old
/// file or the whole new one.
fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    let probe = temporary(path);
    std::fs::write(&probe, text)
        .and_then(|_| std::fs::rename(&probe, path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&probe);
            format!("{}: cannot be written: {e}", path.display())
        })
}

/// The budget of each search in words, for the record, the page and the cache's key.
fn budget_words(settings: &Settings) -> String {
    let budget = settings.budget;
    let limit = match (budget.playouts, budget.time) {
        (Some(p), None) => format!("{p} playouts a move"),
        (None, Some(t)) => format!("{t} s a move"),
        (Some(p), Some(t)) => format!("{p} playouts or {t} s a move"),
        (None, None) => "no limit".into(),
    };
    let threads = if budget.threads == 1 {
        "thread"
    } else {
        "threads"
    };
    format!("{limit}, {} {threads}", budget.threads)
}

/// The game before each of its steps, replayed from its start (each with the colour of the
/// step's move to move).
fn positions(game: &Game) -> impl Iterator<Item = Game> + '_ {
    let mut replay = game.clone();
    while replay.undo() {}
    game.steps().iter().map(move |step| {
        let mut before = replay.clone();
        if let Step::Move(color, _) = step {
            before.set_to_move(*color);
        }
        match step {
            Step::Move(color, mv) => {
                replay.set_to_move(*color);
                replay
                    .replay(*color, *mv)
                    .expect("a move of the loaded record");
            }
            Step::Setup {
                black,
                white,
                empty,
            } => {
                replay.set_up(black.clone(), white.clone(), empty.clone());
            }
        }
        before
    })
}

/// Set by Ctrl-C: the search in progress stops and the review ends without writing.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

extern "C" fn on_interrupt(_: libc::c_int) {
    INTERRUPTED.store(true, SeqCst);
    // A second Ctrl-C ends the program at once, as usual.
    unsafe {
        libc::signal(libc::SIGINT, libc::SIG_DFL);
    }
}

/// The analysis of every position of `games` (the game before each step, then at its end),
/// from the cache where an earlier run left it, else from a search kept in the cache at once.
fn analyse(
    game: &Game,
    games: &[Game],
    settings: &Settings,
    budget: &str,
) -> Result<Vec<Analysis>, String> {
    let key = format!(
        "tengen {} review 2 seed {}\n{budget}\n{}",
        env!("CARGO_PKG_VERSION"),
        settings.seed,
        sgf::write(game, &GameInfo::default())
    );
    let mut cache = cache::Cache::open(&key, game.board());
    let mut player = Player::new(settings.clone());
    player.set_interrupt(Arc::new(|| INTERRUPTED.load(SeqCst)));
    unsafe {
        libc::signal(
            libc::SIGINT,
            on_interrupt as *const () as libc::sighandler_t,
        );
    }
    let bar = progress_bar(games.len() as u64);
    let mut analyses = Vec::with_capacity(games.len());
    for (i, position) in games.iter().enumerate() {
        let analysis = match cache.get(i) {
            Some(known) if known.to_move == position.to_move() => known.clone(),
            _ => {
                let report = player.analyze(position);
                if INTERRUPTED.load(SeqCst) {
                    break;
                }
                let next = match game.steps().get(i) {
                    Some(&Step::Move(_, mv)) => Some(mv),
                    _ => None,
                };
                let analysis = Analysis::from_report(position.to_move(), &report, next);
                cache.put(i, &analysis, position.board());
                analysis
            }
        };
        analyses.push(analysis);
        bar.inc(1);
    }
    bar.finish_and_clear();
    if analyses.len() < games.len() {
        let kept = match cache.path() {
            Some(path) => format!(
                "kept in {}; the same command goes on from there",
                path.display()
            ),
            None => "not kept (no cache folder)".into(),
        };
        return Err(format!(
            "interrupted after {} of {} positions, nothing written; the analyses are {kept}",
            analyses.len(),
            games.len()
        ));
    }
    Ok(analyses)
}

/// A bar on a terminal's stderr (none elsewhere): positions searched, and the time left.
fn progress_bar(positions: u64) -> ProgressBar {
    let bar = ProgressBar::new(positions);
    let style = ProgressStyle::with_template("{bar:40} {pos}/{len} positions, {eta} left")
        .expect("a valid template");
    bar.set_style(style);
    bar
}

/// Every move of `game` judged from the analyses of the positions around it.
fn judge(game: &Game, analyses: &[Analysis]) -> Vec<MoveReview> {
    let mut moves = Vec::new();
    let mut number = 0;
    for (step, s) in game.steps().iter().enumerate() {
        if let Step::Move(color, mv) = *s {
            number += 1;
            let (before, after) = (&analyses[step], &analyses[step + 1]);
            moves.push(MoveReview::new(step, number, (color, mv), before, after));
        }
    }
    moves
}

/// The table of mistakes on stdout, and where the files went. A reader that stops reading
/// (`| head`) is no error: the files are written.
fn print_mistakes(review: &Review, outputs: &Outputs) {
    let mut text = String::new();
    for color in [Color::Black, Color::White] {
        text.push_str(&format!("{}'s biggest mistakes:\n", side(color)));
        let mistakes = review.mistakes(color);
        if mistakes.is_empty() {
            text.push_str("  none found\n");
        }
        for r in mistakes {
            let name = |m: Move| review.game.board().move_name(m);
            text.push_str(&format!(
                "  move {:>3}  {:<4}  lost {:>5.1} points, {:>5.1}% win rate; better {}\n",
                r.number,
                name(r.played),
                r.points_lost,
                100.0 * r.winrate_lost,
                name(r.preferred)
            ));
        }
    }
    text.push_str(&format!(
        "wrote {} and {}\n",
        outputs.record.display(),
        outputs.page.display()
    ));
    let _ = std::io::Write::write_all(&mut std::io::stdout(), text.as_bytes());
}
