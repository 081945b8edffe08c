//! The event's HTML report, `report.html`: the settings the games were played under, the
//! standings, Elo ratings with their 95% intervals, the crosstable, each pairing's win rate
//! and every game with a link to its record, its final position and the graph of its lead.
//! Plain HTML and SVG files beside it: no script, nothing fetched from elsewhere.

use std::fmt::Write;
use std::path::Path;

use super::ratings::ratings;
use super::results::Record;
use super::standings::{FIGURES, standings};

/// What the report is about.
pub struct Event<'a> {
    pub title: &'a str,
    /// The settings in plain words, one per line (the results file's header).
    pub settings: &'a [String],
    pub names: &'a [String],
    pub results: &'a [Record],
    /// Swiss byes, worth a win's points.
    pub byes: &'a [usize],
    /// The event folder, where the game files are.
    pub dir: &'a Path,
}

/// The figures of a game in the event folder, beside its record.
pub fn final_position_file(id: &str) -> String {
    format!("games/{id}-final.svg")
}

pub fn lead_graph_file(id: &str) -> String {
    format!("games/{id}-lead.svg")
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

const STYLE: &str = "body{font-family:sans-serif;margin:1em 2em}td,th{padding:2px 8px;\
text-align:right}td.name,th.name{text-align:left}table{border-collapse:collapse;margin-bottom:1em}\
tr:nth-child(even){background:#eee}details img{margin:4px 12px 4px 0;vertical-align:top}";

/// The whole report.
pub fn html(event: &Event) -> String {
    let mut h = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{0}</title>\
         <style>{STYLE}</style></head><body>\n<h1>{0}</h1>\n",
        escape(event.title)
    );
    settings(&mut h, event);
    standings_table(&mut h, event);
    ratings_table(&mut h, event);
    crosstable(&mut h, event);
    pairings(&mut h, event);
    games(&mut h, event);
    h.push_str("</body></html>\n");
    h
}

fn settings(h: &mut String, event: &Event) {
    h.push_str("<h2>Settings</h2>\n<ul>\n");
    for line in event.settings {
        writeln!(h, "<li>{}</li>", escape(line)).unwrap();
    }
    h.push_str("</ul>\n");
}

