//! Building a benchmark set: finding real decisions in games between
//! levels, rolling out their candidates, rolling them out again on other
//! dice, and making one set of several.

use std::sync::atomic::AtomicBool;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tavli_core::tavli::{GamePlay, GamePosition};
use tavli_core::{Color, Dice, Move};
use tavli_engine::{Analyzer, Player, Search, levels};

use super::decision::{
    BenchGame, CANDIDATE_MARGIN, CLOSE, Candidate, Category, Decision, MAX_CANDIDATES, Outside, position_after,
};
use crate::rollout::{Rollout, Shard, exact_after, for_mover_of};
use tavli_engine::NetEval;

/// The decisions of games between the level pairs `matchups`, played with
/// seeded dice (`games` games per pair, in `shard`), that are real ones
/// (see [`CLOSE`]); each with its kind, each once. At most `per_category`
/// of each kind per pair, spread over the games.
pub fn find_decisions<P: BenchGame>(
    eval: &NetEval<P>,
    matchups: &[(&str, &str)],
    games: u64,
    seed: u64,
    per_category: usize,
    shard: Shard,
) -> Result<Vec<(P, Dice, Category)>, String> {
    let search = Search::new(eval.clone(), 1);
    let mut out = Vec::new();
    // Openings recur from game to game: a decision is taken once.
    let mut taken = std::collections::HashSet::new();
    for (k, &pair) in matchups.iter().enumerate() {
        let mut count = std::collections::HashMap::new();
        walk_games::<P>(eval, pair, games, seed, k as u64, shard, &mut |pos, dice, plays, rng| {
            // Sample about one position in four, so one game does not
            // fill a kind.
            if plays.len() > 1 && rng.random_range(0..4) == 0 {
                let cat = pos.category();
                let n = count.entry(cat).or_insert(0usize);
                if *n < per_category && !taken.contains(&(*pos, dice)) && is_real::<P>(&search, plays) {
                    taken.insert((*pos, dice));
                    out.push((*pos, dice, cat));
                    *n += 1;
                }
            }
        })?;
    }
    Ok(out)
}

/// A real decision: a second play within [`CLOSE`] of the best at 1-ply.
fn is_real<P: BenchGame>(search: &Search<NetEval<P>>, plays: &[P::Play]) -> bool {
    if plays.len() < 2 {
        return false;
    }
    let ranked = Analyzer::<P>::rank(search, plays);
    ranked[0].equity() - ranked[1].equity() <= CLOSE
}

/// Real decisions (see [`CLOSE`]) per game and side, by kind, in `games`
/// self-play games of `level` with seeded dice: what weighs a player's
/// error rates by kind into the equity it loses in a game (see
/// [`ErrorRate::per_game`](super::ErrorRate::per_game)).
pub fn real_decisions_per_game<P: BenchGame>(
    eval: &NetEval<P>,
    level: &str,
    games: u64,
    seed: u64,
) -> Result<Vec<(Category, f64)>, String> {
    let search = Search::new(eval.clone(), 1);
    let mut count: std::collections::BTreeMap<Category, u64> = P::CATEGORIES.iter().map(|&c| (c, 0)).collect();
    walk_games::<P>(eval, (level, level), games, seed, 0, Shard::ALL, &mut |pos, _, plays, _| {
        if is_real::<P>(&search, plays) {
            *count.entry(pos.category()).or_default() += 1;
        }
    })?;
    let sides = 2.0 * games.max(1) as f64;
    Ok(count.into_iter().map(|(c, n)| (c, n as f64 / sides)).collect())
}

/// What [`walk_games`] calls on each position: the position, its roll, its
/// plays and the game's random source.
type Visit<'a, P> = dyn FnMut(&P, Dice, &[<P as GamePosition>::Play], &mut ChaCha8Rng) + 'a;

