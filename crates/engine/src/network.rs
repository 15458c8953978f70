//! A small multilayer network: sparse inputs → a ReLU hidden layer → an
//! optional second, dense ReLU layer → four sigmoid outputs (win, win
//! double, lose double, draw) for the side on roll. The first layer sums
//! the weight rows of the nonzero inputs only (most inputs are zero), in
//! f32, with AVX2 used when the processor has it. This is the form
//! training uses; evaluation of whole positions goes through the faster
//! `fastnet`.
//!
//! The second layer is what the strongest backgammon programs added where
//! a wider single layer stopped paying (issue 39): it lets the network
//! combine the first layer's features instead of only summing them.

use multiversion::multiversion;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use thiserror::Error;

use tavli_core::tavli::GameKind;

use crate::games::encodings;
use crate::inputs::Inputs;

/// Network outputs: P(win), P(win double), P(lose double), P(draw).
pub const OUTPUTS: usize = 4;
/// The most hidden units a weights file may hold (a bound on what a file
/// can make the loader allocate, and on widening and joining networks).
pub const MAX_HIDDEN: usize = 4096;

const MAGIC: &[u8; 8] = b"PLKNET\0\0";
/// Format 1 holds a Plakoto network: magic, then format, encoding, inputs,
/// hidden, outputs (u32 little-endian), the weights, the `about` text.
const FORMAT_VERSION: u32 = 1;
/// Format 2 holds a network of any game: format 1 with the game's code
/// (`games/encodings.rs`) after the format. Plakoto's networks are still written
/// in format 1, so every file an older build reads stays readable by it.
const FORMAT_WITH_GAME: u32 = 2;
/// Format 3 holds a network with a second hidden layer: format 2 with that
/// layer's size after the output count, and its weights and biases between
/// the first layer's and the output layer's. Networks without one keep
/// formats 1 and 2, so their files (and fingerprints) are unchanged.
const FORMAT_TWO_LAYERS: u32 = 3;

/// Why a weights file was not accepted.
#[derive(Debug, Error)]
pub enum WeightsError {
    /// The file does not start with the weights file's magic bytes.
    #[error("not a plakoto weights file (bad magic)")]
    Magic,
    /// The file is of another file format version (held).
    #[error("weights file format {0} is not supported (expected {FORMAT_VERSION})")]
    Format(u32),
    /// The weights were trained for an input encoding this build does not
    /// know (a newer one, or none).
    #[error(
        "weights were trained for {game} input encoding {found}; this build reads {game} encodings 1 to {latest}: use a newer build or matching weights"
    )]
    Encoding {
        /// The game whose encoding the file names.
        game: GameKind,
        /// The input encoding version the weights were trained for.
        found: u32,
        /// The newest encoding of that game this build reads.
        latest: u32,
    },
    /// The file's number of inputs is not its encoding's.
    #[error("weights file has {found} inputs; its encoding has {expected}")]
    Inputs {
        /// The number of inputs in the file.
        found: u32,
        /// The number of inputs this build encodes.
        expected: usize,
    },
    /// The file is cut short, too long, or has layer sizes this build cannot use.
    #[error("weights file is truncated or has a bad size")]
    Size,
    /// A weight is NaN or infinite.
    #[error("weights file holds a non-finite weight")]
    NotFinite,
    /// The network plays another game than the one asked for, or one this
    /// build has no network encoding for.
    #[error("weights file holds a {found} network; {wanted}")]
    Game {
        /// The game the file's network plays (or its unknown code).
        found: String,
        /// What was wanted instead.
        wanted: String,
    },
}

/// The network's weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    /// The game whose positions the network evaluates.
    game: GameKind,
    /// The number of inputs (its game's current encoding).
    inputs: usize,
    hidden: usize,
    /// Input-major: row `i` holds the `hidden` weights of input `i`.
    w1: Vec<f32>,
    b1: Vec<f32>,
    /// Units of the second hidden layer (0: none, the outputs read the first).
    mid: usize,
    /// Unit-major: row `j` holds the `hidden` weights into second-layer unit `j`.
    wm: Vec<f32>,
    /// The second layer's biases.
    bm: Vec<f32>,
    /// Output-major: row `k` holds the weights into output `k` from the
    /// last hidden layer (`mid` of them, or `hidden` without a second).
    w2: Vec<f32>,
    b2: [f32; OUTPUTS],
    /// Free text about how the weights were made (command, games, date).
    pub about: String,
}

#[inline]
pub(crate) fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// `rows` (each `from` floats long) each padded with zeros to `to` floats:
/// the weights out of new units, silent until training gives them a part.
fn pad_rows(rows: &[f32], from: usize, to: usize) -> Vec<f32> {
    let mut w = Vec::with_capacity(rows.len() / from * to);
    for r in rows.chunks_exact(from) {
        w.extend_from_slice(r);
        w.resize(w.len() + to - from, 0.0);
    }
    w
}

