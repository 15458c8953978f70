//! `tavli play --join URL` against a real `tavli serve`: the terminal
//! takes Black's seat from the invitation link and plays a friend who
//! plays White through the API, sees White's plays arrive on the live
//! stream, gets the server's reason for an illegal play, quits, and comes
//! back to the same seat with the same command; a used invitation without
//! the kept seat watches.

mod server;

use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use server::{Server, request, request_as};

/// The terminal client as a process: its input, and its output line by line.
struct Terminal {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    seen: String,
}

impl Terminal {
    fn join(url: &str, data: &std::path::Path) -> Terminal {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tavli"))
            .args(["play", "--join", url, "--color", "never", "--lang", "en"])
            .env("XDG_DATA_HOME", data)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let out = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            // Whatever arrives (a prompt has no newline).
            let mut out = out;
            let mut buf = [0u8; 4096];
            while let Ok(n @ 1..) = out.read(&mut buf) {
                let _ = tx.send(String::from_utf8_lossy(&buf[..n]).into_owned());
            }
        });
        Terminal { child, stdin, lines, seen: String::new() }
    }

    /// Waits until the output holds `what` (after what was waited for before).
    fn expect(&mut self, what: &str) -> String {
        let t = Instant::now();
        while !self.seen.contains(what) {
            let left = Duration::from_secs(15).saturating_sub(t.elapsed());
            match self.lines.recv_timeout(left) {
                Ok(l) => self.seen.push_str(&l),
                Err(_) => panic!("`{what}` never came; the terminal showed:\n{}", self.seen),
            }
        }
        let at = self.seen.find(what).unwrap() + what.len();
        let before = self.seen[..at].to_string();
        self.seen.drain(..at);
        before
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
    }
}

/// A match created online by `body` on the server at `addr`, its
/// creator's seat, and the link inviting the terminal to the other.
struct Invited {
    id: String,
    /// The creator's side (`white` or `black`) and its seat's secret.
    creator: String,
    token: String,
    link: String,
}

