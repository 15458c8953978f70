//! `tavli rollout POSITION [DICE]`: Monte Carlo play-outs of a position,
//! or of every sensible play of a roll, with their standard errors; and
//! `tavli rollout-merge`, which adds up the shards of one rollout.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use anyhow::{Context, Result, anyhow, bail};
use serde::{Deserialize, Serialize};
use serde_json::json;
use tavli_core::tavli::{AnyPlay, AnyPosition, GameKind, GamePlay, GamePosition};
use tavli_engine::{Analyzer, ByGame, GameEvals, GameVisitor, MAX_PLY, NetGame, Search};
use tavli_workshop::rollout::{Estimate, Rollout, RolloutConfig, Shard, Tally, exact_after, for_mover};

use super::moves::any_play_json;
use tavli_engine::NetEval;

/// Roll out a position (its equity and chances for the side on roll), or,
/// with DICE, the plays of that roll, ranked by their rollout equity.
///
/// Each trial plays the game out to its end (or --truncate plies, then the
/// evaluator scores it), both sides at --ply. The noise is cut by
/// quasi-random dice (every 36 trials see every first roll, every 1,296
/// every pair), the same dice for every play compared, and the luck of each
/// roll subtracted (turn it off with --no-variance-reduction: faster at
/// 0-ply, noisier). The result is the same on any number of threads, and
/// --shard I/N rolls out one share of the trials: shards merged with
/// `tavli rollout-merge` give exactly the unsharded result. Ctrl-C stops
/// and prints the result so far.
#[derive(clap::Args)]
pub struct Args {
    /// `start`, position JSON, a position ID, or `-` for stdin.
    position: String,
    /// A roll (`6-4`): roll out its plays instead of the position.
    dice: Option<String>,
    /// Trials (games) per position or play, over all shards.
    #[arg(long, default_value_t = 1296)]
    games: u64,
    /// The search depth both sides play at (0 to 2).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=MAX_PLY as i64))]
    ply: u8,
    /// Stop each trial after this many plies and score it by the evaluator.
    #[arg(long, value_name = "PLIES")]
    truncate: Option<usize>,
    /// Seed of the dice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads.
    #[arg(long, default_value_t = std::thread::available_parallelism().map_or(2, |n| n.get()))]
    threads: usize,
    /// Roll out only shard I of N (I from 0): trial t belongs to shard t mod N.
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
    /// Plays of a roll rolled out: at most this many of the best by a 1-ply
    /// search, within --margin of the best.
    #[arg(long, default_value_t = 6)]
    candidates: usize,
    /// How far behind the best (1-ply equity) a play may be and still be rolled out.
    #[arg(long, default_value_t = 0.3)]
    margin: f32,
    /// Do not subtract the luck of the rolls.
    #[arg(long)]
    no_variance_reduction: bool,
    /// Print JSON (with the shard's exact tallies, for rollout-merge).
    #[arg(long)]
    json: bool,
    /// The game of `start`: plakoto (the default), portes, fevga or gulbara,
    /// or a regional name (tapa, tsilliton, mahbusa, tabla); JSON and IDs
    /// say their own game.
    #[arg(long, value_name = "G")]
    game: Option<GameKind>,
}

/// What a rollout (or one shard of it) prints as JSON: enough to merge.
#[derive(Serialize, Deserialize)]
struct Output {
    /// The position rolled out (its ID).
    id: String,
    /// The roll, when plays were rolled out.
    dice: Option<[u8; 2]>,
    settings: Settings,
    /// One entry per position or play.
    results: Vec<Entry>,
}

#[derive(Serialize, Deserialize, PartialEq, Clone)]
struct Settings {
    games: u64,
    ply: u8,
    truncate: Option<usize>,
    seed: u64,
    variance_reduction: bool,
    shard: Option<[u64; 2]>,
}

#[derive(Serialize, Deserialize, Clone)]
struct Entry {
    /// The play (moves, notation, position, result), for a roll's plays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    play: Option<serde_json::Value>,
    /// The exact sums of this shard's trials.
    tally: Tally,
    /// Exact (a play that ends the game): no trials.
    #[serde(default)]
    exact: bool,
    /// The figures, for reading.
    #[serde(default)]
    estimate: Option<serde_json::Value>,
}

