//! Driving a match at the terminal: rolling through the `Match`, asking the
//! person for a play or the engine for its choice, announcing what happens,
//! and saving the record after every move.

use std::fmt::Display;
use std::io::Write;
use std::path::PathBuf;

use anyhow::{Result, anyhow};
use plakoto_core::game::{Match, PlayerName, Start};
use plakoto_core::{Color, Dice, GameResult, Move, Play, PlayError, Position, TurnBuilder, parse_play};
use plakoto_engine::analysis::{self, Judgement, RankedPlay};
use plakoto_engine::{MAX_PLY, NeuralEval, Search, levels};

use super::announce::{self, Voice};
use super::input::{self, Command, Line, ReadLine};
use super::render::{self, BoardView, Marks, Style};

/// The look-ahead of `hint` and `last` (plies of search, as the engine
/// counts them): the deepest the engine searches.
const HINT_PLY: u8 = MAX_PLY;
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
    /// Ctrl-C.
    Interrupted,
}

/// Why a session stops before the match is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    Quit,
    Eof,
    Interrupt,
}

enum TurnEnd {
    /// The turn was played; `shown` when the board after it has been drawn
    /// already (the last single move of a turn entered move by move).
    Played {
        shown: bool,
    },
    Stop(Stop),
}

/// A match being played.
pub struct Session<I, W> {
    m: Match,
    /// What the engine levels and hints evaluate with.
    eval: NeuralEval,
    save_path: PathBuf,
    style: Style,
    input: I,
    out: W,
    /// Games whose start has been announced.
    announced: usize,
    /// Print each line read after its prompt (when input is not a terminal,
    /// which echoes it itself), so a scripted session reads like a played one.
    echo: bool,
    /// The single moves of a turn not finished when the session stopped
    /// (not in the record: it holds whole plays).
    unsaved: Vec<Move>,
}

