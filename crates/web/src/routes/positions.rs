//! Endpoints about a position alone, with no saved state: legal plays and
//! a turn entered one checker at a time, evaluation and hints (each in any
//! of Tavli's games, each game with its own network), the levels.

use std::sync::Arc;
use std::time::Instant;

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;
use tavli_core::tavli::{AnyPosition, AnyTurn, GameKind, GamePlay, MatchGames, MatchRules};
use tavli_core::{Dice, GameResult, Move};
use tavli_engine::met::MatchScore;
use tavli_engine::{ByGame, GameEvals, GameVisitor, LevelKind, MAX_PLY, NetGame, Probabilities, Search, analysis};
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody, JsonBody, no_engine_help};
use crate::service::MAX_LENGTH;
use crate::state::AppState;
use crate::wire::{self, GameJson, PlayJson, TurnState, turn_state};
use tavli_engine::NetEval;

#[derive(Deserialize, ToSchema)]
pub struct MovesRequest {
    /// Position JSON of any game (its `game` says which; absent: Plakoto),
    /// or a string: `start`, a position ID (`p.…` Portes, `f.…` Fevga,
    /// Plakoto's otherwise) or position JSON.
    #[schema(value_type = Object)]
    pub position: Option<Box<RawValue>>,
    /// `"6-4"` or `[6, 4]`.
    #[schema(value_type = Object)]
    pub dice: Option<Value>,
    /// The game: which game `start` is (absent: Plakoto), and the game the
    /// position must be of (another is a 422 `bad-position` naming both).
    #[schema(value_type = Option<GameJson>)]
    pub game: Option<GameKind>,
}

/// Every legal play of a roll, one per distinct resulting position, in any
/// of Tavli's games.
///
/// The same list as `tavli moves --json`: a roll with no legal move gives
/// the single play `pass`; a position whose game is over gives `[]`.
#[utoipa::path(post, path = "/api/v1/moves", tag = "positions", request_body = MovesRequest,
    responses((status = 200, body = [PlayJson]), (status = 422, body = ErrorBody), (status = 400, body = ErrorBody)))]
pub async fn moves(JsonBody(req): JsonBody<MovesRequest>) -> Result<Json<Vec<PlayJson>>, ApiError> {
    let pos = wire::any_position(req.position.as_deref(), req.game)?;
    let dice = wire::dice(req.dice.as_ref())?;
    Ok(Json(pos.legal_plays(dice).iter().map(PlayJson::any).collect()))
}

#[derive(Deserialize, ToSchema)]
pub struct TurnRequest {
    /// The position, of any game, as `/api/v1/moves` takes it.
    #[schema(value_type = Object)]
    pub position: Option<Box<RawValue>>,
    /// `"6-4"` or `[6, 4]`.
    #[schema(value_type = Object)]
    pub dice: Option<Value>,
    /// Single moves entered so far, (from, to) in the mover's numbering
    /// (`from` 25: Portes's bar; `to` 0: off).
    #[serde(default)]
    #[schema(value_type = Vec<Vec<u8>>)]
    pub moves: Vec<[u8; 2]>,
    /// The game, as `/api/v1/moves` takes it (absent: Plakoto's `start`).
    #[schema(value_type = Option<GameJson>)]
    pub game: Option<GameKind>,
}

/// Enters a turn one checker at a time, in any of Tavli's games: the legal
/// next moves, the board so far, and the play once the moves make one. The
/// page uses it for click and drag; nothing is saved.
#[utoipa::path(post, path = "/api/v1/turn", tag = "positions", request_body = TurnRequest,
    responses((status = 200, body = TurnState), (status = 422, body = ErrorBody)))]
pub async fn turn(JsonBody(req): JsonBody<TurnRequest>) -> Result<Json<TurnState>, ApiError> {
    let pos = wire::any_position(req.position.as_deref(), req.game)?;
    let dice = wire::dice(req.dice.as_ref())?;
    turn_state(&pos, dice, &req.moves).map(Json)
}

