//! Why a GTP command failed, shown in the spec's words (section 6.3 and the commands' own
//! failure messages) after the `?`.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GtpError {
    UnknownCommand,
    Syntax,
    /// A well-formed argument out of its range: a syntax error, with the range in words.
    OutOfRange(String),
    /// An occupied point, suicide, ko, superko or a vertex off the board.
    IllegalMove,
    UnacceptableSize,
    BoardNotEmpty,
    InvalidNumberOfStones,
    BadVertexList,
    CannotUndo,
    /// The game has as many steps as it may keep (`game::MAX_STEPS`).
    GameTooLong,
    /// `loadsgf`: why the file could not be read.
    CannotLoad(String),
    /// `printsgf FILE`: why the file could not be written.
    CannotSave(String),
    /// An extension's own failure, in words.
    Other(String),
}

impl fmt::Display for GtpError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            GtpError::UnknownCommand => f.write_str("unknown command"),
            GtpError::Syntax => f.write_str("syntax error"),
            GtpError::OutOfRange(why) => write!(f, "syntax error: {why}"),
            GtpError::IllegalMove => f.write_str("illegal move"),
            GtpError::GameTooLong => write!(
                f,
                "illegal move: the game has {} moves, the most tengen keeps",
                crate::game::MAX_STEPS
            ),
            GtpError::UnacceptableSize => f.write_str("unacceptable size"),
            GtpError::BoardNotEmpty => f.write_str("board not empty"),
            GtpError::InvalidNumberOfStones => f.write_str("invalid number of stones"),
            GtpError::BadVertexList => f.write_str("bad vertex list"),
            GtpError::CannotUndo => f.write_str("cannot undo"),
            GtpError::CannotLoad(why) => write!(f, "cannot load file: {why}"),
            GtpError::CannotSave(why) => write!(f, "cannot save file: {why}"),
            GtpError::Other(text) => f.write_str(text),
        }
    }
}

/// A handler's answer: the response text, or why the command failed.
pub type Reply = Result<String, GtpError>;
