//! `tavli benchmark build` makes the benchmark of best play (decisions
//! from games between levels, their sensible plays rolled out);
//! `tavli bench-play` gives each player's error rate on it.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Result, anyhow, bail};
use indicatif::ProgressBar;
use tavli_core::tavli::GameKind;
use tavli_engine::{GameCode, LEVELS, MAX_PLY, NetEval, NetGame, for_game};
use tavli_workshop::benchmark::{self, Decision};
use tavli_workshop::players::player_of;
use tavli_workshop::rollout::{Rollout, RolloutConfig, Shard};

/// The benchmark of best play.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Sub,
}

#[derive(clap::Subcommand)]
enum Sub {
    /// Make the benchmark set (see `tavli benchmark build --help`).
    Build(BuildArgs),
    /// Roll out a set's candidates again on independent dice (another
    /// seed): to merge with the set, or to measure its noise floor
    /// (`tavli bench-play --noise-floor`).
    Reroll(RerollArgs),
    /// Merge two rollouts of the same set (a set and its reroll) into one
    /// with their trials added.
    Merge(MergeArgs),
    /// Join sets of other decisions (the shards of a build, or sets built
    /// with other seeds) into one.
    Join(JoinArgs),
}

/// Runs `tavli benchmark …`.
pub fn run(a: Args) -> Result<()> {
    match a.command {
        Sub::Build(b) => build(b),
        Sub::Reroll(r) => reroll(r),
        Sub::Merge(m) => merge(m),
        Sub::Join(j) => join(j),
    }
}

/// The committed benchmark set of Plakoto.
pub const DEFAULT_SET: &str = "benchmark/decisions.jsonl";

/// The committed benchmark set of `game`: Plakoto's first, the others'
/// in a folder named after the game (`benchmark/portes/decisions.jsonl`).
fn default_set(game: GameKind) -> PathBuf {
    if game == GameKind::default() { DEFAULT_SET.into() } else { format!("benchmark/{game}/decisions.jsonl").into() }
}

/// The game of a set's decisions, every one's (a set mixing games is
/// refused, naming the first decision of another game).
fn set_game(path: &Path, set: &[Decision]) -> Result<GameKind> {
    let game = set.first().map_or(GameKind::Plakoto, |d| d.game);
    if let Some((n, d)) = set.iter().enumerate().find(|(_, d)| d.game != game) {
        bail!(
            "{}: decision {} is a {} decision, the first a {game} one: a set holds one game's decisions",
            path.display(),
            n + 1,
            d.game
        );
    }
    Ok(game)
}

/// Make the benchmark of best play: real decisions (two or more plays
/// close at 1-ply) from games between levels of different strength, of
/// every kind (in Plakoto openings, pin fights, mothers in danger, races,
/// bearing off with pins, middle games; in Portes openings, checkers on
/// the bar, races, middle games; in Fevga openings, races, middle games),
/// each with its sensible plays rolled out on the same dice. --shard I/N
/// makes the decisions of games g with g mod N = I, so the work can be
/// spread over machines; the shards' files joined (`tavli benchmark
/// join`) are the set.
#[derive(clap::Args)]
pub struct BuildArgs {
    /// The game: plakoto (the default), portes, fevga or gulbara (a
    /// regional name's benchmark is its base's).
    #[arg(long, value_name = "G", value_parser = super::network_game)]
    game: Option<GameKind>,
    /// Where to write the decisions (JSON lines); default: the game's
    /// committed set (benchmark/decisions.jsonl for Plakoto,
    /// benchmark/portes/decisions.jsonl, benchmark/fevga/decisions.jsonl).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Games per pair of levels the decisions are taken from.
    #[arg(long, default_value_t = 40)]
    games: u64,
    /// Decisions of each kind per pair of levels, at most.
    #[arg(long, default_value_t = 12)]
    per_kind: usize,
    /// Rollout trials per play.
    #[arg(long, default_value_t = 324)]
    trials: u64,
    /// The rollout players' search depth.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=MAX_PLY as i64))]
    ply: u8,
    /// Seed of the games and the rollouts.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Only shard I of N of the games (I from 0).
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
    /// Worker threads for the rollouts.
    #[arg(long, default_value_t = std::thread::available_parallelism().map_or(2, |n| n.get()))]
    threads: usize,
}