#[derive(Deserialize, ToSchema)]
pub struct EvalRequest {
    /// A position of any game, as `/api/v1/moves` takes it.
    #[schema(value_type = Object)]
    pub position: Option<Box<RawValue>>,
    /// Search depth, 0 (default) to 2.
    pub ply: Option<i64>,
    /// The game, as `/api/v1/moves` takes it (absent: Plakoto's `start`).
    #[schema(value_type = Option<GameJson>)]
    pub game: Option<GameKind>,
    /// The match the position is from, as `/api/v1/hint` takes it: a match
    /// between two people online being played refuses the engine's
    /// evaluation (403 `no-engine-help`).
    #[serde(rename = "match")]
    pub match_id: Option<String>,
}

/// Refuses the engine's help (403 `no-engine-help`) when the position is
/// from match `id` and that is a match between two people online being
/// played.
async fn engine_help_for(state: &AppState, id: Option<String>) -> Result<(), ApiError> {
    let Some(id) = id else { return Ok(()) };
    if state.call(move |s| Ok(s.get(&id)?.engine_help_off())).await? {
        return Err(no_engine_help());
    }
    Ok(())
}

/// An evaluation, as `tavli eval --json` prints it.
#[derive(Serialize, ToSchema)]
pub struct EvalJson {
    #[schema(value_type = Object)]
    pub position: AnyPosition,
    /// The position ID.
    pub id: String,
    pub ply: u8,
    #[schema(value_type = ProbabilitiesJson)]
    pub probabilities: Probabilities,
    /// Expected points for the side on roll.
    pub equity: f32,
    /// The result when the game is over in this position.
    #[schema(value_type = Option<crate::wire::ResultJson>)]
    pub result: Option<GameResult>,
}

/// Outcome probabilities for the side on roll; `win` includes `win_double`.
#[derive(Serialize, ToSchema)]
#[allow(dead_code)]
pub struct ProbabilitiesJson {
    pub win: f32,
    pub win_double: f32,
    pub lose: f32,
    pub lose_double: f32,
    pub draw: f32,
}

/// The engine's evaluation of a position for the side on roll.
#[utoipa::path(post, path = "/api/v1/eval", tag = "positions", request_body = EvalRequest,
    responses((status = 200, body = EvalJson), (status = 422, body = ErrorBody), (status = 503, body = ErrorBody)))]
pub async fn eval(
    State(state): State<Arc<AppState>>,
    JsonBody(req): JsonBody<EvalRequest>,
) -> Result<Json<EvalJson>, ApiError> {
    let pos = wire::any_position(req.position.as_deref(), req.game)?;
    let ply = wire::ply(req.ply, 0)?;
    engine_help_for(&state, req.match_id.clone()).await?;
    /// The evaluation in the game of the position it is run on.
    struct Evaluate(GameEvals, u8);
    impl GameVisitor for Evaluate {
        type Out = analysis::Evaluation;
        fn visit<P: NetGame>(self, pos: &P) -> analysis::Evaluation {
            analysis::evaluate(&Search::new(self.0.get::<P>().clone(), self.1), pos)
        }
    }
    let evals = state.service.evals().clone();
    let e = state.engine(move |_| Ok(pos.by_game(Evaluate(evals, ply)))).await?;
    Ok(Json(EvalJson {
        position: pos,
        id: pos.id(),
        ply: e.ply,
        probabilities: e.probabilities,
        equity: e.equity,
        result: pos.outcome(),
    }))
}

