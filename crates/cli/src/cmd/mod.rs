//! One module per subcommand.

pub mod bearoff;
pub mod bench;
pub mod benchmark;
pub mod dataset;
pub mod distill;
pub mod duel;
pub mod engine;
pub mod eval;
pub mod hint;
pub mod met;
pub mod moves;
pub mod perft;
pub mod play;
pub mod progress;
pub mod replay;
pub mod review;
pub mod rollout;
pub mod serve;
pub mod train;
pub mod verify;

use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, Result, anyhow, bail};
use tavli_core::tavli::{AnyPosition, GameKind, MatchGames};
use tavli_core::{Dice, Position, parse_position};
use tavli_engine::NeuralEval;
use tavli_engine::bearoff::{Origin, load_default};
use tavli_engine::network::Network;

/// The evaluator of the engine levels: the shipped network with the exact
/// bear-off database, loaded here once (read from the cache file, or built
/// in a few seconds and saved there, which is said on stderr).
pub fn engine_eval() -> NeuralEval {
    let t = Instant::now();
    let (db, origin) = load_default();
    let secs = t.elapsed().as_secs_f64();
    match origin {
        Origin::Saved { path, reason } => {
            eprintln!("tavli: built the bear-off database in {secs:.1} s ({reason}); saved to {}", path.display())
        }
        Origin::InMemory { reason } => {
            eprintln!("tavli: built the bear-off database in {secs:.1} s, kept in memory only: {reason}")
        }
        Origin::Read(_) => {}
    }
    NeuralEval::shipped(Some(Arc::new(db)))
}

/// The network in a weights file (from `tavli train`, `distill fit` or
/// `ensemble`), with an error naming the file.
pub fn read_network(path: &Path) -> Result<Network> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    Network::from_bytes_of(GameKind::Plakoto, &bytes).map_err(|e| anyhow!("{}: {e}", path.display()))
}

/// The network of `weights` (default: the shipped one) with the bear-off
/// database, as the levels see positions.
pub fn weights_eval(weights: Option<&Path>) -> Result<NeuralEval> {
    let base = engine_eval();
    Ok(match weights {
        Some(p) => NeuralEval::with_bearoff(Arc::new(read_network(p)?), base.bearoff().cloned()),
        None => base,
    })
}

/// A game with a network of its own, for the commands that make or
/// measure networks (`train`, `dataset`, `benchmark`): a named game is
/// refused, naming the game whose network plays it.
pub fn network_game(text: &str) -> Result<GameKind, String> {
    let game = GameKind::parse(text).map_err(|e| e.to_string())?;
    if game.is_named() {
        return Err(format!(
            "{} is played by {}'s network: give --game {}",
            game.title(),
            game.base().title(),
            game.base()
        ));
    }
    Ok(game)
}

/// POSITION as the commands take it: `start`, position JSON, a position ID,
/// or `-` to read it from standard input.
pub fn position_arg(text: &str) -> Result<Position> {
    let text = position_text(text)?;
    match AnyPosition::parse(&text, None) {
        Ok(AnyPosition::Plakoto(pos)) => Ok(pos),
        // Another game's position: read, but not this command's.
        Ok(other) => bail!(
            "this is a {} position: this command takes Plakoto positions only, for now (`eval`, `hint` and \
             `rollout` take every game's; `tavli moves` lists any game's plays)",
            play::tavli_text::game_name(play::text::Lang::En, other.kind())
        ),
        Err(_) => parse_position(&text).map_err(|e| anyhow!("bad POSITION: {e}")),
    }
}

/// The evaluator of each game's levels: its shipped network, with the
/// bear-off database for races (loaded once, as [`engine_eval`] says).
pub fn game_evals() -> tavli_engine::GameEvals {
    tavli_engine::GameEvals::around(engine_eval())
}

/// Says on stderr when game `P` has no trained network yet, so that the
/// evaluation its levels, `eval` and `hint` give is its stand-in's.
pub fn note_stand_in<P: tavli_engine::NetGame>() {
    if P::shipped().is_none() {
        eprintln!(
            "tavli: {} has no trained network yet: these figures are a stand-in's, set by hand \
             (`tavli train --game {}` makes a network; `net:PATH` plays one)",
            P::KIND.title(),
            P::KIND
        );
    }
}

/// A position of any game for the commands that take every game: `start`
/// means the start of `game` (Plakoto's without it), JSON says its own game.
pub fn any_position_arg(text: &str, game: Option<GameKind>) -> Result<AnyPosition> {
    AnyPosition::parse(&position_text(text)?, game).map_err(|e| anyhow!("bad POSITION: {e}"))
}

/// The POSITION argument's text, read from stdin for `-`.
fn position_text(text: &str) -> Result<std::borrow::Cow<'_, str>> {
    if text == "-" {
        let owned = std::io::read_to_string(std::io::stdin().lock()).context("reading the position from stdin")?;
        Ok(owned.into())
    } else {
        Ok(text.into())
    }
}

pub fn dice_arg(text: &str) -> Result<Dice> {
    text.parse().map_err(|e| anyhow!("bad DICE: {e}"))
}

/// The shard named by option `flag` (`I/N`), or the whole when it is not
/// given.
pub fn shard_arg(text: Option<&str>, flag: &str) -> Result<tavli_workshop::rollout::Shard> {
    use tavli_workshop::rollout::Shard;
    Ok(text.map(Shard::parse).transpose().map_err(|e| anyhow!("{flag} {e}"))?.unwrap_or(Shard::ALL))
}

/// A match score for the analysis commands: `--score A-B --length N`.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct ScoreArgs {
    /// The match score, the side on roll's first: `2-1` (needs --length).
    #[arg(long, value_name = "A-B", requires = "length")]
    pub score: Option<String>,
    /// The match length, for --score.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(2..=25))]
    pub length: Option<u32>,
    /// With --score: a Tavli match's score (Portes, Plakoto, Fevga and
    /// round again), valued by the Tavli table with the position's game
    /// being played, instead of a match of that game alone.
    #[arg(long, requires = "score", conflicts_with = "tabla")]
    pub tavli: bool,
    /// With --score: a Tabla match's score (Tabla, Gul bara, Tapa and
    /// round again), valued by the Tabla table with the position's game
    /// being played (a Portes position is Tabla's, a Plakoto one Tapa's).
    #[arg(long, requires = "score")]
    pub tabla: bool,
}

impl ScoreArgs {
    /// The games of the match the score is of, for a position of `game`.
    pub fn games(&self, game: GameKind) -> MatchGames {
        if self.tavli {
            MatchGames::Tavli
        } else if self.tabla {
            MatchGames::Tabla
        } else {
            MatchGames::Only(game)
        }
    }

    /// The score these options give, from the side on roll's view: a
    /// single game when no score is given.
    pub fn score(&self) -> Result<tavli_engine::met::MatchScore> {
        let (Some(score), Some(length)) = (&self.score, self.length) else {
            return Ok(tavli_engine::met::MatchScore::SINGLE_GAME);
        };
        let bad = || anyhow!("bad --score `{score}`: write the side on roll's points, then the opponent's, like 2-1");
        let (a, b) = score.split_once('-').ok_or_else(bad)?;
        let (a, b): (u32, u32) = (a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?);
        if a >= length || b >= length {
            return Err(anyhow!("--score {a}-{b}: in a match to {length} both sides need points still"));
        }
        Ok(tavli_engine::met::MatchScore { length, mine: a, theirs: b })
    }
}
