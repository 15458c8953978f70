//! The database in memory: for each home board, two distributions of a
//! number of turns, stored as 16-bit fixed point over the window of turns
//! that have any probability (most boards need only a handful of turns).

use super::index::{HomeBoard, POSITIONS, rank};
use super::solve::{Exact, MAX_TURNS, Solution, solve};

/// Fixed-point scale: a stored value `v` is the probability `v / SCALE`,
/// and each distribution's values add up to exactly `SCALE`.
pub const SCALE: u32 = 65_535;

/// Where one distribution lies in [`Database::data`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub offset: u32,
    /// The first turn with any probability.
    pub start: u8,
    /// How many turns from `start` are stored.
    pub len: u8,
}

/// Which of the two distributions of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Turns to bear off every checker.
    All = 0,
    /// Turns until the first checker is borne off.
    First = 1,
}

/// The one-sided bear-off database: every home board of 0..=15 checkers.
///
/// ```
/// use tavli_engine::bearoff::Database;
/// // Two checkers on the 1-point: any roll bears both off.
/// let db = Database::build();
/// let d = db.all_off(&[2, 0, 0, 0, 0, 0]);
/// assert_eq!(d.probability(1), 1.0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Database {
    /// Two entries per board index: [`Kind::All`] then [`Kind::First`].
    pub(crate) entries: Vec<Entry>,
    pub(crate) data: Vec<u16>,
}

/// A distribution of a number of turns `T`, as stored.
#[derive(Clone, Copy, Debug)]
pub struct Dist<'a> {
    start: usize,
    values: &'a [u16],
}

impl<'a> Dist<'a> {
    /// The first turn with any probability.
    #[inline]
    pub fn start(&self) -> usize {
        self.start
    }

    /// One past the last turn with any probability.
    #[inline]
    pub fn end(&self) -> usize {
        self.start + self.values.len()
    }

    /// The stored values of turns `start()..end()`, in units of [`SCALE`].
    #[inline]
    pub fn values(&self) -> &'a [u16] {
        self.values
    }

    /// P(T = n).
    pub fn probability(&self, n: usize) -> f32 {
        match n.checked_sub(self.start).and_then(|i| self.values.get(i)) {
            Some(&v) => f32::from(v) / SCALE as f32,
            None => 0.0,
        }
    }

    /// P(T ≥ n).
    pub fn at_least(&self, n: usize) -> f32 {
        let from = n.saturating_sub(self.start).min(self.values.len());
        self.values[from..].iter().map(|&v| u32::from(v)).sum::<u32>() as f32 / SCALE as f32
    }

    /// `E[T]`: the expected number of turns.
    pub fn mean(&self) -> f32 {
        let s: u64 = self.values.iter().enumerate().map(|(i, &v)| (self.start + i) as u64 * u64::from(v)).sum();
        s as f32 / SCALE as f32
    }

    /// `(n, P(T = n))` for the turns with any probability.
    pub fn iter(&self) -> impl Iterator<Item = (usize, f32)> + 'a {
        let start = self.start;
        self.values.iter().enumerate().map(move |(i, &v)| (start + i, f32::from(v) / SCALE as f32))
    }

    /// `P(T ≥ m)` in units of [`SCALE`] for every m in 0..=MAX_TURNS + 1.
    #[inline]
    pub(crate) fn tail(&self) -> [u32; MAX_TURNS + 2] {
        let mut ge = [0u32; MAX_TURNS + 2];
        let mut acc = 0u32;
        for m in (0..self.end()).rev() {
            if m >= self.start {
                acc += u32::from(self.values[m - self.start]);
            }
            ge[m] = acc;
        }
        ge
    }
}

impl Database {
    /// Solves every board and rounds the results for storage (a few seconds;
    /// [`load_default`](super::load_default) does it once and caches the file).
    pub fn build() -> Database {
        Database::from_solution(&solve())
    }

    pub(crate) fn from_solution(sol: &Solution) -> Database {
        let mut db = Database { entries: Vec::with_capacity(2 * POSITIONS), data: Vec::with_capacity(20 * POSITIONS) };
        for i in 0..POSITIONS {
            for d in [&sol.all[i], &sol.first[i]] {
                let (start, values) = quantise(d);
                db.push(start, &values);
            }
        }
        db
    }