fn estimate_json(e: &Estimate) -> serde_json::Value {
    json!({
        "probabilities": e.probabilities,
        "equity": e.equity,
        "std_error": e.std_error,
        "ci95": [e.equity - e.ci95, e.equity + e.ci95],
        "games": e.trials,
    })
}

pub fn run(a: Args) -> Result<()> {
    let evals = super::game_evals();
    super::any_position_arg(&a.position, a.game)?.by_game(RollOut { args: &a, evals: &evals })
}

/// `rollout` in the game of the position it is run on.
struct RollOut<'a> {
    args: &'a Args,
    evals: &'a GameEvals,
}

impl GameVisitor for RollOut<'_> {
    type Out = Result<()>;
    fn visit<P: NetGame>(self, pos: &P) -> Result<()> {
        run_of(self.args, *pos, self.evals.get::<P>().clone(), GamePlay::into_any)
    }
}

/// The rollout of `pos` in its game, with `eval`; `any` makes its plays
/// plays of any game (for their JSON).
fn run_of<P: NetGame>(a: &Args, pos: P, eval: NetEval<P>, any: fn(P::Play) -> AnyPlay) -> Result<()> {
    if let Some(r) = pos.outcome() {
        bail!("bad POSITION: the game is already over ({r}); there is nothing to roll out");
    }
    if a.games == 0 || a.games > 100_000_000 {
        bail!("--games must be 1 to 100000000");
    }
    if a.threads == 0 || a.threads > 256 {
        bail!("--threads must be 1 to 256");
    }
    let shard = a.shard.as_deref().map(Shard::parse).transpose().map_err(|e| anyhow!("--shard {e}"))?;
    let dice = a.dice.as_deref().map(super::dice_arg).transpose()?;
    let cfg = RolloutConfig {
        trials: a.games,
        ply: a.ply,
        truncate: a.truncate,
        seed: a.seed,
        variance_reduction: !a.no_variance_reduction,
        shard: shard.unwrap_or(Shard::ALL),
    };
    // What is rolled out: the position, or the sensible plays of the roll
    // (their positions after, the opponent on roll there).
    let (starts, plays) = match dice {
        None => (vec![pos], Vec::new()),
        Some(d) => {
            let all = pos.legal_plays(d);
            let ranked = Analyzer::<P>::rank(&Search::new(eval.clone(), 1), &all);
            let best = ranked[0].equity();
            let chosen: Vec<_> = ranked
                .iter()
                .take(a.candidates.max(1))
                .take_while(|s| best - s.equity() <= a.margin)
                .map(|s| all[s.index].clone())
                .collect();
            (chosen.iter().filter(|p| p.result().is_none()).map(|p| p.position()).collect(), chosen)
        }
    };
    let rollout = Rollout::<P>::of(eval, cfg.clone());
    let total = rollout.trials_here() * starts.len() as u64;
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        let _ = ctrlc::set_handler(move || stop.store(true, Ordering::Relaxed));
    }
    let bar = super::progress::bar(total, "trials");
    let t = Instant::now();
    let tallies = rollout.run(&starts, a.threads, &stop, &|n| bar.set_position(n));
    bar.finish_and_clear();
    let done: u64 = tallies.iter().map(|t| t.trials).sum();
    let secs = t.elapsed().as_secs_f64();
    eprintln!(
        "tavli: {done} trials in {secs:.1} s ({:.0} games/s){}",
        done as f64 / secs.max(1e-9),
        if stop.load(Ordering::Relaxed) { ", stopped early: the result so far" } else { "" }
    );
    let settings = Settings {
        games: a.games,
        ply: a.ply,
        truncate: a.truncate,
        seed: a.seed,
        variance_reduction: cfg.variance_reduction,
        shard: shard.map(|s| [s.index, s.count]),
    };
    let mut results = Vec::new();
    if plays.is_empty() {
        results.push(Entry { play: None, tally: tallies[0].clone(), exact: false, estimate: None });
    } else {
        let mut it = tallies.iter();
        for p in &plays {
            let (tally, exact) = match exact_after(p) {
                Some(_) => (Tally::default(), true),
                None => (for_mover(it.next().expect("a tally per play rolled out")), false),
            };
            results.push(Entry { play: Some(any_play_json(&any(p.clone()))), tally, exact, estimate: None });
        }
    }
    let out = Output { id: pos.id(), dice: dice.map(|d| [d.high(), d.low()]), settings, results };
    print(&pos, out, a.json)
}

