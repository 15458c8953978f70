//! Plakoto players and analysis on top of the rules core: the random and
//! heuristic baselines, the neural evaluator with search, the bear-off
//! database, self-play training and duels. Front ends only call this crate.

pub mod analysis;
pub mod bearoff;
pub mod duel;
pub mod engine;
pub mod eval;
pub mod external;
pub mod fastnet;
pub mod greedy;
pub mod heuristic;
pub mod inputs;
pub mod levels;
pub mod network;
pub mod player;
pub mod search;
pub mod train;

pub use heuristic::HeuristicPlayer;
pub use levels::{DEFAULT_LEVEL, LEVELS, builtin_player, player_by_name};
pub use player::{Player, RandomPlayer};
