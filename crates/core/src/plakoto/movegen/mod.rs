//! Legal plays: all and only the distinct positions reached by the maximal
//! sequences of single moves for a roll (RULES.md, "Moving").
//!
//! Two facts make this fast. First, nothing the mover does changes which
//! points it may land on (it cannot move opposing checkers or free its own
//! pinned ones), so the open points are computed once per position.
//! Second, with those fixed, a play's result is determined by the mover's
//! checker counts alone, a 128-bit nibble vector that doubles as the key for
//! removing duplicates. Doublets are generated in canonical order (sources
//! never increasing), which reaches every multiset of moves exactly once
//! and so needs no duplicate check, except when the game could end during
//! the roll: a game-ending move stops the play, which makes move order
//! matter, so those rolls take the exhaustive path.
//!
//! The generators themselves are those every game shares
//! (`crate::movegen_common::generate`); this file gives Plakoto's hooks.
//!
//! The options of the pinning games ([`PlakotoRules`]) are settled once per
//! position in [`Ctx::new`], never in the hot loops: a mother played out
//! only changes when the mother is watched (`mother_watch`), and bearing
//! off past a pin only which positions may bear off (`may_bear`) and which
//! checker is the highest (`own_pinned0`, empty whenever a pin stops
//! bearing off, as it always does under RULES.md).

mod count;

use std::cell::RefCell;

use crate::keyset::KeySet;

use crate::color::Color;
use crate::dice::Dice;
use crate::movegen_common::bits::{NIB_LOW_BITS, each_bit, highest, nibble_sum, occupancy};
use crate::movegen_common::count::StartBoard;
use crate::movegen_common::generate::{self, Collected, Plan, Rules, Seq, Sink};
use crate::movegen_common::generator::{self, Generator};
use crate::plakoto::play::Play;
use crate::plakoto::position::{HOME, Position, nib, nibble, reverse_mask, reverse_points};
use crate::plakoto::rules::{BearOff, Mother, PlakotoRules};
use crate::result::{GameResult, Reason, win_points};
use crate::tavli::GameKind;

/// What stays fixed while the side on roll plays one roll.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ctx {
    /// Points (mover's numbering) the mover may land on.
    open: u32,
    /// Points holding exactly one opposing checker that a checker of ours
    /// there pins: a lone non-pinning one, or one already pinned by us.
    pinnable: u32,
    /// No checker of ours is pinned (a bear-off can then end the game).
    no_own_pins: bool,
    /// No pin of ours stops bearing off: none at all (RULES.md), or none
    /// outside the home board (bearing off past pins).
    may_bear: bool,
    /// The opponent's mother stands alone on our 1-point, so landing there
    /// can decide the game by the mother rule (under the mother played
    /// out, only when ours is pinned: both pinned is a draw).
    mother_watch: bool,
    own_mother_pinned: bool,
    opp_off: u8,
    turn: Color,
    /// The game being played, which the positions reached carry.
    game: GameKind,
    /// The mover's pinned checkers (they stay so during the roll).
    own_pinned0: u32,
    /// The mover's checkers at the start of the roll.
    own0: u128,
    /// Points where the mover has checkers on top, and two or more.
    occ0: u32,
    multi0: u32,
    /// The mover's checkers outside its home board (points 7..=24, on top).
    outside: u32,
    /// The mover's checkers on top anywhere on the board.
    on_board: u32,
    /// `pinnable` as a nibble vector (1 in each pinnable point's nibble).
    pinnable_nibs: u128,
    /// The opposing checkers on top with every pinnable point emptied.
    opp_after0: u128,
}

impl Ctx {
    /// The context of `pos` under its own game's rules.
    pub(crate) fn new(pos: &Position) -> Ctx {
        Ctx::with(pos, &pos.rules())
    }

