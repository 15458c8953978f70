//! `tavli train`: self-play TD(λ) training of the network.
//!
//! Why TD(λ): it needs no expert data (none exists for Plakoto) and is what
//! made TD-Gammon strong at a game of this family; the λ-return blends the
//! next position's evaluation with the game's result, which converges much
//! faster than Monte-Carlo returns alone.
//!
//! Training runs in rounds: worker threads play a batch of games with a
//! snapshot of the current network and compute λ-return targets; the main
//! thread then takes Adam steps on those samples in shuffled minibatches.
//! Every `eval_every` games the network plays a paired duel against the
//! heuristic player (and, given a benchmark of best play, is scored on
//! it); the result goes to `log.csv` and `strength.svg`, and
//! a checkpoint (weights, optimiser moments, state) is written atomically,
//! so an interrupted run resumes where its last checkpoint left it.

pub(crate) mod adam;
pub mod report;
mod selfplay;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use tavli_core::tavli::GameKind;
use tavli_engine::network::{Gradient, Network};
use tavli_engine::{GameCode, NetGame, Player, for_game};

use crate::benchmark::{Decision, error_rate};
use crate::duel::duel_of;
use crate::greedy::GreedyPlayer;
use adam::Adam;
use report::{LogRow, append_csv, plot_svg, read_csv};
pub use selfplay::{Sample, SelfPlayGame, self_play};

/// Settings of a training run.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TrainConfig {
    /// The game the network plays (Plakoto unless told: runs saved before
    /// other games had networks are Plakoto's).
    #[serde(default)]
    pub game: GameKind,
    /// Train until this many self-play games in total.
    pub games: u64,
    /// Hidden units of a new network. A network from `init` with fewer is
    /// widened to this many (its new units start silent, see
    /// [`Network::widened`]); 0 keeps its own size, and fewer than its own
    /// is refused.
    pub hidden: usize,
    /// Units of a second hidden layer (0: none). A new network gets one of
    /// random weights; a network from `init` without one gets one put
    /// under its hidden layer ([`Network::deepened`]).
    #[serde(default)]
    pub mid: usize,
    /// Worker threads for self-play and the strength checks.
    pub threads: usize,
    /// Seed of the first weights, the self-play dice and the sample shuffling.
    pub seed: u64,
    /// Adam's learning rate (at the start of the run when `lr_end` is set).
    pub lr: f32,
    /// Learning rate at the end of the run (linear decay from `lr`).
    #[serde(default)]
    pub lr_end: Option<f32>,
    /// TD(λ)'s λ: 0 makes each target the next position's value, 1 the
    /// game's result.
    pub lambda: f32,
    /// Chance of a random play during self-play.
    pub epsilon: f32,
    /// Games per round (shared by the threads).
    pub round_games: u64,
    /// Samples per Adam step.
    pub minibatch: usize,
    /// Games between strength checks and checkpoints.
    pub eval_every: u64,
    /// Pairs of games per strength check.
    pub eval_pairs: u64,
    /// Optional starting weights (instead of random) for a fresh run.
    #[serde(default)]
    pub init: Option<PathBuf>,
    /// A benchmark of best play (`tavli benchmark build`): at every
    /// strength check the 0-ply network's error rate on it is logged too.
    #[serde(default)]
    pub benchmark: Option<PathBuf>,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            game: GameKind::Plakoto,
            games: 200_000,
            hidden: 128,
            mid: 0,
            threads: 2,
            seed: 1,
            lr: 0.001,
            lr_end: None,
            lambda: 0.7,
            epsilon: 0.0,
            round_games: 64,
            minibatch: 64,
            eval_every: 10_000,
            eval_pairs: 500,
            init: None,
            benchmark: None,
        }
    }
}

/// What is saved beside the weights to resume a run.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct State {
    config: TrainConfig,
    games_done: u64,
    positions: u64,
    seconds: f64,
    adam_step: u64,
}

