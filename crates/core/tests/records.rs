//! Match records load back to the match that wrote them, whatever was done:
//! plays (passes included), resignations by either side at any moment of a
//! turn, matches of any length, a record taken at any point. And records
//! written before a resigned game kept its roll still load.

use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tavli_core::Color;
use tavli_core::game::{Match, MatchRecord, Players};

/// What a front end can do next in a match.
#[derive(Clone, Copy, Debug)]
enum Action {
    /// Roll if needed, then play the legal play chosen by the number.
    Play(usize),
    /// Roll (if not rolled yet) and stop there: the record has dice pending.
    Roll,
    /// Resign for White (false) or Black (true).
    Resign(bool),
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        12 => any::<usize>().prop_map(Action::Play),
        2 => Just(Action::Roll),
        1 => any::<bool>().prop_map(Action::Resign),
    ]
}

fn apply(m: &mut Match<tavli_core::Position>, a: Action) {
    if m.is_over() {
        return;
    }
    match a {
        Action::Play(i) => {
            if m.game().dice().is_none() {
                m.roll().expect("a match in play rolls");
            }
            let plays = m.game().legal_plays().to_vec();
            m.play(&plays[i % plays.len()]).expect("a legal play is accepted");
        }
        Action::Roll => {
            if m.game().dice().is_none() {
                m.roll().expect("a match in play rolls");
            }
        }
        Action::Resign(black) => {
            let side = if black { Color::Black } else { Color::White };
            let points = m.resignation_points(side).expect("a match in play");
            let r = m.resign(side).expect("a match in play can be resigned");
            assert_eq!((r.points, r.winner), (points, Some(side.opponent())));
        }
    }
}

/// Saves `m` as JSON, reads it back, and checks it is the same match with
/// its dice at the same place.
fn assert_reloads(m: &Match<tavli_core::Position>) -> Result<Match<tavli_core::Position>, TestCaseError> {
    let json = serde_json::to_string(&m.record()).expect("a record serialises");
    let rec: MatchRecord<tavli_core::Position> = serde_json::from_str(&json).expect("a record deserialises");
    let back = Match::from_record(&rec).map_err(|e| TestCaseError::fail(format!("{e}\n{json}")))?;
    prop_assert_eq!(back.record(), m.record());
    prop_assert_eq!(back.dice_thrown(), m.dice_thrown(), "the replay threw another number of dice");
    prop_assert_eq!(back.game().position(), m.game().position());
    prop_assert_eq!(back.game().dice(), m.game().dice());
    for (a, b) in back.games().iter().zip(m.games()) {
        prop_assert_eq!(a.positions_before(), b.positions_before());
        prop_assert_eq!(a.positions_before().len(), a.turns().len());
    }
    Ok(back)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// After every action of a random match the record reloads, and the
    /// reloaded match then goes on exactly as the original.
    #[test]
    fn every_record_loads_back_to_the_same_match(
        seed in any::<u64>(),
        length in 1u32..=5,
        actions in prop::collection::vec(action(), 1..400),
    ) {
        let mut m = Match::new(length, seed, Players::default()).expect("a match");
        for (i, &a) in actions.iter().enumerate() {
            apply(&mut m, a);
            if i % 7 == 0 || matches!(a, Action::Resign(..)) {
                let mut back = assert_reloads(&m)?;
                // The copy and the original go on in step for a few actions.
                for &b in actions.iter().skip(i + 1).take(20) {
                    apply(&mut back, b);
                }
                let mut ahead = m.clone();
                for &b in actions.iter().skip(i + 1).take(20) {
                    apply(&mut ahead, b);
                }
                prop_assert_eq!(back.record(), ahead.record());
            }
        }
        assert_reloads(&m)?;
    }
}

/// A record as this program wrote it before resigned games kept their roll:
/// the same record with every resigned game's `dice` left out.
fn as_written_before(rec: &MatchRecord<tavli_core::Position>) -> MatchRecord<tavli_core::Position> {
    let mut old = rec.clone();
    for g in &mut old.games {
        if g.result.is_some_and(|r| r.reason == tavli_core::Reason::Resign) {
            g.dice = None;
        }
    }
    old
}

