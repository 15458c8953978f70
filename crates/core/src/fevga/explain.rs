//! Why single moves that are each legal do not make a legal play: the
//! whole-play filters in TAVLI.md's order (the ban, the most dice, the
//! larger die, the unblocking duty), told to the player. Used by the
//! notation parser (on a complete play) and the turn builder (on the best
//! way to finish a turn begun with a refused move).

use super::board::Board;
use super::play::Play;
use crate::PlayError;
use crate::dice::Dice;
use crate::play::Move;

/// A play's rank by the dice it uses, as the generator ranks it: for a
/// doublet the dice used (4 if it ends the game); otherwise 3 for both (or
/// the game's end), 2 for the larger alone, 1 for the smaller alone.
pub(crate) fn rank(dice: Dice, used: &[u8], ended: bool) -> u8 {
    if dice.is_doublet() {
        if ended { 4 } else { used.len() as u8 }
    } else {
        match (ended, used) {
            (true, _) | (false, [_, _, ..]) => 3,
            (false, [d]) if *d == dice.high() => 2,
            (false, [_]) => 1,
            (false, []) => 0,
        }
    }
}

/// Could this single move have been made with the die `d`?
fn fits(m: &Move, d: u8) -> bool {
    if m.to == 0 { m.from <= d } else { m.from.checked_sub(m.to) == Some(d) }
}

/// The best rank among the legal plays.
fn legal_rank(dice: Dice, legal: &[Play]) -> u8 {
    legal
        .iter()
        .map(|p| match (p.result().is_some(), p.moves()) {
            (true, _) => rank(dice, &[], true),
            (false, [m]) if !dice.is_doublet() => {
                if fits(m, dice.high()) {
                    2
                } else {
                    1
                }
            }
            (false, ms) => rank(dice, &vec![dice.high(); ms.len()], false),
        })
        .max()
        .unwrap_or(0)
}

/// Why the sequence that reached `board` with the dice `used` (in order)
/// is not one of the `legal` plays, by the first filter it fails.
pub(crate) fn why_not(dice: Dice, legal: &[Play], board: &Board, used: &[u8], text: &str) -> PlayError {
    if let Some(e) = board.whole_play_fault() {
        return e;
    }
    let mine = rank(dice, used, board.ended());
    let best = legal_rank(dice, legal);
    if mine < best {
        return if dice.is_doublet() {
            let needed = legal.iter().map(|p| p.moves().len()).max().unwrap_or(0).max(used.len() + 1);
            PlayError::MustUseMore { die: dice.high(), needed: needed as u8 }
        } else if best == 2 {
            PlayError::MustUseLarger(dice.high())
        } else {
            PlayError::MustUseBoth(dice)
        };
    }
    if let Some(trap) = board.pos.trap().filter(|_| board.duty_applies()) {
        let wall = trap.mask();
        if board.occ() & wall == wall {
            return PlayError::UnblockingDuty { trapped: trap.point, wall: trap.wall_text() };
        }
    }
    PlayError::NotLegal(text.into())
}
