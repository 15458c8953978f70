//! What every game's network inputs share: the sink the encoders write
//! into (a sparse list for training, the first layer for fast evaluation)
//! and the table of the 21 rolls. Each game's own encoding is in its folder
//! under `games/`.

/// The 21 distinct rolls (larger die first) and how many of the 36 each is.
pub const ROLLS: [(u32, u32, u32); 21] = {
    let mut r = [(0, 0, 0); 21];
    let (mut a, mut k) = (1, 0);
    while a <= 6 {
        let mut b = 1;
        while b <= a {
            r[k] = (a, b, if a == b { 1 } else { 2 });
            k += 1;
            b += 1;
        }
        a += 1;
    }
    r
};

/// Receives the inputs as they are computed: the generic sparse list for
/// training, or the network's first layer directly for fast evaluation.
pub trait InputSink {
    /// `n` ≥ 1 checkers on top of a point whose group of inputs starts at
    /// `index` (inputs ≥1, ≥2, ≥3 and (n−3)/4 beyond three).
    fn count(&mut self, index: usize, n: u8);
    /// One input; zero values may be skipped.
    fn push(&mut self, index: usize, value: f32);
}

/// Sparse inputs: (index, value) pairs for the nonzero inputs.
#[derive(Clone, Debug, Default)]
pub struct Inputs {
    /// The nonzero inputs as (input index, value), in the order computed.
    pub items: Vec<(u16, f32)>,
}

impl InputSink for Inputs {
    #[inline]
    fn count(&mut self, i: usize, n: u8) {
        self.push(i, 1.0);
        if n >= 2 {
            self.push(i + 1, 1.0);
            if n >= 3 {
                self.push(i + 2, 1.0);
                self.push(i + 3, f32::from(n - 3) / 4.0);
            }
        }
    }

    #[inline]
    fn push(&mut self, index: usize, value: f32) {
        if value != 0.0 {
            self.items.push((index as u16, value));
        }
    }
}

impl Inputs {
    /// No inputs yet, with room for a typical position's nonzero inputs.
    pub fn with_capacity() -> Inputs {
        Inputs { items: Vec::with_capacity(128) }
    }

    /// The dense vector of `len` inputs (for tests and training tools).
    pub fn dense(&self, len: usize) -> Vec<f32> {
        let mut v = vec![0.0; len];
        for &(i, x) in &self.items {
            v[i as usize] = x;
        }
        v
    }
}

/// A game's weights-file facts.
#[derive(Clone, Copy, Debug)]
pub struct Encodings {
    /// The game's code in a weights file of format 2 (Plakoto's files are
    /// of format 1, with no code, and its code 0 is never written).
    pub file_code: u32,
    /// The encoding this build writes.
    pub version: u32,
    /// The number of inputs of each version (index 0 is version 1).
    pub inputs_of_version: &'static [usize],
}
