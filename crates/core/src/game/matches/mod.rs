//! Matches to N points, and the game record (the JSON format of saved
//! games; see INTERFACE.md "Game record").
//!
//! The winner of a game starts the next one; after a draw the opening roll
//! decides again. All dice come from one seeded roller, so a record holds
//! the seed and every roll and play, and loading it replays the match,
//! checking that each recorded roll is what the seed gives and each play
//! is legal.

use serde::{Deserialize, Serialize};
use thiserror::Error;

mod record;

pub(crate) use record::PLAIN_RECORD_VERSION;
pub use record::{Contributions, DiceCheck, GameRecord, MatchRecord, RECORD_FORMAT, RECORD_VERSION, Score};

use super::roller::MatchDice;
use super::{Contribution, Game, GameError, PlayerName, Players, Seed, SeededDice, Start};
use crate::color::Color;
use crate::dice::Dice;
use crate::plakoto::position::Position;
use crate::play_error::PlayError;
use crate::result::GameResult;
use crate::tavli::{GameKind, GamePosition, MatchRules, Starter};

/// What is wrong with a match request or record. `E` is the games' play
/// error: Plakoto's unless said.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum MatchError<E = PlayError> {
    /// The match length asked for (held) is 0; a match is to 1 point or more.
    #[error("a match is played to at least 1 point (got {0})")]
    BadLength(u32),
    /// The match has already been won.
    #[error("the match is over")]
    Over,
    /// The record's `format` (held) is not [`RECORD_FORMAT`].
    #[error("the record is not a plakoto match record (format `{0}`)")]
    Format(String),
    /// The record's `version` (held) is newer than this code reads.
    #[error("record version {0} is newer than this program understands ({RECORD_VERSION})")]
    Version(u32),
    /// A match whose dice were written down has no more of them.
    #[error("the record's dice are used up: a match whose dice were written down goes no further than they do")]
    NoMoreDice,
    /// The record leaves its seed out (the public record of a match still
    /// being played), so its dice cannot be replayed.
    #[error("the record leaves out its seed (the match is still being played), so it cannot be replayed yet")]
    SeedHidden,
    /// The match's dice wait for a player's contribution (a match between
    /// two people: [`Match::with_contributions`]), so nothing can be rolled yet.
    #[error("the dice wait for both players' contributions: nothing can be rolled before both have taken their seats")]
    AwaitingContributions,
    /// The record is the public record of a match between two people
    /// online that is still being played (its seed hidden, the players'
    /// contributions in it): no engine looks at it before the match is
    /// over ([`Match::for_review`]).
    #[error(
        "this is the record of a match between two people online that is still being played: the engine gives no \
         review of it (nor any help) until the match is over"
    )]
    LiveBetweenPeople,
    /// The record's dice were written down (a game played elsewhere): there
    /// is no seed to check them against.
    #[error("this record's dice were written down (a game played elsewhere): there is no seed to check them against")]
    DiceWrittenDown,
    /// A contribution was offered to a match whose dice come from its seed alone.
    #[error("this match's dice come from its seed alone: it takes no contributions")]
    NoContributions,
    /// The side (held) has contributed to the dice already.
    #[error("{0} has contributed to the dice already")]
    Contributed(Color),
    /// A match cannot start from a position whose game is over (held: its result).
    #[error("a match cannot start from a finished game ({0})")]
    StartOver(GameResult),
    /// The record does not replay: a roll is not what the seed gives, a play
    /// is illegal, or the results do not add up.
    #[error("record game {game}: {why}")]
    Corrupt {
        /// The game at fault, counting from 1.
        game: usize,
        /// What is wrong with it.
        why: String,
    },
    /// The record claims a score or a winner (held: which, and what its
    /// games give instead) that its games do not give.
    #[error("the record's {0}")]
    Claim(String),
    /// A resignation offered `asked` points where resigning now gives at
    /// most `due` (held: asked, due); an offer is of 1 point or more.
    #[error("resigning now gives 1 to {1} point(s), not {0}")]
    ResignationPoints(u8, u8),
    /// An offer to resign of `asked` points where resigning gives `due`
    /// (held: asked, due): an offer gives fewer, and at least 1.
    #[error("an offer to resign gives at least 1 point and fewer than the {1} resigning gives, not {0}")]
    OfferPoints(u8, u8),
    /// The match's rules ask for a game (held) this match's positions
    /// cannot hold (a Tavli match needs `Match<AnyPosition>`).
    #[error("this match cannot play {0}: its positions are another game's")]
    WrongGame(GameKind),
    /// Driving the current game failed (see [`GameError`]).
    #[error(transparent)]
    Game(#[from] GameError<E>),
}

