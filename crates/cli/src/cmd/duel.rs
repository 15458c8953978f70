//! `tavli duel A B --games N --seed S [--threads T]`: two players over many
//! games or matches (of Plakoto, of one other game, or Tavli matches), each
//! dice sequence played twice with the colours swapped.

use anyhow::{Result, anyhow, bail};
use tavli_core::tavli::{AnyPosition, GameKind, GamePosition, MatchGames, MatchRules};
use tavli_engine::{GameCode, LEVELS, NetGame, for_game};
use tavli_workshop::duel::{PlayerFactory, duel_matches_of, duel_of};
use tavli_workshop::players::{check_name, match_player, player_of};

/// Pit two players against each other. A player is a built-in one (see
/// below) or `external:COMMAND`, a program speaking the engine protocol.
/// Reports games, wins, losses, draws and A's points per game with a 95%
/// confidence interval.
#[derive(clap::Args)]
#[command(after_help = levels_help())]
pub struct Args {
    /// Player A.
    a: String,
    /// Player B.
    b: String,
    /// Number of games, or matches with --match (rounded up to an even
    /// number: they come in pairs).
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Seed of the dice: pair i plays the dice of seed + i, so two runs
    /// whose seeds differ by less than their number of pairs share most of
    /// their dice (repeat a duel for more games with a seed past the first
    /// run's last pair, not seed + 1).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Play matches to N points instead of single games (each pair of
    /// matches on the same dice, colours swapped) and report match wins.
    /// The levels play by the score; `money:LEVEL` is the same level
    /// playing for points whatever the score.
    #[arg(long = "match", value_name = "N", value_parser = clap::value_parser!(u32).range(1..=25))]
    match_to: Option<u32>,
    /// The game: plakoto (the default), portes, fevga or gulbara, or a
    /// regional name played by its base's code under its own rules (tapa,
    /// tsilliton and mahbusa Plakoto's, tabla Portes's). Every player
    /// plays every game: the levels with the game's shipped network, `net:PATH`
    /// and `net@PLY:PATH` with a weights file of the game (of its base).
    #[arg(long, value_name = "G", conflicts_with_all = ["tavli", "tabla"])]
    game: Option<GameKind>,
    /// Tavli matches (Portes, Plakoto, Fevga and round again), to 5 unless
    /// --match says. A level plays every game with that game's network, by
    /// the score with the Tavli match's table (`tavli met --tavli`);
    /// `money:LEVEL` plays every game for points; `external:COMMAND` plays
    /// all three itself; any other Plakoto player plays Plakoto, with the
    /// heuristics standing in for Portes and Fevga.
    #[arg(long, conflicts_with = "tabla")]
    tavli: bool,
    /// Tabla matches (Tabla, Gul bara, Tapa and round again), to 5 unless
    /// --match says, the players as for --tavli (by the Tabla match's
    /// table, `tavli met --tabla`).
    #[arg(long)]
    tabla: bool,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
}

fn levels_help() -> String {
    let mut s = String::from("Built-in players:\n");
    for l in LEVELS {
        s.push_str(&format!("  {:<10} {}\n", l.name, l.about));
    }
    s.push_str(
        "Also: external:COMMAND (a program speaking the engine protocol), net:PATH or net@PLY:PATH \
         (a weights file at 0 to 2 plies), rollout:TRIALS:PLIES:CANDIDATES (the best CANDIDATES plays \
         by 1-ply, each rolled out TRIALS times for PLIES plies at 0-ply; slow, for research)\n",
    );
    s
}

pub fn run(a: Args) -> Result<()> {
    if a.games == 0 {
        bail!("--games must be at least 1");
    }
    if a.threads == 0 || a.threads > 64 {
        bail!("--threads must be 1 to 64");
    }
    if a.tavli {
        return rotation_duel(&a, MatchGames::Tavli);
    }
    if a.tabla {
        return rotation_duel(&a, MatchGames::Tabla);
    }
    /// A duel of one game, its players by name ([`player_of`]).
    struct Duel<'a>(&'a Args, GameKind);
    impl GameCode for Duel<'_> {
        type Out = Result<()>;
        fn run<P: NetGame>(self) -> Result<()> {
            one_game::<P>(self.0, self.1)
        }
    }
    let game = a.game.unwrap_or_default();
    for_game(game, Duel(&a, game))
}

/// A duel of games, or matches, of `game` alone, played by `P`'s code.
fn one_game<P: NetGame>(a: &Args, game: GameKind) -> Result<()> {
    if [&a.a, &a.b].iter().any(|n| {
        tavli_engine::levels::level(n.strip_prefix("money:").unwrap_or(n))
            .is_ok_and(|l| matches!(l.kind, tavli_engine::LevelKind::Neural { .. }))
    }) {
        super::note_stand_in::<P>();
    }
    // The game's evaluator: its network (Plakoto's given by --weights), with
    // the bear-off database for races.
    let eval = super::game_evals().get::<P>().clone();
    // Weights files are read, and external programs named, before the duel.
    for name in [&a.a, &a.b] {
        player_of::<P>(name, &eval, 0).map_err(|e| anyhow!(e))?;
    }
    // Checked above: the names build (a weights file read once more per pair).
    let make = |name: &str, seed: u64| {
        player_of::<P>(name, &eval, seed).unwrap_or_else(|e| panic!("`{name}` built before the duel: {e}"))
    };
    let fa = |i: u64| make(&a.a, a.seed.wrapping_mul(31).wrapping_add(i));
    let fb = |i: u64| make(&a.b, a.seed.wrapping_mul(37).wrapping_add(i));
    match a.match_to {
        Some(length) => matches_duel(a, MatchRules::only(game), length, &fa, &fb),
        None => games_duel(a, P::start_of(game).expect("a game of P's code"), &fa, &fb),
    }
}

