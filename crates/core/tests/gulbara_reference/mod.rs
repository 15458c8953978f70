//! A slow, plain reference for Gul bara's rules (REGIONAL.md Part 4),
//! written only against the public API, to check the fast generator
//! against: it shares none of its code.
//!
//! Nothing here is clever. A board is two arrays of counts in White's
//! numbering. A single move is one small function; a stage of a ladder is
//! every sequence of single moves of its number, kept if it plays the most
//! moves (a game's end counts as all); a roll that does not ladder is every
//! order of its dice on every checker, then "the most dice, else the
//! larger"; a ladder is its stages one after the other, each from every end
//! of the one before, the turn ending where a stage stops short (the rest
//! handed over, or lost when it was handed over already) or the game ends.
//! Only a transposition check (the same board with the same moves left
//! leads to the same ends) is there for speed.

#![allow(dead_code)] // each test file uses a different part of this module

use std::collections::{BTreeSet, HashSet};

use tavli_core::fevga;
use tavli_core::gulbara::{Position, Setup};
use tavli_core::{Color, Dice, GameResult, Reason};

const BOTH: [Color; 2] = [Color::White, Color::Black];

/// A side's own point as a point of White's numbering.
pub fn abs(color: Color, own: u8) -> u8 {
    match color {
        Color::White => own,
        Color::Black => (own + 11) % 24 + 1,
    }
}

/// A board in White's numbering (index 1..=24; 0 unused).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Board {
    pub checkers: [[u8; 25]; 2],
    pub off: [u8; 2],
}

impl Board {
    pub fn of(pos: &Position) -> Board {
        let mut b = Board { checkers: [[0; 25]; 2], off: [0; 2] };
        for c in BOTH {
            for p in 1..=24u8 {
                b.checkers[c.index()][p as usize] = pos.checkers(c, p);
            }
            b.off[c.index()] = pos.off(c);
        }
        b
    }

    /// Checkers of `c` on its own point `own`.
    fn own(&self, c: Color, own: u8) -> u8 {
        self.checkers[c.index()][abs(c, own) as usize]
    }

    /// Does `c`'s opponent stand on `c`'s own point `own`?
    fn held_against(&self, c: Color, own: u8) -> bool {
        self.checkers[c.opponent().index()][abs(c, own) as usize] > 0
    }

    fn all_home(&self, c: Color) -> bool {
        (7..=24).all(|p| self.own(c, p) == 0)
    }

    fn highest(&self, c: Color) -> u8 {
        (1..=24).rev().find(|&p| self.own(c, p) > 0).unwrap_or(0)
    }

    /// `c` moves one checker from its own point `from` by `die`, if the
    /// rules let it: to an open point (no opposing checker), or off with
    /// every checker home, from the die's point or, with a larger die,
    /// from the highest point.
    pub fn step(&self, c: Color, from: u8, die: u8) -> Option<Board> {
        if !(1..=24).contains(&from) || self.own(c, from) == 0 {
            return None;
        }
        let mut b = *self;
        b.checkers[c.index()][abs(c, from) as usize] -= 1;
        if from > die {
            if self.held_against(c, from - die) {
                return None;
            }
            b.checkers[c.index()][abs(c, from - die) as usize] += 1;
        } else {
            if !self.all_home(c) || (from < die && self.highest(c) != from) {
                return None;
            }
            b.off[c.index()] += 1;
        }
        Some(b)
    }

    pub fn won(&self, c: Color) -> bool {
        self.off[c.index()] == 15
    }
}

/// Where a whole turn ends: the board, the side on roll there, the pending
/// dice there (handed over: `true`), the counter there, and the result.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct End {
    pub board: Board,
    pub turn: Color,
    pub pending: Option<(Vec<u8>, bool)>,
    pub roll: u16,
    pub result: Option<(Color, u8)>,
}

