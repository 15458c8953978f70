//! `external:COMMAND` players: any program speaking the engine protocol of
//! INTERFACE.md on stdin/stdout, one JSON object per line.
//!
//! The program is started with `sh -c COMMAND` on first use and asked
//! `{"type":"play","position":…,"dice":[6,4]}`; it answers
//! `{"moves":[[24,18],[24,20]]}`. An answer that is not a legal play, a
//! crash or a silence longer than the timeout is a failure: the player then
//! reports it (see `Player::failure`) and the duel stops with that message.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use serde_json::json;
use tavli_core::Dice;
use tavli_core::tavli::{GamePlay, GamePosition};

use tavli_engine::Player;

/// How long an external program may think about one play.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);

/// A player that asks an external program for every play over the engine
/// protocol (see the module documentation).
pub struct ExternalPlayer {
    command: String,
    timeout: Duration,
    proc: Option<(Child, ChildStdin, Receiver<String>)>,
    failure: Option<String>,
}

impl ExternalPlayer {
    /// A player for `command`, started with `sh -c` when first asked to play,
    /// allowed [`DEFAULT_TIMEOUT`] per play.
    pub fn new(command: &str) -> ExternalPlayer {
        ExternalPlayer { command: command.into(), timeout: DEFAULT_TIMEOUT, proc: None, failure: None }
    }

    /// The same player, allowed `t` to answer each play.
    pub fn with_timeout(mut self, t: Duration) -> ExternalPlayer {
        self.timeout = t;
        self
    }

    fn start(&mut self) -> Result<(), String> {
        if self.proc.is_some() {
            return Ok(());
        }
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(&self.command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start `{}`: {e}", self.command))?;
        let stdin = child.stdin.take().ok_or("no stdin for the external program")?;
        let stdout = child.stdout.take().ok_or("no stdout for the external program")?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        self.proc = Some((child, stdin, rx));
        Ok(())
    }

    fn ask<P: GamePosition>(&mut self, pos: &P, dice: Dice, plays: &[P::Play]) -> Result<usize, String> {
        self.start()?;
        let (_, stdin, rx) = self.proc.as_mut().ok_or("external program not running")?;
        let request = json!({"type": "play", "position": pos.to_json_value(), "dice": [dice.high(), dice.low()]});
        writeln!(stdin, "{request}")
            .and_then(|_| stdin.flush())
            .map_err(|e| format!("`{}` stopped reading its input: {e}", self.command))?;
        let line = match rx.recv_timeout(self.timeout) {
            Ok(l) => l,
            Err(RecvTimeoutError::Timeout) => {
                return Err(format!("`{}` gave no answer within {:?}", self.command, self.timeout));
            }
            Err(RecvTimeoutError::Disconnected) => return Err(format!("`{}` exited", self.command)),
        };
        let v: serde_json::Value = serde_json::from_str(&line)
            .map_err(|e| format!("`{}` answered `{}`, which is not JSON: {e}", self.command, brief(&line)))?;
        let moves = v
            .get("moves")
            .and_then(|m| m.as_array())
            .ok_or_else(|| format!("`{}` answered `{}` without a \"moves\" list", self.command, brief(&line)))?;
        let mut text = Vec::new();
        for m in moves {
            let pair = m.as_array().filter(|a| a.len() == 2).and_then(|a| Some((a[0].as_u64()?, a[1].as_u64()?)));
            // 25 is Portes's bar (the engine protocol's `from` 25).
            let Some((from, to)) = pair.filter(|&(f, t)| f <= 25 && t <= 24) else {
                return Err(format!(
                    "`{}` sent a move that is not [from, to]: {}",
                    self.command,
                    brief(&m.to_string())
                ));
            };
            text.push(format!("{from}/{to}"));
        }
        let text = if text.is_empty() { "pass".to_string() } else { text.join(" ") };
        let play = pos
            .parse_play(dice, &text)
            .map_err(|e| format!("`{}` played `{text}` with {dice} in {}: {e}", self.command, pos.id()))?;
        plays
            .iter()
            .position(|p| p.position() == play.position())
            .ok_or_else(|| format!("`{}` played `{text}`, which is not among the legal plays", self.command))
    }
}

fn brief(s: &str) -> String {
    tavli_core::quote::excerpt_of(s, 80)
}

/// An external program plays any game: it is sent the game's position
/// JSON, which names the game (TAVLI.md Part 3b), and answers moves.
impl<P: GamePosition> Player<P> for ExternalPlayer {
    fn name(&self) -> String {
        format!("external:{}", self.command)
    }

    fn choose(&mut self, pos: &P, dice: Dice, plays: &[P::Play]) -> usize {
        if self.failure.is_some() {
            return 0;
        }
        match self.ask(pos, dice, plays) {
            Ok(i) => i,
            Err(e) => {
                self.failure = Some(e);
                0
            }
        }
    }

    fn failure(&self) -> Option<String> {
        self.failure.clone()
    }
}

impl Drop for ExternalPlayer {
    fn drop(&mut self) {
        if let Some((mut child, mut stdin, _)) = self.proc.take() {
            let _ = writeln!(stdin, "{}", json!({"type": "quit"}));
            drop(stdin);
            // Give it a moment to quit by itself, then make sure.
            for _ in 0..20 {
                if let Ok(Some(_)) = child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}
