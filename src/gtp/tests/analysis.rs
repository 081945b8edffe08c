//! GoGui's analysis commands and the streaming analysis of Sabaki and Lizzie.

use super::*;

#[test]
fn gogui_analysis_commands_answer_in_gogui_formats() {
    let mut e = quick_engine();
    ok(&mut e, "boardsize 9");
    ok(&mut e, "play b e5");
    let listed = ok(&mut e, "gogui-analyze_commands");
    for line in listed.lines() {
        let fields: Vec<&str> = line.split('/').collect();
        assert_eq!(fields.len(), 3, "{line}");
        assert_eq!(
            ok(&mut e, &format!("known_command {}", fields[2])),
            "true",
            "{line}"
        );
    }
    let influence = ok(&mut e, "tengen-ownership");
    let words: Vec<&str> = influence.split_whitespace().collect();
    assert_eq!(words[0], "INFLUENCE");
    assert_eq!(words.len(), 1 + 2 * 81);
    for pair in words[1..].chunks(2) {
        assert!(e.game().board().point_named(pair[0]).is_some());
        assert!((-1.0..=1.0).contains(&pair[1].parse::<f64>().unwrap()));
    }
    for command in ["tengen-visits", "tengen-winrates"] {
        let labels = ok(&mut e, command);
        let words: Vec<&str> = labels.split_whitespace().collect();
        assert_eq!(words[0], "LABEL");
        assert!(words.len() >= 3 && words.len() % 2 == 1, "{labels}");
        assert!(e.game().board().point_named(words[1]).is_some());
    }
    // The principal variation starts with the side to move and alternates.
    let pv = ok(&mut e, "tengen-pv");
    let words: Vec<&str> = pv.split_whitespace().collect();
    assert!(words.len() >= 2 && words.len() % 2 == 0, "{pv}");
    for (i, pair) in words.chunks(2).enumerate() {
        assert_eq!(pair[0], if i % 2 == 0 { "w" } else { "b" });
    }
}

#[test]
fn the_settings_page_shows_and_changes_settings() {
    let mut e = quick_engine();
    let page = ok(&mut e, "tengen-param");
    assert!(
        page.contains("[string] playouts 200") && page.contains("[bool] never_resign 0"),
        "{page}"
    );
    ok(&mut e, "tengen-param playouts 300");
    ok(&mut e, "tengen-param never_resign 1");
    ok(&mut e, "tengen-param superko positional");
    ok(&mut e, "tengen-param threads 2");
    let page = ok(&mut e, "tengen-param");
    for line in [
        "[string] playouts 300",
        "[bool] never_resign 1",
        "superko positional",
        "[string] threads 2",
    ] {
        assert!(page.contains(line), "{line} in {page}");
    }
    assert_eq!(ok(&mut e, "tengen-superko"), "positional");
    // Clearing the playout limit brings back the default time.
    ok(&mut e, "tengen-param playouts");
    assert!(ok(&mut e, "tengen-param").contains("[string] time 5"));
    let before = ok(&mut e, "tengen-param");
    for bad in [
        "tengen-param bogus 1",
        "tengen-param playouts -5",
        "tengen-param superko ko",
        "tengen-param a b c",
        "tengen-param threads 99999999999999999999",
        "tengen-param threads 100000",
        "tengen-param playouts 9223372036854775808",
        "tengen-param resign_threshold 2",
    ] {
        assert!(err(&mut e, bad).starts_with("syntax error"), "{bad}");
    }
    assert_eq!(ok(&mut e, "tengen-param"), before, "nothing changed");
}

