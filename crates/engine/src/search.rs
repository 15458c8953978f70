//! Expectimax search over the 21 rolls, with gnubg-style move filters.
//!
//! `value(P, n)` is the equity of the side on roll in P looking n plies
//! ahead: at n = 0 the static evaluation; above, the average over the 21
//! rolls (non-doublets counted twice) of the best play's value for the side
//! on roll, where the candidate plays of each roll are first ranked at
//! 0-ply and only the few best (the filter) are searched deeper. A play's
//! equity at ply n is minus `value(after, n)` (exact if it ends the game).
//! The work at the root is spread over threads with rayon.
//!
//! A position whose side plays dice without a throw (Gul bara's ladder
//! stages and remainders, [`GamePosition::pending_dice`]) is no chance
//! node: its value is its best play's, and it spends no ply. At the root
//! the best few plays that leave such dice to play are valued at 0-ply
//! played through (each later stage's play the one whose position the
//! evaluator likes best, then the end evaluated): judged as they stand,
//! positions halfway up a ladder mislead (choosing a ladder's stages by
//! them cost 0.12 to 0.18 equity a ladder against choosing among its whole
//! plays; the best 8 played through, 0.02 to 0.04:
//! `games/gulbara/ladder_choice.rs`).
//! A play after which the mover is on roll again ([`GamePlay::keeps_turn`])
//! is worth `value(after, n)` itself, not minus it.
//!
//! A ranking may be given a deadline ([`SearchConfig::deadline`]): a ply
//! not searched by then is dropped, and the plays stand as ranked at the
//! deepest ply completed (a Gul bara ladder at 2-ply can take many
//! seconds: a server's time limit is kept by searching less deep).

use std::time::Instant;

use rayon::prelude::*;
use tavli_core::Dice;
use tavli_core::tavli::{GamePlay, GamePosition, MatchGames};

use crate::NetEval;
use crate::analyzer::{Analyzer, Scored};
use crate::evaluator::Evaluator;
use crate::games::plakoto::NeuralEval;
use crate::met::{GameChances, MatchEquityTable, MatchScore};
use crate::net_game::NetGame;
use crate::probabilities::Probabilities;

/// The deepest search this engine runs (2-ply): every front end's limit.
pub const MAX_PLY: u8 = 2;

/// How many plays go on to the next ply: at most `count`, and only those
/// within `margin` equity of the best.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Filter {
    /// At most this many plays.
    pub count: usize,
    /// Only plays within this much equity of the best.
    pub margin: f32,
}

pub use crate::met::Objective;

/// The move filters of a search, and what it maximises.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    /// Root filters: from 0-ply to 1-ply, and from 1-ply to 2-ply.
    pub root: [Filter; 2],
    /// Inside the tree: plays of each roll searched deeper than 0-ply.
    pub inner: Filter,
    /// What each side plays for.
    pub objective: Objective,
    /// When a ranking must be done ([`rank`]): a ply that is not searched
    /// by then is given up, the plays ranked at the plies before it.
    /// `None`: no limit.
    pub deadline: Option<Instant>,
}

impl SearchConfig {
    /// Is the deadline past?
    fn late(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            root: [Filter { count: 8, margin: 0.25 }, Filter { count: 3, margin: 0.10 }],
            inner: Filter { count: 2, margin: 0.10 },
            objective: Objective::Money,
            deadline: None,
        }
    }
}

/// A search of `ply` plies over the evaluator `eval`, with move filters:
/// the analyzer the engine levels and the hints use.
///
/// ```
/// use tavli_core::{Dice, Position};
/// use tavli_engine::{Analyzer, NeuralEval, Search};
/// let search = Search::new(NeuralEval::shipped(None), 1);
/// let plays = Position::start().legal_plays(Dice::new(6, 4).unwrap());
/// let ranked = search.rank(&plays);
/// assert_eq!(ranked.len(), plays.len());
/// assert_eq!(ranked[0].ply, 1);
/// ```
#[derive(Clone)]
pub struct Search<E> {
    /// What scores the leaves.
    pub eval: E,
    /// How deep: 0 to [`MAX_PLY`] (deeper requests are cut to it).
    pub ply: u8,
    /// The move filters.
    pub config: SearchConfig,
}

