//! Properties of every Fevga position a game can reach, over random games
//! under every set of rule options: the formats round-trip (position JSON,
//! the `f.` ID, TAVLI.md's diagram, play notation), the colour swap is the
//! same game, the turn builder agrees with `legal_plays`, and games end.
//! Then the parsers against arbitrary and very long text: they must return
//! an error, never panic, and finish (inputs of megabytes, so a parser that
//! is not linear would stall the suite; nothing here measures time).
//!
//! A game is played with `ChaCha8Rng` from a seed the strategy draws, so a
//! failure shrinks to a short, replayable game.

mod fevga_reference;

use std::collections::HashSet;

use fevga_reference as reference;
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tavli_core::fevga::{
    FevgaRules, Play, Position, TurnBuilder, parse_diagram, parse_play_with, parse_position, white_point,
};
use tavli_core::{Color, Dice, GameResult};

fn random_dice(rng: &mut ChaCha8Rng) -> Dice {
    Dice::new(rng.random_range(1..=6), rng.random_range(1..=6)).expect("dice 1-6")
}

/// Plays `plies` random plays from the start under `rules`, calling
/// `check` on each position with the roll about to be played and its legal
/// plays (a new game starts when one ends).
fn walk(
    seed: u64,
    plies: usize,
    rules: &FevgaRules,
    mut check: impl FnMut(&Position, Dice, &[Play]) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = Position::start();
    for _ in 0..plies {
        let dice = random_dice(&mut rng);
        let plays = pos.legal_plays_with(dice, rules);
        prop_assert!(!plays.is_empty(), "no plays (not even a pass) in a live game: {}", pos.diagram());
        check(&pos, dice, &plays)?;
        let play = &plays[rng.random_range(0..plays.len())];
        pos = if play.result().is_some() { Position::start() } else { *play.position() };
    }
    Ok(())
}

fn mirrored(r: Option<GameResult>) -> Option<GameResult> {
    r.map(|r| GameResult { winner: r.winner.map(Color::opponent), ..r })
}

fn rules_strategy() -> impl Strategy<Value = FevgaRules> {
    (0..FevgaRules::ALL.len()).prop_map(|i| FevgaRules::ALL[i])
}

