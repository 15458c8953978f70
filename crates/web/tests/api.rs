//! The HTTP API, in process (the router driven with `oneshot`): every
//! endpoint, and every kind of bad input getting a JSON error that names
//! the fault without hurting the server or any saved match.

use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use std::sync::Arc;
use tavli_core::game::{Match, MatchRecord};
use tavli_core::{Dice, Position};

use serde_json::{Value, json};
use tavli_engine::NeuralEval;
use tavli_web::{Limits, SqliteStore, router};
use tower::ServiceExt;

fn app() -> Router {
    with_limits(Limits::default())
}

/// The app over a database in memory, the engine without the bear-off
/// database (races are left to the network: no file is read or built).
fn with_limits(limits: Limits) -> Router {
    router(Arc::new(SqliteStore::in_memory().unwrap()), NeuralEval::shipped(None), limits)
}

fn on_file(db: &std::path::Path) -> Router {
    router(Arc::new(SqliteStore::open(db).unwrap()), NeuralEval::shipped(None), Limits::default())
}

async fn call(app: &Router, method: &str, uri: &str, body: Option<String>) -> (StatusCode, Value) {
    let (status, _, bytes) = raw(app, method, uri, body).await;
    let v = serde_json::from_slice(&bytes).unwrap_or_else(|e| {
        panic!("{method} {uri}: {status} body is not JSON ({e}): {}", String::from_utf8_lossy(&bytes))
    });
    (status, v)
}

async fn raw(app: &Router, method: &str, uri: &str, body: Option<String>) -> (StatusCode, String, Vec<u8>) {
    let req = Request::builder().method(method).uri(uri);
    let req = match body {
        Some(b) => req.header(header::CONTENT_TYPE, "application/json").body(Body::from(b)),
        None => req.body(Body::empty()),
    }
    .unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let ctype = res.headers().get(header::CONTENT_TYPE).map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
    let bytes = res.into_body().collect().await.unwrap().to_bytes().to_vec();
    (status, ctype, bytes)
}

async fn post(app: &Router, uri: &str, body: Value) -> (StatusCode, Value) {
    call(app, "POST", uri, Some(body.to_string())).await
}

/// Asserts an error reply: status, code, and words in the message.
#[track_caller]
fn assert_error(got: &(StatusCode, Value), status: StatusCode, code: &str, words: &str) {
    assert_eq!(got.0, status, "{}", got.1);
    assert_eq!(got.1["error"]["code"], code, "{}", got.1);
    let msg = got.1["error"]["message"].as_str().unwrap();
    assert!(msg.contains(words), "message `{msg}` should contain `{words}`");
}

const START_JSON: &str = r#"{"turn":"white","board":{"24":15,"1":-15},"pinned":{},"off":{"white":0,"black":0}}"#;

// ------------------------------------------------------------ stateless

#[tokio::test]
async fn healthz_answers_ok() {
    let (s, v) = call(&app(), "GET", "/healthz", None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["status"], "ok");
}

#[tokio::test]
async fn moves_lists_the_plays_in_the_interface_shape() {
    let app = app();
    let (s, v) = post(&app, "/api/v1/moves", json!({"position": "start", "dice": "6-4"})).await;
    assert_eq!(s, StatusCode::OK);
    let plays = v.as_array().unwrap();
    let expected = Position::start().legal_plays(Dice::new(6, 4).unwrap());
    assert_eq!(plays.len(), expected.len());
    let p = plays.iter().find(|p| p["notation"] == "24/18 24/20").unwrap();
    assert_eq!(p["moves"], json!([[24, 18], [24, 20]]));
    assert_eq!(p["result"], Value::Null);
    assert_eq!(p["position"]["turn"], "black");
    assert_eq!(p["position"]["board"]["18"], 1);

    // The same from a position ID, from position JSON as an object, and with dice as a pair.
    let by_id = post(&app, "/api/v1/moves", json!({"position": "AAAA__7__gAAAA", "dice": [4, 6]})).await;
    let by_obj = post(
        &app,
        "/api/v1/moves",
        json!({"position": serde_json::from_str::<Value>(START_JSON).unwrap(), "dice": "64"}),
    )
    .await;
    let by_text = post(&app, "/api/v1/moves", json!({"position": START_JSON, "dice": "6 4"})).await;
    assert_eq!(by_id.1, v);
    assert_eq!(by_obj.1, v);
    assert_eq!(by_text.1, v);
}

#[tokio::test]
async fn moves_gives_pass_when_blocked_and_nothing_when_the_game_is_over() {
    let app = app();
    // White's last checker on 24 with Black holding 18: 6-6 cannot be played.
    let blocked = r#"{"turn":"white","board":{"24":1,"18":-2,"1":-13},"off":{"white":14,"black":0}}"#;
    let (s, v) = post(&app, "/api/v1/moves", json!({"position": blocked, "dice": "6-6"})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v.as_array().unwrap().len(), 1);
    assert_eq!(v[0]["notation"], "pass");
    assert_eq!(v[0]["moves"], json!([]));
    let over = r#"{"turn":"black","board":{"1":-15},"off":{"white":15,"black":0}}"#;
    let (s, v) = post(&app, "/api/v1/moves", json!({"position": over, "dice": "6-4"})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v, json!([]));
}

#[tokio::test]
async fn malformed_json_is_a_400_naming_the_syntax_error() {
    let app = app();
    for body in ["{", "{\"position\": start}", "[1,2", "\u{0}", "{\"a\":1}}"] {
        let got = call(&app, "POST", "/api/v1/moves", Some(body.into())).await;
        assert_error(&got, StatusCode::BAD_REQUEST, "bad-json", "not valid JSON");
    }
    let got = call(&app, "POST", "/api/v1/matches", Some("{\"opponent\":".into())).await;
    assert_error(&got, StatusCode::BAD_REQUEST, "bad-json", "line 1");
}

