//! Driving a match at the terminal: rolling through the `Match`, asking the
//! person for a play or the engine for its choice, announcing what happens,
//! and saving the record after every move.

use std::fmt::Display;
use std::io::{BufRead, Write};
use std::path::PathBuf;

use anyhow::{Result, anyhow};
use plakoto_core::game::{Match, PlayerName, Start};
use plakoto_core::{Color, Dice, GameResult, Play, PlayError, Position, TurnBuilder, parse_play};
use plakoto_engine::{NeuralEval, Search, analysis, levels};

use super::announce;
use super::input::{self, Command, Line, LineReader};
use super::render::{self, BoardView, Style};

/// The look-ahead of `hint` (plies of search, as the engine counts them).
const HINT_PLY: u8 = 1;
/// How many ranked plays `hint` shows.
const HINT_SHOWN: usize = 3;
/// `?` lists at most this many plays (doublets can have hundreds).
const LIST_SHOWN: usize = 60;

/// Checks that every engine player a match names is a built-in level.
/// Only built-in levels are taken from a record: a file must never be able
/// to start a program or read a file.
pub fn check_players(m: &Match) -> Result<()> {
    for side in [Color::White, Color::Black] {
        if let PlayerName::Engine(level) = m.players().get(side) {
            levels::level(level).map_err(|e| {
                anyhow!(
                    "the record's {side} player `{}`: {}",
                    input::shorten(&input::clean(level), 40),
                    input::clean(&e.to_string())
                )
            })?;
        }
    }
    Ok(())
}

/// How a session ended.
#[derive(Debug, PartialEq, Eq)]
pub enum End {
    MatchOver,
    Quit,
    Eof,
}

enum TurnEnd {
    Played,
    Quit,
    Eof,
}

/// A match being played.
pub struct Session<R, W> {
    m: Match,
    /// What the engine levels and hints evaluate with.
    eval: NeuralEval,
    save_path: PathBuf,
    style: Style,
    input: LineReader<R>,
    out: W,
    /// Games whose start has been announced.
    announced: usize,
    /// Print each line read after its prompt (when input is not a terminal,
    /// which echoes it itself), so a scripted session reads like a played one.
    echo: bool,
}

impl<R: BufRead, W: Write> Session<R, W> {
    /// A session playing `m` (its players checked by [`check_players`]),
    /// the engine evaluating with `eval`, saving to `save_path`.
    pub fn new(m: Match, eval: NeuralEval, save_path: PathBuf, style: Style, input: R, out: W) -> Self {
        Session { m, eval, save_path, style, input: LineReader::new(input), out, announced: 0, echo: false }
    }

    /// Is `side` played by a person at this keyboard?
    fn is_person(&self, side: Color) -> bool {
        self.m.players().get(side).is_person()
    }

    /// Echo the lines read (for input that is not a terminal).
    pub fn echo_input(mut self, on: bool) -> Self {
        self.echo = on;
        self
    }

    fn read_line(&mut self) -> Result<Line> {
        let line = self.input.read()?;
        if self.echo {
            match &line {
                Line::Text(t) => writeln!(self.out, "{}", input::shorten(t, 80))?,
                Line::TooLong => writeln!(self.out, "(a line too long to show)")?,
                Line::Eof => {}
            }
        }
        Ok(line)
    }