fn invite(addr: &str, body: Value) -> Invited {
    let (s, created) = request(addr, "POST", "/api/v1/matches", Some(&body)).unwrap();
    assert_eq!(s, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let link = format!("http://{addr}/match/{id}#join={}", created["invite"].as_str().unwrap());
    let seat = |k: &str| created["seat"][k].as_str().unwrap().to_string();
    Invited { creator: seat("side"), token: seat("token"), link, id }
}

fn state(addr: &str, id: &str) -> Value {
    let (s, v) = request(addr, "GET", &format!("/api/v1/matches/{id}"), None).unwrap();
    assert_eq!(s, 200, "{v}");
    v
}

/// The seat of `token` plays the first listed play of `m` (match `id`):
/// the state after it.
fn play_first(addr: &str, id: &str, token: &str, m: &Value) -> Value {
    let play = json!({"moves": m["game"]["plays"][0]["moves"], "version": m["version"]});
    let (s, v) = request_as(addr, "POST", &format!("/api/v1/matches/{id}/play"), Some(&play), Some(token)).unwrap();
    assert_eq!(s, 200, "{v}");
    v
}

/// Waits until the match is past `version`.
fn after(addr: &str, id: &str, version: &Value) -> Value {
    let t = Instant::now();
    loop {
        let s = state(addr, id);
        if s["version"] != *version {
            return s;
        }
        assert!(t.elapsed() < Duration::from_secs(15), "the match stayed at version {version}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Brings match `id` to the creator's turn, the terminal (the other seat)
/// playing its first listed play if it is on roll, and waits until the
/// terminal waits for the creator: the state then.
fn creators_turn(term: &mut Terminal, addr: &str, id: &str, creator: &str) -> Value {
    let m = state(addr, id);
    let m = if m["to_act"]["side"] != creator {
        term.expect("quit` >");
        term.send(m["game"]["plays"][0]["notation"].as_str().unwrap());
        after(addr, id, &m["version"])
    } else {
        m
    };
    term.expect("Waiting for");
    m
}

#[test]
fn the_terminal_plays_an_online_match_takes_its_seat_back_and_watches_without_one() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("m.db"));
    let Invited { id, token: white, creator, link } = invite(&server.addr, json!({"opponent": "online", "length": 3}));
    assert_eq!(creator, "white");
    let data = dir.path().join("data");

    let mut term = Terminal::join(&link, &data);
    term.expect("You took the seat of Black");
    let mut m = state(&server.addr, &id);
    assert_eq!(m["online"]["taken"]["black"], true, "{m}");
    let mut black_plays = 0;
    let mut refused = false;
    while black_plays < 3 {
        if m["to_act"]["side"] == "white" {
            let v = play_first(&server.addr, &id, &white, &m);
            let notation = as_black_reads_it(v["game"]["log"].as_array().unwrap().last().unwrap());
            // White's play reaches the terminal on the live stream, written
            // in White's numbering, then as Black's board labels the points.
            let shown = term.expect("Your turn");
            assert!(
                shown.contains(&format!(": {notation}\n")),
                "White's play {notation} is not on the board:\n{shown}"
            );
            m = v;
            continue;
        }
        term.expect("quit` >");
        if !refused {
            // An illegal play: the server's reason, and the same turn again.
            refused = true;
            term.send("24/1");
            term.expect("Not played: 24/1 is 23 pips");
            term.expect("quit` >");
        }
        let notation = m["game"]["plays"][0]["notation"].as_str().unwrap().to_string();
        term.send(&notation);
        m = after(&server.addr, &id, &m["version"]);
        assert_eq!(m["game"]["log"].as_array().unwrap().last().unwrap()["side"], "black", "{m}");
        black_plays += 1;
    }
    // Quit at Black's next turn (White plays first), then come back to the seat.
    while m["to_act"]["side"] == "white" {
        m = play_first(&server.addr, &id, &white, &m);
    }
    term.expect("quit` >");
    term.send("quit");
    term.expect("your seat is kept");
    assert!(term.child.wait().unwrap().success());
    let mut again = Terminal::join(&link, &data);
    again.expect("Back in your seat: you play Black");
    again.expect("quit` >");
    again.send(m["game"]["plays"][0]["notation"].as_str().unwrap());
    after(&server.addr, &id, &m["version"]);
    again.send("quit");
    drop(again);

    // Someone else with the used link (no seat kept) only watches.
    let mut other = Terminal::join(&link, &dir.path().join("elsewhere"));
    let shown = other.expect("Waiting for");
    assert!(shown.contains("watching"), "{shown}");
    let _ = other.child.kill();
}

/// A logged play of White's as Black's terminal writes it: White's
/// numbering, then Black's.
fn as_black_reads_it(entry: &Value) -> String {
    use tavli_core::{Color, Dice, Position, TurnBuilder};
    let before = Position::from_id(entry["position_id"].as_str().unwrap()).unwrap();
    let d = &entry["dice"];
    let mut tb =
        TurnBuilder::new(&before, Dice::new(d[0].as_u64().unwrap() as u8, d[1].as_u64().unwrap() as u8).unwrap());
    for m in entry["moves"].as_array().unwrap() {
        tb.play_move(m[0].as_u64().unwrap() as u8, m[1].as_u64().unwrap() as u8).unwrap();
    }
    let play = tb.complete().unwrap();
    assert_eq!(play.mover(), Color::White);
    format!("{} (your {})", play.notation(), play.notation_for(Color::Black))
}

/// The end of an online match said "Black win the match 2–0." and not
/// that White had resigned.
#[test]
fn the_terminal_says_that_the_opponent_resigned() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("m.db"));
    let Invited { id, creator, token, link } = invite(&server.addr, json!({"opponent": "online"}));
    let mut term = Terminal::join(&link, &dir.path().join("data"));
    term.expect("You took the seat");
    let (me, them) = if creator == "white" { ("Black", "White") } else { ("White", "Black") };
    // The creator resigns on its own turn, while the terminal waits for it.
    let m = creators_turn(&mut term, &server.addr, &id, &creator);
    let (s, v) = request_as(
        &server.addr,
        "POST",
        &format!("/api/v1/matches/{id}/resign"),
        Some(&json!({"version": m["version"]})),
        Some(&token),
    )
    .unwrap();
    assert_eq!(s, 200, "{v}");
    let shown = term.expect("yours included.");
    assert!(shown.contains(&format!("{them} resigns: {me} wins 2 points.\nYou win the match 2–0.")), "{shown}");
    assert!(term.child.wait().unwrap().success());
}

