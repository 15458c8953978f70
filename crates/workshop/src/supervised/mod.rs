//! Supervised training data for any game with a network: positions
//! sampled from self-play, each labelled with the five chances a rollout
//! finds for its side on roll, kept as files that grow from run to run.
//!
//! The data set is a folder. Its `manifest.json` holds the settings that
//! make it (the game, the seed, the sampling and the rollout, and the
//! fingerprint of the network that plays and labels); a run against a
//! folder made with other settings is refused, so files from two recipes
//! never mix. The self-play games are split into shards (game `g` belongs
//! to shard `g mod N`); each shard is written to `shard-IIII.part` line
//! by line and, complete, compressed to `shard-IIII.txt.gz` (`files.rs`). Every
//! label is a function of the settings, the shard and the position's
//! number in it alone, so:
//! - a stopped run goes on where it stopped (the lines of a `.part` file
//!   are kept, the rest computed), with the same result as an unbroken run;
//! - shards can run on different machines (`--worker I/N` takes shards
//!   `s` with `s mod N = I`: a batch engine's array index runs unchanged)
//!   and the files put side by side are the same data set.

mod files;

pub use files::{DataSet, Label, Manifest, ShardState, fingerprint, read_labels};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use tavli_core::Dice;
use tavli_core::tavli::{AnyPosition, GamePlay};
use tavli_engine::Category;
use tavli_engine::bearoff::Database;
use tavli_engine::inputs::Inputs;
use tavli_engine::search::{SearchConfig, play_value, value};
use tavli_engine::{NetGame, Probabilities};

use crate::distill::Example;
use crate::rollout::{Rollout, RolloutConfig, Shard};
use tavli_engine::NetEval;

/// How a data set's positions are chosen and labelled.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Recipe {
    /// The seed of the self-play dice, the exploring plays and the rollouts.
    pub seed: u64,
    /// Self-play games over all shards.
    pub games: u64,
    /// Files the games are split into.
    pub shards: u64,
    /// The chance that a position a game passes through is kept: positions
    /// of one game are alike, so a few from many games cover more.
    pub keep: f64,
    /// The chance of a random play at each turn of the sampling games, so
    /// that positions off the network's own path are seen too.
    pub epsilon: f64,
    /// Rollout trials per position; 0 labels each position with the value
    /// of a `ply`-deep search instead (far cheaper, and as deep as the
    /// levels that search).
    pub trials: u64,
    /// Plies each trial is played before the network scores it (`None`:
    /// to the end of the game).
    pub truncate: Option<usize>,
    /// The search depth of both sides in the rollout (with `trials` 0,
    /// the depth of the search that labels).
    pub ply: u8,
}

/// The positions of shard `shard` of `recipe`'s self-play games, in order:
/// each side plays its best 0-ply play by `eval` or, with chance
/// `recipe.epsilon`, a random one; each position met before a roll is
/// kept with chance `recipe.keep`, except finished games and pure races
/// the bear-off database `db` answers exactly (nothing to learn there).
pub fn sample<P: NetGame>(eval: &NetEval<P>, recipe: &Recipe, shard: u64, db: Option<&Database>) -> Vec<P> {
    let start = P::start_of(P::KIND).expect("a NetGame's type holds its own game");
    let cfg = SearchConfig::default();
    let mut out = Vec::new();
    for g in (0..recipe.games).filter(|&g| g % recipe.shards == shard) {
        let mut rng = ChaCha8Rng::seed_from_u64(recipe.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ g);
        let mut pos = if rng.random::<bool>() { start } else { start.with_turn(start.turn().opponent()) };
        for _ in 0..tavli_core::game::MAX_TURNS {
            if pos.outcome().is_some() {
                break;
            }
            let exact = db.is_some_and(|db| pos.race(db).is_some());
            if !exact && rng.random::<f64>() < recipe.keep {
                out.push(pos);
            }
            let dice = Dice::new(rng.random_range(1..=6), rng.random_range(1..=6)).expect("dice 1-6");
            let plays = pos.legal_plays(dice);
            let i = if plays.len() > 1 && rng.random::<f64>() < recipe.epsilon {
                rng.random_range(0..plays.len())
            } else {
                best_index::<P>(eval, &plays, &cfg)
            };
            let play = &plays[i];
            if play.result().is_some() {
                break;
            }
            pos = play.position();
        }
    }
    out
}

