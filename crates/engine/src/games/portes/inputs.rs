//! The Portes network's inputs: what a backgammon player weighs, from the
//! side on roll's point of view, then the same for the opponent (so the
//! encoding is colour-blind: a position and its colour-swapped mirror
//! encode alike).
//!
//! Per side, in that side's own numbering: for each point 1..=24 and the
//! bar (point 25) four inputs for its checkers (≥1, ≥2, ≥3, and (n−3)/4
//! beyond three, as Plakoto's and GNU Backgammon's raw inputs); then the
//! borne-off count, the pip count, the share of the 36 rolls on which the
//! opponent can hit one of the side's blots (direct and combined shots,
//! the opponent's path checked against the side's made points), the home
//! board points made, the longest run of made points (a prime), the blots,
//! the checkers back in the opponent's home board or on the bar, and
//! whether one of its points there is made (an anchor). Then two global
//! inputs: no contact (a pure race) and a constant 1.
//!
//! Encoding 2 appends, for the side on roll and then the opponent,
//! [`EXTRA_FEATURES`] features of backgammon programs' kind
//! (`features.rs`): the rearmost checker's escapes and its
//! containment, the expected pip loss to a hit and the chance of a double
//! hit, the chance of dancing from the bar, the pips to break contact, and
//! mobility.
//!
//! [`ENCODING_VERSION`] is written in a Portes weights file; a new version
//! only ever appends inputs, as Plakoto's does.

use tavli_core::portes::Position;

pub use super::features::EXTRA_FEATURES;
use super::features::{Bits, Board, features, shots, span};
#[cfg(test)]
use crate::inputs::ROLLS;
use crate::inputs::{InputSink, Inputs};

/// Bump when the layout below changes (by appending inputs only).
pub const ENCODING_VERSION: u32 = 2;

/// Inputs per point (and for the bar): ≥1, ≥2, ≥3, (n−3)/4.
pub(crate) const PER_POINT: usize = 4;
/// The bar is encoded as point 25.
const BAR: usize = 25;
/// The features per side after its points: off, pips, shots, home points,
/// prime, blots, back checkers, anchor.
const SIDE_FEATURES: usize = 8;
/// Inputs describing one side.
pub const SIDE_INPUTS: usize = 25 * PER_POINT + SIDE_FEATURES;
/// The global input that says there is no contact left.
const RACE: usize = 2 * SIDE_INPUTS;
/// Encoding 1's inputs; encoding 2's features start here, the side on
/// roll's then the opponent's.
const EXTRA: usize = RACE + 2;
/// All inputs.
pub const NUM_INPUTS: usize = EXTRA + 2 * EXTRA_FEATURES;
/// The number of inputs of each encoding version (index 0 is version 1):
/// each version's inputs are the first ones of the next.
pub const INPUTS_OF_VERSION: [usize; ENCODING_VERSION as usize] = [EXTRA, NUM_INPUTS];

/// This encoding's weights-file facts (`games/encodings.rs`).
pub(crate) const ENCODINGS: crate::inputs::Encodings =
    crate::inputs::Encodings { file_code: 1, version: ENCODING_VERSION, inputs_of_version: &INPUTS_OF_VERSION };

/// One side's checkers in its own numbering (index 0 off, 25 the bar), and
/// the other side's in the same numbering (its bar at 0, its borne-off
/// checkers left out: they are past everything).
struct SideView {
    own: [u8; 26],
    /// The opponent's checkers on this side's points 1..=24; index 0 its bar.
    opp: [u8; 26],
}

impl SideView {
    /// The side on roll's view of `pos`.
    fn of(pos: &Position) -> SideView {
        let mut own = [0u8; 26];
        let mut opp = [0u8; 26];
        for p in 0..=25u8 {
            own[usize::from(p)] = pos.own_on(p);
        }
        for p in 1..=24u8 {
            opp[usize::from(p)] = pos.opp_on(p);
        }
        opp[0] = pos.opp_bar();
        SideView { own, opp }
    }

    fn board(&self) -> Board<'_> {
        Board { own: &self.own, opp: &self.opp }
    }

    /// Points (1..=24) where this side has two or more checkers (the
    /// point-by-point references' reading; the encoder reads masks).
    #[cfg(test)]
    fn made(&self, p: usize) -> bool {
        self.own[p] >= 2
    }

    /// Is every checker of this side past every opposing one? Point by
    /// point, the reference for [`race_of`].
    #[cfg(test)]
    fn is_race(&self) -> bool {
        let rearmost = (1..=BAR).rev().find(|&p| self.own[p] > 0).unwrap_or(0);
        let theirs = (0..=24).find(|&p| self.opp[p] > 0).unwrap_or(25);
        rearmost < theirs
    }
}

