//! Building a turn one checker at a time, as a person plays it, in every
//! game: which single moves keep the turn completable into a legal play,
//! playing and undoing them (a hop over several dice as its single moves),
//! the legal play once the moves make one, and why a move is refused. Used
//! by the terminal and the web front ends (click a checker, see where it
//! may go).
//!
//! A game gives its board as a turn is played on it ([`TurnBoard`]): the
//! single step checked by its rules, and what its rules add to the
//! explanations. Everything else is written here once.

use std::collections::HashSet;

use crate::dice::Dice;
use crate::play::Move;
use crate::play_error::PlayError;
use crate::tavli::GamePlay;

/// Where a checked single step went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The point reached, 0 for off.
    pub to: u8,
    /// Did it hit an opposing checker (Portes)?
    pub hit: bool,
}

/// A game's board during a turn: the mover's checkers point by point (its
/// numbering; 25 the bar where the game has one, 0 off), each single step
/// checked by the game's rules. The fast move generators never use it.
pub trait TurnBoard: Clone {
    /// The game's position.
    type Position;
    /// The game's play.
    type Play: GamePlay;
    /// The highest point a checker moves from: 24, or 25 (the bar).
    const TOP: u8;

    /// Moves one of the mover's checkers from `from` by `die`, or says
    /// why the rules refuse it.
    fn step(&mut self, from: u8, die: u8) -> Result<Step, PlayError>;
    /// The mover's checkers on `point` that may move (1 to [`TurnBoard::TOP`]).
    fn count(&self, point: u8) -> u8;
    /// Has the mover's play ended the game?
    fn ended(&self) -> bool;
    /// A key of the mover's side: equal for the boards one play reaches.
    fn key(&self) -> u128;
    /// The key of the board a legal play of this turn reaches.
    fn play_key(&self, play: &Self::Play) -> u128;
    /// Is `play` the pass (no single move)?
    fn is_pass(play: &Self::Play) -> bool {
        play.moves().is_empty()
    }
    /// How many single moves `play` makes.
    fn moves_in(play: &Self::Play) -> usize {
        play.moves().len()
    }
    /// The single hops (from, to) an entry names, read by the game's notation.
    fn entry_hops(text: &str, dice: Dice) -> Result<Vec<(u8, u8)>, PlayError>;
    /// The position this board stands for, the mover still on roll;
    /// `complete` is the legal play the moves so far make, if they make one.
    fn position(&self, complete: Option<&Self::Play>) -> Self::Position;

    /// Why the mover cannot move from `from`, where it has no checker that
    /// may move (Plakoto tells a pinned checker from none).
    fn no_checker(&self, from: u8) -> PlayError {
        PlayError::NoChecker(from)
    }

    /// Why no way of finishing the turn from `board` (reached with the
    /// dice `used`, `left` still to play) is a legal play, where the game's
    /// rules say more than the rule on using the dice (all of a doublet,
    /// both dice, or the larger);
    /// `None` leaves it to the dice rule.
    fn unfinishable(turn: &TurnBuilder<Self>, board: &Self, left: &[u8], used: &[u8]) -> Option<PlayError> {
        let _ = (turn, board, left, used);
        None
    }
}

/// One way of finishing a turn: the board reached and the dice used.
pub(crate) struct Ending<B> {
    /// The board.
    pub(crate) board: B,
    /// The dice used, in order.
    pub(crate) used: Vec<u8>,
}

/// A turn in progress in the game of board `B`. Points are in the
/// mover's numbering; 25 is the bar (Portes) and 0 is off.
///
/// ```
/// use tavli_core::{Dice, Move, Position, TurnBuilder};
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
pub struct TurnBuilder<B: TurnBoard> {
    dice: Dice,
    legal: Vec<B::Play>,
    legal_keys: HashSet<u128>,
    /// The board, the dice left and the dice used before each move, then
    /// the current ones last.
    boards: Vec<B>,
    left: Vec<Vec<u8>>,
    used: Vec<Vec<u8>>,
    moves: Vec<Move>,
}