    /// Plays until the match is over, the person quits, or input ends.
    pub fn run(&mut self) -> Result<End> {
        self.save()?;
        let path = self.save_path.display().to_string();
        self.say(format!("Saving every move to {path}"))?;
        if self.m.game().turns().is_empty() && self.m.game().dice().is_none() {
            self.announced = self.m.games().len() - 1;
        } else {
            self.announced = self.m.games().len();
            let turn = self.m.game().turns().len() + 1;
            let mut text = format!("Resuming game {} at turn {turn}.", self.m.games().len());
            if self.m.target() > 1 {
                text = format!("{text} {}", self.score_text());
            }
            self.say(text)?;
        }
        loop {
            if self.m.is_over() {
                self.announce_match_end()?;
                return Ok(End::MatchOver);
            }
            if self.announced < self.m.games().len() {
                self.announce_game_start()?;
            }
            if self.m.game().dice().is_none() {
                self.m.roll()?;
            }
            let side = self.m.game().position().turn();
            let gi = self.m.games().len() - 1;
            let before = *self.m.game().position();
            let end = if self.is_person(side) { self.human_turn(side)? } else { self.engine_turn(side)? };
            match end {
                TurnEnd::Played => {}
                TurnEnd::Quit => {
                    self.save()?;
                    self.say(format!("Saved to {path}. Continue with: plakoto play --resume {path}"))?;
                    return Ok(End::Quit);
                }
                TurnEnd::Eof => {
                    self.save()?;
                    self.say(format!("\nEnd of input. Saved to {path}. Continue with: plakoto play --resume {path}"))?;
                    return Ok(End::Eof);
                }
            }
            self.save()?;
            match self.m.games()[gi].result() {
                Some(r) => self.announce_result(gi, r)?,
                None => self.announce_mothers(&before)?,
            }
        }
    }

    fn save(&mut self) -> Result<()> {
        // A game's opening roll is made as soon as the game exists: a record
        // saved before it does not replay (`Match::from_record` expects the
        // roll-offs of every game it has begun).
        if !self.m.is_over() && self.m.game().needs_opening_roll() {
            self.m.opening_roll()?;
        }
        crate::records::save(&self.m, &self.save_path)
    }

    fn say(&mut self, text: impl Display) -> Result<()> {
        writeln!(self.out, "{text}")?;
        Ok(())
    }

    /// A side's name for messages, in its colour: `White (you)`, `Black (heuristic)`.
    fn name(&self, side: Color) -> String {
        self.style.side(side, &self.plain_name(side))
    }

    fn plain_name(&self, side: Color) -> String {
        match self.m.players().get(side) {
            PlayerName::Engine(level) => format!("{side} ({level})"),
            _ if self.is_person(side.opponent()) => side.to_string(),
            _ => format!("{side} (you)"),
        }
    }

    /// Whose numbering the board uses: the person on roll, the one person
    /// playing, or White when only engines play.
    fn viewpoint(&self, on_roll: Color) -> Color {
        match (self.is_person(Color::White), self.is_person(Color::Black)) {
            (true, true) => on_roll,
            (false, true) => Color::Black,
            _ => Color::White,
        }
    }

    fn score_text(&self) -> String {
        let (w, b) = (self.m.score(Color::White), self.m.score(Color::Black));
        format!("Score: White {w}, Black {b} (match to {}).", self.m.target())
    }

    fn show_board(&mut self, pos: &Position, dice: Option<(Dice, &[u8])>, over: bool) -> Result<()> {
        let names = [self.plain_name(Color::White), self.plain_name(Color::Black)];
        let view = BoardView {
            position: pos,
            viewpoint: self.viewpoint(pos.turn()),
            dice,
            names: [&names[0], &names[1]],
            score: [self.m.score(Color::White), self.m.score(Color::Black)],
            match_to: self.m.target(),
            game: self.m.games().len(),
            over,
        };
        let board = render::render(&view, self.style);
        write!(self.out, "\n{board}\n")?;
        Ok(())
    }

    // ----- announcements -----

    fn announce_game_start(&mut self) -> Result<()> {
        self.announced = self.m.games().len();
        let n = self.m.games().len();
        let head = if self.m.target() == 1 {
            format!("Game {n}")
        } else {
            format!("Game {n} of the match to {}", self.m.target())
        };
        self.say(format!("\n{}", self.style.bold(&format!("=== {head} ==="))))?;
        match self.m.game().start() {
            Start::Side(c) => {
                let text = format!("{} won the last game and starts.", self.name(c));
                self.say(text)
            }
            Start::Position(p) => {
                let text = format!("The game starts from position {}; {} plays first.", p.id(), self.name(p.turn()));
                self.say(text)
            }
            Start::OpeningRoll => {
                self.save()?;
                for [w, b] in self.m.game().opening().to_vec() {
                    let text = announce::opening(w, b, &|c| self.name(c));
                    self.say(text)?;
                }
                Ok(())
            }
        }
    }

