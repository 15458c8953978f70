//! Building a Fevga turn one checker at a time, as a person plays it: which
//! single moves keep the turn completable into a legal play, playing and
//! undoing them, and the legal play once the moves make one.
//!
//! The ban and the unblocking duty are judged on whole plays, so a single
//! move that is legal by itself may still be refused: the builder offers
//! only moves after which some way of finishing the turn is a legal play,
//! and says which rule a refused one would break.

use std::collections::HashSet;

use super::board::Board;
use super::explain::{rank, why_not};
use super::play::Play;
use super::play_error::PlayError;
use super::position::Position;
use super::rules::FevgaRules;
use crate::dice::Dice;
use crate::play::Move;

/// A Fevga turn in progress.
///
/// ```
/// use plakoto_core::{Dice, Move, fevga_pos};
/// use plakoto_core::fevga::{PlayError, TurnBuilder};
/// // TAVLI.md F3: the runner on 13 with 6-3.
/// let p = fevga_pos!(White; white {24: 14, 13: 1}; black {24: 15});
/// let mut t = TurnBuilder::new(&p, Dice::new(6, 3).unwrap());
/// assert_eq!(t.destinations(13), vec![10, 7]);
/// assert!(matches!(t.play_move(24, 18), Err(PlayError::Runner { from: 24, .. })));
/// t.play_move(13, 7).unwrap(); // the runner reaches 7: the rest are free
/// assert_eq!(t.destinations(24), vec![21]);
/// t.play_move(24, 21).unwrap();
/// assert_eq!(t.complete().unwrap().notation(), "24/21 13/7");
/// t.undo();
/// assert_eq!(t.moves(), vec![Move::new(13, 7)]);
/// ```
#[derive(Clone)]
pub struct TurnBuilder {
    dice: Dice,
    legal: Vec<Play>,
    legal_keys: HashSet<u128>,
    /// Board, dice left and dice used before each move, then the current ones last.
    boards: Vec<Board>,
    left: Vec<Vec<u8>>,
    used: Vec<Vec<u8>>,
    moves: Vec<Move>,
}

/// One way of finishing a turn: the board reached and every die used.
struct Ending {
    board: Board,
    used: Vec<u8>,
}

impl TurnBuilder {
    /// Starts the turn of the side on roll in `pos` with `dice`, under
    /// TAVLI.md's Decisions.
    pub fn new(pos: &Position, dice: Dice) -> TurnBuilder {
        TurnBuilder::with_rules(pos, dice, &FevgaRules::default())
    }

    /// Starts a turn under `rules`.
    pub fn with_rules(pos: &Position, dice: Dice, rules: &FevgaRules) -> TurnBuilder {
        let legal = pos.legal_plays_with(dice, rules);
        let legal_keys = legal.iter().filter(|p| !p.is_pass()).map(Play::key).collect();
        let dice_list = if dice.is_doublet() { vec![dice.high(); 4] } else { vec![dice.high(), dice.low()] };
        TurnBuilder {
            dice,
            legal,
            legal_keys,
            boards: vec![Board::new(pos, rules)],
            left: vec![dice_list],
            used: vec![Vec::new()],
            moves: Vec::new(),
        }
    }

    /// The roll this turn is played with.
    pub fn dice(&self) -> Dice {
        self.dice
    }

    /// The legal plays of the whole turn.
    pub fn legal_plays(&self) -> &[Play] {
        &self.legal
    }

    /// The single moves played so far (mover's numbering).
    pub fn moves(&self) -> Vec<Move> {
        self.moves.clone()
    }

    /// Dice not used yet.
    pub fn dice_left(&self) -> &[u8] {
        self.left.last().map_or(&[], Vec::as_slice)
    }

    fn used(&self) -> &[u8] {
        self.used.last().map_or(&[], Vec::as_slice)
    }

    /// Is the turn a pass (no legal play but the empty one)?
    pub fn is_pass(&self) -> bool {
        self.legal.len() == 1 && self.legal[0].is_pass()
    }

    fn board(&self) -> &Board {
        // `boards` starts with one board and `undo` never pops the first.
        &self.boards[self.boards.len() - 1]
    }

    /// Can some sequence from `board` with `left` dice reach a legal play?
    fn completable(&self, board: &Board, left: &[u8], seen: &mut HashSet<(u128, usize)>) -> bool {
        if self.legal_keys.contains(&board.key()) {
            return true;
        }
        if left.is_empty() || board.ended() || !seen.insert((board.key(), left.len())) {
            return false;
        }
        self.each_step(board, left, |b, rest, _| self.completable(&b, rest, seen))
    }

