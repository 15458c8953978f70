//! `tavli train` through the binary: a starting network widened by
//! `--hidden`, and a narrower `--hidden` refused naming both sizes; the
//! error rate on a benchmark logged and drawn at each strength check;
//! networks joined by `tavli ensemble`, and `bench --weights` measuring one.

use std::path::PathBuf;
use std::process::Command;

fn shipped() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../engine/weights/plakoto.bin")
}

/// Hidden units recorded in a weights file's header: after the magic, the
/// format (1: Plakoto's, without a game code; 2: with one), the encoding
/// and the inputs.
fn hidden_of(file: &std::path::Path) -> u32 {
    let b = std::fs::read(file).unwrap();
    let word = |at: usize| u32::from_le_bytes(b[at..at + 4].try_into().unwrap());
    let at = if word(8) == 1 { 20 } else { 24 };
    word(at)
}

fn train(dir: &std::path::Path, hidden: &str) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tavli"))
        .args(["train", "--out"])
        .arg(dir)
        .arg("--init")
        .arg(shipped())
        .args(["--hidden", hidden, "--games", "64", "--eval-every", "64", "--eval-pairs", "1", "--threads", "1"])
        .output()
        .unwrap()
}

#[test]
fn a_starting_network_is_widened_and_never_narrowed() {
    let tmp = tempfile::tempdir().unwrap();
    let wide = tmp.path().join("wide");
    let own = hidden_of(&shipped());
    let out = train(&wide, &(own + 8).to_string());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(hidden_of(&shipped()), own, "the starting file is left as it was");
    assert_eq!(hidden_of(&wide.join("weights.bin")), own + 8);

    let narrow = tmp.path().join("narrow");
    let out = train(&narrow, "64");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("{own} hidden units, more than the 64 asked for")), "{err}");
}

#[test]
fn a_second_layer_is_put_under_the_starting_network_and_kept_out_of_ensembles() {
    let tmp = tempfile::tempdir().unwrap();
    let deep = tmp.path().join("deep");
    let own = hidden_of(&shipped());
    let out = Command::new(env!("CARGO_BIN_EXE_tavli"))
        .args(["train", "--out"])
        .arg(&deep)
        .arg("--init")
        .arg(shipped())
        .args(["--mid", &own.to_string(), "--games", "64", "--eval-every", "64", "--eval-pairs", "1", "--threads", "1"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let w = deep.join("weights.bin");
    let b = std::fs::read(&w).unwrap();
    let word = |at: usize| u32::from_le_bytes(b[at..at + 4].try_into().unwrap());
    // Format 3: the second layer's units after the output count.
    assert_eq!((word(8), hidden_of(&w), word(32)), (3, own, own));
    let out = Command::new(env!("CARGO_BIN_EXE_tavli"))
        .args(["ensemble"])
        .arg(&w)
        .arg(shipped())
        .arg("--out")
        .arg(tmp.path().join("e.bin"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("has a second hidden layer"));
}

fn benchmark_set() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../benchmark/decisions.jsonl")
}

#[test]
fn with_a_benchmark_each_check_logs_and_draws_the_error_rate() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("run");
    let out = Command::new(env!("CARGO_BIN_EXE_tavli"))
        .args(["train", "--out"])
        .arg(&dir)
        .arg("--init")
        .arg(shipped())
        .args(["--games", "128", "--eval-every", "64", "--eval-pairs", "1", "--threads", "1", "--benchmark"])
        .arg(benchmark_set())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let log = std::fs::read_to_string(dir.join("log.csv")).unwrap();
    let mut lines = log.lines();
    assert_eq!(lines.next().unwrap(), "games,seconds,positions,ppg_vs_heuristic,ci95,win_rate,error_rate,error_ci95");
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 2, "{log}");
    for row in &rows {
        // The shipped network barely moves in 128 games: its error rate on
        // the committed set is some thousandths, never zero, never huge.
        let error: f64 = row[6].parse().unwrap();
        let ci: f64 = row[7].parse().unwrap();
        assert!(error > 1.0 && error < 40.0 && ci > 0.0, "{row:?}");
    }
    let svg = std::fs::read_to_string(dir.join("strength.svg")).unwrap();
    assert!(svg.contains("error rate on the benchmark"), "the plot has no error-rate panel");

    // A set that cannot be read stops the run before any game, naming it.
    let missing = tmp.path().join("no-such-set.jsonl");
    let out = Command::new(env!("CARGO_BIN_EXE_tavli"))
        .args(["train", "--out"])
        .arg(tmp.path().join("run2"))
        .args(["--games", "64", "--eval-every", "64", "--eval-pairs", "1", "--threads", "1", "--benchmark"])
        .arg(&missing)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no-such-set.jsonl"), "{err}");
    assert!(!tmp.path().join("run2/weights.bin").exists());
}

