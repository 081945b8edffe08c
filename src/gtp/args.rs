//! The typed arguments of GTP commands: each helper reads one word or fails with a syntax
//! error.

use super::error::GtpError;
use super::parse::{self, MoveName};
use crate::board::{Board, Color, Point};

/// Checks the argument count.
pub fn expect_args(args: &[&str], range: std::ops::RangeInclusive<usize>) -> Result<(), GtpError> {
    if range.contains(&args.len()) {
        Ok(())
    } else {
        Err(GtpError::Syntax)
    }
}

pub fn color_arg(arg: &str) -> Result<Color, GtpError> {
    parse::color(arg).ok_or(GtpError::Syntax)
}

pub fn move_arg(arg: &str) -> Result<MoveName, GtpError> {
    parse::move_name(arg).ok_or(GtpError::Syntax)
}

pub fn int_arg(arg: &str) -> Result<usize, GtpError> {
    parse::int(arg).ok_or(GtpError::Syntax)
}

/// The most seconds a clock value may say: a year.
const MAX_SECONDS: f64 = 366.0 * 86_400.0;

/// A number of seconds; GTP writes integers, some controllers send decimals or negatives
/// (the clock clamps those). More than a year is refused.
pub fn seconds_arg(arg: &str) -> Result<f64, GtpError> {
    let seconds = parse::float(arg).ok_or(GtpError::Syntax)?;
    if seconds > MAX_SECONDS {
        return Err(GtpError::OutOfRange(format!(
            "{seconds} seconds is more than a year"
        )));
    }
    Ok(seconds)
}

pub fn count_arg(arg: &str) -> Result<u32, GtpError> {
    int_arg(arg)?.try_into().map_err(|_| GtpError::Syntax)
}

/// Vertices separated by spaces, as lists of stones are answered.
pub fn vertex_list(board: &Board, points: &[Point]) -> String {
    points
        .iter()
        .map(|&p| board.point_name(p))
        .collect::<Vec<_>>()
        .join(" ")
}
