//! The schema and the queries of both stores, one text each: SQLite and
//! PostgreSQL run the same SQL. Parameters are written `$1`, `$2`, …, which
//! PostgreSQL numbers and SQLite takes as named parameters, numbered by
//! first appearance: so in every query each `$N` first appears in order
//! (`$1` before `$2` …), and the values bind by position in both (a test
//! below checks it).

use std::time::{SystemTime, UNIX_EPOCH};

use tavli_core::Color;
use tavli_core::game::MatchRecord;
use tavli_core::tavli::GamePosition;

use super::store::Seats;

/// The migrations, in order: migration `i` takes the schema from version
/// `i` to `i + 1`. (An SQLite database made before versions were kept,
/// at version 0 with the table in place, passes the first one unchanged;
/// SQLite stores `BIGINT` as its 64-bit `INTEGER`.)
pub const MIGRATIONS: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS matches (
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

/// A new match at version 1: id, time, opponent, level, human colour,
/// record, white seat, black seat, invitation.
pub const INSERT: &str = "INSERT INTO matches (id, created_ms, updated_ms, version, opponent, level, human_color,
                                  record, white_seat, black_seat, invite)
     VALUES ($1, $2, $2, 1, $3, $4, $5, $6, $7, $8, $9)";

/// A new record at the next version: record, time, id, the version it was
/// made on.
pub const UPDATE: &str =
    "UPDATE matches SET record = $1, version = version + 1, updated_ms = $2 WHERE id = $3 AND version = $4";

/// A match by id: created, updated, version, record, white seat, black
/// seat, invitation.
pub const LOAD: &str =
    "SELECT created_ms, updated_ms, version, record, white_seat, black_seat, invite FROM matches WHERE id = $1";

/// The version of a match by id.
pub const VERSION: &str = "SELECT version FROM matches WHERE id = $1";

/// Takes `side`'s free seat with the invitation, writing the new record at
/// the next version: seat, record, time, id, invitation, the version it
/// was made on.
pub fn take_invite(side: Color) -> &'static str {
    match side {
        Color::White => {
            "UPDATE matches SET white_seat = $1, invite = NULL, record = $2, version = version + 1, updated_ms = $3
             WHERE id = $4 AND invite = $5 AND white_seat IS NULL AND version = $6"
        }
        Color::Black => {
            "UPDATE matches SET black_seat = $1, invite = NULL, record = $2, version = version + 1, updated_ms = $3
             WHERE id = $4 AND invite = $5 AND black_seat IS NULL AND version = $6"
        }
    }
}

/// Now, in milliseconds since 1970.
pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// The lookup columns of a new match: `online` with seats, else `engine`
/// with its level and the person's colour, or `human` for two people.
pub fn who_plays<P: GamePosition>(
    record: &MatchRecord<P>,
    seats: &Seats,
) -> (&'static str, Option<String>, Option<&'static str>) {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The `$N` of `sql`, in order of first appearance.
    fn first_appearances(sql: &str) -> Vec<u32> {
        let mut seen = Vec::new();
        let b = sql.as_bytes();
        for (i, _) in sql.match_indices('$') {
            let digits: String = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).map(|&c| c as char).collect();
            let n = digits.parse().expect("a number after $");
            if !seen.contains(&n) {
                seen.push(n);
            }
        }
        seen
    }

    #[test]
    fn parameters_first_appear_in_order_so_both_databases_bind_them_alike() {
        let queries = [INSERT, UPDATE, LOAD, VERSION, take_invite(Color::White), take_invite(Color::Black)];
        for q in queries {
            let got = first_appearances(q);
            let want: Vec<u32> = (1..=got.len() as u32).collect();
            assert_eq!(got, want, "{q}");
        }
    }
}
