//! A single move: one checker moved by one die, the same in every game.

/// One checker moved by one die, in the mover's own numbering: `to` is 0
/// when the checker is borne off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The point the checker leaves, 1..=24.
    pub from: u8,
    /// The point the checker lands on, 1..=23, or 0 when it is borne off.
    pub to: u8,
}

impl Move {
    /// The move from `from` to `to` (0 for off), in the mover's numbering.
    ///
    /// ```
    /// use tavli_core::Move;
    /// assert!(Move::new(3, 0).is_off());
    /// assert!(!Move::new(24, 18).is_off());
    /// ```
    pub const fn new(from: u8, to: u8) -> Move {
        Move { from, to }
    }

    /// Is this move a bear-off?
    pub const fn is_off(self) -> bool {
        self.to == 0
    }
}
