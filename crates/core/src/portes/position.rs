//! A Portes position: each side's checkers on the points, on the bar and
//! borne off, stored from the side on roll's point of view.

use super::rules::PortesRules;
use crate::color::Color;
use crate::result::{GameResult, Reason};
use crate::tavli::GameKind;

/// The nibble of the bar in a side's checker vector (its point 25: a die of
/// n enters on point 25 − n, as if the bar were one more point).
pub(crate) const BAR: u32 = 25;

// The packed board's bit tricks, shared by every game's generator (nibble
// 0 is the borne-off count, 25 the bar).
pub(crate) use crate::movegen_common::bits::{nib, nibble};

/// Nibbles 1..=24, the points.
const POINTS: u128 = ((1u128 << 100) - 1) & !0xF;

/// Mirrors points p → 25 − p in a nibble vector, keeping nibble 0 (off) and
/// nibble 25 (bar) where they are: the other side's view of the same board.
#[inline]
pub(crate) const fn flip(x: u128) -> u128 {
    const LO: u128 = 0x0F0F_0F0F_0F0F_0F0F_0F0F_0F0F_0F0F_0F0F;
    let keep = x & !POINTS;
    let b = (x & POINTS).swap_bytes();
    let n = ((b & LO) << 4) | ((b >> 4) & LO);
    // Point p went to nibble 31 − p; point 25 − p is 6 nibbles lower.
    (n >> 24) | keep
}

/// A Portes position, always valid: 15 checkers a side on the points, the
/// bar and off, no point held by both sides, not both sides borne off. It
/// carries the name of its game (Portes, or Tabla: [`Position::game`]),
/// which its JSON and ID write.
///
/// ```
/// use tavli_core::Color;
/// use tavli_core::portes::Position;
/// let p = Position::start();
/// assert_eq!(p.turn(), Color::White);
/// assert_eq!(p.top(24), Some((Color::White, 2)));
/// assert_eq!(p.top(19), Some((Color::Black, 5)));
/// assert_eq!(p.bar(Color::Black), 0);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// The side on roll's checkers, a nibble per point in its own numbering;
    /// nibble 0 is its borne-off count and nibble 25 its bar.
    pub(crate) own: u128,
    /// The opponent's checkers on the points in the mover's numbering;
    /// nibble 0 is its borne-off count and nibble 25 its bar.
    pub(crate) opp: u128,
    pub(crate) turn: Color,
    /// The game's name: Portes or Tabla (its base is Portes).
    pub(crate) game: GameKind,
}

impl Position {
    /// The backgammon layout: each side 2 on its 24-point, 5 on its 13, 3 on
    /// its 8 and 5 on its 6; White on roll.
    pub const fn start() -> Position {
        Position::start_named(GameKind::Portes)
    }

    /// [`Position::start`] of `game`, whose base the caller knows is Portes.
    pub(crate) const fn start_named(game: GameKind) -> Position {
        let side = 2 * nib(24) + 5 * nib(13) + 3 * nib(8) + 5 * nib(6);
        Position { own: side, opp: flip(side), turn: Color::White, game }
    }

    /// The start of a game of `game`, if Portes's code plays it (Portes,
    /// Tabla).
    ///
    /// ```
    /// use tavli_core::portes::Position;
    /// use tavli_core::tavli::GameKind;
    /// let tabla = Position::start_of(GameKind::Tabla).unwrap();
    /// assert_eq!(tabla.game(), GameKind::Tabla);
    /// assert_eq!(tabla.as_game(GameKind::Portes), Some(Position::start()));
    /// assert_eq!(Position::start_of(GameKind::Tapa), None);
    /// ```
    pub fn start_of(game: GameKind) -> Option<Position> {
        (game.base() == GameKind::Portes).then(|| Position::start_named(game))
    }

    /// The game this is a position of: Portes, or Tabla.
    #[inline]
    pub const fn game(&self) -> GameKind {
        self.game
    }

    /// The same board as a position of `game`, if Portes's code plays it.
    pub fn as_game(&self, game: GameKind) -> Option<Position> {
        (game.base() == GameKind::Portes).then_some(Position { game, ..*self })
    }

    /// The side on roll.
    #[inline]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// The same board, the other side on roll (what a pass does).
    #[inline]
    pub const fn pass_turn(&self) -> Position {
        Position { own: flip(self.opp), opp: flip(self.own), turn: self.turn.opponent(), game: self.game }
    }

    /// The same board with `turn` on roll.
    #[inline]
    pub fn with_turn(&self, turn: Color) -> Position {
        if turn == self.turn { *self } else { self.pass_turn() }
    }

    /// The colour-swapped position: every White checker on point n becomes a
    /// Black checker on point 25 − n (bars and borne-off counts swap too),
    /// and the other side is on roll. Its legal plays are the mirrors of
    /// this position's, written the same.
    ///
    /// ```
    /// use tavli_core::Color;
    /// use tavli_core::portes::Position;
    /// let m = Position::start().mirror();
    /// assert_eq!(m.turn(), Color::Black);
    /// assert_eq!(m.mirror(), Position::start());
    /// ```
    #[inline]
    pub const fn mirror(&self) -> Position {
        Position { turn: self.turn.opponent(), ..*self }
    }

    // ----- the mover's view (points in the mover's numbering) -----

    /// Checkers of the side on roll on `point` (its numbering, 1..=24; 25 is
    /// its bar, 0 its borne-off count).
    #[inline]
    pub fn own_on(&self, point: u8) -> u8 {
        if point > 25 { 0 } else { nibble(self.own, point as u32) }
    }

