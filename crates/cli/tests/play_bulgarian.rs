//! `tavli play`, `replay` and `review` in Bulgarian (`--lang bg`, or a
//! Bulgarian locale), through pipes: a scripted Tapa game with an illegal
//! entry and a resignation typed in Bulgarian, the language chosen from the
//! environment, a Tabla match (the Bulgarian player's own) and its replay,
//! and a review. Nothing is said in English or Greek.

mod common;

use common::load_any;
use common::piped::{english_words, first_line, run, text, three_turns_and_resign};
use tavli_core::Color;
use tavli_core::game::{Match, Players};
use tavli_core::tavli::{GameKind, MatchRules};

fn has_greek(text: &str) -> bool {
    text.chars().any(|c| ('\u{0370}'..='\u{03ff}').contains(&c) || ('\u{1f00}'..='\u{1fff}').contains(&c))
}

/// Asserts that `out` (with `path` taken out) holds no English word of the
/// list and no Greek letter.
fn all_bulgarian(out: &str, path: &str) {
    assert_eq!(english_words(out, path), Vec::<String>::new(), "{out}");
    assert!(!has_greek(out), "{out}");
}

#[test]
fn a_scripted_bulgarian_tapa_game_through_a_pipe() {
    // The dice of seed 31 worked out with the library: three turns, then
    // the side on roll resigns.
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.json");
    let path = save.to_str().unwrap();
    let tapa = Match::with_rules(MatchRules::only(GameKind::Tapa), 1, 31, Players::people()).unwrap();
    let (stdout, m, resigner) = three_turns_and_resign(
        &["play", "--game", "tapa", "--lang", "bg", "--two-players", "--seed", "31"],
        tapa,
        "5/3\nпомощ\n",
        "предавам се\nда\n",
        &save,
    );

    let colour = |c: Color| if c == Color::White { "Белите" } else { "Черните" };
    for expected in [
        // Announcements.
        format!("Всеки ход се записва в {path}"),
        "=== Партия 1: Тапа · една партия ===".to_string(),
        "Първо хвърляне: Белите хвърлят ".to_string(),
        format!("{} играят ", colour(m.games()[0].turns()[0].side)),
        format!("{} се предават: {} печелят 2 точки.", colour(resigner), colour(resigner.opponent())),
        format!("Записът е запазен в {path}; виж го отново с `tavli replay {path}` или остави"),
        format!("ходовете ти с `tavli review {path}`."),
        // The board's labels.
        " Партия 1 · Тапа · една партия · Б Белите 0, Ч Черните 0".to_string(),
        "       пипа 360, събрани 0".to_string(),
        " играят ".to_string(),
        "-/+ последен ход: от/до".to_string(),
        // The rules' reason, in Bulgarian.
        "> 5/3\nНе е изиграно: нямаш пул на поле 5\n".to_string(),
        // The help: Tapa's pin, and the Bulgarian commands.
        "  13/7*         тапа, отбелязана с `*` (по желание)".to_string(),
        "  undo, отмени ".to_string(),
        // The resign prompt, answered in Bulgarian.
        format!(
            "Да се предадеш ли с единична игра (1 точка за {}) или с двойна (2 точки)? (1/2/не) > да\n",
            colour(resigner.opponent())
        ),
    ] {
        assert!(stdout.contains(&expected), "{expected}\n---\n{stdout}");
    }
    all_bulgarian(&stdout, path);
}

#[test]
fn bulgarian_comes_from_the_flag_or_the_locale() {
    let bulgarian = |line: String| line.starts_with("Всеки ход се записва в ");
    let english = |line: String| line.starts_with("Saving every move to ");
    assert!(bulgarian(first_line(&["--lang", "bg"], &[])));
    assert!(bulgarian(first_line(&[], &[("LANG", "bg_BG.UTF-8")])));
    assert!(bulgarian(first_line(&[], &[("LC_MESSAGES", "bg_BG.UTF-8"), ("LANG", "el_GR.UTF-8")])));
    assert!(bulgarian(first_line(&["--lang", "bg"], &[("LANG", "el_GR.UTF-8")])));
    assert!(english(first_line(&["--lang", "en"], &[("LANG", "bg_BG.UTF-8")])));
    assert!(english(first_line(&[], &[("LC_ALL", "C"), ("LANG", "bg_BG.UTF-8")])));
}

