//! The HTTP face of saved matches: create one (against the engine or two
//! people on one device), read its state, submit a play, let the engine
//! move, resign. The match service does the work; these handlers read the
//! request, call it off the async runtime, and write the state as JSON.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::StatusCode;
use axum::{Extension, Json};
use serde::{Deserialize, Serialize};
use tavli_core::game::{Contribution, MatchRecord, Seed};
use tavli_core::tavli::{AnyPosition, MatchGames, MatchRules};
use tavli_core::{Color, GameResult};
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody, JsonBody};
use crate::service::{Created, Held, NewMatch, Opponent, PlayInput, SeatGrant};
use crate::state::AppState;
use crate::wire::{PlayJson, SidesJson, TurnState, turn_state};

/// The seat secret a request presents: `Authorization: Bearer SECRET`
/// (kept by the browser that holds the seat, never in a URL). The scheme's
/// letter case does not matter (RFC 9110: `bearer` is `Bearer`).
pub struct SeatToken(pub Option<String>);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for SeatToken {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, _: &S) -> Result<SeatToken, ApiError> {
        let Some(v) = parts.headers.get(axum::http::header::AUTHORIZATION) else { return Ok(SeatToken(None)) };
        let v = v.to_str().map_err(|_| ApiError::invalid("bad-request", "the Authorization header is not text"))?;
        let shape = || ApiError::invalid("bad-request", "write the seat's secret as `Authorization: Bearer SECRET`");
        let (scheme, token) = v.trim().split_once([' ', '\t']).ok_or_else(shape)?;
        if !scheme.eq_ignore_ascii_case("bearer") {
            return Err(shape());
        }
        let token = token.trim();
        if token.is_empty() {
            return Err(shape());
        }
        if token.len() > 128 {
            return Err(ApiError::invalid("bad-request", "the seat's secret is too long"));
        }
        Ok(SeatToken(Some(token.to_string())))
    }
}

/// A colour in a request: `white` or `black` exactly.
fn colour(field: &str, s: &str) -> Result<Color, ApiError> {
    // The core's JSON names (`Color::name`), so the two never drift apart.
    match [Color::White, Color::Black].into_iter().find(|c| c.name() == s) {
        Some(c) => Ok(c),
        None => Err(ApiError::invalid(
            "bad-request",
            format!("{field} `{}`: use \"white\" or \"black\"", s.chars().take(30).collect::<String>()),
        )),
    }
}

/// A new match.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateMatch {
    /// `engine` (default), `human` (two people on one device) or `online`
    /// (a friend elsewhere: the answer holds your seat's secret and an
    /// invitation to send).
    pub opponent: Option<String>,
    /// Engine level (see `/api/v1/levels`); default the engine's default.
    pub level: Option<String>,
    /// The games the match plays: `tavli` (Portes, Plakoto, Fevga and
    /// round again), `tabla` (the Bulgarian Tabla match: Tabla, Gul bara,
    /// Tapa and round again), or one game, `portes`, `plakoto` (default),
    /// `fevga` or `gulbara` (`GET /api/v1/games` lists them), or a regional
    /// name over them, each under its own
    /// defaults: `tapa`, `tsilliton`, `mahbusa` (the opening dice played,
    /// the mother played out), `tabla-only`.
    pub games: Option<String>,
    /// Points to win the match: 1 to 25; 1, 3, 5 and 7 are usual. Default
    /// 1, and 5 for a Tavli or Tabla match.
    pub length: Option<u32>,
    /// Seed of the dice (default: a secret random seed). The same seed gives
    /// the same dice, so a match with a chosen seed has no secret dice:
    /// refused for a match online between two people.
    pub seed: Option<u64>,
    /// The side the person plays against the engine, or the creator's side
    /// online: `white` (default), `black` or `random`.
    pub human_color: Option<String>,
    /// Start the first game from this position instead (position JSON, or
    /// a string: a position ID), its side on roll first: practice from a
    /// position. It must be of the match's first game (Portes in a Tavli
    /// match). Later games start as usual. Refused online.
    #[schema(value_type = Option<Object>)]
    pub position: Option<Box<serde_json::value::RawValue>>,
    /// Online: the creator's share of the dice, 64 hex digits (32 random
    /// bytes its client drew). The dice come from the server's committed
    /// secret and both seats' shares, so neither player nor the server alone
    /// can know or choose them; without one the server draws it.
    pub contribution: Option<String>,
}

