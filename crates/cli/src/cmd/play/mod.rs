//! `tavli play`: a game or match in the terminal against the computer or
//! another person, saved after every move, resumable. Line-based, so it is
//! the same whether stdin is a terminal, a pipe or a file.

mod advice;
pub mod announce;
mod format;
pub mod help_text;
pub mod input;
mod online;
mod online_text;
mod reasons;
pub mod render;
mod session;

pub mod tavli_text;
pub mod text;

use std::io::{self, IsTerminal};
use std::path::PathBuf;

use anyhow::{Result, anyhow, bail};
use clap::builder::{PossibleValue, PossibleValuesParser};
use tavli_core::game::{Match, PlayerName, Players, Seed};
use tavli_core::tavli::{AnyPosition, GameKind, MatchGames, MatchRules, Scoring};
use tavli_engine::{DEFAULT_LEVEL, LEVELS};

use crate::records;
pub use format::{fixed3, signed3};
use render::Style;
use session::{End, Session, check_players};
use text::Lang;

/// Play in the terminal, against the computer or another person: a Tavli
/// match (Portes, Plakoto, Fevga and round again, to 5 points unless
/// --match), a Bulgarian Tabla match (--tabla: Tabla, Gul bara, Tapa and
/// round again, to 5), or with `--game` a game or match of one game, any
/// of Tavli's, Gul bara, or a regional name (tapa, tsilliton, mahbusa,
/// tabla) played under its own rules.
///
/// Enter a play in notation, points in your own numbering: `24/18 13/7`,
/// `6/off`, `24/20/14`, `24/18(2)`; or one checker at a time (`24/18`), then
/// Enter to confirm once the turn is complete. `?` lists the legal plays,
/// `hint` asks the engine (mid-turn: what your moves so far cost), `last`
/// rates your last play, `id` shows the position ID, `undo` and `reset`
/// take moves back, `help` lists every command, `quit` saves and stops.
/// The board marks the last play: `-` where it left, `+` where it arrived.
///
/// Every play is saved at once (a record in the JSON format of INTERFACE.md,
/// "Game record"), so a crash loses nothing; `quit` or Ctrl-C saves and says
/// how to continue: `tavli play --resume FILE`. Watch a game with
/// `tavli replay FILE`.
///
/// Input is read line by line, so a game can be scripted through stdin; end
/// of input saves and stops.
///
/// The game speaks English, Greek (`--lang el`, or a Greek locale) or
/// Bulgarian (`--lang bg`, or a Bulgarian locale); the commands are the
/// English words, with Greek and Bulgarian aliases (`υπόδειξη`,
/// `αναίρεση`, `βοήθεια`, `подсказка`, `отмени`, `помощ`, …).
#[derive(clap::Args)]
pub struct Args {
    /// Play a match to N points (1, 3, 5, 7 or any); 1 is a single game.
    /// Default: 5 for a Tavli or Tabla match, 1 for one game (--game), 31
    /// when scored by count (--option count-to-31).
    #[arg(long = "match", short = 'm', value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..))]
    match_to: Option<u32>,
    /// A Tavli match: Portes, Plakoto, Fevga and round again, the winner
    /// of each game starting the next (docs/TAVLI.md, Part 3). The default
    /// unless --game is given, or --position is another game's position.
    #[arg(long, conflicts_with_all = ["game", "tabla"])]
    tavli: bool,
    /// A Bulgarian Tabla match (REGIONAL.md Part 5): Tabla (Portes), Gul
    /// bara, Tapa (Plakoto) and round again, the winner of each game
    /// starting the next; after a drawn Tapa, Tabla by the one-die roll.
    #[arg(long, conflicts_with = "game")]
    tabla: bool,
    /// Play one game instead of a Tavli match: portes, plakoto, fevga,
    /// gulbara, or a regional name: tapa (Bulgarian Plakoto), tsilliton
    /// (Cypriot Plakoto), mahbusa (the Levantine pinning game: the opening
    /// dice played, a pinned mother played out), tabla (Bulgarian Portes).
    #[arg(long, value_name = "GAME", value_parser = GameKind::parse)]
    game: Option<GameKind>,
    /// A house rule of docs/TAVLI.md or REGIONAL.md, at the game's own
    /// default unless given (repeat for more): opening-dice-played (the
    /// first game's starter plays the opening dice; Mahbusa's default),
    /// opening-dice-rolled (the starter rolls both dice again: RULES.md,
    /// undoing Mahbusa's), replay-drawn-plakoto (a game drawn by both
    /// mothers pinned is void and played again, by the one-die roll),
    /// backgammons-count-3 (Portes, Tabla), fevga-pass,
    /// fevga-every-landing, fevga-narde (Fevga's release, ban and prime
    /// options), mother-play-out (a pinned mother does not end the game:
    /// Mahbusa's default), mother-greek (it does, RULES.md: every other
    /// pinning game's default), bear-off-past-pins (a checker pinned in the
    /// home board does not stop bearing off), count-to-31 (a won game
    /// scores the loser's checkers not borne off, a match to 31 unless
    /// --match; the computer still plays each game for points). The
    /// record keeps them.
    #[arg(long = "option", value_name = "OPTION", value_parser = OPTIONS)]
    options: Vec<String>,
    /// Two people at one keyboard: no computer player.
    #[arg(long, conflicts_with_all = ["side", "level"])]
    two_players: bool,
    /// The colour the person plays against the computer.
    #[arg(long, value_name = "COLOUR", default_value = "white", value_parser = ["white", "black"])]
    side: String,
    /// The computer's level.
    #[arg(long, default_value = DEFAULT_LEVEL, value_parser = levels(false))]
    level: String,
    /// Who plays White: `human` or a computer level as for --level
    /// (overrides --side, --level and --two-players; both computers: a duel to watch).
    #[arg(long, value_name = "PLAYER", value_parser = levels(true), hide_possible_values = true)]
    white: Option<String>,
    /// Who plays Black: `human` or a computer level as for --level
    /// (overrides --side, --level and --two-players).
    #[arg(long, value_name = "PLAYER", value_parser = levels(true), hide_possible_values = true)]
    black: Option<String>,
    /// Dice seed, a number (or 64 hex digits): the same seed gives the same
    /// dice, so a game can be repeated exactly. Default: a random seed,
    /// never shown on the screen; the save file keeps it, since resuming
    /// needs it, so whoever reads that file can work out the dice to come
    /// (the engine never does). For dice no player can know, play online
    /// (tavli serve, play --join).
    #[arg(long)]
    seed: Option<Seed>,
    /// Save to FILE (default: a new file in tavli/games/ in your data
    /// directory, e.g. `~/.local/share/tavli/games/<date>T<time>.json`).
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Continue the game or match saved in FILE (saving back to it, unless --save).
    #[arg(long, value_name = "FILE",
          conflicts_with_all = ["match_to", "tavli", "tabla", "game", "options", "two_players", "side", "level", "white", "black", "seed", "position"])]
    resume: Option<PathBuf>,
    /// Start the first game from this position instead of the opening roll,
    /// its side on roll playing first: `start`, position JSON or a position
    /// ID (the `id` command in a game shows one). Without --tavli or
    /// --game, a game of the position's own game.
    #[arg(long, value_name = "POSITION")]
    position: Option<String>,
    /// Colour output: auto (only on a terminal, and not when NO_COLOR is set), always, never.
    #[arg(long, value_name = "WHEN", default_value = "auto", value_enum)]
    color: ColorWhen,
    /// Play a match online, on a `tavli serve` server: the invitation
    /// link (`http://HOST/match/ID#join=CODE`) takes the free seat, kept
    /// on this computer so the same command comes back to it; a match's
    /// address without one watches.
    #[arg(long, value_name = "URL",
          conflicts_with_all = ["match_to", "tavli", "tabla", "game", "options", "two_players", "side", "level", "white", "black", "seed", "position", "resume", "save"])]
    join: Option<String>,
    /// The language of the game: en (English), el (Greek, Ελληνικά) or bg
    /// (Bulgarian, Български); default: Greek when LC_ALL, else LC_MESSAGES,
    /// else LANG starts with `el`, Bulgarian when it starts with `bg`.
    #[arg(long, value_name = "LANG", value_enum)]
    lang: Option<Lang>,
}

