//! Files written before the product was named Tavli (by the `plakoto`
//! binary of commit 0a17d39, in `tests/fixtures/before-tavli`) read as
//! they did: records replay to the same end and verify, position IDs give
//! the same plays. And `plakoto`, the command's old name, still runs it.

use std::path::PathBuf;
use std::process::{Command, Output};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/before-tavli").join(name)
}

fn tavli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tavli")).args(args).output().expect("run tavli")
}

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn records_of_every_game_replay_to_their_end_and_verify() {
    for name in ["plakoto-game", "portes-game", "tavli-match"] {
        let file = fixture(&format!("{name}.json"));
        let file = file.to_str().unwrap();
        let out = tavli(&["replay", file, "--all", "--color", "never"]);
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let last = std::fs::read_to_string(fixture(&format!("{name}.last.txt"))).unwrap();
        assert_eq!(text(&out).lines().last().unwrap_or(""), last.trim_end(), "{name}");
        let out = tavli(&["verify", file]);
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(text(&out).contains("the dice check out"), "{name}: {}", text(&out));
    }
}

#[test]
fn position_ids_of_every_game_give_the_same_plays() {
    let ids = std::fs::read_to_string(fixture("ids.txt")).unwrap();
    let mut got = String::new();
    for id in ids.lines() {
        let out = tavli(&["moves", id, "6-4"]);
        assert!(out.status.success(), "{id}: {}", String::from_utf8_lossy(&out.stderr));
        got += &format!("== {id}\n{}", text(&out));
    }
    assert_eq!(got, std::fs::read_to_string(fixture("ids.moves.txt")).unwrap());
}

#[test]
fn plakoto_is_the_old_name_of_the_command() {
    let old = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_plakoto")).args(args).output().expect("run plakoto");
    let help = old(&["--help"]);
    assert!(help.status.success());
    let help = text(&help);
    assert!(help.contains("`plakoto` is the old name of this command: it is `tavli` now"), "{help}");
    assert!(help.contains("Usage: plakoto"), "{help}");
    let perft = old(&["perft", "start", "2"]);
    assert_eq!(text(&perft).trim(), "3474");
    // An error keeps its exit status through the old name.
    assert_eq!(old(&["perft", "nonsense", "2"]).status.code(), Some(1));
    // The new name says nothing of the old.
    assert!(!text(&tavli(&["--help"])).contains("old name"));
}
