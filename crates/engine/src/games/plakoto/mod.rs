//! Plakoto's engine code: its network inputs, its hand-written player, and
//! how a network evaluates its positions.

use std::sync::Arc;

use tavli_core::Position;
use tavli_core::tavli::GameKind;

use crate::bearoff::{HomeBoard, facing_home_boards};
use crate::category::Category;
use crate::fastnet::FastNet;
use crate::inputs::Inputs;
use crate::net_game::{NetEval, NetGame};
use crate::network::{Network, OUTPUTS};
use crate::player::Player;

pub mod heuristic;
pub mod inputs;

/// Plakoto's evaluator: the network through the fast kernel, finished
/// games scored exactly, pure bear-off races from the database when given.
///
/// ```
/// use tavli_core::Position;
/// use tavli_engine::{Evaluator, NeuralEval};
/// let eval = NeuralEval::shipped(None);
/// let p = eval.probabilities(&Position::start());
/// assert!((p.win + p.lose + p.draw - 1.0).abs() < 1e-4);
/// ```
pub type NeuralEval = NetEval<Position>;

impl NetGame for Position {
    const KIND: GameKind = GameKind::Plakoto;
    const DRAWS: bool = true;

    fn encode(&self, out: &mut Inputs) {
        inputs::encode(self, out);
    }

    fn point_groups() -> Vec<usize> {
        inputs::point_groups()
    }

    #[inline]
    fn forward(&self, fast: &FastNet) -> [f32; OUTPUTS] {
        fast.forward_with::<{ inputs::NUM_INPUTS }>(|list| inputs::encode_into(self, list))
    }

    fn shipped() -> Option<Arc<Network>> {
        Some(crate::shipped::decoded_once(Self::KIND, include_bytes!("../../../weights/plakoto.bin")))
    }

    fn heuristic() -> Box<dyn Player<Position>> {
        Box::new(heuristic::HeuristicPlayer)
    }

    const CATEGORIES: &'static [Category] = &Category::ALL;

    /// The opening (both sides still mostly on their starts), a mother in
    /// danger, a race, bearing off with pins, a pin fight, else the middle.
    fn category(&self) -> Category {
        let pos = self;
        let pinned = pos.own_pinned_mask() != 0 || pos.opp_pinned_mask() != 0;
        let own_start = pos.own_on(24) + u8::from(pos.own_pinned_on(24));
        let opp_start = pos.opp_on(1) + u8::from(pos.opp_pinned_on(1));
        let mother = own_start == 1 || opp_start == 1 || pos.own_pinned_on(24) || pos.opp_pinned_on(1);
        let home = (7..=24).all(|p| pos.own_on(p) == 0 && !pos.own_pinned_on(p));
        if own_start + opp_start >= 24 {
            Category::Opening
        } else if mother {
            Category::Mother
        } else if pos.is_race() {
            Category::Race
        } else if pinned && home {
            Category::BearOffWithPins
        } else if pinned {
            Category::PinFight
        } else {
            Category::Middle
        }
    }

    fn is_race(&self) -> bool {
        inputs::is_race(self)
    }

    /// Both sides home and nobody pinned: the sides never meet again.
    #[inline]
    fn home_boards(&self) -> Option<(HomeBoard, HomeBoard)> {
        if self.own_pinned_mask() != 0 || self.opp_pinned_mask() != 0 {
            return None;
        }
        facing_home_boards(|p| self.own_on(p), |p| self.opp_on(p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bearoff::Database;
    use crate::{Evaluator, NeuralEval};

    #[test]
    fn shipped_weights_load_and_evaluate_sensibly() {
        let p = NeuralEval::shipped(None).probabilities(&Position::start());
        assert!((p.win + p.lose + p.draw - 1.0).abs() < 1e-4);
        assert!(p.win > 0.3 && p.win < 0.75, "{p:?}");
        assert!(!Position::shipped().expect("Plakoto ships a network").about.is_empty());
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
        // A pinned checker keeps the sides in contact.
        let pinned = tavli_core::pos!(White; white {1: 1}; black {24: 14, 3: 1}; pinned {3: White});
        assert!(pinned.home_boards().is_none());
    }
}
