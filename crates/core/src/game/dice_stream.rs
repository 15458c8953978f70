//! The dice stream, pinned in this crate: every die a seed gives comes from
//! the code in this file, so no dependency update can change the dice of a
//! stored match (which would make it unloadable: a record is replayed and
//! its rolls checked against its seed).
//!
//! Three steps, each a published algorithm written out here:
//! - the generator is ChaCha with 8 rounds (Bernstein), key = the seed's 32
//!   bytes, a 64-bit block counter from 0 and a zero nonce, its keystream
//!   read as little-endian 32-bit words in order;
//! - a number seed is spread over the 32 key bytes by PCG32 (O'Neill's
//!   XSH-RR output, 8 outputs, little-endian), as `rand_core`'s
//!   `seed_from_u64` does;
//! - a die is one word `x` mapped to 1..=6 by the high half of `x · 6`
//!   (Lemire's widening multiply); when the low half is within 6 of
//!   wrapping, one more word refines it (Canon's method), which makes each
//!   face's probability differ from 1/6 by less than 2⁻⁶⁰.
//!
//! These are the dice `rand` 0.10 drew (`ChaCha8Rng` and `random_range(1..=6)`)
//! when matches were first stored, so every record written since loads
//! with the same dice; the tests check this against the literal rolls of
//! fixed seeds, not against `rand`.

/// ChaCha with 8 rounds as a stream of 32-bit words.
#[derive(Clone, Debug)]
pub(crate) struct ChaCha8 {
    key: [u32; 8],
    /// The block to make next.
    counter: u64,
    /// The block being read, and the next word of it to give.
    block: [u32; 16],
    next: usize,
}

/// "expand 32-byte k", ChaCha's constant words.
const SIGMA: [u32; 4] = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574];

impl ChaCha8 {
    /// The stream keyed with `key` (its bytes read as little-endian words).
    pub(crate) fn from_key(key: [u8; 32]) -> ChaCha8 {
        let mut words = [0u32; 8];
        for (w, b) in words.iter_mut().zip(key.chunks_exact(4)) {
            *w = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        }
        ChaCha8 { key: words, counter: 0, block: [0; 16], next: 16 }
    }

    /// The stream of a number seed: its key is eight PCG32 outputs from `n`.
    pub(crate) fn from_u64(mut n: u64) -> ChaCha8 {
        let mut key = [0u8; 32];
        for chunk in key.chunks_exact_mut(4) {
            chunk.copy_from_slice(&pcg32(&mut n).to_le_bytes());
        }
        ChaCha8::from_key(key)
    }

    /// The next word of the keystream.
    pub(crate) fn next_u32(&mut self) -> u32 {
        if self.next == 16 {
            self.block = block(&self.key, self.counter);
            self.counter = self.counter.wrapping_add(1);
            self.next = 0;
        }
        let w = self.block[self.next];
        self.next += 1;
        w
    }

    /// One die, 1 to 6.
    pub(crate) fn die(&mut self) -> u8 {
        const FACES: u32 = 6;
        let wide = u64::from(self.next_u32()) * u64::from(FACES);
        let (mut face, low) = ((wide >> 32) as u32, wide as u32);
        // `low` near the top: the next word's share decides whether the
        // product's fraction carries into the face.
        if low > FACES.wrapping_neg() {
            let carry = (u64::from(self.next_u32()) * u64::from(FACES)) >> 32;
            if low.checked_add(carry as u32).is_none() {
                face += 1;
            }
        }
        face as u8 + 1
    }
}

/// PCG32's step and XSH-RR output.
fn pcg32(state: &mut u64) -> u32 {
    const MUL: u64 = 0x5851_F42D_4C95_7F2D;
    const INC: u64 = 0xA176_54E4_6FBE_17F3;
    *state = state.wrapping_mul(MUL).wrapping_add(INC);
    let s = *state;
    let xorshifted = (((s >> 18) ^ s) >> 27) as u32;
    xorshifted.rotate_right((s >> 59) as u32)
}

/// ChaCha's quarter round on words `a`, `b`, `c`, `d` of `x`.
fn quarter(x: &mut [u32; 16], a: usize, b: usize, c: usize, d: usize) {
    x[a] = x[a].wrapping_add(x[b]);
    x[d] = (x[d] ^ x[a]).rotate_left(16);
    x[c] = x[c].wrapping_add(x[d]);
    x[b] = (x[b] ^ x[c]).rotate_left(12);
    x[a] = x[a].wrapping_add(x[b]);
    x[d] = (x[d] ^ x[a]).rotate_left(8);
    x[c] = x[c].wrapping_add(x[d]);
    x[b] = (x[b] ^ x[c]).rotate_left(7);
}

/// Block `counter` of the keystream: 8 rounds (4 double rounds) over the
/// constants, key, counter and a zero nonce, added to its input.
fn block(key: &[u32; 8], counter: u64) -> [u32; 16] {
    let mut input = [0u32; 16];
    input[..4].copy_from_slice(&SIGMA);
    input[4..12].copy_from_slice(key);
    input[12] = counter as u32;
    input[13] = (counter >> 32) as u32;
    let mut x = input;
    for _ in 0..4 {
        quarter(&mut x, 0, 4, 8, 12);
        quarter(&mut x, 1, 5, 9, 13);
        quarter(&mut x, 2, 6, 10, 14);
        quarter(&mut x, 3, 7, 11, 15);
        quarter(&mut x, 0, 5, 10, 15);
        quarter(&mut x, 1, 6, 11, 12);
        quarter(&mut x, 2, 7, 8, 13);
        quarter(&mut x, 3, 4, 9, 14);
    }
    for (o, i) in x.iter_mut().zip(input) {
        *o = o.wrapping_add(i);
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The eight-round variant of the ChaCha test vector with an all-zero
    /// key and nonce (the first block's first words, as published for
    /// ChaCha8 in the eSTREAM submission's test vectors).
    #[test]
    fn the_zero_key_block_is_chacha8_s_published_one() {
        let mut s = ChaCha8::from_key([0; 32]);
        let bytes: Vec<u8> = (0..4).flat_map(|_| s.next_u32().to_le_bytes()).collect();
        let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(hex, "3e00ef2f895f40d67f5bb8e81f09a5a1");
    }

    #[test]
    fn words_run_on_across_blocks() {
        let mut s = ChaCha8::from_key([9; 32]);
        let first: Vec<u32> = (0..40).map(|_| s.next_u32()).collect();
        assert_eq!(first[..16], block(&ChaCha8::from_key([9; 32]).key, 0));
        assert_eq!(first[16..32], block(&ChaCha8::from_key([9; 32]).key, 1));
        assert_ne!(first[..16], first[16..32]);
    }

    #[test]
    fn every_face_comes_up_about_equally() {
        let mut s = ChaCha8::from_u64(1);
        let mut seen = [0u32; 7];
        for _ in 0..60_000 {
            seen[s.die() as usize] += 1;
        }
        assert_eq!(seen[0], 0);
        // 10,000 expected, standard deviation about 91.
        assert!(seen[1..].iter().all(|&n| (9_600..10_400).contains(&n)), "{seen:?}");
    }
}
