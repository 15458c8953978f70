//! What front ends ask of the engine: an evaluation of a position and the
//! plays of a roll ranked, by whatever analyzer they pass in. The JSON
//! shapes are those of `tavli eval --json` and `tavli hint --json`
//! (INTERFACE.md).

use serde::Serialize;
use tavli_core::tavli::{GamePlay, GamePosition};
use tavli_core::{Dice, Move, Play, PlayError, Position, TurnBuilder};

use crate::analyzer::{Analyzer, Scored};
use crate::met::Objective;
use crate::probabilities::Probabilities;
use crate::search::MAX_PLY;

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

/// A play with its equity for the mover and the gap to the best play (a
/// Plakoto play unless said).
#[derive(Clone, Debug)]
pub struct RankedPlay<PL = Play> {
    /// The play.
    pub play: PL,
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
    /// At a match score, the mover's chance to win the match after the
    /// play (what the plays are ranked by); `None` when playing for points.
    pub match_winning_chance: Option<f64>,
}

impl<PL: Clone> RankedPlay<PL> {
    /// The ranked play of `plays[s.index]` as `s` scored it, `best_value`
    /// being the best play's figure, with the chance to win the match by
    /// `objective`.
    fn new(plays: &[PL], s: &Scored, best_value: f32, objective: &Objective) -> RankedPlay<PL> {
        RankedPlay {
            play: plays[s.index].clone(),
            probabilities: s.probabilities,
            equity: s.equity(),
            diff: best_value - s.value,
            ply: s.ply,
            value: s.value,
            match_winning_chance: objective.match_winning_chance(&s.probabilities),
        }
    }
}

/// Evaluates `pos` for the side on roll with `analyzer`.
///
/// ```
/// use tavli_core::Position;
/// use tavli_engine::{NeuralEval, Search, analysis};
/// let e = analysis::evaluate(&Search::new(NeuralEval::shipped(None), 0), &Position::start());
/// assert_eq!(e.ply, 0);
/// assert!((e.equity - e.probabilities.equity()).abs() < 1e-6);
/// ```
pub fn evaluate<P: GamePosition>(analyzer: &dyn Analyzer<P>, pos: &P) -> Evaluation {
    let probabilities = analyzer.evaluate(pos);
    Evaluation { probabilities, equity: probabilities.equity(), ply: analyzer.ply() }
}

/// The legal plays of `dice` in `pos`, best first as `analyzer` ranks them
/// (the best few at its full depth, the rest at the lower depths that
/// filtered them out, unless their figure would stand above a deeper one:
/// those are searched as deep); empty when the game is over. Any game's.
pub fn rank_plays<P: GamePosition>(analyzer: &dyn Analyzer<P>, pos: &P, dice: Dice) -> Vec<RankedPlay<P::Play>> {
    let plays = pos.legal_plays(dice);
    if plays.is_empty() {
        return Vec::new();
    }
    let scored = in_order(analyzer, &plays, analyzer.rank(&plays));
    let (best, objective) = (scored[0].value, analyzer.objective());
    scored.iter().map(|s| RankedPlay::new(&plays, s, best, &objective)).collect()
}

/// `scored`, the analyzer's ranking of `plays`, with every play whose
/// figure from a shallower search stands above a deeper-searched play's
/// searched as deep as the deepest, until none does: plays searched deeper
/// rank first, and figures of different depths are not comparable, so
/// without this a list could show a 1-ply 92.2% under a 2-ply 92.0%.
/// Best first, deeper first; the figures then never go up down the list.
fn in_order<P: GamePosition>(analyzer: &dyn Analyzer<P>, plays: &[P::Play], mut scored: Vec<Scored>) -> Vec<Scored> {
    let by_depth_then_value = |a: &Scored, b: &Scored| b.ply.cmp(&a.ply).then(b.value.total_cmp(&a.value));
    // Each round searches at least one more play to the full depth.
    for _ in 0..plays.len() {
        scored.sort_by(by_depth_then_value);
        let top = scored[0].ply;
        // The lowest figure among the plays searched deeper than each depth.
        let mut floor = [f32::INFINITY; MAX_PLY as usize + 1];
        for s in &scored {
            for d in 0..usize::from(s.ply.min(MAX_PLY)) {
                floor[d] = floor[d].min(s.value);
            }
        }
        let behind: Vec<usize> = (0..scored.len())
            .filter(|&i| scored[i].ply < top && scored[i].value > floor[usize::from(scored[i].ply.min(MAX_PLY))])
            .collect();
        if behind.is_empty() {
            break;
        }
        for i in behind {
            let index = scored[i].index;
            if let Some(&deeper) = analyzer.rank(std::slice::from_ref(&plays[index])).first() {
                scored[i] = Scored { index, ..deeper };
            }
        }
        // An analyzer that cannot search deeper (never the search) would loop to no end.
        if scored.iter().all(|s| s.ply == scored[0].ply) {
            break;
        }
    }
    scored.sort_by(by_depth_then_value);
    scored
}

