//! The neural evaluator: finished games scored exactly, pure bear-off races
//! exactly from the bear-off database when one is given, everything else by
//! the network.

use std::sync::Arc;

use tavli_core::Position;

use crate::bearoff::Database;
use crate::evaluator::Evaluator;
use crate::fastnet::FastNet;
use crate::network::{Network, OUTPUTS};
use crate::probabilities::Probabilities;

/// Turns raw network outputs into consistent probabilities (double wins
/// within wins, everything summing to one).
pub fn from_outputs(o: &[f32; OUTPUTS]) -> Probabilities {
    let draw = o[3].clamp(0.0, 1.0);
    let win = o[0].clamp(0.0, 1.0 - draw);
    let lose = (1.0 - win - draw).max(0.0);
    Probabilities { win, win_double: o[1].min(win), lose, lose_double: o[2].min(lose), draw }
}

/// Training targets in the network's output order, from probabilities.
pub fn to_targets(p: &Probabilities) -> [f32; OUTPUTS] {
    [p.win, p.win_double, p.lose_double, p.draw]
}

/// The network (with the fast inference), and the bear-off database when
/// given. Cheap to clone: both are shared.
///
/// ```
/// use tavli_core::Position;
/// use tavli_engine::{Evaluator, NeuralEval};
/// let eval = NeuralEval::shipped(None);
/// let p = eval.probabilities(&Position::start());
/// assert!((p.win + p.lose + p.draw - 1.0).abs() < 1e-4);
/// ```
#[derive(Clone)]
pub struct NeuralEval {
    fast: Arc<FastNet>,
    bearoff: Option<Arc<Database>>,
}

impl NeuralEval {
    /// The network `net` alone (races too are left to it).
    pub fn new(net: Arc<Network>) -> NeuralEval {
        // A network reaches here only through a Plakoto reader
        // (`Network::from_bytes`) or constructor.
        assert_eq!(net.game(), tavli_core::tavli::GameKind::Plakoto, "the Plakoto evaluator is Plakoto's");
        NeuralEval { fast: FastNet::shared(net, &crate::inputs::point_groups()), bearoff: None }
    }

    /// The network `net`, with pure bear-off races looked up in `bearoff`
    /// when one is given.
    pub fn with_bearoff(net: Arc<Network>, bearoff: Option<Arc<Database>>) -> NeuralEval {
        NeuralEval { bearoff, ..NeuralEval::new(net) }
    }

    /// The shipped network ([`shipped_network`](crate::shipped_network)),
    /// with `bearoff` for races: the evaluator of the built-in levels.
    pub fn shipped(bearoff: Option<Arc<Database>>) -> NeuralEval {
        NeuralEval::with_bearoff(crate::shipped::shipped_network(), bearoff)
    }

    /// The network's weights.
    pub fn network(&self) -> &Arc<Network> {
        self.fast.network()
    }

    /// The bear-off database this evaluator uses, if any.
    pub fn bearoff(&self) -> Option<&Arc<Database>> {
        self.bearoff.as_ref()
    }

    /// Raw network outputs (no game-over or race check).
    pub fn raw(&self, pos: &Position) -> [f32; OUTPUTS] {
        self.fast.forward_position(pos)
    }
}

impl Evaluator for NeuralEval {
    /// A finished game from its result; a pure bear-off exactly from the
    /// database (if any); anything else by the network.
    fn probabilities(&self, pos: &Position) -> Probabilities {
        if let Some(p) = Probabilities::exact(pos) {
            return p;
        }
        if let Some(p) = self.bearoff.as_ref().and_then(|db| db.race_position(pos)) {
            return p;
        }
        from_outputs(&self.raw(pos))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_are_made_consistent() {
        let p = from_outputs(&[0.9, 0.95, 0.3, 0.2]);
        assert!((p.win + p.lose + p.draw - 1.0).abs() < 1e-6);
        assert!(p.win_double <= p.win && p.lose_double <= p.lose);
    }

    #[test]
    fn races_come_from_the_database_when_given() {
        let race = tavli_core::pos!(White; white {1: 1}; black {24: 15});
        let db = Arc::new(Database::build());
        let with = NeuralEval::shipped(Some(db)).probabilities(&race);
        assert_eq!((with.win, with.win_double), (1.0, 1.0));
        // Without it, the network's estimate (not exact).
        let without = NeuralEval::shipped(None).probabilities(&race);
        assert_ne!(without, with);
    }
}
