//! `tavli train --game portes` through the binary: self-play learns a
//! Portes network that beats a random player, saved in a file naming its
//! game; resuming keeps the game; the network plays `duel --game portes`
//! as `net:PATH` and `net@1:PATH`, and is refused where a Plakoto network
//! is wanted, and the other way round; Fevga's the same way.

use std::path::Path;
use std::process::{Command, Output};

fn plakoto(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tavli")).args(args).output().unwrap()
}

fn ok(out: &Output) -> String {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

/// A's points per game from a duel's report.
fn ppg(report: &str) -> f64 {
    let line = report.lines().find(|l| l.starts_with("A points per game")).expect(report);
    line.split_whitespace().nth(4).unwrap().parse().unwrap()
}

#[test]
fn a_portes_network_is_trained_resumed_and_dueled() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("run");
    let d = dir.to_str().unwrap();
    let common = ["--hidden", "32", "--eval-every", "1000", "--eval-pairs", "20", "--threads", "1", "--seed", "3"];
    let mut args = vec!["train", "--game", "portes", "--out", d, "--games", "1000"];
    args.extend(common);
    ok(&plakoto(&args));
    let weights = dir.join("weights.bin");
    let header = std::fs::read(&weights).unwrap();
    assert_eq!(&header[8..16], &[2, 0, 0, 0, 1, 0, 0, 0], "format 2, game code 1 (portes)");

    // Resumed without --game: still Portes.
    ok(&plakoto(&["train", "--out", d, "--resume", "--games", "2000", "--threads", "1"]));
    let log = std::fs::read_to_string(dir.join("log.csv")).unwrap();
    assert_eq!(log.lines().count(), 3, "{log}");
    assert!(std::fs::read_to_string(dir.join("state.json")).unwrap().contains("\"game\": \"portes\""));

    let net = format!("net:{}", weights.display());
    let report = ok(&plakoto(&["duel", &net, "random", "--game", "portes", "--games", "40", "--seed", "5"]));
    assert!(ppg(&report) > 0.5, "2,000 games of self-play beat a random player: {report}");
    let deep = format!("net@1:{}", weights.display());
    ok(&plakoto(&["duel", &deep, "random", "--game", "portes", "--games", "2", "--seed", "5"]));

    let refused = plakoto(&["duel", &net, "heuristic", "--games", "2"]);
    assert!(!refused.status.success());
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("holds a portes network; a plakoto network is needed"), "{err}");

    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/weights/plakoto.bin");
    let plakoto_net = format!("net:{}", shipped.display());
    let refused = plakoto(&["duel", &plakoto_net, "heuristic", "--game", "portes", "--games", "2"]);
    assert!(!refused.status.success());
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("holds a plakoto network; a portes network is needed"), "{err}");
}

/// Fevga trains the same way: its file names the game (code 2), and the
/// network plays `duel --game fevga` (and is refused as a Portes one).
#[test]
fn a_fevga_network_is_trained_and_dueled() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("fevga");
    let d = dir.to_str().unwrap();
    let args = ["train", "--game", "fevga", "--out", d, "--games", "2000", "--hidden", "32", "--eval-every", "2000"];
    ok(&plakoto(&[&args[..], &["--eval-pairs", "20", "--threads", "1", "--seed", "3"]].concat()));
    let weights = dir.join("weights.bin");
    let header = std::fs::read(&weights).unwrap();
    assert_eq!(&header[8..16], &[2, 0, 0, 0, 2, 0, 0, 0], "format 2, game code 2 (fevga)");
    let net = format!("net:{}", weights.display());
    let report = ok(&plakoto(&["duel", &net, "random", "--game", "fevga", "--games", "40", "--seed", "5"]));
    assert!(ppg(&report) > 0.5, "2,000 games of self-play beat a random player: {report}");
    let refused = plakoto(&["duel", &net, "heuristic", "--game", "portes", "--games", "2"]);
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("holds a fevga network; a portes network is needed"), "{err}");
}

#[test]
fn a_benchmark_is_refused_outside_plakoto_with_a_reason() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path().join("f");
    let out =
        plakoto(&["train", "--game", "portes", "--out", d.to_str().unwrap(), "--games", "10", "--benchmark", "x"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("benchmark of best play is Plakoto's so far"));
}
