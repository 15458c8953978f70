//! A position or a play of any of Tavli's games: the value that front ends,
//! the store and the service pass around, with each game's own types (and
//! move generator) inside.

use std::fmt;

use serde_json::Value;

use super::{GameKind, GamePosition, MatchRules, UnknownGame};
use crate::{Color, Dice, GameResult, Move, PlayError, fevga, gulbara, portes};

/// Calls the same method on whichever game's value is inside.
macro_rules! each {
    ($value:expr, $Enum:ident, $inner:ident => $body:expr) => {
        match $value {
            $Enum::Portes($inner) => $body,
            $Enum::Plakoto($inner) => $body,
            $Enum::Fevga($inner) => $body,
            $Enum::GulBara($inner) => $body,
        }
    };
}

/// A position of one of Tavli's games. Each game keeps its own compact
/// representation; this enum is what code that serves every game holds.
/// A named game's position is its base's, carrying the name
/// ([`AnyPosition::kind`]): a Tapa position is `Plakoto(p)` with
/// `p.game()` Tapa, a Tabla position `Portes(p)`.
///
/// ```
/// use tavli_core::Dice;
/// use tavli_core::tavli::{AnyPosition, GameKind};
/// let start = AnyPosition::start(GameKind::Portes);
/// assert_eq!(start.kind(), GameKind::Portes);
/// assert_eq!(start.legal_plays(Dice::new(3, 1).unwrap()).len(), 16);
/// let back = AnyPosition::parse(&start.to_json(), None).unwrap();
/// assert_eq!(back, start);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum AnyPosition {
    /// A Portes (or Tabla) position.
    Portes(portes::Position),
    /// A Plakoto (or Tapa, Tsillitón, Mahbusa) position.
    Plakoto(crate::Position),
    /// A Fevga position.
    Fevga(fevga::Position),
    /// A Gul bara position.
    GulBara(gulbara::Position),
}

/// A legal play of one of Tavli's games: its moves and the position reached.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum AnyPlay {
    /// A Portes (or Tabla) play (moves may hit).
    Portes(portes::Play),
    /// A Plakoto (or Tapa, Tsillitón, Mahbusa) play (moves may pin).
    Plakoto(crate::Play),
    /// A Fevga play (nothing is hit or pinned).
    Fevga(fevga::Play),
    /// A Gul bara play: one decision (a roll, or one stage of a ladder).
    GulBara(gulbara::Play),
}

impl From<crate::Position> for AnyPosition {
    fn from(p: crate::Position) -> AnyPosition {
        AnyPosition::Plakoto(p)
    }
}

impl From<portes::Position> for AnyPosition {
    fn from(p: portes::Position) -> AnyPosition {
        AnyPosition::Portes(p)
    }
}

impl From<fevga::Position> for AnyPosition {
    fn from(p: fevga::Position) -> AnyPosition {
        AnyPosition::Fevga(p)
    }
}

impl From<gulbara::Position> for AnyPosition {
    fn from(p: gulbara::Position) -> AnyPosition {
        AnyPosition::GulBara(p)
    }
}

impl AnyPosition {
    /// The start of a game of `kind`, White on roll.
    ///
    /// ```
    /// use tavli_core::tavli::{AnyPosition, GameKind};
    /// let tapa = AnyPosition::start(GameKind::Tapa);
    /// assert_eq!(tapa.kind(), GameKind::Tapa);
    /// assert_eq!(tapa.to_json(), r#"{"game":"tapa","turn":"white","board":{"24":15,"1":-15},"pinned":{},"off":{"white":0,"black":0}}"#);
    /// ```
    pub const fn start(kind: GameKind) -> AnyPosition {
        match kind {
            GameKind::Portes | GameKind::Tabla => AnyPosition::Portes(portes::Position::start_named(kind)),
            GameKind::Plakoto | GameKind::Tapa | GameKind::Tsilliton | GameKind::Mahbusa => {
                AnyPosition::Plakoto(crate::Position::start_named(kind))
            }
            GameKind::Fevga => AnyPosition::Fevga(fevga::Position::start()),
            GameKind::GulBara => AnyPosition::GulBara(gulbara::Position::start()),
        }
    }

