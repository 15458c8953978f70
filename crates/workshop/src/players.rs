//! Players by name, for the command line's duels and engine: the built-in
//! levels (which play matches by the score), `money:LEVEL` (the level
//! playing for points whatever the score), `external:COMMAND` (a program
//! speaking the engine protocol), `net:PATH` / `net@PLY:PATH` (a
//! weights file, playing by the score), and `rollout:TRIALS:PLIES:CANDIDATES`
//! (deciding by rollouts, [`RolloutPlayer`]). Names from files and
//! requests use [`tavli_engine::levels::level`] instead, which can never
//! start a program or read a file.

use std::sync::Arc;

use tavli_core::Position;
use tavli_core::tavli::{AnyPosition, GameKind, MatchGames};
use tavli_engine::levels::UnknownLevel;
use tavli_engine::network::Network;
use tavli_engine::{
    GameCode, GameEvals, LevelKind, MAX_PLY, NetEval, NetGame, NeuralEval, Player, Search, SearchPlayer, TavliPlayer,
    for_game, levels, of_game,
};

use crate::external::ExternalPlayer;
use crate::rollout_player::RolloutPlayer;

/// A player of game `P` by name, `eval` the game's evaluator (a front
/// end's network, with its bear-off database): a built-in level (playing
/// with `eval`, matches by the score), `money:LEVEL` (the level playing for
/// points whatever the score), `external:COMMAND`, `net:PATH` /
/// `net@PLY:PATH` (the weights file's network of `P`, with `eval`'s
/// bear-off database, playing by the score), or
/// `rollout:TRIALS:PLIES:CANDIDATES` (deciding by rollouts with `eval`).
/// The same names for every game. `seed` makes random choices
/// reproducible.
pub fn player_of<P: NetGame>(name: &str, eval: &NetEval<P>, seed: u64) -> Result<Box<dyn Player<P>>, String> {
    if let Some(cmd) = name.strip_prefix("external:") {
        if cmd.trim().is_empty() {
            return Err("`external:` needs a command, e.g. `external:tavli engine --level expert`".into());
        }
        return Ok(Box::new(ExternalPlayer::new(cmd)));
    }
    if let Some(spec) = name.strip_prefix("rollout:") {
        return Ok(Box::new(RolloutPlayer::from_name(name, spec, eval)?));
    }
    if let Some(rest) = name.strip_prefix("net") {
        return weights_player(name, rest, eval, seed, MatchGames::Only(P::KIND));
    }
    let unknown = |e: UnknownLevel| {
        format!(
            "`{name}` does not play {}: {e}; besides the levels: money:LEVEL, net:PATH, net@PLY:PATH, \
             rollout:TRIALS:PLIES:CANDIDATES and external:COMMAND",
            P::KIND
        )
    };
    if let Some(level) = name.strip_prefix("money:") {
        // The level's search, playing for points whatever the match score.
        let l = levels::level(level).map_err(unknown)?;
        return Ok(match l.kind {
            LevelKind::Neural { ply, noise } => Box::new(SearchPlayer::new(
                name,
                Box::new(Search::new(eval.clone(), ply)),
                noise * P::NOISE_SCALE,
                seed,
            )),
            _ => l.player_of::<P>(eval, seed),
        });
    }
    Ok(levels::level(name).map_err(unknown)?.player_of::<P>(eval, seed))
}

/// [`player_of`] for Plakoto.
pub fn player_by_name(name: &str, eval: &NeuralEval, seed: u64) -> Result<Box<dyn Player<Position>>, String> {
    player_of::<Position>(name, eval, seed)
}

/// Checks that `name` would build, without starting or reading anything
/// (for checking arguments before a long run).
pub fn check_name(name: &str) -> Result<(), String> {
    if name.starts_with("external:") || name.starts_with("net") {
        return Ok(());
    }
    if let Some(spec) = name.strip_prefix("rollout:") {
        return RolloutPlayer::parse(name, spec).map(|_| ());
    }
    levels::level(name.strip_prefix("money:").unwrap_or(name)).map(|_| ()).map_err(|e| e.to_string())
}

/// A weights file's network of `game`.
fn read_network(game: GameKind, path: &str) -> Result<Network, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    Network::from_bytes_of(game, &bytes).map_err(|e| format!("{path}: {e}"))
}

/// Reads `net:PATH` / `net@PLY:PATH` (`rest` is what follows `net`), PATH
/// optionally `MAIN+RACE` (a network of its own for races): the ply, the
/// network of `game` in the file and the race network if one is given.
fn weights_of(game: GameKind, name: &str, rest: &str) -> Result<(u8, Network, Option<Network>), String> {
    let usage = || format!("`{name}`: write `net:PATH`, `net@PLY:PATH` (PLY 0 to {MAX_PLY}) or PATH as MAIN+RACE");
    let (ply, path) = match rest.strip_prefix('@') {
        Some(r) => {
            let (p, path) = r.split_once(':').ok_or_else(usage)?;
            (p.parse::<u8>().ok().filter(|&p| p <= MAX_PLY).ok_or_else(usage)?, path)
        }
        None => (0, rest.strip_prefix(':').ok_or_else(usage)?),
    };
    let (main, race) = match path.split_once('+') {
        Some((main, race)) if !std::path::Path::new(path).exists() => (main, Some(race)),
        _ => (path, None),
    };
    Ok((ply, read_network(game, main)?, race.map(|r| read_network(game, r)).transpose()?))
}

