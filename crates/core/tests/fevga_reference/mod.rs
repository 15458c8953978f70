//! A slow, plain reference for Fevga's rules (TAVLI.md Part 2), written
//! only against the public API, to check the fast generator against.
//!
//! Nothing here is clever. A board is two arrays of counts in White's
//! numbering; each rule is one small function that reads like the text;
//! the legal plays are found by trying every die, in every order, on every
//! checker, keeping every sequence (also the ones that stop early), and
//! then applying TAVLI.md's filters to whole sequences in its order: the
//! starting-quarter ban (with the narde rule when that option is on), the
//! most dice, the larger die, the unblocking duty. Only the transposition
//! check of the search (the same board with the same dice left leads to
//! the same sequences) is there for speed.

#![allow(dead_code)] // each test file uses a different part of this module

use std::collections::{BTreeSet, HashSet};

use tavli_core::fevga::{BanTiming, FevgaRules, Position, PrimeRule, Release, Setup};
use tavli_core::{Color, Dice, GameResult, Reason};

const BOTH: [Color; 2] = [Color::White, Color::Black];

/// A side's own point as a point of White's numbering: White's n is
/// Black's ((n + 11) mod 24) + 1, and the other way round.
pub fn abs(color: Color, own: u8) -> u8 {
    match color {
        Color::White => own,
        Color::Black => (own + 11) % 24 + 1,
    }
}

/// A board in White's numbering (index 1..=24; 0 unused).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    /// Checkers of each side (by `Color::index()`) on each point.
    pub checkers: [[u8; 25]; 2],
    /// Checkers borne off, by `Color::index()`.
    pub off: [u8; 2],
}

impl Board {
    pub fn from_position(pos: &Position) -> Board {
        let mut b = Board { checkers: [[0; 25]; 2], off: [0; 2] };
        for c in BOTH {
            for p in 1..=24u8 {
                b.checkers[c.index()][p as usize] = pos.checkers(c, p);
            }
            b.off[c.index()] = pos.off(c);
        }
        b
    }

    pub fn to_position(self, turn: Color) -> Position {
        let mut s = Setup::empty(turn);
        for c in BOTH {
            for p in 1..=24 {
                s.checkers[c.index()][p] = i64::from(self.checkers[c.index()][p]);
            }
            s.off[c.index()] = i64::from(self.off[c.index()]);
        }
        match s.validate() {
            Ok(p) => p,
            Err(e) => panic!("reference built an invalid board ({e}): {self:?}"),
        }
    }

    /// Checkers of `color` on its own point `own`.
    pub fn count(&self, color: Color, own: u8) -> u8 {
        self.checkers[color.index()][abs(color, own) as usize]
    }

    /// "Open only when it is empty or holds the mover's own checkers."
    pub fn is_open(&self, color: Color, own: u8) -> bool {
        self.checkers[color.opponent().index()][abs(color, own) as usize] == 0
    }

    /// "Released once it has a checker on one of its points 1–12 [1–11
    /// with the pass option] or has borne off a checker."
    pub fn released(&self, color: Color, release: Release) -> bool {
        let top = if release == Release::Pass { 11 } else { 12 };
        self.off[color.index()] > 0 || (1..=top).any(|p| self.count(color, p) > 0)
    }

    /// "All 15 checkers in the home board (points 1–6) or off."
    pub fn may_bear_off(&self, color: Color) -> bool {
        (7..=24).all(|p| self.count(color, p) == 0)
    }

    /// The highest own point holding a checker of `color`, 0 if none.
    pub fn highest(&self, color: Color) -> u8 {
        (1..=24).rev().find(|&p| self.count(color, p) > 0).unwrap_or(0)
    }

    /// "At the end of a play the mover may not hold all six of its points 19–24."
    pub fn quarter_full(&self, color: Color) -> bool {
        (19..=24).all(|p| self.count(color, p) > 0)
    }

    /// The narde rule (V2) broken: six points in a row held by `color` with
    /// no opposing checker ahead of them (on a lower point of the
    /// opponent's numbering, or borne off).
    pub fn narde_broken(&self, color: Color) -> bool {
        let opp = color.opponent();
        if self.off[opp.index()] > 0 {
            return false; // a checker borne off is ahead of every block
        }
        let Some(lowest) = (1..=24).find(|&p| self.count(opp, p) > 0) else { return false };
        // Blocks in the opponent's numbering: top t, points t-5..=t.
        (6..=24u8).any(|t| {
            let held = (t - 5..=t).all(|q| self.checkers[color.index()][abs(opp, q) as usize] > 0);
            held && t < lowest
        })
    }

    /// The trap: "every opposing checker still on the board stands on one
    /// point s (in the opponent's numbering, s ≥ 7), and the player holds
    /// all six points directly in front of it, the opponent's s−1 … s−6."
    /// The six points, White's numbering.
    pub fn trap(&self, color: Color) -> Option<[u8; 6]> {
        let opp = color.opponent();
        let occupied: Vec<u8> = (1..=24).filter(|&p| self.count(opp, p) > 0).collect();
        let [s] = occupied[..] else { return None };
        if s < 7 {
            return None;
        }
        let wall: [u8; 6] = std::array::from_fn(|k| abs(opp, s - 1 - k as u8));
        wall.iter().all(|&w| self.checkers[color.index()][w as usize] > 0).then_some(wall)
    }