    /// Which game this is a position of (a named game's name, not its base).
    pub const fn kind(&self) -> GameKind {
        match self {
            AnyPosition::Portes(p) => p.game(),
            AnyPosition::Plakoto(p) => p.game(),
            AnyPosition::Fevga(_) => GameKind::Fevga,
            AnyPosition::GulBara(_) => GameKind::GulBara,
        }
    }

    /// The same board as a position of `game`, if the same code plays it
    /// (Plakoto's board as Tapa's, Portes's as Tabla's).
    ///
    /// ```
    /// use tavli_core::tavli::{AnyPosition, GameKind};
    /// let plakoto = AnyPosition::start(GameKind::Plakoto);
    /// assert_eq!(plakoto.as_game(GameKind::Mahbusa), Some(AnyPosition::start(GameKind::Mahbusa)));
    /// assert_eq!(plakoto.as_game(GameKind::Tabla), None);
    /// ```
    pub fn as_game(&self, game: GameKind) -> Option<AnyPosition> {
        match self {
            AnyPosition::Portes(p) => p.as_game(game).map(AnyPosition::Portes),
            AnyPosition::Plakoto(p) => p.as_game(game).map(AnyPosition::Plakoto),
            other => (other.kind() == game).then_some(*other),
        }
    }

    /// The side on roll.
    pub fn turn(&self) -> Color {
        each!(self, AnyPosition, p => p.turn())
    }

    /// The same position with `turn` on roll.
    pub fn with_turn(&self, turn: Color) -> AnyPosition {
        each!(self, AnyPosition, p => p.with_turn(turn).into())
    }

    /// Every legal play with `dice`, one per distinct resulting position; a
    /// roll that cannot be played gives the single pass, a finished game none.
    pub fn legal_plays(&self, dice: Dice) -> Vec<AnyPlay> {
        match self {
            AnyPosition::Portes(p) => p.legal_plays(dice).into_iter().map(AnyPlay::Portes).collect(),
            AnyPosition::Plakoto(p) => p.legal_plays(dice).into_iter().map(AnyPlay::Plakoto).collect(),
            AnyPosition::Fevga(p) => p.legal_plays(dice).into_iter().map(AnyPlay::Fevga).collect(),
            AnyPosition::GulBara(p) => p.legal_plays(dice).into_iter().map(AnyPlay::GulBara).collect(),
        }
    }

    /// The game's roll counter, where it has one (Gul bara: the number of
    /// the game's next roll, which says whether doublets ladder).
    pub fn roll_counter(&self) -> Option<u16> {
        match self {
            AnyPosition::GulBara(p) => Some(p.roll()),
            _ => None,
        }
    }

    /// What the side on roll plays before it rolls (Gul bara's ladder's
    /// next stages, or a remainder handed to it).
    pub fn pending(&self) -> Option<gulbara::Pending> {
        match self {
            AnyPosition::GulBara(p) => p.pending(),
            _ => None,
        }
    }

    /// Every distinct whole play of the turn with `dice`, if there are at
    /// most `limit`, else how many there are: in Gul bara a ladder's whole
    /// plays, all its stages (see [`gulbara::Position::turn_plays`]); in
    /// the other games, where a turn is one decision, its legal plays.
    ///
    /// ```
    /// use tavli_core::Dice;
    /// use tavli_core::tavli::{AnyPosition, GameKind};
    /// let fourth = AnyPosition::parse(r#"{"game":"gulbara","turn":"white","board":{"24":15,"12":-15},"roll":4}"#, None).unwrap();
    /// let whole = fourth.whole_plays(Dice::new(5, 5).unwrap(), 100).unwrap();
    /// assert_eq!(whole.len(), 44);
    /// assert!(whole.iter().any(|w| w.notation == "24/19/14/9/4 | 24/18(4)"));
    /// assert_eq!(fourth.whole_plays(Dice::new(1, 1).unwrap(), 100).unwrap_err().plays, 3_227_824);
    /// ```
    pub fn whole_plays(&self, dice: Dice, limit: usize) -> Result<Vec<WholePlay>, gulbara::TooManyPlays> {
        match self {
            AnyPosition::GulBara(p) => Ok(p
                .turn_plays(dice, limit)?
                .iter()
                .map(|t| WholePlay {
                    moves: t.moves().to_vec(),
                    notation: t.notation(),
                    position: (*t.position()).into(),
                    result: t.result(),
                })
                .collect()),
            _ => Ok(self
                .legal_plays(dice)
                .iter()
                .map(|p| WholePlay {
                    moves: p.moves().to_vec(),
                    notation: p.notation(),
                    position: p.position(),
                    result: p.result(),
                })
                .collect()),
        }
    }

