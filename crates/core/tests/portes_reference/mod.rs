//! A slow, plain reference for the rules of Portes (TAVLI.md Part 1 and
//! RULES.md's common rules), written only against the public API, to check
//! the fast generator against.
//!
//! Nothing here is clever: a board is arrays in White's numbering, a play
//! is found by trying every remaining die on every checker, in every order,
//! and each rule is one small function that reads like the rule. Only a
//! memo of (board, dice left) keeps doublets from taking seconds.

#![allow(dead_code)] // each test file uses a different part of this module

use std::collections::HashSet;

use tavli_core::portes::{Position, Setup};
use tavli_core::{Color, Dice, GameResult, Reason};

/// A board in White's numbering: `points[p]` > 0 White, < 0 Black.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    pub points: [i8; 25],
    pub bar: [u8; 2],
    pub off: [u8; 2],
}

/// A point in `color`'s own numbering, as a point in White's numbering.
pub fn abs(color: Color, own_point: u8) -> usize {
    usize::from(color.to_white_numbering(own_point))
}

fn sign(color: Color) -> i8 {
    if color == Color::White { 1 } else { -1 }
}

impl Board {
    pub fn from_position(pos: &Position) -> Board {
        let mut b = Board { points: [0; 25], bar: [0; 2], off: [0; 2] };
        for p in 1..=24u8 {
            if let Some((c, n)) = pos.top(p) {
                b.points[p as usize] = sign(c) * n as i8;
            }
        }
        for c in [Color::White, Color::Black] {
            b.bar[c.index()] = pos.bar(c);
            b.off[c.index()] = pos.off(c);
        }
        b
    }

    pub fn to_position(self, turn: Color) -> Position {
        let mut s = Setup::empty(turn);
        for p in 1..=24 {
            s.board[p] = i64::from(self.points[p]);
        }
        for c in 0..2 {
            s.bar[c] = i64::from(self.bar[c]);
            s.off[c] = i64::from(self.off[c]);
        }
        match s.validate() {
            Ok(p) => p,
            Err(e) => panic!("reference built an invalid board ({e}): {self:?}"),
        }
    }

    /// Checkers of `color` on its own point `own` (1..=24).
    pub fn count(&self, color: Color, own: u8) -> u8 {
        let n = self.points[abs(color, own)] * sign(color);
        if n > 0 { n as u8 } else { 0 }
    }

    /// "Points: open and blocked": empty, own checkers, or one opposing checker.
    pub fn is_open(&self, color: Color, own: u8) -> bool {
        self.count(color.opponent(), 25 - own) < 2
    }

    /// "Bearing off": all 15 in the home board or off; the bar is outside.
    pub fn all_home(&self, color: Color) -> bool {
        self.bar[color.index()] == 0 && (7..=24).all(|p| self.count(color, p) == 0)
    }

    /// One checker of `color` from its own point `from` (25 = the bar) by
    /// `die`: the board after, where it landed (0 = off) and whether it hit.
    pub fn try_move(&self, color: Color, from: u8, die: u8) -> Option<(Board, u8, bool)> {
        let me = color.index();
        // "While a player has a checker on the bar it may move no other checker."
        if from == 25 {
            if self.bar[me] == 0 {
                return None;
            }
        } else if self.bar[me] > 0 || self.count(color, from) == 0 {
            return None;
        }
        let mut b = *self;
        if from == 25 {
            b.bar[me] -= 1;
        } else {
            b.points[abs(color, from)] -= sign(color);
        }
        if from > die {
            // A die of n enters on the mover's (25 − n)-point, like any move.
            let to = from - die;
            if !self.is_open(color, to) {
                return None;
            }
            let hit = self.count(color.opponent(), 25 - to) == 1;
            if hit {
                b.points[abs(color, to)] = 0;
                b.bar[color.opponent().index()] += 1;
            }
            b.points[abs(color, to)] += sign(color);
            return Some((b, to, hit));
        }
        // Bearing off: from the n-point with n; with a larger die only when
        // no checker stands on a higher point.
        if !self.all_home(color) {
            return None;
        }
        if from < die && (from + 1..=6).any(|p| self.count(color, p) > 0) {
            return None;
        }
        b.off[me] += 1;
        Some((b, 0, false))
    }
}

/// A legal play as the reference finds it.
#[derive(Clone, Debug)]
pub struct RefPlay {
    pub moves: Vec<(u8, u8)>,
    pub position: Position,
    pub result: Option<GameResult>,
}

/// What a finished sequence reached: the board, the moves, and how many
/// dice it used (all of them for a game-ending one) and whether it used the larger.
struct Leaf {
    board: Board,
    moves: Vec<(u8, u8)>,
    used: usize,
    used_high: bool,
}

