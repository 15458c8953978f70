//! Tavli: the games as one value. A [`GameKind`] names the game;
//! [`AnyPosition`] and [`AnyPlay`] carry a position or play of any game,
//! each game's own type inside, so that code serving every game (the
//! command line, the service, the store) is written once and each game's
//! move generator stays specialised. See docs/ARCHITECTURE.md, "A game".

mod generic;
mod kind;
mod position;
mod schedule;
mod turn;

pub use generic::{GamePlay, GamePosition};
pub use kind::{GameKind, UnknownGame};
pub use position::{AnyPlay, AnyPosition, WholePlay};
pub use schedule::{MatchGames, MatchRules, Scoring, Starter};
pub use turn::AnyTurn;
