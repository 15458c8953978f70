//! Dice from a seedable generator, so any game can be replayed from its seed.

use super::dice_stream::ChaCha8;
use super::seed::Seed;
use crate::dice::Dice;

/// Where dice come from. The seeded roller is the normal source; tests and
/// replays can feed fixed dice.
pub trait DiceSource {
    /// One die, 1..=6.
    fn die(&mut self) -> u8;

    /// Two dice for a turn.
    fn roll(&mut self) -> Dice {
        let (a, b) = (self.die(), self.die());
        Dice::new(a, b).unwrap_or(Dice::ALL[0])
    }
}

/// Dice from a seed (ChaCha8, see `dice_stream`): the same seed gives the
/// same dice on every platform and release.
#[derive(Clone, Debug)]
pub struct SeededDice {
    rng: ChaCha8,
    seed: Seed,
    rolled: u64,
}

impl SeededDice {
    /// A roller seeded with `seed`, no dice thrown yet.
    ///
    /// ```
    /// use tavli_core::game::{DiceSource, SeededDice};
    /// let (mut a, mut b) = (SeededDice::new(7), SeededDice::new(7));
    /// assert_eq!(a.roll(), b.roll());
    /// assert_eq!(a.dice_thrown(), 2);
    /// ```
    pub fn new(seed: impl Into<Seed>) -> SeededDice {
        let seed = seed.into();
        SeededDice { rng: seed.rng(), seed, rolled: 0 }
    }

    /// The seed this roller started from.
    pub fn seed(&self) -> Seed {
        self.seed
    }

    /// How many single dice have been thrown so far.
    pub fn dice_thrown(&self) -> u64 {
        self.rolled
    }
}

impl DiceSource for SeededDice {
    fn die(&mut self) -> u8 {
        self.rolled += 1;
        self.rng.die()
    }
}

/// Dice given in advance (for tests and for replaying a record); after the
/// list runs out it repeats 1s.
#[derive(Clone, Debug, Default)]
pub struct FixedDice {
    dice: std::collections::VecDeque<u8>,
}

impl FixedDice {
    /// Dice that come out in the order given, one die at a time.
    ///
    /// ```
    /// use tavli_core::game::{DiceSource, FixedDice};
    /// let mut dice = FixedDice::new([6, 4]);
    /// assert_eq!(dice.roll().to_string(), "6-4");
    /// assert_eq!(dice.die(), 1); // the list has run out
    /// ```
    pub fn new(dice: impl IntoIterator<Item = u8>) -> FixedDice {
        FixedDice { dice: dice.into_iter().collect() }
    }
}

impl DiceSource for FixedDice {
    fn die(&mut self) -> u8 {
        self.dice.pop_front().unwrap_or(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_dice_and_all_faces_appear() {
        let mut a = SeededDice::new(7);
        let mut b = SeededDice::new(7);
        let mut seen = [0u32; 7];
        for _ in 0..6000 {
            let d = a.die();
            assert_eq!(d, b.die());
            seen[d as usize] += 1;
        }
        assert_eq!(seen[0], 0);
        assert!(seen[1..].iter().all(|&n| (850..1150).contains(&n)), "{seen:?}");
        assert_eq!(a.dice_thrown(), 6000);
    }
}

/// The dice of a match: from its seed, or written down in its record (a
/// game played elsewhere, whose dice were not drawn by this program).
#[derive(Clone, Debug)]
pub(crate) enum MatchDice {
    /// Drawn from the seed.
    Seeded(Box<SeededDice>),
    /// None yet: a match between two people whose dice wait for both
    /// players' contributions ([`super::Seed::joint`]).
    Awaiting,
    /// Given in advance, in order; a roll past the end fails.
    Recorded {
        /// The dice not thrown yet.
        left: std::collections::VecDeque<u8>,
        /// How many have been thrown.
        thrown: u64,
    },
}

impl MatchDice {
    /// How many single dice have been thrown so far.
    pub(crate) fn dice_thrown(&self) -> u64 {
        match self {
            MatchDice::Seeded(d) => d.dice_thrown(),
            MatchDice::Awaiting => 0,
            MatchDice::Recorded { thrown, .. } => *thrown,
        }
    }

    /// Passes over `n` recorded dice that were never thrown: a record
    /// lists the dice of every turn, and a turn of dice played without a
    /// throw (Gul bara's pending dice) took none.
    pub(crate) fn skip_recorded(&mut self, n: usize) {
        if let MatchDice::Recorded { left, .. } = self {
            for _ in 0..n {
                left.pop_front();
            }
        }
    }

    /// Can `n` more dice be thrown?
    pub(crate) fn can_throw(&self, n: usize) -> bool {
        match self {
            MatchDice::Seeded(_) => true,
            MatchDice::Awaiting => false,
            MatchDice::Recorded { left, .. } => left.len() >= n,
        }
    }
}

impl DiceSource for MatchDice {
    fn die(&mut self) -> u8 {
        match self {
            MatchDice::Seeded(d) => d.die(),
            // Callers check `can_throw` first.
            MatchDice::Awaiting => 1,
            MatchDice::Recorded { left, thrown } => {
                *thrown += 1;
                // Callers check `can_throw` first; a die of 1 past the end
                // is never reached.
                left.pop_front().unwrap_or(1)
            }
        }
    }
}