    /// Opposing checkers on `point` (the mover's numbering, 1..=24; 25 is
    /// the opponent's bar, 0 its borne-off count).
    #[inline]
    pub fn opp_on(&self, point: u8) -> u8 {
        if point > 25 { 0 } else { nibble(self.opp, point as u32) }
    }

    /// Checkers the side on roll has on the bar.
    #[inline]
    pub fn own_bar(&self) -> u8 {
        nibble(self.own, BAR)
    }

    /// Checkers the opponent has on the bar.
    #[inline]
    pub fn opp_bar(&self) -> u8 {
        nibble(self.opp, BAR)
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

    /// The side on roll's checker vector: a nibble per point in its own
    /// numbering, nibble 0 borne off, nibble 25 the bar. With the opponent
    /// fixed, it and the points hit name the position a play reaches.
    #[inline]
    pub fn own_key(&self) -> u128 {
        self.own
    }

    // ----- the absolute view (White's numbering) -----

    /// Who has checkers on `point` (White's numbering, 1..=24) and how many.
    pub fn top(&self, point: u8) -> Option<(Color, u8)> {
        if !(1..=24).contains(&point) {
            return None;
        }
        let p = self.turn.to_white_numbering(point);
        match (self.own_on(p), self.opp_on(p)) {
            (0, 0) => None,
            (0, n) => Some((self.turn.opponent(), n)),
            (n, _) => Some((self.turn, n)),
        }
    }

    /// The checkers of `color` on `point` (White's numbering, 1..=24).
    pub fn checkers(&self, color: Color, point: u8) -> u8 {
        match self.top(point) {
            Some((c, n)) if c == color => n,
            _ => 0,
        }
    }

    /// Checkers of `color` on the bar.
    pub fn bar(&self, color: Color) -> u8 {
        if color == self.turn { self.own_bar() } else { self.opp_bar() }
    }

    /// Checkers `color` has borne off.
    pub fn off(&self, color: Color) -> u8 {
        if color == self.turn { self.own_off() } else { self.opp_off() }
    }

    /// Pip count of `color`: the pips its checkers still travel to bear off
    /// (25 for each on the bar).
    ///
    /// ```
    /// use tavli_core::Color;
    /// use tavli_core::portes::Position;
    /// assert_eq!(Position::start().pips(Color::White), 167);
    /// ```
    pub fn pips(&self, color: Color) -> u32 {
        let v = if color == self.turn { self.own } else { flip(self.opp) };
        (1..=25).map(|p| u32::from(nibble(v, p)) * p).sum::<u32>()
    }

    /// Can the side on roll bear off now (every checker home or off)?
    #[inline]
    pub fn can_bear_off(&self) -> bool {
        self.own >> (4 * 7) == 0
    }

    /// Has the game ended in this position, and how, under the default rules
    /// (no backgammon)? A side with all 15 off has won 1 point, or 2 when the
    /// loser has borne off none.
    ///
    /// ```
    /// use tavli_core::{Color, GameResult, Reason};
    /// use tavli_core::portes::Position;
    /// assert_eq!(Position::start().outcome(), None);
    /// let over = tavli_core::portes_pos!(Black; white {}; black {19: 15});
    /// assert_eq!(over.outcome(), Some(GameResult::win(Color::White, 2, Reason::BearOff)));
    /// ```
    pub fn outcome(&self) -> Option<GameResult> {
        self.outcome_with(&PortesRules::default())
    }

    /// [`Position::outcome`] under `rules` (a backgammon may count 3).
    pub fn outcome_with(&self, rules: &PortesRules) -> Option<GameResult> {
        let (winner, loser_view) = if self.own_off() == 15 {
            (self.turn, self.pass_turn())
        } else if self.opp_off() == 15 {
            (self.turn.opponent(), *self)
        } else {
            return None;
        };
        // `loser_view` has the loser on roll: the winner's home board is its
        // points 19..=24, and the bar is 25.
        let back = (19..=BAR).any(|p| nibble(loser_view.own, p) > 0);
        Some(GameResult::win(winner, rules.points(loser_view.own_off(), back), Reason::BearOff))
    }

    /// What resigning now gives the opponent of `resigner`: 2 points while
    /// `resigner` has borne off nothing, else 1 (TAVLI.md, Part 3).
    ///
    /// ```
    /// use tavli_core::{Color, Reason};
    /// use tavli_core::portes::Position;
    /// let r = Position::start().resignation(Color::White);
    /// assert_eq!((r.winner, r.points, r.reason), (Some(Color::Black), 2, Reason::Resign));
    /// ```
    pub fn resignation(&self, resigner: Color) -> GameResult {
        GameResult::resignation(resigner, self.off(resigner))
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "portes::Position({})", self.to_json())
    }
}

impl std::fmt::Display for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_json())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flip_mirrors_points_and_keeps_bar_and_off() {
        let x = 3 * nib(24) + 2 * nib(1) + 5 * nib(13) + 4 * nib(BAR) + 7;
        let r = flip(x);
        assert_eq!((nibble(r, 1), nibble(r, 24), nibble(r, 12)), (3, 2, 5));
        assert_eq!((nibble(r, 0), nibble(r, BAR)), (7, 4));
        assert_eq!(flip(r), x);
    }

    #[test]
    fn start_is_symmetric() {
        let p = Position::start();
        assert_eq!(p.pass_turn().own, p.own);
        assert_eq!(p.pips(Color::Black), 167);
        assert_eq!(p.pass_turn().pass_turn(), p);
        for pt in 1..=24 {
            assert_eq!(p.top(pt), p.pass_turn().top(pt));
        }
    }
}
