//! `tavli dataset`: supervised training data labelled by rollouts, for
//! any game. `label` makes or extends a data set folder shard by shard
//! (resumable, each shard's file written line by line); `status` says what
//! a folder holds; `fit` trains a network of the game on them.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use anyhow::{Result, anyhow, bail};
use tavli_core::tavli::GameKind;
use tavli_engine::bearoff::Database;
use tavli_engine::network::{MAX_HIDDEN, Network};
use tavli_engine::{GameCode, MAX_PLY, NetGame, for_game};
use tavli_workshop::distill::{self, DistillConfig};
use tavli_workshop::supervised::{
    DataSet, ErrorTally, Label, Manifest, Recipe, ShardState, check as check_labels, examples, examples_of, read_labels,
};

use super::progress::duration;

/// Supervised training data: positions from self-play labelled by rollouts.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Sub,
}

#[derive(clap::Subcommand)]
enum Sub {
    /// Make or extend a data set: sample positions from self-play and label
    /// each with a rollout, shard by shard into the folder --dir. A stopped
    /// run (Ctrl-C, a killed job) goes on where it stopped when run again
    /// with the same settings, to the same files.
    Label(LabelArgs),
    /// What a data set folder holds: shards done and partial, positions.
    Status(StatusArgs),
    /// Train a network on data sets (their complete shards): each output
    /// against the labels' chances (cross-entropy), Adam, the learning rate
    /// decaying linearly; the mean equity error on held-out positions after
    /// each epoch. Writes the weights.
    Fit(FitArgs),
    /// How far a network (or a search on it) is from the labels of data
    /// sets: the mean and root-mean-square equity error, over all and by
    /// kind of position, beside the labels' own noise.
    Check(CheckArgs),
}

/// Measures a network against data sets' labels.
#[derive(clap::Args)]
struct CheckArgs {
    /// Data set folders, all of one game (their complete shards).
    #[arg(required = true)]
    dirs: Vec<PathBuf>,
    /// The network (default: the game's shipped one).
    #[arg(long)]
    weights: Option<PathBuf>,
    /// A network of its own for races, beside --weights.
    #[arg(long)]
    race: Option<PathBuf>,
    /// The search depth of the evaluation measured (0: the network alone).
    #[arg(long, default_value_t = 0)]
    ply: u8,
    /// Parallel threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

/// Trains a network of the data sets' game on their labels.
#[derive(clap::Args)]
struct FitArgs {
    /// Data set folders (`tavli dataset label --dir`), all of one game.
    #[arg(required = true)]
    dirs: Vec<PathBuf>,
    /// Start from these weights (default: the game's shipped network).
    #[arg(long)]
    init: Option<PathBuf>,
    /// Hidden units: with --init (or the shipped network), that network
    /// widened to this many (the new units start silent); with --random,
    /// random weights of this size.
    #[arg(long)]
    hidden: Option<usize>,
    /// Start from random weights (of --hidden units, default 128).
    #[arg(long, conflicts_with = "init")]
    random: bool,
    /// A second hidden layer of this many units: with --random, random
    /// weights; with --init (or the shipped network), put in between its
    /// hidden layer and its outputs, starting to evaluate as before when it
    /// has at least as many units as that layer (which it passes on), else
    /// keeping that layer's features under new random layers.
    #[arg(long)]
    mid: Option<usize>,
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
    /// Which positions to fit: all, or only races or only contact
    /// positions (for a network of their own).
    #[arg(long, value_enum, default_value_t = Positions::All)]
    positions: Positions,
    /// The weights file to write.
    #[arg(long)]
    out: PathBuf,
}

/// The positions a fit takes.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Positions {
    /// Every labelled position.
    All,
    /// Races only (`NetGame::is_race`).
    Race,
    /// Positions with contact only.
    Contact,
}

