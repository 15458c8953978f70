//! The game state machine: the Tavli opening roll, turns, passes and the end
//! of a game; and matches to N points (see `matches`).

mod dice_stream;
mod matches;
mod movelist;
mod players;
mod roller;
mod seed;

pub use matches::{
    Contributions, DiceCheck, GameRecord, Match, MatchError, MatchRecord, RECORD_FORMAT, RECORD_VERSION,
    ResignationOffer, Score,
};
pub use movelist::{MoveListError, read_any_move_list, read_move_list};
pub use players::{PlayerName, Players};
pub use roller::{DiceSource, FixedDice, SeededDice};
pub use seed::{Contribution, ContributionError, JOINT_DICE_DOMAIN, Seed, SeedError};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::color::Color;
use crate::dice::Dice;
use crate::plakoto::position::Position;
use crate::play::Move;
use crate::play_error::PlayError;
use crate::result::GameResult;
use crate::tavli::{GamePlay, GamePosition, MatchRules};

/// Turns after which a game is taken to be stuck and refuses to roll. Real
/// games last about 90 turns and random play some hundreds; a game that
/// goes on this long means a rules bug, and an error beats a hung duel.
pub const MAX_TURNS: usize = 5_000;

/// How a game decides who starts. `P` is the game's position: Plakoto's
/// unless said.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Start<P> {
    /// Each side rolls one die; ties roll again; the higher starts and then
    /// rolls both dice (the opening dice are not played), or, in a game
    /// played under [`MatchRules::opening_dice_played`], plays the two
    /// opening dice as its first roll.
    OpeningRoll,
    /// This side starts (the winner of the previous game of a match).
    Side(Color),
    /// The game starts from this position, the side on roll there first
    /// (practice and analysis from a chosen position; never a game over).
    Position(P),
}

/// One turn as recorded: who, the dice, and the single moves played (empty
/// for a pass), in the mover's numbering.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// The side that was on roll.
    pub side: Color,
    /// The roll, larger die first.
    pub dice: [u8; 2],
    /// The single moves as `[from, to]` in the mover's numbering, `to` 0 for a
    /// bear-off; empty for a pass.
    pub moves: Vec<[u8; 2]>,
    /// The play in notation, as [`Play::notation`](crate::Play::notation) writes it (`pass` for a pass).
    pub notation: String,
}

/// What went wrong when driving a game. `E` is the game's play error:
/// Plakoto's unless said.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum GameError<E = PlayError> {
    /// The game has already ended.
    #[error("the game is over")]
    Over,
    /// A play was given before the dice were rolled.
    #[error("the dice have not been rolled yet")]
    NotRolled,
    /// Dice were rolled or set again before the last roll was played.
    #[error("the dice are already rolled; play them first")]
    AlreadyRolled,
    /// Dice were rolled before the opening roll decided who starts.
    #[error("the opening roll has not been made yet")]
    NoOpeningRoll,
    /// The game reached [`MAX_TURNS`] turns (the count) without ending: a rules bug.
    #[error("the game has gone {0} turns without ending, which no game can: this is a bug in the rules engine")]
    TooLong(usize),
    /// The play is not legal for the position and dice.
    #[error(transparent)]
    Illegal(#[from] E),
}

/// One game, from its start position to its result, of the game whose
/// position type is `P` (each game's own, or
/// [`AnyPosition`](crate::tavli::AnyPosition) for a game chosen at run time),
/// played under the default rules or a match's ([`Game::under`]).
///
/// ```
/// use tavli_core::game::{FixedDice, Game, Start};
/// let mut dice = FixedDice::new([3, 5, 6, 4]); // White 3, Black 5: Black starts, rolls 6-4
/// let mut game = Game::new(Start::OpeningRoll);
/// game.opening_roll(&mut dice);
/// assert_eq!(game.position().turn(), tavli_core::Color::Black);
/// let d = game.roll(&mut dice).unwrap();
/// assert_eq!(d.to_string(), "6-4");
/// game.play_text("24/18 24/20").unwrap();
/// assert_eq!(game.turns().len(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct Game<P: GamePosition> {
    start: Start<P>,
    /// The options the game is played under (its match's).
    rules: MatchRules,
    /// The game's start position, White on roll (the opening roll turns it).
    initial: P,
    /// Opening roll-offs: (White's die, Black's die), the last one decisive.
    opening: Vec<[u8; 2]>,
    position: P,
    turns: Vec<Turn>,
    /// The position before each turn, in step with `turns`.
    before: Vec<P>,
    dice: Option<Dice>,
    /// The dice rolled when the game was resigned (never played).
    unplayed: Option<Dice>,
    plays: Vec<P::Play>,
    result: Option<GameResult>,
}

