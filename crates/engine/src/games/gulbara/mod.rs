//! Gul bara's engine code: its network inputs, its hand-written player,
//! its shipped network (TD self-play, `weights/README.md`), and how a
//! network evaluates its positions.
//!
//! A ladder reaches the engine a stage at a time (the core's decisions,
//! `tavli_core::gulbara`), so every choice the engine makes is among one
//! stage's plays, at most four moves: a ladder with millions of whole
//! plays is chosen within a decision's time, the best stage by the
//! evaluator, then the next stage from there. A position halfway up a
//! ladder judged as it stands misleads, so the best few stage plays are
//! judged played through (the later stages each chosen by the position
//! it leaves; `crate::search::played_through`, the heuristic's
//! `played_through`). `ladder_choice` measures what choosing stage by
//! stage costs against choosing among the whole ladders (measured with
//! the hand-set network used before one was trained: 0.02 to 0.04 equity
//! a ladder, 0.12 to 0.18 without playing through).

use std::sync::Arc;

use tavli_core::gulbara::Position;
use tavli_core::tavli::GameKind;

use crate::category::Category;
use crate::fastnet::FastNet;
use crate::inputs::Inputs;
use crate::net_game::NetGame;
use crate::network::{Network, OUTPUTS};
use crate::player::Player;

pub mod heuristic;
pub mod inputs;
#[cfg(test)]
mod ladder_choice;

impl NetGame for Position {
    const KIND: GameKind = GameKind::GulBara;
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
        Some(crate::shipped::decoded_once(Self::KIND, include_bytes!("../../../weights/gulbara.bin")))
    }

    fn heuristic() -> Box<dyn Player<Position>> {
        Box::new(heuristic::GulBaraHeuristic)
    }

    const CATEGORIES: &'static [Category] = &[Category::Opening, Category::Race, Category::Middle];

    /// The opening: the game's first three rolls, before doublets ladder;
    /// then a race or the middle game.
    fn category(&self) -> Category {
        if !self.doublets_ladder() {
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

    // No bear-off database: its races are played with doublets of four
    // moves, and a Gul bara race's doublets ladder.
}