/// The estimate of an entry: its tally's, or the exact result of a play
/// that ends the game.
fn estimate_of(e: &Entry) -> (Estimate, bool) {
    if e.exact {
        let r: tavli_core::GameResult =
            serde_json::from_value(e.play.as_ref().map_or(json!(null), |p| p["result"].clone()))
                .unwrap_or(tavli_core::GameResult::draw());
        let mover_wins = r.winner.is_some();
        let pts = f64::from(r.points);
        let p = tavli_engine::Probabilities {
            win: f32::from(mover_wins),
            win_double: f32::from(mover_wins && r.points == 2),
            lose: 0.0,
            lose_double: 0.0,
            draw: f32::from(!mover_wins),
        };
        return (Estimate { probabilities: p, equity: pts, std_error: 0.0, ci95: 0.0, trials: 0 }, true);
    }
    (e.tally.estimate(), false)
}

fn print<P: GamePosition>(pos: &P, mut out: Output, as_json: bool) -> Result<()> {
    // Best first, by equity.
    let mut order: Vec<usize> = (0..out.results.len()).collect();
    order.sort_by(|&i, &j| estimate_of(&out.results[j]).0.equity.total_cmp(&estimate_of(&out.results[i]).0.equity));
    out.results = order.iter().map(|&i| out.results[i].clone()).collect();
    for e in &mut out.results {
        e.estimate = Some(estimate_json(&estimate_of(e).0));
    }
    if as_json {
        if out.dice.is_none() {
            let e = estimate_of(&out.results[0]).0;
            let mut v = estimate_json(&e);
            v["position"] = pos.to_json_value();
            v["id"] = json!(out.id);
            v["settings"] = serde_json::to_value(&out.settings)?;
            v["tally"] = serde_json::to_value(&out.results[0].tally)?;
            println!("{v}");
        } else {
            let list: Vec<serde_json::Value> = out
                .results
                .iter()
                .map(|e| {
                    let est = estimate_of(e).0;
                    let mut v = e.play.clone().unwrap_or(json!({}));
                    for (k, x) in estimate_json(&est).as_object().expect("an object") {
                        v[k] = x.clone();
                    }
                    v["tally"] = serde_json::to_value(&e.tally).unwrap_or_default();
                    v["exact"] = json!(e.exact);
                    v
                })
                .collect();
            println!("{}", json!({"id": out.id, "dice": out.dice, "settings": out.settings, "plays": list}));
        }
        return Ok(());
    }
    let s = &out.settings;
    let how = format!(
        "{} games, {}-ply{}{}, seed {}{}",
        s.games,
        s.ply,
        s.truncate.map(|t| format!(", truncated at {t} plies")).unwrap_or_default(),
        if s.variance_reduction { ", luck subtracted" } else { "" },
        s.seed,
        s.shard.map(|[i, n]| format!(", shard {i}/{n}")).unwrap_or_default()
    );
    println!("{} on roll   (position {})   {how}", pos.turn(), out.id);
    let best = estimate_of(&out.results[0]).0.equity;
    for (k, e) in out.results.iter().enumerate() {
        let (est, exact) = estimate_of(e);
        let p = est.probabilities;
        let name =
            e.play.as_ref().and_then(|p| p["notation"].as_str().map(str::to_string)).unwrap_or("the position".into());
        let err = if exact {
            "exact".to_string()
        } else {
            format!("± {:.3} (95%: {:+.3} to {:+.3})", est.ci95, est.equity - est.ci95, est.equity + est.ci95)
        };
        let loss =
            if k == 0 || out.dice.is_none() { String::new() } else { format!("  loss {:.3}", best - est.equity) };
        println!(
            "{:>3}. {name:<22} {:+.3} {err}{loss}\n     win {:5.1}%  double {:4.1}%  lose double {:4.1}%  ({} games)",
            k + 1,
            est.equity,
            100.0 * p.win,
            100.0 * p.win_double,
            100.0 * p.lose_double,
            est.trials
        );
    }
    Ok(())
}

