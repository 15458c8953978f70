//! A turn entered one checker at a time: the first bytes choose a position
//! and a roll (see `tavli_fuzz`), then each byte pair is a move
//! `(from, to)` given to `TurnBuilder::play_move`, or an undo (first byte
//! 255) or a reset (254). Never a panic; the moves and the dice left always
//! add up to the roll; a complete turn is a legal play; every single move
//! the builder offers can be played.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tavli_core::TurnBuilder;
use tavli_fuzz::position_and_dice;

fuzz_target!(|data: &[u8]| {
    let Some((pos, dice, rest)) = position_and_dice(data) else { return };
    if pos.outcome().is_some() {
        return;
    }
    let legal = pos.legal_plays(dice);
    let mut t = TurnBuilder::new(&pos, dice);
    for pair in rest.chunks_exact(2) {
        match pair[0] {
            255 => {
                t.undo();
            }
            254 => t.reset(),
            from => {
                let _ = t.play_move(from, pair[1]);
            }
        }
        assert_eq!(t.moves().len() + t.dice_left().len(), dice.moves_allowed(), "{} {dice} {:?}", pos.id(), t.moves());
        if let Some(play) = t.complete() {
            assert!(
                legal.contains(&play),
                "{} {dice}: moves {:?} complete {play:?}, not a legal play",
                pos.id(),
                t.moves()
            );
            if !play.is_pass() {
                assert_eq!(t.current_position(), play.position().with_turn(pos.turn()));
            }
        }
    }
    let _ = t.current_position();
    for m in t.legal_moves() {
        let mut next = t.clone();
        if let Err(e) = next.play_move(m.from, m.to) {
            panic!("{} {dice} after {:?}: offered move {m:?} is refused: {e}", pos.id(), t.moves());
        }
    }
});
