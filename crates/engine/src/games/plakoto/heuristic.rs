//! A hand-written Plakoto player: the baseline everything else is measured
//! against. It scores the position after each play by features a tavli
//! player weighs: the race, pins made and suffered (worse the deeper they
//! sit), the mothers' safety and threats against them, blots within reach
//! of the opponent, and blocks (primes) in front of the opponent.

use tavli_core::{Dice, Play, Position};

use crate::player::{Player, argmax_by};

/// Chance that a checker `d` pips away can be hit by some roll, counting
/// direct numbers and simple combinations (as in backgammon shot tables).
const SHOT_CHANCE: [f32; 25] = [
    0.0, 11.0, 12.0, 14.0, 15.0, 15.0, 17.0, 6.0, 6.0, 5.0, 3.0, 2.0, 3.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0,
    0.0, 0.0, 1.0,
];

/// Heuristic score of `pos` for the side on roll (higher is better for it),
/// in rough equity units.
pub fn heuristic_score(pos: &Position) -> f32 {
    if let Some(r) = pos.outcome() {
        return 10.0 * r.points_for(pos.turn()) as f32;
    }
    let own = |p: u8| pos.own_on(p) as f32;
    let opp = |p: u8| pos.opp_on(p) as f32;
    let mut s = 0.0f32;

    // Race: pip counts, pinned checkers included.
    let mut my_pips = 0.0;
    let mut their_pips = 0.0;
    for p in 1..=24u8 {
        my_pips += (own(p) + f32::from(u8::from(pos.own_pinned_on(p)))) * f32::from(p);
        their_pips += (opp(p) + f32::from(u8::from(pos.opp_pinned_on(p)))) * f32::from(25 - p);
    }
    s += 0.012 * (their_pips - my_pips);
    s += 0.03 * (f32::from(pos.own_off()) - f32::from(pos.opp_off()));

    // Pins: a pinned checker is worse the further it has to go and the
    // longer the pinner can stay (deep in the pinner's home it stays long).
    for p in 1..=24u8 {
        if pos.own_pinned_on(p) {
            s -= 0.35 + 0.02 * f32::from(p);
        }
        if pos.opp_pinned_on(p) {
            s += 0.35 + 0.02 * f32::from(25 - p);
        }
    }

    // Our mother alone on our 24-point, reachable by opposing checkers below it.
    let free_opp = |q: u8| pos.opp_on(q) > 0 && !pos.own_pinned_on(q);
    if pos.own_on(24) == 1 {
        let shots: f32 = (1..=12u8).filter(|&d| free_opp(24 - d)).map(|d| SHOT_CHANCE[d as usize]).sum();
        let own_start_empty_for_them = pos.opp_on(1) == 0 && !pos.opp_pinned_on(1);
        let stake = if own_start_empty_for_them { 2.0 } else { 0.8 };
        s -= stake * (shots / 36.0).min(1.0);
    }
    // Their mother alone on our 1-point, within our reach.
    if (pos.opp_on(1) == 1 && !pos.own_pinned_on(1)) || pos.opp_pinned_on(1) {
        let shots: f32 = (1..=12u8).filter(|&d| pos.own_on(1 + d) > 0).map(|d| SHOT_CHANCE[d as usize]).sum();
        let stake = if pos.own_on(24) == 0 { 1.5 } else { 0.5 };
        s += stake * (shots / 36.0).min(1.0);
    }

    // Blots: our lone non-pinning checkers that opposing checkers below can reach.
    for p in 2..=23u8 {
        if pos.own_on(p) == 1 && !pos.opp_pinned_on(p) {
            let shots: f32 = (1..p.min(13)).filter(|&d| free_opp(p - d)).map(|d| SHOT_CHANCE[d as usize]).sum();
            s -= (0.10 + 0.012 * f32::from(p)) * (shots / 36.0).min(1.0);
        }
        if pos.opp_on(p) == 1 && !pos.own_pinned_on(p) {
            let shots: f32 =
                (1..(25 - p).min(13)).filter(|&d| pos.own_on(p + d) > 0).map(|d| SHOT_CHANCE[d as usize]).sum();
            s += (0.08 + 0.012 * f32::from(25 - p)) * (shots / 36.0).min(1.0);
        }
    }

    // Blocks in front of the opponent (points above its rearmost checker),
    // with a bonus for runs of consecutive blocks.
    let rearmost_opp = (1..=24u8).find(|&q| pos.opp_on(q) > 0 || pos.opp_pinned_on(q)).unwrap_or(25);
    let mut run = 0;
    let mut best_run = 0;
    for p in 1..=24u8 {
        let block = pos.own_on(p) >= 2 || (pos.own_on(p) == 1 && pos.opp_pinned_on(p));
        if block && p > rearmost_opp {
            s += 0.04;
            run += 1;
            best_run = best_run.max(run);
        } else {
            run = 0;
        }
    }
    s += 0.025 * (best_run * best_run) as f32;
    s
}

/// Picks the play whose resulting position scores best for the mover.
#[derive(Default)]
pub struct HeuristicPlayer;

impl HeuristicPlayer {
    /// The mover's score after `play`.
    pub fn score_play(play: &Play) -> f32 {
        let after = play.position().with_turn(play.mover());
        heuristic_score(&after)
    }
}

impl Player<Position> for HeuristicPlayer {
    fn name(&self) -> String {
        "heuristic".into()
    }

    fn choose(&mut self, _: &Position, _: Dice, plays: &[Play]) -> usize {
        argmax_by(plays, HeuristicPlayer::score_play)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavli_core::pos;

    #[test]
    fn prefers_pinning_to_not_pinning() {
        // White 6-1: 13/7* pins the Black blot on 7; 13/12 13/7* also pins.
        let p = pos!(White; white {24: 13, 13: 2}; black {1: 14, 7: 1});
        let plays = p.legal_plays(Dice::new(6, 1).unwrap());
        let best = &plays[HeuristicPlayer.choose(&p, Dice::new(6, 1).unwrap(), &plays)];
        assert!(best.position().opp_pinned_mask() != 0 || best.position().own_pinned_mask() != 0, "{best}");
    }

    #[test]
    fn takes_an_immediate_win() {
        // Black's mother alone on White's 1-point, White's start already empty.
        let p = pos!(White; white {7: 5, 6: 10}; black {1: 1, 20: 14});
        let d = Dice::new(6, 5).unwrap();
        let plays = p.legal_plays(d);
        let best = &plays[HeuristicPlayer.choose(&p, d, &plays)];
        assert!(best.result().is_some(), "{best}");
    }
}
