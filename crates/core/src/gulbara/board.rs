//! A plain, point-by-point view of the mover's checkers during one
//! decision, for checking entered moves one at a time and explaining
//! illegal ones. (The fast generators never use it.)

use super::position::Position;
use crate::PlayError;
use crate::fevga;
use crate::movegen_common::bits::nib;

/// The mover's checkers, point by point (its numbering), with the fixed
/// rest of the position; each step says why when it is illegal.
#[derive(Clone)]
pub struct Board {
    pub(crate) own: [u8; 25],
    pub(crate) off: u8,
    /// The position at the start of the decision.
    pub(crate) pos: Position,
}

impl Board {
    pub(crate) fn new(pos: &Position) -> Board {
        let mut own = [0u8; 25];
        for p in 1..=24 {
            own[p as usize] = pos.own_on(p);
        }
        Board { own, off: pos.own_off(), pos: *pos }
    }

    /// Has the game ended (all 15 borne off)?
    pub(crate) fn ended(&self) -> bool {
        self.off == 15
    }

    fn highest(&self) -> u8 {
        (1..=24).rev().find(|&p| self.own[p as usize] > 0).unwrap_or(0)
    }

    /// Applies one checker from `from` by `die`, or says why it cannot:
    /// Fevga's single move without its runner rule.
    pub(crate) fn step(&mut self, from: u8, die: u8) -> Result<u8, PlayError> {
        if !(1..=24).contains(&from) {
            return Err(PlayError::NoPoint(from));
        }
        if self.own[from as usize] == 0 {
            return Err(PlayError::NoChecker(from));
        }
        let to = if from > die {
            let to = from - die;
            if self.pos.opp_on(to) > 0 {
                return Err(PlayError::HeldByOne(to));
            }
            to
        } else {
            if let Some(p) = (7..=24).rev().find(|&p| self.own[p as usize] > 0) {
                return Err(PlayError::NotAllHome(p));
            }
            let h = self.highest();
            if from < die && h != from {
                return Err(PlayError::NotHighest { from, die, higher: h });
            }
            0
        };
        self.own[from as usize] -= 1;
        if to == 0 {
            self.off += 1;
        } else {
            self.own[to as usize] += 1;
        }
        Ok(to)
    }

    /// The mover's checker key (as `Play::key`) of this board.
    pub(crate) fn key(&self) -> u128 {
        (1..=24u32).fold(u128::from(self.off), |k, p| k | (u128::from(self.own[p as usize]) * nib(p)))
    }

    /// The position this board stands for, the mover still on roll.
    pub(crate) fn position(&self) -> Position {
        let board = fevga::Position { own: self.key(), opp: self.pos.board.opp, turn: self.pos.turn() };
        Position { board, ..self.pos }
    }
}
