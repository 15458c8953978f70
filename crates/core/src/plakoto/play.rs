//! Plakoto's play: the moves of one turn, which of them pin, the position
//! reached and the result.

use crate::color::Color;
use crate::plakoto::position::Position;
use crate::play::Move;
use crate::result::GameResult;

/// A legal play: the single moves of one turn, the position they reach and,
/// when the play ends the game, the result.
///
/// ```
/// use tavli_core::{Dice, Position};
/// let plays = Position::start().legal_plays(Dice::new(6, 4).unwrap());
/// assert!(plays.iter().any(|p| p.to_string() == "24/18 24/20"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Play {
    pub(crate) moves: [Move; 4],
    pub(crate) len: u8,
    /// Bit i: move i pinned an opposing checker.
    pub(crate) pins: u8,
    pub(crate) position: Position,
    pub(crate) result: Option<GameResult>,
    pub(crate) mover: Color,
}

impl Play {
    /// The pass: no move possible, the other side is on roll.
    pub(crate) fn pass(from: &Position) -> Play {
        Play {
            moves: [Move::default(); 4],
            len: 0,
            pins: 0,
            position: from.pass_turn(),
            result: None,
            mover: from.turn(),
        }
    }

    /// The single moves in the order they were played (empty for a pass).
    #[inline]
    pub fn moves(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }

    /// Did the i-th move pin an opposing checker?
    #[inline]
    pub fn pins_on_move(&self, i: usize) -> bool {
        self.pins >> i & 1 == 1
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

    /// Is this the pass (no move possible)?
    #[inline]
    pub fn is_pass(&self) -> bool {
        self.len == 0
    }
}
