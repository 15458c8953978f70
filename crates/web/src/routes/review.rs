//! Game review over HTTP, as `tavli review --json` gives it: a saved
//! match's (finished or not: the turns played so far), or a record sent in
//! the body (a record's JSON, or a plain move list as `tavli review`
//! reads). The answer adds the position before every turn, so a page can
//! draw the board of any turn without decoding position IDs.
//!
//! A review runs as a job (`reviews.rs`): `POST /api/v1/matches/{id}/review`
//! and `POST /api/v1/reviews` start one and answer its id (202), or the
//! review at once (200) when it was made before; `GET /api/v1/reviews/{job}`
//! tells the turns done and, at the end, gives the review. The older
//! `GET /api/v1/matches/{id}/review` and `POST /api/v1/review` wait for
//! the same job up to the engine's time limit.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

use axum::Extension;
use axum::Json;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize, Serializer};
use serde_json::value::RawValue;
use tavli_core::game::{MatchError, MatchRecord, read_any_move_list};
use tavli_core::tavli::AnyPosition;
use utoipa::{IntoParams, ToSchema};

use crate::error::{ApiError, ErrorBody, ErrorDetail, JsonBody, no_engine_help};
use crate::reviews::{ReviewJson, Snapshot, Status, valid_job_id};
use crate::service::Match;
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

/// A review job: where it is, the turns done, and at the end the review.
#[derive(Serialize, ToSchema)]
pub struct ReviewJobJson {
    /// The job's id: `GET /api/v1/reviews/{id}` tells how it goes,
    /// `DELETE` gives it up.
    pub id: String,
    /// `queued`, `running`, `done`, `failed` or `cancelled`.
    pub status: &'static str,
    /// The depth of the review.
    pub ply: u8,
    /// Turns reviewed so far.
    pub done: usize,
    /// Turns in all.
    pub total: usize,
    /// While queued: the jobs that start before this one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ahead: Option<usize>,
    /// Once done: the review, as `GET /api/v1/matches/{id}/review` answers it.
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "raw")]
    #[schema(value_type = Option<ReviewJson>)]
    pub review: Option<Arc<RawValue>>,
    /// Once failed: why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorDetail>,
}

fn raw<S: Serializer>(v: &Option<Arc<RawValue>>, s: S) -> Result<S::Ok, S::Error> {
    v.as_deref().serialize(s)
}

impl ReviewJobJson {
    fn of(s: Snapshot) -> ReviewJobJson {
        let (status, ahead, review, error) = match s.status {
            Status::Queued { ahead } => ("queued", Some(ahead), None, None),
            Status::Running => ("running", None, None, None),
            Status::Done(r) => ("done", None, Some(r), None),
            Status::Failed(e) => {
                ("failed", None, None, Some(ErrorDetail { code: e.code.into(), message: e.message, reason: None }))
            }
            Status::Cancelled => ("cancelled", None, None, None),
        };
        ReviewJobJson { id: s.id, status, ply: s.ply, done: s.done, total: s.total, ahead, review, error }
    }
}

/// What this server reviews: the most turns at each depth, and the jobs
/// one client address may have at once.
#[derive(Serialize, ToSchema)]
pub struct ReviewLimitsJson {
    /// The most turns a review may have at 0, 1 and 2 plies (a longer one
    /// is refused with a 422 `too-long`).
    pub max_turns: Vec<usize>,
    /// Review jobs one client address may have waiting or running at once.
    pub per_client: usize,
    /// Review jobs waiting or running at once, in all.
    pub queue: usize,
}

/// The client's address (one for all requests that come without one, as in tests).
fn client(c: Option<Extension<ConnectInfo<SocketAddr>>>) -> IpAddr {
    c.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |Extension(ConnectInfo(a))| a.ip())
}

/// Saved match `id`, as it is now; refused (403 `no-engine-help`) while
/// it is a match between two people online being played.
async fn saved(state: &AppState, id: String) -> Result<Match, ApiError> {
    let (record, off) = state
        .call(move |s| {
            let held = s.get(&id)?;
            Ok((held.m.record(), held.engine_help_off()))
        })
        .await?;
    if off {
        return Err(no_engine_help());
    }
    Match::from_record(&record).map_err(|e| ApiError::internal(e.to_string()))
}

