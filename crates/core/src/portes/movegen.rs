//! Legal plays of Portes: the distinct positions reached by the maximal
//! sequences of single moves (TAVLI.md Part 1, RULES.md "Moving").
//!
//! What makes it fast:
//! - The mover never changes which points are open to it: a hit sends a
//!   lone opposing checker to the bar and leaves the point open, and nothing
//!   else of the opponent's moves. So the open points (fewer than two
//!   opposing checkers) and the blots are two bit sets computed once.
//! - A partial play is the mover's checker vector (a nibble per point, the
//!   bar as point 25) and the bit set of points hit: a play is named by
//!   `own | hits << 104`, one `u128`.
//! - Doublets are generated in canonical order, sources never increasing.
//!   Every legal multiset of moves is legal in that order (a higher checker
//!   moving first only brings checkers home sooner and empties higher
//!   points sooner; the bar, point 25, goes first as the rules demand) and
//!   names one position (the landings, hence the hits, are fixed by the
//!   multiset), so each play comes once, with no duplicate check.
//! - Non-doublets without a checker on the bar or a bear-off within reach
//!   are generated as pairs of moves by different checkers (once each) and
//!   one checker moving both dice, by either route when the routes hit
//!   differently. Otherwise every order is tried and duplicates removed.
//!
//! The generators themselves are those every game shares
//! (`crate::movegen_common::generate`); this file gives Portes's hooks.

use super::play::Play;
use super::position::{BAR, Position, flip, nib, nibble};
use super::rules::PortesRules;
use crate::color::Color;
use crate::dice::Dice;
use crate::keyset::KeySet;
use crate::movegen_common::bits::{each_bit, highest, nibble_sum, occupancy};
use crate::movegen_common::count::StartBoard;
use crate::movegen_common::generate::{self, Collected, Collector, Partial, Plan, Rules, Sink};
use crate::movegen_common::generator::{self, Generator};
use crate::play::Move;
use crate::tavli::GameKind;

/// Points 1..=6 (the home board) and bit 0 (off), in a point bit set.
const HOME_OR_OFF: u32 = 0b111_1111;

/// A partial play.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Seq {
    own: u128,
    /// Points (1..=25) where the mover has checkers.
    occ: u32,
    /// Points where an opposing blot has been hit.
    hits: u32,
    /// The moves so far, 16 bits each (`from | to << 8`), the first lowest:
    /// whole-word updates, so copying a `Seq` never waits on byte stores.
    moves: u64,
    /// The number of moves (bits 0..8) and which hit (bit 8 + i: move i).
    meta: u32,
}

impl Seq {
    /// The moves made, as a play holds them.
    #[inline]
    fn move_list(&self) -> [Move; 4] {
        let mut out = [Move::default(); 4];
        for (i, m) in out.iter_mut().enumerate().take(usize::from(self.len())) {
            let bits = (self.moves >> (16 * i)) as u16;
            *m = Move { from: bits as u8, to: (bits >> 8) as u8 };
        }
        out
    }

    #[inline(always)]
    fn all_off(&self) -> bool {
        self.own & 0xF == 15
    }
}

impl Partial for Seq {
    #[inline(always)]
    fn occ(&self) -> u32 {
        self.occ
    }

    /// The number of moves made.
    #[inline(always)]
    fn len(&self) -> u8 {
        self.meta as u8
    }

    /// The name of the position this partial play reaches: the mover's
    /// checkers and the points hit.
    #[inline(always)]
    fn key(&self) -> u128 {
        self.own | u128::from(self.hits >> 1) << 104
    }
}

/// What stays fixed while the side on roll plays one roll.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ctx {
    /// Points 1..=24 the mover may land on (fewer than two opposing checkers).
    open: u32,
    /// Points holding exactly one opposing checker.
    blots: u32,
    own0: u128,
    opp0: u128,
    /// `opp0` in the opponent's own numbering, as the next position holds it.
    opp0_flipped: u128,
    occ0: u32,
    multi0: u32,
    /// The mover's checkers outside its home board, the bar included.
    outside: u32,
    turn: Color,
    /// The game being played, which the positions reached carry.
    game: GameKind,
    rules: PortesRules,
}

