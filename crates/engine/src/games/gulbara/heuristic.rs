//! A hand-written Gul bara player: the opponent of duels and the yardstick
//! of training until a network exists. It scores the position after each
//! play for the mover and keeps the best; a ladder is played a stage at a
//! time, each stage judged by the position it leaves.
//!
//! Gul bara has no hitting and none of Fevga's restrictions, so it is a
//! race of blocks and timing in which a doublet from the game's fourth
//! roll may be worth many pips (4-4 plays 48, 1-1 84). The evaluation works
//! in pips: each side's *adjusted pip count* is its pip count plus
//! penalties, less the dice it plays before it rolls (the rest of its
//! ladder or a remainder handed to it, discounted for what a block may
//! make it lose), and the lead becomes a winning chance:
//!
//! - **Race.** The pip count; the side on roll is worth a few pips more.
//! - **Blocked.** Each checker pays for the opponent's points among the
//!   six in front of it (squared) and for the longest run of them; one
//!   side's blocks are the other's blocked checkers, and a ladder is
//!   stopped by the first point it cannot land on, so blocks count double
//!   once doublets ladder.
//! - **Start.** Checkers still on the 24-point cost more as the opponent
//!   advances.
//! - **Flexibility.** Each distinct point held and a couple of spares are
//!   a small credit; stacks beyond four a small cost.
//! - **Pure race.** The blocking terms are gone; the bear-off wastage
//!   instead.
//! - **Double wins.** As in Fevga: a side with none off is in danger when
//!   the rolls it needs to bring a checker home and off exceed the rolls
//!   the other side needs to finish.

use tavli_core::Dice;
use tavli_core::gulbara::{Play, Position};

use crate::player::Player;

/// Pips of the average roll (doubles counted twice), before ladders.
const AVERAGE_ROLL: f32 = 8.17;
/// What being on roll is worth, in pips.
const ON_ROLL: f32 = 4.0;
/// Pips wasted in the bear-off by a checker on home point p (index p).
const WASTAGE: [f32; 7] = [0.0, 3.0, 2.0, 1.3, 0.8, 0.4, 0.2];
/// The share of pending dice's pips counted: a block may stop part of them.
const PENDING_SHARE: f32 = 0.8;

/// Heuristic equity of `pos` for the side on roll (higher is better for
/// it): about −2..2, the points it expects; a finished game scores 10 per
/// point won or lost.
///
/// ```
/// use tavli_core::gulbara::Position;
/// use tavli_engine::gulbara_heuristic_score;
/// assert!(gulbara_heuristic_score(&Position::start()) > 0.0); // even but for the roll
/// ```
pub fn gulbara_heuristic_score(pos: &Position) -> f32 {
    if let Some(r) = pos.outcome() {
        return 10.0 * r.points_for(pos.turn()) as f32;
    }
    let race = pos.is_race();
    let blocks = if pos.doublets_ladder() { 2.0 } else { 1.0 };
    let me = Side::of(pos, race, blocks);
    let them = Side::of(&pos.pass_turn(), race, blocks);
    let pending = pos.pending().map_or(0.0, |p| p.dice().iter().map(|&d| f32::from(d)).sum::<f32>());
    let lead = them.adjusted() - me.adjusted() + ON_ROLL + PENDING_SHARE * pending;
    let scale = 6.0 + 0.06 * (me.pips + them.pips) * 0.5;
    let win = 1.0 / (1.0 + (-lead / scale).exp());
    let my_double = if pos.opp_off() == 0 { double_win_chance(&me, &them) } else { 0.0 };
    let their_double = if pos.own_off() == 0 { double_win_chance(&them, &me) } else { 0.0 };
    win * (1.0 + my_double) - (1.0 - win) * (1.0 + their_double) + 0.001 * lead
}

/// The chance that `winner`, when it wins, wins double.
fn double_win_chance(winner: &Side, loser: &Side) -> f32 {
    let to_finish = winner.adjusted() / AVERAGE_ROLL;
    let to_save = loser.pips_to_home / AVERAGE_ROLL + 0.5 * loser.outside as f32 + 1.0;
    1.0 / (1.0 + (-(to_save - to_finish) / 1.5).exp())
}

