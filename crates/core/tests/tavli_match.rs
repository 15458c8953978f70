//! The Tavli match (TAVLI.md Part 3) through the one match state machine:
//! the rotation, who starts each game, draws, resignations, the end of the
//! match, and records that replay, for `Match<AnyPosition>`; and Plakoto's
//! matches and records as before.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tavli_core::game::{Match, MatchError, MatchRecord, Players, Start};
use tavli_core::tavli::{AnyPosition, GameKind, MatchRules};
use tavli_core::{Color, Position, Reason};

type Tavli = Match<AnyPosition>;

/// Plays the current game of `m` at random until it ends (or the match does).
fn play_game(m: &mut Tavli, rng: &mut ChaCha8Rng) {
    let n = m.games().len();
    while !m.is_over() && m.games().len() == n {
        m.roll().unwrap();
        let plays = m.game().legal_plays();
        let play = plays[rng.random_range(0..plays.len())].clone();
        m.play(&play).unwrap();
    }
}

/// Random Tavli matches to `target` from `seeds`.
fn matches(target: u32, seeds: std::ops::Range<u64>) -> impl Iterator<Item = Tavli> {
    seeds.map(move |seed| {
        let mut m: Tavli = Match::with_rules(MatchRules::tavli(), target, seed, Players::default()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !m.is_over() {
            play_game(&mut m, &mut rng);
        }
        m
    })
}

#[test]
fn m1_m2_m3_games_rotate_and_the_winner_starts_the_next() {
    let mut draws = 0;
    for m in matches(7, 0..40) {
        let games = m.games();
        assert_eq!(games[0].position().kind(), GameKind::Portes, "M1: a Tavli match starts with Portes");
        assert_eq!(games[0].start(), Start::OpeningRoll);
        for w in games.windows(2) {
            let (prev, next) = (&w[0], &w[1]);
            let result = prev.result().unwrap();
            // M1 and M3: the rotation goes on, also after a drawn Plakoto game.
            assert_eq!(next.position().kind(), prev.position().kind().next());
            match result.winner {
                // M2: the winner starts, rolling both dice: no opening roll.
                Some(w) => {
                    assert_eq!(next.start(), Start::Side(w));
                    assert!(next.opening().is_empty());
                }
                // M3: after a draw, the one-die roll decides again.
                None => {
                    draws += 1;
                    assert_eq!(prev.position().kind(), GameKind::Plakoto);
                    assert_eq!(result.reason, Reason::BothMothers);
                    assert_eq!(next.start(), Start::OpeningRoll);
                }
            }
        }
    }
    // Random play draws Plakoto now and then; the rule above was exercised.
    assert!(draws > 0, "no drawn Plakoto game in 40 random matches: M3 untested");
}

#[test]
fn m4_the_match_ends_when_a_side_reaches_the_length_and_points_add_up() {
    for mut m in matches(5, 100..140) {
        let winner = m.winner().unwrap();
        let mut score = [0u32; 2];
        for g in m.games() {
            let r = g.result().unwrap();
            if let Some(w) = r.winner {
                score[w.index()] += u32::from(r.points);
            }
        }
        assert_eq!([m.score(Color::White), m.score(Color::Black)], score);
        assert!(m.score(winner) >= 5);
        // The last game took the winner from below the length to it or past it.
        let last = m.games().last().unwrap().result().unwrap();
        assert!(m.score(winner) - u32::from(last.points) < 5);
        assert!(m.score(winner.opponent()) < 5);
        assert!(m.roll().is_err(), "a finished match rolls no more");
    }
}

#[test]
fn m5_a_resigned_game_scores_and_its_winner_starts_the_next() {
    let mut m: Tavli = Match::with_rules(MatchRules::tavli(), 5, 3, Players::default()).unwrap();
    m.roll().unwrap();
    let resigner = m.game().position().turn();
    let r = m.resign(resigner).unwrap();
    assert_eq!((r.winner, r.points, r.reason), (Some(resigner.opponent()), 2, Reason::Resign));
    assert_eq!(m.score(resigner.opponent()), 2);
    assert_eq!(m.game().position().kind(), GameKind::Plakoto);
    assert_eq!(m.game().start(), Start::Side(resigner.opponent()));
}

/// A resignation of fewer points than the rules give (a single game
/// offered while nothing is off, and accepted) scores what was offered,
/// its record replays so, and an offer of none or of more than the rules
/// give is refused, the game going on.
#[test]
fn a_single_game_resignation_scores_one_and_replays() {
    let mut m: Tavli = Match::with_rules(MatchRules::tavli(), 5, 3, Players::default()).unwrap();
    m.roll().unwrap();
    let resigner = m.game().position().turn();
    assert_eq!(m.resignation_points(resigner), Some(2));
    for wrong in [0, 3] {
        let e = m.resign_for(resigner, wrong).unwrap_err();
        assert!(matches!(e, MatchError::ResignationPoints(asked, 2) if asked == wrong), "{e}");
        assert_eq!(e.to_string(), format!("resigning now gives 1 to 2 point(s), not {wrong}"));
    }
    assert!(m.game().result().is_none(), "a refused offer leaves the game as it was");
    let r = m.resign_for(resigner, 1).unwrap();
    assert_eq!((r.winner, r.points, r.reason), (Some(resigner.opponent()), 1, Reason::Resign));
    assert_eq!(m.score(resigner.opponent()), 1);
    assert_eq!(m.game().start(), Start::Side(resigner.opponent()));
    let rec = m.record();
    assert_eq!(Tavli::from_record(&rec).unwrap().record(), rec);
    assert!(rec.check_dice().is_ok());
}

/// An offer to resign for fewer points waits for the other side's answer,
/// in the match and its record: declined, the game goes on; a play made
/// lets it lapse; accepted, the game ends for its points. Offers of the
/// rules' points or of none are refused, and a record's offer that its
/// position does not allow is refused naming it.
#[test]
fn an_offer_to_resign_waits_in_the_record_for_its_answer() {
    let mut m: Tavli = Match::with_rules(MatchRules::tavli(), 5, 3, Players::default()).unwrap();
    m.roll().unwrap();
    let side = m.game().position().turn();
    for wrong in [0, 2] {
        assert!(matches!(m.offer_resignation(side, wrong), Err(MatchError::OfferPoints(w, 2)) if w == wrong));
    }
    assert_eq!(m.answer_offer(true).unwrap(), None, "no offer stands");
    m.offer_resignation(side, 1).unwrap();
    let rec = m.record();
    let text = serde_json::to_string(&rec).unwrap();
    assert!(text.contains(&format!(r#""offer":{{"side":"{}","points":1}}"#, side.name())), "{text}");
    let back = Tavli::from_record(&serde_json::from_str(&text).unwrap()).unwrap();
    assert_eq!(back.offer(), m.offer());
    assert_eq!(m.answer_offer(false).unwrap(), None);
    assert!(m.offer().is_none() && m.game().result().is_none(), "declined: the game goes on");
    m.offer_resignation(side, 1).unwrap();
    let play = m.game().legal_plays()[0].clone();
    m.play(&play).unwrap();
    assert!(m.offer().is_none(), "a play lets the offer lapse");
    assert!(!serde_json::to_string(&m.record()).unwrap().contains("offer"));
    m.roll().unwrap();
    let other = side.opponent();
    m.offer_resignation(other, 1).unwrap();
    let r = m.answer_offer(true).unwrap().unwrap();
    assert_eq!((r.winner, r.points, r.reason), (Some(side), 1, Reason::Resign));
    assert!(m.offer().is_none());
    let mut bad = rec.clone();
    bad.offer.as_mut().unwrap().points = 2;
    let e = Tavli::from_record(&bad).unwrap_err().to_string();
    assert!(e.contains("offer: an offer to resign gives at least 1 point and fewer than the 2"), "{e}");
}

#[test]
fn records_of_tavli_matches_replay_and_name_each_game() {
    for m in matches(3, 200..215) {
        let rec = m.record();
        assert_eq!(rec.version, 4);
        assert_eq!(rec.rules, MatchRules::tavli());
        let text = serde_json::to_string(&rec).unwrap();
        assert!(text.contains(r#""rules":{"games":"tavli"}"#), "{text}");
        assert!(text.contains(r#""game":"portes""#));
        let back: MatchRecord<AnyPosition> = serde_json::from_str(&text).unwrap();
        assert_eq!(back, rec);
        let again = Tavli::from_record(&back).unwrap();
        assert_eq!(again.record(), rec);
        assert!(rec.check_dice().is_ok());
        // A game whose kind is changed no longer replays.
        let mut wrong = rec.clone();
        wrong.games[0].game = GameKind::Fevga;
        let e = Tavli::from_record(&wrong).unwrap_err().to_string();
        assert!(e.contains("is a game of fevga but the match plays portes"), "{e}");
    }
}

#[test]
fn a_match_in_progress_replays_from_its_record() {
    let mut m: Tavli = Match::with_rules(MatchRules::tavli(), 5, 77, Players::default()).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(77);
    play_game(&mut m, &mut rng);
    m.roll().unwrap();
    let again = Tavli::from_record(&m.record()).unwrap();
    assert_eq!(again.record(), m.record());
    assert_eq!(again.game().position(), m.game().position());
    assert_eq!(again.game().dice(), m.game().dice());
}

#[test]
fn matches_of_one_game_play_only_that_game() {
    for kind in GameKind::ALL {
        let mut m: Tavli = Match::with_rules(MatchRules::only(kind), 3, 5, Players::default()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        while !m.is_over() {
            play_game(&mut m, &mut rng);
        }
        assert!(m.games().iter().all(|g| g.position().kind() == kind), "{kind}");
    }
}

#[test]
fn plakoto_matches_and_records_are_as_before() {
    let mut m = Match::new(3, 9, Players::default()).unwrap();
    m.roll().unwrap();
    let rec = m.record();
    assert_eq!(rec.version, 2);
    let text = serde_json::to_string(&rec).unwrap();
    assert!(!text.contains("\"rules\"") && !text.contains("\"game\""), "{text}");
    // A Plakoto record reads as a Tavli-capable match too, its games Plakoto.
    let any: MatchRecord<AnyPosition> = serde_json::from_str(&text).unwrap();
    let m2 = Tavli::from_record(&any).unwrap();
    assert_eq!(m2.game().position(), &AnyPosition::Plakoto(*m.game().position()));
    // A match of Plakoto's positions cannot be a Tavli match.
    let e = Match::<Position>::with_rules(MatchRules::tavli(), 5, 1, Players::default()).unwrap_err();
    assert_eq!(e, MatchError::WrongGame(GameKind::Portes));
}

/// A match of Gul bara alone: its ladder stages and handed-over dice are
/// turns played without a throw (the match's dice stream skips them, and a
/// replay from the seed or from the written dice skips them too), the
/// same side may play twice running, and the records replay.
#[test]
fn gul_bara_matches_play_pending_dice_without_a_throw_and_replay() {
    use tavli_core::game::Seed;
    let rules = MatchRules::only(GameKind::GulBara);
    let (mut pending_turns, mut twice) = (0, 0);
    for seed in 0..6u64 {
        let mut m: Tavli = Match::with_rules(rules, 3, Seed::Secret([seed as u8 + 1; 32]), Players::default()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut halfway = None;
        while !m.is_over() {
            let before = m.dice_thrown();
            let pending = m.game().position().pending_dice();
            let dice = m.roll().unwrap();
            if let Some(p) = pending {
                assert_eq!(dice, p);
                assert_eq!(m.dice_thrown(), before, "pending dice are not thrown");
                pending_turns += 1;
            }
            let side = m.game().position().turn();
            let plays = m.game().legal_plays();
            let play = plays[rng.random_range(0..plays.len())].clone();
            m.play(&play).unwrap();
            if m.games().last().is_some_and(|g| g.result().is_none() && g.position().turn() == side) {
                twice += 1;
            }
            if halfway.is_none() && pending_turns > 3 {
                halfway = Some(m.public_record());
            }
        }
        let rec = m.record();
        assert_eq!(Tavli::from_record(&rec).unwrap().record(), rec);
        assert!(rec.check_dice().is_ok());
        // The public record of a match being played replays from its written dice.
        if let Some(public) = halfway {
            let seen = Tavli::for_review(&public).unwrap();
            assert_eq!(seen.games().len(), public.games.len());
        }
    }
    assert!(pending_turns > 20 && twice > 20, "{pending_turns} {twice}");
}
