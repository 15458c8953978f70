//! `tavli play` on a pseudo-terminal, as a person uses it: typed plays,
//! single moves confirmed with Enter, illegal entries, a match to 3,
//! resuming after the process was killed, Ctrl-C, the board at a game's
//! end; and `tavli replay` stepping forwards and back.

mod common;

use common::{Driver, Stop, load, spawn, turns};
use expectrl::process::unix::{Signal, WaitStatus};
use expectrl::{ControlCode, Expect};
use tavli_core::game::{Match, Players};
use tavli_core::{Color, PlayError, TurnBuilder, parse_position};
use tavli_engine::DEFAULT_LEVEL;

#[test]
fn a_typed_game_from_the_opening_roll_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("game.json");
    let mut p =
        spawn(&["play", "--game", "plakoto", "--seed", "11", "--save", save.to_str().unwrap(), "--color", "never"]);
    let mut d = Driver::new(&save);
    assert_eq!(d.run(&mut p, usize::MAX), Stop::Over);
    let out = &d.transcript;
    assert!(out.contains("Saving every move to"), "{out}");
    assert!(out.contains("Opening roll: you roll"), "{out}");
    assert!(out.contains(&format!("Black ({DEFAULT_LEVEL}) rolls")), "the default level plays: {out}");
    assert!(out.contains("You play "), "{out}");
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
    let args = [
        "play",
        "--game",
        "plakoto",
        "--match",
        "3",
        "--seed",
        "5",
        "--level",
        "random",
        "--save",
        save.to_str().unwrap(),
    ];
    let mut p = spawn(&[&args[..], &["--color", "never"]].concat());
    let mut d = Driver::new(&save);
    assert_eq!(d.run(&mut p, usize::MAX), Stop::Over);
    let m = load(&save);
    let w = m.winner().expect("the match has a winner");
    assert!(m.score(w) >= 3);
    assert!(m.games().len() >= 2, "a match to 3 takes at least two games");
    let out = &d.transcript;
    assert!(out.contains("=== Game 2 of the match to 3 ==="), "{out}");
    // Spoken to the person: "You win the match", or the computer's name.
    let winner = if w == tavli_core::Color::White {
        "You win the match".to_string()
    } else {
        "Black (random) wins the match".to_string()
    };
    assert!(out.contains(&winner), "{out}");
    assert!(out.contains("Score: you (White) "), "{out}");
    assert!(out.contains("won the last game and start") || out.contains("draw"), "{out}");
}

#[test]
fn an_illegal_entry_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.json");
    let mut p = spawn(&[
        "play",
        "--game",
        "plakoto",
        "--two-players",
        "--seed",
        "3",
        "--save",
        save.to_str().unwrap(),
        "--color",
        "never",
    ]);
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
    p.expect("Continue with: tavli play --resume").unwrap();
    assert_eq!(turns(&load(&save)), 0, "nothing was played");
}

/// `10/4(2)` with 6-6 and one checker on 10 said "you have no checker on
/// point 10": the entry's first move had emptied the point.
#[test]
fn moving_more_checkers_than_a_point_has_says_how_many_it_has() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.json");
    let position = r#"{"turn":"white","board":{"10":1,"3":14,"20":-15}}"#;
    let args = ["play", "--two-players", "--seed", "20", "--position", position, "--color", "never"];
    let mut p = spawn(&[&args[..], &["--save", save.to_str().unwrap()]].concat());
    p.expect("White 6-6 > ").unwrap();
    p.send_line("10/4(2)").unwrap();
    p.expect("Not played: you have only 1 checker on point 10").unwrap();
    p.expect("White 6-6 > ").unwrap();
    p.send_line("quit").unwrap();
    p.expect("Continue with").unwrap();
    assert_eq!(turns(&load(&save)), 0);
}

#[test]
fn a_killed_game_resumes_where_it_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.json");
    let path = save.to_str().unwrap();
    let mut p =
        spawn(&["play", "--game", "plakoto", "--seed", "21", "--level", "random", "--save", path, "--color", "never"]);
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
        p.expect("Continue with: tavli play --resume").unwrap();
    }
}

#[test]
fn colour_on_a_terminal_unless_asked_not_to() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.json");
    let mut p = spawn(&["play", "--game", "plakoto", "--two-players", "--seed", "3", "--save", save.to_str().unwrap()]);
    let caps = p.expect(" > ").unwrap();
    assert!(caps.before().contains(&0x1b), "auto colour on a terminal");
    p.send_line("quit").unwrap();
    p.expect("Continue with").unwrap();
}

