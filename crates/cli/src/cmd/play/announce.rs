//! The sentences that tell what happened: the opening roll, mother pins and
//! the end of a game, with the reason. Shared by `play` and `replay`.
//!
//! When one person plays the computer, the sentences speak to that person
//! ("you win", "your mother") and call the other side the computer; with
//! two people at the keyboard, or none, they name the sides.

use plakoto_core::{Color, GameResult, Reason};

/// Who the sentences are about, and whom they speak to.
pub struct Voice {
    /// Each side's name as shown (`White (expert)`, `Black`), by
    /// `Color::index`; possibly coloured.
    pub names: [String; 2],
    /// Each side's colour word (`White`), coloured as its name, for
    /// possessives ("Black's mother").
    pub colours: [String; 2],
    /// The one person playing against the computer, spoken to as "you";
    /// `None` when two people or two computers play.
    pub you: Option<Color>,
}

impl Voice {
    /// Sentences naming both sides (two people, two computers, a replay).
    pub fn naming(names: [String; 2], colours: [String; 2]) -> Voice {
        Voice { names, colours, you: None }
    }

    fn is_you(&self, side: Color) -> bool {
        self.you == Some(side)
    }

    /// Is `side` the computer a person is playing against?
    fn is_computer(&self, side: Color) -> bool {
        self.you == Some(side.opponent())
    }

    /// The side as the subject of a sentence: `you`, `Black (expert)`.
    pub fn subject(&self, side: Color) -> String {
        if self.is_you(side) { "you".into() } else { self.names[side.index()].clone() }
    }

    /// [`Voice::subject`] at the start of a sentence: `You`, `Black (expert)`.
    pub fn subject_cap(&self, side: Color) -> String {
        capitalise(&self.subject(side))
    }

    /// The side's possessive: `your`, `the computer's`, `Black's`.
    pub fn possessive(&self, side: Color) -> String {
        if self.is_you(side) {
            "your".into()
        } else if self.is_computer(side) {
            "the computer's".into()
        } else {
            format!("{}'s", self.colours[side.index()])
        }
    }

    /// The verb agreeing with the side: `win` for you, `wins` for a name.
    pub fn verb<'a>(&self, side: Color, plain: &'a str, third: &'a str) -> &'a str {
        if self.is_you(side) { plain } else { third }
    }

    /// `You play 24/18 24/20.`, `Black (expert) plays 13/7.`
    pub fn plays(&self, side: Color, play: &str) -> String {
        format!("{} {} {play}.", self.subject_cap(side), self.verb(side, "play", "plays"))
    }

    /// `You roll 6-5: no legal move, the turn passes.`
    pub fn passes(&self, side: Color, dice: impl std::fmt::Display) -> String {
        format!(
            "{} {} {dice}: no legal move, the turn passes.",
            self.subject_cap(side),
            self.verb(side, "roll", "rolls")
        )
    }

    /// What the board's caption says of the last turn: `You played 24/18 24/20`,
    /// `Black (expert) rolled 6-5: no legal move`.
    pub fn played(&self, side: Color, dice: impl std::fmt::Display, play: Option<&str>) -> String {
        match play {
            Some(p) => format!("{} played {p}", self.subject_cap(side)),
            None => format!("{} rolled {dice}: no legal move", self.subject_cap(side)),
        }
    }

    /// `You won the last game and start.`
    pub fn won_last(&self, side: Color) -> String {
        format!("{} won the last game and {}.", self.subject_cap(side), self.verb(side, "start", "starts"))
    }

    /// `You win the match 3-1.`
    pub fn wins_match(&self, side: Color, points: u32, other: u32) -> String {
        format!("{} {} the match {points}-{other}.", self.subject_cap(side), self.verb(side, "win", "wins"))
    }

    /// The score with the names: `Score: you 2, Black (expert) 1 (match to 3).`
    pub fn score(&self, score: [u32; 2], match_to: u32) -> String {
        let part = |side: Color| match self.you {
            Some(y) if y == side => format!("you ({}) {}", self.colours[side.index()], score[side.index()]),
            Some(_) => format!("{} {}", self.names[side.index()], score[side.index()]),
            None => format!("{} {}", self.colours[side.index()], score[side.index()]),
        };
        format!("Score: {}, {} (match to {match_to}).", part(Color::White), part(Color::Black))
    }
}

fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn points(n: u8) -> String {
    if n == 1 { "1 point".to_string() } else { format!("{n} points") }
}

