//! Game reviews as background jobs. A review is long work (every turn
//! searched, 2-ply for the strongest), so it never runs on the engine slots
//! that live matches' moves and hints use: jobs wait in a bounded queue and
//! run on a thread pool of their own (one thread by default, at a lower CPU
//! priority than the rest of the server), report the turns done, can be
//! given up, and are limited per client address and in all. Finished
//! reviews are kept, by what was played and the depth, within a bound on
//! memory, so asking again costs nothing.
//!
//! Plain, not async: the routes call it and wait on a job's end with
//! [`Reviews::finished`].

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use rand::RngExt;
use serde::Serialize;
use serde_json::value::RawValue;
use sha2::{Digest, Sha256};
use tavli_core::tavli::AnyPosition;
use tavli_engine::NeuralEval;
use tavli_engine::review::{Review, Reviewer};
use tokio::sync::watch;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::service::Match;

/// Limits of the review jobs of one server.
#[derive(Clone, Debug)]
pub struct ReviewLimits {
    /// Reviews running at once, each on a thread of its own.
    pub workers: usize,
    /// Reviews waiting or running at once, in all; more get a 503 `busy`.
    pub queue: usize,
    /// Reviews waiting or running at once for one client address; more
    /// get a 429 `too-many-reviews`.
    pub per_client: usize,
    /// The most turns a review may have at 0, 1 and 2 plies; a longer one
    /// gets a 422 `too-long`, so that no job runs for hours.
    pub max_turns: [usize; 3],
    /// Bytes of finished reviews kept in memory, to answer the same review
    /// again at once.
    pub cache_bytes: usize,
    /// How long a finished job's status (and review) can still be read.
    pub keep: Duration,
    /// The review threads' nice value (Linux): above the server's, so the
    /// CPU goes to live matches' moves and hints first.
    pub nice: i32,
}

impl Default for ReviewLimits {
    fn default() -> ReviewLimits {
        ReviewLimits {
            workers: 1,
            queue: 8,
            per_client: 2,
            // A minute or so of one core at the most at each depth (a
            // turn takes about 1 ms at 0-ply, 5 ms at 1-ply, 90 ms at 2-ply).
            max_turns: [20_000, 5_000, 1_000],
            cache_bytes: 64 << 20,
            keep: Duration::from_secs(15 * 60),
            nice: 10,
        }
    }
}

/// A review (the shape of `tavli review --json`) and the boards.
#[derive(Serialize, ToSchema)]
pub struct ReviewJson {
    /// The review itself, as `tavli review --json` prints it.
    #[serde(flatten)]
    #[schema(value_type = Object)]
    pub review: Review,
    /// For each game, the position before each of its turns (position JSON).
    #[schema(value_type = Vec<Vec<Object>>)]
    pub positions: Vec<Vec<AnyPosition>>,
}

/// Where a job is.
#[derive(Clone, Debug)]
pub enum Status {
    /// Waiting for a worker, with this many jobs to start before it.
    Queued {
        /// Jobs that start before this one.
        ahead: usize,
    },
    /// Being reviewed.
    Running,
    /// Finished: the review as JSON ([`ReviewJson`]).
    Done(Arc<RawValue>),
    /// Failed (a fault of the server).
    Failed(ApiError),
    /// Given up by every client that asked for it.
    Cancelled,
}

/// What a client is told of a job.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// The job's id, for `GET /api/v1/reviews/{id}`.
    pub id: String,
    /// The depth of the review.
    pub ply: u8,
    /// Turns reviewed so far.
    pub done: usize,
    /// Turns in all.
    pub total: usize,
    /// Where it is.
    pub status: Status,
}

/// The key of a finished review: what was played and the depth.
type Key = [u8; 32];

enum State {
    Queued(Box<Match>),
    Running,
    Done(Arc<RawValue>),
    Failed(ApiError),
    Cancelled,
}

