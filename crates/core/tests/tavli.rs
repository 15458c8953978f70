//! The game as a value (`tavli`): positions and plays of every game read,
//! written and played through one type, agreeing with each game's own core,
//! and the `game` field of position JSON (TAVLI.md Part 3b).

use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tavli_core::tavli::{AnyPlay, AnyPosition, GameKind, GamePlay};
use tavli_core::{Color, Dice, fevga, gulbara, portes};

const GAMES: [GameKind; 4] = GameKind::ALL;

fn dice(a: u8, b: u8) -> Dice {
    Dice::new(a, b).expect("dice 1-6")
}

#[test]
fn start_of_each_game_is_that_games_own_start() {
    assert_eq!(AnyPosition::start(GameKind::Portes), AnyPosition::Portes(portes::Position::start()));
    assert_eq!(AnyPosition::start(GameKind::Plakoto), AnyPosition::Plakoto(tavli_core::Position::start()));
    assert_eq!(AnyPosition::start(GameKind::Fevga), AnyPosition::Fevga(fevga::Position::start()));
    for g in GAMES {
        let start = AnyPosition::start(g);
        assert_eq!(start.kind(), g);
        assert_eq!(start.turn(), Color::White);
        assert_eq!(start.outcome(), None);
        assert_eq!(AnyPosition::parse("start", Some(g)).unwrap(), start);
        assert_eq!(AnyPosition::parse(" START ", Some(g)).unwrap(), start);
    }
    // Without a game, `start` is Plakoto's, as before Tavli.
    assert_eq!(AnyPosition::parse("start", None).unwrap().kind(), GameKind::Plakoto);
}

