//! GNU Backgammon's position ID, read and written, so that a position pastes
//! between the two programs (Portes is backgammon's board and moves).
//!
//! The encoding, from gnubg's manual ("A technical description of the
//! Position ID") and checked against gnubg's own IDs: an 80-bit key, one
//! side after the other, each as unary counts (that many 1 bits, then a 0)
//! for its points 1..=24 in its own numbering and then its bar; the side
//! *not* on roll comes first, then the side on roll (the manual's prose
//! says the reverse, but gnubg's code, its IDs and other programs that
//! read them put the side on roll second). Bits fill each byte from the
//! least significant end; the 10 bytes are written in standard base64
//! (`A–Z a–z 0–9 + /`) without padding: 14 characters. Borne-off checkers
//! are what is missing from 15. The ID does not say which colour is on
//! roll, so reading one takes it.

use base64::Engine;
use base64::engine::general_purpose::STANDARD_NO_PAD;

use super::id::PositionIdError;
use super::position::{BAR, Position, flip, nib, nibble};
use crate::color::Color;

impl Position {
    /// GNU Backgammon's position ID of this position, seen from the side on roll.
    ///
    /// ```
    /// use tavli_core::portes::Position;
    /// assert_eq!(Position::start().gnubg_id(), "4HPwATDgc/ABMA");
    /// ```
    pub fn gnubg_id(&self) -> String {
        let mut key = [0u8; 10];
        let mut bit = 0usize;
        // The opponent in its own numbering, then the side on roll.
        for side in [flip(self.opp), self.own] {
            for p in 1..=BAR {
                for _ in 0..nibble(side, p) {
                    key[bit / 8] |= 1 << (bit % 8);
                    bit += 1;
                }
                bit += 1;
            }
        }
        STANDARD_NO_PAD.encode(key)
    }

