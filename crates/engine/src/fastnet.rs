//! The network prepared for evaluating whole positions fast, for any
//! game's encoding (its point groups given; each game's `NetGame::forward`
//! feeds it). Same function as `encode` + `Network::forward` (checked by a
//! test per game), computed in two steps:
//!
//! 1. The encoder lists the first-layer rows to add (with their scale) on
//!    the stack: no sparse vector, no heap. The rows of each point's count
//!    inputs (≥1, ≥2, ≥3) are summed in advance, so an occupied point costs
//!    one row instead of up to three.
//! 2. A kernel adds the rows into the hidden layer 64 units at a time, so
//!    the partial sums stay in eight AVX2 registers instead of going through
//!    memory for every row, then applies ReLU and the output layer while the
//!    units are still in registers. Profiling (callgrind) showed the old
//!    row-by-row loop spent most of its instructions loading and storing the
//!    128-unit accumulator.
//! 3. With a second hidden layer, step 2 writes the first layer's values
//!    out instead, with a bit mask of the nonzero ones made from the
//!    registers, and the same kernel sums the second layer over those
//!    units (its weights kept input-major for that) and applies the
//!    outputs.

use std::sync::Arc;

use crate::inputs::InputSink;
use crate::net_cache::NetCache;
use crate::network::{Network, OUTPUTS, sigmoid};

/// Units the AVX2 kernel keeps in registers at once (eight of eight floats).
#[cfg(target_arch = "x86_64")]
const CHUNK: usize = 64;

/// No count group starts at this input.
const NO_GROUP: u16 = u16::MAX;

/// A network prepared for one game's encoding: its point groups (the first
/// input of each point's count inputs, which the encoder reports through
/// [`InputSink::count`]) each get their rows for 1, 2 and 3 checkers summed
/// in advance.
#[derive(Clone, Debug)]
pub struct FastNet {
    net: Arc<Network>,
    hidden: usize,
    /// Row-major, `hidden` floats per row: the network's input rows, then
    /// for each point group and count 1..=3 the sum of that group's first
    /// `count` rows. Aligned to a cache line, so that the kernel's loads
    /// never straddle two (an unlucky allocation cost 7% of Portes's speed).
    rows: AlignedRows,
    /// For each input, the row of its group's one-checker sum when a point
    /// group starts there, else [`NO_GROUP`].
    group_row: Vec<u16>,
    /// A second hidden layer's weights input-major (row `i`: the weights
    /// from first-layer unit `i` into each of its units), so that it is
    /// summed like the first layer, over the first layer's nonzero units
    /// only (after ReLU about half are zero). Empty without that layer.
    mid_rows: AlignedRows,
    /// The oldest encoding holding every input the network weighs.
    encoding: u32,
    /// Is the AVX2+FMA kernel usable (processor and layer size)?
    #[cfg(target_arch = "x86_64")]
    avx2: bool,
}

/// The rows to add for one position, with their scales. Every input adds
/// at most one row, so `N` (the encoding's input count) entries suffice.
pub struct RowList<'a, const N: usize> {
    len: usize,
    index: [u16; N],
    scale: [f32; N],
    group_row: &'a [u16],
}

impl<const N: usize> RowList<'_, N> {
    #[inline(always)]
    fn add(&mut self, row: usize, scale: f32) {
        self.index[self.len] = row as u16;
        self.scale[self.len] = scale;
        self.len += 1;
    }

    fn entries(&self) -> impl Iterator<Item = (usize, f32)> + Clone + '_ {
        self.index[..self.len].iter().zip(&self.scale[..self.len]).map(|(&i, &v)| (usize::from(i), v))
    }
}

impl<const N: usize> InputSink for RowList<'_, N> {
    #[inline(always)]
    fn count(&mut self, i: usize, n: u8) {
        let first = self.group_row[i];
        debug_assert!(first != NO_GROUP, "input {i} does not start a point group");
        self.add(usize::from(first) + usize::from(n.min(3)) - 1, 1.0);
        if n > 3 {
            self.add(i + 3, f32::from(n - 3) / 4.0);
        }
    }

    #[inline(always)]
    fn push(&mut self, i: usize, v: f32) {
        if v != 0.0 {
            self.add(i, v);
        }
    }
}

