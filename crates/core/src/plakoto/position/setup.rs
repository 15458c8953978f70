//! `Setup`: an unchecked description of a board in White's numbering, and
//! its validation into a `Position` (the shakmaty split: anything can be a
//! setup, only a valid setup becomes a position).

use thiserror::Error;

use super::{Position, nib};
use crate::color::Color;
use crate::tavli::GameKind;

/// An unchecked board, points in White's numbering (index 1..=24; index 0
/// unused). Counts are wide so that out-of-range input can be reported
/// rather than truncated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The side on roll.
    pub turn: Color,
    /// Checkers on top of each point: positive White, negative Black.
    pub board: [i64; 25],
    /// The colour of the single checker pinned under each point, if any.
    pub pinned: [Option<Color>; 25],
    /// Checkers borne off, indexed by `Color::index()`.
    pub off: [i64; 2],
    /// The game the position is of: Plakoto (the default), or Tapa,
    /// Tsillitón or Mahbusa, which Plakoto's code plays.
    pub game: GameKind,
}

/// What is wrong with a setup. Points are in White's numbering.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PositionError {
    /// More than 15 checkers on top of a point.
    #[error("point {point}: {count} checkers on top; a point holds at most 15")]
    TooManyOnPoint {
        /// The point.
        point: u8,
        /// How many checkers are on top.
        count: i64,
    },
    /// A pinned checker with no opposing checker on top of it.
    #[error("point {point}: a pinned {} checker needs {} checkers on top of it, but the point has none", pinned.name(), pinned.opponent().name())]
    PinWithoutCover {
        /// The point.
        point: u8,
        /// The colour of the pinned checker.
        pinned: Color,
    },
    /// A checker pinned under checkers of its own colour.
    #[error("point {point}: a {} checker cannot be pinned under {} checkers; the checkers on top must be the opponent's", color.name(), color.name())]
    PinUnderOwnColor {
        /// The point.
        point: u8,
        /// The colour both of the pinned checker and of those on top.
        color: Color,
    },
    /// A borne-off count outside 0..=15.
    #[error("{color} has {off} checkers borne off; the count must be 0 to 15")]
    BadOffCount {
        /// The side.
        color: Color,
        /// Its borne-off count as given.
        off: i64,
    },
    /// A side's checkers (on top, pinned and borne off) do not add up to 15.
    #[error(
        "{color} has {total} checkers ({on_top} on top, {pinned} pinned, {off} borne off); each side has exactly 15"
    )]
    WrongTotal {
        /// The side.
        color: Color,
        /// All its checkers counted.
        total: i64,
        /// Its checkers on top of points.
        on_top: i64,
        /// Its pinned checkers.
        pinned: i64,
        /// Its checkers borne off.
        off: i64,
    },
    /// Both sides have borne off all 15 checkers.
    #[error("both sides have borne off all their checkers; only one game can be won")]
    BothBorneOff,
    /// The setup names a game (held) that Plakoto's code does not play.
    #[error("a position of pinning checkers cannot be a {} position", .0.title())]
    OtherGame(GameKind),
}

impl Setup {
    /// An empty board with `turn` on roll (not valid until checkers are added).
    pub fn empty(turn: Color) -> Setup {
        Setup { turn, board: [0; 25], pinned: [None; 25], off: [0; 2], game: GameKind::Plakoto }
    }

    /// Counts the checkers of `color` on the board (on top and pinned).
    pub fn on_board(&self, color: Color) -> i64 {
        let sign = if color == Color::White { 1 } else { -1 };
        let top: i64 = self.board.iter().map(|&n| if n * sign > 0 { n.abs() } else { 0 }).sum();
        top + self.pinned.iter().filter(|&&c| c == Some(color)).count() as i64
    }

    /// Sets each side's borne-off count to what is missing from 15 on the
    /// board: handy for fixtures that only list the board.
    pub fn fill_off(&mut self) -> &mut Setup {
        for c in [Color::White, Color::Black] {
            self.off[c.index()] = 15 - self.on_board(c);
        }
        self
    }

    /// Checks every rule of a position and builds it.
    ///
    /// ```
    /// use tavli_core::{Color, Position, PositionError, Setup};
    /// let mut s = Setup::empty(Color::White);
    /// s.board[24] = 15; // White's start
    /// s.board[1] = -15; // Black's start
    /// assert_eq!(s.validate().unwrap(), Position::start());
    /// s.pinned[10] = Some(Color::Black);
    /// assert_eq!(s.validate(), Err(PositionError::PinWithoutCover { point: 10, pinned: Color::Black }));
    /// ```
    pub fn validate(&self) -> Result<Position, PositionError> {
        if self.game.base() != GameKind::Plakoto {
            return Err(PositionError::OtherGame(self.game));
        }
        for point in 1..=24u8 {
            let n = self.board[point as usize];
            if n.abs() > 15 {
                return Err(PositionError::TooManyOnPoint { point, count: n.abs() });
            }
            if let Some(pinned) = self.pinned[point as usize] {
                let top = if n > 0 {
                    Some(Color::White)
                } else if n < 0 {
                    Some(Color::Black)
                } else {
                    None
                };
                match top {
                    None => return Err(PositionError::PinWithoutCover { point, pinned }),
                    Some(c) if c == pinned => {
                        return Err(PositionError::PinUnderOwnColor { point, color: c });
                    }
                    _ => {}
                }
            }
        }
        for color in [Color::White, Color::Black] {
            let off = self.off[color.index()];
            if !(0..=15).contains(&off) {
                return Err(PositionError::BadOffCount { color, off });
            }
            let pinned = self.pinned.iter().filter(|&&c| c == Some(color)).count() as i64;
            let on_top = self.on_board(color) - pinned;
            let total = on_top + pinned + off;
            if total != 15 {
                return Err(PositionError::WrongTotal { color, total, on_top, pinned, off });
            }
        }
        if self.off == [15, 15] {
            return Err(PositionError::BothBorneOff);
        }
        Ok(self.build())
    }

