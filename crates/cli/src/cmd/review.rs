//! `plakoto review FILE`: a game or match reviewed as GNU Backgammon does
//! it; `plakoto met`: the match equity table.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result, anyhow, bail};
use indicatif::{ProgressBar, ProgressStyle};
use plakoto_core::game::{Match, MatchRecord, read_move_list};
use plakoto_engine::MAX_PLY;
use plakoto_engine::met::MatchEquityTable;
use plakoto_engine::review::{self, Mark, Review, Reviewer};
use plakoto_workshop::review as rollout_review;
use plakoto_workshop::rollout::RolloutConfig;

/// Review a game or match: every play against the engine's best, the
/// equity lost and its mark (doubtful ≥ 0.04, bad ≥ 0.08, very bad ≥ 0.16
/// points), the luck of every roll; per player the error rate (thousandths
/// of a point per unforced decision), gnubg's rating band, the luck and the
/// luck-adjusted result. In a match longer than 1 point, every figure is in
/// match-winning chance converted to points at the score, as gnubg does.
///
/// FILE is a record (the JSON `plakoto play` saves, or the web app's
/// record) or a plain move list of a game played elsewhere:
///
///   match 3            (optional)
///   opening 5-3        (White's die, Black's die; or `white starts`)
///   6-4: 24/18 24/20
///   5-2: 24/19/17
///   black resigns
#[derive(clap::Args)]
pub struct Args {
    /// The record (JSON) or move list (text), or `-` for stdin.
    file: String,
    /// Search depth of the review (0 instant, 2 the strongest).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(0..=MAX_PLY as i64))]
    ply: u8,
    /// Judge the plays the search doubted by rollouts of N trials each:
    /// the play made and the best play, on the same dice, each side playing
    /// at 0-ply (slower; the search still picks the best play to compare).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(36..=1_000_000))]
    rollout: Option<u64>,
    /// Seed of the rollouts' dice.
    #[arg(long, default_value_t = 1, requires = "rollout")]
    seed: u64,
    /// Worker threads for the rollouts.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: u64,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Draw the chances over the games into this SVG file.
    #[arg(long, value_name = "OUT")]
    svg: Option<PathBuf>,
    /// Show every turn, not only the marked ones.
    #[arg(long)]
    all: bool,
}

/// The match a FILE holds: a record's JSON, or a move list.
pub fn load(file: &str) -> Result<Match> {
    let text = if file == "-" {
        std::io::read_to_string(std::io::stdin().lock()).context("reading stdin")?
    } else {
        std::fs::read_to_string(file).with_context(|| format!("cannot read {file}"))?
    };
    if text.trim_start().starts_with('{') {
        let rec: MatchRecord = serde_json::from_str(&text).map_err(|e| anyhow!("{file} is not a match record: {e}"))?;
        return Match::for_review(&rec).map_err(|e| anyhow!("{file}: {e}"));
    }
    let rec = read_move_list(&text).map_err(|e| anyhow!("{file}: {e}"))?;
    Match::from_record(&rec).map_err(|e| anyhow!("{file}: {e}"))
}

pub fn run(a: Args) -> Result<()> {
    let m = load(&a.file)?;
    let turns: usize = m.games().iter().map(|g| g.turns().len()).sum();
    if turns == 0 {
        bail!("{}: no turn has been played yet: nothing to review", a.file);
    }
    let reviewer = Reviewer::new(super::engine_eval(), a.ply);
    let bar = ProgressBar::new(turns as u64);
    bar.set_style(
        ProgressStyle::with_template("{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} turns ({eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let t = Instant::now();
    let mut r = reviewer.review(&m, &mut |done, _| bar.set_position(done as u64));
    bar.finish_and_clear();
    eprintln!("plakoto: {turns} turns reviewed at {}-ply in {:.1} s", a.ply, t.elapsed().as_secs_f64());
    if let Some(trials) = a.rollout {
        let doubted = rollout_review::turns_to_roll_out(&r);
        let bar = ProgressBar::new(doubted as u64);
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} turns rolled out ({eta})",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        {
            let stop = stop.clone();
            let _ = ctrlc::set_handler(move || stop.store(true, std::sync::atomic::Ordering::Relaxed));
        }
        let cfg = RolloutConfig { trials, seed: a.seed, ..RolloutConfig::default() };
        let t = Instant::now();
        rollout_review::review_by_rollout(&mut r, &m, &reviewer, &cfg, a.threads as usize, &stop, &mut |n| {
            bar.set_position(n as u64)
        });
        bar.finish_and_clear();
        eprintln!(
            "plakoto: {doubted} doubted plays rolled out ({trials} trials each) in {:.1} s{}",
            t.elapsed().as_secs_f64(),
            if stop.load(std::sync::atomic::Ordering::Relaxed) {
                ", stopped early: the rest as the search judged"
            } else {
                ""
            }
        );
    }
    if let Some(path) = &a.svg {
        std::fs::write(path, review::svg(&r)).with_context(|| format!("cannot write {}", path.display()))?;
        eprintln!("plakoto: the graph is in {}", path.display());
    }
    if a.json {
        println!("{}", serde_json::to_string(&r)?);
        return Ok(());
    }
    print_text(&r, a.all);
    Ok(())
}

