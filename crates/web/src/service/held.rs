//! A match as the service holds it in memory: the match, its version and
//! times, its seats, and the single moves of the turn being entered.

use super::Match;
use tavli_core::Color;

use super::Seats;
use super::seats::holder;

/// A match as the service holds it.
#[derive(Clone, Debug)]
pub struct Held {
    /// The match id (12 URL-safe characters).
    pub id: String,
    /// The match itself.
    pub m: Match,
    /// One more with every change; a play states the version it is for.
    pub version: u64,
    /// When it was created (milliseconds since 1970).
    pub created_ms: i64,
    /// When it last changed.
    pub updated_ms: i64,
    /// Its seats, when it is played online.
    pub seats: Seats,
    /// The single moves the side on roll has entered of its turn, not yet
    /// confirmed, with the version they are for (kept in memory only, so
    /// a watcher arriving mid-turn sees them).
    pub pending: Option<(u64, Color, Vec<[u8; 2]>)>,
}

impl Held {
    /// The seat `token` holds in this match played online, if any.
    pub fn seat_of(&self, token: Option<&str>) -> Option<Color> {
        holder(&self.seats, token)
    }

    /// Is the seat of `side` taken (online)?
    pub fn seat_taken(&self, side: Color) -> bool {
        if side == Color::White { self.seats.white.is_some() } else { self.seats.black.is_some() }
    }

    /// The side a person plays against the engine (`None` between two
    /// people, or two engines).
    pub fn person(&self) -> Option<Color> {
        let p = self.m.players();
        match (p.white.is_person(), p.black.is_person()) {
            (true, false) => Some(Color::White),
            (false, true) => Some(Color::Black),
            _ => None,
        }
    }

    /// Is the engine's help (hints, judgements, evaluations, reviews) off
    /// for this match? While a match between two people online is played:
    /// neither seat, nor anyone watching, may ask the engine about it.
    /// Once it is over, its review is given.
    pub fn engine_help_off(&self) -> bool {
        self.seats.online() && !self.m.is_over()
    }

    /// The engine level, in a match against the engine.
    pub fn level(&self) -> Option<&str> {
        let p = self.m.players();
        p.white.level().or(p.black.level())
    }
}
