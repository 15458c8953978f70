//! The stateless endpoints with Tavli's three games: `/api/v1/moves` and
//! `/api/v1/turn` take a position of Portes, Plakoto or Fevga (its own
//! `game`, or the request's), give the game's plays and its reasons as
//! codes, and leave Plakoto's answers as they were; eval and hint rank
//! every game with its own network.

mod common;

use common::{app, call};

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tavli_core::Dice;
use tavli_core::tavli::{AnyPosition, GameKind};
use tavli_engine::NeuralEval;
use tower::ServiceExt;

async fn post(app: &Router, uri: &str, body: Value) -> (StatusCode, Value) {
    call(app, "POST", uri, None, Some(body)).await
}

/// Asserts an error reply: status, code, and each of `words` in the message.
#[track_caller]
fn assert_error(got: &(StatusCode, Value), status: StatusCode, code: &str, words: &[&str]) {
    assert_eq!(got.0, status, "{}", got.1);
    assert_eq!(got.1["error"]["code"], code, "{}", got.1);
    let msg = got.1["error"]["message"].as_str().unwrap();
    for w in words {
        assert!(msg.contains(w), "message `{msg}` should contain `{w}`");
    }
}

/// Portes: White has a checker on the bar (TAVLI.md's P1-like position).
fn portes_on_bar() -> Value {
    json!({"game": "portes", "turn": "white", "bar": {"white": 1},
           "board": {"24": 1, "13": 5, "8": 3, "6": 5, "1": -2, "12": -5, "17": -3, "19": -5}})
}

/// Fevga, TAVLI.md F3: White's runner on 13 is not released yet.
fn fevga_runner() -> Value {
    json!({"game": "fevga", "turn": "white", "board": {"24": 14, "13": 1, "12": -15}})
}

#[tokio::test]
async fn moves_lists_each_games_plays_as_the_core_does() {
    let app = app();
    let dice = Dice::new(3, 1).unwrap();
    for kind in GameKind::ALL {
        let (s, v) = post(&app, "/api/v1/moves", json!({"position": "start", "dice": "3-1", "game": kind})).await;
        assert_eq!(s, StatusCode::OK, "{kind}: {v}");
        let plays = AnyPosition::start(kind).legal_plays(dice);
        let got = v.as_array().unwrap();
        assert_eq!(got.len(), plays.len(), "{kind}");
        for (g, p) in got.iter().zip(&plays) {
            assert_eq!(g["notation"], p.notation(), "{kind}");
            assert_eq!(g["position"], p.position().to_json_value(), "{kind}");
            let moves: Vec<[u8; 2]> = p.moves().iter().map(|m| [m.from, m.to]).collect();
            assert_eq!(g["moves"], json!(moves), "{kind}");
        }
        // Portes's and Fevga's positions name their game; Plakoto's do not.
        let named = got[0]["position"].get("game").cloned();
        assert_eq!(named, (kind != GameKind::Plakoto).then(|| json!(kind)), "{kind}");
    }
    let (_, v) = post(&app, "/api/v1/moves", json!({"position": "start", "dice": "3-1", "game": "portes"})).await;
    assert_eq!(v.as_array().unwrap().len(), 16);
    // A position ID says its game without the field.
    let id = AnyPosition::start(GameKind::Fevga).id();
    let (s, by_id) = post(&app, "/api/v1/moves", json!({"position": id, "dice": [1, 3]})).await;
    assert_eq!(s, StatusCode::OK, "{by_id}");
    let (_, by_game) = post(&app, "/api/v1/moves", json!({"position": "start", "dice": "3-1", "game": "fevga"})).await;
    assert_eq!(by_id, by_game);
}

