//! Counting plays without generating them, for perft's last ply, where
//! Plakoto and Fevga meet the same case: nobody can bear off and the game
//! cannot end during the roll (each game's own guards say when). Then the
//! open points are fixed, moves never interact except by chaining, and a
//! play is identified by how many checkers cross each point-to-point step;
//! the counts follow from bit masks (non-doublets) or a small dynamic
//! programme per chain of points a die apart (doublets). Each game's
//! `fast_counts_match_enumeration` test checks both against enumeration.

use super::bits::nibble;

/// The mover's side at the start of the roll, with the points open to it:
/// what the closed counts and the one-per-position generators read.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StartBoard {
    /// The mover's checkers, a nibble per point.
    pub(crate) own: u128,
    /// Points (bit p) where the mover has checkers, and two or more.
    pub(crate) occ: u32,
    pub(crate) multi: u32,
    /// Points the mover may land on.
    pub(crate) open: u32,
}

/// CHAINS[die][top]: the points top, top − die, … down to 1, as a bit set.
const CHAINS: [[u32; 25]; 7] = {
    let mut t = [[0u32; 25]; 7];
    let mut die = 1;
    while die <= 6 {
        let mut top = 1;
        while top <= 24 {
            let mut p = top as i32;
            while p >= 1 {
                t[die][top] |= 1 << p;
                p -= die as i32;
            }
            top += 1;
        }
        die += 1;
    }
    t
};

impl StartBoard {
    /// Distinct plays of a non-doublet `hi`-`lo` (hi > lo).
    #[inline]
    pub(crate) fn count_non_double(&self, hi: u32, lo: u32) -> u32 {
        let (occ, open) = (self.occ, self.open);
        // Sources from which each die can be played (landing points open).
        let a = occ & (open << hi);
        let b = occ & (open << lo);
        // Two different checkers, one per die: every pair except the same
        // lone checker twice and the pairs where one move starts where the
        // other lands (those are one checker moving hi+lo, counted below).
        let single = occ & !self.multi;
        let pairs = a.count_ones() * b.count_ones()
            - (a & b & single).count_ones()
            - (a & (b << hi)).count_ones()
            - (b & (a << lo)).count_ones();
        // One checker moving hi+lo through either intermediate point.
        let through = occ & (open << (hi + lo)) & ((open << hi) | (open << lo));
        let two = pairs + through.count_ones();
        if two > 0 {
            two
        } else if a != 0 {
            a.count_ones()
        } else if b != 0 {
            b.count_ones()
        } else {
            1
        }
    }

    /// Distinct plays of the doublet `die`.
    pub(crate) fn count_double(&self, die: u32) -> u32 {
        // poly[k]: ways to make exactly k moves in the chains seen so far.
        let mut poly = [1u32, 0, 0, 0, 0];
        for top in (25 - die)..=24 {
            if self.occ & CHAINS[die as usize][top as usize] == 0 {
                continue;
            }
            let packed = self.chain_poly(top, die);
            if packed == 1 {
                continue;
            }
            let f: [u32; 5] = std::array::from_fn(|k| (packed >> (16 * k)) as u32 & 0xFFFF);
            let mut next = [0u32; 5];
            for (i, &x) in poly.iter().enumerate() {
                if x != 0 {
                    for (j, &y) in f.iter().enumerate().take(5 - i) {
                        next[i + j] += x * y;
                    }
                }
            }
            poly = next;
        }
        match (1..=4).rev().find(|&k| poly[k] > 0) {
            Some(k) => poly[k],
            None => 1,
        }
    }

    /// For the chain of points top, top−die, …: the number of distinct ways
    /// to make exactly k moves along it (k = 0..=4), as a polynomial packed
    /// in 16-bit lanes (lane k). `by_arrivals[a]` holds the ways in which `a`
    /// checkers arrive at the current point from the one above; `leave`
    /// checkers can go on from the point when `leave ≤ here + a`, which
    /// makes the step a suffix sum and a shift.
    fn chain_poly(&self, top: u32, die: u32) -> u128 {
        const LANES: u128 = (1 << 80) - 1;
        let mut by_arrivals = [1u128, 0, 0, 0, 0];
        let mut max_arr = 0usize;
        let mut p = top;
        loop {
            let here = nibble(self.own, p) as usize;
            let can_move = p > die && self.open >> (p - die) & 1 == 1;
            if !can_move {
                // Nothing leaves this point: arrivals stay here.
                let all: u128 = by_arrivals[..=max_arr].iter().sum();
                if p <= die {
                    return all;
                }
                by_arrivals = [all, 0, 0, 0, 0];
                max_arr = 0;
            } else if here > 0 || max_arr > 0 {
                let mut suffix = [0u128; 5];
                let mut acc = 0u128;
                for a in (0..=max_arr).rev() {
                    acc += by_arrivals[a];
                    suffix[a] = acc;
                }
                let top_arr = (here + max_arr).min(4);
                for (leave, slot) in by_arrivals.iter_mut().enumerate().take(top_arr + 1) {
                    *slot = (suffix[leave.saturating_sub(here)] << (16 * leave)) & LANES;
                }
                max_arr = top_arr;
            }
            p -= die;
        }
    }
}
