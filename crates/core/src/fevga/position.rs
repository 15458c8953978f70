//! A Fevga position: each side's checkers on points and borne off, and the
//! side on roll; one side per point.
//!
//! The board is stored from the side on roll's point of view: a nibble per
//! point of its own numbering for its checkers, and the opponent's checkers
//! mapped into the same numbering by S(n) = ((n + 11) mod 24) + 1. The move
//! generator then reads both sides without converting anything, and passing
//! the turn is a swap of the two halves of each vector.

use super::bits::{HOME, nib, nibble, nibbles, occupancy, swap_halves};
use super::rules::Release;
use crate::color::Color;
use crate::result::{GameResult, Reason, win_points};

/// A point in the other side's numbering: S(n) = ((n + 11) mod 24) + 1. In
/// Fevga both sides travel the same way round, so White's n is Black's S(n)
/// and Black's n is White's S(n); S is its own inverse. Out-of-range points
/// are returned unchanged.
///
/// ```
/// use tavli_core::fevga::other_numbering;
/// assert_eq!(other_numbering(24), 12); // White's start is Black's 12
/// assert_eq!(other_numbering(12), 24); // Black's start is White's 12
/// assert_eq!(other_numbering(13), 1);
/// assert_eq!(other_numbering(other_numbering(7)), 7);
/// ```
#[inline]
pub const fn other_numbering(point: u8) -> u8 {
    if point >= 1 && point <= 24 { (point + 11) % 24 + 1 } else { point }
}

/// A point in `color`'s own numbering as a point in White's numbering (the
/// numbering of position JSON and IDs).
///
/// ```
/// use tavli_core::Color;
/// use tavli_core::fevga::white_point;
/// assert_eq!(white_point(Color::White, 24), 24);
/// assert_eq!(white_point(Color::Black, 24), 12);
/// assert_eq!(white_point(Color::Black, 1), 13);
/// ```
#[inline]
pub const fn white_point(color: Color, own_point: u8) -> u8 {
    match color {
        Color::White => own_point,
        Color::Black => other_numbering(own_point),
    }
}

/// A Fevga position, always valid: 15 checkers a side on the board or
/// borne off, never both sides on one point, not both sides all off.
///
/// ```
/// use tavli_core::Color;
/// use tavli_core::fevga::Position;
/// let p = Position::start();
/// assert_eq!(p.turn(), Color::White);
/// assert_eq!(p.on(24), Some((Color::White, 15)));
/// assert_eq!(p.on(12), Some((Color::Black, 15))); // Black's own 24-point
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// The side on roll's checkers, a nibble per point of its numbering;
    /// nibble 0 is its borne-off count.
    pub(crate) own: u128,
    /// The opponent's checkers in the same (the mover's) numbering; nibble
    /// 0 is the opponent's borne-off count.
    pub(crate) opp: u128,
    pub(crate) turn: Color,
}

impl Position {
    /// All 15 White checkers on White's 24-point, all 15 Black checkers on
    /// Black's 24-point (White's 12), White on roll.
    pub const fn start() -> Position {
        Position { own: 15 * nib(24), opp: 15 * nib(12), turn: Color::White }
    }

    /// The side on roll.
    #[inline]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// The same board with `turn` on roll.
    #[inline]
    pub fn with_turn(&self, turn: Color) -> Position {
        if turn == self.turn { *self } else { self.pass_turn() }
    }

    /// The same board, the other side on roll (what a pass does).
    ///
    /// ```
    /// use tavli_core::Color;
    /// use tavli_core::fevga::Position;
    /// let p = Position::start().pass_turn();
    /// assert_eq!(p.turn(), Color::Black);
    /// assert_eq!(p.own_on(24), 15);
    /// assert_eq!(p.opp_on(12), 15); // White's start, in Black's numbering
    /// ```
    #[inline]
    pub fn pass_turn(&self) -> Position {
        Position { own: swap_halves(self.opp), opp: swap_halves(self.own), turn: self.turn.opponent() }
    }

