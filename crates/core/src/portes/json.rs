//! The position JSON of Portes (TAVLI.md Part 3b), parsed and printed:
//!
//! ```json
//! {"game":"portes","turn":"white","board":{"24":2,"13":5,"8":3,"6":5,"1":-2,"12":-5,"17":-3,"19":-5},
//!  "bar":{"white":0,"black":0},"off":{"white":0,"black":0}}
//! ```
//! Points are in White's numbering, positive White, negative Black; `bar`
//! and `off` may be left out (0). Parsing keeps every entry of every object,
//! duplicates included, so a point listed twice is reported, not overwritten.

use std::fmt::Write;

use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use serde_json::value::RawValue;
use thiserror::Error;

use super::position::Position;
use super::setup::{PositionError, Setup};
use crate::color::Color;

/// Why a Portes position JSON was rejected.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PositionJsonError {
    /// The text is not JSON at all; holds the parser's message.
    #[error("position JSON is not valid JSON: {0}")]
    Syntax(String),
    /// The JSON is not shaped like a Portes position (a missing, unknown,
    /// repeated or mistyped entry, another game); holds what is wrong.
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

fn short(s: &str) -> String {
    if s.chars().count() > 30 { format!("{}…", s.chars().take(30).collect::<String>()) } else { s.to_string() }
}

fn scalar(raw: &RawValue) -> Value {
    serde_json::from_str(raw.get()).unwrap_or(Value::Null)
}

fn object(field: &str, raw: &RawValue) -> Result<Vec<(String, Box<RawValue>)>, PositionJsonError> {
    serde_json::from_str::<Entries>(raw.get())
        .map(|e| e.0)
        .map_err(|_| shape(format!("`{field}` must be an object, got {}", short(raw.get()))))
}

fn int_value(field: &str, raw: &RawValue) -> Result<i64, PositionJsonError> {
    scalar(raw)
        .as_i64()
        .map(|n| n.clamp(-1000, 1000))
        .ok_or_else(|| shape(format!("`{field}` must be an integer, got {}", short(raw.get()))))
}

fn point_key(key: &str) -> Result<u8, PositionJsonError> {
    let bad = || shape(format!("`board`: `{}` is not a point; points are 1 to 24 (White's numbering)", short(key)));
    if key.is_empty() || key.len() > 3 || !key.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let n: u32 = key.parse().map_err(|_| bad())?;
    if !(1..=24).contains(&n) {
        return Err(shape(format!("`board`: point {n} is out of range; points are 1 to 24 (the bar is `bar`)")));
    }
    Ok(n as u8)
}