    /// Calls `f` on each single move from `board` with a die of `left`
    /// (the board after it, the dice left, the die), until `f` says stop.
    fn each_step(&self, board: &Board, left: &[u8], mut f: impl FnMut(Board, &[u8], u8) -> bool) -> bool {
        for (i, &d) in left.iter().enumerate() {
            if left[..i].contains(&d) {
                continue;
            }
            let rest: Vec<u8> = left.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &x)| x).collect();
            for from in (1..=24u8).rev().filter(|&p| board.own[p as usize] > 0) {
                let mut b = board.clone();
                if b.step(from, d).is_ok() && f(b, &rest, d) {
                    return true;
                }
            }
        }
        false
    }

    /// Every way of finishing the turn from `board` (stopping anywhere).
    fn endings(&self, board: &Board, left: &[u8], used: &mut Vec<u8>, out: &mut Vec<Ending>) {
        out.push(Ending { board: board.clone(), used: used.clone() });
        if board.ended() {
            return;
        }
        self.each_step(board, left, |b, rest, d| {
            used.push(d);
            self.endings(&b, rest, used, out);
            used.pop();
            false
        });
    }

    /// Why no way of finishing the turn from `board` is a legal play: the
    /// rule the best of them breaks first (TAVLI.md's order of filters).
    fn why_not_completable(&self, board: &Board, left: &[u8], used: &[u8]) -> PlayError {
        let mut all = Vec::new();
        self.endings(board, left, &mut used.to_vec(), &mut all);
        let score = |e: &Ending| {
            let wall_full =
                e.board.pos.trap().is_some_and(|t| e.board.duty_applies() && e.board.occ() & t.mask() == t.mask());
            (e.board.whole_play_fault().is_none(), rank(self.dice, &e.used, e.board.ended()), !wall_full)
        };
        match all.iter().max_by_key(|e| score(e)) {
            Some(best) => why_not(self.dice, &self.legal, &best.board, &best.used, ""),
            None => PlayError::NotLegal(String::new()),
        }
    }

    /// Tries `from`/`to` with each fitting die; the first that keeps the turn
    /// completable wins (a checker may bear off with either of two dice).
    fn try_move(&self, from: u8, to: u8) -> Result<(Board, Vec<u8>, u8), PlayError> {
        let left = self.dice_left();
        let mut first_err = None;
        let mut dice: Vec<u8> = left.to_vec();
        dice.sort_unstable();
        dice.dedup();
        for d in dice {
            let mut b = self.board().clone();
            match b.step(from, d) {
                Ok(t) if t == to => {
                    let mut rest = left.to_vec();
                    if let Some(i) = rest.iter().position(|&x| x == d) {
                        rest.remove(i);
                    }
                    if self.completable(&b, &rest, &mut HashSet::new()) {
                        return Ok((b, rest, d));
                    }
                    if first_err.is_none() {
                        let mut used = self.used().to_vec();
                        used.push(d);
                        first_err = Some(self.why_not_completable(&b, &rest, &used));
                    }
                }
                Ok(_) => {}
                Err(e) => {
                    if from.checked_sub(d) == Some(to) || (to == 0 && d >= from) {
                        first_err.get_or_insert(e);
                    }
                }
            }
        }
        Err(first_err.unwrap_or_else(|| {
            if !(1..=24).contains(&from) {
                PlayError::NoPoint(from)
            } else if self.board().own[from as usize] == 0 {
                PlayError::NoChecker(from)
            } else if to != 0 && to >= from {
                PlayError::Backwards { from, to }
            } else {
                let dist = if to == 0 { from } else { from - to };
                let left = left.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
                PlayError::NoDice { from, to, dist, left: if left.is_empty() { "none".into() } else { left } }
            }
        }))
    }

    /// Every single move that keeps the turn completable into a legal play.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        for from in (1..=24u8).rev().filter(|&p| self.board().own[p as usize] > 0) {
            let mut tos: Vec<u8> = Vec::new();
            for &d in self.dice_left() {
                let mut b = self.board().clone();
                if let Ok(to) = b.step(from, d)
                    && !tos.contains(&to)
                    && self.try_move(from, to).is_ok()
                {
                    tos.push(to);
                }
            }
            out.extend(tos.into_iter().map(|to| Move::new(from, to)));
        }
        out
    }

    /// Where a checker on `from` may go next (0 = off), nearest first.
    pub fn destinations(&self, from: u8) -> Vec<u8> {
        let mut v: Vec<u8> = self.legal_moves().into_iter().filter(|m| m.from == from).map(|m| m.to).collect();
        v.sort_unstable_by(|a, b| b.cmp(a));
        v
    }

    /// Plays one checker from `from` to `to` (0 = off), or says why not. A
    /// hop over several dice (`24/13` with 6-5) is played as its single
    /// moves, through whichever intermediate point works.
    pub fn play_move(&mut self, from: u8, to: u8) -> Result<(), PlayError> {
        for p in [from, to] {
            if p > 24 || (p == from && p == 0) {
                return Err(PlayError::NoPoint(p));
            }
        }
        if self.is_pass() {
            return Err(PlayError::MustPass(self.dice));
        }
        if self.dice_left().is_empty() {
            return Err(PlayError::TooManyMoves(self.dice));
        }
        match self.try_move(from, to) {
            Ok((b, rest, d)) => {
                self.push(Move::new(from, to), b, rest, d);
                Ok(())
            }
            Err(single) => {
                let direct =
                    self.dice_left().iter().any(|&d| from.checked_sub(d) == Some(to) || (to == 0 && d >= from));
                if direct {
                    return Err(single);
                }
                match self.hop(from, to) {
                    Ok(steps) => {
                        for (m, b, rest, d) in steps {
                            self.push(m, b, rest, d);
                        }
                        Ok(())
                    }
                    Err(Some(e)) => Err(e),
                    Err(None) => Err(single),
                }
            }
        }
    }

    fn push(&mut self, m: Move, b: Board, rest: Vec<u8>, die: u8) {
        let mut used = self.used().to_vec();
        used.push(die);
        self.boards.push(b);
        self.left.push(rest);
        self.used.push(used);
        self.moves.push(m);
    }

    /// One checker from `from` to `to` over several dice: the single moves,
    /// or the reason no route works (`None` when no dice add up to it).
    #[allow(clippy::type_complexity)]
    fn hop(&self, from: u8, to: u8) -> Result<Vec<(Move, Board, Vec<u8>, u8)>, Option<PlayError>> {
        fn routes(at: u8, to: u8, left: &[u8], path: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
            for (i, &d) in left.iter().enumerate() {
                if left[..i].contains(&d) {
                    continue;
                }
                let reaches = (to == 0 && d >= at) || at.checked_sub(d) == Some(to);
                path.push(d);
                if reaches && path.len() > 1 {
                    out.push(path.clone());
                } else if at > d && at - d > to {
                    let mut rest = left.to_vec();
                    rest.remove(i);
                    routes(at - d, to, &rest, path, out);
                }
                path.pop();
            }
        }
        let mut all = Vec::new();
        routes(from, to, self.dice_left(), &mut Vec::new(), &mut all);
        all.sort_by_key(Vec::len);
        let mut err = None;
        for route in all {
            let mut b = self.board().clone();
            let mut rest = self.dice_left().to_vec();
            let mut used = self.used().to_vec();
            let mut steps = Vec::new();
            let mut at = from;
            let mut ok = true;
            for d in route {
                match b.step(at, d) {
                    Ok(next) => {
                        if let Some(i) = rest.iter().position(|&x| x == d) {
                            rest.remove(i);
                        }
                        used.push(d);
                        steps.push((Move::new(at, next), b.clone(), rest.clone(), d));
                        at = next;
                        if b.ended() && at != to {
                            ok = false;
                            break;
                        }
                    }
                    Err(e) => {
                        err = Some(match e {
                            PlayError::Blocked(p) if p != to => {
                                PlayError::PathBlocked { from, to, blocked: p.to_string() }
                            }
                            e => e,
                        });
                        ok = false;
                        break;
                    }
                }
            }
            if ok && at == to {
                if self.completable(&b, &rest, &mut HashSet::new()) {
                    return Ok(steps);
                }
                err.get_or_insert_with(|| self.why_not_completable(&b, &rest, &used));
            }
        }
        Err(err)
    }

    /// Takes back the last move; returns it.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.boards.pop();
        self.left.pop();
        self.used.pop();
        Some(m)
    }

    /// Plays the single moves of `text` (`24/18`, several at once, a hop
    /// over several dice), or none of them and says why the first that
    /// fails cannot be played: a person entering the turn part by part.
    ///
    /// ```
    /// use plakoto_core::Dice;
    /// use plakoto_core::fevga::{Position, TurnBuilder};
    /// let mut t = TurnBuilder::new(&Position::start(), Dice::new(6, 4).unwrap());
    /// assert!(t.enter("24/18 13/99").is_err());
    /// assert!(t.moves().is_empty());
    /// t.enter("24/18/14").unwrap();
    /// assert_eq!(t.complete().unwrap().notation(), "24/18/14");
    /// ```
    pub fn enter(&mut self, text: &str) -> Result<(), PlayError> {
        let hops = super::notation::entry_hops(text, self.dice)?;
        crate::entry::play_all(self, &hops)
    }

    /// Takes back every move.
    pub fn reset(&mut self) {
        while self.undo().is_some() {}
    }

    /// The legal play the moves so far make, once they make one (the pass
    /// when nothing can be played). Its moves are the generator's.
    pub fn complete(&self) -> Option<Play> {
        if self.is_pass() {
            return self.legal.first().copied();
        }
        let key = self.board().key();
        self.legal.iter().find(|p| p.key() == key).copied()
    }

    /// The legal plays the turn can still become after the moves so far.
    ///
    /// ```
    /// use plakoto_core::{Dice, fevga_pos};
    /// use plakoto_core::fevga::TurnBuilder;
    /// let p = fevga_pos!(White; white {24: 14, 13: 1}; black {24: 15});
    /// let mut t = TurnBuilder::new(&p, Dice::new(6, 3).unwrap());
    /// assert_eq!(t.reachable_plays().len(), 3);
    /// t.play_move(13, 7).unwrap();
    /// // 13/7/4 and 13/7 24/21 are left; 13/10 24/18 is not.
    /// assert_eq!(t.reachable_plays().len(), 2);
    /// ```
    pub fn reachable_plays(&self) -> Vec<Play> {
        if self.is_pass() {
            return self.legal.clone();
        }
        let mut all = Vec::new();
        self.endings(self.board(), self.dice_left(), &mut Vec::new(), &mut all);
        let reached: HashSet<u128> = all.iter().map(|e| e.board.key()).collect();
        self.legal.iter().filter(|p| reached.contains(&p.key())).copied().collect()
    }

    /// Why no checker can move from `from` now (mover's numbering), or
    /// `None` when one can: no checker there, the runner rule, a blocked
    /// point, bearing off not allowed yet, or a whole-play rule.
    ///
    /// ```
    /// use plakoto_core::Dice;
    /// use plakoto_core::fevga::{PlayError, Position, TurnBuilder};
    /// let t = TurnBuilder::new(&Position::start(), Dice::new(6, 4).unwrap());
    /// assert_eq!(t.why_not_from(24), None);
    /// assert_eq!(t.why_not_from(13), Some(PlayError::NoChecker(13)));
    /// ```
    pub fn why_not_from(&self, from: u8) -> Option<PlayError> {
        if !(1..=24).contains(&from) {
            return Some(PlayError::NoPoint(from));
        }
        if self.is_pass() {
            return Some(PlayError::MustPass(self.dice));
        }
        if self.dice_left().is_empty() {
            return Some(PlayError::TooManyMoves(self.dice));
        }
        if self.legal_moves().iter().any(|m| m.from == from) {
            return None;
        }
        self.reason_from(from)
    }

    /// [`TurnBuilder::why_not_from`] for every point 1 to 24 from which no
    /// checker can move now, in order.
    pub fn why_not_each(&self) -> Vec<(u8, PlayError)> {
        if self.is_pass() || self.dice_left().is_empty() {
            let e = if self.is_pass() { PlayError::MustPass(self.dice) } else { PlayError::TooManyMoves(self.dice) };
            return (1..=24).map(|p| (p, e.clone())).collect();
        }
        let sources: Vec<u8> = self.legal_moves().iter().map(|m| m.from).collect();
        (1..=24u8).filter(|p| !sources.contains(p)).filter_map(|p| Some((p, self.reason_from(p)?))).collect()
    }

    /// Why no checker moves from `from`, given that no legal move starts there.
    fn reason_from(&self, from: u8) -> Option<PlayError> {
        let mut dice = self.dice_left().to_vec();
        dice.sort_unstable_by(|a, b| b.cmp(a));
        dice.dedup();
        let mut first = None;
        for d in dice {
            let mut b = self.board().clone();
            let e = match b.step(from, d) {
                Ok(to) => self.try_move(from, to).err(),
                Err(e) => Some(e),
            };
            // A missing checker or the runner rule says so whatever the die.
            if let Some(e @ (PlayError::NoChecker(_) | PlayError::Runner { .. })) = e {
                return Some(e);
            }
            if first.is_none() {
                first = e;
            }
        }
        first
    }

    /// The position as it stands after the moves so far (the mover still
    /// on roll), for drawing the board mid-turn.
    pub fn current_position(&self) -> Position {
        self.board().position()
    }
}

