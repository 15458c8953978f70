//! The shipped engine: the network weights compiled into the binary (so a
//! fresh clone plays at full strength without training), the evaluator used
//! everywhere (bear-off database in pure races, the network elsewhere), and
//! the neural player with search and optional noise for the easy levels.

use std::sync::{Arc, OnceLock};

use plakoto_core::{Dice, Play, Position};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, Normal};

use crate::analysis::Probabilities;
use crate::bearoff::race_probabilities;
use crate::eval::{Evaluator, NeuralEval, from_outputs, outcome_probabilities};
use crate::network::Network;
use crate::player::Player;
use crate::search::{SearchConfig, rank};

/// The shipped weights; `weights/README.md` says how they were trained.
static WEIGHTS: &[u8] = include_bytes!("../weights/plakoto.bin");

/// The shipped network (decoded once).
pub fn shipped_network() -> Arc<Network> {
    static NET: OnceLock<Arc<Network>> = OnceLock::new();
    NET.get_or_init(|| match Network::from_bytes(WEIGHTS) {
        Ok(n) => Arc::new(n),
        // The file is part of the build and checked by a test; a broken one
        // is a packaging error, not an input.
        Err(e) => panic!("the shipped weights do not load: {e}"),
    })
    .clone()
}

/// The evaluator everything uses by default.
#[derive(Clone)]
pub struct EngineEval {
    neural: NeuralEval,
}

impl EngineEval {
    pub fn new(net: Arc<Network>) -> EngineEval {
        EngineEval { neural: NeuralEval::new(net) }
    }

    /// The shipped evaluator (shared).
    pub fn shipped() -> &'static EngineEval {
        static EVAL: OnceLock<EngineEval> = OnceLock::new();
        EVAL.get_or_init(|| EngineEval::new(shipped_network()))
    }
}

impl Evaluator for EngineEval {
    /// A finished game from its result; a pure bear-off exactly from the
    /// database; anything else by the network.
    fn probabilities(&self, pos: &Position) -> Probabilities {
        if let Some(p) = outcome_probabilities(pos) {
            return p;
        }
        if let Some(p) = race_probabilities(pos) {
            return p;
        }
        from_outputs(&self.neural.raw(pos))
    }
}

/// The neural player: plays the best play after searching `ply` plies, with
/// Gaussian noise of `noise` equity added to each play's score (0 for full
/// strength; the easy levels use noise to play like people learning).
pub struct NeuralPlayer {
    pub eval: EngineEval,
    pub ply: u8,
    pub noise: f32,
    pub name: String,
    pub search: SearchConfig,
    rng: ChaCha8Rng,
}

impl NeuralPlayer {
    pub fn new(name: &str, eval: EngineEval, ply: u8, noise: f32, seed: u64) -> NeuralPlayer {
        NeuralPlayer {
            eval,
            ply,
            noise,
            name: name.into(),
            search: SearchConfig::default(),
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Player for NeuralPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, _: &Position, _: Dice, plays: &[Play]) -> usize {
        if plays.len() == 1 {
            return 0;
        }
        let ranked = rank(&self.eval, plays, self.ply, &self.search);
        if self.noise <= 0.0 {
            return ranked[0].index;
        }
        let normal = Normal::new(0.0f32, self.noise).unwrap_or_else(|_| Normal::new(0.0, 0.0).expect("zero noise"));
        let mut best = ranked[0].index;
        let mut best_score = f32::NEG_INFINITY;
        for s in &ranked {
            let score = s.equity() + normal.sample(&mut self.rng);
            if score > best_score {
                best_score = score;
                best = s.index;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_weights_load_and_evaluate_sensibly() {
        let e = EngineEval::shipped();
        let p = e.probabilities(&Position::start());
        assert!((p.win + p.lose + p.draw - 1.0).abs() < 1e-4);
        assert!(p.win > 0.3 && p.win < 0.75, "{p:?}");
        assert!(!shipped_network().about.is_empty());
    }
}
