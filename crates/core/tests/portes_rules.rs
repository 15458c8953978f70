//! One test (or more) per rule of Portes (TAVLI.md Part 1, and RULES.md's
//! common rules), with TAVLI.md Part 4's positions P0-P7 and their exact
//! counts. Positions are written with `portes_pos!` in White's numbering
//! (TAVLI.md writes each side in its own numbering: Black's n is White's
//! 25 − n); plays are in the mover's numbering, as players write them.
//!
//! Every check runs for both colours: `legal()` also asks the
//! colour-swapped position (Black on roll, the same board seen from its
//! side) and requires the same plays there, mirrored, and it requires the
//! slow reference (`portes_reference`) to agree.

mod portes_reference;

use std::collections::HashSet;

use tavli_core::portes::{MoveGen, Play, PortesRules, Position};
use tavli_core::{Color, Dice, GameResult, Reason, portes_pos};

use portes_reference as reference;

fn dice(s: &str) -> Dice {
    s.parse().expect("dice in a test")
}

fn mirrored(r: Option<GameResult>) -> Option<GameResult> {
    r.map(|r| GameResult { winner: r.winner.map(Color::opponent), ..r })
}

/// The legal plays of `roll` in `pos`, after checking that the mirrored
/// position has the mirrored plays and that the reference agrees.
fn legal(pos: &Position, roll: &str) -> Vec<Play> {
    let d = dice(roll);
    let plays = pos.legal_plays(d);
    let mirror = pos.mirror();
    let mine: HashSet<_> = plays.iter().map(|p| (p.notation(), p.position().mirror(), mirrored(p.result()))).collect();
    let theirs: HashSet<_> = mirror.legal_plays(d).iter().map(|p| (p.notation(), *p.position(), p.result())).collect();
    assert_eq!(mine, theirs, "the colour-swapped position {} has other plays for {roll}", mirror.to_json());
    let fast: HashSet<_> = plays.iter().map(|p| (*p.position(), p.result())).collect();
    let slow: HashSet<_> = reference::legal_plays(pos, d).iter().map(|p| (p.position, p.result)).collect();
    assert_eq!(fast, slow, "fast generator and reference differ on {} with {roll}", pos.to_json());
    assert_eq!(fast.len(), plays.len(), "a position twice");
    plays
}

fn notations(pos: &Position, roll: &str) -> Vec<String> {
    let mut v: Vec<String> = legal(pos, roll).iter().map(Play::notation).collect();
    v.sort();
    v
}

#[track_caller]
fn assert_plays(pos: &Position, roll: &str, expected: &[&str]) {
    let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(notations(pos, roll), want, "plays of {roll} in {}", pos.to_json());
}

// ----- Part 4: P0-P7 -----

#[test]
fn p0_the_first_turn_may_be_a_doublet() {
    let plays = notations(&Position::start(), "6-6");
    assert_eq!(plays.len(), 11, "{plays:?}");
    assert!(plays.contains(&"24/18(2) 13/7(2)".to_string()));
}

/// P1's board: Black holds White's 20..24 (its own 1..5) and has 5 on its 13.
fn p1(bar: i64) -> Position {
    if bar == 1 {
        portes_pos!(White; white {bar: 1, 18: 2, 13: 4, 8: 3, 6: 5}; black {24: 2, 23: 2, 22: 2, 21: 2, 20: 2, 12: 5})
    } else {
        portes_pos!(White; white {bar: 2, 18: 2, 13: 3, 8: 3, 6: 5}; black {24: 2, 23: 2, 22: 2, 21: 2, 20: 2, 12: 5})
    }
}

#[test]
fn p1_only_the_open_number_enters_and_the_entered_checker_plays_on() {
    assert_plays(&p1(1), "6-5", &["bar/19/14", "bar/19 18/13", "bar/19 13/8", "bar/19 8/3", "bar/19 6/1"]);
    // 5-4: nothing enters, so nothing moves, although other checkers could.
    assert_plays(&p1(1), "5-4", &["pass"]);
}

