//! The `Evaluator` trait: anything that gives the probabilities of a
//! position at once (0-ply), such as the network with the bear-off database
//! ([`NeuralEval`](crate::NeuralEval)). Searches, players and analysis take
//! an evaluator as an argument instead of reaching for a global one.

use plakoto_core::Position;

use crate::probabilities::Probabilities;

/// Scores positions for the side on roll, statically.
pub trait Evaluator: Send + Sync {
    /// The outcome probabilities for the side on roll in `pos`.
    fn probabilities(&self, pos: &Position) -> Probabilities;

    /// The equity for the side on roll in `pos`.
    fn equity(&self, pos: &Position) -> f32 {
        self.probabilities(pos).equity()
    }
}

impl<E: Evaluator + ?Sized> Evaluator for &E {
    fn probabilities(&self, pos: &Position) -> Probabilities {
        (**self).probabilities(pos)
    }
}

impl<E: Evaluator + ?Sized> Evaluator for std::sync::Arc<E> {
    fn probabilities(&self, pos: &Position) -> Probabilities {
        (**self).probabilities(pos)
    }
}
