//! Plakoto's play: the moves of one turn, which of them pin, the position
//! reached and the result; the play every game shares ([`PlayOf`]) with
//! its pins.

use crate::plakoto::position::Position;
use crate::play::PlayOf;

/// A legal play: the single moves of one turn, which of them pin, the
/// position they reach and, when the play ends the game, the result.
///
/// ```
/// use tavli_core::{Dice, Position};
/// let plays = Position::start().legal_plays(Dice::new(6, 4).unwrap());
/// assert!(plays.iter().any(|p| p.to_string() == "24/18 24/20"));
/// ```
pub type Play = PlayOf<Position>;

impl Play {
    /// Did the i-th move pin an opposing checker?
    #[inline]
    pub fn pins_on_move(&self, i: usize) -> bool {
        self.marked(i)
    }
}
