//! The Fevga position ID: `f.` and then unpadded base64url of a bit
//! string, most significant bit of each byte first:
//!
//! 1. one bit for the side on roll (0 White, 1 Black);
//! 2. for White, for points 1..=24 in White's numbering: as many 1 bits as
//!    White has checkers there, then a 0;
//! 3. the same for Black, over the same points in the same order (White's
//!    numbering).
//!
//! Borne-off counts are what is missing from 15. The bits (always 49 plus
//! two per checker on the board, at most 79) are padded with zeros to whole
//! bytes. The prefix tells a Fevga ID from a Plakoto one, which never
//! contains a dot. The start position is `f.AAAA__4AH__AAA`; no ID is longer
//! than 16 characters.
//! The framing (turn bit, padding, base64url, prefix) is
//! `crate::codec::id`'s, shared with the other games; here is Fevga's layout.

use thiserror::Error;

use super::position::Position;
use super::setup::{PositionError, Setup};
use crate::codec::id::{IdFault, IdFormat};
use crate::color::Color;

/// The text every Fevga position ID starts with.
pub const ID_PREFIX: &str = "f.";

/// Why a Fevga position ID was rejected.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PositionIdError {
    /// The ID is the empty string.
    #[error("position ID is empty")]
    Empty,
    /// The ID does not start with `f.`: not a Fevga position ID.
    #[error("`{0}` is not a Fevga position ID: those start with `f.`")]
    NotFevga(String),
    /// The ID is longer (in characters, held) than any ID can be.
    #[error("position ID is {0} characters long; Fevga IDs are at most 16")]
    TooLong(usize),
    /// The text after `f.` is not unpadded base64url; holds what is wrong
    /// and where.
    #[error("{0}")]
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
    /// The ID decodes to a board that is not a valid position (two sides on
    /// one point, both sides all off).
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

/// `f.` tells a Fevga ID from a Plakoto one; at most 79 bits (the turn,
/// one per point a side, one per checker) make 10 bytes, 14 characters
/// after it.
const FORMAT: IdFormat<PositionIdError> = IdFormat {
    prefix: Some((ID_PREFIX, |id| PositionIdError::NotFevga(crate::quote::excerpt_of(id, 20)))),
    max_len: 16,
};

impl Position {
    /// The position ID (see the module documentation for the encoding).
    ///
    /// ```
    /// use tavli_core::fevga::Position;
    /// let id = Position::start().id();
    /// assert!(id.starts_with("f.") && id.len() <= 16);
    /// assert_eq!(Position::from_id(&id).unwrap(), Position::start());
    /// ```
    pub fn id(&self) -> String {
        FORMAT.write(self.turn, |w| {
            for color in [Color::White, Color::Black] {
                for p in 1..=24 {
                    w.unary(self.checkers(color, p));
                }
            }
        })
    }

    /// Decodes a Fevga position ID, naming any fault; never panics.
    ///
    /// ```
    /// use tavli_core::fevga::{Position, PositionIdError};
    /// assert_eq!(Position::from_id(""), Err(PositionIdError::Empty));
    /// // A Plakoto ID is not a Fevga one.
    /// assert!(matches!(Position::from_id("AAAA__7__gAAAA"), Err(PositionIdError::NotFevga(_))));
    /// ```
    pub fn from_id(id: &str) -> Result<Position, PositionIdError> {
        let (turn, mut r) = FORMAT.read(id)?;
        let mut s = Setup::empty(turn);
        for color in [Color::White, Color::Black] {
            let counts: [u8; 24] = r.side(color)?;
            for (p, n) in (1..=24).zip(counts) {
                s.checkers[color.index()][p] = i64::from(n);
            }
        }
        r.finish()?;
        s.fill_off();
        Ok(s.validate()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fevga_pos;

    #[test]
    fn start_id_is_fixed() {
        assert_eq!(Position::start().id(), "f.AAAA__4AH__AAA");
        assert_eq!(Position::from_id("f.AAAA__4AH__AAA"), Ok(Position::start()));
        assert!(Position::start().pass_turn().id().starts_with("f.g"));
    }

    #[test]
    fn round_trips_and_stays_short() {
        // Every checker on a point of its own: the longest bit string.
        let p = fevga_pos!(Black; white {24: 3, 12: 1, 11: 1, 10: 1, 9: 1, 8: 1, 7: 1, 6: 1, 5: 1, 4: 1, 3: 1, 2: 1, 1: 1};
                           black {11: 1, 10: 1, 9: 1, 8: 1, 7: 1, 6: 1, 5: 1, 4: 1, 3: 1, 2: 1, 1: 5});
        let id = p.id();
        assert!(id.len() <= 16, "{id}");
        assert_eq!(Position::from_id(&id), Ok(p));
    }

    #[test]
    fn rejects_bad_ids_with_reasons() {
        let start = Position::start().id();
        assert_eq!(Position::from_id("f."), Err(PositionIdError::Truncated("the side on roll")));
        assert!(matches!(Position::from_id("f.AAAA+"), Err(PositionIdError::Base64(_))));
        assert!(matches!(Position::from_id("f.AAAB"), Err(PositionIdError::Truncated(_))));
        assert_eq!(Position::from_id("f._____________w"), Err(PositionIdError::TooManyCheckers(Color::White)));
        assert_eq!(Position::from_id(&format!("{start}AA")), Err(PositionIdError::TooLong(18)));
        assert!(matches!(Position::from_id("F.AAAA"), Err(PositionIdError::NotFevga(_))));
        // All 15 of each side on White's 24: two sides on one point.
        let both = FORMAT.write(Color::White, |w| {
            for _ in 0..2 {
                for p in 1..=24 {
                    w.unary(if p == 24 { 15 } else { 0 });
                }
            }
        });
        assert!(matches!(
            Position::from_id(&both),
            Err(PositionIdError::Invalid(PositionError::BothSidesOnPoint { point: 24, .. }))
        ));
    }
}
