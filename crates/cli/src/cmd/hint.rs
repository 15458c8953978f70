//! `tavli hint POSITION DICE [--ply N] [--json]`: the legal plays ranked.

use anyhow::Result;
use serde_json::json;
use tavli_core::Dice;
use tavli_core::tavli::{AnyPlay, GameKind, GamePlay, GamePosition};
use tavli_engine::analysis::{RankedPlay, rank_plays};
use tavli_engine::met::Away;
use tavli_engine::{ByGame, GameEvals, GameVisitor, MAX_PLY, NetGame, Search};

use super::moves::any_play_json;
use super::play::{fixed3, signed3};
use tavli_engine::NetEval;

/// Plays shown in text when --top is not given.
const TOP: usize = 10;

/// Rank the legal plays of a roll by equity for the side on roll, with what
/// each loses against the best (the JSON `diff`). The best plays are
/// searched to --ply, the rest at lower plies (shown per play).
#[derive(clap::Args)]
pub struct Args {
    /// `start`, position JSON, a position ID, or `-` for stdin.
    position: String,
    /// The roll: `6-4`, `64` or `6 4`.
    dice: String,
    /// Look-ahead in plies: 0 (static, instant), 1 or 2 (the strongest).
    #[arg(long, default_value_t = MAX_PLY, value_parser = clap::value_parser!(u8).range(0..=MAX_PLY as i64))]
    ply: u8,
    /// Show at most this many plays (text: 10; JSON: all unless given).
    #[arg(long)]
    top: Option<usize>,
    /// Print JSON: {"position", "id", "dice", "ply", "plays": [play + "equity", "diff", "ply", "probabilities"]};
    /// `diff` is the best equity minus this one (never negative), printed as "loss" in the text.
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
    super::any_position_arg(&a.position, a.game)?.by_game(Hint { args: &a, evals: &evals })
}

/// `hint` in the game of the position it is run on.
struct Hint<'a> {
    args: &'a Args,
    evals: &'a GameEvals,
}

impl GameVisitor for Hint<'_> {
    type Out = Result<()>;
    fn visit<P: NetGame>(self, pos: &P) -> Result<()> {
        hint_of(self.args, *pos, self.evals.get::<P>().clone(), GamePlay::into_any)
    }
}

/// `hint` in the game of `pos`; `any` makes its plays plays of any game
/// (for their JSON).
fn hint_of<P: NetGame>(a: &Args, pos: P, eval: NetEval<P>, any: fn(P::Play) -> AnyPlay) -> Result<()> {
    super::note_stand_in::<P>();
    let dice = super::dice_arg(&a.dice)?;
    if let Some(r) = pos.outcome() {
        eprintln!("the game is already over ({r}): no plays");
    }
    let score = a.score.score()?;
    let search = Search::in_match_of(eval.clone(), a.ply, score, a.score.games(P::KIND));
    let ranked = rank_plays(&search, &pos, dice);
    let away = score.away();
    if a.json {
        let plays: Vec<_> = ranked
            .iter()
            .take(a.top.unwrap_or(usize::MAX))
            .map(|r| {
                let mut v = any_play_json(&any(r.play.clone()));
                v["equity"] = json!(r.equity);
                v["diff"] = json!(r.diff.max(0.0));
                v["ply"] = json!(r.ply);
                v["probabilities"] = json!(r.probabilities);
                if let Some(m) = r.match_winning_chance {
                    v["match_winning_chance"] = json!(m);
                }
                v
            })
            .collect();
        let mut v = json!({"position": pos.to_json_value(), "id": pos.id(), "dice": [dice.high(), dice.low()], "ply": a.ply, "plays": plays});
        if let Some(away) = away {
            v["away"] = json!({"me": away.me, "them": away.them});
        }
        println!("{v}");
        return Ok(());
    }
    print!("{}", text(&pos, dice, &ranked, a.top.unwrap_or(TOP), away));
    if away.is_some() {
        let money = rank_plays(&Search::new(eval, a.ply), &pos, dice);
        if money[0].play.position() != ranked[0].play.position() {
            println!(
                "     (for points the best play would be {}: the score changes the play)",
                money[0].play.notation()
            );
        }
    }
    Ok(())
}

