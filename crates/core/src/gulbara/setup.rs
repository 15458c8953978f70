//! `Setup`: an unchecked Gul bara position (a Fevga board, the roll
//! counter, pending dice as written), and its validation into a
//! `Position`.

use thiserror::Error;

use super::pending::Pending;
use super::position::{LADDER_FROM, Position};
use crate::color::Color;
use crate::fevga;

/// An unchecked position: anything can be a setup; only a valid one
/// becomes a position.
///
/// ```
/// use tavli_core::Color;
/// use tavli_core::gulbara::{Position, Setup};
/// let mut s = Setup::empty(Color::White);
/// s.board.place(Color::White, 24, 15).place(Color::Black, 24, 15);
/// assert_eq!(s.validate().unwrap(), Position::start());
/// s.roll = 0;
/// assert!(s.validate().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The checkers and the side on roll.
    pub board: fevga::Setup,
    /// The number of the game's next roll (1 at the start).
    pub roll: i64,
    /// Dice handed over by the opponent, in playing order.
    pub remainder: Option<Vec<i64>>,
    /// The rest of the mover's own ladder, in playing order.
    pub ladder: Option<Vec<i64>>,
}

/// What is wrong with a setup.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PositionError {
    /// The board is not a valid Fevga board.
    #[error(transparent)]
    Board(#[from] fevga::PositionError),
    /// A roll counter below 1 or above 65535.
    #[error("roll {0}: the game's rolls are numbered from 1 (at most 65535)")]
    BadRoll(i64),
    /// Both a remainder and the rest of a ladder.
    #[error("dice are pending either as a remainder handed over or as the rest of the mover's ladder, not both")]
    BothPending,
    /// Pending dice that are no ladder's rest.
    #[error("`{field}`: {why}")]
    BadPending {
        /// `remainder` or `ladder`.
        field: &'static str,
        /// What is wrong with them.
        why: String,
    },
    /// Dice pending in a finished game.
    #[error("the game is over: no dice are left to play")]
    PendingAfterEnd,
    /// Dice pending before any ladder could have been rolled.
    #[error(
        "dice are pending at roll {0}, but a ladder is first rolled on the game's roll {first}, after which the next roll is {next}",
        first = LADDER_FROM,
        next = LADDER_FROM + 1
    )]
    PendingTooEarly(u16),
}

impl Setup {
    /// An empty board with `turn` on roll at the game's first roll,
    /// nothing pending (not valid until checkers are added).
    pub fn empty(turn: Color) -> Setup {
        Setup { board: fevga::Setup::empty(turn), roll: 1, remainder: None, ladder: None }
    }

    /// Checks every rule of a position and builds it, naming the first fault.
    pub fn validate(&self) -> Result<Position, PositionError> {
        let board = self.board.validate()?;
        let roll = u16::try_from(self.roll).ok().filter(|&r| r >= 1).ok_or(PositionError::BadRoll(self.roll))?;
        let pending = match (&self.remainder, &self.ladder) {
            (Some(_), Some(_)) => return Err(PositionError::BothPending),
            (Some(dice), None) => Some(pending("remainder", dice, true)?),
            (None, Some(dice)) => Some(pending("ladder", dice, false)?),
            (None, None) => None,
        };
        if pending.is_some() && roll <= LADDER_FROM {
            return Err(PositionError::PendingTooEarly(roll));
        }
        Position::of_board(board, roll).with_pending(pending).ok_or(PositionError::PendingAfterEnd)
    }
}

/// Reads a field's dice.
fn pending(field: &'static str, dice: &[i64], handed: bool) -> Result<Pending, PositionError> {
    let bad = |why: String| PositionError::BadPending { field, why };
    if dice.len() > 24 {
        return Err(bad(format!("{} dice: a ladder has at most 24", dice.len())));
    }
    let dice: Vec<u8> = dice
        .iter()
        .map(|&d| u8::try_from(d).ok().filter(|d| (1..=6).contains(d)))
        .collect::<Option<_>>()
        .ok_or_else(|| bad("each die is 1 to 6".into()))?;
    Pending::from_dice(&dice, handed).map_err(bad)
}

impl Position {
    /// The position as an unchecked `Setup`.
    ///
    /// ```
    /// use tavli_core::gulbara::Position;
    /// let p = Position::start().pass_turn();
    /// assert_eq!(p.to_setup().validate(), Ok(p));
    /// ```
    pub fn to_setup(&self) -> Setup {
        let dice = |p: Pending| Some(p.dice().into_iter().map(i64::from).collect());
        let (remainder, ladder) = match self.pending {
            Some(p) if p.is_handed() => (dice(p), None),
            Some(p) => (None, dice(p)),
            None => (None, None),
        };
        Setup { board: self.board.to_setup(), roll: i64::from(self.roll), remainder, ladder }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validation_names_each_fault() {
        let start = || Position::start().to_setup();
        let mut s = start();
        s.board.checkers[0][24] = 14;
        assert!(matches!(s.validate(), Err(PositionError::Board(_))));
        let mut s = start();
        s.roll = 70_000;
        assert_eq!(s.validate(), Err(PositionError::BadRoll(70_000)));
        let mut s = start();
        s.roll = 9;
        s.remainder = Some(vec![5, 6, 6, 6, 6]);
        assert_eq!(s.validate().unwrap().pending(), Pending::handed(5, 1));
        s.ladder = Some(vec![6, 6, 6, 6]);
        assert_eq!(s.validate(), Err(PositionError::BothPending));
        s.remainder = None;
        assert_eq!(s.validate().unwrap().pending(), Pending::ladder(6));
        s.ladder = Some(vec![7]);
        assert!(matches!(s.validate(), Err(PositionError::BadPending { field: "ladder", .. })));
        s.ladder = Some(vec![6, 6, 6]);
        assert!(s.validate().unwrap_err().to_string().contains("whole stages"));
        s.ladder = Some(vec![6, 6, 6, 6]);
        s.roll = 4;
        assert_eq!(s.validate(), Err(PositionError::PendingTooEarly(4)));
        let mut over = Position::of_board(crate::fevga_pos!(White; white {}; black {5: 15}), 9).to_setup();
        over.remainder = Some(vec![6]);
        assert_eq!(over.validate(), Err(PositionError::PendingAfterEnd));
    }
}
