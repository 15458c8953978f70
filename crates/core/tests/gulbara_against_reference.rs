//! The fast Gul bara generator against the slow reference
//! (`gulbara_reference/mod.rs`), which shares none of its code: on
//! REGIONAL.md Part 7's positions (GB1 to GB8), on positions of seeded
//! random games (ladders, hand-offs and remainders among them) and, as a
//! property, on random games of random seeds. For each position and roll
//! the two must give the same decision's plays (a roll, or a stage) and
//! the same whole turns, each distinct (position, remainder) pair once,
//! and the fast count must be their number; perft must agree.

mod gulbara_reference;

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use gulbara_reference as reference;
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tavli_core::gulbara::{MoveGen, Position, parse_diagram, perft};
use tavli_core::{Dice, GameResult, fevga_pos};

fn d(s: &str) -> Dice {
    s.parse().unwrap()
}

/// Whole turns as (position, result), the fast way; `None` past `limit`.
fn fast_turns(movegen: &mut MoveGen, pos: &Position, dice: Dice, limit: usize) -> Option<BTreeSet<String>> {
    let mut out = BTreeSet::new();
    let mut twice = None;
    let flow = movegen.for_each_turn(pos, dice, &mut |t| {
        if !out.insert(key(t.position(), t.result())) {
            twice = Some(t.notation());
        }
        if out.len() > limit { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    });
    assert_eq!(twice, None, "{pos:?} {dice}: a whole play handed out twice");
    if flow.is_break() { None } else { Some(out) }
}

/// A position and result as comparable text (positions are not `Ord`).
fn key(p: &Position, r: Option<GameResult>) -> String {
    format!("{} {r:?}", p.id())
}

fn slow(ends: &BTreeSet<reference::End>) -> BTreeSet<String> {
    ends.iter().map(|e| key(&e.position(), e.game_result())).collect()
}

/// Checks one position and roll: the decision, the whole turns (when there
/// are at most `limit`), the count. Returns whether the turns were checked.
fn compare(movegen: &mut MoveGen, pos: &Position, dice: Dice, limit: usize) -> bool {
    let fast: BTreeSet<String> = pos.legal_plays(dice).iter().map(|p| key(p.position(), p.result())).collect();
    assert_eq!(fast, slow(&reference::decision_ends(pos, dice)), "decision of {pos:?} with {dice}");
    assert_eq!(fast.len(), pos.legal_plays(dice).len(), "{pos:?} {dice}: a decision's play twice");
    let Some(turns) = fast_turns(movegen, pos, dice, limit) else { return false };
    assert_eq!(turns, slow(&reference::turn_ends(pos, dice)), "whole turns of {pos:?} with {dice}");
    assert_eq!(movegen.count_turns(pos, dice), turns.len() as u64, "{pos:?} {dice}");
    true
}

fn of(text: &str, roll: u16) -> Position {
    let (p, _) = parse_diagram(text).unwrap();
    Position::of_board(p.board(), roll)
}

#[test]
fn regional_part_7_gb1_to_gb8() {
    let mut g = MoveGen::new();
    let start = Position::start();
    // GB1: turns 1-3, no runner rule.
    for (dice, n) in [("6-6", 1), ("5-5", 5), ("4-4", 3), ("1-1", 5), ("6-1", 2)] {
        assert_eq!(reference::turn_ends(&start, d(dice)).len(), n, "GB1 {dice}");
        assert!(compare(&mut g, &start, d(dice), 100));
    }
    // GB2 and F2's position: no runner rule.
    let gb2 = Position::of_board(fevga_pos!(White; white {24: 14, 18: 1}; black {24: 15}), 1);
    assert_eq!(reference::turn_ends(&gb2, d("6-1")).len(), 3);
    assert!(compare(&mut g, &gb2, d("6-1"), 100));
    let f2 = of("gulbara W | W: 24:14 13:1 | B: 24:14 23:1", 1);
    assert_eq!(reference::turn_ends(&f2, d("2-1")).len(), 2);
    assert!(compare(&mut g, &f2, d("2-1"), 100));
    // GB3 and GB4: no starting-quarter ban, no unblocking duty.
    let gb3 = Position::of_board(fevga_pos!(White; white {24: 10, 23: 1, 22: 1, 21: 1, 20: 1, 1: 1}; black {2: 15}), 1);
    assert_eq!(reference::turn_ends(&gb3, d("5-4")).len(), 24);
    assert!(compare(&mut g, &gb3, d("5-4"), 100));
    let gb4 = Position::of_board(
        fevga_pos!(White; white {24: 8, 21: 1, 20: 1, 19: 1, 18: 1, 17: 1, 16: 1, 5: 1}; black {10: 15}),
        1,
    );
    for (dice, n) in [("6-5", 47), ("3-1", 56)] {
        assert_eq!(reference::turn_ends(&gb4, d(dice)).len(), n, "GB4 {dice}");
        assert!(compare(&mut g, &gb4, d(dice), 100));
    }
    // GB5: the ladder bears off and wins 2; before the fourth roll it does not.
    let gb5 = fevga_pos!(White; white {6: 2, 5: 2, 4: 1, 3: 1}; black {20: 15});
    for roll in [4, 9] {
        let ends = reference::turn_ends(&Position::of_board(gb5, roll), d("5-5"));
        assert_eq!(ends.len(), 1);
        assert_eq!(ends.iter().next().unwrap().result, Some((tavli_core::Color::White, 2)));
        assert!(compare(&mut g, &Position::of_board(gb5, roll), d("5-5"), 100));
    }
    let early = reference::turn_ends(&Position::of_board(gb5, 3), d("5-5"));
    assert_eq!(early.len(), 1);
    assert_eq!(early.iter().next().unwrap().result, None);
    // GB6: the ladder stalls; the opponent plays the rest before rolling and wins 2.
    let gb6 = of("gulbara W | W: 22:1 21:14 | B: 5:3 4:2 3:1 off:9", 4);
    let ends = reference::turn_ends(&gb6, d("4-4"));
    assert_eq!(ends.len(), 1);
    let handed = ends.iter().next().unwrap();
    assert_eq!(handed.pending, Some((vec![5, 5, 5, 6, 6, 6, 6], true)));
    assert!(compare(&mut g, &gb6, d("4-4"), 100));
    let black = handed.position();
    let after = reference::turn_ends(&black, d("2-1"));
    assert_eq!(after.len(), 1);
    assert_eq!(after.iter().next().unwrap().result, Some((tavli_core::Color::Black, 2)));
    assert!(compare(&mut g, &black, d("2-1"), 100));
    // GB7: the game's rolls 1 to 3 play doublets as four moves, 4 on ladders.
    for roll in 1..=6 {
        let p = Position::of_board(start.board(), roll);
        let fours = reference::turn_ends(&p, d("6-6"));
        assert_eq!(fours.iter().next().unwrap().roll, roll + 1);
        assert_eq!(fours.len(), 1);
    }
    assert!(compare(&mut g, &Position::of_board(start.board(), 3), d("3-3"), 100));
    // GB8: scoring as Fevga's F10.
    let last = fevga_pos!(White; white {1: 1}; black {20: 15});
    let one_off = fevga_pos!(White; white {1: 1}; black {20: 14});
    for (board, points) in [(last, 2), (one_off, 1)] {
        let ends = reference::turn_ends(&Position::of_board(board, 7), d("2-1"));
        assert_eq!(ends.iter().next().unwrap().result, Some((tavli_core::Color::White, points)));
        assert!(compare(&mut g, &Position::of_board(board, 7), d("2-1"), 100));
    }
}

/// Positions of a random game from `start` (decisions at random, pending
/// dice played without a throw), `plies` decisions long at most.
fn random_game(start: Position, seed: u64, plies: usize) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = start;
    let mut out = Vec::new();
    for _ in 0..plies {
        if pos.outcome().is_some() {
            break;
        }
        out.push(pos);
        let roll = Dice::new(rng.random_range(1..=6), rng.random_range(1..=6)).unwrap();
        // Doublets half the time, so that ladders come often.
        let roll = if rng.random_bool(0.4) { Dice::new(roll.high(), roll.high()).unwrap() } else { roll };
        let plays = pos.legal_plays(pos.pending_dice().unwrap_or(roll));
        pos = *plays[rng.random_range(0..plays.len())].position();
    }
    out
}

