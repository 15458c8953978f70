//! The 0-ply player: picks the play whose resulting position the evaluator
//! likes best for the mover.

use plakoto_core::{Dice, Play, Position};

use crate::eval::Evaluator;
use crate::player::{Player, argmax_by};

/// The mover's equity after `play` by static evaluation (exact when the
/// play ends the game).
#[inline]
pub fn play_equity<E: Evaluator + ?Sized>(eval: &E, play: &Play) -> f32 {
    match play.result() {
        Some(r) => r.points_for(play.mover()) as f32,
        None => -eval.equity(play.position()),
    }
}

/// Plays the best play by 0-ply evaluation.
pub struct GreedyPlayer<E> {
    pub eval: E,
    pub name: String,
}

impl<E: Evaluator> Player for GreedyPlayer<E> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, _: &Position, _: Dice, plays: &[Play]) -> usize {
        if plays.len() == 1 {
            return 0;
        }
        argmax_by(plays, |p| play_equity(&self.eval, p))
    }
}
