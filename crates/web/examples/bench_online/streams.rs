//! The streams scenario (issue 26): can live streams shut the players out?
//!
//! Before anyone plays, the server is flooded with streams held open:
//! `--attack-addresses` addresses (127.0.0.2, 127.0.0.3, …) each open
//! `--attack-streams` watchers' streams on a match of their own, and
//! `--watchers` more (from 127.0.2.1, … `--watcher-addresses` of them)
//! watch one match, whose two players then play it through. Meanwhile
//! `--matches` other pairs, each player from an address of its own
//! (127.0.1.1, …), play 1-point matches one after another as in the play
//! scenario. The streams stay open to the end, reading what they are sent.
//!
//! It prints how many streams were let in and refused (by status and
//! code), how many of those let in the server closed early, and the
//! players' figures: the play request's latency (p50, p99, max), the time
//! from a play to the opponent's stream showing it, and every error.

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::{Method, Request, StatusCode};
use serde_json::{Value, json};

use super::{Http, InFlight, Seat, Settings, Tally, call, client, pair, percentile, play_match};

fn loopback(a: u8, b: u8, c: u8) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, a, b, c))
}

/// Streams let in and refused, by status and error code.
#[derive(Default)]
struct Admission {
    admitted: AtomicU64,
    /// Let in, then closed by the server before the end.
    ended_early: AtomicU64,
    refused: Mutex<BTreeMap<String, u64>>,
}

impl Admission {
    fn line(&self, what: &str, asked: usize) -> String {
        let refused = self.refused.lock().unwrap();
        let total: u64 = refused.values().sum();
        let detail: Vec<String> = refused.iter().map(|(k, n)| format!("{k}: {n}")).collect();
        format!(
            "{what:<19}{asked} asked, {} let in, {total} refused{}; {} of those let in closed early",
            self.admitted.load(Ordering::Relaxed),
            if detail.is_empty() { String::new() } else { format!(" ({})", detail.join(", ")) },
            self.ended_early.load(Ordering::Relaxed)
        )
    }
}

/// Opens a watcher's stream at `url` and holds it, reading, until the
/// server ends it or the task is aborted (the run is over).
async fn hold(http: Http, url: String, admission: Arc<Admission>) {
    let req = Request::builder().uri(&url).body(Full::new(Bytes::new()));
    let Ok(req) = req else { return };
    let resp = match http.request(req).await {
        Ok(r) => r,
        Err(e) => {
            *admission.refused.lock().unwrap().entry(format!("no reply ({e})")).or_insert(0) += 1;
            return;
        }
    };
    let status = resp.status();
    if status != StatusCode::OK {
        let body = resp.into_body().collect().await.map(|b| b.to_bytes()).unwrap_or_default();
        let code = serde_json::from_slice::<Value>(&body)
            .ok()
            .and_then(|v| v["error"]["code"].as_str().map(str::to_string))
            .unwrap_or_default();
        *admission.refused.lock().unwrap().entry(format!("{} {code}", status.as_u16())).or_insert(0) += 1;
        return;
    }
    admission.admitted.fetch_add(1, Ordering::Relaxed);
    let mut body = resp.into_body();
    while let Some(Ok(_)) = body.frame().await {}
    admission.ended_early.fetch_add(1, Ordering::Relaxed);
}

