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

use super::index::{CHECKERS, HomeBoard};
use super::table::{Database, Dist, SCALE};
use crate::probabilities::Probabilities;

/// The two home boards when the mover (`own`, its points 1..=24) has every
/// checker on its 1..=6 and the opponent (`opp`, on the mover's points)
/// every checker on the mover's 19..=24: the games whose sides travel
/// opposite ways round.
#[inline(always)]
pub fn facing_home_boards(own: impl Fn(u8) -> u8, opp: impl Fn(u8) -> u8) -> Option<(HomeBoard, HomeBoard)> {
    // From the far end, where checkers of a game in progress usually are.
    if (7..=24u8).rev().any(|p| own(p) != 0) || (1..=18u8).any(|p| opp(p) != 0) {
        return None;
    }
    Some((std::array::from_fn(|i| own(i as u8 + 1)), std::array::from_fn(|i| opp(24 - i as u8))))
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
