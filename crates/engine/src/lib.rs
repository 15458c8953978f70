//! The Plakoto engine at run time: what evaluates positions and chooses
//! plays, on top of the rules core. The neural evaluator (the shipped
//! network, with the exact bear-off database in races), the search over it,
//! the analysis front ends call (evaluations, ranked plays), and the
//! players and built-in levels. No training, duels or external programs:
//! those are the workshop's (`tavli-workshop`), which a server never links.
//!
//! Everything that evaluates is passed in:
//!
//! ```
//! use tavli_core::{Dice, Position};
//! use tavli_engine::{NeuralEval, Search, analysis};
//! // The shipped network without the bear-off database (loading that is a
//! // front end's explicit step: `bearoff::load_default`).
//! let search = Search::new(NeuralEval::shipped(None), 1);
//! let ranked = analysis::rank_plays(&search, &Position::start(), Dice::new(6, 4).unwrap());
//! println!("best: {} ({:+.3})", ranked[0].play, ranked[0].equity);
//! ```
//!
//! The modules, bottom up: [`Probabilities`] (the value type), the
//! [`Evaluator`] trait, the network and its inputs, the bear-off database,
//! [`NeuralEval`], the [`Analyzer`] trait and [`Search`], [`analysis`];
//! beside them the [`Player`] trait, the heuristic players (Plakoto's,
//! [`PortesHeuristic`] and [`FevgaHeuristic`]), the search player, and the
//! [`levels`]; the match equity tables ([`met`], and [`tavli_met`] for a
//! Tavli match). `docs/ARCHITECTURE.md` shows how they fit.

#![warn(missing_docs)]

pub mod analysis;
mod analyzer;
pub mod bearoff;
mod evaluator;
pub mod fastnet;
mod fevga_heuristic;
pub mod fevga_inputs;
mod game_evals;
mod heuristic;
pub mod inputs;
pub mod levels;
pub mod met;
mod net_cache;
mod net_game;
pub mod network;
mod neural;
mod player;
mod portes_features;
mod portes_heuristic;
pub mod portes_inputs;
mod probabilities;
pub mod review;
pub mod search;
mod search_player;
mod shipped;
pub mod tavli_met;
mod tavli_player;

pub use analyzer::{Analyzer, Scored};
pub use evaluator::Evaluator;
pub use fevga_heuristic::{FevgaHeuristic, fevga_heuristic_score};
pub use game_evals::{ByGame, GameCode, GameEvals, GameVisitor, for_game};
pub use heuristic::{HeuristicPlayer, heuristic_score};
pub use levels::{DEFAULT_LEVEL, LEVELS, Level, LevelKind};
pub use net_cache::NetCache;
pub use net_game::{NetEval, NetGame};
pub use neural::{NeuralEval, from_outputs, to_targets};
pub use player::{Player, RandomPlayer, argmax_by};
pub use portes_heuristic::PortesHeuristic;
pub use probabilities::Probabilities;
pub use search::{MAX_PLY, Search, SearchConfig};
pub use search_player::SearchPlayer;
pub use shipped::{shipped_fevga_network, shipped_network, shipped_portes_network};
pub use tavli_player::{TavliPlayer, of_game};
