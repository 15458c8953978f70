//! The 0-ply player of training's strength checks: picks the play whose
//! resulting position the evaluator likes best for the mover (without the
//! search machinery, so checks during training stay fast).

use plakoto_core::{Dice, Play, Position};

use plakoto_engine::{Evaluator, Player, argmax_by};

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
    /// What scores the resulting positions.
    pub eval: E,
    /// The name duel reports use.
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
