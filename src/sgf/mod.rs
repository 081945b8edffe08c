//! SGF game records: a nom parser for collections of game trees and the replay of a record's
//! main line into a `Game`.
//!
//! Tree structure is parsed with an explicit stack, so deeply nested files cannot overflow the
//! call stack. Property names keep only their upper-case letters, so the long lower-case names
//! of old files (`AddBlack` written as `AddBlack[..]`) read as `AB`.

use nom::bytes::complete::take_while1;
use nom::character::complete::{char, multispace0};
use nom::multi::many0;
use nom::sequence::preceded;
use nom::{IResult, Parser};

use crate::board::{Board, Color, Move, Point};
use crate::game::{Game, MoveError, Superko};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Node {
    pub properties: Vec<(String, Vec<String>)>,
}

impl Node {
    pub fn values(&self, name: &str) -> impl Iterator<Item = &str> {
        self.properties
            .iter()
            .filter(move |(n, _)| n == name)
            .flat_map(|(_, vs)| vs.iter().map(String::as_str))
    }

    pub fn value(&self, name: &str) -> Option<&str> {
        self.values(name).next()
    }
}

/// A game tree: a sequence of nodes and the variations that follow it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameTree {
    pub nodes: Vec<Node>,
    pub variations: Vec<GameTree>,
}

impl GameTree {
    /// The nodes of the main line: this sequence, then always the first variation.
    pub fn main_line(&self) -> Vec<&Node> {
        let mut nodes = Vec::new();
        let mut tree = self;
        loop {
            nodes.extend(tree.nodes.iter());
            match tree.variations.first() {
                Some(first) => tree = first,
                None => return nodes,
            }
        }
    }
}

/// One property value: text up to an unescaped `]`, with `\` escapes resolved.
fn property_value(input: &str) -> IResult<&str, String> {
    let (mut rest, _) = char('[').parse(input)?;
    let mut text = String::new();
    let mut chars = rest.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            ']' => {
                rest = &rest[i + 1..];
                return Ok((rest, text));
            }
            '\\' => match chars.next() {
                // A soft line break: backslash and newline vanish.
                Some((_, '\n')) | Some((_, '\r')) => {}
                Some((_, escaped)) => text.push(escaped),
                None => break,
            },
            _ => text.push(c),
        }
    }
    Err(nom::Err::Error(nom::error::Error::new(
        input,
        nom::error::ErrorKind::Char,
    )))
}

fn property(input: &str) -> IResult<&str, (String, Vec<String>)> {
    let (input, name) = take_while1(|c: char| c.is_ascii_alphabetic()).parse(input)?;
    let name: String = name.chars().filter(char::is_ascii_uppercase).collect();
    let (input, values) = many0(preceded(multispace0, property_value)).parse(input)?;
    if values.is_empty() {
        return Err(nom::Err::Error(nom::error::Error::new(
            input,
            nom::error::ErrorKind::Many1,
        )));
    }
    Ok((input, (name, values)))
}

fn node(input: &str) -> IResult<&str, Node> {
    let (input, _) = char(';').parse(input)?;
    let (input, properties) = many0(preceded(multispace0, property)).parse(input)?;
    Ok((input, Node { properties }))
}

/// Parses an SGF collection. Text before the first `(` (mail headers, a BOM) is skipped.
pub fn parse(text: &str) -> Result<Vec<GameTree>, String> {
    let start = text.find("(;").ok_or("no game tree in the file")?;
    let mut input = &text[start..];
    let mut collection = Vec::new();
    let mut open: Vec<GameTree> = Vec::new();
    loop {
        let (rest, _) =
            multispace0::<&str, nom::error::Error<&str>>(input).map_err(|e| e.to_string())?;
        input = rest;
        match input.chars().next() {
            Some('(') => {
                open.push(GameTree::default());
                input = &input[1..];
            }
            Some(';') if !open.is_empty() => {
                let (rest, n) = node(input).map_err(|_| syntax_error(text, input))?;
                let tree = open.last_mut().expect("an open tree");
                if !tree.variations.is_empty() {
                    return Err(syntax_error(text, input));
                }
                tree.nodes.push(n);
                input = rest;
            }
            Some(')') if !open.is_empty() => {
                let tree = open.pop().expect("an open tree");
                if tree.nodes.is_empty() {
                    return Err(syntax_error(text, input));
                }
                match open.last_mut() {
                    Some(parent) => parent.variations.push(tree),
                    None => collection.push(tree),
                }
                input = &input[1..];
            }
            None if open.is_empty() => return Ok(collection),
            None => return Err("the file ends inside a game tree".to_string()),
            // Anything after the last tree is ignored, as other readers do.
            Some(_) if open.is_empty() && !collection.is_empty() => return Ok(collection),
            Some(_) => return Err(syntax_error(text, input)),
        }
    }
}

fn syntax_error(text: &str, rest: &str) -> String {
    format!("SGF syntax error at byte {}", text.len() - rest.len())
}

