//! The accept loop: each connection is served by hyper with time limits,
//! and the number of open connections is capped, overall and per client
//! address, so idle or slow clients cannot stop others being served.
//!
//! axum's own `serve` sets no timer, so a client that sends half a header,
//! or opens a connection and says nothing, keeps it (and a file descriptor)
//! for as long as it likes. Here:
//! - the request head must arrive within [`ConnLimits::header_timeout`]
//!   (hyper's header-read timeout, which also runs while a kept-alive
//!   connection waits for its next request);
//! - a connection with no request in flight is closed after
//!   [`ConnLimits::idle_timeout`];
//! - past [`ConnLimits::max_connections`] open connections, or
//!   [`ConnLimits::max_per_address`] from one address, a new connection
//!   gets a short 503 and is closed at once;
//! - a connection whose request becomes a live event stream leaves that
//!   budget for the streams' own ([`budget`]): streams last as long as
//!   their readers like, so they must never crowd out anyone's plays;
//! - hyper's own replies to requests it cannot read go out in the API's
//!   error shape ([`replies`]).

mod budget;
mod replies;

use std::convert::Infallible;
use std::future::Future;
use std::pin::{Pin, pin};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower::ServiceExt;

pub use budget::{Connection, StreamSlot};

/// Limits on connections (as opposed to requests, see [`crate::Limits`]).
///
/// Every connection holds an open file, so `max_connections +
/// max_streams` plus a few files of the server's own
/// ([`ConnLimits::files_needed`]) must fit the process's open-file limit;
/// the defaults need 3,076 (`tavli serve` raises its soft limit to the
/// hard one, and shrinks the defaults to fit a smaller one).
#[derive(Clone, Debug)]
pub struct ConnLimits {
    /// Open connections at once, from everyone, live streams apart.
    pub max_connections: usize,
    /// Open connections at once from one client address, live streams apart.
    pub max_per_address: usize,
    /// Longest a client may take to send a request's head (the request
    /// line and headers), counted from when the server waits for it.
    pub header_timeout: Duration,
    /// Longest a connection may stay open with no request in flight.
    pub idle_timeout: Duration,
    /// Live event streams open at once, watchers and seat holders.
    pub max_streams: usize,
    /// Of [`ConnLimits::max_streams`], how many only seat holders may use:
    /// watchers are refused once the rest is taken.
    pub stream_seat_reserve: usize,
    /// Watchers' streams open at once from one address; streams for seats
    /// are counted apart, up to as many again.
    pub max_streams_per_address: usize,
    /// Watchers of one match at once (streams without one of its seats).
    pub max_watchers_per_match: usize,
    /// Streams of one seat at once (a player's tabs and devices); one more
    /// takes the place of its oldest, which is closed.
    pub max_streams_per_seat: usize,
}

/// Open files a server needs besides its connections: the listener, the
/// database and its journal, the engine's files, the runtime's own, the
/// PostgreSQL connections.
const FILES_OF_OUR_OWN: usize = 128;

impl ConnLimits {
    /// The open files a server with these limits may need at once.
    pub fn files_needed(&self) -> usize {
        self.max_connections.saturating_add(self.max_streams).saturating_add(FILES_OF_OUR_OWN)
    }
}

impl Default for ConnLimits {
    fn default() -> ConnLimits {
        ConnLimits {
            // With the streams, 3,076 open files: the usual hard limit is
            // 4,096 or more (the soft one 1,024, which `tavli serve` raises).
            max_connections: 900,
            max_per_address: 64,
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(30),
            max_streams: 2048,
            stream_seat_reserve: 512,
            // A café's tables behind one address: 16 matches' players, and
            // as many watchers.
            max_streams_per_address: 32,
            max_watchers_per_match: 256,
            max_streams_per_seat: 4,
        }
    }
}

/// Requests in flight on one connection, and when it last had none.
#[derive(Default)]
struct Activity {
    in_flight: AtomicUsize,
    /// Bumped whenever a request ends, so the idle timer restarts.
    ended: watch::Sender<u64>,
}

