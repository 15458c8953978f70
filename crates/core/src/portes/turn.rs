//! Portes's turn built a checker at a time: its board as a
//! [`TurnBoard`](crate::turn::TurnBoard) for the turn builder every game
//! shares ([`crate::turn`]). Points are in the mover's numbering; 25 is
//! the bar and 0 is off.

use super::board::Board;
use super::play::Play;
use super::position::Position;
use crate::dice::Dice;
use crate::play_error::PlayError;
use crate::turn::{Step, TurnBoard};

/// A Portes turn in progress (see [`crate::turn::TurnBuilder`]).
///
/// ```
/// use tavli_core::{Dice, Move};
/// use tavli_core::portes::{Position, TurnBuilder};
/// let mut t = TurnBuilder::new(&Position::start(), Dice::new(6, 5).unwrap());
/// assert_eq!(t.destinations(24), vec![18]); // 19 is blocked
/// t.play_move(24, 18).unwrap();
/// assert_eq!(t.complete(), None);
/// t.play_move(18, 13).unwrap();
/// assert_eq!(t.complete().unwrap().notation(), "24/18/13");
/// t.undo();
/// assert_eq!(t.moves(), vec![Move::new(24, 18)]);
/// ```
pub type TurnBuilder = crate::turn::TurnBuilder<Board>;

impl TurnBuilder {
    /// Starts the turn of the side on roll in `pos` with `dice`.
    pub fn new(pos: &Position, dice: Dice) -> TurnBuilder {
        TurnBuilder::on(Board::new(pos), dice, pos.legal_plays(dice))
    }
}

impl TurnBoard for Board {
    type Position = Position;
    type Play = Play;
    const TOP: u8 = 25;

    fn step(&mut self, from: u8, die: u8) -> Result<Step, PlayError> {
        Board::step(self, from, die).map(|(to, hit)| Step { to, hit })
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

    fn position(&self, _complete: Option<&Play>) -> Position {
        Board::position(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{DiceSource, SeededDice};

    /// Every legal play can be entered one move at a time (hits, entries
    /// from the bar and bear-offs among them), each move is offered by
    /// `legal_moves`, and the last one completes exactly that play.
    #[test]
    fn every_legal_play_can_be_entered_move_by_move() {
        let mut dice = SeededDice::new(5);
        let mut pos = Position::start();
        let mut checked = 0;
        for _ in 0..1500 {
            if pos.outcome().is_some() {
                pos = Position::start();
            }
            let d = dice.roll();
            let plays = pos.legal_plays(d);
            for play in plays.iter().filter(|p| !p.is_pass()).take(6) {
                let mut t = TurnBuilder::new(&pos, d);
                for m in play.moves() {
                    assert!(t.legal_moves().contains(m), "{m:?} not offered in {pos:?} {d} for {}", play.notation());
                    t.play_move(m.from, m.to).unwrap();
                }
                assert_eq!(t.complete().map(|p| p.key()), Some(play.key()), "{pos:?} {d} {}", play.notation());
                checked += 1;
            }
            pos = *plays[dice.die() as usize % plays.len()].position();
        }
        assert!(checked > 3000, "{checked}");
    }

    /// `why_not_each` gives, point by point, what `why_not_from` gives.
    #[test]
    fn why_not_each_agrees_with_why_not_from() {
        let on_bar = Position::from_json(
            r#"{"game":"portes","turn":"white","bar":{"white":1},"board":{"24":1,"13":5,"8":3,"6":5,"1":-2,"12":-5,"17":-3,"19":-5}}"#,
        )
        .unwrap();
        for pos in [Position::start(), on_bar] {
            for (a, b) in [(6, 4), (3, 1), (5, 5), (6, 6)] {
                let t = TurnBuilder::new(&pos, Dice::new(a, b).unwrap());
                let each = t.why_not_each();
                let one: Vec<(u8, PlayError)> = (1..=25).filter_map(|p| t.why_not_from(p).map(|e| (p, e))).collect();
                assert_eq!(each, one, "{pos:?} {a}-{b}");
            }
        }
        // With a checker on the bar, every other checker must wait for it.
        let t = TurnBuilder::new(&on_bar, Dice::new(6, 3).unwrap());
        let each = t.why_not_each();
        assert!(each.contains(&(13, PlayError::MustEnterFirst { from: 13, bar: 1 })), "{each:?}");
        assert!(each.iter().all(|&(p, _)| p != 25), "the bar can enter: {each:?}");
    }
}