#[multiversion(targets("x86_64+avx2+fma"))]
fn accumulate(h: &mut [f32], w1: &[f32], hidden: usize, items: &[(u16, f32)]) {
    for &(i, v) in items {
        let row = &w1[i as usize * hidden..(i as usize + 1) * hidden];
        if v == 1.0 {
            for (a, w) in h.iter_mut().zip(row) {
                *a += w;
            }
        } else {
            for (a, w) in h.iter_mut().zip(row) {
                *a += v * w;
            }
        }
    }
    for a in h.iter_mut() {
        *a = a.max(0.0);
    }
}

#[multiversion(targets("x86_64+avx2+fma"))]
fn dot(a: &[f32], b: &[f32]) -> f32 {
    // Eight partial sums so the loop vectorises.
    let mut acc = [0.0f32; 8];
    let chunks = a.len() / 8 * 8;
    for (ca, cb) in a[..chunks].chunks_exact(8).zip(b[..chunks].chunks_exact(8)) {
        for k in 0..8 {
            acc[k] += ca[k] * cb[k];
        }
    }
    let mut s: f32 = acc.iter().sum();
    for k in chunks..a.len() {
        s += a[k] * b[k];
    }
    s
}

impl Network {
    /// Input `i`'s first-layer weights.
    pub(crate) fn input_row(&self, i: usize) -> &[f32] {
        &self.w1[i * self.hidden..(i + 1) * self.hidden]
    }

    /// Parts the fast evaluator reads: first-layer weights (input-major),
    /// hidden biases, output weights (output-major) and output biases.
    pub(crate) fn layers(&self) -> (&[f32], &[f32], &[f32], &[f32; OUTPUTS]) {
        (&self.w1, &self.b1, &self.w2, &self.b2)
    }

    /// The second hidden layer's weights (unit-major) and biases, if any.
    pub(crate) fn mid_layer(&self) -> Option<(&[f32], &[f32])> {
        (self.mid > 0).then_some((&self.wm, &self.bm))
    }

    /// Second-layer unit `j`'s value (after ReLU) for the first layer's
    /// values `h` (after ReLU).
    #[inline]
    fn mid_unit(&self, h: &[f32], j: usize) -> f32 {
        (self.bm[j] + dot(h, &self.wm[j * self.hidden..(j + 1) * self.hidden])).max(0.0)
    }

    /// The output layer's weighted sums (before its biases and sigmoids)
    /// for the first hidden layer's values `h` (after ReLU), through the
    /// second hidden layer: for the fast evaluator, which computes `h`.
    pub(crate) fn sums_through_mid(&self, h: &[f32]) -> [f32; OUTPUTS] {
        debug_assert!(self.mid > 0 && h.len() == self.hidden);
        let m: Vec<f32> = (0..self.mid).map(|j| self.mid_unit(h, j)).collect();
        std::array::from_fn(|k| dot(&m, &self.w2[k * self.mid..(k + 1) * self.mid]))
    }

    /// The hidden layers in words, for reports: "128 hidden units", or
    /// "128 + 128 hidden units (two layers)".
    pub fn shape(&self) -> String {
        if self.mid > 0 {
            format!("{} + {} hidden units (two layers)", self.hidden, self.mid)
        } else {
            format!("{} hidden units", self.hidden)
        }
    }

    /// The number of units in the second hidden layer (0: none).
    pub fn mid(&self) -> usize {
        self.mid
    }

    /// A freshly initialised network for `game` (He initialisation,
    /// seeded), for its game's latest encoding.
    pub fn random_for(game: GameKind, hidden: usize, seed: u64) -> Network {
        Network::random_with(game, hidden, 0, seed)
    }

    /// [`Network::random_for`] with a second hidden layer of `mid` units
    /// (0: none, and then the same network as `random_for`'s).
    pub fn random_with(game: GameKind, hidden: usize, mid: usize, seed: u64) -> Network {
        let of = encodings::of(game).inputs_of_version;
        let inputs = of[of.len() - 1];
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let s1 = (2.0 / 40.0f32).sqrt(); // ~40 nonzero inputs per position
        let top = if mid > 0 { mid } else { hidden };
        let sm = (2.0 / hidden as f32).sqrt();
        let s2 = (1.0 / top as f32).sqrt();
        let mut uniform = |s: f32| (rng.random::<f32>() * 2.0 - 1.0) * s * 3f32.sqrt();
        // Drawn in this order so that a network without a second layer is
        // the one this function always made for its seed.
        let w1 = (0..inputs * hidden).map(|_| uniform(s1)).collect();
        let wm = (0..mid * hidden).map(|_| uniform(sm)).collect();
        Network {
            game,
            inputs,
            hidden,
            w1,
            b1: vec![0.05; hidden],
            mid,
            wm,
            bm: vec![0.05; mid],
            w2: (0..OUTPUTS * top).map(|_| uniform(s2)).collect(),
            b2: [0.0, -1.5, -1.5, -4.0],
            about: String::new(),
        }
    }