    /// Where one checker of `color` on its point `from` goes with `die`
    /// (own numbering, 0 for off), or `None` when that single move is
    /// illegal. `whole` says whether the ban and narde rules apply this turn.
    pub fn try_move(&self, color: Color, from: u8, die: u8, rules: &FevgaRules, whole: (bool, bool)) -> Option<u8> {
        if self.count(color, from) == 0 {
            return None;
        }
        // The runner rule, checked before every single move.
        if !self.released(color, rules.release) {
            let all_on_start = (1..=23).all(|p| self.count(color, p) == 0);
            if all_on_start && from != 24 {
                return None; // only a checker from the 24-point
            }
            if !all_on_start && from == 24 {
                return None; // only the runner
            }
        }
        let to = if from > die {
            let to = from - die;
            if !self.is_open(color, to) {
                return None;
            }
            to
        } else {
            // Bearing off: all home; a die of n from the n-point; a larger
            // die only when no checker stands on a higher point.
            if !self.may_bear_off(color) {
                return None;
            }
            if from < die && self.highest(color) != from {
                return None;
            }
            0
        };
        if rules.ban == BanTiming::EveryLanding {
            let mut after = *self;
            after.apply(color, from, to);
            if whole.0 && after.quarter_full(color) {
                return None;
            }
            if whole.1 && after.narde_broken(color) {
                return None;
            }
        }
        Some(to)
    }

    /// Carries one checker of `color` from `from` to `to` (own numbering, 0 = off).
    pub fn apply(&mut self, color: Color, from: u8, to: u8) {
        let i = color.index();
        self.checkers[i][abs(color, from) as usize] -= 1;
        if to == 0 {
            self.off[i] += 1;
        } else {
            self.checkers[i][abs(color, to) as usize] += 1;
        }
    }

    /// The end of the game: a side with all 15 off wins, 2 points if the
    /// other has none off.
    pub fn outcome(&self) -> Option<GameResult> {
        BOTH.into_iter().find(|c| self.off[c.index()] == 15).map(|c| {
            let points = if self.off[c.opponent().index()] == 0 { 2 } else { 1 };
            GameResult::win(c, points, Reason::BearOff)
        })
    }
}

/// The reference's idea of one legal play.
#[derive(Clone, Debug)]
pub struct RefPlay {
    /// The position after the play (opponent on roll unless the game ended).
    pub position: Position,
    pub result: Option<GameResult>,
    /// One sequence of single moves (mover's numbering, 0 = off) reaching it.
    pub moves: Vec<(u8, u8)>,
}

/// A sequence of single moves and where it ends.
#[derive(Clone)]
struct Sequence {
    board: Board,
    result: Option<GameResult>,
    used: Vec<u8>,
    moves: Vec<(u8, u8)>,
}

pub fn outcome(pos: &Position) -> Option<GameResult> {
    Board::from_position(pos).outcome()
}

/// Whether the ban and the narde rule apply this turn: not when the
/// position at the start of the turn already breaks them (a set-up
/// position).
fn whole_play_rules(board: &Board, mover: Color, rules: &FevgaRules) -> (bool, bool) {
    (!board.quarter_full(mover), rules.primes == PrimeRule::Narde && !board.narde_broken(mover))
}

/// Every legal play of `dice` in `pos` under `rules`, one per distinct
/// resulting position. A position whose game is over gives no plays; a
/// turn with no legal move gives the one empty play (the pass).
pub fn legal_plays(pos: &Position, dice: Dice, rules: &FevgaRules) -> Vec<RefPlay> {
    let start = Board::from_position(pos);
    if start.outcome().is_some() {
        return Vec::new();
    }
    let mover = pos.turn();
    let roll: Vec<u8> = if dice.is_doublet() { vec![dice.high(); 4] } else { vec![dice.high(), dice.low()] };
    let whole = whole_play_rules(&start, mover, rules);

    // Every sequence of legal single moves, the empty one included.
    let mut all = Vec::new();
    let mut seen = HashSet::new();
    search(start, mover, &roll, rules, whole, &mut Vec::new(), &mut Vec::new(), &mut seen, &mut all);

    // 1. The starting-quarter ban (and the narde rule), on the position
    //    after the whole play.
    let banned = |s: &Sequence| whole.0 && s.board.quarter_full(mover);
    let narde = |s: &Sequence| whole.1 && s.board.narde_broken(mover);
    all.retain(|s| !banned(s) && !narde(s));
    // 2. Use as much of the roll as possible; a play that ends the game
    //    uses the whole roll.
    let dice_used = |s: &Sequence| if s.result.is_some() { roll.len() } else { s.used.len() };
    let most = all.iter().map(dice_used).max().unwrap_or(0);
    all.retain(|s| dice_used(s) == most);
    // 3. When only one number of a non-doublet can be played, the larger.
    if !dice.is_doublet() && most == 1 && all.iter().any(|s| s.used == [dice.high()]) {
        all.retain(|s| s.used == [dice.high()]);
    }
    // 4. The unblocking duty, if some play opens the wall; else it lapses.
    if rules.primes == PrimeRule::UnblockingDuty
        && let Some(wall) = start.trap(mover)
    {
        let opens = |s: &Sequence| wall.iter().any(|&w| s.board.checkers[mover.index()][w as usize] == 0);
        if all.iter().any(opens) {
            all.retain(opens);
        }
    }

    // Two plays are the same play when they produce the same position.
    let mut plays: Vec<RefPlay> = Vec::new();
    let mut boards = HashSet::new();
    for s in all {
        if boards.insert(s.board) {
            let turn = if s.result.is_some() { mover } else { mover.opponent() };
            plays.push(RefPlay { position: s.board.to_position(turn), result: s.result, moves: s.moves });
        }
    }
    plays
}