#[tokio::test]
async fn a_portes_checker_on_the_bar_enters_first() {
    let app = app();
    let (s, v) = post(&app, "/api/v1/moves", json!({"position": portes_on_bar(), "dice": "6-3"})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let plays = v.as_array().unwrap();
    assert!(!plays.is_empty());
    for p in plays {
        assert!(p["notation"].as_str().unwrap().starts_with("bar/"), "{p}");
        assert_eq!(p["moves"][0][0], 25, "{p}");
        assert_eq!(p["position"]["game"], "portes");
    }
}

#[tokio::test]
async fn a_portes_turn_enters_from_the_bar_move_by_move() {
    let app = app();
    let turn = |moves: Value| json!({"position": portes_on_bar(), "dice": "6-3", "moves": moves});
    let (s, v) = post(&app, "/api/v1/turn", turn(json!([]))).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let legal = v["legal_moves"].as_array().unwrap();
    assert!(!legal.is_empty() && legal.iter().all(|m| m[0] == 25), "only the bar moves first: {v}");
    assert_eq!(v["why_not_reasons"]["13"], json!({"code": "must-enter-first", "params": {"from": 13, "bar": 1}}));
    assert!(v["why_not"]["13"].as_str().unwrap().contains("on the bar"), "{v}");
    assert_eq!(v["position"]["game"], "portes");
    assert_eq!(v["id"], AnyPosition::parse(&portes_on_bar().to_string(), None).unwrap().id());

    // 13/10 before entering is refused with its code.
    let got = post(&app, "/api/v1/turn", turn(json!([[13, 10]]))).await;
    assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "illegal-move", &["bar"]);
    assert_eq!(got.1["error"]["reason"], json!({"code": "must-enter-first", "params": {"from": 13, "bar": 1}}));

    // bar/22, then 13/7: the play, hit-free, complete.
    let (s, v) = post(&app, "/api/v1/turn", turn(json!([[25, 22]]))).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["dice_left"], json!([6]));
    assert_eq!(v["position"]["bar"]["white"], 0, "{v}");
    assert!(v["complete"].is_null());
    let (s, v) = post(&app, "/api/v1/turn", turn(json!([[25, 22], [13, 7]]))).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["complete"]["notation"], "bar/22 13/7");
    assert_eq!(v["complete"]["moves"], json!([[25, 22], [13, 7]]));
    assert_eq!(v["why_not_reasons"]["13"]["code"], "too-many-moves");
    assert!(v["pips"]["white"].as_u64().unwrap() > 0);
}

#[tokio::test]
async fn a_fevga_refusal_comes_with_its_code() {
    let app = app();
    let body = |moves: Value| json!({"position": fevga_runner(), "dice": "6-3", "moves": moves});
    let got = post(&app, "/api/v1/turn", body(json!([[24, 18]]))).await;
    assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "illegal-move", &["runner"]);
    assert_eq!(got.1["error"]["reason"], json!({"code": "runner", "params": {"from": 24, "passing": false}}));
    let (s, v) = post(&app, "/api/v1/turn", body(json!([]))).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["why_not_reasons"]["24"]["code"], "runner", "{v}");
    assert_eq!(v["position"]["game"], "fevga");
    // Released on 10, the start may move: 13/10 24/18.
    let (s, v) = post(&app, "/api/v1/turn", body(json!([[13, 10], [24, 18]]))).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    // Written as it can be entered: the runner first.
    assert_eq!(v["complete"]["notation"], "13/10 24/18", "{v}");
    // One opposing checker holds a Fevga point: the code of a blocked point
    // (TAVLI.md F1: 6-6 plays 24/18 only, Black's start is on 12).
    let (s, v) =
        post(&app, "/api/v1/turn", json!({"position": "start", "game": "fevga", "dice": "6-6", "moves": [[24, 18]]}))
            .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["complete"]["notation"], "24/18", "{v}");
    assert_eq!(v["why_not_reasons"]["18"], json!({"code": "point-blocked", "params": {"point": 12}}), "{v}");
}

