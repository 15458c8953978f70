//! Perft (INTERFACE.md) written once for every game: the leaves of the
//! game tree to a depth over the 21 distinct rolls, each counted once. A
//! roll with no legal play has one play, the pass; a play that ends the
//! game, and a position whose game is over, are leaves whatever depth is
//! left (the position a game-ending play reaches is over).

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

/// A game's generator as perft walks it.
pub(crate) trait Walk {
    /// The game's position.
    type Position: Copy + Send + Sync;
    /// What stays fixed while one position's rolls are generated.
    type Ctx;
    /// Is the game over in `pos`?
    fn over(pos: &Self::Position) -> bool;
    /// The fixed part of `pos` (a game not over).
    fn ctx(&self, pos: &Self::Position) -> Self::Ctx;
    /// The number of legal plays for `dice` (a pass counts as one).
    fn count_with(&mut self, ctx: &Self::Ctx, dice: Dice) -> u32;
    /// The positions the legal plays for `dice` reach into `out`, cleared
    /// first; the position with the turn passed when nothing can be played.
    fn positions_with(&mut self, ctx: &Self::Ctx, pos: &Self::Position, dice: Dice, out: &mut Vec<Self::Position>);
}

/// One buffer of positions per ply below the root.
pub(crate) fn buffers<P>(depth: u32) -> Vec<Vec<P>> {
    (0..depth).map(|_| Vec::with_capacity(256)).collect()
}

/// Perft of `pos` to `depth` with `walk`'s generator, a buffer per ply in `bufs`.
pub(crate) fn perft_with<W: Walk>(
    walk: &mut W,
    pos: &W::Position,
    depth: u32,
    bufs: &mut [Vec<W::Position>],
    leaves: Leaves,
) -> u64 {
    if depth == 0 || W::over(pos) {
        return 1;
    }
    let ctx = walk.ctx(pos);
    if depth == 1 && leaves == Leaves::Counted {
        return Dice::ALL.iter().map(|&d| u64::from(walk.count_with(&ctx, d))).sum();
    }
    let (buf, rest) = bufs.split_first_mut().expect("one buffer per ply");
    let mut total = 0;
    for dice in Dice::ALL {
        // The positions alone: a play that ends the game is a leaf below.
        walk.positions_with(&ctx, pos, dice, buf);
        if depth == 1 {
            total += buf.len() as u64;
            continue;
        }
        for next in buf.iter() {
            total += perft_with(walk, next, depth - 1, rest, leaves);
        }
    }
    total
}

/// Perft on `threads` threads, the root's children shared out (each whose
/// game is over counts 1), each thread with its own generator from
/// `new_walk`; the same count as [`perft_with`].
pub(crate) fn perft_parallel<W: Walk>(
    pos: &W::Position,
    depth: u32,
    threads: usize,
    leaves: Leaves,
    new_walk: impl Fn() -> W + Sync,
) -> u64 {
    let mut walk = new_walk();
    if threads <= 1 || depth < 2 || W::over(pos) {
        return perft_with(&mut walk, pos, depth, &mut buffers(depth), leaves);
    }
    let (mut jobs, mut buf) = (Vec::new(), Vec::new());
    let ctx = walk.ctx(pos);
    for dice in Dice::ALL {
        walk.positions_with(&ctx, pos, dice, &mut buf);
        jobs.extend_from_slice(&buf);
    }
    crate::parallel::sum_over(
        &jobs,
        threads,
        || (new_walk(), buffers(depth - 1)),
        |(walk, bufs), p| perft_with(walk, p, depth - 1, bufs, leaves),
    )
}
