//! Scoring players on a benchmark set: error rates, their paired
//! differences, the equity lost per game, the set's noise floor, and
//! bounds on the distance to best play from a set's two halves.

use serde::Serialize;
use tavli_core::Dice;
use tavli_core::tavli::GamePlay;
use tavli_engine::Player;

use super::build::merge;
use super::decision::{BenchGame, Category, Decision, position_after};

/// The set's noise floor: the error rate, judged by `judge`, of a player
/// that always makes the best play of `other`, an independent rollout of
/// the same decisions. It is what choosing on evidence as good as the
/// set's own costs by the set's reckoning: part of it is `judge`'s noise
/// (its best is partly luck, so even best play seems to lose a little),
/// part `other`'s. Error rates near it say little about how far a player
/// is from best play; the paired differences between players still do.
pub fn noise_floor<P: BenchGame>(judge: &[Decision], other: &[Decision]) -> Result<ErrorRate, String> {
    if judge.len() != other.len() || judge.iter().zip(other).any(|(j, o)| j.id != o.id || j.dice != o.dice) {
        return Err("the two sets do not hold the same decisions in the same order".into());
    }
    if let Some(d) = judge.iter().zip(other).find(|(j, o)| j.shares_dice(o)) {
        return Err(format!(
            "decision {}: the two sets share a rollout's dice (seeds {:?} and {:?}), so they are not independent",
            d.0.id, d.0.seeds, d.1.seeds
        ));
    }
    let moves = other
        .iter()
        .map(|o| {
            o.candidates.first().map(|c| c.moves.clone()).ok_or_else(|| format!("decision {}: no candidates", o.id))
        })
        .collect::<Result<Vec<_>, String>>()?;
    error_rate::<P>(judge, &mut ByList { moves, next: 0, missing: None })
}

/// Plays the given moves, one list per decision in turn.
struct ByList {
    moves: Vec<Vec<[u8; 2]>>,
    next: usize,
    /// The first decision whose moves were not a legal play.
    missing: Option<String>,
}

impl<P: BenchGame> Player<P> for ByList {
    fn name(&self) -> String {
        "the other rollout's best".into()
    }
    fn choose(&mut self, pos: &P, dice: Dice, plays: &[P::Play]) -> usize {
        let after = self.moves.get(self.next).and_then(|m| position_after(&(*pos).into(), Some(dice), m));
        self.next += 1;
        plays.iter().position(|p| Some(p.position().into()) == after).unwrap_or_else(|| {
            self.missing
                .get_or_insert_with(|| format!("decision {}: the other set's best is not a legal play", pos.id()));
            0
        })
    }
    fn failure(&self) -> Option<String> {
        self.missing.clone()
    }
}

/// A player's error rate on the decisions: overall and per kind.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ErrorRate {
    /// Decisions judged.
    pub decisions: usize,
    /// Mean equity lost per decision, in thousandths of a point.
    pub millipoints: f64,
    /// The 95% interval half-width of that mean (over the decisions).
    pub ci95: f64,
    /// Decisions where the best candidate was chosen.
    pub best_chosen: usize,
    /// Per kind of decision: (kind, decisions, millipoints).
    pub by_category: Vec<(Category, usize, f64)>,
    /// The equity lost on each decision, in points, in the set's order.
    #[serde(skip)]
    pub losses: Vec<f64>,
    /// The kind of each decision, in the set's order.
    #[serde(skip)]
    pub kinds: Vec<Category>,
}

impl ErrorRate {
    /// The error rate of these losses (in points, one per decision) on
    /// decisions of these kinds.
    fn of(losses: Vec<f64>, kinds: Vec<Category>, best_chosen: usize) -> ErrorRate {
        let mut by: std::collections::BTreeMap<Category, (usize, f64)> = Default::default();
        for (l, k) in losses.iter().zip(&kinds) {
            let e = by.entry(*k).or_default();
            e.0 += 1;
            e.1 += l;
        }
        let (mean, ci95) = mean_and_ci95(&losses);
        ErrorRate {
            decisions: losses.len(),
            millipoints: 1000.0 * mean,
            ci95: 1000.0 * ci95,
            best_chosen,
            by_category: by.into_iter().map(|(c, (k, s))| (c, k, 1000.0 * s / k.max(1) as f64)).collect(),
            losses,
            kinds,
        }
    }

