//! Plakoto in the browser: the web app and the JSON API (`/api/v1`) served
//! from one binary by `tavli serve`, with every match saved in a store
//! (SQLite by default).
//!
//! Like a good front end this crate knows little Plakoto: the rules and the
//! match state machine are `tavli-core`'s, the players and analysis
//! `tavli-engine`'s. Here are the match service (saved matches played
//! through plain calls, over a [`MatchStore`]), the HTTP routes and their
//! JSON, the OpenAPI document, the connection limits, and the page's files
//! compiled in.
//!
//! ```no_run
//! # async fn run() -> Result<(), String> {
//! use std::sync::Arc;
//! let store = tavli_web::SqliteStore::open(std::path::Path::new("plakoto.db")).map_err(|e| e.to_string())?;
//! let engine = tavli_engine::NeuralEval::shipped(None);
//! let app = tavli_web::router(Arc::new(store), engine, tavli_web::Limits::default());
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await.map_err(|e| e.to_string())?;
//! axum::serve(listener, app).await.map_err(|e| e.to_string())
//! # }
//! ```

#![warn(missing_docs)]

mod assets;
mod error;
mod listen;
mod openapi;
mod origin;
pub mod reason;
mod reviews;
mod routes;
pub mod service;
mod state;
mod wire;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, Request, State};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Serialize;
use tavli_engine::NeuralEval;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::limit::RequestBodyLimitLayer;
use utoipa::ToSchema;

pub use error::ApiError;
pub use listen::ConnLimits;
pub use openapi::ApiDoc;
pub use origin::SiteOrigin;
pub use reviews::ReviewLimits;
pub use service::{MatchStore, PostgresStore, SqliteStore, StoreError};
pub use state::Limits;

use routes::{matches, positions};
use state::AppState;

/// Where matches are kept: an SQLite file (one server), or PostgreSQL
/// (any number of replicas, with live updates between them).
#[derive(Clone)]
pub struct Storage {
    store: Arc<dyn MatchStore>,
    postgres: Option<Arc<PostgresStore>>,
}

impl Storage {
    /// Opens `db`: a `postgres://` (or `postgresql://`) URL, else the path
    /// of an SQLite file (created if missing). A PostgreSQL database that
    /// does not answer (yet) is [`StoreError::Unavailable`]: the caller may
    /// try again, as `tavli serve --db-wait` does.
    pub fn open(db: &str) -> Result<Storage, StoreError> {
        if db.starts_with("postgres://") || db.starts_with("postgresql://") {
            let pg = Arc::new(PostgresStore::open(db)?);
            Ok(Storage { store: pg.clone(), postgres: Some(pg) })
        } else {
            Ok(Storage::from(Arc::new(SqliteStore::open(std::path::Path::new(db))?) as Arc<dyn MatchStore>))
        }
    }
}

impl From<Arc<dyn MatchStore>> for Storage {
    fn from(store: Arc<dyn MatchStore>) -> Storage {
        Storage { store, postgres: None }
    }
}

/// The whole app over `store`, the engine playing and analysing with
/// `engine`: the page, the API and the OpenAPI document, with the body
/// limit, the request time limit and JSON errors for every fault.
pub fn router(store: Arc<dyn MatchStore>, engine: NeuralEval, limits: Limits) -> Router {
    app(Storage::from(store), engine, limits)
}

/// [`router`] over a [`Storage`]: on PostgreSQL the replicas tell each
/// other of every change, so each one's watchers see moves made anywhere.
pub fn app(storage: Storage, engine: NeuralEval, limits: Limits) -> Router {
    app_and_hub(storage, engine, limits, None).0
}