crate::entry::impl_steps!(TurnBuilder, PlayError);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fevga::rules::BanTiming;
    use crate::fevga_pos;
    use crate::game::{DiceSource, SeededDice};

    /// Every legal play can be entered one move at a time, each move is
    /// offered by `legal_moves`, and the last one completes exactly it.
    #[test]
    fn every_legal_play_can_be_entered_move_by_move() {
        let mut dice = SeededDice::new(3);
        let mut checked = 0;
        for rules in FevgaRules::ALL {
            let mut pos = Position::start();
            for _ in 0..150 {
                if pos.outcome().is_some() {
                    pos = Position::start();
                }
                let d = dice.roll();
                let plays = pos.legal_plays_with(d, &rules);
                for play in plays.iter().filter(|p| !p.is_pass()).take(6) {
                    let mut t = TurnBuilder::with_rules(&pos, d, &rules);
                    for m in play.moves() {
                        assert!(t.legal_moves().contains(m), "{m:?} not offered in {pos:?} {d} for {play}");
                        t.play_move(m.from, m.to).unwrap();
                    }
                    assert_eq!(t.complete().map(|p| *p.position()), Some(*play.position()), "{pos:?} {d} {play}");
                    checked += 1;
                }
                pos = *plays[dice.die() as usize % plays.len()].position();
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn the_ban_refuses_the_move_that_fills_the_quarter() {
        // TAVLI.md F5: 24/19 then 24/20 would fill 19-24.
        let p = fevga_pos!(White; white {24: 10, 23: 1, 22: 1, 21: 1, 20: 1, 1: 1}; black {2: 15});
        let mut t = TurnBuilder::new(&p, Dice::new(5, 4).unwrap());
        t.play_move(24, 19).unwrap();
        assert_eq!(t.play_move(24, 20), Err(PlayError::QuarterBan { landing: false }));
        assert!(t.destinations(24).is_empty());
        t.play_move(19, 15).unwrap();
        assert_eq!(t.complete().unwrap().notation(), "24/19/15");
        // Judged at every landing, landing on 19 is refused outright.
        let rules = FevgaRules { ban: BanTiming::EveryLanding, ..FevgaRules::default() };
        let mut t = TurnBuilder::with_rules(&p, Dice::new(5, 4).unwrap(), &rules);
        assert_eq!(t.play_move(24, 19), Err(PlayError::QuarterBan { landing: true }));
        assert_eq!(t.destinations(24), vec![20]);
    }

    #[test]
    fn the_duty_refuses_a_move_that_keeps_the_wall() {
        // TAVLI.md F7 with 6-5: 24/18 keeps every point of 16-21 held, and
        // the 5 cannot then open one.
        let p = fevga_pos!(White; white {24: 8, 21: 1, 20: 1, 19: 1, 18: 1, 17: 1, 16: 1, 5: 1}; black {10: 15});
        let mut t = TurnBuilder::new(&p, Dice::new(6, 5).unwrap());
        t.play_move(24, 18).unwrap();
        let e = t.play_move(24, 19).unwrap_err();
        assert!(matches!(e, PlayError::UnblockingDuty { trapped: 22, .. }), "{e}");
        assert!(e.to_string().contains("16, 17, 18, 19, 20, 21"), "{e}");
    }

    #[test]
    fn a_pass_is_complete_at_once() {
        // TAVLI.md F2: the runner is blocked, the start frozen.
        let p = fevga_pos!(White; white {24: 14, 13: 1}; black {24: 14, 23: 1});
        let mut t = TurnBuilder::new(&p, Dice::new(2, 1).unwrap());
        assert!(t.is_pass());
        assert!(t.complete().unwrap().is_pass());
        assert_eq!(t.play_move(24, 23), Err(PlayError::MustPass(Dice::new(2, 1).unwrap())));
    }

    #[test]
    fn points_off_the_board_are_refused_not_a_panic() {
        let mut t = TurnBuilder::new(&Position::start(), Dice::new(6, 1).unwrap());
        assert_eq!(t.play_move(30, 14), Err(PlayError::NoPoint(30)));
        assert_eq!(t.play_move(24, 200), Err(PlayError::NoPoint(200)));
        assert_eq!(t.play_move(0, 0), Err(PlayError::NoPoint(0)));
        assert!(t.moves().is_empty());
        assert_eq!(t.why_not_from(0), Some(PlayError::NoPoint(0)));
    }
}
