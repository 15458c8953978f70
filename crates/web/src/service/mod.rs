//! The match service: saved matches played through plain (non-async)
//! calls, each a whole change committed to the store before it returns.
//! The HTTP layer (`routes`) turns requests into these calls and their
//! results into JSON; it decides nothing about the game.
//!
//! Matches in play are kept in memory, one lock each, so the changes to a
//! match are serial; each call checks the version the client saw, changes
//! a copy, commits the copy, and only then makes it current. If the store
//! refuses (another server changed the match, the disk failed), the copy
//! in memory is dropped and the match is read again next time, so memory
//! and the database never disagree.

mod errors;
mod held;
mod ids;
mod live;
mod pg_conn;
mod postgres;
mod seats;
mod sql;
mod sqlite;
mod store;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use tavli_core::game::{Contribution, MatchError, PlayerName, Players, Seed};
use tavli_core::tavli::{AnyPlay, AnyPosition, AnyTurn, MatchGames, MatchRules};
use tavli_core::{Color, Move};
use tavli_engine::met::MatchScore;
use tavli_engine::review::Reviewer;
use tavli_engine::{DEFAULT_LEVEL, GameEvals, NeuralEval, Player, TavliPlayer, levels};

use errors::match_error;
use ids::{new_id, valid_id};
use seats::{check_seat, digest, secret};

pub use errors::{ErrorKind, ServiceError};
pub use held::Held;
pub use live::{Event, Hub, MOVES_BURST, MOVES_PER_SECOND, Presence, Relay};
pub use postgres::PostgresStore;
pub use seats::SeatGrant;
pub use sqlite::{SCHEMA_VERSION, SqliteStore};
pub use store::{MatchStore, Seats, StoreError, StoredMatch};

/// A match as the service plays it: of any game, a Tavli match or a match
/// of one game (Plakoto's matches before Tavli read as these too).
pub type Match = tavli_core::game::Match<AnyPosition>;

/// Longest match one may ask for.
pub const MAX_LENGTH: u32 = 25;

/// Who a new match is against.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// The engine at a level (default [`DEFAULT_LEVEL`]), the person
    /// playing `person` (`None`: chosen at random).
    Engine {
        /// The built-in level's name.
        level: Option<String>,
        /// The person's colour; `None` picks one at random.
        person: Option<Color>,
    },
    /// Two people on one device.
    People,
    /// Two people online: the creator takes a seat (`None`: a colour at
    /// random) and gets an invitation for the other. The dice come from the
    /// server's committed secret and each seat's contribution
    /// ([`Match::with_contributions`]), so nothing is rolled until the
    /// friend has taken the other seat.
    Online {
        /// The creator's colour.
        creator: Option<Color>,
        /// The creator's share of the dice, drawn by its client (`None`:
        /// the server draws it, and the creator trusts the server for it).
        contribution: Option<Contribution>,
    },
}

/// A match just created, with the creator's seat and the invitation for
/// the other seat when it is played online.
#[derive(Clone, Debug)]
pub struct Created {
    /// The match.
    pub live: Held,
    /// The creator's seat (online).
    pub seat: Option<SeatGrant>,
    /// The invitation code for the other seat (online; shown once).
    pub invite: Option<String>,
}

/// A new match.
#[derive(Clone, Debug)]
pub struct NewMatch {
    /// Against whom.
    pub opponent: Opponent,
    /// Points to win: 1 to [`MAX_LENGTH`].
    pub length: u32,
    /// The dice seed, a number (repeatable, not secret); `None` picks a
    /// secret random one. Refused online: whoever chose it would know every
    /// roll of both sides.
    pub seed: Option<u64>,
    /// The games the match plays: a Tavli match, or one game.
    pub games: MatchGames,
    /// The position the first game starts from (`None`: the usual start
    /// with the opening roll); it must be of the match's first game.
    /// Refused online.
    pub position: Option<AnyPosition>,
}

/// A play as a client sends it.
#[derive(Clone, Debug)]
pub enum PlayInput {
    /// Single moves, (from, to) in the mover's numbering, 0 for off; empty to pass.
    Moves(Vec<[u8; 2]>),
    /// The play in notation.
    Notation(String),
}

