//! Gul bara's position JSON: Fevga's (TAVLI.md Part 3b), its `game`
//! `gulbara`, with the game's roll counter and any pending dice:
//!
//! ```json
//! {"game":"gulbara","turn":"black","board":{"24":14,"13":-1,"6":1},"roll":9,"remainder":[5,5,5,6,6,6,6],"off":{"white":0,"black":14}}
//! ```
//!
//! `roll` is the number of the game's next roll (1 at the start; absent
//! means 1). `remainder` is dice handed over by the opponent's stalled
//! ladder and `ladder` the rest of the mover's own ladder, each in playing
//! order, at most one of them; they are played before `roll`. Reading is
//! strict: unknown fields, repeated ones and dice that are no ladder's
//! rest are refused, each with its reason. The rest is
//! `crate::codec::json`'s, shared with the other games.

use serde::ser::SerializeMap;
use serde_json::Value;
use serde_json::value::RawValue;

use super::position::Position;
use super::setup::{PositionError, Setup};
use crate::codec::PositionJsonError as Generic;
use crate::codec::json::{self, JsonFormat};
use crate::color::Color;
use crate::tavli::GameKind;

/// Why a Gul bara position JSON was rejected.
pub type PositionJsonError = Generic<PositionError>;

impl JsonFormat for Position {
    type Invalid = PositionError;
    type Setup = Setup;
    const GAME: GameKind = GameKind::GulBara;
    const OWN_FIELDS: &'static [&'static str] = &["roll", "remainder", "ladder"];
    const LACKS: &'static [(&'static str, &'static str)] =
        &[("pinned", "nothing is pinned in Gul bara"), ("bar", "nothing is hit in Gul bara")];
    const LOOSE_TURN: bool = false;
    const OFF_REPEATS: bool = false;

    fn setup(turn: Color) -> Setup {
        Setup::empty(turn)
    }

    fn put(setup: &mut Setup, point: u8, count: i64) {
        let color = if count > 0 { Color::White } else { Color::Black };
        setup.board.checkers[color.index()][point as usize] = count.abs();
    }

    fn set_off(setup: &mut Setup, off: [i64; 2]) {
        setup.board.off = off;
    }

    fn read_own(setup: &mut Setup, field: &str, raw: &RawValue) -> Result<(), PositionJsonError> {
        match field {
            "roll" => setup.roll = json::counter("roll", raw)?,
            "remainder" => setup.remainder = Some(dice(field, raw)?),
            _ => setup.ladder = Some(dice(field, raw)?),
        }
        Ok(())
    }

    fn validate(setup: &Setup) -> Result<Position, PositionError> {
        setup.validate()
    }

    fn on_roll(&self) -> Color {
        self.turn()
    }

    fn point(&self, point: u8) -> Option<(Color, u8)> {
        self.on(point)
    }

    fn borne_off(&self, color: Color) -> u8 {
        self.off(color)
    }

    fn write_own<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
        map.serialize_entry("roll", &self.roll())?;
        if let Some(p) = self.pending() {
            map.serialize_entry(if p.is_handed() { "remainder" } else { "ladder" }, &p.dice())?;
        }
        Ok(())
    }

    fn own_written(&self) -> usize {
        1 + usize::from(self.pending().is_some())
    }
}

/// A list of dice as written: integers, at most a ladder's 24.
fn dice(field: &str, raw: &RawValue) -> Result<Vec<i64>, PositionJsonError> {
    serde_json::from_str::<Vec<i64>>(raw.get()).ok().filter(|d| d.len() <= 24).ok_or_else(|| {
        let text: String = raw.get().chars().take(30).collect();
        Generic::Shape(format!("`{field}` must be a list of dice in playing order, like [5,5,5,6,6,6,6], got {text}"))
    })
}

