//! The `Evaluator` trait: anything that gives the probabilities of a
//! position at once (0-ply), such as the network with the bear-off database
//! ([`NeuralEval`](crate::NeuralEval)). Searches, players and analysis take
//! an evaluator as an argument instead of reaching for a global one.

use tavli_core::tavli::GamePosition;

use crate::probabilities::Probabilities;

/// Scores positions for the side on roll, statically.
pub trait Evaluator<P: GamePosition>: Send + Sync {
    /// The outcome probabilities for the side on roll in `pos`.
    fn probabilities(&self, pos: &P) -> Probabilities;

    /// The equity for the side on roll in `pos`.
    fn equity(&self, pos: &P) -> f32 {
        self.probabilities(pos).equity()
    }
}

impl<P: GamePosition, E: Evaluator<P> + ?Sized> Evaluator<P> for &E {
    fn probabilities(&self, pos: &P) -> Probabilities {
        (**self).probabilities(pos)
    }
}

impl<P: GamePosition, E: Evaluator<P> + ?Sized> Evaluator<P> for std::sync::Arc<E> {
    fn probabilities(&self, pos: &P) -> Probabilities {
        (**self).probabilities(pos)
    }
}
