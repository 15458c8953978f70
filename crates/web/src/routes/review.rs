//! Game review over HTTP, as `plakoto review --json` gives it: a saved
//! match's (finished or not: the turns played so far), or a record sent in
//! the body (a record's JSON, or a plain move list as `plakoto review`
//! reads). The answer adds the position before every turn, so a page can
//! draw the board of any turn without decoding position IDs.

use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, Query, State};
use plakoto_core::Position;
use plakoto_core::game::{Match, MatchRecord, read_move_list};
use plakoto_engine::review::{Review, Reviewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::error::{ApiError, ErrorBody, JsonBody};
use crate::state::AppState;
use crate::wire;

/// The depth of a review when the request does not say: the hints'.
const DEFAULT_PLY: u8 = 1;

/// How deep to review.
#[derive(Deserialize, IntoParams)]
pub struct ReviewQuery {
    /// Plies of search for every play (0 to 2; default 1).
    pub ply: Option<i64>,
}

/// A record to review: exactly one of `record` and `text`.
#[derive(Deserialize, ToSchema)]
pub struct ReviewRequest {
    /// A match record (INTERFACE.md "Game record"), with its dice written
    /// down or drawn from its seed.
    #[schema(value_type = Option<Object>)]
    pub record: Option<serde_json::Value>,
    /// A plain move list, one turn per line, e.g. `6-4: 24/18 24/20`.
    pub text: Option<String>,
    /// Plies of search for every play (0 to 2; default 1).
    pub ply: Option<i64>,
}

/// A review (the shape of `plakoto review --json`) and the boards.
#[derive(Serialize, ToSchema)]
pub struct ReviewJson {
    /// The review itself, as `plakoto review --json` prints it.
    #[serde(flatten)]
    #[schema(value_type = Object)]
    pub review: Review,
    /// For each game, the position before each of its turns (position JSON).
    #[schema(value_type = Vec<Vec<Object>>)]
    pub positions: Vec<Vec<Position>>,
}

/// Reviews `m` at `ply` on an engine slot, within the engine's time limit.
async fn review(state: &AppState, m: Match, ply: u8) -> Result<Json<ReviewJson>, ApiError> {
    let eval = state.service.engine().clone();
    state
        .engine(move |deadline| {
            let review = Reviewer::new(eval, ply).review_before(&m, deadline).ok_or_else(|| {
                ApiError::unavailable(
                    "timeout",
                    format!("reviewing this match at {ply}-ply takes too long here; review it at a lower ply"),
                )
            })?;
            let positions = m.games().iter().map(|g| g.positions_before()[..g.turns().len()].to_vec()).collect();
            Ok(Json(ReviewJson { review, positions }))
        })
        .await
}

/// The review of saved match `id`: every turn played so far.
#[utoipa::path(get, path = "/api/v1/matches/{id}/review", tag = "matches",
    params(("id" = String, Path, description = "match id"), ReviewQuery),
    responses((status = 200, body = ReviewJson), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody),
        (status = 503, body = ErrorBody)))]
pub async fn match_review(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    Query(q): Query<ReviewQuery>,
) -> Result<Json<ReviewJson>, ApiError> {
    let ply = wire::ply(q.ply, DEFAULT_PLY)?;
    let m = state.call(move |s| Ok(s.get(&id)?.m.clone())).await?;
    review(&state, m, ply).await
}

/// The review of a record sent in the body: a match record's JSON or a
/// plain move list. A bad record is refused naming the game, turn and fault.
#[utoipa::path(post, path = "/api/v1/review", tag = "positions", request_body = ReviewRequest,
    responses((status = 200, body = ReviewJson), (status = 422, body = ErrorBody), (status = 503, body = ErrorBody)))]
pub async fn record_review(
    State(state): State<Arc<AppState>>,
    JsonBody(req): JsonBody<ReviewRequest>,
) -> Result<Json<ReviewJson>, ApiError> {
    let ply = wire::ply(req.ply, DEFAULT_PLY)?;
    let record: MatchRecord = match (req.record, req.text) {
        (Some(r), None) => serde_json::from_value(r)
            .map_err(|e| ApiError::invalid("bad-record", format!("this is not a match record: {e}")))?,
        (None, Some(text)) => read_move_list(&text).map_err(|e| ApiError::invalid("bad-record", e.to_string()))?,
        _ => {
            return Err(ApiError::invalid(
                "bad-record",
                "send either `record` (a match record) or `text` (a move list)",
            ));
        }
    };
    let m = Match::for_review(&record).map_err(|e| ApiError::invalid("bad-record", e.to_string()))?;
    review(&state, m, ply).await
}
