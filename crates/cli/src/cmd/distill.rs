//! `tavli distill`: supervised training on search targets. `label`
//! samples positions from self-play and labels each with a deeper search
//! of a network (sharded like a rollout); `fit` trains a network to give
//! at 0-ply what the labels say, with a progress line per epoch; `gap`
//! shows where a network departs from the labels.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use anyhow::{Context, Result, anyhow, bail};
use tavli_engine::MAX_PLY;
use tavli_engine::network::{MAX_HIDDEN, Network};
use tavli_workshop::distill::{DistillConfig, distill, label, read_labels, sample_decisions, write_labels};
use tavli_workshop::gap::gap;

use super::{read_network, weights_eval};

/// Supervised training on search targets: `label` makes the data, `fit`
/// trains a network on it.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Sub,
}

#[derive(clap::Subcommand)]
enum Sub {
    /// Sample positions from self-play and label each with a search of
    /// the network; writes one line per position (ID and five chances).
    Label(LabelArgs),
    /// Train a network on label files; writes the weights.
    Fit(FitArgs),
    /// Where a network's 0-ply equity departs from label files: the mean
    /// gap and each group's share of the squared gap, by kind of position
    /// and by the pins on the board.
    Gap(GapArgs),
}

/// Compare a network at 0-ply with label files (`tavli distill label`,
/// e.g. at 1-ply): the gap is the label's equity minus the network's, for
/// the side on roll, in thousandths of a point. The groups holding most of
/// the squared gap are where the network has the most to learn.
#[derive(clap::Args)]
struct GapArgs {
    /// Label files.
    #[arg(required = true)]
    labels: Vec<PathBuf>,
    /// The network to compare (default: the shipped one).
    #[arg(long)]
    weights: Option<PathBuf>,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
}

/// Sample self-play positions (games of the network's 0-ply play, with
/// exploring plays) and label each with its `--ply` search. Game g belongs
/// to shard g mod N, so the shards' files together are the unsharded data.
#[derive(clap::Args)]
struct LabelArgs {
    /// Self-play games to sample positions from, over all shards.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Seed of the self-play dice and exploring plays.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Chance of a random play in the sampling games.
    #[arg(long, default_value_t = 0.1)]
    epsilon: f32,
    /// Depth of the search that labels each position.
    #[arg(long, default_value_t = 1)]
    ply: u8,
    /// Label, instead of the positions the games pass through, the
    /// positions after the best K plays at 0-ply of each of their rolls.
    #[arg(long, default_value_t = 0)]
    candidates: usize,
    /// The network that plays and labels (default: the shipped one).
    #[arg(long)]
    weights: Option<PathBuf>,
    /// Label only shard I of N (I from 0).
    #[arg(long)]
    shard: Option<String>,
    /// Worker threads for labelling.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// The label file to write.
    #[arg(long)]
    out: PathBuf,
}

/// Train a network on label files (`tavli distill label`): each output
/// against the label's chances (cross-entropy), Adam, the learning rate
/// decaying linearly; the mean equity error on held-out positions after
/// each epoch.
#[derive(clap::Args)]
struct FitArgs {
    /// Label files.
    #[arg(required = true)]
    labels: Vec<PathBuf>,
    /// Start from these weights (default: the shipped ones).
    #[arg(long)]
    init: Option<PathBuf>,
    /// Hidden units: with `--init`, that network widened to this many (the
    /// new units start silent); without it, random weights of this size.
    #[arg(long)]
    hidden: Option<usize>,
    /// Passes over the data.
    #[arg(long, default_value_t = 10)]
    epochs: usize,
    /// Adam's learning rate at the start.
    #[arg(long, default_value_t = 0.0005)]
    lr: f32,
    /// Adam's learning rate at the end.
    #[arg(long, default_value_t = 0.00005)]
    lr_end: f32,
    /// Samples per gradient step.
    #[arg(long, default_value_t = 128)]
    minibatch: usize,
    /// Seed of the shuffling (and of random first weights).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The weights file to write.
    #[arg(long)]
    out: PathBuf,
}

impl Args {
    /// Is this a subcommand whose only output is what it prints (`gap`)?
    pub fn prints_only(&self) -> bool {
        matches!(self.command, Sub::Gap(_))
    }
}

/// Runs `tavli distill …`.
pub fn run(a: Args) -> Result<()> {
    match a.command {
        Sub::Label(l) => run_label(l),
        Sub::Fit(f) => run_fit(f),
        Sub::Gap(g) => run_gap(g),
    }
}

