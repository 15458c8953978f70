//! Whole turns: every way of playing all of a turn's stages, each distinct
//! (position, remainder) pair once (REGIONAL.md 4.2), for counting them,
//! for perft and for listing them to a person. A ladder from the start on
//! 1-1 has 3,227,824 of them, so they are never held: the walk goes
//! stage by stage, depth first, expanding each position reached after a
//! stage once (a set per stage) and handing each whole play to its caller
//! as it is found, once (a set of the ends). The sets hold 8-byte keys.

use std::fmt;
use std::ops::ControlFlow;

use super::keys::{KeySet64, SIDE_KEY_BITS, side_key};
use super::stage::{StageEnd, StageGen};
use super::{Ctx, Play};
use crate::color::Color;
use crate::gulbara::pending::Pending;
use crate::gulbara::position::Position;
use crate::play::{Move, PlayOf};
use crate::result::GameResult;

/// The most single moves of a turn: a 1-1 ladder, six stages of four.
pub const MAX_TURN_MOVES: usize = 24;

/// A whole turn's play as the walk finds it: the position reached (with
/// any remainder handed over in it) and the moves, valid for the call.
pub(crate) struct TurnEnd<'a> {
    pub(crate) position: Position,
    pub(crate) moves: &'a [Move],
    pub(crate) result: Option<GameResult>,
}

/// The whole-turn walk with its scratch space.
pub(crate) struct TurnGen {
    stage: StageGen,
    /// The stage ends found at each stage of the walk's current path.
    bufs: Vec<Vec<StageEnd>>,
    /// The positions already expanded before each stage.
    expanded: Vec<KeySet64>,
    /// The whole plays already handed out.
    ends: KeySet64,
    path: [Move; MAX_TURN_MOVES],
    path_len: usize,
}

impl TurnGen {
    pub(crate) fn new() -> TurnGen {
        TurnGen {
            stage: StageGen::new(),
            bufs: (0..6).map(|_| Vec::new()).collect(),
            expanded: (0..6).map(|_| KeySet64::new()).collect(),
            ends: KeySet64::new(),
            path: [Move::default(); MAX_TURN_MOVES],
            path_len: 0,
        }
    }

    /// Calls `f` with each distinct whole play of the stages from `first`
    /// (the first stage of a ladder just rolled when `rolled`) in the
    /// position of `ctx`, until `f` breaks.
    pub(crate) fn each(
        &mut self,
        ctx: &Ctx,
        first: Pending,
        rolled: bool,
        f: &mut dyn FnMut(&TurnEnd) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.ends.clear();
        self.expanded.iter_mut().for_each(KeySet64::clear);
        self.path_len = 0;
        self.walk(ctx, 0, first, rolled, ctx.own0, f)
    }

    /// The number of distinct whole plays (see [`TurnGen::each`]).
    pub(crate) fn count(&mut self, ctx: &Ctx, first: Pending, rolled: bool) -> u64 {
        let mut n = 0u64;
        let _ = self.each(ctx, first, rolled, &mut |_| {
            n += 1;
            ControlFlow::Continue(())
        });
        n
    }

    /// Plays stage `depth` (`stage`: its moves and die) from the mover's
    /// checkers `own`, then the stages after it.
    fn walk(
        &mut self,
        ctx: &Ctx,
        depth: usize,
        stage: Pending,
        rolled: bool,
        own: u128,
        f: &mut dyn FnMut(&TurnEnd) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut buf = std::mem::take(&mut self.bufs[depth]);
        self.stage.generate_from(ctx.open, own, stage.die(), stage.left(), &mut buf);
        let mut flow = ControlFlow::Continue(());
        for e in &buf {
            let side = side_key(e.own);
            let goes_on = !e.ended && e.len == stage.left() && stage.die() < 6;
            // What the opponent is handed, if anything: with the checkers it
            // names the end (the rest follows from them).
            let handed = !e.ended && e.len < stage.left() && !stage.is_handed();
            let fresh = if goes_on {
                self.expanded[depth + 1].insert(side)
            } else {
                let code = if handed { Pending::code(Some(stage.stalled(e.len))) } else { 0 };
                self.ends.insert(side | u64::from(code) << SIDE_KEY_BITS)
            };
            if !fresh {
                continue;
            }
            let before = self.path_len;
            let len = usize::from(e.len);
            self.path[before..before + len].copy_from_slice(&e.moves[..len]);
            self.path_len += len;
            flow = if goes_on {
                let next = Pending::stage(stage.die() + 1, 4, stage.is_handed());
                self.walk(ctx, depth + 1, next, rolled, e.own, f)
            } else {
                let position = ctx.pos.after_stage(stage, rolled, e.own, e.len, e.ended);
                let result = e.ended.then(|| ctx.win());
                f(&TurnEnd { position, moves: &self.path[..self.path_len], result })
            };
            self.path_len = before;
            if flow.is_break() {
                break;
            }
        }
        self.bufs[depth] = buf;
        flow
    }
}

