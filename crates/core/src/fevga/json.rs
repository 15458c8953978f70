//! Fevga's position JSON (TAVLI.md Part 3b), parsed and printed exactly:
//!
//! ```json
//! {"game":"fevga","turn":"white","board":{"24":15,"12":-15},"off":{"white":0,"black":0}}
//! ```
//!
//! Points are in White's numbering (Black's own point n is White's S(n));
//! positive counts are White's, negative Black's; there is no `bar` and no
//! `pinned`. Parsing keeps every entry of every object, duplicates
//! included, so a point listed twice is reported, not overwritten.

use std::fmt::Write;

use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use serde_json::value::RawValue;
use thiserror::Error;

use super::position::Position;
use super::setup::{PositionError, Setup};
use crate::color::Color;

/// Why a Fevga position JSON was rejected.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PositionJsonError {
    /// The text is not JSON at all; holds the parser's message.
    #[error("position JSON is not valid JSON: {0}")]
    Syntax(String),
    /// The JSON is not shaped like a Fevga position (a missing, unknown,
    /// repeated or mistyped entry, another game); holds what is wrong.
    #[error("position JSON: {0}")]
    Shape(String),
    /// The JSON describes a board that is not a valid position.
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
                    // A position has at most 24 points: refuse floods early.
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

/// A key or value, cut short for an error message.
fn brief(s: &str) -> String {
    if s.chars().count() > 30 { format!("{}…", s.chars().take(30).collect::<String>()) } else { s.to_string() }
}

fn scalar(raw: &RawValue) -> Value {
    serde_json::from_str(raw.get()).unwrap_or(Value::Null)
}

fn object(field: &str, raw: &RawValue) -> Result<Vec<(String, Box<RawValue>)>, PositionJsonError> {
    serde_json::from_str::<Entries>(raw.get())
        .map(|e| e.0)
        .map_err(|_| shape(format!("`{field}` must be an object, got {}", brief(&scalar(raw).to_string()))))
}

fn point_key(key: &str) -> Result<u8, PositionJsonError> {
    let bad = || shape(format!("`board`: `{}` is not a point; points are 1 to 24 (White's numbering)", brief(key)));
    if key.is_empty() || key.len() > 3 || !key.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let n: u32 = key.parse().map_err(|_| bad())?;
    if !(1..=24).contains(&n) {
        return Err(shape(format!("`board`: point {n} is out of range; points are 1 to 24")));
    }
    Ok(n as u8)
}

fn int_value(field: &str, v: &Value) -> Result<i64, PositionJsonError> {
    v.as_i64().ok_or_else(|| shape(format!("`{field}` must be an integer, got {}", brief(&v.to_string()))))
}