/// Is there no contact left: every checker of the side on roll past every
/// opposing one (nobody on the bar)?
///
/// ```
/// use tavli_core::portes::Position;
/// use tavli_core::portes_pos;
/// use tavli_engine::games::portes::inputs::is_race;
/// assert!(!is_race(&Position::start()));
/// assert!(is_race(&portes_pos!(White; white {6: 5, 3: 10}; black {24: 7, 20: 8})));
/// ```
pub fn is_race(pos: &Position) -> bool {
    race_of(&Bits::of(&SideView::of(pos).board()))
}

/// A race read from the side on roll's masks: its rearmost checker (its
/// bar 25) below the opponent's rearmost (its bar 0).
fn race_of(bits: &Bits) -> bool {
    let rearmost = 31 - (bits.own_any | 1).leading_zeros();
    let theirs = (bits.opp_any | 1 << 25).trailing_zeros();
    rearmost < theirs
}

/// Of the 36 rolls, how many let the opponent hit one of `v`'s blots: a
/// die straight onto it, or both dice (each of a doublet's up to four
/// steps) with every point on the way not held by this side. The opponent
/// moves up this side's numbering: from its bar (index 0) onto point `die`.
/// Point by point, as the reference for the bit-parallel count the
/// encodings use.
#[cfg(test)]
fn shot_rolls(v: &SideView) -> u8 {
    let blots: Vec<usize> = (1..=24).filter(|&p| v.own[p] == 1).collect();
    if blots.is_empty() {
        return 0;
    }
    let hitters: Vec<usize> = (0..=24).filter(|&p| v.opp[p] > 0).collect();
    let open = |p: usize| p <= 24 && !v.made(p);
    let hits_from = |x: usize, a: usize, b: usize| -> bool {
        let steps: &[usize] = if a == b { &[a, a, a, a] } else { &[a, b] };
        let lands = |to: usize| to <= 24 && v.own[to] == 1;
        if a != b {
            // Either die alone, or both in either order through an open point.
            return lands(x + a) || lands(x + b) || (lands(x + a + b) && (open(x + a) || open(x + b)));
        }
        let mut at = x;
        for &s in steps {
            at += s;
            if !open(at) {
                return lands(at);
            }
            if lands(at) {
                return true;
            }
        }
        false
    };
    // Each of the 21 rolls with its weight in 36 (a count, below 36).
    ROLLS
        .iter()
        .filter(|&&(a, b, _)| hitters.iter().any(|&x| hits_from(x, a as usize, b as usize)))
        .map(|&(_, _, w)| w as u8)
        .sum()
}

/// [`shot_rolls`] of a side given as arrays (for the features' tests).
#[cfg(test)]
pub(crate) fn shot_rolls_of(own: &[u8; 26], opp: &[u8; 26]) -> u8 {
    shot_rolls(&SideView { own: *own, opp: *opp })
}

/// Writes one side's inputs from `base`, `shots` its shots count, `bits`
/// its masks: the counts read from them rather than point by point (the
/// profile gave the loops 14% of an evaluation), checked against
/// [`encode_side_pointwise`] by a test.
fn encode_side<S: InputSink>(v: &SideView, bits: &Bits, shots: u8, base: usize, out: &mut S) {
    let mut pips = 0u32;
    let mut on = bits.own_any;
    while on != 0 {
        let p = on.trailing_zeros() as usize;
        on &= on - 1;
        out.count(base + (p - 1) * PER_POINT, v.own[p]);
        pips += p as u32 * u32::from(v.own[p]);
    }
    // The longest run of made points: each step drops every run's last bit.
    let (mut runs, mut prime) = (bits.own_made, 0u32);
    while runs != 0 {
        runs &= runs >> 1;
        prime += 1;
    }
    let f = base + 25 * PER_POINT;
    let home_made = (bits.own_made & span(1, 6)).count_ones();
    let back: u32 = (19..=BAR).map(|p| u32::from(v.own[p])).sum();
    out.push(f, f32::from(v.own[0]) / 15.0);
    out.push(f + 1, pips as f32 / 167.0);
    out.push(f + 2, f32::from(shots) / 36.0);
    out.push(f + 3, home_made as f32 / 6.0);
    out.push(f + 4, prime as f32 / 6.0);
    out.push(f + 5, (bits.own_blot.count_ones() as f32 / 4.0).min(1.0));
    out.push(f + 6, back as f32 / 5.0);
    out.push(f + 7, if bits.own_made & span(19, 24) != 0 { 1.0 } else { 0.0 });
}

