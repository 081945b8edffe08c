//! Every setting of the player with its range, checked in one place for the command line and
//! for `tengen-param` (GoGui's settings page): a value out of its range is refused, with the
//! range in the message, and the settings stay as they were.

use std::ops::RangeInclusive;

use super::Settings;

pub const THREADS: RangeInclusive<u64> = 1..=256;
pub const PLAYOUTS: RangeInclusive<u64> = 1..=1_000_000_000;
/// Seconds a move may take: up to a day.
pub const SECONDS: RangeInclusive<f64> = 0.0..=86_400.0;
/// Megabytes for the search tree: up to 1 TB.
pub const TREE_MB: RangeInclusive<u64> = 1..=1 << 20;
pub const RESIGN_THRESHOLD: RangeInclusive<f64> = 0.0..=1.0;
/// Seconds of lag kept back from every deadline: up to a minute.
pub const LAG: RangeInclusive<f64> = 0.0..=60.0;
/// The cap on a move's thinking: a tenth of a second to a day.
pub const MAX_MOVE_SECONDS: RangeInclusive<f64> = 0.1..=86_400.0;

/// A setting as the command line (`--max-tree-mb`), `tengen-param` (`max_tree_mb`) and the
/// documentation show it; its default lives in `Settings::default` only.
pub struct Setting {
    pub name: &'static str,
    /// A switch without a value on the command line (`--never-resign`), 1 or 0 for
    /// `tengen-param`.
    pub switch: bool,
    /// What the value is, for the help (`N`, `S`).
    pub value: &'static str,
    pub help: &'static str,
    /// Few users need it: the help lists it under its own heading.
    pub expert: bool,
}

/// Every setting `set` knows, in the order the help and GoGui's settings page show them.
pub const SETTINGS: &[Setting] = &[
    Setting {
        name: "threads",
        switch: false,
        value: "N",
        help: "Search threads, 1 to 256 (default: every core)",
        expert: false,
    },
    Setting {
        name: "playouts",
        switch: false,
        value: "N",
        help: "Playouts per move, up to 10^9; alone on the command line it lifts the time \
               limit (default: no limit)",
        expert: false,
    },
    Setting {
        name: "time",
        switch: false,
        value: "S",
        help: "Seconds per move without a clock, up to 86400; time_settings or \
               kgs-time_settings hand the decision to the clock",
        expert: false,
    },
    Setting {
        name: "max_tree_mb",
        switch: false,
        value: "MB",
        help: "Megabytes for the search tree, 1 to 1048576; a full tree stops growing and the \
               search goes on (default: a quarter of the machine's memory, kept between 64 and \
               1024)",
        expert: true,
    },
    Setting {
        name: "resign_threshold",
        switch: false,
        value: "P",
        help: "Resign when the win rate stays below P (0 to 1) for 3 moves in a row",
        expert: false,
    },
    Setting {
        name: "lag",
        switch: false,
        value: "S",
        help: "Seconds of network and process overhead kept back from every deadline of the \
               clock, up to 60",
        expert: true,
    },
    Setting {
        name: "max_move_time",
        switch: false,
        value: "S",
        help: "No move thinks longer than S seconds, whatever the clock or --time says \
               (0.1 to 86400); an analysis that runs until the next command is not capped",
        expert: true,
    },
    Setting {
        name: "level",
        switch: false,
        value: "N",
        help: "Strength, 1 (a beginner) to 10 (full strength at the budget given): each level \
               below 10 searches half the playouts or time of the one above, and from 7 down \
               draws its move more and more freely among those the search likes, never one the \
               move model finds absurd (GNU Go's option)",
        expert: false,
    },
    Setting {
        name: "never_resign",
        switch: true,
        value: "",
        help: "Never resign",
        expert: false,
    },
];

/// A setting's value as `set` reads it: empty for no limit, 1 or 0 for a switch.
pub fn value(settings: &Settings, name: &str) -> String {
    let optional = |v: Option<String>| v.unwrap_or_default();
    match name {
        "threads" => settings.budget.threads.to_string(),
        "playouts" => optional(settings.budget.playouts.map(|p| p.to_string())),
        "time" => optional(settings.budget.time.map(|t| t.to_string())),
        "max_tree_mb" => settings.budget.max_tree_mb.to_string(),
        "resign_threshold" => settings.resign_threshold.to_string(),
        "lag" => settings.lag.to_string(),
        "max_move_time" => settings.max_move_time.to_string(),
        "never_resign" => u8::from(settings.never_resign).to_string(),
        "level" => settings.level.to_string(),
        _ => String::new(),
    }
}

