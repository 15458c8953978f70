//! Named players and levels: what `plakoto play --level`, `duel` and the web
//! app accept. The README gives each level's measured strength and speed.

use crate::engine::{EngineEval, NeuralPlayer};
use std::sync::Arc;

use crate::external::ExternalPlayer;
use crate::heuristic::HeuristicPlayer;
use crate::network::Network;
use crate::player::{Player, RandomPlayer};

/// A built-in player and what it is.
pub struct Level {
    pub name: &'static str,
    pub about: &'static str,
    /// Search depth and equity noise for the neural levels.
    neural: Option<(u8, f32)>,
}

/// The built-in players, weakest first.
pub const LEVELS: &[Level] = &[
    Level { name: "random", about: "any legal play, at random", neural: None },
    Level {
        name: "beginner",
        about: "the network with heavy noise: knows the ideas, blunders often",
        neural: Some((0, 0.35)),
    },
    Level { name: "heuristic", about: "hand-written evaluation: race, pins, mothers, blots, blocks", neural: None },
    Level { name: "casual", about: "the network with light noise: sound, with the odd slip", neural: Some((0, 0.10)) },
    Level { name: "advanced", about: "the network at 0-ply: instant, strong", neural: Some((0, 0.0)) },
    Level { name: "expert", about: "1-ply search over the opponent's 21 rolls", neural: Some((1, 0.0)) },
    Level { name: "master", about: "2-ply search with move filters: the strongest", neural: Some((2, 0.0)) },
];

/// The default opponent in `play` and the web app.
pub const DEFAULT_LEVEL: &str = "expert";

/// Builds a player by name: a built-in one, or `external:COMMAND` for a
/// program speaking the engine protocol, or `net:PATH` for a weights file
/// (`seed` makes random choices reproducible). For names that come from
/// files or the network use [`builtin_player`], which never starts a
/// program or reads a file.
pub fn player_by_name(name: &str, seed: u64) -> Result<Box<dyn Player>, String> {
    if let Some(cmd) = name.strip_prefix("external:") {
        if cmd.trim().is_empty() {
            return Err("`external:` needs a command, e.g. `external:plakoto engine --level expert`".into());
        }
        return Ok(Box::new(ExternalPlayer::new(cmd)));
    }
    if let Some(rest) = name.strip_prefix("net") {
        return weights_player(name, rest, seed);
    }
    builtin_player(name, seed)
}

/// Builds one of the built-in [`LEVELS`] by name, and nothing else.
pub fn builtin_player(name: &str, seed: u64) -> Result<Box<dyn Player>, String> {
    let level = LEVELS.iter().find(|l| l.name == name).ok_or_else(|| {
        format!(
            "unknown level `{}`; the levels are: {}",
            name.chars().filter(|c| !c.is_control()).take(40).collect::<String>(),
            LEVELS.iter().map(|l| l.name).collect::<Vec<_>>().join(", ")
        )
    })?;
    Ok(match (level.name, level.neural) {
        ("random", _) => Box::new(RandomPlayer::new(seed)),
        (_, Some((ply, noise))) => {
            Box::new(NeuralPlayer::new(level.name, EngineEval::shipped().clone(), ply, noise, seed))
        }
        _ => Box::new(HeuristicPlayer),
    })
}

/// `net:PATH` (0-ply) or `net@N:PATH` (N-ply): the network in a weights
/// file, for comparing training runs in duels.
fn weights_player(name: &str, rest: &str, seed: u64) -> Result<Box<dyn Player>, String> {
    let usage = || format!("`{name}`: write `net:PATH` or `net@PLY:PATH` (PLY 0 to 2)");
    let (ply, path) = match rest.strip_prefix('@') {
        Some(r) => {
            let (p, path) = r.split_once(':').ok_or_else(usage)?;
            (p.parse::<u8>().ok().filter(|&p| p <= 2).ok_or_else(usage)?, path)
        }
        None => (0, rest.strip_prefix(':').ok_or_else(usage)?),
    };
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let net = Network::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
    Ok(Box::new(NeuralPlayer::new(name, EngineEval::new(Arc::new(net)), ply, 0.0, seed)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_builds_and_unknown_names_say_what_exists() {
        for l in LEVELS {
            assert_eq!(player_by_name(l.name, 1).unwrap().name(), l.name);
        }
        let e = player_by_name("grandmaster", 1).err().unwrap();
        assert!(e.contains("master") && e.contains("random"), "{e}");
        assert!(builtin_player("external:true", 1).is_err());
        assert!(builtin_player("net:/etc/passwd", 1).is_err());
        assert!(LEVELS.iter().any(|l| l.name == DEFAULT_LEVEL));
    }
}
