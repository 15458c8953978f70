//! Game review, as GNU Backgammon does it: for every turn of a match, the
//! play made against the best play and the equity lost, a mark by gnubg's
//! thresholds, and the luck of the roll; per player the error rate, a
//! rating band with gnubg's names, the total luck and the luck-adjusted
//! result; and the chances over the game for a graph.
//!
//! In a match (longer than 1 point) every figure is in match-winning
//! chance, converted to points of a single game at the score as gnubg does
//! (twice the chance over the swing between winning and losing a single
//! game), so the money thresholds apply; a single game is reviewed in
//! points. Luck is measured at 0-ply (gnubg's default): the value of the
//! best play for the roll thrown minus its average over all 36 rolls.
//! A resignation is judged as a decision too: the points it gave against
//! the resigner's equity (or chance to win the match) had it played on.

use serde::Serialize;
use tavli_core::game::Match;
use tavli_core::tavli::{GameKind, GamePlay, GamePosition, MatchGames, MatchRules, Scoring};
use tavli_core::{Color, Dice, Move, Position, Reason};

use crate::GameEvals;
use crate::NetEval;
use crate::analyzer::{Analyzer, Scored};
use crate::games::plakoto::NeuralEval;
use crate::games::{ByGame, GameVisitor};
use crate::met::{GameChances, MatchScore};
use crate::net_game::NetGame;
use crate::probabilities::Probabilities;
use crate::search::{Objective, Search, SearchConfig};

mod svg;
pub use svg::svg;

/// gnubg's thresholds of a mark, in points lost.
pub const DOUBTFUL: f64 = 0.04;
/// A bad play loses at least this much.
pub const BAD: f64 = 0.08;
/// A very bad play (a blunder) loses at least this much.
pub const VERY_BAD: f64 = 0.16;

/// How a play is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mark {
    /// Less than [`DOUBTFUL`] lost.
    None,
    /// At least [`DOUBTFUL`].
    Doubtful,
    /// At least [`BAD`].
    Bad,
    /// At least [`VERY_BAD`].
    VeryBad,
}

impl Mark {
    /// The mark of a loss (in points).
    pub fn of(loss: f64) -> Mark {
        if loss >= VERY_BAD {
            Mark::VeryBad
        } else if loss >= BAD {
            Mark::Bad
        } else if loss >= DOUBTFUL {
            Mark::Doubtful
        } else {
            Mark::None
        }
    }
}

/// gnubg's rating bands, by error rate (points lost per unforced decision).
pub fn rating(error_per_decision: f64) -> &'static str {
    const BANDS: [(f64, &str); 7] = [
        (0.002, "Supernatural"),
        (0.005, "World class"),
        (0.008, "Expert"),
        (0.012, "Advanced"),
        (0.018, "Intermediate"),
        (0.026, "Casual player"),
        (0.035, "Beginner"),
    ];
    BANDS.iter().find(|(t, _)| error_per_decision < *t).map_or("Awful!", |(_, name)| name)
}

/// One turn reviewed.
#[derive(Clone, Debug, Serialize)]
pub struct TurnReview {
    /// The side that played.
    pub side: Color,
    /// The roll, larger die first.
    pub dice: [u8; 2],
    /// The position before the roll (its ID).
    pub position: String,
    /// The play made (notation).
    pub played: String,
    /// The best play (notation).
    pub best: String,
    /// The play made's single moves, `[from, to]` in the mover's numbering
    /// (0 for off), as the record writes them.
    pub played_moves: Vec<[u8; 2]>,
    /// The best play's single moves, the same way.
    pub best_moves: Vec<[u8; 2]>,
    /// What the play made lost against the best, in points (0 for the best).
    pub loss: f64,
    /// The mark of the loss.
    pub mark: Mark,
    /// Only one play was legal (a pass included): no decision.
    pub forced: bool,
    /// The luck of the roll for the side that rolled, in points.
    pub luck: f64,
    /// The play made's rank among the plays of the roll (1 for the best).
    pub rank: usize,
    /// How many plays the roll had.
    pub plays: usize,
    /// The mover's equity after the play made, in points of a single game
    /// (cubeless, as a hint shows it).
    pub equity: f64,
    /// The mover's equity after the best play.
    pub best_equity: f64,
    /// In match play, the mover's chance to win the match after the play
    /// made: what the plays are ranked by, the loss being this chance lost
    /// against [`TurnReview::best_match_winning_chance`], in points at the
    /// score.
    pub match_winning_chance: Option<f64>,
    /// In match play, the mover's chance to win the match after the best play.
    pub best_match_winning_chance: Option<f64>,
    /// White's chance to win the game after this turn, and to win it
    /// double, by the review's search (for the graph).
    pub white_win: f64,
    /// White's chance to win double after this turn.
    pub white_win_double: f64,
    /// White's chance to lose double after this turn: Black's chance to
    /// win double, for a graph drawn from Black's side.
    pub white_lose_double: f64,
    /// In match play, White's chance to win the match after this turn.
    pub white_match: Option<f64>,
}

/// One game reviewed.
#[derive(Clone, Debug, Serialize)]
pub struct GameReview {
    /// 1 for the first game.
    pub number: usize,
    /// Which game it was (Portes, Plakoto or Fevga).
    pub game: GameKind,
    /// The score before it (White, Black).
    pub score: [u32; 2],
    /// White's and Black's figures in this game alone.
    pub players: Players,
    /// Every turn, in order.
    pub turns: Vec<TurnReview>,
    /// How the game ended, if it did.
    pub result: Option<tavli_core::GameResult>,
    /// When the game was resigned: the resignation judged as a decision.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resignation: Option<ResignationReview>,
}

