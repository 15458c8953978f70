//! What makes a game playable by a network: how its positions become
//! inputs, which evaluator runs its network, and the heuristic player its
//! training is measured against. Plakoto's and Portes's positions implement
//! [`NetGame`]; training and the greedy player are written once over it.

use std::sync::Arc;

use plakoto_core::Position;
use plakoto_core::portes;
use plakoto_core::tavli::{GameKind, GamePosition};

use crate::evaluator::Evaluator;
use crate::inputs::{self, Inputs};
use crate::network::Network;
use crate::neural::{NeuralEval, from_outputs};
use crate::player::Player;
use crate::portes_inputs;
use crate::probabilities::Probabilities;
use crate::{HeuristicPlayer, PortesHeuristic};

/// A game whose positions a network evaluates.
pub trait NetGame: GamePosition {
    /// The game.
    const KIND: GameKind;
    /// Whether a game can end drawn (Plakoto's mother rule); otherwise the
    /// network's draw output is ignored and read as 0.
    const DRAWS: bool;
    /// The evaluator that runs a network of this game.
    type Eval: Evaluator<Self> + Clone + Send + Sync + 'static;

    /// The network inputs of this position (`out` cleared first).
    fn encode(&self, out: &mut Inputs);

    /// An evaluator running `net` (a network of [`NetGame::KIND`]).
    fn evaluator(net: Arc<Network>) -> Self::Eval;

    /// The hand-written player a network of this game is measured against.
    fn heuristic() -> Box<dyn Player<Self>>;
}

impl NetGame for Position {
    const KIND: GameKind = GameKind::Plakoto;
    const DRAWS: bool = true;
    type Eval = NeuralEval;

    fn encode(&self, out: &mut Inputs) {
        inputs::encode(self, out);
    }

    fn evaluator(net: Arc<Network>) -> NeuralEval {
        NeuralEval::new(net)
    }

    fn heuristic() -> Box<dyn Player<Position>> {
        Box::new(HeuristicPlayer)
    }
}

impl NetGame for portes::Position {
    const KIND: GameKind = GameKind::Portes;
    const DRAWS: bool = false;
    type Eval = NetEval<portes::Position>;

    fn encode(&self, out: &mut Inputs) {
        portes_inputs::encode(self, out);
    }

    fn evaluator(net: Arc<Network>) -> NetEval<portes::Position> {
        NetEval::new(net)
    }

    fn heuristic() -> Box<dyn Player<portes::Position>> {
        Box::new(PortesHeuristic)
    }
}

/// A network of game `P` on the general path (sparse inputs, then the
/// forward pass): finished games scored exactly, everything else by the
/// network. Plakoto's [`NeuralEval`] adds a faster kernel and the bear-off
/// database; this one serves every game with a network.
pub struct NetEval<P> {
    net: Arc<Network>,
    game: std::marker::PhantomData<fn(&P)>,
}

impl<P> Clone for NetEval<P> {
    fn clone(&self) -> Self {
        NetEval { net: self.net.clone(), game: std::marker::PhantomData }
    }
}

impl<P: NetGame> NetEval<P> {
    /// An evaluator for `net`. Panics if `net` plays another game (a
    /// programming error: files are read by `Network::from_bytes_of`).
    pub fn new(net: Arc<Network>) -> NetEval<P> {
        assert_eq!(net.game(), P::KIND, "a {} network evaluates {} positions", net.game(), P::KIND);
        NetEval { net, game: std::marker::PhantomData }
    }

    /// The network.
    pub fn network(&self) -> &Arc<Network> {
        &self.net
    }
}

impl<P: NetGame> Evaluator<P> for NetEval<P> {
    fn probabilities(&self, pos: &P) -> Probabilities {
        if let Some(p) = Probabilities::exact(pos) {
            return p;
        }
        thread_local! {
            static SCRATCH: std::cell::RefCell<(Inputs, Vec<f32>)> =
                std::cell::RefCell::new((Inputs::with_capacity(), Vec::new()));
        }
        let mut out = SCRATCH.with(|s| {
            let (x, h) = &mut *s.borrow_mut();
            pos.encode(x);
            self.net.forward(x, h)
        });
        if !P::DRAWS {
            out[3] = 0.0;
        }
        from_outputs(&out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_portes_network_evaluates_portes_positions_without_draws() {
        let eval = portes::Position::evaluator(Arc::new(Network::random_for(GameKind::Portes, 8, 1)));
        let p = eval.probabilities(&portes::Position::start());
        assert_eq!(p.draw, 0.0);
        assert!((p.win + p.lose - 1.0).abs() < 1e-5, "{p:?}");
        assert!(p.win_double <= p.win && p.lose_double <= p.lose);
        // A finished game is scored exactly, not by the network.
        let over = plakoto_core::portes_pos!(Black; white {}; black {19: 15});
        assert_eq!(eval.probabilities(&over).lose_double, 1.0);
    }

    #[test]
    #[should_panic(expected = "a plakoto network evaluates portes positions")]
    fn a_network_of_another_game_is_refused() {
        let _ = NetEval::<portes::Position>::new(Arc::new(Network::random(8, 1)));
    }
}
