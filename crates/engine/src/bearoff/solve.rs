//! Solving the one-sided bear-off: dynamic programming over the home
//! boards in order of pips. Every move lowers the pip count, so the boards
//! a play reaches are solved before the board it starts from.
//!
//! The plays come from the rules core (`MoveGen`) on a position where the
//! opponent cannot interfere: all fifteen of its checkers on its own
//! 1-point, which is our 24-point, far from our home board and pinning
//! nothing. So the bearing-off rules (exact die, moving from a higher
//! point, the highest-point rule, using as many dice as possible, the
//! larger die) are exactly those of the rules engine.

use tavli_core::{Color, Dice, MoveGen, Play, Position, Setup};

use super::index::{HomeBoard, POSITIONS, checkers, pips, rank, unrank};

/// Turns a distribution covers: 0..MAX_TURNS, the last bucket also holding
/// everything later (in practice nothing: fifteen checkers need at most
/// about 30 turns, and those late turns have probabilities far below
/// anything stored).
pub const MAX_TURNS: usize = 32;

/// A distribution of a number of turns in f64: `d[n]` = P(T = n).
pub(crate) type Exact = [f64; MAX_TURNS];

/// The solved tables before they are rounded for storage.
pub(crate) struct Solution {
    /// Turns to bear off every checker, playing to minimise the expected number.
    pub all: Vec<Exact>,
    /// Turns until the first checker is borne off, playing to bear one off
    /// as soon as possible (minimising the expected number).
    pub first: Vec<Exact>,
    /// The exact expected values (not truncated).
    pub mean_all: Vec<f64>,
    pub mean_first: Vec<f64>,
}

/// A position with our `board` at home and the opponent out of the way,
/// White on roll.
pub(crate) fn solo_position(board: &HomeBoard) -> Position {
    let mut s = Setup::empty(Color::White);
    for p in 0..6 {
        s.board[p + 1] = i64::from(board[p]);
    }
    // Black's 1-point, White's 24-point: it can never reach our home.
    s.board[24] = -15;
    s.fill_off();
    match s.validate() {
        Ok(p) => p,
        Err(e) => panic!("bear-off board {board:?} makes no position: {e}"),
    }
}

/// Our home board after `play` (made by White in a [`solo_position`]).
pub(crate) fn board_after(play: &Play) -> HomeBoard {
    let q = play.position().with_turn(Color::White);
    debug_assert!((7..=24).all(|p| q.own_on(p) == 0));
    std::array::from_fn(|i| q.own_on(i as u8 + 1))
}

/// Adds `w` times the distribution `d` one turn later into `acc`.
fn add_shifted(acc: &mut Exact, d: &Exact, w: f64) {
    for n in 0..MAX_TURNS - 1 {
        acc[n + 1] += w * d[n];
    }
    acc[MAX_TURNS - 1] += w * d[MAX_TURNS - 1];
}

/// Is `(mean, index)` better (smaller) than `best`? Ties go to the lower
/// index, so the choice does not depend on the order plays are generated.
#[inline]
fn better(mean: f64, index: usize, best: (f64, usize)) -> bool {
    mean < best.0 || (mean == best.0 && index < best.1)
}

/// Solves every board (a few seconds).
pub(crate) fn solve() -> Solution {
    let boards: Vec<HomeBoard> = (0..POSITIONS).map(unrank).collect();
    let mut order: Vec<usize> = (1..POSITIONS).collect();
    order.sort_by_key(|&i| pips(&boards[i]));

    let mut delta0 = [0.0; MAX_TURNS];
    delta0[0] = 1.0;
    // Index 0 is the empty board: done, nothing left to bear off.
    let mut sol = Solution {
        all: vec![delta0; POSITIONS],
        first: vec![delta0; POSITIONS],
        mean_all: vec![0.0; POSITIONS],
        mean_first: vec![0.0; POSITIONS],
    };
    let mut movegen = MoveGen::new();
    let mut plays = Vec::with_capacity(256);
    for &i in &order {
        let board = boards[i];
        let n = checkers(&board);
        let pos = solo_position(&board);
        let (mut all, mut first) = ([0.0; MAX_TURNS], [0.0; MAX_TURNS]);
        let (mut mean_all, mut mean_first) = (1.0, 1.0);
        for dice in Dice::ALL {
            movegen.plays(&pos, dice, &mut plays);
            let mut best_all = (f64::INFINITY, usize::MAX);
            let mut best_first = (f64::INFINITY, usize::MAX);
            for play in &plays {
                assert!(!play.is_pass(), "a bear-off roll always has a play: {board:?} {dice}");
                let after = board_after(play);
                let j = rank(&after);
                if better(sol.mean_all[j], j, best_all) {
                    best_all = (sol.mean_all[j], j);
                }
                // Bearing a checker off ends the wait: the empty board's
                // distribution (certainly 0 more turns) stands for that.
                let k = if checkers(&after) < n { 0 } else { j };
                if better(sol.mean_first[k], k, best_first) {
                    best_first = (sol.mean_first[k], k);
                }
            }
            let w = f64::from(dice.weight()) / 36.0;
            add_shifted(&mut all, &sol.all[best_all.1], w);
            add_shifted(&mut first, &sol.first[best_first.1], w);
            mean_all += w * best_all.0;
            mean_first += w * best_first.0;
        }
        sol.all[i] = all;
        sol.first[i] = first;
        sol.mean_all[i] = mean_all;
        sol.mean_first[i] = mean_first;
    }
    sol
}
