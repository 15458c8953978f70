//! What front ends ask of the engine: an evaluation of a position and the
//! plays of a roll ranked, by whatever analyzer they pass in. The JSON
//! shapes are those of `plakoto eval --json` and `plakoto hint --json`
//! (INTERFACE.md).

use plakoto_core::{Dice, Move, Play, PlayError, Position, TurnBuilder};
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
    /// What the best play is ahead of this one by (0 for the best): in
    /// equity, or at a match score in match-winning chance converted to
    /// points (see `search::Objective`).
    pub diff: f32,
    /// The depth this play was searched to.
    pub ply: u8,
    /// What the analyzer ranked by (the equity, or at a match score the
    /// match-winning chance in points of a single game).
    pub value: f32,
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
    let best = scored[0].value;
    scored
        .into_iter()
        .map(|s| RankedPlay {
            play: plays[s.index],
            probabilities: s.probabilities,
            equity: s.equity(),
            diff: best - s.value,
            ply: s.ply,
            value: s.value,
        })
        .collect()
}

/// The plays a turn can still become after the single moves made so far,
/// ranked, and what those moves have cost against the best play.
#[derive(Clone, Debug)]
pub struct Continuations {
    /// The plays that go on from the moves made, best first.
    pub plays: Vec<RankedPlay>,
    /// The best play of the whole roll.
    pub best: RankedPlay,
    /// The best play's equity minus the best continuation's (0 when the
    /// moves made are the start of a best play).
    pub loss: f32,
}

/// Ranks the plays that go on from the single moves `made` (mover's
/// numbering) of the roll `dice` in `pos`, and says what the moves made
/// cost; the reason when a move is not legal. With no moves made, the
/// continuations are every play and the loss 0.
///
/// ```
/// use plakoto_core::{Dice, Move, Position};
/// use plakoto_engine::{NeuralEval, Search, analysis};
/// let search = Search::new(NeuralEval::shipped(None), 0);
/// let c = analysis::rank_from(&search, &Position::start(), Dice::new(6, 4).unwrap(), &[Move::new(24, 18)]).unwrap();
/// assert!(c.loss >= 0.0);
/// assert!(c.plays.iter().all(|p| p.play.moves().contains(&Move::new(24, 18))));
/// ```
pub fn rank_from(
    analyzer: &dyn Analyzer,
    pos: &Position,
    dice: Dice,
    made: &[Move],
) -> Result<Continuations, PlayError> {
    let all = rank_plays(analyzer, pos, dice);
    let best = all.first().cloned().ok_or(PlayError::GameOver)?;
    if made.is_empty() {
        return Ok(Continuations { plays: all, best, loss: 0.0 });
    }
    let mut turn = TurnBuilder::new(pos, dice);
    for m in made {
        turn.play_move(m.from, m.to)?;
    }
    let reachable = turn.reachable_plays();
    let scored = analyzer.rank(&reachable);
    let top = scored.first().map_or(best.value, |s| s.value);
    let plays = scored
        .iter()
        .map(|s| RankedPlay {
            play: reachable[s.index],
            probabilities: s.probabilities,
            equity: s.equity(),
            diff: best.value - s.value,
            ply: s.ply,
            value: s.value,
        })
        .collect();
    Ok(Continuations { plays, loss: (best.value - top).max(0.0), best })
}

/// How a play made compares with the others of its roll.
#[derive(Clone, Debug)]
pub struct Judgement {
    /// 1 for the best play; plays that score the same share a rank.
    pub rank: usize,
    /// How many legal plays the roll had.
    pub of: usize,
    /// The play made, searched as deep as the best.
    pub played: RankedPlay,
    /// The best play.
    pub best: RankedPlay,
    /// The best play's equity minus the play made's (≥ 0).
    pub loss: f32,
}

/// Ranks the plays of `dice` in `pos` and says where `played` stands,
/// searched as deep as the best play (so the loss compares like with like);
/// `None` when `played` is not one of the legal plays.
///
/// ```
/// use plakoto_core::{Dice, Position};
/// use plakoto_engine::{NeuralEval, Search, analysis};
/// let (pos, dice) = (Position::start(), Dice::new(6, 4).unwrap());
/// let search = Search::new(NeuralEval::shipped(None), 0);
/// let best = analysis::rank_plays(&search, &pos, dice)[0].play;
/// let j = analysis::judge(&search, &pos, dice, &best).unwrap();
/// assert_eq!((j.rank, j.loss), (1, 0.0));
/// ```
pub fn judge(analyzer: &dyn Analyzer, pos: &Position, dice: Dice, played: &Play) -> Option<Judgement> {
    let all = rank_plays(analyzer, pos, dice);
    let best = all.first()?.clone();
    let mine = all.iter().find(|r| r.play.position() == played.position())?;
    let played = if mine.ply < best.ply {
        // Filtered out below the best's depth: search it as deep.
        let s = analyzer.rank(std::slice::from_ref(&mine.play))[0];
        RankedPlay {
            probabilities: s.probabilities,
            equity: s.equity(),
            diff: best.equity - s.equity(),
            ply: s.ply,
            ..mine.clone()
        }
    } else {
        mine.clone()
    };
    let better = all.iter().filter(|r| r.play.position() != played.play.position() && r.value > played.value).count();
    let loss = (best.value - played.value).max(0.0);
    Some(Judgement { rank: better + 1, of: all.len(), played, best, loss })
}
