//! Streaming analysis for Sabaki, Lizzie and KataGo-style GUIs: `lz-analyze` and `analyze`
//! (win rates as integers in ten-thousandths), `kata-analyze` (fractions, the score lead, and
//! ownership on request), and the `genmove_analyze` variants that end by playing a move. The answer is `=`
//! at once, then one line of `info` groups every interval; an analysis ends when the next
//! command arrives, a genmove when its search is done.

use std::io::{self, Write};
use std::sync::Arc;
use std::time::Duration;

use super::Engine;
use super::args::{color_arg, int_arg, move_arg};
use super::error::GtpError;
use super::response;
use crate::board::{Board, Color};
use crate::player::Decision;
use crate::search::{Report, Restriction, Score, Watch};

/// How the numbers are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Dialect {
    /// Leela Zero's: win rate and prior as integers in ten-thousandths (`lz-analyze`, and
    /// `analyze`, which Sabaki reads the same way).
    Leela,
    /// KataGo's: fractions from 0 to 1, and ownership when asked for.
    Kata,
}

/// A parsed analysis command.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Request {
    dialect: Dialect,
    color: Color,
    /// Time between lines; `None`: one line only, at the end.
    interval: Option<Duration>,
    /// At most this many moves per line.
    max_moves: usize,
    ownership: bool,
    /// A `genmove_analyze`: the search is a move search, and its move is played.
    genmove: bool,
    /// Moves left out of the search (`avoid` and `allow`).
    restrictions: Vec<Restriction>,
}

/// `[colour] [interval] [interval N] [maxmoves N] [minmoves N] [ownership true|false]
/// [avoid|allow COLOUR VERTICES UNTIL]...`; the colour is required for the genmove variants.
/// The interval is in centiseconds. `avoid b D4,Q16 10` leaves Black's D4 and Q16 out of the
/// first 10 moves of the search's lines; `allow` leaves out every other point (as Leela Zero
/// 0.17 and KataGo read them).
pub(super) fn parse_request(
    args: &[&str],
    board: &Board,
    to_move: Color,
    dialect: Dialect,
    genmove: bool,
) -> Result<Request, GtpError> {
    let mut rest = args;
    let color = match rest.first().map(|a| color_arg(a)) {
        Some(Ok(c)) => {
            rest = &rest[1..];
            c
        }
        _ if genmove => return Err(GtpError::Syntax),
        _ => to_move,
    };
    let mut request = Request {
        dialect,
        color,
        interval: None,
        max_moves: usize::MAX,
        ownership: false,
        genmove,
        restrictions: Vec::new(),
    };
    if let Some(first) = rest.first()
        && let Ok(centiseconds) = int_arg(first)
    {
        request.interval = interval(centiseconds);
        rest = &rest[1..];
    }
    let mut words = rest.iter().copied();
    while let Some(key) = words.next() {
        let mut next = || words.next().ok_or(GtpError::Syntax);
        let value = next()?;
        match key {
            "avoid" | "allow" => {
                let (vertices, until) = (next()?, next()?);
                request.restrictions.push(Restriction {
                    color: color_arg(value)?,
                    points: points(board, vertices)?,
                    until_depth: int_arg(until)?,
                    allow: key == "allow",
                });
                continue;
            }
            "interval" => request.interval = interval(int_arg(value)?),
            "maxmoves" => request.max_moves = int_arg(value)?,
            // Every move the search tried is shown anyway.
            "minmoves" => drop(int_arg(value)?),
            "ownership" if dialect == Dialect::Kata => {
                request.ownership = match value {
                    "true" => true,
                    "false" => false,
                    _ => return Err(GtpError::Syntax),
                }
            }
            _ => {
                return Err(GtpError::Other(format!(
                    "unsupported analysis argument {key}"
                )));
            }
        }
    }
    Ok(request)
}

/// Comma-separated vertices on `board` (pass is never left out, so it is skipped).
fn points(board: &Board, vertices: &str) -> Result<Vec<crate::board::Point>, GtpError> {
    let mut points = Vec::new();
    for vertex in vertices.split(',').filter(|v| !v.is_empty()) {
        match move_arg(vertex)?.on(board) {
            Some(crate::board::Move::Play(p)) => points.push(p),
            Some(crate::board::Move::Pass) => {}
            None => return Err(GtpError::Other(format!("{vertex} is off the board"))),
        }
    }
    Ok(points)
}

fn interval(centiseconds: usize) -> Option<Duration> {
    (centiseconds > 0).then(|| Duration::from_millis(10 * centiseconds as u64))
}

