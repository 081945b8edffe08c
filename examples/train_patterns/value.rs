//! Labels for a value network: who owns each point at the end of a strong game, and by how
//! much the game was won. Most strong games end by resignation, so the record does not say
//! which stones were dead; tengen's own playouts from each game's last position do (KataGo
//! learns ownership and score beside the winner, which teach far more per game than the
//! winner alone).
//!
//! `cargo run --release --example train_patterns -- value-label FILE [PLAYOUTS] [GAMES]`
//! labels every game of the 19×19 collections below (or the first GAMES of each), PLAYOUTS
//! playouts a game (default 128), and appends a line a game to FILE:
//!
//! ```text
//! COLLECTION INDEX KOMI WINNER HOW MOVES SCORE OWNERS
//! ```
//!
//! INDEX is the game's line in its collection (every tenth, `INDEX % 10 == 9`, is held out,
//! as for the move model); WINNER is `B`, `W` or `?`; HOW is `R` (resignation), `S` (a count),
//! `T` (time) or `O` (anything else); SCORE is the playouts' mean area difference less komi,
//! from Black's side; OWNERS is one letter a point, row by row from row 1, `A` for a point
//! White owns in every playout to `U` for one Black owns in every playout (steps of a tenth
//! of the range -1..1). Rerunning skips the games FILE holds: a run can stop and resume.
//! Each game's playouts are seeded by its collection and index, so a label is reproducible.

use std::collections::HashSet;
use std::fs::OpenOptions;
use std::io::Write;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use rayon::prelude::*;
use tengen::board::{Board, Color};
use tengen::game::{Game, Superko};
use tengen::knowledge::network::{Encoded, plane};
use tengen::knowledge::value::{self, ValueNetwork};
use tengen::player::{Player, Settings};
use tengen::playout::heavy::HeavyPolicy;
use tengen::playout::ownership::Ownership;
use tengen::search::Budget;
use tengen::tuning::Tuning;

use super::{collection, replay};

/// The collections whose komi and results can be trusted (the Fox files' komi cannot, and
/// the engines' games are not to be learnt from).
pub const COLLECTIONS: &[&str] = &[
    "kgs-6d-19x19-even.sgf.xz",
    "pro-aeb-19x19-even.sgf.xz",
    "tom-9d-19x19.sgf.xz",
];
const SIZE: usize = 19;
/// Games labelled at once, then appended.
const BATCH: usize = 512;

pub fn label(file: &str, playouts: u32, per_collection: usize) {
    let done = labelled(file);
    let mut out = OpenOptions::new()
        .create(true)
        .append(true)
        .open(file)
        .expect("the label file opens");
    for (c, name) in COLLECTIONS.iter().enumerate() {
        let games = collection(name);
        let todo: Vec<(usize, &String)> = (games.iter().enumerate())
            .take(per_collection)
            .filter(|(i, _)| !done.contains(&(name.to_string(), *i)))
            .collect();
        eprintln!("{name}: {} games, {} to label", games.len(), todo.len());
        for (b, batch) in todo.chunks(BATCH).enumerate() {
            let lines: Vec<String> = (batch.par_iter())
                .map(|&(i, text)| {
                    let seed = ((c as u64) << 32) | i as u64;
                    label_game(text, playouts, seed).map_or_else(
                        || format!("{name} {i} ? ? O 0 0 -"),
                        |l| format!("{name} {i} {l}"),
                    )
                })
                .collect();
            for line in lines {
                writeln!(out, "{line}").expect("the labels are written");
            }
            out.flush().expect("the labels are written");
            eprintln!(
                "{name}: {} of {}",
                (b + 1) * BATCH.min(todo.len()),
                todo.len()
            );
        }
    }
}

/// The (collection, index) of every game that `file` already labels; a line cut short by
/// an interrupted run is not one, and is left for the reader to skip.
fn labelled(file: &str) -> HashSet<(String, usize)> {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    text.lines()
        .filter(|l| l.split_whitespace().count() == 8)
        .filter_map(|l| {
            let mut words = l.split_whitespace();
            Some((words.next()?.to_string(), words.next()?.parse().ok()?))
        })
        .collect()
}

/// A game's label line after its collection and index, or `None` if the record is not a
/// 19×19 game that loads.
fn label_game(text: &str, playouts: u32, seed: u64) -> Option<String> {
    let tree = tengen::sgf::parse(text).ok()?.into_iter().next()?;
    let record =
        tengen::sgf::load(&tree, tengen::sgf::Until::End, 7.5, Superko::Situational).ok()?;
    let game = &record.game;
    if game.size() != SIZE {
        return None;
    }
    let (winner, how) = result(record.info.result.as_deref().unwrap_or(""));
    let (score, owners) = owners(game, playouts, seed);
    Some(format!(
        "{} {winner} {how} {} {score:.1} {owners}",
        game.komi(),
        game.steps().len(),
    ))
}