#[tokio::test]
async fn a_game_field_that_disagrees_with_the_position_is_a_422_naming_both() {
    let app = app();
    for uri in ["/api/v1/moves", "/api/v1/turn"] {
        let got = post(&app, uri, json!({"position": portes_on_bar(), "dice": "6-3", "game": "fevga"})).await;
        assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "bad-position", &["Portes", "Fevga"]);
        let id = AnyPosition::start(GameKind::Fevga).id();
        let got = post(&app, uri, json!({"position": id, "dice": "6-3", "game": "plakoto"})).await;
        assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "bad-position", &["Fevga", "Plakoto"]);
        let got = post(&app, uri, json!({"position": "start", "dice": "6-3", "game": "chess"})).await;
        assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "bad-request", &["portes, plakoto, fevga and gulbara"]);
    }
}

#[tokio::test]
async fn plakoto_answers_are_the_same_with_and_without_the_game_field() {
    let app = app();
    let pinned =
        json!({"turn": "white", "board": {"24": 13, "6": -1, "1": -14}, "pinned": {"6": "white"}, "off": {"white": 1}});
    for position in [json!("start"), pinned, json!("AAAA__7__gAAAA")] {
        for (uri, extra) in [
            ("/api/v1/moves", json!({})),
            ("/api/v1/turn", json!({"moves": []})),
            ("/api/v1/turn", json!({"moves": [[24, 18]]})),
        ] {
            let mut without = json!({"position": position, "dice": "6-4"});
            without.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
            let mut with = without.clone();
            with["game"] = json!("plakoto");
            let a = post(&app, uri, without).await;
            let b = post(&app, uri, with).await;
            assert_eq!(a.0, StatusCode::OK, "{uri} {position}: {}", a.1);
            assert_eq!(a.1.to_string(), b.1.to_string(), "{uri} {position}");
        }
    }
    // Plakoto's plays are as the core writes them: position JSON without `game`.
    let (_, v) = post(&app, "/api/v1/moves", json!({"position": "start", "dice": "6-4"})).await;
    let start = tavli_core::Position::start();
    let want: Vec<Value> = start
        .legal_plays(Dice::new(6, 4).unwrap())
        .iter()
        .map(|p| {
            json!({
                "moves": p.moves().iter().map(|m| [m.from, m.to]).collect::<Vec<_>>(),
                "notation": p.notation(),
                "position": serde_json::to_value(p.position()).unwrap(),
                "result": p.result(),
            })
        })
        .collect();
    assert_eq!(v, json!(want));
    let (_, t) = post(&app, "/api/v1/turn", json!({"position": "start", "dice": "6-4"})).await;
    assert_eq!(t["position"], serde_json::to_value(start).unwrap());
    assert_eq!(t["id"], start.id());
    assert!(t["why_not_reasons"].get("25").is_none(), "Plakoto has no bar: {t}");
}

