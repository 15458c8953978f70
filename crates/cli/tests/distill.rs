//! `tavli distill` through the binary: shards of the labels add up to
//! the unsharded file, a fitted network is a player, and bad arguments are
//! refused with the reason.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_tavli");

fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(BIN).args(args).output().expect("run plakoto");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

fn ok(args: &[&str]) -> String {
    let (ok, out, err) = run(args);
    assert!(ok, "{args:?}: {err}");
    out
}

#[test]
fn labels_shard_exactly_and_a_fitted_network_plays() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let common = ["distill", "label", "--games", "4", "--seed", "3", "--ply", "1"];
    ok(&[&common[..], &["--out", &p("all.txt")]].concat());
    ok(&[&common[..], &["--shard", "0/2", "--out", &p("s0.txt")]].concat());
    ok(&[&common[..], &["--shard", "1/2", "--out", &p("s1.txt")]].concat());
    let read = |f: &str| std::fs::read_to_string(p(f)).unwrap();
    let all = read("all.txt");
    assert!(all.lines().count() > 100, "{} positions", all.lines().count());
    let mut lines: Vec<&str> = all.lines().collect();
    let (s0, s1) = (read("s0.txt"), read("s1.txt"));
    let mut shards: Vec<&str> = s0.lines().chain(s1.lines()).collect();
    lines.sort_unstable();
    shards.sort_unstable();
    assert_eq!(lines, shards, "the shards hold exactly the unsharded labels");

    ok(&["distill", "fit", &p("all.txt"), "--hidden", "8", "--epochs", "2", "--out", &p("w.bin")]);
    let duel = ok(&["duel", &format!("net:{}", p("w.bin")), "random", "--games", "2", "--json"]);
    assert!(duel.contains("\"games\""), "{duel}");
}

#[test]
fn bad_arguments_are_refused_with_the_reason() {
    let (good, _, err) = run(&["distill", "label", "--ply", "7", "--out", "/tmp/x"]);
    assert!(!good && err.contains("--ply must be 0 to"), "{err}");
    let (good, _, err) = run(&["distill", "fit", "/no/such/labels.txt", "--out", "/tmp/x"]);
    assert!(!good && err.contains("/no/such/labels.txt"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "not a position 0.5\n").unwrap();
    let (good, _, err) = run(&["distill", "fit", bad.to_str().unwrap(), "--out", "/tmp/x"]);
    assert!(!good && err.contains("line 1"), "{err}");
}

#[test]
fn the_gap_of_the_network_to_its_own_labels_is_nothing_and_to_deeper_labels_is_some() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let common = ["distill", "label", "--games", "4", "--seed", "5"];
    ok(&[&common[..], &["--ply", "0", "--out", &p("l0.txt")]].concat());
    ok(&[&common[..], &["--ply", "1", "--out", &p("l1.txt")]].concat());
    let gap = |file: &str| -> serde_json::Value {
        serde_json::from_str(&ok(&["distill", "gap", &p(file), "--json"])).expect("JSON")
    };
    let (own, deeper) = (gap("l0.txt"), gap("l1.txt"));
    assert!(own["all"]["mean_abs"].as_f64().unwrap() < 1e-6, "{own}");
    assert!(deeper["all"]["mean_abs"].as_f64().unwrap() > 1e-3, "{deeper}");
    let shares: f64 = deeper["by_kind"].as_array().unwrap().iter().map(|k| k["share"].as_f64().unwrap()).sum();
    assert!((shares - 1.0).abs() < 1e-9, "{deeper}");
    let text = ok(&["distill", "gap", &p("l1.txt")]);
    assert!(text.contains("pin-fight") && text.contains("share of gap²"), "{text}");
    let (good, _, err) = run(&["distill", "gap", "/no/such/labels.txt"]);
    assert!(!good && err.contains("/no/such/labels.txt"), "{err}");
}

#[test]
fn candidates_are_the_positions_after_the_best_plays_and_fit_widens_a_start() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let common = ["distill", "label", "--games", "3", "--seed", "9", "--ply", "0", "--epsilon", "0"];
    ok(&[&common[..], &["--out", &p("played.txt")]].concat());
    ok(&[&common[..], &["--candidates", "1", "--out", &p("best.txt")]].concat());
    ok(&[&common[..], &["--candidates", "4", "--out", &p("four.txt")]].concat());
    let ids = |f: &str| -> Vec<String> {
        std::fs::read_to_string(p(f)).unwrap().lines().map(|l| l.split(' ').next().unwrap().to_string()).collect()
    };
    let (played, best, four) = (ids("played.txt"), ids("best.txt"), ids("four.txt"));
    // Without exploring, the best play's position is the next position of
    // the game: the games' positions after the opening ones.
    let after_first: Vec<&String> = played.iter().filter(|id| !best.contains(id)).collect();
    assert!(after_first.len() <= 3, "only the games' first positions follow no play: {after_first:?}");
    assert!(best.iter().all(|id| played.contains(id)));
    // Up to four a roll, the best among them.
    assert!(four.len() > 2 * best.len() && four.len() <= 4 * best.len() + 4, "{} vs {}", four.len(), best.len());
    assert!(best.iter().all(|id| four.contains(id)));

    // fit --init with --hidden widens the starting network; fewer units is refused.
    let shipped = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../engine/weights/plakoto.bin");
    let own = u32::from_le_bytes(std::fs::read(&*shipped).unwrap()[20..24].try_into().unwrap());
    let wider = (own + 64).to_string();
    let shipped = shipped.to_string_lossy();
    ok(&[
        "distill",
        "fit",
        &p("four.txt"),
        "--init",
        &shipped,
        "--hidden",
        &wider,
        "--epochs",
        "1",
        "--out",
        &p("w.bin"),
    ]);
    let b = std::fs::read(p("w.bin")).unwrap();
    assert_eq!(u32::from_le_bytes(b[20..24].try_into().unwrap()), own + 64);
    let (good, _, err) =
        run(&["distill", "fit", &p("four.txt"), "--init", &shipped, "--hidden", "64", "--out", &p("x.bin")]);
    assert!(!good && err.contains(&format!("--hidden 64 is fewer than the {own} units")), "{err}");
}