/// Plays `games` games (those of `shard`) between the levels `pair`,
/// colours alternating, with dice seeded by `seed`, the game and the pair's
/// number `k`; `visit` sees every position with its roll and plays before
/// the side on roll chooses, with the game's random source.
fn walk_games<P: BenchGame>(
    eval: &NetEval<P>,
    (a, b): (&str, &str),
    games: u64,
    seed: u64,
    k: u64,
    shard: Shard,
    visit: &mut Visit<'_, P>,
) -> Result<(), String> {
    let la = levels::level(a).map_err(|e| e.to_string())?;
    let lb = levels::level(b).map_err(|e| e.to_string())?;
    for g in (0..games).filter(|&g| shard.holds(g)) {
        let s = seed.wrapping_mul(1_000_003).wrapping_add(k * 1_000_000 + g);
        let mut rng = ChaCha8Rng::seed_from_u64(s);
        let mut players: [Box<dyn Player<P>>; 2] = [la.player_of::<P>(eval, s), lb.player_of::<P>(eval, s ^ 1)];
        if g % 2 == 1 {
            players.swap(0, 1);
        }
        let start = P::start_of(P::KIND).expect("a game with a network has a start");
        let mut pos = start.with_turn(if rng.random::<bool>() { Color::White } else { Color::Black });
        for _ in 0..tavli_core::game::MAX_TURNS {
            if pos.outcome().is_some() {
                break;
            }
            let dice = Dice::new(rng.random_range(1..=6), rng.random_range(1..=6)).expect("dice 1-6");
            let plays = pos.legal_plays(dice);
            visit(&pos, dice, &plays, &mut rng);
            let side = pos.turn().index();
            let i = players[side].choose(&pos, dice, &plays).min(plays.len() - 1);
            if plays[i].result().is_some() {
                break;
            }
            pos = plays[i].position();
        }
    }
    Ok(())
}

/// Rolls out the candidates of one decision with `rollout` (the same dice
/// for every candidate) and returns the decision, best first.
pub fn roll_out<P: BenchGame>(
    eval: &NetEval<P>,
    rollout: &Rollout<P>,
    pos: &P,
    dice: Dice,
    threads: usize,
) -> Decision {
    let plays = pos.legal_plays(dice);
    let ranked = Analyzer::<P>::rank(&Search::new(eval.clone(), 1), &plays);
    let best = ranked[0].equity();
    let chosen: Vec<usize> = ranked
        .iter()
        .take(MAX_CANDIDATES)
        .take_while(|s| best - s.equity() <= CANDIDATE_MARGIN)
        .map(|s| s.index)
        .collect();
    let candidates = roll_out_plays(rollout, &plays, &chosen, threads);
    // The plays left out, with their 1-ply gap to the last candidate.
    let last = chosen.last().expect("one candidate at least");
    let last_prior = ranked.iter().find(|s| s.index == *last).map_or(best, |s| s.equity());
    let outside = ranked
        .iter()
        .filter(|s| !chosen.contains(&s.index))
        .map(|s| {
            let (moves, notation) = moves_and_notation(&plays[s.index]);
            Outside { moves, notation, gap: f64::from((last_prior - s.equity()).max(0.0)) }
        })
        .collect();
    Decision {
        game: P::KIND,
        id: pos.id(),
        dice: [dice.high(), dice.low()],
        category: pos.category(),
        candidates,
        outside,
        trials: rollout.config().trials,
        seeds: vec![rollout.config().seed],
        ply: rollout.config().ply,
    }
}

/// Rolls out the same candidates of `d` again with `rollout` (another seed:
/// independent dice), keeping its plays left out: a second opinion on the
/// same decision, to merge with the first (see [`merge`]) or to measure the
/// set's noise (see [`noise_floor`](super::noise_floor)).
pub fn reroll<P: BenchGame>(rollout: &Rollout<P>, d: &Decision, threads: usize) -> Result<Decision, String> {
    let pos = d.position::<P>()?;
    let plays = pos.legal_plays(d.roll()?);
    let chosen = d
        .candidates
        .iter()
        .map(|c| {
            let after = position_after(&pos.into(), d.roll().ok(), &c.moves);
            plays.iter().position(|p| Some(p.position().into()) == after).ok_or_else(|| {
                format!("decision {}: `{}` is not a legal play of {}-{}", d.id, c.notation, d.dice[0], d.dice[1])
            })
        })
        .collect::<Result<Vec<usize>, String>>()?;
    Ok(Decision {
        candidates: roll_out_plays(rollout, &plays, &chosen, threads),
        trials: rollout.config().trials,
        seeds: vec![rollout.config().seed],
        ply: rollout.config().ply,
        ..d.clone()
    })
}

