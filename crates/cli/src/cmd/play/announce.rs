//! The sentences that tell what happened: the opening roll, mother pins and
//! the end of a game, with the reason. Shared by `play` and `replay`; the
//! words themselves are in [`super::text`], in English, Greek and
//! Bulgarian.
//!
//! When one person plays the computer, the sentences speak to that person
//! ("you win", "your mother") and call the other side the computer; with
//! two people at the keyboard, or none, they name the sides.

use tavli_core::{Color, GameResult, Reason};

use super::text::{self, Lang};

/// Who the sentences are about, whom they speak to, and in what language.
pub struct Voice {
    pub lang: Lang,
    /// Each side's name as shown (`White (expert)`, `Black`), by
    /// `Color::index`; possibly coloured.
    pub names: [String; 2],
    /// Each side's colour word (`White`), coloured as its name.
    pub colours: [String; 2],
    /// Each side's colour word for possessives (English `White`, followed
    /// by `'s`; Greek `Άσπρων`; Bulgarian `белите`, after `на`), coloured as
    /// its name.
    pub genitives: [String; 2],
    /// The one person playing against the computer, spoken to as "you";
    /// `None` when two people or two computers play.
    pub you: Option<Color>,
}

impl Voice {
    /// The sentences of `lang` about sides named `names`, speaking to `you`;
    /// `paint` colours a side's words.
    pub fn new(lang: Lang, names: [String; 2], paint: impl Fn(Color, &str) -> String, you: Option<Color>) -> Voice {
        let words = |word: fn(Lang, Color) -> String| [Color::White, Color::Black].map(|c| paint(c, &word(lang, c)));
        Voice { lang, names, colours: words(text::colour), genitives: words(text::genitive), you }
    }

    /// Sentences naming both sides (two people, two computers, a replay).
    pub fn naming(lang: Lang, names: [String; 2], paint: impl Fn(Color, &str) -> String) -> Voice {
        Voice::new(lang, names, paint, None)
    }

    fn is_you(&self, side: Color) -> bool {
        self.you == Some(side)
    }

    /// Is `side` the computer a person is playing against?
    fn is_computer(&self, side: Color) -> bool {
        self.you == Some(side.opponent())
    }

    /// The side's name: `Black (expert)`.
    pub fn name(&self, side: Color) -> &str {
        &self.names[side.index()]
    }

    /// A named side's possessive: `Black's`, Greek `Μαύρων` (`της μάνας των
    /// Μαύρων`), Bulgarian `черните` (`майката на черните`).
    fn of(&self, side: Color) -> String {
        match self.lang {
            Lang::En => format!("{}'s", self.colours[side.index()]),
            Lang::El | Lang::Bg => self.genitives[side.index()].clone(),
        }
    }

    /// `You play 24/18 24/20.`, `Black (expert) plays 13/7.`
    pub fn plays(&self, side: Color, play: &str) -> String {
        if self.is_you(side) {
            text::plays_you(self.lang, play)
        } else {
            text::plays_named(self.lang, self.name(side), play)
        }
    }

    /// `You roll 6-5: no legal move, the turn passes.`
    pub fn passes(&self, side: Color, dice: impl std::fmt::Display) -> String {
        let dice = dice.to_string();
        if self.is_you(side) {
            text::passes_you(self.lang, &dice)
        } else {
            text::passes_named(self.lang, self.name(side), &dice)
        }
    }

    /// What the board's caption says of the last turn: `You played 24/18 24/20`,
    /// `Black (expert) rolled 6-5: no legal move`.
    pub fn played(&self, side: Color, dice: impl std::fmt::Display, play: Option<&str>) -> String {
        let (lang, you) = (self.lang, self.is_you(side));
        match play {
            Some(p) if you => text::played_you(lang, p),
            Some(p) => text::played_named(lang, self.name(side), p),
            None if you => text::passed_you(lang, &dice.to_string()),
            None => text::passed_named(lang, self.name(side), &dice.to_string()),
        }
    }

    /// `You won the last game and start.`
    pub fn won_last(&self, side: Color) -> String {
        if self.is_you(side) { text::won_last_you(self.lang) } else { text::won_last_named(self.lang, self.name(side)) }
    }

    /// `You win the match 3-1.`
    pub fn wins_match(&self, side: Color, points: u32, other: u32) -> String {
        if self.is_you(side) {
            text::wins_match_you(self.lang, points, other)
        } else {
            text::wins_match_named(self.lang, self.name(side), points, other)
        }
    }

