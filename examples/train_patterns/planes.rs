//! Exports positions of strong 19×19 games as the network reads them
//! (`tengen::knowledge::network`), for `network.py` to train on: `train.bin` from the
//! training games of the 19×19 collections, `validation.bin` from every twentieth of them
//! (kept out of `train.bin`, for the loss while training), `test.bin` from the held-out games
//! that the prediction screen reads (every tenth game of `pro-aeb-19x19-even`, 1,000 of them).
//!
//! A record is the move's number (u16), the point played (u16, row × 19 + column, row 0
//! being row 1), each point's planes (u16 bits) and each point's move-model
//! log-probability (u8 steps), all little-endian.

use std::fs::File;
use std::io::{BufWriter, Write};

use rayon::prelude::*;
use tengen::knowledge::network::{Encoded, LOWEST_SHARE, PLANES, SHARE_STEPS, plane};

use super::{model_strengths, replay, sample};

const SIZE: usize = 19;
const COLLECTIONS: &[&str] = &[
    "kgs-6d-19x19-even.sgf.xz",
    "pro-aeb-19x19-even.sgf.xz",
    "tom-9d-19x19.sgf.xz",
    "fox-pro-19x19-even.sgf.xz",
];
const TEST_COLLECTION: &str = "pro-aeb-19x19-even.sgf.xz";
const TEST_GAMES: usize = 1000;
/// Games encoded at once: their records are held in memory until written.
const BATCH: usize = 256;

pub fn export(folder: &str, per_file: usize) {
    std::fs::create_dir_all(folder).expect("the folder can be made");
    let games: Vec<String> = (COLLECTIONS.iter())
        .flat_map(|f| sample(f, per_file, false))
        .collect();
    let (mut training, mut validating) = (Vec::new(), Vec::new());
    for (i, game) in games.into_iter().enumerate() {
        if i % 20 == 19 {
            validating.push(game);
        } else {
            training.push(game);
        }
    }
    let testing = sample(TEST_COLLECTION, TEST_GAMES, true);
    let train = write_records(&format!("{folder}/train.bin"), &training);
    let validation = write_records(&format!("{folder}/validation.bin"), &validating);
    let test = write_records(&format!("{folder}/test.bin"), &testing);
    let meta = format!(
        "{{\"size\": {SIZE}, \"bit_planes\": {}, \"planes\": {PLANES}, \"share_steps\": \
         {SHARE_STEPS}, \"lowest_share\": {LOWEST_SHARE}, \"candidate_plane\": {}, \
         \"train_games\": {}, \"train_positions\": {train}, \"validation_games\": {}, \
         \"validation_positions\": {validation}, \"test_games\": {}, \
         \"test_positions\": {test}}}\n",
        plane::COUNT,
        plane::CANDIDATE,
        training.len(),
        validating.len(),
        testing.len(),
    );
    std::fs::write(format!("{folder}/meta.json"), meta).expect("meta.json is written");
    eprintln!("{train} training positions, {test} test positions in {folder}");
}

/// Writes the records of every move of `games` (19×19 only) to `path`; returns how many.
fn write_records(path: &str, games: &[String]) -> usize {
    let mut out = BufWriter::new(File::create(path).expect("the file can be made"));
    let mut count = 0;
    for batch in games.chunks(BATCH) {
        let records: Vec<Vec<u8>> = batch.par_iter().map(|game| records(game)).collect();
        for game in records {
            count += game.len() / record_length();
            out.write_all(&game).expect("the records are written");
        }
    }
    out.flush().expect("the records are written");
    count
}

fn record_length() -> usize {
    4 + 3 * SIZE * SIZE
}

fn records(game: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut number: u16 = 0;
    replay(game, |board, color, played| {
        number += 1;
        if board.size() != SIZE {
            return;
        }
        let candidates = model_strengths(board, color, played);
        let encoded = Encoded::new(board, color, &candidates);
        out.extend_from_slice(&number.to_le_bytes());
        let played = Encoded::index(board, played) as u16;
        out.extend_from_slice(&played.to_le_bytes());
        for bits in &encoded.bits {
            out.extend_from_slice(&bits.to_le_bytes());
        }
        out.extend_from_slice(&encoded.shares);
    });
    out
}
