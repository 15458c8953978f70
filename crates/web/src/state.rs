//! What the handlers share: the store, the matches in play (loaded lazily
//! from the store, one lock each so a match's moves are serial), and the
//! bound on expensive work (engine moves, evaluations, hints).

use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::StatusCode;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use plakoto_core::game::Match;
use tokio::sync::{OwnedMutexGuard, OwnedSemaphorePermit, Semaphore};

use crate::error::ApiError;
use crate::store::{Meta, Store, Stored};

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
        }
    }
}

/// A match in play with what the store knows of it.
#[derive(Clone, Debug)]
pub struct Live {
    pub id: String,
    pub m: Match,
    pub meta: Meta,
    pub version: u64,
    pub created_ms: i64,
    pub updated_ms: i64,
}

pub type Slot = Arc<tokio::sync::Mutex<Live>>;

pub struct AppState {
    pub store: Arc<Store>,
    pub limits: Limits,
    live: Mutex<HashMap<String, Slot>>,
    work: Arc<Semaphore>,
    /// New matches per client address (a token bucket each).
    new_matches: DefaultKeyedRateLimiter<IpAddr>,
}

impl AppState {
    pub fn new(store: Store, limits: Limits) -> AppState {
        let work = Arc::new(Semaphore::new(limits.engine_slots));
        let per_minute = NonZeroU32::new(limits.matches_per_minute).unwrap_or(NonZeroU32::MIN);
        let new_matches = RateLimiter::keyed(Quota::per_minute(per_minute));
        AppState { store: Arc::new(store), limits, live: Mutex::new(HashMap::new()), work, new_matches }
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

    fn live(&self) -> std::sync::MutexGuard<'_, HashMap<String, Slot>> {
        self.live.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits briefly for a slot for expensive work; 503 when saturated.
    pub async fn engine_slot(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        match tokio::time::timeout(self.limits.queue_wait, self.work.clone().acquire_owned()).await {
            Ok(Ok(p)) => Ok(p),
            _ => Err(ApiError::unavailable("busy", "the engine is busy with other requests; try again in a moment")),
        }
    }

    /// Runs `f` on a blocking thread holding `permit`, for at most the
    /// engine time limit. On timeout the work finishes in the background
    /// (still holding its slot) and its answer is dropped.
    pub async fn compute<T: Send + 'static>(
        &self,
        permit: OwnedSemaphorePermit,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let task = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            f()
        });
        match tokio::time::timeout(self.limits.engine_timeout, task).await {
            Ok(Ok(v)) => Ok(v),
            Ok(Err(_)) => Err(ApiError::internal("the engine failed on this position")),
            Err(_) => Err(ApiError::unavailable(
                "timeout",
                format!("the engine took longer than {} s; try a lower ply", self.limits.engine_timeout.as_secs_f32()),
            )),
        }
    }

    /// The match `id`, from memory or the store.
    pub async fn slot(&self, id: &str) -> Result<Slot, ApiError> {
        let not_found =
            || ApiError::not_found(format!("no match with id `{}`", id.chars().take(40).collect::<String>()));
        if !crate::matches::valid_id(id) {
            return Err(not_found());
        }
        if let Some(s) = self.live().get(id) {
            return Ok(s.clone());
        }
        let store = self.store.clone();
        let key = id.to_string();
        let stored = tokio::task::spawn_blocking(move || store.load(&key))
            .await
            .map_err(|_| ApiError::internal("loading the match failed"))?
            .map_err(ApiError::internal)?
            .ok_or_else(not_found)?;
        let live = load(id, stored)?;
        Ok(self.insert(live))
    }

    /// Puts a match in memory (keeping one already there: the first wins).
    pub fn insert(&self, live: Live) -> Slot {
        let mut map = self.live();
        if map.len() >= self.limits.cached_matches {
            // Drop matches no request is using; the store has them all.
            map.retain(|_, s| Arc::strong_count(s) > 1);
        }
        map.entry(live.id.clone()).or_insert_with(|| Arc::new(tokio::sync::Mutex::new(live))).clone()
    }

    /// Forgets the in-memory copy of match `id`; the next request loads it
    /// from the store again.
    pub fn forget(&self, id: &str) {
        self.live().remove(id);
    }

    /// Saves `next` as the new state of the locked match `live`, committed
    /// before this returns, then makes it current; answers with what `view`
    /// makes of the new state.
    ///
    /// The work runs in a task of its own that holds the match's lock, so
    /// it completes as a unit even when the request is dropped half way (a
    /// client that disconnects right after sending a play): the database
    /// and the copy in memory never disagree. If the store refuses the
    /// write, the copy in memory is dropped and reloaded next time.
    pub async fn commit<T: Send + 'static>(
        self: &Arc<Self>,
        mut live: OwnedMutexGuard<Live>,
        next: Match,
        view: impl FnOnce(&Live) -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let state = self.clone();
        let task = tokio::spawn(async move {
            let store = state.store.clone();
            let (id, version, record) = (live.id.clone(), live.version, next.record());
            let saved = tokio::task::spawn_blocking(move || store.update(&id, version, &record)).await;
            match saved {
                Ok(Ok(updated)) => {
                    live.m = next;
                    live.version += 1;
                    live.updated_ms = updated;
                    Ok(view(&live))
                }
                failed => {
                    state.forget(&live.id);
                    Err(match failed {
                        Ok(Err(e)) => ApiError::internal(e),
                        _ => ApiError::internal("saving the match failed"),
                    })
                }
            }
        });
        task.await.map_err(|_| ApiError::internal("saving the match failed"))?
    }
}

/// Rebuilds a stored match by replaying its record.
fn load(id: &str, s: Stored) -> Result<Live, ApiError> {
    let m = Match::from_record(&s.record)
        .map_err(|e| ApiError::internal(format!("match {id} in the database does not replay: {e}")))?;
    Ok(Live { id: id.into(), m, meta: s.meta, version: s.version, created_ms: s.created_ms, updated_ms: s.updated_ms })
}
