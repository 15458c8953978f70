//! Fevga (Φεύγα), the Greek tables game of parallel movement: its
//! positions, legal plays, notation, position JSON and IDs, perft and turn
//! builder. The rules are those of TAVLI.md Part 2 (with RULES.md for what
//! the three games share); the formats those of its Part 3b and of
//! INTERFACE.md's "Fevga" section.
//!
//! ```
//! use tavli_core::Dice;
//! use tavli_core::fevga::Position;
//! let start = Position::start();
//! for play in start.legal_plays(Dice::new(5, 5).unwrap()) {
//!     println!("{play} -> {}", play.position().id());
//! }
//! ```
//!
//! # The rules in brief
//!
//! Both sides travel the same way round: each numbers the points 1..24 in
//! its own direction and bears off past its 1-point; White's point n is
//! Black's S(n) = ((n + 11) mod 24) + 1. Each starts with 15 checkers on
//! its 24-point. Nothing is ever hit: a point holding even one opposing
//! checker is closed, and every point a checker touches during a play must
//! be open.
//!
//! - **Runner rule.** A side is *released* once it has a checker on its
//!   points 1–12 (1–11 with [`Release::Pass`]) or one borne off. Until
//!   then, if every checker on the board is on its 24-point, only a checker
//!   from the 24-point may move; otherwise only the checker(s) that have
//!   left it (the runner). This is checked before every single move, so a
//!   runner released part-way through a play frees the rest of the roll;
//!   dice the runner cannot use are lost.
//! - **Starting-quarter ban.** A play may not end with all six of the
//!   mover's points 19–24 held ([`BanTiming::EveryLanding`]: no single move
//!   may leave them so). "Use as much of the roll" is taken over the plays
//!   that pass the ban, so a play may stop early when every longer one
//!   would fill the quarter, down to a pass. When the quarter is already
//!   full at the start of the turn (only a set-up position can be so) the
//!   ban is not applied that turn.
//! - **Unblocking duty** ([`PrimeRule::UnblockingDuty`]). If at the start
//!   of the turn every opposing checker on the board stands on one point
//!   (7 or higher in its owner's numbering) and the mover holds the six
//!   points directly in front of it ([`Position::trap`]), the play must
//!   leave one of those six empty if a play that passes the earlier
//!   filters does; otherwise the duty lapses for the turn. The filters come
//!   in this order: legal single moves, the ban, the most dice, the larger
//!   die, the duty. [`PrimeRule::Narde`] replaces the duty by the
//!   Long-Nardy rule: six held points in a row are allowed only with an
//!   opposing checker ahead of them (on a lower point of its owner's
//!   numbering, or borne off); it is judged with the ban, at the same time
//!   and with the same lapse.
//! - **Bearing off** as in backgammon, with every checker in the home
//!   board (points 1–6) or off. A die larger than the point bears off only
//!   from the highest occupied point: a checker on a higher point blocks it
//!   even when that checker cannot move because its target is held by the
//!   opponent (TAVLI.md test F9).
//! - **End and score.** The first side to bear off all 15 wins 1 point, 2
//!   if the loser has borne off none. A play that ends the game uses the
//!   whole roll. Plays are identified by the position they produce.
//!
//! # Pure races
//!
//! A position is a pure race ([`Position::is_race`]) when every checker of
//! each side still on the board stands on its own points 1–12. A checker
//! only ever moves to lower points of its own numbering, so White's
//! checkers will only ever touch White's 1..12, which are Black's 13..24,
//! where Black has no checker and none can come (Black's checkers too only
//! go lower, within Black's 1..12). So neither side can ever block the
//! other, the runner rule is over (a checker on 1–12), the ban cannot bind
//! (the 24-point is empty), no trap or narde block can form, and each
//! side's game is its own bear-off problem: the bear-off database's
//! ground. Conversely, while a checker of one side stands on its own
//! 13–24, both sides' routes contain that side's 13-point (the other's
//! 1-point), where a checker of either may find the other standing: contact
//! is possible. In particular an opposing checker inside one's home board
//! (the opponent's 13–18) always means contact.
//!
//! # Formats
//!
//! Position JSON has `"game": "fevga"`, points in White's numbering (Black's
//! own n is White's S(n)), no `bar` and no `pinned`. The position ID is
//! `f.` followed by base64url. Plays are written in the mover's numbering as
//! in Plakoto (`24/18`, `24/19/14`, `24/20(2)`, `6/off`); `*` is refused,
//! since nothing is hit. TAVLI.md's test notation
//! (`fevga W 6-6 | W: 24:15 | B: 24:15`) is read by [`parse_diagram`] and
//! written by [`Position::diagram`]; the [`fevga_pos!`](crate::fevga_pos)
//! macro writes the same in code.

mod bits;
mod board;
mod diagram;
mod explain;
mod id;
mod json;
mod movegen;
mod notation;
mod perft;
mod play;

mod position;
mod primes;
mod rules;
mod setup;
mod turn;

pub use crate::PlayError;
pub use board::Board;
pub use diagram::{DiagramError, parse_diagram};
pub use id::{ID_PREFIX, PositionIdError};
pub use json::PositionJsonError;
pub use movegen::MoveGen;
pub use notation::{parse_play, parse_play_with};
pub use perft::{perft, perft_parallel, perft_with_rules};
pub use play::Play;
pub use position::{Position, other_numbering, white_point};
pub use primes::Trap;
pub use rules::{BanTiming, FevgaRules, PrimeRule, Release};
pub use setup::{PositionError, Setup};
pub use turn::TurnBuilder;

/// Parses a Fevga position as accepted wherever a position is asked for:
/// the word `start`, position JSON, a position ID (`f.…`), or TAVLI.md's
/// test notation (`fevga W | W: 24:15 | B: 24:15`, dice left out or not).
///
/// ```
/// use tavli_core::fevga::{Position, parse_position};
/// assert_eq!(parse_position("start").unwrap(), Position::start());
/// assert_eq!(parse_position(&Position::start().id()).unwrap(), Position::start());
/// assert_eq!(parse_position("fevga W 6-6 | W: 24:15 | B: 24:15").unwrap(), Position::start());
/// assert!(parse_position("AAAA__7__gAAAA").unwrap_err().contains("Fevga position ID"));
/// ```
pub fn parse_position(text: &str) -> Result<Position, String> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("start") {
        Ok(Position::start())
    } else if t.starts_with('{') {
        Position::from_json(t).map_err(|e| e.to_string())
    } else if t.starts_with("fevga ") {
        parse_diagram(t).map(|(p, _)| p).map_err(|e| e.to_string())
    } else {
        Position::from_id(t).map_err(|e| {
            format!(
                "`{}` is neither `start`, Fevga position JSON, a diagram nor a Fevga position ID: {e}",
                crate::quote::excerpt_of(t, 40)
            )
        })
    }
}
