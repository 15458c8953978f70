//! `plakoto hint POSITION DICE [--ply N] [--json]`: the legal plays ranked.

use anyhow::Result;
use plakoto_engine::analysis::rank_plays;
use plakoto_engine::{MAX_PLY, Search};
use serde_json::json;

use super::moves::play_json;

/// Rank the legal plays of a roll by equity for the side on roll, with the
/// difference to the best. The best plays are searched to --ply, the rest
/// at lower plies (shown per play).
#[derive(clap::Args)]
pub struct Args {
    /// `start`, position JSON, a position ID, or `-` for stdin.
    position: String,
    /// The roll: `6-4`, `64` or `6 4`.
    dice: String,
    /// Look-ahead in plies: 0 (static, instant), 1 or 2.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=MAX_PLY as i64))]
    ply: u8,
    /// Show at most this many plays (all with --json unless given).
    #[arg(long)]
    top: Option<usize>,
    /// Print JSON: {"position", "dice", "ply", "plays": [play + "equity", "diff", "ply", "probabilities"]}.
    #[arg(long)]
    json: bool,
}

pub fn run(a: Args) -> Result<()> {
    let pos = super::position_arg(&a.position)?;
    let dice = super::dice_arg(&a.dice)?;
    if let Some(r) = pos.outcome() {
        eprintln!("the game is already over ({r}): no plays");
    }
    let ranked = rank_plays(&Search::new(super::engine_eval(), a.ply), &pos, dice);
    if a.json {
        let plays: Vec<_> = ranked
            .iter()
            .take(a.top.unwrap_or(usize::MAX))
            .map(|r| {
                let mut v = play_json(&r.play);
                v["equity"] = json!(r.equity);
                v["diff"] = json!(r.diff);
                v["ply"] = json!(r.ply);
                v["probabilities"] = json!(r.probabilities);
                v
            })
            .collect();
        println!("{}", json!({"position": pos, "dice": [dice.high(), dice.low()], "ply": a.ply, "plays": plays}));
        return Ok(());
    }
    println!("{} to play {dice}   (position {})", pos.turn(), pos.id());
    let width = ranked.iter().map(|r| r.play.notation().chars().count()).max().unwrap_or(4).max(4);
    for (i, r) in ranked.iter().take(a.top.unwrap_or(10)).enumerate() {
        let diff = if i == 0 { String::new() } else { format!("{:+.3}", -r.diff) };
        let p = r.probabilities;
        println!(
            "{:>3}. {:<width$}  {:+.3} {:>7}   win {:5.1}%  double {:4.1}%/{:4.1}%  ({}-ply)",
            i + 1,
            r.play.notation(),
            r.equity,
            diff,
            100.0 * p.win,
            100.0 * p.win_double,
            100.0 * p.lose_double,
            r.ply
        );
    }
    if ranked.len() > a.top.unwrap_or(10) {
        println!("     … {} more (--top N)", ranked.len() - a.top.unwrap_or(10));
    }
    Ok(())
}