#[tokio::test]
async fn bad_positions_and_dice_are_422s_naming_the_fault() {
    let app = app();
    let cases = [
        (json!({"dice": "6-4"}), "bad-position", "missing field `position`"),
        (json!({"position": 7, "dice": "6-4"}), "bad-position", "must be position JSON"),
        (json!({"position": "nonsense!", "dice": "6-4"}), "bad-position", "neither `start`"),
        (json!({"position": {"turn":"white","board":{"24":16,"1":-15}}, "dice": "6-4"}), "bad-position", "at most 15"),
        (
            json!({"position": {"turn":"white","board":{"24":15,"1":-14}}, "dice": "6-4"}),
            "bad-position",
            "Black has 14 checkers",
        ),
        (json!({"position": {"turn":"white","board":{"25":15,"1":-15}}, "dice": "6-4"}), "bad-position", "point 25"),
        (
            json!({"position": {"turn":"white","board":{"24":14,"10":1,"1":-15},"pinned":{"5":"black"}}, "dice": "6-4"}),
            "bad-position",
            "point 5",
        ),
        (json!({"position": "start"}), "bad-dice", "missing field `dice`"),
        (json!({"position": "start", "dice": "7-1"}), "bad-dice", "out of range"),
        (json!({"position": "start", "dice": [0, 3]}), "bad-dice", "1 to 6"),
        (json!({"position": "start", "dice": [6, 4, 2]}), "bad-dice", "a pair"),
        (json!({"position": "start", "dice": 64}), "bad-dice", "a pair"),
    ];
    for (body, code, words) in cases {
        let got = post(&app, "/api/v1/moves", body.clone()).await;
        assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, code, words);
    }
}

#[tokio::test]
async fn an_oversized_body_is_a_413_json_error() {
    let app = app();
    let big = format!("{{\"position\":\"start\",\"dice\":\"6-4\",\"pad\":\"{}\"}}", "x".repeat(200_000));
    let got = call(&app, "POST", "/api/v1/moves", Some(big.clone())).await;
    assert_error(&got, StatusCode::PAYLOAD_TOO_LARGE, "body-too-large", "too large");
    let got = call(&app, "POST", "/api/v1/matches", Some(big)).await;
    assert_error(&got, StatusCode::PAYLOAD_TOO_LARGE, "body-too-large", "too large");
    // The server is fine afterwards.
    let (s, _) = post(&app, "/api/v1/moves", json!({"position": "start", "dice": "1-1"})).await;
    assert_eq!(s, StatusCode::OK);
}

#[tokio::test]
async fn unknown_routes_and_methods_get_json_errors() {
    let app = app();
    assert_error(&call(&app, "GET", "/api/v1/nope", None).await, StatusCode::NOT_FOUND, "not-found", "/api/v1/nope");
    assert_error(
        &call(&app, "GET", "/api/v1/moves", None).await,
        StatusCode::METHOD_NOT_ALLOWED,
        "method-not-allowed",
        "GET",
    );
    assert_error(
        &call(&app, "DELETE", "/api/v1/matches/abc", None).await,
        StatusCode::METHOD_NOT_ALLOWED,
        "method-not-allowed",
        "DELETE",
    );
}

#[tokio::test]
async fn eval_answers_and_checks_the_ply() {
    let app = app();
    let (s, v) = post(&app, "/api/v1/eval", json!({"position": "start"})).await;
    assert_eq!(s, StatusCode::OK);
    let p = &v["probabilities"];
    let total = p["win"].as_f64().unwrap() + p["lose"].as_f64().unwrap() + p["draw"].as_f64().unwrap();
    assert!((total - 1.0).abs() < 1e-3, "{v}");
    assert_eq!(v["ply"], 0);
    assert!(v["equity"].is_number());
    assert_eq!(v["id"], Position::start().id());
    assert_eq!(v["position"]["turn"], "white");
    assert_eq!(v["result"], Value::Null);
    let over = r#"{"turn":"black","board":{"1":-15},"off":{"white":15,"black":0}}"#;
    let (_, v) = post(&app, "/api/v1/eval", json!({"position": over})).await;
    assert_eq!(v["result"], json!({"winner": "white", "points": 2, "reason": "bear-off"}));
    for ply in [0, 1, 2] {
        let (s, v) = post(&app, "/api/v1/eval", json!({"position": "start", "ply": ply})).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["ply"], ply);
    }
    for ply in [json!(3), json!(-1), json!(1_000_000)] {
        let got = post(&app, "/api/v1/eval", json!({"position": "start", "ply": ply})).await;
        assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "bad-ply", "use 0 to 2");
    }
    let got = post(&app, "/api/v1/eval", json!({"position": "start", "ply": "deep"})).await;
    assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "bad-request", "expected i64");
    let got = post(&app, "/api/v1/eval", json!({"position": {"turn": "red", "board": {}}})).await;
    assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "bad-position", "\"white\" or \"black\"");
}

#[tokio::test]
async fn hint_ranks_the_plays_best_first() {
    let app = app();
    let (s, v) = post(&app, "/api/v1/hint", json!({"position": "start", "dice": "6-4"})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["dice"], json!([6, 4]));
    // As deep as the strongest level, by default.
    assert_eq!(v["ply"], 2);
    assert_eq!(v["id"], Position::start().id());
    assert_eq!(v["position"]["turn"], "white");
    let all = v["plays"].as_array().unwrap();
    assert_eq!(all.len(), Position::start().legal_plays(Dice::new(6, 4).unwrap()).len());
    assert_eq!(all[0]["diff"], 0.0);
    assert_eq!(all[0]["ply"], 2);
    for w in all.windows(2) {
        // Deeper-searched plays first; by equity among the same depth.
        assert!(w[0]["ply"].as_u64() >= w[1]["ply"].as_u64(), "not sorted: {v}");
        if w[0]["ply"] == w[1]["ply"] {
            assert!(w[0]["equity"].as_f64() >= w[1]["equity"].as_f64(), "not sorted: {v}");
        }
    }
    for h in all {
        assert!(h["notation"].is_string() && h["moves"].is_array() && h["position"].is_object());
        assert!(h["probabilities"]["win"].is_number());
        assert!(h["diff"].as_f64().unwrap() >= 0.0);
        assert!(h["ply"].is_number());
    }
    let (_, top) = post(&app, "/api/v1/hint", json!({"position": "start", "dice": "6-4", "max": 2, "ply": 1})).await;
    assert_eq!(top["plays"].as_array().unwrap().len(), 2);
    assert_eq!(top["ply"], 1);
    let got = post(&app, "/api/v1/hint", json!({"position": "start", "dice": "6-4", "ply": 9})).await;
    assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "bad-ply", "ply 9");
    let got = post(&app, "/api/v1/hint", json!({"position": "start"})).await;
    assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "bad-dice", "dice");
}

