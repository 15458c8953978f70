//! The match equity table: the chance to win a match needing `a` points
//! against `b`, and what a game's outcomes are worth at a score, in a
//! match of one game or a Tavli match whose games rotate.
//!
//! Tavli has no doubling cube, so a game scores 1 point (a single win), 2
//! (a double win) or nothing (a draw, both mothers pinned in Plakoto), and
//! who starts a game matters: the first game starts with the opening roll
//! (each side equally likely to start), so does a game after a draw, and
//! otherwise the winner of a game starts the next. In a Tavli match the
//! games rotate (Portes, Plakoto, Fevga, Portes …; a drawn Plakoto goes on
//! to Fevga), and each game has its own chances: Plakoto's starter wins
//! double far more often than Fevga's. So the state before a game is the
//! two sides' needs, the game that comes next and who starts it. With each
//! game's chances for its starter, the table follows from the recursion,
//! for the next game g and the game after it n(g):
//!
//! ```text
//! M(a, b, A starts, g) = w1·M(a−1, b, A, n(g)) + w2·M(a−2, b, A, n(g))
//!                      + l1·M(a, b−1, B, n(g)) + l2·M(a, b−2, B, n(g))
//!                      + d·M(a, b, roll, n(g))
//! M(a, b, roll, g)     = ½·M(a, b, A starts, g) + ½·M(a, b, B starts, g)
//! ```
//!
//! (w1 a single win of g's starter, w2 a double, l1 and l2 its losses, d a
//! draw; a side needing 0 or less has won.) A match of one game is a
//! rotation of length 1, n(g) = g. The draw terms link the games at equal
//! needs around the rotation; that small linear system is solved in
//! closed form ([`MatchEquityTable::rotating`]). The chances are those of
//! money play at each game's start: the table is the standard
//! approximation that the players' style does not change with the score.

use std::sync::Arc;

