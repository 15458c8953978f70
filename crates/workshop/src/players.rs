//! Players by name, for the command line's duels and engine: the built-in
//! levels (which play matches by the score), `money:LEVEL` (the level
//! playing for points whatever the score), `external:COMMAND` (a program
//! speaking the engine protocol), `net:PATH` / `net@PLY:PATH` (a
//! weights file, playing by the score), and `rollout:TRIALS:PLIES:CANDIDATES`
//! (deciding by rollouts, [`RolloutPlayer`]). Names from files and
//! requests use [`tavli_engine::levels::level`] instead, which can never
//! start a program or read a file.

use std::sync::Arc;

use tavli_core::tavli::{AnyPosition, GameKind, GamePosition, MatchGames};
use tavli_engine::bearoff::Database;
use tavli_engine::network::Network;
use tavli_engine::{
    GameCode, LevelKind, MAX_PLY, NetGame, NeuralEval, Player, RandomPlayer, Search, SearchPlayer, TavliPlayer,
    for_game, levels, of_game,
};

use crate::external::ExternalPlayer;
use crate::rollout_player::RolloutPlayer;
use tavli_engine::NetEval;

/// Builds a player by name: a built-in level (playing with `eval`),
/// `external:COMMAND`, `net:PATH` / `net@PLY:PATH` (the weights file's
/// network, with `eval`'s bear-off database), or
/// `rollout:TRIALS:PLIES:CANDIDATES` (deciding by rollouts with `eval`).
/// `seed` makes random choices reproducible.
pub fn player_by_name(
    name: &str,
    eval: &NeuralEval,
    seed: u64,
) -> Result<Box<dyn Player<tavli_core::Position>>, String> {
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
        return weights_player(name, rest, eval, seed, MatchGames::default());
    }
    if let Some(level) = name.strip_prefix("money:") {
        // The level's search, playing for points whatever the match score.
        let l = levels::level(level).map_err(|e| e.to_string())?;
        return Ok(match l.kind {
            tavli_engine::LevelKind::Neural { ply, noise } => {
                Box::new(SearchPlayer::new(name, Box::new(Search::new(eval.clone(), ply)), noise, seed))
            }
            _ => l.player(eval, seed),
        });
    }
    Ok(levels::level(name).map_err(|e| e.to_string())?.player(eval, seed))
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

/// `net:PATH` (0-ply) or `net@N:PATH` (N-ply).
/// Reads `net:PATH` / `net@PLY:PATH` (`rest` is what follows `net`): the
/// ply and the network of `game` in the file.
fn weights_of(game: GameKind, name: &str, rest: &str) -> Result<(u8, Network), String> {
    let usage = || format!("`{name}`: write `net:PATH` or `net@PLY:PATH` (PLY 0 to {MAX_PLY})");
    let (ply, path) = match rest.strip_prefix('@') {
        Some(r) => {
            let (p, path) = r.split_once(':').ok_or_else(usage)?;
            (p.parse::<u8>().ok().filter(|&p| p <= MAX_PLY).ok_or_else(usage)?, path)
        }
        None => (0, rest.strip_prefix(':').ok_or_else(usage)?),
    };
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let net = Network::from_bytes_of(game, &bytes).map_err(|e| format!("{path}: {e}"))?;
    Ok((ply, net))
}

/// A player by name of a game with a network other than Plakoto (for
/// `duel --game`): a built-in level (the game's shipped network, the same
/// depth as the level's in Plakoto, playing matches by the score),
/// `money:LEVEL` (the level playing for points whatever the score), or
/// `net:PATH` / `net@PLY:PATH` (a weights file of the game); every network
/// looks pure bear-off races up in `bearoff` when given. `None` for a name
/// that is none of these.
pub fn net_player_of<P: NetGame>(
    name: &str,
    bearoff: Option<&Arc<Database>>,
    seed: u64,
) -> Option<Result<Box<dyn Player<P>>, String>> {
    let searched = |eval: NetEval<P>, ply: u8, noise: f32, by_the_score: bool| {
        let table = tavli_engine::search::table_of::<P>(&eval);
        let player = SearchPlayer::<P>::new(name, Box::new(Search::new(eval, ply)), noise, seed);
        Box::new(if by_the_score { player.by_the_score(table, P::KIND) } else { player }) as Box<dyn Player<P>>
    };
    if let Some(rest) = name.strip_prefix("net") {
        return Some(
            weights_of(P::KIND, name, rest)
                .map(|(ply, net)| searched(P::evaluator(Arc::new(net), bearoff.cloned()), ply, 0.0, true)),
        );
    }
    let (money, level) = match name.strip_prefix("money:") {
        Some(l) => (true, levels::level(l)),
        None => (false, levels::level(name)),
    };
    let level = level.ok()?;
    let shipped = P::shipped_eval(bearoff.cloned())?;
    Some(Ok(match level.kind {
        LevelKind::Neural { ply, noise } if money => searched(shipped, ply, noise * P::NOISE_SCALE, false),
        _ => level.player_of::<P>(&shipped, seed),
    }))
}

/// A player of game `P` (one with a network) by its own name: its
/// heuristic, or a network of [`net_player_of`]; `None` for a name that is
/// neither (see [`game_player`] for the names every game takes).
pub fn own_player_of<P: NetGame>(
    name: &str,
    bearoff: Option<&Arc<Database>>,
    seed: u64,
) -> Option<Result<Box<dyn Player<P>>, String>> {
    match name {
        "heuristic" => Some(Ok(P::heuristic())),
        _ => net_player_of::<P>(name, bearoff, seed),
    }
}

