//! The network's inputs: what matters in Plakoto, from the side on roll's
//! point of view, then the same for the opponent (so the encoding is
//! colour-blind and symmetric).
//!
//! Per side, for each point 1..=24 in that side's own numbering: four
//! inputs for the checkers on top (≥1, ≥2, ≥3, and (n−3)/4 beyond three)
//! and one for its own checker pinned there; the borne-off count; and
//! expert features a player weighs: pips, the mother (alone on the start,
//! the start empty, shots at her), exposed blots, stuck checkers, the
//! longest block run and the blocks in front of the opponent, how far back
//! the rearmost checker is, bearing off allowed. Then two global inputs:
//! no contact (a pure race) and a constant 1.
//!
//! Encoding 2 appends, for each side, what the next roll holds, counted
//! exactly over the 36 rolls with the blocks in the way (the first
//! encoding's shot table ignores them): the rolls on which the opponent can
//! pin one of the side's lone checkers, can pin its mother, and how deep
//! the deepest such pin lands; and how much of each roll the side's
//! rearmost checker can move past the opponent's blocks.
//!
//! Encoding 3 appends, for each side, how free its checkers are to move:
//! the share of its checkers that no single die can move (trapped behind
//! blocks), the share of (point, die) pairs it can play, the share of its
//! checkers with an opposing block within six points ahead, and the share not
//! yet home; then one global input: the pins are all the contact left (the
//! free checkers are past each other), the endgame of pins.
//!
//! `ENCODING_VERSION` changes whenever this layout does; weight files carry
//! it. A new version only ever appends inputs, so weights of an older
//! version still load (`INPUTS_OF_VERSION`): the inputs they lack get zero
//! weights, and they evaluate exactly as before.

use tavli_core::Position;

use crate::inputs::{InputSink, Inputs, ROLLS};

/// Bump when the layout below changes (by appending inputs only).
pub const ENCODING_VERSION: u32 = 3;

pub(crate) const PER_POINT: usize = 5;
const SIDE_FEATURES: usize = 11;
/// Inputs describing one side in the first encoding.
pub const SIDE_INPUTS: usize = 24 * PER_POINT + SIDE_FEATURES;
/// Next-roll inputs per side (encoding 2).
const ROLL_FEATURES: usize = 4;
/// Where the next-roll inputs start: after both sides and the global ones.
const ROLL_BASE: usize = 2 * SIDE_INPUTS + 2;
/// Mobility inputs per side (encoding 3).
const MOBILITY_FEATURES: usize = 4;
/// Where the mobility inputs start: after the next-roll inputs.
const MOBILITY_BASE: usize = ROLL_BASE + 2 * ROLL_FEATURES;
/// The global input of encoding 3: only pins are left of the contact.
const PINS_ONLY_CONTACT: usize = MOBILITY_BASE + 2 * MOBILITY_FEATURES;
/// All inputs.
pub const NUM_INPUTS: usize = PINS_ONLY_CONTACT + 1;

/// The number of inputs of each encoding version (index 0 is version 1):
/// each version's inputs are the first ones of the next.
pub const INPUTS_OF_VERSION: [usize; ENCODING_VERSION as usize] = [ROLL_BASE, MOBILITY_BASE, NUM_INPUTS];

/// This encoding's weights-file facts (`games/encodings.rs`).
pub(crate) const ENCODINGS: crate::inputs::Encodings =
    crate::inputs::Encodings { file_code: 0, version: ENCODING_VERSION, inputs_of_version: &INPUTS_OF_VERSION };

/// Bits 1..=24: the points of the board.
const BOARD: u32 = 0x01FF_FFFE;

/// Chance in 36 that a checker `d` pips away is reached by some roll
/// (direct numbers and simple combinations).
pub const SHOTS: [u8; 25] = [0, 11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3, 0, 0, 1, 1, 0, 1, 0, 1, 0, 0, 0, 1];

/// The first input of each point's count inputs: both sides' 24 points
/// (what the fast evaluator sums in advance).
pub(crate) fn point_groups() -> Vec<usize> {
    (0..24).map(|p| p * PER_POINT).chain((0..24).map(|p| SIDE_INPUTS + p * PER_POINT)).collect()
}

