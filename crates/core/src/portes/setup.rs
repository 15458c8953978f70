//! `Setup`: an unchecked Portes board in White's numbering, and its
//! validation into a `Position` that names the fault.

use thiserror::Error;

use super::position::{BAR, Position, nib};
use crate::color::Color;
use crate::tavli::GameKind;

/// An unchecked board, points in White's numbering (index 1..=24; index 0
/// unused). Counts are wide so that out-of-range input is reported rather
/// than truncated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The side on roll.
    pub turn: Color,
    /// Checkers on each point: positive White, negative Black.
    pub board: [i64; 25],
    /// Checkers on the bar, indexed by `Color::index()`.
    pub bar: [i64; 2],
    /// Checkers borne off, indexed by `Color::index()`.
    pub off: [i64; 2],
    /// The game the position is of: Portes (the default), or Tabla, which
    /// Portes's code plays.
    pub game: GameKind,
}

/// What is wrong with a setup. Points are in White's numbering.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PositionError {
    /// More than 15 checkers on a point.
    #[error("point {point}: {count} checkers; a point holds at most 15")]
    TooManyOnPoint {
        /// The point.
        point: u8,
        /// How many checkers are on it.
        count: i64,
    },
    /// A bar count outside 0..=15.
    #[error("{color} has {count} checkers on the bar; the count must be 0 to 15")]
    BadBarCount {
        /// The side.
        color: Color,
        /// Its bar count as given.
        count: i64,
    },
    /// A borne-off count outside 0..=15.
    #[error("{color} has {off} checkers borne off; the count must be 0 to 15")]
    BadOffCount {
        /// The side.
        color: Color,
        /// Its borne-off count as given.
        off: i64,
    },
    /// A side's checkers (on the points, on the bar and off) do not add up to 15.
    #[error(
        "{color} has {total} checkers ({on_points} on the points, {bar} on the bar, {off} borne off); each side has exactly 15"
    )]
    WrongTotal {
        /// The side.
        color: Color,
        /// All its checkers counted.
        total: i64,
        /// Its checkers on the points.
        on_points: i64,
        /// Its checkers on the bar.
        bar: i64,
        /// Its checkers borne off.
        off: i64,
    },
    /// Both sides have borne off all 15 checkers.
    #[error("both sides have borne off all their checkers; only one game can be won")]
    BothBorneOff,
    /// The setup names a game (held) that Portes's code does not play.
    #[error("a position with a bar cannot be a {} position", .0.title())]
    OtherGame(GameKind),
}

impl Setup {
    /// An empty board with `turn` on roll (not valid until checkers are added).
    pub fn empty(turn: Color) -> Setup {
        Setup { turn, board: [0; 25], bar: [0; 2], off: [0; 2], game: GameKind::Portes }
    }

    /// The checkers of `color` on the points.
    pub fn on_points(&self, color: Color) -> i64 {
        let sign = if color == Color::White { 1 } else { -1 };
        self.board[1..].iter().map(|&n| if n * sign > 0 { n.abs() } else { 0 }).sum()
    }

    /// Sets each side's borne-off count to what is missing from 15 on the
    /// points and the bar: handy for fixtures that list only the board.
    pub fn fill_off(&mut self) -> &mut Setup {
        for c in [Color::White, Color::Black] {
            self.off[c.index()] = 15 - self.on_points(c) - self.bar[c.index()];
        }
        self
    }

    /// Checks every rule of a position and builds it.
    ///
    /// ```
    /// use tavli_core::Color;
    /// use tavli_core::portes::{Position, PositionError, Setup};
    /// let mut s = Position::start().to_setup();
    /// assert_eq!(s.validate(), Ok(Position::start()));
    /// s.bar[Color::White.index()] = 1;
    /// assert!(matches!(s.validate(), Err(PositionError::WrongTotal { color: Color::White, total: 16, .. })));
    /// ```
    pub fn validate(&self) -> Result<Position, PositionError> {
        if self.game.base() != GameKind::Portes {
            return Err(PositionError::OtherGame(self.game));
        }
        for point in 1..=24u8 {
            let n = self.board[point as usize];
            if n.abs() > 15 {
                return Err(PositionError::TooManyOnPoint { point, count: n.abs() });
            }
        }
        for color in [Color::White, Color::Black] {
            let (bar, off) = (self.bar[color.index()], self.off[color.index()]);
            if !(0..=15).contains(&bar) {
                return Err(PositionError::BadBarCount { color, count: bar });
            }
            if !(0..=15).contains(&off) {
                return Err(PositionError::BadOffCount { color, off });
            }
            let on_points = self.on_points(color);
            let total = on_points + bar + off;
            if total != 15 {
                return Err(PositionError::WrongTotal { color, total, on_points, bar, off });
            }
        }
        if self.off == [15, 15] {
            return Err(PositionError::BothBorneOff);
        }
        Ok(self.build())
    }

