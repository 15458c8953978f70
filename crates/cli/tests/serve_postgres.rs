//! The life of a PostgreSQL-backed `tavli serve` (tests/pg): SIGTERM and
//! SIGINT end it with status 0; started while the database is down, it
//! waits for it (`--db-wait`), saying what it waits for, and gives up
//! naming the address; `sslmode=require` against a server without TLS
//! fails at once with a message that says so.

mod pg;
mod server;

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::json;
use server::{Server, request};

#[test]
fn sigterm_and_sigint_end_a_postgres_backed_server_with_status_0() {
    let db = pg::start();
    for signal in ["TERM", "INT"] {
        let server = Server::start_db(&db.url, &[]);
        // A match created and read: the pool holds open connections.
        let (s, v) = request(&server.addr, "POST", "/api/v1/matches", Some(&json!({"opponent": "human"}))).unwrap();
        assert_eq!(s, 201, "{v}");
        let (s, v) =
            request(&server.addr, "GET", &format!("/api/v1/matches/{}", v["id"].as_str().unwrap()), None).unwrap();
        assert_eq!(s, 200, "{v}");
        let status = server.stop_with(signal, Duration::from_secs(15));
        assert_eq!(status.code(), Some(0), "SIG{signal}: {status}");
    }
}

/// `tavli serve --db URL` with `options`, its stdout and stderr piped.
fn spawn(url: &str, options: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_tavli"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db", url])
        .args(options)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tavli serve")
}

/// Waits up to `within` for `child` to exit; its status and stderr.
fn exits_within(mut child: std::process::Child, within: Duration) -> (std::process::ExitStatus, String) {
    let t = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if t.elapsed() > within {
            let _ = child.kill();
            panic!("tavli serve still runs after {within:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    (status, err)
}

#[test]
fn a_replica_started_while_postgres_is_down_waits_for_it_and_gives_up_naming_the_address() {
    let mut db = pg::start_local();
    db.stop("fast");
    // Gives up after --db-wait, naming the address it waited for.
    let t = Instant::now();
    let (status, err) = exits_within(spawn(&db.url, &["--db-wait", "1"]), Duration::from_secs(20));
    assert!(!status.success(), "{status}: {err}");
    assert!(t.elapsed() >= Duration::from_secs(1), "it gave up at once: {err}");
    assert!(err.contains(&db.address()), "stderr names the database: {err}");

    // Waits, saying so, and serves once the database is up.
    let mut child = spawn(&db.url, &["--db-wait", "30"]);
    let stderr = BufReader::new(child.stderr.take().unwrap());
    let (said, heard) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in stderr.lines().map_while(Result::ok) {
            let _ = said.send(line);
        }
    });
    let first = heard.recv_timeout(Duration::from_secs(20)).expect("a line on stderr while it waits");
    assert!(first.contains("waiting for the database") && first.contains(&db.address()), "{first}");
    db.start_again();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let addr =
        line.split("http://").nth(1).unwrap_or_else(|| panic!("no address in `{line}`")).trim().trim_end_matches('/');
    let (s, v) = request(addr, "GET", "/healthz", None).unwrap();
    assert_eq!(s, 200, "{v}");
    let _ = child.kill();
    let _ = child.wait();
}

#[test]
fn sslmode_require_against_a_server_without_tls_fails_at_once_saying_so() {
    let db = pg::start();
    let url = format!("{}?sslmode=require", db.url);
    let (status, err) = exits_within(spawn(&url, &["--db-wait", "30"]), Duration::from_secs(10));
    assert!(!status.success(), "{status}: {err}");
    assert!(err.contains("TLS") && err.contains(&db.address()), "{err}");
}
