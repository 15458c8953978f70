//! Fevga perft (INTERFACE.md): the number of leaves of the game tree to a
//! depth, over the 21 distinct rolls, each counted once. A roll with no
//! legal play has one play, the pass; a play that ends the game is a leaf
//! whatever depth is left; a position whose game is over is a leaf.

use super::movegen::MoveGen;
use super::play::Play;
use super::position::Position;
use super::rules::FevgaRules;
use crate::dice::Dice;

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
    let mut movegen = MoveGen::new(*rules);
    let mut bufs: Vec<Vec<Play>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
    perft_with(&mut movegen, pos, depth, &mut bufs)
}

/// Perft under `rules` split over `threads` threads, the root's children
/// shared out; the same count as [`perft_with_rules`].
///
/// ```
/// use tavli_core::fevga::{FevgaRules, Position, perft, perft_parallel};
/// assert_eq!(perft_parallel(&Position::start(), 3, 2, &FevgaRules::default()), perft(&Position::start(), 3));
/// ```
pub fn perft_parallel(pos: &Position, depth: u32, threads: usize, rules: &FevgaRules) -> u64 {
    if threads <= 1 || depth < 2 || pos.outcome().is_some() {
        return perft_with_rules(pos, depth, rules);
    }
    // The root's children, shared out; one whose game is over counts 1.
    let (mut movegen, mut jobs, mut buf) = (MoveGen::new(*rules), Vec::new(), Vec::new());
    for dice in Dice::ALL {
        movegen.plays(pos, dice, &mut buf);
        jobs.extend(buf.iter().map(|play| *play.position()));
    }
    crate::parallel::sum_over(
        &jobs,
        threads,
        || (MoveGen::new(*rules), (0..depth).map(|_| Vec::with_capacity(256)).collect::<Vec<Vec<Play>>>()),
        |(movegen, bufs), p| perft_with(movegen, p, depth - 1, bufs),
    )
}

fn perft_with(movegen: &mut MoveGen, pos: &Position, depth: u32, bufs: &mut [Vec<Play>]) -> u64 {
    if depth == 0 || pos.outcome().is_some() {
        return 1;
    }
    let ctx = movegen.ctx(pos);
    if depth == 1 {
        return Dice::ALL.iter().map(|&d| u64::from(movegen.count_with(&ctx, d))).sum();
    }
    let Some((buf, rest)) = bufs.split_first_mut() else { return 1 };
    let mut total = 0;
    for dice in Dice::ALL {
        movegen.plays_with(&ctx, pos, dice, buf);
        for play in buf.iter() {
            total += if play.result().is_some() { 1 } else { perft_with(movegen, play.position(), depth - 1, rest) };
        }
    }
    total
}
