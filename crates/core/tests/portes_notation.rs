//! Portes notation: printing, parsing, and the reason given for each kind
//! of illegal play, in `parse_play` and in the turn builder.

use tavli_core::portes::{PlayError, Position, TurnBuilder, parse_play};
use tavli_core::{Dice, portes_pos};

fn dice(s: &str) -> Dice {
    s.parse().expect("dice in a test")
}

fn parse(pos: &Position, roll: &str, text: &str) -> Result<String, PlayError> {
    parse_play(pos, dice(roll), text).map(|p| p.notation())
}

/// TAVLI.md P2: two White checkers on the bar; Black holds White's 20-24.
fn p2() -> Position {
    portes_pos!(White; white {bar: 2, 18: 2, 13: 3, 8: 3, 6: 5}; black {24: 2, 23: 2, 22: 2, 21: 2, 20: 2, 12: 5})
}

/// TAVLI.md P4: only the 6 can be played.
fn p4() -> Position {
    portes_pos!(White; white {13: 1, 6: 14}; black {1: 2, 2: 2, 12: 5, 17: 3, 19: 3})
}

/// TAVLI.md P6: bar and bear-off.
fn p6() -> Position {
    portes_pos!(White; white {bar: 1, 6: 2, 5: 3, 4: 3, 3: 3, 2: 2, 1: 1}; black {24: 2, 23: 2, 12: 5, 17: 3, 18: 3})
}

#[test]
fn reads_every_written_form() {
    let s = Position::start();
    assert_eq!(parse(&s, "6-5", "24/13"), Ok("24/18/13".into()));
    assert_eq!(parse(&s, "6-5", "24/18/13"), Ok("24/18/13".into()));
    assert_eq!(parse(&s, "6-6", "24/18(2), 13/7(2)"), Ok("24/18(2) 13/7(2)".into()));
    assert_eq!(parse(&s, "6-6", "24/18 24/18 13/7 13/7"), Ok("24/18(2) 13/7(2)".into()));
    assert_eq!(parse(&p2(), "6-5", "bar/19"), Ok("bar/19".into()));
    assert_eq!(parse(&p2(), "6-5", "25/19"), Ok("bar/19".into()));
    assert_eq!(parse(&p6(), "6-6", "bar/1"), Ok("bar/19/13/7/1".into()));
    let last = portes_pos!(White; white {2: 1, 1: 1}; black {20: 15});
    assert_eq!(parse(&last, "6-5", "2/0 1/off"), Ok("2/off 1/off".into()));
}

#[test]
fn a_hop_without_its_point_takes_the_way_its_star_says() {
    // TAVLI.md P3: Black's blot on White's 10.
    let p = portes_pos!(White; white {24: 2, 13: 5, 8: 3, 6: 5}; black {1: 2, 10: 1, 12: 4, 17: 3, 19: 5});
    assert_eq!(parse(&p, "3-2", "13/8"), Ok("13/11/8".into()));
    assert_eq!(parse(&p, "3-2", "13/10*/8"), Ok("13/10*/8".into()));
    assert_eq!(parse(&p, "3-2", "13/10/8"), Ok("13/10*/8".into()), "a * may be left out");
    assert_eq!(parse(&p, "3-2", "13/8*"), Ok("13/10*/8".into()), "a * on the hop asks for the hitting way");
}

