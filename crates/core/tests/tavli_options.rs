//! The match options of TAVLI.md (`MatchRules`) played, one rule per test:
//! the opening dice played in the first game (Part 1, "Turn order and
//! dice"), Portes's backgammons counting 3 (Part 1, "End of a game"), and
//! Fevga's house rules (Part 2, tests F4, F6, F7). Each compares a match
//! under the option with the same match without it, and checks that
//! records carrying options round-trip and replay.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tavli_core::fevga::{self, BanTiming, FevgaRules, PrimeRule, Release};
use tavli_core::game::{Game, Match, MatchRecord, Players, Start};
use tavli_core::portes::{self, PortesRules};
use tavli_core::tavli::{AnyPosition, GameKind, GamePlay, MatchGames, MatchRules};
use tavli_core::{Color, Dice, Position, Reason, fevga_pos, portes_pos};

type Tavli = Match<AnyPosition>;

fn opening_dice() -> MatchRules {
    MatchRules { opening_dice_played: true, ..MatchRules::tavli() }
}

/// Plays `m` at random for `turns` turns, or until it is over.
fn play_turns(m: &mut Tavli, rng: &mut ChaCha8Rng, turns: usize) {
    for _ in 0..turns {
        if m.is_over() {
            return;
        }
        m.roll().unwrap();
        let plays = m.game().legal_plays();
        let play = plays[rng.random_range(0..plays.len())].clone();
        m.play(&play).unwrap();
    }
}

/// The dice of each turn of the match's first game.
fn first_game_dice(m: &Tavli) -> Vec<[u8; 2]> {
    m.games()[0].turns().iter().map(|t| t.dice).collect()
}

fn sorted([a, b]: [u8; 2]) -> [u8; 2] {
    [a.max(b), a.min(b)]
}

#[test]
fn opening_dice_played_the_first_roll_is_the_decisive_opening_pair() {
    let mut tied = 0;
    for seed in 0..40u64 {
        let mut with = Tavli::with_rules(opening_dice(), 5, seed, Players::default()).unwrap();
        let mut without = Tavli::with_rules(MatchRules::tavli(), 5, seed, Players::default()).unwrap();
        let d = with.roll().unwrap();
        without.roll().unwrap();
        let opening = with.game().opening().to_vec();
        // The roll-off is the same: equal dice roll again either way.
        assert_eq!(opening, without.game().opening());
        tied += usize::from(opening.len() > 1);
        let decisive = *opening.last().unwrap();
        assert_ne!(decisive[0], decisive[1]);
        // The starter (the higher die) plays the decisive pair, and nothing
        // more is thrown for it; without the option it rolls two more dice.
        assert_eq!([d.high(), d.low()], sorted(decisive));
        assert_eq!(with.game().position().turn(), if decisive[0] > decisive[1] { Color::White } else { Color::Black });
        assert_eq!(with.dice_thrown(), 2 * opening.len() as u64);
        assert_eq!(without.dice_thrown(), 2 * opening.len() as u64 + 2);
        assert_eq!(with.roll().unwrap(), d, "rolling again before playing gives the same dice");
        assert_eq!(with.dice_thrown(), 2 * opening.len() as u64);
        // The dice stream is the same: each later roll under the option is
        // the roll one turn earlier without it.
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let play = with.game().legal_plays()[0].clone();
        with.play(&play).unwrap();
        play_turns(&mut with, &mut rng, 7);
        let play = without.game().legal_plays()[0].clone();
        without.play(&play).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        play_turns(&mut without, &mut rng, 7);
        let (a, b) = (first_game_dice(&with), first_game_dice(&without));
        assert_eq!(a[0], sorted(decisive));
        assert_eq!(a[1..], b[..a.len() - 1], "seed {seed}");
    }
    assert!(tied > 0, "no tied opening roll in 40 seeds: the re-roll is untested");
}

