//! `plakoto replay FILE`: steps through a saved game or match, turn by turn,
//! drawing the board after each play, forwards and back.

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;

use anyhow::Result;
use plakoto_core::game::{FixedDice, Game, GameRecord, MatchRecord, PlayerName, Start};
use plakoto_core::{Color, Dice, Move};

use super::play::ColorWhen;
use super::play::announce::{self, Voice};
use super::play::input::{Line, LineReader, clean, shorten};
use super::play::render::{self, BoardView, Marks, Style};
use crate::records;

/// Step through a saved game or match (a record written by `plakoto play`).
///
/// The record is checked first: every roll must be what its seed gives and
/// every play legal. On a terminal, Enter shows the next turn, `b` the one
/// before, `t N` turn N of the game, `g N` game N, `help` the commands and
/// `q` stops; with --all, or when stdin is not a terminal, every turn is
/// printed at once. Each board is followed by its position ID.
#[derive(clap::Args)]
pub struct Args {
    /// The game record to replay.
    file: PathBuf,
    /// Print every turn at once instead of stepping with Enter.
    #[arg(long)]
    all: bool,
    /// Number the points from this side's view (default: the one person's
    /// side if one person played, else White).
    #[arg(long, value_name = "COLOUR", value_parser = ["white", "black"])]
    side: Option<String>,
    /// Colour output: auto (only on a terminal, and not when NO_COLOR is set), always, never.
    #[arg(long, value_name = "WHEN", default_value = "auto", value_enum)]
    color: ColorWhen,
}

pub fn run(args: Args) -> Result<()> {
    let m = records::load(&args.file)?;
    let rec = m.record();
    let viewpoint = match args.side.as_deref() {
        Some("black") => Color::Black,
        Some(_) => Color::White,
        None if rec.players.black.is_person() && !rec.players.white.is_person() => Color::Black,
        None => Color::White,
    };
    let style = args.color.style();
    let length = if rec.match_to == 1 { "one game".to_string() } else { format!("match to {}", rec.match_to) };
    // A record's seed is shown once its match is over (while it is played,
    // the dice to come must stay unknown: only the commitment).
    let seed = match (&rec.seed, rec.winner) {
        (Some(s), Some(_)) => format!("seed {s}"),
        _ => match &rec.seed_sha256 {
            Some(c) => format!("seed hidden until the match ends (SHA-256 {}…)", &c[..c.len().min(16)]),
            None => "seed hidden until the match ends".into(),
        },
    };
    let head = format!("{} · {length} · {seed}", args.file.display());
    let steps = steps(&rec, viewpoint, style)?;
    let mut out = io::stdout().lock();
    let result = if !args.all && io::stdin().is_terminal() {
        step_through(&head, &steps, LineReader::new(io::stdin().lock()), &mut out)
    } else {
        print_all(&head, &steps, &mut out)
    };
    match result {
        Err(e) if e.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe) => Ok(()),
        other => other,
    }
}

/// `White`, `Black (heuristic)`: the record's `engine:LEVEL` shown as its
/// level, any other name but `human` as written (without control characters).
fn display_name(side: Color, player: &PlayerName) -> String {
    let shown = |s: &str| shorten(&clean(s), 30);
    match player {
        PlayerName::Engine(level) => format!("{side} ({})", shown(level)),
        PlayerName::Human => side.to_string(),
        PlayerName::Other(name) => format!("{side} ({})", shown(name)),
    }
}

/// One place to stop in a replay: the start of a game, or a turn played.
pub struct Step {
    /// The game, from 1.
    pub game: usize,
    /// The turn of that game, from 1; 0 for the game's start.
    pub turn: usize,
    /// How many turns the game has.
    pub turns: usize,
    /// Everything shown at this step: what happened, the board, the
    /// position ID (and, at the end of a game, its result).
    pub text: String,
}

