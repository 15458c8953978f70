//! Matches in PostgreSQL, for several server replicas on one database
//! (`tavli serve --db postgres://…`): the same table as SQLite's, the
//! version checked in the database on every change (so two plays for one
//! turn on two replicas never both succeed), and LISTEN/NOTIFY carrying
//! live updates between the replicas. A change that returned is committed
//! (PostgreSQL's default `synchronous_commit`). The SQL is SQLite's
//! ([`sql`](super::sql)); the connections are pooled and checked
//! ([`pg_conn`](super::pg_conn)).
//!
//! A statement whose connection turns out broken (the server restarted,
//! the network dropped it) is tried once more on another. A write whose
//! answer was lost may have been committed all the same: when the second
//! try finds the match moved on, the row is read back, and a row holding
//! exactly what was written (the same record, version and time) is the
//! first try's success, not a conflict. When the database does not answer
//! at all, the error is [`StoreError::Unavailable`] (HTTP 503).
//!
//! The schema carries its version in `plakoto_schema`; a replica starting
//! runs the migrations it has not had yet, under an advisory lock, so
//! replicas starting together migrate once.

use std::sync::{Arc, Weak};
use std::time::Duration;

use postgres::Client;
use serde::{Deserialize, Serialize};
use tavli_core::Color;
use tavli_core::game::MatchRecord;
use tavli_core::tavli::AnyPosition;

use super::live::{Event, Hub, Relay};
use super::pg_conn::{Db, Manager, Pooled, broken};
use super::sql::{self, MIGRATIONS, now_ms};
use super::store::{MatchStore, Seats, StoreError, StoredMatch};

/// The channel replicas notify each other on.
const CHANNEL: &str = "plakoto_events";

/// Connections kept open to the database, at most.
const POOL: u32 = 8;

/// Longest a request waits for a connection (all busy, or the database
/// not answering) before it is told the database is unavailable.
const CHECKOUT_WAIT: Duration = Duration::from_secs(3);

/// Longest the readiness check waits for a connection.
const PING_WAIT: Duration = Duration::from_secs(2);

type Pool = r2d2::Pool<Manager>;

/// The database of matches on PostgreSQL.
pub struct PostgresStore {
    /// Always there; taken only when the store is dropped.
    pool: Option<Pool>,
    db: Arc<Db>,
    /// This replica's name in notifications (its own are not delivered twice).
    replica: String,
}

impl Drop for PostgresStore {
    fn drop(&mut self) {
        // Each connection's client runs a runtime of its own, which cannot
        // be shut down on a thread of another runtime (it panics: "Cannot
        // start a runtime from within a runtime"), and the last reference
        // to the store may well go on an async worker at shutdown. So the
        // pool goes on a thread of its own.
        if let Some(pool) = self.pool.take() {
            let _ = std::thread::spawn(move || drop(pool)).join();
        }
    }
}

impl PostgresStore {
    /// Connects to the database at `url` (`postgres://user@host:port/db`,
    /// with `sslmode=prefer` or `require` for TLS) and migrates its schema
    /// to this build's. [`StoreError::Unavailable`] when the database does
    /// not answer (the caller may try again); safe to call from async code.
    pub fn open(url: &str) -> Result<PostgresStore, StoreError> {
        let db = Arc::new(Db::parse(url)?);
        // On a thread of its own, as the client must not start or drop its
        // runtime on an async worker.
        std::thread::scope(|s| s.spawn(|| migrate(&db)).join())
            .map_err(|_| StoreError::Failed("migrating the database failed unexpectedly".into()))??;
        let pool = r2d2::Pool::builder()
            .max_size(POOL)
            // Opened on demand: a replica of an idle site holds none.
            .min_idle(Some(0))
            .connection_timeout(CHECKOUT_WAIT)
            .test_on_check_out(true)
            .idle_timeout(Some(Duration::from_secs(300)))
            .build_unchecked(Manager(db.clone()));
        let replica = format!("{:016x}", rand::random::<u64>());
        Ok(PostgresStore { pool: Some(pool), db, replica })
    }

    /// `host:port/database` (no password): what messages name.
    pub fn name(&self) -> &str {
        &self.db.name
    }

    fn pool(&self) -> Result<&Pool, StoreError> {
        self.pool.as_ref().ok_or_else(|| StoreError::Failed("the store is closing".into()))
    }