/// Progress reports for the front end.
#[derive(Clone, Debug, Default)]
pub struct Progress {
    /// Self-play games trained on so far, resumed sessions included.
    pub games_done: u64,
    /// The games the run trains to ([`TrainConfig::games`]).
    pub games_total: u64,
    /// Training positions (samples) so far.
    pub positions: u64,
    /// Seconds of training so far, resumed sessions included.
    pub seconds: f64,
    /// The latest strength check of this session, once one has run.
    pub last: Option<LogRow>,
    /// Set while a strength check runs.
    pub evaluating: bool,
}

/// Why a training run stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    /// Reading or writing a file of the run failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The error reading or writing it.
        source: std::io::Error,
    },
    /// A file of the run is not valid, or the run cannot start as asked; holds why.
    #[error("{0}")]
    Bad(String),
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> TrainError + '_ {
    move |source| TrainError::Io { path: path.display().to_string(), source }
}

/// Writes `bytes` to `path` atomically (temp file, fsync, rename).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), TrainError> {
    use std::io::Write;
    let tmp = path.with_extension("tmp");
    let mut f = std::fs::File::create(&tmp).map_err(io(&tmp))?;
    f.write_all(bytes).map_err(io(&tmp))?;
    f.sync_all().map_err(io(&tmp))?;
    std::fs::rename(&tmp, path).map_err(io(path))?;
    if let Some(dir) = path.parent()
        && let Ok(d) = std::fs::File::open(dir)
    {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Files of a run directory.
struct RunFiles {
    /// `weights.bin`: the network's latest weights.
    pub weights: PathBuf,
    /// `adam-m.bin`: the optimiser's first moments.
    pub adam_m: PathBuf,
    /// `adam-v.bin`: the optimiser's second moments.
    pub adam_v: PathBuf,
    /// `state.json`: the configuration and counters to resume the run.
    pub state: PathBuf,
    /// `log.csv`: the strength checks.
    pub log: PathBuf,
    /// `strength.svg`: the strength checks plotted.
    pub plot: PathBuf,
}

impl RunFiles {
    /// The files of the run directory `dir`.
    fn new(dir: &Path) -> RunFiles {
        RunFiles {
            weights: dir.join("weights.bin"),
            adam_m: dir.join("adam-m.bin"),
            adam_v: dir.join("adam-v.bin"),
            state: dir.join("state.json"),
            log: dir.join("log.csv"),
            plot: dir.join("strength.svg"),
        }
    }
}

fn load_net(game: GameKind, path: &Path) -> Result<Network, TrainError> {
    let b = std::fs::read(path).map_err(io(path))?;
    Network::from_bytes_of(game, &b).map_err(|e| TrainError::Bad(format!("{}: {e}", path.display())))
}

/// Trains in `dir` (created if needed) a network of `cfg.game` (when
/// resuming, of the game the run was started for). With `resume`,
/// continues the run saved there; `stop` ends it cleanly at the next round
/// with a checkpoint.
pub fn train(
    cfg: &TrainConfig,
    dir: &Path,
    resume: bool,
    stop: &AtomicBool,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Network, TrainError> {
    let game = if resume { read_state(&RunFiles::new(dir))?.config.game } else { cfg.game };
    /// Training in one game.
    struct Train<'a> {
        cfg: &'a TrainConfig,
        dir: &'a Path,
        resume: bool,
        stop: &'a AtomicBool,
        on_progress: &'a mut dyn FnMut(&Progress),
    }
    impl GameCode for Train<'_> {
        type Out = Result<Network, TrainError>;
        fn run<P: NetGame>(self) -> Self::Out {
            train_of::<P>(self.cfg, self.dir, self.resume, self.stop, self.on_progress)
        }
    }
    for_game(game, Train { cfg, dir, resume, stop, on_progress })
}

fn read_state(files: &RunFiles) -> Result<State, TrainError> {
    let text = std::fs::read_to_string(&files.state).map_err(io(&files.state))?;
    serde_json::from_str(&text).map_err(|e| TrainError::Bad(format!("{}: {e}", files.state.display())))
}

