//! One test (or more) per rule of Fevga (TAVLI.md Part 2), in the order of
//! its sections, with TAVLI.md Part 4's test positions F1–F12 among them,
//! written as that page writes them (each side in its own numbering) so a
//! reviewer can check them against it. Plays are in the mover's numbering.
//!
//! Every check runs for both colours: `legal_with` also asks the
//! colour-swapped position (`Position::mirror`, the same board with the
//! colours exchanged and Black on roll) and requires the same plays there,
//! with mirrored positions and results. It also requires the slow
//! reference generator (`fevga_reference/mod.rs`) to agree, so these tests
//! vouch for it too.

mod fevga_reference;

use std::collections::HashSet;

use fevga_reference as reference;
use tavli_core::fevga::{
    BanTiming, FevgaRules, PlayError, Position, PrimeRule, Release, parse_diagram, parse_play_with,
};
use tavli_core::{Color, Dice, GameResult, Reason, fevga_pos};

const DEFAULT: FevgaRules =
    FevgaRules { release: Release::Reach, ban: BanTiming::EndOfPlay, primes: PrimeRule::UnblockingDuty };
const PASS: FevgaRules = FevgaRules { release: Release::Pass, ..DEFAULT };
const LANDING: FevgaRules = FevgaRules { ban: BanTiming::EveryLanding, ..DEFAULT };
const NARDE: FevgaRules = FevgaRules { primes: PrimeRule::Narde, ..DEFAULT };

fn dice(s: &str) -> Dice {
    s.parse().expect("dice in a test")
}

/// A TAVLI.md Part 4 position as written there.
fn tavli(text: &str) -> Position {
    parse_diagram(text).unwrap_or_else(|e| panic!("{text}: {e}")).0
}

fn mirrored(r: Option<GameResult>) -> Option<GameResult> {
    r.map(|r| GameResult { winner: r.winner.map(Color::opponent), ..r })
}

/// The legal plays of `roll` under `rules`, after checking that the
/// colour-swapped position has the same plays and that the reference agrees.
fn legal_with(pos: &Position, roll: &str, rules: &FevgaRules) -> Vec<String> {
    let d = dice(roll);
    let plays = pos.legal_plays_with(d, rules);
    let mirror = pos.mirror();
    assert_eq!(mirror.turn(), pos.turn().opponent());
    let mine: HashSet<_> = plays.iter().map(|p| (p.notation(), p.position().mirror(), mirrored(p.result()))).collect();
    let theirs: HashSet<_> =
        mirror.legal_plays_with(d, rules).iter().map(|p| (p.notation(), *p.position(), p.result())).collect();
    assert_eq!(mine, theirs, "the colour-swapped {} has other plays for {roll}", mirror.diagram());
    let fast: HashSet<_> = plays.iter().map(|p| (*p.position(), p.result())).collect();
    let slow: HashSet<_> = reference::legal_plays(pos, d, rules).iter().map(|p| (p.position, p.result)).collect();
    assert_eq!(fast, slow, "fast generator and reference differ on {} with {roll} ({rules:?})", pos.diagram());
    // The reference works in White's numbering throughout, so on the
    // colour-swapped position it checks Black's side of every rule
    // independently of the fast generator's own-numbering view.
    let slow_mirror: HashSet<_> =
        reference::legal_plays(&mirror, d, rules).iter().map(|p| (p.position.mirror(), mirrored(p.result))).collect();
    assert_eq!(slow, slow_mirror, "the reference differs on the colour-swapped {} with {roll}", mirror.diagram());
    assert_eq!(fast.len(), plays.len(), "a position twice in {}", pos.diagram());
    let mut v: Vec<String> = plays.iter().map(|p| p.notation()).collect();
    v.sort();
    v
}

fn legal(pos: &Position, roll: &str) -> Vec<String> {
    legal_with(pos, roll, &DEFAULT)
}

#[track_caller]
fn assert_plays(pos: &Position, roll: &str, expected: &[&str]) {
    assert_plays_with(pos, roll, &DEFAULT, expected);
}