    /// A connection, tested; waits up to `wait` for one.
    fn checkout(&self, wait: Duration) -> Result<r2d2::PooledConnection<Manager>, StoreError> {
        self.pool()?
            .get_timeout(wait)
            .map_err(|e| StoreError::Unavailable { database: self.db.name.clone(), why: e.to_string() })
    }

    /// Runs `f` on a pooled connection; when that connection turns out
    /// broken (the server restarted, the network dropped it), once more on
    /// another. Its value, and whether it was tried again: then the first
    /// try may have been committed although its answer was lost.
    fn run<T>(
        &self,
        what: &str,
        mut f: impl FnMut(&mut Pooled) -> Result<T, postgres::Error>,
    ) -> Result<(T, bool), StoreError> {
        let mut again = false;
        loop {
            let mut c = self.checkout(CHECKOUT_WAIT)?;
            match f(&mut c) {
                // (Tests lose the answer of a first try that succeeded.)
                #[cfg(test)]
                Ok(_) if !again && tests::LOSE_ANSWER.with(|l| l.replace(false)) => again = true,
                Ok(v) => return Ok((v, again)),
                Err(e) if !again && broken(&e, &c.client) => again = true,
                Err(e) => return Err(self.db.error(what, &e)),
            }
        }
    }

    /// The row of match `id` as stored, its record as text.
    fn row(&self, id: &str) -> Result<Option<Stored>, StoreError> {
        let (row, _) = self.run("reading a match", |c| c.query_opt(sql::LOAD, &[&id]))?;
        Ok(row.map(|r| Stored {
            created_ms: r.get(0),
            updated_ms: r.get(1),
            version: r.get::<_, i64>(2) as u64,
            text: r.get(3),
            seats: Seats { white: r.get(4), black: r.get(5), invite: r.get(6) },
        }))
    }

    /// Starts carrying live updates between replicas: events published on
    /// `hub` are sent to the others, and theirs delivered to `hub`; a
    /// change made elsewhere makes `forget` drop this replica's copy of
    /// the match. A thread listens as long as `hub` lives, reconnecting
    /// after a lost connection. Returns once it listens (or after
    /// `LISTEN_WAIT` if the database does not answer), so a replica that
    /// serves watchers does not miss the plays made elsewhere meanwhile.
    pub fn relay(self: &Arc<Self>, hub: &Arc<Hub>, forget: Arc<dyn Fn(&str) + Send + Sync>) {
        hub.set_relay(Arc::new(Notifier::start(Arc::downgrade(self), self.replica.clone())));
        let (db, replica, weak) = (self.db.clone(), self.replica.clone(), Arc::downgrade(hub));
        let (listening, ready) = std::sync::mpsc::channel();
        std::thread::spawn(move || listen(&db, &replica, &weak, &*forget, listening));
        let _ = ready.recv_timeout(LISTEN_WAIT);
    }
}

/// A match's row as stored, its record as text (to compare with a write).
struct Stored {
    created_ms: i64,
    updated_ms: i64,
    version: u64,
    text: String,
    seats: Seats,
}

/// Runs the migrations the database has not had, one replica at a time.
fn migrate(db: &Db) -> Result<(), StoreError> {
    let mut client = db.connect().map_err(|e| db.error("connecting", &e))?;
    let failed = |e: postgres::Error| db.error("migrating", &e);
    let mut tx = client.transaction().map_err(failed)?;
    // One replica at a time.
    tx.execute("SELECT pg_advisory_xact_lock(4712)", &[]).map_err(failed)?;
    tx.batch_execute("CREATE TABLE IF NOT EXISTS plakoto_schema (version INTEGER NOT NULL)").map_err(failed)?;
    let at: i32 = match tx.query_opt("SELECT version FROM plakoto_schema", &[]).map_err(failed)? {
        Some(row) => row.get(0),
        None => {
            tx.execute("INSERT INTO plakoto_schema VALUES (0)", &[]).map_err(failed)?;
            0
        }
    };
    if at as usize > MIGRATIONS.len() {
        return Err(StoreError::Failed(format!(
            "the database's schema is version {at}, newer than this program's ({}): use a newer tavli",
            MIGRATIONS.len()
        )));
    }
    for (i, step) in MIGRATIONS.iter().enumerate().skip(at as usize) {
        tx.batch_execute(step).map_err(|e| StoreError::Failed(format!("migration {}: {e}", i + 1)))?;
    }
    tx.execute("UPDATE plakoto_schema SET version = $1", &[&(MIGRATIONS.len() as i32)]).map_err(failed)?;
    tx.commit().map_err(failed)
}

