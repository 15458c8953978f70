//! The two sides.

use std::fmt;

/// A side of the board. White moves from its 24-point down to its 1-point;
/// Black moves the other way (Black's point n is White's point 25 − n).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// White; position JSON and position IDs number the points as White does.
    White,
    /// The other side; its point n is White's point 25 − n.
    Black,
}

impl Color {
    /// The other side.
    ///
    /// ```
    /// use tavli_core::Color;
    /// assert_eq!(Color::White.opponent(), Color::Black);
    /// ```
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// Lower-case name as used in JSON: `"white"` or `"black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// Parses `"white"`/`"black"` (any case; `w`/`b` too).
    ///
    /// ```
    /// use tavli_core::Color;
    /// assert_eq!(Color::parse("Black"), Some(Color::Black));
    /// assert_eq!(Color::parse("w"), Some(Color::White));
    /// assert_eq!(Color::parse("red"), None);
    /// ```
    pub fn parse(s: &str) -> Option<Color> {
        match s.to_ascii_lowercase().as_str() {
            "white" | "w" => Some(Color::White),
            "black" | "b" => Some(Color::Black),
            _ => None,
        }
    }

    /// Index 0 for White, 1 for Black: for arrays indexed by side.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Converts a point in this side's own numbering to White's numbering
    /// (and back: the conversion is its own inverse).
    ///
    /// ```
    /// use tavli_core::Color;
    /// assert_eq!(Color::Black.to_white_numbering(1), 24);
    /// assert_eq!(Color::White.to_white_numbering(7), 7);
    /// ```
    #[inline]
    pub const fn to_white_numbering(self, point: u8) -> u8 {
        match self {
            Color::White => point,
            Color::Black => 25 - point,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}
