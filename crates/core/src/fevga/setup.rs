//! `Setup`: an unchecked Fevga board, and its validation into a `Position`
//! (anything can be a setup; only a valid one becomes a position).

use thiserror::Error;

use super::bits::nib;
use super::position::{Position, white_point};
use crate::color::Color;

/// An unchecked board. Both sides' checkers are counted per point of
/// White's numbering (index 1..=24; index 0 unused), so a setup can say
/// what a position cannot: both sides on one point. Counts are wide so that
/// out-of-range input is reported rather than truncated.
///
/// ```
/// use tavli_core::Color;
/// use tavli_core::fevga::{Position, Setup};
/// let mut s = Setup::empty(Color::White);
/// s.place(Color::White, 24, 15);
/// s.place(Color::Black, 24, 15); // Black's own 24-point, White's 12
/// assert_eq!(s.validate().unwrap(), Position::start());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The side on roll.
    pub turn: Color,
    /// Checkers of each side (indexed by `Color::index()`) on each point,
    /// in White's numbering.
    pub checkers: [[i64; 25]; 2],
    /// Checkers borne off, indexed by `Color::index()`.
    pub off: [i64; 2],
}

/// What is wrong with a setup. Points are in White's numbering.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PositionError {
    /// A negative number of checkers on a point.
    #[error("point {point}: {count} {} checkers; a count cannot be negative", color.name())]
    NegativeCount {
        /// The point.
        point: u8,
        /// Whose checkers.
        color: Color,
        /// The count given.
        count: i64,
    },
    /// More than 15 checkers on a point.
    #[error("point {point}: {count} checkers; a point holds at most 15")]
    TooManyOnPoint {
        /// The point.
        point: u8,
        /// How many checkers are on it.
        count: i64,
    },
    /// Checkers of both sides on one point: in Fevga one checker holds a point.
    #[error(
        "point {point} holds {white} white and {black} black checkers; in Fevga a point holds one side's checkers only"
    )]
    BothSidesOnPoint {
        /// The point.
        point: u8,
        /// White's checkers there.
        white: i64,
        /// Black's checkers there.
        black: i64,
    },
    /// A borne-off count outside 0..=15.
    #[error("{color} has {off} checkers borne off; the count must be 0 to 15")]
    BadOffCount {
        /// The side.
        color: Color,
        /// Its borne-off count as given.
        off: i64,
    },
    /// A side's checkers on the board and borne off do not add up to 15.
    #[error("{color} has {total} checkers ({on_board} on the board, {off} borne off); each side has exactly 15")]
    WrongTotal {
        /// The side.
        color: Color,
        /// All its checkers counted.
        total: i64,
        /// Its checkers on the board.
        on_board: i64,
        /// Its checkers borne off.
        off: i64,
    },
    /// Both sides have borne off all 15 checkers.
    #[error("both sides have borne off all their checkers; only one game can be won")]
    BothBorneOff,
}

impl Setup {
    /// An empty board with `turn` on roll (not valid until checkers are added).
    pub fn empty(turn: Color) -> Setup {
        Setup { turn, checkers: [[0; 25]; 2], off: [0; 2] }
    }

    /// Adds `count` checkers of `color` on its own point `own_point` (its
    /// numbering, 1..=24; other points are ignored).
    pub fn place(&mut self, color: Color, own_point: u8, count: i64) -> &mut Setup {
        if (1..=24).contains(&own_point) {
            let p = white_point(color, own_point) as usize;
            self.checkers[color.index()][p] = self.checkers[color.index()][p].saturating_add(count);
        }
        self
    }

    /// Checkers of `color` on the board.
    pub fn on_board(&self, color: Color) -> i64 {
        self.checkers[color.index()][1..].iter().fold(0i64, |a, &n| a.saturating_add(n))
    }

    /// Sets each side's borne-off count to what is missing from 15 on the
    /// board: handy for fixtures that only list the board.
    pub fn fill_off(&mut self) -> &mut Setup {
        for c in [Color::White, Color::Black] {
            self.off[c.index()] = 15i64.saturating_sub(self.on_board(c));
        }
        self
    }

    /// Checks every rule of a position and builds it, naming the first fault.
    ///
    /// ```
    /// use tavli_core::Color;
    /// use tavli_core::fevga::{PositionError, Setup};
    /// let mut s = Setup::empty(Color::White);
    /// s.place(Color::White, 24, 15);
    /// s.place(Color::Black, 12, 15); // Black's 12 is White's 24
    /// assert_eq!(s.validate(), Err(PositionError::BothSidesOnPoint { point: 24, white: 15, black: 15 }));
    /// ```
    pub fn validate(&self) -> Result<Position, PositionError> {
        for point in 1..=24u8 {
            let [w, b] = [Color::White, Color::Black].map(|c| self.checkers[c.index()][point as usize]);
            for (color, count) in [(Color::White, w), (Color::Black, b)] {
                if count < 0 {
                    return Err(PositionError::NegativeCount { point, color, count });
                }
                if count > 15 {
                    return Err(PositionError::TooManyOnPoint { point, count });
                }
            }
            if w > 0 && b > 0 {
                return Err(PositionError::BothSidesOnPoint { point, white: w, black: b });
            }
        }
        for color in [Color::White, Color::Black] {
            let off = self.off[color.index()];
            if !(0..=15).contains(&off) {
                return Err(PositionError::BadOffCount { color, off });
            }
            let on_board = self.on_board(color);
            let total = on_board + off;
            if total != 15 {
                return Err(PositionError::WrongTotal { color, total, on_board, off });
            }
        }
        if self.off == [15, 15] {
            return Err(PositionError::BothBorneOff);
        }
        Ok(self.build())
    }

