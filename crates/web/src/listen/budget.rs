//! Who may hold a connection: the general budget every connection starts
//! in (all, and per address), and the budget of live event streams a
//! connection moves to when its request becomes one (all, per address,
//! watchers per match, streams per seat, with a reserve only seat holders
//! may use).
//!
//! A connection is admitted when it is accepted, before anyone knows what
//! it will ask for, so it is counted in the general budget first. A live
//! stream lasts as long as its reader likes, and is exempt from the idle
//! time-out; if streams stayed in the general budget, enough of them (one
//! match's watchers, or one client's) would leave no connection for
//! anybody's plays. So when a request becomes a stream, its connection
//! leaves the general budget for the stream budget, where watchers are
//! bounded per match and per address and seat holders go ahead of them.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};

use axum::http::StatusCode;
use tavli_core::Color;
use tokio::sync::Notify;

use super::ConnLimits;
use crate::error::ApiError;

/// The counts of one server's connections, under one lock so a connection
/// moves between budgets at once.
#[derive(Default)]
struct Counts {
    /// Connections in the general budget (every connection that is not a stream).
    general: usize,
    general_per_address: HashMap<IpAddr, usize>,
    /// Live streams, watchers and seat holders.
    streams: usize,
    watchers_per_address: HashMap<IpAddr, usize>,
    seat_streams_per_address: HashMap<IpAddr, usize>,
    watchers_per_match: HashMap<String, usize>,
    /// The streams of each seat, oldest first.
    per_seat: HashMap<(String, Color), VecDeque<SeatStream>>,
    /// Numbers the streams, to find one in its seat's list.
    serial: u64,
}

/// One stream of a seat: its number, and the signal that closes it when a
/// newer one takes its place.
type SeatStream = (u64, Arc<Notify>);

fn add<K: std::hash::Hash + Eq>(map: &mut HashMap<K, usize>, key: K) {
    *map.entry(key).or_insert(0) += 1;
}

/// Takes one off `key`'s count, forgetting keys that reach zero so the
/// tables stay as small as what is open.
fn remove<K: std::hash::Hash + Eq>(map: &mut HashMap<K, usize>, key: &K) {
    if let Some(n) = map.get_mut(key) {
        *n = n.saturating_sub(1);
        if *n == 0 {
            map.remove(key);
        }
    }
}

fn count<K: std::hash::Hash + Eq>(map: &HashMap<K, usize>, key: &K) -> usize {
    map.get(key).copied().unwrap_or(0)
}

/// Every connection of one server and the limits they are held to.
pub(crate) struct Budget {
    counts: Mutex<Counts>,
    limits: ConnLimits,
}

impl Budget {
    pub(crate) fn new(limits: ConnLimits) -> Arc<Budget> {
        Arc::new(Budget { counts: Mutex::new(Counts::default()), limits })
    }

    fn lock(&self) -> MutexGuard<'_, Counts> {
        self.counts.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Takes a place in the general budget for a connection from `ip`, or
    /// says which cap it hit.
    pub(crate) fn admit(self: &Arc<Self>, ip: IpAddr) -> Result<Connection, &'static str> {
        let mut c = self.lock();
        if c.general >= self.limits.max_connections {
            return Err("the server has as many connections open as it serves; try again in a moment");
        }
        if count(&c.general_per_address, &ip) >= self.limits.max_per_address {
            return Err("this address has too many connections open; close some and try again");
        }
        add(&mut c.general_per_address, ip);
        c.general += 1;
        Ok(Connection(Arc::new(Place { budget: self.clone(), ip })))
    }
}

/// One open connection's place: in the general budget, except while a
/// [`StreamSlot`] of it lives.
struct Place {
    budget: Arc<Budget>,
    ip: IpAddr,
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut c = self.budget.lock();
        c.general = c.general.saturating_sub(1);
        remove(&mut c.general_per_address, &self.ip);
    }
}

/// A connection, as its requests see it (in their extensions): a request
/// that becomes a live stream moves it to the stream budget.
#[derive(Clone)]
pub struct Connection(Arc<Place>);

