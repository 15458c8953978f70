//! The move generators every game runs, written once over a game's hooks
//! ([`Rules`]): a partial play is stepped a checker at a time and finished
//! plays go to a [`Sink`] ranked by how much of the roll they use (for a
//! non-doublet 3 both dice or a game-ending play, 2 the larger die alone, 1
//! the smaller alone; for a doublet the dice used, 4 for a game end).
//!
//! Two plans ([`Plan`]): `Unique` reaches each position once by
//! construction (doublets in canonical order, sources never increasing;
//! non-doublets as pairs of checkers and one checker moving both dice), so
//! the sink needs no duplicate check; `EveryOrder` tries every order of the
//! dice and the sink removes duplicates. Each game says which plan a roll
//! may take: the loops below hold whatever the game, their hooks are its
//! rules. Everything is generic and inlined per game and sink: no dynamic
//! dispatch in the inner loops.

use super::bits::{each_bit, highest, nib, nibble};
use super::count::StartBoard;
use crate::color::Color;
use crate::dice::Dice;
use crate::keyset::{KeySet, Ranked};
use crate::play::{Move, PlayOf};
use crate::result::GameResult;

/// How a roll's plays are generated.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Plan {
    /// Each position once by construction: no duplicate check.
    Unique,
    /// Every order of the dice, duplicates removed by the sink.
    EveryOrder,
}

/// A partial play as the shared generators read it.
pub(crate) trait Partial: Copy {
    /// Points (bit p) where the mover has checkers.
    fn occ(&self) -> u32;
    /// The single moves made so far.
    fn len(&self) -> u8;
    /// The name of the position reached: with the opponent fixed at the
    /// start of the roll, equal keys are equal positions.
    fn key(&self) -> u128;
}

/// A partial play where the mover's checkers alone name the position
/// reached (Plakoto, where the opponent's pins follow from them, and
/// Fevga, where the opponent never changes): the checkers, the points they
/// occupy, and the moves so far with the ones that marked (pinned).
/// Portes, whose hits name the position too, packs its own.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Seq {
    pub(crate) own: u128,
    /// Points where the mover has checkers (on top, in Plakoto).
    pub(crate) occ: u32,
    pub(crate) moves: [Move; 4],
    pub(crate) len: u8,
    /// Bit i: move i marked an opposing checker (a Plakoto pin).
    pub(crate) marks: u8,
}

impl Seq {
    /// The empty play, the mover's checkers `own` on the points `occ`.
    #[inline]
    pub(crate) fn start(own: u128, occ: u32) -> Seq {
        Seq { own, occ, moves: [Move::default(); 4], len: 0, marks: 0 }
    }

    /// This play then one checker from `from` to `to` (0 is off), the move
    /// written down (and whether it marked) only when `write`: a sink that
    /// reads only where the checkers end up skips it.
    #[inline(always)]
    pub(crate) fn moved(&self, from: u32, to: u32, write: bool, mark: bool) -> Seq {
        let mut n = *self;
        n.own = n.own - nib(from) + nib(to);
        if nibble(n.own, from) == 0 {
            n.occ &= !(1 << from);
        }
        n.occ |= (1 << to) & !1;
        if write {
            n.moves[n.len as usize] = Move { from: from as u8, to: to as u8 };
            n.marks |= u8::from(mark) << n.len;
        }
        n.len += 1;
        n
    }

    /// The play this sequence makes, reaching `position` (ending the game
    /// with `result`), made by `mover`.
    #[inline]
    pub(crate) fn play<P>(&self, position: P, result: Option<GameResult>, mover: Color) -> PlayOf<P> {
        PlayOf { moves: self.moves, len: self.len, marks: self.marks, position, result, mover }
    }
}

impl Partial for Seq {
    #[inline(always)]
    fn occ(&self) -> u32 {
        self.occ
    }

    #[inline(always)]
    fn len(&self) -> u8 {
        self.len
    }

    /// The mover's checkers.
    #[inline(always)]
    fn key(&self) -> u128 {
        self.own
    }
}

/// A game's rules as the generators need them. `apply` and `step` write the
/// move down only when the sink reads moves (`S::MOVES`).
pub(crate) trait Rules: Sized {
    /// A partial play.
    type Seq: Partial;
    /// What a game-ending play hands the sink: the result, or `()` where the
    /// game's sink works the result out itself.
    type End: Copy;
    /// The highest point a checker can leave (Portes's bar is 25).
    const TOP: u32;
    /// Whether a canonical doublet can end the game (Portes's last checker
    /// off); where the game's plan excludes it, that check is skipped.
    const CANONICAL_ENDS: bool;

