//! What the three games' move generators share: the bit tricks on the
//! packed board (`bits`), the generators themselves over a game's hooks
//! (`generate`: the game gives its single step, its game end and its
//! plan; the loops, the sinks and the ranking are here once), the closed
//! counts of perft's last ply (`count`), a game's reusable generator as
//! its public methods and perft drive it (`generator`), and perft's walk
//! (`perft`).
//!
//! Each game keeps its own rules in its folder: which points are open,
//! what a step does to the opponent (a pin, a hit, nothing), when the game
//! ends, when a roll may take the `Unique` plan, and the fast leaf builders.

pub(crate) mod bits;
pub(crate) mod count;
pub(crate) mod generate;
pub(crate) mod generator;
pub(crate) mod perft;
#[cfg(test)]
pub(crate) mod testing;
