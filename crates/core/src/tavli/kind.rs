//! Which of Tavli's games a position, play, game or match is.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// A game: one of the three of Tavli (TAVLI.md), Gul bara (REGIONAL.md
/// Part 4), which is not in Tavli's rotation, or a named rule set over one
/// of them (REGIONAL.md Parts 1–3 and 5): Tapa, Tsillitón and Mahbusa are
/// played by Plakoto's code, Tabla by Portes's ([`GameKind::base`]). The
/// order of the variants is the Tavli match's rotation (Portes, then
/// Plakoto, then Fevga), then the games outside it, then the names.
///
/// A name is a game of its own to everything outside the rules core: its
/// positions carry it (their JSON's `game`, their IDs), and so do its
/// records, reviews, move lists and headings; only the code that plays it
/// is its base's, with the base's options set to the name's own defaults
/// (Mahbusa's mother, [`crate::plakoto::PlakotoRules::of`]).
///
/// ```
/// use tavli_core::tavli::GameKind;
/// assert_eq!("fevga".parse::<GameKind>(), Ok(GameKind::Fevga));
/// assert_eq!(GameKind::Fevga.next(), GameKind::Portes);
/// assert_eq!(GameKind::Portes.to_string(), "portes");
/// assert_eq!("gul bara".parse::<GameKind>(), Ok(GameKind::GulBara));
/// assert_eq!("Тапа".parse::<GameKind>(), Ok(GameKind::Tapa));
/// assert_eq!(GameKind::Tapa.base(), GameKind::Plakoto);
/// assert_eq!(GameKind::Tabla.base(), GameKind::Portes);
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
    /// Тапа: Plakoto under its Bulgarian name (REGIONAL.md Part 1), the
    /// third game of the Tabla match.
    Tapa,
    /// Τσιλλιτόν: Plakoto under its Cypriot name (REGIONAL.md Part 2).
    Tsilliton,
    /// محبوسة: the Levantine pinning game (REGIONAL.md Part 3): Plakoto's
    /// moves, a pinned mother played out, the opening dice played.
    Mahbusa,
    /// Табла: Portes under its Bulgarian name (REGIONAL.md Part 5), the
    /// first game of the Tabla match.
    Tabla,
}

/// A game's name that is none of Tavli's.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error(
    "unknown game `{0}`: the games are portes, plakoto, fevga and gulbara, and tapa, tsilliton, mahbusa and tabla \
     (Plakoto's and Portes's names elsewhere)"
)]
pub struct UnknownGame(pub String);

impl GameKind {
    /// Every game with rules and code of its own, Tavli's rotation first
    /// (the games a network, a heuristic or a measurement is made for).
    /// The names played by their code are [`GameKind::NAMED`].
    pub const ALL: [GameKind; 4] = [GameKind::Portes, GameKind::Plakoto, GameKind::Fevga, GameKind::GulBara];

    /// The named rule sets: games played by another game's code
    /// ([`GameKind::base`]) under a name of their own.
    pub const NAMED: [GameKind; 4] = [GameKind::Tapa, GameKind::Tsilliton, GameKind::Mahbusa, GameKind::Tabla];

    /// Every name a game can be given: [`GameKind::ALL`], then [`GameKind::NAMED`].
    pub const EVERY: [GameKind; 8] = [
        GameKind::Portes,
        GameKind::Plakoto,
        GameKind::Fevga,
        GameKind::GulBara,
        GameKind::Tapa,
        GameKind::Tsilliton,
        GameKind::Mahbusa,
        GameKind::Tabla,
    ];

    /// The three games of Tavli in the match's rotation order.
    pub const TAVLI: [GameKind; 3] = [GameKind::Portes, GameKind::Plakoto, GameKind::Fevga];

    /// The game whose rules core and engine play this one: itself for the
    /// games of [`GameKind::ALL`], Plakoto for Tapa, Tsillitón and
    /// Mahbusa, Portes for Tabla.
    pub const fn base(self) -> GameKind {
        match self {
            GameKind::Tapa | GameKind::Tsilliton | GameKind::Mahbusa => GameKind::Plakoto,
            GameKind::Tabla => GameKind::Portes,
            GameKind::Portes | GameKind::Plakoto | GameKind::Fevga | GameKind::GulBara => self,
        }
    }

    /// Is this a named rule set over another game's code?
    pub const fn is_named(self) -> bool {
        self.base() as u8 != self as u8
    }