#[tokio::test]
async fn turn_enters_a_play_one_checker_at_a_time() {
    let app = app();
    let (s, v) = post(&app, "/api/v1/turn", json!({"position": "start", "dice": "6-4"})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["legal_moves"], json!([[24, 18], [24, 20]]));
    assert_eq!(v["dice_left"], json!([6, 4]));
    assert_eq!(v["complete"], Value::Null);
    assert_eq!(v["pass"], false);

    let (_, v) = post(&app, "/api/v1/turn", json!({"position": "start", "dice": "6-4", "moves": [[24, 18]]})).await;
    assert_eq!(v["dice_left"], json!([4]));
    assert_eq!(v["position"]["board"]["18"], 1);
    assert_eq!(v["position"]["turn"], "white");
    let (_, v) =
        post(&app, "/api/v1/turn", json!({"position": "start", "dice": "6-4", "moves": [[24, 18], [18, 14]]})).await;
    assert_eq!(v["complete"]["notation"], "24/18/14");
    assert_eq!(v["legal_moves"], json!([]));

    // A hop over both dice is split into its single moves.
    let (_, v) = post(&app, "/api/v1/turn", json!({"position": "start", "dice": "6-4", "moves": [[24, 14]]})).await;
    assert_eq!(v["moves"].as_array().unwrap().len(), 2);
    assert_eq!(v["complete"]["notation"], "24/18/14");

    let got = post(&app, "/api/v1/turn", json!({"position": "start", "dice": "6-4", "moves": [[13, 7]]})).await;
    assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "illegal-move", "no checker on point 13");
    // The reason once, naming the move itself (no "move 1 (24/21): 24/21 …").
    let got = post(&app, "/api/v1/turn", json!({"position": "start", "dice": "6-4", "moves": [[24, 21]]})).await;
    assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "illegal-move", "24/21 is 3 pips");
    assert_eq!(got.1["error"]["message"].as_str().unwrap().matches("24/21").count(), 1, "{}", got.1);
    assert_eq!(
        got.1["error"]["reason"],
        json!({"code": "no-dice", "params": {"from": 24, "to": 21, "pips": 3, "left": [6, 4]}})
    );
    let got = post(&app, "/api/v1/turn", json!({"position": "start", "dice": "6-4", "moves": [[99, 1]]})).await;
    assert_eq!(got.1["error"]["reason"], json!({"code": "no-point", "params": {"point": 99}}), "{}", got.1);
    // The turn builder bounds the moves: a fifth is one more than any roll gives.
    let five = json!({"position": "start", "dice": "1-1", "moves": [[24, 23], [24, 23], [24, 23], [24, 23], [24, 23]]});
    let got = post(&app, "/api/v1/turn", five).await;
    assert_eq!(got.1["error"]["reason"]["code"], "too-many-moves", "{}", got.1);
    let got = post(&app, "/api/v1/turn", json!({"position": "start", "dice": "6-4", "moves": [[300, 1]]})).await;
    assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "bad-request", "wrong shape");
}

#[tokio::test]
async fn levels_lists_the_engine_levels_with_the_default() {
    let (s, v) = call(&app(), "GET", "/api/v1/levels", None).await;
    assert_eq!(s, StatusCode::OK);
    let names: Vec<&str> = v.as_array().unwrap().iter().map(|l| l["name"].as_str().unwrap()).collect();
    assert!(names.contains(&"random") && names.contains(&tavli_engine::DEFAULT_LEVEL), "{v}");
    assert_eq!(v.as_array().unwrap().iter().filter(|l| l["default"] == true).count(), 1);
}

#[tokio::test]
async fn openapi_documents_every_endpoint() {
    let (s, v) = call(&app(), "GET", "/api/v1/openapi.json", None).await;
    assert_eq!(s, StatusCode::OK);
    assert!(v["openapi"].as_str().unwrap().starts_with("3."));
    for (path, method) in [
        ("/api/v1/moves", "post"),
        ("/api/v1/turn", "post"),
        ("/api/v1/eval", "post"),
        ("/api/v1/hint", "post"),
        ("/api/v1/levels", "get"),
        ("/api/v1/matches", "post"),
        ("/api/v1/matches/{id}", "get"),
        ("/api/v1/matches/{id}/record", "get"),
        ("/api/v1/matches/{id}/play", "post"),
        ("/api/v1/matches/{id}/engine-move", "post"),
        ("/api/v1/matches/{id}/resign", "post"),
        ("/api/v1/matches/{id}/review", "get"),
        ("/api/v1/review", "post"),
        ("/api/v1/matches/{id}/review", "post"),
        ("/api/v1/reviews", "post"),
        ("/api/v1/reviews/{job}", "get"),
        ("/api/v1/reviews/{job}", "delete"),
        ("/api/v1/reviews/limits", "get"),
        ("/healthz", "get"),
    ] {
        assert!(v["paths"][path][method].is_object(), "{method} {path} missing from the OpenAPI document");
    }
    assert!(v["components"]["schemas"]["MatchState"].is_object());
    assert!(v["components"]["schemas"]["ErrorBody"].is_object());
}

