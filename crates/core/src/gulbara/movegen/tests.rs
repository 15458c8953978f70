//! The generator against what REGIONAL.md Part 7 says of Gul bara and
//! against itself: the closed counts of the rolls that do not ladder, and
//! whole turns made of the decisions the game plays.

use super::*;
use crate::Color;
use crate::fevga_pos;
use crate::game::{DiceSource, SeededDice};
use crate::movegen_common::testing::random_positions;

fn d(s: &str) -> Dice {
    s.parse().unwrap()
}

fn count(pos: &Position, dice: &str) -> usize {
    pos.legal_plays(d(dice)).len()
}

/// Random positions of random games, pending dice included, the side on
/// roll playing them.
fn positions(seed: u64, games: usize) -> Vec<Position> {
    random_positions(Position::start(), seed, games, 300, |_, p, dice| p.legal_plays(p.pending_dice().unwrap_or(dice)))
        .into_iter()
        .map(|(p, _)| p)
        .collect()
}

#[test]
fn gb1_the_start_without_a_runner_rule() {
    let start = Position::start();
    assert_eq!(count(&start, "6-6"), 1);
    assert_eq!(count(&start, "5-5"), 5);
    assert_eq!(count(&start, "4-4"), 3);
    assert_eq!(count(&start, "1-1"), 5);
    let mut six_one: Vec<String> = start.legal_plays(d("6-1")).iter().map(|p| p.to_string()).collect();
    six_one.sort();
    // REGIONAL.md writes the second "24/17"; the notation names the point it passes.
    assert_eq!(six_one, ["24/18 24/23", "24/18/17"]);
}

#[test]
fn gb2_to_gb4_fevgas_restrictions_are_absent() {
    let gb2 = Position::from_json(
        r#"{"game":"gulbara","turn":"white","board":{"24":14,"18":1,"12":-15},"off":{"white":0,"black":0}}"#,
    )
    .unwrap();
    assert_eq!(count(&gb2, "6-1"), 3);
    let f2 = Position::of_board(fevga_pos!(White; white {24: 14, 13: 1}; black {24: 14, 23: 1}), 1);
    assert_eq!(count(&f2, "2-1"), 2);
    let gb3 = Position::of_board(fevga_pos!(White; white {24: 10, 23: 1, 22: 1, 21: 1, 20: 1, 1: 1}; black {2: 15}), 1);
    assert_eq!(count(&gb3, "5-4"), 24);
    let gb4 = Position::of_board(
        fevga_pos!(White; white {24: 8, 21: 1, 20: 1, 19: 1, 18: 1, 17: 1, 16: 1, 5: 1}; black {10: 15}),
        1,
    );
    assert_eq!(count(&gb4, "6-5"), 47);
    assert_eq!(count(&gb4, "3-1"), 56);
}

#[test]
fn gb5_the_ladder_bears_off_and_wins() {
    let board = fevga_pos!(White; white {6: 2, 5: 2, 4: 1, 3: 1}; black {20: 15});
    let late = Position::of_board(board, 4);
    let fives = late.legal_plays(d("5-5"));
    assert_eq!(fives.len(), 1);
    assert_eq!(fives[0].to_string(), "6/1(2) 5/off(2)");
    let sixes = fives[0].position().legal_plays(d("2-1"));
    assert_eq!(sixes.len(), 1);
    let r = sixes[0].result().expect("the sixes bear off the last four");
    assert_eq!((r.winner, r.points), (Some(Color::White), 2));
    let early = Position::of_board(board, 3);
    let plays = early.legal_plays(d("5-5"));
    assert_eq!(plays.len(), 1);
    assert_eq!(plays[0].position().turn(), Color::Black);
    assert_eq!(plays[0].position().pending(), None);
}