    /// The empty play.
    fn start(&self) -> Self::Seq;
    /// The mover's side at the start of the roll and the points it may
    /// land on (fixed during the roll).
    fn start_board(&self) -> StartBoard;
    /// One checker from `from` by `die`, if that single move is legal.
    fn step<S: Sink<Self>>(&self, s: &Self::Seq, from: u32, die: u32) -> Option<Self::Seq>;
    /// One checker from `from` by `die`, the move known to be legal.
    fn apply<S: Sink<Self>>(&self, s: &Self::Seq, from: u32, die: u32) -> Self::Seq;
    /// The points (bit p) a checker may leave by `die` in `s`: the bit-set
    /// form of `step` as the canonical doublet generator needs it (where the
    /// `Unique` plan is taken).
    fn sources(&self, s: &Self::Seq, die: u32) -> u32;
    /// Does the game end with this partial play (checked after every move)?
    fn terminal(&self, s: &Self::Seq) -> Option<Self::End>;

    /// Do the two routes of one checker moving both dice, through `via_hi`
    /// (the larger die first) and `via_lo`, reach different positions?
    /// Only where a move changes the opponent's side (Portes's hits).
    #[inline(always)]
    fn routes_differ(&self, _via_hi: u32, _via_lo: u32) -> bool {
        false
    }

    /// Are the prefixes of sequences candidate plays too (Fevga, when a
    /// check on the whole play may fail)? Then the empty play is offered.
    #[inline(always)]
    fn prefixes(&self) -> bool {
        false
    }

    /// Hands a candidate play to the sink (Fevga judges whole-play rules here).
    #[inline(always)]
    fn offer<S: Sink<Self>>(&self, sink: &mut S, rank: u8, s: &Self::Seq, end: Option<Self::End>) {
        sink.offer(rank, s, end);
    }

    /// Hands the sink `s` then one checker by `die` from each point of
    /// `sources` (each legal, none ending the game), each a play of `rank`.
    #[inline(always)]
    fn offer_each<S: Sink<Self>>(&self, sink: &mut S, rank: u8, s: &Self::Seq, die: u32, sources: u32) {
        sink.offer_each(rank, self, s, die, sources);
    }
}

/// Receives finished sequences ranked by how much of the roll they use.
pub(crate) trait Sink<G: Rules>: Sized {
    /// Whether the sink reads the moves, or only where the checkers end
    /// up: perft's counts and positions skip writing them.
    const MOVES: bool;

    /// A finished play of `rank`.
    fn offer(&mut self, rank: u8, s: &G::Seq, end: Option<G::End>);

    /// A play's last move in a batch: `s` then one checker by `die` from
    /// each point of `sources` (each legal, none ending the game).
    #[inline(always)]
    fn offer_each(&mut self, rank: u8, g: &G, s: &G::Seq, die: u32, sources: u32) {
        each_bit(sources, |from| self.offer(rank, &g.apply::<Self>(s, from, die), None));
    }
}

/// Counts the distinct plays of the best rank.
pub(crate) struct Counter<'a> {
    pub(crate) ranked: Ranked<'a>,
    pub(crate) count: u32,
}

impl<G: Rules> Sink<G> for Counter<'_> {
    const MOVES: bool = false;

    #[inline(always)]
    fn offer(&mut self, rank: u8, s: &G::Seq, _: Option<G::End>) {
        if self.ranked.admit(rank, s.key(), || self.count = 0) {
            self.count += 1;
        }
    }

    #[inline(always)]
    fn offer_each(&mut self, rank: u8, g: &G, s: &G::Seq, die: u32, sources: u32) {
        if self.ranked.admit_all(rank, || self.count = 0) {
            self.count += sources.count_ones();
        } else {
            each_bit(sources, |from| Sink::<G>::offer(self, rank, &g.apply::<Self>(s, from, die), None));
        }
    }
}

/// What a generator collects: whole plays, or only the positions they reach.
pub(crate) trait Collected<G: Rules>: Sized {
    /// Whether building one reads the moves.
    const MOVES: bool;

    /// The play (or position) a finished sequence makes.
    fn from(g: &G, s: &G::Seq, end: Option<G::End>) -> Self;

