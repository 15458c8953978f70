//! The match equity table of Plakoto: the chance to win a match needing
//! `a` points against `b`, and what a game's outcomes are worth at a score.
//!
//! Tavli has no doubling cube, so a game scores 1 point (a single win), 2
//! (a double win) or nothing (a draw, both mothers pinned), and who starts a
//! game matters: the first game starts with the opening roll (each side
//! equally likely to start), so does a game after a draw, and otherwise the
//! winner of a game starts the next. So the state before a game is the two
//! sides' needs and who starts; with the starter's chances of each outcome
//! at the start position (the engine's evaluation), the table follows from
//! the recursion
//!
//! ```text
//! M(a, b, A starts) = w1·M(a−1, b, A) + w2·M(a−2, b, A)
//!                   + l1·M(a, b−1, B) + l2·M(a, b−2, B) + d·M(a, b, roll)
//! M(a, b, roll)     = ½·M(a, b, A starts) + ½·M(a, b, B starts)
//! ```
//!
//! (w1 a single win of the starter, w2 a double, l1 and l2 its losses, d a
//! draw; a side needing 0 or less has won.) The draw term makes each score
//! one small linear system, solved in closed form. The chances are those of
//! money play at the start position: the table is the standard
//! approximation that the players' style does not change with the score.

use std::sync::Arc;

use plakoto_core::Color;
use plakoto_core::game::Match;
use plakoto_core::tavli::GamePosition;
use serde::Serialize;

use crate::probabilities::Probabilities;

/// The chances of a game's outcomes for the side that starts it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct GameChances {
    /// A single win (1 point).
    pub win_single: f64,
    /// A double win (2 points).
    pub win_double: f64,
    /// A single loss.
    pub lose_single: f64,
    /// A double loss.
    pub lose_double: f64,
    /// A draw (no points, the next game starts with the opening roll).
    pub draw: f64,
}

impl GameChances {
    /// The chances from an evaluation of the start position for the side
    /// on roll (the starter), made to add up to 1.
    pub fn from_probabilities(p: &Probabilities) -> GameChances {
        let win_double = f64::from(p.win_double.max(0.0));
        let lose_double = f64::from(p.lose_double.max(0.0));
        let win_single = (f64::from(p.win) - win_double).max(0.0);
        let lose_single = (f64::from(p.lose) - lose_double).max(0.0);
        let draw = f64::from(p.draw.max(0.0));
        let sum = win_single + win_double + lose_single + lose_double + draw;
        GameChances {
            win_single: win_single / sum,
            win_double: win_double / sum,
            lose_single: lose_single / sum,
            lose_double: lose_double / sum,
            draw: draw / sum,
        }
    }
}

/// Who starts the next game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Starter {
    /// The side whose match-winning chance is asked for.
    Me,
    /// Its opponent.
    Opponent,
    /// Decided by the opening roll (the first game, or after a draw).
    OpeningRoll,
}

/// The match equity table for matches up to a length.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchEquityTable {
    /// The longest match covered: needs from 1 to `length`.
    pub length: u32,
    /// The starter's chances the table was made from.
    pub chances: GameChances,
    /// `[a][b]` for needs a, b in 0..=length: (I start, the opponent
    /// starts, the opening roll decides).
    cells: Vec<Vec<[f64; 3]>>,
}

