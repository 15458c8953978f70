//! What the API tests share: the app over a database in memory, and one
//! request through it.

use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::Value;
use tavli_engine::NeuralEval;
use tavli_web::{Limits, SqliteStore, router};
use tower::ServiceExt;

/// The app over a database in memory, the engine without the bear-off
/// database (races are left to the network: no file is read or built).
pub fn app() -> Router {
    router(Arc::new(SqliteStore::in_memory().unwrap()), NeuralEval::shipped(None), Limits::default())
}

/// `method uri` with `body` as JSON and `token` as the bearer (a seat's
/// secret): the status and the JSON answer (`Null` for an empty body).
pub async fn call(
    app: &Router,
    method: &str,
    uri: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let mut req = Request::builder().method(method).uri(uri);
    if let Some(t) = token {
        req = req.header(header::AUTHORIZATION, format!("Bearer {t}"));
    }
    let req = match body {
        Some(b) => req.header(header::CONTENT_TYPE, "application/json").body(Body::from(b.to_string())),
        None => req.body(Body::empty()),
    }
    .unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let v = if bytes.is_empty() {
        Value::Null
    } else {
        serde_json::from_slice(&bytes).unwrap_or_else(|e| {
            panic!("{method} {uri}: {status} body is not JSON ({e}): {}", String::from_utf8_lossy(&bytes))
        })
    };
    (status, v)
}