/// Where replaying a record stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Until {
    End,
    /// Just before move number N (the first move is number 1).
    MoveNumber(usize),
    /// Just before the first move at this vertex (column, row from 0 at the bottom).
    Vertex(usize, usize),
}

/// An SGF point (`dd`) on a board of `size`, `None` for a pass (`[]` or `tt` up to 19×19).
fn sgf_point(value: &str, size: usize) -> Result<Option<Point>, String> {
    let b = value.trim().as_bytes();
    if b.is_empty() || (size <= 19 && b == b"tt") {
        return Ok(None);
    }
    let coordinate = |c: u8| match c {
        b'a'..=b'z' => Some((c - b'a') as usize),
        b'A'..=b'Z' => Some((c - b'A') as usize + 26),
        _ => None,
    };
    match (
        b.len(),
        b.first().and_then(|&c| coordinate(c)),
        b.get(1).and_then(|&c| coordinate(c)),
    ) {
        (2, Some(col), Some(row)) if col < size && row < size => {
            Ok(Some(Board::new(size).point(col, size - 1 - row)))
        }
        _ => Err(format!("bad point [{value}] on a {size}x{size} board")),
    }
}

/// The points of a point-list value: one point or a rectangle `aa:cc`.
fn sgf_points(value: &str, size: usize) -> Result<Vec<Point>, String> {
    let board = Board::new(size);
    let corners = |v: &str| sgf_point(v, size)?.ok_or_else(|| format!("bad point [{value}]"));
    match value.split_once(':') {
        None => corners(value).map(|p| vec![p]),
        Some((a, b)) => {
            let (ca, ra) = board.coords(corners(a)?);
            let (cb, rb) = board.coords(corners(b)?);
            let mut points = Vec::new();
            for row in ra.min(rb)..=ra.max(rb) {
                for col in ca.min(cb)..=ca.max(cb) {
                    points.push(board.point(col, row));
                }
            }
            Ok(points)
        }
    }
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
    if !(crate::board::MIN_SIZE..=crate::board::MAX_SIZE).contains(&size) {
        return Err(format!("board size {size} is outside 2-25"));
    }
    Ok(size)
}

fn color_of(value: &str) -> Option<Color> {
    match value.trim().chars().next()?.to_ascii_uppercase() {
        'B' => Some(Color::Black),
        'W' => Some(Color::White),
        _ => None,
    }
}

/// Replays the main line of `tree` into a new game, keeping `komi` unless the record sets KM.
pub fn load(tree: &GameTree, until: Until, komi: f64, superko: Superko) -> Result<Game, String> {
    let nodes = tree.main_line();
    let root = nodes.first().ok_or("empty game tree")?;
    let size = board_size(root)?;
    // An unreadable KM (often `KM[]`) is no reason to refuse a record: keep the engine's komi.
    let komi = match root.value("KM").map(|v| (v, v.trim().parse::<f64>())) {
        Some((_, Ok(k))) if k.is_finite() => k,
        Some((v, _)) => {
            log::warn!("ignoring komi KM[{v}]");
            komi
        }
        None => komi,
    };
    let mut game = Game::new(size, komi, superko);
    let mut move_number = 0;
    for (i, node) in nodes.iter().enumerate() {
        apply_setup(&mut game, node, i == 0)?;
        if let Some(pl) = node.value("PL").and_then(color_of) {
            game.set_to_move(pl);
        }
        for (name, color) in [("B", Color::Black), ("W", Color::White)] {
            let Some(value) = node.value(name) else {
                continue;
            };
            let point = sgf_point(value, size)?;
            move_number += 1;
            let stop = match until {
                Until::End => false,
                Until::MoveNumber(n) => move_number >= n,
                Until::Vertex(col, row) => {
                    point.map(|p| game.board().coords(p)) == Some((col, row))
                }
            };
            if stop {
                return Ok(game);
            }
            let mv = point.map_or(Move::Pass, Move::Play);
            game.replay(color, mv).map_err(|e| match e {
                MoveError::Board(why) => {
                    format!("illegal move {name}[{value}] (move {move_number}): {why:?}")
                }
                MoveError::Superko => format!("repetition at move {move_number}"),
            })?;
        }
    }
    Ok(game)
}