impl<E> Search<E> {
    /// A search of `ply` plies (at most [`MAX_PLY`]) with the default filters.
    pub fn new(eval: E, ply: u8) -> Search<E> {
        Search { eval, ply: ply.min(MAX_PLY), config: SearchConfig::default() }
    }
}

impl Search<NeuralEval> {
    /// The search a front end asks at a match score: `ply` plies with
    /// `eval`, playing for what counts at `score` (the side on roll's
    /// view): points in a single game, else the match-winning chance by
    /// the table of `eval`'s own chances ([`table_for`]). Hints, reviews
    /// and ratings in a match use it, so that they rank plays as the
    /// engine levels play them ([`crate::Level::player_at`]).
    ///
    /// ```
    /// use tavli_core::{Dice, Position};
    /// use tavli_engine::met::MatchScore;
    /// use tavli_engine::{NeuralEval, Search, analysis};
    /// let score = MatchScore { length: 3, mine: 2, theirs: 0 };
    /// let search = Search::at_score(NeuralEval::shipped(None), 0, score);
    /// let ranked = analysis::rank_plays(&search, &Position::start(), Dice::new(6, 4).unwrap());
    /// // Ranked by the match-winning chance, which each play carries.
    /// assert!(ranked[0].match_winning_chance >= ranked[1].match_winning_chance);
    /// assert!(ranked[0].match_winning_chance.is_some());
    /// ```
    pub fn at_score(eval: NeuralEval, ply: u8, score: MatchScore) -> Search<NeuralEval> {
        Search::at_score_of(eval, ply, score)
    }
}

impl<P: NetGame> Search<NetEval<P>> {
    /// [`Search::at_score`] in any game `P` with a network, `eval` being
    /// its evaluator: points in a single game, else the match-winning
    /// chance by the table of a match of `P` alone ([`table_of`]).
    pub fn at_score_of(eval: NetEval<P>, ply: u8, score: MatchScore) -> Search<NetEval<P>> {
        Search::in_match_of(eval, ply, score, MatchGames::Only(P::KIND))
    }

    /// The search a front end asks in a game of `P` of a match of `games`
    /// at `score` (the side on roll's view): points in a single game, else
    /// the match-winning chance by the match's table ([`table_in`]: in a
    /// Tavli match the rotation's, which values this game's outcomes
    /// before the game after it). Hints, evaluations and ratings in a
    /// Tavli match use it, so that they rank plays as the levels play
    /// them there ([`crate::TavliPlayer::of_level`]).
    ///
    /// ```
    /// use tavli_core::tavli::MatchGames;
    /// use tavli_core::{Dice, portes};
    /// use tavli_engine::met::{MatchScore, Objective};
    /// use tavli_engine::{NetGame, Search, analysis};
    /// let eval = portes::Position::shipped_eval(None).unwrap();
    /// let score = MatchScore { length: 5, mine: 3, theirs: 1 };
    /// let search = Search::in_match_of(eval, 0, score, MatchGames::Tavli);
    /// let Objective::Match { table, playing, .. } = &search.config.objective else { panic!("by the score") };
    /// assert_eq!((table.rotation.len(), *playing), (3, portes::Position::KIND));
    /// let ranked = analysis::rank_plays(&search, &portes::Position::start(), Dice::new(6, 4).unwrap());
    /// assert!(ranked[0].match_winning_chance >= ranked[1].match_winning_chance);
    /// ```
    pub fn in_match_of(eval: NetEval<P>, ply: u8, score: MatchScore, games: MatchGames) -> Search<NetEval<P>> {
        let objective = Objective::at_score(&table_in::<P>(&eval, games), score, games.played_by(P::KIND));
        let mut search = Search::new(eval, ply);
        search.config.objective = objective;
        search
    }
}

impl<P: GamePosition, E: Evaluator<P>> Analyzer<P> for Search<E> {
    fn ply(&self) -> u8 {
        self.ply
    }

    fn evaluate(&self, pos: &P) -> Probabilities {
        // The deadline is a ranking's: a value is searched whole.
        match self.config.deadline {
            None => value(&self.eval, pos, self.ply, &self.config),
            Some(_) => value(&self.eval, pos, self.ply, &SearchConfig { deadline: None, ..self.config.clone() }),
        }
    }

