//! The shipped network weights, compiled into the binary so a fresh clone
//! plays at full strength without training (`weights/README.md` says how
//! they were made).

use std::sync::{Arc, OnceLock};

use crate::network::Network;

use tavli_core::tavli::GameKind;

/// The shipped Plakoto weights file.
static WEIGHTS: &[u8] = include_bytes!("../weights/plakoto.bin");
/// The shipped Portes weights file.
static PORTES_WEIGHTS: &[u8] = include_bytes!("../weights/portes.bin");
/// The shipped Fevga weights file.
static FEVGA_WEIGHTS: &[u8] = include_bytes!("../weights/fevga.bin");

/// The shipped Plakoto network (decoded once, then shared).
pub fn shipped_network() -> Arc<Network> {
    static NET: OnceLock<Arc<Network>> = OnceLock::new();
    NET.get_or_init(|| decode(GameKind::Plakoto, WEIGHTS)).clone()
}

/// The shipped Portes network (decoded once, then shared).
pub fn shipped_portes_network() -> Arc<Network> {
    static NET: OnceLock<Arc<Network>> = OnceLock::new();
    NET.get_or_init(|| decode(GameKind::Portes, PORTES_WEIGHTS)).clone()
}

/// The shipped Fevga network (decoded once, then shared).
pub fn shipped_fevga_network() -> Arc<Network> {
    static NET: OnceLock<Arc<Network>> = OnceLock::new();
    NET.get_or_init(|| decode(GameKind::Fevga, FEVGA_WEIGHTS)).clone()
}

fn decode(game: GameKind, bytes: &[u8]) -> Arc<Network> {
    match Network::from_bytes_of(game, bytes) {
        Ok(n) => Arc::new(n),
        // The files are part of the build and checked by a test; a broken
        // one is a packaging error, not an input.
        Err(e) => panic!("the shipped {game} weights do not load: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Evaluator, NeuralEval};
    use tavli_core::Position;

    #[test]
    fn shipped_weights_load_and_evaluate_sensibly() {
        let p = NeuralEval::shipped(None).probabilities(&Position::start());
        assert!((p.win + p.lose + p.draw - 1.0).abs() < 1e-4);
        assert!(p.win > 0.3 && p.win < 0.75, "{p:?}");
        assert!(!shipped_network().about.is_empty());
    }

    #[test]
    fn shipped_portes_weights_load_and_prefer_the_side_ahead() {
        use crate::NetEval;
        use tavli_core::portes_pos;
        let net = shipped_portes_network();
        assert_eq!(net.game(), GameKind::Portes);
        let eval = NetEval::<tavli_core::portes::Position>::new(net);
        let start = eval.probabilities(&tavli_core::portes::Position::start());
        assert!(start.win > 0.4 && start.win < 0.7, "{start:?}");
        // Far ahead in a race with contact left: the side on roll should win.
        let ahead = portes_pos!(White; white {4: 5, 5: 5, 6: 5}; black {1: 2, 8: 13});
        assert!(eval.probabilities(&ahead).win > 0.9);
    }

    #[test]
    fn shipped_fevga_weights_load_and_prefer_the_side_ahead() {
        use crate::NetEval;
        use tavli_core::{fevga, fevga_pos};
        let net = shipped_fevga_network();
        assert_eq!(net.game(), GameKind::Fevga);
        let eval = NetEval::<fevga::Position>::new(net);
        let start = eval.probabilities(&fevga::Position::start());
        assert!(start.win > 0.4 && start.win < 0.7, "{start:?}");
        // Nearly home against a side that has not left its start.
        let ahead = fevga_pos!(White; white {6: 5, 5: 5, 4: 5}; black {24: 14, 20: 1});
        assert!(eval.probabilities(&ahead).win > 0.9);
    }
}