fn check_position(pos: &Position) -> Result<(), TestCaseError> {
    for c in [Color::White, Color::Black] {
        let on_board: u32 = (1..=24).map(|p| u32::from(pos.checkers(c, p))).sum();
        prop_assert_eq!(on_board + u32::from(pos.off(c)), 15, "{} in {}", c, pos.diagram());
    }
    for p in 1..=24 {
        prop_assert!(pos.checkers(Color::White, p) == 0 || pos.checkers(Color::Black, p) == 0);
    }
    prop_assert_eq!(pos.to_setup().validate(), Ok(*pos));
    let json = pos.to_json();
    prop_assert_eq!(Position::from_json(&json).ok(), Some(*pos), "JSON {}", json);
    prop_assert!(json.contains(r#""game":"fevga""#), "{}", json);
    let serde: Position = serde_json::from_str(&serde_json::to_string(pos).expect("serialize")).expect("deserialize");
    prop_assert_eq!(serde, *pos);
    let id = pos.id();
    prop_assert!(id.starts_with("f."), "{}", id);
    prop_assert_eq!(Position::from_id(&id).ok(), Some(*pos), "ID {} of {}", id, json);
    let diagram = pos.diagram();
    prop_assert_eq!(parse_diagram(&diagram).ok(), Some((*pos, None)), "diagram {}", diagram);
    for text in [json.as_str(), id.as_str(), diagram.as_str()] {
        prop_assert_eq!(parse_position(text).ok(), Some(*pos), "parse_position({})", text);
    }
    // The colour swap, checked point by point against each side's own
    // numbering rather than trusted.
    let m = pos.mirror();
    prop_assert_eq!(m.turn(), pos.turn().opponent());
    for c in [Color::White, Color::Black] {
        prop_assert_eq!(m.off(c.opponent()), pos.off(c));
        for own in 1..=24 {
            prop_assert_eq!(
                m.checkers(c.opponent(), white_point(c.opponent(), own)),
                pos.checkers(c, white_point(c, own))
            );
        }
    }
    prop_assert_eq!(m.mirror(), *pos);
    prop_assert_eq!(pos.outcome(), reference::outcome(pos));
    Ok(())
}

/// Every play's notation parses back to the play, and its diagram with the
/// dice reads back with them.
fn check_notation(pos: &Position, dice: Dice, plays: &[Play], rules: &FevgaRules) -> Result<(), TestCaseError> {
    let (back, d) = parse_diagram(&format!("{} {dice}{}", &pos.diagram()[..7], &pos.diagram()[7..]))
        .map_err(|e| TestCaseError::fail(format!("{e}")))?;
    prop_assert_eq!((back, d), (*pos, Some(dice)));
    for play in plays {
        let text = play.notation();
        prop_assert_eq!(text.clone(), play.to_string());
        let parsed = parse_play_with(pos, dice, &text, rules);
        prop_assert!(parsed.is_ok(), "`{}` in {} with {}: {:?}", text, pos.diagram(), dice, parsed);
        let parsed = parsed.expect("checked");
        prop_assert_eq!(parsed.position(), play.position(), "`{}` in {}", text, pos.diagram());
        prop_assert_eq!(parsed.result(), play.result());
        prop_assert!(!text.contains('*'), "nothing is hit in Fevga: {}", text);
    }
    Ok(())
}

/// The turn builder: the same legal plays; every play can be entered move
/// by move, each move offered by `legal_moves`, ending in `complete()`; and
/// a random walk over offered moves always ends in a legal play.
fn check_turn_builder(
    pos: &Position,
    dice: Dice,
    plays: &[Play],
    rules: &FevgaRules,
    rng: &mut ChaCha8Rng,
) -> Result<(), TestCaseError> {
    let start = TurnBuilder::with_rules(pos, dice, rules);
    prop_assert_eq!(start.legal_plays(), plays);
    prop_assert_eq!(start.is_pass(), plays.len() == 1 && plays[0].is_pass());
    let keys: HashSet<Position> = plays.iter().map(|p| *p.position()).collect();
    prop_assert_eq!(start.reachable_plays().len(), plays.len());
    for play in plays {
        let mut t = start.clone();
        for m in play.moves() {
            prop_assert!(t.legal_moves().contains(m), "{:?} of {} not offered in {}", m, play, pos.diagram());
            let r = t.play_move(m.from, m.to);
            prop_assert!(r.is_ok(), "{:?} of {} refused: {:?}", m, play, r);
        }
        let done = t.complete();
        prop_assert_eq!(done.map(|p| *p.position()), Some(*play.position()), "{} in {}", play, pos.diagram());
        t.reset();
        prop_assert!(t.moves().is_empty());
    }
    // A random walk over the offered moves.
    let mut t = start.clone();
    loop {
        let moves = t.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.random_range(0..moves.len())];
        let r = t.play_move(m.from, m.to);
        prop_assert!(r.is_ok(), "offered {:?} refused: {:?}", m, r);
        let reachable = t.reachable_plays();
        prop_assert!(!reachable.is_empty(), "after {:?} no legal play is reachable in {}", t.moves(), pos.diagram());
    }
    let done = t.complete();
    prop_assert!(
        done.is_some_and(|p| keys.contains(p.position())),
        "walk {:?} in {} is no play",
        t.moves(),
        pos.diagram()
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn formats_round_trip_and_the_mirror_is_the_same_game(seed in any::<u64>(), plies in 1usize..300, rules in rules_strategy()) {
        walk(seed, plies, &rules, |pos, dice, plays| {
            check_position(pos)?;
            let m = pos.mirror();
            let mine: HashSet<_> = plays.iter().map(|p| (p.position().mirror(), mirrored(p.result()))).collect();
            let theirs: HashSet<_> = m.legal_plays_with(dice, &rules).iter().map(|p| (*p.position(), p.result())).collect();
            prop_assert_eq!(mine, theirs, "mirror of {}", pos.diagram());
            for p in plays {
                if p.result().is_none() {
                    prop_assert_eq!(p.position().turn(), pos.turn().opponent());
                }
            }
            Ok(())
        })?;
    }

    #[test]
    fn notation_round_trips(seed in any::<u64>(), plies in 1usize..300, rules in rules_strategy()) {
        walk(seed, plies, &rules, |pos, dice, plays| check_notation(pos, dice, plays, &rules))?;
    }

    #[test]
    fn turn_builder_agrees_with_legal_plays(seed in any::<u64>(), plies in 1usize..200, rules in rules_strategy()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xb01d);
        walk(seed, plies, &rules, |pos, dice, plays| check_turn_builder(pos, dice, plays, &rules, &mut rng))?;
    }

    #[test]
    fn parsers_never_panic_on_arbitrary_text(text in ".{0,300}", rules in rules_strategy()) {
        let _ = Position::from_json(&text);
        let _ = Position::from_id(&text);
        let _ = parse_diagram(&text);
        let _ = parse_position(&text);
        let _ = serde_json::from_str::<Position>(&text);
        let dice = Dice::new(5, 5).expect("dice");
        let _ = parse_play_with(&Position::start(), dice, &text, &rules);
        let _ = TurnBuilder::new(&Position::start(), dice).play_move(text.len() as u8, 3);
    }

    /// Text close to valid: a valid string of each format with a few
    /// characters replaced, inserted or deleted.
    #[test]
    fn parsers_never_panic_on_damaged_text(seed in any::<u64>(), plies in 0usize..120, edits in prop::collection::vec((any::<u16>(), 0u8..3, any::<char>()), 1..6)) {
        walk(seed, plies + 1, &FevgaRules::default(), |pos, dice, plays| {
            let damage = |s: String| -> String {
                let mut c: Vec<char> = s.chars().collect();
                for &(at, kind, ch) in &edits {
                    let i = usize::from(at) % (c.len() + 1);
                    match kind {
                        0 if i < c.len() => c[i] = ch,
                        1 => c.insert(i, ch),
                        _ if i < c.len() => { c.remove(i); }
                        _ => {}
                    }
                }
                c.into_iter().collect()
            };
            let texts = [pos.to_json(), pos.id(), pos.diagram(), plays[0].notation()];
            for t in texts.map(damage) {
                if let Ok(p) = Position::from_json(&t) { check_position(&p)?; }
                if let Ok(p) = Position::from_id(&t) { check_position(&p)?; }
                if let Ok((p, _)) = parse_diagram(&t) { check_position(&p)?; }
                if let Ok(p) = parse_position(&t) { check_position(&p)?; }
                if let Ok(play) = parse_play_with(pos, dice, &t, &FevgaRules::default()) {
                    prop_assert!(plays.iter().any(|q| q.position() == play.position()), "`{}` parsed to an illegal play", t);
                }
            }
            Ok(())
        })?;
    }
}

/// Every game ends: random games under each set of options, from the start,
/// all reach a result well within the ply limit, with both results seen.
#[test]
fn games_terminate() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xfe6a_0e7d);
    let (mut ones, mut twos, mut longest) = (0, 0, 0);
    for g in 0..800 {
        let rules = FevgaRules::ALL[g % FevgaRules::ALL.len()];
        let mut pos = Position::start();
        let mut result = None;
        for ply in 0..5_000 {
            let plays = pos.legal_plays_with(random_dice(&mut rng), &rules);
            let play = plays[rng.random_range(0..plays.len())];
            if let Some(r) = play.result() {
                result = Some(r);
                longest = longest.max(ply);
                break;
            }
            pos = *play.position();
        }
        match result {
            Some(r) if r.points == 1 => ones += 1,
            Some(_) => twos += 1,
            None => panic!("game {g} ({rules:?}) has not ended after 5,000 plies: {}", pos.diagram()),
        }
    }
    eprintln!("800 games: {ones} single, {twos} double, longest {longest} plies");
    assert!(ones > 0 && twos > 0);
}

