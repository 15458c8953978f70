//! Which of Tavli's games a position, play, game or match is.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// A game: one of the three of Tavli (TAVLI.md), or Gul bara (REGIONAL.md
/// Part 4), which is not in Tavli's rotation. The order of the variants
/// is the Tavli match's rotation (Portes, then Plakoto, then Fevga), then
/// the games outside it.
///
/// ```
/// use tavli_core::tavli::GameKind;
/// assert_eq!("fevga".parse::<GameKind>(), Ok(GameKind::Fevga));
/// assert_eq!(GameKind::Fevga.next(), GameKind::Portes);
/// assert_eq!(GameKind::Portes.to_string(), "portes");
/// assert_eq!("gul bara".parse::<GameKind>(), Ok(GameKind::GulBara));
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
    /// Гюлбара: Fevga's race with the doubles ladder (REGIONAL.md Part 4),
    /// the second game of the Bulgarian Tabla match; not in Tavli's rotation.
    GulBara,
}

/// A game's name that is none of Tavli's.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("unknown game `{0}`: the games are portes, plakoto, fevga and gulbara")]
pub struct UnknownGame(pub String);

impl GameKind {
    /// Every game, Tavli's rotation first.
    pub const ALL: [GameKind; 4] = [GameKind::Portes, GameKind::Plakoto, GameKind::Fevga, GameKind::GulBara];

    /// The three games of Tavli in the match's rotation order.
    pub const TAVLI: [GameKind; 3] = [GameKind::Portes, GameKind::Plakoto, GameKind::Fevga];

    /// The name used in position JSON's `game`, records and the command line.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Portes => "portes",
            GameKind::Plakoto => "plakoto",
            GameKind::Fevga => "fevga",
            GameKind::GulBara => "gulbara",
        }
    }

    /// The game's name in an English sentence: `Portes`, `Plakoto`,
    /// `Fevga`, `Gul bara`.
    pub const fn title(self) -> &'static str {
        match self {
            GameKind::Portes => "Portes",
            GameKind::Plakoto => "Plakoto",
            GameKind::Fevga => "Fevga",
            GameKind::GulBara => "Gul bara",
        }
    }

    /// The game's name in Greek: `Πόρτες`, `Πλακωτό`, `Φεύγα`, `Γκιουλ μπαρά`.
    pub const fn greek_title(self) -> &'static str {
        match self {
            GameKind::Portes => "Πόρτες",
            GameKind::Plakoto => "Πλακωτό",
            GameKind::Fevga => "Φεύγα",
            GameKind::GulBara => "Γκιουλ μπαρά",
        }
    }

    /// Do both sides travel the same way round (Fevga, Gul bara), rather
    /// than towards each other? Their boards are drawn with arrows, and
    /// Black's point n is White's ((n + 11) mod 24) + 1.
    pub const fn parallel(self) -> bool {
        matches!(self, GameKind::Fevga | GameKind::GulBara)
    }

    /// Does a hit checker go to the bar (Portes)?
    pub const fn has_bar(self) -> bool {
        matches!(self, GameKind::Portes)
    }

    /// Is this game one of Tavli's three (in the rotation)?
    pub const fn in_tavli(self) -> bool {
        !matches!(self, GameKind::GulBara)
    }

    /// The game after this one in a Tavli match (TAVLI.md Part 3, M1). A
    /// game outside Tavli's rotation is followed by itself.
    pub const fn next(self) -> GameKind {
        match self {
            GameKind::Portes => GameKind::Plakoto,
            GameKind::Plakoto => GameKind::Fevga,
            GameKind::Fevga => GameKind::Portes,
            GameKind::GulBara => GameKind::GulBara,
        }
    }

    /// Reads a game's name: the English name in any case, or the Greek one
    /// with or without its accent (`πόρτες`, `πλακωτό`, `φεύγα`); Gul bara
    /// also as `gul-bara`, `gul bara` and in Bulgarian, `гюлбара`. The one
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
            "gulbara" | "gul-bara" | "gul bara" | "гюлбара" | "γκιουλ μπαρά" | "γκιουλ μπαρα" => {
                Ok(GameKind::GulBara)
            }
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
    fn rotation_is_portes_plakoto_fevga_and_round_again_without_gul_bara() {
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
        assert_eq!(GameKind::TAVLI.to_vec(), seen[..3].to_vec());
        assert!(GameKind::TAVLI.iter().all(|k| k.in_tavli()) && !GameKind::GulBara.in_tavli());
        assert_eq!(GameKind::ALL[..3], GameKind::TAVLI);
        assert_eq!(GameKind::GulBara.next(), GameKind::GulBara);
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
        for name in ["gulbara", "Gul-Bara", "gul bara", "Гюлбара"] {
            assert_eq!(GameKind::parse(name), Ok(GameKind::GulBara), "{name}");
        }
        assert!(GameKind::parse("moultezim").unwrap_err().to_string().contains("fevga and gulbara"));
        // JSON reads a name as `parse` does: one rule everywhere.
        assert_eq!(serde_json::from_str::<GameKind>("\"Portes\"").unwrap(), GameKind::Portes);
        assert_eq!(serde_json::from_str::<GameKind>("\"gul bara\"").unwrap(), GameKind::GulBara);
    }
}
