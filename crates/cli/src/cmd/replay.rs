//! `tavli replay FILE`: steps through a saved game or match of any of
//! Tavli's games (a Tavli match too), turn by turn, drawing the board after
//! each play, forwards and back.

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;

use anyhow::Result;
use tavli_core::game::{FixedDice, Game, GameRecord, Match, MatchRecord, PlayerName, Start};
use tavli_core::tavli::{AnyPosition, GameKind, MatchGames};
use tavli_core::{Color, Dice, Move};

use super::play::ColorWhen;
use super::play::announce::{self, Voice};
use super::play::input::{Line, LineReader, clean, shorten};
use super::play::render::{self, BoardView, Marks, Style};
use super::play::tavli_text;
use super::play::text::{self, Lang, unaccented};
use crate::records;

/// Step through a saved game or match (a record written by `tavli play`).
///
/// The record is checked first: every roll must be what its seed gives (or,
/// for a game played elsewhere, the dice written in it are dice), every
/// play legal, and its notation, results, score and winner what the plays
/// give. On a terminal, Enter shows the next turn, `b` the one
/// before, `t N` turn N of the game, `g N` game N, `help` the commands and
/// `q` stops; with --all, or when stdin is not a terminal, every turn is
/// printed at once. Each board is followed by its position ID. `--lang el`
/// (or a Greek locale) tells it in Greek, `--lang bg` (or a Bulgarian
/// locale) in Bulgarian.
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
    /// The language: en (English), el (Greek, Ελληνικά) or bg (Bulgarian,
    /// Български); default: Greek when LC_ALL, else LC_MESSAGES, else LANG
    /// starts with `el`, Bulgarian when it starts with `bg`.
    #[arg(long, value_name = "LANG", value_enum)]
    lang: Option<Lang>,
}