    /// The mover-relative representation (the setup is valid).
    fn build(&self) -> Position {
        let me = self.turn;
        let (mut own, mut opp) = (0u128, 0u128);
        for w in 1..=24u8 {
            // The mover's numbering of White's point w.
            let rel = u32::from(white_point(me, w));
            own += self.checkers[me.index()][w as usize] as u128 * nib(rel);
            opp += self.checkers[me.opponent().index()][w as usize] as u128 * nib(rel);
        }
        own += self.off[me.index()] as u128;
        opp += self.off[me.opponent().index()] as u128;
        Position { own, opp, turn: me }
    }
}

impl Position {
    /// The position as an unchecked `Setup`.
    ///
    /// ```
    /// use tavli_core::fevga::Position;
    /// let p = Position::start().pass_turn();
    /// assert_eq!(p.to_setup().validate(), Ok(p));
    /// ```
    pub fn to_setup(&self) -> Setup {
        let mut s = Setup::empty(self.turn);
        for w in 1..=24u8 {
            if let Some((c, n)) = self.on(w) {
                s.checkers[c.index()][w as usize] = i64::from(n);
            }
        }
        s.off = [self.off(Color::White).into(), self.off(Color::Black).into()];
        s
    }
}

/// Builds a Fevga position that reads like TAVLI.md's test notation: each
/// side's points in **its own numbering**, checkers not listed borne off.
/// `fevga W 2-1 | W: 24:14 13:1 | B: 24:14 23:1` is
/// `fevga_pos!(White; white {24: 14, 13: 1}; black {24: 14, 23: 1})`.
/// Panics on an invalid fixture (two sides on one point, 16 checkers), so
/// it is meant for tests and examples.
///
/// ```
/// use tavli_core::{Color, fevga_pos};
/// let p = fevga_pos!(White; white {24: 14, 13: 1}; black {24: 14, 23: 1});
/// assert_eq!(p.checkers(Color::Black, 11), 1); // Black's 23 is White's 11
/// assert_eq!(p.checkers(Color::Black, 12), 14);
/// ```
#[macro_export]
macro_rules! fevga_pos {
    ($turn:ident; white { $($wp:literal : $wn:literal),* $(,)? }; black { $($bp:literal : $bn:literal),* $(,)? } $(;)?) => {{
        #[allow(unused_mut)]
        let mut s = $crate::fevga::Setup::empty($crate::Color::$turn);
        $( s.place($crate::Color::White, $wp, $wn); )*
        $( s.place($crate::Color::Black, $bp, $bn); )*
        s.fill_off();
        match s.validate() {
            Ok(p) => p,
            Err(e) => panic!("invalid fevga_pos! fixture: {e}"),
        }
    }};
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fevga::position::other_numbering;

    #[test]
    fn validation_names_each_fault() {
        let start = || Position::start().to_setup();
        let mut s = start();
        s.checkers[0][24] = 16;
        assert_eq!(s.validate(), Err(PositionError::TooManyOnPoint { point: 24, count: 16 }));
        let mut s = start();
        s.checkers[1][3] = -1;
        assert_eq!(s.validate(), Err(PositionError::NegativeCount { point: 3, color: Color::Black, count: -1 }));
        let mut s = start();
        s.checkers[0][24] = 14;
        s.checkers[0][12] = 1;
        assert_eq!(s.validate(), Err(PositionError::BothSidesOnPoint { point: 12, white: 1, black: 15 }));
        let mut s = start();
        s.checkers[0][24] = 14;
        s.checkers[0][5] = 2;
        assert!(matches!(s.validate(), Err(PositionError::WrongTotal { color: Color::White, total: 16, .. })));
        let mut s = start();
        s.off[1] = 16;
        assert_eq!(s.validate(), Err(PositionError::BadOffCount { color: Color::Black, off: 16 }));
        let mut s = Setup::empty(Color::Black);
        s.off = [15, 15];
        assert_eq!(s.validate(), Err(PositionError::BothBorneOff));
    }

    #[test]
    fn macro_uses_each_sides_own_numbering() {
        let p = crate::fevga_pos!(Black; white {24: 14, 13: 1}; black {24: 14, 23: 1});
        assert_eq!(p.turn(), Color::Black);
        assert_eq!(p.checkers(Color::White, 13), 1);
        assert_eq!(p.checkers(Color::Black, 11), 1);
        assert_eq!(p.own_on(23), 1); // Black on roll: its own numbering
        assert_eq!(p.opp_on(other_numbering(13)), 1);
        assert_eq!(p.to_setup().validate(), Ok(p));
    }
}