    /// The name used in position JSON's `game`, records and the command line.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Portes => "portes",
            GameKind::Plakoto => "plakoto",
            GameKind::Fevga => "fevga",
            GameKind::GulBara => "gulbara",
            GameKind::Tapa => "tapa",
            GameKind::Tsilliton => "tsilliton",
            GameKind::Mahbusa => "mahbusa",
            GameKind::Tabla => "tabla",
        }
    }

    /// The game's name in an English sentence: `Portes`, `Plakoto`,
    /// `Fevga`, `Gul bara`, `Tapa`, `Tsillitón`, `Mahbusa`, `Tabla`.
    pub const fn title(self) -> &'static str {
        match self {
            GameKind::Portes => "Portes",
            GameKind::Plakoto => "Plakoto",
            GameKind::Fevga => "Fevga",
            GameKind::GulBara => "Gul bara",
            GameKind::Tapa => "Tapa",
            GameKind::Tsilliton => "Tsillitón",
            GameKind::Mahbusa => "Mahbusa",
            GameKind::Tabla => "Tabla",
        }
    }

    /// The game's name in Greek: `Πόρτες`, `Πλακωτό`, `Φεύγα`, `Γκιουλ
    /// μπαρά`, `Τάπα`, `Τσιλλιτόν`, `Μαχμπούσα`, `Τάμπλα`.
    pub const fn greek_title(self) -> &'static str {
        match self {
            GameKind::Portes => "Πόρτες",
            GameKind::Plakoto => "Πλακωτό",
            GameKind::Fevga => "Φεύγα",
            GameKind::GulBara => "Γκιουλ μπαρά",
            GameKind::Tapa => "Τάπα",
            GameKind::Tsilliton => "Τσιλλιτόν",
            GameKind::Mahbusa => "Μαχμπούσα",
            GameKind::Tabla => "Τάμπλα",
        }
    }

    /// The game's name in Bulgarian, as the web page writes it:
    /// `Портес`, `Плакото`, `Февга`, `Гюлбара`, `Тапа`, `Цилитон`,
    /// `Махбуса`, `Табла` (the Bulgarian games, Tabla's three, by their
    /// own names; the others spelt as they sound).
    pub const fn bulgarian_title(self) -> &'static str {
        match self {
            GameKind::Portes => "Портес",
            GameKind::Plakoto => "Плакото",
            GameKind::Fevga => "Февга",
            GameKind::GulBara => "Гюлбара",
            GameKind::Tapa => "Тапа",
            GameKind::Tsilliton => "Цилитон",
            GameKind::Mahbusa => "Махбуса",
            GameKind::Tabla => "Табла",
        }
    }

    /// Do both sides travel the same way round (Fevga, Gul bara), rather
    /// than towards each other? Their boards are drawn with arrows, and
    /// Black's point n is White's ((n + 11) mod 24) + 1.
    pub const fn parallel(self) -> bool {
        matches!(self.base(), GameKind::Fevga | GameKind::GulBara)
    }

    /// Does a hit checker go to the bar (Portes, Tabla)?
    pub const fn has_bar(self) -> bool {
        matches!(self.base(), GameKind::Portes)
    }

    /// Does a checker landed on lie pinned (Plakoto and its names)?
    pub const fn pins(self) -> bool {
        matches!(self.base(), GameKind::Plakoto)
    }

    /// Is this game one of Tavli's three (in the rotation)?
    pub const fn in_tavli(self) -> bool {
        matches!(self, GameKind::Portes | GameKind::Plakoto | GameKind::Fevga)
    }

    /// The game after this one in a Tavli match (TAVLI.md Part 3, M1). A
    /// game outside Tavli's rotation is followed by itself (the Tabla
    /// match's rotation is [`crate::tavli::MatchGames::rotation`]'s).
    pub const fn next(self) -> GameKind {
        match self {
            GameKind::Portes => GameKind::Plakoto,
            GameKind::Plakoto => GameKind::Fevga,
            GameKind::Fevga => GameKind::Portes,
            GameKind::GulBara | GameKind::Tapa | GameKind::Tsilliton | GameKind::Mahbusa | GameKind::Tabla => self,
        }
    }

    /// Reads a game's name: the English name in any case, or the Greek one
    /// with or without its accent (`πόρτες`, `πλακωτό`, `φεύγα`); every game
    /// by its Bulgarian name, [`GameKind::bulgarian_title`] (`гюлбара`,
    /// `тапа`, `табла`, `портес`, …); Gul bara also as `gul-bara` and `gul
    /// bara`; Tsillitón with or without its accent, with one `l` or two,
    /// and in Greek (`τσιλλιτόν`); Mahbusa in Arabic (`محبوسة`) and its
    /// Levantine and Turkish spellings (`mahbousseh`, `mahbuse`, …). The one reading of a game's name:
    /// `--game`, a request's or a record's `game` (JSON reads [`GameKind`]
    /// through it), position JSON's `game`, a move list's `games` and a
    /// new match's `games` all take the names it takes. (Names are always
    /// written as [`GameKind::name`].)
    pub fn parse(text: &str) -> Result<GameKind, UnknownGame> {
        let t = text.trim().to_lowercase();
        match t.as_str() {
            "portes" | "πόρτες" | "πορτες" | "портес" => Ok(GameKind::Portes),
            "plakoto" | "πλακωτό" | "πλακωτο" | "плакото" => Ok(GameKind::Plakoto),
            "fevga" | "φεύγα" | "φευγα" | "февга" => Ok(GameKind::Fevga),
            "gulbara" | "gul-bara" | "gul bara" | "гюлбара" | "γκιουλ μπαρά" | "γκιουλ μπαρα" => {
                Ok(GameKind::GulBara)
            }
            "tapa" | "тапа" | "τάπα" | "ταπα" => Ok(GameKind::Tapa),
            "tsilliton" | "tsillitón" | "tsiliton" | "tsilitón" | "τσιλλιτόν" | "τσιλλιτον" | "τσιλιτόν"
            | "τσιλιτον" | "цилитон" => Ok(GameKind::Tsilliton),
            "mahbusa" | "محبوسة" | "mahbousseh" | "mahbouseh" | "mahbooseh" | "mahbuse" | "almahbusa" | "μαχμπούσα"
            | "μαχμπουσα" | "махбуса" => Ok(GameKind::Mahbusa),
            "tabla" | "табла" | "τάμπλα" | "ταμπλα" => Ok(GameKind::Tabla),
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
        assert!(GameKind::NAMED.iter().all(|k| !k.in_tavli() && k.next() == *k));
    }

    #[test]
    fn each_name_is_played_by_its_base_and_drawn_like_it() {
        use GameKind::*;
        assert_eq!(GameKind::EVERY[..4], GameKind::ALL);
        assert_eq!(GameKind::EVERY[4..], GameKind::NAMED);
        for k in GameKind::ALL {
            assert_eq!(k.base(), k);
            assert!(!k.is_named());
        }
        for (k, base) in [(Tapa, Plakoto), (Tsilliton, Plakoto), (Mahbusa, Plakoto), (Tabla, Portes)] {
            assert_eq!(k.base(), base);
            assert!(k.is_named());
            assert_eq!((k.parallel(), k.has_bar(), k.pins()), (base.parallel(), base.has_bar(), base.pins()));
        }
    }

    #[test]
    fn names_read_back_in_english_greek_and_bulgarian() {
        for k in GameKind::EVERY {
            assert_eq!(GameKind::parse(k.name()), Ok(k));
            assert_eq!(GameKind::parse(&k.name().to_uppercase()), Ok(k));
            assert_eq!(GameKind::parse(k.title()), Ok(k));
            assert_eq!(GameKind::parse(k.greek_title()), Ok(k));
            assert_eq!(GameKind::parse(k.bulgarian_title()), Ok(k));
            let json = serde_json::to_string(&k).unwrap();
            assert_eq!(serde_json::from_str::<GameKind>(&json).unwrap(), k);
        }
        assert_eq!(GameKind::parse("Πλακωτό"), Ok(GameKind::Plakoto));
        assert_eq!(GameKind::parse("φευγα"), Ok(GameKind::Fevga));
        for name in ["gulbara", "Gul-Bara", "gul bara", "Гюлбара"] {
            assert_eq!(GameKind::parse(name), Ok(GameKind::GulBara), "{name}");
        }
        assert!(GameKind::parse("moultezim").unwrap_err().to_string().contains("fevga and gulbara"));
        assert!(GameKind::parse("moultezim").unwrap_err().to_string().contains("tapa, tsilliton, mahbusa and tabla"));
        for (names, k) in [
            (&["Тапа", "TAPA", "Τάπα"][..], GameKind::Tapa),
            (&["табла", "Tabla", "ΤΆΜΠΛΑ"][..], GameKind::Tabla),
            (&["Τσιλλιτόν", "tsiliton", "Tsillitón", "TSILLITON"][..], GameKind::Tsilliton),
            (&["محبوسة", "Mahbousseh", "mahbuse", "MAHBUSA"][..], GameKind::Mahbusa),
        ] {
            for name in names {
                assert_eq!(GameKind::parse(name), Ok(k), "{name}");
            }
        }
        // JSON reads a name as `parse` does: one rule everywhere.
        assert_eq!(serde_json::from_str::<GameKind>("\"Portes\"").unwrap(), GameKind::Portes);
        assert_eq!(serde_json::from_str::<GameKind>("\"gul bara\"").unwrap(), GameKind::GulBara);
    }
}
