//! Live streams on the real server (issue 26, item 3): streams have a
//! budget of their own, so watchers (one match's crowd, or one client's
//! many streams) never shut the players out, extra watchers are told which
//! limit they met, and connections that became streams no longer count
//! against ordinary requests. Small limits keep the tests small.

mod server;

use serde_json::{Value, json};
use server::{Live, Server, request_from};

/// An online match with both seats taken: (id, White's secret, Black's secret, state).
fn online_match(addr: &str) -> (String, String, String, Value) {
    let (s, created) =
        request_from(None, addr, "POST", "/api/v1/matches", Some(&json!({"opponent": "online"})), &[]).unwrap();
    assert_eq!(s, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let white = created["seat"]["token"].as_str().unwrap().to_string();
    let body = json!({"invite": created["invite"]});
    let (s, joined) =
        request_from(None, addr, "POST", &format!("/api/v1/matches/{id}/join"), Some(&body), &[]).unwrap();
    assert_eq!(s, 200, "{joined}");
    let black = joined["seat"]["token"].as_str().unwrap().to_string();
    (id, white, black, joined)
}

/// A match nobody plays online (to watch).
fn other_match(addr: &str) -> String {
    let (s, m) =
        request_from(None, addr, "POST", "/api/v1/matches", Some(&json!({"opponent": "human", "seed": 1})), &[])
            .unwrap();
    assert_eq!(s, 201, "{m}");
    m["id"].as_str().unwrap().to_string()
}

/// A watcher's stream from `local`, which must be let in.
fn watch(local: &str, addr: &str, id: &str) -> Live {
    match Live::open(local, addr, id, &[]).unwrap() {
        Ok((live, _)) => live,
        Err((status, e)) => panic!("a watcher from {local} was refused: {status} {e}"),
    }
}

/// A watcher's stream from `local`, which must be refused: the status and error.
fn refused(local: &str, addr: &str, id: &str) -> (u16, String, String) {
    match Live::open(local, addr, id, &[]).unwrap() {
        Ok(_) => panic!("a watcher from {local} was let in past the limit"),
        Err((status, e)) => (
            status,
            e["error"]["code"].as_str().unwrap_or("").into(),
            e["error"]["message"].as_str().unwrap_or("").into(),
        ),
    }
}

/// A seat's stream from `local`, which must be let in: the stream and the state it starts with.
fn seat_stream(local: &str, addr: &str, id: &str, token: &str) -> (Live, Value) {
    let auth = format!("Bearer {token}");
    match Live::open(local, addr, id, &[("Authorization", &auth)]).unwrap() {
        Ok(opened) => opened,
        Err((status, e)) => panic!("a seat's holder from {local} was refused its stream: {status} {e}"),
    }
}

/// The side on roll plays its first legal play, from `local`; the new state.
fn play(local: &str, addr: &str, id: &str, state: &Value, white: &str, black: &str) -> Value {
    let token = if state["to_act"]["side"] == "white" { white } else { black };
    let auth = format!("Bearer {token}");
    let body = json!({"moves": state["game"]["plays"][0]["moves"], "version": state["version"]});
    let path = format!("/api/v1/matches/{id}/play");
    let (s, v) = request_from(Some(local), addr, "POST", &path, Some(&body), &[("Authorization", &auth)]).unwrap();
    assert_eq!(s, 200, "a seat's play from {local} was refused: {v}");
    v
}

#[test]
fn a_crowd_of_watchers_cannot_shut_the_matchs_players_out() {
    let dir = tempfile::tempdir().unwrap();
    // The general caps only: before streams had a budget of their own, the
    // crowd took every connection the server had.
    let server = Server::start_with(
        &dir.path().join("crowd.db"),
        &["--max-connections", "12", "--max-connections-per-address", "4"],
    );
    let addr = server.addr.clone();
    let (id, white, black, state) = online_match(&addr);
    // As many watchers as the general caps would hold, and more.
    let mut crowd = Vec::new();
    for a in 2..=5 {
        for _ in 0..4 {
            if let Ok((live, _)) = Live::open(&format!("127.0.0.{a}"), &addr, &id, &[]).unwrap() {
                crowd.push(live);
            }
        }
    }
    assert!(!crowd.is_empty());
    let (mut w, _) = seat_stream("127.0.0.1", &addr, &id, &white);
    let (mut b, seen) = seat_stream("127.0.0.1", &addr, &id, &black);
    assert_eq!(seen["online"]["you"], "black", "{seen}");
    let after = play("127.0.0.1", &addr, &id, &state, &white, &black);
    let watcher = crowd.last_mut().unwrap();
    for (live, who) in [(&mut w, "White"), (&mut b, "Black"), (watcher, "a watcher")] {
        let shown = live.next("state").unwrap();
        assert_eq!(shown["version"], after["version"], "{who}'s stream did not show the play");
    }
}

#[test]
fn connections_that_became_streams_no_longer_hold_back_ordinary_requests() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(
        &dir.path().join("free.db"),
        &["--max-connections", "6", "--max-connections-per-address", "3"],
    );
    let addr = server.addr.clone();
    let id = other_match(&addr);
    // Twice the general cap of connections, all streams, from one address.
    let streams: Vec<Live> = (0..12).map(|_| watch("127.0.0.2", &addr, &id)).collect();
    for local in ["127.0.0.2", "127.0.0.3"] {
        let (s, v) = request_from(Some(local), &addr, "GET", "/healthz", None, &[]).unwrap();
        assert_eq!(s, 200, "an ordinary request from {local} was refused while streams were open: {v}");
    }
    drop(streams);
}

