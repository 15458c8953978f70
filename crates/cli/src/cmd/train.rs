//! `tavli train`: self-play training of the network, with a progress bar,
//! checkpoints, resume, a CSV log and a strength plot; `tavli ensemble`:
//! trained networks joined into one.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use anyhow::{Context, Result, anyhow, bail};
use tavli_core::tavli::GameKind;
use tavli_engine::network::{MAX_HIDDEN, Network};
use tavli_workshop::train::{TrainConfig, train};

/// Train the network by self-play (TD(λ)); writes weights.bin, log.csv and
/// strength.svg into --out. Ctrl-C stops at the next round with a
/// checkpoint; --resume continues.
#[derive(clap::Args)]
pub struct Args {
    /// The game the network learns: plakoto, portes, fevga or gulbara (a resumed run keeps
    /// the game it began with).
    #[arg(long, default_value = "plakoto", value_parser = super::network_game)]
    game: GameKind,
    /// Run directory for weights, optimiser state, log and plot.
    #[arg(long, default_value = "training/run")]
    out: PathBuf,
    /// Total self-play games to train to.
    #[arg(long, default_value_t = 200_000)]
    games: u64,
    /// Continue the run saved in --out.
    #[arg(long)]
    resume: bool,
    /// Seed of the new network's first weights, the self-play dice, the
    /// exploring plays and the shuffling of the training samples.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads for self-play and strength checks.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Hidden units of a new network [default: 128]. With --init, widens
    /// the starting network to this many (its new units start silent, so it
    /// plays as before; fewer than its own is refused); left out, the
    /// starting network keeps its own.
    #[arg(long)]
    hidden: Option<usize>,
    /// A second hidden layer of this many units: random for a new network;
    /// put under the --init network's hidden layer (as `dataset fit --mid`
    /// does) when it has none.
    #[arg(long)]
    mid: Option<usize>,
    /// Adam learning rate.
    #[arg(long, default_value_t = 0.001)]
    lr: f32,
    /// Decay the learning rate linearly to this by the end of the run.
    #[arg(long)]
    lr_end: Option<f32>,
    /// TD(λ) trace parameter.
    #[arg(long, default_value_t = 0.7)]
    lambda: f32,
    /// Chance of a random play during self-play.
    #[arg(long, default_value_t = 0.0)]
    epsilon: f32,
    /// Games between strength checks (and checkpoints).
    #[arg(long, default_value_t = 10_000)]
    eval_every: u64,
    /// Pairs of games in each strength check against `heuristic`.
    #[arg(long, default_value_t = 500)]
    eval_pairs: u64,
    /// Start from these weights instead of random ones.
    #[arg(long)]
    init: Option<PathBuf>,
    /// A benchmark of best play (such as benchmark/decisions.jsonl): each
    /// strength check also logs the 0-ply network's error rate on it, drawn
    /// below the strength curve.
    #[arg(long)]
    benchmark: Option<PathBuf>,
}

static STOP: OnceLock<Arc<AtomicBool>> = OnceLock::new();