/// The index of the best play at 0-ply (the first of equals).
fn best_index<P: NetGame>(eval: &NetEval<P>, plays: &[P::Play], cfg: &SearchConfig) -> usize {
    let mut best = (f32::NEG_INFINITY, 0);
    for (i, p) in plays.iter().enumerate() {
        let v = play_value::<P, _>(eval, p, 0, cfg).equity();
        if v > best.0 {
            best = (v, i);
        }
    }
    best.1
}

/// The rollout seed of position `index` of shard `shard`: each position
/// its own dice, so that the labels' noise is not shared between them.
fn rollout_seed(recipe: &Recipe, shard: u64, index: u64) -> u64 {
    let mut x = recipe.seed ^ 0xD1B5_4A32_D192_ED03;
    for v in [shard, index] {
        x = (x ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        x ^= x >> 29;
    }
    x
}

/// The label of position `index` of shard `shard`: a rollout of `pos` by
/// `eval` as `recipe` says (or, with no trials, its search value), on one
/// thread (shards are the parallel unit).
pub fn label<P: NetGame>(eval: &NetEval<P>, recipe: &Recipe, shard: u64, index: u64, pos: &P) -> Label {
    if recipe.trials == 0 {
        let p = value::<P, _>(eval, pos, recipe.ply, &SearchConfig::default());
        return Label { id: pos.id(), target: clamp(p), std_error: 0.0 };
    }
    let cfg = RolloutConfig {
        trials: recipe.trials,
        ply: recipe.ply,
        truncate: recipe.truncate,
        seed: rollout_seed(recipe, shard, index),
        variance_reduction: true,
        shard: Shard::ALL,
    };
    let stop = std::sync::atomic::AtomicBool::new(false);
    let tally = Rollout::<P>::of(eval.clone(), cfg).run(std::slice::from_ref(pos), 1, &stop, &|_| {});
    let e = tally[0].estimate();
    Label { id: pos.id(), target: clamp(e.probabilities), std_error: e.std_error as f32 }
}

/// The training examples of `labels`, positions of game `P`: each
/// position's inputs in `P`'s encoding and its label's chances (a line of
/// another game is an error naming it).
pub fn examples<P: NetGame>(labels: &[Label]) -> Result<Vec<Example>, String> {
    examples_of::<P>(labels, |_| true)
}

/// [`examples`] of the positions `keep` accepts only (a race network's
/// races, say).
pub fn examples_of<P: NetGame>(labels: &[Label], keep: impl Fn(&P) -> bool) -> Result<Vec<Example>, String> {
    let mut out = Vec::with_capacity(labels.len());
    for l in labels {
        let pos = position_of::<P>(l)?;
        if keep(&pos) {
            let mut x = Inputs::with_capacity();
            pos.encode(&mut x);
            out.push(Example::new(x, &l.target));
        }
    }
    Ok(out)
}

/// The position of label `l`, of game `P`.
fn position_of<P: NetGame>(l: &Label) -> Result<P, String> {
    AnyPosition::parse(&l.id, Some(P::KIND))
        .ok()
        .and_then(|a| P::from_any(&a))
        .ok_or_else(|| format!("`{}` is not a {} position ID", l.id, P::KIND))
}

/// How far an evaluation's equities lie from a set of labels'.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ErrorTally {
    /// Positions counted.
    pub positions: usize,
    /// Sum of the absolute equity errors.
    pub abs_sum: f64,
    /// Sum of the squared equity errors.
    pub sq_sum: f64,
    /// Sum of the labels' own standard errors (their noise).
    pub label_se_sum: f64,
}

impl ErrorTally {
    fn add(&mut self, error: f64, label_se: f64) {
        self.positions += 1;
        self.abs_sum += error.abs();
        self.sq_sum += error * error;
        self.label_se_sum += label_se;
    }

    fn merge(&mut self, o: &ErrorTally) {
        self.positions += o.positions;
        self.abs_sum += o.abs_sum;
        self.sq_sum += o.sq_sum;
        self.label_se_sum += o.label_se_sum;
    }

    /// The mean absolute equity error.
    pub fn mean_abs(&self) -> f64 {
        self.abs_sum / self.positions.max(1) as f64
    }

    /// The root mean squared equity error.
    pub fn rms(&self) -> f64 {
        (self.sq_sum / self.positions.max(1) as f64).sqrt()
    }

