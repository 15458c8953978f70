//! `tavli bearoff build [--out PATH]` and `tavli bearoff show POSITION`:
//! the one-sided bear-off database the engine uses once both sides are
//! bearing off.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result, anyhow, bail};
use clap::Subcommand;
use tavli_core::{Color, Position};
use tavli_engine::NetGame;
use tavli_engine::bearoff::{self, CHECKERS, Dist, HomeBoard, Origin};

/// The exact bear-off database: for each side with every checker in its
/// home board, the distribution of the turns it needs to bear off all its
/// checkers, and the first one; when both sides are bearing off, exact
/// winning chances.
///
/// The commands that evaluate (play, hint, eval, duel, serve, …) load it
/// when they start: it is built once (a few seconds) and cached in
/// `plakoto/bearoff-v1.bin` in your cache directory (`~/.cache` on Linux),
/// or in the file named by the TAVLI_BEAROFF environment variable (PLAKOTO_BEAROFF, its old name, is read too).
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Sub,
}

#[derive(Subcommand)]
enum Sub {
    /// Build the database now and write it (replacing any file there).
    Build {
        /// Where to write it [default: $TAVLI_BEAROFF, else the cache file].
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Show a position's bear-off distributions and, when both sides are
    /// bearing off, the exact probabilities for the side on roll.
    Show {
        /// `start`, position JSON, a position ID, or `-` for stdin.
        position: String,
    },
}

pub fn run(a: Args) -> Result<()> {
    match a.command {
        Sub::Build { out } => build(out),
        Sub::Show { position } => show(&position),
    }
}

fn build(out: Option<PathBuf>) -> Result<()> {
    let path = match out {
        Some(p) => p,
        None => bearoff::default_path()
            .ok_or_else(|| anyhow!("no cache directory is known here; choose a file with --out PATH"))?,
    };
    let t = Instant::now();
    let db = bearoff::Database::build();
    let secs = t.elapsed().as_secs_f64();
    bearoff::write(&db, &path).with_context(|| format!("cannot write {}", path.display()))?;
    let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    println!("built the bear-off database ({} boards) in {secs:.1} s", bearoff::POSITIONS);
    println!("wrote {} ({:.2} MB)", path.display(), size as f64 / 1e6);
    Ok(())
}

/// `color`'s home board (its own numbering) if it can bear off: every
/// checker home, none pinned.
fn home_board(pos: &Position, color: Color) -> Option<HomeBoard> {
    let p = pos.with_turn(color);
    p.can_bear_off().then(|| std::array::from_fn(|i| p.own_on(i as u8 + 1)))
}

fn distribution(d: &Dist) -> String {
    d.iter().filter(|&(_, p)| p >= 5e-5).map(|(n, p)| format!("{n}: {:.2}%", 100.0 * p)).collect::<Vec<_>>().join("  ")
}

fn show(text: &str) -> Result<()> {
    let pos = super::position_arg(text)?;
    let sides: Vec<(Color, Option<HomeBoard>)> =
        [pos.turn(), pos.turn().opponent()].into_iter().map(|c| (c, home_board(&pos, c))).collect();
    if sides.iter().all(|(_, b)| b.is_none()) {
        bail!("bad POSITION: neither side can bear off (a side needs every checker in its home board and none pinned)");
    }
    let t = Instant::now();
    let (db, origin) = bearoff::load_default();
    match origin {
        Origin::Saved { path, reason } => {
            eprintln!(
                "built the bear-off database in {:.1} s ({reason}); saved to {}",
                t.elapsed().as_secs_f64(),
                path.display()
            )
        }
        Origin::InMemory { reason } => {
            eprintln!(
                "built the bear-off database in {:.1} s, kept in memory only: {reason}",
                t.elapsed().as_secs_f64()
            )
        }
        _ => {}
    }
    println!("{} on roll   (position {})", pos.turn(), pos.id());
    for (color, board) in sides {
        let on_roll = if color == pos.turn() { " (on roll)" } else { "" };
        let Some(board) = board else {
            println!("{color}{on_roll}: not bearing off (a checker outside its home board, or pinned)");
            continue;
        };
        let on = bearoff::checkers(&board);
        println!(
            "{color}{on_roll}: {on} on the board, {} off, {} pips, home board {board:?} (points 1-6)",
            CHECKERS - on,
            bearoff::pips(&board)
        );
        let all = db.all_off(&board);
        println!("  turns to bear off all:   expected {:.3}", all.mean());
        println!("    {}", distribution(&all));
        if on == CHECKERS {
            let first = db.first_off(&board);
            println!(
                "  turns to bear off one:   expected {:.3} (none off yet: it loses double if the other side finishes first)",
                first.mean()
            );
            println!("    {}", distribution(&first));
        }
    }
    if let Some(p) = pos.race(&db) {
        println!("both sides bearing off: exact probabilities for {} (on roll)", pos.turn());
        println!("  win    {:6.2}%   of which double {:6.2}%", 100.0 * p.win, 100.0 * p.win_double);
        println!("  lose   {:6.2}%   of which double {:6.2}%", 100.0 * p.lose, 100.0 * p.lose_double);
        println!("  equity {:+.3} points", p.equity());
    }
    Ok(())
}