#[test]
fn records_that_left_out_a_resigned_games_roll_still_load() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut resigned = 0;
    for seed in 0..200 {
        let mut m = Match::new(5, seed, Players::default()).expect("a match");
        while !m.is_over() {
            if rng.random_range(0..40) == 0 {
                m.roll().ok();
                let side = m.game().position().turn();
                m.resign(side).expect("resign");
                resigned += 1;
            } else {
                apply(&mut m, Action::Play(rng.random_range(0..1000)));
            }
        }
        let rec = m.record();
        let old = as_written_before(&rec);
        let back = Match::from_record(&old).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(back.record(), rec, "seed {seed}: the roll was not recovered from the seed");
    }
    assert!(resigned > 50, "only {resigned} resignations were tried");
}

#[test]
fn a_resigned_game_keeps_its_roll_in_the_record() {
    let mut m = Match::new(3, 42, Players::default()).expect("a match");
    let dice = m.roll().expect("roll");
    let side = m.game().position().turn();
    m.resign(side).expect("resign");
    let rec = m.record();
    assert_eq!(rec.games[0].dice, Some([dice.high(), dice.low()]));
    assert_eq!(rec.games.len(), 2, "the next game has begun");
    // The next game's rolls are what the seed gives after that roll.
    let mut m2 = Match::from_record(&rec).expect("reloads");
    let mut m1 = m.clone();
    assert_eq!(m1.roll().expect("roll"), m2.roll().expect("roll"));
}

// Fair dice: while a match is played its public record shows the seed's
// commitment, never the seed; once it is over the seed is shown, matches
// the commitment, and the record replays.

fn played(seed: tavli_core::game::Seed, length: u32, steps: usize) -> Match<tavli_core::Position> {
    let mut m = Match::new(length, seed, Players::default()).expect("a match");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for _ in 0..steps {
        apply(&mut m, Action::Play(rng.random_range(0..1000)));
    }
    m
}

#[test]
fn a_live_matchs_public_record_hides_its_seed_and_a_finished_one_shows_it() {
    use tavli_core::game::{MatchError, Seed};
    let secret = Seed::Secret([0x5a; 32]);
    let live = played(secret, 3, 30);
    assert!(!live.is_over());
    let public = live.public_record();
    assert_eq!(public.seed, None);
    assert_eq!(public.seed_sha256.as_deref(), Some(secret.commitment().as_str()));
    let json = serde_json::to_string(&public).expect("json");
    assert!(!json.contains(&secret.to_string()), "the seed leaks into the public record");
    assert_eq!(Match::from_record(&public).unwrap_err(), MatchError::SeedHidden);

    let over = played(secret, 1, 2000);
    assert!(over.is_over());
    let public = over.public_record();
    assert_eq!(public.seed, Some(secret));
    assert_eq!(public.seed.expect("shown").commitment(), public.seed_sha256.clone().expect("kept"));
    assert_eq!(Match::from_record(&public).expect("replays").record(), over.record());
}

#[test]
fn a_seed_that_does_not_match_its_commitment_is_refused() {
    use tavli_core::game::Seed;
    let mut rec = played(Seed::Secret([1; 32]), 1, 2000).record();
    rec.seed = Some(Seed::Secret([2; 32]));
    let e = Match::from_record(&rec).unwrap_err().to_string();
    assert!(e.contains("does not match the commitment"), "{e}");
}

#[test]
fn a_version_1_record_still_loads() {
    // As the first release wrote it: version 1, a number seed, no commitment.
    let m = played(tavli_core::game::Seed::Number(77), 3, 25);
    let mut v1 = serde_json::to_value(m.record()).expect("json");
    v1["version"] = 1.into();
    v1.as_object_mut().expect("object").remove("seed_sha256");
    assert_eq!(v1["seed"], 77);
    let rec: MatchRecord<tavli_core::Position> = serde_json::from_value(v1).expect("reads");
    assert_eq!(Match::from_record(&rec).expect("replays").game().position(), m.game().position());
}