/// A single game offered by the friend (on the page) is answered at the
/// terminal: declined, then, offered again, accepted; and the terminal
/// offers one itself, which waits for the friend's answer.
#[test]
fn the_terminal_answers_a_single_game_offered_and_offers_one() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("m.db"));
    let body = json!({"opponent": "online", "length": 3});
    let Invited { id, creator, token, link } = invite(&server.addr, body);
    let mut term = Terminal::join(&link, &dir.path().join("data"));
    term.expect("You took the seat");
    let them = if creator == "white" { "White" } else { "Black" };
    let offer = |m: &Value| {
        let body = json!({"version": m["version"], "points": 1});
        let (s, v) =
            request_as(&server.addr, "POST", &format!("/api/v1/matches/{id}/resign"), Some(&body), Some(&token))
                .unwrap();
        assert_eq!(s, 200, "{v}");
        v
    };
    let asked = format!("{them} offers to resign a single game (1 point). Accept? (yes/no) > ");
    // The friend offers on its own turn, while the terminal waits for it.
    let m = creators_turn(&mut term, &server.addr, &id, &creator);
    let m = offer(&m);
    term.expect(&asked);
    term.send("no");
    let m = after(&server.addr, &id, &m["version"]);
    assert_eq!((&m["offer"], &m["games"][0]["result"]), (&Value::Null, &Value::Null), "declined");
    let m = offer(&m);
    term.expect(&asked);
    term.send("yes");
    let m = after(&server.addr, &id, &m["version"]);
    assert_eq!(m["games"][0]["result"]["points"], 1, "{m}");
    assert_eq!(m["score"][if creator == "white" { "black" } else { "white" }], 1);
    // Game 2: the terminal (its winner) starts, and offers a single game.
    term.expect("quit` >");
    term.send("resign");
    term.expect("(1/2/no) > ");
    term.send("1");
    term.expect("You offered a single game (1 point): waiting for");
    let m = after(&server.addr, &id, &m["version"]);
    assert_eq!(m["offer"]["points"], 1, "{m}");
    term.send("quit");
}

