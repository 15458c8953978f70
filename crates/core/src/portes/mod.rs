//! Portes (Πόρτες), the Tavli game that is backgammon without the cube and
//! without the 3-point backgammon: positions, legal plays, notation,
//! position JSON and IDs (ours and GNU Backgammon's), perft, a turn builder
//! and the scoring options. The rules are TAVLI.md Part 1; RULES.md's
//! common rules (dice, using as much of the roll as possible, the larger
//! die, plays named by the position they reach) hold as in Plakoto.
//!
//! ```
//! use tavli_core::Dice;
//! use tavli_core::portes::{Position, parse_play};
//! let start = Position::start();
//! let dice = Dice::new(3, 1).unwrap();
//! let play = parse_play(&start, dice, "8/5 6/5").unwrap();
//! assert_eq!(play.notation(), "8/5 6/5");
//! assert_eq!(start.gnubg_id(), "4HPwATDgc/ABMA");
//! assert_eq!(start.legal_plays(dice).len(), 16);
//! ```
//!
//! # Design
//!
//! The same plan as Plakoto's core (one type per game; the lead joins the
//! games behind one enum later), with Portes's own representation:
//!
//! - [`Position`] is two `u128`s and the side on roll: for each side a 4-bit
//!   count per point **in the side on roll's numbering**, nibble 0 the
//!   borne-off count and nibble 25 the bar, so the bar is "point 25" (a die
//!   of n enters on 25 − n, like any move from 25) and the generator never
//!   looks at colours. `pass_turn` is a byte swap and two shifts. A
//!   position is 48 bytes, copied and hashed as two words.
//! - [`MoveGen`] works on bit sets: the open points and the blots are
//!   computed once per position (the mover's moves cannot change them), a
//!   partial play is the mover's vector and the points hit, and a resulting
//!   position is named by one `u128` (`own | hits << 104`). Doublets come
//!   in canonical order and non-doublets as distinct pairs, so most rolls
//!   need no duplicate check; the bar and the bear-off, where move order
//!   matters, try every order into a reused hash set. See `movegen.rs`.
//!   Plays go into a caller's buffer: no allocation per play.
//! - A [`Setup`] is an unchecked board in White's numbering whose
//!   validation names the fault; [`portes_pos!`](crate::portes_pos) writes
//!   test positions like a diagram.
//! - A [`Play`] is its [`Move`](crate::Move)s (`from` 25 is the bar, `to` 0
//!   is off), which of them hit, and the position reached. [`parse_play`]
//!   and [`TurnBuilder`] check entered moves on a plain array board
//!   (`board.rs`) that explains each refusal with a [`PlayError`].
//! - The result is core's [`GameResult`](crate::GameResult) with
//!   [`Reason::BearOff`](crate::Reason::BearOff): 1 point, 2 when the loser
//!   has none off, 3 for a backgammon only under
//!   [`PortesRules::backgammons_count_3`].

mod board;
mod gnubg;
mod id;
mod json;

mod movegen;
mod notation;
mod perft;
mod play;

mod position;
mod rules;
mod setup;
mod turn;

pub use crate::PlayError;
pub use board::Board;
pub use id::PositionIdError;
pub use json::PositionJsonError;
pub use movegen::MoveGen;
pub use notation::{parse_play, parse_play_with};
pub use perft::{perft, perft_parallel, perft_parallel_with_leaves};
pub use play::Play;
pub use position::Position;
pub use rules::PortesRules;
pub use setup::{PositionError, Setup};
pub use turn::TurnBuilder;

/// Parses a Portes position as accepted on the command line and in APIs:
/// the word `start`, position JSON, a Portes ID (`p.…`), or GNU Backgammon's
/// ID (14 characters, White on roll).
///
/// ```
/// use tavli_core::portes::{Position, parse_position};
/// assert_eq!(parse_position("start"), Ok(Position::start()));
/// assert_eq!(parse_position(&Position::start().id()), Ok(Position::start()));
/// assert_eq!(parse_position("4HPwATDgc/ABMA"), Ok(Position::start()));
/// ```
pub fn parse_position(text: &str) -> Result<Position, String> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("start") {
        Ok(Position::start())
    } else if t.starts_with('{') {
        Position::from_json(t).map_err(|e| e.to_string())
    } else if t.starts_with("p.") {
        Position::from_id(t).map_err(|e| e.to_string())
    } else {
        Position::from_gnubg_id(t, crate::Color::White).map_err(|e| {
            format!(
                "`{}` is neither `start`, Portes position JSON, a Portes ID (`p.…`) nor a GNU Backgammon ID: {e}",
                crate::quote::excerpt_of(t, 40)
            )
        })
    }
}
