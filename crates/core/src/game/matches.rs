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

use super::roller::MatchDice;
use super::{Contribution, Game, GameError, PlayerName, Players, Seed, SeededDice, Start, Turn};
use crate::color::Color;
use crate::dice::Dice;
use crate::plakoto::position::Position;
use crate::play::Move;
use crate::play_error::PlayError;
use crate::quote::{excerpt, excerpt_of};
use crate::result::GameResult;
use crate::tavli::{GameKind, GamePlay, GamePosition, MatchRules, Starter};

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

    /// The record of the match as it is published while the match is
    /// played: the seed left out (its commitment stays), so nobody can work
    /// out a roll before it is rolled. Once the match is over it is the
    /// whole record, seed included, which anyone can check against the
    /// commitment and replay.
    ///
    /// ```
    /// use tavli_core::game::{Match, Players, Seed};
    /// let m = Match::new(3, Seed::Secret([9; 32]), Players::default()).unwrap();
    /// let public = m.public_record();
    /// assert_eq!(public.seed, None);
    /// assert_eq!(public.seed_sha256, Some(m.seed().commitment()));
    /// ```
    pub fn public_record(&self) -> MatchRecord<P> {
        let mut r = self.record();
        if !self.is_over() {
            r.seed = None;
        }
        r
    }

    /// The record of the match: seed, every roll and play, results.
    pub fn record(&self) -> MatchRecord<P> {
        MatchRecord {
            format: RECORD_FORMAT.into(),
            rules: self.rules,
            // Version 4 readers are needed only for other games and match
            // options, version 3 only for the contributions.
            version: if self.rules != MatchRules::default() {
                RECORD_VERSION
            } else if self.joint.is_some() {
                JOINT_RECORD_VERSION
            } else {
                PLAIN_RECORD_VERSION
            },
            players: self.players.clone(),
            seed: (!self.dice_recorded()).then(|| self.seed()),
            seed_sha256: (!self.dice_recorded()).then(|| self.seed().commitment()),
            contributions: self.contributions(),
            dice_recorded: self.dice_recorded(),
            match_to: self.target,
            score: Score { white: self.score[0], black: self.score[1] },
            winner: self.winner(),
            games: self
                .games
                .iter()
                .map(|g| GameRecord {
                    game: g.position().kind(),
                    start: g.start(),
                    opening: g.opening().to_vec(),
                    turns: g.turns().to_vec(),
                    dice: g.dice().or(g.unplayed_dice()).map(|d| [d.high(), d.low()]),
                    result: g.result(),
                })
                .collect(),
            offer: self.offer,
        }
    }

    /// Rebuilds a match to look back on (a review): like
    /// [`Match::from_record`], but the public record of a match still being
    /// played, its seed left out, is replayed from the dice written in it,
    /// as far as they go. Not the public record of a match between two
    /// people online still being played (it carries their contributions):
    /// the engine's help is off there until the match is over
    /// ([`MatchError::LiveBetweenPeople`]).
    pub fn for_review(rec: &MatchRecord<P>) -> Result<Match<P>, MatchError<P::Error>> {
        if rec.seed.is_some() || rec.dice_recorded {
            return Self::from_record(rec);
        }
        if rec.contributions.is_some() {
            return Err(MatchError::LiveBetweenPeople);
        }
        let mut written = rec.clone();
        written.dice_recorded = true;
        written.seed_sha256 = None;
        written.contributions = None;
        Self::from_record(&written)
    }

    /// Rebuilds a match from its record, replaying every roll and play: the
    /// rolls must be those the seed gives and the plays must be legal.
    pub fn from_record(rec: &MatchRecord<P>) -> Result<Match<P>, MatchError<P::Error>> {
        if rec.format != RECORD_FORMAT {
            return Err(MatchError::Format(excerpt_of(&rec.format, 40)));
        }
        if rec.version > RECORD_VERSION {
            return Err(MatchError::Version(rec.version));
        }
        if rec.dice_recorded {
            if rec.seed.is_some() || rec.seed_sha256.is_some() || rec.contributions.is_some() {
                return Err(MatchError::Corrupt {
                    game: 1,
                    why: "the record says its dice were written down (`dice_recorded`), yet it gives a seed, a \
                          commitment or contributions to draw them from: it can be only one"
                        .into(),
                });
            }
            return Self::replay(rec, Seed::Number(0), true);
        }
        let seed = rec.seed.ok_or(MatchError::SeedHidden)?;
        if let Some(c) = &rec.seed_sha256
            && *c != seed.commitment()
        {
            return Err(MatchError::Corrupt {
                game: 1,
                why: format!(
                    "the seed {seed} does not match the commitment {c} (its SHA-256 is {})",
                    seed.commitment()
                ),
            });
        }
        Self::replay(rec, seed, false)
    }

    /// Replays `rec` with dice from `seed`, or (`recorded`) with the dice the
    /// record itself gives.
    fn replay(rec: &MatchRecord<P>, seed: Seed, recorded: bool) -> Result<Match<P>, MatchError<P::Error>> {
        let first = rec.games.first().map_or(Start::OpeningRoll, |g| g.start);
        let mut m = match first {
            Start::Position(p) => Self::from_position_with(rec.rules, rec.match_to, seed, rec.players.clone(), p)?,
            _ => Self::with_rules(rec.rules, rec.match_to, seed, rec.players.clone())?,
        };
        if let Some(given) = rec.contributions.filter(|_| !recorded) {
            m = Self::with_rules(rec.rules, m.target, seed, m.players)?;
            m.joint = Some((seed, Contributions::default()));
            m.dice = MatchDice::Awaiting;
            if let Some(first) = rec.games.first().map(|g| g.start)
                && first != Start::OpeningRoll
            {
                return Err(MatchError::Corrupt {
                    game: 1,
                    why: "a match with contributions starts with the opening roll".into(),
                });
            }
            for (side, c) in [(Color::White, given.white), (Color::Black, given.black)] {
                if let Some(c) = c {
                    m.contribute(side, c)?;
                }
            }
        }
        if recorded {
            check_written_dice(rec)?;
            let mut left = std::collections::VecDeque::new();
            for (gi, g) in rec.games.iter().enumerate() {
                left.extend(g.opening.iter().flatten());
                // The opening dice played as the first roll are thrown once.
                let first_roll_is_opening = gi == 0 && rec.rules.opening_dice_played && !g.opening.is_empty();
                let rolls = g.turns.iter().map(|t| t.dice).chain(g.dice);
                left.extend(rolls.skip(usize::from(first_roll_is_opening)).flatten());
            }
            m.dice = MatchDice::Recorded { left, thrown: 0 };
        }
        for (gi, g) in rec.games.iter().enumerate() {
            let n = gi + 1;
            let bad = |why: String| MatchError::Corrupt { game: n, why };
            if gi >= m.games.len() {
                return Err(bad("the match was already decided before this game".into()));
            }
            if m.game().position().kind() != g.game {
                return Err(bad(format!(
                    "is a game of {} but the match plays {} here",
                    g.game,
                    m.game().position().kind()
                )));
            }
            if m.game().start() != g.start {
                return Err(bad(format!(
                    "starts with {:?} but the previous result gives {:?}",
                    g.start,
                    m.game().start()
                )));
            }
            // A game saved before its opening roll (a new match, or the game
            // after a draw) has nothing rolled yet: leave it so.
            let untouched =
                g.start == Start::OpeningRoll && g.opening.is_empty() && g.turns.is_empty() && g.dice.is_none();
            let opening = if untouched { Vec::new() } else { m.opening_roll()? };
            if opening != g.opening {
                return Err(bad(if recorded {
                    format!(
                        "opening roll {:?} is not what the dice written in the record give ({opening:?})",
                        g.opening
                    )
                } else {
                    format!("opening roll {:?} is not what seed {seed} gives ({opening:?})", g.opening)
                }));
            }
            for (ti, t) in g.turns.iter().enumerate() {
                // A turn of dice played without a throw took none from the
                // record's dice, which list every turn's.
                if recorded && m.game().position().pending_dice().is_some() {
                    m.dice.skip_recorded(2);
                }
                let opening_dice = m.game().pending_opening_dice();
                let d = m.roll().map_err(|e| bad(format!("turn {}: {e}", ti + 1)))?;
                if [d.high(), d.low()] != sorted(t.dice) {
                    let n = ti + 1;
                    return Err(bad(match opening_dice {
                        Some(d) => format!(
                            "turn {n}: recorded dice {:?} are not the opening dice ({d}), which the starter plays as \
                             its first roll (`opening-dice-played`)",
                            t.dice
                        ),
                        None if recorded => {
                            format!(
                                "turn {n}: recorded dice {:?} are not the next dice written in the record ({d})",
                                t.dice
                            )
                        }
                        None => format!("turn {n}: recorded dice {:?} are not what the seed gives ({d})", t.dice),
                    }));
                }
                if t.side != m.game().position().turn() {
                    return Err(bad(format!(
                        "turn {}: {} is recorded on roll, but it is {}'s turn",
                        ti + 1,
                        t.side,
                        m.game().position().turn()
                    )));
                }
                let moves: Vec<Move> = t.moves.iter().map(|&[f, to]| Move::new(f, to)).collect();
                let game = m.current()?;
                let play = game
                    .play_moves(&moves)
                    .map_err(|e| bad(format!("turn {} ({}): {e}", ti + 1, excerpt(&t.notation))))?;
                let made = play.notation();
                if !same_paths(&t.notation, &made) {
                    return Err(bad(format!(
                        "turn {}: its notation `{}` is not the play its moves make ({made})",
                        ti + 1,
                        excerpt(&t.notation)
                    )));
                }
                m.after_play();
            }
            if let Some(d) = g.dice {
                if recorded && m.game().position().pending_dice().is_some() {
                    m.dice.skip_recorded(2);
                }
                let rolled = m.roll().map_err(|e| bad(format!("pending roll: {e}")))?;
                if [rolled.high(), rolled.low()] != sorted(d) {
                    return Err(bad(if recorded {
                        format!("pending dice {d:?} are not the next dice written in the record ({rolled})")
                    } else {
                        format!("pending dice {d:?} are not what the seed gives ({rolled})")
                    }));
                }
            }
            if g.result.is_none()
                && let Some(r) = m.games.get(gi).and_then(Game::<P>::result)
            {
                return Err(bad(format!("recorded result null (the game goes on), but the plays end it: {r}")));
            }
            if let Some(r) = g.result {
                if r.reason == crate::result::Reason::Resign {
                    let loser =
                        r.winner.map(Color::opponent).ok_or_else(|| bad("a resignation needs a winner".into()))?;
                    if m.games.len() != n {
                        return Err(bad("a resigned game has more turns after the result".into()));
                    }
                    let most = if rec.rules.scoring == crate::tavli::Scoring::Count { 15 } else { 2 };
                    if !(1..=most).contains(&r.points) {
                        return Err(bad(format!("a resignation gives 1 to {most} points, not {}", r.points)));
                    }
                    m.resign_with(GameResult::win(loser.opponent(), r.points, crate::result::Reason::Resign))?;
                } else if m.games.get(gi).and_then(Game::<P>::result) != Some(r) {
                    return Err(bad(format!("recorded result `{r}` is not what the plays give")));
                }
            }
        }
        if rec.games.len() != m.games.len() {
            return Err(MatchError::Corrupt {
                game: rec.games.len(),
                why: format!("the record holds {} games but the results imply {}", rec.games.len(), m.games.len()),
            });
        }
        m.check_claims(rec)?;
        if let Some(o) = rec.offer {
            m.offer_resignation(o.side, o.points).map_err(|e| MatchError::Claim(format!("offer: {e}")))?;
        }
        Ok(m)
    }

    /// Checks what `rec` claims of the whole match, its score and its
    /// winner, against this match, replayed from it.
    fn check_claims(&self, rec: &MatchRecord<P>) -> Result<(), MatchError<P::Error>> {
        let (white, black) = (self.score[0], self.score[1]);
        if rec.score != (Score { white, black }) {
            return Err(MatchError::Claim(format!(
                "score is white {}, black {}, but its games give white {white}, black {black}",
                rec.score.white, rec.score.black
            )));
        }
        if rec.winner != self.winner() {
            let side = |c: Option<Color>| c.map_or("nobody yet", Color::name);
            return Err(MatchError::Claim(format!(
                "winner is {}, but its games make the winner {}",
                side(rec.winner),
                side(self.winner())
            )));
        }
        Ok(())
    }

    /// How many single dice the match's roller has thrown so far (opening
    /// roll-offs included).
    pub fn dice_thrown(&self) -> u64 {
        self.dice.dice_thrown()
    }
}

