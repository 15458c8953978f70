//! Supervised training on search targets (distillation): positions from
//! self-play, each labelled with what a deeper search of the current
//! network says of it, and a network trained to give at 0-ply what the
//! search gives. Repeated, each round's network labels the next round's
//! positions, so the search's look-ahead is folded into the network.
//!
//! Every step is reproducible and can be split like a rollout: game `g` of
//! the position sampling belongs to shard `g mod N`, and labelling is a
//! function of the position alone, so shards' label files concatenated in
//! shard order are the unsharded file.

use std::io::{BufRead, BufWriter, Write};
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tavli_core::{MoveGen, Position};
use tavli_engine::games::plakoto::inputs::encode;
use tavli_engine::inputs::Inputs;
use tavli_engine::network::{Gradient, Network};
use tavli_engine::search::{SearchConfig, play_value, value};
use tavli_engine::{NeuralEval, Probabilities, to_targets};

use crate::rollout::Shard;
use crate::train::adam::Adam;

/// A position with the probabilities it should be given, for its side on roll.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Labelled {
    /// The position (the side on roll about to roll).
    pub position: Position,
    /// What the network should say of it.
    pub target: Probabilities,
}

/// The positions of self-play games `g` (0 ≤ g < `games`, in `shard`), each
/// side playing the best 0-ply play of `eval`, or with chance `epsilon` a
/// random play (so the positions are not only the network's favourites).
/// Every position a side faced before its roll, finished games left out.
pub fn sample_positions(eval: &NeuralEval, seed: u64, games: u64, epsilon: f32, shard: Shard) -> Vec<Position> {
    sample_decisions(eval, seed, games, epsilon, 0, shard)
}

/// The positions of [`sample_positions`]'s games, or with `candidates` > 0
/// instead the positions after the best `candidates` plays at 0-ply of
/// every roll of those games (the plays a 0-ply choice weighs against each
/// other; games' last plays left out).
pub fn sample_decisions(
    eval: &NeuralEval,
    seed: u64,
    games: u64,
    epsilon: f32,
    candidates: usize,
    shard: Shard,
) -> Vec<Position> {
    let cfg = SearchConfig::default();
    let mut out = Vec::new();
    let mut movegen = MoveGen::new();
    let mut plays = Vec::with_capacity(64);
    for g in (0..games).filter(|&g| shard.holds(g)) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ g);
        let mut pos = if rng.random::<bool>() { Position::start() } else { Position::start().pass_turn() };
        for _ in 0..tavli_core::game::MAX_TURNS {
            if pos.outcome().is_some() {
                break;
            }
            if candidates == 0 {
                out.push(pos);
            }
            let dice = tavli_core::Dice::new(rng.random_range(1..=6), rng.random_range(1..=6)).expect("dice 1-6");
            movegen.plays(&pos, dice, &mut plays);
            let explore = plays.len() > 1 && rng.random::<f32>() < epsilon;
            let mut scored: Vec<(f32, usize)> =
                plays.iter().enumerate().map(|(i, p)| (play_value(eval, p, 0, &cfg).equity(), i)).collect();
            scored.sort_by(|a, b| b.0.total_cmp(&a.0));
            if candidates > 0 {
                out.extend(
                    scored
                        .iter()
                        .take(candidates)
                        .filter(|s| plays[s.1].result().is_none())
                        .map(|s| *plays[s.1].position()),
                );
            }
            let i = if explore { rng.random_range(0..plays.len()) } else { scored[0].1 };
            let play = plays[i];
            if play.result().is_some() {
                break;
            }
            pos = *play.position();
        }
    }
    out
}

/// Labels `positions` with `eval` searched `ply` plies deep (for each
/// position's side on roll), on `threads` threads, in order. `progress` is
/// called with the count done; `stop` ends early (the labels so far, a
/// prefix of the positions, are returned).
pub fn label(
    eval: &NeuralEval,
    ply: u8,
    positions: &[Position],
    threads: usize,
    stop: &AtomicBool,
    progress: &(dyn Fn(u64) + Sync),
) -> Vec<Labelled> {
    let cfg = SearchConfig::default();
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let out: Mutex<Vec<Option<Probabilities>>> = Mutex::new(vec![None; positions.len()]);
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed) as usize;
                    let Some(p) = positions.get(i) else { break };
                    let v = value(eval, p, ply, &cfg);
                    out.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(v);
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                }
            });
        }
    });
    let labels = out.into_inner().unwrap_or_else(|e| e.into_inner());
    positions.iter().zip(labels).map_while(|(p, l)| Some(Labelled { position: *p, target: l? })).collect()
}

