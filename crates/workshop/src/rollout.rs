//! Rollouts: Monte Carlo play-outs of a position to the end of the game (or
//! for a number of plies, then scored by the evaluator), each side playing
//! at a given search depth, as the ground truth the engine is measured by.
//!
//! Three things cut the noise, as in gnubg:
//! - **Quasi-random dice.** Trial `i`'s first roll is the `i mod 36`-th of
//!   the 36 ordered rolls (in a seeded order), its second roll the
//!   `(i / 36) mod 36`-th: every 1,296 trials see every pair of first rolls
//!   exactly once. Later rolls come from ChaCha8 seeded by the seed and `i`.
//! - **The same dice for every candidate.** A trial's dice depend only on
//!   the seed and the trial's number, so the candidate plays of a roll are
//!   compared on identical dice.
//! - **Luck subtracted.** At each ply the luck of the roll, the 0-ply value
//!   of the best play for the roll thrown minus its average over all 36
//!   rolls, is subtracted from the trial's result. Its expectation is zero
//!   whatever the evaluator, so the estimate stays unbiased while most of
//!   the dice's noise cancels.
//!
//! Trials are independent and their results are summed in fixed point, so
//! the result is the same on any number of threads, and the trials can be
//! split into shards (trial `i` belongs to shard `i mod N`) whose tallies
//! add up to exactly the unsharded tally.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use tavli_core::tavli::{GamePlay, GamePosition};
use tavli_core::{Dice, Position};
use tavli_engine::NetEval;
use tavli_engine::search::{SearchConfig, play_value};
use tavli_engine::{Analyzer, Evaluator, NetGame, NeuralEval, Probabilities, Search};

/// Which of several machines' share of the trials to roll out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// This shard, 0 to `count − 1`.
    pub index: u64,
    /// How many shards the trials are split into.
    pub count: u64,
}

impl Shard {
    /// The whole rollout: one shard.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// Does trial `i` belong to this shard?
    pub fn holds(&self, i: u64) -> bool {
        i % self.count == self.index
    }

    /// This shard's contiguous part of `len` items: the shards' parts, in
    /// order, are the whole, for work whose results are joined in order.
    pub fn part(&self, len: usize) -> std::ops::Range<usize> {
        let at = |i: u64| (u128::from(i) * len as u128 / u128::from(self.count)) as usize;
        at(self.index)..at(self.index + 1)
    }

    /// Reads `I/N` (shard I of N, counting from 0).
    pub fn parse(s: &str) -> Result<Shard, String> {
        let bad = || format!("`{s}`: write the shard as I/N, I from 0 to N−1 (e.g. 0/4)");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let (index, count) = (i.trim().parse::<u64>().map_err(|_| bad())?, n.trim().parse::<u64>().map_err(|_| bad())?);
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

/// How to roll out.
#[derive(Clone, Debug, PartialEq)]
pub struct RolloutConfig {
    /// Trials (games) in all, over every shard.
    pub trials: u64,
    /// The search depth both sides play at.
    pub ply: u8,
    /// Stop each trial after this many plies and score the position with
    /// the evaluator (`None`: play to the end).
    pub truncate: Option<usize>,
    /// The seed of the dice.
    pub seed: u64,
    /// Subtract each roll's luck (see the module's text).
    pub variance_reduction: bool,
    /// The trials of this shard only.
    pub shard: Shard,
}

impl Default for RolloutConfig {
    fn default() -> RolloutConfig {
        RolloutConfig { trials: 1296, ply: 0, truncate: None, seed: 1, variance_reduction: true, shard: Shard::ALL }
    }
}

/// Fixed-point scale of a tally: 2⁴⁰ per unit, so sums are exact integers
/// and do not depend on the order trials finish in.
const SCALE: f64 = (1u64 << 40) as f64;

fn fixed(x: f64) -> i128 {
    (x * SCALE).round() as i128
}

/// The sums of a set of trials: what shards hand over to be merged.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Trials summed.
    pub trials: u64,
    /// Sums of win, win double, lose, lose double, draw, equity (fixed
    /// point, 2⁴⁰ per unit; decimal strings in JSON so no reader rounds them).
    #[serde(with = "i128_strings")]
    pub sums: [i128; 6],
    /// Sum of the squares of the equities, in 2⁸⁰ per unit.
    #[serde(with = "i128_string")]
    pub squares: i128,
}

impl Tally {
    fn add(&mut self, values: &[f64; 6]) {
        self.trials += 1;
        for (s, v) in self.sums.iter_mut().zip(values) {
            *s += fixed(*v);
        }
        let e = fixed(values[5]);
        self.squares += e * e;
    }