/// Samples positions from self-play games of the network at 0-ply (with
/// exploring random plays), keeps each with chance --keep, and labels it
/// with a variance-reduced rollout. Game g belongs to shard g mod --shards;
/// each shard is written to shard-IIII.part line by line, then kept
/// compressed as shard-IIII.txt.gz. `--worker I/N` computes the shards s with s mod N = I only, so N
/// machines (a batch engine's array of N) fill one folder between them.
#[derive(clap::Args)]
struct LabelArgs {
    /// The data set's folder (made if missing; its manifest.json holds the
    /// settings, and a run with other settings is refused).
    #[arg(long)]
    dir: PathBuf,
    /// The game: plakoto, portes, fevga or gulbara (a regional name's data
    /// are its base's).
    #[arg(long, value_parser = super::network_game)]
    game: GameKind,
    /// Self-play games over all shards.
    #[arg(long, default_value_t = 20_000)]
    games: u64,
    /// Shards (files) the games are split into.
    #[arg(long, default_value_t = 200)]
    shards: u64,
    /// Chance that a position met is kept.
    #[arg(long, default_value_t = 0.15)]
    keep: f64,
    /// Chance of a random play at each turn of the sampling games.
    #[arg(long, default_value_t = 0.1)]
    epsilon: f64,
    /// Rollout trials per position (0: label each position with the value of
    /// a --ply search instead, no rollout).
    #[arg(long, default_value_t = 36)]
    trials: u64,
    /// Plies per trial before the network scores it (0: to the game's end).
    #[arg(long, default_value_t = 10)]
    truncate: usize,
    /// The search depth of both sides in the rollouts.
    #[arg(long, default_value_t = 0)]
    ply: u8,
    /// Seed of the games, exploring plays and rollouts.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The network that plays and labels (default: the game's shipped one).
    #[arg(long)]
    weights: Option<PathBuf>,
    /// Compute only the shards s with s mod N = I.
    #[arg(long, value_name = "I/N")]
    worker: Option<String>,
    /// Parallel shards (each on one thread).
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

/// Says what a data set folder holds.
#[derive(clap::Args)]
struct StatusArgs {
    /// The data set's folder.
    dir: PathBuf,
}

/// Runs `tavli dataset …`.
pub fn run(a: Args) -> Result<()> {
    match a.command {
        Sub::Label(l) => {
            /// Labelling in one game.
            struct Label<'a>(&'a LabelArgs);
            impl GameCode for Label<'_> {
                type Out = Result<()>;
                fn run<P: NetGame>(self) -> Result<()> {
                    label::<P>(self.0)
                }
            }
            for_game(l.game, Label(&l))
        }
        Sub::Status(s) => status(&s),
        Sub::Fit(f) => {
            let game = data_game(&f.dirs)?;
            /// Fitting in one game.
            struct Fit<'a>(&'a FitArgs);
            impl GameCode for Fit<'_> {
                type Out = Result<()>;
                fn run<P: NetGame>(self) -> Result<()> {
                    fit::<P>(self.0)
                }
            }
            for_game(game, Fit(&f))
        }
        Sub::Check(c) => {
            let game = data_game(&c.dirs)?;
            /// Checking in one game.
            struct Check<'a>(&'a CheckArgs);
            impl GameCode for Check<'_> {
                type Out = Result<()>;
                fn run<P: NetGame>(self) -> Result<()> {
                    check::<P>(self.0)
                }
            }
            for_game(game, Check(&c))
        }
    }
}

/// The labels of the complete shards of data sets `dirs`.
fn all_labels(dirs: &[PathBuf]) -> Result<Vec<Label>> {
    let mut labels = Vec::new();
    for d in dirs {
        let set = DataSet::open(d, manifest(d)?).map_err(|e| anyhow!(e))?;
        for f in set.done_files() {
            labels.extend(read_labels(&f).map_err(|e| anyhow!(e))?);
        }
    }
    if labels.is_empty() {
        bail!("the data sets hold no complete shard yet");
    }
    Ok(labels)
}

/// The network of game `P` in `path`, or the game's shipped one.
fn network_of<P: NetGame>(path: Option<&Path>) -> Result<Arc<Network>> {
    match path {
        Some(p) => {
            let bytes = std::fs::read(p).map_err(|e| anyhow!("reading {}: {e}", p.display()))?;
            Ok(Arc::new(Network::from_bytes_of(P::KIND, &bytes).map_err(|e| anyhow!("{}: {e}", p.display()))?))
        }
        None => P::shipped().ok_or_else(|| anyhow!("{} ships no network: give its weights", P::KIND)),
    }
}