/// `/api/v1/eval` and `/api/v1/hint` serve every game, each with that
/// game's own network: the figures are the engine's for that game.
#[tokio::test]
async fn eval_and_hint_use_each_games_own_network() {
    use tavli_core::portes;
    use tavli_engine::{NetGame, Search, analysis};
    let app = app();
    for kind in GameKind::ALL {
        let (s, v) = post(&app, "/api/v1/eval", json!({"position": "start", "game": kind.name()})).await;
        assert_eq!(s, StatusCode::OK, "{kind}: {v}");
        assert_eq!(v["position"], serde_json::to_value(AnyPosition::start(kind)).unwrap(), "{kind}");
        let want = match AnyPosition::start(kind) {
            AnyPosition::Portes(p) => {
                analysis::evaluate(&Search::new(portes::Position::shipped_eval(None).unwrap(), 0), &p).equity
            }
            AnyPosition::Plakoto(p) => analysis::evaluate(&Search::new(NeuralEval::shipped(None), 0), &p).equity,
            AnyPosition::Fevga(p) => {
                analysis::evaluate(&Search::new(tavli_core::fevga::Position::shipped_eval(None).unwrap(), 0), &p).equity
            }
            AnyPosition::GulBara(p) => {
                analysis::evaluate(&Search::new(tavli_core::gulbara::Position::playing_eval(None), 0), &p).equity
            }
        };
        assert!((v["equity"].as_f64().unwrap() - f64::from(want)).abs() < 1e-5, "{kind}: {v} against {want}");
    }
    // Portes from the bar: every ranked play enters first, best first.
    let (s, v) = post(&app, "/api/v1/hint", json!({"position": portes_on_bar(), "dice": "6-4", "ply": 0})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let plays = v["plays"].as_array().unwrap();
    assert_eq!(
        plays.len(),
        AnyPosition::from_json(&portes_on_bar().to_string()).unwrap().legal_plays(Dice::new(6, 4).unwrap()).len()
    );
    assert!(plays.iter().all(|p| p["moves"][0][0] == 25), "{v}");
    assert!(plays.windows(2).all(|w| w[0]["equity"].as_f64() >= w[1]["equity"].as_f64()), "{v}");
    // Fevga mid-turn: only what the runner's move can become, and its cost.
    let body = json!({"position": "start", "game": "fevga", "dice": "6-3", "ply": 0, "moves": [[24, 18]]});
    let (s, v) = post(&app, "/api/v1/hint", body).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert!(v["plays"].as_array().unwrap().iter().all(|p| p["notation"].as_str().unwrap().contains("24/18")), "{v}");
    assert!(v["loss"].as_f64().unwrap() >= 0.0 && v["best"].is_object(), "{v}");
    // A move the runner rule forbids is refused with its code.
    let body = json!({"position": fevga_runner(), "dice": "6-3", "ply": 0, "moves": [[24, 18]]});
    let got = post(&app, "/api/v1/hint", body).await;
    assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "illegal-move", &[]);
    assert_eq!(got.1["error"]["reason"]["code"], "runner", "{}", got.1);
    // A play made, judged among the plays of its roll.
    let body = json!({"position": "start", "game": "portes", "dice": "3-1", "ply": 0, "played": [[8, 5], [6, 5]]});
    let (s, v) = post(&app, "/api/v1/hint", body).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["played"]["notation"], "8/5 6/5", "{v}");
    assert!(v["played"]["rank"].as_u64().unwrap() >= 1, "{v}");
}

/// In a Tavli match a hint ranks by the chance to win the match, valued
/// by the Tavli table (the games to come), and says so in each play.
#[tokio::test]
async fn a_hint_in_a_tavli_match_ranks_by_the_match() {
    let app = app();
    let body = json!({"position": "start", "game": "fevga", "dice": "6-4", "ply": 0,
        "score": {"length": 5, "mine": 3, "theirs": 2}, "games": "tavli"});
    let (s, v) = post(&app, "/api/v1/hint", body).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let plays = v["plays"].as_array().unwrap();
    assert!(plays.iter().all(|p| p["match_winning_chance"].is_number()), "{v}");
    let mwc: Vec<f64> = plays.iter().map(|p| p["match_winning_chance"].as_f64().unwrap()).collect();
    assert!(mwc.windows(2).all(|w| w[0] >= w[1]), "ranked by the match: {mwc:?}");
    let got = post(&app, "/api/v1/hint", json!({"position": "start", "dice": "6-4", "games": "backgammon"})).await;
    assert_eq!(got.0, StatusCode::UNPROCESSABLE_ENTITY, "{}", got.1);
}