#[test]
fn a_match_from_a_position_starts_there_and_replays() {
    use tavli_core::{Position, pos};
    let p = pos!(Black; white {13: 5, 8: 5, 6: 5}; black {20: 5, 17: 5, 12: 5});
    let mut m = Match::from_position(3, 4, Players::default(), p).expect("a match");
    assert_eq!(m.game().position(), &p);
    assert_eq!(m.to_act(), Some(Color::Black));
    for i in 0..40 {
        apply(&mut m, Action::Play(i * 7));
    }
    let json = serde_json::to_string(&m.record()).expect("json");
    let back = Match::from_record(&serde_json::from_str(&json).expect("reads")).expect("replays");
    assert_eq!(back.record(), m.record());
    // A finished game is no place to start.
    let over = pos!(White; white {}; black {1: 15});
    assert!(Match::from_position(1, 1, Players::default(), over).is_err());
    assert!(Match::from_position(1, 1, Players::default(), Position::start()).is_ok());
}

// Games played elsewhere: a plain move list read into a record whose dice
// are written down, replayable, with faults named by line, game and turn.

/// `m`'s games as a move list's lines (each game's last roll-off, then
/// its turns), as someone copying a match from a board would write them.
fn move_list_games<P: tavli_core::tavli::GamePosition>(m: &Match<P>) -> String {
    let mut text = String::new();
    for g in m.games() {
        if let Some(&[w, b]) = g.opening().last() {
            text.push_str(&format!("opening {w}-{b}\n"));
        }
        for t in g.turns() {
            text.push_str(&format!("{}-{}: {}\n", t.dice[0], t.dice[1], t.notation));
        }
    }
    text
}