#[tokio::test]
async fn the_page_and_its_files_are_served_from_the_binary() {
    let app = app();
    for (uri, ctype, needle) in [
        ("/", "text/html", "<svg id=\"board\""),
        ("/match/abcDEF123", "text/html", "/js/main.js"),
        ("/js/main.js", "text/javascript", "from './board.js'"),
        ("/js/actions.js", "text/javascript", "/api/v1/turn"),
        ("/style.css", "text/css", ".checker"),
        ("/favicon.svg", "image/svg+xml", "<svg"),
    ] {
        let (s, ct, body) = raw(&app, "GET", uri, None).await;
        assert_eq!(s, StatusCode::OK, "{uri}");
        assert!(ct.starts_with(ctype), "{uri}: {ct}");
        assert!(String::from_utf8(body).unwrap().contains(needle), "{uri}");
    }
    // Only the page's own modules: nothing else is read from the disk.
    let (s, ct, _) = raw(&app, "GET", "/js/..%2Fsrc%2Flib.rs", None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(ct.starts_with("application/json"), "{ct}");
}

#[tokio::test]
async fn engine_work_beyond_capacity_is_a_503() {
    let limits = Limits { engine_slots: 0, queue_wait: Duration::from_millis(20), ..Limits::default() };
    let app = with_limits(limits);
    let got = post(&app, "/api/v1/eval", json!({"position": "start"})).await;
    assert_error(&got, StatusCode::SERVICE_UNAVAILABLE, "busy", "busy");
    let got = post(&app, "/api/v1/hint", json!({"position": "start", "dice": "3-1"})).await;
    assert_error(&got, StatusCode::SERVICE_UNAVAILABLE, "busy", "busy");
    let (_, m) = post(&app, "/api/v1/matches", json!({"opponent": "engine", "human_color": "black", "seed": 1})).await;
    let got = post(&app, &format!("/api/v1/matches/{}/engine-move", m["id"].as_str().unwrap()), json!({})).await;
    assert_error(&got, StatusCode::SERVICE_UNAVAILABLE, "busy", "busy");
    // Cheap endpoints go on working.
    let (s, _) = post(&app, "/api/v1/moves", json!({"position": "start", "dice": "3-1"})).await;
    assert_eq!(s, StatusCode::OK);
}

#[tokio::test]
async fn each_address_may_start_only_so_many_matches_a_minute() {
    use axum::extract::ConnectInfo;
    use std::net::SocketAddr;
    let app = with_limits(Limits { matches_per_minute: 3, ..Limits::default() });
    let create = |from: &str| {
        let peer: SocketAddr = from.parse().unwrap();
        let req = Request::builder()
            .method("POST")
            .uri("/api/v1/matches")
            .extension(ConnectInfo(peer))
            .body(Body::from(json!({"opponent": "human"}).to_string()))
            .unwrap();
        let app = app.clone();
        async move {
            let res = app.oneshot(req).await.unwrap();
            let status = res.status();
            let body: Value = serde_json::from_slice(&res.into_body().collect().await.unwrap().to_bytes()).unwrap();
            (status, body)
        }
    };
    for _ in 0..3 {
        assert_eq!(create("10.0.0.1:5000").await.0, StatusCode::CREATED);
    }
    // The fourth within the minute is refused, from any port of that address...
    let got = create("10.0.0.1:6000").await;
    assert_error(&got, StatusCode::TOO_MANY_REQUESTS, "too-many-matches", "3 matches within a minute");
    // ...while another address, and play in the matches already started, go on.
    assert_eq!(create("10.0.0.2:5000").await.0, StatusCode::CREATED);
    let (s, _) = post(&app, "/api/v1/moves", json!({"position": "start", "dice": "3-1"})).await;
    assert_eq!(s, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_expensive_requests_gets_answers_or_503s_never_failures() {
    let limits = Limits { engine_slots: 1, queue_wait: Duration::ZERO, ..Limits::default() };
    let app = with_limits(limits);
    let mut tasks = Vec::new();
    for i in 0..64 {
        let app = app.clone();
        tasks.push(tokio::spawn(async move {
            let dice = ["6-6", "5-5", "4-4", "3-3"][i % 4];
            let body = json!({"position": "start", "dice": dice, "ply": 2});
            post(&app, "/api/v1/hint", body).await
        }));
    }
    let mut ok = 0;
    for t in tasks {
        let (s, v) = t.await.unwrap();
        match s {
            StatusCode::OK => ok += 1,
            StatusCode::SERVICE_UNAVAILABLE => assert_eq!(v["error"]["code"], "busy"),
            other => panic!("unexpected {other}: {v}"),
        }
    }
    assert!(ok >= 1);
}

// ------------------------------------------------------------ matches

async fn create(app: &Router, body: Value) -> Value {
    let (s, v) = post(app, "/api/v1/matches", body).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    v
}

fn id(m: &Value) -> String {
    m["id"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn creating_a_match_rolls_the_opening_and_the_first_dice() {
    let app = app();
    let m = create(&app, json!({"opponent": "human", "length": 3, "seed": 42})).await;
    assert_eq!(m["version"], 1);
    assert_eq!(m["match_to"], 3);
    assert_eq!(m["opponent"], "human");
    assert_eq!(m["players"], json!({"white": "human", "black": "human"}));
    assert_eq!(m["score"], json!({"white": 0, "black": 0}));
    assert_eq!(m["over"], false);
    let g = &m["game"];
    assert_eq!(g["number"], 1);
    let opening = g["opening"].as_array().unwrap();
    let [w, b] = [opening.last().unwrap()[0].as_u64(), opening.last().unwrap()[1].as_u64()];
    assert_ne!(w, b, "the decisive opening roll differs");
    let first = if w > b { "white" } else { "black" };
    assert_eq!(g["first"], first);
    assert_eq!(g["turn"], first);
    assert_eq!(m["to_act"], json!({"side": first, "who": "human"}));
    assert!(g["dice"].is_array());
    assert!(!g["plays"].as_array().unwrap().is_empty());
    assert!(!g["entry"]["legal_moves"].as_array().unwrap().is_empty());
    assert_eq!(
        g["position_id"],
        Position::start()
            .with_turn(if first == "white" { tavli_core::Color::White } else { tavli_core::Color::Black })
            .id()
    );
    assert_eq!(g["pips"], json!({"white": 360, "black": 360}));
    assert_eq!(g["log"], json!([]));
    // The same seed gives the same dice.
    let again = create(&app, json!({"opponent": "human", "length": 3, "seed": 42})).await;
    assert_eq!(again["game"]["opening"], g["opening"]);
    assert_eq!(again["game"]["dice"], g["dice"]);
    assert_ne!(id(&again), id(&m));

    let e = create(&app, json!({"opponent": "engine", "level": "random", "human_color": "black"})).await;
    assert_eq!(e["players"], json!({"white": "engine:random", "black": "human"}));
    assert_eq!(e["human_color"], "black");
    let d = create(&app, json!({})).await;
    assert_eq!(d["opponent"], "engine");
    assert_eq!(d["level"], tavli_engine::DEFAULT_LEVEL);
    assert_eq!(d["match_to"], 1);
}

#[tokio::test]
async fn bad_match_requests_are_422s() {
    let app = app();
    for (body, words) in [
        (json!({"opponent": "robot"}), "opponent `robot`"),
        (json!({"length": 0}), "length 0"),
        (json!({"length": 26}), "length 26"),
        (json!({"level": "grandmaster"}), "unknown level `grandmaster`"),
        (json!({"level": "external:/bin/sh -c 'touch /tmp/pwned'"}), "unknown level `external:"),
        (json!({"human_color": "red"}), "human_color `red`"),
        (json!({"colour": "white"}), "unknown field `colour`"),
        (json!({"seed": -1}), "expected u64"),
        (json!([]), "wrong shape"),
    ] {
        let got = post(&app, "/api/v1/matches", body).await;
        assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "bad-request", words);
    }
}

#[tokio::test]
async fn unknown_match_ids_are_404s() {
    let app = app();
    for uri in [
        "/api/v1/matches/doesnotexist",
        "/api/v1/matches/bad%20id!",
        "/api/v1/matches/doesnotexist/record",
        &format!("/api/v1/matches/{}", "x".repeat(200)),
    ] {
        assert_error(&call(&app, "GET", uri, None).await, StatusCode::NOT_FOUND, "not-found", "no match");
    }
    for action in ["play", "engine-move", "resign"] {
        let got = post(&app, &format!("/api/v1/matches/nope/{action}"), json!({"version": 1})).await;
        assert_error(&got, StatusCode::NOT_FOUND, "not-found", "no match with id `nope`");
    }
}

#[tokio::test]
async fn plays_are_checked_and_an_illegal_one_says_why() {
    let app = app();
    let m = create(&app, json!({"opponent": "human", "seed": 9})).await;
    let mid = id(&m);
    let uri = format!("/api/v1/matches/{mid}/play");
    let dice = m["game"]["dice"].clone();
    let d = Dice::new(dice[0].as_u64().unwrap() as u8, dice[1].as_u64().unwrap() as u8).unwrap();
    let one_checker_one_die = format!("24/{}", 24 - d.high());
    let got = post(&app, &uri, json!({"notation": one_checker_one_die, "version": 1})).await;
    if d.is_doublet() {
        assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "illegal-play", "you must play 4 moves");
    } else {
        assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "illegal-play", "you must use both dice");
    }
    for (body, code, words) in [
        (json!({"notation": "13/7"}), "illegal-play", "no checker on point 13"),
        (json!({"notation": "24/bar"}), "illegal-play", "cannot read"),
        (json!({"notation": "pass"}), "illegal-play", "you must play"),
        (json!({"moves": [[13, 7]]}), "illegal-play", "no checker on point 13"),
        (json!({"moves": []}), "illegal-play", "you must play"),
        (json!({}), "bad-request", "either `moves` or `notation`"),
        (json!({"moves": [[24, 18]], "notation": "24/18"}), "bad-request", "either"),
        (json!({"moves": "24/18"}), "bad-request", "wrong shape"),
        (json!({"notation": "x".repeat(1000)}), "illegal-play", "too long"),
    ] {
        let mut body = body;
        body["version"] = json!(1);
        let got = post(&app, &uri, body).await;
        assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, code, words);
    }
    // A play must say the turn it is for.
    for (body, code, words) in [
        (json!({"notation": m["game"]["plays"][0]["notation"]}), "bad-request", "`version` is required"),
        (json!({"moves": m["game"]["plays"][0]["moves"]}), "bad-request", "`version` is required"),
    ] {
        let got = post(&app, &uri, body).await;
        assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, code, words);
    }
    // Nothing changed.
    let (_, now) = call(&app, "GET", &format!("/api/v1/matches/{mid}"), None).await;
    assert_eq!(now, m);

    // A legal play by moves, then one by notation; the version goes up each time.
    let first = &m["game"]["plays"][0];
    let (s, v) = post(&app, &uri, json!({"moves": first["moves"], "version": 1})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["version"], 2);
    assert_eq!(v["game"]["log"][0]["notation"], first["notation"]);
    assert_eq!(v["game"]["position"]["board"], first["position"]["board"]);
    assert_ne!(v["game"]["turn"], m["game"]["turn"]);
    // A stale version is refused.
    let got = post(&app, &uri, json!({"notation": v["game"]["plays"][0]["notation"], "version": 1})).await;
    assert_error(&got, StatusCode::CONFLICT, "stale", "version 2, not 1");
    let (s, v2) = post(&app, &uri, json!({"notation": v["game"]["plays"][0]["notation"], "version": 2})).await;
    assert_eq!(s, StatusCode::OK, "{v2}");
    assert_eq!(v2["version"], 3);
    assert_eq!(v2["game"]["log"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn the_engine_moves_when_asked_and_only_on_its_turn() {
    let app = app();
    // The person plays Black: whoever starts, the engine is on roll at some point soon.
    let m = create(&app, json!({"opponent": "engine", "level": "heuristic", "human_color": "black", "seed": 5})).await;
    let mid = id(&m);
    let mut state = m;
    for _ in 0..6 {
        let who = state["to_act"]["who"].as_str().unwrap().to_string();
        let uri = format!("/api/v1/matches/{mid}");
        if who == "engine" {
            let got = post(
                &app,
                &format!("{uri}/play"),
                json!({"notation": state["game"]["plays"][0]["notation"], "version": state["version"]}),
            )
            .await;
            assert_error(&got, StatusCode::CONFLICT, "not-your-turn", "engine's turn");
            let (s, v) = post(&app, &format!("{uri}/engine-move"), json!({})).await;
            assert_eq!(s, StatusCode::OK, "{v}");
            assert_eq!(v["game"]["log"].as_array().unwrap().last().unwrap()["side"], "white");
            state = v;
        } else {
            let got = post(&app, &format!("{uri}/engine-move"), json!({})).await;
            assert_error(&got, StatusCode::CONFLICT, "not-your-turn", "person's turn");
            let (s, v) = post(
                &app,
                &format!("{uri}/play"),
                json!({"notation": state["game"]["plays"][0]["notation"], "version": state["version"]}),
            )
            .await;
            assert_eq!(s, StatusCode::OK, "{v}");
            state = v;
        }
    }
    // engine-move takes no body, an empty object, or a version.
    let (_, now) = call(&app, "GET", &format!("/api/v1/matches/{mid}"), None).await;
    if now["to_act"]["who"] == "engine" {
        let (s, _) = call(&app, "POST", &format!("/api/v1/matches/{mid}/engine-move"), None).await;
        assert_eq!(s, StatusCode::OK);
    }
    // Two people: nobody is the engine.
    let h = create(&app, json!({"opponent": "human"})).await;
    let got = post(&app, &format!("/api/v1/matches/{}/engine-move", id(&h)), json!({})).await;
    assert_error(&got, StatusCode::CONFLICT, "not-your-turn", "person's turn");
}

/// Plays a match to the end through the API: the person picks the first
/// legal play, the engine answers.
async fn play_out(app: &Router, mid: &str) -> Value {
    let uri = format!("/api/v1/matches/{mid}");
    let (_, mut state) = call(app, "GET", &uri, None).await;
    for _ in 0..5000 {
        if state["over"] == true {
            return state;
        }
        let (s, v) = if state["to_act"]["who"] == "engine" {
            post(app, &format!("{uri}/engine-move"), json!({"version": state["version"]})).await
        } else {
            let play = &state["game"]["plays"][0];
            post(app, &format!("{uri}/play"), json!({"moves": play["moves"], "version": state["version"]})).await
        };
        assert_eq!(s, StatusCode::OK, "{v}");
        state = v;
    }
    panic!("the match did not end");
}

#[tokio::test]
async fn a_whole_match_against_the_engine_ends_with_a_winner_and_replays() {
    let app = app();
    let m = create(&app, json!({"opponent": "engine", "level": "random", "length": 3, "seed": 77})).await;
    let mid = id(&m);
    let end = play_out(&app, &mid).await;
    let w = end["winner"].as_str().unwrap();
    assert!(end["score"][w].as_u64().unwrap() >= 3);
    assert_eq!(end["to_act"], Value::Null);
    assert!(end["game"]["result"].is_object());
    // The winner of each game starts the next; a draw goes back to the opening roll.
    let games = end["games"].as_array().unwrap();
    for pair in games.windows(2) {
        if let Some(w) = pair[0]["result"]["winner"].as_str() {
            assert_eq!(pair[1]["first"], w);
        }
    }
    // Nothing more can be played.
    let v = &end["version"];
    let got = post(&app, &format!("/api/v1/matches/{mid}/play"), json!({"notation": "pass", "version": v})).await;
    assert_error(&got, StatusCode::CONFLICT, "match-over", "over");
    let got = post(&app, &format!("/api/v1/matches/{mid}/resign"), json!({"version": v})).await;
    assert_error(&got, StatusCode::CONFLICT, "match-over", "over");
    // The record replays to the same match.
    let (s, rec) = call(&app, "GET", &format!("/api/v1/matches/{mid}/record"), None).await;
    assert_eq!(s, StatusCode::OK);
    let rec: MatchRecord<Position> = serde_json::from_value(rec).unwrap();
    let replayed = Match::from_record(&rec).unwrap();
    assert_eq!(replayed.winner().map(|c| c.name()), Some(w));
}

#[tokio::test]
async fn resigning_gives_the_opponent_the_points_and_the_next_game_starts() {
    let app = app();
    let m = create(&app, json!({"opponent": "engine", "level": "random", "length": 3, "seed": 3})).await;
    let mid = id(&m);
    let uri = format!("/api/v1/matches/{mid}/resign");
    let v = m["version"].clone();
    let got = post(&app, &uri, json!({"side": "black", "version": v})).await;
    assert_error(&got, StatusCode::CONFLICT, "not-your-turn", "only a person can resign");
    // The rules decide the most a resignation gives (2: nothing borne
    // off); fewer are an offer (see the offers' tests), more or none a 422.
    assert_eq!(m["resign_points"], json!({"white": 2, "black": 2}));
    for wrong in [3, 0] {
        let got = post(&app, &uri, json!({"points": wrong, "version": v})).await;
        let said = format!("resigning now gives 1 to 2 points, not {wrong}");
        assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "bad-request", &said);
    }
    let got = post(&app, &uri, json!({"side": "green", "version": v})).await;
    assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "bad-request", "side");
    let got = post(&app, &uri, json!({"points": 2})).await;
    assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "bad-request", "`version` is required");
    let (s, v) = post(&app, &uri, json!({"points": 2, "version": v})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["score"], json!({"white": 0, "black": 2}));
    assert_eq!(v["games"][0]["result"], json!({"winner": "black", "points": 2, "reason": "resign"}));
    assert_eq!(v["game"]["number"], 2);
    assert_eq!(v["game"]["first"], "black", "the winner starts the next game");
    assert_eq!(v["game"]["opening"], json!([]));
    let (s, v) = post(&app, &uri, json!({"version": v["version"]})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["over"], true);
    assert_eq!(v["winner"], "black");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_plays_racing_on_one_match_cannot_both_land() {
    let app = app();
    let m = create(&app, json!({"opponent": "human", "seed": 11})).await;
    let uri = format!("/api/v1/matches/{}/play", id(&m));
    let body = json!({"moves": m["game"]["plays"][0]["moves"], "version": 1});
    let (a, b) = tokio::join!(post(&app, &uri, body.clone()), post(&app, &uri, body.clone()));
    let mut statuses = [a.0, b.0];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT], "{} {}", a.1, b.1);
}

