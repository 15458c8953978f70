//! What the fuzz targets share: turning the first bytes of an input into a
//! position and a roll, so the rest of the input is tried on real boards.
//!
//! Input layout for `notation` and `turn_builder`:
//! byte 0 picks the position (`byte % 8`: one of seven fixed boards, or 7 =
//! a seeded random game of `byte / 8` turns whose seed is the next byte);
//! the next byte is the roll (`b % 6 + 1` and `b / 6 % 6 + 1`); the rest is
//! the target's own.
//!
//! Input layout for the Tavli targets (`tavli_notation`, `tavli_turn`), any
//! of the three games: byte 0 picks the game (`byte % 3`: Portes, Plakoto,
//! Fevga, as `GameKind::ALL`) and a number of turns (`byte / 3`, 0 to 85),
//! byte 1 seeds the random game of that many turns from the game's start,
//! byte 2 is the roll as above; the rest is the target's own.

use std::cell::RefCell;
use std::collections::HashMap;

use tavli_core::game::{DiceSource, SeededDice};
use tavli_core::tavli::{AnyPosition, GameKind};
use tavli_core::{Dice, Position, pos};

/// Fixed boards that reach most rules: the start for each side, pins,
/// bearing off, a mother pin on the roll (each side), and a forced pass.
pub fn fixed_positions() -> [Position; 7] {
    let pinned = pos!(White; white {24: 10, 13: 2, 8: 2, 6: 1}; black {1: 10, 19: 2, 10: 1, 4: 1}; pinned {6: Black});
    let mother = pos!(White; white {13: 11, 7: 2, 3: 2}; black {1: 1, 20: 14});
    [
        Position::start(),
        Position::start().pass_turn(),
        pinned,
        pos!(White; white {6: 4, 5: 4, 4: 3, 3: 2, 2: 2}; black {19: 3, 20: 3, 21: 3, 22: 3, 23: 3}),
        mother,
        mother.mirror(),
        pos!(White; white {24: 1}; black {18: 2, 1: 13}),
    ]
}

/// A position reached from the start by `turns` plays of a seeded random
/// game, stopping before a play that would end it.
pub fn random_game(seed: u64, turns: usize) -> Position {
    let mut dice = SeededDice::new(seed);
    let mut pos = Position::start();
    for _ in 0..turns {
        let plays = pos.legal_plays(dice.roll());
        let play = plays[dice.die() as usize % plays.len()];
        if play.result().is_some() {
            break;
        }
        pos = *play.position();
    }
    pos
}

/// The position and roll the input's first bytes choose, and the rest of
/// the input; `None` when the input is too short.
pub fn position_and_dice(data: &[u8]) -> Option<(Position, Dice, &[u8])> {
    let (&sel, mut rest) = data.split_first()?;
    let pos = match sel % 8 {
        7 => {
            let (&seed, r) = rest.split_first()?;
            rest = r;
            random_game(u64::from(seed), usize::from(sel / 8))
        }
        i => fixed_positions()[usize::from(i)],
    };
    let (&d, rest) = rest.split_first()?;
    let dice = Dice::new(d % 6 + 1, d / 6 % 6 + 1).ok()?;
    Some((pos, dice, rest))
}

/// The positions of a seeded random game of `kind`: its start, then one
/// after each of up to `turns` plays, stopping before a play that would end
/// it. Long enough games reach hits and the bar (Portes), pins (Plakoto),
/// the ban and the primes (Fevga), and bearing off.
pub fn any_random_game(kind: GameKind, seed: u64, turns: usize) -> Vec<AnyPosition> {
    let mut dice = SeededDice::new(seed);
    let mut line = vec![AnyPosition::start(kind)];
    for _ in 0..turns {
        let pos = line[line.len() - 1];
        let plays = pos.legal_plays(dice.roll());
        let Some(play) = plays.get(dice.die() as usize % plays.len().max(1)) else { break };
        if play.result().is_some() {
            break;
        }
        line.push(play.position());
    }
    line
}

/// The most turns `any_position_and_dice` plays: `255 / 3`.
const MAX_TURNS: usize = 85;

thread_local! {
    /// Each (game, seed)'s random game of `MAX_TURNS` turns, played once:
    /// replaying up to 85 turns for every input would cost most of a run.
    static GAMES: RefCell<HashMap<(GameKind, u8), Vec<AnyPosition>>> = RefCell::new(HashMap::new());
}

/// The position of any game and the roll the input's first bytes choose
/// (see the layout above), and the rest of the input; `None` when the
/// input is too short.
pub fn any_position_and_dice(data: &[u8]) -> Option<(AnyPosition, Dice, &[u8])> {
    let [sel, seed, d, rest @ ..] = data else { return None };
    let kind = GameKind::ALL[usize::from(sel % 3)];
    let turns = usize::from(sel / 3);
    let pos = GAMES.with_borrow_mut(|games| {
        let line = games.entry((kind, *seed)).or_insert_with(|| any_random_game(kind, u64::from(*seed), MAX_TURNS));
        line[turns.min(line.len() - 1)]
    });
    let dice = Dice::new(d % 6 + 1, d / 6 % 6 + 1).ok()?;
    Some((pos, dice, rest))
}