/// Roll out the candidates of every decision of SET again, with another
/// seed: the same plays on independent dice, by the shipped network of the
/// set's game. The
/// plays left out keep their gaps. Written after each decision, and a run
/// whose OUT already holds some of them goes on after them (each decision's
/// dice depend only on the seed, so a resumed run writes what an unbroken
/// one would). --shard I/N rolls out the I-th of N equal runs of the
/// decisions, to spread over machines; the shards' files joined in order
/// (`tavli benchmark join`) are the whole reroll.
#[derive(clap::Args)]
pub struct RerollArgs {
    /// The set to roll out again.
    set: PathBuf,
    /// Where to write the rerolled set.
    #[arg(long)]
    out: PathBuf,
    /// Rollout trials per play.
    #[arg(long, default_value_t = 324)]
    trials: u64,
    /// The rollout players' search depth.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=MAX_PLY as i64))]
    ply: u8,
    /// Seed of the rollouts' dice (use one the set was not rolled out with).
    #[arg(long)]
    seed: u64,
    /// Only shard I of N of the decisions (I from 0): the I-th of N equal
    /// runs of them, in order.
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
    /// Worker threads for the rollouts.
    #[arg(long, default_value_t = std::thread::available_parallelism().map_or(2, |n| n.get()))]
    threads: usize,
}

/// Merge two rollouts of the same decisions (a set and its
/// `benchmark reroll`, with their trials recorded): each play's equity the
/// trial-weighted mean of the two.
#[derive(clap::Args)]
pub struct MergeArgs {
    /// The first set.
    a: PathBuf,
    /// The second set: the same decisions, rolled out on other dice.
    b: PathBuf,
    /// Where to write the merged set.
    #[arg(long)]
    out: PathBuf,
}

/// Join sets of other decisions into one, in the order given: the shards
/// of one `benchmark build`, or sets built with other seeds, to make a
/// larger set. A decision already in an earlier set (the same position and
/// roll) is left out and counted, so the rerolls of the sets joined the
/// same way are rollouts of the same decisions (`benchmark merge`,
/// `bench-play --noise-floor`).
#[derive(clap::Args)]
pub struct JoinArgs {
    /// The sets, two or more.
    #[arg(required = true, num_args = 2..)]
    sets: Vec<PathBuf>,
    /// Where to write the joined set.
    #[arg(long)]
    out: PathBuf,
}

fn decisions_bar(len: usize) -> ProgressBar {
    super::progress::bar(len as u64, "decisions")
}

fn reroll(a: RerollArgs) -> Result<()> {
    if a.trials == 0 {
        bail!("--trials must be at least 1");
    }
    let set = benchmark::read(&a.set).map_err(|e| anyhow!(e))?;
    if std::fs::canonicalize(&a.out).ok() == std::fs::canonicalize(&a.set).ok() && a.out.exists() {
        bail!("--out {} is the set being rolled out: write the reroll to another file", a.out.display());
    }
    let game = set_game(&a.set, &set)?;
    let shard = super::shard_arg(a.shard.as_deref(), "--shard")?;
    let mine = &set[shard.part(set.len())];
    let cfg = RolloutConfig { trials: a.trials, ply: a.ply, seed: a.seed, ..RolloutConfig::default() };
    let done = rerolled_before(&a.out, mine, &cfg)?;
    if done.len() == mine.len() {
        println!("{} already holds all {} decisions of this reroll", a.out.display(), done.len());
        return Ok(());
    }
    if !done.is_empty() {
        eprintln!("tavli: {} holds {} of {} decisions; going on after them", a.out.display(), done.len(), mine.len());
    }
    /// The set rolled out again in its game.
    struct Reroll<'a>(&'a RerollArgs, &'a [Decision], Vec<Decision>, RolloutConfig);
    impl GameCode for Reroll<'_> {
        type Out = Result<()>;
        fn run<P: NetGame>(self) -> Result<()> {
            let Reroll(a, mine, done, cfg) = self;
            let rollout = Rollout::<P>::of(super::game_evals().get::<P>().clone(), cfg.clone());
            let todo = &mine[done.len()..];
            roll_out_set(todo, done, &a.out, &cfg, 1, Instant::now(), |d| {
                benchmark::reroll::<P>(&rollout, d, a.threads).map_err(|e| anyhow!("{}: {e}", a.set.display()))
            })
        }
    }
    for_game(game, Reroll(&a, mine, done, cfg))
}

