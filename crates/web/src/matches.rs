//! Saved matches: create one (against the engine or two people on one
//! device), read its state, submit a play, let the engine move, resign.
//! The rules are `plakoto_core::game::Match`'s; the dice come from its
//! seeded roller, rolled as soon as a turn starts. Every change is
//! committed to the store before the reply.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::StatusCode;
use axum::{Extension, Json};
use plakoto_core::game::{GameError, Match, MatchError, MatchRecord, Players};
use plakoto_core::{Color, Dice, GameResult, Move, Position, TurnBuilder};
use rand::RngExt;
use serde::{Deserialize, Serialize};
use tokio::sync::OwnedMutexGuard;
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody, JsonBody};
use crate::state::{AppState, Live};
use crate::stateless::{TurnState, turn_state};
use crate::store::{Meta, Opponent};
use crate::wire::PlayJson;

/// Longest match a request may ask for.
pub const MAX_LENGTH: u32 = 25;

const ID_ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// A new match id: 12 random URL-safe characters (72 bits).
fn new_id() -> String {
    let mut rng = rand::rng();
    (0..12).map(|_| ID_ALPHABET[rng.random_range(0..ID_ALPHABET.len())] as char).collect()
}

/// Could `id` be a match id? (Anything else is a 404 without a look-up.)
pub fn valid_id(id: &str) -> bool {
    (1..=32).contains(&id.len()) && id.bytes().all(|b| ID_ALPHABET.contains(&b))
}

fn match_error(e: MatchError) -> ApiError {
    match e {
        MatchError::Over | MatchError::Game(GameError::Over) => ApiError::conflict("match-over", e.to_string()),
        MatchError::Game(GameError::Illegal(p)) => ApiError::invalid("illegal-play", p.to_string()),
        MatchError::Game(g) => ApiError::conflict("not-your-turn", g.to_string()),
        MatchError::BadLength(_) => ApiError::invalid("bad-request", e.to_string()),
        other => ApiError::internal(other.to_string()),
    }
}