    /// The equity this player loses in a game, in points: its mean loss on
    /// each kind of decision times `per_game` real decisions of that kind a
    /// game holds for one side (see [`real_decisions_per_game`](super::real_decisions_per_game)), summed;
    /// with the 95% interval half-width from the kinds' own spreads (the
    /// counts are taken as exact, and a kind judged once adds no spread).
    /// Easy decisions count as no loss. Since a game's result is the equity the
    /// other side gives away less one's own, a player beats this one by
    /// about the difference of their figures. It assumes this player's
    /// games hold the decisions `per_game` counts, so it holds for players
    /// near the strength of the games counted and overstates for far weaker
    /// ones (their games soon leave the positions where choices cost most).
    /// The figure also carries the set's noise (see [`noise_floor`]).
    pub fn per_game(&self, per_game: &[(Category, f64)]) -> (f64, f64) {
        let (mut sum, mut var) = (0.0, 0.0);
        for &(kind, weight) in per_game {
            let x: Vec<f64> =
                self.losses.iter().zip(&self.kinds).filter(|(_, k)| **k == kind).map(|(l, _)| *l).collect();
            if x.is_empty() {
                continue;
            }
            let (mean, ci95) = mean_and_ci95(&x);
            sum += weight * mean;
            var += (weight * ci95 / 1.96).powi(2);
        }
        (sum, 1.96 * var.sqrt())
    }

    /// How much more this player loses per decision than `other` on the
    /// same decisions, in thousandths of a point, with the 95% interval
    /// half-width of the per-decision differences. Both players meet the
    /// same positions, and most decisions cost both nothing, so this
    /// interval is usually narrower than the two error rates' own. `None`
    /// if the two were not judged on the same decisions.
    pub fn paired_difference(&self, other: &ErrorRate) -> Option<(f64, f64)> {
        let d = self.minus(other)?;
        let (mean, ci95) = mean_and_ci95(&d.losses);
        Some((1000.0 * mean, 1000.0 * ci95))
    }

    /// [`ErrorRate::per_game`] of the per-decision differences with
    /// `other`: how many points a game this player gives away more than
    /// `other`, about what `other` would win from it in a duel.
    pub fn paired_per_game(&self, other: &ErrorRate, per_game: &[(Category, f64)]) -> Option<(f64, f64)> {
        Some(self.minus(other)?.per_game(per_game))
    }

    /// The losses of this player less `other`'s, decision by decision.
    fn minus(&self, other: &ErrorRate) -> Option<ErrorRate> {
        if self.losses.len() != other.losses.len() || self.losses.is_empty() || self.kinds != other.kinds {
            return None;
        }
        let losses = self.losses.iter().zip(&other.losses).map(|(a, b)| a - b).collect();
        Some(ErrorRate { losses, kinds: self.kinds.clone(), ..ErrorRate::default() })
    }
}

