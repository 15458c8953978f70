//! `tavli rollout` through the binary: the JSON of a position and of a
//! roll's plays, shards that merge to exactly the unsharded result, the
//! same result on one thread as on two, and refusals that say why.

use std::process::Command;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_tavli");

fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(BIN).args(args).output().expect("run plakoto");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

fn json(args: &[&str]) -> Value {
    let (ok, out, err) = run(args);
    assert!(ok, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

/// A mid-game position (Black's mother still at home, White ahead).
const MID: &str = r#"{"turn":"white","board":{"13":5,"8":5,"6":5,"20":-5,"17":-5,"12":-5}}"#;

#[test]
fn a_position_rolls_out_to_its_chances_with_their_error() {
    let v = json(&["rollout", MID, "--games", "72", "--truncate", "10", "--json"]);
    for k in ["win", "win_double", "lose", "lose_double", "draw"] {
        assert!(v["probabilities"][k].is_number(), "{v}");
    }
    assert!(v["equity"].is_number() && v["std_error"].as_f64().unwrap() > 0.0, "{v}");
    assert_eq!(v["games"], 72);
    let ci = v["ci95"].as_array().unwrap();
    assert!(ci[0].as_f64() < v["equity"].as_f64() && v["equity"].as_f64() < ci[1].as_f64());
}

#[test]
fn shards_merge_to_exactly_the_whole_rollout_on_any_number_of_threads() {
    let dir = tempfile::tempdir().unwrap();
    let common = ["rollout", MID, "5-2", "--games", "60", "--truncate", "8", "--seed", "4", "--json"];
    let whole = json(&[&common[..], &["--threads", "1"]].concat());
    let two = json(&[&common[..], &["--threads", "2"]].concat());
    assert_eq!(whole["plays"], two["plays"], "one thread and two give the same result");
    let mut files = Vec::new();
    for i in 0..3 {
        let shard = format!("{i}/3");
        let part = json(&[&common[..], &["--shard", &shard]].concat());
        let path = dir.path().join(format!("s{i}.json"));
        std::fs::write(&path, part.to_string()).unwrap();
        files.push(path.to_str().unwrap().to_string());
    }
    let mut args = vec!["rollout-merge", "--json"];
    args.extend(files.iter().map(String::as_str));
    let merged = json(&args);
    let pick = |v: &Value| -> Vec<(Value, Value, Value)> {
        v["plays"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p["notation"].clone(), p["equity"].clone(), p["std_error"].clone()))
            .collect()
    };
    assert_eq!(pick(&merged), pick(&whole), "merged shards are the whole rollout");
    assert!(whole["plays"].as_array().unwrap().len() >= 2);
}

#[test]
fn bad_requests_say_why() {
    let (ok, _, err) = run(&["rollout", MID, "--shard", "3/3"]);
    assert!(!ok && err.contains("I/N"), "{err}");
    let (ok, _, err) = run(&["rollout", r#"{"turn":"white","board":{"1":-15},"off":{"white":15}}"#]);
    assert!(!ok && err.contains("over"), "{err}");
    let (ok, _, err) = run(&["rollout-merge", "/no/such/file.json"]);
    assert!(!ok && err.contains("cannot read"), "{err}");
}

/// Portes positions roll out with the Portes network: the plays of a roll
/// are Portes plays, there is no draw, shards of a Portes rollout merge
/// to the whole, and a race home is certain for the side far ahead.
#[test]
fn portes_positions_and_plays_roll_out_and_their_shards_merge() {
    let v = json(&["rollout", "start", "--game", "portes", "--games", "36", "--truncate", "6", "--json"]);
    assert_eq!(v["position"]["game"], "portes", "{v}");
    assert_eq!(v["probabilities"]["draw"], 0.0);
    let common = ["rollout", "start", "3-1", "--game", "portes", "--games", "36", "--truncate", "6", "--json"];
    let whole = json(&common);
    let plays = whole["plays"].as_array().unwrap();
    assert!(plays.len() >= 2 && plays.iter().all(|p| p["position"]["game"] == "portes"), "{whole}");
    let dir = tempfile::tempdir().unwrap();
    let mut args = vec!["rollout-merge".to_string(), "--json".to_string()];
    for i in 0..2 {
        let part = json(&[&common[..], &["--shard", &format!("{i}/2")]].concat());
        let path = dir.path().join(format!("p{i}.json"));
        std::fs::write(&path, part.to_string()).unwrap();
        args.push(path.to_str().unwrap().to_string());
    }
    let merged = json(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let equities = |v: &Value| -> Vec<(Value, Value)> {
        v["plays"].as_array().unwrap().iter().map(|p| (p["notation"].clone(), p["equity"].clone())).collect()
    };
    assert_eq!(equities(&merged), equities(&whole));
    // White home with 2 checkers left against Black's 15 far away: a certain gammon.
    let race = r#"{"game":"portes","turn":"white","board":{"1":2,"24":-15},"off":{"white":13,"black":0}}"#;
    let v = json(&["rollout", race, "--games", "36", "--json"]);
    assert!((v["equity"].as_f64().unwrap() - 2.0).abs() < 1e-5, "{v}");
}