    /// Adds another tally of other trials of the same rollout.
    pub fn merge(&mut self, o: &Tally) {
        self.trials += o.trials;
        for (s, v) in self.sums.iter_mut().zip(&o.sums) {
            *s += v;
        }
        self.squares += o.squares;
    }

    /// The means, standard error and interval these sums give.
    pub fn estimate(&self) -> Estimate {
        let n = self.trials.max(1) as f64;
        let mean = |k: usize| self.sums[k] as f64 / SCALE / n;
        let equity = mean(5);
        let var = if self.trials > 1 {
            let sq = self.squares as f64 / (SCALE * SCALE) / n;
            ((sq - equity * equity) * n / (n - 1.0)).max(0.0)
        } else {
            f64::INFINITY
        };
        let std_error = (var / n).sqrt();
        Estimate {
            probabilities: Probabilities {
                win: mean(0) as f32,
                win_double: mean(1) as f32,
                lose: mean(2) as f32,
                lose_double: mean(3) as f32,
                draw: mean(4) as f32,
            },
            equity,
            std_error,
            ci95: 1.96 * std_error,
            trials: self.trials,
        }
    }
}

/// What a rollout found, for the side on roll (or, for a play, the mover).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// The mean outcome probabilities (variance-reduced: each stays an
    /// unbiased estimate, though a single one may stray a little outside
    /// 0 to 1 on few trials).
    pub probabilities: Probabilities,
    /// The mean equity.
    pub equity: f64,
    /// Its standard error.
    pub std_error: f64,
    /// Half the width of its 95% interval (1.96 standard errors).
    pub ci95: f64,
    /// Trials it rests on.
    pub trials: u64,
}

/// The 36 ordered rolls, in an order shuffled by `seed` and `ply`.
fn roll_order(seed: u64, ply: u64) -> [Dice; 36] {
    let mut rolls: Vec<Dice> = (0..36u8).map(|k| Dice::new(k / 6 + 1, k % 6 + 1).expect("dice 1-6")).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x0051_7A71_F1ED_0000 ^ ply.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    rolls.shuffle(&mut rng);
    std::array::from_fn(|k| rolls[k])
}

/// A trial's dice: quasi-random for the first two rolls, then ChaCha8.
struct TrialDice<'a> {
    first: &'a [[Dice; 36]; 2],
    trial: u64,
    ply: u64,
    rng: ChaCha8Rng,
}

impl TrialDice<'_> {
    fn next(&mut self) -> Dice {
        let d = match self.ply {
            0 => self.first[0][(self.trial % 36) as usize],
            1 => self.first[1][((self.trial / 36) % 36) as usize],
            _ => Dice::new(self.rng.random_range(1..=6), self.rng.random_range(1..=6)).expect("dice 1-6"),
        };
        self.ply += 1;
        d
    }
}

/// The probabilities of `p` for the other side.
fn as_vector(p: &Probabilities) -> [f64; 6] {
    [
        f64::from(p.win),
        f64::from(p.win_double),
        f64::from(p.lose),
        f64::from(p.lose_double),
        f64::from(p.draw),
        f64::from(p.equity()),
    ]
}

/// Rolls out positions of a game with a network (Plakoto's unless said)
/// with one evaluator and settings.
pub struct Rollout<P: NetGame> {
    eval: NetEval<P>,
    cfg: RolloutConfig,
    search: Search<NetEval<P>>,
    first: [[Dice; 36]; 2],
}

impl Rollout<Position> {
    /// A Plakoto rollout of `cfg` with both sides playing by `eval`.
    pub fn new(eval: NeuralEval, cfg: RolloutConfig) -> Rollout<Position> {
        Rollout::of(eval, cfg)
    }
}

impl<P: NetGame> Rollout<P> {
    /// A rollout of `cfg` in game `P` with both sides playing by `eval`.
    pub fn of(eval: NetEval<P>, cfg: RolloutConfig) -> Rollout<P> {
        let search = Search::new(eval.clone(), cfg.ply);
        let first = [roll_order(cfg.seed, 0), roll_order(cfg.seed, 1)];
        Rollout { eval, cfg, search, first }
    }