/// Is there no contact left (every checker of the side on roll past every
/// opposing one, nobody pinned)?
pub fn is_race(pos: &Position) -> bool {
    if pos.own_pinned_mask() != 0 || pos.opp_pinned_mask() != 0 {
        return false;
    }
    let own_back = (1..=24u8).rev().find(|&p| pos.own_on(p) > 0).unwrap_or(0);
    let opp_back = (1..=24u8).find(|&p| pos.opp_on(p) > 0).unwrap_or(25);
    own_back < opp_back
}

/// Bit p set where `counts[p] >= at_least`, for p in 1..=24; counts are at
/// most 15. Eight points at a time in a u64: adding 128 − `at_least` to
/// each byte sets its top bit exactly when the count reaches `at_least`
/// (no carry crosses bytes), and one multiplication packs the eight flag
/// bits together (flag byte i lands on bit 56 + i).
#[inline(always)]
fn mask_at_least(counts: &[u8; 32], at_least: u8) -> u32 {
    debug_assert!((1..=15).contains(&at_least) && counts.iter().all(|&n| n <= 15));
    let bias = u64::from_le_bytes([128 - at_least; 8]);
    let mut m = 0u32;
    for (j, bytes) in counts.chunks_exact(8).enumerate() {
        let w = u64::from_le_bytes(bytes.try_into().expect("8 bytes"));
        let flags = ((w + bias) >> 7) & 0x0101_0101_0101_0101;
        m |= ((flags.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32) << (8 * j);
    }
    m & 0x01FF_FFFE
}

/// One side's view for encoding, in that side's own numbering: its checkers
/// on top per point, where the opponent has checkers on top, and the pins
/// both ways, as bit sets (bit p for point p).
struct SideView {
    own: [u8; 32],
    occupied: u32,
    /// Points with two or more of its checkers on top.
    blocks: u32,
    opp_present: u32,
    own_pinned: u32,
    opp_pinned: u32,
    /// Where the side may not land: two or more of theirs, or one of theirs
    /// pinning one of ours.
    blocked: u32,
}

impl SideView {
    #[inline(always)]
    fn of_mover(pos: &Position) -> SideView {
        let own = pos.own_points();
        let opp = pos.opp_points();
        let (opp_present, opp_blocks) = (mask_at_least(&opp, 1), mask_at_least(&opp, 2));
        let own_pinned = pos.own_pinned_mask();
        SideView {
            occupied: mask_at_least(&own, 1),
            blocks: mask_at_least(&own, 2),
            opp_present,
            own,
            own_pinned,
            opp_pinned: pos.opp_pinned_mask(),
            blocked: opp_blocks | (opp_present & own_pinned),
        }
    }
}

/// Encodes `pos` (side on roll first) into `out`.
pub fn encode(pos: &Position, out: &mut Inputs) {
    out.items.clear();
    encode_into(pos, out);
}

/// Feeds the inputs of `pos` (side on roll first) to `out`. Always inlined
/// so that the sink's calls are resolved at compile time.
#[inline(always)]
pub fn encode_into<S: InputSink>(pos: &Position, out: &mut S) {
    let (mover, other) = (SideView::of_mover(pos), SideView::of_mover(&pos.pass_turn()));
    encode_side(&mover, 0, out);
    encode_side(&other, SIDE_INPUTS, out);
    out.push(2 * SIDE_INPUTS, f32::from(u8::from(is_race(pos))));
    out.push(2 * SIDE_INPUTS + 1, 1.0);
    encode_next_roll(&mover, ROLL_BASE, out);
    encode_next_roll(&other, ROLL_BASE + ROLL_FEATURES, out);
    encode_mobility(&mover, MOBILITY_BASE, out);
    encode_mobility(&other, MOBILITY_BASE + MOBILITY_FEATURES, out);
    out.push(PINS_ONLY_CONTACT, f32::from(u8::from(pins_only_contact(&mover))));
}

/// Is the contact all in pins: every free checker of the side past every
/// free opposing one, with some checker still pinned (else it is a race)?
#[inline(always)]
fn pins_only_contact(v: &SideView) -> bool {
    let pinned = v.own_pinned | v.opp_pinned;
    // Our checkers on top move down; the opponent's move up.
    let own_back = 31 - (v.occupied | 1).leading_zeros();
    let opp_back = (v.opp_present | 1 << 25).trailing_zeros();
    pinned != 0 && own_back < opp_back
}

/// The checkers on top of the points in `mask`.
#[inline(always)]
fn checkers_on(own: &[u8; 32], mut mask: u32) -> u32 {
    let mut n = 0;
    while mask != 0 {
        n += u32::from(own[mask.trailing_zeros() as usize]);
        mask &= mask - 1;
    }
    n
}

/// The mobility inputs of one side, written from `base`: the share of its
/// free checkers no die can move, the share of (occupied point, die) pairs
/// it can play, the share of its free checkers with an opposing block at
/// most six points ahead, and the share of all its checkers on the board outside its home
/// (points 7 to 24). Moving off the board counts as open here: what matters
/// is the blocks.
#[inline(always)]
fn encode_mobility<S: InputSink>(v: &SideView, base: usize, out: &mut S) {
    // Bit 0 and below stand for off the board.
    let open = (BOARD & !v.blocked) | 1;
    let (mut any, mut pairs, mut near) = (0u32, 0u32, 0u32);
    for d in 1..=6u32 {
        let movable = v.occupied & ((open << d) | ((1 << d) - 1));
        any |= movable;
        pairs += movable.count_ones();
        near |= v.blocked << d;
    }
    let free = checkers_on(&v.own, v.occupied);
    let trapped = checkers_on(&v.own, v.occupied & !any);
    let behind = checkers_on(&v.own, v.occupied & near);
    const OUTSIDE: u32 = BOARD & !0x7E;
    let outside = checkers_on(&v.own, v.occupied & OUTSIDE) + (v.own_pinned & OUTSIDE).count_ones();
    let points = v.occupied.count_ones();
    if free > 0 {
        out.push(base, trapped as f32 / free as f32);
        out.push(base + 1, pairs as f32 / (6 * points) as f32);
        out.push(base + 2, behind as f32 / free as f32);
    }
    out.push(base + 3, outside as f32 / 15.0);
    debug_assert_eq!(MOBILITY_FEATURES, 4);
}

/// The points reached from `from` moving up the points with each die
/// alone: `[d]` for d in 1..=6, landing only on `open` points.
#[inline(always)]
fn single_steps(from: u32, open: u32) -> [u32; 7] {
    std::array::from_fn(|d| (from << d) & open)
}

/// The points the opponent's checkers reach with the roll `a`-`b` (one
/// checker using one die, or several in turn), every landing on an `open`
/// point, from their single steps `steps`. In the side's numbering the
/// opponent moves up the points.
#[inline(always)]
fn reached_up(steps: &[u32; 7], open: u32, a: u32, b: u32) -> u32 {
    let (xa, xb) = (steps[a as usize], steps[b as usize]);
    if a == b {
        let x2 = (xa << a) & open;
        let x3 = (x2 << a) & open;
        xa | x2 | x3 | ((x3 << a) & open)
    } else {
        xa | xb | (((xa << b) | (xb << a)) & open)
    }
}

/// How many of the roll `a`-`b`'s dice (of 2, or 4 for a doublet) one
/// checker can play in turn, the better order of the two; `open` has bit
/// k set when the point k pips ahead of it may be landed on.
#[inline(always)]
const fn dice_played(open: u32, a: u32, b: u32) -> u32 {
    if a == b {
        let (o1, o2, o3, o4) = (open >> a & 1, open >> (2 * a) & 1, open >> (3 * a) & 1, open >> (4 * a) & 1);
        o1 + o1 * o2 + o1 * o2 * o3 + o1 * o2 * o3 * o4
    } else {
        (open >> a & 1 | open >> b & 1) * (1 + (open >> (a + b) & 1))
    }
}

/// The dice one checker plays over the 30 non-doublet rolls, in quarters of
/// a roll, for each `open` pattern of the 11 points ahead (bits 1 to 11 of
/// `open`, index `open >> 1`): at most 11 pips ahead matter to them.
const PLAYED_BY_NON_DOUBLETS: [u8; 2048] = {
    let mut t = [0u8; 2048];
    let mut i = 0;
    while i < 2048 {
        let open = (i as u32) << 1;
        let mut sum = 0;
        let mut a = 2;
        while a <= 6 {
            let mut b = 1;
            while b < a {
                // Two of the 36 rolls, each die a quarter of the roll's four.
                sum += 2 * 2 * dice_played(open, a, b);
                b += 1;
            }
            a += 1;
        }
        t[i] = sum as u8;
        i += 1;
    }
    t
};

/// The next-roll inputs of one side, written from `base`: over the 36
/// rolls, the share on which the opponent can pin one of its lone checkers,
/// the share on which it can pin its mother, the deepest pin's point (/24)
/// averaged over the rolls, and the share of the dice its rearmost checker
/// can play.
#[inline(always)]
fn encode_next_roll<S: InputSink>(v: &SideView, base: usize, out: &mut S) {
    // Where the opponent may land: not on our blocks nor on our lone pinner.
    let open_for_opp = BOARD & !(v.blocks | (v.occupied & v.opp_pinned));
    let lone = v.occupied & !v.blocks & !v.opp_pinned;
    let (mut pin, mut mother, mut depth) = (0u32, 0u32, 0u32);
    if lone != 0 {
        let steps = single_steps(v.opp_present, open_for_opp);
        // Without branches (which rolls pin is unpredictable): a roll that
        // pins nothing adds 0 everywhere, as 32 − leading zeros is 0; for
        // one that pins it is the deepest point + 1, the 1 taken off below.
        for &(a, b, w) in &ROLLS {
            let hit = reached_up(&steps, open_for_opp, a, b) & lone;
            pin += w * u32::from(hit != 0);
            mother += w * (hit >> 24 & 1);
            depth += w * (32 - hit.leading_zeros());
        }
        depth -= pin;
    }
    let mut played = 0u32;
    if v.occupied != 0 {
        // Bit k of `ahead`: the point k pips below the rearmost checker is
        // blocked (points below 1 never are).
        let rear = 31 - v.occupied.leading_zeros();
        let open = !(v.blocked.reverse_bits() >> (31 - rear));
        // In quarters of a roll, so a doublet's four dice and a roll's two
        // count alike: the non-doublets from the table, then the doublets.
        played = u32::from(PLAYED_BY_NON_DOUBLETS[(open >> 1 & 0x7FF) as usize]);
        for d in 1..=6 {
            played += dice_played(open, d, d);
        }
    }
    out.push(base, pin as f32 / 36.0);
    out.push(base + 1, mother as f32 / 36.0);
    out.push(base + 2, depth as f32 / (36.0 * 24.0));
    out.push(base + 3, played as f32 / (36.0 * 4.0));
    debug_assert_eq!(ROLL_FEATURES, 4);
}

/// The inputs of one side, written from `base`.
#[inline(always)]
fn encode_side<S: InputSink>(v: &SideView, base: usize, out: &mut S) {
    let at = |p: u32| base + PER_POINT * (p as usize - 1);
    let mut m = v.occupied;
    while m != 0 {
        let p = m.trailing_zeros();
        m &= m - 1;
        out.count(at(p), v.own[p as usize]);
    }
    let mut m = v.own_pinned;
    while m != 0 {
        let p = m.trailing_zeros();
        m &= m - 1;
        out.push(at(p) + 4, 1.0);
    }
    let mut pips: u32 = (1..=24).map(|p| u32::from(v.own[p]) * p as u32).sum();
    let mut m = v.own_pinned;
    while m != 0 {
        pips += m.trailing_zeros();
        m &= m - 1;
    }
    let f = base + 24 * PER_POINT;
    out.push(f, f32::from(v.own[0]) / 15.0);
    out.push(f + 1, pips as f32 / 200.0);

    // Opposing checkers that can still move (not pinned under us) reach
    // points above them in our numbering.
    let free_opp = v.opp_present & !v.own_pinned;
    let shots_at = |p: usize| -> f32 {
        let lo = p.saturating_sub(12).max(1);
        let mut m = free_opp & ((1u32 << p) - 1) & !((1u32 << lo) - 1);
        let mut s = 0u32;
        while m != 0 {
            let q = m.trailing_zeros() as usize;
            m &= m - 1;
            s += u32::from(SHOTS[p - q]);
        }
        (s as f32 / 36.0).min(1.0)
    };

    // The mother: alone on our 24-point, the start emptied, shots at her.
    let mother_alone = v.own[24] == 1;
    out.push(f + 2, f32::from(u8::from(mother_alone)));
    out.push(f + 3, f32::from(u8::from(v.own[24] == 0 && v.own_pinned >> 24 & 1 == 0)));
    if mother_alone {
        out.push(f + 4, shots_at(24));
    }

    // Blots: lone checkers not pinning anything, and how exposed they are.
    let mut blots = 0u32;
    let mut worst = 0.0f32;
    let mut m = v.occupied & !v.blocks & !v.opp_pinned & 0x00FF_FFFC; // points 2..=23
    while m != 0 {
        let p = m.trailing_zeros() as usize;
        m &= m - 1;
        let s = shots_at(p);
        if s > 0.0 {
            blots += 1;
            worst = worst.max(s);
        }
    }
    out.push(f + 5, blots as f32 / 4.0);
    out.push(f + 6, worst);
    out.push(f + 7, v.own_pinned.count_ones() as f32 / 2.0);

    // Blocks (2+ checkers, or one pinning) and runs of them in front of the
    // opponent's rearmost checker.
    let block_mask = v.blocks | (v.occupied & v.opp_pinned);
    let opp_any = v.opp_present | v.opp_pinned;
    let rear_opp = if opp_any == 0 { 25 } else { opp_any.trailing_zeros() };
    let front = (block_mask >> (rear_opp + 1).min(31)).count_ones();
    let mut runs = block_mask;
    let mut best_run = 0;
    while runs != 0 {
        runs &= runs << 1;
        best_run += 1;
    }
    out.push(f + 8, best_run as f32 / 6.0);
    out.push(f + 9, front as f32 / 8.0);
    let mine = v.occupied | v.own_pinned;
    let rear_own = if mine == 0 { 0 } else { 31 - mine.leading_zeros() };
    out.push(f + 10, rear_own as f32 / 24.0);
    debug_assert_eq!(SIDE_FEATURES, 11);
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavli_core::game::{DiceSource, SeededDice};
    use tavli_core::pos;

    /// The plain first version of `encode_side`, point by point through the
    /// Position accessors: the fast bit-mask version must agree with it.
    fn reference_side(pos: &Position, base: usize, out: &mut Inputs) {
        let mut pips = 0u32;
        for p in 1..=24u8 {
            let n = pos.own_on(p);
            let i = base + PER_POINT * (p as usize - 1);
            if n >= 1 {
                out.push(i, 1.0);
                if n >= 2 {
                    out.push(i + 1, 1.0);
                    if n >= 3 {
                        out.push(i + 2, 1.0);
                        out.push(i + 3, f32::from(n - 3) / 4.0);
                    }
                }
            }
            let pinned = pos.own_pinned_on(p);
            if pinned {
                out.push(i + 4, 1.0);
            }
            pips += (u32::from(n) + u32::from(pinned)) * u32::from(p);
        }
        let f = base + 24 * PER_POINT;
        out.push(f, f32::from(pos.own_off()) / 15.0);
        out.push(f + 1, pips as f32 / 200.0);

        // Opposing checkers that can still move (not pinned under us) reach
        // points above them in our numbering.
        let free_opp = |q: u8| pos.opp_on(q) > 0 && !pos.own_pinned_on(q);
        let shots_at = |p: u8| -> f32 {
            let s: u32 = (1..p.min(13)).filter(|&d| free_opp(p - d)).map(|d| u32::from(SHOTS[d as usize])).sum();
            (s as f32 / 36.0).min(1.0)
        };

        // The mother: alone on our 24-point, the start emptied, shots at her.
        let mother_alone = pos.own_on(24) == 1;
        out.push(f + 2, f32::from(u8::from(mother_alone)));
        out.push(f + 3, f32::from(u8::from(pos.own_on(24) == 0 && !pos.own_pinned_on(24))));
        if mother_alone {
            out.push(f + 4, shots_at(24));
        }

        // Blots: lone checkers not pinning anything, and how exposed they are.
        let mut blots = 0u32;
        let mut worst = 0.0f32;
        for p in 2..=23u8 {
            if pos.own_on(p) == 1 && !pos.opp_pinned_on(p) {
                let s = shots_at(p);
                if s > 0.0 {
                    blots += 1;
                    worst = worst.max(s);
                }
            }
        }
        out.push(f + 5, blots as f32 / 4.0);
        out.push(f + 6, worst);
        out.push(f + 7, pos.own_pinned_mask().count_ones() as f32 / 2.0);

        // Blocks (2+ checkers, or one pinning) and runs of them in front of the
        // opponent's rearmost checker.
        let rear_opp = (1..=24u8).find(|&q| pos.opp_on(q) > 0 || pos.opp_pinned_on(q)).unwrap_or(25);
        let (mut run, mut best_run, mut front) = (0u32, 0u32, 0u32);
        for p in 1..=24u8 {
            let block = pos.own_on(p) >= 2 || (pos.own_on(p) == 1 && pos.opp_pinned_on(p));
            if block {
                run += 1;
                best_run = best_run.max(run);
                if p > rear_opp {
                    front += 1;
                }
            } else {
                run = 0;
            }
        }
        out.push(f + 8, best_run as f32 / 6.0);
        out.push(f + 9, front as f32 / 8.0);
        let rear_own = (1..=24u8).rev().find(|&p| pos.own_on(p) > 0 || pos.own_pinned_on(p)).unwrap_or(0);
        out.push(f + 10, f32::from(rear_own) / 24.0);
        debug_assert_eq!(SIDE_FEATURES, 11);
    }

    /// The next-roll inputs point by point and roll by roll.
    fn reference_next_roll(pos: &Position, base: usize, out: &mut Inputs) {
        let on_board = |p: u8| (1..=24).contains(&p);
        // The opponent may land where we have no block and no lone pinner.
        let open_for_opp = |p: u8| on_board(p) && pos.own_on(p) < 2 && !(pos.own_on(p) == 1 && pos.opp_pinned_on(p));
        let lone = |p: u8| on_board(p) && pos.own_on(p) == 1 && !pos.opp_pinned_on(p);
        // We may not land on two of theirs or on one of theirs pinning ours.
        let open_for_us = |p: i32| {
            p < 1 || {
                let p = p as u8;
                !(pos.opp_on(p) >= 2 || (pos.opp_on(p) == 1 && pos.own_pinned_on(p)))
            }
        };
        let rear = (1..=24u8).rev().find(|&p| pos.own_on(p) > 0);
        let (mut pin, mut mother, mut depth, mut played) = (0, 0, 0, 0);
        for a in 1..=6u8 {
            for b in 1..=6u8 {
                let mut reached = Vec::new();
                for q in (1..=24u8).filter(|&q| pos.opp_on(q) > 0) {
                    if a == b {
                        let mut at = q;
                        for _ in 0..4 {
                            at += a;
                            if !open_for_opp(at) {
                                break;
                            }
                            reached.push(at);
                        }
                    } else {
                        for (x, y) in [(a, b), (b, a)] {
                            if open_for_opp(q + x) {
                                reached.push(q + x);
                                if open_for_opp(q + x + y) {
                                    reached.push(q + x + y);
                                }
                            }
                        }
                    }
                }
                let hit: Vec<u8> = reached.into_iter().filter(|&p| lone(p)).collect();
                if let Some(&deepest) = hit.iter().max() {
                    pin += 1;
                    mother += u32::from(hit.contains(&24));
                    depth += u32::from(deepest);
                }
                if let Some(r) = rear {
                    let orders: Vec<Vec<u8>> = if a == b { vec![vec![a; 4]] } else { vec![vec![a, b], vec![b, a]] };
                    let best = orders
                        .iter()
                        .map(|dice| {
                            let mut at = i32::from(r);
                            dice.iter()
                                .take_while(|&&d| {
                                    at -= i32::from(d);
                                    open_for_us(at)
                                })
                                .count() as u32
                        })
                        .max()
                        .unwrap();
                    played += best * if a == b { 1 } else { 2 };
                }
            }
        }
        out.push(base, pin as f32 / 36.0);
        out.push(base + 1, mother as f32 / 36.0);
        out.push(base + 2, depth as f32 / (36.0 * 24.0));
        out.push(base + 3, played as f32 / (36.0 * 4.0));
    }

    /// The mobility inputs checker by checker and die by die.
    fn reference_mobility(pos: &Position, base: usize, out: &mut Inputs) {
        let blocked = |p: i32| {
            (1..=24).contains(&p) && {
                let p = p as u8;
                pos.opp_on(p) >= 2 || (pos.opp_on(p) == 1 && pos.own_pinned_on(p))
            }
        };
        let (mut free, mut trapped, mut pairs, mut points, mut behind, mut outside) = (0, 0, 0, 0, 0, 0);
        for p in 1..=24u8 {
            let n = u32::from(pos.own_on(p));
            if p >= 7 {
                outside += n + u32::from(pos.own_pinned_on(p));
            }
            if n == 0 {
                continue;
            }
            free += n;
            points += 1;
            let dice = (1..=6).filter(|&d| !blocked(i32::from(p) - d)).count() as u32;
            pairs += dice;
            if dice == 0 {
                trapped += n;
            }
            if (1..=6).any(|d| blocked(i32::from(p) - d)) {
                behind += n;
            }
        }
        if free > 0 {
            out.push(base, trapped as f32 / free as f32);
            out.push(base + 1, pairs as f32 / (6 * points) as f32);
            out.push(base + 2, behind as f32 / free as f32);
        }
        out.push(base + 3, outside as f32 / 15.0);
    }

    /// Only pins are left of the contact: pinned checkers, and the free
    /// checkers past each other.
    fn reference_pins_only_contact(pos: &Position) -> bool {
        let pinned = (1..=24u8).any(|p| pos.own_pinned_on(p) || pos.opp_pinned_on(p));
        let own_back = (1..=24u8).rev().find(|&p| pos.own_on(p) > 0).unwrap_or(0);
        let opp_back = (1..=24u8).find(|&p| pos.opp_on(p) > 0).unwrap_or(25);
        pinned && own_back < opp_back
    }

    /// The plain encoding of `pos`, for the fast one to agree with.
    fn reference(pos: &Position) -> Inputs {
        let mut slow = Inputs::with_capacity();
        reference_side(pos, 0, &mut slow);
        reference_side(&pos.pass_turn(), SIDE_INPUTS, &mut slow);
        slow.push(2 * SIDE_INPUTS, f32::from(u8::from(is_race(pos))));
        slow.push(2 * SIDE_INPUTS + 1, 1.0);
        reference_next_roll(pos, ROLL_BASE, &mut slow);
        reference_next_roll(&pos.pass_turn(), ROLL_BASE + ROLL_FEATURES, &mut slow);
        reference_mobility(pos, MOBILITY_BASE, &mut slow);
        reference_mobility(&pos.pass_turn(), MOBILITY_BASE + MOBILITY_FEATURES, &mut slow);
        slow.push(PINS_ONLY_CONTACT, f32::from(u8::from(reference_pins_only_contact(pos))));
        slow
    }

    #[test]
    fn fast_encoding_matches_the_plain_one() {
        let mut dice = SeededDice::new(12);
        let mut pos = Position::start();
        let mut fast = Inputs::with_capacity();
        for _ in 0..20_000 {
            if pos.outcome().is_some() {
                pos = Position::start();
            }
            encode(&pos, &mut fast);
            assert_eq!(fast.dense(NUM_INPUTS), reference(&pos).dense(NUM_INPUTS), "{pos:?}");
            let plays = pos.legal_plays(dice.roll());
            pos = *plays[dice.die() as usize % plays.len()].position();
        }
    }

    #[test]
    fn start_encoding_is_symmetric() {
        let mut a = Inputs::with_capacity();
        encode(&Position::start(), &mut a);
        let d = a.dense(NUM_INPUTS);
        assert_eq!(d.len(), NUM_INPUTS);
        assert_eq!(&d[..SIDE_INPUTS], &d[SIDE_INPUTS..2 * SIDE_INPUTS]);
        // 15 on the 24-point: ≥1, ≥2, ≥3 and (15−3)/4.
        let p24 = PER_POINT * 23;
        assert_eq!(&d[p24..p24 + 4], &[1.0, 1.0, 1.0, 3.0]);
    }

    /// The four inputs of `pos` from index `at`.
    fn four_from(pos: &Position, at: usize) -> [f32; 4] {
        let mut a = Inputs::with_capacity();
        encode(pos, &mut a);
        let d = a.dense(NUM_INPUTS);
        [d[at], d[at + 1], d[at + 2], d[at + 3]]
    }

    /// The next-roll inputs of the side on roll (`0`) or of the other side (`1`).
    fn next_roll(pos: &Position, side: usize) -> [f32; 4] {
        four_from(pos, ROLL_BASE + side * ROLL_FEATURES)
    }

    #[test]
    fn pin_chances_count_the_rolls_and_respect_blocks() {
        // White's lone checker on 13, Black's one free checker six pips
        // below it in White's numbering (Black's 18-point): any 6, 5-1,
        // 4-2, 3-3 and 2-2 reach it, 17 rolls; White, on roll, has no lone
        // checker elsewhere and its mother is not alone.
        let open = pos!(White; white {24: 14, 13: 1}; black {18: 14, 7: 1});
        let [pin, mother, depth, _] = next_roll(&open, 0);
        assert_eq!((pin * 36.0).round(), 17.0);
        assert_eq!(mother, 0.0);
        assert!((depth - 17.0 * 13.0 / (36.0 * 24.0)).abs() < 1e-6);
        // A white block three pips on stops 3-3 only: 16 rolls.
        let blocked = pos!(White; white {24: 12, 13: 1, 10: 2}; black {18: 14, 7: 1});
        assert_eq!((next_roll(&blocked, 0)[0] * 36.0).round(), 16.0);
        // Black's side: White's checker on 13 is as far above Black's lone
        // one, so White, on roll, pins it with the same 17 rolls; Black's
        // rearmost checker is free to play every die.
        let [pin, _, _, played] = next_roll(&open, 1);
        assert_eq!((pin * 36.0).round(), 17.0);
        assert_eq!(played, 1.0);
    }

    #[test]
    fn the_mother_in_reach_is_seen() {
        // White's mother alone on its 24-point, a black checker on White's
        // 22 (Black's 3-point) two pips below: 2s, 1-1, 12 rolls.
        let p = pos!(White; white {24: 1, 6: 14}; black {22: 1, 1: 14});
        let [pin, mother, _, _] = next_roll(&p, 0);
        assert_eq!((pin * 36.0).round(), 12.0);
        assert_eq!((mother * 36.0).round(), 12.0);
    }

    #[test]
    fn a_trapped_rear_checker_plays_few_dice() {
        // White's rear checker on 24 behind a black prime on 18..=23: only
        // 6s leave it, and a 6 lands on 18, blocked too; it plays nothing.
        let p = pos!(White; white {24: 1, 6: 14}; black {18: 2, 19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 1: 3});
        assert_eq!(next_roll(&p, 0)[3], 0.0);
    }

    /// The mobility inputs of the side on roll (`0`) or of the other side (`1`).
    fn mobility(pos: &Position, side: usize) -> [f32; 4] {
        four_from(pos, MOBILITY_BASE + side * MOBILITY_FEATURES)
    }

    #[test]
    fn checkers_behind_a_prime_are_trapped() {
        // White's two checkers on 24 behind a black six-prime on 18..=23:
        // no die moves them; its 13 on the 6-point play every die but a 5
        // (Black's three on the 1-point; off the board counts as open). Of
        // White's 2 points and 6 dice, 5 of 12 pairs play.
        let p = pos!(White; white {24: 2, 6: 13}; black {18: 2, 19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 1: 3});
        let [trapped, pairs, behind, outside] = mobility(&p, 0);
        assert!((trapped - 2.0 / 15.0).abs() < 1e-6);
        assert!((pairs - 5.0 / 12.0).abs() < 1e-6);
        // All 15 have a block within six points ahead.
        assert_eq!(behind, 1.0);
        assert!((outside - 2.0 / 15.0).abs() < 1e-6);
        // Black: White's two on 24 are a block on Black's 1-point, at most
        // six points ahead of the 12 in Black's home, and White's 13 on its
        // 6-point one on Black's 19, five ahead of Black's three on 24;
        // none is trapped.
        let [trapped, _, behind, _] = mobility(&p, 1);
        assert_eq!(trapped, 0.0);
        assert_eq!(behind, 1.0);
    }

    #[test]
    fn pins_only_contact_is_the_endgame_of_pins() {
        // White's checkers all past Black's free ones, and a black checker
        // pinned under White's on 20: no race, only the pin holds contact.
        let p = pos!(White; white {20: 1, 6: 14}; black {21: 14}; pinned {20: Black});
        let mut a = Inputs::with_capacity();
        encode(&p, &mut a);
        assert!(!is_race(&p));
        assert_eq!(a.dense(NUM_INPUTS)[PINS_ONLY_CONTACT], 1.0);
        // White's checker on 22 still has Black's to pass: contact.
        let q = pos!(White; white {22: 1, 20: 1, 6: 13}; black {21: 14}; pinned {20: Black});
        encode(&q, &mut a);
        assert_eq!(a.dense(NUM_INPUTS)[PINS_ONLY_CONTACT], 0.0);
    }

    #[test]
    fn pins_and_races_are_seen() {
        let p = pos!(White; white {24: 13, 13: 1}; black {1: 14}; pinned {13: Black});
        let mut a = Inputs::with_capacity();
        encode(&p, &mut a);
        let d = a.dense(NUM_INPUTS);
        // Black's checker pinned on its own 12-point.
        assert_eq!(d[SIDE_INPUTS + PER_POINT * 11 + 4], 1.0);
        assert!(!is_race(&p));
        let race = pos!(White; white {6: 15}; black {19: 15});
        assert!(is_race(&race));
    }
}
