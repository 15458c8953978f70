//! Where a network's 0-ply judgement departs from labels of a deeper
//! search or a rollout (`tavli distill label`): the gap between the
//! label's equity and the network's, over all positions, by kind of
//! position (the benchmark's kinds) and by the pins on the board. Where the
//! squared gap gathers is where the network has the most to learn, so this
//! is where new inputs or training data should aim.

use serde::Serialize;
use tavli_engine::search::{SearchConfig, value};
use tavli_engine::{NetGame, NeuralEval};

use crate::benchmark::Category;
use crate::distill::Labelled;

/// The gap over one group of positions, in points of equity.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct GapRow {
    /// What the group is (`pin-fight`, `3 or more pins`, `all`).
    pub group: String,
    /// Positions in the group.
    pub positions: usize,
    /// Mean |label equity − network equity|.
    pub mean_abs: f64,
    /// Mean (label equity − network equity): positive where the network
    /// thinks too little of the side on roll.
    pub mean: f64,
    /// The group's part of the squared gap over all positions, 0 to 1.
    pub share: f64,
}

/// The gap over all the positions, by kind and by pins on the board.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct GapReport {
    /// All positions together.
    pub all: GapRow,
    /// By the benchmark's kind of position, in the kinds' order (kinds
    /// with no position left out).
    pub by_kind: Vec<GapRow>,
    /// By the checkers pinned on the board, both sides together: 0, 1, 2,
    /// 3 or more (groups with no position left out).
    pub by_pins: Vec<GapRow>,
}

/// Sums of one group, turned into a [`GapRow`] at the end.
#[derive(Clone, Copy, Default)]
struct Sums {
    n: usize,
    abs: f64,
    signed: f64,
    squared: f64,
}

impl Sums {
    fn add(&mut self, gap: f64) {
        self.n += 1;
        self.abs += gap.abs();
        self.signed += gap;
        self.squared += gap * gap;
    }

    fn row(&self, group: String, total_squared: f64) -> GapRow {
        let n = self.n.max(1) as f64;
        GapRow {
            group,
            positions: self.n,
            mean_abs: self.abs / n,
            mean: self.signed / n,
            share: if total_squared > 0.0 { self.squared / total_squared } else { 0.0 },
        }
    }
}

/// The gap between `data`'s labels and `eval` at 0-ply (as the engine's
/// `advanced` level sees positions: exact where the game is decided or the
/// bear-off database knows it).
pub fn gap(eval: &NeuralEval, data: &[Labelled]) -> GapReport {
    let cfg = SearchConfig::default();
    let (mut all, mut kinds, mut pins) = (Sums::default(), [Sums::default(); 6], [Sums::default(); 4]);
    for d in data {
        let g = f64::from(d.target.equity()) - f64::from(value(eval, &d.position, 0, &cfg).equity());
        all.add(g);
        let kind = d.position.category();
        kinds[Category::ALL.iter().position(|&k| k == kind).expect("every kind is listed")].add(g);
        let pinned = d.position.own_pinned_mask().count_ones() + d.position.opp_pinned_mask().count_ones();
        pins[pinned.min(3) as usize].add(g);
    }
    let total = all.squared;
    let pin_names = ["no pin", "1 pin", "2 pins", "3 or more pins"];
    GapReport {
        all: all.row("all".into(), total),
        by_kind: Category::ALL
            .iter()
            .zip(&kinds)
            .filter(|(_, s)| s.n > 0)
            .map(|(k, s)| s.row(k.name().into(), total))
            .collect(),
        by_pins: pin_names
            .iter()
            .zip(&pins)
            .filter(|(_, s)| s.n > 0)
            .map(|(name, s)| s.row((*name).into(), total))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::distill::{label, sample_positions};
    use crate::rollout::Shard;
    use std::sync::atomic::AtomicBool;
    use tavli_engine::Probabilities;

    fn shipped() -> NeuralEval {
        NeuralEval::shipped(None)
    }

    #[test]
    fn labels_of_the_network_itself_at_0_ply_show_no_gap() {
        let eval = shipped();
        let ps = sample_positions(&eval, 4, 3, 0.1, Shard::ALL);
        let data = label(&eval, 0, &ps, 1, &AtomicBool::new(false), &|_| {});
        let r = gap(&eval, &data);
        assert_eq!(r.all.positions, ps.len());
        assert!(r.all.mean_abs < 1e-6, "{:?}", r.all);
        assert_eq!(r.by_kind.iter().map(|k| k.positions).sum::<usize>(), ps.len());
        assert_eq!(r.by_pins.iter().map(|k| k.positions).sum::<usize>(), ps.len());
    }

    #[test]
    fn a_wrong_label_shows_in_its_own_kind_and_pin_count() {
        let eval = shipped();
        let ps = sample_positions(&eval, 4, 3, 0.1, Shard::ALL);
        let mut data = label(&eval, 0, &ps, 1, &AtomicBool::new(false), &|_| {});
        // Say the side on roll of one position wins for sure.
        let i = data.len() / 2;
        let before = data[i].target.equity();
        data[i].target = Probabilities { win: 1.0, ..Probabilities::default() };
        let r = gap(&eval, &data);
        let expected = f64::from(1.0 - before);
        assert!((r.all.mean * data.len() as f64 - expected).abs() < 1e-4, "{:?}", r.all);
        let kind = data[i].position.category().name();
        let row = r.by_kind.iter().find(|k| k.group == kind).unwrap();
        assert!((row.share - 1.0).abs() < 1e-6, "{row:?}");
        assert!(r.by_kind.iter().filter(|k| k.group != row.group).all(|k| k.share < 1e-6));
        let pins = data[i].position.own_pinned_mask().count_ones() + data[i].position.opp_pinned_mask().count_ones();
        let group = match pins {
            0 => "no pin",
            1 => "1 pin",
            2 => "2 pins",
            _ => "3 or more pins",
        };
        let pin_row = r.by_pins.iter().find(|k| k.group == group).unwrap();
        assert!((pin_row.share - 1.0).abs() < 1e-6, "{pin_row:?}");
    }
}