impl Game<Position> {
    /// A new game of Plakoto. With `Start::Side` that side is on roll at
    /// once, with `Start::Position` the side on roll in that position; with
    /// `Start::OpeningRoll` call [`Game::opening_roll`] first.
    pub fn new(start: Start<Position>) -> Game<Position> {
        Game::of(Position::start(), start)
    }
}

impl<P: GamePosition> Game<P> {
    /// A new game of the game whose start position is `initial` (White on
    /// roll), started as [`Game::new`] says.
    pub fn of(initial: P, start: Start<P>) -> Game<P> {
        Game::under(MatchRules::default(), initial, start)
    }

    /// [`Game::of`] played under `rules`, a match's: its legal plays, the
    /// plays it reads and its result follow the options they set for this
    /// game, and with [`MatchRules::opening_dice_played`] a game started by
    /// the opening roll plays the opening dice as its first roll.
    ///
    /// ```
    /// use tavli_core::game::{FixedDice, Game, Start};
    /// use tavli_core::tavli::MatchRules;
    /// let rules = MatchRules { opening_dice_played: true, ..MatchRules::default() };
    /// let mut game = Game::under(rules, tavli_core::Position::start(), Start::OpeningRoll);
    /// let mut dice = FixedDice::new([3, 5]); // White 3, Black 5: Black plays 5-3
    /// game.opening_roll(&mut dice);
    /// assert_eq!(game.dice().unwrap().to_string(), "5-3");
    /// assert_eq!(game.roll(&mut dice).unwrap().to_string(), "5-3"); // nothing more thrown
    /// game.play_text("24/19 24/21").unwrap();
    /// assert_eq!(game.turns()[0].dice, [5, 3]);
    /// ```
    pub fn under(rules: MatchRules, initial: P, start: Start<P>) -> Game<P> {
        let initial = initial.game_start();
        let position = match start {
            Start::Side(c) => initial.with_turn(c),
            Start::OpeningRoll => initial,
            Start::Position(p) => p,
        };
        Game {
            initial,
            start,
            rules,
            opening: Vec::new(),
            position,
            turns: Vec::new(),
            before: Vec::new(),
            dice: None,
            unplayed: None,
            plays: Vec::new(),
            result: None,
        }
    }

    /// Rolls one die each until they differ; the higher side starts.
    /// Returns the roll-offs (White's die, Black's die). Does nothing if the
    /// game does not start with an opening roll or it was already made.
    /// Under [`MatchRules::opening_dice_played`] the last roll-off (the
    /// decisive one, never a doublet) is then the starter's first roll: its
    /// legal plays are worked out, and [`Game::roll`] throws nothing more.
    pub fn opening_roll(&mut self, src: &mut dyn DiceSource) -> &[[u8; 2]] {
        if self.start == Start::OpeningRoll && self.opening.is_empty() {
            loop {
                let (w, b) = (src.die(), src.die());
                self.opening.push([w, b]);
                if w != b {
                    let first = if w > b { Color::White } else { Color::Black };
                    self.position = self.initial.with_turn(first);
                    if self.rules.opening_dice_played
                        && let Ok(dice) = Dice::new(w, b)
                    {
                        self.dice = Some(dice);
                        self.plays = self.position.legal_plays_under(dice, &self.rules);
                    }
                    break;
                }
            }
        }
        &self.opening
    }

    /// The opening dice, while they wait to be played as the starter's
    /// first roll (a game under [`MatchRules::opening_dice_played`]);
    /// `None` in any other case.
    pub fn pending_opening_dice(&self) -> Option<Dice> {
        let opening = self.rules.opening_dice_played && self.start == Start::OpeningRoll && !self.opening.is_empty();
        self.dice.filter(|_| opening && self.turns.is_empty() && self.result.is_none())
    }

    /// The rules the game is played under ([`Game::under`]; the default
    /// rules for [`Game::new`] and [`Game::of`]).
    pub fn rules(&self) -> &MatchRules {
        &self.rules
    }

    /// Is the game waiting for its opening roll?
    pub fn needs_opening_roll(&self) -> bool {
        self.start == Start::OpeningRoll && self.opening.is_empty()
    }