/// Asserts the exact set of legal plays, each written in any notation
/// `parse_play` reads (TAVLI.md's `24/16` for the printed `24/20/16`):
/// the plays written must all parse and reach every legal position.
#[track_caller]
fn assert_plays_with(pos: &Position, roll: &str, rules: &FevgaRules, expected: &[&str]) {
    let legal = legal_with(pos, roll, rules);
    let d = dice(roll);
    let want: HashSet<String> = expected
        .iter()
        .map(|t| match parse_play_with(pos, d, t, rules) {
            Ok(p) => p.notation(),
            Err(e) => panic!("`{t}` is not legal in {} with {roll}: {e}", pos.diagram()),
        })
        .collect();
    assert_eq!(want.len(), expected.len(), "two of {expected:?} are the same play");
    assert_eq!(legal.iter().cloned().collect::<HashSet<_>>(), want, "{} with {roll}", pos.diagram());
}

/// Is `text` legal (as parsed) in `pos` with `roll`, under `rules`?
fn parses(pos: &Position, roll: &str, text: &str, rules: &FevgaRules) -> Result<String, PlayError> {
    let d = dice(roll);
    let mine = parse_play_with(pos, d, text, rules).map(|p| p.notation());
    // The same text in the colour-swapped position, the same answer.
    assert_eq!(parse_play_with(&pos.mirror(), d, text, rules).map(|p| p.notation()), mine, "{text}");
    mine
}

// ----- Board, checkers, direction -----

#[test]
fn start_position_and_numbering() {
    let p = tavli("fevga W | W: 24:15 | B: 24:15");
    assert_eq!(p, Position::start());
    // Black's 24-point is White's 12; both travel the same way round.
    assert_eq!(p.checkers(Color::Black, 12), 15);
    assert_eq!(
        Position::start().to_json(),
        r#"{"game":"fevga","turn":"white","board":{"24":15,"12":-15},"off":{"white":0,"black":0}}"#
    );
}

// ----- Points: open and blocked; no hitting -----

#[test]
fn one_checker_holds_a_point() {
    // A lone Black checker on White's 18 (Black's 6) closes it: no 24/18.
    let p = fevga_pos!(White; white {24: 14, 10: 1}; black {6: 1, 5: 14});
    // 10/4; 24/18 is closed, and 4/off is not allowed with a checker out.
    assert_plays(&p, "6-6", &["10/4"]);
    assert_eq!(parses(&p, "6-6", "24/18", &DEFAULT), Err(PlayError::HeldByOne(18)));
}

#[test]
fn f12_every_touched_point_is_a_landing() {
    // F12: 18/12 is Black's start; the 6-1 can only go round it.
    let p = tavli("fevga W 6-1 | W: 24:14 18:1 | B: 24:15");
    assert_plays(&p, "6-1", &["18/17/11"]);
    assert_eq!(parses(&p, "6-1", "18/11", &DEFAULT), Ok("18/17/11".into()));
    assert_eq!(parses(&p, "6-1", "18/12/11", &DEFAULT), Err(PlayError::HeldByOne(12)));
}

#[test]
fn nothing_is_hit() {
    let p = fevga_pos!(White; white {24: 14, 10: 1}; black {24: 14, 20: 1});
    // Black's runner on its 20 stands on White's 8: 10/8 is closed, not a hit.
    assert!(parses(&p, "2-1", "10/8*", &DEFAULT).is_err());
    assert_eq!(parses(&p, "2-1", "10/8", &DEFAULT), Err(PlayError::HeldByOne(8)));
    for q in p.legal_plays(dice("2-1")) {
        assert_eq!(q.position().checkers(Color::Black, 8), 1, "{q}");
    }
}

#[test]
fn both_dice_when_possible_and_plays_are_positions() {
    // Black holds White's 7. The 6 cannot be played first (13/7 is closed,
    // and bearing off waits for the checker on 13), but 13/8/2 plays both
    // dice, so 13/8 alone is not enough.
    let p = fevga_pos!(White; white {13: 1, 6: 14}; black {19: 15});
    assert_plays(&p, "6-5", &["13/8/2"]);
    assert!(parses(&p, "6-5", "13/8", &DEFAULT).is_err());
    // Two routes to one position are one play: 24/18/17 and 24/23/17.
    let start = Position::start();
    assert_eq!(parses(&start, "6-1", "24/18/17", &DEFAULT), parses(&start, "6-1", "24/23/17", &DEFAULT));
    assert_eq!(legal(&start, "6-1").len(), 1);
}