#[test]
fn a_move_list_of_a_match_reads_into_a_replayable_record() {
    use tavli_core::game::read_move_list;
    // Play a real match, write it as a move list, read it back.
    let mut m = Match::new(3, 21, Players::default()).expect("a match");
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    while !m.is_over() {
        apply(&mut m, Action::Play(rng.random_range(0..1000)));
    }
    let text = String::from("match 3\n") + &move_list_games(&m);
    let rec = read_move_list(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(rec.dice_recorded && rec.seed.is_none());
    let back = Match::from_record(&rec).expect("replays");
    assert_eq!(back.winner(), m.winner());
    assert_eq!(back.score(Color::White), m.score(Color::White));
    for (a, b) in back.games().iter().zip(m.games()) {
        assert_eq!(a.turns(), b.turns());
    }
    // Through JSON too.
    let json = serde_json::to_string(&rec).expect("json");
    assert!(json.contains("\"dice_recorded\":true"), "{json}");
    let again: MatchRecord<tavli_core::Position> = serde_json::from_str(&json).expect("reads");
    assert_eq!(Match::from_record(&again).expect("replays").record(), back.record());
}

#[test]
fn a_bad_move_list_names_the_line_game_turn_and_fault() {
    use tavli_core::game::read_move_list;
    let e = read_move_list("opening 4-2\n6-4: 24/18 24/20\n3-1: 24/21 24/23\n6-6: 13/7(4)\n").unwrap_err();
    assert_eq!((e.line, e.game, e.turn), (4, 1, 3), "{e}");
    assert!(e.why.contains("13"), "{e}");
    let e = read_move_list("6-4: 24/18 24/20\n").unwrap_err();
    assert!(e.why.contains("opening"), "{e}");
    let e = read_move_list("white starts\n6-4 24/18 24/20\n").unwrap_err();
    assert!(e.why.contains("6-4: 24/18 24/20"), "{e}");
    let e = read_move_list("white starts\n7-4: 24/17 24/20\n").unwrap_err();
    assert_eq!(e.line, 2, "{e}");
    // Resignations and a starter without a roll-off are read.
    let rec = read_move_list("match 3\nblack starts\n5-2: 24/19/17\nwhite resigns\n2-1: 24/22 24/23\n").expect("reads");
    let m = Match::from_record(&rec).expect("replays");
    assert_eq!(m.score(Color::Black), 2);
    assert_eq!(m.game().turns().len(), 1);
    // An accepted single game: `resigns 1`; more than the rules give, or
    // a count that is not one, is refused naming the line.
    let rec = read_move_list("match 3\nblack starts\n5-2: 24/19/17\nwhite resigns 1\n").expect("reads");
    assert_eq!(Match::from_record(&rec).expect("replays").score(Color::Black), 1);
    for bad in ["white resigns 3", "white resigns 0", "white resigns two", "white resignsx"] {
        let e = read_move_list(&format!("match 3\nblack starts\n5-2: 24/19/17\n{bad}\n")).unwrap_err();
        assert_eq!(e.line, 4, "{bad}: {e}");
    }
}

/// Random Tavli matches (and matches of Portes and Fevga alone) written
/// as move lists with a `games` line read back into the same games: each
/// game's kind, turns and result, and the winner.
#[test]
fn a_move_list_of_any_game_reads_back_into_the_match_played() {
    use tavli_core::game::read_any_move_list;
    use tavli_core::tavli::{AnyPosition, GameKind, MatchGames, MatchRules};
    for (games, seed) in [
        (MatchGames::Tavli, 4),
        (MatchGames::Tavli, 5),
        (MatchGames::Only(GameKind::Portes), 6),
        (MatchGames::Only(GameKind::Fevga), 7),
    ] {
        let rules = MatchRules { games, ..MatchRules::default() };
        let mut m: Match<AnyPosition> = Match::with_rules(rules, 5, seed, Players::default()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !m.is_over() {
            m.roll().unwrap();
            let plays = m.game().legal_plays().to_vec();
            m.play(&plays[rng.random_range(0..plays.len())]).unwrap();
        }
        let text = format!("match 5\ngames {}\n", games.name()) + &move_list_games(&m);
        let rec = read_any_move_list(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(rec.rules.games, games);
        let back: Match<AnyPosition> = Match::from_record(&rec).expect("replays");
        assert_eq!(back.winner(), m.winner());
        assert_eq!(back.games().len(), m.games().len(), "{games:?}");
        for (a, b) in back.games().iter().zip(m.games()) {
            assert_eq!(a.position().kind(), b.position().kind());
            assert_eq!((a.turns(), a.result()), (b.turns(), b.result()));
        }
        if games == MatchGames::Tavli && m.games().len() >= 3 {
            let kinds: Vec<GameKind> = m.games().iter().take(3).map(|g| g.position().kind()).collect();
            assert_eq!(kinds, [GameKind::Portes, GameKind::Plakoto, GameKind::Fevga], "the rotation");
        }
    }
}

#[test]
fn a_games_line_is_read_before_the_first_game_only_and_plakotos_reader_refuses_others() {
    use tavli_core::game::{read_any_move_list, read_move_list};
    let e = read_any_move_list("games chess\n").unwrap_err();
    assert!(e.why.contains("unknown match `chess`"), "{e}");
    let e = read_any_move_list("white starts\n6-4: 24/18 24/20\ngames portes\n").unwrap_err();
    assert_eq!(e.line, 3);
    assert!(e.why.contains("before the first game"), "{e}");
    let e = read_move_list("games fevga\nwhite starts\n").unwrap_err();
    assert!(e.why.contains("reads Plakoto only, not a fevga match"), "{e}");
    // A Fevga opening: 6-6 plays one six (24/18), the rest are lost.
    let rec = read_any_move_list("games fevga\nblack starts\n6-6: 24/18\n").unwrap();
    assert_eq!(rec.games[0].game, tavli_core::tavli::GameKind::Fevga);
    let e = read_any_move_list("games fevga\nblack starts\n6-6: 24/18/12\n").unwrap_err();
    assert_eq!((e.line, e.turn), (3, 1));
    // `games plakoto` is Plakoto's reader's too.
    assert!(read_move_list("match 3\ngames plakoto\nwhite starts\n6-4: 24/18 24/20\n").is_ok());
}

// A record claims more than its dice and moves: the score, the winner,
// each turn's notation and each game's result. Each claim is checked
// against the games replayed, and a wrong one is named.

/// Why `rec` is refused (it must be).
fn refusal(rec: &MatchRecord<tavli_core::Position>) -> String {
    Match::from_record(rec).err().map(|e| e.to_string()).expect("the record is refused")
}

/// A finished match of Plakoto to 3 whose record has a turn with two paths.
fn finished_with_two_paths() -> (MatchRecord<tavli_core::Position>, usize, usize) {
    for seed in 0..50u64 {
        let m = played(tavli_core::game::Seed::Number(seed), 3, 5000);
        assert!(m.is_over());
        let rec = m.record();
        for (g, game) in rec.games.iter().enumerate() {
            if let Some(t) = game.turns.iter().position(|t| t.notation.split(' ').count() == 2) {
                return (rec, g, t);
            }
        }
    }
    panic!("no match with a two-path turn");
}

#[test]
fn a_records_winner_and_score_must_be_what_its_games_give() {
    let (rec, _, _) = finished_with_two_paths();
    let winner = rec.winner.expect("a finished match has a winner");
    // The winner and the score both changed, as the report has it.
    let mut forged = rec.clone();
    forged.winner = Some(winner.opponent());
    forged.score = tavli_core::game::Score { white: rec.score.black, black: rec.score.white };
    let e = refusal(&forged);
    assert!(e.contains("score"), "{e}");
    // Each alone.
    let mut forged = rec.clone();
    forged.winner = Some(winner.opponent());
    let e = refusal(&forged);
    assert!(e.contains("winner") && e.contains(winner.opponent().name()) && e.contains(winner.name()), "{e}");
    let mut forged = rec.clone();
    forged.winner = None;
    let e = refusal(&forged);
    assert!(e.contains("winner"), "{e}");
    let mut forged = rec.clone();
    forged.score.white += 1;
    let e = refusal(&forged);
    assert!(e.contains("score") && e.contains(&format!("white {}", rec.score.white + 1)), "{e}");
    assert!(Match::from_record(&rec).is_ok());
}

#[test]
fn a_turns_notation_must_be_what_its_moves_give_in_any_order_of_its_paths() {
    let (rec, g, t) = finished_with_two_paths();
    let written = rec.games[g].turns[t].notation.clone();
    // Another play's notation: refused, naming the game, the turn and both.
    let mut forged = rec.clone();
    forged.games[g].turns[t].notation = "24/18 24/20".into();
    if written == "24/18 24/20" {
        forged.games[g].turns[t].notation = "24/21 24/22".into();
    }
    let e = refusal(&forged);
    assert!(e.contains(&format!("record game {}", g + 1)) && e.contains(&format!("turn {}", t + 1)), "{e}");
    assert!(e.contains("notation") && e.contains(&written), "{e}");
    // The same paths in another order name the same play: accepted.
    let mut turned = rec.clone();
    let paths: Vec<&str> = written.split(' ').rev().collect();
    turned.games[g].turns[t].notation = paths.join(" ");
    assert!(Match::from_record(&turned).is_ok(), "{}", paths.join(" "));
    // Empty, or a long form of the same play, is not what this program writes.
    for text in ["", "  "] {
        let mut forged = rec.clone();
        forged.games[g].turns[t].notation = text.into();
        assert!(refusal(&forged).contains("notation"), "{text:?}");
    }
}

#[test]
fn a_game_the_plays_ended_cannot_be_recorded_as_going_on() {
    // A single game: its result left out of the record, and the score too.
    let m = played(tavli_core::game::Seed::Number(3), 1, 5000);
    let mut forged = m.record();
    forged.games[0].result = None;
    forged.score = tavli_core::game::Score { white: 0, black: 0 };
    forged.winner = None;
    let e = refusal(&forged);
    assert!(e.contains("record game 1") && e.contains("result"), "{e}");
}

/// A record of a game played elsewhere (`dice_recorded`) has no seed: a
/// fault in its dice is worded for what it is, never as "not what the
/// seed gives". Dice outside 1 to 6 are refused wherever they are written.
#[test]
fn faults_in_written_down_dice_speak_of_the_dice_not_of_a_seed() {
    use tavli_core::game::read_move_list;
    let rec = read_move_list("match 3\nopening 5-3\n6-4: 24/18 24/20\n5-2: 24/19/17\n3-1: 18/15 20/19\n").unwrap();
    assert!(Match::from_record(&rec).is_ok());
    let check = |rec: &MatchRecord<tavli_core::Position>, wants: &[&str]| {
        let e = refusal(rec);
        assert!(!e.contains("seed"), "{e}");
        for w in wants {
            assert!(e.contains(w), "{w:?} not in: {e}");
        }
    };
    // A turn's dice that are no roll.
    let mut bad = rec.clone();
    bad.games[0].turns[1].dice = [9, 9];
    check(&bad, &["record game 1", "turn 2", "[9, 9]", "1 to 6"]);
    // A roll-off die that is no die; a roll-off left at a tie.
    let mut bad = rec.clone();
    bad.games[0].opening = vec![[9, 1]];
    check(&bad, &["record game 1", "opening", "1 to 6"]);
    let mut bad = rec.clone();
    bad.games[0].opening = vec![[3, 3]];
    check(&bad, &["record game 1", "opening", "tie"]);
    let mut bad = rec.clone();
    bad.games[0].opening = vec![[5, 3], [2, 2]];
    check(&bad, &["record game 1", "opening"]);
    // Pending dice that are no roll.
    let mut bad = rec.clone();
    bad.games[0].dice = Some([7, 2]);
    check(&bad, &["record game 1", "[7, 2]", "1 to 6"]);
    // A first turn that plays the opening dice, written with other dice.
    let mut played = rec.clone();
    played.rules.opening_dice_played = true;
    played.version = tavli_core::game::RECORD_VERSION;
    played.games[0].turns.clear();
    played.games[0].turns.push(tavli_core::game::Turn {
        side: Color::White,
        dice: [6, 4],
        moves: vec![[24, 18], [24, 20]],
        notation: "24/18 24/20".into(),
    });
    check(&played, &["record game 1", "turn 1", "opening", "5-3"]);
}

/// An error about a line of a move list quotes a bounded excerpt of it
/// (its first characters, an ellipsis and its length), however long the
/// line: a 60 KB line gives an error of a line, not of 60 KB.
#[test]
fn a_move_list_error_quotes_a_bounded_excerpt_of_a_long_line() {
    use tavli_core::game::{read_any_move_list, read_move_list};
    let long = "24/18 ".repeat(10_000);
    let garbage = "x".repeat(60_000);
    for text in [
        format!("opening 5-3\n6-4: {long}\n"),
        format!("opening 5-3\n6-4 {long}\n"),
        format!("opening 5-3\n{garbage}: 24/18 24/20\n"),
        format!("opening 5-3\n6-4: 24/18 {garbage}\n"),
        format!("opening {long}\n"),
        format!("match {long}\n"),
        format!("{long} starts\n"),
        format!("opening 5-3\n{long} resigns\n"),
        format!("games {long}\n"),
    ] {
        let e = read_move_list(&text).unwrap_err().to_string();
        assert!(e.len() < 400 && e.contains("characters)"), "{} bytes: {}", e.len(), &e[..e.len().min(400)]);
        let e = read_any_move_list(&text).unwrap_err().to_string();
        assert!(e.len() < 400, "{} bytes", e.len());
    }
}
