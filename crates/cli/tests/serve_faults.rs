//! Faults found from outside (issues 8 and 26), tried again on the real
//! server: a client that drops its connection right after a play, a
//! resigned game followed by another after a restart, idle and half-sent
//! connections, notation that made the parser search for ever, a flood of
//! single moves, a stream opened by another site's page, a lower-case
//! `bearer`, and requests too long to read answered without the error shape.

mod server;

use std::io::{Read, Write};
use std::net::{Shutdown, TcpStream};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use server::{Live, Server, connect_from, request, request_from, until};

/// Sends a request and closes the connection at once, without reading the
/// answer (a browser reloaded right after Confirm).
fn send_and_drop(addr: &str, method: &str, path: &str, body: &Value) {
    let mut s = TcpStream::connect(addr).unwrap();
    let body = body.to_string();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let _ = s.shutdown(Shutdown::Both);
}

fn get(addr: &str, id: &str) -> Value {
    let (s, v) = request(addr, "GET", &format!("/api/v1/matches/{id}"), None).unwrap();
    assert_eq!(s, 200, "{v}");
    v
}

/// The play the page would send for the state `m`.
fn first_play(m: &Value) -> Value {
    json!({"moves": m["game"]["plays"][0]["moves"], "version": m["version"]})
}

#[test]
fn a_client_that_drops_the_connection_after_a_play_never_wedges_the_match() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("drop.db");
    let server = Server::start_with(&db, &["--matches-per-minute", "1000"]);
    let mut ids = Vec::new();
    for seed in 0..40 {
        let body = json!({"opponent": "human", "length": 3, "seed": seed});
        let (s, m) = request(&server.addr, "POST", "/api/v1/matches", Some(&body)).unwrap();
        assert_eq!(s, 201, "{m}");
        let id = m["id"].as_str().unwrap().to_string();
        send_and_drop(&server.addr, "POST", &format!("/api/v1/matches/{id}/play"), &first_play(&m));
        ids.push((id, m));
    }
    // Engine moves dropped the same way.
    for seed in 0..20 {
        let body = json!({"opponent": "engine", "level": "random", "human_color": "black", "seed": seed});
        let (s, m) = request(&server.addr, "POST", "/api/v1/matches", Some(&body)).unwrap();
        assert_eq!(s, 201, "{m}");
        let id = m["id"].as_str().unwrap().to_string();
        let path = format!("/api/v1/matches/{id}/engine-move");
        send_and_drop(&server.addr, "POST", &path, &json!({"version": m["version"]}));
        ids.push((id, m));
    }
    let mut states = Vec::new();
    for (id, before) in &ids {
        // The match goes on from whatever state it shows. A dropped request
        // may still land meanwhile (it carries the version it was for), and
        // the move made from the state before it is then refused as stale:
        // it is made again from the new state. Once a move is answered, no
        // dropped request can land any more (its version has gone by).
        let v0 = before["version"].as_u64().unwrap();
        let mut after = None;
        until(Duration::from_secs(10), &format!("match {id} takes a move"), || {
            let now = get(&server.addr, id);
            let v1 = now["version"].as_u64().unwrap();
            assert!(v1 == v0 || v1 == v0 + 1, "match {id}: version {v0} became {v1}");
            match server::next_move(&server.addr, id, &now).unwrap() {
                (200, v) => after = Some(v),
                (409, v) if v["error"]["code"] == "stale" && v1 == v0 => {}
                (s, v) => panic!("match {id} is wedged: {s} {v}"),
            }
            after.is_some()
        });
        states.push((id.clone(), after.unwrap()));
    }
    // What the server showed is what the database holds.
    server.kill_9();
    let server = Server::start(&db);
    for (id, shown) in &states {
        assert_eq!(&get(&server.addr, id), shown, "match {id}: the database disagrees with what was answered");
    }
}

#[test]
fn a_match_with_a_resigned_game_loads_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("resign.db");
    let server = Server::start(&db);
    let body = json!({"opponent": "human", "length": 5, "seed": 77});
    let (s, mut m) = request(&server.addr, "POST", "/api/v1/matches", Some(&body)).unwrap();
    assert_eq!(s, 201, "{m}");
    let id = m["id"].as_str().unwrap().to_string();
    for _ in 0..3 {
        let (s, v) = server::next_move(&server.addr, &id, &m).unwrap();
        assert_eq!(s, 200, "{v}");
        m = v;
    }
    let side = m["game"]["turn"].clone();
    let path = format!("/api/v1/matches/{id}/resign");
    let (s, v) = request(&server.addr, "POST", &path, Some(&json!({"side": side, "version": m["version"]}))).unwrap();
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["games"].as_array().unwrap().len(), 2, "the next game has begun: {v}");
    m = v;
    for _ in 0..3 {
        let (s, v) = server::next_move(&server.addr, &id, &m).unwrap();
        assert_eq!(s, 200, "{v}");
        m = v;
    }
    server.kill_9();
    let server = Server::start(&db);
    assert_eq!(get(&server.addr, &id), m, "after a restart the match is not what was answered");
    let (s, rec) = request(&server.addr, "GET", &format!("/api/v1/matches/{id}/record"), None).unwrap();
    assert_eq!(s, 200, "{rec}");
}