/// A notification between replicas.
#[derive(Serialize, Deserialize)]
struct Note {
    from: String,
    id: String,
    event: Event,
}

/// Sends the notes on a thread of its own: events are published from async
/// tasks (a live stream opening counts a seat connected), and the
/// synchronous client must not run there.
struct Notifier {
    queue: std::sync::mpsc::SyncSender<String>,
    replica: String,
}

/// Notes waiting to be sent before new ones are dropped.
const NOTE_BACKLOG: usize = 10_000;

impl Notifier {
    fn start(store: Weak<PostgresStore>, replica: String) -> Notifier {
        let (queue, notes) = std::sync::mpsc::sync_channel::<String>(NOTE_BACKLOG);
        // Ends when the notifier (the hub's relay) is dropped.
        std::thread::spawn(move || {
            for payload in notes {
                let Some(store) = store.upgrade() else { return };
                let _ = store.run("notifying the other replicas", |c| {
                    c.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload])
                });
            }
        });
        Notifier { queue, replica }
    }
}

impl Relay for Notifier {
    fn send(&self, id: &str, event: &Event) {
        let note = Note { from: self.replica.clone(), id: id.to_string(), event: event.clone() };
        let Ok(payload) = serde_json::to_string(&note) else { return };
        // A lost notification costs a watcher its live update, not a move:
        // the state is in the table, and the page resynchronises.
        let _ = self.queue.try_send(payload);
    }
}

/// The `application_name` of each replica's listening connection
/// (`pg_stat_activity` shows it).
pub const RELAY_NAME: &str = "tavli-relay";

/// How long starting the relay waits for its first LISTEN.
const LISTEN_WAIT: Duration = Duration::from_secs(10);

/// Listens for the other replicas' notifications until `hub` is gone,
/// catching up after each LISTEN; `listening` hears once the first is in
/// place.
fn listen(
    db: &Db,
    replica: &str,
    hub: &Weak<Hub>,
    forget: &(dyn Fn(&str) + Send + Sync),
    listening: std::sync::mpsc::Sender<()>,
) {
    while hub.upgrade().is_some() {
        let Ok(mut client) = db.connect() else {
            std::thread::sleep(Duration::from_secs(1));
            continue;
        };
        // Named, so that an operator (and a test) can tell the listening
        // connection by its name: its last query is not always the LISTEN
        // (catching up reads the watched matches on it).
        if client.batch_execute(&format!("SET application_name = '{RELAY_NAME}'; LISTEN {CHANNEL}")).is_err() {
            continue;
        }
        let _ = listening.send(());
        // The notes sent before this LISTEN (while a lost connection came
        // back, or before a slow first one) are gone: the watched matches
        // are read again and their watchers sent the state.
        if let Some(hub) = hub.upgrade() {
            catch_up(&mut client, &hub, forget);
        }
        loop {
            let Some(hub) = hub.upgrade() else { return };
            let next = {
                let mut notes = client.notifications();
                let mut it = notes.timeout_iter(Duration::from_secs(1));
                postgres::fallible_iterator::FallibleIterator::next(&mut it)
            };
            match next {
                Ok(Some(n)) => {
                    let Ok(note) = serde_json::from_str::<Note>(n.payload()) else { continue };
                    if note.from == replica {
                        continue;
                    }
                    match note.event {
                        Event::State { .. } | Event::Seats { .. } => {
                            forget(&note.id);
                            hub.deliver(&note.id, note.event);
                        }
                        Event::Presence { white, black } => {
                            hub.presence_elsewhere(&note.id, &note.from, white, black);
                        }
                        ev @ Event::Moves { .. } => hub.deliver(&note.id, ev),
                    }
                }
                Ok(None) => {}
                Err(_) => break,
            }
            if client.is_closed() {
                break;
            }
        }
    }
}

/// Sends the watchers here the state of every watched match again, as the
/// database holds it (a move or a seat taken meanwhile included), dropping
/// this replica's copy. Which seats other replicas have connected is not
/// asked again: their next change says.
fn catch_up(client: &mut Client, hub: &Hub, forget: &(dyn Fn(&str) + Send + Sync)) {
    for id in hub.watched() {
        let Ok(rows) = client.query("SELECT version FROM matches WHERE id = $1", &[&id]) else { return };
        if let Some(version) = rows.first().and_then(|r| r.try_get::<_, i64>(0).ok()) {
            forget(&id);
            hub.deliver(&id, Event::Seats { version: version as u64 });
        }
    }
}