#[test]
fn p2_all_checkers_on_the_bar_enter_before_any_other_moves() {
    // The 5 is lost: the second checker cannot enter, so nothing else moves.
    assert_plays(&p1(2), "6-5", &["bar/19"]);
    // With 6-6 both enter first; only then may the other two sixes move.
    let plays = legal(&p1(2), "6-6");
    assert!(plays.iter().all(|p| p.moves()[..2].iter().all(|m| m.from == 25)), "{plays:?}");
    assert!(plays.iter().all(|p| p.moves().len() == 4));
}

#[test]
fn p3_hitting_in_passing_makes_another_play() {
    // Black's blot is on its 15 = White's 10.
    let p = portes_pos!(White; white {24: 2, 13: 5, 8: 3, 6: 5}; black {1: 2, 10: 1, 12: 4, 17: 3, 19: 5});
    let plays = notations(&p, "3-2");
    assert_eq!(plays.len(), 18, "{plays:?}");
    assert!(plays.contains(&"13/10*/8".to_string()) && plays.contains(&"13/11/8".to_string()), "{plays:?}");
    let hit = legal(&p, "3-2").into_iter().find(|p| p.notation() == "13/10*/8").expect("13/10*/8");
    assert_eq!(hit.position().bar(Color::Black), 1);
    assert_eq!(hit.hit_count(), 1);
}

#[test]
fn p4_only_one_die_can_be_played_so_the_larger() {
    // Black holds White's 1 and 2 (its own 24 and 23).
    let p = portes_pos!(White; white {13: 1, 6: 14}; black {1: 2, 2: 2, 12: 5, 17: 3, 19: 3});
    assert_plays(&p, "6-5", &["13/7"]);
}

#[test]
fn p5_both_dice_when_some_order_allows() {
    let p = portes_pos!(White; white {13: 1, 6: 14}; black {2: 2, 12: 5, 17: 3, 19: 5});
    assert_plays(&p, "6-5", &["13/7 6/1"]);
}

/// P6: White is home but for one checker on the bar.
fn p6() -> Position {
    portes_pos!(White; white {bar: 1, 6: 2, 5: 3, 4: 3, 3: 3, 2: 2, 1: 1}; black {24: 2, 23: 2, 12: 5, 17: 3, 18: 3})
}

#[test]
fn p6_a_checker_on_the_bar_stops_the_bear_off() {
    let plays = legal(&p6(), "6-1");
    assert_eq!(plays.len(), 5, "{:?}", plays.iter().map(Play::notation).collect::<Vec<_>>());
    assert!(plays.iter().all(|p| p.moves()[0].from == 25), "bar/19 first");
    assert!(plays.iter().all(|p| p.moves().iter().all(|m| m.to != 0)), "no bearing off");
    assert_plays(&p6(), "6-6", &["bar/19/13/7/1"]);
}

#[test]
fn p7_a_gammon_scores_2_never_3() {
    let p = portes_pos!(White; white {3: 1, 2: 1}; black {bar: 1, 24: 2, 19: 4, 17: 3, 12: 5});
    let plays = legal(&p, "6-5");
    assert_eq!(plays.len(), 1);
    assert_eq!(plays[0].result(), Some(GameResult::win(Color::White, 2, Reason::BearOff)));
    assert_eq!(plays[0].position().outcome(), plays[0].result());
    // With Black off:1, 1 point.
    let q = portes_pos!(White; white {3: 1, 2: 1}; black {bar: 1, 24: 2, 19: 3, 17: 3, 12: 5});
    assert_eq!(legal(&q, "6-5")[0].result(), Some(GameResult::win(Color::White, 1, Reason::BearOff)));
    // The option "backgammons count 3" (off by default) makes the first 3.
    let mut out = Vec::new();
    MoveGen::with_rules(PortesRules { backgammons_count_3: true }).plays(&p, dice("6-5"), &mut out);
    assert_eq!(out[0].result().map(|r| r.points), Some(3));
    MoveGen::with_rules(PortesRules { backgammons_count_3: true }).plays(&q, dice("6-5"), &mut out);
    assert_eq!(out[0].result().map(|r| r.points), Some(1));
}

// ----- Board, checkers, direction -----

