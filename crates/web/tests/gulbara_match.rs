//! Gul bara matches through the API (REGIONAL.md Part 4), as the page
//! plays them: a doubles ladder entered a stage at a time, each stage a
//! decision of its own; a stage that stalls hands the rest of the ladder to
//! the opponent, who plays it before rolling; the state says which stage
//! is out (`game.stage`) and the log which of its turns were stages
//! (`log[].stage`), in the core's notation (`6/1 > 5,5,5,6,6,6,6`); the
//! engine plays its stages one request at a time; online a hand-off gives
//! the turn to the other seat. And `GET /api/v1/games`, from which the
//! page draws every game and lists every kind of match.

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{app, call};

use axum::Router;
use axum::http::StatusCode;
use serde_json::{Value, json};
use tavli_engine::NeuralEval;
use tavli_web::{Limits, SqliteStore, router};

async fn create(app: &Router, body: Value) -> Value {
    let (s, v) = call(app, "POST", "/api/v1/matches", None, Some(body)).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    v
}

/// Plays `moves` (or `notation`) for whoever is on roll, as `token`.
async fn play(app: &Router, state: &Value, what: Value, token: Option<&str>) -> Value {
    let uri = format!("/api/v1/matches/{}/play", state["id"].as_str().unwrap());
    let mut body = what;
    body["version"] = state["version"].clone();
    let (s, v) = call(app, "POST", &uri, token, Some(body)).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v
}

/// REGIONAL.md's GB6 with White's ladder of 4-4 (rolled on the game's
/// roll 4) pending: stage 4 is forced (22/18/14/10/6), stage 5 plays one
/// five (6/1) and stalls, and Black gets 5,5,5,6,6,6,6, with which it
/// bears its last six checkers off.
fn gb6_ladder() -> Value {
    json!({"game": "gulbara", "turn": "white", "board": {"22": 1, "21": 14, "17": -3, "16": -2, "15": -1},
           "roll": 5, "ladder": [4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6], "off": {"white": 0, "black": 9}})
}

fn stage(kind: &str, die: u8, moves: u8, roll: u16) -> Value {
    let then: Vec<u8> = (die + 1..=6).flat_map(|d| [d; 4]).collect();
    json!({"kind": kind, "die": die, "moves": moves, "then": then, "roll": roll})
}