/// A single move's way: the move, the board after it, the dice left, the die.
type Stage<B> = (Move, B, Vec<u8>, u8);

impl<B: TurnBoard> TurnBuilder<B> {
    /// The turn on `board` with `dice`, whose legal plays are `legal`.
    pub(crate) fn on(board: B, dice: Dice, legal: Vec<B::Play>) -> TurnBuilder<B> {
        let dice_list = if dice.is_doublet() { vec![dice.high(); 4] } else { vec![dice.high(), dice.low()] };
        TurnBuilder::on_dice(board, dice, dice_list, legal)
    }

    /// The turn on `board` with `dice` whose single moves are those of
    /// `dice_list` (a Gul bara stage handed over may hold fewer than a
    /// doublet's four), its legal plays being `legal`.
    pub(crate) fn on_dice(board: B, dice: Dice, dice_list: Vec<u8>, legal: Vec<B::Play>) -> TurnBuilder<B> {
        let legal_keys = legal.iter().filter(|p| !B::is_pass(p)).map(|p| board.play_key(p)).collect();
        TurnBuilder {
            dice,
            legal,
            legal_keys,
            boards: vec![board],
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
    pub fn legal_plays(&self) -> &[B::Play] {
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

    /// Is the turn a pass (no legal move at all)?
    pub fn is_pass(&self) -> bool {
        self.legal.len() == 1 && B::is_pass(&self.legal[0])
    }

    /// Do the moves so far make `play`, one of this turn's legal plays?
    pub(crate) fn reaches(&self, play: &B::Play) -> bool {
        self.boards[0].play_key(play) == self.board().key()
    }

    /// The board as the moves so far left it.
    pub(crate) fn board(&self) -> &B {
        // `boards` starts with one board and `undo` never pops the first.
        &self.boards[self.boards.len() - 1]
    }

    /// Calls `f` on each single move from `board` with a die of `left`
    /// (the board after it, the dice left, the die), until `f` says stop;
    /// whether it did.
    fn each_step(&self, board: &B, left: &[u8], mut f: impl FnMut(B, &[u8], u8) -> bool) -> bool {
        for (i, &d) in left.iter().enumerate() {
            if left[..i].contains(&d) {
                continue;
            }
            let rest: Vec<u8> = left.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &x)| x).collect();
            for from in (1..=B::TOP).rev().filter(|&p| board.count(p) > 0) {
                let mut b = board.clone();
                if b.step(from, d).is_ok() && f(b, &rest, d) {
                    return true;
                }
            }
        }
        false
    }

    /// Can some sequence from `board` with `left` dice reach a legal play?
    fn completable(&self, board: &B, left: &[u8], seen: &mut HashSet<(u128, usize)>) -> bool {
        if self.legal_keys.contains(&board.key()) {
            return true;
        }
        if left.is_empty() || board.ended() || !seen.insert((board.key(), left.len())) {
            return false;
        }
        self.each_step(board, left, |b, rest, _| self.completable(&b, rest, seen))
    }

    /// Every way of finishing the turn from `board` with `left` dice
    /// (stopping anywhere), `used` the dice used to reach `board`.
    pub(crate) fn endings(&self, board: &B, left: &[u8], used: &mut Vec<u8>, out: &mut Vec<Ending<B>>) {
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

    /// Why the turn cannot be finished from `board`: the game's own
    /// reason, else the dice rule.
    fn why_not_completable(&self, board: &B, left: &[u8], used: &[u8]) -> PlayError {
        B::unfinishable(self, board, left, used).unwrap_or_else(|| self.dice_rule(left))
    }

    /// The rule on using the dice that a move breaks when it leaves `rest`
    /// unplayable though a legal play uses more: every die of a doublet
    /// that can be, both dice, or the larger when only one can be.
    pub(crate) fn dice_rule(&self, rest: &[u8]) -> PlayError {
        let most = self.legal.iter().map(B::moves_in).max().unwrap_or(0);
        if self.dice.is_doublet() {
            PlayError::MustUseMore { die: self.dice.high(), needed: most as u8 }
        } else if most == 1 && rest.contains(&self.dice.high()) {
            PlayError::MustUseLarger(self.dice.high())
        } else {
            PlayError::MustUseBoth(self.dice)
        }
    }

    /// Tries `from`/`to` with each fitting die; the first that keeps the turn
    /// completable wins (a checker may bear off with either of two dice).
    fn try_move(&self, from: u8, to: u8) -> Result<(B, Vec<u8>, u8), PlayError> {
        let left = self.dice_left();
        let mut first_err = None;
        let mut dice: Vec<u8> = left.to_vec();
        dice.sort_unstable();
        dice.dedup();
        for d in dice {
            let mut b = self.board().clone();
            match b.step(from, d) {
                Ok(step) if step.to == to => {
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
                    if from.checked_sub(d) == Some(to) || (to == 0 && d >= from) || from == 0 || from > B::TOP {
                        first_err.get_or_insert(e);
                    }
                }
            }
        }
        Err(first_err.unwrap_or_else(|| {
            if !(1..=B::TOP).contains(&from) {
                PlayError::NoPoint(from)
            } else if self.board().count(from) == 0 {
                self.board().no_checker(from)
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
    /// (A turn can be complete and still go on: bearing a checker off from
    /// 4 with a 5 reaches the same position as 4/3/off, yet 3/2 may follow.)
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        for from in (1..=B::TOP).rev().filter(|&p| self.board().count(p) > 0) {
            let mut tos: Vec<u8> = Vec::new();
            for &d in self.dice_left() {
                let mut b = self.board().clone();
                if let Ok(step) = b.step(from, d)
                    && !tos.contains(&step.to)
                    && self.try_move(from, step.to).is_ok()
                {
                    tos.push(step.to);
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
    /// moves, by a way through open points that hits nothing on the way if
    /// there is one.
    pub fn play_move(&mut self, from: u8, to: u8) -> Result<(), PlayError> {
        if from == 0 || from > B::TOP {
            return Err(PlayError::NoPoint(from));
        }
        if to > 24 {
            return Err(PlayError::NoPoint(to));
        }
        if self.is_pass() {
            return Err(PlayError::MustPass(self.dice));
        }
        if self.dice_left().is_empty() {
            return Err(PlayError::TooManyMoves(self.dice));
        }
        match self.try_move(from, to) {
            Ok((b, rest, d)) => {
                self.push((Move::new(from, to), b, rest, d));
                Ok(())
            }
            Err(single) => {
                let direct =
                    self.dice_left().iter().any(|&d| from.checked_sub(d) == Some(to) || (to == 0 && d >= from));
                if direct {
                    return Err(single);
                }
                match self.hop(from, to) {
                    Ok(stages) => {
                        for s in stages {
                            self.push(s);
                        }
                        Ok(())
                    }
                    Err(e) => Err(e.unwrap_or(single)),
                }
            }
        }
    }

    fn push(&mut self, (m, b, rest, die): Stage<B>) {
        let mut used = self.used().to_vec();
        used.push(die);
        self.boards.push(b);
        self.left.push(rest);
        self.used.push(used);
        self.moves.push(m);
    }

    /// One checker from `from` to `to` over several dice: its single moves,
    /// or why no way works (`None` when no dice add up to it). Of the ways
    /// that work, the first with the fewest dice that hits nothing before
    /// its end, else the first.
    fn hop(&self, from: u8, to: u8) -> Result<Vec<Stage<B>>, Option<PlayError>> {
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
        let mut found: Option<(Vec<Stage<B>>, bool)> = None;
        for route in all {
            let mut b = self.board().clone();
            let mut rest = self.dice_left().to_vec();
            let mut used = self.used().to_vec();
            let mut stages = Vec::new();
            let (mut at, mut ok, mut hit_on_way) = (from, true, false);
            for d in route {
                if b.ended() {
                    ok = false;
                    break;
                }
                match b.step(at, d) {
                    Ok(step) => {
                        if let Some(i) = rest.iter().position(|&x| x == d) {
                            rest.remove(i);
                        }
                        used.push(d);
                        hit_on_way |= step.hit && step.to != to;
                        stages.push((Move::new(at, step.to), b.clone(), rest.clone(), d));
                        at = step.to;
                    }
                    Err(e) => {
                        err = Some(match e {
                            PlayError::Blocked(p) | PlayError::BlockedAnchor(p) | PlayError::HeldByOne(p)
                                if p != to =>
                            {
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
                        found = Some((stages, hit_on_way));
                    }
                } else {
                    err.get_or_insert_with(|| self.why_not_completable(&b, &rest, &used));
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
        self.used.pop();
        Some(m)
    }

    /// Takes back every move.
    pub fn reset(&mut self) {
        while self.undo().is_some() {}
    }

    /// Plays the single moves of `text`, an entry in notation as a person
    /// types it while building the turn (`24/18`, `24/18 13/7`,
    /// `24/20/14`, `13/7(2)`, `6/off`): all of them, or none and the
    /// reason. A point the entry itself empties was asked for more checkers
    /// than it had: `10/4(2)` with one checker on 10 is
    /// [`PlayError::TooFewCheckers`], not "no checker on point 10".
    ///
    /// ```
    /// use tavli_core::{Dice, PlayError, TurnBuilder, pos};
    /// let p = pos!(White; white {10: 1, 3: 14}; black {20: 15});
    /// let mut t = TurnBuilder::new(&p, Dice::new(6, 6).unwrap());
    /// assert_eq!(t.enter("10/4(2)"), Err(PlayError::TooFewCheckers { point: 10, have: 1 }));
    /// assert!(t.moves().is_empty());
    /// t.enter("10/4/off").unwrap();
    /// assert_eq!(t.moves().len(), 2);
    /// ```
    pub fn enter(&mut self, text: &str) -> Result<(), PlayError> {
        let hops = B::entry_hops(text, self.dice)?;
        let at_start = self.board().clone();
        // A point emptied by the entry's own earlier hops had too few checkers.
        crate::entry::play_all(self, &hops).map_err(|e| match e {
            PlayError::NoChecker(p) if (1..=B::TOP).contains(&p) && at_start.count(p) > 0 => {
                PlayError::TooFewCheckers { point: p, have: at_start.count(p) }
            }
            e => e,
        })
    }

    /// The legal play the moves so far make, once they make one (the pass
    /// when nothing can be played). Its moves are the generator's: a play
    /// entered as 4/off with a 5 may reach the position of 4/3/off.
    pub fn complete(&self) -> Option<B::Play> {
        if self.is_pass() {
            return Some(self.legal[0].clone());
        }
        let key = self.board().key();
        if !self.legal_keys.contains(&key) {
            return None;
        }
        self.legal.iter().find(|p| !B::is_pass(p) && self.board().play_key(p) == key).cloned()
    }

    /// The legal plays the turn can still become after the moves so far:
    /// all of them before the first move, fewer as moves are made (a hint
    /// in the middle of a turn ranks these).
    ///
    /// ```
    /// use tavli_core::{Dice, TurnBuilder, pos};
    /// let p = pos!(White; white {13: 1, 8: 1}; black {24: 15});
    /// let mut t = TurnBuilder::new(&p, Dice::new(6, 4).unwrap());
    /// let all: Vec<String> = t.reachable_plays().iter().map(|p| p.notation()).collect();
    /// assert_eq!(all, ["13/7 8/4", "13/9 8/2", "13/7/3"]);
    /// t.play_move(13, 9).unwrap();
    /// let left: Vec<String> = t.reachable_plays().iter().map(|p| p.notation()).collect();
    /// assert_eq!(left, ["13/9 8/2", "13/7/3"]);
    /// ```
    pub fn reachable_plays(&self) -> Vec<B::Play> {
        if self.is_pass() {
            return self.legal.clone();
        }
        let mut reached = HashSet::new();
        self.reach(self.board(), self.dice_left(), &mut HashSet::new(), &mut reached);
        let b = self.board();
        self.legal.iter().filter(|p| !B::is_pass(p) && reached.contains(&b.play_key(p))).cloned().collect()
    }

    /// Collects in `reached` every legal play's key that some sequence from
    /// `board` with `left` dice arrives at.
    fn reach(&self, board: &B, left: &[u8], seen: &mut HashSet<(u128, usize)>, reached: &mut HashSet<u128>) {
        if !seen.insert((board.key(), left.len())) {
            return;
        }
        if self.legal_keys.contains(&board.key()) {
            reached.insert(board.key());
        }
        if left.is_empty() || board.ended() {
            return;
        }
        self.each_step(board, left, |b, rest, _| {
            self.reach(&b, rest, seen, reached);
            false
        });
    }

    /// Why no checker can move from `from` now (mover's numbering; 25 the
    /// bar), or `None` when one can: no checker there (or one that may not
    /// move: pinned, or waiting for the bar or the runner), every die's
    /// point blocked, bearing off not allowed yet, or a move that would
    /// leave the roll unplayable as the rules require.
    ///
    /// ```
    /// use tavli_core::{Dice, PlayError, Position, TurnBuilder};
    /// let t = TurnBuilder::new(&Position::start(), Dice::new(6, 4).unwrap());
    /// assert_eq!(t.why_not_from(24), None);
    /// assert_eq!(t.why_not_from(13), Some(PlayError::NoChecker(13)));
    /// ```
    pub fn why_not_from(&self, from: u8) -> Option<PlayError> {
        if !(1..=B::TOP).contains(&from) {
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

    /// [`TurnBuilder::why_not_from`] for every point (and the bar, 25,
    /// where the game has one) from which no checker can move now, in
    /// order: one search of the legal moves for all.
    pub fn why_not_each(&self) -> Vec<(u8, PlayError)> {
        if self.is_pass() || self.dice_left().is_empty() {
            let e = if self.is_pass() { PlayError::MustPass(self.dice) } else { PlayError::TooManyMoves(self.dice) };
            return (1..=B::TOP).map(|p| (p, e.clone())).collect();
        }
        let sources: Vec<u8> = self.legal_moves().iter().map(|m| m.from).collect();
        (1..=B::TOP).filter(|p| !sources.contains(p)).filter_map(|p| Some((p, self.reason_from(p)?))).collect()
    }

    /// Why no checker moves from `from`, given that no legal move starts
    /// there: the reason the largest die gives (its own refusal, or why
    /// the move it makes leaves the roll unplayable), unless the checker
    /// may not move at all, which is said whatever the die.
    fn reason_from(&self, from: u8) -> Option<PlayError> {
        let mut dice = self.dice_left().to_vec();
        dice.sort_unstable_by(|a, b| b.cmp(a));
        dice.dedup();
        let mut first = None;
        for d in dice {
            let mut b = self.board().clone();
            let e = match b.step(from, d) {
                Ok(step) => self.try_move(from, step.to).err(),
                Err(e) => Some(e),
            };
            if let Some(
                e @ (PlayError::NoChecker(_)
                | PlayError::Pinned(_)
                | PlayError::MustEnterFirst { .. }
                | PlayError::Runner { .. }),
            ) = e
            {
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
    pub fn current_position(&self) -> B::Position {
        let complete = self.complete().filter(|p| !B::is_pass(p));
        self.board().position(complete.as_ref())
    }
}

impl<B: TurnBoard> crate::entry::Steps for TurnBuilder<B> {
    type Error = PlayError;

    fn step(&mut self, from: u8, to: u8) -> Result<(), PlayError> {
        self.play_move(from, to)
    }

    fn made(&self) -> usize {
        self.moves.len()
    }

    fn take_back(&mut self) {
        self.undo();
    }
}