/// [`app`] listening on `bound` (its own origin), and the hub of its live
/// streams (to end them at shutdown).
fn app_and_hub(
    storage: Storage,
    engine: NeuralEval,
    limits: Limits,
    bound: Option<SocketAddr>,
) -> (Router, Arc<service::Hub>) {
    let max_body = limits.max_body;
    let service = service::MatchService::new(storage.store, engine, limits.cached_matches);
    let mut state = AppState::new(service, limits);
    state.origins.extend(bound.map(SiteOrigin::of_listener).unwrap_or_default());
    let state = Arc::new(state);
    if let Some(pg) = &storage.postgres {
        let weak = Arc::downgrade(&state.service);
        let forget: Arc<dyn Fn(&str) + Send + Sync> = Arc::new(move |id: &str| {
            if let Some(s) = weak.upgrade() {
                s.forget(id);
            }
        });
        pg.relay(state.service.hub(), forget);
    }
    let router = Router::new()
        .route("/", get(assets::index))
        .route("/match/{id}", get(assets::index))
        .route("/js/{file}", get(assets::module))
        .route("/style.css", get(assets::style))
        .route("/favicon.svg", get(assets::favicon))
        .route("/healthz", get(health))
        .route("/api/v1/openapi.json", get(openapi::document))
        .route("/api/v1/levels", get(positions::levels))
        .route("/api/v1/games", get(routes::games::games))
        .route("/api/v1/moves", post(positions::moves))
        .route("/api/v1/turn", post(positions::turn))
        .route("/api/v1/eval", post(positions::eval))
        .route("/api/v1/hint", post(positions::hint))
        .route("/api/v1/matches", post(matches::create))
        .route("/api/v1/matches/{id}", get(matches::get))
        .route("/api/v1/matches/{id}/record", get(matches::record))
        .route("/api/v1/matches/{id}/play", post(matches::play))
        .route("/api/v1/matches/{id}/engine-move", post(matches::engine_move))
        .route("/api/v1/matches/{id}/resign", post(matches::resign))
        .route("/api/v1/matches/{id}/resign/answer", post(matches::answer_offer))
        .route("/api/v1/matches/{id}/join", post(matches::join))
        .route("/api/v1/matches/{id}/moves", post(matches::moves))
        .route("/api/v1/matches/{id}/events", get(routes::live::events))
        .route(
            "/api/v1/matches/{id}/review",
            get(routes::review::match_review).post(routes::review::start_match_review),
        )
        .route("/api/v1/review", post(routes::review::record_review))
        .route("/api/v1/reviews", post(routes::review::start_record_review))
        .route("/api/v1/reviews/limits", get(routes::review::review_limits))
        .route("/api/v1/reviews/{job}", get(routes::review::review_job).delete(routes::review::cancel_review_job))
        .layer(DefaultBodyLimit::max(max_body))
        .layer(RequestBodyLimitLayer::new(max_body))
        .layer(middleware::from_fn_with_state(state.clone(), time_limit))
        .layer(middleware::from_fn(error::json_errors))
        .layer(CatchPanicLayer::custom(error::panic_response));
    let hub = state.service.hub().clone();
    (router.with_state(state), hub)
}

/// Bounds every request in time: a 503 rather than a hung client.
async fn time_limit(State(state): State<Arc<AppState>>, req: Request, next: Next) -> Response {
    let limit = state.limits.request_timeout;
    match tokio::time::timeout(limit, next.run(req)).await {
        Ok(res) => res,
        Err(_) => ApiError::unavailable(
            "timeout",
            format!("the request took longer than {} s and was dropped", limit.as_secs_f32()),
        )
        .into_response(),
    }
}

/// The answer of `/healthz`.
#[derive(Serialize, ToSchema)]
pub struct Health {
    /// `ok`, or `unavailable` when the database does not answer.
    pub status: String,
    /// This program's version.
    pub version: String,
    /// `ok`, or why the database does not answer (naming it).
    pub database: String,
}

/// Readiness: 200 `{"status": "ok", "database": "ok"}` when the server can
/// serve matches; 503 `{"status": "unavailable", "database": "…"}` when
/// the database does not answer (checked at most once a second).
#[utoipa::path(get, path = "/healthz", tag = "positions", responses(
    (status = 200, description = "The server and its database answer", body = Health),
    (status = 503, description = "The database does not answer: `database` says which and why", body = Health)))]
async fn health(State(state): State<Arc<AppState>>) -> Response {
    let version = env!("CARGO_PKG_VERSION").to_string();
    match state.database_health().await {
        Ok(()) => Json(Health { status: "ok".into(), version, database: "ok".into() }).into_response(),
        Err(why) => (
            axum::http::StatusCode::SERVICE_UNAVAILABLE,
            Json(Health { status: "unavailable".into(), version, database: why }),
        )
            .into_response(),
    }
}

/// Serves the app on `addr` until Ctrl-C or SIGTERM, with matches saved in
/// `store` and `engine` playing. `ready` is called with the bound address
/// (port 0 picks one).
pub async fn serve(
    addr: SocketAddr,
    store: Storage,
    engine: NeuralEval,
    limits: Limits,
    conns: ConnLimits,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), String> {
    let listener = tokio::net::TcpListener::bind(addr).await.map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    let bound = listener.local_addr().map_err(|e| e.to_string())?;
    ready(bound);
    let (app, hub) = app_and_hub(store, engine, limits, Some(bound));
    // At the signal, the live streams end first, so their pages reconnect
    // at once instead of holding the shutdown up.
    let stop = async move {
        shutdown().await;
        hub.close();
    };
    listen::serve(listener, app, conns, stop).await;
    Ok(())
}

/// [`serve`] on a runtime of its own, for callers that are not async (the
/// `tavli serve` command).
pub fn serve_blocking(
    addr: SocketAddr,
    store: Storage,
    engine: NeuralEval,
    limits: Limits,
    conns: ConnLimits,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), String> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server runtime: {e}"))?
        .block_on(serve(addr, store, engine, limits, conns, ready))
}

async fn shutdown() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}
