//! The clock: time settings, time left and CPU time.

use super::*;
use crate::clock::{TimeLeft, TimeSystem};
use crate::cpu_time::cpu_seconds;

impl Engine {
    /// `time_settings main_time byo_yomi_time byo_yomi_stones` (Canadian; `0 x 0` is no limit).
    /// It may come again at any time and simply resets the clock.
    pub(in crate::gtp) fn time_settings(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 3..=3)?;
        let system = TimeSystem::from_gtp(
            seconds_arg(args[0])?,
            seconds_arg(args[1])?,
            count_arg(args[2])?,
        );
        self.player.clock.set(system);
        Ok(String::new())
    }

    /// `kgs-time_settings none | absolute M | byoyomi M T P | canadian M T S`.
    pub(in crate::gtp) fn kgs_time_settings(&mut self, args: &[&str]) -> Reply {
        let system = TimeSystem::from_kgs(args).ok_or(GtpError::Syntax)?;
        self.player.clock.set(system);
        Ok(String::new())
    }

    /// `time_left colour seconds stones`: under KGS byo-yomi the third number is the periods
    /// left (0 in main time).
    pub(in crate::gtp) fn time_left(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 3..=3)?;
        let color = color_arg(args[0])?;
        let left = TimeLeft {
            seconds: seconds_arg(args[1])?.max(0.0),
            count: count_arg(args[2])?,
        };
        self.player.clock.left[color.index()] = Some(left);
        Ok(String::new())
    }

    /// `cputime`: CPU seconds used by the engine, as gogui-twogtp reads it.
    pub(in crate::gtp) fn cputime(&mut self, args: &[&str]) -> Reply {
        expect_args(args, 0..=0)?;
        Ok(format!("{:.3}", cpu_seconds().unwrap_or(0.0)))
    }
}
