//! Saved matches: one SQLite table holding each match's record (the JSON of
//! `plakoto_core::game::MatchRecord`) with its id, times, version and who
//! plays. WAL journal with `synchronous=FULL`, so a write that returned is
//! on disk: the server replies only after the move is committed, and a
//! server killed at any moment restarts with every answered move.

use std::path::Path;
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use plakoto_core::Color;
use plakoto_core::game::MatchRecord;
use rusqlite::{Connection, OptionalExtension, params};

/// Who the match is against, fixed when it is created.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meta {
    /// `engine` or `human` (two people on one device).
    pub opponent: Opponent,
    /// The engine level, for engine matches.
    pub level: Option<String>,
    /// The side the person plays against the engine.
    pub human_color: Option<Color>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    Engine,
    Human,
}

impl Opponent {
    pub fn name(self) -> &'static str {
        match self {
            Opponent::Engine => "engine",
            Opponent::Human => "human",
        }
    }
}

/// A match as stored.
#[derive(Clone, Debug)]
pub struct Stored {
    pub meta: Meta,
    pub version: u64,
    pub created_ms: i64,
    pub updated_ms: i64,
    pub record: MatchRecord,
}

/// The database of matches. One connection behind a mutex: writes to one
/// SQLite file are serial anyway, and each is one short transaction.
pub struct Store {
    conn: Mutex<Connection>,
}

pub type StoreError = String;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS matches (
    id          TEXT PRIMARY KEY,
    created_ms  INTEGER NOT NULL,
    updated_ms  INTEGER NOT NULL,
    version     INTEGER NOT NULL,
    opponent    TEXT NOT NULL,
    level       TEXT,
    human_color TEXT,
    record      TEXT NOT NULL
);
";

pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

impl Store {
    /// Opens (creating if needed) the database file at `path`.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let conn = Connection::open(path).map_err(|e| format!("cannot open database {}: {e}", path.display()))?;
        Store::init(conn).map_err(|e| format!("cannot set up database {}: {e}", path.display()))
    }

    /// A database in memory (for tests).
    pub fn in_memory() -> Result<Store, StoreError> {
        let conn = Connection::open_in_memory().map_err(|e| e.to_string())?;
        Store::init(conn).map_err(|e| e.to_string())
    }

    fn init(conn: Connection) -> rusqlite::Result<Store> {
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        let _mode: String = conn.query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.execute_batch(SCHEMA)?;
        Ok(Store { conn: Mutex::new(conn) })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave a half-done write
        // (SQLite rolls back), so a poisoned lock is still usable.
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Saves a new match at version 1.
    pub fn insert(&self, id: &str, meta: &Meta, record: &MatchRecord) -> Result<Stored, StoreError> {
        let json = serde_json::to_string(record).map_err(|e| e.to_string())?;
        let now = now_ms();
        self.conn()
            .execute(
                "INSERT INTO matches (id, created_ms, updated_ms, version, opponent, level, human_color, record)
                 VALUES (?1, ?2, ?2, 1, ?3, ?4, ?5, ?6)",
                params![id, now, meta.opponent.name(), meta.level, meta.human_color.map(Color::name), json],
            )
            .map_err(|e| format!("saving the new match: {e}"))?;
        Ok(Stored { meta: meta.clone(), version: 1, created_ms: now, updated_ms: now, record: record.clone() })
    }

    /// Replaces the record of match `id`, which must be at `version`; it is
    /// then at `version + 1`. Returns the time of the update.
    pub fn update(&self, id: &str, version: u64, record: &MatchRecord) -> Result<i64, StoreError> {
        let json = serde_json::to_string(record).map_err(|e| e.to_string())?;
        let now = now_ms();
        let n = self
            .conn()
            .execute(
                "UPDATE matches SET record = ?1, version = version + 1, updated_ms = ?2 WHERE id = ?3 AND version = ?4",
                params![json, now, id, version as i64],
            )
            .map_err(|e| format!("saving the match: {e}"))?;
        if n != 1 {
            return Err(format!("match {id} changed in the database while it was being played"));
        }
        Ok(now)
    }

    /// Loads match `id`, or `None` if there is none.
    pub fn load(&self, id: &str) -> Result<Option<Stored>, StoreError> {
        let row = self
            .conn()
            .query_row(
                "SELECT created_ms, updated_ms, version, opponent, level, human_color, record FROM matches WHERE id = ?1",
                params![id],
                |r| {
                    Ok((
                        r.get::<_, i64>(0)?,
                        r.get::<_, i64>(1)?,
                        r.get::<_, i64>(2)?,
                        r.get::<_, String>(3)?,
                        r.get::<_, Option<String>>(4)?,
                        r.get::<_, Option<String>>(5)?,
                        r.get::<_, String>(6)?,
                    ))
                },
            )
            .optional()
            .map_err(|e| format!("reading match {id}: {e}"))?;
        let Some((created_ms, updated_ms, version, opponent, level, human, json)) = row else { return Ok(None) };
        let opponent = match opponent.as_str() {
            "engine" => Opponent::Engine,
            "human" => Opponent::Human,
            other => return Err(format!("match {id}: unknown opponent `{other}` in the database")),
        };
        let human_color = human.as_deref().and_then(Color::parse);
        let record =
            serde_json::from_str(&json).map_err(|e| format!("match {id}: stored record is unreadable: {e}"))?;
        Ok(Some(Stored {
            meta: Meta { opponent, level, human_color },
            version: version as u64,
            created_ms,
            updated_ms,
            record,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plakoto_core::game::{Match, Players};

    #[test]
    fn insert_update_load_round_trip_and_versions_guard_writes() {
        let s = Store::in_memory().unwrap();
        let meta = Meta { opponent: Opponent::Engine, level: Some("random".into()), human_color: Some(Color::Black) };
        let mut m = Match::new(3, 5, Players::default()).unwrap();
        s.insert("abc", &meta, &m.record()).unwrap();
        m.roll().unwrap();
        s.update("abc", 1, &m.record()).unwrap();
        assert!(s.update("abc", 1, &m.record()).is_err(), "a stale version must not overwrite");
        let got = s.load("abc").unwrap().unwrap();
        assert_eq!(got.version, 2);
        assert_eq!(got.meta, meta);
        assert_eq!(got.record, m.record());
        assert!(s.load("nope").unwrap().is_none());
    }
}
