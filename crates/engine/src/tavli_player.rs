//! A player of a Tavli match (or a Tabla match, or a match of any game):
//! each game played by that game's own player, chosen by the game of the
//! position it is asked about (a named game by its base's).

use tavli_core::Dice;
use tavli_core::tavli::{AnyPlay, AnyPosition, GameKind, GamePlay, GamePosition, MatchGames};

use crate::game_evals::GameEvals;
use crate::games::{GameCode, for_game};
use crate::levels::Level;
use crate::net_game::NetGame;
use crate::{NeuralEval, Player, RandomPlayer};

/// Plays any game, each with its own player.
pub struct TavliPlayer {
    /// One player per game, in [`GameKind::ALL`]'s order.
    players: Vec<(GameKind, Box<dyn Player<AnyPosition>>)>,
}

/// A player of game `P` asked about positions of any game (always of `P`).
struct OfGame<P: GamePosition>(Box<dyn Player<P>>);

impl<P: GamePosition> Player<AnyPosition> for OfGame<P> {
    fn name(&self) -> String {
        self.0.name()
    }

    fn choose(&mut self, pos: &AnyPosition, dice: Dice, plays: &[AnyPlay]) -> usize {
        let own = P::from_any(pos).expect("a game's player is asked about that game's positions");
        let plays: Vec<P::Play> =
            plays.iter().map(|p| P::Play::from_any(p).expect("the plays of one position are of its game")).collect();
        self.0.choose(&own, dice, &plays)
    }

    fn new_game(&mut self) {
        self.0.new_game();
    }

    fn set_match_score(&mut self, length: u32, mine: u32, theirs: u32) {
        self.0.set_match_score(length, mine, theirs);
    }

    fn set_deadline(&mut self, deadline: Option<std::time::Instant>) {
        self.0.set_deadline(deadline);
    }

    fn failure(&self) -> Option<String> {
        self.0.failure()
    }
}

/// A player of game `P` as a player of any game's positions.
pub fn of_game<P: GamePosition>(player: Box<dyn Player<P>>) -> Box<dyn Player<AnyPosition>> {
    Box::new(OfGame(player))
}

impl TavliPlayer {
    /// A player made of `make`'s player for each game.
    pub fn each(mut make: impl FnMut(GameKind) -> Box<dyn Player<AnyPosition>>) -> TavliPlayer {
        TavliPlayer { players: GameKind::ALL.iter().map(|&k| (k, make(k))).collect() }
    }

    /// This player with `player` playing game `P` instead.
    pub fn with<P: NetGame>(mut self, player: Box<dyn Player<P>>) -> TavliPlayer {
        for (k, p) in &mut self.players {
            if *k == P::KIND {
                *p = of_game(player);
                break;
            }
        }
        self
    }

