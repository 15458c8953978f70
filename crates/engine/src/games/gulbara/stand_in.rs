//! The network Gul bara's levels, hints and evaluations play with until
//! trained weights ship: set by hand, not trained, from a few of the
//! inputs (the pip counts, the blocked checkers, the checkers left on the
//! start, the dice still to play, the checkers borne off) as a linear race
//! estimate. It knows the race and the ladder's pending dice and little
//! else; `tavli train --game gulbara` makes a real one.
//!
//! Four hidden units: the lead (in units of the winning chance's logit)
//! and its negation, each through the ReLU, so that their difference is
//! the lead itself; and each side's borne-off count, which stops a double
//! win. The outputs are the lead (win), the lead softened less a margin
//! (double wins), and no draw.

use std::sync::{Arc, OnceLock};

use tavli_core::tavli::GameKind;

use super::inputs::{CONSTANT, PENDING_PIPS, SIDE_INPUTS, feature};
use crate::network::Network;

/// Pips of lead per unit of the winning chance's logit (a race of the
/// start's 360 pips a side; less would be too sure early on).
const SCALE: f32 = 28.0;

/// The stand-in network, made once per process.
pub(crate) fn network() -> Arc<Network> {
    static NET: OnceLock<Arc<Network>> = OnceLock::new();
    NET.get_or_init(|| Arc::new(build())).clone()
}

fn build() -> Network {
    let hidden = 4;
    let mut net = Network::random_for(GameKind::GulBara, hidden, 0);
    net.about = "stand-in set by hand (no trained Gul bara network yet): a linear race estimate from the pip \
                 counts, blocked checkers, checkers on the start, pending dice and checkers off"
        .into();
    let [w1, b1, w2, b2] = net.params_mut();
    w1.fill(0.0);
    b1.fill(0.0);
    w2.fill(0.0);
    let f = 24 * super::inputs::PER_POINT;
    let (own, opp) = (f, SIDE_INPUTS + f);
    // The lead in pips, as (input, pips per unit of input): the opponent's
    // pips and penalties less the mover's, and the dice the mover still
    // plays (a share of them, a block may stop the rest).
    let lead = [
        (opp + feature::PIPS, 360.0),
        (own + feature::PIPS, -360.0),
        (opp + feature::BLOCKED, 65.0),
        (own + feature::BLOCKED, -65.0),
        (opp + feature::START, 22.0),
        (own + feature::START, -22.0),
        (PENDING_PIPS, 0.8 * 84.0),
        // Being on roll.
        (CONSTANT, 4.0),
    ];
    for (input, pips) in lead {
        w1[input * hidden] = pips / SCALE;
        w1[input * hidden + 1] = -pips / SCALE;
    }
    w1[(opp + feature::OFF) * hidden + 2] = 1.0;
    w1[(own + feature::OFF) * hidden + 3] = 1.0;
    // Outputs: win, win double, lose double, draw.
    let rows: [[f32; 4]; 4] = [[1.0, -1.0, 0.0, 0.0], [0.8, -0.8, -150.0, 0.0], [-0.8, 0.8, 0.0, -150.0], [0.0; 4]];
    for (k, row) in rows.iter().enumerate() {
        w2[k * hidden..(k + 1) * hidden].copy_from_slice(row);
    }
    b2.copy_from_slice(&[0.0, -4.0, -4.0, -10.0]);
    net
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Evaluator;
    use crate::net_game::NetGame;
    use tavli_core::fevga_pos;
    use tavli_core::gulbara::{Pending, Position};

    #[test]
    fn the_stand_in_prefers_the_side_ahead_and_weighs_pending_dice() {
        let eval = Position::evaluator(network(), None);
        let start = eval.probabilities(&Position::start());
        assert!(start.win > 0.5 && start.win < 0.6, "on roll, a little ahead: {start:?}");
        let ahead = Position::of_board(fevga_pos!(White; white {6: 5, 5: 5, 4: 5}; black {24: 14, 20: 1}), 9);
        let p = eval.probabilities(&ahead);
        assert!(p.win > 0.95 && p.win_double > 0.3, "{p:?}");
        let board = Position::of_board(fevga_pos!(White; white {24: 10, 13: 5}; black {24: 10, 13: 5}), 9);
        let with = board.with_pending(Pending::handed(4, 4)).unwrap();
        assert!(eval.probabilities(&with).win > eval.probabilities(&board).win + 0.2);
        // Once the loser has a checker off, no double win.
        let one_off = Position::of_board(fevga_pos!(White; white {6: 5, 5: 5, 4: 5}; black {24: 13, 20: 1}), 9);
        assert!(eval.probabilities(&one_off).win_double < 0.01);
    }
}