    fn rank(&self, plays: &[P::Play]) -> Vec<Scored> {
        rank(&self.eval, plays, self.ply, &self.config)
    }

    fn set_objective(&mut self, objective: Objective) {
        self.config.objective = objective;
    }

    fn objective(&self) -> Objective {
        self.config.objective.clone()
    }

    fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.config.deadline = deadline;
    }
}

/// The mover's probabilities after `play`, at ply `n`.
pub fn play_value<P: GamePosition, E: Evaluator<P> + ?Sized>(
    eval: &E,
    play: &P::Play,
    n: u8,
    cfg: &SearchConfig,
) -> Probabilities {
    play_value_for(eval, play, n, cfg, true)
}

/// [`play_value`] for a mover that is (`root`) or is not the root's side.
fn play_value_for<P: GamePosition, E: Evaluator<P> + ?Sized>(
    eval: &E,
    play: &P::Play,
    n: u8,
    cfg: &SearchConfig,
    root: bool,
) -> Probabilities {
    match play.result() {
        Some(_) => Probabilities::exact(&play.position()).unwrap_or_default(),
        None if play.keeps_turn() => value_for(eval, &play.position(), n, cfg, root),
        None => value_for(eval, &play.position(), n, cfg, !root).flip(),
    }
}

/// Probabilities for the side on roll in `pos`, looking `n` plies ahead.
pub fn value<P: GamePosition, E: Evaluator<P> + ?Sized>(eval: &E, pos: &P, n: u8, cfg: &SearchConfig) -> Probabilities {
    value_for(eval, pos, n, cfg, true)
}

fn value_for<P: GamePosition, E: Evaluator<P> + ?Sized>(
    eval: &E,
    pos: &P,
    n: u8,
    cfg: &SearchConfig,
    root: bool,
) -> Probabilities {
    if let Some(p) = Probabilities::exact(pos) {
        return p;
    }
    // Past the deadline the ply being searched is dropped (see `rank`):
    // what is left of it is not worth the time.
    if n == 0 || cfg.late() {
        return eval.probabilities(pos);
    }
    if let Some(dice) = pos.pending_dice() {
        // No throw: the best play of the dice to play, at the same depth.
        return best_reply(eval, pos, dice, n, cfg, root);
    }
    let mut sum = Probabilities::default();
    for dice in Dice::ALL {
        let best = best_reply(eval, pos, dice, n - 1, cfg, root);
        sum.add_weighted(&best, dice.weight() as f32 / 36.0);
    }
    sum
}

/// The 0-ply probabilities for the side on roll in `pos`: the evaluator's,
/// or, while a side plays dice without a throw, the evaluator's of the
/// position those dice reach when each of their stages is played by the
/// evaluator's choice of the position it leaves.
pub fn played_through<P: GamePosition, E: Evaluator<P> + ?Sized>(eval: &E, pos: &P) -> Probabilities {
    let me = pos.turn();
    let mut at = *pos;
    let view = |at: &P, p: Probabilities| if at.turn() == me { p } else { p.flip() };
    loop {
        if let Some(p) = Probabilities::exact(&at) {
            return view(&at, p);
        }
        let Some(dice) = at.pending_dice() else { return view(&at, eval.probabilities(&at)) };
        let mover = at.turn();
        // The mover's equity after a play, by the evaluator as it stands.
        let after = |play: &P::Play| -> f32 {
            let next = play.position();
            match Probabilities::exact(&next) {
                Some(p) => {
                    if next.turn() == mover {
                        p.equity()
                    } else {
                        -p.equity()
                    }
                }
                None if next.turn() == mover => eval.probabilities(&next).equity(),
                None => -eval.probabilities(&next).equity(),
            }
        };
        let plays = at.legal_plays(dice);
        let Some(best) = plays.iter().max_by(|a, b| after(a).total_cmp(&after(b))) else {
            return view(&at, eval.probabilities(&at));
        };
        at = best.position();
    }
}