impl Position {
    /// Parses Gul bara position JSON, naming any fault; never panics.
    ///
    /// ```
    /// use tavli_core::gulbara::{Pending, Position};
    /// let p = Position::from_json(r#"{"game":"gulbara","turn":"white","board":{"24":15,"12":-15}}"#).unwrap();
    /// assert_eq!(p, Position::start());
    /// let text = r#"{"game":"gulbara","turn":"black","board":{"24":15,"12":-15},"roll":7,"remainder":[6,6]}"#;
    /// assert_eq!(Position::from_json(text).unwrap().pending(), Pending::handed(6, 2));
    /// let e = Position::from_json(r#"{"game":"gulbara","turn":"white","board":{"24":15,"12":-15},"roll":"4"}"#);
    /// assert!(e.unwrap_err().to_string().contains("`roll` must be an integer"));
    /// ```
    pub fn from_json(text: &str) -> Result<Position, PositionJsonError> {
        json::read(text)
    }

    /// Parses an already-decoded JSON value.
    pub fn from_json_value(v: &Value) -> Result<Position, PositionJsonError> {
        json::read_value(v)
    }

    /// The position JSON, compact, points from 24 down to 1.
    ///
    /// ```
    /// use tavli_core::gulbara::Position;
    /// assert_eq!(
    ///     Position::start().to_json(),
    ///     r#"{"game":"gulbara","turn":"white","board":{"24":15,"12":-15},"roll":1,"off":{"white":0,"black":0}}"#
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
    use crate::gulbara::Pending;

    fn err(text: &str) -> String {
        Position::from_json(text).unwrap_err().to_string()
    }

    #[test]
    fn pending_dice_and_the_counter_round_trip() {
        let p = Position::of_board(Position::start().board(), 12);
        for pending in [None, Pending::handed(3, 1), Pending::ladder(5)] {
            let q = p.with_pending(pending).unwrap().pass_turn();
            let text = q.to_json();
            assert_eq!(Position::from_json(&text), Ok(q), "{text}");
            assert_eq!(serde_json::from_str::<Position>(&text).unwrap(), q);
        }
        assert!(p.with_pending(Pending::ladder(5)).unwrap().to_json().contains(r#""ladder":[5,5,5,5,6,6,6,6]"#));
    }

    #[test]
    fn faults_are_named() {
        let head = r#""game":"gulbara","turn":"white","board":{"24":15,"12":-15}"#;
        assert!(err(&format!("{{{head},\"roll\":0}}")).contains("numbered from 1"));
        assert!(err(&format!("{{{head},\"roll\":65536}}")).contains("at most 65535"));
        // Every counter an ID can hold reads back from JSON as itself (a
        // clamp at 1000 once read 13,872 as 1000: found by fuzzing).
        let p = Position::from_json(&format!("{{{head},\"roll\":13872}}")).unwrap();
        assert_eq!(p.roll(), 13872);
        assert_eq!(Position::from_json(&p.to_json()).unwrap(), p);
        assert!(err(&format!("{{{head},\"roll\":1.5}}")).contains("must be an integer"));
        assert!(err(&format!("{{{head},\"roll\":9,\"remainder\":5}}")).contains("list of dice"));
        assert!(err(&format!("{{{head},\"roll\":9,\"remainder\":[5,6]}}")).contains("four of each higher"));
        assert!(err(&format!("{{{head},\"roll\":9,\"remainder\":[6],\"ladder\":[6,6,6,6]}}")).contains("not both"));
        assert!(err(&format!("{{{head},\"remainder\":[6]}}")).contains("at roll 1"));
        assert!(err(&format!("{{{head},\"roll\":9,\"roll\":9}}")).contains("twice"));
        assert!(err(&format!("{{{head},\"pinned\":{{}}}}")).contains("nothing is pinned"));
        assert!(err(&format!("{{{head},\"dice\":[6,6]}}")).contains("unknown field"));
        assert!(err(r#"{"game":"fevga","turn":"white","board":{"24":15,"12":-15}}"#).contains("Fevga position"));
        assert!(err(r#"{"turn":"white","board":{"24":15,"12":-15}}"#).contains("missing field `game`"));
        assert!(err(r#"{"game":"gulbara","turn":"w","board":{"24":15,"12":-15}}"#).contains("\"white\" or \"black\""));
    }
}
