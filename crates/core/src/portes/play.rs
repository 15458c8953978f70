//! A Portes play: the single moves of one turn, which of them hit, and the
//! position they reach; the play every game shares ([`PlayOf`]) with its
//! hits.

use super::position::Position;
use crate::play::PlayOf;

/// A legal play. Its moves are [`Move`](crate::Move)s in the mover's
/// numbering, `from` 25 for the bar and `to` 0 for off.
///
/// ```
/// use tavli_core::Dice;
/// use tavli_core::portes::Position;
/// let plays = Position::start().legal_plays(Dice::new(3, 1).unwrap());
/// assert_eq!(plays.len(), 16);
/// assert!(plays.iter().any(|p| p.to_string() == "8/5 6/5"));
/// ```
pub type Play = PlayOf<Position>;

impl Play {
    /// Did the i-th move hit an opposing blot (sending it to the bar)?
    #[inline]
    pub fn hits_on_move(&self, i: usize) -> bool {
        self.marked(i)
    }

    /// How many opposing checkers the play sent to the bar.
    #[inline]
    pub fn hit_count(&self) -> u32 {
        self.marks.count_ones()
    }

    /// The name of the position reached, as the generator and the checked
    /// board name it: the mover's checker vector and the points hit.
    pub(crate) fn key(&self) -> u128 {
        let own = self.position.with_turn(self.mover).own;
        let hits =
            (0..self.len as usize).filter(|&i| self.hits_on_move(i)).fold(0u32, |m, i| m | 1 << self.moves[i].to);
        own | u128::from(hits >> 1) << 104
    }
}
