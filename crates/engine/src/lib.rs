//! The Tavli engine at run time: what evaluates positions and chooses
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
mod category;
mod evaluator;
pub mod fastnet;
mod game_evals;
pub mod games;
pub mod inputs;
pub mod levels;
pub mod met;
mod net_cache;
mod net_game;
pub mod network;
mod neural;
mod player;
mod probabilities;
pub mod review;
pub mod search;
mod search_player;
mod shipped;
pub mod tavli_met;
mod tavli_player;

pub use analyzer::{Analyzer, Scored};
pub use category::Category;
pub use evaluator::Evaluator;
pub use game_evals::GameEvals;
pub use games::fevga::heuristic::{FevgaHeuristic, fevga_heuristic_score};
pub use games::gulbara::heuristic::{GulBaraHeuristic, gulbara_heuristic_score};
pub use games::plakoto::NeuralEval;
pub use games::plakoto::heuristic::{HeuristicPlayer, heuristic_score};
pub use games::portes::heuristic::PortesHeuristic;
pub use games::{ByGame, GameCode, GameVisitor, for_game};
pub use levels::{DEFAULT_LEVEL, LEVELS, Level, LevelKind};
pub use net_cache::NetCache;
pub use net_game::{NetEval, NetGame};
pub use neural::{from_outputs, to_targets};
pub use player::{Player, RandomPlayer, argmax_by};
pub use probabilities::Probabilities;
pub use search::{MAX_PLY, Search, SearchConfig};
pub use search_player::SearchPlayer;
pub use tavli_player::{TavliPlayer, of_game};
