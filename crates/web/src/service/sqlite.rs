//! Matches in SQLite: one table holding each match's record (the JSON of
//! `tavli_core::game::MatchRecord`) with its id, times and version, and
//! who plays, for looking matches up. WAL journal with `synchronous=FULL`,
//! so a write that returned is on disk: the server replies only after the
//! move is committed, and a server killed at any moment restarts with every
//! answered move.
//!
//! The schema carries its version (`PRAGMA user_version`); opening a
//! database runs the migrations it has not had yet, each in a transaction.
//! The schema and the queries are PostgreSQL's too ([`sql`](super::sql)).

use std::path::Path;
use std::sync::Mutex;

use rusqlite::{Connection, OptionalExtension, params};
use tavli_core::Color;
use tavli_core::game::MatchRecord;
use tavli_core::tavli::AnyPosition;

use super::sql::{self, MIGRATIONS, now_ms};
use super::store::{MatchStore, Seats, StoreError, StoredMatch};

/// The schema version this build writes.
pub const SCHEMA_VERSION: u32 = MIGRATIONS.len() as u32;

/// The database of matches. One connection behind a mutex: writes to one
/// SQLite file are serial anyway, and each is one short transaction.
pub struct SqliteStore {
    conn: Mutex<Connection>,
}

fn failed(what: &str) -> impl FnOnce(rusqlite::Error) -> StoreError + '_ {
    move |e| StoreError::Failed(format!("{what}: {e}"))
}

impl SqliteStore {
    /// Opens (creating if needed) the database file at `path`, migrating
    /// its schema to this build's.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let conn = Connection::open(path)
            .map_err(|e| StoreError::Failed(format!("cannot open database {}: {e}", path.display())))?;
        SqliteStore::init(conn).map_err(|e| StoreError::Failed(format!("database {}: {e}", path.display())))
    }

    /// A database in memory (for tests).
    pub fn in_memory() -> Result<SqliteStore, StoreError> {
        let conn = Connection::open_in_memory().map_err(failed("cannot open a database in memory"))?;
        SqliteStore::init(conn).map_err(|e| StoreError::Failed(e.to_string()))
    }

    fn init(mut conn: Connection) -> Result<SqliteStore, String> {
        conn.busy_timeout(std::time::Duration::from_secs(5)).map_err(|e| e.to_string())?;
        let _mode: String = conn.query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0)).map_err(|e| e.to_string())?;
        conn.pragma_update(None, "synchronous", "FULL").map_err(|e| e.to_string())?;
        migrate(&mut conn)?;
        Ok(SqliteStore { conn: Mutex::new(conn) })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave a half-done write
        // (SQLite rolls back), so a poisoned lock is still usable.
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Runs the migrations the database has not had.
fn migrate(conn: &mut Connection) -> Result<(), String> {
    let at: u32 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).map_err(|e| e.to_string())?;
    if at > SCHEMA_VERSION {
        return Err(format!(
            "the database's schema is version {at}, newer than this program's ({SCHEMA_VERSION}): use a newer tavli"
        ));
    }
    for (i, step) in MIGRATIONS.iter().enumerate().skip(at as usize) {
        let tx = conn.transaction().map_err(|e| e.to_string())?;
        tx.execute_batch(step).map_err(|e| format!("migration {}: {e}", i + 1))?;
        tx.pragma_update(None, "user_version", i as u32 + 1).map_err(|e| e.to_string())?;
        tx.commit().map_err(|e| e.to_string())?;
    }
    Ok(())
}

impl MatchStore for SqliteStore {
    fn insert(&self, id: &str, record: &MatchRecord<AnyPosition>, seats: &Seats) -> Result<StoredMatch, StoreError> {
        let json = serde_json::to_string(record).map_err(|e| StoreError::Failed(e.to_string()))?;
        let now = now_ms();
        let (opponent, level, human_color) = sql::who_plays(record, seats);
        let done = self.conn().execute(
            sql::INSERT,
            params![id, now, opponent, level, human_color, json, seats.white, seats.black, seats.invite],
        );
        match done {
            Ok(_) => Ok(StoredMatch {
                version: 1,
                created_ms: now,
                updated_ms: now,
                record: record.clone(),
                seats: seats.clone(),
            }),
            Err(rusqlite::Error::SqliteFailure(e, _)) if e.code == rusqlite::ErrorCode::ConstraintViolation => {
                Err(StoreError::Duplicate(id.to_string()))
            }
            Err(e) => Err(StoreError::Failed(format!("saving the new match: {e}"))),
        }
    }

    fn update(&self, id: &str, version: u64, record: &MatchRecord<AnyPosition>) -> Result<i64, StoreError> {
        let json = serde_json::to_string(record).map_err(|e| StoreError::Failed(e.to_string()))?;
        let now = now_ms();
        let n = self
            .conn()
            .execute(sql::UPDATE, params![json, now, id, version as i64])
            .map_err(failed("saving the match"))?;
        if n != 1 {
            return Err(StoreError::Conflict { id: id.to_string(), version });
        }
        Ok(now)
    }