fn check<P: NetGame>(a: &CheckArgs) -> Result<()> {
    if a.ply > MAX_PLY {
        bail!("--ply must be 0 to {MAX_PLY}");
    }
    if a.threads == 0 || a.threads > 256 {
        bail!("--threads must be 1 to 256");
    }
    let labels = all_labels(&a.dirs)?;
    let db = super::engine_eval().bearoff().cloned().unwrap_or_else(|| Arc::new(Database::build()));
    let mut eval = P::evaluator(network_of::<P>(a.weights.as_deref())?, Some(db));
    if let Some(race) = &a.race {
        eval = eval.with_race(network_of::<P>(Some(race))?);
    }
    let t = Instant::now();
    let (all, by) = check_labels::<P>(&eval, &labels, a.ply, a.threads).map_err(|e| anyhow!(e))?;
    println!(
        "{} positions, {}-ply ({}): equity error in thousandths",
        all.positions,
        a.ply,
        duration(t.elapsed().as_secs_f64())
    );
    println!("{:<14} {:>9} {:>8} {:>8} {:>10}", "kind", "positions", "mean", "rms", "label se");
    let row = |name: &str, e: &ErrorTally| {
        println!(
            "{name:<14} {:>9} {:>8.1} {:>8.1} {:>10.1}",
            e.positions,
            1000.0 * e.mean_abs(),
            1000.0 * e.rms(),
            1000.0 * e.mean_label_se()
        );
    };
    for (c, e) in by.iter().filter(|(_, e)| e.positions > 0) {
        row(c.name(), e);
    }
    row("all", &all);
    Ok(())
}

/// The manifest in `dir`.
fn manifest(dir: &Path) -> Result<Manifest> {
    let path = dir.join("manifest.json");
    let text = std::fs::read_to_string(&path).map_err(|e| anyhow!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| anyhow!("{}: {e}", path.display()))
}

/// The game of data sets `dirs`, which must all be of one.
fn data_game(dirs: &[PathBuf]) -> Result<GameKind> {
    let mut game = None;
    for d in dirs {
        let g = GameKind::parse(&manifest(d)?.game).map_err(|e| anyhow!("{}: {e}", d.display()))?;
        match game {
            Some(first) if first != g => bail!("{} holds {g} positions, the first data set {first} ones", d.display()),
            _ => game = Some(g),
        }
    }
    game.ok_or_else(|| anyhow!("no data set given"))
}

fn fit<P: NetGame>(a: &FitArgs) -> Result<()> {
    if a.epochs == 0 || a.epochs > 10_000 {
        bail!("--epochs must be 1 to 10000");
    }
    if a.minibatch == 0 || a.minibatch > 1_000_000 {
        bail!("--minibatch must be 1 to 1000000");
    }
    if let Some(h) = a.hidden
        && !(1..=MAX_HIDDEN).contains(&h)
    {
        bail!("--hidden must be 1 to {MAX_HIDDEN}");
    }
    if let Some(m) = a.mid
        && !(1..=MAX_HIDDEN).contains(&m)
    {
        bail!("--mid must be 1 to {MAX_HIDDEN}");
    }
    let labels = all_labels(&a.dirs)?;
    let examples = match a.positions {
        Positions::All => examples::<P>(&labels),
        Positions::Race => examples_of::<P>(&labels, P::is_race),
        Positions::Contact => examples_of::<P>(&labels, |p| !p.is_race()),
    }
    .map_err(|e| anyhow!(e))?;
    if examples.is_empty() {
        bail!("no labelled position is of the kind --positions asks for");
    }
    let mut net = if a.random {
        Network::random_with(P::KIND, a.hidden.unwrap_or(128), a.mid.unwrap_or(0), a.seed)
    } else {
        let start = match &a.init {
            Some(p) => {
                let bytes = std::fs::read(p).map_err(|e| anyhow!("reading {}: {e}", p.display()))?;
                Network::from_bytes_of(P::KIND, &bytes).map_err(|e| anyhow!("{}: {e}", p.display()))?
            }
            None => (*P::shipped().ok_or_else(|| anyhow!("{} ships no network: give --init", P::KIND))?).clone(),
        };
        let start = match a.hidden {
            Some(h) if h < start.hidden() => {
                bail!("--hidden {h} is fewer than the {} units it starts from", start.hidden())
            }
            Some(h) => start.widened(h, a.seed),
            None => start,
        };
        match a.mid {
            Some(m) if start.mid() > 0 && m != start.mid() => {
                bail!("the network already has a second hidden layer of {} units", start.mid())
            }
            Some(m) if start.mid() == 0 => start.deepened(m, a.seed).expect("--mid is checked above"),
            _ => start,
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
    eprintln!("tavli: fitting {} on {} {} positions, {} epochs", net.shape(), examples.len(), P::KIND, a.epochs);
    let stop = Arc::new(AtomicBool::new(false));
    {
        let s = stop.clone();
        let _ = ctrlc::set_handler(move || s.store(true, Ordering::Relaxed));
    }
    let t = Instant::now();
    distill::fit(&mut net, &examples, &cfg, &stop, &mut |r| {
        let left = t.elapsed().as_secs_f64() / r.epoch as f64 * (a.epochs - r.epoch) as f64;
        eprintln!(
            "epoch {:>3}  equity error: training {:.4}, held out {:.4}  ({}; about {} left)",
            r.epoch,
            r.train_error,
            r.holdout_error,
            duration(t.elapsed().as_secs_f64()),
            duration(left)
        );
    });
    net.about = format!("{}\nfitted: {} on {} positions", net.about.trim(), fit_command(), examples.len());
    std::fs::write(&a.out, net.to_bytes()).map_err(|e| anyhow!("writing {}: {e}", a.out.display()))?;
    eprintln!("tavli: weights written to {}", a.out.display());
    Ok(())
}

/// The fit's command as the weights file records it: without the program's
/// path and the output file, so that the same fit writes the same bytes
/// wherever it is run and whatever the file is called.
fn fit_command() -> String {
    let mut words = vec!["tavli".to_string()];
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--out" {
            args.next();
        } else if !a.starts_with("--out=") {
            words.push(a);
        }
    }
    words.join(" ")
}

