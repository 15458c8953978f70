//! What the game state machine (`game::Game`) needs of a game's positions
//! and plays, so that one state machine plays every game: Plakoto's,
//! Portes's, Fevga's and Gul bara's own types (static dispatch, no cost) and
//! [`AnyPosition`] (the game chosen at run time, as a Tavli match needs).
//! Plakoto's and Portes's types also hold the positions of their named
//! games (Tapa, Tsillitón, Mahbusa; Tabla), whose [`GamePosition::kind`]
//! is the name.
//!
//! The `_under` methods apply a match's options ([`MatchRules`]): each game
//! reads its own (Portes's scoring, Fevga's house rules, the pinning
//! games' mother and bear-off); without them a position plays by its own
//! game's rules, so Plakoto's hot path is untouched.

use std::fmt::Debug;

use super::{AnyPlay, AnyPosition, GameKind, MatchRules};
use crate::PlayError;
use crate::{Color, Dice, GameResult, Move, fevga, gulbara, portes};

/// A position of some game, as the game state machine drives it.
pub trait GamePosition: Copy + Eq + Debug + Send + Sync + 'static {
    /// The game's play.
    type Play: GamePlay<Position = Self>;
    /// Why the game's rules refuse an entered play.
    type Error: std::error::Error + Clone + PartialEq + Eq + Send + Sync + 'static;

    /// Which game this is a position of.
    fn kind(&self) -> GameKind;
    /// The side on roll.
    fn turn(&self) -> Color;
    /// The same position with `turn` on roll.
    fn with_turn(&self, turn: Color) -> Self;
    /// The start position of this position's game, White on roll.
    fn game_start(&self) -> Self;
    /// The start of a game of `kind`, White on roll, if this type holds
    /// that game's positions.
    fn start_of(kind: GameKind) -> Option<Self>;
    /// Every legal play with `dice` (a pass when none; none when over).
    fn legal_plays(&self, dice: Dice) -> Vec<Self::Play>;
    /// Reads an entered play, or says why the rules refuse it.
    fn parse_play(&self, dice: Dice, text: &str) -> Result<Self::Play, Self::Error>;
    /// Every legal play with `dice` under a match's `rules` (see
    /// [`GamePosition::legal_plays`]); the default ignores them.
    fn legal_plays_under(&self, dice: Dice, rules: &MatchRules) -> Vec<Self::Play> {
        let _ = rules;
        self.legal_plays(dice)
    }
    /// Reads an entered play under a match's `rules` (see
    /// [`GamePosition::parse_play`]); the default ignores them.
    fn parse_play_under(&self, dice: Dice, text: &str, rules: &MatchRules) -> Result<Self::Play, Self::Error> {
        let _ = rules;
        self.parse_play(dice, text)
    }
    /// What resigning now gives the opponent of `resigner`.
    fn resignation(&self, resigner: Color) -> GameResult;
    /// The checkers `color` has borne off (what count scoring reads).
    fn off(&self, color: Color) -> u8;
    /// How the game has ended, if it has (under the default rules).
    fn outcome(&self) -> Option<GameResult>;
    /// How the game has ended, if it has, under a match's `rules` (a
    /// Portes backgammon may count 3); the default ignores them.
    fn outcome_under(&self, rules: &MatchRules) -> Option<GameResult> {
        let _ = rules;
        self.outcome()
    }
    /// The game's position ID.
    fn id(&self) -> String;
    /// The dice the side on roll plays now without throwing (Gul bara's
    /// ladder stages and handed-over remainders: see
    /// [`gulbara::Position::pending_dice`]); `None`, the default, when it
    /// throws. A loop that rolls asks this first, and plays these dice
    /// instead of throwing; [`GamePosition::legal_plays`] plays them
    /// whatever dice it is given.
    fn pending_dice(&self) -> Option<Dice> {
        None
    }
    /// The position JSON (INTERFACE.md; the engine protocol's `position`).
    fn to_json_value(&self) -> serde_json::Value;
    /// The error for a play, written `notation`, that is not among this
    /// position's legal plays.
    fn not_legal(&self, notation: String) -> Self::Error;
    /// This position as a position of any game.
    fn into_any(self) -> AnyPosition;
    /// `pos` as this type's position, if it is of a game this type holds.
    fn from_any(pos: &AnyPosition) -> Option<Self>;
}

