//! The ranking of one side's home board: a bijection between the boards of
//! 0..=15 checkers on points 1..=6 and the indices 0..54,264.
//!
//! Write the board as a string of 21 symbols: for each point 1..=6 in turn,
//! its checkers (one symbol each) followed by a separator, and after the
//! sixth separator the checkers already borne off. With `c_p` checkers on
//! point `p`, the k-th separator (k = 1..=6) stands at
//! `s_k = c_1 + … + c_k + (k − 1)`, and the index is
//! `Σ_k C(s_k, k)`: the combinatorial number system on the six separator
//! positions, so every choice of 6 of the 21 places gets its own index
//! below C(21, 6). The empty board has index 0.

/// Checkers a side has.
pub const CHECKERS: u8 = 15;

/// The number of home boards of 0..=15 checkers: C(21, 6).
pub const POSITIONS: usize = 54_264;

/// One side's checkers on its points 1..=6 (index 0 is the 1-point).
pub type HomeBoard = [u8; 6];

/// `BINOMIAL[n][k]` = C(n, k) for n ≤ 21, k ≤ 6.
const BINOMIAL: [[u32; 7]; 22] = {
    let mut t = [[0u32; 7]; 22];
    let mut n = 0;
    while n < 22 {
        t[n][0] = 1;
        let mut k = 1;
        while k < 7 && k <= n {
            t[n][k] = t[n - 1][k - 1] + t[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    t
};

const _: () = assert!(BINOMIAL[21][6] as usize == POSITIONS);

/// The index of `board` (at most 15 checkers in all).
///
/// ```
/// use tavli_engine::bearoff::{rank, unrank};
/// assert_eq!(rank(&[0; 6]), 0);
/// let b = [2, 0, 3, 0, 0, 1];
/// assert_eq!(unrank(rank(&b)), b);
/// ```
#[inline]
pub fn rank(board: &HomeBoard) -> usize {
    debug_assert!(checkers(board) <= CHECKERS);
    let mut s = 0usize;
    let mut r = 0u32;
    for k in 1..=6 {
        s += board[k - 1] as usize;
        r += BINOMIAL[s + k - 1][k];
    }
    r as usize
}

/// The board of index `index` (< [`POSITIONS`]).
pub fn unrank(index: usize) -> HomeBoard {
    assert!(index < POSITIONS, "bear-off index {index} is out of range");
    let mut r = index as u32;
    let mut seps = [0usize; 6];
    // Greedy from the last separator: the largest place s with C(s, k) ≤ r.
    let mut hi = 21;
    for k in (1..=6).rev() {
        let mut s = hi - 1;
        while BINOMIAL[s][k] > r {
            s -= 1;
        }
        r -= BINOMIAL[s][k];
        seps[k - 1] = s;
        hi = s;
    }
    let mut board = [0u8; 6];
    let mut prev = 0;
    for k in 0..6 {
        // s_k − (k − 1) is the running total of checkers up to point k.
        let total = seps[k] - k;
        board[k] = (total - prev) as u8;
        prev = total;
    }
    board
}

/// Checkers on the board.
#[inline]
pub fn checkers(board: &HomeBoard) -> u8 {
    board.iter().sum()
}

/// Pips still to travel: each checker's point number.
#[inline]
pub fn pips(board: &HomeBoard) -> u32 {
    board.iter().enumerate().map(|(i, &n)| (i as u32 + 1) * u32::from(n)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranking_round_trips_on_every_board() {
        let mut seen = vec![false; POSITIONS];
        for i in 0..POSITIONS {
            let b = unrank(i);
            assert!(checkers(&b) <= CHECKERS, "{b:?}");
            assert_eq!(rank(&b), i, "{b:?}");
            assert!(!seen[i]);
            seen[i] = true;
        }
        // And every board of at most 15 checkers is reached: count them.
        let mut count = 0;
        let mut b = [0u8; 6];
        fn walk(b: &mut HomeBoard, p: usize, left: u8, count: &mut usize) {
            if p == 6 {
                assert_eq!(unrank(rank(b)), *b);
                *count += 1;
                return;
            }
            for n in 0..=left {
                b[p] = n;
                walk(b, p + 1, left - n, count);
            }
            b[p] = 0;
        }
        walk(&mut b, 0, CHECKERS, &mut count);
        assert_eq!(count, POSITIONS);
    }

    #[test]
    fn known_indices() {
        assert_eq!(rank(&[0; 6]), 0);
        // One checker on the 1-point: separators at 1, 2, …, 6 → Σ C(k, k) = 6.
        assert_eq!(rank(&[1, 0, 0, 0, 0, 0]), 6);
        // Fifteen on the 1-point puts the separators last: the largest index.
        assert_eq!(rank(&[15, 0, 0, 0, 0, 0]), POSITIONS - 1);
        assert_eq!(rank(&[0, 0, 0, 0, 0, 15]), 38_760); // C(20, 6)
        assert_eq!(pips(&[1, 0, 0, 0, 0, 2]), 13);
    }
}