impl Ctx {
    pub(crate) fn new(pos: &Position, rules: PortesRules) -> Ctx {
        let (opp_any, opp_multi) = occupancy(pos.opp & !(0xF << (4 * BAR)));
        let (occ0, multi0) = occupancy(pos.own);
        Ctx {
            open: 0x1FF_FFFE & !opp_multi,
            blots: opp_any & !opp_multi,
            own0: pos.own,
            opp0: pos.opp,
            opp0_flipped: flip(pos.opp),
            occ0,
            multi0,
            outside: nibble_sum(pos.own >> (4 * 7)),
            turn: pos.turn,
            game: pos.game,
            rules,
        }
    }

    /// Can a play need duplicate removal: a non-doublet with a checker on
    /// the bar or a bear-off within reach (both make move order matter)?
    /// Doublets never do: canonical order is legal order here (a higher
    /// checker moving first only brings checkers home sooner and empties
    /// higher points sooner; the bar, point 25, goes first as the rules
    /// demand), and a game end stops the play in any order.
    #[inline]
    fn every_order(&self, dice: Dice) -> bool {
        !dice.is_doublet() && (self.occ0 >> BAR & 1 == 1 || self.outside <= 1)
    }

    /// How to generate the plays of `dice`.
    #[inline]
    fn plan(&self, dice: Dice) -> Plan {
        if self.every_order(dice) { Plan::EveryOrder } else { Plan::Unique }
    }

    /// The board a finished sequence leaves, the mover still on roll.
    #[inline]
    fn board_after(&self, s: &Seq) -> Position {
        // Each point hit held one opposing checker: it goes to the bar.
        let mut opp = self.opp0;
        let mut m = s.hits;
        while m != 0 {
            opp &= !(0xF << (4 * m.trailing_zeros()));
            opp += nib(BAR);
            m &= m - 1;
        }
        Position { own: s.own, opp, turn: self.turn, game: self.game }
    }

    /// The play a finished sequence makes.
    #[inline]
    fn finish(&self, s: &Seq) -> Play {
        let after = self.board_after(s);
        let result = if s.all_off() { after.outcome_with(&self.rules) } else { None };
        Play {
            moves: s.move_list(),
            len: s.len(),
            marks: (s.meta >> 8) as u8,
            position: if result.is_some() { after } else { after.pass_turn() },
            result,
            mover: self.turn,
        }
    }

    /// The position a finished sequence reaches, as its play holds it (the
    /// opponent on roll unless the game is over): all perft needs. The hits
    /// are made on the opponent's checkers in its own numbering, so only the
    /// mover's side is turned round per play.
    #[inline]
    fn finish_position(&self, s: &Seq) -> Position {
        if s.all_off() {
            return self.board_after(s);
        }
        Position { own: self.opp_turned(s.hits), opp: flip(s.own), turn: self.turn.opponent(), game: self.game }
    }

    /// The position after `s` and the move bearing off the last checker.
    #[cold]
    fn game_over_after(&self, s: &Seq, from: u32, die: u32) -> Position {
        self.finish_position(&self.apply::<Collector<'_, Ctx, Position>>(s, from, die))
    }

    /// The opponent's checkers in its own numbering after the blots on
    /// `hits` (the mover's numbering) went to the bar.
    #[inline(always)]
    fn opp_turned(&self, hits: u32) -> u128 {
        let mut opp = self.opp0_flipped;
        let mut m = hits;
        while m != 0 {
            // Point p in the mover's numbering is 25 − p in the opponent's.
            opp &= !(0xF << (4 * (25 - m.trailing_zeros())));
            opp += nib(BAR);
            m &= m - 1;
        }
        opp
    }
}

/// Portes's hooks: the bar (point 25) moves first, a landing hits a blot,
/// bearing off needs every checker home, and the last checker off ends the
/// game (its result is worked out when the play is built).
impl Rules for Ctx {
    type Seq = Seq;
    type End = ();
    const TOP: u32 = BAR;
    const CANONICAL_ENDS: bool = true;

