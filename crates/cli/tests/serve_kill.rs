//! `plakoto serve` killed with SIGKILL and restarted on the same database
//! has every match as it was after its last answered move: each move is
//! committed before the reply.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};

struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start(db: &Path) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_plakoto"))
            .args(["serve", "--addr", "127.0.0.1:0", "--db"])
            .arg(db)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start plakoto serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let addr = line
            .split("http://")
            .nth(1)
            .unwrap_or_else(|| panic!("no address in `{line}`"))
            .trim()
            .trim_end_matches('/')
            .to_string();
        Server { child, addr }
    }

    /// SIGKILL: no shutdown, no flush, nothing.
    fn kill_9(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 request over a fresh connection; the status and JSON body.
fn request(addr: &str, method: &str, path: &str, body: Option<&Value>) -> std::io::Result<(u16, Value)> {
    let mut s = TcpStream::connect(addr)?;
    s.set_read_timeout(Some(Duration::from_secs(30)))?;
    let body = body.map(Value::to_string).unwrap_or_default();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)?;
    let text = String::from_utf8_lossy(&raw);
    let (head, body) = text
        .split_once("\r\n\r\n")
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "no complete reply"))?;
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let v = serde_json::from_str(body)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, format!("{e}: {body}")))?;
    Ok((status, v))
}

fn next_move(addr: &str, id: &str, state: &Value) -> std::io::Result<(u16, Value)> {
    if state["to_act"]["who"] == "engine" {
        request(addr, "POST", &format!("/api/v1/matches/{id}/engine-move"), Some(&json!({})))
    } else {
        let play = json!({"moves": state["game"]["plays"][0]["moves"], "version": state["version"]});
        request(addr, "POST", &format!("/api/v1/matches/{id}/play"), Some(&play))
    }
}

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
    std::thread::sleep(Duration::from_millis(400));
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
