//! Games played elsewhere (on a café board, on another site), written as a
//! plain move list, read into a match record whose dice are written down.
//!
//! ```text
//! # A match to 3. Comments start with #; blank lines are ignored.
//! match 3
//! opening 5-3            (White rolled 5, Black 3: White starts)
//! 6-4: 24/18 24/20
//! 5-2: 24/19/17
//! 3-3: pass
//! black resigns
//! ```
//!
//! - `match N` (optional, first): the match length (default 1).
//! - `games G` (optional, before the first game's lines): what the match
//!   plays, `tavli` (Portes, Plakoto, Fevga and round again), `tabla`
//!   (Tabla, Gul bara, Tapa and round again) or one game, `portes`,
//!   `plakoto` (the default), `fevga`, `gulbara`, `tapa`, `tsilliton`,
//!   `mahbusa` or `tabla-only`, each under its own defaults (a Mahbusa
//!   game's starter plays the opening dice, so its first turn's roll is
//!   the `opening` line's, and `white starts` takes it from that turn);
//!   read by [`read_any_move_list`] (Plakoto's [`read_move_list`] reads
//!   the pinning games only).
//! - `opening W-B`: the roll-off of a game that starts with one (the first
//!   game, and a game after a draw): White's die, then Black's; or
//!   `white starts` / `black starts` when the roll-off was not written down.
//!   After a win the winner starts and no such line is needed.
//! - `DICE: PLAY`: one turn, the sides taking turns from the starter; the
//!   play in notation, points in the mover's numbering (`pass` for none).
//! - `white resigns` / `black resigns`: a resignation (the rules' points);
//!   `black resigns 1`: a resignation of fewer points than the rules give,
//!   which the other side accepted (a single game while nothing is off).
//!
//! A fault is reported with its line, game and turn; the line is quoted
//! as a bounded excerpt ([`crate::quote::excerpt`]), however long it is.

use super::matches::{GameRecord, MatchRecord, PLAIN_RECORD_VERSION, RECORD_FORMAT, Score};
use super::{FixedDice, Game, Match, MatchError, Players, Start};
use crate::color::Color;
use crate::dice::Dice;
use crate::quote::excerpt;
use crate::result::GameResult;
use crate::tavli::{AnyPosition, GamePosition, MatchGames, MatchRules};

/// Why a move list could not be read: its line, and the game and turn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line} (game {game}, turn {turn}): {why}")]
pub struct MoveListError {
    /// The line at fault, counting from 1.
    pub line: usize,
    /// The game it belongs to, counting from 1.
    pub game: usize,
    /// The turn of that game, counting from 1.
    pub turn: usize,
    /// What is wrong.
    pub why: String,
}

/// Reads a move list (see the module's text) into a record with its dice
/// written down (`dice_recorded`), checked by replaying it.
///
/// ```
/// use tavli_core::game::{Match, read_move_list};
/// let rec = read_move_list("opening 5-3\n6-4: 24/18 24/20\n5-2: 24/19/17\n").unwrap();
/// let m = Match::from_record(&rec).unwrap();
/// assert_eq!(m.game().turns().len(), 2);
/// let e = read_move_list("opening 5-3\n6-4: 24/18\n").unwrap_err();
/// assert_eq!((e.line, e.game, e.turn), (2, 1, 1));
/// ```
pub fn read_move_list(text: &str) -> Result<MatchRecord<crate::Position>, MoveListError> {
    read_move_list_of(text)
}

/// [`read_move_list`] for a match of any game: a `games G` line says
/// which (Plakoto's without one).
///
/// ```
/// use tavli_core::game::{Match, read_any_move_list};
/// use tavli_core::tavli::{GameKind, MatchGames};
/// let text = "match 3\ngames tavli\nwhite starts\n6-5: 24/18/13\n5-5: 6/1*(2) 8/3(2)\n";
/// let rec = read_any_move_list(text).unwrap();
/// assert_eq!((rec.rules.games, rec.games[0].game), (MatchGames::Tavli, GameKind::Portes));
/// let m = Match::from_record(&rec).unwrap();
/// assert_eq!(m.game().position().bar(tavli_core::Color::White), 1);
/// assert!(read_any_move_list("games backgammon\n").unwrap_err().why.contains("unknown match"));
/// ```
pub fn read_any_move_list(text: &str) -> Result<MatchRecord<AnyPosition>, MoveListError> {
    read_move_list_of(text)
}

