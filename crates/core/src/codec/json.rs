//! Position JSON (INTERFACE.md; TAVLI.md Part 3b for `game`), read and
//! written once for every game. A game implements [`JsonFormat`]: its
//! `game`, its own fields (Plakoto's `pinned`, Portes's `bar`, Gul bara's
//! `roll` and pending dice) and how an
//! entry goes into its `Setup`. The rest is here:
//!
//! ```json
//! {"game":"portes","turn":"white","board":{"24":2,"1":-2},"bar":{"white":0,"black":0},"off":{"white":13,"black":13}}
//! ```
//!
//! Reading keeps every entry of every object, duplicates included, so a
//! point listed twice is refused rather than silently overwritten; each
//! fault is named, and nothing panics. Writing is one `Serialize`, so
//! `to_json` and serde write the same text: the fields in the order above,
//! the points from 24 down to 1.

use std::fmt::Display;

use serde::de::{self, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use serde_json::value::RawValue;
use thiserror::Error;

use crate::color::Color;
use crate::tavli::GameKind;

/// Why a position JSON was refused. `E` is the game's reason a setup is not
/// a position (its `PositionError`); each game names this type
/// `PositionJsonError`, as in `tavli_core::portes::PositionJsonError`.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PositionJsonError<E> {
    /// The text is not JSON at all; holds the parser's message.
    #[error("position JSON is not valid JSON: {0}")]
    Syntax(String),
    /// The JSON is not shaped like a position of the game (a missing,
    /// unknown, repeated or mistyped entry, or another game's position);
    /// holds what is wrong.
    #[error("position JSON: {0}")]
    Shape(String),
    /// The JSON describes a setup that is not a valid position.
    #[error("position JSON describes an impossible position: {0}")]
    Invalid(#[from] E),
}

/// What one game's position JSON has of its own; [`read`] and [`serialize`]
/// do the rest.
pub(crate) trait JsonFormat: Sized {
    /// The game's reason a setup is not a position.
    type Invalid: Display;
    /// What the reader fills in and the game then checks.
    type Setup;
    /// The game: the `game` it reads and writes and the name its messages
    /// use. Its named games ([`GameKind::base`] is this game) are read and
    /// written too, each under its own `game`.
    const GAME: GameKind;
    /// The game's own fields, read and written between `board` and `off`
    /// in this order.
    const OWN_FIELDS: &'static [&'static str] = &[];
    /// Other games' fields that this game has not, each with why, so that
    /// one is explained rather than called unknown.
    const LACKS: &'static [(&'static str, &'static str)];
    /// Whether `turn` may be spelt loosely (any case, `"w"`, `"b"`).
    /// Plakoto's and Fevga's readers always took that and Portes's never
    /// did; the formats are public, so each game keeps its own.
    const LOOSE_TURN: bool;
    /// Whether `off` may name a side twice, the last count winning.
    /// Plakoto's reader always let it and the others never did; kept for
    /// the same reason.
    const OFF_REPEATS: bool;

    /// An empty setup with `turn` on roll.
    fn setup(turn: Color) -> Self::Setup;
    /// Puts `board`'s entry for `point` (White's numbering): a signed count,
    /// White's positive, already clamped to ±1000.
    fn put(setup: &mut Self::Setup, point: u8, count: i64);
    /// Sets the borne-off counts, indexed by `Color::index()`.
    fn set_off(setup: &mut Self::Setup, off: [i64; 2]);
    /// Makes `setup` a position of `game`, one of this game's names (its
    /// base is [`Self::GAME`]); a game without names has nothing to do.
    fn set_game(_setup: &mut Self::Setup, _game: GameKind) {}
    /// Reads the value of `field`, one of [`Self::OWN_FIELDS`], into `setup`.
    fn read_own(
        _setup: &mut Self::Setup,
        _field: &str,
        _raw: &RawValue,
    ) -> Result<(), PositionJsonError<Self::Invalid>> {
        Ok(())
    }
    /// Checks `setup` against the game's rules.
    fn validate(setup: &Self::Setup) -> Result<Self, Self::Invalid>;

    /// The game this is a position of: [`Self::GAME`], or one of its names.
    fn game(&self) -> GameKind {
        Self::GAME
    }
    /// The side on roll.
    fn on_roll(&self) -> Color;
    /// The side and count that `board` gives `point` (White's numbering).
    fn point(&self, point: u8) -> Option<(Color, u8)>;
    /// The side's borne-off checkers.
    fn borne_off(&self, color: Color) -> u8;
    /// Writes the game's own fields that this position has, with their
    /// values, into the position's map.
    fn write_own<M: SerializeMap>(&self, _map: &mut M) -> Result<(), M::Error> {
        Ok(())
    }
    /// How many entries [`Self::write_own`] writes for this position.
    fn own_written(&self) -> usize {
        Self::OWN_FIELDS.len()
    }
}

