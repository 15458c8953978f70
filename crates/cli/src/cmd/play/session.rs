//! Driving a match at the terminal: rolling through the `Match`, asking the
//! person for a play or the engine for its choice, announcing what happens,
//! and saving the record after every move.

use std::fmt::Display;
use std::io::Write;
use std::path::PathBuf;

use anyhow::{Result, anyhow};
use plakoto_core::game::{Match, PlayerName, Start};
use plakoto_core::{Color, Dice, GameResult, Move, Play, PlayError, Position, TurnBuilder, parse_play};
use plakoto_engine::met::MatchScore;
use plakoto_engine::{NeuralEval, Search, levels};

use super::advice::{self, HINT_PLY};
use super::announce::{self, Voice};
use super::format::{columns, move_text, moves_text};
use super::input::{self, Command, Line, ReadLine};
use super::render::{self, BoardView, Marks, Style};
use super::text::{self, Lang};

/// `?` lists at most this many plays (doublets can have hundreds).
const LIST_SHOWN: usize = 60;

/// Checks that every engine player a match names is a built-in level.
/// Only built-in levels are taken from a record: a file must never be able
/// to start a program or read a file.
pub fn check_players(m: &Match, lang: Lang) -> Result<()> {
    for side in [Color::White, Color::Black] {
        if let PlayerName::Engine(level) = m.players().get(side) {
            levels::level(level).map_err(|e| {
                let why = match lang {
                    Lang::En => e.to_string(),
                    Lang::El => {
                        let shown: String = e.0.chars().filter(|c| !c.is_control()).take(40).collect();
                        let names: Vec<&str> = plakoto_engine::LEVELS.iter().map(|l| l.name).collect();
                        text::unknown_level(lang, &shown, &names.join(", "))
                    }
                };
                let side = match lang {
                    Lang::En => text::colour(lang, side),
                    Lang::El => text::genitive(lang, side),
                };
                anyhow!(
                    "{}",
                    text::record_player(lang, &side, &input::shorten(&input::clean(level), 40), &input::clean(&why))
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
    /// The language of everything said.
    lang: Lang,
    /// Clear the screen before drawing it again on Ctrl-L (the output is a
    /// terminal).
    clear: bool,
}

/// Clears the screen and puts the cursor at its top left (ANSI).
const CLEAR: &str = "\x1b[H\x1b[2J";

impl<I: ReadLine, W: Write> Session<I, W> {
    /// A session playing `m` (its players checked by [`check_players`]),
    /// the engine evaluating with `eval`, saving to `save_path`.
    pub fn new(m: Match, eval: NeuralEval, save_path: PathBuf, style: Style, input: I, out: W) -> Self {
        Session {
            m,
            eval,
            save_path,
            style,
            input,
            out,
            announced: 0,
            echo: false,
            unsaved: Vec::new(),
            lang: Lang::En,
            clear: false,
        }
    }

    /// Clear the screen before drawing it again on Ctrl-L (for output to a
    /// terminal).
    pub fn clear_screen(mut self, on: bool) -> Self {
        self.clear = on;
        self
    }

    /// Speak `lang` (English unless told).
    pub fn lang(mut self, lang: Lang) -> Self {
        self.lang = lang;
        self
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
                Line::TooLong => writeln!(self.out, "{}", text::line_not_shown(self.lang))?,
                Line::Eof | Line::Interrupt | Line::Redraw => {}
            }
        }
        Ok(line)
    }

    /// Plays until the match is over, the person quits, or input ends.
    pub fn run(&mut self) -> Result<End> {
        self.save()?;
        let path = self.save_path.display().to_string();
        self.say(text::saving(self.lang, &path))?;
        if self.m.game().turns().is_empty() && self.m.game().dice().is_none() {
            self.announced = self.m.games().len() - 1;
        } else {
            self.announced = self.m.games().len();
            let turn = self.m.game().turns().len() + 1;
            let mut said = text::resuming(self.lang, self.m.games().len(), turn);
            if self.m.target() > 1 {
                said = format!("{said} {}", self.score_text());
            }
            self.say(said)?;
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
        let lang = self.lang;
        let lead = match how {
            Stop::Quit => String::new(),
            Stop::Eof => text::end_of_input(lang),
            Stop::Interrupt => text::interrupted(lang),
        };
        if let Some(unsaved) = unsaved_text(lang, &self.unsaved) {
            self.say(format!("{lead}{unsaved}"))?;
            self.say(text::saved_continue(lang, &path))?;
        } else {
            self.say(format!("{lead}{}", text::saved_continue(lang, &path)))?;
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
        let colour = text::colour(self.lang, side);
        match self.m.players().get(side) {
            PlayerName::Engine(level) => format!("{colour} ({})", text::level_name(self.lang, level)),
            _ if self.is_person(side.opponent()) => colour,
            _ => text::you_name(self.lang, &colour),
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
        let names = [self.name(Color::White), self.name(Color::Black)];
        Voice::new(self.lang, names, |c, word| self.style.side(c, word), self.you())
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
        // Written as the board beside it numbers the points.
        let reader = self.reader(game.position().turn());
        let play = Dice::new(turn.dice[0], turn.dice[1])
            .ok()
            .and_then(|d| before.legal_plays(d).into_iter().find(|p| p.position() == game.position()))
            .filter(|p| !p.is_pass())
            .map(|p| reader.map_or_else(|| p.notation(), |r| p.notation_for(r)));
        let play = if turn.moves.is_empty() { None } else { play.or_else(|| Some(turn.notation.clone())) };
        (marks, Some(self.voice().played(turn.side, dice, play.as_deref())))
    }

    /// Whose numbering plays are written in: the person reading the board
    /// when `on_roll` is to play (the one person playing the computer, or
    /// the person on roll between two), so that the other side's plays
    /// read as the board labels the points; `None` when no person plays
    /// (each side's own, as records write them).
    fn reader(&self, on_roll: Color) -> Option<Color> {
        (self.is_person(Color::White) || self.is_person(Color::Black)).then(|| self.viewpoint(on_roll))
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
            lang: self.lang,
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
            text::game_head(self.lang, n)
        } else {
            text::game_head_match(self.lang, n, self.m.target())
        };
        self.say(format!("\n{}", self.style.bold(&format!("=== {head} ==="))))?;
        let v = self.voice();
        match self.m.game().start() {
            Start::Side(c) => self.say(v.won_last(c)),
            Start::Position(p) => self.say(v.starts_from(&p.id(), p.turn())),
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
        let said = announce::result(r, &self.voice());
        self.say(self.style.bold(&said))?;
        if self.m.target() > 1 {
            self.say(self.score_text())?;
        }
        if !self.m.is_over() && r.winner.is_none() {
            self.say(text::next_game_opening(self.lang))?;
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
            let said = match (was, is) {
                (false, true) => announce::mother_pinned(side, &v),
                (true, false) => announce::mother_freed(side, &v),
                _ => continue,
            };
            self.say(said)?;
        }
        Ok(())
    }

    fn announce_match_end(&mut self) -> Result<()> {
        if let Some(w) = self.m.winner()
            && self.m.target() > 1
        {
            let said = self.voice().wins_match(w, self.m.score(w), self.m.score(w.opponent()));
            self.say(self.style.bold(&said))?;
        }
        let path = self.save_path.display().to_string();
        self.say(text::record_saved(self.lang, &path))
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
        write!(self.out, "{}", text::engine_rolls(self.lang, &self.name(side), &dice.to_string()))?;
        self.out.flush()?;
        let PlayerName::Engine(name) = self.m.players().get(side) else { unreachable!("an engine's turn") };
        // Checked when the session began.
        let level = levels::level(name).map_err(|e| anyhow!(e))?;
        // In a match the engine plays for the match at the score, as `duel --match` measures it.
        let mut player = level.player_at(&self.eval, self.m.turn_seed(), MatchScore::of(&self.m, side));
        let play = plays[player.choose(&pos, dice, &plays).min(plays.len() - 1)];
        self.m.play(&play)?;
        let written = self.reader(side.opponent()).map_or_else(|| play.notation(), |r| play.notation_for(r));
        self.say(self.style.bold(&written))?;
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
                    self.say(text::line_too_long(self.lang, input::MAX_LINE))?;
                    continue;
                }
                Line::Redraw => {
                    if self.clear {
                        write!(self.out, "{CLEAR}")?;
                    }
                    self.show_turn(&tb)?;
                    continue;
                }
                Line::Text(t) => t,
            };
            match input::parse(&text) {
                Command::Empty | Command::Confirm => match tb.complete() {
                    Some(play) if !tb.moves().is_empty() => return self.finish(side, play, true),
                    _ if tb.moves().is_empty() => self.say(text::enter_your_play(self.lang))?,
                    _ => {
                        let left: Vec<String> = tb.dice_left().iter().map(u8::to_string).collect();
                        self.say(text::turn_not_complete(self.lang, &left.join(", ")))?
                    }
                },
                Command::Play(text) => match enter(&pos, &mut tb, &text) {
                    Ok(Some(play)) => return self.finish(side, play, false),
                    Ok(None) => self.show_turn(&tb)?,
                    Err(e) => {
                        let why = input::shorten(&text::reason(self.lang, &e), 200);
                        self.say(text::not_played(self.lang, &why))?
                    }
                },
                Command::List => self.list(&tb)?,
                Command::Hint => self.hint(&pos, dice, &tb.moves())?,
                Command::Last => self.rate_last(side)?,
                Command::Id => self.say(id_text(self.lang, &pos, dice, !tb.moves().is_empty()))?,
                Command::Undo => match tb.undo() {
                    Some(m) => {
                        self.say(text::took_back(self.lang, &move_text(m)))?;
                        self.show_turn(&tb)?;
                    }
                    None => self.say(text::nothing_to_undo(self.lang))?,
                },
                Command::Reset => {
                    tb.reset();
                    self.show_turn(&tb)?;
                }
                Command::Help => self.say(text::help(self.lang))?,
                Command::Board => self.show_turn(&tb)?,
                Command::Save => {
                    self.save()?;
                    let (lang, path) = (self.lang, self.save_path.display().to_string());
                    let said = match tb.moves().as_slice() {
                        [] => text::saved_anyway(lang, &path),
                        moves @ [_] => format!(
                            "{}\n{}",
                            text::saved_anyway(lang, &path),
                            text::saved_later_one(lang, &moves_text(moves))
                        ),
                        moves => format!(
                            "{}\n{}",
                            text::saved_anyway(lang, &path),
                            text::saved_later_many(lang, &moves_text(moves))
                        ),
                    };
                    self.say(said)?;
                }
                Command::Resign => match self.resign(side)? {
                    Some(TurnEnd::Stop(how)) => return Ok(self.stop_turn(&tb, how)),
                    Some(end) => return Ok(end),
                    None => self.say(text::not_resigned(self.lang))?,
                },
                Command::Quit => return Ok(self.stop_turn(&tb, Stop::Quit)),
                Command::Unknown(t) => self.say(text::unknown_command(self.lang, &input::shorten(&t, 40)))?,
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
        let prompt = match tb.complete() {
            Some(p) if !moves.is_empty() => {
                text::prompt_confirm(self.lang, &self.name(side), &tb.dice().to_string(), &p.notation())
            }
            _ if moves.is_empty() => format!("{} {} > ", self.name(side), tb.dice()),
            _ => format!("{} {} [{}] > ", self.name(side), tb.dice(), moves.join(" ")),
        };
        write!(self.out, "{prompt}")?;
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
        let said = self.voice().plays(side, &self.style.bold(&play.notation()));
        self.say(said)?;
        Ok(TurnEnd::Played { shown })
    }

    fn list(&mut self, tb: &TurnBuilder) -> Result<()> {
        if tb.moves().is_empty() {
            let plays = tb.legal_plays();
            let texts: Vec<String> = plays.iter().map(Play::notation).collect();
            let (lang, dice) = (self.lang, tb.dice().to_string());
            let head = if texts.len() == 1 {
                text::legal_plays_one(lang, &dice)
            } else {
                text::legal_plays_many(lang, texts.len(), &dice)
            };
            self.say(head)?;
            self.say(columns(&texts[..texts.len().min(LIST_SHOWN)]))?;
            if texts.len() > LIST_SHOWN {
                self.say(text::and_more_plays(lang, texts.len() - LIST_SHOWN))?;
            }
        } else {
            let next: Vec<String> = tb.legal_moves().into_iter().map(move_text).collect();
            if next.is_empty() {
                self.say(text::no_more_moves(self.lang))?;
            } else {
                self.say(text::next_moves(self.lang, &next.join("  ")))?;
            }
            if let Some(p) = tb.complete() {
                self.say(text::or_enter_to_play(self.lang, &p.notation()))?;
            }
        }
        Ok(())
    }

    /// The engine's best plays for the roll at full depth, with their
    /// chances; in the middle of a turn, the plays that go on from the
    /// moves made, and what those moves cost.
    fn hint(&mut self, pos: &Position, dice: Dice, made: &[Move]) -> Result<()> {
        let lang = self.lang;
        let whom = if self.you() == Some(pos.turn()) {
            text::hint_for_you(lang)
        } else {
            text::hint_for_side(lang, &text::colour(lang, pos.turn()))
        };
        let score = MatchScore::of(&self.m, pos.turn());
        let search = Search::at_score(self.eval.clone(), HINT_PLY, score);
        self.say(advice::hint(lang, &search, pos, dice, made, &whom, score))
    }

    /// How the person's last play ranked among the plays of its roll,
    /// searched as deep as `hint` searches.
    fn rate_last(&mut self, side: Color) -> Result<()> {
        let found = self.m.games().iter().enumerate().rev().find_map(|(gi, g)| {
            let ti = g.turns().iter().rposition(|t| t.side == side)?;
            Some((gi, ti))
        });
        let lang = self.lang;
        let Some((gi, ti)) = found else {
            return self.say(text::not_played_yet(lang));
        };
        let game = &self.m.games()[gi];
        let turn = &game.turns()[ti];
        let before = game.positions_before()[ti];
        let after = game.positions_before().get(ti + 1).copied().unwrap_or(*game.position());
        let dice = Dice::new(turn.dice[0], turn.dice[1])?;
        let earlier = if gi + 1 < self.m.games().len() { text::in_game(lang, gi + 1) } else { String::new() };
        let Some(play) = before.legal_plays(dice).into_iter().find(|p| p.position() == &after) else {
            return self.say(text::last_not_legal(lang, &earlier, &turn.notation));
        };
        if play.is_pass() {
            return self.say(text::last_roll_passed(lang, &earlier, &dice.to_string()));
        }
        // Judged at the score of its game, as the engine would have played it.
        let search = Search::at_score(self.eval.clone(), HINT_PLY, MatchScore::before_game(&self.m, gi, side));
        self.say(advice::rating(lang, &search, &before, dice, &play, &earlier))
    }

    /// Asks to confirm, then resigns the game: the opponent gets what it
    /// could still win (2 points while the resigning side has borne off
    /// no checker, else 1).
    fn resign(&mut self, side: Color) -> Result<Option<TurnEnd>> {
        let points = self.m.resignation_points(side).unwrap_or(1);
        let name = self.name(side.opponent());
        let prompt = if points == 1 {
            text::resign_prompt_one(self.lang, &name)
        } else {
            text::resign_prompt_many(self.lang, &name, points)
        };
        write!(self.out, "{prompt}")?;
        self.out.flush()?;
        match self.read_line()? {
            Line::Eof => Ok(Some(TurnEnd::Stop(Stop::Eof))),
            Line::Interrupt => Ok(Some(TurnEnd::Stop(Stop::Interrupt))),
            Line::Text(t) if text::is_yes(&t) => {
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
    if tb.moves().is_empty() {
        match parse_play(pos, tb.dice(), text) {
            Ok(play) => return Ok(Some(play)),
            Err(e @ (PlayError::Syntax { .. } | PlayError::MustPass(_) | PlayError::CannotPass(_))) => return Err(e),
            // Perhaps the start of a play: its single moves say.
            Err(_) => {}
        }
    }
    tb.enter(text).map(|()| None)
}

/// What quitting in the middle of a turn leaves out of the record (it holds
/// whole plays); `None` when no single move was made.
fn unsaved_text(lang: Lang, moves: &[Move]) -> Option<String> {
    match moves.len() {
        0 => None,
        1 => Some(text::unsaved_one(lang, &moves_text(moves))),
        _ => Some(text::unsaved_many(lang, &moves_text(moves))),
    }
}

/// The position ID of the turn and how to use it.
fn id_text(lang: Lang, pos: &Position, dice: Dice, mid_turn: bool) -> String {
    let when = if mid_turn { text::position_id_mid_turn(lang) } else { String::new() };
    text::position_id(lang, &pos.id(), &when, &text::colour(lang, pos.turn()), &dice.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::play::advice::{HINT_SHOWN, hint_head, hint_table, rating_text, so_far_text};
    use crate::cmd::play::format::percent;
    use crate::cmd::play::input::LineReader;
    use plakoto_core::Reason;
    use plakoto_core::game::Players;
    use plakoto_engine::analysis;

    fn session(input: &str, white: PlayerName, black: PlayerName) -> (End, String, Match) {
        let m = Match::new(1, 42, Players { white, black }).unwrap();
        session_of(m, input)
    }

    fn session_of(m: Match, input: &str) -> (End, String, Match) {
        session_in(Lang::En, m, input)
    }

    /// A session in `lang`; its output with the save path taken out.
    fn session_in(lang: Lang, m: Match, input: &str) -> (End, String, Match) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.json");
        check_players(&m, lang).unwrap();
        let mut out = Vec::new();
        let eval = NeuralEval::shipped(None);
        let reader = LineReader::new(input.as_bytes());
        let mut s = Session::new(m, eval, path.clone(), Style::PLAIN, reader, &mut out).lang(lang);
        let end = s.run().unwrap();
        let saved = crate::records::load(&path).unwrap();
        assert_eq!(saved.record(), s.m.record());
        let out = String::from_utf8(out).unwrap().replace(&path.display().to_string(), "ΑΡΧΕΙΟ");
        (end, out, saved)
    }

    /// Asserts that `out` says nothing in English.
    fn all_greek(out: &str) {
        for line in out.lines() {
            let words = text::tests::english_words(line);
            assert!(words.is_empty(), "{words:?} in: {line}\n{out}");
        }
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
        let e = check_players(&m, Lang::En).unwrap_err().to_string();
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
        assert_eq!(head, hint_head(Lang::En, dice, &[], 2, &pos.turn().to_string(), None));
        let table = hint_table(Lang::En, &ranked[..ranked.len().min(HINT_SHOWN)], &ranked[0], 2);
        assert!(out.contains(&format!("{head}\n{table}\n")), "{out}");
        assert!(table.contains("win double") && table.contains("lose double"), "{table}");
        let best = &ranked[0];
        assert!(table.contains(&percent(Lang::En, best.probabilities.win_double)), "{table}");
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
        let head = hint_head(Lang::En, dice, &[first], 2, &pos.turn().to_string(), None);
        assert!(head.contains(&format!(" after {}", move_text(first))), "{head}");
        assert!(out.contains(&head), "{out}");
        let verdict = so_far_text(Lang::En, &[first], &c.plays, &c.best);
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
        let text = rating_text(Lang::En, &mine, dice, &j, "");
        assert!(out.contains(&text), "{text}\n{out}");
        assert!(text.starts_with(&format!("Your last play, {mine} ({dice}), was ")), "{text}");
        assert!(text.contains("(searched 2-ply)") || text.contains("only legal play"), "{text}");
        assert!(text.contains(&format!(" of {} plays", plays.len())) || plays.len() == 1, "{text}");
        // The other player's `rate` rates its own play.
        assert!(
            out.contains("You have not played yet") || out.contains(&format!("Your last play, {theirs} ({dice2})"))
        );
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
        // The next board marks the computer's play and says it, in the person's numbering.
        let g = m.game();
        let dice = Dice::new(g.turns()[1].dice[0], g.turns()[1].dice[1]).unwrap();
        let theirs = g.positions_before()[1].legal_plays(dice).into_iter().find(|p| p.position() == g.position());
        let theirs = theirs.unwrap().notation_for(Color::White);
        assert!(out[reply..].contains(&format!(" Black (random) played {theirs}\n")), "{out}");
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
        assert!(out.contains(&id_text(Lang::En, &pos, dice, false)), "{out}");
        assert!(out.contains(&format!("plakoto hint {} {dice}", pos.id())), "{out}");
    }

    #[test]
    fn a_greek_session_says_everything_in_greek() {
        let (_, pos, dice) = first_roll();
        let first = pos.legal_plays(dice)[0].moves()[0];
        let input = format!(
            "\n?\nυπόδειξη\nfoo\nαναίρεση\n99/1\n24/18/off\n5/3\nbar/20\n24/18(9)\nβοήθεια\nαποθήκευση\nid\n\
             τελευταία\n{}\nυπόδειξη\n?\n\nαποθήκευση\nταμπλό\nπαραίτηση\nόχι\nέξοδος\n",
            move_text(first)
        );
        let (end, out, m) = session_in(Lang::El, Match::new(1, 42, Players::people()).unwrap(), &input);
        assert_eq!(end, End::Quit);
        assert!(m.game().turns().is_empty());
        all_greek(&out);
        for expected in [
            "Κάθε κίνηση αποθηκεύεται στο ΑΡΧΕΙΟ",
            "=== Παρτίδα 1 ===",
            "Πρώτη ζαριά: τα Άσπρα φέρνουν 2, τα Μαύρα φέρνουν 5: ξεκινούν τα Μαύρα.",
            " Παρτίδα 1 · μονή παρτίδα · Α Άσπρα 0, Μ Μαύρα 0",
            "βήματα 360, μαζεμένα 0",
            "νόμιμες κινήσεις με ",
            "Η επιλογή του υπολογιστή για ",
            "διπλό υπέρ",
            "δεν είναι ούτε κίνηση ούτε εντολή",
            "Δεν υπάρχει τίποτα για αναίρεση.",
            "Δεν παίχτηκε: δεν έχεις πούλι στη θέση 5",
            "Δεν παίχτηκε: δεν διαβάζεται το `bar/20`: στο Πλακωτό δεν υπάρχει μπάρα",
            "Εντολές, στα αγγλικά ή στα ελληνικά",
            "Κωδικός θέσης ",
            "Δεν έχεις παίξει ακόμα σε αυτόν τον αγώνα.",
            "Επόμενες κινήσεις: ",
            "Η ζαριά δεν παίχτηκε ολόκληρη: μένουν τα ζάρια ",
            "θα αποθηκευτεί μόλις τελειώσεις τη ζαριά",
            "Παραιτείσαι από την παρτίδα και δίνεις 2 πόντους στα Άσπρα; (ναι/όχι) > ",
            "Δεν παραιτήθηκες· συνέχισε το παιχνίδι.",
            "αυτής της ζαριάς δεν αποθηκεύτηκε· θα παίξεις ξανά όλη τη ζαριά.\nΑποθηκεύτηκε στο ΑΡΧΕΙΟ. Συνέχεια με: plakoto play --resume ΑΡΧΕΙΟ",
        ] {
            assert!(out.contains(expected), "{expected}\n{out}");
        }
    }

    #[test]
    fn a_greek_game_against_the_computer_speaks_to_the_person() {
        let (end, out, m) = session_in(
            Lang::El,
            Match::new(1, 42, Players { white: HUMAN, black: engine("random") }).unwrap(),
            "παραίτηση\nναι\n",
        );
        assert_eq!(end, End::MatchOver);
        assert_eq!(m.games()[0].result().unwrap().reason, Reason::Resign);
        all_greek(&out);
        assert!(out.contains("Πρώτη ζαριά: φέρνεις "), "{out}");
        assert!(out.contains("Άσπρα (εσύ)"), "{out}");
        assert!(out.contains("Παραιτείσαι: τα Μαύρα (τυχαίο) κερδίζουν 2 πόντους."), "{out}");
        assert!(out.contains("Η καταγραφή αποθηκεύτηκε στο ΑΡΧΕΙΟ· δες την ξανά με: plakoto replay ΑΡΧΕΙΟ"), "{out}");
    }

    #[test]
    fn engines_play_a_greek_match() {
        let players = Players { white: engine("random"), black: engine("heuristic") };
        let (end, out, m) = session_in(Lang::El, Match::new(3, 9, players).unwrap(), "");
        assert_eq!(end, End::MatchOver);
        all_greek(&out);
        assert!(out.contains("=== Παρτίδα 2 του αγώνα στους 3 ==="), "{out}");
        assert!(out.contains("Τα Μαύρα (ευρετικό) φέρνουν "), "{out}");
        assert!(out.contains("κερδίζουν τον αγώνα"), "{out}");
        assert!(out.contains("Σκορ: Άσπρα "), "{out}");
        let w = m.winner().unwrap();
        let name =
            if w == Color::White { "Τα Άσπρα (τυχαίο)" } else { "Τα Μαύρα (ευρετικό)" };
        let won = format!("{name} κερδίζουν τον αγώνα {}-{}.", m.score(w), m.score(w.opponent()));
        assert!(out.contains(&won), "{won}\n{out}");
    }

    #[test]
    fn greek_position_ids() {
        let (pos, dice) = (Position::start(), Dice::new(6, 4).unwrap());
        assert_eq!(
            id_text(Lang::El, &pos, dice, true),
            format!(
                "Κωδικός θέσης {id} (η θέση στην αρχή αυτής της ζαριάς): παίζουν τα Άσπρα 6-4.\n\
                 Το `plakoto hint {id} 6-4` κατατάσσει τις κινήσεις της·\n\
                 το `plakoto play --position {id}` ξεκινά μια παρτίδα από αυτήν.",
                id = pos.id()
            )
        );
    }

    #[test]
    fn the_game_over_board_and_score_in_greek() {
        let m = Match::from_position(3, 1, Players::people(), last_checker()).unwrap();
        let (_, out, _) = session_in(Lang::El, m, "1/off\nέξοδος\n");
        all_greek(&out);
        assert!(out.contains("τέλος παρτίδας"), "{out}");
        assert!(out.contains(" Παρτίδα 1 · αγώνας στους 3 · Α Άσπρα 2, Μ Μαύρα 0"), "{out}");
        assert!(out.contains(" Τα Άσπρα έπαιξαν 1/off\n"), "{out}");
        assert!(out.contains("Τα Άσπρα μαζεύουν το τελευταίο τους πούλι και κερδίζουν 2 πόντους (τα Μαύρα δεν μάζεψαν κανένα πούλι: διπλό)."), "{out}");
        assert!(out.contains("Σκορ: Άσπρα 2, Μαύρα 0 (αγώνας στους 3)."), "{out}");
        assert!(
            out.contains("Η παρτίδα ξεκινά από τη θέση ")
                || out.contains("Τα Άσπρα κέρδισαν την προηγούμενη παρτίδα και ξεκινούν."),
            "{out}"
        );
    }

    #[test]
    fn an_unknown_level_is_refused_in_greek() {
        let m = Match::new(1, 1, Players { white: engine("external:sh"), black: HUMAN }).unwrap();
        let e = check_players(&m, Lang::El).unwrap_err().to_string();
        assert!(e.starts_with("ο παίκτης των Άσπρων στην καταγραφή, `external:sh`: άγνωστο επίπεδο"), "{e}");
        assert_eq!(text::tests::english_words(&e), Vec::<String>::new(), "{e}");
    }
}
