//! The position ID: a short, URL-safe text that round-trips a position
//! exactly, for people to paste.
//!
//! Encoding (documented in INTERFACE.md): a bit string, most significant bit
//! of each byte first:
//! 1. one bit for the side on roll (0 White, 1 Black);
//! 2. for White, for points 1..=24 in White's numbering: as many 1 bits as
//!    White has checkers there (on top or pinned), then a 0;
//! 3. the same for Black, over the same points in the same order;
//! 4. for each point, ascending, where both sides have a checker: one bit,
//!    1 if the pinned checker underneath is White's, 0 if it is Black's.
//!
//! Borne-off counts are what is missing from 15. The bits are padded with
//! zeros to whole bytes and written in unpadded base64url (`A–Z a–z 0–9 - _`).
//! The start position is `AAAA__7__gAAAA` (14 characters); no ID is longer than 16.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use thiserror::Error;

use super::{Position, PositionError, Setup};
use crate::color::Color;

/// Why a position ID was rejected.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PositionIdError {
    /// The ID is the empty string.
    #[error("position ID is empty")]
    Empty,
    /// The ID is longer (in characters, held) than any ID can be.
    #[error("position ID is {0} characters long; IDs are at most 16")]
    TooLong(usize),
    /// The ID is not unpadded base64url; holds the decoder's message.
    #[error("position ID is not base64url text (A-Z, a-z, 0-9, '-', '_'): {0}")]
    Base64(String),
    /// The ID gives this side more than 15 checkers.
    #[error("position ID gives {0} more than 15 checkers")]
    TooManyCheckers(Color),
    /// The bits run out before the position is complete; holds the part being read.
    #[error("position ID ends too early (cut off while reading {0})")]
    Truncated(&'static str),
    /// The ID puts more than one checker under a point's opposing checkers.
    #[error(
        "position ID puts {count} {color} checkers under point {point}; only one checker lies pinned under a point"
    )]
    PinnedStack {
        /// The point, in White's numbering.
        point: u8,
        /// The colour of the checkers underneath.
        color: Color,
        /// How many checkers the ID puts underneath.
        count: i64,
    },
    /// Bits other than zero padding follow the position.
    #[error("position ID has extra data after the position")]
    TrailingData,
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
}

struct BitReader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl BitReader<'_> {
    fn next(&mut self, what: &'static str) -> Result<bool, PositionIdError> {
        let byte = self.bytes.get(self.pos / 8).ok_or(PositionIdError::Truncated(what))?;
        let bit = byte & (0x80 >> (self.pos % 8)) != 0;
        self.pos += 1;
        Ok(bit)
    }
}

impl Position {
    /// The position ID (see the module documentation for the encoding).
    ///
    /// ```
    /// use tavli_core::Position;
    /// let id = Position::start().id();
    /// assert_eq!(id, "AAAA__7__gAAAA");
    /// assert_eq!(Position::from_id(&id).unwrap(), Position::start());
    /// ```
    pub fn id(&self) -> String {
        let mut w = BitWriter { bytes: Vec::with_capacity(12), len: 0 };
        w.push(self.turn == Color::Black);
        for color in [Color::White, Color::Black] {
            for p in 1..=24 {
                for _ in 0..self.checkers(color, p) {
                    w.push(true);
                }
                w.push(false);
            }
        }
        for p in 1..=24 {
            if self.checkers(Color::White, p) > 0 && self.checkers(Color::Black, p) > 0 {
                w.push(self.pinned(p) == Some(Color::White));
            }
        }
        URL_SAFE_NO_PAD.encode(&w.bytes)
    }

    /// Decodes a position ID, naming any fault.
    ///
    /// ```
    /// use tavli_core::{Position, PositionIdError};
    /// assert_eq!(Position::from_id("AAAA__7__gAAAA").unwrap(), Position::start());
    /// assert_eq!(Position::from_id(""), Err(PositionIdError::Empty));
    /// ```
    pub fn from_id(id: &str) -> Result<Position, PositionIdError> {
        let id = id.trim();
        if id.is_empty() {
            return Err(PositionIdError::Empty);
        }
        if id.len() > 16 {
            return Err(PositionIdError::TooLong(id.chars().count()));
        }
        let bytes = URL_SAFE_NO_PAD.decode(id).map_err(|e| PositionIdError::Base64(e.to_string()))?;
        let mut r = BitReader { bytes: &bytes, pos: 0 };
        let turn = if r.next("the side on roll")? { Color::Black } else { Color::White };
        let mut counts = [[0u8; 25]; 2];
        for color in [Color::White, Color::Black] {
            let mut total = 0u32;
            for p in 1..=24 {
                while r.next("the checkers")? {
                    total += 1;
                    if total > 15 {
                        return Err(PositionIdError::TooManyCheckers(color));
                    }
                    counts[color.index()][p] += 1;
                }
            }
        }
        let mut s = Setup::empty(turn);
        for p in 1..=24 {
            let (w, b) = (counts[0][p] as i64, counts[1][p] as i64);
            if w > 0 && b > 0 {
                let white_under = r.next("the pins")?;
                let (under, top) = if white_under { (Color::White, -b) } else { (Color::Black, w) };
                let under_count = if white_under { w } else { b };
                if under_count != 1 {
                    return Err(PositionIdError::PinnedStack { point: p as u8, color: under, count: under_count });
                }
                s.board[p] = top;
                s.pinned[p] = Some(under);
            } else {
                s.board[p] = w - b;
            }
        }
        // Only zero padding may follow, and only up to the next byte.
        if bytes.len() != r.pos.div_ceil(8) {
            return Err(PositionIdError::TrailingData);
        }
        while r.pos < bytes.len() * 8 {
            if r.next("padding")? {
                return Err(PositionIdError::TrailingData);
            }
        }
        s.fill_off();
        Ok(s.validate()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pos;

    #[test]
    fn round_trips_pins_both_ways_and_black_on_roll() {
        let p = pos!(Black; white {24: 10, 6: 3}; black {1: 3, 19: 4, 12: 1}; pinned {6: Black, 12: White});
        let id = p.id();
        assert!(id.len() <= 16, "{id}");
        assert_eq!(Position::from_id(&id).unwrap(), p);
    }

    #[test]
    fn rejects_bad_ids_with_reasons() {
        assert_eq!(Position::from_id(""), Err(PositionIdError::Empty));
        assert!(matches!(Position::from_id("AAAA__7__gAA+A"), Err(PositionIdError::Base64(_))));
        assert!(matches!(Position::from_id("AAAB"), Err(PositionIdError::Truncated(_))));
        assert!(matches!(Position::from_id("________________"), Err(PositionIdError::TooManyCheckers(Color::White))));
        assert_eq!(Position::from_id("AAAA__7__gAAAAAA"), Err(PositionIdError::TrailingData));
        // The same position with a pin bit that cannot be there.
        assert!(Position::from_id("AAAA__7__gAAAB").is_err());
        assert!(matches!(Position::from_id("AAAAAAAAAAAAAAAAA"), Err(PositionIdError::TooLong(17))));
    }
}
