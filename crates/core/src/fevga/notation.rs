//! Fevga's play notation, Plakoto's without pins (INTERFACE.md): `24/18`,
//! `24/19/14`, `24/20(2)`, `6/off`, points in the mover's own numbering.
//!
//! Every game writes and reads its plays with the one notation of
//! `crate::notation`; what is Fevga's is here: neither `*` nor `bar` (nothing
//! is hit, so both are refused), the opponent reads the mover's point n as
//! its own S(n) (TAVLI.md Part 3b), and a play that is not legal is
//! explained by the first of TAVLI.md's whole-play filters it fails, under
//! [`FevgaRules`].

use std::fmt;

use super::board::Board;
use super::explain::why_not;
use super::play::Play;
use super::position::{Position, other_numbering};
use super::rules::FevgaRules;
use crate::Color;
use crate::PlayError;
use crate::dice::Dice;
use crate::notation::{Notation, Star};

impl Notation for Board {
    const GAME: &'static str = "Fevga";
    const STAR: Star = Star::None;

    fn opponent_point(point: u8) -> u8 {
        other_numbering(point)
    }

    fn marked(_: &Play, _: usize) -> bool {
        false
    }

    /// Besides bearing off and the move that ends the game, every move's
    /// place matters while the runner is not released at the play's start
    /// (it moves alone until it is). (The written order is judged under
    /// TAVLI.md's Decisions, which judge the ban and the duty on the whole
    /// play.)
    fn order_matters(play: &Play, i: usize) -> bool {
        let moves = play.moves();
        let m = moves[i];
        m.to == 0 || (play.result().is_some() && i + 1 == moves.len()) || !play.released_at_start()
    }

    fn turn_before(play: &Play, dice: Dice) -> Option<crate::turn::TurnBuilder<Board>> {
        play.before().map(|pos| super::TurnBuilder::new(&pos, dice))
    }

    /// The first of TAVLI.md's whole-play filters the moves fail (the ban,
    /// the most dice, the larger die, the unblocking duty).
    fn refusal(&self, dice: Dice, legal: &[Play], used: &[u8], text: &str) -> PlayError {
        why_not(dice, legal, self, used, text)
    }
}

impl Position {
    /// The board before `mover` played `moves` (in its numbering) to reach
    /// this one, `mover` on roll; `None` if they cannot be undone here
    /// (the setup's check refuses a point left below zero).
    /// Gul bara, on Fevga's board, rebuilds its turns with it too.
    pub(crate) fn undone(&self, mover: crate::Color, moves: &[crate::Move]) -> Option<Position> {
        let side = mover.index();
        let mut s = self.to_setup();
        for m in moves.iter().rev() {
            match m.to {
                0 => s.off[side] -= 1,
                to => s.checkers[side][usize::from(super::white_point(mover, to))] -= 1,
            }
            s.checkers[side][usize::from(super::white_point(mover, m.from))] += 1;
        }
        s.turn = mover;
        s.validate().ok()
    }
}

impl Play {
    /// Was the mover released from the runner rule (TAVLI.md's Decision: a
    /// checker on its 12-point or nearer home, or one borne off) before the
    /// play? Worked out from the position the play reaches, its moves undone.
    fn released_at_start(&self) -> bool {
        let (mover, moves) = (self.mover, self.moves());
        let off = moves.iter().filter(|m| m.to == 0).count();
        if usize::from(self.position.off(mover)) > off {
            return true;
        }
        (1..=FevgaRules::default().release.highest_point()).any(|p| {
            let into = moves.iter().filter(|m| m.to == p).count();
            let out = moves.iter().filter(|m| m.from == p).count();
            usize::from(self.position.checkers_own(mover, p)) + out > into
        })
    }

    /// The position the play was made from: the one it reaches with its
    /// moves undone (nothing is hit in Fevga), the mover on roll.
    pub(crate) fn before(&self) -> Option<Position> {
        self.position.undone(self.mover, self.moves())
    }

    /// The play in notation; `pass` when nothing could be played.
    ///
    /// ```
    /// use tavli_core::{Dice, fevga_pos};
    /// let p = fevga_pos!(White; white {24: 13, 13: 2}; black {24: 15});
    /// let plays = p.legal_plays(Dice::new(3, 3).unwrap());
    /// assert!(plays.iter().any(|p| p.notation() == "13/10(2) 24/21(2)" || p.notation() == "24/21(2) 13/10(2)"));
    /// ```
    pub fn notation(&self) -> String {
        crate::notation::write::<Board>(self, false)
    }

