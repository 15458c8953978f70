//! Which of Tavli's games a position, play, game or match is.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// One of the three games of Tavli (TAVLI.md). The order of the variants is
/// the Tavli match's rotation: Portes, then Plakoto, then Fevga.
///
/// ```
/// use tavli_core::tavli::GameKind;
/// assert_eq!("fevga".parse::<GameKind>(), Ok(GameKind::Fevga));
/// assert_eq!(GameKind::Fevga.next(), GameKind::Portes);
/// assert_eq!(GameKind::Portes.to_string(), "portes");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum GameKind {
    /// Πόρτες: backgammon without the cube (TAVLI.md Part 1).
    Portes,
    /// Πλακωτό: the game of pinning (RULES.md). The default, so that every
    /// position and record written before Tavli reads as Plakoto.
    #[default]
    Plakoto,
    /// Φεύγα: no hitting, both sides travelling the same way (TAVLI.md Part 2).
    Fevga,
}

/// A game's name that is none of Tavli's.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("unknown game `{0}`: the games are portes, plakoto and fevga")]
pub struct UnknownGame(pub String);

impl GameKind {
    /// The three games in the Tavli match's rotation order.
    pub const ALL: [GameKind; 3] = [GameKind::Portes, GameKind::Plakoto, GameKind::Fevga];

    /// The name used in position JSON's `game`, records and the command line.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Portes => "portes",
            GameKind::Plakoto => "plakoto",
            GameKind::Fevga => "fevga",
        }
    }

    /// The game's name in an English sentence: `Portes`, `Plakoto`, `Fevga`.
    pub const fn title(self) -> &'static str {
        match self {
            GameKind::Portes => "Portes",
            GameKind::Plakoto => "Plakoto",
            GameKind::Fevga => "Fevga",
        }
    }

    /// The game's name in Greek: `Πόρτες`, `Πλακωτό`, `Φεύγα`.
    pub const fn greek_title(self) -> &'static str {
        match self {
            GameKind::Portes => "Πόρτες",
            GameKind::Plakoto => "Πλακωτό",
            GameKind::Fevga => "Φεύγα",
        }
    }

    /// The game after this one in a Tavli match (TAVLI.md Part 3, M1).
    pub const fn next(self) -> GameKind {
        match self {
            GameKind::Portes => GameKind::Plakoto,
            GameKind::Plakoto => GameKind::Fevga,
            GameKind::Fevga => GameKind::Portes,
        }
    }

    /// Reads a game's name: the English name in any case, or the Greek one
    /// with or without its accent (`πόρτες`, `πλακωτό`, `φεύγα`). The one
    /// reading of a game's name: `--game`, a request's or a record's
    /// `game` (JSON reads [`GameKind`] through it), position JSON's
    /// `game`, a move list's `games` and a new match's `games` all take
    /// the names it takes. (Names are always written as [`GameKind::name`].)
    pub fn parse(text: &str) -> Result<GameKind, UnknownGame> {
        let t = text.trim().to_lowercase();
        match t.as_str() {
            "portes" | "πόρτες" | "πορτες" => Ok(GameKind::Portes),
            "plakoto" | "πλακωτό" | "πλακωτο" => Ok(GameKind::Plakoto),
            "fevga" | "φεύγα" | "φευγα" => Ok(GameKind::Fevga),
            _ => Err(UnknownGame(crate::quote::excerpt_of(text, 30))),
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = UnknownGame;
    fn from_str(s: &str) -> Result<GameKind, UnknownGame> {
        GameKind::parse(s)
    }
}

impl serde::Serialize for GameKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for GameKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<GameKind, D::Error> {
        // One rule for a game's name wherever it is read: a request's
        // `game`, a record's, position JSON's, `--game`, a move list's.
        let s = String::deserialize(d)?;
        GameKind::parse(&s).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_is_portes_plakoto_fevga_and_round_again() {
        // TAVLI.md M1.
        let mut k = GameKind::Portes;
        let seen: Vec<_> = (0..7)
            .map(|_| {
                let now = k;
                k = k.next();
                now
            })
            .collect();
        use GameKind::*;
        assert_eq!(seen, [Portes, Plakoto, Fevga, Portes, Plakoto, Fevga, Portes]);
        assert_eq!(GameKind::ALL.to_vec(), seen[..3].to_vec());
    }

    #[test]
    fn names_read_back_in_english_and_greek() {
        for k in GameKind::ALL {
            assert_eq!(GameKind::parse(k.name()), Ok(k));
            assert_eq!(GameKind::parse(&k.name().to_uppercase()), Ok(k));
            assert_eq!(GameKind::parse(k.title()), Ok(k));
            assert_eq!(GameKind::parse(k.greek_title()), Ok(k));
            let json = serde_json::to_string(&k).unwrap();
            assert_eq!(serde_json::from_str::<GameKind>(&json).unwrap(), k);
        }
        assert_eq!(GameKind::parse("Πλακωτό"), Ok(GameKind::Plakoto));
        assert_eq!(GameKind::parse("φευγα"), Ok(GameKind::Fevga));
        assert!(GameKind::parse("moultezim").unwrap_err().to_string().contains("portes, plakoto and fevga"));
        // JSON reads a name as `parse` does: one rule everywhere.
        assert_eq!(serde_json::from_str::<GameKind>("\"Portes\"").unwrap(), GameKind::Portes);
    }
}