#[test]
fn a_tabla_match_and_its_replay_in_bulgarian() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("m.json");
    let s = save.to_str().unwrap();
    let args =
        ["play", "--tabla", "--lang", "bg", "--white", "random", "--black", "heuristic", "--match", "3", "--seed", "9"];
    let out = run(&[&args[..], &["--save", s]].concat(), b"", &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let played = text(&out.stdout);
    let m = load_any(&save);
    assert!(m.is_over());
    assert!(played.contains("Мач Табла: Табла, Гюлбара, Тапа и пак отначало"), "{played}");
    assert!(played.contains("=== Партия 1: Табла · мач Табла до 3 ==="), "{played}");
    assert!(played.contains("Черните (евристичен) хвърлят "), "{played}");
    assert!(played.contains("печелят мача"), "{played}");
    // The notation's `bar/` is no English sentence.
    all_bulgarian(&played.replace("bar/", ""), s);

    let out = run(&["replay", s, "--all", "--lang", "bg"], b"", &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let replay = text(&out.stdout);
    assert!(replay.starts_with(&format!("{s} · мач до 3 · начално число 9\n")), "{replay}");
    assert!(replay.contains("=== Партия 1: Табла · мач Табла до 3 ==="), "{replay}");
    assert!(replay.contains("Ход 1: "), "{replay}");
    assert!(replay.contains(" Код на позицията "), "{replay}");
    assert!(replay.contains("пипа "), "{replay}");
    assert!(replay.contains("печелят мача"), "{replay}");
    assert_eq!(replay.matches("=== Партия ").count(), m.games().len());
    all_bulgarian(&replay.replace("bar/", ""), s);
    // A Bulgarian locale gives the same; `--lang en` the English.
    assert_eq!(text(&run(&["replay", s], b"", &[("LANG", "bg_BG.UTF-8")]).stdout), replay);
    let english = text(&run(&["replay", s, "--lang", "en"], b"", &[("LANG", "bg_BG.UTF-8")]).stdout);
    assert!(english.contains("Turn 1: ") && english.contains("wins the match"), "{english}");

    // The finished match is not resumed, and play says so in Bulgarian.
    let out = run(&["play", "--resume", s, "--lang", "bg"], b"", &[]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(stderr.contains(&format!("мачът в {s} е свършил")), "{stderr}");
}

/// `review --lang bg`, or a Bulgarian locale: a Tabla game entered as a
/// move list, reviewed in Bulgarian.
#[test]
fn the_review_in_bulgarian() {
    let game = b"games tabla\nwhite starts\n6-5: 24/13\n5-3: 13/8 13/10\nwhite resigns\n";
    for (args, locale) in [(&["--lang", "bg"][..], &[][..]), (&[][..], &[("LANG", "bg_BG.UTF-8")][..])] {
        let out = run(&[&["review", "-", "--ply", "0", "--all"][..], args].concat(), game, locale);
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert!(out.status.success(), "{stderr}");
        for expected in [
            "Анализ на дълбочина 0; загуби и късмет в точки.",
            "Партия 1: Табла (резултат 0-0) — Белите се предават: Черните печелят 2 точки.",
            "    1. Белите 6-5: 24/18/13",
            "най-добър ",
            "Белите се предават и дават 2 точки: губят ",
            "грешки",
            "(отбелязани: съмнителни/лоши/много лоши;",
        ] {
            assert!(stdout.contains(expected), "{expected}\n{stdout}");
        }
        assert!(stderr.contains("хода анализирани на дълбочина 0"), "{stderr}");
        all_bulgarian(&stdout, "-");
    }
}
