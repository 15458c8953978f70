//! The match equity tables of a Tavli match (Portes, Plakoto, Fevga and
//! round again) and of a Tabla match (Tabla, Gul bara, Tapa), built from
//! each game's chances for its starter measured by self-play of the
//! shipped players: the constants below, and the tables they make
//! ([`MatchEquityTable::tavli`] and [`MatchEquityTable::tabla`], shared as
//! [`tavli_table`] and [`tabla_table`]).
//!
//! Measured, not evaluated: a table made of measured rates says where its
//! numbers come from and how sure they are, and does not move when a
//! network is retrained; the start-position evaluation of Fevga's network
//! is 2.6 points off its measured double wins (docs/ENGINE.md, "Match
//! equity"). The measurement is repeated by the command in
//! [`TAVLI_CHANCES`]'s documentation.

use std::sync::{Arc, OnceLock};

use tavli_core::tavli::{GameKind, MatchGames};

use crate::met::{GameChances, MatchEquityTable};

/// Each game's chances for the side that starts it (rolling both dice, as
/// every Tavli game after the first starts), in the rotation's order: the
/// shares of 100,000 self-play games of each from its start position by
/// the shipped `advanced` level (0-ply) for both sides, playing for
/// points, measured with
///
/// ```text
/// tavli met --tavli --measure 100000 --level advanced --seed 2900 --threads 1
/// ```
///
/// (13 minutes on the project's loaded 2-core machine). Each rate's 95%
/// interval is within ±0.31 points; Plakoto was drawn 7 times in 100,000
/// games. The games as counted: Portes 38,337 single wins of the starter,
/// 14,231 double, 35,582 single losses, 11,850 double; Plakoto 29,318,
/// 23,414, 29,326, 17,935 and 7 draws; Fevga 44,715, 13,132, 36,485,
/// 5,668. Each network's evaluation of its start agrees within 0.9 points
/// (Portes) and 0.5 (Plakoto), but Fevga's is 2.6 points short on the
/// starter's double wins (10.5% against 13.1%), one reason to build the
/// table from play rather than from the evaluation.
pub const TAVLI_CHANCES: [(GameKind, GameChances); 3] = [
    (
        GameKind::Portes,
        GameChances { win_single: 0.38337, win_double: 0.14231, lose_single: 0.35582, lose_double: 0.11850, draw: 0.0 },
    ),
    (
        GameKind::Plakoto,
        GameChances {
            win_single: 0.29318,
            win_double: 0.23414,
            lose_single: 0.29326,
            lose_double: 0.17935,
            draw: 0.00007,
        },
    ),
    (
        GameKind::Fevga,
        GameChances { win_single: 0.44715, win_double: 0.13132, lose_single: 0.36485, lose_double: 0.05668, draw: 0.0 },
    ),
];

/// The command that measured [`TAVLI_CHANCES`] (`tavli met --tavli`
/// prints it beside the table).
pub const TAVLI_CHANCES_COMMAND: &str = "tavli met --tavli --measure 100000 --level advanced --seed 2900 --threads 1";

impl MatchEquityTable {
    /// The table of a Tavli match for needs up to `length`, from the
    /// measured chances of [`TAVLI_CHANCES`].
    ///
    /// ```
    /// use tavli_core::tavli::GameKind;
    /// use tavli_engine::met::MatchEquityTable;
    /// let t = MatchEquityTable::tavli(5);
    /// assert_eq!(t.first_game(), GameKind::Portes);
    /// // A match to 5 starts even.
    /// assert!((t.before_opening_roll(5, 5) - 0.5).abs() < 1e-12);
    /// ```
    pub fn tavli(length: u32) -> MatchEquityTable {
        MatchEquityTable::rotating(length, &TAVLI_CHANCES)
    }
}

/// The Tavli table for matches up to 25 points, made once and shared (what
/// the levels play Tavli matches by).
pub fn tavli_table() -> Arc<MatchEquityTable> {
    static TABLE: OnceLock<Arc<MatchEquityTable>> = OnceLock::new();
    TABLE.get_or_init(|| Arc::new(MatchEquityTable::tavli(25))).clone()
}