/// Rolls for the side on roll if the match goes on and no dice are out
/// (the opening roll first when a game needs one).
fn roll_if_needed(m: &mut Match) -> Result<(), ApiError> {
    if !m.is_over() && m.game().result().is_none() && m.game().dice().is_none() {
        m.roll().map_err(match_error)?;
    }
    Ok(())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateMatch {
    /// `engine` (default) or `human` (two people on one device).
    pub opponent: Option<String>,
    /// Engine level (see `/api/v1/levels`); default the engine's default.
    pub level: Option<String>,
    /// Points to win the match: 1 (default) to 25; 1, 3, 5 and 7 are usual.
    pub length: Option<u32>,
    /// Seed of the dice (default: random). The same seed gives the same dice.
    pub seed: Option<u64>,
    /// The side the person plays against the engine: `white` (default),
    /// `black` or `random`.
    pub human_color: Option<String>,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayRequest {
    /// The single moves, (from, to) in the mover's numbering, `to` 0 for
    /// off; `[]` to pass.
    #[schema(value_type = Option<Vec<Vec<u8>>>)]
    pub moves: Option<Vec<[u8; 2]>>,
    /// Or the play in notation: `24/18 24/20`, `pass`.
    pub notation: Option<String>,
    /// The match version the play was chosen on (required: a play states
    /// the turn it is for); a different current version (the page is out
    /// of date, or another play came first) gives 409 `stale`.
    pub version: Option<u64>,
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct ResignRequest {
    /// The side resigning: default the person's side against the engine,
    /// or the side on roll between two people.
    pub side: Option<String>,
    /// Points given to the opponent: 1 (default) or 2.
    pub points: Option<u8>,
    /// The match version the resignation is for (required, as for a play).
    pub version: Option<u64>,
}

#[derive(Serialize, ToSchema)]
pub struct SidesJson<T: ToSchema> {
    pub white: T,
    pub black: T,
}

/// Who must act now.
#[derive(Serialize, ToSchema)]
pub struct ToAct {
    /// `white` or `black`.
    pub side: String,
    /// `human` or `engine`.
    pub who: String,
}

/// One turn of the game log.
#[derive(Serialize, ToSchema)]
pub struct LogEntry {
    pub side: String,
    pub dice: [u8; 2],
    #[schema(value_type = Vec<Vec<u8>>)]
    pub moves: Vec<[u8; 2]>,
    pub notation: String,
}

/// The game being played (the last one once the match is over).
#[derive(Serialize, ToSchema)]
pub struct GameState {
    /// 1 for the first game of the match.
    pub number: usize,
    /// Opening roll-offs `[white, black]`, the last decisive; empty when the
    /// winner of the previous game started.
    #[schema(value_type = Vec<Vec<u8>>)]
    pub opening: Vec<[u8; 2]>,
    /// Who started the game.
    pub first: Option<String>,
    #[schema(value_type = Object)]
    pub position: Position,
    pub position_id: String,
    /// The side on roll (once the game is over, the side that moved last).
    pub turn: String,
    /// The dice to play, larger first (null when the game is over).
    #[schema(value_type = Option<Vec<u8>>)]
    pub dice: Option<[u8; 2]>,
    pub pips: SidesJson<u32>,
    /// The legal plays of the dice.
    pub plays: Vec<PlayJson>,
    /// The turn at its start: legal single moves for click and drag.
    pub entry: Option<TurnState>,
    #[schema(value_type = Option<crate::wire::ResultJson>)]
    pub result: Option<GameResult>,
    pub log: Vec<LogEntry>,
}

/// A finished or current game in the match.
#[derive(Serialize, ToSchema)]
pub struct GameSummary {
    pub number: usize,
    pub first: Option<String>,
    pub turns: usize,
    #[schema(value_type = Option<crate::wire::ResultJson>)]
    pub result: Option<GameResult>,
}

/// Everything the page needs to show a match.
#[derive(Serialize, ToSchema)]
pub struct MatchState {
    pub id: String,
    /// Goes up by one with every change; send it back with a play.
    pub version: u64,
    pub created_ms: i64,
    pub updated_ms: i64,
    /// `engine` or `human`.
    pub opponent: String,
    pub level: Option<String>,
    /// The person's side against the engine.
    pub human_color: Option<String>,
    pub players: SidesJson<String>,
    pub match_to: u32,
    pub score: SidesJson<u32>,
    /// The match winner once the match is over.
    pub winner: Option<String>,
    pub over: bool,
    /// Who must act now (null once the match is over).
    pub to_act: Option<ToAct>,
    pub game: GameState,
    pub games: Vec<GameSummary>,
}

fn name(c: Color) -> String {
    c.name().to_string()
}

fn to_act(live: &Live) -> Option<(Color, Opponent)> {
    let game = live.m.game();
    if live.m.is_over() || game.result().is_some() {
        return None;
    }
    let side = game.position().turn();
    let who = if live.meta.opponent == Opponent::Engine && live.meta.human_color != Some(side) {
        Opponent::Engine
    } else {
        Opponent::Human
    };
    Some((side, who))
}

pub fn view(live: &Live) -> MatchState {
    let m = &live.m;
    let g = m.game();
    let pos = *g.position();
    let who = to_act(live);
    // The turn's start for click and drag, when a person is to enter it.
    let entry = match (g.dice(), who) {
        (Some(d), Some((_, Opponent::Human))) => turn_state(&pos, d, &[]).ok(),
        _ => None,
    };
    MatchState {
        id: live.id.clone(),
        version: live.version,
        created_ms: live.created_ms,
        updated_ms: live.updated_ms,
        opponent: live.meta.opponent.name().into(),
        level: live.meta.level.clone(),
        human_color: live.meta.human_color.map(name),
        players: SidesJson { white: m.players().white.clone(), black: m.players().black.clone() },
        match_to: m.target(),
        score: SidesJson { white: m.score(Color::White), black: m.score(Color::Black) },
        winner: m.winner().map(name),
        over: m.is_over(),
        to_act: who.map(|(side, who)| ToAct { side: name(side), who: who.name().into() }),
        game: GameState {
            number: m.games().len(),
            opening: g.opening().to_vec(),
            first: g.first_side().map(name),
            position: pos,
            position_id: pos.id(),
            turn: name(pos.turn()),
            dice: g.dice().map(|d| [d.high(), d.low()]),
            pips: SidesJson { white: pos.pips(Color::White), black: pos.pips(Color::Black) },
            plays: g.legal_plays().iter().map(PlayJson::new).collect(),
            entry,
            result: g.result(),
            log: g
                .turns()
                .iter()
                .map(|t| LogEntry {
                    side: name(t.side),
                    dice: t.dice,
                    moves: t.moves.clone(),
                    notation: t.notation.clone(),
                })
                .collect(),
        },
        games: m
            .games()
            .iter()
            .enumerate()
            .map(|(i, g)| GameSummary {
                number: i + 1,
                first: g.first_side().map(name),
                turns: g.turns().len(),
                result: g.result(),
            })
            .collect(),
    }
}

/// Starts a match against the engine at a level, or between two people on
/// one device. The dice of the first turn are already rolled.
#[utoipa::path(post, path = "/api/v1/matches", tag = "matches", request_body = CreateMatch,
    responses((status = 201, body = MatchState), (status = 422, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn create(
    State(state): State<Arc<AppState>>,
    client: Option<Extension<ConnectInfo<SocketAddr>>>,
    JsonBody(req): JsonBody<CreateMatch>,
) -> Result<(StatusCode, Json<MatchState>), ApiError> {
    // Without a peer address (the router driven in process) all requests
    // count as one client.
    state.allow_new_match(client.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |Extension(ConnectInfo(a))| a.ip()))?;
    let opponent = match req.opponent.as_deref().unwrap_or("engine") {
        "engine" => Opponent::Engine,
        "human" => Opponent::Human,
        other => {
            return Err(ApiError::invalid(
                "bad-request",
                format!("opponent `{}`: use \"engine\" or \"human\"", other.chars().take(30).collect::<String>()),
            ));
        }
    };
    let length = req.length.unwrap_or(1);
    if !(1..=MAX_LENGTH).contains(&length) {
        return Err(ApiError::invalid("bad-request", format!("length {length}: a match is 1 to {MAX_LENGTH} points")));
    }
    let (level, human_color) = match opponent {
        Opponent::Human => (None, None),
        Opponent::Engine => {
            let level = req.level.clone().unwrap_or_else(|| plakoto_engine::DEFAULT_LEVEL.to_string());
            // Built-in levels only: `external:COMMAND` players would run a
            // program named by the request.
            plakoto_engine::builtin_player(&level, 0).map_err(|e| ApiError::invalid("bad-request", e))?;
            let color = match req.human_color.as_deref().unwrap_or("white") {
                "random" => {
                    if rand::rng().random_range(0..2) == 0 {
                        Color::White
                    } else {
                        Color::Black
                    }
                }
                s => Color::parse(s).filter(|_| s == "white" || s == "black").ok_or_else(|| {
                    ApiError::invalid(
                        "bad-request",
                        format!(
                            "human_color `{}`: use \"white\", \"black\" or \"random\"",
                            s.chars().take(30).collect::<String>()
                        ),
                    )
                })?,
            };
            (Some(level), Some(color))
        }
    };
    let players = match (&level, human_color) {
        (Some(l), Some(Color::White)) => Players { white: "human".into(), black: format!("engine:{l}") },
        (Some(l), Some(Color::Black)) => Players { white: format!("engine:{l}"), black: "human".into() },
        _ => Players { white: "human".into(), black: "human".into() },
    };
    // Random seeds stay below 10^9, which every JSON reader (JavaScript's
    // included) holds exactly, as `plakoto play` does.
    let seed = req.seed.unwrap_or_else(|| rand::rng().random_range(0..1_000_000_000));
    let mut m = Match::new(length, seed, players).map_err(match_error)?;
    roll_if_needed(&mut m)?;
    let meta = Meta { opponent, level, human_color };
    let store = state.store.clone();
    let record = m.record();
    let (id, stored) = tokio::task::spawn_blocking(move || {
        // A clash of 72-bit random ids is all but impossible; retry anyway.
        let mut last = String::new();
        for _ in 0..3 {
            let id = new_id();
            match store.insert(&id, &meta, &record) {
                Ok(s) => return Ok((id, s)),
                Err(e) => last = e,
            }
        }
        Err(last)
    })
    .await
    .map_err(|_| ApiError::internal("saving the new match failed"))?
    .map_err(ApiError::internal)?;
    let live = Live {
        id,
        m,
        meta: stored.meta,
        version: stored.version,
        created_ms: stored.created_ms,
        updated_ms: stored.updated_ms,
    };
    let slot = state.insert(live);
    let live = slot.lock().await;
    Ok((StatusCode::CREATED, Json(view(&live))))
}

/// The state of a match: board, dice, legal plays, log, score, whose turn.
#[utoipa::path(get, path = "/api/v1/matches/{id}", tag = "matches",
    params(("id" = String, Path, description = "match id")),
    responses((status = 200, body = MatchState), (status = 404, body = ErrorBody)))]
pub async fn get(State(state): State<Arc<AppState>>, Path(id): Path<String>) -> Result<Json<MatchState>, ApiError> {
    let slot = state.slot(&id).await?;
    let live = slot.lock().await;
    Ok(Json(view(&live)))
}

/// The match record (INTERFACE.md game record): seed, every roll and play.
#[utoipa::path(get, path = "/api/v1/matches/{id}/record", tag = "matches",
    params(("id" = String, Path, description = "match id")),
    responses((status = 200, body = Object), (status = 404, body = ErrorBody)))]
