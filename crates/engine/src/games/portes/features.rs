//! Encoding 2's features of one side of a Portes position, appended after
//! encoding 1's inputs (see `portes_inputs.rs`). All are computed in the
//! side's own numbering, where its checkers move down (25 its bar, 0 off)
//! and the opponent's move up (from index 0, the opponent's bar, to 24).
//!
//! - escapes: of the 36 rolls, how many carry the side's rearmost checker
//!   past the lowest opposing made point among the 12 in front of it
//!   (outside the side's home board, where the opponent's points are
//!   anchors, not a blockade, and do not stop it);
//! - containment: 1 − the fewest escapes from any point between the
//!   rearmost checker and the 13-point (how well the opponent holds it in);
//! - pip loss: the pips the side expects to lose to a hit, the opponent
//!   choosing the hit that costs most on each roll;
//! - double hits: the share of rolls on which two blots can be hit;
//! - dance: the chance that a checker on the bar fails to enter;
//! - break contact: the pips the side must move to get every checker past
//!   the opponent's rearmost one;
//! - mobility: over the six dice, the checkers that can move that die.
//!
//! Each is scaled to [0, 1].

use crate::inputs::ROLLS;

/// The features per side that encoding 2 appends.
pub const EXTRA_FEATURES: usize = 7;

/// One side's board as [`features`] reads it.
pub(crate) struct Board<'a> {
    /// The side's checkers (index 0 off, 25 its bar).
    pub own: &'a [u8; 26],
    /// The opponent's checkers on the side's points 1..=24; index 0 its bar.
    pub opp: &'a [u8; 26],
}

/// Escapes by the opposing points in front of a checker: bit i of the index
/// is the point 12 − i pips in front of it (bit 11 the next point, bit 0
/// the twelfth). The value is how many of the 36 rolls carry it below the
/// lowest of them, never stopping on one on the way (once below, it is
/// out, whatever it lands on).
static ESCAPES: [u8; 4096] = escape_table();

const fn escape_table() -> [u8; 4096] {
    let mut t = [0u8; 4096];
    let mut mask = 0;
    while mask < 4096 {
        t[mask] = if mask == 0 { 36 } else { escapes_of(mask as u32) };
        mask += 1;
    }
    t
}

/// The checker stands at 12 and may land on 0..=11 unless their bit is
/// set; it escapes by landing below the lowest set bit (below 0 is past).
/// Is `p` (12 pips below the checker at most) free to land on?
const fn open(mask: u32, p: i32) -> bool {
    p < 0 || mask >> p & 1 == 0
}

const fn escapes_of(mask: u32) -> u8 {
    let low = mask.trailing_zeros() as i32;
    let mut n = 0;
    let mut k = 0;
    while k < ROLLS.len() {
        let (x, y, w) = ROLLS[k];
        let (x, y) = (x as i32, y as i32);
        let out = if x != y {
            let via = open(mask, 12 - x) || open(mask, 12 - y);
            (open(mask, 12 - x) && 12 - x < low)
                || (open(mask, 12 - y) && 12 - y < low)
                || (via && open(mask, 12 - x - y) && 12 - x - y < low)
        } else {
            let mut at = 12;
            let mut out = false;
            let mut step = 0;
            while step < 4 {
                at -= x;
                if at < low {
                    out = true;
                    break;
                }
                if !open(mask, at) {
                    break;
                }
                step += 1;
            }
            out
        };
        if out {
            n += w as u8;
        }
        k += 1;
    }
    n
}

/// The opposing made points outside the side's home board (7..=24) as bits
/// 12 higher, so that `(m >> r) & 0xFFF` holds the 12 points in front of a
/// checker on `r` as [`ESCAPES`] reads them.
#[cfg(test)]
fn blockade(b: &Board) -> u64 {
    blockade_of(&Bits::of(b))
}

fn blockade_of(bits: &Bits) -> u64 {
    u64::from(bits.opp_made & span(7, 24)) << 12
}

/// Bits `lo..=hi` set.
pub(crate) const fn span(lo: u32, hi: u32) -> u32 {
    ((1u64 << (hi + 1)) - (1u64 << lo)) as u32
}

