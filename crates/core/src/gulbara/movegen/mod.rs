//! Gul bara's legal plays, decision by decision.
//!
//! A decision is what the side on roll plays at once, with its whole
//! knowledge: a roll that does not ladder (a non-doublet, or a doublet on
//! the game's rolls 1 to 3), one stage of a ladder (four moves of one
//! number), or one stage of pending dice (the rest of its own ladder, or a
//! remainder handed over by the opponent). Each stage is played under the
//! usual rule, as many of its moves as possible, and no look-ahead into
//! the stages after it (REGIONAL.md 4.2), so a ladder's stages are
//! separate decisions that lose nothing against choosing the whole ladder
//! at once: every ladder play is a sequence of stage plays and every
//! sequence of stage plays is a ladder play. Keeping each decision to at
//! most four moves keeps every play list small, although a whole ladder
//! may have millions of plays ([`MoveGen::count_turns`] counts those).
//!
//! After a stage the position says what comes next: the same side on roll
//! with the next stage pending, the opponent on roll with the unplayed
//! rest handed to it, or the next roll. The rolls that do not ladder go
//! through the generators every game shares (`crate::movegen_common`),
//! with Fevga's open points and bear-off and none of its restrictions; the
//! stages through a generator of their own (`stage`), since a stage may
//! hold fewer than four moves.

mod keys;
mod stage;
mod turns;

use std::cell::RefCell;

use super::pending::Pending;
use super::play::Play;
use super::position::Position;
use crate::dice::Dice;
use crate::fevga;
use crate::keyset::KeySet;
use crate::movegen_common::bits::{HOME, highest, nibble_sum, occupancy};
use crate::movegen_common::count::StartBoard;
use crate::movegen_common::generate::{self, Collected, Plan, Rules, Seq, Sink};
use crate::movegen_common::generator::with_cached;
use crate::play::PlayOf;
use crate::result::{GameResult, Reason, win_points};

pub(crate) use stage::{StageEnd, StageGen};
pub use turns::{TooManyPlays, TurnPlay};
pub(crate) use turns::{TurnEnd, TurnGen};

/// Bit mask of points 1..=24 in a point bit set.
const POINTS: u32 = 0x1FF_FFFE;

/// What the side on roll plays now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Decision {
    /// A roll that does not ladder, played as in Fevga without its
    /// restrictions.
    Roll(Dice),
    /// A stage: `first`'s first stage, the later ones pending after it;
    /// `rolled` when it is the first stage of a ladder just rolled (the
    /// roll counter goes up).
    Stage { first: Pending, rolled: bool },
}

impl Position {
    /// What the side on roll plays now with `dice`: its pending dice if it
    /// has any (the roll is not thrown then, and `dice` is not read), a
    /// ladder's first stage for a doublet from the game's fourth roll on,
    /// else the roll.
    pub(crate) fn decision(&self, dice: Dice) -> Decision {
        match self.pending {
            Some(first) => Decision::Stage { first, rolled: false },
            None if dice.is_doublet() && self.doublets_ladder() => {
                Decision::Stage { first: Pending::ladder_start(dice.high()), rolled: true }
            }
            None => Decision::Roll(dice),
        }
    }

    /// The position after a stage: `played` of the stage's moves leaving
    /// the mover's checkers `own`, ending the game when `ended`.
    pub(crate) fn after_stage(&self, first: Pending, rolled: bool, own: u128, played: u8, ended: bool) -> Position {
        let roll = if rolled { self.roll.saturating_add(1) } else { self.roll };
        let board = fevga::Position { own, opp: self.board.opp, turn: self.board.turn };
        let (board, pending) = if ended {
            (board, None)
        } else if played == first.left() {
            match first.after_stage() {
                Some(next) => (board, Some(next)),
                // The sixes played: the receiver of a remainder now rolls;
                // a ladder's roller is done.
                None if first.is_handed() => (board, None),
                None => (board.pass_turn(), None),
            }
        } else if first.is_handed() {
            // What the receiver cannot play is lost; it rolls next.
            (board, None)
        } else {
            (board.pass_turn(), Some(first.stalled(played)))
        };
        Position { board, roll, pending }
    }

