//! The clock: the time systems of the rules (art. 12) as GTP, KGS and OGS send them, and the
//! time to spend on the next move. Every deadline keeps a lag allowance in reserve, and all
//! arithmetic clamps instead of failing on odd values.

/// A time system.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeSystem {
    /// No limit (or none known).
    None,
    /// Main time only; running out loses.
    Absolute { main: f64 },
    /// Main time, then `periods` periods of `period` seconds; a move inside a period costs
    /// nothing, overstepping the last one loses.
    ByoYomi {
        main: f64,
        period: f64,
        periods: u32,
    },
    /// Main time, then `stones` moves in every `period` seconds.
    Canadian { main: f64, period: f64, stones: u32 },
}

/// What `time_left` last said for one colour: seconds, and stones (Canadian) or periods
/// (KGS byo-yomi) left; 0 means main time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeLeft {
    pub seconds: f64,
    pub count: u32,
}

/// Clamps a number of seconds to something usable: finite and not negative.
pub(crate) fn seconds(s: f64) -> f64 {
    if s.is_finite() { s.max(0.0) } else { 0.0 }
}

impl TimeSystem {
    /// From the words of `kgs-time_settings`: `none`, `absolute M`, `byoyomi M T P`,
    /// `canadian M T S`.
    pub fn from_kgs(words: &[&str]) -> Option<TimeSystem> {
        let number = |w: &str| w.parse::<f64>().ok().filter(|v| v.is_finite()).map(seconds);
        let count = |w: &str| w.parse::<u32>().ok();
        let kind = words.first()?.to_ascii_lowercase();
        Some(match (kind.as_str(), &words[1..]) {
            ("none", []) => TimeSystem::None,
            ("absolute", [m]) => TimeSystem::Absolute { main: number(m)? },
            ("byoyomi", [m, t, p]) => TimeSystem::ByoYomi {
                main: number(m)?,
                period: number(t)?,
                periods: count(p)?,
            },
            ("canadian", [m, t, s]) => TimeSystem::Canadian {
                main: number(m)?,
                period: number(t)?,
                stones: count(s)?,
            },
            _ => return None,
        })
    }

    /// The clock in words for people: `600 s absolute`, `0 s + 3 x 30 s byo-yomi`.
    pub fn describe(&self) -> String {
        match *self {
            TimeSystem::None => "no clock".into(),
            TimeSystem::Absolute { main } => format!("{main} s absolute"),
            TimeSystem::ByoYomi {
                main,
                period,
                periods,
            } => format!("{main} s + {periods} x {period} s byo-yomi"),
            TimeSystem::Canadian {
                main,
                period,
                stones,
            } => format!("{main} s + {stones} stones in {period} s (Canadian)"),
        }
    }

    /// SGF's clock (FF[4]): `TM` the main time in seconds, `OT` the overtime in words; nothing
    /// without a clock.
    pub fn sgf_properties(&self) -> String {
        match *self {
            TimeSystem::None => String::new(),
            TimeSystem::Absolute { main } => format!("TM[{main}]"),
            TimeSystem::ByoYomi {
                main,
                period,
                periods,
            } => format!("TM[{main}]OT[{periods}x{period} byo-yomi]"),
            TimeSystem::Canadian {
                main,
                period,
                stones,
            } => format!("TM[{main}]OT[{stones}/{period} Canadian]"),
        }
    }

    /// The words of `kgs-time_settings` for this system.
    pub fn kgs_words(&self) -> String {
        match *self {
            TimeSystem::None => "none".into(),
            TimeSystem::Absolute { main } => format!("absolute {main}"),
            TimeSystem::ByoYomi {
                main,
                period,
                periods,
            } => format!("byoyomi {main} {period} {periods}"),
            TimeSystem::Canadian {
                main,
                period,
                stones,
            } => format!("canadian {main} {period} {stones}"),
        }
    }

    /// The arguments of plain `time_settings` for engines without `kgs-time_settings`, as
    /// kgsGtp gives them: byo-yomi becomes absolute time with every period added.
    pub fn gtp_words(&self) -> String {
        match *self {
            TimeSystem::None => "0 1 0".into(),
            TimeSystem::Absolute { main } => format!("{main} 0 0"),
            TimeSystem::ByoYomi {
                main,
                period,
                periods,
            } => format!("{} 0 0", main + period * periods as f64),
            TimeSystem::Canadian {
                main,
                period,
                stones,
            } => format!("{main} {period} {stones}"),
        }
    }

    /// From GTP `time_settings main byo_yomi_time byo_yomi_stones` (Canadian overtime):
    /// `0 x 0` with x > 0 means no limit, `m 0 0` absolute time.
    pub fn from_gtp(main: f64, period: f64, stones: u32) -> TimeSystem {
        let (main, period) = (seconds(main), seconds(period));
        match (period > 0.0, stones) {
            (true, 0) => TimeSystem::None,
            (false, _) => TimeSystem::Absolute { main },
            (true, stones) => TimeSystem::Canadian {
                main,
                period,
                stones,
            },
        }
    }
}