/// Checks the dice a record of a game played elsewhere writes down
/// (`dice_recorded`), which no seed can be asked about: every die 1 to 6,
/// each opening's roll-offs ties until the last, which decides, and an
/// opening only in a game started by one.
fn check_written_dice<P: GamePosition, E>(rec: &MatchRecord<P>) -> Result<(), MatchError<E>> {
    let die = |d: &[u8; 2]| d.iter().all(|x| (1..=6).contains(x));
    for (gi, g) in rec.games.iter().enumerate() {
        let bad = |why: String| MatchError::Corrupt { game: gi + 1, why };
        if let Some(pair) = g.opening.iter().find(|p| !die(p)) {
            return Err(bad(format!("opening roll-off {pair:?} is not two dice: a die is 1 to 6")));
        }
        if let Some((last, ties)) = g.opening.split_last() {
            if g.start != Start::OpeningRoll {
                return Err(bad(format!(
                    "has opening roll-offs {:?}, but it is started by {}, not by an opening roll",
                    g.opening,
                    if matches!(g.start, Start::Position(_)) { "its position" } else { "the last game's winner" }
                )));
            }
            if let Some(t) = ties.iter().find(|[w, b]| w != b) {
                return Err(bad(format!(
                    "opening roll-offs {:?}: the roll-off {t:?} decided who starts, so no roll-off comes after it",
                    g.opening
                )));
            }
            if last[0] == last[1] {
                return Err(bad(format!(
                    "opening roll-offs {:?} end in a tie ({last:?}): the roll-off goes on until the dice differ",
                    g.opening
                )));
            }
        } else if g.start == Start::OpeningRoll && (!g.turns.is_empty() || g.dice.is_some()) {
            return Err(bad("has turns but no opening roll-off, which decides who starts it".into()));
        }
        for (ti, t) in g.turns.iter().enumerate() {
            if !die(&t.dice) {
                return Err(bad(format!(
                    "turn {}: recorded dice {:?} are not a roll: a die is 1 to 6",
                    ti + 1,
                    t.dice
                )));
            }
        }
        if let Some(d) = g.dice.filter(|d| !die(d)) {
            return Err(bad(format!("pending dice {d:?} are not a roll: a die is 1 to 6")));
        }
    }
    Ok(())
}

