//! Why a play or a single move is illegal, on the wire: a stable code and
//! its parameters, made from the core's [`PlayError`] (and Portes's and
//! Fevga's) here and nowhere else, so that each front end words it in its
//! own language (the page in English and Greek) instead of reading the
//! English message. A reason that means the same in two games has one code.

use plakoto_core::tavli::AnyPlayError;
use plakoto_core::{Dice, PlayError, fevga, portes};
use serde::Serialize;
use serde_json::{Map, Value, json};
use utoipa::ToSchema;

/// The stable code of a [`PlayError`], one per variant, and of Portes's and
/// Fevga's errors, sharing a code where the reason is the same
/// (`point-blocked`, `no-dice`, …; listed in docs/INTERFACE.md). Points are
/// in the mover's numbering; in Portes 25 is the bar.
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
    /// Portes: a checker other than the `bar` ones on the bar moved (from
    /// `from`) before they all entered.
    MustEnterFirst,
    /// Portes: a checker on the bar cannot enter on `point`, which the
    /// opponent holds.
    EntryBlocked,
    /// Fevga's runner rule: only the runner moves until it reaches (or,
    /// with `passing`, passes) the mover's 12-point; the checker on `from`
    /// must wait.
    Runner,
    /// Fevga: the play would hold all six points of the mover's starting
    /// quarter (19 to 24), judged at the end of the play or, with
    /// `landing`, at every landing.
    QuarterBan,
    /// Fevga's narde-style prime rule (an option): six `points` in a row
    /// with no opposing checker ahead of them.
    Prime,
    /// Fevga's unblocking duty: every opposing checker is `trapped` behind
    /// the mover's six points `wall`, and a legal play opens one of them.
    UnblockingDuty,
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

/// The reasons every game's play error shares, as a code and its
/// parameters (`None` for the game's own kinds of fault): one mapping for
/// the three error types, whose shared variants have the same shape.
macro_rules! shared {
    ($e:expr, $E:path) => {{
        use $E as E;
        use ReasonCode as C;
        match $e {
            E::Syntax { token, why } => Some((C::Syntax, json!({"token": token, "why": why}))),
            E::GameOver => Some((C::GameOver, json!({}))),
            E::MustPass(d) => Some((C::MustPass, json!({"dice": dice(d)}))),
            E::CannotPass(d) => Some((C::CannotPass, json!({"dice": dice(d)}))),
            E::NoChecker(p) => Some((C::NoChecker, json!({"point": p}))),
            E::TooFewCheckers { point, have } => Some((C::TooFewCheckers, json!({"point": point, "have": have}))),
            E::NoPoint(p) => Some((C::NoPoint, json!({"point": p}))),
            E::Backwards { from, to } => Some((C::Backwards, json!({"from": from, "to": to}))),
            E::NoDice { from, to, dist, left } => {
                Some((C::NoDice, json!({"from": from, "to": to, "pips": dist, "left": numbers(left)})))
            }
            E::PathBlocked { from, to, blocked } => {
                Some((C::PathBlocked, json!({"from": from, "to": to, "blocked": numbers(blocked)})))
            }
            E::NotAllHome(p) => Some((C::NotAllHome, json!({"point": p}))),
            E::NotHighest { from, die, higher } => {
                Some((C::NotHighest, json!({"from": from, "die": die, "highest": higher})))
            }
            E::AfterGameEnd(moves) => Some((C::AfterGameEnd, json!({"moves": moves}))),
            E::TooManyMoves(d) => Some((C::TooManyMoves, json!({"dice": dice(d)}))),
            E::MustUseBoth(d) => Some((C::MustUseBoth, json!({"dice": dice(d)}))),
            E::MustUseMore { die, needed } => Some((C::MustUseMore, json!({"die": die, "needed": needed}))),
            E::MustUseLarger(d) => Some((C::MustUseLarger, json!({"die": d}))),
            E::NotLegal(play) => Some((C::NotLegal, json!({"play": play}))),
            _ => None,
        }
    }};
}