// ----- The first checker (the runner rule) -----

#[test]
fn f1_openings() {
    let start = tavli("fevga W 6-6 | W: 24:15 | B: 24:15");
    assert_plays(&start, "6-6", &["24/18"]);
    assert_plays(&start, "5-5", &["24/19/14/9/4", "24/19/14/9 24/19"]);
    assert_plays(&start, "4-4", &["24/16"]);
    assert_plays(&start, "3-3", &["24/15"]);
    assert_plays(&start, "2-2", &["24/16"]);
    assert_plays(&start, "1-1", &["24/20"]);
    assert_plays(&start, "6-5", &["24/13"]);
    assert_plays(&start, "6-1", &["24/17"]);
    // Every other roll: one play, the runner moving both dice.
    for d in Dice::ALL.iter().filter(|d| !d.is_doublet()) {
        assert_plays(&start, &d.to_string(), &[&format!("24/{}", 24 - d.high() - d.low())]);
    }
}

#[test]
fn f2_runner_blocked_start_frozen() {
    let p = tavli("fevga W 2-1 | W: 24:14 13:1 | B: 24:14 23:1");
    assert_plays(&p, "2-1", &["pass"]);
    assert!(matches!(parses(&p, "2-1", "24/23", &DEFAULT), Err(PlayError::MustPass(_))));
}

#[test]
fn f3_released_mid_play() {
    let p = tavli("fevga W 6-3 | W: 24:14 13:1 | B: 24:15");
    assert_plays(&p, "6-3", &["13/7/4", "24/21 13/7", "24/18 13/10"]);
    let e = parses(&p, "6-3", "24/18 24/21", &DEFAULT).unwrap_err();
    assert!(matches!(e, PlayError::Runner { from: 24, passing: false }), "{e}");
    assert!(e.to_string().contains("only your runner may move until it reaches your 12-point"), "{e}");
    // Read in either order (the runner's move first is the one that
    // works), and written with the runner's move first, the order in
    // which it can be entered move by move.
    assert_eq!(parses(&p, "6-3", "24/18 13/10", &DEFAULT), Ok("13/10 24/18".into()));
    assert_eq!(parses(&p, "6-3", "13/10 24/18", &DEFAULT), Ok("13/10 24/18".into()));
}

#[test]
fn f4_reach_or_pass() {
    let p = tavli("fevga W 2-1 | W: 24:14 14:1 | B: 20:5 16:5 10:5");
    assert_plays(&p, "2-1", &["14/12/11", "24/23 14/12"]);
    assert_plays_with(&p, "2-1", &PASS, &["14/11"]);
    let e = parses(&p, "2-1", "14/12 24/23", &PASS).unwrap_err();
    assert!(e.to_string().contains("until it passes your 12-point"), "{e}");
}

#[test]
fn f11_runner_and_larger_die() {
    let p = tavli("fevga W 5-2 | W: 24:14 13:1 | B: 24:12 18:1 10:1 7:1");
    assert_plays(&p, "5-2", &["13/8"]);
    assert_eq!(parses(&p, "5-2", "13/11", &DEFAULT), Err(PlayError::MustUseLarger(5)));
}

#[test]
fn dice_the_runner_cannot_use_are_lost() {
    // 4-4 from the start: 24/20/16, then 12 is Black's start.
    let start = Position::start();
    assert_plays(&start, "4-4", &["24/16"]);
    assert_eq!(
        parses(&start, "4-4", "24/16 24/20", &DEFAULT).unwrap_err(),
        PlayError::Runner { from: 24, passing: false }
    );
}

#[test]
fn after_release_any_number_leave_the_start() {
    let p = fevga_pos!(White; white {24: 14, 10: 1}; black {24: 15});
    assert!(legal(&p, "3-3").contains(&"24/21(4)".to_string()));
    assert!(legal(&p, "6-5").contains(&"24/18 24/19".to_string()));
}

