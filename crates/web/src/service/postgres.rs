//! Matches in PostgreSQL, for several server replicas on one database
//! (`plakoto serve --db postgres://…`): the same table as SQLite's, the
//! version checked in the database on every change (so two plays for one
//! turn on two replicas never both succeed), and LISTEN/NOTIFY carrying
//! live updates between the replicas. A change that returned is committed
//! (PostgreSQL's default `synchronous_commit`).
//!
//! The schema carries its version in `plakoto_schema`; a replica starting
//! runs the migrations it has not had yet, under an advisory lock, so
//! replicas starting together migrate once.

use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex, Weak};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use plakoto_core::Color;
use plakoto_core::game::MatchRecord;
use postgres::types::ToSql;
use postgres::{Client, NoTls, Row, Statement};
use serde::{Deserialize, Serialize};

use super::live::{Event, Hub, Relay};
use super::store::{MatchStore, Seats, StoreError, StoredMatch};

/// The migrations, in order: migration `i` takes the schema from version
/// `i` to `i + 1`.
const MIGRATIONS: &[&str] = &[
    "CREATE TABLE matches (
        id          TEXT PRIMARY KEY,
        created_ms  BIGINT NOT NULL,
        updated_ms  BIGINT NOT NULL,
        version     BIGINT NOT NULL,
        opponent    TEXT NOT NULL,
        level       TEXT,
        human_color TEXT,
        record      TEXT NOT NULL
    )",
    "ALTER TABLE matches ADD COLUMN white_seat TEXT;
     ALTER TABLE matches ADD COLUMN black_seat TEXT;
     ALTER TABLE matches ADD COLUMN invite TEXT",
];

/// The channel replicas notify each other on.
const CHANNEL: &str = "plakoto_events";

/// Connections kept open to the database.
const POOL: usize = 8;

fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

fn failed(what: &str) -> impl FnOnce(postgres::Error) -> StoreError + '_ {
    move |e| StoreError::Failed(format!("{what}: {e}"))
}

/// A few connections, handed out one at a time.
struct Pool {
    url: String,
    free: Mutex<Vec<Pooled>>,
    open: Mutex<usize>,
    returned: Condvar,
}

/// A connection and the statements prepared on it: each query is parsed
/// and planned once per connection, and costs one round trip, not two.
struct Pooled {
    client: Client,
    prepared: HashMap<&'static str, Statement>,
}

/// A connection taken from the pool, given back when dropped (unless it broke).
struct Conn<'a> {
    pool: &'a Pool,
    pooled: Option<Pooled>,
}

impl Conn<'_> {
    fn pooled(&mut self) -> &mut Pooled {
        self.pooled.as_mut().expect("a taken connection")
    }

    /// `sql`, prepared on this connection the first time.
    fn statement(&mut self, sql: &'static str) -> Result<Statement, postgres::Error> {
        let p = self.pooled();
        if let Some(s) = p.prepared.get(sql) {
            return Ok(s.clone());
        }
        let s = p.client.prepare(sql)?;
        p.prepared.insert(sql, s.clone());
        Ok(s)
    }

    /// Runs `sql` (prepared once), the number of rows it changed.
    fn execute(&mut self, sql: &'static str, params: &[&(dyn ToSql + Sync)]) -> Result<u64, postgres::Error> {
        let s = self.statement(sql)?;
        self.pooled().client.execute(&s, params)
    }

    /// Runs query `sql` (prepared once), its row if there is one.
    fn query_opt(&mut self, sql: &'static str, params: &[&(dyn ToSql + Sync)]) -> Result<Option<Row>, postgres::Error> {
        let s = self.statement(sql)?;
        self.pooled().client.query_opt(&s, params)
    }
}

impl std::ops::Deref for Conn<'_> {
    type Target = Client;
    fn deref(&self) -> &Client {
        &self.pooled.as_ref().expect("a taken connection").client
    }
}

impl std::ops::DerefMut for Conn<'_> {
    fn deref_mut(&mut self) -> &mut Client {
        &mut self.pooled().client
    }
}

impl Drop for Conn<'_> {
    fn drop(&mut self) {
        let Some(c) = self.pooled.take() else { return };
        if c.client.is_closed() {
            *self.pool.open.lock().unwrap_or_else(|e| e.into_inner()) -= 1;
        } else {
            self.pool.free.lock().unwrap_or_else(|e| e.into_inner()).push(c);
        }
        self.pool.returned.notify_one();
    }
}

