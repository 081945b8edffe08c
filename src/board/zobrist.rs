//! Zobrist keys for the stone arrangement, generated at compile time from a fixed seed so that
//! hashes are the same in every run and every build.

use super::{Color, MAX_CELLS, Point};

const SEED: u64 = 0x7465_6e67_656e_0001; // "tengen" and a version

/// SplitMix64: a small, well-mixed generator that can run in a const context.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn build() -> [[u64; MAX_CELLS]; 2] {
    let mut table = [[0; MAX_CELLS]; 2];
    let mut state = SEED;
    let mut color = 0;
    while color < 2 {
        let mut p = 0;
        while p < MAX_CELLS {
            let (next, value) = splitmix(state);
            state = next;
            table[color][p] = value;
            p += 1;
        }
        color += 1;
    }
    table
}

static KEYS: [[u64; MAX_CELLS]; 2] = build();

pub fn key(color: Color, p: Point) -> u64 {
    KEYS[color.index()][p.index()]
}
