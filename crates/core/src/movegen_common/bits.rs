//! Bit tricks on the packed board every game's generator works on: a nibble
//! per point in a `u128` (nibble 0 the borne-off count, nibbles 1..=24 the
//! points, 25 Portes's bar) and a bit per point in a `u32` (bit p, point p).

/// Points 1..=6, the home board, in a point bit set.
pub(crate) const HOME: u32 = 0b111_1110;

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

/// Compresses the flags at bit 0 of each nibble of `x` (nibbles 0..=31)
/// into a 32-bit mask, bit p for nibble p.
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

/// Points (bit p, 1..=31) whose nibble is nonzero, and those whose nibble is
/// two or more; nibble 0 (the borne-off count) is not a point and is left out.
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

/// Calls `f` on each set bit of `m`, highest first: the order every
/// generator tries its sources in, which fixes the order of the plays.
#[inline(always)]
pub(crate) fn each_bit(mut m: u32, mut f: impl FnMut(u32)) {
    while m != 0 {
        let b = highest(m);
        m &= !(1 << b);
        f(b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn occupancy_masks_and_sums() {
        let x = 3 * nib(24) + nib(1) + 15 * nib(13) + 2 * nib(25) + 9;
        assert_eq!(occupancy(x), (1 << 25 | 1 << 24 | 1 << 1 | 1 << 13, 1 << 25 | 1 << 24 | 1 << 13));
        assert_eq!(nibble_sum(x), 3 + 1 + 15 + 2 + 9);
        assert_eq!(nibbles(x)[13], 15);
        assert_eq!(nibble(x, 25), 2);
        let mut seen = Vec::new();
        each_bit(1 << 3 | 1 << 17 | 1, |b| seen.push(b));
        assert_eq!(seen, [17, 3, 0]);
    }
}
