//! A set of 64-bit keys for the whole-turn enumeration, which may meet
//! millions of positions: a key is 8 bytes (a Gul bara side packs into 41
//! bits, [`side_key`]), the table is kept at most three-quarters full, and
//! clearing costs what was put in, not the table's size, so one huge
//! ladder does not slow every small one after it.

/// The mover's 15 checkers (`own`: nibble 0 borne off, 1..=24 the points)
/// as at most 41 bits: for each nibble its count in ones, then a zero,
/// two nibbles (a byte) at a time by a table. Never 0 (the checkers are
/// somewhere), so 0 marks an empty slot.
#[inline]
pub(crate) fn side_key(own: u128) -> u64 {
    let bytes = own.to_le_bytes();
    let mut k = 0u64;
    for &b in &bytes[..13] {
        let (code, len) = BYTE_CODES[b as usize];
        k = (k << len) | u64::from(code);
    }
    k
}

/// The highest bit a [`side_key`] may use, plus one: 15 ones and 26 zeros.
pub(crate) const SIDE_KEY_BITS: u32 = 41;

/// For each byte (two nibbles, the low one first): the ones and zeros it
/// adds to a [`side_key`] and how many.
const BYTE_CODES: [(u32, u32); 256] = {
    let mut t = [(0u32, 0u32); 256];
    let mut b = 0;
    while b < 256 {
        let (lo, hi) = ((b & 0xF) as u32, (b >> 4) as u32);
        // lo ones, a zero, hi ones, a zero, most significant first.
        let code = ((((1u32 << lo) - 1) << 1) << (hi + 1)) | (((1u32 << hi) - 1) << 1);
        t[b] = (code, lo + hi + 2);
        b += 1;
    }
    t
};

/// An open-addressing set of nonzero `u64` keys.
pub(crate) struct KeySet64 {
    slots: Vec<u64>,
    /// The slots filled, for clearing.
    used: Vec<u32>,
    shift: u32,
}

impl KeySet64 {
    pub(crate) fn new() -> KeySet64 {
        let bits = 10;
        KeySet64 { slots: vec![0; 1 << bits], used: Vec::new(), shift: 64 - bits }
    }

    /// The keys held.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.used.len()
    }

    pub(crate) fn clear(&mut self) {
        for &i in &self.used {
            self.slots[i as usize] = 0;
        }
        self.used.clear();
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// Inserts `key` (nonzero); true if it was not there yet.
    #[inline]
    pub(crate) fn insert(&mut self, key: u64) -> bool {
        debug_assert_ne!(key, 0);
        if 4 * (self.used.len() + 1) > 3 * self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        loop {
            match self.slots[i] {
                0 => {
                    self.slots[i] = key;
                    self.used.push(i as u32);
                    return true;
                }
                k if k == key => return false,
                _ => i = (i + 1) & mask,
            }
        }
    }

    #[cold]
    fn grow(&mut self) {
        let live: Vec<u64> = self.used.iter().map(|&i| self.slots[i as usize]).collect();
        self.slots = vec![0; self.slots.len() * 2];
        self.shift -= 1;
        self.used.clear();
        for k in live {
            self.insert(k);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen_common::bits::{nib, nibble};

    #[test]
    fn side_keys_tell_sides_apart() {
        let a = 15 * nib(24);
        let b = 14 * nib(24) + nib(23);
        let c = 14 * nib(24) + 1;
        let keys = [a, b, c].map(side_key);
        assert!(keys.iter().all(|&k| k != 0 && k < 1 << SIDE_KEY_BITS));
        // The table's code is the plain one: a nibble's count in ones, then a zero.
        let plain = |own: u128| {
            (0..26).fold(0u64, |k, p| {
                let c = nibble(own, p);
                ((k << c) | ((1u64 << c) - 1)) << 1
            })
        };
        for own in [a, b, c, 15] {
            assert_eq!(side_key(own), plain(own));
        }
        assert!(keys[0] != keys[1] && keys[1] != keys[2] && keys[0] != keys[2]);
    }

    #[test]
    fn inserts_clears_and_grows() {
        let mut s = KeySet64::new();
        for k in 1..20_000u64 {
            assert!(s.insert(k * 0x1_0001));
        }
        assert_eq!(s.len(), 19_999);
        for k in 1..20_000u64 {
            assert!(!s.insert(k * 0x1_0001));
        }
        s.clear();
        assert_eq!(s.len(), 0);
        assert!(s.insert(0x1_0001));
    }
}
