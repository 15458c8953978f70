//! `plakoto review` through the binary: a move list reviewed to JSON, the
//! doubted plays judged again by rollouts, and bad input refused naming
//! the line.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

const GAME: &str = "white starts\n6-5: 24/13\n5-3: 24/19 24/21\n6-4: 24/18 24/20\n";

fn review(args: &[&str], input: &str) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_plakoto"))
        .arg("review")
        .arg("-")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A refused command line exits before reading: a broken pipe is fine.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().unwrap();
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

#[test]
fn a_move_list_is_reviewed_and_its_doubted_plays_rolled_out() {
    let (ok, out, err) = review(&["--ply", "0", "--json"], GAME);
    assert!(ok, "{err}");
    let searched: Value = serde_json::from_str(&out).unwrap();
    assert!(searched.get("rollout").is_none());
    let first = &searched["games"][0]["turns"][0];
    assert_eq!(first["played"], "24/18/13");
    // Running one checker 11 pips at the start is a clear error to the
    // network (how large depends on the weights shipped): marked at least bad.
    assert!(first["loss"].as_f64().unwrap() > 0.08, "{first}");
    assert!(first["mark"] == "bad" || first["mark"] == "very-bad", "{first}");

    let (ok, out, err) = review(&["--ply", "0", "--rollout", "72", "--seed", "3", "--json"], GAME);
    assert!(ok, "{err}");
    assert!(err.contains("doubted plays rolled out (72 trials each)"), "{err}");
    let rolled: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(rolled["rollout"], 72);
    let again = &rolled["games"][0]["turns"][0];
    assert_ne!(again["loss"], first["loss"], "the rollout judged the doubted play");
    let total: f64 = rolled["games"][0]["turns"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["side"] == "white")
        .map(|t| t["loss"].as_f64().unwrap())
        .sum();
    assert!((rolled["players"]["white"]["total_loss"].as_f64().unwrap() - total).abs() < 1e-9);
}

#[test]
fn bad_input_is_refused_naming_the_line() {
    let (ok, _, err) = review(&[], "white starts\n6-5: 24/13\n5-3: 24/12\n");
    assert!(!ok);
    assert!(err.contains("line 3"), "{err}");
    let (ok, _, err) = review(&["--seed", "3"], GAME);
    assert!(!ok && err.contains("--rollout"), "{err}");
    let (ok, _, err) = review(&["--rollout", "5"], GAME);
    assert!(!ok && err.contains("36"), "{err}");
}
