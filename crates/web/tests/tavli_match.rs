//! Tavli matches through the API: a match whose games rotate (Portes,
//! Plakoto, Fevga and round again) against the engine, on one device and
//! online; Portes entering from the bar and Fevga's runner rule inside a
//! match; the state saying which game is played, which comes next and who
//! started it.

mod common;

use common::{app, call};

use axum::Router;
use axum::http::StatusCode;
use serde_json::{Value, json};
use tavli_core::game::MatchRecord;
use tavli_core::tavli::{AnyPosition, GameKind, MatchGames};
use tavli_web::service::Match;

async fn create(app: &Router, body: Value) -> Value {
    let (s, v) = call(app, "POST", "/api/v1/matches", None, Some(body)).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    v
}

/// The game that follows `kind` in the Tavli rotation.
fn after(kind: &str) -> &'static str {
    match kind {
        "portes" => "plakoto",
        "plakoto" => "fevga",
        "fevga" => "portes",
        other => panic!("not a game: {other}"),
    }
}

/// A Tavli match against the engine, played to the end (the person takes
/// the first legal play): the games follow the rotation, each game's
/// winner starts the next (the opening roll after a drawn Plakoto), the
/// state names the game and the next one, and the record replays.
#[tokio::test]
async fn a_whole_tavli_match_against_the_engine_rotates_the_games() {
    let app = app();
    let m = create(&app, json!({"opponent": "engine", "level": "advanced", "games": "tavli", "seed": 11})).await;
    assert_eq!(m["rules"]["games"], "tavli", "{m}");
    assert_eq!(m["match_to"], 5, "a Tavli match is 5 points unless asked");
    assert_eq!((m["game"]["game"].as_str(), m["game"]["next_game"].as_str()), (Some("portes"), Some("plakoto")));
    assert_eq!(m["game"]["start"], "opening-roll");
    assert_eq!(m["game"]["position"]["game"], "portes", "{m}");
    let uri = format!("/api/v1/matches/{}", m["id"].as_str().unwrap());
    let mut state = m;
    let mut seen_games = 1;
    for _ in 0..20_000 {
        if state["over"] == true {
            break;
        }
        let (s, v) = if state["to_act"]["who"] == "engine" {
            call(&app, "POST", &format!("{uri}/engine-move"), None, Some(json!({"version": state["version"]}))).await
        } else {
            let play = &state["game"]["plays"][0];
            let body = json!({"moves": play["moves"], "version": state["version"]});
            call(&app, "POST", &format!("{uri}/play"), None, Some(body)).await
        };
        assert_eq!(s, StatusCode::OK, "{v}");
        state = v;
        let n = state["games"].as_array().unwrap().len();
        if n > seen_games {
            seen_games = n;
            // The game just ended stays readable beside the new one.
            let prev = &state["previous_game"];
            assert_eq!(prev["number"], n - 1);
            assert!(prev["result"].is_object(), "{prev}");
            assert_eq!(state["game"]["game"], after(prev["game"].as_str().unwrap()), "the rotation goes on");
        }
    }
    assert_eq!(state["over"], true, "the match ended");
    let w = state["winner"].as_str().unwrap();
    assert!(state["score"][w].as_u64().unwrap() >= 5);
    assert_eq!(state["game"]["next_game"], Value::Null, "nothing comes after the last game");
    let games = state["games"].as_array().unwrap();
    assert!(games.len() >= 3, "five points take at least three games: {}", games.len());
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g["game"], ["portes", "plakoto", "fevga"][i % 3], "game {}", i + 1);
    }
    for pair in games.windows(2) {
        match pair[0]["result"]["winner"].as_str() {
            Some(w) => assert_eq!(pair[1]["first"], w, "the winner starts the next game"),
            None => assert_eq!(pair[0]["game"], "plakoto", "only Plakoto is drawn"),
        }
    }
    let (s, rec) = call(&app, "GET", &format!("{uri}/record"), None, None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(rec["rules"]["games"], "tavli");
    let rec: MatchRecord<AnyPosition> = serde_json::from_value(rec).unwrap();
    let replayed = Match::from_record(&rec).unwrap();
    assert_eq!(replayed.winner().map(|c| c.name()), Some(w));
    assert_eq!(replayed.rules().games, MatchGames::Tavli);

    // Its review, game by game, each game's board in its own game.
    let (s, r) = call(&app, "GET", &format!("{uri}/review?ply=0"), None, None).await;
    assert_eq!(s, StatusCode::OK, "{r}");
    assert_eq!(r["match_games"], "tavli");
    let reviewed = r["games"].as_array().unwrap();
    assert_eq!(reviewed.len(), games.len());
    for (i, g) in reviewed.iter().enumerate() {
        assert_eq!(g["game"], games[i]["game"], "game {}", i + 1);
        // Position JSON leaves Plakoto's game out.
        let board = r["positions"][i][0]["game"].as_str().unwrap_or("plakoto");
        assert_eq!(board, g["game"], "the board of game {} is of its game", i + 1);
        assert!(g["players"]["white"]["error_rate"].is_f64(), "each game's figures: {}", g["players"]);
        assert!(g["turns"].as_array().unwrap().iter().all(|t| t["white_match"].is_f64()));
    }
    let kinds: Vec<&str> = r["by_game"].as_array().unwrap().iter().map(|k| k["game"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["portes", "plakoto", "fevga"], "each kind's figures, in the rotation's order");
}

/// A Tavli match entered by hand as a move list, reviewed over HTTP: its
/// games named, its Portes blunder found by Portes's network.
#[tokio::test]
async fn a_tavli_move_list_is_reviewed_over_http() {
    let app = app();
    let text = "match 3\ngames tavli\nopening 6-5\n6-5: 24/18/13\n5-5: 6/1*(2) 8/3(2)\n\
                4-3: bar/21 13/10\n6-2: 13/7 13/11\nblack resigns\n6-4: 24/18 24/20\n";
    let (s, r) = call(&app, "POST", "/api/v1/review", None, Some(json!({"text": text, "ply": 0}))).await;
    assert_eq!(s, StatusCode::OK, "{r}");
    assert_eq!((r["games"][0]["game"].as_str(), r["games"][1]["game"].as_str()), (Some("portes"), Some("plakoto")));
    assert_eq!(r["positions"][0][2]["bar"]["white"], 1, "White on the bar before entering: {}", r["positions"][0][2]);
    let blunder = &r["games"][0]["turns"][3];
    assert!(blunder["best"].as_str().unwrap().contains('*'), "{blunder}");
    // A fault in the list names its line.
    let (s, e) =
        call(&app, "POST", "/api/v1/review", None, Some(json!({"text": "games tavli\nwhite starts\n6-5: 24/12\n"})))
            .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    assert!(e["error"]["message"].as_str().unwrap_or_default().contains("line 3"), "{e}");
}

/// Portes inside a match: a checker on the bar enters first (`25` is the
/// bar), a play that leaves it there is refused with its code, and the
/// entering play lands.
#[tokio::test]
async fn a_portes_checker_on_the_bar_enters_first_in_a_match() {
    let app = app();
    let on_bar = json!({"game": "portes", "turn": "white", "bar": {"white": 1},
        "board": {"24": 1, "13": 5, "8": 3, "6": 5, "1": -2, "12": -5, "17": -3, "19": -5}});
    let m = create(&app, json!({"opponent": "human", "games": "portes", "position": on_bar, "seed": 4})).await;
    assert_eq!(m["game"]["game"], "portes");
    assert_eq!(m["game"]["position"]["bar"]["white"], 1, "{m}");
    let uri = format!("/api/v1/matches/{}", m["id"].as_str().unwrap());
    let dice = m["game"]["dice"].as_array().unwrap().iter().map(|d| d.as_u64().unwrap() as u8).collect::<Vec<_>>();
    // Every legal play starts from the bar, and the entry shows it.
    let plays = m["game"]["plays"].as_array().unwrap();
    assert!(plays.iter().all(|p| p["moves"][0][0] == 25), "{m}");
    assert!(m["game"]["entry"]["legal_moves"].as_array().unwrap().iter().all(|mv| mv[0] == 25), "{m}");
    // Moving another checker first is refused, saying why.
    let (s, e) = call(
        &app,
        "POST",
        &format!("{uri}/play"),
        None,
        Some(json!({"moves": [[13, 13 - dice[0]]], "version": m["version"]})),
    )
    .await;
    assert_eq!((s, e["error"]["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("illegal-play")), "{e}");
    assert_eq!(e["error"]["reason"]["code"], "must-enter-first", "{e}");
    let body = json!({"moves": plays[0]["moves"], "version": m["version"]});
    let (s, v) = call(&app, "POST", &format!("{uri}/play"), None, Some(body)).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["game"]["log"][0]["moves"][0][0], 25, "{v}");
    assert!(v["game"]["position"]["bar"].get("white").is_none_or(|n| n == 0), "{v}");
}

/// Fevga inside a match: the runner rule refuses a second checker's move
/// with its code, as the page words it.
#[tokio::test]
async fn fevgas_runner_rule_is_explained_in_a_match() {
    let app = app();
    let runner = json!({"game": "fevga", "turn": "white", "board": {"24": 14, "13": 1, "12": -15}});
    let m = create(&app, json!({"opponent": "human", "games": "fevga", "position": runner, "seed": 9})).await;
    assert_eq!(m["game"]["game"], "fevga");
    let uri = format!("/api/v1/matches/{}", m["id"].as_str().unwrap());
    let die = m["game"]["dice"][0].as_u64().unwrap() as u8;
    let (s, e) = call(
        &app,
        "POST",
        &format!("{uri}/play"),
        None,
        Some(json!({"moves": [[24, 24 - die]], "version": m["version"]})),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    assert_eq!(e["error"]["reason"]["code"], "runner", "{e}");
    // The turn's entry says the same for the checkers that must wait.
    assert_eq!(m["game"]["entry"]["why_not_reasons"]["24"]["code"], "runner", "{m}");
}

/// An online Tavli match between two seats with a spectator: the dice wait
/// for the friend, then each seat plays its own checkers, and everyone
/// sees the game and its position.
#[tokio::test]
async fn an_online_tavli_match_is_played_by_its_seats_and_watched() {
    let app = app();
    let created = create(&app, json!({"opponent": "online", "games": "tavli", "human_color": "white"})).await;
    assert_eq!(created["match_to"], 5);
    assert_eq!(created["game"]["dice"], Value::Null, "no dice before the friend is in");
    let id = created["id"].as_str().unwrap();
    let white = created["seat"]["token"].as_str().unwrap().to_string();
    let invite = created["invite"].as_str().unwrap();
    let uri = format!("/api/v1/matches/{id}");
    let (s, joined) = call(&app, "POST", &format!("{uri}/join"), None, Some(json!({"invite": invite}))).await;
    assert_eq!(s, StatusCode::OK, "{joined}");
    let black = joined["seat"]["token"].as_str().unwrap().to_string();
    assert_eq!(joined["game"]["game"], "portes");
    assert!(joined["game"]["dice"].is_array(), "{joined}");
    let mut state = joined;
    for _ in 0..6 {
        let side = state["to_act"]["side"].as_str().unwrap().to_string();
        let (mine, theirs) = if side == "white" { (&white, &black) } else { (&black, &white) };
        let play = json!({"moves": state["game"]["plays"][0]["moves"], "version": state["version"]});
        let (s, e) = call(&app, "POST", &format!("{uri}/play"), Some(theirs), Some(play.clone())).await;
        assert_eq!((s, e["error"]["code"].as_str()), (StatusCode::CONFLICT, Some("not-your-turn")), "{e}");
        let (s, v) = call(&app, "POST", &format!("{uri}/play"), Some(mine), Some(play)).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        state = v;
        // A spectator sees the same game and position, holding no seat.
        let (s, seen) = call(&app, "GET", &uri, None, None).await;
        assert_eq!(s, StatusCode::OK);
        assert_eq!(seen["online"]["you"], Value::Null);
        assert_eq!(
            (&seen["game"]["game"], &seen["game"]["position"]),
            (&state["game"]["game"], &state["game"]["position"])
        );
    }
    // The engine's advice stays off between two people, in every game.
    let body = json!({"position": state["game"]["position"], "dice": state["game"]["dice"], "match": id});
    let (s, e) = call(&app, "POST", "/api/v1/hint", None, Some(body)).await;
    assert_eq!((s, e["error"]["code"].as_str()), (StatusCode::FORBIDDEN, Some("no-engine-help")), "{e}");
    assert_eq!(AnyPosition::from_json(&state["game"]["position"].to_string()).unwrap().kind(), GameKind::Portes);
}

/// Reviews over HTTP take a match of any game (a saved match of Portes or
/// Fevga, a record of one sent in the body), and INTERFACE.md says so.
#[tokio::test]
async fn reviews_take_a_match_of_every_game_as_interface_md_says() {
    let app = app();
    for game in ["portes", "fevga", "plakoto"] {
        let m = create(&app, json!({"opponent": "engine", "games": game, "seed": 3, "human_color": "black"})).await;
        let uri = format!("/api/v1/matches/{}", m["id"].as_str().unwrap());
        let mut state = m;
        for _ in 0..4 {
            let (s, v) = if state["to_act"]["who"] == "engine" {
                call(&app, "POST", &format!("{uri}/engine-move"), None, Some(json!({"version": state["version"]})))
                    .await
            } else {
                let body = json!({"moves": state["game"]["plays"][0]["moves"], "version": state["version"]});
                call(&app, "POST", &format!("{uri}/play"), None, Some(body)).await
            };
            assert_eq!(s, StatusCode::OK, "{game}: {v}");
            state = v;
        }
        let (s, r) = call(&app, "GET", &format!("{uri}/review?ply=0"), None, None).await;
        assert_eq!(s, StatusCode::OK, "{game}: {r}");
        assert_eq!(r["games"][0]["game"], game, "{r}");
        let (_, rec) = call(&app, "GET", &format!("{uri}/record"), None, None).await;
        let (s, r) = call(&app, "POST", "/api/v1/review", None, Some(json!({"record": rec, "ply": 0}))).await;
        assert_eq!(s, StatusCode::OK, "{game}: {r}");
        assert_eq!(r["games"][0]["game"], game, "{r}");
    }
    let doc = include_str!("../../../docs/INTERFACE.md").split_whitespace().collect::<Vec<_>>().join(" ");
    for claim in ["read matches of Plakoto only", "`review` and `bearoff` take Plakoto only"] {
        assert!(!doc.contains(claim), "INTERFACE.md still says `{claim}`");
    }
    assert!(doc.contains("Reviews (`/review`, `/reviews`) read matches of every game"), "INTERFACE.md");
}