    /// The colour-swapped position: every White checker on its own point n
    /// becomes a Black checker on Black's point n and vice versa, and the
    /// other side is on roll. Its legal plays are this position's, with
    /// mirrored results.
    ///
    /// ```
    /// use tavli_core::{Color, fevga_pos};
    /// let p = fevga_pos!(White; white {24: 14, 13: 1}; black {24: 15});
    /// let m = p.mirror();
    /// assert_eq!(m.turn(), Color::Black);
    /// assert_eq!(m.checkers(Color::Black, 1), 1); // Black's own 13 = White's 1
    /// assert_eq!(m.mirror(), p);
    /// ```
    #[inline]
    pub fn mirror(&self) -> Position {
        Position { turn: self.turn.opponent(), ..*self }
    }

    // ----- the mover's view (points in the mover's numbering) -----

    /// Checkers of the side on roll on `point` (its numbering, 1..=24; 0
    /// outside that range).
    #[inline]
    pub fn own_on(&self, point: u8) -> u8 {
        if (1..=24).contains(&point) { nibble(self.own, point.into()) } else { 0 }
    }

    /// Opposing checkers on `point` of the mover's numbering.
    #[inline]
    pub fn opp_on(&self, point: u8) -> u8 {
        if (1..=24).contains(&point) { nibble(self.opp, point.into()) } else { 0 }
    }

    /// The side on roll's checkers on each point, indexed by point in its
    /// numbering; index 0 is its borne-off count, 25 and above are 0.
    #[inline]
    pub fn own_points(&self) -> [u8; 32] {
        nibbles(self.own)
    }

    /// The opponent's checkers on each point of the mover's numbering;
    /// index 0 is the opponent's borne-off count.
    #[inline]
    pub fn opp_points(&self) -> [u8; 32] {
        nibbles(self.opp)
    }

    /// Checkers the side on roll has borne off.
    #[inline]
    pub fn own_off(&self) -> u8 {
        nibble(self.own, 0)
    }

    /// Checkers the opponent has borne off.
    #[inline]
    pub fn opp_off(&self) -> u8 {
        nibble(self.opp, 0)
    }

    // ----- the absolute view (White's numbering) -----

    /// Who is on `point` (White's numbering, 1..=24) and how many.
    pub fn on(&self, point: u8) -> Option<(Color, u8)> {
        if !(1..=24).contains(&point) {
            return None;
        }
        let p = white_point(self.turn, point);
        match (self.own_on(p), self.opp_on(p)) {
            (0, 0) => None,
            (0, n) => Some((self.turn.opponent(), n)),
            (n, _) => Some((self.turn, n)),
        }
    }

    /// Checkers of `color` on `point`, in White's numbering.
    pub fn checkers(&self, color: Color, point: u8) -> u8 {
        match self.on(point) {
            Some((c, n)) if c == color => n,
            _ => 0,
        }
    }

    /// Checkers of `color` on its own point `own_point` (its numbering).
    ///
    /// ```
    /// use tavli_core::Color;
    /// use tavli_core::fevga::Position;
    /// assert_eq!(Position::start().checkers_own(Color::Black, 24), 15);
    /// ```
    pub fn checkers_own(&self, color: Color, own_point: u8) -> u8 {
        if !(1..=24).contains(&own_point) {
            return 0;
        }
        if color == self.turn { self.own_on(own_point) } else { self.opp_on(other_numbering(own_point)) }
    }

    /// Checkers `color` has borne off.
    pub fn off(&self, color: Color) -> u8 {
        if color == self.turn { self.own_off() } else { self.opp_off() }
    }

    /// Pip count of `color`: the pips its checkers still have to travel to
    /// bear off, each from its point in its own numbering.
    ///
    /// ```
    /// use tavli_core::Color;
    /// use tavli_core::fevga::Position;
    /// assert_eq!(Position::start().pips(Color::Black), 15 * 24);
    /// ```
    pub fn pips(&self, color: Color) -> u32 {
        (1..=24u8).map(|p| u32::from(self.checkers_own(color, p)) * u32::from(p)).sum()
    }

    /// Has the game ended in this position, and how? A side with all 15
    /// borne off has won: 2 points if the other has borne off none, else 1.
    ///
    /// ```
    /// use tavli_core::{Color, GameResult, Reason, fevga_pos};
    /// use tavli_core::fevga::Position;
    /// assert_eq!(Position::start().outcome(), None);
    /// let p = fevga_pos!(White; white {}; black {5: 15});
    /// assert_eq!(p.outcome(), Some(GameResult::win(Color::White, 2, Reason::BearOff)));
    /// ```
    pub fn outcome(&self) -> Option<GameResult> {
        if self.own_off() == 15 {
            Some(GameResult::win(self.turn, win_points(self.opp_off()), Reason::BearOff))
        } else if self.opp_off() == 15 {
            Some(GameResult::win(self.turn.opponent(), win_points(self.own_off()), Reason::BearOff))
        } else {
            None
        }
    }

