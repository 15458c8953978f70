//! A hand-written Fevga player, so Tavli matches and duels have an
//! opponent for Fevga before a network exists. It scores the position after
//! each play for the mover and keeps the best.
//!
//! Fevga has no hitting, so it is a game of blocks, primes and timing. The
//! evaluation works in pips: each side's *adjusted pip count* is its pip
//! count plus penalties (what its position is worth in pips), the lead in
//! adjusted pips becomes a winning chance, and the chances of a double win
//! (the loser has borne off none) are added on. The terms:
//!
//! - **Race.** The pip count; the side on roll is worth a few pips more.
//! - **Blocked.** Each checker pays for the points the opponent holds in
//!   the six in front of it (squared: with five of six held, only one
//!   number moves it) and for the longest run of held points (a prime)
//!   that starts among those six. One side's blocks are the other side's
//!   blocked checkers, so the same term scores blocks made and blocks
//!   suffered; a prime is worth more the longer it is, up to six.
//! - **Start.** Checkers still on the 24-point cost more as the opponent
//!   advances (a stranded start stack), and a side not yet released from
//!   the runner rule (nothing on its points 1–12, nothing off) pays for the
//!   lost dice.
//! - **Flexibility.** Each distinct point held and up to two spares on it
//!   are a small credit (more ways to play later rolls); checkers beyond
//!   four on a point (stacks) are a small cost.
//! - **Pure race** ([`Position::is_race`]): the blocking terms are gone; the
//!   pip count gets the bear-off wastage instead (checkers on the lowest
//!   points, stacks and gaps in the home board waste pips).
//! - **Double wins.** A side that has borne off none is in danger when the
//!   rolls it needs to bring a checker home and off exceed the rolls the
//!   other side needs to finish.

use tavli_core::Dice;
use tavli_core::fevga::{Play, Position, Release};

use crate::player::Player;

/// Pips of the average roll (doubles counted twice).
const AVERAGE_ROLL: f32 = 8.17;
/// What being on roll is worth, in pips.
const ON_ROLL: f32 = 4.0;

/// Pips wasted in the bear-off by a checker on home point p (index p):
/// low points waste most of the die that bears them off.
const WASTAGE: [f32; 7] = [0.0, 3.0, 2.0, 1.3, 0.8, 0.4, 0.2];

/// Heuristic equity of `pos` for the side on roll (higher is better for it):
/// about −2..2, the points it expects to win (see the module documentation);
/// a finished game scores 10 per point won or lost.
///
/// ```
/// use tavli_core::fevga::Position;
/// use tavli_engine::fevga_heuristic_score;
/// // The start is even but for the roll.
/// assert!(fevga_heuristic_score(&Position::start()) > 0.0);
/// ```
pub fn fevga_heuristic_score(pos: &Position) -> f32 {
    if let Some(r) = pos.outcome() {
        // Above any score of a game still going (the lead term adds a little).
        return 10.0 * r.points_for(pos.turn()) as f32;
    }
    let them_view = pos.pass_turn();
    let race = pos.is_race();
    let me = Side::of(pos, race);
    let them = Side::of(&them_view, race);
    let lead = them.adjusted() - me.adjusted() + ON_ROLL;
    let scale = 6.0 + 0.06 * (me.pips + them.pips) * 0.5;
    let win = 1.0 / (1.0 + (-lead / scale).exp());
    let my_double = if pos.opp_off() == 0 { double_win_chance(&me, &them) } else { 0.0 };
    let their_double = if pos.own_off() == 0 { double_win_chance(&them, &me) } else { 0.0 };
    // The lead itself, a little, so that a settled game still makes progress.
    win * (1.0 + my_double) - (1.0 - win) * (1.0 + their_double) + 0.001 * lead
}

/// The chance that `winner`, when it wins, wins double: `loser` still has to
/// bring a checker home and bear it off.
fn double_win_chance(winner: &Side, loser: &Side) -> f32 {
    let to_finish = winner.adjusted() / AVERAGE_ROLL;
    let to_save = loser.pips_to_home / AVERAGE_ROLL + 0.5 * loser.outside as f32 + 1.0;
    1.0 / (1.0 + (-(to_save - to_finish) / 1.5).exp())
}