/// Does the notation `written` in a record name the play whose notation
/// is `made`? The same paths, each written as [`Play::notation`]
/// writes it (`24/18(2)`, `13/7*`), in any order: the order of a play's
/// paths has changed between releases (it is now always one that can be
/// entered move by move), and either names the play. Earlier releases
/// also wrote every play as one path per checker (`bar/24/23(2)` where
/// `bar/24(2) 24/23(2)` is written now, since the second checker enters
/// before the first moves on): those paths are accepted too. Long forms,
/// hops without their points and the like, which the reader of typed plays
/// takes, are not what a record holds.
///
/// [`Play::notation`]: crate::Play::notation
fn same_paths(written: &str, made: &str) -> bool {
    fn paths(t: &str) -> Vec<String> {
        let mut v: Vec<String> = t.split(' ').map(str::to_string).collect();
        v.sort_unstable();
        v
    }
    let written = paths(written);
    written == paths(made) || written == paths(&one_path_per_checker(made))
}

/// `notation` written as earlier releases wrote every play: its single
/// moves, in the order written, joined into one path per checker (a move
/// goes onto the last path ending where it starts), equal paths once with
/// a count.
fn one_path_per_checker(notation: &str) -> String {
    let bare = |p: &str| p.trim_end_matches('*').to_string();
    let mut paths: Vec<Vec<String>> = Vec::new();
    for token in notation.split(' ') {
        let (path, times) = match token.split_once('(') {
            Some((path, n)) => (path, n.trim_end_matches(')').parse::<usize>().unwrap_or(1)),
            None => (token, 1),
        };
        let points: Vec<&str> = path.split('/').collect();
        for _ in 0..times {
            for hop in points.windows(2) {
                match paths.iter_mut().rev().find(|p| p.last().is_some_and(|last| bare(last) == bare(hop[0]))) {
                    Some(p) => p.push(hop[1].to_string()),
                    None => paths.push(vec![bare(hop[0]), hop[1].to_string()]),
                }
            }
        }
    }
    let mut tokens: Vec<(String, usize)> = Vec::new();
    for path in paths.iter().map(|p| p.join("/")) {
        match tokens.iter_mut().find(|(t, _)| *t == path) {
            Some((_, n)) => *n += 1,
            None => tokens.push((path, 1)),
        }
    }
    let shown: Vec<String> = tokens.into_iter().map(|(t, n)| if n > 1 { format!("{t}({n})") } else { t }).collect();
    shown.join(" ")
}