impl<I: ReadLine, W: Write> Session<I, W> {
    /// A session playing `m` (its players checked by [`check_players`]),
    /// the engine evaluating with `eval`, saving to `save_path`.
    pub fn new(m: Match, eval: NeuralEval, save_path: PathBuf, style: Style, input: I, out: W) -> Self {
        Session { m, eval, save_path, style, input, out, announced: 0, echo: false, unsaved: Vec::new() }
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
        let line = self.input.read_line()?;
        if self.echo {
            match &line {
                Line::Text(t) => writeln!(self.out, "{}", input::shorten(t, 80))?,
                Line::TooLong => writeln!(self.out, "(a line too long to show)")?,
                Line::Eof | Line::Interrupt => {}
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
            if self.input.interrupted() {
                return self.stop(Stop::Interrupt);
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
            let person = self.is_person(side);
            let end = if person { self.human_turn(side)? } else { self.engine_turn(side)? };
            let shown = match end {
                TurnEnd::Played { shown } => shown,
                TurnEnd::Stop(how) => return self.stop(how),
            };
            self.save()?;
            match self.m.games()[gi].result() {
                Some(r) => self.announce_result(gi, r)?,
                None => {
                    // A person follows their play on the board before the
                    // computer's reply is told.
                    let next = self.m.game().position().turn();
                    if person && !shown && !self.is_person(next) {
                        let marks = self.last_turn(gi).0;
                        let pos = *self.m.game().position();
                        self.show_board(&pos, None, gi, false, marks, None)?;
                    }
                    self.announce_mothers(&before)?;
                }
            }
        }
    }

    /// Saves and says how to continue; the single moves of an unfinished
    /// turn are not in the record, and the person is told so.
    fn stop(&mut self, how: Stop) -> Result<End> {
        self.save()?;
        let path = self.save_path.display().to_string();
        let lead = match how {
            Stop::Quit => "",
            Stop::Eof => "\nEnd of input. ",
            Stop::Interrupt => "\nInterrupted. ",
        };
        if let Some(text) = unsaved_text(&self.unsaved) {
            self.say(format!("{lead}{text}"))?;
            self.say(format!("Saved to {path}. Continue with: plakoto play --resume {path}"))?;
        } else {
            self.say(format!("{lead}Saved to {path}. Continue with: plakoto play --resume {path}"))?;
        }
        self.out.flush()?;
        Ok(match how {
            Stop::Quit => End::Quit,
            Stop::Eof => End::Eof,
            Stop::Interrupt => End::Interrupted,
        })
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

    /// A side's name for the board and prompts, in its colour: `White (you)`, `Black (heuristic)`.
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

    /// The one person playing the computer, if exactly one person plays.
    fn you(&self) -> Option<Color> {
        match (self.is_person(Color::White), self.is_person(Color::Black)) {
            (true, false) => Some(Color::White),
            (false, true) => Some(Color::Black),
            _ => None,
        }
    }

    /// How the messages speak: to the one person playing the computer,
    /// else naming both sides.
    fn voice(&self) -> Voice {
        let colour = |c: Color| self.style.side(c, &c.to_string());
        Voice {
            names: [self.name(Color::White), self.name(Color::Black)],
            colours: [colour(Color::White), colour(Color::Black)],
            you: self.you(),
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
        self.voice().score([self.m.score(Color::White), self.m.score(Color::Black)], self.m.target())
    }

    /// The marks of the last turn of game `gi` on the board, and the
    /// caption that says it (`Black (expert) played 13/7* 6/2`); nothing
    /// before the game's first turn.
    fn last_turn(&self, gi: usize) -> (Option<Marks>, Option<String>) {
        let game = &self.m.games()[gi];
        let (Some(turn), Some(before)) = (game.turns().last(), game.positions_before().last()) else {
            return (None, None);
        };
        let marks = Marks::between(before, game.position(), turn.side);
        let dice = format!("{}-{}", turn.dice[0], turn.dice[1]);
        let play = (!turn.moves.is_empty()).then_some(turn.notation.as_str());
        (marks, Some(self.voice().played(turn.side, dice, play)))
    }

    /// Draws `pos` as a board of game `gi` (from 0), with the dice of the
    /// side on roll (and those left), the last play marked, a caption.
    fn show_board(
        &mut self,
        pos: &Position,
        dice: Option<(Dice, &[u8])>,
        gi: usize,
        over: bool,
        marks: Option<Marks>,
        caption: Option<&str>,
    ) -> Result<()> {
        let names = [self.plain_name(Color::White), self.plain_name(Color::Black)];
        let view = BoardView {
            position: pos,
            viewpoint: self.viewpoint(pos.turn()),
            dice,
            names: [&names[0], &names[1]],
            score: [self.m.score(Color::White), self.m.score(Color::Black)],
            match_to: self.m.target(),
            game: gi + 1,
            over,
            marks,
            caption,
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
        let v = self.voice();
        match self.m.game().start() {
            Start::Side(c) => self.say(v.won_last(c)),
            Start::Position(p) => {
                let c = p.turn();
                let text = format!(
                    "The game starts from position {}; {} {} first.",
                    p.id(),
                    v.subject(c),
                    v.verb(c, "play", "plays")
                );
                self.say(text)
            }
            Start::OpeningRoll => {
                self.save()?;
                for [w, b] in self.m.game().opening().to_vec() {
                    self.say(announce::opening(w, b, &v))?;
                }
                Ok(())
            }
        }
    }

    /// The end of game `gi`: its board as it ended (its own number, the
    /// score with its points), the reason and the points, the score.
    fn announce_result(&mut self, gi: usize, r: GameResult) -> Result<()> {
        if self.is_person(Color::White) || self.is_person(Color::Black) {
            let pos = *self.m.games()[gi].position();
            let (marks, caption) = self.last_turn(gi);
            self.show_board(&pos, None, gi, true, marks, caption.as_deref())?;
        }
        let text = announce::result(r, &self.voice());
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
        let v = self.voice();
        for side in [Color::White, Color::Black] {
            let start = side.to_white_numbering(24);
            let (was, is) = (before.pinned(start) == Some(side), after.pinned(start) == Some(side));
            let text = match (was, is) {
                (false, true) => announce::mother_pinned(side, &v),
                (true, false) => announce::mother_freed(side, &v),
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
            let text = self.voice().wins_match(w, self.m.score(w), self.m.score(w.opponent()));
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
            self.say(self.voice().passes(side, dice))?;
            return Ok(TurnEnd::Played { shown: true });
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
        Ok(TurnEnd::Played { shown: true })
    }

    fn human_turn(&mut self, side: Color) -> Result<TurnEnd> {
        let pos = *self.m.game().position();
        let dice = self.m.game().dice().expect("rolled");
        let gi = self.m.games().len() - 1;
        let mut tb = TurnBuilder::new(&pos, dice);
        // The pending dice go into the record while the person thinks.
        self.save()?;
        let (marks, caption) = self.last_turn(gi);
        self.show_board(&pos, Some((dice, tb.dice_left())), gi, false, marks, caption.as_deref())?;
        if tb.is_pass() {
            self.say(self.voice().passes(side, dice))?;
            self.m.play(&tb.legal_plays()[0])?;
            return Ok(TurnEnd::Played { shown: true });
        }
        loop {
            self.prompt(side, &tb)?;
            let text = match self.read_line()? {
                Line::Eof => return Ok(self.stop_turn(&tb, Stop::Eof)),
                Line::Interrupt => return Ok(self.stop_turn(&tb, Stop::Interrupt)),
                Line::TooLong => {
                    self.say(format!("That line is too long (over {} characters); it was ignored.", input::MAX_LINE))?;
                    continue;
                }
                Line::Text(t) => t,
            };
            match input::parse(&text) {
                Command::Empty | Command::Confirm => match tb.complete() {
                    Some(play) if !tb.moves().is_empty() => return self.finish(side, play, true),
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
                    Ok(Some(play)) => return self.finish(side, play, false),
                    Ok(None) => self.show_turn(&tb)?,
                    Err(e) => self.say(format!("Not played: {}", input::shorten(&e.to_string(), 200)))?,
                },
                Command::List => self.list(&tb)?,
                Command::Hint => self.hint(&pos, dice, &tb.moves())?,
                Command::Last => self.rate_last(side)?,
                Command::Id => self.say(id_text(&pos, dice, !tb.moves().is_empty()))?,
                Command::Undo => match tb.undo() {
                    Some(m) => {
                        self.say(format!("Took back {}.", move_text(m)))?;
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
                    let path = self.save_path.display();
                    let text = match tb.moves().as_slice() {
                        [] => format!("Saved to {path} (every play is saved anyway)."),
                        moves => format!(
                            "Saved to {path} (every play is saved anyway).\nThe record holds whole plays: \
                             {} of this turn {} saved once you finish the turn.",
                            moves_text(moves),
                            if moves.len() == 1 { "is" } else { "are" }
                        ),
                    };
                    self.say(text)?;
                }
                Command::Resign => match self.resign(side)? {
                    Some(TurnEnd::Stop(how)) => return Ok(self.stop_turn(&tb, how)),
                    Some(end) => return Ok(end),
                    None => self.say("Not resigned; play on.")?,
                },
                Command::Quit => return Ok(self.stop_turn(&tb, Stop::Quit)),
                Command::Unknown(t) => self.say(format!(
                    "`{}` is not a play or a command: enter a play like 24/18 13/7, or `help`.",
                    input::shorten(&t, 40)
                ))?,
            }
        }
    }

    /// Stops in the middle of a turn, remembering the single moves made.
    fn stop_turn(&mut self, tb: &TurnBuilder, how: Stop) -> TurnEnd {
        self.unsaved = tb.moves();
        TurnEnd::Stop(how)
    }

    fn prompt(&mut self, side: Color, tb: &TurnBuilder) -> Result<()> {
        let moves: Vec<String> = tb.moves().into_iter().map(move_text).collect();
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

    /// Redraws the board mid-turn, with the dice not used yet; before the
    /// first move, with the opponent's last play marked.
    fn show_turn(&mut self, tb: &TurnBuilder) -> Result<()> {
        let pos = tb.current_position();
        let gi = self.m.games().len() - 1;
        let (marks, caption) = if tb.moves().is_empty() { self.last_turn(gi) } else { (None, None) };
        self.show_board(&pos, Some((tb.dice(), tb.dice_left())), gi, false, marks, caption.as_deref())
    }

    fn finish(&mut self, side: Color, play: Play, shown: bool) -> Result<TurnEnd> {
        self.m.play(&play)?;
        let text = self.voice().plays(side, &self.style.bold(&play.notation()));
        self.say(text)?;
        Ok(TurnEnd::Played { shown })
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
            let next: Vec<String> = tb.legal_moves().into_iter().map(move_text).collect();
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

    /// The engine's best plays for the roll at full depth, with their
    /// chances; in the middle of a turn, the plays that go on from the
    /// moves made, and what those moves cost.
    fn hint(&mut self, pos: &Position, dice: Dice, made: &[Move]) -> Result<()> {
        let search = Search::new(self.eval.clone(), HINT_PLY);
        let c = match analysis::rank_from(&search, pos, dice, made) {
            Ok(c) => c,
            Err(e) => return self.say(format!("No hint: {e}")),
        };
        let shown = &c.plays[..c.plays.len().min(HINT_SHOWN)];
        let whom = if self.you() == Some(pos.turn()) { "you".to_string() } else { pos.turn().to_string() };
        self.say(hint_head(dice, made, c.best.ply, &whom))?;
        self.say(hint_table(shown, c.best.ply))?;
        if c.plays.len() > HINT_SHOWN {
            let n = c.plays.len() - HINT_SHOWN;
            self.say(format!("  … and {n} more play{}.", if n == 1 { "" } else { "s" }))?;
        }
        if !made.is_empty() {
            self.say(so_far_text(made, &c.plays, &c.best, c.loss))?;
        }
        Ok(())
    }

    /// How the person's last play ranked among the plays of its roll,
    /// searched as deep as `hint` searches.
    fn rate_last(&mut self, side: Color) -> Result<()> {
        let found = self.m.games().iter().enumerate().rev().find_map(|(gi, g)| {
            let ti = g.turns().iter().rposition(|t| t.side == side)?;
            Some((gi, ti))
        });
        let Some((gi, ti)) = found else {
            return self.say("You have not played yet in this match.");
        };
        let game = &self.m.games()[gi];
        let turn = &game.turns()[ti];
        let before = game.positions_before()[ti];
        let after = game.positions_before().get(ti + 1).copied().unwrap_or(*game.position());
        let dice = Dice::new(turn.dice[0], turn.dice[1])?;
        let earlier = if gi + 1 < self.m.games().len() { format!(" (in game {})", gi + 1) } else { String::new() };
        let Some(play) = before.legal_plays(dice).into_iter().find(|p| p.position() == &after) else {
            return self.say(format!("Your last play{earlier}, {}, is not a legal play: a bug.", turn.notation));
        };
        if play.is_pass() {
            return self.say(format!("Your last roll{earlier}, {dice}, had no legal move."));
        }
        let search = Search::new(self.eval.clone(), HINT_PLY);
        match analysis::judge(&search, &before, dice, &play) {
            Some(j) => self.say(rating_text(&play, dice, &j, &earlier)),
            None => self.say("That play cannot be rated (the game was over)."),
        }
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
            Line::Eof => Ok(Some(TurnEnd::Stop(Stop::Eof))),
            Line::Interrupt => Ok(Some(TurnEnd::Stop(Stop::Interrupt))),
            Line::Text(t) if matches!(t.to_lowercase().as_str(), "y" | "yes") => {
                self.m.resign(side)?;
                Ok(Some(TurnEnd::Played { shown: true }))
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

fn move_text(m: Move) -> String {
    if m.to == 0 { format!("{}/off", m.from) } else { format!("{}/{}", m.from, m.to) }
}

fn moves_text(moves: &[Move]) -> String {
    moves.iter().map(|&m| move_text(m)).collect::<Vec<_>>().join(" ")
}

/// What quitting in the middle of a turn leaves out of the record (it holds
/// whole plays); `None` when no single move was made.
fn unsaved_text(moves: &[Move]) -> Option<String> {
    match moves.len() {
        0 => None,
        1 => Some(format!(
            "The move {} of this turn is not saved; you will play the whole turn again.",
            moves_text(moves)
        )),
        _ => Some(format!(
            "The moves {} of this turn are not saved; you will play the whole turn again.",
            moves_text(moves)
        )),
    }
}

/// `x` with three decimals, never `-0.000`.
pub fn fixed3(x: f32) -> String {
    let s = format!("{x:.3}");
    if s == "-0.000" { "0.000".into() } else { s }
}

/// `x` with a sign and three decimals, never `-0.000`.
pub fn signed3(x: f32) -> String {
    let s = format!("{x:+.3}");
    if s == "-0.000" { "+0.000".into() } else { s }
}

/// A difference to the best play as shown: `loss 0.100`, nothing for the
/// best (or one that scores the same).
pub fn loss_text(diff: f32) -> String {
    if fixed3(diff) == "0.000" { String::new() } else { format!("loss {}", fixed3(diff)) }
}

fn percent(x: f32) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// The head of a hint; `whom` the side on roll as the messages call it
/// (`you`, `White`).
fn hint_head(dice: Dice, made: &[Move], ply: u8, whom: &str) -> String {
    let after = if made.is_empty() { String::new() } else { format!(" after {}", moves_text(made)) };
    format!("The engine's choice for {dice}{after}, searched {ply}-ply (equity and chances for {whom}):")
}

/// The ranked plays as a table: equity, loss against the best, and the
/// chances to win, to win double and to lose double; a play searched less
/// deep than `ply` says how deep.
fn hint_table(plays: &[RankedPlay], ply: u8) -> String {
    let notes: Vec<String> = plays.iter().map(|r| r.play.notation()).collect();
    let width = notes.iter().map(|n| n.chars().count()).max().unwrap_or(0).max(12);
    let mut lines = vec![format!(
        "     {:<width$}  {:>6}  {:>10}  {:>6}  {:>10}  {:>11}",
        "play", "equity", "", "win", "win double", "lose double"
    )];
    for (i, (r, n)) in plays.iter().zip(&notes).enumerate() {
        let p = r.probabilities;
        let depth = if r.ply < ply { format!("  ({}-ply)", r.ply) } else { String::new() };
        lines.push(format!(
            "  {}. {n:<width$}  {:>6}  {:>10}  {:>6}  {:>10}  {:>11}{depth}",
            i + 1,
            signed3(r.equity),
            loss_text(r.diff),
            percent(p.win),
            percent(p.win_double),
            percent(p.lose_double),
        ));
    }
    lines.iter().map(|l| l.trim_end().to_string()).collect::<Vec<_>>().join("\n")
}

/// How the single moves made so far compare with the best play.
fn so_far_text(made: &[Move], plays: &[RankedPlay], best: &RankedPlay, loss: f32) -> String {
    let (what, verb) = if made.len() == 1 { ("move", "is") } else { ("moves", "are") };
    let moves = moves_text(made);
    if plays.iter().any(|r| r.play.position() == best.play.position()) {
        format!("Your {what} so far, {moves}, {verb} the start of the best play, {}.", best.play.notation())
    } else {
        let lose = if made.len() == 1 { "loses" } else { "lose" };
        format!("Your {what} so far, {moves}, {lose} {} against the best play, {}.", fixed3(loss), best.play.notation())
    }
}

/// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`.
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// How a play ranked: `Your last play, 24/18/14 (6-4), was the 2nd best of 2
/// plays: loss 0.100 against the best, 24/18 24/20 (searched 2-ply).`
fn rating_text(play: &Play, dice: Dice, j: &Judgement, earlier: &str) -> String {
    let head = format!("Your last play{earlier}, {} ({dice}),", play.notation());
    let depth = format!("searched {}-ply", j.best.ply.max(j.played.ply));
    if j.of == 1 {
        return format!("{head} was the only legal play.");
    }
    let same = j.best.play.position() == play.position();
    if j.rank == 1 && (same || fixed3(j.loss) == "0.000") {
        let tie = if same { String::new() } else { format!(", as good as {}", j.best.play.notation()) };
        return format!("{head} was the best of {} plays{tie} ({depth}).", j.of);
    }
    let rank = if j.rank == 1 { "as good as the best".to_string() } else { format!("the {} best", ordinal(j.rank)) };
    format!(
        "{head} was {rank} of {} plays: loss {} against the best, {} ({depth}).",
        j.of,
        fixed3(j.loss),
        j.best.play.notation()
    )
}

/// The position ID of the turn and how to use it.
fn id_text(pos: &Position, dice: Dice, mid_turn: bool) -> String {
    let id = pos.id();
    let when = if mid_turn { " (the position at the start of this turn)" } else { "" };
    format!(
        "Position ID {id}{when}: {} to play {dice}.\n`plakoto hint {id} {dice}` ranks its plays;\n\
         `plakoto play --position {id}` plays a game from it.",
        pos.turn()
    )
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
On the board, - and + mark where the last play moved from and to.
Commands:
  ? or moves   the legal plays (mid-turn: the moves that can follow)
  hint         the engine's best plays (2-ply), with equities and chances;
               mid-turn: the plays that go on from your moves, and their cost
  last         how your last play ranked (also `rate`, `hint last`)
  undo         take back the last single move;  reset: take back all
  board        draw the board again
  id           the position ID (for `plakoto hint`, `plakoto play --position`)
  save         save now (every play is saved anyway)
  resign       give up this game
  quit         save and stop; `plakoto play --resume FILE` continues
               (single moves of an unfinished turn are not saved)
  help         this text";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::play::input::LineReader;
    use plakoto_core::Reason;
    use plakoto_core::game::Players;

    fn session(input: &str, white: PlayerName, black: PlayerName) -> (End, String, Match) {
        let m = Match::new(1, 42, Players { white, black }).unwrap();
        session_of(m, input)
    }

    fn session_of(m: Match, input: &str) -> (End, String, Match) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.json");
        check_players(&m).unwrap();
        let mut out = Vec::new();
        let eval = NeuralEval::shipped(None);
        let mut s = Session::new(m, eval, path.clone(), Style::PLAIN, LineReader::new(input.as_bytes()), &mut out);
        let end = s.run().unwrap();
        let saved = crate::records::load(&path).unwrap();
        assert_eq!(saved.record(), s.m.record());
        (end, String::from_utf8(out).unwrap(), saved)
    }

    fn engine(level: &str) -> PlayerName {
        PlayerName::Engine(level.into())
    }

    const HUMAN: PlayerName = PlayerName::Human;

    fn search() -> Search<NeuralEval> {
        Search::new(NeuralEval::shipped(None), HINT_PLY)
    }

    /// The first roll of seed 42's match between two people, and its position.
    fn first_roll() -> (Match, Position, Dice) {
        let mut m = Match::new(1, 42, Players::people()).unwrap();
        let dice = m.roll().unwrap();
        let pos = *m.game().position();
        (m, pos, dice)
    }

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
            session("\n?\nhint\nfoo\nundo\n99/1\n24/18/off\nhelp\nsave\nresign\nno\nid\nlast\nquit\n", HUMAN, HUMAN);
        assert_eq!(end, End::Quit);
        for expected in [
            "legal play",
            "The engine's choice",
            "is not a play or a command",
            "Nothing to undo",
            "Position ID ",
            "You have not played yet",
            "how your last play ranked",
        ] {
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

    #[test]
    fn hint_searches_two_ply_and_shows_the_chances() {
        let (_, pos, dice) = first_roll();
        let (_, out, _) = session("hint\nquit\n", HUMAN, HUMAN);
        let ranked = analysis::rank_plays(&search(), &pos, dice);
        assert_eq!(ranked[0].ply, 2);
        let head = format!("The engine's choice for {dice}, searched 2-ply (equity and chances for {}):", pos.turn());
        assert_eq!(head, hint_head(dice, &[], 2, &pos.turn().to_string()));
        let table = hint_table(&ranked[..ranked.len().min(HINT_SHOWN)], 2);
        assert!(out.contains(&format!("{head}\n{table}\n")), "{out}");
        assert!(table.contains("win double") && table.contains("lose double"), "{table}");
        let best = &ranked[0];
        assert!(table.contains(&percent(best.probabilities.win_double)), "{table}");
        assert!(!out.contains("-0.000"), "{out}");
    }

    #[test]
    fn hint_mid_turn_ranks_what_follows_the_moves_made_and_quit_says_they_are_dropped() {
        let (_, pos, dice) = first_roll();
        let plays = pos.legal_plays(dice);
        // A first move that is not the start of the best play, if there is one.
        let best = analysis::rank_plays(&search(), &pos, dice)[0].play;
        let first =
            plays.iter().map(|p| p.moves()[0]).find(|m| best.moves().first() != Some(m)).unwrap_or(plays[0].moves()[0]);
        let input = format!("{}\nhint\nquit\n", move_text(first));
        let (end, out, m) = session(&input, HUMAN, HUMAN);
        assert_eq!(end, End::Quit);
        let c = analysis::rank_from(&search(), &pos, dice, &[first]).unwrap();
        let head = hint_head(dice, &[first], 2, &pos.turn().to_string());
        assert!(head.contains(&format!(" after {}", move_text(first))), "{head}");
        assert!(out.contains(&head), "{out}");
        let verdict = so_far_text(&[first], &c.plays, &c.best, c.loss);
        assert!(out.contains(&verdict), "{verdict}\n{out}");
        assert!(verdict.starts_with(&format!("Your move so far, {}, ", move_text(first))), "{verdict}");
        assert!(verdict.contains("the start of the best play") || verdict.contains(" against the best play, "));
        assert!(out.contains(&format!(
            "The move {} of this turn is not saved; you will play the whole turn again.\nSaved to ",
            move_text(first)
        )));
        assert!(m.game().turns().is_empty());
    }

    #[test]
    fn so_far_says_the_start_of_the_best_play_or_the_loss() {
        let pos = plakoto_core::pos!(White; white {13: 5, 8: 5, 6: 5}; black {1: 15});
        let dice = Dice::new(6, 3).unwrap();
        let search = Search::new(NeuralEval::shipped(None), 0);
        let best = analysis::rank_plays(&search, &pos, dice)[0].play;
        let start = best.moves()[0];
        let c = analysis::rank_from(&search, &pos, dice, &[start]).unwrap();
        assert_eq!(
            so_far_text(&[start], &c.plays, &c.best, c.loss),
            format!("Your move so far, {}, is the start of the best play, {best}.", move_text(start))
        );
        let other = pos
            .legal_plays(dice)
            .iter()
            .map(|p| p.moves()[0])
            .find(|m| {
                let c = analysis::rank_from(&search, &pos, dice, &[*m]).unwrap();
                !c.plays.iter().any(|r| r.play.position() == best.position())
            })
            .expect("some first move leaves the best play");
        let c = analysis::rank_from(&search, &pos, dice, &[other]).unwrap();
        assert_eq!(
            so_far_text(&[other], &c.plays, &c.best, c.loss),
            format!("Your move so far, {}, loses {} against the best play, {best}.", move_text(other), fixed3(c.loss))
        );
    }

    #[test]
    fn last_rates_the_persons_own_last_play() {
        let (mut m, pos, dice) = first_roll();
        let plays = pos.legal_plays(dice);
        let mine = plays[plays.len() / 2];
        m.play(&mine).unwrap();
        let dice2 = m.roll().unwrap();
        let theirs = m.game().legal_plays()[0];
        let input = format!("last\n{mine}\nrate\n{theirs}\nhint last\nquit\n");
        let (_, out, _) = session(&input, HUMAN, HUMAN);
        assert!(out.contains("You have not played yet in this match."), "{out}");
        let j = analysis::judge(&search(), &pos, dice, &mine).unwrap();
        let text = rating_text(&mine, dice, &j, "");
        assert!(out.contains(&text), "{text}\n{out}");
        assert!(text.starts_with(&format!("Your last play, {mine} ({dice}), was ")), "{text}");
        assert!(text.contains("(searched 2-ply)") || text.contains("only legal play"), "{text}");
        assert!(text.contains(&format!(" of {} plays", plays.len())) || plays.len() == 1, "{text}");
        // The other player's `rate` rates its own play.
        assert!(
            out.contains("You have not played yet") || out.contains(&format!("Your last play, {theirs} ({dice2})"))
        );
    }

    #[test]
    fn rating_texts() {
        let (pos, dice) = (Position::start(), Dice::new(6, 4).unwrap());
        let search = Search::new(NeuralEval::shipped(None), 0);
        let ranked = analysis::rank_plays(&search, &pos, dice);
        let (best, worst) = (ranked[0].play, ranked.last().unwrap().play);
        let j = analysis::judge(&search, &pos, dice, &best).unwrap();
        assert_eq!(
            rating_text(&best, dice, &j, ""),
            format!("Your last play, {best} (6-4), was the best of {} plays (searched 0-ply).", ranked.len())
        );
        let j = analysis::judge(&search, &pos, dice, &worst).unwrap();
        assert_eq!(
            rating_text(&worst, dice, &j, " (in game 1)"),
            format!(
                "Your last play (in game 1), {worst} (6-4), was the {} best of {} plays: loss {} against the best, \
                 {best} (searched 0-ply).",
                ordinal(j.rank),
                ranked.len(),
                fixed3(j.loss)
            )
        );
        assert_eq!(
            [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal).join(" "),
            "1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 101st 111th"
        );
    }

    #[test]
    fn numbers_never_show_minus_zero() {
        assert_eq!(signed3(-0.0001), "+0.000");
        assert_eq!(signed3(-0.0006), "-0.001");
        assert_eq!(fixed3(-0.0), "0.000");
        assert_eq!(loss_text(0.0), "");
        assert_eq!(loss_text(0.0004), "");
        assert_eq!(loss_text(0.1), "loss 0.100");
    }

    /// White, on roll, with one checker left on its 1-point: any roll wins
    /// 2 points (Black has borne off nothing).
    fn last_checker() -> Position {
        plakoto_core::parse_position(r#"{"turn":"white","board":{"1":1,"12":-15},"off":{"white":14,"black":0}}"#)
            .unwrap()
    }

    #[test]
    fn the_game_over_board_shows_the_finished_game() {
        let m = Match::from_position(3, 1, Players::people(), last_checker()).unwrap();
        let (_, out, m) = session_of(m, "1/off\nquit\n");
        assert_eq!(m.games().len(), 2);
        let over = out.find("game over").expect("a game-over board");
        let title = out[..over].rfind(" Game ").unwrap();
        let title = out[title..].lines().next().unwrap();
        assert_eq!(title, " Game 1 · match to 3 · W White 2, B Black 0", "{out}");
        assert!(out[over..].contains(" White played 1/off\n"), "{out}");
        let next = out.find("=== Game 2 of the match to 3 ===").unwrap();
        assert!(over < next, "{out}");
        assert!(out.contains("Score: White 2, Black 0 (match to 3)."), "{out}");
    }

    #[test]
    fn the_opponents_play_is_marked_and_the_persons_own_play_shown_before_the_reply() {
        let players = Players { white: HUMAN, black: engine("random") };
        let mut replica = Match::from_position(1, 5, players.clone(), Position::start()).unwrap();
        replica.roll().unwrap();
        let mine = replica.game().legal_plays()[0];
        let (_, out, m) =
            session_of(Match::from_position(1, 5, players, Position::start()).unwrap(), &format!("{mine}\nquit\n"));
        let played = out.find(&format!("You play {mine}.")).expect("the play is told");
        let reply = out.find("Black (random) rolls").expect("the reply is told");
        let board_after = out[played..reply].find("-/+ last play: from/to").map(|i| i + played);
        assert!(board_after.is_some(), "the board after the person's play comes before the reply: {out}");
        // The next board marks the computer's play and says it.
        let theirs = &m.game().turns()[1];
        assert!(out[reply..].contains(&format!(" Black (random) played {}\n", theirs.notation)), "{out}");
        assert!(out[reply..].contains("-/+ last play: from/to"), "{out}");
    }

    #[test]
    fn a_person_is_spoken_to_and_not_named() {
        let (_, out, _) = session("quit\n", HUMAN, engine("random"));
        assert!(out.contains("Opening roll: you roll "), "{out}");
        assert!(!out.contains("(you)'s") && !out.contains("White (you) rolls"), "{out}");
    }

    #[test]
    fn the_position_id_is_given_on_request() {
        let (_, pos, dice) = first_roll();
        let (_, out, _) = session("id\nquit\n", HUMAN, HUMAN);
        assert!(out.contains(&id_text(&pos, dice, false)), "{out}");
        assert!(out.contains(&format!("plakoto hint {} {dice}", pos.id())), "{out}");
    }
}