    /// This network with `hidden` first-layer units (at least its own):
    /// the new units get random first-layer weights (seeded, as in
    /// [`Network::random_for`]) and zero weights out of them, so the wider
    /// network evaluates exactly as this one until training gives them a
    /// part.
    pub fn widened(&self, hidden: usize, seed: u64) -> Network {
        let hidden = hidden.max(self.hidden);
        let fresh = Network::random_for(self.game, hidden, seed);
        let mut w1 = Vec::with_capacity(self.inputs * hidden);
        for i in 0..self.inputs {
            w1.extend_from_slice(self.input_row(i));
            w1.extend_from_slice(&fresh.input_row(i)[self.hidden..]);
        }
        // The rows that read the first layer (the second layer's, or the
        // outputs') get zeros for the new units.
        let (wm, w2) = if self.mid > 0 {
            (pad_rows(&self.wm, self.hidden, hidden), self.w2.clone())
        } else {
            (Vec::new(), pad_rows(&self.w2, self.hidden, hidden))
        };
        let mut b1 = self.b1.clone();
        b1.extend_from_slice(&fresh.b1[self.hidden..]);
        Network { w1, b1, wm, w2, hidden, ..self.clone() }
    }

    /// This network with a second hidden layer of `mid` units put in
    /// between its hidden layer and its outputs. With at least as many
    /// units as its hidden layer, it evaluates exactly as it did: units
    /// `0..hidden` pass the first layer's (already ReLU'd, so non-negative)
    /// values through unchanged, and any units beyond start with random
    /// weights in and zero weights out. With fewer, the first layer (the
    /// features it learned) is kept and the layers above it start random
    /// (seeded). `None` when it already has a second layer.
    pub fn deepened(&self, mid: usize, seed: u64) -> Option<Network> {
        if self.mid > 0 || mid == 0 || mid > MAX_HIDDEN {
            return None;
        }
        let fresh = Network::random_with(self.game, self.hidden, mid, seed);
        if mid < self.hidden {
            return Some(Network { w1: self.w1.clone(), b1: self.b1.clone(), about: self.about.clone(), ..fresh });
        }
        let mut wm = fresh.wm;
        let mut bm = fresh.bm;
        for j in 0..self.hidden {
            let row = &mut wm[j * self.hidden..(j + 1) * self.hidden];
            row.fill(0.0);
            row[j] = 1.0;
            bm[j] = 0.0;
        }
        let w2 = pad_rows(&self.w2, self.hidden, mid);
        Some(Network { mid, wm, bm, w2, ..self.clone() })
    }

    /// One network that evaluates as the ensemble of `members`: its
    /// hidden layer is theirs side by side, and each output's weighted sum
    /// (before the sigmoid) is the mean of theirs, so its output is the
    /// sigmoid of the members' mean logit. Independently trained networks
    /// err in different places, and the mean errs less than any of them;
    /// as one wider network it keeps the fast kernel and the file format.
    /// `None` for no members, members of different games, or more than
    /// [`MAX_HIDDEN`] units in all, or a member with a second hidden layer.
    pub fn ensemble(members: &[&Network]) -> Option<Network> {
        let hidden: usize = members.iter().map(|n| n.hidden).sum();
        let first = members.first()?;
        if hidden > MAX_HIDDEN || members.iter().any(|n| n.game != first.game || n.mid > 0) {
            return None;
        }
        let share = 1.0 / members.len() as f32;
        let mut w1 = Vec::with_capacity(first.inputs * hidden);
        for i in 0..first.inputs {
            for n in members {
                w1.extend_from_slice(n.input_row(i));
            }
        }
        let mut w2 = Vec::with_capacity(OUTPUTS * hidden);
        for k in 0..OUTPUTS {
            for n in members {
                w2.extend(n.w2[k * n.hidden..(k + 1) * n.hidden].iter().map(|w| w * share));
            }
        }
        Some(Network {
            game: first.game,
            inputs: first.inputs,
            hidden,
            w1,
            b1: members.iter().flat_map(|n| n.b1.iter().copied()).collect(),
            mid: 0,
            wm: Vec::new(),
            bm: Vec::new(),
            w2,
            b2: std::array::from_fn(|k| members.iter().map(|n| n.b2[k]).sum::<f32>() * share),
            about: String::new(),
        })
    }

    /// The number of hidden units.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The game whose positions the network evaluates.
    pub fn game(&self) -> GameKind {
        self.game
    }

    /// The number of inputs (its game's current encoding).
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// The oldest input encoding of its game that holds every input this
    /// network weighs. A network trained on an older encoding has zero
    /// weights for the inputs appended since (see
    /// [`Network::from_bytes_of`]), so an evaluator need only compute that
    /// encoding's inputs.
    pub fn encoding_read(&self) -> u32 {
        let crate::inputs::Encodings { version: latest, inputs_of_version: inputs_of, .. } = encodings::of(self.game);
        let weighed =
            (0..self.inputs).rev().find(|&i| self.input_row(i).iter().any(|&w| w != 0.0)).map_or(0, |i| i + 1);
        inputs_of.iter().position(|&n| weighed <= n).map_or(latest, |v| v as u32 + 1)
    }