/// One side's view of a position: its pip count and its penalties in pips.
struct Side {
    pips: f32,
    penalty: f32,
    pips_to_home: f32,
    outside: u8,
}

impl Side {
    /// The side on roll in `pos`; `blocks` weighs its blocked checkers.
    fn of(pos: &Position, race: bool, blocks: f32) -> Side {
        let (own, opp) = (pos.own_points(), pos.opp_points());
        let (mut pips, mut pips_to_home, mut outside) = (0.0, 0.0, 0);
        for p in 1..=24u8 {
            let n = f32::from(own[p as usize]);
            pips += n * f32::from(p);
            if p > 6 {
                pips_to_home += n * f32::from(p - 6);
                outside += own[p as usize];
            }
        }
        let penalty = if race { wastage(&own) } else { contact_penalty(&own, &opp, blocks) };
        Side { pips, penalty, pips_to_home, outside }
    }

    fn adjusted(&self) -> f32 {
        self.pips + self.penalty
    }
}

fn wastage(own: &[u8; 32]) -> f32 {
    (1..=6usize).map(|p| f32::from(own[p]) * WASTAGE[p] + 0.5 * f32::from(own[p].saturating_sub(3))).sum()
}

/// The contact penalty in pips of the side whose checkers are `own`, the
/// opponent's `opp` (both in this side's numbering).
fn contact_penalty(own: &[u8; 32], opp: &[u8; 32], blocks: f32) -> f32 {
    let mut run = [0u8; 25];
    for q in 1..=24usize {
        run[q] = if opp[q] > 0 { run[q - 1] + 1 } else { 0 };
    }
    let mut penalty = 0.0;
    for p in 2..=24usize {
        if own[p] == 0 {
            continue;
        }
        let (mut held, mut prime) = (0u8, 0u8);
        for q in p.saturating_sub(6).max(1)..p {
            if opp[q] > 0 {
                held += 1;
                prime = prime.max(run[q]);
            }
        }
        let (held, prime) = (f32::from(held), f32::from(prime.min(6)));
        penalty += blocks * f32::from(own[p]) * (0.12 * held * held + 0.22 * prime * prime);
    }
    let opp_pips: u32 = (1..=24usize).map(|q| u32::from(opp[q]) * ((q as u32 + 11) % 24 + 1)).sum();
    penalty += f32::from(own[24]) * (0.3 + 3.0 * (1.0 - opp_pips as f32 / 360.0));
    for p in 1..=23usize {
        let n = own[p];
        if n > 0 {
            penalty -= 1.0 + 0.4 * f32::from((n - 1).min(2));
            penalty += 0.6 * f32::from(n.saturating_sub(4));
        }
    }
    penalty
}

/// Picks the Gul bara play (a roll's, or a stage's) whose resulting
/// position scores best for the mover by [`gulbara_heuristic_score`].
///
/// ```
/// use tavli_core::Dice;
/// use tavli_core::gulbara::Position;
/// use tavli_engine::{GulBaraHeuristic, Player};
/// let start = Position::start();
/// let dice = Dice::new(3, 1).unwrap();
/// let plays = start.legal_plays(dice);
/// assert!(GulBaraHeuristic.choose(&start, dice, &plays) < plays.len());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct GulBaraHeuristic;

impl GulBaraHeuristic {
    /// The mover's score after `play` as its position stands: the final
    /// position's, the position's own when the mover plays on (a ladder's
    /// next stage, or its roll after dice handed to it), else the
    /// opponent's negated.
    pub fn score_play(play: &Play) -> f32 {
        let after = play.position();
        match play.result() {
            Some(_) => gulbara_heuristic_score(&after.with_turn(play.mover())),
            None if play.keeps_turn() => gulbara_heuristic_score(after),
            None => -gulbara_heuristic_score(after),
        }
    }

    /// [`GulBaraHeuristic::score_play`] of the position the play's dice
    /// still to play reach when played through ([`played_through`]).
    pub fn score_played_through(play: &Play) -> f32 {
        if play.result().is_some() {
            return GulBaraHeuristic::score_play(play);
        }
        let end = played_through(play.position());
        match end.outcome() {
            Some(r) => 10.0 * r.points_for(play.mover()) as f32,
            None if end.turn() == play.mover() => gulbara_heuristic_score(&end),
            None => -gulbara_heuristic_score(&end),
        }
    }
}

