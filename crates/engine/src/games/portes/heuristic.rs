//! A hand-written Portes player, so that Tavli matches and duels have a
//! baseline before Portes has a network (issue 28). It scores the position
//! after each play from the mover's side, the opponent to roll, by what
//! backgammon players weigh:
//!
//! - **While there is contact** (some opposing checker still has to pass
//!   one of ours):
//!   - *race*: the pip difference (a checker on the bar counts 25), and a
//!     little for each checker borne off;
//!   - *shots*: for each of the 36 rolls of the opponent, whether it hits
//!     one of our blots — direct and indirect shots, entering from the bar
//!     first, no landing on or passing through a point we hold — and what
//!     the worst hit costs (the pips lost, more the stronger the
//!     opponent's home board; a second blot hit adds a third of its cost);
//!   - *points*: each point made (two or more checkers), by where it is: the
//!     5-, 4-, 6- and 7-points most, the home board more than the outfield,
//!     and anchors in the opponent's home board (its 5- and 4-points best);
//!   - *primes*: the longest run of made points in front of the opponent's
//!     rearmost checker, growing fast towards six;
//!   - *the bar*: each opposing checker on it, more for each point of our
//!     home board made and much more against a closed board;
//!   - *stacks*: a small cost for each checker past the third on a point.
//!
//!   Points, primes, the bar and stacks count for both sides (ours minus
//!   theirs); shots only against us, since the opponent rolls next.
//! - **In a pure race**: each side's effective pip count (pips plus the
//!   waste of the bear-off: each checker still to bear off, checkers on the
//!   low points, stacks, gaps in the home board), turned into a winning
//!   chance with the opponent on roll.
//!
//! The weights are hand-set in rough equity units (a pip is about 0.012 in
//! contact); a play that ends the game scores by its points, above all else.

use tavli_core::Dice;
use tavli_core::portes::{Play, Position};

use crate::player::Player;

/// What a made point is worth, by point in the owner's numbering (index 0
/// unused): the home board and the 7-point block, the 19..24 points are
/// anchors in the opponent's home board (its 5-point is our 20).
const POINT_VALUE: [f32; 25] = [
    0.0, //
    0.02, 0.04, 0.07, 0.11, 0.15, 0.13, // home board, 1..=6
    0.11, 0.06, 0.04, 0.03, 0.03, 0.02, // 7..=12
    0.02, 0.02, 0.02, 0.02, 0.03, 0.05, // 13..=18
    0.08, 0.13, 0.11, 0.07, 0.05, 0.04, // anchors, 19..=24
];

/// What the longest run of made points in front of the opponent is worth,
/// by its length (six is a full prime).
const PRIME_VALUE: [f32; 7] = [0.0, 0.0, 0.02, 0.06, 0.14, 0.28, 0.5];

/// Worth of a pip of the race while there is contact.
const PIP: f32 = 0.012;

/// The points 1..=24 as bits 1..=24.
const POINTS: u64 = ((1 << 25) - 1) & !1;

/// Picks the play whose resulting position scores best for the mover by the
/// hand-written evaluation of this module ([`PortesHeuristic::score`]).
///
/// ```
/// use tavli_core::Dice;
/// use tavli_core::portes::Position;
/// use tavli_engine::{Player, PortesHeuristic};
/// let start = Position::start();
/// let dice = Dice::new(3, 1).unwrap();
/// let plays = start.legal_plays(dice);
/// let best = PortesHeuristic.choose(&start, dice, &plays);
/// assert_eq!(plays[best].notation(), "8/5 6/5");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct PortesHeuristic;

impl PortesHeuristic {
    /// The score of `pos` for the side on roll as if the other side were
    /// next to roll (the position just after its play), higher is better.
    /// A finished game scores ten times its points.
    pub fn score(pos: &Position) -> f32 {
        if let Some(r) = pos.outcome() {
            return 10.0 * r.points_for(pos.turn()) as f32;
        }
        let them = pos.pass_turn();
        let own = Side::of(pos);
        let opp = Side::of(&them);
        if own.rearmost + opp.rearmost < 25 {
            // Our rearmost checker has passed theirs (both in our numbering).
            return race(own.effective_pips(pos), opp.effective_pips(&them));
        }
        let mut s = PIP * (opp.pips - own.pips) as f32;
        s += 0.02 * (f32::from(pos.own_off()) - f32::from(pos.opp_off()));
        s += own.structure(pos, &opp) - opp.structure(&them, &own);
        s - shot_cost(pos, &own, &opp)
    }