impl Connection {
    /// Makes this connection a live stream of match `id`, for the holder
    /// of `seat` or (without one) a watcher: it leaves the general budget
    /// and counts against the streams' until the slot is dropped. A seat
    /// with its streams' worth open already gets this one in place of its
    /// oldest (a player whose old connection died unnoticed is never shut
    /// out); a watcher over a limit gets an error saying which.
    pub fn stream(&self, id: &str, seat: Option<Color>) -> Result<StreamSlot, ApiError> {
        let place = &self.0;
        let limits = &place.budget.limits;
        let ip = place.ip;
        let mut c = place.budget.lock();
        let mut seat_key = None;
        match seat {
            None => {
                if count(&c.watchers_per_match, &id.to_string()) >= limits.max_watchers_per_match {
                    return Err(ApiError::unavailable(
                        "too-many-watchers",
                        format!(
                            "this match has {} watchers already, as many as this server allows one match; \
                             try again later",
                            limits.max_watchers_per_match
                        ),
                    ));
                }
                if count(&c.watchers_per_address, &ip) >= limits.max_streams_per_address {
                    return Err(ApiError::new(
                        StatusCode::TOO_MANY_REQUESTS,
                        "too-many-streams",
                        format!(
                            "this address has {} live streams open as a watcher already, as many as one \
                             address may; close some and try again",
                            limits.max_streams_per_address
                        ),
                    ));
                }
                if c.streams >= limits.max_streams.saturating_sub(limits.stream_seat_reserve) {
                    return Err(ApiError::unavailable(
                        "too-many-streams",
                        "the server has as many watchers' live streams open as it serves (the rest are kept \
                         for the players); try again in a moment",
                    ));
                }
                add(&mut c.watchers_per_match, id.to_string());
                add(&mut c.watchers_per_address, ip);
            }
            Some(side) => {
                let key = (id.to_string(), side);
                let full = c.per_seat.get(&key).is_some_and(|s| s.len() >= limits.max_streams_per_seat.max(1));
                if full {
                    // The newest stream of a seat wins: the oldest is told
                    // to close, and this one takes its place in the counts.
                    if let Some((_, kick)) = c.per_seat.get_mut(&key).and_then(VecDeque::pop_front) {
                        kick.notify_one();
                    }
                } else {
                    if count(&c.seat_streams_per_address, &ip) >= limits.max_streams_per_address {
                        return Err(ApiError::new(
                            StatusCode::TOO_MANY_REQUESTS,
                            "too-many-streams",
                            format!(
                                "this address has {} live streams open for seats already, as many as one \
                                 address may; close some and try again",
                                limits.max_streams_per_address
                            ),
                        ));
                    }
                    if c.streams >= limits.max_streams {
                        return Err(ApiError::unavailable(
                            "too-many-streams",
                            "the server has as many live streams open as it serves; try again in a moment",
                        ));
                    }
                }
                add(&mut c.seat_streams_per_address, ip);
                seat_key = Some(key);
            }
        }
        c.streams += 1;
        c.general = c.general.saturating_sub(1);
        remove(&mut c.general_per_address, &ip);
        c.serial += 1;
        let serial = c.serial;
        let kick = Arc::new(Notify::new());
        if let Some(key) = &seat_key {
            c.per_seat.entry(key.clone()).or_default().push_back((serial, kick.clone()));
        }
        Ok(StreamSlot { place: place.clone(), id: id.to_string(), seat, serial, kick })
    }
}

/// A connection's place in the stream budget, while its live stream lasts.
pub struct StreamSlot {
    place: Arc<Place>,
    id: String,
    seat: Option<Color>,
    serial: u64,
    kick: Arc<Notify>,
}

