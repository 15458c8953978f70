//! What the engine says of the person's plays in a game: `hint` (the
//! best plays of the roll, and in the middle of a turn what the moves made
//! so far cost) and `last` (how a play ranked among those of its roll),
//! worded in the game's language. The session finds the position, the
//! play and the score; this module asks the analyzer and words the
//! answer. In a match the analyzer ranks by the chance to win the match
//! (`Search::in_match_of`: in a Tavli match by its table at the game
//! being played), shown beside the equity, and a loss is that
//! chance lost, in percentage points.

use tavli_core::tavli::{GamePlay, GamePosition};
use tavli_core::{Dice, Move, PlayError};
use tavli_engine::analysis::{self, Judgement, RankedPlay};
use tavli_engine::met::MatchScore;
use tavli_engine::{Analyzer, MAX_PLY};

use super::format::{fixed3, moves_text, percent, signed3};
use super::reasons;
use super::text::{self, Lang};

/// The look-ahead of `hint` and `last` (plies of search, as the engine
/// counts them): the deepest the engine searches.
pub const HINT_PLY: u8 = MAX_PLY;
/// How many ranked plays `hint` shows.
pub const HINT_SHOWN: usize = 3;

/// The engine's best plays for `dice` in `pos` by `analyzer`, with their
/// chances (`whom` names the side on roll as the messages call it: `you`,
/// `White`; `score` is the match score from its view); after the single
/// moves `made`, the plays that go on from them (`reachable`, from the
/// game's turn builder) and what those moves cost. One or more lines.
#[allow(clippy::too_many_arguments)]
pub fn hint<P: GamePosition>(
    lang: Lang,
    analyzer: &dyn Analyzer<P>,
    pos: &P,
    dice: Dice,
    made: &[Move],
    reachable: Option<&[P::Play]>,
    whom: &str,
    score: MatchScore,
) -> String {
    let Some(c) = analysis::continuations(analyzer, pos, dice, reachable) else {
        return text::no_hint(lang, &reasons::reason(lang, &PlayError::GameOver));
    };
    let shown = &c.plays[..c.plays.len().min(HINT_SHOWN)];
    let by_match = c.best.match_winning_chance.is_some().then_some(score);
    let mut lines =
        vec![hint_head(lang, dice, made, c.best.ply, whom, by_match), hint_table(lang, shown, &c.best, c.best.ply)];
    if c.plays.len() > HINT_SHOWN {
        let n = c.plays.len() - HINT_SHOWN;
        lines.push(if n == 1 { text::more_plays_one(lang) } else { text::more_plays_many(lang, n) });
    }
    if !made.is_empty() {
        lines.push(so_far_text(lang, made, &c.plays, &c.best));
    }
    lines.join("\n")
}

/// How `play`, made with `dice` in `before`, ranked among the plays of its
/// roll by `analyzer`; `earlier` says which game when not the current one.
pub fn rating<P: GamePosition>(
    lang: Lang,
    analyzer: &dyn Analyzer<P>,
    before: &P,
    dice: Dice,
    play: &P::Play,
    earlier: &str,
) -> String {
    match analysis::judge(analyzer, before, dice, play) {
        Some(j) => rating_text(lang, play, dice, &j, earlier),
        None => text::cannot_rate(lang),
    }
}

/// What `r` loses against `best` as shown: points (`0.100`), or in a match
/// the chance to win the match lost, in percentage points (`1.3%`);
/// `None` when nothing is lost to the precision shown.
pub fn lost<PL>(lang: Lang, best: &RankedPlay<PL>, r: &RankedPlay<PL>) -> Option<String> {
    let x = loss_number(best, r);
    (x != "0.000" && x != "0.0%").then(|| text::number(lang, x))
}

/// What `r` loses against `best`, never below nothing: `0.100`, `1.3%`.
fn loss_number<PL>(best: &RankedPlay<PL>, r: &RankedPlay<PL>) -> String {
    match (best.match_winning_chance, r.match_winning_chance) {
        (Some(b), Some(m)) => format!("{:.1}%", 100.0 * (b - m).max(0.0)),
        _ => fixed3((best.value - r.value).max(0.0)),
    }
}

