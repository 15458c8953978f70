//! What kind of decision a position holds: each game sorts its positions
//! into kinds ([`NetGame::category`](crate::NetGame::category)), and the
//! benchmark and the network's gap report error rates by kind.

use serde::{Deserialize, Serialize};

/// What kind of decision a position holds, for reporting error rates by kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Category {
    /// The first plays of a game (both sides still mostly on their starts).
    Opening,
    /// A mother in danger: alone on its start, or pinned.
    Mother,
    /// Checkers pinned, or blots in pinning range, with contact.
    PinFight,
    /// No contact left: a race, bearing off included.
    Race,
    /// Bearing off while a pin is still on the board.
    BearOffWithPins,
    /// Any other contact position.
    Middle,
    /// Portes: a checker on the bar, to enter or to keep out.
    Bar,
}

impl Category {
    /// Plakoto's kinds, in the order reports list them.
    pub const ALL: [Category; 6] = [
        Category::Opening,
        Category::Mother,
        Category::PinFight,
        Category::Race,
        Category::BearOffWithPins,
        Category::Middle,
    ];

    /// The kind's name, as in the benchmark file (`pin-fight`).
    pub fn name(self) -> &'static str {
        match self {
            Category::Opening => "opening",
            Category::Mother => "mother",
            Category::PinFight => "pin-fight",
            Category::Race => "race",
            Category::BearOffWithPins => "bear-off-with-pins",
            Category::Middle => "middle",
            Category::Bar => "bar",
        }
    }
}