#[test]
fn bad_addresses_are_refused_with_the_reason() {
    let out = Command::new(env!("CARGO_BIN_EXE_tavli")).args(["play", "--join", "http://h/game/x"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not a match's address"));
    let out = Command::new(env!("CARGO_BIN_EXE_tavli"))
        .args(["play", "--join", "http://127.0.0.1:9/match/abc"])
        .env("XDG_DATA_HOME", std::env::temp_dir())
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("cannot reach http://127.0.0.1:9"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_terminal_waits_for_a_restarted_server_and_checks_the_dice_at_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let server = Server::start(&db);
    let addr = server.addr.clone();
    let Invited { id, creator, token, link } = invite(&addr, json!({"opponent": "online"}));
    let data = dir.path().join("data");
    let mut term = Terminal::join(&link, &data);
    term.expect("You took the seat");
    // The seat's secret is the owner's alone.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let seats = data.join("tavli").join("seats");
        let file = std::fs::read_dir(&seats).unwrap().next().unwrap().unwrap().path();
        assert_eq!(std::fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o600);
        assert_eq!(std::fs::metadata(&seats).unwrap().permissions().mode() & 0o777, 0o700);
        let kept: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let mine = kept["contribution"].as_str().unwrap();
        let m = state(&addr, &id);
        let joiner = if creator == "white" { "black" } else { "white" };
        assert_eq!(m["dice_from"]["contributions"][joiner], mine, "the terminal's own share is in the dice");
    }
    // The terminal waits for the creator's turn on the live stream ...
    creators_turn(&mut term, &addr, &id, &creator);
    // ... when the server dies; it says so and tries again until it is back.
    server.kill_9();
    term.expect("Lost the server");
    let server = Server::start_on(&addr, db.to_str().unwrap(), &[]);
    play_first(&server.addr, &id, &token, &state(&server.addr, &id));
    term.expect("Back in touch with the server");
    // The terminal resigns the one-game match, then checks every roll.
    term.expect("quit` >");
    term.send("resign");
    term.expect("(1/2/no) > ");
    term.send("2");
    let shown = term.expect("yours included.");
    assert!(shown.contains("The dice check out: all"), "{shown}");
    assert!(term.child.wait().unwrap().success());
}

/// A server that answers like a match's, but whose log writes terminal
/// escape sequences in a play's notation and whose live stream sends one
/// endless line; how many bytes of that line it could send before the
/// client hung up.
fn hostile_server() -> (String, std::sync::mpsc::Receiver<usize>) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let (sent, streamed) = channel();
    // Each connection on a thread of its own: the terminal's live stream
    // (endless) and its requests for the state come in either order.
    std::thread::spawn(move || {
        for conn in listener.incoming() {
            let Ok(conn) = conn else { return };
            let sent = sent.clone();
            std::thread::spawn(move || answer_hostile(conn, sent));
        }
    });
    (addr, streamed)
}

/// One connection to [`hostile_server`]: the endless live stream, or a
/// state whose notation holds escapes.
fn answer_hostile(mut conn: std::net::TcpStream, sent: std::sync::mpsc::Sender<usize>) {
    use std::io::{BufRead, BufReader};
    let mut head = String::new();
    let mut reader = BufReader::new(conn.try_clone().unwrap());
    reader.read_line(&mut head).unwrap();
    while reader.read_line(&mut String::new()).map(|n| n > 2).unwrap_or(false) {}
    if head.contains("/events") {
        let _ = conn.write_all(b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n\r\nevent: state\r\ndata: ");
        let chunk = vec![b'x'; 1 << 20];
        let mut n = 0;
        while n < (256 << 20) && conn.write_all(&chunk).is_ok() {
            n += chunk.len();
        }
        let _ = sent.send(n);
        return;
    }
    let evil = "\u{1b}[2J\u{1b}]0;pwned\u{7}24/18 24/20";
    let state = json!({
        "id": "x", "version": 3, "over": false, "match_to": 1, "score": {"white": 0, "black": 0},
        "to_act": {"side": "black", "who": "human"},
        "game": {
            "number": 1, "position": {"turn": "black", "board": {"24": 15, "1": -15}}, "dice": [3, 1],
            "result": null, "plays": [{"notation": evil}],
            "log": [{"position_id": "AAAA__7__gAAAA", "side": "white", "dice": [6, 4],
                     "moves": [[24, 18], [24, 20]], "notation": evil}],
        },
    })
    .to_string();
    let _ = write!(
        conn,
        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{state}",
        state.len()
    );
}

#[test]
fn a_hostile_server_cannot_flood_the_terminal_or_write_to_it() {
    let (addr, streamed) = hostile_server();
    let dir = tempfile::tempdir().unwrap();
    let mut term = Terminal::join(&format!("http://{addr}/match/x"), dir.path());
    let shown = term.expect("Waiting for");
    // The play is worked out from the position, dice and moves, not taken as sent.
    assert!(shown.contains("24/18 24/20"), "{shown}");
    assert!(
        !shown.contains('\u{1b}') && !shown.contains("pwned"),
        "the server's escapes reached the terminal:\n{shown:?}"
    );
    // The endless line is cut off, and the client says why.
    let n = streamed.recv_timeout(Duration::from_secs(60)).expect("the client hangs up");
    assert!(n < 64 << 20, "the client read {} MiB of one line", n >> 20);
    let status = term.child.wait().unwrap();
    assert!(!status.success());
    let mut err = String::new();
    term.child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    assert!(err.contains("longer than 16 MiB"), "{err}");
}

/// `play --join` in an online Tavli match: the terminal draws the game
/// being played and the one to come, and plays Portes's plays by their
/// notation, as the server checks them.
#[test]
fn the_terminal_plays_an_online_tavli_match() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("m.db"));
    let body = json!({"opponent": "online", "games": "tavli", "human_color": "white"});
    let Invited { id, token: white, link, .. } = invite(&server.addr, body);
    let mut term = Terminal::join(&link, &dir.path().join("data"));
    let shown = term.expect("You took the seat of Black");
    let shown = shown + &term.expect("match to 5");
    assert!(shown.contains("Portes, then Plakoto"), "the board names the game and the next:\n{shown}");
    let mut m = state(&server.addr, &id);
    assert_eq!(m["game"]["game"], "portes", "{m}");
    let mut black_plays = 0;
    while black_plays < 2 {
        if m["to_act"]["side"] == "white" {
            m = play_first(&server.addr, &id, &white, &m);
            continue;
        }
        term.expect("quit` >");
        term.send(m["game"]["plays"][0]["notation"].as_str().unwrap());
        m = after(&server.addr, &id, &m["version"]);
        let last = m["game"]["log"].as_array().unwrap().last().unwrap().clone();
        assert_eq!(last["side"], "black", "{m}");
        black_plays += 1;
    }
    while m["to_act"]["side"] == "white" {
        m = play_first(&server.addr, &id, &white, &m);
    }
    term.expect("quit` >");
    term.send("quit");
    term.expect("your seat is kept");
    assert!(term.child.wait().unwrap().success());
}