/// A play of some game, as the game state machine records it.
pub trait GamePlay: Clone + Eq + Debug + Send + Sync + 'static {
    /// The game's position.
    type Position: GamePosition;
    /// The position reached: the opponent on roll, or the final position,
    /// or (see [`GamePlay::keeps_turn`]) the mover again.
    fn position(&self) -> Self::Position;
    /// The side that made the play.
    fn mover(&self) -> Color;
    /// Is the mover on roll again after this play, the game going on? In
    /// Gul bara after a ladder's stage with the next stage to come, or
    /// after dice handed to it (it then rolls); in the other games never.
    /// Whoever values a play from the next position's side must not turn
    /// the value round then.
    fn keeps_turn(&self) -> bool {
        self.result().is_none() && self.position().turn() == self.mover()
    }
    /// How the game ended with this play, if it did.
    fn result(&self) -> Option<GameResult>;
    /// The single moves, in the mover's numbering.
    fn moves(&self) -> &[Move];
    /// The play in notation.
    fn notation(&self) -> String;
    /// This play as a play of any game.
    fn into_any(self) -> AnyPlay;
    /// `play` as this type's play, if it is of a game this type holds.
    fn from_any(play: &AnyPlay) -> Option<Self>;
}

/// Implements the traits for one game's own types by calling their
/// inherent methods of the same names; `kind` says which game a position
/// is of and `start_of` gives the start of a game, for the types that
/// hold named games too.
macro_rules! own_game {
    ($Var:ident, $Pos:ty, $Play:ty, $Err:ty, $parse:path, kind = $kind:expr, start_of = $start_of:expr $(, $under:item)*) => {
        impl GamePosition for $Pos {
            type Play = $Play;
            type Error = $Err;
            $($under)*
            fn kind(&self) -> GameKind {
                ($kind)(self)
            }
            fn turn(&self) -> Color {
                <$Pos>::turn(self)
            }
            fn with_turn(&self, turn: Color) -> Self {
                <$Pos>::with_turn(self, turn)
            }
            fn game_start(&self) -> Self {
                Self::start_of(self.kind()).unwrap_or_else(<$Pos>::start)
            }
            fn start_of(kind: GameKind) -> Option<Self> {
                ($start_of)(kind)
            }
            fn legal_plays(&self, dice: Dice) -> Vec<$Play> {
                <$Pos>::legal_plays(self, dice)
            }
            fn parse_play(&self, dice: Dice, text: &str) -> Result<$Play, $Err> {
                $parse(self, dice, text)
            }
            fn resignation(&self, resigner: Color) -> GameResult {
                <$Pos>::resignation(self, resigner)
            }
            fn off(&self, color: Color) -> u8 {
                <$Pos>::off(self, color)
            }
            fn outcome(&self) -> Option<GameResult> {
                <$Pos>::outcome(self)
            }
            fn id(&self) -> String {
                <$Pos>::id(self)
            }
            fn to_json_value(&self) -> serde_json::Value {
                <$Pos>::to_json_value(self)
            }
            fn not_legal(&self, notation: String) -> $Err {
                <$Err>::NotLegal(notation)
            }
            fn into_any(self) -> AnyPosition {
                AnyPosition::$Var(self)
            }
            fn from_any(pos: &AnyPosition) -> Option<Self> {
                if let AnyPosition::$Var(p) = pos { Some(*p) } else { None }
            }
        }

        impl GamePlay for $Play {
            type Position = $Pos;
            fn position(&self) -> $Pos {
                *<$Play>::position(self)
            }
            fn result(&self) -> Option<GameResult> {
                <$Play>::result(self)
            }
            fn moves(&self) -> &[Move] {
                <$Play>::moves(self)
            }
            fn mover(&self) -> Color {
                <$Play>::mover(self)
            }
            fn notation(&self) -> String {
                <$Play>::notation(self)
            }
            fn into_any(self) -> AnyPlay {
                AnyPlay::$Var(self)
            }
            fn from_any(play: &AnyPlay) -> Option<Self> {
                if let AnyPlay::$Var(p) = play { Some(*p) } else { None }
            }
        }
    };
}