struct Job {
    key: Key,
    ply: u8,
    total: usize,
    done: Arc<AtomicUsize>,
    cancel: Arc<AtomicBool>,
    state: State,
    /// The addresses that asked for it and have not given it up.
    owners: Vec<IpAddr>,
    /// When it ended (for forgetting it after `keep`).
    ended: Option<Instant>,
    /// Turns `true` when the job ends.
    end: watch::Sender<bool>,
}

impl Job {
    fn active(&self) -> bool {
        matches!(self.state, State::Queued(_) | State::Running)
    }
}

#[derive(Default)]
struct Inner {
    jobs: HashMap<String, Job>,
    /// Waiting jobs' ids, first to start first.
    queue: VecDeque<String>,
    /// The id of the job waiting or running for each key.
    active: HashMap<Key, String>,
    /// Workers taking jobs from the queue.
    running: usize,
    cache: Cache,
}

/// Finished reviews by key, the least recently used dropped first beyond
/// the byte bound.
#[derive(Default)]
struct Cache {
    entries: HashMap<Key, (Arc<RawValue>, u64)>,
    bytes: usize,
    tick: u64,
}

impl Cache {
    fn get(&mut self, key: &Key) -> Option<Arc<RawValue>> {
        self.tick += 1;
        let tick = self.tick;
        self.entries.get_mut(key).map(|(v, used)| {
            *used = tick;
            v.clone()
        })
    }

    fn put(&mut self, key: Key, value: Arc<RawValue>, bound: usize) {
        let size = value.get().len();
        if size > bound {
            return;
        }
        self.tick += 1;
        if let Some((old, _)) = self.entries.insert(key, (value, self.tick)) {
            self.bytes -= old.get().len();
        }
        self.bytes += size;
        while self.bytes > bound {
            let Some(oldest) = self.entries.iter().min_by_key(|(_, (_, used))| *used).map(|(k, _)| *k) else { break };
            if let Some((v, _)) = self.entries.remove(&oldest) {
                self.bytes -= v.get().len();
            }
        }
    }
}

/// Finished jobs remembered at most (beyond this the oldest are forgotten
/// before their time), so that asking for cached reviews again and again
/// cannot grow the table.
const MAX_ENDED_JOBS: usize = 1024;

/// The review jobs of one server.
pub struct Reviews {
    inner: Mutex<Inner>,
    limits: ReviewLimits,
    eval: NeuralEval,
    /// The review threads; `None` if they could not be started (every
    /// review is then refused with a 503).
    pool: Option<rayon::ThreadPool>,
}

impl Reviews {
    /// The review jobs of a server reviewing with `eval`, within `limits`.
    pub fn new(eval: NeuralEval, limits: ReviewLimits) -> Arc<Reviews> {
        let nice = limits.nice;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(limits.workers.max(1))
            .thread_name(|i| format!("review-{i}"))
            .start_handler(move |_| lower_priority(nice))
            .build()
            .ok();
        Arc::new(Reviews { inner: Mutex::new(Inner::default()), limits, eval, pool })
    }