    /// The context of `pos` under `rules`.
    pub(crate) fn with(pos: &Position, rules: &PlakotoRules) -> Ctx {
        // Opposing counts: 2+ blocks; exactly 1 blocks only when it pins ours.
        let (opp_any, opp_multi) = occupancy(pos.opp);
        let opp_one = opp_any & !opp_multi;
        let open = (0x1FF_FFFE & !opp_multi) & !(opp_one & pos.own_pinned);
        let lone = opp_one & !pos.own_pinned;
        let pinnable = lone | pos.opp_pinned;
        let (occ0, multi0) = occupancy(pos.own);
        let mut pinnable_nibs = 0u128;
        let mut m = pinnable;
        while m != 0 {
            pinnable_nibs |= nib(m.trailing_zeros());
            m &= m - 1;
        }
        let own_mother_pinned = pos.own_pinned >> 24 & 1 == 1;
        let may_bear = match rules.bear_off {
            BearOff::Unpinned => pos.own_pinned == 0,
            BearOff::PastPins => pos.own_pinned & !HOME == 0,
        };
        Ctx {
            pinnable_nibs,
            opp_after0: pos.opp & !(pinnable_nibs * 0xF),
            own_pinned0: pos.own_pinned,
            own0: pos.own,
            occ0,
            multi0,
            outside: nibble_sum(pos.own >> (4 * 7)),
            on_board: nibble_sum(pos.own & !0xF),
            open,
            pinnable,
            no_own_pins: pos.own_pinned == 0,
            may_bear,
            mother_watch: pinnable & 2 != 0 && (rules.mother == Mother::Greek || own_mother_pinned),
            own_mother_pinned,
            opp_off: nibble(pos.opp, 0),
            turn: pos.turn,
            game: pos.game,
        }
    }

    /// How to generate the plays of `dice`: each position once by
    /// construction unless the game could end during the roll (a
    /// game-ending move stops the play, which makes move order matter) or,
    /// for a non-doublet, a bear-off is within reach.
    fn plan(&self, dice: Dice) -> Plan {
        let (hi, lo) = (dice.high() as u32, dice.low() as u32);
        let every_order = if hi != lo {
            self.bear_off_within(2) || self.may_end_within(&[hi, lo, hi + lo])
        } else {
            self.may_end_within(&[hi, 2 * hi, 3 * hi, 4 * hi]) || (self.no_own_pins && self.on_board <= 4)
        };
        if every_order { Plan::EveryOrder } else { Plan::Unique }
    }

    /// The opposing checkers on top once the mover's checkers are `own`:
    /// lone ones we now cover are pinned (off the top count), those we left
    /// are free again (back on top).
    #[inline(always)]
    fn opp_after(&self, own: u128) -> u128 {
        let covered = (own | own >> 1 | own >> 2 | own >> 3) & NIB_LOW_BITS;
        self.opp_after0 | (self.pinnable_nibs & !covered)
    }

    /// [`Ctx::opp_after`] in the opponent's own numbering.
    #[inline(always)]
    fn opp_turned(&self, own: u128) -> u128 {
        reverse_points(self.opp_after(own))
    }

    /// The position a finished sequence reaches: the opponent on roll
    /// unless the game is over.
    #[inline]
    fn finish_position(&self, s: &Seq, result: Option<GameResult>) -> Position {
        let after = Position {
            own: s.own,
            opp: self.opp_after(s.own),
            own_pinned: self.own_pinned0,
            opp_pinned: self.pinnable & s.occ,
            turn: self.turn,
            game: self.game,
        };
        if result.is_some() { after } else { after.pass_turn() }
    }
}

/// Plakoto's hooks: a landing pins a lone opposing checker, bearing off
/// needs no checker of ours pinned, and the mother rule can end the game.
impl Rules for Ctx {
    type Seq = Seq;
    type End = GameResult;
    const TOP: u32 = 24;
    // The plan takes every order whenever a move could end the game.
    const CANONICAL_ENDS: bool = false;

    #[inline]
    fn start(&self) -> Seq {
        Seq::start(self.own0, self.occ0)
    }

    #[inline(always)]
    fn start_board(&self) -> StartBoard {
        StartBoard { own: self.own0, occ: self.occ0, multi: self.multi0, open: self.open }
    }

