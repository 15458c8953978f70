//! `tavli met`: the match equity table of a match of one game (Plakoto's
//! unless `--game`), of a Tavli match (`--tavli`) or of a Tabla match
//! (`--tabla`), and the measurement by self-play of each game's chances
//! for its starter that those tables are built from (`--tavli --measure`,
//! `--tabla --measure`: Gul bara's, the Tabla match's one game not played
//! in Tavli).

use std::time::Instant;

use anyhow::{Result, anyhow, bail};
use serde_json::json;
use tavli_core::tavli::{GameKind, MatchGames};
use tavli_engine::met::{GameChances, MatchEquityTable, Starter};
use tavli_engine::search::start_chances_of;
use tavli_engine::tavli_met::{TABLA_CHANCES_COMMAND, TAVLI_CHANCES_COMMAND};
use tavli_engine::{GameCode, GameEvals, Level, NetGame, for_game, levels};
use tavli_workshop::starts::{StarterCounts, measure_level};

/// The match equity table: the chance to win a match needing `a` points
/// against `b`, before the next game's opening roll. A match of one game
/// (Plakoto's, or --game's) is computed from the engine's chances of
/// single wins, double wins and draws at the start (a 1-ply search of the
/// start position); a draw replays the game from the opening roll, and the
/// winner of a game starts the next. A Tavli match's (--tavli) or a Tabla
/// match's (--tabla), whose games rotate, has a table for each game that
/// may come next, computed from each game's chances measured by self-play
/// (--tavli --measure, --tabla --measure). Tabla is Portes and Tapa
/// Plakoto rule for rule, so the Tabla table takes their measured
/// chances and measures Gul bara's only. A match scored by count
/// (Mahbusa's option) has no table here: the engine plays it for points.
#[derive(clap::Args)]
pub struct Args {
    /// The longest match covered.
    #[arg(long, default_value_t = 7, value_parser = clap::value_parser!(u32).range(1..=25))]
    length: u32,
    /// Print JSON: `{"length": N, "chances": {...}, "table": [[...]]}`, `table[a-1][b-1]` for needs a, b
    /// (with --game, also `"game"`).
    #[arg(long)]
    json: bool,
    /// The table of a match of this game alone: portes, plakoto (the
    /// default), fevga or gulbara (or a regional name, whose table is its
    /// base's: tapa, tsilliton and mahbusa Plakoto's, tabla Portes's),
    /// from its network's chances at the start.
    #[arg(long, value_name = "G", conflicts_with_all = ["tavli", "tabla"])]
    game: Option<GameKind>,
    /// With --tavli: measure each game's chances for its starter by
    /// GAMES self-play games of each from its start position, the starter
    /// rolling both dice (as every Tavli game after the first starts),
    /// with 95% intervals, beside the network's evaluation of the start;
    /// with --tabla, Gul bara's the same way.
    #[arg(long, value_name = "GAMES", value_parser = clap::value_parser!(u64).range(1..))]
    measure: Option<u64>,
    /// With --measure: the level that plays both sides of every game.
    #[arg(long, value_name = "L", default_value = "advanced", requires = "measure")]
    level: String,
    /// With --measure: the dice of game i are those of seed + i.
    #[arg(long, default_value_t = 1, requires = "measure")]
    seed: u64,
    /// With --measure: worker threads.
    #[arg(long, default_value_t = 2, requires = "measure", value_parser = clap::value_parser!(u64).range(1..=64))]
    threads: u64,
    /// The table of a Tavli match (Portes, Plakoto, Fevga and round
    /// again), before each game that may come next, from each game's
    /// chances for its starter measured by self-play (the command is
    /// printed with them); with --measure, measure them instead. JSON:
    /// `{"games": "tavli", "length": N, "chances": {"portes": {...}, ...},
    /// "tables": {"portes": [[...]], ...}, "measured_by": COMMAND}`,
    /// `tables[G][a-1][b-1]` for needs a, b before the opening roll of a
    /// game of G.
    #[arg(long, conflicts_with = "tabla")]
    tavli: bool,
    /// The table of a Tabla match (Tabla, Gul bara, Tapa and round again),
    /// as --tavli gives Tavli's, from the measured chances: Tabla's are
    /// Portes's and Tapa's Plakoto's (the same games), Gul bara's measured
    /// by `--tabla --measure`. JSON as --tavli's, with `"games": "tabla"`.
    #[arg(long)]
    tabla: bool,
}

pub fn run(a: Args) -> Result<()> {
    if let Some(games) = a.measure {
        if !a.tavli && !a.tabla {
            bail!("--measure measures the games of a rotation: give --tavli or --tabla");
        }
        return measure(&a, games);
    }
    if a.tavli {
        return rotation(&a, MatchGames::Tavli);
    }
    if a.tabla {
        return rotation(&a, MatchGames::Tabla);
    }
    one_game(&a)
}