/// The plays a turn can still become after the single moves made so far,
/// ranked, and what those moves have cost against the best play.
/// (Plakoto's unless said.)
#[derive(Clone, Debug)]
pub struct Continuations<PL = Play> {
    /// The plays that go on from the moves made, best first.
    pub plays: Vec<RankedPlay<PL>>,
    /// The best play of the whole roll.
    pub best: RankedPlay<PL>,
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
/// use tavli_core::{Dice, Move, Position};
/// use tavli_engine::{NeuralEval, Search, analysis};
/// let search = Search::new(NeuralEval::shipped(None), 0);
/// let c = analysis::rank_from(&search, &Position::start(), Dice::new(6, 4).unwrap(), &[Move::new(24, 18)]).unwrap();
/// assert!(c.loss >= 0.0);
/// assert!(c.plays.iter().all(|p| p.play.moves().contains(&Move::new(24, 18))));
/// ```
pub fn rank_from(
    analyzer: &dyn Analyzer<Position>,
    pos: &Position,
    dice: Dice,
    made: &[Move],
) -> Result<Continuations, PlayError> {
    if pos.outcome().is_some() {
        return Err(PlayError::GameOver);
    }
    let reachable = match made {
        [] => None,
        made => {
            let mut turn = TurnBuilder::new(pos, dice);
            for m in made {
                turn.play_move(m.from, m.to)?;
            }
            Some(turn.reachable_plays())
        }
    };
    continuations(analyzer, pos, dice, reachable.as_deref()).ok_or(PlayError::GameOver)
}

/// [`rank_from`] in any game, given the plays the turn can still become
/// after the moves made (the game's turn builder knows them; `None`
/// before the first move); `None` when the game is over.
pub fn continuations<P: GamePosition>(
    analyzer: &dyn Analyzer<P>,
    pos: &P,
    dice: Dice,
    reachable: Option<&[P::Play]>,
) -> Option<Continuations<P::Play>> {
    let all = rank_plays(analyzer, pos, dice);
    let best = all.first().cloned()?;
    let Some(reachable) = reachable else {
        return Some(Continuations { plays: all, best, loss: 0.0 });
    };
    let scored = in_order(analyzer, reachable, analyzer.rank(reachable));
    let top = scored.first().map_or(best.value, |s| s.value);
    let objective = analyzer.objective();
    let plays = scored.iter().map(|s| RankedPlay::new(reachable, s, best.value, &objective)).collect();
    Some(Continuations { plays, loss: (best.value - top).max(0.0), best })
}

/// How a play made compares with the others of its roll (a Plakoto play
/// unless said).
#[derive(Clone, Debug)]
pub struct Judgement<PL = Play> {
    /// 1 for the best play; plays that score the same share a rank.
    pub rank: usize,
    /// How many legal plays the roll had.
    pub of: usize,
    /// The play made, searched as deep as the best.
    pub played: RankedPlay<PL>,
    /// The best play.
    pub best: RankedPlay<PL>,
    /// The best play's equity minus the play made's (≥ 0).
    pub loss: f32,
}

/// Ranks the plays of `dice` in `pos` and says where `played` stands,
/// searched as deep as the best play (so the loss compares like with like);
/// `None` when `played` is not one of the legal plays. Any game's.
///
/// ```
/// use tavli_core::{Dice, Position};
/// use tavli_engine::{NeuralEval, Search, analysis};
/// let (pos, dice) = (Position::start(), Dice::new(6, 4).unwrap());
/// let search = Search::new(NeuralEval::shipped(None), 0);
/// let best = analysis::rank_plays(&search, &pos, dice)[0].play;
/// let j = analysis::judge(&search, &pos, dice, &best).unwrap();
/// assert_eq!((j.rank, j.loss), (1, 0.0));
/// ```
pub fn judge<P: GamePosition>(
    analyzer: &dyn Analyzer<P>,
    pos: &P,
    dice: Dice,
    played: &P::Play,
) -> Option<Judgement<P::Play>> {
    let all = rank_plays(analyzer, pos, dice);
    let best = all.first()?.clone();
    let mine = all.iter().find(|r| r.play.position() == played.position())?;
    let played = if mine.ply < best.ply {
        // Filtered out below the best's depth: search it as deep, and rank
        // it by that figure.
        let s = analyzer.rank(std::slice::from_ref(&mine.play))[0];
        RankedPlay::new(std::slice::from_ref(&mine.play), &Scored { index: 0, ..s }, best.value, &analyzer.objective())
    } else {
        mine.clone()
    };
    let better = all.iter().filter(|r| r.play.position() != played.play.position() && r.value > played.value).count();
    let loss = (best.value - played.value).max(0.0);
    Some(Judgement { rank: better + 1, of: all.len(), played, best, loss })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::met::MatchScore;
    use crate::{NeuralEval, Search};

    /// `hint AoMM6Y6P8pcAAAA 4-3 --score 1-0 --length 3` once listed a
    /// 2-ply 92.0% above a 1-ply 92.2%: the filters left the third play at
    /// 1-ply, and deeper plays rank first.
    fn the_issues_roll() -> (Position, Dice, Search<NeuralEval>) {
        let pos = Position::from_id("AoMM6Y6P8pcAAAA").unwrap();
        let score = MatchScore { length: 3, mine: 1, theirs: 0 };
        (pos, Dice::new(4, 3).unwrap(), Search::at_score(NeuralEval::shipped(None), 2, score))
    }

    #[test]
    fn a_ranking_never_shows_a_shallower_figure_above_a_deeper_one() {
        let (pos, dice, search) = the_issues_roll();
        let ranked = rank_plays(&search, &pos, dice);
        for w in ranked.windows(2) {
            assert!(w[0].ply >= w[1].ply, "deeper first");
            assert!(w[0].value >= w[1].value, "{} {} then {} {}", w[0].play, w[0].value, w[1].play, w[1].value);
            let (a, b) = (w[0].match_winning_chance.unwrap(), w[1].match_winning_chance.unwrap());
            assert!(a >= b, "{}: {a} then {}: {b}", w[0].play, w[1].play);
            assert!(w[1].diff >= w[0].diff);
        }
        // The loss is the figure ranked by, whose chance is shown: in a
        // match, the chance lost in points of the score, in proportion.
        let (best, second) = (&ranked[0], &ranked[1]);
        let per_chance = f64::from(best.value) / best.match_winning_chance.unwrap();
        let lost = best.match_winning_chance.unwrap() - second.match_winning_chance.unwrap();
        assert!((f64::from(second.diff) - lost * per_chance).abs() < 1e-3, "{} vs {}", second.diff, lost * per_chance);
    }

    #[test]
    fn a_play_judged_deeper_is_ranked_by_its_deeper_figure() {
        let (pos, dice, search) = the_issues_roll();
        let ranked = rank_plays(&search, &pos, dice);
        let shallow = ranked.iter().find(|r| r.ply < 2).expect("a play left below 2-ply");
        let j = judge(&search, &pos, dice, &shallow.play).unwrap();
        assert_eq!(j.played.ply, 2);
        let objective = search.objective();
        assert!((j.played.value - objective.value(&j.played.probabilities, true)).abs() < 1e-5, "{j:?}");
        assert!((j.loss - (j.best.value - j.played.value)).abs() < 1e-6);
        assert!((j.played.diff - j.loss).abs() < 1e-6);
    }
}