fn recipe(a: &LabelArgs) -> Result<Recipe> {
    if a.games == 0 || a.games > 1_000_000_000 {
        bail!("--games must be 1 to 1000000000");
    }
    if a.shards == 0 || a.shards > 100_000 {
        bail!("--shards must be 1 to 100000");
    }
    if !(a.keep > 0.0 && a.keep <= 1.0) {
        bail!("--keep must be above 0 and at most 1");
    }
    if !(0.0..=1.0).contains(&a.epsilon) {
        bail!("--epsilon must be from 0 to 1");
    }
    if a.trials > 1_000_000 {
        bail!("--trials must be 0 (a search's value) to 1000000");
    }
    if a.trials == 0 && a.ply == 0 {
        bail!("--trials 0 labels with a search: give it --ply 1 or more (at 0 the network would label itself)");
    }
    if a.ply > MAX_PLY {
        bail!("--ply must be 0 to {MAX_PLY}");
    }
    if a.threads == 0 || a.threads > 256 {
        bail!("--threads must be 1 to 256");
    }
    Ok(Recipe {
        seed: a.seed,
        games: a.games,
        shards: a.shards,
        keep: a.keep,
        epsilon: a.epsilon,
        trials: a.trials,
        // A search's value has no trials to cut short.
        truncate: (a.truncate > 0 && a.trials > 0).then_some(a.truncate),
        ply: a.ply,
    })
}

fn label<P: NetGame>(a: &LabelArgs) -> Result<()> {
    let recipe = recipe(a)?;
    let worker = super::shard_arg(a.worker.as_deref(), "--worker")?;
    let net = network_of::<P>(a.weights.as_deref())?;
    let db = super::engine_eval().bearoff().cloned().unwrap_or_else(|| Arc::new(Database::build()));
    let eval = P::evaluator(net.clone(), Some(db.clone()));
    let set = DataSet::open(&a.dir, Manifest::new::<P>(&net, recipe.clone())).map_err(|e| anyhow!(e))?;
    let mine: Vec<u64> = (0..recipe.shards).filter(|&s| worker.holds(s)).collect();
    let todo: Vec<u64> = mine.iter().copied().filter(|&s| !matches!(set.state(s), ShardState::Done(_))).collect();
    let done_before: usize = mine
        .iter()
        .filter_map(|&s| match set.state(s) {
            ShardState::Done(n) => Some(n),
            _ => None,
        })
        .sum();
    eprintln!(
        "tavli: {} data set {}: {} of this worker's {} shards done ({done_before} positions), {} to go",
        P::KIND,
        a.dir.display(),
        mine.len() - todo.len(),
        mine.len(),
        todo.len()
    );
    let stop = Arc::new(AtomicBool::new(false));
    {
        let s = stop.clone();
        let _ = ctrlc::set_handler(move || s.store(true, Ordering::Relaxed));
    }
    let progress = Progress::new(todo.len(), done_before, mine.len() - todo.len());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let result: std::sync::Mutex<Result<()>> = std::sync::Mutex::new(Ok(()));
    std::thread::scope(|scope| {
        for _ in 0..a.threads {
            scope.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&s) = todo.get(k) else { break };
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    // The first report is what a stopped run left written
                    // (resumed, not labelled now); the others count up.
                    let (mut kept, mut last) = (None, 0);
                    let r = set.run_shard::<P>(&eval, Some(&db), s, &stop, &mut |done, total| {
                        match kept {
                            None => kept = Some(done),
                            Some(_) => progress.labelled(done.saturating_sub(last), total),
                        }
                        last = done;
                    });
                    match r {
                        Ok(ShardState::Done(n)) => progress.shard_done(s, n, kept.unwrap_or(0)),
                        Ok(ShardState::Partial(_)) => break,
                        Err(e) => {
                            *result.lock().unwrap_or_else(|e| e.into_inner()) = Err(anyhow!(e));
                            stop.store(true, Ordering::Relaxed);
                            break;
                        }
                    }
                }
            });
        }
    });
    result.into_inner().unwrap_or_else(|e| e.into_inner())?;
    progress.finish(stop.load(Ordering::Relaxed));
    Ok(())
}

