//! One test (or more) per rule of RULES.md, in the order of its sections,
//! each on a small position written with `pos!` so it can be checked by eye
//! against the rules. Points are in White's numbering in `pos!`; plays are
//! written in the mover's own numbering, as players write them. Checkers a
//! fixture does not list are borne off.
//!
//! Every check runs for both colours: `legal()` also asks the colour-swapped
//! position (`Position::mirror`, Black on roll with the same board seen
//! from its side) and requires the same plays there, with mirrored
//! positions and results. It also requires the slow reference generator
//! (`reference/mod.rs`) to agree, so these tests vouch for it too.

mod reference;

use std::collections::HashSet;

use tavli_core::{Color, Dice, GameResult, Play, Position, PositionError, Reason, Setup, pos};

fn dice(s: &str) -> Dice {
    s.parse().expect("dice in a test")
}

/// The result with the winner swapped, as in the colour-swapped game.
fn mirrored(r: Option<GameResult>) -> Option<GameResult> {
    r.map(|r| GameResult { winner: r.winner.map(Color::opponent), ..r })
}

/// The legal plays of `roll` in `pos`, after checking that the mirrored
/// position has the mirrored plays and that the reference agrees.
fn legal(pos: &Position, roll: &str) -> Vec<Play> {
    let d = dice(roll);
    let plays = pos.legal_plays(d);

    // The same rule for the other colour.
    let mirror = pos.mirror();
    assert_eq!(mirror.turn(), pos.turn().opponent());
    let theirs = mirror.legal_plays(d);
    let mine: HashSet<_> = plays.iter().map(|p| (p.notation(), p.position().mirror(), mirrored(p.result()))).collect();
    let theirs: HashSet<_> = theirs.iter().map(|p| (p.notation(), *p.position(), p.result())).collect();
    assert_eq!(mine, theirs, "the colour-swapped position {} has other plays for {roll}", mirror.to_json());

    // The slow reference reads the rules the same way.
    let fast: HashSet<_> = plays.iter().map(|p| (*p.position(), p.result())).collect();
    let slow: HashSet<_> = reference::legal_plays(pos, d).iter().map(|p| (p.position, p.result)).collect();
    assert_eq!(fast, slow, "fast generator and reference differ on {} with {roll}", pos.to_json());
    plays
}

/// The legal plays as sorted notation.
fn notations(pos: &Position, roll: &str) -> Vec<String> {
    let mut v: Vec<String> = legal(pos, roll).iter().map(Play::notation).collect();
    v.sort();
    v
}

/// Asserts the exact set of legal plays, in notation. Used where each play
/// has one way to be written (the route of every checker is forced).
#[track_caller]
fn assert_plays(pos: &Position, roll: &str, expected: &[&str]) {
    let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(notations(pos, roll), want, "plays of {roll} in {}", pos.to_json());
}

/// What a play leaves of the mover's checkers, in its own numbering, highest
/// point first: `13 7(2)*` is one checker on 13 and two on 7 pinning an
/// opposing checker; empty when all are off. From a given position this
/// names the position reached (the mover changes only its own checkers and
/// the pins under them), without depending on which route the generator
/// happened to record.
fn layout(after: &Position, mover: Color) -> String {
    let mut parts = Vec::new();
    for own in (1..=24u8).rev() {
        let point = mover.to_white_numbering(own);
        let n = match after.top(point) {
            Some((c, n)) if c == mover => n,
            _ => continue,
        };
        let mut part = own.to_string();
        if n > 1 {
            part += &format!("({n})");
        }
        if after.pinned(point) == Some(mover.opponent()) {
            part.push('*');
        }
        parts.push(part);
    }
    parts.join(" ")
}

/// The layouts the legal plays leave, sorted, each with the play's result.
fn ends(pos: &Position, roll: &str) -> Vec<(String, Option<GameResult>)> {
    let mut v: Vec<_> = legal(pos, roll).iter().map(|p| (layout(p.position(), pos.turn()), p.result())).collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    v
}

/// Asserts the exact set of positions the legal plays reach, none of them
/// ending the game.
#[track_caller]
fn assert_ends(pos: &Position, roll: &str, expected: &[&str]) {
    let mut want: Vec<(String, Option<GameResult>)> = expected.iter().map(|s| (s.to_string(), None)).collect();
    want.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(ends(pos, roll), want, "positions after {roll} in {}", pos.to_json());
}