/// A weights file's player of game `P` (`rest` is what follows `net`),
/// with `eval`'s bear-off database, playing its games of a match of
/// `games` by that match's table (in a Tavli match the rotation's).
fn weights_player<P: NetGame>(
    name: &str,
    rest: &str,
    eval: &NetEval<P>,
    seed: u64,
    games: MatchGames,
) -> Result<Box<dyn Player<P>>, String> {
    let (ply, net, race) = weights_of(P::KIND, name, rest)?;
    let mut eval = P::evaluator(Arc::new(net), eval.bearoff().cloned());
    if let Some(race) = race {
        eval = eval.with_race(Arc::new(race));
    }
    let table = tavli_engine::search::table_in::<P>(&eval, games);
    let playing = games.played_by(P::KIND);
    Ok(Box::new(SearchPlayer::new(name, Box::new(Search::new(eval, ply)), 0.0, seed).by_the_score(table, playing)))
}

/// A player of a Tavli match by name, for `duel --tavli`: `external:COMMAND`
/// plays every game itself (the engine protocol carries the game); a level
/// plays each game as that level of the game (the game's shipped network),
/// by the score with the Tavli table ([`TavliPlayer::of_level`]);
/// `money:LEVEL` the same level playing every game for points whatever
/// the score ([`player_of`]); a weights file plays its own game's games by
/// the Tavli table, and a rollout player its Plakoto games (by the table
/// of Plakoto alone), with the heuristics standing in for the other
/// games.
pub fn tavli_player(name: &str, eval: &NeuralEval, seed: u64) -> Result<Box<dyn Player<AnyPosition>>, String> {
    match_player(name, eval, seed, MatchGames::Tavli)
}

