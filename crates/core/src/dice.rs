//! A roll of two dice.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// Two dice, each 1..=6. A doublet gives four moves of its number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dice {
    hi: u8,
    lo: u8,
}

/// Why a dice string was not understood.
#[derive(Debug, Error, PartialEq, Eq, Clone)]
pub enum DiceError {
    /// The text is not two digits in one of the accepted forms; holds (the start of) the text.
    #[error("dice `{0}`: expected two numbers 1-6 such as `6-4`, `64` or `6 4`")]
    Format(String),
    /// A die value outside 1..=6; holds the value.
    #[error("die value {0} is out of range: a die shows 1 to 6")]
    OutOfRange(u32),
}

impl Dice {
    /// The 21 distinct rolls: 15 non-doublets and 6 doublets, larger die first.
    pub const ALL: [Dice; 21] = {
        let mut all = [Dice { hi: 1, lo: 1 }; 21];
        let mut i = 0;
        let mut hi = 1;
        while hi <= 6 {
            let mut lo = 1;
            while lo <= hi {
                all[i] = Dice { hi, lo };
                i += 1;
                lo += 1;
            }
            hi += 1;
        }
        all
    };

    /// A roll from two die values in any order.
    ///
    /// ```
    /// use tavli_core::Dice;
    /// let d = Dice::new(2, 5).unwrap();
    /// assert_eq!((d.high(), d.low()), (5, 2));
    /// assert!(Dice::new(0, 3).is_err());
    /// ```
    pub fn new(a: u8, b: u8) -> Result<Dice, DiceError> {
        for v in [a, b] {
            if !(1..=6).contains(&v) {
                return Err(DiceError::OutOfRange(v.into()));
            }
        }
        Ok(Dice { hi: a.max(b), lo: a.min(b) })
    }

    /// The larger die.
    #[inline]
    pub const fn high(self) -> u8 {
        self.hi
    }

    /// The smaller die.
    #[inline]
    pub const fn low(self) -> u8 {
        self.lo
    }

    /// Whether both dice show the same number, giving four moves instead of two.
    ///
    /// ```
    /// use tavli_core::Dice;
    /// assert!(Dice::new(3, 3).unwrap().is_doublet());
    /// assert!(!Dice::new(6, 4).unwrap().is_doublet());
    /// ```
    #[inline]
    pub const fn is_doublet(self) -> bool {
        self.hi == self.lo
    }

    /// How many single moves the roll allows at most: 4 for a doublet, else 2.
    #[inline]
    pub const fn moves_allowed(self) -> usize {
        if self.is_doublet() { 4 } else { 2 }
    }

    /// How many of the 36 ordered outcomes give this roll: 1 for a doublet, 2 otherwise.
    #[inline]
    pub const fn weight(self) -> u32 {
        if self.is_doublet() { 1 } else { 2 }
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.hi, self.lo)
    }
}

impl FromStr for Dice {
    type Err = DiceError;

    /// Accepts `6-4`, `64`, `6 4` (and `6,4`, `[6,4]`).
    fn from_str(s: &str) -> Result<Dice, DiceError> {
        let digits: Vec<char> = s
            .trim()
            .trim_start_matches('[')
            .trim_end_matches(']')
            .chars()
            .filter(|c| !matches!(c, '-' | ' ' | ',' | '\t'))
            .collect();
        if digits.len() != 2 || !digits.iter().all(|c| c.is_ascii_digit()) {
            return Err(DiceError::Format(crate::quote::excerpt_of(s, 40)));
        }
        let v = |c: char| c.to_digit(10).unwrap_or(0);
        let (a, b) = (v(digits[0]), v(digits[1]));
        for x in [a, b] {
            if !(1..=6).contains(&x) {
                return Err(DiceError::OutOfRange(x));
            }
        }
        Dice::new(a as u8, b as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_all_documented_forms() {
        for s in ["6-4", "64", "6 4", "4-6", "[6,4]"] {
            assert_eq!(s.parse::<Dice>().unwrap(), Dice::new(6, 4).unwrap(), "{s}");
        }
        assert!("3-3".parse::<Dice>().unwrap().is_doublet());
    }

    #[test]
    fn rejects_bad_dice_with_reason() {
        assert_eq!("7-1".parse::<Dice>(), Err(DiceError::OutOfRange(7)));
        assert_eq!("0-1".parse::<Dice>(), Err(DiceError::OutOfRange(0)));
        assert!(matches!("6".parse::<Dice>(), Err(DiceError::Format(_))));
        assert!(matches!("6-4-2".parse::<Dice>(), Err(DiceError::Format(_))));
        assert!(matches!("a-b".parse::<Dice>(), Err(DiceError::Format(_))));
        assert!(matches!("".parse::<Dice>(), Err(DiceError::Format(_))));
    }

    #[test]
    fn all_rolls_are_21_distinct_with_weights_36() {
        let mut seen = std::collections::HashSet::new();
        for d in Dice::ALL {
            assert!(seen.insert(d));
        }
        assert_eq!(seen.len(), 21);
        assert_eq!(Dice::ALL.iter().filter(|d| d.is_doublet()).count(), 6);
        assert_eq!(Dice::ALL.iter().map(|d| d.weight()).sum::<u32>(), 36);
    }
}
