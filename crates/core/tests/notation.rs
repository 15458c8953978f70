//! The one notation every game writes and reads (`crate::notation` and
//! each game's hooks): the same text means the same in each game where
//! the rules agree, each game refuses what it does not have, and every
//! legal play written for either side reads back as that play.

use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tavli_core::fevga::{FevgaRules, other_numbering};
use tavli_core::tavli::{AnyPosition, GameKind, GamePosition, MatchRules};
use tavli_core::{Color, Dice, PlayError, fevga_pos, portes_pos, pos};

fn dice(s: &str) -> Dice {
    s.parse().expect("dice in a test")
}

/// The same board in the three games: White's checkers as given (points
/// in White's numbering, the rest borne off), Black's 15 out of the way
/// on White's 22, where White's moves never go, so that nothing is hit,
/// pinned or blocked and Fevga's runner rule is over.
macro_rules! in_each_game {
    ($($p:literal : $n:literal),*) => {
        [
            AnyPosition::Plakoto(pos!(White; white {$($p: $n),*}; black {22: 15})),
            AnyPosition::Portes(portes_pos!(White; white {$($p: $n),*}; black {22: 15})),
            // Black's own 10 is White's 22.
            AnyPosition::Fevga(fevga_pos!(White; white {$($p: $n),*}; black {10: 15})),
        ]
    };
}

/// What reading `text` gives: the play's notation, or the kind of refusal
/// (its name, without what it holds).
fn read(pos: &AnyPosition, roll: &str, text: &str) -> String {
    match pos.parse_play(dice(roll), text) {
        Ok(play) => format!("ok {}", play.notation()),
        Err(e) => format!("{e:?}").split(['(', ' ', '{']).next().unwrap_or_default().to_string(),
    }
}

#[test]
fn the_same_text_is_read_the_same_way_in_each_game_where_the_rules_agree() {
    let middle = in_each_game!(13: 3, 8: 3, 6: 9);
    let home = in_each_game!(6: 1, 3: 1);
    // White's 15 on 13 and Black's 2 on White's 9 and 7: 6-4 cannot move.
    let blocked = [
        AnyPosition::Plakoto(pos!(White; white {13: 15}; black {9: 2, 7: 2, 22: 11})),
        AnyPosition::Portes(portes_pos!(White; white {13: 15}; black {9: 2, 7: 2, 22: 11})),
        AnyPosition::Fevga(fevga_pos!(White; white {13: 15}; black {21: 2, 19: 2, 10: 11})),
    ];
    let cases: &[(&[AnyPosition; 3], &str, &str, &str)] = &[
        // Accepted: every written form of the same play.
        (&middle, "6-4", "13/7 13/9", "ok 13/7 13/9"),
        (&middle, "6-4", "13/9, 13/7", "ok 13/7 13/9"),
        (&middle, "6-4", "13/7/3", "ok 13/7/3"),
        (&middle, "6-4", "13/7 7/3", "ok 13/7/3"),
        (&middle, "6-4", "13/7 8/4", "ok 13/7 8/4"),
        (&middle, "6-4", "8/4,13/7", "ok 13/7 8/4"),
        (&middle, "6-6", "13/7(2) 8/2(2)", "ok 13/7(2) 8/2(2)"),
        (&middle, "6-6", "8/2 13/7 8/2 13/7", "ok 13/7(2) 8/2(2)"),
        (&home, "6-5", "6/off 3/off", "ok 6/off 3/off"),
        (&home, "6-5", "3/0, 6/0", "ok 6/off 3/off"),
        (&home, "6-5", "6/1 3/off", "ok 6/1 3/off"),
        // Refused, for the same reason.
        (&middle, "6-4", "pass", "CannotPass"),
        (&middle, "6-4", "", "CannotPass"),
        (&middle, "6-4", "13/7", "MustUseBoth"),
        (&middle, "6-6", "13/7(2)", "MustUseMore"),
        (&middle, "6-4", "13/7 13/9 8/4", "TooManyMoves"),
        (&middle, "6-4", "13/9/5/1", "TooManyMoves"),
        (&middle, "6-4", "13/7(2)", "NoDice"),
        (&middle, "6-4", "13/10 8/4", "NoDice"),
        (&middle, "6-4", "12/6 8/4", "NoChecker"),
        (&middle, "6-6", "13/7(4)", "TooFewCheckers"),
        (&middle, "6-4", "7/13 8/4", "Backwards"),
        (&middle, "6-4", "6/off 8/4", "NotAllHome"),
        (&home, "6-5", "3/off", "NotHighest"),
        (&home, "6-5", "6/off", "MustUseBoth"),
        (&home, "6-6", "6/off 3/off 2/off", "AfterGameEnd"),
        // Written in an order that cannot be played, in one that can: the
        // fault is in what the paths make (three sixes of four), not in the
        // order written (no checker on 7 yet).
        (&middle, "6-6", "7/1 13/7", "MustUseMore"),
        (&blocked, "6-4", "pass", "ok pass"),
        (&blocked, "6-4", "13/7", "MustPass"),
        (&blocked, "6-4", "13/7 13/9 13/3", "MustPass"),
        (&middle, "6-4", "13/x", "Syntax"),
        (&middle, "6-4", "13", "Syntax"),
        (&middle, "6-4", "13/7(5)", "Syntax"),
        (&middle, "6-4", "off/7", "Syntax"),
        (&middle, "6-4", "13/off/7", "Syntax"),
        (&middle, "6-6", "13/7/1/0/0/0", "Syntax"),
        // More than four hops in one path is never read to its end.
        (&middle, "1-1", "13/12/11/10/9/8", "Syntax"),
    ];
    for (games, roll, text, want) in cases {
        for pos in *games {
            assert_eq!(read(pos, roll, text), *want, "`{text}` with {roll} in {:?}", pos.kind());
        }
    }
}

