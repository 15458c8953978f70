//! `tavli review FILE`: a game or match reviewed as GNU Backgammon does
//! it.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result, anyhow, bail};
use tavli_core::Color;
use tavli_core::game::{Match, MatchRecord, read_any_move_list};
use tavli_core::tavli::{AnyPosition, MatchGames};
use tavli_engine::MAX_PLY;
use tavli_engine::review::{self, Mark, Review, Reviewer};
use tavli_workshop::review as rollout_review;
use tavli_workshop::rollout::RolloutConfig;

use super::play::announce::{self, Voice};
use super::play::text::{self as pt, Lang, number};

mod text;

/// Review a game or match: every play against the engine's best, the
/// equity lost and its mark (doubtful ≥ 0.04, bad ≥ 0.08, very bad ≥ 0.16
/// points), the luck of every roll; a resignation against playing on (the
/// points it gave against the resigner's equity then, marked the same way);
/// per player the error rate (thousandths of a point per unforced decision),
/// gnubg's rating band, the luck and the luck-adjusted result. In a match
/// longer than 1 point, every figure is in match-winning chance converted
/// to points at the score, as gnubg does. `--lang el` (or a Greek locale)
/// writes the report in Greek, `--lang bg` (or a Bulgarian locale) in
/// Bulgarian.
///
/// Any game is reviewed with its own network: Portes, Plakoto, Fevga, and
/// a Tavli match game by game, with each game's figures, each kind's over
/// the match and the whole match's.
///
/// FILE is a record (the JSON `tavli play` saves, or the web app's
/// record) or a plain move list of a game played elsewhere:
///
///   match 3            (optional)
///   games tavli        (optional: tavli, portes, plakoto or fevga)
///   opening 5-3        (White's die, Black's die; or `white starts`)
///   6-4: 24/18 24/20
///   5-2: 24/19/17
///   black resigns
#[derive(clap::Args)]
// The move list keeps its lines.
#[command(verbatim_doc_comment)]
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
    /// The language of the report: en (English), el (Greek, Ελληνικά) or bg
    /// (Bulgarian, Български); default: Greek when LC_ALL, else LC_MESSAGES,
    /// else LANG starts with `el`, Bulgarian when it starts with `bg`.
    #[arg(long, value_name = "LANG", value_enum)]
    lang: Option<Lang>,
}

/// The match a FILE holds, of any game: a record's JSON, or a move list.
pub fn load(file: &str) -> Result<Match<AnyPosition>> {
    use tavli_core::quote::shorten_quoted;
    let text = if file == "-" {
        std::io::read_to_string(std::io::stdin().lock()).context("reading stdin")?
    } else {
        std::fs::read_to_string(file).with_context(|| format!("cannot read {file}"))?
    };
    if text.trim_start().starts_with('{') {
        let rec: MatchRecord<AnyPosition> = serde_json::from_str(&text)
            .map_err(|e| anyhow!("{file} is not a match record: {}", shorten_quoted(&e.to_string())))?;
        return Match::for_review(&rec).map_err(|e| anyhow!("{file}: {e}"));
    }
    let rec = read_any_move_list(&text).map_err(|e| anyhow!("{file}: {e}"))?;
    Match::from_record(&rec).map_err(|e| anyhow!("{file}: {e}"))
}

