//! The engine side of GTP, command by command, grouped as the handlers are.

mod analysis;
mod clock;
mod moves;
mod new_game;
mod protocol;
mod scoring;
mod setup;
mod sgf;

use std::io::Cursor;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::io::serve;
use super::*;
use crate::board::Color;
use crate::clock::{TimeLeft, TimeSystem};

/// The engine of the tests that do not look at its moves: a search a test triggers on the way
/// costs a fraction of a second, not the default 5 seconds, and the dead-stone judgement still
/// has its full 3,000 playouts.
fn engine() -> Engine {
    let mut config = Config::default();
    config.player.budget.playouts = Some(3000);
    config.player.budget.time = None;
    Engine::new(config)
}

/// An engine that thinks briefly, on one thread.
fn quick_engine() -> Engine {
    let mut config = Config::default();
    config.player.budget.playouts = Some(200);
    config.player.budget.time = None;
    config.player.budget.threads = 1;
    Engine::new(config)
}

/// Sends one command and returns the full response.
fn send(engine: &mut Engine, line: &str) -> String {
    engine.execute(line)
}

fn ok(engine: &mut Engine, line: &str) -> String {
    let response = send(engine, line);
    assert!(response.starts_with('='), "{line} -> {response}");
    response.trim_start_matches('=').trim().to_string()
}

fn ok_all(engine: &mut Engine, lines: &[&str]) {
    for line in lines {
        ok(engine, line);
    }
}

fn err(engine: &mut Engine, line: &str) -> String {
    let response = send(engine, line);
    assert!(response.starts_with('?'), "{line} -> {response}");
    response.trim_start_matches('?').trim().to_string()
}

/// Everything a failed command must leave alone.
fn state(engine: &mut Engine) -> (String, String, String, usize, usize) {
    let black = ok(engine, "list_stones black");
    let white = ok(engine, "list_stones white");
    let board = ok(engine, "showboard");
    (
        black,
        white,
        board,
        engine.game().move_count(),
        engine.game().handicap(),
    )
}

fn err_or_ok(engine: &mut Engine, line: &str) -> String {
    let r = send(engine, line);
    r[1..].trim().to_string()
}
