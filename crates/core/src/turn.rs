//! Building a turn one checker at a time, as a person plays it: which single
//! moves keep the turn completable into a legal play, playing and undoing
//! them, and the legal play once the moves make one. Used by the terminal
//! and web front ends (click a checker, see where it may go).

use std::collections::HashSet;

use crate::board::Board;
use crate::dice::Dice;
use crate::play::{Move, Play};
use crate::play_error::PlayError;
use crate::position::Position;

/// A turn in progress.
///
/// ```
/// use plakoto_core::{Dice, Move, Position, TurnBuilder};
/// let mut t = TurnBuilder::new(&Position::start(), Dice::new(6, 4).unwrap());
/// assert_eq!(t.destinations(24), vec![20, 18]);
/// t.play_move(24, 18).unwrap();
/// assert_eq!(t.complete(), None);
/// t.play_move(18, 14).unwrap();
/// assert_eq!(t.complete().unwrap().notation(), "24/18/14");
/// t.undo();
/// assert_eq!(t.moves(), vec![Move::new(24, 18)]);
/// ```
#[derive(Clone)]
pub struct TurnBuilder {
    dice: Dice,
    legal: Vec<Play>,
    legal_keys: HashSet<u128>,
    /// Board and dice left before each move, then the current ones last.
    boards: Vec<Board>,
    left: Vec<Vec<u8>>,
    moves: Vec<Move>,
}

