//! The load generator of `scripts/bench-online`: N simulated pairs of
//! friends, each pair playing 1-point matches online through the HTTP API,
//! one after another, until the time is up. Each player holds its seat's
//! live stream (server-sent events) open and plays a random legal play
//! after a random think time when the stream says it is on roll; with two
//! server addresses, White talks to the first and Black to the second, so
//! every update crosses replicas.
//!
//! It measures what a player feels: the time from sending a confirmed play
//! to the opponent's stream delivering the new state (the p99 the issue's
//! goal is about), the play request's own time, moves per second, matches
//! finished, and every error (a refused request, a dropped stream).
//!
//! ```text
//! cargo run --release -p tavli-web --example bench_online -- \
//!     --url http://127.0.0.1:8080 [--url http://127.0.0.1:8081] \
//!     --matches 500 --seconds 60 --think-ms 1000
//! ```
//!
//! With `--scenario streams` (one server) it tries to shut the players out
//! with live streams instead ([`streams`]): streams held open from many
//! addresses and a crowd watching one match, while other matches are played.

mod streams;

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::{Method, Request, StatusCode};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use rand::{RngExt, SeedableRng};
use serde::Deserialize;
use serde_json::{Value, json};

type Http = Client<HttpConnector, Full<Bytes>>;

/// The few fields of a match's state a player reads. Typed, so the rest of
/// the state (its plays' notation, the log) is skipped rather than built
/// into a tree: the load generator shares the machine with the servers.
#[derive(Deserialize)]
struct StateView {
    version: u64,
    over: bool,
    to_act: Option<ToAct>,
    game: Option<GameView>,
}

/// Who acts now.
#[derive(Deserialize)]
struct ToAct {
    side: Option<String>,
}

/// The game being played: its legal plays.
#[derive(Deserialize)]
struct GameView {
    #[serde(default)]
    plays: Vec<PlayView>,
}

/// One legal play: its single moves, as the play request takes them.
#[derive(Deserialize)]
struct PlayView {
    moves: Vec<[u8; 2]>,
}

/// What the run is asked to do.
struct Settings {
    urls: Vec<String>,
    matches: usize,
    seconds: u64,
    think_ms: u64,
    /// `play` (matches only) or `streams` (matches under a flood of streams).
    scenario: String,
    /// Streams: addresses holding streams open on matches of their own, and
    /// how many each.
    attack_addresses: u8,
    attack_streams: usize,
    /// Streams: watchers of one match being played, and the addresses they come from.
    watchers: usize,
    watcher_addresses: u8,
}

fn settings() -> Result<Settings, String> {
    let mut s = Settings {
        urls: Vec::new(),
        matches: 500,
        seconds: 60,
        think_ms: 1000,
        scenario: "play".into(),
        attack_addresses: 15,
        attack_streams: 60,
        watchers: 2000,
        watcher_addresses: 20,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        let number = |v: String| v.parse::<u64>().map_err(|_| format!("{flag}: {v:?} is not a whole number"));
        match flag.as_str() {
            "--url" => s.urls.push(value()?.trim_end_matches('/').to_string()),
            "--matches" => s.matches = number(value()?)? as usize,
            "--seconds" => s.seconds = number(value()?)?,
            "--think-ms" => s.think_ms = number(value()?)?,
            "--scenario" => s.scenario = value()?,
            "--attack-addresses" => s.attack_addresses = small(number(value()?)?)?,
            "--attack-streams" => s.attack_streams = number(value()?)? as usize,
            "--watchers" => s.watchers = number(value()?)? as usize,
            "--watcher-addresses" => s.watcher_addresses = small(number(value()?)?)?,
            other => {
                return Err(format!(
                    "unknown argument {other:?} (use --url, --matches, --seconds, --think-ms, --scenario \
                     play|streams, --attack-addresses, --attack-streams, --watchers, --watcher-addresses)"
                ));
            }
        }
    }
    if s.urls.is_empty() || s.urls.len() > 2 {
        return Err("give one or two server addresses with --url".into());
    }
    if s.scenario != "play" && s.scenario != "streams" {
        return Err(format!("--scenario {:?}: use play or streams", s.scenario));
    }
    if s.scenario == "streams" && (s.urls.len() != 1 || s.matches > 120) {
        return Err("--scenario streams takes one --url and at most 120 --matches (a loopback address each)".into());
    }
    if s.matches == 0 || s.seconds == 0 {
        return Err("--matches and --seconds must be at least 1".into());
    }
    Ok(s)
}