pub fn run(a: Args) -> Result<()> {
    let lang = Lang::choose(a.lang);
    let m = load(&a.file)?;
    let turns: usize = m.games().iter().map(|g| g.turns().len()).sum();
    if turns == 0 {
        bail!("{}", text::nothing_to_review(lang, &a.file));
    }
    let reviewer = Reviewer::new(super::engine_eval(), a.ply);
    let bar = super::progress::bar(turns as u64, &text::progress_turns(lang));
    let t = Instant::now();
    let mut r = reviewer.review(&m, &mut |done, _| bar.set_position(done as u64));
    bar.finish_and_clear();
    eprintln!("{}", text::reviewed(lang, turns, a.ply, &number(lang, format!("{:.1}", t.elapsed().as_secs_f64()))));
    if let Some(trials) = a.rollout {
        let doubted = rollout_review::turns_to_roll_out(&r);
        let bar = super::progress::bar(doubted as u64, &text::progress_rolled_out(lang));
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
        let early =
            if stop.load(std::sync::atomic::Ordering::Relaxed) { text::stopped_early(lang) } else { String::new() };
        let secs = number(lang, format!("{:.1}", t.elapsed().as_secs_f64()));
        eprintln!("{}", text::rolled_out(lang, doubted, trials, &secs, &early));
    }
    if let Some(path) = &a.svg {
        let svg = review::svg(&r, &|g| super::play::tavli_text::game_name(lang, g).to_string());
        std::fs::write(path, svg).with_context(|| format!("cannot write {}", path.display()))?;
        eprintln!("{}", text::graph_in(lang, &path.display().to_string()));
    }
    if a.json {
        println!("{}", serde_json::to_string(&r)?);
        return Ok(());
    }
    print!("{}", report(&r, a.all, lang));
    Ok(())
}

fn mark_text(lang: Lang, m: Mark) -> String {
    match m {
        Mark::None => String::new(),
        Mark::Doubtful => text::doubtful(lang),
        Mark::Bad => text::bad(lang),
        Mark::VeryBad => text::very_bad(lang),
    }
}

