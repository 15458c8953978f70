//! Perft (INTERFACE.md): the number of leaves of the game tree to a depth,
//! over the 21 distinct rolls, each counted once. A roll with no legal play
//! has one play, the pass; a play that ends the game is a leaf whatever depth
//! is left; a position whose game is already over is a leaf.

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::dice::Dice;
use crate::plakoto::movegen::{Ctx, MoveGen};
use crate::plakoto::position::Position;

/// How perft reaches the leaves at the last ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaves {
    /// Counted without building them: a closed form for non-doublets and a
    /// count over the dice orders for doublets (the fast default).
    Counted,
    /// Every leaf play built as a position, as other engines' perft does,
    /// for comparing speed like for like (`tavli perft --full`).
    Built,
}

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
    let mut movegen = MoveGen::new();
    let mut bufs: Vec<Vec<Position>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
    perft_with(&mut movegen, pos, depth, &mut bufs, leaves)
}

fn perft_with(movegen: &mut MoveGen, pos: &Position, depth: u32, bufs: &mut [Vec<Position>], leaves: Leaves) -> u64 {
    if depth == 0 || pos.outcome().is_some() {
        return 1;
    }
    let ctx = Ctx::new(pos);
    if depth == 1 && leaves == Leaves::Counted {
        return Dice::ALL.iter().map(|&d| u64::from(movegen.count_with(&ctx, d))).sum();
    }
    let (buf, rest) = bufs.split_first_mut().expect("one buffer per level");
    let mut total = 0;
    for dice in Dice::ALL {
        // The positions alone: a play that ends the game is a leaf below.
        movegen.positions_with(&ctx, pos, dice, buf);
        if depth == 1 {
            total += buf.len() as u64;
            continue;
        }
        for next in buf.iter() {
            total += perft_with(movegen, next, depth - 1, rest, leaves);
        }
    }
    total
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
    let next = AtomicUsize::new(0);
    let jobs = &jobs;
    let total: u64 = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut movegen = MoveGen::new();
                    let max = jobs.iter().map(|j| j.1).max().unwrap_or(0);
                    let mut bufs: Vec<Vec<Position>> = (0..max).map(|_| Vec::new()).collect();
                    let mut sum = 0u64;
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some((p, d)) = jobs.get(i) else { break };
                        sum += perft_with(&mut movegen, p, *d, &mut bufs, mode);
                    }
                    sum
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))).sum()
    });
    total + leaves
}
