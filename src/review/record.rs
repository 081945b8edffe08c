//! The reviewed copy of the record: every move with a comment (the win rate and the lead before
//! and after it, tengen's preferred move and what the move lost), each side's biggest mistakes
//! marked with the better move as a variation, and a summary in the root. Standard FF[4]
//! properties only (`C`, `TR`, variations), so that every SGF reader shows them.

use super::evaluation::MoveReview;
use super::{Review, side};
use crate::board::{Color, Move};
use crate::game::Game;
use crate::game::score::{GameResult, points_text};
use crate::sgf::{self, Note};

/// Moves of the better line a mistake's variation shows.
const VARIATION_MOVES: usize = 8;

/// Black's lead as people read it: `B+1.5`, `W+3.0`, or `even`.
pub fn lead_text(margin: f64) -> String {
    if margin == 0.0 {
        "even".into()
    } else {
        GameResult { margin }.to_string()
    }
}

pub fn percent(fraction: f64) -> String {
    format!("{:.1}%", 100.0 * fraction)
}

/// The comment on a move: what it did to Black's win rate and lead, and what tengen
/// preferred.
fn move_comment(game: &Game, r: &MoveReview, rank: Option<usize>) -> String {
    let board = game.board();
    let name = |m: Move| board.move_name(m);
    let mut text = format!(
        "Move {}: {} {}\nBlack's win rate {} -> {}\nBlack's lead {} -> {}\n",
        r.number,
        side(r.color),
        name(r.played),
        percent(r.before.0),
        percent(r.after.0),
        lead_text(r.before.1),
        lead_text(r.after.1),
    );
    if r.agrees() {
        text.push_str("tengen's choice too.");
    } else {
        text.push_str(&format!(
            "tengen prefers {}. This move lost {} points and {} of win rate.",
            name(r.preferred),
            points_text(r.points_lost),
            percent(r.winrate_lost)
        ));
    }
    if let Some(rank) = rank {
        text.push_str(&format!(
            "\n{}'s mistake number {rank}: see the variation.",
            side(r.color)
        ));
    }
    text
}

/// The line tengen preferred instead of a mistake, with the colours of the players.
fn variation(r: &MoveReview) -> Vec<(Color, Move)> {
    let mut color = r.color;
    r.line
        .iter()
        .take(VARIATION_MOVES)
        .map(|&mv| {
            let step = (color, mv);
            color = color.opponent();
            step
        })
        .collect()
}

/// The root's comment: how the review was made and each side's biggest mistakes.
fn summary(review: &Review) -> String {
    let mut text = format!(
        "Reviewed by tengen {} under the Chinese rules (area counting), komi {}, {}.\n",
        env!("CARGO_PKG_VERSION"),
        review.game.komi(),
        review.budget
    );
    if let Some(note) = &review.rules_note {
        text.push_str(note);
        text.push('\n');
    }
    for color in [Color::Black, Color::White] {
        let mistakes = review.mistakes(color);
        text.push_str(&format!("{}'s biggest mistakes:", side(color)));
        if mistakes.is_empty() {
            text.push_str(" none found.");
        }
        for r in mistakes {
            text.push_str(&format!(
                "\n  move {} ({}): lost {} points and {}, {} was better",
                r.number,
                review.game.board().move_name(r.played),
                points_text(r.points_lost),
                percent(r.winrate_lost),
                review.game.board().move_name(r.preferred)
            ));
        }
        text.push('\n');
    }
    text
}

/// The reviewed record as SGF text.
pub fn write(review: &Review) -> String {
    let game = &review.game;
    let mut notes = vec![Note::default(); game.steps().len()];
    for r in &review.moves {
        let rank = review.rank(r);
        let mut comment = move_comment(game, r, rank);
        if let Some(own) = review.comments.on_move(r.number) {
            comment = format!("{own}\n\n{comment}");
        }
        let mut note = Note {
            properties: sgf::comment(&comment),
            ..Note::default()
        };
        if rank.is_some() {
            if let Move::Play(p) = r.preferred {
                note.properties
                    .push_str(&sgf::point_property(game, "TR", p));
            }
            note.variation = variation(r);
            note.variation_properties = sgf::comment(&format!(
                "tengen's line instead of move {} ({} points better)",
                r.number,
                points_text(r.points_lost)
            ));
        }
        notes[r.step] = note;
    }
    let root = match &review.comments.root {
        Some(own) => sgf::comment(&format!("{own}\n\n{}", summary(review))),
        None => sgf::comment(&summary(review)),
    };
    sgf::write_with_notes(game, &review.info, &root, &notes)
}
