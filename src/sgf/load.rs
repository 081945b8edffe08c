//! Replaying a record's main line into a `Game`: size, komi, handicap, setup stones (in the
//! root or later), whose turn it is, and the moves, without refusing repetitions (records from
//! other rulesets contain them) but keeping every position in the history.

use super::{GameInfo, GameTree, Node};
use crate::board::{Board, Color, MAX_SIZE, MIN_SIZE, Move, Point};
use crate::game::handicap::fixed_handicap_points;
use crate::game::{Game, MAX_STEPS, MoveError, Superko};

/// Where replaying a record stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Until {
    End,
    /// Just before move number N (the first move is number 1).
    MoveNumber(usize),
    /// Just before the first move at this vertex (column, row from 0 at the bottom left).
    Vertex(usize, usize),
}

/// A loaded record: the game and what the root says about it.
pub struct Record {
    pub game: Game,
    pub info: GameInfo,
}

/// An SGF point on `board`: `dd` style, or the `R16` style some programs write; `None` for a
/// pass (`[]`, `tt` up to 19×19, or `pass`).
fn point(value: &str, board: &Board) -> Result<Option<Point>, String> {
    let value = value.trim();
    let size = board.size();
    if value.is_empty() || (size <= 19 && value == "tt") || value.eq_ignore_ascii_case("pass") {
        return Ok(None);
    }
    let bad = || format!("bad point [{value}] on a {size}x{size} board");
    let b = value.as_bytes();
    let sgf_coordinate = |c: u8| match c {
        b'a'..=b'z' => Some((c - b'a') as usize),
        b'A'..=b'Z' => Some((c - b'A') as usize + 26),
        _ => None,
    };
    if let [c, r] = b
        && let (Some(col), Some(row)) = (sgf_coordinate(*c), sgf_coordinate(*r))
    {
        return (col < size && row < size)
            .then(|| Some(board.point(col, size - 1 - row)))
            .ok_or_else(bad);
    }
    // Human-readable style: a column letter and a row number.
    let mut chars = value.chars();
    let letter = chars.next().ok_or_else(bad)?;
    let row = chars.as_str().parse::<usize>().map_err(|_| bad())?;
    board.point_from_name(letter, row).map(Some).ok_or_else(bad)
}

/// The points of a point-list value: one point or a rectangle `aa:cc`.
fn points(value: &str, board: &Board) -> Result<Vec<Point>, String> {
    let corner = |v: &str| point(v, board)?.ok_or_else(|| format!("bad point [{value}]"));
    let (a, b) = match value.split_once(':') {
        None => return corner(value).map(|p| vec![p]),
        Some((a, b)) => (board.coords(corner(a)?), board.coords(corner(b)?)),
    };
    let mut list = Vec::new();
    for row in a.1.min(b.1)..=a.1.max(b.1) {
        for col in a.0.min(b.0)..=a.0.max(b.0) {
            list.push(board.point(col, row));
        }
    }
    Ok(list)
}

fn board_size(root: &Node) -> Result<usize, String> {
    let Some(value) = root.value("SZ") else {
        return Ok(19);
    };
    let size = match value.split_once(':') {
        Some((w, h)) if w.trim() == h.trim() => w.trim().parse::<usize>(),
        Some(_) => return Err(format!("rectangular board SZ[{value}] is not supported")),
        None => value.trim().parse::<usize>(),
    }
    .map_err(|_| format!("bad board size SZ[{value}]"))?;
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(format!(
            "board size {size} is outside {MIN_SIZE}-{MAX_SIZE}"
        ));
    }
    Ok(size)
}

/// KM, or the engine's komi when KM is missing or unreadable (often `KM[]`): no reason to
/// refuse a record.
fn komi(root: &Node, default: f64) -> f64 {
    match root.value("KM").map(|v| (v, v.trim().parse::<f64>())) {
        Some((_, Ok(k))) if k.is_finite() => k,
        Some((v, _)) => {
            log::warn!("ignoring komi KM[{v}]");
            default
        }
        None => default,
    }
}

/// `B`/`W`, or `1`/`2` as FF[1]-FF[3] files write PL.
fn color_of(value: &str) -> Option<Color> {
    match value.trim().chars().next()?.to_ascii_uppercase() {
        'B' | '1' => Some(Color::Black),
        'W' | '2' => Some(Color::White),
        _ => None,
    }
}

