//! Live updates: what happens to a match is told at once to everyone
//! watching it (the opponent's screen, spectators), over a channel per
//! match, and who is connected to which seat. Events are hints to look
//! again, never the state itself: a client that misses some (a dropped
//! connection, a lagging reader) resynchronises from the match's version.
//!
//! With several servers on one database, a [`Relay`] carries each event to
//! the others (PostgreSQL's LISTEN/NOTIFY), which pass it to their own
//! watchers.

use std::collections::HashMap;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use serde::{Deserialize, Serialize};
use tavli_core::Color;
use tokio::sync::broadcast;

/// Something that happened to a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Event {
    /// The match changed: it is now at `version`.
    State {
        /// The new version.
        version: u64,
    },
    /// The seats changed (a friend took the free one) at the same version:
    /// watchers are sent the state again.
    Seats {
        /// The match's version.
        version: u64,
    },
    /// The side on roll has entered single moves of its turn (not
    /// confirmed yet), at `version`.
    Moves {
        /// The match version the moves are for.
        version: u64,
        /// The side entering them.
        side: Color,
        /// The single moves so far, (from, to) in the mover's numbering.
        moves: Vec<[u8; 2]>,
    },
    /// Who is connected: a seat's holder has a live connection open.
    Presence {
        /// White's seat is connected.
        white: bool,
        /// Black's seat is connected.
        black: bool,
    },
}

/// Carries events to the other servers of a deployment (and back from them
/// through [`Hub::deliver`]).
pub trait Relay: Send + Sync {
    /// Sends `event` of match `id` to the other servers. Called from async
    /// tasks as well as from blocking ones, so it must not block.
    fn send(&self, id: &str, event: &Event);
}

/// Events of every match watched on this server, and the seats connected.
pub struct Hub {
    channels: Mutex<HashMap<String, broadcast::Sender<Event>>>,
    /// Connections per (match, seat) on this server.
    here: Mutex<HashMap<(String, Color), usize>>,
    /// Which seats each other server has connected, as it last told:
    /// (match, server) → (White, Black).
    elsewhere: Mutex<HashMap<(String, String), (bool, bool)>>,
    relay: Mutex<Option<Arc<dyn Relay>>>,
    /// Single moves shown per match (a token bucket each).
    moves: DefaultKeyedRateLimiter<String>,
}

/// Single moves a match's player may show at once ([`Hub::allow_moves`]):
/// the page sends one per checker moved or taken back, so a person at
/// their quickest stays well inside it.
pub const MOVES_BURST: u32 = 20;

/// Single moves a match's player may show per second at length.
pub const MOVES_PER_SECOND: u32 = 10;

impl Default for Hub {
    fn default() -> Hub {
        let per_second = NonZeroU32::new(MOVES_PER_SECOND).unwrap_or(NonZeroU32::MIN);
        let burst = NonZeroU32::new(MOVES_BURST).unwrap_or(NonZeroU32::MIN);
        Hub {
            channels: Mutex::new(HashMap::new()),
            here: Mutex::new(HashMap::new()),
            elsewhere: Mutex::new(HashMap::new()),
            relay: Mutex::new(None),
            moves: RateLimiter::keyed(Quota::per_second(per_second).allow_burst(burst)),
        }
    }
}