/// Writes labelled positions as text, one per line: the position ID, then
/// win, win double, lose, lose double and draw for its side on roll.
pub fn write_labels(path: &Path, data: &[Labelled]) -> std::io::Result<()> {
    let mut f = BufWriter::new(std::fs::File::create(path)?);
    for d in data {
        let t = d.target;
        writeln!(
            f,
            "{} {:.6} {:.6} {:.6} {:.6} {:.6}",
            d.position.id(),
            t.win,
            t.win_double,
            t.lose,
            t.lose_double,
            t.draw
        )?;
    }
    f.into_inner().map_err(|e| e.into_error())?.sync_all()
}

/// Reads a file of [`write_labels`]; a bad line is an error naming it.
pub fn read_labels(path: &Path) -> Result<Vec<Labelled>, String> {
    let f = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (n, line) in std::io::BufReader::new(f).lines().enumerate() {
        let line = line.map_err(|e| format!("{}: {e}", path.display()))?;
        let bad = |why: &str| format!("{} line {}: {why}", path.display(), n + 1);
        let mut parts = line.split_whitespace();
        let id = parts.next().ok_or_else(|| bad("empty line"))?;
        let position = Position::from_id(id).map_err(|e| bad(&e.to_string()))?;
        let v: Vec<f32> = parts.map(|x| x.parse::<f32>().map_err(|_| bad("not a number"))).collect::<Result<_, _>>()?;
        let [win, win_double, lose, lose_double, draw] = v[..] else {
            return Err(bad("expected an ID and five probabilities"));
        };
        out.push(Labelled { position, target: Probabilities { win, win_double, lose, lose_double, draw } });
    }
    Ok(out)
}

/// Settings of a supervised training run.
#[derive(Clone, Debug)]
pub struct DistillConfig {
    /// Passes over the data.
    pub epochs: usize,
    /// Adam's learning rate at the start …
    pub lr: f32,
    /// … and at the end (linear decay over the run).
    pub lr_end: f32,
    /// Samples per gradient step.
    pub minibatch: usize,
    /// Seed of the shuffling.
    pub seed: u64,
    /// Positions kept aside to measure the error on (every k-th; 0: none).
    pub holdout_every: usize,
}

impl Default for DistillConfig {
    fn default() -> DistillConfig {
        DistillConfig { epochs: 10, lr: 0.001, lr_end: 0.0001, minibatch: 128, seed: 1, holdout_every: 20 }
    }
}

/// After each epoch: its number and the mean absolute equity error on the
/// held-out positions (and on the training positions).
#[derive(Clone, Copy, Debug)]
pub struct EpochReport {
    /// 1 for the first epoch.
    pub epoch: usize,
    /// Mean |equity − target equity| over the training positions.
    pub train_error: f64,
    /// The same over the held-out positions.
    pub holdout_error: f64,
}

/// Trains `net` on `data` (cross-entropy of each output against the
/// target's), reporting each epoch; `stop` ends after the current epoch.
pub fn distill(
    net: &mut Network,
    data: &[Labelled],
    cfg: &DistillConfig,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&EpochReport),
) {
    let encoded: Vec<Example> = data
        .iter()
        .map(|d| {
            let mut x = Inputs::with_capacity();
            encode(&d.position, &mut x);
            Example::new(x, &d.target)
        })
        .collect();
    fit(net, &encoded, cfg, stop, report);
}

/// A training example: a position's network inputs, the targets of the
/// network's outputs and the target equity.
pub struct Example {
    inputs: Inputs,
    targets: [f32; 4],
    equity: f32,
}

impl Example {
    /// The example of a position encoded as `inputs` whose chances should be `target`.
    pub fn new(inputs: Inputs, target: &Probabilities) -> Example {
        Example { inputs, targets: to_targets(target), equity: target.equity() }
    }
}

