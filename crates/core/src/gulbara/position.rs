//! A Gul bara position: Fevga's board (the same start, the same parallel
//! movement and numbering, one checker holding a point) and what Gul bara
//! adds to it: the game's roll counter, which says whether a doublet
//! ladders, and the dice the side on roll still has to play before it
//! rolls ([`Pending`]).

use super::pending::Pending;
use crate::color::Color;
use crate::fevga;
use crate::result::GameResult;

/// The first roll of a game on which a doublet ladders (REGIONAL.md 4.3,
/// decision 1: the game's rolls 1 to 3, of either player, play doublets
/// as four moves).
pub const LADDER_FROM: u16 = 4;

/// A Gul bara position, always valid: a valid Fevga board, the number of
/// the game's next roll (1 at the start) and the dice still to play before
/// that roll, if any (never in a finished game).
///
/// ```
/// use tavli_core::Color;
/// use tavli_core::gulbara::Position;
/// let p = Position::start();
/// assert_eq!((p.turn(), p.roll(), p.pending()), (Color::White, 1, None));
/// assert_eq!(p.on(12), Some((Color::Black, 15))); // Black's own 24-point
/// assert!(!p.doublets_ladder());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// The checkers and the side on roll: a Fevga board.
    pub(crate) board: fevga::Position,
    /// The number of the game's next roll, counting both players' rolls
    /// (1 at the start; handed-over dice and ladder stages are no rolls).
    pub(crate) roll: u16,
    /// What the side on roll plays before it rolls.
    pub(crate) pending: Option<Pending>,
}

impl Position {
    /// Fevga's start: 15 White checkers on White's 24-point, 15 Black on
    /// Black's 24-point (White's 12), White on roll, the game's first roll next.
    pub const fn start() -> Position {
        Position { board: fevga::Position::start(), roll: 1, pending: None }
    }

    /// `board` at the game's roll `roll` (at least 1), nothing pending: a
    /// position set up for a test or for study (`fevga_pos!` writes boards).
    ///
    /// ```
    /// use tavli_core::fevga_pos;
    /// use tavli_core::gulbara::Position;
    /// let p = Position::of_board(fevga_pos!(White; white {24: 14, 18: 1}; black {24: 15}), 4);
    /// assert!(p.doublets_ladder());
    /// ```
    pub fn of_board(board: fevga::Position, roll: u16) -> Position {
        Position { board, roll: roll.max(1), pending: None }
    }

    /// This position with `pending` to play before the roll (`None`:
    /// nothing), or `None` if the game is over, where nothing is played.
    pub fn with_pending(&self, pending: Option<Pending>) -> Option<Position> {
        if pending.is_some() && self.outcome().is_some() {
            return None;
        }
        Some(Position { pending, ..*self })
    }

    /// The checkers and the side on roll, as a Fevga board (the same
    /// board and numbering; Fevga's rules are not Gul bara's).
    #[inline]
    pub const fn board(&self) -> fevga::Position {
        self.board
    }

    /// The side on roll.
    #[inline]
    pub const fn turn(&self) -> Color {
        self.board.turn
    }

    /// The number of the game's next roll, counting both players' rolls:
    /// 1 at the start. Playing pending dice does not count.
    #[inline]
    pub const fn roll(&self) -> u16 {
        self.roll
    }

    /// Does a doublet rolled now ladder (the game's fourth roll or later)?
    #[inline]
    pub const fn doublets_ladder(&self) -> bool {
        self.roll >= LADDER_FROM
    }

    /// The dice the side on roll plays before it rolls: the rest of its
    /// own ladder, or a remainder handed over by the opponent.
    #[inline]
    pub const fn pending(&self) -> Option<Pending> {
        self.pending
    }

    /// The same position with `turn` on roll (the counter and any pending
    /// dice unchanged).
    #[inline]
    pub fn with_turn(&self, turn: Color) -> Position {
        Position { board: self.board.with_turn(turn), ..*self }
    }

    /// The same position, the other side on roll (the counter and any
    /// pending dice unchanged): the opponent's view of the board.
    #[inline]
    pub fn pass_turn(&self) -> Position {
        Position { board: self.board.pass_turn(), ..*self }
    }

