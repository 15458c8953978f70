//! The review drawn as an SVG picture, for `tavli review --svg`.

use tavli_core::tavli::GameKind;

use super::{Mark, Review, TurnReview};

/// A graph of White's chances over the reviewed games, as an SVG picture:
/// the chance to win the game (and to win it double) after every turn,
/// in match play the chance to win the match, the marked plays as dots
/// (orange doubtful, red bad, dark red very bad), a line between games and
/// each game's number and name (`name` writes a game's name, in the
/// reader's language) above it.
pub fn svg(review: &Review, name: &dyn Fn(GameKind) -> String) -> String {
    use std::fmt::Write as _;
    let turns: Vec<(usize, &TurnReview)> =
        review.games.iter().enumerate().flat_map(|(g, gr)| gr.turns.iter().map(move |t| (g, t))).collect();
    let (w, h, left, top, bottom) = (900.0f64, 340.0f64, 50.0f64, 40.0f64, 40.0f64);
    let n = turns.len().max(1) as f64;
    let x = |i: usize| left + (w - left - 20.0) * (i as f64 + 1.0) / n;
    let y = |p: f64| top + (h - top - bottom) * (1.0 - p.clamp(0.0, 1.0));
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">"##
    );
    let _ = write!(s, r##"<rect width="{w}" height="{h}" fill="#fffdf7"/>"##);
    for p in [0.0, 0.25, 0.5, 0.75, 1.0] {
        let _ = write!(
            s,
            r##"<line x1="{left}" x2="{}" y1="{yy}" y2="{yy}" stroke="#ddd"/><text x="{}" y="{}" text-anchor="end">{:.0}%</text>"##,
            w - 20.0,
            left - 6.0,
            y(p) + 4.0,
            100.0 * p,
            yy = y(p)
        );
    }
    // Each game: a line where it begins (but the first), its number and name above.
    for (g, game) in review.games.iter().enumerate() {
        let Some(first) = turns.iter().position(|(tg, _)| *tg == g) else { continue };
        let x0 = if first == 0 { left } else { (x(first) + x(first - 1)) / 2.0 };
        if first > 0 {
            let _ = write!(
                s,
                r##"<line x1="{x0}" x2="{x0}" y1="{}" y2="{}" stroke="#999" stroke-dasharray="4 3"/>"##,
                top - 22.0,
                h - bottom
            );
        }
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" class="game" fill="#444">{} · {}</text>"##,
            x0 + 4.0,
            top - 10.0,
            game.number,
            escape(&name(game.game))
        );
    }
    let line = |f: &dyn Fn(&TurnReview) -> f64| -> String {
        turns.iter().enumerate().map(|(i, (_, t))| format!("{:.1},{:.1}", x(i), y(f(t)))).collect::<Vec<_>>().join(" ")
    };
    let _ =
        write!(s, r##"<polyline fill="none" stroke="#1f7a4d" stroke-width="2" points="{}"/>"##, line(&|t| t.white_win));
    let _ = write!(
        s,
        r##"<polyline fill="none" stroke="#1666c5" stroke-width="1.5" stroke-dasharray="5 3" points="{}"/>"##,
        line(&|t| t.white_win_double)
    );
    let in_match = turns.iter().any(|(_, t)| t.white_match.is_some());
    if in_match {
        let _ = write!(
            s,
            r##"<polyline class="match" fill="none" stroke="#8a3ab9" stroke-width="2.5" points="{}"/>"##,
            line(&|t| t.white_match.unwrap_or(0.5))
        );
    }
    for (i, (_, t)) in turns.iter().enumerate() {
        let colour = match t.mark {
            Mark::None => continue,
            Mark::Doubtful => "#e0a100",
            Mark::Bad => "#d33",
            Mark::VeryBad => "#7a0000",
        };
        let _ = write!(
            s,
            r##"<circle cx="{:.1}" cy="{:.1}" r="4.5" fill="{colour}"><title>{} {}-{}: {} (best {}, loses {:.3})</title></circle>"##,
            x(i),
            y(t.white_win),
            t.side,
            t.dice[0],
            t.dice[1],
            escape(&t.played),
            escape(&t.best),
            t.loss
        );
    }
    let _ = write!(
        s,
        r##"<text x="{left}" y="{}">turns →</text><text x="{}" y="{}" fill="#1f7a4d">White wins the game</text><text x="{}" y="{}" fill="#1666c5">White wins double</text>"##,
        h - 12.0,
        left + 90.0,
        h - 12.0,
        left + 250.0,
        h - 12.0
    );
    if in_match {
        let _ =
            write!(s, r##"<text x="{}" y="{}" fill="#8a3ab9">White wins the match</text>"##, left + 400.0, h - 12.0);
    }
    s.push_str("</svg>");
    s
}

/// `text` safe inside SVG text.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}