/// A match in progress or finished: of Plakoto unless said; with
/// `P` = [`AnyPosition`](crate::tavli::AnyPosition), a Tavli match or a
/// match of any one game ([`Match::with_rules`]).
#[derive(Clone, Debug)]
pub struct Match<P: GamePosition> {
    target: u32,
    /// The games the match plays and its options.
    rules: MatchRules,
    dice: MatchDice,
    /// The dice's seed and each side's contribution, in a match whose dice
    /// come from both ([`Match::with_contributions`]).
    joint: Option<(Seed, Contributions)>,
    players: Players,
    score: [u32; 2],
    games: Vec<Game<P>>,
    /// A resignation offered for fewer points than the rules give, waiting
    /// for the other side's answer ([`Match::offer_resignation`]).
    offer: Option<ResignationOffer>,
}

/// A resignation offered for fewer points than the rules give (a single
/// game while nothing is off), which the other side accepts or declines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResignationOffer {
    /// The side offering to resign.
    pub side: Color,
    /// The points it offers to give.
    pub points: u8,
}

impl Match<Position> {
    /// A new Plakoto match to `target` points with dice from `seed`; the first game
    /// starts with the opening roll.
    ///
    /// ```
    /// use tavli_core::game::{Match, Players};
    /// let mut m = Match::new(3, 7, Players::default()).unwrap();
    /// m.roll().unwrap(); // the opening roll, then the first side's roll
    /// let play = m.game().legal_plays()[0];
    /// m.play(&play).unwrap();
    /// // The record replays to the same match.
    /// let again = Match::from_record(&m.record()).unwrap();
    /// assert_eq!(again.game().position(), m.game().position());
    /// assert!(Match::new(0, 7, Players::default()).is_err());
    /// ```
    pub fn new(target: u32, seed: impl Into<Seed>, players: Players) -> Result<Match<Position>, MatchError> {
        Match::with_rules(MatchRules::default(), target, seed, players)
    }

    /// A new match whose first game starts from `position` (the side on
    /// roll there plays first, without an opening roll); later games start
    /// as usual. For practice and analysis from a chosen position.
    ///
    /// ```
    /// use tavli_core::game::{Match, Players};
    /// use tavli_core::{Color, Position};
    /// let pos = Position::start().with_turn(Color::Black);
    /// let mut m = Match::from_position(1, 5, Players::default(), pos).unwrap();
    /// assert_eq!(m.to_act(), Some(Color::Black));
    /// m.roll().unwrap();
    /// assert_eq!(Match::from_record(&m.record()).unwrap().record(), m.record());
    /// ```
    pub fn from_position(
        target: u32,
        seed: impl Into<Seed>,
        players: Players,
        position: Position,
    ) -> Result<Match<Position>, MatchError> {
        Match::from_position_with(MatchRules::default(), target, seed, players, position)
    }