    /// [`Play::notation`] in `reader`'s numbering: the opponent reads the
    /// mover's point n as its own S(n) (TAVLI.md Part 3b; off stays).
    ///
    /// ```
    /// use tavli_core::{Color, Dice};
    /// use tavli_core::fevga::Position;
    /// let play = Position::start().legal_plays(Dice::new(6, 4).unwrap()).into_iter().find(|p| p.notation() == "24/18/14").unwrap();
    /// assert_eq!(play.notation_for(Color::Black), "12/6/2");
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

/// Parses `text` as a play of `dice` from `pos` under TAVLI.md's Decisions
/// and returns the matching legal play, or the reason it is not one.
///
/// ```
/// use tavli_core::{Dice, fevga_pos};
/// use tavli_core::fevga::{PlayError, Position, parse_play};
/// let d = Dice::new(6, 6).unwrap();
/// assert_eq!(parse_play(&Position::start(), d, "24/18").unwrap().notation(), "24/18");
/// // The runner rule: nothing else may move until the runner reaches 12.
/// let p = fevga_pos!(White; white {24: 14, 18: 1}; black {24: 15});
/// let e = parse_play(&p, Dice::new(6, 1).unwrap(), "24/18 18/17").unwrap_err();
/// assert!(matches!(e, PlayError::Runner { from: 24, .. }), "{e}");
/// ```
pub fn parse_play(pos: &Position, dice: Dice, text: &str) -> Result<Play, PlayError> {
    parse_play_with(pos, dice, text, &FevgaRules::default())
}

/// [`parse_play`] under `rules`.
pub fn parse_play_with(pos: &Position, dice: Dice, text: &str, rules: &FevgaRules) -> Result<Play, PlayError> {
    if pos.outcome().is_some() {
        return Err(PlayError::GameOver);
    }
    crate::notation::read(&Board::new(pos, rules), dice, &pos.legal_plays_with(dice, rules), text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fevga_pos;

    fn d(s: &str) -> Dice {
        s.parse().unwrap()
    }

    #[test]
    fn prints_paths_counts_and_bear_offs() {
        let start = Position::start();
        assert_eq!(start.legal_plays(d("6-6"))[0].notation(), "24/18");
        let mut five: Vec<String> = start.legal_plays(d("5-5")).iter().map(Play::notation).collect();
        five.sort();
        assert_eq!(five, ["24/19/14/9 24/19", "24/19/14/9/4"]);
        // TAVLI.md F9: one play, 6/4 then 4/off, printed as one path.
        let f9 = fevga_pos!(White; white {6: 1, 4: 1}; black {13: 1, 5: 14});
        let plays = f9.legal_plays(d("5-2"));
        assert_eq!(plays.len(), 1);
        assert_eq!(plays[0].notation(), "6/4/off");
        for text in ["6/4/off", "6/4 4/off", "6/4, 4/0", "4/off 6/4", "6/off"] {
            assert_eq!(parse_play(&f9, d("5-2"), text).map(|p| p.notation()), Ok("6/4/off".into()), "{text}");
        }
    }

    #[test]
    fn refuses_what_fevga_does_not_have() {
        let p = Position::start();
        let e = parse_play(&p, d("6-6"), "24/18*").unwrap_err();
        assert!(e.to_string().contains("nothing is hit"), "{e}");
        let e = parse_play(&p, d("6-6"), "bar/19").unwrap_err();
        assert!(e.to_string().contains("no bar"), "{e}");
        assert_eq!(parse_play(&p, d("6-6"), "24/18 24/18 24/18 24/18 24/18"), Err(PlayError::TooManyMoves(d("6-6"))));
        assert_eq!(parse_play(&p, d("6-6"), "pass"), Err(PlayError::CannotPass(d("6-6"))));
        assert_eq!(parse_play(&p, d("6-6"), "24/18/12"), Err(PlayError::HeldByOne(12)));
        assert!(matches!(parse_play(&p, d("6-6"), "24/12"), Err(PlayError::PathBlocked { from: 24, to: 12, .. })));
    }

    #[test]
    fn long_input_is_refused_at_once() {
        let p = Position::start();
        let long = "24/18 ".repeat(200_000);
        let t = std::time::Instant::now();
        assert_eq!(parse_play(&p, d("6-5"), &long), Err(PlayError::TooManyMoves(d("6-5"))));
        let path = format!("24{}", "/23".repeat(100_000));
        assert!(matches!(parse_play(&p, d("6-5"), &path), Err(PlayError::Syntax { .. })));
        assert!(t.elapsed().as_secs_f64() < 1.0);
    }
}
