//! Play notation on real boards: the first bytes choose a position and a
//! roll (see `tavli_fuzz`), the rest is the text. Never a panic; what
//! parses is one of the legal plays, and its own notation parses back to it.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tavli_core::parse_play;
use tavli_fuzz::position_and_dice;

fuzz_target!(|data: &[u8]| {
    let Some((pos, dice, rest)) = position_and_dice(data) else { return };
    let text = String::from_utf8_lossy(rest);
    let Ok(play) = parse_play(&pos, dice, &text) else { return };
    let legal = pos.legal_plays(dice);
    assert!(legal.contains(&play), "`{text}` with {dice} in {} gave {play:?}, not a legal play", pos.id());
    let notation = play.notation();
    assert_eq!(play.to_string(), notation);
    match parse_play(&pos, dice, &notation) {
        Ok(back) => assert_eq!(back, play, "`{notation}` with {dice} in {} parses as another play", pos.id()),
        Err(e) => panic!("`{notation}` (from `{text}`) with {dice} in {} does not parse: {e}", pos.id()),
    }
});
