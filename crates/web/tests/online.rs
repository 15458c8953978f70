//! Matches played online, in process: seats held by secrets (only the
//! holder moves its checkers; anyone else watches), the invitation taken
//! once, and the live stream telling a watcher of every change.

mod common;

use common::{app, call};

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tavli_engine::NeuralEval;
use tavli_web::{Limits, SqliteStore, router};
use tower::ServiceExt;

/// An online match with both seats taken: (id, White's secret, Black's secret, state).
async fn online_match(app: &Router) -> (String, String, String, Value) {
    let body = json!({"opponent": "online", "human_color": "white", "length": 3});
    let (s, created) = call(app, "POST", "/api/v1/matches", None, Some(body)).await;
    assert_eq!(s, StatusCode::CREATED, "{created}");
    assert_eq!(created["seat"]["side"], "white");
    assert_eq!(created["online"]["you"], "white");
    assert_eq!(created["online"]["taken"], json!({"white": true, "black": false}));
    let id = created["id"].as_str().unwrap().to_string();
    let white = created["seat"]["token"].as_str().unwrap().to_string();
    let invite = created["invite"].as_str().unwrap().to_string();
    let uri = format!("/api/v1/matches/{id}/join");
    let (s, joined) = call(app, "POST", &uri, None, Some(json!({"invite": invite}))).await;
    assert_eq!(s, StatusCode::OK, "{joined}");
    assert_eq!(joined["seat"]["side"], "black");
    let black = joined["seat"]["token"].as_str().unwrap().to_string();
    // Once: the invitation is used up.
    let (s, again) = call(app, "POST", &uri, None, Some(json!({"invite": invite}))).await;
    assert_eq!((s, again["error"]["code"].as_str()), (StatusCode::CONFLICT, Some("seat-taken")), "{again}");
    (id, white, black, joined)
}

