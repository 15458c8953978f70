//! Dice no one alone can know or choose: in a match between two people the
//! dice come from the server's committed secret and both players'
//! contributions (`Seed::joint`), and the record lets anyone check every
//! roll against the commitment and the contributions.

use tavli_core::Color;
use tavli_core::game::{
    Contribution, DiceSource, Match, MatchError, MatchRecord, Players, RECORD_VERSION, Seed, SeededDice,
};

const SECRET: Seed = Seed::Secret([5; 32]);
const WHITE: Contribution = Contribution([1; 32]);
const BLACK: Contribution = Contribution([2; 32]);

fn joined(white: Contribution, black: Contribution) -> Match<tavli_core::Position> {
    let mut m = Match::with_contributions(5, SECRET, Players::people()).unwrap();
    m.contribute(Color::White, white).unwrap();
    m.contribute(Color::Black, black).unwrap();
    m
}

/// Plays `turns` turns (the first legal play each time), rolling as needed.
fn play(m: &mut Match<tavli_core::Position>, turns: usize) {
    for _ in 0..turns {
        if m.is_over() {
            return;
        }
        m.roll().unwrap();
        let p = m.game().legal_plays()[0];
        m.play(&p).unwrap();
    }
}

#[test]
fn the_key_is_the_sha256_of_the_text_the_docs_give() {
    // printf 'plakoto-joint-dice:%s:%s:%s' 0505…05 0101…01 0202…02 | sha256sum
    let key = "e8f383667e544a1fccc4f29f1c8dff7c7cb07fc9cdf4bda1af2b2a4ac988adbf";
    assert_eq!(SECRET.joint(&WHITE, &BLACK).to_string(), key);
    // printf 'plakoto-joint-dice:%s:%s:%s' 42 0101…01 0202…02 | sha256sum
    let key = "52517568dd356f0c672a4e4f4f098ecd8ccb4a4490e52a98233e80d511574950";
    assert_eq!(Seed::Number(42).joint(&WHITE, &BLACK).to_string(), key);
}

#[test]
fn nothing_is_rolled_before_both_sides_have_contributed() {
    let mut m = Match::with_contributions(3, SECRET, Players::people()).unwrap();
    assert!(m.awaits_contributions());
    assert_eq!(m.roll(), Err(MatchError::AwaitingContributions));
    assert_eq!(m.to_act(), None);
    m.contribute(Color::Black, BLACK).unwrap();
    assert_eq!(m.roll(), Err(MatchError::AwaitingContributions));
    assert_eq!(m.contribute(Color::Black, WHITE), Err(MatchError::Contributed(Color::Black)), "once a side");
    m.contribute(Color::White, WHITE).unwrap();
    assert!(!m.awaits_contributions());
    m.roll().unwrap();
    let mut plain = Match::new(3, SECRET, Players::people()).unwrap();
    assert_eq!(plain.contribute(Color::White, WHITE), Err(MatchError::NoContributions));
}

#[test]
fn the_dice_are_drawn_with_the_joint_key() {
    let mut m = joined(WHITE, BLACK);
    play(&mut m, 30);
    let mut key = SeededDice::new(SECRET.joint(&WHITE, &BLACK));
    let rec = m.record();
    let g = &rec.games[0];
    let mut expected = Vec::new();
    for _ in 0..g.opening.len() {
        expected.push([key.die(), key.die()]);
    }
    assert_eq!(g.opening, expected, "the opening roll-offs, a die each");
    for t in &g.turns {
        let (a, b) = (key.die(), key.die());
        assert_eq!(t.dice, [a.max(b), a.min(b)]);
    }
}

#[test]
fn each_side_s_contribution_changes_every_die() {
    let dice = |w, b| {
        let mut d = SeededDice::new(SECRET.joint(&w, &b));
        (0..40).map(|_| d.die()).collect::<Vec<_>>()
    };
    let base = dice(WHITE, BLACK);
    assert_ne!(base, dice(Contribution([3; 32]), BLACK));
    assert_ne!(base, dice(WHITE, Contribution([3; 32])));
    assert_ne!(base, dice(BLACK, WHITE), "the sides are not interchangeable");
    let mut secret_alone = SeededDice::new(SECRET);
    assert_ne!(base, (0..40).map(|_| secret_alone.die()).collect::<Vec<_>>());
}