    /// Builds the mover-relative representation (assumes validity).
    fn build(&self) -> Position {
        let me = self.turn;
        let (mut own, mut opp) = (0u128, 0u128);
        for abs in 1..=24u8 {
            let rel = u32::from(me.to_white_numbering(abs));
            let n = self.board[abs as usize];
            let count = n.unsigned_abs() as u128;
            if (n > 0) == (me == Color::White) {
                own += count * nib(rel);
            } else {
                opp += count * nib(rel);
            }
        }
        let (mine, theirs) = (me.index(), me.opponent().index());
        own += self.off[mine] as u128 + self.bar[mine] as u128 * nib(BAR);
        opp += self.off[theirs] as u128 + self.bar[theirs] as u128 * nib(BAR);
        Position { own, opp, turn: me, game: self.game }
    }
}

impl Position {
    /// The position as an unchecked, absolute `Setup`.
    pub fn to_setup(&self) -> Setup {
        let mut s = Setup::empty(self.turn);
        s.game = self.game;
        for abs in 1..=24u8 {
            if let Some((c, n)) = self.top(abs) {
                s.board[abs as usize] = if c == Color::White { i64::from(n) } else { -i64::from(n) };
            }
        }
        for c in [Color::White, Color::Black] {
            s.bar[c.index()] = i64::from(self.bar(c));
            s.off[c.index()] = i64::from(self.off(c));
        }
        s
    }
}

/// Builds a Portes position that reads like the board, points in White's
/// numbering, `bar: n` for checkers on the bar; checkers not listed are
/// borne off. Panics on an invalid fixture, so it is meant for tests and
/// examples.
///
/// ```
/// use tavli_core::{Color, portes_pos};
/// // TAVLI.md's P1: White has one on the bar; Black holds White's 20..24.
/// let p = portes_pos!(White; white {bar: 1, 18: 2, 13: 4, 8: 3, 6: 5};
///                            black {24: 2, 23: 2, 22: 2, 21: 2, 20: 2, 12: 5});
/// assert_eq!(p.bar(Color::White), 1);
/// assert_eq!(p.off(Color::Black), 0);
/// ```
#[macro_export]
macro_rules! portes_pos {
    (@side $s:ident, $c:expr, bar, $n:literal) => {
        $s.bar[$c.index()] += $n;
    };
    (@side $s:ident, $c:expr, $p:literal, $n:literal) => {
        if $c == $crate::Color::White { $s.board[$p] += $n } else { $s.board[$p] -= $n }
    };
    ($turn:ident; white { $($wp:tt : $wn:literal),* $(,)? }; black { $($bp:tt : $bn:literal),* $(,)? } $(;)?) => {{
        #[allow(unused_mut)]
        let mut s = $crate::portes::Setup::empty($crate::Color::$turn);
        $( $crate::portes_pos!(@side s, $crate::Color::White, $wp, $wn); )*
        $( $crate::portes_pos!(@side s, $crate::Color::Black, $bp, $bn); )*
        s.fill_off();
        match s.validate() {
            Ok(p) => p,
            Err(e) => panic!("invalid portes_pos! fixture: {e}"),
        }
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_through_setup_both_sides() {
        let p = crate::portes_pos!(Black; white {bar: 2, 24: 1, 6: 4}; black {bar: 1, 1: 3, 19: 4});
        assert_eq!(p.to_setup().validate(), Ok(p));
        assert_eq!(p.pass_turn().to_setup().validate(), Ok(p.pass_turn()));
        assert_eq!(p.bar(Color::White), 2);
        assert_eq!(p.own_bar(), 1);
        assert_eq!(p.own_on(24), 3, "Black's own 24-point is White's 1");
    }

    #[test]
    fn validation_names_each_fault() {
        let start = Position::start().to_setup();
        let mut s = start.clone();
        s.board[24] = 16;
        assert_eq!(s.validate(), Err(PositionError::TooManyOnPoint { point: 24, count: 16 }));
        let mut s = start.clone();
        s.bar[1] = -1;
        assert_eq!(s.validate(), Err(PositionError::BadBarCount { color: Color::Black, count: -1 }));
        let mut s = start.clone();
        s.off[0] = 16;
        assert_eq!(s.validate(), Err(PositionError::BadOffCount { color: Color::White, off: 16 }));
        let mut s = start.clone();
        s.board[5] = -1;
        assert!(matches!(s.validate(), Err(PositionError::WrongTotal { color: Color::Black, total: 16, .. })));
        let mut s = Setup::empty(Color::White);
        s.off = [15, 15];
        assert_eq!(s.validate(), Err(PositionError::BothBorneOff));
    }
}
