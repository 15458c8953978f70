//! The options of the pinning games (REGIONAL.md Parts 1–3): RULES.md's
//! Decisions by default, Mahbusa's own defaults, and the options those
//! pages name. A match record names each option in lower-case kebab case
//! (`{"mother": "play-out", "bear-off": "past-pins"}`).

use serde::{Deserialize, Serialize};

use crate::tavli::GameKind;

/// What a pinned mother does (RULES.md, "The mother"; REGIONAL.md 1.3.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mother {
    /// RULES.md's standing condition: a side whose opponent's mother is
    /// pinned and whose own start is empty wins 2 points at once, the rest
    /// of the roll unplayed. The default of Plakoto, Tapa and Tsillitón.
    #[default]
    Greek,
    /// Played out: a pinned mother is an ordinary pin and the game goes on
    /// (its owner cannot bear off while it holds). Mahbusa's default and
    /// Tapa's option (REGIONAL.md 1.3.1, 3.3.2). Both mothers pinned is
    /// still a draw: nobody can ever bear off again.
    PlayOut,
}

/// When a side may bear off while a checker of its own lies pinned.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BearOff {
    /// RULES.md: only with every checker home and none pinned.
    #[default]
    Unpinned,
    /// iTavli's reading (REGIONAL.md 1.3.2, test MB6): a checker pinned in
    /// the home board does not stop the others bearing off; it stays home,
    /// counts as the highest checker when it is, and cannot move. A
    /// checker pinned outside the home board still stops bearing off (not
    /// every checker is home).
    PastPins,
}

/// The options of the pinning games. `PlakotoRules::default()` is
/// RULES.md's; [`PlakotoRules::of`] gives a named game's own.
///
/// ```
/// use tavli_core::plakoto::{BearOff, Mother, PlakotoRules};
/// use tavli_core::tavli::GameKind;
/// assert_eq!(PlakotoRules::of(GameKind::Tapa), PlakotoRules::default());
/// assert_eq!(PlakotoRules::of(GameKind::Mahbusa).mother, Mother::PlayOut);
/// let house = PlakotoRules { bear_off: BearOff::PastPins, ..PlakotoRules::default() };
/// assert_eq!(serde_json::to_string(&house).unwrap(), r#"{"bear-off":"past-pins"}"#);
/// assert!(serde_json::from_str::<PlakotoRules>(r#"{"mother":"mana"}"#).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct PlakotoRules {
    /// What a pinned mother does.
    #[serde(skip_serializing_if = "is_default")]
    pub mother: Mother,
    /// Whether a pinned checker in the home board stops bearing off.
    #[serde(skip_serializing_if = "is_default")]
    pub bear_off: BearOff,
}

fn is_default<T: Default + PartialEq>(t: &T) -> bool {
    *t == T::default()
}

impl PlakotoRules {
    /// RULES.md's rules: the Greek mother, no bearing off past a pin.
    pub const GREEK: PlakotoRules = PlakotoRules { mother: Mother::Greek, bear_off: BearOff::Unpinned };

    /// Every combination of the options, the default first (for tests
    /// that check each).
    pub const ALL: [PlakotoRules; 4] = [
        PlakotoRules::GREEK,
        PlakotoRules { mother: Mother::PlayOut, bear_off: BearOff::Unpinned },
        PlakotoRules { mother: Mother::Greek, bear_off: BearOff::PastPins },
        PlakotoRules { mother: Mother::PlayOut, bear_off: BearOff::PastPins },
    ];

    /// The rules a game of `game` is played by unless a match says
    /// otherwise: Mahbusa plays its mother out (REGIONAL.md 3.3.2), every
    /// other pinning game by RULES.md.
    pub const fn of(game: GameKind) -> PlakotoRules {
        match game {
            GameKind::Mahbusa => PlakotoRules { mother: Mother::PlayOut, bear_off: BearOff::Unpinned },
            _ => PlakotoRules::GREEK,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_lists_each_combination_once_default_first() {
        assert_eq!(PlakotoRules::ALL[0], PlakotoRules::default());
        let set: std::collections::HashSet<_> = PlakotoRules::ALL.iter().collect();
        assert_eq!(set.len(), 4);
    }

    #[test]
    fn options_are_written_in_kebab_case_and_read_back() {
        for r in PlakotoRules::ALL {
            let text = serde_json::to_string(&r).unwrap();
            assert_eq!(serde_json::from_str::<PlakotoRules>(&text).unwrap(), r, "{text}");
        }
        let both = PlakotoRules { mother: Mother::PlayOut, bear_off: BearOff::PastPins };
        assert_eq!(serde_json::to_string(&both).unwrap(), r#"{"mother":"play-out","bear-off":"past-pins"}"#);
        let e = serde_json::from_str::<PlakotoRules>(r#"{"mothers":"greek"}"#).unwrap_err().to_string();
        assert!(e.contains("mothers") && e.contains("bear-off"), "{e}");
    }
}