/// Longest notation accepted for one play.
const MAX_NOTATION: usize = 200;

type Slot = Arc<Mutex<Held>>;

fn lock(slot: &Slot) -> MutexGuard<'_, Held> {
    // A panic in a call leaves the match as it was before the call: the
    // copy is made current only after its commit.
    slot.lock().unwrap_or_else(|e| e.into_inner())
}

/// Rolls for the side on roll if the match goes on and no dice are out
/// (the opening roll first when a game needs one): dice are rolled as soon
/// as a turn starts, except while they wait for a seat's contribution.
fn roll_if_needed(m: &mut Match) -> Result<(), ServiceError> {
    if !m.is_over() && !m.awaits_contributions() && m.game().result().is_none() && m.game().dice().is_none() {
        m.roll().map_err(match_error)?;
    }
    Ok(())
}

/// The saved matches, played.
pub struct MatchService {
    store: Arc<dyn MatchStore>,
    engine: NeuralEval,
    /// Each game's evaluator, made once for the server's life.
    evals: GameEvals,
    live: Mutex<HashMap<String, Slot>>,
    cached: usize,
    hub: Arc<Hub>,
}

impl MatchService {
    /// A service over `store`, with `engine` playing the engine's turns,
    /// keeping at most about `cached` idle matches in memory.
    pub fn new(store: Arc<dyn MatchStore>, engine: NeuralEval, cached: usize) -> MatchService {
        let evals = GameEvals::around(engine.clone());
        MatchService { store, engine, evals, live: Mutex::new(HashMap::new()), cached, hub: Arc::new(Hub::default()) }
    }

    /// The live updates of the matches.
    pub fn hub(&self) -> &Arc<Hub> {
        &self.hub
    }

    /// Forgets the copy in memory of match `id` (another server changed
    /// it): the next call reads it from the store.
    pub fn forget(&self, id: &str) {
        self.live().remove(id);
    }

    /// Does the database answer? (Readiness.)
    pub fn ping(&self) -> Result<(), ServiceError> {
        Ok(self.store.ping()?)
    }

    /// The evaluator the engine plays Plakoto with.
    pub fn engine(&self) -> &NeuralEval {
        &self.engine
    }

    /// The evaluator the engine plays each game with.
    pub fn evals(&self) -> &GameEvals {
        &self.evals
    }

    fn live(&self) -> MutexGuard<'_, HashMap<String, Slot>> {
        self.live.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Puts a match in memory (keeping one already there: the first wins).
    fn insert(&self, live: Held) -> Slot {
        let mut map = self.live();
        if map.len() >= self.cached {
            // Drop matches no call is using; the store has them all.
            map.retain(|_, s| Arc::strong_count(s) > 1);
        }
        map.entry(live.id.clone()).or_insert_with(|| Arc::new(Mutex::new(live))).clone()
    }

    /// Match `id`, from memory or the store.
    fn slot(&self, id: &str) -> Result<Slot, ServiceError> {
        let not_found = || {
            ServiceError::new(
                ErrorKind::NotFound,
                "not-found",
                format!("no match with id `{}`", id.chars().take(40).collect::<String>()),
            )
        };
        if !valid_id(id) {
            return Err(not_found());
        }
        // (The map's lock is let go before the copy's is taken.)
        let cached = self.live().get(id).cloned();
        if let Some(s) = cached {
            // Shared with other servers: the copy is good only if the
            // database holds the same version.
            if !self.store.shared() || self.store.version(id)? == Some(lock(&s).version) {
                return Ok(s);
            }
            self.forget(id);
        }
        let stored = self.store.load(id)?.ok_or_else(not_found)?;
        let m = Match::from_record(&stored.record)
            .map_err(|e| ServiceError::internal(format!("match {id} in the database does not replay: {e}")))?;
        Ok(self.insert(Held {
            id: id.into(),
            m,
            version: stored.version,
            created_ms: stored.created_ms,
            updated_ms: stored.updated_ms,
            seats: stored.seats,
            pending: None,
        }))
    }

