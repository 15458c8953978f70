//! Portes perft (INTERFACE.md's definition): the fast `perft` against the
//! reference perft built on the slow generator, on the start and on
//! positions chosen for the rules they exercise. The numbers are fixed here
//! once both agreed, and agreed with GNU Backgammon's own generator (through
//! the gnubg-nn Python module, to depth 2: docs/INTERFACE.md, "Portes"), so
//! that a change to either side shows up. Each position's gnubg ID is given
//! to paste it there. `TAVLI_LONG_TESTS=1` adds depth 3.

mod portes_reference;

use portes_reference as reference;
use tavli_core::Leaves;
use tavli_core::portes::{Position, perft, perft_parallel, perft_parallel_with_leaves};
use tavli_core::portes_pos;

/// Asserts `perft(pos, depth)` for each `(depth, count)` by the fast
/// generator and the parallel perft, and by the reference up to `ref_depth`.
#[track_caller]
fn check(name: &str, pos: &Position, expected: &[(u32, u64)], ref_depth: u32) {
    for &(depth, count) in expected {
        assert_eq!(perft(pos, depth), count, "fast perft({name}, {depth})");
        assert_eq!(perft_parallel(pos, depth, 2), count, "perft_parallel({name}, {depth}, 2)");
        if count < 1_000_000 {
            // `perft --full`: every leaf built, the same count.
            for threads in [1, 2] {
                let built = perft_parallel_with_leaves(pos, depth, threads, Leaves::Built);
                assert_eq!(built, count, "perft({name}, {depth}) with every leaf built, {threads} threads");
            }
        }
        if depth <= ref_depth {
            assert_eq!(reference::perft(pos, depth), count, "reference perft({name}, {depth})");
        }
        // The colour-swapped position has the same tree.
        assert_eq!(perft(&pos.mirror(), depth), count, "perft(mirror of {name}, {depth})");
    }
}

fn long() -> bool {
    std::env::var("TAVLI_LONG_TESTS").is_ok_and(|v| v == "1")
}

#[test]
fn perft_start() {
    check("start", &Position::start(), &[(0, 1), (1, 447), (2, 202_782)], 2);
    if long() {
        check("start", &Position::start(), &[(3, 116_154_993)], 0);
    }
}

#[test]
fn perft_both_sides_on_the_bar() {
    // gnubg sOfgAVCw5+ABUA
    let p = portes_pos!(White; white {bar: 1, 24: 1, 13: 4, 8: 3, 6: 4, 5: 2}; black {bar: 1, 1: 1, 12: 4, 17: 3, 19: 4, 20: 2});
    check("bar", &p, &[(1, 243), (2, 55_670)], 2);
    if long() {
        check("bar", &p, &[(3, 31_622_814)], 0);
    }
}

#[test]
fn perft_blots_everywhere() {
    let p = portes_pos!(White; white {24: 1, 22: 1, 18: 1, 15: 1, 13: 3, 10: 1, 8: 2, 6: 3, 4: 1, 2: 1};
                        black {1: 1, 3: 1, 7: 1, 9: 1, 11: 1, 12: 3, 14: 1, 17: 2, 19: 3, 23: 1});
    // gnubg whm5JCSSM3EiJA
    check("blots", &p, &[(1, 2100), (2, 1_658_673)], 1);
}

#[test]
fn perft_bear_off_race() {
    let p = portes_pos!(White; white {6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}; black {19: 3, 20: 3, 21: 3, 22: 3, 23: 3});
    // gnubg 7u4OAADb7g4AAA
    check("race", &p, &[(1, 374), (2, 128_656)], 2);
    if long() {
        check("race", &p, &[(3, 40_366_336)], 0);
    }
}

#[test]
fn perft_bear_off_against_an_anchor() {
    // Black holds White's 1 and has a blot on White's 3: a hit sends it back.
    let p = portes_pos!(White; white {6: 4, 5: 4, 4: 3, 2: 2}; black {1: 2, 3: 1, 12: 4, 17: 4, 19: 4});
    // gnubg 4HnwADLm3gMAAA
    check("anchor", &p, &[(1, 136), (2, 41_754), (3, 5_253_290)], 2);
}

#[test]
fn perft_last_checkers_are_leaves() {
    let last = portes_pos!(White; white {1: 1}; black {20: 15});
    check("last checker", &last, &[(0, 1), (1, 21), (2, 21), (3, 21)], 3);
}