#[test]
fn the_start_is_the_backgammon_layout() {
    let s = Position::start();
    for c in [Color::White, Color::Black] {
        let own = |p: u8| s.checkers(c, c.to_white_numbering(p));
        assert_eq!((own(24), own(13), own(8), own(6)), (2, 5, 3, 5), "{c}");
        assert_eq!((s.bar(c), s.off(c)), (0, 0));
    }
    assert_eq!(s.turn(), Color::White);
}

#[test]
fn the_sides_move_in_opposite_directions() {
    // White on 13, Black on White's 12 (its own 13): White moves down past it.
    let p = portes_pos!(White; white {13: 15}; black {12: 15});
    assert_plays(&p, "2-1", &["13/11/10"]);
    assert_eq!(legal(&p, "2-1")[0].position().checkers(Color::White, 10), 1);
}

// ----- Points: open and blocked; moving and hitting -----

#[test]
fn a_point_with_two_opposing_checkers_is_blocked() {
    // 24/18 and 24/20 land on Black's points; only the 4 can be played.
    let p = portes_pos!(White; white {24: 1, 6: 14}; black {18: 2, 20: 2, 1: 11});
    assert_plays(&p, "6-4", &["6/2"]);
}

#[test]
fn every_single_die_landing_on_a_blot_hits_it() {
    // Black's blot on White's 10: 13/10*/9 and 13/12/9 are two plays.
    let p = portes_pos!(White; white {13: 1, 6: 14}; black {10: 1, 1: 14});
    assert_plays(&p, "3-1", &["13/10* 6/5", "13/12 6/3", "6/3 6/5", "13/10*/9", "13/12/9", "6/3/2"]);
    let plays = legal(&p, "3-1");
    for play in &plays {
        let hit = play.notation().contains('*');
        assert_eq!(play.position().bar(Color::Black), u8::from(hit), "{play}");
        assert_eq!(play.position().checkers(Color::Black, 10), u8::from(!hit), "{play}");
    }
}

// ----- The bar and entering -----

#[test]
fn entering_on_a_blot_hits_it() {
    // Black's blot on White's 20 (its 5); Black holds White's 19, 21-24.
    let p = portes_pos!(White; white {bar: 1, 6: 14}; black {20: 1, 19: 2, 21: 2, 22: 2, 23: 2, 24: 2, 1: 4});
    assert_plays(&p, "5-2", &["bar/20*/18", "bar/20* 6/4"]);
}

#[test]
fn a_checker_on_the_bar_that_cannot_enter_loses_the_turn() {
    // P1 with 5-4 is the pass; a closed board passes every roll.
    let closed = portes_pos!(White; white {bar: 1, 6: 14}; black {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 1: 3});
    for d in Dice::ALL {
        assert_plays(&closed, &d.to_string(), &["pass"]);
    }
}

// ----- Bearing off -----

#[test]
fn bearing_off_needs_every_checker_home() {
    // 1/off would be legal if the 9 were home; it must come in first.
    let p = portes_pos!(White; white {9: 1, 1: 1}; black {20: 15});
    assert_plays(&p, "2-1", &["9/7/6"]);
}

#[test]
fn a_die_bears_off_from_its_point() {
    let p = portes_pos!(White; white {6: 2, 3: 1}; black {20: 15});
    assert_plays(&p, "6-3", &["6/off 3/off", "6/off 6/3"]);
}

#[test]
fn a_larger_die_moves_from_a_higher_point_if_it_can() {
    // The 5 and the 4 cannot bear off while a checker stands on 6.
    let p = portes_pos!(White; white {6: 2}; black {20: 15});
    assert_plays(&p, "5-4", &["6/1 6/2"]);
}

#[test]
fn a_larger_die_bears_off_from_the_highest_point() {
    let p = portes_pos!(White; white {3: 2, 1: 1}; black {20: 15});
    assert_plays(&p, "6-5", &["3/off(2)"]);
}

// ----- End of the game -----

#[test]
fn a_play_that_ends_the_game_uses_the_whole_roll() {
    let p = portes_pos!(White; white {1: 1}; black {20: 15});
    let plays = legal(&p, "6-5");
    assert_eq!(plays.iter().map(Play::notation).collect::<Vec<_>>(), ["1/off"]);
    assert_eq!(plays[0].result(), Some(GameResult::win(Color::White, 2, Reason::BearOff)));
    assert_eq!(plays[0].position().turn(), Color::White, "the final position keeps the mover");
}

