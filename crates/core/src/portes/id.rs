//! The Portes position ID: `p.` and a short URL-safe text that round-trips
//! a position exactly, for people to paste; the prefix tells it from a
//! Plakoto ID (whose base64url never holds a dot).
//!
//! Encoding (INTERFACE.md, "Portes"): a bit string, most significant bit of
//! each byte first:
//! 1. one bit for the side on roll (0 White, 1 Black);
//! 2. for White, for points 1..=24 in White's numbering, then its bar: as
//!    many 1 bits as White has checkers there, then a 0;
//! 3. the same for Black, over the same points in the same order, then its bar.
//!
//! Borne-off counts are what is missing from 15. The bits are padded with
//! zeros to whole bytes and written in unpadded base64url after `p.`. The
//! start is `p.A-cHwAZgA-DnwAA`; no ID is longer than 17 characters.
//! The framing (turn bit, padding, base64url, prefix) is
//! `crate::codec::id`'s, shared with the other games; here is Portes's
//! layout of points and bar.

use thiserror::Error;

use super::position::Position;
use super::setup::{PositionError, Setup};
use crate::codec::id::{IdFault, IdFormat, name_marker, named_in};
use crate::color::Color;
use crate::tavli::GameKind;

/// Why a Portes position ID (ours or GNU Backgammon's) was rejected.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PositionIdError {
    /// The ID is empty.
    #[error("position ID is empty")]
    Empty,
    /// A Portes ID that does not start with `p.`.
    #[error("a Portes position ID starts with `p.`")]
    NoPrefix,
    /// The ID is longer (in characters, held) than any ID of its kind.
    #[error("position ID is {0} characters long; it can be at most {1}")]
    TooLong(usize, usize),
    /// The ID is not base64 text of its kind; holds what is wrong and where.
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
    /// Both sides have checkers on one point (White's numbering).
    #[error("position ID puts both sides' checkers on point {0}")]
    SharedPoint(u8),
    /// The ID decodes to a setup that is not a valid position.
    #[error("position ID describes an impossible position: {0}")]
    Invalid(#[from] PositionError),
}

impl From<IdFault> for PositionIdError {
    fn from(fault: IdFault) -> PositionIdError {
        match fault {
            IdFault::Empty => PositionIdError::Empty,
            IdFault::TooLong { chars, max } => PositionIdError::TooLong(chars, max),
            IdFault::Base64(e) => PositionIdError::Base64(e),
            IdFault::Truncated(what) => PositionIdError::Truncated(what),
            IdFault::TooManyCheckers(color) => PositionIdError::TooManyCheckers(color),
            IdFault::TrailingData => PositionIdError::TrailingData,
        }
    }
}

/// `p.` tells a Portes ID from a Plakoto one; at most 81 bits (the turn,
/// one per place a side, one per checker) make 11 bytes, 15 characters
/// after it.
const FORMAT: IdFormat<PositionIdError> = IdFormat { prefix: Some(("p.", |_| PositionIdError::NoPrefix)), max_len: 17 };

/// The ID format of `game`: Portes's, or Tabla's, the same bits after its
/// name's marker (`tabla.…`) instead of `p.`.
fn format_of(game: GameKind) -> IdFormat<PositionIdError> {
    match name_marker(game) {
        Some(marker) => IdFormat {
            prefix: Some((marker, |_| PositionIdError::NoPrefix)),
            max_len: FORMAT.max_len - 2 + marker.len(),
        },
        None => FORMAT,
    }
}

impl Position {
    /// The Portes position ID (see the module documentation); a Tabla
    /// position writes the same bits after `tabla.`.
    ///
    /// ```
    /// use tavli_core::portes::Position;
    /// use tavli_core::tavli::GameKind;
    /// let id = Position::start().id();
    /// assert_eq!(id, "p.A-cHwAZgA-DnwAA");
    /// assert_eq!(Position::from_id(&id), Ok(Position::start()));
    /// let tabla = Position::start_of(GameKind::Tabla).unwrap();
    /// assert_eq!(tabla.id(), "tabla.A-cHwAZgA-DnwAA");
    /// assert_eq!(Position::from_id(&tabla.id()), Ok(tabla));
    /// ```
    pub fn id(&self) -> String {
        format_of(self.game).write(self.turn, |w| {
            for color in [Color::White, Color::Black] {
                for p in 1..=24 {
                    w.unary(self.checkers(color, p));
                }
                w.unary(self.bar(color));
            }
        })
    }

    /// Decodes a Portes position ID, naming any fault.
    ///
    /// ```
    /// use tavli_core::portes::{Position, PositionIdError};
    /// assert_eq!(Position::from_id("AAAA__7__gAAAA"), Err(PositionIdError::NoPrefix));
    /// ```
    pub fn from_id(id: &str) -> Result<Position, PositionIdError> {
        let game = named_in(id, GameKind::Portes).map_or(GameKind::Portes, |(g, _)| g);
        let (turn, mut r) = format_of(game).read(id)?;
        // Each side: points 1..=24 (White's numbering), then its bar.
        let sides: [[u8; 25]; 2] = [r.side(Color::White)?, r.side(Color::Black)?];
        let mut s = Setup::empty(turn);
        for p in 1..=24 {
            let (w, b) = (i64::from(sides[0][p - 1]), i64::from(sides[1][p - 1]));
            if w > 0 && b > 0 {
                return Err(PositionIdError::SharedPoint(p as u8));
            }
            s.board[p] = w - b;
        }
        s.bar = sides.map(|side| i64::from(side[24]));
        s.game = game;
        r.finish()?;
        s.fill_off();
        Ok(s.validate()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::portes_pos;

    #[test]
    fn round_trips_bar_and_black_on_roll() {
        let p = portes_pos!(Black; white {bar: 2, 20: 3, 6: 4}; black {bar: 3, 1: 3, 19: 4});
        let id = p.id();
        assert!(id.len() <= 17 && id.starts_with("p."), "{id}");
        assert_eq!(Position::from_id(&id), Ok(p));
    }

    #[test]
    fn rejects_bad_ids_with_reasons() {
        assert_eq!(Position::from_id(""), Err(PositionIdError::Empty));
        // The prefix is judged first, as in every game: a long text without it is not a Portes ID.
        assert_eq!(Position::from_id("AgCA4B8AABAOAf3AIEA"), Err(PositionIdError::NoPrefix));
        assert_eq!(Position::from_id("p.AgCA4B8AABAOAf3AI"), Err(PositionIdError::TooLong(19, 17)));
        assert_eq!(Position::from_id("AgCA"), Err(PositionIdError::NoPrefix));
        assert!(matches!(Position::from_id("p.AgCA+B8AABAOAf3"), Err(PositionIdError::Base64(_))));
        assert!(matches!(Position::from_id("p.AgCA"), Err(PositionIdError::Truncated(_))));
        assert!(matches!(Position::from_id("p.________________"), Err(PositionIdError::TooLong(..))));
        assert!(matches!(Position::from_id("p.____________"), Err(PositionIdError::TooManyCheckers(Color::White))));
        assert_eq!(Position::from_id("p.A-cHwAZgA-DnwBA"), Err(PositionIdError::TrailingData));
    }
}