#[test]
fn json_game_field_chooses_the_game_and_absent_means_plakoto() {
    let plakoto = r#"{"turn":"white","board":{"24":15,"1":-15}}"#;
    let named = r#"{"game":"plakoto","turn":"white","board":{"24":15,"1":-15}}"#;
    let start = AnyPosition::start(GameKind::Plakoto);
    assert_eq!(AnyPosition::parse(plakoto, None).unwrap(), start);
    assert_eq!(AnyPosition::parse(named, None).unwrap(), start);
    // Plakoto's own parser takes `"game":"plakoto"` too, and refuses others by name.
    assert_eq!(tavli_core::Position::from_json(named).unwrap(), tavli_core::Position::start());
    let e = tavli_core::Position::from_json(&AnyPosition::start(GameKind::Portes).to_json()).unwrap_err();
    assert!(e.to_string().contains("\"portes\""), "{e}");

    let portes =
        r#"{"game":"portes","turn":"black","board":{"24":2,"13":5,"8":3,"6":5,"1":-2,"12":-5,"17":-3,"19":-5}}"#;
    let p = AnyPosition::parse(portes, None).unwrap();
    assert_eq!(p.kind(), GameKind::Portes);
    assert_eq!(p.turn(), Color::Black);

    for (text, needle) in [
        (r#"{"game":"moultezim","turn":"white","board":{}}"#, "unknown game `moultezim`"),
        (r#"{"game":7,"turn":"white","board":{}}"#, "`game` must be a string"),
    ] {
        let e = AnyPosition::parse(text, None).unwrap_err();
        assert!(e.contains(needle), "{text}: {e}");
    }
}

/// A game's name is read one way wherever it is written (position JSON's
/// `game`, a request's `game`, a record's, `--game`, a move list's `games`,
/// a new match's `games`): `GameKind::parse`, in any letter case.
#[test]
fn game_names_are_read_one_way_everywhere_in_any_case() {
    use tavli_core::tavli::MatchGames;
    let portes = AnyPosition::start(GameKind::Portes);
    for name in ["Portes", "PORTES", "portes", "Πόρτες"] {
        let json = portes.to_json().replace("\"portes\"", &format!("\"{name}\""));
        assert_eq!(AnyPosition::parse(&json, None), Ok(portes), "{json}");
        assert_eq!(AnyPosition::parse(&json, Some(GameKind::Portes)), Ok(portes), "{json}");
        assert_eq!(portes::Position::from_json(&json).map(AnyPosition::from), Ok(portes), "{json}");
        assert_eq!(serde_json::from_str::<GameKind>(&format!("\"{name}\"")).ok(), Some(GameKind::Portes), "{name}");
        assert_eq!(GameKind::parse(name), Ok(GameKind::Portes));
        assert_eq!(MatchGames::parse(name), Ok(MatchGames::Only(GameKind::Portes)));
        let games: MatchGames = serde_json::from_str(&format!("\"{name}\"")).unwrap();
        assert_eq!(games, MatchGames::Only(GameKind::Portes));
    }
    let plakoto = r#"{"game":"Plakoto","turn":"white","board":{"24":15,"1":-15}}"#;
    assert_eq!(tavli_core::Position::from_json(plakoto), Ok(tavli_core::Position::start()));
    assert_eq!(serde_json::from_str::<MatchGames>("\"Tavli\"").unwrap(), MatchGames::Tavli);
    // An unknown name is refused the same way everywhere, naming every game.
    let names_all = |e: &str| GameKind::ALL.iter().all(|k| e.contains(k.name()));
    let e = AnyPosition::parse(r#"{"game":"Chess","turn":"white","board":{}}"#, None).unwrap_err();
    assert!(e.contains("unknown game `Chess`") && names_all(&e), "{e}");
    let e = serde_json::from_str::<GameKind>("\"Chess\"").unwrap_err().to_string();
    assert!(e.contains("unknown game `Chess`") && names_all(&e), "{e}");
}

/// A position's `game` given twice or as null is refused for that, not
/// read as a Plakoto position without `game`.
#[test]
fn a_game_given_twice_or_as_null_is_refused_for_that() {
    let board = r#""turn":"white","board":{"24":2,"13":5,"8":3,"6":5,"1":-2,"12":-5,"17":-3,"19":-5}"#;
    for (json, says) in [
        (format!(r#"{{"game":"portes","game":"portes",{board}}}"#), "`game` is given twice"),
        (format!(r#"{{"game":"portes",{board},"game":"fevga"}}"#), "`game` is given twice"),
        (format!(r#"{{"game":null,{board}}}"#), "`game` must be a game name, not null"),
    ] {
        for game in [None, Some(GameKind::Portes), Some(GameKind::Plakoto)] {
            let e = AnyPosition::parse(&json, game).unwrap_err();
            assert!(e.contains(says) && !e.contains("Plakoto"), "{json} ({game:?}): {e}");
        }
        // Each game's own reader says the same.
        let e = portes::Position::from_json(&json).unwrap_err().to_string();
        assert!(e.contains(says), "{json}: {e}");
        let e = tavli_core::Position::from_json(&json).unwrap_err().to_string();
        assert!(e.contains(says), "{json}: {e}");
    }
}

#[test]
fn asked_game_must_agree_with_the_position() {
    let portes_json = AnyPosition::start(GameKind::Portes).to_json();
    let e = AnyPosition::parse(&portes_json, Some(GameKind::Plakoto)).unwrap_err();
    assert!(e.contains("Portes position") && e.contains("Plakoto was asked for"), "{e}");
    let plakoto_id = AnyPosition::start(GameKind::Plakoto).id();
    // A Plakoto ID is not read as GNU Backgammon's when Portes is asked for
    // unless it decodes as one; either way it is never silently Plakoto.
    match AnyPosition::parse(&plakoto_id, Some(GameKind::Portes)) {
        Ok(p) => assert_eq!(p.kind(), GameKind::Portes),
        Err(e) => assert!(e.contains("GNU Backgammon"), "{e}"),
    }
}

#[test]
fn gnubg_id_reads_with_portes_asked_for() {
    let start = AnyPosition::start(GameKind::Portes);
    assert_eq!(AnyPosition::parse("4HPwATDgc/ABMA", Some(GameKind::Portes)).unwrap(), start);
}

#[test]
fn plays_are_the_games_own_plays() {
    let d = dice(6, 4);
    let own = tavli_core::Position::start().legal_plays(d);
    let any = AnyPosition::start(GameKind::Plakoto).legal_plays(d);
    assert_eq!(any.len(), own.len());
    for (a, o) in any.iter().zip(&own) {
        assert_eq!(a, &AnyPlay::Plakoto(*o));
        assert_eq!(a.notation(), o.notation());
        assert_eq!(a.position(), AnyPosition::Plakoto(*o.position()));
        assert_eq!(a.kind(), GameKind::Plakoto);
    }
    let own = portes::Position::start().legal_plays(d);
    let any = AnyPosition::start(GameKind::Portes).legal_plays(d);
    assert_eq!(any.len(), own.len());
    assert!(any.iter().all(|p| p.kind() == GameKind::Portes && p.mover() == Color::White));
}

#[test]
fn entered_plays_are_judged_by_their_games_rules() {
    let d = dice(3, 1);
    let portes = AnyPosition::start(GameKind::Portes);
    assert_eq!(portes.parse_play(d, "8/5 6/5").unwrap().notation(), "8/5 6/5");
    let plakoto = AnyPosition::start(GameKind::Plakoto);
    assert_eq!(plakoto.parse_play(d, "24/21 24/23").unwrap().notation(), "24/21 24/23");
    // Plakoto has no checker on 8; Portes does.
    assert!(plakoto.parse_play(d, "8/5 6/5").unwrap_err().to_string().contains("no checker on point 8"));
}

#[test]
fn fevga_reads_from_json_id_and_diagram() {
    let start = AnyPosition::start(GameKind::Fevga);
    let json = r#"{"game":"fevga","turn":"white","board":{"24":15,"12":-15}}"#;
    assert_eq!(AnyPosition::parse(json, None).unwrap(), start);
    assert_eq!(AnyPosition::parse(&start.id(), None).unwrap(), start);
    assert_eq!(AnyPosition::parse("fevga W 6-6 | W: 24:15 | B: 24:15", None).unwrap(), start);
    // Nothing is hit in Fevga: `*` is refused by Fevga's own notation.
    let e = start.parse_play(dice(6, 5), "24/18*").unwrap_err();
    assert!(matches!(&e, tavli_core::PlayError::Syntax { why, .. } if why.contains("Fevga")), "{e:?}");
    let r = fevga::Position::start();
    assert_eq!(start.perft(2), fevga::perft(&r, 2));
}

#[test]
fn gul_bara_reads_from_json_id_and_diagram() {
    let start = AnyPosition::start(GameKind::GulBara);
    let json = r#"{"game":"gulbara","turn":"white","board":{"24":15,"12":-15}}"#;
    assert_eq!(AnyPosition::parse(json, None).unwrap(), start);
    assert_eq!(AnyPosition::parse(&start.id(), None).unwrap(), start);
    assert_eq!(AnyPosition::parse("gulbara W 6-6 | W: 24:15 | B: 24:15", None).unwrap(), start);
    assert!(AnyPosition::parse("start", Some(GameKind::GulBara)).unwrap() == start);
    let e = start.parse_play(dice(6, 5), "24/18*").unwrap_err();
    assert!(matches!(&e, tavli_core::PlayError::Syntax { why, .. } if why.contains("Gul bara")), "{e:?}");
    assert_eq!(start.perft(2), gulbara::perft(&gulbara::Position::start(), 2));
    // Pending dice are played without a throw, and say so.
    let handed = r#"{"game":"gulbara","turn":"black","board":{"24":15,"12":-15},"roll":9,"remainder":[6,6]}"#;
    assert_eq!(AnyPosition::parse(handed, None).unwrap().pending_dice(), Some(dice(6, 6)));
    assert_eq!(start.pending_dice(), None);
}

#[test]
fn perft_dispatches_to_each_games_counter() {
    let p = AnyPosition::start(GameKind::Portes);
    assert_eq!(p.perft(1), portes::perft(&portes::Position::start(), 1));
    let q = AnyPosition::start(GameKind::Plakoto);
    assert_eq!(q.perft(2), tavli_core::perft(&tavli_core::Position::start(), 2));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Over random games of each game: JSON (as text and through serde) and
    /// IDs read back to the same position and game, plays read back from
    /// their notation, and the turn passes.
    #[test]
    fn random_games_round_trip(seed in any::<u64>(), game in 0usize..GAMES.len(), plies in 1usize..120) {
        let kind = GAMES[game];
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut pos = AnyPosition::start(kind);
        for _ in 0..plies {
            prop_assert_eq!(AnyPosition::parse(&pos.to_json(), None).unwrap(), pos);
            prop_assert_eq!(AnyPosition::parse(&pos.id(), Some(kind)).unwrap(), pos);
            prop_assert_eq!(AnyPosition::parse(&pos.id(), None).unwrap(), pos);
            let value = serde_json::to_value(pos).unwrap();
            prop_assert_eq!(serde_json::from_value::<AnyPosition>(value).unwrap(), pos);
            let d = dice(rng.random_range(1..=6), rng.random_range(1..=6));
            let plays = pos.legal_plays(d);
            prop_assert!(!plays.is_empty());
            let play = &plays[rng.random_range(0..plays.len())];
            prop_assert_eq!(play.kind(), kind);
            prop_assert_eq!(play.mover(), pos.turn());
            let again = pos.parse_play(d, &play.notation()).unwrap();
            prop_assert_eq!(again.position(), play.position());
            if play.result().is_some() {
                pos = AnyPosition::start(kind);
            } else {
                // Gul bara's ladder stages, and dice handed over, keep the mover on roll.
                let next = if play.keeps_turn() { pos.turn() } else { pos.turn().opponent() };
                prop_assert_eq!(play.position().turn(), next);
                pos = play.position();
            }
        }
    }
}

/// One state machine plays every game: random games of Portes, by its own
/// type and through `AnyPosition`, run from the opening roll to a result,
/// with the same plays and results both ways on the same dice.
#[test]
fn the_game_state_machine_plays_portes_to_the_end() {
    use tavli_core::game::{FixedDice, Game, GameError, SeededDice, Start};
    for seed in 0..30u64 {
        let mut own: Game<portes::Position> = Game::of(portes::Position::start(), Start::OpeningRoll);
        let mut any: Game<AnyPosition> = Game::of(AnyPosition::start(GameKind::Portes), Start::OpeningRoll);
        let (mut d1, mut d2) = (SeededDice::new(seed), SeededDice::new(seed));
        assert_eq!(own.opening_roll(&mut d1).to_vec(), any.opening_roll(&mut d2).to_vec());
        assert_eq!(AnyPosition::from(*own.position()), *any.position());
        let mut pick = ChaCha8Rng::seed_from_u64(seed);
        let mut turns = 0;
        while own.result().is_none() {
            let dice = own.roll(&mut d1).unwrap();
            assert_eq!(any.roll(&mut d2).unwrap(), dice);
            let i = pick.random_range(0..own.legal_plays().len());
            let play = own.legal_plays()[i];
            let text = play.notation();
            own.play(&play).unwrap();
            any.play_text(&text).unwrap();
            assert_eq!(AnyPosition::from(*own.position()), *any.position());
            turns += 1;
            assert!(turns < 2000, "a random Portes game that does not end");
        }
        assert_eq!(own.result(), any.result());
        assert!(matches!(own.roll(&mut d1), Err(GameError::Over)));
        assert_eq!(own.turns(), any.turns());
    }
    // An illegal entry, and a play of another roll, are refused by Portes's
    // rules.
    let mut g: Game<AnyPosition> = Game::of(AnyPosition::start(GameKind::Portes), Start::Side(Color::White));
    g.roll(&mut FixedDice::new([3, 1])).unwrap();
    assert!(matches!(g.play_text("24/18"), Err(GameError::Illegal(tavli_core::PlayError::NoDice { .. }))));
    let other = AnyPosition::start(GameKind::Portes).legal_plays(dice(6, 6))[0].clone();
    let e = g.play(&other).unwrap_err();
    assert!(matches!(e, GameError::Illegal(tavli_core::PlayError::NotLegal(_))), "{e:?}");
    assert!(e.to_string().contains(&other.notation()), "{e}");
}

/// Errors about a typed position, dice or play quote a bounded excerpt of
/// the text (its first characters, an ellipsis and its length).
#[test]
fn errors_quote_a_bounded_excerpt_of_a_long_text() {
    let long = "24/18 ".repeat(10_000);
    let bounded = |e: String| {
        assert!(e.len() < 400, "{} bytes: {}", e.len(), &e[..e.len().min(400)]);
        e
    };
    for kind in GameKind::ALL {
        let start = AnyPosition::start(kind);
        let e = start.parse_play(dice(6, 4), &long).unwrap_err().to_string();
        assert!(e.len() < 400, "{kind}: {} bytes", e.len());
        let e =
            bounded(start.parse_play(dice(6, 4), &format!("24/18 {}", "9".repeat(60_000))).unwrap_err().to_string());
        assert!(e.contains("… (60,000 characters)"), "{e}");
        bounded(AnyPosition::parse(&long, Some(kind)).unwrap_err());
    }
    bounded(AnyPosition::parse(&"A".repeat(60_000), None).unwrap_err());
    bounded(AnyPosition::parse(&format!("p.{}", "A".repeat(60_000)), None).unwrap_err());
    bounded(AnyPosition::parse(&format!("f.{}", "A".repeat(60_000)), None).unwrap_err());
    let key = "k".repeat(60_000);
    bounded(AnyPosition::parse(&format!(r#"{{"turn":"white","{key}":1}}"#), None).unwrap_err());
    bounded(AnyPosition::parse(&format!(r#"{{"turn":"{key}","board":{{}}}}"#), None).unwrap_err());
    bounded(AnyPosition::parse(&format!(r#"{{"game":"{key}","turn":"white","board":{{}}}}"#), None).unwrap_err());
    bounded(long.parse::<Dice>().unwrap_err().to_string());
    bounded(GameKind::parse(&long).unwrap_err().to_string());
}

/// A play's notation split into the single moves a person enters one at a
/// time, in the order written: each path hop by hop, a path written with a
/// count as often as it says, `bar` 25, `off` 0, marks dropped.
fn hops_as_written(notation: &str) -> Vec<(u8, u8)> {
    let point = |p: &str| match p.trim_end_matches('*') {
        "bar" => 25,
        "off" => 0,
        n => n.parse().unwrap_or_else(|_| panic!("`{n}` in `{notation}`")),
    };
    let mut hops = Vec::new();
    for token in notation.split(' ').filter(|t| *t != "pass") {
        let (path, times) = match token.split_once('(') {
            Some((path, n)) => (path, n.trim_end_matches(')').parse().unwrap()),
            None => (token, 1),
        };
        let points: Vec<u8> = path.split('/').map(point).collect();
        for _ in 0..times {
            hops.extend(points.windows(2).map(|w| (w[0], w[1])));
        }
    }
    hops
}

/// Every legal play of `pos` with `dice`, entered move by move in the order
/// its notation writes them, is accepted at every step and makes that play.
fn each_play_enters_as_written(pos: &AnyPosition, dice: Dice) -> Result<(), TestCaseError> {
    for play in pos.legal_plays(dice) {
        let notation = play.notation();
        let mut turn = tavli_core::tavli::AnyTurn::new(pos, dice);
        for (from, to) in hops_as_written(&notation) {
            if let Err(e) = turn.play_move(from, to) {
                return Err(TestCaseError::fail(format!(
                    "{} {dice}: `{notation}` refused at {from}/{to}: {e}",
                    pos.to_json()
                )));
            }
        }
        let made = turn.complete().map(|p| p.position());
        prop_assert_eq!(made, Some(play.position()), "{} {}: `{}`", pos.to_json(), dice, notation);
    }
    Ok(())
}

/// Positions a random game of `kind` goes through, from its start.
fn random_game(kind: GameKind, seed: u64, plies: usize) -> Vec<AnyPosition> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = AnyPosition::start(kind);
    let mut seen = vec![pos];
    for _ in 0..plies {
        let dice = dice(rng.random_range(1..=6), rng.random_range(1..=6));
        let plays = pos.legal_plays(dice);
        let play = &plays[rng.random_range(0..plays.len())];
        if play.result().is_some() {
            break;
        }
        pos = play.position();
        seen.push(pos);
    }
    seen
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Every play is written in an order that can be played move by move,
    /// in every game: entered through the turn builder one single move at
    /// a time, as the notation writes them, each is accepted and the turn
    /// makes the play (Fevga's runner rule, bearing off, a move that ends
    /// the game).
    #[test]
    fn every_plays_notation_can_be_entered_move_by_move(seed in any::<u64>(), kind in 0usize..3) {
        let kind = GameKind::ALL[kind];
        for pos in random_game(kind, seed, 400) {
            for (a, b) in [(6, 5), (6, 6), (4, 1), (3, 3), (2, 1), (5, 5), (1, 1), (6, 2)] {
                each_play_enters_as_written(&pos, dice(a, b))?;
            }
        }
    }
}

/// The report's case: a Fevga runner not yet released, the other checkers
/// waiting on the 24: the runner's move is written first.
#[test]
fn a_fevga_runner_is_written_before_the_checkers_it_releases() {
    let pos = AnyPosition::from_json(r#"{"game":"fevga","turn":"white","board":{"24":14,"17":1,"12":-15}}"#).unwrap();
    let d = dice(6, 4);
    each_play_enters_as_written(&pos, d).unwrap();
    let notations: Vec<String> = pos.legal_plays(d).iter().map(|p| p.notation()).collect();
    assert!(notations.contains(&"17/11 24/20".to_string()), "{notations:?}");
}