    /// The position after a roll that does not ladder, the mover's
    /// checkers then being `own`: the opponent on roll unless the game
    /// ended.
    pub(crate) fn after_roll(&self, own: u128, ended: bool) -> Position {
        let board = fevga::Position { own, opp: self.board.opp, turn: self.board.turn };
        Position {
            board: if ended { board } else { board.pass_turn() },
            roll: self.roll.saturating_add(1),
            pending: None,
        }
    }
}

/// What stays fixed while the side on roll plays one position's decision:
/// the opponent never moves during it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ctx {
    /// The position.
    pub(crate) pos: Position,
    /// Points (mover's numbering) the mover may land on: no opposing checker.
    pub(crate) open: u32,
    /// The mover's checkers at the start, and the points where it has one
    /// and two or more.
    pub(crate) own0: u128,
    pub(crate) occ0: u32,
    pub(crate) multi0: u32,
    /// The mover's checkers outside its home board (points 7..=24).
    pub(crate) outside: u32,
}

impl Ctx {
    pub(crate) fn new(pos: &Position) -> Ctx {
        let (opp_occ, _) = occupancy(pos.board.opp);
        let (occ0, multi0) = occupancy(pos.board.own);
        Ctx {
            pos: *pos,
            open: POINTS & !opp_occ,
            own0: pos.board.own,
            occ0,
            multi0,
            outside: nibble_sum(pos.board.own >> (4 * 7)),
        }
    }

    /// The result of a play that bears off the mover's last checker.
    pub(crate) fn win(&self) -> GameResult {
        GameResult::win(self.pos.turn(), win_points(self.pos.opp_off()), Reason::BearOff)
    }

    /// How a roll that does not ladder is generated: each position once by
    /// construction when nobody can bear off within it.
    fn plan(&self, dice: Dice) -> Plan {
        if self.outside >= dice.moves_allowed() as u32 { Plan::Unique } else { Plan::EveryOrder }
    }
}

/// A single step by `die` from `from` on the mover's checkers `own` (at
/// `occ`): legal if it lands on an open point, or bears off with every
/// checker home, from the die's point or, with a larger die, from the
/// highest occupied point. Fevga's step without the runner rule.
#[inline(always)]
pub(crate) fn step_ok(open: u32, occ: u32, from: u32, die: u32) -> bool {
    if from > die { open >> (from - die) & 1 == 1 } else { occ & !HOME == 0 && (from == die || highest(occ) == from) }
}

/// A roll that does not ladder, as the shared generators see it.
#[derive(Clone, Copy)]
struct Plain<'a> {
    ctx: &'a Ctx,
}

/// Gul bara's hooks: Fevga's open points and bear-off, no runner rule, no
/// starting-quarter ban, no unblocking duty.
impl Rules for Plain<'_> {
    type Seq = Seq;
    type End = GameResult;
    const TOP: u32 = 24;
    // The `Unique` plan is taken only with no bear-off within the roll.
    const CANONICAL_ENDS: bool = false;

    #[inline]
    fn start(&self) -> Seq {
        Seq::start(self.ctx.own0, self.ctx.occ0)
    }

    #[inline(always)]
    fn start_board(&self) -> StartBoard {
        StartBoard { own: self.ctx.own0, occ: self.ctx.occ0, multi: self.ctx.multi0, open: self.ctx.open }
    }

    #[inline(always)]
    fn step<S: Sink<Self>>(&self, s: &Seq, from: u32, die: u32) -> Option<Seq> {
        step_ok(self.ctx.open, s.occ, from, die).then(|| self.apply::<S>(s, from, die))
    }

    #[inline(always)]
    fn apply<S: Sink<Self>>(&self, s: &Seq, from: u32, die: u32) -> Seq {
        s.moved(from, from.saturating_sub(die), S::MOVES, false)
    }

    #[inline(always)]
    fn sources(&self, s: &Seq, die: u32) -> u32 {
        s.occ & (self.ctx.open << die)
    }

    #[inline(always)]
    fn terminal(&self, s: &Seq) -> Option<GameResult> {
        (s.own & 0xF == 15).then(|| self.ctx.win())
    }
}