fn mark_text(m: Mark) -> &'static str {
    match m {
        Mark::None => "",
        Mark::Doubtful => "?! doubtful",
        Mark::Bad => "? bad",
        Mark::VeryBad => "?? very bad",
    }
}

fn print_text(r: &Review, all: bool) {
    let unit = if r.match_to > 1 { "points (match-winning chance at the score)" } else { "points" };
    match r.rollout {
        Some(n) => println!(
            "Review at {}-ply, the doubted plays judged by rollouts of {n} trials; losses and luck in {unit}.",
            r.ply
        ),
        None => println!("Review at {}-ply; losses and luck in {unit}.", r.ply),
    }
    for g in &r.games {
        println!(
            "\nGame {} (score {}-{}){}",
            g.number,
            g.score[0],
            g.score[1],
            g.result.map(|x| format!(": {x}")).unwrap_or_default()
        );
        for (i, t) in g.turns.iter().enumerate() {
            if !all && t.mark == Mark::None {
                continue;
            }
            let best = if t.loss > 0.0 { format!("  best {} (loses {:.3})", t.best, t.loss) } else { String::new() };
            let forced = if t.forced { "  (forced)" } else { "" };
            println!(
                "  {:>3}. {} {}-{}: {:<22}{best}{forced}  luck {:+.3}  {}",
                i + 1,
                t.side,
                t.dice[0],
                t.dice[1],
                t.played,
                t.luck,
                mark_text(t.mark)
            );
        }
    }
    println!();
    println!(
        "{:<8} {:>6} {:>9} {:>10} {:>11} {:<14} {:>9} {:>8} {:>9}",
        "", "plays", "unforced", "lost", "error rate", "rating", "marked", "luck", "adjusted"
    );
    for (name, p) in [("White", &r.players.white), ("Black", &r.players.black)] {
        println!(
            "{name:<8} {:>6} {:>9} {:>10.3} {:>11.1} {:<14} {:>9} {:>+8.3} {:>+9.3}",
            p.plays,
            p.unforced,
            p.total_loss,
            p.error_rate,
            p.rating,
            format!("{}/{}/{}", p.doubtful, p.bad, p.very_bad),
            p.luck,
            p.luck_adjusted_result
        );
    }
    println!(
        "(marked: doubtful/bad/very bad; error rate in thousandths of a point per unforced decision; adjusted: the result with the luck taken out)"
    );
}

/// The match equity table of Plakoto: the chance to win a match needing
/// `a` points against `b`, before the next game's opening roll, computed
/// from the engine's chances of single wins, double wins and draws at the
/// start (a 1-ply search of the start position); a draw replays the game
/// from the opening roll, and the winner of a game starts the next.
#[derive(clap::Args)]
pub struct MetArgs {
    /// The longest match covered.
    #[arg(long, default_value_t = 7, value_parser = clap::value_parser!(u32).range(1..=25))]
    length: u32,
    /// Print JSON: `{"length": N, "chances": {...}, "table": [[...]]}`, `table[a-1][b-1]` for needs a, b.
    #[arg(long)]
    json: bool,
}

pub fn met(a: MetArgs) -> Result<()> {
    let chances = review::start_chances(&super::engine_eval());
    let t = MatchEquityTable::new(a.length, chances);
    if a.json {
        println!("{}", serde_json::json!({"length": a.length, "chances": chances, "table": t.table()}));
        return Ok(());
    }
    println!(
        "The starter's chances (1-ply at the start): single win {:.1}%, double win {:.1}%, single loss {:.1}%, double loss {:.1}%, draw {:.2}%",
        100.0 * chances.win_single,
        100.0 * chances.win_double,
        100.0 * chances.lose_single,
        100.0 * chances.lose_double,
        100.0 * chances.draw
    );
    println!("Chance to win the match needing a (rows) against b (columns), before the opening roll:");
    print!("{:>4}", "a\\b");
    for b in 1..=a.length {
        print!("{b:>7}");
    }
    println!();
    for (i, row) in t.table().iter().enumerate() {
        print!("{:>4}", i + 1);
        for v in row {
            print!("{:>6.1}%", 100.0 * v);
        }
        println!();
    }
    Ok(())
}