    /// The four output probabilities for `inputs`; `h` is scratch space
    /// (left holding the first hidden layer's values, then the second's).
    #[inline]
    pub fn forward(&self, inputs: &Inputs, h: &mut Vec<f32>) -> [f32; OUTPUTS] {
        h.clear();
        h.extend_from_slice(&self.b1);
        accumulate(h, &self.w1, self.hidden, &inputs.items);
        let top = if self.mid > 0 {
            for j in 0..self.mid {
                let v = self.mid_unit(&h[..self.hidden], j);
                h.push(v);
            }
            &h[self.hidden..]
        } else {
            &h[..]
        };
        let n = top.len();
        std::array::from_fn(|k| sigmoid(self.b2[k] + dot(top, &self.w2[k * n..(k + 1) * n])))
    }

    /// One sample's gradient of the cross-entropy of each output against
    /// `target`, added (times `scale`) into `grad`. Returns the outputs.
    pub fn backprop(
        &self,
        inputs: &Inputs,
        target: &[f32; OUTPUTS],
        scale: f32,
        grad: &mut Gradient,
    ) -> [f32; OUTPUTS] {
        let mut h = Vec::with_capacity(self.hidden + self.mid);
        let out = self.forward(inputs, &mut h);
        let dz: [f32; OUTPUTS] = std::array::from_fn(|k| (out[k] - target[k]) * scale);
        let (h, m) = h.split_at(self.hidden);
        let (top, n) = if self.mid > 0 { (m, self.mid) } else { (h, self.hidden) };
        // The gradient at the top layer's units, then back through the
        // second layer (if any) to the first's.
        let mut dt = vec![0.0f32; n];
        for k in 0..OUTPUTS {
            grad.b2[k] += dz[k];
            let w = &self.w2[k * n..(k + 1) * n];
            let g = &mut grad.w2[k * n..(k + 1) * n];
            for j in 0..n {
                g[j] += dz[k] * top[j];
                dt[j] += dz[k] * w[j];
            }
        }
        let mut dh = if self.mid > 0 {
            let mut dh = vec![0.0f32; self.hidden];
            for j in 0..self.mid {
                if m[j] <= 0.0 {
                    continue;
                }
                grad.bm[j] += dt[j];
                let w = &self.wm[j * self.hidden..(j + 1) * self.hidden];
                let g = &mut grad.wm[j * self.hidden..(j + 1) * self.hidden];
                for i in 0..self.hidden {
                    g[i] += dt[j] * h[i];
                    dh[i] += dt[j] * w[i];
                }
            }
            dh
        } else {
            dt
        };
        for j in 0..self.hidden {
            if h[j] <= 0.0 {
                dh[j] = 0.0;
            }
            grad.b1[j] += dh[j];
        }
        for &(i, v) in &inputs.items {
            let g = &mut grad.w1[i as usize * self.hidden..(i as usize + 1) * self.hidden];
            for j in 0..self.hidden {
                g[j] += v * dh[j];
            }
        }
        out
    }

    /// All parameters as one mutable slice list (for the optimiser), in
    /// the order of [`Gradient::parts`] (the second layer's empty without one).
    pub fn params_mut(&mut self) -> [&mut [f32]; 6] {
        [&mut self.w1, &mut self.b1, &mut self.wm, &mut self.bm, &mut self.w2, &mut self.b2]
    }

    /// The network's fingerprint: 64 bits of FNV-1a over its weights file
    /// ([`Network::to_bytes`]), the same for the same weights read twice.
    pub fn fingerprint(&self) -> u64 {
        self.to_bytes().iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
    }