/// Plakoto's JSON came before the other games: it is written without
/// `game`, and a position without `game` is Plakoto's (TAVLI.md Part 3b).
fn names_game(game: GameKind) -> bool {
    game != GameKind::Plakoto
}

/// Reads a game's position JSON text, naming any fault.
pub(crate) fn read<P: JsonFormat>(text: &str) -> Result<P, PositionJsonError<P::Invalid>> {
    let top: Entries = serde_json::from_str(text).map_err(|e| {
        if e.is_data() {
            shape(format!("expected an object with {} ({e})", fields::<P>()))
        } else {
            PositionJsonError::Syntax(e.to_string())
        }
    })?;
    // Before the other fields: another game's position is named as such,
    // not refused for a field of its own (a Portes `bar`) called unknown.
    let named = check_game::<P>(&top.0)?;
    let (mut game, mut turn, mut board, mut off) = (None, None, None, None);
    let mut own: Vec<Option<Box<RawValue>>> = vec![None; P::OWN_FIELDS.len()];
    for (k, v) in top.0 {
        let slot = match k.as_str() {
            // Checked above; taken here so that a repeated `game` is refused.
            "game" => &mut game,
            "turn" => &mut turn,
            "board" => &mut board,
            "off" => &mut off,
            name => match P::OWN_FIELDS.iter().position(|f| *f == name) {
                Some(i) => &mut own[i],
                None => return Err(unknown_field::<P>(name)),
            },
        };
        if slot.replace(v).is_some() {
            return Err(shape(format!("field `{k}` appears twice")));
        }
    }
    let turn = color("turn", &turn.ok_or_else(|| shape("missing field `turn`"))?, P::LOOSE_TURN)?;
    let mut setup = P::setup(turn);
    if named != P::GAME {
        P::set_game(&mut setup, named);
    }
    let board = board.ok_or_else(|| shape("missing field `board`"))?;
    each_point("board", &board, |point, raw| {
        P::put(&mut setup, point, int(&format!("board.{point}"), raw)?);
        Ok(())
    })?;
    for (field, raw) in P::OWN_FIELDS.iter().zip(own) {
        if let Some(raw) = raw {
            P::read_own(&mut setup, field, &raw)?;
        }
    }
    if let Some(raw) = off {
        P::set_off(&mut setup, sides("off", &raw, P::OFF_REPEATS)?);
    }
    Ok(P::validate(&setup)?)
}

/// Reads an already-decoded JSON value as [`read`] reads text.
pub(crate) fn read_value<P: JsonFormat>(v: &Value) -> Result<P, PositionJsonError<P::Invalid>> {
    read(&v.to_string())
}

/// A game's `Deserialize`: through a `Value`, so that any deserializer
/// works; [`read`] is stricter (it also sees duplicate keys) where the text
/// is at hand.
pub(crate) fn deserialize<'de, P: JsonFormat, D: Deserializer<'de>>(d: D) -> Result<P, D::Error> {
    let v = Value::deserialize(d)?;
    read_value(&v).map_err(de::Error::custom)
}

/// A game's `Serialize`: the fields in the documented order whatever the
/// serializer (a `Value` keeps its keys' order only with a serde_json
/// feature), the points from 24 down to 1.
pub(crate) fn serialize<P: JsonFormat, S: Serializer>(p: &P, s: S) -> Result<S::Ok, S::Error> {
    let names = names_game(p.game());
    let mut m = s.serialize_map(Some(3 + usize::from(names) + p.own_written()))?;
    if names {
        m.serialize_entry("game", p.game().name())?;
    }
    m.serialize_entry("turn", p.on_roll().name())?;
    let board = |point| p.point(point).map(|(c, n)| if c == Color::White { i32::from(n) } else { -i32::from(n) });
    m.serialize_entry("board", &Points(board))?;
    p.write_own(&mut m)?;
    m.serialize_entry("off", &Sides([p.borne_off(Color::White), p.borne_off(Color::Black)]))?;
    m.end()
}

/// Implements `Serialize` and `Deserialize` for a game's position through
/// its [`JsonFormat`] ([`serialize`], [`deserialize`]); a macro because the
/// orphan rule allows no blanket impl of serde's traits.
macro_rules! serde_impls {
    ($Position:ty) => {
        impl serde::Serialize for $Position {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                $crate::codec::json::serialize(self, s)
            }
        }

        impl<'de> serde::Deserialize<'de> for $Position {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                $crate::codec::json::deserialize(d)
            }
        }
    };
}
pub(crate) use serde_impls;

/// The position JSON text: compact, exactly as serde writes it.
pub(crate) fn write<P: JsonFormat>(p: &P) -> String {
    // Cannot fail: every key is a string, every value a number or a string.
    serde_json::to_string(&Json(p)).unwrap_or_default()
}

