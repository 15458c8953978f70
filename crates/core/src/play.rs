//! A single move, one checker moved by one die, and a play, the moves of
//! one turn: the same in every game.

use crate::color::Color;
use crate::result::GameResult;
use crate::tavli::GamePosition;

/// One checker moved by one die, in the mover's own numbering: `to` is 0
/// when the checker is borne off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The point the checker leaves, 1..=24.
    pub from: u8,
    /// The point the checker lands on, 1..=23, or 0 when it is borne off.
    pub to: u8,
}

impl Move {
    /// The move from `from` to `to` (0 for off), in the mover's numbering.
    ///
    /// ```
    /// use tavli_core::Move;
    /// assert!(Move::new(3, 0).is_off());
    /// assert!(!Move::new(24, 18).is_off());
    /// ```
    pub const fn new(from: u8, to: u8) -> Move {
        Move { from, to }
    }

    /// Is this move a bear-off?
    pub const fn is_off(self) -> bool {
        self.to == 0
    }
}

/// A legal play in the game whose positions are `P`: the single moves of
/// one turn (in the mover's numbering), which of them marked an opposing
/// checker (Plakoto's pins, Portes's hits; nothing in Fevga), the position
/// they reach and, when the play ends the game, the result. Each game
/// names its own: [`plakoto::Play`](crate::plakoto::Play),
/// [`portes::Play`](crate::portes::Play), [`fevga::Play`](crate::fevga::Play).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayOf<P> {
    pub(crate) moves: [Move; 4],
    pub(crate) len: u8,
    /// Bit i: move i pinned (Plakoto) or hit (Portes) an opposing checker.
    pub(crate) marks: u8,
    pub(crate) position: P,
    pub(crate) result: Option<GameResult>,
    pub(crate) mover: Color,
}

impl<P: GamePosition> PlayOf<P> {
    /// The pass: no move possible (or, in Fevga, none allowed), the other
    /// side on roll.
    pub(crate) fn pass(from: &P) -> PlayOf<P> {
        let mover = from.turn();
        PlayOf {
            moves: [Move::default(); 4],
            len: 0,
            marks: 0,
            position: from.with_turn(mover.opponent()),
            result: None,
            mover,
        }
    }
}

impl<P> PlayOf<P> {
    /// The single moves in the order they were played (empty for a pass).
    #[inline]
    pub fn moves(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }

    /// The position after the play: the opponent on roll, or, when the play
    /// ends the game, the final position with the mover still on roll.
    #[inline]
    pub fn position(&self) -> &P {
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

    /// Did the i-th move mark an opposing checker (pin or hit it)?
    #[inline]
    pub(crate) fn marked(&self, i: usize) -> bool {
        self.marks >> i & 1 == 1
    }
}