/// What an earlier, stopped run of this reroll wrote to `out`: the first
/// decisions of `mine`, rolled out as `cfg` says (nothing when `out` does
/// not exist). Anything else there is an error, so another run's file is
/// neither continued nor overwritten.
fn rerolled_before(out: &Path, mine: &[Decision], cfg: &RolloutConfig) -> Result<Vec<Decision>> {
    if !out.exists() {
        return Ok(Vec::new());
    }
    let done = benchmark::read(out).map_err(|e| anyhow!(e))?;
    let other = |what: String| {
        anyhow!("--out {} holds {what}: not this reroll's; remove it, or write to another file", out.display())
    };
    if done.len() > mine.len() {
        return Err(other(format!("{} decisions, more than the {} to roll out", done.len(), mine.len())));
    }
    for (n, (d, m)) in done.iter().zip(mine).enumerate() {
        if d.id != m.id || d.dice != m.dice {
            return Err(other(format!("another position or roll as its decision {}", n + 1)));
        }
        if d.trials != cfg.trials || d.seeds != [cfg.seed] || d.ply != cfg.ply {
            return Err(other(format!(
                "decision {} rolled out {} times at {}-ply with seeds {:?}",
                n + 1,
                d.trials,
                d.ply,
                d.seeds
            )));
        }
    }
    Ok(done)
}

/// Rolls out each of `items` with `roll` after the decisions `done` into
/// the set at `out` with a progress bar, writing every `write_every`
/// decisions (a long run stopped keeps what it made), then says what it
/// wrote in the time since `started`.
fn roll_out_set<T>(
    items: &[T],
    mut done: Vec<Decision>,
    out: &Path,
    cfg: &RolloutConfig,
    write_every: usize,
    started: Instant,
    mut roll: impl FnMut(&T) -> Result<Decision>,
) -> Result<()> {
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let bar = decisions_bar(items.len());
    for item in items {
        let d = roll(item)?;
        bar.set_message(format!("{} {}", d.category.name(), d.candidates.len()));
        done.push(d);
        bar.inc(1);
        if done.len().is_multiple_of(write_every) {
            benchmark::write(out, &done)?;
        }
    }
    bar.finish_and_clear();
    benchmark::write(out, &done)?;
    println!(
        "wrote {} decisions to {} in {:.0} s (rollouts of {} trials at {}-ply, seed {})",
        done.len(),
        out.display(),
        started.elapsed().as_secs_f64(),
        cfg.trials,
        cfg.ply,
        cfg.seed
    );
    Ok(())
}

fn join(j: JoinArgs) -> Result<()> {
    // Every set is read before the joined one is written (beside --out,
    // then renamed), so --out may be one of them.
    let sets = j.sets.iter().map(|p| benchmark::read(p).map_err(|e| anyhow!(e))).collect::<Result<Vec<_>>>()?;
    let (joined, left_out) = benchmark::join(&sets);
    benchmark::write(&j.out, &joined)?;
    println!("wrote {} decisions to {} ({left_out} already in an earlier set left out)", joined.len(), j.out.display());
    Ok(())
}

fn merge(m: MergeArgs) -> Result<()> {
    let a = benchmark::read(&m.a).map_err(|e| anyhow!(e))?;
    let b = benchmark::read(&m.b).map_err(|e| anyhow!(e))?;
    let merged = benchmark::merge(&a, &b).map_err(|e| anyhow!("{} and {}: {e}", m.a.display(), m.b.display()))?;
    benchmark::write(&m.out, &merged)?;
    println!(
        "wrote {} decisions to {} ({} trials per play)",
        merged.len(),
        m.out.display(),
        merged.first().map_or(0, |d| d.trials)
    );
    Ok(())
}

