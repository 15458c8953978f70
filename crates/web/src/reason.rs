//! Why a play or a single move is illegal, on the wire: a stable code and
//! its parameters, made from the core's [`PlayError`] here and nowhere
//! else, so that each front end words it in its own language (the page in
//! English and Greek) instead of reading the English message.

use plakoto_core::{Dice, PlayError};
use serde::Serialize;
use serde_json::{Map, Value, json};
use utoipa::ToSchema;

/// The stable code of a [`PlayError`], one per variant
/// (`point-blocked`, `no-dice`, …; listed in docs/INTERFACE.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ReasonCode {
    /// A piece of the notation could not be read: `token`, `why`.
    Syntax,
    /// The game is over: nothing can be played.
    GameOver,
    /// No move is possible with `dice`: the turn passes.
    MustPass,
    /// A pass was entered, but `dice` can be played.
    CannotPass,
    /// No checker of the mover's on `point`.
    NoChecker,
    /// Only `have` of the mover's checkers on `point`.
    TooFewCheckers,
    /// `point` does not exist.
    NoPoint,
    /// The mover's checker on `point` is pinned.
    Pinned,
    /// `from`/`to` goes backwards.
    Backwards,
    /// `from`/`to` is `pips` pips, which the dice `left` cannot make.
    NoDice,
    /// The opponent holds `point` with two or more checkers.
    PointBlocked,
    /// The opponent's checker on `point` pins one of the mover's.
    AnchorBlocked,
    /// Every way from `from` to `to` lands on a `blocked` point.
    PathBlocked,
    /// Bearing off while a checker (on `point`) is outside home.
    NotAllHome,
    /// Bearing off while a checker (on `point`) is pinned.
    PinnedNoBearOff,
    /// `from`/off with `die` only from the highest point; one is on `highest`.
    NotHighest,
    /// The game ended with `moves`; the moves after it are not played.
    AfterGameEnd,
    /// More moves than `dice` give.
    TooManyMoves,
    /// Both of `dice` must be used.
    MustUseBoth,
    /// `needed` moves of `die` must be played.
    MustUseMore,
    /// Only one die can be played, and then the larger, `die`.
    MustUseLarger,
    /// `play` is not a legal play.
    NotLegal,
}

/// A refusal's reason: its code and parameters (points in the mover's
/// numbering, 0 for off; dice larger first).
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct Reason {
    /// What is wrong.
    pub code: ReasonCode,
    /// Its details, by name (`point`, `from`, `to`, `dice`, …).
    #[schema(value_type = Object)]
    pub params: Map<String, Value>,
}

fn dice(d: &Dice) -> Value {
    json!([d.high(), d.low()])
}

/// `"6, 4"` (or `"none"`), as the core writes a list of numbers, as numbers.
fn numbers(text: &str) -> Value {
    Value::Array(text.split(',').filter_map(|n| n.trim().parse::<u8>().ok()).map(Value::from).collect())
}

impl From<&PlayError> for Reason {
    fn from(e: &PlayError) -> Reason {
        use ReasonCode as C;
        let (code, params) = match e {
            PlayError::Syntax { token, why } => (C::Syntax, json!({"token": token, "why": why})),
            PlayError::GameOver => (C::GameOver, json!({})),
            PlayError::MustPass(d) => (C::MustPass, json!({"dice": dice(d)})),
            PlayError::CannotPass(d) => (C::CannotPass, json!({"dice": dice(d)})),
            PlayError::NoChecker(p) => (C::NoChecker, json!({"point": p})),
            PlayError::TooFewCheckers { point, have } => (C::TooFewCheckers, json!({"point": point, "have": have})),
            PlayError::NoPoint(p) => (C::NoPoint, json!({"point": p})),
            PlayError::Pinned(p) => (C::Pinned, json!({"point": p})),
            PlayError::Backwards { from, to } => (C::Backwards, json!({"from": from, "to": to})),
            PlayError::NoDice { from, to, dist, left } => {
                (C::NoDice, json!({"from": from, "to": to, "pips": dist, "left": numbers(left)}))
            }
            PlayError::BlockedPoint(p) => (C::PointBlocked, json!({"point": p})),
            PlayError::BlockedAnchor(p) => (C::AnchorBlocked, json!({"point": p})),
            PlayError::PathBlocked { from, to, blocked } => {
                (C::PathBlocked, json!({"from": from, "to": to, "blocked": numbers(blocked)}))
            }
            PlayError::NotAllHome(p) => (C::NotAllHome, json!({"point": p})),
            PlayError::PinnedNoBearOff(p) => (C::PinnedNoBearOff, json!({"point": p})),
            PlayError::NotHighest { from, die, higher } => {
                (C::NotHighest, json!({"from": from, "die": die, "highest": higher}))
            }
            PlayError::AfterGameEnd(moves) => (C::AfterGameEnd, json!({"moves": moves})),
            PlayError::TooManyMoves(d) => (C::TooManyMoves, json!({"dice": dice(d)})),
            PlayError::MustUseBoth(d) => (C::MustUseBoth, json!({"dice": dice(d)})),
            PlayError::MustUseMore { die, needed } => (C::MustUseMore, json!({"die": die, "needed": needed})),
            PlayError::MustUseLarger(d) => (C::MustUseLarger, json!({"die": d})),
            PlayError::NotLegal(play) => (C::NotLegal, json!({"play": play})),
        };
        let Value::Object(params) = params else { unreachable!("every arm builds an object") };
        Reason { code, params }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_has_its_code_and_parameters() {
        let d = Dice::new(6, 4).unwrap();
        let r = Reason::from(&PlayError::BlockedPoint(13));
        assert_eq!(serde_json::to_value(&r).unwrap(), json!({"code": "point-blocked", "params": {"point": 13}}));
        let r = Reason::from(&PlayError::NoDice { from: 15, to: 1, dist: 14, left: "6, 4".into() });
        assert_eq!(
            serde_json::to_value(&r).unwrap(),
            json!({"code": "no-dice", "params": {"from": 15, "to": 1, "pips": 14, "left": [6, 4]}})
        );
        let r = Reason::from(&PlayError::NoDice { from: 3, to: 2, dist: 1, left: "none".into() });
        assert_eq!(r.params["left"], json!([]));
        assert_eq!(serde_json::to_value(Reason::from(&PlayError::MustUseBoth(d)).code).unwrap(), "must-use-both");
    }
}
