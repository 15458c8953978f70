//! Tests on the solved database: hand-checked boards, the properties every
//! board must have, and the two-sided probabilities against an exact
//! recursion over real positions. The database is solved once per test
//! binary and shared.

use std::collections::HashMap;
use std::sync::OnceLock;

use tavli_core::{Color, Dice, Position, Setup, pos};

use super::solve::{Exact, Solution, solve};
use super::*;
use crate::NetGame;

/// The solution, solved once for all tests.
fn solution() -> &'static Solution {
    static S: OnceLock<Solution> = OnceLock::new();
    S.get_or_init(solve)
}

/// The rounded database, built once for all tests.
fn db() -> &'static Database {
    static DB: OnceLock<Database> = OnceLock::new();
    DB.get_or_init(|| Database::from_solution(solution()))
}

/// The database's probabilities for a position, as the evaluator looks them up.
fn race_probabilities(pos: &Position) -> Option<crate::Probabilities> {
    pos.race(db())
}

fn exact_all(board: HomeBoard) -> &'static Exact {
    &solution().all[rank(&board)]
}

fn exact_first(board: HomeBoard) -> &'static Exact {
    &solution().first[rank(&board)]
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

#[test]
fn the_empty_board_is_done() {
    assert_eq!(exact_all([0; 6])[0], 1.0);
    assert_eq!(db().all_off(&[0; 6]).mean(), 0.0);
}

#[test]
fn hand_checked_boards() {
    // One checker on the 1-point or the 2-point, or two on the 1-point:
    // any roll bears them off.
    for b in [[1, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0]] {
        assert!(close(exact_all(b)[1], 1.0, 1e-12), "{b:?}");
        assert!(close(exact_first(b)[1], 1.0, 1e-12), "{b:?}");
        let d = db().all_off(&b);
        assert_eq!((d.start(), d.probability(1)), (1, 1.0));
    }
    // One checker on the 6-point: off in one turn when the roll has 6 pips
    // or more (a die larger than needed bears off from the highest point
    // once no checker is higher): all but 2-1, 3-1, 4-1, 3-2 (8 of 36) and
    // 1-1. Otherwise it stands on the 3-point or lower and any roll bears
    // it off.
    let d = exact_all([0, 0, 0, 0, 0, 1]);
    assert!(close(d[1], 27.0 / 36.0, 1e-12) && close(d[2], 9.0 / 36.0, 1e-12), "{d:?}");
    // 6-point and 5-point: both off in one turn only with 6-5 or a doublet
    // of 3 or more: 6 rolls in 36.
    assert!(close(exact_all([0, 0, 0, 0, 1, 1])[1], 6.0 / 36.0, 1e-12));
    // The first of them comes off with a 5 or a 6 (20), an exact 4-1, 3-2
    // or 4-2 (6), or 2-2, 3-3, 4-4 (3): 29 in 36. Not with 4-3: after 5/1
    // the 3 must move the 6-point checker (a checker stands higher), and
    // 6/2 leaves the 3 to move 5/2.
    assert!(close(exact_first([0, 0, 0, 0, 1, 1])[1], 29.0 / 36.0, 1e-12));
    // Two on the 6-point: only 3-3, 4-4, 5-5, 6-6 bear both off.
    assert!(close(exact_all([0, 0, 0, 0, 0, 2])[1], 4.0 / 36.0, 1e-12));
    // The first of them: any 6 (11), 5-1, 4-2 (4), 2-2, 3-3, 4-4, 5-5: 19.
    assert!(close(exact_first([0, 0, 0, 0, 0, 2])[1], 19.0 / 36.0, 1e-12));
    // Fifteen on the 6-point: the 14 left behind make a larger die move
    // rather than bear off, so the first comes off in one turn only with a
    // 6 (11), an exact 5-1 or 4-2 (4), or 3-3 or 2-2: 17 in 36.
    assert!(close(exact_first([0, 0, 0, 0, 0, 15])[1], 17.0 / 36.0, 1e-12));
}

#[test]
fn fifteen_on_the_one_point_match_the_closed_form() {
    // Every roll bears off two checkers, a doublet four: T is the number of
    // rolls until they add up to 15.
    let mut dist = vec![[0.0f64; MAX_TURNS]; 16];
    dist[0][0] = 1.0;
    for k in 1..=15usize {
        for n in 1..MAX_TURNS {
            dist[k][n] = 5.0 / 6.0 * dist[k.saturating_sub(2)][n - 1] + 1.0 / 6.0 * dist[k.saturating_sub(4)][n - 1];
        }
    }
    for k in 0..=15u8 {
        let got = exact_all([k, 0, 0, 0, 0, 0]);
        for n in 0..MAX_TURNS {
            assert!(
                close(got[n], dist[k as usize][n], 1e-12),
                "{k} checkers, turn {n}: {} vs {}",
                got[n],
                dist[k as usize][n]
            );
        }
    }
}