    #[inline]
    fn start(&self) -> Seq {
        Seq { own: self.own0, occ: self.occ0, hits: 0, moves: 0, meta: 0 }
    }

    #[inline(always)]
    fn start_board(&self) -> StartBoard {
        StartBoard { own: self.own0, occ: self.occ0, multi: self.multi0, open: self.open }
    }

    #[inline(always)]
    fn step<S: Sink<Self>>(&self, s: &Seq, from: u32, die: u32) -> Option<Seq> {
        // While a checker is on the bar, nothing else moves.
        if from != BAR && s.occ >> BAR & 1 == 1 {
            return None;
        }
        if from > die {
            if self.open >> (from - die) & 1 == 0 {
                return None;
            }
        } else if s.occ & !HOME_OR_OFF != 0 || (from < die && highest(s.occ) != from) {
            // Bearing off: all checkers home; a die larger than the point
            // only from the highest occupied point.
            return None;
        }
        Some(self.apply::<S>(s, from, die))
    }

    #[inline(always)]
    fn apply<S: Sink<Self>>(&self, s: &Seq, from: u32, die: u32) -> Seq {
        let to = from.saturating_sub(die);
        let mut n = *s;
        n.own = n.own - nib(from) + nib(to);
        if nibble(n.own, from) == 0 {
            n.occ &= !(1 << from);
        }
        n.occ |= (1 << to) & !1;
        let hit = (self.blots & !s.hits) >> to & 1;
        n.hits |= hit << to;
        if S::MOVES {
            let len = n.meta & 0xFF;
            n.moves |= u64::from(from | to << 8) << (16 * len);
            n.meta = (n.meta & !0xFF) + (len + 1) + (hit << (8 + len));
        } else {
            n.meta += 1;
        }
        n
    }

    #[inline(always)]
    fn sources(&self, s: &Seq, die: u32) -> u32 {
        if s.occ >> BAR & 1 == 1 {
            return (self.open >> (BAR - die) & 1) << BAR;
        }
        let mut m = s.occ & (self.open << die);
        if s.occ & !HOME_OR_OFF == 0 {
            // Bearing off: from the point of the die, or from the highest
            // point when it is lower than the die.
            let top = highest(s.occ);
            m |= s.occ & (1 << die);
            if top < die {
                m |= 1 << top;
            }
        }
        m
    }

    #[inline(always)]
    fn terminal(&self, s: &Seq) -> Option<()> {
        s.all_off().then_some(())
    }

    /// One checker moving both dice hits differently by the two routes
    /// when either intermediate point holds a blot.
    #[inline(always)]
    fn routes_differ(&self, via_hi: u32, via_lo: u32) -> bool {
        ((self.blots >> via_hi) | (self.blots >> via_lo)) & 1 == 1
    }
}

impl Collected<Ctx> for Play {
    const MOVES: bool = true;

    #[inline]
    fn from(ctx: &Ctx, s: &Seq, _: Option<()>) -> Play {
        ctx.finish(s)
    }
}

impl Collected<Ctx> for Position {
    const MOVES: bool = false;

    #[inline]
    fn from(ctx: &Ctx, s: &Seq, _: Option<()>) -> Position {
        ctx.finish_position(s)
    }

