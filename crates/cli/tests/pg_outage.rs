//! Two `tavli serve` replicas on one real PostgreSQL (tests/pg) while the
//! database is restarted and then stopped for a few seconds, with players
//! playing through both replicas all along: no request ever gets a 500
//! (a 503 `database-unavailable` while the database is down, and only
//! then), `/healthz` says 503 while the database does not answer and 200
//! again after, every answered move is in the database afterwards, and
//! SIGTERM ends each replica with exit status 0.

mod pg;
mod server;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use server::{Server, request};

/// What the players saw.
#[derive(Default)]
struct Seen {
    /// Answers that are neither a success nor a 503 (or a 409 after a 503).
    faults: Vec<String>,
    /// 503s while the database was down or coming back.
    unavailable: u64,
    /// 200s.
    moves: u64,
}

/// Sends `method path body` to the replica `n` of `addrs` until it gets an
/// answer other than a 503 `database-unavailable` (at most 20 s), counting
/// the 503s: the answer, and whether a 503 came first. A failure at the
/// socket is status 0.
fn ask(
    addrs: &[String; 2],
    n: usize,
    method: &str,
    path: &str,
    body: Option<&Value>,
    seen: &Mutex<Seen>,
) -> (u16, Value, bool) {
    let (t, mut retried) = (Instant::now(), false);
    loop {
        let addr = &addrs[n % 2];
        match request(addr, method, path, body) {
            Ok((503, v)) if v["error"]["code"] == "database-unavailable" && t.elapsed() < Duration::from_secs(20) => {
                seen.lock().unwrap().unavailable += 1;
                retried = true;
                std::thread::sleep(Duration::from_millis(100));
            }
            Ok((s, v)) => return (s, v, retried),
            Err(e) => return (0, json!({"socket": e.to_string()}), retried),
        }
    }
}

/// One player: plays matches between two people through both replicas in
/// turn until `stop`, then finishes on an answered move. Returns each
/// match's id with the last state answered for it.
fn player(addrs: [String; 2], seed: u64, stop: Arc<AtomicBool>, seen: Arc<Mutex<Seen>>) -> Vec<(String, Value)> {
    let mut played = Vec::new();
    let mut n = seed as usize;
    'matches: for round in 0..50u64 {
        let body = json!({"opponent": "human", "length": 1, "seed": seed * 100 + round});
        let (s, mut state, _) = ask(&addrs, n, "POST", "/api/v1/matches", Some(&body), &seen);
        if s != 201 {
            seen.lock().unwrap().faults.push(format!("create: {s} {state}"));
            return played;
        }
        let id = state["id"].as_str().unwrap().to_string();
        played.push((id.clone(), state.clone()));
        loop {
            if stop.load(Ordering::Relaxed) || state["over"] == true {
                if stop.load(Ordering::Relaxed) {
                    break 'matches;
                }
                continue 'matches;
            }
            n += 1;
            let play = json!({"moves": state["game"]["plays"][0]["moves"], "version": state["version"]});
            let uri = format!("/api/v1/matches/{id}/play");
            let (s, v, retried) = ask(&addrs, n, "POST", &uri, Some(&play), &seen);
            match s {
                200 => {
                    seen.lock().unwrap().moves += 1;
                    state = v;
                    played.last_mut().unwrap().1 = state.clone();
                }
                // The play landed but its answer was a 503 (the database
                // went away before the replica heard the commit): the
                // repeat is stale. Read the match again.
                409 if retried && v["error"]["code"] == "stale" => {
                    let (s, v, _) = ask(&addrs, n, "GET", &format!("/api/v1/matches/{id}"), None, &seen);
                    if s != 200 {
                        seen.lock().unwrap().faults.push(format!("reload {id}: {s} {v}"));
                        return played;
                    }
                    state = v;
                    played.last_mut().unwrap().1 = state.clone();
                }
                _ => {
                    seen.lock().unwrap().faults.push(format!("play {id} on {}: {s} {v}", addrs[n % 2]));
                    return played;
                }
            }
        }
    }
    played
}

/// Polls `/healthz` of `addr` until it answers `status` (within `within`).
fn health_becomes(addr: &str, status: u16, within: Duration) -> Value {
    let t = Instant::now();
    loop {
        let (s, v) = request(addr, "GET", "/healthz", None).expect("healthz answers");
        if s == status {
            return v;
        }
        assert!(t.elapsed() < within, "/healthz of {addr} still {s} after {within:?}: {v}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn postgres_restarted_and_stopped_under_load_gives_no_500_loses_no_move_and_sigterm_exits_0() {
    let mut db = pg::start_local();
    let (a, b) = (Server::start_db(&db.url, &[]), Server::start_db(&db.url, &[]));
    let addrs = [a.addr.clone(), b.addr.clone()];
    let (stop, seen) = (Arc::new(AtomicBool::new(false)), Arc::new(Mutex::new(Seen::default())));
    let players: Vec<_> = (1..=4u64)
        .map(|seed| {
            let (addrs, stop, seen) = (addrs.clone(), stop.clone(), seen.clone());
            std::thread::spawn(move || player(addrs, seed, stop, seen))
        })
        .collect();
    let moves = || seen.lock().unwrap().moves;
    let wait_moves = |more: u64| {
        let (from, t) = (moves(), Instant::now());
        while moves() < from + more {
            assert!(
                t.elapsed() < Duration::from_secs(20),
                "the players made no progress: {:?}",
                seen.lock().unwrap().faults
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    };
    wait_moves(40);

    // A restart: every pooled connection goes stale.
    db.stop("fast");
    std::thread::sleep(Duration::from_secs(2));
    db.start_again();
    let after_restart = moves();
    wait_moves(60);
    health_becomes(&a.addr, 200, Duration::from_secs(5));

    // An outage of a few seconds, as a crash: readiness says so.
    db.stop("immediate");
    let down = Instant::now();
    let health = health_becomes(&a.addr, 503, Duration::from_secs(5));
    assert!(health.to_string().contains(&db.address()), "/healthz names the database: {health}");
    health_becomes(&b.addr, 503, Duration::from_secs(5));
    std::thread::sleep(Duration::from_secs(3).saturating_sub(down.elapsed()));
    db.start_again();
    health_becomes(&a.addr, 200, Duration::from_secs(10));
    health_becomes(&b.addr, 200, Duration::from_secs(10));
    wait_moves(60);

    stop.store(true, Ordering::Relaxed);
    let played: Vec<_> = players.into_iter().flat_map(|p| p.join().unwrap()).collect();
    let seen = seen.lock().unwrap();
    eprintln!(
        "{} moves answered ({} after the restart), {} answers 503 during the outages, {} matches",
        seen.moves,
        seen.moves - after_restart,
        seen.unavailable,
        played.len()
    );
    assert!(
        seen.faults.is_empty(),
        "{} faults, the first: {:#?}",
        seen.faults.len(),
        &seen.faults[..seen.faults.len().min(5)]
    );
    // Every answered move is in the database, through either replica.
    for (i, (id, last)) in played.iter().enumerate() {
        let (s, got) = request(&addrs[i % 2], "GET", &format!("/api/v1/matches/{id}"), None).unwrap();
        assert_eq!(s, 200, "{got}");
        assert_eq!(&got, last, "match {id}: the database differs from the last answered state");
    }
    for server in [a, b] {
        let status = server.stop_with("TERM", Duration::from_secs(15));
        assert_eq!(status.code(), Some(0), "SIGTERM: {status}");
    }
}
