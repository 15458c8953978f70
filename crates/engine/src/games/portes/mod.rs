//! Portes's engine code: its network inputs (with the backgammon features
//! of encoding 2), its hand-written player, and how a network evaluates its
//! positions.

use std::sync::Arc;

use tavli_core::portes::Position;
use tavli_core::tavli::GameKind;

use crate::bearoff::{HomeBoard, facing_home_boards};
use crate::category::Category;
use crate::fastnet::FastNet;
use crate::inputs::Inputs;
use crate::net_game::NetGame;
use crate::network::{Network, OUTPUTS};
use crate::player::Player;

pub mod features;
pub mod heuristic;
pub mod inputs;

impl NetGame for Position {
    const KIND: GameKind = GameKind::Portes;
    const DRAWS: bool = false;
    // Without pins, a Portes roll's plays lie closer together than
    // Plakoto's: at the full noise `casual` fell below the heuristic.
    const NOISE_SCALE: f32 = 0.5;

    fn encode(&self, out: &mut Inputs) {
        inputs::encode(self, out);
    }

    fn point_groups() -> Vec<usize> {
        let per_side = (1..=25).map(|p| (p - 1) * inputs::PER_POINT);
        per_side.clone().chain(per_side.map(|i| inputs::SIDE_INPUTS + i)).collect()
    }

    #[inline]
    fn forward(&self, fast: &FastNet) -> [f32; OUTPUTS] {
        // The shipped network weighs encoding 1's inputs only; encoding 2's
        // features would double the cost of an evaluation for nothing.
        fast.forward_with::<{ inputs::NUM_INPUTS }>(|list| inputs::encode_version_into(self, fast.encoding(), list))
    }

    fn shipped() -> Option<Arc<Network>> {
        Some(crate::shipped::decoded_once(Self::KIND, include_bytes!("../../../weights/portes.bin")))
    }

    fn heuristic() -> Box<dyn Player<Position>> {
        Box::new(heuristic::PortesHeuristic)
    }

    const CATEGORIES: &'static [Category] = &[Category::Opening, Category::Bar, Category::Race, Category::Middle];

    /// The opening while neither side has moved more than 16 pips (two
    /// rolls' worth, about); then a checker on the bar; then a race.
    fn category(&self) -> Category {
        let own: u32 = (1..=25).map(|p| p * u32::from(self.own_on(p as u8))).sum();
        let opp: u32 =
            (1..=24).map(|p| (25 - p) * u32::from(self.opp_on(p as u8))).sum::<u32>() + 25 * u32::from(self.opp_bar());
        if own >= 151 && opp >= 151 && self.own_off() + self.opp_off() == 0 {
            Category::Opening
        } else if self.own_bar() + self.opp_bar() > 0 {
            Category::Bar
        } else if self.is_race() {
            Category::Race
        } else {
            Category::Middle
        }
    }

    fn is_race(&self) -> bool {
        inputs::is_race(self)
    }

    /// Both sides' checkers all in their home boards (none on the bar), so
    /// they never meet again; bearing off is then Plakoto's, a gammon a
    /// double win, and no backgammon is possible.
    #[inline]
    fn home_boards(&self) -> Option<(HomeBoard, HomeBoard)> {
        if self.own_bar() != 0 || self.opp_bar() != 0 {
            return None;
        }
        facing_home_boards(|p| self.own_on(p), |p| self.opp_on(p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Evaluator;
    use crate::NetEval;
    use crate::bearoff::Database;
    use tavli_core::portes_pos;

    #[test]
    fn shipped_weights_load_and_prefer_the_side_ahead() {
        let net = Position::shipped().expect("Portes ships a network");
        assert_eq!(net.game(), GameKind::Portes);
        let eval = NetEval::<Position>::new(net);
        let start = eval.probabilities(&Position::start());
        assert!(start.win > 0.4 && start.win < 0.7, "{start:?}");
        // Far ahead in a race with contact left: the side on roll should win.
        let ahead = portes_pos!(White; white {4: 5, 5: 5, 6: 5}; black {1: 2, 8: 13});
        assert!(eval.probabilities(&ahead).win > 0.9);
    }

    #[test]
    fn races_come_from_the_database_when_given() {
        let db = Arc::new(Database::build());
        let net = Arc::new(Network::random_for(GameKind::Portes, 8, 1));
        let race = portes_pos!(White; white {1: 2, 2: 3, 6: 4}; black {24: 5, 23: 5, 19: 5});
        let with = Position::evaluator(net.clone(), Some(db.clone())).probabilities(&race);
        assert_eq!(Some(with), race.race(&db));
        assert_ne!(with, Position::evaluator(net, None).probabilities(&race));
        let p = portes_pos!(White; white {1: 1}; black {24: 15}).race(&db).unwrap();
        assert_eq!((p.win, p.win_double), (1.0, 1.0));
        // Not yet a bear-off: a checker outside its home board, or on the bar.
        assert!(portes_pos!(White; white {1: 2, 7: 1}; black {24: 5}).race(&db).is_none());
        assert!(portes_pos!(White; white {1: 2}; black {24: 5, 18: 1}).race(&db).is_none());
        assert!(portes_pos!(White; white {bar: 1, 1: 2}; black {24: 5}).race(&db).is_none());
        assert!(Position::start().race(&db).is_none());
    }
}