fn game_info(root: &Node) -> GameInfo {
    let text = |name| {
        root.value(name)
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
    };
    GameInfo {
        black: text("PB"),
        white: text("PW"),
        date: text("DT"),
        result: text("RE"),
    }
}

/// Replays the main line of `tree`, keeping `default_komi` unless the record sets KM.
pub fn load(
    tree: &GameTree,
    until: Until,
    default_komi: f64,
    superko: Superko,
) -> Result<Record, String> {
    let nodes = tree.main_line();
    let root = nodes.first().ok_or("empty game tree")?;
    let size = board_size(root)?;
    let mut game = Game::new(size, komi(root, default_komi), superko);
    let handicap = root
        .value("HA")
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|&h| h >= 2);
    if let Some(h) = handicap {
        // Counted as handicap even when the record gives the stones as Black moves.
        let empty = game.board().clone();
        game.set_start_position(empty, Color::Black, h);
    }
    let mut move_number = 0;
    for node in &nodes {
        set_up(&mut game, node, handicap.unwrap_or(0))?;
        for (name, values) in &node.properties {
            let color = match name.as_str() {
                "B" => Color::Black,
                "W" => Color::White,
                _ => continue,
            };
            let value = values.first().map_or("", String::as_str);
            let at = point(value, game.board())?;
            move_number += 1;
            if move_number == 1 && color == Color::White {
                place_missing_handicap(&mut game, handicap);
            }
            let stop = match until {
                Until::End => false,
                Until::MoveNumber(n) => move_number >= n,
                Until::Vertex(col, row) => at.map(|p| game.board().coords(p)) == Some((col, row)),
            };
            if stop {
                // The answer to loadsgf names the colour of the move not played.
                game.set_to_move(color);
                return Ok(Record {
                    game,
                    info: game_info(root),
                });
            }
            game.replay(color, at.map_or(Move::Pass, Move::Play))
                .map_err(|e| match e {
                    MoveError::Board(why) => {
                        format!("illegal move {name}[{value}] (move {move_number}): {why}")
                    }
                    MoveError::Superko => format!("repetition at move {move_number}"),
                    MoveError::TooLong => format!("more than {MAX_STEPS} moves"),
                })?;
        }
        // PL says who moves next, also in a node that has a move (`;W[tt]PL[W]`).
        if let Some(color) = node.value("PL").and_then(color_of) {
            game.set_to_move(color);
        }
    }
    Ok(Record {
        game,
        info: game_info(root),
    })
}

/// A record that says HA[n] but gives no stones and lets White move first (KGS writes such
/// files) gets the fixed placement, as GNU Go does.
fn place_missing_handicap(game: &mut Game, handicap: Option<usize>) {
    let Some(n) = handicap else { return };
    if !game.board().is_board_empty() || !game.steps().is_empty() {
        return;
    }
    if let Some(points) = fixed_handicap_points(game.board(), n) {
        game.place_handicap(&points);
    }
}

/// AB/AW/AE of a node. Before the first move they make the starting position (with HA as the
/// handicap, White to move after Black's handicap stones); later they are a setup step.
fn set_up(game: &mut Game, node: &Node, handicap: usize) -> Result<(), String> {
    let list = |name: &str| -> Result<Vec<Point>, String> {
        let mut all = Vec::new();
        for value in node.values(name) {
            all.extend(points(value, game.board())?);
        }
        Ok(all)
    };
    let (black, white, empty) = (list("AB")?, list("AW")?, list("AE")?);
    if black.is_empty() && white.is_empty() && empty.is_empty() {
        return Ok(());
    }
    let refused = || "setup stones on these points would have no liberty".to_string();
    if game.steps().is_empty() {
        let mut board = game.board().clone();
        if !board.apply_setup(&black, &white, &empty) {
            return Err(refused());
        }
        let to_move = if handicap >= 2 && !black.is_empty() {
            Color::White
        } else {
            game.to_move()
        };
        game.set_start_position(board, to_move, handicap);
        Ok(())
    } else if game.set_up(black, white, empty) {
        Ok(())
    } else {
        Err(refused())
    }
}