/// The match of any game a request's record or move list holds.
fn sent(record: Option<serde_json::Value>, text: Option<String>) -> Result<Match, ApiError> {
    let record: MatchRecord<AnyPosition> = match (record, text) {
        (Some(r), None) => serde_json::from_value(r).map_err(|e| {
            let said = tavli_core::quote::shorten_quoted(&e.to_string());
            ApiError::invalid("bad-record", format!("this is not a match record: {said}"))
        })?,
        (None, Some(text)) => read_any_move_list(&text).map_err(|e| ApiError::invalid("bad-record", e.to_string()))?,
        _ => {
            return Err(ApiError::invalid(
                "bad-record",
                "send either `record` (a match record) or `text` (a move list)",
            ));
        }
    };
    Match::for_review(&record).map_err(|e| match e {
        // The public record of a live match between two people.
        MatchError::LiveBetweenPeople => no_engine_help(),
        e => ApiError::invalid("bad-record", e.to_string()),
    })
}

/// A job's answer when it was started: 200 with the review when it is
/// done already, else 202 and where to follow it.
fn started(s: Snapshot) -> Response {
    let job = ReviewJobJson::of(s);
    if job.status == "done" {
        return (StatusCode::OK, Json(job)).into_response();
    }
    let location = format!("/api/v1/reviews/{}", job.id);
    (StatusCode::ACCEPTED, [(header::LOCATION, location)], Json(job)).into_response()
}

/// Reviews `m` at `ply` as a job and waits for it up to the engine's time
/// limit: the review itself, or a 503 naming the job, which goes on.
async fn review_now(state: &AppState, m: Match, ply: u8, client: IpAddr) -> Result<Response, ApiError> {
    let job = state.reviews.submit(m, ply, client)?;
    let limit = state.limits.engine_timeout;
    let s = state.reviews.finished(&job.id, limit).await.unwrap_or(job);
    match s.status {
        Status::Done(review) => {
            Ok(([(header::CONTENT_TYPE, "application/json")], review.get().to_owned()).into_response())
        }
        Status::Failed(e) => Err(e),
        Status::Cancelled => Err(ApiError::unavailable("cancelled", "the review was cancelled; ask again")),
        Status::Queued { .. } | Status::Running => Err(ApiError::unavailable(
            "timeout",
            format!(
                "reviewing these {} turns at {ply}-ply takes longer than {} s; it goes on as review job {id} \
                 (GET /api/v1/reviews/{id} tells how far it is, and gives the review at the end)",
                s.total,
                limit.as_secs_f32(),
                id = s.id,
            ),
        )),
    }
}

/// The review of saved match `id`: every turn played so far. Waits up to
/// the engine's time limit; a longer review answers 503 `timeout` naming
/// its job, which goes on (`POST` starts it without waiting).
#[utoipa::path(get, path = "/api/v1/matches/{id}/review", tag = "matches",
    params(("id" = String, Path, description = "match id"), ReviewQuery),
    responses((status = 200, body = ReviewJson), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody),
        (status = 429, body = ErrorBody), (status = 503, body = ErrorBody)))]
pub async fn match_review(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    Query(q): Query<ReviewQuery>,
    c: Option<Extension<ConnectInfo<SocketAddr>>>,
) -> Result<Response, ApiError> {
    let ply = wire::ply(q.ply, DEFAULT_PLY)?;
    let m = saved(&state, id).await?;
    review_now(&state, m, ply, client(c)).await
}

/// The review of a record sent in the body: a match record's JSON or a
/// plain move list. A bad record is refused naming the game, turn and
/// fault. Waits as `GET /api/v1/matches/{id}/review` does.
#[utoipa::path(post, path = "/api/v1/review", tag = "positions", request_body = ReviewRequest,
    responses((status = 200, body = ReviewJson), (status = 422, body = ErrorBody), (status = 429, body = ErrorBody),
        (status = 503, body = ErrorBody)))]
pub async fn record_review(
    State(state): State<Arc<AppState>>,
    c: Option<Extension<ConnectInfo<SocketAddr>>>,
    JsonBody(req): JsonBody<ReviewRequest>,
) -> Result<Response, ApiError> {
    let ply = wire::ply(req.ply, DEFAULT_PLY)?;
    let m = sent(req.record, req.text)?;
    review_now(&state, m, ply, client(c)).await
}