#[tokio::test]
async fn matches_survive_a_restart_of_the_server() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let app1 = on_file(&db);
    let m = create(&app1, json!({"opponent": "engine", "level": "random", "seed": 21, "length": 5})).await;
    let mid = id(&m);
    let uri = format!("/api/v1/matches/{mid}");
    let mut last = m;
    for _ in 0..12 {
        let (s, v) = if last["to_act"]["who"] == "engine" {
            post(&app1, &format!("{uri}/engine-move"), json!({})).await
        } else {
            let play = json!({"moves": last["game"]["plays"][0]["moves"], "version": last["version"]});
            post(&app1, &format!("{uri}/play"), play).await
        };
        assert_eq!(s, StatusCode::OK);
        last = v;
    }
    drop(app1);
    let app2 = on_file(&db);
    let (s, again) = call(&app2, "GET", &uri, None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(again, last);
    let end = play_out(&app2, &mid).await;
    assert_eq!(end["over"], true);
}

/// Fair dice: nothing the API shows while a match is played gives away its
/// seed (so no roll can be known before it is rolled); at the end the seed
/// is revealed, matches the commitment shown from the start, and replays
/// every roll that was shown.
#[tokio::test]
async fn the_api_never_shows_a_live_matchs_seed() {
    let app = app();
    let m = create(&app, json!({"opponent": "engine", "level": "random", "length": 3})).await;
    let mid = id(&m);
    let uri = format!("/api/v1/matches/{mid}");
    let (_, rec) = call(&app, "GET", &format!("{uri}/record"), None).await;
    assert_eq!(rec["seed"], Value::Null, "{rec}");
    let commitment = rec["seed_sha256"].as_str().expect("a commitment").to_string();
    let mut seen: Vec<String> = vec![m.to_string(), rec.to_string()];
    let mut state = m;
    while state["over"] != true {
        let (s, v) = if state["to_act"]["who"] == "engine" {
            post(&app, &format!("{uri}/engine-move"), json!({"version": state["version"]})).await
        } else {
            let play = &state["game"]["plays"][0];
            post(&app, &format!("{uri}/play"), json!({"moves": play["moves"], "version": state["version"]})).await
        };
        assert_eq!(s, StatusCode::OK, "{v}");
        let (_, rec) = call(&app, "GET", &format!("{uri}/record"), None).await;
        if v["over"] != true {
            assert_eq!(rec["seed"], Value::Null, "a live match's record shows its seed");
            assert_eq!(rec["seed_sha256"], commitment.as_str());
        }
        seen.push(v.to_string());
        seen.push(rec.to_string());
        state = v;
    }
    let (_, rec) = call(&app, "GET", &format!("{uri}/record"), None).await;
    let seed = rec["seed"].as_str().expect("the seed is revealed at the end").to_string();
    assert_eq!(seed.len(), 64, "a secret seed of 32 bytes");
    for text in &seen[..seen.len() - 1] {
        assert!(!text.contains(&seed), "the seed was shown before the end");
    }
    let parsed: tavli_core::game::Seed = seed.parse().unwrap();
    assert_eq!(parsed.commitment(), commitment);
    let rec: MatchRecord<Position> = serde_json::from_value(rec).unwrap();
    assert!(Match::from_record(&rec).unwrap().is_over());
}

