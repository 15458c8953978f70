//! The live stream of a match: server-sent events telling its watchers,
//! within moments, every change (the new state), the single moves the side
//! on roll enters, and who is connected. A seat's holder opens it with its
//! secret (`Authorization: Bearer …`), which also counts it as connected;
//! anyone else watches. A client that reconnects (a dropped network, a
//! restarted server) is sent the current state first, so it is in step
//! again whatever it missed.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::Extension;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use futures_util::stream::{self, Stream};
use tokio::sync::broadcast::error::RecvError;

use crate::error::ApiError;
use crate::listen::{Connection, StreamSlot};
use crate::origin::{SiteOrigin, is_ours};
use crate::routes::matches::{SeatToken, view_for};
use crate::service::{Event, Hub, MatchService, Presence};
use crate::state::AppState;

/// Refuses a live stream opened by a page of another site: when the
/// browser says where the page came from (`Origin`), it must be one of this
/// server's origins (see `origin.rs` for why, and why not the `Host`).
fn check_origin(headers: &HeaderMap, ours: &[SiteOrigin]) -> Result<(), ApiError> {
    let Some(origin) = headers.get(axum::http::header::ORIGIN) else { return Ok(()) };
    let origin = origin.to_str().unwrap_or("");
    if is_ours(origin, ours) {
        return Ok(());
    }
    Err(ApiError::new(
        axum::http::StatusCode::FORBIDDEN,
        "bad-origin",
        format!(
            "a page from {} may not open this match's live stream (this server's origins are set with \
             `tavli serve --public-origin`)",
            origin.chars().take(60).collect::<String>()
        ),
    ))
}

/// What the stream keeps between events.
struct Watch {
    id: String,
    token: Option<String>,
    service: Arc<MatchService>,
    rx: tokio::sync::broadcast::Receiver<Event>,
    /// The last version sent (so an older state is never sent after a newer).
    sent: u64,
    /// The state is to be sent first.
    first: bool,
    /// Counts this connection for its seat while the stream lives.
    _presence: Option<Presence>,
    /// The connection's place in the stream budget (none when the app is
    /// driven in process, without connections).
    slot: Option<StreamSlot>,
}

/// Resolves when a newer stream of the same seat has taken this one's
/// place; never without a slot.
async fn replaced(slot: &Option<StreamSlot>) {
    match slot {
        Some(s) => s.replaced().await,
        None => std::future::pending().await,
    }
}

/// The state event of match `id`, as the watcher with `token` sees it.
async fn state_event(service: &Arc<MatchService>, id: &str, token: Option<String>) -> Option<(u64, SseEvent)> {
    let (service, id) = (service.clone(), id.to_string());
    let view = tokio::task::spawn_blocking(move || {
        let live = service.get(&id).ok()?;
        Some(view_for(&live, token.as_deref(), service.hub().presence(&id)))
    })
    .await
    .ok()??;
    let version = view.version;
    let data = serde_json::to_string(&view).ok()?;
    Some((version, SseEvent::default().event("state").id(version.to_string()).data(data)))
}

fn stream_of(w: Watch) -> impl Stream<Item = Result<SseEvent, Infallible>> {
    stream::unfold(w, |mut w| async move {
        loop {
            if w.first {
                w.first = false;
                if let Some((v, e)) = state_event(&w.service, &w.id, w.token.clone()).await {
                    w.sent = v;
                    return Some((Ok(e), w));
                }
                return None;
            }
            let next = tokio::select! {
                next = w.rx.recv() => next,
                // The seat's holder opened a newer stream: this one ends.
                _ = replaced(&w.slot) => return None,
            };
            match next {
                Ok(Event::State { version }) if version > w.sent => {
                    if let Some((v, e)) = state_event(&w.service, &w.id, w.token.clone()).await {
                        w.sent = v;
                        return Some((Ok(e), w));
                    }
                }
                Ok(Event::State { .. }) => continue,
                // The same version with its seats changed: the state again.
                Ok(Event::Seats { .. }) => {
                    if let Some((v, e)) = state_event(&w.service, &w.id, w.token.clone()).await {
                        w.sent = v;
                        return Some((Ok(e), w));
                    }
                }
                Ok(ev @ Event::Moves { .. }) => {
                    let data = serde_json::to_string(&ev).unwrap_or_default();
                    return Some((Ok(SseEvent::default().event("moves").data(data)), w));
                }
                Ok(ev @ Event::Presence { .. }) => {
                    let data = serde_json::to_string(&ev).unwrap_or_default();
                    return Some((Ok(SseEvent::default().event("presence").data(data)), w));
                }
                // Missed some: send the whole state again.
                Err(RecvError::Lagged(_)) => w.first = true,
                Err(RecvError::Closed) => return None,
            }
        }
    })
}

/// The live stream of match `id` (`text/event-stream`): `state` events
/// (the match's state, as `GET /matches/{id}` gives it), `moves` (single
/// moves entered, not confirmed) and `presence` (which seats are connected).
/// Streams have a budget of their own: a watcher past a limit gets 503
/// `too-many-watchers` (the match has its watchers' worth) or 429/503
/// `too-many-streams` (the address's, or the server's); a seat's holder
/// goes ahead of watchers, and its newest stream replaces its oldest.
#[utoipa::path(get, path = "/api/v1/matches/{id}/events", tag = "matches",
    params(("id" = String, Path, description = "match id")),
    responses((status = 200, description = "server-sent events", content_type = "text/event-stream"),
        (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody),
        (status = 429, body = crate::error::ErrorBody), (status = 503, body = crate::error::ErrorBody)))]
pub async fn events(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    connection: Option<Extension<Connection>>,
    headers: HeaderMap,
    SeatToken(token): SeatToken,
) -> Result<Sse<impl Stream<Item = Result<SseEvent, Infallible>>>, ApiError> {
    check_origin(&headers, &state.origins)?;
    let service = state.service.clone();
    let hub: Arc<Hub> = service.hub().clone();
    // Subscribe before reading the state, so nothing falls between.
    let rx = hub.watch(&id);
    let (key, t) = (id.clone(), token.clone());
    let seat = state.call(move |s| Ok(s.get(&key).map(|live| live.seat_of(t.as_deref()))?)).await?;
    // The connection leaves the general budget for the streams' (or the
    // stream is refused, saying which limit it met).
    let slot = connection.map(|Extension(c)| c.stream(&id, seat)).transpose()?;
    let presence = seat.map(|side| hub.connected(&id, side));
    let watch = Watch { id, token, service, rx, sent: 0, first: true, _presence: presence, slot };
    Ok(Sse::new(stream_of(watch)).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}
