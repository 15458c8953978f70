//! Why a play or a single move is illegal, on the wire: a stable code and
//! its parameters, made from the core's [`PlayError`] (every game's
//! refusals) here and nowhere else, so that each front end words it in its
//! own language (the page in English and Greek) instead of reading the
//! English message. A reason that means the same in two games has one code.

use serde::Serialize;
use serde_json::{Map, Value, json};
use tavli_core::{Dice, PlayError};
use utoipa::ToSchema;

/// The stable code of a [`PlayError`], one per kind, two kinds sharing a
/// code where the reason is the same
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
    /// Gul bara: the stage being played has `left` moves of `die`, fewer
    /// than entered.
    StageMoves,
    /// Gul bara: a ladder is played a stage at a time; this one is of `die`.
    OneStage,
    /// Gul bara: `dice` on the game's roll `roll` is played at once, not
    /// in stages (doublets ladder from the 4th roll).
    NotALadder,
    /// Gul bara: the stage of `die` stopped after `played` moves, which
    /// ends the turn.
    AfterStall,
    /// Gul bara: the play hands over the dice `actual` (none: nothing),
    /// not `written`.
    Remainder,
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
        // Every kind by name, no catch-all: a new kind of refusal is a
        // compiler error here until it has its code.
        let (code, params) = match e {
            PlayError::Syntax { token, why } => (C::Syntax, json!({"token": token, "why": why})),
            PlayError::GameOver => (C::GameOver, json!({})),
            PlayError::MustPass(d) => (C::MustPass, json!({"dice": dice(d)})),
            PlayError::CannotPass(d) => (C::CannotPass, json!({"dice": dice(d)})),
            PlayError::NoChecker(p) => (C::NoChecker, json!({"point": p})),
            PlayError::TooFewCheckers { point, have } => (C::TooFewCheckers, json!({"point": point, "have": have})),
            PlayError::NoPoint(p) => (C::NoPoint, json!({"point": p})),
            PlayError::Backwards { from, to } => (C::Backwards, json!({"from": from, "to": to})),
            PlayError::NoDice { from, to, dist, left } => {
                (C::NoDice, json!({"from": from, "to": to, "pips": dist, "left": numbers(left)}))
            }
            // One opposing checker holds a point in Fevga: still a point
            // the opponent holds.
            PlayError::Blocked(p) | PlayError::HeldByOne(p) => (C::PointBlocked, json!({"point": p})),
            PlayError::PathBlocked { from, to, blocked } => {
                (C::PathBlocked, json!({"from": from, "to": to, "blocked": numbers(blocked)}))
            }
            PlayError::NotAllHome(p) => (C::NotAllHome, json!({"point": p})),
            PlayError::NotHighest { from, die, higher } => {
                (C::NotHighest, json!({"from": from, "die": die, "highest": higher}))
            }
            PlayError::AfterGameEnd(moves) => (C::AfterGameEnd, json!({"moves": moves})),
            PlayError::TooManyMoves(d) => (C::TooManyMoves, json!({"dice": dice(d)})),
            PlayError::MustUseBoth(d) => (C::MustUseBoth, json!({"dice": dice(d)})),
            PlayError::MustUseMore { die, needed } => (C::MustUseMore, json!({"die": die, "needed": needed})),
            PlayError::MustUseLarger(d) => (C::MustUseLarger, json!({"die": d})),
            PlayError::NotLegal(play) => (C::NotLegal, json!({"play": play})),
            PlayError::Pinned(p) => (C::Pinned, json!({"point": p})),
            PlayError::BlockedAnchor(p) => (C::AnchorBlocked, json!({"point": p})),
            PlayError::PinnedNoBearOff(p) => (C::PinnedNoBearOff, json!({"point": p})),
            PlayError::MustEnterFirst { from, bar } => (C::MustEnterFirst, json!({"from": from, "bar": bar})),
            PlayError::EntryBlocked(p) => (C::EntryBlocked, json!({"point": p})),
            PlayError::Runner { from, passing } => (C::Runner, json!({"from": from, "passing": passing})),
            PlayError::QuarterBan { landing } => (C::QuarterBan, json!({"landing": landing})),
            PlayError::NardePrime { points } => (C::Prime, json!({"points": numbers(points)})),
            PlayError::UnblockingDuty { trapped, wall } => {
                (C::UnblockingDuty, json!({"trapped": trapped, "wall": numbers(wall)}))
            }
            PlayError::StageMoves { die, left } => (C::StageMoves, json!({"die": die, "left": left})),
            PlayError::OneStage { die } => (C::OneStage, json!({"die": die})),
            PlayError::NotALadder { dice: d, roll } => (C::NotALadder, json!({"dice": dice(d), "roll": roll})),
            PlayError::AfterStall { die, played } => (C::AfterStall, json!({"die": die, "played": played})),
            PlayError::Remainder { actual, written } => {
                (C::Remainder, json!({"actual": numbers(actual), "written": written}))
            }
        };
        Reason::new(code, params)
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
        let r = Reason::from(&PlayError::Blocked(13));
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

    /// The page (assets/js/reasons.js) words every code, in English, Greek
    /// and Bulgarian: each code is a key of the three tables.
    #[test]
    fn the_page_words_every_code_in_english_greek_and_bulgarian() {
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
            C::StageMoves,
            C::OneStage,
            C::NotALadder,
            C::AfterStall,
            C::Remainder,
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
            C::StageMoves => 28,
            C::OneStage => 29,
            C::NotALadder => 30,
            C::AfterStall => 31,
            C::Remainder => 32,
        };
        let page = include_str!("../assets/js/reasons.js");
        let (en, rest) = page.split_once("  el: {").expect("the Greek table");
        let (el, bg) = rest.split_once("  bg: {").expect("the Bulgarian table");
        for (i, c) in all.into_iter().enumerate() {
            assert_eq!(index(c), i, "{c:?}");
            let key = format!("'{}':", serde_json::to_value(c).unwrap().as_str().unwrap());
            for (name, table) in [("English", en), ("Greek", el), ("Bulgarian", bg)] {
                assert!(table.contains(&key), "reasons.js does not word {key} in {name}");
            }
        }
    }

    /// Portes's and Fevga's reasons share the codes of the same reasons and
    /// have their own for the rest.
    #[test]
    fn portes_and_fevga_reasons_have_codes() {
        let v = |r: Reason| serde_json::to_value(r).unwrap();
        let p = |e: PlayError| v(Reason::from(&e));
        let f = p;
        assert_eq!(p(PlayError::Blocked(18)), json!({"code": "point-blocked", "params": {"point": 18}}));
        assert_eq!(
            p(PlayError::MustEnterFirst { from: 13, bar: 2 }),
            json!({"code": "must-enter-first", "params": {"from": 13, "bar": 2}})
        );
        assert_eq!(p(PlayError::EntryBlocked(20)), json!({"code": "entry-blocked", "params": {"point": 20}}));
        assert_eq!(p(PlayError::NoChecker(25)), json!({"code": "no-checker", "params": {"point": 25}}));
        assert_eq!(f(PlayError::HeldByOne(12)), json!({"code": "point-blocked", "params": {"point": 12}}));
        assert_eq!(
            f(PlayError::Runner { from: 24, passing: false }),
            json!({"code": "runner", "params": {"from": 24, "passing": false}})
        );
        assert_eq!(
            f(PlayError::QuarterBan { landing: true }),
            json!({"code": "quarter-ban", "params": {"landing": true}})
        );
        assert_eq!(
            f(PlayError::NardePrime { points: "13, 14, 15, 16, 17, 18".into() }),
            json!({"code": "prime", "params": {"points": [13, 14, 15, 16, 17, 18]}})
        );
        assert_eq!(
            f(PlayError::UnblockingDuty { trapped: 7, wall: "1, 2, 3, 4, 5, 6".into() }),
            json!({"code": "unblocking-duty", "params": {"trapped": 7, "wall": [1, 2, 3, 4, 5, 6]}})
        );
        let d = Dice::new(6, 6).unwrap();
        assert_eq!(f(PlayError::MustPass(d))["code"], "must-pass");
        assert_eq!(p(PlayError::TooManyMoves(d))["code"], "too-many-moves");
    }
}
