//! `tavli serve` killed with SIGKILL and restarted on the same database
//! has every match as it was after its last answered move: each move is
//! committed before the reply.

mod server;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::json;
use server::{Server, next_move, request, until};

#[test]
fn kill_9_and_restart_loses_no_answered_move() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("kill.db");
    let server = Server::start(&db);
    let (s, created) = request(
        &server.addr,
        "POST",
        "/api/v1/matches",
        Some(&json!({"opponent": "engine", "level": "random", "length": 7, "seed": 2024})),
    )
    .unwrap();
    assert_eq!(s, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let mut last = created;
    for _ in 0..15 {
        let (s, v) = next_move(&server.addr, &id, &last).unwrap();
        assert_eq!(s, 200, "{v}");
        last = v;
    }
    server.kill_9();

    // Restarted on the same file: exactly the last answered state.
    let server = Server::start(&db);
    let (s, got) = request(&server.addr, "GET", &format!("/api/v1/matches/{id}"), None).unwrap();
    assert_eq!(s, 200);
    assert_eq!(got, last, "the match after kill -9 differs from the last answered state");

    // Now kill it while moves stream in: every answered move must survive;
    // the one in flight may or may not have landed, but nothing else.
    let answered = Arc::new(Mutex::new(got));
    let player = {
        let (addr, id, answered) = (server.addr.clone(), id.clone(), answered.clone());
        std::thread::spawn(move || {
            loop {
                let state = answered.lock().unwrap().clone();
                if state["over"] == true {
                    return;
                }
                match next_move(&addr, &id, &state) {
                    Ok((200, v)) => *answered.lock().unwrap() = v,
                    Ok((s, v)) => panic!("unexpected {s}: {v}"),
                    Err(_) => return, // the server died mid-request
                }
            }
        })
    };
    // Killed once a few moves have been answered, while more stream in.
    let started = answered.lock().unwrap()["version"].as_u64().unwrap();
    until(Duration::from_secs(60), "three moves answered", || {
        answered.lock().unwrap()["version"].as_u64().unwrap() >= started + 3
    });
    server.kill_9();
    player.join().unwrap();
    let last = answered.lock().unwrap().clone();

    let server = Server::start(&db);
    let (s, got) = request(&server.addr, "GET", &format!("/api/v1/matches/{id}"), None).unwrap();
    assert_eq!(s, 200);
    let (v_last, v_got) = (last["version"].as_u64().unwrap(), got["version"].as_u64().unwrap());
    eprintln!("killed mid-stream: last answered version {v_last}, version after restart {v_got}");
    assert_eq!(last["over"], false, "the match should still be going when the server is killed");
    assert!(
        v_got == v_last || v_got == v_last + 1,
        "answered version {v_last}, found {v_got} after kill -9 (only the move in flight may differ)"
    );
    if v_got == v_last {
        assert_eq!(got, last);
    }
    // And the match goes on.
    if got["over"] == false {
        let (s, v) = next_move(&server.addr, &id, &got).unwrap();
        assert_eq!(s, 200, "{v}");
    }
}