/// The winner (`B`, `W` or `?`) and how the game ended, from an SGF result such as `B+R`,
/// `W+3.5`, `B+Time` or `Void`.
fn result(re: &str) -> (char, char) {
    let winner = match re.trim().chars().next() {
        Some('B' | 'b') => 'B',
        Some('W' | 'w') => 'W',
        _ => return ('?', 'O'),
    };
    let how = re.trim()[1..].trim_start_matches('+').to_ascii_uppercase();
    let how = if how.starts_with('R') {
        'R'
    } else if how.starts_with('T') {
        'T'
    } else if how.parse::<f64>().is_ok() {
        'S'
    } else {
        'O'
    };
    (winner, how)
}

/// The playouts' score from Black's side (area less komi) and owner letters of `game`'s last
/// position.
fn owners(game: &Game, playouts: u32, seed: u64) -> (f64, String) {
    let board: &Board = game.board();
    let ownership = Ownership::default();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut policy = HeavyPolicy::for_size(SIZE);
    ownership.play(board, game.to_move(), playouts, &mut policy, &mut rng);
    let mut difference = 0.0;
    let letters = (board.points())
        .map(|p| {
            let share = ownership.share(p, Color::Black) - ownership.share(p, Color::White);
            difference += share;
            char::from(b'A' + (10.0 * (share + 1.0)).round() as u8)
        })
        .collect();
    (difference - game.effective_komi(), letters)
}

/// A labelled game, as `value-positions` reads it back.
struct Labelled {
    collection: String,
    index: usize,
    komi: f64,
    black_wins: bool,
    score: f64,
    /// Black's ownership of each point, in tenths, row by row from row 1.
    owners: Vec<i8>,
}

/// The games of `file` that a value network can learn from: 19×19, won by resignation or
/// by a count (not on time, nor void).
fn read_labels(file: &str) -> Vec<Labelled> {
    let text = std::fs::read_to_string(file).expect("the label file reads");
    text.lines()
        .filter_map(|line| {
            let w: Vec<&str> = line.split_whitespace().collect();
            let [collection, index, komi, winner, how, _moves, score, owners] = w[..] else {
                return None;
            };
            let decided = matches!(how, "R" | "S") && matches!(winner, "B" | "W");
            (decided && owners.len() == SIZE * SIZE).then_some(())?;
            Some(Labelled {
                collection: collection.to_string(),
                index: index.parse().ok()?,
                komi: komi.parse().ok()?,
                black_wins: winner == "B",
                score: score.parse().ok()?,
                owners: owners.bytes().map(|b| b as i8 - b'K' as i8).collect(),
            })
        })
        .collect()
}

/// Which file a game's positions go to: every tenth game is held out for the test (as for
/// the move model), every tenth of the rest validates the training.
fn split(index: usize) -> &'static str {
    match index % 10 {
        9 => "test",
        8 => "validation",
        _ => "train",
    }
}

/// `value-positions LABELS FOLDER [PER_GAME]`: PER_GAME positions (default 8) of every
/// labelled game, drawn at random with a seed of the game's collection and index, written to
/// FOLDER/{train,validation,test}.bin with `meta.json`. A record, little-endian: the move's
/// number (u16), the mover's komi in half points (i8: komi for White, less it for Black),
/// whether the mover won (i8: 1 or -1), whether the playouts' final score agrees with the
/// winner (u8), the final score from the mover's side in tenths (i16), each point's planes
/// (u16 bits, `network::Encoded`, no candidates), and each point's final owner from the
/// mover's side in tenths (i8).
pub fn positions(labels: &str, folder: &str, per_game: usize) {
    std::fs::create_dir_all(folder).expect("the folder can be made");
    let games = read_labels(labels);
    let mut counts = std::collections::BTreeMap::new();
    let mut outs: std::collections::HashMap<&str, std::io::BufWriter<std::fs::File>> =
        ["train", "validation", "test"]
            .into_iter()
            .map(|name| {
                let file = std::fs::File::create(format!("{folder}/{name}.bin"))
                    .expect("the positions file can be made");
                (name, std::io::BufWriter::new(file))
            })
            .collect();
    for name in COLLECTIONS {
        let records = collection(name);
        let mine: Vec<&Labelled> = games.iter().filter(|g| g.collection == *name).collect();
        for batch in mine.chunks(BATCH) {
            let encoded: Vec<(usize, Vec<u8>)> = (batch.par_iter())
                .filter_map(|g| {
                    let text = records.get(g.index)?;
                    Some((g.index, game_positions(g, text, per_game)))
                })
                .collect();
            for (index, bytes) in encoded {
                let part = split(index);
                *counts.entry(part).or_insert(0) += bytes.len() / RECORD;
                outs.get_mut(part)
                    .unwrap()
                    .write_all(&bytes)
                    .expect("positions written");
            }
        }
    }
    for out in outs.values_mut() {
        out.flush().expect("positions written");
    }
    let meta = format!(
        "{{\"size\": {SIZE}, \"bit_planes\": {}, \"per_game\": {per_game}, \"games\": {}, \
         \"train\": {}, \"validation\": {}, \"test\": {}, \"labels\": \"{labels}\"}}\n",
        plane::COUNT,
        games.len(),
        counts.get("train").unwrap_or(&0),
        counts.get("validation").unwrap_or(&0),
        counts.get("test").unwrap_or(&0),
    );
    std::fs::write(format!("{folder}/meta.json"), &meta).expect("meta.json is written");
    eprint!("{meta}");
}