/// One roll-off of the opening roll: `Opening roll: you roll 3, Black (expert) rolls 5: Black (expert) starts.`
pub fn opening(white: u8, black: u8, v: &Voice) -> String {
    let starts = |c: Color| format!("{} {}.", v.subject(c), v.verb(c, "start", "starts"));
    let verdict = match white.cmp(&black) {
        std::cmp::Ordering::Equal => "equal, roll again.".to_string(),
        std::cmp::Ordering::Greater => starts(Color::White),
        std::cmp::Ordering::Less => starts(Color::Black),
    };
    let rolls = |c: Color, n: u8| format!("{} {} {n}", v.subject(c), v.verb(c, "roll", "rolls"));
    format!("Opening roll: {}, {}: {verdict}", rolls(Color::White, white), rolls(Color::Black, black))
}

/// A mother has just been pinned, and the game goes on because its pinner
/// still has checkers on its own starting point.
pub fn mother_pinned(pinned: Color, v: &Voice) -> String {
    let pinner = pinned.opponent();
    if v.is_you(pinner) {
        "You have pinned the computer's mother: you win as soon as your last checker leaves your starting point, \
         unless it pins your mother first (a draw)."
            .into()
    } else if v.is_you(pinned) {
        "The computer has pinned your mother: it wins as soon as its last checker leaves its starting point, \
         unless you pin its mother first (a draw)."
            .into()
    } else {
        format!(
            "{} has pinned {} mother: {} wins as soon as its last checker leaves its starting point, \
             unless {} pins {} mother first (a draw).",
            v.names[pinner.index()],
            v.possessive(pinned),
            v.colours[pinner.index()],
            v.colours[pinned.index()],
            v.possessive(pinner),
        )
    }
}

/// A pinned mother is free again.
pub fn mother_freed(side: Color, v: &Voice) -> String {
    format!("{} mother is free again.", capitalise(&v.possessive(side)))
}