    /// The dice the side on roll plays now without throwing (Gul bara's
    /// pending stage); `None` when it throws.
    pub fn pending_dice(&self) -> Option<Dice> {
        match self {
            AnyPosition::GulBara(p) => p.pending_dice(),
            _ => None,
        }
    }

    /// Reads an entered play in the mover's numbering, with the rules'
    /// reason when it is not legal.
    pub fn parse_play(&self, dice: Dice, text: &str) -> Result<AnyPlay, PlayError> {
        match self {
            AnyPosition::Portes(p) => portes::parse_play(p, dice, text).map(AnyPlay::Portes),
            AnyPosition::Plakoto(p) => crate::parse_play(p, dice, text).map(AnyPlay::Plakoto),
            AnyPosition::Fevga(p) => fevga::parse_play(p, dice, text).map(AnyPlay::Fevga),
            AnyPosition::GulBara(p) => gulbara::parse_play(p, dice, text).map(AnyPlay::GulBara),
        }
    }

    /// The legal play that the single `moves` make (from, to in the
    /// mover's numbering; 25 is Portes's bar, 0 is off; none for a pass)
    /// under a match's `rules`, or why they make none. Plakoto's answer is
    /// [`crate::play_of_moves`]'s; Portes's and Fevga's come from their
    /// notation (the moves written as `bar/19 13/7`), whose reasons name
    /// the fault the same way.
    ///
    /// ```
    /// use tavli_core::tavli::{AnyPosition, GameKind, MatchRules};
    /// use tavli_core::{Dice, Move};
    /// let p = AnyPosition::start(GameKind::Portes);
    /// let d = Dice::new(6, 5).unwrap();
    /// let rules = MatchRules::tavli();
    /// let play = p.play_of_moves_under(d, &[Move::new(24, 18), Move::new(18, 13)], &rules).unwrap();
    /// assert_eq!(play.notation(), "24/18/13");
    /// assert!(p.play_of_moves_under(d, &[Move::new(24, 18)], &rules).is_err());
    /// ```
    pub fn play_of_moves_under(&self, dice: Dice, moves: &[Move], rules: &MatchRules) -> Result<AnyPlay, PlayError> {
        if let AnyPosition::Plakoto(p) = self {
            let own = rules.plakoto_for(p.game());
            return crate::play_of_moves_with(p, dice, moves, &own).map(AnyPlay::Plakoto);
        }
        let point = |n: u8, from: bool| match n {
            25 if from && self.kind().has_bar() => "bar".to_string(),
            0 if !from => "off".to_string(),
            n => n.to_string(),
        };
        let text = if moves.is_empty() {
            "pass".to_string()
        } else {
            moves
                .iter()
                .map(|m| format!("{}/{}", point(m.from, true), point(m.to, false)))
                .collect::<Vec<_>>()
                .join(" ")
        };
        GamePosition::parse_play_under(self, dice, &text, rules)
    }

    /// How the game has ended, if it has, under its game's own rules.
    pub fn outcome(&self) -> Option<GameResult> {
        each!(self, AnyPosition, p => p.outcome())
    }

    /// What resigning now gives the opponent of `resigner` (TAVLI.md Part 3).
    pub fn resignation(&self, resigner: Color) -> GameResult {
        each!(self, AnyPosition, p => p.resignation(resigner))
    }

    /// The side's pip count.
    pub fn pips(&self, color: Color) -> u32 {
        each!(self, AnyPosition, p => p.pips(color))
    }