/// One side's board as bit masks (bit p for point p), made once for all
/// the features and encoding 1's side inputs: the profile showed the
/// point-by-point loops over the arrays, each feature its own, taking a
/// third of the encoding's time.
pub(crate) struct Bits {
    /// Points holding the side's checkers (1..=25, 25 its bar).
    pub own_any: u32,
    /// The side's blots (1..=24).
    pub own_blot: u32,
    /// The side's made points (1..=24).
    pub own_made: u32,
    /// Points holding the opponent's checkers (0 its bar, 1..=24).
    pub opp_any: u32,
    /// The opponent's made points (1..=24).
    pub opp_made: u32,
}

impl Bits {
    /// The masks of `b`.
    pub(crate) fn of(b: &Board) -> Bits {
        let (mut own_any, mut own_blot, mut own_made, mut opp_any, mut opp_made) = (0u32, 0u32, 0u32, 0u32, 0u32);
        // Branch-free, so the loop runs without mispredictions.
        for p in 0..26 {
            let (o, t) = (b.own[p], b.opp[p]);
            own_any |= u32::from(o > 0) << p;
            own_blot |= u32::from(o == 1) << p;
            own_made |= u32::from(o >= 2) << p;
            opp_any |= u32::from(t > 0) << p;
            opp_made |= u32::from(t >= 2) << p;
        }
        Bits {
            own_any: own_any & span(1, 25),
            own_blot: own_blot & span(1, 24),
            own_made: own_made & span(1, 24),
            opp_any: opp_any & span(0, 24),
            opp_made: opp_made & span(1, 24),
        }
    }
}

/// Of the 36 rolls, how many carry a checker of the side on `r` (1..=25)
/// past the lowest opposing made point among the 12 in front of it and
/// above the side's home board (all 36 when there is none), never landing
/// on one of those points.
#[cfg(test)]
fn escapes(b: &Board, r: usize) -> u32 {
    escapes_in(blockade(b), r)
}

fn escapes_in(blockade: u64, r: usize) -> u32 {
    u32::from(ESCAPES[(blockade >> r & 0xFFF) as usize])
}

/// One side's board as bits by point (bit p for point p).
struct Masks {
    /// The side's blots (1..=24).
    blots: u32,
    /// Points the opponent may pass or land on: the side's blots and the
    /// empty points (1..=24).
    open: u32,
    /// Points the opponent has checkers on (0 its bar, 1..=24).
    hitters: u32,
}

impl Masks {
    fn of(b: &Board) -> Masks {
        Masks::from_bits(&Bits::of(b))
    }

    fn from_bits(bits: &Bits) -> Masks {
        // Open to the opponent: empty points and blots, the side's
        // unmade points.
        Masks { blots: bits.own_blot, open: !bits.own_made & span(1, 24), hitters: bits.opp_any }
    }
}

/// The rolls in 36 on which the opponent can hit one of the side's blots
/// (the first of [`hits`]'s three, alone: encoding 1 reads only this).
pub(crate) fn shots(b: &Board) -> u32 {
    let Masks { blots, open, hitters } = Masks::of(b);
    if blots == 0 {
        return 0;
    }
    let hit = |x: u32, y: u32| {
        if x != y {
            (hitters << x | hitters << y | (hitters << x & open) << y | (hitters << y & open) << x) & blots != 0
        } else {
            let mut reach = hitters;
            let mut hit = 0;
            for _ in 1..=4 {
                reach = reach << x & open;
                hit |= reach;
            }
            hit & blots != 0
        }
    };
    ROLLS.iter().filter(|&&(x, y, _)| hit(x, y)).map(|&(_, _, w)| w).sum()
}

/// What the opponent's 36 rolls do to the side's blots: (rolls in 36 that
/// hit one, as encoding 1's shots count them; pips the side loses summed
/// over the 36, each roll's costliest hit; rolls in 36 that hit two
/// different blots). Each hit is a die straight onto a blot or
/// several dice through points the side has not made; after a hit the
/// checker may go on to another blot; a lone checker moves once per die.
#[cfg(test)]
pub(crate) fn hits(b: &Board) -> (u32, u32, u32) {
    hits_with(b, Masks::of(b))
}

