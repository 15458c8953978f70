//! Why a play or a single move is illegal: the rules' own error, used by
//! the checks of entered moves (`board`), the turn builder and the notation
//! parser. Points are in the mover's numbering.

use thiserror::Error;

use crate::dice::Dice;

/// Why an entered play was not accepted. Points are in the mover's numbering.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PlayError {
    #[error("cannot read `{token}`: {why}")]
    Syntax { token: String, why: String },
    #[error("the game is over; there is nothing to play")]
    GameOver,
    #[error("no play is possible with {0}: the turn passes (enter `pass`)")]
    MustPass(Dice),
    #[error("a play is possible with {0}; you must play (`?` lists the plays)")]
    CannotPass(Dice),
    #[error("you have no checker on point {0}")]
    NoChecker(u8),
    #[error("there is no point {0}: points are 1 to 24")]
    NoPoint(u8),
    #[error("your checker on point {0} is pinned and cannot move")]
    Pinned(u8),
    #[error("{from}/{to} goes backwards: checkers move from higher to lower points")]
    Backwards { from: u8, to: u8 },
    #[error("{from}/{} is {dist} pips, which the dice left ({left}) cannot make", to_text(*to))]
    NoDice { from: u8, to: u8, dist: u8, left: String },
    #[error("point {0} is blocked: the opponent holds it with two or more checkers")]
    BlockedPoint(u8),
    #[error("point {0} is blocked: the opponent's checker there pins one of yours (an anchor)")]
    BlockedAnchor(u8),
    #[error("{from}/{} cannot be played: every way there lands on a blocked point ({blocked})", to_text(*to))]
    PathBlocked { from: u8, to: u8, blocked: String },
    #[error("you may not bear off yet: your checker on point {0} is outside your home board")]
    NotAllHome(u8),
    #[error("you may not bear off while a checker of yours is pinned (on point {0})")]
    PinnedNoBearOff(u8),
    #[error("{from}/off with a {die} is only allowed from your highest point, and you have a checker on {higher}")]
    NotHighest { from: u8, die: u8, higher: u8 },
    #[error("the game ended with the move {0}; moves after it are not played")]
    AfterGameEnd(String),
    #[error("too many moves for a roll of {0}")]
    TooManyMoves(Dice),
    #[error("you must use both dice: a play using both {0} exists")]
    MustUseBoth(Dice),
    #[error("you must play {needed} moves of {die}; a play using {needed} exists")]
    MustUseMore { die: u8, needed: u8 },
    #[error("only one die can be played, and then it must be the larger ({0})")]
    MustUseLarger(u8),
    #[error("`{0}` is not a legal play")]
    NotLegal(String),
}

/// A point as written in notation: `off` for 0.
pub(crate) fn to_text(p: u8) -> String {
    if p == 0 { "off".into() } else { p.to_string() }
}
