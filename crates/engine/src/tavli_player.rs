//! A player of a Tavli match: each game played by that game's own player,
//! chosen by the game of the position it is asked about.

use plakoto_core::tavli::{AnyPlay, AnyPosition, GameKind};
use plakoto_core::{Dice, fevga, portes};

use crate::levels::{Level, LevelKind};
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

    /// The player a built-in level names in every game: Plakoto's level
    /// as it is; in Portes and Fevga, which have no trained player yet,
    /// `random` plays at random and every other level plays the game's
    /// heuristic ([`TavliPlayer::stands_in`] says when).
    pub fn of_level(level: &Level, eval: &NeuralEval, seed: u64) -> TavliPlayer {
        TavliPlayer::around(level.player(eval, seed), level.kind == LevelKind::Random, seed)
    }

    /// `plakoto` for Plakoto, and for Portes and Fevga their heuristics
    /// standing in (random players when `random`).
    pub fn around(plakoto: Box<dyn Player>, random: bool, seed: u64) -> TavliPlayer {
        let portes: Box<dyn Player<portes::Position>> =
            if random { Box::new(RandomPlayer::new(seed)) } else { Box::new(PortesHeuristic) };
        let fevga: Box<dyn Player<fevga::Position>> =
            if random { Box::new(RandomPlayer::new(seed ^ 0x9e37_79b9)) } else { Box::new(FevgaHeuristic) };
        TavliPlayer::new(portes, plakoto, fevga)
    }

    /// Does `level` play `game` with a weaker player standing in for it
    /// (the heuristic, until the game has a trained network)?
    pub fn stands_in(level: &Level, game: GameKind) -> bool {
        matches!(level.kind, LevelKind::Neural { .. }) && game != GameKind::Plakoto
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
    use crate::levels;

    /// Each game's plays go to that game's player: the heuristic level's
    /// choice in Portes is the Portes heuristic's, in Plakoto Plakoto's.
    #[test]
    fn each_game_is_played_by_its_own_player() {
        let eval = NeuralEval::shipped(None);
        let mut t = TavliPlayer::of_level(levels::level("heuristic").unwrap(), &eval, 1);
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
        let expert = levels::level("expert").unwrap();
        assert!(TavliPlayer::stands_in(expert, GameKind::Fevga));
        assert!(!TavliPlayer::stands_in(expert, GameKind::Plakoto));
        assert!(!TavliPlayer::stands_in(levels::level("random").unwrap(), GameKind::Portes));
    }
}
