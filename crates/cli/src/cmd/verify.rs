//! `tavli verify RECORD`: checks that a finished match's dice were fair:
//! its revealed seed matches the commitment published when it began, and
//! every roll is what the seed (and, online, both players' contributions)
//! give.

use std::path::PathBuf;

use anyhow::{Result, anyhow, bail};
use serde_json::json;
use tavli_core::Color;
use tavli_core::game::{Contribution, DiceCheck, JOINT_DICE_DOMAIN, MatchError, MatchRecord, Seed};
use tavli_core::tavli::AnyPosition;

use crate::records;

/// Check the dice of a finished match's record (`GET /api/v1/matches/ID/record`
/// once the match is over, or a file `tavli play` saved).
///
/// A server commits to its secret seed by publishing its SHA-256 when a
/// match begins, and reveals the seed when the match is over. Online, each
/// player's client also adds 32 random bytes of its own as it takes its
/// seat, and the dice are drawn with the SHA-256 of
/// `plakoto-joint-dice:SEED:WHITE:BLACK`: neither player (who never saw the
/// seed) nor the server (which committed to it before the players' shares
/// came) could have known or chosen them alone. This command checks the
/// seed against the commitment and every roll of the record against the
/// dice they give, and with --mine that your client's share is in it.
/// Everything else the record says is checked too: every play is legal,
/// and each turn's notation, each game's result, the score and the winner
/// are what the plays give; the first claim that is not is named.
#[derive(clap::Args)]
pub struct Args {
    /// The match record (JSON).
    file: PathBuf,
    /// Your own contribution (64 hex digits, which `tavli play --join`
    /// keeps, or the page shows): checks that the dice used it.
    #[arg(long, value_name = "HEX")]
    mine: Option<Contribution>,
    /// Print the findings as JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<()> {
    let record: MatchRecord<AnyPosition> = records::read(&args.file)?;
    let name = args.file.display();
    let check = record.check_dice().map_err(|e| match e {
        MatchError::SeedHidden => anyhow!(
            "{name}: the seed is not revealed yet (the match is still being played): verify the record once the \
             match is over"
        ),
        // Not only the dice: the plays, each turn's notation, the results,
        // the score and the winner are claims of the record too.
        e => anyhow!("{name}: the record does not check out: {e}"),
    })?;
    let mine = match args.mine {
        Some(c) => Some(side_of(&check, &c).ok_or_else(|| {
            anyhow!("{name}: your contribution {c} is not in this record: these dice were not drawn with it")
        })?),
        None => None,
    };
    if args.json {
        let shares = check.contributions.map(|c| json!({"white": c.white, "black": c.black}));
        let out = json!({
            "fair": true,
            "seed": check.seed.to_string(),
            "commitment": check.commitment,
            "contributions": shares,
            "key": check.key.to_string(),
            "dice": check.dice,
            "turns": check.turns,
            "games": check.games,
            "mine": mine.map(Color::name),
        });
        println!("{out}");
        return Ok(());
    }
    print!("{}", report(&name.to_string(), &check, mine)?);
    Ok(())
}

/// The side whose contribution `c` is.
fn side_of(check: &DiceCheck, c: &Contribution) -> Option<Color> {
    let given = check.contributions?;
    [(Color::White, given.white), (Color::Black, given.black)]
        .into_iter()
        .find(|(_, g)| g.as_ref() == Some(c))
        .map(|x| x.0)
}

/// The findings in words.
fn report(name: &str, check: &DiceCheck, mine: Option<Color>) -> Result<String> {
    let mut out = String::new();
    let Some(commitment) = &check.commitment else {
        bail!(
            "{name}: this record (version 1) published no commitment, so nothing proves its seed was fixed in advance"
        );
    };
    out += &format!("{name}: the dice check out.\n");
    out += &format!("  seed        {}\n", check.seed);
    out += &format!("  commitment  {commitment} (the seed's SHA-256, published when the match began)\n");
    match check.contributions {
        Some(c) => {
            let show = |x: Option<Contribution>| x.map_or_else(|| "(none yet)".to_string(), |x| x.to_string());
            out += &format!("  white gave  {}\n", show(c.white));
            out += &format!("  black gave  {}\n", show(c.black));
            out += &format!("  dice key    {} = SHA-256 of {JOINT_DICE_DOMAIN}:SEED:WHITE:BLACK\n", check.key);
        }
        None => {
            let chosen = matches!(check.seed, Seed::Number(_));
            out += if chosen {
                "  (a seed chosen when the match was made: whoever chose it knew the dice)\n"
            } else {
                "  (the dice come from the seed alone: fair against its commitment, but the program that drew it \
                 knew them; online, both players' contributions keep the dice from anyone alone)\n"
            };
        }
    }
    out += &format!(
        "  every one of the {} dice thrown ({} turns, {} game{}) is what they give; every play is legal, and \
         the notation, results, score and winner are what the plays give.\n",
        check.dice,
        check.turns,
        check.games,
        if check.games == 1 { "" } else { "s" }
    );
    if let Some(side) = mine {
        out += &format!("  your contribution is {}'s: the dice were drawn with it.\n", side.name());
    }
    Ok(out)
}
