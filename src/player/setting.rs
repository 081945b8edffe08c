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

/// The names `set` knows, as `tengen-param` and the command line (with `--` and `-` for `_`)
/// spell them.
pub const NAMES: &[&str] = &[
    "threads",
    "playouts",
    "time",
    "max_tree_mb",
    "resign_threshold",
    "lag",
    "never_resign",
];

/// `value` read as a `T` within `range`, or why not (`kind` names what was expected).
fn in_range<T>(value: &str, range: RangeInclusive<T>, kind: &str) -> Result<T, String>
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
        "threads" => settings.threads = whole(value, THREADS).map_err(error)? as usize,
        "playouts" if value.is_empty() => settings.playouts = None,
        "playouts" => settings.playouts = Some(whole(value, PLAYOUTS).map_err(error)?),
        "time" if value.is_empty() => settings.time = None,
        "time" => settings.time = Some(real(value, SECONDS).map_err(error)?).filter(|t| *t > 0.0),
        "max_tree_mb" => settings.max_tree_mb = whole(value, TREE_MB).map_err(error)? as usize,
        "resign_threshold" => {
            settings.resign_threshold = real(value, RESIGN_THRESHOLD).map_err(error)?
        }
        "lag" => settings.lag = real(value, LAG).map_err(error)?,
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

    #[test]
    fn values_in_range_are_taken_and_others_refused_without_change() {
        let mut s = Settings::default();
        set(&mut s, "threads", "4").unwrap();
        set(&mut s, "playouts", "5000").unwrap();
        set(&mut s, "time", "").unwrap();
        assert_eq!((s.threads, s.playouts, s.time), (4, Some(5000), None));
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
            ("frobnicate", "1"),
        ] {
            let refused = set(&mut s, name, value).unwrap_err();
            assert!(refused.contains(name), "{name} {value}: {refused}");
        }
        assert_eq!(format!("{s:?}"), before, "nothing changed");
        for name in NAMES {
            assert!(set(&mut s, name, "x").unwrap_err().starts_with(name));
        }
    }
}