impl Pool {
    fn get(&self) -> Result<Conn<'_>, StoreError> {
        let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if let Some(c) = free.pop() {
                return Ok(Conn { pool: self, pooled: Some(c) });
            }
            {
                let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
                if *open < POOL {
                    *open += 1;
                    drop(open);
                    drop(free);
                    return match Client::connect(&self.url, NoTls) {
                        Ok(client) => {
                            Ok(Conn { pool: self, pooled: Some(Pooled { client, prepared: HashMap::new() }) })
                        }
                        Err(e) => {
                            *self.open.lock().unwrap_or_else(|e| e.into_inner()) -= 1;
                            Err(StoreError::Failed(format!("cannot connect to the database: {e}")))
                        }
                    };
                }
            }
            let (f, timeout) =
                self.returned.wait_timeout(free, Duration::from_secs(10)).unwrap_or_else(|e| e.into_inner());
            free = f;
            if timeout.timed_out() && free.is_empty() {
                return Err(StoreError::Failed("every database connection is busy".into()));
            }
        }
    }
}

/// The database of matches on PostgreSQL.
pub struct PostgresStore {
    pool: Pool,
    /// This replica's name in notifications (its own are not delivered twice).
    replica: String,
}

impl PostgresStore {
    /// Connects to the database at `url` (`postgres://user@host:port/db`)
    /// and migrates its schema to this build's.
    pub fn open(url: &str) -> Result<PostgresStore, StoreError> {
        let pool =
            Pool { url: url.to_string(), free: Mutex::new(Vec::new()), open: Mutex::new(0), returned: Condvar::new() };
        let replica = format!("{:016x}", rand::random::<u64>());
        let store = PostgresStore { pool, replica };
        store.migrate()?;
        Ok(store)
    }

    fn migrate(&self) -> Result<(), StoreError> {
        let mut c = self.pool.get()?;
        let mut tx = c.transaction().map_err(failed("migrating"))?;
        // One replica at a time.
        tx.execute("SELECT pg_advisory_xact_lock(4712)", &[]).map_err(failed("migrating"))?;
        tx.batch_execute("CREATE TABLE IF NOT EXISTS plakoto_schema (version INTEGER NOT NULL)")
            .map_err(failed("migrating"))?;
        let at: i32 = match tx.query_opt("SELECT version FROM plakoto_schema", &[]).map_err(failed("migrating"))? {
            Some(row) => row.get(0),
            None => {
                tx.execute("INSERT INTO plakoto_schema VALUES (0)", &[]).map_err(failed("migrating"))?;
                0
            }
        };
        if at as usize > MIGRATIONS.len() {
            return Err(StoreError::Failed(format!(
                "the database's schema is version {at}, newer than this program's ({}): use a newer plakoto",
                MIGRATIONS.len()
            )));
        }
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(at as usize) {
            tx.batch_execute(sql).map_err(|e| StoreError::Failed(format!("migration {}: {e}", i + 1)))?;
        }
        tx.execute("UPDATE plakoto_schema SET version = $1", &[&(MIGRATIONS.len() as i32)])
            .map_err(failed("migrating"))?;
        tx.commit().map_err(failed("migrating"))
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
        let (url, replica, weak) = (self.pool.url.clone(), self.replica.clone(), Arc::downgrade(hub));
        let (listening, ready) = std::sync::mpsc::channel();
        std::thread::spawn(move || listen(&url, &replica, &weak, &*forget, listening));
        let _ = ready.recv_timeout(LISTEN_WAIT);
    }
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
                if let Ok(mut c) = store.pool.get() {
                    let _ = c.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload]);
                }
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

/// How long starting the relay waits for its first LISTEN.
const LISTEN_WAIT: Duration = Duration::from_secs(10);

