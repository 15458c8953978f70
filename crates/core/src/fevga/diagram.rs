//! TAVLI.md's test notation for Fevga positions, read and written:
//! `fevga W 6-6 | W: 24:15 | B: 24:15`. The side on roll (`W` or `B`),
//! optional dice, then each side's checkers as `point:count` in **its own
//! numbering**, with `off:n` for checkers borne off (what is not listed is
//! taken as borne off). It is how TAVLI.md Part 4 writes its test
//! positions, so tests and error reports can quote them as they stand.

use std::fmt;

use thiserror::Error;

use super::position::Position;
use super::setup::{PositionError, Setup};
use crate::color::Color;
use crate::dice::Dice;

/// Why a diagram was not understood.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum DiagramError {
    /// The text is not in the notation; holds what is wrong.
    #[error("Fevga diagram: {0}")]
    Syntax(String),
    /// The diagram describes a board that is not a valid position.
    #[error("Fevga diagram describes an impossible position: {0}")]
    Invalid(#[from] PositionError),
}

fn syntax(msg: impl Into<String>) -> DiagramError {
    DiagramError::Syntax(msg.into())
}

/// A piece of the text, cut short for an error message.
fn brief(s: &str) -> String {
    crate::quote::excerpt_of(s, 30)
}

/// Reads a diagram: the position and the dice, if given.
///
/// ```
/// use tavli_core::Color;
/// use tavli_core::fevga::parse_diagram;
/// let (p, dice) = parse_diagram("fevga W 2-1 | W: 24:14 13:1 | B: 24:14 23:1").unwrap();
/// assert_eq!(dice.unwrap().to_string(), "2-1");
/// assert_eq!(p.checkers(Color::Black, 11), 1); // Black's 23 is White's 11
/// assert!(parse_diagram("fevga W | W: 24:15 | B: 12:15").is_err()); // both on White's 24
/// ```
pub fn parse_diagram(text: &str) -> Result<(Position, Option<Dice>), DiagramError> {
    if text.len() > 1000 {
        return Err(syntax("the text is too long for a position"));
    }
    let mut parts = text.split('|');
    let head: Vec<&str> = parts.next().unwrap_or("").split_whitespace().collect();
    let (turn, dice) = match head.as_slice() {
        ["fevga", side, rest @ ..] if rest.len() <= 1 => {
            let turn = match *side {
                "W" | "w" => Color::White,
                "B" | "b" => Color::Black,
                other => return Err(syntax(format!("`{}` is not a side: write W or B", brief(other)))),
            };
            let dice = match rest.first() {
                Some(d) => Some(d.parse::<Dice>().map_err(|e| syntax(e.to_string()))?),
                None => None,
            };
            (turn, dice)
        }
        [game, ..] if *game != "fevga" => {
            return Err(syntax(format!("`{}` is not Fevga: the text starts with `fevga`", brief(game))));
        }
        _ => return Err(syntax("expected `fevga W|B [dice] | W: … | B: …`")),
    };
    let mut s = Setup::empty(turn);
    let mut seen = [false; 2];
    let mut off_given = [false; 2];
    for part in parts {
        let (side, list) =
            part.split_once(':').ok_or_else(|| syntax(format!("`{}` has no `W:` or `B:`", brief(part))))?;
        let color = match side.trim() {
            "W" | "w" => Color::White,
            "B" | "b" => Color::Black,
            other => return Err(syntax(format!("`{}` is not a side: write W: or B:", brief(other)))),
        };
        if std::mem::replace(&mut seen[color.index()], true) {
            return Err(syntax(format!("{color}'s checkers are listed twice")));
        }
        for item in list.split_whitespace() {
            let (point, count) =
                item.split_once(':').ok_or_else(|| syntax(format!("`{}` is not point:count", brief(item))))?;
            let count: i64 =
                count.parse().map_err(|_| syntax(format!("`{}`: the count is not a number", brief(item))))?;
            match point {
                "off" => {
                    s.off[color.index()] = count;
                    off_given[color.index()] = true;
                }
                "bar" => return Err(syntax("there is no bar in Fevga: nothing is ever hit")),
                _ => match point.parse::<u8>() {
                    Ok(p) if (1..=24).contains(&p) => {
                        s.place(color, p, count);
                    }
                    _ => return Err(syntax(format!("`{}`: points are 1 to 24, or `off`", brief(item)))),
                },
            }
        }
    }
    if seen != [true, true] {
        return Err(syntax("both sides must be listed, `W: …` and `B: …`"));
    }
    for c in [Color::White, Color::Black] {
        if !off_given[c.index()] {
            s.off[c.index()] = 15 - s.on_board(c).clamp(-1000, 1000);
        }
    }
    Ok((s.validate()?, dice))
}

impl Position {
    /// The position in TAVLI.md's test notation, each side in its own
    /// numbering, highest point first, `off:n` when some are off.
    ///
    /// ```
    /// use tavli_core::fevga::Position;
    /// assert_eq!(Position::start().diagram(), "fevga W | W: 24:15 | B: 24:15");
    /// ```
    pub fn diagram(&self) -> String {
        let side = |c: Color| {
            let mut items: Vec<String> = (1..=24u8)
                .rev()
                .filter_map(|p| match self.checkers_own(c, p) {
                    0 => None,
                    n => Some(format!("{p}:{n}")),
                })
                .collect();
            if self.off(c) > 0 {
                items.push(format!("off:{}", self.off(c)));
            }
            items.iter().map(|i| format!(" {i}")).collect::<String>()
        };
        let turn = if self.turn == Color::White { "W" } else { "B" };
        format!("fevga {turn} | W:{} | B:{}", side(Color::White), side(Color::Black))
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "fevga::Position({})", self.diagram())
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
    use crate::fevga_pos;

    #[test]
    fn reads_tavli_part_4_as_written() {
        let (p, d) = parse_diagram("fevga W 5-2 | W: 6:1 4:1 off:13 | B: 13:1 5:14").unwrap();
        assert_eq!(p, fevga_pos!(White; white {6: 1, 4: 1}; black {13: 1, 5: 14}));
        assert_eq!(d, Some(Dice::new(5, 2).unwrap()));
        assert_eq!(p.diagram(), "fevga W | W: 6:1 4:1 off:13 | B: 13:1 5:14");
        assert_eq!(parse_diagram(&p.diagram()).unwrap().0, p);
        let q = fevga_pos!(Black; white {}; black {5: 1});
        assert_eq!(parse_diagram(&q.diagram()).unwrap().0, q);
    }

    #[test]
    fn faults_are_named() {
        let err = |t: &str| parse_diagram(t).unwrap_err().to_string();
        assert!(err("portes W | W: 24:2 | B: 24:2").contains("not Fevga"));
        assert!(err("fevga X | W: 24:15 | B: 24:15").contains("not a side"));
        assert!(err("fevga W 7-1 | W: 24:15 | B: 24:15").contains("out of range"));
        assert!(err("fevga W | W: 24:15").contains("both sides"));
        assert!(err("fevga W | W: 24:15 | W: 24:15").contains("twice"));
        assert!(err("fevga W | W: bar:1 24:14 | B: 24:15").contains("no bar"));
        assert!(err("fevga W | W: 25:15 | B: 24:15").contains("points are 1 to 24"));
        assert!(err("fevga W | W: 24:15 | B: 12:15").contains("one side's checkers only"));
        assert!(err("fevga W | W: 24:16 | B: 24:15").contains("at most 15"));
        assert!(err(&"x".repeat(2000)).contains("too long"));
    }
}
