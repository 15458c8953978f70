//! Counting plays without generating them, for perft's last ply: the
//! closed counts every game shares (`crate::movegen_common::count`), which
//! hold in Fevga in the common case: the runner released, no bear-off
//! within the roll, no whole-play check that could fail, no trap (what
//! `MoveGen::count_with` checks). `tests::fast_counts_match_enumeration`
//! checks them against enumeration.

use super::Ctx;
use crate::movegen_common::count::StartBoard;

impl Ctx {
    /// The mover's side at the start of the roll and the points open to it.
    #[inline(always)]
    pub(super) fn start_board(&self) -> StartBoard {
        StartBoard { own: self.own0, occ: self.occ0, multi: self.multi0, open: self.open }
    }

    /// Distinct plays of a non-doublet `hi`-`lo` (hi > lo) in the common case.
    #[inline]
    pub(super) fn fast_count_non_double(&self, hi: u32, lo: u32) -> u32 {
        self.start_board().count_non_double(hi, lo)
    }

    /// Distinct plays of the doublet `die` in the common case.
    pub(super) fn fast_count_double(&self, die: u32) -> u32 {
        self.start_board().count_double(die)
    }
}