/// `GET /healthz` from `local`: the status, or 0 when no answer came.
fn health_from(local: &str, addr: &str) -> u16 {
    let Ok(mut s) = connect_from(local, addr) else { return 0 };
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    if write!(s, "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").is_err() {
        return 0;
    }
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    String::from_utf8_lossy(&raw).split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0)
}

/// Waits until the server has closed `s` (reads end of stream); how long it took.
fn closed_within(s: &mut TcpStream, limit: Duration) -> Option<Duration> {
    let start = Instant::now();
    s.set_read_timeout(Some(limit)).unwrap();
    let mut buf = [0u8; 512];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return Some(start.elapsed()),
            Ok(_) => continue,
            Err(_) => return None,
        }
    }
}

#[test]
fn idle_and_half_sent_connections_cannot_stop_others_being_served() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("idle.db");
    let server = Server::start_with(
        &db,
        &["--max-connections", "40", "--max-connections-per-address", "10", "--idle-timeout", "2"],
    );
    let addr = server.addr.clone();

    // One address opens far more connections than it may, silent or with half a header.
    let mut hogs = Vec::new();
    for i in 0..30 {
        if let Ok(mut s) = connect_from("127.0.0.1", &addr) {
            if i % 2 == 1 {
                let _ = write!(s, "GET /healthz HTTP/1.1\r\nHost: x\r\n");
            }
            hogs.push(s);
        }
    }
    // The first address is told it has too many connections once the
    // server holds them; another address is served meanwhile.
    until(Duration::from_secs(10), "the first address refused", || health_from("127.0.0.1", &addr) == 503);
    assert_eq!(health_from("127.0.0.2", &addr), 200, "a second client is not served while the first hogs");

    // Connections from many addresses fill the server: beyond the cap new
    // ones are refused, but those it holds are closed when idle.
    let mut crowd = Vec::new();
    for a in 3..8 {
        for _ in 0..10 {
            if let Ok(s) = connect_from(&format!("127.0.0.{a}"), &addr) {
                crowd.push(s);
            }
        }
    }
    until(Duration::from_secs(10), "the overall cap holds", || health_from("127.0.0.9", &addr) == 503);
    for s in hogs.iter_mut().take(10) {
        let took = closed_within(s, Duration::from_secs(10));
        assert!(took.is_some(), "an idle connection stayed open past the idle time-out");
    }
    drop(hogs);
    drop(crowd);
    until(Duration::from_secs(10), "the address is served again once its connections closed", || {
        health_from("127.0.0.1", &addr) == 200
    });
}

#[test]
fn notation_with_many_hops_is_refused_at_once_over_http() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("notation.db");
    let server = Server::start(&db);
    let (s, m) =
        request(&server.addr, "POST", "/api/v1/matches", Some(&json!({"opponent": "human", "seed": 1}))).unwrap();
    assert_eq!(s, 201, "{m}");
    let id = m["id"].as_str().unwrap();
    let text = "24/23/22 21/20/19 18/17/16 15/14/13 12/11/10 9/8/7 6/5/4 3/2/1";
    let body = json!({"notation": text, "version": m["version"]});
    // A parser that searched for ever would meet the server's time limit
    // (a 503 `timeout`), not answer why the play is illegal.
    let (s, v) = request(&server.addr, "POST", &format!("/api/v1/matches/{id}/play"), Some(&body)).unwrap();
    assert_eq!((s, v["error"]["code"].as_str()), (422, Some("illegal-play")), "{v}");
    assert_eq!(health_from("127.0.0.1", &server.addr), 200);
}

/// An online match with both seats taken: (id, White's secret, Black's secret, state).
fn online_match(addr: &str) -> (String, String, String, Value) {
    let (s, created) = request(addr, "POST", "/api/v1/matches", Some(&json!({"opponent": "online"}))).unwrap();
    assert_eq!(s, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let white = created["seat"]["token"].as_str().unwrap().to_string();
    let body = json!({"invite": created["invite"]});
    let (s, joined) = request(addr, "POST", &format!("/api/v1/matches/{id}/join"), Some(&body)).unwrap();
    assert_eq!(s, 200, "{joined}");
    let black = joined["seat"]["token"].as_str().unwrap().to_string();
    (id, white, black, joined)
}

/// The secret of the seat on roll in `state`.
fn on_roll<'a>(state: &Value, white: &'a str, black: &'a str) -> &'a str {
    if state["to_act"]["side"] == "white" { white } else { black }
}

#[test]
fn single_moves_shown_to_watchers_are_limited_per_match_but_never_a_persons_pace() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("moves.db"));
    let (id, white, black, state) = online_match(&server.addr);
    let auth = format!("Bearer {}", on_roll(&state, &white, &black));
    let path = format!("/api/v1/matches/{id}/moves");
    let body = json!({"version": state["version"], "moves": []});
    let show = || request_from(None, &server.addr, "POST", &path, Some(&body), &[("Authorization", &auth)]).unwrap();
    // A person's burst (every checker of a doublet moved and taken back, twice) is shown.
    for n in 0..20 {
        let (s, v) = show();
        assert_eq!(s, 204, "move {n} of a burst a person makes was refused: {v}");
    }
    // A flood is not: every such event reaches every watcher.
    let refusal = (0..500).map(|_| show()).find(|(s, _)| *s != 204);
    let (s, v) = refusal.expect("500 single moves in a row were all sent on to the watchers");
    assert_eq!((s, v["error"]["code"].as_str()), (429, Some("too-many-moves")), "{v}");
}

