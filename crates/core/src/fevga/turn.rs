//! Fevga's turn built a checker at a time: its board as a
//! [`TurnBoard`](crate::turn::TurnBoard) for the turn builder every game
//! shares ([`crate::turn`]).
//!
//! The ban and the unblocking duty are judged on whole plays, so a single
//! move that is legal by itself may still be refused: the builder offers
//! only moves after which some way of finishing the turn is a legal play,
//! and says which rule a refused one would break.

use super::board::Board;
use super::explain::{rank, why_not};
use super::play::Play;
use super::position::Position;
use super::rules::FevgaRules;
use crate::dice::Dice;
use crate::play_error::PlayError;
use crate::turn::{Step, TurnBoard};

/// A Fevga turn in progress (see [`crate::turn::TurnBuilder`]).
///
/// ```
/// use tavli_core::{Dice, Move, fevga_pos};
/// use tavli_core::fevga::{PlayError, TurnBuilder};
/// // TAVLI.md F3: the runner on 13 with 6-3.
/// let p = fevga_pos!(White; white {24: 14, 13: 1}; black {24: 15});
/// let mut t = TurnBuilder::new(&p, Dice::new(6, 3).unwrap());
/// assert_eq!(t.destinations(13), vec![10, 7]);
/// assert!(matches!(t.play_move(24, 18), Err(PlayError::Runner { from: 24, .. })));
/// t.play_move(13, 7).unwrap(); // the runner reaches 7: the rest are free
/// assert_eq!(t.destinations(24), vec![21]);
/// t.play_move(24, 21).unwrap();
/// // Written as it can be entered: the runner first.
/// assert_eq!(t.complete().unwrap().notation(), "13/7 24/21");
/// t.undo();
/// assert_eq!(t.moves(), vec![Move::new(13, 7)]);
/// ```
pub type TurnBuilder = crate::turn::TurnBuilder<Board>;

impl TurnBuilder {
    /// Starts the turn of the side on roll in `pos` with `dice`, under
    /// TAVLI.md's Decisions.
    pub fn new(pos: &Position, dice: Dice) -> TurnBuilder {
        TurnBuilder::with_rules(pos, dice, &FevgaRules::default())
    }