#[test]
fn a_checker_borne_off_releases() {
    // The runner is on 16, so without a checker off only it could move;
    // with one off, two checkers may leave the start (none touches 1-12).
    let off = fevga_pos!(White; white {24: 13, 16: 1}; black {20: 15});
    assert_eq!(off.off(Color::White), 1);
    assert!(off.is_released(Release::Reach) && off.is_released(Release::Pass));
    assert!(legal(&off, "2-1").contains(&"24/22 24/23".to_string()));
    let none_off = fevga_pos!(White; white {24: 14, 16: 1}; black {20: 15});
    assert!(!none_off.is_released(Release::Reach));
    assert_plays(&none_off, "2-1", &["16/13"]);
}

// ----- The starting-quarter ban -----

#[test]
fn f5_the_starting_quarter_ban() {
    let p = tavli("fevga W 5-4 | W: 24:10 23:1 22:1 21:1 20:1 1:1 | B: 2:15");
    let plays = legal(&p, "5-4");
    assert_eq!(plays.len(), 23, "{plays:?}");
    assert!(!plays.contains(&"24/19 24/20".to_string()));
    for ok in ["24/19/15", "24/19 20/16", "24/19 23/19"] {
        assert_eq!(parses(&p, "5-4", ok, &DEFAULT).map(|_| ()), Ok(()), "{ok}");
    }
    assert_eq!(parses(&p, "5-4", "24/19 24/20", &DEFAULT), Err(PlayError::QuarterBan { landing: false }));
}

#[test]
fn f6_the_ban_is_judged_at_the_end_of_the_play() {
    let p = tavli("fevga W 2-2 | W: 24:3 23:1 21:1 20:1 19:1 5:8 | B: 24:15");
    let end = legal(&p, "2-2");
    assert_eq!(end.len(), 128);
    assert!(end.contains(&"24/22/20 5/3(2)".to_string()));
    let landing = legal_with(&p, "2-2", &LANDING);
    assert_eq!(landing.len(), 123);
    let positions =
        |rules| -> HashSet<Position> { p.legal_plays_with(dice("2-2"), rules).iter().map(|q| *q.position()).collect() };
    let (all, kept) = (positions(&DEFAULT), positions(&LANDING));
    assert!(kept.is_subset(&all));
    // The five that drop out all touch 22 with 19-21, 23 and 24 held.
    let dropped: Vec<String> =
        p.legal_plays(dice("2-2")).iter().filter(|q| !kept.contains(q.position())).map(|q| q.notation()).collect();
    assert_eq!(dropped.len(), 5, "{dropped:?}");
    assert!(dropped.iter().all(|t| t.contains("24/22")), "{dropped:?}");
    let e = parses(&p, "2-2", "24/22/20 5/3(2)", &LANDING).unwrap_err();
    assert_eq!(e, PlayError::QuarterBan { landing: true });
}

#[test]
fn the_ban_stops_mattering_once_the_start_is_empty() {
    // 19-23 held, 24 empty: nothing can come back to 24, so no play is
    // refused for the quarter, even 23/22/21/20/19.
    let p = fevga_pos!(White; white {23: 2, 22: 1, 21: 1, 20: 1, 19: 1, 10: 9}; black {12: 15});
    assert_eq!(legal(&p, "1-1").len(), crate::reference::legal_plays(&p, dice("1-1"), &DEFAULT).len());
    assert!(parses(&p, "1-1", "23/19", &DEFAULT).is_ok());
}

#[test]
fn a_quarter_already_full_at_the_start_of_the_turn_is_not_banned() {
    // Only a set-up position can start a turn with 19-24 all held; the ban
    // is then not applied that turn (module docs), so a play may keep it.
    let p = fevga_pos!(White; white {24: 5, 23: 2, 22: 2, 21: 2, 20: 1, 19: 1, 10: 1}; black {6: 15});
    let plays = legal(&p, "2-1");
    assert!(plays.contains(&"24/22 24/23".to_string()), "{plays:?}");
}

