//! Fevga's legal plays: every distinct position reached by the single
//! moves a roll allows, after the rules' filters in TAVLI.md's order:
//! legal single moves, the starting-quarter ban, the most dice, the larger
//! die, the unblocking duty.
//!
//! As in Plakoto, nothing the mover does changes where it may land (in
//! Fevga a point is open when no opposing checker stands on it, and the
//! opponent's checkers never move during the turn), so the open points are
//! computed once per position and a play's result is identified by the
//! mover's 128-bit checker vector.
//!
//! Every candidate play gets a score: the dice it uses (its rank, as in
//! Plakoto: for a non-doublet 3 both, 2 the larger alone, 1 the smaller
//! alone) times two, plus one when it meets the unblocking duty (or there
//! is no trap). Candidates failing the ban are dropped. The legal plays are
//! the candidates of the highest score, which applies the filters in their
//! order. When the ban (or the narde rule) is judged at the end of the play
//! and could fail this roll, a play that stops early can be the legal one
//! (every full play would fill the quarter), so every prefix of every
//! sequence is a candidate, the empty one included (then the turn passes).
//!
//! The common case (the runner released, no bear-off, no whole-play check
//! that could fail) is generated like Plakoto's: each position once by
//! construction, and counted for perft without generating. The rest (the
//! runner phase, bearing off, a quarter that could fill) takes every
//! order of the dice with duplicates removed.

mod count;

use std::cell::RefCell;

use crate::keyset::{KeySet, Ranked};

use super::bits::{HOME, POINTS, QUARTER, highest, nib, nibble, nibble_sum, occupancy};
use super::play::Play;
use super::position::Position;
use super::primes::{narde_block, narde_holes};
use super::rules::{BanTiming, FevgaRules, PrimeRule};
use crate::color::Color;
use crate::dice::Dice;
use crate::play::Move;
use crate::result::{GameResult, Reason};

/// What a roll of 2 or 4 moves must check beyond the single moves.
#[derive(Clone, Copy, Debug, Default)]
struct Checks {
    /// The ban, judged at the end, can fail.
    ban_end: bool,
    /// The narde rule, judged at the end, can fail.
    narde_end: bool,
    /// The ban, judged at every landing, can fail.
    ban_landing: bool,
    /// The narde rule, judged at every landing, can fail.
    narde_landing: bool,
}

impl Checks {
    /// Are prefixes of sequences candidates (an end-of-play check can fail)?
    #[inline(always)]
    fn prefixes(&self) -> bool {
        self.ban_end || self.narde_end
    }
}

/// What stays fixed while the side on roll plays one position's rolls.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ctx {
    /// Points (mover's numbering) the mover may land on: no opposing checker.
    open: u32,
    /// The mover's checkers at the start of the roll.
    own0: u128,
    /// Points where the mover has checkers, and two or more.
    occ0: u32,
    multi0: u32,
    /// The mover's checkers outside its home board (points 7..=24).
    outside: u32,
    /// Released from the runner rule at the start (it stays so).
    released0: bool,
    /// Points whose checker releases the rest (1..=12 or 1..=11).
    release_mask: u32,
    /// Where a block of six breaks the narde rule (the opponent's numbering).
    narde_region: u32,
    /// The six points the unblocking duty asks to open; 0 without a trap.
    wall: u32,
    opp_off: u8,
    turn: Color,
    /// The checks for a non-doublet (index 0) and a doublet (index 1).
    checks: [Checks; 2],
}