impl FastNet {
    /// `net` prepared for an encoding whose point groups start at the
    /// inputs `groups`.
    pub fn with_groups(net: Arc<Network>, groups: &[usize]) -> FastNet {
        FastNet::build(net, groups)
    }

    /// [`FastNet::with_groups`], made once per network and shared: every
    /// evaluator of the same network (each engine move, hint and duel pair
    /// makes one) uses the same kernel. `groups` must be the network's
    /// game's, as they are wherever a game's evaluator is made.
    pub fn shared(net: Arc<Network>, groups: &[usize]) -> Arc<FastNet> {
        static KERNELS: NetCache<Arc<FastNet>> = NetCache::new(8);
        KERNELS.get_or_make(&net.clone(), || Arc::new(FastNet::build(net, groups)))
    }

    fn build(net: Arc<Network>, groups: &[usize]) -> FastNet {
        let (hidden, inputs) = (net.hidden(), net.inputs());
        let mut rows = Vec::with_capacity((inputs + groups.len() * 3) * hidden);
        for i in 0..inputs {
            rows.extend_from_slice(net.input_row(i));
        }
        let mut group_row = vec![NO_GROUP; inputs];
        for (g, &first) in groups.iter().enumerate() {
            group_row[first] = u16::try_from(inputs + 3 * g).expect("rows fit in u16");
            for c in 1..=3 {
                let mut sum = vec![0.0f32; hidden];
                for k in 0..c {
                    for (a, w) in sum.iter_mut().zip(net.input_row(first + k)) {
                        *a += w;
                    }
                }
                rows.extend_from_slice(&sum);
            }
        }
        let rows = AlignedRows::from(rows);
        let mid = net.mid();
        let mut mid_rows = Vec::with_capacity(hidden * mid);
        if let Some((wm, _)) = net.mid_layer() {
            for i in 0..hidden {
                mid_rows.extend((0..mid).map(|j| wm[j * hidden + i]));
            }
        }
        FastNet {
            #[cfg(target_arch = "x86_64")]
            avx2: hidden.is_multiple_of(CHUNK)
                && mid.is_multiple_of(CHUNK)
                && is_x86_feature_detected!("avx2")
                && is_x86_feature_detected!("fma"),
            mid_rows: AlignedRows::from(mid_rows),
            encoding: net.encoding_read(),
            net,
            hidden,
            rows,
            group_row,
        }
    }

    /// The network it runs.
    pub fn network(&self) -> &Arc<Network> {
        &self.net
    }

    /// The oldest input encoding holding every input the network weighs
    /// ([`Network::encoding_read`]): an encoder may write only its inputs.
    pub fn encoding(&self) -> u32 {
        self.encoding
    }

    /// The four outputs for the inputs `encode` writes (an encoding of at
    /// most `N` inputs, `N` its input count).
    #[inline]
    pub fn forward_with<const N: usize>(&self, encode: impl FnOnce(&mut RowList<'_, N>)) -> [f32; OUTPUTS] {
        let mut list = self.rows_of::<N>();
        encode(&mut list);
        let (_, _, _, b2) = self.net.layers();
        let z = self.output_sums(&list);
        std::array::from_fn(|k| sigmoid(b2[k] + z[k]))
    }

    /// An empty row list for this network's point groups.
    #[inline(always)]
    fn rows_of<const N: usize>(&self) -> RowList<'_, N> {
        assert!(self.group_row.len() <= N, "an encoding of {} inputs needs a list of as many", self.group_row.len());
        RowList { len: 0, index: [0; N], scale: [0.0; N], group_row: &self.group_row }
    }