/// A whole turn's play: every single move of the turn (up to 24, a 1-1
/// ladder's), its stages when it has them, the position reached, with the
/// remainder handed to the opponent in it when the ladder stalled, and the
/// result when it ends the game. What perft's leaves and
/// [`MoveGen::count_turns`](super::MoveGen::count_turns) count, and what
/// `tavli moves` lists; the game itself is played a decision (a stage) at
/// a time ([`Play`]).
///
/// ```
/// use tavli_core::Dice;
/// use tavli_core::gulbara::Position;
/// let fourth = Position::of_board(Position::start().board(), 4);
/// let plays = fourth.turn_plays(Dice::new(6, 6).unwrap(), 10).unwrap();
/// assert_eq!(plays[0].to_string(), "24/18(4)"); // 6-6 is four sixes, ladder or not
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnPlay {
    moves: [Move; MAX_TURN_MOVES],
    len: u8,
    /// The turn's first stage when it is played in stages (a ladder or
    /// pending dice); `None` for a roll played at once.
    first: Option<Pending>,
    position: Position,
    result: Option<GameResult>,
    mover: Color,
}

impl TurnPlay {
    /// A roll played at once, or one stage, as a whole turn.
    pub(crate) fn of_play(play: &Play, first: Option<Pending>) -> TurnPlay {
        let mut moves = [Move::default(); MAX_TURN_MOVES];
        moves[..play.moves().len()].copy_from_slice(play.moves());
        TurnPlay {
            moves,
            len: play.moves().len() as u8,
            first,
            position: *play.position(),
            result: play.result(),
            mover: play.mover(),
        }
    }

    /// What the walk found, the turn's first stage being `first`.
    pub(crate) fn of_end(end: &TurnEnd, ctx: &Ctx, first: Pending) -> TurnPlay {
        let mut moves = [Move::default(); MAX_TURN_MOVES];
        moves[..end.moves.len()].copy_from_slice(end.moves);
        TurnPlay {
            moves,
            len: end.moves.len() as u8,
            first: Some(first),
            position: end.position,
            result: end.result,
            mover: ctx.pos.turn(),
        }
    }

    /// A turn made of stage plays played one after the other.
    pub(crate) fn of_stages(first: Pending, stages: &[Play]) -> Option<TurnPlay> {
        let last = stages.last()?;
        let mut moves = [Move::default(); MAX_TURN_MOVES];
        let mut len = 0;
        for p in stages {
            moves[len..len + p.moves().len()].copy_from_slice(p.moves());
            len += p.moves().len();
        }
        Some(TurnPlay {
            moves,
            len: len as u8,
            first: Some(first),
            position: *last.position(),
            result: last.result(),
            mover: last.mover(),
        })
    }

    /// Every single move, in the order played (empty for a pass).
    pub fn moves(&self) -> &[Move] {
        &self.moves[..usize::from(self.len)]
    }

    /// The position reached: the opponent on roll (with the remainder
    /// handed to it, if any), the mover still on roll after playing dice
    /// handed to it (it rolls next), or the final position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The result when the play ends the game.
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// The side that played.
    pub fn mover(&self) -> Color {
        self.mover
    }

    /// The dice the play hands to the opponent, when a ladder stalled.
    pub fn remainder(&self) -> Option<Pending> {
        self.position.pending().filter(|_| self.position.turn() != self.mover)
    }

    /// The moves of each stage, in order: one stage for a roll played at
    /// once; for a staged turn its first stage's moves, then four a stage,
    /// the last stage maybe shorter (the turn ended there). A stage
    /// where nothing could move is not listed.
    pub fn stages(&self) -> Vec<&[Move]> {
        let moves = self.moves();
        let Some(first) = self.first else { return vec![moves] };
        let mut out = Vec::new();
        let mut at = 0;
        let mut size = usize::from(first.left());
        while at < moves.len() {
            let end = (at + size).min(moves.len());
            out.push(&moves[at..end]);
            at = end;
            size = 4;
        }
        out
    }

    /// The first stage when the turn is played in stages.
    pub fn first_stage(&self) -> Option<Pending> {
        self.first
    }

    /// Each stage as a play of its own (moves only; for the notation).
    pub(crate) fn stage_plays(&self) -> Vec<Play> {
        self.stages()
            .into_iter()
            .map(|ms| {
                let mut moves = [Move::default(); 4];
                moves[..ms.len()].copy_from_slice(ms);
                PlayOf {
                    moves,
                    len: ms.len() as u8,
                    marks: 0,
                    position: self.position,
                    result: None,
                    mover: self.mover,
                }
            })
            .collect()
    }
}

/// A turn has more whole plays than a list was allowed to hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyPlays {
    /// How many whole plays the turn has.
    pub plays: u64,
    /// The most the caller would hold.
    pub limit: usize,
}

impl fmt::Display for TooManyPlays {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "this turn has {} whole plays, more than the {} asked for: a ladder is played stage by stage",
            self.plays, self.limit
        )
    }
}

impl std::error::Error for TooManyPlays {}