/// A dice contribution as a request gives it.
fn contribution(text: Option<&str>) -> Result<Option<Contribution>, ApiError> {
    text.map(|t| t.parse::<Contribution>().map_err(|e| ApiError::invalid("bad-request", format!("contribution: {e}"))))
        .transpose()
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
    /// The points the resigning side gives (optional; default what the
    /// rules say: 2 while the resigner has borne off nothing, else 1).
    /// Fewer (a single game) are an offer: against the engine it accepts
    /// or declines (409 `offer-declined`) by its evaluation at the score;
    /// between two people at one screen the client has asked the other;
    /// online the offer stands (`offer` in the state) until the other seat
    /// answers (`POST …/resign/answer`) or a play is made. More is a 422.
    pub points: Option<u8>,
    /// The match version the resignation is for (required, as for a play).
    pub version: Option<u64>,
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
    /// The position the turn was played from (its ID): with the dice and
    /// the moves, what a hint needs to say how the play ranked.
    pub position_id: String,
    pub side: String,
    pub dice: [u8; 2],
    #[schema(value_type = Vec<Vec<u8>>)]
    pub moves: Vec<[u8; 2]>,
    pub notation: String,
    /// Gul bara: the turn was one stage of a ladder or dice handed over,
    /// not a whole roll (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stage: Option<StageJson>,
}

/// The first roll of a Gul bara game on which a doublet ladders.
const LADDER_FROM: u16 = tavli_core::gulbara::LADDER_FROM;

/// A decision of a game with a doubles ladder (Gul bara) that is one stage:
/// the first stage of a ladder just rolled, a later stage of the mover's
/// own ladder, or dice handed over by the opponent's stalled ladder.
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq, Eq)]
pub struct StageJson {
    /// `rolled` (a doublet that ladders, its first stage), `ladder` (the
    /// mover's own ladder going on) or `handed` (the opponent's stalled
    /// ladder's rest, played before the mover rolls).
    pub kind: String,
    /// The stage's number.
    pub die: u8,
    /// Its moves (4, or 1 to 4 when handed over).
    pub moves: u8,
    /// The dice after this stage, in playing order (`[5,5,5,5,6,6,6,6]`).
    pub then: Vec<u8>,
    /// The game's roll the ladder was thrown on (the opponent's roll when
    /// handed over).
    pub roll: u16,
}

/// The stage a decision of `dice` in `pos` is, when it is one.
pub fn stage_of(pos: &AnyPosition, dice: [u8; 2]) -> Option<StageJson> {
    let counter = pos.roll_counter()?;
    let (kind, die, moves, roll) = match pos.pending() {
        Some(p) => (if p.is_handed() { "handed" } else { "ladder" }, p.die(), p.left(), counter.saturating_sub(1)),
        None if dice[0] == dice[1] && counter >= LADDER_FROM => ("rolled", dice[0], 4, counter),
        None => return None,
    };
    let then = (die + 1..=6).flat_map(|d| [d; 4]).collect();
    Some(StageJson { kind: kind.into(), die, moves, then, roll })
}

/// The game being played (the last one once the match is over).
#[derive(Serialize, ToSchema)]
pub struct GameState {
    /// 1 for the first game of the match.
    pub number: usize,
    /// Which game it is: `portes`, `plakoto`, `fevga` or `gulbara`.
    pub game: String,
    /// The game that comes after it (null once the match is over, or in
    /// a single game).
    pub next_game: Option<String>,
    /// Opening roll-offs `[white, black]`, the last decisive; empty when the
    /// winner of the previous game started.
    #[schema(value_type = Vec<Vec<u8>>)]
    pub opening: Vec<[u8; 2]>,
    /// Who started the game.
    pub first: Option<String>,
    /// How it started: `opening-roll`, `winner` (the winner of the last
    /// game starts) or `position` (from a position set up for it).
    pub start: String,
    /// The position the game is in (position JSON of its game).
    #[schema(value_type = Object)]
    pub position: AnyPosition,
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
    /// Gul bara: the dice out are one stage of a ladder or dice handed
    /// over (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stage: Option<StageJson>,
}

