//! `tavli moves POSITION DICE [--game G] [--whole] [--json]`: every legal
//! play, one per distinct resulting position, in any game.

use anyhow::Result;
use serde_json::json;
use tavli_core::tavli::{AnyPlay, GameKind};

/// List every legal play, one per distinct resulting position.
///
/// Points in the notation are in the mover's own numbering. A roll with no
/// legal move lists the single play `pass`; a position whose game is over
/// has no plays. Positions of every game are taken: position JSON names its
/// game; `--game` says which game `start` or a position ID is.
#[derive(clap::Args)]
pub struct Args {
    /// `start`, position JSON, a position ID, or `-` for stdin.
    position: String,
    /// The roll: `6-4`, `64` or `6 4`.
    dice: String,
    /// The game: portes, plakoto (the default), fevga or gulbara, or a
    /// regional name played under its own rules (tapa, tsilliton, mahbusa:
    /// Plakoto's; tabla: Portes's). With portes or tabla, a GNU Backgammon
    /// position ID is taken too.
    #[arg(long, value_name = "G")]
    game: Option<GameKind>,
    /// Print a JSON array of plays: {"moves", "notation", "position", "result"}.
    #[arg(long)]
    json: bool,
    /// List whole turns: in Gul bara every play of all of a ladder's
    /// stages (stages separated by `|`, a hand-off after `>`), rather than
    /// the plays of the decision at hand (a ladder's first stage); the
    /// same plays in the other games.
    #[arg(long)]
    whole: bool,
    /// With --whole: list at most this many, else say how many there are.
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    limit: usize,
}

/// A play of any game in the JSON shape of INTERFACE.md.
pub fn any_play_json(play: &AnyPlay) -> serde_json::Value {
    json!({
        "moves": play.moves().iter().map(|m| [m.from, m.to]).collect::<Vec<_>>(),
        "notation": play.notation(),
        "position": play.position(),
        "result": play.result(),
    })
}

pub fn run(args: Args) -> Result<()> {
    let pos = super::any_position_arg(&args.position, args.game)?;
    let dice = super::dice_arg(&args.dice)?;
    if let Some(r) = pos.outcome() {
        eprintln!("the game is already over ({r}): no plays");
    }
    if args.whole {
        let plays = pos.whole_plays(dice, args.limit).map_err(|e| anyhow::anyhow!("{e} (`--limit` lists more)"))?;
        if args.json {
            let list: Vec<_> = plays
                .iter()
                .map(|p| {
                    json!({
                        "moves": p.moves.iter().map(|m| [m.from, m.to]).collect::<Vec<_>>(),
                        "notation": p.notation,
                        "position": p.position,
                        "result": p.result,
                    })
                })
                .collect();
            println!("{}", serde_json::to_string(&list)?);
        } else {
            for p in &plays {
                match p.result {
                    Some(r) => println!("{}\t{r}", p.notation),
                    None => println!("{}", p.notation),
                }
            }
        }
        return Ok(());
    }
    let plays = pos.legal_plays(dice);
    if args.json {
        let list: Vec<_> = plays.iter().map(any_play_json).collect();
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
