//! A turn of any of Tavli's games entered part by part (`AnyTurn`): the
//! first bytes choose a game, a position and a roll (see `tavli_fuzz`);
//! the next byte the match rules (`byte % 8`: one of Fevga's option sets,
//! `AnyTurn::under`; 8 and up: `AnyTurn::new`); then commands:
//! 255 undo, 254 reset, 253 `why_not_each`, 252 `enter` of the next byte's
//! count of bytes as text, any other byte `play_move(byte, next byte)`.
//! Never a panic; a refused `enter` or `play_move` changes no move, an
//! accepted one keeps the moves before it; the
//! moves and the dice left add up to the roll; a complete turn is one of
//! the turn's legal plays and its position is the board reached; no point
//! `why_not_each` names has a legal move; every single move `legal_moves`
//! offers can be played and leaves the turn completable.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tavli_core::fevga::FevgaRules;
use tavli_core::tavli::{AnyTurn, MatchRules};
use tavli_fuzz::any_position_and_dice;

fuzz_target!(|data: &[u8]| {
    let Some((pos, dice, rest)) = any_position_and_dice(data) else { return };
    let Some((&r, mut rest)) = rest.split_first() else { return };
    if pos.outcome().is_some() {
        return;
    }
    let mut t = match FevgaRules::ALL.get(usize::from(r)) {
        Some(&fevga) => AnyTurn::under(&pos, dice, &MatchRules { fevga, ..MatchRules::default() }),
        None => AnyTurn::new(&pos, dice),
    };
    let legal = t.legal_plays();
    let at = |t: &AnyTurn| format!("{} {} {dice} after {:?}", pos.kind(), pos.id(), t.moves());
    while let Some((&op, r)) = rest.split_first() {
        rest = r;
        let before = t.moves();
        match op {
            255 => {
                let undone = t.undo();
                assert_eq!(undone, before.last().copied(), "{}: undo", at(&t));
                assert_eq!(t.moves(), before[..before.len().saturating_sub(1)], "{}: undo", at(&t));
            }
            254 => {
                t.reset();
                assert!(t.moves().is_empty(), "{}: reset", at(&t));
                assert_eq!(t.current_position(), pos, "{}: reset", at(&t));
            }
            253 => {
                let offered = t.legal_moves();
                for (point, why) in t.why_not_each() {
                    assert!(
                        !offered.iter().any(|m| m.from == point),
                        "{}: point {point} has a legal move, yet {why}",
                        at(&t)
                    );
                }
            }
            252 => {
                let n = rest.first().map_or(0, |&n| usize::from(n) + 1).min(rest.len());
                let text = String::from_utf8_lossy(&rest[1.min(n)..n]).into_owned();
                rest = &rest[n..];
                match t.enter(&text) {
                    Err(e) => assert_eq!(t.moves(), before, "{}: refused `{text}` ({e}) yet moved", at(&t)),
                    Ok(()) => {
                        assert!(t.moves().starts_with(&before), "{}: `{text}` changed the moves before it", at(&t))
                    }
                }
            }
            from => {
                let Some((&to, r)) = rest.split_first() else { break };
                rest = r;
                if let Err(e) = t.play_move(from, to) {
                    assert_eq!(t.moves(), before, "{}: refused {from}/{to} ({e}) yet moved", at(&t));
                }
            }
        }
        assert_eq!(
            t.moves().len() + t.dice_left().len(),
            dice.moves_allowed(),
            "{}: dice left {:?}",
            at(&t),
            t.dice_left()
        );
        if let Some(play) = t.complete() {
            assert!(legal.contains(&play), "{}: complete {play:?}, not a legal play", at(&t));
            if !play.is_pass() {
                assert_eq!(t.current_position(), play.position().with_turn(pos.turn()), "{}: board", at(&t));
            }
        }
    }
    let _ = t.current_position();
    for m in t.legal_moves() {
        let mut next = t.clone();
        if let Err(e) = next.play_move(m.from, m.to) {
            panic!("{}: offered move {m:?} is refused: {e}", at(&t));
        }
        assert!(
            next.complete().is_some() || !next.legal_moves().is_empty(),
            "{}: offered move {m:?} leaves the turn stuck",
            at(&t)
        );
    }
});