    /// Each leaf built from its parent's sides turned round once: the
    /// mover's last move and its hit made in the next position's numbering.
    #[inline(always)]
    fn push_each(ctx: &Ctx, s: &Seq, die: u32, sources: u32, out: &mut Vec<Position>) {
        // In the opponent's numbering point p is 25 − p; off and bar stay.
        let turned = |p: u32| if p == 0 || p == BAR { p } else { 25 - p };
        let mover = flip(s.own);
        let opp = ctx.opp_turned(s.hits);
        let turn = ctx.turn.opponent();
        out.reserve(sources.count_ones() as usize);
        each_bit(sources, |from| {
            let to = from.saturating_sub(die);
            if to == 0 && s.own & 0xF == 14 {
                // The last checker off: the game is over, nobody to turn to.
                out.push(ctx.game_over_after(s, from, die));
                return;
            }
            let mut own = opp;
            if (ctx.blots & !s.hits) >> to & 1 == 1 {
                own = own - (own & (0xF << (4 * (25 - to)))) + nib(BAR);
            }
            out.push(Position { own, opp: mover - nib(turned(from)) + nib(turned(to)), turn, game: ctx.game });
        });
    }
}

/// A reusable legal-play generator for Portes: it keeps its scratch space,
/// so generating allocates nothing once warm (give it the same `out`).
///
/// ```
/// use tavli_core::Dice;
/// use tavli_core::portes::{MoveGen, Position};
/// let mut movegen = MoveGen::new();
/// let mut plays = Vec::new();
/// movegen.plays(&Position::start(), Dice::new(6, 6).unwrap(), &mut plays);
/// assert_eq!(plays.len(), 11); // TAVLI.md P0
/// assert_eq!(movegen.count(&Position::start(), Dice::new(6, 6).unwrap()), 11);
/// ```
pub struct MoveGen {
    set: KeySet,
    /// The generators' scratch space for every-order doublets, which
    /// Portes never takes (see `Ctx::every_order`); it stays empty.
    seen: KeySet,
    rules: PortesRules,
}

impl Default for MoveGen {
    fn default() -> Self {
        MoveGen::new()
    }
}

impl MoveGen {
    /// A generator under the default rules.
    pub fn new() -> MoveGen {
        MoveGen::with_rules(PortesRules::default())
    }

    /// A generator whose game-ending plays score under `rules`.
    pub fn with_rules(rules: PortesRules) -> MoveGen {
        MoveGen { set: KeySet::new(), seen: KeySet::new(), rules }
    }

    /// Fills `out` with the legal plays of `pos` for `dice`: one per distinct
    /// resulting position; a single pass when nothing can be played; nothing
    /// when the game is already over.
    pub fn plays(&mut self, pos: &Position, dice: Dice, out: &mut Vec<Play>) {
        Generator::plays(self, pos, dice, out);
    }

    /// The number of legal plays, without building them (a pass counts as
    /// one; 0 when the game is over).
    pub fn count(&mut self, pos: &Position, dice: Dice) -> u32 {
        Generator::count(self, pos, dice)
    }
}

/// Portes's generator: its context under the generator's rules and its
/// plan; every play is counted by generating.
impl Generator for MoveGen {
    type Position = Position;
    type Ctx = Ctx;

    #[inline]
    fn ctx(&self, pos: &Position) -> Ctx {
        Ctx::new(pos, self.rules)
    }

    #[inline]
    fn collect_plays(&mut self, ctx: &Ctx, dice: Dice, out: &mut Vec<Play>) {
        generate::collect(ctx, dice, ctx.plan(dice), &mut self.set, &mut self.seen, out);
    }

    #[inline]
    fn collect_positions(&mut self, ctx: &Ctx, dice: Dice, out: &mut Vec<Position>) {
        generate::collect(ctx, dice, ctx.plan(dice), &mut self.set, &mut self.seen, out);
    }

