//! Fevga perft (INTERFACE.md): the walk every game shares
//! (`crate::movegen_common::perft`) over Fevga's generator, the last ply
//! counted.

use super::movegen::MoveGen;
use super::position::Position;
use super::rules::FevgaRules;
use crate::movegen_common::perft::{self as walk, Leaves};

/// Perft under TAVLI.md's Decisions, on one thread.
///
/// ```
/// use tavli_core::fevga::{Position, perft};
/// assert_eq!(perft(&Position::start(), 0), 1);
/// // One play a roll (TAVLI.md F1), two with 5-5.
/// assert_eq!(perft(&Position::start(), 1), 22);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    perft_with_rules(pos, depth, &FevgaRules::default())
}

/// Perft under `rules`, on one thread.
pub fn perft_with_rules(pos: &Position, depth: u32, rules: &FevgaRules) -> u64 {
    perft_parallel(pos, depth, 1, rules)
}

/// Perft under `rules` split over `threads` threads, the root's children
/// shared out; the same count as [`perft_with_rules`].
///
/// ```
/// use tavli_core::fevga::{FevgaRules, Position, perft, perft_parallel};
/// assert_eq!(perft_parallel(&Position::start(), 3, 2, &FevgaRules::default()), perft(&Position::start(), 3));
/// ```
pub fn perft_parallel(pos: &Position, depth: u32, threads: usize, rules: &FevgaRules) -> u64 {
    walk::perft_parallel(pos, depth, threads, Leaves::Counted, || MoveGen::new(*rules))
}