/// A partial play: the mover's checkers and the moves so far.
#[derive(Clone, Copy, Debug)]
struct Seq {
    own: u128,
    /// Points where the mover has checkers.
    occ: u32,
    moves: [Move; 4],
    len: u8,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Plan {
    /// Each position once by construction, only full plays offered.
    Unique,
    /// Every order of the dice, duplicates removed by the sink.
    EveryOrder,
}

impl Ctx {
    pub(crate) fn new(pos: &Position, rules: &FevgaRules) -> Ctx {
        let (opp_occ, _) = occupancy(pos.opp);
        let (occ0, multi0) = occupancy(pos.own);
        let release_mask = (2u32 << rules.release.highest_point()) - 2;
        // The ban binds only while the start point is held (nothing comes
        // back to it), with six checkers in the quarter, and not when the
        // quarter is full already (a set-up position: the ban lapses).
        let in_quarter = nibble_sum(pos.own >> (4 * 19));
        let ban_holes = if occ0 & QUARTER == QUARTER || occ0 >> 24 & 1 == 0 || in_quarter < 6 {
            u32::MAX
        } else {
            (QUARTER & !occ0).count_ones()
        };
        let (narde_region, narde_holes) = if rules.primes == PrimeRule::Narde {
            let region = pos.narde_region();
            // A block already there can only come from a set-up position:
            // the rule lapses, like the ban.
            if narde_block(occ0, region) != 0 { (region, u32::MAX) } else { (region, narde_holes(occ0, region)) }
        } else {
            (0, u32::MAX)
        };
        let wall = match (rules.primes, pos.trap()) {
            (PrimeRule::UnblockingDuty, Some(t)) => t.mask(),
            _ => 0,
        };
        let checks = [2u32, 4].map(|moves| {
            let (ban, narde) = (ban_holes <= moves, narde_holes <= moves);
            match rules.ban {
                BanTiming::EndOfPlay => Checks { ban_end: ban, narde_end: narde, ..Checks::default() },
                BanTiming::EveryLanding => Checks { ban_landing: ban, narde_landing: narde, ..Checks::default() },
            }
        });
        Ctx {
            open: POINTS & !opp_occ,
            own0: pos.own,
            occ0,
            multi0,
            outside: nibble_sum(pos.own >> (4 * 7)),
            released0: pos.own_off() > 0 || occ0 & release_mask != 0,
            release_mask,
            narde_region,
            wall,
            opp_off: pos.opp_off(),
            turn: pos.turn,
            checks,
        }
    }

    #[inline]
    fn start(&self) -> Seq {
        Seq { own: self.own0, occ: self.occ0, moves: [Move::default(); 4], len: 0 }
    }

    /// Could the mover bear off within `moves` single moves?
    #[inline]
    fn bear_off_within(&self, moves: u32) -> bool {
        self.outside < moves
    }

    /// How to generate `dice`'s plays, with which checks, and whether the
    /// sink must remove duplicates.
    #[inline]
    fn plan(&self, dice: Dice) -> (Plan, Checks) {
        let c = self.checks[usize::from(dice.is_doublet())];
        let moves = dice.moves_allowed() as u32;
        let unique =
            self.released0 && !self.bear_off_within(moves) && !c.prefixes() && !c.ban_landing && !c.narde_landing;
        (if unique { Plan::Unique } else { Plan::EveryOrder }, c)
    }

    /// One checker from `from` by `die`, if that single move is legal now.
    #[inline(always)]
    fn step(&self, c: &Checks, s: &Seq, from: u32, die: u32) -> Option<Seq> {
        // The runner rule, checked before every single move.
        if !self.released0 && s.own & 0xF == 0 && s.occ & self.release_mask == 0 {
            let away = s.occ & !(1 << 24);
            let allowed = if away != 0 { away } else { 1 << 24 };
            if allowed >> from & 1 == 0 {
                return None;
            }
        }
        let to = if from > die {
            let to = from - die;
            if self.open >> to & 1 == 0 {
                return None;
            }
            to
        } else {
            // Bearing off: every checker home; a die larger than the point
            // only from the highest occupied point.
            if s.occ & !HOME != 0 || (from < die && highest(s.occ) != from) {
                return None;
            }
            0
        };
        let mut n = *s;
        n.own = n.own - nib(from) + nib(to);
        if nibble(n.own, from) == 0 {
            n.occ &= !(1 << from);
        }
        n.occ |= (1 << to) & !1;
        if c.ban_landing && n.occ & QUARTER == QUARTER {
            return None;
        }
        if c.narde_landing && narde_block(n.occ, self.narde_region) != 0 {
            return None;
        }
        n.moves[n.len as usize] = Move { from: from as u8, to: to as u8 };
        n.len += 1;
        Some(n)
    }

    /// Does the play end the game (the last checker borne off)?
    #[inline(always)]
    fn terminal(&self, s: &Seq) -> Option<GameResult> {
        (s.own & 0xF == 15).then(|| GameResult::win(self.turn, if self.opp_off == 0 { 2 } else { 1 }, Reason::BearOff))
    }