/// Starts the review of saved match `id` (the turns played so far) as a
/// job: 202 with the job (follow it at `Location`), or 200 with the review
/// when it was made before. A client address may have a few jobs at once
/// (429 `too-many-reviews`), the server a few more (503 `busy`); a match
/// too long for the depth is a 422 `too-long`.
#[utoipa::path(post, path = "/api/v1/matches/{id}/review", tag = "matches",
    params(("id" = String, Path, description = "match id"), ReviewQuery),
    responses((status = 200, body = ReviewJobJson), (status = 202, body = ReviewJobJson), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody), (status = 429, body = ErrorBody), (status = 503, body = ErrorBody)))]
pub async fn start_match_review(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    Query(q): Query<ReviewQuery>,
    c: Option<Extension<ConnectInfo<SocketAddr>>>,
) -> Result<Response, ApiError> {
    let ply = wire::ply(q.ply, DEFAULT_PLY)?;
    let m = saved(&state, id).await?;
    Ok(started(state.reviews.submit(m, ply, client(c))?))
}

/// Starts the review of a record sent in the body (a match record's JSON
/// or a plain move list) as a job, answered as
/// `POST /api/v1/matches/{id}/review` is.
#[utoipa::path(post, path = "/api/v1/reviews", tag = "positions", request_body = ReviewRequest,
    responses((status = 200, body = ReviewJobJson), (status = 202, body = ReviewJobJson), (status = 422, body = ErrorBody),
        (status = 429, body = ErrorBody), (status = 503, body = ErrorBody)))]
pub async fn start_record_review(
    State(state): State<Arc<AppState>>,
    c: Option<Extension<ConnectInfo<SocketAddr>>>,
    JsonBody(req): JsonBody<ReviewRequest>,
) -> Result<Response, ApiError> {
    let ply = wire::ply(req.ply, DEFAULT_PLY)?;
    let m = sent(req.record, req.text)?;
    Ok(started(state.reviews.submit(m, ply, client(c))?))
}

fn unknown(job: &str) -> ApiError {
    ApiError::not_found(format!(
        "no review job {}: a finished job is kept for a while, then forgotten",
        job.chars().take(40).collect::<String>()
    ))
}

/// A review job: where it is, the turns done and in all, and once done
/// the review.
#[utoipa::path(get, path = "/api/v1/reviews/{job}", tag = "positions",
    params(("job" = String, Path, description = "review job id")),
    responses((status = 200, body = ReviewJobJson), (status = 404, body = ErrorBody)))]
pub async fn review_job(
    State(state): State<Arc<AppState>>,
    Path(job): Path<String>,
) -> Result<Json<ReviewJobJson>, ApiError> {
    let s = valid_job_id(&job).then(|| state.reviews.status(&job)).flatten().ok_or_else(|| unknown(&job))?;
    Ok(Json(ReviewJobJson::of(s)))
}

/// Gives a review job up for this client address: it stops (within a
/// turn) once no client that asked for it wants it; its status after.
#[utoipa::path(delete, path = "/api/v1/reviews/{job}", tag = "positions",
    params(("job" = String, Path, description = "review job id")),
    responses((status = 200, body = ReviewJobJson), (status = 404, body = ErrorBody)))]
pub async fn cancel_review_job(
    State(state): State<Arc<AppState>>,
    Path(job): Path<String>,
    c: Option<Extension<ConnectInfo<SocketAddr>>>,
) -> Result<Json<ReviewJobJson>, ApiError> {
    let s = valid_job_id(&job).then(|| state.reviews.cancel(&job, client(c))).flatten().ok_or_else(|| unknown(&job))?;
    Ok(Json(ReviewJobJson::of(s)))
}

/// What this server reviews: the most turns at each depth (a page offers
/// only the depths a match fits) and the jobs a client may have at once.
#[utoipa::path(get, path = "/api/v1/reviews/limits", tag = "positions",
    responses((status = 200, body = ReviewLimitsJson)))]
pub async fn review_limits(State(state): State<Arc<AppState>>) -> Json<ReviewLimitsJson> {
    let l = state.reviews.limits();
    Json(ReviewLimitsJson { max_turns: l.max_turns.to_vec(), per_client: l.per_client, queue: l.queue })
}
