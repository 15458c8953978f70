//! What the HTTP handlers share: the match service, the limits, the bound
//! on expensive work (engine moves, evaluations, hints), the review jobs
//! (apart from that bound) and the limit on new matches per client address.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::ApiError;
use crate::origin::SiteOrigin;
use crate::reviews::{ReviewLimits, Reviews};
use crate::service::MatchService;

/// Limits of one server.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Largest request body, in bytes.
    pub max_body: usize,
    /// Longest any request may take before a 503.
    pub request_timeout: Duration,
    /// Longest the engine may think for one request.
    pub engine_timeout: Duration,
    /// Engine computations running at once; more wait up to `queue_wait`
    /// (0 turns the engine off: every engine request gets 503).
    pub engine_slots: usize,
    /// How long a request waits for an engine slot before a 503.
    pub queue_wait: Duration,
    /// Matches kept in memory (idle ones beyond this are dropped and
    /// reloaded from the store when asked for).
    pub cached_matches: usize,
    /// New matches one client address may start per minute (and at once),
    /// so nobody can fill the disk with matches.
    pub matches_per_minute: u32,
    /// Game reviews: jobs on threads of their own, never on the engine
    /// slots above.
    pub reviews: ReviewLimits,
    /// The origins pages reach this server by, besides the address it
    /// listens on (a proxy's `https://plakoto.example`): a live stream
    /// whose `Origin` is none of them is refused (see `origin.rs`).
    pub public_origins: Vec<SiteOrigin>,
}

impl Default for Limits {
    fn default() -> Limits {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Limits {
            max_body: 64 * 1024,
            request_timeout: Duration::from_secs(30),
            engine_timeout: Duration::from_secs(10),
            engine_slots: cores.max(2),
            queue_wait: Duration::from_secs(2),
            cached_matches: 2048,
            matches_per_minute: 30,
            reviews: ReviewLimits::default(),
            public_origins: Vec::new(),
        }
    }
}

/// The handlers' shared state.
pub struct AppState {
    /// The saved matches.
    pub service: Arc<MatchService>,
    /// This server's limits.
    pub limits: Limits,
    work: Arc<Semaphore>,
    /// The review jobs.
    pub reviews: Arc<Reviews>,
    /// New matches per client address (a token bucket each).
    new_matches: DefaultKeyedRateLimiter<IpAddr>,
    /// This server's origins: the public ones and its listener's.
    pub origins: Vec<SiteOrigin>,
    /// The last answer of the database to the readiness check, and when.
    health: tokio::sync::Mutex<Option<(Instant, Result<(), String>)>>,
}

/// How long the readiness check's answer is reused: a load balancer's
/// probes, however many, ask the database at most once a second.
const HEALTH_CACHE: Duration = Duration::from_secs(1);

impl AppState {
    /// The state of a server with these limits.
    pub fn new(service: MatchService, limits: Limits) -> AppState {
        let work = Arc::new(Semaphore::new(limits.engine_slots));
        let per_minute = NonZeroU32::new(limits.matches_per_minute).unwrap_or(NonZeroU32::MIN);
        let new_matches = RateLimiter::keyed(Quota::per_minute(per_minute));
        let reviews = Reviews::new(service.engine().clone(), limits.reviews.clone());
        let origins = limits.public_origins.clone();
        AppState {
            service: Arc::new(service),
            limits,
            work,
            reviews,
            new_matches,
            health: tokio::sync::Mutex::new(None),
            origins,
        }
    }

    /// Counts a new match for `client`: 429 when it has started its quota
    /// of matches within the last minute.
    pub fn allow_new_match(&self, client: IpAddr) -> Result<(), ApiError> {
        if self.new_matches.len() > 10_000 {
            // Forget addresses whose allowance has refilled: the table stays small.
            self.new_matches.retain_recent();
        }
        self.new_matches.check_key(&client).map_err(|_| {
            ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too-many-matches",
                format!(
                    "this address has started {} matches within a minute; finish one or wait a little",
                    self.limits.matches_per_minute.max(1)
                ),
            )
        })
    }

    /// Waits briefly for a slot for expensive work; 503 when saturated.
    async fn engine_slot(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        match tokio::time::timeout(self.limits.queue_wait, self.work.clone().acquire_owned()).await {
            Ok(Ok(p)) => Ok(p),
            _ => Err(ApiError::unavailable("busy", "the engine is busy with other requests; try again in a moment")),
        }
    }

    /// Runs engine work `f` on a blocking thread holding an engine slot;
    /// `f` gets the deadline it should keep. The answer is awaited until
    /// the deadline (and a moment more); after that the request gets a 503
    /// while the work finishes in the background, still holding its slot.
    pub async fn engine<T: Send + 'static>(
        &self,
        f: impl FnOnce(Instant) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let permit = self.engine_slot().await?;
        let deadline = Instant::now() + self.limits.engine_timeout;
        let task = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            f(deadline)
        });
        match tokio::time::timeout(self.limits.engine_timeout + Duration::from_secs(1), task).await {
            Ok(Ok(v)) => v,
            Ok(Err(_)) => Err(ApiError::internal("the engine failed on this position")),
            Err(_) => Err(ApiError::unavailable(
                "timeout",
                format!("the engine took longer than {} s; try a lower ply", self.limits.engine_timeout.as_secs_f32()),
            )),
        }
    }

    /// Does the database answer? Asked at most once a second (the probes
    /// meanwhile wait for that answer or reuse it); `Err` says why not.
    pub async fn database_health(&self) -> Result<(), String> {
        let mut last = self.health.lock().await;
        if let Some((at, answer)) = &*last
            && at.elapsed() < HEALTH_CACHE
        {
            return answer.clone();
        }
        let service = self.service.clone();
        let answer = tokio::task::spawn_blocking(move || service.ping().map_err(|e| e.message))
            .await
            .unwrap_or_else(|_| Err("the readiness check failed unexpectedly".into()));
        *last = Some((Instant::now(), answer.clone()));
        answer
    }

    /// Runs a call of the match service on a blocking thread. The call
    /// completes (and commits) even if the request is dropped meanwhile: a
    /// client that goes away never leaves a match half changed.
    pub async fn call<T: Send + 'static>(
        &self,
        f: impl FnOnce(&MatchService) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let service = self.service.clone();
        tokio::task::spawn_blocking(move || f(&service))
            .await
            .map_err(|_| ApiError::internal("the server hit a bug handling this request; nothing was saved"))?
    }
}
