//! A set of 128-bit play keys that clears in O(1) and keeps its memory, so
//! removing duplicate plays allocates nothing once warm.

pub(crate) struct KeySet {
    /// (key, stamp): a slot is live when its stamp is the current one.
    slots: Vec<(u128, u32)>,
    stamp: u32,
    len: usize,
    shift: u32,
}

impl KeySet {
    pub(crate) fn new() -> KeySet {
        let bits = 9;
        KeySet { slots: vec![(0, 0); 1 << bits], stamp: 1, len: 0, shift: 64 - bits }
    }

    #[inline]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.iter_mut().for_each(|s| s.1 = 0);
            self.stamp = 1;
        }
    }

    /// Inserts `key`; true if it was not there yet.
    #[inline]
    pub(crate) fn insert(&mut self, key: u128) -> bool {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let h = (key as u64 ^ ((key >> 64) as u64).rotate_left(27)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut i = (h >> self.shift) as usize;
        loop {
            let slot = &mut self.slots[i];
            if slot.1 != self.stamp {
                *slot = (key, self.stamp);
                self.len += 1;
                return true;
            }
            if slot.0 == key {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    #[cold]
    fn grow(&mut self) {
        let live: Vec<u128> = self.slots.iter().filter(|s| s.1 == self.stamp).map(|s| s.0).collect();
        self.slots = vec![(0, 0); self.slots.len() * 2];
        self.shift -= 1;
        self.stamp = 1;
        self.len = 0;
        for k in live {
            self.insert(k);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inserts_clears_and_grows() {
        let mut s = KeySet::new();
        for k in 1..3000u128 {
            assert!(s.insert(k << 100 | k));
        }
        for k in 1..3000u128 {
            assert!(!s.insert(k << 100 | k));
        }
        s.clear();
        assert!(s.insert(1 << 100 | 1));
    }
}