/// A finished or current game in the match.
#[derive(Serialize, ToSchema)]
pub struct GameSummary {
    pub number: usize,
    /// Which game it is: `portes`, `plakoto`, `fevga` or `gulbara`.
    pub game: String,
    pub first: Option<String>,
    pub turns: usize,
    #[schema(value_type = Option<crate::wire::ResultJson>)]
    pub result: Option<GameResult>,
}

/// The game before the one being played, as it ended: what the page shows
/// between two games until the player goes on.
#[derive(Serialize, ToSchema)]
pub struct PreviousGameJson {
    /// Its number in the match (1 for the first).
    pub number: usize,
    /// Which game it was: `portes`, `plakoto`, `fevga` or `gulbara`.
    pub game: String,
    /// Its final position.
    #[schema(value_type = Object)]
    pub position: AnyPosition,
    pub position_id: String,
    /// Its final pip counts.
    pub pips: SidesJson<u32>,
    /// Its last turn (null when it ended before any turn, by resignation).
    pub last: Option<LogEntry>,
    #[schema(value_type = Option<crate::wire::ResultJson>)]
    pub result: Option<GameResult>,
}

/// A match played online, as the one asking sees it.
#[derive(Serialize, ToSchema)]
pub struct OnlineJson {
    /// The seat the request's secret holds (`white`, `black`), or null
    /// for a spectator.
    pub you: Option<String>,
    /// Is each seat taken?
    pub taken: SidesJson<bool>,
    /// Is each seat's holder connected now (a live stream open)?
    pub connected: SidesJson<bool>,
}

/// A resignation offered for fewer points than the rules give, waiting
/// for the other side's answer (online: `POST …/resign/answer`).
#[derive(Serialize, ToSchema)]
pub struct OfferJson {
    /// The side offering to resign.
    pub side: String,
    /// The points it offers.
    pub points: u8,
}

/// The answer to a resignation offered online, by the other seat.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AnswerRequest {
    /// Accept the offer (the game ends for its points) or decline it (the
    /// game goes on).
    pub accept: bool,
    /// The match version the answer is for (required).
    pub version: Option<u64>,
}

/// Single moves of the turn being entered, shown to watchers.
#[derive(Serialize, ToSchema)]
pub struct PendingJson {
    /// The match version they are for.
    pub version: u64,
    /// The side entering them.
    pub side: String,
    /// The moves, (from, to) in the mover's numbering.
    #[schema(value_type = Vec<Vec<u8>>)]
    pub moves: Vec<[u8; 2]>,
}

/// Everything the page needs to show a match.
#[derive(Serialize, ToSchema)]
pub struct MatchState {
    /// The match id, as in its address `/match/ID`.
    pub id: String,
    /// Goes up by one with every change; send it back with a play.
    pub version: u64,
    /// When it was created (milliseconds since 1970).
    pub created_ms: i64,
    /// When it last changed.
    pub updated_ms: i64,
    /// `engine` or `human`.
    pub opponent: String,
    /// The engine's level, against the engine.
    pub level: Option<String>,
    /// The person's side against the engine.
    pub human_color: Option<String>,
    /// The players as the record names them (`human`, `engine:LEVEL`).
    pub players: SidesJson<String>,
    /// The games the match plays and its options, as its record writes
    /// them: `{"games": "tavli"}`, `{"games": "plakoto"}`, …
    #[schema(value_type = Object)]
    pub rules: MatchRules,
    /// Points to win the match.
    pub match_to: u32,
    /// Points each side has.
    pub score: SidesJson<u32>,
    /// The match winner once the match is over.
    pub winner: Option<String>,
    /// Is the match over?
    pub over: bool,
    /// Who must act now (null once the match is over).
    pub to_act: Option<ToAct>,
    /// What each side would give by resigning now (the rules': 2 points
    /// while it has borne off nothing, else 1); null once the match is over.
    pub resign_points: Option<SidesJson<u8>>,
    /// The game being played.
    pub game: GameState,
    /// Every game so far.
    pub games: Vec<GameSummary>,
    /// The game before the one being played (null in the first game).
    pub previous_game: Option<PreviousGameJson>,
    /// For a match played online: the seats.
    pub online: Option<OnlineJson>,
    /// The single moves of the turn being entered online, not confirmed yet.
    pub pending: Option<PendingJson>,
    /// A resignation offered online and not yet answered.
    pub offer: Option<OfferJson>,
    /// Where the dice come from (null for dice written down in a record).
    pub dice_from: Option<DiceFromJson>,
}

