//! Plakoto's position JSON (INTERFACE.md), the format that came first:
//!
//! ```json
//! {"turn":"white","board":{"24":13,"18":1,"13":1,"1":-15},"pinned":{"13":"black"},"off":{"white":0,"black":0}}
//! ```
//!
//! Here is only what is Plakoto's own: no `game` (or `"plakoto"`), its
//! `pinned` field (point → colour of the checker underneath) and its
//! `Setup`. Reading and writing are `crate::codec::json`'s, shared with the
//! other games.

use serde::ser::SerializeMap;
use serde_json::Value;
use serde_json::value::RawValue;

use super::{Position, PositionError, Setup};
use crate::codec::json::{self, JsonFormat, Points};
use crate::color::Color;
use crate::tavli::GameKind;

/// Why a Plakoto position JSON was rejected.
pub type PositionJsonError = crate::codec::PositionJsonError<PositionError>;

impl JsonFormat for Position {
    type Invalid = PositionError;
    type Setup = Setup;
    const GAME: GameKind = GameKind::Plakoto;
    const OWN_FIELDS: &'static [&'static str] = &["pinned"];
    const LACKS: &'static [(&'static str, &'static str)] = &[("bar", "a checker landed on is pinned, not hit")];
    const LOOSE_TURN: bool = true;
    const OFF_REPEATS: bool = true;

    fn setup(turn: Color) -> Setup {
        Setup::empty(turn)
    }

    fn set_game(setup: &mut Setup, game: GameKind) {
        setup.game = game;
    }

    fn game(&self) -> GameKind {
        self.game
    }

    fn put(setup: &mut Setup, point: u8, count: i64) {
        setup.board[point as usize] = count;
    }

    fn set_off(setup: &mut Setup, off: [i64; 2]) {
        setup.off = off;
    }

    fn read_own(setup: &mut Setup, _field: &str, raw: &RawValue) -> Result<(), PositionJsonError> {
        json::each_point("pinned", raw, |point, raw| {
            // Any case and `w`/`b`, as Plakoto's reader always took.
            setup.pinned[point as usize] = Some(json::color(&format!("pinned.{point}"), raw, true)?);
            Ok(())
        })
    }

    fn validate(setup: &Setup) -> Result<Position, PositionError> {
        setup.validate()
    }

    fn on_roll(&self) -> Color {
        self.turn
    }

    fn point(&self, point: u8) -> Option<(Color, u8)> {
        self.top(point)
    }

    fn borne_off(&self, color: Color) -> u8 {
        self.off(color)
    }

    fn write_own<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
        map.serialize_entry("pinned", &Points(|point| self.pinned(point).map(Color::name)))
    }
}

impl Position {
    /// Parses the position JSON of INTERFACE.md, naming any fault.
    ///
    /// ```
    /// use tavli_core::Position;
    /// let p = Position::from_json(r#"{"turn":"white","board":{"24":15,"1":-15},"pinned":{},"off":{"white":0,"black":0}}"#).unwrap();
    /// assert_eq!(p, Position::start());
    /// let e = Position::from_json(r#"{"turn":"white","board":{"25":15,"1":-15}}"#).unwrap_err();
    /// assert!(e.to_string().contains("point 25"));
    /// ```
    pub fn from_json(text: &str) -> Result<Position, PositionJsonError> {
        json::read(text)
    }

    /// Parses an already-decoded JSON value (e.g. inside a larger document).
    pub fn from_json_value(v: &Value) -> Result<Position, PositionJsonError> {
        json::read_value(v)
    }

    /// The position JSON, compact, points from 24 down to 1 as in
    /// INTERFACE.md; a position of one of Plakoto's names says its `game`
    /// first (`{"game":"tapa","turn":…}`).
    ///
    /// ```
    /// use tavli_core::Position;
    /// assert_eq!(
    ///     Position::start().to_json(),
    ///     r#"{"turn":"white","board":{"24":15,"1":-15},"pinned":{},"off":{"white":0,"black":0}}"#
    /// );
    /// ```
    pub fn to_json(&self) -> String {
        json::write(self)
    }

    /// The position JSON as a `serde_json::Value`.
    pub fn to_json_value(&self) -> Value {
        json::write_value(self)
    }
}

json::serde_impls!(Position);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pos;

    #[test]
    fn interface_example_parses_and_prints_exactly() {
        let text = r#"{"turn":"white","board":{"24":13,"18":1,"13":1,"1":-14},"pinned":{"13":"black"},"off":{"white":0,"black":0}}"#;
        let p = Position::from_json(text).unwrap();
        assert_eq!(p.to_json(), text);
        assert_eq!(serde_json::to_string(&p).unwrap(), text);
        assert_eq!(serde_json::from_str::<Position>(text).unwrap(), p);
    }

    #[test]
    fn black_on_roll_round_trips() {
        let p = pos!(Black; white {24: 10, 6: 3}; black {1: 3, 19: 4, 6: 1}; pinned {6: Black});
        assert_eq!(Position::from_json(&p.to_json()).unwrap(), p);
    }

    #[test]
    fn optional_fields_default_to_empty() {
        let p = Position::from_json(r#"{"turn":"white","board":{"24":15,"1":-15}}"#).unwrap();
        assert_eq!(p, Position::start());
    }

    fn err(text: &str) -> String {
        Position::from_json(text).unwrap_err().to_string()
    }

    #[test]
    fn faults_are_named() {
        assert!(err("{").contains("not valid JSON"));
        assert!(err("[]").contains("expected an object"));
        assert!(err(r#"{"board":{}}"#).contains("missing field `turn`"));
        assert!(err(r#"{"turn":"red","board":{}}"#).contains("\"white\" or \"black\""));
        assert!(err(r#"{"turn":"white","board":{"25":15,"1":-15}}"#).contains("point 25 is out of range"));
        assert!(err(r#"{"turn":"white","board":{"0":15,"1":-15}}"#).contains("point 0 is out of range"));
        assert!(err(r#"{"turn":"white","board":{"x":15,"1":-15}}"#).contains("`x` is not a point"));
        assert!(err(r#"{"turn":"white","board":{"24":16,"1":-15}}"#).contains("at most 15"));
        assert!(err(r#"{"turn":"white","board":{"24":15,"1":-14}}"#).contains("Black has 14 checkers"));
        assert!(err(r#"{"turn":"white","board":{"24":15,"13":2,"13":-1,"1":-14}}"#).contains("listed twice"));
        assert!(
            err(r#"{"turn":"white","board":{"24":14,"10":1,"1":-15},"pinned":{"5":"black"}}"#)
                .contains("point 5: a pinned black checker needs white checkers")
        );
        assert!(err(r#"{"turn":"white","board":{"24":15,"1":-15},"colour":1}"#).contains("unknown field `colour`"));
        assert!(err(r#"{"turn":"white","board":{"24":1.5,"1":-15}}"#).contains("must be an integer"));
        assert!(err(r#"{"turn":"white","board":{"24":15,"1":-15},"off":{"red":0}}"#).contains("unknown side"));
    }
}