    /// The player a built-in level names in every game of a match of
    /// `games`: the same level of each game, with that game's shipped
    /// network (Plakoto's `eval`, the others with `eval`'s bear-off
    /// database for races). Told the score, the neural levels play by it:
    /// in a Tavli match each game by the Tavli table at that game (a
    /// double win is worth what it does with the next game of the rotation
    /// to come), in a match of one game by that game's own table
    /// ([`Level::player_in`]).
    pub fn of_level(level: &Level, eval: &NeuralEval, seed: u64, games: MatchGames) -> TavliPlayer {
        /// The level's player of one game.
        struct LevelIn<'a>(&'a Level, &'a GameEvals, u64, MatchGames);
        impl GameCode for LevelIn<'_> {
            type Out = Box<dyn Player<AnyPosition>>;
            fn run<P: NetGame>(self) -> Self::Out {
                of_game(self.0.player_in::<P>(self.1.get::<P>(), self.2, self.3))
            }
        }
        let evals = GameEvals::around(eval.clone());
        TavliPlayer::each(|k| for_game(k, LevelIn(level, &evals, seed, games)))
    }

    /// `player` for its game `P`, and for the other games their
    /// heuristics standing in (random players when `random`): a Tavli
    /// player around a player of one game that is not a level (a network
    /// file, say).
    pub fn around<P: NetGame>(player: Box<dyn Player<P>>, random: bool, seed: u64) -> TavliPlayer {
        /// The stand-in of one game.
        struct StandIn(bool, u64);
        impl GameCode for StandIn {
            type Out = Box<dyn Player<AnyPosition>>;
            fn run<P: NetGame>(self) -> Self::Out {
                // Each game's random player its own dice of choices.
                let seed = self.1 ^ (P::KIND as u64).wrapping_mul(0x9e37_79b9);
                if self.0 { of_game::<P>(Box::new(RandomPlayer::new(seed))) } else { of_game(P::heuristic()) }
            }
        }
        TavliPlayer::each(|k| for_game(k, StandIn(random, seed))).with(player)
    }

    /// The player of `kind`'s games.
    fn of(&mut self, kind: GameKind) -> &mut Box<dyn Player<AnyPosition>> {
        let i = self.players.iter().position(|(k, _)| *k == kind).expect("a Tavli player plays every game");
        &mut self.players[i].1
    }
}

impl Player<AnyPosition> for TavliPlayer {
    fn name(&self) -> String {
        // The name of the player of the game the project began with.
        let i = self.players.iter().position(|(k, _)| *k == GameKind::default()).unwrap_or(0);
        self.players[i].1.name()
    }

    fn choose(&mut self, pos: &AnyPosition, dice: Dice, plays: &[AnyPlay]) -> usize {
        // A named game is played by its base's player.
        self.of(pos.kind().base()).choose(pos, dice, plays)
    }

    fn new_game(&mut self) {
        for (_, p) in &mut self.players {
            p.new_game();
        }
    }

    fn set_match_score(&mut self, length: u32, mine: u32, theirs: u32) {
        for (_, p) in &mut self.players {
            p.set_match_score(length, mine, theirs);
        }
    }

    fn set_deadline(&mut self, deadline: Option<std::time::Instant>) {
        for (_, p) in &mut self.players {
            p.set_deadline(deadline);
        }
    }

    fn failure(&self) -> Option<String> {
        self.players.iter().find_map(|(_, p)| p.failure())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Analyzer, Search, levels};
    use crate::{FevgaHeuristic, PortesHeuristic};
    use tavli_core::tavli::GameKind;
    use tavli_core::{fevga, portes};

    /// A neural level plays Portes and Fevga with their shipped networks
    /// at the level's depth: its choice is that search's best play.
    #[test]
    fn a_neural_level_plays_portes_and_fevga_with_their_networks() {
        fn best_of<P: NetGame>(pos: P, dice: Dice, ply: u8) -> usize {
            let net = P::shipped_eval(None).unwrap();
            Analyzer::<P>::rank(&Search::new(net, ply), &pos.legal_plays(dice))[0].index
        }
        let eval = NeuralEval::shipped(None);
        let dice = Dice::new(6, 2).unwrap();
        for (name, ply) in [("advanced", 0), ("expert", 1)] {
            let mut t = TavliPlayer::of_level(levels::level(name).unwrap(), &eval, 1, MatchGames::Tavli);
            let (p, f) = (portes::Position::start(), fevga::Position::start());
            for (pos, best) in
                [(AnyPosition::Portes(p), best_of(p, dice, ply)), (AnyPosition::Fevga(f), best_of(f, dice, ply))]
            {
                assert_eq!(t.choose(&pos, dice, &pos.legal_plays(dice)), best, "{name} {}", pos.kind());
            }
        }
    }