use serde::Serialize;
use tavli_core::Color;
use tavli_core::game::Match;
use tavli_core::tavli::{GameKind, GamePosition, Scoring};

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
        GameChances { win_single, win_double, lose_single, lose_double, draw }.normalised()
    }

    /// The same chances divided by their sum, so that they add up to 1.
    pub fn normalised(self) -> GameChances {
        let sum = self.win_single + self.win_double + self.lose_single + self.lose_double + self.draw;
        GameChances {
            win_single: self.win_single / sum,
            win_double: self.win_double / sum,
            lose_single: self.lose_single / sum,
            lose_double: self.lose_double / sum,
            draw: self.draw / sum,
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

impl Starter {
    fn index(self) -> usize {
        match self {
            Starter::Me => 0,
            Starter::Opponent => 1,
            Starter::OpeningRoll => 2,
        }
    }
}

/// The match equity table for matches up to a length, of one game or of a
/// rotation of games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchEquityTable {
    /// The longest match covered: needs from 1 to `length`.
    pub length: u32,
    /// The games in the order a match plays them, from its first, each
    /// with its starter's chances (made to add up to 1); after the last
    /// comes the first again. One game for a match of one game.
    pub rotation: Vec<(GameKind, GameChances)>,
    /// `[a][b][g]` for needs a, b in 0..=length and the next game at
    /// index g of the rotation: (I start, the opponent starts, the
    /// opening roll decides).
    cells: Vec<Vec<Vec<[f64; 3]>>>,
}

impl MatchEquityTable {
    /// The table of a match of Plakoto alone, for needs up to `length`,
    /// from its starter's chances (made to add up to 1). The same table
    /// serves a match of any one game made from that game's chances (see
    /// [`MatchEquityTable::one_game`]).
    ///
    /// ```
    /// use tavli_engine::met::{GameChances, MatchEquityTable};
    /// let even = GameChances { win_single: 0.3, win_double: 0.2, lose_single: 0.3, lose_double: 0.2, draw: 0.0 };
    /// let t = MatchEquityTable::new(5, even);
    /// // With no edge for the starter, even needs are even.
    /// assert!((t.before_opening_roll(3, 3) - 0.5).abs() < 1e-12);
    /// assert!((t.before_opening_roll(2, 4) + t.before_opening_roll(4, 2) - 1.0).abs() < 1e-12);
    /// ```
    pub fn new(length: u32, chances: GameChances) -> MatchEquityTable {
        MatchEquityTable::one_game(length, GameKind::Plakoto, chances)
    }

    /// The table of a match of `game` alone: a rotation of one game, each
    /// game's winner starting the next, a draw replaying it from the
    /// opening roll.
    pub fn one_game(length: u32, game: GameKind, chances: GameChances) -> MatchEquityTable {
        MatchEquityTable::rotating(length, &[(game, chances)])
    }

    /// The table of a match whose games follow `rotation` (from the
    /// match's first game, round again after the last), for needs up to
    /// `length`, from each game's starter's chances (each made to add up
    /// to 1). A game after a draw is the rotation's next, started by the
    /// opening roll (TAVLI.md Part 3).
    ///
    /// The games' draws link the states before each game at the same
    /// needs: with `K_g` the known part of `M(a, b, roll, g)` (the average
    /// of the two starts' outcomes that lower a need) and `d_g` g's draw
    /// chance, `x_g = K_g + d_g·x_{n(g)}` around the cycle of length L,
    /// whose solution is `x_g = Σ_j (Π_{i<j} d_{g+i}) K_{g+j} / (1 − Π d)`.
    /// For one game that is today's `K / (1 − d)`, computed in the same
    /// order, so a one-game table is bit for bit what it was.
    ///
    /// # Panics
    ///
    /// If `rotation` is empty or holds a game twice (the game being played
    /// names the state, so each game may come once in a rotation).
    ///
    /// ```
    /// use tavli_core::tavli::GameKind;
    /// use tavli_engine::met::{GameChances, MatchEquityTable, Starter};
    /// let bold = GameChances { win_single: 0.3, win_double: 0.25, lose_single: 0.3, lose_double: 0.15, draw: 0.0 };
    /// let calm = GameChances { win_single: 0.5, win_double: 0.02, lose_single: 0.46, lose_double: 0.02, draw: 0.0 };
    /// let t = MatchEquityTable::rotating(5, &[(GameKind::Plakoto, bold), (GameKind::Fevga, calm)]);
    /// // Needing 2 against 1 before a game with many double wins is worth
    /// // more than before one with few: one double win takes the match.
    /// let before = |g| t.get_before(2, 1, Starter::OpeningRoll, g);
    /// assert!(before(GameKind::Plakoto) > before(GameKind::Fevga));
    /// ```
    pub fn rotating(length: u32, rotation: &[(GameKind, GameChances)]) -> MatchEquityTable {
        assert!(!rotation.is_empty(), "a match plays at least one game");
        for (i, (g, _)) in rotation.iter().enumerate() {
            assert!(rotation[..i].iter().all(|(h, _)| h != g), "{g} comes twice in the rotation");
        }
        let games: Vec<(GameKind, GameChances)> = rotation.iter().map(|&(g, c)| (g, c.normalised())).collect();
        let (n, len) = (length as usize, games.len());
        let mut cells = vec![vec![vec![[0.0f64; 3]; len]; n + 1]; n + 1];
        // M at needs (a, b) before the game at index g; needs at or below
        // 0 are decided.
        let get = |cells: &Vec<Vec<Vec<[f64; 3]>>>, a: i64, b: i64, g: usize, s: Starter| -> f64 {
            if a <= 0 {
                1.0
            } else if b <= 0 {
                0.0
            } else {
                cells[a as usize][b as usize][g][s.index()]
            }
        };
        // Every game drawn one after another around the whole rotation.
        let all_drawn: f64 = games.iter().map(|(_, c)| c.draw).product();
        for a in 1..=n {
            for b in 1..=n {
                let (ai, bi) = (a as i64, b as i64);
                // Known parts of each game's two starts: every outcome but
                // the draw leads to a state already computed (a need goes
                // down), before the game after it.
                let known: Vec<(f64, f64)> = (0..len)
                    .map(|g| {
                        let (c, next) = (games[g].1, (g + 1) % len);
                        let me = c.win_single * get(&cells, ai - 1, bi, next, Starter::Me)
                            + c.win_double * get(&cells, ai - 2, bi, next, Starter::Me)
                            + c.lose_single * get(&cells, ai, bi - 1, next, Starter::Opponent)
                            + c.lose_double * get(&cells, ai, bi - 2, next, Starter::Opponent);
                        // The opponent starts: its wins are my losses.
                        let them = c.win_single * get(&cells, ai, bi - 1, next, Starter::Opponent)
                            + c.win_double * get(&cells, ai, bi - 2, next, Starter::Opponent)
                            + c.lose_single * get(&cells, ai - 1, bi, next, Starter::Me)
                            + c.lose_double * get(&cells, ai - 2, bi, next, Starter::Me);
                        (me, them)
                    })
                    .collect();
                // M_roll(g) = (me_g + them_g)/2 + d_g·M_roll(g+1), around
                // the cycle; the halving comes last so that one game
                // computes (me + them) / (2(1 − d)) exactly as before.
                let roll: Vec<f64> = (0..len)
                    .map(|g| {
                        if all_drawn >= 1.0 {
                            return 0.5;
                        }
                        let (mut sum, mut carried) = (0.0, 1.0);
                        for j in 0..len {
                            let k = (g + j) % len;
                            sum += carried * (known[k].0 + known[k].1);
                            carried *= games[k].1.draw;
                        }
                        sum / (2.0 * (1.0 - all_drawn))
                    })
                    .collect();
                for g in 0..len {
                    let (d, after_draw) = (games[g].1.draw, roll[(g + 1) % len]);
                    cells[a][b][g] = [known[g].0 + d * after_draw, known[g].1 + d * after_draw, roll[g]];
                }
            }
        }
        MatchEquityTable { length, rotation: games, cells }
    }

    /// The rotation's first game: the match's first game, and the only
    /// game of a match of one game.
    pub fn first_game(&self) -> GameKind {
        self.rotation[0].0
    }

    /// The starter's chances in the rotation's first game (the only
    /// game's, in a table of one game).
    pub fn chances(&self) -> GameChances {
        self.rotation[0].1
    }

    /// The index of `game` in the rotation: any game is the only game of
    /// a one-game table (a table made from one game's chances serves that
    /// game's matches, whatever kind it was told).
    ///
    /// A game the rotation does not hold by its name is found by the code
    /// that plays it (a Plakoto position in a Tabla match is Tapa's).
    ///
    /// # Panics
    ///
    /// If a rotation of several games holds neither `game` nor a game of
    /// its base.
    fn index_of(&self, game: GameKind) -> usize {
        if self.rotation.len() == 1 {
            return 0;
        }
        let by = |same: &dyn Fn(GameKind) -> bool| self.rotation.iter().position(|(g, _)| same(*g));
        by(&|g| g == game)
            .or_else(|| by(&|g| g.base() == game.base()))
            .unwrap_or_else(|| panic!("{game} is not in this match's rotation"))
    }

    /// The game after `game` in the rotation (`game` itself in a match of
    /// one game).
    pub fn next_game(&self, game: GameKind) -> GameKind {
        let i = self.index_of(game);
        self.rotation[(i + 1) % self.rotation.len()].0
    }

    /// My chance to win the match needing `a` against `b`, before a game
    /// of `next` started by `starter` (a need of 0 or less has won; needs
    /// beyond the length count as the length).
    pub fn get_before(&self, a: i64, b: i64, starter: Starter, next: GameKind) -> f64 {
        if a <= 0 {
            return 1.0;
        }
        if b <= 0 {
            return 0.0;
        }
        let (a, b) = ((a as usize).min(self.length as usize), (b as usize).min(self.length as usize));
        self.cells[a][b][self.index_of(next)][starter.index()]
    }

    /// My chance to win the match needing `a` against `b`, with `starter`
    /// starting the next game, the rotation's first (a need of 0 or less
    /// has won): the table of a match of one game.
    pub fn get(&self, a: i64, b: i64, starter: Starter) -> f64 {
        self.get_before(a, b, starter, self.first_game())
    }

    /// My chance needing `a` against `b` before the opening roll of the
    /// rotation's first game (a match's start).
    pub fn before_opening_roll(&self, a: u32, b: u32) -> f64 {
        self.get(i64::from(a), i64::from(b), Starter::OpeningRoll)
    }

    /// The table before the opening roll of the rotation's first game,
    /// `[a−1][b−1]` for needs 1 to the length (the JSON of `tavli met`).
    pub fn table(&self) -> Vec<Vec<f64>> {
        self.table_before(self.first_game())
    }

    /// The table before the opening roll of a game of `next`, `[a−1][b−1]`
    /// for needs 1 to the length.
    pub fn table_before(&self, next: GameKind) -> Vec<Vec<f64>> {
        self.table_started_by(next, Starter::OpeningRoll)
    }

    /// The table before a game of `next` started by `starter` (mid-match,
    /// the last game's winner starts), `[a−1][b−1]` for needs 1 to the
    /// length, from the side needing `a`'s view.
    pub fn table_started_by(&self, next: GameKind, starter: Starter) -> Vec<Vec<f64>> {
        let at = |a: u32, b: u32| self.get_before(i64::from(a), i64::from(b), starter, next);
        (1..=self.length).map(|a| (1..=self.length).map(|b| at(a, b)).collect()).collect()
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

    /// `side`'s view of the score of `m` now. A match scored by count
    /// (Mahbusa's option) is played for points, as a single game: no
    /// table of this project values a count (the levels' help says so).
    pub fn of<P: GamePosition>(m: &Match<P>, side: Color) -> MatchScore {
        if m.rules().scoring == Scoring::Count {
            return MatchScore::SINGLE_GAME;
        }
        MatchScore { length: m.target(), mine: m.score(side), theirs: m.score(side.opponent()) }
    }

    /// `side`'s view of the score of `m` before its game `game` (from 0):
    /// the points of the games before it.
    pub fn before_game<P: GamePosition>(m: &Match<P>, game: usize, side: Color) -> MatchScore {
        if m.rules().scoring == Scoring::Count {
            return MatchScore::SINGLE_GAME;
        }
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
    /// use tavli_engine::met::{Away, MatchScore};
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
    /// against `away.them`, in a game of `playing` that will end with the
    /// outcome probabilities `p`: each outcome is valued before the game
    /// after it in the rotation, which the game's winner starts (after a
    /// draw the opening roll decides).
    pub fn match_winning_chance(&self, p: &Probabilities, away: Away, playing: GameKind) -> f64 {
        let g = GameChances::from_probabilities(p);
        let next = self.next_game(playing);
        let (a, b) = (i64::from(away.me), i64::from(away.them));
        g.win_single * self.get_before(a - 1, b, Starter::Me, next)
            + g.win_double * self.get_before(a - 2, b, Starter::Me, next)
            + g.lose_single * self.get_before(a, b - 1, Starter::Opponent, next)
            + g.lose_double * self.get_before(a, b - 2, Starter::Opponent, next)
            + g.draw * self.get_before(a, b, Starter::OpeningRoll, next)
    }

    /// How much a match-winning chance is worth in points of a single game
    /// at this score, in a game of `playing` (gnubg's normalisation):
    /// twice the chance divided by the swing between winning and losing a
    /// single game from here. A loss in match-winning chance times this is
    /// a loss in equity that the money thresholds (doubtful 0.04, …) apply
    /// to.
    pub fn points_per_chance(&self, away: Away, playing: GameKind) -> f64 {
        let next = self.next_game(playing);
        let (a, b) = (i64::from(away.me), i64::from(away.them));
        let swing = self.get_before(a - 1, b, Starter::Me, next) - self.get_before(a, b - 1, Starter::Opponent, next);
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
    /// each outcome of the game being played (a double win is worth what
    /// it does to the match, with the game after it to come).
    Match {
        /// The match equity table.
        table: Arc<MatchEquityTable>,
        /// The root side's needs.
        away: Away,
        /// The game being played: its outcomes lead to the state before
        /// the game after it in the table's rotation.
        playing: GameKind,
    },
}

impl Objective {
    /// What a side plays for at `score` in a game of `playing`, with
    /// `table` valuing the match: points in a single game, else the
    /// match-winning chance at the score. Every front end decides it here
    /// (through [`crate::search::Search::at_score`],
    /// [`crate::search::Search::in_match_of`] or [`crate::Level::player_at`]).
    ///
    /// ```
    /// use tavli_core::tavli::GameKind;
    /// use tavli_engine::met::{GameChances, MatchEquityTable, MatchScore, Objective};
    /// let even = GameChances { win_single: 0.3, win_double: 0.2, lose_single: 0.3, lose_double: 0.2, draw: 0.0 };
    /// let table = std::sync::Arc::new(MatchEquityTable::new(7, even));
    /// let plakoto = GameKind::Plakoto;
    /// assert_eq!(Objective::at_score(&table, MatchScore::SINGLE_GAME, plakoto), Objective::Money);
    /// let at = Objective::at_score(&table, MatchScore { length: 3, mine: 2, theirs: 0 }, plakoto);
    /// assert!(matches!(at, Objective::Match { away, .. } if (away.me, away.them) == (1, 3)));
    /// ```
    pub fn at_score(table: &Arc<MatchEquityTable>, score: MatchScore, playing: GameKind) -> Objective {
        match score.away() {
            Some(away) => Objective::Match { table: table.clone(), away, playing },
            None => Objective::Money,
        }
    }

    /// The root side's chance to win the match when its game ends with
    /// the outcome probabilities `p`; `None` when playing for points.
    pub fn match_winning_chance(&self, p: &Probabilities) -> Option<f64> {
        match self {
            Objective::Money => None,
            Objective::Match { table, away, playing } => Some(table.match_winning_chance(p, *away, *playing)),
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
            Objective::Match { table, away, playing } => {
                let away = if root { *away } else { Away { me: away.them, them: away.me } };
                (table.match_winning_chance(p, away, *playing) * table.points_per_chance(away, *playing)) as f32
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
        let c = t.chances();
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
        let plakoto = GameKind::Plakoto;
        assert_eq!(t.match_winning_chance(&single, away, plakoto), 1.0);
        assert_eq!(t.match_winning_chance(&double, away, plakoto), 1.0);
        // But at 3-away it is worth more than a single.
        let away = Away { me: 3, them: 3 };
        assert!(t.match_winning_chance(&double, away, plakoto) > t.match_winning_chance(&single, away, plakoto));
    }

    /// The one-game table as it was computed before rotations: `[a][b]`
    /// (I start, the opponent starts, the opening roll).
    fn table_before_rotations(length: u32, chances: GameChances) -> Vec<Vec<[f64; 3]>> {
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
                let me = c.win_single * get(&cells, ai - 1, bi, 0)
                    + c.win_double * get(&cells, ai - 2, bi, 0)
                    + c.lose_single * get(&cells, ai, bi - 1, 1)
                    + c.lose_double * get(&cells, ai, bi - 2, 1);
                let them = c.win_single * get(&cells, ai, bi - 1, 1)
                    + c.win_double * get(&cells, ai, bi - 2, 1)
                    + c.lose_single * get(&cells, ai - 1, bi, 0)
                    + c.lose_double * get(&cells, ai - 2, bi, 0);
                let roll = if c.draw < 1.0 { (me + them) / (2.0 * (1.0 - c.draw)) } else { 0.5 };
                cells[a][b] = [me + c.draw * roll, them + c.draw * roll, roll];
            }
        }
        cells
    }

    #[test]
    fn a_rotation_of_one_game_is_the_one_game_table_bit_for_bit() {
        let unnormalised =
            GameChances { win_single: 3.0, win_double: 2.0, lose_single: 2.5, lose_double: 1.5, draw: 1.0 };
        for (chances, length) in [(chances(), 25), (unnormalised, 9), (chances(), 1)] {
            let old = table_before_rotations(length, chances);
            for game in GameKind::ALL {
                let t = MatchEquityTable::one_game(length, game, chances);
                for a in 1..=i64::from(length) {
                    for b in 1..=i64::from(length) {
                        let starts = [Starter::Me, Starter::Opponent, Starter::OpeningRoll];
                        for (s, starter) in starts.into_iter().enumerate() {
                            let (new, was) = (t.get(a, b, starter), old[a as usize][b as usize][s]);
                            assert_eq!(new.to_bits(), was.to_bits(), "{game} {a}-{b} {starter:?}: {new} vs {was}");
                            // A one-game table answers for its game under any name.
                            assert_eq!(t.get_before(a, b, starter, GameKind::Fevga).to_bits(), was.to_bits());
                        }
                    }
                }
            }
        }
        assert_eq!(MatchEquityTable::new(5, chances()), MatchEquityTable::one_game(5, GameKind::Plakoto, chances()));
    }

    /// Two games, each with draws, so that the draws chain around the
    /// cycle; the values worked out by hand.
    #[test]
    fn a_two_game_rotation_at_one_all_and_two_one_by_hand() {
        let a = GameChances { win_single: 0.3, win_double: 0.2, lose_single: 0.25, lose_double: 0.15, draw: 0.1 };
        let b = GameChances { win_single: 0.4, win_double: 0.05, lose_single: 0.4, lose_double: 0.05, draw: 0.1 };
        let (pa, fb) = (GameKind::Portes, GameKind::Fevga);
        let t = MatchEquityTable::rotating(3, &[(pa, a), (fb, b)]);
        assert_eq!((t.next_game(pa), t.next_game(fb)), (fb, pa));
        let close = |x: f64, y: f64| assert!((x - y).abs() < 1e-12, "{x} vs {y}");
        // 1-1: any win takes the match; the opening roll is even before
        // either game, whatever the draws.
        close(t.get_before(1, 1, Starter::OpeningRoll, pa), 0.5);
        close(t.get_before(1, 1, Starter::OpeningRoll, fb), 0.5);
        // Starting game A at 1-1: a win (0.5) or a draw, then B from the
        // opening roll (0.1 · ½).
        close(t.get_before(1, 1, Starter::Me, pa), 0.55);
        close(t.get_before(1, 1, Starter::Me, fb), 0.5);
        // 2-1 before the opening roll of A: x_A = K_A + 0.1·x_B with
        // K_A = ½[(0.3 + 0.25)·M(1,1,me,B) + 0.2 + 0.15] = ½[0.55·0.5 + 0.35]
        // = 0.3125, and K_B = ½[(0.4 + 0.4)·M(1,1,me,A) + 0.1] = ½[0.8·0.55
        // + 0.1] = 0.27; so x_A = (0.3125 + 0.027)/0.99 = 679/1980 and
        // x_B = (0.27 + 0.03125)/0.99 = 241/792.
        close(t.get_before(2, 1, Starter::OpeningRoll, pa), 679.0 / 1980.0);
        close(t.get_before(2, 1, Starter::OpeningRoll, fb), 241.0 / 792.0);
        // And the other side's view adds up to 1.
        close(t.get_before(1, 2, Starter::OpeningRoll, pa), 1.0 - 679.0 / 1980.0);
    }

    #[test]
    #[should_panic(expected = "not in this match's rotation")]
    fn a_game_outside_a_rotation_of_several_is_refused() {
        let t = MatchEquityTable::rotating(3, &[(GameKind::Portes, chances()), (GameKind::Fevga, chances())]);
        t.get_before(2, 2, Starter::Me, GameKind::Plakoto);
    }
}
