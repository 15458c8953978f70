//! The rules of Plakoto, the Greek tables game of pinning: positions, legal
//! plays, notation, position JSON and IDs, perft, and the game and match
//! state machine. No I/O; everything here is deterministic given a seed.
//!
//! ```
//! use plakoto_core::{Dice, Position};
//! let start = Position::start();
//! let plays = start.legal_plays(Dice::new(6, 4).unwrap());
//! for play in &plays {
//!     println!("{play} -> {}", play.position().id());
//! }
//! ```
//!
//! The rules are those of `RULES.md`; each one has a test in `tests/rules.rs`.

#![warn(missing_docs)]

mod board;
mod color;
mod dice;
mod entry;
pub mod fevga;
pub mod game;
mod keyset;
mod movegen;
mod notation;
mod parallel;
mod perft;
mod play;
mod play_error;
pub mod portes;
mod position;
mod result;
pub mod tavli;
mod turn;

pub use color::Color;
pub use dice::{Dice, DiceError};
pub use movegen::MoveGen;
pub use notation::{parse_play, play_of_moves};
pub use perft::{Leaves, perft, perft_parallel, perft_parallel_with_leaves, perft_with_leaves};
pub use play::{Move, Play};
pub use play_error::PlayError;
pub use position::{Position, PositionError, PositionIdError, PositionJsonError, Setup};
pub use result::{GameResult, Reason};
pub use turn::TurnBuilder;

/// Parses a position as accepted on the command line and in APIs: the word
/// `start`, position JSON, or a position ID.
///
/// ```
/// use plakoto_core::{Position, parse_position};
/// assert_eq!(parse_position("start").unwrap(), Position::start());
/// assert_eq!(parse_position(&Position::start().id()).unwrap(), Position::start());
/// ```
pub fn parse_position(text: &str) -> Result<Position, String> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("start") {
        Ok(Position::start())
    } else if t.starts_with('{') {
        Position::from_json(t).map_err(|e| e.to_string())
    } else {
        Position::from_id(t).map_err(|e| {
            format!(
                "`{}` is neither `start`, position JSON nor a position ID: {e}",
                t.chars().take(40).collect::<String>()
            )
        })
    }
}
