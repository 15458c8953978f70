//! What a match plays, game after game: the Tavli rotation, the Tabla
//! rotation or one game, who starts each game, and the match options that
//! change the rules (TAVLI.md Part 3, REGIONAL.md Parts 1–5, and the
//! options their Decisions name). No state: the match asks these rules
//! after each game.

use serde::{Deserialize, Serialize};

use super::GameKind;
use crate::fevga::FevgaRules;
use crate::plakoto::PlakotoRules;
use crate::portes::PortesRules;
use crate::{Color, GameResult};

/// Which games a match plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatchGames {
    /// A Tavli match: Portes, Plakoto, Fevga and round again (TAVLI.md Part 3).
    Tavli,
    /// The Bulgarian Tabla match: Tabla, Gul bara, Tapa and round again
    /// (REGIONAL.md Part 5).
    Tabla,
    /// Every game of the match is this game (Plakoto's matches before Tavli).
    Only(GameKind),
}

/// A match of Plakoto alone, as every match before Tavli.
impl Default for MatchGames {
    fn default() -> MatchGames {
        MatchGames::Only(GameKind::Plakoto)
    }
}

/// The Tabla match's rotation (REGIONAL.md Part 5, BT1).
const TABLA: [GameKind; 3] = [GameKind::Tabla, GameKind::GulBara, GameKind::Tapa];

impl MatchGames {
    /// `tavli`, `tabla` (the Tabla match), or the one game's name
    /// (`portes`, `plakoto`, `mahbusa`, …); a match of Tabla games alone
    /// is `tabla-only`, since `tabla` names the match.
    pub fn name(self) -> &'static str {
        match self {
            MatchGames::Tavli => "tavli",
            MatchGames::Tabla => "tabla",
            MatchGames::Only(GameKind::Tabla) => "tabla-only",
            MatchGames::Only(g) => g.name(),
        }
    }

    /// The match's name in an English sentence: `Tavli`, `Tabla`, or the
    /// one game's title.
    pub fn title(self) -> &'static str {
        match self {
            MatchGames::Tavli => "Tavli",
            MatchGames::Tabla => "Tabla",
            MatchGames::Only(g) => g.title(),
        }
    }

    /// Reads `tavli`, `tabla` (the Tabla match; in Bulgarian `табла`),
    /// `tabla-only` (Tabla games alone) or a game's name (as
    /// [`GameKind::parse`] does).
    pub fn parse(text: &str) -> Result<MatchGames, String> {
        let t = text.trim().to_lowercase();
        match t.as_str() {
            "tavli" | "τάβλι" | "ταβλι" => return Ok(MatchGames::Tavli),
            "tabla" | "табла" | "τάμπλα" | "ταμπλα" => return Ok(MatchGames::Tabla),
            "tabla-only" => return Ok(MatchGames::Only(GameKind::Tabla)),
            _ => {}
        }
        GameKind::parse(text).map(MatchGames::Only).map_err(|_| {
            format!(
                "unknown match `{}`: use tavli, tabla, portes, plakoto, fevga or gulbara, or tapa, tsilliton, \
                 mahbusa or tabla-only",
                crate::quote::excerpt_of(text, 30)
            )
        })
    }

    /// The games in the order they are played, round again after the last:
    /// Portes, Plakoto, Fevga; Tabla, Gul bara, Tapa; or the one game.
    ///
    /// ```
    /// use tavli_core::tavli::{GameKind, MatchGames};
    /// assert_eq!(MatchGames::Tabla.rotation(), [GameKind::Tabla, GameKind::GulBara, GameKind::Tapa]);
    /// assert_eq!(MatchGames::Only(GameKind::Mahbusa).rotation(), [GameKind::Mahbusa]);
    /// ```
    pub fn rotation(self) -> Vec<GameKind> {
        match self {
            MatchGames::Tavli => GameKind::TAVLI.to_vec(),
            MatchGames::Tabla => TABLA.to_vec(),
            MatchGames::Only(g) => vec![g],
        }
    }

    /// The game of the match that `base`'s code plays (Tapa for Plakoto's
    /// code in a Tabla match, Mahbusa in a Mahbusa match), or `base`
    /// itself when the match plays none: what the engine, which plays by
    /// a base game's code, names the game being played.
    ///
    /// ```
    /// use tavli_core::tavli::{GameKind, MatchGames};
    /// assert_eq!(MatchGames::Tabla.played_by(GameKind::Plakoto), GameKind::Tapa);
    /// assert_eq!(MatchGames::Tavli.played_by(GameKind::Plakoto), GameKind::Plakoto);
    /// assert_eq!(MatchGames::Only(GameKind::Mahbusa).played_by(GameKind::Plakoto), GameKind::Mahbusa);
    /// ```
    pub fn played_by(self, base: GameKind) -> GameKind {
        self.rotation().into_iter().find(|g| g.base() == base).unwrap_or(base)
    }

    /// Does the match play games of `game`?
    pub fn plays(self, game: GameKind) -> bool {
        match self {
            MatchGames::Tavli => game.in_tavli(),
            MatchGames::Tabla => TABLA.contains(&game),
            MatchGames::Only(g) => g == game,
        }
    }

    /// The length a match of these games has unless one is asked for:
    /// 5 points for a Tavli match (TAVLI.md Part 3's Decision) and a Tabla
    /// match (REGIONAL.md Part 5, BT3), 3 for a match of one game.
    pub fn default_length(self) -> u32 {
        match self {
            MatchGames::Tavli | MatchGames::Tabla => 5,
            MatchGames::Only(_) => 3,
        }
    }
}

