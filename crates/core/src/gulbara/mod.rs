//! Gul bara (Гюлбара, Gülbahar, "rose-spring"), the Balkan race of
//! parallel movement with the doubles ladder: its positions, legal plays
//! decision by decision and whole turn by whole turn, notation, position
//! JSON and IDs, perft and turn builder. The rules are REGIONAL.md Part 4,
//! a diff against Fevga (TAVLI.md Part 2); its Decisions are taken.
//!
//! ```
//! use tavli_core::Dice;
//! use tavli_core::gulbara::Position;
//! let start = Position::start();
//! for play in start.legal_plays(Dice::new(5, 5).unwrap()) {
//!     println!("{play} -> {}", play.position().id());
//! }
//! ```
//!
//! # The rules in brief
//!
//! Fevga's board, start and movement: both sides travel the same way
//! round, White's point n is Black's S(n) = ((n + 11) mod 24) + 1, each
//! starts with 15 checkers on its 24-point, one checker holds a point,
//! nothing is hit, every point a checker touches must be open, bearing off
//! as in backgammon, 1 point a game or 2 if the loser has borne off none.
//! None of Fevga's restrictions: no runner rule, no starting-quarter ban,
//! no unblocking duty.
//!
//! - **The roll counter.** The game counts every roll of either player
//!   ([`Position::roll`], 1 at the start). On its rolls 1 to 3 a doublet
//!   is four moves, as in Fevga.
//! - **The ladder.** From the game's fourth roll a doublet d-d is a run of
//!   stages d, d+1, …, 6, four moves each (3-3 plays 3,3,3,3,4,4,4,4,5,…,
//!   6-6 four sixes). Each stage is played as usual, as many of its moves
//!   as possible, with no look-ahead into the stages after it; a stage
//!   begins once the one before is complete.
//! - **The hand-off.** When a stage stops short, the turn ends and the
//!   unplayed moves of that stage and all later stages pass to the
//!   opponent ([`Pending`]), who plays them stage by stage the same way
//!   before rolling for its own turn; what it cannot use is lost. A move
//!   that bears off the last checker ends everything.
//!
//! # Decisions and whole turns
//!
//! The game is played a decision at a time ([`Position::legal_plays`],
//! [`Play`], [`TurnBuilder`]): a roll that does not ladder, or one stage.
//! After a stage the position carries what comes next: the next stage
//! pending for the same side, the rest handed to the opponent, or the next
//! roll ([`Position::pending_dice`] says when no dice are thrown). A whole
//! turn's play ([`TurnPlay`]: up to 24 moves and the remainder handed
//! over) is what perft counts and `tavli moves` lists; a ladder may have
//! millions, so they are counted and visited one at a time
//! ([`MoveGen::count_turns`], [`MoveGen::for_each_turn`]) and listed only
//! under a limit ([`Position::turn_plays`]).
//!
//! # Formats
//!
//! Position JSON has `"game": "gulbara"`, Fevga's board, `roll` (the
//! number of the game's next roll) and any pending dice, `remainder`
//! (handed over) or `ladder` (the rest of the mover's own), in playing
//! order. The position ID is `g.` followed by base64url. Plays are written
//! as in Fevga; a hand-off follows `>` (`6/1 > 5,5,5,6,6,6,6`), a whole
//! turn's stages are separated by `|`. REGIONAL.md's test notation
//! (`gulbara W 4-4 roll:4 | W: 22:1 21:14 | B: 5:3 4:2 3:1 off:9`) is read
//! by [`parse_diagram`] and written by [`Position::diagram`].

mod board;
mod diagram;
mod id;
mod json;
mod movegen;
mod notation;
mod pending;
mod perft;
mod play;
mod position;
mod setup;
mod turn;

pub use crate::PlayError;
pub use board::Board;
pub use diagram::{DiagramError, parse_diagram};
pub use id::{ID_PREFIX, PositionIdError};
pub use json::PositionJsonError;
pub use movegen::{MoveGen, TooManyPlays, TurnPlay};
pub use notation::{parse_play, parse_turn};
pub use pending::Pending;
pub use perft::{perft, perft_parallel};
pub use play::Play;
pub use position::{LADDER_FROM, Position};
pub use setup::{PositionError, Setup};
pub use turn::TurnBuilder;

/// Parses a Gul bara position as accepted wherever a position is asked
/// for: the word `start`, position JSON, a position ID (`g.…`), or
/// REGIONAL.md's test notation (`gulbara W | W: 24:15 | B: 24:15`).
///
/// ```
/// use tavli_core::gulbara::{Position, parse_position};
/// assert_eq!(parse_position("start").unwrap(), Position::start());
/// assert_eq!(parse_position(&Position::start().id()).unwrap(), Position::start());
/// assert_eq!(parse_position("gulbara W | W: 24:15 | B: 24:15").unwrap(), Position::start());
/// assert!(parse_position("f.AAAA__4AH__AAA").unwrap_err().contains("Gul bara position ID"));
/// ```
pub fn parse_position(text: &str) -> Result<Position, String> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("start") {
        Ok(Position::start())
    } else if t.starts_with('{') {
        Position::from_json(t).map_err(|e| e.to_string())
    } else if t.starts_with("gulbara ") {
        parse_diagram(t).map(|(p, _)| p).map_err(|e| e.to_string())
    } else {
        Position::from_id(t).map_err(|e| {
            format!(
                "`{}` is neither `start`, Gul bara position JSON, a diagram nor a Gul bara position ID: {e}",
                t.chars().take(40).collect::<String>()
            )
        })
    }
}