/// [`encode_side`] point by point, as the obviously correct reference.
#[cfg(test)]
fn encode_side_pointwise<S: InputSink>(v: &SideView, shots: u8, base: usize, out: &mut S) {
    for p in 1..=BAR {
        let n = v.own[p];
        if n > 0 {
            out.count(base + (p - 1) * PER_POINT, n);
        }
    }
    let f = base + 25 * PER_POINT;
    let pips: u32 = (1..=BAR).map(|p| p as u32 * u32::from(v.own[p])).sum();
    let home_made = (1..=6).filter(|&p| v.made(p)).count();
    let mut prime = 0;
    let mut run = 0;
    for p in 1..=24 {
        run = if v.made(p) { run + 1 } else { 0 };
        prime = prime.max(run);
    }
    let blots = (1..=24).filter(|&p| v.own[p] == 1).count();
    let back: u32 = (19..=BAR).map(|p| u32::from(v.own[p])).sum();
    let anchor = (19..=24).any(|p| v.made(p));
    out.push(f, f32::from(v.own[0]) / 15.0);
    out.push(f + 1, pips as f32 / 167.0);
    out.push(f + 2, f32::from(shots) / 36.0);
    out.push(f + 3, home_made as f32 / 6.0);
    out.push(f + 4, prime as f32 / 6.0);
    out.push(f + 5, (blots as f32 / 4.0).min(1.0));
    out.push(f + 6, back as f32 / 5.0);
    out.push(f + 7, if anchor { 1.0 } else { 0.0 });
}

/// Writes the inputs of `pos` into `out`.
pub fn encode_into<S: InputSink>(pos: &Position, out: &mut S) {
    encode_version_into(pos, ENCODING_VERSION, out);
}

/// Writes the inputs of `pos` as encoding `version` (1 or 2) lays them
/// out: the inputs of the versions up to `version`, none of the later
/// ones' (`examples/portes_encode_speed.rs` times the two).
pub fn encode_version_into<S: InputSink>(pos: &Position, version: u32, out: &mut S) {
    let me = SideView::of(pos);
    let them = SideView::of(&pos.pass_turn());
    let bits = [Bits::of(&me.board()), Bits::of(&them.board())];
    if version >= 2 {
        // Encoding 2's features find the shots on the way (the same count).
        let mut f = [[0.0; EXTRA_FEATURES]; 2];
        let shots = [features(&me.board(), &bits[0], &mut f[0]), features(&them.board(), &bits[1], &mut f[1])];
        encode_side(&me, &bits[0], shots[0], 0, out);
        encode_side(&them, &bits[1], shots[1], SIDE_INPUTS, out);
        for (side, f) in f.iter().enumerate() {
            for (i, &x) in f.iter().enumerate() {
                out.push(EXTRA + side * EXTRA_FEATURES + i, x);
            }
        }
    } else {
        encode_side(&me, &bits[0], shots(&me.board()) as u8, 0, out);
        encode_side(&them, &bits[1], shots(&them.board()) as u8, SIDE_INPUTS, out);
    }
    if race_of(&bits[0]) {
        out.push(RACE, 1.0);
    }
    out.push(RACE + 1, 1.0);
}