    fn announce_result(&mut self, gi: usize, r: GameResult) -> Result<()> {
        if self.is_person(Color::White) || self.is_person(Color::Black) {
            let pos = *self.m.games()[gi].position();
            self.show_board(&pos, None, true)?;
        }
        let text = announce::result(r, &|c| self.name(c));
        self.say(self.style.bold(&text))?;
        if self.m.target() > 1 {
            self.say(self.score_text())?;
        }
        if !self.m.is_over() && r.winner.is_none() {
            self.say("The next game starts with an opening roll.")?;
        }
        Ok(())
    }

    /// Says when a play pinned a mother (the game goes on while the pinner
    /// still has checkers on its own starting point), or freed one.
    fn announce_mothers(&mut self, before: &Position) -> Result<()> {
        let after = *self.m.game().position();
        for side in [Color::White, Color::Black] {
            let start = side.to_white_numbering(24);
            let (was, is) = (before.pinned(start) == Some(side), after.pinned(start) == Some(side));
            let text = match (was, is) {
                (false, true) => format!(
                    "{}'s mother is pinned! {} wins as soon as its own last checker leaves its starting point, \
                     unless its own mother is pinned first (a draw).",
                    self.name(side),
                    self.name(side.opponent())
                ),
                (true, false) => format!("{}'s mother is free again.", self.name(side)),
                _ => continue,
            };
            self.say(text)?;
        }
        Ok(())
    }

    fn announce_match_end(&mut self) -> Result<()> {
        if let Some(w) = self.m.winner()
            && self.m.target() > 1
        {
            let (a, b) = (self.m.score(w), self.m.score(w.opponent()));
            let text = format!("{} wins the match {a}-{b}.", self.name(w));
            self.say(self.style.bold(&text))?;
        }
        let path = self.save_path.display().to_string();
        self.say(format!("The record is saved in {path}; watch it again with: plakoto replay {path}"))
    }

    // ----- turns -----

    fn engine_turn(&mut self, side: Color) -> Result<TurnEnd> {
        let game = self.m.game();
        let (pos, dice, plays) = (*game.position(), game.dice().expect("rolled"), game.legal_plays().to_vec());
        if plays.len() == 1 && plays[0].is_pass() {
            self.m.play(&plays[0])?;
            self.say(format!("{} rolls {dice}: no legal move, the turn passes.", self.name(side)))?;
            return Ok(TurnEnd::Played);
        }
        // The roll is shown before the engine thinks: deep levels take a moment.
        write!(self.out, "{} rolls {dice} and plays ", self.name(side))?;
        self.out.flush()?;
        let PlayerName::Engine(name) = self.m.players().get(side) else { unreachable!("an engine's turn") };
        // Checked when the session began.
        let level = levels::level(name).map_err(|e| anyhow!(e))?;
        let mut player = level.player(&self.eval, self.m.turn_seed());
        let play = plays[player.choose(&pos, dice, &plays).min(plays.len() - 1)];
        self.m.play(&play)?;
        self.say(self.style.bold(&play.notation()))?;
        Ok(TurnEnd::Played)
    }