impl MatchStore for PostgresStore {
    fn insert(&self, id: &str, record: &MatchRecord<AnyPosition>, seats: &Seats) -> Result<StoredMatch, StoreError> {
        let json = serde_json::to_string(record).map_err(|e| StoreError::Failed(e.to_string()))?;
        let now = now_ms();
        let (opponent, level, human_color) = sql::who_plays(record, seats);
        let (inserted, again) = self.run("saving the new match", |c| {
            let params: [&(dyn postgres::types::ToSql + Sync); 9] =
                [&id, &now, &opponent, &level, &human_color, &json, &seats.white, &seats.black, &seats.invite];
            match c.execute(sql::INSERT, &params) {
                Ok(_) => Ok(true),
                Err(e) if e.code() == Some(&postgres::error::SqlState::UNIQUE_VIOLATION) => Ok(false),
                Err(e) => Err(e),
            }
        })?;
        // Tried again after a lost answer: the id taken by exactly this
        // match means the first try was committed.
        let ours = || -> Result<bool, StoreError> {
            Ok(self
                .row(id)?
                .is_some_and(|r| r.created_ms == now && r.version == 1 && r.text == json && &r.seats == seats))
        };
        let landed = inserted || (again && ours()?);
        if !landed {
            return Err(StoreError::Duplicate(id.to_string()));
        }
        Ok(StoredMatch { version: 1, created_ms: now, updated_ms: now, record: record.clone(), seats: seats.clone() })
    }

    fn update(&self, id: &str, version: u64, record: &MatchRecord<AnyPosition>) -> Result<i64, StoreError> {
        let json = serde_json::to_string(record).map_err(|e| StoreError::Failed(e.to_string()))?;
        let now = now_ms();
        let (n, again) =
            self.run("saving the match", |c| c.execute(sql::UPDATE, &[&json, &now, &id, &(version as i64)]))?;
        // Tried again after a lost answer: the match holding exactly this
        // change at the next version means the first try was committed.
        let ours = || -> Result<bool, StoreError> {
            Ok(self.row(id)?.is_some_and(|r| r.updated_ms == now && r.version == version + 1 && r.text == json))
        };
        let landed = n == 1 || (again && ours()?);
        if !landed {
            return Err(StoreError::Conflict { id: id.to_string(), version });
        }
        Ok(now)
    }

    fn load(&self, id: &str) -> Result<Option<StoredMatch>, StoreError> {
        let Some(r) = self.row(id)? else { return Ok(None) };
        let record = serde_json::from_str(&r.text)
            .map_err(|e| StoreError::Corrupt { id: id.to_string(), why: format!("the record is unreadable: {e}") })?;
        Ok(Some(StoredMatch {
            created_ms: r.created_ms,
            updated_ms: r.updated_ms,
            version: r.version,
            record,
            seats: r.seats,
        }))
    }

    fn take_invite(
        &self,
        id: &str,
        invite: &str,
        side: Color,
        seat: &str,
        version: u64,
        record: &MatchRecord<AnyPosition>,
    ) -> Result<bool, StoreError> {
        let json = serde_json::to_string(record).map_err(|e| StoreError::Failed(e.to_string()))?;
        let now = now_ms();
        let (n, again) = self.run("taking a seat", |c| {
            c.execute(sql::take_invite(side), &[&seat, &json, &now, &id, &invite, &(version as i64)])
        })?;
        // Tried again after a lost answer: the seat ours, with this record
        // at the next version, means the first try was committed.
        let ours = || -> Result<bool, StoreError> {
            Ok(self.row(id)?.is_some_and(|r| {
                let held = if side == Color::White { r.seats.white } else { r.seats.black };
                r.updated_ms == now && r.version == version + 1 && r.text == json && held.as_deref() == Some(seat)
            }))
        };
        Ok(n == 1 || (again && ours()?))
    }

    fn version(&self, id: &str) -> Result<Option<u64>, StoreError> {
        let (row, _) = self.run("reading a match", |c| c.query_opt(sql::VERSION, &[&id]))?;
        Ok(row.map(|r| r.get::<_, i64>(0) as u64))
    }