/// How a game ended, with the points and the reason.
pub fn result(r: GameResult, v: &Voice) -> String {
    let pts = points(r.points);
    let Some(w) = r.winner else {
        return "Both mothers are pinned: the game is a draw, no points.".to_string();
    };
    let l = w.opponent();
    let wins = |who: String| format!("{who} {} {pts}.", v.verb(w, "win", "wins"));
    match r.reason {
        Reason::Mother if v.is_you(w) => {
            format!("You have pinned the computer's mother and your starting point is empty: you win {pts}.")
        }
        Reason::Mother if v.is_you(l) => {
            format!("The computer has pinned your mother and its starting point is empty: {}", wins(v.subject(w)))
        }
        Reason::Mother => format!(
            "{} mother is pinned and {} starting point is empty: {}",
            capitalise(&v.possessive(l)),
            v.possessive(w),
            wins(v.subject(w))
        ),
        Reason::Resign => {
            format!("{} {}: {}", v.subject_cap(l), v.verb(l, "resign", "resigns"), wins(v.subject(w)))
        }
        Reason::BearOff => {
            let double = if r.points == 2 {
                let has = v.verb(l, "have", "has");
                let loser = if v.is_computer(l) { "the computer".to_string() } else { v.subject(l) };
                format!(" ({loser} {has} borne off no checker: a double)")
            } else {
                String::new()
            };
            let (last, win) = if v.is_you(w) {
                ("your last checker", "win")
            } else if v.is_computer(w) {
                ("its last checker", "wins")
            } else {
                ("the last checker", "wins")
            };
            format!("{} {} {last} and {win} {pts}{double}.", v.subject_cap(w), v.verb(w, "bear off", "bears off"))
        }
        Reason::BothMothers => capitalise(&wins(v.subject(w))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Voice {
        Voice::naming(["White".into(), "Black".into()], ["White".into(), "Black".into()])
    }

    /// A person playing White against the computer.
    fn you_white() -> Voice {
        Voice { names: ["White (you)".into(), "Black (expert)".into()], ..you(Color::White) }
    }

    fn you(side: Color) -> Voice {
        Voice {
            names: ["White (expert)".into(), "Black (you)".into()],
            colours: ["White".into(), "Black".into()],
            you: Some(side),
        }
    }

    #[test]
    fn every_reason_is_told() {
        let v = names();
        assert_eq!(opening(4, 4, &v), "Opening roll: White rolls 4, Black rolls 4: equal, roll again.");
        assert_eq!(opening(3, 5, &v), "Opening roll: White rolls 3, Black rolls 5: Black starts.");
        assert_eq!(
            result(GameResult::win(Color::White, 1, Reason::BearOff), &v),
            "White bears off the last checker and wins 1 point."
        );
        assert_eq!(
            result(GameResult::win(Color::Black, 2, Reason::BearOff), &v),
            "Black bears off the last checker and wins 2 points (White has borne off no checker: a double)."
        );
        assert_eq!(
            result(GameResult::win(Color::Black, 2, Reason::Mother), &v),
            "White's mother is pinned and Black's starting point is empty: Black wins 2 points."
        );
        assert!(result(GameResult::draw(), &v).contains("draw"));
        assert_eq!(result(GameResult::win(Color::White, 2, Reason::Resign), &v), "Black resigns: White wins 2 points.");
    }

    #[test]
    fn a_person_is_spoken_to() {
        let v = you_white();
        assert_eq!(opening(5, 3, &v), "Opening roll: you roll 5, Black (expert) rolls 3: you start.");
        assert_eq!(opening(2, 3, &v), "Opening roll: you roll 2, Black (expert) rolls 3: Black (expert) starts.");
        assert_eq!(
            result(GameResult::win(Color::White, 2, Reason::Mother), &v),
            "You have pinned the computer's mother and your starting point is empty: you win 2 points."
        );
        assert_eq!(
            result(GameResult::win(Color::Black, 2, Reason::Mother), &v),
            "The computer has pinned your mother and its starting point is empty: Black (expert) wins 2 points."
        );
        assert_eq!(
            result(GameResult::win(Color::White, 2, Reason::BearOff), &v),
            "You bear off your last checker and win 2 points (the computer has borne off no checker: a double)."
        );
        assert_eq!(
            result(GameResult::win(Color::Black, 2, Reason::BearOff), &v),
            "Black (expert) bears off its last checker and wins 2 points (you have borne off no checker: a double)."
        );
        assert_eq!(
            result(GameResult::win(Color::Black, 1, Reason::Resign), &v),
            "You resign: Black (expert) wins 1 point."
        );
        assert_eq!(v.plays(Color::White, "24/18 24/20"), "You play 24/18 24/20.");
        assert_eq!(v.plays(Color::Black, "13/7"), "Black (expert) plays 13/7.");
        assert_eq!(v.passes(Color::White, "6-5"), "You roll 6-5: no legal move, the turn passes.");
        assert_eq!(v.won_last(Color::White), "You won the last game and start.");
        assert_eq!(v.wins_match(Color::White, 3, 1), "You win the match 3-1.");
        assert_eq!(v.wins_match(Color::Black, 3, 1), "Black (expert) wins the match 3-1.");
        assert_eq!(v.played(Color::Black, "6-5", None), "Black (expert) rolled 6-5: no legal move");
        assert_eq!(v.score([2, 1], 3), "Score: you (White) 2, Black (expert) 1 (match to 3).");
    }

    #[test]
    fn mother_pins_are_told_as_a_person_would() {
        let v = you_white();
        assert_eq!(
            mother_pinned(Color::Black, &v),
            "You have pinned the computer's mother: you win as soon as your last checker leaves your starting \
             point, unless it pins your mother first (a draw)."
        );
        assert_eq!(
            mother_pinned(Color::White, &v),
            "The computer has pinned your mother: it wins as soon as its last checker leaves its starting point, \
             unless you pin its mother first (a draw)."
        );
        assert_eq!(mother_freed(Color::White, &v), "Your mother is free again.");
        assert_eq!(mother_freed(Color::Black, &v), "The computer's mother is free again.");
        let v = names();
        assert_eq!(
            mother_pinned(Color::Black, &v),
            "White has pinned Black's mother: White wins as soon as its last checker leaves its starting point, \
             unless Black pins White's mother first (a draw)."
        );
        assert_eq!(mother_freed(Color::Black, &v), "Black's mother is free again.");
        // The person playing Black.
        let v = you(Color::Black);
        assert!(mother_pinned(Color::Black, &v).starts_with("The computer has pinned your mother"));
    }

    #[test]
    fn no_message_says_you_with_a_possessive_or_a_third_person_verb() {
        let v = you_white();
        let mut all = vec![opening(5, 3, &v), opening(3, 5, &v), mother_freed(Color::White, &v)];
        for side in [Color::White, Color::Black] {
            all.push(mother_pinned(side, &v));
            for reason in [Reason::Mother, Reason::Resign, Reason::BearOff] {
                for pts in [1, 2] {
                    all.push(result(GameResult::win(side, pts, reason), &v));
                }
            }
            all.push(v.won_last(side));
            all.push(v.plays(side, "6/off"));
            all.push(v.passes(side, "6-6"));
        }
        for text in all {
            for bad in ["(you)'s", "you wins", "you rolls", "you starts", "You wins", "You plays", "you has"] {
                assert!(!text.contains(bad), "{bad}: {text}");
            }
        }
    }
}