    #[inline]
    fn count_with(&mut self, ctx: &Ctx, dice: Dice) -> u32 {
        generate::count(ctx, dice, ctx.plan(dice), &mut self.set, &mut self.seen)
    }
}

thread_local! {
    static GEN: std::cell::RefCell<MoveGen> = std::cell::RefCell::new(MoveGen::new());
}

impl Position {
    /// The legal plays for `dice` under the default rules (see
    /// [`MoveGen::plays`]).
    ///
    /// ```
    /// use tavli_core::Dice;
    /// use tavli_core::portes::Position;
    /// let plays = Position::start().legal_plays(Dice::new(6, 5).unwrap());
    /// assert!(plays.iter().any(|p| p.to_string() == "24/18/13"));
    /// ```
    pub fn legal_plays(&self, dice: Dice) -> Vec<Play> {
        self.legal_plays_with(dice, &PortesRules::default())
    }

    /// The legal plays for `dice` under `rules`: the same plays, the ones
    /// that end the game scored as `rules` say.
    ///
    /// ```
    /// use tavli_core::{Dice, portes_pos};
    /// use tavli_core::portes::PortesRules;
    /// // White bears off its last checker; Black has one on the bar.
    /// let p = portes_pos!(White; white {1: 1}; black {bar: 1, 19: 14});
    /// let d = Dice::new(2, 1).unwrap();
    /// let win = |r: &PortesRules| p.legal_plays_with(d, r)[0].result().unwrap().points;
    /// assert_eq!(win(&PortesRules::default()), 2);
    /// assert_eq!(win(&PortesRules { backgammons_count_3: true }), 3);
    /// ```
    pub fn legal_plays_with(&self, dice: Dice, rules: &PortesRules) -> Vec<Play> {
        let mut out = Vec::new();
        generator::with_cached(
            &GEN,
            || MoveGen::with_rules(*rules),
            |g| {
                g.rules = *rules;
                g.plays(self, dice, &mut out);
            },
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen_common::testing::{assert_unique_is_every_order, random_positions};

    /// The first 20,000 positions of seeded random games.
    fn positions(seed: u64) -> impl Iterator<Item = Position> {
        let legal = |_, pos: &Position, dice| pos.legal_plays(dice);
        random_positions(Position::start(), seed, 1_000, 1_000, legal).into_iter().map(|(p, _)| p).take(20_000)
    }

    /// The one-per-position generator gives exactly the plays of the
    /// every-order generator with duplicates removed.
    #[test]
    fn unique_generation_matches_every_order() {
        let (mut set, mut seen) = (KeySet::new(), KeySet::new());
        let mut checked = 0;
        for pos in positions(11) {
            let ctx = Ctx::new(&pos, PortesRules::default());
            for d in Dice::ALL.into_iter().filter(|d| !d.is_doublet() && !ctx.every_order(*d)) {
                let reached = |p: &Play| (p.position().own, p.position().opp);
                assert_unique_is_every_order(&ctx, d, (&mut set, &mut seen), reached, &pos);
                checked += 1;
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// The positions perft walks (each doublet's last move built in the
    /// next position's numbering) are exactly the positions of the plays,
    /// and the counts agree, over random games with hits, entering, bearing
    /// off and game-ending plays.
    #[test]
    fn positions_and_counts_are_those_of_the_plays() {
        let (mut movegen, mut plays, mut positions) = (MoveGen::new(), Vec::new(), Vec::new());
        let (mut checked, mut game_ends) = (0, 0);
        for pos in self::positions(12) {
            let ctx = Ctx::new(&pos, PortesRules::default());
            for d in Dice::ALL {
                movegen.plays(&pos, d, &mut plays);
                movegen.positions_with(&ctx, &pos, d, &mut positions);
                let mut want: Vec<Position> = plays.iter().map(|p| *p.position()).collect();
                game_ends += plays.iter().filter(|p| p.result().is_some()).count();
                let key = |p: &Position| (p.own, p.opp, p.turn == Color::White);
                want.sort_by_key(key);
                positions.sort_by_key(key);
                assert_eq!(positions, want, "{pos:?} {d}");
                assert_eq!(movegen.count(&pos, d) as usize, want.len(), "{pos:?} {d}");
                checked += 1;
            }
        }
        assert!(checked > 400_000 && game_ends > 100, "{checked} {game_ends}");
    }
}
