//! `games.csv`: one row a game, for spreadsheets (RFC 4180: comma-separated, fields with a
//! comma, a quote or a line end quoted, quotes doubled).

use super::outcome::Outcome;
use super::results::Record;

const COLUMNS: [&str; 15] = [
    "game",
    "round",
    "black",
    "white",
    "result",
    "winner",
    "winner colour",
    "margin",
    "moves",
    "black seconds",
    "white seconds",
    "black warnings",
    "white warnings",
    "rulings",
    "sgf",
];

fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The winner's margin in points of a counted result (`B+1.5` gives 1.5), empty for other
/// endings.
fn margin(result: Outcome) -> String {
    result
        .points()
        .map_or(String::new(), |m| m.abs().to_string())
}

/// The games as CSV, with a header row.
pub fn games(names: &[String], results: &[Record]) -> String {
    let mut out = COLUMNS.join(",") + "\r\n";
    for r in results {
        let (winner, colour) = match r.winner() {
            Some(w) if w == r.black => (names[w].as_str(), "B"),
            Some(w) => (names[w].as_str(), "W"),
            None if r.is_draw() => ("draw", ""),
            None => ("", ""),
        };
        let row = [
            r.id.clone(),
            r.round.to_string(),
            names[r.black].clone(),
            names[r.white].clone(),
            r.result.to_string(),
            winner.to_string(),
            colour.to_string(),
            margin(r.result),
            r.moves.to_string(),
            format!("{:.1}", r.time[0]),
            format!("{:.1}", r.time[1]),
            r.warnings[0].to_string(),
            r.warnings[1].to_string(),
            r.rulings.clone(),
            r.sgf.clone(),
        ];
        let fields: Vec<String> = row.iter().map(|f| field(f)).collect();
        out.push_str(&fields.join(","));
        out.push_str("\r\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_row_a_game_with_quoted_fields() {
        let names = vec!["tengen".to_string(), "gnu, go".to_string()];
        let mut game = Record {
            id: "g1".into(),
            round: 1,
            black: 0,
            white: 1,
            result: Outcome::parse("W+3.5", "").unwrap(),
            moves: 120,
            time: [10.04, 9.0],
            warnings: [0, 1],
            slowest: ["-".into(), "-".into()],
            line: String::new(),
            sgf: "games/g1.sgf".into(),
            rulings: "a \"ruling\"".into(),
        };
        let text = games(&names, std::slice::from_ref(&game));
        let lines: Vec<&str> = text.split("\r\n").collect();
        assert_eq!(lines[0].split(',').count(), COLUMNS.len());
        assert_eq!(
            lines[1],
            "g1,1,tengen,\"gnu, go\",W+3.5,\"gnu, go\",W,3.5,120,10.0,9.0,0,1,\"a \"\"ruling\"\"\",games/g1.sgf"
        );
        game.result = Outcome::parse("B+Resign", "").unwrap();
        let text = games(&names, &[game]);
        assert!(text.contains(",B+Resign,tengen,B,,120,"), "{text}");
    }
}