/// When to use ANSI colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorWhen {
    Auto,
    Always,
    Never,
}

impl ColorWhen {
    /// The style for stdout: colour when asked, or on a terminal unless
    /// `NO_COLOR` is set to something.
    pub fn style(self) -> Style {
        let color = match self {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            ColorWhen::Auto => io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
        };
        Style { color }
    }
}

/// The engine's levels (and `human`) as clap values, listed from
/// `tavli_engine::LEVELS` so new levels appear by themselves.
fn levels(with_human: bool) -> PossibleValuesParser {
    let human = with_human.then(|| PossibleValue::new("human").help("a person at this keyboard"));
    PossibleValuesParser::new(human.into_iter().chain(LEVELS.iter().map(|l| PossibleValue::new(l.name).help(l.about))))
}

/// The house rules `--option` takes.
const OPTIONS: [&str; 11] = [
    "opening-dice-played",
    "opening-dice-rolled",
    "replay-drawn-plakoto",
    "backgammons-count-3",
    "fevga-pass",
    "fevga-every-landing",
    "fevga-narde",
    "mother-play-out",
    "mother-greek",
    "bear-off-past-pins",
    "count-to-31",
];

/// Sets the house rule `option` (one of [`OPTIONS`], checked by clap).
fn with_option(rules: &mut MatchRules, option: &str) {
    use tavli_core::fevga::{BanTiming, PrimeRule, Release};
    use tavli_core::plakoto::{BearOff, Mother};
    match option {
        "opening-dice-played" => rules.opening_dice_played = true,
        "opening-dice-rolled" => rules.opening_dice_played = false,
        "replay-drawn-plakoto" => rules.replay_drawn_plakoto = true,
        "backgammons-count-3" => rules.portes.backgammons_count_3 = true,
        "fevga-pass" => rules.fevga.release = Release::Pass,
        "fevga-every-landing" => rules.fevga.ban = BanTiming::EveryLanding,
        "fevga-narde" => rules.fevga.primes = PrimeRule::Narde,
        "mother-play-out" => rules.plakoto.mother = Mother::PlayOut,
        "mother-greek" => rules.plakoto.mother = Mother::Greek,
        "bear-off-past-pins" => rules.plakoto.bear_off = BearOff::PastPins,
        "count-to-31" => rules.scoring = tavli_core::tavli::Scoring::Count,
        other => unreachable!("clap accepts only the options listed: {other}"),
    }
}