    /// Pushes one per point of `sources`: `s` then a checker from there by
    /// `die` (see [`Sink::offer_each`]). A game may build them faster.
    #[inline(always)]
    fn push_each(g: &G, s: &G::Seq, die: u32, sources: u32, out: &mut Vec<Self>) {
        each_bit(sources, |from| out.push(Self::from(g, &g.apply::<Collector<G, Self>>(s, from, die), None)));
    }
}

/// Collects the plays (or positions) of the best rank into `out`.
pub(crate) struct Collector<'a, G, T> {
    pub(crate) ranked: Ranked<'a>,
    pub(crate) rules: &'a G,
    pub(crate) out: &'a mut Vec<T>,
}

impl<G: Rules, T: Collected<G>> Sink<G> for Collector<'_, G, T> {
    const MOVES: bool = T::MOVES;

    #[inline]
    fn offer(&mut self, rank: u8, s: &G::Seq, end: Option<G::End>) {
        if self.ranked.admit(rank, s.key(), || self.out.clear()) {
            self.out.push(T::from(self.rules, s, end));
        }
    }

    #[inline(always)]
    fn offer_each(&mut self, rank: u8, g: &G, s: &G::Seq, die: u32, sources: u32) {
        if self.ranked.admit_all(rank, || self.out.clear()) {
            T::push_each(g, s, die, sources, self.out);
        } else {
            each_bit(sources, |from| self.offer(rank, &g.apply::<Self>(s, from, die), None));
        }
    }
}

/// Every legal play of `dice` as `T` into `out` (cleared first; left empty
/// when nothing can be played), by `plan`.
#[inline]
pub(crate) fn collect<G: Rules, T: Collected<G>>(
    g: &G,
    dice: Dice,
    plan: Plan,
    set: &mut KeySet,
    seen: &mut KeySet,
    out: &mut Vec<T>,
) {
    out.clear();
    let mut sink = Collector { ranked: Ranked::new(plan == Plan::EveryOrder, set), rules: g, out };
    generate(g, dice, plan, &mut sink, seen);
}

/// The number of legal plays of `dice` by generating them (a pass counts
/// as one).
#[inline]
pub(crate) fn count<G: Rules>(g: &G, dice: Dice, plan: Plan, set: &mut KeySet, seen: &mut KeySet) -> u32 {
    let mut sink = Counter { ranked: Ranked::new(plan == Plan::EveryOrder, set), count: 0 };
    generate(g, dice, plan, &mut sink, seen);
    sink.count.max(1)
}

/// Runs the generator `plan` chose for `dice`; `seen` is scratch space for
/// the every-order doublets.
pub(crate) fn generate<G: Rules, S: Sink<G>>(g: &G, dice: Dice, plan: Plan, sink: &mut S, seen: &mut KeySet) {
    let s0 = g.start();
    let (hi, lo) = (u32::from(dice.high()), u32::from(dice.low()));
    match (hi == lo, plan) {
        (false, Plan::Unique) => non_double_unique(g, &s0, hi, lo, sink),
        (false, Plan::EveryOrder) => non_double_every_order(g, &s0, hi, lo, sink),
        (true, Plan::Unique) => double_canonical(g, &s0, hi, G::TOP, sink),
        (true, Plan::EveryOrder) => {
            seen.clear();
            double_exhaustive(g, &s0, hi, sink, seen);
        }
    }
}

/// Non-doublets, every order: the larger die first, then the smaller.
pub(crate) fn non_double_every_order<G: Rules, S: Sink<G>>(g: &G, s0: &G::Seq, hi: u32, lo: u32, sink: &mut S) {
    let prefixes = g.prefixes();
    if prefixes {
        g.offer(sink, 0, s0, None);
    }
    for (first, second, single_rank) in [(hi, lo, 2), (lo, hi, 1)] {
        let mut occ = s0.occ();
        while occ != 0 {
            let from = highest(occ);
            occ &= !(1 << from);
            let Some(s1) = g.step::<S>(s0, from, first) else { continue };
            if let Some(end) = g.terminal(&s1) {
                g.offer(sink, 3, &s1, Some(end));
                continue;
            }
            let mut any = false;
            let mut occ2 = s1.occ();
            while occ2 != 0 {
                let from2 = highest(occ2);
                occ2 &= !(1 << from2);
                if let Some(s2) = g.step::<S>(&s1, from2, second) {
                    any = true;
                    g.offer(sink, 3, &s2, g.terminal(&s2));
                }
            }
            if !any || prefixes {
                g.offer(sink, single_rank, &s1, None);
            }
        }
    }
}

