//! Perft (INTERFACE.md) written once for every game: the leaves of the
//! game tree to a depth over the 21 distinct rolls, each counted once. A
//! roll with no legal play has one play, the pass; a play that ends the
//! game, and a position whose game is over, are leaves whatever depth is
//! left (the position a game-ending play reaches is over).

use super::generator::Generator;
use crate::dice::Dice;

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

/// One buffer of positions per ply below the root.
pub(crate) fn buffers<P>(depth: u32) -> Vec<Vec<P>> {
    (0..depth).map(|_| Vec::with_capacity(256)).collect()
}

/// Perft of `pos` to `depth` with the generator `movegen`, a buffer per ply in `bufs`.
pub(crate) fn perft_with<G: Generator>(
    movegen: &mut G,
    pos: &G::Position,
    depth: u32,
    bufs: &mut [Vec<G::Position>],
    leaves: Leaves,
) -> u64 {
    if depth == 0 || movegen.over(pos) {
        return 1;
    }
    let ctx = movegen.ctx(pos);
    if depth == 1 && leaves == Leaves::Counted {
        return Dice::ALL.iter().map(|&d| u64::from(movegen.count_with(&ctx, d))).sum();
    }
    let (buf, rest) = bufs.split_first_mut().expect("one buffer per ply");
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

/// Perft on `threads` threads, the root's children shared out (each whose
/// game is over counts 1), each thread with its own generator from
/// `new_movegen`; the same count as [`perft_with`].
pub(crate) fn perft_parallel<G: Generator>(
    pos: &G::Position,
    depth: u32,
    threads: usize,
    leaves: Leaves,
    new_movegen: impl Fn() -> G + Sync,
) -> u64 {
    let mut movegen = new_movegen();
    if threads <= 1 || depth < 2 || movegen.over(pos) {
        return perft_with(&mut movegen, pos, depth, &mut buffers(depth), leaves);
    }
    let (mut jobs, mut buf) = (Vec::new(), Vec::new());
    let ctx = movegen.ctx(pos);
    for dice in Dice::ALL {
        movegen.positions_with(&ctx, pos, dice, &mut buf);
        jobs.extend_from_slice(&buf);
    }
    crate::parallel::sum_over(
        &jobs,
        threads,
        || (new_movegen(), buffers(depth - 1)),
        |(movegen, bufs), p| perft_with(movegen, p, depth - 1, bufs, leaves),
    )
}
