//! Portes's formats as TAVLI.md Part 3b and INTERFACE.md ("Portes") give
//! them: the position JSON's `game` and `bar`, the `p.` ID, GNU
//! Backgammon's ID with checkers on the bar and Black on roll, and the
//! parsers' answers to very long input (1 MB: an error, never a panic; the
//! parsers are linear, so this runs at once, but no time is asserted).

use tavli_core::portes::{PlayError, Position, PositionIdError, parse_play, parse_position};
use tavli_core::{Color, Dice, portes_pos};

/// A board with checkers on both bars, Black on roll.
fn both_bars_black_on_roll() -> Position {
    portes_pos!(Black; white {bar: 2, 24: 1, 13: 4, 8: 3, 6: 4}; black {bar: 1, 1: 2, 12: 4, 17: 3, 19: 4})
}

#[test]
fn tavli_start_json_reads_as_the_start() {
    let text = r#"{"game":"portes","turn":"white","board":{"24":2,"13":5,"8":3,"6":5,"1":-2,"12":-5,"17":-3,"19":-5}}"#;
    assert_eq!(Position::from_json(text), Ok(Position::start()));
    assert_eq!(parse_position(text), Ok(Position::start()));
}

#[test]
fn json_bar_is_per_colour_and_absent_means_zero() {
    let p = both_bars_black_on_roll();
    let v: serde_json::Value = serde_json::from_str(&p.to_json()).expect("JSON");
    assert_eq!(v["game"], "portes");
    assert_eq!(v["turn"], "black");
    assert_eq!(v["bar"], serde_json::json!({"white": 2, "black": 1}));
    assert!(v.get("pinned").is_none());
    assert_eq!(Position::from_json(&p.to_json()), Ok(p));
    // `bar` left out, or one colour left out, is 0.
    let one = r#"{"game":"portes","turn":"black","board":{"24":1,"13":5,"8":3,"6":5,"1":-2,"12":-5,"17":-3,"19":-5},"bar":{"white":1}}"#;
    let q = Position::from_json(one).expect("one bar entry");
    assert_eq!((q.bar(Color::White), q.bar(Color::Black), q.turn()), (1, 0, Color::Black));
    let none = one.replace(r#","bar":{"white":1}"#, "");
    assert!(Position::from_json(&none).expect_err("14 White checkers").to_string().contains("White has 14"));
}

#[test]
fn gnubg_id_round_trips_with_both_bars_and_black_on_roll() {
    let p = both_bars_black_on_roll();
    let id = p.gnubg_id();
    assert_eq!(id.len(), 14);
    assert_eq!(Position::from_gnubg_id(&id, Color::Black), Ok(p));
    // The ID is seen from the side on roll: read with White on roll, the
    // same text is the colour-swapped board.
    assert_eq!(Position::from_gnubg_id(&id, Color::White), Ok(p.mirror()));
    assert_eq!(p.mirror().gnubg_id(), id);
    // The other side on roll is another ID.
    let q = p.pass_turn();
    assert_ne!(q.gnubg_id(), id);
    assert_eq!(Position::from_gnubg_id(&q.gnubg_id(), Color::White), Ok(q));
    // Our own ID says who is on roll.
    assert_eq!(Position::from_id(&p.id()), Ok(p));
    assert_eq!(parse_position(&p.id()), Ok(p));
    assert_ne!(p.id(), p.pass_turn().id());
}

#[test]
fn gnubg_ids_of_every_bar_count_round_trip() {
    // 0..=15 on White's bar with Black on roll (the rest on White's 6), and
    // the same for Black.
    for n in 0..=15i64 {
        for turn in [Color::White, Color::Black] {
            let mut s = tavli_core::portes::Setup::empty(turn);
            s.bar = [n, 15 - n];
            s.board[6] = 15 - n;
            s.board[19] = -n;
            s.fill_off();
            let p = s.validate().expect("fixture");
            assert_eq!(Position::from_gnubg_id(&p.gnubg_id(), turn), Ok(p), "{}", p.to_json());
            assert_eq!(Position::from_id(&p.id()), Ok(p), "{}", p.to_json());
        }
    }
}

fn mb(pattern: &str) -> String {
    pattern.repeat((1 << 20) / pattern.len())
}

#[test]
fn a_megabyte_of_notation_is_refused_with_a_reason() {
    let s = Position::start();
    let d = Dice::new(6, 5).expect("dice");
    // Many moves: more than the roll allows.
    assert_eq!(parse_play(&s, d, &mb("24/18 ")), Err(PlayError::TooManyMoves(d)));
    assert_eq!(parse_play(&s, d, &mb("13/7,")), Err(PlayError::TooManyMoves(d)));
    // One endless path, one endless point, one endless count.
    for text in [mb("24/"), format!("24/{}", mb("1")), format!("24/18({})", mb("2")), format!("bar/{}", mb("*"))] {
        match parse_play(&s, d, &text) {
            Err(PlayError::Syntax { token, why }) => {
                // At most 40 characters of it, then its length.
                assert!(token.chars().count() <= 70, "the error quotes a bounded excerpt: {token}");
                assert!(!why.is_empty());
            }
            other => panic!("{} bytes starting {:?}: {other:?}", text.len(), &text[..12]),
        }
    }
    // Only separators: no move written, which is a pass, and 6-5 must move.
    assert_eq!(parse_play(&s, d, &mb(" ,")), Err(PlayError::CannotPass(d)));
    // Non-ASCII text, as one token and as many.
    assert!(matches!(parse_play(&s, d, &mb("π")), Err(PlayError::Syntax { .. })));
    assert_eq!(parse_play(&s, d, &mb("π ")), Err(PlayError::TooManyMoves(d)));
    // Every error prints as a short sentence.
    let e = parse_play(&s, d, &format!("24/{}", mb("x"))).expect_err("syntax");
    assert!(e.to_string().len() < 200, "{e}");
}

#[test]
fn a_megabyte_as_a_position_is_refused_with_a_reason() {
    for text in [mb("p."), mb("A"), mb("{"), format!("{{\"game\":\"portes\",\"x\":\"{}\"}}", mb("y")), mb("π")] {
        let e = parse_position(&text).expect_err("not a position");
        assert!(e.len() < 300, "a short message, not the input: {} bytes", e.len());
        assert!(Position::from_json(&text).is_err());
        assert!(matches!(Position::from_id(&text), Err(PositionIdError::TooLong(..) | PositionIdError::NoPrefix)));
        assert!(matches!(Position::from_gnubg_id(&text, Color::White), Err(PositionIdError::TooLong(..))));
    }
}
