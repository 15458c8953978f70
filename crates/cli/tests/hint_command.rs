//! `tavli hint`: the text and the JSON agree on what a play loses
//! against the best, the JSON names the position by its ID, and the search
//! is at full depth unless asked otherwise.

mod common;

use std::process::Command;

use common::BIN;
use serde_json::Value;

fn hint(args: &[&str]) -> String {
    let out = Command::new(BIN).arg("hint").args(args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn text_and_json_agree_on_the_loss_and_json_has_the_id() {
    // A roll with many plays.
    let pos = r#"{"turn":"white","board":{"13":5,"8":5,"6":5,"1":-15}}"#;
    let id = tavli_core::parse_position(pos).unwrap().id();
    let json: Value = serde_json::from_str(&hint(&[pos, "5-3", "--json", "--ply", "1"])).unwrap();
    assert_eq!(json["id"], id.as_str());
    assert_eq!(json["ply"], 1);
    let plays = json["plays"].as_array().unwrap();
    assert!(plays.len() > 2);
    let text = hint(&[pos, "5-3", "--ply", "1", "--top", "100"]);
    let lines: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(lines.len(), plays.len(), "{text}");
    for (i, (p, line)) in plays.iter().zip(&lines).enumerate() {
        let diff = p["diff"].as_f64().unwrap();
        assert!(diff >= 0.0, "diff is best minus this: {diff}");
        assert!(line.contains(p["notation"].as_str().unwrap()), "{line}");
        if i == 0 {
            assert!(!line.contains("loss"), "the best play has no loss: {line}");
        } else if format!("{diff:.3}") != "0.000" {
            assert!(line.contains(&format!("loss {diff:.3}")), "{line} / {diff}");
        }
    }
    assert!(!text.contains("-0.000"), "{text}");
}

#[test]
fn top_0_and_the_default_ply() {
    let text = hint(&["start", "6-4", "--top", "0"]);
    let n =
        serde_json::from_str::<Value>(&hint(&["start", "6-4", "--json"])).unwrap()["plays"].as_array().unwrap().len();
    assert!(text.ends_with(&format!("     {n} legal plays (--top N shows them)\n")), "{text:?}");
    assert_eq!(text.lines().count(), 2, "{text}");
    let json: Value = serde_json::from_str(&hint(&["start", "6-4", "--json"])).unwrap();
    assert_eq!(json["ply"], 2, "2-ply unless asked");
    assert_eq!(json["plays"][0]["ply"], 2);
    assert!(hint(&["start", "6-4"]).contains("(2-ply)"));
    let top1 = hint(&["start", "6-4", "--top", "1"]);
    assert!(
        top1.ends_with(&format!("     … {} more play{} (--top N)\n", n - 1, if n == 2 { "" } else { "s" })),
        "{top1}"
    );
}

/// A reader that has gone away (`tavli hint … | head -1` once head is
/// done) ends the command quietly: no panic message, and not the panic's
/// exit status, but SIGPIPE's end, as Unix tools do.
#[cfg(unix)]
#[test]
fn a_reader_that_goes_away_ends_the_output_quietly() {
    use std::os::unix::process::ExitStatusExt;
    use std::process::Stdio;
    let mut child = Command::new(BIN)
        .args(["hint", "start", "6-4", "--ply", "1", "--top", "100"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Close the reading end before the command has searched and printed.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    // SIGPIPE is 13 on Linux and the BSDs.
    assert_eq!(out.status.signal(), Some(13), "{:?} {stderr}", out.status);
}

/// `hint AoMM6Y6P8pcAAAA 4-3 --score 1-0 --length 3` said "ranked by the
/// match-winning chance" and listed 92.0% above 92.2% (a 2-ply figure
/// above a 1-ply one), and its loss column was not the difference of the
/// column beside it. Now the chances only go down the list, each shown
/// beside the equity, and the loss is the chance lost.
#[test]
fn at_a_score_the_plays_are_in_order_of_the_chance_to_win_the_match_and_the_loss_is_that_chance_lost() {
    let args = ["AoMM6Y6P8pcAAAA", "4-3", "--score", "1-0", "--length", "3"];
    let json: Value = serde_json::from_str(&hint(&[&args[..], &["--json"]].concat())).unwrap();
    let plays = json["plays"].as_array().unwrap();
    let chance = |p: &Value| p["match_winning_chance"].as_f64().unwrap();
    for w in plays.windows(2) {
        assert!(chance(&w[0]) >= chance(&w[1]), "{} then {}", w[0]["notation"], w[1]["notation"]);
        assert!(w[0]["diff"].as_f64() <= w[1]["diff"].as_f64());
    }
    let text = hint(&[&args[..], &["--top", "10"]].concat());
    assert!(
        text.contains("ranked by the match-winning chance (match), the side on roll needing 2 against 3"),
        "{text}"
    );
    let best = chance(&plays[0]);
    for (p, line) in plays.iter().zip(text.lines().skip(2)).take(10) {
        assert!(line.contains(&format!("match {:5.1}%", 100.0 * chance(p))), "{line}");
        let lost = format!("{:.1}", 100.0 * (best - chance(p)));
        if lost != "0.0" {
            assert!(line.contains(&format!("loss {lost}%")), "{line}");
        }
    }
}

/// `eval` searched 0-ply by default while `hint` searched 2-ply, so the two
/// disagreed about the same position; both are 2-ply unless asked.
#[test]
fn eval_and_hint_search_as_deep_by_default() {
    let out = Command::new(BIN).args(["eval", "start", "--json"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let hinted: Value = serde_json::from_str(&hint(&["start", "6-4", "--json"])).unwrap();
    assert_eq!(json["ply"], hinted["ply"]);
    assert_eq!(json["ply"], 2);
    let help = Command::new(BIN).args(["eval", "--help"]).output().unwrap();
    assert!(
        String::from_utf8_lossy(&help.stdout).contains("[default: 2]"),
        "{}",
        String::from_utf8_lossy(&help.stdout)
    );
}

/// Portes positions are evaluated and their plays ranked by the Portes
/// network: the classic 3-1 makes the 5-point, the JSON names the game,
/// the ranking agrees with its text, and there is no draw in Portes.
/// Fevga's by the Fevga network.
#[test]
fn portes_positions_are_evaluated_and_hinted_and_fevga_is_refused() {
    let json: Value =
        serde_json::from_str(&hint(&["start", "3-1", "--game", "portes", "--ply", "1", "--json"])).unwrap();
    assert_eq!(json["position"]["game"], "portes");
    let plays = json["plays"].as_array().unwrap();
    assert_eq!(plays[0]["notation"], "8/5 6/5", "{json}");
    assert_eq!(plays[0]["position"]["game"], "portes");
    assert!(plays.windows(2).all(|w| w[0]["diff"].as_f64() <= w[1]["diff"].as_f64()));
    let text = hint(&["start", "3-1", "--game", "portes", "--ply", "1", "--top", "3"]);
    assert!(text.lines().nth(1).unwrap().contains("8/5 6/5"), "{text}");
    let eval = |args: &[&str]| Command::new(BIN).arg("eval").args(args).output().unwrap();
    let out = eval(&["start", "--game", "portes", "--ply", "0", "--json"]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let p = &v["probabilities"];
    assert_eq!(p["draw"], 0.0);
    let sum = p["win"].as_f64().unwrap() + p["lose"].as_f64().unwrap();
    assert!((sum - 1.0).abs() < 1e-4 && p["win"].as_f64().unwrap() > 0.45, "{v}");
    let text = String::from_utf8(eval(&["start", "--game", "portes", "--ply", "0"]).stdout).unwrap();
    assert!(text.contains("win") && !text.contains("draw"), "{text}");
    // Fevga's by its network: the start is about even, and a hint ranks
    // Fevga's plays (the runner rule: 6-5 from the start moves one checker).
    let v: Value = serde_json::from_slice(&eval(&["start", "--game", "fevga", "--ply", "0", "--json"]).stdout).unwrap();
    assert_eq!(v["position"]["game"], "fevga");
    assert!((0.4..0.7).contains(&v["probabilities"]["win"].as_f64().unwrap()), "{v}");
    let json: Value =
        serde_json::from_str(&hint(&["start", "6-5", "--game", "fevga", "--ply", "1", "--json"])).unwrap();
    let plays = json["plays"].as_array().unwrap();
    assert_eq!(plays.len(), 1, "{json}");
    assert_eq!((&plays[0]["notation"], &plays[0]["position"]["game"]), (&"24/18/13".into(), &"fevga".into()));
    let json: Value =
        serde_json::from_str(&hint(&["start", "6-6", "--game", "fevga", "--ply", "0", "--json"])).unwrap();
    assert!(json["plays"].as_array().unwrap().iter().all(|p| p["position"]["game"] == "fevga"), "{json}");
}