impl From<&PlayError> for Reason {
    fn from(e: &PlayError) -> Reason {
        use ReasonCode as C;
        let (code, params) = shared!(e, PlayError).unwrap_or_else(|| match e {
            PlayError::Pinned(p) => (C::Pinned, json!({"point": p})),
            PlayError::BlockedPoint(p) => (C::PointBlocked, json!({"point": p})),
            PlayError::BlockedAnchor(p) => (C::AnchorBlocked, json!({"point": p})),
            PlayError::PinnedNoBearOff(p) => (C::PinnedNoBearOff, json!({"point": p})),
            // Every other variant is shared (above).
            _ => (C::NotLegal, json!({"play": e.to_string()})),
        });
        Reason::new(code, params)
    }
}

impl From<&portes::PlayError> for Reason {
    fn from(e: &portes::PlayError) -> Reason {
        use ReasonCode as C;
        use portes::PlayError as E;
        let (code, params) = shared!(e, portes::PlayError).unwrap_or_else(|| match e {
            E::MustEnterFirst { from, bar } => (C::MustEnterFirst, json!({"from": from, "bar": bar})),
            E::Blocked(p) => (C::PointBlocked, json!({"point": p})),
            E::EntryBlocked(p) => (C::EntryBlocked, json!({"point": p})),
            _ => (C::NotLegal, json!({"play": e.to_string()})),
        });
        Reason::new(code, params)
    }
}

impl From<&fevga::PlayError> for Reason {
    fn from(e: &fevga::PlayError) -> Reason {
        use ReasonCode as C;
        use fevga::PlayError as E;
        let (code, params) = shared!(e, fevga::PlayError).unwrap_or_else(|| match e {
            // One opposing checker holds a point in Fevga: still a point
            // the opponent holds.
            E::Blocked(p) => (C::PointBlocked, json!({"point": p})),
            E::Runner { from, passing } => (C::Runner, json!({"from": from, "passing": passing})),
            E::QuarterBan { landing } => (C::QuarterBan, json!({"landing": landing})),
            E::NardePrime { points } => (C::Prime, json!({"points": numbers(points)})),
            E::UnblockingDuty { trapped, wall } => {
                (C::UnblockingDuty, json!({"trapped": trapped, "wall": numbers(wall)}))
            }
            _ => (C::NotLegal, json!({"play": e.to_string()})),
        });
        Reason::new(code, params)
    }
}

impl From<&AnyPlayError> for Reason {
    fn from(e: &AnyPlayError) -> Reason {
        match e {
            AnyPlayError::Portes(e) => Reason::from(e),
            AnyPlayError::Plakoto(e) => Reason::from(e),
            AnyPlayError::Fevga(e) => Reason::from(e),
        }
    }
}

