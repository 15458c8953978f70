//! The sentences that tell what happened: the opening roll and the end of a
//! game, with the reason. Shared by `play` and `replay`.

use plakoto_core::{Color, GameResult, Reason};

/// One roll-off of the opening roll: `White rolls 3, Black rolls 5: Black starts.`
pub fn opening(white: u8, black: u8, name: &dyn Fn(Color) -> String) -> String {
    let verdict = match white.cmp(&black) {
        std::cmp::Ordering::Equal => "equal, roll again.".to_string(),
        std::cmp::Ordering::Greater => format!("{} starts.", name(Color::White)),
        std::cmp::Ordering::Less => format!("{} starts.", name(Color::Black)),
    };
    format!("Opening roll: {} rolls {white}, {} rolls {black}: {verdict}", name(Color::White), name(Color::Black))
}

/// How a game ended, with the points and the reason.
pub fn result(r: GameResult, name: &dyn Fn(Color) -> String) -> String {
    let pts = if r.points == 1 { "1 point".to_string() } else { format!("{} points", r.points) };
    match (r.winner, r.reason) {
        (None, _) => "Both mothers are pinned: the game is a draw, no points.".to_string(),
        (Some(w), Reason::Mother) => format!(
            "{}'s mother is pinned and {}'s starting point is empty: {} wins {pts}.",
            name(w.opponent()),
            name(w),
            name(w)
        ),
        (Some(w), Reason::Resign) => format!("{} resigns: {} wins {pts}.", name(w.opponent()), name(w)),
        (Some(w), Reason::BearOff) => {
            let double = if r.points == 2 {
                format!(" ({} has borne off no checker: a double)", name(w.opponent()))
            } else {
                String::new()
            };
            format!("{} bears off the last checker and wins {pts}{double}.", name(w))
        }
        (Some(w), Reason::BothMothers) => format!("{} wins {pts}.", name(w)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(c: Color) -> String {
        c.to_string()
    }

    #[test]
    fn every_reason_is_told() {
        assert_eq!(opening(4, 4, &name), "Opening roll: White rolls 4, Black rolls 4: equal, roll again.");
        assert_eq!(opening(3, 5, &name), "Opening roll: White rolls 3, Black rolls 5: Black starts.");
        assert_eq!(
            result(GameResult::win(Color::White, 1, Reason::BearOff), &name),
            "White bears off the last checker and wins 1 point."
        );
        assert!(result(GameResult::win(Color::Black, 2, Reason::BearOff), &name).contains("a double"));
        assert_eq!(
            result(GameResult::win(Color::Black, 2, Reason::Mother), &name),
            "White's mother is pinned and Black's starting point is empty: Black wins 2 points."
        );
        assert!(result(GameResult::draw(), &name).contains("draw"));
        assert_eq!(
            result(GameResult::win(Color::White, 2, Reason::Resign), &name),
            "Black resigns: White wins 2 points."
        );
    }
}
