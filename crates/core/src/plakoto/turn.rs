//! Plakoto's turn built a checker at a time: its board as a
//! [`TurnBoard`](crate::turn::TurnBoard) for the turn builder every game
//! shares ([`crate::turn`]).

use super::board::Board;
use super::play::Play;
use super::position::Position;
use super::rules::PlakotoRules;
use crate::dice::Dice;
use crate::play_error::PlayError;
use crate::turn::{Step, TurnBoard};

/// A Plakoto turn in progress (see [`crate::turn::TurnBuilder`]).
pub type TurnBuilder = crate::turn::TurnBuilder<Board>;

impl TurnBuilder {
    /// Starts the turn of the side on roll in `pos` with `dice`, under its
    /// game's own rules.
    pub fn new(pos: &Position, dice: Dice) -> TurnBuilder {
        TurnBuilder::on(Board::new(pos), dice, pos.legal_plays(dice))
    }

    /// Starts the turn under `rules` (a match's options).
    pub fn with_rules(pos: &Position, dice: Dice, rules: &PlakotoRules) -> TurnBuilder {
        TurnBuilder::on(Board::with_rules(pos, rules), dice, pos.legal_plays_with(dice, rules))
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
        play.position().with_turn(self.pos.turn()).own_key()
    }

    fn entry_hops(text: &str, dice: Dice) -> Result<Vec<(u8, u8)>, PlayError> {
        crate::notation::entry_hops::<Board>(text, dice)
    }

    fn position(&self, complete: Option<&Play>) -> Position {
        // The play's own position where the moves make one: the board's
        // rebuilding cannot tell every pin apart.
        match complete {
            Some(p) => p.position().with_turn(self.pos.turn()),
            None => Board::position(self),
        }
    }

    fn no_checker(&self, from: u8) -> PlayError {
        if self.pos.own_pinned_on(from) { PlayError::Pinned(from) } else { PlayError::NoChecker(from) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{DiceSource, SeededDice};
    use crate::play::Move;
    use crate::pos;

    /// Every legal play can be entered one move at a time, each move is
    /// offered by `legal_moves`, and the last one completes exactly it.
    #[test]
    fn every_legal_play_can_be_entered_move_by_move() {
        let mut dice = SeededDice::new(3);
        let mut pos = Position::start();
        let mut checked = 0;
        for _ in 0..600 {
            if pos.outcome().is_some() {
                pos = Position::start();
            }
            let d = dice.roll();
            let plays = pos.legal_plays(d);
            for play in plays.iter().filter(|p| !p.is_pass()).take(6) {
                let mut t = TurnBuilder::new(&pos, d);
                for m in play.moves() {
                    assert!(t.legal_moves().contains(m), "{m:?} not offered in {pos:?} {d} for {play}");
                    t.play_move(m.from, m.to).unwrap();
                }
                assert_eq!(t.complete().map(|p| *p.position()), Some(*play.position()), "{pos:?} {d} {play}");
                assert_eq!(t.current_position(), play.position().with_turn(pos.turn()));
                assert!(t.legal_moves().is_empty());
                checked += 1;
            }
            pos = *plays[dice.die() as usize % plays.len()].position();
        }
        assert!(checked > 1000);
    }

    #[test]
    fn explains_moves_that_cannot_be_completed() {
        // White 6-5, one checker on 24 can play 24/18 but then 5 from 18 lands on 13,
        // blocked; 24/19/13 is blocked too; the other checker on 8 plays the 5.
        let p = pos!(White; white {24: 1, 8: 1}; black {13: 2, 1: 13});
        let mut t = TurnBuilder::new(&p, Dice::new(6, 5).unwrap());
        assert_eq!(t.play_move(24, 13), Err(PlayError::Blocked(13)));
        assert!(matches!(t.play_move(9, 3), Err(PlayError::NoChecker(9))));
        t.play_move(24, 18).unwrap();
        t.play_move(8, 3).unwrap();
        assert!(t.complete().is_some());
    }

    #[test]
    fn points_off_the_board_are_refused_not_a_panic() {
        let mut t = TurnBuilder::new(&Position::start(), Dice::new(6, 1).unwrap());
        assert_eq!(t.play_move(30, 14), Err(PlayError::NoPoint(30)));
        assert_eq!(t.play_move(24, 200), Err(PlayError::NoPoint(200)));
        assert_eq!(t.play_move(0, 0), Err(PlayError::NoPoint(0)));
        assert!(t.moves().is_empty());
    }

    #[test]
    fn an_entry_plays_its_moves_all_or_none_and_says_why_not() {
        let d = Dice::new(6, 4).unwrap();
        let mut t = TurnBuilder::new(&Position::start(), d);
        t.enter("24/20/14").unwrap();
        assert_eq!(t.moves(), [Move::new(24, 20), Move::new(20, 14)]);
        t.reset();
        t.enter("24/18,18/14").unwrap();
        assert_eq!(t.moves().len(), 2);
        t.reset();
        // The notation's own rules, in the parser's words.
        for bad in ["off/3", "25/3", "24", "24/18(9)", "bar/20", "", "pass"] {
            assert!(matches!(t.enter(bad), Err(PlayError::Syntax { .. })), "{bad}");
        }
        assert_eq!(t.enter("24/20 24/18 24/23"), Err(PlayError::TooManyMoves(d)));
        // A later move that fails takes the earlier ones of the entry back.
        t.enter("24/20").unwrap();
        assert!(t.enter("24/18 13/7").is_err());
        assert_eq!(t.moves(), [Move::new(24, 20)]);
        // A point the entry empties itself: more checkers written than it had.
        let p = pos!(White; white {10: 1, 3: 14}; black {20: 15});
        let mut t = TurnBuilder::new(&p, Dice::new(6, 6).unwrap());
        assert_eq!(t.enter("10/4(2)"), Err(PlayError::TooFewCheckers { point: 10, have: 1 }));
        assert_eq!(t.enter("9/3"), Err(PlayError::NoChecker(9)));
        assert!(t.moves().is_empty());
    }

    #[test]
    fn a_pass_is_complete_at_once() {
        // White's only checker on 24 is blocked for 6-6: 18 is Black's.
        let p = pos!(White; white {24: 1}; black {18: 2, 1: 13});
        let t = TurnBuilder::new(&p, Dice::new(6, 6).unwrap());
        assert!(t.is_pass());
        assert!(t.complete().unwrap().is_pass());
    }
}