/// Marks a request in flight until its response body is done (dropped).
struct InFlight(Arc<Activity>);

impl InFlight {
    fn new(a: &Arc<Activity>) -> InFlight {
        a.in_flight.fetch_add(1, Ordering::SeqCst);
        InFlight(a.clone())
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.in_flight.fetch_sub(1, Ordering::SeqCst);
        self.0.ended.send_modify(|n| *n += 1);
    }
}

/// A response body that keeps its request counted as in flight until the
/// body has been sent (a streamed answer is not idle).
struct Tracked {
    inner: axum::body::Body,
    _in_flight: InFlight,
}

impl http_body::Body for Tracked {
    type Data = axum::body::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        Pin::new(&mut self.inner).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.inner.size_hint()
    }
}

/// Resolves once the connection has had no request in flight for `idle`.
async fn idle_for(activity: &Activity, idle: Duration) {
    let mut ended = activity.ended.subscribe();
    loop {
        if activity.in_flight.load(Ordering::SeqCst) == 0 {
            // Quiet now: closed unless a request ends (one began) meanwhile.
            if tokio::time::timeout(idle, ended.changed()).await.is_err()
                && activity.in_flight.load(Ordering::SeqCst) == 0
            {
                return;
            }
        } else if ended.changed().await.is_err() {
            return;
        }
    }
}

/// Serves `app` on `listener` until `shutdown` resolves, then lets the
/// requests in flight finish.
pub async fn serve(listener: TcpListener, app: Router, limits: ConnLimits, shutdown: impl Future<Output = ()>) {
    let budget = budget::Budget::new(limits.clone());
    // Dropped at shutdown: every connection then finishes its request in
    // flight and closes. Each connection holds a `done` receiver, so the
    // sender sees when the last one has ended.
    let (stop_tx, stop_rx) = watch::channel(());
    let (done_tx, done_rx) = watch::channel(());
    let mut shutdown = pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(_) => {
                    // Out of file descriptors, or a connection reset before
                    // it was taken: wait a little rather than spin.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut shutdown => break,
        };
        let connection = match budget.admit(peer.ip()) {
            Ok(c) => c,
            Err(why) => {
                tokio::spawn(replies::refuse(stream, why));
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let activity = Arc::new(Activity::default());
        let service = {
            let app = app.clone();
            let activity = activity.clone();
            let connection = connection.clone();
            hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
                let in_flight = InFlight::new(&activity);
                req.extensions_mut().insert(ConnectInfo(peer));
                req.extensions_mut().insert(connection.clone());
                let app = app.clone();
                async move {
                    let res =
                        app.oneshot(req.map(axum::body::Body::new)).await.unwrap_or_else(|e: Infallible| match e {});
                    Ok::<_, Infallible>(res.map(|inner| Tracked { inner, _in_flight: in_flight }))
                }
            })
        };
        let mut http = hyper::server::conn::http1::Builder::new();
        // No vectored writes: hyper then hands each reply head to the
        // socket in one piece, where a bare error head can be recognised.
        http.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout).keep_alive(true).writev(false);
        let io = TokioIo::new(replies::JsonErrorReplies::new(stream, activity.clone()));
        let conn = http.serve_connection(io, service).with_upgrades();
        let idle = limits.idle_timeout;
        let mut stop = stop_rx.clone();
        let done = done_rx.clone();
        tokio::spawn(async move {
            let _connection = connection;
            let _done = done;
            let mut conn = pin!(conn);
            let mut stopping = false;
            loop {
                tokio::select! {
                    _ = conn.as_mut() => break,
                    _ = idle_for(&activity, idle) => break,
                    _ = stop.changed(), if !stopping => {
                        stopping = true;
                        conn.as_mut().graceful_shutdown();
                    }
                }
            }
        });
    }
    drop(stop_rx);
    drop(done_rx);
    drop(stop_tx);
    // Requests in flight get a moment to finish; idle connections close now.
    let _ = tokio::time::timeout(Duration::from_secs(10), done_tx.closed()).await;
}