own_game!(
    Plakoto,
    crate::Position,
    crate::Play,
    crate::PlayError,
    crate::parse_play,
    kind = |p: &crate::Position| p.game(),
    start_of = crate::Position::start_of,
    fn legal_plays_under(&self, dice: Dice, rules: &MatchRules) -> Vec<crate::Play> {
        self.legal_plays_with(dice, &rules.plakoto_for(self.game()))
    },
    fn parse_play_under(&self, dice: Dice, text: &str, rules: &MatchRules) -> Result<crate::Play, crate::PlayError> {
        crate::parse_play_with(self, dice, text, &rules.plakoto_for(self.game()))
    },
    fn outcome_under(&self, rules: &MatchRules) -> Option<GameResult> {
        self.outcome_with(&rules.plakoto_for(self.game()))
    }
);
own_game!(
    Portes,
    portes::Position,
    portes::Play,
    portes::PlayError,
    portes::parse_play,
    kind = |p: &portes::Position| p.game(),
    start_of = portes::Position::start_of,
    fn legal_plays_under(&self, dice: Dice, rules: &MatchRules) -> Vec<portes::Play> {
        self.legal_plays_with(dice, &rules.portes)
    },
    fn parse_play_under(&self, dice: Dice, text: &str, rules: &MatchRules) -> Result<portes::Play, portes::PlayError> {
        portes::parse_play_with(self, dice, text, &rules.portes)
    },
    fn outcome_under(&self, rules: &MatchRules) -> Option<GameResult> {
        self.outcome_with(&rules.portes)
    }
);
own_game!(
    Fevga,
    fevga::Position,
    fevga::Play,
    fevga::PlayError,
    fevga::parse_play,
    kind = |_: &fevga::Position| GameKind::Fevga,
    start_of = |kind| (kind == GameKind::Fevga).then(fevga::Position::start),
    fn legal_plays_under(&self, dice: Dice, rules: &MatchRules) -> Vec<fevga::Play> {
        self.legal_plays_with(dice, &rules.fevga)
    },
    fn parse_play_under(&self, dice: Dice, text: &str, rules: &MatchRules) -> Result<fevga::Play, fevga::PlayError> {
        fevga::parse_play_with(self, dice, text, &rules.fevga)
    }
);
own_game!(
    GulBara,
    gulbara::Position,
    gulbara::Play,
    gulbara::PlayError,
    gulbara::parse_play,
    kind = |_: &gulbara::Position| GameKind::GulBara,
    start_of = |kind| (kind == GameKind::GulBara).then(gulbara::Position::start),
    fn pending_dice(&self) -> Option<Dice> {
        gulbara::Position::pending_dice(self)
    }
);

