//! What front ends ask of the engine: an evaluation of a position and the
//! plays of a roll ranked by equity. The JSON shapes are those of
//! `plakoto eval --json` and `plakoto hint --json` (INTERFACE.md).

use plakoto_core::{Dice, Play, Position};
use serde::Serialize;

use crate::engine::EngineEval;
use crate::search::{SearchConfig, rank, value};

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
    /// The depth this play was searched to.
    pub ply: u8,
}

/// The deepest search the analysis functions run (2-ply).
pub const MAX_PLY: u8 = 2;

/// Evaluates `pos` for the side on roll, looking `ply` plies ahead (at most
/// [`MAX_PLY`]).
pub fn evaluate(pos: &Position, ply: u8) -> Evaluation {
    let ply = ply.min(MAX_PLY);
    let probabilities = value(EngineEval::shipped(), pos, ply, &SearchConfig::default());
    Evaluation { probabilities, equity: probabilities.equity(), ply }
}

/// The legal plays of `dice` in `pos`, best first, searched up to `ply`
/// plies (the best few at the full depth, the rest at lower plies).
pub fn rank_plays(pos: &Position, dice: Dice, ply: u8) -> Vec<RankedPlay> {
    let plays = pos.legal_plays(dice);
    if plays.is_empty() {
        return Vec::new();
    }
    let scored = rank(EngineEval::shipped(), &plays, ply.min(MAX_PLY), &SearchConfig::default());
    let best = scored[0].equity();
    scored
        .into_iter()
        .map(|s| RankedPlay {
            play: plays[s.index],
            probabilities: s.probabilities,
            equity: s.equity(),
            diff: best - s.equity(),
            ply: s.ply,
        })
        .collect()
}
