//! The Gul bara network's inputs: Fevga's kind of view (no hitting, one
//! checker holds a point: blocks, primes and timing), from the side on
//! roll's point of view and then the same for the opponent, so that the
//! encoding is colour-blind; and what Gul bara adds, the ladder.
//!
//! Per side, in its own numbering: for each point 1..=24 four inputs for
//! its checkers (≥1, ≥2, ≥3, and (n−3)/4 beyond three); then its borne-off
//! count, its pip count, its checkers still on its starting point, the
//! points it holds, its longest run of held points, how blocked its
//! rearmost checker is and how blocked its checkers are on average (the
//! opponent's points among the six in front of each), its checkers home,
//! still in its starting quarter and in the opponent's home board, its
//! stacks, the die values it can move at all, whether all its checkers are
//! home, and whether its next doublet ladders (the game's counter: the
//! side on roll's next roll has the position's number, the opponent's the
//! next). Then the global inputs: a pure race, a constant 1, and the dice
//! the side on roll plays before it rolls (REGIONAL.md 4.2): their moves
//! and their pips, and whether they were handed over (what it cannot play
//! of those is lost; of its own ladder's rest, handed on).
//!
//! [`ENCODING_VERSION`] is written in a Gul bara weights file; a new
//! version only ever appends inputs, as the other games' do.

use tavli_core::gulbara::Position;

use crate::inputs::{InputSink, Inputs};

/// Bump when the layout below changes (by appending inputs only).
pub const ENCODING_VERSION: u32 = 1;

/// Inputs per point: ≥1, ≥2, ≥3, (n−3)/4.
pub(crate) const PER_POINT: usize = 4;
/// The features per side after its points (see the module documentation).
pub(crate) const SIDE_FEATURES: usize = 14;
/// Inputs describing one side.
pub const SIDE_INPUTS: usize = 24 * PER_POINT + SIDE_FEATURES;
/// The global input that says there is no contact left.
pub(crate) const RACE: usize = 2 * SIDE_INPUTS;
/// The constant input.
pub(crate) const CONSTANT: usize = RACE + 1;
/// The pending dice's moves (over 24), pips (over 84, a 1-1 ladder's) and
/// whether they were handed over.
pub(crate) const PENDING_MOVES: usize = RACE + 2;
pub(crate) const PENDING_PIPS: usize = RACE + 3;
pub(crate) const PENDING_HANDED: usize = RACE + 4;
/// All inputs.
pub const NUM_INPUTS: usize = RACE + 5;
/// The number of inputs of each encoding version (index 0 is version 1).
pub const INPUTS_OF_VERSION: [usize; ENCODING_VERSION as usize] = [NUM_INPUTS];

/// The offsets of a side's features after its points.
pub(crate) mod feature {
    pub(crate) const OFF: usize = 0;
    pub(crate) const PIPS: usize = 1;
    pub(crate) const START: usize = 2;
    pub(crate) const BLOCKED: usize = 6;
}

/// This encoding's weights-file facts (`games/encodings.rs`).
pub(crate) const ENCODINGS: crate::inputs::Encodings =
    crate::inputs::Encodings { file_code: 3, version: ENCODING_VERSION, inputs_of_version: &INPUTS_OF_VERSION };

/// The opponent's points among the six in front of point `p` of a side
/// whose opponent's checkers (in its numbering) are `opp`.
fn blocks_ahead(opp: &[u8; 32], p: usize) -> u32 {
    (p.saturating_sub(6).max(1)..p).filter(|&q| opp[q] > 0).count() as u32
}

/// Writes the inputs of the side on roll in `view` from `base`; `ladders`
/// says whether its next doublet ladders.
fn encode_side<S: InputSink>(view: &Position, ladders: bool, base: usize, out: &mut S) {
    let (own, opp) = (view.own_points(), view.opp_points());
    for p in 1..=24 {
        if own[p] > 0 {
            out.count(base + (p - 1) * PER_POINT, own[p]);
        }
    }
    let f = base + 24 * PER_POINT;
    let on = |p: usize| u32::from(own[p]);
    let pips: u32 = (1..=24).map(|p| p as u32 * on(p)).sum();
    let held = (1..=24).filter(|&p| own[p] > 0).count();
    let (mut prime, mut run) = (0, 0);
    for p in 1..=24 {
        run = if own[p] > 0 { run + 1 } else { 0 };
        prime = prime.max(run);
    }
    let rearmost = (1..=24).rev().find(|&p| own[p] > 0);
    let blocked_rear = rearmost.map_or(0, |p| blocks_ahead(&opp, p));
    let blocked_sq: u32 = (1..=24).map(|p| on(p) * blocks_ahead(&opp, p).pow(2)).sum();
    let sum = |r: std::ops::RangeInclusive<usize>| r.map(on).sum::<u32>() as f32 / 15.0;
    let stacked: u32 = (1..=24).map(|p| on(p).saturating_sub(3)).sum();
    let home = (7..=24).all(|p| own[p] == 0);
    let movable = (1..=6)
        .filter(|&d| {
            (1..=24)
                .any(|p| own[p] > 0 && if p > d { opp[p - d] == 0 } else { home && (p == d || rearmost == Some(p)) })
        })
        .count();
    out.push(f + feature::OFF, f32::from(own[0]) / 15.0);
    out.push(f + feature::PIPS, pips as f32 / 360.0);
    out.push(f + feature::START, on(24) as f32 / 15.0);
    out.push(f + 3, (held as f32 / 12.0).min(1.0));
    out.push(f + 4, (prime as f32 / 6.0).min(1.0));
    out.push(f + 5, blocked_rear as f32 / 6.0);
    out.push(f + feature::BLOCKED, blocked_sq as f32 / (36.0 * 15.0));
    out.push(f + 7, sum(1..=6));
    out.push(f + 8, sum(19..=24));
    out.push(f + 9, sum(13..=18));
    out.push(f + 10, (stacked as f32 / 12.0).min(1.0));
    out.push(f + 11, movable as f32 / 6.0);
    out.push(f + 12, f32::from(u8::from(home)));
    out.push(f + 13, f32::from(u8::from(ladders)));
}