#[test]
fn random_games_match_the_reference_on_every_roll() {
    let mut g = MoveGen::new();
    let (mut turns, mut ladders, mut pending) = (0, 0, 0);
    for seed in 0..16 {
        for pos in random_game(Position::start(), seed, 400).into_iter().step_by(3) {
            pending += usize::from(pos.pending().is_some());
            let rolls: Vec<Dice> = if pos.pending().is_some() { vec![d("1-1")] } else { Dice::ALL.to_vec() };
            for dice in rolls {
                if compare(&mut g, &pos, dice, 2000) {
                    turns += 1;
                    ladders += usize::from(dice.is_doublet() && pos.doublets_ladder());
                }
            }
        }
    }
    assert!(turns > 2500 && ladders > 500 && pending > 40, "{turns} turns, {ladders} ladders, {pending} pending");
}

#[test]
fn perft_matches_the_reference_from_the_start_and_where_ladders_and_hand_offs_come() {
    let start = Position::start();
    // Rolls 1 to 3 of a game: no ladder yet (GB7).
    for (depth, n) in [(1, 53), (2, 2768), (3, 480_979)] {
        assert_eq!(perft(&start, depth), n, "depth {depth}");
        assert_eq!(reference::perft(&start, depth), n, "depth {depth}");
    }
    // GB6: the ladder hands its rest over at the first ply, and the
    // remainder is played before the second ply, without a ply of its own.
    let gb6 = of("gulbara W | W: 22:1 21:14 | B: 5:3 4:2 3:1 off:9", 4);
    // GB5: ladders that bear off and end the game.
    let gb5 = Position::of_board(fevga_pos!(White; white {6: 2, 5: 2, 4: 1, 3: 1}; black {20: 15}), 4);
    for (pos, depth) in [(gb6, 2), (gb5, 2), (gb6, 1)] {
        assert_eq!(perft(&pos, depth), reference::perft(&pos, depth), "{pos:?} depth {depth}");
    }
    let handed = reference::turn_ends(&gb6, d("4-4")).into_iter().next().unwrap().position();
    assert_eq!(perft(&handed, 1), reference::perft(&handed, 1), "pending dice at the root");
    assert_eq!(perft(&handed, 2), reference::perft(&handed, 2), "pending dice at the root");
}

