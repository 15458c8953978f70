//! Six held points in a row outside the starting quarter: the trap that
//! starts the unblocking duty (V1, the default) and the narde-style rule
//! (V2, the option). TAVLI.md Part 2, "Six points in a row elsewhere".

use super::bits::{occupancy, swap_halves_mask};
use super::position::{Position, other_numbering};

/// A trap at the start of a turn: every opposing checker still on the board
/// stands on one point, and the side on roll holds the six points directly
/// in front of it. The play must then end with one of those six empty if
/// some legal play does (the unblocking duty).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Trap {
    /// Where every opposing checker stands, in the side on roll's numbering.
    pub point: u8,
    /// The same point in the opponent's own numbering (7 or more).
    pub opponent_point: u8,
    /// The six points in front of it (the opponent's `opponent_point − 1`
    /// down to `− 6`), in the side on roll's numbering, in the opponent's
    /// order of travel.
    pub wall: [u8; 6],
}

impl Trap {
    /// The wall's points as text, ascending: `16, 17, 18, 19, 20, 21`.
    pub fn wall_text(&self) -> String {
        let mut w = self.wall;
        w.sort_unstable();
        w.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")
    }

    /// The wall as a point bit set (bit p for point p).
    pub(crate) fn mask(&self) -> u32 {
        self.wall.iter().fold(0, |m, &p| m | 1 << p)
    }
}

impl Position {
    /// The trap the side on roll holds the opponent in, if any (see
    /// [`Trap`]). Only the unblocking duty (the default rule) uses it.
    ///
    /// ```
    /// use tavli_core::fevga_pos;
    /// // TAVLI.md F7: all of Black on its 10 (White's 22), White on Black's 9..4.
    /// let p = fevga_pos!(White; white {24: 8, 21: 1, 20: 1, 19: 1, 18: 1, 17: 1, 16: 1, 5: 1}; black {10: 15});
    /// let trap = p.trap().unwrap();
    /// assert_eq!((trap.point, trap.opponent_point), (22, 10));
    /// assert_eq!(trap.wall_text(), "16, 17, 18, 19, 20, 21");
    /// ```
    pub fn trap(&self) -> Option<Trap> {
        let (opp_occ, _) = occupancy(self.opp);
        if opp_occ.count_ones() != 1 {
            return None;
        }
        let point = opp_occ.trailing_zeros() as u8;
        let opponent_point = other_numbering(point);
        if opponent_point < 7 {
            return None;
        }
        let wall: [u8; 6] = std::array::from_fn(|k| other_numbering(opponent_point - 1 - k as u8));
        let (own_occ, _) = occupancy(self.own);
        let trap = Trap { point, opponent_point, wall };
        (own_occ & trap.mask() == trap.mask()).then_some(trap)
    }

    /// The points (bit n of the **opponent's** numbering) where six of the
    /// mover's points in a row would have no opposing checker ahead: those
    /// below every opposing checker. Empty once the opponent has borne off.
    pub(crate) fn narde_region(&self) -> u32 {
        let (opp_occ, _) = occupancy(self.opp);
        if self.opp_off() > 0 || opp_occ == 0 {
            return 0;
        }
        let lowest = swap_halves_mask(opp_occ).trailing_zeros();
        (1u32 << lowest) - 2
    }
}

/// The lowest point (opponent's numbering) of a block of six held points
/// in a row lying in `region` (see `Position::narde_region`), given the
/// mover's occupied points `occ` in its own numbering; 0 if none.
#[inline]
pub(crate) fn narde_block(occ: u32, region: u32) -> u32 {
    let h = swap_halves_mask(occ) & region;
    let w = h & h >> 1 & h >> 2 & h >> 3 & h >> 4 & h >> 5;
    if w == 0 { 0 } else { w.trailing_zeros() }
}

/// The fewest of the mover's points `occ` missing from any block of six in
/// `region`: how many moves it takes at least to build a forbidden block.
pub(crate) fn narde_holes(occ: u32, region: u32) -> u32 {
    let h = swap_halves_mask(occ) & region;
    let mut fewest = u32::MAX;
    for low in 1..=19u32 {
        let window = 0x3F << low;
        if window & region == window {
            fewest = fewest.min((window & !h).count_ones());
        }
    }
    fewest
}

/// The points of a narde block (its lowest point `low` in the opponent's
/// numbering) in the mover's numbering, as text.
pub(crate) fn narde_block_text(low: u32) -> String {
    let mut pts: Vec<u8> = (0..6).map(|k| other_numbering((low + k) as u8)).collect();
    pts.sort_unstable();
    pts.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fevga_pos;

    #[test]
    fn no_trap_with_a_checker_elsewhere_or_a_gap() {
        // TAVLI.md F8.
        let white = |p: Position| p.trap();
        assert!(
            white(
                fevga_pos!(White; white {24: 8, 21: 1, 20: 1, 19: 1, 18: 1, 17: 1, 16: 1, 5: 1}; black {10: 14, 2: 1})
            )
            .is_none()
        );
        assert!(
            white(fevga_pos!(White; white {24: 8, 21: 1, 20: 1, 19: 1, 18: 1, 17: 1, 16: 1, 5: 1}; black {11: 15}))
                .is_none()
        );
        // All of Black on its 6-point: it can bear off, no trap.
        assert!(
            white(fevga_pos!(White; white {24: 9, 13: 1, 12: 1, 11: 1, 10: 1, 9: 1, 8: 1}; black {6: 15})).is_none()
        );
    }

    #[test]
    fn a_trap_on_the_start_point() {
        // Black all on its start (White's 12); White holds Black's 23..18 = White's 11..6.
        let p = fevga_pos!(Black; white {24: 9, 11: 1, 10: 1, 9: 1, 8: 1, 7: 1, 6: 1}; black {24: 15});
        assert_eq!(p.trap(), None, "Black on roll holds no wall");
        let t = p.pass_turn().trap().unwrap();
        assert_eq!((t.point, t.opponent_point), (12, 24));
        assert_eq!(t.wall_text(), "6, 7, 8, 9, 10, 11");
    }

    #[test]
    fn narde_region_and_blocks() {
        // Black's lowest checker on its 10: a White block below Black's 10
        // (in Black's numbering) has no Black checker ahead.
        let p = fevga_pos!(White; white {24: 9, 18: 1, 17: 1, 16: 1, 15: 1, 14: 1, 13: 1}; black {10: 15});
        let region = p.narde_region();
        assert_eq!(region, 0b11_1111_1110);
        let (occ, _) = occupancy(p.own);
        // White's 13..18 are Black's 1..6: below 10, so forbidden.
        assert_eq!(narde_block(occ, region), 1);
        assert_eq!(narde_block_text(1), "13, 14, 15, 16, 17, 18");
        assert_eq!(narde_holes(occ, region), 0);
    }
}