/// A resignation judged as a decision: what it gave away against playing
/// on. Resigning gives the opponent the points the rules say (2 while the
/// resigner has borne off nothing, else 1); playing on is worth the
/// resigner's equity at that moment (the roll already thrown played as
/// well as the review's search can), or at a match score its chance to
/// win the match, converted to points at the score as the plays' losses
/// are. The loss is how much worse resigning is, never below 0, marked
/// by the same thresholds as a play.
#[derive(Clone, Debug, Serialize)]
pub struct ResignationReview {
    /// The side that resigned.
    pub side: Color,
    /// The points it gave.
    pub points: u8,
    /// The position it resigned in (its ID).
    pub position: String,
    /// The roll thrown before the resignation, if the record has it.
    pub dice: Option<[u8; 2]>,
    /// The resigner's equity had it played on, in points.
    pub equity: f64,
    /// In match play, its chance to win the match had it played on.
    pub match_winning_chance: Option<f64>,
    /// What resigning lost against playing on, in points (0 when playing
    /// on was worth no more than the points given).
    pub loss: f64,
    /// The mark of the loss.
    pub mark: Mark,
}

/// One player's figures over the reviewed games.
#[derive(Clone, Debug, Default, Serialize)]
pub struct PlayerReview {
    /// Turns played.
    pub plays: usize,
    /// Decisions with a choice: turns with more than one legal play, and
    /// resignations.
    pub unforced: usize,
    /// Points lost in all.
    pub total_loss: f64,
    /// Thousandths of a point lost per unforced decision (gnubg's error rate).
    pub error_rate: f64,
    /// gnubg's rating band for that error rate.
    pub rating: String,
    /// Plays marked doubtful, bad and very bad.
    pub doubtful: usize,
    /// Plays marked bad.
    pub bad: usize,
    /// Plays marked very bad.
    pub very_bad: usize,
    /// The luck of this player's rolls, in points.
    pub luck: f64,
    /// Points won in the reviewed games (minus points lost).
    pub result: f64,
    /// The result with the luck of both sides' rolls taken out: the result
    /// minus this player's luck plus the opponent's.
    pub luck_adjusted_result: f64,
    /// In match play, the chance to win the match this player's plays gave
    /// away in all (each play's chance after the best play minus after the
    /// play made; 0.032 is 3.2 percentage points); null in a single game.
    pub match_chance_lost: Option<f64>,
}

impl PlayerReview {
    /// Counts an unforced decision that lost `loss`, marked `mark`.
    fn decided(&mut self, loss: f64, mark: Mark) {
        self.unforced += 1;
        self.total_loss += loss;
        match mark {
            Mark::Doubtful => self.doubtful += 1,
            Mark::Bad => self.bad += 1,
            Mark::VeryBad => self.very_bad += 1,
            Mark::None => {}
        }
    }
}

/// A reviewed match.
#[derive(Clone, Debug, Serialize)]
pub struct Review {
    /// The depth the plays were searched to.
    pub ply: u8,
    /// When the losses were judged by rollouts of the play made and the
    /// best play (the workshop's `review_by_rollout`): the trials of each.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rollout: Option<u64>,
    /// What the match played: `tavli`, or the one game of all its games.
    #[serde(rename = "match_games")]
    pub games_played: MatchGames,
    /// The match length (1: a single game, reviewed in points).
    pub match_to: u32,
    /// White's and Black's figures over the whole match.
    pub players: Players,
    /// In a Tavli match, the figures over the games of each kind (empty
    /// otherwise).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub by_game: Vec<KindReview>,
    /// Every game.
    pub games: Vec<GameReview>,
}

/// The figures over the games of one kind in a Tavli match: how well each
/// side played Portes, say, across the match.
#[derive(Clone, Debug, Serialize)]
pub struct KindReview {
    /// The game.
    pub game: GameKind,
    /// How many games of it were reviewed.
    pub games: usize,
    /// White's and Black's figures over them.
    pub players: Players,
}

/// White's and Black's figures.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Players {
    /// White's.
    pub white: PlayerReview,
    /// Black's.
    pub black: PlayerReview,
}

/// Where in a match a decision is made: the match's rules (its games and
/// options), its length and the score before the game (White, Black).
#[derive(Clone, Copy, Debug)]
pub struct MatchAt {
    /// The rules the match is played by.
    pub rules: MatchRules,
    /// The match length (1: a single game, reviewed in points).
    pub match_to: u32,
    /// The score before the game (White, Black).
    pub score: [u32; 2],
}

/// A reviewer: each game's evaluator and the depth. In match play each
/// game is valued by the match's table: the Tavli table in a Tavli match
/// (a game's outcomes weighed by the game after it), else the table of
/// the game alone made from its evaluator's chances at the start.
pub struct Reviewer {
    evals: GameEvals,
    ply: u8,
}

impl Reviewer {
    /// A reviewer searching `ply` plies with `eval` for Plakoto, and the
    /// shipped networks of Portes and Fevga ([`GameEvals::around`]).
    pub fn new(eval: NeuralEval, ply: u8) -> Reviewer {
        Reviewer { evals: GameEvals::around(eval), ply }
    }