    /// The settings.
    pub fn config(&self) -> &RolloutConfig {
        &self.cfg
    }

    /// The play the side on roll makes with `dice`: the best by the search.
    fn choose<'p>(&self, plays: &'p [P::Play]) -> &'p P::Play {
        if plays.len() == 1 {
            return &plays[0];
        }
        if self.cfg.ply == 0 {
            // The search at 0-ply, without its thread pool: trials are the
            // parallel unit here.
            return &plays[self.best_value(plays).1];
        }
        &plays[Analyzer::<P>::rank(&self.search, plays)[0].index]
    }

    /// The best 0-ply value (for the mover) of `plays`, and that play's
    /// index (the first of equals, as [`Rollout::choose`] picks at 0-ply).
    fn best_value(&self, plays: &[P::Play]) -> (Probabilities, usize) {
        let cfg = SearchConfig::default();
        let mut best = (Probabilities::default(), 0);
        let mut best_eq = f32::NEG_INFINITY;
        for (i, p) in plays.iter().enumerate() {
            let v = play_value::<P, _>(&self.eval, p, 0, &cfg);
            if v.equity() > best_eq {
                best_eq = v.equity();
                best = (v, i);
            }
        }
        best
    }

    /// Trial `i` from `start`: its result for the side on roll at `start`
    /// (win, win double, lose, lose double, draw, equity), luck subtracted
    /// when asked.
    fn trial(&self, start: &P, i: u64) -> [f64; 6] {
        let root = start.turn();
        let mut dice = TrialDice {
            first: &self.first,
            trial: i,
            ply: 0,
            rng: ChaCha8Rng::seed_from_u64(self.cfg.seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ i),
        };
        let mut pos = *start;
        let mut luck = [0.0f64; 6];
        let mut plies = 0usize;
        let result: Probabilities = loop {
            if let Some(p) = Probabilities::exact(&pos) {
                break if pos.turn() == root { p } else { p.flip() };
            }
            if self.cfg.truncate.is_some_and(|t| plies >= t) {
                let p = self.eval.probabilities(&pos);
                break if pos.turn() == root { p } else { p.flip() };
            }
            // Dice played without a throw (Gul bara's ladder stages) take
            // none from the trial's dice, and bring no luck.
            let pending = pos.pending_dice();
            let d = pending.unwrap_or_else(|| dice.next());
            let mover = pos.turn();
            let plays = pos.legal_plays(d);
            // At 0-ply the luck's evaluation of the roll thrown is also the choice.
            let mut chosen = None;
            if self.cfg.variance_reduction && pending.is_none() {
                let mut mean = Probabilities::default();
                let mut actual = Probabilities::default();
                for r in Dice::ALL {
                    let v = if r == d {
                        let (v, i) = self.best_value(&plays);
                        actual = v;
                        chosen = (self.cfg.ply == 0).then_some(i);
                        v
                    } else {
                        self.best_value(&pos.legal_plays(r)).0
                    };
                    mean.add_weighted(&v, r.weight() as f32 / 36.0);
                }
                let (a, m) = if mover == root { (actual, mean) } else { (actual.flip(), mean.flip()) };
                for (l, (x, y)) in luck.iter_mut().zip(as_vector(&a).iter().zip(as_vector(&m).iter())) {
                    *l += x - y;
                }
            }
            let play = match chosen {
                Some(i) => plays[i].clone(),
                None => self.choose(&plays).clone(),
            };
            plies += 1;
            if let Some(r) = play.result() {
                // The final position keeps the mover on roll.
                let pts = r.points_for(root);
                break Probabilities {
                    win: f32::from(pts > 0),
                    win_double: f32::from(pts > 1),
                    lose: f32::from(pts < 0),
                    lose_double: f32::from(pts < -1),
                    draw: f32::from(r.winner.is_none()),
                };
            }
            pos = play.position();
        };
        let mut out = as_vector(&result);
        for (o, l) in out.iter_mut().zip(luck) {
            *o -= l;
        }
        out
    }

    /// Rolls out each of `starts` (the same trials, so the same dice, for
    /// every one) on `threads` threads: one tally per start, for its side
    /// on roll. `progress` is called with the trials done (of all starts
    /// together); `stop`, once set, ends the rollout early with what is done.
    pub fn run(&self, starts: &[P], threads: usize, stop: &AtomicBool, progress: &(dyn Fn(u64) + Sync)) -> Vec<Tally> {
        let mine: Vec<u64> = (0..self.cfg.trials).filter(|&i| self.cfg.shard.holds(i)).collect();
        let jobs: Vec<(usize, u64)> = mine.iter().flat_map(|&i| (0..starts.len()).map(move |s| (s, i))).collect();
        let next = AtomicU64::new(0);
        let done = AtomicU64::new(0);
        let tallies = Mutex::new(vec![Tally::default(); starts.len()]);
        std::thread::scope(|scope| {
            for _ in 0..threads.max(1) {
                scope.spawn(|| {
                    loop {
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let k = next.fetch_add(1, Ordering::Relaxed) as usize;
                        let Some(&(s, i)) = jobs.get(k) else { break };
                        let v = self.trial(&starts[s], i);
                        tallies.lock().unwrap_or_else(|e| e.into_inner())[s].add(&v);
                        progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                    }
                });
            }
        });
        tallies.into_inner().unwrap_or_else(|e| e.into_inner())
    }

    /// How many trials this shard rolls out per start.
    pub fn trials_here(&self) -> u64 {
        (0..self.cfg.trials).filter(|&i| self.cfg.shard.holds(i)).count() as u64
    }
}

