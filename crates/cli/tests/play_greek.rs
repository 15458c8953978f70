//! `tavli play` and `tavli replay` in Greek (`--lang el`, or a Greek
//! locale), through pipes: a scripted game with an illegal entry and a
//! resignation, the language chosen from the environment, a replay.

mod common;

use common::load;
use common::piped::{english_words, first_line, run, text, three_turns_and_resign};
use tavli_core::Color;
use tavli_core::game::{Match, Players};
use tavli_core::tavli::{GameKind, MatchRules};

#[test]
fn a_scripted_greek_game_through_a_pipe() {
    // The dice of seed 31 worked out with the library: three turns, then
    // the side on roll resigns.
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.json");
    let path = save.to_str().unwrap();
    let plakoto = Match::with_rules(MatchRules::only(GameKind::Plakoto), 1, 31, Players::people()).unwrap();
    let (stdout, m, resigner) = three_turns_and_resign(
        &["play", "--game", "plakoto", "--lang", "el", "--two-players", "--seed", "31"],
        plakoto,
        "5/3\nβοήθεια\n",
        "παραίτηση\nναι\n",
        &save,
    );

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
            "Παραιτείσαι με μονό (1 πόντος στα {}) ή με διπλό (2 πόντοι); (1/2/όχι) > ναι\n",
            colour(resigner.opponent())
        ),
    ] {
        assert!(stdout.contains(&expected), "{expected}\n---\n{stdout}");
    }
    assert_eq!(english_words(&stdout, path), Vec::<String>::new(), "{stdout}");
}

#[test]
fn the_language_comes_from_the_flag_or_the_locale() {
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