    #[inline(always)]
    fn step<S: Sink<Self>>(&self, s: &Seq, from: u32, die: u32) -> Option<Seq> {
        if from > die {
            if self.open >> (from - die) & 1 == 0 {
                return None;
            }
        } else if !self.may_bear || s.occ & !HOME != 0 || (from < die && highest(s.occ | self.own_pinned0) != from) {
            // Bearing off: every checker home and none pinned (or, past
            // pins, none pinned outside home); a die larger than the point
            // only from the highest point with a checker of ours, pinned
            // ones included (under RULES.md a pin stops bearing off first).
            return None;
        }
        Some(self.apply::<S>(s, from, die))
    }

    #[inline(always)]
    fn apply<S: Sink<Self>>(&self, s: &Seq, from: u32, die: u32) -> Seq {
        let to = from.saturating_sub(die);
        // Landing on a lone opposing checker not already under us pins it.
        let pin = S::MOVES && (self.pinnable & !s.occ) >> to & 1 == 1;
        s.moved(from, to, S::MOVES, pin)
    }

    #[inline(always)]
    fn sources(&self, s: &Seq, die: u32) -> u32 {
        let mut m = s.occ & (self.open << die);
        if self.may_bear && s.occ & !HOME == 0 {
            // A pinned checker may be the highest (past pins), and cannot move.
            let top = highest(s.occ | self.own_pinned0 | 1);
            m |= s.occ & (1 << die);
            if top < die && top > 0 {
                m |= s.occ & (1 << top);
            }
        }
        m
    }

    #[inline(always)]
    fn terminal(&self, s: &Seq) -> Option<GameResult> {
        if s.own & 0xF == 15 {
            return Some(GameResult::win(self.turn, win_points(self.opp_off), Reason::BearOff));
        }
        if self.mother_watch && s.occ & 2 != 0 {
            if self.own_mother_pinned {
                return Some(GameResult::draw());
            }
            if s.occ >> 24 & 1 == 0 {
                return Some(GameResult::win(self.turn, 2, Reason::Mother));
            }
        }
        None
    }
}

impl Collected<Ctx> for Play {
    const MOVES: bool = true;

    #[inline]
    fn from(ctx: &Ctx, s: &Seq, result: Option<GameResult>) -> Play {
        s.play(ctx.finish_position(s, result), result, ctx.turn)
    }
}

impl Collected<Ctx> for Position {
    const MOVES: bool = false;

    #[inline]
    fn from(ctx: &Ctx, s: &Seq, result: Option<GameResult>) -> Position {
        ctx.finish_position(s, result)
    }

    /// Each leaf built from its parent's sides turned round once: the last
    /// move, and the pin it makes or releases, made in the next position's
    /// numbering.
    #[inline(always)]
    fn push_each(ctx: &Ctx, s: &Seq, die: u32, sources: u32, out: &mut Vec<Position>) {
        // In the opponent's numbering point p is 25 − p; off stays 0.
        let turned = |p: u32| if p == 0 { 0 } else { 25 - p };
        let mover = reverse_points(s.own);
        let opp = ctx.opp_turned(s.own);
        let (opp_pinned, turn) = (reverse_mask(ctx.own_pinned0), ctx.turn.opponent());
        out.reserve(sources.count_ones() as usize);
        each_bit(sources, |from| {
            let to = from.saturating_sub(die);
            let left = nibble(s.own, from) == 1;
            let occ = (s.occ & !(u32::from(left) << from)) | ((1 << to) & !1);
            let mut own = opp;
            // A lone opposing checker newly covered is pinned (off the top);
            // one we no longer cover is on top again.
            if (ctx.pinnable & !s.occ) >> to & 1 == 1 && to > 0 {
                own -= nib(turned(to));
            }
            if left && ctx.pinnable >> from & 1 == 1 {
                own += nib(turned(from));
            }
            out.push(Position {
                own,
                opp: mover - nib(turned(from)) + nib(turned(to)),
                own_pinned: reverse_mask(ctx.pinnable & occ),
                opp_pinned,
                turn,
                game: ctx.game,
            });
        });
    }
}

/// A reusable legal-play generator: keeps its scratch space between calls,
/// so generating allocates nothing once warm.
///
/// ```
/// use tavli_core::{Dice, MoveGen, Position};
/// let mut movegen = MoveGen::new();
/// let mut plays = Vec::new();
/// movegen.plays(&Position::start(), Dice::new(6, 4).unwrap(), &mut plays);
/// // 24/18 24/20, and 24/18/14 (the same position as 24/20/14).
/// assert_eq!(plays.len(), 2);
/// ```
pub struct MoveGen {
    /// The rules plays are generated by: each position's own game's when
    /// `None` ([`Position::rules`]).
    rules: Option<PlakotoRules>,
    set: KeySet,
    seen: KeySet,
}

