//! Self-play games and their TD(λ) training targets.
//!
//! Both sides play greedily by the current network at 0-ply. For each
//! position s_t (the side on roll about to roll) the target is the λ-return:
//! G_t = (1 − λ)·flip(V(s_{t+1})) + λ·flip(G_{t+1}), with the final position's
//! target the game's result. `flip` turns outcome probabilities round to the
//! other side's view, as s_{t+1} has the other side on roll; where the same
//! side is on roll again (a Gul bara ladder's next stage, or its roll after
//! dice handed to it) nothing is turned round, and no dice are thrown for
//! dice it plays without a throw.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tavli_core::game::{DiceSource, Game, SeededDice, Start};
use tavli_core::tavli::GamePlay;

use tavli_engine::NetEval;
use tavli_engine::inputs::Inputs;
use tavli_engine::network::OUTPUTS;
use tavli_engine::{Evaluator, NetGame, Probabilities, to_targets};

/// A training sample: inputs and target outputs.
pub struct Sample {
    /// The network inputs of the position, the side on roll about to roll.
    pub inputs: Inputs,
    /// The λ-return target for each network output, from that side's view.
    pub target: [f32; OUTPUTS],
}

/// One self-play game: its samples and its length in plies.
pub struct SelfPlayGame {
    /// One sample per position the side on roll faced.
    pub samples: Vec<Sample>,
    /// The game's length in plays.
    pub plies: usize,
}

/// The value of a play's resulting position for the side now on roll there
/// (exact if the play ended the game, from the mover's side then flipped,
/// since the final position keeps the mover on roll).
fn value_after<P: NetGame>(eval: &NetEval<P>, play: &P::Play) -> Probabilities {
    match play.result() {
        // The final position keeps the mover on roll: view it from the opponent.
        Some(_) => Probabilities::exact(&play.position()).map(|p| p.flip()).unwrap_or_default(),
        None => eval.probabilities(&play.position()),
    }
}

/// Plays one game of `P` from the opening roll with `seed`'s dice and
/// returns its samples. `epsilon`: chance of a random play (exploration).
pub fn self_play<P: NetGame>(eval: &NetEval<P>, seed: u64, lambda: f32, epsilon: f32) -> SelfPlayGame {
    let mut dice = SeededDice::new(seed);
    let mut explore_rng = ChaCha8Rng::seed_from_u64(seed ^ 0x005E_ED0F_E4B1_0AE5);
    // The opening roll through the state machine; then positions directly
    // (a Game would also keep a notated record of every turn).
    let start = P::start_of(P::KIND).expect("every game has a start");
    let mut game = Game::of(start, Start::OpeningRoll);
    game.opening_roll(&mut dice);
    let mut pos = *game.position();
    let mut positions: Vec<P> = vec![pos];
    let mut values: Vec<Probabilities> = vec![eval.probabilities(&pos)];
    let mut final_result = None;
    while pos.outcome().is_none() && positions.len() < 10_000 {
        let plays = pos.legal_plays(pos.pending_dice().unwrap_or_else(|| dice.roll()));
        let mut best = 0;
        let mut best_eq = f32::NEG_INFINITY;
        let mut best_val = Probabilities::default();
        for (i, play) in plays.iter().enumerate() {
            let v = value_after::<P>(eval, play);
            // The mover's equity is minus the equity of the side on roll
            // after, or that equity itself when the mover is on roll again.
            let eq = if play.keeps_turn() { v.equity() } else { -v.equity() };
            if eq > best_eq {
                best_eq = eq;
                best = i;
                best_val = v;
            }
        }
        if epsilon > 0.0 && plays.len() > 1 && explore_rng.random::<f32>() < epsilon {
            best = explore_rng.random_range(0..plays.len());
            best_val = value_after::<P>(eval, &plays[best]);
        }
        let play = &plays[best];
        pos = play.position();
        if play.result().is_some() {
            final_result = Probabilities::exact(&pos);
            break;
        }
        positions.push(pos);
        values.push(best_val);
    }
    let plies = positions.len();
    // λ-returns, backwards. The last stored position's mover ended the game.
    let mut samples = Vec::with_capacity(plies);
    let mut g = final_result.unwrap_or_default();
    let mut targets = vec![Probabilities::default(); plies];
    targets[plies - 1] = g;
    for t in (0..plies - 1).rev() {
        // Turned round to s_t's side unless the same side is on roll.
        let view = |p: &Probabilities| if positions[t].turn() == positions[t + 1].turn() { *p } else { p.flip() };
        let next = view(&values[t + 1]);
        let ahead = view(&g);
        g = blend(&next, &ahead, lambda);
        targets[t] = g;
    }
    for (pos, target) in positions.iter().zip(&targets) {
        let mut inputs = Inputs::with_capacity();
        pos.encode(&mut inputs);
        samples.push(Sample { inputs, target: to_targets(target) });
    }
    SelfPlayGame { samples, plies }
}

/// (1 − λ)·a + λ·b, component-wise.
fn blend(a: &Probabilities, b: &Probabilities, lambda: f32) -> Probabilities {
    let m = |x: f32, y: f32| (1.0 - lambda) * x + lambda * y;
    Probabilities {
        win: m(a.win, b.win),
        win_double: m(a.win_double, b.win_double),
        lose: m(a.lose, b.lose),
        lose_double: m(a.lose_double, b.lose_double),
        draw: m(a.draw, b.draw),
    }
}
