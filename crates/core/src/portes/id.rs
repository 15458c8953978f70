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

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use thiserror::Error;

use super::position::Position;
use super::setup::{PositionError, Setup};
use crate::color::Color;

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
    /// The ID is not base64 text of its kind; holds the decoder's message.
    #[error("position ID is not base64 text: {0}")]
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

struct BitWriter {
    bytes: Vec<u8>,
    len: usize,
}

impl BitWriter {
    fn push(&mut self, bit: bool) {
        if self.len.is_multiple_of(8) {
            self.bytes.push(0);
        }
        if bit {
            let last = self.bytes.len() - 1;
            self.bytes[last] |= 0x80 >> (self.len % 8);
        }
        self.len += 1;
    }

    fn unary(&mut self, n: u8) {
        for _ in 0..n {
            self.push(true);
        }
        self.push(false);
    }
}

impl Position {
    /// The Portes position ID (see the module documentation).
    ///
    /// ```
    /// use tavli_core::portes::Position;
    /// let id = Position::start().id();
    /// assert_eq!(id, "p.A-cHwAZgA-DnwAA");
    /// assert_eq!(Position::from_id(&id), Ok(Position::start()));
    /// ```
    pub fn id(&self) -> String {
        let mut w = BitWriter { bytes: Vec::with_capacity(11), len: 0 };
        w.push(self.turn == Color::Black);
        for color in [Color::White, Color::Black] {
            for p in 1..=24 {
                w.unary(self.checkers(color, p));
            }
            w.unary(self.bar(color));
        }
        format!("p.{}", URL_SAFE_NO_PAD.encode(&w.bytes))
    }

    /// Decodes a Portes position ID, naming any fault.
    ///
    /// ```
    /// use tavli_core::portes::{Position, PositionIdError};
    /// assert_eq!(Position::from_id("AAAA__7__gAAAA"), Err(PositionIdError::NoPrefix));
    /// ```
    pub fn from_id(id: &str) -> Result<Position, PositionIdError> {
        let id = id.trim();
        if id.is_empty() {
            return Err(PositionIdError::Empty);
        }
        if id.len() > 17 {
            return Err(PositionIdError::TooLong(id.chars().count(), 17));
        }
        let body = id.strip_prefix("p.").ok_or(PositionIdError::NoPrefix)?;
        let bytes = URL_SAFE_NO_PAD.decode(body).map_err(|e| PositionIdError::Base64(e.to_string()))?;
        let mut pos = 0usize;
        let mut next = |what: &'static str| -> Result<bool, PositionIdError> {
            let byte = bytes.get(pos / 8).ok_or(PositionIdError::Truncated(what))?;
            let bit = byte & (0x80 >> (pos % 8)) != 0;
            pos += 1;
            Ok(bit)
        };
        let turn = if next("the side on roll")? { Color::Black } else { Color::White };
        let mut s = Setup::empty(turn);
        for color in [Color::White, Color::Black] {
            let sign = if color == Color::White { 1 } else { -1 };
            let mut total = 0u32;
            for p in 1..=25usize {
                let mut n = 0i64;
                while next("the checkers")? {
                    total += 1;
                    if total > 15 {
                        return Err(PositionIdError::TooManyCheckers(color));
                    }
                    n += 1;
                }
                if p == 25 {
                    s.bar[color.index()] = n;
                } else if n > 0 {
                    if s.board[p] != 0 {
                        return Err(PositionIdError::SharedPoint(p as u8));
                    }
                    s.board[p] = sign * n;
                }
            }
        }
        let used = pos;
        // Only zero padding may follow, and only up to the next byte.
        if bytes.len() != used.div_ceil(8) {
            return Err(PositionIdError::TrailingData);
        }
        if !used.is_multiple_of(8) && bytes[bytes.len() - 1] & (0xFF >> (used % 8)) != 0 {
            return Err(PositionIdError::TrailingData);
        }
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
        assert_eq!(Position::from_id("AgCA4B8AABAOAf3AIEA"), Err(PositionIdError::TooLong(19, 17)));
        assert_eq!(Position::from_id("AgCA"), Err(PositionIdError::NoPrefix));
        assert!(matches!(Position::from_id("p.AgCA+B8AABAOAf3"), Err(PositionIdError::Base64(_))));
        assert!(matches!(Position::from_id("p.AgCA"), Err(PositionIdError::Truncated(_))));
        assert!(matches!(Position::from_id("p.________________"), Err(PositionIdError::TooLong(..))));
        assert!(matches!(Position::from_id("p.____________"), Err(PositionIdError::TooManyCheckers(Color::White))));
        assert_eq!(Position::from_id("p.A-cHwAZgA-DnwBA"), Err(PositionIdError::TrailingData));
    }
}
