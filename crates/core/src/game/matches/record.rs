//! The game record (the JSON format of saved matches; INTERFACE.md "Game
//! record"): its types, writing a match as one, and reading one back by
//! replaying it, every roll checked against the seed (or the dice written
//! down) and every play and claim against the rules.

use serde::{Deserialize, Serialize};

use super::{Match, MatchError, ResignationOffer};
use crate::color::Color;
use crate::game::roller::MatchDice;
use crate::game::{Contribution, Game, Players, Seed, Start, Turn};
use crate::play::Move;
use crate::quote::{excerpt, excerpt_of};
use crate::result::GameResult;
use crate::tavli::{GameKind, GamePlay, GamePosition, MatchRules};

impl<P: GamePosition> Match<P> {
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
            games: self.games.iter().map(GameRecord::of).collect(),
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

impl<P: GamePosition> GameRecord<P> {
    /// The record of game `g` as played so far.
    pub(crate) fn of(g: &Game<P>) -> GameRecord<P> {
        GameRecord {
            game: g.position().kind(),
            start: g.start(),
            opening: g.opening().to_vec(),
            turns: g.turns().to_vec(),
            dice: g.dice().or(g.unplayed_dice()).map(|d| [d.high(), d.low()]),
            result: g.result(),
        }
    }
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
}