impl GamePosition for AnyPosition {
    type Play = AnyPlay;
    type Error = PlayError;
    fn kind(&self) -> GameKind {
        AnyPosition::kind(self)
    }
    fn turn(&self) -> Color {
        AnyPosition::turn(self)
    }
    fn with_turn(&self, turn: Color) -> Self {
        AnyPosition::with_turn(self, turn)
    }
    fn game_start(&self) -> Self {
        AnyPosition::start(self.kind())
    }
    fn start_of(kind: GameKind) -> Option<Self> {
        Some(AnyPosition::start(kind))
    }
    fn legal_plays(&self, dice: Dice) -> Vec<AnyPlay> {
        AnyPosition::legal_plays(self, dice)
    }
    fn pending_dice(&self) -> Option<Dice> {
        AnyPosition::pending_dice(self)
    }
    fn parse_play(&self, dice: Dice, text: &str) -> Result<AnyPlay, PlayError> {
        AnyPosition::parse_play(self, dice, text)
    }
    fn legal_plays_under(&self, dice: Dice, rules: &MatchRules) -> Vec<AnyPlay> {
        match self {
            AnyPosition::Portes(p) => p.legal_plays_under(dice, rules).into_iter().map(AnyPlay::Portes).collect(),
            AnyPosition::Plakoto(p) => p.legal_plays_under(dice, rules).into_iter().map(AnyPlay::Plakoto).collect(),
            AnyPosition::Fevga(p) => p.legal_plays_under(dice, rules).into_iter().map(AnyPlay::Fevga).collect(),
            AnyPosition::GulBara(p) => p.legal_plays_under(dice, rules).into_iter().map(AnyPlay::GulBara).collect(),
        }
    }
    fn parse_play_under(&self, dice: Dice, text: &str, rules: &MatchRules) -> Result<AnyPlay, PlayError> {
        match self {
            AnyPosition::Portes(p) => p.parse_play_under(dice, text, rules).map(AnyPlay::Portes),
            AnyPosition::Plakoto(p) => p.parse_play_under(dice, text, rules).map(AnyPlay::Plakoto),
            AnyPosition::Fevga(p) => p.parse_play_under(dice, text, rules).map(AnyPlay::Fevga),
            AnyPosition::GulBara(p) => p.parse_play_under(dice, text, rules).map(AnyPlay::GulBara),
        }
    }
    fn resignation(&self, resigner: Color) -> GameResult {
        AnyPosition::resignation(self, resigner)
    }
    fn off(&self, color: Color) -> u8 {
        AnyPosition::off(self, color)
    }
    fn outcome(&self) -> Option<GameResult> {
        AnyPosition::outcome(self)
    }
    fn outcome_under(&self, rules: &MatchRules) -> Option<GameResult> {
        match self {
            AnyPosition::Portes(p) => p.outcome_under(rules),
            AnyPosition::Plakoto(p) => p.outcome_under(rules),
            AnyPosition::Fevga(p) => p.outcome_under(rules),
            AnyPosition::GulBara(p) => p.outcome_under(rules),
        }
    }
    fn id(&self) -> String {
        AnyPosition::id(self)
    }
    fn to_json_value(&self) -> serde_json::Value {
        AnyPosition::to_json_value(self)
    }
    fn not_legal(&self, notation: String) -> PlayError {
        match self {
            AnyPosition::Portes(p) => p.not_legal(notation),
            AnyPosition::Plakoto(p) => p.not_legal(notation),
            AnyPosition::Fevga(p) => p.not_legal(notation),
            AnyPosition::GulBara(p) => p.not_legal(notation),
        }
    }
    fn into_any(self) -> AnyPosition {
        self
    }
    fn from_any(pos: &AnyPosition) -> Option<Self> {
        Some(*pos)
    }
}

impl GamePlay for AnyPlay {
    type Position = AnyPosition;
    fn position(&self) -> AnyPosition {
        AnyPlay::position(self)
    }
    fn result(&self) -> Option<GameResult> {
        AnyPlay::result(self)
    }
    fn moves(&self) -> &[Move] {
        AnyPlay::moves(self)
    }
    fn mover(&self) -> Color {
        AnyPlay::mover(self)
    }
    fn notation(&self) -> String {
        AnyPlay::notation(self)
    }
    fn into_any(self) -> AnyPlay {
        self
    }
    fn from_any(play: &AnyPlay) -> Option<Self> {
        Some(play.clone())
    }
}
