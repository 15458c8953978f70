//! `tavli dataset`: a data set made, run again (nothing to redo, the same
//! files), refused with other settings, and a network fitted on it.

use std::io::Read;
use std::process::{Command, Output};

fn tavli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tavli")).args(args).output().expect("run tavli")
}

/// A complete shard's text (kept gzip-compressed).
fn shard_text(path: &str) -> String {
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path).unwrap()).read_to_string(&mut text).unwrap();
    text
}

fn ok(o: Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr)
}

#[test]
fn a_data_set_is_made_resumed_kept_apart_and_fitted() {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("set");
    let set = set.to_str().unwrap();
    let label = |seed: &str| {
        tavli(&[
            "dataset",
            "label",
            "--dir",
            set,
            "--game",
            "portes",
            "--games",
            "4",
            "--shards",
            "2",
            "--keep",
            "0.3",
            "--trials",
            "6",
            "--truncate",
            "2",
            "--seed",
            seed,
        ])
    };
    ok(label("3"));
    let status = ok(tavli(&["dataset", "status", set]));
    assert!(status.contains("portes data set") && status.contains("2 of 2 shards done"), "{status}");
    let files = |d: &str| -> Vec<(String, Vec<u8>)> {
        let mut v: Vec<_> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| {
                let p = e.unwrap().path();
                (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(&p).unwrap())
            })
            .collect();
        v.sort();
        v
    };
    let before = files(set);
    assert_eq!(before.len(), 3, "the manifest and two shards: {:?}", before.iter().map(|f| &f.0).collect::<Vec<_>>());
    // Again: nothing to do, nothing changed.
    let again = ok(label("3"));
    assert!(again.contains("2 of this worker's 2 shards done") && again.contains("0 to go"), "{again}");
    assert_eq!(files(set), before);
    // A shard a stopped run left part-written is finished from where it
    // stopped, to the same file, and only what was missing counts as
    // labelled by this run.
    let shard = format!("{set}/shard-0001.txt.gz");
    let whole = shard_text(&shard);
    let lines: Vec<&str> = whole.lines().collect();
    assert!(lines.len() > 2, "{whole}");
    std::fs::remove_file(&shard).unwrap();
    std::fs::write(format!("{set}/shard-0001.part"), lines[..2].join("\n") + "\n").unwrap();
    let resumed = ok(label("3"));
    assert_eq!(files(set), before);
    let labelled = format!("{} positions labelled in", lines.len() - 2);
    assert!(resumed.contains(&labelled), "{labelled}: {resumed}");
    // Other settings in the same folder are refused, and change nothing.
    let other = label("4");
    assert_eq!(other.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&other.stderr).contains("other settings"));
    assert_eq!(files(set), before);
    // A network fitted on it, read back as a Portes network.
    let w = dir.path().join("w.bin");
    let w = w.to_str().unwrap();
    let fitted = ok(tavli(&["dataset", "fit", set, "--epochs", "2", "--out", w]));
    assert!(fitted.contains("epoch   2") && fitted.contains("held out"), "{fitted}");
    let bench =
        ok(tavli(&["bench", "--game", "portes", "--weights", w, "--seconds", "0.1", "--positions", "2", "--no-2ply"]));
    assert!(bench.contains("game: portes"), "{bench}");
    // A second hidden layer put under the shipped network's, fitted,
    // written and read back by the evaluators; none of 0 units.
    let deep = dir.path().join("deep.bin");
    let deep = deep.to_str().unwrap();
    let fitted = ok(tavli(&["dataset", "fit", set, "--mid", "128", "--epochs", "1", "--out", deep]));
    assert!(fitted.contains("128 + 128 hidden units (two layers)"), "{fitted}");
    let bench = ok(tavli(&[
        "bench",
        "--game",
        "portes",
        "--weights",
        deep,
        "--seconds",
        "0.1",
        "--positions",
        "2",
        "--no-2ply",
    ]));
    assert!(bench.contains("network: 128 + 128 hidden units (two layers)"), "{bench}");
    let none = tavli(&["dataset", "fit", set, "--mid", "0", "--out", deep]);
    assert_eq!(none.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&none.stderr).contains("--mid must be 1 to"));
    // A Plakoto network cannot start a Portes fit.
    let plakoto = dir.path().join("p.bin");
    std::fs::write(
        &plakoto,
        std::fs::read(env!("CARGO_MANIFEST_DIR").to_string() + "/../engine/weights/plakoto.bin").unwrap(),
    )
    .unwrap();
    let refused = tavli(&["dataset", "fit", set, "--init", plakoto.to_str().unwrap(), "--out", w]);
    assert_eq!(refused.status.code(), Some(1));
}

#[test]
fn with_no_trials_a_data_set_is_labelled_by_a_search_and_a_0_ply_search_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("set");
    let set = set.to_str().unwrap();
    let args = |ply: &str| {
        [
            "dataset", "label", "--dir", set, "--game", "portes", "--games", "2", "--shards", "1", "--keep", "0.3",
            "--trials", "0", "--ply", ply,
        ]
        .map(str::to_string)
    };
    let refused = Command::new(env!("CARGO_BIN_EXE_tavli")).args(args("0")).output().unwrap();
    assert_eq!(refused.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--ply 1 or more"));
    assert!(!std::path::Path::new(set).join("manifest.json").exists(), "nothing made");
    let made = Command::new(env!("CARGO_BIN_EXE_tavli")).args(args("1")).output().unwrap();
    ok(made);
    let manifest = std::fs::read_to_string(format!("{set}/manifest.json")).unwrap();
    assert!(manifest.contains("\"trials\": 0") && manifest.contains("\"truncate\": null"), "{manifest}");
    let shard = shard_text(&format!("{set}/shard-0000.txt.gz"));
    assert!(shard.lines().count() > 2, "{shard}");
}