impl MatchEquityTable {
    /// The table for needs up to `length`, from the starter's chances
    /// (made to add up to 1).
    ///
    /// ```
    /// use plakoto_engine::met::{GameChances, MatchEquityTable};
    /// let even = GameChances { win_single: 0.3, win_double: 0.2, lose_single: 0.3, lose_double: 0.2, draw: 0.0 };
    /// let t = MatchEquityTable::new(5, even);
    /// // With no edge for the starter, even needs are even.
    /// assert!((t.before_opening_roll(3, 3) - 0.5).abs() < 1e-12);
    /// assert!((t.before_opening_roll(2, 4) + t.before_opening_roll(4, 2) - 1.0).abs() < 1e-12);
    /// ```
    pub fn new(length: u32, chances: GameChances) -> MatchEquityTable {
        let n = length as usize;
        let sum = chances.win_single + chances.win_double + chances.lose_single + chances.lose_double + chances.draw;
        let c = GameChances {
            win_single: chances.win_single / sum,
            win_double: chances.win_double / sum,
            lose_single: chances.lose_single / sum,
            lose_double: chances.lose_double / sum,
            draw: chances.draw / sum,
        };
        let mut cells = vec![vec![[0.0f64; 3]; n + 1]; n + 1];
        // M at needs (a, b); needs at or below 0 are decided.
        let get = |cells: &Vec<Vec<[f64; 3]>>, a: i64, b: i64, s: usize| -> f64 {
            if a <= 0 {
                1.0
            } else if b <= 0 {
                0.0
            } else {
                cells[a as usize][b as usize][s]
            }
        };
        for a in 1..=n {
            for b in 1..=n {
                let (ai, bi) = (a as i64, b as i64);
                // Known parts: every outcome but the draw leads to a state
                // already computed (a need goes down).
                let me = c.win_single * get(&cells, ai - 1, bi, 0)
                    + c.win_double * get(&cells, ai - 2, bi, 0)
                    + c.lose_single * get(&cells, ai, bi - 1, 1)
                    + c.lose_double * get(&cells, ai, bi - 2, 1);
                // The opponent starts: its wins are my losses.
                let them = c.win_single * get(&cells, ai, bi - 1, 1)
                    + c.win_double * get(&cells, ai, bi - 2, 1)
                    + c.lose_single * get(&cells, ai - 1, bi, 0)
                    + c.lose_double * get(&cells, ai - 2, bi, 0);
                // M_roll = (me + them)/2 + d·M_roll.
                let roll = if c.draw < 1.0 { (me + them) / (2.0 * (1.0 - c.draw)) } else { 0.5 };
                cells[a][b] = [me + c.draw * roll, them + c.draw * roll, roll];
            }
        }
        MatchEquityTable { length, chances: c, cells }
    }

    /// My chance to win the match needing `a` against `b`, with `starter`
    /// starting the next game (a need of 0 or less has won).
    pub fn get(&self, a: i64, b: i64, starter: Starter) -> f64 {
        if a <= 0 {
            return 1.0;
        }
        if b <= 0 {
            return 0.0;
        }
        let s = match starter {
            Starter::Me => 0,
            Starter::Opponent => 1,
            Starter::OpeningRoll => 2,
        };
        let (a, b) = ((a as usize).min(self.length as usize), (b as usize).min(self.length as usize));
        self.cells[a][b][s]
    }

    /// My chance needing `a` against `b` before the next game's opening roll.
    pub fn before_opening_roll(&self, a: u32, b: u32) -> f64 {
        self.get(i64::from(a), i64::from(b), Starter::OpeningRoll)
    }

    /// The table before the opening roll, `[a−1][b−1]` for needs 1 to the
    /// length (the JSON of `plakoto met`).
    pub fn table(&self) -> Vec<Vec<f64>> {
        (1..=self.length).map(|a| (1..=self.length).map(|b| self.before_opening_roll(a, b)).collect()).collect()
    }
}

/// A match score from one side's view: what it and its opponent still need.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Away {
    /// Points the side still needs.
    pub me: u32,
    /// Points its opponent still needs.
    pub them: u32,
}

/// A match score as a front end knows it, from one side's view: the match
/// length and the points each side has. What the engine plays for follows
/// from it ([`Objective::at_score`]), in one place for every front end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MatchScore {
    /// Points to win the match (1: a single game).
    pub length: u32,
    /// The side's points.
    pub mine: u32,
    /// Its opponent's points.
    pub theirs: u32,
}

impl MatchScore {
    /// A single game: played for points.
    pub const SINGLE_GAME: MatchScore = MatchScore { length: 1, mine: 0, theirs: 0 };