/// The exact outcome, for the mover, of a play that ends the game (such a
/// play needs no rollout); `None` for a play after which the game goes on.
pub fn exact_after<PL: GamePlay>(play: &PL) -> Option<Probabilities>
where
    PL::Position: GamePosition,
{
    let r = play.result()?;
    // The final position keeps the mover on roll.
    let pts = r.points_for(play.position().turn());
    Some(Probabilities {
        win: f32::from(pts > 0),
        win_double: f32::from(pts > 1),
        lose: f32::from(pts < 0),
        lose_double: f32::from(pts < -1),
        draw: f32::from(r.winner.is_none()),
    })
}

/// A tally for the mover of a play rolled out from the position after it
/// (where the opponent is on roll): the same sums with the sides swapped.
pub fn for_mover(t: &Tally) -> Tally {
    let s = &t.sums;
    Tally { trials: t.trials, sums: [s[2], s[3], s[0], s[1], s[4], -s[5]], squares: t.squares }
}

/// The tally, for the mover of `play`, of the rollout from the position
/// after it: [`for_mover`], or the tally itself when the mover is on roll
/// there again (a Gul bara ladder's next stage).
pub fn for_mover_of<PL: GamePlay>(play: &PL, t: &Tally) -> Tally {
    if play.keeps_turn() { t.clone() } else { for_mover(t) }
}

mod i128_strings {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &[i128; 6], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(v.iter().map(|x| x.to_string()))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[i128; 6], D::Error> {
        let v: Vec<String> = Vec::deserialize(d)?;
        let nums: Result<Vec<i128>, _> = v.iter().map(|s| s.parse::<i128>()).collect();
        let nums = nums.map_err(serde::de::Error::custom)?;
        nums.try_into().map_err(|_| serde::de::Error::custom("a tally has six sums"))
    }
}

