//! The value type every evaluation speaks: the chances of each outcome of a
//! game for the side on roll, and the equity they make. Everything else in
//! the engine (evaluators, search, the bear-off database, analysis) builds
//! on this; it imports nothing of the engine.

use serde::Serialize;
use tavli_core::tavli::GamePosition;

/// Outcome probabilities for the side on roll. `win` includes `win_double`;
/// `lose` (= 1 − win − draw) includes `lose_double`.
///
/// ```
/// use tavli_engine::Probabilities;
/// let p = Probabilities { win: 0.6, win_double: 0.2, lose: 0.4, lose_double: 0.1, draw: 0.0 };
/// assert!((p.equity() - 0.3).abs() < 1e-6);
/// assert_eq!(p.flip().flip(), p);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Probabilities {
    /// Chance to win (any win, double wins included).
    pub win: f32,
    /// Chance to win 2 points (a bear-off before the loser bore off any, or a mother pin).
    pub win_double: f32,
    /// Chance to lose (any loss, double losses included).
    pub lose: f32,
    /// Chance to lose 2 points.
    pub lose_double: f32,
    /// Chance of a draw (both mothers pinned).
    pub draw: f32,
}

impl Probabilities {
    /// Expected points for the side on roll: `win + win_double − lose − lose_double`.
    pub fn equity(&self) -> f32 {
        self.win + self.win_double - self.lose - self.lose_double
    }

    /// The same outcomes seen by the other side.
    pub fn flip(&self) -> Probabilities {
        Probabilities {
            win: self.lose,
            win_double: self.lose_double,
            lose: self.win,
            lose_double: self.win_double,
            draw: self.draw,
        }
    }

    /// The exact probabilities of a finished game, for the side on roll;
    /// `None` while the game goes on.
    ///
    /// ```
    /// use tavli_core::pos;
    /// use tavli_engine::Probabilities;
    /// // White has borne off all and Black none: White has won 2.
    /// let p = Probabilities::exact(&pos!(White; white {}; black {1: 15})).unwrap();
    /// assert_eq!(p.equity(), 2.0);
    /// ```
    pub fn exact<P: GamePosition>(pos: &P) -> Option<Probabilities> {
        let r = pos.outcome()?;
        let pts = r.points_for(pos.turn());
        Some(Probabilities {
            win: f32::from(pts > 0),
            win_double: f32::from(pts > 1),
            lose: f32::from(pts < 0),
            lose_double: f32::from(pts < -1),
            draw: f32::from(r.winner.is_none()),
        })
    }

    /// Adds `w` times `p` to these probabilities (for weighted averages).
    pub fn add_weighted(&mut self, p: &Probabilities, w: f32) {
        self.win += w * p.win;
        self.win_double += w * p.win_double;
        self.lose += w * p.lose;
        self.lose_double += w * p.lose_double;
        self.draw += w * p.draw;
    }

    /// These probabilities times `w`.
    pub fn scaled(&self, w: f32) -> Probabilities {
        let mut s = Probabilities::default();
        s.add_weighted(self, w);
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavli_core::{Color, pos};

    #[test]
    fn a_finished_game_is_exact_from_either_side() {
        // White has borne off all; Black none: White wins 2.
        let p = pos!(White; white {}; black {1: 15});
        let e = Probabilities::exact(&p).unwrap();
        assert_eq!((e.win, e.win_double, e.equity()), (1.0, 1.0, 2.0));
        let q = p.pass_turn();
        assert_eq!(q.turn(), Color::Black);
        assert_eq!(Probabilities::exact(&q).unwrap().equity(), -2.0);
        assert_eq!(Probabilities::exact(&tavli_core::Position::start()), None);
    }
}