    /// A reviewer searching `ply` plies with each game's evaluator in `evals`.
    pub fn with_evals(evals: GameEvals, ply: u8) -> Reviewer {
        Reviewer { evals, ply }
    }

    /// The evaluators the review searches with.
    pub fn evals(&self) -> &GameEvals {
        &self.evals
    }

    fn search<P: NetGame>(&self, objective: Objective) -> Search<NetEval<P>> {
        let mut s = Search::new(self.evals.get::<P>().clone(), self.ply);
        s.config.objective = objective;
        s
    }

    /// Reviews every turn of `m`'s games; `progress` is called with the
    /// turns done and the turns in all.
    pub fn review<P: ByGame>(&self, m: &Match<P>, progress: &mut dyn FnMut(usize, usize)) -> Review {
        self.review_while(m, &mut |done, total| {
            progress(done, total);
            true
        })
        .expect("a review that is never stopped finishes")
    }

    /// [`Reviewer::review`], given up (`None`) once `deadline` has passed:
    /// for a caller that must not wait for ever on a deep review of a long
    /// match.
    pub fn review_before<P: ByGame>(&self, m: &Match<P>, deadline: std::time::Instant) -> Option<Review> {
        self.review_while(m, &mut |_, _| std::time::Instant::now() < deadline)
    }

    /// Reviews `m` while `go_on(done, total)` says so: it is called after
    /// each turn with the turns reviewed and the turns in all ([`turns`]),
    /// so it can report progress, and the review stops (`None`) as soon as
    /// it answers `false`: a server's review job, cancelled, stops within
    /// a turn.
    pub fn review_while<P: ByGame>(&self, m: &Match<P>, go_on: &mut dyn FnMut(usize, usize) -> bool) -> Option<Review> {
        let total = turns(m);
        let mut done = 0;
        let mut score = [0u32; 2];
        let mut games = Vec::new();
        for (gi, g) in m.games().iter().enumerate() {
            let at = MatchAt { rules: *m.rules(), match_to: m.target(), score };
            let mut turns = Vec::new();
            for (t, before) in g.turns().iter().zip(g.positions_before()) {
                let dice = Dice::new(t.dice[0], t.dice[1]).expect("recorded dice are dice");
                let moves: Vec<Move> = t.moves.iter().map(|&[f, to]| Move::new(f, to)).collect();
                turns.push(before.by_game(TurnAt { reviewer: self, dice, moves: &moves, at }));
                done += 1;
                if !go_on(done, total) {
                    return None;
                }
            }
            let resignation = g.result().filter(|r| r.reason == Reason::Resign).and_then(|r| {
                let side = r.winner?.opponent();
                let (dice, points) = (g.unplayed_dice(), r.points);
                Some(g.position().by_game(ResignationAt { reviewer: self, dice, side, points, at }))
            });
            games.push(GameReview {
                number: gi + 1,
                game: g.position().kind(),
                score,
                players: Players::default(),
                turns,
                result: g.result(),
                resignation,
            });
            if let Some(r) = g.result()
                && let Some(w) = r.winner
            {
                score[w.index()] += u32::from(r.points);
            }
        }
        let mut review = Review {
            ply: self.ply,
            rollout: None,
            games_played: m.rules().games,
            match_to: m.target(),
            by_game: Vec::new(),
            players: Players::default(),
            games,
        };
        review.tally();
        Some(review)
    }

    /// What `side` maximises in a game of `P` at `at`: points in a single
    /// game, else the match-winning chance by the match's table scaled to
    /// points at the score.
    pub fn objective<P: NetGame>(&self, side: Color, at: &MatchAt) -> Objective {
        let score =
            MatchScore { length: at.match_to, mine: at.score[side.index()], theirs: at.score[side.opponent().index()] };
        // A count is valued as the engine plays it: for points.
        let score = if at.rules.scoring == Scoring::Count { MatchScore::SINGLE_GAME } else { score };
        let table = crate::search::table_in::<P>(self.evals.get::<P>(), at.rules.games);
        Objective::at_score(&table, score, at.rules.games.played_by(P::KIND))
    }

    /// Judges `side`'s resignation of `points` in `pos`, where the side on
    /// roll had thrown `dice` (if known), at `at`: see [`ResignationReview`].
    pub fn resignation<P: NetGame>(
        &self,
        pos: &P,
        dice: Option<Dice>,
        side: Color,
        points: u8,
        at: &MatchAt,
    ) -> ResignationReview {
        let (mine, given, objective) = self.resigning::<P>(pos, dice, side, points, at);
        let loss = f64::from((objective.value(&mine, true) - objective.value(&given, true)).max(0.0));
        ResignationReview {
            side,
            points,
            position: pos.id(),
            dice: dice.map(|d| [d.high(), d.low()]),
            equity: f64::from(mine.equity()),
            match_winning_chance: objective.match_winning_chance(&mine),
            loss,
            mark: Mark::of(loss),
        }
    }

    /// Whether the opponent of `side` accepts `side`'s offer to resign for
    /// `points` in `pos` (the side on roll having thrown `dice`, if it has),
    /// at `at`: it does when the offer is worth at least as much to it as
    /// playing on, by the points in a single game, else by the chance to
    /// win the match. (An offer of what the rules give needs no answer:
    /// [`Match::resign`] ends the game.)
    pub fn accepts_resignation<P: NetGame>(
        &self,
        pos: &P,
        dice: Option<Dice>,
        side: Color,
        points: u8,
        at: &MatchAt,
    ) -> bool {
        let (mine, given, objective) = self.resigning::<P>(pos, dice, side, points, at);
        objective.value(&given, true) <= objective.value(&mine, true)
    }