/// Seconds for one move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Enough when the best move is clear by then.
    pub normal: f64,
    /// The most to take while the best move is still unclear.
    pub most: f64,
    /// Time not used on this move is lost (a byo-yomi period): no point stopping early.
    pub use_it_or_lose_it: bool,
}

/// The time situation of a game.
#[derive(Clone, Debug)]
pub struct Clock {
    pub system: TimeSystem,
    /// The last `time_left` for each colour, if any.
    pub left: [Option<TimeLeft>; 2],
    /// Network and process overhead kept in reserve on every deadline.
    pub lag: f64,
}

impl Clock {
    pub fn new(lag: f64) -> Clock {
        Clock {
            system: TimeSystem::None,
            left: [None; 2],
            lag: seconds(lag),
        }
    }

    /// New time settings: the clocks start full.
    pub fn set(&mut self, system: TimeSystem) {
        self.system = system;
        self.left = [None; 2];
    }

    /// Seconds to think about the next move of the player with `index` (0 Black, 1 White), or
    /// `None` without a time limit. `moves_left` is the expected number of own moves still to
    /// play.
    pub fn budget(&self, index: usize, moves_left: f64) -> Option<f64> {
        self.budgets(index, moves_left).map(|b| b.normal)
    }

    /// The normal budget of the next move, and the most it may take when the best move is
    /// still unclear at the normal deadline.
    pub fn budgets(&self, index: usize, moves_left: f64) -> Option<Budget> {
        let moves_left = moves_left.max(1.0);
        let left = self.left[index];
        let lag = self.lag;
        // Spending main time evenly over the moves to come, a little kept back.
        let share = |main: f64| seconds(main - lag) / moves_left;
        let mut use_it_or_lose_it = false;
        let (normal, most) = match self.system {
            TimeSystem::None => return None,
            TimeSystem::Absolute { main } => {
                let remaining = left.map_or(main, |l| l.seconds);
                // Keep a reserve that lets the game finish even at the end; a longer think
                // takes at most another 5% of what is left.
                let normal = share(remaining * 0.9);
                let most = (2.0 * normal).min(normal + 0.05 * seconds(remaining - lag));
                (normal, most)
            }
            TimeSystem::ByoYomi {
                main,
                period,
                periods,
            } => {
                let (remaining, periods_left) = match left {
                    Some(l) if l.count > 0 => (0.0, l.count),
                    Some(l) => (l.seconds, periods),
                    None => (main, periods),
                };
                // Inside a period a move costs nothing: use most of one, less in the last.
                let last = periods_left <= 1;
                let usable = seconds(period - lag);
                let in_period = usable * if last { 0.7 } else { 0.8 };
                let in_period_most = usable * if last { 0.85 } else { 0.9 };
                let main_share = if remaining > 0.0 {
                    share(remaining)
                } else {
                    use_it_or_lose_it = true;
                    0.0
                };
                // Main time not yet used by the normal share may go to a longer think.
                let main_most = (2.0 * main_share).min(seconds(remaining - lag));
                (main_share + in_period, main_most + in_period_most)
            }
            TimeSystem::Canadian {
                main,
                period,
                stones,
            } => {
                let per_stone = |seconds_left: f64, count: u32| {
                    0.9 * seconds(seconds_left - lag) / count.max(1) as f64
                };
                let (normal, stones_left) = match left {
                    Some(l) if l.count > 0 => (per_stone(l.seconds, l.count), l.count),
                    Some(l) => (share(l.seconds) + per_stone(period, stones), stones),
                    None if main > 0.0 => (share(main), stones),
                    None => (per_stone(period, stones), stones),
                };
                // Borrowing from the stones to come is safe while there are some.
                let most = if stones_left > 1 {
                    1.5 * normal
                } else {
                    normal
                };
                (normal, most)
            }
        };
        let normal = normal.max(0.01);
        Some(Budget {
            normal,
            most: most.max(normal),
            use_it_or_lose_it,
        })
    }

    /// Books the time a move took when no `time_left` will tell (gogui-twogtp sends none):
    /// main time goes down; in overtime the period is as good as new after the move.
    pub fn spent(&mut self, index: usize, elapsed: f64) {
        let Some(left) = &mut self.left[index] else {
            // Start from the full clock.
            let full = match self.system {
                TimeSystem::None => return,
                TimeSystem::Absolute { main }
                | TimeSystem::ByoYomi { main, .. }
                | TimeSystem::Canadian { main, .. } => main,
            };
            self.left[index] = Some(TimeLeft {
                seconds: seconds(full - elapsed),
                count: 0,
            });
            return;
        };
        if left.count == 0 {
            left.seconds = seconds(left.seconds - elapsed);
        }
    }
}

/// Own moves still to play: half the empty points less a fifth of the board, at least a tenth
/// of the board.
pub fn moves_left(size: usize, empty_points: usize) -> f64 {
    let area = (size * size) as f64;
    ((empty_points as f64 - 0.2 * area) / 2.0)
        .max(area / 10.0)
        .max(1.0)
}

#[cfg(test)]
mod tests;
