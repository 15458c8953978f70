//! A Plakoto position: checkers on top of each point, pinned checkers
//! underneath, borne-off counts and the side on roll.
//!
//! Internally the board is stored from the point of view of the side on roll
//! (points 1..=24 in *its* numbering), so the move generator and the
//! evaluator are colour-blind; accessors in White's numbering serve the
//! outside world (JSON, display).

mod id;
mod json;
mod setup;

pub use id::PositionIdError;
pub use json::PositionJsonError;
pub use setup::{PositionError, Setup};

use crate::color::Color;
use crate::plakoto::rules::{Mother, PlakotoRules};
use crate::result::{GameResult, Reason, win_points};
use crate::tavli::GameKind;

// The packed board's bit tricks, shared by every game's generator.
use crate::movegen_common::bits::nibbles;
pub(crate) use crate::movegen_common::bits::{HOME, nib, nibble};

/// Mirrors points p → 25 − p in a nibble-per-point vector, keeping nibble 0.
#[inline]
pub(crate) const fn reverse_points(x: u128) -> u128 {
    const LO: u128 = 0x0F0F_0F0F_0F0F_0F0F_0F0F_0F0F_0F0F_0F0F;
    let off = x & 0xF;
    let b = (x & !0xF).swap_bytes();
    let n = ((b & LO) << 4) | ((b >> 4) & LO);
    (n >> 24) | off
}

/// Mirrors points p → 25 − p in a point bit set.
#[inline]
pub(crate) const fn reverse_mask(m: u32) -> u32 {
    m.reverse_bits() >> 6
}

/// A position, always valid: 15 checkers a side, at most one pinned checker
/// under each point, pins only under opposing checkers. It carries the
/// name of the game it is a position of (Plakoto, or Tapa, Tsillitón or
/// Mahbusa: [`Position::game`]), which its JSON and ID write and whose own
/// rules its legal plays follow ([`PlakotoRules::of`]).
///
/// ```
/// use tavli_core::{Color, Position};
/// let p = Position::start();
/// assert_eq!(p.turn(), Color::White);
/// assert_eq!(p.top(24), Some((Color::White, 15)));
/// assert_eq!(p.top(1), Some((Color::Black, 15)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// Checkers of the side on roll on top of each point, a nibble per point
    /// in its own numbering; nibble 0 is its borne-off count.
    pub(crate) own: u128,
    /// The opponent's checkers on top, same numbering (the mover's).
    pub(crate) opp: u128,
    /// Points (mover's numbering) where a checker of the side on roll lies pinned.
    pub(crate) own_pinned: u32,
    /// Points (mover's numbering) where an opposing checker lies pinned.
    pub(crate) opp_pinned: u32,
    pub(crate) turn: Color,
    /// The game's name: Plakoto or one of its names (its base is Plakoto).
    pub(crate) game: GameKind,
}

impl Position {
    /// All 15 White checkers on White's 24-point, all 15 Black checkers on
    /// Black's 24-point (White's 1-point), White on roll.
    pub const fn start() -> Position {
        Position::start_named(GameKind::Plakoto)
    }

    /// [`Position::start`] of `game`, whose base the caller knows is Plakoto.
    pub(crate) const fn start_named(game: GameKind) -> Position {
        Position { own: 15 * nib(24), opp: 15 * nib(1), own_pinned: 0, opp_pinned: 0, turn: Color::White, game }
    }

    /// The start of a game of `game`, if Plakoto's code plays it (Plakoto,
    /// Tapa, Tsillitón, Mahbusa).
    ///
    /// ```
    /// use tavli_core::Position;
    /// use tavli_core::tavli::GameKind;
    /// let tapa = Position::start_of(GameKind::Tapa).unwrap();
    /// assert_eq!(tapa.game(), GameKind::Tapa);
    /// assert_ne!(tapa, Position::start());
    /// assert_eq!(tapa.as_game(GameKind::Plakoto), Some(Position::start()));
    /// assert_eq!(Position::start_of(GameKind::Portes), None);
    /// ```
    pub fn start_of(game: GameKind) -> Option<Position> {
        (game.base() == GameKind::Plakoto).then(|| Position::start_named(game))
    }