/// `value` read as a `T` within `range`, or why not (`kind` names what was expected).
pub fn in_range<T>(value: &str, range: RangeInclusive<T>, kind: &str) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display,
{
    value
        .parse::<T>()
        .ok()
        .filter(|v| range.contains(v))
        .ok_or_else(|| {
            format!(
                "{value} is not {kind} from {} to {}",
                range.start(),
                range.end()
            )
        })
}

fn whole(value: &str, range: RangeInclusive<u64>) -> Result<u64, String> {
    in_range(value, range, "a whole number")
}

fn real(value: &str, range: RangeInclusive<f64>) -> Result<f64, String> {
    in_range(value, range, "a number")
}

/// Sets one setting from its text. `playouts` and `time` take an empty value for "no limit"
/// (a time of 0 is no limit too); `never_resign` takes 1, 0, true or false.
pub fn set(settings: &mut Settings, name: &str, value: &str) -> Result<(), String> {
    let error = |why: String| format!("{name}: {why}");
    match name {
        "threads" => settings.budget.threads = whole(value, THREADS).map_err(error)? as usize,
        "playouts" if value.is_empty() => settings.budget.playouts = None,
        "playouts" => settings.budget.playouts = Some(whole(value, PLAYOUTS).map_err(error)?),
        "time" if value.is_empty() => settings.budget.time = None,
        "time" => {
            settings.budget.time = Some(real(value, SECONDS).map_err(error)?).filter(|t| *t > 0.0)
        }
        "max_tree_mb" => {
            settings.budget.max_tree_mb = whole(value, TREE_MB).map_err(error)? as usize
        }
        "resign_threshold" => {
            settings.resign_threshold = real(value, RESIGN_THRESHOLD).map_err(error)?
        }
        "lag" => settings.lag = real(value, LAG).map_err(error)?,
        "max_move_time" => settings.max_move_time = real(value, MAX_MOVE_SECONDS).map_err(error)?,
        "level" => {
            settings.level = in_range(value, super::level::LEVELS, "a level").map_err(error)?
        }
        "never_resign" => {
            settings.never_resign = match value {
                "1" | "true" => true,
                "0" | "false" => false,
                _ => return Err(error(format!("{value} is not 1, 0, true or false"))),
            }
        }
        _ => return Err(format!("unknown setting {name}")),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Budget;

    #[test]
    fn values_in_range_are_taken_and_others_refused_without_change() {
        let mut s = Settings::default();
        set(&mut s, "threads", "4").unwrap();
        set(&mut s, "playouts", "5000").unwrap();
        set(&mut s, "time", "").unwrap();
        assert_eq!(
            (s.budget.threads, s.budget.playouts, s.budget.time),
            (4, Some(5000), None)
        );
        let before = format!("{s:?}");
        for (name, value) in [
            ("threads", "0"),
            ("threads", "257"),
            ("threads", "99999999999999999999"),
            ("playouts", "9223372036854775808"),
            ("playouts", "0"),
            ("time", "-3"),
            ("time", "NaN"),
            ("time", "1e300"),
            ("resign_threshold", "2"),
            ("max_tree_mb", "0"),
            ("lag", "inf"),
            ("never_resign", "maybe"),
            ("level", "0"),
            ("level", "11"),
            ("level", "ten"),
            ("frobnicate", "1"),
        ] {
            let refused = set(&mut s, name, value).unwrap_err();
            assert!(refused.contains(name), "{name} {value}: {refused}");
        }
        assert_eq!(format!("{s:?}"), before, "nothing changed");
        for setting in SETTINGS {
            let name = setting.name;
            assert!(set(&mut s, name, "x").unwrap_err().starts_with(name));
        }
    }

    #[test]
    fn every_value_shown_is_read_back_unchanged() {
        let mut s = Settings {
            budget: Budget {
                playouts: Some(700),
                time: None,
                ..Settings::default().budget
            },
            never_resign: true,
            ..Settings::default()
        };
        let before = format!("{s:?}");
        for setting in SETTINGS {
            let shown = value(&s, setting.name);
            set(&mut s, setting.name, &shown).unwrap();
        }
        assert_eq!(format!("{s:?}"), before);
    }
}