fn run_gap(a: GapArgs) -> Result<()> {
    let eval = weights_eval(a.weights.as_deref())?;
    let mut data = Vec::new();
    for path in &a.labels {
        data.extend(read_labels(path).map_err(|e| anyhow!(e))?);
    }
    if data.is_empty() {
        bail!("the label files hold no position");
    }
    let report = gap(&eval, &data);
    if a.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(());
    }
    let r = &report.all;
    println!(
        "{} positions: mean |gap| {:.1}, mean gap {:+.1} (thousandths of a point; label minus network)",
        r.positions,
        1000.0 * r.mean_abs,
        1000.0 * r.mean
    );
    for (title, rows) in [("kind", &report.by_kind), ("pins on the board", &report.by_pins)] {
        println!("\n{title:<18} {:>9} {:>11} {:>9} {:>14}", "positions", "mean |gap|", "mean gap", "share of gap²");
        for row in rows {
            println!(
                "{:<18} {:>9} {:>11.1} {:>+9.1} {:>13.1}%",
                row.group,
                row.positions,
                1000.0 * row.mean_abs,
                1000.0 * row.mean,
                100.0 * row.share
            );
        }
    }
    Ok(())
}

/// Ctrl-C sets the returned flag (the work so far is kept).
fn stop_on_ctrl_c() -> Arc<AtomicBool> {
    let stop = Arc::new(AtomicBool::new(false));
    let s = stop.clone();
    let _ = ctrlc::set_handler(move || s.store(true, Ordering::Relaxed));
    stop
}

fn run_label(a: LabelArgs) -> Result<()> {
    if a.games == 0 || a.games > 100_000_000 {
        bail!("--games must be 1 to 100000000");
    }
    if a.ply > MAX_PLY {
        bail!("--ply must be 0 to {MAX_PLY}");
    }
    if !(0.0..=1.0).contains(&a.epsilon) {
        bail!("--epsilon must be from 0 to 1");
    }
    if a.threads == 0 || a.threads > 256 {
        bail!("--threads must be 1 to 256");
    }
    let shard = super::shard_arg(a.shard.as_deref(), "--shard")?;
    let eval = weights_eval(a.weights.as_deref())?;
    let t = Instant::now();
    let positions = sample_decisions(&eval, a.seed, a.games, a.epsilon, a.candidates, shard);
    eprintln!("tavli: {} positions from {} games in {:.1} s", positions.len(), a.games, t.elapsed().as_secs_f64());
    let stop = stop_on_ctrl_c();
    let bar = super::progress::bar(positions.len() as u64, "positions");
    let labelled = label(&eval, a.ply, &positions, a.threads, &stop, &|n| bar.set_position(n));
    bar.finish_and_clear();
    write_labels(&a.out, &labelled).with_context(|| format!("writing {}", a.out.display()))?;
    eprintln!(
        "tavli: {} positions labelled at {}-ply in {:.1} s, written to {}{}",
        labelled.len(),
        a.ply,
        t.elapsed().as_secs_f64(),
        a.out.display(),
        if stop.load(Ordering::Relaxed) { " (stopped early: the first ones only)" } else { "" }
    );
    Ok(())
}

fn run_fit(a: FitArgs) -> Result<()> {
    if a.epochs == 0 || a.epochs > 10_000 {
        bail!("--epochs must be 1 to 10000");
    }
    if a.minibatch == 0 || a.minibatch > 1_000_000 {
        bail!("--minibatch must be 1 to 1000000");
    }
    let mut data = Vec::new();
    for f in &a.labels {
        data.extend(read_labels(f).map_err(|e| anyhow!("{}: {e}", f.display()))?);
    }
    if data.is_empty() {
        bail!("the label files hold no positions");
    }
    if let Some(h) = a.hidden
        && !(1..=MAX_HIDDEN).contains(&h)
    {
        bail!("--hidden must be 1 to {MAX_HIDDEN}");
    }
    let mut net = match (&a.init, a.hidden) {
        (Some(p), None) => read_network(p)?,
        (Some(p), Some(h)) => {
            let start = read_network(p)?;
            if h < start.hidden() {
                bail!("--hidden {h} is fewer than the {} units of {}", start.hidden(), p.display());
            }
            start.widened(h, a.seed)
        }
        (None, Some(h)) => Network::random_for(tavli_core::tavli::GameKind::Plakoto, h, a.seed),
        (None, None) => {
            (*<tavli_core::Position as tavli_engine::NetGame>::shipped().expect("Plakoto ships a network")).clone()
        }
    };
    let cfg = DistillConfig {
        epochs: a.epochs,
        lr: a.lr,
        lr_end: a.lr_end,
        minibatch: a.minibatch,
        seed: a.seed,
        ..DistillConfig::default()
    };
    eprintln!("tavli: fitting {} hidden units on {} positions, {} epochs", net.hidden(), data.len(), a.epochs);
    let stop = stop_on_ctrl_c();
    let t = Instant::now();
    distill(&mut net, &data, &cfg, &stop, &mut |r| {
        eprintln!(
            "epoch {:>3}  equity error: training {:.4}, held out {:.4}  ({:.0} s)",
            r.epoch,
            r.train_error,
            r.holdout_error,
            t.elapsed().as_secs_f64()
        );
    });
    let command: Vec<String> = std::env::args().collect();
    net.about = format!(
        "{}\ndistilled: {} on {} positions ({})",
        net.about.trim(),
        command.join(" "),
        data.len(),
        a.labels.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ")
    );
    std::fs::write(&a.out, net.to_bytes()).with_context(|| format!("writing {}", a.out.display()))?;
    eprintln!("tavli: weights written to {}", a.out.display());
    Ok(())
}
