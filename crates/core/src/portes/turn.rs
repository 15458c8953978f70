//! Building a Portes turn one checker at a time, as a person plays it:
//! which single moves keep the turn completable into a legal play, playing
//! and undoing them, and the legal play once the moves make one.

use std::collections::HashSet;

use super::board::Board;
use super::play::Play;
use super::play_error::PlayError;
use super::position::Position;
use crate::dice::Dice;
use crate::play::Move;

/// A Portes turn in progress. Points are in the mover's numbering; 25 is
/// the bar and 0 is off.
///
/// ```
/// use plakoto_core::{Dice, Move};
/// use plakoto_core::portes::{Position, TurnBuilder};
/// let mut t = TurnBuilder::new(&Position::start(), Dice::new(6, 5).unwrap());
/// assert_eq!(t.destinations(24), vec![18]); // 19 is blocked
/// t.play_move(24, 18).unwrap();
/// assert_eq!(t.complete(), None);
/// t.play_move(18, 13).unwrap();
/// assert_eq!(t.complete().unwrap().notation(), "24/18/13");
/// t.undo();
/// assert_eq!(t.moves(), vec![Move::new(24, 18)]);
/// ```
#[derive(Clone)]
pub struct TurnBuilder {
    dice: Dice,
    legal: Vec<Play>,
    legal_keys: HashSet<u128>,
    /// The board and dice left before each move, the current ones last.
    boards: Vec<Board>,
    left: Vec<Vec<u8>>,
    moves: Vec<Move>,
}

impl TurnBuilder {
    /// Starts the turn of the side on roll in `pos` with `dice`.
    pub fn new(pos: &Position, dice: Dice) -> TurnBuilder {
        let legal = pos.legal_plays(dice);
        let legal_keys = legal.iter().filter(|p| !p.is_pass()).map(Play::key).collect();
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

    /// The single moves played so far.
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
        &self.boards[self.boards.len() - 1]
    }

    /// Can some sequence from `board` with `left` dice reach a legal play?
    fn completable(&self, board: &Board, left: &[u8], seen: &mut HashSet<(u128, usize)>) -> bool {
        self.reach(board, left, seen, &mut HashSet::new(), true)
    }

