//! Plakoto's play notation (INTERFACE.md): `24/18 13/7*`, `6/off`,
//! `24/20/14`, `24/18(2)`, points in the mover's own numbering.
//!
//! Every game writes and reads its plays with the one notation of
//! `crate::notation`; what is Plakoto's is here: a `*` marks a pin after
//! the point where it happened (read and ignored: the board says where a
//! pin happens), there is no bar, the opponent reads the mover's point n
//! as 25 − n, and [`play_of_moves`] reads moves sent as numbers.

use std::fmt;

use crate::color::Color;
use crate::dice::Dice;
use crate::notation::{Notation, Star};
use crate::plakoto::board::Board;
use crate::plakoto::play::Play;
use crate::plakoto::position::Position;
use crate::plakoto::rules::PlakotoRules;
use crate::play::Move;
use crate::play_error::PlayError;

impl Notation for Board {
    const GAME: &'static str = "Plakoto";
    const STAR: Star = Star::Pin;

    fn opponent_point(point: u8) -> u8 {
        25 - point
    }

    fn marked(play: &Play, i: usize) -> bool {
        play.pins_on_move(i)
    }

    fn turn_before(play: &Play, dice: Dice) -> Option<crate::turn::TurnBuilder<Board>> {
        play.before().map(|pos| crate::plakoto::TurnBuilder::new(&pos, dice))
    }
}

impl Play {
    /// The position the play was made from: the one it reaches with its
    /// moves undone, last first. A move that pinned leaves the opponent's
    /// checker free on its point again; a move from a point where the
    /// opponent's checker now stands alone came off it, pinning it.
    pub(crate) fn before(&self) -> Option<Position> {
        let mover = self.mover;
        let own = mover.index();
        let sign = if mover == Color::White { 1 } else { -1 };
        let at = |p: u8| usize::from(mover.to_white_numbering(p));
        let mut s = self.position.to_setup();
        for (i, m) in self.moves().iter().enumerate().rev() {
            if m.to == 0 {
                s.off[own] -= 1;
            } else {
                let to = at(m.to);
                s.board[to] -= sign;
                if self.pins_on_move(i) && s.board[to] == 0 {
                    s.pinned[to] = None;
                    s.board[to] = -sign;
                }
            }
            let from = at(m.from);
            if s.board[from] == -sign && s.pinned[from].is_none() {
                // The opponent's single checker: it was pinned under this one.
                s.pinned[from] = Some(mover.opponent());
                s.board[from] = sign;
            } else {
                s.board[from] += sign;
            }
        }
        s.turn = mover;
        s.validate().ok()
    }

    /// The play in notation; `pass` when nothing could be played.
    ///
    /// ```
    /// use tavli_core::{Dice, Position};
    /// let plays = Position::start().legal_plays(Dice::new(3, 3).unwrap());
    /// let mut texts: Vec<String> = plays.iter().map(|p| p.notation()).collect();
    /// texts.sort();
    /// assert!(texts.contains(&"24/21(4)".to_string()));
    /// assert!(texts.contains(&"24/21/18/15/12".to_string()));
    /// ```
    pub fn notation(&self) -> String {
        crate::notation::write::<Board>(self, false)
    }

    /// The play in notation as `reader` numbers the points: the mover's own
    /// notation when `reader` is the mover, else every point in the
    /// reader's numbering (the mover's n is the reader's 25 − n), so that
    /// a person reads the other side's plays as their board labels them.
    ///
    /// ```
    /// use tavli_core::{Color, Dice, Position};
    /// let black = Position::start().with_turn(Color::Black);
    /// let play = black.legal_plays(Dice::new(6, 4).unwrap()).into_iter().find(|p| p.to_string() == "24/18 24/20").unwrap();
    /// assert_eq!(play.notation_for(Color::Black), "24/18 24/20");
    /// assert_eq!(play.notation_for(Color::White), "1/7 1/5");
    /// ```
    pub fn notation_for(&self, reader: Color) -> String {
        crate::notation::write::<Board>(self, reader != self.mover)
    }
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

/// Parses `text` as a play of `dice` from `pos` and returns the matching
/// legal play, or the reason it is not one.
///
/// ```
/// use tavli_core::{Dice, Position, parse_play};
/// let p = Position::start();
/// let d = Dice::new(6, 4).unwrap();
/// assert_eq!(parse_play(&p, d, "24/14").unwrap().notation(), "24/18/14");
/// let e = parse_play(&p, d, "24/18").unwrap_err();
/// assert!(e.to_string().contains("both dice"));
/// ```
pub fn parse_play(pos: &Position, dice: Dice, text: &str) -> Result<Play, PlayError> {
    parse_play_with(pos, dice, text, &pos.rules())
}

/// [`parse_play`] under `rules` (a match's options), not the position's
/// game's own.
pub fn parse_play_with(pos: &Position, dice: Dice, text: &str, rules: &PlakotoRules) -> Result<Play, PlayError> {
    if pos.outcome_with(rules).is_some() {
        return Err(PlayError::GameOver);
    }
    crate::notation::read(&Board::with_rules(pos, rules), dice, &pos.legal_plays_with(dice, rules), text)
}

/// The legal play that the single `moves` (from, to in the mover's
/// numbering, 0 for off) make from `pos` with `dice`, in any order they
/// can be played, or why they make none: what a client that sends moves
/// rather than notation is told, in the same words as [`parse_play`]
/// (the same checks, without writing the moves as text first).
///
/// ```
/// use tavli_core::{Dice, Move, PlayError, Position, play_of_moves};
/// let (p, d) = (Position::start(), Dice::new(6, 4).unwrap());
/// let play = play_of_moves(&p, d, &[Move::new(24, 18), Move::new(24, 20)]).unwrap();
/// assert_eq!(play.notation(), "24/18 24/20");
/// assert_eq!(play_of_moves(&p, d, &[Move::new(24, 18)]), Err(PlayError::MustUseBoth(d)));
/// assert_eq!(play_of_moves(&p, d, &[Move::new(30, 18)]), Err(PlayError::NoPoint(30)));
/// ```
pub fn play_of_moves(pos: &Position, dice: Dice, moves: &[Move]) -> Result<Play, PlayError> {
    play_of_moves_with(pos, dice, moves, &pos.rules())
}

/// [`play_of_moves`] under `rules` (a match's options).
pub fn play_of_moves_with(pos: &Position, dice: Dice, moves: &[Move], rules: &PlakotoRules) -> Result<Play, PlayError> {
    if pos.outcome_with(rules).is_some() {
        return Err(PlayError::GameOver);
    }
    crate::notation::read_moves(&Board::with_rules(pos, rules), dice, &pos.legal_plays_with(dice, rules), moves)
}