    /// The output layer's weighted sums (before bias and sigmoid).
    fn output_sums<const N: usize>(&self, list: &RowList<'_, N>) -> [f32; OUTPUTS] {
        if self.net.mid() > 0 {
            return self.sums_through_mid(list);
        }
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            let (_, b1, w2, _) = self.net.layers();
            // SAFETY: `avx2` is set only when the processor has AVX2 and FMA.
            return unsafe { fused_layer_avx2(b1, self.rows.floats(), list.entries(), w2) };
        }
        self.output_sums_portable(list)
    }

    /// [`FastNet::output_sums`] through a second hidden layer: the first
    /// layer's values are written out, its nonzero units listed, and the
    /// second layer summed over them and fused into the outputs as the
    /// first layer is in a one-layer network.
    fn sums_through_mid<const N: usize>(&self, list: &RowList<'_, N>) -> [f32; OUTPUTS] {
        /// Layers up to this size are kept on the stack.
        const STACK: usize = 256;
        let (hidden, mid) = (self.hidden, self.net.mid());
        if hidden > STACK || mid > STACK {
            // Larger than any network measured here: the plain kernel.
            let mut h = vec![0.0f32; hidden];
            self.hidden_values_portable(list, &mut h);
            return self.net.sums_through_mid(&h);
        }
        let mut h = [0.0f32; STACK];
        let h = &mut h[..hidden];
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // One bit per first-layer unit, set when it is nonzero: the
            // kernel makes them from its registers, where a pass over the
            // values to list the nonzero ones took a tenth of an evaluation.
            let mut live = [0u64; STACK / CHUNK];
            // SAFETY: `avx2` is set only when the processor has AVX2 and FMA.
            unsafe { self.hidden_values_avx2(list, h, &mut live) };
            let units = LiveUnits { values: h, words: &live[..hidden / CHUNK], word: 0, bits: live[0] };
            let (wm_bias, w2) = (self.net.mid_layer().expect("a second layer").1, self.net.layers().2);
            // SAFETY: `avx2` is set only when the processor has AVX2 and FMA
            // (and both layers' sizes are multiples of 64).
            return unsafe { fused_layer_avx2(wm_bias, self.mid_rows.floats(), units, w2) };
        }
        self.hidden_values_portable(list, h);
        self.net.sums_through_mid(h)
    }

    /// The first hidden layer's values (after ReLU) into `h`, on any
    /// processor, any layer size.
    fn hidden_values_portable<const N: usize>(&self, list: &RowList<'_, N>, h: &mut [f32]) {
        let n = self.hidden;
        h.copy_from_slice(self.net.layers().1);
        for (row, v) in list.entries() {
            for (a, w) in h.iter_mut().zip(&self.rows.floats()[row * n..(row + 1) * n]) {
                *a += v * w;
            }
        }
        for a in h.iter_mut() {
            *a = a.max(0.0);
        }
    }

    /// [`FastNet::hidden_values_portable`] 64 units at a time in registers, with
    /// bit `i % 64` of `live[i / 64]` set when unit `i` is nonzero.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    fn hidden_values_avx2<const N: usize>(&self, list: &RowList<'_, N>, h: &mut [f32], live: &mut [u64]) {
        use std::arch::x86_64::*;
        let b1 = self.net.layers().1;
        let n = self.hidden;
        debug_assert!(n.is_multiple_of(CHUNK) && b1.len() == n && h.len() == n);
        for c in (0..n).step_by(CHUNK) {
            // SAFETY: `avx2` is set only when the processor has AVX2 and FMA.
            let acc = unsafe { chunk_sums(b1, self.rows.floats(), list.entries(), c) };
            let out: &mut [f32; CHUNK] = (&mut h[c..c + CHUNK]).try_into().expect("a chunk is 64 floats");
            let mut bits = 0u64;
            for (k, a) in acc.iter().enumerate() {
                // SAFETY: `out` holds 64 floats, and 8 * k + 8 ≤ 64.
                unsafe { _mm256_storeu_ps(out.as_mut_ptr().add(8 * k), _mm256_max_ps(*a, _mm256_setzero_ps())) };
                let positive = _mm256_movemask_ps(_mm256_cmp_ps::<_CMP_GT_OQ>(*a, _mm256_setzero_ps()));
                bits |= u64::from(positive as u8) << (8 * k);
            }
            live[c / CHUNK] = bits;
        }
    }

    /// The plain kernel: any processor, any layer size.
    fn output_sums_portable<const N: usize>(&self, list: &RowList<'_, N>) -> [f32; OUTPUTS] {
        let (w2, h) = (self.net.layers().2, self.hidden);
        let mut acc = vec![0.0; h];
        self.hidden_values_portable(list, &mut acc);
        std::array::from_fn(|k| acc.iter().zip(&w2[k * h..(k + 1) * h]).map(|(a, w)| a * w).sum())
    }
}

