//! The session's tests: whole sessions played from scripted input with
//! the shipped network, and what they print.

use super::*;
use crate::cmd::play::advice::{HINT_SHOWN, hint_head, hint_table, rating_text, so_far_text};
use crate::cmd::play::format::percent;
use crate::cmd::play::input::LineReader;
use tavli_core::game::Players;
use tavli_core::{Position, Reason};
use tavli_engine::NetEval;
use tavli_engine::analysis;

/// A match of Plakoto as the session holds it: a match of any game.
fn any(m: Match<Position>) -> Match<AnyPosition> {
    let record = serde_json::from_value(serde_json::to_value(m.record()).unwrap()).unwrap();
    Match::from_record(&record).unwrap()
}

fn session(input: &str, white: PlayerName, black: PlayerName) -> (End, String, Match<AnyPosition>) {
    let m = Match::new(1, 42, Players { white, black }).unwrap();
    session_of(m, input)
}

fn session_of(m: Match<Position>, input: &str) -> (End, String, Match<AnyPosition>) {
    session_in(Lang::En, m, input)
}

/// A session in `lang`; its output with the save path taken out.
fn session_in(lang: Lang, m: Match<Position>, input: &str) -> (End, String, Match<AnyPosition>) {
    session_any(lang, any(m), input)
}

