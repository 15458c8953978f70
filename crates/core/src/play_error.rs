//! Why a play or a single move is illegal, in every game: one refusal
//! type with the kinds the games share and each game's own kinds, used by
//! the checks of entered moves, the turn builders and the notation
//! readers. Points are in the mover's numbering; 25 is the bar (Portes)
//! and 0 is off. Front ends word each kind in their own language by one
//! exhaustive `match`, so a new kind is a compiler error wherever it must
//! be worded.

use thiserror::Error;

use crate::dice::Dice;

/// Why an entered play or move was not accepted. Points are in the mover's
/// numbering; 25 is the bar (Portes) and 0 is off.
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
    /// Moves were entered but no move is possible with this roll: the turn passes.
    #[error("no play is possible with {0}: the turn passes (enter `pass`)")]
    MustPass(Dice),
    /// A pass was entered but this roll can be played.
    #[error("a play is possible with {0}; you must play (`?` lists the plays)")]
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
    /// A point that does not exist: above 24 (25, the bar, where the game
    /// has one), or 0 (off) as the point moved from.
    #[error("there is no point {0}: points are 1 to 24")]
    NoPoint(u8),
    /// A move goes to a higher point, against the direction of travel.
    #[error("{}/{} goes backwards: checkers move from higher to lower points", point_text(*from), point_text(*to))]
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
    /// A move lands on a point the opponent holds with two or more checkers
    /// (Portes, Plakoto).
    #[error("point {0} is blocked: the opponent holds it with two or more checkers")]
    Blocked(u8),
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
    /// Only one die of a non-doublet can be played, and the smaller was played
    /// although the larger (held) can be.
    #[error("only one die can be played, and then it must be the larger ({0})")]
    MustUseLarger(u8),
    /// The play (held as entered) is none of the legal plays, for no more specific reason.
    #[error("`{0}` is not a legal play")]
    NotLegal(String),

    /// Plakoto: a move starts from a point where the mover's checker is pinned.
    #[error("your checker on point {0} is pinned and cannot move")]
    Pinned(u8),
    /// Plakoto: a move lands on a point where an opposing checker pins one of the mover's.
    #[error("point {0} is blocked: the opponent's checker there pins one of yours (an anchor)")]
    BlockedAnchor(u8),
    /// Plakoto: a bear-off while one of the mover's checkers (on the point held) is pinned.
    #[error("you may not bear off while a checker of yours is pinned (on point {0})")]
    PinnedNoBearOff(u8),

    /// Portes: a checker other than one on the bar moved while the mover has checkers on the bar.
    #[error("you have {bar} checker{} on the bar: enter {} before moving another checker", if *bar == 1 { "" } else { "s" }, if *bar == 1 { "it" } else { "them all" })]
    MustEnterFirst {
        /// The point the refused move started from.
        from: u8,
        /// How many of the mover's checkers are on the bar.
        bar: u8,
    },
    /// Portes: a checker on the bar cannot enter: the opponent holds the entry point.
    #[error("you cannot enter on point {0}: the opponent holds it with two or more checkers")]
    EntryBlocked(u8),

    /// Fevga: a move lands on a point holding an opposing checker (one
    /// checker holds a point there).
    #[error("point {0} is blocked: an opposing checker holds it (in Fevga one checker holds a point)")]
    HeldByOne(u8),
    /// Fevga's runner rule: before release only the runner may move (or,
    /// with every checker still on the start, a checker from the 24-point).
    #[error(
        "only your runner may move until it {} your 12-point (or a checker is borne off); the checker on {from} must wait",
        if *passing { "passes" } else { "reaches" }
    )]
    Runner {
        /// The point of the checker that may not move yet.
        from: u8,
        /// True with the "pass" option (release on points 1–11).
        passing: bool,
    },
    /// Fevga: the play would end (or, with per-landing checking, this move
    /// would leave) all six points of the mover's starting quarter held.
    #[error(
        "you may not hold all six points of your starting quarter (19-24){}",
        if *landing { " at any landing" } else { " at the end of your play" }
    )]
    QuarterBan {
        /// True when the ban is judged at every landing (the option).
        landing: bool,
    },
    /// Fevga's narde-style prime rule (the option): six points in a row
    /// held with no opposing checker ahead of them.
    #[error("you may not hold six points in a row ({points}) with no opposing checker ahead of them")]
    NardePrime {
        /// The points of the block, as text (`13, 14, 15, 16, 17, 18`).
        points: String,
    },
    /// Fevga's unblocking duty: the opponent is trapped on one point behind
    /// six points of the mover's, and a legal play opens one of them.
    #[error(
        "the opponent is trapped on your point {trapped} behind your points {wall}: your play must leave one of them empty"
    )]
    UnblockingDuty {
        /// The point (the mover's numbering) where every opposing checker stands.
        trapped: u8,
        /// The six points in front of it, as text.
        wall: String,
    },

    /// Gul bara: more moves were entered than the stage being played has
    /// (a remainder's first stage may hold fewer than four).
    #[error(
        "this stage has {left} move{} of {die} to play; the rest of the ladder comes after it",
        if *left == 1 { "" } else { "s" }
    )]
    StageMoves {
        /// The stage's number.
        die: u8,
        /// Its moves.
        left: u8,
    },
    /// Gul bara: a decision's play written with the `|` of a whole turn's
    /// stages; a ladder is played a stage at a time.
    #[error("a ladder is played a stage at a time: enter the moves of this stage (the {die}s) only")]
    OneStage {
        /// The stage's number.
        die: u8,
    },
    /// Gul bara: stages written for a roll that does not ladder.
    #[error(
        "{dice} on the game's roll {roll} is played at once, not in stages: doublets ladder from the game's 4th roll"
    )]
    NotALadder {
        /// The roll.
        dice: Dice,
        /// The number of the game's roll it is.
        roll: u16,
    },
    /// Gul bara: moves written after a stage that stopped short, which
    /// ends the turn.
    #[error(
        "the stage of {die}s stopped after {played} move{}: the turn ends there (what is left passes to the opponent, or is lost when it was handed over)",
        if *played == 1 { "" } else { "s" }
    )]
    AfterStall {
        /// The number of the stage that stopped.
        die: u8,
        /// The moves it made.
        played: u8,
    },
    /// Gul bara: the hand-off written after `>` is not what the play hands over.
    #[error("this play hands over {actual}, not {written}")]
    Remainder {
        /// The dice the play hands over (`nothing` when none), in playing order.
        actual: String,
        /// The dice written.
        written: String,
    },
}

/// A point as written in notation: `bar` for 25, `off` for 0.
pub(crate) fn point_text(p: u8) -> String {
    match p {
        0 => "off".into(),
        25 => "bar".into(),
        p => p.to_string(),
    }
}

/// Where a checker stands, in a sentence: `on point 7`, `on the bar`.
fn at(p: u8) -> String {
    if p == 25 { "on the bar".into() } else { format!("on point {p}") }
}