    /// The mover's score after `play` ([`PortesHeuristic::score`] of the
    /// position it reaches, seen from the mover).
    pub fn score_play(play: &Play) -> f32 {
        if let Some(r) = play.result() {
            return 10.0 * r.points_for(play.mover()) as f32;
        }
        PortesHeuristic::score(&play.position().with_turn(play.mover()))
    }
}

impl Player<Position> for PortesHeuristic {
    fn name(&self) -> String {
        "heuristic".into()
    }

    fn choose(&mut self, _: &Position, _: Dice, plays: &[Play]) -> usize {
        let mut best = 0;
        let mut best_score = f32::NEG_INFINITY;
        for (i, p) in plays.iter().enumerate() {
            let s = PortesHeuristic::score_play(p);
            if s > best_score {
                best = i;
                best_score = s;
            }
        }
        best
    }
}

/// One side's checkers as the evaluation reads them, in its own numbering.
struct Side {
    /// Pip count (25 for each checker on the bar).
    pips: i32,
    /// Its rearmost checker's point (25 for the bar, 0 when all are off).
    rearmost: u8,
    /// Bits of its made points (two or more checkers).
    made: u64,
    /// Its made points in its home board.
    home_points: u32,
}

impl Side {
    /// The side on roll in `pos`.
    fn of(pos: &Position) -> Side {
        let mut pips = 25 * i32::from(pos.own_bar());
        let mut rearmost = if pos.own_bar() > 0 { 25 } else { 0 };
        let mut made = 0u64;
        for p in 1..=24u8 {
            let n = pos.own_on(p);
            if n > 0 {
                pips += i32::from(n) * i32::from(p);
                rearmost = rearmost.max(p);
                if n >= 2 {
                    made |= 1 << p;
                }
            }
        }
        let home_points = (made & 0b111_1110).count_ones();
        Side { pips, rearmost, made, home_points }
    }

    /// Points, primes, the bar and stacks for the side on roll in `pos`,
    /// against `opp` (the other side, in its own numbering).
    fn structure(&self, pos: &Position, opp: &Side) -> f32 {
        let mut s = 0.0;
        let mut stacked = 0u32;
        for p in 1..=24u8 {
            let n = pos.own_on(p);
            if n >= 2 {
                s += POINT_VALUE[p as usize];
            }
            stacked += u32::from(n.saturating_sub(3));
        }
        s -= 0.015 * stacked as f32;

        // A prime only blocks what is behind it: points above the
        // opponent's rearmost checker, which is on our 25 − rearmost.
        let behind = 25u8.saturating_sub(opp.rearmost);
        let mut m = self.made & (POINTS & !((2u64 << behind) - 1));
        let mut run = 0;
        while m != 0 {
            m &= m << 1;
            run += 1;
        }
        s += PRIME_VALUE[run.min(6)];

        let on_bar = f32::from(pos.opp_bar());
        let closed = if self.home_points == 6 { 0.4 } else { 0.0 };
        s + on_bar * (0.08 + 0.04 * self.home_points as f32 + closed)
    }

    /// The pip count plus the expected waste of the bear-off, for the side
    /// on roll in `pos` (a race).
    fn effective_pips(&self, pos: &Position) -> f32 {
        let left = 15 - u32::from(pos.own_off());
        let mut waste = 2.0 * left as f32;
        waste += 1.5 * f32::from(pos.own_on(1)) + 1.0 * f32::from(pos.own_on(2)) + 0.5 * f32::from(pos.own_on(3));
        for p in 1..=24u8 {
            waste += 0.5 * f32::from(pos.own_on(p).saturating_sub(3));
            if (2..=5).contains(&p) && pos.own_on(p) == 0 && p < self.rearmost {
                waste += 0.7;
            }
        }
        self.pips as f32 + waste
    }
}

