//! GoGui's analysis commands: what `gogui-analyze_commands` offers, and the commands behind
//! it: ownership (shading), visits and win rates per move (labels), the principal variation,
//! and a page of settings.

use super::Engine;
use super::args::expect_args;
use super::error::{GtpError, Reply};
use std::io::Write;
use std::time::Duration;

use crate::board::{Board, Color, Move};
use crate::game::Superko;
use crate::player::{Decision, setting};
use crate::search::Watch;
use crate::search::{Candidate, Report};

/// Type, label and command of each analysis, as GoGui reads them.
const ANALYZE_COMMANDS: &[&str] = &[
    "gfx/Ownership/tengen-ownership",
    "gfx/Visits/tengen-visits",
    "gfx/Win rates/tengen-winrates",
    "var/Principal variation/tengen-pv",
    "param/Settings/tengen-param",
];

/// Moves shown as labels: those with at least this share of the most visited move's visits.
const LABEL_SHARE: u32 = 20;
/// Time between two live pictures.
const LIVE_GFX_EVERY: Duration = Duration::from_millis(500);

/// The root moves worth a label: no pass, and played at least `LABEL_SHARE` percent as often
/// as the most visited move (games through the move, its prior left out).
fn labelled(report: &Report) -> impl Iterator<Item = &Candidate> {
    let most = report.candidates.first().map_or(0, |c| c.visits);
    (report.candidates.iter())
        .filter(move |c| c.visits * 100 >= most * LABEL_SHARE && c.mv != Move::Pass)
}

/// One live picture of a search for `color`: visits as labels, the principal variation as
/// moves, the playouts and best win rate as text; a block ended by an empty line.
fn live_gfx(board: &Board, color: Color, report: &Report) -> String {
    let labels: Vec<String> = labelled(report)
        .map(|c| format!("{} {}", board.move_name(c.mv), c.visits))
        .collect();
    let mut to_play = color;
    let mut line = Vec::new();
    for &mv in &report.pv {
        line.push(format!(
            "{} {}",
            if to_play == Color::Black { "b" } else { "w" },
            board.move_name(mv)
        ));
        to_play = to_play.opponent();
    }
    let winrate = report.candidates.first().map_or(0.5, |c| c.winrate);
    format!(
        "gogui-gfx:\nLABEL {}\nVAR {}\nTEXT {} playouts, best {:.1}%\n\n",
        labels.join(" "),
        line.join(" "),
        report.playouts,
        100.0 * winrate
    )
}

impl Engine {
    /// `genmove` drawing the search as it goes on stderr, where GoGui reads live graphics,
    /// and clearing the picture at the end.
    pub(super) fn genmove_with_live_gfx(&mut self, color: Color) -> Decision {
        let board = self.game.board().clone();
        let mut see = |report: &Report| {
            let _ = std::io::stderr().write_all(live_gfx(&board, color, report).as_bytes());
        };
        let watch = Watch {
            every: LIVE_GFX_EVERY,
            see: &mut see,
        };
        let (decision, _) = self.player.genmove_watched(&self.game, color, Some(watch));
        let _ = std::io::stderr().write_all(b"gogui-gfx: CLEAR\n\n");
        decision
    }