#[test]
fn each_game_refuses_what_it_does_not_have() {
    let [plakoto, portes, fevga] = in_each_game!(13: 3, 8: 3, 6: 9);
    // A `*`: a pin in Plakoto (read and ignored, the board says where one
    // happens), a hit in Portes (here one that did not happen: still the
    // play, the mark only picks between ways), nothing in Fevga.
    assert_eq!(read(&plakoto, "6-4", "13/7* 13/9"), "ok 13/7 13/9");
    assert_eq!(read(&portes, "6-4", "13/7* 13/9"), "ok 13/7 13/9");
    assert_eq!(read(&fevga, "6-4", "13/7* 13/9"), "Syntax");
    // The bar: Portes's alone.
    for text in ["bar/19 13/9", "25/19 13/9"] {
        assert_eq!(read(&plakoto, "6-4", text), "Syntax", "{text}");
        assert_eq!(read(&portes, "6-4", text), "NoChecker", "{text}");
        assert_eq!(read(&fevga, "6-4", text), "Syntax", "{text}");
    }
    let why = |pos: &AnyPosition, text: &str| match pos.parse_play(dice("6-4"), text) {
        Err(PlayError::Syntax { why, .. }) => why,
        other => panic!("{other:?}"),
    };
    assert_eq!(why(&plakoto, "bar/19"), "there is no bar in Plakoto: nothing is ever hit");
    assert_eq!(why(&fevga, "bar/19"), "there is no bar in Fevga: nothing is ever hit");
    assert_eq!(why(&fevga, "13/7*"), "`*` marks a hit, and nothing is hit in Fevga");
    assert_eq!(why(&portes, "13/bar"), "`bar` can only start a path");
    assert_eq!(why(&plakoto, "13/x"), "points are numbers 1 to 24, or `off`");
    assert_eq!(why(&portes, "13/x"), "points are numbers 1 to 24, `bar` or `off`");
}

/// `text` written in the opponent's numbering, read back into the
/// mover's: each point n of the reader is the mover's 25 − n (Portes,
/// Plakoto) or S(n) (Fevga: its own inverse, a half turn); the bar,
/// `off`, marks and counts stay.
fn in_movers_numbering(text: &str, kind: GameKind) -> String {
    let point = |part: &str| {
        let p = part.trim_end_matches('*');
        let mark = &part[p.len()..];
        match p.parse::<u8>() {
            Ok(n) if (1..=24).contains(&n) && kind == GameKind::Fevga => format!("{}{mark}", other_numbering(n)),
            Ok(n) if (1..=24).contains(&n) => format!("{}{mark}", 25 - n),
            _ => part.to_string(),
        }
    };
    let token = |t: &str| {
        let (body, count) = t.split_at(t.find('(').unwrap_or(t.len()));
        format!("{}{count}", body.split('/').map(point).collect::<Vec<_>>().join("/"))
    };
    text.split(' ').map(token).collect::<Vec<_>>().join(" ")
}

/// A game's start under a match's rules: each game, and Fevga under each
/// of its options.
fn games() -> Vec<(GameKind, MatchRules)> {
    let mut all = vec![(GameKind::Plakoto, MatchRules::default()), (GameKind::Portes, MatchRules::default())];
    all.extend(
        FevgaRules::ALL.into_iter().map(|fevga| (GameKind::Fevga, MatchRules { fevga, ..MatchRules::default() })),
    );
    all
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    /// In a random game of each kind, every legal play's notation, and
    /// its notation for each reader read back in the mover's numbering,
    /// is read as that same play.
    #[test]
    fn every_play_reads_back_in_each_readers_numbering(seed in any::<u64>(), plies in 1usize..200, game in 0usize..10) {
        let (kind, rules) = games()[game];
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut pos = AnyPosition::start(kind);
        for _ in 0..plies {
            let roll = Dice::new(rng.random_range(1..=6), rng.random_range(1..=6)).expect("dice 1-6");
            let plays = pos.legal_plays_under(roll, &rules);
            for play in &plays {
                prop_assert_eq!(play.notation_for(play.mover()), play.notation());
                for reader in [Color::White, Color::Black] {
                    let written = play.notation_for(reader);
                    let text = if reader == play.mover() { written.clone() } else { in_movers_numbering(&written, kind) };
                    let read = pos.parse_play_under(roll, &text, &rules);
                    prop_assert_eq!(
                        read.as_ref(), Ok(play),
                        "{:?} for {}: `{}` (`{}`) with {} in {}", kind, reader, written, text, roll, pos.id()
                    );
                }
            }
            let play = &plays[rng.random_range(0..plays.len())];
            pos = if play.result().is_some() { AnyPosition::start(kind) } else { play.position() };
        }
    }
}