#[tokio::test]
async fn only_a_seats_holder_moves_its_checkers_and_everyone_else_watches() {
    let app = app();
    let (id, white, black, state) = online_match(&app).await;
    let uri = format!("/api/v1/matches/{id}");
    // A spectator sees the match, holding no seat.
    let (s, seen) = call(&app, "GET", &uri, None, None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(seen["online"]["you"], Value::Null);
    assert_eq!(seen["online"]["taken"], json!({"white": true, "black": true}));
    let side = state["to_act"]["side"].as_str().unwrap().to_string();
    let (mine, theirs) = if side == "white" { (&white, &black) } else { (&black, &white) };
    let play = json!({"moves": state["game"]["plays"][0]["moves"], "version": state["version"]});
    // No secret, or a wrong one: 403; the other seat: not its turn.
    let (s, e) = call(&app, "POST", &format!("{uri}/play"), None, Some(play.clone())).await;
    assert_eq!((s, e["error"]["code"].as_str()), (StatusCode::FORBIDDEN, Some("not-your-seat")), "{e}");
    let (s, _) = call(&app, "POST", &format!("{uri}/play"), Some("0123"), Some(play.clone())).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (s, e) = call(&app, "POST", &format!("{uri}/play"), Some(theirs), Some(play.clone())).await;
    assert_eq!((s, e["error"]["code"].as_str()), (StatusCode::CONFLICT, Some("not-your-turn")), "{e}");
    let (s, e) = call(&app, "POST", &format!("{uri}/resign"), None, Some(json!({"version": state["version"]}))).await;
    assert_eq!(s, StatusCode::FORBIDDEN, "{e}");
    // The seat on roll plays.
    let (s, after) = call(&app, "POST", &format!("{uri}/play"), Some(mine), Some(play)).await;
    assert_eq!(s, StatusCode::OK, "{after}");
    assert_eq!(after["online"]["you"], side.as_str());
    // A seat may resign on either turn, for itself only.
    let (s, e) = call(
        &app,
        "POST",
        &format!("{uri}/resign"),
        Some(mine),
        Some(json!({"version": after["version"], "side": if side == "white" { "black" } else { "white" }})),
    )
    .await;
    assert_eq!(s, StatusCode::FORBIDDEN, "{e}");
}

/// Online a single game offered waits for the other seat's answer: only
/// that seat answers; declined, the game goes on; a play lets an offer
/// lapse; accepted, the game ends for 1 point. The offer is in the match's
/// state and record meanwhile, so it outlives the server's memory.
#[tokio::test]
async fn online_the_other_seat_answers_a_single_game_offered() {
    let app = app();
    let (id, white, black, state) = online_match(&app).await;
    let uri = format!("/api/v1/matches/{id}");
    let side = state["to_act"]["side"].as_str().unwrap().to_string();
    let (mine, theirs) = if side == "white" { (&white, &black) } else { (&black, &white) };
    let offer = |version: &Value| json!({"version": version, "points": 1});
    let (s, offered) = call(&app, "POST", &format!("{uri}/resign"), Some(mine), Some(offer(&state["version"]))).await;
    assert_eq!(s, StatusCode::OK, "{offered}");
    assert_eq!(offered["offer"], json!({"side": side, "points": 1}));
    assert_eq!(offered["games"][0]["result"], Value::Null, "the game goes on until the answer");
    let (_, record) = call(&app, "GET", &format!("{uri}/record"), None, None).await;
    assert_eq!(record["offer"], json!({"side": side, "points": 1}), "the offer is in the record");
    let answer = |version: &Value, accept: bool| json!({"version": version, "accept": accept});
    let at = &offered["version"];
    for (token, code) in [(Some(mine.as_str()), "not-your-seat"), (None, "not-your-seat")] {
        let (s, e) = call(&app, "POST", &format!("{uri}/resign/answer"), token, Some(answer(at, true))).await;
        assert_eq!((s, e["error"]["code"].as_str()), (StatusCode::FORBIDDEN, Some(code)), "{e}");
    }
    let (s, declined) =
        call(&app, "POST", &format!("{uri}/resign/answer"), Some(theirs), Some(answer(at, false))).await;
    assert_eq!(s, StatusCode::OK, "{declined}");
    assert_eq!((&declined["offer"], &declined["games"][0]["result"]), (&Value::Null, &Value::Null));
    let (s, e) =
        call(&app, "POST", &format!("{uri}/resign/answer"), Some(theirs), Some(answer(&declined["version"], true)))
            .await;
    assert_eq!((s, e["error"]["code"].as_str()), (StatusCode::CONFLICT, Some("no-offer")), "{e}");
    // Offered again, then a play made: the offer lapses.
    let (_, offered) =
        call(&app, "POST", &format!("{uri}/resign"), Some(mine), Some(offer(&declined["version"]))).await;
    let play = json!({"moves": offered["game"]["plays"][0]["moves"], "version": offered["version"]});
    let (s, played) = call(&app, "POST", &format!("{uri}/play"), Some(mine), Some(play)).await;
    assert_eq!(s, StatusCode::OK, "{played}");
    assert_eq!(played["offer"], Value::Null);
    // Now the other seat offers, and the first accepts.
    let (s, offered) =
        call(&app, "POST", &format!("{uri}/resign"), Some(theirs), Some(offer(&played["version"]))).await;
    assert_eq!(s, StatusCode::OK, "{offered}");
    let (s, accepted) =
        call(&app, "POST", &format!("{uri}/resign/answer"), Some(mine), Some(answer(&offered["version"], true))).await;
    assert_eq!(s, StatusCode::OK, "{accepted}");
    assert_eq!(accepted["games"][0]["result"], json!({"winner": side, "points": 1, "reason": "resign"}));
    assert_eq!(accepted["offer"], Value::Null);
}

/// Reads server-sent events from `body` until `want` events of kind `kind`
/// (or a time-out); the events' JSON.
async fn events(body: &mut Body, kind: &str, want: usize) -> Vec<Value> {
    let mut out = Vec::new();
    let mut buf = String::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while out.len() < want {
        let frame = tokio::time::timeout_at(deadline, body.frame()).await.expect("an event in time");
        let Some(Ok(frame)) = frame else { break };
        if let Some(data) = frame.data_ref() {
            buf.push_str(&String::from_utf8_lossy(data));
        }
        while let Some(end) = buf.find("\n\n") {
            let block: String = buf.drain(..end + 2).collect();
            let ev = block.lines().find_map(|l| l.strip_prefix("event: ")).unwrap_or("").to_string();
            let data: String = block.lines().filter_map(|l| l.strip_prefix("data: ")).collect();
            if ev == kind {
                out.push(serde_json::from_str(&data).unwrap());
            }
        }
    }
    out
}

#[tokio::test]
async fn a_watcher_is_told_of_single_moves_plays_and_presence_at_once() {
    let app = app();
    let (id, white, black, state) = online_match(&app).await;
    let side = state["to_act"]["side"].as_str().unwrap().to_string();
    let (mover, watcher) = if side == "white" { (&white, &black) } else { (&black, &white) };
    // The watcher (the other seat) opens its live stream.
    let req = Request::builder()
        .uri(format!("/api/v1/matches/{id}/events"))
        .header(header::AUTHORIZATION, format!("Bearer {watcher}"))
        .body(Body::empty())
        .unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.headers()[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/event-stream"));
    let mut body = res.into_body();
    let first = events(&mut body, "state", 1).await;
    assert_eq!(first[0]["version"], state["version"], "the current state first");
    // The mover enters one checker: the watcher sees it.
    let play = state["game"]["plays"][0].clone();
    let one = json!({"version": state["version"], "moves": [play["moves"][0]]});
    let (s, e) = call(&app, "POST", &format!("/api/v1/matches/{id}/moves"), Some(mover), Some(one)).await;
    assert_eq!(s, StatusCode::NO_CONTENT, "{e}");
    let moves = events(&mut body, "moves", 1).await;
    assert_eq!(moves[0]["moves"], json!([play["moves"][0]]));
    assert_eq!(moves[0]["side"], side.as_str());
    // Someone else cannot show moves for the mover.
    let one = json!({"version": state["version"], "moves": [play["moves"][0]]});
    let (s, _) = call(&app, "POST", &format!("/api/v1/matches/{id}/moves"), None, Some(one)).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    // The play confirmed: the new state arrives.
    let body_play = json!({"moves": play["moves"], "version": state["version"]});
    let (s, after) = call(&app, "POST", &format!("/api/v1/matches/{id}/play"), Some(mover), Some(body_play)).await;
    assert_eq!(s, StatusCode::OK, "{after}");
    let next = events(&mut body, "state", 1).await;
    assert_eq!(next[0]["version"], after["version"]);
    assert_eq!(next[0]["online"]["you"], if side == "white" { "black" } else { "white" });
    // The watcher itself is counted as connected while its stream is open.
    let (_, seen) = call(&app, "GET", &format!("/api/v1/matches/{id}"), None, None).await;
    let watcher_side = if side == "white" { "black" } else { "white" };
    assert_eq!(seen["online"]["connected"][watcher_side], true, "{seen}");
    drop(body);
    // Closed: no longer connected, once the stream's end has been seen.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let (_, seen) = call(&app, "GET", &format!("/api/v1/matches/{id}"), None, None).await;
        if seen["online"]["connected"][watcher_side] == false {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "still connected 10 s after the stream closed: {seen}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn a_live_stream_from_another_sites_page_is_refused() {
    let limits = Limits { public_origins: vec!["https://plakoto.example".parse().unwrap()], ..Limits::default() };
    let app = router(Arc::new(SqliteStore::in_memory().unwrap()), NeuralEval::shipped(None), limits);
    let (id, _, _, _) = online_match(&app).await;
    let open = |host: &str, origin: &str| {
        Request::builder()
            .uri(format!("/api/v1/matches/{id}/events"))
            .header(header::HOST, host)
            .header(header::ORIGIN, origin)
            .body(Body::empty())
            .unwrap()
    };
    let res = app.clone().oneshot(open("plakoto.example", "https://evil.example")).await.unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    // The Host is the request's own say, not the server's origin.
    let res = app.clone().oneshot(open("evil.example", "https://evil.example")).await.unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let res = app.clone().oneshot(open("evil.example", "https://plakoto.example")).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
}

/// A wrong invitation while the other seat is free is refused as a wrong
/// invitation (403 `bad-invite`), not as "both seats are taken"; the seat
/// stays free for the right one, and once it is taken any invitation is
/// told so (409 `seat-taken`).
#[tokio::test]
async fn a_wrong_invitation_is_refused_as_wrong_and_leaves_the_seat_free() {
    let app = app();
    let body = json!({"opponent": "online", "human_color": "white"});
    let (_, created) = call(&app, "POST", "/api/v1/matches", None, Some(body)).await;
    let uri = format!("/api/v1/matches/{}/join", created["id"].as_str().unwrap());
    let invite = created["invite"].as_str().unwrap().to_string();
    for wrong in ["0".repeat(64), "not-a-code".into(), String::new()] {
        let (s, e) = call(&app, "POST", &uri, None, Some(json!({"invite": wrong}))).await;
        assert_eq!((s, e["error"]["code"].as_str()), (StatusCode::FORBIDDEN, Some("bad-invite")), "{e}");
        let msg = e["error"]["message"].as_str().unwrap();
        assert!(msg.contains("invitation") && !msg.contains("both seats are taken"), "{msg}");
    }
    let (s, joined) = call(&app, "POST", &uri, None, Some(json!({"invite": invite}))).await;
    assert_eq!(s, StatusCode::OK, "{joined}");
    for code in [invite, "0".repeat(64)] {
        let (s, e) = call(&app, "POST", &uri, None, Some(json!({"invite": code}))).await;
        assert_eq!((s, e["error"]["code"].as_str()), (StatusCode::CONFLICT, Some("seat-taken")), "{e}");
    }
}

/// No engine help while a match between two people online is live, by
/// any path: its review (started or waited for), a review of its public
/// record or of that record sent back, an evaluation or a hint naming the
/// match. Once the match is over, its review is given.
#[tokio::test]
async fn no_engine_help_by_any_path_while_a_match_between_people_is_live() {
    let app = app();
    let (id, white, _black, state) = online_match(&app).await;
    let uri = format!("/api/v1/matches/{id}");
    // A turn played, so there is something to review.
    let side = state["to_act"]["side"].as_str().unwrap().to_string();
    let (s, state) = if side == "white" {
        let play = json!({"moves": state["game"]["plays"][0]["moves"], "version": state["version"]});
        call(&app, "POST", &format!("{uri}/play"), Some(&white), Some(play)).await
    } else {
        (StatusCode::OK, state)
    };
    assert_eq!(s, StatusCode::OK, "{state}");
    let (_, record) = call(&app, "GET", &format!("{uri}/record"), None, None).await;
    assert_eq!(record["seed"], Value::Null, "the match is live");
    let position = state["game"]["position"].clone();
    let refused = |(s, v): (StatusCode, Value), what: &str| {
        assert_eq!((s, v["error"]["code"].as_str()), (StatusCode::FORBIDDEN, Some("no-engine-help")), "{what}: {v}");
    };
    for token in [None, Some(white.as_str())] {
        refused(call(&app, "GET", &format!("{uri}/review?ply=0"), token, None).await, "GET review");
        refused(call(&app, "POST", &format!("{uri}/review?ply=0"), token, None).await, "POST review");
    }
    let sent = json!({"record": record, "ply": 0});
    refused(call(&app, "POST", "/api/v1/reviews", None, Some(sent.clone())).await, "POST reviews");
    refused(call(&app, "POST", "/api/v1/review", None, Some(sent)).await, "POST review with the record");
    let ask = json!({"position": position, "dice": "6-4", "match": id, "ply": 0});
    refused(call(&app, "POST", "/api/v1/eval", None, Some(ask.clone())).await, "eval");
    refused(call(&app, "POST", "/api/v1/hint", None, Some(ask)).await, "hint");

    // Over: the review is given, of the saved match and of its record.
    let (s, over) = call(
        &app,
        "POST",
        &format!("{uri}/resign"),
        Some(&white),
        Some(json!({"version": state["version"], "side": "white"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{over}");
    let mut over = over;
    while over["over"] != true {
        let (s, v) = call(
            &app,
            "POST",
            &format!("{uri}/resign"),
            Some(&white),
            Some(json!({"version": over["version"], "side": "white"})),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        over = v;
    }
    let (s, r) = call(&app, "GET", &format!("{uri}/review?ply=0"), None, None).await;
    assert_eq!(s, StatusCode::OK, "{r}");
    let (_, record) = call(&app, "GET", &format!("{uri}/record"), None, None).await;
    let (s, r) = call(&app, "POST", "/api/v1/review", None, Some(json!({"record": record, "ply": 0}))).await;
    assert_eq!(s, StatusCode::OK, "{r}");
}