/// A match's set-up position must be of its first game.
#[tokio::test]
async fn a_match_from_a_position_of_another_game_is_refused_naming_both() {
    let app = app();
    let got = post(&app, "/api/v1/matches", json!({"opponent": "human", "position": fevga_runner()})).await;
    assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "bad-position", &["Fevga", "Plakoto"]);
    let body = json!({"opponent": "human", "games": "tavli", "position": fevga_runner()});
    let got = post(&app, "/api/v1/matches", body).await;
    assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "bad-position", &["Fevga", "Portes"]);
    let body = json!({"opponent": "human", "games": "fevga", "position": fevga_runner()});
    let (s, v) = post(&app, "/api/v1/matches", body).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(v["game"]["game"], "fevga", "{v}");
    // A game out of Tavli's rotation is played too (the page draws it),
    // and its set-up position must be its own.
    let (s, v) = post(&app, "/api/v1/matches", json!({"opponent": "human", "games": "gulbara"})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!((v["game"]["game"].as_str(), v["rules"]["games"].as_str()), (Some("gulbara"), Some("gulbara")), "{v}");
    let body = json!({"opponent": "human", "games": "gulbara", "position": fevga_runner()});
    let got = post(&app, "/api/v1/matches", body).await;
    assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "bad-position", &["Fevga", "Gul bara"]);
}