    /// Serialises the weights (little-endian, with the game, its encoding
    /// version and the `about` text; a Plakoto network in format 1, a
    /// network with a second hidden layer in format 3).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(
            36 + 4 * (self.w1.len() + self.wm.len() + self.w2.len() + self.hidden + self.mid + OUTPUTS),
        );
        b.extend_from_slice(MAGIC);
        let facts = encodings::of(self.game);
        // Code 0 (Plakoto) keeps format 1, which every older build reads.
        let header: &[u32] = if self.mid > 0 {
            &[FORMAT_TWO_LAYERS, facts.file_code]
        } else if facts.file_code == 0 {
            &[FORMAT_VERSION]
        } else {
            &[FORMAT_WITH_GAME, facts.file_code]
        };
        let encoding = facts.version;
        let sizes = [encoding, self.inputs as u32, self.hidden as u32, OUTPUTS as u32, self.mid as u32];
        let sizes = if self.mid > 0 { &sizes[..] } else { &sizes[..4] };
        for &x in header.iter().chain(sizes) {
            b.extend_from_slice(&x.to_le_bytes());
        }
        for v in self.w1.iter().chain(&self.b1).chain(&self.wm).chain(&self.bm).chain(&self.w2).chain(&self.b2) {
            b.extend_from_slice(&v.to_le_bytes());
        }
        b.extend_from_slice(&(self.about.len() as u32).to_le_bytes());
        b.extend_from_slice(self.about.as_bytes());
        b
    }

    /// Reads a network of `game` written by [`Network::to_bytes`], checking
    /// the game and the encoding. Weights of an older encoding get zero
    /// weights for the inputs it lacks (later encodings only append
    /// inputs), so they evaluate as they did.
    pub fn from_bytes_of(wanted: GameKind, b: &[u8]) -> Result<Network, WeightsError> {
        let net = Network::from_bytes_any(b)?;
        if net.game != wanted {
            return Err(WeightsError::Game {
                found: net.game.to_string(),
                wanted: format!("a {wanted} network is needed"),
            });
        }
        Ok(net)
    }

    /// Reads a network of whichever game the file says.
    pub fn from_bytes_any(b: &[u8]) -> Result<Network, WeightsError> {
        if b.len() < 28 || &b[..8] != MAGIC {
            return Err(WeightsError::Magic);
        }
        let u = |i: usize| -> Result<u32, WeightsError> {
            b.get(i..i + 4).map(|s| u32::from_le_bytes([s[0], s[1], s[2], s[3]])).ok_or(WeightsError::Size)
        };
        let (game, at) = match u(8)? {
            FORMAT_VERSION => (encodings::game_of_code(0).expect("a game has code 0"), 12),
            FORMAT_WITH_GAME | FORMAT_TWO_LAYERS => {
                let code = u(12)?;
                let game = encodings::game_of_code(code).ok_or_else(|| WeightsError::Game {
                    found: format!("game code {code}"),
                    wanted: format!("this build knows codes 0 to {}", GameKind::ALL.len() - 1),
                })?;
                (game, 16)
            }
            format => return Err(WeightsError::Format(format)),
        };
        let (encoding, inputs, hidden, outputs) = (u(at)?, u(at + 4)?, u(at + 8)?, u(at + 12)?);
        let two_layers = u(8)? == FORMAT_TWO_LAYERS;
        let mid = if two_layers { u(at + 16)? } else { 0 };
        let crate::inputs::Encodings { version: latest, inputs_of_version: inputs_of, .. } = encodings::of(game);
        if !(1..=latest).contains(&encoding) {
            return Err(WeightsError::Encoding { game, found: encoding, latest });
        }
        let file_inputs = inputs_of[encoding as usize - 1];
        let all_inputs = inputs_of[inputs_of.len() - 1];
        let at = at + if two_layers { 20 } else { 16 };
        if inputs as usize != file_inputs {
            return Err(WeightsError::Inputs { found: inputs, expected: file_inputs });
        }
        if outputs as usize != OUTPUTS
            || hidden == 0
            || hidden as usize > MAX_HIDDEN
            || (two_layers && (mid == 0 || mid as usize > MAX_HIDDEN))
        {
            return Err(WeightsError::Size);
        }
        let (hidden, mid) = (hidden as usize, mid as usize);
        let top = if mid > 0 { mid } else { hidden };
        let n = file_inputs * hidden + hidden + mid * hidden + mid + OUTPUTS * top + OUTPUTS;
        let floats = b.get(at..at + 4 * n).ok_or(WeightsError::Size)?;
        let v: Vec<f32> = floats.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
        if v.iter().any(|x| !x.is_finite()) {
            return Err(WeightsError::NotFinite);
        }
        let rest = &b[at + 4 * n..];
        let about_len =
            rest.get(..4).map(|s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]) as usize).ok_or(WeightsError::Size)?;
        let about = rest.get(4..4 + about_len).ok_or(WeightsError::Size)?;
        if rest.len() != 4 + about_len {
            return Err(WeightsError::Size);
        }
        let (w1, r) = v.split_at(file_inputs * hidden);
        let (b1, r) = r.split_at(hidden);
        let (wm, r) = r.split_at(mid * hidden);
        let (bm, r) = r.split_at(mid);
        let (w2, b2) = r.split_at(OUTPUTS * top);
        let mut w1 = w1.to_vec();
        w1.resize(all_inputs * hidden, 0.0);
        Ok(Network {
            game,
            inputs: all_inputs,
            hidden,
            w1,
            b1: b1.to_vec(),
            mid,
            wm: wm.to_vec(),
            bm: bm.to_vec(),
            w2: w2.to_vec(),
            b2: [b2[0], b2[1], b2[2], b2[3]],
            about: String::from_utf8_lossy(about).into_owned(),
        })
    }
}

/// Gradients with the network's shape.
#[derive(Clone, Debug)]
pub struct Gradient {
    /// First-layer weight gradients, input-major like the network's.
    pub w1: Vec<f32>,
    /// Hidden bias gradients.
    pub b1: Vec<f32>,
    /// Second-layer weight gradients, unit-major (empty without that layer).
    pub wm: Vec<f32>,
    /// Second-layer bias gradients (empty without that layer).
    pub bm: Vec<f32>,
    /// Output weight gradients, output-major like the network's.
    pub w2: Vec<f32>,
    /// Output bias gradients.
    pub b2: Vec<f32>,
}