    /// What resigning now gives the opponent of `resigner`: 2 points while
    /// `resigner` has borne off nothing, else 1 (TAVLI.md Part 3, the same
    /// rule in all three games).
    ///
    /// ```
    /// use tavli_core::{Color, Reason};
    /// use tavli_core::fevga::Position;
    /// let r = Position::start().resignation(Color::Black);
    /// assert_eq!((r.winner, r.points, r.reason), (Some(Color::White), 2, Reason::Resign));
    /// ```
    pub fn resignation(&self, resigner: Color) -> GameResult {
        GameResult::resignation(resigner, self.off(resigner))
    }

    /// Is the side on roll released from the runner rule: a checker on one
    /// of its points 1–12 (1–11 with [`Release::Pass`]) or one borne off?
    ///
    /// ```
    /// use tavli_core::fevga_pos;
    /// use tavli_core::fevga::{Position, Release};
    /// assert!(!Position::start().is_released(Release::Reach));
    /// // Black has left its start (White's 12); White's runner stands there.
    /// let p = fevga_pos!(White; white {24: 14, 12: 1}; black {20: 15});
    /// assert!(p.is_released(Release::Reach));
    /// assert!(!p.is_released(Release::Pass));
    /// ```
    pub fn is_released(&self, release: Release) -> bool {
        let top = u32::from(release.highest_point());
        let (occ, _) = occupancy(self.own);
        self.own_off() > 0 || occ & ((2 << top) - 2) != 0
    }

    /// Is this a pure race, with no contact possible? In Fevga that is so
    /// exactly when every checker still on the board stands on its own
    /// side's points 1–12 (see the module documentation for why).
    ///
    /// ```
    /// use tavli_core::fevga_pos;
    /// use tavli_core::fevga::Position;
    /// assert!(!Position::start().is_race());
    /// assert!(fevga_pos!(White; white {12: 5, 3: 10}; black {11: 15}).is_race());
    /// // A Black checker on its own 13 (White's 1) still has to pass White's home board.
    /// assert!(!fevga_pos!(White; white {12: 5, 3: 10}; black {11: 14, 13: 1}).is_race());
    /// ```
    pub fn is_race(&self) -> bool {
        // Mover's 13..=24 hold none of its checkers, and its 1..=12 (the
        // opponent's 13..=24) none of the opponent's.
        const LOW: u128 = ((1u128 << 48) - 1) << 4;
        self.own & !LOW & !0xF == 0 && self.opp & LOW == 0
    }

    /// Can the side on roll bear off now (every checker in its home board or off)?
    pub fn can_bear_off(&self) -> bool {
        let (occ, _) = occupancy(self.own);
        occ & !HOME == 0
    }

    /// The mover's checkers as one 128-bit key: with the opponent fixed (a
    /// play never moves the opponent's checkers) it identifies the position
    /// a play reaches.
    #[inline]
    pub(crate) fn own_key(&self) -> u128 {
        self.own
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pass_turn_keeps_the_absolute_board() {
        let p = Position::start();
        let q = p.pass_turn();
        assert_eq!(q.turn(), Color::Black);
        for pt in 1..=24 {
            assert_eq!(p.on(pt), q.on(pt), "point {pt}");
        }
        assert_eq!(q.pass_turn(), p);
        assert_eq!(p.pips(Color::White), 360);
        assert_eq!(q.pips(Color::White), 360);
    }

    #[test]
    fn numbering_maps_quarters() {
        // TAVLI.md's conventions: W24 = B12, W12 = B24, W13 = B1, W1 = B13.
        for (w, b) in [(24, 12), (12, 24), (13, 1), (1, 13), (19, 7), (7, 19), (18, 6)] {
            assert_eq!(other_numbering(w), b);
            assert_eq!(white_point(Color::Black, b), w);
        }
        assert_eq!(other_numbering(0), 0);
        assert_eq!(other_numbering(25), 25);
    }
}
