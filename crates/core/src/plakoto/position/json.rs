//! The position JSON of INTERFACE.md, parsed and printed exactly.
//!
//! ```json
//! {"turn":"white","board":{"24":13,"18":1,"13":1,"1":-15},"pinned":{"13":"black"},"off":{"white":0,"black":0}}
//! ```
//! Parsing keeps every entry of every object (duplicates included), so a
//! point listed twice is reported rather than silently overwritten.

use std::fmt::Write;

use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use serde_json::value::RawValue;
use thiserror::Error;

use super::{Position, PositionError, Setup};
use crate::color::Color;

/// Why a position JSON was rejected.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PositionJsonError {
    /// The text is not JSON at all; holds the parser's message.
    #[error("position JSON is not valid JSON: {0}")]
    Syntax(String),
    /// The JSON is not shaped like a position (a missing, unknown, repeated or
    /// mistyped entry); holds what is wrong.
    #[error("position JSON: {0}")]
    Shape(String),
    /// The JSON describes a setup that is not a valid position.
    #[error("position JSON describes an impossible position: {0}")]
    Invalid(#[from] PositionError),
}

/// A JSON object's entries in order, duplicates kept, values unparsed.
struct Entries(Vec<(String, Box<RawValue>)>);

impl<'de> Deserialize<'de> for Entries {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Entries, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Entries;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Entries, A::Error> {
                let mut v = Vec::new();
                while let Some((k, val)) = map.next_entry::<String, Box<RawValue>>()? {
                    if v.len() > 64 {
                        return Err(de::Error::custom("object has too many entries"));
                    }
                    v.push((k, val));
                }
                Ok(Entries(v))
            }
        }
        d.deserialize_map(V)
    }
}

fn shape(msg: impl Into<String>) -> PositionJsonError {
    PositionJsonError::Shape(msg.into())
}

/// Renders a JSON value briefly for an error message.
fn brief(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 30 { format!("{}…", s.chars().take(30).collect::<String>()) } else { s }
}

/// Reads an object-valued field as its entries, duplicates kept.
fn object(field: &str, raw: &RawValue) -> Result<Vec<(String, Box<RawValue>)>, PositionJsonError> {
    match serde_json::from_str::<Entries>(raw.get()) {
        Ok(e) => Ok(e.0),
        Err(_) => Err(shape(format!("`{field}` must be an object, got {}", brief(&scalar(raw))))),
    }
}

fn scalar(raw: &RawValue) -> Value {
    serde_json::from_str(raw.get()).unwrap_or(Value::Null)
}

fn point_key(field: &str, key: &str) -> Result<u8, PositionJsonError> {
    let bad = || shape(format!("`{field}`: `{key}` is not a point; points are 1 to 24 (White's numbering)"));
    if key.is_empty() || key.len() > 3 || !key.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let n: u32 = key.parse().map_err(|_| bad())?;
    if !(1..=24).contains(&n) {
        return Err(shape(format!("`{field}`: point {n} is out of range; points are 1 to 24")));
    }
    Ok(n as u8)
}

fn color_value(field: &str, v: &Value) -> Result<Color, PositionJsonError> {
    v.as_str()
        .and_then(Color::parse)
        .ok_or_else(|| shape(format!("`{field}` must be \"white\" or \"black\", got {}", brief(v))))
}