/// Opens `count` streams of `id` through `http` and holds them: spawned,
/// at most 64 being opened at once (as many as the server's accept queue
/// takes in a moment).
async fn flood(
    http: &Http,
    url: &str,
    count: usize,
    admission: &Arc<Admission>,
    tasks: &mut Vec<tokio::task::JoinHandle<()>>,
) {
    for _ in 0..count {
        tasks.push(tokio::spawn(hold(http.clone(), url.to_string(), admission.clone())));
        if tasks.len().is_multiple_of(64) {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// A new online match from `white`, its other seat taken by `black`:
/// (id, White's secret, Black's secret).
async fn online_match(white: &Http, black: &Http, base: &str, length: u32) -> Result<(String, String, String), String> {
    let created = call(
        white,
        Method::POST,
        &format!("{base}/api/v1/matches"),
        None,
        Some(json!({"opponent": "online", "length": length})),
    )
    .await?;
    let id = created["id"].as_str().unwrap_or_default().to_string();
    let join = json!({"invite": created["invite"]});
    let joined = call(black, Method::POST, &format!("{base}/api/v1/matches/{id}/join"), None, Some(join)).await?;
    let token = |v: &Value| v["seat"]["token"].as_str().unwrap_or_default().to_string();
    Ok((id, token(&created), token(&joined)))
}

/// One tally's figures, on two lines.
fn figures(label: &str, tally: &Tally, elapsed: f64) -> String {
    let mut request = tally.request.lock().unwrap().clone();
    let mut seen = tally.to_opponent.lock().unwrap().clone();
    request.sort_by(f64::total_cmp);
    seen.sort_by(f64::total_cmp);
    let plays = tally.plays.load(Ordering::Relaxed);
    let mut out = format!(
        "{label:<19}{plays} plays ({:.0}/s), {} matches finished, {} errors\n\
         {:<19}play request p50 {:.1} ms  p99 {:.1} ms  max {:.1} ms; play → opponent p50 {:.1} ms  p99 {:.1} ms  max {:.1} ms",
        plays as f64 / elapsed,
        tally.matches.load(Ordering::Relaxed),
        tally.errors.load(Ordering::Relaxed),
        "",
        percentile(&request, 0.5),
        percentile(&request, 0.99),
        request.last().copied().unwrap_or(f64::NAN),
        percentile(&seen, 0.5),
        percentile(&seen, 0.99),
        seen.last().copied().unwrap_or(f64::NAN),
    );
    for e in tally.first_errors.lock().unwrap().iter() {
        out.push_str(&format!("\n  {}", e.chars().take(300).collect::<String>()));
    }
    out
}

/// Runs the scenario and prints its figures; true when a player met an error.
pub(super) async fn run(s: &Settings) -> bool {
    let base = s.urls[0].clone();
    let mut holders = Vec::new();

    // The watched match, its players on addresses of their own.
    let (fw, fb) = (client(Some(loopback(0, 3, 1))), client(Some(loopback(0, 3, 2))));
    let watched = match online_match(&fw, &fb, &base, 25).await {
        Ok(m) => m,
        Err(e) => {
            println!("the watched match could not be made: {e}");
            return true;
        }
    };

    // The attackers: streams on matches of their own.
    let attack = Arc::new(Admission::default());
    for a in 0..s.attack_addresses {
        let http = client(Some(loopback(0, 0, a + 2)));
        let id = match online_match(&http, &http, &base, 1).await {
            Ok((id, _, _)) => id,
            Err(e) => {
                *attack.refused.lock().unwrap().entry(format!("match not made: {e}")).or_insert(0) +=
                    s.attack_streams as u64;
                continue;
            }
        };
        let url = format!("{base}/api/v1/matches/{id}/events");
        flood(&http, &url, s.attack_streams, &attack, &mut holders).await;
    }
    // The crowd watching one match.
    let crowd = Arc::new(Admission::default());
    let per_address = s.watchers.div_ceil(usize::from(s.watcher_addresses));
    let url = format!("{base}/api/v1/matches/{}/events", watched.0);
    let mut left = s.watchers;
    for a in 0..s.watcher_addresses {
        let n = per_address.min(left);
        left -= n;
        flood(&client(Some(loopback(0, 2, a + 1))), &url, n, &crowd, &mut holders).await;
    }
    // Let the floods land before the players start.
    tokio::time::sleep(Duration::from_secs(2)).await;
    eprintln!("bench_online: {}", attack.line("attacker streams", s.attack_addresses as usize * s.attack_streams));
    eprintln!("bench_online: {}", crowd.line("watchers", s.watchers));

    // The watched match is played through, the others one after another,
    // until the deadline.
    let play_start = Instant::now();
    let deadline = play_start + Duration::from_secs(s.seconds);
    let watched_tally = Arc::new(Tally::default());
    let in_flight: InFlight = Arc::new(Mutex::new(None));
    let (id, white_token, black_token) = watched;
    let white = Seat { base: base.clone(), id: id.clone(), side: "white", token: white_token };
    let black = Seat { base: base.clone(), id, side: "black", token: black_token };
    let players = [
        tokio::spawn(play_match(fw, white, in_flight.clone(), watched_tally.clone(), s.think_ms, 1)),
        tokio::spawn(play_match(fb, black, in_flight, watched_tally.clone(), s.think_ms, 2)),
    ];
    let others = Arc::new(Tally::default());
    let urls = Arc::new(s.urls.clone());
    let mut pairs = Vec::new();
    for n in 0..s.matches as u8 {
        let clients = (client(Some(loopback(0, 1, 2 * n + 1))), client(Some(loopback(0, 1, 2 * n + 2))));
        pairs.push(tokio::spawn(pair(clients, urls.clone(), others.clone(), s.think_ms, deadline, u64::from(n))));
        tokio::time::sleep(Duration::from_micros(1_000_000 / s.matches.max(1) as u64)).await;
    }
    for p in pairs {
        let _ = p.await;
    }
    for p in players {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, p).await {
            Ok(Ok(Err(e))) => watched_tally.error(e),
            Ok(Err(e)) => watched_tally.error(format!("a player task failed: {e}")),
            _ => {}
        }
    }
    let elapsed = play_start.elapsed().as_secs_f64();
    for h in holders {
        h.abort();
    }
    println!(
        "streams scenario: {} × {} streams held on matches of their own, {} watchers of one match from {} \
         addresses, {} other matches played, think time 0–{} ms, {:.0} s of play",
        s.attack_addresses,
        s.attack_streams,
        s.watchers,
        s.watcher_addresses,
        s.matches,
        2 * s.think_ms,
        elapsed
    );
    println!("{}", attack.line("attacker streams", s.attack_addresses as usize * s.attack_streams));
    println!("{}", crowd.line("watchers", s.watchers));
    println!("{}", figures("watched match", &watched_tally, elapsed));
    println!("{}", figures(&format!("{} other matches", s.matches), &others, elapsed));
    watched_tally.errors.load(Ordering::Relaxed) + others.errors.load(Ordering::Relaxed) > 0
}
