//! Properties of every position a game can reach, over random games: the
//! strategy draws a seed and a number of plies, and the game is played with
//! `ChaCha8Rng` from that seed (a new game starts when one ends), so a
//! failure shrinks to a short, replayable game.

mod reference;

use std::collections::HashSet;

use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tavli_core::{Color, Dice, GameResult, Play, Position, parse_play, pos};

fn random_dice(rng: &mut ChaCha8Rng) -> Dice {
    Dice::new(rng.random_range(1..=6), rng.random_range(1..=6)).expect("dice 1-6")
}

/// Plays `plies` random plays from the start, calling `check` on each
/// position with the roll about to be played and its legal plays.
fn walk(
    seed: u64,
    plies: usize,
    mut check: impl FnMut(&Position, Dice, &[Play]) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = Position::start();
    for _ in 0..plies {
        let dice = random_dice(&mut rng);
        let plays = pos.legal_plays(dice);
        prop_assert!(!plays.is_empty(), "no plays (not even a pass) in a live game: {}", pos.to_json());
        check(&pos, dice, &plays)?;
        let play = &plays[rng.random_range(0..plays.len())];
        pos = if play.result().is_some() { Position::start() } else { *play.position() };
    }
    Ok(())
}

/// The result with the winner swapped, as in the colour-swapped game.
fn mirrored(r: Option<GameResult>) -> Option<GameResult> {
    r.map(|r| GameResult { winner: r.winner.map(Color::opponent), ..r })
}

fn check_position(pos: &Position) -> Result<(), TestCaseError> {
    for c in [Color::White, Color::Black] {
        let on_board: u32 = (1..=24).map(|p| u32::from(pos.checkers(c, p))).sum();
        prop_assert_eq!(on_board + u32::from(pos.off(c)), 15, "{} in {}", c, pos.to_json());
    }
    prop_assert_eq!(pos.to_setup().validate(), Ok(*pos));
    let json = pos.to_json();
    let back = Position::from_json(&json);
    prop_assert_eq!(back.as_ref().ok(), Some(pos), "JSON {} gave {:?}", json, back);
    prop_assert_eq!(Position::from_json(&json).map(|p| p.to_json()).ok(), Some(json.clone()));
    let id = pos.id();
    prop_assert_eq!(Position::from_id(&id).ok(), Some(*pos), "ID {} of {}", id, json);
    prop_assert_eq!(pos.mirror().mirror(), *pos);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, failure_persistence: None, ..ProptestConfig::default() })]

    /// Every reachable position is valid (15 a side, passes validation) and
    /// round-trips through JSON and its ID, and so does every play's result.
    #[test]
    fn reachable_positions_are_valid_and_round_trip(seed in any::<u64>(), plies in 1usize..300) {
        walk(seed, plies, |pos, _, plays| {
            prop_assert_eq!(pos.outcome(), None);
            check_position(pos)?;
            for play in plays {
                check_position(play.position())?;
            }
            Ok(())
        })?;
    }

    /// Each play's moves, replayed by hand on the board, reach its position,
    /// with its result and pin marks.
    #[test]
    fn plays_replay_to_their_position(seed in any::<u64>(), plies in 1usize..300) {
        walk(seed, plies, |pos, dice, plays| {
            for play in plays {
                let moves: Vec<(u8, u8)> = play.moves().iter().map(|m| (m.from, m.to)).collect();
                let replayed = reference::replay(pos, dice, &moves);
                prop_assert!(replayed.is_ok(), "{} with {}: {} does not replay: {:?}", pos.to_json(), dice, play, replayed);
                let (reached, result, pins) = replayed.unwrap_or_else(|_| unreachable!());
                prop_assert_eq!(reached, *play.position(), "{}", play);
                prop_assert_eq!(result, play.result(), "{}", play);
                for (i, pinned) in pins.into_iter().enumerate() {
                    prop_assert_eq!(play.pins_on_move(i), pinned, "pin mark of move {} in {}", i, play);
                }
            }
            Ok(())
        })?;
    }

    /// `parse_play` reads back every play's notation as the same play.
    #[test]
    fn notation_round_trips(seed in any::<u64>(), plies in 1usize..300) {
        walk(seed, plies, |pos, dice, plays| {
            for play in plays {
                let text = play.notation();
                let parsed = parse_play(pos, dice, &text);
                prop_assert_eq!(parsed.as_ref().ok(), Some(play), "`{}` with {} in {}: {:?}", text, dice, pos.to_json(), parsed);
            }
            Ok(())
        })?;
    }

    /// The colour-swapped position has the colour-swapped plays: the same
    /// notation (each side's own numbering), mirrored positions and results.
    #[test]
    fn mirrored_positions_have_mirrored_plays(seed in any::<u64>(), plies in 1usize..300) {
        walk(seed, plies, |pos, dice, plays| {
            let mirror = pos.mirror();
            prop_assert_eq!(mirror.turn(), pos.turn().opponent());
            for p in 1..=24u8 {
                let swap = |t: Option<(Color, u8)>| t.map(|(c, n)| (c.opponent(), n));
                prop_assert_eq!(mirror.top(25 - p), swap(pos.top(p)));
                prop_assert_eq!(mirror.pinned(25 - p), pos.pinned(p).map(Color::opponent));
            }
            let mine: HashSet<_> = plays.iter().map(|p| (p.notation(), p.position().mirror(), mirrored(p.result()))).collect();
            let theirs: HashSet<_> = mirror.legal_plays(dice).iter().map(|p| (p.notation(), *p.position(), p.result())).collect();
            prop_assert_eq!(mine, theirs, "{} with {}", pos.to_json(), dice);
            Ok(())
        })?;
    }

    /// Every game ends: each play that is not a pass moves checkers forward,
    /// so a game is at most a few hundred plays (and passes) long.
    #[test]
    fn every_random_game_ends(seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut pos = Position::start();
        let mut plies = 0;
        let result = loop {
            prop_assert!(plies < 5_000, "no end after {} plies: {}", plies, pos.to_json());
            let plays = pos.legal_plays(random_dice(&mut rng));
            let play = &plays[rng.random_range(0..plays.len())];
            plies += 1;
            if let Some(r) = play.result() {
                break r;
            }
            // Pips never grow (nothing is ever sent back).
            for c in [Color::White, Color::Black] {
                prop_assert!(play.position().pips(c) <= pos.pips(c));
            }
            pos = *play.position();
        };
        prop_assert!(matches!(result.points, 0..=2));
        prop_assert_eq!(result.winner.is_none(), result.points == 0);
    }
}

