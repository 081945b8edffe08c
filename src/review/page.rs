//! The review as a page: Black's win rate and lead over the game with the mistakes marked, a
//! table of each side's biggest mistakes, and at each of them a diagram of the position with
//! the move played and tengen's line. One HTML file with its pictures inline: no script,
//! nothing fetched from elsewhere.

use std::fmt::Write;

use super::evaluation::MoveReview;
use super::record::{lead_text, percent};
use super::{Review, side};
use crate::board::{Color, Move};
use crate::figures::{self, Mark, Scale};
use crate::game::score::points_text;

/// Moves of tengen's line a mistake's diagram numbers.
const LINE_MOVES: usize = 6;

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

const STYLE: &str = "body{font-family:sans-serif;margin:1em 2em;max-width:60em}td,th{padding:2px \
8px;text-align:right}th.l,td.l{text-align:left}table{border-collapse:collapse;margin-bottom:1em}\
tr:nth-child(even){background:#eee}figure{display:inline-block;margin:0 1em 1em 0}";

/// The whole page.
pub fn html(review: &Review) -> String {
    let info = &review.info;
    let player =
        |name: &Option<String>, color| name.clone().unwrap_or_else(|| side(color).to_string());
    let title = format!(
        "Review: {} (Black) against {} (White)",
        player(&info.black, Color::Black),
        player(&info.white, Color::White)
    );
    let mut h = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{0}</title>\
         <style>{STYLE}</style></head><body>\n<h1>{0}</h1>\n<p>",
        escape(&title)
    );
    if let Some(result) = &info.result {
        write!(h, "Result in the record: {}. ", escape(result)).unwrap();
    }
    write!(
        h,
        "Reviewed by tengen {} under the Chinese rules (area counting), komi {}, {}.",
        env!("CARGO_PKG_VERSION"),
        review.game.komi(),
        escape(&review.budget)
    )
    .unwrap();
    if let Some(note) = &review.rules_note {
        write!(h, " {}", escape(note)).unwrap();
    }
    h.push_str("</p>\n");
    graphs(&mut h, review);
    table(&mut h, review);
    diagrams(&mut h, review);
    h.push_str("</body></html>\n");
    h
}

/// The win rate and the lead after every move, the mistakes marked by their move numbers.
fn graphs(h: &mut String, review: &Review) {
    let marked: Vec<usize> = [Color::Black, Color::White]
        .iter()
        .flat_map(|&c| review.mistakes(c))
        .map(|r| r.step + 1)
        .collect();
    let winrates: Vec<f64> = review.values.iter().map(|v| v.0).collect();
    let leads: Vec<f64> = review.values.iter().map(|v| v.1).collect();
    h.push_str("<h2>The game</h2>\n");
    for (values, scale, what) in [
        (&winrates, Scale::WinRate, "win rate"),
        (&leads, Scale::Lead, "lead"),
    ] {
        writeln!(
            h,
            "<figure role=\"img\" aria-label=\"Black's {what} by move\">{}</figure>",
            figures::graph(values, scale, &marked)
        )
        .unwrap();
    }
}

fn table(h: &mut String, review: &Review) {
    h.push_str(
        "<h2>Biggest mistakes</h2>\n<table><tr><th class=\"l\">side</th><th>move</th>\
         <th>played</th><th>better</th><th>points lost</th><th>win rate lost</th></tr>\n",
    );
    for color in [Color::Black, Color::White] {
        for r in review.mistakes(color) {
            let name = |m: Move| review.game.board().move_name(m);
            writeln!(
                h,
                "<tr><td class=\"l\">{}</td><td><a href=\"#move-{}\">{}</a></td><td>{}</td>\
                 <td>{}</td><td>{}</td><td>{}</td></tr>",
                side(color),
                r.number,
                r.number,
                name(r.played),
                name(r.preferred),
                points_text(r.points_lost),
                percent(r.winrate_lost)
            )
            .unwrap();
        }
    }
    h.push_str("</table>\n");
}

/// A diagram at each mistake: the position before it, the move played ringed in red, and
/// tengen's line numbered from its first move, ringed in green.
fn diagrams(h: &mut String, review: &Review) {
    let mut mistakes: Vec<&MoveReview> = [Color::Black, Color::White]
        .iter()
        .flat_map(|&c| review.mistakes(c))
        .collect();
    mistakes.sort_by_key(|r| r.number);
    for r in mistakes {
        let board = &review.boards[r.step];
        let mut marks = Vec::new();
        if let Move::Play(p) = r.played {
            marks.push(Mark::Played(p, r.color));
        }
        let mut color = r.color;
        for (k, &mv) in r.line.iter().take(LINE_MOVES).enumerate() {
            // A line that comes back to a point already marked would hide the first mark.
            if let Move::Play(p) = mv
                && !marks
                    .iter()
                    .any(|m| matches!(m, Mark::Numbered(q, _, _) if *q == p))
            {
                marks.push(Mark::Numbered(p, color, k + 1));
            }
            color = color.opponent();
        }
        let name = |m: Move| board.move_name(m);
        write!(
            h,
            "<h3 id=\"move-{0}\">Move {0}: {1} {2}</h3>\n<p>It lost {3} points and {4} of win \
             rate (Black's lead {5} before, {6} after). Better was {7}, numbered 1 with \
             tengen's line.</p>\n<figure role=\"img\" aria-label=\"the position before move \
             {0}\">{8}</figure>\n",
            r.number,
            side(r.color),
            name(r.played),
            points_text(r.points_lost),
            percent(r.winrate_lost),
            lead_text(r.before.1),
            lead_text(r.after.1),
            name(r.preferred),
            figures::diagram(board, &marks)
        )
        .unwrap();
    }
}