    /// `side`'s view of the score of `m` now.
    pub fn of<P: GamePosition>(m: &Match<P>, side: Color) -> MatchScore {
        MatchScore { length: m.target(), mine: m.score(side), theirs: m.score(side.opponent()) }
    }

    /// `side`'s view of the score of `m` before its game `game` (from 0):
    /// the points of the games before it.
    pub fn before_game<P: GamePosition>(m: &Match<P>, game: usize, side: Color) -> MatchScore {
        let points = |c: Color| -> u32 {
            m.games()
                .iter()
                .take(game)
                .filter_map(|g| g.result())
                .filter(|r| r.winner == Some(c))
                .map(|r| u32::from(r.points))
                .sum()
        };
        MatchScore { length: m.target(), mine: points(side), theirs: points(side.opponent()) }
    }

    /// What the side and its opponent still need (at least 1 each), or
    /// `None` in a single game, where only points count.
    ///
    /// ```
    /// use plakoto_engine::met::{Away, MatchScore};
    /// assert_eq!(MatchScore { length: 3, mine: 1, theirs: 0 }.away(), Some(Away { me: 2, them: 3 }));
    /// assert_eq!(MatchScore::SINGLE_GAME.away(), None);
    /// ```
    pub fn away(&self) -> Option<Away> {
        (self.length > 1).then(|| Away {
            me: self.length.saturating_sub(self.mine).max(1),
            them: self.length.saturating_sub(self.theirs).max(1),
        })
    }

    /// The same score from the opponent's view.
    pub fn flip(self) -> MatchScore {
        MatchScore { mine: self.theirs, theirs: self.mine, ..self }
    }
}

impl MatchEquityTable {
    /// The match-winning chance of the side on roll, needing `away.me`
    /// against `away.them`, whose game will end with the outcome
    /// probabilities `p` (the game's winner starts the next game; after a
    /// draw the opening roll decides).
    pub fn match_winning_chance(&self, p: &Probabilities, away: Away) -> f64 {
        let g = GameChances::from_probabilities(p);
        let (a, b) = (i64::from(away.me), i64::from(away.them));
        g.win_single * self.get(a - 1, b, Starter::Me)
            + g.win_double * self.get(a - 2, b, Starter::Me)
            + g.lose_single * self.get(a, b - 1, Starter::Opponent)
            + g.lose_double * self.get(a, b - 2, Starter::Opponent)
            + g.draw * self.get(a, b, Starter::OpeningRoll)
    }

    /// How much a match-winning chance is worth in points of a single game
    /// at this score (gnubg's normalisation): twice the chance divided by
    /// the swing between winning and losing a single game from here. A
    /// loss in match-winning chance times this is a loss in equity that
    /// the money thresholds (doubtful 0.04, …) apply to.
    pub fn points_per_chance(&self, away: Away) -> f64 {
        let (a, b) = (i64::from(away.me), i64::from(away.them));
        let swing = self.get(a - 1, b, Starter::Me) - self.get(a, b - 1, Starter::Opponent);
        if swing > 1e-9 { 2.0 / swing } else { 0.0 }
    }
}

/// What a search maximises for each side.
#[derive(Clone, Debug, PartialEq)]
pub enum Objective {
    /// Points: the equity (a single game, or money play).
    Money,
    /// The match-winning chance at a match score: `away` is what the side
    /// on roll at the root and its opponent still need; the table values
    /// each outcome (a double win is worth what it does to the match).
    Match {
        /// The match equity table.
        table: Arc<MatchEquityTable>,
        /// The root side's needs.
        away: Away,
    },
}