    /// Starts a turn under `rules`.
    pub fn with_rules(pos: &Position, dice: Dice, rules: &FevgaRules) -> TurnBuilder {
        TurnBuilder::on(Board::new(pos, rules), dice, pos.legal_plays_with(dice, rules))
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

    fn position(&self, _complete: Option<&Play>) -> Position {
        Board::position(self)
    }

    /// The rule the best way of finishing the turn breaks first, in
    /// TAVLI.md's order of filters (the ban, the most dice, the larger
    /// die, the unblocking duty).
    fn unfinishable(turn: &TurnBuilder, board: &Board, left: &[u8], used: &[u8]) -> Option<PlayError> {
        let mut all = Vec::new();
        turn.endings(board, left, &mut used.to_vec(), &mut all);
        let score = |e: &crate::turn::Ending<Board>| {
            let wall_full =
                e.board.pos.trap().is_some_and(|t| e.board.duty_applies() && e.board.occ() & t.mask() == t.mask());
            (e.board.whole_play_fault().is_none(), rank(turn.dice(), &e.used, e.board.ended()), !wall_full)
        };
        Some(match all.iter().max_by_key(|e| score(e)) {
            Some(best) => why_not(turn.dice(), turn.legal_plays(), &best.board, &best.used, ""),
            None => PlayError::NotLegal(String::new()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fevga::rules::BanTiming;
    use crate::fevga_pos;
    use crate::game::{DiceSource, SeededDice};

    /// Every legal play can be entered one move at a time, each move is
    /// offered by `legal_moves`, and the last one completes exactly it.
    #[test]
    fn every_legal_play_can_be_entered_move_by_move() {
        let mut dice = SeededDice::new(3);
        let mut checked = 0;
        for rules in FevgaRules::ALL {
            let mut pos = Position::start();
            for _ in 0..150 {
                if pos.outcome().is_some() {
                    pos = Position::start();
                }
                let d = dice.roll();
                let plays = pos.legal_plays_with(d, &rules);
                for play in plays.iter().filter(|p| !p.is_pass()).take(6) {
                    let mut t = TurnBuilder::with_rules(&pos, d, &rules);
                    for m in play.moves() {
                        assert!(t.legal_moves().contains(m), "{m:?} not offered in {pos:?} {d} for {play}");
                        t.play_move(m.from, m.to).unwrap();
                    }
                    assert_eq!(t.complete().map(|p| *p.position()), Some(*play.position()), "{pos:?} {d} {play}");
                    checked += 1;
                }
                pos = *plays[dice.die() as usize % plays.len()].position();
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn the_ban_refuses_the_move_that_fills_the_quarter() {
        // TAVLI.md F5: 24/19 then 24/20 would fill 19-24.
        let p = fevga_pos!(White; white {24: 10, 23: 1, 22: 1, 21: 1, 20: 1, 1: 1}; black {2: 15});
        let mut t = TurnBuilder::new(&p, Dice::new(5, 4).unwrap());
        t.play_move(24, 19).unwrap();
        assert_eq!(t.play_move(24, 20), Err(PlayError::QuarterBan { landing: false }));
        assert!(t.destinations(24).is_empty());
        t.play_move(19, 15).unwrap();
        assert_eq!(t.complete().unwrap().notation(), "24/19/15");
        // Judged at every landing, landing on 19 is refused outright.
        let rules = FevgaRules { ban: BanTiming::EveryLanding, ..FevgaRules::default() };
        let mut t = TurnBuilder::with_rules(&p, Dice::new(5, 4).unwrap(), &rules);
        assert_eq!(t.play_move(24, 19), Err(PlayError::QuarterBan { landing: true }));
        assert_eq!(t.destinations(24), vec![20]);
    }

    #[test]
    fn the_duty_refuses_a_move_that_keeps_the_wall() {
        // TAVLI.md F7 with 6-5: 24/18 keeps every point of 16-21 held, and
        // the 5 cannot then open one.
        let p = fevga_pos!(White; white {24: 8, 21: 1, 20: 1, 19: 1, 18: 1, 17: 1, 16: 1, 5: 1}; black {10: 15});
        let mut t = TurnBuilder::new(&p, Dice::new(6, 5).unwrap());
        t.play_move(24, 18).unwrap();
        let e = t.play_move(24, 19).unwrap_err();
        assert!(matches!(e, PlayError::UnblockingDuty { trapped: 22, .. }), "{e}");
        assert!(e.to_string().contains("16, 17, 18, 19, 20, 21"), "{e}");
    }

    #[test]
    fn a_pass_is_complete_at_once() {
        // TAVLI.md F2: the runner is blocked, the start frozen.
        let p = fevga_pos!(White; white {24: 14, 13: 1}; black {24: 14, 23: 1});
        let mut t = TurnBuilder::new(&p, Dice::new(2, 1).unwrap());
        assert!(t.is_pass());
        assert!(t.complete().unwrap().is_pass());
        assert_eq!(t.play_move(24, 23), Err(PlayError::MustPass(Dice::new(2, 1).unwrap())));
    }

    #[test]
    fn points_off_the_board_are_refused_not_a_panic() {
        let mut t = TurnBuilder::new(&Position::start(), Dice::new(6, 1).unwrap());
        assert_eq!(t.play_move(30, 14), Err(PlayError::NoPoint(30)));
        assert_eq!(t.play_move(24, 200), Err(PlayError::NoPoint(200)));
        assert_eq!(t.play_move(0, 0), Err(PlayError::NoPoint(0)));
        assert!(t.moves().is_empty());
        assert_eq!(t.why_not_from(0), Some(PlayError::NoPoint(0)));
    }
}