/// Every step of the record, in order (the record already verified by
/// `Match::from_record`).
fn steps(rec: &MatchRecord, viewpoint: Color, style: Style) -> Result<Vec<Step>> {
    let plain = [display_name(Color::White, &rec.players.white), display_name(Color::Black, &rec.players.black)];
    let names = [style.side(Color::White, &plain[0]), style.side(Color::Black, &plain[1])];
    let colours = [style.side(Color::White, "White"), style.side(Color::Black, "Black")];
    let v = Voice::naming(names, colours);
    let board = |game: &Game, number: usize, score: [u32; 2], marks: Option<Marks>| {
        let view = BoardView {
            position: game.position(),
            viewpoint,
            dice: None,
            names: [&plain[0], &plain[1]],
            score,
            match_to: rec.match_to,
            game: number,
            over: game.result().is_some(),
            marks,
            caption: None,
        };
        format!("\n{}\n Position ID {}\n", render::render(&view, style), game.position().id())
    };
    let mut score = [0u32; 2];
    let mut steps = Vec::new();
    for (gi, g) in rec.games.iter().enumerate() {
        let number = gi + 1;
        let turns = g.turns.len();
        let mut text = format!("\n{}\n", style.bold(&format!("=== Game {number} ===")));
        let mut game = Game::new(g.start);
        match g.start {
            Start::Side(c) => text += &format!("{}\n", v.won_last(c)),
            Start::Position(p) => {
                text += &format!("The game starts from position {}; {} to play.\n", p.id(), v.subject(p.turn()))
            }
            Start::OpeningRoll => {
                for &[w, b] in &g.opening {
                    text += &format!("{}\n", announce::opening(w, b, &v));
                }
                game.opening_roll(&mut FixedDice::new(g.opening.iter().flatten().copied()));
            }
        }
        let end = |game: &Game, score: &mut [u32; 2]| -> String { game_end(g, game, score, rec, &v) };
        if turns == 0 {
            let ending = end(&game, &mut score);
            text += &board(&game, number, score, None);
            text += &ending;
        } else {
            text += &board(&game, number, score, None);
        }
        steps.push(Step { game: number, turn: 0, turns, text });
        for (i, t) in g.turns.iter().enumerate() {
            let dice = Dice::new(t.dice[0], t.dice[1])?;
            game.set_dice(dice)?;
            let before = *game.position();
            let moves: Vec<Move> = t.moves.iter().map(|&[f, to]| Move::new(f, to)).collect();
            let play = game.play_moves(&moves)?;
            let mut text = if play.is_pass() {
                format!("Turn {}: {} rolls {dice}: no legal move, the turn passes.\n", i + 1, v.subject_cap(t.side))
            } else {
                format!(
                    "Turn {}: {} rolls {dice} and plays {}\n",
                    i + 1,
                    v.subject_cap(t.side),
                    style.bold(&play.notation())
                )
            };
            let marks = Marks::between(&before, game.position(), t.side);
            if i + 1 == turns {
                // The last board of a game shows it as it ended, its points counted.
                let ending = end(&game, &mut score);
                text += &board(&game, number, score, marks);
                text += &ending;
            } else {
                text += &board(&game, number, score, marks);
            }
            steps.push(Step { game: number, turn: i + 1, turns, text });
        }
    }
    if let (Some(w), Some(last)) = (rec.winner.filter(|_| rec.match_to > 1), steps.last_mut()) {
        let text = v.wins_match(w, score[w.index()], score[w.opponent().index()]);
        last.text += &format!("{}\n", style.bold(&text));
    }
    Ok(steps)
}

/// What is said after a game's last turn: the dice pending, or the result
/// and the score (added to `score`), or that the game goes on.
fn game_end(g: &GameRecord, game: &Game, score: &mut [u32; 2], rec: &MatchRecord, v: &Voice) -> String {
    let mut text = String::new();
    if let Some([a, b]) = g.dice {
        let side = game.position().turn();
        text += &format!("{} rolled {a}-{b} and is to play: the record stops here.\n", v.subject_cap(side));
    }
    match g.result {
        Some(r) => {
            if let Some(w) = r.winner {
                score[w.index()] += u32::from(r.points);
            }
            text += &format!("{}\n", announce::result(r, v));
            if rec.match_to > 1 {
                text += &format!("{}\n", v.score(*score, rec.match_to));
            }
        }
        None if g.dice.is_none() => text += "The game goes on: the record stops here.\n",
        None => {}
    }
    text
}

fn print_all(head: &str, steps: &[Step], out: &mut impl Write) -> Result<()> {
    writeln!(out, "{head}")?;
    for s in steps {
        write!(out, "{}", s.text)?;
    }
    Ok(())
}