/// One side's view of a position: its pip count and its penalties in pips.
struct Side {
    pips: f32,
    penalty: f32,
    /// Pips its checkers outside the home board have to travel to get home.
    pips_to_home: f32,
    /// Its checkers outside the home board.
    outside: u8,
}

impl Side {
    /// The side on roll in `pos`, its points in its own numbering.
    fn of(pos: &Position, race: bool) -> Side {
        let own = pos.own_points();
        let opp = pos.opp_points();
        let mut pips = 0.0;
        let mut pips_to_home = 0.0;
        let mut outside = 0;
        for p in 1..=24u8 {
            let n = f32::from(own[p as usize]);
            pips += n * f32::from(p);
            if p > 6 {
                pips_to_home += n * f32::from(p - 6);
                outside += own[p as usize];
            }
        }
        let penalty = if race { wastage(&own) } else { contact_penalty(&own, &opp, pos) };
        Side { pips, penalty, pips_to_home, outside }
    }

    fn adjusted(&self) -> f32 {
        self.pips + self.penalty
    }
}

/// Bear-off wastage in pips: checkers on the low points and stacks.
fn wastage(own: &[u8; 32]) -> f32 {
    let mut w = 0.0;
    for p in 1..=6usize {
        let n = own[p];
        w += f32::from(n) * WASTAGE[p] + 0.5 * f32::from(n.saturating_sub(3));
    }
    w
}

/// The contact penalty in pips of the side whose checkers are `own`, the
/// opponent's being `opp` (both in this side's numbering).
fn contact_penalty(own: &[u8; 32], opp: &[u8; 32], pos: &Position) -> f32 {
    // run[q]: opposing points held in a row from q downwards (q, q−1, …).
    let mut run = [0u8; 25];
    for q in 1..=24usize {
        run[q] = if opp[q] > 0 { run[q - 1] + 1 } else { 0 };
    }
    // Until the side is released only its runner moves, so every checker
    // waits on the runner's blocks.
    let released = pos.is_released(Release::Reach);
    let runner_weight = if released { 0.0 } else { 0.5 * f32::from(own[24]) };
    let mut penalty = 0.0;
    for p in 2..=24usize {
        let n = own[p];
        if n == 0 {
            continue;
        }
        let low = p.saturating_sub(6).max(1);
        let mut held = 0u8;
        let mut prime = 0u8;
        for q in low..p {
            if opp[q] > 0 {
                held += 1;
                prime = prime.max(run[q]);
            }
        }
        let prime = f32::from(prime.min(6));
        let held = f32::from(held);
        let weight = f32::from(n) + if p < 24 { runner_weight } else { 0.0 };
        penalty += weight * (0.12 * held * held + 0.22 * prime * prime);
    }

    // The start stack: worse the further the opponent has come.
    let opp_pips: u32 = (1..=24usize).map(|q| u32::from(opp[q]) * ((q as u32 + 11) % 24 + 1)).sum();
    let opp_progress = 1.0 - opp_pips as f32 / 360.0;
    penalty += f32::from(own[24]) * (0.3 + 3.0 * opp_progress);
    if !released {
        penalty += 6.0;
    }

    // Flexibility: distinct points and a couple of spares; stacks.
    for p in 1..=23usize {
        let n = own[p];
        if n > 0 {
            penalty -= 1.0 + 0.4 * f32::from((n - 1).min(2));
            penalty += 0.6 * f32::from(n.saturating_sub(4));
        }
    }
    penalty
}

/// Picks the Fevga play whose resulting position scores best for the mover
/// by [`fevga_heuristic_score`].
///
/// ```
/// use tavli_core::Dice;
/// use tavli_core::fevga::Position;
/// use tavli_engine::{FevgaHeuristic, Player};
/// let start = Position::start();
/// let dice = Dice::new(3, 1).unwrap();
/// let plays = start.legal_plays(dice);
/// let i = FevgaHeuristic.choose(&start, dice, &plays);
/// assert!(i < plays.len());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct FevgaHeuristic;