impl Gradient {
    /// An all-zero gradient shaped like `net`.
    pub fn zeros(net: &Network) -> Gradient {
        Gradient {
            w1: vec![0.0; net.w1.len()],
            b1: vec![0.0; net.b1.len()],
            wm: vec![0.0; net.wm.len()],
            bm: vec![0.0; net.bm.len()],
            w2: vec![0.0; net.w2.len()],
            b2: vec![0.0; OUTPUTS],
        }
    }

    /// Sets every gradient back to zero.
    pub fn clear(&mut self) {
        for v in [&mut self.w1, &mut self.b1, &mut self.wm, &mut self.bm, &mut self.w2, &mut self.b2] {
            v.fill(0.0);
        }
    }

    /// The parts in the order of [`Network::params_mut`]: `w1`, `b1`,
    /// `wm`, `bm`, `w2`, `b2`.
    pub fn parts(&self) -> [&[f32]; 6] {
        [&self.w1, &self.b1, &self.wm, &self.bm, &self.w2, &self.b2]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::plakoto::inputs::{ENCODING_VERSION, INPUTS_OF_VERSION, NUM_INPUTS, encode};
    use crate::games::{fevga::inputs as fevga_inputs, portes::inputs as portes_inputs};
    use tavli_core::Position;

    #[test]
    fn bytes_round_trip_and_bad_files_are_refused() {
        let mut n = Network::random_for(GameKind::Plakoto, 16, 1);
        n.about = "test".into();
        let b = n.to_bytes();
        assert_eq!(Network::from_bytes_of(GameKind::Plakoto, &b).unwrap(), n);
        assert!(matches!(Network::from_bytes_of(GameKind::Plakoto, &b[..b.len() - 1]), Err(WeightsError::Size)));
        assert!(matches!(
            Network::from_bytes_of(GameKind::Plakoto, b"nonsense-nonsense-nonsense-xx"),
            Err(WeightsError::Magic)
        ));
        let mut wrong = b.clone();
        wrong[12] = 99;
        assert!(matches!(
            Network::from_bytes_of(GameKind::Plakoto, &wrong),
            Err(WeightsError::Encoding { found: 99, .. })
        ));
        let e = Network::from_bytes_of(GameKind::Plakoto, &wrong).unwrap_err().to_string();
        assert!(e.contains(&format!(
            "plakoto input encoding 99; this build reads plakoto encodings 1 to {ENCODING_VERSION}"
        )));
    }

    /// A Portes network is written in format 2 with its game, reads back
    /// as itself, and is refused where a Plakoto network is wanted (and the
    /// other way round); Plakoto's stay in format 1; unknown games and games
    /// without a network are refused by name.
    #[test]
    fn a_network_names_its_game_in_its_file() {
        let mut p = Network::random_for(GameKind::Portes, 8, 1);
        p.about = "portes".into();
        assert_eq!((p.game(), p.inputs()), (GameKind::Portes, portes_inputs::NUM_INPUTS));
        let b = p.to_bytes();
        assert_eq!(&b[8..16], &[2, 0, 0, 0, 1, 0, 0, 0]);
        assert_eq!(Network::from_bytes_of(GameKind::Portes, &b).unwrap(), p);
        assert_eq!(Network::from_bytes_any(&b).unwrap(), p);
        let refused = Network::from_bytes_of(GameKind::Plakoto, &b).unwrap_err().to_string();
        assert_eq!(refused, "weights file holds a portes network; a plakoto network is needed");
        let k = Network::random_for(GameKind::Plakoto, 8, 1).to_bytes();
        assert_eq!(&k[8..12], &[1, 0, 0, 0]);
        assert!(matches!(Network::from_bytes_of(GameKind::Portes, &k), Err(WeightsError::Game { .. })));
        let mut unknown = b.clone();
        unknown[12] = 7;
        assert_eq!(
            Network::from_bytes_any(&unknown).unwrap_err().to_string(),
            "weights file holds a game code 7 network; this build knows codes 0 to 3"
        );
        // A Portes network relabelled as Fevga's does not fit Fevga's encodings.
        let mut fevga = b.clone();
        fevga[12] = 2;
        let e = Network::from_bytes_any(&fevga).unwrap_err().to_string();
        let latest = fevga_inputs::ENCODING_VERSION;
        assert!(
            e.contains(&format!(
                "fevga input encoding {}; this build reads fevga encodings 1 to {latest}",
                portes_inputs::ENCODING_VERSION
            )),
            "{e}"
        );
        let f = Network::random_for(GameKind::Fevga, 8, 1);
        assert_eq!(Network::from_bytes_of(GameKind::Fevga, &f.to_bytes()).unwrap(), f);
        assert!(matches!(Network::from_bytes_any(&b[..b.len() - 1]), Err(WeightsError::Size)));
        // Members of different games make no ensemble.
        assert!(Network::ensemble(&[&p, &Network::random_for(GameKind::Plakoto, 8, 2)]).is_none());
        assert_eq!(Network::ensemble(&[&p, &p]).unwrap().game(), GameKind::Portes);
    }

    #[test]
    fn weights_of_the_first_encoding_load_with_zero_rows_for_the_new_inputs() {
        let mut n = Network::random_for(GameKind::Plakoto, 16, 3);
        let old = INPUTS_OF_VERSION[0];
        n.w1[old * 16..].fill(0.0);
        let new = n.to_bytes();
        // The same file as encoding 1 wrote it: its header, without the rows
        // of the inputs encoding 1 lacked.
        let mut v1 = new[..28].to_vec();
        v1[12..16].copy_from_slice(&1u32.to_le_bytes());
        v1[16..20].copy_from_slice(&(old as u32).to_le_bytes());
        v1.extend_from_slice(&new[28..28 + 4 * old * 16]);
        v1.extend_from_slice(&new[28 + 4 * NUM_INPUTS * 16..]);
        assert_eq!(Network::from_bytes_of(GameKind::Plakoto, &v1).unwrap(), n);
        let mut wrong = v1.clone();
        wrong[16..20].copy_from_slice(&(NUM_INPUTS as u32).to_le_bytes());
        assert!(matches!(Network::from_bytes_of(GameKind::Plakoto, &wrong), Err(WeightsError::Inputs { .. })));
    }

    #[test]
    fn a_widened_network_evaluates_as_before_and_its_new_units_can_learn() {
        let n = Network::random_for(GameKind::Plakoto, 16, 4);
        let w = n.widened(24, 5);
        assert_eq!(w.hidden(), 24);
        let mut x = Inputs::with_capacity();
        let mut pos = Position::start();
        for roll in [(6, 5), (3, 1), (4, 4), (2, 1)] {
            encode(&pos, &mut x);
            let (a, b) = (n.forward(&x, &mut Vec::new()), w.forward(&x, &mut Vec::new()));
            for k in 0..OUTPUTS {
                assert!((a[k] - b[k]).abs() < 1e-6, "{a:?} {b:?}");
            }
            pos = *pos.legal_plays(tavli_core::Dice::new(roll.0, roll.1).unwrap())[0].position();
        }
        // The new units are live: their output weights get a gradient.
        let mut g = Gradient::zeros(&w);
        w.backprop(&x, &[1.0, 0.0, 0.0, 0.0], 1.0, &mut g);
        assert!(g.w2[16..24].iter().any(|&d| d != 0.0));
        // Never narrowed.
        assert_eq!(n.widened(8, 5), n);
    }

    #[test]
    fn an_ensemble_gives_the_sigmoid_of_its_members_mean_logit() {
        let (a, b, c) = (
            Network::random_for(GameKind::Plakoto, 16, 7),
            Network::random_for(GameKind::Plakoto, 24, 8),
            Network::random_for(GameKind::Plakoto, 16, 9),
        );
        let all = Network::ensemble(&[&a, &b, &c]).unwrap();
        assert_eq!(all.hidden(), 56);
        let logit = |p: f32| (p / (1.0 - p)).ln();
        let mut x = Inputs::with_capacity();
        let mut pos = Position::start();
        for roll in [(6, 5), (3, 1), (4, 4), (2, 1), (6, 6)] {
            encode(&pos, &mut x);
            let outs: Vec<[f32; OUTPUTS]> = [&a, &b, &c].iter().map(|n| n.forward(&x, &mut Vec::new())).collect();
            let got = all.forward(&x, &mut Vec::new());
            for k in 0..OUTPUTS {
                let mean = outs.iter().map(|o| logit(o[k])).sum::<f32>() / 3.0;
                let want = sigmoid(mean);
                assert!((got[k] - want).abs() < 1e-5, "output {k}: {got:?} vs {want}");
            }
            pos = *pos.legal_plays(tavli_core::Dice::new(roll.0, roll.1).unwrap())[0].position();
        }
        // A network joined with itself is itself.
        let twice = Network::ensemble(&[&a, &a]).unwrap();
        encode(&pos, &mut x);
        let (one, two) = (a.forward(&x, &mut Vec::new()), twice.forward(&x, &mut Vec::new()));
        assert!((0..OUTPUTS).all(|k| (one[k] - two[k]).abs() < 1e-6));
        assert!(Network::ensemble(&[]).is_none());
        assert!(Network::ensemble(&[&Network::random_for(GameKind::Plakoto, 4090, 1), &a, &b, &c]).is_none());
    }

    #[test]
    fn gradient_matches_finite_differences() {
        let mut n = Network::random_for(GameKind::Plakoto, 8, 2);
        let mut x = Inputs::with_capacity();
        encode(&Position::start(), &mut x);
        let t = [1.0, 0.0, 1.0, 0.0];
        let loss = |n: &Network| {
            let o = n.forward(&x, &mut Vec::new());
            -(0..OUTPUTS).map(|k| t[k] * o[k].ln() + (1.0 - t[k]) * (1.0 - o[k]).ln()).sum::<f32>()
        };
        let mut g = Gradient::zeros(&n);
        n.backprop(&x, &t, 1.0, &mut g);
        let (i, _) = x.items[3];
        let idx = i as usize * 8 + 5;
        let eps = 1e-3;
        n.w1[idx] += eps;
        let up = loss(&n);
        n.w1[idx] -= 2.0 * eps;
        let down = loss(&n);
        let numeric = (up - down) / (2.0 * eps);
        assert!((numeric - g.w1[idx]).abs() < 2e-2, "{numeric} vs {}", g.w1[idx]);
    }

    /// The loss `backprop` differentiates, for the finite-difference checks.
    fn cross_entropy(n: &Network, x: &Inputs, t: &[f32; OUTPUTS]) -> f32 {
        let o = n.forward(x, &mut Vec::new());
        -(0..OUTPUTS).map(|k| t[k] * o[k].ln() + (1.0 - t[k]) * (1.0 - o[k]).ln()).sum::<f32>()
    }

    /// Every part of a two-layer network's gradient (first layer, second
    /// layer, outputs) matches finite differences of the loss.
    #[test]
    fn a_second_layer_s_gradient_matches_finite_differences() {
        let mut n = Network::random_with(GameKind::Plakoto, 8, 6, 2);
        let mut x = Inputs::with_capacity();
        encode(&Position::start(), &mut x);
        let t = [1.0, 0.0, 1.0, 0.0];
        let mut g = Gradient::zeros(&n);
        n.backprop(&x, &t, 1.0, &mut g);
        let eps = 1e-3;
        for part in 0..6 {
            // Each part's largest gradient: a live unit's, not a dead one's zero.
            let idx = (0..g.parts()[part].len())
                .max_by(|&a, &b| g.parts()[part][a].abs().total_cmp(&g.parts()[part][b].abs()))
                .unwrap();
            let analytic = g.parts()[part][idx];
            assert!(analytic != 0.0, "part {part} has no gradient at all");
            n.params_mut()[part][idx] += eps;
            let up = cross_entropy(&n, &x, &t);
            n.params_mut()[part][idx] -= 2.0 * eps;
            let down = cross_entropy(&n, &x, &t);
            n.params_mut()[part][idx] += eps;
            let numeric = (up - down) / (2.0 * eps);
            assert!(
                (numeric - analytic).abs() < 2e-2 * analytic.abs().max(1.0),
                "part {part}[{idx}]: {numeric} vs {analytic}"
            );
        }
    }

    /// A two-layer network is written in format 3, reads back as itself,
    /// and a cut file or a zero-unit second layer is refused; a network
    /// deepened or widened evaluates as before; ensembles refuse it.
    #[test]
    fn a_second_layer_is_stored_and_grown_without_changing_the_values() {
        let mut d = Network::random_with(GameKind::Portes, 16, 8, 3);
        d.about = "two layers".into();
        let b = d.to_bytes();
        assert_eq!(&b[8..12], &3u32.to_le_bytes());
        assert_eq!(Network::from_bytes_of(GameKind::Portes, &b).unwrap(), d);
        assert!(matches!(Network::from_bytes_any(&b[..b.len() - 1]), Err(WeightsError::Size)));
        let mut zero = b.clone();
        zero[32..36].copy_from_slice(&0u32.to_le_bytes());
        assert!(matches!(Network::from_bytes_any(&zero), Err(WeightsError::Size)));
        // Networks without a second layer keep their old formats.
        assert_eq!(&Network::random_for(GameKind::Portes, 8, 1).to_bytes()[8..12], &2u32.to_le_bytes());

        let one = Network::random_for(GameKind::Plakoto, 16, 4);
        let deep = one.deepened(24, 5).unwrap();
        assert_eq!((deep.hidden(), deep.mid()), (16, 24));
        let wide = deep.widened(20, 6);
        assert_eq!((wide.hidden(), wide.mid()), (20, 24));
        let mut x = Inputs::with_capacity();
        let mut pos = Position::start();
        for roll in [(6, 5), (3, 1), (4, 4), (2, 1)] {
            encode(&pos, &mut x);
            let a = one.forward(&x, &mut Vec::new());
            for b in [deep.forward(&x, &mut Vec::new()), wide.forward(&x, &mut Vec::new())] {
                assert!((0..OUTPUTS).all(|k| (a[k] - b[k]).abs() < 1e-6), "{a:?} {b:?}");
            }
            pos = *pos.legal_plays(tavli_core::Dice::new(roll.0, roll.1).unwrap())[0].position();
        }
        // The new units are live: weights out of them get a gradient.
        let mut g = Gradient::zeros(&deep);
        deep.backprop(&x, &[1.0, 0.0, 0.0, 0.0], 1.0, &mut g);
        assert!((0..OUTPUTS).any(|k| g.w2[k * 24 + 16..k * 24 + 24].iter().any(|&d| d != 0.0)));
        assert!(deep.deepened(32, 1).is_none(), "a second layer is added once");
        // Fewer units than the first layer: its features kept, the rest new.
        let narrow = one.deepened(8, 1).unwrap();
        assert_eq!((narrow.hidden(), narrow.mid(), narrow.input_row(3)), (16, 8, one.input_row(3)));
        assert_ne!(narrow.forward(&x, &mut Vec::new()), one.forward(&x, &mut Vec::new()));
        assert!(Network::ensemble(&[&deep, &deep]).is_none());
    }
}
