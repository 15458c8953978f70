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
pub mod serve;
pub mod train;

use anyhow::{Context, Result, anyhow};
use plakoto_core::{Dice, Position, parse_position};

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
