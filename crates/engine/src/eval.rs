//! Static (0-ply) evaluation: game-over positions are scored exactly, the
//! rest by the network.

use std::sync::Arc;

use plakoto_core::Position;

use crate::analysis::Probabilities;
use crate::fastnet::FastNet;
use crate::network::{Network, OUTPUTS};

/// Something that scores positions for the side on roll.
pub trait Evaluator: Send + Sync {
    fn probabilities(&self, pos: &Position) -> Probabilities;

    fn equity(&self, pos: &Position) -> f32 {
        self.probabilities(pos).equity()
    }
}

/// The exact probabilities of a finished game, for the side on roll.
pub fn outcome_probabilities(pos: &Position) -> Option<Probabilities> {
    let r = pos.outcome()?;
    let pts = r.points_for(pos.turn());
    Some(Probabilities {
        win: f32::from(pts > 0),
        win_double: f32::from(pts > 1),
        lose: f32::from(pts < 0),
        lose_double: f32::from(pts < -1),
        draw: f32::from(r.winner.is_none()),
    })
}

/// Turns raw outputs into consistent probabilities (double wins within
/// wins, everything summing to one).
pub fn from_outputs(o: &[f32; OUTPUTS]) -> Probabilities {
    let draw = o[3].clamp(0.0, 1.0);
    let win = o[0].clamp(0.0, 1.0 - draw);
    let lose = (1.0 - win - draw).max(0.0);
    Probabilities { win, win_double: o[1].min(win), lose, lose_double: o[2].min(lose), draw }
}

/// Training targets in output order from probabilities.
pub fn to_targets(p: &Probabilities) -> [f32; OUTPUTS] {
    [p.win, p.win_double, p.lose_double, p.draw]
}

/// The neural evaluator.
#[derive(Clone)]
pub struct NeuralEval {
    fast: Arc<FastNet>,
}

impl NeuralEval {
    pub fn new(net: Arc<Network>) -> NeuralEval {
        NeuralEval { fast: Arc::new(FastNet::new(net)) }
    }

    pub fn network(&self) -> &Arc<Network> {
        self.fast.network()
    }

    /// Raw network outputs (no game-over check).
    pub fn raw(&self, pos: &Position) -> [f32; OUTPUTS] {
        self.fast.forward_position(pos)
    }
}

impl Evaluator for NeuralEval {
    fn probabilities(&self, pos: &Position) -> Probabilities {
        outcome_probabilities(pos).unwrap_or_else(|| from_outputs(&self.raw(pos)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plakoto_core::{Color, pos};

    #[test]
    fn game_over_is_exact() {
        // White has borne off all; Black none: White wins 2.
        let p = pos!(White; white {}; black {1: 15});
        let e = outcome_probabilities(&p).unwrap();
        assert_eq!((e.win, e.win_double, e.equity()), (1.0, 1.0, 2.0));
        let q = p.pass_turn();
        assert_eq!(q.turn(), Color::Black);
        assert_eq!(outcome_probabilities(&q).unwrap().equity(), -2.0);
    }

    #[test]
    fn outputs_are_made_consistent() {
        let p = from_outputs(&[0.9, 0.95, 0.3, 0.2]);
        assert!((p.win + p.lose + p.draw - 1.0).abs() < 1e-6);
        assert!(p.win_double <= p.win && p.lose_double <= p.lose);
    }
}
