//! The decisions of the benchmark and their files: a position of any
//! game, its roll, its kind, its rolled-out candidates and the plays left
//! out.

use std::io::{BufRead, BufWriter, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};
use tavli_core::Dice;
use tavli_core::tavli::{AnyPosition, AnyTurn, GameKind, GamePlay};
use tavli_engine::NetGame;

/// A decision is kept when a second play is within this much equity of the
/// best (by a 1-ply search).
pub const CLOSE: f32 = 0.12;
/// Plays within this much of the best (1-ply) are rolled out …
pub const CANDIDATE_MARGIN: f32 = 0.25;
/// … at most this many.
pub const MAX_CANDIDATES: usize = 5;

pub use tavli_engine::Category;

/// The games whose decisions the benchmark takes: every game with a
/// network, its positions read from their IDs.
pub trait BenchGame: NetGame {
    /// The position of `id` (as `GamePosition::id` writes it).
    fn from_id(id: &str) -> Result<Self, String> {
        let any = AnyPosition::parse(id, Some(Self::KIND))?;
        Self::from_any(&any).ok_or_else(|| format!("`{id}` is not a {} position", Self::KIND))
    }
}

impl<P: NetGame> BenchGame for P {}

/// A rolled-out play of a decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Candidate {
    /// Its single moves, (from, to) in the mover's numbering.
    pub moves: Vec<[u8; 2]>,
    /// Its notation.
    pub notation: String,
    /// The rollout's equity for the mover.
    pub equity: f64,
    /// The rollout's standard error of it.
    pub std_error: f64,
}

/// A play of a decision that was not rolled out: more than
/// [`CANDIDATE_MARGIN`] behind the best at 1-ply, or past [`MAX_CANDIDATES`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outside {
    /// Its single moves, (from, to) in the mover's numbering.
    pub moves: Vec<[u8; 2]>,
    /// Its notation.
    pub notation: String,
    /// How far it is behind the last candidate by a 1-ply search (≥ 0).
    pub gap: f64,
}

/// A decision of the benchmark.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// The game (left out of Plakoto's, so sets written before other games
    /// had decisions read as they were).
    #[serde(default, skip_serializing_if = "is_plakoto")]
    pub game: GameKind,
    /// The position's ID.
    pub id: String,
    /// The roll, larger die first.
    pub dice: [u8; 2],
    /// What kind of decision.
    pub category: Category,
    /// The candidates, best rollout equity first.
    pub candidates: Vec<Candidate>,
    /// The other plays of the roll, with their 1-ply gap to the last
    /// candidate: the loss of such a play is estimated from it (see
    /// [`Decision::loss`]).
    pub outside: Vec<Outside>,
    /// Rollout trials per candidate (0 in sets written before it was
    /// recorded): what [`merge`](super::merge) weighs rollouts of the same decision by.
    #[serde(default)]
    pub trials: u64,
    /// The seeds of the rollouts behind the equities (two or more once
    /// merged; empty in sets written before they were recorded), so that
    /// rollouts on the same dice are neither merged nor taken for
    /// independent.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seeds: Vec<u64>,
    /// The rollout players' search depth (left out at 0-ply, so sets
    /// written before it was recorded, all rolled out at 0-ply, read as
    /// they were): rollouts by other depths are other players', neither
    /// merged nor continued as one.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub ply: u8,
}

fn is_zero(ply: &u8) -> bool {
    *ply == 0
}

fn is_plakoto(game: &GameKind) -> bool {
    *game == GameKind::Plakoto
}

impl Decision {
    /// Whether some rollout behind `self` and one behind `other` had the
    /// same seed (so the same dice).
    pub(super) fn shares_dice(&self, other: &Decision) -> bool {
        self.seeds.iter().any(|s| other.seeds.contains(s))
    }

    /// The candidate of `moves` (the same play in any order of its moves).
    pub(super) fn candidate(&self, moves: &[[u8; 2]]) -> Option<&Candidate> {
        let pos = self.any_position().ok()?;
        let after = position_after(&pos, self.roll().ok(), moves)?;
        self.candidates.iter().find(|c| position_after(&pos, self.roll().ok(), &c.moves) == Some(after))
    }

    /// The position, of whichever game the decision is.
    fn any_position(&self) -> Result<AnyPosition, String> {
        AnyPosition::parse(&self.id, Some(self.game)).map_err(|e| format!("decision {}: {e}", self.id))
    }
}