/// The position JSON as a `Value`.
pub(crate) fn write_value<P: JsonFormat>(p: &P) -> Value {
    serde_json::to_value(Json(p)).unwrap_or(Value::Null)
}

/// A position seen through its game's [`JsonFormat`], for serde_json.
struct Json<'a, P>(&'a P);

impl<P: JsonFormat> Serialize for Json<'_, P> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize(self.0, s)
    }
}

/// A map from points (24 down to 1, as strings) to what `F` gives for the
/// point, points with nothing left out: `board`, Plakoto's `pinned`.
pub(crate) struct Points<F>(pub(crate) F);

impl<F: Fn(u8) -> Option<V>, V: Serialize> Serialize for Points<F> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        for point in (1..=24u8).rev() {
            if let Some(v) = (self.0)(point) {
                m.serialize_entry(&point.to_string(), &v)?;
            }
        }
        m.end()
    }
}

/// `{"white": n, "black": n}` from a pair indexed by `Color::index()`:
/// `off`, Portes's `bar`.
pub(crate) struct Sides(pub(crate) [u8; 2]);

impl Serialize for Sides {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(2))?;
        m.serialize_entry("white", &self.0[0])?;
        m.serialize_entry("black", &self.0[1])?;
        m.end()
    }
}

/// The `game` a position JSON object's `entries` name: `None` when left
/// out. Given twice or null, it is refused for that (not read as a
/// position without `game`, which would be Plakoto's); a string is read as
/// every game's name is ([`GameKind::parse`]); a value that names no game
/// is handed back for the caller to word.
pub(crate) fn named_game(entries: &[(String, Box<RawValue>)]) -> Result<Option<GameKind>, GameFault<'_>> {
    let mut given = entries.iter().filter(|(k, _)| k == "game").map(|(_, v)| &**v);
    let Some(raw) = given.next() else { return Ok(None) };
    if given.next().is_some() {
        return Err(GameFault::Said("`game` is given twice: a position is of one game".into()));
    }
    match scalar(raw) {
        Value::Null => Err(GameFault::Said(
            "`game` must be a game name, not null (\"portes\", \"plakoto\" or \"fevga\"; left out: plakoto)".into(),
        )),
        Value::String(name) => GameKind::parse(&name).map(Some).map_err(|_| GameFault::Unknown(raw)),
        _ => Err(GameFault::Unknown(raw)),
    }
}

/// Why a position's `game` names no game.
pub(crate) enum GameFault<'a> {
    /// Worded already (given twice, null).
    Said(String),
    /// Not a game's name: the value as written.
    Unknown(&'a RawValue),
}

/// The top-level entries of a JSON object, duplicates kept; `None` when
/// the text is not an object.
pub(crate) fn entries(text: &str) -> Option<Vec<(String, Box<RawValue>)>> {
    serde_json::from_str::<Entries>(text).ok().map(|e| e.0)
}

/// The game `P`'s JSON names: `P`'s own or one of its names, or it is
/// refused, naming the game it is.
fn check_game<P: JsonFormat>(entries: &[(String, Box<RawValue>)]) -> Result<GameKind, PositionJsonError<P::Invalid>> {
    let (name, title) = (P::GAME.name(), P::GAME.title());
    let named = match named_game(entries) {
        Ok(Some(k)) => Ok(k),
        Ok(None) if names_game(P::GAME) => {
            return Err(shape(format!(
                "missing field `game`: a position with no `game` is Plakoto's; a {title} position says \"game\":\"{name}\""
            )));
        }
        Ok(None) => return Ok(P::GAME),
        Err(GameFault::Said(why)) => return Err(shape(why)),
        Err(GameFault::Unknown(raw)) => Err(raw),
    };
    match named {
        Ok(k) if k.base() == P::GAME => Ok(k),
        Ok(k) => Err(shape(format!("`game` is \"{}\": this is a {} position, not a {title} one", k.name(), k.title()))),
        Err(raw) => {
            let expected = if names_game(P::GAME) { format!("\"{name}\"") } else { format!("\"{name}\" or left out") };
            Err(shape(format!("`game` must be {expected} for a {title} position, got {}", brief(raw.get()))))
        }
    }
}

/// A field `P` does not have: another game's (with why `P` has none) or one
/// of no game.
fn unknown_field<P: JsonFormat>(name: &str) -> PositionJsonError<P::Invalid> {
    let title = P::GAME.title();
    match P::LACKS.iter().find(|(field, _)| *field == name) {
        Some((field, why)) => shape(format!("{title} has no `{field}`: {why}")),
        None => shape(format!("unknown field `{}`; a {title} position has {}", brief(name), fields::<P>())),
    }
}