impl Collected<Plain<'_>> for Play {
    const MOVES: bool = true;

    #[inline]
    fn from(g: &Plain<'_>, s: &Seq, result: Option<GameResult>) -> Play {
        s.play(g.ctx.pos.after_roll(s.own, result.is_some()), result, g.ctx.pos.turn())
    }
}

impl Collected<Plain<'_>> for Position {
    const MOVES: bool = false;

    #[inline]
    fn from(g: &Plain<'_>, s: &Seq, result: Option<GameResult>) -> Position {
        g.ctx.pos.after_roll(s.own, result.is_some())
    }
}

/// A reusable Gul bara generator, decision by decision and whole turn by
/// whole turn: keeps its scratch space between calls, so generating
/// allocates nothing once warm.
///
/// ```
/// use tavli_core::{Dice, fevga_pos};
/// use tavli_core::gulbara::{MoveGen, Position};
/// let mut movegen = MoveGen::new();
/// let start = Position::start();
/// let mut plays = Vec::new();
/// // GB1: on the game's first rolls 5-5 is four moves, five plays.
/// movegen.plays(&start, Dice::new(5, 5).unwrap(), &mut plays);
/// assert_eq!(plays.len(), 5);
/// // From the game's fourth roll it ladders: 5,5,5,5 then 6,6,6,6. The
/// // first decision is the fives; the whole ladders are counted apart.
/// let fourth = Position::of_board(start.board(), 4);
/// movegen.plays(&fourth, Dice::new(5, 5).unwrap(), &mut plays);
/// assert_eq!(plays.len(), 5);
/// assert!(plays.iter().all(|p| p.position().pending().is_some()));
/// assert!(movegen.count_turns(&fourth, Dice::new(5, 5).unwrap()) > 5);
/// ```
pub struct MoveGen {
    set: KeySet,
    seen: KeySet,
    stage: StageGen,
    stage_out: Vec<StageEnd>,
    turns: TurnGen,
}

impl Default for MoveGen {
    fn default() -> Self {
        MoveGen::new()
    }
}

impl MoveGen {
    /// A generator with empty scratch space.
    pub fn new() -> MoveGen {
        MoveGen {
            set: KeySet::new(),
            seen: KeySet::new(),
            stage: StageGen::new(),
            stage_out: Vec::new(),
            turns: TurnGen::new(),
        }
    }

    /// Fills `out` with the legal plays of the decision the side on roll
    /// faces in `pos` with `dice` (see [`Position::legal_plays`]); nothing
    /// when the game is over.
    pub fn plays(&mut self, pos: &Position, dice: Dice, out: &mut Vec<Play>) {
        out.clear();
        if pos.outcome().is_some() {
            return;
        }
        let ctx = Ctx::new(pos);
        match pos.decision(dice) {
            Decision::Roll(dice) => {
                generate::collect(&Plain { ctx: &ctx }, dice, ctx.plan(dice), &mut self.set, &mut self.seen, out);
                if out.is_empty() {
                    out.push(PlayOf::pass(pos).with_position(pos.after_roll(pos.board.own, false)));
                }
            }
            Decision::Stage { first, rolled } => {
                self.stage.generate(&ctx, first.die(), first.left(), &mut self.stage_out);
                out.extend(self.stage_out.iter().map(|e| e.play(pos, first, rolled)));
            }
        }
    }

