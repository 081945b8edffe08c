//! GTP input: the spec's preprocessing of a raw line, the command line itself, and typed
//! arguments (colour, vertex, numbers), all parsed with nom.

use nom::branch::alt;
use nom::bytes::complete::{tag_no_case, take_while1};
use nom::character::complete::{digit1, satisfy, space0, space1};
use nom::combinator::{all_consuming, map, map_res, opt, value};
use nom::multi::separated_list0;
use nom::number::complete::double;
use nom::sequence::terminated;
use nom::{IResult, Parser};

use crate::board::{Board, Color, Move};

/// Applies GTP's preprocessing (spec 3.1) to one raw line: control characters other than HT
/// and LF are removed (CR among them), everything from `#` on is a comment, HT becomes a space.
/// Returns `None` for a line that is then empty. Invalid UTF-8 becomes U+FFFD. Space and tab
/// are GTP's only white space.
pub fn preprocess(raw: &[u8]) -> Option<String> {
    let kept: Vec<u8> = raw
        .iter()
        .copied()
        .filter(|&b| b == b'\t' || b == b'\n' || (b >= 32 && b != 127))
        .collect();
    let text = String::from_utf8_lossy(&kept);
    let text = text
        .split('#')
        .next()
        .unwrap_or("")
        .replace(['\t', '\n'], " ");
    // Only spaces separate words now: other Unicode white space is part of a word.
    let text = text.trim_matches(' ');
    (!text.is_empty()).then(|| text.to_string())
}

/// A command line: optional numeric id, command name, arguments.
#[derive(Debug, PartialEq, Eq)]
pub struct CommandLine<'a> {
    pub id: Option<&'a str>,
    pub name: &'a str,
    pub args: Vec<&'a str>,
}

fn word(input: &str) -> IResult<&str, &str> {
    take_while1(|c: char| c != ' ').parse(input)
}

fn command_line(input: &str) -> IResult<&str, CommandLine<'_>> {
    let (input, id) = opt(terminated(digit1, space1)).parse(input)?;
    let (input, name) = word(input)?;
    let (input, _) = space0(input)?;
    let (input, args) = separated_list0(space1, word).parse(input)?;
    let (input, _) = space0(input)?;
    Ok((input, CommandLine { id, name, args }))
}

/// Splits a preprocessed line into id, name and arguments. A line that is only an id has no
/// command: the error carries the id so that the answer can echo it.
pub fn parse_command_line(line: &str) -> Result<CommandLine<'_>, Option<&str>> {
    match all_consuming(command_line).parse(line) {
        Ok((_, cmd)) if cmd.id.is_none() && cmd.name.bytes().all(|b| b.is_ascii_digit()) => {
            Err(Some(cmd.name))
        }
        Ok((_, cmd)) => Ok(cmd),
        Err(_) => Err(None),
    }
}

/// Parses a whole argument with `parser`, or `None` if any of it is left over or malformed.
fn whole<'a, T>(
    arg: &'a str,
    parser: impl Parser<&'a str, Output = T, Error = nom::error::Error<&'a str>>,
) -> Option<T> {
    all_consuming(parser).parse(arg).ok().map(|(_, v)| v)
}

/// `b`, `w`, `black`, `white`, in any case.
pub fn color(arg: &str) -> Option<Color> {
    whole(
        arg,
        alt((
            value(Color::Black, tag_no_case("black")),
            value(Color::White, tag_no_case("white")),
            value(Color::Black, tag_no_case("b")),
            value(Color::White, tag_no_case("w")),
        )),
    )
}

/// A vertex as written: a column letter (not I) and a row number, e.g. `D4`, `q16`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VertexName {
    pub letter: char,
    pub row: usize,
}

fn vertex_name(input: &str) -> IResult<&str, VertexName> {
    let letter = satisfy(|c: char| c.is_ascii_alphabetic() && !c.eq_ignore_ascii_case(&'i'));
    let row = map_res(digit1, |d: &str| d.parse::<usize>());
    map((letter, row), |(letter, row)| VertexName { letter, row }).parse(input)
}

