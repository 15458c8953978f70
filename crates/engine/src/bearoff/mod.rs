//! The exact one-sided bear-off database, and the exact two-sided
//! probabilities it gives once both sides are bearing off.
//!
//! For every home board of one side (0..=15 checkers on its points 1..=6,
//! the rest borne off: C(21, 6) = 54,264 boards, ranked by [`rank`]) the
//! database holds two distributions of a number of that side's turns:
//! - to bear off every checker, playing to minimise the expected number of
//!   turns ([`Database::all_off`]);
//! - to bear off the first checker, playing to do that as soon as possible
//!   ([`Database::first_off`]): a side that has borne off none loses double
//!   if the opponent finishes first.
//!
//! They are solved by dynamic programming over the boards in order of pips
//! with the rules core's own move generator (`solve.rs`), stored as 16-bit
//! fixed point (`table.rs`), and cached in a checked file (`file.rs`,
//! `cache.rs`), loaded once by a front end ([`load_default`]); `plakoto
//! bearoff build` makes the file explicitly. [`NetGame::race`](crate::NetGame::race)
//! combines two sides' distributions; the neural evaluator uses it in every
//! position it applies to when it is given the database.

mod cache;
mod file;
mod index;
mod race;
mod solve;
mod table;

#[cfg(test)]
mod tests;

pub use cache::{ENV_VAR, FILE_NAME, Origin, default_path, load_default, load_or_build_at, read, write};
pub use file::{FORMAT_VERSION, FileError};
pub use index::{CHECKERS, HomeBoard, POSITIONS, checkers, pips, rank, unrank};
pub use race::facing_home_boards;
pub use solve::MAX_TURNS;
pub use table::{Database, Dist, SCALE};
