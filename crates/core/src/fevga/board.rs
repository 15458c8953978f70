//! A plain, point-by-point view of the mover's checkers during a turn, for
//! checking entered moves one at a time and explaining illegal ones. (The
//! fast generator never uses it.)

use super::bits::{QUARTER, nib};
use super::position::Position;
use super::primes::{narde_block, narde_block_text};
use super::rules::{BanTiming, FevgaRules, PrimeRule, Release};
use crate::PlayError;

/// The mover's checkers, point by point (its numbering), with the fixed
/// rest of the position; each step says why when it is illegal.
#[derive(Clone)]
pub struct Board {
    pub(crate) own: [u8; 25],
    pub(crate) off: u8,
    /// The position at the start of the turn.
    pub(crate) pos: Position,
    rules: FevgaRules,
    /// The ban applies this turn (the quarter was not full at its start).
    ban: bool,
    /// Where a block breaks the narde rule (the opponent's numbering), 0
    /// when that rule does not apply this turn.
    narde_region: u32,
}

impl Board {
    pub(crate) fn new(pos: &Position, rules: &FevgaRules) -> Board {
        let mut own = [0u8; 25];
        for p in 1..=24 {
            own[p as usize] = pos.own_on(p);
        }
        let mut b = Board { own, off: pos.own_off(), pos: *pos, rules: *rules, ban: false, narde_region: 0 };
        b.ban = b.occ() & QUARTER != QUARTER;
        if rules.primes == PrimeRule::Narde {
            let region = pos.narde_region();
            if narde_block(b.occ(), region) == 0 {
                b.narde_region = region;
            }
        }
        b
    }

    /// Does the unblocking duty (rather than the narde rule) apply?
    pub(crate) fn duty_applies(&self) -> bool {
        self.rules.primes == PrimeRule::UnblockingDuty
    }

    /// Has the game ended (all 15 borne off)?
    pub(crate) fn ended(&self) -> bool {
        self.off == 15
    }

    /// Points (bit p) holding the mover's checkers.
    pub(crate) fn occ(&self) -> u32 {
        (1..=24).filter(|&p| self.own[p] > 0).fold(0, |m, p| m | 1 << p)
    }

    /// Released from the runner rule?
    fn released(&self) -> bool {
        let top = usize::from(self.rules.release.highest_point());
        self.off > 0 || self.own[1..=top].iter().any(|&n| n > 0)
    }

    fn highest(&self) -> u8 {
        (1..=24).rev().find(|&p| self.own[p as usize] > 0).unwrap_or(0)
    }

    /// Applies one checker from `from` by `die`, or says why it cannot.
    pub(crate) fn step(&mut self, from: u8, die: u8) -> Result<u8, PlayError> {
        if !(1..=24).contains(&from) {
            return Err(PlayError::NoPoint(from));
        }
        if self.own[from as usize] == 0 {
            return Err(PlayError::NoChecker(from));
        }
        if !self.released() {
            let runners = (1..24).any(|p| self.own[p] > 0);
            if (runners && from == 24) || (!runners && from != 24) {
                return Err(PlayError::Runner { from, passing: self.rules.release == Release::Pass });
            }
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
        let mut next = self.clone();
        next.own[from as usize] -= 1;
        if to == 0 {
            next.off += 1;
        } else {
            next.own[to as usize] += 1;
        }
        if self.rules.ban == BanTiming::EveryLanding
            && let Some(e) = next.whole_play_fault()
        {
            return Err(e);
        }
        *self = next;
        Ok(to)
    }

    /// The ban or the narde rule, judged on this board as a play's end.
    pub(crate) fn whole_play_fault(&self) -> Option<PlayError> {
        let occ = self.occ();
        if self.ban && occ & QUARTER == QUARTER {
            return Some(PlayError::QuarterBan { landing: self.rules.ban == BanTiming::EveryLanding });
        }
        match narde_block(occ, self.narde_region) {
            0 => None,
            low => Some(PlayError::NardePrime { points: narde_block_text(low) }),
        }
    }

    /// The mover's checker key (as `Position::own_key`) of this board.
    pub(crate) fn key(&self) -> u128 {
        (1..=24u32).fold(u128::from(self.off), |k, p| k | (u128::from(self.own[p as usize]) * nib(p)))
    }

    /// The position this board stands for, the mover still on roll.
    pub(crate) fn position(&self) -> Position {
        Position { own: self.key(), opp: self.pos.opp, turn: self.pos.turn }
    }
}