pub async fn record(State(state): State<Arc<AppState>>, Path(id): Path<String>) -> Result<Json<MatchRecord>, ApiError> {
    let slot = state.slot(&id).await?;
    let live = slot.lock().await;
    Ok(Json(live.m.record()))
}

/// Whether a request must say which match version it is for. Plays and
/// resignations must, so that a request sent twice, or racing another,
/// never lands on a later turn; asking the engine to move need not.
#[derive(Clone, Copy, PartialEq, Eq)]
enum NeedVersion {
    Yes,
    No,
}

/// The match `id`, locked, at the version the client saw.
async fn locked(
    state: &AppState,
    id: &str,
    version: Option<u64>,
    need: NeedVersion,
) -> Result<OwnedMutexGuard<Live>, ApiError> {
    let live = state.slot(id).await?.lock_owned().await;
    match version {
        Some(v) if v != live.version => Err(ApiError::conflict(
            "stale",
            format!("the match is at version {}, not {v}: reload it and play again", live.version),
        )),
        None if need == NeedVersion::Yes => Err(ApiError::invalid(
            "bad-request",
            format!("`version` is required: the match version this is for (now {})", live.version),
        )),
        _ => Ok(live),
    }
}

/// The match `id`, locked and checked for a turn of `who`: the client's
/// version current, the match not over, `who` on roll with the dice rolled.
async fn locked_turn(
    state: &AppState,
    id: &str,
    version: Option<u64>,
    need: NeedVersion,
    who: Opponent,
) -> Result<(OwnedMutexGuard<Live>, Position, Dice), ApiError> {
    let live = locked(state, id, version, need).await?;
    match to_act(&live) {
        None => return Err(ApiError::conflict("match-over", "the match is over")),
        Some((side, actor)) if actor != who => {
            let msg = match actor {
                Opponent::Engine => format!("it is the engine's turn ({side}); ask it to move with engine-move"),
                Opponent::Human => "it is a person's turn, not the engine's".to_string(),
            };
            return Err(ApiError::conflict("not-your-turn", msg));
        }
        Some(_) => {}
    }
    let g = live.m.game();
    let dice = g.dice().ok_or_else(|| ApiError::conflict("not-your-turn", "the dice are not rolled yet"))?;
    let pos = *g.position();
    Ok((live, pos, dice))
}