    /// The labels' mean standard error: below it, an evaluation's error
    /// is the labels' noise as much as its own.
    pub fn mean_label_se(&self) -> f64 {
        self.label_se_sum / self.positions.max(1) as f64
    }
}

/// The equity error of `eval` searched `ply` deep against `labels`
/// (positions of game `P`), over all and by kind of position, in the order
/// of `P::CATEGORIES`, on `threads` threads.
pub fn check<P: NetGame>(
    eval: &NetEval<P>,
    labels: &[Label],
    ply: u8,
    threads: usize,
) -> Result<(ErrorTally, Vec<(Category, ErrorTally)>), String> {
    let positions: Vec<P> = labels.iter().map(position_of::<P>).collect::<Result<_, _>>()?;
    let cfg = SearchConfig::default();
    let chunk = labels.len().div_ceil(threads.max(1)).max(1);
    let parts: Vec<Vec<(Category, ErrorTally)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = positions
            .chunks(chunk)
            .zip(labels.chunks(chunk))
            .map(|(ps, ls)| {
                let cfg = &cfg;
                scope.spawn(move || {
                    let mut by: Vec<(Category, ErrorTally)> =
                        P::CATEGORIES.iter().map(|&c| (c, ErrorTally::default())).collect();
                    for (pos, l) in ps.iter().zip(ls) {
                        let got = value::<P, _>(eval, pos, ply, cfg).equity();
                        let error = f64::from(got - l.target.equity());
                        let c = pos.category();
                        if let Some(slot) = by.iter_mut().find(|(k, _)| *k == c) {
                            slot.1.add(error, f64::from(l.std_error));
                        }
                    }
                    by
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("a check thread panicked")).collect()
    });
    let mut by: Vec<(Category, ErrorTally)> = P::CATEGORIES.iter().map(|&c| (c, ErrorTally::default())).collect();
    let mut all = ErrorTally::default();
    for part in &parts {
        for ((_, total), (_, t)) in by.iter_mut().zip(part) {
            total.merge(t);
            all.merge(t);
        }
    }
    Ok((all, by))
}

/// Chances as a network can give them: a variance-reduced estimate may
/// stray a little outside 0 to 1, and a double win is part of a win.
fn clamp(p: Probabilities) -> Probabilities {
    let c = |x: f32| x.clamp(0.0, 1.0);
    let (win, lose) = (c(p.win), c(p.lose));
    Probabilities {
        win,
        win_double: c(p.win_double).min(win),
        lose,
        lose_double: c(p.lose_double).min(lose),
        draw: c(p.draw),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavli_core::portes;
    use tavli_engine::Evaluator;

    fn recipe() -> Recipe {
        Recipe { seed: 7, games: 6, shards: 3, keep: 0.2, epsilon: 0.1, trials: 36, truncate: Some(4), ply: 0 }
    }

    #[test]
    fn shards_partition_the_games_and_sampling_is_deterministic() {
        let eval = portes::Position::shipped_eval(None).unwrap();
        let r = recipe();
        let a = sample::<portes::Position>(&eval, &r, 1, None);
        assert_eq!(a, sample::<portes::Position>(&eval, &r, 1, None));
        assert!(!a.is_empty(), "two games kept nothing at keep 0.2");
        // Every game is in exactly one shard: all the games of one shard
        // are the union of the games of the shards of a split in one.
        let all: usize = (0..3).map(|s| sample::<portes::Position>(&eval, &r, s, None).len()).sum();
        let one = sample::<portes::Position>(&eval, &Recipe { shards: 1, ..r.clone() }, 0, None).len();
        assert_eq!(all, one);
        assert!(a.iter().all(|p| p.outcome().is_none()));
    }

    #[test]
    fn a_label_is_the_rollout_of_its_position_and_depends_on_its_place_only() {
        let eval = portes::Position::shipped_eval(None).unwrap();
        let r = recipe();
        let pos = portes::Position::start();
        let a = label::<portes::Position>(&eval, &r, 0, 3, &pos);
        assert_eq!(a, label::<portes::Position>(&eval, &r, 0, 3, &pos));
        assert_ne!(a.target, label::<portes::Position>(&eval, &r, 0, 4, &pos).target, "other dice");
        // Near the network's own 0-ply view of the start, and consistent.
        let net = eval.probabilities(&pos);
        assert!((a.target.equity() - net.equity()).abs() < 0.25, "{a:?} vs {net:?}");
        assert!(a.target.win_double <= a.target.win && a.target.lose_double <= a.target.lose);
        assert!((a.target.win + a.target.lose - 1.0).abs() < 0.05, "{a:?}");
        assert_eq!(a.id, pos.id());
    }

    #[test]
    fn with_no_trials_a_label_is_the_search_value() {
        let eval = portes::Position::shipped_eval(None).unwrap();
        let r = Recipe { trials: 0, ply: 1, ..recipe() };
        let pos = sample::<portes::Position>(&eval, &r, 0, None)[0];
        let a = label::<portes::Position>(&eval, &r, 0, 0, &pos);
        let searched = value::<portes::Position, _>(&eval, &pos, 1, &SearchConfig::default());
        assert_eq!(a.target, clamp(searched));
        assert_eq!(a, label::<portes::Position>(&eval, &r, 5, 9, &pos), "no dice: the place does not matter");
        assert_eq!(a.std_error, 0.0);
        assert_ne!(a.target, eval.probabilities(&pos), "one ply deeper than the network alone");
    }

    #[test]
    fn a_check_counts_every_label_once_and_finds_no_error_against_itself() {
        let eval = portes::Position::shipped_eval(None).unwrap();
        let r = Recipe { trials: 0, ply: 1, games: 2, shards: 1, ..recipe() };
        let labels: Vec<Label> = sample::<portes::Position>(&eval, &r, 0, None)
            .iter()
            .enumerate()
            .map(|(i, p)| label::<portes::Position>(&eval, &r, 0, i as u64, p))
            .collect();
        let (all, by) = check::<portes::Position>(&eval, &labels, 1, 3).unwrap();
        assert_eq!(all.positions, labels.len());
        assert_eq!(by.iter().map(|(_, t)| t.positions).sum::<usize>(), labels.len());
        assert!(all.mean_abs() < 1e-6, "the search that labelled agrees with itself: {all:?}");
        let (at0, _) = check::<portes::Position>(&eval, &labels, 0, 1).unwrap();
        assert!(at0.mean_abs() > 0.001 && at0.rms() >= at0.mean_abs(), "{at0:?}");
    }

    #[test]
    fn examples_encode_their_positions_and_refuse_another_game() {
        let eval = portes::Position::shipped_eval(None).unwrap();
        let pos = portes::Position::start();
        let l = label::<portes::Position>(&eval, &recipe(), 0, 0, &pos);
        let ex = examples::<portes::Position>(std::slice::from_ref(&l)).unwrap();
        assert_eq!(ex.len(), 1);
        let plakoto = Label { id: tavli_core::Position::start().id(), ..l };
        let err = examples::<portes::Position>(&[plakoto]).map(|_| ()).unwrap_err();
        assert!(err.contains("is not a portes position ID"), "{err}");
    }

    #[test]
    fn examples_of_keep_only_the_positions_asked_for() {
        let eval = portes::Position::shipped_eval(None).unwrap();
        let race = tavli_core::portes_pos!(White; white {12: 5, 3: 10}; black {24: 7, 13: 8});
        let labels: Vec<Label> = [portes::Position::start(), race]
            .iter()
            .enumerate()
            .map(|(i, p)| label::<portes::Position>(&eval, &Recipe { trials: 0, ply: 1, ..recipe() }, 0, i as u64, p))
            .collect();
        assert_eq!(examples_of::<portes::Position>(&labels, |p| p.is_race()).unwrap().len(), 1);
        assert_eq!(examples_of::<portes::Position>(&labels, |p| !p.is_race()).unwrap().len(), 1);
        assert_eq!(examples::<portes::Position>(&labels).unwrap().len(), 2);
    }

    #[test]
    fn pure_races_the_database_answers_are_not_sampled() {
        let db = Database::build();
        let eval = portes::Position::shipped_eval(None).unwrap();
        let r = Recipe { keep: 1.0, games: 4, shards: 1, ..recipe() };
        let with = sample::<portes::Position>(&eval, &r, 0, Some(&db));
        let without = sample::<portes::Position>(&eval, &r, 0, None);
        assert!(with.iter().all(|p| p.race(&db).is_none()));
        assert!(without.len() > with.len(), "games end in a bear-off race");
    }
}
