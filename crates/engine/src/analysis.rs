//! What front ends ask of the engine: an evaluation of a position and the
//! plays of a roll ranked, by whatever analyzer they pass in. The JSON
//! shapes are those of `plakoto eval --json` and `plakoto hint --json`
//! (INTERFACE.md).

use plakoto_core::{Dice, Play, Position};
use serde::Serialize;

use crate::analyzer::Analyzer;
use crate::probabilities::Probabilities;

/// An evaluation of a position for the side on roll.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Evaluation {
    /// The outcome probabilities.
    pub probabilities: Probabilities,
    /// The expected points.
    pub equity: f32,
    /// The depth it was searched to.
    pub ply: u8,
}

/// A play with its equity for the mover and the gap to the best play.
#[derive(Clone, Debug)]
pub struct RankedPlay {
    /// The play.
    pub play: Play,
    /// The probabilities for the mover after it.
    pub probabilities: Probabilities,
    /// The mover's equity after it.
    pub equity: f32,
    /// Best equity minus this one (0 for the best play).
    pub diff: f32,
    /// The depth this play was searched to.
    pub ply: u8,
}

/// Evaluates `pos` for the side on roll with `analyzer`.
///
/// ```
/// use plakoto_core::Position;
/// use plakoto_engine::{NeuralEval, Search, analysis};
/// let e = analysis::evaluate(&Search::new(NeuralEval::shipped(None), 0), &Position::start());
/// assert_eq!(e.ply, 0);
/// assert!((e.equity - e.probabilities.equity()).abs() < 1e-6);
/// ```
pub fn evaluate(analyzer: &dyn Analyzer, pos: &Position) -> Evaluation {
    let probabilities = analyzer.evaluate(pos);
    Evaluation { probabilities, equity: probabilities.equity(), ply: analyzer.ply() }
}

/// The legal plays of `dice` in `pos`, best first as `analyzer` ranks them
/// (the best few at its full depth, the rest at the lower depths that
/// filtered them out); empty when the game is over.
pub fn rank_plays(analyzer: &dyn Analyzer, pos: &Position, dice: Dice) -> Vec<RankedPlay> {
    let plays = pos.legal_plays(dice);
    if plays.is_empty() {
        return Vec::new();
    }
    let scored = analyzer.rank(&plays);
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
