//! Each game's outcomes for the side that starts it, measured by
//! self-play from the game's start position with the starter rolling both
//! dice (as every game of a Tavli match after the first starts): the
//! single and double wins and losses and the draws that the Tavli match
//! equity table is built from (`tavli_engine::tavli_met`, measured with
//! `tavli met --tavli --measure`).

use std::sync::Arc;

use serde::Serialize;
use tavli_core::game::SeededDice;
use tavli_core::tavli::GamePosition;
use tavli_core::{Color, GameResult};
use tavli_engine::bearoff::Database;
use tavli_engine::met::GameChances;
use tavli_engine::{Level, NetGame};

use crate::duel::{PlayerFactory, paired};
use crate::playout::{Ending, play_out};

/// How the games of a measurement ended for their starter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct StarterCounts {
    /// Games played.
    pub games: u64,
    /// The starter won 1 point.
    pub win_single: u64,
    /// The starter won 2 points (or more, under a house rule).
    pub win_double: u64,
    /// The starter lost 1 point.
    pub lose_single: u64,
    /// The starter lost 2 points (or more).
    pub lose_double: u64,
    /// Drawn (Plakoto, both mothers pinned).
    pub draw: u64,
}

impl StarterCounts {
    /// Counts a game that `starter` started and that ended with `r`.
    pub fn add(&mut self, starter: Color, r: &GameResult) {
        self.games += 1;
        let double = r.points >= 2;
        match r.winner {
            None => self.draw += 1,
            Some(w) if w == starter && double => self.win_double += 1,
            Some(w) if w == starter => self.win_single += 1,
            Some(_) if double => self.lose_double += 1,
            Some(_) => self.lose_single += 1,
        }
    }

    /// Each outcome's name (as in [`GameChances`]) and count, in
    /// [`GameChances`]'s order.
    pub fn outcomes(&self) -> [(&'static str, u64); 5] {
        [
            ("win_single", self.win_single),
            ("win_double", self.win_double),
            ("lose_single", self.lose_single),
            ("lose_double", self.lose_double),
            ("draw", self.draw),
        ]
    }

    /// The share of the games that ended so.
    pub fn rate(&self, count: u64) -> f64 {
        if self.games == 0 { 0.0 } else { count as f64 / self.games as f64 }
    }

    /// The 95% interval of the chance of an outcome seen `count` times:
    /// Wilson's score interval, which stays inside 0 to 1 and is honest
    /// for outcomes as rare as Plakoto's draws.
    pub fn interval(&self, count: u64) -> (f64, f64) {
        if self.games == 0 {
            return (0.0, 1.0);
        }
        let (n, p, z) = (self.games as f64, self.rate(count), 1.96f64);
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
        ((centre - half).max(0.0), (centre + half).min(1.0))
    }

    /// The measured rates as the starter's chances.
    pub fn chances(&self) -> GameChances {
        GameChances {
            win_single: self.rate(self.win_single),
            win_double: self.rate(self.win_double),
            lose_single: self.rate(self.lose_single),
            lose_double: self.rate(self.lose_double),
            draw: self.rate(self.draw),
        }
    }
}

/// Plays `games` games from `start` (the side on roll there starts, on
/// its own roll of both dice), on `threads` threads, and counts how they
/// ended for the starter. Game `i` rolls the dice of `seed + i`; the
/// starter is `make(2i)`, its opponent `make(2i + 1)`. `progress` is told
/// the running counts after each game.
pub fn measure_starts<P: GamePosition>(
    start: P,
    make: &PlayerFactory<P>,
    games: u64,
    seed: u64,
    threads: usize,
    progress: &(dyn Fn(&StarterCounts) + Sync),
) -> Result<StarterCounts, String> {
    let starter = start.turn();
    paired(games, threads, progress, |i| {
        let (mut first, mut second) = (make(2 * i), make(2 * i + 1));
        let dice = &mut SeededDice::new(seed.wrapping_add(i));
        let out = if starter == Color::White {
            play_out(&start, [first.as_mut(), second.as_mut()], dice, None)?
        } else {
            play_out(&start, [second.as_mut(), first.as_mut()], dice, None)?
        };
        let Ending::Over(r) = out.ending else { unreachable!("a play-out without a ply limit plays to the end") };
        Ok(move |t: &mut StarterCounts| t.add(starter, &r))
    })
}

/// [`measure_starts`] of game `P` from its start position, with `level`'s
/// player of `P` (the network its levels play with: its shipped one, or
/// its stand-in while it ships none; `bearoff` for its races) on both
/// sides, playing for points.
pub fn measure_level<P: NetGame>(
    level: &Level,
    bearoff: Option<&Arc<Database>>,
    games: u64,
    seed: u64,
    threads: usize,
    progress: &(dyn Fn(&StarterCounts) + Sync),
) -> Result<StarterCounts, String> {
    let eval = P::playing_eval(bearoff.cloned());
    let start = P::start_of(P::KIND).ok_or_else(|| format!("{} has no start position", P::KIND))?;
    // Never told a score, so the levels play for points.
    let make = |i: u64| level.player_of::<P>(&eval, seed.wrapping_mul(31).wrapping_add(i));
    measure_starts(start, &make, games, seed, threads, progress)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavli_core::{Position, Reason, fevga};
    use tavli_engine::{Player, RandomPlayer};

    #[test]
    fn outcomes_are_counted_from_the_starters_side() {
        let mut c = StarterCounts::default();
        c.add(Color::White, &GameResult::win(Color::White, 2, Reason::Mother));
        c.add(Color::Black, &GameResult::win(Color::White, 1, Reason::BearOff));
        c.add(Color::Black, &GameResult::win(Color::White, 2, Reason::BearOff));
        c.add(Color::White, &GameResult::draw());
        assert_eq!((c.games, c.win_single, c.win_double, c.lose_single, c.lose_double, c.draw), (4, 0, 1, 1, 1, 1));
        let ch = c.chances();
        assert!((ch.win_double + ch.lose_single + ch.lose_double + ch.draw - 1.0).abs() < 1e-12);
        // Wilson's interval holds the rate, and a rate of 0 keeps a
        // positive upper end.
        let (lo, hi) = c.interval(c.draw);
        assert!(lo < 0.25 && 0.25 < hi, "{lo} {hi}");
        assert!(c.interval(c.win_single).1 > 0.0);
    }

    #[test]
    fn random_play_measures_reproducibly_on_any_number_of_threads() {
        let r = |i: u64| Box::new(RandomPlayer::new(i)) as Box<dyn Player<fevga::Position>>;
        let one = measure_starts(fevga::Position::start(), &r, 30, 7, 1, &|_| {}).unwrap();
        let two = measure_starts(fevga::Position::start(), &r, 30, 7, 2, &|_| {}).unwrap();
        assert_eq!(one, two);
        assert_eq!(one.games, 30);
        assert_eq!(one.draw, 0, "Fevga has no draw");
        let p = |i: u64| Box::new(RandomPlayer::new(i)) as Box<dyn Player<tavli_core::Position>>;
        let c = measure_starts(Position::start(), &p, 30, 7, 2, &|_| {}).unwrap();
        assert_eq!(c.outcomes().iter().map(|o| o.1).sum::<u64>(), 30);
    }
}