fn train_of<P: NetGame>(
    cfg: &TrainConfig,
    dir: &Path,
    resume: bool,
    stop: &AtomicBool,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Network, TrainError> {
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let files = RunFiles::new(dir);
    if !resume && cfg.benchmark.is_some() && P::KIND != GameKind::Plakoto {
        return Err(TrainError::Bad(format!(
            "the benchmark of best play is Plakoto's so far; train {} without it",
            P::KIND
        )));
    }
    let (mut net, mut adam, mut state) = if resume {
        let mut st = read_state(&files)?;
        let net = load_net(P::KIND, &files.weights)?;
        let mut adam = Adam::new(&net, cfg.lr);
        adam.m = load_net(P::KIND, &files.adam_m)?;
        adam.v = load_net(P::KIND, &files.adam_v)?;
        adam.step = st.adam_step;
        // The new target length and thread count may differ; the rest of the
        // recipe stays as the run began.
        st.config.games = cfg.games;
        st.config.threads = cfg.threads;
        (net, adam, st)
    } else {
        if files.state.exists() {
            return Err(TrainError::Bad(format!(
                "{} already holds a training run; use --resume to continue it or choose another --out",
                dir.display()
            )));
        }
        let net = match &cfg.init {
            Some(p) => {
                let net = load_net(P::KIND, p)?;
                if cfg.hidden != 0 && cfg.hidden < net.hidden() {
                    return Err(TrainError::Bad(format!(
                        "{} has {} hidden units, more than the {} asked for: a network can be widened, not narrowed",
                        p.display(),
                        net.hidden(),
                        cfg.hidden
                    )));
                }
                let net = net.widened(cfg.hidden, cfg.seed);
                match cfg.mid {
                    0 => net,
                    m if net.mid() == m => net,
                    m => net.deepened(m, cfg.seed).ok_or_else(|| {
                        TrainError::Bad(format!(
                            "{} already has a second hidden layer of {} units",
                            p.display(),
                            net.mid()
                        ))
                    })?,
                }
            }
            None => Network::random_with(P::KIND, cfg.hidden, cfg.mid, cfg.seed),
        };
        let adam = Adam::new(&net, cfg.lr);
        let st = State { config: cfg.clone(), games_done: 0, positions: 0, seconds: 0.0, adam_step: 0 };
        let _ = std::fs::remove_file(&files.log);
        (net, adam, st)
    };
    let c = state.config.clone();
    adam.lr = c.lr;
    let benchmark = match &c.benchmark {
        Some(p) => crate::benchmark::read(p).map_err(TrainError::Bad)?,
        None => Vec::new(),
    };
    let mut rows = read_csv(&files.log);
    let started = Instant::now();
    let base_seconds = state.seconds;
    let mut progress = Progress { games_total: c.games, ..Progress::default() };
    let mut grad = Gradient::zeros(&net);

    while state.games_done < c.games && !stop.load(Ordering::Relaxed) {
        let round = c.round_games.min(c.games - state.games_done);
        let snapshot = P::evaluator(Arc::new(net.clone()), None);
        let first = state.games_done;
        let mut samples: Vec<Sample> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..c.threads.max(1) as u64)
                .map(|t| {
                    let eval = snapshot.clone();
                    let c = &c;
                    s.spawn(move || {
                        let mut out = Vec::new();
                        let mut g = t;
                        while g < round {
                            let seed = c.seed.wrapping_mul(1_000_003).wrapping_add(first + g);
                            out.extend(self_play::<P>(&eval, seed, c.lambda, c.epsilon).samples);
                            g += c.threads.max(1) as u64;
                        }
                        out
                    })
                })
                .collect();
            handles.into_iter().flat_map(|h| h.join().unwrap_or_default()).collect()
        });
        state.games_done += round;
        state.positions += samples.len() as u64;

        // Linear decay of the learning rate over the run, if asked.
        if let Some(end) = c.lr_end {
            let t = state.games_done as f32 / c.games.max(1) as f32;
            adam.lr = c.lr + (end - c.lr) * t.min(1.0);
        }
        let mut rng = ChaCha8Rng::seed_from_u64(c.seed ^ state.games_done);
        samples.shuffle(&mut rng);
        for batch in samples.chunks(c.minibatch.max(1)) {
            grad.clear();
            let scale = 1.0 / batch.len() as f32;
            for s in batch {
                net.backprop(&s.inputs, &s.target, scale, &mut grad);
            }
            adam.update(&mut net, &grad);
        }
        state.adam_step = adam.step;
        state.seconds = base_seconds + started.elapsed().as_secs_f64();
        progress.games_done = state.games_done;
        progress.positions = state.positions;
        progress.seconds = state.seconds;
        on_progress(&progress);

        let checkpoint_due = state.games_done % c.eval_every < round || state.games_done >= c.games;
        if checkpoint_due || stop.load(Ordering::Relaxed) {
            if checkpoint_due {
                progress.evaluating = true;
                on_progress(&progress);
                let row = strength_check::<P>(&net, &c, &state, &benchmark)?;
                append_csv(&files.log, &row).map_err(io(&files.log))?;
                rows.push(row.clone());
                plot_svg(&files.plot, P::KIND, &rows).map_err(TrainError::Bad)?;
                progress.last = Some(row);
                progress.evaluating = false;
                on_progress(&progress);
            }
            net.about = format!(
                "tavli train{}: {} games, hidden {}, lr {}{}, lambda {}, seed {}{}",
                // Plakoto's runs are described as they always were.
                if P::KIND == GameKind::Plakoto { String::new() } else { format!(" --game {}", P::KIND) },
                state.games_done,
                net.hidden(),
                c.lr,
                c.lr_end.map(|e| format!(" to {e}")).unwrap_or_default(),
                c.lambda,
                c.seed,
                c.init.as_ref().map(|p| format!(", from {}", p.display())).unwrap_or_default()
            );
            write_atomic(&files.weights, &net.to_bytes())?;
            if checkpoint_due {
                // Keep each checkpoint's weights, to duel them against each other later.
                let snap = dir.join(format!("weights-{:07}.bin", state.games_done));
                write_atomic(&snap, &net.to_bytes())?;
            }
            write_atomic(&files.adam_m, &adam.m.to_bytes())?;
            write_atomic(&files.adam_v, &adam.v.to_bytes())?;
            let text = serde_json::to_string_pretty(&state).map_err(|e| TrainError::Bad(e.to_string()))?;
            write_atomic(&files.state, text.as_bytes())?;
        }
    }
    Ok(net)
}