    /// Scores a candidate and hands it to the sink, unless it fails a
    /// whole-play check.
    #[inline(always)]
    fn offer<S: Sink>(&self, c: &Checks, sink: &mut S, rank: u8, s: &Seq, result: Option<GameResult>) {
        if c.ban_end && s.occ & QUARTER == QUARTER {
            return;
        }
        if c.narde_end && narde_block(s.occ, self.narde_region) != 0 {
            return;
        }
        let duty = self.wall == 0 || s.occ & self.wall != self.wall;
        sink.offer(rank << 1 | u8::from(duty), s, result);
    }
}

/// Receives scored candidates and keeps those of the best score.
trait Sink {
    fn offer(&mut self, score: u8, s: &Seq, result: Option<GameResult>);
}

struct Counter<'a> {
    ranked: Ranked<'a>,
    count: u32,
}

impl Sink for Counter<'_> {
    #[inline(always)]
    fn offer(&mut self, score: u8, s: &Seq, _: Option<GameResult>) {
        if self.ranked.admit(score, s.own, || self.count = 0) {
            self.count += 1;
        }
    }
}

struct Collector<'a> {
    ranked: Ranked<'a>,
    ctx: &'a Ctx,
    base: &'a Position,
    out: &'a mut Vec<Play>,
}

impl Sink for Collector<'_> {
    fn offer(&mut self, score: u8, s: &Seq, result: Option<GameResult>) {
        if self.ranked.admit(score, s.own, || self.out.clear()) {
            self.out.push(self.ctx.finish(self.base, s, result));
        }
    }
}

impl Ctx {
    /// Non-doublets, every order: the larger die first, then the smaller.
    fn non_double<S: Sink>(&self, c: &Checks, s0: &Seq, hi: u32, lo: u32, sink: &mut S) {
        let prefixes = c.prefixes();
        if prefixes {
            self.offer(c, sink, 0, s0, None);
        }
        for (first, second, single_rank) in [(hi, lo, 2), (lo, hi, 1)] {
            let mut occ = s0.occ;
            while occ != 0 {
                let from = highest(occ);
                occ &= !(1 << from);
                let Some(s1) = self.step(c, s0, from, first) else { continue };
                if let Some(r) = self.terminal(&s1) {
                    self.offer(c, sink, 3, &s1, Some(r));
                    continue;
                }
                let mut any = false;
                let mut occ2 = s1.occ;
                while occ2 != 0 {
                    let from2 = highest(occ2);
                    occ2 &= !(1 << from2);
                    if let Some(s2) = self.step(c, &s1, from2, second) {
                        any = true;
                        self.offer(c, sink, 3, &s2, self.terminal(&s2));
                    }
                }
                if !any || prefixes {
                    self.offer(c, sink, single_rank, &s1, None);
                }
            }
        }
    }

    /// Non-doublets in the common case: each distinct play once, as two
    /// checkers moving one die each (every pair but those where one move
    /// starts where the other lands) or one checker moving both dice. The
    /// same decomposition as `fast_count_non_double`.
    fn non_double_unique<S: Sink>(&self, c: &Checks, s0: &Seq, hi: u32, lo: u32, sink: &mut S) {
        let occ = self.occ0;
        let a = occ & (self.open << hi);
        let b = occ & (self.open << lo);
        let single = occ & !self.multi0;
        let mut two = false;
        let mut xs = a;
        while xs != 0 {
            let x = highest(xs);
            xs &= !(1 << x);
            let Some(s1) = self.step(c, s0, x, hi) else { continue };
            let mut ys = b & !(1 << (x - hi)) & !(1 << (x + lo));
            if single >> x & 1 == 1 {
                ys &= !(1 << x);
            }
            while ys != 0 {
                let y = highest(ys);
                ys &= !(1 << y);
                if let Some(s2) = self.step(c, &s1, y, lo) {
                    two = true;
                    self.offer(c, sink, 3, &s2, None);
                }
            }
        }
        let mut through = occ & (self.open << (hi + lo)) & ((self.open << hi) | (self.open << lo));
        while through != 0 {
            let x = highest(through);
            through &= !(1 << x);
            let (first, second) = if self.open >> (x - hi) & 1 == 1 { (hi, lo) } else { (lo, hi) };
            if let Some(s2) = self.step(c, s0, x, first).and_then(|s1| self.step(c, &s1, x - first, second)) {
                two = true;
                self.offer(c, sink, 3, &s2, None);
            }
        }
        if !two {
            let (sources, die, rank) = if a != 0 { (a, hi, 2) } else { (b, lo, 1) };
            let mut xs = sources;
            while xs != 0 {
                let x = highest(xs);
                xs &= !(1 << x);
                if let Some(s1) = self.step(c, s0, x, die) {
                    self.offer(c, sink, rank, &s1, None);
                }
            }
        }
    }