/// Progress lines with an estimate of the time left: at most one a
/// minute, and one for each shard finished.
struct Progress {
    start: Instant,
    state: std::sync::Mutex<ProgressState>,
}

struct ProgressState {
    shards_left: usize,
    shards_done: usize,
    positions_total: usize,
    /// Positions labelled by this run (not those a stopped run left).
    labelled_now: usize,
    /// The positions of the shards this run finished (their sizes).
    done_positions: usize,
    /// Of `labelled_now`, those in the shards this run finished.
    done_labelled_now: usize,
    done_shards_now: usize,
    last_print: Instant,
}

impl Progress {
    fn new(shards_left: usize, positions_total: usize, shards_done: usize) -> Progress {
        let now = Instant::now();
        Progress {
            start: now,
            state: std::sync::Mutex::new(ProgressState {
                shards_left,
                shards_done,
                positions_total,
                labelled_now: 0,
                done_positions: 0,
                done_labelled_now: 0,
                done_shards_now: 0,
                last_print: now,
            }),
        }
    }

    fn labelled(&self, n: usize, _shard_total: usize) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        s.labelled_now += n;
        if s.last_print.elapsed().as_secs() >= 60 {
            s.last_print = Instant::now();
            self.print(&s, None);
        }
    }

    /// Shard `shard` finished with `n` positions, `kept` of them written by
    /// a stopped run before this one.
    fn shard_done(&self, shard: u64, n: usize, kept: usize) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        s.done_labelled_now += n.saturating_sub(kept);
        s.shards_left -= 1;
        s.shards_done += 1;
        s.done_shards_now += 1;
        s.positions_total += n;
        s.done_positions += n;
        s.last_print = Instant::now();
        self.print(&s, Some((shard, n)));
    }

    fn print(&self, s: &ProgressState, finished: Option<(u64, usize)>) {
        let secs = self.start.elapsed().as_secs_f64();
        let rate = s.labelled_now as f64 / secs.max(1e-9);
        // Positions per shard as seen in this run's finished shards.
        let per_shard = if s.done_shards_now > 0 { s.done_positions as f64 / s.done_shards_now as f64 } else { 0.0 };
        let left = if rate > 0.0 && per_shard > 0.0 {
            // What this run labelled in shards not finished yet is done.
            let begun = s.labelled_now.saturating_sub(s.done_labelled_now);
            let remaining = (s.shards_left as f64 * per_shard - begun as f64).max(0.0);
            format!("about {} left", duration(remaining / rate))
        } else {
            "time left not known yet".to_string()
        };
        let head = match finished {
            Some((shard, n)) => format!("shard {shard} done ({n} positions)"),
            None => "working".to_string(),
        };
        eprintln!(
            "tavli: {head}; {} shards done, {} to go; {} positions labelled in {} ({:.2}/s); {left}",
            s.shards_done,
            s.shards_left,
            s.labelled_now,
            duration(secs),
            rate
        );
    }

    fn finish(&self, stopped: bool) {
        let s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        self.print(&s, None);
        if stopped {
            eprintln!("tavli: stopped; run the same command again to go on");
        }
    }
}

/// `3 h 05 min`, `12 min`, `40 s`.
fn status(a: &StatusArgs) -> Result<()> {
    let manifest = manifest(&a.dir)?;
    let set = DataSet::open(&a.dir, manifest.clone()).map_err(|e| anyhow!(e))?;
    let (mut done, mut positions, mut partial) = (0, 0, 0);
    for s in 0..manifest.recipe.shards {
        match set.state(s) {
            ShardState::Done(n) => {
                done += 1;
                positions += n;
            }
            ShardState::Partial(n) => partial += n,
        }
    }
    println!(
        "{} data set, network {}: {done} of {} shards done, {positions} positions labelled (and {partial} in \
         unfinished shards)\nrecipe: {}",
        manifest.game,
        manifest.network,
        manifest.recipe.shards,
        serde_json::to_string(&manifest.recipe)?
    );
    Ok(())
}