/// One line of `info` groups, the most visited move first, and the ownership after them.
pub(super) fn info_line(board: &Board, request: &Request, report: &Report) -> String {
    let mut groups: Vec<String> = report
        .candidates
        .iter()
        .take(request.max_moves)
        .enumerate()
        .map(|(order, c)| {
            // A normal approximation of the lower bound of the 95% interval.
            let spread = 1.96 * (c.winrate * (1.0 - c.winrate) / f64::from(c.visits)).sqrt();
            let lcb = (c.winrate - spread).max(0.0);
            let pv: Vec<String> = c.pv.iter().map(|&m| board.move_name(m)).collect();
            format!(
                "info move {} visits {} winrate {}{} prior {} lcb {} order {order} pv {}",
                board.move_name(c.mv),
                c.visits,
                fraction(request.dialect, c.winrate),
                score(request.dialect, c.score.or(report.score)),
                fraction(request.dialect, c.prior),
                fraction(request.dialect, lcb),
                pv.join(" ")
            )
        })
        .collect();
    if request.ownership {
        groups.push(format!(
            "ownership {}",
            ownership(board, request.color, report)
        ));
    }
    groups.join(" ")
}

/// Writes the info line, if there is anything to show yet: an empty line would end the
/// response.
fn write_info(
    out: &mut dyn Write,
    board: &Board,
    request: &Request,
    report: &Report,
) -> io::Result<()> {
    let line = info_line(board, request, report);
    if line.is_empty() {
        return Ok(());
    }
    writeln!(out, "{line}")?;
    out.flush()
}

/// KataGo's score fields, in points for the player making the move: the mean of the margins
/// the playouts through it counted, their spread, and their median as the lead (the komi that
/// would make the move's games even). A move whose games all came from an earlier search of a
/// kept tree shows the whole search's. Leela Zero's lines have none.
fn score(dialect: Dialect, score: Option<Score>) -> String {
    match (dialect, score) {
        (Dialect::Kata, Some(s)) => format!(
            " scoreMean {:.2} scoreStdev {:.2} scoreLead {:.2}",
            s.mean, s.stdev, s.median
        ),
        _ => String::new(),
    }
}

fn fraction(dialect: Dialect, value: f64) -> String {
    match dialect {
        Dialect::Leela => format!("{}", (value * 10_000.0).round() as i64),
        Dialect::Kata => format!("{value:.6}"),
    }
}

/// KataGo's order: from the top row down, each row from the left; 1 is the analysed colour's.
fn ownership(board: &Board, color: Color, report: &Report) -> String {
    let size = board.size();
    let mut values = Vec::with_capacity(size * size);
    for row in (0..size).rev() {
        for col in 0..size {
            let owned = report.ownership[board.point(col, row).index()];
            let own = owned[color.index()] - owned[color.opponent().index()];
            values.push(format!("{own:.3}"));
        }
    }
    values.join(" ")
}

impl Engine {
    /// Answers an analysis command: `=`, the lines as the search goes, and the empty line
    /// that ends the response (after `play` for the genmove variants).
    pub(super) fn stream(
        &mut self,
        id: Option<&str>,
        request: &Request,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        response::begin_stream(out, id)?;
        let board = self.game.board().clone();
        let mut failure = None;
        let mut see = |report: &Report| {
            if let Err(e) = write_info(out, &board, request, report) {
                failure.get_or_insert(e);
            }
        };
        let watch = request.interval.map(|every| Watch {
            every,
            see: &mut see,
        });
        let game = &self.game;
        let restrictions = request.restrictions.clone();
        if request.genmove {
            let (decision, report) = self.player.restricted(restrictions, |player| {
                player.genmove_watched(game, request.color, watch)
            });
            write_info(out, &board, request, &report)?;
            let played = match decision {
                Decision::Resign => "resign".to_string(),
                Decision::Play(mv) => self
                    .play_own_move(request.color, mv)
                    .unwrap_or_else(|e| e.to_string()),
            };
            self.ponder_next = true;
            writeln!(out, "play {played}")?;
        } else {
            let signals = Arc::clone(&self.signals);
            let halt = Arc::new(move || signals.input_waiting());
            let report = self.player.restricted(restrictions, |player| {
                player.search_until(game, request.color, halt, watch)
            });
            write_info(out, &board, request, &report)?;
        }
        if let Some(e) = failure {
            return Err(e);
        }
        response::end_stream(out)
    }
}