pub fn run(a: Args) -> Result<()> {
    if a.threads == 0 || a.threads > 64 {
        bail!("--threads must be 1 to 64");
    }
    if a.hidden.is_some_and(|h| h == 0 || h > 1024) {
        bail!("--hidden must be 1 to 1024");
    }
    if a.mid.is_some_and(|m| m == 0 || m > 1024) {
        bail!("--mid must be 1 to 1024");
    }
    if !(0.0..=1.0).contains(&a.lambda) || !(0.0..=1.0).contains(&a.epsilon) {
        bail!("--lambda and --epsilon must be between 0 and 1");
    }
    let cfg = TrainConfig {
        game: a.game,
        games: a.games,
        // With --init and no --hidden, 0 keeps the starting network's size.
        hidden: a.hidden.unwrap_or(if a.init.is_some() { 0 } else { 128 }),
        mid: a.mid.unwrap_or(0),
        threads: a.threads,
        seed: a.seed,
        lr: a.lr,
        lr_end: a.lr_end,
        lambda: a.lambda,
        epsilon: a.epsilon,
        eval_every: a.eval_every.max(1),
        eval_pairs: a.eval_pairs.max(2),
        init: a.init,
        benchmark: a.benchmark,
        ..TrainConfig::default()
    };
    let stop = STOP.get_or_init(|| Arc::new(AtomicBool::new(false))).clone();
    let flag = stop.clone();
    let _ = ctrlc::set_handler(move || {
        eprintln!("\nstopping after this round (checkpoint follows); run again with --resume to continue");
        flag.store(true, Ordering::Relaxed);
    });
    let bar = super::progress::bar(a.games, "games");
    let net = train(&cfg, &a.out, a.resume, &stop, &mut |p| {
        bar.set_length(p.games_total);
        bar.set_position(p.games_done);
        let last = p
            .last
            .as_ref()
            .map(|r| {
                let error = r.error_rate.map(|(e, ci)| format!(", error rate {e:.1} ± {ci:.1}")).unwrap_or_default();
                format!("vs heuristic {:+.3} ± {:.3} ppg{error}", r.ppg, r.ci95)
            })
            .unwrap_or_default();
        bar.set_message(if p.evaluating { format!("{last} (checking strength…)") } else { last });
    })?;
    bar.finish();
    eprintln!(
        "weights: {}\nlog: {}\nplot: {}\n{}",
        a.out.join("weights.bin").display(),
        a.out.join("log.csv").display(),
        a.out.join("strength.svg").display(),
        net.about
    );
    Ok(())
}

/// Join weights files into one network that evaluates as their ensemble:
/// their hidden layers side by side, each output the sigmoid of the mean of
/// theirs before the sigmoid. Independently trained networks err in
/// different places, so the ensemble is stronger than each; it is one
/// wider network, played and loaded like any other.
#[derive(clap::Args)]
pub struct EnsembleArgs {
    /// The weights files to join (from `tavli train`), two or more.
    #[arg(required = true, num_args = 2..)]
    weights: Vec<PathBuf>,
    /// The weights file to write.
    #[arg(long)]
    out: PathBuf,
}

pub fn ensemble(a: EnsembleArgs) -> Result<()> {
    let members = a
        .weights
        .iter()
        .map(|p| {
            let bytes = std::fs::read(p).with_context(|| format!("reading {}", p.display()))?;
            Network::from_bytes_any(&bytes).map_err(|e| anyhow!("{}: {e}", p.display()))
        })
        .collect::<Result<Vec<_>>>()?;
    // Any game's networks join, but only networks of one game.
    if let Some((path, other)) = a.weights.iter().zip(&members).find(|(_, n)| n.game() != members[0].game()) {
        bail!(
            "{} holds a {} network and {} a {} network: an ensemble joins networks of one game",
            a.weights[0].display(),
            members[0].game(),
            path.display(),
            other.game()
        );
    }
    if let Some(path) = a.weights.iter().zip(&members).find(|(_, n)| n.mid() > 0).map(|(p, _)| p) {
        bail!("{} has a second hidden layer: an ensemble joins one-layer networks only", path.display());
    }
    let refs: Vec<&Network> = members.iter().collect();
    let mut joined = Network::ensemble(&refs)
        .ok_or_else(|| anyhow!("the networks have more than {MAX_HIDDEN} hidden units together"))?;
    let names: Vec<String> = a.weights.iter().map(|p| p.display().to_string()).collect();
    let abouts: Vec<String> =
        members.iter().zip(&names).map(|(n, name)| format!("{name}: {}", n.about.trim())).collect();
    joined.about = format!("tavli ensemble {} (mean of the output logits)\n{}", names.join(" "), abouts.join("\n"));
    std::fs::write(&a.out, joined.to_bytes()).with_context(|| format!("writing {}", a.out.display()))?;
    eprintln!(
        "tavli: {} networks, {} hidden units in all, written to {}",
        members.len(),
        joined.hidden(),
        a.out.display()
    );
    Ok(())
}