/// The table of a Tavli or Tabla match: one for each game that may come next.
fn rotation(a: &Args, games: MatchGames) -> Result<()> {
    let (t, command) = match games {
        MatchGames::Tabla => (MatchEquityTable::tabla(a.length), TABLA_CHANCES_COMMAND),
        _ => (MatchEquityTable::tavli(a.length), TAVLI_CHANCES_COMMAND),
    };
    if a.json {
        let chances: serde_json::Map<String, serde_json::Value> =
            t.rotation.iter().map(|(g, c)| (g.name().to_string(), json!(c))).collect();
        let tables: serde_json::Map<String, serde_json::Value> =
            t.rotation.iter().map(|(g, _)| (g.name().to_string(), json!(t.table_before(*g)))).collect();
        let started: serde_json::Map<String, serde_json::Value> = t
            .rotation
            .iter()
            .map(|(g, _)| (g.name().to_string(), json!(t.table_started_by(*g, Starter::Me))))
            .collect();
        let v = json!({"games": games, "length": a.length, "chances": chances, "tables": tables,
                       "started_by_a": started, "measured_by": command});
        println!("{v}");
        return Ok(());
    }
    if games == MatchGames::Tabla {
        println!(
            "A Tabla match: each game's chances for its starter; Tabla's are Portes's and Tapa's Plakoto's, \
             measured by `{TAVLI_CHANCES_COMMAND}`, Gul bara's by `{command}`:"
        );
    } else {
        println!("A Tavli match: each game's chances for its starter, measured by `{command}`:");
    }
    for (g, c) in &t.rotation {
        println!("  {:<8} {}", g.title(), chances_text(c));
    }
    let rotation = games.rotation();
    for (g, _) in &t.rotation {
        // The first game, and the game after a drawn one (a pinning game's).
        let i = rotation.iter().position(|r| r == g).unwrap_or(0);
        let before = rotation[(i + rotation.len() - 1) % rotation.len()];
        let when = match (i, before.pins()) {
            (0, true) => format!(" (the match's first, and as after a drawn {})", before.title()),
            (0, false) => " (the match's first)".to_string(),
            (_, true) => format!(" (as after a drawn {})", before.title()),
            (_, false) => String::new(),
        };
        println!();
        println!(
            "Chance to win the match needing a (rows) against b (columns), before the opening roll of {}{when}:",
            g.title()
        );
        print_table(&t.table_before(*g));
    }
    // Mid-match no one rolls to start: the last game's winner does.
    for (g, _) in &t.rotation {
        println!();
        println!(
            "Mid-match: chance to win the match needing a (rows) against b (columns), before a game of {} \
             started by a, who won the last game (when b started it: 100% less the table at b, a):",
            g.title()
        );
        print_table(&t.table_started_by(*g, Starter::Me));
    }
    Ok(())
}

/// The table of a match of one game.
fn one_game(a: &Args) -> Result<()> {
    /// The starter's chances in a game at 1-ply, from its evaluator.
    struct StartChances(GameEvals);
    impl GameCode for StartChances {
        type Out = GameChances;
        fn run<P: NetGame>(self) -> GameChances {
            start_chances_of::<P>(self.0.get::<P>(), 1)
        }
    }
    let chances = for_game(a.game.unwrap_or_default(), StartChances(super::game_evals()));
    let t = MatchEquityTable::one_game(a.length, a.game.unwrap_or_default(), chances);
    if a.json {
        let mut v = json!({"length": a.length, "chances": chances, "table": t.table()});
        if let Some(g) = a.game {
            v["game"] = json!(g);
        }
        println!("{v}");
        return Ok(());
    }
    let of = a.game.map(|g| format!(" in {}", g.title())).unwrap_or_default();
    println!("The starter's chances{of} (1-ply at the start): {}", chances_text(&chances));
    println!("Chance to win the match needing a (rows) against b (columns), before the opening roll:");
    print_table(&t.table());
    Ok(())
}

/// `single win 30.2%, double win …`.
fn chances_text(c: &GameChances) -> String {
    format!(
        "single win {:.1}%, double win {:.1}%, single loss {:.1}%, double loss {:.1}%, draw {:.2}%",
        100.0 * c.win_single,
        100.0 * c.win_double,
        100.0 * c.lose_single,
        100.0 * c.lose_double,
        100.0 * c.draw
    )
}

/// A table of chances, `rows[a-1][b-1]`, with its needs as headings.
fn print_table(rows: &[Vec<f64>]) {
    print!("{:>4}", "a\\b");
    for b in 1..=rows.len() {
        print!("{b:>7}");
    }
    println!();
    for (i, row) in rows.iter().enumerate() {
        print!("{:>4}", i + 1);
        for v in row {
            print!("{:>6.1}%", 100.0 * v);
        }
        println!();
    }
}

/// One game's measurement: the counts, and the network's evaluation of
/// the start at 0 and 1 ply.
struct Measured {
    game: GameKind,
    counts: StarterCounts,
    network: [GameChances; 2],
    seconds: f64,
}