impl Default for MoveGen {
    fn default() -> Self {
        MoveGen::new()
    }
}

impl MoveGen {
    /// A generator with empty scratch space, generating each position's
    /// plays by its own game's rules.
    pub fn new() -> MoveGen {
        MoveGen { rules: None, set: KeySet::new(), seen: KeySet::new() }
    }

    /// A generator of the plays under `rules`, whatever the position's game.
    ///
    /// ```
    /// use tavli_core::plakoto::{Mother, MoveGen, PlakotoRules};
    /// use tavli_core::{Dice, Position};
    /// let play_out = PlakotoRules { mother: Mother::PlayOut, ..PlakotoRules::default() };
    /// let mut movegen = MoveGen::with_rules(play_out);
    /// assert_eq!(movegen.count(&Position::start(), Dice::new(6, 4).unwrap()), 2);
    /// ```
    pub fn with_rules(rules: PlakotoRules) -> MoveGen {
        MoveGen { rules: Some(rules), ..MoveGen::new() }
    }

    /// Fills `out` with the legal plays of `pos` for `dice`: one per distinct
    /// resulting position; a single pass when nothing can be played; nothing
    /// when the game is already over.
    pub fn plays(&mut self, pos: &Position, dice: Dice, out: &mut Vec<Play>) {
        Generator::plays(self, pos, dice, out);
    }

    /// The number of legal plays (a pass counts as one; 0 if the game is over).
    pub fn count(&mut self, pos: &Position, dice: Dice) -> u32 {
        Generator::count(self, pos, dice)
    }

    /// Counts by generating (no closed form): bear-offs and game ends.
    pub(crate) fn count_enumerated(&mut self, ctx: &Ctx, dice: Dice) -> u32 {
        generate::count(ctx, dice, ctx.plan(dice), &mut self.set, &mut self.seen)
    }
}

/// Plakoto's generator: its context, its plan, and its closed counts
/// where they hold.
impl Generator for MoveGen {
    type Position = Position;
    type Ctx = Ctx;

    #[inline]
    fn ctx(&self, pos: &Position) -> Ctx {
        match &self.rules {
            None => Ctx::new(pos),
            Some(rules) => Ctx::with(pos, rules),
        }
    }

