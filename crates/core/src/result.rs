//! How a game ends.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::color::Color;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// A side bore off all 15 checkers.
    BearOff,
    /// A side pinned the opponent's mother with its own start empty.
    Mother,
    /// Both mothers pinned: a draw.
    BothMothers,
    /// A player resigned the game (never produced by a play).
    Resign,
}

impl Reason {
    /// The name as used in JSON: `bear-off`, `mother`, `both-mothers` or `resign`.
    pub const fn name(self) -> &'static str {
        match self {
            Reason::BearOff => "bear-off",
            Reason::Mother => "mother",
            Reason::BothMothers => "both-mothers",
            Reason::Resign => "resign",
        }
    }
}

/// The points a win scores against a loser who has borne off `loser_off`
/// checkers: 2 while it has borne off none, else 1. The rule of a bear-off
/// in Plakoto and Fevga (Portes's options may add a third point) and of a
/// resignation in every game (RULES.md, TAVLI.md Part 3).
#[inline]
pub(crate) const fn win_points(loser_off: u8) -> u8 {
    if loser_off == 0 { 2 } else { 1 }
}

/// The end of a game: who won (nobody in a draw), the points, and why.
/// Serialises as `{"winner": "white", "points": 2, "reason": "mother"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameResult {
    /// The side that won, or `None` for a draw.
    #[serde(with = "color_opt")]
    pub winner: Option<Color>,
    /// The points the winner scores: 1 or 2, 0 for a draw.
    pub points: u8,
    /// Why the game ended.
    pub reason: Reason,
}

impl GameResult {
    /// What resigning gives the opponent of `resigner`, who has borne off
    /// `resigner_off` checkers: the most the opponent could still win, as
    /// [`win_points`] counts it.
    pub(crate) const fn resignation(resigner: Color, resigner_off: u8) -> GameResult {
        GameResult::win(resigner.opponent(), win_points(resigner_off), Reason::Resign)
    }

    /// A win for `winner` of `points` points, for `reason`.
    ///
    /// ```
    /// use tavli_core::{Color, GameResult, Reason};
    /// let r = GameResult::win(Color::White, 2, Reason::Mother);
    /// assert_eq!(r.points_for(Color::White), 2);
    /// assert_eq!(r.points_for(Color::Black), -2);
    /// ```
    pub const fn win(winner: Color, points: u8, reason: Reason) -> GameResult {
        GameResult { winner: Some(winner), points, reason }
    }

    /// The draw when both mothers are pinned: no winner, no points.
    pub const fn draw() -> GameResult {
        GameResult { winner: None, points: 0, reason: Reason::BothMothers }
    }

    /// Points scored by `side`: positive for the winner, negative for the loser.
    pub fn points_for(&self, side: Color) -> i32 {
        match self.winner {
            None => 0,
            Some(w) if w == side => i32::from(self.points),
            Some(_) => -i32::from(self.points),
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.winner, self.reason) {
            (None, _) => write!(f, "draw: both mothers are pinned"),
            (Some(w), Reason::Mother) => {
                write!(f, "{w} wins {} points by pinning the mother", self.points)
            }
            (Some(w), reason) => {
                let s = if self.points == 1 { "" } else { "s" };
                let how = if reason == Reason::Resign { "resignation" } else { "bearing off all checkers" };
                write!(f, "{w} wins {} point{s} by {how}", self.points)
            }
        }
    }
}

/// `"white"` / `"black"` / `null` for an optional colour.
pub(crate) mod color_opt {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::Color;

    pub fn serialize<S: Serializer>(c: &Option<Color>, s: S) -> Result<S::Ok, S::Error> {
        match c {
            Some(c) => s.serialize_str(c.name()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Color>, D::Error> {
        let s: Option<String> = Option::deserialize(d)?;
        match s {
            None => Ok(None),
            Some(s) => {
                Color::parse(&s).map(Some).ok_or_else(|| serde::de::Error::custom(format!("unknown colour `{s}`")))
            }
        }
    }
}

impl serde::Serialize for Color {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for Color {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        let s = String::deserialize(d)?;
        Color::parse(&s)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown colour `{s}`, expected \"white\" or \"black\"")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serialises_as_in_interface() {
        let r = GameResult::win(Color::White, 2, Reason::Mother);
        assert_eq!(serde_json::to_string(&r).unwrap(), r#"{"winner":"white","points":2,"reason":"mother"}"#);
        let d = GameResult::draw();
        assert_eq!(serde_json::to_string(&d).unwrap(), r#"{"winner":null,"points":0,"reason":"both-mothers"}"#);
        let b = GameResult::win(Color::Black, 1, Reason::BearOff);
        assert_eq!(serde_json::to_string(&b).unwrap(), r#"{"winner":"black","points":1,"reason":"bear-off"}"#);
        assert_eq!(
            serde_json::from_str::<GameResult>(r#"{"winner":"black","points":1,"reason":"bear-off"}"#).unwrap(),
            b
        );
    }
}