/// Add up the shards of one rollout (the JSON that `tavli rollout
/// --shard I/N --json` prints): the same result the unsharded rollout gives.
#[derive(clap::Args)]
pub struct MergeArgs {
    /// The shards' JSON files.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

pub fn merge(a: MergeArgs) -> Result<()> {
    let mut merged: Option<(AnyPosition, Output)> = None;
    let mut shards = Vec::new();
    for f in &a.files {
        let text = std::fs::read_to_string(f).with_context(|| format!("cannot read {}", f.display()))?;
        let v: serde_json::Value =
            serde_json::from_str(&text).with_context(|| format!("{} is not JSON", f.display()))?;
        let out = from_json(&v).with_context(|| format!("{} is not the JSON of a rollout shard", f.display()))?;
        let pos = AnyPosition::parse(&out.id, None).map_err(|e| anyhow!("{}: {e}", f.display()))?;
        shards.push(out.settings.shard);
        match &mut merged {
            None => merged = Some((pos, out)),
            Some((_, m)) => {
                let same =
                    Settings { shard: None, ..m.settings.clone() } == Settings { shard: None, ..out.settings.clone() };
                if m.id != out.id || m.dice != out.dice || !same || m.results.len() != out.results.len() {
                    bail!("{} is a shard of another rollout (position, roll or settings differ)", f.display());
                }
                // Shards list their plays best first by their own trials:
                // match them by notation.
                for y in &out.results {
                    let name = y.play.as_ref().map(|p| p["notation"].clone());
                    let x = m
                        .results
                        .iter_mut()
                        .find(|x| x.play.as_ref().map(|p| p["notation"].clone()) == name)
                        .ok_or_else(|| anyhow!("{}: the plays differ from the other shards'", f.display()))?;
                    x.tally.merge(&y.tally);
                }
            }
        }
    }
    let (pos, mut out) = merged.ok_or_else(|| anyhow!("no files"))?;
    let mut seen: Vec<u64> = shards.iter().filter_map(|s| s.map(|[i, _]| i)).collect();
    seen.sort();
    let n = shards.first().copied().flatten().map_or(1, |[_, n]| n);
    if seen.len() as u64 != n || seen.iter().enumerate().any(|(k, &i)| k as u64 != i) {
        eprintln!("tavli: note: these are shards {seen:?} of {n}: the result covers only their trials");
    }
    out.settings.shard = None;
    print(&pos, out, a.json)
}

/// Reads the JSON a shard printed back into its parts.
fn from_json(v: &serde_json::Value) -> Result<Output> {
    let settings: Settings = serde_json::from_value(v["settings"].clone())?;
    let id = v["id"].as_str().ok_or_else(|| anyhow!("no id"))?.to_string();
    let dice: Option<[u8; 2]> = serde_json::from_value(v["dice"].clone()).unwrap_or(None);
    let results = if let Some(plays) = v["plays"].as_array() {
        plays
            .iter()
            .map(|p| {
                let tally: Tally = serde_json::from_value(p["tally"].clone())?;
                let mut play = p.clone();
                for k in ["tally", "exact", "probabilities", "equity", "std_error", "ci95", "games"] {
                    play.as_object_mut().map(|o| o.remove(k));
                }
                Ok(Entry { play: Some(play), tally, exact: p["exact"].as_bool().unwrap_or(false), estimate: None })
            })
            .collect::<Result<Vec<_>>>()?
    } else {
        vec![Entry { play: None, tally: serde_json::from_value(v["tally"].clone())?, exact: false, estimate: None }]
    };
    Ok(Output { id, dice, settings, results })
}