/// How many of a decision's best plays (as they stand) the player plays
/// through when they leave dice to play: playing every one through would
/// cost a ladder's plays many times over.
const PLAYED_THROUGH: usize = 8;

/// The position `pos` reaches when its pending dice (the rest of a ladder,
/// or dice handed over) are played stage by stage, each stage's play the
/// one whose position scores best for its mover as it stands. Judged
/// halfway up a ladder a position misleads (a stage that blocks the next
/// ones looks as good as any); played through it does not
/// (`ladder_choice.rs`: 0.18 equity a ladder lost against choosing among
/// the whole plays, 0.02 with every stage play played through, 0.04 with
/// the best 8, the player's way).
pub fn played_through(pos: &Position) -> Position {
    let mut at = *pos;
    while let (Some(dice), None) = (at.pending_dice(), at.outcome()) {
        let mover = at.turn();
        let value = |p: &Play| match p.result() {
            Some(r) => 10.0 * r.points_for(mover) as f32,
            None if p.keeps_turn() => gulbara_heuristic_score(p.position()),
            None => -gulbara_heuristic_score(p.position()),
        };
        let plays = at.legal_plays(dice);
        let Some(best) = plays.iter().max_by(|a, b| value(a).total_cmp(&value(b))) else { break };
        at = *best.position();
    }
    at
}

impl Player<Position> for GulBaraHeuristic {
    fn name(&self) -> String {
        "heuristic".into()
    }

    /// The best play as its position stands, except that the best few
    /// that leave dice to play (a ladder's next stages, a remainder handed
    /// over) are judged played through.
    fn choose(&mut self, _: &Position, _: Dice, plays: &[Play]) -> usize {
        let mut scored: Vec<(usize, f32)> =
            plays.iter().enumerate().map(|(i, p)| (i, GulBaraHeuristic::score_play(p))).collect();
        scored.sort_by(|a, b| b.1.total_cmp(&a.1));
        for s in scored.iter_mut().take(PLAYED_THROUGH) {
            let play = &plays[s.0];
            if play.result().is_none() && play.position().pending().is_some() {
                s.1 = GulBaraHeuristic::score_played_through(play);
            }
        }
        scored.iter().max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0))).map_or(0, |s| s.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavli_core::fevga_pos;
    use tavli_core::gulbara::Pending;

    fn best(p: &Position, d: (u8, u8)) -> Play {
        let dice = Dice::new(d.0, d.1).unwrap();
        let plays = p.legal_plays(dice);
        plays[GulBaraHeuristic.choose(p, dice, &plays)]
    }

    #[test]
    fn takes_the_win_and_bears_off_in_a_race() {
        let p = Position::of_board(fevga_pos!(White; white {2: 1, 1: 1}; black {20: 15}), 9);
        assert_eq!(best(&p, (2, 1)).result().map(|r| r.points), Some(2));
        let race = Position::of_board(fevga_pos!(White; white {6: 3, 5: 3, 2: 1, 1: 1}; black {12: 10, 3: 5}), 9);
        assert_eq!(best(&race, (6, 5)).position().off(tavli_core::Color::White), 9);
    }

    #[test]
    fn dice_still_to_play_are_worth_pips() {
        let board = fevga_pos!(White; white {24: 10, 13: 5}; black {24: 10, 13: 5});
        let plain = Position::of_board(board, 9);
        let with = plain.with_pending(Pending::handed(4, 4)).unwrap();
        assert!(gulbara_heuristic_score(&with) > gulbara_heuristic_score(&plain) + 0.1);
    }

    #[test]
    fn a_stage_that_keeps_the_turn_is_valued_for_the_mover_played_through() {
        // From the start on the fourth roll, the fives' first stage: every
        // play keeps the turn and is scored for White by where the sixes
        // then go, the opponent on roll after them.
        let p = Position::of_board(Position::start().board(), 4);
        for play in p.legal_plays(Dice::new(5, 5).unwrap()) {
            assert!(play.keeps_turn());
            let end = played_through(play.position());
            assert_eq!((end.turn(), end.pending()), (tavli_core::Color::Black, None));
            assert_eq!(GulBaraHeuristic::score_played_through(&play), -gulbara_heuristic_score(&end));
        }
    }
}
