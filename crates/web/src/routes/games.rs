//! The games the server plays and how the page draws them: what the page's
//! new-match dialog offers and reads its boards by, so that a game added to
//! the core is listed and drawn without the page naming it.

use axum::Json;
use serde::Serialize;
use tavli_core::tavli::{GameKind, MatchGames};
use utoipa::ToSchema;

/// A game, as a front end draws it.
#[derive(Serialize, ToSchema)]
pub struct GameInfoJson {
    /// Its name in position JSON, records and requests (`fevga`).
    pub name: String,
    /// Its name in English (`Gul bara`).
    pub title: String,
    /// Do both sides go round the same way (Fevga, Gul bara)? Then Black's
    /// point n is White's ((n + 11) mod 24) + 1, else 25 − n.
    pub parallel: bool,
    /// Does a hit checker go to the bar (Portes)?
    pub bar: bool,
    /// Is it one of Tavli's three games (in the Tavli match's rotation)?
    pub tavli: bool,
}

/// A kind of match `POST /api/v1/matches` plays (its `games`).
#[derive(Serialize, ToSchema)]
pub struct MatchKindJson {
    /// What to send as `games`: `tavli`, `tabla`, or a game's name
    /// (`tabla-only` for Tabla games alone).
    pub games: String,
    /// The games it plays, in the order they come round.
    pub of: Vec<String>,
    /// The length a new match of it has unless one is asked for.
    pub length: u32,
}

/// Every game, and every kind of match.
#[derive(Serialize, ToSchema)]
pub struct GamesJson {
    /// Every game the server knows, Tavli's rotation first, then the games
    /// with code of their own, then the names played by another's code.
    pub games: Vec<GameInfoJson>,
    /// Every kind of match it plays: the Tavli match, the Tabla match, then
    /// a match of each game alone.
    pub matches: Vec<MatchKindJson>,
}

/// Every game and every kind of match (the page's new-match dialog lists
/// the matches; its board reads each game's way round and bar here).
#[utoipa::path(get, path = "/api/v1/games", tag = "positions", responses((status = 200, body = GamesJson)))]
pub async fn games() -> Json<GamesJson> {
    let games = GameKind::EVERY
        .iter()
        .map(|&k| GameInfoJson {
            name: k.name().into(),
            title: k.title().into(),
            parallel: k.parallel(),
            bar: k.has_bar(),
            tavli: k.in_tavli(),
        })
        .collect();
    let matches = [MatchGames::Tavli, MatchGames::Tabla]
        .into_iter()
        .chain(GameKind::EVERY.map(MatchGames::Only))
        .map(|m| MatchKindJson {
            games: m.name().into(),
            of: m.rotation().iter().map(|g| g.name().to_string()).collect(),
            length: m.default_length(),
        })
        .collect();
    Json(GamesJson { games, matches })
}
