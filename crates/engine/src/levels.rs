//! The built-in engine levels, as data: each says what kind of player it
//! is, so a new kind is a new variant the compiler makes every front end
//! handle. What `tavli play --level`, `duel`, `engine` and the web app
//! accept; the README gives each level's measured strength and speed.

use std::fmt;

use tavli_core::Position;
use tavli_core::tavli::MatchGames;

use crate::NetEval;
use crate::games::plakoto::NeuralEval;
use crate::met::MatchScore;
use crate::net_game::NetGame;
use crate::player::{Player, RandomPlayer};
use crate::search::Search;
use crate::search_player::SearchPlayer;

/// What kind of player a level is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LevelKind {
    /// Any legal play, uniformly at random.
    Random,
    /// The game's hand-written evaluation (Plakoto's [`HeuristicPlayer`](crate::HeuristicPlayer)).
    Heuristic,
    /// The network searched to `ply` plies, with Gaussian `noise` (in
    /// equity) on each play's score.
    Neural {
        /// Search depth, 0 to [`MAX_PLY`](crate::search::MAX_PLY).
        ply: u8,
        /// Standard deviation of the noise added to each play's equity.
        noise: f32,
    },
}

/// A built-in level: its name, what it is in a few words, and its kind.
#[derive(Clone, Debug, PartialEq)]
pub struct Level {
    /// The name players and requests use (`expert`).
    pub name: &'static str,
    /// What it is, for help texts and the page.
    pub about: &'static str,
    /// What kind of player it is.
    pub kind: LevelKind,
}

impl Level {
    /// A Plakoto player of this level: the neural levels use `eval` and
    /// play matches by the score (the table of
    /// [`crate::search::table_for`]); `seed` makes the random choices (a
    /// random level, noise) reproducible.
    pub fn player(&self, eval: &NeuralEval, seed: u64) -> Box<dyn Player<Position>> {
        self.player_of::<Position>(eval, seed)
    }

    /// [`Level::player`] in any game with a network: the same kind of
    /// player, so a level's name means the same depth in every game (the
    /// heuristic level plays that game's heuristic). It plays matches of
    /// `P` alone by the score; see [`Level::player_in`] for a Tavli match.
    pub fn player_of<P: NetGame>(&self, eval: &NetEval<P>, seed: u64) -> Box<dyn Player<P>> {
        self.player_in::<P>(eval, seed, MatchGames::Only(P::KIND))
    }

    /// [`Level::player_of`] playing its games of `P` in a match of `games`:
    /// the neural levels play by the score with that match's table
    /// ([`crate::search::table_in`]: in a Tavli match the rotation's,
    /// valuing each outcome before the game after `P`).
    pub fn player_in<P: NetGame>(&self, eval: &NetEval<P>, seed: u64, games: MatchGames) -> Box<dyn Player<P>> {
        match self.kind {
            LevelKind::Random => Box::new(RandomPlayer::new(seed)),
            LevelKind::Heuristic => P::heuristic(),
            LevelKind::Neural { ply, noise } => Box::new(
                SearchPlayer::<P>::new(
                    self.name,
                    Box::new(Search::new(eval.clone(), ply)),
                    noise * P::NOISE_SCALE,
                    seed,
                )
                .by_the_score(crate::search::table_in::<P>(eval, games), games.played_by(P::KIND)),
            ),
        }
    }
}

impl Level {
    /// [`Level::player`] told the match score before its decision: what a
    /// front end asks for the engine's play in a match (`score` from the
    /// engine's side; [`MatchScore::SINGLE_GAME`] for a single game). The
    /// neural levels then play for the match-winning chance at the score,
    /// as `duel --match` measures them.
    ///
    /// ```
    /// use tavli_core::{Dice, Position};
    /// use tavli_engine::met::MatchScore;
    /// use tavli_engine::{NeuralEval, levels};
    /// let eval = NeuralEval::shipped(None);
    /// let score = MatchScore { length: 3, mine: 0, theirs: 2 };
    /// let mut player = levels::level("advanced").unwrap().player_at(&eval, 7, score);
    /// let plays = Position::start().legal_plays(Dice::new(6, 4).unwrap());
    /// assert!(player.choose(&Position::start(), Dice::new(6, 4).unwrap(), &plays) < plays.len());
    /// ```
    pub fn player_at(&self, eval: &NeuralEval, seed: u64, score: MatchScore) -> Box<dyn Player<Position>> {
        let mut player = self.player(eval, seed);
        player.set_match_score(score.length, score.mine, score.theirs);
        player
    }
}

/// The built-in levels, weakest first.
pub const LEVELS: &[Level] = &[
    Level { name: "random", about: "any legal play, at random", kind: LevelKind::Random },
    Level {
        name: "beginner",
        about: "the network with heavy noise: knows the ideas, blunders often",
        kind: LevelKind::Neural { ply: 0, noise: 0.35 },
    },
    Level {
        name: "heuristic",
        about: "hand-written evaluation: race, pins, mothers, blots, blocks",
        kind: LevelKind::Heuristic,
    },
    Level {
        name: "casual",
        about: "the network with light noise: sound, with the odd slip",
        kind: LevelKind::Neural { ply: 0, noise: 0.10 },
    },
    Level {
        name: "advanced",
        about: "the network at 0-ply: instant, strong",
        kind: LevelKind::Neural { ply: 0, noise: 0.0 },
    },
    Level {
        name: "expert",
        about: "1-ply search over the opponent's 21 rolls",
        kind: LevelKind::Neural { ply: 1, noise: 0.0 },
    },
    Level {
        name: "master",
        about: "2-ply search with move filters: the strongest",
        kind: LevelKind::Neural { ply: 2, noise: 0.0 },
    },
];

/// The default opponent in `play` and the web app.
pub const DEFAULT_LEVEL: &str = "expert";

/// A name that is not a built-in level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown: String = self.0.chars().filter(|c| !c.is_control()).take(40).collect();
        let names: Vec<&str> = LEVELS.iter().map(|l| l.name).collect();
        write!(f, "unknown level `{shown}`; the levels are: {}", names.join(", "))
    }
}

impl std::error::Error for UnknownLevel {}

/// The built-in level called `name`, and nothing else: names from files and
/// requests go through here, so they can never start a program or read a
/// file.
///
/// ```
/// use tavli_engine::levels::{LevelKind, level};
/// assert_eq!(level("master").unwrap().kind, LevelKind::Neural { ply: 2, noise: 0.0 });
/// assert!(level("external:sh").is_err());
/// ```
pub fn level(name: &str) -> Result<&'static Level, UnknownLevel> {
    LEVELS.iter().find(|l| l.name == name).ok_or_else(|| UnknownLevel(name.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_builds_and_unknown_names_say_what_exists() {
        let eval = NeuralEval::shipped(None);
        for l in LEVELS {
            assert_eq!(level(l.name).unwrap().player(&eval, 1).name(), l.name);
            if let LevelKind::Neural { ply, .. } = l.kind {
                assert!(ply <= crate::search::MAX_PLY);
            }
        }
        let e = level("grandmaster").unwrap_err().to_string();
        assert!(e.contains("master") && e.contains("random"), "{e}");
        assert!(level("external:true").is_err());
        assert!(level("net:/etc/passwd").is_err());
        assert!(level(DEFAULT_LEVEL).is_ok());
    }
}