/// Where a match's dice come from, and what proves them fair.
#[derive(Serialize, ToSchema)]
pub struct DiceFromJson {
    /// `secret` (a secret seed, revealed when the match is over), `number`
    /// (a seed chosen when the match was made: whoever chose it knows the
    /// dice) or `contributions` (online: the server's committed secret and
    /// both seats' contributions).
    pub kind: String,
    /// The SHA-256 of the seed as written, published from the start.
    pub commitment: String,
    /// Each side's contribution (64 hex digits; null until its seat is
    /// taken), when the kind is `contributions`.
    pub contributions: Option<SidesJson<Option<String>>>,
}

fn name(c: Color) -> String {
    c.name().to_string()
}

/// The JSON of a match's state, for the holder of `token` (a seat online,
/// or anyone).
pub fn view_for(live: &Held, token: Option<&str>, presence: (bool, bool)) -> MatchState {
    let mut v = view(live);
    if live.seats.online() {
        v.online = Some(OnlineJson {
            you: live.seat_of(token).map(name),
            taken: SidesJson { white: live.seat_taken(Color::White), black: live.seat_taken(Color::Black) },
            connected: SidesJson { white: presence.0, black: presence.1 },
        });
        v.opponent = "online".into();
    }
    v
}

/// The JSON of a match's state.
pub fn view(live: &Held) -> MatchState {
    let m = &live.m;
    let g = m.game();
    let pos = *g.position();
    let who = m.player_to_act();
    // The turn's start for click and drag, when a person is to enter it.
    let entry = match (g.dice(), who) {
        (Some(d), Some((_, p))) if p.is_person() => turn_state(&pos, d, &[]).ok(),
        _ => None,
    };
    let resign = |c: Color| m.resignation_points(c);
    MatchState {
        id: live.id.clone(),
        version: live.version,
        created_ms: live.created_ms,
        updated_ms: live.updated_ms,
        opponent: if live.level().is_some() { "engine" } else { "human" }.into(),
        level: live.level().map(str::to_string),
        human_color: live.person().map(name),
        players: SidesJson { white: m.players().white.to_string(), black: m.players().black.to_string() },
        rules: *m.rules(),
        match_to: m.target(),
        score: SidesJson { white: m.score(Color::White), black: m.score(Color::Black) },
        winner: m.winner().map(name),
        over: m.is_over(),
        to_act: who
            .map(|(side, p)| ToAct { side: name(side), who: if p.is_person() { "human" } else { "engine" }.into() }),
        resign_points: resign(Color::White).zip(resign(Color::Black)).map(|(white, black)| SidesJson { white, black }),
        game: GameState {
            number: m.games().len(),
            game: pos.kind().name().into(),
            next_game: (!m.is_over() && m.target() > 1)
                .then(|| m.rules().next_game(pos.kind(), false).name().to_string()),
            opening: g.opening().to_vec(),
            first: g.first_side().map(name),
            start: match g.start() {
                tavli_core::game::Start::OpeningRoll => "opening-roll",
                tavli_core::game::Start::Side(_) => "winner",
                tavli_core::game::Start::Position(_) => "position",
            }
            .into(),
            position: pos,
            position_id: pos.id(),
            turn: name(pos.turn()),
            dice: g.dice().map(|d| [d.high(), d.low()]),
            pips: SidesJson { white: pos.pips(Color::White), black: pos.pips(Color::Black) },
            plays: g.legal_plays().iter().map(PlayJson::any).collect(),
            entry,
            result: g.result(),
            log: g
                .turns()
                .iter()
                .zip(g.positions_before())
                .map(|(t, before)| LogEntry {
                    position_id: before.id(),
                    side: name(t.side),
                    dice: t.dice,
                    moves: t.moves.clone(),
                    notation: t.notation.clone(),
                    stage: stage_of(before, t.dice),
                })
                .collect(),
            stage: g.dice().and_then(|d| stage_of(&pos, [d.high(), d.low()])),
        },
        games: m
            .games()
            .iter()
            .enumerate()
            .map(|(i, g)| GameSummary {
                number: i + 1,
                game: g.position().kind().name().into(),
                first: g.first_side().map(name),
                turns: g.turns().len(),
                result: g.result(),
            })
            .collect(),
        previous_game: m.games().len().checked_sub(2).map(|i| {
            let p = &m.games()[i];
            let end = *p.position();
            PreviousGameJson {
                number: i + 1,
                game: end.kind().name().into(),
                position: end,
                position_id: end.id(),
                pips: SidesJson { white: end.pips(Color::White), black: end.pips(Color::Black) },
                last: p.turns().last().zip(p.positions_before().last()).map(|(t, before)| LogEntry {
                    position_id: before.id(),
                    side: name(t.side),
                    dice: t.dice,
                    moves: t.moves.clone(),
                    notation: t.notation.clone(),
                    stage: stage_of(before, t.dice),
                }),
                result: p.result(),
            }
        }),
        online: None,
        dice_from: (!m.dice_recorded()).then(|| DiceFromJson {
            kind: match (m.contributions(), m.seed()) {
                (Some(_), _) => "contributions",
                (None, Seed::Number(_)) => "number",
                (None, Seed::Secret(_)) => "secret",
            }
            .into(),
            commitment: m.seed().commitment(),
            contributions: m
                .contributions()
                .map(|c| SidesJson { white: c.white.map(|x| x.to_string()), black: c.black.map(|x| x.to_string()) }),
        }),
        offer: m.offer().map(|o| OfferJson { side: name(o.side), points: o.points }),
        pending: live
            .pending
            .as_ref()
            .filter(|(v, _, _)| *v == live.version)
            .map(|(version, side, moves)| PendingJson { version: *version, side: name(*side), moves: moves.clone() }),
    }
}