#[test]
fn an_ensemble_joins_networks_into_one_that_plays() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("both.bin");
    let run = |args: &[&std::ffi::OsStr]| Command::new(env!("CARGO_BIN_EXE_tavli")).args(args).output().unwrap();
    let widened = tmp.path().join("wide");
    let own = hidden_of(&shipped());
    assert!(train(&widened, &(own + 8).to_string()).status.success());
    let o = run(&[
        "ensemble".as_ref(),
        shipped().as_os_str(),
        widened.join("weights.bin").as_os_str(),
        "--out".as_ref(),
        out.as_os_str(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(hidden_of(&out), own + own + 8);
    let about = String::from_utf8_lossy(&std::fs::read(&out).unwrap()).into_owned();
    assert!(
        about.contains("tavli ensemble") && about.contains("tavli train: 64 games"),
        "the file says how it was made"
    );
    // The shipped network joined with itself plays exactly as it does.
    let twice = tmp.path().join("twice.bin");
    let o =
        run(&["ensemble".as_ref(), shipped().as_os_str(), shipped().as_os_str(), "--out".as_ref(), twice.as_os_str()]);
    assert!(o.status.success());
    let duel = run(&[
        "duel".as_ref(),
        format!("net:{}", twice.display()).as_ref(),
        "advanced".as_ref(),
        "--games".as_ref(),
        "40".as_ref(),
        "--json".as_ref(),
    ]);
    let text = String::from_utf8_lossy(&duel.stdout);
    assert!(duel.status.success() && text.contains("\"points\":0,") && text.contains("\"ppg\":0.0,"), "{text}");
    // One network is not an ensemble; a missing file is named.
    assert!(!run(&["ensemble".as_ref(), shipped().as_os_str(), "--out".as_ref(), out.as_os_str()]).status.success());
    let o =
        run(&["ensemble".as_ref(), shipped().as_os_str(), "/no/such.bin".as_ref(), "--out".as_ref(), out.as_os_str()]);
    assert!(!o.status.success() && String::from_utf8_lossy(&o.stderr).contains("/no/such.bin"));
}

/// Every game's networks join (the ensemble once read Plakoto's only),
/// and a Gul bara network joined with itself plays exactly as it does;
/// networks of two games are refused, naming both.
#[test]
fn an_ensemble_joins_any_games_networks_but_not_two_games() {
    let tmp = tempfile::tempdir().unwrap();
    let weights = |game: &str| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../engine/weights/{game}.bin"));
    let twice = tmp.path().join("gulbara-twice.bin");
    let run = |args: &[&std::ffi::OsStr]| Command::new(env!("CARGO_BIN_EXE_tavli")).args(args).output().unwrap();
    let gulbara = weights("gulbara");
    let o = run(&["ensemble".as_ref(), gulbara.as_os_str(), gulbara.as_os_str(), "--out".as_ref(), twice.as_os_str()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(hidden_of(&twice), 2 * hidden_of(&gulbara));
    let duel = run(&[
        "duel".as_ref(),
        format!("net:{}", twice.display()).as_ref(),
        format!("net:{}", gulbara.display()).as_ref(),
        "--game".as_ref(),
        "gulbara".as_ref(),
        "--games".as_ref(),
        "10".as_ref(),
        "--json".as_ref(),
    ]);
    let text = String::from_utf8_lossy(&duel.stdout);
    assert!(duel.status.success() && text.contains("\"points\":0,") && text.contains("\"ppg\":0.0,"), "{text}");
    let mixed = tmp.path().join("mixed.bin");
    let fevga = weights("fevga");
    let o = run(&["ensemble".as_ref(), gulbara.as_os_str(), fevga.as_os_str(), "--out".as_ref(), mixed.as_os_str()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        !o.status.success() && err.contains("gulbara") && err.contains("fevga") && err.contains("one game"),
        "{err}"
    );
    assert!(!mixed.exists());
}

#[test]
fn bench_measures_the_network_it_is_given() {
    let tmp = tempfile::tempdir().unwrap();
    let twice = tmp.path().join("twice.bin");
    let ensemble = Command::new(env!("CARGO_BIN_EXE_tavli"))
        .arg("ensemble")
        .args([shipped(), shipped()])
        .arg("--out")
        .arg(&twice)
        .output()
        .unwrap();
    assert!(ensemble.status.success());
    let bench = |weights: Option<&std::path::Path>| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_tavli"));
        c.args(["bench", "--seconds", "0.1", "--positions", "1", "--no-2ply"]);
        if let Some(w) = weights {
            c.arg("--weights").arg(w);
        }
        c.output().unwrap()
    };
    let own = hidden_of(&shipped());
    for (weights, units) in [(None, own), (Some(twice.as_path()), 2 * own)] {
        let out = bench(weights);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        assert!(text.contains(&format!("network: {units} hidden units")), "{text}");
        assert!(text.contains("static evaluation (1 thread):"), "{text}");
    }
    let missing = tmp.path().join("no-such.bin");
    let out = bench(Some(&missing));
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no-such.bin"));
    // Portes: its shipped network, each depth named by its level; a
    // Plakoto network is refused for it; Fevga's shipped network too.
    let portes = |extra: &[&std::ffi::OsStr]| {
        Command::new(env!("CARGO_BIN_EXE_tavli"))
            .args(["bench", "--game", "portes", "--seconds", "0.1", "--positions", "2", "--no-2ply"])
            .args(extra)
            .output()
            .unwrap()
    };
    let out = portes(&[]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("game: portes; network: 128 + 128 hidden units (two layers)"), "{text}");
    assert!(text.contains("decision at 0-ply (advanced; 2 positions") && text.contains("1-ply (expert;"), "{text}");
    let out = portes(&["--weights".as_ref(), shipped().as_os_str()]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("plakoto network"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = Command::new(env!("CARGO_BIN_EXE_tavli"))
        .args(["bench", "--game", "fevga", "--seconds", "0.1", "--positions", "1", "--no-2ply"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("game: fevga; network: 128 hidden units"));
}
