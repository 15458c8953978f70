//! The shipped network weights, compiled into the binary so a fresh clone
//! plays at full strength without training (`weights/README.md` says how
//! they were made).

use std::sync::{Arc, OnceLock};

use crate::network::Network;

/// The shipped weights file.
static WEIGHTS: &[u8] = include_bytes!("../weights/plakoto.bin");

/// The shipped network (decoded once, then shared).
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Evaluator, NeuralEval};
    use plakoto_core::Position;

    #[test]
    fn shipped_weights_load_and_evaluate_sensibly() {
        let p = NeuralEval::shipped(None).probabilities(&Position::start());
        assert!((p.win + p.lose + p.draw - 1.0).abs() < 1e-4);
        assert!(p.win > 0.3 && p.win < 0.75, "{p:?}");
        assert!(!shipped_network().about.is_empty());
    }
}