const RECORD: usize = 2 + 1 + 1 + 1 + 2 + 3 * SIZE * SIZE;

/// The `per_game` positions of one game that `value-positions` writes: each with its move
/// number (1 for the empty board), drawn with a seed of the game's collection and index.
fn picked(game: &Labelled, text: &str, per_game: usize) -> Vec<(usize, Board, Color)> {
    let mut boards = Vec::new();
    replay(text, |board, color, _| boards.push((board.clone(), color)));
    let mut rng = SmallRng::seed_from_u64(game.index as u64 ^ hash(&game.collection));
    let chosen = rand::seq::index::sample(&mut rng, boards.len(), per_game.min(boards.len()));
    (chosen.into_iter())
        .map(|i| (i + 1, boards[i].0.clone(), boards[i].1))
        .collect()
}

/// The records of `per_game` positions of one game.
fn game_positions(game: &Labelled, text: &str, per_game: usize) -> Vec<u8> {
    let agrees = (game.score > 0.0) == game.black_wins;
    let mut out = Vec::with_capacity(per_game * RECORD);
    for (number, board, color) in picked(game, text, per_game) {
        let side = if color == Color::Black { 1 } else { -1 };
        let komi = if color == Color::White {
            game.komi
        } else {
            -game.komi
        };
        let won = (game.black_wins == (color == Color::Black)) as i8 * 2 - 1;
        out.extend_from_slice(&(number as u16).to_le_bytes());
        out.push((2.0 * komi).clamp(-127.0, 127.0) as i8 as u8);
        out.push(won as u8);
        out.push(agrees as u8);
        let score = (10.0 * game.score * f64::from(side)).clamp(-32000.0, 32000.0) as i16;
        out.extend_from_slice(&score.to_le_bytes());
        for bits in Encoded::new(&board, color, &[]).bits {
            out.extend_from_slice(&bits.to_le_bytes());
        }
        out.extend(game.owners.iter().map(|&o| (o * side as i8) as u8));
    }
    out
}