    fn load(&self, id: &str) -> Result<Option<StoredMatch>, StoreError> {
        let row = self
            .conn()
            .query_row(sql::LOAD, params![id], |r| {
                let seats = Seats { white: r.get(4)?, black: r.get(5)?, invite: r.get(6)? };
                Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, i64>(2)?, r.get::<_, String>(3)?, seats))
            })
            .optional()
            .map_err(failed("reading a match"))?;
        let Some((created_ms, updated_ms, version, json, seats)) = row else { return Ok(None) };
        let record = serde_json::from_str(&json)
            .map_err(|e| StoreError::Corrupt { id: id.to_string(), why: format!("the record is unreadable: {e}") })?;
        Ok(Some(StoredMatch { version: version as u64, created_ms, updated_ms, record, seats }))
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
        let n = self
            .conn()
            .execute(sql::take_invite(side), params![seat, json, now_ms(), id, invite, version as i64])
            .map_err(failed("taking a seat"))?;
        Ok(n == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::super::Match;
    use super::*;
    use tavli_core::game::Players;
    use tavli_core::tavli::MatchRules;

    #[test]
    fn insert_update_load_round_trip_and_versions_guard_writes() {
        let s = SqliteStore::in_memory().unwrap();
        let mut m =
            Match::with_rules(MatchRules::default(), 3, 5, Players::against_engine(Color::Black, "random")).unwrap();
        s.insert("abc", &m.record(), &Seats::default()).unwrap();
        assert_eq!(s.insert("abc", &m.record(), &Seats::default()).unwrap_err(), StoreError::Duplicate("abc".into()));
        m.roll().unwrap();
        s.update("abc", 1, &m.record()).unwrap();
        let stale = s.update("abc", 1, &m.record()).unwrap_err();
        assert_eq!(stale, StoreError::Conflict { id: "abc".into(), version: 1 }, "a stale version must not overwrite");
        let got = s.load("abc").unwrap().unwrap();
        assert_eq!(got.version, 2);
        assert_eq!(got.record, m.record());
        assert!(s.load("nope").unwrap().is_none());
    }

    #[test]
    fn a_database_from_before_schema_versions_is_migrated_and_a_newer_one_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.db");
        {
            // As the first release made it: the table, and no user_version.
            let c = Connection::open(&path).unwrap();
            c.execute_batch(MIGRATIONS[0]).unwrap();
            let m = Match::with_rules(MatchRules::default(), 1, 2, Players::people()).unwrap();
            c.execute(
                "INSERT INTO matches VALUES ('old', 1, 1, 1, 'human', NULL, NULL, ?1)",
                params![serde_json::to_string(&m.record()).unwrap()],
            )
            .unwrap();
        }
        let s = SqliteStore::open(&path).unwrap();
        assert!(s.load("old").unwrap().is_some());
        let v: u32 = s.conn().query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
        assert_eq!(v, SCHEMA_VERSION);
        drop(s);
        Connection::open(&path).unwrap().pragma_update(None, "user_version", SCHEMA_VERSION + 1).unwrap();
        let e = SqliteStore::open(&path).err().unwrap().to_string();
        assert!(e.contains("newer than this program"), "{e}");
    }

    #[test]
    fn a_damaged_row_is_reported_as_corrupt() {
        let s = SqliteStore::in_memory().unwrap();
        s.conn()
            .execute(
                "INSERT INTO matches (id, created_ms, updated_ms, version, opponent, record)
                 VALUES ('bad', 1, 1, 1, 'human', '{oops')",
                [],
            )
            .unwrap();
        assert!(matches!(s.load("bad"), Err(StoreError::Corrupt { .. })));
    }

    #[test]
    fn an_invitation_is_taken_once() {
        let s = SqliteStore::in_memory().unwrap();
        let m = Match::with_rules(MatchRules::default(), 1, 5, Players::people()).unwrap();
        let seats = Seats { white: Some("w".into()), black: None, invite: Some("inv".into()) };
        s.insert("on", &m.record(), &seats).unwrap();
        let r = m.record();
        assert!(!s.take_invite("on", "wrong", Color::Black, "b", 1, &r).unwrap());
        assert!(!s.take_invite("on", "inv", Color::Black, "b", 2, &r).unwrap(), "a stale version takes nothing");
        assert!(s.take_invite("on", "inv", Color::Black, "b", 1, &r).unwrap());
        assert!(!s.take_invite("on", "inv", Color::Black, "c", 2, &r).unwrap(), "taken once");
        let got = s.load("on").unwrap().unwrap();
        assert_eq!(got.seats, Seats { white: Some("w".into()), black: Some("b".into()), invite: None });
        assert_eq!(got.version, 2, "taking the seat is a change of the match");
    }
}
