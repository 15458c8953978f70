//! The `Player` trait: anything that picks a play for a roll.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tavli_core::tavli::GamePosition;
use tavli_core::{Dice, Play};

/// Picks one of the legal plays of a roll, in the game whose positions are
/// `P`: Plakoto's unless said (so `dyn Player` is a Plakoto player), a
/// single other game's, or [`AnyPosition`](tavli_core::tavli::AnyPosition)
/// for a player of every game of a Tavli match.
pub trait Player<P: GamePosition>: Send {
    /// A short name for logs and duel reports (`random`, `heuristic`, `expert`, …).
    fn name(&self) -> String;

    /// Chooses one of `plays` — all the legal plays of `dice` in `pos`, never
    /// empty (a pass is a one-element list) — and returns its index.
    fn choose(&mut self, pos: &P, dice: Dice, plays: &[P::Play]) -> usize;

    /// Called when a new game starts (players with per-game state reset it).
    fn new_game(&mut self) {}

    /// The match score before the coming decisions: a match to `length`
    /// points, this player having `mine` and its opponent `theirs`.
    /// Players that play by the score (the neural levels) play for the
    /// match-winning chance; a length of 1 (a single game) is points.
    fn set_match_score(&mut self, _length: u32, _mine: u32, _theirs: u32) {}

    /// The coming choices are due by `deadline` (`None`: no limit): the
    /// levels that search give up the plies they have not done by then
    /// and choose by the plies before ([`crate::Analyzer::set_deadline`]);
    /// the other players ignore it.
    fn set_deadline(&mut self, _deadline: Option<std::time::Instant>) {}

    /// Why the player could not play properly (an external program that
    /// crashed or answered nonsense); a duel stops with this message.
    fn failure(&self) -> Option<String> {
        None
    }
}

/// Plays uniformly at random among the legal plays (seeded, reproducible).
pub struct RandomPlayer {
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    /// A random player whose choices follow from `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer { rng: ChaCha8Rng::seed_from_u64(seed) }
    }
}

impl<P: GamePosition> Player<P> for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, _: &P, _: Dice, plays: &[P::Play]) -> usize {
        self.rng.random_range(0..plays.len().max(1))
    }
}

/// Index of the play with the highest score (first one on ties).
pub fn argmax_by<F: FnMut(&Play) -> f32>(plays: &[Play], mut score: F) -> usize {
    let mut best = 0;
    let mut best_score = f32::NEG_INFINITY;
    for (i, p) in plays.iter().enumerate() {
        let s = score(p);
        if s > best_score {
            best = i;
            best_score = s;
        }
    }
    best
}