#[test]
fn opening_dice_played_only_in_the_first_game() {
    // After a drawn Plakoto game the roll-off decides who starts, and the
    // starter rolls again: the option is the first game's (TAVLI.md Part 1).
    let rules = MatchRules { opening_dice_played: true, ..MatchRules::only(GameKind::Plakoto) };
    for seed in 0..300u64 {
        let mut m: Match<Position> = Match::with_rules(rules, 7, seed, Players::default()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !m.is_over() {
            m.roll().unwrap();
            let plays = m.game().legal_plays();
            let play = plays[rng.random_range(0..plays.len())];
            m.play(&play).unwrap();
        }
        let Some(after_draw) = m.games().iter().skip(1).find(|g| g.start() == Start::OpeningRoll) else { continue };
        assert!(!after_draw.rules().opening_dice_played);
        assert!(m.games()[0].rules().opening_dice_played);
        // Its first roll is thrown after the roll-off: here, not the pair.
        let thrown: u64 = m.games().iter().map(|g| (2 * g.opening().len() + 2 * g.turns().len()) as u64).sum();
        assert_eq!(m.dice_thrown() + 2, thrown, "only the first game's first roll is not thrown");
        let again = Match::from_record(&m.record()).unwrap();
        assert_eq!(again.record(), m.record());
        return;
    }
    panic!("no drawn Plakoto game in 300 random matches");
}

#[test]
fn opening_dice_played_records_round_trip_replay_and_check() {
    for seed in 0..6u64 {
        let mut m = Tavli::with_rules(opening_dice(), 3, seed, Players::default()).unwrap();
        // Saved right after the opening roll: the pending dice are the pair.
        m.opening_roll().unwrap();
        let rec = m.record();
        assert_eq!(rec.games[0].dice, Some(sorted(*m.game().opening().last().unwrap())));
        assert_eq!(Tavli::from_record(&rec).unwrap().record(), rec);
        let review = Tavli::for_review(&m.public_record()).unwrap();
        assert_eq!(review.game().dice(), m.game().dice());
        // Played out, the record replays, from the seed and from its own dice.
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        play_turns(&mut m, &mut rng, 100_000);
        let rec = m.record();
        assert_eq!(rec.version, 4);
        let text = serde_json::to_string(&rec).unwrap();
        assert!(text.contains(r#""rules":{"games":"tavli","opening-dice-played":true}"#), "{text}");
        let back: MatchRecord<AnyPosition> = serde_json::from_str(&text).unwrap();
        let again = Tavli::from_record(&back).unwrap();
        assert_eq!(again.record(), rec);
        let check = rec.check_dice().unwrap();
        assert_eq!(check.dice, m.dice_thrown());
        let mut written = rec.clone();
        (written.dice_recorded, written.seed, written.seed_sha256) = (true, None, None);
        assert_eq!(Tavli::from_record(&written).unwrap().record().games, rec.games);
        // The same record without the option does not replay: its first
        // game's rolls are one roll out.
        let mut plain = rec.clone();
        plain.rules.opening_dice_played = false;
        let e = Tavli::from_record(&plain).unwrap_err().to_string();
        assert!(e.starts_with("record game 1: turn"), "{e}");
    }
}

/// A Portes match of `rules` from a position where White bears off its
/// last two checkers whatever it rolls, Black with none off and one on
/// the bar (a backgammon).
fn portes_backgammon(rules: PortesRules) -> Tavli {
    let rules = MatchRules { portes: rules, ..MatchRules::only(GameKind::Portes) };
    let pos = portes_pos!(White; white {1: 2}; black {bar: 1, 19: 14});
    let mut m = Tavli::from_position_with(rules, 5, 3, Players::default(), pos.into()).unwrap();
    m.roll().unwrap();
    let play = m.game().legal_plays()[0].clone();
    m.play(&play).unwrap();
    m
}

#[test]
fn portes_backgammons_count_3_under_the_option_only() {
    let on = PortesRules { backgammons_count_3: true };
    let plain = portes_backgammon(PortesRules::default());
    let three = portes_backgammon(on);
    let r = |m: &Tavli| m.games()[0].result().unwrap();
    assert_eq!(r(&plain), tavli_core::GameResult::win(Color::White, 2, Reason::BearOff));
    assert_eq!(r(&three), tavli_core::GameResult::win(Color::White, 3, Reason::BearOff));
    assert_eq!((plain.score(Color::White), three.score(Color::White)), (2, 3));
    // The record says so, replays to 3, and a record claiming 2 is refused.
    let rec = three.record();
    let text = serde_json::to_string(&rec).unwrap();
    assert!(text.contains(r#""portes":{"backgammons-count-3":true}"#), "{text}");
    let again = Tavli::from_record(&serde_json::from_str(&text).unwrap()).unwrap();
    assert_eq!(again.record(), rec);
    let mut claim = rec.clone();
    claim.games[0].result = plain.games()[0].result();
    claim.score.white = 2;
    assert!(Tavli::from_record(&claim).unwrap_err().to_string().contains("is not what the plays give"));
    // A gammon that is not a backgammon still counts 2, and Portes's own
    // types play the option too.
    let rules = MatchRules { portes: on, ..MatchRules::only(GameKind::Portes) };
    let gammon = portes_pos!(White; white {1: 2}; black {13: 15});
    let mut m: Match<portes::Position> = Match::from_position_with(rules, 5, 3, Players::default(), gammon).unwrap();
    m.roll().unwrap();
    let text = m.game().legal_plays()[0].notation();
    m.play_text(&text).unwrap();
    assert_eq!(m.score(Color::White), 2);
    let pos = portes_pos!(White; white {1: 2}; black {bar: 1, 19: 14});
    let mut m: Match<portes::Position> = Match::from_position_with(rules, 5, 3, Players::default(), pos).unwrap();
    m.roll().unwrap();
    let text = m.game().legal_plays()[0].notation();
    m.play_text(&text).unwrap();
    assert_eq!(m.score(Color::White), 3, "a play read from text scores under the option");
}

#[test]
fn portes_backgammons_count_3_leaves_resignation_at_2() {
    // TAVLI.md Part 3: a resignation concedes 2 while the resigner has
    // borne off nothing, else 1, in every game; the option changes the
    // score of a game played out only.
    let rules = MatchRules { portes: PortesRules { backgammons_count_3: true }, ..MatchRules::only(GameKind::Portes) };
    let pos = portes_pos!(White; white {1: 2}; black {bar: 1, 19: 14});
    let mut m = Tavli::from_position_with(rules, 5, 3, Players::default(), pos.into()).unwrap();
    assert_eq!(m.resignation_points(Color::Black), Some(2));
    assert_eq!(m.resign(Color::Black).unwrap().points, 2);
    assert_eq!(Tavli::from_record(&m.record()).unwrap().record(), m.record());
}

/// A match of Fevga under `fevga` from `pos` with `dice` to play, loaded
/// from a record whose dice are written down (the dice a test needs).
fn fevga_match(fevga: FevgaRules, pos: fevga::Position, dice: [u8; 2]) -> Tavli {
    let rules = MatchRules { fevga, ..MatchRules::only(GameKind::Fevga) };
    let m = Tavli::from_position_with(rules, 1, 1, Players::default(), pos.into()).unwrap();
    let mut rec = m.record();
    (rec.dice_recorded, rec.seed, rec.seed_sha256) = (true, None, None);
    rec.games[0].dice = Some(dice);
    Tavli::from_record(&rec).unwrap()
}

/// The positions the legal plays reach, sorted (plays are identified by them).
fn reached<T: GamePlay>(plays: &[T]) -> Vec<String>
where
    T::Position: std::fmt::Debug,
{
    let mut v: Vec<String> = plays.iter().map(|p| format!("{:?}", p.position())).collect();
    v.sort();
    v
}

#[test]
fn fevga_options_change_a_match_s_legal_plays_as_the_move_generator_says() {
    let pass = FevgaRules { release: Release::Pass, ..FevgaRules::default() };
    let landing = FevgaRules { ban: BanTiming::EveryLanding, ..FevgaRules::default() };
    let narde = FevgaRules { primes: PrimeRule::Narde, ..FevgaRules::default() };
    // TAVLI.md Part 4: F4 (release), F6 (ban timing), F7 (primes).
    let f4 = fevga_pos!(White; white {24: 14, 14: 1}; black {20: 5, 16: 5, 10: 5});
    let f6 = fevga_pos!(White; white {24: 3, 23: 1, 21: 1, 20: 1, 19: 1, 5: 8}; black {24: 15});
    let f7 = fevga_pos!(White; white {24: 8, 21: 1, 20: 1, 19: 1, 18: 1, 17: 1, 16: 1, 5: 1}; black {10: 15});
    let cases = [(f4, [2, 1], pass, 2, 1), (f6, [2, 2], landing, 128, 123), (f7, [6, 5], narde, 45, 0)];
    for (pos, [a, b], option, plain_count, option_count) in cases {
        let dice = Dice::new(a, b).unwrap();
        let count = |r: FevgaRules| fevga_match(r, pos, [a, b]).game().legal_plays().len();
        assert_eq!(count(FevgaRules::default()), plain_count, "{pos:?}");
        if option_count > 0 {
            assert_eq!(count(option), option_count, "{pos:?}");
        } else {
            assert_ne!(count(option), plain_count, "{pos:?}");
        }
        // Every combination of the options: the match's plays are the
        // generator's under the same rules, in a match and in a game.
        for rules in FevgaRules::ALL {
            let mut want = Vec::new();
            fevga::MoveGen::new(rules).plays(&pos, dice, &mut want);
            let m = fevga_match(rules, pos, [a, b]);
            let got: Vec<fevga::Play> = m
                .game()
                .legal_plays()
                .iter()
                .map(|p| match p {
                    tavli_core::tavli::AnyPlay::Fevga(p) => *p,
                    other => panic!("not a Fevga play: {other:?}"),
                })
                .collect();
            assert_eq!(reached(&got), reached(&want), "{rules:?} {pos:?}");
            let match_rules = MatchRules { fevga: rules, ..MatchRules::only(GameKind::Fevga) };
            let mut game = Game::under(match_rules, pos, Start::Position(pos));
            game.set_dice(dice).unwrap();
            assert_eq!(reached(game.legal_plays()), reached(&want), "{rules:?} {pos:?}");
        }
    }
}

#[test]
fn fevga_pass_option_refuses_in_a_record_a_play_the_default_allows() {
    // F4: 14/12 24/23 is legal by the Decision (the runner reaches 12 and
    // releases the rest), not with "pass" (it must pass the 12-point).
    let f4 = fevga_pos!(White; white {24: 14, 14: 1}; black {20: 5, 16: 5, 10: 5});
    let pass = FevgaRules { release: Release::Pass, ..FevgaRules::default() };
    for (rules, legal) in [(FevgaRules::default(), true), (pass, false)] {
        let mut m = fevga_match(rules, f4, [2, 1]);
        let typed = m.play_text("14/12 24/23");
        assert_eq!(typed.is_ok(), legal, "{rules:?}: {typed:?}");
        let mut m = fevga_match(rules, f4, [2, 1]);
        m.play_text("14/11").unwrap();
        let rec = m.record();
        let text = serde_json::to_string(&rec).unwrap();
        assert_eq!(text.contains(r#""fevga":{"release":"pass"}"#), !legal, "{text}");
        assert_eq!(Tavli::from_record(&serde_json::from_str(&text).unwrap()).unwrap().record(), rec);
    }
}

#[test]
fn a_record_with_every_option_round_trips_and_replays() {
    let rules = MatchRules {
        games: MatchGames::Tavli,
        opening_dice_played: true,
        replay_drawn_plakoto: true,
        portes: PortesRules { backgammons_count_3: true },
        fevga: FevgaRules { release: Release::Pass, ban: BanTiming::EveryLanding, primes: PrimeRule::Narde },
        plakoto: tavli_core::plakoto::PlakotoRules {
            mother: tavli_core::plakoto::Mother::PlayOut,
            bear_off: tavli_core::plakoto::BearOff::PastPins,
        },
        scoring: tavli_core::tavli::Scoring::Points,
    };
    for seed in 10..16u64 {
        let mut m = Tavli::with_rules(rules, 5, seed, Players::default()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        play_turns(&mut m, &mut rng, 100_000);
        let rec = m.record();
        let text = serde_json::to_string(&rec).unwrap();
        let back: MatchRecord<AnyPosition> = serde_json::from_str(&text).unwrap();
        assert_eq!(back.rules, rules);
        let again = Tavli::from_record(&back).unwrap();
        assert_eq!(again.record(), rec);
        assert_eq!(again.rules(), &rules);
        assert!(again.games().iter().all(|g| g.rules().fevga == rules.fevga));
        assert_eq!(rec.check_dice().unwrap().dice, m.dice_thrown());
    }
}

#[test]
fn an_old_record_without_rules_loads_as_before() {
    let mut m = Match::new(3, 9, Players::default()).unwrap();
    m.roll().unwrap();
    let text = serde_json::to_string(&m.record()).unwrap();
    assert!(!text.contains("\"rules\""), "{text}");
    let back: MatchRecord<Position> = serde_json::from_str(&text).unwrap();
    let again = Match::from_record(&back).unwrap();
    assert_eq!(again.rules(), &MatchRules::default());
    assert_eq!(again.record(), m.record());
    assert_eq!(again.game().rules(), &MatchRules::default());
    // A version 4 record written before Fevga's options reads them as the default.
    let tavli = Tavli::with_rules(MatchRules::tavli(), 5, 4, Players::default()).unwrap();
    let text = serde_json::to_string(&tavli.record()).unwrap();
    assert!(text.contains(r#""rules":{"games":"tavli"}"#), "{text}");
    let back: MatchRecord<AnyPosition> = serde_json::from_str(&text).unwrap();
    assert_eq!(back.rules.fevga, FevgaRules::default());
    // An unknown option is refused by name, not ignored.
    let bad = text.replace(r#""rules":{"games":"tavli"}"#, r#""rules":{"games":"tavli","fevga":{"primes":"v2"}}"#);
    let e = serde_json::from_str::<MatchRecord<AnyPosition>>(&bad).unwrap_err().to_string();
    assert!(e.contains("v2") && e.contains("narde"), "{e}");
}
