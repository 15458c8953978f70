//! A Gul bara play: the single moves of one decision (a roll that does not
//! ladder, or one stage) and the position they reach, which carries what
//! comes next (the next stage, a remainder handed over, the next roll);
//! the play every game shares ([`PlayOf`]), marking nothing. A whole
//! turn's play, all its stages, is a [`TurnPlay`](super::TurnPlay).

use super::position::Position;
use crate::play::PlayOf;

/// A legal play of one decision: its single moves (in the mover's
/// numbering, `to` 0 for off), the position they reach and, when the play
/// ends the game, the result.
///
/// ```
/// use tavli_core::Dice;
/// use tavli_core::gulbara::Position;
/// let plays = Position::start().legal_plays(Dice::new(6, 1).unwrap());
/// assert_eq!(plays.len(), 2); // 24/18 24/23, 24/17 (GB1: no runner rule)
/// ```
pub type Play = PlayOf<Position>;

impl Play {
    /// The mover's checkers after the play, as a key.
    pub(crate) fn key(&self) -> u128 {
        self.position.board.with_turn(self.mover).own
    }

    /// Does the mover play again before anyone rolls: the next stage of
    /// its ladder, or (after dice handed to it) its own roll?
    pub fn keeps_turn(&self) -> bool {
        self.result.is_none() && self.position.turn() == self.mover
    }
}

impl Play {
    /// The dice this play hands to the opponent, when the stage it plays
    /// stalled in the mover's own ladder.
    pub fn remainder(&self) -> Option<super::Pending> {
        self.position.pending().filter(|_| self.position.turn() != self.mover)
    }
}