#[test]
fn the_record_holds_both_contributions_and_replays_as_version_3() {
    let mut m = joined(WHITE, BLACK);
    play(&mut m, 20);
    let rec = m.record();
    // Version 3: contributions, nothing newer (version 4 is for Tavli).
    assert_eq!(rec.version, 3);
    assert!(rec.version <= RECORD_VERSION);
    assert_eq!(rec.seed, Some(SECRET));
    assert_eq!(rec.seed_sha256, Some(SECRET.commitment()));
    let c = rec.contributions.unwrap();
    assert_eq!((c.white, c.black), (Some(WHITE), Some(BLACK)));
    let json = serde_json::to_string(&rec).unwrap();
    assert!(json.contains(&format!("\"contributions\":{{\"white\":\"{WHITE}\",\"black\":\"{BLACK}\"}}")), "{json}");
    let back: MatchRecord<tavli_core::Position> = serde_json::from_str(&json).unwrap();
    assert_eq!(Match::from_record(&back).unwrap().record(), rec);
    // Other records keep version 2, which older readers read.
    assert_eq!(Match::new(3, 7, Players::default()).unwrap().record().version, 2);
    assert_eq!(Match::new(3, 7, Players::default()).unwrap().record().contributions, None);
}

#[test]
fn a_match_waiting_for_its_second_contribution_saves_and_loads() {
    let mut m = Match::with_contributions(3, SECRET, Players::people()).unwrap();
    m.contribute(Color::White, WHITE).unwrap();
    let back = Match::from_record(&m.record()).unwrap();
    assert!(back.awaits_contributions());
    assert_eq!(back.contributions(), m.contributions());
    assert_eq!(back.record(), m.record());
}

#[test]
fn a_changed_contribution_or_secret_does_not_replay() {
    let mut m = joined(WHITE, BLACK);
    play(&mut m, 10);
    let mut rec = m.record();
    rec.contributions.as_mut().unwrap().black = Some(Contribution([9; 32]));
    let e = Match::from_record(&rec).unwrap_err().to_string();
    assert!(e.contains("is not what seed"), "{e}");
    let mut rec = m.record();
    rec.seed = Some(Seed::Secret([6; 32]));
    let e = Match::from_record(&rec).unwrap_err().to_string();
    assert!(e.contains("does not match the commitment"), "{e}");
}

#[test]
fn the_public_record_hides_the_secret_but_shows_the_contributions() {
    let mut m = joined(WHITE, BLACK);
    play(&mut m, 4);
    let public = m.public_record();
    assert_eq!(public.seed, None);
    assert_eq!(public.seed_sha256, Some(SECRET.commitment()));
    assert_eq!(public.contributions, m.contributions());
    assert_eq!(Match::from_record(&public).unwrap_err(), MatchError::SeedHidden);
    // No review of a match between two people while it is played (the
    // engine's help is off there); the record without the contributions,
    // a match against the engine's, is reviewed from its written dice.
    assert_eq!(Match::for_review(&public).unwrap_err(), MatchError::LiveBetweenPeople);
    let mut engines = public.clone();
    engines.contributions = None;
    assert_eq!(Match::for_review(&engines).unwrap().game().turns(), m.game().turns());
}

#[test]
fn contributions_read_as_64_hex_digits_only() {
    assert_eq!(WHITE.to_string().parse::<Contribution>().unwrap(), WHITE);
    for bad in ["", "12", &"g".repeat(64), &"a".repeat(63), &"a".repeat(65)] {
        assert!(bad.parse::<Contribution>().is_err(), "{bad}");
    }
    assert!(serde_json::from_str::<Contribution>("\"xyz\"").unwrap_err().to_string().contains("64 hex digits"));
}

/// Whatever the server's secret, a match played a few turns and resigned
/// replays from its record (the server draws a new secret for every match).
#[test]
fn every_secret_replays_after_a_resignation() {
    for i in 0..2000u32 {
        let mut bytes = [0u8; 32];
        bytes[..4].copy_from_slice(&i.to_le_bytes());
        let secret = Seed::Secret(bytes);
        let mut m = Match::with_contributions(1, secret, Players::people()).unwrap();
        m.contribute(Color::White, WHITE).unwrap();
        m.contribute(Color::Black, BLACK).unwrap();
        m.roll().unwrap();
        for _ in 0..6 {
            let p = m.game().legal_plays()[0];
            m.play(&p).unwrap();
            m.roll().unwrap();
        }
        m.resign(Color::White).unwrap();
        let rec = m.record();
        if let Err(e) = Match::from_record(&rec) {
            panic!("secret {i}: {e}\n{}", serde_json::to_string(&rec).unwrap());
        }
    }
}