    /// `The game starts from position ID; Black plays first.` (a game of `play`).
    pub fn starts_from(&self, id: &str, side: Color) -> String {
        if self.is_you(side) {
            text::starts_from_you(self.lang, id)
        } else {
            text::starts_from_named(self.lang, id, self.name(side))
        }
    }

    /// The score with the names: `Score: you 2, Black (expert) 1 (match to 3).`
    pub fn score(&self, score: [u32; 2], match_to: u32) -> String {
        let part = |side: Color| match self.you {
            Some(y) if y == side => text::score_you(self.lang, &self.colours[side.index()], score[side.index()]),
            Some(_) => format!("{} {}", self.names[side.index()], score[side.index()]),
            None => format!("{} {}", self.colours[side.index()], score[side.index()]),
        };
        text::score(self.lang, &part(Color::White), &part(Color::Black), match_to)
    }
}

/// One roll-off of the opening roll: `Opening roll: you roll 3, Black (expert) rolls 5: Black (expert) starts.`
pub fn opening(white: u8, black: u8, v: &Voice) -> String {
    let lang = v.lang;
    let starts = |c: Color| {
        if v.is_you(c) { text::opening_starts_you(lang) } else { text::opening_starts_named(lang, v.name(c)) }
    };
    let verdict = match white.cmp(&black) {
        std::cmp::Ordering::Equal if v.you.is_some() => text::opening_equal_you(lang),
        std::cmp::Ordering::Equal => text::opening_equal(lang),
        std::cmp::Ordering::Greater => starts(Color::White),
        std::cmp::Ordering::Less => starts(Color::Black),
    };
    let rolls = |c: Color, n: u8| {
        if v.is_you(c) { text::opening_roll_you(lang, n) } else { text::opening_roll_named(lang, v.name(c), n) }
    };
    text::opening(lang, &rolls(Color::White, white), &rolls(Color::Black, black), &verdict)
}

/// A mother has just been pinned, and the game goes on because its pinner
/// still has checkers on its own starting point.
pub fn mother_pinned(pinned: Color, v: &Voice) -> String {
    let pinner = pinned.opponent();
    if v.is_you(pinner) {
        text::mother_pinned_by_you(v.lang)
    } else if v.is_you(pinned) {
        text::mother_pinned_by_computer(v.lang)
    } else {
        text::mother_pinned_named(
            v.lang,
            v.name(pinner),
            &v.of(pinned),
            &v.colours[pinner.index()],
            &v.colours[pinned.index()],
            &v.of(pinner),
        )
    }
}

/// A mother pinned where the mother is played out (Mahbusa's rule): the
/// game goes on.
pub fn mother_played_out(pinned: Color, v: &Voice) -> String {
    text::mother_played_out(v.lang, &v.of(pinned))
}

/// A pinned mother is free again.
pub fn mother_freed(side: Color, v: &Voice) -> String {
    if v.is_you(side) {
        text::mother_freed_you(v.lang)
    } else if v.is_computer(side) {
        text::mother_freed_computer(v.lang)
    } else {
        text::mother_freed_named(v.lang, &v.of(side))
    }
}