#[test]
fn ctrl_c_saves_and_says_how_to_continue() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.json");
    let path = save.to_str().unwrap();
    let mut p =
        spawn(&["play", "--game", "plakoto", "--two-players", "--seed", "3", "--save", path, "--color", "never"]);
    p.expect(" > ").unwrap();
    // One single move of a play of two or more, then Ctrl-C mid-turn.
    let m = load(&save);
    let play = *m.game().legal_plays().iter().find(|p| p.moves().len() >= 2).expect("a play of two moves");
    let first = play.moves()[0];
    let first = format!("{}/{}", first.from, first.to);
    p.send_line(&first).unwrap();
    p.expect(format!("[{first}] > ")).unwrap();
    p.send(ControlCode::EndOfText).unwrap();
    p.expect(format!("Interrupted. The move {first} of this turn is not saved; you will play the whole turn again."))
        .unwrap();
    p.expect(format!("Saved to {path}. Continue with: tavli play --resume {path}")).unwrap();
    assert_eq!(p.get_process().wait().unwrap(), WaitStatus::Exited(p.get_process().pid(), 130));
    drop(p);
    let m = load(&save);
    assert_eq!(turns(&m), 0);
    assert!(m.game().dice().is_some(), "the roll is kept");

    // Resumed, the roll is the same; Ctrl-C at once saves again.
    let mut p = spawn(&["play", "--resume", path, "--color", "never"]);
    p.expect("Resuming game 1 at turn 1.").unwrap();
    p.expect(" > ").unwrap();
    p.send(ControlCode::EndOfText).unwrap();
    p.expect(format!("Interrupted. Saved to {path}. Continue with: tavli play --resume {path}")).unwrap();
    assert_eq!(p.get_process().wait().unwrap(), WaitStatus::Exited(p.get_process().pid(), 130));
    assert_eq!(load(&save).record(), m.record(), "nothing changed, nothing lost");
    let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(leftovers.len(), 1, "no temporary file left: {leftovers:?}");
}

/// Ctrl-L echoed `^L` and did nothing until Enter; now it clears the
/// screen and draws the board and the prompt again at once.
#[test]
fn ctrl_l_draws_the_board_again_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.json");
    let mut p = spawn(&[
        "play",
        "--game",
        "plakoto",
        "--two-players",
        "--seed",
        "3",
        "--save",
        save.to_str().unwrap(),
        "--color",
        "never",
    ]);
    let caps = p.expect(" > ").unwrap();
    let prompt = String::from_utf8_lossy(caps.before()).rsplit('\n').next().unwrap().to_string();
    p.send("\x0c").unwrap();
    p.expect("\x1b[H\x1b[2J").unwrap();
    let caps = p.expect(format!("{prompt} > ")).unwrap();
    let redrawn = String::from_utf8_lossy(caps.before()).to_string();
    assert!(redrawn.contains(" 13 14 15 16 17 18") && redrawn.contains(" Game 1 "), "the board again: {redrawn}");
    assert!(!redrawn.contains("^L"), "{redrawn:?}");
    // What follows is a turn as before.
    p.send_line("quit").unwrap();
    p.expect("Continue with").unwrap();
    assert_eq!(p.get_process().wait().unwrap(), WaitStatus::Exited(p.get_process().pid(), 0));
}

#[test]
fn quit_mid_turn_says_the_moves_are_not_saved() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.json");
    let path = save.to_str().unwrap();
    let mut p =
        spawn(&["play", "--game", "plakoto", "--two-players", "--seed", "3", "--save", path, "--color", "never"]);
    p.expect(" > ").unwrap();
    let m = load(&save);
    let play = *m.game().legal_plays().iter().find(|p| p.moves().len() >= 2).expect("a play of two moves");
    let first = format!("{}/{}", play.moves()[0].from, play.moves()[0].to);
    p.send_line(&first).unwrap();
    p.expect(format!("[{first}] > ")).unwrap();
    p.send_line("quit").unwrap();
    p.expect(format!("The move {first} of this turn is not saved; you will play the whole turn again.")).unwrap();
    p.expect("Continue with: tavli play --resume").unwrap();
    assert_eq!(p.get_process().wait().unwrap(), WaitStatus::Exited(p.get_process().pid(), 0));
}