/// Gul bara's chances for the side that starts it (rolling both dice, as
/// a Gul bara game of the Tabla match always starts: the Tabla game's
/// winner starts it), measured as [`TAVLI_CHANCES`] were: the shares of
/// 10,000 self-play games from its start position by the shipped
/// `advanced` level (0-ply with Gul bara's network, the ladders chosen
/// stage by stage) for both sides, playing for points, measured with
///
/// ```text
/// tavli met --tabla --measure 10000 --level advanced --seed 2900 --threads 1
/// ```
///
/// (11 minutes on the project's loaded 2-core machine). Each rate's 95%
/// interval is within ±0.9 points. The games as counted: 2,694 single
/// wins of the starter, 2,300 double, 2,793 single losses, 2,213 double;
/// no draw (Gul bara has none). Nearly half of all games are double wins
/// (a ladder runs a side home while the other has borne off nothing),
/// and the starter's edge is nil (49.9% of the games); the network's own
/// evaluation of the start is within 2.5 points of each rate. (Measured
/// first with a stand-in evaluation set by hand, before Gul bara had a
/// network: 23.2%, 26.65%, 23.1%, 27.0%.)
pub const GUL_BARA_CHANCES: GameChances =
    GameChances { win_single: 0.26940, win_double: 0.23000, lose_single: 0.27930, lose_double: 0.22130, draw: 0.0 };

/// The command that measured [`GUL_BARA_CHANCES`] (`tavli met --tabla`
/// prints it beside the table).
pub const TABLA_CHANCES_COMMAND: &str = "tavli met --tabla --measure 10000 --level advanced --seed 2900 --threads 1";

/// The measured chances of the game `base`'s code plays: Portes's,
/// Plakoto's and Fevga's from [`TAVLI_CHANCES`], Gul bara's from
/// [`GUL_BARA_CHANCES`]. A named game takes its base's: Tabla is Portes
/// and Tapa Plakoto, rule for rule (REGIONAL.md BT2, TP1), so measuring
/// them again would measure the same games.
pub fn measured_chances(game: GameKind) -> GameChances {
    let base = game.base();
    TAVLI_CHANCES.iter().find(|(g, _)| *g == base).map_or(GUL_BARA_CHANCES, |(_, c)| *c)
}

/// The Tabla match's games with their measured chances, in its rotation's
/// order (Tabla, Gul bara, Tapa: REGIONAL.md Part 5).
pub fn tabla_chances() -> Vec<(GameKind, GameChances)> {
    MatchGames::Tabla.rotation().into_iter().map(|g| (g, measured_chances(g))).collect()
}

impl MatchEquityTable {
    /// The table of a Tabla match for needs up to `length`, from
    /// [`tabla_chances`] (a drawn Tapa game is followed by Tabla, started
    /// by the one-die roll: BT4).
    ///
    /// ```
    /// use tavli_core::tavli::GameKind;
    /// use tavli_engine::met::MatchEquityTable;
    /// let t = MatchEquityTable::tabla(5);
    /// assert_eq!(t.first_game(), GameKind::Tabla);
    /// assert_eq!(t.next_game(GameKind::Tapa), GameKind::Tabla);
    /// assert!((t.before_opening_roll(5, 5) - 0.5).abs() < 1e-12);
    /// ```
    pub fn tabla(length: u32) -> MatchEquityTable {
        MatchEquityTable::rotating(length, &tabla_chances())
    }
}