    /// A new match between two people whose dice neither can know or
    /// choose: they come from `secret` (the server's, committed to by its
    /// SHA-256 before anyone contributes) and from each side's
    /// [`Contribution`], given with [`Match::contribute`] as the side takes
    /// its seat ([`Seed::joint`]). Nothing is rolled before both are in.
    ///
    /// ```
    /// use tavli_core::game::{Contribution, Match, MatchError, Players, Seed};
    /// use tavli_core::Color;
    /// let mut m = Match::with_contributions(3, Seed::Secret([5; 32]), Players::people()).unwrap();
    /// m.contribute(Color::White, Contribution([1; 32])).unwrap();
    /// assert_eq!(m.roll(), Err(MatchError::AwaitingContributions));
    /// m.contribute(Color::Black, Contribution([2; 32])).unwrap();
    /// m.roll().unwrap();
    /// // The record holds the secret and both contributions, and replays.
    /// assert_eq!(Match::from_record(&m.record()).unwrap().record(), m.record());
    /// ```
    pub fn with_contributions(target: u32, secret: Seed, players: Players) -> Result<Match<Position>, MatchError> {
        Match::with_contributions_under(MatchRules::default(), target, secret, players)
    }
}

impl<P: GamePosition> Match<P> {
    /// A new match under `rules` (a Tavli match, or a match of one game) to
    /// `target` points with dice from `seed`; the first game starts with
    /// the opening roll.
    ///
    /// ```
    /// use tavli_core::game::{Match, Players};
    /// use tavli_core::tavli::{AnyPosition, GameKind, MatchRules};
    /// let m: Match<AnyPosition> = Match::with_rules(MatchRules::tavli(), 5, 7, Players::default()).unwrap();
    /// assert_eq!(m.game().position().kind(), GameKind::Portes);
    /// ```
    pub fn with_rules(
        rules: MatchRules,
        target: u32,
        seed: impl Into<Seed>,
        players: Players,
    ) -> Result<Match<P>, MatchError<P::Error>> {
        Self::starting(rules, target, seed.into(), players, Start::OpeningRoll)
    }

    /// [`Match::with_contributions`] under `rules`: a Tavli match, or a
    /// match of one game, between two people online.
    ///
    /// ```
    /// use tavli_core::game::{Contribution, Match, Players, Seed};
    /// use tavli_core::tavli::{AnyPosition, GameKind, MatchRules};
    /// use tavli_core::Color;
    /// let mut m: Match<AnyPosition> =
    ///     Match::with_contributions_under(MatchRules::tavli(), 5, Seed::Secret([5; 32]), Players::people()).unwrap();
    /// m.contribute(Color::White, Contribution([1; 32])).unwrap();
    /// m.contribute(Color::Black, Contribution([2; 32])).unwrap();
    /// m.roll().unwrap();
    /// assert_eq!(m.game().position().kind(), GameKind::Portes);
    /// assert_eq!(Match::from_record(&m.record()).unwrap().record(), m.record());
    /// ```
    pub fn with_contributions_under(
        rules: MatchRules,
        target: u32,
        secret: Seed,
        players: Players,
    ) -> Result<Match<P>, MatchError<P::Error>> {
        let mut m = Match::with_rules(rules, target, secret, players)?;
        m.joint = Some((secret, Contributions::default()));
        m.dice = MatchDice::Awaiting;
        Ok(m)
    }

    /// A new match under `rules` whose first game starts from `position`
    /// (see [`Match::from_position`]).
    pub fn from_position_with(
        rules: MatchRules,
        target: u32,
        seed: impl Into<Seed>,
        players: Players,
        position: P,
    ) -> Result<Match<P>, MatchError<P::Error>> {
        if let Some(r) = position.outcome_under(&rules) {
            return Err(MatchError::StartOver(r));
        }
        if position.kind() != rules.first_game() {
            return Err(MatchError::WrongGame(position.kind()));
        }
        Self::starting(rules, target, seed.into(), players, Start::Position(position))
    }