#[tokio::test]
async fn a_hint_mid_turn_ranks_what_can_follow_and_says_what_the_moves_cost() {
    let app = app();
    // 6-4 at the start: 24/18 24/20 or 24/14 (in either order).
    let (_, full) = post(&app, "/api/v1/hint", json!({"position": "start", "dice": "6-4", "ply": 0})).await;
    let best = full["plays"][0]["notation"].as_str().unwrap().to_string();
    let other = full["plays"][1].clone();
    // Start the other play: only the plays that go on from it are ranked.
    let first = other["moves"][0].clone();
    let body = json!({"position": "start", "dice": "6-4", "ply": 0, "moves": [first]});
    let (s, v) = post(&app, "/api/v1/hint", body).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["best"]["notation"], best.as_str());
    for p in v["plays"].as_array().unwrap() {
        assert!(p["moves"].as_array().unwrap().contains(&first) || p["notation"] == other["notation"], "{p}");
    }
    assert!(v["loss"].as_f64().unwrap() >= 0.0);
    // An illegal move made is refused with the reason.
    let body = json!({"position": "start", "dice": "6-4", "moves": [[13, 7]]});
    assert_error(&post(&app, "/api/v1/hint", body).await, StatusCode::UNPROCESSABLE_ENTITY, "illegal-move", "13");
}