/// A race's score from the mover's side, the opponent on roll: the winning
/// chance, as equity, from the two effective pip counts (being on roll is
/// worth about four pips; the spread grows with the square root of the
/// race's length).
fn race(own: f32, opp: f32) -> f32 {
    let z = (opp - own - 4.0) / ((own + opp).sqrt() + 1.0);
    2.0 / (1.0 + (-1.7 * z).exp()) - 1.0
}

/// The expected cost of the opponent's next roll hitting our blots: for
/// each roll that hits, the cost of the dearest blot it can hit, plus a
/// third of the others'.
fn shot_cost(pos: &Position, own: &Side, opp: &Side) -> f32 {
    let mut blots = 0u64;
    let mut cost = [0.0f32; 25];
    for p in 1..=24u8 {
        if pos.own_on(p) == 1 {
            blots |= 1 << p;
            // Hit on our p, the checker loses 25 − p pips and must enter
            // against the opponent's home board.
            cost[p as usize] = 0.08 + 0.014 * f32::from(25 - p) + 0.03 * opp.home_points as f32;
        }
    }
    if blots == 0 {
        return 0.0;
    }
    let mut total = 0.0;
    for d1 in 1..=6u8 {
        for d2 in d1..=6u8 {
            let mut hit = hit_mask(pos, own.made, blots, d1, d2);
            if hit == 0 {
                continue;
            }
            let (mut dearest, mut sum) = (0.0f32, 0.0f32);
            while hit != 0 {
                let c = cost[hit.trailing_zeros() as usize];
                dearest = dearest.max(c);
                sum += c;
                hit &= hit - 1;
            }
            let weight = if d1 == d2 { 1.0 } else { 2.0 };
            total += weight * (dearest + (sum - dearest) / 3.0);
        }
    }
    total / 36.0
}

