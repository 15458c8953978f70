//! Small formatters the session and its advice share: numbers as the
//! tables print them (three decimals, never `-0.000`; percentages in the
//! language's decimal sign), single moves in notation, and columns.

use tavli_core::tavli::AnyPlay;
use tavli_core::{Color, Move};

use super::text::{self, Lang};

/// `x` with three decimals, never `-0.000`.
pub fn fixed3(x: f32) -> String {
    let s = format!("{x:.3}");
    if s == "-0.000" { "0.000".into() } else { s }
}

/// `x` with a sign and three decimals, never `-0.000`.
pub fn signed3(x: f32) -> String {
    let s = format!("{x:+.3}");
    if s == "-0.000" { "+0.000".into() } else { s }
}

/// A chance as a percentage with one decimal: `53.1%`, Greek `53,1%`.
pub fn percent(lang: Lang, x: f32) -> String {
    text::number(lang, format!("{:.1}%", 100.0 * x))
}

/// A single move in notation, as players type it: `24/18`, `6/off`,
/// `bar/22` (Portes's bar is point 25; no other game has a point 25).
pub fn move_text(m: Move) -> String {
    let from = if m.from == 25 { "bar".to_string() } else { m.from.to_string() };
    if m.to == 0 { format!("{from}/off") } else { format!("{from}/{}", m.to) }
}

/// Single moves in notation, one after the other: `24/18 18/14`.
pub fn moves_text(moves: &[Move]) -> String {
    moves.iter().map(|&m| move_text(m)).collect::<Vec<_>>().join(" ")
}

/// A play as every client, record and document writes it: in the
/// mover's own numbering (docs/INTERFACE.md). Read by the other side, the
/// same play follows on the reader's board, as its labels number the
/// points: `24/18 24/20 (your 12/6 12/8)`; `reader` is whoever reads the
/// board (`None`: nobody, as in a record).
pub fn play_for(lang: Lang, play: &AnyPlay, reader: Option<Color>) -> String {
    let own = play.notation();
    match reader {
        Some(r) if r != play.mover() && !play.is_pass() => {
            format!("{own} ({})", text::on_your_board(lang, &play.notation_for(r)))
        }
        _ => own,
    }
}

/// Lays short texts out in columns within 80 characters.
pub fn columns(items: &[String]) -> String {
    let width = items.iter().map(|s| s.chars().count()).max().unwrap_or(0) + 3;
    let per_line = (78 / width.max(1)).max(1);
    items
        .chunks(per_line)
        .map(|row| {
            let line: String = row.iter().map(|s| format!("{s:<width$}")).collect();
            format!("  {}", line.trim_end())
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_never_show_minus_zero() {
        assert_eq!(signed3(-0.0001), "+0.000");
        assert_eq!(signed3(-0.0006), "-0.001");
        assert_eq!(fixed3(-0.0), "0.000");
        assert_eq!(percent(Lang::El, 0.5312), "53,1%");
        assert_eq!(percent(Lang::Bg, 0.5312), "53,1%");
    }

    #[test]
    fn moves_and_columns() {
        assert_eq!(moves_text(&[Move::new(24, 18), Move::new(6, 0)]), "24/18 6/off");
        assert_eq!(moves_text(&[Move::new(25, 23), Move::new(23, 20)]), "bar/23 23/20");
        let items: Vec<String> = (1..=30).map(|i| format!("{i}/off")).collect();
        let laid = columns(&items);
        assert!(laid.lines().all(|l| l.chars().count() <= 80), "{laid}");
        assert!(laid.lines().count() > 1, "{laid}");
    }
}
