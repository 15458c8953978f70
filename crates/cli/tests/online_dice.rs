//! Dice no one alone can know or choose, through the real server: an online
//! match refuses a chosen seed or position, rolls nothing until both seats
//! have given their share, and its record lets `tavli verify` check every
//! roll against the commitment and both contributions.

mod server;

use std::process::Command;

use serde_json::{Value, json};
use server::{Server, request, request_as};

const WHITE_SHARE: &str = "1111111111111111111111111111111111111111111111111111111111111111";
const BLACK_SHARE: &str = "2222222222222222222222222222222222222222222222222222222222222222";

fn create(addr: &str, body: Value) -> (u16, Value) {
    request(addr, "POST", "/api/v1/matches", Some(&body)).unwrap()
}

fn verify(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tavli")).arg("verify").args(args).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

#[test]
fn the_creator_of_an_online_match_can_neither_choose_nor_know_its_dice() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("m.db"));
    let addr = &server.addr;
    // A chosen seed (which would tell the creator every roll) or position: refused.
    let (s, e) = create(addr, json!({"opponent": "online", "seed": 7}));
    assert_eq!((s, e["error"]["code"].as_str()), (422, Some("bad-request")), "{e}");
    assert!(e["error"]["message"].as_str().unwrap().contains("seed"), "{e}");
    let (s, e) = create(addr, json!({"opponent": "online", "position": "start"}));
    assert_eq!(s, 422, "{e}");
    assert!(e["error"]["message"].as_str().unwrap().contains("position"), "{e}");
    let (s, e) = create(addr, json!({"opponent": "online", "contribution": "xyz"}));
    assert_eq!(s, 422, "{e}");
    assert!(e["error"]["message"].as_str().unwrap().contains("64 hex digits"), "{e}");
    let (s, e) = create(addr, json!({"opponent": "engine", "contribution": WHITE_SHARE}));
    assert_eq!(s, 422, "{e}");

    // The creator's share is in; nothing is rolled before the friend's is.
    let (s, m) = create(addr, json!({"opponent": "online", "human_color": "white", "contribution": WHITE_SHARE}));
    assert_eq!(s, 201, "{m}");
    assert_eq!(m["game"]["dice"], Value::Null, "{m}");
    assert_eq!(m["to_act"], Value::Null, "{m}");
    assert_eq!(m["dice_from"]["kind"], "contributions");
    assert_eq!(m["dice_from"]["contributions"], json!({"white": WHITE_SHARE, "black": null}));
    let commitment = m["dice_from"]["commitment"].as_str().unwrap().to_string();
    let id = m["id"].as_str().unwrap().to_string();
    let white = m["seat"]["token"].as_str().unwrap().to_string();
    let join = json!({"invite": m["invite"], "contribution": BLACK_SHARE});
    let (s, joined) = request(addr, "POST", &format!("/api/v1/matches/{id}/join"), Some(&join)).unwrap();
    assert_eq!(s, 200, "{joined}");
    assert!(joined["game"]["dice"].is_array(), "the opening roll comes with the second share: {joined}");
    assert_eq!(joined["version"], 2);
    assert_eq!(joined["dice_from"]["contributions"], json!({"white": WHITE_SHARE, "black": BLACK_SHARE}));
    assert_eq!(joined["dice_from"]["commitment"], commitment.as_str());
    let black = joined["seat"]["token"].as_str().unwrap().to_string();

    // Played a few turns, then resigned: the record reveals the seed.
    let mut state = joined;
    for _ in 0..6 {
        let token = if state["to_act"]["side"] == "white" { &white } else { &black };
        let play = json!({"moves": state["game"]["plays"][0]["moves"], "version": state["version"]});
        let (s, v) = request_as(addr, "POST", &format!("/api/v1/matches/{id}/play"), Some(&play), Some(token)).unwrap();
        assert_eq!(s, 200, "{v}");
        state = v;
    }
    let (_, live) = request(addr, "GET", &format!("/api/v1/matches/{id}/record"), None).unwrap();
    assert_eq!(live["seed"], Value::Null, "hidden while played");
    let file = dir.path().join("live.json");
    std::fs::write(&file, live.to_string()).unwrap();
    let (ok, said) = verify(&[file.to_str().unwrap()]);
    assert!(!ok && said.contains("not revealed yet"), "{said}");
    let resign = json!({"version": state["version"]});
    let (s, over) =
        request_as(addr, "POST", &format!("/api/v1/matches/{id}/resign"), Some(&resign), Some(&white)).unwrap();
    assert_eq!((s, over["over"].as_bool()), (200, Some(true)), "{over}");
    let (_, record) = request(addr, "GET", &format!("/api/v1/matches/{id}/record"), None).unwrap();
    assert_eq!(record["version"], 3);
    assert_eq!(record["seed_sha256"], commitment.as_str());
    let file = dir.path().join("record.json");
    std::fs::write(&file, record.to_string()).unwrap();

    let (ok, said) = verify(&[file.to_str().unwrap(), "--mine", BLACK_SHARE]);
    assert!(ok, "{said}");
    assert!(said.contains("the dice check out") && said.contains("your contribution is black's"), "{said}");
    let (ok, said) = verify(&[file.to_str().unwrap(), "--json"]);
    assert!(ok, "{said}");
    let v: Value = serde_json::from_str(said.trim()).unwrap();
    assert_eq!(v["fair"], true);
    assert!(v["dice"].as_u64().unwrap() >= 14, "{v}");
    // Someone else's share is not in it.
    let (ok, said) = verify(&[file.to_str().unwrap(), "--mine", &"3".repeat(64)]);
    assert!(!ok && said.contains("is not in this record"), "{said}");
    // A record whose share was changed afterwards does not check out: the
    // first die that differs is named, in the opening roll-off or, when the
    // roll-off happens to come out the same (about one record in 36), in a
    // later turn.
    let mut forged = record.clone();
    forged["contributions"]["black"] = json!("4".repeat(64));
    std::fs::write(&file, forged.to_string()).unwrap();
    let (ok, said) = verify(&[file.to_str().unwrap()]);
    let named = said.contains("is not what seed") || said.contains("are not what the seed gives");
    assert!(!ok && said.contains("does not check out") && named, "{said}");
    // Nor one whose seed does not match the commitment.
    let mut forged = record;
    forged["seed"] = json!("5".repeat(64));
    std::fs::write(&file, forged.to_string()).unwrap();
    let (ok, said) = verify(&[file.to_str().unwrap()]);
    assert!(!ok && said.contains("commitment"), "{said}");
}

#[test]
fn a_friend_joining_without_a_share_gets_one_drawn_by_the_server() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("m.db"));
    let (s, m) = create(&server.addr, json!({"opponent": "online"}));
    assert_eq!(s, 201, "{m}");
    assert!(m["dice_from"]["contributions"][m["seat"]["side"].as_str().unwrap()].is_string(), "{m}");
    let id = m["id"].as_str().unwrap();
    let (s, j) =
        request(&server.addr, "POST", &format!("/api/v1/matches/{id}/join"), Some(&json!({"invite": m["invite"]})))
            .unwrap();
    assert_eq!(s, 200, "{j}");
    assert!(
        j["dice_from"]["contributions"]["white"].is_string() && j["dice_from"]["contributions"]["black"].is_string()
    );
    assert!(j["game"]["dice"].is_array());
}