    /// These jobs' limits.
    pub fn limits(&self) -> &ReviewLimits {
        &self.limits
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A worker that panicked left nothing half done: each change is one step.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Asks for the review of `m` at `ply` for `client`: the finished
    /// review at once when it is cached, the job already under way when
    /// someone asked for the same, else a new job at the end of the queue.
    pub fn submit(self: &Arc<Self>, m: Match, ply: u8, client: IpAddr) -> Result<Snapshot, ApiError> {
        let total = tavli_engine::review::turns(&m);
        let max = self.limits.max_turns.get(usize::from(ply)).copied().unwrap_or(0);
        if total > max {
            return Err(ApiError::invalid(
                "too-long",
                format!(
                    "this match has {total} turns; a review at {ply}-ply takes at most {max} here{}",
                    lower_ply_hint(&self.limits.max_turns, ply, total)
                ),
            ));
        }
        let key = key(&m, ply);
        let mut inner = self.lock();
        forget_old(&mut inner, self.limits.keep);
        if let Some(review) = inner.cache.get(&key) {
            let id = new_job_id(&inner);
            let (end, _) = watch::channel(true);
            let job = Job {
                key,
                ply,
                total,
                done: Arc::new(AtomicUsize::new(total)),
                cancel: Arc::new(AtomicBool::new(false)),
                state: State::Done(review),
                owners: Vec::new(),
                ended: Some(Instant::now()),
                end,
            };
            inner.jobs.insert(id.clone(), job);
            return known(&inner, &id);
        }
        let mine = inner.jobs.values().filter(|j| j.active() && j.owners.contains(&client)).count();
        if let Some(id) = inner.active.get(&key).cloned()
            && let Some(job) = inner.jobs.get_mut(&id)
        {
            if !job.owners.contains(&client) {
                self.check_client(mine)?;
                job.owners.push(client);
                // Given up by its other clients a moment ago: wanted again.
                job.cancel.store(false, Ordering::Relaxed);
            }
            return known(&inner, &id);
        }
        self.check_client(mine)?;
        let Some(pool) = &self.pool else {
            return Err(ApiError::unavailable("busy", "the review threads could not be started on this server"));
        };
        let waiting = inner.jobs.values().filter(|j| j.active()).count();
        if waiting >= self.limits.queue {
            return Err(ApiError::unavailable(
                "busy",
                format!(
                    "{waiting} reviews are waiting or under way here, the most there may be; try again in a minute"
                ),
            ));
        }
        let id = new_job_id(&inner);
        let (end, _) = watch::channel(false);
        let job = Job {
            key,
            ply,
            total,
            done: Arc::new(AtomicUsize::new(0)),
            cancel: Arc::new(AtomicBool::new(false)),
            state: State::Queued(Box::new(m)),
            owners: vec![client],
            ended: None,
            end,
        };
        inner.jobs.insert(id.clone(), job);
        inner.active.insert(key, id.clone());
        inner.queue.push_back(id.clone());
        if inner.running < self.limits.workers.max(1) {
            inner.running += 1;
            let me = self.clone();
            pool.spawn(move || me.work());
        }
        known(&inner, &id)
    }

    fn check_client(&self, mine: usize) -> Result<(), ApiError> {
        if mine >= self.limits.per_client {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too-many-reviews",
                format!(
                    "this address has {mine} reviews waiting or under way, the most it may have; wait for one to finish or cancel it"
                ),
            ));
        }
        Ok(())
    }

    /// The job `id`, if it is known (finished jobs are forgotten after a while).
    pub fn status(&self, id: &str) -> Option<Snapshot> {
        let mut inner = self.lock();
        forget_old(&mut inner, self.limits.keep);
        snapshot(&inner, id)
    }

    /// `client` gives job `id` up; the job stops (within a turn) once every
    /// client that asked for it has. A finished job stays as it is.
    pub fn cancel(&self, id: &str, client: IpAddr) -> Option<Snapshot> {
        let mut inner = self.lock();
        let job = inner.jobs.get_mut(id)?;
        if job.active() {
            job.owners.retain(|a| *a != client);
            if job.owners.is_empty() {
                job.cancel.store(true, Ordering::Relaxed);
                if matches!(job.state, State::Queued(_)) {
                    end(&mut inner, id, State::Cancelled);
                }
            }
        }
        snapshot(&inner, id)
    }

    /// Waits up to `limit` for job `id` to end; its status then (`None` if
    /// it is unknown).
    pub async fn finished(&self, id: &str, limit: Duration) -> Option<Snapshot> {
        let rx = self.lock().jobs.get(id).map(|j| j.end.subscribe());
        if let Some(mut rx) = rx {
            // A dropped sender (the job forgotten) ends the wait too.
            let _ = tokio::time::timeout(limit, rx.wait_for(|ended| *ended)).await;
        }
        self.status(id)
    }

    /// A worker: takes jobs from the queue until it is empty.
    fn work(self: Arc<Self>) {
        loop {
            let (id, m, ply, done, cancel) = {
                let mut inner = self.lock();
                let next = loop {
                    let Some(id) = inner.queue.pop_front() else { break None };
                    let Some(job) = inner.jobs.get_mut(&id) else { continue };
                    if let State::Queued(m) = std::mem::replace(&mut job.state, State::Running) {
                        break Some((id, m, job.ply, job.done.clone(), job.cancel.clone()));
                    }
                };
                match next {
                    Some(n) => n,
                    None => {
                        inner.running -= 1;
                        return;
                    }
                }
            };
            let outcome = std::panic::catch_unwind(AssertUnwindSafe(|| review(&self.eval, &m, ply, &done, &cancel)));
            let state = match outcome {
                Ok(Some(Ok(json))) => State::Done(json),
                Ok(Some(Err(e))) => State::Failed(e),
                Ok(None) => State::Cancelled,
                Err(_) => State::Failed(ApiError::internal("the review hit a bug in the server; it was not finished")),
            };
            let mut inner = self.lock();
            if let (State::Done(json), Some(job)) = (&state, inner.jobs.get(&id)) {
                let key = job.key;
                let json = json.clone();
                inner.cache.put(key, json, self.limits.cache_bytes);
            }
            end(&mut inner, &id, state);
        }
    }
}