impl End {
    /// The position this end stands for.
    pub fn position(&self) -> Position {
        let mut s = Setup::empty(self.turn);
        let mut board = fevga::Setup::empty(self.turn);
        for c in BOTH {
            for p in 1..=24 {
                board.checkers[c.index()][p] = i64::from(self.board.checkers[c.index()][p]);
            }
            board.off[c.index()] = i64::from(self.board.off[c.index()]);
        }
        s.board = board;
        s.roll = i64::from(self.roll);
        match &self.pending {
            Some((dice, true)) => s.remainder = Some(dice.iter().map(|&d| i64::from(d)).collect()),
            Some((dice, false)) => s.ladder = Some(dice.iter().map(|&d| i64::from(d)).collect()),
            None => {}
        }
        s.validate().unwrap_or_else(|e| panic!("the reference made an impossible position: {e}: {self:?}"))
    }

    pub fn game_result(&self) -> Option<GameResult> {
        self.result.map(|(w, points)| GameResult::win(w, points, Reason::BearOff))
    }
}

/// The result when `c` has just borne off its last checker.
fn result_of(b: &Board, c: Color) -> Option<(Color, u8)> {
    b.won(c).then(|| (c, if b.off[c.opponent().index()] == 0 { 2 } else { 1 }))
}

/// Every sequence of up to `n` moves of `die` by `c` from `b`, as the
/// ends reached with how many moves each played (the game's end counting
/// as all `n`); only those of the most moves.
pub fn stage(b: &Board, c: Color, die: u8, n: u8) -> BTreeSet<(Board, u8)> {
    fn rec(
        b: &Board,
        c: Color,
        die: u8,
        left: u8,
        played: u8,
        seen: &mut HashSet<(Board, u8)>,
        out: &mut Vec<(Board, u8, u8)>,
    ) {
        if !seen.insert((*b, left)) {
            return;
        }
        let mut moved = false;
        if left > 0 && !b.won(c) {
            for from in 1..=24 {
                if let Some(next) = b.step(c, from, die) {
                    moved = true;
                    rec(&next, c, die, left - 1, played + 1, seen, out);
                }
            }
        }
        if !moved {
            let rank = if b.won(c) { played + left } else { played };
            out.push((*b, played, rank));
        }
    }
    let mut out = Vec::new();
    rec(b, c, die, n, 0, &mut HashSet::new(), &mut out);
    let best = out.iter().map(|e| e.2).max().unwrap_or(0);
    out.into_iter().filter(|e| e.2 == best).map(|(b, played, _)| (b, played)).collect()
}

/// The ends of a roll that does not ladder: every order of the dice,
/// the plays using the most of them (a game's end uses all), and with one
/// die of a non-doublet the larger if it can be played.
fn plain_roll(b: &Board, c: Color, dice: Dice) -> BTreeSet<(Board, bool)> {
    if dice.is_doublet() {
        return stage(b, c, dice.high(), 4).into_iter().map(|(e, _)| (e, e.won(c))).collect();
    }
    let (hi, lo) = (dice.high(), dice.low());
    // (board, dice used, used the larger alone)
    let mut all: Vec<(Board, u8, bool)> = vec![(*b, 0, false)];
    for (first, second) in [(hi, lo), (lo, hi)] {
        for from in 1..=24 {
            let Some(one) = b.step(c, from, first) else { continue };
            all.push((one, if one.won(c) { 2 } else { 1 }, first == hi));
            if one.won(c) {
                continue;
            }
            for from2 in 1..=24 {
                if let Some(two) = one.step(c, from2, second) {
                    all.push((two, 2, false));
                }
            }
        }
    }
    let most = all.iter().map(|e| e.1).max().unwrap_or(0);
    let mut best: Vec<_> = all.into_iter().filter(|e| e.1 == most).collect();
    if most == 1 && best.iter().any(|e| e.2) {
        best.retain(|e| e.2);
    }
    best.into_iter().map(|(e, _, _)| (e, e.won(c))).collect()
}

/// The dice of a ladder rolled as `die`-`die`: four of each number from it to 6.
fn ladder(die: u8) -> Vec<u8> {
    (die..=6).flat_map(|d| [d; 4]).collect()
}