/// One layer summed 64 units at a time in eight AVX2 registers, from its
/// biases `bias` and the rows (`bias.len()` floats each, in `rows`) of the
/// inputs `entries` lists with their values, then ReLU and the output
/// weights `w2` (output-major) applied while the units are still in
/// registers: the output layer's weighted sums. Profiling (callgrind)
/// showed a row-by-row loop spent most of its instructions loading and
/// storing the accumulator.
///
/// # Safety
/// The processor must have AVX2 and FMA, and `bias.len()` be a multiple of 64.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn fused_layer_avx2(
    bias: &[f32],
    rows: &[f32],
    entries: impl Iterator<Item = (usize, f32)> + Clone,
    w2: &[f32],
) -> [f32; OUTPUTS] {
    use std::arch::x86_64::*;
    let h = bias.len();
    debug_assert!(h.is_multiple_of(CHUNK) && w2.len() == OUTPUTS * h);
    // SAFETY (every load below): `p` comes from `chunk`, so it points at
    // 64 floats, and 8 * k + 8 ≤ 64; unaligned loads are allowed.
    let mut out = [_mm256_setzero_ps(); OUTPUTS];
    for c in (0..h).step_by(CHUNK) {
        // SAFETY: the caller guarantees AVX2 and FMA.
        let acc = unsafe { chunk_sums(bias, rows, entries.clone(), c) };
        for (o, sum) in out.iter_mut().enumerate() {
            let p = chunk(w2, o * h + c);
            for (k, a) in acc.iter().enumerate() {
                let unit = _mm256_max_ps(*a, _mm256_setzero_ps());
                *sum = _mm256_fmadd_ps(unit, unsafe { _mm256_loadu_ps(p.add(8 * k)) }, *sum);
            }
        }
    }
    out.map(|v| {
        let mut lanes = [0.0f32; 8];
        // SAFETY: `lanes` has room for eight floats.
        unsafe { _mm256_storeu_ps(lanes.as_mut_ptr(), v) };
        lanes.iter().sum()
    })
}

/// Units `c..c + 64` of a layer before ReLU, in eight registers: its biases
/// `bias` plus the rows (`bias.len()` floats each, in `rows`) of the inputs
/// `entries` lists, times their values. One multiply-add per 8 units, each
/// row read straight from memory: no branch on the value, no extra
/// registers.
///
/// # Safety
/// The processor must have AVX2 and FMA.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
#[inline]
unsafe fn chunk_sums(
    bias: &[f32],
    rows: &[f32],
    entries: impl Iterator<Item = (usize, f32)>,
    c: usize,
) -> [std::arch::x86_64::__m256; 8] {
    use std::arch::x86_64::*;
    let h = bias.len();
    let p = chunk(bias, c);
    // SAFETY (every load): `chunk` gives 64 floats, and 8 * k + 8 ≤ 64;
    // unaligned loads are allowed.
    let mut acc: [__m256; 8] = std::array::from_fn(|k| unsafe { _mm256_loadu_ps(p.add(8 * k)) });
    for (row, v) in entries {
        let p = chunk(rows, row * h + c);
        let s = _mm256_set1_ps(v);
        for (k, a) in acc.iter_mut().enumerate() {
            *a = _mm256_fmadd_ps(s, unsafe { _mm256_loadu_ps(p.add(8 * k)) }, *a);
        }
    }
    acc
}

/// The nonzero units of a layer (their index and value), read from a bit
/// mask per 64 units: the second layer's inputs.
#[derive(Clone)]
struct LiveUnits<'a> {
    values: &'a [f32],
    words: &'a [u64],
    /// The word being read and its bits not yet read.
    word: usize,
    bits: u64,
}

impl Iterator for LiveUnits<'_> {
    type Item = (usize, f32);

    #[inline(always)]
    fn next(&mut self) -> Option<(usize, f32)> {
        while self.bits == 0 {
            self.word += 1;
            self.bits = *self.words.get(self.word)?;
        }
        let i = self.word * 64 + self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some((i, self.values[i]))
    }
}