/// The inputs of `pos`, as a sparse list (cleared first).
pub fn encode(pos: &Position, out: &mut Inputs) {
    out.items.clear();
    encode_into(pos, out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavli_core::game::{DiceSource, SeededDice};
    use tavli_core::portes_pos;

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
            assert!(x[EXTRA..].iter().all(|&v| (0.0..=1.0).contains(&v)), "{pos:?}");
            // Encoding 1's inputs are the first ones, with the same values.
            let mut v1 = Inputs::with_capacity();
            encode_version_into(&pos, 1, &mut v1);
            let mut d1 = vec![0.0; NUM_INPUTS];
            for &(i, value) in &v1.items {
                d1[i as usize] = value;
            }
            assert_eq!(x[..EXTRA], d1[..EXTRA], "{pos:?}");
            assert!(d1[EXTRA..].iter().all(|&v| v == 0.0));
            assert_eq!(x, dense(&pos.mirror()));
            let y = dense(&pos.pass_turn());
            assert_eq!(x[..SIDE_INPUTS], y[SIDE_INPUTS..2 * SIDE_INPUTS]);
            assert_eq!(x[SIDE_INPUTS..2 * SIDE_INPUTS], y[..SIDE_INPUTS]);
            let (me, them) = (EXTRA..EXTRA + EXTRA_FEATURES, EXTRA + EXTRA_FEATURES..NUM_INPUTS);
            assert_eq!(x[me.clone()], y[them.clone()]);
            assert_eq!(x[them], y[me]);
            let plays = pos.legal_plays(dice.roll());
            pos = *plays[dice.die() as usize % plays.len()].position();
        }
    }

    /// The side inputs and the race input read from the masks equal their
    /// point-by-point forms, for both sides of positions of random games.
    #[test]
    fn side_inputs_from_masks_equal_the_pointwise_reference() {
        let mut dice = SeededDice::new(31);
        let mut pos = Position::start();
        let (mut races, mut blots) = (0, 0);
        for _ in 0..20_000 {
            if pos.outcome().is_some() {
                pos = Position::start();
            }
            for side in [pos, pos.pass_turn()] {
                let v = SideView::of(&side);
                let bits = Bits::of(&v.board());
                let shots = shots(&v.board()) as u8;
                let (mut fast, mut slow) = (Inputs::with_capacity(), Inputs::with_capacity());
                encode_side(&v, &bits, shots, 0, &mut fast);
                encode_side_pointwise(&v, shots, 0, &mut slow);
                assert_eq!(fast.dense(NUM_INPUTS), slow.dense(NUM_INPUTS), "{side:?}");
                blots += usize::from(bits.own_blot != 0);
            }
            let x = dense(&pos);
            assert_eq!(x[RACE] == 1.0, SideView::of(&pos).is_race(), "{pos:?}");
            assert_eq!(is_race(&pos), SideView::of(&pos).is_race(), "{pos:?}");
            races += usize::from(x[RACE] == 1.0);
            let plays = pos.legal_plays(dice.roll());
            pos = *plays[dice.die() as usize % plays.len()].position();
        }
        // The games reach both races and blots, so both branches are tried.
        assert!(races > 1000 && blots > 1000, "{races} races, {blots} sides with blots");
    }

    #[test]
    fn the_start_encodes_its_points_and_pips() {
        let x = dense(&Position::start());
        // 2 on the 24-point: ≥1 and ≥2 but not ≥3.
        let p24 = 23 * PER_POINT;
        assert_eq!(&x[p24..p24 + 4], &[1.0, 1.0, 0.0, 0.0]);
        // 5 on the 6-point: (5 − 3)/4 beyond three.
        let p6 = 5 * PER_POINT;
        assert_eq!(&x[p6..p6 + 4], &[1.0, 1.0, 1.0, 0.5]);
        let f = 25 * PER_POINT;
        assert_eq!(x[f + 1], 1.0); // 167 pips
        assert_eq!(x[f + 2], 0.0); // no blots, no shots
        assert_eq!(x[f + 3], 1.0 / 6.0); // the 6-point is the one home point made
        assert_eq!(x[RACE], 0.0);
        assert_eq!(x[RACE + 1], 1.0);
    }

    #[test]
    fn shots_count_direct_and_combined_hits_and_respect_made_points() {
        // White's blot on its 20-point, one Black checker 1 pip behind it
        // (White's 19 is Black's 6): 11 rolls contain a 1.
        let p = portes_pos!(White; white {20: 1, 6: 14}; black {19: 15});
        let v = SideView::of(&p);
        assert_eq!(shot_rolls(&v), 11);
        // Six pips away: any 6 (11), 5-1, 4-2, 3-3, 2-2 (with 4-2, 2-4 both
        // ways): 11 + 2 + 2 + 1 + 1 = 17, as the classic table says.
        let p = portes_pos!(White; white {20: 1, 6: 14}; black {14: 15});
        assert_eq!(shot_rolls(&SideView::of(&p)), 17);
        // White holds every point between: only the direct 6s hit.
        let p = portes_pos!(White; white {20: 1, 19: 2, 18: 2, 17: 2, 16: 2, 15: 2, 6: 4}; black {14: 15});
        assert_eq!(shot_rolls(&SideView::of(&p)), 11);
        // A Black checker on the bar enters on White's 1..6 (Black's 24..19):
        // White's 3 is hit by any 3, 2-1 and 1-1.
        let p = portes_pos!(White; white {3: 1, 8: 14}; black {bar: 1});
        assert_eq!(shot_rolls(&SideView::of(&p)), 11 + 2 + 1);
    }

    #[test]
    fn a_race_is_when_every_checker_is_past_every_opposing_one() {
        assert!(!is_race(&Position::start()));
        assert!(is_race(&portes_pos!(White; white {6: 5, 3: 10}; black {24: 7, 20: 8})));
        // One White checker still behind a Black one.
        assert!(!is_race(&portes_pos!(White; white {21: 1, 3: 14}; black {24: 7, 20: 8})));
        // A Black checker on the bar must come in past White's checkers.
        assert!(!is_race(&portes_pos!(White; white {6: 5, 3: 10}; black {bar: 1, 20: 14})));
        let x = dense(&portes_pos!(White; white {6: 5, 3: 10}; black {24: 7, 20: 8}));
        assert_eq!(x[RACE], 1.0);
    }
}
