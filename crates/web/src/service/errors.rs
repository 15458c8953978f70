//! Why a call of the match service was refused: the kind of failure (the
//! HTTP layer's status), a stable code and a message for people.

use tavli_core::game::{GameError, MatchError};

use crate::reason::Reason;

use super::StoreError;

/// What kind of failure a [`ServiceError`] is (the HTTP layer's status).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// No such match.
    NotFound,
    /// A value in the request is wrong (an illegal play, a bad option).
    Invalid,
    /// The request does not fit the match's state (stale version, not this
    /// side's turn, the match is over).
    Conflict,
    /// The engine did not answer in time; nothing was changed.
    Timeout,
    /// The request needs a seat it does not hold (a match played online).
    Forbidden,
    /// The database does not answer; the same request may succeed later.
    Unavailable,
    /// Too many such requests in a short time; the same may succeed later.
    TooMany,
    /// The store or the engine failed.
    Internal,
}

/// Why a call was refused: a kind, a stable code and a message for people.
#[derive(Clone, Debug, PartialEq)]
pub struct ServiceError {
    /// What kind of failure.
    pub kind: ErrorKind,
    /// A stable machine-readable code (`stale`, `illegal-play`, …).
    pub code: &'static str,
    /// What went wrong, for people.
    pub message: String,
    /// Why a play is illegal, as a code and its parameters.
    pub reason: Option<Box<Reason>>,
}

impl ServiceError {
    pub(super) fn new(kind: ErrorKind, code: &'static str, message: impl Into<String>) -> ServiceError {
        ServiceError { kind, code, message: message.into(), reason: None }
    }

    pub(super) fn invalid(code: &'static str, message: impl Into<String>) -> ServiceError {
        ServiceError::new(ErrorKind::Invalid, code, message)
    }

    pub(super) fn conflict(code: &'static str, message: impl Into<String>) -> ServiceError {
        ServiceError::new(ErrorKind::Conflict, code, message)
    }

    /// 422 with `code` (`illegal-play`, `illegal-move`): the core refused
    /// the play or move for `e`, sent with its [`Reason`].
    pub(super) fn illegal(code: &'static str, e: &tavli_core::PlayError) -> ServiceError {
        ServiceError { reason: Some(Box::new(Reason::from(e))), ..ServiceError::invalid(code, e.to_string()) }
    }

    pub(super) fn internal(message: impl Into<String>) -> ServiceError {
        ServiceError::new(ErrorKind::Internal, "internal", message)
    }
}

impl From<StoreError> for ServiceError {
    fn from(e: StoreError) -> ServiceError {
        match e {
            StoreError::Conflict { .. } => ServiceError::conflict("stale", e.to_string()),
            StoreError::Unavailable { .. } => {
                ServiceError::new(ErrorKind::Unavailable, "database-unavailable", e.to_string())
            }
            _ => ServiceError::internal(e.to_string()),
        }
    }
}

/// The service's error for a refusal of the core's match state machine.
pub(super) fn match_error(e: MatchError<tavli_core::PlayError>) -> ServiceError {
    match e {
        MatchError::Over | MatchError::Game(GameError::Over) => ServiceError::conflict("match-over", e.to_string()),
        MatchError::Game(GameError::Illegal(p)) => ServiceError::illegal("illegal-play", &p),
        MatchError::Game(g) => ServiceError::conflict("not-your-turn", g.to_string()),
        MatchError::BadLength(_) => ServiceError::invalid("bad-request", e.to_string()),
        MatchError::AwaitingContributions => ServiceError::conflict("waiting-for-opponent", e.to_string()),
        other => ServiceError::internal(other.to_string()),
    }
}
