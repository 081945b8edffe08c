//! Keeps a finished game: its SGF in the event's `games/` folder (the clock and the rulings
//! in the root node), the report's figures of it, and its record for `results.dat`.

use std::hash::{Hash, Hasher};
use std::io;

use super::results::Record;
use super::schedule::Pairing;
use super::{Event, Played, report};
use crate::board::Move;
use crate::figures;
use crate::sgf::{self, GameInfo};

/// Writes the game's SGF and makes its record.
pub(super) fn record_game(event: &Event, pairing: &Pairing, played: &Played) -> io::Result<Record> {
    let games = event.dir.join("games");
    std::fs::create_dir_all(&games)?;
    let sgf_name = format!("games/{}.sgf", pairing.id);
    let names = event.names();
    let info = GameInfo {
        black: Some(names[pairing.black].clone()),
        white: Some(names[pairing.white].clone()),
        date: Some(sgf::today()),
        result: Some(played.result.sgf()),
    };
    let mut text = sgf::write_annotated(&played.game, &info, &played.annotations);
    // The clock and the rulings go into the root node as well.
    let mut extra = event.rules.clock.sgf_properties();
    if !played.rulings.is_empty() {
        extra.push_str(&format!("GC[{}]", sgf_text(&played.rulings.join("\n"))));
    }
    if let Some(at) = text.find("RU[Chinese]") {
        text.insert_str(at + "RU[Chinese]".len(), &extra);
    }
    std::fs::write(event.dir.join(&sgf_name), text)?;
    write_figures(event, &pairing.id, played)?;
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    format!("{:?}", played.game.steps()).hash(&mut hasher);
    let slowest =
        |i: usize| played.slowest[i].map_or("-".to_string(), |(t, a)| format!("{t:.2}/{a:.2}"));
    Ok(Record {
        id: pairing.id.clone(),
        round: pairing.round,
        black: pairing.black,
        white: pairing.white,
        result: played.result,
        moves: played.moves,
        time: played.time,
        warnings: played.warnings,
        slowest: [slowest(0), slowest(1)],
        line: format!("{:016x}", hasher.finish()),
        sgf: sgf_name,
        rulings: played.rulings.join("; "),
    })
}

/// Playouts behind each point of a game's lead graph: a rough estimate, a fraction of a second
/// for a 9x9 game.
const LEAD_PLAYOUTS: usize = 32;

/// The report's figures of a game that was played: its final position and its lead by move.
fn write_figures(event: &Event, id: &str, played: &Played) -> io::Result<()> {
    if played.moves == 0 {
        return Ok(());
    }
    // The last stone played (the game ends with passes).
    let last = (played.game.moves())
        .filter_map(|(_, mv)| match mv {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        })
        .last();
    let board = figures::final_position(played.game.board(), &played.dead, last);
    std::fs::write(event.dir.join(report::final_position_file(id)), board)?;
    let leads = figures::lead_by_move(&played.game, LEAD_PLAYOUTS);
    std::fs::write(
        event.dir.join(report::lead_graph_file(id)),
        figures::lead_graph(&leads),
    )
}

fn sgf_text(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}
