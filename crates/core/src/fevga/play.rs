//! A Fevga play: the single moves of one turn and the position they reach;
//! the play every game shares ([`PlayOf`]), marking nothing (nothing is
//! hit or pinned in Fevga).

use super::position::Position;
use crate::play::PlayOf;

/// A legal play: the single moves of one turn (in the mover's numbering,
/// `to` 0 for off), the position they reach and, when the play ends the
/// game, the result.
///
/// ```
/// use tavli_core::Dice;
/// use tavli_core::fevga::Position;
/// let plays = Position::start().legal_plays(Dice::new(6, 5).unwrap());
/// assert_eq!(plays.len(), 1);
/// assert_eq!(plays[0].to_string(), "24/18/13");
/// ```
pub type Play = PlayOf<Position>;

impl Play {
    /// The mover's checkers after the play, as a key (see `Position::own_key`).
    pub(crate) fn key(&self) -> u128 {
        self.position.with_turn(self.mover).own_key()
    }
}
