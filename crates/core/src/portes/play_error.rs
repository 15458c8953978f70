//! Why a Portes play or single move is illegal: used by the checked board
//! (`board`), the turn builder and the notation parser. Points are in the
//! mover's numbering; 25 is the bar.

use thiserror::Error;

use crate::dice::Dice;

/// Why an entered play was not accepted. Points are in the mover's numbering.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PlayError {
    /// A piece of the notation could not be read.
    #[error("cannot read `{token}`: {why}")]
    Syntax {
        /// The piece of text that could not be read.
        token: String,
        /// What is wrong with it.
        why: String,
    },
    /// The position is already decided: no play can follow.
    #[error("the game is over; there is nothing to play")]
    GameOver,
    /// Moves were entered but no move is possible with this roll.
    #[error("no play is possible with {0}: the turn passes (enter `pass`)")]
    MustPass(Dice),
    /// A pass was entered but this roll can be played.
    #[error("a play is possible with {0}; you must play")]
    CannotPass(Dice),
    /// A move starts from a point (or the bar, 25) without a checker of the mover's.
    #[error("you have no checker {}", at(*.0))]
    NoChecker(u8),
    /// The play moves more checkers from a point than the mover has there.
    #[error("you have only {have} checker{} {}", if *have == 1 { "" } else { "s" }, at(*point))]
    TooFewCheckers {
        /// The point, in the mover's numbering (25 for the bar).
        point: u8,
        /// How many of the mover's checkers stood there.
        have: u8,
    },
    /// A point that does not exist: above 25, or 0 (off) as the point moved from.
    #[error("there is no point {0}: points are 1 to 24, the bar is `bar` (25)")]
    NoPoint(u8),
    /// A checker other than one on the bar moved while the mover has checkers on the bar.
    #[error("you have {bar} checker{} on the bar: enter {} before moving another checker", if *bar == 1 { "" } else { "s" }, if *bar == 1 { "it" } else { "them all" })]
    MustEnterFirst {
        /// The point the refused move started from.
        from: u8,
        /// How many of the mover's checkers are on the bar.
        bar: u8,
    },
    /// A move goes to a higher point, against the direction of travel.
    #[error("{from}/{to} goes backwards: checkers move from higher to lower points")]
    Backwards {
        /// The point moved from.
        from: u8,
        /// The point moved to.
        to: u8,
    },
    /// No die, or sum of dice, still unplayed covers the distance of a move.
    #[error("{}/{} is {dist} pip{}, which the dice left ({left}) cannot make", point_text(*from), point_text(*to), if *dist == 1 { "" } else { "s" })]
    NoDice {
        /// The point moved from.
        from: u8,
        /// The point moved to, 0 for off.
        to: u8,
        /// The distance in pips.
        dist: u8,
        /// The dice not yet used, as text (`none` when all are used).
        left: String,
    },
    /// A move lands on a point the opponent holds with two or more checkers.
    #[error("point {0} is blocked: the opponent holds it with two or more checkers")]
    Blocked(u8),
    /// A checker on the bar cannot enter: the opponent holds the entry point.
    #[error("you cannot enter on point {0}: the opponent holds it with two or more checkers")]
    EntryBlocked(u8),
    /// A move over several dice: every order of the dice lands on a blocked point on the way.
    #[error("{}/{} cannot be played: every way there lands on a blocked point ({blocked})", point_text(*from), point_text(*to))]
    PathBlocked {
        /// The point moved from.
        from: u8,
        /// The point moved to, 0 for off.
        to: u8,
        /// The blocked points on the way, as text (`7, 9`).
        blocked: String,
    },
    /// A bear-off while a checker (on the point held, 25 for the bar) is outside the home board.
    #[error("you may not bear off yet: your checker {} is outside your home board", at(*.0))]
    NotAllHome(u8),
    /// A bear-off with a die larger than the point, from a point that is not the highest occupied.
    #[error("{from}/off with a {die} is only allowed from your highest point, and you have a checker on {higher}")]
    NotHighest {
        /// The point borne off from.
        from: u8,
        /// The die used.
        die: u8,
        /// The mover's highest occupied point.
        higher: u8,
    },
    /// Moves were entered after one that ends the game; holds the moves up to that one.
    #[error("the game ended with the move {0}; moves after it are not played")]
    AfterGameEnd(String),
    /// More moves were entered than the roll gives.
    #[error("too many moves for a roll of {0}")]
    TooManyMoves(Dice),
    /// A non-doublet was played with one die although a play using both exists.
    #[error("you must use both dice: a play using both {0} exists")]
    MustUseBoth(Dice),
    /// A doublet was played with fewer moves than a legal play uses.
    #[error("you must play {needed} moves of {die}; a play using {needed} exists")]
    MustUseMore {
        /// The doublet's number.
        die: u8,
        /// How many moves a legal play uses.
        needed: u8,
    },
    /// Only one die of a non-doublet can be played, and the smaller was
    /// played although the larger (held) can be.
    #[error("only one die can be played, and then it must be the larger ({0})")]
    MustUseLarger(u8),
    /// The play (held as entered) is none of the legal plays, for no more specific reason.
    #[error("`{0}` is not a legal play")]
    NotLegal(String),
}

/// A point as written in notation: `bar` for 25, `off` for 0.
pub(crate) fn point_text(p: u8) -> String {
    match p {
        0 => "off".into(),
        25 => "bar".into(),
        p => p.to_string(),
    }
}

fn at(p: u8) -> String {
    if p == 25 { "on the bar".into() } else { format!("on point {p}") }
}
