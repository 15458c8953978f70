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
//! The framing (turn bit, padding, base64url) is `crate::codec::id`'s, shared
//! with the other games; here is Plakoto's layout of points and pins.

use thiserror::Error;

use super::{Position, PositionError, Setup};
use crate::codec::id::{IdFault, IdFormat, name_marker, named_in};
use crate::color::Color;
use crate::tavli::GameKind;

/// Why a position ID was rejected.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PositionIdError {
    /// The ID is the empty string.
    #[error("position ID is empty")]
    Empty,
    /// The ID is longer (in characters, held) than any ID can be.
    #[error("position ID is {0} characters long; IDs are at most 16")]
    TooLong(usize),
    /// The ID is not unpadded base64url; holds what is wrong and where.
    #[error("{0}")]
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

/// Plakoto's IDs came first and have no prefix; at most 94 bits (the turn,
/// one per checker and per point a side, one per pin) make 12 bytes, 16
/// characters.
const FORMAT: IdFormat<PositionIdError> = IdFormat { prefix: None, max_len: 16 };

/// The ID format of `game` (Plakoto's, or one of its names: the same bits
/// after the name's marker, `tapa.…`).
fn format_of(game: GameKind) -> IdFormat<PositionIdError> {
    match name_marker(game) {
        // Only chosen for a text that starts with the marker, or to write.
        Some(marker) => IdFormat {
            prefix: Some((marker, |_| PositionIdError::Base64("a named game's ID starts with its name".into()))),
            max_len: FORMAT.max_len + marker.len(),
        },
        None => FORMAT,
    }
}

impl Position {
    /// The position ID (see the module documentation for the encoding); a
    /// position of one of Plakoto's names writes the same bits after the
    /// name and a dot (`tapa.AAAA__7__gAAAA`).
    ///
    /// ```
    /// use tavli_core::Position;
    /// use tavli_core::tavli::GameKind;
    /// let id = Position::start().id();
    /// assert_eq!(id, "AAAA__7__gAAAA");
    /// assert_eq!(Position::from_id(&id).unwrap(), Position::start());
    /// let mahbusa = Position::start_of(GameKind::Mahbusa).unwrap();
    /// assert_eq!(mahbusa.id(), "mahbusa.AAAA__7__gAAAA");
    /// assert_eq!(Position::from_id(&mahbusa.id()).unwrap(), mahbusa);
    /// ```
    pub fn id(&self) -> String {
        format_of(self.game).write(self.turn, |w| {
            for color in [Color::White, Color::Black] {
                for p in 1..=24 {
                    w.unary(self.checkers(color, p));
                }
            }
            for p in 1..=24 {
                if self.checkers(Color::White, p) > 0 && self.checkers(Color::Black, p) > 0 {
                    w.push(self.pinned(p) == Some(Color::White));
                }
            }
        })
    }

    /// Decodes a position ID, naming any fault.
    ///
    /// ```
    /// use tavli_core::{Position, PositionIdError};
    /// assert_eq!(Position::from_id("AAAA__7__gAAAA").unwrap(), Position::start());
    /// assert_eq!(Position::from_id(""), Err(PositionIdError::Empty));
    /// ```
    pub fn from_id(id: &str) -> Result<Position, PositionIdError> {
        let game = named_in(id, GameKind::Plakoto).map_or(GameKind::Plakoto, |(g, _)| g);
        let (turn, mut r) = format_of(game).read(id)?;
        let counts: [[u8; 24]; 2] = [r.side(Color::White)?, r.side(Color::Black)?];
        let mut s = Setup::empty(turn);
        s.game = game;
        for p in 1..=24 {
            let (w, b) = (i64::from(counts[0][p - 1]), i64::from(counts[1][p - 1]));
            if w > 0 && b > 0 {
                let white_under = r.bit("the pins")?;
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
        r.finish()?;
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
        // A named game's ID: its faults counted in characters of the whole ID.
        let e = Position::from_id("tapa.AAAA!_7__gAAAA").unwrap_err().to_string();
        assert!(e.contains("character 10"), "{e}");
        assert!(Position::from_id("tapa.").is_err());
        assert!(Position::from_id("tabla.AAAA__7__gAAAA").is_err());
    }

    #[test]
    fn each_name_writes_its_marker_and_reads_back() {
        let p = pos!(Black; white {24: 10, 6: 3}; black {1: 3, 19: 4, 12: 1}; pinned {6: Black, 12: White});
        for game in [GameKind::Tapa, GameKind::Tsilliton, GameKind::Mahbusa] {
            let named = p.as_game(game).unwrap();
            let id = named.id();
            assert_eq!(id, format!("{}.{}", game.name(), p.id()));
            assert_eq!(Position::from_id(&id).unwrap(), named);
        }
    }
}