    fn human_turn(&mut self, side: Color) -> Result<TurnEnd> {
        let pos = *self.m.game().position();
        let dice = self.m.game().dice().expect("rolled");
        let mut tb = TurnBuilder::new(&pos, dice);
        // The pending dice go into the record while the person thinks.
        self.save()?;
        self.show_board(&pos, Some((dice, tb.dice_left())), false)?;
        if tb.is_pass() {
            self.say(format!("{} rolls {dice}: no legal move, the turn passes.", self.name(side)))?;
            self.m.play(&tb.legal_plays()[0])?;
            return Ok(TurnEnd::Played);
        }
        loop {
            self.prompt(side, &tb)?;
            let text = match self.read_line()? {
                Line::Eof => return Ok(TurnEnd::Eof),
                Line::TooLong => {
                    self.say(format!("That line is too long (over {} characters); it was ignored.", input::MAX_LINE))?;
                    continue;
                }
                Line::Text(t) => t,
            };
            match input::parse(&text) {
                Command::Empty | Command::Confirm => match tb.complete() {
                    Some(play) if !tb.moves().is_empty() => return self.finish(side, play),
                    _ if tb.moves().is_empty() => {
                        self.say("Enter your play (like 24/18 13/7), or `?` for the legal plays, `help` for commands.")?
                    }
                    _ => {
                        let left: Vec<String> = tb.dice_left().iter().map(u8::to_string).collect();
                        self.say(format!(
                            "The turn is not complete: dice left {}. Enter a move or `undo`.",
                            left.join(", ")
                        ))?
                    }
                },
                Command::Play(text) => match enter(&pos, &mut tb, &text) {
                    Ok(Some(play)) => return self.finish(side, play),
                    Ok(None) => self.show_turn(&tb)?,
                    Err(e) => self.say(format!("Not played: {}", input::shorten(&e.to_string(), 200)))?,
                },
                Command::List => self.list(&tb)?,
                Command::Hint => self.hint(&pos, dice)?,
                Command::Undo => match tb.undo() {
                    Some(m) => {
                        self.say(format!("Took back {}.", move_text(m.from, m.to)))?;
                        self.show_turn(&tb)?;
                    }
                    None => self.say("Nothing to undo.")?,
                },
                Command::Reset => {
                    tb.reset();
                    self.show_turn(&tb)?;
                }
                Command::Help => self.say(HELP)?,
                Command::Board => self.show_turn(&tb)?,
                Command::Save => {
                    self.save()?;
                    self.say(format!("Saved to {} (every move is saved anyway).", self.save_path.display()))?;
                }
                Command::Resign => match self.resign(side)? {
                    Some(end) => return Ok(end),
                    None => self.say("Not resigned; play on.")?,
                },
                Command::Quit => return Ok(TurnEnd::Quit),
                Command::Unknown(t) => self.say(format!(
                    "`{}` is not a play or a command: enter a play like 24/18 13/7, or `help`.",
                    input::shorten(&t, 40)
                ))?,
            }
        }
    }

    fn prompt(&mut self, side: Color, tb: &TurnBuilder) -> Result<()> {
        let moves: Vec<String> = tb.moves().iter().map(|m| move_text(m.from, m.to)).collect();
        let text = match tb.complete() {
            Some(p) if !moves.is_empty() => {
                format!("{} {}: play {}? Enter to confirm, or undo > ", self.name(side), tb.dice(), p.notation())
            }
            _ if moves.is_empty() => format!("{} {} > ", self.name(side), tb.dice()),
            _ => format!("{} {} [{}] > ", self.name(side), tb.dice(), moves.join(" ")),
        };
        write!(self.out, "{text}")?;
        self.out.flush()?;
        Ok(())
    }

    /// Redraws the board mid-turn, with the dice not used yet.
    fn show_turn(&mut self, tb: &TurnBuilder) -> Result<()> {
        let pos = tb.current_position();
        self.show_board(&pos, Some((tb.dice(), tb.dice_left())), false)
    }

    fn finish(&mut self, side: Color, play: Play) -> Result<TurnEnd> {
        self.m.play(&play)?;
        self.say(format!("{} plays {}", self.name(side), self.style.bold(&play.notation())))?;
        Ok(TurnEnd::Played)
    }