#[tokio::test]
async fn a_hint_says_how_a_play_made_ranked() {
    let app = app();
    let (_, full) = post(&app, "/api/v1/hint", json!({"position": "start", "dice": "6-4"})).await;
    let worst = full["plays"].as_array().unwrap().last().unwrap().clone();
    let body = json!({"position": "start", "dice": "6-4", "played": worst["moves"]});
    let (s, v) = post(&app, "/api/v1/hint", body).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let played = &v["played"];
    assert_eq!(played["notation"], worst["notation"]);
    assert_eq!(played["of"], 2);
    assert_eq!(played["rank"], 2);
    assert_eq!(played["ply"], 2, "judged as deep as the best play");
    assert!(played["loss"].as_f64().unwrap() > 0.0, "{v}");
    let body = json!({"position": "start", "dice": "6-4", "played": [[24, 18]]});
    assert_error(
        &post(&app, "/api/v1/hint", body).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "illegal-play",
        "both dice",
    );
}

#[tokio::test]
async fn the_turn_says_why_a_checker_cannot_move() {
    let app = app();
    // White's checker on 6 is pinned under Black's; 13 is empty.
    let pos =
        json!({"turn": "white", "board": {"24": 13, "6": -1, "1": -14}, "pinned": {"6": "white"}, "off": {"white": 1}});
    let (s, v) = post(&app, "/api/v1/turn", json!({"position": pos, "dice": "6-4"})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["why_not"]["6"], "your checker on point 6 is pinned and cannot move");
    assert_eq!(v["why_not"]["13"], "you have no checker on point 13");
    assert!(v["why_not"].get("24").is_none(), "24 can move: {v}");
}

#[tokio::test]
async fn a_match_can_start_from_a_position_and_its_log_gives_each_turns_position() {
    let app = app();
    let p = Position::start().with_turn(tavli_core::Color::Black);
    let m = create(&app, json!({"opponent": "human", "seed": 5, "position": p.id()})).await;
    assert_eq!(m["game"]["position_id"], p.id());
    assert_eq!(m["to_act"]["side"], "black");
    let uri = format!("/api/v1/matches/{}/play", id(&m));
    let play = &m["game"]["plays"][0];
    let (s, v) = post(&app, &uri, json!({"moves": play["moves"], "version": m["version"]})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["game"]["log"][0]["position_id"], p.id());
    let over = json!({"turn": "white", "board": {"1": -15}, "off": {"white": 15}});
    let got = post(&app, "/api/v1/matches", json!({"opponent": "human", "position": over})).await;
    assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "bad-position", "finished game");
}

// ------------------------------------------------------------ review

