//! From a network's outputs to probabilities and back.

use crate::network::OUTPUTS;
use crate::probabilities::Probabilities;

/// Turns raw network outputs into consistent probabilities (double wins
/// within wins, everything summing to one).
pub fn from_outputs(o: &[f32; OUTPUTS]) -> Probabilities {
    let draw = o[3].clamp(0.0, 1.0);
    let win = o[0].clamp(0.0, 1.0 - draw);
    let lose = (1.0 - win - draw).max(0.0);
    Probabilities { win, win_double: o[1].min(win), lose, lose_double: o[2].min(lose), draw }
}

/// Training targets in the network's output order, from probabilities.
pub fn to_targets(p: &Probabilities) -> [f32; OUTPUTS] {
    [p.win, p.win_double, p.lose_double, p.draw]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_are_made_consistent() {
        let p = from_outputs(&[0.9, 0.95, 0.3, 0.2]);
        assert!((p.win + p.lose + p.draw - 1.0).abs() < 1e-6);
        assert!(p.win_double <= p.win && p.lose_double <= p.lose);
    }
}