/// Tallies shared by every player.
#[derive(Default)]
struct Tally {
    plays: AtomicU64,
    matches: AtomicU64,
    errors: AtomicU64,
    /// Milliseconds from sending a play to the opponent's stream showing it.
    to_opponent: Mutex<Vec<f64>>,
    /// Milliseconds of the play request itself.
    request: Mutex<Vec<f64>>,
    /// The first few errors, to print.
    first_errors: Mutex<VecDeque<String>>,
}

impl Tally {
    fn error(&self, what: String) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        let mut first = self.first_errors.lock().unwrap();
        if first.len() < 5 {
            first.push_back(what);
        }
    }
}

/// One request's JSON body (an error for any status but success).
async fn call(
    http: &Http,
    method: Method,
    url: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> Result<Value, String> {
    let bytes = send(http, method, url, token, body).await?;
    if bytes.is_empty() { Ok(Value::Null) } else { serde_json::from_slice(&bytes).map_err(|e| format!("{url}: {e}")) }
}

/// One request; its body, unread, or an error for any status but success.
async fn send(
    http: &Http,
    method: Method,
    url: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> Result<Bytes, String> {
    let mut req = Request::builder().method(method).uri(url).header("content-type", "application/json");
    if let Some(t) = token {
        req = req.header("authorization", format!("Bearer {t}"));
    }
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let req = req.body(Full::new(Bytes::from(body))).map_err(|e| e.to_string())?;
    let resp = http.request(req).await.map_err(|e| format!("{url}: {e}"))?;
    let status = resp.status();
    let bytes = resp.into_body().collect().await.map_err(|e| format!("{url}: {e}"))?.to_bytes();
    if status != StatusCode::OK && status != StatusCode::CREATED && status != StatusCode::NO_CONTENT {
        return Err(format!("{url}: {status} {}", String::from_utf8_lossy(&bytes)));
    }
    Ok(bytes)
}

/// The play sent last in one match and not yet seen by the opponent: who
/// sent it, the version it was for, and when.
type InFlight = Arc<Mutex<Option<(&'static str, u64, Instant)>>>;

/// A seat in one match.
struct Seat {
    base: String,
    id: String,
    side: &'static str,
    token: String,
}

/// Reads a live stream's `state` events and hands each one's JSON over.
struct Events {
    body: hyper::body::Incoming,
    buffer: String,
}

impl Events {
    async fn open(http: &Http, seat: &Seat) -> Result<Events, String> {
        let url = format!("{}/api/v1/matches/{}/events", seat.base, seat.id);
        let req = Request::builder()
            .uri(&url)
            .header("authorization", format!("Bearer {}", seat.token))
            .body(Full::new(Bytes::new()))
            .map_err(|e| e.to_string())?;
        let resp = http.request(req).await.map_err(|e| format!("{url}: {e}"))?;
        if resp.status() != StatusCode::OK {
            return Err(format!("{url}: {}", resp.status()));
        }
        Ok(Events { body: resp.into_body(), buffer: String::new() })
    }

    /// The next state, or an error when the stream ends.
    async fn next_state(&mut self) -> Result<StateView, String> {
        loop {
            // An event ends at a blank line.
            while let Some(end) = self.buffer.find("\n\n") {
                let event: String = self.buffer.drain(..end + 2).collect();
                let mut kind = "";
                let mut data = String::new();
                for line in event.lines() {
                    if let Some(k) = line.strip_prefix("event:") {
                        kind = k.trim();
                    } else if let Some(d) = line.strip_prefix("data:") {
                        data.push_str(d.strip_prefix(' ').unwrap_or(d));
                    }
                }
                if kind == "state" {
                    return serde_json::from_str(&data).map_err(|e| format!("a state event: {e}"));
                }
            }
            match self.body.frame().await {
                Some(Ok(frame)) => {
                    if let Ok(bytes) = frame.into_data() {
                        self.buffer.push_str(&String::from_utf8_lossy(&bytes));
                    }
                }
                Some(Err(e)) => return Err(format!("the live stream broke: {e}")),
                None => return Err("the live stream ended".into()),
            }
        }
    }
}

/// One player of one match: plays its turns until the match is over.
async fn play_match(
    http: Http,
    seat: Seat,
    in_flight: InFlight,
    tally: Arc<Tally>,
    think_ms: u64,
    seed: u64,
) -> Result<bool, String> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut events = Events::open(&http, &seat).await?;
    let mut played_for = 0u64;
    loop {
        let state = events.next_state().await?;
        let version = state.version;
        // The opponent's play has reached this player.
        let seen = {
            let mut f = in_flight.lock().unwrap();
            match *f {
                Some((by, v, sent)) if by != seat.side && version > v => {
                    *f = None;
                    Some(sent.elapsed())
                }
                _ => None,
            }
        };
        if let Some(d) = seen {
            tally.to_opponent.lock().unwrap().push(d.as_secs_f64() * 1000.0);
        }
        if state.over {
            return Ok(seat.side == "white");
        }
        let on_roll = state.to_act.as_ref().and_then(|a| a.side.as_deref()) == Some(seat.side);
        if !on_roll || version <= played_for {
            continue;
        }
        let plays = state.game.map(|g| g.plays).unwrap_or_default();
        if plays.is_empty() {
            return Err(format!("match {}: {} on roll with no plays listed", seat.id, seat.side));
        }
        let moves = plays[rng.random_range(0..plays.len())].moves.clone();
        tokio::time::sleep(Duration::from_millis(if think_ms == 0 { 0 } else { rng.random_range(0..2 * think_ms) }))
            .await;
        let url = format!("{}/api/v1/matches/{}/play", seat.base, seat.id);
        let sent = Instant::now();
        *in_flight.lock().unwrap() = Some((seat.side, version, sent));
        send(&http, Method::POST, &url, Some(&seat.token), Some(json!({"moves": moves, "version": version}))).await?;
        tally.request.lock().unwrap().push(sent.elapsed().as_secs_f64() * 1000.0);
        tally.plays.fetch_add(1, Ordering::Relaxed);
        played_for = version;
    }
}

/// One pair of friends (each with its HTTP client): matches one after
/// another until the deadline.
async fn pair(
    (white_http, black_http): (Http, Http),
    urls: Arc<Vec<String>>,
    tally: Arc<Tally>,
    think_ms: u64,
    deadline: Instant,
    n: u64,
) {
    let (white_base, black_base) = (urls[0].clone(), urls[urls.len() - 1].clone());
    let mut round = 0u64;
    while Instant::now() < deadline {
        round += 1;
        let created = match call(
            &white_http,
            Method::POST,
            &format!("{white_base}/api/v1/matches"),
            None,
            Some(json!({"opponent": "online", "length": 1})),
        )
        .await
        {
            Ok(c) => c,
            Err(e) => {
                tally.error(e);
                tokio::time::sleep(Duration::from_millis(500)).await;
                continue;
            }
        };
        let id = created["id"].as_str().unwrap_or_default().to_string();
        let white_token = created["seat"]["token"].as_str().unwrap_or_default().to_string();
        let invite = created["invite"].clone();
        let joined = match call(
            &black_http,
            Method::POST,
            &format!("{black_base}/api/v1/matches/{id}/join"),
            None,
            Some(json!({"invite": invite})),
        )
        .await
        {
            Ok(j) => j,
            Err(e) => {
                tally.error(e);
                continue;
            }
        };
        let black_token = joined["seat"]["token"].as_str().unwrap_or_default().to_string();
        let in_flight: InFlight = Arc::new(Mutex::new(None));
        let white = Seat { base: white_base.clone(), id: id.clone(), side: "white", token: white_token };
        let black = Seat { base: black_base.clone(), id, side: "black", token: black_token };
        let seed = n * 1_000_003 + round * 2;
        let w = tokio::spawn(play_match(white_http.clone(), white, in_flight.clone(), tally.clone(), think_ms, seed));
        let b = tokio::spawn(play_match(black_http.clone(), black, in_flight, tally.clone(), think_ms, seed + 1));
        // The match ends at the deadline too: what was played counts.
        let left = deadline.saturating_duration_since(Instant::now());
        let both = async { (w.await, b.await) };
        match tokio::time::timeout(left, both).await {
            Ok((Ok(Ok(_)), Ok(Ok(_)))) => {
                tally.matches.fetch_add(1, Ordering::Relaxed);
            }
            Ok((w, b)) => {
                for r in [w, b] {
                    match r {
                        Ok(Err(e)) => tally.error(e),
                        Err(e) => tally.error(format!("a player task failed: {e}")),
                        Ok(Ok(_)) => {}
                    }
                }
            }
            Err(_) => return,
        }
    }
}

/// A number that names one of 254 loopback addresses.
fn small(n: u64) -> Result<u8, String> {
    u8::try_from(n).ok().filter(|n| (1..=250).contains(n)).ok_or(format!("{n}: use 1 to 250"))
}

/// An HTTP client; its connections come from `local` when given (one of
/// the many loopback addresses, so the server sees many clients).
fn client(local: Option<std::net::IpAddr>) -> Http {
    let mut connector = HttpConnector::new();
    connector.set_nodelay(true);
    connector.set_local_address(local);
    Client::builder(TokioExecutor::new()).pool_idle_timeout(Duration::from_secs(20)).build(connector)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[(((sorted.len() - 1) as f64) * p).round() as usize]
}

#[tokio::main]
async fn main() {
    let s = match settings() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("bench_online: {e}");
            std::process::exit(2);
        }
    };
    if s.scenario == "streams" {
        let failed = streams::run(&s).await;
        std::process::exit(i32::from(failed));
    }
    let http = client(None);
    let tally = Arc::new(Tally::default());
    let urls = Arc::new(s.urls.clone());
    let start = Instant::now();
    let deadline = start + Duration::from_secs(s.seconds);
    let mut pairs = Vec::new();
    for n in 0..s.matches as u64 {
        let clients = (http.clone(), http.clone());
        pairs.push(tokio::spawn(pair(clients, urls.clone(), tally.clone(), s.think_ms, deadline, n)));
        // Arrivals spread over the first second, as players arrive.
        tokio::time::sleep(Duration::from_micros(1_000_000 / s.matches as u64)).await;
    }
    // Progress, every 10 seconds.
    let progress = {
        let tally = tally.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_secs(10)).await;
                eprintln!(
                    "bench_online: {:>4.0} s  {} plays  {} matches finished  {} errors",
                    start.elapsed().as_secs_f64(),
                    tally.plays.load(Ordering::Relaxed),
                    tally.matches.load(Ordering::Relaxed),
                    tally.errors.load(Ordering::Relaxed)
                );
            }
        })
    };
    for p in pairs {
        let _ = p.await;
    }
    progress.abort();
    let elapsed = start.elapsed().as_secs_f64();
    let mut seen = tally.to_opponent.lock().unwrap().clone();
    let mut request = tally.request.lock().unwrap().clone();
    seen.sort_by(f64::total_cmp);
    request.sort_by(f64::total_cmp);
    let plays = tally.plays.load(Ordering::Relaxed);
    println!(
        "{} concurrent matches ({} server{}), think time 0–{} ms, {:.0} s",
        s.matches,
        s.urls.len(),
        if s.urls.len() > 1 { "s: White on one, Black on the other" } else { "" },
        2 * s.think_ms,
        elapsed
    );
    println!("matches finished   {}", tally.matches.load(Ordering::Relaxed));
    println!("plays              {plays} ({:.0} per second)", plays as f64 / elapsed);
    println!(
        "play → opponent    p50 {:.1} ms  p90 {:.1} ms  p99 {:.1} ms  max {:.1} ms  ({} measured)",
        percentile(&seen, 0.5),
        percentile(&seen, 0.9),
        percentile(&seen, 0.99),
        seen.last().copied().unwrap_or(f64::NAN),
        seen.len()
    );
    println!(
        "play request       p50 {:.1} ms  p90 {:.1} ms  p99 {:.1} ms",
        percentile(&request, 0.5),
        percentile(&request, 0.9),
        percentile(&request, 0.99)
    );
    println!("errors             {}", tally.errors.load(Ordering::Relaxed));
    for e in tally.first_errors.lock().unwrap().iter() {
        println!("  {e}");
    }
    if tally.errors.load(Ordering::Relaxed) > 0 {
        std::process::exit(1);
    }
}