/// A seat given to this browser: its side and secret (kept by the browser;
/// send it as `Authorization: Bearer SECRET`).
#[derive(Serialize, ToSchema)]
pub struct SeatJson {
    /// `white` or `black`.
    pub side: String,
    /// The seat's secret, shown this once.
    pub token: String,
}

impl From<&SeatGrant> for SeatJson {
    fn from(g: &SeatGrant) -> SeatJson {
        SeatJson { side: name(g.side), token: g.token.clone() }
    }
}

/// A new match: its state, and online its creator's seat and the
/// invitation for the friend.
#[derive(Serialize, ToSchema)]
pub struct CreatedJson {
    /// The match's state.
    #[serde(flatten)]
    pub state: MatchState,
    /// The creator's seat (online; absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<SeatJson>,
    /// The invitation code for the other seat (online): the friend opens
    /// `/match/ID#join=CODE`; it can be used once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invite: Option<String>,
}

/// Starts a match against the engine at a level, between two people on one
/// device, or online between two browsers. The dice of the first turn are
/// already rolled.
#[utoipa::path(post, path = "/api/v1/matches", tag = "matches", request_body = CreateMatch,
    responses((status = 201, body = CreatedJson), (status = 422, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn create(
    State(state): State<Arc<AppState>>,
    client: Option<Extension<ConnectInfo<SocketAddr>>>,
    JsonBody(req): JsonBody<CreateMatch>,
) -> Result<(StatusCode, Json<CreatedJson>), ApiError> {
    // Without a peer address (the router driven in process) all requests
    // count as one client.
    state.allow_new_match(client.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |Extension(ConnectInfo(a))| a.ip()))?;
    let side_asked = |s: Option<&str>| -> Result<Option<Color>, ApiError> {
        match s.unwrap_or("white") {
            "random" => Ok(None),
            s => colour("human_color", s).map(Some).map_err(|_| {
                ApiError::invalid(
                    "bad-request",
                    format!(
                        "human_color `{}`: use \"white\", \"black\" or \"random\"",
                        s.chars().take(30).collect::<String>()
                    ),
                )
            }),
        }
    };
    let opponent = match req.opponent.as_deref().unwrap_or("engine") {
        "online" => Opponent::Online {
            creator: side_asked(req.human_color.as_deref())?,
            contribution: contribution(req.contribution.as_deref())?,
        },
        "engine" => {
            let person = match req.human_color.as_deref().unwrap_or("white") {
                "random" => None,
                s => Some(colour("human_color", s).map_err(|_| {
                    ApiError::invalid(
                        "bad-request",
                        format!(
                            "human_color `{}`: use \"white\", \"black\" or \"random\"",
                            s.chars().take(30).collect::<String>()
                        ),
                    )
                })?),
            };
            Opponent::Engine { level: req.level.clone(), person }
        }
        "human" => Opponent::People,
        other => {
            return Err(ApiError::invalid(
                "bad-request",
                format!(
                    "opponent `{}`: use \"engine\", \"human\" or \"online\"",
                    other.chars().take(30).collect::<String>()
                ),
            ));
        }
    };
    if req.contribution.is_some() && !matches!(opponent, Opponent::Online { .. }) {
        return Err(ApiError::invalid(
            "bad-request",
            "contribution: only a match online between two people takes contributions to its dice",
        ));
    }
    let games = match req.games.as_deref() {
        None => MatchGames::default(),
        Some(text) => MatchGames::parse(text).map_err(|e| ApiError::invalid("bad-request", format!("games: {e}")))?,
    };
    // Every game is played: the page draws each by its way round and bar
    // (`GET /api/v1/games`), and words its rules' own steps (Gul bara's
    // ladder) from the match state (`game.stage`, `log[].stage`).
    let rotates = games.rotation().len() > 1;
    let length = req.length.unwrap_or(if rotates { games.default_length() } else { 1 });
    // `start` means the first game's, and a position of another game is
    // refused naming both.
    let first = MatchRules::of(games).first_game();
    let position = req.position.as_deref().map(|raw| crate::wire::any_position(Some(raw), Some(first))).transpose()?;
    let new = NewMatch { opponent, games, length, seed: req.seed, position };
    let Created { live, seat, invite } = state.call(move |s| Ok(s.create(new)?)).await?;
    let token = seat.as_ref().map(|g| g.token.clone());
    let view = view_for(&live, token.as_deref(), (false, false));
    Ok((StatusCode::CREATED, Json(CreatedJson { state: view, seat: seat.as_ref().map(SeatJson::from), invite })))
}

/// The invitation to a match's free seat.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    /// The invitation code of the link.
    pub invite: String,
    /// The joiner's share of the dice, 64 hex digits (see `CreateMatch`);
    /// without one the server draws it.
    pub contribution: Option<String>,
}