    /// The colour-swapped position (see [`fevga::Position::mirror`]).
    #[inline]
    pub fn mirror(&self) -> Position {
        Position { board: self.board.mirror(), ..*self }
    }

    /// Checkers of the side on roll on `point` (its numbering, 1..=24).
    #[inline]
    pub fn own_on(&self, point: u8) -> u8 {
        self.board.own_on(point)
    }

    /// Opposing checkers on `point` of the mover's numbering.
    #[inline]
    pub fn opp_on(&self, point: u8) -> u8 {
        self.board.opp_on(point)
    }

    /// The side on roll's checkers per point of its numbering (index 0
    /// its borne-off count).
    #[inline]
    pub fn own_points(&self) -> [u8; 32] {
        self.board.own_points()
    }

    /// The opponent's checkers per point of the mover's numbering (index
    /// 0 its borne-off count).
    #[inline]
    pub fn opp_points(&self) -> [u8; 32] {
        self.board.opp_points()
    }

    /// Checkers the side on roll has borne off.
    #[inline]
    pub fn own_off(&self) -> u8 {
        self.board.own_off()
    }

    /// Checkers the opponent has borne off.
    #[inline]
    pub fn opp_off(&self) -> u8 {
        self.board.opp_off()
    }

    /// Who is on `point` (White's numbering) and how many.
    pub fn on(&self, point: u8) -> Option<(Color, u8)> {
        self.board.on(point)
    }

    /// Checkers of `color` on `point`, in White's numbering.
    pub fn checkers(&self, color: Color, point: u8) -> u8 {
        self.board.checkers(color, point)
    }

    /// Checkers of `color` on its own point `own_point` (its numbering).
    pub fn checkers_own(&self, color: Color, own_point: u8) -> u8 {
        self.board.checkers_own(color, own_point)
    }

    /// Checkers `color` has borne off.
    pub fn off(&self, color: Color) -> u8 {
        self.board.off(color)
    }

    /// Pip count of `color`.
    pub fn pips(&self, color: Color) -> u32 {
        self.board.pips(color)
    }

    /// Has the game ended, and how? As in Fevga (REGIONAL.md 4.3, decision
    /// 4): 2 points if the loser has borne off none, else 1.
    ///
    /// ```
    /// use tavli_core::{Color, GameResult, Reason, fevga_pos};
    /// use tavli_core::gulbara::Position;
    /// let over = Position::of_board(fevga_pos!(White; white {}; black {5: 15}), 9);
    /// assert_eq!(over.outcome(), Some(GameResult::win(Color::White, 2, Reason::BearOff)));
    /// ```
    pub fn outcome(&self) -> Option<GameResult> {
        self.board.outcome()
    }

    /// What resigning now gives the opponent of `resigner`: 2 points while
    /// `resigner` has borne off nothing, else 1, as in every game.
    pub fn resignation(&self, resigner: Color) -> GameResult {
        self.board.resignation(resigner)
    }

    /// Is this a pure race? The same test as Fevga's
    /// ([`fevga::Position::is_race`]): every checker on its own side's
    /// points 1–12, so that no checker can ever block another.
    pub fn is_race(&self) -> bool {
        self.board.is_race()
    }

    /// Can the side on roll bear off now?
    pub fn can_bear_off(&self) -> bool {
        self.board.can_bear_off()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fevga_pos;

    #[test]
    fn the_counter_and_pending_dice_go_with_the_board() {
        let p = Position::of_board(fevga_pos!(White; white {24: 14, 18: 1}; black {24: 15}), 0);
        assert_eq!(p.roll(), 1, "the counter starts at 1");
        let q = p.with_pending(Pending::handed(5, 3)).unwrap();
        assert_eq!(q.pass_turn().pending(), q.pending());
        assert_eq!(q.pass_turn().pass_turn(), q);
        assert_eq!(q.mirror().mirror(), q);
        let over = Position::of_board(fevga_pos!(White; white {}; black {5: 15}), 9);
        assert_eq!(over.with_pending(Pending::handed(5, 3)), None);
        assert_eq!(over.with_pending(None), Some(over));
    }
}
