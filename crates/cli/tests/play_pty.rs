//! `plakoto play` on a pseudo-terminal, as a person uses it: typed plays,
//! single moves confirmed with Enter, illegal entries, a match to 3, and
//! resuming after the process was killed.

mod common;

use common::{Driver, Stop, load, spawn, turns};
use expectrl::Expect;
use expectrl::process::unix::{Signal, WaitStatus};
use plakoto_core::{PlayError, TurnBuilder};
use plakoto_engine::DEFAULT_LEVEL;

#[test]
fn a_typed_game_from_the_opening_roll_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("game.json");
    let mut p = spawn(&["play", "--seed", "11", "--save", save.to_str().unwrap(), "--color", "never"]);
    let mut d = Driver::new(&save);
    assert_eq!(d.run(&mut p, usize::MAX), Stop::Over);
    let out = &d.transcript;
    assert!(out.contains("Saving every move to"), "{out}");
    assert!(out.contains("Opening roll: White (you) rolls"), "{out}");
    assert!(out.contains(&format!("Black ({DEFAULT_LEVEL}) rolls")), "the default level plays: {out}");
    assert!(out.contains("White (you) plays"), "{out}");
    assert!(out.contains("Enter to confirm"), "single moves were confirmed: {out}");
    assert!(out.contains(" 13 14 15 16 17 18"), "the board is drawn: {out}");
    assert!(!out.contains('\x1b'), "--color never");
    let m = load(&save);
    assert!(m.is_over());
    let r = m.games()[0].result().unwrap();
    assert!(out.contains(" wins "), "{out}");
    assert!(r.winner.is_some() || out.contains("draw"));
    assert!(d.typed >= 5, "the person played: {}", d.typed);
    assert_eq!(m.players().white.to_string(), "human");
    assert_eq!(m.players().black.to_string(), format!("engine:{DEFAULT_LEVEL}"));
    assert_eq!(p.get_process().wait().unwrap(), WaitStatus::Exited(p.get_process().pid(), 0));
}

#[test]
fn a_match_to_3_goes_on_until_someone_has_3_points() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("match.json");
    let args = ["play", "--match", "3", "--seed", "5", "--level", "random", "--save", save.to_str().unwrap()];
    let mut p = spawn(&[&args[..], &["--color", "never"]].concat());
    let mut d = Driver::new(&save);
    assert_eq!(d.run(&mut p, usize::MAX), Stop::Over);
    let m = load(&save);
    let w = m.winner().expect("the match has a winner");
    assert!(m.score(w) >= 3);
    assert!(m.games().len() >= 2, "a match to 3 takes at least two games");
    let out = &d.transcript;
    assert!(out.contains("=== Game 2 of the match to 3 ==="), "{out}");
    assert!(out.contains("wins the match"), "{out}");
    assert!(out.contains("Score: White "), "{out}");
    assert!(out.contains("won the last game and starts") || out.contains("draw"), "{out}");
}

#[test]
fn an_illegal_entry_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.json");
    let mut p = spawn(&["play", "--two-players", "--seed", "3", "--save", save.to_str().unwrap(), "--color", "never"]);
    p.expect(" > ").unwrap();
    let m = load(&save);
    let (pos, dice) = (*m.game().position(), m.game().dice().unwrap());

    // What the rules library says about each entry is what the person reads.
    let no_checker = TurnBuilder::new(&pos, dice).play_move(5, 3).unwrap_err();
    assert_eq!(no_checker, PlayError::NoChecker(5));
    for (entry, why) in [
        ("5/3", no_checker.to_string()),
        ("24/x", "cannot read `24/x`: points are numbers 1 to 24, or `off`".to_string()),
        ("bar/20", "cannot read `bar/20`: there is no bar in Plakoto: nothing is ever hit".to_string()),
        ("24/1", TurnBuilder::new(&pos, dice).play_move(24, 1).unwrap_err().to_string()),
    ] {
        p.send_line(entry).unwrap();
        p.expect(format!("Not played: {why}")).unwrap();
        p.expect(" > ").unwrap();
    }
    p.send_line("fly me to the moon").unwrap();
    p.expect("is not a play or a command").unwrap();
    p.send_line("quit").unwrap();
    p.expect("Continue with: plakoto play --resume").unwrap();
    assert_eq!(turns(&load(&save)), 0, "nothing was played");
}

#[test]
fn a_killed_game_resumes_where_it_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.json");
    let path = save.to_str().unwrap();
    let mut p = spawn(&["play", "--seed", "21", "--level", "random", "--save", path, "--color", "never"]);
    let mut d = Driver::new(&save);
    assert_eq!(d.run(&mut p, 4), Stop::AtPrompt);
    let before = load(&save);
    let n = turns(&before);
    assert!(n >= 4);
    p.get_process_mut().kill(Signal::SIGKILL).unwrap();
    assert!(matches!(p.get_process().wait().unwrap(), WaitStatus::Signaled(_, Signal::SIGKILL, _)));
    drop(p);

    let mut p = spawn(&["play", "--resume", path, "--color", "never"]);
    p.expect(format!("Resuming game 1 at turn {}.", n + 1)).unwrap();
    let mut d = Driver::new(&save);
    let stop = d.run(&mut p, 2);
    let after = load(&save);
    assert!(turns(&after) >= n + 2 || after.is_over(), "{stop:?}");
    assert_eq!(after.games()[0].turns()[..n], before.games()[0].turns()[..n], "the saved turns are kept");
    if stop == Stop::AtPrompt {
        p.send_line("quit").unwrap();
        p.expect("Continue with: plakoto play --resume").unwrap();
    }
}

#[test]
fn colour_on_a_terminal_unless_asked_not_to() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.json");
    let mut p = spawn(&["play", "--two-players", "--seed", "3", "--save", save.to_str().unwrap()]);
    let caps = p.expect(" > ").unwrap();
    assert!(caps.before().contains(&0x1b), "auto colour on a terminal");
    p.send_line("quit").unwrap();
    p.expect("Continue with").unwrap();
}
