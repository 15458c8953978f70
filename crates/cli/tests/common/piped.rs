//! `tavli` through pipes in a chosen locale, and the English words left in
//! what a run in another language printed: for the tests of the Greek and
//! Bulgarian terminal.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use tavli_core::game::Match;
use tavli_core::tavli::AnyPosition;
use tavli_core::{Color, Reason};

use super::{BIN, load_any};

/// Runs `tavli ARGS` with `input` on stdin, the locale variables removed
/// and the variables of `env` set (a locale, `XDG_DATA_HOME`); stdout and
/// stderr captured. Input is written from a thread: the program may stop
/// reading (quit) before its end.
pub fn run(args: &[&str], input: &[u8], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).env_remove("NO_COLOR");
    for var in ["LC_ALL", "LC_MESSAGES", "LANG"] {
        cmd.env_remove(var);
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    out
}

/// The first line a game of `tavli play ARGS` says, with no input and
/// only the locale variables of `locale` set: which language it speaks.
pub fn first_line(args: &[&str], locale: &[(&str, &str)]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.json");
    let mut all = vec!["play", "--game", "plakoto", "--two-players", "--seed", "5", "--save", save.to_str().unwrap()];
    all.extend_from_slice(args);
    let out = run(&all, b"", locale);
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout).lines().next().unwrap().to_string()
}

/// A game between two people typed through a pipe: `tavli ARGS --save
/// SAVE` (ARGS naming the game, the language, `--two-players` and the seed
/// of `m`, a match not begun) is sent `first`, then the first legal play of
/// each of `m`'s first three turns (worked out with the library), then
/// `resign` (the command and its answer) from the side on roll. Checks
/// that the record saved is the one the library plays and that the
/// resignation scored 2 points; returns what was printed, the match as
/// played and the side that resigned.
pub fn three_turns_and_resign(
    args: &[&str],
    mut m: Match<AnyPosition>,
    first: &str,
    resign: &str,
    save: &Path,
) -> (String, Match<AnyPosition>, Color) {
    let mut script = first.to_string();
    for _ in 0..3 {
        m.roll().unwrap();
        let play = m.game().legal_plays()[0].clone();
        if !play.is_pass() {
            script.push_str(&format!("{}\n", play.notation()));
        }
        m.play(&play).unwrap();
    }
    let resigner = m.game().position().turn();
    m.roll().unwrap();
    m.resign(resigner).unwrap();
    script.push_str(resign);

    let out = run(&[args, &["--save", save.to_str().unwrap()]].concat(), script.as_bytes(), &[]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    let saved = load_any(save);
    assert_eq!(saved.record(), m.record());
    let r = saved.games()[0].result().unwrap();
    assert_eq!((r.winner, r.points, r.reason), (Some(resigner.opponent()), 2, Reason::Resign));
    (stdout, m, resigner)
}

pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).to_string()
}

/// English words that a Greek or Bulgarian text must not hold.
const ENGLISH: &[&str] = &[
    "the", "you", "your", "point", "points", "checker", "checkers", "win", "wins", "won", "pinned", "roll", "rolls",
    "rolled", "and", "with", "of", "is", "are", "has", "have", "no", "not", "to", "game", "turn", "mother", "dice",
    "saved", "record", "legal", "equity", "double", "score", "match", "bar",
];

/// The English words of `ENGLISH` in `out`, outside `code` (commands quoted
/// in backticks), with `path` taken out first.
pub fn english_words(out: &str, path: &str) -> Vec<String> {
    let out = out.replace(path, " ");
    let mut prose = String::new();
    let mut code = false;
    for c in out.chars() {
        if c == '`' {
            code = !code;
        } else if !code {
            prose.push(c);
        }
    }
    prose
        .split(|c: char| !c.is_ascii_alphabetic())
        .map(str::to_ascii_lowercase)
        .filter(|w| ENGLISH.contains(&w.as_str()))
        .collect()
}
