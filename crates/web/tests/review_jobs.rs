//! Game reviews as jobs, in process (the router driven with `oneshot`):
//! a review under way never makes another match's engine moves or hints
//! wait or get `busy`; a job reports its progress and gives the review at
//! the end; finished reviews are cached by what was played; the limits per
//! client address, in all and on a review's length answer clear errors;
//! the older endpoint that waits names the job when it waits no longer.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tavli_engine::NeuralEval;
use tavli_web::{Limits, ReviewLimits, SqliteStore, router};
use tower::ServiceExt;

/// The app over a database in memory, the engine without the bear-off database.
fn with_limits(limits: Limits) -> Router {
    router(Arc::new(SqliteStore::in_memory().unwrap()), NeuralEval::shipped(None), limits)
}

/// A request from client address `from` (None: no address, as most tests).
async fn send(
    app: &Router,
    from: Option<&str>,
    method: &str,
    uri: &str,
    body: Option<Value>,
) -> (StatusCode, Value, Option<String>) {
    let mut req = Request::builder().method(method).uri(uri);
    if let Some(from) = from {
        let peer: SocketAddr = from.parse().unwrap();
        req = req.extension(ConnectInfo(peer));
    }
    let req = match body {
        Some(b) => req.header(header::CONTENT_TYPE, "application/json").body(Body::from(b.to_string())),
        None => req.body(Body::empty()),
    }
    .unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let location = res.headers().get(header::LOCATION).map(|v| v.to_str().unwrap().to_string());
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let v = serde_json::from_slice(&bytes).unwrap_or_else(|e| {
        panic!("{method} {uri}: {status} body is not JSON ({e}): {}", String::from_utf8_lossy(&bytes))
    });
    (status, v, location)
}

async fn call(app: &Router, method: &str, uri: &str, body: Option<Value>) -> (StatusCode, Value) {
    let (s, v, _) = send(app, None, method, uri, body).await;
    (s, v)
}

#[track_caller]
fn assert_error(got: &(StatusCode, Value), status: StatusCode, code: &str, words: &str) {
    assert_eq!(got.0, status, "{}", got.1);
    assert_eq!(got.1["error"]["code"], code, "{}", got.1);
    let msg = got.1["error"]["message"].as_str().unwrap();
    assert!(msg.contains(words), "message `{msg}` should contain `{words}`");
}

