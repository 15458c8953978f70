//! `tavli play` and `tavli replay` with stdin and stdout as pipes:
//! scripted games, end of input, garbage of every kind, bad records. Nothing
//! may crash; every run leaves a record that replays.

mod common;

use std::io::Read;
use std::process::{Command, Output, Stdio};

use common::piped::{self, text};
use common::{BIN, load, turns};
use tavli_core::game::{Match, PlayerName, Players};

/// Runs `tavli ARGS` with `input` on stdin; stdout and stderr captured,
/// in English whatever the locale (play_greek.rs and play_bulgarian.rs
/// test the others).
fn run(args: &[&str], input: &[u8]) -> Output {
    piped::run(args, input, &[])
}

#[test]
fn a_scripted_two_player_game_is_played_as_written() {
    // The same seed gives the same dice: work the game out with the library,
    // then type it.
    let players = Players::people();
    let mut m = Match::new(1, 77, players).unwrap();
    let mut script = String::new();
    let mut i = 0;
    while !m.is_over() {
        m.roll().unwrap();
        let plays = m.game().legal_plays().to_vec();
        let play = plays[i * 3 % plays.len()];
        if !play.is_pass() {
            script.push_str(&format!("{}\n", play.notation()));
        }
        m.play(&play).unwrap();
        i += 1;
    }
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.json");
    let out = run(
        &["play", "--game", "plakoto", "--two-players", "--seed", "77", "--save", save.to_str().unwrap()],
        script.as_bytes(),
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert_eq!(load(&save).record(), m.record());
    assert!(stdout.contains("The record is saved in"), "{stdout}");
    assert!(!stdout.contains('\x1b'), "no colour into a pipe");
    // Plakoto has no bar, and the board draws none.
    assert!(stdout.contains(" 13 14 15 16 17 18") && !stdout.contains("BAR"), "{stdout}");
    // The scripted lines are echoed after their prompts.
    let first = script.lines().next().unwrap();
    assert!(stdout.contains(&format!("> {first}\n")), "{stdout}");
}

#[test]
fn end_of_input_saves_and_exits_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.json");
    let out = run(&["play", "--game", "plakoto", "--seed", "8", "--save", save.to_str().unwrap()], b"");
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert!(stdout.contains("End of input. Saved to"), "{stdout}");
    assert!(stdout.contains("tavli play --resume"), "{stdout}");
    assert!(load(&save).game().dice().is_some() || turns(&load(&save)) > 0);
}

#[test]
fn garbage_of_every_kind_does_not_crash() {
    let mut input = Vec::new();
    for line in [
        &b""[..],
        b"   ",
        b"\x1b[A\x1b[B\x1b[C",
        b"\x00\x01\x02\x03\x04\x7f",
        b"\xff\xfe\xfd invalid utf-8",
        b"24/18/16/14/12/10/8/6/4/2/off",
        b"99999999999999999999/1",
        b"24/18(9999999999)",
        b"24/-3",
        b"////",
        b"((((",
        b"\xce\xa0\xce\xbb\xce\xb1\xce\xba\xcf\x89\xcf\x84\xcf\x8c",
        b"undo",
        b"reset",
        b"resign",
        b"maybe",
        b"?",
        b"hint",
        b"\t24/18\t",
    ] {
        input.extend_from_slice(line);
        input.push(b'\n');
    }
    input.extend(std::iter::repeat_n(b'7', 1 << 20));
    input.extend(b"\n");
    input.extend(std::iter::repeat_n(b'x', 3000));
    input.extend(b"\r\nboard\r\n24/");
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.json");
    let out =
        run(&["play", "--game", "plakoto", "--two-players", "--seed", "4", "--save", save.to_str().unwrap()], &input);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("That line is too long"), "{stdout}");
    assert!(stdout.contains("End of input"), "{stdout}");
    assert!(stdout.lines().all(|l| l.chars().count() <= 200), "no line echoes a huge input");
    load(&save);
}

