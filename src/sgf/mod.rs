//! SGF game records: parsing (`parse`), replaying a main line into a game (`load`), and writing
//! a game (`write`). The same API serves `loadsgf`/`printsgf` and the referee.

mod load;
mod parse;
mod write;

pub use load::{Record, Until, load};
pub use parse::{GameTree, Node, parse};
pub use write::{Note, comment, point_property, today, write, write_annotated, write_with_notes};

/// What a record says about a game besides its moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameInfo {
    pub black: Option<String>,
    pub white: Option<String>,
    pub date: Option<String>,
    pub result: Option<String>,
}

/// The text of an SGF file: UTF-16 (with a byte-order mark) decoded, a UTF-8 byte-order mark
/// dropped, anything else read as UTF-8 with invalid bytes replaced. The structure of SGF is
/// ASCII, so files in GB2312, Shift_JIS or EUC-KR load the same position; only their names and
/// comments come out garbled.
pub fn decode(bytes: &[u8]) -> String {
    let utf16 = |big_endian: bool| {
        let units: Vec<u16> = bytes[2..]
            .chunks_exact(2)
            .map(|c| {
                if big_endian {
                    u16::from_be_bytes([c[0], c[1]])
                } else {
                    u16::from_le_bytes([c[0], c[1]])
                }
            })
            .collect();
        String::from_utf16_lossy(&units)
    };
    match bytes {
        [0xFF, 0xFE, ..] => utf16(false),
        [0xFE, 0xFF, ..] => utf16(true),
        [0xEF, 0xBB, 0xBF, rest @ ..] => String::from_utf8_lossy(rest).into_owned(),
        _ => String::from_utf8_lossy(bytes).into_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;
    use crate::game::Superko;

    /// Parses `text` and replays its first game to the end.
    fn read(text: &str) -> Result<Record, String> {
        load(&parse(text)?[0], Until::End, 7.5, Superko::Situational)
    }

    #[test]
    fn parses_trees_escapes_and_variations() {
        let trees = parse("(;FF[4]C[a \\] b\\\\]SZ[9];B[ee](;W[cc])(;W[gg]))").unwrap();
        assert_eq!(trees.len(), 1);
        let line = trees[0].main_line();
        assert_eq!(line.len(), 3);
        assert_eq!(line[0].value("C"), Some("a ] b\\"));
        assert_eq!(line[2].value("W"), Some("cc"));
    }

    /// Variations nested `depth` deep, one move in each.
    fn nested(depth: usize) -> String {
        format!("(;SZ[9]{}{})", "(;B[aa]".repeat(depth), ")".repeat(depth))
    }

    /// A million setup stones in one node, or a million nodes, would take hundreds of
    /// megabytes as a tree: refused with the limit, before they are read.
    #[test]
    fn files_of_a_million_values_are_refused() {
        let values = "AB[aa]".repeat(parse::MAX_VALUES + 1);
        for text in [
            format!("(;SZ[19]{values})"),
            format!("(;SZ[19];{})", values.replace("AB", ";AB")),
        ] {
            let error = parse(&text).unwrap_err();
            assert!(error.contains("300000 property values"), "{error}");
        }
        assert!(parse(&format!("(;SZ[19]{})", "AB[aa]".repeat(1000))).is_ok());
    }

    #[test]
    fn variations_nest_up_to_the_limit_and_no_deeper() {
        let deepest = parse(&nested(parse::MAX_DEPTH - 1)).unwrap();
        assert_eq!(deepest[0].main_line().len(), parse::MAX_DEPTH);
        drop(deepest);
        // A million levels hold a million values: refused before the nesting is read.
        for (depth, words) in [
            (parse::MAX_DEPTH, "nested deeper"),
            (1_000_000, "property values"),
        ] {
            let refused = parse(&nested(depth)).unwrap_err();
            assert!(refused.contains(words), "{refused}");
        }
        // Nodes after variations open implicit variations, which count too.
        let implicit = format!("(;SZ[9]{})", "(;B[aa]);W[bb]".repeat(parse::MAX_DEPTH));
        assert!(parse(&implicit).unwrap_err().contains("nested deeper"));
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
        assert!(parse("(;B[aa]").unwrap()[0].nodes.len() == 1);
        assert!(parse("((").is_err());
        // A node after a variation starts another variation.
        let trees = parse("(;SZ[9](;B[aa]);W[bb];B[cc])").unwrap();
        assert_eq!(trees[0].variations.len(), 2);
        assert_eq!(trees[0].variations[1].nodes.len(), 2);
        // Empty trees and trees wrapped in extra parentheses are read through.
        let trees = parse("(;SZ[9](((;B[aa])))(;W[bb]))").unwrap();
        assert_eq!(trees[0].variations.len(), 2);
        assert_eq!(trees[0].main_line()[1].value("B"), Some("aa"));
        let deep = "(".repeat(100_000) + ";" + &")".repeat(100_000);
        assert!(parse(&deep).is_ok());
    }

    #[test]
    fn loads_setup_moves_and_stops_before_move_n() {
        let tree = &parse("(;SZ[9]KM[6.5]AB[aa:bb]AW[ee];W[cc];B[dd];W[tt])").unwrap()[0];
        let game = load(tree, Until::End, 7.5, Superko::Situational)
            .unwrap()
            .game;
        assert_eq!(game.komi(), 6.5);
        let b = game.board();
        assert_eq!(b.stone(b.point(0, 8)), Some(Color::Black));
        assert_eq!(b.stone(b.point(1, 7)), Some(Color::Black));
        assert_eq!(b.stone(b.point(4, 4)), Some(Color::White));
        assert_eq!(b.stone(b.point(2, 6)), Some(Color::White));
        assert_eq!(game.move_count(), 3);
        assert_eq!(game.to_move(), Color::Black);
        let game = load(tree, Until::MoveNumber(2), 7.5, Superko::Situational)
            .unwrap()
            .game;
        assert_eq!(game.move_count(), 1);
        assert_eq!(game.to_move(), Color::Black);
        let game = load(tree, Until::Vertex(3, 5), 7.5, Superko::Situational)
            .unwrap()
            .game;
        assert_eq!(game.move_count(), 1);
        // A vertex off this board never matches.
        let game = load(tree, Until::Vertex(20, 0), 7.5, Superko::Situational)
            .unwrap()
            .game;
        assert_eq!(game.move_count(), 3);
    }

    #[test]
    fn refuses_bad_records() {
        assert!(read("(;SZ[37])").is_err());
        assert!(read("(;SZ[9];B[aa];W[aa])").is_err());
        assert!(read("(;SZ[9];B[zz])").is_err());
        assert_eq!(read("(;SZ[9]KM[])").unwrap().game.komi(), 7.5);
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

    #[test]
    fn tolerates_what_real_files_do() {
        // White space between `(` and `;`, a missing first `;`, CR LF, human-readable moves.
        for text in [
            "(\r\n;SZ[9];B[ee])",
            "(SZ[9];B[ee])",
            "(;SZ[9];B[E5])",
            "\u{feff}(;SZ[9]\r\n;B[ee])",
        ] {
            let record = read(text).unwrap();
            let b = record.game.board();
            assert_eq!(b.stone(b.point(4, 4)), Some(Color::Black), "{text}");
        }
        let record = read("(;SZ[19];B[R16];W[Pass])").unwrap();
        assert_eq!(record.game.move_count(), 2);
    }

    #[test]
    fn utf16_and_byte_order_marks_are_decoded() {
        let text = "(;SZ[9]PB[黑];B[ee])";
        let mut le = vec![0xFF, 0xFE];
        le.extend(text.encode_utf16().flat_map(|u| u.to_le_bytes()));
        let mut be = vec![0xFE, 0xFF];
        be.extend(text.encode_utf16().flat_map(|u| u.to_be_bytes()));
        let mut bom = vec![0xEF, 0xBB, 0xBF];
        bom.extend(text.bytes());
        for bytes in [le, be, bom] {
            assert_eq!(decode(&bytes), text);
        }
    }

    #[test]
    fn setup_in_later_nodes_is_a_step_that_undo_takes_back() {
        let tree = &parse("(;SZ[9];B[ee];AW[cc][dd]AE[ee];W[ff])").unwrap()[0];
        let mut game = load(tree, Until::End, 7.5, Superko::Situational)
            .unwrap()
            .game;
        let b = game.board();
        assert_eq!(b.stone(b.point(4, 4)), None);
        assert_eq!(b.stone(b.point(2, 6)), Some(Color::White));
        assert_eq!(game.move_count(), 2);
        assert_eq!(game.steps().len(), 3);
        game.undo();
        game.undo();
        let b = game.board();
        assert_eq!(b.stone(b.point(4, 4)), Some(Color::Black));
        assert_eq!(b.stone(b.point(2, 6)), None);
    }

    #[test]
    fn handicap_and_turn_come_from_the_record() {
        let tree = &parse("(;SZ[9]HA[2]AB[cc][gg];W[ee])").unwrap()[0];
        let game = load(tree, Until::End, 0.5, Superko::Situational)
            .unwrap()
            .game;
        assert_eq!((game.handicap(), game.to_move()), (2, Color::Black));
        let game = load(tree, Until::MoveNumber(1), 0.5, Superko::Situational)
            .unwrap()
            .game;
        assert_eq!(game.to_move(), Color::White);
        // PL and two moves of one colour in a row.
        let tree = &parse("(;SZ[9]AB[aa]PL[W];W[ee];W[ff])").unwrap()[0];
        let game = load(tree, Until::MoveNumber(2), 0.5, Superko::Situational)
            .unwrap()
            .game;
        assert_eq!((game.move_count(), game.to_move()), (1, Color::White));
    }

    #[test]
    fn written_games_read_back_the_same() {
        let text = "(;SZ[9]KM[6.5]HA[2]PB[A \\] B]AB[cc][gg];W[ee];B[dd];AW[aa]AE[cc];W[];B[ff])";
        let record = read(text).unwrap();
        let info = GameInfo {
            result: Some("B+3.5".into()),
            ..record.info.clone()
        };
        let written = write(&record.game, &info);
        let again = read(&written).unwrap();
        assert!(again.game.board() == record.game.board());
        assert_eq!(again.game.steps(), record.game.steps());
        assert_eq!((again.game.komi(), again.game.handicap()), (6.5, 2));
        assert_eq!(again.info.black.as_deref(), Some("A ] B"));
        assert_eq!(again.info.result.as_deref(), Some("B+3.5"));
        assert!(written.starts_with("(;FF[4]GM[1]CA[UTF-8]"));
        assert!(written.contains("RU[Chinese]"));
    }

    #[test]
    fn old_style_turns_cut_off_files_and_large_files() {
        let tree = &parse("(;SZ[9]AB[aa]PL[2])").unwrap()[0];
        let game = load(tree, Until::End, 7.5, Superko::Situational)
            .unwrap()
            .game;
        assert_eq!(game.to_move(), Color::White);
        // A file cut off before its last parenthesis keeps what it has.
        let tree = &parse("(;SZ[9];B[ee];W[cc]").unwrap()[0];
        assert_eq!(
            load(tree, Until::End, 7.5, Superko::Situational)
                .unwrap()
                .game
                .move_count(),
            2
        );
        // A 10 MB comment and a long main line are read, not choked on.
        let big = format!(
            "(;SZ[19]C[{}]{})",
            "x".repeat(10 << 20),
            ";B[aa];W[bb];B[];W[]".repeat(5000)
        );
        let tree = &parse(&big).unwrap()[0];
        assert_eq!(tree.main_line().len(), 20_001);
    }
}
