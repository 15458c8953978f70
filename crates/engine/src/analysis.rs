//! What front ends ask of the engine: an evaluation of a position and the
//! plays of a roll ranked by equity. The JSON shapes are those of
//! `plakoto eval --json` and `plakoto hint --json` (INTERFACE.md).

use plakoto_core::{Dice, Play, Position};
use serde::Serialize;

use crate::heuristic::heuristic_score;

/// Outcome probabilities for the side on roll. `win` includes `win_double`;
/// `lose` (= 1 − win − draw) includes `lose_double`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Probabilities {
    pub win: f32,
    pub win_double: f32,
    pub lose: f32,
    pub lose_double: f32,
    pub draw: f32,
}

impl Probabilities {
    /// Expected points for the side on roll.
    pub fn equity(&self) -> f32 {
        self.win + self.win_double - self.lose - self.lose_double
    }

    /// The same outcomes seen by the other side.
    pub fn flip(&self) -> Probabilities {
        Probabilities {
            win: self.lose,
            win_double: self.lose_double,
            lose: self.win,
            lose_double: self.win_double,
            draw: self.draw,
        }
    }
}

/// An evaluation of a position for the side on roll.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Evaluation {
    pub probabilities: Probabilities,
    pub equity: f32,
    pub ply: u8,
}

/// A play with its equity for the mover and the gap to the best play.
#[derive(Clone, Debug)]
pub struct RankedPlay {
    pub play: Play,
    pub probabilities: Probabilities,
    pub equity: f32,
    /// Best equity minus this one (0 for the best play).
    pub diff: f32,
}

/// Squashes the heuristic score into pseudo-probabilities (a stand-in until
/// the neural evaluator is wired in).
fn heuristic_probabilities(pos: &Position) -> Probabilities {
    if let Some(r) = pos.outcome() {
        let pts = r.points_for(pos.turn());
        return Probabilities {
            win: f32::from(pts > 0),
            win_double: f32::from(pts > 1),
            lose: f32::from(pts < 0),
            lose_double: f32::from(pts < -1),
            draw: f32::from(r.winner.is_none()),
        };
    }
    let win = 1.0 / (1.0 + (-heuristic_score(pos)).exp());
    Probabilities { win, win_double: 0.0, lose: 1.0 - win, lose_double: 0.0, draw: 0.0 }
}

/// Evaluates `pos` for the side on roll.
pub fn evaluate(pos: &Position, ply: u8) -> Evaluation {
    let probabilities = heuristic_probabilities(pos);
    Evaluation { probabilities, equity: probabilities.equity(), ply }
}

/// The legal plays of `dice` in `pos`, best first.
pub fn rank_plays(pos: &Position, dice: Dice, ply: u8) -> Vec<RankedPlay> {
    let mut ranked: Vec<RankedPlay> = pos
        .legal_plays(dice)
        .into_iter()
        .map(|play| {
            let probabilities = match play.result() {
                Some(_) => heuristic_probabilities(play.position()),
                None => heuristic_probabilities(play.position()).flip(),
            };
            RankedPlay { play, probabilities, equity: probabilities.equity(), diff: 0.0 }
        })
        .collect();
    let _ = ply;
    ranked.sort_by(|a, b| b.equity.total_cmp(&a.equity));
    let best = ranked.first().map_or(0.0, |r| r.equity);
    for r in &mut ranked {
        r.diff = best - r.equity;
    }
    ranked
}
