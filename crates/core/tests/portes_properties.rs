//! Properties of every Portes position a random game reaches: the strategy
//! draws a seed and a number of plies, and the game is played with
//! `ChaCha8Rng` from that seed (a new game starts when one ends), so a
//! failure shrinks to a short, replayable game.

use std::collections::HashSet;

use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tavli_core::portes::{Play, Position, TurnBuilder, parse_play};
use tavli_core::{Color, Dice, GameResult};

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

fn mirrored(r: Option<GameResult>) -> Option<GameResult> {
    r.map(|r| GameResult { winner: r.winner.map(Color::opponent), ..r })
}

fn check_position(pos: &Position) -> Result<(), TestCaseError> {
    for c in [Color::White, Color::Black] {
        let on_points: u32 = (1..=24).map(|p| u32::from(pos.checkers(c, p))).sum();
        prop_assert_eq!(on_points + u32::from(pos.bar(c)) + u32::from(pos.off(c)), 15, "{} in {}", c, pos.to_json());
    }
    prop_assert_eq!(pos.to_setup().validate(), Ok(*pos));
    let json = pos.to_json();
    prop_assert_eq!(Position::from_json(&json), Ok(*pos), "JSON {}", json);
    let id = pos.id();
    prop_assert!(id.len() <= 17 && id.starts_with("p."), "{}", id);
    prop_assert_eq!(Position::from_id(&id), Ok(*pos), "ID {} of {}", id, json);
    let gnubg = pos.gnubg_id();
    prop_assert_eq!(gnubg.len(), 14);
    prop_assert_eq!(Position::from_gnubg_id(&gnubg, pos.turn()), Ok(*pos), "gnubg ID {} of {}", gnubg, json);
    prop_assert_eq!(pos.mirror().mirror(), *pos);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, failure_persistence: None, ..ProptestConfig::default() })]

    /// Every reachable position is valid (15 a side) and round-trips through
    /// its JSON, its ID and its gnubg ID, and so does every play's result.
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

    /// Every legal play can be entered one move at a time in the turn
    /// builder, each move offered by `legal_moves`, and completes exactly it.
    #[test]
    fn every_play_can_be_entered_move_by_move(seed in any::<u64>(), plies in 1usize..200) {
        walk(seed, plies, |pos, dice, plays| {
            for play in plays.iter().filter(|p| !p.is_pass()).take(4) {
                let mut t = TurnBuilder::new(pos, dice);
                prop_assert_eq!(t.reachable_plays().len(), plays.len());
                for m in play.moves() {
                    prop_assert!(t.legal_moves().contains(m), "{:?} not offered in {} {} for {}", m, pos.to_json(), dice, play);
                    prop_assert_eq!(t.play_move(m.from, m.to), Ok(()));
                    // The play being entered can still be reached.
                    prop_assert!(t.reachable_plays().contains(play), "{} lost after {:?} in {}", play, t.moves(), pos.to_json());
                }
                prop_assert_eq!(t.reachable_plays(), vec![*play]);
                prop_assert_eq!(t.complete(), Some(*play), "{} {} {}", pos.to_json(), dice, play);
                prop_assert!(t.legal_moves().is_empty());
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
            for p in 1..=24u8 {
                let swap = |t: Option<(Color, u8)>| t.map(|(c, n)| (c.opponent(), n));
                prop_assert_eq!(mirror.top(25 - p), swap(pos.top(p)));
            }
            let mine: HashSet<_> = plays.iter().map(|p| (p.notation(), p.position().mirror(), mirrored(p.result()))).collect();
            let theirs: HashSet<_> = mirror.legal_plays(dice).iter().map(|p| (p.notation(), *p.position(), p.result())).collect();
            prop_assert_eq!(mine, theirs, "{} with {}", pos.to_json(), dice);
            Ok(())
        })?;
    }

    /// Every random game ends, with 1 or 2 points.
    #[test]
    fn every_random_game_ends(seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut pos = Position::start();
        let mut plies = 0;
        let result = loop {
            prop_assert!(plies < 20_000, "no end after {} plies: {}", plies, pos.to_json());
            let plays = pos.legal_plays(random_dice(&mut rng));
            let play = &plays[rng.random_range(0..plays.len())];
            plies += 1;
            if let Some(r) = play.result() {
                break r;
            }
            pos = *play.position();
        };
        prop_assert!(matches!(result.points, 1..=2));
        prop_assert_eq!(pos.outcome(), None);
    }

    /// Anything at all given as JSON, an ID, a gnubg ID or a play is
    /// refused with an error or read, never a panic.
    #[test]
    fn any_text_is_an_error_or_a_value(text in ".{0,40}", seed in any::<u64>()) {
        let _ = Position::from_json(&text);
        let _ = Position::from_id(&text);
        let _ = Position::from_gnubg_id(&text, Color::White);
        let _ = tavli_core::portes::parse_position(&text);
        walk(seed, 20, |pos, dice, _| {
            let _ = parse_play(pos, dice, &text);
            Ok(())
        })?;
    }
}
