//! Fevga perft (INTERFACE.md): the fast `perft` against the reference perft
//! built on the slow generator (`fevga_reference/mod.rs`), from the start
//! and from TAVLI.md's test positions, under every set of rule options.
//! Depth 1 from the start follows from TAVLI.md F1 (one play for each roll,
//! two for 5-5: 22); the deeper numbers are the reference's, fixed here
//! once both generators agreed, so that a change to either side shows up.

mod fevga_reference;

use fevga_reference as reference;
use tavli_core::fevga::{FevgaRules, Position, parse_diagram, perft, perft_parallel, perft_with_rules};

/// Asserts `perft(pos, depth)` for each `(depth, count)` under `rules`, by
/// the fast generator and the reference.
#[track_caller]
fn check(name: &str, pos: &Position, rules: &FevgaRules, expected: &[(u32, u64)]) {
    for &(depth, count) in expected {
        assert_eq!(perft_with_rules(pos, depth, rules), count, "fast perft({name}, {depth}, {rules:?})");
        // The root shared over two threads (a game that ends at the root counts 1).
        assert_eq!(perft_parallel(pos, depth, 2, rules), count, "perft_parallel({name}, {depth}, {rules:?})");
        assert_eq!(reference::perft(pos, depth, rules), count, "reference perft({name}, {depth}, {rules:?})");
    }
}

#[test]
fn perft_start() {
    let start = Position::start();
    assert_eq!(perft(&start, 1), 22, "TAVLI.md F1: one play a roll, two for 5-5");
    check("start", &start, &FevgaRules::default(), &[(0, 1), (1, 22), (2, 479), (3, 21_893), (4, 877_257)]);
}

/// The options cannot matter in the first three turns from the start.
#[test]
fn perft_start_under_every_option() {
    for rules in FevgaRules::ALL {
        check("start", &Position::start(), &rules, &[(1, 22), (2, 479), (3, 21_893)]);
    }
}

/// TAVLI.md Part 4 positions, perft 1 and 2 under each set of options
/// (in the order of `FevgaRules::ALL`: Reach/Pass alternating, then
/// EndOfPlay/EveryLanding in pairs, then the duty/narde in fours).
const POSITIONS: [(&str, &str, [[u64; 2]; 8]); 5] = [
    (
        "F4",
        "fevga W | W: 24:14 14:1 | B: 20:5 16:5 10:5",
        [
            [46, 13_847],
            [41, 12_413],
            [46, 13_847],
            [41, 12_413],
            [46, 13_847],
            [41, 12_413],
            [46, 13_847],
            [41, 12_413],
        ],
    ),
    ("F5", "fevga W | W: 24:10 23:1 22:1 21:1 20:1 1:1 | B: 2:15", [[621, 14_217]; 8]),
    (
        "F6",
        "fevga W | W: 24:3 23:1 21:1 20:1 19:1 5:8 | B: 24:15",
        [
            [1017, 21_666],
            [1017, 21_611],
            [1011, 21_536],
            [1011, 21_485],
            [1016, 21_645],
            [1016, 21_590],
            [1010, 21_515],
            [1010, 21_464],
        ],
    ),
    (
        "F7",
        "fevga W | W: 24:8 21:1 20:1 19:1 18:1 17:1 16:1 5:1 | B: 10:15",
        [
            [1842, 41_047],
            [1842, 41_047],
            [1842, 41_047],
            [1842, 41_047],
            [1916, 42_601],
            [1916, 42_601],
            [1916, 42_601],
            [1916, 42_601],
        ],
    ),
    ("F9", "fevga W | W: 6:1 4:1 off:13 | B: 13:1 5:14", [[30, 1928]; 8]),
];

#[test]
fn perft_test_positions_under_every_option() {
    for (name, text, counts) in POSITIONS {
        let pos = parse_diagram(text).unwrap_or_else(|e| panic!("{name}: {e}")).0;
        for (rules, [one, two]) in FevgaRules::ALL.iter().zip(counts) {
            check(name, &pos, rules, &[(1, one), (2, two)]);
            // The same with the colours swapped.
            check(name, &pos.mirror(), rules, &[(1, one), (2, two)]);
        }
    }
}
