//! The named games (Tapa, Tsillitón, Mahbusa, Tabla) and the Tabla match
//! through the real binary: `--game` takes every name, positions and plays
//! say it, Mahbusa's own rules hold without a match, `play --tabla` plays
//! and records the rotation, and `met --tabla` gives its table.

mod common;

use common::{ok, play_with_input, refused};
use serde_json::Value;

const TP2: &str = r#"{"game":"tapa","turn":"white","board":{"12":-14,"7":1,"6":3,"5":3,"4":3,"3":3,"2":2,"1":-1}}"#;

#[test]
fn moves_and_perft_take_every_name() {
    let plakoto = ok(&["moves", "start", "6-5"]);
    for name in ["tapa", "Тапа", "tsilliton", "Τσιλλιτόν", "tsiliton"] {
        assert_eq!(ok(&["moves", "start", "6-5", "--game", name]), plakoto, "{name}");
    }
    let out = ok(&["moves", "start", "6-5", "--game", "mahbusa", "--json"]);
    let plays: Vec<Value> = serde_json::from_str(&out).unwrap();
    assert!(plays.iter().all(|p| p["position"]["game"] == "mahbusa"), "{out}");
    assert_eq!(ok(&["perft", "start", "2", "--game", "tabla"]), ok(&["perft", "start", "2", "--game", "portes"]));
    assert_eq!(ok(&["perft", "tapa.AAAA__7__gAAAA", "2"]), ok(&["perft", "start", "2"]));
    let out = ok(&["moves", "start", "3-1", "--game", "Табла", "--json"]);
    assert!(out.contains(r#""game":"tabla""#), "{out}");
    let e = refused(&["moves", "start", "3-1", "--game", "tawla"]);
    assert!(e.contains("tapa, tsilliton, mahbusa and tabla"), "{e}");
    // A name's position is not its base's.
    let e = refused(&["moves", "tapa.AAAA__7__gAAAA", "6-5", "--game", "plakoto"]);
    assert!(e.contains("a Tapa position"), "{e}");
    // The networks' commands name the base game.
    let e = refused(&["train", "--game", "mahbusa"]);
    assert!(e.contains("Plakoto's network") && e.contains("--game plakoto"), "{e}");
}

#[test]
fn tp2_and_mb2_the_mother_by_each_game_s_rules() {
    // Tapa: RULES.md's standing condition, seven plays.
    assert_eq!(ok(&["moves", TP2, "6-1"]).lines().count(), 7);
    // The same board as Mahbusa's: the mother played out, six plays.
    let mahbusa = TP2.replace("tapa", "mahbusa");
    let out = ok(&["moves", &mahbusa, "6-1", "--json"]);
    let plays: Vec<Value> = serde_json::from_str(&out).unwrap();
    assert_eq!(plays.len(), 6);
    assert!(plays.iter().all(|p| p["result"].is_null()), "{out}");
}

#[test]
fn eval_and_hint_play_the_names_with_their_base_s_network() {
    let out = ok(&["eval", "start", "--game", "mahbusa", "--ply", "0", "--json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["id"].as_str(), v["position"]["game"].as_str()), (Some("mahbusa.AAAA__7__gAAAA"), Some("mahbusa")));
    let plakoto: Value = serde_json::from_str(&ok(&["eval", "start", "--ply", "0", "--json"])).unwrap();
    assert_eq!(v["equity"], plakoto["equity"], "the same network");
    let out = ok(&["hint", "start", "6-4", "--game", "tabla", "--ply", "0", "--json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert!(v["plays"].as_array().unwrap().iter().all(|p| p["position"]["game"] == "tabla"), "{out}");
    // A Tabla match's score, valued by the Tabla table.
    let out =
        ok(&["hint", "start", "6-4", "--game", "tapa", "--ply", "0", "--score", "2-1", "--length", "5", "--tabla"]);
    assert!(out.contains('%'), "{out}");
}

#[test]
fn a_tabla_match_is_played_recorded_replayed_and_reviewed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tabla.json");
    let p = path.to_str().unwrap();
    let out = play_with_input(
        &[
            "play",
            "--tabla",
            "--white",
            "heuristic",
            "--black",
            "random",
            "--seed",
            "5",
            "--save",
            p,
            "--color",
            "never",
        ],
        "",
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(said.contains("A Tabla match: Tabla, Gul bara, Tapa"), "{said}");
    assert!(said.contains("=== Game 1: Tabla · Tabla match to 5 ==="), "{said}");
    assert!(said.contains("=== Game 2: Gul bara · Tabla match to 5 ==="), "{said}");
    let rec: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!((rec["rules"]["games"].as_str(), rec["match_to"].as_u64()), (Some("tabla"), Some(5)));
    assert_eq!((rec["games"][0]["game"].as_str(), rec["games"][1]["game"].as_str()), (Some("tabla"), Some("gulbara")));
    assert!(ok(&["verify", p]).contains("the dice check out"));
    let replay = ok(&["replay", p, "--all", "--color", "never"]);
    assert!(replay.contains("Game 1: Tabla · Tabla match to 5"), "{replay}");
    let review: Value = serde_json::from_str(&ok(&["review", p, "--ply", "0", "--json"])).unwrap();
    assert_eq!(review["match_games"], "tabla");
    assert_eq!(review["games"][0]["game"], "tabla");
    assert!(!review["by_game"].as_array().unwrap().is_empty());
}

#[test]
fn a_mahbusa_match_by_count_with_its_options() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mahbusa.json");
    let p = path.to_str().unwrap();
    let args = ["play", "--game", "mahbusa", "--white", "random", "--black", "random", "--seed", "3"];
    let opts = ["--option", "count-to-31", "--option", "bear-off-past-pins", "--save", p, "--color", "never"];
    let out = play_with_input(&[&args[..], &opts[..]].concat(), "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let rec: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(rec["match_to"], 31, "a count is to 31 unless told");
    assert_eq!(rec["rules"]["games"], "mahbusa");
    assert_eq!(rec["rules"]["scoring"], "count");
    assert_eq!(rec["rules"]["plakoto"]["bear-off"], "past-pins");
    // Mahbusa's own defaults are not written: its opening dice are played.
    assert!(rec["rules"].get("opening-dice-played").is_none(), "{}", rec["rules"]);
    let first = &rec["games"][0];
    let opening = first["opening"].as_array().unwrap().last().unwrap().clone();
    let mut pair: Vec<u64> = opening.as_array().unwrap().iter().map(|d| d.as_u64().unwrap()).collect();
    pair.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(first["turns"][0]["dice"], serde_json::json!(pair), "MB1: the opening dice are the first roll");
    let winner_points = rec["games"][0]["result"]["points"].as_u64().unwrap();
    assert!(winner_points >= 1, "{}", rec["games"][0]);
    assert!(ok(&["verify", p]).contains("the dice check out"));
}

/// A person's Mahbusa game begins with its heading and roll-off, the
/// opening dice then played as the first roll (not told as a game resumed).
#[test]
fn a_mahbusa_game_begins_with_the_opening_dice_to_play() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.json");
    let p = path.to_str().unwrap();
    let args = ["play", "--game", "mahbusa", "--black", "heuristic", "--seed", "1", "--save", p, "--color", "never"];
    let out = play_with_input(&args, "quit\n");
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(said.contains("=== Game 1: Mahbusa · one game ===") && said.contains("Opening roll"), "{said}");
    assert!(!said.contains("Resuming"), "{said}");
}

#[test]
fn met_gives_the_tabla_match_s_table() {
    let v: Value = serde_json::from_str(&ok(&["met", "--tabla", "--length", "5", "--json"])).unwrap();
    assert_eq!(v["games"], "tabla");
    let tables = v["tables"].as_object().unwrap();
    let keys: Vec<&str> = tables.keys().map(String::as_str).collect();
    for g in ["tabla", "gulbara", "tapa"] {
        assert!(keys.contains(&g), "{keys:?}");
    }
    // A match to 5 starts even.
    let even = tables["tabla"][4][4].as_f64().unwrap();
    assert!((even - 0.5).abs() < 1e-9, "{even}");
    // Tabla's chances are Portes's, Tapa's Plakoto's.
    let tavli: Value = serde_json::from_str(&ok(&["met", "--tavli", "--length", "5", "--json"])).unwrap();
    assert_eq!(v["chances"]["tabla"], tavli["chances"]["portes"]);
    assert_eq!(v["chances"]["tapa"], tavli["chances"]["plakoto"]);
    let text = ok(&["met", "--tabla", "--length", "3"]);
    assert!(text.contains("A Tabla match") && text.contains("Gul bara"), "{text}");
    let e = refused(&["met", "--measure", "10"]);
    assert!(e.contains("--tavli or --tabla"), "{e}");
}