/// The best play's probabilities (for the mover, who is or is not the
/// root's side) for one roll, searched to ply `n` among the filtered
/// candidates.
fn best_reply<P: GamePosition, E: Evaluator<P> + ?Sized>(
    eval: &E,
    pos: &P,
    dice: Dice,
    n: u8,
    cfg: &SearchConfig,
    root: bool,
) -> Probabilities {
    let plays = pos.legal_plays(dice);
    let of = |p: &Probabilities| cfg.objective.value(p, root);
    let mut scored: Vec<(Probabilities, usize)> =
        plays.iter().enumerate().map(|(i, p)| (play_value_for(eval, p, 0, cfg, root), i)).collect();
    if n == 0 || plays.len() == 1 {
        return scored.iter().map(|s| s.0).max_by(|a, b| of(a).total_cmp(&of(b))).unwrap_or_default();
    }
    scored.sort_by(|a, b| of(&b.0).total_cmp(&of(&a.0)));
    let keep = filtered(&scored, cfg.inner, &of);
    scored[..keep]
        .iter()
        .map(|&(_, i)| play_value_for(eval, &plays[i], n, cfg, root))
        .max_by(|a, b| of(a).total_cmp(&of(b)))
        .unwrap_or_default()
}

/// How many of the plays (sorted best first by `of`) pass `f`.
fn filtered(sorted: &[(Probabilities, usize)], f: Filter, of: &dyn Fn(&Probabilities) -> f32) -> usize {
    let Some(best) = sorted.first().map(|s| of(&s.0)) else { return 0 };
    sorted.iter().take(f.count.max(1)).take_while(|s| best - of(&s.0) <= f.margin).count().max(1)
}

/// Ranks `plays` (the legal plays of one roll) at up to `ply` plies: all at
/// 0-ply, then the filtered best at 1-ply and 2-ply. Best first; each entry
/// says the ply it was searched to. Plays searched deeper rank above the
/// rest. A ply not done by `cfg.deadline` is dropped: the ranking is the
/// one of the plies before it.
pub fn rank<P: GamePosition, E: Evaluator<P> + Sync + ?Sized>(
    eval: &E,
    plays: &[P::Play],
    ply: u8,
    cfg: &SearchConfig,
) -> Vec<Scored> {
    let mut scored: Vec<Scored> = plays
        .par_iter()
        .enumerate()
        .map(|(index, p)| {
            let probabilities = play_value(eval, p, 0, cfg);
            Scored { index, probabilities, ply: 0, value: cfg.objective.value(&probabilities, true) }
        })
        .collect();
    sort(&mut scored);
    // The best few plays that leave dice to play without a throw (a
    // ladder's next stages, or a remainder handed over), played through.
    let mut through = false;
    for s in scored.iter_mut().take(cfg.root[0].count.max(1)) {
        let play = &plays[s.index];
        if play.result().is_none() && play.position().pending_dice().is_some() {
            let p = played_through(eval, &play.position());
            s.probabilities = if play.keeps_turn() { p } else { p.flip() };
            s.value = cfg.objective.value(&s.probabilities, true);
            through = true;
        }
    }
    if through {
        sort(&mut scored);
    }
    for depth in 1..=ply.min(MAX_PLY) {
        if cfg.late() {
            break;
        }
        let f = cfg.root[depth as usize - 1];
        let best = scored[0].value;
        let keep = scored.iter().take(f.count.max(1)).take_while(|s| best - s.value <= f.margin).count().max(1);
        // Spread over (play, roll): 21 jobs per candidate keep both cores
        // busy. A play that ends the game, or after which the mover plays
        // on without a throw, is one job (no roll follows it).
        let jobs: Vec<(usize, Option<Dice>)> = (0..keep)
            .flat_map(|k| {
                let play = &plays[scored[k].index];
                let one = play.result().is_some() || play.keeps_turn();
                let rolls: Vec<Option<Dice>> = if one { vec![None] } else { Dice::ALL.map(Some).to_vec() };
                rolls.into_iter().map(move |d| (k, d))
            })
            .collect();
        let parts: Vec<(usize, Probabilities)> = jobs
            .par_iter()
            .map(|&(k, d)| {
                let play = &plays[scored[k].index];
                // The mover's view.
                let p = match d {
                    None => play_value(eval, play, depth, cfg),
                    Some(d) => best_reply(eval, &play.position(), d, depth - 1, cfg, false)
                        .flip()
                        .scaled(d.weight() as f32 / 36.0),
                };
                (k, p)
            })
            .collect();
        if cfg.late() {
            // Cut short somewhere (see `value_for`): this ply is given up.
            break;
        }
        let mut sums = vec![Probabilities::default(); keep];
        for (k, p) in parts {
            sums[k].add_weighted(&p, 1.0);
        }
        for (k, s) in sums.into_iter().enumerate() {
            scored[k].probabilities = s;
            scored[k].value = cfg.objective.value(&scored[k].probabilities, true);
            scored[k].ply = depth;
        }
        sort(&mut scored);
    }
    scored
}