    fn starting(
        rules: MatchRules,
        target: u32,
        seed: Seed,
        players: Players,
        start: Start<P>,
    ) -> Result<Match<P>, MatchError<P::Error>> {
        if target == 0 {
            return Err(MatchError::BadLength(target));
        }
        // Every game the match can come to must be one its positions hold.
        let mut kind = rules.first_game();
        for _ in 0..3 {
            P::start_of(kind).ok_or(MatchError::WrongGame(kind))?;
            kind = rules.next_game(kind, false);
        }
        let initial = P::start_of(rules.first_game()).ok_or(MatchError::WrongGame(rules.first_game()))?;
        Ok(Match {
            target,
            rules,
            dice: MatchDice::Seeded(Box::new(SeededDice::new(seed))),
            joint: None,
            players,
            score: [0, 0],
            games: vec![Game::under(rules, initial, start)],
            offer: None,
        })
    }

    /// The games the match plays and its options.
    pub fn rules(&self) -> &MatchRules {
        &self.rules
    }

    /// Adds `side`'s contribution to the dice of a match made
    /// [`with_contributions`](Match::with_contributions); with both in,
    /// the dice can be rolled.
    pub fn contribute(&mut self, side: Color, contribution: Contribution) -> Result<(), MatchError<P::Error>> {
        let (secret, given) = self.joint.as_mut().ok_or(MatchError::NoContributions)?;
        let slot = if side == Color::White { &mut given.white } else { &mut given.black };
        if slot.is_some() {
            return Err(MatchError::Contributed(side));
        }
        *slot = Some(contribution);
        if let (Some(w), Some(b)) = (given.white, given.black) {
            self.dice = MatchDice::Seeded(Box::new(SeededDice::new(secret.joint(&w, &b))));
        }
        Ok(())
    }

    /// Each side's contribution so far, in a match whose dice come from both
    /// ([`Match::with_contributions`]); `None` in any other match.
    pub fn contributions(&self) -> Option<Contributions> {
        self.joint.map(|(_, c)| c)
    }

    /// Do the dice still wait for a contribution?
    pub fn awaits_contributions(&self) -> bool {
        matches!(self.dice, MatchDice::Awaiting)
    }

    /// The match length: the points a side needs to win the match.
    pub fn target(&self) -> u32 {
        self.target
    }

    /// The seed all dice of the match come from (a secret while the match
    /// is played: show [`Seed::commitment`] instead, as
    /// [`Match::public_record`] does).
    ///
    /// In a match whose dice come from the players' contributions too, the
    /// seed committed to, not the key the dice are drawn with ([`Seed::joint`]).
    /// A match whose dice were written down (a game played elsewhere) has
    /// no seed: [`Seed::Number`] 0 stands for it.
    pub fn seed(&self) -> Seed {
        if let Some((secret, _)) = self.joint {
            return secret;
        }
        match &self.dice {
            MatchDice::Seeded(d) => d.seed(),
            MatchDice::Awaiting | MatchDice::Recorded { .. } => Seed::Number(0),
        }
    }

    /// Were the dice written down (a game played elsewhere) rather than
    /// drawn from a seed?
    pub fn dice_recorded(&self) -> bool {
        matches!(self.dice, MatchDice::Recorded { .. })
    }

    /// Who plays each side.
    pub fn players(&self) -> &Players {
        &self.players
    }

    /// The points `side` has scored so far in the match.
    pub fn score(&self, side: Color) -> u32 {
        self.score[side.index()]
    }

    /// The game being played (the last one once the match is over).
    pub fn game(&self) -> &Game<P> {
        self.games.last().expect("a match always has a game")
    }

    /// All games so far, the current one last.
    pub fn games(&self) -> &[Game<P>] {
        &self.games
    }

    /// The match winner once someone reached the target.
    pub fn winner(&self) -> Option<Color> {
        [Color::White, Color::Black].into_iter().find(|&c| self.score[c.index()] >= self.target)
    }

    /// Has a side reached the target?
    pub fn is_over(&self) -> bool {
        self.winner().is_some()
    }