#[test]
fn gb6_the_ladder_stalls_and_the_opponent_plays_the_rest() {
    let board = fevga_pos!(White; white {22: 1, 21: 14}; black {5: 3, 4: 2, 3: 1});
    let late = Position::of_board(board, 4);
    let fours = late.legal_plays(d("4-4"));
    assert_eq!(fours.len(), 1);
    let fives = fours[0].position().legal_plays(d("6-6"));
    assert_eq!(fives.len(), 1);
    assert_eq!(fives[0].to_string(), "6/1 > 5,5,5,6,6,6,6");
    let black = *fives[0].position();
    assert_eq!((black.turn(), black.roll(), black.pending()), (Color::Black, 5, Pending::handed(5, 3)));
    // Black plays the rest before rolling: 5/off(3), then 4/off(2) 3/off.
    let b5 = black.legal_plays(d("1-1"));
    assert_eq!(b5.len(), 1);
    assert_eq!(b5[0].to_string(), "5/off(3)");
    let b6 = b5[0].position().legal_plays(d("1-1"));
    assert_eq!(b6.len(), 1);
    let r = b6[0].result().unwrap();
    assert_eq!((r.winner, r.points), (Some(Color::Black), 2));
    // On rolls 1-3 White plays only the four 4s.
    let early = Position::of_board(board, 3).legal_plays(d("4-4"));
    assert_eq!(early.len(), 1);
    assert_eq!((early[0].position().turn(), early[0].position().pending()), (Color::Black, None));
}

#[test]
fn gb7_which_rolls_ladder() {
    let mut pos = Position::start();
    let mut dice = SeededDice::new(1);
    for roll in 1..=6u16 {
        assert_eq!(pos.roll(), roll);
        assert_eq!(pos.doublets_ladder(), roll >= 4);
        let plays = pos.legal_plays(d("2-1"));
        pos = *plays[dice.die() as usize % plays.len()].position();
    }
}

#[test]
fn whole_turns_are_the_decisions_played_one_after_the_other() {
    // Chaining every stage's plays reaches exactly the whole turns.
    let mut movegen = MoveGen::new();
    let mut dice = SeededDice::new(11);
    let mut checked = 0;
    for pos in positions(3, 40).into_iter().step_by(5) {
        let roll = dice.roll();
        let roll =
            if pos.doublets_ladder() && dice.die() <= 3 { Dice::new(roll.high(), roll.high()).unwrap() } else { roll };
        // Small turns only: a ladder may have millions of plays.
        let mut visited = std::collections::HashSet::new();
        let flow = movegen.for_each_turn(&pos, roll, &mut |t| {
            assert!(visited.insert(*t.position()), "{pos:?} {roll}: {t} twice");
            if visited.len() > 5000 { std::ops::ControlFlow::Break(()) } else { std::ops::ControlFlow::Continue(()) }
        });
        if flow.is_break() {
            continue;
        }
        let mut ends = std::collections::HashSet::new();
        let mut met = std::collections::HashSet::new();
        let mut stack = vec![pos];
        while let Some(p) = stack.pop() {
            for play in p.legal_plays(roll) {
                let next = *play.position();
                let goes_on = play.result().is_none() && next.turn() == pos.turn() && next.pending().is_some();
                if !goes_on {
                    ends.insert(next);
                } else if met.insert(next) {
                    stack.push(next);
                }
            }
        }
        assert_eq!(visited, ends, "{pos:?} {roll}");
        assert_eq!(movegen.count_turns(&pos, roll), ends.len() as u64);
        checked += 1;
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn closed_counts_match_enumeration() {
    let mut movegen = MoveGen::new();
    for pos in positions(7, 30) {
        if pos.pending().is_some() {
            continue;
        }
        let ctx = Ctx::new(&pos);
        for dice in Dice::ALL {
            if let Decision::Roll(_) = pos.decision(dice) {
                let mut out = Vec::new();
                movegen.positions(&ctx, dice, &mut out);
                assert_eq!(movegen.count_roll(&ctx, dice), out.len() as u64, "{pos:?} {dice}");
            }
        }
    }
}
