//! The command handlers, grouped as the spec groups the commands. Each answers one command:
//! it reads its typed arguments, acts, and answers, or fails and changes nothing.

mod clock;
mod extensions;
mod moves;
mod scoring;
mod setup;
mod sgf;

use super::Engine;
use super::args::{color_arg, count_arg, expect_args, int_arg, move_arg, seconds_arg, vertex_list};
use super::error::{GtpError, Reply};
use super::parse::{self, MoveName};
use crate::board::{Board, Color, Move, Point};
use crate::game::{Game, Superko};
use crate::sgf::GameInfo;
