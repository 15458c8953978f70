//! The Gul bara position ID: `g.` and then unpadded base64url of a bit
//! string, most significant bit of each byte first: Fevga's layout (the
//! side on roll, then each side's checkers on White's points 1..=24 in
//! unary), then the roll counter in 16 bits, then one bit saying whether
//! dice are pending and, if they are, the first stage's die (3 bits), its
//! moves left less one (2 bits) and whether they were handed over (1 bit).
//! At most 102 bits: 18 characters after the prefix. The start is
//! `g.AAAA__4AH__AAAAC`. The framing is `crate::codec::id`'s, shared with
//! the other games.

use thiserror::Error;

use super::pending::Pending;
use super::position::Position;
use super::setup::{PositionError, Setup};
use crate::codec::id::{BitReader, BitWriter, IdFault, IdFormat};
use crate::color::Color;

/// The text every Gul bara position ID starts with.
pub const ID_PREFIX: &str = "g.";

/// Why a Gul bara position ID was rejected.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PositionIdError {
    /// The ID is the empty string.
    #[error("position ID is empty")]
    Empty,
    /// The ID does not start with `g.`: not a Gul bara position ID.
    #[error("`{0}` is not a Gul bara position ID: those start with `g.`")]
    NotGulBara(String),
    /// The ID is longer (in characters, held) than any ID can be.
    #[error("position ID is {0} characters long; Gul bara IDs are at most 20")]
    TooLong(usize),
    /// The text after `g.` is not unpadded base64url; holds the decoder's message.
    #[error("position ID is not base64url text after `g.` (A-Z, a-z, 0-9, '-', '_'): {0}")]
    Base64(String),
    /// The ID gives this side more than 15 checkers.
    #[error("position ID gives {0} more than 15 checkers")]
    TooManyCheckers(Color),
    /// The bits run out before the position is complete; holds the part being read.
    #[error("position ID ends too early (cut off while reading {0})")]
    Truncated(&'static str),
    /// Bits other than zero padding follow the position.
    #[error("position ID has extra data after the position")]
    TrailingData,
    /// The pending dice's bits name no die (0 or 7).
    #[error("position ID names die {0} for the pending dice; a die shows 1 to 6")]
    BadDie(u8),
    /// The ID decodes to a position that is not valid.
    #[error("position ID describes an impossible position: {0}")]
    Invalid(#[from] PositionError),
}

impl From<IdFault> for PositionIdError {
    fn from(fault: IdFault) -> PositionIdError {
        match fault {
            IdFault::Empty => PositionIdError::Empty,
            IdFault::TooLong { chars, .. } => PositionIdError::TooLong(chars),
            IdFault::Base64(e) => PositionIdError::Base64(e),
            IdFault::Truncated(what) => PositionIdError::Truncated(what),
            IdFault::TooManyCheckers(color) => PositionIdError::TooManyCheckers(color),
            IdFault::TrailingData => PositionIdError::TrailingData,
        }
    }
}

/// At most 102 bits (Fevga's 79, the counter's 16, the pending dice's 7)
/// make 13 bytes, 18 characters after the prefix.
const FORMAT: IdFormat<PositionIdError> = IdFormat {
    prefix: Some((ID_PREFIX, |id| PositionIdError::NotGulBara(id.chars().take(20).collect()))),
    max_len: 20,
};

/// Writes `n`'s low `bits` bits, most significant first.
fn number(w: &mut BitWriter, n: u32, bits: u32) {
    for i in (0..bits).rev() {
        w.push(n >> i & 1 == 1);
    }
}

/// Reads a number of `bits` bits.
fn read_number(r: &mut BitReader, bits: u32, what: &'static str) -> Result<u32, IdFault> {
    (0..bits).try_fold(0, |n, _| Ok(n << 1 | u32::from(r.bit(what)?)))
}

impl Position {
    /// The position ID (see the module documentation for the encoding).
    ///
    /// ```
    /// use tavli_core::gulbara::Position;
    /// let id = Position::start().id();
    /// assert_eq!(id, "g.AAAA__4AH__AAAAC");
    /// assert_eq!(Position::from_id(&id).unwrap(), Position::start());
    /// ```
    pub fn id(&self) -> String {
        FORMAT.write(self.turn(), |w| {
            for color in [Color::White, Color::Black] {
                for p in 1..=24 {
                    w.unary(self.checkers(color, p));
                }
            }
            number(w, u32::from(self.roll), 16);
            w.push(self.pending.is_some());
            if let Some(p) = self.pending {
                number(w, u32::from(p.die()), 3);
                number(w, u32::from(p.left() - 1), 2);
                w.push(p.is_handed());
            }
        })
    }

    /// Decodes a Gul bara position ID, naming any fault; never panics.
    ///
    /// ```
    /// use tavli_core::gulbara::{Position, PositionIdError};
    /// assert_eq!(Position::from_id(""), Err(PositionIdError::Empty));
    /// assert!(matches!(Position::from_id("f.AAAA__4AH__AAA"), Err(PositionIdError::NotGulBara(_))));
    /// ```
    pub fn from_id(id: &str) -> Result<Position, PositionIdError> {
        let (turn, mut r) = FORMAT.read(id)?;
        let mut s = Setup::empty(turn);
        for color in [Color::White, Color::Black] {
            let counts: [u8; 24] = r.side(color)?;
            for (p, n) in (1..=24).zip(counts) {
                s.board.checkers[color.index()][p] = i64::from(n);
            }
        }
        s.roll = i64::from(read_number(&mut r, 16, "the roll counter")?);
        if r.bit("the pending dice")? {
            let die = read_number(&mut r, 3, "the pending dice")? as u8;
            let left = read_number(&mut r, 2, "the pending dice")? as u8 + 1;
            let handed = r.bit("the pending dice")?;
            let p = Pending::handed(die, left).ok_or(PositionIdError::BadDie(die))?;
            let dice = Some(p.dice().into_iter().map(i64::from).collect());
            if handed { s.remainder = dice } else { s.ladder = dice }
        }
        r.finish()?;
        s.board.fill_off();
        Ok(s.validate()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fevga_pos;

    #[test]
    fn round_trips_with_counters_and_pending_dice_and_stays_short() {
        let board = fevga_pos!(Black; white {24: 3, 12: 1, 11: 1, 10: 1, 9: 1, 8: 1, 7: 1, 6: 1, 5: 1, 4: 1, 3: 1, 2: 1, 1: 1};
                               black {11: 1, 10: 1, 9: 1, 8: 1, 7: 1, 6: 1, 5: 1, 4: 1, 3: 1, 2: 1, 1: 5});
        for roll in [1, 5, 300, u16::MAX] {
            for pending in [None, Pending::handed(1, 1), Pending::handed(6, 4), Pending::ladder(2)] {
                let Some(p) = Position::of_board(board, roll).with_pending(pending.filter(|_| roll > 4)) else {
                    continue;
                };
                let id = p.id();
                assert!(id.len() <= 20, "{id}");
                assert_eq!(Position::from_id(&id), Ok(p));
            }
        }
    }

    #[test]
    fn rejects_bad_ids_with_reasons() {
        assert!(matches!(Position::from_id("g.AAAA+"), Err(PositionIdError::Base64(_))));
        assert_eq!(Position::from_id("g.AAAA__4AH__AAA"), Err(PositionIdError::Truncated("the roll counter")));
        assert!(matches!(Position::from_id("G.AAAA"), Err(PositionIdError::NotGulBara(_))));
        assert_eq!(Position::from_id("g.AAAA__4AH__AAAACAAAAA"), Err(PositionIdError::TooLong(23)));
        // Roll 0 is no roll.
        let zero = FORMAT.write(Color::White, |w| {
            for color in [Color::White, Color::Black] {
                for p in 1..=24u8 {
                    w.unary(if (color == Color::White && p == 24) || (color == Color::Black && p == 12) {
                        15
                    } else {
                        0
                    });
                }
            }
            number(w, 0, 16);
            w.push(false);
        });
        assert_eq!(Position::from_id(&zero), Err(PositionIdError::Invalid(PositionError::BadRoll(0))));
    }
}