/// The mean of `x` and the 95% interval half-width of that mean.
fn mean_and_ci95(x: &[f64]) -> (f64, f64) {
    let n = x.len().max(1) as f64;
    let mean = x.iter().sum::<f64>() / n;
    let var = x.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// The plays `player` chooses on the decisions (of game `P`), in the
/// set's order.
pub fn choices<P: BenchGame>(decisions: &[Decision], player: &mut dyn Player<P>) -> Result<Vec<P::Play>, String> {
    decisions
        .iter()
        .map(|d| {
            let pos = d.position::<P>()?;
            let mut plays = pos.legal_plays(d.roll()?);
            let i = player.choose(&pos, d.roll()?, &plays).min(plays.len() - 1);
            match player.failure() {
                Some(f) => Err(f),
                None => Ok(plays.swap_remove(i)),
            }
        })
        .collect()
}

/// The error rate of `plays`, one per decision in the set's order (see
/// [`choices`]).
pub fn score<PL: GamePlay>(decisions: &[Decision], plays: &[PL]) -> ErrorRate
where
    PL::Position: Into<tavli_core::tavli::AnyPosition>,
{
    let losses: Vec<f64> = decisions.iter().zip(plays).map(|(d, p)| d.loss(p)).collect();
    let best_chosen = losses.iter().filter(|&&l| l == 0.0).count();
    ErrorRate::of(losses, decisions.iter().map(|d| d.category).collect(), best_chosen)
}

/// The error rate of `player` on `decisions` (of game `P`).
pub fn error_rate<P: BenchGame>(decisions: &[Decision], player: &mut dyn Player<P>) -> Result<ErrorRate, String> {
    Ok(score(decisions, &choices(decisions, player)?))
}

/// The two independent rollouts a set was merged from (see [`merge`]),
/// which bound how far a player is from best play.
///
/// A rollout's best play is partly luck, so a set overstates what any play
/// loses against best play by its bias, the expected gap between its best
/// equity and the truly best play's: the error rate is an upper bound on
/// the distance to best play. The bias grows with the rollout's noise,
/// at least in proportion to its standard error (with the true equities
/// fixed, the bias over the standard error grows as the gaps between the
/// plays shrink against the noise), so a half, with √2 times the merged
/// set's noise when both have the same trials, is biased at least √2
/// times as much. The halves' error rates less the merged set's thus
/// measure at least (√2 − 1) times the merged set's bias, and the error
/// rate less 1/(√2 − 1) ≈ 2.414 times that gap is a lower bound (it is
/// exact when every decision is a tie). Both bounds assume the rollouts'
/// noise is normal, as a mean of many trials is.
#[derive(Clone, Debug)]
pub struct Halves {
    a: Vec<Decision>,
    b: Vec<Decision>,
    /// Per decision, 1 / (the halves' mean bias ratio to the merge − 1).
    factors: Vec<f64>,
}

impl Halves {
    /// The halves `a` and `b` of `merged`, refused unless `merged` is their
    /// [`merge`], decision by decision.
    pub fn new(merged: &[Decision], a: Vec<Decision>, b: Vec<Decision>) -> Result<Halves, String> {
        let m = merge(&a, &b)?;
        if m.len() != merged.len() {
            return Err(format!("the halves hold {} decisions, the set {}", m.len(), merged.len()));
        }
        for (n, (x, y)) in m.iter().zip(merged).enumerate() {
            let same = x.id == y.id
                && x.dice == y.dice
                && x.trials == y.trials
                && x.seeds == y.seeds
                && x.candidates.len() == y.candidates.len()
                && x.candidates.iter().all(|c| {
                    y.candidate(&c.moves).is_some_and(|o| (o.equity - c.equity).abs() <= 1e-9 * (1.0 + c.equity.abs()))
                });
            if !same {
                return Err(format!("decision {} ({}): the set is not the merge of the halves here", n + 1, y.id));
            }
        }
        let factors = a
            .iter()
            .zip(&b)
            .map(|(x, y)| {
                let (na, nb) = (x.trials as f64, y.trials as f64);
                let ratio = (((na + nb) / na).sqrt() + ((na + nb) / nb).sqrt()) / 2.0;
                1.0 / (ratio - 1.0)
            })
            .collect();
        Ok(Halves { a, b, factors })
    }

    /// An estimate of a lower bound on how far `plays` (one per decision of
    /// the merged set, see [`choices`]) are from best play, as an error
    /// rate: decision by decision, the merged set's loss less
    /// [`Halves`]' factor times the halves' mean loss less the merged
    /// set's. Unbiased for the bound, so it can fall below 0 on a decision.
    pub fn lower_bound<PL: GamePlay>(&self, merged: &[Decision], plays: &[PL]) -> ErrorRate
    where
        PL::Position: Into<tavli_core::tavli::AnyPosition>,
    {
        let losses = (0..plays.len())
            .map(|i| {
                let m = merged[i].loss(&plays[i]);
                let halves = (self.a[i].loss(&plays[i]) + self.b[i].loss(&plays[i])) / 2.0;
                m - self.factors[i] * (halves - m)
            })
            .collect();
        ErrorRate::of(losses, merged.iter().map(|d| d.category).collect(), 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::benchmark::decision::sample_decision as decision;
    use tavli_core::{Play, Position};
    use tavli_engine::RandomPlayer;

    #[test]
    fn the_paired_difference_is_taken_decision_by_decision() {
        let rate = |losses: &[f64]| ErrorRate {
            decisions: losses.len(),
            losses: losses.to_vec(),
            kinds: vec![Category::PinFight; losses.len()],
            ..ErrorRate::default()
        };
        // Always 1 point worse: a difference of exactly 1,000 thousandths.
        let (d, ci) = rate(&[1.0, 2.0, 3.0]).paired_difference(&rate(&[0.0, 1.0, 2.0])).unwrap();
        assert!((d - 1000.0).abs() < 1e-9 && ci.abs() < 1e-9, "{d} ± {ci}");
        // Differences 0.1, −0.1, 0.3: mean 0.1, sd 0.2, so ± 1.96·0.2/√3.
        let (d, ci) = rate(&[0.1, 0.0, 0.3]).paired_difference(&rate(&[0.0, 0.1, 0.0])).unwrap();
        assert!((d - 100.0).abs() < 1e-9, "{d}");
        assert!((ci - 1000.0 * 1.96 * 0.2 / 3f64.sqrt()).abs() < 1e-9, "{ci}");
        assert_eq!(rate(&[0.1]).paired_difference(&rate(&[0.1, 0.2])), None);
        // Per game: 10 pin-fight decisions a game at 0.1 more each.
        let (p, ci) =
            rate(&[0.1, 0.0, 0.3]).paired_per_game(&rate(&[0.0, 0.1, 0.0]), &[(Category::PinFight, 10.0)]).unwrap();
        assert!((p - 1.0).abs() < 1e-9 && (ci - 10.0 * 1.96 * 0.2 / 3f64.sqrt()).abs() < 1e-9, "{p} ± {ci}");
    }

    #[test]
    fn the_error_rate_is_zero_for_the_best_plays_and_positive_otherwise() {
        let (d, plays) = decision();
        struct Fixed(Position);
        impl Player<tavli_core::Position> for Fixed {
            fn name(&self) -> String {
                "fixed".into()
            }
            fn choose(&mut self, _: &Position, _: Dice, plays: &[Play]) -> usize {
                plays.iter().position(|p| *p.position() == self.0).unwrap_or(0)
            }
        }
        let best = error_rate(std::slice::from_ref(&d), &mut Fixed(*plays[1].position())).unwrap();
        assert_eq!((best.millipoints, best.best_chosen), (0.0, 1));
        let worse = error_rate(std::slice::from_ref(&d), &mut Fixed(*plays[0].position())).unwrap();
        assert!((worse.millipoints - 60.0).abs() < 1e-9, "{worse:?}");
        assert!(error_rate::<Position>(&[d], &mut RandomPlayer::new(1)).is_ok());
    }

    #[test]
    fn the_noise_floor_is_what_the_other_rollouts_best_loses() {
        let (a, _) = decision();
        let mut b = a.clone();
        b.seeds = vec![2];
        // An independent rollout that agrees: no floor.
        assert_eq!(
            noise_floor::<Position>(std::slice::from_ref(&a), std::slice::from_ref(&b)).unwrap().millipoints,
            0.0
        );
        // A set against itself (or a merge holding it) is refused.
        assert!(
            noise_floor::<Position>(std::slice::from_ref(&a), std::slice::from_ref(&a))
                .unwrap_err()
                .contains("not independent")
        );
        // One that prefers the other play: it loses the 0.06 the judge sees.
        b.candidates.swap(0, 1);
        let f = noise_floor::<Position>(std::slice::from_ref(&a), std::slice::from_ref(&b)).unwrap();
        assert!((f.millipoints - 60.0).abs() < 1e-9, "{f:?}");
        assert!(noise_floor::<Position>(std::slice::from_ref(&a), &[]).is_err());
        // A best play that is not a play of the roll is an error, not play 0.
        let mut bad = b.clone();
        bad.candidates[0].moves = vec![[24, 17]];
        assert!(noise_floor::<Position>(std::slice::from_ref(&a), &[bad]).unwrap_err().contains("not a legal play"));
    }

    #[test]
    fn the_loss_per_game_weighs_each_kinds_mean_loss_by_its_decisions() {
        let r = ErrorRate {
            losses: vec![0.1, 0.3, 0.0, 0.5],
            kinds: vec![Category::PinFight, Category::PinFight, Category::Race, Category::Mother],
            ..ErrorRate::default()
        };
        // 10 pin-fight decisions a game at 0.2, 5 races at 0, mothers not in the game.
        let w = [(Category::PinFight, 10.0), (Category::Race, 5.0), (Category::Opening, 3.0)];
        let (points, ci) = r.per_game(&w);
        assert!((points - 2.0).abs() < 1e-12, "{points}");
        // Only the pin fights spread: sd 0.1414 over 2, so 10 · 1.96 · 0.1414/√2.
        let sd = (0.02f64).sqrt();
        assert!((ci - 10.0 * 1.96 * sd / 2f64.sqrt()).abs() < 1e-9, "{ci}");
    }

    /// `n` copies of the sample decision rolled out twice (seeds 1 and 2)
    /// with normal noise of `sd` on the true equities `truth` (of
    /// `plays[1]`, `plays[0]`), and their merge.
    fn noisy_halves(truth: [f64; 2], sd: f64, n: usize) -> (Vec<Decision>, Vec<Decision>, Vec<Decision>, Vec<Play>) {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut normal = move || {
            // Box–Muller.
            let (u, v): (f64, f64) = (rng.random_range(f64::EPSILON..1.0), rng.random());
            (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
        };
        let (d, plays) = decision();
        let mut half = |seed: u64| -> Vec<Decision> {
            (0..n)
                .map(|_| {
                    let mut x = d.clone();
                    x.seeds = vec![seed];
                    for (c, t) in x.candidates.iter_mut().zip(truth) {
                        c.equity = t + sd * normal();
                    }
                    x.candidates.sort_by(|a, b| b.equity.total_cmp(&a.equity));
                    x
                })
                .collect()
        };
        let (a, b) = (half(1), half(2));
        let m = merge(&a, &b).unwrap();
        (a, b, m, plays)
    }

    #[test]
    fn the_halves_bound_the_distance_to_best_play_from_both_sides() {
        // A tie: every play is best play, yet the merged set's best is a
        // lucky one, so its error rate overstates; the lower bound is exact.
        let (a, b, m, plays) = noisy_halves([0.05, 0.05], 0.03, 20_000);
        let chosen = vec![plays[1]; m.len()];
        let upper = score(&m, &chosen);
        let lower = Halves::new(&m, a, b).unwrap().lower_bound(&m, &chosen);
        assert!(upper.millipoints - upper.ci95 > 5.0, "{} ± {}", upper.millipoints, upper.ci95);
        assert!(lower.millipoints.abs() < lower.ci95, "{} ± {}", lower.millipoints, lower.ci95);
        // Plays far apart: the worse loses 0.06, and both bounds say so.
        let (a, b, m, plays) = noisy_halves([0.10, 0.04], 0.01, 4_000);
        let chosen = vec![plays[0]; m.len()];
        let upper = score(&m, &chosen);
        let lower = Halves::new(&m, a, b).unwrap().lower_bound(&m, &chosen);
        assert!((upper.millipoints - 60.0).abs() < 1.0, "{}", upper.millipoints);
        assert!((lower.millipoints - 60.0).abs() < 1.0, "{}", lower.millipoints);
        // Close plays: the true loss, 0.02, lies between the bounds, which differ.
        let (a, b, m, plays) = noisy_halves([0.06, 0.04], 0.02, 20_000);
        let chosen = vec![plays[0]; m.len()];
        let upper = score(&m, &chosen);
        let lower = Halves::new(&m, a, b).unwrap().lower_bound(&m, &chosen);
        let (l, u) = (lower.millipoints, upper.millipoints);
        assert!(l + lower.ci95 < u - upper.ci95, "{l} ± {} against {u} ± {}", lower.ci95, upper.ci95);
        assert!(l - lower.ci95 < 20.0 && 20.0 < u + upper.ci95, "{l} ± {} and {u} ± {}", lower.ci95, upper.ci95);
    }

    #[test]
    fn halves_are_refused_unless_the_set_is_their_merge() {
        let (a, b, m, _) = noisy_halves([0.06, 0.04], 0.02, 3);
        assert!(Halves::new(&m, a.clone(), b.clone()).is_ok());
        let mut changed = m.clone();
        changed[1].candidates[0].equity += 0.001;
        assert!(Halves::new(&changed, a.clone(), b.clone()).unwrap_err().contains("decision 2"));
        assert!(Halves::new(&m[..2], a.clone(), b.clone()).unwrap_err().contains("3 decisions, the set 2"));
        // Halves on the same dice are not two rollouts.
        assert!(Halves::new(&m, a.clone(), a).unwrap_err().contains("same seed"));
    }
}