#[test]
fn engines_play_a_match_and_replay_shows_it() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("m.json");
    let s = save.to_str().unwrap();
    let out = run(
        &[
            "play",
            "--game",
            "plakoto",
            "--white",
            "random",
            "--black",
            "heuristic",
            "--match",
            "3",
            "--seed",
            "9",
            "--save",
            s,
        ],
        b"",
    );
    assert!(out.status.success());
    let m = load(&save);
    assert!(m.is_over());
    assert_eq!(
        (m.players().white.to_string(), m.players().black.to_string()),
        ("engine:random".into(), "engine:heuristic".into())
    );

    let out = run(&["replay", s, "--all"], b"");
    assert!(out.status.success());
    let replay = text(&out.stdout);
    assert!(replay.contains("Turn 1: "), "{replay}");
    assert!(replay.contains("wins the match"), "{replay}");
    assert_eq!(replay.matches("=== Game ").count(), m.games().len());
    // Without --all, stdin that is not a terminal prints everything too.
    assert_eq!(text(&run(&["replay", s], b"").stdout), replay);
}

#[test]
fn bad_records_are_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.json");
    let p = path.to_str().unwrap();
    for (content, expected) in [
        (&b"not json at all"[..], "is not a readable game record"),
        (b"\x00\xff\xfe", "bad.json"),
        (br#"{"format":"chess","version":1,"players":{"white":"a","black":"b"},"seed":1,"match_to":1,"score":{"white":0,"black":0},"winner":null,"games":[]}"#, "not a plakoto match record"),
    ] {
        std::fs::write(&path, content).unwrap();
        for cmd in ["play", "--game", "plakoto", "replay"] {
            let args: Vec<&str> = if cmd == "play" { vec!["play", "--resume", p] } else { vec!["replay", p] };
            let out = run(&args, b"");
            assert_eq!(out.status.code(), Some(1), "{cmd}");
            let stderr = text(&out.stderr);
            assert!(stderr.contains(expected), "{cmd}: {stderr}");
        }
    }

    // A record whose dice are not what its seed gives.
    let mut m = Match::new(1, 6, Players::people()).unwrap();
    for _ in 0..3 {
        m.roll().unwrap();
        let play = m.game().legal_plays()[0];
        m.play(&play).unwrap();
    }
    let mut rec = m.record();
    rec.games[0].turns[1].dice = if rec.games[0].turns[1].dice == [1, 1] { [2, 2] } else { [1, 1] };
    std::fs::write(&path, serde_json::to_string(&rec).unwrap()).unwrap();
    let out = run(&["play", "--resume", p], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("turn 2"), "{}", text(&out.stderr));

    // A level this program does not have: refused by play, shown by replay.
    let mut rec = m.record();
    rec.players.black = PlayerName::parse("engine:grandmaster\u{1b}[2J");
    std::fs::write(&path, serde_json::to_string(&rec).unwrap()).unwrap();
    let out = run(&["play", "--resume", p], b"");
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("unknown level") && !stderr.contains('\x1b'), "{stderr}");
    let out = run(&["replay", p], b"");
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("Black (grandmaster[2J)"), "{}", text(&out.stdout));

    // Never a program to run: `player_by_name` would start `external:COMMAND`.
    let marker = dir.path().join("ran");
    rec.players.black = PlayerName::parse(&format!("engine:external:touch {}", marker.display()));
    std::fs::write(&path, serde_json::to_string(&rec).unwrap()).unwrap();
    let out = run(&["play", "--resume", p], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(!marker.exists(), "a record started a program");

    let out = run(&["play", "--resume", dir.path().join("missing.json").to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("cannot open"));
}

#[test]
fn a_finished_match_is_not_resumed_and_files_are_not_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("m.json");
    let s = save.to_str().unwrap();
    assert!(
        run(&["play", "--game", "plakoto", "--white", "random", "--black", "random", "--seed", "2", "--save", s], b"")
            .status
            .success()
    );
    let out = run(&["play", "--resume", s], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("is over"), "{}", text(&out.stderr));
    let out = run(&["play", "--game", "plakoto", "--save", s], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("already exists"), "{}", text(&out.stderr));
}