    /// The side's borne-off checkers.
    pub fn off(&self, color: Color) -> u8 {
        each!(self, AnyPosition, p => p.off(color))
    }

    /// `side`'s own point `point` in White's numbering (the numbering of
    /// position JSON and of the accessors below): `25 − n` for Black in
    /// Portes and Plakoto (and their names), Fevga's (and Gul bara's)
    /// rotated S(n) (TAVLI.md Part 3b).
    ///
    /// ```
    /// use tavli_core::Color;
    /// use tavli_core::tavli::{AnyPosition, GameKind};
    /// assert_eq!(AnyPosition::start(GameKind::Portes).white_point(Color::Black, 24), 1);
    /// assert_eq!(AnyPosition::start(GameKind::Fevga).white_point(Color::Black, 24), 12);
    /// ```
    pub fn white_point(&self, side: Color, point: u8) -> u8 {
        match self {
            AnyPosition::Fevga(_) | AnyPosition::GulBara(_) => fevga::white_point(side, point),
            _ => side.to_white_numbering(point),
        }
    }

    /// Checkers of `color` on `point` (White's numbering), pinned or not.
    pub fn checkers(&self, color: Color, point: u8) -> u8 {
        each!(self, AnyPosition, p => p.checkers(color, point))
    }

    /// The side whose checkers stand free on `point` (White's numbering)
    /// and how many: in Plakoto a pinned checker lies under them.
    pub fn top(&self, point: u8) -> Option<(Color, u8)> {
        match self {
            AnyPosition::Portes(p) => p.top(point),
            AnyPosition::Plakoto(p) => p.top(point),
            AnyPosition::Fevga(p) => p.on(point),
            AnyPosition::GulBara(p) => p.on(point),
        }
    }

    /// The colour of the checker pinned on `point` (White's numbering);
    /// only Plakoto (and its names) pins.
    pub fn pinned(&self, point: u8) -> Option<Color> {
        match self {
            AnyPosition::Plakoto(p) => p.pinned(point),
            _ => None,
        }
    }

    /// `color`'s checkers on the bar; only Portes (and Tabla) hits.
    pub fn bar(&self, color: Color) -> u8 {
        match self {
            AnyPosition::Portes(p) => p.bar(color),
            _ => 0,
        }
    }

    /// The game's own position ID (Plakoto's as before; `p.…` for Portes,
    /// `tapa.…`, `tabla.…` for the named games).
    pub fn id(&self) -> String {
        each!(self, AnyPosition, p => p.id())
    }

    /// The position JSON of INTERFACE.md; Plakoto's has no `game` field,
    /// as before Tavli, the others (named games too) name their game.
    pub fn to_json(&self) -> String {
        each!(self, AnyPosition, p => p.to_json())
    }

    /// The position JSON as a value.
    pub fn to_json_value(&self) -> Value {
        each!(self, AnyPosition, p => p.to_json_value())
    }

    /// The number of leaves `depth` plies down (INTERFACE.md's perft).
    pub fn perft(&self, depth: u32) -> u64 {
        match self {
            AnyPosition::Portes(p) => portes::perft(p, depth),
            AnyPosition::Plakoto(p) => crate::plakoto::perft(p, depth),
            AnyPosition::Fevga(p) => fevga::perft(p, depth),
            AnyPosition::GulBara(p) => gulbara::perft(p, depth),
        }
    }

    /// The number of leaves `depth` plies down on `threads` threads, every
    /// leaf built when `built` (Plakoto and Portes; `None` for Fevga and
    /// Gul bara, whose perft counts the last ply's plays without building
    /// them).
    pub fn perft_parallel(&self, depth: u32, threads: usize, built: bool) -> Option<u64> {
        let leaves = if built { crate::Leaves::Built } else { crate::Leaves::Counted };
        match self {
            AnyPosition::Portes(p) => Some(portes::perft_parallel_with_leaves(p, depth, threads, leaves)),
            AnyPosition::Plakoto(p) => Some(crate::perft_parallel_with_leaves(p, depth, threads, leaves)),
            AnyPosition::Fevga(_) if built => None,
            AnyPosition::Fevga(p) => Some(fevga::perft_parallel(p, depth, threads, &fevga::FevgaRules::default())),
            AnyPosition::GulBara(_) if built => None,
            AnyPosition::GulBara(p) => Some(gulbara::perft_parallel(p, depth, threads)),
        }
    }