fn int_value(field: &str, v: &Value) -> Result<i64, PositionJsonError> {
    v.as_i64().ok_or_else(|| shape(format!("`{field}` must be an integer, got {}", brief(v))))
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
        let top: Entries = serde_json::from_str(text).map_err(|e| {
            if e.is_data() {
                shape(format!("expected an object with `turn`, `board`, `pinned` and `off` ({e})"))
            } else {
                PositionJsonError::Syntax(e.to_string())
            }
        })?;
        Self::from_entries(top.0)
    }

    /// Parses an already-decoded JSON value (e.g. inside a larger document).
    pub fn from_json_value(v: &Value) -> Result<Position, PositionJsonError> {
        Self::from_json(&v.to_string())
    }

    fn from_entries(entries: Vec<(String, Box<RawValue>)>) -> Result<Position, PositionJsonError> {
        let mut turn = None;
        let mut board = None;
        let mut pinned = None;
        let mut off = None;
        // TAVLI.md Part 3b: `game` absent or "plakoto" is Plakoto's JSON;
        // another game's position is named as such before its other fields
        // (a Portes `bar`) are called unknown.
        if let Some((_, game)) = entries.iter().find(|(k, _)| k == "game") {
            match scalar(game) {
                Value::String(g) if g == "plakoto" => {}
                other => {
                    return Err(shape(format!(
                        "`game` is {}: this reads Plakoto positions (\"plakoto\" or no `game`)",
                        brief(&other)
                    )));
                }
            }
        }
        let mut game = None;
        for (k, v) in entries {
            let slot = match k.as_str() {
                // Checked above; taken here so that a repeated `game` is refused.
                "game" => &mut game,
                "turn" => &mut turn,
                "board" => &mut board,
                "pinned" => &mut pinned,
                "off" => &mut off,
                _ => {
                    return Err(shape(format!(
                        "unknown field `{}`; a position has `turn`, `board`, `pinned` and `off`",
                        k.chars().take(30).collect::<String>()
                    )));
                }
            };
            if slot.replace(v).is_some() {
                return Err(shape(format!("field `{k}` appears twice")));
            }
        }
        let turn = color_value("turn", &scalar(&turn.ok_or_else(|| shape("missing field `turn`"))?))?;
        let mut s = Setup::empty(turn);
        let board = board.ok_or_else(|| shape("missing field `board`"))?;
        let mut seen = [false; 25];
        for (k, v) in object("board", &board)? {
            let p = point_key("board", &k)?;
            if std::mem::replace(&mut seen[p as usize], true) {
                return Err(shape(format!("`board`: point {p} is listed twice (one point has one colour on top)")));
            }
            s.board[p as usize] = int_value(&format!("board.{p}"), &scalar(&v))?.clamp(-1000, 1000);
        }
        if let Some(pinned) = pinned {
            let mut seen = [false; 25];
            for (k, v) in object("pinned", &pinned)? {
                let p = point_key("pinned", &k)?;
                if std::mem::replace(&mut seen[p as usize], true) {
                    return Err(shape(format!(
                        "`pinned`: point {p} is listed twice (a point holds at most one pinned checker)"
                    )));
                }
                s.pinned[p as usize] = Some(color_value(&format!("pinned.{p}"), &scalar(&v))?);
            }
        }
        if let Some(off) = off {
            for (k, v) in object("off", &off)? {
                let c = Color::parse(&k).filter(|_| k == "white" || k == "black").ok_or_else(|| {
                    shape(format!(
                        "`off`: unknown side `{}`; use \"white\" and \"black\"",
                        k.chars().take(30).collect::<String>()
                    ))
                })?;
                s.off[c.index()] = int_value(&format!("off.{k}"), &scalar(&v))?.clamp(-1000, 1000);
            }
        }
        Ok(s.validate()?)
    }

    /// The position JSON, compact, points from 24 down to 1 as in INTERFACE.md.
    ///
    /// ```
    /// use tavli_core::Position;
    /// assert_eq!(
    ///     Position::start().to_json(),
    ///     r#"{"turn":"white","board":{"24":15,"1":-15},"pinned":{},"off":{"white":0,"black":0}}"#
    /// );
    /// ```
    pub fn to_json(&self) -> String {
        let mut s = String::with_capacity(160);
        let _ = write!(s, r#"{{"turn":"{}","board":{{"#, self.turn.name());
        let mut first = true;
        for p in (1..=24u8).rev() {
            if let Some((c, n)) = self.top(p) {
                let n = if c == Color::White { n as i32 } else { -(n as i32) };
                let _ = write!(s, r#"{}"{p}":{n}"#, if first { "" } else { "," });
                first = false;
            }
        }
        s.push_str(r#"},"pinned":{"#);
        first = true;
        for p in (1..=24u8).rev() {
            if let Some(c) = self.pinned(p) {
                let _ = write!(s, r#"{}"{p}":"{}""#, if first { "" } else { "," }, c.name());
                first = false;
            }
        }
        let _ = write!(s, r#"}},"off":{{"white":{},"black":{}}}}}"#, self.off(Color::White), self.off(Color::Black));
        s
    }

    /// The position JSON as a `serde_json::Value`.
    pub fn to_json_value(&self) -> Value {
        serde_json::from_str(&self.to_json()).unwrap_or(Value::Null)
    }
}

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // RawValue would need a serde_json feature; a Value keeps key order
        // only when preserve_order is on, so serialise the parts in order.
        use serde::ser::SerializeMap;
        struct Points<'a>(&'a Position, bool);
        impl Serialize for Points<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut m = s.serialize_map(None)?;
                for p in (1..=24u8).rev() {
                    if self.1 {
                        if let Some(c) = self.0.pinned(p) {
                            m.serialize_entry(&p.to_string(), c.name())?;
                        }
                    } else if let Some((c, n)) = self.0.top(p) {
                        let n = if c == Color::White { n as i32 } else { -(n as i32) };
                        m.serialize_entry(&p.to_string(), &n)?;
                    }
                }
                m.end()
            }
        }
        struct Off<'a>(&'a Position);
        impl Serialize for Off<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut m = s.serialize_map(Some(2))?;
                m.serialize_entry("white", &self.0.off(Color::White))?;
                m.serialize_entry("black", &self.0.off(Color::Black))?;
                m.end()
            }
        }
        let mut m = s.serialize_map(Some(4))?;
        m.serialize_entry("turn", self.turn.name())?;
        m.serialize_entry("board", &Points(self, false))?;
        m.serialize_entry("pinned", &Points(self, true))?;
        m.serialize_entry("off", &Off(self))?;
        m.end()
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        // Through a Value so any deserializer works; from_json is stricter
        // (it also sees duplicate keys) where the raw text is at hand.
        let v = Value::deserialize(d)?;
        Position::from_json_value(&v).map_err(de::Error::custom)
    }
}

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
