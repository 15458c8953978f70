//! A player of a Tavli match: each game played by that game's own player,
//! chosen by the game of the position it is asked about.

use tavli_core::tavli::{AnyPlay, AnyPosition, MatchGames};
use tavli_core::{Dice, fevga, portes};

use crate::levels::Level;
use crate::net_game::NetGame;
use crate::{FevgaHeuristic, NeuralEval, Player, PortesHeuristic, RandomPlayer};

/// Plays any of the three games, each with its own player.
pub struct TavliPlayer {
    portes: Box<dyn Player<portes::Position>>,
    plakoto: Box<dyn Player>,
    fevga: Box<dyn Player<fevga::Position>>,
}

impl TavliPlayer {
    /// A player made of one player per game.
    pub fn new(
        portes: Box<dyn Player<portes::Position>>,
        plakoto: Box<dyn Player>,
        fevga: Box<dyn Player<fevga::Position>>,
    ) -> TavliPlayer {
        TavliPlayer { portes, plakoto, fevga }
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
        let bearoff = eval.bearoff().cloned();
        let portes_eval = portes::Position::shipped_eval(bearoff.clone()).expect("Portes has a network");
        let fevga_eval = fevga::Position::shipped_eval(bearoff).expect("Fevga has a network");
        TavliPlayer::new(
            level.player_in::<portes::Position>(&portes_eval, seed, games),
            level.player_in::<tavli_core::Position>(eval, seed, games),
            level.player_in::<fevga::Position>(&fevga_eval, seed, games),
        )
    }

    /// `plakoto` for Plakoto, and for Portes and Fevga their heuristics
    /// standing in (random players when `random`): a Tavli player around a
    /// Plakoto player that is not a level (a network file, say).
    pub fn around(plakoto: Box<dyn Player>, random: bool, seed: u64) -> TavliPlayer {
        let portes: Box<dyn Player<portes::Position>> =
            if random { Box::new(RandomPlayer::new(seed)) } else { Box::new(PortesHeuristic) };
        let fevga: Box<dyn Player<fevga::Position>> =
            if random { Box::new(RandomPlayer::new(seed ^ 0x9e37_79b9)) } else { Box::new(FevgaHeuristic) };
        TavliPlayer::new(portes, plakoto, fevga)
    }
}

/// The plays of one game inside `plays` (all of that game: they are the
/// legal plays of one position).
fn inner<T: Copy>(plays: &[AnyPlay], pick: impl Fn(&AnyPlay) -> Option<T>) -> Vec<T> {
    plays.iter().map(|p| pick(p).expect("the plays of one position are of its game")).collect()
}

impl Player<AnyPosition> for TavliPlayer {
    fn name(&self) -> String {
        self.plakoto.name()
    }

    fn choose(&mut self, pos: &AnyPosition, dice: Dice, plays: &[AnyPlay]) -> usize {
        match pos {
            AnyPosition::Portes(p) => {
                let plays = inner(plays, |a| if let AnyPlay::Portes(x) = a { Some(*x) } else { None });
                self.portes.choose(p, dice, &plays)
            }
            AnyPosition::Plakoto(p) => {
                let plays = inner(plays, |a| if let AnyPlay::Plakoto(x) = a { Some(*x) } else { None });
                self.plakoto.choose(p, dice, &plays)
            }
            AnyPosition::Fevga(p) => {
                let plays = inner(plays, |a| if let AnyPlay::Fevga(x) = a { Some(*x) } else { None });
                self.fevga.choose(p, dice, &plays)
            }
        }
    }

    fn new_game(&mut self) {
        self.portes.new_game();
        self.plakoto.new_game();
        self.fevga.new_game();
    }

    fn set_match_score(&mut self, length: u32, mine: u32, theirs: u32) {
        self.portes.set_match_score(length, mine, theirs);
        self.plakoto.set_match_score(length, mine, theirs);
        self.fevga.set_match_score(length, mine, theirs);
    }

    fn failure(&self) -> Option<String> {
        self.portes.failure().or_else(|| self.plakoto.failure()).or_else(|| self.fevga.failure())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Analyzer, Search, levels};
    use tavli_core::tavli::GameKind;

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
    /// choice in Portes is the Portes heuristic's, in Plakoto Plakoto's.
    #[test]
    fn each_game_is_played_by_its_own_player() {
        let eval = NeuralEval::shipped(None);
        let mut t = TavliPlayer::of_level(levels::level("heuristic").unwrap(), &eval, 1, MatchGames::Tavli);
        let dice = Dice::new(6, 5).unwrap();
        for kind in [GameKind::Portes, GameKind::Plakoto, GameKind::Fevga] {
            let pos = AnyPosition::start(kind);
            let plays = pos.legal_plays(dice);
            let i = t.choose(&pos, dice, &plays);
            let expected = match &pos {
                AnyPosition::Portes(p) => PortesHeuristic.choose(p, dice, &p.legal_plays(dice)),
                AnyPosition::Plakoto(p) => crate::HeuristicPlayer.choose(p, dice, &p.legal_plays(dice)),
                AnyPosition::Fevga(p) => FevgaHeuristic.choose(p, dice, &p.legal_plays(dice)),
            };
            assert_eq!(i, expected, "{kind}");
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
            (GameKind::Portes, "p.7T2YMAAIBgmttgA", (6, 1), (3, 3), "21/15/14", "8/2 5/4"),
            (GameKind::Fevga, "f.0AZtHDQVWpDSoA", (5, 3), (3, 3), "20/15/12", "24/21 20/15"),
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
