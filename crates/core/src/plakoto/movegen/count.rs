//! Counting plays without generating them, for perft's last ply: the
//! closed counts every game shares (`crate::movegen_common::count`) hold in
//! Plakoto while nobody can bear off and the game cannot end during the
//! roll, which only Plakoto's rules (pins, the mother) decide.
//! `tests::fast_counts_match_enumeration` checks them against enumeration.

use super::Ctx;
use crate::movegen_common::generate::Rules;

impl Ctx {
    /// Distinct plays of a non-doublet `hi`-`lo` (hi > lo), or `None` when
    /// bearing off or a game end is possible this roll.
    #[inline]
    pub(super) fn fast_count_non_double(&self, hi: u32, lo: u32) -> Option<u32> {
        if self.bear_off_within(2) || self.may_end_within(&[hi, lo, hi + lo]) {
            return None;
        }
        Some(self.start_board().count_non_double(hi, lo))
    }

    /// Distinct plays of the doublet `die`, or `None` when bearing off or a
    /// game end is possible this roll.
    pub(super) fn fast_count_double(&self, die: u32) -> Option<u32> {
        if self.bear_off_within(4) || self.may_end_within(&[die, 2 * die, 3 * die, 4 * die]) {
            return None;
        }
        Some(self.start_board().count_double(die))
    }

    /// Could the mover bear off within `moves` single moves?
    #[inline]
    pub(super) fn bear_off_within(&self, moves: u32) -> bool {
        // A bear-off needs every checker home first, one move each at least.
        self.may_bear && self.outside < moves
    }

    /// Could a move end the game by the mother rule, a checker of ours
    /// reaching our 1-point by one of these distances (or already there)?
    #[inline]
    pub(super) fn may_end_within(&self, dists: &[u32]) -> bool {
        if !self.mother_watch {
            return false;
        }
        let mut reach = 2u32;
        for &d in dists {
            if d < 24 {
                reach |= 1 << (1 + d);
            }
        }
        self.occ0 & reach != 0
    }
}