    /// Whether the opponent of `side` accepts `side`'s offer to resign the
    /// current game of `m` for `points`, at the match's score, with the roll
    /// thrown if there is one ([`Reviewer::accepts_resignation`]); `false`
    /// once the match is over.
    pub fn accepts_resignation_in<P: ByGame>(&self, m: &Match<P>, side: Color, points: u8) -> bool {
        if m.is_over() {
            return false;
        }
        let at =
            MatchAt { rules: *m.rules(), match_to: m.target(), score: [m.score(Color::White), m.score(Color::Black)] };
        let g = m.game();
        g.position().by_game(AcceptAt(ResignationAt { reviewer: self, dice: g.dice(), side, points, at }))
    }

    /// What a resignation of `points` by `side` weighs: `side`'s chances
    /// playing on (the roll thrown played at its best, else the position
    /// before a roll), the chances the resignation gives it, and what it
    /// maximises.
    fn resigning<P: NetGame>(
        &self,
        pos: &P,
        dice: Option<Dice>,
        side: Color,
        points: u8,
        at: &MatchAt,
    ) -> (Probabilities, Probabilities, Objective) {
        let on_roll = pos.turn();
        let search = self.search::<P>(self.objective::<P>(on_roll, at));
        let p = match dice {
            Some(d) => search
                .rank(&pos.legal_plays_under(d, &at.rules))
                .first()
                .map_or_else(|| search.evaluate(pos), |s| s.probabilities),
            None => search.evaluate(pos),
        };
        let mine = if on_roll == side { p } else { p.flip() };
        let given = Probabilities { lose: 1.0, lose_double: if points >= 2 { 1.0 } else { 0.0 }, ..Default::default() };
        (mine, given, self.objective::<P>(side, at))
    }

    /// Reviews one turn: the play of single `moves` made with `dice` in
    /// `before`, a position of game `P`, at `at`.
    pub fn turn<P: NetGame>(&self, before: &P, dice: Dice, moves: &[Move], at: &MatchAt) -> TurnReview {
        let side = before.turn();
        let objective = self.objective::<P>(side, at);
        let plays = before.legal_plays_under(dice, &at.rules);
        let made = before
            .into_any()
            .play_of_moves_under(dice, moves, &at.rules)
            .ok()
            .and_then(|any| P::Play::from_any(&any))
            .expect("a recorded play replays");
        let forced = plays.len() <= 1;
        let search = self.search::<P>(objective.clone());
        let ranked = search.rank(&plays);
        let best = ranked[0];
        let made_at = |s: &&Scored| plays[s.index].position() == made.position();
        let mut mine = *ranked.iter().find(made_at).expect("the play is legal");
        if mine.ply < best.ply {
            // Searched as deep as the best, so the loss compares like with like.
            let index = mine.index;
            mine = search.rank(std::slice::from_ref(&plays[index]))[0];
            mine.index = index;
        }
        let loss = f64::from((best.value - mine.value).max(0.0));
        let rank = 1 + ranked.iter().filter(|s| s.index != mine.index && s.value > mine.value).count();
        // The chances to win the match the plays were ranked by (in match play).
        let (chance, best_chance) =
            (objective.match_winning_chance(&mine.probabilities), objective.match_winning_chance(&best.probabilities));
        // Luck at 0-ply: the best play's value for this roll minus its mean over all rolls.
        let zero = Search {
            eval: self.evals.get::<P>().clone(),
            ply: 0,
            config: SearchConfig { objective: objective.clone(), ..SearchConfig::default() },
        };
        let best_for = |d: Dice| -> f64 { f64::from(zero.rank(&before.legal_plays_under(d, &at.rules))[0].value) };
        // Dice played without a throw (Gul bara's ladder stages) bring no luck.
        let luck = if before.pending_dice().is_some() {
            0.0
        } else {
            let mean: f64 = Dice::ALL.iter().map(|&d| best_for(d) * f64::from(d.weight()) / 36.0).sum();
            best_for(dice) - mean
        };
        // The chances after the play, for White.
        let after: Probabilities = mine.probabilities;
        let white = if side == Color::White { after } else { after.flip() };
        let white_match = match self.objective::<P>(Color::White, at) {
            Objective::Match { table, away, playing } => Some(table.match_winning_chance(&white, away, playing)),
            Objective::Money => None,
        };
        let best_play = &plays[best.index];
        TurnReview {
            side,
            dice: [dice.high(), dice.low()],
            position: before.id(),
            played: made.notation(),
            best: best_play.notation(),
            played_moves: moves_of(made.moves()),
            best_moves: moves_of(best_play.moves()),
            loss: if forced { 0.0 } else { loss },
            mark: if forced { Mark::None } else { Mark::of(loss) },
            forced,
            luck,
            rank,
            plays: plays.len(),
            equity: f64::from(after.equity()),
            best_equity: f64::from(best.probabilities.equity()),
            match_winning_chance: chance,
            best_match_winning_chance: best_chance,
            white_win: f64::from(white.win),
            white_win_double: f64::from(white.win_double),
            white_lose_double: f64::from(white.lose_double),
            white_match,
        }
    }
}

/// A turn to review, run on its position's own game.
struct TurnAt<'a> {
    reviewer: &'a Reviewer,
    dice: Dice,
    moves: &'a [Move],
    at: MatchAt,
}

