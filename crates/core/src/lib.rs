//! The rules of Plakoto, the Greek tables game of pinning: positions, legal
//! plays, notation, position JSON and IDs, perft, and the game and match
//! state machine. No I/O; everything here is deterministic given a seed.
//!
//! ```
//! use tavli_core::{Dice, Position};
//! let start = Position::start();
//! let plays = start.legal_plays(Dice::new(6, 4).unwrap());
//! for play in &plays {
//!     println!("{play} -> {}", play.position().id());
//! }
//! ```
//!
//! The rules are those of `RULES.md`; each one has a test in `tests/rules.rs`.

#![warn(missing_docs)]

pub mod codec;
mod color;
mod dice;
mod entry;
pub mod fevga;
pub mod game;
pub mod gulbara;
mod keyset;
mod movegen_common;
mod notation;
mod parallel;
pub mod plakoto;
mod play;
mod play_error;
pub mod portes;
pub mod quote;
mod result;
pub mod tavli;
pub mod turn;

pub use color::Color;
pub use dice::{Dice, DiceError};
pub use play::{Move, PlayOf};
pub use play_error::PlayError;
pub use result::{GameResult, Reason};

// Plakoto's items at the root, where they were before the other games came:
// code written against them goes on compiling.
pub use plakoto::{
    Leaves, MoveGen, Play, Position, PositionError, PositionIdError, PositionJsonError, Setup, TurnBuilder, parse_play,
    parse_position, perft, perft_parallel, perft_parallel_with_leaves, perft_with_leaves, play_of_moves,
};
// Their counterparts under a match's options, beside them.
pub use plakoto::{parse_play_with, play_of_moves_with};