/// Reads `{"white": n, "black": n}` into a pair indexed by colour.
fn sides(field: &str, raw: &RawValue) -> Result<[i64; 2], PositionJsonError> {
    let mut out = [0i64; 2];
    let mut seen = [false; 2];
    for (k, v) in object(field, raw)? {
        let c = match k.as_str() {
            "white" => Color::White,
            "black" => Color::Black,
            _ => return Err(shape(format!("`{field}`: unknown side `{}`; use \"white\" and \"black\"", short(&k)))),
        };
        if std::mem::replace(&mut seen[c.index()], true) {
            return Err(shape(format!("`{field}`: `{k}` is listed twice")));
        }
        out[c.index()] = int_value(&format!("{field}.{k}"), &v)?;
    }
    Ok(out)
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
        let top: Entries = serde_json::from_str(text).map_err(|e| {
            if e.is_data() {
                shape(format!("expected an object with `game`, `turn`, `board`, `bar` and `off` ({e})"))
            } else {
                PositionJsonError::Syntax(e.to_string())
            }
        })?;
        let (mut game, mut turn, mut board, mut bar, mut off) = (None, None, None, None, None);
        for (k, v) in top.0 {
            let slot = match k.as_str() {
                "game" => &mut game,
                "turn" => &mut turn,
                "board" => &mut board,
                "bar" => &mut bar,
                "off" => &mut off,
                "pinned" => {
                    return Err(shape("`pinned`: Portes has no pinned checkers (a hit checker goes to the bar)"));
                }
                _ => {
                    return Err(shape(format!(
                        "unknown field `{}`; a Portes position has `game`, `turn`, `board`, `bar` and `off`",
                        short(&k)
                    )));
                }
            };
            if slot.replace(v).is_some() {
                return Err(shape(format!("field `{k}` appears twice")));
            }
        }
        match game.map(|g| scalar(&g)) {
            Some(Value::String(g)) if g == "portes" => {}
            Some(g) => {
                return Err(shape(format!(
                    "`game` is {}; this reads Portes positions (\"portes\")",
                    short(&g.to_string())
                )));
            }
            None => {
                return Err(shape(
                    "missing field `game`: a Portes position says \"game\": \"portes\" (without it, a position is Plakoto's)",
                ));
            }
        }
        let turn_value = scalar(&turn.ok_or_else(|| shape("missing field `turn`"))?);
        let turn =
            turn_value.as_str().filter(|s| *s == "white" || *s == "black").and_then(Color::parse).ok_or_else(|| {
                shape(format!("`turn` must be \"white\" or \"black\", got {}", short(&turn_value.to_string())))
            })?;
        let mut s = Setup::empty(turn);
        let mut seen = [false; 25];
        for (k, v) in object("board", &board.ok_or_else(|| shape("missing field `board`"))?)? {
            let p = point_key(&k)?;
            if std::mem::replace(&mut seen[p as usize], true) {
                return Err(shape(format!("`board`: point {p} is listed twice (one point holds one side's checkers)")));
            }
            s.board[p as usize] = int_value(&format!("board.{p}"), &v)?;
        }
        if let Some(bar) = bar {
            s.bar = sides("bar", &bar)?;
        }
        if let Some(off) = off {
            s.off = sides("off", &off)?;
        }
        Ok(s.validate()?)
    }

    /// Parses an already-decoded JSON value (e.g. inside a larger document).
    pub fn from_json_value(v: &Value) -> Result<Position, PositionJsonError> {
        Self::from_json(&v.to_string())
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
        let mut s = String::with_capacity(180);
        let _ = write!(s, r#"{{"game":"portes","turn":"{}","board":{{"#, self.turn.name());
        let mut first = true;
        for p in (1..=24u8).rev() {
            if let Some((c, n)) = self.top(p) {
                let n = if c == Color::White { i32::from(n) } else { -i32::from(n) };
                let _ = write!(s, r#"{}"{p}":{n}"#, if first { "" } else { "," });
                first = false;
            }
        }
        let (w, b) = (Color::White, Color::Black);
        let _ = write!(
            s,
            r#"}},"bar":{{"white":{},"black":{}}},"off":{{"white":{},"black":{}}}}}"#,
            self.bar(w),
            self.bar(b),
            self.off(w),
            self.off(b)
        );
        s
    }

    /// The position JSON as a `serde_json::Value`.
    pub fn to_json_value(&self) -> Value {
        serde_json::from_str(&self.to_json()).unwrap_or(Value::Null)
    }
}

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // The parts in the documented order, whatever the serializer.
        use serde::ser::SerializeMap;
        struct Points<'a>(&'a Position);
        impl Serialize for Points<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut m = s.serialize_map(None)?;
                for p in (1..=24u8).rev() {
                    if let Some((c, n)) = self.0.top(p) {
                        let n = if c == Color::White { i32::from(n) } else { -i32::from(n) };
                        m.serialize_entry(&p.to_string(), &n)?;
                    }
                }
                m.end()
            }
        }
        struct Sides([u8; 2]);
        impl Serialize for Sides {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut m = s.serialize_map(Some(2))?;
                m.serialize_entry("white", &self.0[0])?;
                m.serialize_entry("black", &self.0[1])?;
                m.end()
            }
        }
        let (w, b) = (Color::White, Color::Black);
        let mut m = s.serialize_map(Some(5))?;
        m.serialize_entry("game", "portes")?;
        m.serialize_entry("turn", self.turn.name())?;
        m.serialize_entry("board", &Points(self))?;
        m.serialize_entry("bar", &Sides([self.bar(w), self.bar(b)]))?;
        m.serialize_entry("off", &Sides([self.off(w), self.off(b)]))?;
        m.end()
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        let v = Value::deserialize(d)?;
        Position::from_json_value(&v).map_err(de::Error::custom)
    }
}

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
        assert!(err(&format!(r#"{{"game":"portes","turn":"white",{start},"pinned":{{}}}}"#)).contains("no pinned"));
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