#[test]
fn analysis_arguments_follow_leela_and_katago() {
    use analyze::{Dialect, parse_request};
    let black = Color::Black;
    let board = crate::board::Board::new(9);
    let parse = |args: &str, genmove| {
        let args: Vec<&str> = args.split_whitespace().collect();
        parse_request(&args, &board, Color::White, Dialect::Kata, genmove)
    };
    // Colour and interval are optional for an analysis; the colour to move is the default.
    assert_eq!(parse("", false), parse("w 0", false));
    let full = parse("b 50 maxmoves 3 minmoves 2 ownership true", false).unwrap();
    assert_eq!(
        Ok(full.clone()),
        parse("B interval 50 maxmoves 3 ownership true", false)
    );
    assert!(format!("{full:?}").contains(&format!("color: {black:?}")));
    assert!(format!("{full:?}").contains("interval: Some(500ms)"));
    let avoid = parse("b 10 avoid b d4,e5 1 allow w c3 2", false).unwrap();
    assert!(
        format!("{avoid:?}").contains("until_depth: 1, allow: false"),
        "{avoid:?}"
    );
    assert!(
        format!("{avoid:?}").contains("until_depth: 2, allow: true"),
        "{avoid:?}"
    );
    for bad in [
        "b 10 maxmoves",
        "b 10 avoid b d4",
        "b 10 avoid x d4 1",
        "b 10 avoid b z99 1",
        "b 10 allow b d4 -1",
        "b 10 ownership maybe",
        "b x",
    ] {
        assert!(parse(bad, false).is_err(), "{bad}");
    }
    // A genmove needs its colour.
    assert!(parse("10", true).is_err());
    assert!(parse("w 10", true).is_ok());
    // Leela's dialect knows no ownership.
    let leela = ["b", "ownership", "true"];
    assert!(parse_request(&leela, &board, black, Dialect::Leela, false).is_err());
}

#[test]
fn analysis_commands_answer_in_their_format_and_leave_the_engine_usable() {
    let mut e = quick_engine();
    ok_all(&mut e, &["boardsize 9", "play b e5"]);
    // Without a controller attached nothing can arrive to stop it: one last line and the end.
    let response = send(&mut e, "7 lz-analyze w 10");
    let lines: Vec<&str> = response.trim_end().lines().collect();
    assert_eq!(lines[0], "=7");
    assert!(response.ends_with("\n\n") && !response[..response.len() - 2].contains("\n\n"));
    for line in &lines[1..] {
        assert!(line.starts_with("info move "), "{line}");
    }
    assert_eq!(
        err(&mut e, "lz-analyze w 10 frobnicate 1"),
        "unsupported analysis argument frobnicate"
    );
    assert_eq!(err(&mut e, "genmove_analyze"), "syntax error");
    let response = send(&mut e, "kata-genmove_analyze w 1");
    let last = response.trim_end().lines().last().unwrap();
    let played = last.strip_prefix("play ").expect("a play line");
    assert_eq!(ok(&mut e, "list_stones w"), played);
    assert_eq!(e.game().move_count(), 2);
    // With interval 0 the one line comes at the end, before the move.
    let response = send(&mut e, "kata-genmove_analyze b 0");
    let lines: Vec<&str> = response.trim_end().lines().collect();
    assert_eq!(lines.len(), 3, "{response}");
    assert!(lines[1].starts_with("info move "), "{response}");
}

/// Lizzie sends `avoid` and `allow` when a user excludes moves: the avoided moves are left out
/// of the search itself, so they are neither shown nor played. (Without a controller an
/// analysis ends at once; the genmove variants search their playouts.)
#[test]
fn avoided_moves_are_neither_shown_nor_played() {
    let mut e = quick_engine();
    ok_all(&mut e, &["boardsize 9", "play b e5"]);
    // The moves of the info line, and the move played; the move is taken back.
    let mut analyse = |args: &str| -> (Vec<String>, String) {
        let response = send(&mut e, &format!("lz-genmove_analyze w 0 {args}"));
        let moves = (response.lines())
            .flat_map(|l| l.split("info move ").skip(1))
            .map(|group| group.split_whitespace().next().unwrap().to_string())
            .collect();
        let played = response.trim_end().lines().last().unwrap();
        let played = played.strip_prefix("play ").unwrap().to_string();
        ok(&mut e, "undo");
        (moves, played)
    };
    let (free, _) = analyse("");
    let top: Vec<String> = free.iter().take(3).cloned().collect();
    assert_eq!(top.len(), 3, "{free:?}");
    let (shown, played) = analyse(&format!("avoid w {} 1", top.join(",")));
    assert!(
        !shown.is_empty() && shown.iter().all(|m| !top.contains(m)),
        "{top:?}: {shown:?}"
    );
    assert!(!top.contains(&played), "{top:?}: {played}");
    let (shown, played) = analyse("allow w c3,g7 1");
    assert!(
        shown
            .iter()
            .all(|m| ["C3", "G7", "pass"].contains(&m.as_str())),
        "{shown:?}"
    );
    assert!(["C3", "G7"].contains(&played.as_str()), "{played}");
    // The next search is free again: the restricted tree was not kept.
    let (again, _) = analyse("");
    assert!(again.iter().take(3).any(|m| top.contains(m)), "{again:?}");
}

