//! Play-outs: a game played on from any position, either side on roll,
//! with any dice source, to its end or for a given number of plies. Duels
//! play out from the opening; rollouts and training from chosen positions.

use tavli_core::game::{DiceSource, MAX_TURNS};
use tavli_core::tavli::{GamePlay, GamePosition};
use tavli_core::{Color, GameResult};
use tavli_engine::Player;

/// How a play-out stopped.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ending<P> {
    /// The game ended with this result.
    Over(GameResult),
    /// The ply limit was reached; the game goes on from this position.
    Stopped(P),
}

/// A finished play-out: how it stopped and the plays it took.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayOut<P> {
    /// The result, or the position where it stopped.
    pub ending: Ending<P>,
    /// Plays made (passes included).
    pub plies: usize,
}

/// Plays on from `start` (the side on roll there moves first) with
/// `players[c.index()]` choosing for colour `c` and `dice` rolling, until
/// the game ends or `max_plies` plays were made. A player's failure (an
/// external program misbehaving) stops it with that message, as does a
/// game that will not end (a rules bug).
///
/// ```
/// use tavli_core::Position;
/// use tavli_core::game::SeededDice;
/// use tavli_engine::{HeuristicPlayer, RandomPlayer};
/// use tavli_workshop::playout::{Ending, play_out};
/// let (mut a, mut b) = (HeuristicPlayer, RandomPlayer::new(1));
/// let out = play_out(&Position::start(), [&mut a, &mut b], &mut SeededDice::new(3), None).unwrap();
/// assert!(matches!(out.ending, Ending::Over(_)));
/// ```
pub fn play_out<P: GamePosition>(
    start: &P,
    mut players: [&mut dyn Player<P>; 2],
    dice: &mut dyn DiceSource,
    max_plies: Option<usize>,
) -> Result<PlayOut<P>, String> {
    let mut pos = *start;
    let limit = max_plies.unwrap_or(usize::MAX);
    let mut plies = 0;
    loop {
        if let Some(r) = pos.outcome() {
            return Ok(PlayOut { ending: Ending::Over(r), plies });
        }
        if plies >= limit {
            return Ok(PlayOut { ending: Ending::Stopped(pos), plies });
        }
        if plies >= MAX_TURNS {
            return Err(format!("the game from {} went {plies} plays without ending: a rules bug", start.id()));
        }
        // Dice played without a throw (Gul bara's ladder stages) take none from `dice`.
        let d = pos.pending_dice().unwrap_or_else(|| dice.roll());
        let plays = pos.legal_plays(d);
        let side: Color = pos.turn();
        let player = &mut players[side.index()];
        let i = player.choose(&pos, d, &plays).min(plays.len() - 1);
        if let Some(f) = player.failure() {
            return Err(f);
        }
        let play = &plays[i];
        plies += 1;
        if let Some(r) = play.result() {
            return Ok(PlayOut { ending: Ending::Over(r), plies });
        }
        pos = play.position();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavli_core::game::SeededDice;
    use tavli_core::pos;
    use tavli_engine::{HeuristicPlayer, RandomPlayer};

    #[test]
    fn plays_out_from_any_position_with_either_side_on_roll() {
        let mid = pos!(Black; white {13: 5, 8: 5, 6: 5}; black {20: 5, 17: 5, 12: 5});
        for start in [mid, mid.pass_turn(), tavli_core::Position::start()] {
            let (mut a, mut b) = (HeuristicPlayer, RandomPlayer::new(2));
            let out = play_out(&start, [&mut a, &mut b], &mut SeededDice::new(9), None).unwrap();
            assert!(matches!(out.ending, Ending::Over(r) if r.points > 0 || r.winner.is_none()));
            assert!(out.plies > 0);
        }
    }

    #[test]
    fn stops_after_the_plies_asked_for() {
        let (mut a, mut b) = (RandomPlayer::new(1), RandomPlayer::new(2));
        let out = play_out(&tavli_core::Position::start(), [&mut a, &mut b], &mut SeededDice::new(4), Some(7)).unwrap();
        assert_eq!(out.plies, 7);
        let Ending::Stopped(p) = out.ending else { panic!("{out:?}") };
        assert_eq!(p.turn(), tavli_core::Color::Black, "after an odd number of plays from White's start");
    }
}
