//! Plakoto (Πλακωτό), the game of pinning (RULES.md): nothing is hit; a
//! checker landing on a lone opposing checker pins it, and pinning the
//! opponent's last checker on its start, the mother, wins at once.
//!
//! - A [`Position`] is both sides' checkers and pins in a compact form, in
//!   the side on roll's numbering, with its JSON and ID (`position/`).
//! - [`MoveGen`] is the fast generator of legal plays (`movegen/`), checked
//!   against a slow reference in `crates/core/tests/reference`; [`perft`]
//!   counts the game tree.
//! - [`PlakotoRules`] are the options of the pinning games (the mother
//!   played out, bearing off past a pin); a position carries its game's
//!   name (Plakoto, Tapa, Tsillitón, Mahbusa), whose own rules its plays
//!   follow unless a match's are given (`*_with`).
//! - [`parse_play`] reads notation and [`TurnBuilder`] builds a turn a
//!   checker at a time, both on a plain board (`board.rs`) that explains
//!   each refusal with a [`PlayError`](crate::PlayError).

pub(crate) mod board;
pub(crate) mod movegen;
pub(crate) mod notation;
pub(crate) mod perft;
pub(crate) mod play;
pub(crate) mod position;
pub(crate) mod rules;
pub(crate) mod turn;

pub use board::Board;
pub use movegen::MoveGen;
pub use notation::{parse_play, parse_play_with, play_of_moves, play_of_moves_with};
pub use perft::{Leaves, perft, perft_parallel, perft_parallel_with_leaves, perft_with_leaves};
pub use play::Play;
pub use position::{Position, PositionError, PositionIdError, PositionJsonError, Setup};
pub use rules::{BearOff, Mother, PlakotoRules};
pub use turn::TurnBuilder;

/// Parses a Plakoto position as accepted on the command line and in APIs:
/// the word `start`, position JSON, or a position ID.
///
/// ```
/// use tavli_core::plakoto::{Position, parse_position};
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
            format!("`{}` is neither `start`, position JSON nor a position ID: {e}", crate::quote::excerpt_of(t, 40))
        })
    }
}