    fn list(&mut self, tb: &TurnBuilder) -> Result<()> {
        if tb.moves().is_empty() {
            let plays = tb.legal_plays();
            let texts: Vec<String> = plays.iter().map(Play::notation).collect();
            let s = if texts.len() == 1 { "" } else { "s" };
            self.say(format!("{} legal play{s} with {}:", texts.len(), tb.dice()))?;
            self.say(columns(&texts[..texts.len().min(LIST_SHOWN)]))?;
            if texts.len() > LIST_SHOWN {
                self.say(format!(
                    "… and {} more. Enter a single move (like 24/18) and `?` lists what can follow.",
                    texts.len() - LIST_SHOWN
                ))?;
            }
        } else {
            let next: Vec<String> = tb.legal_moves().iter().map(|m| move_text(m.from, m.to)).collect();
            if next.is_empty() {
                self.say("No more moves: press Enter to play, or `undo`.")?;
            } else {
                self.say(format!("Next moves: {}", next.join("  ")))?;
            }
            if let Some(p) = tb.complete() {
                self.say(format!("Or press Enter to play {p}."))?;
            }
        }
        Ok(())
    }

    fn hint(&mut self, pos: &Position, dice: Dice) -> Result<()> {
        let ranked = analysis::rank_plays(&Search::new(self.eval.clone(), HINT_PLY), pos, dice);
        self.say(format!("The engine's choice for {dice} (equity for the side on roll):"))?;
        for (i, r) in ranked.iter().take(HINT_SHOWN).enumerate() {
            let diff = if i == 0 { String::new() } else { format!("  ({:+.3})", -r.diff) };
            self.say(format!("  {}. {:<24} {:+.3}{diff}", i + 1, r.play.notation(), r.equity))?;
        }
        Ok(())
    }

    /// Asks to confirm, then resigns the game: the opponent gets what it
    /// could still win (2 points while the resigning side has borne off
    /// no checker, else 1).
    fn resign(&mut self, side: Color) -> Result<Option<TurnEnd>> {
        let points = self.m.resignation_points(side).unwrap_or(1);
        let text = format!(
            "Resign this game and give {} {points} point{}? (yes/no) > ",
            self.name(side.opponent()),
            if points == 1 { "" } else { "s" }
        );
        write!(self.out, "{text}")?;
        self.out.flush()?;
        match self.read_line()? {
            Line::Eof => Ok(Some(TurnEnd::Eof)),
            Line::Text(t) if matches!(t.to_lowercase().as_str(), "y" | "yes") => {
                self.m.resign(side)?;
                Ok(Some(TurnEnd::Played))
            }
            _ => Ok(None),
        }
    }
}

/// Takes an entry: a whole legal play on one line is returned to be played
/// at once; otherwise its single moves go into the turn being built (and
/// `None` is returned), or nothing changes and the reason is returned.
fn enter(pos: &Position, tb: &mut TurnBuilder, text: &str) -> Result<Option<Play>, PlayError> {
    let full = if tb.moves().is_empty() {
        match parse_play(pos, tb.dice(), text) {
            Ok(play) => return Ok(Some(play)),
            Err(e @ (PlayError::Syntax { .. } | PlayError::MustPass(_) | PlayError::CannotPass(_))) => return Err(e),
            Err(e) => Some(e),
        }
    } else {
        None
    };
    let Some(hops) = input::hops(text) else {
        return Err(full.unwrap_or_else(|| PlayError::NotLegal(input::shorten(text, 40))));
    };
    let before = tb.moves().len();
    for (from, to) in hops {
        if let Err(e) = tb.play_move(from, to) {
            while tb.moves().len() > before {
                tb.undo();
            }
            return Err(e);
        }
    }
    Ok(None)
}

fn move_text(from: u8, to: u8) -> String {
    if to == 0 { format!("{from}/off") } else { format!("{from}/{to}") }
}