/// The pairs of levels the benchmark's games are played between: a strong
/// and a weak side, so both good and bad positions come up.
const MATCHUPS: &[(&str, &str)] = &[("beginner", "expert"), ("casual", "master"), ("heuristic", "advanced")];

pub fn build(a: BuildArgs) -> Result<()> {
    let shard = super::shard_arg(a.shard.as_deref(), "--shard")?;
    if a.trials == 0 || a.games == 0 {
        bail!("--trials and --games must be at least 1");
    }
    let game = a.game.unwrap_or_default();
    let out = a.out.clone().unwrap_or_else(|| default_set(game));
    /// The set built in its game.
    struct Build<'a>(&'a BuildArgs, &'a Path, Shard);
    impl GameCode for Build<'_> {
        type Out = Result<()>;
        fn run<P: NetGame>(self) -> Result<()> {
            build_of::<P>(self.0, self.1, super::game_evals().get::<P>().clone(), self.2)
        }
    }
    for_game(game, Build(&a, &out, shard))
}

/// [`build`] in game `P`, with `eval` its evaluator.
fn build_of<P: NetGame>(a: &BuildArgs, out: &Path, eval: NetEval<P>, shard: Shard) -> Result<()> {
    let t = Instant::now();
    let found =
        benchmark::find_decisions::<P>(&eval, MATCHUPS, a.games, a.seed, a.per_kind, shard).map_err(|e| anyhow!(e))?;
    eprintln!(
        "tavli: {} {} decisions from the games in {:.1} s; rolling them out",
        found.len(),
        P::KIND,
        t.elapsed().as_secs_f64()
    );
    let cfg = RolloutConfig { trials: a.trials, ply: a.ply, seed: a.seed, ..RolloutConfig::default() };
    let rollout = Rollout::<P>::of(eval.clone(), cfg.clone());
    roll_out_set(&found, Vec::new(), out, &cfg, 10, t, |(pos, dice, _)| {
        Ok(benchmark::roll_out::<P>(&eval, &rollout, pos, *dice, a.threads))
    })
}

/// Each player's error rate on the benchmark of best play: the mean equity
/// it loses per decision against the rollout's best play, in thousandths
/// of a point (gnubg's measure), overall and by kind of position.
#[derive(clap::Args)]
pub struct PlayArgs {
    /// Players (levels, `net:PATH`, `net@PLY:PATH`, `external:COMMAND`;
    /// `money:LEVEL` in Portes and Fevga); default: every built-in level.
    players: Vec<String>,
    /// The benchmark set; its decisions say their game.
    #[arg(long)]
    set: Option<PathBuf>,
    /// The game whose committed set is the default --set: plakoto (the
    /// default), portes, fevga or gulbara.
    #[arg(long, value_name = "G", value_parser = super::network_game)]
    game: Option<GameKind>,
    /// Also score the best plays of OTHER, an independent rollout of the
    /// same set (`tavli benchmark reroll`, on other dice: not a part of
    /// the set): the set's noise floor, what choosing on evidence as good
    /// as the set's own costs by its reckoning. Error rates near it say
    /// little about the distance to best play.
    #[arg(long, value_name = "OTHER")]
    noise_floor: Option<PathBuf>,
    /// The two independent rollouts the set was merged from (`plakoto
    /// benchmark merge A B`): also bound each player's distance to best
    /// play from below. The set's best play is partly luck, so an error
    /// rate is an upper bound; how much less the merged set's errors are
    /// than the halves' says how much of them that luck is.
    #[arg(long, num_args = 2, value_names = ["A", "B"])]
    halves: Option<Vec<PathBuf>>,
    /// Also estimate the equity each player loses in a game, in points: its
    /// error rate on each kind of decision times the real decisions of that
    /// kind per game and side, counted in N self-play games of `expert`
    /// (seed 1) of the set's game. A player beats another by about the
    /// difference of their figures (given paired, against the first player).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    per_game: Option<u64>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

pub fn play(a: PlayArgs) -> Result<()> {
    let set = a.set.clone().unwrap_or_else(|| default_set(a.game.unwrap_or_default()));
    let decisions = benchmark::read(&set).map_err(|e| anyhow!(e))?;
    if decisions.is_empty() {
        bail!("{} holds no decisions", set.display());
    }
    let game = set_game(&set, &decisions)?;
    if let Some(g) = a.game.filter(|&g| g != game) {
        bail!("--game {g}: {} holds {game} decisions", set.display());
    }
    /// The players scored on the set in its game.
    struct Play<'a>(&'a PlayArgs, &'a Path, &'a [Decision]);
    impl GameCode for Play<'_> {
        type Out = Result<()>;
        fn run<P: NetGame>(self) -> Result<()> {
            play_of::<P>(self.0, self.1, self.2, super::game_evals().get::<P>())
        }
    }
    for_game(game, Play(&a, &set, &decisions))
}

