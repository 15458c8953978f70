//! The API's handlers: `positions` (stateless questions about a position
//! and a roll), `games` (the games and kinds of match played), `matches`
//! (saved matches, through the match service), `live` (a match's live
//! stream) and `review` (game review).

pub mod games;
pub mod live;
pub mod matches;
pub mod positions;
pub mod review;
