//! Endpoints about a position alone, with no saved state: legal plays,
//! a turn entered one checker at a time, evaluation and hints, the levels.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use plakoto_core::{GameResult, Position};
use plakoto_engine::{LevelKind, Probabilities, Search, analysis};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody, JsonBody};
use crate::state::AppState;
use crate::wire::{self, PlayJson, TurnState, turn_state};

#[derive(Deserialize, ToSchema)]
pub struct MovesRequest {
    /// Position JSON, or a string: `start`, a position ID or position JSON.
    #[schema(value_type = Object)]
    pub position: Option<Box<RawValue>>,
    /// `"6-4"` or `[6, 4]`.
    #[schema(value_type = Object)]
    pub dice: Option<Value>,
}

/// Every legal play of a roll, one per distinct resulting position.
///
/// The same list as `plakoto moves --json`: a roll with no legal move gives
/// the single play `pass`; a position whose game is over gives `[]`.
#[utoipa::path(post, path = "/api/v1/moves", tag = "positions", request_body = MovesRequest,
    responses((status = 200, body = [PlayJson]), (status = 422, body = ErrorBody), (status = 400, body = ErrorBody)))]
pub async fn moves(JsonBody(req): JsonBody<MovesRequest>) -> Result<Json<Vec<PlayJson>>, ApiError> {
    let pos = wire::position(req.position.as_deref())?;
    let dice = wire::dice(req.dice.as_ref())?;
    Ok(Json(pos.legal_plays(dice).iter().map(PlayJson::new).collect()))
}

#[derive(Deserialize, ToSchema)]
pub struct TurnRequest {
    #[schema(value_type = Object)]
    pub position: Option<Box<RawValue>>,
    #[schema(value_type = Object)]
    pub dice: Option<Value>,
    /// Single moves entered so far, (from, to) in the mover's numbering.
    #[serde(default)]
    #[schema(value_type = Vec<Vec<u8>>)]
    pub moves: Vec<[u8; 2]>,
}

/// Enters a turn one checker at a time: the legal next moves, the board so
/// far, and the play once the moves make one. The page uses it for click
/// and drag; nothing is saved.
#[utoipa::path(post, path = "/api/v1/turn", tag = "positions", request_body = TurnRequest,
    responses((status = 200, body = TurnState), (status = 422, body = ErrorBody)))]
pub async fn turn(JsonBody(req): JsonBody<TurnRequest>) -> Result<Json<TurnState>, ApiError> {
    let pos = wire::position(req.position.as_deref())?;
    let dice = wire::dice(req.dice.as_ref())?;
    turn_state(&pos, dice, &req.moves).map(Json)
}

#[derive(Deserialize, ToSchema)]
pub struct EvalRequest {
    #[schema(value_type = Object)]
    pub position: Option<Box<RawValue>>,
    /// Search depth, 0 (default) to 2.
    pub ply: Option<i64>,
}

/// An evaluation, as `plakoto eval --json` prints it.
#[derive(Serialize, ToSchema)]
pub struct EvalJson {
    #[schema(value_type = Object)]
    pub position: Position,
    /// The position ID.
    pub id: String,
    pub ply: u8,
    #[schema(value_type = ProbabilitiesJson)]
    pub probabilities: Probabilities,
    /// Expected points for the side on roll.
    pub equity: f32,
    /// The result when the game is over in this position.
    #[schema(value_type = Option<crate::wire::ResultJson>)]
    pub result: Option<GameResult>,
}

/// Outcome probabilities for the side on roll; `win` includes `win_double`.
#[derive(Serialize, ToSchema)]
#[allow(dead_code)]
pub struct ProbabilitiesJson {
    pub win: f32,
    pub win_double: f32,
    pub lose: f32,
    pub lose_double: f32,
    pub draw: f32,
}

/// The engine's evaluation of a position for the side on roll.
#[utoipa::path(post, path = "/api/v1/eval", tag = "positions", request_body = EvalRequest,
    responses((status = 200, body = EvalJson), (status = 422, body = ErrorBody), (status = 503, body = ErrorBody)))]