#[test]
fn the_default_save_file_is_in_the_data_directory() {
    let dir = tempfile::tempdir().unwrap();
    let data = [("XDG_DATA_HOME", dir.path().to_str().unwrap())];
    let out = piped::run(&["play", "--game", "plakoto", "--seed", "1234"], b"quit\n", &data);
    assert!(out.status.success());
    let games = dir.path().join("tavli").join("games");
    let files: Vec<_> = std::fs::read_dir(&games).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(files.len(), 1);
    let name = files[0].file_name().unwrap().to_str().unwrap().to_string();
    // Named for the date and time, never for the seed (which tells the dice).
    assert!(!name.contains("1234"), "{name}");
    assert!(name.starts_with("20") && name.ends_with(".json") && name.contains('T'), "{name}");
    assert!(text(&out.stdout).contains(&format!("Saving every move to {}", files[0].display())));
    // A second game started in the same second gets its own file.
    let out = piped::run(&["play", "--game", "plakoto", "--seed", "1234"], b"quit\n", &data);
    assert!(out.status.success());
    assert_eq!(std::fs::read_dir(&games).unwrap().count(), 2);
}

#[test]
fn colour_is_chosen_by_flag_and_no_color() {
    let dir = tempfile::tempdir().unwrap();
    let save = |n: &str| dir.path().join(n).to_str().unwrap().to_string();
    let out = run(&["play", "--game", "plakoto", "--two-players", "--color", "always", "--save", &save("a.json")], b"");
    assert!(text(&out.stdout).contains('\x1b'));
    let out = run(&["play", "--game", "plakoto", "--two-players", "--save", &save("b.json")], b"");
    assert!(!text(&out.stdout).contains('\x1b'));
}

#[test]
fn a_closed_stdout_is_not_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("m.json");
    let mut child = Command::new(BIN)
        .args(["play", "--game", "plakoto", "--white", "random", "--black", "random", "--match", "25", "--save"])
        .arg(&save)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 64];
    child.stdout.as_mut().unwrap().read_exact(&mut first).unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(!text(&out.stderr).contains("panicked"));
    load(&save);
}