/// Heavier positions: a race and a blocked middle game past the fourth
/// roll, where ladders run to a million plays (minutes with the reference:
/// `cargo test --release -p tavli-core --test gulbara_against_reference -- --ignored`).
#[test]
#[ignore = "minutes: the reference walks a million-play ladder"]
fn perft_matches_the_reference_on_heavy_ladders() {
    let race = of("gulbara W | W: 12:2 9:3 6:4 3:3 off:3 | B: 11:2 7:4 4:3 2:2 off:4", 9);
    let blocked = of("gulbara W | W: 24:3 20:2 16:2 12:2 8:3 4:3 | B: 18:2 14:3 10:3 22:4 6:3", 5);
    for (pos, depth, n) in [(race, 2, 103_600), (blocked, 1, 1_885_233)] {
        assert_eq!(perft(&pos, depth), n, "{pos:?} depth {depth}");
        assert_eq!(reference::perft(&pos, depth), n, "{pos:?} depth {depth}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Random games of random seeds: every decision, and the whole turns
    /// where they are few enough for the reference, agree.
    #[test]
    fn random_games_agree(seed in any::<u64>(), plies in 20usize..300) {
        let mut g = MoveGen::new();
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5EED);
        for pos in random_game(Position::start(), seed, plies).into_iter().rev().take(12) {
            let dice = pos.pending_dice().unwrap_or_else(|| {
                let a = rng.random_range(1..=6);
                Dice::new(a, if rng.random_bool(0.5) { a } else { rng.random_range(1..=6) }).unwrap()
            });
            compare(&mut g, &pos, dice, 3000);
        }
    }
}