/// A paired duel of the 0-ply network against the game's heuristic player,
/// and (Plakoto's) error rate on `benchmark` unless that is empty.
fn strength_check<P: NetGame>(
    net: &Network,
    c: &TrainConfig,
    state: &State,
    benchmark: &[Decision],
) -> Result<LogRow, TrainError> {
    let eval = P::evaluator(Arc::new(net.clone()), None);
    let greedy = || GreedyPlayer { eval: eval.clone(), name: "net".into() };
    let a = |_: u64| Box::new(greedy()) as Box<dyn Player<P>>;
    let b = |_: u64| P::heuristic();
    let start = P::start_of(P::KIND).expect("every game has a start");
    // The same dice every time, so successive checks compare like with like.
    // Built-in players cannot fail.
    let s = duel_of(start, &a, &b, c.eval_pairs, 0xD1CE, c.threads, &|_| {}).unwrap_or_default();
    let error_rate = if benchmark.is_empty() {
        None
    } else {
        // Only a Plakoto run is given a benchmark (see `train_of`).
        let plakoto = tavli_engine::NeuralEval::new(Arc::new(net.clone()));
        let e =
            error_rate(benchmark, &mut GreedyPlayer { eval: plakoto, name: "net".into() }).map_err(TrainError::Bad)?;
        Some((e.millipoints, e.ci95))
    };
    Ok(LogRow {
        games: state.games_done,
        seconds: state.seconds,
        positions: state.positions,
        ppg: s.points_per_game(),
        ci95: s.ci95(),
        win_rate: s.wins as f64 / s.games.max(1) as f64,
        error_rate,
    })
}
