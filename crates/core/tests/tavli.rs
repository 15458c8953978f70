//! The game as a value (`tavli`): positions and plays of every game read,
//! written and played through one type, agreeing with each game's own core,
//! and the `game` field of position JSON (TAVLI.md Part 3b).

use plakoto_core::tavli::{AnyPlay, AnyPosition, GameKind};
use plakoto_core::{Color, Dice, portes};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The games whose rules are in this build.
const GAMES: [GameKind; 2] = [GameKind::Portes, GameKind::Plakoto];

fn dice(a: u8, b: u8) -> Dice {
    Dice::new(a, b).expect("dice 1-6")
}

#[test]
fn start_of_each_game_is_that_games_own_start() {
    assert_eq!(AnyPosition::start(GameKind::Portes), AnyPosition::Portes(portes::Position::start()));
    assert_eq!(AnyPosition::start(GameKind::Plakoto), AnyPosition::Plakoto(plakoto_core::Position::start()));
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
    assert_eq!(plakoto_core::Position::from_json(named).unwrap(), plakoto_core::Position::start());
    let e = plakoto_core::Position::from_json(&AnyPosition::start(GameKind::Portes).to_json()).unwrap_err();
    assert!(e.to_string().contains("\"portes\""), "{e}");

    let portes = r#"{"game":"portes","turn":"black","board":{"24":2,"13":5,"8":3,"6":5,"1":-2,"12":-5,"17":-3,"19":-5}}"#;
    let p = AnyPosition::parse(portes, None).unwrap();
    assert_eq!(p.kind(), GameKind::Portes);
    assert_eq!(p.turn(), Color::Black);

    for (text, needle) in [
        (r#"{"game":"moultezim","turn":"white","board":{}}"#, "unknown game `moultezim`"),
        (r#"{"game":7,"turn":"white","board":{}}"#, "`game` must be a string"),
        (r#"{"game":"Portes","turn":"white","board":{}}"#, "unknown game `Portes`"),
    ] {
        let e = AnyPosition::parse(text, None).unwrap_err();
        assert!(e.contains(needle), "{text}: {e}");
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
    let own = plakoto_core::Position::start().legal_plays(d);
    let any = AnyPosition::start(GameKind::Plakoto).legal_plays(d);
    assert_eq!(any.len(), own.len());
    for (a, o) in any.iter().zip(&own) {
        assert_eq!(a, &AnyPlay::Plakoto(o.clone()));
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
fn perft_dispatches_to_each_games_counter() {
    let p = AnyPosition::start(GameKind::Portes);
    assert_eq!(p.perft(1), portes::perft(&portes::Position::start(), 1));
    let q = AnyPosition::start(GameKind::Plakoto);
    assert_eq!(q.perft(2), plakoto_core::perft(&plakoto_core::Position::start(), 2));
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
                prop_assert_eq!(play.position().turn(), pos.turn().opponent());
                pos = play.position();
            }
        }
    }
}
