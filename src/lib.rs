//! tengen: a Go engine for the Chinese rules that speaks GTP.
//!
//! Layers, each using only those before it: `board` (points, strings, liberties, hash) and
//! `tuning` (every tunable constant of the search and its playouts) →
//! `game` (history, superko, undo, counting) and `sgf` → `knowledge` (move features, learned
//! weights, shapes, ladders, dead stones) → `playout` (policies) →
//! `search` (the tree) → `player` (decisions) → `gtp` (protocol, command table, client) →
//! `regress`, `referee` and `bench` (tools on top).

pub mod bench;
pub mod board;
pub mod clock;
pub mod cpu_time;
pub mod figures;
pub mod game;
pub mod gtp;
pub mod knowledge;
pub mod player;
pub mod playout;
pub mod referee;
pub mod regress;
pub mod review;
pub mod search;
pub mod sgf;
pub mod tuning;