/// White's and Black's players from the options.
fn player_names(args: &Args) -> [PlayerName; 2] {
    let engine = PlayerName::Engine(args.level.clone());
    let human = PlayerName::Human;
    let mut names = if args.two_players {
        [human.clone(), human]
    } else if args.side == "black" {
        [engine, human]
    } else {
        [human, engine]
    };
    for (i, choice) in [&args.white, &args.black].into_iter().enumerate() {
        if let Some(p) = choice {
            names[i] = if p == "human" { PlayerName::Human } else { PlayerName::Engine(p.clone()) };
        }
    }
    names
}

pub fn run(args: Args) -> Result<()> {
    let style = args.color.style();
    let lang = Lang::choose(args.lang);
    if let Some(url) = &args.join {
        return online::run(url, lang, style);
    }
    let (m, path) = match &args.resume {
        Some(file) => {
            let m: Match<AnyPosition> = records::load(file)?;
            if let Some(w) = m.winner() {
                let (a, b) = (m.score(w), m.score(w.opponent()));
                let file = file.display().to_string();
                bail!("{}", text::match_is_over(lang, &file, &text::colour(lang, w), a, b));
            }
            let path = match &args.save {
                Some(p) if p != file => {
                    records::prepare_new(p)?;
                    p.clone()
                }
                _ => file.clone(),
            };
            (m, path)
        }
        None => {
            let seed = args.seed.unwrap_or_else(|| Seed::Secret(rand::random()));
            let [white, black] = player_names(&args);
            let players = Players { white, black };
            let bad = |e: &dyn std::fmt::Display| anyhow!("{}", text::bad_position(lang, &e.to_string()));
            // A Tavli match unless one game is asked for, by --game or by a
            // starting position of another game than the match's first, or
            // the Tabla match.
            let games = match (args.tavli, args.tabla, args.game, &args.position) {
                (true, _, _, _) => MatchGames::Tavli,
                (_, true, _, _) => MatchGames::Tabla,
                (false, false, Some(game), _) => MatchGames::Only(game),
                (false, false, None, Some(given)) => {
                    let kind = AnyPosition::parse(given, None).map_err(|e| bad(&e))?.kind();
                    if kind == MatchRules::tavli().first_game() { MatchGames::Tavli } else { MatchGames::Only(kind) }
                }
                (false, false, None, None) => MatchGames::Tavli,
            };
            let mut rules = MatchRules::of(games);
            for option in &args.options {
                with_option(&mut rules, option);
            }
            // A Tavli or Tabla match is to 5 unless told, a count to 31; a
            // match of one game is a single game.
            let single = matches!(games, MatchGames::Only(_)) && rules.scoring == Scoring::Points;
            let target = args.match_to.unwrap_or(if single { 1 } else { rules.default_length() });
            let m = match &args.position {
                // Not `-` for stdin: stdin is where the plays come from.
                Some(given) => {
                    let pos = AnyPosition::parse(given, Some(rules.first_game())).map_err(|e| bad(&e))?;
                    Match::from_position_with(rules, target, seed, players, pos).map_err(|e| bad(&e))?
                }
                None => Match::with_rules(rules, target, seed, players)?,
            };
            let path = match &args.save {
                Some(p) => {
                    records::prepare_new(p)?;
                    p.clone()
                }
                None => records::new_save_path()?,
            };
            (m, path)
        }
    };
    check_players(&m, lang)?;
    // Ctrl-C from here on saves and says how to continue; Ctrl-L draws the board again.
    let keys = input::TerminalKeys::redraw_on_ctrl_l();
    let input = input::Interruptible::stdin();
    let eval = super::engine_eval();
    let echo = !io::stdin().is_terminal();
    let clear = io::stdout().is_terminal();
    let mut session =
        Session::new(m, eval, path, style, input, io::stdout().lock()).echo_input(echo).clear_screen(clear).lang(lang);
    let end = session.run();
    drop(session);
    drop(keys);
    match end {
        Ok(End::MatchOver | End::Quit | End::Eof) => Ok(()),
        // Saved, and said so: end as an interrupted program does.
        Ok(End::Interrupted) => std::process::exit(130),
        // The reader went away (`| head`): every move is saved; stop quietly.
        Err(e) if e.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe) => Ok(()),
        Err(e) => Err(e),
    }
}
