//! The referee's clock of one player: it charges each move and says when time ran out,
//! under the event's time system (`clock::TimeSystem`, which the engine's own time manager
//! reads as well).

use crate::clock::{TimeLeft, TimeSystem, seconds};

/// A player's clock as a referee keeps it: it charges each move and says when time ran out.
#[derive(Clone, Debug)]
pub struct GameClock {
    system: TimeSystem,
    main: f64,
    /// Byo-yomi periods, or Canadian stones still to play in the current period.
    count: u32,
    /// Seconds left in the current Canadian period.
    period_left: f64,
    /// Time left over in a Canadian period goes to the next (the rules' fixed-moves
    /// periods, art. 12).
    carry_over: bool,
}

impl GameClock {
    pub fn new(system: TimeSystem) -> GameClock {
        let (main, count, period_left) = match system {
            TimeSystem::None => (0.0, 0, 0.0),
            TimeSystem::Absolute { main } => (main, 0, 0.0),
            TimeSystem::ByoYomi { main, periods, .. } => (main, periods, 0.0),
            TimeSystem::Canadian {
                main,
                period,
                stones,
            } => (main, stones, period),
        };
        GameClock {
            system,
            main,
            count,
            period_left,
            carry_over: false,
        }
    }

    /// The fixed-moves variant of Canadian time: what a period leaves over carries over.
    pub fn with_carry_over(mut self) -> GameClock {
        self.carry_over = true;
        self
    }

    /// After a time loss ruled a pass (art. 22): a fresh overtime period, one byo-yomi period
    /// or a Canadian period. False for absolute time, which has no overtime to give.
    pub fn grant_overtime(&mut self) -> bool {
        self.main = 0.0;
        match self.system {
            TimeSystem::ByoYomi { .. } => self.count = 1,
            TimeSystem::Canadian { period, stones, .. } => {
                self.count = stones;
                self.period_left = period;
            }
            TimeSystem::None | TimeSystem::Absolute { .. } => return false,
        }
        true
    }

    /// What `time_left` tells the player: main time with 0, or in overtime the period's
    /// seconds with the periods (byo-yomi, as KGS does) or stones (Canadian) left.
    pub fn time_left(&self) -> TimeLeft {
        match self.system {
            TimeSystem::ByoYomi { period, .. } if self.main <= 0.0 => TimeLeft {
                seconds: period,
                count: self.count,
            },
            TimeSystem::Canadian { .. } if self.main <= 0.0 => TimeLeft {
                seconds: self.period_left,
                count: self.count,
            },
            _ => TimeLeft {
                seconds: self.main,
                count: 0,
            },
        }
    }

    /// The longest the next move may take.
    pub fn available(&self) -> f64 {
        match self.system {
            TimeSystem::None => f64::INFINITY,
            TimeSystem::Absolute { .. } => self.main,
            TimeSystem::ByoYomi { period, .. } => self.main + period * self.count as f64,
            TimeSystem::Canadian { .. } if self.main > 0.0 => self.main + self.period_left,
            TimeSystem::Canadian { .. } => self.period_left,
        }
    }

    /// Charges a move that took `elapsed` seconds; false when the player overstepped its time.
    pub fn charge(&mut self, elapsed: f64) -> bool {
        let elapsed = seconds(elapsed);
        let from_main = elapsed.min(self.main);
        self.main -= from_main;
        let mut over = elapsed - from_main;
        match self.system {
            TimeSystem::None => true,
            TimeSystem::Absolute { .. } => over == 0.0,
            TimeSystem::ByoYomi { period, .. } => {
                // Each whole period overstepped is used up; a move inside a period is free.
                while over > period && self.count > 0 {
                    over -= period;
                    self.count -= 1;
                }
                over <= period && self.count > 0 || over == 0.0
            }
            TimeSystem::Canadian { period, stones, .. } => {
                if self.main > 0.0 {
                    return true;
                }
                self.period_left -= over;
                if self.period_left < 0.0 {
                    return false;
                }
                self.count = self.count.saturating_sub(1);
                if self.count == 0 {
                    self.count = stones;
                    let left_over = if self.carry_over {
                        self.period_left
                    } else {
                        0.0
                    };
                    self.period_left = period + left_over;
                }
                true
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_referees_clock_charges_moves() {
        let mut byo = GameClock::new(TimeSystem::ByoYomi {
            main: 10.0,
            period: 5.0,
            periods: 2,
        });
        assert!(byo.charge(8.0));
        assert_eq!(
            byo.time_left(),
            TimeLeft {
                seconds: 2.0,
                count: 0
            }
        );
        assert!(
            byo.charge(6.0),
            "2 s of main time, then 4 s inside the first period"
        );
        assert_eq!(
            byo.time_left(),
            TimeLeft {
                seconds: 5.0,
                count: 2
            }
        );
        assert!(byo.charge(7.0), "one period used up");
        assert_eq!(
            byo.time_left(),
            TimeLeft {
                seconds: 5.0,
                count: 1
            }
        );
        assert_eq!(byo.available(), 5.0);
        assert!(!byo.charge(5.5), "the last period overstepped");

        let mut canadian = GameClock::new(TimeSystem::Canadian {
            main: 0.0,
            period: 10.0,
            stones: 2,
        });
        assert!(canadian.charge(6.0));
        assert_eq!(
            canadian.time_left(),
            TimeLeft {
                seconds: 4.0,
                count: 1
            }
        );
        assert!(canadian.charge(3.0));
        assert_eq!(
            canadian.time_left(),
            TimeLeft {
                seconds: 10.0,
                count: 2
            },
            "a new period"
        );
        assert!(!canadian.charge(10.5));

        let mut absolute = GameClock::new(TimeSystem::Absolute { main: 3.0 });
        assert!(absolute.charge(2.0));
        assert!(!absolute.charge(1.5));
        assert!(GameClock::new(TimeSystem::None).charge(1e9));
    }

    #[test]
    fn fixed_moves_periods_carry_the_time_left_over() {
        let system = TimeSystem::Canadian {
            main: 0.0,
            period: 10.0,
            stones: 2,
        };
        let mut plain = GameClock::new(system);
        let mut carrying = GameClock::new(system).with_carry_over();
        for clock in [&mut plain, &mut carrying] {
            assert!(clock.charge(1.0) && clock.charge(2.0));
        }
        assert_eq!(
            plain.time_left(),
            TimeLeft {
                seconds: 10.0,
                count: 2
            }
        );
        assert_eq!(
            carrying.time_left(),
            TimeLeft {
                seconds: 17.0,
                count: 2
            }
        );
        // The carried seconds are really there: 15 s for one move is fine.
        assert!(carrying.charge(15.0));
        assert!(!plain.charge(15.0));
    }

    #[test]
    fn a_time_loss_ruled_a_pass_gives_one_fresh_period() {
        let system = TimeSystem::ByoYomi {
            main: 0.0,
            period: 5.0,
            periods: 1,
        };
        let mut clock = GameClock::new(system);
        assert!(!clock.charge(6.0));
        assert!(clock.grant_overtime());
        assert!(clock.charge(4.0));
        assert!(!GameClock::new(TimeSystem::Absolute { main: 5.0 }).grant_overtime());
    }
}