/// A duel of Tavli matches (`--tavli`) or Tabla matches (`--tabla`).
fn rotation_duel(a: &Args, games: MatchGames) -> Result<()> {
    for name in [&a.a, &a.b] {
        check_name(name).map_err(|e| anyhow!(e))?;
    }
    let eval = super::engine_eval();
    for name in [&a.a, &a.b] {
        match_player(name, &eval, 0, games).map_err(|e| anyhow!(e))?;
    }
    let make = |name: &str, seed: u64| {
        match_player(name, &eval, seed, games).unwrap_or_else(|e| panic!("`{name}` built before the duel: {e}"))
    };
    let fa = |i: u64| make(&a.a, a.seed.wrapping_mul(31).wrapping_add(i));
    let fb = |i: u64| make(&a.b, a.seed.wrapping_mul(37).wrapping_add(i));
    let rules = MatchRules::of(games);
    matches_duel::<AnyPosition>(a, rules, a.match_to.unwrap_or(rules.games.default_length()), &fa, &fb)
}

/// Plays the paired matches of a duel under `rules` and reports A's match wins.
fn matches_duel<P: GamePosition>(
    a: &Args,
    rules: MatchRules,
    length: u32,
    fa: &PlayerFactory<P>,
    fb: &PlayerFactory<P>,
) -> Result<()> {
    let pairs = a.games.div_ceil(2);
    let bar = super::progress::bar(2 * pairs, "matches");
    let stats = duel_matches_of(rules, fa, fb, pairs, length, a.seed, a.threads, &|s| {
        bar.set_position(s.matches);
        bar.set_message(format!("A wins {:.1}% ± {:.1}", 100.0 * s.win_rate(), 100.0 * s.ci95()));
    })
    .map_err(|e| anyhow!("duel stopped: {e}"))?;
    bar.finish_and_clear();
    let (rate, ci) = (stats.win_rate(), stats.ci95());
    let games = rules.games;
    if a.json {
        let v = serde_json::json!({"a": a.a, "b": a.b, "match": length, "matches": stats.matches,
            "wins": stats.wins, "win_rate": rate, "ci95": ci, "seed": a.seed, "games": games});
        println!("{v}");
    } else {
        let of =
            if rules == MatchRules::only(GameKind::Plakoto) { String::new() } else { format!(" ({})", games.name()) };
        println!("A = {}   B = {}   matches to {length}{of}   seed {}", a.a, a.b, a.seed);
        println!(
            "matches {}   A wins {} ({:.2}% ± {:.2}, 95%: {:.2}% to {:.2}%)",
            stats.matches,
            stats.wins,
            100.0 * rate,
            100.0 * ci,
            100.0 * (rate - ci),
            100.0 * (rate + ci)
        );
    }
    Ok(())
}

/// Plays the paired games of a duel and reports them.
fn games_duel<P: GamePosition>(a: &Args, initial: P, fa: &PlayerFactory<P>, fb: &PlayerFactory<P>) -> Result<()> {
    let pairs = a.games.div_ceil(2);
    let bar = super::progress::bar(2 * pairs, "games");
    let game = initial.kind();
    let stats = duel_of(initial, fa, fb, pairs, a.seed, a.threads, &|s| {
        bar.set_position(s.games);
        bar.set_message(format!("A {:+.3} ± {:.3} ppg", s.points_per_game(), s.ci95()));
    })
    .map_err(|e| anyhow!("duel stopped: {e}"))?;
    bar.finish_and_clear();
    let (ppg, ci) = (stats.points_per_game(), stats.ci95());
    if a.json {
        let v = serde_json::json!({
            "a": a.a, "b": a.b, "games": stats.games, "wins": stats.wins, "losses": stats.losses,
            "draws": stats.draws, "points": stats.points, "ppg": ppg, "ci95": ci, "seed": a.seed,
            "game": game,
        });
        println!("{v}");
    } else {
        let of = if game == GameKind::Plakoto { String::new() } else { format!("   game {game}") };
        println!("A = {}   B = {}{of}   seed {}", a.a, a.b, a.seed);
        println!("games {}   A wins {}   losses {}   draws {}", stats.games, stats.wins, stats.losses, stats.draws);
        println!("A points per game {ppg:+.3} ± {ci:.3} (95%: {:+.3} to {:+.3})", ppg - ci, ppg + ci);
    }
    Ok(())
}
