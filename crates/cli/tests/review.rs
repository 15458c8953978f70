//! `tavli review` through the binary: a move list reviewed to JSON, the
//! doubted plays judged again by rollouts, and bad input refused naming
//! the line.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

const GAME: &str = "white starts\n6-5: 24/13\n5-3: 24/19 24/21\n6-4: 24/18 24/20\n";

fn review(args: &[&str], input: &str) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tavli"))
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

/// A 2-point resignation at move 1 got no mark: the review judged only
/// plays. It is judged against playing on, and marked as a play is.
#[test]
fn a_resignation_is_judged_against_playing_on() {
    let game = "white starts\n6-4: 24/18 24/20\nblack resigns\n";
    let (ok, out, err) = review(&["--ply", "0", "--json"], game);
    assert!(ok, "{err}");
    let r: Value = serde_json::from_str(&out).unwrap();
    let resigned = &r["games"][0]["resignation"];
    assert_eq!((resigned["side"].as_str(), resigned["points"].as_u64()), (Some("black"), Some(2)), "{resigned}");
    assert!(resigned["loss"].as_f64().unwrap() > 1.5, "{resigned}");
    assert_eq!(resigned["mark"], "very-bad");
    assert_eq!(r["players"]["black"]["very_bad"], 1);
    let (ok, out, err) = review(&["--ply", "0"], game);
    assert!(ok, "{err}");
    let line = out.lines().find(|l| l.contains("resigns, giving 2 points")).unwrap_or_else(|| panic!("{out}"));
    assert!(line.contains("against playing on") && line.ends_with("?? very bad"), "{line}");
}

/// `review` spoke only English; it speaks Greek with `--lang el` or a Greek locale.
#[test]
fn the_review_in_greek() {
    let game = "white starts\n6-5: 24/13\n5-3: 24/19 24/21\nwhite resigns\n";
    for (args, locale) in [(&["--ply", "0", "--lang", "el"][..], None), (&["--ply", "0"][..], Some("el_GR.UTF-8"))] {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_tavli"));
        cmd.args(["review", "-"]).args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        for var in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            cmd.env_remove(var);
        }
        if let Some(l) = locale {
            cmd.env("LANG", l);
        }
        let mut child = cmd.spawn().unwrap();
        child.stdin.take().unwrap().write_all(game.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success(), "{stderr}");
        for expected in [
            "Ανάλυση σε βάθος 0· απώλειες και τύχη σε πόντους.",
            "Παρτίδα 1 (σκορ 0-0) — Τα Άσπρα παραιτούνται: τα Μαύρα κερδίζουν 2 πόντους.",
            "    1. Άσπρα 6-5: 24/18/13",
            "καλύτερη ",
            "Τα Άσπρα παραιτούνται και δίνουν 2 πόντους: χάνουν ",
            "ρυθμός λαθών",
        ] {
            assert!(stdout.contains(expected), "{expected}\n{stdout}");
        }
        assert!(stderr.contains("ζαριές αναλύθηκαν σε βάθος 0"), "{stderr}");
        for english in ["Review", "Game", "luck", "best", "points", "resigns", "plays", "rating", "doubtful", "bad"] {
            assert!(!stdout.contains(english), "{english} in:\n{stdout}");
        }
    }
}