/// The Tabla table for matches up to 25 points, made once and shared (what
/// the levels play Tabla matches by).
pub fn tabla_table() -> Arc<MatchEquityTable> {
    static TABLE: OnceLock<Arc<MatchEquityTable>> = OnceLock::new();
    TABLE.get_or_init(|| Arc::new(MatchEquityTable::tabla(25))).clone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::met::{Away, Starter};
    use crate::probabilities::Probabilities;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn the_measured_chances_add_up_to_one_and_only_plakoto_may_draw() {
        for (g, c) in TAVLI_CHANCES {
            let sum = c.win_single + c.win_double + c.lose_single + c.lose_double + c.draw;
            assert!((sum - 1.0).abs() < 1e-4, "{g}: {sum}");
            assert!(c.draw == 0.0 || g == GameKind::Plakoto, "{g} cannot be drawn");
        }
        let order: Vec<GameKind> = TAVLI_CHANCES.iter().map(|(g, _)| *g).collect();
        assert_eq!(order, GameKind::TAVLI, "the rotation's order, Portes first");
    }

    #[test]
    fn the_tabla_match_takes_portes_s_and_plakoto_s_chances_and_gul_bara_s_measured() {
        let c = GUL_BARA_CHANCES;
        let sum = c.win_single + c.win_double + c.lose_single + c.lose_double + c.draw;
        assert!((sum - 1.0).abs() < 1e-4, "Gul bara: {sum}");
        assert_eq!(c.draw, 0.0, "Gul bara cannot be drawn");
        let t = MatchEquityTable::tabla(5);
        let order: Vec<GameKind> = t.rotation.iter().map(|(g, _)| *g).collect();
        assert_eq!(order, MatchGames::Tabla.rotation(), "BT1: Tabla, Gul bara, Tapa");
        for (g, chances) in &t.rotation {
            assert_eq!(*chances, measured_chances(g.base()).normalised(), "{g}");
        }
        // After a drawn Tapa comes Tabla (BT4).
        assert_eq!(t.next_game(GameKind::Tapa), GameKind::Tabla);
        // A Plakoto position valued in a Tabla match is Tapa's.
        assert_eq!(t.next_game(GameKind::Plakoto), GameKind::Tabla);
    }

    #[test]
    fn the_tavli_and_tabla_tables_are_symmetric_and_monotone_before_every_game() {
        let t = MatchEquityTable::tabla(9);
        for g in MatchGames::Tabla.rotation() {
            for a in 1..=9i64 {
                for b in 1..=9i64 {
                    let at = |a, b, s| t.get_before(a, b, s, g);
                    let (x, y) = (at(a, b, Starter::OpeningRoll), at(b, a, Starter::OpeningRoll));
                    assert!((x + y - 1.0).abs() < 1e-12, "{g} {a}-{b}: {x} + {y}");
                    if a < 9 {
                        assert!(x > at(a + 1, b, Starter::OpeningRoll), "{g} {a}-{b}: needing more is worse");
                    }
                    // Starting helps where the starter wins more than half
                    // the games; Gul bara's measured starter wins 49.9%.
                    let c = measured_chances(g);
                    if c.win_single + c.win_double > 0.5 {
                        assert!(at(a, b, Starter::Me) > at(a, b, Starter::Opponent), "{g} {a}-{b}: starting helps");
                    }
                }
            }
        }
        let t = MatchEquityTable::tavli(9);
        for g in GameKind::TAVLI {
            for a in 1..=9i64 {
                for b in 1..=9i64 {
                    let at = |a, b, s| t.get_before(a, b, s, g);
                    let (x, y) = (at(a, b, Starter::OpeningRoll), at(b, a, Starter::OpeningRoll));
                    assert!((x + y - 1.0).abs() < 1e-12, "{g} {a}-{b}: {x} + {y}");
                    assert!((at(a, b, Starter::Me) + at(b, a, Starter::Opponent) - 1.0).abs() < 1e-12);
                    if a < 9 {
                        assert!(x > at(a + 1, b, Starter::OpeningRoll), "{g} {a}-{b}: needing more is worse");
                    }
                    if b < 9 {
                        assert!(x < at(a, b + 1, Starter::OpeningRoll), "{g} {a}-{b}");
                    }
                    assert!(at(a, b, Starter::Me) > at(a, b, Starter::Opponent), "{g} {a}-{b}: starting helps");
                }
            }
        }
    }

    /// The next game matters: needing 2 against 1, the side that needs a
    /// double win is better off before Plakoto (many double wins) than
    /// before Fevga (few).
    #[test]
    fn mid_match_the_starter_s_table_mirrors_the_other_s_and_the_start_is_worth_something() {
        let t = MatchEquityTable::tavli(7);
        for (g, _) in &TAVLI_CHANCES {
            let me = t.table_started_by(*g, Starter::Me);
            let them = t.table_started_by(*g, Starter::Opponent);
            let roll = t.table_before(*g);
            for a in 0..7 {
                for b in 0..7 {
                    // My chance when the opponent starts is one less its
                    // chance, with the needs swapped, when it starts.
                    assert!((them[a][b] - (1.0 - me[b][a])).abs() < 1e-12, "{g} {a} {b}");
                    // Each starter wins its game more often than not.
                    assert!(me[a][b] > roll[a][b] && roll[a][b] > them[a][b], "{g} {a} {b}");
                    assert!((roll[a][b] - (me[a][b] + them[a][b]) / 2.0).abs() < 1e-12, "{g} {a} {b}");
                }
            }
        }
    }

    #[test]
    fn needing_a_double_win_is_worth_more_before_plakoto_than_before_fevga() {
        let t = MatchEquityTable::tavli(5);
        let before = |g| t.get_before(2, 1, Starter::OpeningRoll, g);
        assert!(
            before(GameKind::Plakoto) > before(GameKind::Fevga) + 0.02,
            "{} {}",
            before(GameKind::Plakoto),
            before(GameKind::Fevga)
        );
    }

    #[test]
    fn needing_one_point_a_double_win_is_worth_a_single_in_every_game() {
        let t = MatchEquityTable::tavli(5);
        let single = Probabilities { win: 0.6, win_double: 0.0, lose: 0.4, lose_double: 0.1, draw: 0.0 };
        let double = Probabilities { win_double: 0.6, ..single };
        for playing in GameKind::TAVLI {
            for k in 1..=5 {
                let away = Away { me: 1, them: k };
                let (s, d) =
                    (t.match_winning_chance(&single, away, playing), t.match_winning_chance(&double, away, playing));
                assert!((s - d).abs() < 1e-12, "{playing} 1-{k}: {s} vs {d}");
            }
            // Needing 3, a double win is worth more.
            let away = Away { me: 3, them: 3 };
            assert!(t.match_winning_chance(&double, away, playing) > t.match_winning_chance(&single, away, playing));
        }
    }

    /// Plays out a match from needs `(a, b)` before the game at `g` of
    /// `t`'s rotation started by `starter`, drawing each game's outcome
    /// from the rotation's chances: whether "I" (needing `a`) win it.
    fn simulate(
        t: &MatchEquityTable,
        (mut a, mut b): (i64, i64),
        mut g: usize,
        mut starter: Starter,
        rng: &mut ChaCha8Rng,
    ) -> bool {
        let len = t.rotation.len();
        loop {
            let me_starts = match starter {
                Starter::Me => true,
                Starter::Opponent => false,
                Starter::OpeningRoll => rng.random::<bool>(),
            };
            let c = t.rotation[g].1;
            let u: f64 = rng.random();
            // The starter's outcome: (it wins, points), or a draw.
            let outcome = if u < c.win_single {
                Some((true, 1))
            } else if u < c.win_single + c.win_double {
                Some((true, 2))
            } else if u < c.win_single + c.win_double + c.lose_single {
                Some((false, 1))
            } else if u < 1.0 - c.draw {
                Some((false, 2))
            } else {
                None
            };
            starter = match outcome {
                None => Starter::OpeningRoll,
                Some((starter_won, points)) if starter_won == me_starts => {
                    a -= points;
                    Starter::Me
                }
                Some((_, points)) => {
                    b -= points;
                    Starter::Opponent
                }
            };
            g = (g + 1) % len;
            if a <= 0 {
                return true;
            }
            if b <= 0 {
                return false;
            }
        }
    }

    /// 200,000 matches played out by drawing each game's result from the
    /// measured chances, following the rotation and who starts: the share
    /// won from each of five states lies within the 95% interval around
    /// the table's value. A table that ignored the rotation (Plakoto's
    /// chances for every game) lies far outside at the state before Fevga.
    #[test]
    fn simulated_matches_agree_with_the_table() {
        let t = MatchEquityTable::tavli(7);
        let plakoto_only = MatchEquityTable::one_game(7, GameKind::Plakoto, TAVLI_CHANCES[1].1);
        let mut rng = ChaCha8Rng::seed_from_u64(2900);
        let n = 40_000;
        let index = |g: GameKind| GameKind::TAVLI.iter().position(|&h| h == g).unwrap();
        let states = [
            ((5, 5), GameKind::Portes, Starter::OpeningRoll),
            ((2, 1), GameKind::Fevga, Starter::OpeningRoll),
            ((3, 2), GameKind::Portes, Starter::Me),
            ((4, 2), GameKind::Plakoto, Starter::Opponent),
            ((1, 3), GameKind::Fevga, Starter::Opponent),
        ];
        for ((a, b), g, s) in states {
            let won = (0..n).filter(|_| simulate(&t, (a, b), index(g), s, &mut rng)).count();
            let share = won as f64 / f64::from(n);
            let m = t.get_before(a, b, s, g);
            let half = 1.96 * (m * (1.0 - m) / f64::from(n)).sqrt();
            assert!(
                (share - m).abs() <= half,
                "{a}-{b} before {g}, {s:?}: simulated {share:.4}, table {m:.4} ± {half:.4}"
            );
            if g == GameKind::Fevga && s == Starter::OpeningRoll {
                let wrong = plakoto_only.get_before(a, b, s, g);
                assert!(
                    (share - wrong).abs() > 4.0 * half,
                    "the simulation tells the rotation apart: {share} vs {wrong}"
                );
            }
        }
    }
}
