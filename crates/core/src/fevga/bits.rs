//! Bit tricks on the packed board: a nibble per point in a `u128` (nibble 0
//! is the borne-off count, nibbles 1..=24 the points) and a bit per point in
//! a `u32` (bit p for point p). Plakoto's generator has its own copies; the
//! two games share no internals yet.

/// Bit mask of points 1..=24 in a point bit set.
pub(crate) const POINTS: u32 = 0x1FF_FFFE;
/// Points 1..=6: the home board.
pub(crate) const HOME: u32 = 0b111_1110;
/// Points 19..=24: the starting quarter.
pub(crate) const QUARTER: u32 = 0x3F << 19;
/// Points 1..=12 and 13..=24 in a point bit set.
const LOW_HALF: u32 = 0x1FFE;
const HIGH_HALF: u32 = LOW_HALF << 12;
/// Nibbles 1..=12 and 13..=24.
const LOW_NIBS: u128 = ((1u128 << 48) - 1) << 4;
const HIGH_NIBS: u128 = LOW_NIBS << 48;
/// Bit 0 of every nibble.
pub(crate) const NIB_LOW_BITS: u128 = 0x1111_1111_1111_1111_1111_1111_1111_1111;

/// One in the nibble of point `p`.
#[inline(always)]
pub(crate) const fn nib(p: u32) -> u128 {
    1u128 << (4 * p)
}

/// The count held in nibble `p`.
#[inline(always)]
pub(crate) const fn nibble(x: u128, p: u32) -> u8 {
    ((x >> (4 * p)) & 0xF) as u8
}

/// All 32 nibbles as bytes, nibble `i` at index `i`.
#[inline]
pub(crate) const fn nibbles(x: u128) -> [u8; 32] {
    let b = x.to_le_bytes();
    let mut out = [0u8; 32];
    let mut i = 0;
    while i < 16 {
        out[2 * i] = b[i] & 0xF;
        out[2 * i + 1] = b[i] >> 4;
        i += 1;
    }
    out
}

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

/// Compresses the flags at bit 0 of each nibble into a 32-bit mask.
#[inline(always)]
fn nibble_flags(x: u128) -> u32 {
    #[inline(always)]
    fn half(mut x: u64) -> u32 {
        x = (x | (x >> 3)) & 0x0303_0303_0303_0303;
        x = (x | (x >> 6)) & 0x000F_000F_000F_000F;
        x = (x | (x >> 12)) & 0x0000_00FF_0000_00FF;
        x = (x | (x >> 24)) & 0xFFFF;
        x as u32
    }
    half(x as u64) | half((x >> 64) as u64) << 16
}

/// Points (bit p) whose nibble is nonzero, and whose nibble is two or more;
/// nibble 0 (the borne-off count) is left out.
#[inline(always)]
pub(crate) fn occupancy(x: u128) -> (u32, u32) {
    let any = (x | x >> 1 | x >> 2 | x >> 3) & NIB_LOW_BITS;
    let multi = (x >> 1 | x >> 2 | x >> 3) & NIB_LOW_BITS;
    (nibble_flags(any) & !1, nibble_flags(multi) & !1)
}

/// Sum of the nibbles of `x`.
#[inline(always)]
pub(crate) fn nibble_sum(x: u128) -> u32 {
    const M: u128 = 0x0F0F_0F0F_0F0F_0F0F_0F0F_0F0F_0F0F_0F0F;
    let bytes = (x & M) + ((x >> 4) & M);
    let fold = |h: u64| (h.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32;
    fold(bytes as u64) + fold((bytes >> 64) as u64)
}

/// The highest set bit's index (`mask` nonzero).
#[inline(always)]
pub(crate) fn highest(mask: u32) -> u32 {
    31 - mask.leading_zeros()
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
    fn occupancy_and_sums() {
        let x = 3 * nib(24) + nib(1) + 15 * nib(13) + 9;
        assert_eq!(occupancy(x), (1 << 24 | 1 << 1 | 1 << 13, 1 << 24 | 1 << 13));
        assert_eq!(nibble_sum(x), 3 + 1 + 15 + 9);
        assert_eq!(nibbles(x)[13], 15);
        assert_eq!(QUARTER.count_ones(), 6);
        assert_eq!(QUARTER & (1 << 19), 1 << 19);
        assert_eq!(POINTS.count_ones(), 24);
    }
}