/// `review --help` reflowed the move list's lines into one paragraph.
#[test]
fn the_help_keeps_the_move_list_line_by_line() {
    let out = Command::new(env!("CARGO_BIN_EXE_tavli")).args(["review", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(
        help.contains(
            "  match 3            (optional)\n  games tavli        (optional: tavli, portes, plakoto or fevga)\n  \
             opening 5-3        (White's die, Black's die; or `white starts`)\n  \
             6-4: 24/18 24/20\n  5-2: 24/19/17\n  black resigns\n"
        ),
        "{help}"
    );
}

/// A Tavli match to 3 entered by hand: Portes (a hit, the bar, Black
/// resigning for 2), then Plakoto.
const TAVLI: &str = "match 3\ngames tavli\nopening 6-5\n6-5: 24/18/13\n5-5: 6/1*(2) 8/3(2)\n\
    4-3: bar/21 13/10\n6-2: 13/7 13/11\nblack resigns\n6-4: 24/18 24/20\n5-3: 24/19 24/21\n";

#[test]
fn a_tavli_match_is_reviewed_game_by_game_in_text_json_and_a_graph_and_its_doubted_plays_rolled_out() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("tavli.svg");
    let (ok, out, err) = review(&["--ply", "0", "--all", "--svg", svg.to_str().unwrap()], TAVLI);
    assert!(ok, "{err}");
    assert!(out.contains("Game 1: Portes (score 0-0) — Black resigns"), "{out}");
    assert!(out.contains("Game 2: Plakoto (score 2-0)"), "{out}");
    assert!(out.contains("4-3: bar/21 13/10"), "{out}");
    // Each game's figures under it.
    assert_eq!(out.matches("White: error rate").count(), 2, "{out}");
    let graph = std::fs::read_to_string(&svg).unwrap();
    assert!(graph.contains("1 · Portes") && graph.contains("2 · Plakoto") && graph.contains("White wins the match"));

    let (ok, out, err) = review(&["--ply", "0", "--json"], TAVLI);
    assert!(ok, "{err}");
    let r: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(r["match_games"], "tavli");
    assert_eq!((r["games"][0]["game"].as_str(), r["games"][1]["game"].as_str()), (Some("portes"), Some("plakoto")));
    let blunder = &r["games"][0]["turns"][3];
    assert_eq!(blunder["played"], "13/7 13/11");
    assert!(blunder["best"].as_str().unwrap().contains('*'), "hitting is best: {blunder}");
    assert!(blunder["white_match"].is_f64() && blunder["match_winning_chance"].is_f64(), "{blunder}");
    assert_eq!(r["games"][0]["resignation"]["points"], 2);
    // The text's table shows the result the adjusted figure is made from,
    // and the chance to win the match each side's plays gave away, as the
    // JSON has them (issue 41 item 6).
    let (_, text, _) = review(&["--ply", "0"], TAVLI);
    let head = text.lines().find(|l| l.contains("error rate") && l.contains("adjusted")).expect("the table's head");
    assert!(head.contains("result") && head.ends_with("match lost"), "{head}");
    for (colour, side) in [("White", "white"), ("Black", "black")] {
        let row = text.lines().find(|l| l.starts_with(colour) && l.ends_with('%')).expect("a player's row");
        let cells: Vec<&str> = row.split_whitespace().collect();
        let n = cells.len();
        let figure = |s: &str| s.trim_end_matches('%').parse::<f64>().unwrap();
        let (result, luck, adjusted, lost) =
            (figure(cells[n - 4]), figure(cells[n - 3]), figure(cells[n - 2]), figure(cells[n - 1]));
        let p = &r["players"][side];
        assert!((result - p["result"].as_f64().unwrap()).abs() < 1e-9, "{row}");
        assert!((luck - p["luck"].as_f64().unwrap()).abs() < 6e-4, "{row}");
        assert!((adjusted - p["luck_adjusted_result"].as_f64().unwrap()).abs() < 6e-4, "{row}");
        assert!((lost - 100.0 * p["match_chance_lost"].as_f64().unwrap()).abs() < 0.06, "{row}");
    }
    let (w, b) = (&r["players"]["white"], &r["players"]["black"]);
    let made = w["result"].as_f64().unwrap() - w["luck"].as_f64().unwrap() + b["luck"].as_f64().unwrap();
    assert!((made - w["luck_adjusted_result"].as_f64().unwrap()).abs() < 1e-9);
    assert!(text.contains("adjusted: the result less the player's own luck plus the opponent's"), "{text}");

    // The doubted Portes play judged again by rollouts with Portes's network.
    let (ok, out, err) = review(&["--ply", "0", "--rollout", "72", "--json"], TAVLI);
    assert!(ok, "{err}");
    let rolled: Value = serde_json::from_str(&out).unwrap();
    let again = &rolled["games"][0]["turns"][3];
    assert_ne!(again["loss"], blunder["loss"], "the rollout judged it: {again}");
    assert_eq!(rolled["games"][0]["game"], "portes");

    // In Greek, the games by their Greek names.
    let (ok, out, err) = review(&["--ply", "0", "--lang", "el"], TAVLI);
    assert!(ok, "{err}");
    assert!(out.contains("Παρτίδα 1: Πόρτες") && out.contains("Παρτίδα 2: Πλακωτό"), "{out}");
}