    /// Commits `next` as the new state of the locked match, then makes it
    /// current. On a refusal the copy in memory is dropped.
    fn commit(&self, live: &mut Held, mut next: Match) -> Result<Held, ServiceError> {
        roll_if_needed(&mut next)?;
        match self.store.update(&live.id, live.version, &next.record()) {
            Ok(updated) => {
                live.m = next;
                live.version += 1;
                live.updated_ms = updated;
                live.pending = None;
                self.hub.publish(&live.id, Event::State { version: live.version });
                Ok(live.clone())
            }
            Err(e) => {
                self.live().remove(&live.id);
                Err(e.into())
            }
        }
    }

    /// Starts a match; the dice of the first turn are rolled already.
    pub fn create(&self, req: NewMatch) -> Result<Created, ServiceError> {
        if !(1..=MAX_LENGTH).contains(&req.length) {
            return Err(ServiceError::invalid(
                "bad-request",
                format!("length {}: a match is 1 to {MAX_LENGTH} points", req.length),
            ));
        }
        let mut seats = Seats::default();
        let mut grant = None;
        let mut invite = None;
        let mut share = None;
        let players = match req.opponent {
            Opponent::People => Players::people(),
            Opponent::Online { creator, contribution } => {
                // Between two people online neither may know the dice: no
                // chosen seed, and no set-up position the friend has not seen
                // (the opening roll comes as the friend takes the seat).
                if req.seed.is_some() {
                    return Err(ServiceError::invalid(
                        "bad-request",
                        "seed: a match between two people online cannot have a chosen seed, since whoever chose \
                         it would know every roll of both sides; its dice come from the server's committed \
                         secret and both seats' contributions",
                    ));
                }
                if req.position.is_some() {
                    return Err(ServiceError::invalid(
                        "bad-request",
                        "position: a match between two people online starts from the usual position, with \
                         the opening roll; practise from a position against the engine or on one device",
                    ));
                }
                let side = creator.unwrap_or_else(|| if rand::random::<bool>() { Color::White } else { Color::Black });
                let (token, code) = (secret(), secret());
                match side {
                    Color::White => seats.white = Some(digest(&token)),
                    Color::Black => seats.black = Some(digest(&token)),
                }
                seats.invite = Some(digest(&code));
                grant = Some(SeatGrant { side, token });
                invite = Some(code);
                share = Some((side, contribution.unwrap_or_else(|| Contribution(rand::random()))));
                Players::people()
            }
            Opponent::Engine { level, person } => {
                let level = level.unwrap_or_else(|| DEFAULT_LEVEL.to_string());
                // Built-in levels only: a request can never start a program.
                levels::level(&level).map_err(|e| ServiceError::invalid("bad-request", e.to_string()))?;
                let person = person.unwrap_or_else(|| if rand::random::<bool>() { Color::White } else { Color::Black });
                Players::against_engine(person, &level)
            }
        };
        // A secret seed unless the client asked for one (then it knows the
        // dice anyway); the record shows only its commitment until the end.
        let seed = req.seed.map_or_else(|| Seed::Secret(rand::random()), Seed::Number);
        // The games' own defaults (a Mahbusa match plays its opening dice).
        let rules = MatchRules::of(req.games);
        let mut m = match (req.position, share) {
            (_, Some((side, contribution))) => Match::with_contributions_under(rules, req.length, seed, players)
                .and_then(|mut m| m.contribute(side, contribution).map(|()| m)),
            (Some(p), None) => Match::from_position_with(rules, req.length, seed, players, p),
            (None, None) => Match::with_rules(rules, req.length, seed, players),
        }
        .map_err(|e| match e {
            MatchError::StartOver(_) => ServiceError::invalid("bad-position", e.to_string()),
            MatchError::WrongGame(kind) => ServiceError::invalid(
                "bad-position",
                format!("the position is of {kind}, and the match's first game is {}", rules.first_game()),
            ),
            e => match_error(e),
        })?;
        roll_if_needed(&mut m)?;
        let record = m.record();
        // A clash of 72-bit random ids is all but impossible; retry anyway.
        let mut last = None;
        for _ in 0..3 {
            let id = new_id();
            match self.store.insert(&id, &record, &seats) {
                Ok(s) => {
                    let live = Held {
                        id,
                        m,
                        version: s.version,
                        created_ms: s.created_ms,
                        updated_ms: s.updated_ms,
                        seats: s.seats,
                        pending: None,
                    };
                    self.insert(live.clone());
                    return Ok(Created { live, seat: grant, invite });
                }
                Err(e @ StoreError::Duplicate(_)) => last = Some(e),
                Err(e) => return Err(e.into()),
            }
        }
        Err(last.map_or_else(|| ServiceError::internal("no id for the new match"), Into::into))
    }

