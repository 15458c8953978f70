//! The `MatchStore` contract, one test run against each store: SQLite in
//! memory and a real PostgreSQL (the cli tests' server, tests/pg). Both run
//! the same SQL (`service/sql.rs`), and must behave alike: versions guard
//! every write, an id is taken once, an invitation is taken once and only
//! at the version it was read at, with the match's record.

#[path = "../../cli/tests/pg/mod.rs"]
mod pg;

use tavli_core::Color;
use tavli_core::game::Players;
use tavli_core::tavli::MatchRules;
use tavli_web::service::{Match, MatchStore, Seats, StoreError};
use tavli_web::{PostgresStore, SqliteStore};

/// Everything a store promises, on `s` (empty, or at least without the ids
/// used here).
fn contract(s: &dyn MatchStore) {
    // A Tavli match: its record (its games named by kind) keeps in every store.
    let mut m = Match::with_rules(MatchRules::tavli(), 3, 5, Players::against_engine(Color::Black, "random")).unwrap();
    let stored = s.insert("abc", &m.record(), &Seats::default()).unwrap();
    assert_eq!(stored.version, 1);
    assert_eq!(s.insert("abc", &m.record(), &Seats::default()).unwrap_err(), StoreError::Duplicate("abc".into()));
    let got = s.load("abc").unwrap().expect("the match inserted");
    assert_eq!((got.version, &got.record, &got.seats), (1, &m.record(), &Seats::default()));
    assert_eq!(got.created_ms, stored.created_ms);

    // Versions guard writes.
    m.roll().unwrap();
    let t = s.update("abc", 1, &m.record()).unwrap();
    let stale = s.update("abc", 1, &m.record()).unwrap_err();
    assert_eq!(stale, StoreError::Conflict { id: "abc".into(), version: 1 }, "a stale version must not overwrite");
    assert_eq!(s.update("nope", 1, &m.record()).unwrap_err(), StoreError::Conflict { id: "nope".into(), version: 1 });
    let got = s.load("abc").unwrap().unwrap();
    assert_eq!((got.version, &got.record, got.updated_ms), (2, &m.record(), t));
    assert_eq!(s.version("abc").unwrap(), Some(2));
    assert!(s.load("nope").unwrap().is_none());
    assert_eq!(s.version("nope").unwrap(), None);

    // An invitation: taken once, at the version read, with the record.
    let mut online = Match::with_rules(MatchRules::default(), 1, 7, Players::people()).unwrap();
    let seats = Seats { white: Some("w".into()), black: None, invite: Some("inv".into()) };
    s.insert("on", &online.record(), &seats).unwrap();
    assert_eq!(s.load("on").unwrap().unwrap().seats, seats);
    online.roll().unwrap();
    let r = online.record();
    assert!(!s.take_invite("on", "wrong", Color::Black, "b", 1, &r).unwrap(), "a wrong invitation");
    assert!(!s.take_invite("on", "inv", Color::Black, "b", 2, &r).unwrap(), "a version the match is not at");
    assert!(!s.take_invite("on", "inv", Color::White, "b", 1, &r).unwrap(), "a seat that is taken");
    assert_eq!(s.version("on").unwrap(), Some(1), "nothing taken, nothing changed");
    assert!(s.take_invite("on", "inv", Color::Black, "b", 1, &r).unwrap());
    assert!(!s.take_invite("on", "inv", Color::Black, "c", 2, &r).unwrap(), "taken once");
    let got = s.load("on").unwrap().unwrap();
    assert_eq!(got.seats, Seats { white: Some("w".into()), black: Some("b".into()), invite: None });
    assert_eq!((got.version, &got.record), (2, &r), "the seat and the record, one change");
    s.ping().unwrap();
}

#[test]
fn sqlite_keeps_the_store_contract() {
    contract(&SqliteStore::in_memory().unwrap());
    assert!(!SqliteStore::in_memory().unwrap().shared());
}

#[test]
fn postgres_keeps_the_store_contract() {
    let db = pg::start();
    let store = PostgresStore::open(&db.url).unwrap();
    contract(&store);
    assert!(store.shared());
    // A second replica on the same database migrates nothing and agrees.
    let other = PostgresStore::open(&db.url).unwrap();
    assert_eq!(other.version("abc").unwrap(), Some(2));
}

#[test]
fn postgres_that_does_not_answer_is_unavailable_naming_the_database_not_the_password() {
    // Nothing listens on port 1.
    let e = PostgresStore::open("postgres://u:secret@127.0.0.1:1/games").err().expect("no database there");
    assert!(matches!(&e, StoreError::Unavailable { database, .. } if database == "127.0.0.1:1/games"), "{e:?}");
    assert!(!e.to_string().contains("secret"), "{e}");
}
