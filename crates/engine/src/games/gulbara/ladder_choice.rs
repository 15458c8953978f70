//! What choosing a ladder stage by stage costs against choosing among its
//! whole plays, measured where the whole plays are few enough to weigh
//! them all.
//!
//! For positions of random games from the game's fourth roll on and each
//! doublet there, every whole play of the ladder (each (position,
//! remainder) pair) is valued at 0-ply for the mover: the full choice is
//! the best of them. The stage-by-stage choice plays, at each stage, the
//! stage play whose resulting position is valued best (the rest of the
//! ladder still to play, for the evaluator to weigh), and goes on from
//! there; its whole play is valued the same way. The cost is the full
//! choice's value less the stage choice's: never negative, 0 when they
//! end alike. `cargo test --release -p tavli-engine --lib ladder_choice --
//! --ignored --nocapture` prints it for the heuristic's score and for the
//! shipped network.

use std::ops::ControlFlow;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tavli_core::Dice;
use tavli_core::gulbara::{MoveGen, Play, Position};

use super::heuristic::gulbara_heuristic_score;
use crate::Evaluator;
use crate::net_game::NetGame;

/// A value for the side on roll of a position.
type Score<'a> = &'a dyn Fn(&Position) -> f32;

/// The mover's value of the position a whole play or a stage reaches, by
/// `score` (a value for the side on roll): exact points when the game is
/// over, the mover being `mover`.
fn value_for(mover: tavli_core::Color, after: &Position, score: Score) -> f32 {
    if let Some(r) = after.outcome() {
        return r.points_for(mover) as f32;
    }
    if after.turn() == mover { score(after) } else { -score(after) }
}

/// The stage play valued best, stage after stage, to the turn's end.
fn stage_by_stage(pos: &Position, dice: Dice, score: Score) -> Position {
    let mover = pos.turn();
    let mut at = *pos;
    loop {
        let plays: Vec<Play> = at.legal_plays(dice);
        let best = plays
            .iter()
            .max_by(|a, b| value_for(mover, a.position(), score).total_cmp(&value_for(mover, b.position(), score)))
            .expect("a decision has a play");
        at = *best.position();
        if !(best.keeps_turn() && at.pending().is_some()) {
            return at;
        }
    }
}

/// At each stage the stage play whose greedy completion
/// ([`stage_by_stage`] from it) ends best, among the `best` plays by the
/// position each leaves, and on from there: a look through the rest of
/// the ladder, still stage by stage.
fn stage_by_stage_completed(pos: &Position, dice: Dice, score: Score, best: usize) -> Position {
    let mover = pos.turn();
    let end_of = |p: &Play| {
        let at = *p.position();
        if p.keeps_turn() && at.pending().is_some() { stage_by_stage(&at, dice, score) } else { at }
    };
    let mut at = *pos;
    loop {
        let mut plays: Vec<Play> = at.legal_plays(dice);
        plays.sort_by(|a, b| value_for(mover, b.position(), score).total_cmp(&value_for(mover, a.position(), score)));
        let best = plays
            .iter()
            .take(best)
            .map(|p| (p, value_for(mover, &end_of(p), score)))
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(p, _)| *p)
            .expect("a decision has a play");
        at = *best.position();
        if !(best.keeps_turn() && at.pending().is_some()) {
            return at;
        }
    }
}

/// How a ladder is chosen stage by stage.
#[derive(Clone, Copy)]
enum Way {
    /// Each stage by the value of the position it leaves.
    Greedy,
    /// Each stage by the value of its greedy completion, for the best
    /// few by the position each leaves (all: `usize::MAX`).
    Completed(usize),
}

/// (ladders weighed, of which chosen differently, mean cost, largest cost).
fn measure(score: Score, games: u64, limit: usize, way: Way) -> (usize, usize, f64, f32) {
    let mut movegen = MoveGen::new();
    let (mut ladders, mut differ, mut total, mut worst) = (0, 0, 0.0f64, 0.0f32);
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut pos = Position::start();
        while pos.outcome().is_none() {
            if pos.doublets_ladder() && pos.pending().is_none() {
                let die = rng.random_range(1..=6);
                let dice = Dice::new(die, die).unwrap();
                let mover = pos.turn();
                let mut ends = Vec::new();
                let flow = movegen.for_each_turn(&pos, dice, &mut |t| {
                    ends.push(*t.position());
                    if ends.len() > limit { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
                });
                if flow.is_continue() && ends.len() > 1 {
                    let full = ends.iter().map(|e| value_for(mover, e, score)).fold(f32::NEG_INFINITY, f32::max);
                    let staged = match way {
                        Way::Greedy => stage_by_stage(&pos, dice, score),
                        Way::Completed(best) => stage_by_stage_completed(&pos, dice, score, best),
                    };
                    assert!(ends.contains(&staged), "the stage choice is a whole play of the ladder");
                    let cost = full - value_for(mover, &staged, score);
                    assert!(cost >= -1e-5, "{pos:?} {dice}: {cost}");
                    ladders += 1;
                    differ += usize::from(cost > 1e-6);
                    total += f64::from(cost.max(0.0));
                    worst = worst.max(cost);
                }
            }
            let roll = Dice::new(rng.random_range(1..=6), rng.random_range(1..=6)).unwrap();
            let plays = pos.legal_plays(pos.pending_dice().unwrap_or(roll));
            pos = *plays[rng.random_range(0..plays.len())].position();
        }
    }
    (ladders, differ, total / ladders.max(1) as f64, worst)
}

#[test]
fn the_stage_by_stage_choice_is_a_whole_play_and_never_beats_the_full_choice() {
    for way in [Way::Greedy, Way::Completed(8)] {
        let (ladders, _, mean, _) = measure(&gulbara_heuristic_score, 6, 300, way);
        assert!(ladders > 20, "{ladders}");
        assert!(mean >= 0.0);
    }
}

#[test]
#[ignore = "a measurement: seconds in release"]
fn what_choosing_a_ladder_stage_by_stage_costs() {
    let eval = Position::playing_eval(None);
    let net = |p: &Position| eval.equity(p);
    let scores: [(&str, Score); 2] = [("heuristic", &gulbara_heuristic_score), ("shipped net", &net)];
    let ways = [
        (Way::Greedy, "by the position each stage leaves"),
        (Way::Completed(usize::MAX), "by each stage's greedy completion"),
        (Way::Completed(8), "the best 8 by position, by their greedy completion (the players' way)"),
    ];
    for (name, score) in scores {
        for (way, how) in ways {
            let t = std::time::Instant::now();
            let (ladders, differ, mean, worst) = measure(score, 200, 5000, way);
            println!(
                "{name}, {how}: {ladders} ladders of at most 5000 whole plays from 200 random games; the \
                 stage-by-stage choice differs in {differ} ({:.1}%), costing {mean:.4} equity on average, \
                 {worst:.3} at most ({:.1?})",
                100.0 * differ as f64 / ladders.max(1) as f64,
                t.elapsed()
            );
        }
    }
}