const HELP: &str = "\
Replay commands:
  Enter, n     the next turn              b, back   the turn before
  t N          turn N of this game (t 0: its start)
  g N          the start of game N        end       the last turn
  help         this text                  q, quit   stop";

/// What the person asks for between steps.
#[derive(Debug, PartialEq, Eq)]
enum Nav {
    Next,
    Back,
    Turn(usize),
    Game(usize),
    End,
    Help,
    Quit,
    Unknown(String),
}

fn parse_nav(line: &str) -> Nav {
    let words: Vec<String> = line.split_whitespace().map(str::to_lowercase).collect();
    let number = |w: Option<&String>| w.and_then(|n| n.parse::<usize>().ok());
    match words.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        [] | ["n" | "next"] => Nav::Next,
        ["b" | "back" | "p" | "prev"] => Nav::Back,
        ["t" | "turn", _] => number(words.get(1)).map_or(Nav::Unknown(line.into()), Nav::Turn),
        ["g" | "game", _] => number(words.get(1)).map_or(Nav::Unknown(line.into()), Nav::Game),
        ["end" | "last"] => Nav::End,
        ["help" | "h" | "?"] => Nav::Help,
        ["q" | "quit" | "exit"] => Nav::Quit,
        _ => Nav::Unknown(line.into()),
    }
}

/// Shows one step at a time and moves as asked.
fn step_through<R: BufRead>(head: &str, steps: &[Step], mut input: LineReader<R>, out: &mut impl Write) -> Result<()> {
    writeln!(out, "{head}")?;
    let mut at = 0;
    write!(out, "{}", steps[at].text)?;
    loop {
        let s = &steps[at];
        let last = at + 1 == steps.len();
        let place = if s.turn == 0 {
            format!("Game {}, start", s.game)
        } else {
            format!("Game {}, turn {} of {}", s.game, s.turn, s.turns)
        };
        let next = if last { "Enter: quit (the end)" } else { "Enter: next" };
        write!(out, "{place} · {next}, b: back, help, q > ")?;
        out.flush()?;
        let line = match input.read()? {
            Line::Eof | Line::Interrupt => return Ok(()),
            Line::TooLong => continue,
            Line::Text(t) => t,
        };
        let target = match parse_nav(&line) {
            Nav::Next if last => return Ok(()),
            Nav::Next => Some(at + 1),
            Nav::Back if at == 0 => {
                writeln!(out, "This is the start of the record.")?;
                None
            }
            Nav::Back => Some(at - 1),
            Nav::Turn(n) if n <= s.turns => Some(at - s.turn + n),
            Nav::Turn(_) => {
                writeln!(out, "Game {} has turns 1 to {} (t 0: its start).", s.game, s.turns)?;
                None
            }
            Nav::Game(n) => match steps.iter().position(|x| x.game == n) {
                Some(i) => Some(i),
                None => {
                    writeln!(out, "The record has games 1 to {}.", steps.last().map_or(1, |x| x.game))?;
                    None
                }
            },
            Nav::End => Some(steps.len() - 1),
            Nav::Help => {
                writeln!(out, "{HELP}")?;
                None
            }
            Nav::Quit => return Ok(()),
            Nav::Unknown(t) => {
                writeln!(out, "`{}` is not a replay command; `help` lists them.", shorten(&t, 40))?;
                None
            }
        };
        if let Some(i) = target {
            at = i;
            write!(out, "{}", steps[at].text)?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn navigation_commands() {
        assert_eq!(parse_nav(""), Nav::Next);
        assert_eq!(parse_nav("n"), Nav::Next);
        assert_eq!(parse_nav("B"), Nav::Back);
        assert_eq!(parse_nav("back"), Nav::Back);
        assert_eq!(parse_nav("t 12"), Nav::Turn(12));
        assert_eq!(parse_nav("turn 0"), Nav::Turn(0));
        assert_eq!(parse_nav("g 2"), Nav::Game(2));
        assert_eq!(parse_nav("t x"), Nav::Unknown("t x".into()));
        assert_eq!(parse_nav("help"), Nav::Help);
        assert_eq!(parse_nav("q"), Nav::Quit);
        assert_eq!(parse_nav("end"), Nav::End);
        assert_eq!(parse_nav("fly"), Nav::Unknown("fly".into()));
    }
}
