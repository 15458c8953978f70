//! The API's handlers: `positions` (stateless questions about a position
//! and a roll), `matches` (saved matches, through the match service) and
//! `live` (a match's live stream) and `review` (game review).

pub mod live;
pub mod matches;
pub mod positions;
pub mod review;