    /// The current state of match `id`.
    pub fn get(&self, id: &str) -> Result<Held, ServiceError> {
        Ok(lock(&self.slot(id)?).clone())
    }

    /// Takes the free seat of an online match with its invitation: the
    /// seat's secret, once (an invitation used already is refused as the
    /// seat taken, a wrong one as a wrong invitation). The joiner's `contribution` to the dice (`None`: the
    /// server draws it) completes them, and the opening roll is made, in
    /// the same change as the seat is taken.
    pub fn join(
        &self,
        id: &str,
        invite: &str,
        contribution: Option<Contribution>,
    ) -> Result<(Held, SeatGrant), ServiceError> {
        let slot = self.slot(id)?;
        let mut live = lock(&slot);
        if !live.seats.online() {
            return Err(ServiceError::invalid(
                "bad-request",
                "this match is not played online: there is no seat to take",
            ));
        }
        let used = || {
            ServiceError::conflict(
                "seat-taken",
                "this invitation has been used already (or is not this match's): both seats are taken",
            )
        };
        let side = match (&live.seats.white, &live.seats.black) {
            (None, _) => Color::White,
            (_, None) => Color::Black,
            _ => return Err(used()),
        };
        // A seat is free: a code that is not its invitation is a wrong
        // one, not a seat taken (the invitation is set when the match is
        // made and only ever cleared, so the copy here is not stale).
        if live.seats.invite.as_deref() != Some(digest(invite).as_str()) {
            return Err(ServiceError::new(
                ErrorKind::Forbidden,
                "bad-invite",
                "this is not this match's invitation (a wrong or mistyped code): the free seat is kept for the \
                 friend who has the link",
            ));
        }
        let mut next = live.m.clone();
        // (Matches created before the contributions took none.)
        if next.contributions().is_some() {
            next.contribute(side, contribution.unwrap_or_else(|| Contribution(rand::random()))).map_err(match_error)?;
            roll_if_needed(&mut next)?;
        }
        let token = secret();
        let taken = self.store.take_invite(id, &digest(invite), side, &digest(&token), live.version, &next.record())?;
        if !taken {
            // Perhaps changed elsewhere: read it again next time.
            self.live().remove(id);
            return Err(used());
        }
        match side {
            Color::White => live.seats.white = Some(digest(&token)),
            Color::Black => live.seats.black = Some(digest(&token)),
        }
        live.seats.invite = None;
        live.m = next;
        live.version += 1;
        live.updated_ms = sql::now_ms();
        self.hub.publish(id, Event::State { version: live.version });
        Ok((live.clone(), SeatGrant { side, token }))
    }

    /// Shows the single moves the side on roll has entered so far (not a
    /// play yet) to everyone watching; they are checked like a turn.
    pub fn show_moves(
        &self,
        id: &str,
        version: u64,
        moves: &[[u8; 2]],
        token: Option<&str>,
    ) -> Result<(), ServiceError> {
        let slot = self.slot(id)?;
        let mut live = lock(&slot);
        if version != live.version {
            return Err(ServiceError::conflict("stale", "the match changed meanwhile: reload it"));
        }
        Self::check_turn(&live, true)?;
        let side = live.m.to_act().expect("checked: someone acts");
        check_seat(&live.seats, token, side)?;
        // Counted once the seat is known to be the one on roll, so nobody
        // else can use up its allowance.
        if !self.hub.allow_moves(id) {
            return Err(ServiceError::new(
                ErrorKind::TooMany,
                "too-many-moves",
                format!(
                    "more than {} single moves shown within a moment ({} a second at length): wait a little",
                    MOVES_BURST, MOVES_PER_SECOND
                ),
            ));
        }
        let g = live.m.game();
        let mut tb = AnyTurn::under(g.position(), g.dice().expect("checked: rolled"), live.m.rules());
        // The turn builder bounds the moves (points, at most the roll's).
        for &[f, t] in moves {
            tb.play_move(f, t).map_err(|e| ServiceError::illegal("illegal-move", &e))?;
        }
        live.pending = (!moves.is_empty()).then(|| (version, side, moves.to_vec()));
        self.hub.publish(id, Event::Moves { version, side, moves: moves.to_vec() });
        Ok(())
    }