    /// Rolls the dice for the side on roll and works out its legal plays.
    /// When the opening dice are the first roll
    /// ([`Game::pending_opening_dice`]), returns them and throws nothing;
    /// when the position has dice to play without a throw (Gul bara's
    /// ladder stages and remainders, [`GamePosition::pending_dice`]), sets
    /// those and throws nothing.
    pub fn roll(&mut self, src: &mut dyn DiceSource) -> Result<Dice, GameError<P::Error>> {
        if let Some(dice) = self.pending_opening_dice() {
            return Ok(dice);
        }
        if let Some(dice) = self.position.pending_dice() {
            self.set_dice(dice)?;
            return Ok(dice);
        }
        let dice = src.roll();
        self.set_dice(dice)?;
        Ok(dice)
    }

    /// Sets the dice for the side on roll (dice rolled elsewhere).
    pub fn set_dice(&mut self, dice: Dice) -> Result<(), GameError<P::Error>> {
        if self.result.is_some() {
            return Err(GameError::Over);
        }
        if self.needs_opening_roll() {
            return Err(GameError::NoOpeningRoll);
        }
        if self.dice.is_some() {
            return Err(GameError::AlreadyRolled);
        }
        if self.turns.len() >= MAX_TURNS {
            return Err(GameError::TooLong(self.turns.len()));
        }
        self.dice = Some(dice);
        self.plays = self.position.legal_plays_under(dice, &self.rules);
        Ok(())
    }

    /// The legal plays for the current dice (empty before rolling).
    pub fn legal_plays(&self) -> &[P::Play] {
        &self.plays
    }

    /// Plays one of [`Game::legal_plays`] (matched by resulting position).
    pub fn play(&mut self, play: &P::Play) -> Result<(), GameError<P::Error>> {
        if self.result.is_some() {
            return Err(GameError::Over);
        }
        let dice = self.dice.ok_or(GameError::NotRolled)?;
        let chosen = self
            .plays
            .iter()
            .find(|p| p.position() == play.position())
            .cloned()
            .ok_or_else(|| self.position.not_legal(play.notation()))?;
        self.apply(dice, chosen);
        Ok(())
    }

    /// Plays a play given in notation (`pass` when nothing can be played),
    /// read under the game's rules.
    pub fn play_text(&mut self, text: &str) -> Result<P::Play, GameError<P::Error>> {
        if self.result.is_some() {
            return Err(GameError::Over);
        }
        let dice = self.dice.ok_or(GameError::NotRolled)?;
        let read = self.position.parse_play_under(dice, text, &self.rules)?;
        // The play kept is the legal play of the same position, worked out
        // under the rules when the dice were set (so scored by them).
        let play = self
            .plays
            .iter()
            .find(|p| p.position() == read.position())
            .cloned()
            .ok_or_else(|| self.position.not_legal(read.notation()))?;
        self.apply(dice, play.clone());
        Ok(play)
    }

    /// Plays the single moves given (mover's numbering), as a record holds them.
    pub fn play_moves(&mut self, moves: &[Move]) -> Result<P::Play, GameError<P::Error>> {
        let text = if moves.is_empty() {
            "pass".to_string()
        } else {
            moves.iter().map(|m| format!("{}/{}", m.from, m.to)).collect::<Vec<_>>().join(" ")
        };
        self.play_text(&text)
    }

    /// What resigning now gives the opponent of `resigner`
    /// ([`Position::resignation`]: 2 while it has borne off nothing, else 1,
    /// in every game; by count, [`MatchRules::scored`], the checkers it has
    /// not borne off).
    pub fn resignation(&self, resigner: Color) -> GameResult {
        self.rules.scored(self.position.resignation(resigner), self.position.off(resigner))
    }

    /// Ends the game by resignation with `result` (no-op if already over).
    /// Dice already rolled stay known as [`Game::unplayed_dice`]: the
    /// record keeps them, so a replay throws as many dice as the game did.
    pub(crate) fn end_by_resignation(&mut self, result: GameResult) {
        if self.result.is_none() {
            self.result = Some(result);
            self.unplayed = self.dice.take();
            self.plays.clear();
        }
    }

    /// The dice rolled and never played because the game was resigned.
    pub fn unplayed_dice(&self) -> Option<Dice> {
        self.unplayed
    }

