//! Two-sided bear-off: when both sides have all their checkers in their
//! home boards and nobody is pinned, the sides can never meet again, and
//! the one-sided distributions give exact probabilities (for one-sided
//! optimal play).
//!
//! With A on roll, A's n-th turn comes before B's n-th. So A wins iff B
//! needs at least as many turns: P(win) = Σ_n P(T_A = n)·P(T_B ≥ n). A wins
//! double iff besides B has borne off none and would bear off its first
//! checker no sooner than its n-th turn (T1_B ≥ n). A loses double iff A
//! has borne off none and B finishes on its m-th turn while A's first
//! checker comes off no sooner than its (m + 1)-th (T1_A ≥ m + 1). A race
//! cannot be drawn.

use tavli_core::{Position, fevga, portes};

use super::index::{CHECKERS, HomeBoard};
use super::table::{Database, Dist, SCALE};
use crate::probabilities::Probabilities;

/// The home boards of the side on roll and of the opponent (each in its own
/// numbering), when every checker of both sides still on the board is in
/// its home board and nobody is pinned; `None` otherwise.
///
/// Such a position is a race ([`is_race`](crate::inputs::is_race)): the
/// mover is on its points 1..=6 and the opponent on the mover's 19..=24.
#[inline]
pub fn home_boards(pos: &Position) -> Option<(HomeBoard, HomeBoard)> {
    if pos.own_pinned_mask() != 0 || pos.opp_pinned_mask() != 0 {
        return None;
    }
    facing_home_boards(|p| pos.own_on(p), |p| pos.opp_on(p))
}

/// The two home boards when the mover (`own`, its points 1..=24) has every
/// checker on its 1..=6 and the opponent (`opp`, on the mover's points)
/// every checker on the mover's 19..=24: the games whose sides travel
/// opposite ways round.
#[inline(always)]
fn facing_home_boards(own: impl Fn(u8) -> u8, opp: impl Fn(u8) -> u8) -> Option<(HomeBoard, HomeBoard)> {
    // From the far end, where checkers of a game in progress usually are.
    if (7..=24u8).rev().any(|p| own(p) != 0) || (1..=18u8).any(|p| opp(p) != 0) {
        return None;
    }
    Some((std::array::from_fn(|i| own(i as u8 + 1)), std::array::from_fn(|i| opp(24 - i as u8))))
}

/// [`home_boards`] for a Portes position: both sides' checkers all in
/// their home boards (none on the bar), so they can never meet again.
#[inline]
pub fn portes_home_boards(pos: &portes::Position) -> Option<(HomeBoard, HomeBoard)> {
    if pos.own_bar() != 0 || pos.opp_bar() != 0 {
        return None;
    }
    facing_home_boards(|p| pos.own_on(p), |p| pos.opp_on(p))
}

/// [`home_boards`] for a Fevga position: both sides' checkers on the board
/// all in their home boards (each on its own points 1..=6), where they
/// can never meet again.
#[inline]
pub fn fevga_home_boards(pos: &fevga::Position) -> Option<(HomeBoard, HomeBoard)> {
    let theirs = pos.pass_turn();
    if !pos.can_bear_off() || !theirs.can_bear_off() {
        return None;
    }
    let own = std::array::from_fn(|i| pos.own_on(i as u8 + 1));
    let opp = std::array::from_fn(|i| theirs.own_on(i as u8 + 1));
    Some((own, opp))
}

/// Σ_n x(n)·P(Y ≥ n + shift), in units of SCALE².
#[inline]
fn cross(x: Dist, y: Dist, shift: usize) -> u64 {
    let ge = y.tail();
    x.values()
        .iter()
        .enumerate()
        .map(|(i, &v)| u64::from(v) * u64::from(ge[(x.start() + i + shift).min(ge.len() - 1)]))
        .sum()
}

impl Database {
    /// Exact probabilities for the side on roll when both sides are bearing
    /// off (see [`home_boards`]); `None` in every other position. No
    /// allocation.
    ///
    /// ```
    /// use tavli_core::pos;
    /// use tavli_engine::bearoff::Database;
    /// let db = Database::build();
    /// // White to roll with one checker on its 1-point: it wins, and Black has
    /// // borne off nothing, so it wins double.
    /// let p = db.race_position(&pos!(White; white {1: 1}; black {24: 15})).unwrap();
    /// assert_eq!((p.win, p.win_double), (1.0, 1.0));
    /// ```
    #[inline]
    pub fn race_position(&self, pos: &Position) -> Option<Probabilities> {
        let (own, opp) = home_boards(pos)?;
        Some(self.race(&own, &opp))
    }

    /// [`Database::race_position`] for Portes: bearing off is Plakoto's, a
    /// gammon is a double win, and no backgammon is possible once both
    /// sides are home.
    ///
    /// ```
    /// use tavli_core::portes_pos;
    /// use tavli_engine::bearoff::Database;
    /// let db = Database::build();
    /// let p = db.portes_race(&portes_pos!(White; white {1: 1}; black {24: 15})).unwrap();
    /// assert_eq!((p.win, p.win_double), (1.0, 1.0));
    /// assert!(db.portes_race(&tavli_core::portes::Position::start()).is_none());
    /// ```
    #[inline]
    pub fn portes_race(&self, pos: &portes::Position) -> Option<Probabilities> {
        let (own, opp) = portes_home_boards(pos)?;
        Some(self.race(&own, &opp))
    }

    /// [`Database::race_position`] for Fevga: bearing off is Plakoto's, and
    /// a double win is the loser's having borne off none, as there.
    #[inline]
    pub fn fevga_race(&self, pos: &fevga::Position) -> Option<Probabilities> {
        let (own, opp) = fevga_home_boards(pos)?;
        Some(self.race(&own, &opp))
    }

    /// The probabilities for side A on roll, A's home board `a` against B's
    /// `b` (each in its own numbering; a side with 15 checkers on the board
    /// has borne off none).
    ///
    /// ```
    /// use tavli_engine::bearoff::Database;
    /// // A checker on the 6-point against one on the 1-point: A must bear
    /// // off at once (27 rolls in 36), else B does.
    /// let p = Database::build().race(&[0, 0, 0, 0, 0, 1], &[1, 0, 0, 0, 0, 0]);
    /// assert!((p.win - 0.75).abs() < 1e-4);
    /// ```
    pub fn race(&self, a: &HomeBoard, b: &HomeBoard) -> Probabilities {
        let full = u64::from(SCALE) * u64::from(SCALE);
        let (a_all, b_all) = (self.all_off(a), self.all_off(b));
        let win = cross(a_all, b_all, 0);
        let lose = full - win;
        let win_double = if b.iter().sum::<u8>() == CHECKERS { cross(a_all, self.first_off(b), 0).min(win) } else { 0 };
        let lose_double =
            if a.iter().sum::<u8>() == CHECKERS { cross(b_all, self.first_off(a), 1).min(lose) } else { 0 };
        let p = |x: u64| (x as f64 / full as f64) as f32;
        Probabilities { win: p(win), win_double: p(win_double), lose: p(lose), lose_double: p(lose_double), draw: 0.0 }
    }
}