    fn current(&mut self) -> Result<&mut Game<P>, MatchError<P::Error>> {
        if self.is_over() {
            return Err(MatchError::Over);
        }
        Ok(self.games.last_mut().expect("a match always has a game"))
    }

    /// Makes the opening roll of the current game if it needs one; returns
    /// the roll-offs (empty when the game starts without one).
    pub fn opening_roll(&mut self) -> Result<Vec<[u8; 2]>, MatchError<P::Error>> {
        let dice = &mut self.dice;
        let game = self.games.last_mut().expect("a match always has a game");
        if self.score.iter().any(|&s| s >= self.target) {
            return Err(MatchError::Over);
        }
        if matches!(dice, MatchDice::Awaiting) {
            return Err(MatchError::AwaitingContributions);
        }
        if game.needs_opening_roll() && !dice.can_throw(2) {
            return Err(MatchError::NoMoreDice);
        }
        Ok(game.opening_roll(dice).to_vec())
    }

    /// Rolls for the side on roll (making the opening roll first if needed).
    /// Under [`MatchRules::opening_dice_played`] the first game's first
    /// roll is the opening dice: returned, nothing more thrown.
    pub fn roll(&mut self) -> Result<Dice, MatchError<P::Error>> {
        self.opening_roll()?;
        if let Some(d) = self.game().pending_opening_dice() {
            return Ok(d);
        }
        // Dice played without a throw (Gul bara's ladder stages and
        // remainders): nothing is drawn from the match's dice.
        if let Some(d) = self.game().position().pending_dice() {
            self.current()?.set_dice(d)?;
            return Ok(d);
        }
        if !self.dice.can_throw(2) {
            return Err(MatchError::NoMoreDice);
        }
        let mut dice = self.dice.clone();
        let d = self.current()?.roll(&mut dice)?;
        self.dice = dice;
        Ok(d)
    }

    /// Plays a legal play of the current game; when the game ends the score
    /// is updated and, unless the match is over, the next game begins.
    pub fn play(&mut self, play: &P::Play) -> Result<(), MatchError<P::Error>> {
        self.current()?.play(play)?;
        self.after_play();
        Ok(())
    }

    /// Plays a play given in notation.
    pub fn play_text(&mut self, text: &str) -> Result<P::Play, MatchError<P::Error>> {
        let p = self.current()?.play_text(text)?;
        self.after_play();
        Ok(p)
    }

    fn after_play(&mut self) {
        // A play made answers no offer: it lapses.
        self.offer = None;
        let Some(result) = self.game().result() else { return };
        if let Some(w) = result.winner {
            self.score[w.index()] += u32::from(result.points);
        }
        if !self.is_over() {
            let start = match self.rules.next_starter(&result) {
                Starter::Side(w) => Start::Side(w),
                Starter::OpeningRoll => Start::OpeningRoll,
            };
            let played = self.game().position().kind();
            let next = self.rules.next_game(played, result.winner.is_none());
            // Checked when the match was made: every game of its rotation
            // is one its positions hold.
            // The opening dice are played in the first game only (TAVLI.md
            // Part 1: "First game of a match"); a game after a draw is
            // started by the roll-off alone.
            let rules = MatchRules { opening_dice_played: false, ..self.rules };
            if let Some(initial) = P::start_of(next) {
                self.games.push(Game::under(rules, initial, start));
            }
        }
    }

    /// The points `side` would give the opponent by resigning now (see
    /// [`Game::resignation`]); `None` once the match is over.
    pub fn resignation_points(&self, side: Color) -> Option<u8> {
        if self.is_over() { None } else { Some(self.game().resignation(side).points) }
    }