pub async fn eval(
    State(state): State<Arc<AppState>>,
    JsonBody(req): JsonBody<EvalRequest>,
) -> Result<Json<EvalJson>, ApiError> {
    let pos = wire::position(req.position.as_deref())?;
    let ply = wire::ply(req.ply, 0)?;
    let eval = state.service.engine().clone();
    let e = state.engine(move |_| Ok(analysis::evaluate(&Search::new(eval, ply), &pos))).await?;
    Ok(Json(EvalJson {
        position: pos,
        id: pos.id(),
        ply: e.ply,
        probabilities: e.probabilities,
        equity: e.equity,
        result: pos.outcome(),
    }))
}

#[derive(Deserialize, ToSchema)]
pub struct HintRequest {
    #[schema(value_type = Object)]
    pub position: Option<Box<RawValue>>,
    #[schema(value_type = Object)]
    pub dice: Option<Value>,
    /// Search depth, 0 (default) to 2.
    pub ply: Option<i64>,
    /// At most this many plays, best first (default: all).
    pub max: Option<usize>,
}

/// A legal play with the engine's view of it.
#[derive(Serialize, ToSchema)]
pub struct RankedPlayJson {
    #[serde(flatten)]
    pub play: PlayJson,
    /// Expected points for the mover after this play.
    pub equity: f32,
    /// The best play's equity minus this one's (0 for the best).
    pub diff: f32,
    /// The depth this play was searched to.
    pub ply: u8,
    #[schema(value_type = ProbabilitiesJson)]
    pub probabilities: Probabilities,
}

/// The ranked plays, as `plakoto hint --json` prints them.
#[derive(Serialize, ToSchema)]
pub struct HintJson {
    #[schema(value_type = Object)]
    pub position: Position,
    #[schema(value_type = Vec<u8>)]
    pub dice: [u8; 2],
    pub ply: u8,
    /// Best first.
    pub plays: Vec<RankedPlayJson>,
}

/// The legal plays of a roll ranked by the engine, best first, with equities.
#[utoipa::path(post, path = "/api/v1/hint", tag = "positions", request_body = HintRequest,
    responses((status = 200, body = HintJson), (status = 422, body = ErrorBody), (status = 503, body = ErrorBody)))]
pub async fn hint(
    State(state): State<Arc<AppState>>,
    JsonBody(req): JsonBody<HintRequest>,
) -> Result<Json<HintJson>, ApiError> {
    let pos = wire::position(req.position.as_deref())?;
    let dice = wire::dice(req.dice.as_ref())?;
    let ply = wire::ply(req.ply, 0)?;
    let eval = state.service.engine().clone();
    let ranked = state.engine(move |_| Ok(analysis::rank_plays(&Search::new(eval, ply), &pos, dice))).await?;
    let plays = ranked
        .iter()
        .take(req.max.unwrap_or(usize::MAX))
        .map(|r| RankedPlayJson {
            play: PlayJson::new(&r.play),
            equity: r.equity,
            diff: r.diff,
            ply: r.ply,
            probabilities: r.probabilities,
        })
        .collect();
    Ok(Json(HintJson { position: pos, dice: [dice.high(), dice.low()], ply, plays }))
}

/// A built-in engine level.
#[derive(Serialize, ToSchema)]
pub struct LevelJson {
    /// The name to ask for (`expert`).
    pub name: String,
    /// What it is, in a few words.
    pub about: String,
    /// `random`, `heuristic` or `neural`.
    pub kind: String,
    /// How deep a neural level searches (plies).
    pub ply: Option<u8>,
    /// The noise a neural level adds to each play's equity (0: none).
    pub noise: Option<f32>,
    /// The level a new match gets when none is asked for.
    pub default: bool,
}

/// The engine's built-in levels, weakest first.
#[utoipa::path(get, path = "/api/v1/levels", tag = "positions", responses((status = 200, body = [LevelJson])))]
pub async fn levels() -> Json<Vec<LevelJson>> {
    Json(
        plakoto_engine::LEVELS
            .iter()
            .map(|l| {
                let (kind, ply, noise) = match l.kind {
                    LevelKind::Random => ("random", None, None),
                    LevelKind::Heuristic => ("heuristic", None, None),
                    LevelKind::Neural { ply, noise } => ("neural", Some(ply), Some(noise)),
                };
                LevelJson {
                    name: l.name.into(),
                    about: l.about.into(),
                    kind: kind.into(),
                    ply,
                    noise,
                    default: l.name == plakoto_engine::DEFAULT_LEVEL,
                }
            })
            .collect(),
    )
}