/// Every legal play's printed notation is read back as that play.
#[track_caller]
fn assert_every_play_reads_back(p: &Position, dice: Dice) {
    for play in p.legal_plays(dice) {
        let text = play.notation();
        assert_eq!(parse_play(p, dice, &text).as_ref(), Ok(&play), "`{text}` with {dice} in {}", p.to_json());
    }
}

// Fixed examples of the plays `notation_round_trips` found unreadable. The
// printer groups the moves by checker path, highest first; the parser
// replays the paths in printed order, so a move that was legal only after
// another path's move (or a game-ending move printed before others) fails.

#[test]
fn notation_reads_back_when_a_bear_off_needs_another_checker_home_first() {
    // 4-4: 12/8/4, 7/3 (the last checker home), 4/off. Printed
    // `12/8/4/off 7/3`, it is read as 12/8 8/4 4/off while 7 is still out.
    let p = pos!(White; white {12: 1, 7: 1}; black {20: 2});
    assert_every_play_reads_back(&p, Dice::new(4, 4).expect("dice"));
}

#[test]
fn notation_reads_back_when_the_mother_pin_is_printed_before_other_moves() {
    // 1-1: 3/2, 3/2, 2/1* pins Black's mother, White's start being empty: a
    // win. Printed `3/2/1* 3/2`, it is read as 3/2 2/1* (game over) and
    // then one move too many.
    let p = pos!(White; white {3: 2}; black {1: 1, 20: 14});
    assert_every_play_reads_back(&p, Dice::new(1, 1).expect("dice"));
}

#[test]
fn notation_reads_back_when_leaving_the_start_is_printed_before_other_moves() {
    // Black's mother is pinned; 13/8 then 24/19 (White's start empties: a
    // win). Printed `24/19 13/8`, it is read as 24/19 (game over) and then
    // one move too many.
    let p = pos!(White; white {24: 1, 13: 1, 1: 1}; black {20: 14}; pinned {1: Black});
    assert_every_play_reads_back(&p, Dice::new(5, 5).expect("dice"));
}

// Parsing is bounded by what a play can be: a text with more hops than the
// roll has moves is refused at once, so no text, however long, makes the
// parser search long. (Before, a text that did not replay as written had
// every order of its hops tried: 12 hops took 4 s, and each extra one 6×
// more.) The deadline is a thousand times what the calls need.

/// Runs `parse_play` on each text and fails if they take over a second in all.
#[track_caller]
fn assert_parses_quickly(cases: &[(Position, Dice, String)]) {
    let start = std::time::Instant::now();
    for (p, d, text) in cases {
        let _ = parse_play(p, *d, text);
    }
    let took = start.elapsed();
    assert!(took < std::time::Duration::from_secs(1), "{} texts took {took:?}", cases.len());
}

