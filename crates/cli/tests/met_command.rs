//! `tavli met` through the real binary: the table of a match of one game
//! (Plakoto's as before, or --game's), the Tavli table with one table for
//! each game that may come next, the measurement of the chances it is
//! built from, and `hint --tavli` ranking by it.

mod common;

use common::run;
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let out = run(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// A square table of chances of side `n`, whose opposite cells add up to 1.
fn assert_square_and_symmetric(t: &Value, n: usize) {
    let rows = t.as_array().unwrap();
    assert_eq!(rows.len(), n);
    for (a, row) in rows.iter().enumerate() {
        let row = row.as_array().unwrap();
        assert_eq!(row.len(), n);
        for (b, v) in row.iter().enumerate() {
            let (x, y) = (v.as_f64().unwrap(), t[b][a].as_f64().unwrap());
            assert!((x + y - 1.0).abs() < 1e-9, "{} {}: {x} + {y}", a + 1, b + 1);
        }
    }
}

#[test]
fn met_tavli_json_holds_a_table_for_each_game_that_may_come_next() {
    for (args, n) in [(vec!["met", "--tavli", "--json"], 7), (vec!["met", "--tavli", "--length", "5", "--json"], 5)] {
        let v = json(&args);
        assert_eq!(v["games"], "tavli");
        assert_eq!(v["length"], n);
        assert!(v["measured_by"].as_str().unwrap().starts_with("tavli met --tavli --measure"), "{v}");
        for game in ["portes", "plakoto", "fevga"] {
            let c = &v["chances"][game];
            let sum: f64 = ["win_single", "win_double", "lose_single", "lose_double", "draw"]
                .iter()
                .map(|k| c[k].as_f64().unwrap())
                .sum();
            assert!((sum - 1.0).abs() < 1e-9, "{game}: {c}");
            assert_square_and_symmetric(&v["tables"][game], n as usize);
        }
        assert_eq!(v["chances"].as_object().unwrap().len(), 3);
        assert_eq!(v["tables"].as_object().unwrap().len(), 3);
        // Mid-match the last game's winner starts: a table for each game
        // started by the side needing a, and starting is worth something.
        assert_eq!(v["started_by_a"].as_object().unwrap().len(), 3);
        for game in ["portes", "plakoto", "fevga"] {
            let (started, rolled) = (&v["started_by_a"][game], &v["tables"][game]);
            assert_eq!(started.as_array().unwrap().len(), n as usize);
            assert!(started[2][2].as_f64().unwrap() > rolled[2][2].as_f64().unwrap(), "{game}: {v}");
        }
        // Needing 2 against 1, a side needs a double win or two wins: better
        // before Plakoto, rich in double wins, than before Fevga.
        let two_one = |g: &str| v["tables"][g][1][0].as_f64().unwrap();
        assert!(two_one("plakoto") > two_one("fevga"), "{v}");
    }
}

#[test]
fn met_tavli_prints_mid_match_tables_started_by_the_last_game_s_winner() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tavli")).args(["met", "--tavli"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    for game in ["Portes", "Plakoto", "Fevga"] {
        let head = format!("before a game of {game} started by a, who won the last game");
        assert!(text.contains(&head), "{head}: {text}");
    }
}

#[test]
fn met_of_one_game_keeps_its_shape_and_names_the_game_when_asked() {
    let v = json(&["met", "--json"]);
    let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    assert_eq!(keys.len(), 3, "length, chances and table only: {v}");
    assert_eq!(v["length"], 7);
    assert_square_and_symmetric(&v["table"], 7);
    let v = json(&["met", "--game", "fevga", "--length", "3", "--json"]);
    assert_eq!(v["game"], "fevga");
    assert_square_and_symmetric(&v["table"], 3);
    let text = String::from_utf8(run(&["met", "--length", "2"]).stdout).unwrap();
    assert!(text.starts_with("The starter's chances (1-ply at the start): single win "), "{text}");
    assert!(text.contains("before the opening roll:\n a\\b      1      2\n   1  50.0%"), "{text}");
}

#[test]
fn met_measures_each_games_chances_for_its_starter() {
    let v = json(&["met", "--tavli", "--measure", "4", "--seed", "3", "--threads", "1", "--json"]);
    assert_eq!(v["level"], "advanced");
    for game in ["portes", "plakoto", "fevga"] {
        let m = &v["measured"][game];
        assert_eq!(m["counts"]["games"], 4, "{m}");
        let (lo, hi) = (m["ci95"]["win_single"][0].as_f64().unwrap(), m["ci95"]["win_single"][1].as_f64().unwrap());
        assert!(0.0 <= lo && lo <= m["chances"]["win_single"].as_f64().unwrap() && hi <= 1.0, "{m}");
        assert!(m["network"]["ply0"]["win_single"].as_f64().unwrap() > 0.1, "{m}");
    }
    // The measurement is of Tavli's games only, and needs a number of games.
    assert!(!run(&["met", "--measure", "4"]).status.success());
    assert!(!run(&["met", "--tavli", "--measure", "0"]).status.success());
    let out = run(&["met", "--tavli", "--measure", "2", "--level", "grandmaster"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown level"), "{out:?}");
}

/// Needing 1 against 5 in a 5-point match, in this Plakoto position the
/// play for points also wins a match of Plakoto alone; in a Tavli match,
/// with Fevga next, another play is better (the same case as the engine's
/// `TavliPlayer` test).
#[test]
fn hint_with_tavli_ranks_by_the_tavli_table() {
    let args = ["hint", "AAw2nR74Gd4AIQ", "6-4", "--ply", "0", "--score", "4-0", "--length", "5", "--json"];
    let best =
        |extra: &[&str]| json(&[&args[..], extra].concat())["plays"][0]["notation"].as_str().unwrap().to_string();
    assert_eq!(best(&[]), "20/14 18/14");
    assert_eq!(best(&["--tavli"]), "24/18 24/20");
    assert!(!run(&["hint", "AAw2nR74Gd4AIQ", "6-4", "--tavli"]).status.success(), "--tavli needs a score");
}