#[test]
fn the_game_over_board_is_the_finished_game_and_then_the_next_starts() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("m.json");
    // White's last checker on its 1-point, Black with none borne off: any
    // roll wins 2 points, and a match to 3 goes on.
    let pos = parse_position(r#"{"turn":"white","board":{"1":1,"12":-15},"off":{"white":14,"black":0}}"#).unwrap();
    let id = pos.id();
    let args = ["play", "--match", "3", "--position", &id, "--level", "random", "--seed", "7"];
    let mut p = spawn(&[&args[..], &["--save", save.to_str().unwrap(), "--color", "never"]].concat());
    p.expect(format!("The game starts from position {id}; you play first.")).unwrap();
    p.expect(" > ").unwrap();
    p.send_line("1/off").unwrap();
    let caps = p.expect("game over").unwrap();
    let before = String::from_utf8_lossy(caps.before()).to_string();
    let title = before.rsplit(" Game ").next().unwrap().lines().next().unwrap();
    assert_eq!(title, "1 · match to 3 · W White (you) 2, B Black (random) 0", "{before}");
    p.expect(" You played 1/off").unwrap();
    p.expect("You bear off your last checker and win 2 points").unwrap();
    p.expect("Score: you (White) 2, Black (random) 0 (match to 3).").unwrap();
    // The finished board stays in view until the person asks for the next game.
    p.expect("Game 2, Plakoto, is next: press Enter to begin, or type quit > ").unwrap();
    p.send_line("").unwrap();
    p.expect("=== Game 2 of the match to 3 ===").unwrap();
    p.expect("You won the last game and start.").unwrap();
    p.expect(" Game 2 · match to 3 · W White (you) 2, B Black (random) 0").unwrap();
    p.expect(" > ").unwrap();
    p.send_line("quit").unwrap();
    p.expect("Continue with").unwrap();
    let m = load(&save);
    assert_eq!((m.games().len(), m.score(Color::White)), (2, 2));
}

#[test]
fn replay_steps_back_and_forth_and_shows_position_ids() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("r.json");
    let mut m = Match::new(1, 77, Players::people()).unwrap();
    for i in 0..6 {
        m.roll().unwrap();
        let plays = m.game().legal_plays().to_vec();
        m.play(&plays[i * 3 % plays.len()]).unwrap();
    }
    std::fs::write(&save, serde_json::to_string(&m.record()).unwrap()).unwrap();
    let g = &m.games()[0];
    let id = |turn: usize| g.positions_before().get(turn).copied().unwrap_or(*g.position()).id();

    let mut p = spawn(&["replay", save.to_str().unwrap(), "--color", "never"]);
    p.expect("=== Game 1 ===").unwrap();
    p.expect(format!("Position ID {}", id(0))).unwrap();
    p.expect("Game 1, start · Enter: next, b: back, help, q > ").unwrap();
    p.send_line("").unwrap();
    p.expect("Turn 1: ").unwrap();
    p.expect(format!("Position ID {}", id(1))).unwrap();
    p.expect("Game 1, turn 1 of 6").unwrap();
    p.send_line("b").unwrap();
    p.expect("=== Game 1 ===").unwrap();
    p.expect("Game 1, start").unwrap();
    p.send_line("b").unwrap();
    p.expect("This is the start of the record.").unwrap();
    p.send_line("t 4").unwrap();
    p.expect(format!("Turn 4: {} rolls", g.turns()[3].side)).unwrap();
    p.expect(format!("Position ID {}", id(4))).unwrap();
    p.expect("Game 1, turn 4 of 6").unwrap();
    p.send_line("back").unwrap();
    p.expect("Turn 3: ").unwrap();
    p.expect("Game 1, turn 3 of 6").unwrap();
    p.send_line("t 99").unwrap();
    p.expect("Game 1 has turns 1 to 6").unwrap();
    p.send_line("help").unwrap();
    p.expect("Replay commands:").unwrap();
    p.send_line("g 1").unwrap();
    p.expect("Game 1, start").unwrap();
    p.send_line("end").unwrap();
    p.expect("Turn 6: ").unwrap();
    p.expect("The game goes on: the record stops here.").unwrap();
    p.expect("Game 1, turn 6 of 6 · Enter: quit (the end)").unwrap();
    p.send_line("b").unwrap();
    p.expect("Turn 5: ").unwrap();
    p.send_line("q").unwrap();
    assert_eq!(p.get_process().wait().unwrap(), WaitStatus::Exited(p.get_process().pid(), 0));
}

