//! The position JSON of Portes (TAVLI.md Part 3b):
//!
//! ```json
//! {"game":"portes","turn":"white","board":{"24":2,"13":5,"8":3,"6":5,"1":-2,"12":-5,"17":-3,"19":-5},
//!  "bar":{"white":0,"black":0},"off":{"white":0,"black":0}}
//! ```
//!
//! Points are in White's numbering, positive White, negative Black; `bar`
//! and `off` may be left out (0). Here is only what is Portes's own: its
//! `game`, its `bar` and its `Setup`. Reading and writing are
//! `crate::codec::json`'s, shared with the other games.

use serde::ser::SerializeMap;
use serde_json::Value;
use serde_json::value::RawValue;

use super::position::Position;
use super::setup::{PositionError, Setup};
use crate::codec::json::{self, JsonFormat, Sides};
use crate::color::Color;
use crate::tavli::GameKind;

/// Why a Portes position JSON was rejected.
pub type PositionJsonError = crate::codec::PositionJsonError<PositionError>;

impl JsonFormat for Position {
    type Invalid = PositionError;
    type Setup = Setup;
    const GAME: GameKind = GameKind::Portes;
    const OWN_FIELDS: &'static [&'static str] = &["bar"];
    const LACKS: &'static [(&'static str, &'static str)] = &[("pinned", "a hit checker goes to the bar")];
    const LOOSE_TURN: bool = false;
    const OFF_REPEATS: bool = false;

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
        setup.bar = json::sides("bar", raw, false)?;
        Ok(())
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
        map.serialize_entry("bar", &Sides([self.bar(Color::White), self.bar(Color::Black)]))
    }
}

impl Position {
    /// Parses Portes position JSON, naming any fault. `"game": "portes"` is
    /// required: a position without `game` is Plakoto's (TAVLI.md Part 3b).
    ///
    /// ```
    /// use tavli_core::portes::Position;
    /// let text = r#"{"game":"portes","turn":"white","board":{"24":2,"13":5,"8":3,"6":5,"1":-2,"12":-5,"17":-3,"19":-5}}"#;
    /// assert_eq!(Position::from_json(text).unwrap(), Position::start());
    /// let e = Position::from_json(r#"{"game":"portes","turn":"white","board":{"25":2}}"#).unwrap_err();
    /// assert!(e.to_string().contains("point 25 is out of range"));
    /// ```
    pub fn from_json(text: &str) -> Result<Position, PositionJsonError> {
        json::read(text)
    }

    /// Parses an already-decoded JSON value (e.g. inside a larger document).
    pub fn from_json_value(v: &Value) -> Result<Position, PositionJsonError> {
        json::read_value(v)
    }

    /// The position JSON, compact, points from 24 down to 1.
    ///
    /// ```
    /// use tavli_core::portes::Position;
    /// assert_eq!(
    ///     Position::start().to_json(),
    ///     r#"{"game":"portes","turn":"white","board":{"24":2,"19":-5,"17":-3,"13":5,"12":-5,"8":3,"6":5,"1":-2},"bar":{"white":0,"black":0},"off":{"white":0,"black":0}}"#
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
    use crate::portes_pos;

    #[test]
    fn round_trips_bar_and_black_on_roll() {
        let p = portes_pos!(Black; white {bar: 2, 20: 3, 6: 4}; black {bar: 1, 1: 3, 19: 4});
        let text = p.to_json();
        assert_eq!(Position::from_json(&text), Ok(p));
        assert_eq!(serde_json::to_string(&p).unwrap(), text);
        assert_eq!(serde_json::from_str::<Position>(&text).unwrap(), p);
    }

    fn err(text: &str) -> String {
        Position::from_json(text).unwrap_err().to_string()
    }

    #[test]
    fn faults_are_named() {
        let start = r#""board":{"24":2,"13":5,"8":3,"6":5,"1":-2,"12":-5,"17":-3,"19":-5}"#;
        assert!(err("{").contains("not valid JSON"));
        assert!(err("[]").contains("expected an object"));
        assert!(err(&format!(r#"{{"turn":"white",{start}}}"#)).contains("missing field `game`"));
        assert!(err(&format!(r#"{{"game":"fevga","turn":"white",{start}}}"#)).contains("\"fevga\""));
        assert!(err(&format!(r#"{{"game":"portes","turn":"red",{start}}}"#)).contains("\"white\" or \"black\""));
        assert!(err(&format!(r#"{{"game":"portes","turn":"white",{start},"pinned":{{}}}}"#)).contains("no `pinned`"));
        assert!(
            err(&format!(r#"{{"game":"portes","turn":"white",{start},"bar":{{"white":1}}}}"#)).contains("White has 16")
        );
        assert!(
            err(&format!(r#"{{"game":"portes","turn":"white",{start},"bar":{{"red":1}}}}"#)).contains("unknown side")
        );
        assert!(
            err(&format!(r#"{{"game":"portes","turn":"white",{start},"bar":{{"white":-1}}}}"#)).contains("on the bar")
        );
        assert!(err(r#"{"game":"portes","turn":"white","board":{"24":2,"24":-2}}"#).contains("listed twice"));
        assert!(err(r#"{"game":"portes","turn":"white","board":{"x":2}}"#).contains("`x` is not a point"));
        assert!(err(r#"{"game":"portes","turn":"white","board":{"24":1.5}}"#).contains("must be an integer"));
        assert!(err(&format!(r#"{{"game":"portes","turn":"white",{start},"colour":1}}"#)).contains("unknown field"));
    }
}