/// The joiner's seat and the match.
#[derive(Serialize, ToSchema)]
pub struct JoinedJson {
    /// The match's state.
    #[serde(flatten)]
    pub state: MatchState,
    /// The seat taken.
    pub seat: SeatJson,
}

/// Takes the free seat of a match played online with its invitation (once).
/// A code that is not the match's invitation is a 403 `bad-invite` while
/// the seat is free; once both seats are taken, any code is a 409
/// `seat-taken`.
#[utoipa::path(post, path = "/api/v1/matches/{id}/join", tag = "matches", request_body = JoinRequest,
    params(("id" = String, Path, description = "match id")),
    responses((status = 200, body = JoinedJson), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
pub async fn join(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<JoinRequest>,
) -> Result<Json<JoinedJson>, ApiError> {
    if req.invite.len() > 128 {
        return Err(ApiError::invalid("bad-request", "the invitation code is too long"));
    }
    let share = contribution(req.contribution.as_deref())?;
    state
        .call(move |s| {
            let (live, grant) = s.join(&id, &req.invite, share)?;
            let presence = s.hub().presence(&id);
            Ok(Json(JoinedJson { state: view_for(&live, Some(&grant.token), presence), seat: SeatJson::from(&grant) }))
        })
        .await
}

/// Single moves of the turn being entered, for watchers.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ShowMovesRequest {
    /// The match version the moves are for.
    pub version: u64,
    /// The single moves so far, (from, to) in the mover's numbering.
    #[schema(value_type = Vec<Vec<u8>>)]
    pub moves: Vec<[u8; 2]>,
}

/// Shows the single moves entered so far of the turn (not a play yet) to
/// everyone watching the match live; online only the seat on roll may.
#[utoipa::path(post, path = "/api/v1/matches/{id}/moves", tag = "matches", request_body = ShowMovesRequest,
    params(("id" = String, Path, description = "match id")),
    responses((status = 204), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn moves(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    SeatToken(token): SeatToken,
    JsonBody(req): JsonBody<ShowMovesRequest>,
) -> Result<StatusCode, ApiError> {
    state.call(move |s| Ok(s.show_moves(&id, req.version, &req.moves, token.as_deref())?)).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The state of a match: board, dice, legal plays, log, score, whose turn.
#[utoipa::path(get, path = "/api/v1/matches/{id}", tag = "matches",
    params(("id" = String, Path, description = "match id")),
    responses((status = 200, body = MatchState), (status = 404, body = ErrorBody)))]
