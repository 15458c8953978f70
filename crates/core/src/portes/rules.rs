//! The options of Portes that a match may carry, and the scoring they set.

use super::position::{BAR, Position, nibble};

/// Options of the rules of Portes. The default is TAVLI.md's: a win scores
/// 1 point, or 2 when the loser has borne off none, and never 3.
///
/// ```
/// use plakoto_core::portes::{PortesRules, Position};
/// use plakoto_core::portes_pos;
/// // White has borne off all; Black has none off and one on the bar.
/// let over = portes_pos!(Black; white {}; black {bar: 1, 19: 14});
/// assert_eq!(over.outcome().unwrap().points, 2);
/// let rules = PortesRules { backgammons_count_3: true };
/// assert_eq!(over.outcome_with(&rules).unwrap().points, 3);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PortesRules {
    /// Backgammons count 3: a loser with no checker off and a checker on the
    /// bar or in the winner's home board loses 3 points (off by default:
    /// TAVLI.md, Part 1, "No triple game").
    pub backgammons_count_3: bool,
}

impl PortesRules {
    /// The points the winner scores against `loser`, the side on roll of
    /// `loser_view` (the winner has borne off all 15).
    pub(crate) fn points(&self, loser_view: &Position) -> u8 {
        if loser_view.own_off() > 0 {
            return 1;
        }
        // The winner's home board is the loser's points 19..=24; the bar is 25.
        let back = (19..=BAR).any(|p| nibble(loser_view.own, p) > 0);
        if self.backgammons_count_3 && back { 3 } else { 2 }
    }
}