/// What to rank: a position and a roll; optionally the single moves made
/// so far (rank what can follow), or a play made (say where it ranks).
#[derive(Deserialize, ToSchema)]
pub struct HintRequest {
    /// A position of any game, as `/api/v1/moves` takes it.
    #[schema(value_type = Object)]
    pub position: Option<Box<RawValue>>,
    /// `"6-4"` or `[6, 4]`.
    #[schema(value_type = Object)]
    pub dice: Option<Value>,
    /// The game, as `/api/v1/moves` takes it (absent: Plakoto's `start`).
    #[schema(value_type = Option<GameJson>)]
    pub game: Option<GameKind>,
    /// Search depth, 0 to 2 (default 2: as deep as the strongest level).
    pub ply: Option<i64>,
    /// At most this many plays, best first (default: all).
    pub max: Option<usize>,
    /// Single moves already made this turn, (from, to) in the mover's
    /// numbering: the plays that go on from them are ranked, and `loss`
    /// says what the moves made cost against the best play.
    #[serde(default)]
    #[schema(value_type = Option<Vec<Vec<u8>>>)]
    pub moves: Option<Vec<[u8; 2]>>,
    /// A whole play made with this roll (its single moves): `played` says
    /// where it ranks and what it lost.
    #[serde(default)]
    #[schema(value_type = Option<Vec<Vec<u8>>>)]
    pub played: Option<Vec<[u8; 2]>>,
    /// The match score from the mover's side (`{"length", "mine",
    /// "theirs"}`): in a match longer than 1 point the plays are ranked by
    /// the chance to win the match; without it, or at length 1, by points.
    #[schema(value_type = Option<Object>)]
    pub score: Option<ScoreJson>,
    /// With `score`: the games the match plays, `tavli` or one game's name
    /// (default: one game). In a Tavli match the plays are ranked by the
    /// Tavli match equity table, whose value of a score depends on the
    /// games to come.
    #[schema(value_type = Option<String>)]
    pub games: Option<MatchGames>,
    /// The match the position is from, when asked from a match's page: a
    /// match between two people online refuses the engine's advice (403
    /// `no-engine-help`).
    #[serde(rename = "match")]
    pub match_id: Option<String>,
}

/// A match score from the mover's side, as `hint --score A-B --length N`.
#[derive(Clone, Copy, Deserialize, ToSchema)]
pub struct ScoreJson {
    /// Points to win the match (1: a single game, played for points).
    pub length: u32,
    /// The mover's points.
    pub mine: u32,
    /// The opponent's points.
    pub theirs: u32,
}

impl ScoreJson {
    /// The engine's score, or a 422 `bad-request` for one no match can have.
    fn score(self) -> Result<MatchScore, ApiError> {
        if !(1..=MAX_LENGTH).contains(&self.length) || self.mine >= self.length || self.theirs >= self.length {
            return Err(ApiError::invalid(
                "bad-request",
                format!(
                    "score: a match is 1 to {MAX_LENGTH} points and each side has fewer than its length ({}-{} of {})",
                    self.mine, self.theirs, self.length
                ),
            ));
        }
        Ok(MatchScore { length: self.length, mine: self.mine, theirs: self.theirs })
    }
}

/// Where a play made ranks among the plays of its roll.
#[derive(Serialize, ToSchema)]
pub struct PlayedJson {
    /// The play.
    #[serde(flatten)]
    pub play: RankedPlayJson,
    /// 1 for the best play.
    pub rank: usize,
    /// How many legal plays the roll had.
    pub of: usize,
    /// The best play's equity minus this one's (searched as deep as the best).
    pub loss: f32,
}

/// A legal play with the engine's view of it.
#[derive(Serialize, ToSchema)]
pub struct RankedPlayJson {
    /// The play, in the shape of `tavli moves --json`.
    #[serde(flatten)]
    pub play: PlayJson,
    /// Expected points for the mover after this play.
    pub equity: f32,
    /// The best play's equity minus this one's (0 for the best).
    pub diff: f32,
    /// The depth this play was searched to.
    pub ply: u8,
    /// The outcome probabilities for the mover after this play.
    #[schema(value_type = ProbabilitiesJson)]
    pub probabilities: Probabilities,
    /// With a match `score`: the mover's chance to win the match after
    /// this play, what the plays are then ranked by (and `diff` is that
    /// chance lost, in points at the score).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub match_winning_chance: Option<f64>,
}

impl RankedPlayJson {
    fn new<PL: GamePlay>(r: &analysis::RankedPlay<PL>) -> RankedPlayJson {
        RankedPlayJson {
            play: PlayJson::any(&r.play.clone().into_any()),
            equity: r.equity,
            diff: r.diff,
            ply: r.ply,
            probabilities: r.probabilities,
            match_winning_chance: r.match_winning_chance,
        }
    }
}