pub async fn get(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    SeatToken(token): SeatToken,
) -> Result<Json<MatchState>, ApiError> {
    state
        .call(move |s| {
            let live = s.get(&id)?;
            Ok(Json(view_for(&live, token.as_deref(), s.hub().presence(&id))))
        })
        .await
}

/// The match record (INTERFACE.md game record): every roll and play, and
/// the seed's commitment; the seed itself only once the match is over, so
/// nobody can work out a roll before it is rolled.
#[utoipa::path(get, path = "/api/v1/matches/{id}/record", tag = "matches",
    params(("id" = String, Path, description = "match id")),
    responses((status = 200, body = Object), (status = 404, body = ErrorBody)))]
pub async fn record(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Json<MatchRecord<AnyPosition>>, ApiError> {
    state.call(move |s| Ok(Json(s.get(&id)?.m.public_record()))).await
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
    SeatToken(token): SeatToken,
    JsonBody(req): JsonBody<PlayRequest>,
) -> Result<Json<MatchState>, ApiError> {
    let input = match (req.moves, req.notation) {
        (Some(moves), None) => Ok(PlayInput::Moves(moves)),
        (None, Some(text)) => Ok(PlayInput::Notation(text)),
        _ => Err(ApiError::invalid("bad-request", "give either `moves` or `notation`")),
    };
    state
        .call(move |s| match input {
            Ok(input) => {
                let live = s.play(&id, req.version, &input, token.as_deref())?;
                Ok(Json(view_for(&live, token.as_deref(), s.hub().presence(&id))))
            }
            // An unknown match is said first.
            Err(e) => Err(s.get(&id).err().map_or(e, ApiError::from)),
        })
        .await
}

/// The optional body of engine-move.
#[derive(Deserialize, ToSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct EngineMoveRequest {
    /// The match version the request is for; a different one gives 409 `stale`.
    pub version: Option<u64>,
}

/// Lets the engine play its turn (a pass when it cannot move). Bounded in
/// time; 503 when the engine is saturated or over its time limit (then
/// nothing is played).
#[utoipa::path(post, path = "/api/v1/matches/{id}/engine-move", tag = "matches",
    params(("id" = String, Path, description = "match id")), request_body(content = EngineMoveRequest, description = "optional"),
    responses((status = 200, body = MatchState), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 503, body = ErrorBody)))]
pub async fn engine_move(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<EngineMoveRequest>,
) -> Result<Json<MatchState>, ApiError> {
    let service = state.service.clone();
    state.engine(move |deadline| Ok(Json(view(&service.engine_move(&id, req.version, deadline)?)))).await
}

/// Answers a resignation offered online: only the other seat's holder
/// may; accepted, the game ends for the points offered, declined, it goes
/// on.
#[utoipa::path(post, path = "/api/v1/matches/{id}/resign/answer", tag = "matches", request_body = AnswerRequest,
    params(("id" = String, Path, description = "match id")),
    responses((status = 200, body = MatchState), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn answer_offer(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    SeatToken(token): SeatToken,
    JsonBody(req): JsonBody<AnswerRequest>,
) -> Result<Json<MatchState>, ApiError> {
    state
        .call(move |s| {
            let live = s.answer_offer(&id, req.version, req.accept, token.as_deref())?;
            Ok(Json(view_for(&live, token.as_deref(), s.hub().presence(&id))))
        })
        .await
}

/// Resigns the current game: the opponent gets what the rules give (2
/// points while the resigning side has borne off nothing, else 1), or the
/// single game offered, if accepted (see `points`).
#[utoipa::path(post, path = "/api/v1/matches/{id}/resign", tag = "matches", request_body(content = ResignRequest, description = "optional"),
    params(("id" = String, Path, description = "match id")),
    responses((status = 200, body = MatchState), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn resign(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    SeatToken(token): SeatToken,
    JsonBody(req): JsonBody<ResignRequest>,
) -> Result<Json<MatchState>, ApiError> {
    let side = req.side.as_deref().map(|s| colour("side", s)).transpose()?;
    state
        .call(move |s| {
            let live = s.resign(&id, req.version, side, req.points, token.as_deref())?;
            Ok(Json(view_for(&live, token.as_deref(), s.hub().presence(&id))))
        })
        .await
}