/// How a game ended, with the points and the reason.
pub fn result(r: GameResult, v: &Voice) -> String {
    let lang = v.lang;
    let pts = text::points(lang, r.points);
    let Some(w) = r.winner else {
        return text::draw(lang);
    };
    let l = w.opponent();
    match r.reason {
        Reason::Mother if v.is_you(w) => text::mother_win_you(lang, &pts),
        Reason::Mother if v.is_you(l) => text::mother_win_computer(lang, v.name(w), &pts),
        Reason::Mother => text::mother_win_named(lang, &v.of(l), &v.of(w), v.name(w), &pts),
        Reason::Resign if v.is_you(l) => text::resign_you(lang, v.name(w), &pts),
        Reason::Resign if v.is_you(w) => text::resign_to_you(lang, v.name(l), &pts),
        Reason::Resign => text::resign_named(lang, v.name(l), v.name(w), &pts),
        Reason::BearOff => {
            let double = match r.points {
                2 if v.is_you(l) => text::double_you(lang),
                2 if v.is_computer(l) => text::double_computer(lang),
                2 => text::double_named(lang, v.name(l)),
                _ => String::new(),
            };
            if v.is_you(w) {
                text::bear_off_you(lang, &pts, &double)
            } else if v.is_computer(w) {
                text::bear_off_computer(lang, v.name(w), &pts, &double)
            } else {
                text::bear_off_named(lang, v.name(w), &pts, &double)
            }
        }
        Reason::BothMothers if v.is_you(w) => text::wins_you(lang, &pts),
        Reason::BothMothers => text::wins_named(lang, v.name(w), &pts),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(_: Color, word: &str) -> String {
        word.to_string()
    }

    fn names() -> Voice {
        Voice::naming(Lang::En, ["White".into(), "Black".into()], plain)
    }

    /// A person playing White against the computer.
    fn you_white() -> Voice {
        Voice { names: ["White (you)".into(), "Black (expert)".into()], ..you(Color::White) }
    }

    fn you(side: Color) -> Voice {
        Voice::new(Lang::En, ["White (expert)".into(), "Black (you)".into()], plain, Some(side))
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

    fn greek(you: Option<Color>) -> Voice {
        let names = match you {
            Some(Color::White) => ["Άσπρα (εσύ)".into(), "Μαύρα (έμπειρος)".into()],
            Some(Color::Black) => ["Άσπρα (έμπειρος)".into(), "Μαύρα (εσύ)".into()],
            None => ["Άσπρα".into(), "Μαύρα".into()],
        };
        Voice::new(Lang::El, names, plain, you)
    }

    /// Every sentence this module makes, for a voice.
    fn every_sentence(v: &Voice) -> Vec<String> {
        let mut all = vec![opening(4, 4, v), opening(5, 3, v), opening(3, 5, v), result(GameResult::draw(), v)];
        for side in [Color::White, Color::Black] {
            all.push(mother_pinned(side, v));
            all.push(mother_freed(side, v));
            for reason in [Reason::Mother, Reason::Resign, Reason::BearOff, Reason::BothMothers] {
                for pts in [1, 2] {
                    all.push(result(GameResult::win(side, pts, reason), v));
                }
            }
            all.push(v.won_last(side));
            all.push(v.plays(side, "6/off"));
            all.push(v.passes(side, "6-6"));
            all.push(v.played(side, "6-5", Some("24/18 24/19")));
            all.push(v.played(side, "6-5", None));
            all.push(v.wins_match(side, 3, 1));
            all.push(v.starts_from("AAAA", side));
        }
        all.push(v.score([2, 1], 3));
        all
    }

    #[test]
    fn every_sentence_is_greek_in_greek() {
        for you in [None, Some(Color::White), Some(Color::Black)] {
            for sentence in every_sentence(&greek(you)) {
                assert!(text::tests::has_greek(&sentence), "{sentence}");
                assert_eq!(text::tests::english_words(&sentence), Vec::<String>::new(), "{sentence}");
            }
        }
    }

    #[test]
    fn greek_sentences_name_the_sides_and_speak_to_the_person() {
        let v = greek(None);
        assert_eq!(opening(4, 4, &v), "Πρώτη ζαριά: τα Άσπρα φέρνουν 4, τα Μαύρα φέρνουν 4: ισοπαλία, ξαναρίχνουν.");
        assert_eq!(opening(3, 5, &v), "Πρώτη ζαριά: τα Άσπρα φέρνουν 3, τα Μαύρα φέρνουν 5: ξεκινούν τα Μαύρα.");
        assert_eq!(
            result(GameResult::win(Color::Black, 2, Reason::BearOff), &v),
            "Τα Μαύρα μαζεύουν το τελευταίο τους πούλι και κερδίζουν 2 πόντους (τα Άσπρα δεν μάζεψαν κανένα πούλι: διπλό)."
        );
        assert_eq!(
            result(GameResult::win(Color::White, 1, Reason::BearOff), &v),
            "Τα Άσπρα μαζεύουν το τελευταίο τους πούλι και κερδίζουν 1 πόντο."
        );
        assert_eq!(
            result(GameResult::win(Color::Black, 2, Reason::Mother), &v),
            "Η μάνα των Άσπρων είναι πλακωμένη και άδειασε η αφετηρία των Μαύρων: τα Μαύρα κερδίζουν 2 πόντους (διπλό)."
        );
        assert_eq!(
            result(GameResult::win(Color::White, 2, Reason::Resign), &v),
            "Τα Μαύρα παραιτούνται: τα Άσπρα κερδίζουν 2 πόντους."
        );
        assert_eq!(
            result(GameResult::draw(), &v),
            "Πλακώθηκαν και οι δύο μάνες: η παρτίδα είναι ισοπαλία, κανένας πόντος."
        );
        assert_eq!(
            mother_pinned(Color::Black, &v),
            "Τα Άσπρα πλάκωσαν τη μάνα των Μαύρων: τα Άσπρα κερδίζουν μόλις φύγει το τελευταίο τους πούλι από την \
             αφετηρία τους, εκτός αν τα Μαύρα πλακώσουν πρώτα τη μάνα των Άσπρων (ισοπαλία)."
        );
        assert_eq!(mother_freed(Color::Black, &v), "Η μάνα των Μαύρων είναι πάλι ελεύθερη.");
        assert_eq!(v.score([2, 1], 3), "Σκορ: Άσπρα 2, Μαύρα 1 (αγώνας στους 3).");

        let v = greek(Some(Color::White));
        assert_eq!(opening(5, 3, &v), "Πρώτη ζαριά: φέρνεις 5, τα Μαύρα (έμπειρος) φέρνουν 3: ξεκινάς εσύ.");
        assert_eq!(opening(2, 2, &v), "Πρώτη ζαριά: φέρνεις 2, τα Μαύρα (έμπειρος) φέρνουν 2: ισοπαλία, ξαναρίχνετε.");
        assert_eq!(
            result(GameResult::win(Color::White, 2, Reason::Mother), &v),
            "Πλάκωσες τη μάνα του υπολογιστή και άδειασε η αφετηρία σου: κερδίζεις 2 πόντους (διπλό)."
        );
        assert_eq!(
            result(GameResult::win(Color::Black, 2, Reason::BearOff), &v),
            "Τα Μαύρα (έμπειρος) μαζεύουν το τελευταίο τους πούλι και κερδίζουν 2 πόντους (δεν μάζεψες κανένα πούλι: διπλό)."
        );
        assert_eq!(
            result(GameResult::win(Color::White, 2, Reason::BearOff), &v),
            "Μαζεύεις το τελευταίο σου πούλι και κερδίζεις 2 πόντους (ο υπολογιστής δεν μάζεψε κανένα πούλι: διπλό)."
        );
        assert_eq!(
            result(GameResult::win(Color::Black, 1, Reason::Resign), &v),
            "Παραιτείσαι: τα Μαύρα (έμπειρος) κερδίζουν 1 πόντο."
        );
        assert!(mother_pinned(Color::White, &v).starts_with("Ο υπολογιστής πλάκωσε τη μάνα σου: κερδίζει μόλις"));
        assert!(mother_pinned(Color::Black, &v).starts_with("Πλάκωσες τη μάνα του υπολογιστή: κερδίζεις μόλις"));
        assert_eq!(mother_freed(Color::White, &v), "Η μάνα σου είναι πάλι ελεύθερη.");
        assert_eq!(mother_freed(Color::Black, &v), "Η μάνα του υπολογιστή είναι πάλι ελεύθερη.");
        assert_eq!(v.plays(Color::White, "24/18 24/20"), "Παίζεις 24/18 24/20.");
        assert_eq!(v.plays(Color::Black, "13/7"), "Τα Μαύρα (έμπειρος) παίζουν 13/7.");
        assert_eq!(v.passes(Color::White, "6-5"), "Φέρνεις 6-5: γκέλα, καμία νόμιμη κίνηση· η σειρά περνά.");
        assert_eq!(v.played(Color::Black, "6-5", None), "Τα Μαύρα (έμπειρος) έφεραν 6-5: γκέλα");
        assert_eq!(v.won_last(Color::White), "Κέρδισες την προηγούμενη παρτίδα και ξεκινάς.");
        assert_eq!(v.wins_match(Color::White, 3, 1), "Κερδίζεις τον αγώνα 3-1.");
        assert_eq!(v.wins_match(Color::Black, 3, 1), "Τα Μαύρα (έμπειρος) κερδίζουν τον αγώνα 3-1.");
        assert_eq!(v.score([2, 1], 3), "Σκορ: εσύ (Άσπρα) 2, Μαύρα (έμπειρος) 1 (αγώνας στους 3).");
        assert_eq!(v.starts_from("AAAA", Color::White), "Η παρτίδα ξεκινά από τη θέση AAAA· ξεκινάς εσύ.");
    }

    fn bulgarian(you: Option<Color>) -> Voice {
        let names = match you {
            Some(Color::White) => ["Белите (ти)".into(), "Черните (експерт)".into()],
            Some(Color::Black) => ["Белите (експерт)".into(), "Черните (ти)".into()],
            None => ["Белите".into(), "Черните".into()],
        };
        Voice::new(Lang::Bg, names, plain, you)
    }

    #[test]
    fn every_sentence_is_bulgarian_in_bulgarian() {
        for you in [None, Some(Color::White), Some(Color::Black)] {
            for sentence in every_sentence(&bulgarian(you)) {
                assert!(text::tests::has_cyrillic(&sentence), "{sentence}");
                assert!(!text::tests::has_greek(&sentence), "{sentence}");
                assert_eq!(text::tests::english_words(&sentence), Vec::<String>::new(), "{sentence}");
            }
        }
    }

    #[test]
    fn bulgarian_sentences_name_the_sides_and_speak_to_the_person() {
        let v = bulgarian(None);
        assert_eq!(opening(4, 4, &v), "Първо хвърляне: Белите хвърлят 4, Черните хвърлят 4: равни, хвърлят отново.");
        assert_eq!(opening(3, 5, &v), "Първо хвърляне: Белите хвърлят 3, Черните хвърлят 5: започват Черните.");
        assert_eq!(
            result(GameResult::win(Color::Black, 2, Reason::BearOff), &v),
            "Черните събират последния си пул и печелят 2 точки (Белите не са събрали нито един пул: марс)."
        );
        assert_eq!(
            result(GameResult::win(Color::White, 1, Reason::BearOff), &v),
            "Белите събират последния си пул и печелят 1 точка."
        );
        assert_eq!(
            result(GameResult::win(Color::Black, 2, Reason::Mother), &v),
            "Майката на белите е затапена и началното поле на черните е празно: Черните печелят 2 точки (марс)."
        );
        assert_eq!(
            result(GameResult::win(Color::White, 2, Reason::Resign), &v),
            "Черните се предават: Белите печелят 2 точки."
        );
        assert_eq!(result(GameResult::draw(), &v), "И двете майки са затапени: партията е реми, без точки.");
        assert_eq!(
            mother_pinned(Color::Black, &v),
            "Белите затапиха майката на черните: Белите печелят, щом последният им пул напусне началното им поле, \
             освен ако Черните първи не затапят майката на белите (реми)."
        );
        assert_eq!(mother_freed(Color::Black, &v), "Майката на черните отново е свободна.");
        assert_eq!(v.score([2, 1], 3), "Резултат: Белите 2, Черните 1 (мач до 3).");

        let v = bulgarian(Some(Color::White));
        assert_eq!(opening(5, 3, &v), "Първо хвърляне: хвърляш 5, Черните (експерт) хвърлят 3: започваш ти.");
        assert_eq!(
            opening(2, 2, &v),
            "Първо хвърляне: хвърляш 2, Черните (експерт) хвърлят 2: равни, хвърляте отново."
        );
        assert_eq!(
            result(GameResult::win(Color::White, 2, Reason::Mother), &v),
            "Затапи майката на компютъра и началното ти поле е празно: печелиш 2 точки (марс)."
        );
        assert_eq!(
            result(GameResult::win(Color::White, 2, Reason::BearOff), &v),
            "Събираш последния си пул и печелиш 2 точки (компютърът не е събрал нито един пул: марс)."
        );
        assert_eq!(
            result(GameResult::win(Color::Black, 1, Reason::Resign), &v),
            "Предаваш се: Черните (експерт) печелят 1 точка."
        );
        assert!(mother_pinned(Color::White, &v).starts_with("Компютърът затапи майката ти: печели, щом"));
        assert_eq!(mother_freed(Color::White, &v), "Майката ти отново е свободна.");
        assert_eq!(v.plays(Color::White, "24/18 24/20"), "Играеш 24/18 24/20.");
        assert_eq!(v.plays(Color::Black, "13/7"), "Черните (експерт) играят 13/7.");
        assert_eq!(v.passes(Color::White, "6-5"), "Хвърляш 6-5: няма позволен ход, пас.");
        assert_eq!(v.won_last(Color::White), "Ти спечели предната партия и започваш.");
        assert_eq!(v.wins_match(Color::Black, 3, 1), "Черните (експерт) печелят мача 3-1.");
        assert_eq!(v.score([2, 1], 3), "Резултат: ти (Белите) 2, Черните (експерт) 1 (мач до 3).");
    }

    #[test]
    fn english_sentences_have_no_greek() {
        for v in [names(), you_white(), you(Color::Black)] {
            for sentence in every_sentence(&v) {
                assert!(!text::tests::has_greek(&sentence) && !text::tests::has_cyrillic(&sentence), "{sentence}");
            }
        }
    }
}