/// Opens match `id`'s live stream with these `Host` and `Origin` headers:
/// is it let in? (Refused only with 403 `bad-origin`.)
fn stream_let_in(addr: &str, id: &str, host: &str, origin: &str) -> bool {
    match Live::open("127.0.0.1", addr, id, &[("Host", host), ("Origin", origin)]).unwrap() {
        Ok(_) => true,
        Err((s, e)) => {
            assert_eq!((s, e["error"]["code"].as_str()), (403, Some("bad-origin")), "{e}");
            false
        }
    }
}

#[test]
fn a_live_stream_is_refused_to_other_sites_pages_whatever_their_host_header_says() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("origin.db"));
    let (id, _, _, _) = online_match(&server.addr);
    let own = format!("http://{}", server.addr);
    // The Host header is the request's own say: a page of evil.example
    // (or a DNS name of its own pointed here) sends its own.
    for (host, origin, allowed) in [
        ("evil.example", "http://evil.example", false),
        (server.addr.as_str(), "http://evil.example", false),
        (server.addr.as_str(), "null", false),
        ("evil.example", own.as_str(), true),
        ("plakoto.example", "https://plakoto.example", false),
    ] {
        assert_eq!(stream_let_in(&server.addr, &id, host, origin), allowed, "Origin {origin}, Host {host}");
    }
    // Behind a proxy, the public origin is the server's own.
    drop(server);
    let server = Server::start_with(&dir.path().join("origin.db"), &["--public-origin", "https://plakoto.example"]);
    assert!(stream_let_in(&server.addr, &id, "127.0.0.1:8080", "https://plakoto.example"));
    assert!(!stream_let_in(&server.addr, &id, "plakoto.example", "https://evil.example"));
}

#[test]
fn the_authorization_scheme_is_read_in_any_letter_case() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("bearer.db"));
    let (id, white, black, mut state) = online_match(&server.addr);
    for scheme in ["bearer", "BEARER", "Bearer"] {
        let auth = format!("{scheme} {}", on_roll(&state, &white, &black));
        let body = json!({"moves": state["game"]["plays"][0]["moves"], "version": state["version"]});
        let path = format!("/api/v1/matches/{id}/play");
        let (s, v) = request_from(None, &server.addr, "POST", &path, Some(&body), &[("Authorization", &auth)]).unwrap();
        assert_eq!(s, 200, "`Authorization: {scheme} …` was refused: {v}");
        state = v;
    }
    let path = format!("/api/v1/matches/{id}");
    let (s, v) = request_from(None, &server.addr, "GET", &path, None, &[("Authorization", "Basic dTpw")]).unwrap();
    assert_eq!((s, v["error"]["code"].as_str()), (422, Some("bad-request")), "{v}");
}

/// Sends `raw` as it is and reads the whole reply: its status and JSON body.
fn raw_request(addr: &str, raw: &[u8]) -> (u16, Value) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    // The server may answer and close before reading it all.
    let _ = s.write_all(raw);
    let mut reply = Vec::new();
    let _ = s.read_to_end(&mut reply);
    server::reply(&reply).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&reply)))
}

#[test]
fn requests_the_server_cannot_read_are_answered_in_the_json_error_shape() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("shape.db"));
    let addr = &server.addr;
    let long = format!("GET /api/v1/matches/{} HTTP/1.1\r\nHost: x\r\n\r\n", "a".repeat(70_000));
    // Too many headers is "too large" too; a head that is all read, so the
    // server's close does not reset the connection under the reply.
    let many: String = (0..120).map(|n| format!("X-{n}: {n}\r\n")).collect();
    let big = format!("GET /healthz HTTP/1.1\r\nHost: x\r\n{many}\r\n");
    for (raw, status, code) in [
        (long.as_bytes(), 414, "uri-too-long"),
        (big.as_bytes(), 431, "headers-too-large"),
        (b"GET /healthz HTTP/1.1\r\nHost x\r\n\r\n".as_slice(), 400, "bad-request"),
    ] {
        let (s, v) = raw_request(addr, raw);
        assert_eq!((s, v["error"]["code"].as_str()), (status, Some(code)), "{v}");
        assert!(v["error"]["message"].as_str().is_some_and(|m| !m.is_empty()), "{v}");
    }
    // Still serving, in the usual shape.
    let (s, v) = raw_request(addr, b"GET /nowhere HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    assert_eq!((s, v["error"]["code"].as_str()), (404, Some("not-found")), "{v}");
}
