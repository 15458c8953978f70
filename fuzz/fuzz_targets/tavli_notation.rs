//! Play notation of any of Tavli's games on real boards: the first bytes
//! choose a game, a position reached in it and a roll (see `tavli_fuzz`),
//! the rest is the text. Never a panic; what parses is one of the legal
//! plays, its own notation parses back to it, and its notation for the
//! other side writes. A legal play the input's length picks must parse back
//! from its notation too, so every play's notation is tried over a run. In
//! Fevga the text is read again under one of the rules' option sets (the
//! input's length picks it, `FevgaRules::ALL`), with the same checks
//! against that set's legal plays.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tavli_core::Dice;
use tavli_core::fevga::{FevgaRules, parse_play_with};
use tavli_core::tavli::{AnyPlay, AnyPosition};
use tavli_fuzz::any_position_and_dice;

fn notation_round_trip(pos: &AnyPosition, dice: Dice, play: &AnyPlay, from: &str) {
    let notation = play.notation();
    assert_eq!(play.to_string(), notation);
    assert_eq!(play.notation_for(play.mover()), notation, "the mover's notation_for is not notation");
    let _ = play.notation_for(play.mover().opponent());
    match pos.parse_play(dice, &notation) {
        Ok(back) => {
            assert_eq!(back, *play, "{} `{notation}` with {dice} in {} parses as another play", pos.kind(), pos.id())
        }
        Err(e) => panic!("{} `{notation}` (from `{from}`) with {dice} in {} does not parse: {e}", pos.kind(), pos.id()),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((pos, dice, rest)) = any_position_and_dice(data) else { return };
    let text = String::from_utf8_lossy(rest);
    let legal = pos.legal_plays(dice);
    if let Ok(play) = pos.parse_play(dice, &text) {
        assert_eq!(play.kind(), pos.kind());
        assert!(
            legal.contains(&play),
            "{} `{text}` with {dice} in {} gave {play:?}, not a legal play",
            pos.kind(),
            pos.id()
        );
        notation_round_trip(&pos, dice, &play, &text);
    }
    if !legal.is_empty() {
        let play = &legal[rest.len() % legal.len()];
        notation_round_trip(&pos, dice, play, "a legal play");
    }
    if let AnyPosition::Fevga(p) = pos {
        let rules = FevgaRules::ALL[rest.len() % FevgaRules::ALL.len()];
        if let Ok(play) = parse_play_with(&p, dice, &text, &rules) {
            let legal = p.legal_plays_with(dice, &rules);
            assert!(
                legal.contains(&play),
                "`{text}` with {dice} under {rules:?} in {} gave {play:?}, not a legal play",
                p.id()
            );
            let notation = play.notation();
            match parse_play_with(&p, dice, &notation, &rules) {
                Ok(back) => assert_eq!(
                    back,
                    play,
                    "`{notation}` with {dice} under {rules:?} in {} parses as another play",
                    p.id()
                ),
                Err(e) => {
                    panic!("`{notation}` (from `{text}`) with {dice} under {rules:?} in {} does not parse: {e}", p.id())
                }
            }
        }
    }
});