/// Listens for the other replicas' notifications until `hub` is gone,
/// catching up after each LISTEN; `listening` hears once the first is in
/// place.
fn listen(
    url: &str,
    replica: &str,
    hub: &Weak<Hub>,
    forget: &(dyn Fn(&str) + Send + Sync),
    listening: std::sync::mpsc::Sender<()>,
) {
    while hub.upgrade().is_some() {
        let Ok(mut client) = Client::connect(url, NoTls) else {
            std::thread::sleep(Duration::from_secs(1));
            continue;
        };
        if client.batch_execute(&format!("LISTEN {CHANNEL}")).is_err() {
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

fn who_plays(record: &MatchRecord, seats: &Seats) -> (&'static str, Option<String>, Option<&'static str>) {
    if seats.online() {
        return ("online", None, None);
    }
    let p = &record.players;
    match (p.white.level(), p.black.level()) {
        (Some(l), None) => ("engine", Some(l.to_string()), Some(Color::Black.name())),
        (None, Some(l)) => ("engine", Some(l.to_string()), Some(Color::White.name())),
        (Some(l), Some(_)) => ("engine", Some(l.to_string()), None),
        (None, None) => ("human", None, None),
    }
}

impl MatchStore for PostgresStore {
    fn insert(&self, id: &str, record: &MatchRecord, seats: &Seats) -> Result<StoredMatch, StoreError> {
        let json = serde_json::to_string(record).map_err(|e| StoreError::Failed(e.to_string()))?;
        let now = now_ms();
        let (opponent, level, human_color) = who_plays(record, seats);
        let done = self.pool.get()?.execute(
            "INSERT INTO matches (id, created_ms, updated_ms, version, opponent, level, human_color, record,
                                  white_seat, black_seat, invite)
             VALUES ($1, $2, $2, 1, $3, $4, $5, $6, $7, $8, $9)",
            &[&id, &now, &opponent, &level, &human_color, &json, &seats.white, &seats.black, &seats.invite],
        );
        match done {
            Ok(_) => Ok(StoredMatch {
                version: 1,
                created_ms: now,
                updated_ms: now,
                record: record.clone(),
                seats: seats.clone(),
            }),
            Err(e) if e.code() == Some(&postgres::error::SqlState::UNIQUE_VIOLATION) => {
                Err(StoreError::Duplicate(id.to_string()))
            }
            Err(e) => Err(StoreError::Failed(format!("saving the new match: {e}"))),
        }
    }

    fn update(&self, id: &str, version: u64, record: &MatchRecord) -> Result<i64, StoreError> {
        let json = serde_json::to_string(record).map_err(|e| StoreError::Failed(e.to_string()))?;
        let now = now_ms();
        let n = self
            .pool
            .get()?
            .execute(
                "UPDATE matches SET record = $1, version = version + 1, updated_ms = $2 WHERE id = $3 AND version = $4",
                &[&json, &now, &id, &(version as i64)],
            )
            .map_err(failed("saving the match"))?;
        if n != 1 {
            return Err(StoreError::Conflict { id: id.to_string(), version });
        }
        Ok(now)
    }

    fn load(&self, id: &str) -> Result<Option<StoredMatch>, StoreError> {
        let row = self
            .pool
            .get()?
            .query_opt(
                "SELECT created_ms, updated_ms, version, record, white_seat, black_seat, invite FROM matches WHERE id = $1",
                &[&id],
            )
            .map_err(failed("reading a match"))?;
        let Some(row) = row else { return Ok(None) };
        let json: String = row.get(3);
        let record = serde_json::from_str(&json)
            .map_err(|e| StoreError::Corrupt { id: id.to_string(), why: format!("the record is unreadable: {e}") })?;
        Ok(Some(StoredMatch {
            created_ms: row.get(0),
            updated_ms: row.get(1),
            version: row.get::<_, i64>(2) as u64,
            record,
            seats: Seats { white: row.get(4), black: row.get(5), invite: row.get(6) },
        }))
    }

    fn take_invite(
        &self,
        id: &str,
        invite: &str,
        side: Color,
        seat: &str,
        version: u64,
        record: &MatchRecord,
    ) -> Result<bool, StoreError> {
        let json = serde_json::to_string(record).map_err(|e| StoreError::Failed(e.to_string()))?;
        let sql = match side {
            Color::White => {
                "UPDATE matches SET white_seat = $1, invite = NULL, record = $4, version = version + 1, updated_ms = $5
                 WHERE id = $2 AND invite = $3 AND white_seat IS NULL AND version = $6"
            }
            Color::Black => {
                "UPDATE matches SET black_seat = $1, invite = NULL, record = $4, version = version + 1, updated_ms = $5
                 WHERE id = $2 AND invite = $3 AND black_seat IS NULL AND version = $6"
            }
        };
        let n = self
            .pool
            .get()?
            .execute(sql, &[&seat, &id, &invite, &json, &now_ms(), &(version as i64)])
            .map_err(failed("taking a seat"))?;
        Ok(n == 1)
    }

    fn version(&self, id: &str) -> Result<Option<u64>, StoreError> {
        let row = self
            .pool
            .get()?
            .query_opt("SELECT version FROM matches WHERE id = $1", &[&id])
            .map_err(failed("reading a match"))?;
        Ok(row.map(|r| r.get::<_, i64>(0) as u64))
    }

    fn shared(&self) -> bool {
        true
    }
}
