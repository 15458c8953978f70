//! A benchmark of best play: decisions (a position and its roll) taken from
//! games between levels of different strength, each with its sensible
//! plays rolled out, and the error rate of a player on them: the mean
//! equity it loses per decision against the rollout's best play, in
//! thousandths of a point, as gnubg reports it.
//!
//! Most decisions of a game are easy (a forced play, one obvious play), so
//! only real ones are kept: at least two plays within [`CLOSE`] of the best
//! by a 1-ply search. Their candidates (the plays within [`CANDIDATE_MARGIN`]
//! of the best, at most [`MAX_CANDIDATES`]) are rolled out on the same dice.
//!
//! The decisions and their files are in `decision`, building a set in
//! `build`, scoring players on it in `score`; their items are
//! re-exported here.

mod build;
mod decision;
mod score;

pub use build::{find_decisions, join, merge, real_decisions_per_game, reroll, roll_out};
pub use decision::{
    BenchGame, CANDIDATE_MARGIN, CLOSE, Candidate, Category, Decision, MAX_CANDIDATES, Outside, read, write,
};
pub use score::{ErrorRate, Halves, choices, error_rate, noise_floor, score};