#[test]
fn the_ban_comes_before_using_the_whole_roll() {
    // Black holds White's 13-18, so White's only moves are inside its
    // starting quarter, and every play of both dice ends with 19-24 full
    // (24/19, or 20/19 with 20 kept). The 5 alone fills it too (24/19), so
    // one die is played, the smaller, in any way but 20/19.
    let p = fevga_pos!(White; white {24: 3, 23: 2, 22: 2, 21: 2, 20: 2}; black {6: 2, 5: 2, 4: 2, 3: 3, 2: 3, 1: 3});
    assert_plays(&p, "5-1", &["24/23", "23/22", "22/21", "21/20"]);
    for full in ["24/19 24/23", "24/19", "20/19"] {
        assert_eq!(parses(&p, "5-1", full, &DEFAULT), Err(PlayError::QuarterBan { landing: false }), "{full}");
    }
    // Here the 5 can also be played outside the quarter (10/5), and so can
    // the 6 (10/4); the 6 then has no partner but 24/19, which fills: one
    // die, and it must be the larger.
    let q = fevga_pos!(White; white {24: 10, 23: 1, 22: 1, 21: 1, 20: 1, 10: 1}; black {6: 2, 5: 2, 4: 2, 3: 3, 2: 3, 1: 3});
    assert_plays(&q, "6-5", &["10/4"]);
    assert_eq!(parses(&q, "6-5", "24/19 10/4", &DEFAULT), Err(PlayError::QuarterBan { landing: false }));
    assert_eq!(parses(&q, "6-5", "10/5", &DEFAULT), Err(PlayError::MustUseLarger(6)));
}

// ----- Six points in a row, and the unblocking duty -----

#[test]
fn f7_the_unblocking_duty() {
    let p = tavli("fevga W 6-5 | W: 24:8 21:1 20:1 19:1 18:1 17:1 16:1 5:1 | B: 10:15");
    let plays = legal(&p, "6-5");
    assert_eq!(plays.len(), 45);
    let opens_the_wall = |roll: &str| {
        p.legal_plays(dice(roll)).iter().all(|q| (16..=21).any(|w| q.position().checkers(Color::White, w) == 0))
    };
    assert!(opens_the_wall("6-5") && opens_the_wall("3-1"));
    for bad in ["24/18 24/19", "24/18/13"] {
        assert!(!plays.contains(&bad.to_string()), "{bad}");
        let e = parses(&p, "6-5", bad, &DEFAULT).unwrap_err();
        assert!(matches!(e, PlayError::UnblockingDuty { trapped: 22, .. }), "{bad}: {e}");
    }
    let with_31 = legal(&p, "3-1");
    assert_eq!(with_31.len(), 51);
    for bad in ["24/21 24/23", "24/21/20", "24/21 5/4", "5/2 24/23", "5/2/1"] {
        assert!(matches!(parses(&p, "3-1", bad, &DEFAULT), Err(PlayError::UnblockingDuty { .. })), "{bad}");
    }
    // Without the duty (the narde option) those plays are legal.
    assert!(legal_with(&p, "6-5", &NARDE).contains(&"24/18 24/19".to_string()));
}

#[test]
fn f8_no_trap_no_duty() {
    let elsewhere = tavli("fevga W 6-5 | W: 24:8 21:1 20:1 19:1 18:1 17:1 16:1 5:1 | B: 10:14 2:1");
    let behind = tavli("fevga W 6-5 | W: 24:8 21:1 20:1 19:1 18:1 17:1 16:1 5:1 | B: 11:15");
    for p in [elsewhere, behind] {
        assert_eq!(p.trap(), None);
        assert!(legal(&p, "6-5").contains(&"24/18 24/19".to_string()), "{}", p.diagram());
    }
}

