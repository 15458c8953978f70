//! Game review judged by rollouts (`tavli review --rollout N`): the
//! search's review says which play was best; for every unforced turn
//! where the play made was not that play, both are rolled out on the same
//! dice, and the loss, the mark, the best play and the equities and
//! chances to win the match beside them become the rollout's.
//! In match play the rollout's chances are valued by the match-winning
//! chance at the score, as the search values them. Luck stays the 0-ply
//! measure (gnubg's too).

use std::sync::atomic::{AtomicBool, Ordering};

use tavli_core::game::Match;
use tavli_core::tavli::GamePlay;
use tavli_core::{Dice, Move};
use tavli_engine::review::{Mark, MatchAt, Review, Reviewer, TurnReview};
use tavli_engine::{ByGame, GameVisitor, NetGame, Probabilities};

use crate::rollout::{Rollout, RolloutConfig, exact_after, for_mover_of};

/// How many turns [`review_by_rollout`] rolls out: the unforced ones whose
/// play made was not the search's best.
pub fn turns_to_roll_out(review: &Review) -> usize {
    review.games.iter().flat_map(|g| &g.turns).filter(|t| !t.forced && t.played != t.best).count()
}

/// Judges `review` (made by `reviewer` of `m`, a match of any game) again
/// by rollouts of `cfg` with the reviewer's evaluator of each game:
/// for each turn to roll out, the play made and the best play on the same
/// dice. `progress` is called after each such turn with the count done;
/// `stop` ends early, leaving the turns not reached as the search judged
/// them (the figures are tallied again either way).
pub fn review_by_rollout<P: ByGame>(
    review: &mut Review,
    m: &Match<P>,
    reviewer: &Reviewer,
    cfg: &RolloutConfig,
    threads: usize,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize),
) {
    let mut done = 0;
    for (g, game) in review.games.iter_mut().zip(m.games()) {
        let at = MatchAt { rules: *m.rules(), match_to: review.match_to, score: g.score };
        for (turn, before) in g.turns.iter_mut().zip(game.positions_before()) {
            if turn.forced || turn.played == turn.best || stop.load(Ordering::Relaxed) {
                continue;
            }
            if before.by_game(RollOut { turn, reviewer, cfg, threads, stop, at }) {
                done += 1;
                progress(done);
            }
        }
    }
    review.rollout = Some(cfg.trials);
    review.tally();
}

/// One turn judged again by rollouts, run on its position's own game:
/// `true` once judged.
struct RollOut<'a> {
    turn: &'a mut TurnReview,
    reviewer: &'a Reviewer,
    cfg: &'a RolloutConfig,
    threads: usize,
    stop: &'a AtomicBool,
    at: MatchAt,
}

impl GameVisitor for RollOut<'_> {
    type Out = bool;

    fn visit<P: NetGame>(self, before: &P) -> bool {
        let RollOut { turn, reviewer, cfg, threads, stop, at } = self;
        let dice = Dice::new(turn.dice[0], turn.dice[1]).expect("reviewed dice are dice");
        let play_of = |moves: &[[u8; 2]]| {
            let moves: Vec<Move> = moves.iter().map(|&[f, t]| Move::new(f, t)).collect();
            before.into_any().play_of_moves_under(dice, &moves, &at.rules).ok().and_then(|a| P::Play::from_any(&a))
        };
        let (Some(played), Some(best)) = (play_of(&turn.played_moves), play_of(&turn.best_moves)) else {
            return false;
        };
        let rollout = Rollout::<P>::of(reviewer.evals().get::<P>().clone(), cfg.clone());
        // The chances of each play for the mover: exact when it ends
        // the game, else rolled out from the position after it.
        let candidates = [played, best];
        let open: Vec<P> = candidates.iter().filter(|p| exact_after(*p).is_none()).map(|p| p.position()).collect();
        let tallies = rollout.run(&open, threads, stop, &|_| {});
        let mut rolled = tallies.iter();
        let chances: Vec<Probabilities> = candidates
            .iter()
            .map(|p| {
                exact_after(p).unwrap_or_else(|| {
                    for_mover_of(p, rolled.next().expect("a tally per open play")).estimate().probabilities
                })
            })
            .collect();
        let objective = reviewer.objective::<P>(turn.side, &at);
        let [v_played, v_best] = [0, 1].map(|i| f64::from(objective.value(&chances[i], true)));
        // The figures shown beside the loss are the rollout's too.
        let best_i = if v_played >= v_best { 0 } else { 1 };
        turn.equity = f64::from(chances[0].equity());
        turn.best_equity = f64::from(chances[best_i].equity());
        turn.match_winning_chance = objective.match_winning_chance(&chances[0]);
        turn.best_match_winning_chance = objective.match_winning_chance(&chances[best_i]);
        if v_played >= v_best {
            turn.loss = 0.0;
            turn.best.clone_from(&turn.played);
            turn.best_moves.clone_from(&turn.played_moves);
            turn.rank = 1;
        } else {
            turn.loss = v_best - v_played;
        }
        turn.mark = Mark::of(turn.loss);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavli_core::game::read_move_list;
    use tavli_engine::NeuralEval;

    /// White's first play (24/18/13 with 6-5) loses about 0.16 at 0-ply
    /// (0.21 with older weights); a rollout finds it much closer (the
    /// network overrates running early).
    const GAME: &str = "white starts\n6-5: 24/13\n5-3: 24/19 24/21\n6-4: 24/18 24/20\n";

    #[test]
    fn rollouts_judge_the_plays_the_search_doubted_and_the_figures_follow() {
        let eval = NeuralEval::shipped(None);
        let m = Match::for_review(&read_move_list(GAME).unwrap()).unwrap();
        let reviewer = Reviewer::new(eval.clone(), 0);
        let mut r = reviewer.review(&m, &mut |_, _| {});
        let searched = r.clone();
        let to_roll = turns_to_roll_out(&r);
        assert!(to_roll >= 1, "the search doubts at least the blunder");
        let cfg = RolloutConfig { trials: 216, ..RolloutConfig::default() };
        let mut seen = 0;
        review_by_rollout(&mut r, &m, &reviewer, &cfg, 2, &AtomicBool::new(false), &mut |n| seen = n);
        assert_eq!(seen, to_roll);
        assert_eq!(r.rollout, Some(216));
        for (a, b) in r.games[0].turns.iter().zip(&searched.games[0].turns) {
            if b.forced || b.played == b.best {
                assert_eq!(a.loss, b.loss, "a turn the search did not doubt is left as it was");
            }
            assert!(a.loss >= 0.0 && a.mark == Mark::of(a.loss));
        }
        let white_loss: f64 =
            r.games[0].turns.iter().filter(|t| t.side == tavli_core::Color::White).map(|t| t.loss).sum();
        assert!((r.players.white.total_loss - white_loss).abs() < 1e-9, "the figures are tallied again");
        let (first, was) = (&r.games[0].turns[0], &searched.games[0].turns[0]);
        assert!(matches!(was.mark, Mark::Bad | Mark::VeryBad), "the search calls 24/18/13 at least bad: {}", was.loss);
        assert_ne!(first.loss, was.loss, "the rollout judged it");
        assert!(first.loss < was.loss, "the rollout finds it closer: {} against {}", first.loss, was.loss);
    }
}