/// A whole Tavli match to 5 typed at a terminal against the computer:
/// Portes, Plakoto and Fevga in turn, each announced, Portes's entries
/// from the bar typed as `bar/N`, the record a Tavli match that replays.
#[test]
fn a_tavli_match_to_5_is_typed_to_its_end() {
    use tavli_core::tavli::GameKind;
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("tavli.json");
    let args = ["play", "--tavli", "--seed", "7", "--level", "heuristic", "--save", save.to_str().unwrap()];
    let mut p = spawn(&[&args[..], &["--color", "never"]].concat());
    let mut d = Driver::new(&save);
    assert_eq!(d.run(&mut p, usize::MAX), Stop::Over);
    let m = common::load_any(&save);
    let w = m.winner().expect("the match has a winner");
    assert!(m.score(w) >= 5);
    let kinds: Vec<GameKind> = m.games().iter().map(|g| g.position().kind()).collect();
    assert!(kinds.len() >= 3, "{kinds:?}");
    assert_eq!(&kinds[..2], &[GameKind::Portes, GameKind::Plakoto], "{kinds:?}");
    let out = &d.transcript;
    for (i, kind) in kinds.iter().enumerate() {
        let name = kind.title();
        assert!(out.contains(&format!("=== Game {}: {name} · Tavli match to 5 ===", i + 1)), "{}", common::tail(out));
    }
    assert!(out.contains("the middle column is the bar"), "the Portes board");
    assert!(out.contains("Black (heuristic) plays") || out.contains("rolls"), "the computer's plays are told");
    assert!(d.typed > 20, "the person typed {} turns", d.typed);
}

/// A Tavli match to 5 typed at a terminal against a neural level: every
/// game is played by that game's own player. Each of the computer's plays
/// in the record is the one the level's Tavli player chooses there (each
/// game's network at 0-ply, playing by the Tavli table at the score
/// before the game), and no game is announced as played by a stand-in.
#[test]
fn a_tavli_match_to_5_against_the_networks_plays_each_game_with_its_own() {
    let checked = typed_against_the_networks("--tavli", "11", tavli_core::tavli::MatchGames::Tavli);
    assert_eq!(checked.len(), 3, "{checked:?}");
    assert!(checked.values().all(|&n| n > 5), "the computer's plays checked in each game: {checked:?}");
}

/// A match typed to its end at a terminal against the advanced level
/// (`--tavli` or `--tabla` with dice `seed`), each of the computer's plays
/// checked against the level's choice there: the plays checked, by game.
fn typed_against_the_networks(
    kind: &str,
    seed: &str,
    games: tavli_core::tavli::MatchGames,
) -> std::collections::BTreeMap<&'static str, usize> {
    use tavli_core::tavli::AnyPosition;
    use tavli_engine::{NeuralEval, Player, TavliPlayer, levels};
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("match.json");
    let args = ["play", kind, "--seed", seed, "--level", "advanced", "--save", save.to_str().unwrap()];
    let mut p = spawn(&[&args[..], &["--color", "never"]].concat());
    let mut d = Driver::new(&save);
    assert_eq!(d.run(&mut p, usize::MAX), Stop::Over);
    let m = common::load_any(&save);
    assert_eq!(m.rules().games, games);
    let level = levels::level("advanced").unwrap();
    let (db, _) = tavli_engine::bearoff::load_default();
    let eval = NeuralEval::shipped(Some(std::sync::Arc::new(db)));
    let mut engine = TavliPlayer::of_level(level, &eval, 1, games);
    let mut checked = std::collections::BTreeMap::new();
    for (gi, g) in m.games().iter().enumerate() {
        let kind = g.position().kind();
        let head = format!("=== Game {}: ", gi + 1);
        let section = d.transcript.split(&head).nth(1).expect("every game is announced");
        let section = section.split("=== Game ").next().unwrap();
        assert!(!section.contains("heuristic"), "no stand-in in game {}: {section}", gi + 1);
        for (ti, turn) in g.turns().iter().enumerate() {
            if !matches!(m.players().get(turn.side), tavli_core::game::PlayerName::Engine(_)) {
                continue;
            }
            let before: AnyPosition = g.positions_before()[ti];
            let after = g.positions_before().get(ti + 1).copied().unwrap_or(*g.position());
            let dice = tavli_core::Dice::new(turn.dice[0], turn.dice[1]).unwrap();
            let plays = before.legal_plays(dice);
            // Played by the score before the game, as the session plays it.
            let score = tavli_engine::met::MatchScore::before_game(&m, gi, turn.side);
            engine.set_match_score(score.length, score.mine, score.theirs);
            let chosen = &plays[engine.choose(&before, dice, &plays)];
            assert_eq!(chosen.position(), after, "game {} turn {}: {}", gi + 1, ti + 1, turn.notation);
            *checked.entry(kind.name()).or_insert(0) += 1;
        }
    }
    checked
}

