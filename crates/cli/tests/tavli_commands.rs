//! `moves` and `perft` take positions of every game through the real
//! binary: `--game` says which game `start` or an ID is, position JSON names
//! its own, and a mismatch or an unknown game is a clear error.

mod common;

use std::process::{Command, Output};

use common::BIN;
use plakoto_core::tavli::{AnyPosition, GameKind};
use plakoto_core::{Dice, portes};
use serde_json::Value;

fn run(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

fn ok(args: &[&str]) -> String {
    let out = run(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn refused(args: &[&str]) -> String {
    let out = run(args);
    assert!(!out.status.success(), "{args:?} was accepted");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn moves_lists_portes_plays_from_start_json_id_and_gnubg_id() {
    let dice = Dice::new(3, 1).unwrap();
    let want: Vec<String> = portes::Position::start().legal_plays(dice).iter().map(|p| p.notation()).collect();
    let json = portes::Position::start().to_json();
    let id = portes::Position::start().id();
    for args in [
        vec!["moves", "start", "3-1", "--game", "portes"],
        vec!["moves", json.as_str(), "3-1"],
        vec!["moves", id.as_str(), "31"],
        vec!["moves", "4HPwATDgc/ABMA", "3-1", "--game", "portes"],
    ] {
        let out = ok(&args);
        let got: Vec<&str> = out.lines().collect();
        assert_eq!(got, want, "{args:?}");
    }
    assert!(want.iter().any(|p| p == "8/5 6/5"));
}

#[test]
fn moves_json_names_the_game_of_each_resulting_position() {
    let out = ok(&["moves", "start", "6-6", "--game", "portes", "--json"]);
    let plays: Vec<Value> = serde_json::from_str(&out).unwrap();
    assert!(!plays.is_empty());
    for p in &plays {
        assert_eq!(p["position"]["game"], "portes", "{p}");
        let pos = AnyPosition::parse(&p["position"].to_string(), None).unwrap();
        assert_eq!(pos.kind(), GameKind::Portes);
    }
    // Plakoto's output is as before Tavli: no `game` field.
    let out = ok(&["moves", "start", "6-6", "--json"]);
    let plays: Vec<Value> = serde_json::from_str(&out).unwrap();
    assert!(plays.iter().all(|p| p["position"].get("game").is_none()));
}

#[test]
fn perft_counts_portes_as_the_library_does() {
    let want = portes::perft(&portes::Position::start(), 2).to_string();
    assert_eq!(ok(&["perft", "start", "2", "--game", "portes"]).trim(), want);
    assert_eq!(ok(&["perft", "start", "2", "--game", "portes", "--threads", "2"]).trim(), want);
    assert!(refused(&["perft", "start", "2", "--game", "portes", "--full"]).contains("--full is for Plakoto"));
    // Plakoto's perft is unchanged.
    let plakoto = plakoto_core::perft(&plakoto_core::Position::start(), 2).to_string();
    assert_eq!(ok(&["perft", "start", "2"]).trim(), plakoto);
}

#[test]
fn wrong_or_unknown_games_are_named() {
    let json = portes::Position::start().to_json();
    let e = refused(&["moves", &json, "3-1", "--game", "plakoto"]);
    assert!(e.contains("Portes position") && e.contains("Plakoto was asked for"), "{e}");
    let e = refused(&["moves", "start", "3-1", "--game", "moultezim"]);
    assert!(e.contains("unknown game `moultezim`"), "{e}");
    let e = refused(&["moves", r#"{"game":"tavla","turn":"white","board":{}}"#, "3-1"]);
    assert!(e.contains("unknown game `tavla`"), "{e}");
}