/// A fixed hash of a collection's name (the standard hasher is seeded at random).
fn hash(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// `value-screen FOLDER NETWORK`: how often the exported network (`value.py export`), read
/// and run by tengen itself, names the winner of FOLDER's held-out test positions from moves
/// 50, 100 and 150, and its mean score error: the figures `value.py evaluate` gives, if the
/// export and tengen's reading agree.
pub fn screen(folder: &str, file: &str) {
    let text = std::fs::read_to_string(file).expect("the network file reads");
    let network = ValueNetwork::parse(&text).unwrap_or_else(|e| panic!("{file}, {e}"));
    let bytes = std::fs::read(format!("{folder}/test.bin")).expect("test.bin reads");
    let results: Vec<(u16, bool, Option<f32>)> = (bytes.par_chunks_exact(RECORD))
        .map(|r| {
            let number = u16::from_le_bytes([r[0], r[1]]);
            let movers_komi = f32::from(r[2] as i8) / 2.0;
            let won = r[3] as i8 > 0;
            let score = f32::from(i16::from_le_bytes([r[5], r[6]])) / 10.0;
            let bits = (r[7..7 + 2 * SIZE * SIZE].chunks_exact(2))
                .map(|b| u16::from_le_bytes([b[0], b[1]]))
                .collect();
            let position = Encoded {
                size: SIZE,
                bits,
                shares: Vec::new(),
            };
            let eval = network.evaluate_encoded(&position, movers_komi);
            let error = (r[4] == 1).then(|| (eval.score - score).abs());
            (number, (eval.win > 0.5) == won, error)
        })
        .collect();
    print_stages(&results);
}

/// `value-baseline LABELS PLAYOUTS [GAMES] [TUNE]`: how often tengen's own search of PLAYOUTS
/// playouts (one thread, seed 1, the search's constants as `tuning` sets them) names the
/// winner of the held-out test positions that `value-positions` writes (those of the first
/// GAMES test games, all by default), and the error of its lead: the bar a value network has
/// to clear to be worth asking. With 0 playouts the built-in value network judges instead.
pub fn baseline(labels: &str, playouts: u64, most: usize, tuning: Tuning) {
    let games: Vec<Labelled> = (read_labels(labels).into_iter())
        .filter(|g| split(g.index) == "test")
        .take(most)
        .collect();
    let mut results = Vec::new();
    for name in COLLECTIONS {
        let records = collection(name);
        let positions: Vec<(&Labelled, usize, Board, Color)> = (games.iter())
            .filter(|g| g.collection == *name)
            .filter_map(|g| Some((g, records.get(g.index)?)))
            .flat_map(|(g, text)| {
                let picked = picked(g, text, PER_GAME);
                picked.into_iter().map(move |(n, b, c)| (g, n, b, c))
            })
            .collect();
        let judge = |(g, number, board, color): &(&Labelled, usize, Board, Color)| {
            let (won, lead) = if playouts == 0 {
                judged(board, *color, g.komi)
            } else {
                searched(board, *color, g.komi, playouts, tuning)
            };
            let mover_won = g.black_wins == (*color == Color::Black);
            let side = if *color == Color::Black { 1.0 } else { -1.0 };
            let trusted = (g.score > 0.0) == g.black_wins;
            let error = trusted.then(|| (lead - side * g.score).abs() as f32);
            (*number as u16, won == mover_won, error)
        };
        // Plain threads, not rayon's: a rayon worker that waits for a search's own pool
        // steals the next position meanwhile, and the nested searches overflow its stack.
        // Each needs a search thread's stack, for the root's expansion.
        let workers = rayon::current_num_threads();
        let share = positions.len().div_ceil(workers).max(1);
        std::thread::scope(|scope| {
            let handles: Vec<_> = (positions.chunks(share))
                .map(|part| {
                    std::thread::Builder::new()
                        .stack_size(tengen::search::STACK_BYTES)
                        .spawn_scoped(scope, move || part.iter().map(judge).collect::<Vec<_>>())
                        .expect("a thread")
                })
                .collect();
            for handle in handles {
                results.extend(handle.join().expect("the searches end"));
            }
        });
    }
    print_stages(&results);
}

/// Positions of each game, as `value-positions` writes by default.
pub const PER_GAME: usize = 8;

/// Whether the built-in value network expects `color` to win on `board`, and its lead.
fn judged(board: &Board, color: Color, komi: f64) -> (bool, f64) {
    let eval = value::built_in().evaluate(board, color, komi as f32);
    (eval.win > 0.5, f64::from(eval.score))
}

/// Whether a search of `board` for `color` expects `color` to win, and its lead for `color`.
fn searched(board: &Board, color: Color, komi: f64, playouts: u64, tuning: Tuning) -> (bool, f64) {
    let mut game = Game::new(SIZE, komi, Superko::Situational);
    game.set_start_position(board.clone(), color, 0);
    let player = Player::new(Settings {
        budget: Budget {
            threads: 1,
            playouts: Some(playouts),
            time: None,
            ..Settings::default().budget
        },
        seed: 1,
        tuning,
        ..Settings::default()
    });
    let report = player.analyze(&game);
    let winrate = report.best().map_or(0.5, |b| b.2);
    (winrate > 0.5, report.score.map_or(0.0, |s| s.median))
}

/// How often the winner was named right, and the mean score error where the label's score
/// can be trusted, at moves 40-59, 90-109 and 140-159 and over all moves.
fn print_stages(results: &[(u16, bool, Option<f32>)]) {
    for (low, high) in [(40, 60), (90, 110), (140, 160), (1, u16::MAX)] {
        let chosen: Vec<_> = (results.iter())
            .filter(|r| (low..high).contains(&r.0))
            .collect();
        let right = chosen.iter().filter(|r| r.1).count();
        let errors: Vec<f32> = chosen.iter().filter_map(|r| r.2).collect();
        let mean_error = errors.iter().sum::<f32>() / errors.len().max(1) as f32;
        println!(
            "moves {low}-{}: winner right {:.1}% of {}, score error {mean_error:.1} points",
            high - 1,
            100.0 * right as f64 / chosen.len().max(1) as f64,
            chosen.len()
        );
    }
}