    #[inline]
    fn over(&self, pos: &Position) -> bool {
        match &self.rules {
            None => pos.outcome().is_some(),
            Some(rules) => pos.outcome_with(rules).is_some(),
        }
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
        let (hi, lo) = (dice.high() as u32, dice.low() as u32);
        let fast = if hi != lo { ctx.fast_count_non_double(hi, lo) } else { ctx.fast_count_double(hi) };
        match fast {
            Some(n) => n,
            None => self.count_enumerated(ctx, dice),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen_common::testing::{assert_unique_is_every_order, random_positions};

    /// Positions of `games` seeded random games.
    fn positions(seed: u64, games: usize) -> Vec<Position> {
        let legal = |_, pos: &Position, dice| pos.legal_plays(dice);
        random_positions(Position::start(), seed, games, 200, legal).into_iter().map(|(p, _)| p).collect()
    }

    /// The closed-form counts agree with enumeration wherever they apply,
    /// over positions from seeded random games.
    #[test]
    fn fast_counts_match_enumeration() {
        let mut movegen = MoveGen::new();
        let mut checked = 0;
        for pos in positions(5, 300) {
            let ctx = Ctx::new(&pos);
            for d in Dice::ALL {
                let (hi, lo) = (d.high() as u32, d.low() as u32);
                let fast = if hi != lo { ctx.fast_count_non_double(hi, lo) } else { ctx.fast_count_double(hi) };
                if let Some(n) = fast {
                    assert_eq!(n, movegen.count_enumerated(&ctx, d), "{pos:?} {d}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// The one-per-position generators give exactly the plays of the
    /// every-order generator with duplicates removed.
    #[test]
    fn unique_generation_matches_every_order() {
        let (mut set, mut seen) = (KeySet::new(), KeySet::new());
        let mut checked = 0;
        for pos in positions(9, 200) {
            let ctx = Ctx::new(&pos);
            for d in Dice::ALL.into_iter().filter(|&d| ctx.plan(d) == Plan::Unique) {
                let own_key = |p: &Play| p.position().with_turn(pos.turn()).own_key();
                assert_unique_is_every_order(&ctx, d, (&mut set, &mut seen), own_key, &pos);
                checked += 1;
            }
        }
        assert!(checked > 50_000, "{checked}");
    }

    /// The positions perft walks (each play's last move built in the next
    /// position's numbering, pins made and released) are exactly the
    /// positions of the plays, and the counts agree, over random games.
    #[test]
    fn positions_and_counts_are_those_of_the_plays() {
        let (mut movegen, mut plays, mut positions) = (MoveGen::new(), Vec::new(), Vec::new());
        let (mut checked, mut game_ends, mut pins) = (0, 0, 0);
        for pos in self::positions(13, 300) {
            let ctx = Ctx::new(&pos);
            for d in Dice::ALL {
                movegen.plays(&pos, d, &mut plays);
                movegen.positions_with(&ctx, &pos, d, &mut positions);
                let mut want: Vec<Position> = plays.iter().map(|p| *p.position()).collect();
                game_ends += plays.iter().filter(|p| p.result().is_some()).count();
                pins += plays.iter().filter(|p| p.position().own_pinned != 0).count();
                let key = |p: &Position| (p.own, p.opp, p.own_pinned, p.opp_pinned, p.turn == Color::White);
                want.sort_by_key(key);
                positions.sort_by_key(key);
                assert_eq!(positions, want, "{pos:?} {d}");
                assert_eq!(movegen.count(&pos, d) as usize, want.len(), "{pos:?} {d}");
                checked += 1;
            }
        }
        assert!(checked > 400_000 && game_ends > 100 && pins > 100_000, "{checked} {game_ends} {pins}");
    }
}

thread_local! {
    static GEN: RefCell<MoveGen> = RefCell::new(MoveGen::new());
}

impl Position {
    /// The legal plays for `dice` (see [`MoveGen::plays`]).
    ///
    /// ```
    /// use tavli_core::{Dice, Position};
    /// let plays = Position::start().legal_plays(Dice::new(6, 4).unwrap());
    /// // 24/18 24/20, and 24/18/14 (the same position as 24/20/14).
    /// assert_eq!(plays.len(), 2);
    /// assert!(plays.iter().all(|p| p.moves().len() == 2));
    /// ```
    pub fn legal_plays(&self, dice: Dice) -> Vec<Play> {
        let mut out = Vec::new();
        generator::with_cached(&GEN, MoveGen::new, |g| {
            g.rules = None;
            g.plays(self, dice, &mut out)
        });
        out
    }

    /// The legal plays for `dice` under `rules` (a match's options), not
    /// the position's game's own.
    ///
    /// ```
    /// use tavli_core::plakoto::{Mother, PlakotoRules};
    /// use tavli_core::{Dice, Position};
    /// // REGIONAL.md TP2: Black's mother alone on White's 1-point.
    /// let p = Position::from_json(
    ///     r#"{"turn":"white","board":{"12":-14,"7":1,"6":3,"5":3,"4":3,"3":3,"2":2,"1":-1}}"#,
    /// )
    /// .unwrap();
    /// let d = Dice::new(6, 1).unwrap();
    /// assert_eq!(p.legal_plays(d).len(), 7);
    /// let play_out = PlakotoRules { mother: Mother::PlayOut, ..PlakotoRules::default() };
    /// assert_eq!(p.legal_plays_with(d, &play_out).len(), 6);
    /// ```
    pub fn legal_plays_with(&self, dice: Dice, rules: &PlakotoRules) -> Vec<Play> {
        let mut out = Vec::new();
        generator::with_cached(
            &GEN,
            || MoveGen::with_rules(*rules),
            |g| {
                g.rules = Some(*rules);
                g.plays(self, dice, &mut out)
            },
        );
        out
    }
}
