//! The Fevga network's inputs: what a Fevga player weighs, from the side
//! on roll's point of view, then the same for the opponent (so the
//! encoding is colour-blind: a position and its colour-swapped mirror
//! encode alike).
//!
//! Fevga has no hitting: a single checker holds a point, so the game is
//! blocks, primes and timing. Per side, in that side's own numbering: for
//! each point 1..=24 four inputs for its checkers (≥1, ≥2, ≥3, and (n−3)/4
//! beyond three, as the other games' raw inputs); then the borne-off
//! count, the pip count, whether the runner rule has released its other
//! checkers, the checkers still on its starting point, the points it
//! holds, its longest run of held points (a prime), how blocked its
//! rearmost checker is and how blocked its checkers are on average (the
//! opponent's points among the six in front of each), its checkers home,
//! still in its starting quarter and in the opponent's home board (which
//! they must still pass), its stacks, and the die values it can move at
//! all. Then two global inputs: a pure race and a constant 1.
//!
//! [`ENCODING_VERSION`] is written in a Fevga weights file; a new version
//! only ever appends inputs, as the other games' do.

use tavli_core::fevga::{Position, Release};

use crate::inputs::{InputSink, Inputs};

/// Bump when the layout below changes (by appending inputs only).
pub const ENCODING_VERSION: u32 = 1;

/// Inputs per point: ≥1, ≥2, ≥3, (n−3)/4.
pub(crate) const PER_POINT: usize = 4;
/// The features per side after its points (see the module documentation).
const SIDE_FEATURES: usize = 14;
/// Inputs describing one side.
pub const SIDE_INPUTS: usize = 24 * PER_POINT + SIDE_FEATURES;
/// The global input that says there is no contact left.
const RACE: usize = 2 * SIDE_INPUTS;
/// All inputs.
pub const NUM_INPUTS: usize = RACE + 2;
/// The number of inputs of each encoding version (index 0 is version 1).
pub const INPUTS_OF_VERSION: [usize; ENCODING_VERSION as usize] = [NUM_INPUTS];

/// This encoding's weights-file facts (`games/encodings.rs`).
pub(crate) const ENCODINGS: crate::inputs::Encodings =
    crate::inputs::Encodings { file_code: 2, version: ENCODING_VERSION, inputs_of_version: &INPUTS_OF_VERSION };

/// One side's checkers in its own numbering (index 0 borne off), and the
/// opponent's on the same points.
struct SideView {
    own: [u8; 32],
    /// The opponent's checkers on this side's points 1..=24 (index 0: its
    /// borne-off count, unused).
    opp: [u8; 32],
    released: bool,
}

impl SideView {
    /// The side on roll's view of `pos`.
    fn of(pos: &Position) -> SideView {
        SideView { own: pos.own_points(), opp: pos.opp_points(), released: pos.is_released(Release::Reach) }
    }

    /// The opponent's points among the six in front of point `p` (the
    /// points it moves to: p−1 down to p−6, while on the board).
    fn blocks_ahead(&self, p: usize) -> u32 {
        (p.saturating_sub(6).max(1)..p).filter(|&q| self.opp[q] > 0).count() as u32
    }
}

/// Writes one side's inputs from `base`.
fn encode_side<S: InputSink>(v: &SideView, base: usize, out: &mut S) {
    for p in 1..=24 {
        let n = v.own[p];
        if n > 0 {
            out.count(base + (p - 1) * PER_POINT, n);
        }
    }
    let f = base + 24 * PER_POINT;
    let on = |p: usize| u32::from(v.own[p]);
    let pips: u32 = (1..=24).map(|p| p as u32 * on(p)).sum();
    let held = (1..=24).filter(|&p| v.own[p] > 0).count();
    let mut prime = 0;
    let mut run = 0;
    for p in 1..=24 {
        run = if v.own[p] > 0 { run + 1 } else { 0 };
        prime = prime.max(run);
    }
    let rearmost = (1..=24).rev().find(|&p| v.own[p] > 0);
    let blocked_rear = rearmost.map_or(0, |p| v.blocks_ahead(p));
    let blocked_sq: u32 = (1..=24).map(|p| on(p) * v.blocks_ahead(p).pow(2)).sum();
    let sum = |r: std::ops::RangeInclusive<usize>| r.map(on).sum::<u32>() as f32 / 15.0;
    let stacked: u32 = (1..=24).map(|p| on(p).saturating_sub(3)).sum();
    // Die values some checker can move: to a point the opponent does not
    // hold, or off once every checker is home (Fevga's bear-off).
    let home = (7..=24).all(|p| v.own[p] == 0);
    let movable = (1..=6)
        .filter(|&d| {
            (1..=24).any(|p| {
                v.own[p] > 0 && if p > d { v.opp[p - d] == 0 } else { home && (p == d || rearmost == Some(p)) }
            })
        })
        .count();
    out.push(f, f32::from(v.own[0]) / 15.0);
    out.push(f + 1, pips as f32 / 360.0);
    out.push(f + 2, f32::from(u8::from(v.released)));
    out.push(f + 3, on(24) as f32 / 15.0);
    out.push(f + 4, (held as f32 / 12.0).min(1.0));
    out.push(f + 5, (prime as f32 / 6.0).min(1.0));
    out.push(f + 6, blocked_rear as f32 / 6.0);
    out.push(f + 7, blocked_sq as f32 / (36.0 * 15.0));
    out.push(f + 8, sum(1..=6));
    out.push(f + 9, sum(19..=24));
    out.push(f + 10, sum(13..=18));
    out.push(f + 11, (stacked as f32 / 12.0).min(1.0));
    out.push(f + 12, movable as f32 / 6.0);
    out.push(f + 13, f32::from(u8::from(home)));
}