    /// Reads GNU Backgammon's position ID, with `turn` the colour on roll
    /// (the ID itself does not say), naming any fault. A trailing `==`
    /// (base64 padding) is accepted.
    ///
    /// ```
    /// use tavli_core::Color;
    /// use tavli_core::portes::Position;
    /// assert_eq!(Position::from_gnubg_id("4HPwATDgc/ABMA", Color::White), Ok(Position::start()));
    /// assert!(Position::from_gnubg_id("4HPwATDgc/ABMB", Color::White).is_err());
    /// // Eight Greek letters are eight characters, too few, whatever their bytes.
    /// let e = Position::from_gnubg_id("αβγδεζηθ", Color::White).unwrap_err().to_string();
    /// assert!(!e.contains("16"), "{e}");
    /// ```
    pub fn from_gnubg_id(id: &str, turn: Color) -> Result<Position, PositionIdError> {
        let id = id.trim();
        if id.is_empty() {
            return Err(PositionIdError::Empty);
        }
        let id = id.strip_suffix("==").unwrap_or(id);
        // Judged in characters, as the error says them (not bytes: a
        // non-ASCII input is refused as what it looks like).
        let length = id.chars().count();
        if length > 14 {
            return Err(PositionIdError::TooLong(length, 14));
        }
        if length < 14 {
            return Err(PositionIdError::Truncated("the 14 characters of a GNU Backgammon ID"));
        }
        let bytes = STANDARD_NO_PAD.decode(id).map_err(|e| {
            let words = crate::codec::id::base64_words(id, 0, &e, crate::codec::id::STANDARD);
            PositionIdError::Base64(words.replacen("a position ID", "a GNU Backgammon position ID", 1))
        })?;
        let bit_at = |i: usize| bytes.get(i / 8).is_some_and(|b| b >> (i % 8) & 1 == 1);
        let mut bit = 0usize;
        let mut sides = [0u128; 2];
        for (k, color) in [turn.opponent(), turn].into_iter().enumerate() {
            let mut total = 0;
            for p in 1..=BAR {
                while bit_at(bit) {
                    total += 1;
                    if total > 15 {
                        return Err(PositionIdError::TooManyCheckers(color));
                    }
                    sides[k] += nib(p);
                    bit += 1;
                }
                bit += 1;
                if bit > 80 {
                    return Err(PositionIdError::Truncated("the checkers"));
                }
            }
            sides[k] += 15 - total as u128;
        }
        if (bit..80).any(bit_at) {
            return Err(PositionIdError::TrailingData);
        }
        let (own, opp) = (sides[1], flip(sides[0]));
        for p in 1..=24u32 {
            if nibble(own, p) > 0 && nibble(opp, p) > 0 {
                return Err(PositionIdError::SharedPoint(turn.to_white_numbering(p as u8)));
            }
        }
        // A Setup round trip checks the rest (both sides borne off).
        Ok(Position { own, opp, turn, game: crate::tavli::GameKind::Portes }.to_setup().validate()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::portes_pos;

    /// IDs that gnubg writes, with the boards gnubg reads from them (its
    /// own decoder, through the gnubg-nn Python module), White on roll.
    #[test]
    fn known_gnubg_ids() {
        let cases = [
            ("4HPwATDgc/ABMA", Position::start()),
            (
                "jGfkASjg8wcBMA",
                portes_pos!(White; white {24: 2, 13: 1, 8: 7, 6: 5}; black {1: 1, 2: 1, 12: 4, 14: 1, 17: 2, 19: 4, 22: 2}),
            ),
            (
                "zGbiIQgxH/AAWA",
                portes_pos!(White; white {bar: 1, 24: 2, 13: 4, 6: 5, 4: 2, 1: 1};
                                   black {3: 1, 8: 1, 12: 4, 15: 1, 17: 2, 19: 2, 20: 2, 22: 2}),
            ),
            (
                "zGbiIYCYD3gALA",
                portes_pos!(White; white {bar: 1, 24: 2, 13: 4, 6: 5, 4: 2, 1: 1};
                                   black {8: 1, 12: 4, 15: 1, 17: 2, 19: 2, 20: 2, 22: 2}),
            ),
        ];
        for (id, p) in cases {
            assert_eq!(Position::from_gnubg_id(id, Color::White), Ok(p), "{id}");
            assert_eq!(p.gnubg_id(), id);
            // The same board seen from the other colour: the same ID.
            assert_eq!(Position::from_gnubg_id(id, Color::Black), Ok(p.mirror()), "{id}");
            assert_eq!(p.mirror().gnubg_id(), id);
        }
    }

    #[test]
    fn the_side_on_roll_comes_second() {
        // One White checker on the bar, White on roll: the bar is the last
        // group of the second side, just before the trailing zeros.
        let p = portes_pos!(White; white {bar: 1, 24: 1, 13: 5, 8: 3, 6: 5}; black {1: 2, 12: 5, 17: 3, 19: 5});
        let id = p.gnubg_id();
        assert_eq!(Position::from_gnubg_id(&id, Color::White), Ok(p));
        assert_ne!(Position::from_gnubg_id(&id, Color::Black).ok(), Some(p.pass_turn()));
    }

    #[test]
    fn rejects_bad_ids_with_reasons() {
        let w = Color::White;
        assert_eq!(Position::from_gnubg_id("", w), Err(PositionIdError::Empty));
        assert!(matches!(Position::from_gnubg_id("4HPwATDgc/AB", w), Err(PositionIdError::Truncated(_))));
        assert!(matches!(Position::from_gnubg_id("4HPwATDgc/ABMAA", w), Err(PositionIdError::TooLong(15, 14))));
        assert!(matches!(Position::from_gnubg_id("4HPwATDgc-ABMA", w), Err(PositionIdError::Base64(_))));
        assert!(matches!(Position::from_gnubg_id("/////////////w", w), Err(PositionIdError::TooManyCheckers(_))));
        assert!(matches!(Position::from_gnubg_id("AAAAAAAAAAAAAA", w), Err(PositionIdError::Invalid(_))));
    }
}