impl Serialize for MatchGames {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for MatchGames {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<MatchGames, D::Error> {
        // Read as every game's name is read ([`GameKind::parse`]).
        let s = String::deserialize(d)?;
        MatchGames::parse(&s).map_err(serde::de::Error::custom)
    }
}

/// Who starts a game of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Starter {
    /// The one-die roll: each side rolls a die, ties roll again, the higher
    /// starts and rolls both dice (in the first game under
    /// [`MatchRules::opening_dice_played`], plays the two opening dice).
    OpeningRoll,
    /// This side starts, rolling both dice: the winner of the game before.
    Side(Color),
}

/// How a won game scores in a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scoring {
    /// Points: 1, or 2 when the loser has borne off nothing (each game's
    /// rules; Portes's options may make it 3).
    #[default]
    Points,
    /// Count (Mahbusa's option, REGIONAL.md 3.3.4, MB5): the winner scores
    /// the loser's checkers not borne off, pinned ones included (1 to 15),
    /// a resignation as many as the resigner has not borne off; a match
    /// is then usually played to 31, and a game's points may take the
    /// winner past it.
    Count,
}

/// The rules of a match: its games and the options TAVLI.md and
/// REGIONAL.md name. A match of a named game starts from that game's own
/// defaults ([`MatchRules::of`]: Mahbusa plays its opening dice and its
/// mother out), every other from RULES.md's and TAVLI.md's Decisions. A
/// record carries them, writing only what differs from the games'
/// defaults, so that a match replays under the rules it was played by.
///
/// ```
/// use tavli_core::tavli::{GameKind, MatchGames, MatchRules};
/// let tavli = MatchRules { games: MatchGames::Tavli, ..MatchRules::default() };
/// assert_eq!(tavli.first_game(), GameKind::Portes);
/// assert_eq!(tavli.next_game(GameKind::Portes, false), GameKind::Plakoto);
/// assert_eq!(MatchRules::default().first_game(), GameKind::Plakoto);
/// let mahbusa = MatchRules::only(GameKind::Mahbusa);
/// assert!(mahbusa.opening_dice_played);
/// assert_eq!(serde_json::to_string(&mahbusa).unwrap(), r#"{"games":"mahbusa"}"#);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct MatchRules {
    /// The games the match plays.
    pub games: MatchGames,
    /// The starter of the first game plays the two opening dice instead of
    /// rolling again (TAVLI.md Part 1, "Turn order and dice": an option;
    /// Mahbusa's default, REGIONAL.md MB1): equal opening dice still roll
    /// again, and the last, decisive pair is the first turn's roll. A
    /// later game started by the roll-off (after a draw) rolls again as
    /// usual.
    pub opening_dice_played: bool,
    /// A drawn game of a pinning game (Plakoto, Tapa, Mahbusa,
    /// Tsillitón: both mothers pinned) is void and played again, started
    /// by the one-die roll, instead of the rotation going on (TAVLI.md
    /// Part 3, "Draw in Plakoto", and Mahbusa's void-and-replay,
    /// REGIONAL.md MB3: options). In a match of one game a drawn game is
    /// followed by another of the same game anyway.
    pub replay_drawn_plakoto: bool,
    /// Portes's options (backgammons counting 3; Tabla's too), written as
    /// `{"backgammons-count-3": true}` when on.
    pub portes: PortesRules,
    /// Fevga's options (when the runner is released, when the
    /// starting-quarter ban is judged, which rule limits six in a row),
    /// written as `{"release": "pass", "ban": "every-landing", "primes":
    /// "narde"}`, each only when not TAVLI.md's Decision.
    pub fevga: FevgaRules,
    /// The pinning games' options (the mother played out, bearing off past
    /// a pin), for the match's pinning games (a position of a game the
    /// match does not play keeps its own: [`MatchRules::plakoto_for`]),
    /// written as `{"mother": "play-out", "bear-off": "past-pins"}`, each
    /// only when not the match's games' default.
    pub plakoto: PlakotoRules,
    /// How a won game scores: points, or Mahbusa's count.
    pub scoring: Scoring,
}

