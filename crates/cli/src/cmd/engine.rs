//! `tavli engine`: this engine speaking the engine protocol of
//! INTERFACE.md on stdin/stdout, one JSON object per line.

use std::io::{BufRead, Read, Write};

use anyhow::{Result, anyhow};
use serde_json::value::RawValue;
use serde_json::{Value, json};
use tavli_core::Dice;
use tavli_core::tavli::{AnyPosition, GamePlay, GamePosition, MatchGames};
use tavli_engine::{DEFAULT_LEVEL, Player, TavliPlayer, levels};

/// Speak the engine protocol: read `{"type":"play","position":…,"dice":[6,4]}`
/// and answer `{"moves":[[24,18],[24,20]]}`; `{"type":"quit"}` exits. A bad
/// request is answered with `{"error": "…"}` and the engine goes on.
#[derive(clap::Args)]
pub struct Args {
    /// The player that answers (a built-in level).
    #[arg(long, default_value = DEFAULT_LEVEL)]
    level: String,
    /// Seed of the players that choose at random (`random`, and levels
    /// with noise), so a session can be repeated exactly.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Longest request line read; longer ones are refused (positions are small).
const MAX_LINE: usize = 64 * 1024;

pub fn run(a: Args) -> Result<()> {
    let level = levels::level(&a.level).map_err(|e| anyhow!("--level: {e}"))?;
    // The level in every game, each with its own network. Told no score,
    // it plays for points.
    let mut players = TavliPlayer::of_level(level, &super::engine_eval(), a.seed, MatchGames::Tavli);
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut input = stdin.lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let n = input.by_ref().take(MAX_LINE as u64 + 1).read_until(b'\n', &mut buf)?;
        if n == 0 {
            return Ok(());
        }
        if buf.len() > MAX_LINE && !buf.ends_with(b"\n") {
            // Skip the rest of the overlong line.
            let mut sink = Vec::new();
            input.read_until(b'\n', &mut sink)?;
            writeln!(out, "{}", json!({"error": format!("request longer than {MAX_LINE} bytes")}))?;
            out.flush()?;
            continue;
        }
        let line = String::from_utf8_lossy(&buf);
        let line = line.trim();
        if line.is_empty() {
            // A blank line is no request: nothing is answered (INTERFACE.md).
            continue;
        }
        let reply = match serde_json::from_str::<Request>(line) {
            Err(e) if e.is_data() => {
                json!({"error": format!("bad request: {}", tavli_core::quote::shorten_quoted(&e.to_string()))})
            }
            Err(e) => json!({"error": format!("not JSON: {e}")}),
            Ok(req) => match req.kind.as_deref() {
                Some("quit") => return Ok(()),
                Some("play") => answer_play(&req, &mut players).unwrap_or_else(|e| json!({"error": e})),
                Some(t) => {
                    json!({"error": format!("unknown request type `{}` (known: play, quit)", tavli_core::quote::excerpt_of(t, 30))})
                }
                None => json!({"error": "request without a \"type\""}),
            },
        };
        writeln!(out, "{reply}")?;
        out.flush()?;
    }
}

/// A request line. The derived reader refuses a key given twice
/// (`{"type":"play","type":"quit"}`), as the position JSON does, rather
/// than keeping the last one; unknown keys are ignored.
#[derive(serde::Deserialize)]
struct Request {
    #[serde(rename = "type")]
    kind: Option<String>,
    position: Option<Box<RawValue>>,
    dice: Option<Value>,
}

fn answer_play(req: &Request, player: &mut TavliPlayer) -> Result<Value, String> {
    // Position JSON of any game (its `game` says which), or (as everywhere
    // a position is asked for) `start` or a position ID.
    let raw = req.position.as_deref().ok_or("missing \"position\"")?;
    let pos = match serde_json::from_str::<Value>(raw.get()) {
        Ok(Value::String(s)) => AnyPosition::parse(&s, None)?,
        _ => AnyPosition::from_json(raw.get())?,
    };
    let dice = match req.dice.as_ref().ok_or("missing \"dice\" (e.g. [6,4])")? {
        Value::Array(a) => a,
        other => {
            return Err(format!(
                "\"dice\" must be a list of two numbers 1-6, like [6,4], not {} {}",
                json_type(other),
                brief(other)
            ));
        }
    };
    let d: Vec<u8> = dice.iter().filter_map(Value::as_u64).filter(|&x| x <= 6).map(|x| x as u8).collect();
    if d.len() != 2 || dice.len() != 2 {
        return Err("\"dice\" must be two numbers 1-6, e.g. [6,4]".into());
    }
    let dice = Dice::new(d[0], d[1]).map_err(|e| e.to_string())?;
    choose(player, &pos, dice)
}

/// The moves `player` makes with `dice` in `pos`.
fn choose<P: GamePosition>(player: &mut dyn Player<P>, pos: &P, dice: Dice) -> Result<Value, String> {
    if let Some(r) = pos.outcome() {
        return Err(format!("the game is already over ({r})"));
    }
    let plays = pos.legal_plays(dice);
    let i = player.choose(pos, dice, &plays).min(plays.len() - 1);
    let moves: Vec<[u8; 2]> = plays[i].moves().iter().map(|m| [m.from, m.to]).collect();
    Ok(json!({"moves": moves}))
}

/// The JSON type of a value, for messages (`a string`, `a number`, …).
fn json_type(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "the string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// A value in a message, cut short.
fn brief(v: &Value) -> String {
    tavli_core::quote::excerpt_of(&v.to_string(), 30)
}