impl Decision {
    /// The position, a decision of game `P` (refused, naming both games,
    /// for a decision of another game).
    pub fn position<P: BenchGame>(&self) -> Result<P, String> {
        if self.game != P::KIND {
            return Err(format!("decision {}: a {} decision, where {} ones are wanted", self.id, self.game, P::KIND));
        }
        P::from_id(&self.id).map_err(|e| format!("decision {}: {e}", self.id))
    }

    /// The roll.
    pub fn roll(&self) -> Result<Dice, String> {
        Dice::new(self.dice[0], self.dice[1]).map_err(|e| e.to_string())
    }

    /// The equity a player loses by choosing `play`: the best candidate's
    /// rollout equity minus the play's. A play that was not rolled out (it
    /// was more than [`CANDIDATE_MARGIN`] behind at 1-ply) loses what the
    /// last candidate loses plus its 1-ply gap to it.
    pub fn loss<PL: GamePlay>(&self, play: &PL) -> f64
    where
        PL::Position: Into<AnyPosition>,
    {
        let best = self.candidates[0].equity;
        let moves: Vec<[u8; 2]> = play.moves().iter().map(|m| [m.from, m.to]).collect();
        let pos = self.any_position().ok();
        let after: AnyPosition = play.position().into();
        let same = |m: &[[u8; 2]]| {
            m == moves.as_slice() || pos.as_ref().is_some_and(|p| position_after(p, self.roll().ok(), m) == Some(after))
        };
        if let Some(c) = self.candidates.iter().find(|c| same(&c.moves)) {
            return (best - c.equity).max(0.0);
        }
        let last = self.candidates.last().expect("a decision has candidates");
        let gap = self.outside.iter().find(|o| same(&o.moves)).map_or(f64::from(CANDIDATE_MARGIN), |o| o.gap);
        (best - last.equity).max(0.0) + gap
    }
}

/// The position a play's single moves reach, for matching plays entered
/// in another order.
pub(super) fn position_after(pos: &AnyPosition, dice: Option<Dice>, moves: &[[u8; 2]]) -> Option<AnyPosition> {
    let mut turn = AnyTurn::new(pos, dice?);
    for &[f, t] in moves {
        turn.play_move(f, t).ok()?;
    }
    turn.complete().map(|p| p.position())
}

/// Writes decisions as JSON lines: to a file beside `path`, then renamed
/// over it, so a crash mid-write leaves the previous file whole.
pub fn write(path: &Path, decisions: &[Decision]) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".partial");
    let tmp = std::path::PathBuf::from(tmp);
    let mut f = BufWriter::new(std::fs::File::create(&tmp)?);
    for d in decisions {
        serde_json::to_writer(&mut f, d)?;
        writeln!(f)?;
    }
    f.into_inner().map_err(|e| e.into_error())?.sync_all()?;
    std::fs::rename(&tmp, path)
}

/// Reads JSON lines of decisions; a bad line is an error naming it.
pub fn read(path: &Path) -> Result<Vec<Decision>, String> {
    let f = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (n, line) in std::io::BufReader::new(f).lines().enumerate() {
        let line = line.map_err(|e| format!("{}: {e}", path.display()))?;
        if line.trim().is_empty() {
            continue;
        }
        let d: Decision = serde_json::from_str(&line).map_err(|e| {
            format!("{} line {}: {}", path.display(), n + 1, tavli_core::quote::shorten_quoted(&e.to_string()))
        })?;
        if d.candidates.is_empty() {
            return Err(format!("{} line {}: a decision without candidates", path.display(), n + 1));
        }
        out.push(d);
    }
    Ok(out)
}