/// What a record writes of [`MatchRules`]: every key but `games` only when
/// it differs from the games' defaults, an absent key meaning that.
#[derive(Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
struct Wire {
    games: MatchGames,
    #[serde(skip_serializing_if = "Option::is_none")]
    opening_dice_played: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    replay_drawn_plakoto: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    portes: Option<PortesWire>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fevga: Option<FevgaRules>,
    #[serde(skip_serializing_if = "Option::is_none")]
    plakoto: Option<PlakotoWire>,
    #[serde(skip_serializing_if = "Option::is_none")]
    scoring: Option<Scoring>,
}

/// Portes's options as `{"backgammons-count-3": true}`.
#[derive(Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
struct PortesWire {
    backgammons_count_3: bool,
}

/// The pinning games' options, each only when it differs from the games'
/// default (so `{"mother": "greek"}` in a Mahbusa match).
#[derive(Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
struct PlakotoWire {
    #[serde(skip_serializing_if = "Option::is_none")]
    mother: Option<crate::plakoto::Mother>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bear_off: Option<crate::plakoto::BearOff>,
}

impl Serialize for MatchRules {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let preset = MatchRules::of(self.games);
        let differs = |a: bool, b: bool| (a != b).then_some(a);
        let (mine, theirs) = (self.plakoto, preset.plakoto);
        let plakoto = PlakotoWire {
            mother: (mine.mother != theirs.mother).then_some(mine.mother),
            bear_off: (mine.bear_off != theirs.bear_off).then_some(mine.bear_off),
        };
        let plakoto = (plakoto.mother.is_some() || plakoto.bear_off.is_some()).then_some(plakoto);
        Wire {
            games: self.games,
            opening_dice_played: differs(self.opening_dice_played, preset.opening_dice_played),
            replay_drawn_plakoto: differs(self.replay_drawn_plakoto, preset.replay_drawn_plakoto),
            portes: (self.portes != preset.portes)
                .then_some(PortesWire { backgammons_count_3: self.portes.backgammons_count_3 }),
            fevga: (self.fevga != preset.fevga).then_some(self.fevga),
            plakoto,
            scoring: (self.scoring != preset.scoring).then_some(self.scoring),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for MatchRules {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<MatchRules, D::Error> {
        let w = Wire::deserialize(d)?;
        let mut r = MatchRules::of(w.games);
        if let Some(b) = w.opening_dice_played {
            r.opening_dice_played = b;
        }
        if let Some(b) = w.replay_drawn_plakoto {
            r.replay_drawn_plakoto = b;
        }
        if let Some(p) = w.portes {
            r.portes = PortesRules { backgammons_count_3: p.backgammons_count_3 };
        }
        if let Some(f) = w.fevga {
            r.fevga = f;
        }
        if let Some(p) = w.plakoto {
            r.plakoto.mother = p.mother.unwrap_or(r.plakoto.mother);
            r.plakoto.bear_off = p.bear_off.unwrap_or(r.plakoto.bear_off);
        }
        if let Some(s) = w.scoring {
            r.scoring = s;
        }
        Ok(r)
    }
}

impl MatchRules {
    /// The rules of a match of `games` with each option at the games' own
    /// default: a Mahbusa match plays its opening dice and its mother out
    /// (REGIONAL.md 3.3.1–2), every other match RULES.md's and TAVLI.md's
    /// Decisions.
    pub fn of(games: MatchGames) -> MatchRules {
        let plakoto = match games {
            MatchGames::Only(g) => PlakotoRules::of(g),
            MatchGames::Tavli | MatchGames::Tabla => PlakotoRules::default(),
        };
        let opening_dice_played = games == MatchGames::Only(GameKind::Mahbusa);
        MatchRules { games, opening_dice_played, plakoto, ..MatchRules::default() }
    }

    /// The rules of a match of one game with every option at that game's
    /// default ([`MatchRules::of`]).
    pub fn only(game: GameKind) -> MatchRules {
        MatchRules::of(MatchGames::Only(game))
    }

    /// The rules of a Tavli match with every option off.
    pub fn tavli() -> MatchRules {
        MatchRules::of(MatchGames::Tavli)
    }

    /// The rules of a Tabla match with every option off.
    pub fn tabla() -> MatchRules {
        MatchRules::of(MatchGames::Tabla)
    }

    /// The game the match starts with: Portes in a Tavli match (TAVLI.md
    /// M1), Tabla in a Tabla match (REGIONAL.md BT1).
    pub fn first_game(&self) -> GameKind {
        match self.games {
            MatchGames::Tavli => GameKind::Portes,
            MatchGames::Tabla => GameKind::Tabla,
            MatchGames::Only(g) => g,
        }
    }

    /// The game after a game of `played` (`drawn` when it was drawn, which
    /// only a pinning game can be): the rotation's next (M1, BT1), also
    /// after a draw (M3, BT4), unless drawn games are replayed.
    pub fn next_game(&self, played: GameKind, drawn: bool) -> GameKind {
        let rotation = self.games.rotation();
        match self.games {
            MatchGames::Only(g) => g,
            _ if drawn && self.replay_drawn_plakoto => played,
            _ => match rotation.iter().position(|&g| g == played) {
                Some(i) => rotation[(i + 1) % rotation.len()],
                None => rotation[0],
            },
        }
    }

    /// Who starts the game after one that ended with `result`: its winner
    /// (M2, M5, BT4: a resigned game has one), or the one-die roll after a
    /// draw (M3, BT4).
    pub fn next_starter(&self, result: &GameResult) -> Starter {
        match result.winner {
            Some(w) => Starter::Side(w),
            None => Starter::OpeningRoll,
        }
    }

    /// The game of each game number (0 for the first) when no game was drawn.
    pub fn game_number(&self, index: usize) -> GameKind {
        let mut g = self.first_game();
        for _ in 0..index % 3 {
            g = self.next_game(g, false);
        }
        g
    }

    /// The options a position of `game` is played by in this match: the
    /// match's pinning options when the match plays `game`, else `game`'s
    /// own ([`PlakotoRules::of`]), so that a position of another game
    /// than the match's is not played by options it never had.
    ///
    /// ```
    /// use tavli_core::plakoto::{Mother, PlakotoRules};
    /// use tavli_core::tavli::{GameKind, MatchRules};
    /// let plain = MatchRules::default();
    /// assert_eq!(plain.plakoto_for(GameKind::Mahbusa).mother, Mother::PlayOut);
    /// let greek = MatchRules { plakoto: PlakotoRules::default(), ..MatchRules::only(GameKind::Mahbusa) };
    /// assert_eq!(greek.plakoto_for(GameKind::Mahbusa).mother, Mother::Greek);
    /// ```
    pub fn plakoto_for(&self, game: GameKind) -> PlakotoRules {
        if self.games.plays(game) { self.plakoto } else { PlakotoRules::of(game) }
    }

    /// The length a match under these rules has unless one is asked for:
    /// 31 when scored by count, else the games' ([`MatchGames::default_length`]).
    pub fn default_length(&self) -> u32 {
        match self.scoring {
            Scoring::Count => 31,
            Scoring::Points => self.games.default_length(),
        }
    }

    /// What a game's `result` scores in this match, the loser (the
    /// resigner, for a resignation) having borne off `loser_off`
    /// checkers: the result itself when scored by points; by count, the
    /// loser's checkers not borne off.
    ///
    /// ```
    /// use tavli_core::tavli::{MatchRules, Scoring};
    /// use tavli_core::{Color, GameResult, Reason};
    /// let won = GameResult::win(Color::White, 1, Reason::BearOff);
    /// let count = MatchRules { scoring: Scoring::Count, ..MatchRules::default() };
    /// assert_eq!(count.scored(won, 4).points, 11);
    /// assert_eq!(MatchRules::default().scored(won, 4), won);
    /// ```
    pub fn scored(&self, result: GameResult, loser_off: u8) -> GameResult {
        match (self.scoring, result.winner) {
            (Scoring::Count, Some(_)) => GameResult { points: 15u8.saturating_sub(loser_off), ..result },
            _ => result,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Reason;
    use crate::fevga::{BanTiming, PrimeRule, Release};
    use crate::plakoto::PlakotoRules;
    use GameKind::*;

    #[test]
    fn m1_tavli_rotates_portes_plakoto_fevga() {
        let r = MatchRules::tavli();
        let got: Vec<_> = (0..7).map(|i| r.game_number(i)).collect();
        assert_eq!(got, [Portes, Plakoto, Fevga, Portes, Plakoto, Fevga, Portes]);
        let one = MatchRules::only(Fevga);
        assert!((0..5).all(|i| one.game_number(i) == Fevga));
    }

    #[test]
    fn m2_m5_the_winner_starts_also_after_a_resignation() {
        let r = MatchRules::tavli();
        for reason in [Reason::BearOff, Reason::Mother, Reason::Resign] {
            let won = GameResult::win(Color::Black, 2, reason);
            assert_eq!(r.next_starter(&won), Starter::Side(Color::Black));
        }
    }

    #[test]
    fn m3_after_a_drawn_plakoto_fevga_follows_by_the_one_die_roll() {
        let r = MatchRules::tavli();
        let draw = GameResult { winner: None, points: 0, reason: Reason::BothMothers };
        assert_eq!(r.next_starter(&draw), Starter::OpeningRoll);
        assert_eq!(r.next_game(Plakoto, true), Fevga);
        let replay = MatchRules { replay_drawn_plakoto: true, ..r };
        assert_eq!(replay.next_game(Plakoto, true), Plakoto);
        assert_eq!(replay.next_game(Plakoto, false), Fevga);
    }

    #[test]
    fn lengths_default_to_five_for_tavli() {
        assert_eq!(MatchGames::Tavli.default_length(), 5);
        assert_eq!(MatchGames::Only(Plakoto).default_length(), 3);
    }

    #[test]
    fn rules_are_written_only_when_not_the_default() {
        assert_eq!(serde_json::to_string(&MatchRules::default()).unwrap(), r#"{"games":"plakoto"}"#);
        let all = MatchRules {
            games: MatchGames::Tavli,
            opening_dice_played: true,
            replay_drawn_plakoto: true,
            portes: PortesRules { backgammons_count_3: true },
            fevga: FevgaRules { release: Release::Pass, ban: BanTiming::EveryLanding, primes: PrimeRule::Narde },
            plakoto: PlakotoRules::default(),
            scoring: Scoring::Points,
        };
        let text = serde_json::to_string(&all).unwrap();
        assert_eq!(
            text,
            concat!(
                r#"{"games":"tavli","opening-dice-played":true,"replay-drawn-plakoto":true,"#,
                r#""portes":{"backgammons-count-3":true},"#,
                r#""fevga":{"release":"pass","ban":"every-landing","primes":"narde"}}"#
            )
        );
        assert_eq!(serde_json::from_str::<MatchRules>(&text).unwrap(), all);
        assert_eq!(serde_json::from_str::<MatchRules>("{}").unwrap(), MatchRules::default());
        assert!(serde_json::from_str::<MatchRules>(r#"{"games":"tavla"}"#).is_err());
        assert!(serde_json::from_str::<MatchRules>(r#"{"doubling":true}"#).is_err());
        // Fevga's options: each alone, the defaults written out read too,
        // and an unknown key or value is refused by name.
        let pass = MatchRules { fevga: FevgaRules { release: Release::Pass, ..FevgaRules::default() }, ..all };
        let text = serde_json::to_string(&MatchRules { fevga: pass.fevga, ..MatchRules::default() }).unwrap();
        assert_eq!(text, r#"{"games":"plakoto","fevga":{"release":"pass"}}"#);
        let explicit = r#"{"fevga":{"release":"reach","ban":"end-of-play","primes":"unblocking-duty"}}"#;
        assert_eq!(serde_json::from_str::<MatchRules>(explicit).unwrap(), MatchRules::default());
        let e = serde_json::from_str::<MatchRules>(r#"{"fevga":{"release":"early"}}"#).unwrap_err().to_string();
        assert!(e.contains("early") && e.contains("pass"), "{e}");
        let e = serde_json::from_str::<MatchRules>(r#"{"fevga":{"runner":"pass"}}"#).unwrap_err().to_string();
        assert!(e.contains("runner") && e.contains("release"), "{e}");
        assert_eq!(MatchGames::parse("Tavli"), Ok(MatchGames::Tavli));
        assert_eq!(MatchGames::parse("portes"), Ok(MatchGames::Only(Portes)));
        assert!(MatchGames::parse("x").unwrap_err().contains("tavli, tabla, portes, plakoto, fevga or gulbara"));
    }

    #[test]
    fn bt1_tabla_rotates_tabla_gul_bara_tapa() {
        let r = MatchRules::tabla();
        let got: Vec<_> = (0..7).map(|i| r.game_number(i)).collect();
        assert_eq!(got, [Tabla, GulBara, Tapa, Tabla, GulBara, Tapa, Tabla]);
        assert_eq!(r.first_game(), Tabla);
        assert_eq!(MatchGames::parse("Табла"), Ok(MatchGames::Tabla));
        assert_eq!(MatchGames::parse("tabla-only"), Ok(MatchGames::Only(Tabla)));
        assert_eq!(MatchGames::Only(Tabla).name(), "tabla-only");
        assert_eq!(MatchGames::parse("tapa"), Ok(MatchGames::Only(Tapa)));
        for games in [MatchGames::Tabla, MatchGames::Only(Tabla), MatchGames::Only(Mahbusa)] {
            assert_eq!(MatchGames::parse(games.name()), Ok(games));
        }
    }

    #[test]
    fn bt3_the_tabla_match_is_to_five_unless_told() {
        assert_eq!(MatchGames::Tabla.default_length(), 5);
        assert_eq!(MatchRules::tabla().default_length(), 5);
        let count = MatchRules { scoring: Scoring::Count, ..MatchRules::only(Mahbusa) };
        assert_eq!(count.default_length(), 31);
    }

    #[test]
    fn bt4_after_a_drawn_tapa_tabla_follows_by_the_one_die_roll() {
        let r = MatchRules::tabla();
        let draw = GameResult { winner: None, points: 0, reason: Reason::BothMothers };
        assert_eq!(r.next_starter(&draw), Starter::OpeningRoll);
        assert_eq!(r.next_game(Tapa, true), Tabla);
        // Void and replayed (MB3's option, TAVLI.md's replay-drawn-plakoto).
        let replay = MatchRules { replay_drawn_plakoto: true, ..r };
        assert_eq!(replay.next_game(Tapa, true), Tapa);
        assert_eq!(replay.next_game(Tapa, false), Tabla);
    }

    #[test]
    fn mahbusa_s_defaults_are_written_only_where_they_are_left() {
        use crate::plakoto::{BearOff, Mother};
        let m = MatchRules::only(Mahbusa);
        assert!(m.opening_dice_played && m.plakoto.mother == Mother::PlayOut && m.scoring == Scoring::Points);
        assert_eq!(serde_json::from_str::<MatchRules>(r#"{"games":"mahbusa"}"#).unwrap(), m);
        // Each default left is written, and reads back.
        let house = MatchRules {
            opening_dice_played: false,
            plakoto: PlakotoRules { mother: Mother::Greek, bear_off: BearOff::PastPins },
            scoring: Scoring::Count,
            ..m
        };
        let text = serde_json::to_string(&house).unwrap();
        assert_eq!(
            text,
            r#"{"games":"mahbusa","opening-dice-played":false,"plakoto":{"mother":"greek","bear-off":"past-pins"},"scoring":"count"}"#
        );
        assert_eq!(serde_json::from_str::<MatchRules>(&text).unwrap(), house);
        // A partial `plakoto` keeps the games' defaults for the rest.
        let past = serde_json::from_str::<MatchRules>(r#"{"games":"mahbusa","plakoto":{"bear-off":"past-pins"}}"#);
        assert_eq!(past.unwrap().plakoto, PlakotoRules { mother: Mother::PlayOut, bear_off: BearOff::PastPins });
        // Tapa's option, in a Plakoto match or the Tabla match.
        let tapa = MatchRules {
            plakoto: PlakotoRules { mother: Mother::PlayOut, ..PlakotoRules::default() },
            ..MatchRules::tabla()
        };
        let text = serde_json::to_string(&tapa).unwrap();
        assert_eq!(text, r#"{"games":"tabla","plakoto":{"mother":"play-out"}}"#);
        assert_eq!(serde_json::from_str::<MatchRules>(&text).unwrap(), tapa);
        for bad in [r#"{"plakoto":{"mother":"mana"}}"#, r#"{"scoring":"pips"}"#, r#"{"plakoto":{"pins":1}}"#] {
            assert!(serde_json::from_str::<MatchRules>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn mb5_count_scoring_gives_the_loser_s_checkers_left() {
        let count = MatchRules { scoring: Scoring::Count, ..MatchRules::only(Mahbusa) };
        let single = GameResult::win(Color::White, 1, Reason::BearOff);
        let double = GameResult::win(Color::White, 2, Reason::BearOff);
        assert_eq!((MatchRules::only(Mahbusa).scored(single, 4).points, count.scored(single, 4).points), (1, 11));
        assert_eq!((MatchRules::only(Mahbusa).scored(double, 0).points, count.scored(double, 0).points), (2, 15));
        assert_eq!(count.scored(GameResult::draw(), 3), GameResult::draw());
    }
}