/// What a move argument says: `pass`, or a vertex (perhaps off this board).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveName {
    Pass,
    Vertex(VertexName),
}

pub fn move_name(arg: &str) -> Option<MoveName> {
    whole(
        arg,
        alt((
            value(MoveName::Pass, tag_no_case("pass")),
            map(vertex_name, MoveName::Vertex),
        )),
    )
}

impl MoveName {
    /// The move on `board`, or `None` for a vertex outside it.
    pub fn on(self, board: &Board) -> Option<Move> {
        match self {
            MoveName::Pass => Some(Move::Pass),
            MoveName::Vertex(v) => board.point_from_name(v.letter, v.row).map(Move::Play),
        }
    }
}

/// A non-negative integer that fits in `usize`.
pub fn int(arg: &str) -> Option<usize> {
    whole(arg, map_res(digit1, |d: &str| d.parse::<usize>()))
}

/// A finite real number such as `7.5`, `-3`, `0.5`.
pub fn float(arg: &str) -> Option<f64> {
    whole(arg, double).filter(|f: &f64| f.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preprocessing_follows_the_spec() {
        assert_eq!(preprocess(b"play b d4\r"), Some("play b d4".into()));
        assert_eq!(preprocess(b"  # only a comment"), None);
        assert_eq!(preprocess(b""), None);
        assert_eq!(preprocess(b"\t\r\x01  "), None);
        assert_eq!(
            preprocess(b"10\tplay\tw\tq16 # c"),
            Some("10 play w q16".into())
        );
        assert_eq!(preprocess(b"na\x00me"), Some("name".into()));
        assert_eq!(
            preprocess(b"name \xff\xfe"),
            Some("name \u{fffd}\u{fffd}".into())
        );
        // Other Unicode white space is no GTP white space: it stays, and makes a word.
        for odd in ["\u{a0}", "\u{85}", "\u{3000}"] {
            assert_eq!(preprocess(odd.as_bytes()), Some(odd.to_string()));
        }
        let line = preprocess("\u{a0}7 showboard".as_bytes()).unwrap();
        let c = parse_command_line(&line).unwrap();
        assert_eq!((c.id, c.name), (None, "\u{a0}7"));
    }

    #[test]
    fn command_lines_split_into_id_name_and_args() {
        let c = parse_command_line("10 play b  d4").unwrap();
        assert_eq!(
            (c.id, c.name, c.args),
            (Some("10"), "play", vec!["b", "d4"])
        );
        let c = parse_command_line("list_commands").unwrap();
        assert_eq!((c.id, c.name, c.args.len()), (None, "list_commands", 0));
        assert_eq!(parse_command_line("42").unwrap_err(), Some("42"));
    }

    #[test]
    fn typed_arguments() {
        assert_eq!(color("B"), Some(Color::Black));
        assert_eq!(color("white"), Some(Color::White));
        assert_eq!(color("WHITE"), Some(Color::White));
        assert_eq!(color("bl"), None);
        assert_eq!(move_name("PASS"), Some(MoveName::Pass));
        assert_eq!(
            move_name("q16"),
            Some(MoveName::Vertex(VertexName {
                letter: 'q',
                row: 16
            }))
        );
        assert_eq!(move_name("i5"), None);
        assert_eq!(move_name("d4x"), None);
        assert_eq!(move_name("4d"), None);
        assert_eq!(move_name("d99999999999999999999999"), None);
        assert_eq!(int("19"), Some(19));
        assert_eq!(int("-1"), None);
        assert_eq!(float("7.5"), Some(7.5));
        assert_eq!(float("-0.5"), Some(-0.5));
        assert_eq!(float("inf"), None);
        assert_eq!(float("nan"), None);
        assert_eq!(float("7.5x"), None);
    }

    #[test]
    fn off_board_vertices_are_recognised() {
        let board = Board::new(9);
        assert_eq!(
            move_name("j9").unwrap().on(&board),
            Some(Move::Play(board.point(8, 8)))
        );
        assert_eq!(move_name("k9").unwrap().on(&board), None);
        assert_eq!(move_name("a10").unwrap().on(&board), None);
        assert_eq!(move_name("a0").unwrap().on(&board), None);
    }
}
