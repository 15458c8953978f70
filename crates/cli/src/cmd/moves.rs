//! `plakoto moves POSITION DICE [--json]`: every legal play, one per distinct
//! resulting position.

use anyhow::Result;
use plakoto_core::Play;
use serde_json::json;

/// List every legal play, one per distinct resulting position.
///
/// Points in the notation are in the mover's own numbering. A roll with no
/// legal move lists the single play `pass`; a position whose game is over
/// has no plays.
#[derive(clap::Args)]
pub struct Args {
    /// `start`, position JSON, a position ID, or `-` for stdin.
    position: String,
    /// The roll: `6-4`, `64` or `6 4`.
    dice: String,
    /// Print a JSON array of plays: {"moves", "notation", "position", "result"}.
    #[arg(long)]
    json: bool,
}

/// A play in the JSON shape of INTERFACE.md.
pub fn play_json(play: &Play) -> serde_json::Value {
    json!({
        "moves": play.moves().iter().map(|m| [m.from, m.to]).collect::<Vec<_>>(),
        "notation": play.notation(),
        "position": play.position(),
        "result": play.result(),
    })
}

pub fn run(args: Args) -> Result<()> {
    let pos = super::position_arg(&args.position)?;
    let dice = super::dice_arg(&args.dice)?;
    if let Some(r) = pos.outcome() {
        eprintln!("the game is already over ({r}): no plays");
    }
    let plays = pos.legal_plays(dice);
    if args.json {
        let list: Vec<_> = plays.iter().map(play_json).collect();
        println!("{}", serde_json::to_string(&list)?);
    } else {
        for p in &plays {
            match p.result() {
                Some(r) => println!("{p}\t{r}"),
                None => println!("{p}"),
            }
        }
    }
    Ok(())
}
