//! What every game's generator tests share: the positions of seeded random
//! games to check on, and the check that the one-per-position plan gives
//! the plays of every order.

use super::generate::{Collected, Plan, Rules, collect};
use crate::dice::Dice;
use crate::game::{DiceSource, SeededDice};
use crate::keyset::KeySet;
use crate::play::PlayOf;
use crate::tavli::GamePosition;

/// The positions of `games` random games from `start`, each with the index
/// of its game (a game may vary its options by it), up to `plies` a game
/// and without the positions whose game is over; `legal` gives a roll's
/// plays in game `g`, and the dice of `seed` pick the roll and the play.
pub(crate) fn random_positions<P: GamePosition>(
    start: P,
    seed: u64,
    games: usize,
    plies: usize,
    mut legal: impl FnMut(usize, &P, Dice) -> Vec<PlayOf<P>>,
) -> Vec<(P, usize)> {
    let mut dice = SeededDice::new(seed);
    let mut out = Vec::new();
    for g in 0..games {
        let mut pos = start;
        for _ in 0..plies {
            if pos.outcome().is_some() {
                break;
            }
            out.push((pos, g));
            let plays = legal(g, &pos, dice.roll());
            pos = *plays[dice.die() as usize % plays.len()].position();
        }
    }
    out
}

/// Checks that the `Unique` plan gives the plays of `dice` each once and
/// exactly those of the every-order generators (named by `key`), for a
/// roll the game sends to `Unique`: each game's test runs it over
/// positions of random games. `set` and `seen` are scratch space.
pub(crate) fn assert_unique_is_every_order<G: Rules, T: Collected<G>, K: Ord + std::fmt::Debug>(
    g: &G,
    dice: Dice,
    (set, seen): (&mut KeySet, &mut KeySet),
    key: impl Fn(&T) -> K,
    what: &dyn std::fmt::Debug,
) {
    let mut keys = |plan: Plan| {
        let mut out: Vec<T> = Vec::new();
        collect(g, dice, plan, set, seen, &mut out);
        let mut k: Vec<K> = out.iter().map(&key).collect();
        let n = k.len();
        k.sort_unstable();
        k.dedup();
        (k, n)
    };
    let (unique, n) = keys(Plan::Unique);
    assert_eq!(unique.len(), n, "the unique generator repeats a play: {what:?} {dice}");
    assert_eq!(unique, keys(Plan::EveryOrder).0, "{what:?} {dice}");
}