/// A decision of the start position, 6-4, with two of its plays rolled out
/// (`plays[1]` best at 0.10, `plays[0]` at 0.04), for the tests.
#[cfg(test)]
pub(crate) fn sample_decision() -> (Decision, Vec<tavli_core::Play>) {
    let pos = tavli_core::Position::start();
    let dice = Dice::new(6, 4).expect("dice");
    let plays = pos.legal_plays(dice);
    let c = |p: &tavli_core::Play, e: f64| Candidate {
        moves: p.moves().iter().map(|m| [m.from, m.to]).collect(),
        notation: p.notation(),
        equity: e,
        std_error: 0.01,
    };
    let d = Decision {
        game: GameKind::Plakoto,
        id: pos.id(),
        dice: [6, 4],
        category: Category::Opening,
        candidates: vec![c(&plays[1], 0.10), c(&plays[0], 0.04)],
        outside: vec![],
        trials: 100,
        seeds: vec![1],
        ply: 0,
    };
    (d, plays)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavli_core::{Position, fevga, portes, pos};

    #[test]
    fn kind_names_are_those_of_the_file() {
        for k in Category::ALL {
            assert_eq!(serde_json::to_value(k).unwrap(), k.name());
        }
    }

    #[test]
    fn kinds_of_decisions() {
        assert_eq!(Position::start().category(), Category::Opening);
        let race = pos!(White; white {6: 5, 5: 5}; black {20: 5, 19: 5});
        assert_eq!(race.category(), Category::Race);
        let mother = pos!(White; white {24: 1, 13: 9, 6: 5}; black {1: 1, 12: 14});
        assert_eq!(mother.category(), Category::Mother);
        let pins = pos!(White; white {13: 6, 10: 1, 8: 5, 6: 3}; black {20: 7, 17: 7}; pinned {10: Black});
        assert_eq!(pins.category(), Category::PinFight);
        let bear = pos!(White; white {6: 4, 5: 4, 3: 2}; black {20: 7, 17: 7, 4: 1}; pinned {4: White});
        assert_eq!(bear.category(), Category::BearOffWithPins);
    }

    #[test]
    fn kinds_of_portes_and_fevga_decisions() {
        use tavli_core::{fevga_pos, portes_pos};
        let kind = |p: portes::Position| p.category();
        assert_eq!(kind(portes::Position::start()), Category::Opening);
        // 131 pips left to White: past the opening, with a checker on the bar.
        let bar =
            portes_pos!(White; white {bar: 1, 13: 4, 8: 2, 6: 4, 4: 2, 3: 2}; black {1: 2, 12: 4, 17: 3, 19: 3, 20: 3});
        assert_eq!(kind(bar), Category::Bar);
        assert_eq!(kind(portes_pos!(White; white {6: 5, 3: 10}; black {24: 7, 20: 8})), Category::Race);
        let middle = portes_pos!(White; white {13: 5, 8: 3, 6: 5, 4: 2}; black {1: 2, 12: 5, 17: 3, 19: 5});
        assert_eq!(kind(middle), Category::Middle);
        for p in [portes::Position::start(), bar, middle] {
            assert!(<portes::Position as NetGame>::CATEGORIES.contains(&kind(p)));
        }
        let kind = |p: fevga::Position| p.category();
        assert_eq!(kind(fevga::Position::start()), Category::Opening);
        assert_eq!(kind(fevga_pos!(White; white {12: 5, 3: 10}; black {11: 15})), Category::Race);
        assert_eq!(kind(fevga_pos!(White; white {24: 10, 18: 3, 13: 2}; black {24: 8, 20: 7})), Category::Middle);
    }

    #[test]
    fn a_decision_says_its_game_and_is_read_as_that_game_only() {
        let (d, _) = sample_decision();
        // Plakoto's decisions are written as before games were named.
        assert!(serde_json::to_value(&d).unwrap().get("game").is_none());
        let portes = Decision { game: GameKind::Portes, id: portes::Position::start().id(), ..d.clone() };
        let v = serde_json::to_value(&portes).unwrap();
        assert_eq!(v["game"], "portes");
        assert_eq!(serde_json::from_value::<Decision>(v).unwrap(), portes);
        assert_eq!(portes.position::<portes::Position>(), Ok(portes::Position::start()));
        let refused = portes.position::<Position>().unwrap_err();
        assert!(refused.contains("a portes decision, where plakoto ones are wanted"), "{refused}");
        assert!(d.position::<fevga::Position>().is_err());
    }

    #[test]
    fn a_play_loses_the_gap_to_the_best_rollout_equity() {
        let (d, plays) = sample_decision();
        assert_eq!(d.loss(&plays[1]), 0.0);
        assert!((d.loss(&plays[0]) - 0.06).abs() < 1e-12);
        // Through a file and back, the same decision.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.jsonl");
        write(&path, std::slice::from_ref(&d)).unwrap();
        assert_eq!(read(&path).unwrap(), vec![d.clone()]);
        std::fs::write(&path, "{\"id\": 3}\n").unwrap();
        assert!(read(&path).unwrap_err().contains("line 1"));
    }
}