    /// Each game's plays go to that game's player: the heuristic level's
    /// choice in Portes is the Portes heuristic's, in Plakoto Plakoto's
    /// (and a player of every game plays Gul bara too, out of Tavli).
    #[test]
    fn each_game_is_played_by_its_own_player() {
        let eval = NeuralEval::shipped(None);
        let mut t = TavliPlayer::of_level(levels::level("heuristic").unwrap(), &eval, 1, MatchGames::Tavli);
        let dice = Dice::new(6, 5).unwrap();
        for kind in GameKind::ALL {
            let pos = AnyPosition::start(kind);
            let plays = pos.legal_plays(dice);
            let i = t.choose(&pos, dice, &plays);
            let expected = match &pos {
                AnyPosition::Portes(p) => PortesHeuristic.choose(p, dice, &p.legal_plays(dice)),
                AnyPosition::Plakoto(p) => crate::HeuristicPlayer.choose(p, dice, &p.legal_plays(dice)),
                AnyPosition::Fevga(p) => FevgaHeuristic.choose(p, dice, &p.legal_plays(dice)),
                AnyPosition::GulBara(p) => crate::GulBaraHeuristic.choose(p, dice, &p.legal_plays(dice)),
            };
            assert_eq!(i, expected, "{kind}");
        }
    }

    /// A Tabla match's games are played by their bases' players, by the
    /// Tabla table at the game being played: every position of the
    /// rotation gets a legal play at a score, its play keeping the name.
    #[test]
    fn a_tabla_match_s_games_are_played_by_their_bases_players() {
        let eval = NeuralEval::shipped(None);
        let mut t = TavliPlayer::of_level(levels::level("advanced").unwrap(), &eval, 1, MatchGames::Tabla);
        t.set_match_score(5, 3, 1);
        let dice = Dice::new(6, 5).unwrap();
        for kind in MatchGames::Tabla.rotation() {
            let pos = AnyPosition::start(kind);
            let plays = pos.legal_plays(dice);
            let i = t.choose(&pos, dice, &plays);
            assert!(i < plays.len(), "{kind}");
            assert_eq!(plays[i].position().kind(), kind);
        }
    }

    /// In a Tavli match each game's player plays by the Tavli table at its
    /// own game (a double win is worth what it does with the rotation's
    /// next game to come), in a match of one game by that game's own
    /// table, and not told a score for points: in these positions (found
    /// by self-play of the shipped networks) the three choose differently
    /// at `advanced` (0-ply).
    #[test]
    fn a_tavli_match_is_played_by_the_tavli_table_at_each_game() {
        let eval = NeuralEval::shipped(None);
        let level = levels::level("advanced").unwrap();
        let cases = [
            // Needing 1 against 5 in Plakoto, Fevga next.
            (GameKind::Plakoto, "AAw2nR74Gd4AIQ", (6, 4), (4, 0), "24/18 24/20", "20/14 18/14"),
            (GameKind::Portes, "p.BucTwRBgCcHPiAA", (6, 3), (3, 3), "13/10* 11/5", "21/15 13/10*"),
            (GameKind::Fevga, "f.hEEWi54iLd4CiA", (5, 2), (3, 3), "24/22 7/2", "15/13 8/3"),
        ];
        for (kind, id, (d1, d2), (mine, theirs), tavli, alone) in cases {
            let pos = AnyPosition::parse(id, Some(kind)).unwrap();
            let dice = Dice::new(d1, d2).unwrap();
            let plays = pos.legal_plays(dice);
            let choice = |games: Option<MatchGames>| {
                let mut t = TavliPlayer::of_level(level, &eval, 1, games.unwrap_or(MatchGames::Tavli));
                if games.is_some() {
                    t.set_match_score(5, mine, theirs);
                }
                plays[t.choose(&pos, dice, &plays)].notation()
            };
            assert_eq!(choice(Some(MatchGames::Tavli)), tavli, "{kind} {id} at {mine}-{theirs} of a Tavli match");
            assert_eq!(
                choice(Some(MatchGames::Only(kind))),
                alone,
                "{kind} {id} at {mine}-{theirs} of a match of {kind}"
            );
            assert_eq!(choice(None), alone, "{kind} {id} for points");
        }
    }
}