    /// `gogui-analyze_commands`: GoGui's menu of analysis commands, one a line.
    pub(super) fn gogui_analyze_commands(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 0..=0)?;
        Ok(ANALYZE_COMMANDS.join("\n"))
    }

    /// A search of the position for the side to move, for the analysis commands.
    fn analysis(&self) -> Report {
        self.player.analyze(&self.game)
    }

    /// `INFLUENCE` from -1 (White's) to 1 (Black's) for every point.
    pub(super) fn ownership(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 0..=0)?;
        let report = self.analysis();
        let board = self.game.board();
        let values: Vec<String> = board
            .points()
            .map(|p| {
                let [black, white] = report.ownership[p.index()];
                format!("{} {:.2}", board.point_name(p), black - white)
            })
            .collect();
        Ok(format!("INFLUENCE {}", values.join(" ")))
    }

    /// `LABEL` with the given text, from a move's games and win rate, for the moves worth a
    /// label.
    fn labels(&self, text: impl Fn(u32, f64) -> String) -> Reply {
        let report = self.analysis();
        let board = self.game.board();
        let labels: Vec<String> = labelled(&report)
            .map(|c| format!("{} {}", board.move_name(c.mv), text(c.visits, c.winrate)))
            .collect();
        Ok(format!("LABEL {}", labels.join(" ")))
    }

    /// `tengen-visits`: the search's visits per move as GoGui labels.
    pub(super) fn visits(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 0..=0)?;
        self.labels(|visits, _| visits.to_string())
    }

    /// `tengen-winrates`: the search's win rates per move (percent) as GoGui labels.
    pub(super) fn winrates(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 0..=0)?;
        self.labels(|_, winrate| format!("{:.0}", 100.0 * winrate))
    }

    /// The principal variation as `b D4 w Q16 …`, from the side to move.
    pub(super) fn pv(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 0..=0)?;
        let report = self.analysis();
        let mut color = self.game.to_move();
        let mut line = Vec::new();
        for mv in report.pv {
            let letter = if color == Color::Black { "b" } else { "w" };
            line.push(format!("{letter} {}", self.game.board().move_name(mv)));
            color = color.opponent();
        }
        Ok(line.join(" "))
    }

    /// `tengen-param`: the settings page (no arguments), or one setting changed (`key value`).
    pub(super) fn param(&mut self, args: &[&str]) -> Reply {
        let mut s = self.player.settings().clone();
        match args {
            [] => {
                let mut lines: Vec<String> = setting::SETTINGS
                    .iter()
                    .map(|setting| {
                        let kind = if setting.switch { "bool" } else { "string" };
                        let value = setting::value(&s, setting.name);
                        format!("[{kind}] {} {value}", setting.name)
                    })
                    .collect();
                lines.push(format!(
                    "[list/situational/positional] superko {}",
                    self.game.superko().name()
                ));
                return Ok(lines.join("\n"));
            }
            [key] | [key, _] => {
                // GoGui sends an empty value as no argument at all.
                let value = args.get(1).copied().unwrap_or("");
                if *key == "superko" {
                    let kind = Superko::from_name(value).ok_or(GtpError::Syntax)?;
                    self.game.set_superko(kind);
                } else {
                    setting::set(&mut s, key, value).map_err(GtpError::OutOfRange)?;
                }
            }
            _ => return Err(GtpError::Syntax),
        }
        if s.budget.playouts.is_none() && s.budget.time.is_none() {
            s.budget.time = Some(crate::player::DEFAULT_SECONDS);
        }
        self.player.set_settings(s);
        Ok(String::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Superko};
    use crate::player::{Player, Settings};
    use crate::search::Budget;

    #[test]
    fn a_live_picture_is_one_gfx_block() {
        let game = Game::new(9, 7.5, Superko::Situational);
        let player = Player::new(Settings {
            budget: Budget {
                threads: 1,
                playouts: Some(500),
                time: None,
                ..Settings::default().budget
            },
            ..Settings::default()
        });
        let report = player.analyze(&game);
        let block = live_gfx(game.board(), Color::Black, &report);
        let lines: Vec<&str> = block.lines().collect();
        assert_eq!(lines[0], "gogui-gfx:");
        assert!(
            lines[1].starts_with("LABEL ") && lines[1].split(' ').count() >= 3,
            "{block}"
        );
        assert!(lines[2].starts_with("VAR b "), "{block}");
        assert!(lines[3].starts_with("TEXT ") && lines[3].contains("playouts"));
        assert!(block.ends_with("\n\n") && !block.trim_end().contains("\n\n"));
    }
}