    /// Doublets in the common case: sources never increase, which reaches
    /// every multiset of moves once.
    fn double_canonical<S: Sink>(&self, c: &Checks, s: &Seq, die: u32, max_from: u32, sink: &mut S) {
        let mut occ = s.occ & ((2u32 << max_from) - 1);
        let mut any = false;
        while occ != 0 {
            let from = highest(occ);
            occ &= !(1 << from);
            if let Some(n) = self.step(c, s, from, die) {
                any = true;
                if n.len == 4 {
                    self.offer(c, sink, 4, &n, None);
                } else {
                    self.double_canonical(c, &n, die, from, sink);
                }
            }
        }
        if !any && s.len > 0 {
            self.offer(c, sink, s.len, s, None);
        }
    }

    /// Doublets, every order, each partial position expanded once (`seen`
    /// holds the partial positions with the number of moves made).
    fn double_exhaustive<S: Sink>(&self, c: &Checks, s: &Seq, die: u32, sink: &mut S, seen: &mut KeySet) {
        let mut any = false;
        let mut occ = s.occ;
        while occ != 0 {
            let from = highest(occ);
            occ &= !(1 << from);
            let Some(n) = self.step(c, s, from, die) else { continue };
            any = true;
            if let Some(r) = self.terminal(&n) {
                self.offer(c, sink, 4, &n, Some(r));
            } else if n.len == 4 {
                self.offer(c, sink, 4, &n, None);
            } else if seen.insert(n.own | u128::from(n.len) << 124) {
                self.double_exhaustive(c, &n, die, sink, seen);
            }
        }
        if (!any && s.len > 0) || c.prefixes() {
            self.offer(c, sink, s.len, s, None);
        }
    }

    /// Runs the generator `plan` chose for `dice`.
    fn generate<S: Sink>(&self, dice: Dice, plan: Plan, c: &Checks, sink: &mut S, seen: &mut KeySet) {
        let s0 = self.start();
        let (hi, lo) = (u32::from(dice.high()), u32::from(dice.low()));
        match (hi == lo, plan) {
            (false, Plan::Unique) => self.non_double_unique(c, &s0, hi, lo, sink),
            (false, Plan::EveryOrder) => self.non_double(c, &s0, hi, lo, sink),
            (true, Plan::Unique) => self.double_canonical(c, &s0, hi, 24, sink),
            (true, Plan::EveryOrder) => {
                seen.clear();
                self.double_exhaustive(c, &s0, hi, sink, seen);
            }
        }
    }

    /// Builds the play for a finished sequence (the opponent is untouched:
    /// nothing is hit or pinned in Fevga).
    #[inline]
    fn finish(&self, base: &Position, s: &Seq, result: Option<GameResult>) -> Play {
        let after = Position { own: s.own, opp: base.opp, turn: base.turn };
        Play {
            moves: s.moves,
            len: s.len,
            position: if result.is_some() { after } else { after.pass_turn() },
            result,
            mover: base.turn,
        }
    }
}

/// A reusable Fevga legal-play generator: keeps its scratch space between
/// calls, so generating allocates nothing once warm.
///
/// ```
/// use tavli_core::Dice;
/// use tavli_core::fevga::{FevgaRules, MoveGen, Position};
/// let mut movegen = MoveGen::new(FevgaRules::default());
/// let mut plays = Vec::new();
/// movegen.plays(&Position::start(), Dice::new(5, 5).unwrap(), &mut plays);
/// // 24/19/14/9/4, or 24/19/14/9 24/19: the runner reached 9 and released the rest.
/// assert_eq!(plays.len(), 2);
/// ```
pub struct MoveGen {
    rules: FevgaRules,
    set: KeySet,
    seen: KeySet,
}

impl Default for MoveGen {
    fn default() -> Self {
        MoveGen::new(FevgaRules::default())
    }
}

impl MoveGen {
    /// A generator for `rules`, with empty scratch space.
    pub fn new(rules: FevgaRules) -> MoveGen {
        MoveGen { rules, set: KeySet::new(), seen: KeySet::new() }
    }

    /// The rules this generator applies.
    pub fn rules(&self) -> FevgaRules {
        self.rules
    }