#[tokio::test]
async fn a_ladder_is_entered_stage_by_stage_and_a_stalled_stage_hands_the_rest_over() {
    let app = app();
    let m = create(&app, json!({"opponent": "human", "games": "gulbara", "position": gb6_ladder()})).await;
    assert_eq!(m["game"]["game"], "gulbara", "{m}");
    assert_eq!(m["game"]["position"]["roll"], 5, "{m}");
    // The pending stage is out without a throw: its dice, the turn builder's too.
    assert_eq!(m["game"]["stage"], stage("ladder", 4, 4, 4), "{m}");
    assert_eq!(m["game"]["dice"], json!([4, 4]));
    assert_eq!(m["game"]["entry"]["dice_left"], json!([4, 4, 4, 4]));
    assert_eq!(m["to_act"], json!({"side": "white", "who": "human"}));
    // A hint for the stage, as the page asks it in a match of 3 points.
    let ask = json!({"position": m["game"]["position"], "dice": [4, 4], "ply": 1, "max": 3, "match": m["id"],
                     "score": {"length": 3, "mine": 1, "theirs": 0}, "games": "gulbara"});
    let (s, h) = call(&app, "POST", "/api/v1/hint", None, Some(ask)).await;
    assert_eq!(s, StatusCode::OK, "{h}");
    assert_eq!(h["plays"][0]["notation"], "22/18/14/10/6", "{h}");
    assert!(h["plays"][0]["match_winning_chance"].is_number(), "{h}");

    // Stage 4, entered a single move at a time as the page does.
    let moves = json!([[22, 18], [18, 14], [14, 10], [10, 6]]);
    let (s, ts) = call(
        &app,
        "POST",
        "/api/v1/turn",
        None,
        Some(json!({"position": m["game"]["position"], "dice": [4, 4], "moves": moves})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{ts}");
    assert_eq!(ts["complete"]["notation"], "22/18/14/10/6", "{ts}");
    let m = play(&app, &m, json!({"moves": moves}), None).await;
    // The same side goes on with the next stage.
    assert_eq!(m["to_act"]["side"], "white", "{m}");
    assert_eq!(m["game"]["stage"], stage("ladder", 5, 4, 4), "{m}");
    assert_eq!(m["game"]["log"][0]["stage"], stage("ladder", 4, 4, 4), "{m}");
    assert_eq!(m["game"]["log"][0]["notation"], "22/18/14/10/6");

    // Stage 5 stalls after one five: the rest goes to Black, in the notation.
    let m = play(&app, &m, json!({"moves": [[6, 1]]}), None).await;
    assert_eq!(m["game"]["log"][1]["notation"], "6/1 > 5,5,5,6,6,6,6", "{m}");
    assert_eq!(m["to_act"], json!({"side": "black", "who": "human"}), "{m}");
    assert_eq!(m["game"]["stage"], stage("handed", 5, 3, 4), "{m}");
    assert_eq!(m["game"]["position"]["remainder"], json!([5, 5, 5, 6, 6, 6, 6]), "{m}");
    assert_eq!(m["game"]["entry"]["dice_left"], json!([5, 5, 5]), "{m}");
    assert_eq!(m["game"]["position"]["roll"], 5, "a hand-off is no roll");

    // Black plays the three fives, then (still handed over) the sixes, and wins.
    let first = m["game"]["plays"][0]["moves"].clone();
    let m = play(&app, &m, json!({"moves": first}), None).await;
    assert_eq!(m["to_act"]["side"], "black", "{m}");
    assert_eq!(m["game"]["stage"], stage("handed", 6, 4, 4), "{m}");
    assert_eq!(m["game"]["log"][2]["stage"], stage("handed", 5, 3, 4), "{m}");
    let last = m["game"]["plays"][0]["moves"].clone();
    let m = play(&app, &m, json!({"moves": last}), None).await;
    assert_eq!(m["over"], true, "{m}");
    assert_eq!(m["game"]["result"], json!({"winner": "black", "points": 2, "reason": "bear-off"}), "{m}");
    assert!(m["game"].get("stage").is_none(), "no stage once the game is over: {m}");

    // The record replays, and the match is reviewed.
    let uri = format!("/api/v1/matches/{}", m["id"].as_str().unwrap());
    let (s, r) = call(&app, "GET", &format!("{uri}/review?ply=0"), None, None).await;
    assert_eq!(s, StatusCode::OK, "{r}");
    assert_eq!(r["games"][0]["turns"].as_array().unwrap().len(), 4, "{r}");
}

#[tokio::test]
async fn a_doublet_from_the_games_fourth_roll_ladders_and_the_state_names_its_stage() {
    let app = app();
    let fourth = json!({"game": "gulbara", "turn": "white", "board": {"24": 15, "12": -15}, "roll": 4});
    let mut found = None;
    for seed in 0..400 {
        let m = create(&app, json!({"opponent": "human", "games": "gulbara", "position": fourth, "seed": seed})).await;
        let d = m["game"]["dice"].clone();
        if d[0] == d[1] && d[0].as_u64() < Some(6) {
            found = Some(m);
            break;
        }
        // Not a doublet: an ordinary roll, no stage.
        assert!(d[0] != d[1] || d[0] == 6 || m["game"].get("stage").is_some(), "{m}");
    }
    let m = found.expect("a doublet below 6-6 in 400 seeds");
    let die = m["game"]["dice"][0].as_u64().unwrap() as u8;
    assert_eq!(m["game"]["stage"], stage("rolled", die, 4, 4), "{m}");
    assert_eq!(m["game"]["entry"]["dice_left"], json!(vec![die; 4]), "{m}");
    // The first stage played in full (from the start nothing blocks four
    // moves of one number): the same side plays the next stage.
    let moves = m["game"]["plays"][0]["moves"].clone();
    assert_eq!(moves.as_array().unwrap().len(), 4, "{m}");
    let next = play(&app, &m, json!({"moves": moves}), None).await;
    assert_eq!(next["to_act"]["side"], "white", "{next}");
    assert_eq!(next["game"]["stage"], stage("ladder", die + 1, 4, 4), "{next}");
    assert_eq!(next["game"]["log"][0]["stage"], stage("rolled", die, 4, 4), "{next}");
    assert_eq!(next["game"]["position"]["roll"], 5, "{next}");
    // On the game's first three rolls a doublet is four moves, no stage.
    let m = create(&app, json!({"opponent": "human", "games": "gulbara", "seed": 3})).await;
    assert!(m["game"].get("stage").is_none(), "{m}");
    assert_eq!(m["game"]["position"]["roll"], 1, "{m}");
}

/// The engine's ladder stalls, and the person plays the rest: Black (the
/// engine) has 4-4's ladder pending, stage 4 forced and stage 5 stalling
/// after one five (its 16, White's 4, is held), so White gets
/// 5,5,5,6,6,6,6 before its own roll.
fn engine_stalls() -> Value {
    json!({"game": "gulbara", "turn": "black", "board": {"20": 3, "5": 3, "4": 2, "3": 1, "10": -1, "9": -5},
           "roll": 9, "ladder": [4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6], "off": {"white": 6, "black": 9}})
}

#[tokio::test]
async fn the_engine_plays_its_ladder_a_stage_a_request_and_its_stall_hands_the_rest_to_the_person() {
    let app = app();
    let body = json!({"opponent": "engine", "level": "beginner", "human_color": "white", "games": "gulbara",
                      "position": engine_stalls(), "seed": 1});
    let m = create(&app, body).await;
    assert_eq!(m["to_act"], json!({"side": "black", "who": "engine"}), "{m}");
    assert_eq!(m["game"]["stage"], stage("ladder", 4, 4, 8), "{m}");
    let uri = format!("/api/v1/matches/{}/engine-move", m["id"].as_str().unwrap());
    let (s, m) = call(&app, "POST", &uri, None, Some(json!({"version": m["version"]}))).await;
    assert_eq!(s, StatusCode::OK, "{m}");
    assert_eq!(m["game"]["log"].as_array().unwrap().len(), 1, "one stage per request: {m}");
    assert_eq!(m["to_act"], json!({"side": "black", "who": "engine"}), "{m}");
    assert_eq!(m["game"]["stage"], stage("ladder", 5, 4, 8), "{m}");
    let (s, m) = call(&app, "POST", &uri, None, Some(json!({"version": m["version"]}))).await;
    assert_eq!(s, StatusCode::OK, "{m}");
    assert_eq!(m["game"]["log"][1]["notation"], "6/1 > 5,5,5,6,6,6,6", "{m}");
    assert_eq!(m["to_act"], json!({"side": "white", "who": "human"}), "{m}");
    assert_eq!(m["game"]["stage"], stage("handed", 5, 3, 8), "{m}");
    assert_eq!(m["game"]["entry"]["dice_left"], json!([5, 5, 5]), "{m}");
    // The person plays the fives, then the sixes, then rolls its own turn.
    let first = m["game"]["plays"][0]["moves"].clone();
    let m = play(&app, &m, json!({"moves": first}), None).await;
    assert_eq!((m["to_act"]["side"].as_str(), m["game"]["stage"]["die"].as_u64()), (Some("white"), Some(6)), "{m}");
    let sixes = m["game"]["plays"][0]["moves"].clone();
    let m = play(&app, &m, json!({"moves": sixes}), None).await;
    assert_eq!(m["to_act"]["side"], "white", "White rolls its own turn after the dice handed over: {m}");
    assert!(m["game"]["position"].get("remainder").is_none(), "{m}");
    assert_eq!(m["game"]["position"]["roll"], 9, "{m}");
}

/// Two seats online play Gul bara (the last legal play each time, which
/// keeps the board blocked: most such games have a stalled ladder) until
/// a ladder stalls: the rest is the other seat's to play, with its own
/// secret only, and its roll follows.
#[tokio::test]
async fn online_a_hand_off_gives_the_turn_to_the_other_seat() {
    let app = app();
    let mut handed = 0;
    for attempt in 0..6 {
        let body = json!({"opponent": "online", "human_color": "white", "games": "gulbara", "length": 1});
        let created = create(&app, body).await;
        let id = created["id"].as_str().unwrap().to_string();
        let white = created["seat"]["token"].as_str().unwrap().to_string();
        let join = json!({"invite": created["invite"]});
        let (s, joined) = call(&app, "POST", &format!("/api/v1/matches/{id}/join"), None, Some(join)).await;
        assert_eq!(s, StatusCode::OK, "{joined}");
        let black = joined["seat"]["token"].as_str().unwrap().to_string();
        let token = |side: &str| if side == "white" { white.clone() } else { black.clone() };
        let mut m = joined;
        for _ in 0..600 {
            if m["over"] == true {
                break;
            }
            let side = m["to_act"]["side"].as_str().unwrap().to_string();
            let plays = m["game"]["plays"].as_array().unwrap();
            let moves = plays[plays.len() - 1]["moves"].clone();
            let before = m["game"]["log"].as_array().unwrap().len();
            m = play(&app, &m, json!({"moves": moves}), Some(&token(&side))).await;
            let notation = m["game"]["log"][before]["notation"].as_str().unwrap().to_string();
            if notation.contains(" > ") && m["over"] == false {
                handed += 1;
                let other = if side == "white" { "black" } else { "white" };
                assert_eq!(m["to_act"], json!({"side": other, "who": "human"}), "{m}");
                assert_eq!(m["game"]["stage"]["kind"], "handed", "{m}");
                // Not the staller's to play.
                let uri = format!("/api/v1/matches/{id}/play");
                let body = json!({"moves": m["game"]["plays"][0]["moves"], "version": m["version"]});
                let (s, v) = call(&app, "POST", &uri, Some(&token(&side)), Some(body)).await;
                assert_eq!((s, v["error"]["code"].as_str()), (StatusCode::CONFLICT, Some("not-your-turn")), "{v}");
                // Each seat sees whose turn it is.
                let (_, seen) = call(&app, "GET", &format!("/api/v1/matches/{id}"), Some(&token(other)), None).await;
                assert_eq!(seen["online"]["you"], other, "{seen}");
                assert_eq!(
                    seen["game"]["entry"]["dice_left"].as_array().unwrap().len() as u64,
                    m["game"]["stage"]["moves"].as_u64().unwrap(),
                    "{seen}"
                );
            }
        }
        assert_eq!(m["over"], true, "attempt {attempt}: the game ends");
        if handed > 0 {
            return;
        }
    }
    panic!("no ladder stalled in six games");
}

#[tokio::test]
async fn the_games_list_says_how_each_game_is_drawn_and_every_kind_of_match() {
    let app = app();
    let (s, v) = call(&app, "GET", "/api/v1/games", None, None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let games = v["games"].as_array().unwrap();
    let of = |name: &str| games.iter().find(|g| g["name"] == name).unwrap_or_else(|| panic!("{name}: {v}"));
    assert_eq!(
        of("gulbara"),
        &json!({"name": "gulbara", "title": "Gul bara", "parallel": true, "bar": false, "tavli": false})
    );
    assert_eq!(of("portes")["bar"], true);
    assert_eq!(of("fevga")["parallel"], true);
    let matches = v["matches"].as_array().unwrap();
    assert_eq!(matches[0], json!({"games": "tavli", "of": ["portes", "plakoto", "fevga"], "length": 5}));
    assert!(matches.contains(&json!({"games": "gulbara", "of": ["gulbara"], "length": 3})), "{v}");
    // Every kind listed is one a new match takes.
    for k in matches {
        let body = json!({"opponent": "human", "games": k["games"]});
        let m = create(&app, body).await;
        assert_eq!(m["rules"]["games"], k["games"], "{m}");
    }
}

/// A 1-1 ladder thrown on roll 25 of a Gul bara game (from a Tabla match
/// played through the API), the engine White at the deepest level, on a
/// server whose engine time limit is 2 s: the 2-ply search of the
/// ladder's first stage takes about 11 s on two cores, past even the
/// default limit of 10 s. The match, and the server.
async fn a_long_ladder() -> (Router, Value) {
    let limits = Limits { engine_timeout: Duration::from_secs(2), ..Limits::default() };
    let app = router(Arc::new(SqliteStore::in_memory().unwrap()), NeuralEval::shipped(None), limits);
    let position = json!({"game": "gulbara", "turn": "white", "roll": 25, "off": {"white": 0, "black": 0},
        "board": {"24": -3, "23": -2, "21": 3, "20": 3, "19": 3, "18": 2, "17": 3, "16": 1, "12": -3, "7": -2, "1": -5}});
    let body = json!({"opponent": "engine", "games": "gulbara", "level": "master", "human_color": "black",
        "position": position, "seed": 7});
    let m = create(&app, body).await;
    assert_eq!((&m["game"]["dice"], &m["game"]["stage"]["kind"]), (&json!([1, 1]), &json!("rolled")), "{m}");
    (app, m)
}

/// Every `engine-move` of such a ladder answered 503 `timeout`, and the
/// match stood still. The search now gives up the ply it cannot finish in
/// three quarters of the limit and plays by the ply before: the stage is
/// played, in time.
#[tokio::test]
async fn the_deepest_level_plays_a_long_ladder_within_the_time_limit() {
    let (app, m) = a_long_ladder().await;
    let uri = format!("/api/v1/matches/{}/engine-move", m["id"].as_str().unwrap());
    let asked = Instant::now();
    let (s, v) = call(&app, "POST", &uri, None, Some(json!({"version": m["version"]}))).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert!(asked.elapsed() < Duration::from_secs(2), "answered in {:?}", asked.elapsed());
    let log = v["game"]["log"].as_array().unwrap();
    assert_eq!((log.len(), &log[0]["side"], &log[0]["stage"]["die"]), (1, &json!("white"), &json!(1)), "{v}");
}

/// A 2-ply hint on such a ladder (the page asks 2-ply) was a 503 `timeout`:
/// now the plays come ranked as deep as the time allowed, and the answer
/// says how deep.
#[tokio::test]
async fn a_hint_on_a_long_ladder_is_as_deep_as_the_time_limit_allows() {
    let (app, m) = a_long_ladder().await;
    let g = &m["game"];
    let body = json!({"position": g["position"], "dice": g["dice"], "ply": 2, "max": 5,
        "score": {"length": 3, "mine": 0, "theirs": 0}, "games": "gulbara"});
    let asked = Instant::now();
    let (s, v) = call(&app, "POST", "/api/v1/hint", None, Some(body)).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert!(asked.elapsed() < Duration::from_secs(2), "answered in {:?}", asked.elapsed());
    let ply = v["ply"].as_u64().unwrap();
    assert!(ply < 2, "{}", v["ply"]);
    assert_eq!(v["plays"][0]["ply"].as_u64(), Some(ply), "the best play is searched as deep as the answer says");
    assert_eq!(v["plays"].as_array().unwrap().len(), 5);
}