pub fn run(args: Args) -> Result<()> {
    let m: Match<AnyPosition> = records::load(&args.file)?;
    let rec = m.record();
    let viewpoint = match args.side.as_deref() {
        Some("black") => Color::Black,
        Some(_) => Color::White,
        None if rec.players.black.is_person() && !rec.players.white.is_person() => Color::Black,
        None => Color::White,
    };
    let style = args.color.style();
    let lang = Lang::choose(args.lang);
    let length = if rec.match_to == 1 { text::one_game(lang) } else { text::match_to(lang, rec.match_to) };
    // A record's seed is shown once its match is over (while it is played,
    // the dice to come must stay unknown: only the commitment).
    let seed = match (&rec.seed, rec.winner) {
        // A game played elsewhere has no seed, only the dice written in it.
        _ if rec.dice_recorded => text::dice_written_down(lang),
        (Some(s), Some(_)) => text::seed_shown(lang, &s.to_string()),
        _ => match &rec.seed_sha256 {
            Some(c) => text::seed_hidden_sha(lang, &c[..c.len().min(16)]),
            None => text::seed_hidden(lang),
        },
    };
    let head = format!("{} · {length} · {seed}", args.file.display());
    let steps = steps(&rec, viewpoint, style, lang)?;
    let mut out = io::stdout().lock();
    let result = if !args.all && io::stdin().is_terminal() {
        let _keys = super::play::input::TerminalKeys::redraw_on_ctrl_l();
        step_through(lang, &head, &steps, LineReader::new(io::stdin().lock()), &mut out)
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
fn display_name(lang: Lang, side: Color, player: &PlayerName) -> String {
    let shown = |s: &str| shorten(&clean(s), 30);
    let colour = text::colour(lang, side);
    match player {
        PlayerName::Engine(level) => format!("{colour} ({})", shown(&text::level_name(lang, level))),
        PlayerName::Human => colour,
        PlayerName::Other(name) => format!("{colour} ({})", shown(name)),
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
fn steps(rec: &MatchRecord<AnyPosition>, viewpoint: Color, style: Style, lang: Lang) -> Result<Vec<Step>> {
    let plain =
        [display_name(lang, Color::White, &rec.players.white), display_name(lang, Color::Black, &rec.players.black)];
    let names = [style.side(Color::White, &plain[0]), style.side(Color::Black, &plain[1])];
    let v = Voice::naming(lang, names, |c, word| style.side(c, word));
    let plakoto_only = rec.rules.games == MatchGames::Only(GameKind::Plakoto);
    let board = |game: &Game<AnyPosition>, number: usize, score: [u32; 2], marks: Option<Marks>| {
        // In a match not of Plakoto alone, the title names the game and the next.
        let last = rec.winner.is_some() && number == rec.games.len();
        let drawn = game.result().is_some_and(|r| r.winner.is_none());
        let next =
            (!last && rec.rules.games.rotation().len() > 1).then(|| rec.rules.next_game(game.position().kind(), drawn));
        let view = BoardView {
            lang,
            position: game.position(),
            viewpoint,
            dice: None,
            names: [&plain[0], &plain[1]],
            score,
            match_to: rec.match_to,
            game: number,
            rotation: (!plakoto_only).then_some(next),
            over: game.result().is_some(),
            marks,
            caption: None,
        };
        let id = text::position_id_line(lang, &game.position().id());
        format!("\n{}\n {id}\n", render::render(&view, style))
    };
    let mut score = [0u32; 2];
    let mut steps = Vec::new();
    for (gi, g) in rec.games.iter().enumerate() {
        let number = gi + 1;
        let turns = g.turns.len();
        let head = if plakoto_only {
            text::game_head(lang, number)
        } else {
            tavli_text::game_head(lang, number, g.game, rec.rules.games, rec.match_to)
        };
        let mut said = format!("\n{}\n", style.bold(&format!("=== {head} ===")));
        let mut game = Game::under(rec.rules, AnyPosition::start(g.game), g.start);
        match g.start {
            Start::Side(c) => said += &format!("{}\n", v.won_last(c)),
            Start::Position(p) => said += &format!("{}\n", text::replay_starts_from(lang, &p.id(), v.name(p.turn()))),
            Start::OpeningRoll => {
                for &[w, b] in &g.opening {
                    said += &format!("{}\n", announce::opening(w, b, &v));
                }
                game.opening_roll(&mut FixedDice::new(g.opening.iter().flatten().copied()));
            }
        }
        let end = |game: &Game<AnyPosition>, score: &mut [u32; 2]| -> String { game_end(g, game, score, rec, &v) };
        if turns == 0 {
            let ending = end(&game, &mut score);
            said += &board(&game, number, score, None);
            said += &ending;
        } else {
            said += &board(&game, number, score, None);
        }
        steps.push(Step { game: number, turn: 0, turns, text: said });
        for (i, t) in g.turns.iter().enumerate() {
            let dice = Dice::new(t.dice[0], t.dice[1])?;
            game.set_dice(dice)?;
            let before = *game.position();
            let moves: Vec<Move> = t.moves.iter().map(|&[f, to]| Move::new(f, to)).collect();
            let play = game.play_moves(&moves)?;
            let (who, rolled) = (v.name(t.side), dice.to_string());
            // Dice played without a throw (a Gul bara ladder's next stage,
            // a remainder handed over) are no roll.
            let mut said = if let Some(p) = before.pending() {
                let play = if play.is_pass() { "pass".to_string() } else { style.bold(&play.notation()) };
                format!("{}{play}\n", super::play::tavli_text::engine_plays_pending(lang, who, &p.to_string()))
            } else if play.is_pass() {
                format!("{}\n", text::replay_pass(lang, i + 1, who, &rolled))
            } else {
                format!("{}\n", text::replay_play(lang, i + 1, who, &rolled, &style.bold(&play.notation())))
            };
            let marks = Marks::between(&before, game.position(), t.side);
            if i + 1 == turns {
                // The last board of a game shows it as it ended, its points counted.
                let ending = end(&game, &mut score);
                said += &board(&game, number, score, marks);
                said += &ending;
            } else {
                said += &board(&game, number, score, marks);
            }
            steps.push(Step { game: number, turn: i + 1, turns, text: said });
        }
    }
    if let (Some(w), Some(last)) = (rec.winner.filter(|_| rec.match_to > 1), steps.last_mut()) {
        let said = v.wins_match(w, score[w.index()], score[w.opponent().index()]);
        last.text += &format!("{}\n", style.bold(&said));
    }
    Ok(steps)
}

/// What is said after a game's last turn: the dice pending, or the result
/// and the score (added to `score`), or that the game goes on.
fn game_end(
    g: &GameRecord<AnyPosition>,
    game: &Game<AnyPosition>,
    score: &mut [u32; 2],
    rec: &MatchRecord<AnyPosition>,
    v: &Voice,
) -> String {
    let mut said = String::new();
    if let Some([a, b]) = g.dice {
        let side = game.position().turn();
        said += &format!("{}\n", text::replay_pending(v.lang, v.name(side), &format!("{a}-{b}")));
    }
    match g.result {
        Some(r) => {
            if let Some(w) = r.winner {
                score[w.index()] += u32::from(r.points);
            }
            said += &format!("{}\n", announce::result(r, v));
            if rec.match_to > 1 {
                said += &format!("{}\n", v.score(*score, rec.match_to));
            }
        }
        None if g.dice.is_none() => said += &format!("{}\n", text::replay_goes_on(v.lang)),
        None => {}
    }
    said
}

fn print_all(head: &str, steps: &[Step], out: &mut impl Write) -> Result<()> {
    writeln!(out, "{head}")?;
    for s in steps {
        write!(out, "{}", s.text)?;
    }
    Ok(())
}

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

/// Reads a step command: the English words, or the Greek ones (with or
/// without accents) and the Bulgarian ones that their helps list.
fn parse_nav(line: &str) -> Nav {
    let words: Vec<String> = line.split_whitespace().map(|w| unaccented(&w.to_lowercase())).collect();
    let number = |w: Option<&String>| w.and_then(|n| n.parse::<usize>().ok());
    match words.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        [] | ["n" | "next" | "επομενη" | "напред"] => Nav::Next,
        ["b" | "back" | "p" | "prev" | "πισω" | "назад"] => Nav::Back,
        ["t" | "turn" | "ζαρια" | "ход", _] => {
            number(words.get(1)).map_or(Nav::Unknown(line.into()), Nav::Turn)
        }
        ["g" | "game" | "παρτιδα" | "партия", _] => {
            number(words.get(1)).map_or(Nav::Unknown(line.into()), Nav::Game)
        }
        ["end" | "last" | "τελος" | "край"] => Nav::End,
        ["help" | "h" | "?" | "βοηθεια" | "помощ"] => Nav::Help,
        ["q" | "quit" | "exit" | "εξοδος" | "изход"] => Nav::Quit,
        _ => Nav::Unknown(line.into()),
    }
}

/// Shows one step at a time and moves as asked.
fn step_through<R: BufRead>(
    lang: Lang,
    head: &str,
    steps: &[Step],
    mut input: LineReader<R>,
    out: &mut impl Write,
) -> Result<()> {
    writeln!(out, "{head}")?;
    let mut at = 0;
    write!(out, "{}", steps[at].text)?;
    loop {
        let s = &steps[at];
        let last = at + 1 == steps.len();
        let place = if s.turn == 0 {
            text::replay_place_start(lang, s.game)
        } else {
            text::replay_place_turn(lang, s.game, s.turn, s.turns)
        };
        let next = if last { text::replay_enter_quit(lang) } else { text::replay_enter_next(lang) };
        write!(out, "{}", text::replay_prompt(lang, &place, &next))?;
        out.flush()?;
        let line = match input.read()? {
            Line::Eof | Line::Interrupt => return Ok(()),
            Line::TooLong => continue,
            // Ctrl-L: the turn again.
            Line::Redraw => {
                write!(out, "{}", steps[at].text)?;
                continue;
            }
            Line::Text(t) => t,
        };
        let target = match parse_nav(&line) {
            Nav::Next if last => return Ok(()),
            Nav::Next => Some(at + 1),
            Nav::Back if at == 0 => {
                writeln!(out, "{}", text::replay_at_start(lang))?;
                None
            }
            Nav::Back => Some(at - 1),
            Nav::Turn(n) if n <= s.turns => Some(at - s.turn + n),
            Nav::Turn(_) => {
                writeln!(out, "{}", text::replay_no_turn(lang, s.game, s.turns))?;
                None
            }
            Nav::Game(n) => match steps.iter().position(|x| x.game == n) {
                Some(i) => Some(i),
                None => {
                    writeln!(out, "{}", text::replay_no_game(lang, steps.last().map_or(1, |x| x.game)))?;
                    None
                }
            },
            Nav::End => Some(steps.len() - 1),
            Nav::Help => {
                writeln!(out, "{}", text::replay_help(lang))?;
                None
            }
            Nav::Quit => return Ok(()),
            Nav::Unknown(t) => {
                writeln!(out, "{}", text::replay_unknown(lang, &shorten(&t, 40)))?;
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

    /// A match to 3 between two computer levels, played out, as its record.
    fn a_match() -> MatchRecord<AnyPosition> {
        use tavli_core::game::{Match, Players};
        let players =
            Players { white: PlayerName::Engine("random".into()), black: PlayerName::Engine("heuristic".into()) };
        let mut m = Match::new(3, 9, players).unwrap();
        while !m.is_over() {
            if m.game().dice().is_none() {
                m.roll().unwrap();
            }
            let play = m.game().legal_plays()[0];
            m.play(&play).unwrap();
        }
        tavli(m.record())
    }

    /// A Plakoto record read as every record is read.
    fn tavli(rec: MatchRecord<tavli_core::Position>) -> MatchRecord<AnyPosition> {
        serde_json::from_value(serde_json::to_value(rec).unwrap()).unwrap()
    }

    fn all_text(lang: Lang) -> String {
        steps(&a_match(), Color::White, Style { color: false }, lang).unwrap().iter().map(|s| s.text.as_str()).collect()
    }

    /// Asserts that `out` says each of `expected`, and no English word.
    fn says(out: &str, expected: &[&str]) {
        for e in expected {
            assert!(out.contains(e), "{e}\n{out}");
        }
        for line in out.lines() {
            let words = crate::cmd::play::text::tests::english_words(line);
            assert!(words.is_empty(), "{words:?}: {line}");
        }
    }

    /// What stepping through the match in `lang` says to `input`.
    fn stepped(lang: Lang, input: &str) -> String {
        let steps = steps(&a_match(), Color::White, Style { color: false }, lang).unwrap();
        let mut out = Vec::new();
        step_through(lang, "—", &steps, LineReader::new(input.as_bytes()), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_replay_in_greek() {
        let out = all_text(Lang::El);
        says(
            &out,
            &[
                "=== Παρτίδα 1 ===",
                "Πρώτη ζαριά: τα Άσπρα (τυχαίο) φέρνουν ",
                "Ζαριά 1: τα ",
                " Κωδικός θέσης ",
                "βήματα ",
                "κερδίζουν τον αγώνα",
                "Σκορ: Άσπρα ",
                "(αγώνας στους 3)",
            ],
        );
        assert_eq!(out.matches("=== Παρτίδα ").count(), all_text(Lang::En).matches("=== Game ").count());
    }

    #[test]
    fn stepping_through_in_greek() {
        says(
            &stepped(Lang::El, "βοήθεια\nπίσω\nt 9999\nπαρτίδα 99\nπέτα\nεπόμενη\nτέλος\n\n"),
            &[
                "Παρτίδα 1, αρχή · Enter: επόμενη, b: πίσω, help, q > ",
                "Εντολές αναπαραγωγής:",
                "Αυτή είναι η αρχή της καταγραφής.",
                "Η παρτίδα 1 έχει ζαριές 1 έως ",
                "Η καταγραφή έχει παρτίδες 1 έως ",
                "Το `πέτα` δεν είναι εντολή αναπαραγωγής· το `help` τις δείχνει.",
                "Παρτίδα 1, ζαριά 1 από ",
                " · Enter: έξοδος (τέλος), b: πίσω, help, q > ",
            ],
        );
    }

    #[test]
    fn greek_navigation_words() {
        assert_eq!(parse_nav("επόμενη"), Nav::Next);
        assert_eq!(parse_nav("πίσω"), Nav::Back);
        assert_eq!(parse_nav("ζαριά 3"), Nav::Turn(3));
        assert_eq!(parse_nav("παρτιδα 2"), Nav::Game(2));
        assert_eq!(parse_nav("τέλος"), Nav::End);
        assert_eq!(parse_nav("βοήθεια"), Nav::Help);
        assert_eq!(parse_nav("έξοδος"), Nav::Quit);
    }

    #[test]
    fn a_replay_in_bulgarian() {
        let out = all_text(Lang::Bg);
        says(
            &out,
            &[
                "=== Партия 1 ===",
                "Първо хвърляне: Белите (случаен) хвърлят ",
                "Ход 1: ",
                " Код на позицията ",
                "пипа ",
                "печелят мача",
                "Резултат: Белите ",
                "(мач до 3)",
            ],
        );
        assert!(!crate::cmd::play::text::tests::has_greek(&out), "{out}");
        assert_eq!(out.matches("=== Партия ").count(), all_text(Lang::En).matches("=== Game ").count());
    }

    #[test]
    fn stepping_through_in_bulgarian() {
        says(
            &stepped(Lang::Bg, "помощ\nназад\nt 9999\nпартия 99\nлети\nнапред\nкрай\n\n"),
            &[
                "Партия 1, начало · Enter: напред, b: назад, help, q > ",
                "Команди за преглед:",
                "Това е началото на записа.",
                "Партия 1 има ходове от 1 до ",
                "Записът има партии от 1 до ",
                "`лети` не е команда за преглед; `help` ги показва.",
                "Партия 1, ход 1 от ",
                " · Enter: изход (край), b: назад, help, q > ",
            ],
        );
    }

    #[test]
    fn bulgarian_navigation_words() {
        assert_eq!(parse_nav("напред"), Nav::Next);
        assert_eq!(parse_nav("Назад"), Nav::Back);
        assert_eq!(parse_nav("ход 3"), Nav::Turn(3));
        assert_eq!(parse_nav("партия 2"), Nav::Game(2));
        assert_eq!(parse_nav("край"), Nav::End);
        assert_eq!(parse_nav("помощ"), Nav::Help);
        assert_eq!(parse_nav("ИЗХОД"), Nav::Quit);
        assert_eq!(parse_nav("ход"), Nav::Unknown("ход".into()));
    }

    /// A Tavli match (with Fevga's "pass" option) replays game by game
    /// under its rules: each heading names its game, each board's title
    /// the game to come, and the last board is the finished match's.
    #[test]
    fn a_tavli_match_replays_game_by_game() {
        use tavli_core::game::Players;
        use tavli_core::tavli::MatchRules;
        let players =
            Players { white: PlayerName::Engine("heuristic".into()), black: PlayerName::Engine("random".into()) };
        let mut rules = MatchRules::tavli();
        rules.fevga.release = tavli_core::fevga::Release::Pass;
        let mut m: Match<AnyPosition> = Match::with_rules(rules, 3, 21, players).unwrap();
        while !m.is_over() {
            if m.game().dice().is_none() {
                m.roll().unwrap();
            }
            let play = m.game().legal_plays()[0].clone();
            m.play(&play).unwrap();
        }
        let rec = m.record();
        let steps = steps(&rec, Color::White, Style { color: false }, Lang::En).unwrap();
        let text: String = steps.iter().map(|s| s.text.as_str()).collect();
        for (i, g) in rec.games.iter().enumerate() {
            let name = tavli_text::game_name(Lang::En, g.game);
            assert!(text.contains(&format!("=== Game {}: {name} · Tavli match to 3 ===", i + 1)), "{text}");
        }
        assert!(text.contains(" Game 1 · Portes, then Plakoto · match to 3"), "{text}");
        assert_eq!(steps.iter().filter(|s| s.turn == 0).count(), rec.games.len());
        assert!(text.contains("wins the match"), "{text}");
    }
}