#[test]
fn resigning_concedes_2_until_a_checker_is_off() {
    assert_eq!(Position::start().resignation(Color::Black).points, 2);
    let p = portes_pos!(White; white {1: 1}; black {20: 14});
    assert_eq!(p.resignation(Color::Black), GameResult::win(Color::White, 1, Reason::Resign));
    assert_eq!(p.resignation(Color::White).points, 1);
}

// ----- Added in review: each rule for each die, with the bar, and scoring -----
// (`legal()` asks every position also with the colours swapped, so each of
// these holds for Black on roll as well as White.)

#[test]
fn each_die_enters_on_its_own_point_and_no_other() {
    for n in 1..=6u8 {
        // Black holds all of White's 19..24 but 25 − n, and has 5 on White's 1.
        let open = 25 - n;
        let mut s = tavli_core::portes::Setup::empty(Color::White);
        s.bar[Color::White.index()] = 1;
        s.board[8] = 14;
        for p in (19..=24).filter(|&p| p != open) {
            s.board[p as usize] = -2;
        }
        s.board[1] = -5;
        s.fill_off();
        let pos = s.validate().expect("fixture");
        for d in Dice::ALL {
            let plays = legal(&pos, &d.to_string());
            if d.high() == n || d.low() == n {
                for play in &plays {
                    assert_eq!(play.moves()[0], tavli_core::Move::new(25, open), "{d}: {play}");
                    assert_eq!(play.position().bar(Color::White), 0, "{d}: {play}");
                }
            } else {
                assert_eq!(plays.iter().map(Play::notation).collect::<Vec<_>>(), ["pass"], "{d} with only {open} open");
            }
        }
    }
}

#[test]
fn the_hit_checker_goes_to_its_owners_bar_and_must_enter_first() {
    // P3's hit: Black's checker is on its bar, Black on roll.
    let p = portes_pos!(White; white {24: 2, 13: 5, 8: 3, 6: 5}; black {1: 2, 10: 1, 12: 4, 17: 3, 19: 5});
    let hit = legal(&p, "3-2").into_iter().find(|p| p.notation() == "13/10*/8").expect("13/10*/8");
    let after = *hit.position();
    assert_eq!((after.turn(), after.bar(Color::Black), after.own_bar()), (Color::Black, 1, 1));
    assert_eq!(after.checkers(Color::Black, 10), 0);
    for d in Dice::ALL {
        for play in legal(&after, &d.to_string()) {
            assert!(play.is_pass() || play.moves()[0].from == 25, "{d}: {play} before entering");
        }
    }
    // White holds its 6 and 8 (Black's 19 and 17): 6-6 dances; 5-5 enters on
    // White's 5 (Black's 20) and goes on.
    assert_plays(&after, "6-6", &["pass"]);
    assert!(legal(&after, "5-5").iter().all(|p| p.moves()[0] == tavli_core::Move::new(25, 20)));
}

#[test]
fn entering_when_only_one_die_can_be_played_takes_the_larger() {
    // White's last checker is on the bar; Black holds White's 14, where
    // either die would have to go next: only one die, so bar/19, not bar/20.
    let p = portes_pos!(White; white {bar: 1}; black {14: 2, 1: 13});
    assert_plays(&p, "6-5", &["bar/19"]);
    assert_eq!(
        tavli_core::portes::parse_play(&p, dice("6-5"), "bar/20").map(|p| p.notation()),
        Err(tavli_core::portes::PlayError::MustUseLarger(6))
    );
}

#[test]
fn entering_with_the_die_that_lets_the_other_be_played() {
    // Entering with the 5 (bar/20) leaves the 6 unplayable (20/14 and 10/4
    // are blocked); entering with the 6 lets 10/5 play the 5: both dice.
    let p = portes_pos!(White; white {bar: 1, 10: 1}; black {14: 2, 4: 2, 1: 11});
    assert_plays(&p, "6-5", &["bar/19 10/5"]);
    assert_eq!(
        tavli_core::portes::parse_play(&p, dice("6-5"), "bar/20").map(|p| p.notation()),
        Err(tavli_core::portes::PlayError::MustUseBoth(dice("6-5")))
    );
}