/// Rolls out `plays[i]` for each `i` of `chosen` on the same dice (a play
/// that ends the game is exact), best rollout equity first.
fn roll_out_plays<P: BenchGame>(
    rollout: &Rollout<P>,
    plays: &[P::Play],
    chosen: &[usize],
    threads: usize,
) -> Vec<Candidate> {
    // Plays that end the game need no rollout.
    let to_roll: Vec<P> =
        chosen.iter().filter(|&&i| plays[i].result().is_none()).map(|&i| plays[i].position()).collect();
    let tallies = rollout.run(&to_roll, threads, &AtomicBool::new(false), &|_| {});
    let mut t = tallies.iter();
    let mut candidates: Vec<Candidate> = chosen
        .iter()
        .map(|&i| {
            let (moves, notation) = moves_and_notation(&plays[i]);
            match exact_after(&plays[i]) {
                Some(p) => Candidate { moves, notation, equity: f64::from(p.equity()), std_error: 0.0 },
                None => {
                    let e = for_mover_of(&plays[i], t.next().expect("a tally per rolled-out play")).estimate();
                    Candidate { moves, notation, equity: e.equity, std_error: e.std_error }
                }
            }
        })
        .collect();
    candidates.sort_by(|a, b| b.equity.total_cmp(&a.equity));
    candidates
}

fn moves_and_notation<PL: GamePlay>(p: &PL) -> (Vec<[u8; 2]>, String) {
    (p.moves().iter().map(|m: &Move| [m.from, m.to]).collect(), p.notation())
}

/// Two rollouts of the same decisions (the same candidates, independent
/// dice: one set and its [`reroll`]) made one: each candidate's equity the
/// trial-weighted mean of the two, its standard error that of the mean.
/// The sets must hold the same decisions in the same order, with their
/// trials recorded.
pub fn merge(a: &[Decision], b: &[Decision]) -> Result<Vec<Decision>, String> {
    if a.len() != b.len() {
        return Err(format!("the sets hold {} and {} decisions: not rollouts of the same set", a.len(), b.len()));
    }
    a.iter()
        .zip(b)
        .enumerate()
        .map(|(n, (x, y))| {
            let at = |what: &str| format!("decision {} ({}): {what}", n + 1, x.id);
            if x.id != y.id || x.dice != y.dice {
                return Err(at("the other set has another position or roll here"));
            }
            if x.trials == 0 || y.trials == 0 {
                return Err(at("trials not recorded (a set from before `benchmark reroll`); reroll it first"));
            }
            if x.ply != y.ply {
                return Err(at(&format!("rolled out at {}-ply and at {}-ply: other players' rollouts", x.ply, y.ply)));
            }
            if x.shares_dice(y) {
                return Err(at("both were rolled out with the same seed, on the same dice"));
            }
            let (wx, wy) = (x.trials as f64, y.trials as f64);
            let candidates = x
                .candidates
                .iter()
                .map(|c| {
                    let o = y
                        .candidate(&c.moves)
                        .ok_or_else(|| at(&format!("`{}` is not a candidate of the other set", c.notation)))?;
                    Ok(Candidate {
                        equity: (wx * c.equity + wy * o.equity) / (wx + wy),
                        std_error: ((wx * c.std_error).powi(2) + (wy * o.std_error).powi(2)).sqrt() / (wx + wy),
                        ..c.clone()
                    })
                })
                .collect::<Result<Vec<Candidate>, String>>()?;
            if candidates.len() != y.candidates.len() {
                return Err(at("the other set has other candidates"));
            }
            let seeds = x.seeds.iter().chain(&y.seeds).copied().collect();
            let mut d = Decision { candidates, trials: x.trials + y.trials, seeds, ..x.clone() };
            d.candidates.sort_by(|a, b| b.equity.total_cmp(&a.equity));
            Ok(d)
        })
        .collect()
}

