//! `tavli bench-play` through the binary, on the committed benchmark
//! set: error rates, and each player against the first decision by
//! decision.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_tavli");

fn set() -> String {
    format!("{}/../../benchmark/decisions.jsonl", env!("CARGO_MANIFEST_DIR"))
}

fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(BIN).args(args).output().expect("run plakoto");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

#[test]
fn players_are_compared_with_the_first_decision_by_decision() {
    let set = set();
    let (ok, out, err) = run(&["bench-play", "advanced", "random", "--set", &set, "--json"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let players = v["players"].as_array().unwrap();
    assert_eq!(players.len(), 2);
    let (first, random) = (&players[0], &players[1]);
    assert_eq!(first["vs_first"]["difference"].as_f64().unwrap(), 0.0);
    assert_eq!(first["vs_first"]["ci95"].as_f64().unwrap(), 0.0);
    // The mean of the differences is the difference of the means …
    let gap = random["error_rate"].as_f64().unwrap() - first["error_rate"].as_f64().unwrap();
    let d = random["vs_first"]["difference"].as_f64().unwrap();
    assert!((d - gap).abs() < 1e-6, "{d} against {gap}");
    // … and random play is worse than the network by far more than the interval.
    let ci = random["vs_first"]["ci95"].as_f64().unwrap();
    assert!(ci > 0.0 && d - ci > 0.0, "{d} ± {ci}");

    let (ok, text, err) = run(&["bench-play", "advanced", "random", "--set", &set]);
    assert!(ok, "{err}");
    assert!(text.contains("each error rate minus advanced's"), "{text}");
    let line = text.lines().last().unwrap();
    assert!(line.starts_with("random") && line.contains(&format!("{d:+.1}")), "{line}");
}

#[test]
fn a_missing_set_is_named() {
    let (ok, _, err) = run(&["bench-play", "advanced", "--set", "/no/such/set.jsonl"]);
    assert!(!ok && err.contains("/no/such/set.jsonl"), "{err}");
}

/// Writes the first three decisions of the committed set to `small.jsonl`
/// in `dir`; returns the committed set's text.
fn write_small_set(dir: &std::path::Path) -> String {
    let text = std::fs::read_to_string(set()).unwrap();
    std::fs::write(dir.join("small.jsonl"), text.lines().take(3).map(|l| format!("{l}\n")).collect::<String>())
        .unwrap();
    text
}

#[test]
fn a_stopped_reroll_goes_on_and_its_shards_join_to_the_whole() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    write_small_set(dir.path());
    let small = p("small.jsonl");
    let reroll = |out: &str, seed: &str, extra: &[&str]| {
        let out = p(out);
        let mut args =
            vec!["benchmark", "reroll", &small, "--out", &out, "--trials", "4", "--seed", seed, "--threads", "1"];
        args.extend(extra);
        run(&args)
    };
    let (ok, _, err) = reroll("whole.jsonl", "5", &[]);
    assert!(ok, "{err}");
    let whole = std::fs::read_to_string(p("whole.jsonl")).unwrap();
    assert_eq!(whole.lines().count(), 3);
    // A run stopped after its first decision goes on after it, to the same file.
    std::fs::write(p("stopped.jsonl"), format!("{}\n", whole.lines().next().unwrap())).unwrap();
    let (ok, _, err) = reroll("stopped.jsonl", "5", &[]);
    assert!(ok && err.contains("holds 1 of 3 decisions"), "{err}");
    assert_eq!(std::fs::read_to_string(p("stopped.jsonl")).unwrap(), whole);
    let (ok, msg, err) = reroll("stopped.jsonl", "5", &[]);
    assert!(ok && msg.contains("already holds all 3"), "{err}{msg}");
    // Another seed's run does not continue it, nor overwrite it.
    let (ok, _, err) = reroll("stopped.jsonl", "6", &[]);
    assert!(!ok && err.contains("not this reroll's") && err.contains("seeds [5]"), "{err}");
    assert_eq!(std::fs::read_to_string(p("stopped.jsonl")).unwrap(), whole);
    // Two shards joined in order are the whole.
    for i in 0..2 {
        let (ok, _, err) = reroll(&format!("s{i}.jsonl"), "5", &["--shard", &format!("{i}/2")]);
        assert!(ok, "{err}");
    }
    let (ok, _, err) = run(&["benchmark", "join", &p("s0.jsonl"), &p("s1.jsonl"), "--out", &p("joined.jsonl")]);
    assert!(ok, "{err}");
    assert_eq!(std::fs::read_to_string(p("joined.jsonl")).unwrap(), whole);
    let (ok, _, err) = reroll("bad.jsonl", "5", &["--shard", "2/2"]);
    assert!(!ok && err.contains("--shard") && err.contains("I/N"), "{err}");
}

#[test]
fn a_set_rerolled_merges_and_measures_its_noise_floor() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let text = write_small_set(dir.path());
    for (seed, out) in [("5", "r5.jsonl"), ("6", "r6.jsonl")] {
        let (ok, msg, err) = run(&[
            "benchmark",
            "reroll",
            &p("small.jsonl"),
            "--out",
            &p(out),
            "--trials",
            "4",
            "--seed",
            seed,
            "--threads",
            "1",
        ]);
        assert!(ok, "{err}");
        assert!(msg.contains("wrote 3 decisions") && msg.contains("seed"), "{msg}");
    }
    let (ok, msg, err) = run(&["benchmark", "merge", &p("r5.jsonl"), &p("r6.jsonl"), "--out", &p("m.jsonl")]);
    assert!(ok, "{err}");
    assert!(msg.contains("8 trials per play"), "{msg}");
    let (ok, out, err) = run(&["bench-play", "advanced", "--set", &p("m.jsonl"), "--json"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["players"][0]["decisions"], 3, "{out}");
    // The floor of one rollout against the other, the same in JSON as by hand.
    let (ok, out, err) =
        run(&["bench-play", "advanced", "--set", &p("r6.jsonl"), "--noise-floor", &p("r5.jsonl"), "--json"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["players"].as_array().unwrap().len(), 1);
    let floor = &v["noise_floor"];
    assert!(floor["player"].as_str().unwrap().starts_with("noise floor"), "{out}");
    let read = |name: &str| -> Vec<serde_json::Value> {
        std::fs::read_to_string(p(name)).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    };
    let (judge, other) = (read("r6.jsonl"), read("r5.jsonl"));
    let by_hand: f64 = judge
        .iter()
        .zip(&other)
        .map(|(j, o)| {
            let c = j["candidates"].as_array().unwrap();
            let best = &o["candidates"][0]["moves"];
            let chosen = c.iter().find(|c| &c["moves"] == best).expect("the same candidates");
            c[0]["equity"].as_f64().unwrap() - chosen["equity"].as_f64().unwrap()
        })
        .sum::<f64>()
        * 1000.0
        / 3.0;
    assert!((floor["error_rate"].as_f64().unwrap() - by_hand).abs() < 1e-9, "{out} against {by_hand}");
    // The halves a set was merged from bound the distance to best play
    // from below; the error rate is the bound from above.
    let (ok, out, err) =
        run(&["bench-play", "advanced", "--set", &p("m.jsonl"), "--halves", &p("r5.jsonl"), &p("r6.jsonl"), "--json"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let lower = v["players"][0]["best_play_at_least"]["error_rate"].as_f64().expect("a lower bound");
    assert!(lower <= v["players"][0]["error_rate"].as_f64().unwrap() + 1e-9, "{out}");
    let (ok, table, err) =
        run(&["bench-play", "advanced", "--set", &p("m.jsonl"), "--halves", &p("r5.jsonl"), &p("r6.jsonl")]);
    assert!(ok && table.contains("distance to best play"), "{err}{table}");
    // Halves the set is not the merge of are refused, by name.
    let (ok, _, err) =
        run(&["bench-play", "advanced", "--set", &p("r5.jsonl"), "--halves", &p("r5.jsonl"), &p("r6.jsonl")]);
    assert!(!ok && err.contains("--halves") && err.contains("not the merge"), "{err}");
    // A rollout is not independent of itself, nor of a merge holding it.
    for set in ["r5.jsonl", "m.jsonl"] {
        let (ok, _, err) = run(&["bench-play", "advanced", "--set", &p(set), "--noise-floor", &p("r5.jsonl")]);
        assert!(!ok && err.contains("not independent"), "{set}: {err}");
    }
    // A reroll does not overwrite the set it reads.
    let (ok, _, err) = run(&["benchmark", "reroll", &p("r5.jsonl"), "--out", &p("r5.jsonl"), "--seed", "7"]);
    assert!(!ok && err.contains("another file"), "{err}");
    assert_eq!(read("r5.jsonl"), other);
    // A set from before trials were recorded cannot be merged as it is.
    let unrecorded: String = text
        .lines()
        .take(3)
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            v.as_object_mut().unwrap().remove("trials");
            format!("{v}\n")
        })
        .collect();
    std::fs::write(p("old.jsonl"), unrecorded).unwrap();
    let (ok, _, err) = run(&["benchmark", "merge", &p("old.jsonl"), &p("r5.jsonl"), "--out", &p("x.jsonl")]);
    assert!(!ok && err.contains("trials not recorded"), "{err}");
    // Sets of other decisions are refused by name.
    let (ok, _, err) = run(&["bench-play", "advanced", "--set", &set(), "--noise-floor", &p("r5.jsonl")]);
    assert!(!ok && err.contains("--noise-floor"), "{err}");
}

#[test]
fn error_rates_become_points_lost_per_game() {
    let (ok, out, err) = run(&["bench-play", "advanced", "random", "--set", &set(), "--per-game", "2", "--json"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let counts = v["real_decisions_per_game"].as_object().unwrap();
    assert_eq!(counts.len(), 6, "{counts:?}");
    let per_side: f64 = counts.values().map(|n| n.as_f64().unwrap()).sum();
    assert!(per_side > 1.0, "{counts:?}");
    let players = v["players"].as_array().unwrap();
    let lost = |p: &serde_json::Value| p["per_game"]["points"].as_f64().unwrap();
    // Random play gives away far more a game than the network, and the
    // paired figure is the difference of the two.
    assert!(lost(&players[1]) > lost(&players[0]) && lost(&players[0]) >= 0.0, "{out}");
    let paired = players[1]["vs_first"]["per_game"]["points"].as_f64().unwrap();
    assert!((paired - (lost(&players[1]) - lost(&players[0]))).abs() < 1e-9, "{out}");
    let (ok, _, err) = run(&["bench-play", "advanced", "--set", &set(), "--per-game", "0"]);
    assert!(!ok && err.contains("--per-game"), "{err}");
}

#[test]
fn a_set_is_built_into_a_new_folder_with_its_trials_and_seed() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("new/set.jsonl");
    let out_s = out.to_string_lossy().into_owned();
    let (ok, msg, err) = run(&[
        "benchmark",
        "build",
        "--games",
        "2",
        "--per-kind",
        "1",
        "--trials",
        "2",
        "--seed",
        "3",
        "--out",
        &out_s,
    ]);
    assert!(ok, "{err}");
    let lines: Vec<serde_json::Value> =
        std::fs::read_to_string(&out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(!lines.is_empty() && msg.contains(&format!("wrote {} decisions", lines.len())), "{msg}");
    assert!(lines.iter().all(|d| d["trials"] == 2 && d["seeds"] == serde_json::json!([3])), "{lines:?}");
}

/// A Portes set is built from Portes games, rolled out by the Portes
/// network, and scored with Portes's players; its decisions are not taken
/// for another game's.
#[test]
fn a_portes_set_is_built_and_scored_with_portes_players() {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("portes.jsonl").to_string_lossy().into_owned();
    let (ok, msg, err) = run(&[
        "benchmark",
        "build",
        "--game",
        "portes",
        "--games",
        "2",
        "--per-kind",
        "2",
        "--trials",
        "4",
        "--seed",
        "3",
        "--threads",
        "1",
        "--out",
        &set,
    ]);
    assert!(ok, "{err}");
    assert!(err.contains("portes decisions from the games") && msg.contains("wrote"), "{err}{msg}");
    let text = std::fs::read_to_string(&set).unwrap();
    assert!(text.lines().count() >= 2 && text.lines().all(|l| l.contains("\"game\":\"portes\"")), "{text}");
    let (ok, out, err) = run(&["bench-play", "advanced", "random", "heuristic", "--set", &set, "--json"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["game"], "portes");
    let players = v["players"].as_array().unwrap();
    assert_eq!(players.len(), 3);
    assert!(players.iter().all(|p| p["error_rate"].as_f64().unwrap() >= 0.0));
    // A game the set is not of, and a name Portes does not know, are refused.
    let (ok, _, err) = run(&["bench-play", "advanced", "--set", &set, "--game", "fevga"]);
    assert!(!ok && err.contains("--game fevga") && err.contains("portes decisions"), "{err}");
    let (ok, _, err) = run(&["bench-play", "nobody", "--set", &set]);
    assert!(!ok && err.contains("`nobody` does not play portes"), "{err}");
}
