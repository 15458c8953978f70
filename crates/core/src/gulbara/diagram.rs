//! REGIONAL.md's test notation for Gul bara positions, read and written:
//! `gulbara W 4-4 roll:4 | W: 22:1 21:14 | B: 5:3 4:2 3:1 off:9`. Fevga's
//! diagram (TAVLI.md Part 4: the side on roll, optional dice, each side's
//! checkers in its own numbering) with `gulbara` first and, after the
//! dice, the roll counter (`roll:N`, 1 when left out) and any pending dice
//! (`remainder:5,5,5,6,6,6,6` or `ladder:5,5,5,5,6,6,6,6`). The board is
//! read by Fevga's reader.

use std::fmt;

use thiserror::Error;

use super::position::Position;
use super::setup::{PositionError, Setup};
use crate::color::Color;
use crate::dice::Dice;
use crate::fevga;

/// Why a diagram was not understood.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum DiagramError {
    /// The text is not in the notation; holds what is wrong.
    #[error("Gul bara diagram: {0}")]
    Syntax(String),
    /// The diagram describes a position that is not valid.
    #[error("Gul bara diagram describes an impossible position: {0}")]
    Invalid(#[from] PositionError),
}

/// Reads a diagram: the position and the dice, if given.
///
/// ```
/// use tavli_core::gulbara::{Pending, parse_diagram};
/// let (p, dice) = parse_diagram("gulbara B roll:9 remainder:6,6 | W: 24:15 | B: 24:15").unwrap();
/// assert_eq!((p.roll(), p.pending(), dice), (9, Pending::handed(6, 2), None));
/// assert!(parse_diagram("fevga W | W: 24:15 | B: 24:15").unwrap_err().to_string().contains("gulbara"));
/// ```
pub fn parse_diagram(text: &str) -> Result<(Position, Option<Dice>), DiagramError> {
    let syntax = |m: String| DiagramError::Syntax(m);
    if text.len() > 1000 {
        return Err(syntax("the text is too long for a position".into()));
    }
    let (head, rest) = text.split_once('|').unwrap_or((text, ""));
    let mut words = head.split_whitespace();
    match words.next() {
        Some("gulbara") => {}
        _ => return Err(syntax("expected `gulbara W|B [dice] [roll:N] [remainder:…] | W: … | B: …`".into())),
    }
    let mut fevga_head = vec!["fevga"];
    let (mut roll, mut remainder, mut ladder) = (None, None, None);
    for w in words {
        let list = |v: &str| -> Result<Vec<i64>, DiagramError> {
            v.split(',')
                .map(|d| d.parse::<i64>().map_err(|_| syntax(format!("`{w}`: dice are numbers 1 to 6"))))
                .collect()
        };
        if let Some(n) = w.strip_prefix("roll:") {
            roll = Some(n.parse::<i64>().map_err(|_| syntax(format!("`{w}`: the roll is a number")))?);
        } else if let Some(v) = w.strip_prefix("remainder:") {
            remainder = Some(list(v)?);
        } else if let Some(v) = w.strip_prefix("ladder:") {
            ladder = Some(list(v)?);
        } else {
            fevga_head.push(w);
        }
    }
    let board_text = format!("{} |{rest}", fevga_head.join(" "));
    let (board, dice) = fevga::parse_diagram(&board_text).map_err(|e| match e {
        fevga::DiagramError::Syntax(m) => syntax(m.replace("Fevga", "Gul bara").replace("`fevga`", "`gulbara`")),
        fevga::DiagramError::Invalid(e) => DiagramError::Invalid(e.into()),
    })?;
    let s = Setup { board: board.to_setup(), roll: roll.unwrap_or(1), remainder, ladder };
    Ok((s.validate()?, dice))
}

impl Position {
    /// The position in REGIONAL.md's test notation, the counter always
    /// written.
    ///
    /// ```
    /// use tavli_core::gulbara::Position;
    /// assert_eq!(Position::start().diagram(), "gulbara W roll:1 | W: 24:15 | B: 24:15");
    /// ```
    pub fn diagram(&self) -> String {
        let board = self.board.diagram();
        let (_, sides) = board.split_once(" | ").unwrap_or((&board, ""));
        let turn = if self.turn() == Color::White { "W" } else { "B" };
        let pending = match self.pending {
            Some(p) if p.is_handed() => format!(" remainder:{p}"),
            Some(p) => format!(" ladder:{p}"),
            None => String::new(),
        };
        format!("gulbara {turn} roll:{}{pending} | {sides}", self.roll)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "gulbara::Position({})", self.diagram())
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_json())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gulbara::Pending;

    #[test]
    fn reads_regional_part_7_as_written_and_round_trips() {
        let (p, d) = parse_diagram("gulbara W 4-4 | W: 22:1 21:14 | B: 5:3 4:2 3:1 off:9").unwrap();
        assert_eq!((p.roll(), d), (1, Some(Dice::new(4, 4).unwrap())));
        assert_eq!(p.checkers(Color::Black, 17), 3, "Black's 5 is White's 17");
        let q = Position::of_board(p.board(), 12).with_pending(Pending::ladder(5)).unwrap().pass_turn();
        assert_eq!(parse_diagram(&q.diagram()).unwrap().0, q);
    }

    #[test]
    fn faults_are_named() {
        let err = |t: &str| parse_diagram(t).unwrap_err().to_string();
        assert!(err("gulbara W | W: bar:1 24:14 | B: 24:15").contains("no bar in Gul bara"));
        assert!(err("gulbara W roll:x | W: 24:15 | B: 24:15").contains("the roll is a number"));
        assert!(err("gulbara W roll:2 remainder:6 | W: 24:15 | B: 24:15").contains("at roll 2"));
        assert!(err("gulbara W remainder:a | W: 24:15 | B: 24:15").contains("dice are numbers"));
        assert!(err("gulbara W | W: 24:15 | B: 12:15").contains("one side's checkers only"));
    }
}