    fn apply(&mut self, dice: Dice, play: P::Play) {
        self.before.push(self.position);
        self.turns.push(Turn {
            side: self.position.turn(),
            dice: [dice.high(), dice.low()],
            moves: play.moves().iter().map(|m| [m.from, m.to]).collect(),
            notation: play.notation(),
        });
        self.position = play.position();
        // Scored as the match scores (count scoring: the loser's checkers left).
        self.result = play.result().map(|r| {
            let loser = r.winner.map_or(0, |w| self.position.off(w.opponent()));
            self.rules.scored(r, loser)
        });
        self.dice = None;
        self.plays.clear();
    }

    /// The current position; after the game ends, the final position.
    pub fn position(&self) -> &P {
        &self.position
    }

    /// The dice rolled and not yet played.
    pub fn dice(&self) -> Option<Dice> {
        self.dice
    }

    /// The position each turn was played from, in step with
    /// [`Game::turns`] (the side on roll there is the turn's side).
    pub fn positions_before(&self) -> &[P] {
        &self.before
    }

    /// The turns played so far, in order, passes included.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// The opening roll-offs (White's die, Black's die), the last one decisive;
    /// empty if there was none.
    pub fn opening(&self) -> &[[u8; 2]] {
        &self.opening
    }

    /// How this game decides who starts.
    pub fn start(&self) -> Start<P> {
        self.start
    }

    /// How the game ended, or `None` while it goes on.
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// Who started the game (after the opening roll, if any).
    pub fn first_side(&self) -> Option<Color> {
        match self.start {
            Start::Side(c) => Some(c),
            Start::Position(p) => Some(p.turn()),
            Start::OpeningRoll => self.opening.last().map(|[w, b]| if w > b { Color::White } else { Color::Black }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_ties_roll_again_and_higher_starts() {
        let mut g = Game::new(Start::OpeningRoll);
        let mut d = FixedDice::new([4, 4, 2, 2, 1, 6]);
        assert_eq!(g.opening_roll(&mut d), &[[4, 4], [2, 2], [1, 6]]);
        assert_eq!(g.first_side(), Some(Color::Black));
        assert_eq!(g.position().turn(), Color::Black);
    }

    #[test]
    fn cannot_roll_before_opening_or_twice() {
        let mut g = Game::new(Start::OpeningRoll);
        let mut d = FixedDice::new([6, 1, 3, 2, 5, 5]);
        assert_eq!(g.roll(&mut d), Err(GameError::NoOpeningRoll));
        let mut g = Game::new(Start::OpeningRoll);
        let mut d = FixedDice::new([6, 1, 3, 2, 5, 5]);
        g.opening_roll(&mut d);
        assert_eq!(g.position().turn(), Color::White);
        g.roll(&mut d).unwrap();
        assert_eq!(g.roll(&mut d), Err(GameError::AlreadyRolled));
        assert!(matches!(g.play_text("24/20"), Err(GameError::Illegal(_))));
        g.play_text("24/21 24/22").unwrap();
        assert_eq!(g.position().turn(), Color::Black);
        assert_eq!(g.play_text("24/19"), Err(GameError::NotRolled));
    }

    #[test]
    fn a_set_side_starts_without_opening_roll() {
        let g = Game::new(Start::Side(Color::Black));
        assert!(!g.needs_opening_roll());
        assert_eq!(g.position().turn(), Color::Black);
    }

    #[test]
    fn a_game_that_never_ends_stops_with_an_error() {
        let mut g = Game::new(Start::Side(Color::White));
        let pass = Turn { side: Color::White, dice: [1, 1], moves: vec![], notation: "pass".into() };
        g.turns = vec![pass; MAX_TURNS];
        let e = g.roll(&mut FixedDice::new([3, 1])).unwrap_err();
        assert_eq!(e, GameError::TooLong(MAX_TURNS));
        assert!(e.to_string().contains("bug"), "{e}");
    }

    #[test]
    fn random_games_end_with_a_result() {
        let mut d = SeededDice::new(1);
        for _ in 0..20 {
            let mut g = Game::new(Start::OpeningRoll);
            g.opening_roll(&mut d);
            let mut n = 0;
            while g.result().is_none() {
                g.roll(&mut d).unwrap();
                let p = g.legal_plays()[(d.die() as usize * 7) % g.legal_plays().len()];
                g.play(&p).unwrap();
                n += 1;
                assert!(n < 5000, "game did not end");
            }
        }
    }
}