/// The ranked plays, as `tavli hint --json` prints them.
#[derive(Serialize, ToSchema)]
pub struct HintJson {
    /// The position.
    #[schema(value_type = Object)]
    pub position: AnyPosition,
    /// Its position ID.
    pub id: String,
    /// The roll, larger die first.
    #[schema(value_type = Vec<u8>)]
    pub dice: [u8; 2],
    /// The depth the best plays were searched to: the depth asked, or
    /// less when the server's time limit came first.
    pub ply: u8,
    /// Best first (with `moves`: the plays that go on from them).
    pub plays: Vec<RankedPlayJson>,
    /// With `moves`: the best play of the whole roll.
    pub best: Option<RankedPlayJson>,
    /// With `moves`: the best play's equity minus the best continuation's
    /// (what the moves made so far cost).
    pub loss: Option<f32>,
    /// With `played`: where that play ranks.
    pub played: Option<PlayedJson>,
}

/// The legal plays of a roll ranked by the engine, best first, with equities.
#[utoipa::path(post, path = "/api/v1/hint", tag = "positions", request_body = HintRequest,
    responses((status = 200, body = HintJson), (status = 422, body = ErrorBody), (status = 503, body = ErrorBody)))]
pub async fn hint(
    State(state): State<Arc<AppState>>,
    JsonBody(req): JsonBody<HintRequest>,
) -> Result<Json<HintJson>, ApiError> {
    let pos = wire::any_position(req.position.as_deref(), req.game)?;
    let dice = wire::dice(req.dice.as_ref())?;
    let ply = wire::ply(req.ply, MAX_PLY)?;
    let score = req.score.map(ScoreJson::score).transpose()?.unwrap_or(MatchScore::SINGLE_GAME);
    engine_help_for(&state, req.match_id.clone()).await?;
    if pos.outcome().is_some() {
        return Err(ApiError::invalid("illegal-move", "the game is over in this position; there is nothing to play"));
    }
    // The core's turn builder and play reader check the moves (points, at
    // most the roll's), as for any play.
    let to_moves = |v: &[[u8; 2]]| -> Vec<Move> { v.iter().map(|&[f, t]| Move::new(f, t)).collect() };
    let reachable = match req.moves.as_deref() {
        None | Some([]) => None,
        Some(made) => {
            let mut turn = AnyTurn::new(&pos, dice);
            for &[from, to] in made {
                turn.play_move(from, to).map_err(|e| ApiError::illegal("illegal-move", &e))?;
            }
            Some(turn.reachable_plays())
        }
    };
    let played = match &req.played {
        None => None,
        Some(v) => Some(
            pos.play_of_moves_under(dice, &to_moves(v), &MatchRules::only(pos.kind()))
                .map_err(|e| ApiError::illegal("illegal-play", &e))?,
        ),
    };
    let games = req.games.unwrap_or_default();
    let (evals, mid_turn, max) = (state.service.evals().clone(), req.moves.is_some(), req.max.unwrap_or(usize::MAX));
    let ranked = state
        .engine(move |deadline| {
            // The search keeps to three quarters of the time limit: a ply
            // it cannot finish is given up (a Gul bara ladder at 2-ply can
            // take longer), and the answer says the depth searched.
            let now = Instant::now();
            let deadline = now + deadline.saturating_duration_since(now) * 3 / 4;
            let (reachable, played) = (reachable.as_deref(), played.as_ref());
            let ask = Ask { dice, ply, score, games, reachable, played, max, deadline };
            Ok(pos.by_game(AskIn(&ask, &evals)))
        })
        .await?;
    let ranked = ranked.ok_or_else(|| ApiError::internal("a position whose game goes on has no legal play"))?;
    Ok(Json(HintJson {
        position: pos,
        id: pos.id(),
        dice: [dice.high(), dice.low()],
        ply: ranked.ply,
        plays: ranked.plays,
        best: mid_turn.then_some(ranked.best),
        loss: mid_turn.then_some(ranked.loss),
        played: ranked.played,
    }))
}

