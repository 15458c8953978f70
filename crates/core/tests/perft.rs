//! Perft (INTERFACE.md): the fast `perft` against the reference perft built
//! on the slow generator, on the start and on middle-game positions chosen
//! for the rules they exercise. The numbers are fixed here once both agreed,
//! so that a change to either side shows up.

mod reference;

use std::sync::mpsc;
use std::time::Duration;

use tavli_core::{Leaves, Position, perft, perft_parallel, perft_parallel_with_leaves, perft_with_leaves, pos};

/// `perft_parallel(pos, depth, 2)`, or `None` if it has not answered within
/// 20 seconds (a hang should fail the test, not stall the suite; the stuck
/// thread dies with the test process).
fn parallel(pos: &Position, depth: u32) -> Option<u64> {
    let (tx, rx) = mpsc::channel();
    let pos = *pos;
    std::thread::spawn(move || tx.send(perft_parallel(&pos, depth, 2)));
    rx.recv_timeout(Duration::from_secs(20)).ok()
}

/// Asserts `perft(pos, depth)` for each `(depth, count)`, by the fast
/// generator, the reference, and the parallel perft.
#[track_caller]
fn check(name: &str, pos: &Position, expected: &[(u32, u64)]) {
    for &(depth, count) in expected {
        assert_eq!(perft(pos, depth), count, "fast perft({name}, {depth})");
        assert_eq!(reference::perft(pos, depth), count, "reference perft({name}, {depth})");
        assert_eq!(parallel(pos, depth), Some(count), "perft_parallel({name}, {depth}, 2)");
        if count < 5_000_000 {
            assert_eq!(perft_with_leaves(pos, depth, Leaves::Built), count, "perft --full ({name}, {depth})");
            assert_eq!(perft_parallel_with_leaves(pos, depth, 2, Leaves::Built), count, "parallel --full");
        }
    }
}

#[test]
fn perft_start() {
    check("start", &Position::start(), &[(0, 1), (1, 59), (2, 3474), (3, 708_405)]);
}

#[test]
fn perft_pins_both_ways() {
    // White pins on 11; Black pins White's checker on 17 (an anchor); lone
    // Black checkers on 13 and 20 to pin.
    let p = pos!(White; white {24: 9, 16: 2, 11: 1, 8: 1, 6: 1}; black {1: 9, 5: 2, 13: 1, 17: 1, 20: 1};
                 pinned {11: Black, 17: White});
    check("pins", &p, &[(1, 560), (2, 342_969)]);
}

#[test]
fn perft_black_on_roll() {
    let p = pos!(Black; white {24: 9, 16: 2, 11: 1, 8: 1, 6: 1}; black {1: 9, 5: 2, 13: 1, 17: 1, 20: 1};
                 pinned {11: Black, 17: White});
    check("pins, Black on roll", &p, &[(1, 535), (2, 357_568)]);
}

#[test]
fn perft_race_without_contact() {
    // White is all below 13 and Black all above 12: they never meet again.
    let p = pos!(White; white {12: 3, 9: 4, 6: 4, 4: 2, 2: 2}; black {13: 3, 16: 4, 19: 4, 21: 2, 23: 2});
    check("race", &p, &[(1, 476), (2, 226_576)]);
}

#[test]
fn perft_bear_off_with_a_pin() {
    // White is home but its checker on 3 is pinned: no bearing off.
    let pinned = pos!(White; white {6: 3, 5: 3, 4: 2, 2: 2, 1: 1}; black {3: 1, 19: 4, 20: 4, 22: 3, 23: 3};
                      pinned {3: White});
    check("bear-off, White pinned", &pinned, &[(1, 67), (2, 13_938)]);
    // White bears off while pinning a Black checker on its 3-point.
    let pinning = pos!(White; white {6: 3, 5: 3, 4: 2, 3: 1, 2: 2}; black {19: 4, 20: 4, 22: 3, 23: 3};
                       pinned {3: Black});
    check("bear-off, White pinning", &pinning, &[(1, 296), (2, 45_941)]);
}

#[test]
fn perft_mother_pin_threats() {
    // Both mothers stand alone; each side can reach the other's: pins that
    // win, pins that wait for the start to empty, and draws.
    let threat = pos!(White; white {24: 1, 13: 4, 8: 3, 6: 4, 3: 3}; black {1: 1, 19: 3, 20: 3, 21: 2, 12: 3, 17: 3});
    check("mother threat", &threat, &[(1, 451), (2, 298_046)]);
    // Black's mother is pinned; White still has two on its start, so the
    // game goes on until they leave (a win) or White's mother is caught.
    let standoff = pos!(Black; white {24: 2, 1: 1, 13: 3, 8: 3, 6: 3, 5: 3}; black {23: 1, 20: 3, 19: 3, 17: 3, 12: 4};
                        pinned {1: Black});
    check("mother standoff", &standoff, &[(1, 310), (2, 194_336)]);
}

#[test]
fn perft_leaves_game_ending_plays_and_ended_games() {
    // Every roll bears off White's last checker: each play is a leaf.
    let last = pos!(White; white {1: 1}; black {20: 15});
    check("last checker", &last, &[(0, 1), (1, 21)]);
    // A game already over is a leaf at any depth.
    let over = pos!(White; white {24: 3}; black {});
    check("game over", &over, &[(0, 1), (1, 1), (3, 1)]);
}

#[test]
fn perft_parallel_when_every_play_ends_the_game() {
    // Deeper than 1, every play of every roll ends the game, so the tree is
    // 21 leaves. (A parallel perft that splits the root into jobs must
    // cope with there being no job left to share out.)
    let last = pos!(White; white {1: 1}; black {20: 15});
    check("last checker", &last, &[(2, 21), (3, 21)]);
}