    /// The game this is a position of: Plakoto, or one of its names.
    #[inline]
    pub const fn game(&self) -> GameKind {
        self.game
    }

    /// The same board as a position of `game`, if Plakoto's code plays it.
    pub fn as_game(&self, game: GameKind) -> Option<Position> {
        (game.base() == GameKind::Plakoto).then_some(Position { game, ..*self })
    }

    /// The rules this position's game is played by unless a match says
    /// otherwise ([`PlakotoRules::of`] its game).
    #[inline]
    pub const fn rules(&self) -> PlakotoRules {
        PlakotoRules::of(self.game)
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
    #[inline]
    pub fn pass_turn(&self) -> Position {
        Position {
            own: reverse_points(self.opp),
            opp: reverse_points(self.own),
            own_pinned: reverse_mask(self.opp_pinned),
            opp_pinned: reverse_mask(self.own_pinned),
            turn: self.turn.opponent(),
            game: self.game,
        }
    }

    /// The colour-swapped position: every White checker on point n becomes a
    /// Black checker on point 25 − n and vice versa, and the other side is on
    /// roll. Its legal plays are the mirrors of this position's.
    ///
    /// ```
    /// use tavli_core::{Color, Position, pos};
    /// let p = pos!(White; white {24: 14, 13: 1}; black {1: 15});
    /// let m = p.mirror();
    /// assert_eq!(m.turn(), Color::Black);
    /// assert_eq!(m.top(12), Some((Color::Black, 1)));
    /// assert_eq!(m.mirror(), p);
    /// ```
    #[inline]
    pub fn mirror(&self) -> Position {
        Position { turn: self.turn.opponent(), ..*self }
    }

    // ----- the mover's view (points in the mover's numbering) -----

    /// Checkers of the side on roll on top of `point` (its numbering, 1..=24).
    #[inline]
    pub fn own_on(&self, point: u8) -> u8 {
        debug_assert!((1..=24).contains(&point));
        nibble(self.own, point as u32)
    }

    /// Opposing checkers on top of `point` (the mover's numbering).
    #[inline]
    pub fn opp_on(&self, point: u8) -> u8 {
        debug_assert!((1..=24).contains(&point));
        nibble(self.opp, point as u32)
    }

    /// Is a checker of the side on roll pinned on `point` (its numbering)?
    #[inline]
    pub fn own_pinned_on(&self, point: u8) -> bool {
        self.own_pinned >> point & 1 == 1
    }

    /// Is an opposing checker pinned on `point` (the mover's numbering)?
    #[inline]
    pub fn opp_pinned_on(&self, point: u8) -> bool {
        self.opp_pinned >> point & 1 == 1
    }

    /// Checkers of the side on roll on top of each point, indexed by point
    /// in its numbering; index 0 is its borne-off count, 25 and above are 0.
    /// One call instead of 24 `own_on`, for code that reads every point.
    #[inline]
    pub fn own_points(&self) -> [u8; 32] {
        nibbles(self.own)
    }

    /// Opposing checkers on top of each point, indexed like `own_points`
    /// (the mover's numbering; index 0 is the opponent's borne-off count).
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

    /// Bit set (bit p) of the side on roll's pinned checkers, its numbering.
    #[inline]
    pub fn own_pinned_mask(&self) -> u32 {
        self.own_pinned
    }

    /// Bit set (bit p) of the opponent's pinned checkers, mover's numbering.
    #[inline]
    pub fn opp_pinned_mask(&self) -> u32 {
        self.opp_pinned
    }

    // ----- the absolute view (White's numbering) -----

    /// Who is on top of `point` (White's numbering, 1..=24) and how many.
    pub fn top(&self, point: u8) -> Option<(Color, u8)> {
        if !(1..=24).contains(&point) {
            return None;
        }
        let p = self.turn.to_white_numbering(point);
        let (o, x) = (self.own_on(p), self.opp_on(p));
        if o > 0 {
            Some((self.turn, o))
        } else if x > 0 {
            Some((self.turn.opponent(), x))
        } else {
            None
        }
    }

    /// The colour of the checker pinned under `point` (White's numbering).
    pub fn pinned(&self, point: u8) -> Option<Color> {
        if !(1..=24).contains(&point) {
            return None;
        }
        let p = self.turn.to_white_numbering(point);
        if self.own_pinned_on(p) {
            Some(self.turn)
        } else if self.opp_pinned_on(p) {
            Some(self.turn.opponent())
        } else {
            None
        }
    }

    /// Checkers `color` has borne off.
    pub fn off(&self, color: Color) -> u8 {
        if color == self.turn { self.own_off() } else { self.opp_off() }
    }

    /// All checkers of `color` on `point` (White's numbering): on top or pinned.
    pub fn checkers(&self, color: Color, point: u8) -> u8 {
        let top = match self.top(point) {
            Some((c, n)) if c == color => n,
            _ => 0,
        };
        top + u8::from(self.pinned(point) == Some(color))
    }

    /// Pip count of `color`: the pips its checkers still have to travel to
    /// bear off (pinned checkers included).
    ///
    /// ```
    /// use tavli_core::{Color, Position};
    /// assert_eq!(Position::start().pips(Color::White), 15 * 24);
    /// assert_eq!(Position::start().pips(Color::Black), 15 * 24);
    /// ```
    pub fn pips(&self, color: Color) -> u32 {
        (1..=24u8).map(|p| u32::from(self.checkers(color, p)) * u32::from(color.to_white_numbering(p))).sum()
    }

    /// What resigning now gives the opponent of `resigner`: the most it
    /// could still win, 2 points while `resigner` has borne off nothing (a
    /// bear-off or a mother pin can still score 2), else 1 (RULES.md,
    /// "Resigning"), whatever the game's options.
    ///
    /// ```
    /// use tavli_core::{Color, Position, Reason};
    /// let r = Position::start().resignation(Color::White);
    /// assert_eq!((r.winner, r.points, r.reason), (Some(Color::Black), 2, Reason::Resign));
    /// ```
    pub fn resignation(&self, resigner: Color) -> GameResult {
        GameResult::resignation(resigner, self.off(resigner))
    }

    /// Has the game ended in this position, and how, under its game's own
    /// rules ([`Position::rules`])? The standing mother rule is checked as
    /// in RULES.md: both mothers pinned is a draw; a side whose opponent's
    /// mother is pinned and whose own start is empty wins 2 (not where the
    /// mother is played out, Mahbusa's rule: see [`Position::outcome_with`]).
    ///
    /// ```
    /// use tavli_core::{Color, GameResult, Position, Reason, pos};
    /// assert_eq!(Position::start().outcome(), None);
    /// // White pins Black's mother on White's 1-point, with its own start empty.
    /// let p = pos!(Black; white {1: 1, 6: 14}; black {13: 14}; pinned {1: Black});
    /// assert_eq!(p.outcome(), Some(GameResult::win(Color::White, 2, Reason::Mother)));
    /// ```
    pub fn outcome(&self) -> Option<GameResult> {
        self.outcome_with(&self.rules())
    }

    /// [`Position::outcome`] under `rules`: with the mother played out
    /// ([`Mother::PlayOut`]) a pinned mother ends nothing, and both
    /// mothers pinned is still a draw.
    ///
    /// ```
    /// use tavli_core::plakoto::{Mother, PlakotoRules};
    /// use tavli_core::{Position, pos};
    /// let p = pos!(Black; white {1: 1, 6: 14}; black {13: 14}; pinned {1: Black});
    /// let play_out = PlakotoRules { mother: Mother::PlayOut, ..PlakotoRules::default() };
    /// assert!(p.outcome().is_some());
    /// assert_eq!(p.outcome_with(&play_out), None);
    /// ```
    pub fn outcome_with(&self, rules: &PlakotoRules) -> Option<GameResult> {
        let side = |mover: bool| {
            if mover { self.turn } else { self.turn.opponent() }
        };
        if self.own_off() == 15 {
            return Some(GameResult::win(side(true), win_points(self.opp_off()), Reason::BearOff));
        }
        if self.opp_off() == 15 {
            return Some(GameResult::win(side(false), win_points(self.own_off()), Reason::BearOff));
        }
        let own_mother_pinned = self.own_pinned_on(24);
        let opp_mother_pinned = self.opp_pinned_on(1);
        if own_mother_pinned && opp_mother_pinned {
            return Some(GameResult::draw());
        }
        if rules.mother == Mother::PlayOut {
            return None;
        }
        let own_start_empty = self.own_on(24) == 0 && !self.own_pinned_on(24);
        let opp_start_empty = self.opp_on(1) == 0 && !self.opp_pinned_on(1);
        if opp_mother_pinned && own_start_empty {
            return Some(GameResult::win(side(true), 2, Reason::Mother));
        }
        if own_mother_pinned && opp_start_empty {
            return Some(GameResult::win(side(false), 2, Reason::Mother));
        }
        None
    }

    /// Can the side on roll bear off now (every checker home, none pinned)?
    pub fn can_bear_off(&self) -> bool {
        self.own_pinned == 0 && (self.own >> (4 * 7)) == 0
    }

    /// Can the side on roll bear off now under `rules`: every checker
    /// home, and none pinned (or, bearing off past pins, none pinned
    /// outside the home board)?
    pub fn can_bear_off_with(&self, rules: &PlakotoRules) -> bool {
        let pins_block = match rules.bear_off {
            crate::plakoto::rules::BearOff::Unpinned => self.own_pinned != 0,
            crate::plakoto::rules::BearOff::PastPins => self.own_pinned & !HOME != 0,
        };
        !pins_block && (self.own >> (4 * 7)) == 0
    }

    /// A compact, stable 128-bit key of the mover's checkers: with the
    /// opponent fixed, it identifies the position reached by a play.
    #[inline]
    pub(crate) fn own_key(&self) -> u128 {
        self.own
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.to_json())
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
    fn reverse_points_is_an_involution_that_mirrors() {
        let x = 3 * nib(24) + 2 * nib(1) + 5 * nib(13) + 7; // 7 off
        let r = reverse_points(x);
        assert_eq!(nibble(r, 1), 3);
        assert_eq!(nibble(r, 24), 2);
        assert_eq!(nibble(r, 12), 5);
        assert_eq!(nibble(r, 0), 7);
        assert_eq!(reverse_points(r), x);
    }

    #[test]
    fn point_arrays_agree_with_the_accessors() {
        let p = Position {
            own: 3 * nib(24) + nib(7) + 11,
            opp: 14 * nib(1) + 1,
            own_pinned: 0,
            opp_pinned: 0,
            turn: Color::White,
            game: GameKind::Plakoto,
        };
        let (own, opp) = (p.own_points(), p.opp_points());
        assert_eq!((own[0], opp[0]), (p.own_off(), p.opp_off()));
        for pt in 1..=24u8 {
            assert_eq!((own[pt as usize], opp[pt as usize]), (p.own_on(pt), p.opp_on(pt)), "point {pt}");
        }
        assert!(own[25..].iter().chain(&opp[25..]).all(|&n| n == 0));
    }

    #[test]
    fn reverse_mask_mirrors_points() {
        assert_eq!(reverse_mask(1 << 24), 1 << 1);
        assert_eq!(reverse_mask(1 << 13 | 1 << 7), 1 << 12 | 1 << 18);
    }

    #[test]
    fn pass_turn_keeps_the_absolute_board() {
        let p = Position::start();
        let q = p.pass_turn();
        assert_eq!(q.turn(), Color::Black);
        for pt in 1..=24 {
            assert_eq!(p.top(pt), q.top(pt));
        }
        assert_eq!(q.pass_turn(), p);
    }

    #[test]
    fn start_pips() {
        let p = Position::start();
        assert_eq!(p.pips(Color::White), 360);
        assert_eq!(p.pips(Color::Black), 360);
        assert_eq!(p.outcome(), None);
    }
}