#[test]
fn a_play_with_more_hops_than_the_roll_has_moves_is_refused_at_once() {
    let p = Position::start();
    let d = Dice::new(6, 5).expect("dice");
    let e = parse_play(&p, d, "24/18/13/8").unwrap_err();
    assert_eq!(e, tavli_core::PlayError::TooManyMoves(d));
    let e = parse_play(&p, Dice::new(2, 2).expect("dice"), "24/22/20 24/22/20/18").unwrap_err();
    assert!(matches!(e, tavli_core::PlayError::TooManyMoves(_)), "{e}");
    let e = parse_play(&p, Dice::new(2, 2).expect("dice"), "24/22(5)").unwrap_err();
    assert!(matches!(e, tavli_core::PlayError::Syntax { .. }), "{e}");
    // Four hops of a doublet are still read, in any order written.
    assert!(parse_play(&p, Dice::new(2, 2).expect("dice"), "22/20 24/22 24/22 22/20").is_ok());
}

#[test]
fn texts_of_many_hops_parse_quickly() {
    let pinned = pos!(White; white {24: 10, 13: 2, 8: 2, 6: 1}; black {1: 10, 19: 2, 10: 1, 4: 1}; pinned {6: Black});
    let two = Dice::new(2, 2).expect("dice");
    let mut cases = vec![
        // The fuzzer's reproducer (target `notation`): the pinned board, 2-2.
        (pinned, two, "\n\n8/8/3/8 6/8/8 6/13/8 6/4 6/3/8 6/8/8 6/13/8 6/4*".to_string()),
        // The request that froze the server.
        (
            Position::start(),
            Dice::new(1, 1).expect("dice"),
            "24/23/22 21/20/19 18/17/16 15/14/13 12/11/10 9/8/7 6/5/4 3/2/1".to_string(),
        ),
    ];
    // Texts as long as a request body may be (64 KiB): one long path, many
    // short ones, many counted ones.
    let long_path: Vec<String> = (0..13_000).map(|i| (24 - i % 24).to_string()).collect();
    cases.push((Position::start(), two, long_path.join("/")));
    cases.push((Position::start(), two, "24/22 ".repeat(10_900)));
    cases.push((Position::start(), two, "24/22/20(4) ".repeat(5_400)));
    assert_parses_quickly(&cases);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Any text of hops, counts, pins and separators, up to 400 characters,
    /// parses (or is refused) quickly and without a panic, on real boards.
    #[test]
    fn any_text_parses_quickly(
        seed in any::<u64>(),
        plies in 0usize..120,
        text in "[0-9/*() ,offpas]{0,400}",
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut pos = Position::start();
        for _ in 0..plies {
            let plays = pos.legal_plays(random_dice(&mut rng));
            let play = &plays[rng.random_range(0..plays.len())];
            if play.result().is_some() {
                break;
            }
            pos = *play.position();
        }
        let dice = random_dice(&mut rng);
        assert_parses_quickly(&[(pos, dice, text.clone())]);
        if let Ok(play) = parse_play(&pos, dice, &text) {
            prop_assert!(pos.legal_plays(dice).contains(&play));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Mid-turn, the plays the turn can still become are exactly the legal
    /// plays that some way of finishing the turn reaches: all of them at
    /// the start, and always the play whose first moves were made.
    #[test]
    fn reachable_plays_keep_the_play_being_entered(seed in any::<u64>(), plies in 1usize..200) {
        walk(seed, plies, |pos, dice, plays| {
            let t = tavli_core::TurnBuilder::new(pos, dice);
            prop_assert_eq!(t.reachable_plays().len(), plays.len());
            for play in plays.iter().filter(|p| !p.is_pass()).take(6) {
                let mut t = tavli_core::TurnBuilder::new(pos, dice);
                for m in play.moves() {
                    t.play_move(m.from, m.to).map_err(|e| TestCaseError::fail(e.to_string()))?;
                    let left = t.reachable_plays();
                    prop_assert!(
                        left.iter().any(|p| p.position() == play.position()),
                        "{} lost after {:?} in {}", play.notation(), m, pos.id()
                    );
                    prop_assert!(left.iter().all(|p| plays.contains(p)));
                    // Every reachable play is reached by some legal next move.
                    if t.complete().is_none() {
                        prop_assert!(!t.legal_moves().is_empty());
                    }
                }
            }
            Ok(())
        })?;
    }
}