/// Lays short texts out in columns within 80 characters.
fn columns(items: &[String]) -> String {
    let width = items.iter().map(|s| s.chars().count()).max().unwrap_or(0) + 3;
    let per_line = (78 / width.max(1)).max(1);
    items
        .chunks(per_line)
        .map(|row| {
            let line: String = row.iter().map(|s| format!("{s:<width$}")).collect();
            format!("  {}", line.trim_end())
        })
        .collect::<Vec<_>>()
        .join("\n")
}

const HELP: &str = "\
Enter a play in notation, points in your own numbering (24 is your start,
you bear off past 1):
  24/18 13/7      two checkers         24/20/14   one checker, both dice
  24/18(2)        the same move twice  6/off      bear off
  24/18           one checker at a time: each move is shown on the board;
                  press Enter (or `ok`) to confirm once the turn is complete
Commands:
  ? or moves   the legal plays (mid-turn: the moves that can follow)
  hint         the engine's best plays, with equities
  undo         take back the last single move;  reset: take back all
  board        draw the board again
  save         save now (every move is saved anyway)
  resign       give up this game
  quit         save and stop; `plakoto play --resume FILE` continues
  help         this text";

#[cfg(test)]
mod tests {
    use super::*;
    use plakoto_core::Reason;
    use plakoto_core::game::Players;

    fn session(input: &str, white: PlayerName, black: PlayerName) -> (End, String, Match) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.json");
        let m = Match::new(1, 42, Players { white, black }).unwrap();
        check_players(&m).unwrap();
        let mut out = Vec::new();
        let eval = NeuralEval::shipped(None);
        let mut s = Session::new(m, eval, path.clone(), Style::PLAIN, input.as_bytes(), &mut out);
        let end = s.run().unwrap();
        let saved = crate::records::load(&path).unwrap();
        assert_eq!(saved.record(), s.m.record());
        (end, String::from_utf8(out).unwrap(), saved)
    }

    fn engine(level: &str) -> PlayerName {
        PlayerName::Engine(level.into())
    }

    const HUMAN: PlayerName = PlayerName::Human;

    #[test]
    fn a_record_naming_an_unknown_level_is_refused() {
        let m = Match::new(1, 1, Players { white: engine("external:sh"), black: HUMAN }).unwrap();
        let e = check_players(&m).unwrap_err().to_string();
        assert!(e.contains("unknown level"), "{e}");
    }

    #[test]
    fn engines_play_a_whole_game() {
        let (end, out, m) = session("", engine("random"), engine("heuristic"));
        assert_eq!(end, End::MatchOver);
        assert!(m.is_over());
        assert!(out.contains("Opening roll: "), "{out}");
        assert!(out.contains("wins"), "{out}");
    }

    #[test]
    fn eof_at_the_first_prompt_saves_and_stops() {
        let (end, out, m) = session("", HUMAN, HUMAN);
        assert_eq!(end, End::Eof);
        assert!(out.contains("plakoto play --resume"), "{out}");
        assert!(m.game().dice().is_some());
    }

    #[test]
    fn commands_and_nonsense_are_answered() {
        let (end, out, _) =
            session("\n?\nhint\nfoo\nundo\n99/1\n24/18/off\nhelp\nsave\nresign\nno\nquit\n", HUMAN, HUMAN);
        assert_eq!(end, End::Quit);
        for expected in ["legal play", "The engine's choice", "is not a play or a command", "Nothing to undo"] {
            assert!(out.contains(expected), "{expected}: {out}");
        }
        assert!(out.contains("Not played: "), "{out}");
        assert!(out.contains("Not resigned"), "{out}");
    }

    #[test]
    fn resigning_ends_the_game_for_two_points() {
        let (end, out, m) = session("resign\nyes\n", HUMAN, HUMAN);
        assert_eq!(end, End::MatchOver);
        let r = m.games()[0].result().unwrap();
        assert_eq!((r.points, r.reason), (2, Reason::Resign));
        assert!(out.contains("resigns"), "{out}");
    }
}
