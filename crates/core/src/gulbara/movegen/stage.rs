//! One stage: up to four moves of one number, as many as can be played
//! (a ladder's stage, pending dice, or a stage handed over). The shared
//! doublet generators always play four; a stage handed over may hold
//! fewer, so the stage has this small generator of its own, on the same
//! two plans: each position once by construction when nobody can bear off
//! within the stage (sources never increasing), every order with the
//! positions met kept apart when someone can.

use super::{Ctx, step_ok};
use crate::keyset::KeySet;
use crate::movegen_common::bits::{each_bit, nib, nibble, nibble_sum, occupancy};
use crate::play::Move;

/// Where a stage ends: the mover's checkers, the moves that got there and
/// whether the last of them ended the game.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StageEnd {
    pub(crate) own: u128,
    pub(crate) moves: [Move; 4],
    pub(crate) len: u8,
    pub(crate) ended: bool,
}

/// The stage generator with its scratch space.
pub(crate) struct StageGen {
    /// The ends kept (each once).
    set: KeySet,
    /// Partial stages already expanded (every-order plan).
    seen: KeySet,
}

/// A partial stage.
#[derive(Clone, Copy)]
struct Part {
    own: u128,
    occ: u32,
    moves: [Move; 4],
    len: u8,
}

impl Part {
    #[inline(always)]
    fn moved(&self, from: u32, to: u32) -> Part {
        let mut n = *self;
        n.own = n.own - nib(from) + nib(to);
        if nibble(n.own, from) == 0 {
            n.occ &= !(1 << from);
        }
        n.occ |= (1 << to) & !1;
        n.moves[n.len as usize] = Move { from: from as u8, to: to as u8 };
        n.len += 1;
        n
    }
}

/// What one generation is after: the stage's die and moves, the open
/// points, and the ends of the best rank so far.
struct Run<'a> {
    open: u32,
    die: u32,
    moves: u8,
    best: u8,
    out: &'a mut Vec<StageEnd>,
}

impl StageGen {
    pub(crate) fn new() -> StageGen {
        StageGen { set: KeySet::new(), seen: KeySet::new() }
    }

    /// The legal plays of a stage of `moves` (1 to 4) moves of `die` from
    /// the position of `ctx` into `out` (cleared first): those that play
    /// the most moves, or end the game; one end with no move when none
    /// can be played.
    pub(crate) fn generate(&mut self, ctx: &Ctx, die: u8, moves: u8, out: &mut Vec<StageEnd>) {
        self.generate_from(ctx.open, ctx.own0, die, moves, out);
    }

    /// [`StageGen::generate`] with the mover's checkers `own` (the
    /// opponent's, which fix `open`, never move).
    pub(crate) fn generate_from(&mut self, open: u32, own: u128, die: u8, moves: u8, out: &mut Vec<StageEnd>) {
        out.clear();
        self.set.clear();
        self.seen.clear();
        let (occ, _) = occupancy(own);
        let start = Part { own, occ, moves: [Move::default(); 4], len: 0 };
        let mut run = Run { open, die: u32::from(die), moves, best: 0, out };
        // Bearing off needs every checker home: one move per checker
        // outside first, so fewer moves than that cannot bear off.
        let outside = nibble_sum(own >> (4 * 7));
        if outside >= u32::from(moves) {
            canonical(&mut run, &start, 24);
        } else {
            self.every_order(&mut run, &start);
        }
    }

    /// Every order of the moves, each partial stage expanded once.
    fn every_order(&mut self, run: &mut Run, s: &Part) {
        let mut any = false;
        let mut occ = s.occ;
        while occ != 0 {
            let from = 31 - occ.leading_zeros();
            occ &= !(1 << from);
            if !step_ok(run.open, s.occ, from, run.die) {
                continue;
            }
            any = true;
            let n = s.moved(from, from.saturating_sub(run.die));
            if n.own & 0xF == 15 {
                self.keep(run, &n, true);
            } else if n.len == run.moves {
                self.keep(run, &n, false);
            } else if self.seen.insert(n.own | u128::from(n.len) << 124) {
                self.every_order(run, &n);
            }
        }
        if !any {
            self.keep(run, s, false);
        }
    }

    /// Keeps `s` if it is of the best rank (a game's end ranks with a full
    /// stage) and not kept already.
    fn keep(&mut self, run: &mut Run, s: &Part, ended: bool) {
        let rank = if ended { run.moves } else { s.len };
        if rank < run.best {
            return;
        }
        if rank > run.best {
            run.best = rank;
            run.out.clear();
            self.set.clear();
        }
        if self.set.insert(s.own) {
            run.out.push(StageEnd { own: s.own, moves: s.moves, len: s.len, ended });
        }
    }
}

/// Sources never increasing (no higher than `max_from`): every multiset
/// of moves once, and, with no bear-off, every end once. A partial stage
/// stuck here is offered at its length; a longer one elsewhere outranks it.
fn canonical(run: &mut Run, s: &Part, max_from: u32) {
    let sources = if s.len == run.moves { 0 } else { s.occ & (run.open << run.die) & ((2u32 << max_from) - 1) };
    if sources == 0 {
        if s.len >= run.best {
            if s.len > run.best {
                run.best = s.len;
                run.out.clear();
            }
            run.out.push(StageEnd { own: s.own, moves: s.moves, len: s.len, ended: false });
        }
        return;
    }
    each_bit(sources, |from| canonical(run, &s.moved(from, from - run.die), from));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gulbara::Position;

    fn ends(pos: &Position, die: u8, moves: u8) -> Vec<(u128, u8, bool)> {
        let mut out = Vec::new();
        StageGen::new().generate(&Ctx::new(pos), die, moves, &mut out);
        let mut v: Vec<_> = out.iter().map(|e| (e.own, e.len, e.ended)).collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn a_stage_plays_as_many_moves_as_it_can() {
        let start = Position::start();
        // Four ones from the start: 24/23/22/21/20, …, 24/23(4): five ends.
        assert_eq!(ends(&start, 1, 4).len(), 5);
        // Three fives: 24/19/14/9, 24/19/14 24/19 (also 24/19(2) 19/14), 24/19(3).
        assert_eq!(ends(&start, 5, 3).len(), 3);
        // The sixes: 24/18 only, 18/12 is Black's start (F1).
        // Four sixes: 24/18(4), 18/12 being Black's start (F1's sixes, all four).
        let six = ends(&start, 6, 4);
        assert_eq!(six.len(), 1);
        assert_eq!((six[0].1, six[0].2), (4, false));
    }
}