/// Writes the inputs of `pos` into `out`.
pub fn encode_into<S: InputSink>(pos: &Position, out: &mut S) {
    encode_side(&SideView::of(pos), 0, out);
    encode_side(&SideView::of(&pos.pass_turn()), SIDE_INPUTS, out);
    if pos.is_race() {
        out.push(RACE, 1.0);
    }
    out.push(RACE + 1, 1.0);
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
    use tavli_core::fevga_pos;
    use tavli_core::game::{DiceSource, SeededDice};

    fn dense(pos: &Position) -> Vec<f32> {
        let mut x = Inputs::with_capacity();
        encode(pos, &mut x);
        x.dense(NUM_INPUTS)
    }

    /// Over random games: every input is in [0, 1] but the (n−3)/4 counts
    /// (at most 3); the mirror encodes alike; passing the turn swaps the
    /// two sides' blocks.
    #[test]
    fn inputs_are_bounded_colour_blind_and_swap_with_the_turn() {
        let mut dice = SeededDice::new(29);
        let mut pos = Position::start();
        for _ in 0..3000 {
            if pos.outcome().is_some() {
                pos = Position::start();
            }
            let x = dense(&pos);
            assert!(x.iter().all(|&v| (0.0..=3.0).contains(&v)), "{pos:?}");
            for (i, &v) in x.iter().enumerate() {
                let within = i % SIDE_INPUTS;
                let extra_count = i < RACE && within < 24 * PER_POINT && within % PER_POINT == 3;
                assert!(extra_count || v <= 1.0, "input {i} = {v} in {pos:?}");
            }
            assert_eq!(x, dense(&pos.mirror()), "colour-blind");
            let swapped = dense(&pos.pass_turn());
            assert_eq!(x[..SIDE_INPUTS], swapped[SIDE_INPUTS..RACE]);
            assert_eq!(x[SIDE_INPUTS..RACE], swapped[..SIDE_INPUTS]);
            let plays = pos.legal_plays(dice.roll());
            pos = *plays[dice.die() as usize % plays.len()].position();
        }
    }

    /// The start: fifteen on the 24-point, nothing released, nothing held
    /// but the start, no point blocked in front (the opponent is on our 12).
    #[test]
    fn the_start_encodes_as_counted_by_hand() {
        let x = dense(&Position::start());
        let f = 24 * PER_POINT;
        let at = 23 * PER_POINT;
        assert_eq!(x[at..at + 4], [1.0, 1.0, 1.0, 3.0]);
        assert_eq!(x[f], 0.0, "off");
        assert_eq!(x[f + 1], 1.0, "pips 360");
        assert_eq!(x[f + 2], 0.0, "not released");
        assert_eq!(x[f + 3], 1.0, "all on the start");
        assert_eq!(x[f + 4], 1.0 / 12.0, "one point held");
        assert_eq!(x[f + 6], 0.0, "our 18..23 are free");
        assert_eq!(x[f + 9], 1.0, "all in the starting quarter");
        assert_eq!(x[f + 12], 1.0, "every die moves");
        assert_eq!(x[RACE], 0.0);
        assert_eq!(x[RACE + 1], 1.0);
    }

    /// Blocks: White's rearmost checker on its 20 faces Black on White's
    /// 19, 18, 17 (Black's 7, 6, 5): three of six ahead; die values 1–3
    /// are blocked for it, but its checkers on 10 move them.
    #[test]
    fn blocks_primes_and_mobility_are_counted() {
        let pos = fevga_pos!(White; white {20: 1, 10: 14}; black {7: 5, 6: 5, 5: 5});
        let x = dense(&pos);
        let f = 24 * PER_POINT;
        assert_eq!(x[f + 6], 3.0 / 6.0, "rear blocked");
        assert_eq!(x[f + 7], (9.0) / (36.0 * 15.0), "one checker with three blocks ahead, squared");
        assert_eq!(x[f + 12], 1.0, "every die moves a checker");
        // Black, seen from its side: a three-point prime on its 5..7.
        let g = SIDE_INPUTS + f;
        assert_eq!(x[g + 5], 3.0 / 6.0, "prime of three");
        assert_eq!(x[g + 8], 10.0 / 15.0, "ten checkers home (5, 6)");
        // Alone on 20 with the three points ahead held, only 4, 5, 6 move.
        let stuck = fevga_pos!(White; white {20: 15}; black {7: 5, 6: 5, 5: 5});
        assert_eq!(dense(&stuck)[f + 12], 3.0 / 6.0);
    }

    /// A race is flagged, and a side with every checker home says so.
    #[test]
    fn races_and_home_boards_are_flagged() {
        let race = fevga_pos!(White; white {12: 5, 3: 10}; black {11: 15});
        assert_eq!(dense(&race)[RACE], 1.0);
        let home = fevga_pos!(White; white {3: 10, 1: 5}; black {11: 15});
        assert_eq!(dense(&home)[24 * PER_POINT + 13], 1.0);
        assert_eq!(dense(&race)[24 * PER_POINT + 13], 0.0);
    }
}