    fn ping(&self) -> Result<(), StoreError> {
        // Taking a connection tests it with a round trip.
        self.checkout(PING_WAIT).map(drop)
    }

    fn shared(&self) -> bool {
        true
    }
}

/// The tests' PostgreSQL server (the cli tests' helper).
#[cfg(test)]
#[path = "../../../cli/tests/pg/mod.rs"]
mod test_pg;

#[cfg(test)]
mod tests {
    use super::super::Match;
    use super::*;
    use tavli_core::game::Players;
    use tavli_core::tavli::MatchRules;

    use super::test_pg as pg;

    thread_local! {
        /// Set: the next first try that succeeds is treated as if its
        /// connection broke before the answer came (it is committed).
        pub static LOSE_ANSWER: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }

    fn lose_the_next_answer() {
        LOSE_ANSWER.with(|l| l.set(true));
    }

    #[test]
    fn a_write_committed_whose_answer_was_lost_is_a_success_when_tried_again() {
        let db = pg::start();
        let s = PostgresStore::open(&db.url).unwrap();
        let mut m = Match::with_rules(MatchRules::default(), 1, 3, Players::people()).unwrap();
        let seats = Seats { white: Some("w".into()), black: None, invite: Some("inv".into()) };
        lose_the_next_answer();
        s.insert("lost", &m.record(), &seats).expect("the insert landed: ours, not a duplicate");
        m.roll().unwrap();
        lose_the_next_answer();
        s.update("lost", 1, &m.record()).expect("the update landed: ours, not a conflict");
        lose_the_next_answer();
        assert!(s.take_invite("lost", "inv", Color::Black, "b", 2, &m.record()).unwrap(), "the seat is ours");
        let got = s.load("lost").unwrap().unwrap();
        assert_eq!((got.version, got.seats.black.as_deref()), (3, Some("b")));
        // Someone else's write is still a conflict, lost answer or not.
        lose_the_next_answer();
        assert!(matches!(s.update("lost", 1, &m.record()), Err(StoreError::Conflict { .. })));
        lose_the_next_answer();
        assert_eq!(s.insert("lost", &m.record(), &seats).unwrap_err(), StoreError::Duplicate("lost".into()));
    }

    #[test]
    fn connections_cut_by_the_server_are_replaced_not_used() {
        let db = pg::start();
        let s = PostgresStore::open(&db.url).unwrap();
        let m = Match::with_rules(MatchRules::default(), 1, 3, Players::people()).unwrap();
        s.insert("cut", &m.record(), &Seats::default()).unwrap();
        // Several connections in the pool, then all cut (as a restart does).
        std::thread::scope(|t| {
            for _ in 0..4 {
                t.spawn(|| s.load("cut").unwrap());
            }
        });
        let (server, name) = db.url.rsplit_once('/').unwrap();
        let mut admin = Client::connect(&format!("{server}/postgres"), postgres::NoTls).unwrap();
        let cut =
            admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", &[&name]).unwrap();
        assert!(!cut.is_empty(), "the pool had connections");
        for _ in 0..8 {
            assert_eq!(s.version("cut").unwrap(), Some(1));
        }
        s.ping().unwrap();
    }

    #[test]
    fn while_the_server_is_down_a_call_is_unavailable_within_the_wait_saying_why_and_then_recovers() {
        let mut db = pg::start_local();
        let s = PostgresStore::open(&db.url).unwrap();
        let m = Match::with_rules(MatchRules::default(), 1, 3, Players::people()).unwrap();
        s.insert("down", &m.record(), &Seats::default()).unwrap();
        db.stop("immediate");
        let t = std::time::Instant::now();
        let e = s.version("down").unwrap_err();
        let took = t.elapsed();
        let StoreError::Unavailable { database, why } = &e else { panic!("{e:?}") };
        assert_eq!(database, &db.address());
        assert!(why.contains("refused") && !why.contains("busy"), "the cause, not a busy pool: {e}");
        assert!(took < CHECKOUT_WAIT * 2 + Duration::from_secs(2), "took {took:?}");
        assert!(matches!(s.ping(), Err(StoreError::Unavailable { .. })));
        db.start_again();
        assert_eq!(s.version("down").unwrap(), Some(1), "the pool connects again by itself");
        s.ping().unwrap();
    }
}
