//! Fevga's engine code: its network inputs, its hand-written player, and
//! how a network evaluates its positions.

use std::sync::Arc;

use tavli_core::fevga::Position;
use tavli_core::tavli::GameKind;

use crate::bearoff::HomeBoard;
use crate::category::Category;
use crate::fastnet::FastNet;
use crate::inputs::Inputs;
use crate::net_game::NetGame;
use crate::network::{Network, OUTPUTS};
use crate::player::Player;

pub mod heuristic;
pub mod inputs;

impl NetGame for Position {
    const KIND: GameKind = GameKind::Fevga;
    const DRAWS: bool = false;

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
        Some(crate::shipped::decoded_once(Self::KIND, include_bytes!("../../../weights/fevga.bin")))
    }

    fn heuristic() -> Box<dyn Player<Position>> {
        Box::new(heuristic::FevgaHeuristic)
    }

    const CATEGORIES: &'static [Category] = &[Category::Opening, Category::Race, Category::Middle];

    /// The opening while both sides keep 12 or more checkers on their
    /// starting points (the runner phase and just after); then a race.
    fn category(&self) -> Category {
        // The opponent starts on the mover's 12.
        if self.own_on(24) >= 12 && self.opp_on(12) >= 12 {
            Category::Opening
        } else if self.is_race() {
            Category::Race
        } else {
            Category::Middle
        }
    }

    fn is_race(&self) -> bool {
        Position::is_race(self)
    }

    /// Both sides' checkers on the board all in their home boards (each on
    /// its own points 1..=6), where they never meet again; bearing off is
    /// then Plakoto's, and a double win the loser's having borne off none.
    #[inline]
    fn home_boards(&self) -> Option<(HomeBoard, HomeBoard)> {
        let theirs = self.pass_turn();
        if !self.can_bear_off() || !theirs.can_bear_off() {
            return None;
        }
        let own = std::array::from_fn(|i| self.own_on(i as u8 + 1));
        let opp = std::array::from_fn(|i| theirs.own_on(i as u8 + 1));
        Some((own, opp))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Evaluator;
    use crate::NetEval;
    use crate::bearoff::Database;
    use tavli_core::fevga_pos;

    #[test]
    fn shipped_weights_load_and_prefer_the_side_ahead() {
        let net = Position::shipped().expect("Fevga ships a network");
        assert_eq!(net.game(), GameKind::Fevga);
        let eval = NetEval::<Position>::new(net);
        let start = eval.probabilities(&Position::start());
        assert!(start.win > 0.4 && start.win < 0.7, "{start:?}");
        // Nearly home against a side that has not left its start.
        let ahead = fevga_pos!(White; white {6: 5, 5: 5, 4: 5}; black {24: 14, 20: 1});
        assert!(eval.probabilities(&ahead).win > 0.9);
    }

    #[test]
    fn races_home_come_from_the_database() {
        let db = Database::build();
        // White home on its 1..3, Black home on its own 1..2 (White's 13, 14).
        let race = fevga_pos!(White; white {1: 5, 2: 5, 3: 5}; black {1: 5, 2: 10});
        let p = race.race(&db).expect("both home");
        assert_eq!(p, db.race(&[5, 5, 5, 0, 0, 0], &[5, 10, 0, 0, 0, 0]));
        // A race not yet home is left to the network.
        assert!(fevga_pos!(White; white {12: 5, 3: 10}; black {11: 15}).race(&db).is_none());
        assert!(Position::start().race(&db).is_none());
    }
}