    /// The positions the legal plays of `pos` with `dice` reach, without
    /// building the plays: what a decision's search walks.
    pub(crate) fn positions(&mut self, ctx: &Ctx, dice: Dice, out: &mut Vec<Position>) {
        out.clear();
        match ctx.pos.decision(dice) {
            Decision::Roll(dice) => {
                generate::collect(&Plain { ctx }, dice, ctx.plan(dice), &mut self.set, &mut self.seen, out);
                if out.is_empty() {
                    out.push(ctx.pos.after_roll(ctx.own0, false));
                }
            }
            Decision::Stage { first, rolled } => {
                self.stage.generate(ctx, first.die(), first.left(), &mut self.stage_out);
                out.extend(self.stage_out.iter().map(|e| ctx.pos.after_stage(first, rolled, e.own, e.len, e.ended)));
            }
        }
    }

    /// The number of plays of a roll that does not ladder (a pass is one),
    /// counted without building them where the closed counts hold.
    pub(crate) fn count_roll(&mut self, ctx: &Ctx, dice: Dice) -> u64 {
        let plan = ctx.plan(dice);
        let g = Plain { ctx };
        let n = if plan == Plan::Unique {
            let (hi, lo) = (u32::from(dice.high()), u32::from(dice.low()));
            let board = g.start_board();
            if hi != lo { board.count_non_double(hi, lo) } else { board.count_double(hi) }
        } else {
            generate::count(&g, dice, plan, &mut self.set, &mut self.seen)
        };
        u64::from(n)
    }

    /// The number of distinct whole plays of the side on roll's turn in
    /// `pos` with `dice`: a ladder's plays are the distinct pairs of the
    /// position reached and the remainder handed over (REGIONAL.md 4.2),
    /// pending dice are played without `dice`, a pass counts one; 0 when
    /// the game is over. Counted as they are generated, holding no play:
    /// only the keys of the positions met (8 bytes each) to tell each once.
    ///
    /// ```
    /// use tavli_core::{Dice, fevga_pos};
    /// use tavli_core::gulbara::{MoveGen, Position};
    /// // REGIONAL.md 4.2, from the start on the game's fourth roll.
    /// let fourth = Position::of_board(Position::start().board(), 4);
    /// assert_eq!(MoveGen::new().count_turns(&fourth, Dice::new(5, 5).unwrap()), 44);
    /// ```
    pub fn count_turns(&mut self, pos: &Position, dice: Dice) -> u64 {
        if pos.outcome().is_some() {
            return 0;
        }
        let ctx = Ctx::new(pos);
        match pos.decision(dice) {
            Decision::Roll(dice) => self.count_roll(&ctx, dice),
            Decision::Stage { first, rolled } => self.turns.count(&ctx, first, rolled),
        }
    }

    /// Calls `f` with each distinct whole play of the turn (as
    /// [`MoveGen::count_turns`] counts them), built one at a time and
    /// never all held, until `f` breaks. What `f` is handed lives only for
    /// the call; it may be cloned.
    pub fn for_each_turn(
        &mut self,
        pos: &Position,
        dice: Dice,
        f: &mut dyn FnMut(&TurnPlay) -> std::ops::ControlFlow<()>,
    ) -> std::ops::ControlFlow<()> {
        use std::ops::ControlFlow;
        if pos.outcome().is_some() {
            return ControlFlow::Continue(());
        }
        let ctx = Ctx::new(pos);
        match pos.decision(dice) {
            Decision::Roll(_) => {
                let mut plays = Vec::new();
                self.plays(pos, dice, &mut plays);
                for p in &plays {
                    f(&TurnPlay::of_play(p, None))?;
                }
                ControlFlow::Continue(())
            }
            Decision::Stage { first, rolled } => {
                self.turns.each(&ctx, first, rolled, &mut |end: &TurnEnd| f(&TurnPlay::of_end(end, &ctx, first)))
            }
        }
    }
}

impl PlayOf<Position> {
    /// This play reaching `position` instead (a pass's position in Gul
    /// bara carries the counter on).
    fn with_position(mut self, position: Position) -> PlayOf<Position> {
        self.position = position;
        self
    }
}