/// The review as text: the head, every game with its marked turns (every
/// turn with `all`) and its resignation, then each player's figures.
fn report(r: &Review, all: bool, lang: Lang) -> String {
    use std::fmt::Write as _;
    let n3 = |x: f64| number(lang, format!("{x:.3}"));
    let s3 = |x: f64| number(lang, format!("{x:+.3}"));
    let unit = if r.match_to > 1 { text::unit_match(lang) } else { text::unit_points(lang) };
    let mut out = match r.rollout {
        Some(n) => text::head_rollout(lang, r.ply, n, &unit),
        None => text::head(lang, r.ply, &unit),
    };
    out.push('\n');
    let names = [pt::colour(lang, Color::White), pt::colour(lang, Color::Black)];
    let voice = Voice::naming(lang, names.clone(), |_, word| word.to_string());
    let named = r.games_played != MatchGames::default();
    let game_name = |g| super::play::tavli_text::game_name(lang, g);
    for g in &r.games {
        // A dash, not a colon: the heading and the result have their own.
        let result = g.result.map(|x| format!(" — {}", announce::result(x, &voice))).unwrap_or_default();
        let head = if named {
            text::game_named(lang, g.number, game_name(g.game), g.score[0], g.score[1])
        } else {
            text::game(lang, g.number, g.score[0], g.score[1])
        };
        let _ = writeln!(out, "\n{head}{result}");
        for (i, t) in g.turns.iter().enumerate() {
            if !all && t.mark == Mark::None {
                continue;
            }
            let best = if t.loss > 0.0 { text::best(lang, &t.best, &n3(t.loss)) } else { String::new() };
            let forced = if t.forced { text::forced(lang) } else { String::new() };
            let line = format!(
                "  {:>3}. {} {}-{}: {:<22}{best}{forced}  {}  {}",
                i + 1,
                names[t.side.index()],
                t.dice[0],
                t.dice[1],
                t.played,
                text::luck(lang, &s3(t.luck)),
                mark_text(lang, t.mark)
            );
            let _ = writeln!(out, "{}", line.trim_end());
        }
        if let Some(res) = &g.resignation {
            let worth = match res.match_winning_chance {
                Some(c) => text::worth_match(lang, &s3(res.equity), &number(lang, format!("{:.1}%", 100.0 * c))),
                None => text::worth(lang, &s3(res.equity)),
            };
            let points = pt::points(lang, res.points);
            let line = text::resigned(lang, &names[res.side.index()], &points, &n3(res.loss), &worth);
            let _ = writeln!(out, "{}", format!("{line}  {}", mark_text(lang, res.mark)).trim_end());
        }
        if r.games.len() > 1 {
            let _ = writeln!(out, "{}", figures_line(lang, &names, &g.players));
        }
    }
    // The result the adjusted figure starts from, and in a match the
    // chance to win it each player's plays gave away, as columns.
    let in_match = r.players.white.match_chance_lost.is_some();
    let mut heads = vec![
        text::column_plays(lang),
        text::column_unforced(lang),
        text::column_lost(lang),
        text::column_error_rate(lang),
        text::column_rating(lang),
        text::column_marked(lang),
        text::column_result(lang),
        text::column_luck(lang),
        text::column_adjusted(lang),
    ];
    // The English heads' widths (the least a column takes); the rating
    // alone is left-aligned.
    let mut least = vec![6, 9, 10, 11, 14, 9, 7, 8, 9];
    if in_match {
        heads.push(text::column_match_lost(lang));
        least.push(10);
    }
    let rows: Vec<(&String, Vec<String>)> = [(&names[0], &r.players.white), (&names[1], &r.players.black)]
        .into_iter()
        .map(|(name, p)| {
            let mut cells = vec![
                p.plays.to_string(),
                p.unforced.to_string(),
                n3(p.total_loss),
                number(lang, format!("{:.1}", p.error_rate)),
                text::rating(lang, &p.rating),
                format!("{}/{}/{}", p.doubtful, p.bad, p.very_bad),
                s3(p.result),
                s3(p.luck),
                s3(p.luck_adjusted_result),
            ];
            if in_match {
                cells.push(number(lang, format!("{:.1}%", 100.0 * p.match_chance_lost.unwrap_or(0.0))));
            }
            (name, cells)
        })
        .collect();
    let w: Vec<usize> = heads
        .iter()
        .zip(&least)
        .enumerate()
        .map(|(i, (h, &l))| rows.iter().map(|(_, c)| c[i].chars().count()).chain([h.chars().count(), l]).max().unwrap())
        .collect();
    let line = |first: &str, cells: &[String]| {
        let mut l = format!("{first:<8}");
        for (i, c) in cells.iter().enumerate() {
            // The rating is words, left-aligned; the rest are figures.
            if i == 4 {
                let _ = write!(l, " {c:<w$}", w = w[i]);
            } else {
                let _ = write!(l, " {c:>w$}", w = w[i]);
            }
        }
        l.trim_end().to_string()
    };
    let _ = writeln!(out, "\n{}", line("", &heads));
    for (name, cells) in &rows {
        let _ = writeln!(out, "{}", line(name, cells));
    }
    // Each kind's figures, when some kind was played more than once (else
    // they are the games' own, shown above).
    if r.games.len() > r.by_game.len() && !r.by_game.is_empty() {
        let _ = writeln!(out, "\n{}", text::by_game_head(lang));
        for k in &r.by_game {
            let head = match k.games {
                1 => text::kind_one(lang, game_name(k.game)),
                n => text::kind_many(lang, game_name(k.game), n),
            };
            let _ = writeln!(out, "  {head}");
            let _ = writeln!(out, "{}", figures_line(lang, &names, &k.players));
        }
    }
    out + &text::footnote(lang) + &if in_match { text::footnote_match(lang) } else { String::new() } + "\n"
}

/// Both players' error rate, rating and luck on one line, as under a game.
fn figures_line(lang: Lang, names: &[String; 2], players: &review::Players) -> String {
    let side = |name: &str, p: &review::PlayerReview| {
        text::figures(
            lang,
            name,
            &number(lang, format!("{:.1}", p.error_rate)),
            &text::rating(lang, &p.rating),
            &number(lang, format!("{:+.3}", p.luck)),
        )
    };
    format!("    {} · {}", side(&names[0], &players.white), side(&names[1], &players.black))
}