/// One row's (or layer's) 64 floats from `at`, bounds-checked once.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn chunk(s: &[f32], at: usize) -> *const f32 {
    let part: &[f32; CHUNK] = s[at..at + CHUNK].try_into().expect("a chunk is 64 floats");
    part.as_ptr()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_kept_whole_and_aligned_to_a_cache_line() {
        for n in [0, 1, 15, 16, 17, 1000] {
            let v: Vec<f32> = (0..n).map(|i| i as f32 * 0.5).collect();
            let rows = AlignedRows::from(v.clone());
            assert_eq!(rows.floats(), &v[..]);
            assert_eq!(rows.floats().as_ptr() as usize % 64, 0);
        }
    }
    use crate::NetGame;
    use crate::games::plakoto::inputs::{NUM_INPUTS, encode, encode_into};
    use crate::inputs::Inputs;
    use tavli_core::Position;
    use tavli_core::game::{DiceSource, SeededDice};

    /// Both kernels compute the same function as encode + forward, for a
    /// layer size the AVX2 kernel takes (128) and one it leaves to the
    /// portable kernel (40), with and without a second hidden layer (of 64
    /// units, summed by the AVX2 kernel over the nonzero first-layer units;
    /// of 32 and 16, by the portable one).
    #[test]
    fn fast_evaluation_matches_encode_and_forward() {
        for (hidden, mid, seed) in [(128, 0, 3), (40, 0, 5), (128, 64, 8), (128, 32, 6), (40, 16, 7)] {
            let net = Arc::new(Network::random_with(Position::KIND, hidden, mid, seed));
            let fast = FastNet::with_groups(net.clone(), &Position::point_groups());
            let mut dice = SeededDice::new(4);
            let mut pos = Position::start();
            let mut x = Inputs::with_capacity();
            for _ in 0..5000 {
                if pos.outcome().is_some() {
                    pos = Position::start();
                }
                encode(&pos, &mut x);
                let slow = net.forward(&x, &mut Vec::new());
                let mut list = fast.rows_of::<NUM_INPUTS>();
                encode_into(&pos, &mut list);
                let b2 = net.layers().3;
                let z = if mid > 0 {
                    // The portable first layer, then the second.
                    let mut h = vec![0.0; hidden];
                    fast.hidden_values_portable(&list, &mut h);
                    net.sums_through_mid(&h)
                } else {
                    fast.output_sums_portable(&list)
                };
                let portable: [f32; OUTPUTS] = std::array::from_fn(|k| sigmoid(b2[k] + z[k]));
                for got in [pos.forward(&fast), portable] {
                    for k in 0..OUTPUTS {
                        assert!((slow[k] - got[k]).abs() < 1e-5, "{pos:?}: {slow:?} vs {got:?}");
                    }
                }
                let plays = pos.legal_plays(dice.roll());
                pos = *plays[dice.die() as usize % plays.len()].position();
            }
        }
    }
}

/// Floats in a buffer aligned to a cache line (64 bytes).
#[derive(Clone, Debug)]
struct AlignedRows {
    blocks: Vec<Line>,
    len: usize,
}

/// One cache line of floats.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(64))]
struct Line([f32; 16]);

impl From<Vec<f32>> for AlignedRows {
    fn from(v: Vec<f32>) -> AlignedRows {
        let blocks = v
            .chunks(16)
            .map(|c| {
                let mut line = [0.0f32; 16];
                line[..c.len()].copy_from_slice(c);
                Line(line)
            })
            .collect();
        AlignedRows { blocks, len: v.len() }
    }
}

impl AlignedRows {
    /// The floats, in order.
    fn floats(&self) -> &[f32] {
        // SAFETY: `blocks` is `Line`s of 16 `f32`s each laid out one after
        // another (`repr(C)`, size 64 = 16 × 4, so no padding between
        // them), and `len` ≤ 16 × `blocks.len()`.
        unsafe { std::slice::from_raw_parts(self.blocks.as_ptr().cast::<f32>(), self.len) }
    }
}
