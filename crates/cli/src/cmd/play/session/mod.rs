//! Driving a match at the terminal: rolling through the `Match` (of any of
//! Tavli's games, a Tavli match too), asking the person for a play or the
//! engine for its choice, announcing what happens, and saving the record
//! after every move.

use std::fmt::Display;
use std::io::Write;
use std::path::PathBuf;

use anyhow::{Result, anyhow};
use tavli_core::game::{Match, PlayerName, Start};
use tavli_core::tavli::{AnyPlay, AnyPosition, AnyTurn, GameKind, GamePlay, GamePosition, MatchGames, MatchRules};
use tavli_core::{Color, Dice, GameResult, Move, PlayError};
use tavli_engine::met::MatchScore;
use tavli_engine::{ByGame, GameEvals, GameVisitor, NetGame, NeuralEval, Player, Search, TavliPlayer, levels};

use super::advice::{self, HINT_PLY};
use super::announce::{self, Voice};
use super::format::{self, columns, move_text, moves_text};
use super::help_text;
use super::input::{self, Command, Line, ReadLine};
use super::reasons;
use super::render::{self, BoardView, Marks, Style};
use super::tavli_text;
use super::text::{self, Lang};
use tavli_engine::NetEval;

/// `?` lists at most this many plays (doublets can have hundreds).
const LIST_SHOWN: usize = 60;