/// Events waiting per watcher before it is told it lagged (and reloads).
const BACKLOG: usize = 64;

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Hub {
    /// Sends events on to other servers through `relay` from now on.
    pub fn set_relay(&self, relay: Arc<dyn Relay>) {
        *lock(&self.relay) = Some(relay);
    }

    /// Counts a `moves` event of match `id`: false once its player has
    /// shown [`MOVES_BURST`] within a moment, or more than
    /// [`MOVES_PER_SECOND`] a second at length. Each event reaches every
    /// watcher, so an unbounded sender would flood them all.
    pub fn allow_moves(&self, id: &str) -> bool {
        if self.moves.len() > 10_000 {
            // Forget matches whose allowance has refilled: the table stays small.
            self.moves.retain_recent();
        }
        self.moves.check_key(&id.to_string()).is_ok()
    }

    /// Starts watching match `id`: the events from now on.
    pub fn watch(&self, id: &str) -> broadcast::Receiver<Event> {
        let mut ch = lock(&self.channels);
        // Channels nobody listens to any more are dropped as new ones come.
        if ch.len() > 1024 {
            ch.retain(|_, tx| tx.receiver_count() > 0);
        }
        ch.entry(id.to_string()).or_insert_with(|| broadcast::channel(BACKLOG).0).subscribe()
    }

    /// The matches someone watches on this server.
    pub fn watched(&self) -> Vec<String> {
        lock(&self.channels).iter().filter(|(_, tx)| tx.receiver_count() > 0).map(|(id, _)| id.clone()).collect()
    }

    /// Tells this server's watchers of match `id` (an event from here or
    /// from another server).
    pub fn deliver(&self, id: &str, event: Event) {
        if let Some(tx) = lock(&self.channels).get(id) {
            let _ = tx.send(event);
        }
    }

    /// Ends every live stream (the server is stopping): their pages
    /// reconnect, to this server once it is back or to another.
    pub fn close(&self) {
        lock(&self.channels).clear();
    }

    /// Tells everyone watching match `id`, here and on the other servers.
    pub fn publish(&self, id: &str, event: Event) {
        if let Some(r) = lock(&self.relay).clone() {
            r.send(id, &event);
        }
        self.deliver(id, event);
    }

    /// Another server (`server`) says which seats of `id` it has connected.
    pub fn presence_elsewhere(&self, id: &str, server: &str, white: bool, black: bool) {
        {
            let mut e = lock(&self.elsewhere);
            if white || black {
                e.insert((id.to_string(), server.to_string()), (white, black));
            } else {
                e.remove(&(id.to_string(), server.to_string()));
            }
        }
        let (white, black) = self.presence(id);
        self.deliver(id, Event::Presence { white, black });
    }

    /// Is each seat of `id` connected, here or elsewhere? (White, Black.)
    pub fn presence(&self, id: &str) -> (bool, bool) {
        let here = lock(&self.here);
        let elsewhere = lock(&self.elsewhere);
        let on = |c: Color| {
            here.get(&(id.to_string(), c)).is_some_and(|&n| n > 0)
                || elsewhere.iter().any(|((m, _), &(w, b))| m == id && if c == Color::White { w } else { b })
        };
        (on(Color::White), on(Color::Black))
    }

    /// A connection for `side`'s seat of `id` opened; it counts until the
    /// returned guard is dropped.
    pub fn connected(self: &Arc<Self>, id: &str, side: Color) -> Presence {
        let key = (id.to_string(), side);
        *lock(&self.here).entry(key.clone()).or_insert(0) += 1;
        self.seat_changed(&key);
        Presence { hub: self.clone(), key }
    }

    fn seat_changed(&self, key: &(String, Color)) {
        if let Some(r) = lock(&self.relay).clone() {
            // Others learn which seats this server has connected now.
            let here = lock(&self.here);
            let on = |c: Color| here.get(&(key.0.clone(), c)).is_some_and(|&n| n > 0);
            let seats = Event::Presence { white: on(Color::White), black: on(Color::Black) };
            drop(here);
            r.send(&key.0, &seats);
        }
        let (white, black) = self.presence(&key.0);
        self.deliver(&key.0, Event::Presence { white, black });
    }
}

/// A seat's connection, counted while it lives.
pub struct Presence {
    hub: Arc<Hub>,
    key: (String, Color),
}

impl Drop for Presence {
    fn drop(&mut self) {
        {
            let mut here = lock(&self.hub.here);
            if let Some(n) = here.get_mut(&self.key) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    here.remove(&self.key);
                }
            }
        }
        self.hub.seat_changed(&self.key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn watchers_get_the_events_and_presence_counts_connections() {
        let hub = Arc::new(Hub::default());
        let mut rx = hub.watch("m");
        hub.publish("m", Event::State { version: 2 });
        assert_eq!(rx.recv().await.unwrap(), Event::State { version: 2 });
        let a = hub.connected("m", Color::White);
        assert_eq!(rx.recv().await.unwrap(), Event::Presence { white: true, black: false });
        let b = hub.connected("m", Color::White);
        let _ = rx.recv().await;
        drop(a);
        assert_eq!(rx.recv().await.unwrap(), Event::Presence { white: true, black: false }, "one left");
        drop(b);
        assert_eq!(rx.recv().await.unwrap(), Event::Presence { white: false, black: false });
        hub.presence_elsewhere("m", "other", false, true);
        assert_eq!(rx.recv().await.unwrap(), Event::Presence { white: false, black: true });
        assert_eq!(hub.presence("m"), (false, true));
    }
}