mod i128_string {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &i128, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(v)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<i128, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, OnceLock};

    use tavli_core::pos;
    use tavli_engine::bearoff::Database;

    fn db() -> Arc<Database> {
        static DB: OnceLock<Arc<Database>> = OnceLock::new();
        DB.get_or_init(|| Arc::new(Database::build())).clone()
    }

    fn run(eval: NeuralEval, cfg: RolloutConfig, start: &Position, threads: usize) -> Tally {
        Rollout::new(eval, cfg).run(std::slice::from_ref(start), threads, &AtomicBool::new(false), &|_| {})[0].clone()
    }

    /// A race with both sides home and far from over.
    fn race() -> Position {
        pos!(White; white {6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}; black {19: 3, 20: 3, 21: 3, 22: 3, 23: 2, 24: 1})
    }

    #[test]
    fn shards_parts_are_the_whole_in_order() {
        for len in [0, 1, 3, 7, 267] {
            for count in 1..=9 {
                let parts: Vec<_> = (0..count).map(|index| Shard { index, count }.part(len)).collect();
                assert_eq!(parts[0].start, 0);
                assert_eq!(parts[count as usize - 1].end, len);
                for w in parts.windows(2) {
                    assert_eq!(w[0].end, w[1].start, "{len} in {count}");
                }
                // Equal to within one item.
                let sizes: Vec<usize> = parts.iter().map(|r| r.len()).collect();
                assert!(sizes.iter().max().unwrap() - sizes.iter().min().unwrap() <= 1, "{sizes:?}");
            }
        }
    }

    #[test]
    fn a_bear_off_race_rolls_out_to_the_databases_chances() {
        let p = race();
        let exact = p.race(&db()).expect("a pure race");
        for vr in [false, true] {
            let cfg = RolloutConfig { trials: 1296, variance_reduction: vr, seed: 3, ..RolloutConfig::default() };
            let est = run(NeuralEval::shipped(Some(db())), cfg, &p, 2).estimate();
            let gap = (est.equity - f64::from(exact.equity())).abs();
            assert!(
                gap <= est.ci95.max(0.005) + 0.002,
                "variance reduction {vr}: rollout {est:?} vs exact {exact:?} (gap {gap:.4})"
            );
            assert!((f64::from(est.probabilities.win) - f64::from(exact.win)).abs() < 0.05, "{est:?} vs {exact:?}");
        }
    }

    #[test]
    fn the_standard_error_falls_as_one_over_the_square_root_of_the_trials() {
        let p = Position::start();
        let eval = NeuralEval::shipped(None);
        let cfg =
            |trials| RolloutConfig { trials, truncate: Some(8), variance_reduction: false, ..RolloutConfig::default() };
        let small = run(eval.clone(), cfg(144), &p, 2).estimate();
        let large = run(eval, cfg(1296), &p, 2).estimate();
        let ratio = small.std_error / large.std_error;
        // Nine times the trials: a third of the error (sampling noise aside).
        assert!((2.2..4.0).contains(&ratio), "{small:?} {large:?} ratio {ratio}");
    }

    #[test]
    fn the_same_seed_gives_the_same_result_on_any_number_of_threads_and_shards_merge_exactly() {
        let p = pos!(White; white {13: 5, 8: 5, 6: 5}; black {20: 5, 17: 5, 12: 5});
        let cfg = RolloutConfig { trials: 90, truncate: Some(12), seed: 11, ..RolloutConfig::default() };
        let eval = NeuralEval::shipped(None);
        let one = run(eval.clone(), cfg.clone(), &p, 1);
        let two = run(eval.clone(), cfg.clone(), &p, 2);
        assert_eq!(one, two);
        let mut merged = Tally::default();
        for index in 0..4 {
            let part = run(eval.clone(), RolloutConfig { shard: Shard { index, count: 4 }, ..cfg.clone() }, &p, 2);
            // Through JSON, as shards hand their tallies over.
            let part: Tally = serde_json::from_str(&serde_json::to_string(&part).unwrap()).unwrap();
            merged.merge(&part);
        }
        assert_eq!(merged, one);
        assert_eq!(one.trials, 90);
    }

    #[test]
    fn every_36_trials_see_every_first_roll_once_and_every_second_roll_by_36s() {
        let orders = [roll_order(5, 0), roll_order(5, 1)];
        let rolls = |trials: std::ops::Range<u64>, ply: usize| -> Vec<Dice> {
            trials
                .map(|i| {
                    let mut d = TrialDice { first: &orders, trial: i, ply: 0, rng: ChaCha8Rng::seed_from_u64(i) };
                    let (a, b) = (d.next(), d.next());
                    if ply == 0 { a } else { b }
                })
                .collect()
        };
        // Any 36 consecutive trials' first rolls are the 36 ordered rolls:
        // each doublet once, each other roll twice (6-4 and 4-6); the second
        // rolls of trials 0, 36, 72, … likewise.
        let firsts = rolls(36..72, 0);
        let seconds: Vec<Dice> = rolls(0..1296, 1).into_iter().step_by(36).collect();
        for r in Dice::ALL {
            assert_eq!(firsts.iter().filter(|&&d| d == r).count(), r.weight() as usize, "{r}");
            assert_eq!(seconds.iter().filter(|&&d| d == r).count(), r.weight() as usize, "{r}");
        }
        assert!(Shard::parse("3/4").is_ok() && Shard::parse("4/4").is_err() && Shard::parse("x").is_err());
    }
}