    /// Changes match `id`: locks it, checks the version the client saw (it
    /// must give one when `required`), lets `change` make the next state
    /// from the current one, and commits that.
    fn change(
        &self,
        id: &str,
        version: Option<u64>,
        required: bool,
        change: impl FnOnce(&Held) -> Result<Match, ServiceError>,
    ) -> Result<Held, ServiceError> {
        let slot = self.slot(id)?;
        let mut live = lock(&slot);
        match version {
            Some(v) if v != live.version => {
                return Err(ServiceError::conflict(
                    "stale",
                    format!("the match is at version {}, not {v}: reload it and play again", live.version),
                ));
            }
            None if required => {
                return Err(ServiceError::invalid(
                    "bad-request",
                    format!("`version` is required: the match version this is for (now {})", live.version),
                ));
            }
            _ => {}
        }
        let next = change(&live)?;
        self.commit(&mut live, next)
    }

    /// Checks that it is a turn for `person` (a person, not the engine, when
    /// true) with the dice rolled.
    fn check_turn(live: &Held, person: bool) -> Result<(), ServiceError> {
        let Some((side, player)) = live.m.player_to_act() else {
            return Err(ServiceError::conflict("match-over", "the match is over"));
        };
        if player.is_person() != person {
            return Err(ServiceError::conflict(
                "not-your-turn",
                if person {
                    format!("it is the engine's turn ({side}); ask it to move with engine-move")
                } else {
                    "it is a person's turn, not the engine's".to_string()
                },
            ));
        }
        if live.m.game().dice().is_none() {
            return Err(ServiceError::conflict("not-your-turn", "the dice are not rolled yet"));
        }
        Ok(())
    }

    /// Plays a person's turn at `version`: single moves or notation,
    /// checked against the legal plays (an illegal play says why).
    pub fn play(
        &self,
        id: &str,
        version: Option<u64>,
        play: &PlayInput,
        token: Option<&str>,
    ) -> Result<Held, ServiceError> {
        self.change(id, version, true, |live| {
            Self::check_turn(live, true)?;
            check_seat(&live.seats, token, live.m.to_act().expect("checked: someone acts"))?;
            let game = live.m.game();
            let (pos, dice) = (*game.position(), game.dice().expect("checked: rolled"));
            let illegal = |e: tavli_core::PlayError| ServiceError::illegal("illegal-play", &e);
            let rules = live.m.rules();
            let chosen: AnyPlay = match play {
                PlayInput::Moves(moves) => {
                    let moves: Vec<Move> = moves.iter().map(|&[f, t]| Move::new(f, t)).collect();
                    pos.play_of_moves_under(dice, &moves, rules).map_err(illegal)?
                }
                PlayInput::Notation(text) => {
                    if text.len() > MAX_NOTATION {
                        return Err(ServiceError::invalid("illegal-play", "the notation is too long for one play"));
                    }
                    tavli_core::tavli::GamePosition::parse_play_under(&pos, dice, text, rules).map_err(illegal)?
                }
            };
            let mut next = live.m.clone();
            next.play(&chosen).map_err(match_error)?;
            Ok(next)
        })
    }