    /// Resigns the current game for `side`: the opponent wins what the rules
    /// give a resignation ([`Game::resignation`]: 2 points while `side` has
    /// borne off nothing, else 1).
    ///
    /// A game is resigned with the dice rolled: if the side on roll has not
    /// rolled yet, the roll is made first (and never played). Both front
    /// ends always resigned so, and it keeps a record unambiguous: every
    /// resigned game holds the roll it threw, so a replay throws the same
    /// dice and the next game's rolls are what the seed gives.
    pub fn resign(&mut self, side: Color) -> Result<GameResult, MatchError<P::Error>> {
        let result = self.current()?.resignation(side);
        self.resign_with(result)
    }

    /// Resigns the current game for `side` giving the opponent `points`,
    /// from 1 to what [`Match::resign`] gives (2 while `side` has borne off
    /// nothing, else 1): an offer of fewer points than that the opponent
    /// has accepted (as GNU Backgammon's resignation of a single game).
    /// More than the rules give, or none, is [`MatchError::ResignationPoints`].
    pub fn resign_for(&mut self, side: Color, points: u8) -> Result<GameResult, MatchError<P::Error>> {
        let due = self.current()?.resignation(side);
        if !(1..=due.points).contains(&points) {
            return Err(MatchError::ResignationPoints(points, due.points));
        }
        self.resign_with(GameResult { points, ..due })
    }

    /// Offers, for `side`, to resign the current game for `points`, fewer
    /// than [`Match::resign`] gives: the offer waits for the other side's
    /// answer ([`Match::answer_offer`]), and lapses with the next play
    /// made. Points outside 1 to the rules' less one are
    /// [`MatchError::OfferPoints`] (the rules' points need no answer:
    /// [`Match::resign`]).
    pub fn offer_resignation(&mut self, side: Color, points: u8) -> Result<ResignationOffer, MatchError<P::Error>> {
        let due = self.current()?.resignation(side).points;
        if !(1..due).contains(&points) {
            return Err(MatchError::OfferPoints(points, due));
        }
        let offer = ResignationOffer { side, points };
        self.offer = Some(offer);
        Ok(offer)
    }

    /// The resignation offered and not yet answered, if any.
    pub fn offer(&self) -> Option<ResignationOffer> {
        self.offer
    }

    /// Answers the offer standing: accepted, the game ends for its points;
    /// declined, the game goes on. `None` when no offer stands.
    pub fn answer_offer(&mut self, accept: bool) -> Result<Option<GameResult>, MatchError<P::Error>> {
        let Some(offer) = self.offer.take() else { return Ok(None) };
        if accept { self.resign_for(offer.side, offer.points).map(Some) } else { Ok(None) }
    }

    /// Ends the current game with the resignation `result` (a record's, which
    /// may predate the rule of [`Match::resign`]).
    fn resign_with(&mut self, result: GameResult) -> Result<GameResult, MatchError<P::Error>> {
        // (Dice written down hold the resigned game's roll only if it was
        // rolled there; then it is already thrown.)
        if self.current()?.dice().is_none() && !self.dice_recorded() {
            self.roll()?;
        }
        self.current()?.end_by_resignation(result);
        self.after_play();
        Ok(result)
    }

    /// The side that must act now (roll, play or pass): the side on roll;
    /// `None` once the match is over, and while the current game waits for
    /// its opening roll (nobody is on roll yet: [`Match::roll`] makes it).
    pub fn to_act(&self) -> Option<Color> {
        let game = self.game();
        if self.is_over() || game.result().is_some() || game.needs_opening_roll() {
            return None;
        }
        Some(game.position().turn())
    }

    /// The side that must act now and who plays it.
    pub fn player_to_act(&self) -> Option<(Color, &PlayerName)> {
        self.to_act().map(|side| (side, self.players.get(side)))
    }

    /// A seed for whatever a player chooses at random on this turn (an
    /// engine level's noise): derived from the match seed, the side to act
    /// and the dice thrown so far, so a match replayed from its record
    /// plays the same, and nearby turns get unrelated streams.
    pub fn turn_seed(&self) -> u64 {
        let side = self.to_act().map_or(0, |c| c.index() as u64 + 1);
        self.seed().derive(&[side, self.dice_thrown()])
    }

