//! What the engine says of the person's plays in a game: `hint` (the
//! best plays of the roll, and in the middle of a turn what the moves made
//! so far cost) and `last` (how a play ranked among those of its roll),
//! worded in the game's language. The session finds the position and the
//! play; this module asks the analyzer and words the answer.

use plakoto_core::{Dice, Move, Play, Position};
use plakoto_engine::analysis::{self, Judgement, RankedPlay};
use plakoto_engine::{Analyzer, MAX_PLY};

use super::format::{fixed3, moves_text, percent, signed3};
use super::text::{self, Lang};

/// The look-ahead of `hint` and `last` (plies of search, as the engine
/// counts them): the deepest the engine searches.
pub const HINT_PLY: u8 = MAX_PLY;
/// How many ranked plays `hint` shows.
pub const HINT_SHOWN: usize = 3;

/// The engine's best plays for `dice` in `pos` by `analyzer`, with their
/// chances (`whom` names the side on roll as the messages call it: `you`,
/// `White`); after the single moves `made`, the plays that go on from
/// them and what those moves cost. One or more lines.
pub fn hint(lang: Lang, analyzer: &dyn Analyzer, pos: &Position, dice: Dice, made: &[Move], whom: &str) -> String {
    let c = match analysis::rank_from(analyzer, pos, dice, made) {
        Ok(c) => c,
        Err(e) => return text::no_hint(lang, &text::reason(lang, &e)),
    };
    let shown = &c.plays[..c.plays.len().min(HINT_SHOWN)];
    let mut lines = vec![hint_head(lang, dice, made, c.best.ply, whom), hint_table(lang, shown, c.best.ply)];
    if c.plays.len() > HINT_SHOWN {
        let n = c.plays.len() - HINT_SHOWN;
        lines.push(if n == 1 { text::more_plays_one(lang) } else { text::more_plays_many(lang, n) });
    }
    if !made.is_empty() {
        lines.push(so_far_text(lang, made, &c.plays, &c.best, c.loss));
    }
    lines.join(
        "
",
    )
}

/// How `play`, made with `dice` in `before`, ranked among the plays of its
/// roll by `analyzer`; `earlier` says which game when not the current one.
pub fn rating(
    lang: Lang,
    analyzer: &dyn Analyzer,
    before: &Position,
    dice: Dice,
    play: &Play,
    earlier: &str,
) -> String {
    match analysis::judge(analyzer, before, dice, play) {
        Some(j) => rating_text(lang, play, dice, &j, earlier),
        None => text::cannot_rate(lang),
    }
}

/// A difference to the best play as shown: `loss 0.100`, nothing for the
/// best (or one that scores the same).
pub fn loss_text(lang: Lang, diff: f32) -> String {
    if fixed3(diff) == "0.000" { String::new() } else { text::loss(lang, &text::number(lang, fixed3(diff))) }
}

/// The head of a hint; `whom` the side on roll as the messages call it
/// (`you`, `White`).
pub fn hint_head(lang: Lang, dice: Dice, made: &[Move], ply: u8, whom: &str) -> String {
    let after = if made.is_empty() { String::new() } else { text::hint_after(lang, &moves_text(made)) };
    text::hint_head(lang, &dice.to_string(), &after, ply, whom)
}

/// The ranked plays as a table: equity, loss against the best, and the
/// chances to win, to win double and to lose double; a play searched less
/// deep than `ply` says how deep.
pub fn hint_table(lang: Lang, plays: &[RankedPlay], ply: u8) -> String {
    let notes: Vec<String> = plays.iter().map(|r| r.play.notation()).collect();
    let width = notes.iter().map(|n| n.chars().count()).max().unwrap_or(0).max(12);
    let mut lines = vec![format!(
        "     {:<width$}  {:>6}  {:>10}  {:>6}  {:>10}  {:>11}",
        text::column_play(lang),
        text::column_equity(lang),
        "",
        text::column_win(lang),
        text::column_win_double(lang),
        text::column_lose_double(lang)
    )];
    for (i, (r, n)) in plays.iter().zip(&notes).enumerate() {
        let p = r.probabilities;
        let depth = if r.ply < ply { text::ply_note(lang, r.ply) } else { String::new() };
        lines.push(format!(
            "  {}. {n:<width$}  {:>6}  {:>10}  {:>6}  {:>10}  {:>11}{depth}",
            i + 1,
            text::number(lang, signed3(r.equity)),
            loss_text(lang, r.diff),
            percent(lang, p.win),
            percent(lang, p.win_double),
            percent(lang, p.lose_double),
        ));
    }
    lines.iter().map(|l| l.trim_end().to_string()).collect::<Vec<_>>().join("\n")
}

/// How the single moves made so far compare with the best play.
pub fn so_far_text(lang: Lang, made: &[Move], plays: &[RankedPlay], best: &RankedPlay, loss: f32) -> String {
    let (one, moves, best_play) = (made.len() == 1, moves_text(made), best.play.notation());
    if plays.iter().any(|r| r.play.position() == best.play.position()) {
        if one {
            text::so_far_best_one(lang, &moves, &best_play)
        } else {
            text::so_far_best_many(lang, &moves, &best_play)
        }
    } else {
        let x = text::number(lang, fixed3(loss));
        if one {
            text::so_far_loses_one(lang, &moves, &x, &best_play)
        } else {
            text::so_far_loses_many(lang, &moves, &x, &best_play)
        }
    }
}

