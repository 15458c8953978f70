//! A benchmark of best play: decisions (a position and its roll) taken from
//! games between levels of different strength, each with its sensible
//! plays rolled out, and the error rate of a player on them: the mean
//! equity it loses per decision against the rollout's best play, in
//! thousandths of a point, as gnubg reports it.
//!
//! Most decisions of a game are easy (a forced play, one obvious play), so
//! only real ones are kept: at least two plays within [`CLOSE`] of the best
//! by a 1-ply search. Their candidates (the plays within [`CANDIDATE_MARGIN`]
//! of the best, at most [`MAX_CANDIDATES`]) are rolled out on the same dice.

use std::io::{BufRead, BufWriter, Write};
use std::path::Path;
use std::sync::atomic::AtomicBool;

use plakoto_core::{Dice, Move, Play, Position};
use plakoto_engine::{Analyzer, NeuralEval, Player, Search, levels};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::rollout::{Rollout, Shard, exact_after, for_mover};

/// A decision is kept when a second play is within this much equity of the
/// best (by a 1-ply search).
pub const CLOSE: f32 = 0.12;
/// Plays within this much of the best (1-ply) are rolled out …
pub const CANDIDATE_MARGIN: f32 = 0.25;
/// … at most this many.
pub const MAX_CANDIDATES: usize = 5;

/// What kind of decision a position holds, for reporting error rates by kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Category {
    /// The first plays of a game (both sides still mostly on their starts).
    Opening,
    /// A mother in danger: alone on its start, or pinned.
    Mother,
    /// Checkers pinned, or blots in pinning range, with contact.
    PinFight,
    /// No contact left: a race, bearing off included.
    Race,
    /// Bearing off while a pin is still on the board.
    BearOffWithPins,
    /// Any other contact position.
    Middle,
}

impl Category {
    /// Every kind, in the order reports list them.
    pub const ALL: [Category; 6] = [
        Category::Opening,
        Category::Mother,
        Category::PinFight,
        Category::Race,
        Category::BearOffWithPins,
        Category::Middle,
    ];

    /// The kind's name, as in the benchmark file (`pin-fight`).
    pub fn name(self) -> &'static str {
        match self {
            Category::Opening => "opening",
            Category::Mother => "mother",
            Category::PinFight => "pin-fight",
            Category::Race => "race",
            Category::BearOffWithPins => "bear-off-with-pins",
            Category::Middle => "middle",
        }
    }

    /// The kind of decision in `pos`.
    pub fn of(pos: &Position) -> Category {
        let pinned = pos.own_pinned_mask() != 0 || pos.opp_pinned_mask() != 0;
        let own_start = pos.own_on(24) + u8::from(pos.own_pinned_on(24));
        let opp_start = pos.opp_on(1) + u8::from(pos.opp_pinned_on(1));
        let mother = own_start == 1 || opp_start == 1 || pos.own_pinned_on(24) || pos.opp_pinned_on(1);
        let home = (7..=24).all(|p| pos.own_on(p) == 0 && !pos.own_pinned_on(p));
        if own_start + opp_start >= 24 {
            Category::Opening
        } else if mother {
            Category::Mother
        } else if plakoto_engine::inputs::is_race(pos) {
            Category::Race
        } else if pinned && home {
            Category::BearOffWithPins
        } else if pinned {
            Category::PinFight
        } else {
            Category::Middle
        }
    }
}

/// A rolled-out play of a decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Candidate {
    /// Its single moves, (from, to) in the mover's numbering.
    pub moves: Vec<[u8; 2]>,
    /// Its notation.
    pub notation: String,
    /// The rollout's equity for the mover.
    pub equity: f64,
    /// The rollout's standard error of it.
    pub std_error: f64,
}

/// A play of a decision that was not rolled out: more than
/// [`CANDIDATE_MARGIN`] behind the best at 1-ply, or past [`MAX_CANDIDATES`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outside {
    /// Its single moves, (from, to) in the mover's numbering.
    pub moves: Vec<[u8; 2]>,
    /// Its notation.
    pub notation: String,
    /// How far it is behind the last candidate by a 1-ply search (≥ 0).
    pub gap: f64,
}