/// Trains `net` on `examples` of any game (cross-entropy of each output
/// against its target, Adam, the learning rate decaying linearly), every
/// `cfg.holdout_every`-th kept aside to measure; reports each epoch, and
/// `stop` ends after the current one.
pub fn fit(
    net: &mut Network,
    examples: &[Example],
    cfg: &DistillConfig,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&EpochReport),
) {
    let encoded = examples;
    let is_holdout = |i: usize| cfg.holdout_every > 0 && i.is_multiple_of(cfg.holdout_every);
    let mut train: Vec<usize> = (0..encoded.len()).filter(|&i| !is_holdout(i)).collect();
    let holdout: Vec<usize> = (0..encoded.len()).filter(|&i| is_holdout(i)).collect();
    let mut adam = Adam::new(net, cfg.lr);
    let mut grad = Gradient::zeros(net);
    let mut rng = ChaCha8Rng::seed_from_u64(cfg.seed);
    let steps_total = (cfg.epochs * train.len().div_ceil(cfg.minibatch.max(1))).max(1);
    let mut step = 0usize;
    let error = |net: &Network, idx: &[usize]| -> f64 {
        let mut h = Vec::new();
        let sum: f64 = idx
            .iter()
            .map(|&i| {
                let e = &encoded[i];
                let o = net.forward(&e.inputs, &mut h);
                let p = tavli_engine::from_outputs(&o);
                f64::from((p.equity() - e.equity).abs())
            })
            .sum();
        sum / idx.len().max(1) as f64
    };
    for epoch in 1..=cfg.epochs {
        train.shuffle(&mut rng);
        for batch in train.chunks(cfg.minibatch.max(1)) {
            grad.clear();
            let scale = 1.0 / batch.len() as f32;
            for &i in batch {
                net.backprop(&encoded[i].inputs, &encoded[i].targets, scale, &mut grad);
            }
            step += 1;
            adam.lr = cfg.lr + (cfg.lr_end - cfg.lr) * (step as f32 / steps_total as f32);
            adam.update(net, &grad);
        }
        let sample: Vec<usize> = train.iter().step_by((train.len() / 20_000).max(1)).copied().collect();
        report(&EpochReport { epoch, train_error: error(net, &sample), holdout_error: error(net, &holdout) });
        if stop.load(Ordering::Relaxed) {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn sampling_and_labelling_are_reproducible_and_shards_add_up() {
        let eval = NeuralEval::shipped(None);
        let all = sample_positions(&eval, 7, 6, 0.1, Shard::ALL);
        assert!(all.len() > 100, "{} positions", all.len());
        assert_eq!(all, sample_positions(&eval, 7, 6, 0.1, Shard::ALL));
        let mut parts: Vec<Position> = Vec::new();
        for index in 0..3 {
            parts.extend(sample_positions(&eval, 7, 6, 0.1, Shard { index, count: 3 }));
        }
        assert_eq!(parts.len(), all.len());
        let stop = AtomicBool::new(false);
        let a = label(&eval, 1, &all[..40], 2, &stop, &|_| {});
        let b = label(&eval, 1, &all[..40], 1, &stop, &|_| {});
        assert_eq!(a, b);
    }

    #[test]
    fn labels_round_trip_through_their_file_and_bad_lines_are_named() {
        let eval = NeuralEval::shipped(None);
        let ps = sample_positions(&eval, 3, 1, 0.0, Shard::ALL);
        let data = label(&eval, 0, &ps[..20], 1, &AtomicBool::new(false), &|_| {});
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("l.txt");
        write_labels(&path, &data).unwrap();
        let back = read_labels(&path).unwrap();
        assert_eq!(back.len(), data.len());
        for (a, b) in back.iter().zip(&data) {
            assert_eq!(a.position, b.position);
            assert!((a.target.equity() - b.target.equity()).abs() < 1e-5);
        }
        std::fs::write(&path, "AAAA__7__gAAAA 0.5 0.1 0.5 0.1\n").unwrap();
        assert!(read_labels(&path).unwrap_err().contains("line 1"));
    }

    #[test]
    fn training_on_targets_brings_the_network_closer_to_them() {
        let eval = NeuralEval::shipped(None);
        let ps = sample_positions(&eval, 5, 8, 0.1, Shard::ALL);
        let data = label(&eval, 1, &ps, 2, &AtomicBool::new(false), &|_| {});
        let mut net = Network::random_for(tavli_core::tavli::GameKind::Plakoto, 16, 1);
        let mut errors = Vec::new();
        let cfg = DistillConfig { epochs: 6, lr: 0.003, lr_end: 0.001, holdout_every: 5, ..DistillConfig::default() };
        distill(&mut net, &data, &cfg, &AtomicBool::new(false), &mut |r| errors.push(r.holdout_error));
        assert_eq!(errors.len(), 6);
        assert!(errors[5] < errors[0], "{errors:?}");
        let _ = Arc::new(net);
    }
}