/// [`tavli_player`] for a match of `games` (a Tabla match, for `duel
/// --tabla`): the levels and weights files play by that match's table.
pub fn match_player(
    name: &str,
    eval: &NeuralEval,
    seed: u64,
    games: MatchGames,
) -> Result<Box<dyn Player<AnyPosition>>, String> {
    if let Some(cmd) = name.strip_prefix("external:") {
        if cmd.trim().is_empty() {
            return Err("`external:` needs a command, e.g. `external:tavli engine --level heuristic`".into());
        }
        return Ok(Box::new(ExternalPlayer::new(cmd)));
    }
    if let Ok(level) = levels::level(name) {
        return Ok(Box::new(TavliPlayer::of_level(level, eval, seed, games)));
    }
    let evals = GameEvals::around(eval.clone());
    if let Some(rest) = name.strip_prefix("net") {
        // A weights file is one game's: that game's games by the Tavli
        // table, the other games by their heuristics.
        struct Weights<'a>(&'a str, &'a str, &'a GameEvals, u64, MatchGames);
        impl GameCode for Weights<'_> {
            type Out = Result<TavliPlayer, String>;
            fn run<P: NetGame>(self) -> Self::Out {
                let Weights(name, rest, evals, seed, games) = self;
                let player = weights_player::<P>(name, rest, evals.get::<P>(), seed, games)?;
                Ok(TavliPlayer::around(player, false, seed))
            }
        }
        let mut first_error = None;
        for kind in GameKind::ALL {
            match for_game(kind, Weights(name, rest, &evals, seed, games)) {
                Ok(player) => return Ok(Box::new(player)),
                Err(e) => first_error = first_error.or(Some(e)),
            }
        }
        return Err(first_error.unwrap_or_default());
    }
    if name.starts_with("rollout:") {
        // Rollouts decide Plakoto's games, as the research player always
        // has; the other games by their heuristics.
        let plakoto = player_by_name(name, eval, seed)?;
        return Ok(Box::new(TavliPlayer::around(plakoto, false, seed)));
    }
    /// The named player of one game, with that game's own network.
    struct Named<'a>(&'a str, &'a GameEvals, u64);
    impl GameCode for Named<'_> {
        type Out = Result<Box<dyn Player<AnyPosition>>, String>;
        fn run<P: NetGame>(self) -> Self::Out {
            let Named(name, evals, seed) = self;
            Ok(of_game(player_of::<P>(name, evals.get::<P>(), seed)?))
        }
    }
    let mut players = std::collections::HashMap::new();
    for kind in GameKind::ALL {
        players.insert(kind, for_game(kind, Named(name, &evals, seed))?);
    }
    Ok(Box::new(TavliPlayer::each(|k| players.remove(&k).expect("a player for every game"))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_build_players_or_say_why_not() {
        let eval = NeuralEval::shipped(None);
        for l in tavli_engine::LEVELS {
            assert_eq!(player_by_name(l.name, &eval, 1).unwrap().name(), l.name);
        }
        let e = player_by_name("grandmaster", &eval, 1).err().unwrap();
        assert!(e.contains("master") && e.contains("random"), "{e}");
        assert!(player_by_name("external:", &eval, 1).is_err());
        assert!(player_by_name("net@5:x", &eval, 1).err().unwrap().contains("PLY 0 to 2"));
        assert!(player_by_name("net:/no/such/file", &eval, 1).err().unwrap().contains("/no/such/file"));
        // MAIN+RACE: both files are read, and a missing race file is named.
        let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/weights/plakoto.bin");
        assert!(player_by_name(&format!("net:{shipped}+{shipped}"), &eval, 1).is_ok());
        let missing = player_by_name(&format!("net@1:{shipped}+/no/race.bin"), &eval, 1).err().unwrap();
        assert!(missing.contains("/no/race.bin"), "{missing}");
        // The same names in every game, and the same refusal.
        let fevga = NetEval::<tavli_core::fevga::Position>::shipped(None);
        for name in ["random", "heuristic", "advanced", "money:casual"] {
            assert!(player_of(name, &fevga, 1).is_ok(), "{name}");
        }
        let e = player_of("grandmaster", &fevga, 1).err().unwrap();
        assert!(e.contains("`grandmaster` does not play fevga") && e.contains("master"), "{e}");
    }

    /// The noisy levels keep their order in Portes: its plays lie closer
    /// together than Plakoto's, so they add half the noise (at the full
    /// noise `casual` lost to the heuristic, −0.051 ± 0.060 over 2,000
    /// games). 300 pairs, seed 1, each side's player by its name.
    #[test]
    fn in_portes_casual_beats_the_heuristic_which_beats_beginner() {
        use tavli_core::portes;
        let eval = NetEval::<portes::Position>::shipped(None);
        let by_name = |name: &'static str| {
            let eval = eval.clone();
            move |i: u64| player_of::<portes::Position>(name, &eval, i).expect("a Portes player")
        };
        for (a, b) in [("casual", "heuristic"), ("heuristic", "beginner")] {
            let s =
                crate::duel::duel_of(portes::Position::start(), &by_name(a), &by_name(b), 300, 1, 2, &|_| {}).unwrap();
            assert!(s.points_per_game() - s.ci95() > 0.0, "{a} vs {b}: {} ± {}", s.points_per_game(), s.ci95());
        }
    }

    #[test]
    fn tavli_players_play_every_game_or_say_why_not() {
        use tavli_core::Dice;
        use tavli_core::tavli::GameKind;
        let eval = NeuralEval::shipped(None);
        for name in ["random", "heuristic", "beginner", "money:beginner"] {
            let mut p = tavli_player(name, &eval, 1).unwrap();
            for kind in [GameKind::Portes, GameKind::Plakoto, GameKind::Fevga] {
                let pos = AnyPosition::start(kind);
                let dice = Dice::new(5, 2).unwrap();
                let plays = pos.legal_plays(dice);
                assert!(p.choose(&pos, dice, &plays) < plays.len(), "{name} {kind}");
            }
        }
        assert!(tavli_player("grandmaster", &eval, 1).is_err());
        assert!(tavli_player("external:", &eval, 1).is_err());
    }
    /// `duel --tavli`'s players: a level plays a Tavli match by the Tavli
    /// table, `money:LEVEL` every game for points. Needing 1 against 5 in
    /// this Plakoto position (Fevga next) the two choose differently.
    #[test]
    fn in_tavli_duels_levels_play_by_the_tavli_table_and_money_levels_for_points() {
        use tavli_core::Dice;
        let eval = NeuralEval::shipped(None);
        let pos = AnyPosition::parse("AAw2nR74Gd4AIQ", Some(GameKind::Plakoto)).unwrap();
        let dice = Dice::new(6, 4).unwrap();
        let plays = pos.legal_plays(dice);
        let choice = |name: &str| {
            let mut p = tavli_player(name, &eval, 1).unwrap();
            p.set_match_score(5, 4, 0);
            plays[p.choose(&pos, dice, &plays)].notation()
        };
        assert_eq!(choice("advanced"), "24/18 24/20");
        assert_eq!(choice("money:advanced"), "20/14 18/14");
        // A weights file plays its Plakoto games by the Tavli table too:
        // the shipped network at 0-ply chooses as `advanced` does.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("plakoto.bin");
        std::fs::write(&path, eval.network().to_bytes()).unwrap();
        assert_eq!(choice(&format!("net@0:{}", path.display())), "24/18 24/20");
    }
}