/// AB/AW/AE. In the root they make the starting position (with HA as the handicap); later
/// setup is not supported yet.
fn apply_setup(game: &mut Game, node: &Node, is_root: bool) -> Result<(), String> {
    let has_setup = ["AB", "AW", "AE"].iter().any(|n| node.value(n).is_some());
    if !has_setup {
        return Ok(());
    }
    if !is_root {
        return Err("setup stones after the first node are not supported yet".to_string());
    }
    let size = game.size();
    let mut board = Board::new(size);
    for (name, color) in [("AB", Color::Black), ("AW", Color::White)] {
        for value in node.values(name) {
            for p in sgf_points(value, size)? {
                if !board.setup_stone(color, p) {
                    return Err(format!(
                        "setup stone {name}[{value}] is on an occupied point or has no liberty"
                    ));
                }
            }
        }
    }
    let handicap = node
        .value("HA")
        .and_then(|v| v.trim().parse::<usize>().ok())
        .unwrap_or(0);
    let to_move = if handicap >= 2 {
        Color::White
    } else {
        Color::Black
    };
    game.set_start_position(board, to_move, handicap);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_trees_escapes_and_variations() {
        let trees = parse("(;FF[4]C[a \\] b\\\\]SZ[9];B[ee](;W[cc])(;W[gg]))").unwrap();
        assert_eq!(trees.len(), 1);
        let line = trees[0].main_line();
        assert_eq!(line.len(), 3);
        assert_eq!(line[0].value("C"), Some("a ] b\\"));
        assert_eq!(line[2].value("W"), Some("cc"));
    }

    #[test]
    fn old_long_property_names_read_as_short_ones() {
        let trees = parse("(;AddBlack[aa][bb]SiZe[5])").unwrap();
        assert_eq!(trees[0].nodes[0].values("AB").count(), 2);
        assert_eq!(trees[0].nodes[0].value("SZ"), Some("5"));
    }

    #[test]
    fn malformed_files_are_errors_not_panics() {
        for bad in [
            "",
            "(",
            "(;B[aa]",
            "(;B[aa",
            "(;B)",
            "((;))",
            "();",
            "(;SZ[9]))",
        ] {
            let _ = parse(bad);
        }
        assert!(parse("(;B[aa]").is_err());
        assert!(parse("(;SZ[9](;B[aa]);W[bb])").is_err());
        let deep = "(".repeat(100_000) + ";" + &")".repeat(100_000);
        assert!(parse(&deep).is_ok());
    }

    #[test]
    fn loads_setup_moves_and_stops_before_move_n() {
        let tree = &parse("(;SZ[9]KM[6.5]AB[aa:bb]AW[ee];W[cc];B[dd];W[tt])").unwrap()[0];
        let game = load(tree, Until::End, 7.5, Superko::Situational).unwrap();
        assert_eq!(game.komi(), 6.5);
        let b = game.board();
        assert_eq!(b.stone(b.point(0, 8)), Some(Color::Black));
        assert_eq!(b.stone(b.point(1, 7)), Some(Color::Black));
        assert_eq!(b.stone(b.point(4, 4)), Some(Color::White));
        assert_eq!(b.stone(b.point(2, 6)), Some(Color::White));
        assert_eq!(game.moves().len(), 3);
        assert_eq!(game.to_move(), Color::Black);
        let game = load(tree, Until::MoveNumber(2), 7.5, Superko::Situational).unwrap();
        assert_eq!(game.moves().len(), 1);
        assert_eq!(game.to_move(), Color::Black);
        let game = load(tree, Until::Vertex(3, 5), 7.5, Superko::Situational).unwrap();
        assert_eq!(game.moves().len(), 1);
        // A vertex off this board never matches.
        let game = load(tree, Until::Vertex(20, 0), 7.5, Superko::Situational).unwrap();
        assert_eq!(game.moves().len(), 3);
    }

    #[test]
    fn refuses_bad_records() {
        let load_text =
            |t: &str| load(&parse(t).unwrap()[0], Until::End, 7.5, Superko::Situational);
        assert!(load_text("(;SZ[37])").is_err());
        assert!(load_text("(;SZ[9];B[aa];W[aa])").is_err());
        assert!(load_text("(;SZ[9];B[zz])").is_err());
        assert_eq!(load_text("(;SZ[9]KM[])").unwrap().komi(), 7.5);
    }

    /// Arbitrary bytes and mutated records: the parser and the loader answer, never panic.
    #[test]
    fn arbitrary_input_never_panics() {
        use rand::rngs::SmallRng;
        use rand::{RngExt, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(17);
        let seed_record = "(;GM[1]FF[4]SZ[9]KM[7.5]AB[aa:cc]AW[ee](;B[dd]C[x\\]y];W[tt])(;B[]))";
        let alphabet = b"();[]\\:ABWSZKMaeitz019 \n";
        for round in 0..3000 {
            let mut bytes: Vec<u8> = seed_record.bytes().collect();
            for _ in 0..rng.random_range(1..6) {
                let len = bytes.len();
                let i = rng.random_range(0..len.max(1));
                let b = if round % 2 == 0 {
                    rng.random::<u8>()
                } else {
                    alphabet[rng.random_range(0..alphabet.len())]
                };
                match rng.random_range(0..3) {
                    0 if len > 0 => bytes[i] = b,
                    1 => bytes.insert(i.min(len), b),
                    _ if len > 0 => {
                        bytes.remove(i);
                    }
                    _ => {}
                }
            }
            let text = String::from_utf8_lossy(&bytes);
            if let Ok(trees) = parse(&text) {
                for tree in &trees {
                    let _ = load(tree, Until::End, 7.5, Superko::Situational);
                }
            }
        }
    }
}