#[test]
fn each_illegal_play_says_why() {
    let s = Position::start();
    assert_eq!(parse(&p2(), "6-5", "bar/19 13/8"), Err(PlayError::MustEnterFirst { from: 13, bar: 1 }));
    assert_eq!(parse(&p2(), "6-5", "bar/20"), Err(PlayError::EntryBlocked(20)));
    assert_eq!(parse(&s, "6-5", "24/19 13/7"), Err(PlayError::Blocked(19)));
    assert_eq!(parse(&s, "5-5", "24/14"), Err(PlayError::PathBlocked { from: 24, to: 14, blocked: "19".into() }));
    assert_eq!(parse(&s, "6-5", "24/18"), Err(PlayError::MustUseBoth(dice("6-5"))));
    assert_eq!(parse(&s, "6-6", "24/18(2)"), Err(PlayError::MustUseMore { die: 6, needed: 4 }));
    assert_eq!(parse(&p4(), "6-5", "13/8"), Err(PlayError::MustUseLarger(6)));
    assert_eq!(parse(&p6(), "6-1", "bar/19 1/off"), Err(PlayError::NotAllHome(19)));
    let high = portes_pos!(White; white {6: 2, 3: 1}; black {20: 15});
    assert_eq!(parse(&high, "5-4", "6/1 3/off"), Err(PlayError::NotHighest { from: 3, die: 4, higher: 6 }));
    assert_eq!(parse(&s, "6-5", "pass"), Err(PlayError::CannotPass(dice("6-5"))));
    let closed = portes_pos!(White; white {bar: 1, 6: 14}; black {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 1: 3});
    assert_eq!(parse(&closed, "6-5", "bar/19"), Err(PlayError::MustPass(dice("6-5"))));
    assert_eq!(parse(&closed, "6-5", "pass"), Ok("pass".into()));
    assert_eq!(parse(&s, "6-5", "24/18 24/18 13/7"), Err(PlayError::TooManyMoves(dice("6-5"))));
    assert_eq!(parse(&s, "6-5", "7/1 13/8"), Err(PlayError::NoChecker(7)));
    assert_eq!(parse(&s, "6-5", "13/18 13/8"), Err(PlayError::Backwards { from: 13, to: 18 }));
    assert!(matches!(parse(&s, "6-5", "13/x"), Err(PlayError::Syntax { .. })));
    assert!(matches!(parse(&s, "6-5", "13/bar"), Err(PlayError::Syntax { .. })));
    let over = portes_pos!(White; white {}; black {20: 15});
    assert_eq!(parse(&over, "6-5", "pass"), Err(PlayError::GameOver));
    // Errors read as sentences.
    assert_eq!(
        PlayError::MustEnterFirst { from: 13, bar: 1 }.to_string(),
        "you have 1 checker on the bar: enter it before moving another checker"
    );
}

#[test]
fn long_input_is_refused_at_once() {
    let s = Position::start();
    let long = "24/18 ".repeat(100_000);
    assert_eq!(parse(&s, "6-5", &long), Err(PlayError::TooManyMoves(dice("6-5"))));
    let path = format!("24/{}", "1/".repeat(100_000));
    assert!(matches!(parse(&s, "6-5", &path), Err(PlayError::Syntax { .. })));
}

#[test]
fn the_turn_builder_offers_and_explains() {
    let mut t = TurnBuilder::new(&p2(), dice("6-5"));
    assert_eq!(t.destinations(25), vec![19]);
    assert_eq!(t.why_not_from(13), Some(PlayError::MustEnterFirst { from: 13, bar: 2 }));
    t.play_move(25, 19).unwrap();
    assert_eq!(t.complete().map(|p| p.notation()), Some("bar/19".into()));

    let mut t = TurnBuilder::new(&p4(), dice("6-5"));
    assert_eq!(t.play_move(13, 8), Err(PlayError::MustUseLarger(6)));
    assert_eq!(t.legal_moves(), vec![tavli_core::Move::new(13, 7)]);

    // A hop through a blot: the builder takes the way that hits nothing.
    let p = portes_pos!(White; white {24: 2, 13: 5, 8: 3, 6: 5}; black {1: 2, 10: 1, 12: 4, 17: 3, 19: 5});
    let mut t = TurnBuilder::new(&p, dice("3-2"));
    t.play_move(13, 8).unwrap();
    assert_eq!(t.complete().map(|p| p.notation()), Some("13/11/8".into()));
    t.reset();
    t.play_move(13, 10).unwrap();
    assert_eq!(t.current_position().bar(tavli_core::Color::Black), 1);
    t.play_move(10, 8).unwrap();
    assert_eq!(t.complete().map(|p| p.notation()), Some("13/10*/8".into()));
    assert_eq!(t.play_move(30, 1), Err(PlayError::NoPoint(30)));
}