    /// Builds the mover-relative representation (assumes validity).
    fn build(&self) -> Position {
        let mut own = 0u128;
        let mut opp = 0u128;
        let mut own_pinned = 0u32;
        let mut opp_pinned = 0u32;
        let me = self.turn;
        for abs in 1..=24u8 {
            let rel = me.to_white_numbering(abs) as u32;
            let n = self.board[abs as usize];
            let (mine, count) = match n {
                0 => (true, 0),
                n if n > 0 => (me == Color::White, n as u128),
                n => (me == Color::Black, (-n) as u128),
            };
            if mine {
                own += count * nib(rel);
            } else {
                opp += count * nib(rel);
            }
            match self.pinned[abs as usize] {
                Some(c) if c == me => own_pinned |= 1 << rel,
                Some(_) => opp_pinned |= 1 << rel,
                None => {}
            }
        }
        own += self.off[me.index()] as u128;
        opp += self.off[me.opponent().index()] as u128;
        Position { own, opp, own_pinned, opp_pinned, turn: me, game: self.game }
    }
}

impl Position {
    /// The position as an unchecked, absolute `Setup`.
    pub fn to_setup(&self) -> Setup {
        let mut s = Setup::empty(self.turn);
        s.game = self.game;
        for abs in 1..=24u8 {
            if let Some((c, n)) = self.top(abs) {
                s.board[abs as usize] = if c == Color::White { n as i64 } else { -(n as i64) };
            }
            s.pinned[abs as usize] = self.pinned(abs);
        }
        s.off = [self.off(Color::White) as i64, self.off(Color::Black) as i64];
        s
    }
}

/// Builds a position that reads like the board, points in White's numbering;
/// checkers not listed are borne off. Panics on an invalid fixture, so it is
/// meant for tests and examples.
///
/// ```
/// use tavli_core::{pos, Color};
/// // White to move; 13 White on its 24-point, one on 18, one on 13 pinning
/// // a Black checker; Black's 14 others still on its start.
/// let p = pos!(White; white {24: 13, 18: 1, 13: 1}; black {1: 14}; pinned {13: Black});
/// assert_eq!(p.pinned(13), Some(Color::Black));
/// assert_eq!(p.off(Color::Black), 0);
/// ```
#[macro_export]
macro_rules! pos {
    ($turn:ident; white { $($wp:literal : $wn:literal),* $(,)? }; black { $($bp:literal : $bn:literal),* $(,)? } $(; pinned { $($pp:literal : $pc:ident),* $(,)? })? $(;)?) => {{
        #[allow(unused_mut)]
        let mut s = $crate::Setup::empty($crate::Color::$turn);
        $( s.board[$wp] += $wn; )*
        $( s.board[$bp] -= $bn; )*
        $($( s.pinned[$pp] = Some($crate::Color::$pc); )*)?
        s.fill_off();
        match s.validate() {
            Ok(p) => p,
            Err(e) => panic!("invalid pos! fixture: {e}"),
        }
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_round_trips_through_setup() {
        let p = Position::start();
        assert_eq!(p.to_setup().validate().unwrap(), p);
        let b = p.pass_turn();
        assert_eq!(b.to_setup().validate().unwrap(), b);
    }

    #[test]
    fn validation_names_each_fault() {
        let mut s = Position::start().to_setup();
        s.board[24] = 16;
        assert_eq!(s.validate(), Err(PositionError::TooManyOnPoint { point: 24, count: 16 }));

        let mut s = Position::start().to_setup();
        s.board[24] = 14;
        s.board[5] = 2;
        assert!(matches!(s.validate(), Err(PositionError::WrongTotal { color: Color::White, total: 16, .. })));

        let mut s = Position::start().to_setup();
        s.pinned[10] = Some(Color::Black);
        assert_eq!(s.validate(), Err(PositionError::PinWithoutCover { point: 10, pinned: Color::Black }));

        let mut s = Position::start().to_setup();
        s.pinned[24] = Some(Color::White);
        assert_eq!(s.validate(), Err(PositionError::PinUnderOwnColor { point: 24, color: Color::White }));

        let mut s = Position::start().to_setup();
        s.off[1] = -1;
        assert_eq!(s.validate(), Err(PositionError::BadOffCount { color: Color::Black, off: -1 }));

        let mut s = Setup::empty(Color::White);
        s.off = [15, 15];
        assert_eq!(s.validate(), Err(PositionError::BothBorneOff));
    }

    #[test]
    fn pos_macro_reads_like_the_board() {
        let p = pos!(Black; white {24: 13, 18: 1, 13: 1}; black {1: 14}; pinned {13: Black});
        assert_eq!(p.turn(), Color::Black);
        assert!(Position::start().to_setup().validate().is_ok());
        assert_eq!(p.top(13), Some((Color::White, 1)));
        assert_eq!(p.pinned(13), Some(Color::Black));
        assert_eq!(p.checkers(Color::Black, 13), 1);
        // Black's view: its checker is pinned on its own 12-point.
        assert!(p.own_pinned_on(12));
        assert_eq!(p.own_on(24), 14);
    }
}