/// A Plakoto weights file's player, playing its games of a match of
/// `games` by that match's table (in a Tavli match the rotation's).
fn weights_player(
    name: &str,
    rest: &str,
    eval: &NeuralEval,
    seed: u64,
    games: MatchGames,
) -> Result<Box<dyn Player<tavli_core::Position>>, String> {
    let (ply, net) = weights_of(GameKind::Plakoto, name, rest)?;
    let eval = NeuralEval::with_bearoff(Arc::new(net), eval.bearoff().cloned());
    let table = tavli_engine::search::table_in::<tavli_core::Position>(&eval, games);
    Ok(Box::new(
        SearchPlayer::new(name, Box::new(Search::new(eval, ply)), 0.0, seed).by_the_score(table, GameKind::Plakoto),
    ))
}

/// A player of a game other than Plakoto by name, for `duel --game`:
/// `random`, `external:COMMAND`, and what `own` builds of the game's own
/// players (its heuristic, its networks of [`net_player_of`]: in Fevga
/// weights files only until it has a shipped network).
pub fn game_player<P: GamePosition>(
    game: GameKind,
    name: &str,
    seed: u64,
    own: impl FnOnce(&str) -> Option<Result<Box<dyn Player<P>>, String>>,
) -> Result<Box<dyn Player<P>>, String> {
    if let Some(cmd) = name.strip_prefix("external:") {
        if cmd.trim().is_empty() {
            return Err("`external:` needs a command, e.g. `external:tavli engine --level heuristic`".into());
        }
        return Ok(Box::new(ExternalPlayer::new(cmd)));
    }
    if name == "random" {
        return Ok(Box::new(RandomPlayer::new(seed)));
    }
    own(name).unwrap_or_else(|| {
        let nets = match game {
            GameKind::Portes => ", the levels, money:LEVEL, net:PATH, net@PLY:PATH",
            _ => ", net:PATH, net@PLY:PATH",
        };
        Err(format!("`{name}` does not play {game}: {game}'s players are random, heuristic{nets} and external:COMMAND"))
    })
}

/// A player of a Tavli match by name, for `duel --tavli`: `external:COMMAND`
/// plays every game itself (the engine protocol carries the game); a level
/// plays each game as that level of the game (the game's shipped network),
/// by the score with the Tavli table ([`TavliPlayer::of_level`]);
/// `money:LEVEL` the same level playing every game for points whatever
/// the score ([`net_player_of`]); a Plakoto weights file plays its Plakoto
/// games by the Tavli table, and a rollout player its Plakoto games (by
/// the table of Plakoto alone), with the heuristics standing in for
/// Portes and Fevga.
pub fn tavli_player(name: &str, eval: &NeuralEval, seed: u64) -> Result<Box<dyn Player<AnyPosition>>, String> {
    if let Some(cmd) = name.strip_prefix("external:") {
        if cmd.trim().is_empty() {
            return Err("`external:` needs a command, e.g. `external:tavli engine --level heuristic`".into());
        }
        return Ok(Box::new(ExternalPlayer::new(cmd)));
    }
    if let Ok(level) = levels::level(name) {
        return Ok(Box::new(TavliPlayer::of_level(level, eval, seed, MatchGames::Tavli)));
    }
    if let Some(rest) = name.strip_prefix("net") {
        // Its Plakoto games by the Tavli table; the other games by their heuristics.
        let plakoto = weights_player(name, rest, eval, seed, MatchGames::Tavli)?;
        return Ok(Box::new(TavliPlayer::around(plakoto, false, seed)));
    }
    let plakoto = player_by_name(name, eval, seed)?;
    if name.starts_with("rollout:") {
        return Ok(Box::new(TavliPlayer::around(plakoto, false, seed)));
    }
    /// The named player of one game, with that game's own network.
    struct Named<'a>(&'a str, Option<&'a Arc<Database>>, u64);
    impl GameCode for Named<'_> {
        type Out = Result<Box<dyn Player<AnyPosition>>, String>;
        fn run<P: NetGame>(self) -> Self::Out {
            let Named(name, bearoff, seed) = self;
            let player = net_player_of::<P>(name, bearoff, seed)
                .unwrap_or_else(|| Err(format!("`{name}` does not play {}", P::KIND)))?;
            Ok(of_game(player))
        }
    }
    // Plakoto's by `player_by_name` (which knows more names), every other
    // game's by its own network.
    let mut players = std::collections::HashMap::from([(GameKind::Plakoto, of_game(plakoto))]);
    for kind in GameKind::ALL {
        if let std::collections::hash_map::Entry::Vacant(e) = players.entry(kind) {
            e.insert(for_game(kind, Named(name, eval.bearoff(), seed))?);
        }
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
    }

    /// The noisy levels keep their order in Portes: its plays lie closer
    /// together than Plakoto's, so they add half the noise (at the full
    /// noise `casual` lost to the heuristic, −0.051 ± 0.060 over 2,000
    /// games). 300 pairs, seed 1, each side's player by its name.
    #[test]
    fn in_portes_casual_beats_the_heuristic_which_beats_beginner() {
        use tavli_core::portes;
        let by_name = |name: &'static str| {
            move |i: u64| own_player_of::<portes::Position>(name, None, i).expect("a Portes player").unwrap()
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
