//! One module per subcommand.

pub mod bearoff;
pub mod bench;
pub mod duel;
pub mod engine;
pub mod eval;
pub mod hint;
pub mod moves;
pub mod perft;
pub mod play;
pub mod replay;
pub mod rollout;
pub mod serve;
pub mod train;

use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, Result, anyhow};
use plakoto_core::{Dice, Position, parse_position};
use plakoto_engine::NeuralEval;
use plakoto_engine::bearoff::{Origin, load_default};

/// The evaluator of the engine levels: the shipped network with the exact
/// bear-off database, loaded here once (read from the cache file, or built
/// in a few seconds and saved there, which is said on stderr).
pub fn engine_eval() -> NeuralEval {
    let t = Instant::now();
    let (db, origin) = load_default();
    let secs = t.elapsed().as_secs_f64();
    match origin {
        Origin::Saved { path, reason } => {
            eprintln!("plakoto: built the bear-off database in {secs:.1} s ({reason}); saved to {}", path.display())
        }
        Origin::InMemory { reason } => {
            eprintln!("plakoto: built the bear-off database in {secs:.1} s, kept in memory only: {reason}")
        }
        Origin::Read(_) => {}
    }
    NeuralEval::shipped(Some(Arc::new(db)))
}

/// POSITION as the commands take it: `start`, position JSON, a position ID,
/// or `-` to read it from standard input.
pub fn position_arg(text: &str) -> Result<Position> {
    let owned;
    let text = if text == "-" {
        owned = std::io::read_to_string(std::io::stdin().lock()).context("reading the position from stdin")?;
        owned.as_str()
    } else {
        text
    };
    parse_position(text).map_err(|e| anyhow!("bad POSITION: {e}"))
}

pub fn dice_arg(text: &str) -> Result<Dice> {
    text.parse().map_err(|e| anyhow!("bad DICE: {e}"))
}
