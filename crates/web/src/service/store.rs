//! The `MatchStore` trait: where matches are kept, one record per match
//! with a version that goes up by one with every change. SQLite
//! ([`SqliteStore`](super::SqliteStore)) is the embedded default; another
//! database is one more implementation of this trait.

use std::fmt;

use tavli_core::game::MatchRecord;
use tavli_core::tavli::AnyPosition;

/// Who holds the seats of a match played online: the SHA-256 digests (hex)
/// of each seat's secret, and of the invitation not taken yet. Only
/// digests are stored, so the database never holds a secret.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seats {
    /// White's seat.
    pub white: Option<String>,
    /// Black's seat.
    pub black: Option<String>,
    /// The invitation to the seat still free.
    pub invite: Option<String>,
}

impl Seats {
    /// Is this match played online (it has seats)?
    pub fn online(&self) -> bool {
        self.white.is_some() || self.black.is_some()
    }
}

/// A match as stored.
#[derive(Clone, Debug)]
pub struct StoredMatch {
    /// 1 when created; one more with every change.
    pub version: u64,
    /// When it was created (milliseconds since 1970).
    pub created_ms: i64,
    /// When it last changed (milliseconds since 1970).
    pub updated_ms: i64,
    /// The whole match: seed, players, every roll and play.
    pub record: MatchRecord<AnyPosition>,
    /// Its seats, when it is played online.
    pub seats: Seats,
}

/// Why the store could not do what was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// The match is not at the version the change was made on: something
    /// else changed it first (another request, another server).
    Conflict {
        /// The match.
        id: String,
        /// The version the change expected.
        version: u64,
    },
    /// A new match's id is taken already.
    Duplicate(String),
    /// A stored match cannot be read back (a damaged row).
    Corrupt {
        /// The match.
        id: String,
        /// What is wrong with it.
        why: String,
    },
    /// The database does not answer (it is down, restarting, or out of
    /// reach): nothing was changed, or a change may have landed without
    /// its answer; the same request may succeed in a moment.
    Unavailable {
        /// The database, as `host:port/name` (never with a password).
        database: String,
        /// What failed.
        why: String,
    },
    /// The database failed (I/O, full disk, a refused statement).
    Failed(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Conflict { id, version } => {
                write!(f, "match {id} changed since version {version}: reload it and play again")
            }
            StoreError::Duplicate(id) => write!(f, "a match with id {id} exists already"),
            StoreError::Corrupt { id, why } => write!(f, "match {id} in the database cannot be read: {why}"),
            StoreError::Unavailable { database, why } => {
                write!(f, "the database {database} does not answer ({why}); try again in a moment")
            }
            StoreError::Failed(why) => write!(f, "the database failed: {why}"),
        }
    }
}

impl std::error::Error for StoreError {}

/// Where matches are kept. Every method is one short transaction; a change
/// that returned is durable (a server killed right after keeps it).
pub trait MatchStore: Send + Sync {
    /// Saves a new match `id` at version 1, with its seats.
    fn insert(&self, id: &str, record: &MatchRecord<AnyPosition>, seats: &Seats) -> Result<StoredMatch, StoreError>;

    /// Replaces the record of match `id`, which must be at `version` (else
    /// [`StoreError::Conflict`]); it is then at `version + 1`. Returns the
    /// time of the change.
    fn update(&self, id: &str, version: u64, record: &MatchRecord<AnyPosition>) -> Result<i64, StoreError>;

    /// Match `id`, or `None` when there is none.
    fn load(&self, id: &str) -> Result<Option<StoredMatch>, StoreError>;

    /// Takes the invitation of match `id`: if its digest is `invite`,
    /// `side`'s seat is free and the match is at `version`, the seat
    /// becomes `seat` (a digest), the invitation is gone and `record`
    /// replaces the match's record at `version + 1`, all in one
    /// transaction; `false` when the invitation does not match, was taken
    /// already, or the match moved past `version`.
    fn take_invite(
        &self,
        id: &str,
        invite: &str,
        side: tavli_core::Color,
        seat: &str,
        version: u64,
        record: &MatchRecord<AnyPosition>,
    ) -> Result<bool, StoreError>;

    /// The version of match `id` as stored now (`None`: no such match).
    fn version(&self, id: &str) -> Result<Option<u64>, StoreError> {
        Ok(self.load(id)?.map(|s| s.version))
    }

    /// Does the database answer? (Readiness: `/healthz`.)
    fn ping(&self) -> Result<(), StoreError> {
        Ok(())
    }

    /// Is the store shared with other servers (so a match may change
    /// behind this one's back, and its copy must be checked)?
    fn shared(&self) -> bool {
        false
    }
}