/// A hint's ranking in the game of the position it is run on.
struct AskIn<'a>(&'a Ask<'a>, &'a GameEvals);

impl GameVisitor for AskIn<'_> {
    type Out = Option<Ranked>;
    fn visit<P: NetGame>(self, pos: &P) -> Option<Ranked> {
        self.0.rank(pos, self.1.get::<P>().clone())
    }
}

/// What a hint asks of one game's ranking.
struct Ask<'a> {
    dice: Dice,
    ply: u8,
    score: MatchScore,
    games: MatchGames,
    /// The plays the moves made so far can become (`None`: no move made).
    reachable: Option<&'a [tavli_core::tavli::AnyPlay]>,
    played: Option<&'a tavli_core::tavli::AnyPlay>,
    max: usize,
    /// When the ranking must be done ([`tavli_engine::SearchConfig::deadline`]).
    deadline: Instant,
}

/// A hint's ranking, as JSON.
struct Ranked {
    /// The depth the best play was searched to: the one asked, or less
    /// when the deadline came first.
    ply: u8,
    plays: Vec<RankedPlayJson>,
    best: RankedPlayJson,
    loss: f32,
    played: Option<PlayedJson>,
}

impl Ask<'_> {
    /// Ranks the plays of `pos` (game `P`) with `eval` at the depth and
    /// score asked, as the engine levels would play there; `None` when
    /// there is no play.
    fn rank<P: NetGame>(&self, pos: &P, eval: NetEval<P>) -> Option<Ranked> {
        let own = |plays: &[tavli_core::tavli::AnyPlay]| -> Vec<P::Play> {
            plays.iter().filter_map(P::Play::from_any).collect()
        };
        let reachable = self.reachable.map(own);
        let mut search = Search::in_match_of(eval, self.ply, self.score, self.games);
        search.config.deadline = Some(self.deadline);
        let c = analysis::continuations(&search, pos, self.dice, reachable.as_deref())?;
        let judged = self.played.and_then(P::Play::from_any).and_then(|p| analysis::judge(&search, pos, self.dice, &p));
        Some(Ranked {
            ply: c.best.ply,
            plays: c.plays.iter().take(self.max).map(RankedPlayJson::new).collect(),
            best: RankedPlayJson::new(&c.best),
            loss: c.loss,
            played: judged.map(|j| PlayedJson {
                play: RankedPlayJson::new(&j.played),
                rank: j.rank,
                of: j.of,
                loss: j.loss,
            }),
        })
    }
}

/// A built-in engine level.
#[derive(Serialize, ToSchema)]
pub struct LevelJson {
    /// The name to ask for (`expert`).
    pub name: String,
    /// What it is, in a few words.
    pub about: String,
    /// `random`, `heuristic` or `neural`.
    pub kind: String,
    /// How deep a neural level searches (plies).
    pub ply: Option<u8>,
    /// The noise a neural level adds to each play's equity (0: none).
    pub noise: Option<f32>,
    /// The level a new match gets when none is asked for.
    pub default: bool,
}

/// The engine's built-in levels, weakest first.
#[utoipa::path(get, path = "/api/v1/levels", tag = "positions", responses((status = 200, body = [LevelJson])))]
pub async fn levels() -> Json<Vec<LevelJson>> {
    Json(
        tavli_engine::LEVELS
            .iter()
            .map(|l| {
                let (kind, ply, noise) = match l.kind {
                    LevelKind::Random => ("random", None, None),
                    LevelKind::Heuristic => ("heuristic", None, None),
                    LevelKind::Neural { ply, noise } => ("neural", Some(ply), Some(noise)),
                };
                LevelJson {
                    name: l.name.into(),
                    about: l.about.into(),
                    kind: kind.into(),
                    ply,
                    noise,
                    default: l.name == tavli_engine::DEFAULT_LEVEL,
                }
            })
            .collect(),
    )
}
