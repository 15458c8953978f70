//! Dice the side on roll plays before it rolls: the rest of its own ladder
//! once a stage is complete, or the rest of the opponent's stalled ladder
//! handed over to it (REGIONAL.md Part 4.2). Either is a run of stages, the
//! first with 1 to 4 moves of its number and each later one four moves of
//! the next number, up to 6, so three small numbers say it all.

use std::fmt;

/// The dice still to play before rolling: `left` moves of `die`, then four
/// of each higher number up to 6, all in that order.
///
/// ```
/// use tavli_core::gulbara::Pending;
/// let p = Pending::handed(5, 3).unwrap();
/// assert_eq!(p.dice(), [5, 5, 5, 6, 6, 6, 6]);
/// assert_eq!(p.to_string(), "5,5,5,6,6,6,6");
/// assert_eq!(Pending::from_dice(&[5, 5, 5, 6, 6, 6, 6], true), Ok(p));
/// assert!(Pending::from_dice(&[5, 6, 6, 6], true).is_err()); // the sixes' stage is incomplete
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pending {
    die: u8,
    left: u8,
    handed: bool,
}

impl Pending {
    /// The rest of the mover's own ladder: its next stage, four moves of
    /// `die` (2 to 6: a ladder's first stage is rolled, not pending).
    pub const fn ladder(die: u8) -> Option<Pending> {
        if die >= 2 && die <= 6 { Some(Pending { die, left: 4, handed: false }) } else { None }
    }

    /// A stage of `left` moves of `die` and the stages after it, handed
    /// over or not (`die` 1..=6, `left` 1..=4).
    pub(crate) const fn stage(die: u8, left: u8, handed: bool) -> Pending {
        Pending { die, left, handed }
    }

    /// The first stage of a ladder just rolled: four moves of `die`.
    pub(crate) const fn ladder_start(die: u8) -> Pending {
        Pending { die, left: 4, handed: false }
    }

    /// A remainder handed over by the opponent: `left` (1 to 4) moves of
    /// `die` (1 to 6), then the later stages.
    pub const fn handed(die: u8, left: u8) -> Option<Pending> {
        if die >= 1 && die <= 6 && left >= 1 && left <= 4 { Some(Pending { die, left, handed: true }) } else { None }
    }

    /// The pending dice written out in playing order (`5,5,5,6,6,6,6`),
    /// read back: a run of 1 to 4 of one number, then four of each higher
    /// number up to 6. `handed` says whose they were (see
    /// [`Pending::is_handed`]); the mover's own rest is always whole stages.
    pub fn from_dice(dice: &[u8], handed: bool) -> Result<Pending, String> {
        let Some(&die) = dice.first() else { return Err("no dice: leave the field out instead".into()) };
        if !(1..=6).contains(&die) {
            return Err(format!("{die} is not a die (1 to 6)"));
        }
        let left = dice.iter().take_while(|&&d| d == die).count();
        if left > 4 {
            return Err(format!("{left} moves of {die}: a stage has four"));
        }
        let p = Pending { die, left: left as u8, handed };
        if p.dice() != dice {
            let written: Vec<String> = p.dice().iter().map(u8::to_string).collect();
            return Err(format!(
                "after {left} of {die} come four of each higher number up to 6 ({})",
                written.join(",")
            ));
        }
        if !handed && left != 4 {
            return Err("the rest of the mover's own ladder is whole stages of four".into());
        }
        Ok(p)
    }

    /// The number of the first stage.
    pub const fn die(self) -> u8 {
        self.die
    }

    /// The moves of the first stage still to play (1 to 4).
    pub const fn left(self) -> u8 {
        self.left
    }

    /// Handed over by the opponent (what cannot be played is then lost),
    /// rather than the rest of the mover's own ladder (handed on when a
    /// stage cannot be completed).
    pub const fn is_handed(self) -> bool {
        self.handed
    }

    /// The single moves still to play, all stages.
    pub const fn moves(self) -> u8 {
        self.left + 4 * (6 - self.die)
    }

    /// The dice in playing order.
    pub fn dice(self) -> Vec<u8> {
        let mut v = vec![self.die; self.left as usize];
        for d in self.die + 1..=6 {
            v.extend([d; 4]);
        }
        v
    }

    /// What follows a first stage played in full: the next stage, or
    /// nothing after the sixes.
    pub(crate) const fn after_stage(self) -> Option<Pending> {
        if self.die < 6 { Some(Pending { die: self.die + 1, left: 4, handed: self.handed }) } else { None }
    }

    /// The rest when the first stage stops after `played` of its moves
    /// (fewer than `left`): handed over to the opponent.
    pub(crate) const fn stalled(self, played: u8) -> Pending {
        Pending { die: self.die, left: self.left - played, handed: true }
    }

    /// A small code, distinct for every pending run and never 0 (the
    /// code of nothing pending): six dice, four lengths, two owners.
    pub(crate) const fn code(this: Option<Pending>) -> u8 {
        match this {
            None => 0,
            Some(p) => 1 + (p.die - 1) * 8 + (p.left - 1) * 2 + p.handed as u8,
        }
    }
}

impl fmt::Display for Pending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dice: Vec<String> = self.dice().iter().map(u8::to_string).collect();
        f.write_str(&dice.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_are_read_back_and_refused_when_not_a_ladders_rest() {
        for die in 1..=6 {
            for left in 1..=4 {
                let p = Pending::handed(die, left).unwrap();
                assert_eq!(Pending::from_dice(&p.dice(), true), Ok(p));
                assert_eq!(p.moves() as usize, p.dice().len());
            }
        }
        assert_eq!(Pending::ladder(4).unwrap().dice(), [4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6]);
        assert!(Pending::ladder(1).is_none() && Pending::handed(7, 1).is_none() && Pending::handed(3, 0).is_none());
        assert!(Pending::from_dice(&[], true).is_err());
        assert!(Pending::from_dice(&[6, 6, 6, 6, 6], true).unwrap_err().contains("a stage has four"));
        assert!(Pending::from_dice(&[4, 4, 6, 6, 6, 6], true).unwrap_err().contains("four of each higher"));
        assert!(Pending::from_dice(&[5, 6, 6, 6, 6], false).unwrap_err().contains("whole stages"));
        assert!(Pending::from_dice(&[0], true).is_err());
    }

    #[test]
    fn stages_follow_on_and_codes_differ() {
        let p = Pending::ladder(5).unwrap();
        assert_eq!(p.after_stage(), Pending::ladder(6));
        assert_eq!(Pending::ladder(6).unwrap().after_stage(), None);
        assert_eq!(p.stalled(1), Pending::handed(5, 3).unwrap());
        let mut codes = std::collections::HashSet::new();
        assert!(codes.insert(Pending::code(None)));
        for die in 1..=6 {
            for left in 1..=4 {
                for handed in [false, true] {
                    assert!(codes.insert(Pending::code(Some(Pending { die, left, handed }))));
                }
            }
        }
        assert!(codes.iter().all(|&c| c < 64));
    }
}
