//! `plakoto replay FILE`: steps through a saved game or match, turn by turn,
//! drawing the board after each play.

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;

use anyhow::Result;
use plakoto_core::game::{FixedDice, Game, GameRecord, PlayerName, Start};
use plakoto_core::{Color, Dice, Move};

use super::play::input::{Line, LineReader, clean, shorten};
use super::play::render::{self, BoardView, Style};
use super::play::{ColorWhen, announce};
use crate::records;

/// Step through a saved game or match (a record written by `plakoto play`).
///
/// The record is checked first: every roll must be what its seed gives and
/// every play legal. On a terminal, Enter shows the next turn and `q` stops;
/// with --all, or when stdin is not a terminal, every turn is printed at once.
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
    let names = [display_name(Color::White, &rec.players.white), display_name(Color::Black, &rec.players.black)];
    let viewpoint = match args.side.as_deref() {
        Some("black") => Color::Black,
        Some(_) => Color::White,
        None if rec.players.black.is_person() && !rec.players.white.is_person() => Color::Black,
        None => Color::White,
    };
    let mut r = Replay {
        style: args.color.style(),
        names,
        viewpoint,
        match_to: rec.match_to,
        score: [0, 0],
        step: (!args.all && io::stdin().is_terminal()).then(|| LineReader::new(io::stdin().lock())),
        out: io::stdout().lock(),
    };
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
    let result = r.say(&head).and_then(|()| {
        for (i, g) in rec.games.iter().enumerate() {
            if !r.game(i + 1, g)? {
                return Ok(());
            }
        }
        if let Some(w) = rec.winner.filter(|_| rec.match_to > 1) {
            let text = format!("{} wins the match {}-{}.", r.name(w), r.score[w.index()], r.score[1 - w.index()]);
            r.say(&r.style.bold(&text))?;
        }
        Ok(())
    });
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

struct Replay<R, W> {
    style: Style,
    names: [String; 2],
    viewpoint: Color,
    match_to: u32,
    score: [u32; 2],
    /// Reads Enter between turns; `None` prints everything at once.
    step: Option<LineReader<R>>,
    out: W,
}

impl<R: BufRead, W: Write> Replay<R, W> {
    fn say(&mut self, text: &str) -> Result<()> {
        writeln!(self.out, "{text}")?;
        Ok(())
    }

    fn name(&self, side: Color) -> String {
        self.style.side(side, &self.names[side.index()])
    }

    fn board(&mut self, game: &Game, number: usize) -> Result<()> {
        let view = BoardView {
            position: game.position(),
            viewpoint: self.viewpoint,
            dice: None,
            names: [&self.names[0], &self.names[1]],
            score: self.score,
            match_to: self.match_to,
            game: number,
            over: game.result().is_some(),
        };
        let board = render::render(&view, self.style);
        write!(self.out, "\n{board}\n")?;
        Ok(())
    }

    /// Waits for Enter when stepping; false when the person wants to stop.
    fn next(&mut self) -> Result<bool> {
        let Some(reader) = &mut self.step else { return Ok(true) };
        write!(self.out, "Enter: next turn, q: quit > ")?;
        self.out.flush()?;
        Ok(match reader.read()? {
            Line::Eof => false,
            Line::Text(t) => !matches!(t.to_lowercase().as_str(), "q" | "quit"),
            Line::TooLong => true,
        })
    }

    /// Replays one game of the record (already verified by `Match::from_record`);
    /// false when the person stopped.
    fn game(&mut self, number: usize, g: &GameRecord) -> Result<bool> {
        self.say(&format!("\n{}", self.style.bold(&format!("=== Game {number} ==="))))?;
        let mut game = Game::new(g.start);
        match g.start {
            Start::Side(c) => self.say(&format!("{} won the last game and starts.", self.name(c)))?,
            Start::Position(p) => {
                self.say(&format!("The game starts from position {}; {} to play.", p.id(), self.name(p.turn())))?
            }
            Start::OpeningRoll => {
                for &[w, b] in &g.opening {
                    let text = announce::opening(w, b, &|c| self.name(c));
                    self.say(&text)?;
                }
                game.opening_roll(&mut FixedDice::new(g.opening.iter().flatten().copied()));
            }
        }
        self.board(&game, number)?;
        for (i, t) in g.turns.iter().enumerate() {
            if !self.next()? {
                return Ok(false);
            }
            let dice = Dice::new(t.dice[0], t.dice[1])?;
            game.set_dice(dice)?;
            let moves: Vec<Move> = t.moves.iter().map(|&[f, to]| Move::new(f, to)).collect();
            let play = game.play_moves(&moves)?;
            let text = if play.is_pass() {
                format!("Turn {}: {} rolls {dice}: no legal move, the turn passes.", i + 1, self.name(t.side))
            } else {
                format!(
                    "Turn {}: {} rolls {dice} and plays {}",
                    i + 1,
                    self.name(t.side),
                    self.style.bold(&play.notation())
                )
            };
            self.say(&text)?;
            self.board(&game, number)?;
        }
        if let Some([a, b]) = g.dice {
            let side = game.position().turn();
            self.say(&format!("{} rolled {a}-{b} and is to play: the record stops here.", self.name(side)))?;
        }
        match g.result {
            Some(r) => {
                if let Some(w) = r.winner {
                    self.score[w.index()] += u32::from(r.points);
                }
                let text = announce::result(r, &|c| self.name(c));
                self.say(&self.style.bold(&text))?;
                if self.match_to > 1 {
                    let [w, b] = self.score;
                    self.say(&format!("Score: White {w}, Black {b} (match to {}).", self.match_to))?;
                }
            }
            None if g.dice.is_none() => self.say("The game goes on: the record stops here.")?,
            None => {}
        }
        Ok(true)
    }
}