fn search(
    b: &Board,
    color: Color,
    left: &[u8],
    moves: &mut Vec<(u8, u8)>,
    dice: Dice,
    seen: &mut HashSet<(Board, Vec<u8>)>,
    out: &mut Vec<Leaf>,
) {
    let total = dice.moves_allowed();
    let mut key = left.to_vec();
    key.sort_unstable();
    let mut any = false;
    if b.off[color.index()] < 15 {
        for (i, &d) in left.iter().enumerate() {
            if left[..i].contains(&d) {
                continue;
            }
            for from in 1..=25u8 {
                if let Some((nb, to, _)) = b.try_move(color, from, d) {
                    any = true;
                    let mut rest = left.to_vec();
                    rest.remove(i);
                    moves.push((from, to));
                    let mut k = rest.clone();
                    k.sort_unstable();
                    if seen.insert((nb, k)) || rest.is_empty() {
                        search(&nb, color, &rest, moves, dice, seen, out);
                    }
                    moves.pop();
                }
            }
        }
    }
    if !any {
        let game_over = b.off[color.index()] == 15;
        let used = if game_over { total } else { total - left.len() };
        let used_high = !dice.is_doublet() && !left.contains(&dice.high());
        out.push(Leaf { board: *b, moves: moves.clone(), used, used_high });
    }
}

/// Who won and how much, when a side has borne off all 15 (TAVLI.md: 1
/// point, 2 when the loser has none off; never 3).
pub fn outcome(b: &Board) -> Option<GameResult> {
    for winner in [Color::White, Color::Black] {
        if b.off[winner.index()] == 15 {
            let points = if b.off[winner.opponent().index()] == 0 { 2 } else { 1 };
            return Some(GameResult::win(winner, points, Reason::BearOff));
        }
    }
    None
}

/// The legal plays of `dice` in `pos`: the distinct positions reached by
/// the sequences using as many dice as possible (a game-ending one counts
/// as using all), and when only one die of a non-doublet can be played,
/// the larger if it can. A pass when nothing moves; nothing if the game is over.
pub fn legal_plays(pos: &Position, dice: Dice) -> Vec<RefPlay> {
    let start = Board::from_position(pos);
    if outcome(&start).is_some() {
        return Vec::new();
    }
    let color = pos.turn();
    let left = if dice.is_doublet() { vec![dice.high(); 4] } else { vec![dice.high(), dice.low()] };
    let mut leaves = Vec::new();
    search(&start, color, &left, &mut Vec::new(), dice, &mut HashSet::new(), &mut leaves);
    let most = leaves.iter().map(|l| l.used).max().unwrap_or(0);
    if most == 0 {
        return vec![RefPlay { moves: Vec::new(), position: pos.pass_turn(), result: None }];
    }
    let mut best: Vec<&Leaf> = leaves.iter().filter(|l| l.used == most).collect();
    if !dice.is_doublet() && most == 1 && best.iter().any(|l| l.used_high) {
        best.retain(|l| l.used_high);
    }
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for l in best {
        if seen.insert(l.board) {
            let result = outcome(&l.board);
            let turn = if result.is_some() { color } else { color.opponent() };
            out.push(RefPlay { moves: l.moves.clone(), position: l.board.to_position(turn), result });
        }
    }
    out
}

/// Replays `moves` (mover's numbering) by hand: the position reached, the
/// result, and which moves hit; or why a move is illegal.
pub fn replay(pos: &Position, moves: &[(u8, u8)]) -> Result<(Position, Option<GameResult>, Vec<bool>), String> {
    let color = pos.turn();
    let mut b = Board::from_position(pos);
    let mut hits = Vec::new();
    for &(from, to) in moves {
        let die = if to == 0 {
            // The smallest die that bears this checker off.
            (from..=6).find(|&d| b.try_move(color, from, d).is_some()).ok_or(format!("{from}/off is illegal"))?
        } else {
            from.checked_sub(to).ok_or(format!("{from}/{to} goes backwards"))?
        };
        let (nb, landed, hit) = b.try_move(color, from, die).ok_or(format!("{from}/{to} is illegal"))?;
        if landed != to {
            return Err(format!("{from}/{to} landed on {landed}"));
        }
        b = nb;
        hits.push(hit);
    }
    let result = outcome(&b);
    let turn = if result.is_some() { color } else { color.opponent() };
    Ok((b.to_position(turn), result, hits))
}

/// Perft on the reference generator.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 || outcome(&Board::from_position(pos)).is_some() {
        return 1;
    }
    let mut total = 0;
    for dice in Dice::ALL {
        for play in legal_plays(pos, dice) {
            total += if play.result.is_some() { 1 } else { perft(&play.position, depth - 1) };
        }
    }
    total
}
