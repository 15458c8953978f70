//! Who plays a side of a match, as a record names it: `human` for a person,
//! `engine:LEVEL` for a built-in engine level. Front ends build and read
//! these names here, never by hand.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::color::Color;

/// A player of one side, as written in a record's `players`.
///
/// ```
/// use tavli_core::game::PlayerName;
/// assert_eq!(PlayerName::parse("engine:expert"), PlayerName::Engine("expert".into()));
/// assert_eq!(PlayerName::Engine("expert".into()).to_string(), "engine:expert");
/// assert_eq!(PlayerName::parse("human"), PlayerName::Human);
/// // Any other name is kept as written and played by a person.
/// assert!(PlayerName::parse("Eleni").is_person());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PlayerName {
    /// A person (`human`).
    Human,
    /// A built-in engine level (`engine:LEVEL`); the engine crate knows
    /// the levels.
    Engine(String),
    /// Any other name, kept as written (records from other programs, or
    /// older ones); played by a person.
    Other(String),
}

impl PlayerName {
    /// Reads a record's name: `human`, `engine:LEVEL`, or anything else.
    pub fn parse(name: &str) -> PlayerName {
        match name.strip_prefix("engine:") {
            _ if name == "human" => PlayerName::Human,
            Some(level) if !level.is_empty() => PlayerName::Engine(level.to_string()),
            _ => PlayerName::Other(name.to_string()),
        }
    }

    /// The engine level, for an engine player.
    pub fn level(&self) -> Option<&str> {
        match self {
            PlayerName::Engine(l) => Some(l),
            _ => None,
        }
    }

    /// Is this side played by a person (a human or any other name)?
    pub fn is_person(&self) -> bool {
        !matches!(self, PlayerName::Engine(_))
    }
}

impl fmt::Display for PlayerName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerName::Human => f.write_str("human"),
            PlayerName::Engine(l) => write!(f, "engine:{l}"),
            PlayerName::Other(s) => f.write_str(s),
        }
    }
}

impl Serialize for PlayerName {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for PlayerName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PlayerName, D::Error> {
        String::deserialize(d).map(|s| PlayerName::parse(&s))
    }
}

/// The players of a match, White's and Black's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Players {
    /// Who plays White.
    pub white: PlayerName,
    /// Who plays Black.
    pub black: PlayerName,
}

impl Players {
    /// Two people (at one device, or online).
    pub fn people() -> Players {
        Players { white: PlayerName::Human, black: PlayerName::Human }
    }

    /// A person against an engine level, the person playing `person`.
    pub fn against_engine(person: Color, level: &str) -> Players {
        let engine = PlayerName::Engine(level.to_string());
        match person {
            Color::White => Players { white: PlayerName::Human, black: engine },
            Color::Black => Players { white: engine, black: PlayerName::Human },
        }
    }

    /// The player of `side`.
    pub fn get(&self, side: Color) -> &PlayerName {
        match side {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

impl Default for Players {
    /// Two people.
    fn default() -> Self {
        Players::people()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_and_print_back() {
        for name in ["human", "engine:master", "white", "engine:", "Eleni"] {
            assert_eq!(PlayerName::parse(name).to_string(), name);
        }
        assert_eq!(PlayerName::parse("engine:"), PlayerName::Other("engine:".into()));
        assert_eq!(PlayerName::parse("engine:casual").level(), Some("casual"));
        let p = Players::against_engine(Color::Black, "expert");
        assert_eq!(serde_json::to_string(&p).unwrap(), r#"{"white":"engine:expert","black":"human"}"#);
        assert!(p.get(Color::Black).is_person() && !p.get(Color::White).is_person());
    }
}