/// Rolls for the next turn if needed, commits `next` and answers with the
/// new state.
async fn commit(
    state: &Arc<AppState>,
    live: OwnedMutexGuard<Live>,
    mut next: Match,
) -> Result<Json<MatchState>, ApiError> {
    roll_if_needed(&mut next)?;
    state.commit(live, next, view).await.map(Json)
}

/// Plays the person's turn: single moves or notation, checked against the
/// legal plays; an illegal play gets 422 saying why.
#[utoipa::path(post, path = "/api/v1/matches/{id}/play", tag = "matches", request_body = PlayRequest,
    params(("id" = String, Path, description = "match id")),
    responses((status = 200, body = MatchState), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn play(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<PlayRequest>,
) -> Result<Json<MatchState>, ApiError> {
    let (live, pos, dice) = locked_turn(&state, &id, req.version, NeedVersion::Yes, Opponent::Human).await?;
    let mut next = live.m.clone();
    match (&req.moves, &req.notation) {
        (Some(moves), None) => {
            let t = turn_state(&pos, dice, moves).map_err(|e| ApiError::invalid("illegal-play", e.message))?;
            match t.complete {
                Some(_) => {
                    // The turn builder names the play; the game checks it again.
                    let mut tb = TurnBuilder::new(&pos, dice);
                    for m in &t.moves {
                        tb.play_move(m[0], m[1]).map_err(|e| ApiError::invalid("illegal-play", e.to_string()))?;
                    }
                    let p = tb.complete().ok_or_else(|| ApiError::internal("the turn did not complete"))?;
                    next.play(&p).map_err(match_error)?;
                }
                None => {
                    // Not a whole play: let the notation parser say why.
                    let moves: Vec<Move> = moves.iter().map(|&[f, t]| Move::new(f, t)).collect();
                    let text = if moves.is_empty() {
                        "pass".into()
                    } else {
                        moves.iter().map(|m| format!("{}/{}", m.from, m.to)).collect::<Vec<_>>().join(" ")
                    };
                    match plakoto_core::parse_play(&pos, dice, &text) {
                        Err(e) => return Err(ApiError::invalid("illegal-play", e.to_string())),
                        Ok(p) => next.play(&p).map_err(match_error)?,
                    }
                }
            }
        }
        (None, Some(text)) => {
            if text.len() > 200 {
                return Err(ApiError::invalid("illegal-play", "the notation is too long for one play"));
            }
            next.play_text(text).map_err(match_error)?;
        }
        _ => return Err(ApiError::invalid("bad-request", "give either `moves` or `notation`")),
    }
    commit(&state, live, next).await
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct EngineMoveRequest {
    pub version: Option<u64>,
}

/// Lets the engine play its turn (a pass when it cannot move). Bounded in
/// time; 503 when the engine is saturated.
#[utoipa::path(post, path = "/api/v1/matches/{id}/engine-move", tag = "matches",
    params(("id" = String, Path, description = "match id")), request_body(content = EngineMoveRequest, description = "optional"),
    responses((status = 200, body = MatchState), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 503, body = ErrorBody)))]