fn sorted([a, b]: [u8; 2]) -> [u8; 2] {
    [a.max(b), a.min(b)]
}

/// The `format` string every match record carries.
pub const RECORD_FORMAT: &str = "plakoto-match";

/// The newest record version this program reads and writes. Version 2
/// added the seed's commitment and seeds written as 64 hex digits; version
/// 3 the players' contributions to the dice (written only by matches that
/// have them); version 4 the match's `rules` and each game's `game`
/// (written only by Tavli matches, matches of another game and matches
/// with options). Other records are still written as version 2, which
/// older readers read. Versions 1 to 3 read as before.
pub const RECORD_VERSION: u32 = 4;

/// The version written by matches with contributions and nothing newer.
pub(crate) const JOINT_RECORD_VERSION: u32 = 3;

/// The version written by records without contributions.
pub(crate) const PLAIN_RECORD_VERSION: u32 = 2;

/// Match score in a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// White's points.
    pub white: u32,
    /// Black's points.
    pub black: u32,
}

/// What checking a record's dice found: every die the record throws is
/// what its seed (and contributions) give, and the seed is the one the
/// commitment published from the start promised.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceCheck {
    /// The seed revealed in the record.
    pub seed: Seed,
    /// The commitment the record carries (`None`: a version 1 record,
    /// which published none).
    pub commitment: Option<String>,
    /// Each side's contribution, when the dice come from both.
    pub contributions: Option<Contributions>,
    /// The key the dice were drawn with ([`Seed::joint`] with the
    /// contributions, else the seed itself).
    pub key: Seed,
    /// How many single dice the record threw, each checked.
    pub dice: u64,
    /// How many turns were played.
    pub turns: usize,
    /// How many games.
    pub games: usize,
}