/// Deeper-searched first, then by what the search maximises.
fn sort(s: &mut [Scored]) {
    s.sort_by(|a, b| b.ply.cmp(&a.ply).then(b.value.total_cmp(&a.value)));
}

/// The match equity table (matches up to 25 points) from `eval`'s chances
/// at the start position by a 1-ply search, made once per network and
/// shared.
pub fn table_for(eval: &NeuralEval) -> std::sync::Arc<MatchEquityTable> {
    table_of::<tavli_core::Position>(eval)
}

/// [`table_for`] in any game with a network: the table of a match of that
/// game alone, from `eval`'s chances at its start ([`start_chances_of`]
/// at 1-ply).
pub fn table_of<P: NetGame>(eval: &NetEval<P>) -> std::sync::Arc<MatchEquityTable> {
    use std::sync::Arc;
    // A network is of one game, so the network names the table.
    static TABLES: crate::NetCache<Arc<MatchEquityTable>> = crate::NetCache::new(16);
    TABLES.get_or_make(eval.network(), || {
        Arc::new(MatchEquityTable::one_game(25, P::KIND, start_chances_of::<P>(eval, 1)))
    })
}

/// The table a game of `P` is valued by in a match of `games`: the Tavli
/// or Tabla table of the measured chances
/// ([`crate::tavli_met::tavli_table`], [`crate::tavli_met::tabla_table`])
/// in those matches, else the table of a match of `P` alone ([`table_of`];
/// a match of a named game is its base's).
pub fn table_in<P: NetGame>(eval: &NetEval<P>, games: MatchGames) -> std::sync::Arc<MatchEquityTable> {
    match games {
        MatchGames::Tavli => crate::tavli_met::tavli_table(),
        MatchGames::Tabla => crate::tavli_met::tabla_table(),
        MatchGames::Only(_) => table_of::<P>(eval),
    }
}