/// Non-doublets when the plan is `Unique` (nobody can bear off and the game
/// cannot end): each play once, as two checkers moving one die each (every
/// pair but those where one move starts where the other lands, which are
/// one checker moving both dice), or one checker moving both dice, by both
/// routes only when they differ. The same decomposition as
/// `StartBoard::count_non_double`.
pub(crate) fn non_double_unique<G: Rules, S: Sink<G>>(g: &G, s0: &G::Seq, hi: u32, lo: u32, sink: &mut S) {
    let StartBoard { occ, multi, open, .. } = g.start_board();
    let a = occ & (open << hi);
    let b = occ & (open << lo);
    let single = occ & !multi;
    let mut two = false;
    let mut xs = a;
    while xs != 0 {
        let x = highest(xs);
        xs &= !(1 << x);
        let Some(s1) = g.step::<S>(s0, x, hi) else { continue };
        let mut ys = b & !(1 << (x - hi)) & !(1 << (x + lo));
        if single >> x & 1 == 1 {
            ys &= !(1 << x);
        }
        // No bear-off and no game end in this plan: each y can move.
        if ys != 0 {
            two = true;
            g.offer_each(sink, 3, &s1, lo, ys);
        }
    }
    let mut through = occ & (open << (hi + lo)) & ((open << hi) | (open << lo));
    while through != 0 {
        let x = highest(through);
        through &= !(1 << x);
        let via_hi = open >> (x - hi) & 1 == 1;
        let via_lo = open >> (x - lo) & 1 == 1;
        let differ = via_hi && via_lo && g.routes_differ(x - hi, x - lo);
        for (first, second, take) in [(hi, lo, via_hi), (lo, hi, via_lo && (differ || !via_hi))] {
            if take && let Some(s2) = g.step::<S>(s0, x, first).and_then(|s1| g.step::<S>(&s1, x - first, second)) {
                two = true;
                g.offer(sink, 3, &s2, None);
            }
        }
    }
    if !two {
        let (sources, die, rank) = if a != 0 { (a, hi, 2) } else { (b, lo, 1) };
        let mut xs = sources;
        while xs != 0 {
            let x = highest(xs);
            xs &= !(1 << x);
            if let Some(s1) = g.step::<S>(s0, x, die) {
                g.offer(sink, rank, &s1, None);
            }
        }
    }
}

/// Doublets in canonical order, sources never increasing (no higher than
/// `max_from`), which reaches every multiset of moves once. The last move
/// goes to the sink as a batch, one play per source.
pub(crate) fn double_canonical<G: Rules, S: Sink<G>>(g: &G, s: &G::Seq, die: u32, max_from: u32, sink: &mut S) {
    let sources = g.sources(s, die) & ((2u32 << max_from) - 1);
    if sources == 0 {
        if s.len() > 0 {
            g.offer(sink, s.len(), s, None);
        }
        return;
    }
    if s.len() == 3 {
        g.offer_each(sink, 4, s, die, sources);
        return;
    }
    each_bit(sources, |from| {
        let n = g.apply::<S>(s, from, die);
        match if G::CANONICAL_ENDS { g.terminal(&n) } else { None } {
            Some(end) => g.offer(sink, 4, &n, Some(end)),
            None => double_canonical(g, &n, die, from, sink),
        }
    });
}

/// Doublets, every order, each partial position expanded once (`seen`
/// holds the partial positions with the number of moves made, in the top
/// nibble of the key, which the games taking this plan leave empty).
pub(crate) fn double_exhaustive<G: Rules, S: Sink<G>>(g: &G, s: &G::Seq, die: u32, sink: &mut S, seen: &mut KeySet) {
    let mut any = false;
    let mut occ = s.occ();
    while occ != 0 {
        let from = highest(occ);
        occ &= !(1 << from);
        let Some(n) = g.step::<S>(s, from, die) else { continue };
        any = true;
        if let Some(end) = g.terminal(&n) {
            g.offer(sink, 4, &n, Some(end));
        } else if n.len() == 4 {
            g.offer(sink, 4, &n, None);
        } else if seen.insert(n.key() | u128::from(n.len()) << 124) {
            double_exhaustive(g, &n, die, sink, seen);
        }
    }
    if (!any && s.len() > 0) || g.prefixes() {
        g.offer(sink, s.len(), s, None);
    }
}