impl StreamSlot {
    /// Resolves when a newer stream of the same seat has taken this one's
    /// place: the stream should end.
    pub async fn replaced(&self) {
        self.kick.notified().await;
    }
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let ip = self.place.ip;
        let mut c = self.place.budget.lock();
        c.streams = c.streams.saturating_sub(1);
        match self.seat {
            None => {
                remove(&mut c.watchers_per_match, &self.id);
                remove(&mut c.watchers_per_address, &ip);
            }
            Some(side) => {
                remove(&mut c.seat_streams_per_address, &ip);
                let key = (std::mem::take(&mut self.id), side);
                if let Some(list) = c.per_seat.get_mut(&key) {
                    list.retain(|(n, _)| *n != self.serial);
                    if list.is_empty() {
                        c.per_seat.remove(&key);
                    }
                }
            }
        }
        // The connection is back in the general budget for whatever is left
        // of it (it may go past the cap for a moment: it is open already).
        c.general += 1;
        add(&mut c.general_per_address, ip);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    fn limits() -> ConnLimits {
        ConnLimits {
            max_connections: 3,
            max_per_address: 2,
            max_streams: 6,
            stream_seat_reserve: 2,
            max_streams_per_address: 3,
            max_watchers_per_match: 2,
            max_streams_per_seat: 2,
            ..ConnLimits::default()
        }
    }

    fn ip(n: u8) -> IpAddr {
        IpAddr::V4(Ipv4Addr::new(127, 0, 0, n))
    }

    fn code(r: Result<StreamSlot, ApiError>) -> &'static str {
        r.err().map_or("ok", |e| e.code)
    }

    #[test]
    fn a_stream_leaves_the_general_budget_and_comes_back_when_it_ends() {
        let b = Budget::new(limits());
        let a = b.admit(ip(1)).unwrap();
        let _a2 = b.admit(ip(1)).unwrap();
        assert!(b.admit(ip(1)).is_err(), "two per address");
        let slot = a.stream("m", None).unwrap();
        let a3 = b.admit(ip(1)).expect("the stream's connection no longer counts");
        drop(slot);
        assert_eq!(b.lock().general, 3);
        drop(a3);
        drop(a);
        let c = b.lock();
        assert_eq!((c.general, c.streams), (1, 0));
    }

    #[test]
    fn watchers_are_bounded_per_match_address_and_in_all_and_seats_go_ahead() {
        let b = Budget::new(limits());
        let conn = |n| b.admit(ip(n)).unwrap();
        let w1 = conn(1).stream("m", None).unwrap();
        let w2 = conn(1).stream("m", None).unwrap();
        assert_eq!(code(conn(2).stream("m", None)), "too-many-watchers");
        let w3 = conn(1).stream("n", None).unwrap();
        assert_eq!(code(conn(1).stream("o", None)), "too-many-streams", "three per address");
        let w4 = conn(2).stream("o", None).unwrap();
        assert_eq!(code(conn(3).stream("p", None)), "too-many-streams", "two of six kept for seats");
        // Seat holders: past the watchers' limits, from an address that has its watchers' worth.
        let s1 = conn(1).stream("m", Some(Color::White)).unwrap();
        let s2 = conn(1).stream("m", Some(Color::Black)).unwrap();
        assert_eq!(code(conn(2).stream("q", Some(Color::White))), "too-many-streams", "six in all");
        drop((w1, w2, w3, w4, s1, s2));
        let c = b.lock();
        assert!(c.watchers_per_match.is_empty() && c.per_seat.is_empty() && c.streams == 0);
    }

    #[tokio::test]
    async fn a_seats_newest_stream_replaces_its_oldest() {
        let b = Budget::new(limits());
        let first = b.admit(ip(1)).unwrap().stream("m", Some(Color::White)).unwrap();
        let second = b.admit(ip(1)).unwrap().stream("m", Some(Color::White)).unwrap();
        let third = b.admit(ip(1)).unwrap().stream("m", Some(Color::White)).unwrap();
        // The first was told to go; the others were not.
        tokio::time::timeout(std::time::Duration::from_secs(1), first.replaced()).await.unwrap();
        let quiet = tokio::time::timeout(std::time::Duration::from_millis(20), second.replaced()).await;
        assert!(quiet.is_err());
        drop(first);
        assert_eq!(b.lock().per_seat[&("m".to_string(), Color::White)].len(), 2);
        drop((second, third));
        assert_eq!(b.lock().streams, 0);
    }
}
