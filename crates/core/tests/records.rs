//! Match records load back to the match that wrote them, whatever was done:
//! plays (passes included), resignations by either side at any moment of a
//! turn, matches of any length, a record taken at any point. And records
//! written before a resigned game kept its roll still load.

use plakoto_core::Color;
use plakoto_core::game::{Match, MatchRecord, Players};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What a front end can do next in a match.
#[derive(Clone, Copy, Debug)]
enum Action {
    /// Roll if needed, then play the legal play chosen by the number.
    Play(usize),
    /// Roll (if not rolled yet) and stop there: the record has dice pending.
    Roll,
    /// Resign for White (false) or Black (true).
    Resign(bool),
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        12 => any::<usize>().prop_map(Action::Play),
        2 => Just(Action::Roll),
        1 => any::<bool>().prop_map(Action::Resign),
    ]
}

fn apply(m: &mut Match, a: Action) {
    if m.is_over() {
        return;
    }
    match a {
        Action::Play(i) => {
            if m.game().dice().is_none() {
                m.roll().expect("a match in play rolls");
            }
            let plays = m.game().legal_plays().to_vec();
            m.play(&plays[i % plays.len()]).expect("a legal play is accepted");
        }
        Action::Roll => {
            if m.game().dice().is_none() {
                m.roll().expect("a match in play rolls");
            }
        }
        Action::Resign(black) => {
            let side = if black { Color::Black } else { Color::White };
            let points = m.resignation_points(side).expect("a match in play");
            let r = m.resign(side).expect("a match in play can be resigned");
            assert_eq!((r.points, r.winner), (points, Some(side.opponent())));
        }
    }
}

/// Saves `m` as JSON, reads it back, and checks it is the same match with
/// its dice at the same place.
fn assert_reloads(m: &Match) -> Result<Match, TestCaseError> {
    let json = serde_json::to_string(&m.record()).expect("a record serialises");
    let rec: MatchRecord = serde_json::from_str(&json).expect("a record deserialises");
    let back = Match::from_record(&rec).map_err(|e| TestCaseError::fail(format!("{e}\n{json}")))?;
    prop_assert_eq!(back.record(), m.record());
    prop_assert_eq!(back.dice_thrown(), m.dice_thrown(), "the replay threw another number of dice");
    prop_assert_eq!(back.game().position(), m.game().position());
    prop_assert_eq!(back.game().dice(), m.game().dice());
    Ok(back)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// After every action of a random match the record reloads, and the
    /// reloaded match then goes on exactly as the original.
    #[test]
    fn every_record_loads_back_to_the_same_match(
        seed in any::<u64>(),
        length in 1u32..=5,
        actions in prop::collection::vec(action(), 1..400),
    ) {
        let mut m = Match::new(length, seed, Players::default()).expect("a match");
        for (i, &a) in actions.iter().enumerate() {
            apply(&mut m, a);
            if i % 7 == 0 || matches!(a, Action::Resign(..)) {
                let mut back = assert_reloads(&m)?;
                // The copy and the original go on in step for a few actions.
                for &b in actions.iter().skip(i + 1).take(20) {
                    apply(&mut back, b);
                }
                let mut ahead = m.clone();
                for &b in actions.iter().skip(i + 1).take(20) {
                    apply(&mut ahead, b);
                }
                prop_assert_eq!(back.record(), ahead.record());
            }
        }
        assert_reloads(&m)?;
    }
}

/// A record as this program wrote it before resigned games kept their roll:
/// the same record with every resigned game's `dice` left out.
fn as_written_before(rec: &MatchRecord) -> MatchRecord {
    let mut old = rec.clone();
    for g in &mut old.games {
        if g.result.is_some_and(|r| r.reason == plakoto_core::Reason::Resign) {
            g.dice = None;
        }
    }
    old
}

#[test]
fn records_that_left_out_a_resigned_games_roll_still_load() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut resigned = 0;
    for seed in 0..200 {
        let mut m = Match::new(5, seed, Players::default()).expect("a match");
        while !m.is_over() {
            if rng.random_range(0..40) == 0 {
                m.roll().ok();
                let side = m.game().position().turn();
                m.resign(side).expect("resign");
                resigned += 1;
            } else {
                apply(&mut m, Action::Play(rng.random_range(0..1000)));
            }
        }
        let rec = m.record();
        let old = as_written_before(&rec);
        let back = Match::from_record(&old).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(back.record(), rec, "seed {seed}: the roll was not recovered from the seed");
    }
    assert!(resigned > 50, "only {resigned} resignations were tried");
}

#[test]
fn a_resigned_game_keeps_its_roll_in_the_record() {
    let mut m = Match::new(3, 42, Players::default()).expect("a match");
    let dice = m.roll().expect("roll");
    let side = m.game().position().turn();
    m.resign(side).expect("resign");
    let rec = m.record();
    assert_eq!(rec.games[0].dice, Some([dice.high(), dice.low()]));
    assert_eq!(rec.games.len(), 2, "the next game has begun");
    // The next game's rolls are what the seed gives after that roll.
    let mut m2 = Match::from_record(&rec).expect("reloads");
    let mut m1 = m.clone();
    assert_eq!(m1.roll().expect("roll"), m2.roll().expect("roll"));
}
