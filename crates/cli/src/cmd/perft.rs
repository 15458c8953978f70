//! `tavli perft POSITION DEPTH [--threads N] [--full]`: the perft count on stdout;
//! time and nodes per second on stderr.

use std::time::Instant;

use anyhow::{Result, bail};
use tavli_core::tavli::GameKind;

/// Count the leaves of the game tree to DEPTH (INTERFACE.md "Perft").
///
/// Each of the 21 distinct rolls is counted once; a roll with no legal
/// play counts the pass; a play that ends the game is a leaf.
#[derive(clap::Args)]
pub struct Args {
    /// `start`, position JSON, a position ID, or `-` for stdin.
    position: String,
    /// Depth in plies (0 to 8).
    depth: u32,
    /// Worker threads (default 1).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Build every leaf as a position instead of counting the last ply's
    /// plays (the same count, slower): the speed other engines' perft reports.
    #[arg(long)]
    full: bool,
    /// The game: portes, plakoto (the default), fevga or gulbara, or a
    /// regional name (tapa, tsilliton, mahbusa, tabla); position JSON names
    /// its own.
    #[arg(long, value_name = "G")]
    game: Option<GameKind>,
}

pub fn run(args: Args) -> Result<()> {
    let pos = super::any_position_arg(&args.position, args.game)?;
    if args.depth > 8 {
        bail!("DEPTH {} is too deep: perft grows ~50x per ply; use 0 to 8", args.depth);
    }
    if args.threads == 0 || args.threads > 256 {
        bail!("--threads must be 1 to 256");
    }
    let threads = args.threads;
    let t = Instant::now();
    let Some(n) = pos.perft_parallel(args.depth, threads, args.full) else {
        bail!("--full is for Plakoto and Portes: this game's perft counts the last ply without building it")
    };
    let secs = t.elapsed().as_secs_f64();
    println!("{n}");
    eprintln!(
        "perft({}) = {n} in {secs:.3} s, {:.1} M nodes/s ({} thread{}{})",
        args.depth,
        n as f64 / secs.max(1e-9) / 1e6,
        threads,
        if threads == 1 { "" } else { "s" },
        if args.full { ", every leaf built" } else { "" }
    );
    Ok(())
}