#[tokio::test]
async fn a_match_is_reviewed_so_far_and_its_record_reviews_the_same() {
    let app = app();
    let mut m = create(&app, json!({"opponent": "human", "length": 3, "seed": 8})).await;
    let uri = format!("/api/v1/matches/{}/play", id(&m));
    for _ in 0..6 {
        let play = json!({"moves": m["game"]["plays"][0]["moves"], "version": m["version"]});
        let (s, next) = post(&app, &uri, play).await;
        assert_eq!(s, StatusCode::OK, "{next}");
        m = next;
    }
    let (s, r) = call(&app, "GET", &format!("/api/v1/matches/{}/review?ply=0", id(&m)), None).await;
    assert_eq!(s, StatusCode::OK, "{r}");
    assert_eq!(r["ply"], 0);
    let turns = r["games"][0]["turns"].as_array().unwrap();
    assert_eq!(turns.len(), 6, "the turns played so far");
    assert_eq!(r["positions"][0].as_array().unwrap().len(), 6, "a board per turn");
    assert_eq!(r["positions"][0][0]["board"]["24"], 15, "the board before the first turn");
    for (t, logged) in turns.iter().zip(m["game"]["log"].as_array().unwrap()) {
        assert_eq!(t["played_moves"], logged["moves"], "{t}");
        assert!(t["best_moves"].is_array() && t["loss"].as_f64().unwrap() >= 0.0, "{t}");
        assert_eq!(t["played"] == t["best"], t["loss"] == 0.0, "{t}");
    }
    assert_eq!(r["players"]["white"]["plays"].as_u64().unwrap() + r["players"]["black"]["plays"].as_u64().unwrap(), 6);
    // The record as the API gives it while the match is on (no seed, the
    // dice written down) reviews to the same turns.
    let (s, record) = call(&app, "GET", &format!("/api/v1/matches/{}/record", id(&m)), None).await;
    assert_eq!(s, StatusCode::OK);
    let (s, again) = post(&app, "/api/v1/review", json!({"record": record, "ply": 0})).await;
    assert_eq!(s, StatusCode::OK, "{again}");
    assert_eq!(again["games"], r["games"]);
}

#[tokio::test]
async fn a_move_list_is_reviewed_and_bad_ones_are_refused_naming_the_fault() {
    let app = app();
    let (s, r) =
        post(&app, "/api/v1/review", json!({"text": "white starts\n6-4: 24/18 24/20\n5-3: 24/19 24/21\n", "ply": 0}))
            .await;
    assert_eq!(s, StatusCode::OK, "{r}");
    assert_eq!(r["games"][0]["turns"].as_array().unwrap().len(), 2);
    assert_eq!(r["games"][0]["turns"][1]["side"], "black");
    let bad = post(&app, "/api/v1/review", json!({"text": "white starts\n6-4: 24/18 24/20\n5-3: 24/12\n"})).await;
    assert_error(&bad, StatusCode::UNPROCESSABLE_ENTITY, "bad-record", "line 3");
    let neither = post(&app, "/api/v1/review", json!({"ply": 1})).await;
    assert_error(&neither, StatusCode::UNPROCESSABLE_ENTITY, "bad-record", "either");
    let not_a_record = post(&app, "/api/v1/review", json!({"record": {"format": "chess"}})).await;
    assert_error(&not_a_record, StatusCode::UNPROCESSABLE_ENTITY, "bad-record", "not a match record");
    let deep = call(&app, "GET", "/api/v1/matches/nosuchmatch1/review?ply=9", None).await;
    assert_error(&deep, StatusCode::UNPROCESSABLE_ENTITY, "bad-ply", "ply 9");
    let (s, _) = call(&app, "GET", "/api/v1/matches/nosuchmatch1/review", None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_illegal_play_or_move_says_why_as_a_code_with_its_parameters() {
    let app = app();
    // Black holds White's 18 with two checkers: 24/18 lands on a blocked point.
    let pos = json!({"turn": "white", "board": {"24": 15, "18": -2, "1": -13}, "pinned": {}, "off": {"white": 0, "black": 0}});
    let got = post(&app, "/api/v1/turn", json!({"position": pos, "dice": "6-5", "moves": [[24, 18]]})).await;
    assert_eq!(got.0, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(got.1["error"]["code"], "illegal-move");
    assert_eq!(got.1["error"]["reason"], json!({"code": "point-blocked", "params": {"point": 18}}));
    // The same for a whole play sent to a match, and for the clicks the
    // turn's state explains in advance.
    let m = create(&app, json!({"opponent": "human", "position": pos, "seed": 1})).await;
    let (s, state) = call(&app, "GET", &format!("/api/v1/matches/{}", id(&m)), None).await;
    assert_eq!(s, StatusCode::OK);
    let body = json!({"moves": [[5, 1]], "version": state["version"]});
    let got = post(&app, &format!("/api/v1/matches/{}/play", id(&m)), body).await;
    assert_eq!(got.1["error"]["code"], "illegal-play", "{}", got.1);
    assert_eq!(got.1["error"]["reason"], json!({"code": "no-checker", "params": {"point": 5}}), "{}", got.1);
    let (_, turn) =
        post(&app, "/api/v1/turn", json!({"position": "start", "dice": "6-4", "moves": [[24, 18], [18, 14]]})).await;
    assert_eq!(turn["why_not_reasons"]["24"]["code"], "too-many-moves", "{turn}");
}

#[tokio::test]
async fn a_hint_at_a_match_score_ranks_by_the_chance_to_win_the_match() {
    let app = app();
    let ask = |score: Value| json!({"position": "AoMM6Y6P8pcAAAA", "dice": "4-3", "ply": 1, "score": score});
    let (s, v) = post(&app, "/api/v1/hint", ask(json!({"length": 3, "mine": 1, "theirs": 0}))).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let plays = v["plays"].as_array().unwrap();
    for w in plays.windows(2) {
        let (a, b) = (w[0]["match_winning_chance"].as_f64().unwrap(), w[1]["match_winning_chance"].as_f64().unwrap());
        assert!(a >= b && (0.0..=1.0).contains(&a), "ranked by the chance to win the match: {a} then {b}");
    }
    // A single game, or no score: by points, no chance of a match.
    for score in [json!({"length": 1, "mine": 0, "theirs": 0}), Value::Null] {
        let (_, v) = post(&app, "/api/v1/hint", ask(score)).await;
        assert!(v["plays"][0].get("match_winning_chance").is_none(), "{v}");
    }
    let got = post(&app, "/api/v1/hint", ask(json!({"length": 3, "mine": 3, "theirs": 0}))).await;
    assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "bad-request", "score");
}

#[tokio::test]
async fn the_engines_advice_is_off_in_a_match_between_two_people_online() {
    let app = app();
    let online = create(&app, json!({"opponent": "online"})).await;
    let ask = |m: &Value| json!({"position": "start", "dice": "6-4", "ply": 0, "match": id(m)});
    let got = post(&app, "/api/v1/hint", ask(&online)).await;
    assert_error(&got, StatusCode::FORBIDDEN, "no-engine-help", "two people online");
    // Against the engine, or two people at one screen, it is given.
    for opponent in ["engine", "human"] {
        let m = create(&app, json!({"opponent": opponent})).await;
        let (s, v) = post(&app, "/api/v1/hint", ask(&m)).await;
        assert_eq!(s, StatusCode::OK, "{opponent}: {v}");
    }
}