/// Checks that every engine player a match names is a built-in level.
/// Only built-in levels are taken from a record: a file must never be able
/// to start a program or read a file.
pub fn check_players<P: GamePosition>(m: &Match<P>, lang: Lang) -> Result<()> {
    for side in [Color::White, Color::Black] {
        if let PlayerName::Engine(level) = m.players().get(side) {
            levels::level(level).map_err(|e| {
                let why = match lang {
                    Lang::En => e.to_string(),
                    Lang::El | Lang::Bg => {
                        let shown: String = e.0.chars().filter(|c| !c.is_control()).take(40).collect();
                        let names: Vec<&str> = tavli_engine::LEVELS.iter().map(|l| l.name).collect();
                        text::unknown_level(lang, &shown, &names.join(", "))
                    }
                };
                let side = match lang {
                    Lang::En => text::colour(lang, side),
                    Lang::El | Lang::Bg => text::genitive(lang, side),
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
    m: Match<AnyPosition>,
    /// What the engine levels and hints evaluate with.
    eval: NeuralEval,
    /// Each game's evaluator for hints and ratings (made once).
    evals: GameEvals,
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
    pub fn new(m: Match<AnyPosition>, eval: NeuralEval, save_path: PathBuf, style: Style, input: I, out: W) -> Self {
        Session {
            m,
            evals: GameEvals::around(eval.clone()),
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
        // A game not begun: no turn played, nothing rolled but (when the
        // opening dice are played, Mahbusa's rule) the opening dice.
        let game = self.m.game();
        if game.turns().is_empty() && (game.dice().is_none() || game.pending_opening_dice().is_some()) {
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
                Some(r) => {
                    self.announce_result(gi, r)?;
                    if let Some(how) = self.pause_between_games()? {
                        return self.stop(how);
                    }
                }
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
        // In the mover's numbering, and the board's beside it.
        let reader = self.reader(game.position().turn());
        let play = Dice::new(turn.dice[0], turn.dice[1])
            .ok()
            .and_then(|d| before.legal_plays(d).into_iter().find(|p| &p.position() == game.position()))
            .filter(|p| !p.is_pass())
            .map(|p| format::play_for(self.lang, &p, reader));
        let play = if turn.moves.is_empty() { None } else { play.or_else(|| Some(turn.notation.clone())) };
        (marks, Some(self.voice().played(turn.side, dice, play.as_deref())))
    }

    /// Who reads the board when `on_roll` is to play (the one person
    /// playing the computer, or the person on roll between two): the other
    /// side's plays are also written in that reader's numbering, beside
    /// the mover's own ([`format::play_for`]); `None` when no person plays.
    fn reader(&self, on_roll: Color) -> Option<Color> {
        (self.is_person(Color::White) || self.is_person(Color::Black)).then(|| self.viewpoint(on_roll))
    }

    /// Draws `pos` as a board of game `gi` (from 0), with the dice of the
    /// side on roll (and those left), the last play marked, a caption.
    fn show_board(
        &mut self,
        pos: &AnyPosition,
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
            rotation: self.rotation(gi),
            over,
            marks,
            caption,
        };
        let board = render::render(&view, self.style);
        write!(self.out, "\n{board}\n")?;
        Ok(())
    }

    /// Is this a match of Plakoto alone (as before Tavli)?
    fn plakoto_only(&self) -> bool {
        self.m.rules().games == MatchGames::Only(GameKind::Plakoto)
    }

    /// For the board's title, in a match not of Plakoto alone (whose title
    /// then names its game): in a Tavli match, the game after game `gi`
    /// (none once the match is over).
    fn rotation(&self, gi: usize) -> Option<Option<GameKind>> {
        if self.plakoto_only() {
            return None;
        }
        let game = &self.m.games()[gi];
        let kind = game.position().kind();
        let over = self.m.is_over() && gi + 1 == self.m.games().len();
        let drawn = game.result().is_some_and(|r| r.winner.is_none());
        let rotates = self.m.rules().games.rotation().len() > 1;
        Some((!over && rotates).then(|| self.m.rules().next_game(kind, drawn)))
    }

    /// The score the engine plays `side` by: the match's, valued by the
    /// table of the match's games (a match of one game by that game's own
    /// table, a Tavli match by the rotation's, where the next game
    /// matters).
    fn engine_score(&self, side: Color) -> MatchScore {
        MatchScore::of(&self.m, side)
    }

    // ----- announcements -----

    fn announce_game_start(&mut self) -> Result<()> {
        self.announced = self.m.games().len();
        let n = self.m.games().len();
        let kind = self.m.game().position().kind();
        let lang = self.lang;
        let head = if !self.plakoto_only() {
            tavli_text::game_head(lang, n, kind, self.m.rules().games, self.m.target())
        } else if self.m.target() == 1 {
            text::game_head(lang, n)
        } else {
            text::game_head_match(lang, n, self.m.target())
        };
        match self.m.rules().games {
            MatchGames::Tavli if n == 1 => self.say(format!("\n{}", tavli_text::tavli_rotation(lang)))?,
            MatchGames::Tabla if n == 1 => self.say(format!("\n{}", tavli_text::tabla_rotation(lang)))?,
            _ => {}
        }
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
            // A rotating match goes on to the next game (Fevga, Tabla).
            let next = self.m.game().position().kind();
            if self.m.rules().games.rotation().len() > 1 && next != self.m.games()[gi].position().kind() {
                self.say(tavli_text::after_draw_rotates(self.lang, tavli_text::game_name(self.lang, next)))?;
            } else {
                self.say(text::next_game_opening(self.lang))?;
            }
        }
        Ok(())
    }

    /// Between two games of a match, a person at a terminal reads the
    /// finished game's board before the next game's first play (the
    /// computer's, perhaps) pushes it up the screen: the session waits for
    /// Enter. Piped input, or nobody playing, does not wait. `quit`, the
    /// end of input or Ctrl-C stop the session there, saved.
    fn pause_between_games(&mut self) -> Result<Option<Stop>> {
        let person = self.is_person(Color::White) || self.is_person(Color::Black);
        if self.m.is_over() || !person || self.echo {
            return Ok(None);
        }
        let n = self.m.games().len();
        let next = self.m.game().position().kind();
        let prompt = text::press_enter_for_game(self.lang, n, tavli_text::game_name(self.lang, next));
        loop {
            write!(self.out, "{prompt} > ")?;
            self.out.flush()?;
            let stop = match self.read_line()? {
                // Ctrl-L or an overlong line: ask again.
                Line::Redraw | Line::TooLong => continue,
                Line::Eof => Some(Stop::Eof),
                Line::Interrupt => Some(Stop::Interrupt),
                Line::Text(t) if input::parse(&t) == Command::Quit => Some(Stop::Quit),
                Line::Text(_) => None,
            };
            return Ok(stop);
        }
    }

    /// Says when a play pinned a mother (the game goes on while the pinner
    /// still has checkers on its own starting point), or freed one.
    fn announce_mothers(&mut self, before: &AnyPosition) -> Result<()> {
        let (AnyPosition::Plakoto(before), AnyPosition::Plakoto(after)) = (before, *self.m.game().position()) else {
            return Ok(()); // only Plakoto pins
        };
        let v = self.voice();
        let played_out = self.m.rules().plakoto_for(after.game()).mother == tavli_core::plakoto::Mother::PlayOut;
        for side in [Color::White, Color::Black] {
            let start = side.to_white_numbering(24);
            let (was, is) = (before.pinned(start) == Some(side), after.pinned(start) == Some(side));
            let said = match (was, is) {
                (false, true) if played_out => announce::mother_played_out(side, &v),
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
        // The roll is shown before the engine thinks: deep levels take a
        // moment. Dice played without a throw (a Gul bara ladder's next
        // stage, a remainder handed over) are no roll.
        let shown = match pos.pending() {
            Some(p) => tavli_text::engine_plays_pending(self.lang, &self.name(side), &p.to_string()),
            None => text::engine_rolls(self.lang, &self.name(side), &dice.to_string()),
        };
        write!(self.out, "{shown}")?;
        self.out.flush()?;
        let PlayerName::Engine(name) = self.m.players().get(side) else { unreachable!("an engine's turn") };
        // Checked when the session began.
        let level = levels::level(name).map_err(|e| anyhow!(e))?;
        // In a match the engine plays for the match at the score, as `duel --match` measures it.
        let mut player = TavliPlayer::of_level(level, &self.eval, self.m.turn_seed(), self.m.rules().games);
        let score = self.engine_score(side);
        player.set_match_score(score.length, score.mine, score.theirs);
        let play = plays[player.choose(&pos, dice, &plays).min(plays.len() - 1)].clone();
        self.m.play(&play)?;
        let written = format::play_for(self.lang, &play, self.reader(side.opponent()));
        self.say(self.style.bold(&written))?;
        Ok(TurnEnd::Played { shown: true })
    }

    fn human_turn(&mut self, side: Color) -> Result<TurnEnd> {
        let pos = *self.m.game().position();
        let dice = self.m.game().dice().expect("rolled");
        let gi = self.m.games().len() - 1;
        let mut tb = AnyTurn::under(&pos, dice, self.m.rules());
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
                Command::Play(text) => match enter(&pos, &mut tb, &text, self.m.rules()) {
                    Ok(Some(play)) => return self.finish(side, play, false),
                    Ok(None) => self.show_turn(&tb)?,
                    Err(e) => {
                        let why = input::shorten(&reasons::reason(self.lang, &e), 200);
                        self.say(text::not_played(self.lang, &why))?
                    }
                },
                Command::List => self.list(&tb)?,
                Command::Hint => {
                    let made = tb.moves();
                    // After moves made, only the plays they can still become
                    // (the turn is built from the position: of its game).
                    let after = !made.is_empty();
                    let reachable = after.then(|| tb.reachable_plays());
                    pos.by_game(Hint { session: self, dice, made: &made, reachable })?
                }
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
                Command::Help => {
                    let kind = self.m.game().position().kind();
                    self.say(help_text::help(self.lang, kind))?
                }
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
    fn stop_turn(&mut self, tb: &AnyTurn, how: Stop) -> TurnEnd {
        self.unsaved = tb.moves();
        TurnEnd::Stop(how)
    }

    fn prompt(&mut self, side: Color, tb: &AnyTurn) -> Result<()> {
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
    fn show_turn(&mut self, tb: &AnyTurn) -> Result<()> {
        let pos = tb.current_position();
        let gi = self.m.games().len() - 1;
        let (marks, caption) = if tb.moves().is_empty() { self.last_turn(gi) } else { (None, None) };
        self.show_board(&pos, Some((tb.dice(), tb.dice_left())), gi, false, marks, caption.as_deref())
    }

    fn finish(&mut self, side: Color, play: AnyPlay, shown: bool) -> Result<TurnEnd> {
        self.m.play(&play)?;
        let said = self.voice().plays(side, &self.style.bold(&play.notation()));
        self.say(said)?;
        Ok(TurnEnd::Played { shown })
    }

    fn list(&mut self, tb: &AnyTurn) -> Result<()> {
        if tb.moves().is_empty() {
            let plays = tb.legal_plays();
            let texts: Vec<String> = plays.iter().map(AnyPlay::notation).collect();
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
    fn hint<P: NetGame>(
        &mut self,
        pos: &P,
        dice: Dice,
        made: &[Move],
        reachable: Option<&[P::Play]>,
        eval: NetEval<P>,
    ) -> Result<()> {
        let lang = self.lang;
        let whom = if self.you() == Some(pos.turn()) {
            text::hint_for_you(lang)
        } else {
            text::hint_for_side(lang, &text::colour(lang, pos.turn()))
        };
        // Ranked as the engine levels would play at this score.
        let score = self.engine_score(pos.turn());
        let search = Search::in_match_of(eval, HINT_PLY, score, self.m.rules().games);
        self.say(advice::hint(lang, &search, pos, dice, made, reachable, &whom, score))
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
        let dice = Dice::new(turn.dice[0], turn.dice[1])?;
        let earlier = if gi + 1 < self.m.games().len() { text::in_game(lang, gi + 1) } else { String::new() };
        // Judged at the score of its game, as the engine would have played it.
        let score = MatchScore::before_game(&self.m, gi, side);
        let games = self.m.rules().games;
        let before = game.positions_before()[ti];
        let after = game.positions_before().get(ti + 1).copied().unwrap_or(*game.position());
        let notation = turn.notation.as_str();
        let said =
            before.by_game(Rate { lang, evals: &self.evals, after, dice, score, games, earlier: &earlier, notation });
        self.say(said)
    }

    /// Resigns the game for `side`. Where the rules give the opponent one
    /// point it asks to confirm; where they give more (2 while `side` has
    /// borne off nothing) it asks how many to give, as GNU Backgammon
    /// offers a single or a double game: the rules' points end the game,
    /// fewer are an offer the opponent accepts or declines (the engine by
    /// its evaluation at the score, a person at this screen by answering).
    fn resign(&mut self, side: Color) -> Result<Option<TurnEnd>> {
        let due = self.m.resignation_points(side).unwrap_or(1);
        let name = self.name(side.opponent());
        let prompt = match due {
            1 => text::resign_prompt_one(self.lang, &name),
            2 => text::resign_prompt_single_or_double(self.lang, &name),
            _ => text::resign_prompt_up_to(self.lang, &name, due),
        };
        let points = loop {
            write!(self.out, "{prompt}")?;
            self.out.flush()?;
            let answer = match self.read_line()? {
                Line::Eof => return Ok(Some(TurnEnd::Stop(Stop::Eof))),
                Line::Interrupt => return Ok(Some(TurnEnd::Stop(Stop::Interrupt))),
                Line::Text(t) => t,
                Line::TooLong | Line::Redraw => continue,
            };
            match text::resignation_answer(&answer, due) {
                text::Answer::Points(n) => break n,
                text::Answer::No => return Ok(None),
                text::Answer::Unclear => {}
            }
        };
        if points < due && !self.offer_accepted(side, points)? {
            return Ok(None);
        }
        self.m.resign_for(side, points)?;
        Ok(Some(TurnEnd::Played { shown: true }))
    }

    /// Whether `side`'s opponent accepts its offer to resign for `points`
    /// (fewer than the rules give), saying the answer.
    fn offer_accepted(&mut self, side: Color, points: u8) -> Result<bool> {
        let other = side.opponent();
        let pts = text::points(self.lang, points);
        let accepted = if self.is_person(other) {
            write!(self.out, "{}", text::offer_to_person(self.lang, &self.name(side), &pts, &self.name(other)))?;
            self.out.flush()?;
            matches!(self.read_line()?, Line::Text(t) if text::is_yes(&t))
        } else {
            let reviewer = tavli_engine::review::Reviewer::with_evals(self.evals.clone(), 0);
            reviewer.accepts_resignation_in(&self.m, side, points)
        };
        let said = if accepted {
            text::offer_accepted(self.lang, &self.name(other))
        } else {
            text::offer_declined(self.lang, &self.name(other), &pts)
        };
        self.say(said)?;
        Ok(accepted)
    }
}

/// Takes an entry: a whole legal play on one line is returned to be played
/// at once; otherwise its single moves go into the turn being built (and
/// `None` is returned), or nothing changes and the reason is returned.
pub(super) fn enter(
    pos: &AnyPosition,
    tb: &mut AnyTurn,
    text: &str,
    rules: &MatchRules,
) -> Result<Option<AnyPlay>, PlayError> {
    if tb.moves().is_empty() {
        match pos.parse_play_under(tb.dice(), text, rules) {
            Ok(play) => return Ok(Some(play)),
            Err(e) if decisive(&e) => return Err(e),
            // Perhaps the start of a play: its single moves say.
            Err(_) => {}
        }
    }
    tb.enter(text).map(|()| None)
}

/// Is a whole play's refusal final, whatever single moves might say (bad
/// writing, or a roll that must or must not be passed)?
fn decisive(e: &PlayError) -> bool {
    matches!(e, PlayError::Syntax { .. } | PlayError::MustPass(_) | PlayError::CannotPass(_))
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
fn id_text(lang: Lang, pos: &AnyPosition, dice: Dice, mid_turn: bool) -> String {
    let when = if mid_turn { text::position_id_mid_turn(lang) } else { String::new() };
    text::position_id(lang, &pos.id(), &when, &text::colour(lang, pos.turn()), &dice.to_string())
}

#[cfg(test)]
mod tests;

/// What `last` says of the play from `before` to `after` (game `P`) with
/// `dice`: how it ranked, searched by `eval` at `score` in a match of
/// `games`; that the roll passed; or that no legal play makes it
/// (`notation` as recorded).
fn rate<P: NetGame>(
    lang: Lang,
    eval: NetEval<P>,
    (before, after): (&P, &P),
    dice: Dice,
    (score, games): (MatchScore, MatchGames),
    earlier: &str,
    notation: &str,
) -> String {
    let Some(play) = before.legal_plays(dice).into_iter().find(|p| p.position() == *after) else {
        return text::last_not_legal(lang, earlier, notation);
    };
    if play.moves().is_empty() {
        return text::last_roll_passed(lang, earlier, &dice.to_string());
    }
    let search = Search::in_match_of(eval, HINT_PLY, score, games);
    advice::rating(lang, &search, before, dice, &play, earlier)
}

/// A hint in the game of the position it is run on, the turn's moves so
/// far `made` and, after some, the plays they can still become.
struct Hint<'a, I, W> {
    session: &'a mut Session<I, W>,
    dice: Dice,
    made: &'a [Move],
    reachable: Option<Vec<AnyPlay>>,
}

impl<I: ReadLine, W: Write> GameVisitor for Hint<'_, I, W> {
    type Out = Result<()>;
    fn visit<P: NetGame>(self, pos: &P) -> Result<()> {
        let reachable: Option<Vec<P::Play>> = self
            .reachable
            .map(|plays| plays.iter().map(|p| P::Play::from_any(p).expect("a turn's plays are of its game")).collect());
        let eval = self.session.evals.get::<P>().clone();
        self.session.hint(pos, self.dice, self.made, reachable.as_deref(), eval)
    }
}

/// How good a play was, in the game of the position before it.
struct Rate<'a> {
    lang: Lang,
    evals: &'a GameEvals,
    after: AnyPosition,
    dice: Dice,
    score: MatchScore,
    games: MatchGames,
    earlier: &'a str,
    notation: &'a str,
}

impl GameVisitor for Rate<'_> {
    type Out = String;
    fn visit<P: NetGame>(self, before: &P) -> String {
        match P::from_any(&self.after) {
            Some(after) => rate(
                self.lang,
                self.evals.get::<P>().clone(),
                (before, &after),
                self.dice,
                (self.score, self.games),
                self.earlier,
                self.notation,
            ),
            None => text::last_not_legal(self.lang, self.earlier, self.notation),
        }
    }
}