impl Objective {
    /// What a side plays for at `score`, with `table` valuing the match:
    /// points in a single game, else the match-winning chance at the
    /// score. Every front end decides it here (through
    /// [`crate::search::Search::at_score`] or [`crate::Level::player_at`]).
    ///
    /// ```
    /// use plakoto_engine::met::{GameChances, MatchEquityTable, MatchScore, Objective};
    /// let even = GameChances { win_single: 0.3, win_double: 0.2, lose_single: 0.3, lose_double: 0.2, draw: 0.0 };
    /// let table = std::sync::Arc::new(MatchEquityTable::new(7, even));
    /// assert_eq!(Objective::at_score(&table, MatchScore::SINGLE_GAME), Objective::Money);
    /// let at = Objective::at_score(&table, MatchScore { length: 3, mine: 2, theirs: 0 });
    /// assert!(matches!(at, Objective::Match { away, .. } if (away.me, away.them) == (1, 3)));
    /// ```
    pub fn at_score(table: &Arc<MatchEquityTable>, score: MatchScore) -> Objective {
        match score.away() {
            Some(away) => Objective::Match { table: table.clone(), away },
            None => Objective::Money,
        }
    }

    /// The root side's chance to win the match when its game ends with
    /// the outcome probabilities `p`; `None` when playing for points.
    pub fn match_winning_chance(&self, p: &Probabilities) -> Option<f64> {
        match self {
            Objective::Money => None,
            Objective::Match { table, away } => Some(table.match_winning_chance(p, *away)),
        }
    }

    /// What the mover maximises, given its outcome probabilities `p`;
    /// `root` says whether the mover is the root's side on roll. In match
    /// play the match-winning chance, scaled to points of a single game at
    /// the mover's score so that the filters' margins (in points) keep
    /// their meaning.
    pub fn value(&self, p: &Probabilities, root: bool) -> f32 {
        match self {
            Objective::Money => p.equity(),
            Objective::Match { table, away } => {
                let away = if root { *away } else { Away { me: away.them, them: away.me } };
                (table.match_winning_chance(p, away) * table.points_per_chance(away)) as f32
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chances() -> GameChances {
        // A starter's edge and many double wins, as Plakoto has.
        GameChances { win_single: 0.30, win_double: 0.23, lose_single: 0.28, lose_double: 0.19, draw: 0.0002 }
    }

    #[test]
    fn the_table_is_symmetric_and_monotone() {
        let t = MatchEquityTable::new(9, chances());
        for a in 1..=9 {
            for b in 1..=9 {
                let (x, y) = (t.before_opening_roll(a, b), t.before_opening_roll(b, a));
                assert!((x + y - 1.0).abs() < 1e-9, "{a}-{b}: {x} + {y}");
                if a < 9 {
                    assert!(t.before_opening_roll(a, b) > t.before_opening_roll(a + 1, b), "needing more is worse");
                }
                if b < 9 {
                    assert!(t.before_opening_roll(a, b) < t.before_opening_roll(a, b + 1));
                }
                // Starting a game is worth something.
                assert!(t.get(a.into(), b.into(), Starter::Me) > t.get(a.into(), b.into(), Starter::Opponent));
            }
        }
    }

    #[test]
    fn a_one_point_match_is_the_game_itself() {
        let t = MatchEquityTable::new(1, chances());
        let c = t.chances;
        // Needing 1 each: any win wins the match; a draw replays.
        let me = (c.win_single + c.win_double) / (1.0 - c.draw);
        let roll = 0.5 * (me + (c.lose_single + c.lose_double) / (1.0 - c.draw));
        assert!((t.before_opening_roll(1, 1) - roll).abs() < 1e-9);
        assert!((t.before_opening_roll(1, 1) - 0.5).abs() < 1e-9, "even before the opening roll");
    }

    #[test]
    fn a_double_win_is_worth_nothing_more_when_one_point_wins() {
        let t = MatchEquityTable::new(5, chances());
        let single = Probabilities { win: 1.0, win_double: 0.0, lose: 0.0, lose_double: 0.0, draw: 0.0 };
        let double = Probabilities { win: 1.0, win_double: 1.0, lose: 0.0, lose_double: 0.0, draw: 0.0 };
        let away = Away { me: 1, them: 3 };
        assert_eq!(t.match_winning_chance(&single, away), 1.0);
        assert_eq!(t.match_winning_chance(&double, away), 1.0);
        // But at 3-away it is worth more than a single.
        let away = Away { me: 3, them: 3 };
        assert!(t.match_winning_chance(&double, away) > t.match_winning_chance(&single, away));
    }
}
