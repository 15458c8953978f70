//! Perft (INTERFACE.md): the number of leaves of the game tree to a depth,
//! over the 21 distinct rolls, each counted once. A roll with no legal play
//! has one play, the pass; a play that ends the game is a leaf whatever depth
//! is left; a position whose game is already over is a leaf. The walk is
//! the one every game shares (`crate::movegen_common::perft`); the split
//! over threads is Plakoto's own, deeper than the root's children.

use crate::dice::Dice;
use crate::movegen_common::perft as walk;
use crate::plakoto::movegen::MoveGen;
use crate::plakoto::position::Position;

pub use crate::movegen_common::perft::Leaves;

/// Perft on one thread.
///
/// ```
/// use tavli_core::{Position, perft};
/// assert_eq!(perft(&Position::start(), 1), 59);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    perft_with_leaves(pos, depth, Leaves::Counted)
}

/// Perft on one thread, with the leaves counted or built.
///
/// ```
/// use tavli_core::{Leaves, Position, perft_with_leaves};
/// let start = Position::start();
/// assert_eq!(perft_with_leaves(&start, 2, Leaves::Built), perft_with_leaves(&start, 2, Leaves::Counted));
/// ```
pub fn perft_with_leaves(pos: &Position, depth: u32, leaves: Leaves) -> u64 {
    walk::perft_with(&mut MoveGen::new(), pos, depth, &mut walk::buffers(depth), leaves)
}

/// Perft split over `threads` threads (work-stealing over the root's
/// children); the same count as [`perft`].
pub fn perft_parallel(pos: &Position, depth: u32, threads: usize) -> u64 {
    perft_parallel_with_leaves(pos, depth, threads, Leaves::Counted)
}

/// [`perft_parallel`] with the leaves counted or built. A panic in a worker
/// (a bug) is raised again here rather than counted as 0.
pub fn perft_parallel_with_leaves(pos: &Position, depth: u32, threads: usize, mode: Leaves) -> u64 {
    let threads = threads.max(1);
    if threads == 1 || depth < 2 || pos.outcome().is_some() {
        return perft_with_leaves(pos, depth, mode);
    }
    // Expand until there are enough jobs to balance the threads.
    let mut jobs: Vec<(Position, u32)> = vec![(*pos, depth)];
    let mut leaves = 0u64;
    let mut movegen = MoveGen::new();
    let mut buf = Vec::new();
    while !jobs.is_empty() && jobs.len() < threads * 16 && jobs.iter().all(|j| j.1 >= 2) {
        let mut next = Vec::new();
        for (p, d) in jobs {
            if p.outcome().is_some() {
                leaves += 1;
                continue;
            }
            for dice in Dice::ALL {
                movegen.plays(&p, dice, &mut buf);
                for play in &buf {
                    if play.result().is_some() {
                        leaves += 1;
                    } else {
                        next.push((*play.position(), d - 1));
                    }
                }
            }
        }
        jobs = next;
    }
    let max = jobs.iter().map(|j| j.1).max().unwrap_or(0);
    let total = crate::parallel::sum_over(
        &jobs,
        threads,
        || (MoveGen::new(), walk::buffers(max)),
        |(movegen, bufs), (p, d)| walk::perft_with(movegen, p, *d, bufs, mode),
    );
    total + leaves
}