    /// How many single dice the match's roller has thrown so far (opening
    /// roll-offs included).
    pub fn dice_thrown(&self) -> u64 {
        self.dice.dice_thrown()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_live_match_s_public_record_is_reviewed_from_its_written_dice() {
        let mut m = Match::new(3, 11u64, Players::default()).unwrap();
        for i in 0..9 {
            m.roll().unwrap();
            let plays = m.game().legal_plays().to_vec();
            m.play(&plays[i % plays.len()]).unwrap();
        }
        let public = m.public_record();
        assert!(Match::from_record(&public).is_err(), "without the seed it cannot be replayed as a record");
        let back = Match::for_review(&public).unwrap();
        assert_eq!(back.games().len(), m.games().len());
        assert_eq!(back.game().turns(), m.game().turns());
        assert_eq!(back.game().position(), m.game().position());
        // A whole record is replayed as it is.
        assert_eq!(Match::for_review(&m.record()).unwrap().record(), m.record());
    }

    fn play_out(m: &mut Match<Position>, pick: usize) {
        while !m.is_over() {
            m.roll().unwrap();
            let plays = m.game().legal_plays().to_vec();
            let p = plays[pick % plays.len()];
            m.play(&p).unwrap();
        }
    }

    #[test]
    fn match_to_3_ends_with_a_winner_and_winner_starts_next_game() {
        let mut m = Match::new(3, 11, Players::default()).unwrap();
        play_out(&mut m, 5);
        let w = m.winner().unwrap();
        assert!(m.score(w) >= 3);
        for pair in m.games().windows(2) {
            match pair[0].result().unwrap().winner {
                Some(w) => assert_eq!(pair[1].start(), Start::Side(w)),
                None => assert_eq!(pair[1].start(), Start::OpeningRoll),
            }
        }
    }

    #[test]
    fn record_round_trips_and_replays() {
        let mut m = Match::new(5, 99, Players::against_engine(Color::White, "expert")).unwrap();
        // Stop halfway through, with dice pending.
        for _ in 0..41 {
            m.roll().unwrap();
            let p = m.game().legal_plays()[0];
            m.play(&p).unwrap();
        }
        m.roll().unwrap();
        let rec = m.record();
        let json = serde_json::to_string_pretty(&rec).unwrap();
        let back: MatchRecord<Position> = serde_json::from_str(&json).unwrap();
        let m2 = Match::from_record(&back).unwrap();
        assert_eq!(m2.record(), rec);
        assert_eq!(m2.game().position(), m.game().position());
        assert_eq!(m2.game().dice(), m.game().dice());
    }

    #[test]
    fn tampered_records_are_rejected_with_the_turn() {
        let mut m = Match::new(1, 3, Players::default()).unwrap();
        for _ in 0..6 {
            m.roll().unwrap();
            let p = m.game().legal_plays()[0];
            m.play(&p).unwrap();
        }
        let mut rec = m.record();
        rec.games[0].turns[2].dice = if rec.games[0].turns[2].dice == [1, 1] { [2, 2] } else { [1, 1] };
        let e = Match::from_record(&rec).unwrap_err().to_string();
        assert!(e.contains("turn 3"), "{e}");

        let mut rec = m.record();
        rec.games[0].turns[1].moves = vec![[24, 1]];
        let e = Match::from_record(&rec).unwrap_err().to_string();
        assert!(e.contains("turn 2"), "{e}");
    }

    #[test]
    fn a_record_saved_before_the_opening_roll_loads() {
        let m = Match::new(3, 8, Players::default()).unwrap();
        let m2 = Match::from_record(&m.record()).unwrap();
        assert_eq!(m2.record(), m.record());
        assert!(m2.game().needs_opening_roll());
    }

    #[test]
    fn zero_length_match_is_refused() {
        assert_eq!(Match::new(0, 1, Players::default()).unwrap_err(), MatchError::BadLength(0));
    }
}
