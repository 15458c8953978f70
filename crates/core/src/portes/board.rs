//! A plain, point-by-point view of a position during a turn, for checking
//! entered moves one at a time and explaining illegal ones. (The fast
//! generator in `movegen` never uses it.)

use super::position::{BAR, Position, nib};
use crate::PlayError;

/// Both sides' checkers in the mover's numbering (index 25 the bar, 0 off);
/// each step says why when it is illegal.
#[derive(Clone, Debug)]
pub struct Board {
    pub(crate) own: [u8; 26],
    pub(crate) opp: [u8; 26],
    /// Points where an opposing blot was hit during this turn.
    pub(crate) hits: u32,
    pub(crate) base: Position,
}

impl Board {
    pub(crate) fn new(pos: &Position) -> Board {
        let mut own = [0u8; 26];
        let mut opp = [0u8; 26];
        for p in 0..=25u8 {
            own[p as usize] = pos.own_on(p);
            opp[p as usize] = pos.opp_on(p);
        }
        Board { own, opp, hits: 0, base: *pos }
    }

    /// Has the mover borne off all its checkers?
    pub(crate) fn ended(&self) -> bool {
        self.own[0] == 15
    }

    /// Moves one checker from `from` by `die`: where it lands (0 = off) and
    /// whether it hit, or why it cannot.
    pub(crate) fn step(&mut self, from: u8, die: u8) -> Result<(u8, bool), PlayError> {
        if !(1..=25).contains(&from) {
            return Err(PlayError::NoPoint(from));
        }
        if self.own[from as usize] == 0 {
            return Err(PlayError::NoChecker(from));
        }
        let bar = self.own[BAR as usize];
        if from != 25 && bar > 0 {
            return Err(PlayError::MustEnterFirst { from, bar });
        }
        let to = if from > die {
            let to = from - die;
            if self.opp[to as usize] >= 2 {
                return Err(if from == 25 { PlayError::EntryBlocked(to) } else { PlayError::Blocked(to) });
            }
            to
        } else {
            if let Some(p) = (7..=25u8).rev().find(|&p| self.own[p as usize] > 0) {
                return Err(PlayError::NotAllHome(p));
            }
            let highest = (1..=6u8).rev().find(|&p| self.own[p as usize] > 0).unwrap_or(0);
            if from < die && highest != from {
                return Err(PlayError::NotHighest { from, die, higher: highest });
            }
            0
        };
        let hit = to != 0 && self.opp[to as usize] == 1;
        if hit {
            self.opp[to as usize] = 0;
            self.opp[BAR as usize] += 1;
            self.hits |= 1 << to;
        }
        self.own[from as usize] -= 1;
        self.own[to as usize] += 1;
        Ok((to, hit))
    }

    /// The name of the position reached, as the generator names it.
    pub(crate) fn key(&self) -> u128 {
        let mut k = 0u128;
        for p in 0..=25u32 {
            k |= u128::from(self.own[p as usize]) * nib(p);
        }
        k | u128::from(self.hits >> 1) << 104
    }

    /// The position as it stands, the mover still on roll.
    pub(crate) fn position(&self) -> Position {
        let (mut own, mut opp) = (0u128, 0u128);
        for p in 0..=25u32 {
            own |= u128::from(self.own[p as usize]) * nib(p);
            opp |= u128::from(self.opp[p as usize]) * nib(p);
        }
        Position { own, opp, turn: self.base.turn, game: self.base.game }
    }
}