fn standings_table(h: &mut String, event: &Event) {
    h.push_str("<h2>Standings</h2>\n<table><tr><th>place</th><th class=\"name\">name</th>");
    for words in FIGURES {
        write!(h, "<th>{words}</th>").unwrap();
    }
    h.push_str("</tr>\n");
    for s in standings(event.names.len(), event.results, event.byes) {
        write!(
            h,
            "<tr><td>{}</td><td class=\"name\">{}</td>",
            s.place,
            escape(&event.names[s.entrant])
        )
        .unwrap();
        for figure in s.figures() {
            write!(h, "<td>{figure}</td>").unwrap();
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table>\n");
}

fn ratings_table(h: &mut String, event: &Event) {
    let reference = escape(&event.names[0]);
    writeln!(
        h,
        "<h2>Ratings</h2>\n<p>Elo by maximum likelihood, {reference} fixed at 0; the interval \
         is 95%.</p>\n<table><tr><th class=\"name\">name</th><th>Elo</th><th>95% interval</th></tr>"
    )
    .unwrap();
    let mut rated: Vec<(usize, _)> = ratings(event.names.len(), event.results)
        .into_iter()
        .enumerate()
        .collect();
    rated.sort_by(|a, b| b.1.elo.total_cmp(&a.1.elo));
    for (entrant, r) in rated {
        let interval = match r.margin {
            Some(m) => format!("±{m:.0} ({:.0} to {:.0})", r.elo - m, r.elo + m),
            None if entrant == 0 => "reference".into(),
            None => "–".into(),
        };
        writeln!(
            h,
            "<tr><td class=\"name\">{}</td><td>{:+.0}</td><td>{interval}</td></tr>",
            escape(&event.names[entrant]),
            r.elo
        )
        .unwrap();
    }
    h.push_str("</table>\n");
}

/// Wins, draws and losses of `a` against `b`.
fn record_against(a: usize, b: usize, results: &[Record]) -> [usize; 3] {
    let mut wdl = [0; 3];
    for r in results.iter().filter(|r| r.involves(a) && r.involves(b)) {
        match r.winner() {
            Some(w) if w == a => wdl[0] += 1,
            Some(_) => wdl[2] += 1,
            None if r.is_draw() => wdl[1] += 1,
            None => {}
        }
    }
    wdl
}

fn crosstable(h: &mut String, event: &Event) {
    let table = standings(event.names.len(), event.results, event.byes);
    h.push_str(
        "<h2>Crosstable</h2>\n<p>Each row's wins–draws–losses against each column, by \
         place.</p>\n<table><tr><th></th><th class=\"name\"></th>",
    );
    for i in 1..=table.len() {
        write!(h, "<th>{i}</th>").unwrap();
    }
    h.push_str("</tr>\n");
    for (i, row) in table.iter().enumerate() {
        write!(
            h,
            "<tr><td>{}</td><td class=\"name\">{}</td>",
            i + 1,
            escape(&event.names[row.entrant])
        )
        .unwrap();
        for column in &table {
            let [w, d, l] = record_against(row.entrant, column.entrant, event.results);
            let cell = match (row.entrant == column.entrant, w + d + l) {
                (true, _) => "×".to_string(),
                (false, 0) => String::new(),
                _ => format!("{w}–{d}–{l}"),
            };
            write!(h, "<td>{cell}</td>").unwrap();
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table>\n");
}

fn pairings(h: &mut String, event: &Event) {
    h.push_str(
        "<h2>Pairings</h2>\n<table><tr><th class=\"name\">entrant</th><th class=\"name\">\
         against</th><th>games</th><th>score</th><th>win rate</th><th>95% interval</th></tr>\n",
    );
    let n = event.names.len();
    for a in 0..n {
        for b in a + 1..n {
            let games: Vec<&Record> = event
                .results
                .iter()
                .filter(|r| r.involves(a) && r.involves(b))
                .collect();
            if games.is_empty() {
                continue;
            }
            let score: f64 = games.iter().map(|r| f64::from(r.points(a)) / 2.0).sum();
            let count = games.len() as f64;
            let (low, high) = super::wilson(score, count);
            writeln!(
                h,
                "<tr><td class=\"name\">{}</td><td class=\"name\">{}</td><td>{}</td><td>{score}</td>\
                 <td>{:.1}%</td><td>{:.1}–{:.1}%</td></tr>",
                escape(&event.names[a]),
                escape(&event.names[b]),
                games.len(),
                100.0 * score / count,
                100.0 * low,
                100.0 * high
            )
            .unwrap();
        }
    }
    h.push_str("</table>\n");
}

fn games(h: &mut String, event: &Event) {
    h.push_str(
        "<h2>Games</h2>\n<p>Each game's final position (the last move ringed, dead stones \
         crossed, each side's area marked) and Black's lead by move as tengen estimates it \
         (folded in events of more than 40 games).</p>\n\
         <table><tr><th>game</th><th>round</th><th class=\"name\">Black</th><th class=\"name\">\
         White</th><th>result</th><th>moves</th><th>time B</th><th>time W</th>\
         <th class=\"name\">rulings and figures</th></tr>\n",
    );
    for r in event.results {
        writeln!(
            h,
            "<tr><td><a href=\"{}\">{}</a></td><td>{}</td><td class=\"name\">{}</td>\
             <td class=\"name\">{}</td><td>{}</td><td>{}</td><td>{:.1}</td><td>{:.1}</td>\
             <td class=\"name\">{}{}</td></tr>",
            escape(&r.sgf),
            escape(&r.id),
            r.round,
            escape(&event.names[r.black]),
            escape(&event.names[r.white]),
            escape(&r.result.to_string()),
            r.moves,
            r.time[0],
            r.time[1],
            escape(&r.rulings),
            figures(event.dir, &r.id, event.results.len() <= OPEN_FIGURES)
        )
        .unwrap();
    }
    h.push_str("</table>\n");
}

/// Events of up to this many games show every game's figures open; larger ones fold them.
const OPEN_FIGURES: usize = 40;

/// The game's figures, for those whose files exist; folded unless `open`.
fn figures(dir: &Path, id: &str, open: bool) -> String {
    let images: String = [
        (final_position_file(id), "final position"),
        (lead_graph_file(id), "Black's lead by move"),
    ]
    .iter()
    .filter(|(file, _)| dir.join(file).is_file())
    .map(|(file, what)| {
        format!(
            "<img src=\"{}\" alt=\"{what} of {}\" loading=\"lazy\">",
            escape(file),
            escape(id)
        )
    })
    .collect();
    if images.is_empty() {
        return String::new();
    }
    let open = if open { " open" } else { "" };
    format!("<details{open}><summary>figures</summary>{images}</details>")
}