#[test]
fn opening_a_point_further_along_the_prime_does_not_count() {
    // White holds Black's 9..3 (White's 15..21): seven in a row in front of
    // Black's 10. Emptying 15 (Black's 3) leaves the six in front held.
    let p = fevga_pos!(White; white {24: 7, 21: 1, 20: 1, 19: 1, 18: 1, 17: 1, 16: 1, 15: 1, 5: 1}; black {10: 15});
    assert_eq!(p.trap().map(|t| t.wall_text()), Some("16, 17, 18, 19, 20, 21".into()));
    assert!(matches!(parses(&p, "3-1", "15/11", &DEFAULT), Err(PlayError::UnblockingDuty { .. })));
    assert!(parses(&p, "3-1", "16/13 24/23", &DEFAULT).is_ok());
    let plays = p.legal_plays(dice("3-1"));
    assert!(plays.iter().all(|q| (16..=21).any(|w| q.position().checkers(Color::White, w) == 0)));
    legal(&p, "3-1");
}

#[test]
fn the_trap_may_be_built_and_binds_on_the_next_turn() {
    // White completes the six in front of Black's 10 (White's 22) with
    // 24/18/16: legal, since the duty looks at the start of the turn.
    let p = fevga_pos!(White; white {24: 9, 21: 1, 20: 1, 19: 1, 18: 1, 17: 1, 5: 1}; black {10: 15});
    assert_eq!(p.trap(), None);
    let built = parse_play_with(&p, dice("6-2"), "24/16", &DEFAULT).expect("building the trap is legal");
    let black = *built.position();
    assert!(legal(&p, "6-2").contains(&built.notation()));
    // Black cannot move with any roll: it loses its turn.
    for d in Dice::ALL {
        assert_plays(&black, &d.to_string(), &["pass"]);
    }
    // On White's next turn the duty binds: every play opens the wall.
    let white = black.pass_turn();
    assert!(white.trap().is_some());
    for d in Dice::ALL {
        let plays = legal(&white, &d.to_string());
        let all_open =
            white.legal_plays(d).iter().all(|q| (16..=21).any(|w| q.position().checkers(Color::White, w) == 0));
        assert!(all_open, "{d}: {plays:?}");
    }
}

// ----- Bearing off -----

#[test]
fn f9_bear_off_blocked_inside_the_home_board() {
    let p = tavli("fevga W 5-2 | W: 6:1 4:1 off:13 | B: 13:1 5:14");
    assert_plays(&p, "5-2", &["6/4/off"]);
    assert_eq!(parses(&p, "5-2", "6/4 4/off", &DEFAULT), Ok("6/4/off".into()));
    assert_plays(&p, "5-5", &["pass"]);
    let e = parses(&p, "5-5", "4/off", &DEFAULT).unwrap_err();
    assert!(matches!(e, PlayError::MustPass(_)), "{e}");
}

#[test]
fn bearing_off_needs_every_checker_home() {
    let p = fevga_pos!(White; white {7: 1, 5: 2}; black {20: 15});
    let e = parses(&p, "6-5", "5/off 5/off", &DEFAULT).unwrap_err();
    assert!(matches!(e, PlayError::NotAllHome(7)), "{e}");
    // The 6 brings the last checker home, then the 5 bears off.
    assert!(legal(&p, "6-5").contains(&"7/1 5/off".to_string()));
}

#[test]
fn a_larger_die_bears_off_from_the_highest_point() {
    let p = fevga_pos!(White; white {3: 1, 2: 1}; black {20: 15});
    assert_plays(&p, "6-5", &["3/off 2/off"]);
    // A die of n bears off from the n-point; a higher checker must move first.
    let q = fevga_pos!(White; white {5: 1, 3: 1}; black {20: 15});
    assert_plays(&q, "4-3", &["5/1 3/off", "5/2 3/off"]);
    assert!(matches!(parses(&q, "4-3", "5/2/off", &DEFAULT), Err(PlayError::NotHighest { .. })));
}

// ----- End of a game and scoring -----

#[test]
fn f10_scoring() {
    let gammon = fevga_pos!(White; white {1: 1}; black {20: 15});
    let plays = legal(&gammon, "6-5");
    assert_eq!(plays, ["1/off"]);
    let play = gammon.legal_plays(dice("6-5"))[0];
    assert_eq!(play.result(), Some(GameResult::win(Color::White, 2, Reason::BearOff)));
    let single = fevga_pos!(White; white {1: 1}; black {20: 14});
    assert_eq!(single.legal_plays(dice("6-5"))[0].result(), Some(GameResult::win(Color::White, 1, Reason::BearOff)));
}
