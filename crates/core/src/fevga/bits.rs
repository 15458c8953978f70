//! Fevga's own bit tricks on the packed board (a nibble per point in a
//! `u128`, a bit per point in a `u32`): its masks and the other side's
//! numbering S(n). The tricks every game uses are shared
//! (`crate::movegen_common::bits`) and re-exported here.

pub(crate) use crate::movegen_common::bits::{HOME, highest, nib, nibble, nibble_sum, nibbles, occupancy};

/// Bit mask of points 1..=24 in a point bit set.
pub(crate) const POINTS: u32 = 0x1FF_FFFE;
/// Points 19..=24: the starting quarter.
pub(crate) const QUARTER: u32 = 0x3F << 19;
/// Points 1..=12 and 13..=24 in a point bit set.
const LOW_HALF: u32 = 0x1FFE;
const HIGH_HALF: u32 = LOW_HALF << 12;
/// Nibbles 1..=12 and 13..=24.
const LOW_NIBS: u128 = ((1u128 << 48) - 1) << 4;
const HIGH_NIBS: u128 = LOW_NIBS << 48;

/// A nibble vector seen from the other side: point n becomes S(n), which
/// swaps points 1..=12 with 13..=24; nibble 0 stays.
#[inline(always)]
pub(crate) const fn swap_halves(x: u128) -> u128 {
    (x & 0xF) | ((x & LOW_NIBS) << 48) | ((x & HIGH_NIBS) >> 48)
}

/// [`swap_halves`] for a point bit set.
#[inline(always)]
pub(crate) const fn swap_halves_mask(m: u32) -> u32 {
    ((m & LOW_HALF) << 12) | ((m & HIGH_HALF) >> 12)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swapping_halves_is_the_other_numbering() {
        let x = 3 * nib(24) + 2 * nib(1) + 5 * nib(13) + 7 * nib(12) + 9;
        let r = swap_halves(x);
        assert_eq!((nibble(r, 12), nibble(r, 13), nibble(r, 1), nibble(r, 24)), (3, 2, 5, 7));
        assert_eq!(nibble(r, 0), 9);
        assert_eq!(swap_halves(r), x);
        assert_eq!(swap_halves_mask(1 << 24 | 1 << 1), 1 << 12 | 1 << 13);
        for p in 1..=24u32 {
            let s = (p + 11) % 24 + 1;
            assert_eq!(swap_halves_mask(1 << p), 1 << s);
            assert_eq!(swap_halves(nib(p)), nib(s));
        }
    }

    #[test]
    fn masks() {
        assert_eq!(QUARTER.count_ones(), 6);
        assert_eq!(QUARTER & (1 << 19), 1 << 19);
        assert_eq!(POINTS.count_ones(), 24);
    }
}