pub async fn engine_move(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<EngineMoveRequest>,
) -> Result<Json<MatchState>, ApiError> {
    let (live, pos, dice) = locked_turn(&state, &id, req.version, NeedVersion::No, Opponent::Engine).await?;
    let plays = live.m.game().legal_plays().to_vec();
    let level = live.meta.level.clone().unwrap_or_else(|| plakoto_engine::DEFAULT_LEVEL.into());
    // A seed per turn keeps a random player reproducible for a given match.
    let seed = live.m.seed() ^ live.m.dice_thrown().wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let permit = state.engine_slot().await?;
    let choice = state
        .compute(permit, move || {
            let mut player = plakoto_engine::builtin_player(&level, seed)?;
            Ok::<_, String>(player.choose(&pos, dice, &plays))
        })
        .await?
        .map_err(ApiError::internal)?;
    let mut next = live.m.clone();
    let play = *next
        .game()
        .legal_plays()
        .get(choice)
        .ok_or_else(|| ApiError::internal("the engine chose a play that does not exist"))?;
    next.play(&play).map_err(match_error)?;
    commit(&state, live, next).await
}

/// Resigns the current game, giving the opponent 1 point (or 2).
#[utoipa::path(post, path = "/api/v1/matches/{id}/resign", tag = "matches", request_body(content = ResignRequest, description = "optional"),
    params(("id" = String, Path, description = "match id")),
    responses((status = 200, body = MatchState), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn resign(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<ResignRequest>,
) -> Result<Json<MatchState>, ApiError> {
    let live = locked(&state, &id, req.version, NeedVersion::Yes).await?;
    let Some((on_roll, _)) = to_act(&live) else {
        return Err(ApiError::conflict("match-over", "the match is over"));
    };
    let side = match req.side.as_deref() {
        None => live.meta.human_color.unwrap_or(on_roll),
        Some(s) => Color::parse(s)
            .filter(|_| s == "white" || s == "black")
            .ok_or_else(|| ApiError::invalid("bad-request", "side: use \"white\" or \"black\"".to_string()))?,
    };
    if live.meta.opponent == Opponent::Engine && live.meta.human_color != Some(side) {
        return Err(ApiError::conflict("not-your-turn", "only the person can resign; the engine plays on"));
    }
    let points = req.points.unwrap_or(1);
    if !(1..=2).contains(&points) {
        return Err(ApiError::invalid("bad-request", "points: a resignation gives 1 or 2 points"));
    }
    let mut next = live.m.clone();
    next.resign(side, points).map_err(match_error)?;
    commit(&state, live, next).await
}
