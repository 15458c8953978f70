//! Gul bara's perft and its largest ladders (REGIONAL.md 4.2): from the
//! start on the game's fourth roll, 1-1 has 3,227,824 whole plays, 2-2
//! 469,490 and 3-3 42,675. They are counted as they are walked, stage by
//! stage, never held (`MoveGen::count_turns`); a list of whole plays is
//! refused past its limit with their number (`Position::turn_plays`).
//!
//! 3-3 runs by default; 2-2 and 1-1 take seconds in release and much longer
//! in the test profile's debug assertions, so they are ignored by default:
//! `cargo test --release -p tavli-core --test gulbara_perft -- --ignored --nocapture`
//! prints each count with its time.

use std::time::Instant;

use tavli_core::Dice;
use tavli_core::gulbara::{MoveGen, Position, perft, perft_parallel};

/// The start's board on the game's fourth roll: doublets ladder.
fn fourth_roll() -> Position {
    Position::of_board(Position::start().board(), 4)
}

fn ladder(die: u8, expected: u64) {
    let t = Instant::now();
    let n = MoveGen::new().count_turns(&fourth_roll(), Dice::new(die, die).unwrap());
    eprintln!("{die}-{die} ladder from the start on the fourth roll: {n} whole plays in {:.2?}", t.elapsed());
    assert_eq!(n, expected);
}

#[test]
fn the_threes_ladder_from_the_start() {
    ladder(3, 42_675);
    // Listing them is refused past a limit, with their number, holding none.
    let e = fourth_roll().turn_plays(Dice::new(3, 3).unwrap(), 100).unwrap_err();
    assert_eq!((e.plays, e.limit), (42_675, 100));
}

#[test]
#[ignore = "seconds in release; run with --release -- --ignored"]
fn the_twos_ladder_from_the_start() {
    ladder(2, 469_490);
}

#[test]
#[ignore = "seconds in release; run with --release -- --ignored"]
fn the_ones_ladder_from_the_start() {
    ladder(1, 3_227_824);
}

#[test]
fn perft_from_the_start() {
    // The game's first three rolls: doublets are four moves.
    assert_eq!(perft(&Position::start(), 1), 53);
    assert_eq!(perft(&Position::start(), 2), 2_768);
    assert_eq!(perft(&Position::start(), 3), 480_979);
    assert_eq!(perft_parallel(&Position::start(), 3, 2), 480_979);
}

#[test]
fn perft_counts_pending_dice_without_a_ply() {
    // GB6 once White's ladder has stalled: Black plays 5,5,5,6,6,6,6 (and
    // wins), so every leaf is that one finished game.
    let gb6 = Position::of_board(tavli_core::fevga_pos!(White; white {22: 1, 21: 14}; black {5: 3, 4: 2, 3: 1}), 4);
    let plays = gb6.turn_plays(Dice::new(4, 4).unwrap(), 10).unwrap();
    let handed = *plays[0].position();
    assert!(handed.pending().is_some());
    for depth in 1..=3 {
        assert_eq!(perft(&handed, depth), 1, "the remainder ends the game before any roll");
    }
    assert_eq!(perft(&handed, 0), 1);
}
