//! The house rules of Fevga that TAVLI.md leaves as options: each field's
//! default is that page's Decision. A match record names each option in
//! lower-case kebab case (`"pass"`, `"every-landing"`, `"narde"`).

use serde::{Deserialize, Serialize};

/// When the runner rule releases a player's other checkers (TAVLI.md Part 2,
/// "The first checker").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Release {
    /// The Decision: a checker on one of the player's points 1–12 (it has
    /// *reached* the opponent's starting quarter), or a checker borne off.
    #[default]
    Reach,
    /// bkgm's wording: a checker on points 1–11 (it has *passed* the
    /// opponent's start), or a checker borne off.
    Pass,
}

impl Release {
    /// The highest point (the mover's numbering) whose checker releases the rest.
    ///
    /// ```
    /// use tavli_core::fevga::Release;
    /// assert_eq!(Release::Reach.highest_point(), 12);
    /// assert_eq!(Release::Pass.highest_point(), 11);
    /// ```
    pub const fn highest_point(self) -> u8 {
        match self {
            Release::Reach => 12,
            Release::Pass => 11,
        }
    }
}

/// When the starting-quarter ban (never all six of one's points 19–24 held)
/// is judged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BanTiming {
    /// The Decision: on the position after the whole play, so a checker may
    /// touch and leave the last open point on the way (test F6).
    #[default]
    EndOfPlay,
    /// GammonX's reading: after every single move (every landing).
    EveryLanding,
}

/// What limits six held points in a row outside the starting quarter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PrimeRule {
    /// The Decision (V1): any block may be built, but a player who traps
    /// every opposing checker on one point behind six held points must
    /// open one of them if some legal play does (the unblocking duty).
    #[default]
    UnblockingDuty,
    /// The narde-style rule (V2, Long Nardy): six held points in a row are
    /// allowed only with an opposing checker ahead of them. Judged like the
    /// starting-quarter ban (at the time [`BanTiming`] says, before "use as
    /// much of the roll"); no unblocking duty.
    Narde,
}

/// The options of Fevga's rules. `FevgaRules::default()` is TAVLI.md's
/// Decisions.
///
/// ```
/// use tavli_core::fevga::{BanTiming, FevgaRules, PrimeRule, Release};
/// let house = FevgaRules { release: Release::Pass, ..FevgaRules::default() };
/// assert_eq!(house.ban, BanTiming::EndOfPlay);
/// assert_eq!(house.primes, PrimeRule::UnblockingDuty);
/// ```
///
/// A match record writes only the options that are not the default, and
/// refuses a name it does not know:
///
/// ```
/// use tavli_core::fevga::{FevgaRules, PrimeRule};
/// let narde = FevgaRules { primes: PrimeRule::Narde, ..FevgaRules::default() };
/// assert_eq!(serde_json::to_string(&narde).unwrap(), r#"{"primes":"narde"}"#);
/// assert_eq!(serde_json::from_str::<FevgaRules>(r#"{"primes":"narde"}"#).unwrap(), narde);
/// assert!(serde_json::from_str::<FevgaRules>(r#"{"release":"early"}"#).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FevgaRules {
    /// When the runner releases the other checkers.
    #[serde(skip_serializing_if = "is_default")]
    pub release: Release,
    /// When the starting-quarter ban is judged.
    #[serde(skip_serializing_if = "is_default")]
    pub ban: BanTiming,
    /// Six in a row elsewhere: the unblocking duty or the narde-style rule.
    #[serde(skip_serializing_if = "is_default")]
    pub primes: PrimeRule,
}

fn is_default<T: Default + PartialEq>(t: &T) -> bool {
    *t == T::default()
}

impl FevgaRules {
    /// Every combination of the options, the default first (for tests that
    /// check each).
    pub const ALL: [FevgaRules; 8] = {
        let mut all =
            [FevgaRules { release: Release::Reach, ban: BanTiming::EndOfPlay, primes: PrimeRule::UnblockingDuty }; 8];
        let mut i = 0;
        while i < 8 {
            all[i] = FevgaRules {
                release: if i & 1 == 0 { Release::Reach } else { Release::Pass },
                ban: if i & 2 == 0 { BanTiming::EndOfPlay } else { BanTiming::EveryLanding },
                primes: if i & 4 == 0 { PrimeRule::UnblockingDuty } else { PrimeRule::Narde },
            };
            i += 1;
        }
        all
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_lists_each_combination_once_default_first() {
        assert_eq!(FevgaRules::ALL[0], FevgaRules::default());
        let set: std::collections::HashSet<_> = FevgaRules::ALL.iter().collect();
        assert_eq!(set.len(), 8);
    }
}