/// [`hits`] with the side's masks already made.
fn hits_with(b: &Board, masks: Masks) -> (u32, u32, u32) {
    let Masks { blots, open, hitters } = masks;
    if blots == 0 {
        return (0, 0, 0);
    }
    let (mut shots, mut loss, mut double) = (0, 0, 0);
    for &(x, y, w) in &ROLLS {
        let (hit, two) = if x != y {
            let by_x = hitters << x & blots;
            let by_y = hitters << y & blots;
            let combined = ((hitters << x & open) << y | (hitters << y & open) << x) & blots;
            let chain = (by_x << y | by_y << x) & blots != 0;
            (by_x | by_y | combined, chain || one_per_die(b, x, y, by_x, by_y))
        } else {
            // Where some hitter stands after k steps, k = 1..=4.
            let mut reach = [0u32; 5];
            reach[0] = hitters;
            for k in 1..=4 {
                reach[k] = reach[k - 1] << x & open;
            }
            let hit = (reach[1] | reach[2] | reach[3] | reach[4]) & blots;
            // A hit after k steps going on to another blot in the rest.
            let mut chain = false;
            for k in 1..=3 {
                let mut at = reach[k] & blots;
                for _ in k + 1..=4 {
                    at = at << x & open;
                    chain |= at & blots != 0;
                }
            }
            // Two blots whose fewest steps add up to four at most.
            let f1 = reach[1] & blots;
            let f2 = reach[2] & blots & !f1;
            let f3 = reach[3] & blots & !(f1 | f2);
            let pair = f1.count_ones() >= 2 || (f1 != 0 && f2 | f3 != 0) || f2.count_ones() >= 2;
            (hit, chain || pair)
        };
        if hit != 0 {
            shots += w;
            // The costliest hit: the blot farthest from the bar.
            loss += w * (25 - hit.trailing_zeros());
        }
        if two {
            double += w;
        }
    }
    (shots, loss, double)
}

/// With dice `x` ≠ `y`: can one blot be hit with `x` (those in `by_x`)
/// and another with `y` (`by_y`), by two checkers (a lone checker cannot
/// make both hits from where it stands)?
fn one_per_die(b: &Board, x: u32, y: u32, by_x: u32, by_y: u32) -> bool {
    if by_x == 0 || by_y == 0 || (by_x | by_y).count_ones() < 2 {
        return false;
    }
    let mut xs = by_x;
    while xs != 0 {
        let t1 = xs.trailing_zeros();
        xs &= xs - 1;
        let mut ys = by_y & !(1 << t1);
        while ys != 0 {
            let t2 = ys.trailing_zeros();
            ys &= ys - 1;
            if t1 - x != t2 - y || b.opp[(t1 - x) as usize] >= 2 {
                return true;
            }
        }
    }
    false
}