impl GameVisitor for TurnAt<'_> {
    type Out = TurnReview;
    fn visit<P: NetGame>(self, pos: &P) -> TurnReview {
        self.reviewer.turn(pos, self.dice, self.moves, &self.at)
    }
}

/// A resignation to judge, run on its position's own game.
struct ResignationAt<'a> {
    reviewer: &'a Reviewer,
    dice: Option<Dice>,
    side: Color,
    points: u8,
    at: MatchAt,
}

impl GameVisitor for ResignationAt<'_> {
    type Out = ResignationReview;
    fn visit<P: NetGame>(self, pos: &P) -> ResignationReview {
        self.reviewer.resignation(pos, self.dice, self.side, self.points, &self.at)
    }
}

/// An offer to resign (the same facts as a resignation) to answer, run on
/// its position's own game.
struct AcceptAt<'a>(ResignationAt<'a>);

impl GameVisitor for AcceptAt<'_> {
    type Out = bool;
    fn visit<P: NetGame>(self, pos: &P) -> bool {
        let r = self.0;
        r.reviewer.accepts_resignation(pos, r.dice, r.side, r.points, &r.at)
    }
}

/// The turns a review of `m` goes through: every turn played in its games.
pub fn turns<P: GamePosition>(m: &Match<P>) -> usize {
    m.games().iter().map(|g| g.turns().len()).sum()
}

impl Review {
    /// Tallies every figure again from the games' turns and resignations:
    /// each game's, the match's and, in a Tavli or Tabla match, each kind's over its
    /// games (in the order the kinds were first played). A review whose
    /// losses were judged again (by rollouts) calls it after.
    pub fn tally(&mut self) {
        for g in &mut self.games {
            g.players = tally_players([&*g]);
        }
        self.players = tally_players(&self.games);
        self.by_game.clear();
        if self.games_played.rotation().len() < 2 {
            return;
        }
        for g in &self.games {
            if !self.by_game.iter().any(|k| k.game == g.game) {
                let of = self.games.iter().filter(|o| o.game == g.game);
                self.by_game.push(KindReview { game: g.game, games: of.clone().count(), players: tally_players(of) });
            }
        }
    }
}

/// Each player's figures over `games`: plays, unforced decisions, losses
/// and marks, luck, results, the error rate and its band, and the
/// luck-adjusted result.
pub fn tally_players<'a>(games: impl IntoIterator<Item = &'a GameReview>) -> Players {
    let mut players = Players::default();
    for g in games {
        for tr in &g.turns {
            let p = match tr.side {
                Color::White => &mut players.white,
                Color::Black => &mut players.black,
            };
            p.plays += 1;
            p.luck += tr.luck;
            if !tr.forced {
                p.decided(tr.loss, tr.mark);
            }
            if let (Some(made), Some(best)) = (tr.match_winning_chance, tr.best_match_winning_chance) {
                *p.match_chance_lost.get_or_insert(0.0) += (best - made).max(0.0);
            }
        }
        // A resignation is a decision too, judged as a play is.
        if let Some(r) = &g.resignation {
            let p = match r.side {
                Color::White => &mut players.white,
                Color::Black => &mut players.black,
            };
            p.decided(r.loss, r.mark);
        }
        if let Some(r) = g.result {
            players.white.result += f64::from(r.points_for(Color::White));
            players.black.result += f64::from(r.points_for(Color::Black));
        }
    }
    let (luck_white, luck_black) = (players.white.luck, players.black.luck);
    for (p, luck_me, luck_them) in
        [(&mut players.white, luck_white, luck_black), (&mut players.black, luck_black, luck_white)]
    {
        p.error_rate = if p.unforced > 0 { 1000.0 * p.total_loss / p.unforced as f64 } else { 0.0 };
        p.rating = rating(p.error_rate / 1000.0).to_string();
        p.luck_adjusted_result = p.result - luck_me + luck_them;
    }
    players
}

/// A play's single moves as `[from, to]` pairs.
fn moves_of(moves: &[Move]) -> Vec<[u8; 2]> {
    moves.iter().map(|m| [m.from, m.to]).collect()
}

