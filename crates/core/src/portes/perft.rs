//! Perft for Portes (INTERFACE.md, "Perft"): the walk every game shares
//! (`crate::movegen_common::perft`) over Portes's generator.

use super::movegen::MoveGen;
use super::position::Position;
use crate::movegen_common::perft as walk;
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
    walk::perft_parallel(pos, depth, threads, leaves, MoveGen::new)
}
