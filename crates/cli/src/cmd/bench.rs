//! `tavli bench`: the engine's own speed figures in a game with a
//! network, measured on this machine: static evaluations per second,
//! self-play games per second at 0-ply (one thread each), and decision
//! times at 0, 1 and 2 plies (the levels advanced, expert and master) over
//! mid-game positions (all threads).

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Result, anyhow, bail};
use tavli_core::Dice;
use tavli_core::game::{DiceSource, SeededDice};
use tavli_core::tavli::{GameKind, GamePlay};
use tavli_engine::network::Network;
use tavli_engine::search::{SearchConfig, rank};
use tavli_engine::{Evaluator, GameCode, LEVELS, LevelKind, NetGame, for_game};
use tavli_workshop::train::self_play;

/// Measure the engine's speed: evaluations/s, self-play games/s, and the
/// median and 90th-percentile time of a decision at each ply.
#[derive(clap::Args)]
pub struct Args {
    /// Seconds for each throughput measurement.
    #[arg(long, default_value_t = 3.0)]
    seconds: f64,
    /// Mid-game positions for the decision timings.
    #[arg(long, default_value_t = 60)]
    positions: usize,
    /// Skip the 2-ply decisions (the slow part).
    #[arg(long)]
    no_2ply: bool,
    /// Measure this weights file's network instead of the shipped one.
    #[arg(long)]
    weights: Option<std::path::PathBuf>,
    /// The game: plakoto (the default), portes, fevga or gulbara, or a
    /// regional name (measured with its base's network).
    #[arg(long, value_name = "G")]
    game: Option<GameKind>,
}

/// Positions from seeded random games of `P`, with the roll to decide.
fn sample<P: NetGame>(n: usize, skip_early: usize) -> Vec<(P, Dice)> {
    let mut dice = SeededDice::new(2026);
    let mut out = Vec::new();
    let start = P::start_of(P::KIND).expect("every game has a start");
    let mut pos = start;
    let mut ply = 0;
    while out.len() < n {
        if pos.outcome().is_some() {
            pos = start;
            ply = 0;
        }
        let d = dice.roll();
        let plays = pos.legal_plays(d);
        if ply >= skip_early && plays.len() >= 2 && ply % 7 == 0 {
            out.push((pos, d));
        }
        pos = plays[dice.die() as usize % plays.len()].position();
        ply += 1;
    }
    out
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

pub fn run(a: Args) -> Result<()> {
    if !(0.1..=600.0).contains(&a.seconds) || a.positions == 0 || a.positions > 10_000 {
        bail!("--seconds must be 0.1 to 600 and --positions 1 to 10000");
    }
    /// The bench in one game.
    struct Bench<'a>(&'a Args);
    impl GameCode for Bench<'_> {
        type Out = Result<()>;
        fn run<P: NetGame>(self) -> Result<()> {
            run_of::<P>(self.0)
        }
    }
    for_game(a.game.unwrap_or_default(), Bench(&a))
}

/// The level that searches `ply` plies at full strength.
fn level_at(ply: u8) -> &'static str {
    LEVELS.iter().find(|l| l.kind == LevelKind::Neural { ply, noise: 0.0 }).map_or("", |l| l.name)
}

fn run_of<P: NetGame>(a: &Args) -> Result<()> {
    let budget = Duration::from_secs_f64(a.seconds);
    let bearoff = super::engine_eval().bearoff().cloned();
    let net = match &a.weights {
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| anyhow!("reading {}: {e}", path.display()))?;
            Arc::new(Network::from_bytes_of(P::KIND, &bytes).map_err(|e| anyhow!("{}: {e}", path.display()))?)
        }
        // The levels' network: the shipped one, or a game's stand-in.
        None => P::playing_network(),
    };
    println!("game: {}; network: {}", P::KIND, net.shape());
    println!("threads available: {}", std::thread::available_parallelism().map_or(1, |n| n.get()));
    let eval = P::evaluator(net.clone(), bearoff);

    // Static evaluation, one thread, positions of every stage.
    let positions: Vec<P> = sample::<P>(2000, 0).into_iter().map(|(p, _)| p).collect();
    // Warm up.
    let mut sink: f32 = positions.iter().map(|p| eval.equity(p)).sum();
    let t = Instant::now();
    let mut n = 0u64;
    while t.elapsed() < budget {
        for p in &positions {
            sink += eval.equity(p);
        }
        n += positions.len() as u64;
    }
    let per_sec = n as f64 / t.elapsed().as_secs_f64();
    println!("static evaluation (1 thread): {:.2} million positions/s ({:.2} µs each)", per_sec / 1e6, 1e6 / per_sec);

    // Self-play at 0-ply, one thread, as training plays it (no bear-off database).
    let net = P::evaluator(net, None);
    let t = Instant::now();
    let (mut games, mut plies) = (0u64, 0u64);
    while t.elapsed() < budget {
        plies += self_play::<P>(&net, 1_000_000 + games, 0.7, 0.0).plies as u64;
        games += 1;
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "self-play at 0-ply (1 thread): {:.0} games/s ({:.0} plies per game)",
        games as f64 / s,
        plies as f64 / games.max(1) as f64
    );

    // Decisions: rank every play of the roll at each ply.
    let cfg = SearchConfig::default();
    let decisions = sample::<P>(a.positions, 12);
    let plies: &[u8] = if a.no_2ply { &[0, 1] } else { &[0, 1, 2] };
    for &ply in plies {
        let mut times: Vec<Duration> = decisions
            .iter()
            .map(|(p, d)| {
                let plays = p.legal_plays(*d);
                let t = Instant::now();
                let best = rank::<P, _>(&eval, &plays, ply, &cfg)[0].index;
                sink += best as f32;
                t.elapsed()
            })
            .collect();
        times.sort();
        println!(
            "decision at {ply}-ply ({}; {} positions, all threads): median {:.1} ms, 90% {:.1} ms, max {:.1} ms",
            level_at(ply),
            times.len(),
            percentile(&times, 0.5).as_secs_f64() * 1e3,
            percentile(&times, 0.9).as_secs_f64() * 1e3,
            times[times.len() - 1].as_secs_f64() * 1e3
        );
    }
    if sink.is_nan() {
        println!("(unexpected NaN)");
    }
    Ok(())
}