/// `--tavli --measure GAMES`: each game of the rotation measured in turn;
/// `--tabla --measure GAMES`: the Tabla match's games not measured for
/// Tavli already (Gul bara: Tabla is Portes, Tapa Plakoto).
fn measure(a: &Args, games: u64) -> Result<()> {
    let level = levels::level(&a.level).map_err(|e| anyhow!(e))?;
    let eval = super::engine_eval();
    let bearoff = eval.bearoff().cloned();
    let threads = a.threads as usize;
    let mut all = Vec::new();
    let measured: Vec<GameKind> = if a.tabla {
        MatchGames::Tabla.rotation().into_iter().filter(|g| !g.base().in_tavli()).collect()
    } else {
        GameKind::TAVLI.to_vec()
    };
    for game in measured {
        /// One game's measurement, for the game chosen at run time.
        struct Measure<'a>(&'a Level, &'a Option<std::sync::Arc<tavli_engine::bearoff::Database>>, u64, u64, usize);
        impl GameCode for Measure<'_> {
            type Out = Result<Measured>;
            fn run<P: NetGame>(self) -> Result<Measured> {
                measure_game::<P>(self.0, self.1, self.2, self.3, self.4)
            }
        }
        all.push(for_game(game, Measure(level, &bearoff, games, a.seed, threads))?);
    }
    if a.json {
        let mut out = serde_json::Map::new();
        for m in &all {
            let ci: serde_json::Map<String, serde_json::Value> = m
                .counts
                .outcomes()
                .iter()
                .map(|&(name, n)| {
                    let (lo, hi) = m.counts.interval(n);
                    (name.to_string(), json!([lo, hi]))
                })
                .collect();
            out.insert(
                m.game.name().into(),
                json!({"counts": m.counts, "chances": m.counts.chances(), "ci95": ci,
                       "network": {"ply0": m.network[0], "ply1": m.network[1]}, "seconds": m.seconds}),
            );
        }
        println!("{}", json!({"level": level.name, "games": games, "seed": a.seed, "measured": out}));
        return Ok(());
    }
    for m in &all {
        print_measured(m, level, a.seed);
    }
    Ok(())
}

/// Plays the games of one game's measurement with a progress bar.
fn measure_game<P: NetGame>(
    level: &Level,
    bearoff: &Option<std::sync::Arc<tavli_engine::bearoff::Database>>,
    games: u64,
    seed: u64,
    threads: usize,
) -> Result<Measured> {
    let bar = super::progress::bar(games, "games");
    bar.set_prefix(format!("{} ", P::KIND.title()));
    let t = Instant::now();
    let counts = measure_level::<P>(level, bearoff.as_ref(), games, seed, threads, &|c| {
        bar.set_position(c.games);
        if c.games % 100 == 0 {
            bar.set_message(format!(
                "starter wins {:.1}%, double {:.1}%",
                100.0 * c.rate(c.win_single + c.win_double),
                100.0 * c.rate(c.win_double)
            ));
        }
    })
    .map_err(|e| anyhow!("the measurement stopped: {e}"))?;
    bar.finish_and_clear();
    let seconds = t.elapsed().as_secs_f64();
    // The network its levels play with (a stand-in's, in a game that ships none).
    let eval = P::playing_eval(bearoff.clone());
    let network = [start_chances_of::<P>(&eval, 0), start_chances_of::<P>(&eval, 1)];
    Ok(Measured { game: P::KIND, counts, network, seconds })
}

fn print_measured(m: &Measured, level: &Level, seed: u64) {
    let c = &m.counts;
    println!(
        "{}: {} games of `{}` self-play from the start, the starter rolling both dice (seed {seed}, {:.0} s)",
        m.game.title(),
        c.games,
        level.name,
        m.seconds
    );
    println!(
        "  {:<12} {:>7} {:>8}  {:<18} {:>13} {:>7}",
        "starter", "games", "measured", "95% interval", "network 0-ply", "1-ply"
    );
    let names = ["single win", "double win", "single loss", "double loss", "draw"];
    let net = |g: &GameChances| [g.win_single, g.win_double, g.lose_single, g.lose_double, g.draw];
    let (n0, n1) = (net(&m.network[0]), net(&m.network[1]));
    let mut furthest: f64 = 0.0;
    for (i, &(_, n)) in c.outcomes().iter().enumerate() {
        let (lo, hi) = c.interval(n);
        let rate = c.rate(n);
        furthest = furthest.max((rate - n0[i]).abs()).max((rate - n1[i]).abs());
        println!(
            "  {:<12} {n:>7} {:>7.2}%  {:<18} {:>12.2}% {:>6.2}%",
            names[i],
            100.0 * rate,
            format!("{:.2}% to {:.2}%", 100.0 * lo, 100.0 * hi),
            100.0 * n0[i],
            100.0 * n1[i]
        );
    }
    let ch = c.chances();
    println!("  the network's evaluation is at most {:.2} points from the measured rates", 100.0 * furthest);
    println!(
        "  as constants: GameChances {{ win_single: {:.5}, win_double: {:.5}, lose_single: {:.5}, lose_double: {:.5}, draw: {:.5} }}",
        ch.win_single, ch.win_double, ch.lose_single, ch.lose_double, ch.draw
    );
}