/// The labels count the games played through a move, as lz-analyze and the live picture do:
/// the prior's virtual games are left out, so the visits of all the labelled moves together
/// stay within the search's 200 playouts.
#[test]
fn gogui_labels_count_only_the_games_played() {
    let mut e = quick_engine();
    ok(&mut e, "boardsize 19");
    let labels = ok(&mut e, "tengen-visits");
    let visits: u32 = labels
        .split_whitespace()
        .skip(2)
        .step_by(2)
        .map(|v| v.parse::<u32>().unwrap())
        .sum();
    assert!((1..=200).contains(&visits), "{labels}");
}

/// The visits and `scoreLead` of each move in the line that `kata-genmove_analyze COLOUR 0`
/// shows, for the player to move; the move is taken back.
fn score_leads(e: &mut Engine, color: &str) -> Vec<(String, u32, f64)> {
    let response = send(e, &format!("kata-genmove_analyze {color} 0"));
    ok(e, "undo");
    let line = response.lines().find(|l| l.starts_with("info ")).unwrap();
    line.split("info move ")
        .skip(1)
        .map(|group| {
            let words: Vec<&str> = group.split_whitespace().collect();
            let field = |name: &str| {
                let at = words.iter().position(|w| *w == name).expect(name);
                words[at + 1].parse::<f64>().unwrap()
            };
            assert!(field("scoreStdev") >= 0.0, "{group}");
            assert!(field("scoreMean").is_finite(), "{group}");
            (
                words[0].to_string(),
                field("visits") as u32,
                field("scoreLead"),
            )
        })
        .collect()
}

/// On a finished 9x9 board (Black's wall on column E, White's on F) the area count is B+9
/// before komi: the score lead of every move with a few games behind it is that count less
/// komi, within a point, from the side to move's view, at any komi. (The mean is not: now
/// and then a playout kills a wall.)
#[test]
fn the_score_lead_of_a_finished_position_is_the_count() {
    let cases = [
        (7.5, "b", 1.5),
        (7.5, "w", -1.5),
        (0.5, "b", 8.5),
        (15.5, "w", 6.5),
    ];
    for (komi, color, lead) in cases {
        let mut e = quick_engine();
        ok_all(&mut e, &["boardsize 9", &format!("komi {komi}")]);
        for row in 1..=9 {
            ok(&mut e, &format!("play b e{row}"));
            ok(&mut e, &format!("play w f{row}"));
        }
        if color == "w" {
            ok(&mut e, "play b pass");
        }
        let leads = score_leads(&mut e, color);
        let searched: Vec<_> = leads.iter().filter(|m| m.1 >= 20).collect();
        assert!(!searched.is_empty(), "{leads:?}");
        for (mv, _, score) in searched {
            let off = (score - lead).abs();
            assert!(off <= 1.0, "komi {komi}, {color} {mv}: {score}");
        }
    }
}

/// On an empty 9x9 board komi makes the game about even: the lead of the opening moves the
/// search tried most is within a few points of nothing at komi 7.5, and komi's 7 points move
/// it by about 7.
#[test]
fn the_score_lead_of_an_opening_is_about_komis_advantage() {
    let opening = |komi: f64| {
        let mut config = Config::default();
        config.player.budget.playouts = Some(10_000);
        config.player.budget.time = None;
        config.player.budget.threads = 1;
        let mut e = Engine::new(config);
        ok_all(&mut e, &["boardsize 9", &format!("komi {komi}")]);
        let leads = score_leads(&mut e, "b");
        let tried: Vec<f64> = leads.iter().filter(|m| m.1 >= 300).map(|m| m.2).collect();
        tried.iter().sum::<f64>() / tried.len() as f64
    };
    let (fair, small) = (opening(7.5), opening(0.5));
    assert!(fair.abs() < 4.0, "komi 7.5: {fair}");
    let moved = small - fair;
    assert!((moved - 7.0).abs() < 3.0, "komi 0.5: {small}, 7.5: {fair}");
}
