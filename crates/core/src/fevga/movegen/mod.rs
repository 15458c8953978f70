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
//!
//! The generators themselves are those every game shares
//! (`crate::movegen_common::generate`); this file gives Fevga's hooks, and
//! judges the whole-play rules where a candidate is offered.

mod count;

use std::cell::RefCell;

use crate::keyset::KeySet;

use super::bits::{HOME, POINTS, QUARTER, highest, nibble_sum, occupancy};
use super::play::Play;
use super::position::Position;
use super::primes::{narde_block, narde_holes};
use super::rules::{BanTiming, FevgaRules, PrimeRule};
use crate::color::Color;
use crate::dice::Dice;
use crate::movegen_common::bits::each_bit;
use crate::movegen_common::count::StartBoard;
use crate::movegen_common::generate::{self, Collected, Plan, Rules, Seq, Sink};
use crate::movegen_common::generator::{self, Generator};
use crate::result::{GameResult, Reason, win_points};

/// What a roll of 2 or 4 moves must check beyond the single moves.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Checks {
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
    /// The opponent's checkers (they never move during the turn).
    opp0: u128,
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
            opp0: pos.opp,
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

    /// Could the mover bear off within `moves` single moves?
    #[inline]
    fn bear_off_within(&self, moves: u32) -> bool {
        self.outside < moves
    }

    /// How to generate `dice`'s plays, with which checks: each position
    /// once by construction only with the runner released, no bear-off
    /// within the roll and no check that could fail.
    #[inline]
    fn plan(&self, dice: Dice) -> (Plan, Checks) {
        let c = self.checks[usize::from(dice.is_doublet())];
        let moves = dice.moves_allowed() as u32;
        let unique =
            self.released0 && !self.bear_off_within(moves) && !c.prefixes() && !c.ban_landing && !c.narde_landing;
        (if unique { Plan::Unique } else { Plan::EveryOrder }, c)
    }

    /// The position a finished sequence reaches (the opponent is untouched:
    /// nothing is hit or pinned in Fevga), the opponent on roll unless the
    /// game is over.
    #[inline]
    fn finish_position(&self, s: &Seq, result: Option<GameResult>) -> Position {
        let after = Position { own: s.own, opp: self.opp0, turn: self.turn };
        if result.is_some() { after } else { after.pass_turn() }
    }
}

/// One roll's generation: the position's context and the checks the roll
/// needs (they differ between doublets and the rest).
#[derive(Clone, Copy)]
pub(crate) struct Roll<'a> {
    ctx: &'a Ctx,
    c: Checks,
}

/// Fevga's hooks: a point is open when no opposing checker is on it, the
/// runner rule before every single move, the ban and the narde rule at a
/// landing or on the whole play, and the unblocking duty as a score.
impl Rules for Roll<'_> {
    type Seq = Seq;
    type End = GameResult;
    const TOP: u32 = 24;
    // The `Unique` plan is taken only with no bear-off within the roll.
    const CANONICAL_ENDS: bool = false;

    #[inline]
    fn start(&self) -> Seq {
        Seq::start(self.ctx.own0, self.ctx.occ0)
    }

    #[inline(always)]
    fn start_board(&self) -> StartBoard {
        self.ctx.start_board()
    }

    #[inline(always)]
    fn step<S: Sink<Self>>(&self, s: &Seq, from: u32, die: u32) -> Option<Seq> {
        let (ctx, c) = (self.ctx, &self.c);
        // The runner rule, checked before every single move.
        if !ctx.released0 && s.own & 0xF == 0 && s.occ & ctx.release_mask == 0 {
            let away = s.occ & !(1 << 24);
            let allowed = if away != 0 { away } else { 1 << 24 };
            if allowed >> from & 1 == 0 {
                return None;
            }
        }
        if from > die {
            if ctx.open >> (from - die) & 1 == 0 {
                return None;
            }
        } else if s.occ & !HOME != 0 || (from < die && highest(s.occ) != from) {
            // Bearing off: every checker home; a die larger than the point
            // only from the highest occupied point.
            return None;
        }
        let n = self.apply::<S>(s, from, die);
        if c.ban_landing && n.occ & QUARTER == QUARTER {
            return None;
        }
        if c.narde_landing && narde_block(n.occ, ctx.narde_region) != 0 {
            return None;
        }
        Some(n)
    }

    #[inline(always)]
    fn apply<S: Sink<Self>>(&self, s: &Seq, from: u32, die: u32) -> Seq {
        s.moved(from, from.saturating_sub(die), S::MOVES, false)
    }

    /// Only in the `Unique` plan: the runner released, no bear-off, no
    /// check at a landing, so a checker may leave wherever it lands open.
    #[inline(always)]
    fn sources(&self, s: &Seq, die: u32) -> u32 {
        s.occ & (self.ctx.open << die)
    }

    /// The play ends the game when the last checker is borne off.
    #[inline(always)]
    fn terminal(&self, s: &Seq) -> Option<GameResult> {
        (s.own & 0xF == 15).then(|| GameResult::win(self.ctx.turn, win_points(self.ctx.opp_off), Reason::BearOff))
    }

    #[inline(always)]
    fn prefixes(&self) -> bool {
        self.c.prefixes()
    }

    /// Scores a candidate, the dice it uses times two plus one when it
    /// meets the unblocking duty (or there is no trap), so that the best
    /// score applies the filters in TAVLI.md's order; a candidate failing a
    /// whole-play check is dropped.
    #[inline(always)]
    fn offer<S: Sink<Self>>(&self, sink: &mut S, rank: u8, s: &Seq, result: Option<GameResult>) {
        let (ctx, c) = (self.ctx, &self.c);
        if c.ban_end && s.occ & QUARTER == QUARTER {
            return;
        }
        if c.narde_end && narde_block(s.occ, ctx.narde_region) != 0 {
            return;
        }
        let duty = ctx.wall == 0 || s.occ & ctx.wall != ctx.wall;
        sink.offer(rank << 1 | u8::from(duty), s, result);
    }

    /// Each play of the batch scored on its own: the duty may differ.
    #[inline(always)]
    fn offer_each<S: Sink<Self>>(&self, sink: &mut S, rank: u8, s: &Seq, die: u32, sources: u32) {
        each_bit(sources, |from| self.offer(sink, rank, &self.apply::<S>(s, from, die), None));
    }
}