/// The starter's chances in a game of `P` by `eval` searched `ply` plies
/// at the game's start (the side on roll there starts, rolling both dice).
pub fn start_chances_of<P: NetGame>(eval: &NetEval<P>, ply: u8) -> GameChances {
    let start = P::start_of(P::KIND).expect("a game's start position");
    GameChances::from_probabilities(&value(eval, &start, ply, &SearchConfig::default()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic_score;
    use tavli_core::{Position, pos};

    /// A toy evaluator from the heuristic score, to test the search itself.
    struct Toy;
    impl Evaluator<tavli_core::Position> for Toy {
        fn probabilities(&self, pos: &Position) -> Probabilities {
            let w = 1.0 / (1.0 + (-heuristic_score(pos)).exp());
            Probabilities { win: w, lose: 1.0 - w, ..Default::default() }
        }
    }

    #[test]
    fn one_ply_value_is_the_average_of_best_replies() {
        let p = Position::start();
        let cfg = SearchConfig::default();
        let v1 = value(&Toy, &p, 1, &cfg);
        let mut manual = 0.0;
        for d in Dice::ALL {
            let best = p.legal_plays(d).iter().map(|q| -Toy.equity(q.position())).fold(f32::NEG_INFINITY, f32::max);
            manual += best * d.weight() as f32 / 36.0;
        }
        assert!((v1.equity() - manual).abs() < 1e-5, "{} vs {manual}", v1.equity());
    }

    /// A ranking whose deadline has passed stands at the plies done: here
    /// none past 0-ply, so it is the 0-ply ranking; without a deadline the
    /// best plays are searched to 2-ply; `evaluate` ignores the deadline.
    #[test]
    fn a_ranking_past_its_deadline_stands_at_the_plies_done() {
        let plays = Position::start().legal_plays(Dice::new(6, 4).unwrap());
        let late = SearchConfig { deadline: Some(std::time::Instant::now()), ..SearchConfig::default() };
        let r = rank(&Toy, &plays, 2, &late);
        assert!(r.iter().all(|s| s.ply == 0), "nothing searched past the deadline");
        let zero = rank(&Toy, &plays, 0, &SearchConfig::default());
        assert_eq!(r.iter().map(|s| s.index).collect::<Vec<_>>(), zero.iter().map(|s| s.index).collect::<Vec<_>>());
        assert_eq!(rank(&Toy, &plays, 2, &SearchConfig::default())[0].ply, 2);
        let search = Search { eval: Toy, ply: 1, config: late };
        let whole = value(&Toy, &Position::start(), 1, &SearchConfig::default());
        assert_eq!(Analyzer::<Position>::evaluate(&search, &Position::start()), whole, "a value is searched whole");
    }

    #[test]
    fn ranking_finds_the_winning_play_at_every_ply() {
        // Black's mother alone on White's 1-point; White's start empty: 6-5
        // from 7 or 6 pins her and wins 2 at once.
        let p = pos!(White; white {7: 5, 6: 10}; black {1: 1, 20: 14});
        let plays = p.legal_plays(Dice::new(6, 5).unwrap());
        for ply in 0..=2 {
            let r = rank(&Toy, &plays, ply, &SearchConfig::default());
            assert!(plays[r[0].index].result().is_some(), "ply {ply}");
            assert_eq!(r.len(), plays.len());
        }
    }
}

#[cfg(test)]
mod objective_tests {
    use super::*;
    use crate::met::{Away, GameChances, MatchEquityTable};
    use std::sync::Arc;
    use tavli_core::tavli::GameKind;

    #[test]
    fn at_a_score_where_a_double_win_is_worthless_the_safe_play_is_preferred() {
        let chances =
            GameChances { win_single: 0.30, win_double: 0.23, lose_single: 0.28, lose_double: 0.19, draw: 0.0 };
        let table = Arc::new(MatchEquityTable::new(7, chances));
        // Safe: more wins, no double wins. Bold: more double wins, fewer wins.
        let safe = Probabilities { win: 0.70, win_double: 0.0, lose: 0.30, lose_double: 0.05, draw: 0.0 };
        let bold = Probabilities { win: 0.62, win_double: 0.45, lose: 0.38, lose_double: 0.10, draw: 0.0 };
        let money = Objective::Money;
        assert!(money.value(&bold, true) > money.value(&safe, true), "for points the bold play is better");
        // Needing 1 point: a double win counts no more than a single one.
        let one_away =
            Objective::Match { table: table.clone(), away: Away { me: 1, them: 5 }, playing: GameKind::Plakoto };
        assert!(one_away.value(&safe, true) > one_away.value(&bold, true));
        // Needing 2 against 1 (the opponent wins with any win), the double
        // win takes the match at once: the bold play is right.
        let two_away = Objective::Match { table, away: Away { me: 2, them: 1 }, playing: GameKind::Plakoto };
        assert!(two_away.value(&bold, true) > two_away.value(&safe, true));
    }

    /// The same in a Tavli match, whatever game is being played: needing
    /// 1 point the safe play, needing 2 against 1 the bold one, and for
    /// points the bold one.
    #[test]
    fn in_a_tavli_match_the_score_changes_the_play_in_every_game() {
        let table = crate::tavli_met::tavli_table();
        let safe = Probabilities { win: 0.70, win_double: 0.0, lose: 0.30, lose_double: 0.05, draw: 0.0 };
        let bold = Probabilities { win: 0.62, win_double: 0.45, lose: 0.38, lose_double: 0.10, draw: 0.0 };
        assert!(Objective::Money.value(&bold, true) > Objective::Money.value(&safe, true));
        for playing in GameKind::TAVLI {
            let at = |me, them| Objective::Match { table: table.clone(), away: Away { me, them }, playing };
            assert!(at(1, 5).value(&safe, true) > at(1, 5).value(&bold, true), "{playing} 1-5");
            assert!(at(2, 1).value(&bold, true) > at(2, 1).value(&safe, true), "{playing} 2-1");
            // The opponent's view (not the root's side) is the other
            // side's needs.
            assert!(at(5, 1).value(&safe, false) > at(5, 1).value(&bold, false), "{playing} 5-1 seen by the other");
        }
    }
}
