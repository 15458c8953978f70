//! The Plakoto workshop: the offline work around the engine. Self-play
//! training of the network with its log and plot ([`train`]) and
//! supervised training on search targets ([`distill`]) and where the
//! network departs from them ([`gap`]), duels of two
//! players over paired dice ([`duel`]), play-outs from any position with
//! any dice ([`playout`]), rollouts as the ground truth of strength
//! ([`rollout`]) and the benchmark of best play built on them
//! ([`benchmark`]), game review judged by rollouts ([`review`]), players that are external programs speaking the
//! engine protocol ([`external`]), weights files, or deciding by rollouts
//! ([`rollout_player`]), and the names that choose them ([`players`]);
//! each game's outcomes for its starter measured by self-play ([`starts`]),
//! which the Tavli match equity table is built from.
//!
//! It sits beside the runtime engine (`tavli-engine`), which a server
//! links alone: nothing here runs in a web request.

#![warn(missing_docs)]

pub mod benchmark;
pub mod distill;
pub mod duel;
pub mod external;
pub mod gap;
pub mod greedy;
pub mod players;
pub mod playout;
pub mod review;
pub mod rollout;
pub mod rollout_player;
pub mod starts;
pub mod supervised;
pub mod train;
