//! The JSON shapes of the API that are not specific to one endpoint: how a
//! position, dice and a ply are read from a request, and a play as
//! INTERFACE.md writes it (the shape of `plakoto moves --json`).

use plakoto_core::{Dice, GameResult, Play, Position, parse_position};
use serde::Serialize;
use serde_json::Value;
use serde_json::value::RawValue;
use utoipa::ToSchema;

use crate::error::ApiError;

/// Deepest search a request may ask of the engine.
pub const MAX_PLY: i64 = 2;

/// A position in a request: position JSON (an object), or a string holding
/// `start`, a position ID or position JSON.
pub fn position(raw: Option<&RawValue>) -> Result<Position, ApiError> {
    let raw = raw.ok_or_else(|| ApiError::invalid("bad-position", "missing field `position`"))?;
    let text = raw.get().trim_start();
    let parsed = if text.starts_with('"') {
        let s: String = serde_json::from_str(text).map_err(|e| ApiError::invalid("bad-position", e.to_string()))?;
        parse_position(&s)
    } else if text.starts_with('{') {
        Position::from_json(text).map_err(|e| e.to_string())
    } else {
        Err("`position` must be position JSON (an object) or a string: `start`, a position ID or position JSON".into())
    };
    parsed.map_err(|e| ApiError::invalid("bad-position", e))
}

/// Dice in a request: `"6-4"`, `"64"`, `"6 4"` or `[6, 4]`.
pub fn dice(v: Option<&Value>) -> Result<Dice, ApiError> {
    let bad = |m: String| ApiError::invalid("bad-dice", m);
    match v {
        None => Err(bad("missing field `dice`".into())),
        Some(Value::String(s)) => s.parse().map_err(|e| bad(format!("{e}"))),
        Some(Value::Array(a)) if a.len() == 2 => {
            let die = |x: &Value| x.as_u64().filter(|n| (1..=6).contains(n)).map(|n| n as u8);
            match (die(&a[0]), die(&a[1])) {
                (Some(x), Some(y)) => Dice::new(x, y).map_err(|e| bad(e.to_string())),
                _ => Err(bad(format!("dice {} : each die is a whole number 1 to 6", Value::Array(a.clone())))),
            }
        }
        Some(other) => Err(bad(format!(
            "dice must be a string like \"6-4\" or a pair like [6, 4], got {}",
            other.to_string().chars().take(40).collect::<String>()
        ))),
    }
}

/// The search depth of an evaluation: 0 (default) to [`MAX_PLY`].
pub fn ply(v: Option<i64>) -> Result<u8, ApiError> {
    match v.unwrap_or(0) {
        p @ 0..=MAX_PLY => Ok(p as u8),
        p => Err(ApiError::invalid("bad-ply", format!("ply {p} is out of range: use 0 to {MAX_PLY}"))),
    }
}

/// A play in the JSON shape of INTERFACE.md.
#[derive(Serialize, ToSchema)]
pub struct PlayJson {
    /// (from, to) single moves in the mover's numbering; `to` 0 is off.
    #[schema(value_type = Vec<Vec<u8>>)]
    pub moves: Vec<[u8; 2]>,
    /// `24/18 24/20`, `13/7*`, `6/off`, `pass`.
    pub notation: String,
    /// The position after the play (position JSON).
    #[schema(value_type = Object)]
    pub position: Position,
    /// The result when the play ends the game.
    #[schema(value_type = Option<ResultJson>)]
    pub result: Option<GameResult>,
}

impl PlayJson {
    pub fn new(play: &Play) -> PlayJson {
        PlayJson {
            moves: play.moves().iter().map(|m| [m.from, m.to]).collect(),
            notation: play.notation(),
            position: *play.position(),
            result: play.result(),
        }
    }
}

/// How a game ended (documentation of `plakoto_core::GameResult`'s JSON).
#[derive(Serialize, ToSchema)]
#[allow(dead_code)]
pub struct ResultJson {
    /// `white`, `black`, or null for a draw.
    pub winner: Option<String>,
    pub points: u8,
    /// `bear-off`, `mother`, `both-mothers` or `resign`.
    pub reason: String,
}
