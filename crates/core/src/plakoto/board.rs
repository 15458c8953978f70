//! A plain, point-by-point view of the mover's checkers during a turn, for
//! checking entered moves one at a time and explaining illegal ones. (The
//! fast generator in `movegen` never uses it.)

use crate::plakoto::position::Position;
use crate::plakoto::rules::{BearOff, Mother, PlakotoRules};
use crate::play_error::PlayError;

/// The mover's checkers, point by point (its numbering), with the fixed
/// rest of the position; each step says why when it is illegal.
#[derive(Clone)]
pub struct Board {
    pub(crate) own: [u8; 25],
    pub(crate) off: u8,
    pub(crate) pos: Position,
    /// The options the turn is played under.
    pub(crate) rules: PlakotoRules,
}

impl Board {
    /// The board of `pos`, played by its game's own rules.
    pub(crate) fn new(pos: &Position) -> Board {
        Board::with_rules(pos, &pos.rules())
    }

    /// The board of `pos`, played under `rules`.
    pub(crate) fn with_rules(pos: &Position, rules: &PlakotoRules) -> Board {
        let mut own = [0u8; 25];
        for p in 1..=24 {
            own[p as usize] = pos.own_on(p);
        }
        Board { own, off: pos.own_off(), pos: *pos, rules: *rules }
    }

    /// Has the game ended (all borne off, or the mother rule: both mothers
    /// pinned, or under the Greek rule the opponent's pinned with our
    /// start empty)?
    pub(crate) fn ended(&self) -> bool {
        let opp_mother_alone = (self.pos.opp_on(1) == 1 && !self.pos.own_pinned_on(1)) || self.pos.opp_pinned_on(1);
        let covered = self.own[1] > 0;
        let wins = self.rules.mother == Mother::Greek && self.own[24] == 0;
        self.off == 15 || (opp_mother_alone && covered && (self.pos.own_pinned_on(24) || wins))
    }

    /// The highest point with a checker of ours: on top, or (bearing off
    /// past pins) pinned, since a pinned checker still stands there.
    fn highest(&self) -> u8 {
        let pinned = |p: u8| self.rules.bear_off == BearOff::PastPins && self.pos.own_pinned_on(p);
        (1..=24).rev().find(|&p| self.own[p as usize] > 0 || pinned(p)).unwrap_or(0)
    }

    /// Applies one checker from `from` by `die`, or says why it cannot.
    pub(crate) fn step(&mut self, from: u8, die: u8) -> Result<u8, PlayError> {
        if !(1..=24).contains(&from) {
            return Err(PlayError::NoPoint(from));
        }
        if self.own[from as usize] == 0 {
            return Err(if self.pos.own_pinned_on(from) {
                PlayError::Pinned(from)
            } else {
                PlayError::NoChecker(from)
            });
        }
        let to = if from > die {
            let to = from - die;
            let n = self.pos.opp_on(to);
            if n >= 2 {
                return Err(PlayError::Blocked(to));
            }
            if n == 1 && self.pos.own_pinned_on(to) {
                return Err(PlayError::BlockedAnchor(to));
            }
            to
        } else {
            if let Some(p) = (7..=24).rev().find(|&p| self.own[p as usize] > 0) {
                return Err(PlayError::NotAllHome(p));
            }
            // Past pins, only a pin outside the home board stops bearing off.
            let first = if self.rules.bear_off == BearOff::PastPins { 7 } else { 1 };
            if let Some(p) = (first..=24).find(|&p| self.pos.own_pinned_on(p)) {
                return Err(PlayError::PinnedNoBearOff(p));
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
}

impl Board {
    /// The mover's checker key (as `Position::own_key`) of this board.
    pub(crate) fn key(&self) -> u128 {
        let mut k = u128::from(self.off);
        for p in 1..=24u32 {
            k |= u128::from(self.own[p as usize]) << (4 * p);
        }
        k
    }
}

impl Board {
    /// The position this board stands for, the mover still on roll: the
    /// mover's checkers as moved, opposing lone checkers pinned where the
    /// mover now stands on them and free where it left.
    pub(crate) fn position(&self) -> Position {
        let mut s = self.pos.to_setup();
        let me = self.pos.turn();
        let sign: i64 = if me == crate::Color::White { 1 } else { -1 };
        for p in 1..=24u8 {
            let abs = me.to_white_numbering(p) as usize;
            let mine = i64::from(self.own[p as usize]);
            let theirs_top = i64::from(self.pos.opp_on(p));
            let theirs_pinned = self.pos.opp_pinned_on(p);
            // Exactly one opposing checker here, loose or under us: pinned iff we stand on it.
            let single = (theirs_top == 1 && !self.pos.own_pinned_on(p)) || theirs_pinned;
            if single && mine > 0 {
                s.board[abs] = sign * mine;
                s.pinned[abs] = Some(me.opponent());
            } else if single {
                s.board[abs] = -sign;
                s.pinned[abs] = None;
            } else if mine > 0 {
                s.board[abs] = sign * mine;
            } else if theirs_top == 0 && !self.pos.own_pinned_on(p) {
                s.board[abs] = 0;
            }
        }
        s.off[me.index()] = i64::from(self.off);
        s.validate().unwrap_or(self.pos)
    }
}
