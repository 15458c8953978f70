//! A set of 128-bit position keys that clears in O(1), reused across calls
//! so generating plays allocates nothing once warm: every game's move
//! generator removes its duplicate plays with it.

pub(crate) struct KeySet {
    slots: Vec<(u128, u32)>,
    stamp: u32,
    len: usize,
    shift: u32,
}

impl KeySet {
    pub(crate) fn new() -> KeySet {
        let bits = 10;
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

    #[inline]
    fn slot(&self, key: u128) -> usize {
        let h = (key as u64 ^ ((key >> 64) as u64).rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> self.shift) as usize
    }

    /// Inserts `key`; true if it was not there yet.
    #[inline]
    pub(crate) fn insert(&mut self, key: u128) -> bool {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        loop {
            let s = &mut self.slots[i];
            if s.1 != self.stamp {
                *s = (key, self.stamp);
                self.len += 1;
                return true;
            }
            if s.0 == key {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    #[cold]
    fn grow(&mut self) {
        let live: Vec<u128> = self.slots.iter().filter(|s| s.1 == self.stamp).map(|s| s.0).collect();
        let n = self.slots.len() * 2;
        self.slots = vec![(0, 0); n];
        self.shift -= 1;
        self.stamp = 1;
        self.len = 0;
        for k in live {
            self.insert(k);
        }
    }
}

/// What every game's move generator keeps while it runs: only the plays of
/// the best rank so far (how much of the roll they use), and, when the
/// generator can reach a position twice, each position once.
pub(crate) struct Ranked<'a> {
    best: u8,
    dedupe: bool,
    set: &'a mut KeySet,
}

impl<'a> Ranked<'a> {
    /// Nothing kept yet; `dedupe` when the same position may come twice.
    #[inline]
    pub(crate) fn new(dedupe: bool, set: &'a mut KeySet) -> Ranked<'a> {
        set.clear();
        Ranked { best: 0, dedupe, set }
    }

    /// Whether a play of `rank` reaching `key` is kept. `drop_kept` runs
    /// first when it outranks everything kept so far.
    #[inline(always)]
    pub(crate) fn admit(&mut self, rank: u8, key: u128, drop_kept: impl FnOnce()) -> bool {
        if rank < self.best {
            return false;
        }
        if rank > self.best {
            self.best = rank;
            drop_kept();
            self.set.clear();
        }
        !self.dedupe || self.set.insert(key)
    }

    /// Whether a batch of distinct plays of `rank` is kept whole, with no
    /// play to check one by one (no duplicates possible, not outranked);
    /// `drop_kept` runs as for [`Ranked::admit`].
    #[inline(always)]
    pub(crate) fn admit_all(&mut self, rank: u8, drop_kept: impl FnOnce()) -> bool {
        if self.dedupe || self.best > rank {
            return false;
        }
        if self.best < rank {
            self.best = rank;
            drop_kept();
            self.set.clear();
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inserts_clears_and_grows() {
        let mut s = KeySet::new();
        for k in 1..5000u128 {
            assert!(s.insert(k * 0x1_0000_0001));
        }
        for k in 1..5000u128 {
            assert!(!s.insert(k * 0x1_0000_0001));
        }
        s.clear();
        assert!(s.insert(0x1_0000_0001));
    }
}