/// The starter's chances at the start position by `eval`'s 1-ply search:
/// what the match equity table is made from.
pub fn start_chances(eval: &NeuralEval) -> GameChances {
    crate::search::start_chances_of::<Position>(eval, 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavli_core::game::{Match, Players, read_move_list};
    use tavli_core::pos;

    fn reviewer() -> Reviewer {
        Reviewer::new(NeuralEval::shipped(None), 0)
    }

    /// A single game from `p` whose first roll is `dice` (the first seed
    /// that gives it).
    fn with_roll(p: Position, dice: Dice) -> Match<Position> {
        (1u64..)
            .map(|seed| {
                let mut m = Match::from_position(1, seed, Players::default(), p).unwrap();
                m.roll().unwrap();
                m
            })
            .find(|m| m.game().dice() == Some(dice))
            .unwrap()
    }

    #[test]
    fn marks_and_ratings_follow_gnubgs_thresholds() {
        assert_eq!(Mark::of(0.0), Mark::None);
        assert_eq!(Mark::of(0.05), Mark::Doubtful);
        assert_eq!(Mark::of(0.1), Mark::Bad);
        assert_eq!(Mark::of(0.2), Mark::VeryBad);
        assert_eq!(rating(0.001), "Supernatural");
        assert_eq!(rating(0.010), "Advanced");
        assert_eq!(rating(0.1), "Awful!");
    }

    #[test]
    fn a_forced_play_is_marked_forced_and_loses_nothing() {
        // White's last checker on its 24-point, Black holding White's 18:
        // with 6-6 nothing moves, the turn passes.
        let p = pos!(White; white {24: 1}; black {18: 2, 1: 13});
        let mut m = with_roll(p, Dice::new(6, 6).unwrap());
        m.play_text("pass").unwrap();
        let r = reviewer().review(&m, &mut |_, _| {});
        let t = &r.games[0].turns[0];
        assert!(t.forced && t.loss == 0.0 && t.mark == Mark::None, "{t:?}");
        assert_eq!((r.players.white.plays, r.players.white.unforced), (1, 0));
        // A single game: no match's chance to give away.
        assert_eq!(r.players.white.match_chance_lost, None);
        assert_eq!(r.players.white.error_rate, 0.0);
    }

    #[test]
    fn the_best_play_is_no_error() {
        let rec = read_move_list("white starts\n6-4: 24/18 24/20\n").unwrap();
        let m = Match::from_record(&rec).unwrap();
        let r = reviewer().review(&m, &mut |_, _| {});
        let t = &r.games[0].turns[0];
        assert_eq!((t.played.as_str(), t.plays), ("24/18 24/20", 2));
        assert_eq!(t.loss == 0.0, t.rank == 1, "{t:?}");
        assert!(!t.forced);
    }

    #[test]
    fn a_blunder_that_throws_away_a_mother_win_is_marked_very_bad() {
        // Black's mother alone on White's 1-point, White's start empty:
        // 6-5 from 7 or 6 pins her and wins 2 at once; 13/7 13/8 does not.
        let p = pos!(White; white {13: 2, 7: 6, 6: 7}; black {1: 1, 20: 14});
        let mut m = with_roll(p, Dice::new(6, 5).unwrap());
        m.play_text("13/7 13/8").unwrap();
        let r = reviewer().review(&m, &mut |_, _| {});
        let t = &r.games[0].turns[0];
        assert_eq!(t.mark, Mark::VeryBad, "{t:?}");
        assert!(t.loss > 0.5, "{t:?}");
        assert!(t.best.ends_with('*'), "the best play pins the mother: {}", t.best);
        assert_eq!(r.players.white.very_bad, 1);
    }

    #[test]
    fn a_review_reports_each_turn_and_stops_when_told() {
        let rec = read_move_list("white starts\n6-4: 24/18 24/20\n5-3: 24/19 24/21\n6-6: 24/18(4)\n").unwrap();
        let m = Match::from_record(&rec).unwrap();
        assert_eq!(turns(&m), 3);
        let mut seen = Vec::new();
        let whole = reviewer().review_while(&m, &mut |done, total| {
            seen.push((done, total));
            true
        });
        assert_eq!(seen, [(1, 3), (2, 3), (3, 3)]);
        assert_eq!(whole.map(|r| r.games[0].turns.len()), Some(3));
        // Stopped after the first turn: no review, and no more turns searched.
        let mut calls = 0;
        let stopped = reviewer().review_while(&m, &mut |_, _| {
            calls += 1;
            false
        });
        assert!(stopped.is_none());
        assert_eq!(calls, 1);
    }

    #[test]
    fn a_resignation_that_gives_away_a_game_is_marked_and_a_hopeless_one_is_not() {
        // Black resigns at its first turn, giving 2 points for an even game.
        let rec = read_move_list("white starts\n6-4: 24/18 24/20\nblack resigns\n").unwrap();
        let r = reviewer().review(&Match::from_record(&rec).unwrap(), &mut |_, _| {});
        let resigned = r.games[0].resignation.as_ref().expect("the resignation is judged");
        assert_eq!((resigned.side, resigned.points), (Color::Black, 2));
        assert!(resigned.loss > 1.5, "{resigned:?}");
        assert_eq!(resigned.mark, Mark::VeryBad);
        let black = &r.players.black;
        assert_eq!((black.plays, black.unforced, black.very_bad), (0, 1, 1), "{black:?}");
        assert!((black.total_loss - resigned.loss).abs() < 1e-9);
        // White bears off its last checker with any roll, for 2 points:
        // resigning gives nothing away.
        let p = pos!(White; white {1: 1}; black {12: 15});
        let mut m = with_roll(p, Dice::new(2, 1).unwrap());
        m.resign(Color::Black).unwrap();
        let r = reviewer().review(&m, &mut |_, _| {});
        let resigned = r.games[0].resignation.as_ref().unwrap();
        assert_eq!((resigned.loss, resigned.mark, resigned.dice), (0.0, Mark::None, Some([2, 1])), "{resigned:?}");
        assert_eq!(r.players.black.unforced, 1);
        // A game that was not resigned has no such judgement.
        let rec = read_move_list("white starts\n6-4: 24/18 24/20\n").unwrap();
        let r = reviewer().review(&Match::from_record(&rec).unwrap(), &mut |_, _| {});
        assert!(r.games[0].resignation.is_none());
    }

    /// An offer to resign for fewer points than the rules give is accepted
    /// when it is worth at least playing on to the other side: a single
    /// game in an even game, not where a double game is all but sure; and
    /// at a score where one point wins the match, even there.
    #[test]
    fn an_offer_to_resign_is_accepted_when_it_gives_at_least_playing_on() {
        let even = with_roll(pos!(Black; white {24: 15}; black {1: 15}), Dice::new(6, 4).unwrap());
        assert!(reviewer().accepts_resignation_in(&even, Color::Black, 1));
        // Black, with nothing off and White bearing off its last checkers, offers a single game.
        let p = pos!(Black; white {1: 2}; black {12: 15});
        let hopeless = with_roll(p, Dice::new(2, 1).unwrap());
        assert!(!reviewer().accepts_resignation_in(&hopeless, Color::Black, 1));
        assert!(reviewer().accepts_resignation_in(&hopeless, Color::Black, 2));
        // At 2–0 in a match to 3, a single game wins White the match.
        let at = MatchAt { rules: *hopeless.rules(), match_to: 3, score: [2, 0] };
        let dice = hopeless.game().dice();
        assert!(reviewer().accepts_resignation(hopeless.game().position(), dice, Color::Black, 1, &at));
        // Nobody answers once the match is over.
        let mut over = hopeless.clone();
        over.resign(Color::Black).unwrap();
        assert!(!reviewer().accepts_resignation_in(&over, Color::Black, 1));
    }

    #[test]
    fn a_doublet_at_the_right_moment_is_good_luck() {
        // White bearing off with four checkers on its 6-point; Black will
        // bear off its last two next turn: only 6-6 saves the game.
        let p = pos!(White; white {6: 4}; black {24: 2});
        let mut m = with_roll(p, Dice::new(6, 6).unwrap());
        m.play_text("6/off(4)").unwrap();
        let r = reviewer().review(&m, &mut |_, _| {});
        let t = &r.games[0].turns[0];
        assert!(t.luck > 1.0, "6-6 here is worth most of the game: {t:?}");
        assert!(r.players.white.luck > 1.0);
        assert!(r.players.white.luck_adjusted_result < r.players.white.result);
    }

    /// A Tavli match to 3 entered by hand: Portes (Black hits from the
    /// opening, White enters from the bar, Black resigns for 2), then
    /// Plakoto.
    const TAVLI: &str = "match 3\ngames tavli\nopening 6-5\n6-5: 24/18/13\n5-5: 6/1*(2) 8/3(2)\n\
        4-3: bar/21 13/10\n6-2: 13/7 13/11\nblack resigns\n6-4: 24/18 24/20\n5-3: 24/19 24/21\n";

    #[test]
    fn a_tavli_match_is_reviewed_game_by_game_each_by_its_own_network_and_the_tavli_table() {
        use crate::analysis;
        use tavli_core::game::read_any_move_list;
        use tavli_core::portes;
        use tavli_core::tavli::AnyPosition;
        let m: Match<AnyPosition> = Match::from_record(&read_any_move_list(TAVLI).unwrap()).unwrap();
        let reviewer = reviewer();
        let r = reviewer.review(&m, &mut |_, _| {});
        assert_eq!((r.games_played, r.match_to), (MatchGames::Tavli, 3));
        let kinds: Vec<GameKind> = r.games.iter().map(|g| g.game).collect();
        assert_eq!(kinds, [GameKind::Portes, GameKind::Plakoto]);
        assert_eq!((r.games[0].turns.len(), r.games[1].turns.len(), r.games[1].score), (4, 2, [2, 0]));
        // Black's 13/7 13/11 leaves White's blot on its 4 alone: hitting it
        // (6/4*, in Black's numbering) is better, by Portes's network.
        let blunder = &r.games[0].turns[3];
        assert!(blunder.best.contains('*') && blunder.loss >= BAD, "{blunder:?}");
        // The Portes turns are ranked by the Portes network at the Tavli
        // table's match-winning chance: the figures of a Portes search at
        // that objective.
        let at = MatchAt { rules: *m.rules(), match_to: 3, score: [0, 0] };
        let objective = reviewer.objective::<portes::Position>(Color::Black, &at);
        let Objective::Match { table, playing, .. } = &objective else { panic!("match play") };
        assert_eq!((table.rotation.len(), *playing), (3, GameKind::Portes));
        let before = m.games()[0].positions_before()[3];
        let AnyPosition::Portes(before) = before else { panic!("a Portes position") };
        let mut search = Search::new(reviewer.evals().get::<portes::Position>().clone(), 0);
        search.config.objective = objective;
        let ranked = analysis::rank_plays(&search, &before, Dice::new(6, 2).unwrap());
        assert_eq!(ranked[0].play.notation(), blunder.best);
        assert!((ranked[0].match_winning_chance.unwrap() - blunder.best_match_winning_chance.unwrap()).abs() < 1e-6);
        // The resignation of a Portes game with nothing borne off gives 2.
        let resigned = r.games[0].resignation.as_ref().expect("judged");
        assert_eq!((resigned.side, resigned.points), (Color::Black, 2));
        // Each game's figures, and the match's over both.
        for side in [|p: &super::Players| p.white.clone(), |p: &super::Players| p.black.clone()] {
            let whole = side(&r.players);
            let parts: Vec<PlayerReview> = r.games.iter().map(|g| side(&g.players)).collect();
            assert_eq!(whole.unforced, parts.iter().map(|p| p.unforced).sum::<usize>());
            assert!((whole.total_loss - parts.iter().map(|p| p.total_loss).sum::<f64>()).abs() < 1e-9);
            assert!((whole.luck - parts.iter().map(|p| p.luck).sum::<f64>()).abs() < 1e-9);
            let lost: f64 = parts.iter().map(|p| p.match_chance_lost.expect("match play")).sum();
            assert!((whole.match_chance_lost.unwrap() - lost).abs() < 1e-9);
        }
        // The match's chance each side's plays gave away is the sum of its
        // turns' (best minus made).
        let black_lost: f64 = r.games[0]
            .turns
            .iter()
            .filter(|t| t.side == Color::Black)
            .map(|t| t.best_match_winning_chance.unwrap() - t.match_winning_chance.unwrap())
            .sum();
        assert!(black_lost > 0.0);
        assert!((r.games[0].players.black.match_chance_lost.unwrap() - black_lost).abs() < 1e-9);
        assert!(r.games[0].players.black.very_bad >= 1);
        // One kind each: the kinds' figures are the games' own.
        assert_eq!(
            r.by_game.iter().map(|k| (k.game, k.games)).collect::<Vec<_>>(),
            [(GameKind::Portes, 1), (GameKind::Plakoto, 1)]
        );
        assert_eq!(r.by_game[0].players.black.total_loss, r.games[0].players.black.total_loss);
        // White's chance to win the match after every turn; 2-0 up in a
        // match to 3, it is well over even in the second game.
        assert!(r.games.iter().flat_map(|g| &g.turns).all(|t| t.white_match.is_some()));
        assert!(r.games[1].turns.iter().all(|t| t.white_match.unwrap() > 0.6), "{:?}", r.games[1].turns);
        // The graph names both games and draws the match.
        let svg = svg(&r, &|g| g.name().to_string());
        assert!(svg.contains("1 · portes") && svg.contains("2 · plakoto"), "{svg}");
        assert!(svg.contains(r#"class="match""#));
        let json = serde_json::to_value(&r).unwrap();
        assert_eq!((json["match_games"].as_str(), json["games"][0]["game"].as_str()), (Some("tavli"), Some("portes")));
    }

    /// A game of `kind` between the advanced level and random play,
    /// reviewed at 0-ply: the random side errs far more, a forced turn
    /// loses nothing, and every turn counts its roll's plays.
    fn strong_and_random_are_told_apart(kind: GameKind) {
        use crate::TavliPlayer;
        use tavli_core::tavli::{AnyPosition, MatchRules};
        let eval = NeuralEval::shipped(None);
        let level = crate::levels::level("advanced").unwrap();
        let rules = MatchRules::only(kind);
        let mut m: Match<AnyPosition> = Match::with_rules(rules, 1, 11, Players::default()).unwrap();
        let mut players = [
            TavliPlayer::of_level(level, &eval, 1, rules.games),
            TavliPlayer::around::<tavli_core::Position>(Box::new(crate::RandomPlayer::new(2)), true, 3),
        ];
        while !m.is_over() {
            m.roll().unwrap();
            let side = m.game().position().turn();
            let (pos, dice, plays) = (*m.game().position(), m.game().dice().unwrap(), m.game().legal_plays().to_vec());
            let i = crate::Player::choose(&mut players[side.index()], &pos, dice, &plays);
            m.play(&plays[i]).unwrap();
        }
        let r = Reviewer::new(eval, 0).review(&m, &mut |_, _| {});
        assert_eq!(r.games[0].game, kind);
        let (w, b) = (&r.players.white, &r.players.black);
        assert!(w.unforced > 5 && b.unforced > 5, "{kind}: {w:?} {b:?}");
        assert!(b.error_rate > 3.0 * w.error_rate, "{kind}: advanced {} vs random {}", w.error_rate, b.error_rate);
        for (t, before) in r.games[0].turns.iter().zip(m.games()[0].positions_before()) {
            let dice = Dice::new(t.dice[0], t.dice[1]).unwrap();
            assert_eq!(t.plays, before.legal_plays_under(dice, &rules).len().max(1), "{kind}: {t:?}");
            assert!(!t.forced || (t.loss == 0.0 && t.mark == Mark::None));
        }
    }

    #[test]
    fn a_portes_game_is_reviewed_by_portes_network() {
        strong_and_random_are_told_apart(GameKind::Portes);
    }

    #[test]
    fn a_fevga_game_is_reviewed_by_fevga_network() {
        strong_and_random_are_told_apart(GameKind::Fevga);
    }

    #[test]
    fn the_error_rate_of_a_game_between_a_strong_and_a_weak_level_orders_them() {
        let eval = NeuralEval::shipped(None);
        let (strong, weak) = (crate::levels::level("expert").unwrap(), crate::levels::level("beginner").unwrap());
        let mut m = Match::new(3, 17, Players::default()).unwrap();
        let mut players = [strong.player(&eval, 1), weak.player(&eval, 2)];
        while !m.is_over() {
            m.roll().unwrap();
            let side = m.game().position().turn();
            let (pos, dice) = (*m.game().position(), m.game().dice().unwrap());
            let plays = m.game().legal_plays().to_vec();
            let i = players[side.index()].choose(&pos, dice, &plays);
            m.play(&plays[i]).unwrap();
        }
        let r = Reviewer::new(eval, 1).review(&m, &mut |_, _| {});
        let (w, b) = (&r.players.white, &r.players.black);
        assert!(w.unforced > 10 && b.unforced > 10, "{w:?} {b:?}");
        assert!(w.error_rate < b.error_rate, "expert {} vs beginner {}", w.error_rate, b.error_rate);
    }
}
