//! `plakoto train` through the binary: a starting network widened by
//! `--hidden`, and a narrower `--hidden` refused naming both sizes.

use std::path::PathBuf;
use std::process::Command;

fn shipped() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../engine/weights/plakoto.bin")
}

/// Hidden units recorded in a weights file's header.
fn hidden_of(file: &std::path::Path) -> u32 {
    let b = std::fs::read(file).unwrap();
    u32::from_le_bytes(b[20..24].try_into().unwrap())
}

fn train(dir: &std::path::Path, hidden: &str) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_plakoto"))
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
    let out = train(&wide, "136");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(hidden_of(&shipped()), 128);
    assert_eq!(hidden_of(&wide.join("weights.bin")), 136);

    let narrow = tmp.path().join("narrow");
    let out = train(&narrow, "64");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("128 hidden units, more than the 64 asked for"), "{err}");
}