impl FevgaHeuristic {
    /// The mover's score after `play`.
    pub fn score_play(play: &Play) -> f32 {
        let after = play.position().with_turn(play.mover());
        if play.result().is_some() {
            return fevga_heuristic_score(&after);
        }
        // The opponent is on roll after the play: its view, negated.
        -fevga_heuristic_score(play.position())
    }
}

impl Player<Position> for FevgaHeuristic {
    fn name(&self) -> String {
        "heuristic".into()
    }

    fn choose(&mut self, _: &Position, _: Dice, plays: &[Play]) -> usize {
        let mut best = 0;
        let mut best_score = f32::NEG_INFINITY;
        for (i, p) in plays.iter().enumerate() {
            let s = FevgaHeuristic::score_play(p);
            if s > best_score {
                best = i;
                best_score = s;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavli_core::fevga_pos;

    fn best(p: &Position, d: (u8, u8)) -> Play {
        let dice = Dice::new(d.0, d.1).unwrap();
        let plays = p.legal_plays(dice);
        plays[FevgaHeuristic.choose(p, dice, &plays)]
    }

    #[test]
    fn bears_off_rather_than_shuffles_in_a_race() {
        let p = fevga_pos!(White; white {6: 3, 5: 3, 2: 1, 1: 1}; black {12: 10, 3: 5});
        assert!(p.is_race());
        // 6/off 5/off, not 6/off 6/1: the same pips, one checker fewer.
        let b = best(&p, (6, 5));
        assert_eq!(b.position().off(tavli_core::Color::White), 9, "{b}");
        // 2/off 1/off, not 6/4 6/5 or 6/4 1/off.
        let b = best(&p, (2, 1));
        assert_eq!(b.to_string(), "2/off 1/off");
    }

    #[test]
    fn closes_the_prime_in_front_of_the_runner() {
        // Black's runner on its 19 (White's 7), the rest still on its start,
        // so Black may move only the runner. White holds 6..2; 10/1 (5-4)
        // closes six in a row in front of it and Black cannot move at all.
        let p = fevga_pos!(White; white {24: 9, 10: 1, 6: 1, 5: 1, 4: 1, 3: 1, 2: 1}; black {24: 14, 19: 1});
        let b = best(&p, (5, 4));
        assert_eq!(b.position().checkers(tavli_core::Color::White, 1), 1, "{b}");
        let frozen = b.position().legal_plays(Dice::new(6, 6).unwrap());
        assert!(frozen.len() == 1 && frozen[0].is_pass());
    }

    #[test]
    fn blocks_the_runner_rather_than_running_from_the_start() {
        // Black's unreleased runner on its 17 (White's 5). 6/3/1 holds two
        // more of the six points in front of it (White's 3 and 1); 24/20/17
        // only brings a checker round.
        let p = fevga_pos!(White; white {24: 11, 23: 1, 22: 1, 7: 1, 6: 1}; black {24: 14, 17: 1});
        let plays = p.legal_plays(Dice::new(3, 2).unwrap());
        let score = |t: &str| FevgaHeuristic::score_play(plays.iter().find(|pl| pl.to_string() == t).unwrap());
        assert!(score("6/3/1") > score("22/19/17"));
        assert!(score("7/4 6/4") > score("24/22 23/20"));
    }

    #[test]
    fn takes_the_win() {
        let p = fevga_pos!(White; white {2: 1, 1: 1}; black {20: 15});
        let b = best(&p, (2, 1));
        assert_eq!(b.result().map(|r| r.points), Some(2), "{b}");
    }

    #[test]
    fn the_start_favours_the_side_on_roll_whichever_colour() {
        // Both sides alike but for the roll: the side on roll is ahead.
        let s = fevga_heuristic_score(&Position::start());
        assert!(s > 0.0 && s < 0.2, "{s}");
        let r = fevga_heuristic_score(&Position::start().mirror());
        assert!((r - s).abs() < 1e-6);
    }
}