/// Sets of other decisions (the shards of one `benchmark build`, or sets
/// built with other seeds) joined into one, in order. A decision already
/// taken from an earlier set (the same position and roll) is left out, so
/// joining the two halves of rerolled sets the same way keeps them rollouts
/// of the same decisions; returns the set and how many were left out.
pub fn join(sets: &[Vec<Decision>]) -> (Vec<Decision>, usize) {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    let mut left_out = 0;
    for d in sets.iter().flatten() {
        if seen.insert((d.id.clone(), d.dice)) {
            out.push(d.clone());
        } else {
            left_out += 1;
        }
    }
    (out, left_out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::benchmark::decision::sample_decision as decision;
    use crate::rollout::RolloutConfig;
    use tavli_core::Position;
    use tavli_engine::{NetGame, NeuralEval};

    #[test]
    fn merging_weighs_each_rollout_by_its_trials() {
        let (a, plays) = decision();
        let mut b = a.clone();
        b.trials = 300;
        b.seeds = vec![2];
        // The same play written with its moves in another order.
        b.candidates[1].moves.reverse();
        // The second rollout finds the other play better.
        b.candidates[0].equity = 0.02;
        b.candidates[1].equity = 0.08;
        b.candidates.swap(0, 1);
        let m = merge(std::slice::from_ref(&a), std::slice::from_ref(&b)).unwrap();
        assert_eq!((m[0].trials, m[0].seeds.clone()), (400, vec![1, 2]));
        // plays[1]: (100·0.10 + 300·0.02)/400 = 0.04; plays[0]: (100·0.04 + 300·0.08)/400 = 0.07.
        assert_eq!(m[0].candidates[0].notation, plays[0].notation());
        assert!((m[0].candidates[0].equity - 0.07).abs() < 1e-12);
        assert!((m[0].candidates[1].equity - 0.04).abs() < 1e-12);
        // The standard error of the weighted mean: √(100²·0.01² + 300²·0.01²)/400.
        let se = (0.01f64.powi(2) * (100f64.powi(2) + 300f64.powi(2))).sqrt() / 400.0;
        assert!((m[0].candidates[0].std_error - se).abs() < 1e-12);

        let mut other = b.clone();
        other.dice = [5, 2];
        assert!(merge(std::slice::from_ref(&a), &[other]).unwrap_err().contains("another position or roll"));
        let mut unknown = b.clone();
        unknown.trials = 0;
        assert!(merge(std::slice::from_ref(&a), &[unknown]).unwrap_err().contains("trials not recorded"));
        let mut fewer = b.clone();
        fewer.candidates.pop();
        assert!(merge(std::slice::from_ref(&a), &[fewer]).is_err());
        assert!(merge(std::slice::from_ref(&a), &[]).unwrap_err().contains("1 and 0"));
        // Two rollouts on the same dice are not two opinions.
        assert!(merge(std::slice::from_ref(&a), std::slice::from_ref(&a)).unwrap_err().contains("same seed"));
        // Nor are rollouts by players searching to other depths one rollout.
        let mut deeper = b.clone();
        deeper.ply = 1;
        assert!(merge(std::slice::from_ref(&a), &[deeper]).unwrap_err().contains("at 0-ply and at 1-ply"));
    }

    #[test]
    fn a_reroll_rolls_out_the_same_candidates_on_other_dice() {
        let (a, _) = decision();
        let quick = |seed| {
            Rollout::new(
                NeuralEval::shipped(None),
                RolloutConfig { trials: 8, truncate: Some(2), seed, ..RolloutConfig::default() },
            )
        };
        let r = reroll(&quick(5), &a, 1).unwrap();
        assert_eq!((r.trials, r.seeds.clone()), (8, vec![5]));
        assert_eq!((r.id.as_str(), r.dice), (a.id.as_str(), a.dice));
        let names = |d: &Decision| {
            let mut v: Vec<String> = d.candidates.iter().map(|c| c.notation.clone()).collect();
            v.sort();
            v
        };
        assert_eq!(names(&r), names(&a));
        assert!(r.candidates.iter().all(|c| c.std_error > 0.0));
        // The same seed gives the same rollout on any thread count; another seed other dice.
        assert_eq!(reroll(&quick(5), &a, 2).unwrap(), r);
        assert_ne!(reroll(&quick(6), &a, 1).unwrap(), r);
        // A candidate that is not a play of the roll is named.
        let mut bad = a.clone();
        bad.candidates[0].moves = vec![[24, 17]];
        bad.candidates[0].notation = "24/17".into();
        assert!(reroll(&quick(5), &bad, 1).unwrap_err().contains("`24/17` is not a legal play of 6-4"));
    }

    #[test]
    fn real_decisions_are_counted_per_game_and_side() {
        let eval = NeuralEval::shipped(None);
        let a = real_decisions_per_game::<Position>(&eval, "advanced", 4, 3).unwrap();
        assert_eq!(a, real_decisions_per_game::<Position>(&eval, "advanced", 4, 3).unwrap());
        assert_eq!(a.iter().map(|c| c.0).collect::<Vec<_>>(), Category::ALL.to_vec());
        let total: f64 = a.iter().map(|c| c.1).sum();
        // A game holds real decisions, and far fewer than its plies.
        assert!(total > 1.0 && total < 100.0, "{a:?}");
        // Each count is a whole number of decisions over 8 game sides.
        assert!(a.iter().all(|c| (c.1 * 8.0).fract() == 0.0), "{a:?}");
        assert!(real_decisions_per_game::<Position>(&eval, "nobody", 1, 1).is_err());
    }

    #[test]
    fn a_decision_is_found_once_however_often_it_comes_up() {
        let eval = NeuralEval::shipped(None);
        // Weak against weak, many games: the openings recur.
        let found = find_decisions::<Position>(&eval, &[("beginner", "casual")], 24, 5, 40, Shard::ALL).unwrap();
        assert!(found.len() > 10, "{}", found.len());
        let distinct: std::collections::HashSet<_> = found.iter().map(|(p, d, _)| (*p, *d)).collect();
        assert_eq!(distinct.len(), found.len());
        assert!(found.iter().all(|(p, _, c)| p.category() == *c));
    }

    /// Game `P`'s decisions are found in its own games, rolled out by its
    /// own network, rerolled, and scored.
    fn decisions_of<P: BenchGame>() {
        use tavli_core::tavli::GamePlay;
        let eval = P::shipped_eval(None).expect("a shipped network");
        let found = find_decisions::<P>(&eval, &[("beginner", "advanced")], 6, 7, 2, Shard::ALL).unwrap();
        assert!(found.len() >= 2, "{}", found.len());
        assert!(found.iter().all(|(p, _, c)| p.category() == *c && P::CATEGORIES.contains(c)));
        let quick = |seed| {
            Rollout::<P>::of(
                eval.clone(),
                RolloutConfig { trials: 8, truncate: Some(2), seed, ..RolloutConfig::default() },
            )
        };
        let (pos, dice, _) = found[0];
        let d = roll_out::<P>(&eval, &quick(3), &pos, dice, 1);
        assert_eq!((d.game, d.id.clone(), d.trials), (P::KIND, pos.id(), 8));
        assert_eq!(d.position::<P>(), Ok(pos));
        assert!(d.candidates.len() >= 2 && d.candidates.windows(2).all(|w| w[0].equity >= w[1].equity));
        // The best candidate loses nothing; every other play of the roll
        // loses at least the last candidate's loss.
        let plays = pos.legal_plays(dice);
        let moves = |p: &P::Play| p.moves().iter().map(|m| [m.from, m.to]).collect::<Vec<_>>();
        let best = plays.iter().find(|p| moves(p) == d.candidates[0].moves).expect("the best is a play");
        assert_eq!(d.loss(best), 0.0);
        let last = d.candidates[0].equity - d.candidates.last().unwrap().equity;
        assert!(plays.iter().all(|p| d.loss(p) >= 0.0));
        assert!(
            d.outside
                .iter()
                .all(|o| { plays.iter().find(|p| moves(p) == o.moves).is_some_and(|p| d.loss(p) >= last - 1e-12) })
        );
        // Rolled out again on other dice: the same candidates.
        let again = reroll::<P>(&quick(4), &d, 1).unwrap();
        let names = |d: &Decision| {
            let mut v: Vec<String> = d.candidates.iter().map(|c| c.notation.clone()).collect();
            v.sort();
            v
        };
        assert_eq!(names(&again), names(&d));
        assert_ne!(again, d);
        let merged = merge(std::slice::from_ref(&d), std::slice::from_ref(&again)).unwrap();
        assert_eq!(merged[0].trials, 16);
        // A player choosing the best candidate has no error.
        let r = crate::benchmark::score(std::slice::from_ref(&d), std::slice::from_ref(best));
        assert_eq!((r.decisions, r.millipoints, r.best_chosen), (1, 0.0, 1));
    }

    #[test]
    fn portes_decisions_are_found_rolled_out_and_scored() {
        decisions_of::<tavli_core::portes::Position>();
    }

    #[test]
    fn fevga_decisions_are_found_rolled_out_and_scored() {
        decisions_of::<tavli_core::fevga::Position>();
    }

    #[test]
    fn joined_sets_keep_each_decision_once_from_the_first_set() {
        let (a, _) = decision();
        let mut b = a.clone();
        b.dice = [5, 2];
        let mut again = a.clone();
        again.seeds = vec![9];
        let (joined, left_out) = join(&[vec![a.clone()], vec![again, b.clone()]]);
        assert_eq!(joined, vec![a.clone(), b.clone()]);
        assert_eq!(left_out, 1);
        assert_eq!(join(&[vec![b.clone()], vec![a.clone()]]).0, vec![b, a]);
        assert_eq!(join(&[]), (vec![], 0));
    }
}