/// Our blots (bits of `blots`, our numbering) the opponent can hit with the
/// roll `d1`-`d2`. It moves up our numbering and enters from its bar on our
/// point d; it may not land on our made points (`blocked`), nor move others
/// while it has checkers on the bar.
fn hit_mask(pos: &Position, blocked: u64, blots: u64, d1: u8, d2: u8) -> u64 {
    let mut sources = 0u64;
    for q in 1..=24u8 {
        if pos.opp_on(q) > 0 {
            sources |= 1 << q;
        }
    }
    let bar = pos.opp_bar();
    let open = POINTS & !blocked;
    if d1 == d2 {
        let d = d1;
        let mut steps = 4u8;
        let mut hit = 0;
        if bar > 0 {
            let entry = 1u64 << d;
            if entry & blocked != 0 {
                return 0;
            }
            hit |= entry & blots;
            steps = steps.saturating_sub(bar);
            sources |= entry;
        }
        let mut reach = sources;
        for _ in 0..steps {
            reach = (reach << d) & open;
            hit |= reach & blots;
        }
        return hit;
    }
    match bar {
        0 => {
            let direct = (sources << d1) | (sources << d2);
            let via = (((sources << d1) & open) << d2) | (((sources << d2) & open) << d1);
            (direct | via) & blots
        }
        1 => {
            let mut hit = 0;
            for (a, b) in [(d1, d2), (d2, d1)] {
                let entry = 1u64 << a;
                if entry & blocked == 0 {
                    hit |= (entry | ((sources | entry) << b)) & blots;
                }
            }
            hit
        }
        _ => ((1u64 << d1) | (1u64 << d2)) & !blocked & blots,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavli_core::portes_pos;

    fn best(pos: &Position, a: u8, b: u8) -> Play {
        let dice = Dice::new(a, b).unwrap();
        let plays = pos.legal_plays(dice);
        plays[PortesHeuristic.choose(pos, dice, &plays)]
    }

    /// How many of the 36 rolls of the opponent hit one of our blots.
    fn hitting_rolls(pos: &Position) -> u32 {
        let own = Side::of(pos);
        let blots = (1..=24u8).filter(|&p| pos.own_on(p) == 1).fold(0u64, |m, p| m | 1 << p);
        let mut n = 0;
        for d1 in 1..=6u8 {
            for d2 in d1..=6u8 {
                if hit_mask(pos, own.made, blots, d1, d2) != 0 {
                    n += if d1 == d2 { 1 } else { 2 };
                }
            }
        }
        n
    }

    #[test]
    fn counts_direct_and_indirect_shots_like_the_tables() {
        // A lone opposing checker 6 pips from our blot: 11 direct rolls
        // (any 6) and 6 indirect ones (5-1, 4-2, 3-3, 2-2): 17.
        let p = portes_pos!(White; white {7: 1, 6: 14}; black {1: 1, 19: 14});
        assert_eq!(hitting_rolls(&p), 17);
        // 8 pips away: 6-2, 5-3, 4-4, 2-2: 6 rolls.
        let p = portes_pos!(White; white {9: 1, 6: 14}; black {1: 1, 19: 14});
        assert_eq!(hitting_rolls(&p), 6);
        // Our points on 3, 4, 5, 6 and 7 block every path: 6-2 (via 7 or 3),
        // 5-3 (via 6 or 4), 4-4 (via 5), 2-2 (via 3).
        let p = portes_pos!(White; white {9: 1, 7: 2, 6: 6, 5: 2, 4: 2, 3: 2}; black {1: 1, 19: 14});
        assert_eq!(hitting_rolls(&p), 0);
    }

    #[test]
    fn enters_before_hitting_from_the_bar() {
        // Their two checkers on the bar: only an entering die hits our blot
        // on our 4-point (any 4: 11 rolls), and 2-2 enters on 2 twice and
        // moves on 2-2 to 4: 12. 3-3 enters and stops at our 6-point.
        let p = portes_pos!(White; white {4: 1, 6: 14}; black {bar: 2, 19: 13});
        assert_eq!(hitting_rolls(&p), 12);
    }

    #[test]
    fn makes_the_five_point_with_three_one() {
        let b = best(&Position::start(), 3, 1);
        assert_eq!(b.notation(), "8/5 6/5");
    }

    #[test]
    fn hits_and_points_with_doubles() {
        // Black has brought a builder to its bar-point (White's 18) with 6-4
        // (13/7 13/9): White's 6-6 hits it with both back checkers.
        let p = portes_pos!(White; white {24: 2, 13: 5, 8: 3, 6: 5}; black {1: 2, 12: 3, 16: 1, 18: 1, 17: 3, 19: 5});
        let b = best(&p, 6, 6);
        assert!(b.hit_count() > 0, "{}", b.notation());
        // Black has slotted its 5-point (White's 20): 4-4 hits there and
        // makes the golden anchor.
        let p = portes_pos!(White; white {24: 2, 13: 5, 8: 3, 6: 5}; black {1: 2, 12: 5, 17: 3, 19: 4, 20: 1});
        let b = best(&p, 4, 4);
        assert!(b.hit_count() > 0 && b.position().pass_turn().own_on(20) >= 2, "{}", b.notation());
    }

    #[test]
    fn runs_the_last_back_checker_to_safety() {
        // White is ahead in the race with one checker left back, facing
        // Black's builders; 6-5 runs it to the midpoint (24/13).
        let p =
            portes_pos!(White; white {24: 1, 13: 4, 8: 3, 6: 5, 5: 2}; black {1: 1, 12: 4, 16: 2, 17: 3, 19: 4, 20: 1});
        let b = best(&p, 6, 5);
        let after = b.position().pass_turn();
        assert_eq!(after.own_on(24), 0, "{}", b.notation());
        assert_eq!(after.own_on(13), 5, "{}", b.notation());
    }

    #[test]
    fn bears_off_rather_than_moves_in_a_race() {
        let p = portes_pos!(White; white {6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}; black {19: 5, 20: 5, 21: 5});
        let b = best(&p, 4, 2);
        assert_eq!(b.position().opp_off(), 2, "{}", b.notation());
    }

    #[test]
    fn takes_the_win() {
        let p = portes_pos!(White; white {2: 1, 1: 1}; black {19: 5, 20: 5, 21: 5});
        assert!(best(&p, 2, 1).result().is_some());
    }

    #[test]
    fn scores_the_start_evenly() {
        let s = PortesHeuristic::score(&Position::start());
        let t = PortesHeuristic::score(&Position::start().pass_turn());
        assert!((s - t).abs() < 1e-6 && s.abs() < 1e-6, "{s} {t}");
    }
}