/// The one legal play written `notation`.
#[track_caller]
fn play(pos: &Position, roll: &str, notation: &str) -> Play {
    let plays = legal(pos, roll);
    let found: Vec<&Play> = plays.iter().filter(|p| p.notation() == notation).collect();
    assert_eq!(found.len(), 1, "`{notation}` among {:?}", plays.iter().map(Play::notation).collect::<Vec<_>>());
    *found[0]
}

const WHITE_MOTHER: GameResult = GameResult::win(Color::White, 2, Reason::Mother);

// ----- Board, checkers, direction -----

#[test]
fn board_two_sides_of_fifteen_on_twenty_four_points() {
    let start = Position::start();
    for c in [Color::White, Color::Black] {
        let on_board: u32 = (1..=24).map(|p| u32::from(start.checkers(c, p))).sum();
        assert_eq!(on_board + u32::from(start.off(c)), 15);
    }
    // There is no point 0 or 25, and a sixteenth checker is refused.
    assert_eq!(start.top(0), None);
    assert_eq!(start.top(25), None);
    let mut s = start.to_setup();
    s.board[12] = 1;
    assert!(matches!(s.validate(), Err(PositionError::WrongTotal { color: Color::White, total: 16, .. })));
    assert!(Position::from_json(r#"{"turn":"white","board":{"25":15,"1":-15}}"#).is_err());
}

#[test]
fn board_black_point_n_is_white_point_25_minus_n() {
    // Black on roll at the start, written out rather than mirrored: Black's
    // 24-point is White's 1-point, and Black moves towards White's 24.
    let p = pos!(Black; white {24: 15}; black {1: 15});
    assert_plays(&p, "6-4", &["24/18 24/20", "24/18/14"]);
    let q = *play(&p, "6-4", "24/18 24/20").position();
    assert_eq!(q, pos!(White; white {24: 15}; black {1: 13, 7: 1, 5: 1}));
    // And White's plays go the other way: its 24-point is White's 24.
    let q = *play(&Position::start(), "6-4", "24/18 24/20").position();
    assert_eq!(q, pos!(Black; white {24: 13, 18: 1, 20: 1}; black {1: 15}));
}

#[test]
fn board_home_is_points_1_to_6_and_start_is_24() {
    // All on 1-6: the 6 and the 5 bear off (or the 5 moves 6/1 first).
    let home = pos!(White; white {6: 1, 5: 1, 1: 3}; black {19: 2});
    assert_plays(&home, "6-5", &["6/off 5/off", "6/1 5/off"]);
    // One on 7 is outside: it must come home before anything bears off.
    let outside = pos!(White; white {7: 1, 5: 1, 1: 3}; black {19: 2});
    assert_ends(&outside, "6-5", &["1(4)", "2 1(3)"]);
    // The start: 15 on each side's 24-point, nothing borne off, White's 24
    // being Black's 1 and the other way round.
    assert_eq!(Position::start(), pos!(White; white {24: 15}; black {1: 15}));
    assert_eq!(Position::start().top(24), Some((Color::White, 15)));
    assert_eq!(Position::start().top(1), Some((Color::Black, 15)));
    assert_eq!(Position::start().off(Color::White) + Position::start().off(Color::Black), 0);
}

// ----- Turn order and dice (the parts inside a game) -----

#[test]
fn turn_a_roll_gives_one_move_of_each_number() {
    // 24/18/14 and 24/20/14 reach the same position: one play.
    assert_plays(&Position::start(), "6-4", &["24/18 24/20", "24/18/14"]);
    for p in legal(&Position::start(), "6-4") {
        assert_eq!(p.moves().len(), 2);
        assert_eq!(p.position().turn(), Color::Black);
    }
}

#[test]
fn turn_a_doublet_gives_four_moves() {
    assert_plays(
        &Position::start(),
        "3-3",
        &["24/21(4)", "24/21/18 24/21(2)", "24/21/18(2)", "24/21/18/15 24/21", "24/21/18/15/12"],
    );
    for p in legal(&Position::start(), "3-3") {
        assert_eq!(p.moves().len(), 4);
    }
}

#[test]
fn turn_passes_when_no_move_is_possible() {
    // Black holds White's 18 to 23: nothing leaves White's 24 with a 6-5.
    let p = pos!(White; white {24: 15}; black {23: 2, 22: 2, 21: 2, 20: 2, 19: 2, 18: 2, 1: 3});
    let plays = legal(&p, "6-5");
    assert_eq!(plays.len(), 1);
    assert!(plays[0].is_pass());
    assert_eq!(plays[0].notation(), "pass");
    assert_eq!(*plays[0].position(), p.pass_turn());
    assert_eq!(plays[0].position().turn(), Color::Black);
    assert_eq!(plays[0].result(), None);
    // A 1 goes nowhere either; a doublet too.
    assert_plays(&p, "1-1", &["pass"]);
}

// ----- Points: open and blocked -----
//
// In these, Black blocks White's 7, 5 and 3 (two checkers each) unless said
// otherwise, so that a White checker on 13 can only try 13/9 with a 6-4.

#[test]
fn open_an_empty_point() {
    let p = pos!(White; white {13: 1}; black {7: 2, 5: 2, 3: 2});
    assert_plays(&p, "6-4", &["13/9"]);
}

#[test]
fn open_a_point_held_by_own_checkers() {
    let p = pos!(White; white {13: 1, 9: 1}; black {7: 2, 5: 2, 3: 2});
    assert_plays(&p, "6-4", &["13/9"]);
    assert_eq!(play(&p, "6-4", "13/9").position().top(9), Some((Color::White, 2)));
}

#[test]
fn open_own_checkers_on_top_of_a_pinned_opponent() {
    let p = pos!(White; white {13: 1, 9: 1}; black {7: 2, 5: 2, 3: 2}; pinned {9: Black});
    assert_ends(&p, "6-4", &["9(2)*"]);
}

#[test]
fn open_a_lone_opposing_checker_and_landing_pins_it() {
    let p = pos!(White; white {13: 1}; black {9: 1, 7: 2, 5: 2, 3: 2});
    assert_plays(&p, "6-4", &["13/9*"]);
    let after = *play(&p, "6-4", "13/9*").position();
    assert!(play(&p, "6-4", "13/9*").pins_on_move(0));
    // The Black checker is still on the board, underneath.
    assert_eq!(after.top(9), Some((Color::White, 1)));
    assert_eq!(after.pinned(9), Some(Color::Black));
    assert_eq!(after.checkers(Color::Black, 9), 1);
    assert_eq!(after.off(Color::Black), p.off(Color::Black));
}

#[test]
fn blocked_by_two_or_more_opposing_checkers() {
    assert_plays(&pos!(White; white {13: 1}; black {9: 2, 7: 2}), "6-4", &["pass"]);
    assert_plays(&pos!(White; white {13: 1}; black {9: 5, 7: 3}), "6-4", &["pass"]);
}

#[test]
fn blocked_by_an_anchor_a_single_pinning_checker() {
    // One Black checker on 9, but it pins a White one: White cannot land
    // there, although it could land on a lone free Black checker.
    let anchor = pos!(White; white {13: 1}; black {9: 1, 7: 2, 3: 2}; pinned {9: White});
    assert_plays(&anchor, "6-4", &["pass"]);
    let free = pos!(White; white {13: 1}; black {9: 1, 7: 2, 3: 2});
    assert_plays(&free, "6-4", &["13/9*"]);
}

#[test]
fn never_land_where_own_checker_lies_pinned() {
    // Under one Black checker (the anchor above) or under several.
    let p = pos!(White; white {13: 1}; black {9: 3, 7: 2}; pinned {9: White});
    assert_plays(&p, "6-4", &["pass"]);
    assert_plays(&p, "4-4", &["pass"]);
}

// ----- Moving -----

#[test]
fn move_one_checker_exactly_the_pips_of_a_die() {
    for roll in ["6-5", "4-1", "2-2"] {
        let d = dice(roll);
        for p in legal(&Position::start(), roll) {
            let mut pips: Vec<u8> = p.moves().iter().map(|m| m.from - m.to).collect();
            pips.sort_unstable();
            let mut want = if d.is_doublet() { vec![d.high(); 4] } else { vec![d.low(), d.high()] };
            want.sort_unstable();
            assert_eq!(pips, want, "{p}");
        }
    }
    let p = pos!(White; white {13: 1}; black {20: 2});
    assert_ends(&p, "6-4", &["3"]);
}

#[test]
fn a_pinned_checker_cannot_move_the_checkers_on_top_can() {
    // White's checker on 13 lies under a Black one: only White's 20 moves.
    let p = pos!(White; white {20: 1}; black {13: 1}; pinned {13: White});
    assert_ends(&p, "2-1", &["17"]);
    // Black on roll: its checker on top (Black's 12-point) moves on, and the
    // White checker under it is free again.
    let b = p.pass_turn();
    assert_ends(&b, "2-1", &["9"]);
    let after = *legal(&b, "2-1")[0].position();
    assert_eq!(after.top(13), Some((Color::White, 1)));
    assert_eq!(after.pinned(13), None);
}

#[test]
fn pinning_keeps_every_checker_on_the_board() {
    // No hitting: after 13/7* the Black checker is still there, pinned.
    let p = pos!(White; white {13: 1, 8: 1}; black {7: 1, 20: 5});
    for play in legal(&p, "6-1") {
        let after = play.position();
        assert_eq!(after.off(Color::Black), p.off(Color::Black));
        assert_eq!(after.checkers(Color::Black, 7), 1, "{play}");
    }
    // 13/7*, 8/7; 13/12 8/2; 8/2/1; 13/7*/6 pins on the way and lets go.
    assert_ends(&p, "6-1", &["7(2)*", "12 2", "13 1", "8 6"]);
}

#[test]
fn the_pinner_may_add_more_checkers_on_top() {
    // 13/10 lands on White's own pinning checker; 10/7 is blocked.
    let p = pos!(White; white {13: 1, 10: 1}; black {7: 2}; pinned {10: Black});
    assert_plays(&p, "3-3", &["13/10"]);
    assert_eq!(play(&p, "3-3", "13/10").position().top(10), Some((Color::White, 2)));
}

#[test]
fn release_only_when_the_last_pinner_leaves() {
    // Two White checkers pin a Black one on 10. With 4 blocked only 10/5 is
    // possible: one White checker stays and the Black checker stays pinned.
    let one_leaves = pos!(White; white {10: 2}; black {4: 2}; pinned {10: Black});
    assert_plays(&one_leaves, "6-5", &["10/5"]);
    assert_eq!(play(&one_leaves, "6-5", "10/5").position().pinned(10), Some(Color::Black));
    // With 4 open both leave, and the Black checker is free again.
    let both_leave = pos!(White; white {10: 2}; black {20: 2}; pinned {10: Black});
    assert_plays(&both_leave, "6-5", &["10/4 10/5"]);
    let after = *play(&both_leave, "6-5", "10/4 10/5").position();
    assert_eq!(after.pinned(10), None);
    assert_eq!(after.top(10), Some((Color::Black, 1)));
}

#[test]
fn one_checker_using_two_dice_lands_on_an_open_intermediate_point() {
    // 7 is blocked, so the 6-5 goes 13/8/2 and not 13/7/2.
    let p = pos!(White; white {13: 1}; black {7: 2});
    assert_plays(&p, "6-5", &["13/8/2"]);
    // With both 7 and 8 blocked the open 2 cannot be reached.
    let p = pos!(White; white {13: 1}; black {7: 2, 8: 2});
    assert_plays(&p, "6-5", &["pass"]);
}

#[test]
fn an_intermediate_landing_pins_and_leaving_releases() {
    // The only way is 13/8*/2: it pins on 8 (marked) and lets go again.
    let p = pos!(White; white {13: 1}; black {8: 1, 7: 2});
    assert_plays(&p, "6-5", &["13/8*/2"]);
    let play = play(&p, "6-5", "13/8*/2");
    assert!(play.pins_on_move(0));
    assert!(!play.pins_on_move(1));
    assert_eq!(play.position().pinned(8), None);
    assert_eq!(play.position().top(8), Some((Color::Black, 1)));
}

#[test]
fn use_both_dice_when_any_sequence_allows_it() {
    // 9/4 alone would leave the 6 unplayable (14/8 is blocked); 14/9 9/3
    // uses both, so it is the only play.
    let p = pos!(White; white {14: 1, 9: 1}; black {8: 2});
    assert_ends(&p, "6-5", &["9 3"]);
}

#[test]
fn use_as_many_dice_as_possible_even_only_one() {
    // The 6 cannot be played at all (8 and 3 blocked): either 5 alone.
    let p = pos!(White; white {14: 1, 9: 1}; black {8: 2, 3: 2});
    assert_plays(&p, "6-5", &["14/9", "9/4"]);
}

#[test]
fn the_larger_die_when_only_one_number_can_be_played() {
    // 14/8 or 14/10 can each be played, but neither continues (4 blocked).
    let p = pos!(White; white {14: 1}; black {4: 2});
    assert_plays(&p, "6-4", &["14/8"]);
    // Only the smaller can be played: then the smaller.
    let p = pos!(White; white {14: 1}; black {8: 2, 6: 2, 4: 2});
    assert_plays(&p, "6-4", &["14/10"]);
}

#[test]
fn a_doublet_is_played_as_far_as_it_can() {
    let p = pos!(White; white {20: 1}; black {8: 2});
    assert_plays(&p, "4-4", &["20/16/12"]);
    let p = pos!(White; white {20: 1}; black {4: 2});
    assert_plays(&p, "4-4", &["20/16/12/8"]);
}

#[test]
fn plays_reaching_the_same_position_are_one_play() {
    // 24/18/14 and 24/20/14; the four orders of 24/21(4).
    assert_eq!(legal(&Position::start(), "6-4").len(), 2);
    assert_eq!(legal(&Position::start(), "3-3").len(), 5);
    let positions: HashSet<Position> = legal(&Position::start(), "2-1").iter().map(|p| *p.position()).collect();
    assert_eq!(positions.len(), legal(&Position::start(), "2-1").len());
    assert_eq!(positions.len(), 2); // 24/22 24/23 and 24/22/21
}

// ----- The mother checker -----
//
// White's start is its 24-point, Black's is White's 1-point.

#[test]
fn the_mother_can_be_pinned_only_when_alone_on_the_start() {
    // Two Black checkers on White's 1-point: blocked. (12 is blocked too,
    // leaving nothing to play.)
    let two = pos!(White; white {12: 1, 3: 1}; black {20: 11, 10: 2, 1: 2});
    assert_plays(&two, "2-2", &["pass"]);
    // One left there: it is Black's mother, and 3/1* pins it.
    let one = pos!(White; white {12: 1, 3: 1}; black {20: 12, 10: 2, 1: 1});
    assert_plays(&one, "2-2", &["3/1*"]);
}

#[test]
fn pinning_the_mother_with_own_start_empty_wins_two_at_once() {
    // White has nothing on its 24-point: 3/1* wins on the spot, and the
    // other three 2s are not played.
    let p = pos!(White; white {12: 1, 3: 1}; black {20: 12, 10: 2, 1: 1});
    let win = play(&p, "2-2", "3/1*");
    assert_eq!(win.result(), Some(WHITE_MOTHER));
    assert_eq!(win.moves().len(), 1);
    // The final position keeps the winner on roll, and has ended.
    assert_eq!(win.position().turn(), Color::White);
    assert_eq!(win.position().outcome(), Some(WHITE_MOTHER));
    assert_eq!(win.position().pinned(1), Some(Color::Black));
}

#[test]
fn a_game_ending_move_counts_as_the_whole_roll() {
    // 2/1* with the 1 ends the game: a legal play although 8/2 2/1*
    // (or 8/7/1*) would use both dice. Both end the game.
    let p = pos!(White; white {8: 1, 2: 1}; black {20: 14, 1: 1});
    assert_eq!(ends(&p, "6-1"), vec![("2 1*".to_string(), Some(WHITE_MOTHER)), ("8 1*".into(), Some(WHITE_MOTHER))]);
    assert_eq!(play(&p, "6-1", "2/1*").moves().len(), 1);
}

#[test]
fn pinning_the_mother_with_own_start_occupied_the_game_goes_on() {
    // White still has two on its 24-point (boxed in by Black's 23 and 22).
    let p = pos!(White; white {24: 2, 3: 1}; black {23: 2, 22: 2, 20: 10, 1: 1});
    assert_plays(&p, "2-1", &["3/1*"]);
    let pin = play(&p, "2-1", "3/1*");
    assert_eq!(pin.result(), None);
    assert_eq!(pin.position().pinned(1), Some(Color::Black));
    assert_eq!(pin.position().outcome(), None);
    assert_eq!(pin.position().turn(), Color::Black);
}

#[test]
fn the_pinner_wins_when_its_last_checker_leaves_the_start_even_mid_roll() {
    // Black's mother is pinned; White's last checker on its 24 is still there.
    let p = pos!(White; white {24: 1, 12: 1, 1: 1}; black {20: 14}; pinned {1: Black});
    assert_eq!(p.outcome(), None);
    let mut want: Vec<(String, Option<GameResult>)> = vec![
        // 24/18 or 24/19 first: the game is won, the other die unplayed.
        ("18 12 1*".into(), Some(WHITE_MOTHER)),
        ("19 12 1*".into(), Some(WHITE_MOTHER)),
        // 12/6 24/19, 12/7 24/18: won on the second move.
        ("19 6 1*".into(), Some(WHITE_MOTHER)),
        ("18 7 1*".into(), Some(WHITE_MOTHER)),
        // Not leaving the start: the game goes on.
        ("24 1(2)*".into(), None),
    ];
    want.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(ends(&p, "6-5"), want);
    assert_eq!(play(&p, "6-5", "24/18").moves().len(), 1);
}

#[test]
fn both_mothers_pinned_is_a_draw() {
    // Black pins White's mother (Black's own mother, still on its start,
    // keeps the game going); White pins Black's mother: a draw.
    let p = pos!(White; white {3: 1}; black {24: 1, 13: 12, 1: 1}; pinned {24: White});
    assert_eq!(p.outcome(), None);
    assert_plays(&p, "2-1", &["3/1*"]);
    let draw = play(&p, "2-1", "3/1*");
    assert_eq!(draw.result(), Some(GameResult::draw()));
    assert_eq!(draw.result().map(|r| (r.winner, r.points, r.reason)), Some((None, 0, Reason::BothMothers)));
    assert_eq!(draw.position().outcome(), Some(GameResult::draw()));
}

// ----- Bearing off -----

#[test]
fn bear_off_only_when_all_checkers_are_home() {
    // 5/off must wait for the checker on 7 to come home, in the same roll.
    let p = pos!(White; white {7: 1, 5: 1}; black {20: 2});
    assert_plays(&p, "6-5", &["7/1 5/off", "7/2 5/off"]);
}

#[test]
fn no_bear_off_with_a_pinned_checker_even_at_home_and_after_bearing_off_began() {
    // White has borne off 13; its checker on 5 is pinned: nothing bears off
    // and nothing else moves, so the roll passes.
    let pinned = pos!(White; white {3: 1}; black {5: 1, 20: 5}; pinned {5: White});
    assert_plays(&pinned, "5-3", &["pass"]);
    // Freed, both bear off and White wins.
    let free = pos!(White; white {5: 1, 3: 1}; black {20: 5});
    assert_plays(&free, "5-3", &["5/off 3/off", "5/2 3/off"]);
    // Pinned outside the home board, just the same.
    let outside = pos!(White; white {3: 1}; black {9: 1, 20: 5}; pinned {9: White});
    assert_plays(&outside, "3-3", &["pass"]);
}

#[test]
fn bear_off_a_die_of_n_from_the_n_point() {
    let p = pos!(White; white {6: 1, 4: 1, 1: 3}; black {20: 2});
    assert_plays(&p, "6-4", &["6/off 4/off", "6/2 4/off"]);
}

#[test]
fn bear_off_with_the_n_point_empty_move_from_a_higher_point() {
    // The 5-point is empty and 6 is higher: the 5 is 6/1, never 3/off.
    let p = pos!(White; white {6: 1, 3: 1}; black {20: 2});
    assert_ends(&p, "5-1", &["2 1", "3"]);
}

#[test]
fn bear_off_from_the_highest_point_when_nothing_is_higher() {
    // 6 and 5 both bear off from 3, the highest; never 2/off with the 5.
    let p = pos!(White; white {3: 2, 2: 1}; black {20: 2});
    assert_plays(&p, "6-5", &["3/off(2)"]);
}

#[test]
fn bearing_off_is_never_obliged() {
    // 6/1 6/5 keeps both checkers although 6/off was possible.
    let p = pos!(White; white {6: 2}; black {20: 2});
    assert_ends(&p, "5-1", &["5 1", "6"]);
}

#[test]
fn a_checker_borne_off_is_gone_for_good() {
    let p = pos!(White; white {6: 1, 4: 1, 1: 3}; black {20: 2});
    let after = *play(&p, "6-4", "6/off 4/off").position();
    assert_eq!(after.off(Color::White), 12);
    assert_eq!(after.checkers(Color::White, 6) + after.checkers(Color::White, 4), 0);
}

// ----- End of a game and scoring -----

#[test]
fn bearing_off_all_fifteen_wins_one_point() {
    // Black has borne off 5.
    let p = pos!(White; white {1: 1}; black {20: 10});
    assert_plays(&p, "2-1", &["1/off"]);
    let win = play(&p, "2-1", "1/off");
    assert_eq!(win.result(), Some(GameResult::win(Color::White, 1, Reason::BearOff)));
    assert_eq!(win.position().off(Color::White), 15);
    assert_eq!(win.position().turn(), Color::White);
}

#[test]
fn bearing_off_all_fifteen_wins_two_when_the_loser_has_none_off() {
    let p = pos!(White; white {2: 1, 1: 1}; black {20: 15});
    // (2/1/off leaves one checker: not a win.)
    assert_plays(&p, "2-1", &["2/off 1/off", "2/1/off"]);
    assert_eq!(play(&p, "2-1", "2/off 1/off").result(), Some(GameResult::win(Color::White, 2, Reason::BearOff)));
    assert_eq!(play(&p, "2-1", "2/1/off").result(), None);
    // No triple game: Black stuck in White's home board still loses 2.
    let p = pos!(White; white {2: 1, 1: 1}; black {3: 15});
    assert_eq!(play(&p, "2-1", "2/off 1/off").result(), Some(GameResult::win(Color::White, 2, Reason::BearOff)));
}

#[test]
fn a_mother_win_scores_two_and_a_draw_nothing() {
    let p = pos!(White; white {12: 1, 3: 1}; black {20: 12, 10: 2, 1: 1});
    let r = play(&p, "2-2", "3/1*").result().expect("the game ends");
    assert_eq!((r.winner, r.points, r.reason), (Some(Color::White), 2, Reason::Mother));
    assert_eq!(r.points_for(Color::Black), -2);
    assert_eq!(GameResult::draw().points_for(Color::White), 0);
    assert_eq!(GameResult::draw().points_for(Color::Black), 0);
}

#[test]
fn resigning_gives_two_points_while_the_resigner_has_borne_off_none_else_one() {
    // Nothing borne off: the opponent could still win double.
    let p = pos!(White; white {6: 14, 2: 1}; black {20: 15});
    assert_eq!(p.resignation(Color::White), GameResult::win(Color::Black, 2, Reason::Resign));
    assert_eq!(p.resignation(Color::Black), GameResult::win(Color::White, 2, Reason::Resign));
    // One checker off: at most a single game is left to lose.
    let p = pos!(White; white {6: 13, 2: 1}; black {20: 15});
    assert_eq!(p.resignation(Color::White), GameResult::win(Color::Black, 1, Reason::Resign));
    // Whoever is on roll, and the same for the colour-swapped position.
    assert_eq!(p.mirror().resignation(Color::Black), GameResult::win(Color::White, 1, Reason::Resign));
    assert_eq!(p.pass_turn().resignation(Color::White).points, 1);
}

#[test]
fn a_point_holds_one_pinned_checker_under_opposing_ones() {
    // A pin needs opposing checkers on top; a pin under the same colour or
    // under nothing is refused.
    let mut s = Setup::empty(Color::White);
    s.board[9] = 1;
    s.pinned[9] = Some(Color::White);
    s.board[24] = 14;
    s.board[1] = -15;
    assert!(matches!(s.validate(), Err(PositionError::PinUnderOwnColor { point: 9, .. })));
    s.board[9] = 0;
    s.board[24] = 14;
    assert!(matches!(s.validate(), Err(PositionError::PinWithoutCover { point: 9, .. })));
}

#[test]
fn moving_more_checkers_than_a_point_holds_says_how_many_there_are() {
    let p = pos!(White; white {10: 1, 6: 14}; black {1: 15});
    let e = tavli_core::parse_play(&p, dice("6-6"), "10/4(2) 6/off(2)").unwrap_err();
    assert_eq!(e, tavli_core::PlayError::TooFewCheckers { point: 10, have: 1 });
    assert_eq!(e.to_string(), "you have only 1 checker on point 10");
    let e = tavli_core::parse_play(&p, dice("6-6"), "13/7").unwrap_err();
    assert_eq!(e.to_string(), "you have no checker on point 13");
}