/// A whole Tabla match to 5 typed at a terminal against the computer:
/// Tabla, Gul bara and Tapa in turn, each announced with its heading; Gul
/// bara's ladders typed stage by stage, the stages handed over played
/// before rolling; the record a Tabla match that replays and verifies.
#[test]
fn a_tabla_match_to_5_is_typed_to_its_end() {
    use tavli_core::tavli::{GameKind, MatchGames};
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("tabla.json");
    let path = save.to_str().unwrap();
    let args = ["play", "--tabla", "--seed", "12", "--level", "heuristic", "--save", path, "--color", "never"];
    let mut p = spawn(&args);
    let mut d = Driver::new(&save);
    assert_eq!(d.run(&mut p, usize::MAX), Stop::Over);
    assert_eq!(p.get_process().wait().unwrap(), WaitStatus::Exited(p.get_process().pid(), 0));
    let m = common::load_any(&save);
    assert_eq!(m.rules().games, MatchGames::Tabla);
    let w = m.winner().expect("the match has a winner");
    assert!(m.score(w) >= 5 && m.score(w.opponent()) < 5, "{} – {}", m.score(w), m.score(w.opponent()));
    let kinds: Vec<GameKind> = m.games().iter().map(|g| g.position().kind()).collect();
    assert!(kinds.len() >= 3, "a match to 5 of these games took {kinds:?}");
    assert_eq!(&kinds[..3], &[GameKind::Tabla, GameKind::GulBara, GameKind::Tapa], "{kinds:?}");
    let out = &d.transcript;
    assert!(out.contains("A Tabla match: Tabla, Gul bara, Tapa"), "{}", common::tail(out));
    for (i, kind) in kinds.iter().enumerate() {
        let head = format!("=== Game {}: {} · Tabla match to 5 ===", i + 1, kind.title());
        assert!(out.contains(&head), "{head} is not in\n{}", common::tail(out));
    }
    // Gul bara's ladder typed stage by stage: the person's own ladder
    // climbed, stalled and handed over, and dice handed to the person.
    let stages = &d.stages;
    assert!(stages.ladder > 0 && stages.stalled > 0 && stages.handed > 0, "{stages:?}");
    let winner = if w == tavli_core::Color::White {
        "You win the match".to_string()
    } else {
        "Black (heuristic) wins the match".to_string()
    };
    assert!(out.contains(&winner), "{}", common::tail(out));
    assert!(d.typed > 30, "the person typed {} turns", d.typed);
    // The record replays move by move and its dice check out.
    let verified = std::process::Command::new(common::BIN).args(["verify", path]).output().unwrap();
    assert!(verified.status.success(), "{}", String::from_utf8_lossy(&verified.stderr));
    assert!(String::from_utf8_lossy(&verified.stdout).contains("the dice check out"));
    println!("tabla: {} typed turns ({stages:?}), games {kinds:?}", d.typed);
}

/// A Tabla match to 5 typed at a terminal against a neural level: Tabla,
/// Gul bara and Tapa each played by its own network (Portes's, Gul bara's,
/// Plakoto's), every play of the computer's the level's choice there.
#[test]
fn a_tabla_match_to_5_against_the_networks_plays_each_game_with_its_own() {
    let checked = typed_against_the_networks("--tabla", "12", tavli_core::tavli::MatchGames::Tabla);
    assert_eq!(checked.keys().copied().collect::<Vec<_>>(), ["gulbara", "tabla", "tapa"], "{checked:?}");
    assert!(checked.values().all(|&n| n > 5), "the computer's plays checked in each game: {checked:?}");
    println!("tabla against the networks: the computer's plays checked {checked:?}");
}