impl Reason {
    /// The reason of `code` with `params`, an object.
    fn new(code: ReasonCode, params: Value) -> Reason {
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

    /// The page (assets/js/reasons.js) words every code, in English and in
    /// Greek: each code is a key of both tables.
    #[test]
    fn the_page_words_every_code_in_english_and_greek() {
        use ReasonCode as C;
        let all = [
            C::Syntax,
            C::GameOver,
            C::MustPass,
            C::CannotPass,
            C::NoChecker,
            C::TooFewCheckers,
            C::NoPoint,
            C::Pinned,
            C::Backwards,
            C::NoDice,
            C::PointBlocked,
            C::AnchorBlocked,
            C::PathBlocked,
            C::NotAllHome,
            C::PinnedNoBearOff,
            C::NotHighest,
            C::AfterGameEnd,
            C::TooManyMoves,
            C::MustUseBoth,
            C::MustUseMore,
            C::MustUseLarger,
            C::NotLegal,
            C::MustEnterFirst,
            C::EntryBlocked,
            C::Runner,
            C::QuarterBan,
            C::Prime,
            C::UnblockingDuty,
        ];
        // No wildcard: a new code does not compile until it is listed here,
        // and then `all` must have it.
        let index = |c: C| match c {
            C::Syntax => 0,
            C::GameOver => 1,
            C::MustPass => 2,
            C::CannotPass => 3,
            C::NoChecker => 4,
            C::TooFewCheckers => 5,
            C::NoPoint => 6,
            C::Pinned => 7,
            C::Backwards => 8,
            C::NoDice => 9,
            C::PointBlocked => 10,
            C::AnchorBlocked => 11,
            C::PathBlocked => 12,
            C::NotAllHome => 13,
            C::PinnedNoBearOff => 14,
            C::NotHighest => 15,
            C::AfterGameEnd => 16,
            C::TooManyMoves => 17,
            C::MustUseBoth => 18,
            C::MustUseMore => 19,
            C::MustUseLarger => 20,
            C::NotLegal => 21,
            C::MustEnterFirst => 22,
            C::EntryBlocked => 23,
            C::Runner => 24,
            C::QuarterBan => 25,
            C::Prime => 26,
            C::UnblockingDuty => 27,
        };
        let page = include_str!("../assets/js/reasons.js");
        let (en, el) = page.split_once("  el: {").expect("the Greek table");
        for (i, c) in all.into_iter().enumerate() {
            assert_eq!(index(c), i, "{c:?}");
            let key = format!("'{}':", serde_json::to_value(c).unwrap().as_str().unwrap());
            assert!(en.contains(&key) && el.contains(&key), "reasons.js does not word {key} in both languages");
        }
    }

    /// Portes's and Fevga's reasons share the codes of the same reasons and
    /// have their own for the rest.
    #[test]
    fn portes_and_fevga_reasons_have_codes() {
        let v = |r: Reason| serde_json::to_value(r).unwrap();
        let p = |e: portes::PlayError| v(Reason::from(&AnyPlayError::Portes(e)));
        let f = |e: fevga::PlayError| v(Reason::from(&AnyPlayError::Fevga(e)));
        assert_eq!(p(portes::PlayError::Blocked(18)), json!({"code": "point-blocked", "params": {"point": 18}}));
        assert_eq!(
            p(portes::PlayError::MustEnterFirst { from: 13, bar: 2 }),
            json!({"code": "must-enter-first", "params": {"from": 13, "bar": 2}})
        );
        assert_eq!(p(portes::PlayError::EntryBlocked(20)), json!({"code": "entry-blocked", "params": {"point": 20}}));
        assert_eq!(p(portes::PlayError::NoChecker(25)), json!({"code": "no-checker", "params": {"point": 25}}));
        assert_eq!(f(fevga::PlayError::Blocked(12)), json!({"code": "point-blocked", "params": {"point": 12}}));
        assert_eq!(
            f(fevga::PlayError::Runner { from: 24, passing: false }),
            json!({"code": "runner", "params": {"from": 24, "passing": false}})
        );
        assert_eq!(
            f(fevga::PlayError::QuarterBan { landing: true }),
            json!({"code": "quarter-ban", "params": {"landing": true}})
        );
        assert_eq!(
            f(fevga::PlayError::NardePrime { points: "13, 14, 15, 16, 17, 18".into() }),
            json!({"code": "prime", "params": {"points": [13, 14, 15, 16, 17, 18]}})
        );
        assert_eq!(
            f(fevga::PlayError::UnblockingDuty { trapped: 7, wall: "1, 2, 3, 4, 5, 6".into() }),
            json!({"code": "unblocking-duty", "params": {"trapped": 7, "wall": [1, 2, 3, 4, 5, 6]}})
        );
        let d = Dice::new(6, 6).unwrap();
        assert_eq!(f(fevga::PlayError::MustPass(d))["code"], "must-pass");
        assert_eq!(p(portes::PlayError::TooManyMoves(d))["code"], "too-many-moves");
    }
}