/// Reviews `m` at `ply`, counting the turns done in `done`; `None` once
/// `cancel` is set.
fn review(
    eval: &NeuralEval,
    m: &Match,
    ply: u8,
    done: &AtomicUsize,
    cancel: &AtomicBool,
) -> Option<Result<Arc<RawValue>, ApiError>> {
    let review = Reviewer::new(eval.clone(), ply).review_while(m, &mut |n, _| {
        done.store(n, Ordering::Relaxed);
        !cancel.load(Ordering::Relaxed)
    })?;
    let positions = m.games().iter().map(|g| g.positions_before()[..g.turns().len()].to_vec()).collect();
    let json = serde_json::value::to_raw_value(&ReviewJson { review, positions })
        .map(Arc::from)
        .map_err(|e| ApiError::internal(format!("the review could not be written as JSON: {e}")));
    Some(json)
}

/// Ends job `id` in `state`: it leaves the queue and the active keys, and
/// whoever waits on it is woken.
fn end(inner: &mut Inner, id: &str, state: State) {
    let Some(job) = inner.jobs.get_mut(id) else { return };
    job.state = state;
    job.ended = Some(Instant::now());
    let key = job.key;
    job.end.send_replace(true);
    if inner.active.get(&key).is_some_and(|a| a == id) {
        inner.active.remove(&key);
    }
    inner.queue.retain(|q| q != id);
}

/// Forgets jobs that ended more than `keep` ago, and the oldest ended ones
/// beyond [`MAX_ENDED_JOBS`].
fn forget_old(inner: &mut Inner, keep: Duration) {
    let now = Instant::now();
    inner.jobs.retain(|_, j| j.ended.is_none_or(|t| now.duration_since(t) < keep));
    let ended = inner.jobs.values().filter(|j| j.ended.is_some()).count();
    if ended > MAX_ENDED_JOBS {
        let mut times: Vec<Instant> = inner.jobs.values().filter_map(|j| j.ended).collect();
        times.sort_unstable();
        let cut = times[ended - MAX_ENDED_JOBS];
        inner.jobs.retain(|_, j| j.ended.is_none_or(|t| t >= cut));
    }
}

/// The snapshot of a job just added or found.
fn known(inner: &Inner, id: &str) -> Result<Snapshot, ApiError> {
    snapshot(inner, id).ok_or_else(|| ApiError::internal("a review job went missing as it was made"))
}