/// A difference to the best play as shown: `loss 0.100`, `loss 1.3%`,
/// nothing for the best (or one that scores the same).
pub fn loss_text<PL>(lang: Lang, best: &RankedPlay<PL>, r: &RankedPlay<PL>) -> String {
    lost(lang, best, r).map(|x| text::loss(lang, &x)).unwrap_or_default()
}

/// The head of a hint; `whom` the side on roll as the messages call it
/// (`you`, `White`); `by_match` the score when the plays are ranked by the
/// chance to win the match.
pub fn hint_head(lang: Lang, dice: Dice, made: &[Move], ply: u8, whom: &str, by_match: Option<MatchScore>) -> String {
    let after = if made.is_empty() { String::new() } else { text::hint_after(lang, &moves_text(made)) };
    match by_match {
        Some(s) => text::hint_head_match(lang, &dice.to_string(), &after, ply, s.mine, s.theirs, s.length, whom),
        None => text::hint_head(lang, &dice.to_string(), &after, ply, whom),
    }
}

/// The ranked plays as a table: equity (in a match, the chance to win the
/// match beside it), loss against `best`, and the chances to win, to win
/// double and to lose double; a play searched less deep than `ply` says
/// how deep.
pub fn hint_table<PL: GamePlay>(lang: Lang, plays: &[RankedPlay<PL>], best: &RankedPlay<PL>, ply: u8) -> String {
    let notes: Vec<String> = plays.iter().map(|r| r.play.notation()).collect();
    let width = notes.iter().map(|n| n.chars().count()).max().unwrap_or(0).max(12);
    let by_match = best.match_winning_chance.is_some();
    let match_head = if by_match { format!("  {:>6}", text::column_match(lang)) } else { String::new() };
    let mut lines = vec![format!(
        "     {:<width$}  {:>6}{match_head}  {:>10}  {:>6}  {:>10}  {:>11}",
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
        let chance = r.match_winning_chance.map(|m| format!("  {:>6}", percent(lang, m as f32))).unwrap_or_default();
        lines.push(format!(
            "  {}. {n:<width$}  {:>6}{chance}  {:>10}  {:>6}  {:>10}  {:>11}{depth}",
            i + 1,
            text::number(lang, signed3(r.equity)),
            loss_text(lang, best, r),
            percent(lang, p.win),
            percent(lang, p.win_double),
            percent(lang, p.lose_double),
        ));
    }
    lines.iter().map(|l| l.trim_end().to_string()).collect::<Vec<_>>().join("\n")
}

/// How the single moves made so far compare with the best play: the
/// start of it, or what the best play they can still become loses.
pub fn so_far_text<PL: GamePlay>(lang: Lang, made: &[Move], plays: &[RankedPlay<PL>], best: &RankedPlay<PL>) -> String {
    let (one, moves, best_play) = (made.len() == 1, moves_text(made), best.play.notation());
    // Plays of one roll are equal when they reach the same position.
    let on_course = plays.iter().any(|r| r.play == best.play);
    match plays.first().filter(|_| !on_course).map(|top| text::number(lang, loss_number(best, top))) {
        None if one => text::so_far_best_one(lang, &moves, &best_play),
        None => text::so_far_best_many(lang, &moves, &best_play),
        Some(x) if one => text::so_far_loses_one(lang, &moves, &x, &best_play),
        Some(x) => text::so_far_loses_many(lang, &moves, &x, &best_play),
    }
}

/// How a play ranked: `Your last play, 24/18/14 (6-4), was the 2nd best of 2
/// plays: loss 0.100 against the best, 24/18 24/20 (searched 2-ply).`
pub fn rating_text<PL: GamePlay>(lang: Lang, play: &PL, dice: Dice, j: &Judgement<PL>, earlier: &str) -> String {
    let (notation, dice) = (play.notation(), dice.to_string());
    let ply = j.best.ply.max(j.played.ply);
    let depth = if j.best.match_winning_chance.is_some() {
        text::rating_depth_match(lang, ply)
    } else {
        text::rating_depth(lang, ply)
    };
    if j.of == 1 {
        return text::rating_only(lang, earlier, &notation, &dice);
    }
    let same = j.best.play == *play;
    let loss = lost(lang, &j.best, &j.played);
    if j.rank == 1 && (same || loss.is_none()) {
        let tie = if same { String::new() } else { text::rating_tie(lang, &j.best.play.notation()) };
        return text::rating_best(lang, earlier, &notation, &dice, j.of, &tie, &depth);
    }
    let rank =
        if j.rank == 1 { text::rating_as_good(lang) } else { text::rating_nth(lang, &text::ordinal(lang, j.rank)) };
    let loss = loss.unwrap_or_else(|| text::number(lang, loss_number(&j.best, &j.played)));
    text::rating_worse(lang, earlier, &notation, &dice, &rank, j.of, &loss, &j.best.play.notation(), &depth)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::play::format::move_text;
    use tavli_core::Position;
    use tavli_engine::{NeuralEval, Search};

    #[test]
    fn so_far_says_the_start_of_the_best_play_or_the_loss() {
        let pos = tavli_core::pos!(White; white {13: 5, 8: 5, 6: 5}; black {1: 15});
        let dice = Dice::new(6, 3).unwrap();
        let search = Search::new(NeuralEval::shipped(None), 0);
        let best = analysis::rank_plays(&search, &pos, dice)[0].play;
        let start = best.moves()[0];
        let c = analysis::rank_from(&search, &pos, dice, &[start]).unwrap();
        assert_eq!(
            so_far_text(Lang::En, &[start], &c.plays, &c.best),
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
            so_far_text(Lang::En, &[other], &c.plays, &c.best),
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

    /// The best play of 6-4 at the start and another, with their figures
    /// set: `value` for points, the chances to win the match if given.
    fn pair(value: f32, chances: Option<(f64, f64)>) -> (RankedPlay, RankedPlay) {
        let search = Search::new(NeuralEval::shipped(None), 0);
        let ranked = analysis::rank_plays(&search, &Position::start(), Dice::new(6, 4).unwrap());
        let (mut best, mut other) = (ranked[0].clone(), ranked[1].clone());
        (best.value, other.value) = (1.0, 1.0 - value);
        best.match_winning_chance = chances.map(|c| c.0);
        other.match_winning_chance = chances.map(|c| c.1);
        (best, other)
    }

    #[test]
    fn a_loss_is_in_points_or_in_the_chance_to_win_the_match_and_nothing_is_not_shown() {
        for (lost, said) in [(0.0, ""), (0.0004, ""), (0.1, "loss 0.100")] {
            let (best, other) = pair(lost, None);
            assert_eq!(loss_text(Lang::En, &best, &other), said);
        }
        assert_eq!(loss_text(Lang::El, &pair(0.1, None).0, &pair(0.1, None).1), "χάνει 0,100");
        // In a match: the chance lost, whatever the points say.
        let (best, other) = pair(0.3, Some((0.62, 0.607)));
        assert_eq!(loss_text(Lang::En, &best, &other), "loss 1.3%");
        assert_eq!(loss_text(Lang::El, &best, &other), "χάνει 1,3%");
        assert_eq!(loss_text(Lang::Bg, &best, &other), "губи 1,3%");
        let (best, other) = pair(0.3, Some((0.62, 0.6199)));
        assert_eq!(loss_text(Lang::En, &best, &other), "");
    }

    #[test]
    fn a_hint_in_a_match_ranks_by_the_chance_to_win_it_shown_beside_the_equity() {
        // Needing 1 point against 3: a double win is worth no more than a single one.
        let score = MatchScore { length: 3, mine: 2, theirs: 0 };
        let search = Search::at_score(NeuralEval::shipped(None), 0, score);
        let (pos, dice) = (Position::start(), Dice::new(6, 4).unwrap());
        let said = hint(Lang::En, &search, &pos, dice, &[], None, "you", score);
        assert!(
            said.starts_with(
                "The engine's choice for 6-4, searched 0-ply, ranked by the chance to win the match (match) at 2-0 \
                 in a match to 3 (equity and chances for you):\n     play          equity   match  "
            ),
            "{said}"
        );
        let ranked = analysis::rank_plays(&search, &pos, dice);
        let (first, second) = (&ranked[0], &ranked[1]);
        let chance = |r: &RankedPlay| r.match_winning_chance.unwrap();
        assert!(chance(first) >= chance(second));
        let line = said.lines().nth(3).unwrap();
        let (equity, chance_shown) = (signed3(second.equity), percent(Lang::En, chance(second) as f32));
        let at = line.find(&equity).expect("the equity");
        assert_eq!(line[at + equity.len()..].split_whitespace().next(), Some(chance_shown.as_str()), "{line}");
        match lost(Lang::En, first, second) {
            Some(x) => assert!(line.contains(&format!("loss {x}")), "{line}"),
            None => assert!(!line.contains("loss"), "{line}"),
        }
        // A single game is played for points, as before.
        let single = Search::at_score(NeuralEval::shipped(None), 0, MatchScore::SINGLE_GAME);
        let said = hint(Lang::En, &single, &pos, dice, &[], None, "you", MatchScore::SINGLE_GAME);
        assert!(
            said.starts_with("The engine's choice for 6-4, searched 0-ply (equity and chances for you):"),
            "{said}"
        );
        assert!(!said.contains("match"), "{said}");
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
        let table = hint_table(Lang::El, &ranked[..2], &ranked[0], 0);
        assert!(table.starts_with("     κίνηση"), "{table}");
        assert!(table.contains(','), "decimal commas: {table}");
        let point = table.as_bytes().windows(3).any(|w| w[0].is_ascii_digit() && w[1] == b'.' && w[2].is_ascii_digit());
        assert!(!point, "no decimal points: {table}");
    }

    #[test]
    fn bulgarian_hints_and_ratings() {
        let (pos, dice) = (Position::start(), Dice::new(6, 4).unwrap());
        let search = Search::new(NeuralEval::shipped(None), 0);
        let ranked = analysis::rank_plays(&search, &pos, dice);
        let (best, worst) = (ranked[0].play, ranked.last().unwrap().play);
        let j = analysis::judge(&search, &pos, dice, &worst).unwrap();
        let said = rating_text(Lang::Bg, &worst, dice, &j, &text::in_game(Lang::Bg, 1));
        assert_eq!(
            said,
            format!(
                "Последният ти ход (в партия 1), {worst} (6-4), беше на {} място от {} хода: губи {} спрямо \
                 най-добрия, {best} (търсене на дълбочина 0).",
                text::ordinal(Lang::Bg, j.rank),
                ranked.len(),
                fixed3(j.loss).replace('.', ",")
            )
        );
        let said =
            hint(Lang::Bg, &search, &pos, dice, &[], None, &text::hint_for_you(Lang::Bg), MatchScore::SINGLE_GAME);
        assert!(
            said.starts_with(
                "Изборът на компютъра за 6-4, с търсене на дълбочина 0 (очаквани точки и шансове за теб):"
            ),
            "{said}"
        );
        let table = hint_table(Lang::Bg, &ranked[..2], &ranked[0], 0);
        let head = table.lines().next().unwrap();
        assert!(head.starts_with("     ход"), "{table}");
        for column in ["точки", "победа", "марс", "губи с марс"] {
            assert!(head.contains(column), "{column}: {table}");
        }
        // The columns line up as in English: each head ends over its figures.
        let english = hint_table(Lang::En, &ranked[..2], &ranked[0], 0);
        let width = |t: &str| t.lines().next().unwrap().chars().count();
        assert_eq!(width(&table), width(&english), "{table}\n{english}");
        assert!(table.contains(','), "decimal commas: {table}");
    }
}
