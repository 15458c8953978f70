//! Portes's play notation (INTERFACE.md, "Portes"): `bar/19`, `13/7*`,
//! `13/10*/8`, `6/off`, `24/18(2)`, points in the mover's numbering.
//!
//! Every game writes and reads its plays with the one notation of
//! `crate::notation`; what is Portes's is here: the bar (`bar` or `25`,
//! only starting a path, so written first), a `*` after the point where a
//! hit happened (an intermediate point too), which picks the way of a hop
//! over several dice that can go two ways that hit differently (no `*`:
//! the way that hits nothing), the opponent's numbering 25 − n (the bar
//! and off stay), and the reading under [`PortesRules`].

use std::fmt;

use super::board::Board;
use super::play::Play;
use super::position::Position;
use super::rules::PortesRules;
use crate::Color;
use crate::PlayError;
use crate::dice::Dice;
use crate::notation::{Notation, Star};

impl Notation for Board {
    const GAME: &'static str = "Portes";
    const STAR: Star = Star::Hit;

    fn opponent_point(point: u8) -> u8 {
        25 - point
    }

    fn marked(play: &Play, i: usize) -> bool {
        play.hits_on_move(i)
    }

    fn turn_before(play: &Play, dice: Dice) -> Option<crate::turn::TurnBuilder<Board>> {
        play.before().map(|pos| super::TurnBuilder::new(&pos, dice))
    }
}

impl Play {
    /// The position the play was made from: the one it reaches with its
    /// moves undone, last first (a checker hit goes back from the bar to
    /// the point it was hit on), the mover on roll.
    pub(crate) fn before(&self) -> Option<Position> {
        let mover = self.mover;
        let (own, opp) = (mover.index(), mover.opponent().index());
        let (sign, opp_sign) = if mover == Color::White { (1, -1) } else { (-1, 1) };
        let at = |p: u8| usize::from(mover.to_white_numbering(p));
        let mut s = self.position.to_setup();
        for (i, m) in self.moves().iter().enumerate().rev() {
            match m.to {
                0 => s.off[own] -= 1,
                to => s.board[at(to)] -= sign,
            }
            if self.hits_on_move(i) {
                s.bar[opp] -= 1;
                s.board[at(m.to)] += opp_sign;
            }
            match m.from {
                25 => s.bar[own] += 1,
                from => s.board[at(from)] += sign,
            }
        }
        s.turn = mover;
        s.validate().ok()
    }

    /// The play in notation; `pass` when nothing could be played.
    ///
    /// ```
    /// use tavli_core::Dice;
    /// use tavli_core::portes::Position;
    /// let plays = Position::start().legal_plays(Dice::new(6, 6).unwrap());
    /// assert!(plays.iter().any(|p| p.notation() == "24/18(2) 13/7(2)"));
    /// ```
    pub fn notation(&self) -> String {
        crate::notation::write::<Board>(self, false)
    }

    /// [`Play::notation`] in `reader`'s numbering: the opponent reads the
    /// mover's point n as 25 − n (the bar and off stay).
    ///
    /// ```
    /// use tavli_core::{Color, Dice};
    /// use tavli_core::portes::Position;
    /// let black = Position::start().with_turn(Color::Black);
    /// let play = black.legal_plays(Dice::new(3, 1).unwrap()).into_iter().find(|p| p.notation() == "8/5 6/5").unwrap();
    /// assert_eq!(play.notation_for(Color::White), "17/20 19/20");
    /// ```
    pub fn notation_for(&self, reader: Color) -> String {
        crate::notation::write::<Board>(self, reader != self.mover())
    }
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

/// Parses `text` as a play of `dice` from `pos` and returns the matching
/// legal play, or the reason it is not one. Linear in the text: it is cut
/// into tokens once, and at most four hops are ever tried.
///
/// ```
/// use tavli_core::Dice;
/// use tavli_core::portes::{PlayError, Position, parse_play};
/// let p = Position::start();
/// let d = Dice::new(6, 5).unwrap();
/// assert_eq!(parse_play(&p, d, "24/13").unwrap().notation(), "24/18/13");
/// assert_eq!(parse_play(&p, d, "24/18"), Err(PlayError::MustUseBoth(d)));
/// ```
pub fn parse_play(pos: &Position, dice: Dice, text: &str) -> Result<Play, PlayError> {
    parse_play_with(pos, dice, text, &PortesRules::default())
}

/// [`parse_play`] under `rules`: the same plays, one that ends the game
/// scored as `rules` say.
pub fn parse_play_with(pos: &Position, dice: Dice, text: &str, rules: &PortesRules) -> Result<Play, PlayError> {
    if pos.outcome().is_some() {
        return Err(PlayError::GameOver);
    }
    crate::notation::read(&Board::new(pos), dice, &pos.legal_plays_with(dice, rules), text)
}