/// The reader of both: `P` the positions the games are held as.
fn read_move_list_of<P: GamePosition>(text: &str) -> Result<MatchRecord<P>, MoveListError> {
    let mut target = 1u32;
    let mut rules = MatchRules::default();
    let mut games: Vec<Game<P>> = Vec::new();
    let mut score = [0u32; 2];
    let first_of = |rules: &MatchRules| P::start_of(rules.first_game());
    let mut game = Game::under(
        rules,
        first_of(&rules).ok_or_else(|| MoveListError {
            line: 0,
            game: 1,
            turn: 1,
            why: "these positions hold no Plakoto game".into(),
        })?,
        Start::OpeningRoll,
    );
    let mut first_line = true;
    // `X starts` in a game whose opening dice are played: the roll-off is
    // made from the starter's first roll, when its line comes.
    let mut starts: Option<Color> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let n = i + 1;
        let err = |g: &Game<P>, games: &[Game<P>], why: String| MoveListError {
            line: n,
            game: games.len() + 1,
            turn: g.turns().len() + 1,
            why,
        };
        let lower = line.to_ascii_lowercase();
        if let Some(rest) = lower.strip_prefix("match ") {
            if !first_line {
                return Err(err(&game, &games, "`match N` must be the first line".into()));
            }
            target = rest.trim().parse().ok().filter(|&t| t > 0).ok_or_else(|| {
                err(&game, &games, format!("`{}`: write the match length as `match 3`", excerpt(line)))
            })?;
            first_line = false;
            continue;
        }
        first_line = false;
        if let Some(rest) = lower.strip_prefix("games ") {
            if !games.is_empty()
                || !game.opening().is_empty()
                || !game.turns().is_empty()
                || game.start() != Start::OpeningRoll
            {
                return Err(err(&game, &games, "`games G` must come before the first game's lines".into()));
            }
            let chosen = MatchGames::parse(rest).map_err(|e| err(&game, &games, e))?;
            // The games' own defaults (a Mahbusa match plays its opening dice).
            rules = MatchRules::of(chosen);
            let start = first_of(&rules).ok_or_else(|| {
                err(&game, &games, format!("this reader reads Plakoto only, not a {} match", chosen.name()))
            })?;
            game = Game::under(rules, start, Start::OpeningRoll);
            continue;
        }
        if score.iter().any(|&s| s >= target) {
            return Err(err(&game, &games, "the match is already over".into()));
        }
        if let Some(rest) = lower.strip_prefix("opening ") {
            let dice: Vec<u8> =
                rest.split(['-', ' ']).filter(|s| !s.is_empty()).filter_map(|s| s.parse().ok()).collect();
            let ok = matches!(dice[..], [w, b] if (1..=6).contains(&w) && (1..=6).contains(&b) && w != b);
            if !ok {
                return Err(err(
                    &game,
                    &games,
                    format!(
                        "`{}`: write the roll-off as `opening 5-3` (White's die, then Black's, not equal)",
                        excerpt(line)
                    ),
                ));
            }
            if !game.needs_opening_roll() {
                return Err(err(
                    &game,
                    &games,
                    "this game needs no opening roll: the last game's winner starts".into(),
                ));
            }
            game.opening_roll(&mut FixedDice::new([dice[0], dice[1]]));
            continue;
        }
        if let Some(side) = lower.strip_suffix(" starts") {
            let c = Color::parse(side.trim())
                .ok_or_else(|| err(&game, &games, format!("`{}`: white or black?", excerpt(line))))?;
            if !game.needs_opening_roll() {
                return Err(err(
                    &game,
                    &games,
                    "this game needs no opening roll: the last game's winner starts".into(),
                ));
            }
            if game.rules().opening_dice_played && games.is_empty() {
                starts = Some(c);
                continue;
            }
            // The roll-off was not written down: record one that gives it.
            let roll = if c == Color::White { [2, 1] } else { [1, 2] };
            game.opening_roll(&mut FixedDice::new(roll));
            continue;
        }
        if let Some(c) = starts.take() {
            // The starter's first roll is the roll-off's two dice (never a doublet).
            let first = line.split_once(':').and_then(|(d, _)| d.trim().parse::<Dice>().ok());
            let roll = match first {
                Some(d) if d.is_doublet() => {
                    return Err(err(
                        &game,
                        &games,
                        format!("{d}: the starter plays the opening dice, which are never a doublet"),
                    ));
                }
                Some(d) if c == Color::White => [d.high(), d.low()],
                Some(d) => [d.low(), d.high()],
                None if c == Color::White => [2, 1],
                None => [1, 2],
            };
            game.opening_roll(&mut FixedDice::new(roll));
        }
        if game.needs_opening_roll() {
            return Err(err(
                &game,
                &games,
                "the game starts with an opening roll: write `opening W-B` or `white starts` first".into(),
            ));
        }
        if let Some((side, points)) = resignation_line(&lower) {
            let c = Color::parse(side.trim())
                .ok_or_else(|| err(&game, &games, format!("`{}`: white or black?", excerpt(line))))?;
            let due = game.resignation(c);
            let points = match points {
                None => due.points,
                Some(n) => match n.parse::<u8>() {
                    Ok(n) if (1..=due.points).contains(&n) => n,
                    _ => {
                        return Err(err(
                            &game,
                            &games,
                            format!("`{}`: resigning here gives 1 to {} point(s)", excerpt(line), due.points),
                        ));
                    }
                },
            };
            game.end_by_resignation(GameResult { points, ..due });
        } else {
            let (dice_text, play) = line.split_once(':').ok_or_else(|| {
                err(&game, &games, format!("`{}`: a turn is written `6-4: 24/18 24/20`", excerpt(line)))
            })?;
            let dice: Dice = dice_text.trim().parse().map_err(|e| err(&game, &games, format!("{e}")))?;
            match game.pending_opening_dice() {
                // The opening dice are the starter's first roll.
                Some(d) if d != dice => {
                    return Err(err(
                        &game,
                        &games,
                        format!("{dice}: the starter plays the opening dice, {d}, as its first roll"),
                    ));
                }
                Some(_) => {}
                None => game.set_dice(dice).map_err(|e| err(&game, &games, e.to_string()))?,
            }
            game.play_text(play.trim())
                .map_err(|e| err(&game, &games, format!("{} with {dice}: {e}", excerpt(play.trim()))))?;
        }
        if let Some(r) = game.result() {
            if let Some(w) = r.winner {
                score[w.index()] += u32::from(r.points);
            }
            let next = match r.winner {
                Some(w) => Start::Side(w),
                None => Start::OpeningRoll,
            };
            let kind = rules.next_game(game.position().kind(), r.winner.is_none());
            let start = P::start_of(kind).expect("the positions hold every game of the match");
            // The opening dice are played in the first game only (as `Match` does).
            let later = MatchRules { opening_dice_played: false, ..rules };
            games.push(std::mem::replace(&mut game, Game::under(later, start, next)));
        }
    }
    // The game under way (or the next one, begun as the last ended),
    // unless the match is over.
    if score.iter().all(|&s| s < target) {
        games.push(game);
    }
    let winner = [Color::White, Color::Black].into_iter().find(|&c| score[c.index()] >= target);
    let rec = MatchRecord {
        rules,
        format: RECORD_FORMAT.into(),
        version: PLAIN_RECORD_VERSION,
        players: Players::default(),
        seed: None,
        seed_sha256: None,
        contributions: None,
        dice_recorded: true,
        match_to: target,
        score: Score { white: score[0], black: score[1] },
        winner,
        games: games.iter().map(GameRecord::of).collect(),
        offer: None,
    };
    // The record replays as read (a check of this reader as much as of the list).
    Match::from_record(&rec).map_err(|e| {
        let (game, why) = match e {
            MatchError::Corrupt { game, why } => (game, why),
            e => (rec.games.len(), e.to_string()),
        };
        MoveListError { line: 0, game, turn: 0, why }
    })?;
    Ok(rec)
}

/// A resignation line, lower-cased: `SIDE resigns` (`None` points: the
/// rules') or `SIDE resigns N`.
fn resignation_line(lower: &str) -> Option<(&str, Option<&str>)> {
    let (side, rest) = lower.split_once(" resigns")?;
    match rest.trim() {
        "" => Some((side, None)),
        n if rest.starts_with(' ') => Some((side, Some(n))),
        _ => None,
    }
}
