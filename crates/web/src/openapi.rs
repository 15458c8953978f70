//! The OpenAPI document, generated from the handlers and types, served at
//! `/api/v1/openapi.json`.

use axum::Json;
use utoipa::OpenApi;

use crate::error::{ErrorBody, ErrorDetail};
use crate::reviews::ReviewJson;
use crate::routes::games::{GameInfoJson, GamesJson, MatchKindJson};
use crate::routes::matches::{
    AnswerRequest, CreateMatch, CreatedJson, EngineMoveRequest, GameState, GameSummary, JoinRequest, JoinedJson,
    LogEntry, MatchState, OfferJson, OnlineJson, PendingJson, PlayRequest, PreviousGameJson, ResignRequest, SeatJson,
    ShowMovesRequest, StageJson, ToAct,
};
use crate::routes::positions::{
    EvalJson, EvalRequest, HintJson, HintRequest, LevelJson, MovesRequest, PlayedJson, ProbabilitiesJson,
    RankedPlayJson, TurnRequest,
};
use crate::routes::review::{ReviewJobJson, ReviewLimitsJson, ReviewRequest};
use crate::wire::{GameJson, PlayJson, ResultJson, TurnState};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Plakoto API",
        description = "Plakoto (Πλακωτό) and Tavli: legal plays and turns entered move by move for positions of \
            Portes, Plakoto, Fevga and Gul bara; evaluation and hints, and saved matches \
            against the engine or between two people. Positions, plays and results use the JSON shapes of \
            INTERFACE.md. Every error is `{\"error\": {\"code\", \"message\"}}`."
    ),
    paths(
        crate::routes::positions::moves,
        crate::routes::positions::turn,
        crate::routes::positions::eval,
        crate::routes::positions::hint,
        crate::routes::positions::levels,
        crate::routes::games::games,
        crate::routes::matches::create,
        crate::routes::matches::get,
        crate::routes::matches::record,
        crate::routes::matches::play,
        crate::routes::matches::engine_move,
        crate::routes::matches::resign,
        crate::routes::matches::answer_offer,
        crate::routes::matches::join,
        crate::routes::matches::moves,
        crate::routes::live::events,
        crate::routes::review::match_review,
        crate::routes::review::record_review,
        crate::routes::review::start_match_review,
        crate::routes::review::start_record_review,
        crate::routes::review::review_job,
        crate::routes::review::cancel_review_job,
        crate::routes::review::review_limits,
        crate::health,
    ),
    components(schemas(
        ErrorBody, ErrorDetail, GameJson, PlayJson, ResultJson, MovesRequest, TurnRequest, TurnState, EvalRequest, EvalJson,
        ProbabilitiesJson, HintRequest, HintJson, RankedPlayJson, PlayedJson, LevelJson, GamesJson, GameInfoJson,
        MatchKindJson, StageJson, CreateMatch, PlayRequest, ResignRequest, AnswerRequest, OfferJson,
        EngineMoveRequest, MatchState, GameState, GameSummary, PreviousGameJson, LogEntry, ToAct, CreatedJson, SeatJson, JoinRequest,
        JoinedJson, ShowMovesRequest, OnlineJson, PendingJson, ReviewRequest, ReviewJson,
        ReviewJobJson, ReviewLimitsJson
    )),
    tags(
        (name = "positions", description = "Stateless: about a position and dice"),
        (name = "matches", description = "Saved matches, each change committed before the reply"),
    )
)]
/// The API's OpenAPI document, built from the handlers and types and served
/// at `/api/v1/openapi.json`.
pub struct ApiDoc;

/// The OpenAPI document of this API.
pub async fn document() -> Json<utoipa::openapi::OpenApi> {
    Json(ApiDoc::openapi())
}