    /// Lets the engine play its turn (a pass when it cannot move). Its
    /// search keeps to three quarters of the time to `deadline`, giving up
    /// a ply it has not done by then (a Gul bara ladder at the deepest
    /// level can take longer than the server's limit: the match would not
    /// go on); if its choice still comes after `deadline`, nothing is
    /// played and the call says so.
    pub fn engine_move(&self, id: &str, version: Option<u64>, deadline: Instant) -> Result<Held, ServiceError> {
        self.change(id, version, false, |live| {
            Self::check_turn(live, false)?;
            let Some((side, PlayerName::Engine(name))) = live.m.player_to_act() else {
                return Err(ServiceError::internal("the engine's side has no level"));
            };
            let level = levels::level(name).map_err(|e| ServiceError::internal(e.to_string()))?;
            let game = live.m.game();
            let (pos, dice, plays) = (*game.position(), game.dice().expect("checked: rolled"), game.legal_plays());
            // Each game with its own player; in a match, for the match at
            // the score (the engine crate decides how).
            let score = MatchScore::of(&live.m, side);
            let mut player = TavliPlayer::of_level(level, &self.engine, live.m.turn_seed(), live.m.rules().games);
            player.set_match_score(score.length, score.mine, score.theirs);
            let now = Instant::now();
            player.set_deadline(Some(now + deadline.saturating_duration_since(now) * 3 / 4));
            let choice = player.choose(&pos, dice, plays);
            if Instant::now() > deadline {
                return Err(ServiceError::new(
                    ErrorKind::Timeout,
                    "timeout",
                    "the engine took longer than its time limit; nothing was played, try again or a lower level",
                ));
            }
            let play =
                plays.get(choice).ok_or_else(|| ServiceError::internal("the engine chose no legal play"))?.clone();
            let mut next = live.m.clone();
            next.play(&play).map_err(match_error)?;
            Ok(next)
        })
    }

    /// Answers, at `version`, the resignation offered in a match played
    /// online: only the other seat's holder (`token`) answers; accepted,
    /// the game ends for the points offered; declined, it goes on. 409
    /// `no-offer` when none stands.
    pub fn answer_offer(
        &self,
        id: &str,
        version: Option<u64>,
        accept: bool,
        token: Option<&str>,
    ) -> Result<Held, ServiceError> {
        self.change(id, version, true, |live| {
            let offer = live
                .m
                .offer()
                .ok_or_else(|| ServiceError::conflict("no-offer", "no resignation is offered in this match"))?;
            if live.seat_of(token) != Some(offer.side.opponent()) {
                return Err(ServiceError::new(
                    ErrorKind::Forbidden,
                    "not-your-seat",
                    format!("only the holder of {}'s seat answers {}'s offer", offer.side.opponent(), offer.side),
                ));
            }
            let mut next = live.m.clone();
            next.answer_offer(accept).map_err(match_error)?;
            Ok(next)
        })
    }