impl TurnBuilder {
    /// Starts the turn of the side on roll in `pos` with `dice`.
    pub fn new(pos: &Position, dice: Dice) -> TurnBuilder {
        let legal = pos.legal_plays(dice);
        let legal_keys =
            legal.iter().filter(|p| !p.is_pass()).map(|p| p.position().with_turn(pos.turn()).own_key()).collect();
        let dice_list = if dice.is_doublet() { vec![dice.high(); 4] } else { vec![dice.high(), dice.low()] };
        TurnBuilder { dice, legal, legal_keys, boards: vec![Board::new(pos)], left: vec![dice_list], moves: Vec::new() }
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

    /// Is the turn a pass (no legal move at all)?
    pub fn is_pass(&self) -> bool {
        self.legal.len() == 1 && self.legal[0].is_pass()
    }

    fn board(&self) -> &Board {
        self.boards.last().expect("a turn always has a board")
    }

    /// Can some sequence from `board` with `left` dice reach a legal play?
    fn completable(&self, board: &Board, left: &[u8], seen: &mut HashSet<(u128, usize)>) -> bool {
        if self.legal_keys.contains(&board.key()) {
            return true;
        }
        if left.is_empty() || board.ended() || !seen.insert((board.key(), left.len())) {
            return false;
        }
        for (i, &d) in left.iter().enumerate() {
            if left[..i].contains(&d) {
                continue;
            }
            let rest: Vec<u8> = left.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &x)| x).collect();
            for from in (1..=24u8).filter(|&p| board.own[p as usize] > 0) {
                let mut b = board.clone();
                if b.step(from, d).is_ok() && self.completable(&b, &rest, seen) {
                    return true;
                }
            }
        }
        false
    }

    /// Tries `from`/`to` with each fitting die; the first that keeps the turn
    /// completable wins (a checker may bear off with either of two dice).
    fn try_move(&self, from: u8, to: u8) -> Result<(Board, Vec<u8>), PlayError> {
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
                        return Ok((b, rest));
                    }
                    first_err.get_or_insert_with(|| self.why_not_completable(&rest));
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
            if self.board().own[from.min(24) as usize] == 0 && from != 0 {
                if self.board().pos.own_pinned_on(from.clamp(1, 24)) {
                    PlayError::Pinned(from)
                } else {
                    PlayError::NoChecker(from)
                }
            } else if to != 0 && to >= from {
                PlayError::Backwards { from, to }
            } else {
                let dist = if to == 0 { from } else { from - to };
                let left = left.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
                PlayError::NoDice { from, to, dist, left: if left.is_empty() { "none".into() } else { left } }
            }
        }))
    }

    fn why_not_completable(&self, rest: &[u8]) -> PlayError {
        let most = self.legal.iter().map(|p| p.moves().len()).max().unwrap_or(0);
        if self.dice.is_doublet() {
            PlayError::MustUseMore { die: self.dice.high(), needed: most as u8 }
        } else if most == 1 && rest.contains(&self.dice.high()) {
            PlayError::MustUseLarger(self.dice.high())
        } else {
            PlayError::MustUseBoth(self.dice)
        }
    }

    /// Every single move that keeps the turn completable into a legal play.
    /// (A turn can be complete and still go on: bearing a checker off from
    /// 4 with a 5 reaches the same position as 4/3/off, yet 3/2 may follow.)
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
    /// hop over several dice (`24/14` with 6-4) is played as its single
    /// moves, through whichever intermediate points are open.
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
            Ok((b, rest)) => {
                self.push(Move::new(from, to), b, rest);
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
                        for (m, b, rest) in steps {
                            self.push(m, b, rest);
                        }
                        Ok(())
                    }
                    Err(Some(e)) => Err(e),
                    Err(None) => Err(single),
                }
            }
        }
    }

    /// Plays the single moves of `text`, an entry in notation as a person
    /// types it while building the turn (`24/18`, `24/18 13/7`,
    /// `24/20/14`, `13/7(2)`, `6/off`): all of them, or none and the
    /// reason. A whole play is [`crate::parse_play`]'s; this is the part of
    /// one. A point the entry itself empties was asked for more checkers
    /// than it had: `10/4(2)` with one checker on 10 is
    /// [`PlayError::TooFewCheckers`], not "no checker on point 10".
    ///
    /// ```
    /// use plakoto_core::{Dice, PlayError, TurnBuilder, pos};
    /// let p = pos!(White; white {10: 1, 3: 14}; black {20: 15});
    /// let mut t = TurnBuilder::new(&p, Dice::new(6, 6).unwrap());
    /// assert_eq!(t.enter("10/4(2)"), Err(PlayError::TooFewCheckers { point: 10, have: 1 }));
    /// assert!(t.moves().is_empty());
    /// t.enter("10/4/off").unwrap();
    /// assert_eq!(t.moves().len(), 2);
    /// ```
    pub fn enter(&mut self, text: &str) -> Result<(), PlayError> {
        let hops = crate::notation::entry_hops(text, self.dice)?;
        let at_start = self.board().own;
        // A point emptied by the entry's own earlier hops had too few checkers.
        crate::entry::play_all(self, &hops).map_err(|e| match e {
            PlayError::NoChecker(p) if at_start.get(usize::from(p)).is_some_and(|&n| n > 0) => {
                PlayError::TooFewCheckers { point: p, have: at_start[usize::from(p)] }
            }
            e => e,
        })
    }

    fn push(&mut self, m: Move, b: Board, rest: Vec<u8>) {
        self.boards.push(b);
        self.left.push(rest);
        self.moves.push(m);
    }

    /// One checker from `from` to `to` over several dice: the single moves,
    /// or the reason no route works (`None` when no dice add up to it).
    #[allow(clippy::type_complexity)]
    fn hop(&self, from: u8, to: u8) -> Result<Vec<(Move, Board, Vec<u8>)>, Option<PlayError>> {
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
            let mut steps = Vec::new();
            let mut at = from;
            let mut ok = true;
            for d in route {
                match b.step(at, d) {
                    Ok(next) => {
                        if let Some(i) = rest.iter().position(|&x| x == d) {
                            rest.remove(i);
                        }
                        steps.push((Move::new(at, next), b.clone(), rest.clone()));
                        at = next;
                        if b.ended() && at != to {
                            ok = false;
                            break;
                        }
                    }
                    Err(e) => {
                        err = Some(match (e, err) {
                            (PlayError::BlockedPoint(p) | PlayError::BlockedAnchor(p), _) if p != to => {
                                PlayError::PathBlocked { from, to, blocked: p.to_string() }
                            }
                            (e, _) => e,
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
                err.get_or_insert_with(|| self.why_not_completable(&rest));
            }
        }
        Err(err)
    }

    /// Takes back the last move; returns it.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.boards.pop();
        self.left.pop();
        Some(m)
    }

    /// Takes back every move.
    pub fn reset(&mut self) {
        while self.undo().is_some() {}
    }

    /// The legal play the moves so far make, once they make one (the pass
    /// when nothing can be played). Its moves are the generator's: a play
    /// entered as 4/off with a 5 may reach the position of 4/3/off.
    pub fn complete(&self) -> Option<Play> {
        if self.is_pass() {
            return Some(self.legal[0]);
        }
        let key = self.board().key();
        if !self.legal_keys.contains(&key) {
            return None;
        }
        let turn = self.board().pos.turn();
        self.legal.iter().find(|p| p.position().with_turn(turn).own_key() == key).copied()
    }

    /// The legal plays the turn can still become after the moves so far:
    /// all of them before the first move, and fewer as moves are made (a
    /// hint in the middle of a turn ranks these).
    ///
    /// ```
    /// use plakoto_core::{Dice, TurnBuilder, pos};
    /// let p = pos!(White; white {13: 1, 8: 1}; black {24: 15});
    /// let mut t = TurnBuilder::new(&p, Dice::new(6, 4).unwrap());
    /// let all: Vec<String> = t.reachable_plays().iter().map(|p| p.notation()).collect();
    /// assert_eq!(all, ["13/7 8/4", "13/9 8/2", "13/7/3"]);
    /// t.play_move(13, 9).unwrap();
    /// let left: Vec<String> = t.reachable_plays().iter().map(|p| p.notation()).collect();
    /// assert_eq!(left, ["13/9 8/2", "13/7/3"]);
    /// ```
    pub fn reachable_plays(&self) -> Vec<Play> {
        if self.is_pass() {
            return self.legal.clone();
        }
        let mut reached = HashSet::new();
        self.reach(self.board(), self.dice_left(), &mut HashSet::new(), &mut reached);
        let turn = self.board().pos.turn();
        self.legal.iter().filter(|p| reached.contains(&p.position().with_turn(turn).own_key())).copied().collect()
    }

    /// Collects in `reached` every legal play's key that some sequence from
    /// `board` with `left` dice arrives at.
    fn reach(&self, board: &Board, left: &[u8], seen: &mut HashSet<(u128, usize)>, reached: &mut HashSet<u128>) {
        if !seen.insert((board.key(), left.len())) {
            return;
        }
        if self.legal_keys.contains(&board.key()) {
            reached.insert(board.key());
        }
        if left.is_empty() || board.ended() {
            return;
        }
        for (i, &d) in left.iter().enumerate() {
            if left[..i].contains(&d) {
                continue;
            }
            let rest: Vec<u8> = left.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &x)| x).collect();
            for from in (1..=24u8).filter(|&p| board.own[p as usize] > 0) {
                let mut b = board.clone();
                if b.step(from, d).is_ok() {
                    self.reach(&b, &rest, seen, reached);
                }
            }
        }
    }

    /// Why no checker can move from `from` now (mover's numbering), or
    /// `None` when one can: no checker there, the checker is pinned, every
    /// die's point is blocked, bearing off is not allowed yet, or the move
    /// would leave the roll unplayable as the rules require.
    ///
    /// ```
    /// use plakoto_core::{Dice, PlayError, Position, TurnBuilder};
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
    /// checker can move now, in order (one search of the legal moves for all).
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
        // The reason the first die gives (its own error, or why the move it
        // makes leaves the roll unplayable).
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
            // A checker that is missing or pinned says so whatever the die.
            if let Some(e @ (PlayError::NoChecker(_) | PlayError::Pinned(_))) = e {
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
        match self.complete() {
            Some(p) if !p.is_pass() => p.position().with_turn(self.board().pos.turn()),
            _ => self.board().position(),
        }
    }
}