/// Writes the inputs of `pos` into `out`.
pub fn encode_into<S: InputSink>(pos: &Position, out: &mut S) {
    encode_side(pos, pos.doublets_ladder(), 0, out);
    let next_roll = Position::of_board(pos.board(), pos.roll().saturating_add(1));
    encode_side(&pos.pass_turn(), next_roll.doublets_ladder(), SIDE_INPUTS, out);
    if pos.is_race() {
        out.push(RACE, 1.0);
    }
    out.push(CONSTANT, 1.0);
    if let Some(p) = pos.pending() {
        let pips: u32 = p.dice().iter().map(|&d| u32::from(d)).sum();
        out.push(PENDING_MOVES, f32::from(p.moves()) / 24.0);
        out.push(PENDING_PIPS, pips as f32 / 84.0);
        out.push(PENDING_HANDED, f32::from(u8::from(p.is_handed())));
    }
}

/// The inputs of `pos`, as a sparse list (cleared first).
pub fn encode(pos: &Position, out: &mut Inputs) {
    out.items.clear();
    encode_into(pos, out);
}

/// The first input of each point's count inputs: both sides' 24 points.
pub(crate) fn point_groups() -> Vec<usize> {
    let per_side = (0..24).map(|p| p * PER_POINT);
    per_side.clone().chain(per_side.map(|i| SIDE_INPUTS + i)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavli_core::game::{DiceSource, SeededDice};
    use tavli_core::gulbara::Pending;

    fn dense(pos: &Position) -> Vec<f32> {
        let mut x = Inputs::with_capacity();
        encode(pos, &mut x);
        x.dense(NUM_INPUTS)
    }

    /// Over random games (ladders and pending dice among them): every
    /// input is in [0, 1] but the (n−3)/4 counts; the mirror encodes alike;
    /// passing the turn swaps the two sides' points.
    #[test]
    fn inputs_are_bounded_colour_blind_and_swap_with_the_turn() {
        let mut dice = SeededDice::new(29);
        let mut pos = Position::start();
        let mut pending = 0;
        for _ in 0..4000 {
            if pos.outcome().is_some() {
                pos = Position::start();
            }
            let x = dense(&pos);
            for (i, &v) in x.iter().enumerate() {
                let within = i % SIDE_INPUTS;
                let count = i < RACE && within < 24 * PER_POINT && within % PER_POINT == 3;
                assert!((0.0..=if count { 3.0 } else { 1.0 }).contains(&v), "input {i} = {v} in {pos:?}");
            }
            assert_eq!(x, dense(&pos.mirror()), "colour-blind");
            let swapped = dense(&pos.pass_turn());
            assert_eq!(x[..24 * PER_POINT], swapped[SIDE_INPUTS..SIDE_INPUTS + 24 * PER_POINT]);
            pending += usize::from(x[PENDING_MOVES] > 0.0);
            let plays = pos.legal_plays(pos.pending_dice().unwrap_or_else(|| dice.roll()));
            pos = *plays[dice.die() as usize % plays.len()].position();
        }
        assert!(pending > 20, "{pending}");
    }

    #[test]
    fn the_ladder_and_the_pending_dice_are_seen() {
        let start = dense(&Position::start());
        let f = 24 * PER_POINT;
        assert_eq!(start[f + 13], 0.0, "no ladder on the game's first roll");
        assert_eq!(start[f + feature::PIPS], 1.0);
        let third = dense(&Position::of_board(Position::start().board(), 3));
        assert_eq!((third[f + 13], third[SIDE_INPUTS + f + 13]), (0.0, 1.0), "the opponent's next roll is the 4th");
        let handed = Position::of_board(Position::start().board(), 9).with_pending(Pending::handed(5, 3)).unwrap();
        let x = dense(&handed);
        assert_eq!((x[PENDING_MOVES], x[PENDING_PIPS], x[PENDING_HANDED]), (7.0 / 24.0, 39.0 / 84.0, 1.0));
    }
}