#[test]
fn distributions_add_up_and_nothing_is_cut_off() {
    let sol = solution();
    let db = db();
    for i in 0..POSITIONS {
        for (d, mean) in [(&sol.all[i], sol.mean_all[i]), (&sol.first[i], sol.mean_first[i])] {
            assert!(close(d.iter().sum::<f64>(), 1.0, 1e-12), "{:?}", unrank(i));
            // The last bucket would hold the turns beyond the table.
            assert!(d[MAX_TURNS - 1] < 1e-15, "{:?}: {}", unrank(i), d[MAX_TURNS - 1]);
            let m: f64 = d.iter().enumerate().map(|(n, p)| n as f64 * p).sum();
            assert!(close(m, mean, 1e-9), "{:?}", unrank(i));
        }
        for dist in [db.all_off(&unrank(i)), db.first_off(&unrank(i))] {
            assert_eq!(dist.values().iter().map(|&v| u32::from(v)).sum::<u32>(), SCALE);
        }
        // Rounding moves each probability by a few units of 1/SCALE at most.
        for n in 0..MAX_TURNS {
            assert!(close(f64::from(db.all_off(&unrank(i)).probability(n)), sol.all[i][n], 2e-4));
            assert!(close(f64::from(db.first_off(&unrank(i)).probability(n)), sol.first[i][n], 2e-4));
        }
    }
}

#[test]
fn removing_a_checker_never_costs_turns() {
    let sol = solution();
    for i in 1..POSITIONS {
        let b = unrank(i);
        for p in 0..6 {
            if b[p] > 0 {
                let mut fewer = b;
                fewer[p] -= 1;
                let j = rank(&fewer);
                assert!(sol.mean_all[j] <= sol.mean_all[i] + 1e-12, "{b:?} → {fewer:?}");
            }
        }
    }
}

#[test]
fn the_first_checker_comes_off_no_later_than_the_last() {
    let sol = solution();
    let mut worst_gap = 0.0f64;
    for i in 1..POSITIONS {
        assert!(sol.mean_first[i] <= sol.mean_all[i] + 1e-12, "{:?}", unrank(i));
        // P(T1 ≤ n) ≥ P(T ≤ n) for every n.
        let (mut c1, mut c) = (0.0, 0.0);
        for n in 0..MAX_TURNS {
            c1 += sol.first[i][n];
            c += sol.all[i][n];
            worst_gap = worst_gap.max(c - c1);
        }
    }
    assert!(worst_gap <= 1e-12, "{worst_gap}");
}

// ----- two sides -----