/// Writes the side's encoding-2 features, each in [0, 1], into `out`, and
/// returns encoding 1's shots (the rolls in 36 that hit a blot), found on
/// the way. `bits` are `b`'s masks.
pub(crate) fn features(b: &Board, bits: &Bits, out: &mut [f32; EXTRA_FEATURES]) -> u8 {
    let block = blockade_of(bits);
    let (esc, contain) = if bits.own_any != 0 {
        let r = 31 - bits.own_any.leading_zeros() as usize;
        let e = escapes_in(block, r);
        let least = if r >= 13 { (13..r).map(|p| escapes_in(block, p)).fold(e, u32::min) } else { e };
        (e, least)
    } else {
        (36, 36)
    };
    out[0] = esc as f32 / 36.0;
    out[1] = 1.0 - contain as f32 / 36.0;
    let (shots, loss, double) = hits_with(b, Masks::from_bits(bits));
    // Pips lost over the 36 rolls / 36 is the expected loss; 12 pips = 1.
    out[2] = (loss as f32 / 36.0 / 12.0).min(1.0);
    out[3] = double as f32 / 36.0;
    let closed = (bits.opp_made & span(19, 24)).count_ones() as f32;
    out[4] = closed * closed / 36.0;
    // The opponent's rearmost checker, in the side's numbering (its bar 0):
    // the pips the side's checkers behind it must move to pass it.
    let behind: u32 = if bits.opp_any != 0 {
        let m = bits.opp_any.trailing_zeros();
        let mut above = bits.own_any & !span(0, m);
        let mut sum = 0;
        while above != 0 {
            let p = above.trailing_zeros();
            above &= above - 1;
            sum += u32::from(b.own[p as usize]) * (p - m);
        }
        sum
    } else {
        0
    };
    out[5] = (behind as f32 / 167.0).min(1.0);
    // Per die, the checkers that can move it: onto a point below that the
    // opponent has not made, or (all home) off.
    let all_home = bits.own_any & span(7, 25) == 0;
    let landing = !bits.opp_made & span(1, 24);
    let mut movers = 0u32;
    let mut on = bits.own_any;
    while on != 0 {
        let p = on.trailing_zeros();
        on &= on - 1;
        // Points p-6..p-1 above 0 (none for p = 1: `span(1, 0)` is empty).
        let reach = (landing & span(p.saturating_sub(6).max(1), p - 1)).count_ones();
        let off = if all_home { 7 - p } else { 0 };
        movers += u32::from(b.own[p as usize]) * (reach + off);
    }
    out[6] = movers as f32 / 90.0;
    shots as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavli_core::portes::Position;
    use tavli_core::portes_pos;

    /// The side on roll's arrays, as `portes_inputs` builds them.
    fn arrays(pos: &Position) -> ([u8; 26], [u8; 26]) {
        let mut own = [0u8; 26];
        let mut opp = [0u8; 26];
        for p in 0..=25u8 {
            own[usize::from(p)] = pos.own_on(p);
        }
        for p in 1..=24u8 {
            opp[usize::from(p)] = pos.opp_on(p);
        }
        opp[0] = pos.opp_bar();
        (own, opp)
    }

    fn feats(pos: &Position) -> [f32; EXTRA_FEATURES] {
        let (own, opp) = arrays(pos);
        let mut f = [0.0; EXTRA_FEATURES];
        let b = Board { own: &own, opp: &opp };
        features(&b, &Bits::of(&b), &mut f);
        f
    }

    impl Board<'_> {
        fn opp_open(&self, p: usize) -> bool {
            p <= 24 && self.own[p] < 2
        }

        fn blot(&self, p: usize) -> bool {
            p <= 24 && self.own[p] == 1
        }

        /// The side's own home board does not stop it (the opponent's
        /// points there are anchors).
        fn own_open(&self, p: isize) -> bool {
            p < 7 || self.opp[p as usize] < 2
        }
    }

    // The slow, point-by-point forms of `escapes` and `hits`.

    /// Of the 36 rolls, how many carry a checker of the side on `r` (1..=25)
    /// past the lowest opposing made point among the 12 in front of it and
    /// above the side's home board (all 36 when there is none). Every point it
    /// lands on must be open.
    fn slow_escapes(b: &Board, r: usize) -> u32 {
        let r = r as isize;
        let Some(low) = ((r - 12).max(7)..r).find(|&p| b.opp[p as usize] >= 2) else {
            return 36;
        };
        let mut n = 0;
        for &(x, y, w) in &ROLLS {
            let (x, y) = (x as isize, y as isize);
            let out = if x != y {
                let via = b.own_open(r - x) || b.own_open(r - y);
                (b.own_open(r - x) && r - x < low)
                    || (b.own_open(r - y) && r - y < low)
                    || (via && b.own_open(r - x - y) && r - x - y < low)
            } else {
                let mut at = r;
                let mut out = false;
                for _ in 0..4 {
                    at -= x;
                    if at < low {
                        out = true;
                        break;
                    }
                    if !b.own_open(at) {
                        break;
                    }
                }
                out
            };
            if out {
                n += w;
            }
        }
        n
    }

    /// What the opponent's 36 rolls do to the side's blots: (pips the side
    /// loses summed over the 36, each roll's costliest hit; rolls in 36 that
    /// hit two different blots). Each hit is a die straight onto a blot or
    /// several dice through open points; a hitter with one checker moves once
    /// per die, and after a hit may go on to another blot.
    fn slow_hits(b: &Board) -> (u32, u32) {
        let any_blot = (1..=24).any(|p| b.own[p] == 1);
        if !any_blot {
            return (0, 0);
        }
        let hitters: [bool; 25] = std::array::from_fn(|q| b.opp[q] > 0);
        let (mut loss, mut double) = (0, 0);
        for &(x, y, w) in &ROLLS {
            let (x, y) = (x as usize, y as usize);
            // The blots one roll can hit as its first hit (bits 1..=24), and
            // whether it can hit two.
            let mut hit: u32 = 0;
            let mut two = false;
            if x != y {
                let (mut by_x, mut by_y) = (0u32, 0u32); // blots hit by one die
                for q in 0..=24 {
                    if !hitters[q] {
                        continue;
                    }
                    if b.blot(q + x) {
                        hit |= 1 << (q + x);
                        by_x |= 1 << (q + x);
                        // On from the blot with the other die.
                        two |= b.blot(q + x + y);
                    }
                    if b.blot(q + y) {
                        hit |= 1 << (q + y);
                        by_y |= 1 << (q + y);
                        two |= b.blot(q + x + y);
                    }
                    if b.blot(q + x + y) && (b.opp_open(q + x) || b.opp_open(q + y)) {
                        hit |= 1 << (q + x + y);
                    }
                }
                // Two blots, one per die: distinct blots, and not both only
                // from the same lone checker.
                if !two && by_x != 0 && by_y != 0 {
                    two = slow_one_per_die(b, x, y, by_x, by_y);
                }
            } else {
                // The fewest steps (of four) to each blot, and a path through two.
                let mut cost = [u8::MAX; 25];
                for q in 0..=24 {
                    if !hitters[q] {
                        continue;
                    }
                    let (mut at, mut seen) = (q, 0);
                    for k in 1..=4u8 {
                        at += x;
                        if !b.opp_open(at) {
                            break;
                        }
                        if b.own[at] == 1 {
                            hit |= 1 << at;
                            cost[at] = cost[at].min(k);
                            seen += 1;
                        }
                    }
                    two |= seen >= 2;
                }
                if !two {
                    let mut c: Vec<u8> = cost.iter().copied().filter(|&c| c != u8::MAX).collect();
                    c.sort_unstable();
                    two = c.len() >= 2 && c[0] + c[1] <= 4;
                }
            }
            if hit != 0 {
                // The costliest hit: the blot farthest from the bar loses most.
                let lowest = hit.trailing_zeros();
                loss += w * (25 - lowest);
            }
            if two {
                double += w;
            }
        }
        (loss, double)
    }

    /// With dice `x` ≠ `y`: can one blot be hit with `x` (those in `by_x`)
    /// and another with `y` (`by_y`), by two checkers (a lone checker cannot
    /// make both hits from where it stands)?
    fn slow_one_per_die(b: &Board, x: usize, y: usize, by_x: u32, by_y: u32) -> bool {
        for t1 in 1..=24usize {
            if by_x >> t1 & 1 == 0 {
                continue;
            }
            for t2 in 1..=24usize {
                if t2 != t1 && by_y >> t2 & 1 == 1 && (t1 - x != t2 - y || b.opp[t1 - x] >= 2) {
                    return true;
                }
            }
        }
        false
    }

    /// The table and bit-parallel forms give the slow forms' values over
    /// random games.
    #[test]
    fn the_fast_forms_agree_with_the_slow_ones() {
        use tavli_core::game::{DiceSource, SeededDice};
        let mut dice = SeededDice::new(5);
        let mut pos = Position::start();
        for _ in 0..20_000 {
            if pos.outcome().is_some() {
                pos = Position::start();
            }
            for side in [pos, pos.pass_turn()] {
                let (own, opp) = arrays(&side);
                let b = Board { own: &own, opp: &opp };
                for r in 1..=25 {
                    assert_eq!(escapes(&b, r), slow_escapes(&b, r), "{side:?} {r}");
                }
                let (shots, loss, double) = hits(&b);
                assert_eq!((loss, double), slow_hits(&b), "{side:?}");
                assert_eq!(shots, u32::from(crate::games::portes::inputs::shot_rolls_of(&own, &opp)), "{side:?}");
                assert_eq!(super::shots(&b), shots, "{side:?}");
            }
            let plays = pos.legal_plays(dice.roll());
            pos = *plays[dice.die() as usize % plays.len()].position();
        }
    }

    /// The features point by point, each from the arrays on its own (the
    /// form `features` had before its masks), with the slow escapes and hits.
    fn slow_features(b: &Board) -> [f32; EXTRA_FEATURES] {
        let mut out = [0.0; EXTRA_FEATURES];
        let (esc, contain) = match (1..=25).rev().find(|&p| b.own[p] > 0) {
            Some(r) => (slow_escapes(b, r), (13.min(r)..=r).map(|p| slow_escapes(b, p)).min().unwrap()),
            None => (36, 36),
        };
        out[0] = esc as f32 / 36.0;
        out[1] = 1.0 - contain as f32 / 36.0;
        let (loss, double) = slow_hits(b);
        out[2] = (loss as f32 / 36.0 / 12.0).min(1.0);
        out[3] = double as f32 / 36.0;
        let closed = (19..=24).filter(|&p| b.opp[p] >= 2).count() as f32;
        out[4] = closed * closed / 36.0;
        let behind: usize = match (0..=24).find(|&q| b.opp[q] > 0) {
            Some(m) => (m + 1..=25).map(|p| usize::from(b.own[p]) * (p - m)).sum(),
            None => 0,
        };
        out[5] = (behind as f32 / 167.0).min(1.0);
        let all_home = (7..=25).all(|p| b.own[p] == 0);
        let mut movers = 0u32;
        for p in 1..=25usize {
            for d in 1..=6 {
                if (p > d && b.opp[p - d] < 2) || (p <= d && all_home) {
                    movers += u32::from(b.own[p]);
                }
            }
        }
        out[6] = movers as f32 / 90.0;
        out
    }

    /// The mask-built features equal the point-by-point ones over random
    /// games, both sides of every position, and return encoding 1's shots.
    #[test]
    fn the_features_agree_with_their_slow_forms() {
        use tavli_core::game::{DiceSource, SeededDice};
        let mut dice = SeededDice::new(9);
        let mut pos = Position::start();
        for _ in 0..20_000 {
            if pos.outcome().is_some() {
                pos = Position::start();
            }
            for side in [pos, pos.pass_turn()] {
                let (own, opp) = arrays(&side);
                let b = Board { own: &own, opp: &opp };
                let mut fast = [0.0; EXTRA_FEATURES];
                let shots = features(&b, &Bits::of(&b), &mut fast);
                assert_eq!(fast, slow_features(&b), "{side:?}");
                assert_eq!(shots, crate::games::portes::inputs::shot_rolls_of(&own, &opp), "{side:?}");
            }
            let plays = pos.legal_plays(dice.roll());
            pos = *plays[dice.die() as usize % plays.len()].position();
        }
    }

    fn close(a: f32, b: f32) -> bool {
        (a - b).abs() < 1e-6
    }

    #[test]
    fn escapes_pass_the_blockade_through_open_points() {
        // Black's one point in front of White's back checker, White's 18:
        // the rolls of 7 pips or more not stopped on it (6-x goes x first):
        // 4-3, 5-2, 5-3, 5-4, 6-1 … 6-5 both ways (18), and 4-4, 5-5; 2-2,
        // 3-3 and 6-6 land on the 18.
        let p = portes_pos!(White; white {24: 1, 6: 14}; black {18: 2, 1: 13});
        let (own, opp) = arrays(&p);
        let b = Board { own: &own, opp: &opp };
        assert_eq!(escapes(&b, 24), 20);
        // From the 23: any 6 (with 6-6), 5-1 … 5-4, 4-2, 4-3 both ways (22
        // with the 6s), and 2-2, 3-3, 4-4, 6-6; 5-5 lands on the 18.
        assert_eq!(escapes(&b, 23), 26);
        assert!(close(feats(&p)[0], 20.0 / 36.0));
        // Nothing made in the 12 points in front: every roll escapes.
        let p = portes_pos!(White; white {24: 1, 6: 14}; black {1: 15});
        assert_eq!(feats(&p)[0], 1.0);
        // On the bar against a closed board: no roll even enters.
        let p = portes_pos!(White; white {bar: 1, 6: 14}; black {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 1: 3});
        assert_eq!(feats(&p)[0], 0.0);
    }

    #[test]
    fn containment_is_the_fewest_escapes_ahead_of_the_rearmost_checker() {
        // Black's 8 point is out of reach of the 24's zone (all 36 escape)
        // but from the 20 only 5-5 passes it (4-4 and 6-6 land on it, 3-3
        // stops there): containment 1 − 1/36.
        let p = portes_pos!(White; white {24: 1, 6: 14}; black {8: 2, 1: 13});
        let (own, opp) = arrays(&p);
        let b = Board { own: &own, opp: &opp };
        assert_eq!(escapes(&b, 24), 36);
        assert_eq!(escapes(&b, 20), 1);
        let f = feats(&p);
        assert_eq!(f[0], 1.0);
        assert!(close(f[1], 35.0 / 36.0), "{}", f[1]);
        // From the 13 (zone White's 7..12): 6 pips or more, not stopping on
        // the 8 (5-5 does), as from the 23 above. Black's anchor on White's
        // 1 is no blockade: from the 7 every roll escapes.
        assert_eq!(escapes(&b, 13), 26);
        assert_eq!(escapes(&b, 7), 36);
        // Everything home: the rearmost checker's own escapes only.
        let p = portes_pos!(White; white {6: 15}; black {24: 15});
        assert_eq!(feats(&p)[1], 0.0);
    }

    #[test]
    fn pip_loss_takes_the_costliest_hit_and_double_hits_need_two_hits() {
        // White's blots on its 20 (5 pips from its bar) and 22 (3), one
        // Black checker on White's 19. The 11 rolls with a 1 hit the 20;
        // 3-2, 3-4, 3-5, 3-6 both ways and 3-3 only the 22: 55 + 27 pips
        // over 36 rolls. Double hits: 2-1 (the 1 hits, then the 2 goes on to
        // the 22) and 1-1; 3-1 needs two checkers.
        let p = portes_pos!(White; white {20: 1, 22: 1, 6: 13}; black {19: 1});
        let (own, opp) = arrays(&p);
        assert_eq!(hits(&Board { own: &own, opp: &opp }), (20, 82, 3));
        let f = feats(&p);
        assert!(close(f[2], 82.0 / 36.0 / 12.0));
        assert!(close(f[3], 3.0 / 36.0));
        // A second Black checker there makes 3-1 a double hit too.
        let p = portes_pos!(White; white {20: 1, 22: 1, 6: 13}; black {19: 2});
        let (own, opp) = arrays(&p);
        assert_eq!(hits(&Board { own: &own, opp: &opp }), (20, 82, 5));
        // No blots, no loss.
        assert_eq!(feats(&Position::start())[2..4], [0.0, 0.0]);
    }

    #[test]
    fn dance_is_the_square_of_the_closed_points_share() {
        // Black holds three points of its home board (White's 19, 20, 22).
        let p = portes_pos!(White; white {24: 1, 6: 14}; black {19: 2, 20: 2, 22: 2, 1: 9});
        assert!(close(feats(&p)[4], 0.25));
        assert_eq!(feats(&Position::start())[4], 1.0 / 36.0);
    }

    #[test]
    fn break_contact_counts_the_pips_to_pass_the_rearmost_opposing_checker() {
        // Only White's 24 is behind Black's rearmost checker (White's 19).
        let p = portes_pos!(White; white {24: 1, 13: 2, 6: 12}; black {19: 15});
        assert!(close(feats(&p)[5], 5.0 / 167.0));
        // A Black checker on the bar is behind everything: all White's pips.
        let p = portes_pos!(White; white {24: 1, 6: 14}; black {bar: 1, 19: 14});
        assert!(close(feats(&p)[5], 108.0 / 167.0));
        // A race: nothing to pass.
        let p = portes_pos!(White; white {6: 5, 3: 10}; black {24: 7, 20: 8});
        assert_eq!(feats(&p)[5], 0.0);
    }

    #[test]
    fn mobility_counts_the_checkers_each_die_can_move() {
        // All home on the 6 with Black's point on White's 5: every die but
        // the 1 moves all 15 (the 6 bears off).
        let p = portes_pos!(White; white {6: 15}; black {5: 2, 24: 13});
        assert!(close(feats(&p)[6], 75.0 / 90.0));
        // Not all home: the 6 cannot bear off from the 6 point.
        let p = portes_pos!(White; white {7: 1, 6: 14}; black {5: 2, 24: 13});
        // 7: dice 1 (6), 3 (4), 4 (3), 5 (2), 6 (1) but not 2 (its 5): 5.
        // 6: dice 2..5 → 4 each: 14 × 4 = 56.
        assert!(close(feats(&p)[6], 61.0 / 90.0));
    }
}
