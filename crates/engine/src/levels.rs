//! Named players and levels: what `plakoto play --level`, `duel` and the
//! web app accept.

use crate::heuristic::HeuristicPlayer;
use crate::player::{Player, RandomPlayer};

/// A built-in player and what it is.
pub struct Level {
    pub name: &'static str,
    pub about: &'static str,
}

/// The built-in players, weakest first.
pub const LEVELS: &[Level] = &[
    Level { name: "random", about: "plays any legal play at random" },
    Level { name: "heuristic", about: "hand-written evaluation: race, pins, mothers, blots, blocks" },
];

/// The default opponent in `play` and the web app.
pub const DEFAULT_LEVEL: &str = "heuristic";

/// Builds a built-in player by name (`seed` makes random choices reproducible).
pub fn player_by_name(name: &str, seed: u64) -> Result<Box<dyn Player>, String> {
    match name {
        "random" => Ok(Box::new(RandomPlayer::new(seed))),
        "heuristic" => Ok(Box::new(HeuristicPlayer)),
        _ => Err(format!(
            "unknown player `{}`; built-in players are: {}",
            name.chars().take(40).collect::<String>(),
            LEVELS.iter().map(|l| l.name).collect::<Vec<_>>().join(", ")
        )),
    }
}