/// `P`'s fields for a message: "`game`, `turn`, `board`, `bar` and `off`".
fn fields<P: JsonFormat>() -> String {
    let mut names = Vec::with_capacity(5);
    if names_game(P::GAME) {
        names.push("game");
    }
    names.extend(["turn", "board"]);
    names.extend(P::OWN_FIELDS);
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    format!("{} and `off`", quoted.join(", "))
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

fn shape<E>(msg: impl Into<String>) -> PositionJsonError<E> {
    PositionJsonError::Shape(msg.into())
}

/// A key or a value's text as written, cut short for an error message.
fn brief(s: &str) -> String {
    crate::quote::excerpt_of(s, 30)
}

/// A value parsed; it was valid JSON when its object was read.
fn scalar(raw: &RawValue) -> Value {
    serde_json::from_str(raw.get()).unwrap_or(Value::Null)
}

/// An object-valued field's entries, duplicates kept.
fn object<E>(field: &str, raw: &RawValue) -> Result<Vec<(String, Box<RawValue>)>, PositionJsonError<E>> {
    serde_json::from_str::<Entries>(raw.get())
        .map(|e| e.0)
        .map_err(|_| shape(format!("`{field}` must be an object, got {}", brief(raw.get()))))
}

/// Reads an object of points (`board`, Plakoto's `pinned`), handing each
/// point (1 to 24, each listed once) and its value to `read` in order.
pub(crate) fn each_point<E>(
    field: &str,
    raw: &RawValue,
    mut read: impl FnMut(u8, &RawValue) -> Result<(), PositionJsonError<E>>,
) -> Result<(), PositionJsonError<E>> {
    let mut seen = [false; 25];
    for (key, v) in object(field, raw)? {
        let point = point_key(field, &key)?;
        if std::mem::replace(&mut seen[point as usize], true) {
            return Err(shape(format!("`{field}`: point {point} is listed twice; a point is listed once")));
        }
        read(point, &v)?;
    }
    Ok(())
}

fn point_key<E>(field: &str, key: &str) -> Result<u8, PositionJsonError<E>> {
    let bad = || shape(format!("`{field}`: `{}` is not a point; points are 1 to 24 (White's numbering)", brief(key)));
    // Digits only, and few: no sign, no spaces, no numbers too long to read.
    if key.is_empty() || key.len() > 3 || !key.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let n: u32 = key.parse().map_err(|_| bad())?;
    if !(1..=24).contains(&n) {
        return Err(shape(format!("`{field}`: point {n} is out of range; points are 1 to 24")));
    }
    Ok(n as u8)
}

/// Reads `"white"` or `"black"`; `loose` also takes any case and `"w"`, `"b"`.
pub(crate) fn color<E>(field: &str, raw: &RawValue, loose: bool) -> Result<Color, PositionJsonError<E>> {
    let color = match scalar(raw).as_str() {
        Some(s) if loose => Color::parse(s),
        Some("white") => Some(Color::White),
        Some("black") => Some(Color::Black),
        _ => None,
    };
    color.ok_or_else(|| shape(format!("`{field}` must be \"white\" or \"black\", got {}", brief(raw.get()))))
}

/// An integer field read whole, for a counter whose range its setup
/// checks (Gul bara's roll counter runs to 65535, past [`int`]'s clamp).
pub(crate) fn counter<E>(field: &str, raw: &RawValue) -> Result<i64, PositionJsonError<E>> {
    scalar(raw).as_i64().ok_or_else(|| shape(format!("`{field}` must be an integer, got {}", brief(raw.get()))))
}

/// Reads an integer count, clamped to ±1000: the games' rules refuse any
/// count that large, and their sums cannot overflow.
pub(crate) fn int<E>(field: &str, raw: &RawValue) -> Result<i64, PositionJsonError<E>> {
    scalar(raw)
        .as_i64()
        .map(|n| n.clamp(-1000, 1000))
        .ok_or_else(|| shape(format!("`{field}` must be an integer, got {}", brief(raw.get()))))
}

/// Reads `{"white": n, "black": n}` (either left out: 0) into a pair indexed
/// by `Color::index()`; `repeats` lets a side appear twice, the last winning.
pub(crate) fn sides<E>(field: &str, raw: &RawValue, repeats: bool) -> Result<[i64; 2], PositionJsonError<E>> {
    let mut out = [0i64; 2];
    let mut seen = [false; 2];
    for (k, v) in object(field, raw)? {
        let c = match k.as_str() {
            "white" => Color::White,
            "black" => Color::Black,
            _ => return Err(shape(format!("`{field}`: unknown side `{}`; use \"white\" and \"black\"", brief(&k)))),
        };
        if std::mem::replace(&mut seen[c.index()], true) && !repeats {
            return Err(shape(format!("`{field}`: `{k}` is listed twice")));
        }
        out[c.index()] = int(&format!("{field}.{k}"), &v)?;
    }
    Ok(out)
}