crate::entry::impl_steps!(TurnBuilder, PlayError);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{DiceSource, SeededDice};
    use crate::pos;

    /// Every legal play can be entered one move at a time, each move is
    /// offered by `legal_moves`, and the last one completes exactly it.
    #[test]
    fn every_legal_play_can_be_entered_move_by_move() {
        let mut dice = SeededDice::new(3);
        let mut pos = Position::start();
        let mut checked = 0;
        for _ in 0..600 {
            if pos.outcome().is_some() {
                pos = Position::start();
            }
            let d = dice.roll();
            let plays = pos.legal_plays(d);
            for play in plays.iter().filter(|p| !p.is_pass()).take(6) {
                let mut t = TurnBuilder::new(&pos, d);
                for m in play.moves() {
                    assert!(t.legal_moves().contains(m), "{m:?} not offered in {pos:?} {d} for {play}");
                    t.play_move(m.from, m.to).unwrap();
                }
                assert_eq!(t.complete().map(|p| *p.position()), Some(*play.position()), "{pos:?} {d} {play}");
                assert_eq!(t.current_position(), play.position().with_turn(pos.turn()));
                assert!(t.legal_moves().is_empty());
                checked += 1;
            }
            pos = *plays[dice.die() as usize % plays.len()].position();
        }
        assert!(checked > 1000);
    }

    #[test]
    fn explains_moves_that_cannot_be_completed() {
        // White 6-5, one checker on 24 can play 24/18 but then 5 from 18 lands on 13,
        // blocked; 24/19/13 is blocked too; the other checker on 8 plays the 5.
        let p = pos!(White; white {24: 1, 8: 1}; black {13: 2, 1: 13});
        let mut t = TurnBuilder::new(&p, Dice::new(6, 5).unwrap());
        assert_eq!(t.play_move(24, 13), Err(PlayError::BlockedPoint(13)));
        assert!(matches!(t.play_move(9, 3), Err(PlayError::NoChecker(9))));
        t.play_move(24, 18).unwrap();
        t.play_move(8, 3).unwrap();
        assert!(t.complete().is_some());
    }

    #[test]
    fn points_off_the_board_are_refused_not_a_panic() {
        let mut t = TurnBuilder::new(&Position::start(), Dice::new(6, 1).unwrap());
        assert_eq!(t.play_move(30, 14), Err(PlayError::NoPoint(30)));
        assert_eq!(t.play_move(24, 200), Err(PlayError::NoPoint(200)));
        assert_eq!(t.play_move(0, 0), Err(PlayError::NoPoint(0)));
        assert!(t.moves().is_empty());
    }

    #[test]
    fn an_entry_plays_its_moves_all_or_none_and_says_why_not() {
        let d = Dice::new(6, 4).unwrap();
        let mut t = TurnBuilder::new(&Position::start(), d);
        t.enter("24/20/14").unwrap();
        assert_eq!(t.moves(), [Move::new(24, 20), Move::new(20, 14)]);
        t.reset();
        t.enter("24/18,18/14").unwrap();
        assert_eq!(t.moves().len(), 2);
        t.reset();
        // The notation's own rules, in the parser's words.
        for bad in ["off/3", "25/3", "24", "24/18(9)", "bar/20", "", "pass"] {
            assert!(matches!(t.enter(bad), Err(PlayError::Syntax { .. })), "{bad}");
        }
        assert_eq!(t.enter("24/20 24/18 24/23"), Err(PlayError::TooManyMoves(d)));
        // A later move that fails takes the earlier ones of the entry back.
        t.enter("24/20").unwrap();
        assert!(t.enter("24/18 13/7").is_err());
        assert_eq!(t.moves(), [Move::new(24, 20)]);
        // A point the entry empties itself: more checkers written than it had.
        let p = pos!(White; white {10: 1, 3: 14}; black {20: 15});
        let mut t = TurnBuilder::new(&p, Dice::new(6, 6).unwrap());
        assert_eq!(t.enter("10/4(2)"), Err(PlayError::TooFewCheckers { point: 10, have: 1 }));
        assert_eq!(t.enter("9/3"), Err(PlayError::NoChecker(9)));
        assert!(t.moves().is_empty());
    }

    #[test]
    fn a_pass_is_complete_at_once() {
        // White's only checker on 24 is blocked for 6-6: 18 is Black's.
        let p = pos!(White; white {24: 1}; black {18: 2, 1: 13});
        let t = TurnBuilder::new(&p, Dice::new(6, 6).unwrap());
        assert!(t.is_pass());
        assert!(t.complete().unwrap().is_pass());
    }
}
