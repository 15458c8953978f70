//! The engine protocol of INTERFACE.md through the real binary: `plakoto
//! engine` as a child process with piped stdin and stdout (legal answers,
//! a pass, a game-ending roll, errors for bad lines, quit and end of
//! input), and `tavli duel` against `external:` programs, well-behaved
//! and not. Every wait has a deadline, so a hang fails instead of stalling.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Output, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use common::BIN;
use serde_json::{Value, json};
use tavli_core::game::{DiceSource, SeededDice};
use tavli_core::{Color, Dice, Play, Position, parse_play, pos};

/// Generous: the machine is shared. An answer normally takes milliseconds.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(20);

/// `tavli engine --level advanced` (0-ply: instant) on pipes.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Option<JoinHandle<String>>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(BIN)
            .args(["engine", "--level", "advanced"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start tavli engine");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut err = child.stderr.take().expect("stderr");
        let stderr = std::thread::spawn(move || {
            let mut s = String::new();
            let _ = err.read_to_string(&mut s);
            s
        });
        Engine { stdin: child.stdin.take(), child, lines, stderr: Some(stderr) }
    }

    fn send(&mut self, line: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin still open");
        let mut request = line.to_vec();
        request.push(b'\n');
        match stdin.write_all(&request).and_then(|_| stdin.flush()) {
            Ok(()) => {}
            // The engine may have quit on an earlier line of this write (a
            // quit followed by more): its exit status and answers tell.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
            Err(e) => panic!("write a request: {e}"),
        }
    }

    /// The next line the engine writes, as JSON.
    fn answer(&mut self) -> Value {
        let line = self.lines.recv_timeout(ANSWER_TIMEOUT).unwrap_or_else(|e| panic!("no answer from the engine: {e}"));
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("answer `{line}` is not JSON: {e}"))
    }

    fn ask(&mut self, request: &Value) -> Value {
        self.send(request.to_string().as_bytes());
        self.answer()
    }

    /// Asks for a play and checks the answer is one of the legal plays;
    /// returns the moves as the engine sent them, and the play.
    fn play(&mut self, pos: &Position, dice: Dice) -> (Vec<[u8; 2]>, Play) {
        let answer = self.ask(&json!({"type": "play", "position": pos, "dice": [dice.high(), dice.low()]}));
        let moves: Vec<[u8; 2]> = serde_json::from_value(answer["moves"].clone())
            .unwrap_or_else(|e| panic!("answer {answer} has no list of [from, to] moves: {e}"));
        assert_eq!(answer.as_object().map(|o| o.len()), Some(1), "answer {answer} has more than \"moves\"");
        let legal = pos.legal_plays(dice);
        let text = if moves.is_empty() {
            "pass".to_string()
        } else {
            moves.iter().map(|[f, t]| format!("{f}/{t}")).collect::<Vec<_>>().join(" ")
        };
        let play = parse_play(pos, dice, &text).unwrap_or_else(|e| panic!("{text} with {dice} in {}: {e}", pos.id()));
        assert!(
            legal.iter().any(|p| p.moves().iter().map(|m| [m.from, m.to]).eq(moves.iter().copied())),
            "{text} with {dice} in {} is not move for move a legal play (it reaches {})",
            pos.id(),
            play.position().id()
        );
        (moves, play)
    }

    /// Waits for the engine to exit by itself; panics after `limit`.
    fn wait(&mut self, limit: Duration) -> ExitStatus {
        let status = wait_with_deadline(&mut self.child, limit);
        let stderr = self.stderr.take().map(|h| h.join().unwrap_or_default()).unwrap_or_default();
        assert!(!stderr.contains("panicked"), "the engine panicked: {stderr}");
        status
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Polls `child` until it exits; kills it and panics after `limit`.
fn wait_with_deadline(child: &mut Child, limit: Duration) -> ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait for the child") {
            return status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the process did not exit within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn dice(a: u8, b: u8) -> Dice {
    Dice::new(a, b).expect("dice")
}

/// White's last five checkers home or on 13; Black's last checker alone on
/// its start. 6-2 pins it (7/1*) and wins at once, for two points.
fn mother_in_reach() -> Position {
    pos!(White; white {13: 11, 7: 2, 3: 2}; black {1: 1, 20: 14})
}

/// White's only checker is on its 24-point, and 6-6 finds Black's 18 held.
fn blocked() -> Position {
    pos!(White; white {24: 1}; black {18: 2, 1: 13})
}

#[test]
fn answers_every_request_with_a_legal_play() {
    let mut e = Engine::start();
    let start = Position::start();
    e.play(&start, dice(6, 4));
    e.play(&start, dice(3, 3));
    // Black on roll: the moves come back in Black's own numbering.
    let black = start.pass_turn();
    let (moves, _) = e.play(&black, dice(5, 2));
    assert!(moves.iter().all(|m| m[0] == 24), "Black's first play starts on its own 24: {moves:?}");
    // No legal move: the empty list.
    assert_eq!(e.ask(&json!({"type": "play", "position": blocked(), "dice": [6, 6]})), json!({"moves": []}));
    // A roll that ends the game: the engine takes the mother pin (a sure
    // two points) and the play says so.
    let mother = mother_in_reach();
    let (_, play) = e.play(&mother, dice(6, 2));
    assert_eq!(play.result().map(|r| (r.winner, r.points)), Some((Some(Color::White), 2)), "{play}");
    // The same for Black, on the mirrored board.
    let (_, play) = e.play(&mother.mirror(), dice(6, 2));
    assert_eq!(play.result().map(|r| (r.winner, r.points)), Some((Some(Color::Black), 2)), "{play}");
    // Positions of a seeded random game, both sides on roll, with pins.
    let mut roll = SeededDice::new(11);
    let mut pos = start;
    let mut asked = 0;
    while asked < 40 && pos.outcome().is_none() {
        let d = roll.roll();
        e.play(&pos, d);
        asked += 1;
        let plays = pos.legal_plays(d);
        pos = *plays[roll.die() as usize % plays.len()].position();
    }
    assert!(asked >= 20, "the random game ended after {asked} turns");
    e.send(br#"{"type":"quit"}"#);
    assert!(e.wait(ANSWER_TIMEOUT).success());
}

#[test]
fn bad_requests_get_an_error_and_the_engine_goes_on() {
    let mut e = Engine::start();
    let start = json!(Position::start());
    let big = format!(r#"{{"type":"play","position":{start},"dice":[6,4],"padding":"{}"}}"#, "x".repeat(100 * 1024));
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (b"hello engine".to_vec(), "not JSON"),
        (b"{\"type\":\"play\",".to_vec(), "not JSON"),
        (b"\xff\xfe{}".to_vec(), "not JSON"),
        (b"[1,2]".to_vec(), "type"),
        (b"{}".to_vec(), "type"),
        (br#"{"type":"dance"}"#.to_vec(), "unknown request type"),
        (br#"{"type":42}"#.to_vec(), "type"),
        (format!(r#"{{"type":"play","position":{start}}}"#).into_bytes(), "dice"),
        (format!(r#"{{"type":"play","position":{start},"dice":[7,1]}}"#).into_bytes(), "dice"),
        (format!(r#"{{"type":"play","position":{start},"dice":[6]}}"#).into_bytes(), "dice"),
        (format!(r#"{{"type":"play","position":{start},"dice":[0,3]}}"#).into_bytes(), "die"),
        (format!(r#"{{"type":"play","position":{start},"dice":"6-4x"}}"#).into_bytes(), "dice"),
        // The wrong type is named as such, not as a missing field.
        (format!(r#"{{"type":"play","position":{start},"dice":"6-4"}}"#).into_bytes(), "not the string \"6-4\""),
        (format!(r#"{{"type":"play","position":{start},"dice":64}}"#).into_bytes(), "not a number"),
        // A key given twice is refused, not read as its last value.
        (br#"{"type":"play","type":"quit"}"#.to_vec(), "duplicate field `type`"),
        (format!(r#"{{"type":"play","position":{start},"dice":[6,4],"dice":[1,1]}}"#).into_bytes(), "duplicate"),
        (
            br#"{"type":"play","position":{"turn":"white","turn":"black","board":{"24":15,"1":-15}},"dice":[6,4]}"#
                .to_vec(),
            "twice",
        ),
        (br#"{"type":"play","dice":[6,4]}"#.to_vec(), "position"),
        (br#"{"type":"play","position":{"turn":"white","board":{"24":16,"1":-15}},"dice":[6,4]}"#.to_vec(), "16"),
        (br#"{"type":"play","position":{"turn":"white","board":{"25":15,"1":-15}},"dice":[6,4]}"#.to_vec(), "25"),
        (br#"{"type":"play","position":"no such position","dice":[6,4]}"#.to_vec(), "position"),
        (big.into_bytes(), "longer than"),
    ];
    for (line, expect) in &cases {
        e.send(line);
        let answer = e.answer();
        let shown = String::from_utf8_lossy(&line[..line.len().min(80)]).to_string();
        let error = answer["error"].as_str().unwrap_or_else(|| panic!("`{shown}` answered {answer}, not an error"));
        assert!(error.contains(expect), "`{shown}`: error `{error}` does not mention `{expect}`");
        // Still answering, and properly.
        e.play(&Position::start(), dice(6, 4));
    }
    // A position whose game is over is refused with the reason.
    let over = pos!(White; white {13: 11, 7: 1, 3: 2, 1: 1}; black {20: 14}; pinned {1: Black});
    let answer = e.ask(&json!({"type": "play", "position": over, "dice": [6, 4]}));
    assert!(answer["error"].as_str().is_some_and(|s| s.contains("over")), "{answer}");
    // Blank lines are skipped without an answer; the next request is answered.
    e.send(b"");
    e.send(b"   ");
    e.play(&Position::start(), dice(2, 1));
    // Exactly as long as allowed: 64 KiB of request (JSON with spaces).
    let mut long = json!({"type": "play", "position": Position::start(), "dice": [5, 5]}).to_string();
    long.insert_str(1, &" ".repeat(64 * 1024 - long.len()));
    assert_eq!(long.len(), 64 * 1024);
    e.send(long.as_bytes());
    assert!(e.answer()["moves"].is_array(), "a request of exactly 64 KiB is answered");
    e.send(br#"{"type":"quit"}"#);
    assert!(e.wait(ANSWER_TIMEOUT).success());
}

#[test]
fn quit_and_end_of_input_end_the_engine_with_status_0() {
    // Quit as the first request.
    let mut e = Engine::start();
    e.send(br#"{"type":"quit"}"#);
    let t = Instant::now();
    assert!(e.wait(Duration::from_secs(10)).success());
    assert!(t.elapsed() < Duration::from_secs(5), "quit took {:?}", t.elapsed());
    assert!(e.lines.recv_timeout(Duration::from_secs(5)).is_err(), "nothing is written after quit");

    // Quit after a play; whatever follows it is not read.
    let mut e = Engine::start();
    e.play(&Position::start(), dice(6, 5));
    e.send(b"{\"type\":\"quit\"}\nnot json");
    assert!(e.wait(Duration::from_secs(10)).success());

    // End of input, after a play and in the middle of nothing.
    let mut e = Engine::start();
    e.play(&Position::start(), dice(4, 4));
    drop(e.stdin.take());
    assert!(e.wait(Duration::from_secs(10)).success());

    // End of input in the middle of a line: that last request is still read.
    let mut e = Engine::start();
    let stdin = e.stdin.as_mut().expect("stdin");
    stdin.write_all(br#"{"type":"dance"}"#).expect("write");
    drop(e.stdin.take());
    assert!(e.answer()["error"].is_string());
    assert!(e.wait(Duration::from_secs(10)).success());
}

/// `plakoto ARGS` with no input; killed and failed after `limit`.
fn run(args: &[&str], limit: Duration) -> (Output, Duration) {
    let t = Instant::now();
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start plakoto");
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let out_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        v
    });
    let err_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
    let status = wait_with_deadline(&mut child, limit);
    let elapsed = t.elapsed();
    let output =
        Output { status, stdout: out_reader.join().unwrap_or_default(), stderr: err_reader.join().unwrap_or_default() };
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "plakoto {args:?} panicked: {stderr}");
    (output, elapsed)
}

#[test]
fn duel_against_the_engine_as_an_external_program() {
    let external = format!("external:{BIN} engine --level advanced");
    let args = ["duel", &external, "advanced", "--games", "4", "--seed", "3", "--threads", "1", "--json"];
    let (out, _) = run(&args, Duration::from_secs(60));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "duel failed: {stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let v: Value = serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("`{stdout}` is not JSON: {e}"));
    assert_eq!(v["a"], json!(external));
    assert_eq!(v["b"], json!("advanced"));
    assert_eq!(v["seed"], json!(3));
    assert_eq!(v["games"], json!(4));
    let n = |k: &str| v[k].as_i64().unwrap_or_else(|| panic!("{k} is not a number in {v}"));
    assert_eq!(n("wins") + n("losses") + n("draws"), 4, "{v}");
    // A game is worth at most two points.
    assert!(n("points").abs() <= 8, "{v}");
    // The two sides are the same deterministic engine, and each dice
    // sequence is played twice with the colours swapped: the second game
    // repeats the first with the players exchanged, so A wins exactly what
    // it loses. (An external engine that misread a position would break this.)
    assert_eq!(n("points"), 0, "identical engines on paired dice: {v}");
    assert_eq!(n("wins"), n("losses"), "{v}");
    assert_eq!(v["ppg"].as_f64(), Some(0.0), "{v}");
}

#[test]
fn duel_starts_the_program_once_per_pair_and_says_quit() {
    // `tee` records what the duel sends; a line per program start is logged first.
    let dir = tempfile::tempdir().expect("temporary directory");
    let log = dir.path().join("requests.log");
    let log = log.to_str().expect("UTF-8 path");
    let external = format!("external:echo started >> {log}; tee -a {log} | {BIN} engine --level advanced");
    let args = ["duel", &external, "random", "--games", "4", "--seed", "5", "--threads", "1", "--json"];
    let (out, _) = run(&args, Duration::from_secs(60));
    assert!(out.status.success(), "duel failed: {}", String::from_utf8_lossy(&out.stderr));
    // The last `quit` may still be on its way through `tee` after the duel exits.
    let deadline = Instant::now() + Duration::from_secs(10);
    let text = loop {
        let text = std::fs::read_to_string(log).unwrap_or_default();
        if text.matches(r#"{"type":"quit"}"#).count() >= 2 || Instant::now() > deadline {
            break text;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.iter().filter(|l| **l == "started").count(), 2, "two pairs, two programs");
    assert_eq!(lines.iter().filter(|l| **l == r#"{"type":"quit"}"#).count(), 2, "each program is told to quit");
    for line in lines.iter().filter(|l| **l != "started" && **l != r#"{"type":"quit"}"#) {
        let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("request `{line}` is not JSON: {e}"));
        assert_eq!(v["type"], "play", "{line}");
        let pos = Position::from_json_value(&v["position"]).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(pos.outcome().is_none(), "asked to play a finished game: {line}");
        let d: [u8; 2] = serde_json::from_value(v["dice"].clone()).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(d[0] >= d[1] && Dice::new(d[0], d[1]).is_ok(), "{line}");
    }
}

/// `duel` against a misbehaving external program stops quickly, exits
/// non-zero, and says what went wrong.
fn duel_fails(program: &str, expect: &[&str]) {
    let external = format!("external:{program}");
    let args = ["duel", &external, "advanced", "--games", "2", "--seed", "1", "--threads", "1"];
    let (out, took) = run(&args, Duration::from_secs(60));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "duel against `{program}` succeeded: {stderr}");
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(program), "the message does not name `{program}`: {stderr}");
    for e in expect {
        assert!(stderr.contains(e), "the message does not mention `{e}`: {stderr}");
    }
    assert!(took < Duration::from_secs(10), "duel against `{program}` took {took:?}");
}

#[test]
fn duel_stops_on_an_answer_that_is_not_json() {
    duel_fails("read x; echo not-json", &["not-json", "not JSON"]);
}

#[test]
fn duel_stops_on_an_illegal_play() {
    duel_fails(r#"while read x; do echo '{"moves":[[24,1]]}'; done"#, &["24/1"]);
}

#[test]
fn duel_stops_on_an_answer_without_moves() {
    duel_fails(r#"read x; echo '{"error":"no idea"}'"#, &["without a \"moves\" list"]);
    duel_fails(r#"read x; echo '{"moves":[[24,"x"]]}'"#, &["not [from, to]"]);
}

#[test]
fn duel_stops_when_the_program_exits() {
    duel_fails("read x; exit 3", &["exited"]);
    duel_fails("exit 0", &[]);
}
