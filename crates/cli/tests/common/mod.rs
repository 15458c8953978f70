//! Helpers for the `tavli play` tests: the binary, reading a saved record,
//! a PTY driver that plays a person's turns by typing them, and runs
//! through pipes in a chosen locale ([`piped`]).

#![allow(dead_code)]

use std::collections::VecDeque;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use expectrl::session::OsSession;
use expectrl::{Expect, Regex, Session};
use tavli_core::game::{Match, MatchRecord};
use tavli_core::tavli::AnyPosition;

pub const BIN: &str = env!("CARGO_BIN_EXE_tavli");

pub mod piped;

/// `tavli ARGS`, its output.
pub fn run(args: &[&str]) -> std::process::Output {
    Command::new(BIN).args(args).output().unwrap()
}

/// `tavli ARGS`, which must succeed: its standard output.
pub fn ok(args: &[&str]) -> String {
    let out = run(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// `tavli ARGS`, which must fail: its standard error.
pub fn refused(args: &[&str]) -> String {
    let out = run(args);
    assert!(!out.status.success(), "{args:?} was accepted");
    String::from_utf8(out.stderr).unwrap()
}

/// `tavli ARGS` with `input` on its standard input, its output.
pub fn play_with_input(args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

/// Generous: the machine is shared, and a timeout here is a failure.
pub const TIMEOUT: Duration = Duration::from_secs(60);

/// `plakoto ARGS` on a pseudo-terminal.
pub fn spawn(args: &[&str]) -> OsSession {
    let mut cmd = Command::new(BIN);
    cmd.args(args).env_remove("NO_COLOR").env_remove("LC_ALL").env_remove("LC_MESSAGES").env_remove("LANG");
    let mut p = Session::spawn(cmd).expect("spawn plakoto on a PTY");
    p.set_expect_timeout(Some(TIMEOUT));
    p
}

/// The record saved at `path`, replayed and verified.
pub fn load(path: &Path) -> Match<tavli_core::Position> {
    let text = std::fs::read_to_string(path).expect("read the record");
    let rec: MatchRecord<tavli_core::Position> = serde_json::from_str(&text).expect("the record is JSON");
    Match::from_record(&rec).expect("the record replays")
}

/// The record saved at `path` as a match of any game (a Tavli match too).
pub fn load_any(path: &Path) -> Match<AnyPosition> {
    let text = std::fs::read_to_string(path).expect("read the record");
    let rec: MatchRecord<AnyPosition> = serde_json::from_str(&text).expect("the record is JSON");
    Match::from_record(&rec).expect("the record replays")
}

pub fn turns(m: &Match<tavli_core::Position>) -> usize {
    m.games().iter().map(|g| g.turns().len()).sum()
}

/// The Gul bara decisions a [`Driver`] typed that are not a plain roll.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Stages {
    /// A later stage of the person's own ladder, played without a throw.
    pub ladder: usize,
    /// Dice the computer's stalled ladder handed to the person.
    pub handed: usize,
    /// Plays that stalled the person's ladder, handing the rest over
    /// (`6/1 > 5,5,5,6,6,6,6`).
    pub stalled: usize,
}

impl Stages {
    fn count(&mut self, pending: Option<tavli_core::gulbara::Pending>, notation: &str) {
        match pending {
            Some(p) if p.is_handed() => self.handed += 1,
            Some(_) => self.ladder += 1,
            None => {}
        }
        self.stalled += usize::from(notation.contains(" > "));
    }
}

/// How a driven session stopped.
#[derive(Debug, PartialEq, Eq)]
pub enum Stop {
    /// The match ended (the closing message was seen).
    Over,
    /// The person's turn limit was reached; a turn prompt is waiting.
    AtPrompt,
}

/// Types the person's turns, reading each one's legal plays from the saved
/// record: odd turns as a whole play on one line, even turns one checker at
/// a time and then Enter to confirm.
pub struct Driver<'a> {
    pub save: &'a Path,
    /// Turns typed so far.
    pub typed: usize,
    /// Gul bara's steps among them: see [`Stages`].
    pub stages: Stages,
    /// Everything the program printed.
    pub transcript: String,
}

impl<'a> Driver<'a> {
    pub fn new(save: &'a Path) -> Self {
        Driver { save, typed: 0, stages: Stages::default(), transcript: String::new() }
    }

    /// Plays until the match is over or `limit` more turns were typed.
    pub fn run(&mut self, p: &mut OsSession, limit: usize) -> Stop {
        let stop_at = self.typed + limit;
        let mut queue: VecDeque<String> = VecDeque::new();
        loop {
            // A prompt is the last thing written: `> ` inside a line is a
            // Gul bara hand-off (`6/1 > 5,5,5`), told as it is played.
            let caps = p.expect(Regex(r"> $|The record is saved in")).unwrap_or_else(|e| {
                panic!("waiting for a prompt: {e}\n--- transcript tail ---\n{}", tail(&self.transcript))
            });
            let before = String::from_utf8_lossy(caps.before()).to_string();
            let matched = String::from_utf8_lossy(&caps[0]).to_string();
            self.transcript.push_str(&before);
            self.transcript.push_str(&matched);
            assert!(!self.transcript.contains("panicked"), "{}", tail(&self.transcript));
            if matched.starts_with("The record") {
                return Stop::Over;
            }
            let prompt = before.rsplit('\n').next().unwrap_or("");
            if prompt.contains("press Enter to begin") {
                assert!(queue.is_empty(), "the next game asked for with moves left: {prompt}");
                p.send_line("").unwrap();
                continue;
            }
            if prompt.contains("Enter to confirm") {
                assert!(queue.is_empty(), "confirm asked with moves left: {prompt}");
                p.send_line("").unwrap();
                continue;
            }
            if let Some(mv) = queue.pop_front() {
                p.send_line(mv).unwrap();
                continue;
            }
            assert!(prompt.contains(" > ") || prompt.ends_with(' '), "unexpected prompt `{prompt}`");
            if self.typed == stop_at {
                return Stop::AtPrompt;
            }
            let m = load_any(self.save);
            assert!(
                m.game().dice().is_some(),
                "a prompt `{prompt}` without dice pending in the record\n--- transcript tail ---\n{}",
                tail(&self.transcript)
            );
            let plays = m.game().legal_plays();
            let play = plays[self.typed * 7 % plays.len()].clone();
            self.typed += 1;
            self.stages.count(m.game().position().pending(), &play.notation());
            if self.typed % 2 == 1 {
                p.send_line(play.notation()).unwrap();
            } else {
                queue = play
                    .moves()
                    .iter()
                    .map(|m| match (m.from, m.to) {
                        (25, to) => format!("bar/{to}"),
                        (from, 0) => format!("{from}/off"),
                        (from, to) => format!("{from}/{to}"),
                    })
                    .collect();
                let first = queue.pop_front().expect("a prompted turn is not a pass");
                p.send_line(first).unwrap();
            }
        }
    }
}

pub fn tail(s: &str) -> String {
    let start = s.len().saturating_sub(3000);
    let mut i = start;
    while !s.is_char_boundary(i) {
        i += 1;
    }
    s[i..].to_string()
}