/// The named games and the Tabla match: positions, plays and matches say
/// their own name, and each plays by its own rules.
#[tokio::test]
async fn named_games_and_the_tabla_match_are_served() {
    let app = app();
    // REGIONAL.md TP2 as Mahbusa's: the mother played out, six plays.
    let mahbusa = json!({"game": "mahbusa", "turn": "white",
                         "board": {"12": -14, "7": 1, "6": 3, "5": 3, "4": 3, "3": 3, "2": 2, "1": -1}});
    let (s, v) = post(&app, "/api/v1/moves", json!({"position": mahbusa, "dice": "6-1"})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v.as_array().unwrap().len(), 6, "{v}");
    let mut tapa = mahbusa.clone();
    tapa["game"] = json!("tapa");
    let (_, v) = post(&app, "/api/v1/moves", json!({"position": tapa, "dice": "6-1"})).await;
    assert_eq!(v.as_array().unwrap().len(), 7, "{v}");
    for uri in ["/api/v1/eval", "/api/v1/hint"] {
        let (s, v) = post(&app, uri, json!({"position": "start", "game": "Табла", "dice": "6-4", "ply": 0})).await;
        assert_eq!(s, StatusCode::OK, "{uri}: {v}");
        assert_eq!(v["position"]["game"], "tabla", "{uri}: {v}");
    }
    // A hint at a Tabla match's score.
    let body = json!({"position": "start", "game": "tapa", "dice": "6-4", "ply": 0,
                      "score": {"length": 5, "mine": 2, "theirs": 1}, "games": "tabla"});
    let (s, v) = post(&app, "/api/v1/hint", body).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert!(v["plays"][0]["match_winning_chance"].is_number(), "{v}");
    // Matches: the Tabla match to 5, and Mahbusa with its own defaults.
    let (s, v) = post(&app, "/api/v1/matches", json!({"opponent": "human", "games": "tabla", "seed": 4})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!((v["rules"]["games"].as_str(), v["game"]["game"].as_str()), (Some("tabla"), Some("tabla")), "{v}");
    assert_eq!(v["match_to"], 5, "{v}");
    assert_eq!(v["game"]["next_game"], "gulbara", "{v}");
    let (s, v) = post(&app, "/api/v1/matches", json!({"opponent": "human", "games": "mahbusa", "seed": 4})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!((v["rules"]["games"].as_str(), v["game"]["game"].as_str()), (Some("mahbusa"), Some("mahbusa")), "{v}");
}

#[tokio::test]
async fn openapi_describes_the_game_field() {
    let req = Request::builder().uri("/api/v1/openapi.json").body(Body::empty()).unwrap();
    let res = app().oneshot(req).await.unwrap();
    let v: Value = serde_json::from_slice(&res.into_body().collect().await.unwrap().to_bytes()).unwrap();
    let schemas = &v["components"]["schemas"];
    for request in ["MovesRequest", "TurnRequest", "EvalRequest", "HintRequest"] {
        assert!(schemas[request]["properties"]["game"].is_object(), "{request}: {}", schemas[request]);
    }
    assert_eq!(
        schemas["GameJson"]["enum"],
        json!(["portes", "plakoto", "fevga", "gulbara", "tapa", "tsilliton", "mahbusa", "tabla"]),
        "{}",
        schemas["GameJson"]
    );
}

/// Game names are read one way everywhere: a request's `game` and a
/// position's own `game` take "Portes" as match creation, `--game` and
/// move lists do; a `game` given twice or null is refused for that.
#[tokio::test]
async fn game_names_are_read_in_any_case_and_a_doubled_or_null_game_is_named() {
    let app = app();
    for uri in ["/api/v1/moves", "/api/v1/turn", "/api/v1/eval", "/api/v1/hint"] {
        let (s, v) = post(&app, uri, json!({"position": "start", "dice": "3-1", "game": "Portes", "ply": 0})).await;
        assert_eq!(s, StatusCode::OK, "{uri}: {v}");
        let mut position = fevga_runner();
        position["game"] = "Fevga".into();
        let (s, v) = post(&app, uri, json!({"position": position, "dice": "3-1", "ply": 0})).await;
        assert_eq!(s, StatusCode::OK, "{uri}: {v}");
        let (s, v) = post(&app, uri, json!({"position": "start", "dice": "3-1", "game": "chess", "ply": 0})).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{uri}: {v}");
        assert!(v["error"]["message"].as_str().unwrap().contains("portes, plakoto, fevga and gulbara"), "{uri}: {v}");
    }
    let twice = r#"{"game":"portes","game":"portes","turn":"white","board":{"24":2,"13":5,"8":3,"6":5,"1":-2,"12":-5,"17":-3,"19":-5}}"#;
    let got = post(&app, "/api/v1/moves", json!({"position": twice, "dice": "3-1"})).await;
    assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "bad-position", &["`game` is given twice"]);
    let with_null = json!({"game": null, "turn": "white", "board": {"24": 15, "12": -15}});
    let got = post(&app, "/api/v1/moves", json!({"position": with_null, "dice": "3-1"})).await;
    assert_error(&got, StatusCode::UNPROCESSABLE_ENTITY, "bad-position", &["`game` must be a game name, not null"]);
}

/// An error about a long text in a request (a move list's line, a
/// position, dice, a value of the wrong type) quotes a bounded excerpt of
/// it, not the whole of it.
#[tokio::test]
async fn errors_quote_a_bounded_excerpt_of_a_long_text() {
    let app = app();
    let long = "24/18 ".repeat(10_000);
    let bounded = |(s, v): (StatusCode, Value)| {
        assert!(s.is_client_error(), "{s}: {v}");
        let msg = v["error"]["message"].as_str().unwrap().to_string();
        assert!(msg.len() < 400, "{} bytes: {}", msg.len(), &msg[..400]);
        msg
    };
    bounded(post(&app, "/api/v1/moves", json!({"position": "start", "dice": long})).await);
    bounded(post(&app, "/api/v1/moves", json!({"position": long, "dice": "6-4"})).await);
    bounded(post(&app, "/api/v1/moves", json!({"position": "start", "dice": "6-4", "game": long})).await);
    bounded(post(&app, "/api/v1/turn", json!({"position": "start", "dice": "6-4", "moves": long})).await);
    bounded(post(&app, "/api/v1/hint", json!({"position": "start", "dice": "6-4", "games": long})).await);
    let msg = bounded(post(&app, "/api/v1/reviews", json!({"text": format!("opening 5-3\n6-4: {long}\n")})).await);
    assert!(msg.contains("line 2") && msg.contains("characters)"), "{msg}");
    bounded(post(&app, "/api/v1/review", json!({"text": format!("opening 5-3\n{long}\n")})).await);
    bounded(post(&app, "/api/v1/matches", json!({"games": long})).await);
    bounded(post(&app, "/api/v1/matches", json!({"opponent": long})).await);
}