/// What a local game has, `--join` has too (issue 41 item 12): the
/// opening roll said, the seat's side marked "(you)" on the board, a play
/// entered one checker at a time and confirmed with Enter (undo works),
/// and `hint` says hints are off between people.
#[test]
fn the_terminal_online_says_the_opening_marks_you_and_takes_single_moves() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("m.db"));
    let body = json!({"opponent": "online", "length": 3, "games": "portes"});
    let Invited { id, token: white, link, .. } = invite(&server.addr, body);
    let mut term = Terminal::join(&link, &dir.path().join("data"));
    term.expect("You took the seat of Black");
    term.expect("Opening roll:");
    let opening = term.expect("Game 1 · Portes");
    assert!(opening.contains("you roll") && opening.contains(" start"), "{opening}");
    term.expect("B Black (you) 0");
    let mut m = state(&server.addr, &id);
    if m["to_act"]["side"] == "white" {
        m = play_first(&server.addr, &id, &white, &m);
    }
    term.expect("Your turn");
    term.send("hint");
    term.expect("Hints are off in a match between two people");
    // Black's first listed play, a checker at a time, one taken back.
    let moves: Vec<(u64, u64)> = m["game"]["plays"][0]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|mv| (mv[0].as_u64().unwrap(), mv[1].as_u64().unwrap()))
        .collect();
    let single = |(from, to): (u64, u64)| {
        let from = if from == 25 { "bar".to_string() } else { from.to_string() };
        if to == 0 { format!("{from}/off") } else { format!("{from}/{to}") }
    };
    assert!(moves.len() >= 2, "a play of two moves at least: {m}");
    term.send(&single(moves[0]));
    term.expect(&format!("[{}] > ", single(moves[0])));
    term.send("undo");
    term.expect(&format!("Took back {}", single(moves[0])));
    for &mv in &moves {
        term.send(&single(mv));
    }
    term.expect("Enter to confirm");
    let version = m["version"].clone();
    term.send("");
    let after = after(&server.addr, &id, &version);
    let log = after["game"]["log"].as_array().unwrap();
    let last = log.last().unwrap();
    assert_eq!(last["side"], "black", "{after}");
    assert_eq!(last["moves"], m["game"]["plays"][0]["moves"], "{after}");
    // White to play now: the terminal waits on the live stream.
    let _ = term.child.kill();
}

/// The `presence` events a seat's live stream brings, read on a thread:
/// each as `(white, black)`.
fn presence_events(addr: &str, id: &str, token: &str) -> Receiver<(bool, bool)> {
    use std::io::{BufRead, BufReader};
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    write!(
        s,
        "GET /api/v1/matches/{id}/events HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\
         Authorization: Bearer {token}\r\n\r\n"
    )
    .unwrap();
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let mut kind = String::new();
        for line in BufReader::new(s).lines() {
            let Ok(line) = line else { return };
            if let Some(k) = line.strip_prefix("event:") {
                kind = k.trim().to_string();
            } else if let Some(data) = line.strip_prefix("data:")
                && kind == "presence"
            {
                let v: Value = serde_json::from_str(data.trim()).unwrap();
                if tx.send((v["white"] == true, v["black"] == true)).is_err() {
                    return;
                }
            }
        }
    });
    rx
}

