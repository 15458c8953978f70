//! The JSON shapes of the API that are not specific to one endpoint: how a
//! position, dice and a ply are read from a request, and a play as
//! INTERFACE.md writes it (the shape of `tavli moves --json`), in any of
//! Tavli's games.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;
use serde_json::value::RawValue;
use tavli_core::tavli::{AnyPlay, AnyPosition, AnyTurn, GameKind};
use tavli_core::{Color, Dice, GameResult};
use tavli_engine::MAX_PLY;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::reason::Reason;

/// A request's `game`: which game `start` (and a GNU Backgammon ID) is, and
/// which the position must be (documentation of [`GameKind`]'s JSON).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
pub enum GameJson {
    /// Πόρτες: backgammon without the cube.
    Portes,
    /// Πλακωτό, the default.
    Plakoto,
    /// Φεύγα.
    Fevga,
    /// Гюлбара (Gul bara): Fevga's race with the doubles ladder.
    Gulbara,
    /// Тапа (Tapa): Plakoto under its Bulgarian name.
    Tapa,
    /// Τσιλλιτόν (Tsillitón): Plakoto under its Cypriot name.
    Tsilliton,
    /// محبوسة (Mahbusa): the Levantine pinning game, its mother played out.
    Mahbusa,
    /// Табла (Tabla): Portes under its Bulgarian name.
    Tabla,
}

/// A position of any game in a request: position JSON (an object, its own
/// `game` saying which game, absent Plakoto), or a string holding `start`,
/// a position ID (`p.…` Portes, `f.…` Fevga, Plakoto's otherwise) or
/// position JSON. `game` is the request's own `game` field: the game of
/// `start`, and the game the position must be of (a 422 `bad-position`
/// naming both when it is not). Without it a Plakoto position reads as it
/// always has.
pub fn any_position(raw: Option<&RawValue>, game: Option<GameKind>) -> Result<AnyPosition, ApiError> {
    let raw = raw.ok_or_else(|| ApiError::invalid("bad-position", "missing field `position`"))?;
    let text = raw.get().trim_start();
    let parsed = if text.starts_with('"') {
        let s: String = serde_json::from_str(text).map_err(|e| ApiError::invalid("bad-position", e.to_string()))?;
        AnyPosition::parse(&s, game)
    } else if text.starts_with('{') {
        AnyPosition::parse(text, game)
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

/// The search depth of an evaluation: `default` when not given, else 0 to
/// the engine's [`MAX_PLY`].
pub fn ply(v: Option<i64>, default: u8) -> Result<u8, ApiError> {
    match v {
        None => Ok(default),
        Some(p) if (0..=i64::from(MAX_PLY)).contains(&p) => Ok(p as u8),
        Some(p) => Err(ApiError::invalid("bad-ply", format!("ply {p} is out of range: use 0 to {MAX_PLY}"))),
    }
}

/// A play in the JSON shape of INTERFACE.md, of any game.
#[derive(Serialize, ToSchema)]
pub struct PlayJson {
    /// (from, to) single moves in the mover's numbering; `from` 25 is
    /// Portes's bar, `to` 0 is off.
    #[schema(value_type = Vec<Vec<u8>>)]
    pub moves: Vec<[u8; 2]>,
    /// The game's notation: `24/18 24/20`, `13/7*`, `bar/22`, `6/off`, `pass`.
    pub notation: String,
    /// The position after the play (position JSON; Portes's and Fevga's
    /// name their `game`).
    #[schema(value_type = Object)]
    pub position: AnyPosition,
    /// The result when the play ends the game.
    #[schema(value_type = Option<ResultJson>)]
    pub result: Option<GameResult>,
}

impl PlayJson {
    /// The JSON of a `play` of any game.
    pub fn any(play: &AnyPlay) -> PlayJson {
        PlayJson {
            moves: play.moves().iter().map(|m| [m.from, m.to]).collect(),
            notation: play.notation(),
            position: play.position(),
            result: play.result(),
        }
    }
}

/// How a game ended (documentation of `tavli_core::GameResult`'s JSON).
#[derive(Serialize, ToSchema)]
#[allow(dead_code)]
pub struct ResultJson {
    /// `white`, `black`, or null for a draw.
    pub winner: Option<String>,
    pub points: u8,
    /// `bear-off`, `mother`, `both-mothers` or `resign`.
    pub reason: String,
}

/// A turn in progress, as a person enters it one checker at a time.
#[derive(Serialize, ToSchema)]
pub struct TurnState {
    /// The single moves played, hops over several dice split into them.
    #[schema(value_type = Vec<Vec<u8>>)]
    pub moves: Vec<[u8; 2]>,
    /// Dice not used yet.
    pub dice_left: Vec<u8>,
    /// Every next single move that still leads to a legal play (`from` 25:
    /// entering from Portes's bar).
    #[schema(value_type = Vec<Vec<u8>>)]
    pub legal_moves: Vec<[u8; 2]>,
    /// The board after the moves so far (the mover still on roll).
    #[schema(value_type = Object)]
    pub position: AnyPosition,
    /// Its position ID.
    pub id: String,
    /// The pip counts of that board.
    pub pips: SidesJson<u32>,
    /// The legal play the moves make, once they make one.
    pub complete: Option<PlayJson>,
    /// No move is possible: the turn passes.
    pub pass: bool,
    /// For each point (mover's numbering; 25 is Portes's bar) no checker
    /// can move from now, why not, as a person would be told ("your checker
    /// on point 12 is pinned and cannot move"); the page shows it when such
    /// a point is clicked.
    #[schema(value_type = Object)]
    pub why_not: BTreeMap<u8, String>,
    /// The same reasons as codes with their parameters, to be worded by
    /// the client (`why_not`'s English stays for older clients).
    #[schema(value_type = Object)]
    pub why_not_reasons: BTreeMap<u8, Reason>,
}

/// The turn of `dice` in `pos` (any game) after the single `moves`, or why
/// a move is illegal.
pub fn turn_state(pos: &AnyPosition, dice: Dice, moves: &[[u8; 2]]) -> Result<TurnState, ApiError> {
    if pos.outcome().is_some() {
        return Err(ApiError::invalid("illegal-move", "the game is over in this position; there is nothing to play"));
    }
    // The turn builder bounds the moves (points, at most the roll's); its
    // reason names the move, so the message is the reason alone.
    let mut t = AnyTurn::new(pos, dice);
    for &[from, to] in moves {
        t.play_move(from, to).map_err(|e| ApiError::illegal("illegal-move", &e))?;
    }
    let why_not = t.why_not_each();
    let now = t.current_position();
    Ok(TurnState {
        moves: t.moves().iter().map(|m| [m.from, m.to]).collect(),
        dice_left: t.dice_left().to_vec(),
        legal_moves: t.legal_moves().iter().map(|m| [m.from, m.to]).collect(),
        position: now,
        id: now.id(),
        pips: SidesJson { white: now.pips(Color::White), black: now.pips(Color::Black) },
        complete: t.complete().as_ref().map(PlayJson::any),
        pass: t.is_pass(),
        why_not: why_not.iter().map(|(p, e)| (*p, e.to_string())).collect(),
        why_not_reasons: why_not.iter().map(|(p, e)| (*p, Reason::from(e))).collect(),
    })
}

/// A value for each side.
#[derive(Serialize, ToSchema)]
pub struct SidesJson<T: ToSchema> {
    /// White's.
    pub white: T,
    /// Black's.
    pub black: T,
}