impl<P: GamePosition> MatchRecord<P> {
    /// Checks the record's dice: the seed must be revealed (the match is
    /// over, or the record is its owner's), match the commitment, and give
    /// every roll in it (with the contributions, when it has them); every
    /// play must be legal. Says which roll is wrong, else what was checked.
    ///
    /// ```
    /// use tavli_core::game::{Match, Players};
    /// let mut m = Match::new(1, 7, Players::default()).unwrap();
    /// m.roll().unwrap();
    /// let check = m.record().check_dice().unwrap();
    /// assert_eq!(check.dice, m.dice_thrown());
    /// ```
    pub fn check_dice(&self) -> Result<DiceCheck, MatchError<P::Error>> {
        if self.dice_recorded {
            return Err(MatchError::DiceWrittenDown);
        }
        let m = Match::from_record(self)?;
        let seed = m.seed();
        let key = match m.contributions() {
            Some(Contributions { white: Some(w), black: Some(b) }) => seed.joint(&w, &b),
            _ => seed,
        };
        Ok(DiceCheck {
            seed,
            commitment: self.seed_sha256.clone(),
            contributions: m.contributions(),
            key,
            dice: m.dice_thrown(),
            turns: m.games().iter().map(|g| g.turns().len()).sum(),
            games: m.games().len(),
        })
    }
}

/// Each side's contribution to the dice of a match between two people.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contributions {
    /// White's, once given.
    pub white: Option<Contribution>,
    /// Black's, once given.
    pub black: Option<Contribution>,
}