    /// Fills `out` with the legal plays of `pos` for `dice`: one per distinct
    /// resulting position; a single pass when nothing can (or may) be
    /// played; nothing when the game is already over.
    pub fn plays(&mut self, pos: &Position, dice: Dice, out: &mut Vec<Play>) {
        out.clear();
        if pos.outcome().is_some() {
            return;
        }
        let ctx = Ctx::new(pos, &self.rules);
        self.plays_with(&ctx, pos, dice, out);
    }

    pub(crate) fn plays_with(&mut self, ctx: &Ctx, pos: &Position, dice: Dice, out: &mut Vec<Play>) {
        out.clear();
        let (plan, c) = ctx.plan(dice);
        let ranked = Ranked::new(plan == Plan::EveryOrder, &mut self.set);
        let mut sink = Collector { ranked, ctx, base: pos, out };
        ctx.generate(dice, plan, &c, &mut sink, &mut self.seen);
        if out.is_empty() {
            out.push(Play::pass(pos));
        }
    }

    /// The number of legal plays (a pass counts as one; 0 if the game is over).
    ///
    /// ```
    /// use tavli_core::Dice;
    /// use tavli_core::fevga::{MoveGen, Position};
    /// assert_eq!(MoveGen::default().count(&Position::start(), Dice::new(6, 6).unwrap()), 1);
    /// ```
    pub fn count(&mut self, pos: &Position, dice: Dice) -> u32 {
        if pos.outcome().is_some() {
            return 0;
        }
        let ctx = Ctx::new(pos, &self.rules);
        self.count_with(&ctx, dice)
    }

    pub(crate) fn ctx(&self, pos: &Position) -> Ctx {
        Ctx::new(pos, &self.rules)
    }

    #[inline]
    pub(crate) fn count_with(&mut self, ctx: &Ctx, dice: Dice) -> u32 {
        let (plan, _) = ctx.plan(dice);
        if plan == Plan::Unique && ctx.wall == 0 {
            let (hi, lo) = (u32::from(dice.high()), u32::from(dice.low()));
            if hi != lo { ctx.fast_count_non_double(hi, lo) } else { ctx.fast_count_double(hi) }
        } else {
            self.count_enumerated(ctx, dice)
        }
    }

    /// Counts by generating.
    pub(crate) fn count_enumerated(&mut self, ctx: &Ctx, dice: Dice) -> u32 {
        let (plan, c) = ctx.plan(dice);
        let mut sink = Counter { ranked: Ranked::new(plan == Plan::EveryOrder, &mut self.set), count: 0 };
        ctx.generate(dice, plan, &c, &mut sink, &mut self.seen);
        sink.count.max(1)
    }
}

thread_local! {
    static GEN: RefCell<MoveGen> = RefCell::new(MoveGen::default());
}

impl Position {
    /// The legal plays for `dice` under TAVLI.md's Decisions (see
    /// [`MoveGen::plays`]).
    ///
    /// ```
    /// use tavli_core::Dice;
    /// use tavli_core::fevga::Position;
    /// // TAVLI.md F1: 6-6 plays 24/18 only (18/12 lands on Black's start).
    /// let plays = Position::start().legal_plays(Dice::new(6, 6).unwrap());
    /// assert_eq!(plays.len(), 1);
    /// assert_eq!(plays[0].to_string(), "24/18");
    /// ```
    pub fn legal_plays(&self, dice: Dice) -> Vec<Play> {
        self.legal_plays_with(dice, &FevgaRules::default())
    }

    /// The legal plays for `dice` under `rules`.
    ///
    /// ```
    /// use tavli_core::{Dice, fevga_pos};
    /// use tavli_core::fevga::{FevgaRules, Release};
    /// // TAVLI.md F4: the runner on 14 with 2-1.
    /// let p = fevga_pos!(White; white {24: 14, 14: 1}; black {20: 5, 16: 5, 10: 5});
    /// let d = Dice::new(2, 1).unwrap();
    /// assert_eq!(p.legal_plays(d).len(), 2);
    /// let pass = FevgaRules { release: Release::Pass, ..FevgaRules::default() };
    /// assert_eq!(p.legal_plays_with(d, &pass).len(), 1);
    /// ```
    pub fn legal_plays_with(&self, dice: Dice, rules: &FevgaRules) -> Vec<Play> {
        let mut out = Vec::new();
        GEN.with(|g| match g.try_borrow_mut() {
            Ok(mut g) => {
                g.rules = *rules;
                g.plays(self, dice, &mut out);
            }
            Err(_) => MoveGen::new(*rules).plays(self, dice, &mut out),
        });
        out
    }
}

#[cfg(test)]
mod tests;
