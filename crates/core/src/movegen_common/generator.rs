//! A game's reusable generator (its `MoveGen`) as the shared drivers use
//! it: the public `plays` and `count` every game offers, perft's walk
//! (`super::perft`), and the cached generator behind `legal_plays`. The
//! game gives what is its own (its context, its plan through
//! `super::generate`, its closed counts, its pass); the rest is here once.

use std::cell::RefCell;
use std::thread::LocalKey;

use crate::dice::Dice;
use crate::play::PlayOf;
use crate::tavli::GamePosition;

/// A game's generator with its scratch space.
pub(crate) trait Generator {
    /// The game's position (its play is `PlayOf<Self::Position>`).
    type Position: GamePosition;
    /// What stays fixed while one position's rolls are generated.
    type Ctx;

    /// The fixed part of `pos` (a game not over).
    fn ctx(&self, pos: &Self::Position) -> Self::Ctx;
    /// The legal plays of `dice` into `out`, cleared first; none when
    /// nothing can be played.
    fn collect_plays(&mut self, ctx: &Self::Ctx, dice: Dice, out: &mut Vec<PlayOf<Self::Position>>);
    /// The positions those plays reach (the opponent on roll unless the
    /// play ends the game) into `out`, cleared first, without building
    /// the plays.
    fn collect_positions(&mut self, ctx: &Self::Ctx, dice: Dice, out: &mut Vec<Self::Position>);
    /// The number of legal plays of `dice` (a pass counts as one).
    fn count_with(&mut self, ctx: &Self::Ctx, dice: Dice) -> u32;

    /// Is the game over in `pos` (under the rules this generator plays)?
    #[inline]
    fn over(&self, pos: &Self::Position) -> bool {
        pos.outcome().is_some()
    }

    /// Fills `out` with the legal plays of `pos` for `dice`: one per
    /// distinct resulting position; a single pass when nothing can be
    /// played; nothing when the game is already over.
    #[inline]
    fn plays(&mut self, pos: &Self::Position, dice: Dice, out: &mut Vec<PlayOf<Self::Position>>) {
        out.clear();
        if self.over(pos) {
            return;
        }
        let ctx = self.ctx(pos);
        self.plays_with(&ctx, pos, dice, out);
    }

    /// [`Generator::plays`] of a game not over, its context made.
    #[inline]
    fn plays_with(&mut self, ctx: &Self::Ctx, pos: &Self::Position, dice: Dice, out: &mut Vec<PlayOf<Self::Position>>) {
        self.collect_plays(ctx, dice, out);
        if out.is_empty() {
            out.push(PlayOf::pass(pos));
        }
    }

    /// The positions the legal plays of `pos` (a game not over) reach:
    /// what perft walks. A pass gives the position with the turn passed.
    #[inline]
    fn positions_with(&mut self, ctx: &Self::Ctx, pos: &Self::Position, dice: Dice, out: &mut Vec<Self::Position>) {
        self.collect_positions(ctx, dice, out);
        if out.is_empty() {
            out.push(pos.with_turn(pos.turn().opponent()));
        }
    }

    /// The number of legal plays (a pass counts as one; 0 if the game is
    /// over).
    #[inline]
    fn count(&mut self, pos: &Self::Position, dice: Dice) -> u32 {
        if self.over(pos) {
            return 0;
        }
        let ctx = self.ctx(pos);
        self.count_with(&ctx, dice)
    }
}

/// Runs `f` on this thread's cached generator, so that `legal_plays`
/// allocates nothing once warm; on a `fresh` one when the cached one is in
/// use (a call from inside `f`).
#[inline]
pub(crate) fn with_cached<G: 'static, R>(
    cache: &'static LocalKey<RefCell<G>>,
    fresh: impl FnOnce() -> G,
    f: impl FnOnce(&mut G) -> R,
) -> R {
    cache.with(|g| match g.try_borrow_mut() {
        Ok(mut g) => f(&mut g),
        Err(_) => f(&mut fresh()),
    })
}
