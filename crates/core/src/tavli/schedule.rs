//! What a match plays, game after game: the Tavli rotation or one game, who
//! starts each game, and the match options that change the rules (TAVLI.md
//! Part 3 and the options its Decisions name). No state: the match asks
//! these rules after each game.

use serde::{Deserialize, Serialize};

use super::GameKind;
use crate::fevga::FevgaRules;
use crate::portes::PortesRules;
use crate::{Color, GameResult};

/// Which games a match plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatchGames {
    /// A Tavli match: Portes, Plakoto, Fevga and round again (TAVLI.md Part 3).
    Tavli,
    /// Every game of the match is this game (Plakoto's matches before Tavli).
    Only(GameKind),
}

/// A match of Plakoto alone, as every match before Tavli.
impl Default for MatchGames {
    fn default() -> MatchGames {
        MatchGames::Only(GameKind::Plakoto)
    }
}

impl MatchGames {
    /// `tavli`, `portes`, `plakoto`, `fevga` or `gulbara`.
    pub fn name(self) -> &'static str {
        match self {
            MatchGames::Tavli => "tavli",
            MatchGames::Only(g) => g.name(),
        }
    }

    /// Reads `tavli` or a game's name (as [`GameKind::parse`] does).
    pub fn parse(text: &str) -> Result<MatchGames, String> {
        if text.trim().eq_ignore_ascii_case("tavli") || text.trim() == "τάβλι" || text.trim() == "ταβλι" {
            return Ok(MatchGames::Tavli);
        }
        GameKind::parse(text).map(MatchGames::Only).map_err(|_| {
            format!(
                "unknown match `{}`: use tavli, portes, plakoto, fevga or gulbara",
                crate::quote::excerpt_of(text, 30)
            )
        })
    }

    /// The length a match of these games has unless one is asked for:
    /// 5 points for a Tavli match (TAVLI.md Part 3's Decision), 3 for a
    /// match of one game.
    pub fn default_length(self) -> u32 {
        match self {
            MatchGames::Tavli => 5,
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

/// The rules of a match: its games and the options TAVLI.md names, all off
/// by default. A record carries them, so that a match replays under the
/// rules it was played by.
///
/// ```
/// use tavli_core::tavli::{GameKind, MatchGames, MatchRules};
/// let tavli = MatchRules { games: MatchGames::Tavli, ..MatchRules::default() };
/// assert_eq!(tavli.first_game(), GameKind::Portes);
/// assert_eq!(tavli.next_game(GameKind::Portes, false), GameKind::Plakoto);
/// assert_eq!(MatchRules::default().first_game(), GameKind::Plakoto);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct MatchRules {
    /// The games the match plays.
    pub games: MatchGames,
    /// The starter of the first game plays the two opening dice instead of
    /// rolling again (TAVLI.md Part 1, "Turn order and dice": an option):
    /// equal opening dice still roll again, and the last, decisive pair is
    /// the first turn's roll. A later game started by the roll-off (after a
    /// draw) rolls again as usual.
    #[serde(skip_serializing_if = "is_false")]
    pub opening_dice_played: bool,
    /// A drawn Plakoto game is played again instead of the rotation going
    /// on to Fevga (TAVLI.md Part 3, "Draw in Plakoto": an option).
    #[serde(skip_serializing_if = "is_false")]
    pub replay_drawn_plakoto: bool,
    /// Portes's options (backgammons counting 3), written as
    /// `{"backgammons-count-3": true}` when on.
    #[serde(skip_serializing_if = "is_default", with = "portes_rules")]
    pub portes: PortesRules,
    /// Fevga's options (when the runner is released, when the
    /// starting-quarter ban is judged, which rule limits six in a row),
    /// written as `{"release": "pass", "ban": "every-landing", "primes":
    /// "narde"}`, each only when not TAVLI.md's Decision.
    #[serde(skip_serializing_if = "is_default")]
    pub fevga: FevgaRules,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_default<T: Default + PartialEq>(r: &T) -> bool {
    *r == T::default()
}

/// Portes's options as `{"backgammons-count-3": true}`.
mod portes_rules {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::portes::PortesRules;

    #[derive(Serialize, Deserialize, Default)]
    #[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
    struct Wire {
        backgammons_count_3: bool,
    }

    pub fn serialize<S: Serializer>(r: &PortesRules, s: S) -> Result<S::Ok, S::Error> {
        Wire { backgammons_count_3: r.backgammons_count_3 }.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<PortesRules, D::Error> {
        let w = Wire::deserialize(d)?;
        Ok(PortesRules { backgammons_count_3: w.backgammons_count_3 })
    }
}

impl MatchRules {
    /// The rules of a match of one game with every option off.
    pub fn only(game: GameKind) -> MatchRules {
        MatchRules { games: MatchGames::Only(game), ..MatchRules::default() }
    }

    /// The rules of a Tavli match with every option off.
    pub fn tavli() -> MatchRules {
        MatchRules { games: MatchGames::Tavli, ..MatchRules::default() }
    }

    /// The game the match starts with: Portes in a Tavli match (TAVLI.md M1).
    pub fn first_game(&self) -> GameKind {
        match self.games {
            MatchGames::Tavli => GameKind::Portes,
            MatchGames::Only(g) => g,
        }
    }

    /// The game after a game of `played` (`drawn` when it was drawn, which
    /// only Plakoto can be): the rotation's next (M1), also after a draw
    /// (M3), unless drawn Plakoto games are replayed.
    pub fn next_game(&self, played: GameKind, drawn: bool) -> GameKind {
        match self.games {
            MatchGames::Only(g) => g,
            MatchGames::Tavli if drawn && self.replay_drawn_plakoto => played,
            MatchGames::Tavli => played.next(),
        }
    }

    /// Who starts the game after one that ended with `result`: its winner
    /// (M2, M5: a resigned game has one), or the one-die roll after a draw
    /// (M3).
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Reason;
    use crate::fevga::{BanTiming, PrimeRule, Release};
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
        assert!(MatchGames::parse("x").unwrap_err().contains("tavli, portes, plakoto, fevga or gulbara"));
    }
}
