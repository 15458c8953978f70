//! `moves` and `perft` take positions of every game through the real
//! binary: `--game` says which game `start` or an ID is, position JSON names
//! its own, and a mismatch or an unknown game is a clear error.

mod common;

use std::process::Command;

use common::{BIN, ok, play_with_input, refused, run};
use serde_json::Value;
use tavli_core::tavli::{AnyPosition, GameKind};
use tavli_core::{Dice, portes};

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
    // Every leaf built: the same count, said on stderr.
    let full = run(&["perft", "start", "2", "--game", "portes", "--full", "--threads", "2"]);
    assert_eq!(String::from_utf8(full.stdout).unwrap().trim(), want);
    assert!(String::from_utf8(full.stderr).unwrap().contains("every leaf built"));
    let e = refused(&["perft", "start", "2", "--game", "fevga", "--full"]);
    assert!(e.contains("--full is for Plakoto and Portes"), "{e}");
    // Plakoto's perft is unchanged.
    let plakoto = tavli_core::perft(&tavli_core::Position::start(), 2).to_string();
    assert_eq!(ok(&["perft", "start", "2"]).trim(), plakoto);
}

#[test]
fn fevga_moves_and_perft_through_the_binary() {
    use tavli_core::fevga;
    let want: Vec<String> =
        fevga::Position::start().legal_plays(Dice::new(6, 5).unwrap()).iter().map(|p| p.notation()).collect();
    let out = ok(&["moves", "start", "6-5", "--game", "fevga"]);
    assert_eq!(out.lines().collect::<Vec<_>>(), want);
    let id = fevga::Position::start().id();
    assert_eq!(ok(&["moves", &id, "6-5"]).lines().collect::<Vec<_>>(), want);
    let n = fevga::perft(&fevga::Position::start(), 3).to_string();
    assert_eq!(ok(&["perft", "start", "3", "--game", "fevga"]).trim(), n);
}

