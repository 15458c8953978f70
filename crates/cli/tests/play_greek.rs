//! `tavli play` and `tavli replay` in Greek (`--lang el`, or a Greek
//! locale), through pipes: a scripted game with an illegal entry and a
//! resignation, the language chosen from the environment, a replay.

mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use common::{BIN, load};
use tavli_core::game::{Match, Players};
use tavli_core::{Color, Reason};

/// Runs `plakoto ARGS` with `input` on stdin and only the locale variables
/// of `locale` set (the others removed).
fn run(args: &[&str], input: &[u8], locale: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).env_remove("NO_COLOR");
    for var in ["LC_ALL", "LC_MESSAGES", "LANG"] {
        cmd.env_remove(var);
    }
    for (k, v) in locale {
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

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).to_string()
}

/// English words that a Greek text must not hold.
const ENGLISH: &[&str] = &[
    "the", "you", "your", "point", "points", "checker", "checkers", "win", "wins", "won", "pinned", "roll", "rolls",
    "rolled", "and", "with", "of", "is", "are", "has", "have", "no", "not", "to", "game", "turn", "mother", "dice",
    "saved", "record", "legal", "equity", "double", "score", "match", "bar",
];

/// The English words of `ENGLISH` in `out`, outside `code` (commands quoted
/// in backticks), with `path` taken out first.
fn english_words(out: &str, path: &str) -> Vec<String> {
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

#[test]
fn a_scripted_greek_game_through_a_pipe() {
    // Work out the dice of seed 31 with the library: three turns, then the
    // side on roll resigns.
    let mut m = Match::new(1, 31, Players::people()).unwrap();
    let mut script = String::from("5/3\nβοήθεια\n");
    for _ in 0..3 {
        m.roll().unwrap();
        let play = m.game().legal_plays()[0];
        if !play.is_pass() {
            script.push_str(&format!("{}\n", play.notation()));
        }
        m.play(&play).unwrap();
    }
    let resigner = m.game().position().turn();
    m.roll().unwrap();
    m.resign(resigner).unwrap();
    script.push_str("παραίτηση\nναι\n");

    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.json");
    let path = save.to_str().unwrap();
    let out = run(
        &["play", "--game", "plakoto", "--lang", "el", "--two-players", "--seed", "31", "--save", path],
        script.as_bytes(),
        &[],
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    let saved = load(&save);
    assert_eq!(saved.record(), m.record());
    let r = saved.games()[0].result().unwrap();
    assert_eq!((r.winner, r.points, r.reason), (Some(resigner.opponent()), 2, Reason::Resign));

    let colour = |c: Color| if c == Color::White { "Άσπρα" } else { "Μαύρα" };
    for expected in [
        // Announcements.
        format!("Κάθε κίνηση αποθηκεύεται στο {path}"),
        "=== Παρτίδα 1 ===".to_string(),
        "Πρώτη ζαριά: τα Άσπρα φέρνουν ".to_string(),
        format!("Τα {} παίζουν ", colour(m.games()[0].turns()[0].side)),
        format!("Τα {} παραιτούνται: τα {} κερδίζουν 2 πόντους.", colour(resigner), colour(resigner.opponent())),
        format!("Η καταγραφή αποθηκεύτηκε στο {path}· δες την ξανά με `tavli replay {path}` ή βάλε"),
        format!("τις κινήσεις σου με `tavli review {path}`."),
        // The board's labels.
        " Παρτίδα 1 · μονή παρτίδα · Α Άσπρα 0, Μ Μαύρα 0".to_string(),
        "       βήματα 360, μαζεμένα 0".to_string(),
        " παίζουν ".to_string(),
        "-/+ τελευταία: από/προς".to_string(),
        // The rules' reason, in Greek.
        "> 5/3\nΔεν παίχτηκε: δεν έχεις πούλι στη θέση 5\n".to_string(),
        // The help lists the Greek commands.
        "  undo, αναίρεση ".to_string(),
        // The resign prompt, answered in Greek.
        format!(
            "Παραιτείσαι από την παρτίδα και δίνεις 2 πόντους στα {}; (ναι/όχι) > ναι\n",
            colour(resigner.opponent())
        ),
    ] {
        assert!(stdout.contains(&expected), "{expected}\n---\n{stdout}");
    }
    assert_eq!(english_words(&stdout, path), Vec::<String>::new(), "{stdout}");
}

#[test]
fn the_language_comes_from_the_flag_or_the_locale() {
    let dir = tempfile::tempdir().unwrap();
    let mut n = 0;
    let mut first_line = |args: &[&str], locale: &[(&str, &str)]| {
        n += 1;
        let save = dir.path().join(format!("{n}.json"));
        let mut all =
            vec!["play", "--game", "plakoto", "--two-players", "--seed", "5", "--save", save.to_str().unwrap()];
        all.extend_from_slice(args);
        let out = run(&all, b"", locale);
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout).lines().next().unwrap().to_string()
    };
    let greek = |line: String| line.starts_with("Κάθε κίνηση αποθηκεύεται στο ");
    let english = |line: String| line.starts_with("Saving every move to ");
    assert!(english(first_line(&[], &[])));
    assert!(greek(first_line(&["--lang", "el"], &[])));
    assert!(greek(first_line(&[], &[("LANG", "el_GR.UTF-8")])));
    assert!(english(first_line(&["--lang", "en"], &[("LANG", "el_GR.UTF-8")])));
    assert!(english(first_line(&[], &[("LANG", "en_GB.UTF-8")])));
    assert!(greek(first_line(&[], &[("LC_MESSAGES", "el_GR.UTF-8"), ("LANG", "en_GB.UTF-8")])));
    assert!(english(first_line(&[], &[("LC_ALL", "C"), ("LANG", "el_GR.UTF-8")])));
    assert!(greek(first_line(&[], &[("LC_ALL", "el_CY.UTF-8"), ("LC_MESSAGES", "en_GB.UTF-8")])));
    assert!(greek(first_line(&[], &[("LC_ALL", ""), ("LANG", "el_GR.UTF-8")])));

    let out = run(&["play", "--lang", "fr"], b"", &[]);
    assert_eq!(out.status.code(), Some(2), "an unknown language is a usage error");
}

#[test]
fn a_match_and_its_replay_in_greek() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("m.json");
    let s = save.to_str().unwrap();
    let args = [
        "play",
        "--game",
        "plakoto",
        "--lang",
        "el",
        "--white",
        "random",
        "--black",
        "heuristic",
        "--match",
        "3",
        "--seed",
        "9",
    ];
    let out = run(&[&args[..], &["--save", s]].concat(), b"", &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let played = text(&out.stdout);
    let m = load(&save);
    assert!(m.is_over());
    assert!(played.contains("Τα Μαύρα (ευρετικό) φέρνουν "), "{played}");
    assert!(played.contains("κερδίζουν τον αγώνα"), "{played}");
    assert_eq!(english_words(&played, s), Vec::<String>::new(), "{played}");

    let out = run(&["replay", s, "--all", "--lang", "el"], b"", &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let replay = text(&out.stdout);
    assert!(replay.starts_with(&format!("{s} · αγώνας στους 3 · σπόρος 9\n")), "{replay}");
    assert!(replay.contains("Ζαριά 1: τα "), "{replay}");
    assert!(replay.contains(" Κωδικός θέσης "), "{replay}");
    assert!(replay.contains("βήματα "), "{replay}");
    assert!(replay.contains("κερδίζουν τον αγώνα"), "{replay}");
    assert_eq!(replay.matches("=== Παρτίδα ").count(), m.games().len());
    assert_eq!(english_words(&replay, s), Vec::<String>::new(), "{replay}");
    // A Greek locale gives the same; `--lang en` the English.
    assert_eq!(text(&run(&["replay", s], b"", &[("LANG", "el_GR.UTF-8")]).stdout), replay);
    let english = text(&run(&["replay", s, "--lang", "en"], b"", &[("LANG", "el_GR.UTF-8")]).stdout);
    assert!(english.contains("Turn 1: ") && english.contains("wins the match"), "{english}");

    // The finished match is not resumed, and play says so in Greek.
    let out = run(&["play", "--resume", s, "--lang", "el"], b"", &[]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(stderr.contains(&format!("ο αγώνας στο {s} έχει τελειώσει")), "{stderr}");
}
