//! `tavli eval POSITION [--ply N] [--json]`: the engine's evaluation.

use anyhow::Result;
use serde_json::json;
use tavli_core::tavli::GameKind;
use tavli_engine::NetEval;
use tavli_engine::analysis::evaluate;
use tavli_engine::{ByGame, GameEvals, GameVisitor, MAX_PLY, NetGame, Search};

/// Evaluate a position for the side on roll: win, double-win, lose,
/// double-loss and draw chances, and the equity in points.
#[derive(clap::Args)]
pub struct Args {
    /// `start`, position JSON, a position ID, or `-` for stdin.
    position: String,
    /// Look-ahead in plies: 0 (static, instant), 1 or 2 (the strongest, and
    /// the default, as for `hint`, so the two agree).
    #[arg(long, default_value_t = MAX_PLY, value_parser = clap::value_parser!(u8).range(0..=MAX_PLY as i64))]
    ply: u8,
    /// Print JSON: {"position", "id", "ply", "probabilities", "equity"}.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    score: super::ScoreArgs,
    /// The game of `start`: plakoto (the default), portes, fevga or gulbara,
    /// or a regional name (tapa, tsilliton, mahbusa: Plakoto's network;
    /// tabla: Portes's); JSON and IDs say their own game.
    #[arg(long, value_name = "G")]
    game: Option<GameKind>,
}

pub fn run(a: Args) -> Result<()> {
    let evals = super::game_evals();
    super::any_position_arg(&a.position, a.game)?.by_game(Eval { args: &a, evals: &evals })
}

/// `eval` in the game of the position it is run on.
struct Eval<'a> {
    args: &'a Args,
    evals: &'a GameEvals,
}

impl GameVisitor for Eval<'_> {
    type Out = Result<()>;
    fn visit<P: NetGame>(self, pos: &P) -> Result<()> {
        eval_of(self.args, *pos, self.evals.get::<P>().clone())
    }
}

fn eval_of<P: NetGame>(a: &Args, pos: P, eval: NetEval<P>) -> Result<()> {
    super::note_stand_in::<P>();
    let score = a.score.score()?;
    let search = Search::in_match_of(eval, a.ply, score, a.score.games(P::KIND));
    let e = evaluate(&search, &pos);
    let mwc = search.config.objective.match_winning_chance(&e.probabilities).zip(score.away());
    let p = e.probabilities;
    if a.json {
        let v = json!({
            "position": pos.to_json_value(),
            "id": pos.id(),
            "ply": e.ply,
            "probabilities": p,
            "equity": e.equity,
            "result": pos.outcome(),
        });
        let mut v = v;
        if let Some((m, away)) = mwc {
            v["match_winning_chance"] = json!(m);
            v["away"] = json!({"me": away.me, "them": away.them});
        }
        println!("{v}");
        return Ok(());
    }
    println!("{} on roll, {}-ply   (position {})", pos.turn(), e.ply, pos.id());
    if let Some(r) = pos.outcome() {
        println!("game over: {r}");
    }
    println!("  win    {:6.2}%   of which double {:6.2}%", 100.0 * p.win, 100.0 * p.win_double);
    println!("  lose   {:6.2}%   of which double {:6.2}%", 100.0 * p.lose, 100.0 * p.lose_double);
    if P::DRAWS {
        println!("  draw   {:6.2}%", 100.0 * p.draw);
    }
    println!("  equity {} points", super::play::signed3(e.equity));
    if let Some((m, away)) = mwc {
        println!("  match-winning chance {:.1}% (needing {} against {})", 100.0 * m, away.me, away.them);
    }
    Ok(())
}