/// The text output: a line per play, at most `top` of them, with its
/// equity, its loss against the best (the JSON `diff`; none for the best),
/// its chances to win, to win double and to lose double, and its depth;
/// then how many more there are. At a match score (`away`: what the side
/// on roll and its opponent need), the plays are ranked by the chance to
/// win the match, shown beside the equity, and the loss is that chance
/// lost, in percentage points. Every line ends with a newline.
pub fn text<P: GamePosition>(
    pos: &P,
    dice: Dice,
    ranked: &[RankedPlay<P::Play>],
    top: usize,
    away: Option<Away>,
) -> String {
    let mut out = format!("{} to play {dice}   (position {})\n", pos.turn(), pos.id());
    if let Some(away) = away {
        out += &format!(
            "     ranked by the match-winning chance (match), the side on roll needing {} against {}; \
             the loss is the chance lost\n",
            away.me, away.them
        );
    }
    let best_match = ranked.first().and_then(|r| r.match_winning_chance);
    let width = ranked.iter().take(top).map(|r| r.play.notation().chars().count()).max().unwrap_or(4).max(4);
    for (i, r) in ranked.iter().take(top).enumerate() {
        let (chance, loss) = match (r.match_winning_chance, best_match) {
            (Some(m), Some(best)) => {
                let lost = format!("{:.1}", 100.0 * (best - m).max(0.0));
                let loss = if i == 0 || lost == "0.0" { String::new() } else { format!("loss {lost}%") };
                (format!("  match {:5.1}%", 100.0 * m), loss)
            }
            _ => {
                let loss = if i == 0 || fixed3(r.diff) == "0.000" {
                    String::new()
                } else {
                    format!("loss {}", fixed3(r.diff))
                };
                (String::new(), loss)
            }
        };
        let p = r.probabilities;
        let line = format!(
            "{:>3}. {:<width$}  {}{chance}  {:>10}   win {:5.1}%  double {:4.1}%/{:4.1}%  ({}-ply)",
            i + 1,
            r.play.notation(),
            signed3(r.equity),
            loss,
            100.0 * p.win,
            100.0 * p.win_double,
            100.0 * p.lose_double,
            r.ply
        );
        out += line.trim_end();
        out.push('\n');
    }
    let s = |n: usize| if n == 1 { "" } else { "s" };
    if top == 0 && !ranked.is_empty() {
        out += &format!("     {} legal play{} (--top N shows them)\n", ranked.len(), s(ranked.len()));
    } else if ranked.len() > top {
        let more = ranked.len() - top;
        out += &format!("     … {more} more play{} (--top N)\n", s(more));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavli_core::Position;
    use tavli_engine::NeuralEval;

    fn ranked() -> (Position, Dice, Vec<RankedPlay>) {
        let (pos, dice) = (Position::start(), Dice::new(6, 4).unwrap());
        let ranked = rank_plays(&Search::new(NeuralEval::shipped(None), 0), &pos, dice);
        (pos, dice, ranked)
    }

    #[test]
    fn the_text_shows_the_loss_as_the_json_diff_and_never_minus_zero() {
        let (pos, dice, ranked) = ranked();
        let t = text(&pos, dice, &ranked, 10, None);
        let lines: Vec<&str> = t.lines().collect();
        assert!(!lines[1].contains("loss"), "the best play has no loss: {t}");
        for (r, line) in ranked.iter().zip(&lines[1..]).skip(1) {
            assert!(line.contains(&format!("loss {:.3}", r.diff)), "{line}");
        }
        assert!(!t.contains("-0.000") && !t.contains("+-"), "{t}");
        assert!(t.ends_with('\n'));
    }

    #[test]
    fn top_0_and_top_1_end_their_lines() {
        let (pos, dice, ranked) = ranked();
        let n = ranked.len();
        assert_eq!(
            text(&pos, dice, &ranked, 0, None),
            format!("White to play 6-4   (position {})\n     {n} legal plays (--top N shows them)\n", pos.id())
        );
        let t = text(&pos, dice, &ranked, 1, None);
        assert!(
            t.ends_with(&format!("     … {} more play{} (--top N)\n", n - 1, if n == 2 { "" } else { "s" })),
            "{t}"
        );
    }
}