    /// Collects in `reached` the keys of the legal plays some sequence from
    /// `board` with `left` dice arrives at; with `first`, stops at the
    /// first one. Whether one was found (with `first`).
    fn reach(
        &self,
        board: &Board,
        left: &[u8],
        seen: &mut HashSet<(u128, usize)>,
        reached: &mut HashSet<u128>,
        first: bool,
    ) -> bool {
        if self.legal_keys.contains(&board.key()) {
            reached.insert(board.key());
            if first {
                return true;
            }
        }
        if left.is_empty() || board.ended() || !seen.insert((board.key(), left.len())) {
            return false;
        }
        for (i, &d) in left.iter().enumerate() {
            if left[..i].contains(&d) {
                continue;
            }
            let rest: Vec<u8> = left.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &x)| x).collect();
            for from in board.sources() {
                let mut b = board.clone();
                if b.step(from, d).is_ok() && self.reach(&b, &rest, seen, reached, first) && first {
                    return true;
                }
            }
        }
        false
    }

    /// The legal plays the turn can still become after the moves so far:
    /// all of them before the first move, fewer as moves are made (a hint
    /// in the middle of a turn ranks these).
    ///
    /// ```
    /// use plakoto_core::Dice;
    /// use plakoto_core::portes::{Position, TurnBuilder};
    /// let mut t = TurnBuilder::new(&Position::start(), Dice::new(3, 1).unwrap());
    /// let all = t.reachable_plays().len();
    /// assert_eq!(all, Position::start().legal_plays(Dice::new(3, 1).unwrap()).len());
    /// t.play_move(8, 5).unwrap();
    /// let left: Vec<String> = t.reachable_plays().iter().map(|p| p.notation()).collect();
    /// assert!(left.contains(&"8/5 6/5".to_string()) && left.len() < all, "{left:?}");
    /// assert!(left.iter().all(|n| n.contains("8/5") || n.contains("8/4")), "{left:?}");
    /// ```
    pub fn reachable_plays(&self) -> Vec<Play> {
        if self.is_pass() {
            return self.legal.clone();
        }
        let mut reached = HashSet::new();
        self.reach(self.board(), self.dice_left(), &mut HashSet::new(), &mut reached, false);
        self.legal.iter().filter(|p| !p.is_pass() && reached.contains(&p.key())).copied().collect()
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

    /// One checker from `from` to `to` by one die: the board and dice left,
    /// or why not.
    fn try_move(&self, from: u8, to: u8) -> Result<(Board, Vec<u8>), PlayError> {
        let left = self.dice_left();
        let mut dice = left.to_vec();
        dice.sort_unstable();
        dice.dedup();
        let mut first_err = None;
        for d in dice {
            let mut b = self.board().clone();
            match b.step(from, d) {
                Ok((t, _)) if t == to => {
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
                    if from.checked_sub(d) == Some(to) || (to == 0 && d >= from) || from == 0 || from > 25 {
                        first_err.get_or_insert(e);
                    }
                }
            }
        }
        Err(first_err.unwrap_or_else(|| {
            if self.board().own[from.min(25) as usize] == 0 {
                PlayError::NoChecker(from)
            } else if to != 0 && to >= from {
                PlayError::Backwards { from, to }
            } else {
                let dist = if to == 0 { from } else { from - to };
                let text = left.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
                PlayError::NoDice { from, to, dist, left: if text.is_empty() { "none".into() } else { text } }
            }
        }))
    }

    /// Every single move that keeps the turn completable into a legal play.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        for from in self.board().sources() {
            let mut tos: Vec<u8> = Vec::new();
            for &d in self.dice_left() {
                let mut b = self.board().clone();
                if let Ok((to, _)) = b.step(from, d)
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

    /// Where a checker on `from` (25 = the bar) may go next (0 = off),
    /// nearest first.
    pub fn destinations(&self, from: u8) -> Vec<u8> {
        let mut v: Vec<u8> = self.legal_moves().into_iter().filter(|m| m.from == from).map(|m| m.to).collect();
        v.sort_unstable_by(|a, b| b.cmp(a));
        v
    }

    /// Plays one checker from `from` (25 = the bar) to `to` (0 = off), or
    /// says why not. A hop over several dice (`24/13` with 6-5) is played as
    /// its single moves, by a way that hits nothing on the way if there is one.
    pub fn play_move(&mut self, from: u8, to: u8) -> Result<(), PlayError> {
        for p in [from, to] {
            if p > 25 || (p == from && p == 0) || (p == to && p == 25) {
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
                    Err(e) => Err(e.unwrap_or(single)),
                }
            }
        }
    }

    fn push(&mut self, m: Move, b: Board, rest: Vec<u8>) {
        self.boards.push(b);
        self.left.push(rest);
        self.moves.push(m);
    }

    /// One checker from `from` to `to` over several dice: its single moves,
    /// or why no way works (`None` when no dice add up to it).
    #[allow(clippy::type_complexity)]
    fn hop(&self, from: u8, to: u8) -> Result<Vec<(Move, Board, Vec<u8>)>, Option<PlayError>> {
        fn routes(at: u8, to: u8, left: &[u8], path: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
            for (i, &d) in left.iter().enumerate() {
                if left[..i].contains(&d) {
                    continue;
                }
                path.push(d);
                if ((to == 0 && d >= at) || at.checked_sub(d) == Some(to)) && path.len() > 1 {
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
        let mut found: Option<(Vec<(Move, Board, Vec<u8>)>, bool)> = None;
        for route in all {
            let mut b = self.board().clone();
            let mut rest = self.dice_left().to_vec();
            let mut steps = Vec::new();
            let mut at = from;
            let mut ok = true;
            let mut hit_on_way = false;
            for d in route {
                if b.ended() {
                    ok = false;
                    break;
                }
                match b.step(at, d) {
                    Ok((next, hit)) => {
                        if let Some(i) = rest.iter().position(|&x| x == d) {
                            rest.remove(i);
                        }
                        hit_on_way |= hit && next != to;
                        steps.push((Move::new(at, next), b.clone(), rest.clone()));
                        at = next;
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
                    if found.as_ref().is_none_or(|f| f.1 && !hit_on_way) {
                        found = Some((steps, hit_on_way));
                    }
                } else {
                    err.get_or_insert_with(|| self.why_not_completable(&rest));
                }
            }
        }
        found.map(|f| f.0).ok_or(err)
    }

    /// Takes back the last move; returns it.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.boards.pop();
        self.left.pop();
        Some(m)
    }

    /// Plays the single moves of `text` (`24/18`, several at once, a hop
    /// over several dice), or none of them and says why the first that
    /// fails cannot be played: a person entering the turn part by part.
    ///
    /// ```
    /// use plakoto_core::Dice;
    /// use plakoto_core::portes::{Position, TurnBuilder};
    /// let mut t = TurnBuilder::new(&Position::start(), Dice::new(6, 4).unwrap());
    /// assert!(t.enter("24/18 13/99").is_err());
    /// assert!(t.moves().is_empty());
    /// t.enter("24/18").unwrap();
    /// t.enter("18/14").unwrap();
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
    /// when nothing can be played).
    pub fn complete(&self) -> Option<Play> {
        if self.is_pass() {
            return Some(self.legal[0]);
        }
        let key = self.board().key();
        self.legal.iter().find(|p| !p.is_pass() && p.key() == key).copied()
    }

    /// Why no checker can move from `from` now (25 = the bar), or `None`
    /// when one can: no checker there, checkers on the bar to enter first,
    /// every die's point blocked, bearing off not allowed yet, or a move
    /// that would leave the roll unplayable as the rules require.
    ///
    /// ```
    /// use plakoto_core::Dice;
    /// use plakoto_core::portes::{PlayError, Position, TurnBuilder};
    /// let t = TurnBuilder::new(&Position::start(), Dice::new(6, 4).unwrap());
    /// assert_eq!(t.why_not_from(24), None);
    /// assert_eq!(t.why_not_from(7), Some(PlayError::NoChecker(7)));
    /// ```
    pub fn why_not_from(&self, from: u8) -> Option<PlayError> {
        if !(1..=25).contains(&from) {
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

    /// [`TurnBuilder::why_not_from`] for every point 1 to 24 and the bar
    /// (25) from which no checker can move now, in order, as Plakoto's
    /// builder gives them (one search of the legal moves for all).
    ///
    /// ```
    /// use plakoto_core::Dice;
    /// use plakoto_core::portes::{PlayError, Position, TurnBuilder};
    /// let t = TurnBuilder::new(&Position::start(), Dice::new(6, 4).unwrap());
    /// let why = t.why_not_each();
    /// assert!(why.contains(&(7, PlayError::NoChecker(7))));
    /// assert!(why.contains(&(25, PlayError::NoChecker(25))));
    /// assert!(why.iter().all(|&(p, _)| p != 24));
    /// ```
    pub fn why_not_each(&self) -> Vec<(u8, PlayError)> {
        if self.is_pass() || self.dice_left().is_empty() {
            let e = if self.is_pass() { PlayError::MustPass(self.dice) } else { PlayError::TooManyMoves(self.dice) };
            return (1..=25).map(|p| (p, e.clone())).collect();
        }
        let sources: Vec<u8> = self.legal_moves().iter().map(|m| m.from).collect();
        (1..=25u8).filter(|p| !sources.contains(p)).filter_map(|p| Some((p, self.reason_from(p)?))).collect()
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
                Ok((to, _)) => self.try_move(from, to).err(),
                Err(e) => Some(e),
            };
            if let Some(e @ (PlayError::NoChecker(_) | PlayError::MustEnterFirst { .. })) = e {
                return Some(e);
            }
            if first.is_none() {
                first = e;
            }
        }
        first
    }

    /// The position as it stands after the moves so far, the mover still
    /// on roll, for drawing the board mid-turn.
    pub fn current_position(&self) -> Position {
        self.board().position()
    }
}

crate::entry::impl_steps!(TurnBuilder, PlayError);

#[cfg(test)]
mod tests {
    use super::*;

    /// `why_not_each` gives, point by point, what `why_not_from` gives.
    #[test]
    fn why_not_each_agrees_with_why_not_from() {
        let on_bar = Position::from_json(
            r#"{"game":"portes","turn":"white","bar":{"white":1},"board":{"24":1,"13":5,"8":3,"6":5,"1":-2,"12":-5,"17":-3,"19":-5}}"#,
        )
        .unwrap();
        for pos in [Position::start(), on_bar] {
            for (a, b) in [(6, 4), (3, 1), (5, 5), (6, 6)] {
                let t = TurnBuilder::new(&pos, Dice::new(a, b).unwrap());
                let each = t.why_not_each();
                let one: Vec<(u8, PlayError)> = (1..=25).filter_map(|p| t.why_not_from(p).map(|e| (p, e))).collect();
                assert_eq!(each, one, "{pos:?} {a}-{b}");
            }
        }
        // With a checker on the bar, every other checker must wait for it.
        let t = TurnBuilder::new(&on_bar, Dice::new(6, 3).unwrap());
        let each = t.why_not_each();
        assert!(each.contains(&(13, PlayError::MustEnterFirst { from: 13, bar: 1 })), "{each:?}");
        assert!(each.iter().all(|&(p, _)| p != 25), "the bar can enter: {each:?}");
    }
}