/// How a play ranked: `Your last play, 24/18/14 (6-4), was the 2nd best of 2
/// plays: loss 0.100 against the best, 24/18 24/20 (searched 2-ply).`
pub fn rating_text(lang: Lang, play: &Play, dice: Dice, j: &Judgement, earlier: &str) -> String {
    let (notation, dice) = (play.notation(), dice.to_string());
    let depth = text::rating_depth(lang, j.best.ply.max(j.played.ply));
    if j.of == 1 {
        return text::rating_only(lang, earlier, &notation, &dice);
    }
    let same = j.best.play.position() == play.position();
    if j.rank == 1 && (same || fixed3(j.loss) == "0.000") {
        let tie = if same { String::new() } else { text::rating_tie(lang, &j.best.play.notation()) };
        return text::rating_best(lang, earlier, &notation, &dice, j.of, &tie, &depth);
    }
    let rank =
        if j.rank == 1 { text::rating_as_good(lang) } else { text::rating_nth(lang, &text::ordinal(lang, j.rank)) };
    let loss = text::number(lang, fixed3(j.loss));
    text::rating_worse(lang, earlier, &notation, &dice, &rank, j.of, &loss, &j.best.play.notation(), &depth)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::play::format::move_text;
    use plakoto_engine::{NeuralEval, Search};

    #[test]
    fn so_far_says_the_start_of_the_best_play_or_the_loss() {
        let pos = plakoto_core::pos!(White; white {13: 5, 8: 5, 6: 5}; black {1: 15});
        let dice = Dice::new(6, 3).unwrap();
        let search = Search::new(NeuralEval::shipped(None), 0);
        let best = analysis::rank_plays(&search, &pos, dice)[0].play;
        let start = best.moves()[0];
        let c = analysis::rank_from(&search, &pos, dice, &[start]).unwrap();
        assert_eq!(
            so_far_text(Lang::En, &[start], &c.plays, &c.best, c.loss),
            format!("Your move so far, {}, is the start of the best play, {best}.", move_text(start))
        );
        let other = pos
            .legal_plays(dice)
            .iter()
            .map(|p| p.moves()[0])
            .find(|m| {
                let c = analysis::rank_from(&search, &pos, dice, &[*m]).unwrap();
                !c.plays.iter().any(|r| r.play.position() == best.position())
            })
            .expect("some first move leaves the best play");
        let c = analysis::rank_from(&search, &pos, dice, &[other]).unwrap();
        assert_eq!(
            so_far_text(Lang::En, &[other], &c.plays, &c.best, c.loss),
            format!("Your move so far, {}, loses {} against the best play, {best}.", move_text(other), fixed3(c.loss))
        );
    }

    #[test]
    fn rating_texts() {
        let (pos, dice) = (Position::start(), Dice::new(6, 4).unwrap());
        let search = Search::new(NeuralEval::shipped(None), 0);
        let ranked = analysis::rank_plays(&search, &pos, dice);
        let (best, worst) = (ranked[0].play, ranked.last().unwrap().play);
        let j = analysis::judge(&search, &pos, dice, &best).unwrap();
        assert_eq!(
            rating_text(Lang::En, &best, dice, &j, ""),
            format!("Your last play, {best} (6-4), was the best of {} plays (searched 0-ply).", ranked.len())
        );
        let j = analysis::judge(&search, &pos, dice, &worst).unwrap();
        assert_eq!(
            rating_text(Lang::En, &worst, dice, &j, " (in game 1)"),
            format!(
                "Your last play (in game 1), {worst} (6-4), was the {} best of {} plays: loss {} against the best, \
                 {best} (searched 0-ply).",
                text::ordinal(Lang::En, j.rank),
                ranked.len(),
                fixed3(j.loss)
            )
        );
        assert_eq!(
            [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(|n| text::ordinal(Lang::En, n)).join(" "),
            "1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 101st 111th"
        );
    }

    #[test]
    fn a_loss_of_nothing_is_not_shown() {
        assert_eq!(loss_text(Lang::En, 0.0), "");
        assert_eq!(loss_text(Lang::En, 0.0004), "");
        assert_eq!(loss_text(Lang::En, 0.1), "loss 0.100");
    }

    #[test]
    fn greek_hints_and_ratings() {
        let (pos, dice) = (Position::start(), Dice::new(6, 4).unwrap());
        let search = Search::new(NeuralEval::shipped(None), 0);
        let ranked = analysis::rank_plays(&search, &pos, dice);
        let (best, worst) = (ranked[0].play, ranked.last().unwrap().play);
        let j = analysis::judge(&search, &pos, dice, &worst).unwrap();
        let said = rating_text(Lang::El, &worst, dice, &j, &text::in_game(Lang::El, 1));
        assert_eq!(
            said,
            format!(
                "Η τελευταία σου κίνηση (στην παρτίδα 1), {worst} (6-4), ήταν η {}η καλύτερη από {} κινήσεις: \
                 χάνει {} από την καλύτερη, {best} (αναζήτηση σε βάθος 0).",
                j.rank,
                ranked.len(),
                fixed3(j.loss).replace('.', ",")
            )
        );
        let table = hint_table(Lang::El, &ranked[..2], 0);
        assert!(table.starts_with("     κίνηση"), "{table}");
        assert!(table.contains(','), "decimal commas: {table}");
        let point = table.as_bytes().windows(3).any(|w| w[0].is_ascii_digit() && w[1] == b'.' && w[2].is_ascii_digit());
        assert!(!point, "no decimal points: {table}");
        assert_eq!(loss_text(Lang::El, 0.1), "χάνει 0,100");
    }
}