    /// Reads position JSON of any game: its `game` field says which (absent
    /// means Plakoto, TAVLI.md Part 3b); a named game's is read by its
    /// base's reader, which keeps the name.
    pub fn from_json(text: &str) -> Result<AnyPosition, String> {
        let kind = json_game(text)?;
        match kind.unwrap_or_default().base() {
            GameKind::Portes => portes::Position::from_json(text).map(Into::into).map_err(|e| e.to_string()),
            GameKind::Plakoto => crate::Position::from_json(text).map(Into::into).map_err(|e| e.to_string()),
            GameKind::Fevga => fevga::Position::from_json(text).map(Into::into).map_err(|e| e.to_string()),
            GameKind::GulBara => gulbara::Position::from_json(text).map(Into::into).map_err(|e| e.to_string()),
            named => Err(format!("{} is played by another game's code", named.title())),
        }
    }

    /// Reads a position as the command line and the APIs take it: `start`
    /// (of `game`, Plakoto's without it), position JSON (its `game` field
    /// decides, and must agree with `game` when both are given), or a
    /// position ID: `p.…` Portes, `f.…` Fevga (or TAVLI.md's diagram), `g.…`
    /// Gul bara (or REGIONAL.md's diagram), `tapa.…`, `tsilliton.…`,
    /// `mahbusa.…`, `tabla.…` the named games, Plakoto's otherwise, and
    /// with `game` Portes or Tabla also GNU Backgammon's position ID (White
    /// on roll). With `game` a named game, a position of its base without
    /// a name of its own (`start`, a plain Plakoto ID or JSON without
    /// `game`) is taken as that game's: `tavli moves --game tapa ID`.
    ///
    /// ```
    /// use tavli_core::tavli::{AnyPosition, GameKind};
    /// let portes = AnyPosition::parse("start", Some(GameKind::Portes)).unwrap();
    /// assert_eq!(AnyPosition::parse("4HPwATDgc/ABMA", Some(GameKind::Portes)).unwrap(), portes);
    /// assert_eq!(AnyPosition::parse(&portes.id(), None).unwrap(), portes);
    /// let err = AnyPosition::parse(&portes.to_json(), Some(GameKind::Plakoto)).unwrap_err();
    /// assert!(err.contains("a Portes position"), "{err}");
    /// ```
    pub fn parse(text: &str, game: Option<GameKind>) -> Result<AnyPosition, String> {
        let t = text.trim();
        let pos = if t.eq_ignore_ascii_case("start") {
            AnyPosition::start(game.unwrap_or_default())
        } else if t.starts_with('{') {
            AnyPosition::from_json(t)?
        } else if let Some((named, _)) = GameKind::NAMED
            .into_iter()
            .find_map(|g| crate::codec::id::name_marker(g).filter(|m| t.starts_with(m)).map(|m| (g, m)))
        {
            match named.base() {
                GameKind::Portes => portes::Position::from_id(t).map_err(|e| e.to_string())?.into(),
                _ => crate::Position::from_id(t).map_err(|e| e.to_string())?.into(),
            }
        } else if t.starts_with("p.") {
            portes::Position::from_id(t).map_err(|e| e.to_string())?.into()
        } else if t.starts_with(fevga::ID_PREFIX) {
            fevga::Position::from_id(t).map_err(|e| e.to_string())?.into()
        } else if t.starts_with("fevga ") {
            fevga::parse_position(t)?.into()
        } else if t.starts_with(gulbara::ID_PREFIX) || t.starts_with("gulbara ") {
            gulbara::parse_position(t)?.into()
        } else if game.is_some_and(GameKind::has_bar) {
            portes::parse_position(t)?.into()
        } else {
            crate::parse_position(t)?.into()
        };
        // A base game's position without a name of its own, asked for as a
        // named game's, is that game's (the same board, the same code).
        let pos = match game {
            Some(g) if g.is_named() && pos.kind() == g.base() => pos.as_game(g).unwrap_or(pos),
            _ => pos,
        };
        match game {
            Some(g) if g != pos.kind() => {
                Err(format!("this is a {} position, and {} was asked for", pos.kind().title(), g.title()))
            }
            _ => Ok(pos),
        }
    }
}