#[test]
fn two_on_the_bar_with_a_doublet_enter_then_move_on() {
    // 3-3 with two on the bar and only White's 22 open: both enter, then
    // the other two threes move on (22/19 is blocked, so from the 6).
    let p = portes_pos!(White; white {bar: 2, 6: 13}; black {24: 2, 23: 2, 21: 2, 20: 2, 19: 2, 1: 5});
    assert_plays(&p, "3-3", &["bar/22(2) 6/3(2)"]);
    // With White's 19 open too, an entered checker may go on: bar/22/19.
    let q = portes_pos!(White; white {bar: 2, 6: 13}; black {24: 2, 23: 2, 21: 2, 20: 2, 1: 7});
    let plays = legal(&q, "3-3");
    // (Written after the other checker's entry, which must come first.)
    assert!(plays.iter().any(|p| p.notation().starts_with("bar/22 bar/22/19")), "{plays:?}");
    for play in &plays {
        assert_eq!(play.moves().len(), 4, "{play}");
        assert_eq!(&play.moves()[..2], [tavli_core::Move::new(25, 22); 2], "{play}");
    }
}

#[test]
fn a_gammon_counts_2_and_a_backgammon_3_only_with_the_option() {
    let three = PortesRules { backgammons_count_3: true };
    // Black (the loser) with: a checker in White's home board; on the bar;
    // only outside White's home board; one checker off.
    let cases = [
        (portes_pos!(Black; white {}; black {3: 1, 12: 14}), 2, 3),
        (portes_pos!(Black; white {}; black {bar: 1, 12: 14}), 2, 3),
        (portes_pos!(Black; white {}; black {7: 1, 12: 14}), 2, 2),
        (portes_pos!(Black; white {}; black {3: 1, 12: 13}), 1, 1),
    ];
    for (pos, default, option) in cases {
        for p in [pos, pos.mirror(), pos.pass_turn(), pos.mirror().pass_turn()] {
            let winner = if p.off(Color::White) == 15 { Color::White } else { Color::Black };
            assert_eq!(p.outcome(), Some(GameResult::win(winner, default, Reason::BearOff)), "{}", p.to_json());
            assert_eq!(
                p.outcome_with(&three),
                Some(GameResult::win(winner, option, Reason::BearOff)),
                "{}",
                p.to_json()
            );
        }
    }
    // The option changes nothing before the end.
    assert_eq!(Position::start().outcome_with(&three), None);
}

#[test]
fn resignation_values_for_both_colours_and_either_on_roll() {
    // Nothing off: 2 points to the other side; one off: 1 point.
    let p = portes_pos!(White; white {6: 14}; black {bar: 1, 19: 14});
    for q in [p, p.pass_turn()] {
        assert_eq!(q.resignation(Color::White), GameResult::win(Color::Black, 1, Reason::Resign));
        assert_eq!(q.resignation(Color::Black), GameResult::win(Color::White, 2, Reason::Resign));
        let m = q.mirror();
        assert_eq!(m.resignation(Color::Black), GameResult::win(Color::White, 1, Reason::Resign));
        assert_eq!(m.resignation(Color::White), GameResult::win(Color::Black, 2, Reason::Resign));
    }
}

#[test]
fn bearing_off_the_last_checker_uses_the_whole_roll() {
    // RULES.md: a play that ends the game counts as using the whole roll,
    // so 2/off stands beside 2/1*/off. (GNU Backgammon's generator, which
    // always uses both dice when it can, lists only 2/1*/off: the one
    // difference found against it, on 63,000 rolls of seeded games.)
    let p = portes_pos!(White; white {2: 1}; black {1: 1, 20: 14});
    assert_plays(&p, "2-1", &["2/off", "2/1*/off"]);
    for play in legal(&p, "2-1") {
        assert_eq!(play.result(), Some(GameResult::win(Color::White, 2, Reason::BearOff)), "{play}");
    }
}