/// A terminal that joined is connected for its whole session, its own
/// turns included, as a browser tab is; when it quits, the other seat's
/// live stream hears so at once (issue 41 item 1: the page said "Your
/// friend is connected" a minute after the terminal had quit).
#[test]
fn the_terminal_is_connected_while_it_plays_and_not_once_it_quits() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("m.db"));
    let body = json!({"opponent": "online", "length": 3, "human_color": "white"});
    let Invited { id, token: white, link, .. } = invite(&server.addr, body);
    let heard = presence_events(&server.addr, &id, &white);
    let mut term = Terminal::join(&link, &dir.path().join("data"));
    term.expect("You took the seat of Black");
    let mut m = state(&server.addr, &id);
    // Black's turn twice, each with the terminal waiting at its prompt.
    for _ in 0..2 {
        while m["to_act"]["side"] == "white" {
            m = play_first(&server.addr, &id, &white, &m);
        }
        term.expect("quit` >");
        // Typing a play takes the person a while: the seat stays connected.
        std::thread::sleep(Duration::from_millis(300));
        let now = state(&server.addr, &id);
        assert_eq!(now["online"]["connected"]["black"], true, "at its own turn: {}", now["online"]);
        term.send(m["game"]["plays"][0]["notation"].as_str().unwrap());
        m = after(&server.addr, &id, &m["version"]);
    }
    while m["to_act"]["side"] == "white" {
        m = play_first(&server.addr, &id, &white, &m);
    }
    term.expect("quit` >");
    while heard.try_recv().is_ok() {}
    term.send("quit");
    term.expect("your seat is kept");
    assert!(term.child.wait().unwrap().success());
    let t = Instant::now();
    loop {
        match heard.recv_timeout(Duration::from_secs(5).saturating_sub(t.elapsed())) {
            Ok((_, false)) => break,
            Ok(_) => continue,
            Err(_) => panic!(
                "White's stream never heard that Black left; the match says {}",
                state(&server.addr, &id)["online"]
            ),
        }
    }
    assert_eq!(state(&server.addr, &id)["online"]["connected"]["black"], false);
}

/// `play --join` in an online Tabla match (issue 40): the friend resigns
/// the Tabla game, and the terminal plays the whole Gul bara game that
/// follows, its ladders a stage at a time by their notation as the server
/// checks them, whatever the dice bring (hand-offs included), until the
/// match goes on to Tapa.
#[test]
fn the_terminal_plays_gul_bara_in_an_online_tabla_match() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("m.db"));
    let Invited { id, creator, token, link } = invite(&server.addr, json!({"opponent": "online", "games": "tabla"}));
    let mut term = Terminal::join(&link, &dir.path().join("data"));
    let shown = term.expect("You took the seat");
    let shown = shown + &term.expect("match to 5");
    assert!(shown.contains("Tabla, then Gul bara"), "the board names the game and the next:\n{shown}");
    let m = creators_turn(&mut term, &server.addr, &id, &creator);
    assert_eq!(m["game"]["game"], "tabla", "{m}");
    let body = json!({"version": m["version"]});
    let (s, mut m) =
        request_as(&server.addr, "POST", &format!("/api/v1/matches/{id}/resign"), Some(&body), Some(&token)).unwrap();
    assert_eq!(s, 200, "{m}");
    let shown = term.expect("Gul bara, then Tapa");
    assert!(shown.contains("resigns"), "{shown}");
    assert_eq!(m["game"]["game"], "gulbara", "{m}");
    let (mut decisions, mut stages) = (0, 0);
    while m["game"]["game"] == "gulbara" && m["over"] != true {
        if m["to_act"]["side"] == creator.as_str() {
            m = play_first(&server.addr, &id, &token, &m);
            continue;
        }
        term.expect("quit` >");
        stages += usize::from(!m["game"]["stage"].is_null());
        term.send(m["game"]["plays"][0]["notation"].as_str().unwrap());
        m = after(&server.addr, &id, &m["version"]);
        decisions += 1;
        assert!(decisions < 400, "the game never ended: {m}");
    }
    assert_eq!(m["games"][1]["game"], "gulbara", "{m}");
    assert!(!m["games"][1]["result"].is_null(), "Gul bara ended: {m}");
    assert!(decisions > 10, "{decisions} decisions at the terminal");
    if m["over"] != true {
        assert_eq!(m["game"]["game"], "tapa", "{m}");
        term.expect("Tapa, then Tabla");
    }
    eprintln!("the terminal made {decisions} decisions, {stages} of them ladder stages");
    term.send("quit");
}