/// White (A) on roll with home board `a`, Black (B) with `b`, each in its
/// own numbering.
fn position(a: HomeBoard, b: HomeBoard) -> Position {
    let mut s = Setup::empty(Color::White);
    for q in 1..=6 {
        s.board[q] += i64::from(a[q - 1]);
        s.board[25 - q] -= i64::from(b[q - 1]);
    }
    s.fill_off();
    s.validate().unwrap()
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Goal {
    /// Bear off every checker, playing to minimise the expected turns.
    AllOff,
    /// Bear off one checker, playing to do that soonest.
    FirstOff,
}

/// An exact recursion over real positions and the core's legal plays: the
/// probability that A, on roll, reaches its goal before B reaches its,
/// each side choosing its plays by the solved expectations of its goal.
struct Recursion {
    goals: [Goal; 2],
    memo: HashMap<(Position, bool), f64>,
}

impl Recursion {
    fn new(a: Goal, b: Goal) -> Recursion {
        Recursion { goals: [a, b], memo: HashMap::new() }
    }

    fn a_first(&mut self, pos: Position, a_on_roll: bool) -> f64 {
        if let Some(&v) = self.memo.get(&(pos, a_on_roll)) {
            return v;
        }
        let sol = solution();
        let goal = self.goals[usize::from(!a_on_roll)];
        let before = checkers(&pos.home_boards().unwrap().0);
        let mut total = 0.0;
        for dice in Dice::ALL {
            let plays = pos.legal_plays(dice);
            let after = |k: usize| plays[k].position().with_turn(pos.turn()).home_boards().unwrap().0;
            let key = |k: usize| {
                let b = after(k);
                let j = match goal {
                    Goal::AllOff => rank(&b),
                    Goal::FirstOff if checkers(&b) < before => 0,
                    Goal::FirstOff => rank(&b),
                };
                let mean = if goal == Goal::AllOff { sol.mean_all[j] } else { sol.mean_first[j] };
                (mean, j)
            };
            let best = (0..plays.len()).min_by(|&x, &y| key(x).partial_cmp(&key(y)).unwrap()).unwrap();
            let b = after(best);
            let reached = match goal {
                Goal::AllOff => checkers(&b) == 0,
                Goal::FirstOff => checkers(&b) < before,
            };
            let v = if reached {
                f64::from(u8::from(a_on_roll))
            } else {
                self.a_first(*plays[best].position(), !a_on_roll)
            };
            total += f64::from(dice.weight()) / 36.0 * v;
        }
        self.memo.insert((pos, a_on_roll), total);
        total
    }
}

/// The recursion's win, double-win and double-loss chances for A on roll.
fn by_recursion(a: HomeBoard, b: HomeBoard) -> (f64, f64, f64) {
    let pos = position(a, b);
    let win = Recursion::new(Goal::AllOff, Goal::AllOff).a_first(pos, true);
    let win_double =
        if checkers(&b) == CHECKERS { Recursion::new(Goal::AllOff, Goal::FirstOff).a_first(pos, true) } else { 0.0 };
    let lose_double = if checkers(&a) == CHECKERS {
        1.0 - Recursion::new(Goal::FirstOff, Goal::AllOff).a_first(pos, true)
    } else {
        0.0
    };
    (win, win_double, lose_double)
}

#[test]
fn two_sided_probabilities_match_an_exact_recursion() {
    db();
    let cases: [(HomeBoard, HomeBoard); 8] = [
        ([0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0]),
        ([1, 1, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1]),
        ([2, 1, 0, 1, 0, 0], [0, 2, 0, 0, 1, 1]),
        ([0, 0, 3, 0, 1, 0], [1, 1, 1, 1, 0, 0]),
        // A has borne off none: it loses double unless it bears one off
        // in its first turn (B surely finishes in its first): 19 in 36.
        ([0, 0, 0, 0, 0, 15], [0, 0, 1, 0, 0, 0]),
        ([0, 0, 0, 0, 1, 14], [0, 0, 0, 0, 2, 0]),
        // B has borne off none.
        ([0, 1, 1, 0, 0, 0], [0, 0, 0, 0, 1, 14]),
        ([1, 0, 1, 0, 1, 0], [0, 0, 0, 0, 0, 15]),
    ];
    for (a, b) in cases {
        let (win, win_double, lose_double) = by_recursion(a, b);
        let p = race_probabilities(&position(a, b)).unwrap();
        let msg = format!("{a:?} vs {b:?}: {p:?} vs recursion {win}, {win_double}, {lose_double}");
        assert!(close(f64::from(p.win), win, 5e-4), "{msg}");
        assert!(close(f64::from(p.win_double), win_double, 5e-4), "{msg}");
        assert!(close(f64::from(p.lose_double), lose_double, 5e-4), "{msg}");
        assert!(close(f64::from(p.lose), 1.0 - win, 5e-4) && p.draw == 0.0, "{msg}");
        // Black's view of the same race, after White passes the dice.
        let flipped = race_probabilities(&position(a, b).pass_turn()).unwrap();
        assert_eq!(flipped, db().race(&b, &a), "{msg}");
    }
    // The case A loses double: exactly when its first roll bears nothing off.
    let p = db().race(&[0, 0, 0, 0, 0, 15], &[0, 0, 1, 0, 0, 0]);
    assert!(close(f64::from(p.lose_double), 19.0 / 36.0, 1e-4) && p.win == 0.0, "{p:?}");
}

#[test]
fn only_pure_bear_offs_are_looked_up() {
    db();
    // Both sides home: White 1-6, Black 19-24 in White's numbering.
    let home = pos!(White; white {1: 2, 6: 1}; black {24: 3, 19: 1});
    assert!(race_probabilities(&home).is_some());
    assert!(race_probabilities(&home.pass_turn()).is_some());
    let refused = [
        // White pins a Black checker in Black's home.
        pos!(White; white {1: 2, 20: 1}; black {24: 3}; pinned {20: Black}),
        // Contact: White on its 13, Black on White's 10.
        pos!(White; white {1: 2, 13: 1}; black {24: 3, 10: 1}),
        // No contact, but White has a checker outside its home board.
        pos!(White; white {1: 2, 7: 1}; black {24: 3}),
        // ... or Black does (its 8-point).
        pos!(White; white {1: 2}; black {24: 3, 17: 1}),
        Position::start(),
    ];
    for p in refused {
        assert_eq!(race_probabilities(&p), None, "{p:?}");
        assert_eq!(race_probabilities(&p.pass_turn()), None, "{p:?}");
    }
}

#[test]
fn the_evaluator_uses_the_database_in_a_bear_off() {
    use crate::{Evaluator, NeuralEval};
    let eval = NeuralEval::shipped(Some(std::sync::Arc::new(db().clone())));
    let p = pos!(Black; white {1: 3, 4: 2}; black {24: 1, 20: 4});
    assert_eq!(eval.probabilities(&p), race_probabilities(&p).unwrap());
    // A finished game is still scored from its result.
    let over = pos!(White; white {}; black {24: 15});
    assert_eq!(eval.probabilities(&over).win_double, 1.0);
}

#[test]
fn race_lookups_read_the_database_from_either_side() {
    let db = db();
    let p = pos!(White; white {1: 3, 2: 3, 3: 2, 5: 4, 6: 3}; black {24: 2, 22: 4, 20: 5, 19: 4});
    // (Lookup speed is measured by the benchmarks, not asserted here.)
    assert!(race_probabilities(&p).is_some_and(|r| r.win > 0.0));
    // Black's board in its own numbering: White's 24 is its 1-point.
    assert_eq!(race_probabilities(&p), Some(db.race(&[3, 3, 2, 0, 4, 3], &[2, 0, 4, 0, 5, 4])));
}