impl Position {
    /// Parses Fevga position JSON, naming any fault; never panics.
    ///
    /// ```
    /// use tavli_core::fevga::Position;
    /// let p = Position::from_json(r#"{"game":"fevga","turn":"white","board":{"24":15,"12":-15}}"#).unwrap();
    /// assert_eq!(p, Position::start());
    /// let e = Position::from_json(r#"{"turn":"white","board":{"24":15,"1":-15}}"#).unwrap_err();
    /// assert!(e.to_string().contains("no `game`"));
    /// let e = Position::from_json(r#"{"game":"fevga","turn":"white","board":{"24":15,"12":-15},"pinned":{}}"#);
    /// assert!(e.unwrap_err().to_string().contains("nothing is pinned"));
    /// ```
    pub fn from_json(text: &str) -> Result<Position, PositionJsonError> {
        let top: Entries = serde_json::from_str(text).map_err(|e| {
            if e.is_data() {
                shape(format!("expected an object with `game`, `turn`, `board` and `off` ({e})"))
            } else {
                PositionJsonError::Syntax(e.to_string())
            }
        })?;
        let (mut game, mut turn, mut board, mut off) = (None, None, None, None);
        for (k, v) in top.0 {
            let slot = match k.as_str() {
                "game" => &mut game,
                "turn" => &mut turn,
                "board" => &mut board,
                "off" => &mut off,
                "pinned" => return Err(shape("Fevga has no `pinned`: nothing is pinned in Fevga")),
                "bar" => return Err(shape("Fevga has no `bar`: nothing is hit in Fevga")),
                _ => {
                    return Err(shape(format!(
                        "unknown field `{}`; a Fevga position has `game`, `turn`, `board` and `off`",
                        brief(&k)
                    )));
                }
            };
            if slot.replace(v).is_some() {
                return Err(shape(format!("field `{k}` appears twice")));
            }
        }
        match game.map(|g| scalar(&g)) {
            None => {
                return Err(shape(
                    "the position has no `game`, which means Plakoto; a Fevga position says \"game\":\"fevga\"",
                ));
            }
            Some(Value::String(g)) if g == "fevga" => {}
            Some(Value::String(g)) if g == "plakoto" || g == "portes" => {
                return Err(shape(format!("this is a {g} position, not a Fevga one")));
            }
            Some(g) => {
                return Err(shape(format!(
                    "`game` must be \"fevga\", \"plakoto\" or \"portes\", got {}",
                    brief(&g.to_string())
                )));
            }
        }
        let turn = turn.ok_or_else(|| shape("missing field `turn`"))?;
        let turn_value = scalar(&turn);
        let turn = turn_value.as_str().and_then(Color::parse).ok_or_else(|| {
            shape(format!("`turn` must be \"white\" or \"black\", got {}", brief(&turn_value.to_string())))
        })?;
        let mut s = Setup::empty(turn);
        let board = board.ok_or_else(|| shape("missing field `board`"))?;
        let mut seen = [false; 25];
        for (k, v) in object("board", &board)? {
            let p = point_key(&k)?;
            if std::mem::replace(&mut seen[p as usize], true) {
                return Err(shape(format!(
                    "`board`: point {p} is listed twice (a point holds one side's checkers, one count)"
                )));
            }
            let n = int_value(&format!("board.{p}"), &scalar(&v))?.clamp(-1000, 1000);
            let color = if n > 0 { Color::White } else { Color::Black };
            s.checkers[color.index()][p as usize] = n.abs();
        }
        if let Some(off) = off {
            let mut seen = [false; 2];
            for (k, v) in object("off", &off)? {
                let c = match k.as_str() {
                    "white" => Color::White,
                    "black" => Color::Black,
                    _ => {
                        return Err(shape(format!("`off`: unknown side `{}`; use \"white\" and \"black\"", brief(&k))));
                    }
                };
                if std::mem::replace(&mut seen[c.index()], true) {
                    return Err(shape(format!("`off`: `{k}` is listed twice")));
                }
                s.off[c.index()] = int_value(&format!("off.{k}"), &scalar(&v))?.clamp(-1000, 1000);
            }
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
    /// use tavli_core::fevga::Position;
    /// assert_eq!(
    ///     Position::start().to_json(),
    ///     r#"{"game":"fevga","turn":"white","board":{"24":15,"12":-15},"off":{"white":0,"black":0}}"#
    /// );
    /// ```
    pub fn to_json(&self) -> String {
        let mut s = String::with_capacity(140);
        let _ = write!(s, r#"{{"game":"fevga","turn":"{}","board":{{"#, self.turn.name());
        let mut first = true;
        for p in (1..=24u8).rev() {
            if let Some((c, n)) = self.on(p) {
                let n = if c == Color::White { i32::from(n) } else { -i32::from(n) };
                let _ = write!(s, r#"{}"{p}":{n}"#, if first { "" } else { "," });
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
        use serde::ser::SerializeMap;
        struct Points<'a>(&'a Position);
        impl Serialize for Points<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut m = s.serialize_map(None)?;
                for p in (1..=24u8).rev() {
                    if let Some((c, n)) = self.0.on(p) {
                        let n = if c == Color::White { i32::from(n) } else { -i32::from(n) };
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
        m.serialize_entry("game", "fevga")?;
        m.serialize_entry("turn", self.turn.name())?;
        m.serialize_entry("board", &Points(self))?;
        m.serialize_entry("off", &Off(self))?;
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
    use crate::fevga_pos;

    #[test]
    fn start_prints_and_parses_exactly() {
        let text = Position::start().to_json();
        assert_eq!(Position::from_json(&text), Ok(Position::start()));
        assert_eq!(serde_json::to_string(&Position::start()).unwrap(), text);
        assert_eq!(serde_json::from_str::<Position>(&text).unwrap(), Position::start());
        // TAVLI.md Part 3b's start, without `off`.
        let short = r#"{"game":"fevga","turn":"white","board":{"24":15,"12":-15}}"#;
        assert_eq!(Position::from_json(short), Ok(Position::start()));
    }

    #[test]
    fn black_on_roll_round_trips_in_whites_numbering() {
        let p = fevga_pos!(Black; white {24: 10, 6: 3}; black {20: 3, 13: 4, 1: 1});
        let text = p.to_json();
        // Black's 20 is White's 8, its 13 White's 1, its 1 White's 13.
        assert!(text.contains(r#""8":-3"#) && text.contains(r#""1":-4"#) && text.contains(r#""13":-1"#), "{text}");
        assert_eq!(Position::from_json(&text), Ok(p));
    }

    fn err(text: &str) -> String {
        Position::from_json(text).unwrap_err().to_string()
    }

    #[test]
    fn faults_are_named() {
        let ok = r#""game":"fevga","turn":"white""#;
        assert!(err("{").contains("not valid JSON"));
        assert!(err("[]").contains("expected an object"));
        assert!(err(r#"{"game":"portes","turn":"white","board":{}}"#).contains("portes position"));
        assert!(err(r#"{"game":7,"turn":"white","board":{}}"#).contains("`game` must be"));
        assert!(err(r#"{"game":"fevga","board":{}}"#).contains("missing field `turn`"));
        assert!(err(r#"{"game":"fevga","turn":"red","board":{}}"#).contains("\"white\" or \"black\""));
        assert!(err(&format!(r#"{{{ok},"board":{{"25":15,"12":-15}}}}"#)).contains("point 25 is out of range"));
        assert!(err(&format!(r#"{{{ok},"board":{{"x":15,"12":-15}}}}"#)).contains("`x` is not a point"));
        assert!(err(&format!(r#"{{{ok},"board":{{"24":16,"12":-15}}}}"#)).contains("at most 15"));
        assert!(err(&format!(r#"{{{ok},"board":{{"24":15,"12":-14}}}}"#)).contains("Black has 14 checkers"));
        assert!(err(&format!(r#"{{{ok},"board":{{"24":15,"12":-15,"12":1}}}}"#)).contains("listed twice"));
        assert!(err(&format!(r#"{{{ok},"board":{{"24":15,"12":-15}},"bar":{{}}}}"#)).contains("no `bar`"));
        assert!(err(&format!(r#"{{{ok},"board":{{"24":15,"12":-15}},"turn":"black"}}"#)).contains("twice"));
        assert!(err(&format!(r#"{{{ok},"board":{{"24":1.5,"12":-15}}}}"#)).contains("must be an integer"));
        assert!(err(&format!(r#"{{{ok},"board":{{"24":15,"12":-15}},"off":{{"red":0}}}}"#)).contains("unknown side"));
        assert!(err(&format!(r#"{{{ok},"board":{{"24":15,"12":-15}},"colour":1}}"#)).contains("unknown field"));
        assert!(err(&format!(r#"{{{ok},"board":[]}}"#)).contains("`board` must be an object"));
    }
}