    /// Appends the next distribution (in index order, `All` before `First`).
    pub(crate) fn push(&mut self, start: usize, values: &[u16]) {
        self.entries.push(Entry { offset: self.data.len() as u32, start: start as u8, len: values.len() as u8 });
        self.data.extend_from_slice(values);
    }

    #[inline]
    pub(crate) fn dist(&self, index: usize, kind: Kind) -> Dist<'_> {
        let e = self.entries[2 * index + kind as usize];
        let o = e.offset as usize;
        Dist { start: e.start as usize, values: &self.data[o..o + e.len as usize] }
    }

    /// The turns `board` needs to bear off every checker, playing to
    /// minimise the expected number of turns.
    #[inline]
    pub fn all_off(&self, board: &HomeBoard) -> Dist<'_> {
        self.dist(rank(board), Kind::All)
    }

    /// The turns until `board` bears off its first checker, playing to do
    /// so as soon as possible (what matters while none is off: a side that
    /// has borne off nothing loses double). For the empty board, 0.
    #[inline]
    pub fn first_off(&self, board: &HomeBoard) -> Dist<'_> {
        self.dist(rank(board), Kind::First)
    }

    /// Expected turns to bear off every checker of `board`.
    pub fn expected_turns(&self, board: &HomeBoard) -> f32 {
        self.all_off(board).mean()
    }
}

/// Rounds a distribution to fixed point, adding up to exactly [`SCALE`]
/// (the rounding error goes to the largest value), and trims the zeros at
/// both ends: `(first turn, values)`.
pub(crate) fn quantise(d: &Exact) -> (usize, Vec<u16>) {
    let mut q: Vec<i64> = d.iter().map(|&p| (p * f64::from(SCALE)).round() as i64).collect();
    let sum: i64 = q.iter().sum();
    let largest = (0..MAX_TURNS).max_by(|&a, &b| d[a].total_cmp(&d[b])).unwrap_or(0);
    q[largest] += i64::from(SCALE) - sum;
    let start = q.iter().position(|&v| v != 0).unwrap_or(0);
    let end = q.iter().rposition(|&v| v != 0).map_or(start + 1, |e| e + 1);
    (start, q[start..end].iter().map(|&v| v.clamp(0, i64::from(SCALE)) as u16).collect())
}

/// A stand-in database with valid distributions, for tests of the file and
/// the cache that need no solving (the real one is tested in `tests.rs`).
#[cfg(test)]
pub(crate) fn sample() -> Database {
    let mut db = Database { entries: Vec::new(), data: Vec::new() };
    for i in 0..2 * POSITIONS {
        let a = (i % 7) as u16 * 1000;
        db.push(i % 20, &[a, SCALE as u16 - a]);
    }
    db
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantised_distributions_add_up_exactly() {
        let mut d = [0.0; MAX_TURNS];
        d[3] = 1.0 / 3.0;
        d[4] = 1.0 / 3.0;
        d[5] = 1.0 / 3.0;
        let (start, v) = quantise(&d);
        assert_eq!(start, 3);
        assert_eq!(v.iter().map(|&x| u32::from(x)).sum::<u32>(), SCALE);
        let mut one = [0.0; MAX_TURNS];
        one[0] = 1.0;
        assert_eq!(quantise(&one), (0, vec![SCALE as u16]));
    }

    #[test]
    fn dist_reads_the_window() {
        let values = [SCALE as u16 / 4, SCALE as u16 - SCALE as u16 / 4];
        let d = Dist { start: 2, values: &values };
        assert_eq!(d.probability(1), 0.0);
        assert_eq!(d.at_least(0), 1.0);
        assert_eq!(d.at_least(3), d.probability(3));
        assert_eq!(d.at_least(4), 0.0);
        assert!((d.mean() - 2.75).abs() < 1e-4);
        let t = d.tail();
        assert_eq!((t[0], t[2], t[3], t[4]), (SCALE, SCALE, u32::from(values[1]), 0));
    }
}