#[test]
fn a_game_starts_from_a_position() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("p.json");
    let s = save.to_str().unwrap();
    // Black to play from the start position: no opening roll.
    let id = tavli_core::Position::start().with_turn(tavli_core::Color::Black).id();
    let out = run(&["play", "--two-players", "--position", &id, "--seed", "3", "--save", s], b"id\nquit\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains(&format!("The game starts from position {id}; Black plays first.")), "{stdout}");
    assert!(stdout.contains(&format!("Position ID {id}: Black to play ")), "{stdout}");
    assert!(!stdout.contains("Opening roll"), "{stdout}");
    let m = load(&save);
    assert_eq!(m.games()[0].start(), tavli_core::game::Start::Position(tavli_core::Position::from_id(&id).unwrap()));

    // Not with --resume; a bad or finished position is a clear error.
    let out = run(&["play", "--resume", s, "--position", "start"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot be used with"), "{}", text(&out.stderr));
    for (bad, why) in
        [("nonsense", "bad --position"), (r#"{"turn":"white","board":{"12":-15},"off":{"white":15}}"#, "finished game")]
    {
        let out = run(&["play", "--position", bad, "--save", dir.path().join("x.json").to_str().unwrap()], b"");
        assert_eq!(out.status.code(), Some(1), "{bad}");
        assert!(text(&out.stderr).contains(why), "{bad}: {}", text(&out.stderr));
    }
}

/// A match to 3 where Black (the engine, `advanced`) resigned the first
/// game for 2 points, and White (the person) and Black have played on in
/// the second until a roll of Black's where playing for the match (needing
/// 3 against 1) and playing for points choose differently; the record,
/// Black to play, and both choices. White has played in the second game.
fn a_score_that_changes_the_engines_play() -> (Match<tavli_core::Position>, tavli_core::Play, tavli_core::Play) {
    use tavli_core::Color;
    use tavli_engine::met::MatchScore;
    use tavli_engine::{NeuralEval, Search, analysis, levels};
    let eval = NeuralEval::shipped(None);
    let level = levels::level("advanced").unwrap();
    let players = Players { white: PlayerName::Human, black: PlayerName::Engine("advanced".into()) };
    for seed in 1..50 {
        let mut m = Match::new(3, seed, players.clone()).unwrap();
        m.resign(Color::Black).unwrap();
        assert_eq!(m.score(Color::White), 2);
        let mut white_played = false;
        for _ in 0..60 {
            m.roll().unwrap();
            let (pos, dice) = (*m.game().position(), m.game().dice().unwrap());
            let plays = m.game().legal_plays().to_vec();
            let money = analysis::rank_plays(&Search::new(eval.clone(), 0), &pos, dice)[0].play;
            if pos.turn() == Color::Black && white_played && plays.len() > 1 {
                let mut player = level.player_at(&eval, m.turn_seed(), MatchScore::of(&m, Color::Black));
                let by_score = plays[player.choose(&pos, dice, &plays)];
                if by_score.position() != money.position() {
                    return (m, by_score, money);
                }
            }
            white_played |= pos.turn() == Color::White;
            m.play(&money).unwrap();
            if m.games().len() > 2 {
                break;
            }
        }
    }
    panic!("no seed gave a roll where the score changes the engine's play");
}

#[test]
fn in_a_match_the_engine_plays_and_hint_and_last_rank_by_the_chance_to_win_the_match() {
    let (m, by_score, money) = a_score_that_changes_the_engines_play();
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("m.json");
    std::fs::write(&save, serde_json::to_string(&m.record()).unwrap()).unwrap();
    let out = run(&["play", "--resume", save.to_str().unwrap()], b"last\nhint\nquit\n");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    let after = load(&save);
    let game = &after.games()[1];
    let played = game.positions_before().get(m.game().turns().len() + 1).copied().unwrap_or(*game.position());
    assert_eq!(played, *by_score.position(), "the engine played {}, for points it would play {money}", {
        game.turns()[m.game().turns().len()].notation.clone()
    });
    // The person's hint and rating are by the chance to win the match, shown beside the equity.
    assert!(stdout.contains("ranked by the chance to win the match (match) at 2-0 in a match to 3"), "{stdout}");
    assert!(stdout.contains("equity   match "), "{stdout}");
    assert!(stdout.contains("by the chance to win the match)."), "{stdout}");
}

/// The computer's plays were written in its own numbering, while the
/// board beside them is labelled in the person's.
#[test]
fn the_computers_plays_are_written_in_its_numbering_and_the_persons() {
    use tavli_core::{Color, Dice};
    let players = Players { white: PlayerName::Human, black: PlayerName::Engine("random".into()) };
    // A seed whose opening roll Black wins: the computer plays first.
    let seed = (1..100u64)
        .find(|&s| {
            let mut m = Match::new(1, s, players.clone()).unwrap();
            m.roll().unwrap();
            m.game().position().turn() == Color::Black
        })
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.json");
    let args = [
        "play",
        "--game",
        "plakoto",
        "--level",
        "random",
        "--seed",
        &seed.to_string(),
        "--save",
        save.to_str().unwrap(),
    ];
    let out = run(&args, b"quit\n");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    let m = load(&save);
    let g = &m.games()[0];
    let turn = &g.turns()[0];
    assert_eq!(turn.side, Color::Black);
    let dice = Dice::new(turn.dice[0], turn.dice[1]).unwrap();
    let after = g.positions_before().get(1).copied().unwrap_or(*g.position());
    let play = g.positions_before()[0].legal_plays(dice).into_iter().find(|p| p.position() == &after).unwrap();
    let (yours, its) = (play.notation_for(Color::White), play.notation());
    assert_ne!(yours, its);
    // One convention everywhere: the mover's own numbering, then the
    // reader's, as the board beside it labels the points.
    let both = format!("{its} (your {yours})");
    assert!(stdout.contains(&format!("Black (random) rolls {dice} and plays {both}\n")), "{both}\n{stdout}");
    assert!(stdout.contains(&format!(" Black (random) played {both}\n")), "{both}\n{stdout}");
}
