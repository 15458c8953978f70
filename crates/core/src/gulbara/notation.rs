//! Gul bara's play notation: Fevga's (`24/18`, `24/19/14`, `24/20(2)`,
//! `6/off`, points in the mover's numbering, no `*`), with what Gul bara
//! adds written readably and read back:
//!
//! - a hand-off, after the moves: `6/1 > 5,5,5,6,6,6,6` hands the dice
//!   after `>` to the opponent (a stage where nothing moves: `pass >
//!   4,4,4,4,5,5,5,5,6,6,6,6`); optional when read, checked when given;
//! - a whole turn's stages, separated by `|`:
//!   `22/18/14/10/6 | 6/1 > 5,5,5,6,6,6,6`. The game is played a decision
//!   at a time ([`parse_play`] reads one stage); [`parse_turn`] reads a
//!   whole turn, stage by stage, and [`TurnPlay`] writes one.

use std::fmt;

use super::board::Board;
use super::movegen::{Decision, TurnPlay};
use super::pending::Pending;
use super::play::Play;
use super::position::Position;
use crate::Color;
use crate::PlayError;
use crate::dice::Dice;
use crate::fevga::other_numbering;
use crate::notation::{Notation, Star};

impl Notation for Board {
    const GAME: &'static str = "Gul bara";
    const STAR: Star = Star::None;

    fn opponent_point(point: u8) -> u8 {
        other_numbering(point)
    }

    fn marked(_: &Play, _: usize) -> bool {
        false
    }

    /// The decision rebuilt on the board before the play as a plain roll
    /// (no ladder): a stage's moves are all of its one die, which a doublet
    /// of that die moves the same way, and only the board orders moves.
    fn turn_before(play: &Play, dice: Dice) -> Option<crate::turn::TurnBuilder<Board>> {
        let board = play.position().board.undone(play.mover(), play.moves())?;
        Some(super::TurnBuilder::new(&Position::of_board(board, 1), dice))
    }
}

/// ` > 5,5,5,6,6,6,6` for dice handed over, else nothing.
fn handoff(remainder: Option<Pending>) -> String {
    remainder.map_or_else(String::new, |p| format!(" > {p}"))
}

impl Play {
    /// The play in notation; `pass` when nothing could be played; a
    /// hand-off after `>`.
    ///
    /// ```
    /// use tavli_core::{Dice, fevga_pos};
    /// use tavli_core::gulbara::{Pending, Position};
    /// // GB6: the fives' stage stops after 6/1 and hands the rest on.
    /// let p = Position::of_board(fevga_pos!(White; white {6: 1, 21: 14}; black {5: 3, 4: 2, 3: 1}), 9)
    ///     .with_pending(Pending::ladder(5))
    ///     .unwrap();
    /// let plays = p.legal_plays(Dice::new(5, 5).unwrap());
    /// assert_eq!(plays[0].notation(), "6/1 > 5,5,5,6,6,6,6");
    /// ```
    pub fn notation(&self) -> String {
        crate::notation::write::<Board>(self, false) + &handoff(self.remainder())
    }

    /// [`Play::notation`] in `reader`'s numbering: the opponent reads the
    /// mover's point n as its own S(n), as in Fevga.
    pub fn notation_for(&self, reader: Color) -> String {
        crate::notation::write::<Board>(self, reader != self.mover()) + &handoff(self.remainder())
    }
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

impl TurnPlay {
    /// The whole turn in notation: its stages separated by ` | ` (a stage
    /// where nothing moved left out), `pass` when nothing moved, and the
    /// hand-off after `>`.
    ///
    /// ```
    /// use tavli_core::Dice;
    /// use tavli_core::gulbara::Position;
    /// let fourth = Position::of_board(Position::start().board(), 4);
    /// let plays = fourth.turn_plays(Dice::new(5, 5).unwrap(), 100).unwrap();
    /// assert!(plays.iter().any(|p| p.notation() == "24/19/14/9/4 | 24/18(4)"));
    /// ```
    pub fn notation(&self) -> String {
        self.notation_in(false)
    }

    /// [`TurnPlay::notation`] in `reader`'s numbering.
    pub fn notation_for(&self, reader: Color) -> String {
        self.notation_in(reader != self.mover())
    }

