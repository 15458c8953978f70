//! The 0-ply player of training's strength checks: picks the play whose
//! resulting position the evaluator likes best for the mover (without the
//! search machinery, so checks during training stay fast). One player for
//! every game with an evaluator.

use tavli_core::Dice;
use tavli_core::tavli::{GamePlay, GamePosition};

use tavli_engine::{Evaluator, Player, Probabilities};

/// The mover's equity after `play` by static evaluation (exact when the
/// play ends the game: the final position keeps the mover on roll; and
/// the position's own when the mover plays on, as after a Gul bara stage).
#[inline]
pub fn play_equity<P: GamePosition, E: Evaluator<P> + ?Sized>(eval: &E, play: &P::Play) -> f32 {
    let after = play.position();
    match play.result() {
        Some(_) => Probabilities::exact(&after).map_or(0.0, |p| p.equity()),
        None if play.keeps_turn() => eval.equity(&after),
        None => -eval.equity(&after),
    }
}

/// Plays the best play by 0-ply evaluation.
pub struct GreedyPlayer<E> {
    /// What scores the resulting positions.
    pub eval: E,
    /// The name duel reports use.
    pub name: String,
}

impl<P: GamePosition, E: Evaluator<P>> Player<P> for GreedyPlayer<E> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, _: &P, _: Dice, plays: &[P::Play]) -> usize {
        if plays.len() == 1 {
            return 0;
        }
        let mut best = (0, f32::NEG_INFINITY);
        for (i, p) in plays.iter().enumerate() {
            let e = play_equity(&self.eval, p);
            if e > best.1 {
                best = (i, e);
            }
        }
        best.0
    }
}
