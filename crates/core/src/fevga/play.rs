//! A Fevga play: the single moves of one turn and the position they reach.

use super::position::Position;
use crate::color::Color;
use crate::play::Move;
use crate::result::GameResult;

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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Play {
    pub(crate) moves: [Move; 4],
    pub(crate) len: u8,
    pub(crate) position: Position,
    pub(crate) result: Option<GameResult>,
    pub(crate) mover: Color,
}

impl Play {
    /// The pass: no move possible (or none allowed), the other side on roll.
    pub(crate) fn pass(from: &Position) -> Play {
        Play { moves: [Move::default(); 4], len: 0, position: from.pass_turn(), result: None, mover: from.turn() }
    }

    /// The single moves in the order they were played (empty for a pass).
    #[inline]
    pub fn moves(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }

    /// The position after the play: the opponent on roll, or, when the play
    /// ends the game, the final position with the mover still on roll.
    #[inline]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The result when the play ends the game.
    #[inline]
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// The side that made the play.
    #[inline]
    pub fn mover(&self) -> Color {
        self.mover
    }

    /// Is this the pass (no move played)?
    #[inline]
    pub fn is_pass(&self) -> bool {
        self.len == 0
    }

    /// The mover's checkers after the play, as a key (see `Position::own_key`).
    pub(crate) fn key(&self) -> u128 {
        self.position.with_turn(self.mover).own_key()
    }
}