impl StageEnd {
    /// The play this stage end makes from `pos`, `first` being the stage.
    pub(crate) fn play(&self, pos: &Position, first: Pending, rolled: bool) -> Play {
        let result = self.ended.then(|| Ctx::new(pos).win());
        PlayOf {
            moves: self.moves,
            len: self.len,
            marks: 0,
            position: pos.after_stage(first, rolled, self.own, self.len, self.ended),
            result,
            mover: pos.turn(),
        }
    }
}

thread_local! {
    static GEN: RefCell<MoveGen> = RefCell::new(MoveGen::new());
}

impl Position {
    /// The legal plays of the decision the side on roll faces with `dice`:
    /// one per distinct resulting position; a single pass when nothing can
    /// be played; nothing when the game is over.
    ///
    /// The decision is the roll when it does not ladder; a ladder's first
    /// stage (four moves of the doublet's number) on a doublet from the
    /// game's fourth roll; and, when dice are pending
    /// ([`Position::pending`]), their first stage, whatever `dice` says
    /// (pending dice are played before the roll and none is thrown). After
    /// a stage, the play's position has the next stage pending, or the
    /// unplayed rest handed to the opponent, or the next roll to come. So
    /// a list never holds more than one stage's plays: a whole ladder is
    /// chosen stage by stage, and whole ladders, which may be millions,
    /// are only counted or visited one at a time ([`MoveGen::count_turns`],
    /// [`MoveGen::for_each_turn`]) or listed under a limit
    /// ([`Position::turn_plays`]).
    ///
    /// ```
    /// use tavli_core::{Dice, fevga_pos};
    /// use tavli_core::gulbara::Position;
    /// // GB1: 6-6 on the game's first rolls is 24/18(4), no runner rule.
    /// let plays = Position::start().legal_plays(Dice::new(6, 6).unwrap());
    /// assert_eq!(plays.len(), 1);
    /// assert_eq!(plays[0].to_string(), "24/18(4)");
    /// ```
    pub fn legal_plays(&self, dice: Dice) -> Vec<Play> {
        let mut out = Vec::new();
        with_cached(&GEN, MoveGen::new, |g| g.plays(self, dice, &mut out));
        out
    }

    /// The dice the side on roll plays now without throwing: the first
    /// stage of its pending dice, as the doublet of that number (a
    /// remainder's first stage may hold fewer than four of its moves).
    pub fn pending_dice(&self) -> Option<Dice> {
        self.pending.and_then(|p| Dice::new(p.die(), p.die()).ok())
    }

    /// Every distinct whole play of the turn with `dice` (see
    /// [`MoveGen::count_turns`]), if there are at most `limit`; else how
    /// many there are, and nothing is kept. For listing a turn's plays to
    /// a person; a program weighing ladders should choose stage by stage
    /// ([`Position::legal_plays`]).
    ///
    /// ```
    /// use tavli_core::Dice;
    /// use tavli_core::gulbara::Position;
    /// let fourth = Position::of_board(Position::start().board(), 4);
    /// let threes = Dice::new(3, 3).unwrap();
    /// let e = fourth.turn_plays(threes, 1000).unwrap_err();
    /// assert_eq!(e.plays, 42_675); // REGIONAL.md 4.2
    /// assert_eq!(fourth.turn_plays(Dice::new(6, 6).unwrap(), 1000).unwrap().len(), 1);
    /// ```
    pub fn turn_plays(&self, dice: Dice, limit: usize) -> Result<Vec<TurnPlay>, TooManyPlays> {
        use std::ops::ControlFlow;
        with_cached(&GEN, MoveGen::new, |g| {
            let mut out = Vec::new();
            let full = g.for_each_turn(self, dice, &mut |p| {
                if out.len() == limit {
                    return ControlFlow::Break(());
                }
                out.push(*p);
                ControlFlow::Continue(())
            });
            match full {
                ControlFlow::Continue(()) => Ok(out),
                ControlFlow::Break(()) => Err(TooManyPlays { plays: g.count_turns(self, dice), limit }),
            }
        })
    }
}

#[cfg(test)]
mod tests;