/// Gul bara through the binary: `moves` lists the decision at hand (a
/// ladder's first stage) or, with `--whole`, every whole play, refusing
/// past `--limit` with their number; `perft` counts as the library does;
/// `eval`, `hint` and `duel` play it, the levels with the stand-in network
/// (said on stderr).
#[test]
fn gul_bara_through_the_binary() {
    use tavli_core::gulbara;
    let gb6 = r#"{"game":"gulbara","turn":"white","board":{"22":1,"21":14,"17":-3,"16":-2,"15":-1},"off":{"white":0,"black":9},"roll":4}"#;
    assert_eq!(ok(&["moves", gb6, "4-4"]).trim(), "22/18/14/10/6");
    assert_eq!(ok(&["moves", gb6, "4-4", "--whole"]).trim(), "22/18/14/10/6 | 6/1 > 5,5,5,6,6,6,6");
    let out = ok(&["moves", gb6, "4-4", "--json"]);
    let plays: Vec<Value> = serde_json::from_str(&out).unwrap();
    assert_eq!(plays[0]["position"]["ladder"], serde_json::json!([5, 5, 5, 5, 6, 6, 6, 6]));
    let fourth = r#"{"game":"gulbara","turn":"white","board":{"24":15,"12":-15},"roll":4}"#;
    assert_eq!(ok(&["moves", fourth, "3-3", "--whole", "--limit", "50000"]).lines().count(), 42_675);
    let e = refused(&["moves", fourth, "2-2", "--whole", "--limit", "1000"]);
    assert!(e.contains("469490 whole plays"), "{e}");
    let n = gulbara::perft(&gulbara::Position::start(), 3).to_string();
    assert_eq!(ok(&["perft", "start", "3", "--game", "gulbara"]).trim(), n);
    assert_eq!(ok(&["perft", "start", "3", "--game", "gulbara", "--threads", "2"]).trim(), n);
    let e = refused(&["perft", "start", "2", "--game", "gulbara", "--full"]);
    assert!(e.contains("--full is for Plakoto and Portes"), "{e}");
    let eval = run(&["eval", "start", "--game", "gulbara", "--ply", "0", "--json"]);
    assert!(eval.status.success());
    // A network ships now: no word of a stand-in.
    assert!(!String::from_utf8_lossy(&eval.stderr).contains("no trained network yet"));
    let v: Value = serde_json::from_slice(&eval.stdout).unwrap();
    assert!(v["equity"].as_f64().unwrap() > 0.0, "on roll at the start: {v}");
    let hint = ok(&["hint", gb6, "4-4", "--ply", "1", "--json"]);
    let v: Value = serde_json::from_str(&hint).unwrap();
    assert_eq!(v["plays"][0]["notation"], "22/18/14/10/6");
    let out = ok(&["duel", "heuristic", "random", "--game", "gulbara", "--games", "40", "--seed", "9", "--json"]);
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!((v["game"].as_str(), v["games"].as_u64()), (Some("gulbara"), Some(40)));
    assert!(v["ppg"].as_f64().unwrap() - v["ci95"].as_f64().unwrap() > 0.5, "{v}");
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

/// Sends `lines` to `tavli engine ARGS` and returns its answers, one per line.
fn engine(args: &[&str], lines: &[String]) -> Vec<Value> {
    use std::io::Write;
    use std::process::Stdio;
    let mut child =
        Command::new(BIN).arg("engine").args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for l in lines {
        writeln!(stdin, "{l}").unwrap();
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

fn request(position: Value, dice: [u8; 2]) -> String {
    serde_json::json!({"type": "play", "position": position, "dice": dice}).to_string()
}

#[test]
fn the_engine_protocol_plays_every_game_it_has_a_player_for() {
    use tavli_core::fevga;
    let portes = portes::Position::start().to_json_value();
    let fevga_black = fevga::Position::start().with_turn(tavli_core::Color::Black).to_json_value();
    let lines = [
        request(portes.clone(), [3, 1]),
        request(fevga_black.clone(), [6, 5]),
        request(Value::String(portes::Position::start().id()), [6, 6]),
    ];
    let answers = engine(&["--level", "heuristic"], &lines);
    assert_eq!(answers.len(), 3, "{answers:?}");
    // Each answer is a legal play of its own game.
    let positions = [
        AnyPosition::parse(&portes.to_string(), None).unwrap(),
        AnyPosition::parse(&fevga_black.to_string(), None).unwrap(),
        AnyPosition::start(GameKind::Portes),
    ];
    for ((answer, pos), dice) in answers.iter().zip(positions).zip([(3, 1), (6, 5), (6, 6)]) {
        let moves = answer["moves"].as_array().unwrap_or_else(|| panic!("{answer}"));
        let text: Vec<String> = moves.iter().map(|m| format!("{}/{}", m[0], m[1])).collect();
        let play = pos.parse_play(Dice::new(dice.0, dice.1).unwrap(), &text.join(" ")).unwrap();
        assert_eq!(play.kind(), pos.kind());
    }
    assert_eq!(answers[0]["moves"], serde_json::json!([[8, 5], [6, 5]]), "3-1 makes the 5-point");

    // A neural level plays every game with its network: 3-1 makes the
    // 5-point in Portes too; a bad request is answered with the reason and
    // the engine goes on.
    let answers = engine(
        &["--level", "advanced"],
        &[request(portes, [3, 1]), request(fevga_black, [6, 5]), request("start".into(), [7, 1])],
    );
    assert_eq!(answers[0]["moves"], serde_json::json!([[8, 5], [6, 5]]), "{:?}", answers[0]);
    assert!(answers[1]["moves"].is_array(), "{:?}", answers[1]);
    assert!(answers[2]["error"].as_str().unwrap().contains("dice"), "{:?}", answers[2]);
}

#[test]
fn duels_of_portes_and_fevga_through_the_binary() {
    for game in ["portes", "fevga"] {
        let out = ok(&["duel", "heuristic", "random", "--game", game, "--games", "40", "--seed", "9", "--json"]);
        let v: Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(v["game"], game);
        assert_eq!(v["games"], 40);
        assert!(v["ppg"].as_f64().unwrap() - v["ci95"].as_f64().unwrap() > 0.5, "{game}: {v}");
        // The same duel again gives the same points: the dice and choices are seeded.
        assert_eq!(ok(&["duel", "heuristic", "random", "--game", game, "--games", "40", "--seed", "9", "--json"]), out);
    }
    // Portes's levels play with its network: far stronger than random.
    let out = ok(&["duel", "advanced", "random", "--game", "portes", "--games", "20", "--seed", "9", "--json"]);
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert!(v["ppg"].as_f64().unwrap() - v["ci95"].as_f64().unwrap() > 0.5, "{v}");
    let out = ok(&["duel", "advanced", "random", "--game", "fevga", "--games", "20", "--seed", "9", "--json"]);
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert!(v["ppg"].as_f64().unwrap() - v["ci95"].as_f64().unwrap() > 0.5, "{v}");
    let e = refused(&["duel", "grandmaster", "random", "--game", "fevga", "--games", "2"]);
    assert!(e.contains("`grandmaster` does not play fevga"), "{e}");
    // Matches of one game, and Tavli matches, with every Plakoto player.
    let out = ok(&["duel", "heuristic", "random", "--game", "fevga", "--match", "3", "--games", "6", "--json"]);
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!((v["games"].as_str(), v["match"].as_u64(), v["matches"].as_u64()), (Some("fevga"), Some(3), Some(6)));
    let out = ok(&["duel", "beginner", "random", "--tavli", "--games", "6", "--seed", "4", "--json"]);
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!((v["games"].as_str(), v["match"].as_u64()), (Some("tavli"), Some(5)), "{v}");
    assert!(v["win_rate"].as_f64().unwrap() > 0.5, "{v}");
    let e = refused(&["duel", "heuristic", "random", "--tavli", "--game", "fevga"]);
    assert!(e.contains("cannot be used with"), "{e}");
}

fn read_record(path: &std::path::Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// `play --tavli` through the binary: a match between two levels played to
/// its end and saved as a Tavli record with its options; a match with a
/// person stopped, resumed from its record, and replayed.
#[test]
fn a_tavli_match_is_played_saved_resumed_and_replayed() {
    let dir = tempfile::tempdir().unwrap();
    let done = dir.path().join("done.json");
    let done_s = done.to_str().unwrap();
    let args = ["play", "--tavli", "--match", "3", "--white", "heuristic", "--black", "random", "--seed", "5"];
    let out = play_with_input(&[&args[..], &["--option", "fevga-pass", "--save", done_s]].concat(), "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(said.contains("=== Game 1: Portes · Tavli match to 3 ==="), "{said}");
    let rec = read_record(&done);
    assert_eq!(rec["rules"]["games"], "tavli");
    assert_eq!(rec["rules"]["fevga"]["release"], "pass");
    assert_eq!(rec["games"][0]["game"], "portes");
    assert!(rec["winner"].is_string(), "{rec}");
    let replay = ok(&["replay", done_s, "--all", "--color", "never"]);
    assert!(replay.contains("=== Game 2: Plakoto · Tavli match to 3 ==="), "{replay}");
    assert!(ok(&["verify", done_s]).contains("the dice check out"));

    // A person against the computer: stop at the first prompt, resume.
    let live = dir.path().join("live.json");
    let live_s = live.to_str().unwrap();
    let out = play_with_input(
        &["play", "--tavli", "--black", "human", "--white", "heuristic", "--seed", "6", "--save", live_s],
        "quit\n",
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(read_record(&live)["match_to"], 5, "a Tavli match is to 5 unless told");
    let out = play_with_input(&["play", "--resume", live_s], "quit\n");
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success() && said.contains("Resuming"), "{said}");
    assert!(said.contains("Portes"), "{said}");

    // The review takes it, game by game.
    let review = ok(&["review", done_s, "--ply", "0"]);
    assert!(review.contains("Game 1: Portes (score 0-0)") && review.contains("Game 2: Plakoto"), "{review}");
    // The commands that analyse Plakoto only say so, naming the game.
    let e = refused(&["bearoff", "show", r#"{"game":"fevga","turn":"white","board":{"24":15,"12":-15}}"#]);
    assert!(e.contains("this is a Fevga position: this command takes Plakoto positions only"), "{e}");
}

#[test]
fn fevga_perft_shares_its_root_out_over_threads() {
    let one = ok(&["perft", "start", "3", "--game", "fevga"]);
    let two = run(&["perft", "start", "3", "--game", "fevga", "--threads", "2"]);
    assert_eq!(String::from_utf8(two.stdout).unwrap(), one);
    assert!(String::from_utf8(two.stderr).unwrap().contains("(2 threads)"));
}

/// `verify` checks everything a record claims, not its dice alone: a
/// changed winner and score, or a turn's notation changed, is refused
/// naming the claim, where it said "the dice check out" before.
#[test]
fn verify_refuses_a_record_whose_winner_score_or_notation_was_changed() {
    let dir = tempfile::tempdir().unwrap();
    let done = dir.path().join("done.json");
    let done_s = done.to_str().unwrap();
    let args = ["play", "--match", "3", "--white", "heuristic", "--black", "random", "--seed", "5", "--save", done_s];
    let out = play_with_input(&args, "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(ok(&["verify", done_s]).contains("the dice check out"));
    let rec = read_record(&done);
    let forged = dir.path().join("forged.json");
    let forged_s = forged.to_str().unwrap();
    let write = |v: &Value| std::fs::write(&forged, serde_json::to_string_pretty(v).unwrap()).unwrap();

    let mut v = rec.clone();
    let winner = rec["winner"].as_str().unwrap().to_string();
    let other = if winner == "white" { "black" } else { "white" };
    v["winner"] = other.into();
    v["score"] = serde_json::json!({"white": rec["score"]["black"], "black": rec["score"]["white"]});
    write(&v);
    let e = refused(&["verify", forged_s]);
    assert!(e.contains("score is") && !e.contains("the dice check out") && !e.contains("dice do not"), "{e}");
    let e = refused(&["replay", forged_s]);
    assert!(e.contains("score is"), "{e}");

    let mut v = rec.clone();
    v["winner"] = other.into();
    write(&v);
    let e = refused(&["verify", forged_s]);
    assert!(e.contains(&format!("winner is {other}, but its games make the winner {winner}")), "{e}");

    let mut v = rec.clone();
    let turn = &mut v["games"][0]["turns"][0];
    let was = turn["notation"].as_str().unwrap().to_string();
    turn["notation"] = (if was == "24/21 24/22" { "24/18 24/20" } else { "24/21 24/22" }).into();
    write(&v);
    let e = refused(&["verify", forged_s]);
    assert!(e.contains("record game 1: turn 1: its notation") && e.contains(&was), "{e}");
}

/// A record of a game played elsewhere has its dice written down and no
/// seed: `replay` says so rather than "seed hidden", and a fault in its
/// dice is told as one of the written dice.
#[test]
fn a_record_with_written_dice_is_told_as_one_without_a_seed() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cafe.json");
    let rec = tavli_core::game::read_move_list("opening 5-3\n6-4: 24/18 24/20\n5-2: 24/19/17\n").unwrap();
    let mut v = serde_json::to_value(&rec).unwrap();
    std::fs::write(&file, v.to_string()).unwrap();
    let shown = ok(&["replay", file.to_str().unwrap(), "--all", "--color", "never"]);
    let head = shown.lines().next().unwrap();
    assert!(!head.contains("seed") && head.contains("dice written down"), "{head}");
    v["games"][0]["turns"][1]["dice"] = serde_json::json!([9, 2]);
    std::fs::write(&file, v.to_string()).unwrap();
    let e = refused(&["replay", file.to_str().unwrap(), "--all"]);
    assert!(e.contains("[9, 2] are not a roll") && !e.contains("seed"), "{e}");
}

/// An error about a long argument or line quotes a bounded excerpt of it
/// (its first characters, an ellipsis and its length), never the whole.
#[test]
fn errors_quote_a_bounded_excerpt_of_a_long_argument_or_line() {
    let long = "24/18 ".repeat(10_000);
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.txt");
    std::fs::write(&list, format!("opening 5-3\n6-4: {long}\n")).unwrap();
    let record = dir.path().join("record.json");
    std::fs::write(&record, serde_json::json!({"format": "plakoto-match", "version": 2, "winner": long}).to_string())
        .unwrap();
    for args in [
        vec!["moves", "start", &long],
        vec!["moves", &long, "6-4"],
        vec!["moves", "start", "6-4", "--game", &long],
        vec!["hint", "start", "6-4", "--game", &long],
        vec!["review", list.to_str().unwrap()],
        vec!["review", record.to_str().unwrap()],
        vec!["replay", record.to_str().unwrap()],
    ] {
        let e = refused(&args);
        assert!(e.len() < 600, "{}: {} bytes: {}", args[0], e.len(), &e[..600]);
    }
    let e = refused(&["review", list.to_str().unwrap()]);
    assert!(e.contains("line 2") && e.contains("… (59,999 characters)"), "{e}");
}