#[test]
fn watchers_past_their_budgets_are_told_which_and_the_players_still_get_through() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(
        &dir.path().join("budget.db"),
        &[
            "--max-streams",
            "8",
            "--stream-seat-reserve",
            "3",
            "--max-streams-per-address",
            "3",
            "--max-watchers-per-match",
            "2",
            "--max-streams-per-seat",
            "2",
        ],
    );
    let addr = server.addr.clone();
    let (id, white, black, state) = online_match(&addr);
    let (n, o) = (other_match(&addr), other_match(&addr));
    // The match's watchers' worth.
    let mut watchers = vec![watch("127.0.0.2", &addr, &id), watch("127.0.0.2", &addr, &id)];
    let (status, code, message) = refused("127.0.0.3", &addr, &id);
    assert_eq!((status, code.as_str()), (503, "too-many-watchers"), "{message}");
    assert!(message.contains("this match has 2 watchers"), "{message}");
    // The address's.
    watchers.push(watch("127.0.0.2", &addr, &n));
    let (status, code, message) = refused("127.0.0.2", &addr, &o);
    assert_eq!((status, code.as_str()), (429, "too-many-streams"), "{message}");
    assert!(message.contains("this address has 3 live streams"), "{message}");
    // The server's, but for the players' reserve: 8 - 3 = 5.
    watchers.push(watch("127.0.0.3", &addr, &n));
    watchers.push(watch("127.0.0.3", &addr, &o));
    let (status, code, message) = refused("127.0.0.4", &addr, &o);
    assert_eq!((status, code.as_str()), (503, "too-many-streams"), "{message}");
    assert!(message.contains("kept for the players"), "{message}");

    // The players, from the address with its watchers' worth, on the match
    // with its watchers' worth, with the server's watchers' worth open.
    let (mut w, seen) = seat_stream("127.0.0.2", &addr, &id, &white);
    assert_eq!(seen["online"]["you"], "white", "{seen}");
    let (mut b, _) = seat_stream("127.0.0.2", &addr, &id, &black);
    let after = play("127.0.0.2", &addr, &id, &state, &white, &black);
    assert_eq!(b.next("state").unwrap()["version"], after["version"]);
    assert_eq!(w.next("state").unwrap()["version"], after["version"]);
    assert_eq!(watchers[0].next("state").unwrap()["version"], after["version"], "watchers see it too");

    // A seat's streams beyond its own limit replace its oldest: a player
    // whose old connection died unnoticed is never shut out.
    let (mut w2, _) = seat_stream("127.0.0.5", &addr, &id, &white);
    let (_w3, _) = seat_stream("127.0.0.5", &addr, &id, &white);
    assert!(w.ends(), "the seat's oldest stream was not closed for its newest");
    let (s, v) = request_from(Some("127.0.0.5"), &addr, "GET", &format!("/api/v1/matches/{id}"), None, &[]).unwrap();
    assert_eq!(s, 200, "{v}");
    let after = play("127.0.0.5", &addr, &id, &after, &white, &black);
    assert_eq!(w2.next("state").unwrap()["version"], after["version"]);
}