/// The `game` field of position JSON, if it has one. Only the top level is
/// looked at, and the full parse of the chosen game names any other fault;
/// a `game` given twice or null is refused for that, and a name is read as
/// every game's name is ([`GameKind::parse`]).
fn json_game(text: &str) -> Result<Option<GameKind>, String> {
    use crate::codec::json::{GameFault, entries, named_game};
    // Not an object, or broken JSON: Plakoto's parser words the fault, as
    // it did before Tavli.
    let Some(top) = entries(text) else { return Ok(None) };
    named_game(&top).map_err(|fault| match fault {
        GameFault::Said(why) => why,
        GameFault::Unknown(raw) => match serde_json::from_str::<Value>(raw.get()) {
            Ok(Value::String(s)) => UnknownGame(crate::quote::excerpt_of(&s, 30)).to_string(),
            _ => format!(
                "`game` must be a string (\"portes\", \"plakoto\", \"fevga\", \"gulbara\", or a name: \"tapa\", \"tsilliton\", \
                 \"mahbusa\", \"tabla\"), got {}",
                crate::quote::excerpt_of(raw.get(), 30)
            ),
        },
    })
}

impl fmt::Display for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        each!(self, AnyPosition, p => fmt::Display::fmt(p, f))
    }
}

impl serde::Serialize for AnyPosition {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        each!(self, AnyPosition, p => p.serialize(s))
    }
}

impl<'de> serde::Deserialize<'de> for AnyPosition {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<AnyPosition, D::Error> {
        let v = Value::deserialize(d)?;
        AnyPosition::from_json(&v.to_string()).map_err(serde::de::Error::custom)
    }
}

/// A whole turn's play of any game, as it is listed ([`AnyPosition::whole_plays`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WholePlay {
    /// Every single move, in the mover's numbering.
    pub moves: Vec<Move>,
    /// The play in its game's notation (Gul bara's stages separated by `|`).
    pub notation: String,
    /// The position reached (in Gul bara with any remainder handed over).
    pub position: AnyPosition,
    /// The result, when the play ends the game.
    pub result: Option<GameResult>,
}

impl AnyPlay {
    /// Which game this is a play of (a named game's name, not its base).
    pub fn kind(&self) -> GameKind {
        self.position().kind()
    }

    /// The single moves, in the mover's numbering (`from` 25 is Portes's
    /// bar, `to` 0 is off).
    pub fn moves(&self) -> &[Move] {
        each!(self, AnyPlay, p => p.moves())
    }

    /// The position the play reaches, the opponent on roll.
    pub fn position(&self) -> AnyPosition {
        each!(self, AnyPlay, p => (*p.position()).into())
    }

    /// How the game ended with this play, if it did.
    pub fn result(&self) -> Option<GameResult> {
        each!(self, AnyPlay, p => p.result())
    }

    /// The side that made the play.
    pub fn mover(&self) -> Color {
        each!(self, AnyPlay, p => p.mover())
    }

    /// Whether the roll could not be played.
    pub fn is_pass(&self) -> bool {
        each!(self, AnyPlay, p => p.is_pass())
    }

    /// The play in its game's notation, in `reader`'s numbering (the
    /// mover's own when `reader` is the mover).
    pub fn notation_for(&self, reader: Color) -> String {
        each!(self, AnyPlay, p => p.notation_for(reader))
    }

    /// The play in notation, in the mover's numbering.
    pub fn notation(&self) -> String {
        each!(self, AnyPlay, p => p.notation())
    }
}

impl fmt::Display for AnyPlay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        each!(self, AnyPlay, p => fmt::Display::fmt(p, f))
    }
}
