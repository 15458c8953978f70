//! `rollout:TRIALS:PLIES:CANDIDATES`, a player that decides by rollouts:
//! the best few plays of a roll by the 1-ply search are each rolled out
//! (at 0-ply, truncated after a number of plies and scored by the network,
//! luck subtracted, the same dice for every play) and the best rollout
//! equity is played. A research player for duels, to ask whether looking
//! further ahead by sampling beats the 2-ply search; it is too slow and,
//! so far, not measurably stronger to be a level (docs/ENGINE.md).
//!
//! Its rollouts' seeds follow from the count of its rolled-out decisions,
//! and a duel builds a fresh player for each pair of games, so a duel
//! stays reproducible from its own seed.

use std::sync::atomic::AtomicBool;

use tavli_core::Dice;
use tavli_core::tavli::GamePlay;
use tavli_engine::{Analyzer, NetEval, NetGame, Player, Search};

use crate::rollout::{Rollout, RolloutConfig, exact_after, for_mover_of};

/// Only plays within this equity of the 1-ply best are rolled out.
const MARGIN: f32 = 0.12;

/// The bounds a name's numbers must keep: (least, most) trials, plies and
/// candidates, so no name asks for a decision that takes hours.
const BOUNDS: [(u64, u64); 3] = [(1, 100_000), (1, 500), (2, 16)];

/// Decides by truncated rollouts of the best candidates.
pub struct RolloutPlayer<P: NetGame> {
    name: String,
    eval: NetEval<P>,
    /// Trials per candidate.
    trials: u64,
    /// Plies before the evaluator scores a trial.
    plies: usize,
    /// Candidates rolled out, at most.
    candidates: usize,
    /// Decisions rolled out so far (the next rollout's seed).
    decisions: u64,
}

impl<P: NetGame> RolloutPlayer<P> {
    /// Builds the player a name after `rollout:` describes
    /// (`TRIALS:PLIES:CANDIDATES`), or says what is wrong with it.
    pub fn from_name(name: &str, spec: &str, eval: &NetEval<P>) -> Result<RolloutPlayer<P>, String> {
        let [trials, plies, candidates] = RolloutPlayer::<tavli_core::Position>::parse(name, spec)?;
        Ok(RolloutPlayer {
            name: name.into(),
            eval: eval.clone(),
            trials,
            plies: plies as usize,
            candidates: candidates as usize,
            decisions: 0,
        })
    }
}

/// The bounds of a rollout player's name are the same in every game; they
/// are checked here, with Plakoto's type standing for all.
impl RolloutPlayer<tavli_core::Position> {
    /// The trials, plies and candidates `spec` (`TRIALS:PLIES:CANDIDATES`,
    /// from the name `name`) asks for, or what is wrong with it.
    pub fn parse(name: &str, spec: &str) -> Result<[u64; 3], String> {
        let usage = || {
            format!(
                "`{name}`: write rollout:TRIALS:PLIES:CANDIDATES, e.g. rollout:36:6:3 \
                 (trials 1 to 100000, plies 1 to 500, candidates 2 to 16)"
            )
        };
        let parts: Vec<&str> = spec.split(':').collect();
        if parts.len() != 3 {
            return Err(usage());
        }
        let mut n = [0u64; 3];
        for ((v, s), (lo, hi)) in n.iter_mut().zip(&parts).zip(BOUNDS) {
            *v = s.trim().parse::<u64>().ok().filter(|v| (lo..=hi).contains(v)).ok_or_else(usage)?;
        }
        Ok(n)
    }
}

impl<P: NetGame> Player<P> for RolloutPlayer<P> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, _pos: &P, _dice: Dice, plays: &[P::Play]) -> usize {
        if plays.len() == 1 {
            return 0;
        }
        let ranked = Search::new(self.eval.clone(), 1).rank(plays);
        let best = ranked[0].value;
        let candidates: Vec<usize> =
            ranked.iter().take(self.candidates).filter(|s| s.value >= best - MARGIN).map(|s| s.index).collect();
        if candidates.len() == 1 {
            return candidates[0];
        }
        self.decisions += 1;
        // Plays that end the game need no rollout.
        let exact: Vec<Option<f64>> =
            candidates.iter().map(|&i| exact_after(&plays[i]).map(|p| f64::from(p.equity()))).collect();
        let starts: Vec<P> =
            candidates.iter().zip(&exact).filter(|(_, e)| e.is_none()).map(|(&i, _)| plays[i].position()).collect();
        let cfg = RolloutConfig {
            trials: self.trials,
            truncate: Some(self.plies),
            seed: self.decisions.wrapping_mul(0x9E37_79B9),
            ..RolloutConfig::default()
        };
        // One thread: a duel's games are the parallel unit.
        let tallies = Rollout::of(self.eval.clone(), cfg).run(&starts, 1, &AtomicBool::new(false), &|_| {});
        let open = candidates.iter().zip(&exact).filter(|(_, e)| e.is_none()).map(|(&i, _)| &plays[i]);
        let mut rolled = tallies.iter().zip(open).map(|(t, play)| for_mover_of(play, t).estimate().equity);
        let values: Vec<f64> = exact.iter().map(|e| e.unwrap_or_else(|| rolled.next().unwrap_or(f64::MIN))).collect();
        let k = (0..candidates.len()).max_by(|&a, &b| values[a].total_cmp(&values[b]).then(b.cmp(&a))).unwrap_or(0);
        candidates[k]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavli_core::{Position, pos};
    use tavli_engine::NeuralEval;

    #[test]
    fn names_are_checked() {
        let eval = NeuralEval::shipped(None);
        for bad in ["36:6", "36:6:1", "0:6:3", "36:0:3", "x:6:3", "36:6:3:4", "36:501:3"] {
            let e = RolloutPlayer::from_name("r", bad, &eval).err().unwrap_or_else(|| panic!("{bad} accepted"));
            assert!(e.contains("TRIALS:PLIES:CANDIDATES"), "{e}");
        }
        assert!(RolloutPlayer::from_name("r", "36:6:3", &eval).is_ok());
    }

    #[test]
    fn a_rolled_out_choice_is_legal_and_takes_a_game_winning_play() {
        let eval = NeuralEval::shipped(None);
        let mut p = RolloutPlayer::from_name("r", "8:2:3", &eval).unwrap();
        // White bears off its last two checkers with 6-5: every other play
        // leaves the game going on.
        let pos = pos!(White; white {6: 1, 5: 1}; black {19: 5, 20: 5, 21: 5});
        let dice = Dice::new(6, 5).unwrap();
        let plays = pos.legal_plays(dice);
        let i = p.choose(&pos, dice, &plays);
        assert!(plays[i].result().is_some(), "{}", plays[i]);
        // From the start, any roll: a legal index, and the same one again
        // from a fresh player (its seeds count its decisions).
        let plays = Position::start().legal_plays(Dice::new(6, 4).unwrap());
        let a = RolloutPlayer::from_name("r", "8:4:3", &eval).unwrap().choose(&Position::start(), dice, &plays);
        let b = RolloutPlayer::from_name("r", "8:4:3", &eval).unwrap().choose(&Position::start(), dice, &plays);
        assert!(a < plays.len());
        assert_eq!(a, b);
    }
}
