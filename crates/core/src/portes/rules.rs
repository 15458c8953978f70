//! The options of Portes that a match may carry, and the scoring they set.

/// Options of the rules of Portes. The default is TAVLI.md's: a win scores
/// 1 point, or 2 when the loser has borne off none, and never 3.
///
/// ```
/// use tavli_core::portes::{PortesRules, Position};
/// use tavli_core::portes_pos;
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
    /// The points the winner scores against a loser who has borne off
    /// `loser_off` checkers and has (`loser_back`) a checker on the bar or
    /// in the winner's home board.
    pub(crate) fn points(&self, loser_off: u8, loser_back: bool) -> u8 {
        if loser_off == 0 && self.backgammons_count_3 && loser_back { 3 } else { crate::result::win_points(loser_off) }
    }
}
