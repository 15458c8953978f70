//! Gul bara perft, as REGIONAL.md 4.2 defines it: from a position and its
//! roll counter, each ply is one of the 21 rolls, counted once, and adds
//! one to the counter; pending dice are played first, without a ply; a
//! leaf counts one per distinct (position, remainder) pair of a whole
//! turn, a pass or a game-ending play one; a finished game is a leaf.
//!
//! The whole turns are walked by the same generator that counts them
//! (`movegen::TurnGen`), never held: each ply has its own, and the plies
//! below a play are walked while the walk above stands at that play.

use std::ops::ControlFlow;

use super::movegen::{Ctx, Decision, MoveGen, TurnGen};
use super::position::Position;
use crate::dice::Dice;

/// One generator for each level of the walk: a ply, or pending dice
/// played before one (at most one such a ply, and one at the root).
struct Walk {
    plies: Vec<(MoveGen, TurnGen, Vec<Position>)>,
}

impl Walk {
    fn new(depth: u32) -> Walk {
        Walk { plies: (0..2 * depth + 2).map(|_| (MoveGen::new(), TurnGen::new(), Vec::new())).collect() }
    }
}

/// Perft of `pos` to `depth`, on one thread.
///
/// ```
/// use tavli_core::gulbara::{Position, perft};
/// assert_eq!(perft(&Position::start(), 0), 1);
/// // GB1's counts: 6-6 one play, 5-5 five, 4-4 three, 1-1 five, …
/// assert_eq!(perft(&Position::start(), 1), 53);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut walk = Walk::new(depth);
    count(&mut walk.plies, pos, depth)
}

/// Perft on `threads` threads, the root's 21 rolls shared out (pending
/// dice at the root are played first, on this thread); the same count as
/// [`perft`].
///
/// ```
/// use tavli_core::gulbara::{Position, perft, perft_parallel};
/// assert_eq!(perft_parallel(&Position::start(), 2, 2), perft(&Position::start(), 2));
/// ```
pub fn perft_parallel(pos: &Position, depth: u32, threads: usize) -> u64 {
    if threads <= 1 || depth == 0 || pos.outcome().is_some() {
        return perft(pos, depth);
    }
    if pos.pending().is_some() {
        let mut starts = Vec::new();
        let mut turns = TurnGen::new();
        let _ = each_end(&mut MoveGen::new(), &mut turns, &mut Vec::new(), pos, Dice::ALL[0], &mut |p| {
            starts.push(*p);
            ControlFlow::Continue(())
        });
        return starts.iter().map(|p| perft_parallel(p, depth, threads)).sum();
    }
    crate::parallel::sum_over(
        &Dice::ALL,
        threads,
        || Walk::new(depth),
        |walk, &dice| {
            let (first, rest) = walk.plies.split_first_mut().expect("a ply");
            let (movegen, turns, buf) = first;
            let mut total = 0;
            let _ = each_end(movegen, turns, buf, pos, dice, &mut |p| {
                total += if depth == 1 { 1 } else { count(rest, p, depth - 1) };
                ControlFlow::Continue(())
            });
            total
        },
    )
}

/// Calls `f` with each distinct whole-turn end of `pos` with `dice`.
fn each_end(
    movegen: &mut MoveGen,
    turns: &mut TurnGen,
    buf: &mut Vec<Position>,
    pos: &Position,
    dice: Dice,
    f: &mut dyn FnMut(&Position) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let ctx = Ctx::new(pos);
    match pos.decision(dice) {
        Decision::Roll(_) => {
            movegen.positions(&ctx, dice, buf);
            for p in buf.iter() {
                f(p)?;
            }
            ControlFlow::Continue(())
        }
        Decision::Stage { first, rolled } => turns.each(&ctx, first, rolled, &mut |end| f(&end.position)),
    }
}

/// Perft with a generator for each ply in `plies`.
fn count(plies: &mut [(MoveGen, TurnGen, Vec<Position>)], pos: &Position, depth: u32) -> u64 {
    if depth == 0 || pos.outcome().is_some() {
        return 1;
    }
    let (first, rest) = plies.split_first_mut().expect("a generator per ply");
    let (movegen, turns, buf) = first;
    let mut total = 0;
    if pos.pending().is_some() {
        // Played first, without a ply (`dice` is not read).
        let _ = each_end(movegen, turns, buf, pos, Dice::ALL[0], &mut |p| {
            total += count(rest, p, depth);
            ControlFlow::Continue(())
        });
        return total;
    }
    for dice in Dice::ALL {
        if depth == 1 {
            total += movegen.count_turns(pos, dice);
            continue;
        }
        let _ = each_end(movegen, turns, buf, pos, dice, &mut |p| {
            total += count(rest, p, depth - 1);
            ControlFlow::Continue(())
        });
    }
    total
}