/// Records this sequence and tries every remaining die on every checker.
#[allow(clippy::too_many_arguments)]
fn search(
    board: Board,
    mover: Color,
    left: &[u8],
    rules: &FevgaRules,
    whole: (bool, bool),
    used: &mut Vec<u8>,
    moves: &mut Vec<(u8, u8)>,
    seen: &mut HashSet<(Board, Vec<u8>)>,
    out: &mut Vec<Sequence>,
) {
    let mut key = left.to_vec();
    key.sort_unstable();
    if !seen.insert((board, key)) {
        return;
    }
    out.push(Sequence { board, result: None, used: used.clone(), moves: moves.clone() });
    let distinct: BTreeSet<u8> = left.iter().copied().collect();
    for die in distinct {
        for from in 1..=24u8 {
            let Some(to) = board.try_move(mover, from, die, rules, whole) else { continue };
            let mut next = board;
            next.apply(mover, from, to);
            let mut rest = left.to_vec();
            rest.remove(rest.iter().position(|&d| d == die).expect("die is left"));
            used.push(die);
            moves.push((from, to));
            match next.outcome() {
                // A game-ending move ends the play.
                Some(result) => {
                    out.push(Sequence { board: next, result: Some(result), used: used.clone(), moves: moves.clone() })
                }
                None => search(next, mover, &rest, rules, whole, used, moves, seen, out),
            }
            used.pop();
            moves.pop();
        }
    }
}

/// Replays `moves` (mover's numbering, 0 = off) of a roll on `pos` by hand,
/// checking each single move against the rules and that the dice allow it.
/// Returns the position reached (turn passed unless the game ended) and
/// the result.
pub fn replay(
    pos: &Position,
    dice: Dice,
    moves: &[(u8, u8)],
    rules: &FevgaRules,
) -> Result<(Position, Option<GameResult>), String> {
    let roll: Vec<u8> = if dice.is_doublet() { vec![dice.high(); 4] } else { vec![dice.high(), dice.low()] };
    let mover = pos.turn();
    let start = Board::from_position(pos);
    let whole = whole_play_rules(&start, mover, rules);
    replay_from(start, mover, &roll, moves, rules, whole).map(|(board, result)| {
        let turn = if result.is_some() { mover } else { mover.opponent() };
        (board.to_position(turn), result)
    })
}

fn replay_from(
    board: Board,
    mover: Color,
    left: &[u8],
    moves: &[(u8, u8)],
    rules: &FevgaRules,
    whole: (bool, bool),
) -> Result<(Board, Option<GameResult>), String> {
    let Some((&(from, to), rest_moves)) = moves.split_first() else {
        return Ok((board, None));
    };
    if let Some(r) = board.outcome() {
        return Err(format!("move {from}/{to} after the game ended ({r:?})"));
    }
    let mut last_err = None;
    let distinct: BTreeSet<u8> = left.iter().copied().collect();
    for die in distinct {
        if board.try_move(mover, from, die, rules, whole) != Some(to) {
            continue;
        }
        let mut next = board;
        next.apply(mover, from, to);
        let mut rest = left.to_vec();
        rest.remove(rest.iter().position(|&d| d == die).expect("die is left"));
        if let Some(r) = next.outcome() {
            if rest_moves.is_empty() {
                return Ok((next, Some(r)));
            }
            last_err = Some(format!("moves after the game-ending move {from}/{to}"));
            continue;
        }
        match replay_from(next, mover, &rest, rest_moves, rules, whole) {
            Ok(r) => return Ok(r),
            Err(e) => last_err = Some(e),
        }
    }
    Err(last_err.unwrap_or_else(|| format!("no die left makes {from}/{to} (dice left {left:?})")))
}

/// Perft as INTERFACE.md defines it, on the reference generator.
pub fn perft(pos: &Position, depth: u32, rules: &FevgaRules) -> u64 {
    if depth == 0 || outcome(pos).is_some() {
        return 1;
    }
    let mut total = 0;
    for dice in Dice::ALL {
        for play in legal_plays(pos, dice, rules) {
            total += if play.result.is_some() { 1 } else { perft(&play.position, depth - 1, rules) };
        }
    }
    total
}