/// Every distinct end of the turn of the side on roll in `pos` with
/// `dice` (pending dice played instead when it has some).
pub fn turn_ends(pos: &Position, dice: Dice) -> BTreeSet<End> {
    let b = Board::of(pos);
    let c = pos.turn();
    let mut out = BTreeSet::new();
    if pos.outcome().is_some() {
        return out;
    }
    let (stages, handed, rolled) = match pos.pending() {
        Some(p) => (p.dice(), p.is_handed(), false),
        None if dice.is_doublet() && pos.roll() >= 4 => (ladder(dice.high()), false, true),
        None => {
            for (e, won) in plain_roll(&b, c, dice) {
                let result = if won { result_of(&e, c) } else { None };
                let turn = if won { c } else { c.opponent() };
                out.insert(End { board: e, turn, pending: None, roll: pos.roll() + 1, result });
            }
            return out;
        }
    };
    let roll = if rolled { pos.roll() + 1 } else { pos.roll() };
    let mut seen = HashSet::new();
    walk(&b, c, &stages, handed, roll, &mut seen, &mut out);
    out
}

/// Plays the dice `rest` (stages in order) for `c` from `b`.
fn walk(
    b: &Board,
    c: Color,
    rest: &[u8],
    handed: bool,
    roll: u16,
    seen: &mut HashSet<(Board, usize)>,
    out: &mut BTreeSet<End>,
) {
    if !seen.insert((*b, rest.len())) {
        return;
    }
    let die = rest[0];
    let n = rest.iter().take_while(|&&d| d == die).count() as u8;
    for (e, played) in stage(b, c, die, n) {
        let after = &rest[played as usize..];
        if e.won(c) {
            out.insert(End { board: e, turn: c, pending: None, roll, result: result_of(&e, c) });
        } else if played < n {
            let end = if handed {
                End { board: e, turn: c, pending: None, roll, result: None }
            } else {
                End { board: e, turn: c.opponent(), pending: Some((after.to_vec(), true)), roll, result: None }
            };
            out.insert(end);
        } else if after.is_empty() {
            let turn = if handed { c } else { c.opponent() };
            out.insert(End { board: e, turn, pending: None, roll, result: None });
        } else {
            walk(&e, c, after, handed, roll, seen, out);
        }
    }
}

/// Perft as REGIONAL.md 4.2 defines it, by the reference's turns.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 || pos.outcome().is_some() {
        return 1;
    }
    if pos.pending().is_some() {
        let any = Dice::new(1, 1).unwrap();
        return turn_ends(pos, any).iter().map(|e| perft(&e.position(), depth)).sum();
    }
    Dice::ALL
        .iter()
        .map(|&d| {
            let ends = turn_ends(pos, d);
            if depth == 1 { ends.len() as u64 } else { ends.iter().map(|e| perft(&e.position(), depth - 1)).sum() }
        })
        .sum()
}

/// The ends of the one decision the side on roll faces: a roll that does
/// not ladder, or the first stage of its pending dice or of its ladder,
/// the stages after it left pending.
pub fn decision_ends(pos: &Position, dice: Dice) -> BTreeSet<End> {
    let b = Board::of(pos);
    let c = pos.turn();
    let (rest, handed, rolled) = match pos.pending() {
        Some(p) => (p.dice(), p.is_handed(), false),
        None if dice.is_doublet() && pos.roll() >= 4 => (ladder(dice.high()), false, true),
        None => return turn_ends(pos, dice),
    };
    let roll = if rolled { pos.roll() + 1 } else { pos.roll() };
    let die = rest[0];
    let n = rest.iter().take_while(|&&d| d == die).count() as u8;
    let mut out = BTreeSet::new();
    if pos.outcome().is_some() {
        return out;
    }
    for (e, played) in stage(&b, c, die, n) {
        let after = rest[played as usize..].to_vec();
        let end = if e.won(c) {
            End { board: e, turn: c, pending: None, roll, result: result_of(&e, c) }
        } else if played < n {
            if handed {
                End { board: e, turn: c, pending: None, roll, result: None }
            } else {
                End { board: e, turn: c.opponent(), pending: Some((after, true)), roll, result: None }
            }
        } else if after.is_empty() {
            End { board: e, turn: if handed { c } else { c.opponent() }, pending: None, roll, result: None }
        } else {
            End { board: e, turn: c, pending: Some((after, handed)), roll, result: None }
        };
        out.insert(end);
    }
    out
}