fn snapshot(inner: &Inner, id: &str) -> Option<Snapshot> {
    let job = inner.jobs.get(id)?;
    let status = match &job.state {
        State::Queued(_) => Status::Queued { ahead: inner.queue.iter().position(|q| q == id).unwrap_or(0) },
        State::Running => Status::Running,
        State::Done(json) => Status::Done(json.clone()),
        State::Failed(e) => Status::Failed(e.clone()),
        State::Cancelled => Status::Cancelled,
    };
    Some(Snapshot {
        id: id.to_string(),
        ply: job.ply,
        done: job.done.load(Ordering::Relaxed),
        total: job.total,
        status,
    })
}

const ID_ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// A new job id: 22 random letters and digits (131 bits), so only those
/// who asked for a job know it.
fn new_job_id(inner: &Inner) -> String {
    let mut rng = rand::rng();
    loop {
        let id: String = (0..22).map(|_| ID_ALPHABET[rng.random_range(0..ID_ALPHABET.len())] as char).collect();
        if !inner.jobs.contains_key(&id) {
            return id;
        }
    }
}

/// Could `id` be a job id? (Anything else is not found without a look-up.)
pub fn valid_job_id(id: &str) -> bool {
    id.len() == 22 && id.bytes().all(|b| ID_ALPHABET.contains(&b))
}

/// What a review of `m` at `ply` depends on, hashed: the depth, the match
/// length and rules (its games), and each game's start, turns and result
/// (not the players, the seed or the dice not played yet).
fn key(m: &Match, ply: u8) -> Key {
    let mut h = Sha256::new();
    h.update([ply]);
    h.update(m.target().to_le_bytes());
    h.update(serde_json::to_vec(m.rules()).unwrap_or_default());
    for g in m.games() {
        h.update(b"game");
        h.update(g.positions_before().first().map(AnyPosition::id).unwrap_or_default());
        h.update(serde_json::to_vec(g.turns()).unwrap_or_default());
        h.update(serde_json::to_vec(&g.result()).unwrap_or_default());
    }
    h.finalize().into()
}

/// ", review it at 1-ply" when a shallower review of `total` turns is allowed.
fn lower_ply_hint(max_turns: &[usize; 3], ply: u8, total: usize) -> String {
    (0..ply)
        .rev()
        .find(|&p| max_turns[usize::from(p)] >= total)
        .map_or_else(String::new, |p| format!("; review it at {p}-ply"))
}

/// Lowers the calling thread's CPU priority to `nice` (on Linux, where the
/// nice value is a thread's own); elsewhere nothing.
fn lower_priority(nice: i32) {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority only reads its arguments; gettid cannot fail.
    unsafe {
        let tid = libc::gettid();
        libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, nice);
    }
    #[cfg(not(target_os = "linux"))]
    let _ = nice;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_drops_the_least_recently_used_beyond_its_bound() {
        let v = |s: &str| Arc::<RawValue>::from(RawValue::from_string(format!("\"{s}\"")).unwrap());
        let mut c = Cache::default();
        c.put([1; 32], v("aaaa"), 13); // 6 bytes
        c.put([2; 32], v("bbbb"), 13);
        assert!(c.get(&[1; 32]).is_some(), "now the most recently used");
        c.put([3; 32], v("cccc"), 13);
        assert!(c.get(&[2; 32]).is_none(), "the least recently used went");
        assert!(c.get(&[1; 32]).is_some() && c.get(&[3; 32]).is_some());
        assert_eq!(c.bytes, 12);
        c.put([4; 32], v("far too long for the bound"), 13);
        assert!(c.get(&[4; 32]).is_none(), "a review larger than the bound is not kept");
    }

    #[test]
    fn a_too_long_review_names_a_depth_that_fits() {
        assert_eq!(lower_ply_hint(&[100, 50, 10], 2, 40), "; review it at 1-ply");
        assert_eq!(lower_ply_hint(&[100, 50, 10], 2, 80), "; review it at 0-ply");
        assert_eq!(lower_ply_hint(&[100, 50, 10], 1, 800), "");
    }
}