/// A game inside a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord<P: GamePosition> {
    /// Which game it is (version 4); absent: Plakoto.
    #[serde(default, skip_serializing_if = "is_plakoto")]
    pub game: GameKind,
    /// How the game decided who starts.
    pub start: Start<P>,
    /// Opening roll-offs `[white, black]`, the last decisive (empty if a side started).
    #[serde(default)]
    pub opening: Vec<[u8; 2]>,
    /// Every turn played, in order.
    pub turns: Vec<Turn>,
    /// Dice rolled but not yet played when the record was written; in a
    /// resigned game, the roll the resigning turn threw. (Records written
    /// before this left a resigned game's roll out; reading one throws
    /// that roll again from the seed, as `Match::resign` does.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<[u8; 2]>,
    /// How the game ended, or `None` while it goes on.
    pub result: Option<GameResult>,
}

/// The saved form of a match (INTERFACE.md, "Game record"): of Plakoto
/// unless said (`P` is the games' position).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchRecord<P: GamePosition> {
    /// Always [`RECORD_FORMAT`]; a reader refuses anything else.
    pub format: String,
    /// The record format's version; a reader refuses a newer one.
    pub version: u32,
    /// The games the match plays and its options (version 4); absent: a
    /// match of Plakoto with no option, as every record before Tavli.
    #[serde(default, skip_serializing_if = "is_default_rules")]
    pub rules: MatchRules,
    /// Who plays each side.
    pub players: Players,
    /// The seed all dice of the match come from, in order: a number, or
    /// 64 hex digits. Left out (`null`) in the public record of a match
    /// still being played.
    pub seed: Option<Seed>,
    /// The SHA-256 of the seed as written (lowercase hex): published while
    /// the seed is secret, so the revealed seed can be checked (records of
    /// version 1 lack it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed_sha256: Option<String>,
    /// Each side's contribution to the dice, in a match between two people
    /// whose dice come from the seed and both contributions ([`Seed::joint`]);
    /// absent in other matches. A side's is `null` until it takes its seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contributions: Option<Contributions>,
    /// The dice were written down, not drawn from a seed (a game played
    /// elsewhere, entered by hand or converted from a move list): the
    /// record's own dice are played, in order, and `seed` is null.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dice_recorded: bool,
    /// The match length in points (1 for a single game).
    pub match_to: u32,
    /// The points each side has.
    pub score: Score,
    /// The side that reached `match_to`, or `None` while the match goes on.
    pub winner: Option<Color>,
    /// Every game in order, the one being played last.
    pub games: Vec<GameRecord<P>>,
    /// A resignation offered and not yet answered (a match being played).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offer: Option<ResignationOffer>,
}

fn is_default_rules(r: &MatchRules) -> bool {
    *r == MatchRules::default()
}

fn is_plakoto(k: &GameKind) -> bool {
    *k == GameKind::Plakoto
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record's notation names its play with the paths in any order, or
    /// as earlier releases wrote it (one path per checker), and nothing
    /// looser: a long form or another play is refused.
    #[test]
    fn a_notation_is_the_same_paths_in_any_order_or_as_earlier_releases_wrote_it() {
        for (written, made) in [
            ("24/18 24/20", "24/18 24/20"),
            ("24/20 17/11", "17/11 24/20"),
            ("bar/24/23(2)", "bar/24(2) 24/23(2)"),
            ("bar/24*/23 bar/24/23", "bar/24* bar/24 24/23(2)"),
            ("9/3/off 9/3 5/off", "9/3(2) 5/off 3/off"),
            ("13/7*/1 24/18", "24/18 13/7*/1"),
        ] {
            assert!(same_paths(written, made), "{written} for {made}");
        }
        for (written, made) in [
            ("24/18 18/14", "24/18/14"),
            ("24/18 24/18", "24/18(2)"),
            ("24/14", "24/18/14"),
            ("24/18/14", "24/20/14"),
            ("13/7 24/18", "13/7* 24/18"),
            ("", "24/18/14"),
        ] {
            assert!(!same_paths(written, made), "{written} for {made}");
        }
    }

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
