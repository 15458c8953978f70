//! Gul bara's decisions built a checker at a time: its board as a
//! [`TurnBoard`](crate::turn::TurnBoard) for the turn builder every game
//! shares ([`crate::turn`]). A decision is a roll that does not ladder or
//! one stage, whose dice are the stage's moves (a remainder's first stage
//! may hold fewer than four).

use super::board::Board;
use super::movegen::Decision;
use super::play::Play;
use super::position::Position;
use crate::dice::Dice;
use crate::play_error::PlayError;
use crate::turn::{Step, TurnBoard};

/// A Gul bara decision in progress (see [`crate::turn::TurnBuilder`]).
///
/// ```
/// use tavli_core::{Dice, fevga_pos};
/// use tavli_core::gulbara::{Pending, Position, TurnBuilder};
/// // Three fives handed over: three moves of 5, then the sixes.
/// let p = Position::of_board(fevga_pos!(White; white {24: 13, 10: 2}; black {24: 15}), 9)
///     .with_pending(Pending::handed(5, 3))
///     .unwrap();
/// let mut t = TurnBuilder::new(&p, Dice::new(2, 1).unwrap()); // the pending dice, not these
/// assert_eq!(t.dice_left(), &[5, 5, 5]);
/// t.enter("10/5(2) 24/19").unwrap();
/// let play = t.complete().unwrap();
/// assert_eq!(play.position().pending(), Pending::handed(6, 4)); // still handed: what it cannot play is lost
/// ```
pub type TurnBuilder = crate::turn::TurnBuilder<Board>;

impl TurnBuilder {
    /// Starts the decision the side on roll in `pos` faces with `dice`
    /// (its pending dice instead, when it has some).
    pub fn new(pos: &Position, dice: Dice) -> TurnBuilder {
        let legal = pos.legal_plays(dice);
        match pos.decision(dice) {
            Decision::Roll(dice) => TurnBuilder::on(Board::new(pos), dice, legal),
            Decision::Stage { first, .. } => {
                let stage_dice = Dice::new(first.die(), first.die()).unwrap_or(dice);
                TurnBuilder::on_dice(Board::new(pos), stage_dice, vec![first.die(); usize::from(first.left())], legal)
            }
        }
    }
}

impl TurnBoard for Board {
    type Position = Position;
    type Play = Play;
    const TOP: u8 = 24;

    fn step(&mut self, from: u8, die: u8) -> Result<Step, PlayError> {
        Board::step(self, from, die).map(|to| Step { to, hit: false })
    }

    fn count(&self, point: u8) -> u8 {
        self.own.get(usize::from(point)).copied().unwrap_or(0)
    }

    fn ended(&self) -> bool {
        Board::ended(self)
    }

    fn key(&self) -> u128 {
        Board::key(self)
    }

    fn play_key(&self, play: &Play) -> u128 {
        play.key()
    }

    fn entry_hops(text: &str, dice: Dice) -> Result<Vec<(u8, u8)>, PlayError> {
        crate::notation::entry_hops::<Board>(text, dice)
    }

    fn position(&self, complete: Option<&Play>) -> Position {
        complete.map_or_else(|| Board::position(self), |p| *p.position())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{DiceSource, SeededDice};

    /// Every legal play of every decision (stages and remainders
    /// included) can be entered one move at a time, each move offered by
    /// `legal_moves`, and the last one completes exactly it.
    #[test]
    fn every_legal_play_can_be_entered_move_by_move() {
        let mut dice = SeededDice::new(5);
        let mut checked = 0;
        let mut staged = 0;
        let mut pos = Position::start();
        for _ in 0..1500 {
            if pos.outcome().is_some() {
                pos = Position::start();
            }
            let d = pos.pending_dice().unwrap_or_else(|| dice.roll());
            let plays = pos.legal_plays(d);
            for play in plays.iter().filter(|p| !p.is_pass()).take(4) {
                let mut t = TurnBuilder::new(&pos, d);
                for m in play.moves() {
                    assert!(t.legal_moves().contains(m), "{m:?} not offered in {pos:?} {d} for {play}");
                    t.play_move(m.from, m.to).unwrap();
                }
                assert_eq!(t.complete().map(|p| *p.position()), Some(*play.position()), "{pos:?} {d} {play}");
                checked += 1;
                staged += usize::from(matches!(pos.decision(d), Decision::Stage { .. }));
            }
            pos = *plays[dice.die() as usize % plays.len()].position();
        }
        assert!(checked > 2000 && staged > 100, "{checked} {staged}");
    }
}