    /// Resigns the current game at `version` for `side` (default: the
    /// person's side against the engine, the side on roll between two
    /// people), giving `points` (default: what the rules give,
    /// `Match::resign`). Fewer points than the rules give (a single game
    /// while nothing is off) are an offer: the engine accepts it or
    /// declines it (409 `offer-declined`) by its evaluation at the score;
    /// between two people at one screen the client asked the other, who
    /// accepted; online the offer stands in the match until the other seat
    /// answers ([`MatchService::answer_offer`]) or a play is made.
    pub fn resign(
        &self,
        id: &str,
        version: Option<u64>,
        side: Option<Color>,
        points: Option<u8>,
        token: Option<&str>,
    ) -> Result<Held, ServiceError> {
        self.change(id, version, true, |live| {
            let Some(on_roll) = live.m.to_act() else {
                return Err(ServiceError::conflict("match-over", "the match is over"));
            };
            // Online, a seat resigns for itself (on either side's turn).
            let seat = live.seats.online().then(|| live.seat_of(token)).flatten();
            if live.seats.online() {
                let mine = seat.ok_or_else(|| {
                    ServiceError::new(ErrorKind::Forbidden, "not-your-seat", "only a seat's holder can resign its game")
                })?;
                if side.is_some_and(|s| s != mine) {
                    return Err(ServiceError::new(
                        ErrorKind::Forbidden,
                        "not-your-seat",
                        format!("your seat is {mine}"),
                    ));
                }
            }
            let side = side.or(seat).or(live.person()).unwrap_or(on_roll);
            if !live.m.players().get(side).is_person() {
                return Err(ServiceError::conflict("not-your-turn", "only a person can resign; the engine plays on"));
            }
            let due = live.m.resignation_points(side).unwrap_or(1);
            let points = points.unwrap_or(due);
            if !(1..=due).contains(&points) {
                let most = if due == 1 { "1 point".to_string() } else { format!("1 to {due} points") };
                return Err(ServiceError::invalid(
                    "bad-request",
                    format!("points: resigning now gives {most}, not {points}"),
                ));
            }
            if points < due {
                if live.seats.online() {
                    // The other seat answers (`answer_offer`).
                    let mut next = live.m.clone();
                    next.offer_resignation(side, points).map_err(match_error)?;
                    return Ok(next);
                }
                let engine = !live.m.players().get(side.opponent()).is_person();
                if engine && !Reviewer::with_evals(self.evals.clone(), 0).accepts_resignation_in(&live.m, side, points)
                {
                    return Err(ServiceError::conflict(
                        "offer-declined",
                        format!("the engine declines {points} point{}: play on", if points == 1 { "" } else { "s" }),
                    ));
                }
            }
            let mut next = live.m.clone();
            next.resign_for(side, points).map_err(match_error)?;
            Ok(next)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn service() -> MatchService {
        MatchService::new(Arc::new(SqliteStore::in_memory().unwrap()), NeuralEval::shipped(None), 100)
    }

    /// A store that refuses every update as if another server had written first.
    struct Elsewhere(SqliteStore);

    impl MatchStore for Elsewhere {
        fn insert(
            &self,
            id: &str,
            record: &tavli_core::game::MatchRecord<AnyPosition>,
            seats: &Seats,
        ) -> Result<StoredMatch, StoreError> {
            self.0.insert(id, record, seats)
        }
        fn update(
            &self,
            id: &str,
            version: u64,
            _: &tavli_core::game::MatchRecord<AnyPosition>,
        ) -> Result<i64, StoreError> {
            Err(StoreError::Conflict { id: id.into(), version })
        }
        fn load(&self, id: &str) -> Result<Option<StoredMatch>, StoreError> {
            self.0.load(id)
        }
        fn take_invite(
            &self,
            id: &str,
            invite: &str,
            side: Color,
            seat: &str,
            version: u64,
            record: &tavli_core::game::MatchRecord<AnyPosition>,
        ) -> Result<bool, StoreError> {
            self.0.take_invite(id, invite, side, seat, version, record)
        }
    }

    #[test]
    fn a_conflict_in_the_store_is_a_409_and_the_copy_in_memory_is_dropped() {
        let s =
            MatchService::new(Arc::new(Elsewhere(SqliteStore::in_memory().unwrap())), NeuralEval::shipped(None), 100);
        let live = s
            .create(NewMatch {
                opponent: Opponent::People,
                games: MatchGames::default(),
                length: 1,
                seed: Some(3),
                position: None,
            })
            .unwrap()
            .live;
        let moves = live.m.game().legal_plays()[0].moves().iter().map(|m| [m.from, m.to]).collect();
        let e = s.play(&live.id, Some(live.version), &PlayInput::Moves(moves), None).unwrap_err();
        assert_eq!((e.kind, e.code), (ErrorKind::Conflict, "stale"), "{e:?}");
        assert!(!s.live().contains_key(&live.id), "the cached copy must be dropped");
        assert_eq!(s.get(&live.id).unwrap().version, 1, "reloaded from the store as it is there");
    }

    #[test]
    fn who_acts_and_resigning_follow_the_core() {
        let s = service();
        let opponent = Opponent::Engine { level: Some("random".into()), person: Some(Color::White) };
        let live = s
            .create(NewMatch { opponent, games: MatchGames::default(), length: 3, seed: Some(8), position: None })
            .unwrap()
            .live;
        assert_eq!(live.person(), Some(Color::White));
        assert_eq!(live.level(), Some("random"));
        let e = s.resign(&live.id, Some(1), Some(Color::Black), None, None).unwrap_err();
        assert_eq!(e.code, "not-your-turn");
        let e = s.resign(&live.id, Some(1), None, Some(3), None).unwrap_err();
        assert!(e.message.contains("gives 1 to 2 points, not 3"), "{e:?}");
        let after = s.resign(&live.id, Some(1), None, None, None).unwrap();
        assert_eq!(after.m.score(Color::Black), 2);
    }

    /// A single game offered with nothing off: the engine accepts it in an
    /// even game and declines it (the match unchanged) where a double game
    /// is all but sure; two people at one screen give what they agreed;
    /// online the offer is refused, the other seat not being asked.
    #[test]
    fn a_single_game_offered_is_answered_by_the_engine_or_taken_as_agreed() {
        let s = service();
        let new = |opponent, position| NewMatch {
            opponent,
            games: MatchGames::default(),
            length: 1,
            seed: Some(8),
            position,
        };
        let against = |person| Opponent::Engine { level: Some("advanced".into()), person: Some(person) };
        let even = s.create(new(against(Color::White), None)).unwrap().live;
        let after = s.resign(&even.id, Some(1), None, Some(1), None).unwrap();
        assert_eq!((after.m.score(Color::Black), after.version), (1, 2));
        // Black (the person) has 15 checkers back; White bears off its last two next turn.
        let hopeless =
            tavli_core::parse_position(r#"{"turn":"black","board":{"1":2,"12":-15},"off":{"white":13,"black":0}}"#)
                .unwrap();
        let lost = s.create(new(against(Color::Black), Some(hopeless.into()))).unwrap().live;
        let e = s.resign(&lost.id, Some(lost.version), None, Some(1), None).unwrap_err();
        assert_eq!((e.kind, e.code), (ErrorKind::Conflict, "offer-declined"), "{e:?}");
        assert_eq!(s.get(&lost.id).unwrap().version, lost.version, "a declined offer changes nothing");
        let after = s.resign(&lost.id, Some(lost.version), None, Some(2), None).unwrap();
        assert_eq!(after.m.score(Color::White), 2);
        let people = s.create(new(Opponent::People, Some(hopeless.into()))).unwrap().live;
        let after = s.resign(&people.id, Some(people.version), None, Some(1), None).unwrap();
        assert_eq!(after.m.score(Color::White), 1);
    }

    /// In a match the engine plays for the match at the score, as the
    /// engine crate's `Level::player_at` does, not for points: positions
    /// from a seeded walk where the two differ, each played by the service.
    #[test]
    fn in_a_match_the_engine_plays_for_the_match_at_the_score() {
        use tavli_core::tavli::GamePlay;
        use tavli_core::{Dice, Play, Position};
        let s = service();
        let level = levels::level("advanced").unwrap();
        // A small seeded generator, enough to walk through positions.
        let mut x: u64 = 27;
        let mut next = |n: usize| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((x >> 33) as usize) % n
        };
        let (mut pos, mut differing) = (Position::start(), 0);
        for seed in 0..600 {
            if differing == 3 {
                break;
            }
            let d = Dice::new(1 + next(6) as u8, 1 + next(6) as u8).unwrap();
            let plays = pos.legal_plays(d);
            pos = *plays[next(plays.len())].position();
            if pos.outcome().is_some() {
                pos = Position::start();
                continue;
            }
            let opponent = Opponent::Engine { level: Some("advanced".into()), person: Some(pos.turn().opponent()) };
            let new = NewMatch {
                opponent,
                games: MatchGames::default(),
                length: 2,
                seed: Some(seed),
                position: Some(pos.into()),
            };
            let live = s.create(new).unwrap().live;
            let g = live.m.game();
            let dice = g.dice().unwrap();
            let plays: Vec<Play> = g.legal_plays().iter().filter_map(Play::from_any).collect();
            let score = MatchScore::of(&live.m, pos.turn());
            let at_score = level.player_at(&s.engine, live.m.turn_seed(), score).choose(&pos, dice, &plays);
            let for_points = level.player(&s.engine, live.m.turn_seed()).choose(&pos, dice, &plays);
            let chosen = *plays[at_score].position();
            if chosen == *plays[for_points].position() || chosen.outcome().is_some() {
                continue;
            }
            differing += 1;
            let after =
                s.engine_move(&live.id, Some(live.version), Instant::now() + std::time::Duration::from_secs(60));
            assert_eq!(*after.unwrap().m.game().position(), chosen.into(), "seed {seed}: the engine played for points");
        }
        assert!(differing > 0, "no position of the walk where the score changes the engine's play");
    }
}