/// [`session_in`] for a match of any game.
fn session_any(lang: Lang, m: Match<AnyPosition>, input: &str) -> (End, String, Match<AnyPosition>) {
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
fn first_roll() -> (Match<Position>, Position, Dice) {
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
    assert!(out.contains("tavli play --resume"), "{out}");
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

/// With nothing borne off a resignation offers a single or a double game:
/// the double ends the game, a single is an offer the other person at the
/// screen declines (the game goes on) or accepts (1 point).
#[test]
fn a_single_game_offered_between_people_is_declined_then_accepted() {
    let (end, out, m) = session("resign\n1\nno\nresign\nsingle\nyes\n", HUMAN, HUMAN);
    assert_eq!(end, End::MatchOver);
    let r = m.games()[0].result().unwrap();
    assert_eq!((r.points, r.reason), (1, Reason::Resign));
    // Black starts (seed 42), and resigns.
    let asked = "Resign a single game (1 point to White) or a double game (2 points)? (1/2/no) > ";
    assert_eq!(out.matches(asked).count(), 2, "{out}");
    assert!(out.contains("Black offers to resign, giving 1 point. White, do you accept? (yes/no) > "), "{out}");
    assert!(out.contains("White declines 1 point: play on."), "{out}");
    assert!(out.contains("White accepts.") && out.contains("Black resigns: White wins 1 point."), "{out}");
}

/// The engine accepts a single game in an even game, and declines it
/// where it is all but sure of a double game; the double then ends it.
#[test]
fn the_engine_accepts_a_single_game_only_where_it_is_worth_it() {
    let (_, out, m) = session("resign\n1\n", HUMAN, engine("advanced"));
    assert!(out.contains("Black (advanced) accepts."), "{out}");
    assert_eq!(m.games()[0].result().map(|r| r.points), Some(1));
    // Black (the person) has 15 checkers back; White bears off its last two next turn.
    let hopeless =
        tavli_core::parse_position(r#"{"turn":"black","board":{"1":2,"12":-15},"off":{"white":13,"black":0}}"#)
            .unwrap();
    let m = Match::from_position(1, 1, Players { white: engine("advanced"), black: HUMAN }, hopeless).unwrap();
    let (end, out, m) = session_of(m, "resign\n1\nresign\n2\n");
    assert!(out.contains("White (advanced) declines 1 point: play on."), "{out}");
    assert_eq!(end, End::MatchOver);
    assert_eq!(m.games()[0].result().map(|r| r.points), Some(2));
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
    assert!(out.contains("You have not played yet") || out.contains(&format!("Your last play, {theirs} ({dice2})")));
}

/// White, on roll, with one checker left on its 1-point: any roll wins
/// 2 points (Black has borne off nothing).
fn last_checker() -> Position {
    tavli_core::parse_position(r#"{"turn":"white","board":{"1":1,"12":-15},"off":{"white":14,"black":0}}"#).unwrap()
}

#[test]
fn quit_between_games_stops_saved_before_the_next_game_begins() {
    let m = Match::from_position(3, 1, Players::people(), last_checker()).unwrap();
    let (end, out, m) = session_of(m, "1/off\nquit\n");
    assert_eq!(end, End::Quit);
    assert!(out.contains("press Enter to begin"), "{out}");
    assert!(!out.contains("=== Game 2"), "{out}");
    assert!(out.contains("Continue with"), "{out}");
    assert_eq!(m.score(Color::White), 2);
}

#[test]
fn the_game_over_board_shows_the_finished_game() {
    let m = Match::from_position(3, 1, Players::people(), last_checker()).unwrap();
    let (_, out, m) = session_of(m, "1/off\n\nquit\n");
    assert_eq!(m.games().len(), 2);
    let over = out.find("game over").expect("a game-over board");
    // The next game waits for Enter, so the finished board stays in view.
    let pause = out.find("Game 2, Plakoto, is next: press Enter to begin, or type quit > ").expect("a pause");
    assert!(over < pause && pause < out.find("=== Game 2").unwrap(), "{out}");
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
    // The next board marks the computer's play and says it in its own
    // numbering, then in the person's.
    let g = m.game();
    let dice = Dice::new(g.turns()[1].dice[0], g.turns()[1].dice[1]).unwrap();
    let theirs = g.positions_before()[1].legal_plays(dice).into_iter().find(|p| &p.position() == g.position());
    let theirs = theirs.unwrap();
    let said = format!(" Black (random) played {} (your {})\n", theirs.notation(), theirs.notation_for(Color::White));
    assert!(out[reply..].contains(&said), "{said}\n{out}");
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
    assert!(out.contains(&id_text(Lang::En, &pos.into(), dice, false)), "{out}");
    assert!(out.contains(&format!("tavli hint {} {dice}", pos.id())), "{out}");
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
        "Παραιτείσαι με μονό (1 πόντος στα Άσπρα) ή με διπλό (2 πόντοι); (1/2/όχι) > ",
        "Δεν παραιτήθηκες· συνέχισε το παιχνίδι.",
        "αυτής της ζαριάς δεν αποθηκεύτηκε· θα παίξεις ξανά όλη τη ζαριά.\nΑποθηκεύτηκε στο ΑΡΧΕΙΟ. Συνέχεια με: tavli play --resume ΑΡΧΕΙΟ",
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
    assert!(out.contains("Η καταγραφή αποθηκεύτηκε στο ΑΡΧΕΙΟ· δες την ξανά με `tavli replay ΑΡΧΕΙΟ`"), "{out}");
    assert!(out.contains("`tavli review ΑΡΧΕΙΟ`"), "the review is offered too: {out}");
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
    let name = if w == Color::White { "Τα Άσπρα (τυχαίο)" } else { "Τα Μαύρα (ευρετικό)" };
    let won = format!("{name} κερδίζουν τον αγώνα {}-{}.", m.score(w), m.score(w.opponent()));
    assert!(out.contains(&won), "{won}\n{out}");
}

#[test]
fn greek_position_ids() {
    let (pos, dice) = (Position::start(), Dice::new(6, 4).unwrap());
    assert_eq!(
        id_text(Lang::El, &pos.into(), dice, true),
        format!(
            "Κωδικός θέσης {id} (η θέση στην αρχή αυτής της ζαριάς): παίζουν τα Άσπρα 6-4.\n\
             Το `tavli hint {id} 6-4` κατατάσσει τις κινήσεις της·\n\
             το `tavli play --position {id}` ξεκινά μια παρτίδα από αυτήν.",
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

// ----- Tavli: every game, and the match whose games rotate -----

fn tavli_match(target: u32, seed: u64, players: Players) -> Match<AnyPosition> {
    Match::with_rules(tavli_core::tavli::MatchRules::tavli(), target, seed, players).unwrap()
}

/// A Tavli match between two levels is played to its end: Portes, Plakoto
/// and Fevga in turn (Fevga after a drawn Plakoto game), each announced
/// with its name, the winner of each game starting the next, the record
/// saved as played.
#[test]
fn a_tavli_match_plays_its_games_in_turn() {
    let players = Players { white: engine("heuristic"), black: engine("random") };
    let (end, out, m) = session_any(Lang::En, tavli_match(5, 3, players), "");
    assert_eq!(end, End::MatchOver);
    assert!(m.games().len() >= 3, "{out}");
    assert!(out.contains("A Tavli match: Portes, Plakoto, Fevga"), "{out}");
    let mut expected = GameKind::Portes;
    for (i, g) in m.games().iter().enumerate() {
        assert_eq!(g.position().kind(), expected, "game {}", i + 1);
        let name = tavli_text::game_name(Lang::En, expected);
        assert!(out.contains(&format!("=== Game {}: {name} · Tavli match to 5 ===", i + 1)), "{out}");
        let r = g.result().expect("every game of a finished match has ended");
        if let (Some(w), Some(next)) = (r.winner, m.games().get(i + 1)) {
            assert_eq!(next.first_side(), Some(w), "the winner of game {} starts the next", i + 1);
        }
        expected = m.rules().next_game(expected, r.winner.is_none());
    }
    // The heuristic level plays the games that have no network yet with their heuristics, and says so.
    assert!(!out.contains("heuristic player: Portes's trained player"), "heuristic is itself: {out}");
}

/// A neural level plays Portes and Fevga with their networks: nothing is
/// announced as standing in for it.
#[test]
fn a_neural_level_plays_every_game_without_a_stand_in() {
    for game in [GameKind::Fevga, GameKind::Portes] {
        let players = Players { white: engine("beginner"), black: HUMAN };
        let m = Match::with_rules(tavli_core::tavli::MatchRules::only(game), 1, 4, players).unwrap();
        let (_, out, _) = session_any(Lang::En, m, "quit\n");
        assert!(out.contains("=== Game 1: "), "{out}");
        assert!(!out.contains("with its heuristic player"), "{game}: {out}");
    }
}

/// A Portes position with White's checker on the bar: the board draws it
/// in the bar, a move elsewhere is refused with Portes's reason, and the
/// play is entered move by move from the bar.
#[test]
fn a_person_enters_from_the_bar_in_portes() {
    let pos = AnyPosition::parse(
        r#"{"game":"portes","turn":"white","bar":{"white":1},"board":{"24":1,"13":5,"8":3,"6":5,"1":-2,"12":-5,"17":-3,"19":-5}}"#,
        None,
    )
    .unwrap();
    let rules = tavli_core::tavli::MatchRules::only(GameKind::Portes);
    let players = Players { white: HUMAN, black: engine("random") };
    let make = || Match::from_position_with(rules, 1, 8, players.clone(), pos).unwrap();
    let mut replica = make();
    replica.roll().unwrap();
    let play = replica.game().legal_plays()[0].clone();
    assert_eq!(play.moves()[0].from, 25, "a checker on the bar enters first: {play}");
    let moves: Vec<String> =
        play.moves().iter().map(|m| format!("{}/{}", m.from, m.to).replace("25/", "bar/")).collect();
    let input = format!("8/5\n{}\n\nquit\n", moves.join("\n"));
    let (_, out, m) = session_any(Lang::En, make(), &input);
    assert!(out.contains("the middle column is the bar"), "{out}");
    assert!(out.contains("Not played:") && out.contains("bar"), "{out}");
    assert!(out.contains(&format!("You play {}.", play.notation())), "{out}");
    assert_eq!(m.games()[0].turns()[0].notation, play.notation());
}

/// The terminal writes the bar as `bar`, as players type it, wherever it
/// shows single moves (the prompt mid-turn, what the moves so far cost,
/// the legal moves that can follow), and its help is the game's own:
/// Portes's mentions `bar/` and `*` and no single start point.
#[test]
fn the_bar_is_written_bar_mid_turn_and_the_help_is_the_games_own() {
    let pos = AnyPosition::parse(
        r#"{"game":"portes","turn":"white","bar":{"white":1},"board":{"24":1,"13":5,"8":3,"6":5,"1":-2,"12":-5,"17":-3,"19":-5}}"#,
        None,
    )
    .unwrap();
    let rules = tavli_core::tavli::MatchRules::only(GameKind::Portes);
    let players = Players { white: HUMAN, black: engine("random") };
    let make = || Match::from_position_with(rules, 1, 8, players.clone(), pos).unwrap();
    let mut replica = make();
    replica.roll().unwrap();
    let play = replica.game().legal_plays().iter().find(|p| p.moves().len() > 1).unwrap().clone();
    let entered = play.moves()[0];
    assert_eq!(entered.from, 25, "{play}");
    let bar = format!("bar/{}", entered.to);
    let (_, out, _) = session_any(
        Lang::En,
        make(),
        &format!(
            "{bar}
?
hint
help
quit
"
        ),
    );
    assert!(!out.contains("25/"), "{out}");
    assert!(out.contains(&format!("[{bar}] >")), "{out}");
    assert!(out.contains(&format!("Your move so far, {bar}, ")), "{out}");
    assert!(out.contains("bar/22") && out.contains("13/7*"), "{out}");
    assert!(!out.contains("24 is your start"), "{out}");
    // Plakoto's help has the pin's `*` and no bar; Fevga's neither.
    for (game, star, start) in [(GameKind::Plakoto, true, true), (GameKind::Fevga, false, true)] {
        let m = Match::with_rules(tavli_core::tavli::MatchRules::only(game), 1, 3, Players::people()).unwrap();
        let (_, out, _) = session_any(
            Lang::En,
            m,
            "help
quit
",
        );
        let help = &out[out.find("Enter a play").expect("the help")..];
        assert!(!help.contains("bar"), "{game}: {help}");
        assert_eq!(help.contains('*'), star, "{game}: {help}");
        assert_eq!(help.contains("24 is your start"), start, "{game}: {help}");
    }
}

/// Fevga from Black's side: the labels are Black's numbering, White's
/// fifteen checkers stand on Black's 12, both directions are drawn.
#[test]
fn fevga_is_drawn_from_the_persons_side_with_the_shared_direction() {
    let players = Players { white: engine("random"), black: HUMAN };
    let m = Match::with_rules(tavli_core::tavli::MatchRules::only(GameKind::Fevga), 1, 3, players).unwrap();
    let (_, out, _) = session_any(Lang::En, m, "quit\n");
    assert!(out.contains("◄──◄──") && out.contains("──►──►"), "{out}");
    assert!(out.contains("arrows: both sides go round the same way; White starts on your 12"), "{out}");
    assert!(out.contains("Game 1: Fevga · one game"), "{out}");
}

/// In a match of one game (`game`, position type `P`) between two people:
/// `hint` ranks the roll's plays with the game's own network, searched as
/// deep as in Plakoto, and `last` rates the play made by the same search.
fn advice_in<P: NetGame>(game: GameKind, eval: NetEval<P>, of: fn(AnyPosition) -> Option<P>) {
    let m = Match::with_rules(tavli_core::tavli::MatchRules::only(game), 1, 3, Players::people()).unwrap();
    // The same match beside the session's, to know its dice.
    let mut beside = m.clone();
    let dice = beside.roll().unwrap();
    let pos = of(*beside.game().position()).expect("a position of the game");
    let search = Search::new(eval, HINT_PLY);
    let ranked = analysis::rank_plays(&search, &pos, dice);
    let best = ranked[0].play.clone();
    let same = beside.game().legal_plays().iter().find(|p| p.notation() == best.notation()).cloned().unwrap();
    beside.play(&same).unwrap();
    beside.roll().unwrap();
    let theirs = beside.game().legal_plays()[0].notation();
    let input = format!("hint\n{}\n{theirs}\nlast\nquit\n", best.notation());
    let (_, out, _) = session_any(Lang::En, m, &input);
    let head = hint_head(Lang::En, dice, &[], HINT_PLY, &pos.turn().to_string(), None);
    let table = hint_table(Lang::En, &ranked[..ranked.len().min(HINT_SHOWN)], &ranked[0], HINT_PLY);
    assert!(out.contains(&format!("{head}\n{table}\n")), "{game}: {head}\n{table}\n{out}");
    let j = analysis::judge(&search, &pos, dice, &best).unwrap();
    let rated = rating_text(Lang::En, &best, dice, &j, "");
    assert!(out.contains(&rated), "{game}: {rated}\n{out}");
    assert!(rated.contains(" was the best of ") || rated.contains("only legal play"), "{rated}");
}

#[test]
fn hints_and_ratings_in_portes_come_from_its_network() {
    advice_in::<tavli_core::portes::Position>(
        GameKind::Portes,
        tavli_engine::GameEvals::around(NeuralEval::shipped(None)).get::<tavli_core::portes::Position>().clone(),
        |p| match p {
            AnyPosition::Portes(p) => Some(p),
            _ => None,
        },
    );
}

#[test]
fn hints_and_ratings_in_fevga_come_from_its_network() {
    advice_in::<tavli_core::fevga::Position>(
        GameKind::Fevga,
        tavli_engine::GameEvals::around(NeuralEval::shipped(None)).get::<tavli_core::fevga::Position>().clone(),
        |p| match p {
            AnyPosition::Fevga(p) => Some(p),
            _ => None,
        },
    );
}

/// Mid-turn, a Portes hint ranks only what the move made can become.
#[test]
fn a_portes_hint_mid_turn_ranks_the_plays_the_moves_made_can_become() {
    let m = Match::with_rules(tavli_core::tavli::MatchRules::only(GameKind::Portes), 1, 3, Players::people()).unwrap();
    let mut beside = m.clone();
    let dice = beside.roll().unwrap();
    let AnyPosition::Portes(pos) = *beside.game().position() else { panic!("a Portes position") };
    let first = pos.legal_plays(dice)[0].moves()[0];
    let (_, out, _) = session_any(Lang::En, m, &format!("{}\nhint\nquit\n", move_text(first)));
    let mut t = tavli_core::portes::TurnBuilder::new(&pos, dice);
    t.play_move(first.from, first.to).unwrap();
    let reachable = t.reachable_plays();
    let search = Search::new(
        tavli_engine::GameEvals::around(NeuralEval::shipped(None)).get::<tavli_core::portes::Position>().clone(),
        HINT_PLY,
    );
    let c = analysis::continuations(&search, &pos, dice, Some(&reachable)).unwrap();
    assert!(c.plays.iter().all(|r| r.play.moves().contains(&first)), "{:?}", c.plays);
    let head = hint_head(Lang::En, dice, &[first], HINT_PLY, &pos.turn().to_string(), None);
    assert!(out.contains(&head), "{head}\n{out}");
    assert!(out.contains(&so_far_text(Lang::En, &[first], &c.plays, &c.best)), "{out}");
}

/// A Tavli match between two levels in Greek: the games' Greek names.
#[test]
fn a_greek_tavli_match_names_the_games_in_greek() {
    let players = Players { white: engine("heuristic"), black: engine("random") };
    let (_, out, _) = session_any(Lang::El, tavli_match(3, 5, players), "");
    assert!(out.contains("=== Παρτίδα 1: Πόρτες · αγώνας τάβλι στους 3 ==="), "{out}");
    assert!(out.contains("Αγώνας τάβλι: Πόρτες, Πλακωτό, Φεύγα"), "{out}");
}

// ----- in Bulgarian -----

/// Asserts that `out` says nothing in English, nor in Greek (but the
/// notation's `bar/`, and the saved file's stand-in name).
fn all_bulgarian(out: &str) {
    let out = out.replace("ΑΡΧΕΙΟ", "").replace("bar/", "");
    all_greek(&out);
    for line in out.lines() {
        assert!(!text::tests::has_greek(line), "Greek in: {line}\n{out}");
    }
}

/// A Tapa game between two people at one keyboard, every command typed in
/// Bulgarian: the game says everything in Bulgarian, in the page's words.
#[test]
fn a_bulgarian_tapa_session_says_everything_in_bulgarian() {
    let m = Match::with_rules(tavli_core::tavli::MatchRules::only(GameKind::Tapa), 1, 42, Players::people()).unwrap();
    let input = "\nходове\nfoo\nотмени\n5/3\nbar/20\n24/18(9)\nпомощ\nзапази\nкод\nпоследен\nтабла\n\
                 предавам се\nне\nизход\n";
    let (end, out, m) = session_any(Lang::Bg, m, input);
    assert_eq!(end, End::Quit);
    assert!(m.game().turns().is_empty());
    all_bulgarian(&out);
    for expected in [
        "Всеки ход се записва в ΑΡΧΕΙΟ",
        "=== Партия 1: Тапа · една партия ===",
        "Първо хвърляне: Белите хвърлят 2, Черните хвърлят 5: започват Черните.",
        " Партия 1 · Тапа · една партия · Б Белите 0, Ч Черните 0",
        "пипа 360, събрани 0",
        "позволени хода с ",
        "не е нито ход, нито команда",
        "Няма какво да се отмени.",
        "Не е изиграно: нямаш пул на поле 5",
        "Не е изиграно: не може да се прочете `bar/20`: в тази игра няма бар",
        "Не е изиграно: не може да се прочете `24/18(9)`: броят се пише `(2)` до `(4)` накрая",
        "Команди, на английски или на български:",
        "  13/7*         тапа, отбелязана с `*` (по желание)",
        "Записано в ΑΡΧΕΙΟ (всеки ход се записва и без това).",
        "Код на позицията ",
        "Още не си играл в този мач.",
        "Да се предадеш ли с единична игра (1 точка за Белите) или с двойна (2 точки)? (1/2/не) > ",
        "Не се предаде; играта продължава.",
        "Записано в ΑΡΧΕΙΟ. Продължи с: tavli play --resume ΑΡΧΕΙΟ",
    ] {
        assert!(out.contains(expected), "{expected}\n{out}");
    }
}

/// A Tabla match between two levels in Bulgarian: the Bulgarian player's
/// own three games by their names, the sides' levels in Bulgarian.
#[test]
fn a_bulgarian_tabla_match_names_the_games_in_bulgarian() {
    let players = Players { white: engine("heuristic"), black: engine("random") };
    let m = Match::with_rules(tavli_core::tavli::MatchRules::tabla(), 3, 5, players).unwrap();
    let (end, out, m) = session_any(Lang::Bg, m, "");
    assert_eq!(end, End::MatchOver);
    all_bulgarian(&out);
    assert!(out.contains("=== Партия 1: Табла · мач Табла до 3 ==="), "{out}");
    assert!(out.contains("Мач Табла: Табла, Гюлбара, Тапа и пак отначало"), "{out}");
    assert!(out.contains("Белите (евристичен) хвърлят "), "{out}");
    let w = m.winner().unwrap();
    let name =
        if w == Color::White { "Белите (евристичен)" } else { "Черните (случаен)" };
    let won = format!("{name} печелят мача {}-{}.", m.score(w), m.score(w.opponent()));
    assert!(out.contains(&won), "{won}\n{out}");
}

#[test]
fn a_bulgarian_game_against_the_computer_speaks_to_the_person() {
    let (end, out, _) = session_in(
        Lang::Bg,
        Match::new(1, 42, Players { white: HUMAN, black: engine("random") }).unwrap(),
        "предавам се\nда\n",
    );
    assert_eq!(end, End::MatchOver);
    all_bulgarian(&out);
    assert!(out.contains("Първо хвърляне: хвърляш "), "{out}");
    assert!(out.contains("Белите (ти)"), "{out}");
    assert!(out.contains("Предаваш се: Черните (случаен) печелят 2 точки."), "{out}");
    assert!(out.contains("Записът е запазен в ΑΡΧΕΙΟ; виж го отново с `tavli replay ΑΡΧΕΙΟ`"), "{out}");
}

#[test]
fn an_unknown_level_is_refused_in_bulgarian() {
    let m = Match::new(1, 1, Players { white: engine("external:sh"), black: HUMAN }).unwrap();
    let e = check_players(&m, Lang::Bg).unwrap_err().to_string();
    assert!(e.starts_with("играчът на белите в записа, `external:sh`: непознато ниво"), "{e}");
    assert_eq!(text::tests::english_words(&e), Vec::<String>::new(), "{e}");
}
