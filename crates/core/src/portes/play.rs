//! A Portes play: the single moves of one turn, which of them hit, and the
//! position they reach.

use super::position::Position;
use crate::color::Color;
use crate::play::Move;
use crate::result::GameResult;

/// A legal play. Its moves are [`Move`]s in the mover's numbering, `from`
/// 25 for the bar and `to` 0 for off.
///
/// ```
/// use tavli_core::Dice;
/// use tavli_core::portes::Position;
/// let plays = Position::start().legal_plays(Dice::new(3, 1).unwrap());
/// assert_eq!(plays.len(), 16);
/// assert!(plays.iter().any(|p| p.to_string() == "8/5 6/5"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Play {
    pub(crate) moves: [Move; 4],
    pub(crate) len: u8,
    /// Bit i: move i hit an opposing blot.
    pub(crate) hits: u8,
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
            hits: 0,
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

    /// Did the i-th move hit an opposing blot (sending it to the bar)?
    #[inline]
    pub fn hits_on_move(&self, i: usize) -> bool {
        self.hits >> i & 1 == 1
    }

    /// How many opposing checkers the play sent to the bar.
    #[inline]
    pub fn hit_count(&self) -> u32 {
        self.hits.count_ones()
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

    /// The name of the position reached, as the generator and the checked
    /// board name it: the mover's checker vector and the points hit.
    pub(crate) fn key(&self) -> u128 {
        let own = self.position.with_turn(self.mover).own;
        let hits =
            (0..self.len as usize).filter(|&i| self.hits_on_move(i)).fold(0u32, |m, i| m | 1 << self.moves[i].to);
        own | u128::from(hits >> 1) << 104
    }

    /// Is this the pass (no move possible)?
    #[inline]
    pub fn is_pass(&self) -> bool {
        self.len == 0
    }
}
