//! The `Analyzer` trait: what evaluates positions and ranks the plays of a
//! roll at some strength. The search over an evaluator
//! ([`Search`](crate::Search)) is one; analysis, hints and the engine
//! levels take an analyzer as an argument, so the same code serves another
//! network, a deeper search, and later rollouts and play by the match score.

use tavli_core::tavli::GamePosition;

use crate::probabilities::Probabilities;

/// A play of a roll as an analyzer judged it.
#[derive(Clone, Copy, Debug)]
pub struct Scored {
    /// The play's index in the list that was ranked.
    pub index: usize,
    /// The probabilities for the mover after the play.
    pub probabilities: Probabilities,
    /// The depth the play was searched to (cheap filters leave most plays
    /// at a lower depth than the best).
    pub ply: u8,
    /// What the analyzer ranked by, for the mover: the equity in money
    /// play; at a match score the match-winning chance in points of a
    /// single game (see `search::Objective`).
    pub value: f32,
}

impl Scored {
    /// The mover's equity after the play.
    pub fn equity(&self) -> f32 {
        self.probabilities.equity()
    }
}

/// Evaluates positions and ranks plays of the game whose positions are `P`
/// (Plakoto's unless said, so `dyn Analyzer` is a Plakoto analyzer).
pub trait Analyzer<P: GamePosition>: Send + Sync {
    /// The depth this analyzer searches to, in plies (0: static evaluation).
    fn ply(&self) -> u8;

    /// The probabilities for the side on roll in `pos`.
    fn evaluate(&self, pos: &P) -> Probabilities;

    /// `plays`, the legal plays of one roll (never empty), best first for
    /// the mover.
    fn rank(&self, plays: &[P::Play]) -> Vec<Scored>;

    /// Plays for `objective` from now on (points, or the match-winning
    /// chance at a score); analyzers that cannot ignore it.
    fn set_objective(&mut self, _objective: crate::met::Objective) {}

    /// What this analyzer ranks by (points unless told otherwise).
    fn objective(&self) -> crate::met::Objective {
        crate::met::Objective::Money
    }

    /// Ranks from now on by `deadline` (`None`: no limit): an analyzer
    /// that can search less deep gives up the plies not done by then (the
    /// search, [`crate::SearchConfig::deadline`]); the others ignore it.
    fn set_deadline(&mut self, _deadline: Option<std::time::Instant>) {}
}
