//! The API's handlers: `positions` (stateless questions about a position
//! and a roll) and `matches` (saved matches, through the match service).

pub mod matches;
pub mod positions;