/// A decision of the benchmark.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// The position's ID.
    pub id: String,
    /// The roll, larger die first.
    pub dice: [u8; 2],
    /// What kind of decision.
    pub category: Category,
    /// The candidates, best rollout equity first.
    pub candidates: Vec<Candidate>,
    /// The other plays of the roll, with their 1-ply gap to the last
    /// candidate: the loss of such a play is estimated from it (see
    /// [`Decision::loss`]).
    pub outside: Vec<Outside>,
    /// Rollout trials per candidate (0 in sets written before it was
    /// recorded): what [`merge`] weighs rollouts of the same decision by.
    #[serde(default)]
    pub trials: u64,
    /// The seeds of the rollouts behind the equities (two or more once
    /// merged; empty in sets written before they were recorded), so that
    /// rollouts on the same dice are neither merged nor taken for
    /// independent.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seeds: Vec<u64>,
}

impl Decision {
    /// Whether some rollout behind `self` and one behind `other` had the
    /// same seed (so the same dice).
    fn shares_dice(&self, other: &Decision) -> bool {
        self.seeds.iter().any(|s| other.seeds.contains(s))
    }

    /// The candidate of `moves` (the same play in any order of its moves).
    fn candidate(&self, moves: &[[u8; 2]]) -> Option<&Candidate> {
        let pos = self.position().ok()?;
        let after = position_after(&pos, self.roll().ok(), moves)?;
        self.candidates.iter().find(|c| position_after(&pos, self.roll().ok(), &c.moves) == Some(after))
    }
}

impl Decision {
    /// The position.
    pub fn position(&self) -> Result<Position, String> {
        Position::from_id(&self.id).map_err(|e| format!("decision {}: {e}", self.id))
    }

    /// The roll.
    pub fn roll(&self) -> Result<Dice, String> {
        Dice::new(self.dice[0], self.dice[1]).map_err(|e| e.to_string())
    }

    /// The equity a player loses by choosing `play`: the best candidate's
    /// rollout equity minus the play's. A play that was not rolled out (it
    /// was more than [`CANDIDATE_MARGIN`] behind at 1-ply) loses what the
    /// last candidate loses plus its 1-ply gap to it.
    pub fn loss(&self, play: &Play) -> f64 {
        let best = self.candidates[0].equity;
        let moves: Vec<[u8; 2]> = play.moves().iter().map(|m| [m.from, m.to]).collect();
        let pos = self.position().ok();
        let same = |m: &[[u8; 2]]| {
            m == moves.as_slice()
                || pos.as_ref().is_some_and(|p| position_after(p, self.roll().ok(), m) == Some(*play.position()))
        };
        if let Some(c) = self.candidates.iter().find(|c| same(&c.moves)) {
            return (best - c.equity).max(0.0);
        }
        let last = self.candidates.last().expect("a decision has candidates");
        let gap = self.outside.iter().find(|o| same(&o.moves)).map_or(f64::from(CANDIDATE_MARGIN), |o| o.gap);
        (best - last.equity).max(0.0) + gap
    }
}

/// The position a play's single moves reach, for matching plays entered
/// in another order.
fn position_after(pos: &Position, dice: Option<Dice>, moves: &[[u8; 2]]) -> Option<Position> {
    let mut tb = plakoto_core::TurnBuilder::new(pos, dice?);
    for &[f, t] in moves {
        tb.play_move(f, t).ok()?;
    }
    tb.complete().map(|p| *p.position())
}