impl Collected<Roll<'_>> for Play {
    const MOVES: bool = true;

    #[inline]
    fn from(roll: &Roll<'_>, s: &Seq, result: Option<GameResult>) -> Play {
        s.play(roll.ctx.finish_position(s, result), result, roll.ctx.turn)
    }
}

impl Collected<Roll<'_>> for Position {
    const MOVES: bool = false;

    #[inline]
    fn from(roll: &Roll<'_>, s: &Seq, result: Option<GameResult>) -> Position {
        roll.ctx.finish_position(s, result)
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
        Generator::plays(self, pos, dice, out);
    }

    /// The number of legal plays (a pass counts as one; 0 if the game is over).
    ///
    /// ```
    /// use tavli_core::Dice;
    /// use tavli_core::fevga::{MoveGen, Position};
    /// assert_eq!(MoveGen::default().count(&Position::start(), Dice::new(6, 6).unwrap()), 1);
    /// ```
    pub fn count(&mut self, pos: &Position, dice: Dice) -> u32 {
        Generator::count(self, pos, dice)
    }

    /// Counts by generating.
    pub(crate) fn count_enumerated(&mut self, ctx: &Ctx, dice: Dice) -> u32 {
        let (plan, c) = ctx.plan(dice);
        generate::count(&Roll { ctx, c }, dice, plan, &mut self.set, &mut self.seen)
    }
}

/// Fevga's generator: its context under the generator's rules, each roll
/// with its own checks, and its closed counts where they hold.
impl Generator for MoveGen {
    type Position = Position;
    type Ctx = Ctx;

    #[inline]
    fn ctx(&self, pos: &Position) -> Ctx {
        Ctx::new(pos, &self.rules)
    }

    #[inline]
    fn collect_plays(&mut self, ctx: &Ctx, dice: Dice, out: &mut Vec<Play>) {
        let (plan, c) = ctx.plan(dice);
        generate::collect(&Roll { ctx, c }, dice, plan, &mut self.set, &mut self.seen, out);
    }

    #[inline]
    fn collect_positions(&mut self, ctx: &Ctx, dice: Dice, out: &mut Vec<Position>) {
        let (plan, c) = ctx.plan(dice);
        generate::collect(&Roll { ctx, c }, dice, plan, &mut self.set, &mut self.seen, out);
    }

    #[inline]
    fn count_with(&mut self, ctx: &Ctx, dice: Dice) -> u32 {
        let (plan, _) = ctx.plan(dice);
        if plan == Plan::Unique && ctx.wall == 0 {
            let (hi, lo) = (u32::from(dice.high()), u32::from(dice.low()));
            if hi != lo { ctx.fast_count_non_double(hi, lo) } else { ctx.fast_count_double(hi) }
        } else {
            self.count_enumerated(ctx, dice)
        }
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
        generator::with_cached(
            &GEN,
            || MoveGen::new(*rules),
            |g| {
                g.rules = *rules;
                g.plays(self, dice, &mut out);
            },
        );
        out
    }
}

#[cfg(test)]
mod tests;
