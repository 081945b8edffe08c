//! The SGF parser: text to a collection of game trees.
//!
//! Tree structure is parsed with an explicit stack, so deeply nested files cannot overflow the
//! call stack. Property names keep only their upper-case letters, so the long lower-case names
//! of old files (`AddBlack` written as `AddBlack[..]`) read as `AB`.

use nom::bytes::complete::take_while1;
use nom::character::complete::{char, multispace0};
use nom::multi::many0;
use nom::sequence::preceded;
use nom::{IResult, Parser};

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

/// The properties of a node, after its `;`.
fn node_body(input: &str) -> IResult<&str, Node> {
    let (input, properties) = many0(preceded(multispace0, property)).parse(input)?;
    Ok((input, Node { properties }))
}

/// Where the first game tree starts: a `(` followed, perhaps after white space, by `;` or by
/// a property name (some writers leave out the first `;`).
fn first_tree(text: &str) -> Option<usize> {
    text.match_indices('(').map(|(i, _)| i).find(|&i| {
        let next = text[i + 1..].trim_start().chars().next();
        matches!(next, Some(c) if c == ';' || c.is_ascii_uppercase())
    })
}

/// The deepest nesting of variations read. Real records stay far below; a deeper file is
/// refused, as the trees it would make are dropped, cloned and compared by recursion.
pub const MAX_DEPTH: usize = 2_000;

/// The most property values a file may hold (counted as its `[`s): a record of the longest
/// game (`game::MAX_STEPS` moves) fits, and a file of a million setup stones or nodes, which
/// would take hundreds of megabytes as a tree, is refused before it is read.
pub const MAX_VALUES: usize = 300_000;

/// An open game tree, and whether it was opened by a `(` or implicitly (see `parse`).
type OpenTree = (GameTree, bool);

/// Closes the innermost open tree and hands it to its parent, or to the collection. A tree
/// without nodes of its own (`((;B[aa]))`, `()`) passes its variations up instead. Returns
/// whether the closed tree was implicit.
fn close(open: &mut Vec<OpenTree>, collection: &mut Vec<GameTree>) -> bool {
    let (tree, implicit) = open.pop().expect("an open tree");
    let trees = if tree.nodes.is_empty() {
        tree.variations
    } else {
        vec![tree]
    };
    match open.last_mut() {
        Some((parent, _)) => parent.variations.extend(trees),
        None => collection.extend(trees),
    }
    implicit
}

/// Parses an SGF collection. Text before the first game tree (mail headers, a BOM) is skipped.
/// A node that follows a variation (not valid SGF, but old files have it) starts an implicit
/// variation that ends with its parent, as GoGui reads it.
pub fn parse(text: &str) -> Result<Vec<GameTree>, String> {
    if text.bytes().filter(|&b| b == b'[').count() > MAX_VALUES {
        return Err(format!("more than {MAX_VALUES} property values"));
    }
    let start = first_tree(text).ok_or("no game tree in the file")?;
    let mut input = &text[start..];
    let mut collection = Vec::new();
    let mut open: Vec<OpenTree> = Vec::new();
    loop {
        input = input.trim_start();
        match input.chars().next() {
            Some('(') if open.len() >= MAX_DEPTH => {
                return Err(format!("variations nested deeper than {MAX_DEPTH}"));
            }
            Some('(') => {
                open.push((GameTree::default(), false));
                input = &input[1..];
            }
            Some(c) if !open.is_empty() && (c == ';' || c.is_ascii_uppercase()) => {
                // A property right after `(` is a node whose `;` was left out.
                let missing_semicolon = c != ';';
                if missing_semicolon && !open.last().is_some_and(|(t, _)| t.nodes.is_empty()) {
                    return Err(syntax_error(text, input));
                }
                let body = if missing_semicolon {
                    input
                } else {
                    &input[1..]
                };
                let (rest, n) = node_body(body).map_err(|_| syntax_error(text, input))?;
                if open.last().is_some_and(|(t, _)| !t.variations.is_empty()) {
                    if open.len() >= MAX_DEPTH {
                        return Err(format!("variations nested deeper than {MAX_DEPTH}"));
                    }
                    open.push((GameTree::default(), true));
                }
                open.last_mut().expect("an open tree").0.nodes.push(n);
                input = rest;
            }
            Some(')') if !open.is_empty() => {
                while close(&mut open, &mut collection) {}
                input = &input[1..];
            }
            None if open.is_empty() => return Ok(collection),
            // A file cut off before its last `)`s: keep what was read, as GNU Go and Sabaki do.
            None if collection.is_empty() && open.iter().all(|(t, _)| t.nodes.is_empty()) => {
                return Err("the file ends inside a game tree".to_string());
            }
            None => {
                log::warn!("SGF ends before its game tree is closed");
                while !open.is_empty() {
                    close(&mut open, &mut collection);
                }
                return Ok(collection);
            }
            // Anything after the last tree is ignored, as other readers do.
            Some(_) if open.is_empty() && !collection.is_empty() => return Ok(collection),
            Some(_) => return Err(syntax_error(text, input)),
        }
    }
}

fn syntax_error(text: &str, rest: &str) -> String {
    format!("SGF syntax error at byte {}", text.len() - rest.len())
}
