//! Perft for Portes (INTERFACE.md, "Perft"): the leaves of the game tree to
//! a depth over the 21 distinct rolls, each counted once; a roll with no
//! legal play has one play, the pass; a play that ends the game, and a
//! position whose game is over, are leaves whatever depth is left.

use super::movegen::{Ctx, MoveGen};
use super::position::Position;
use super::rules::PortesRules;
use crate::dice::Dice;
use crate::plakoto::perft::Leaves;

/// Perft on one thread. The last ply is counted without building the plays.
///
/// ```
/// use tavli_core::portes::{Position, perft};
/// assert_eq!(perft(&Position::start(), 0), 1);
/// assert_eq!(perft(&Position::start(), 1), 447);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    perft_parallel_with_leaves(pos, depth, 1, Leaves::Counted)
}

fn perft_with(movegen: &mut MoveGen, pos: &Position, depth: u32, bufs: &mut [Vec<Position>], leaves: Leaves) -> u64 {
    if depth == 0 || pos.outcome().is_some() {
        return 1;
    }
    let ctx = Ctx::new(pos, PortesRules::default());
    if depth == 1 && leaves == Leaves::Counted {
        return Dice::ALL.iter().map(|&d| u64::from(movegen.count_with(&ctx, d))).sum();
    }
    let Some((buf, rest)) = bufs.split_first_mut() else { return 1 };
    let mut total = 0;
    for dice in Dice::ALL {
        // The positions alone: a play that ends the game is a leaf below.
        movegen.positions_with(&ctx, pos, dice, buf);
        if depth == 1 {
            total += buf.len() as u64;
        } else {
            for next in buf.iter() {
                total += perft_with(movegen, next, depth - 1, rest, leaves);
            }
        }
    }
    total
}

/// Perft split over `threads` threads, the root's children shared out; the
/// same count as [`perft`].
pub fn perft_parallel(pos: &Position, depth: u32, threads: usize) -> u64 {
    perft_parallel_with_leaves(pos, depth, threads, Leaves::Counted)
}

/// Perft on `threads` threads with the last ply's plays counted or, with
/// [`Leaves::Built`], each built as a position (the speed other engines'
/// perft reports, `perft --full`); the same count either way.
///
/// ```
/// use tavli_core::Leaves;
/// use tavli_core::portes::{Position, perft_parallel_with_leaves};
/// let start = Position::start();
/// assert_eq!(perft_parallel_with_leaves(&start, 2, 1, Leaves::Built), 202_782);
/// ```
pub fn perft_parallel_with_leaves(pos: &Position, depth: u32, threads: usize, leaves: Leaves) -> u64 {
    let threads = threads.max(1);
    if threads == 1 || depth < 2 || pos.outcome().is_some() {
        let mut movegen = MoveGen::new();
        let mut bufs: Vec<Vec<Position>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
        return perft_with(&mut movegen, pos, depth, &mut bufs, leaves);
    }
    // The root's children, shared out; one whose game is over counts 1.
    let (mut movegen, mut jobs, mut buf) = (MoveGen::new(), Vec::new(), Vec::new());
    let ctx = Ctx::new(pos, PortesRules::default());
    for dice in Dice::ALL {
        movegen.positions_with(&ctx, pos, dice, &mut buf);
        jobs.extend_from_slice(&buf);
    }
    crate::parallel::sum_over(
        &jobs,
        threads,
        || (MoveGen::new(), (0..depth).map(|_| Vec::with_capacity(128)).collect::<Vec<Vec<Position>>>()),
        |(movegen, bufs), p| perft_with(movegen, p, depth - 1, bufs, leaves),
    )
}