/// A match between two people with `turns` turns played (plays picked
/// along the list, so that some are poor); its id.
async fn played(app: &Router, turns: usize, seed: u64) -> String {
    let (s, mut m) =
        call(app, "POST", "/api/v1/matches", Some(json!({"opponent": "human", "length": 5, "seed": seed}))).await;
    assert_eq!(s, StatusCode::CREATED, "{m}");
    let id = m["id"].as_str().unwrap().to_string();
    for i in 0..turns {
        let plays = m["game"]["plays"].as_array().unwrap();
        let play = &plays[(i * 7) % plays.len()];
        let (s, next) = call(
            app,
            "POST",
            &format!("/api/v1/matches/{id}/play"),
            Some(json!({"moves": play["moves"], "version": m["version"]})),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{next}");
        m = next;
    }
    id
}

/// Follows job `id` until it ends; its last status.
async fn follow(app: &Router, id: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let (s, job) = call(app, "GET", &format!("/api/v1/reviews/{id}"), None).await;
        assert_eq!(s, StatusCode::OK, "{job}");
        if !["queued", "running"].contains(&job["status"].as_str().unwrap()) {
            return job;
        }
        assert!(Instant::now() < deadline, "the review did not end: {job}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_under_way_never_makes_another_matchs_moves_or_hints_busy() {
    // One engine slot, and a request waits for it 50 ms at the most: a
    // review holding the slot would turn every move and hint away. (The
    // review may take its time on a loaded machine: its low-priority
    // thread gives way to everything else.)
    let limits = Limits {
        engine_slots: 1,
        queue_wait: Duration::from_millis(50),
        engine_timeout: Duration::from_secs(60),
        request_timeout: Duration::from_secs(90),
        ..Limits::default()
    };
    let app = with_limits(limits);
    let reviewed = played(&app, 16, 3).await;
    let (_, mut game) = call(
        &app,
        "POST",
        "/api/v1/matches",
        Some(json!({"opponent": "engine", "level": "expert", "human_color": "black", "seed": 5})),
    )
    .await;
    let review = {
        let app = app.clone();
        tokio::spawn(async move { call(&app, "GET", &format!("/api/v1/matches/{reviewed}/review?ply=2"), None).await })
    };
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mid = game["id"].as_str().unwrap().to_string();
    let mut answered_during_review = 0;
    let mut slowest = Duration::ZERO;
    for _ in 0..6 {
        let t = Instant::now();
        let (s, hint) =
            call(&app, "POST", "/api/v1/hint", Some(json!({"position": "start", "dice": "6-4", "ply": 1}))).await;
        assert_eq!(s, StatusCode::OK, "a hint while a review runs: {hint}");
        slowest = slowest.max(t.elapsed());
        let uri = format!("/api/v1/matches/{mid}");
        let t = Instant::now();
        let (s, next) = if game["to_act"]["who"] == "engine" {
            call(&app, "POST", &format!("{uri}/engine-move"), Some(json!({"version": game["version"]}))).await
        } else {
            let play = json!({"moves": game["game"]["plays"][0]["moves"], "version": game["version"]});
            call(&app, "POST", &format!("{uri}/play"), Some(play)).await
        };
        assert_eq!(s, StatusCode::OK, "a move while a review runs: {next}");
        slowest = slowest.max(t.elapsed());
        game = next;
        if !review.is_finished() {
            answered_during_review += 1;
        }
    }
    assert!(answered_during_review > 0, "the review ended before any move: the test proved nothing");
    let (s, r) = review.await.unwrap();
    assert_eq!(s, StatusCode::OK, "{r}");
    assert_eq!((r["ply"].as_u64(), r["games"][0]["turns"].as_array().map(Vec::len)), (Some(2), Some(16)));
    eprintln!("slowest hint or move while the review ran: {slowest:?}");
}

#[tokio::test]
async fn a_review_job_tells_its_progress_and_gives_the_review_then_answers_again_at_once() {
    let app = with_limits(Limits::default());
    let id = played(&app, 12, 8).await;
    let (s, job, location) = send(&app, None, "POST", &format!("/api/v1/matches/{id}/review?ply=1"), None).await;
    assert_eq!(s, StatusCode::ACCEPTED, "{job}");
    let job_id = job["id"].as_str().unwrap().to_string();
    assert_eq!(location.as_deref(), Some(format!("/api/v1/reviews/{job_id}").as_str()));
    assert!(["queued", "running"].contains(&job["status"].as_str().unwrap()), "{job}");
    assert_eq!((job["ply"].as_u64(), job["total"].as_u64()), (Some(1), Some(12)));
    assert!(job.get("review").is_none());
    let done = follow(&app, &job_id).await;
    assert_eq!(done["status"], "done", "{done}");
    assert_eq!(done["done"], 12);
    let review = &done["review"];
    assert_eq!(review["ply"], 1);
    assert_eq!(review["games"][0]["turns"].as_array().unwrap().len(), 12);
    assert_eq!(review["positions"][0].as_array().unwrap().len(), 12);

    // Asked again, by job or at once, and as the record the API gives:
    // the same review, from the cache (200 at once, no new work).
    let t = Instant::now();
    let (s, again) = call(&app, "POST", &format!("/api/v1/matches/{id}/review?ply=1"), None).await;
    assert_eq!((s, again["status"].as_str()), (StatusCode::OK, Some("done")), "{again}");
    assert_eq!(&again["review"], review);
    let (s, now) = call(&app, "GET", &format!("/api/v1/matches/{id}/review?ply=1"), None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(&now, review);
    let (_, record) = call(&app, "GET", &format!("/api/v1/matches/{id}/record"), None).await;
    let (s, sent) = call(&app, "POST", "/api/v1/reviews", Some(json!({"record": record, "ply": 1}))).await;
    assert_eq!((s, sent["status"].as_str()), (StatusCode::OK, Some("done")), "{sent}");
    assert_eq!(sent["review"]["games"], review["games"]);
    assert!(t.elapsed() < Duration::from_secs(1), "cached answers took {:?}", t.elapsed());
    // At another depth it is another review.
    let (s, other) = call(&app, "POST", &format!("/api/v1/matches/{id}/review?ply=0"), None).await;
    assert!(s == StatusCode::ACCEPTED || s == StatusCode::OK, "{other}");
    assert_eq!(follow(&app, other["id"].as_str().unwrap()).await["review"]["ply"], 0);

    let unknown = call(&app, "GET", "/api/v1/reviews/AAAAAAAAAAAAAAAAAAAAAA", None).await;
    assert_error(&unknown, StatusCode::NOT_FOUND, "not-found", "no review job");
    let bad = call(&app, "GET", "/api/v1/reviews/..%2Fetc", None).await;
    assert_error(&bad, StatusCode::NOT_FOUND, "not-found", "no review job");
    let (s, limits) = call(&app, "GET", "/api/v1/reviews/limits", None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(limits["max_turns"].as_array().unwrap().len(), 3, "{limits}");
}

/// A move list of `n` turns: the sides take turns with 6-5 and 5-4, each
/// moving two checkers off its start (a different list for each `variant`).
fn move_list(n: usize, variant: usize) -> String {
    let mut text = String::from("white starts\n");
    let openers = ["6-5: 24/18 24/19", "5-4: 24/19 24/20", "3-1: 24/21 24/23", "2-1: 24/22 24/23"];
    text.push_str(openers[variant % openers.len()]);
    text.push('\n');
    for i in 1..n {
        // Each side then brings two more checkers down: 6-1 from the start.
        let _ = i;
        text.push_str("6-1: 24/18 24/23\n");
    }
    text
}

#[tokio::test]
async fn review_jobs_are_limited_per_client_in_all_and_in_length() {
    let reviews = ReviewLimits { queue: 3, per_client: 2, max_turns: [50, 8, 6], ..ReviewLimits::default() };
    let app = with_limits(Limits { reviews, ..Limits::default() });
    let start = |from: &'static str, text: String, ply: u8| {
        let app = app.clone();
        async move {
            let (s, v, _) =
                send(&app, Some(from), "POST", "/api/v1/reviews", Some(json!({"text": text, "ply": ply}))).await;
            (s, v)
        }
    };
    // Too long for the depth: a 422 naming a depth that fits.
    let long = start("10.0.0.1:1", move_list(7, 0), 2).await;
    assert_error(&long, StatusCode::UNPROCESSABLE_ENTITY, "too-long", "review it at 1-ply");
    assert!(long.1["error"]["message"].as_str().unwrap().contains("7 turns"), "{}", long.1);

    // Two jobs from one address; a third is refused, from any of its ports.
    let a = start("10.0.0.1:1", move_list(6, 0), 2).await;
    let b = start("10.0.0.1:2", move_list(6, 1), 2).await;
    assert_eq!((a.0, b.0), (StatusCode::ACCEPTED, StatusCode::ACCEPTED), "{} {}", a.1, b.1);
    let third = start("10.0.0.1:3", move_list(6, 2), 2).await;
    assert_error(&third, StatusCode::TOO_MANY_REQUESTS, "too-many-reviews", "2 reviews");
    // Another address asking for the same review shares its job.
    let same = start("10.0.0.2:1", move_list(6, 0), 2).await;
    assert_eq!(same.1["id"], a.1["id"], "{}", same.1);
    // A third job in all from another address; then the queue is full.
    let c = start("10.0.0.3:1", move_list(6, 2), 2).await;
    assert_eq!(c.0, StatusCode::ACCEPTED, "{}", c.1);
    let full = start("10.0.0.4:1", move_list(6, 3), 2).await;
    assert_error(&full, StatusCode::SERVICE_UNAVAILABLE, "busy", "3 reviews");

    // Given up: a queued job at once; a shared one only once both gave it up.
    let uri = |v: &Value| format!("/api/v1/reviews/{}", v["id"].as_str().unwrap());
    let (s, gone, _) = send(&app, Some("10.0.0.3:9"), "DELETE", &uri(&c.1), None).await;
    assert_eq!((s, gone["status"].as_str()), (StatusCode::OK, Some("cancelled")), "{gone}");
    let (_, still, _) = send(&app, Some("10.0.0.1:9"), "DELETE", &uri(&a.1), None).await;
    assert!(["queued", "running", "done"].contains(&still["status"].as_str().unwrap()), "{still}");
    let (_, _, _) = send(&app, Some("10.0.0.2:9"), "DELETE", &uri(&a.1), None).await;
    let a_end = follow(&app, a.1["id"].as_str().unwrap()).await;
    assert!(["cancelled", "done"].contains(&a_end["status"].as_str().unwrap()), "{a_end}");
    // The address's slot is free again.
    let d = start("10.0.0.1:4", move_list(3, 3), 0).await;
    assert!(d.0 == StatusCode::ACCEPTED || d.0 == StatusCode::OK, "{}", d.1);
    assert_eq!(follow(&app, b.1["id"].as_str().unwrap()).await["status"], "done");
}

#[tokio::test]
async fn a_review_longer_than_the_wait_names_its_job_which_goes_on_and_is_then_answered_at_once() {
    let app = with_limits(Limits { engine_timeout: Duration::from_millis(1), ..Limits::default() });
    let id = played(&app, 6, 11).await;
    let uri = format!("/api/v1/matches/{id}/review?ply=2");
    let waited = call(&app, "GET", &uri, None).await;
    assert_error(&waited, StatusCode::SERVICE_UNAVAILABLE, "timeout", "goes on as review job");
    let message = waited.1["error"]["message"].as_str().unwrap();
    let job = message.split("review job ").nth(1).unwrap().split_whitespace().next().unwrap();
    assert_eq!(follow(&app, job).await["status"], "done");
    let (s, r) = call(&app, "GET", &uri, None).await;
    assert_eq!(s, StatusCode::OK, "{r}");
    assert_eq!(r["games"][0]["turns"].as_array().unwrap().len(), 6);
}

/// The review of `text` (a move list) at 1-ply, waited for.
async fn review_of(app: &Router, text: &str) -> Value {
    let (s, job) = call(app, "POST", "/api/v1/reviews", Some(json!({"text": text, "ply": 1}))).await;
    assert!(s == StatusCode::OK || s == StatusCode::ACCEPTED, "{job}");
    let done = if job["status"] == "done" { job } else { follow(app, job["id"].as_str().unwrap()).await };
    assert_eq!(done["status"], "done", "{done}");
    done["review"].clone()
}

/// Issue 27: in a match every hint and review ranks by the chance to win
/// the match at the score. Black resigns game 1 at once (2 points, having
/// borne off nothing), so White starts game 2 needing 1 point against
/// Black's 3, and plays 5-4 as the best play for points: at that score the
/// review finds a better play, judges the one made by the chance to win
/// the match lost, and gives that chance beside the equity.
#[tokio::test]
async fn a_match_review_ranks_the_plays_by_the_chance_to_win_the_match_at_the_score() {
    let app = with_limits(Limits::default());
    let hint = |score: Value| json!({"position": "start", "dice": "5-4", "ply": 1, "score": score});
    let (_, money) = call(&app, "POST", "/api/v1/hint", Some(hint(Value::Null))).await;
    let (_, at_score) =
        call(&app, "POST", "/api/v1/hint", Some(hint(json!({"length": 3, "mine": 2, "theirs": 0})))).await;
    let (money_best, match_best) = (&money["plays"][0]["notation"], &at_score["plays"][0]["notation"]);
    assert_eq!(money_best, "24/19/15", "{money}");
    assert_ne!(money_best, match_best, "a roll whose best play for points is not the best at this score");

    // A single game: by points, no chance of a match.
    let single = review_of(&app, "white starts\n5-4: 24/19/15\n").await;
    let t = &single["games"][0]["turns"][0];
    assert_eq!((&t["best"], t["loss"].as_f64()), (money_best, Some(0.0)), "{t}");
    assert!(t["match_winning_chance"].is_null() && t["equity"].is_number(), "{t}");

    let review = review_of(&app, "match 3\nblack starts\nblack resigns\n5-4: 24/19/15\n").await;
    let game = &review["games"][1];
    assert_eq!(game["score"], json!([2, 0]));
    let t = &game["turns"][0];
    assert_eq!(&t["best"], match_best, "the best play at the score: {t}");
    assert!(t["loss"].as_f64().unwrap() > 0.0, "the play best for points loses at this score: {t}");
    let chance_of = |notation: &Value| {
        at_score["plays"].as_array().unwrap().iter().find(|p| &p["notation"] == notation).unwrap()["match_winning_chance"]
            .as_f64()
            .unwrap()
    };
    let (chance, best) =
        (t["match_winning_chance"].as_f64().unwrap(), t["best_match_winning_chance"].as_f64().unwrap());
    assert!((chance - chance_of(money_best)).abs() < 1e-6, "the hint's chance of the play made: {t}");
    assert!((best - chance_of(match_best)).abs() < 1e-6, "the hint's chance of the best play: {t}");
    assert!(best > chance && t["equity"].as_f64() > t["best_equity"].as_f64(), "{t}");
    assert!((review["players"]["white"]["total_loss"].as_f64().unwrap() - t["loss"].as_f64().unwrap()).abs() < 1e-9);
}
