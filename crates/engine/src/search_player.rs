//! The player that plays what an analyzer ranks best, with optional noise:
//! the neural engine levels (a search over the network), and any other
//! analyzer a caller passes in.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, Normal};
use tavli_core::Dice;
use tavli_core::tavli::{GameKind, GamePosition};

use std::sync::Arc;

use crate::analyzer::Analyzer;
use crate::met::{MatchEquityTable, MatchScore};
use crate::player::Player;
use crate::search::Objective;

/// Plays the best play by `analyzer`, with Gaussian noise of `noise`
/// equity added to each play's score (0 for full strength; the easy levels
/// use noise to play like people learning). Plays the game whose positions
/// are `P` (Plakoto's unless said).
pub struct SearchPlayer<P: GamePosition> {
    analyzer: Box<dyn Analyzer<P>>,
    noise: f32,
    name: String,
    rng: ChaCha8Rng,
    /// The match equity table it plays matches by and the game it plays
    /// (`None`: always points).
    table: Option<(Arc<MatchEquityTable>, GameKind)>,
}

impl<P: GamePosition> SearchPlayer<P> {
    /// A player named `name` playing by `analyzer` with `noise`, its random
    /// choices seeded by `seed`; in matches for points (see
    /// [`SearchPlayer::by_the_score`]).
    pub fn new(name: &str, analyzer: Box<dyn Analyzer<P>>, noise: f32, seed: u64) -> SearchPlayer<P> {
        SearchPlayer { analyzer, noise, name: name.into(), rng: ChaCha8Rng::seed_from_u64(seed), table: None }
    }

    /// Plays matches by the score: for the match-winning chance `table`
    /// gives, once told the score ([`Player::set_match_score`]), its games
    /// being of `playing` (in a Tavli table, the game whose outcomes lead
    /// to the state before the rotation's next game).
    pub fn by_the_score(mut self, table: Arc<MatchEquityTable>, playing: GameKind) -> SearchPlayer<P> {
        self.table = Some((table, playing));
        self
    }
}

impl<P: GamePosition> Player<P> for SearchPlayer<P> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn set_match_score(&mut self, length: u32, mine: u32, theirs: u32) {
        let objective = match &self.table {
            Some((table, playing)) => Objective::at_score(table, MatchScore { length, mine, theirs }, *playing),
            None => Objective::Money,
        };
        self.analyzer.set_objective(objective);
    }

    fn set_deadline(&mut self, deadline: Option<std::time::Instant>) {
        self.analyzer.set_deadline(deadline);
    }

    fn choose(&mut self, _: &P, _: Dice, plays: &[P::Play]) -> usize {
        if plays.len() == 1 {
            return 0;
        }
        let ranked = self.analyzer.rank(plays);
        if self.noise <= 0.0 {
            return ranked[0].index;
        }
        let normal = Normal::new(0.0f32, self.noise).unwrap_or_else(|_| Normal::new(0.0, 0.0).expect("zero noise"));
        let mut best = ranked[0].index;
        let mut best_score = f32::NEG_INFINITY;
        for s in &ranked {
            let score = s.value + normal.sample(&mut self.rng);
            if score > best_score {
                best_score = score;
                best = s.index;
            }
        }
        best
    }
}