/// The decisions of games between the level pairs `matchups`, played with
/// seeded dice (`games` games per pair, in `shard`), that are real ones
/// (see [`CLOSE`]); each with its kind, each once. At most `per_category`
/// of each kind per pair, spread over the games.
pub fn find_decisions(
    eval: &NeuralEval,
    matchups: &[(&str, &str)],
    games: u64,
    seed: u64,
    per_category: usize,
    shard: Shard,
) -> Result<Vec<(Position, Dice, Category)>, String> {
    let search = Search::new(eval.clone(), 1);
    let mut out = Vec::new();
    // Openings recur from game to game: a decision is taken once.
    let mut taken = std::collections::HashSet::new();
    for (k, &pair) in matchups.iter().enumerate() {
        let mut count = std::collections::HashMap::new();
        walk_games(eval, pair, games, seed, k as u64, shard, &mut |pos, dice, plays, rng| {
            // Sample about one position in four, so one game does not
            // fill a kind.
            if plays.len() > 1 && rng.random_range(0..4) == 0 {
                let cat = Category::of(pos);
                let n = count.entry(cat).or_insert(0usize);
                if *n < per_category && !taken.contains(&(*pos, dice)) && is_real(&search, plays) {
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
fn is_real(search: &Search<NeuralEval>, plays: &[Play]) -> bool {
    if plays.len() < 2 {
        return false;
    }
    let ranked = search.rank(plays);
    ranked[0].equity() - ranked[1].equity() <= CLOSE
}

/// Real decisions (see [`CLOSE`]) per game and side, by kind, in `games`
/// self-play games of `level` with seeded dice: what weighs a player's
/// error rates by kind into the equity it loses in a game (see
/// [`ErrorRate::per_game`]).
pub fn real_decisions_per_game(
    eval: &NeuralEval,
    level: &str,
    games: u64,
    seed: u64,
) -> Result<Vec<(Category, f64)>, String> {
    let search = Search::new(eval.clone(), 1);
    let mut count: std::collections::BTreeMap<Category, u64> = Category::ALL.iter().map(|&c| (c, 0)).collect();
    walk_games(eval, (level, level), games, seed, 0, Shard::ALL, &mut |pos, _, plays, _| {
        if is_real(&search, plays) {
            *count.entry(Category::of(pos)).or_default() += 1;
        }
    })?;
    let sides = 2.0 * games.max(1) as f64;
    Ok(count.into_iter().map(|(c, n)| (c, n as f64 / sides)).collect())
}

/// What [`walk_games`] calls on each position: the position, its roll, its
/// plays and the game's random source.
type Visit<'a> = dyn FnMut(&Position, Dice, &[Play], &mut ChaCha8Rng) + 'a;

/// Plays `games` games (those of `shard`) between the levels `pair`,
/// colours alternating, with dice seeded by `seed`, the game and the pair's
/// number `k`; `visit` sees every position with its roll and plays before
/// the side on roll chooses, with the game's random source.
fn walk_games(
    eval: &NeuralEval,
    (a, b): (&str, &str),
    games: u64,
    seed: u64,
    k: u64,
    shard: Shard,
    visit: &mut Visit<'_>,
) -> Result<(), String> {
    let la = levels::level(a).map_err(|e| e.to_string())?;
    let lb = levels::level(b).map_err(|e| e.to_string())?;
    for g in (0..games).filter(|&g| shard.holds(g)) {
        let s = seed.wrapping_mul(1_000_003).wrapping_add(k * 1_000_000 + g);
        let mut rng = ChaCha8Rng::seed_from_u64(s);
        let mut players: [Box<dyn Player>; 2] = [la.player(eval, s), lb.player(eval, s ^ 1)];
        if g % 2 == 1 {
            players.swap(0, 1);
        }
        let mut pos = if rng.random::<bool>() { Position::start() } else { Position::start().pass_turn() };
        for _ in 0..plakoto_core::game::MAX_TURNS {
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
            pos = *plays[i].position();
        }
    }
    Ok(())
}

/// Rolls out the candidates of one decision with `rollout` (the same dice
/// for every candidate) and returns the decision, best first.
pub fn roll_out(eval: &NeuralEval, rollout: &Rollout, pos: &Position, dice: Dice, threads: usize) -> Decision {
    let plays = pos.legal_plays(dice);
    let ranked = Search::new(eval.clone(), 1).rank(&plays);
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
        id: pos.id(),
        dice: [dice.high(), dice.low()],
        category: Category::of(pos),
        candidates,
        outside,
        trials: rollout.config().trials,
        seeds: vec![rollout.config().seed],
    }
}

/// Rolls out the same candidates of `d` again with `rollout` (another seed:
/// independent dice), keeping its plays left out: a second opinion on the
/// same decision, to merge with the first (see [`merge`]) or to measure the
/// set's noise (see [`noise_floor`]).
pub fn reroll(rollout: &Rollout, d: &Decision, threads: usize) -> Result<Decision, String> {
    let pos = d.position()?;
    let plays = pos.legal_plays(d.roll()?);
    let chosen = d
        .candidates
        .iter()
        .map(|c| {
            let after = position_after(&pos, d.roll().ok(), &c.moves);
            plays.iter().position(|p| Some(*p.position()) == after).ok_or_else(|| {
                format!("decision {}: `{}` is not a legal play of {}-{}", d.id, c.notation, d.dice[0], d.dice[1])
            })
        })
        .collect::<Result<Vec<usize>, String>>()?;
    Ok(Decision {
        candidates: roll_out_plays(rollout, &plays, &chosen, threads),
        trials: rollout.config().trials,
        seeds: vec![rollout.config().seed],
        ..d.clone()
    })
}

/// Rolls out `plays[i]` for each `i` of `chosen` on the same dice (a play
/// that ends the game is exact), best rollout equity first.
fn roll_out_plays(rollout: &Rollout, plays: &[Play], chosen: &[usize], threads: usize) -> Vec<Candidate> {
    // Plays that end the game need no rollout.
    let to_roll: Vec<Position> =
        chosen.iter().filter(|&&i| plays[i].result().is_none()).map(|&i| *plays[i].position()).collect();
    let tallies = rollout.run(&to_roll, threads, &AtomicBool::new(false), &|_| {});
    let mut t = tallies.iter();
    let mut candidates: Vec<Candidate> = chosen
        .iter()
        .map(|&i| {
            let (moves, notation) = moves_and_notation(&plays[i]);
            match exact_after(&plays[i]) {
                Some(p) => Candidate { moves, notation, equity: f64::from(p.equity()), std_error: 0.0 },
                None => {
                    let e = for_mover(t.next().expect("a tally per rolled-out play")).estimate();
                    Candidate { moves, notation, equity: e.equity, std_error: e.std_error }
                }
            }
        })
        .collect();
    candidates.sort_by(|a, b| b.equity.total_cmp(&a.equity));
    candidates
}

fn moves_and_notation(p: &Play) -> (Vec<[u8; 2]>, String) {
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

/// The set's noise floor: the error rate, judged by `judge`, of a player
/// that always makes the best play of `other`, an independent rollout of
/// the same decisions. It is what choosing on evidence as good as the
/// set's own costs by the set's reckoning: part of it is `judge`'s noise
/// (its best is partly luck, so even best play seems to lose a little),
/// part `other`'s. Error rates near it say little about how far a player
/// is from best play; the paired differences between players still do.
pub fn noise_floor(judge: &[Decision], other: &[Decision]) -> Result<ErrorRate, String> {
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
    error_rate(judge, &mut ByList { moves, next: 0, missing: None })
}

/// Plays the given moves, one list per decision in turn.
struct ByList {
    moves: Vec<Vec<[u8; 2]>>,
    next: usize,
    /// The first decision whose moves were not a legal play.
    missing: Option<String>,
}

impl Player for ByList {
    fn name(&self) -> String {
        "the other rollout's best".into()
    }
    fn choose(&mut self, pos: &Position, dice: Dice, plays: &[Play]) -> usize {
        let after = self.moves.get(self.next).and_then(|m| position_after(pos, Some(dice), m));
        self.next += 1;
        plays.iter().position(|p| Some(*p.position()) == after).unwrap_or_else(|| {
            self.missing
                .get_or_insert_with(|| format!("decision {}: the other set's best is not a legal play", pos.id()));
            0
        })
    }
    fn failure(&self) -> Option<String> {
        self.missing.clone()
    }
}

/// Writes decisions as JSON lines: to a file beside `path`, then renamed
/// over it, so a crash mid-write leaves the previous file whole.
pub fn write(path: &Path, decisions: &[Decision]) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".partial");
    let tmp = std::path::PathBuf::from(tmp);
    let mut f = BufWriter::new(std::fs::File::create(&tmp)?);
    for d in decisions {
        serde_json::to_writer(&mut f, d)?;
        writeln!(f)?;
    }
    f.into_inner().map_err(|e| e.into_error())?.sync_all()?;
    std::fs::rename(&tmp, path)
}

/// Reads JSON lines of decisions; a bad line is an error naming it.
pub fn read(path: &Path) -> Result<Vec<Decision>, String> {
    let f = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (n, line) in std::io::BufReader::new(f).lines().enumerate() {
        let line = line.map_err(|e| format!("{}: {e}", path.display()))?;
        if line.trim().is_empty() {
            continue;
        }
        let d: Decision = serde_json::from_str(&line).map_err(|e| format!("{} line {}: {e}", path.display(), n + 1))?;
        if d.candidates.is_empty() {
            return Err(format!("{} line {}: a decision without candidates", path.display(), n + 1));
        }
        out.push(d);
    }
    Ok(out)
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
    /// The equity this player loses in a game, in points: its mean loss on
    /// each kind of decision times `per_game` real decisions of that kind a
    /// game holds for one side (see [`real_decisions_per_game`]), summed;
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

/// The error rate of `player` on `decisions`.
pub fn error_rate(decisions: &[Decision], player: &mut dyn Player) -> Result<ErrorRate, String> {
    let mut losses = Vec::with_capacity(decisions.len());
    let kinds = decisions.iter().map(|d| d.category).collect();
    let mut by: std::collections::BTreeMap<Category, (usize, f64)> = Default::default();
    let mut best_chosen = 0;
    for d in decisions {
        let pos = d.position()?;
        let dice = d.roll()?;
        let plays = pos.legal_plays(dice);
        let i = player.choose(&pos, dice, &plays).min(plays.len() - 1);
        if let Some(f) = player.failure() {
            return Err(f);
        }
        let loss = d.loss(&plays[i]);
        if loss == 0.0 {
            best_chosen += 1;
        }
        losses.push(loss);
        let e = by.entry(d.category).or_default();
        e.0 += 1;
        e.1 += loss;
    }
    let (mean, ci95) = mean_and_ci95(&losses);
    Ok(ErrorRate {
        decisions: losses.len(),
        millipoints: 1000.0 * mean,
        ci95: 1000.0 * ci95,
        best_chosen,
        by_category: by.into_iter().map(|(c, (k, s))| (c, k, 1000.0 * s / k.max(1) as f64)).collect(),
        losses,
        kinds,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rollout::RolloutConfig;
    use plakoto_core::pos;
    use plakoto_engine::RandomPlayer;

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
    fn kind_names_are_those_of_the_file() {
        for k in Category::ALL {
            assert_eq!(serde_json::to_value(k).unwrap(), k.name());
        }
    }

    #[test]
    fn kinds_of_decisions() {
        assert_eq!(Category::of(&Position::start()), Category::Opening);
        let race = pos!(White; white {6: 5, 5: 5}; black {20: 5, 19: 5});
        assert_eq!(Category::of(&race), Category::Race);
        let mother = pos!(White; white {24: 1, 13: 9, 6: 5}; black {1: 1, 12: 14});
        assert_eq!(Category::of(&mother), Category::Mother);
        let pins = pos!(White; white {13: 6, 10: 1, 8: 5, 6: 3}; black {20: 7, 17: 7}; pinned {10: Black});
        assert_eq!(Category::of(&pins), Category::PinFight);
        let bear = pos!(White; white {6: 4, 5: 4, 3: 2}; black {20: 7, 17: 7, 4: 1}; pinned {4: White});
        assert_eq!(Category::of(&bear), Category::BearOffWithPins);
    }

    /// A decision with two rolled-out plays and the rest outside.
    fn decision() -> (Decision, Vec<Play>) {
        let pos = Position::start();
        let dice = Dice::new(6, 4).expect("dice");
        let plays = pos.legal_plays(dice);
        let c = |p: &Play, e: f64| Candidate {
            moves: p.moves().iter().map(|m| [m.from, m.to]).collect(),
            notation: p.notation(),
            equity: e,
            std_error: 0.01,
        };
        let d = Decision {
            id: pos.id(),
            dice: [6, 4],
            category: Category::Opening,
            candidates: vec![c(&plays[1], 0.10), c(&plays[0], 0.04)],
            outside: vec![],
            trials: 100,
            seeds: vec![1],
        };
        (d, plays)
    }

    #[test]
    fn a_play_loses_the_gap_to_the_best_rollout_equity() {
        let (d, plays) = decision();
        assert_eq!(d.loss(&plays[1]), 0.0);
        assert!((d.loss(&plays[0]) - 0.06).abs() < 1e-12);
        // Through a file and back, the same decision.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.jsonl");
        write(&path, std::slice::from_ref(&d)).unwrap();
        assert_eq!(read(&path).unwrap(), vec![d.clone()]);
        std::fs::write(&path, "{\"id\": 3}\n").unwrap();
        assert!(read(&path).unwrap_err().contains("line 1"));
    }

    #[test]
    fn the_error_rate_is_zero_for_the_best_plays_and_positive_otherwise() {
        let (d, plays) = decision();
        struct Fixed(Position);
        impl Player for Fixed {
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
        assert!(error_rate(&[d], &mut RandomPlayer::new(1)).is_ok());
    }

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
    }

    #[test]
    fn the_noise_floor_is_what_the_other_rollouts_best_loses() {
        let (a, _) = decision();
        let mut b = a.clone();
        b.seeds = vec![2];
        // An independent rollout that agrees: no floor.
        assert_eq!(noise_floor(std::slice::from_ref(&a), std::slice::from_ref(&b)).unwrap().millipoints, 0.0);
        // A set against itself (or a merge holding it) is refused.
        assert!(
            noise_floor(std::slice::from_ref(&a), std::slice::from_ref(&a)).unwrap_err().contains("not independent")
        );
        // One that prefers the other play: it loses the 0.06 the judge sees.
        b.candidates.swap(0, 1);
        let f = noise_floor(std::slice::from_ref(&a), std::slice::from_ref(&b)).unwrap();
        assert!((f.millipoints - 60.0).abs() < 1e-9, "{f:?}");
        assert!(noise_floor(std::slice::from_ref(&a), &[]).is_err());
        // A best play that is not a play of the roll is an error, not play 0.
        let mut bad = b.clone();
        bad.candidates[0].moves = vec![[24, 17]];
        assert!(noise_floor(std::slice::from_ref(&a), &[bad]).unwrap_err().contains("not a legal play"));
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

    #[test]
    fn real_decisions_are_counted_per_game_and_side() {
        let eval = NeuralEval::shipped(None);
        let a = real_decisions_per_game(&eval, "advanced", 4, 3).unwrap();
        assert_eq!(a, real_decisions_per_game(&eval, "advanced", 4, 3).unwrap());
        assert_eq!(a.iter().map(|c| c.0).collect::<Vec<_>>(), Category::ALL.to_vec());
        let total: f64 = a.iter().map(|c| c.1).sum();
        // A game holds real decisions, and far fewer than its plies.
        assert!(total > 1.0 && total < 100.0, "{a:?}");
        // Each count is a whole number of decisions over 8 game sides.
        assert!(a.iter().all(|c| (c.1 * 8.0).fract() == 0.0), "{a:?}");
        assert!(real_decisions_per_game(&eval, "nobody", 1, 1).is_err());
    }

    #[test]
    fn a_decision_is_found_once_however_often_it_comes_up() {
        let eval = NeuralEval::shipped(None);
        // Weak against weak, many games: the openings recur.
        let found = find_decisions(&eval, &[("beginner", "casual")], 24, 5, 40, Shard::ALL).unwrap();
        assert!(found.len() > 10, "{}", found.len());
        let distinct: std::collections::HashSet<_> = found.iter().map(|(p, d, _)| (*p, *d)).collect();
        assert_eq!(distinct.len(), found.len());
        assert!(found.iter().all(|(p, _, c)| Category::of(p) == *c));
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