    fn notation_in(&self, other: bool) -> String {
        let stages: Vec<String> =
            self.stage_plays().iter().map(|p| crate::notation::write::<Board>(p, other)).collect();
        let body = if stages.is_empty() { "pass".to_string() } else { stages.join(" | ") };
        body + &handoff(self.remainder())
    }
}

impl fmt::Display for TurnPlay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

/// The text before a hand-off's `>`, and the dice written after it.
fn split_handoff(text: &str) -> (&str, Option<&str>) {
    match text.split_once('>') {
        Some((moves, dice)) => (moves, Some(dice.trim())),
        None => (text, None),
    }
}

/// Checks a written hand-off against what the play hands over.
fn check_handoff(written: Option<&str>, actual: Option<Pending>) -> Result<(), PlayError> {
    let Some(written) = written else { return Ok(()) };
    let actual = actual.map_or_else(|| "nothing".to_string(), |p| p.to_string());
    let same = written.split(',').map(str::trim).eq(actual.split(','));
    if same { Ok(()) } else { Err(PlayError::Remainder { actual, written: written.chars().take(60).collect() }) }
}

/// Parses `text` as the play of the decision the side on roll in `pos`
/// faces with `dice` (its pending stage, when it has one: see
/// [`Position::legal_plays`]) and returns the matching legal play, or the
/// reason it is not one. One stage at a time: a whole turn's `|` is
/// refused here ([`parse_turn`] reads those).
///
/// ```
/// use tavli_core::Dice;
/// use tavli_core::gulbara::{PlayError, Position, parse_play};
/// let d = Dice::new(6, 1).unwrap();
/// assert_eq!(parse_play(&Position::start(), d, "24/18 24/23").unwrap().notation(), "24/18 24/23");
/// let fourth = Position::of_board(Position::start().board(), 4);
/// let e = parse_play(&fourth, Dice::new(5, 5).unwrap(), "24/4 | 24/18(4)").unwrap_err();
/// assert_eq!(e, PlayError::OneStage { die: 5 });
/// ```
pub fn parse_play(pos: &Position, dice: Dice, text: &str) -> Result<Play, PlayError> {
    if pos.outcome().is_some() {
        return Err(PlayError::GameOver);
    }
    let (moves, written) = split_handoff(text);
    let reader_dice = match pos.decision(dice) {
        Decision::Roll(d) => {
            if moves.contains('|') {
                return Err(PlayError::NotALadder { dice: d, roll: pos.roll() });
            }
            d
        }
        Decision::Stage { first, .. } => {
            if moves.contains('|') {
                return Err(PlayError::OneStage { die: first.die() });
            }
            let d = Dice::new(first.die(), first.die()).unwrap_or(dice);
            let stage = PlayError::StageMoves { die: first.die(), left: first.left() };
            let trimmed = moves.trim();
            if !trimmed.is_empty() && !trimmed.eq_ignore_ascii_case("pass") {
                match crate::notation::entry_hops::<Board>(moves, d) {
                    Ok(hops) if hops.len() > usize::from(first.left()) => return Err(stage),
                    Err(PlayError::TooManyMoves(_)) => return Err(stage),
                    _ => {}
                }
            }
            d
        }
    };
    let legal = pos.legal_plays(dice);
    let play = crate::notation::read(&Board::new(pos), reader_dice, &legal, moves)?;
    check_handoff(written, play.remainder())?;
    Ok(play)
}

/// Parses a whole turn's play (its stages separated by `|`, a hand-off
/// after `>`) from `pos` with `dice`, checking it stage by stage as the
/// game would play it: each stage must be a legal play of that stage, a
/// stage where nothing can move may be left out, and nothing may follow a
/// stage that stopped short (the turn ended there).
///
/// ```
/// use tavli_core::{Dice, fevga_pos};
/// use tavli_core::gulbara::{PlayError, Position, parse_turn};
/// // GB6, on the game's fourth roll or later.
/// let p = Position::of_board(fevga_pos!(White; white {22: 1, 21: 14}; black {5: 3, 4: 2, 3: 1}), 9);
/// let d = Dice::new(4, 4).unwrap();
/// let t = parse_turn(&p, d, "22/18/14/10/6 | 6/1 > 5,5,5,6,6,6,6").unwrap();
/// assert_eq!(t.remainder().unwrap().to_string(), "5,5,5,6,6,6,6");
/// assert_eq!(parse_turn(&p, d, "22/6 | 6/1 | 21/15").unwrap_err(), PlayError::AfterStall { die: 5, played: 1 });
/// ```
pub fn parse_turn(pos: &Position, dice: Dice, text: &str) -> Result<TurnPlay, PlayError> {
    if pos.outcome().is_some() {
        return Err(PlayError::GameOver);
    }
    let (moves, written) = split_handoff(text);
    let first = match pos.decision(dice) {
        Decision::Roll(d) => {
            if moves.contains('|') {
                return Err(PlayError::NotALadder { dice: d, roll: pos.roll() });
            }
            return parse_play(pos, dice, text).map(|p| TurnPlay::of_play(&p, None));
        }
        Decision::Stage { first, .. } => first,
    };
    let mover = pos.turn();
    let goes_on = |p: &Position| p.outcome().is_none() && p.turn() == mover && p.pending().is_some();
    let mut cur = *pos;
    let mut plays: Vec<Play> = Vec::new();
    let mut die = first.die();
    for (i, part) in moves.split('|').take(7).enumerate() {
        if i > 0 && !goes_on(&cur) {
            let last = plays.last().expect("a stage was read before");
            if last.result().is_some() {
                return Err(PlayError::AfterGameEnd(last.notation()));
            }
            return Err(PlayError::AfterStall { die, played: last.moves().len() as u8 });
        }
        die = cur.pending().map_or(first.die(), |p| p.die());
        let play = parse_play(&cur, dice, part)?;
        cur = *play.position();
        plays.push(play);
    }
    // Stages where nothing can move end the turn by themselves.
    while goes_on(&cur) {
        let legal = cur.legal_plays(dice);
        match legal.as_slice() {
            [only] if only.is_pass() => {
                cur = *only.position();
                plays.push(*only);
            }
            _ => {
                let die = cur.pending().map_or(6, |p| p.die());
                let needed = legal.iter().map(|p| p.moves().len()).max().unwrap_or(0) as u8;
                return Err(PlayError::MustUseMore { die, needed });
            }
        }
    }
    let turn = TurnPlay::of_stages(first, &plays).ok_or_else(|| PlayError::NotLegal(text.into()))?;
    check_handoff(written, turn.remainder())?;
    Ok(turn)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fevga_pos;

    fn d(s: &str) -> Dice {
        s.parse().unwrap()
    }

    #[test]
    fn stages_and_hand_offs_are_written_and_read_back() {
        let gb6 = Position::of_board(fevga_pos!(White; white {22: 1, 21: 14}; black {5: 3, 4: 2, 3: 1}), 9);
        let turns = gb6.turn_plays(d("4-4"), 100).unwrap();
        assert_eq!(turns.len(), 1);
        assert_eq!(turns[0].notation(), "22/18/14/10/6 | 6/1 > 5,5,5,6,6,6,6");
        assert_eq!(parse_turn(&gb6, d("4-4"), &turns[0].notation()), Ok(turns[0]));
        // The hand-off may be left out, and must be right when written.
        assert_eq!(parse_turn(&gb6, d("4-4"), "22/6 | 6/1"), Ok(turns[0]));
        assert!(matches!(parse_turn(&gb6, d("4-4"), "22/6 | 6/1 > 5,5,5"), Err(PlayError::Remainder { .. })));
        // Before the fourth roll the same roll is four moves.
        let early = Position::of_board(gb6.board(), 3);
        assert_eq!(parse_turn(&early, d("4-4"), "22/6").unwrap().notation(), "22/18/14/10/6");
        assert_eq!(parse_turn(&early, d("4-4"), "22/6 | 6/1"), Err(PlayError::NotALadder { dice: d("4-4"), roll: 3 }));
        // A stage at a time in the game.
        let stage = parse_play(&gb6, d("4-4"), "22/6").unwrap();
        let fives = parse_play(stage.position(), d("3-1"), "6/1").unwrap();
        assert_eq!(fives.notation(), "6/1 > 5,5,5,6,6,6,6");
        assert_eq!(fives.position().turn(), Color::Black);
        assert_eq!(parse_play(stage.position(), d("5-5"), "6/1 21/16"), Err(PlayError::HeldByOne(16)));
    }

    #[test]
    fn a_remainder_stage_takes_only_its_moves() {
        let p = Position::of_board(fevga_pos!(White; white {24: 13, 10: 2}; black {24: 15}), 9)
            .with_pending(Pending::handed(5, 2))
            .unwrap();
        assert_eq!(parse_play(&p, d("1-1"), "10/5 10/5 24/19"), Err(PlayError::StageMoves { die: 5, left: 2 }));
        let play = parse_play(&p, d("1-1"), "10/5(2)").unwrap();
        assert_eq!(play.position().pending(), Pending::handed(6, 4));
        assert_eq!(play.position().turn(), Color::White, "the receiver plays on");
    }
}
