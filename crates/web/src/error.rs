//! JSON errors: every failure the API reports, the body extractor that turns
//! bad input into one, and the middleware that gives the router's own
//! replies (unknown route, wrong method, body too large, timeout) the same
//! shape: `{"error": {"code": "...", "message": "..."}}`.

use std::fmt;

use axum::Json;
use axum::body::{Body, Bytes};
use axum::extract::{FromRequest, Request};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;
use utoipa::ToSchema;

use crate::reason::Reason;

/// An API error: an HTTP status, a stable machine-readable code and a
/// message for people.
#[derive(Debug, Clone)]
pub struct ApiError {
    /// The HTTP status of the reply.
    pub status: StatusCode,
    /// The stable code clients match on, such as `bad-position` (see
    /// `ErrorDetail::code` for the list).
    pub code: &'static str,
    /// What went wrong, in words for people.
    pub message: String,
    /// Why a play or move is illegal, as a code with its parameters
    /// (`illegal-play`, `illegal-move`), for clients to word themselves
    /// (boxed: most errors have none).
    pub reason: Option<Box<Reason>>,
}

/// The error body every endpoint uses.
#[derive(Serialize, ToSchema)]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

#[derive(Serialize, ToSchema)]
pub struct ErrorDetail {
    /// Stable code: `bad-json`, `bad-request`, `bad-position`, `bad-dice`,
    /// `bad-ply`, `bad-record`, `illegal-play`, `illegal-move`, `not-found`,
    /// `not-your-turn`, `not-your-seat`, `seat-taken`, `bad-invite` (403: a
    /// code that is not the match's invitation), `stale`, `match-over`,
    /// `body-too-large`, `uri-too-long`, `headers-too-large`,
    /// `method-not-allowed`, `bad-origin`, `too-many-matches`, `too-long`,
    /// `too-many-reviews`, `too-many-moves`, `too-many-watchers`,
    /// `too-many-streams`, `too-many-connections`, `busy`, `timeout`,
    /// `cancelled`, `database-unavailable` (503: the database does not
    /// answer; the message names it), `internal`, `no-engine-help` (403:
    /// the engine's advice is off in a match between two people online).
    /// (`unsupported-game` is no longer sent: every endpoint serves every
    /// game.)
    pub code: String,
    /// What went wrong, in English.
    pub message: String,
    /// With `illegal-play` and `illegal-move`: why, as a stable code and
    /// its parameters (docs/INTERFACE.md lists them).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<Reason>,
}

impl ApiError {
    /// An error with this status, code and message.
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError { status, code, message: message.into(), reason: None }
    }

    /// 422 with `code` (`illegal-play`, `illegal-move`): the core refused a
    /// play or move for `e` (a [`tavli_core::PlayError`] or another game's), sent as its
    /// message and its [`Reason`].
    pub fn illegal<E>(code: &'static str, e: &E) -> ApiError
    where
        E: fmt::Display,
        for<'a> Reason: From<&'a E>,
    {
        ApiError { reason: Some(Box::new(Reason::from(e))), ..ApiError::invalid(code, e.to_string()) }
    }

    /// 422: the request is well-formed JSON but a value in it is wrong.
    pub fn invalid(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
    }

    /// 404 `not-found`: the thing asked for does not exist.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not-found", message)
    }

    /// 409: the request does not fit the current state of what it acts on
    /// (a stale version, say).
    pub fn conflict(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, code, message)
    }

    /// 503: the server cannot answer now (the engine is busy, a time limit
    /// passed); the same request may succeed later.
    pub fn unavailable(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, code, message)
    }

    /// 500 `internal`: a fault of the server itself.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: ErrorDetail { code: self.code.into(), message: self.message, reason: self.reason.map(|r| *r) },
        };
        (self.status, Json(body)).into_response()
    }
}

impl From<crate::service::ServiceError> for ApiError {
    fn from(e: crate::service::ServiceError) -> ApiError {
        use crate::service::ErrorKind;
        let status = match e.kind {
            ErrorKind::NotFound => StatusCode::NOT_FOUND,
            ErrorKind::Invalid => StatusCode::UNPROCESSABLE_ENTITY,
            ErrorKind::Conflict => StatusCode::CONFLICT,
            ErrorKind::Timeout => StatusCode::SERVICE_UNAVAILABLE,
            ErrorKind::Forbidden => StatusCode::FORBIDDEN,
            ErrorKind::TooMany => StatusCode::TOO_MANY_REQUESTS,
            ErrorKind::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            ErrorKind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError { reason: e.reason, ..ApiError::new(status, e.code, e.message) }
    }
}

/// 403 `no-engine-help`: the engine's help is off for a match between two
/// people online while it is played, by every route that would give it.
pub fn no_engine_help() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        "no-engine-help",
        "the engine's hints, judgements and reviews are off in a match between two people online until it is over",
    )
}

/// A JSON request body. Unlike axum's `Json` it needs no content type and
/// reports every fault (too large, not JSON, wrong shape) as an [`ApiError`].
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = Bytes::from_request(req, state).await.map_err(|e| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "body-too-large", "the request body is too large")
            } else {
                ApiError::new(e.status(), "bad-request", e.body_text())
            }
        })?;
        parse_json(&bytes).map(JsonBody)
    }
}

/// Parses a request body, telling a syntax error (400) from a value of the
/// wrong shape (422).
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let bytes = if bytes.iter().all(u8::is_ascii_whitespace) { b"{}".as_slice() } else { bytes };
    serde_json::from_slice(bytes).map_err(|e| {
        if e.is_data() {
            // The reader quotes a string of the wrong type whole: bound it.
            let said = tavli_core::quote::shorten_quoted(&e.to_string());
            ApiError::invalid("bad-request", format!("the request body has the wrong shape: {said}"))
        } else {
            ApiError::new(StatusCode::BAD_REQUEST, "bad-json", format!("the request body is not valid JSON: {e}"))
        }
    })
}

/// Gives the router's own error replies (no route, wrong method, body over
/// the limit, a panic caught) the JSON error shape.
pub async fn json_errors(req: Request, next: Next) -> Response {
    let method = req.method().clone();
    let path: String = req.uri().path().chars().take(100).collect();
    let res = next.run(req).await;
    let status = res.status();
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return res;
    }
    let (code, message) = match status {
        StatusCode::NOT_FOUND => ("not-found", format!("no such page or endpoint: {method} {path}")),
        StatusCode::METHOD_NOT_ALLOWED => ("method-not-allowed", format!("{path} does not accept {method}")),
        StatusCode::PAYLOAD_TOO_LARGE => ("body-too-large", "the request body is too large".into()),
        _ => {
            let text = axum::body::to_bytes(res.into_body(), 4096).await.unwrap_or_default();
            let text = String::from_utf8_lossy(&text).trim().to_string();
            let code = if status.is_server_error() { "internal" } else { "bad-request" };
            let message = if text.is_empty() { status.canonical_reason().unwrap_or("error").to_string() } else { text };
            (code, message)
        }
    };
    ApiError::new(status, code, message).into_response()
}

/// The reply when a handler panicked (it never should): a 500 JSON error.
pub fn panic_response(_: Box<dyn std::any::Any + Send + 'static>) -> Response<Body> {
    ApiError::internal("the server hit a bug handling this request; nothing was saved").into_response()
}