/// Very long inputs: each parser must return (an error, or for the long
/// but valid JSON an answer) without panicking or stalling.
#[test]
fn parsers_finish_on_long_input() {
    const N: usize = 200_000;
    let dice = Dice::new(3, 3).expect("dice");
    let start = Position::start();
    let rules = FevgaRules::default();
    let inputs: Vec<String> = vec![
        "24/21 ".repeat(N),
        "24/".repeat(N) + "21",
        "(".repeat(N),
        "24/21(".to_string() + &"9".repeat(N) + ")",
        "9".repeat(N) + "/21",
        format!("fevga W 3-3 | W: {}| B: 24:15", "24:1 ".repeat(N)),
        format!("fevga W 3-3 | W: 24:15 | B: 24:{}", "1".repeat(N)),
        "fevga ".to_string() + &"| ".repeat(N),
        "f.".to_string() + &"A".repeat(N),
        "f.".to_string() + &"_-".repeat(N),
        format!(r#"{{"game":"fevga","turn":"white","board":{{{}"24":15,"12":-15}}}}"#, r#""1":0,"#.repeat(N)),
        format!(r#"{{"game":"fevga","turn":"white","board":{{"24":15,"12":-15}},"x":"{}"}}"#, "y".repeat(N)),
        "[".repeat(N),
        "{".repeat(N),
        " ".repeat(N) + "start",
        "é".repeat(N),
    ];
    for text in &inputs {
        let head: String = text.chars().take(30).collect();
        let _ = Position::from_json(text);
        let _ = serde_json::from_str::<Position>(text);
        assert!(Position::from_id(text).is_err(), "{head}…");
        let _ = parse_diagram(text);
        let _ = parse_position(text);
        assert!(parse_play_with(&start, dice, text, &rules).is_err(), "{head}…");
    }
}

/// The accessors and the turn builder take any point number without
/// panicking (out of range: no checkers, or an error).
#[test]
fn any_point_number_is_safe() {
    let dice = Dice::new(6, 5).expect("dice");
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut pos = Position::start();
    for _ in 0..60 {
        for p in 0..=255u8 {
            for c in [Color::White, Color::Black] {
                let _ = (pos.checkers(c, p), pos.checkers_own(c, p), white_point(c, p));
            }
            let _ = (pos.own_on(p), pos.opp_on(p), pos.on(p));
            let mut t = TurnBuilder::new(&pos, dice);
            let _ = (t.destinations(p), t.why_not_from(p));
            for q in [0, 1, 13, 24, 25, 255] {
                let _ = t.play_move(p, q);
            }
            let _ = t.complete();
        }
        let plays = pos.legal_plays(random_dice(&mut rng));
        let play = plays[rng.random_range(0..plays.len())];
        pos = if play.result().is_some() { Position::start() } else { *play.position() };
    }
}