/// [`play`] on `decisions` (the set at `set`) of game `P`, `eval` the
/// game's evaluator.
fn play_of<P: NetGame>(a: &PlayArgs, set: &Path, decisions: &[Decision], eval: &NetEval<P>) -> Result<()> {
    let player = |name: &str, seed: u64| player_of::<P>(name, eval, seed);
    let names: Vec<String> =
        if a.players.is_empty() { LEVELS.iter().map(|l| l.name.to_string()).collect() } else { a.players.clone() };
    // Everything that can be refused is checked before the players are
    // scored: names, weights files, the other sets.
    for n in &names {
        player(n, 1).map_err(|e| anyhow!(e))?;
    }
    let floor = match &a.noise_floor {
        Some(other) => {
            let o = benchmark::read(other).map_err(|e| anyhow!(e))?;
            let r = benchmark::noise_floor::<P>(decisions, &o)
                .map_err(|e| anyhow!("--noise-floor {} against {}: {e}", other.display(), set.display()))?;
            Some((format!("noise floor ({}'s best)", other.display()), r))
        }
        None => None,
    };
    let halves = match a.halves.as_deref() {
        Some([x, y]) => {
            let named = || format!("--halves {} {} against {}", x.display(), y.display(), set.display());
            let hx = benchmark::read(x).map_err(|e| anyhow!("{}: {e}", named()))?;
            let hy = benchmark::read(y).map_err(|e| anyhow!("{}: {e}", named()))?;
            Some(benchmark::Halves::new(decisions, hx, hy).map_err(|e| anyhow!("{}: {e}", named()))?)
        }
        _ => None,
    };
    let mut rows = Vec::new();
    // Per player, the lower bound on its distance to best play (with --halves).
    let mut lower = Vec::new();
    for name in &names {
        let mut player = player(name, 1).map_err(|e| anyhow!(e))?;
        let t = Instant::now();
        let plays = benchmark::choices::<P>(decisions, player.as_mut()).map_err(|e| anyhow!("{name}: {e}"))?;
        rows.push((name.clone(), benchmark::score(decisions, &plays), t.elapsed().as_secs_f64()));
        lower.push(halves.as_ref().map(|h| h.lower_bound(decisions, &plays)));
    }
    let weights = match a.per_game {
        Some(n) => Some(benchmark::real_decisions_per_game::<P>(eval, "expert", n, 1).map_err(|e| anyhow!(e))?),
        None => None,
    };
    let per_game = |r: &benchmark::ErrorRate| weights.as_ref().map(|w| r.per_game(w));
    if a.json {
        let row = |n: &str, r: &benchmark::ErrorRate| {
            let per_game_vs_first = weights.as_ref().and_then(|w| r.paired_per_game(&rows[0].1, w));
            let vs_first = r.paired_difference(&rows[0].1).map(|(d, ci)| {
                serde_json::json!({"difference": d, "ci95": ci,
                    "per_game": per_game_vs_first.map(|(p, pci)| serde_json::json!({"points": p, "ci95": pci}))})
            });
            serde_json::json!({"player": n, "error_rate": r.millipoints, "ci95": r.ci95,
                "decisions": r.decisions, "best_chosen": r.best_chosen, "by_kind": r.by_category,
                "vs_first": vs_first,
                "per_game": per_game(r).map(|(p, ci)| serde_json::json!({"points": p, "ci95": ci}))})
        };
        let v: Vec<serde_json::Value> = rows
            .iter()
            .zip(&lower)
            .map(|((n, r, s), low)| {
                let mut o = row(n, r);
                o["seconds"] = serde_json::json!(s);
                if let Some(l) = low {
                    o["best_play_at_least"] = serde_json::json!({"error_rate": l.millipoints, "ci95": l.ci95,
                        "by_kind": l.by_category,
                        "per_game": per_game(l).map(|(p, ci)| serde_json::json!({"points": p, "ci95": ci}))});
                }
                o
            })
            .collect();
        let floor = floor.as_ref().map(|(n, r)| row(n, r));
        let weights = weights.as_ref().map(|w| {
            w.iter().map(|(k, n)| (k.name().to_string(), serde_json::json!(n))).collect::<serde_json::Map<_, _>>()
        });
        println!(
            "{}",
            serde_json::json!({"set": set, "game": P::KIND, "players": v, "noise_floor": floor,
                "real_decisions_per_game": weights})
        );
        return Ok(());
    }
    if let Some((n, r)) = floor {
        rows.push((n, r, 0.0));
    }
    println!(
        "{} {} decisions in {}; error rate in thousandths of a point per decision (95%)",
        decisions.len(),
        P::KIND,
        set.display()
    );
    let kinds: Vec<benchmark::Category> =
        rows.first().map(|(_, r, _)| r.by_category.iter().map(|c| c.0).collect()).unwrap_or_default();
    // The name column fits the longest name (`external:…` ones are long).
    let w = rows.iter().map(|(n, _, _)| n.chars().count()).max().unwrap_or(0).max(12);
    let widths: Vec<usize> = kinds.iter().map(|k| format!("{k:?}").len().max(7)).collect();
    print!("{:<w$} {:>14} {:>6}", "player", "error rate", "best");
    for (k, kw) in kinds.iter().zip(&widths) {
        print!(" {:>kw$}", format!("{k:?}"));
    }
    if weights.is_some() {
        print!(" {:>16}", "lost per game");
    }
    println!();
    for (n, r, _) in &rows {
        print!(
            "{n:<w$} {:>8.1} ± {:>4.1} {:>5.0}%",
            r.millipoints,
            r.ci95,
            100.0 * r.best_chosen as f64 / r.decisions as f64
        );
        for ((_, _, m), kw) in r.by_category.iter().zip(&widths) {
            print!(" {m:>kw$.1}");
        }
        if let Some((p, ci)) = per_game(r) {
            print!(" {p:>8.3} ± {ci:.3}");
        }
        println!();
    }
    if let Some(w) = &weights {
        let list: Vec<String> = w.iter().map(|(k, n)| format!("{} {n:.2}", k.name())).collect();
        println!(
            "\nlost per game: points, with {:.1} real decisions per game and side ({}), from {} expert self-play games",
            w.iter().map(|c| c.1).sum::<f64>(),
            list.join(", "),
            a.per_game.unwrap_or(0)
        );
    }
    if let Some(Some(_)) = lower.first() {
        println!(
            "\ndistance to best play, at most the error rate and at least (95%; from the halves the set was merged from):"
        );
        for ((n, _, _), l) in rows.iter().zip(&lower) {
            if let Some(l) = l {
                print!("{n:<w$} {:>8.1} ± {:>4.1}", l.millipoints, l.ci95);
                if let Some((p, ci)) = per_game(l) {
                    print!("   per game {p:>7.3} ± {ci:.3}");
                }
                println!();
            }
        }
    }
    if let [(first, base, _), rest @ ..] = &rows[..]
        && !rest.is_empty()
    {
        println!("\neach error rate minus {first}'s, decision by decision (95%; below 0: better):");
        for (n, r, _) in rest {
            if let Some((d, ci)) = r.paired_difference(base) {
                print!("{n:<w$} {d:>+8.1} ± {ci:>4.1}");
                if let Some((p, pci)) = weights.as_ref().and_then(|w| r.paired_per_game(base, w)) {
                    print!("   per game {p:>+7.3} ± {pci:.3}");
                }
                println!();
            }
        }
    }
    Ok(())
}
