//! Why a play was refused, in the language of the game: English as the
//! rules library words its `PlayError`, Greek and Bulgarian by the error's
//! variant, in the terms of [`super::text`]. The page words the same
//! refusals from the server's codes (crates/web/assets/js/reasons.js),
//! whose Bulgarian this follows.

use tavli_core::PlayError;

use super::text::Lang;

/// Why a play was refused, from the rules' error: English as the rules
/// library words it, Greek and Bulgarian by the error's variant.
pub fn reason(lang: Lang, e: &PlayError) -> String {
    match lang {
        Lang::En => e.to_string(),
        Lang::El => reason_el(e),
        Lang::Bg => reason_bg(e),
    }
}

/// A point as written in notation: `off` for 0.
fn point_text(p: u8) -> String {
    if p == 0 { "off".into() } else { p.to_string() }
}

/// A move as written in notation, `from/to`; one from the bar (Portes's
/// 25) in backticks, as the notation word it is.
fn move_text(from: u8, to: u8) -> String {
    if from == 25 { format!("`bar/{}`", point_text(to)) } else { format!("{from}/{}", point_text(to)) }
}

fn reason_el(e: &PlayError) -> String {
    match e {
        PlayError::Syntax { token, why } => {
            // The notation parser's reasons (crates/core/src/notation.rs).
            let why = match why.as_str() {
                "a count is written `(2)` to `(4)` at the end" => {
                    "οι επαναλήψεις γράφονται `(2)` έως `(4)` στο τέλος".to_string()
                }
                "a move is written from/to, like 24/18" => "μια κίνηση γράφεται από/προς, π.χ. 24/18".to_string(),
                "`off` can only end a path" => "το `off` μπαίνει μόνο στο τέλος μιας διαδρομής".to_string(),
                "there is no bar in Plakoto: nothing is ever hit" => {
                    "στο Πλακωτό δεν υπάρχει μπάρα: κανένα πούλι δεν χτυπιέται".to_string()
                }
                "points are numbers 1 to 24, or `off`" => "οι θέσεις είναι αριθμοί 1 έως 24, ή `off`".to_string(),
                _ => "δεν είναι κίνηση σε συμβολισμό (π.χ. 24/18 13/7)".to_string(),
            };
            format!("δεν διαβάζεται το `{token}`: {why}")
        }
        PlayError::GameOver => "η παρτίδα τελείωσε· δεν παίζεται τίποτα".into(),
        PlayError::MustPass(d) => format!("καμία κίνηση δεν παίζεται με {d}: γκέλα, η σειρά περνά (γράψε `pass`)"),
        PlayError::CannotPass(d) => {
            format!("με {d} υπάρχει κίνηση· πρέπει να παίξεις (το `?` δείχνει τις κινήσεις)")
        }
        PlayError::NoChecker(25) => "δεν έχεις πούλι στη μπάρα".into(),
        PlayError::NoChecker(p) => format!("δεν έχεις πούλι στη θέση {p}"),
        PlayError::TooFewCheckers { point: 25, have } => format!("έχεις μόνο {have} στη μπάρα"),
        PlayError::TooFewCheckers { point, have: 1 } => format!("έχεις μόνο 1 πούλι στη θέση {point}"),
        PlayError::TooFewCheckers { point, have } => format!("έχεις μόνο {have} πούλια στη θέση {point}"),
        PlayError::NoPoint(p) => format!("δεν υπάρχει θέση {p}: οι θέσεις είναι 1 έως 24"),
        PlayError::Pinned(p) => format!("το πούλι σου στη θέση {p} είναι πλακωμένο και δεν κινείται"),
        PlayError::Backwards { from, to } => {
            format!("το {} πάει προς τα πίσω: τα πούλια πάνε από τις μεγάλες θέσεις στις μικρές", move_text(*from, *to))
        }
        PlayError::NoDice { from, to, dist, left } => {
            let m = move_text(*from, *to);
            match (*dist, left.as_str()) {
                (1, "none") => format!("το {m} είναι 1 βήμα και δεν έμεινε ζάρι"),
                (_, "none") => format!("το {m} είναι {dist} βήματα και δεν έμεινε ζάρι"),
                (1, _) => format!("το {m} είναι 1 βήμα, που δεν βγαίνει με τα ζάρια που έμειναν ({left})"),
                _ => format!("το {m} είναι {dist} βήματα, που δεν βγαίνουν με τα ζάρια που έμειναν ({left})"),
            }
        }
        PlayError::Blocked(p) => {
            format!("η θέση {p} είναι κλειστή: ο αντίπαλος έχει εκεί πόρτα (δύο ή περισσότερα πούλια)")
        }
        PlayError::BlockedAnchor(p) => {
            format!("η θέση {p} είναι κλειστή: το πούλι του αντιπάλου εκεί πλακώνει δικό σου")
        }
        PlayError::PathBlocked { from, to, blocked } => {
            format!("το {} δεν παίζεται: κάθε δρόμος ως εκεί πατά σε κλειστή θέση ({blocked})", move_text(*from, *to))
        }
        PlayError::NotAllHome(25) => {
            "δεν μπορείς να μαζέψεις ακόμα: έχεις πούλι στη μπάρα, έξω από το σπίτι σου".to_string()
        }
        PlayError::NotAllHome(p) => {
            format!("δεν μπορείς να μαζέψεις ακόμα: το πούλι σου στη θέση {p} είναι έξω από το σπίτι σου")
        }
        PlayError::PinnedNoBearOff(p) => format!("δεν μπορείς να μαζέψεις όσο έχεις πλακωμένο πούλι (στη θέση {p})"),
        PlayError::NotHighest { from, die, higher } => format!(
            "το {from}/off με {die} επιτρέπεται μόνο από την πιο ψηλή σου θέση, κι έχεις πούλι στη θέση {higher}"
        ),
        PlayError::AfterGameEnd(moves) => {
            format!("η παρτίδα τελείωσε με την κίνηση {moves}· όσες ακολουθούν δεν παίζονται")
        }
        PlayError::TooManyMoves(d) => format!("πάρα πολλές κινήσεις για τη ζαριά {d}"),
        PlayError::MustUseBoth(d) => {
            format!("πρέπει να παίξεις και τα δύο ζάρια: υπάρχει κίνηση που παίζει ολόκληρο το {d}")
        }
        PlayError::MustUseMore { die, needed } => {
            format!("πρέπει να παίξεις {needed} φορές το {die}: υπάρχει κίνηση που τα παίζει")
        }
        PlayError::MustUseLarger(d) => {
            format!("παίζεται μόνο ένα ζάρι, και τότε πρέπει να είναι το μεγαλύτερο ({d})")
        }
        PlayError::NotLegal(text) => format!("το `{text}` δεν είναι νόμιμη κίνηση"),
        PlayError::MustEnterFirst { bar: 1, .. } => {
            "έχεις πούλι στη μπάρα: μπαίνει πρώτα, πριν κινηθεί άλλο πούλι (π.χ. `bar/22`)".into()
        }
        PlayError::MustEnterFirst { bar, .. } => {
            format!("έχεις {bar} πούλια στη μπάρα: μπαίνουν όλα πρώτα, πριν κινηθεί άλλο πούλι (π.χ. `bar/22`)")
        }
        PlayError::EntryBlocked(p) => format!("δεν μπαίνεις στη θέση {p}: ο αντίπαλος έχει εκεί πόρτα"),
        PlayError::HeldByOne(p) => {
            format!("η θέση {p} είναι κλειστή: την κρατά πούλι του αντιπάλου (στη Φεύγα ένα πούλι κρατά τη θέση)")
        }
        PlayError::Runner { from, passing } => format!(
            "μόνο το πρώτο πούλι που ξεκίνησε κινείται ώσπου να {} τη θέση 12 σου (ή να μαζευτεί πούλι)· το πούλι στη θέση {from} περιμένει",
            if *passing { "περάσει" } else { "φτάσει" }
        ),
        PlayError::QuarterBan { landing } => format!(
            "δεν επιτρέπεται να κρατάς και τις έξι θέσεις της πρώτης σου περιοχής (19-24){}",
            if *landing { " σε καμία στάση" } else { " στο τέλος της κίνησης" }
        ),
        PlayError::NardePrime { points } => {
            format!("δεν επιτρέπονται έξι συνεχόμενες θέσεις ({points}) χωρίς αντίπαλο πούλι μπροστά τους")
        }
        PlayError::UnblockingDuty { trapped, wall } => format!(
            "ο αντίπαλος είναι κλεισμένος στη θέση {trapped} σου πίσω από τις θέσεις σου {wall}: η κίνησή σου πρέπει να αδειάσει μία τους"
        ),
        // Gul bara's ladder (σκάλα): stages (σκαλιά) of four moves of one number.
        PlayError::StageMoves { die, left: 1 } => {
            format!("αυτό το σκαλί έχει 1 κίνηση του {die}· η υπόλοιπη σκάλα έρχεται μετά")
        }
        PlayError::StageMoves { die, left } => {
            format!("αυτό το σκαλί έχει {left} κινήσεις του {die}· η υπόλοιπη σκάλα έρχεται μετά")
        }
        PlayError::OneStage { die } => {
            format!("η σκάλα παίζεται ένα σκαλί τη φορά: γράψε μόνο τις κινήσεις αυτού του σκαλιού (τα {die})")
        }
        PlayError::NotALadder { dice, roll } => format!(
            "το {dice} στη ζαριά {roll} της παρτίδας παίζεται μονομιάς, όχι σε σκαλιά: οι διπλές γίνονται σκάλα από την 4η ζαριά"
        ),
        PlayError::AfterStall { die, played } => format!(
            "το σκαλί των {die} σταμάτησε μετά από {played} {}: η σειρά τελειώνει εκεί (ό,τι μένει περνά στον αντίπαλο, ή χάνεται αν σου το έδωσε εκείνος)",
            if *played == 1 { "κίνηση" } else { "κινήσεις" }
        ),
        PlayError::Remainder { actual, written } => format!(
            "η κίνηση δίνει στον αντίπαλο {}, όχι {written}",
            if actual == "nothing" { "τίποτα" } else { actual.as_str() }
        ),
    }
}

/// The notation parser's reasons (crates/core/src/notation.rs) in
/// Bulgarian. A game's own name in them is left out ("in this game"): a
/// Tapa player is not told about Plakoto.
fn syntax_bg(why: &str) -> &'static str {
    match why {
        "a count is written `(2)` to `(4)` at the end" => "броят се пише `(2)` до `(4)` накрая",
        "a move is written from/to, like 24/18" => "преместването се пише от/до, напр. 24/18",
        "a move is written from/to, like 24/18 or bar/19" => "преместването се пише от/до, напр. 24/18 или `bar/19`",
        "a checker moves at most four times in a turn" => "пул се мести най-много четири пъти в един ход",
        "`off` can only end a path" => "`off` може да стои само в края на пътя",
        "`bar` can only start a path" => "`bar` може да стои само в началото на пътя",
        "points are numbers 1 to 24, or `off`" => "полетата са числа от 1 до 24, или `off`",
        "points are numbers 1 to 24, `bar` or `off`" => "полетата са числа от 1 до 24, `bar` или `off`",
        w if w.starts_with("there is no bar in ") => "в тази игра няма бар: пулове не се бият",
        w if w.starts_with("`*` marks a hit, and nothing is hit in ") => {
            "`*` отбелязва удар, а в тази игра пулове не се бият"
        }
        _ => "не е ход в запис (напр. 24/18 13/7)",
    }
}

/// `пул`, `пула`: a count of checkers as Bulgarian says it after a number.
fn checkers_bg(n: u8) -> String {
    if n == 1 { "1 пул".into() } else { format!("{n} пула") }
}

fn reason_bg(e: &PlayError) -> String {
    match e {
        PlayError::Syntax { token, why } => format!("не може да се прочете `{token}`: {}", syntax_bg(why)),
        PlayError::GameOver => "партията свърши; няма какво да се играе".into(),
        PlayError::MustPass(d) => format!("с {d} няма възможен ход: пас, ходът минава (напиши `pass`)"),
        PlayError::CannotPass(d) => format!("с {d} има ход; трябва да играеш (`?` показва ходовете)"),
        PlayError::NoChecker(25) => "нямаш пул на бара".into(),
        PlayError::NoChecker(p) => format!("нямаш пул на поле {p}"),
        PlayError::TooFewCheckers { point: 25, have } => format!("имаш само {} на бара", checkers_bg(*have)),
        PlayError::TooFewCheckers { point, have } => format!("имаш само {} на поле {point}", checkers_bg(*have)),
        PlayError::NoPoint(p) => format!("няма поле {p}: полетата са от 1 до 24"),
        PlayError::Pinned(p) => format!("пулът ти на поле {p} е затапен и не може да мърда"),
        PlayError::Backwards { from, to } => {
            format!("{} е назад: пуловете вървят от по-големите полета към по-малките", move_text(*from, *to))
        }
        PlayError::NoDice { from, to, dist, left } => {
            let m = move_text(*from, *to);
            let pips = if *dist == 1 { "1 пип".to_string() } else { format!("{dist} пипа") };
            match left.as_str() {
                "none" => format!("{m} е {pips}, а не остана зар"),
                _ => format!("{m} е {pips}, а останалите зарове ({left}) не ги дават"),
            }
        }
        PlayError::Blocked(p) => {
            format!("поле {p} е затворено: противникът държи капия там (два или повече пула)")
        }
        PlayError::BlockedAnchor(p) => format!("поле {p} е затворено: пулът на противника там е затапил твой"),
        PlayError::PathBlocked { from, to, blocked } => format!(
            "{} не може да се изиграе: всеки път дотам стъпва на затворено поле ({blocked})",
            move_text(*from, *to)
        ),
        PlayError::NotAllHome(25) => "още не можеш да събираш: имаш пул на бара, извън къщата си".into(),
        PlayError::NotAllHome(p) => format!("още не можеш да събираш: пулът ти на поле {p} е извън къщата ти"),
        PlayError::PinnedNoBearOff(p) => format!("не можеш да събираш, докато имаш затапен пул (на поле {p})"),
        PlayError::NotHighest { from, die, higher } => {
            format!("{from}/off с {die} е позволено само от най-горното ти поле, а имаш пул на поле {higher}")
        }
        PlayError::AfterGameEnd(moves) => format!("партията свърши с {moves}; следващите премествания не се играят"),
        PlayError::TooManyMoves(d) => format!("твърде много премествания за хвърляне {d}"),
        PlayError::MustUseBoth(d) => format!("трябва да изиграеш и двата зара: има ход, който изиграва целия {d}"),
        PlayError::MustUseMore { die, needed } => {
            format!("трябва да изиграеш {needed} пъти по {die}: има ход, който ги изиграва")
        }
        PlayError::MustUseLarger(d) => {
            format!("може да се изиграе само един зар, и тогава той трябва да е по-големият ({d})")
        }
        PlayError::NotLegal(text) => format!("`{text}` не е позволен ход"),
        PlayError::MustEnterFirst { bar: 1, .. } => {
            "имаш пул на бара: първо го вкарай и после мести друг пул (напр. `bar/22`)".into()
        }
        PlayError::MustEnterFirst { bar, .. } => {
            format!("имаш {bar} пула на бара: първо ги вкарай всичките и после мести друг пул (напр. `bar/22`)")
        }
        PlayError::EntryBlocked(p) => format!("не можеш да влезеш на поле {p}: противникът държи капия там"),
        PlayError::HeldByOne(p) => {
            format!("поле {p} е затворено: държи го пул на противника (във Февга и Гюлбара един пул държи полето)")
        }
        PlayError::Runner { from, passing } => format!(
            "докато първият ти пул не {} твоето поле 12 (или не събереш пул), мести се само той; пулът на поле {from} чака",
            if *passing { "подмине" } else { "стигне" }
        ),
        PlayError::QuarterBan { landing } => format!(
            "не можеш да държиш и шестте полета на началната си четвърт (19-24){}",
            if *landing { " при никое кацане в хода" } else { " в края на хода" }
        ),
        PlayError::NardePrime { points } => {
            format!("не можеш да държиш шест поредни полета ({points}) без пул на противника пред тях")
        }
        PlayError::UnblockingDuty { trapped, wall } => format!(
            "противникът е заклещен на твоето поле {trapped} зад полетата ти {wall}: ходът ти трябва да освободи едно от тях"
        ),
        // Gul bara's ladder (стълба): stages (стъпала) of four moves of one number.
        PlayError::StageMoves { die, left: 1 } => {
            format!("това стъпало има още 1 преместване по {die}; останалата стълба идва след него")
        }
        PlayError::StageMoves { die, left } => {
            format!("това стъпало има още {left} премествания по {die}; останалата стълба идва след него")
        }
        PlayError::OneStage { die } => {
            format!("стълбата се играе стъпало по стъпало: въведи само преместванията на това стъпало (по {die})")
        }
        PlayError::NotALadder { dice, roll } => format!(
            "чифтът {dice} на хвърляне {roll} в партията се играе наведнъж, не на стъпала: чифтовете стават стълба от 4-то хвърляне"
        ),
        PlayError::AfterStall { die, played } => format!(
            "стъпалото по {die} спря след {played} {}: ходът свършва там (каквото остава, минава у противника или се губи, ако той ти го е дал)",
            if *played == 1 { "преместване" } else { "премествания" }
        ),
        PlayError::Remainder { actual, written } => format!(
            "ходът предава на противника {}, а не {written}",
            if actual == "nothing" { "нищо" } else { actual.as_str() }
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::play::text::tests::{english_words, has_cyrillic, has_greek};
    use tavli_core::Dice;

    /// One error of every kind the rules give.
    pub fn every_play_error() -> Vec<PlayError> {
        let d = Dice::new(6, 4).unwrap();
        let mut all: Vec<PlayError> = [
            "a count is written `(2)` to `(4)` at the end",
            "a move is written from/to, like 24/18",
            "`off` can only end a path",
            "there is no bar in Plakoto: nothing is ever hit",
            "points are numbers 1 to 24, or `off`",
            "points are numbers 1 to 24, `bar` or `off`",
            "a move is written from/to, like 24/18 or bar/19",
            "a checker moves at most four times in a turn",
            "`bar` can only start a path",
            "`*` marks a hit, and nothing is hit in Fevga",
            "something new",
        ]
        .into_iter()
        .map(|why| PlayError::Syntax { token: "24/x".into(), why: why.into() })
        .collect();
        all.extend([
            PlayError::GameOver,
            PlayError::MustPass(d),
            PlayError::CannotPass(d),
            PlayError::NoChecker(5),
            PlayError::TooFewCheckers { point: 13, have: 1 },
            PlayError::TooFewCheckers { point: 13, have: 2 },
            PlayError::NoPoint(25),
            PlayError::Pinned(7),
            PlayError::Backwards { from: 6, to: 9 },
            PlayError::NoDice { from: 24, to: 23, dist: 1, left: "none".into() },
            PlayError::NoDice { from: 24, to: 20, dist: 4, left: "none".into() },
            PlayError::NoDice { from: 24, to: 23, dist: 1, left: "6".into() },
            PlayError::NoDice { from: 24, to: 0, dist: 24, left: "6, 4".into() },
            PlayError::Blocked(18),
            PlayError::BlockedAnchor(18),
            PlayError::PathBlocked { from: 24, to: 14, blocked: "18, 20".into() },
            PlayError::NotAllHome(9),
            PlayError::PinnedNoBearOff(3),
            PlayError::NotHighest { from: 2, die: 6, higher: 5 },
            PlayError::AfterGameEnd("1/off".into()),
            PlayError::TooManyMoves(d),
            PlayError::MustUseBoth(d),
            PlayError::MustUseMore { die: 3, needed: 4 },
            PlayError::MustUseLarger(6),
            PlayError::NotLegal("24/18 24/18".into()),
            // Portes's bar.
            PlayError::NoChecker(25),
            PlayError::TooFewCheckers { point: 25, have: 1 },
            PlayError::TooFewCheckers { point: 25, have: 2 },
            PlayError::NotAllHome(25),
            PlayError::MustEnterFirst { from: 13, bar: 1 },
            PlayError::MustEnterFirst { from: 13, bar: 2 },
            PlayError::EntryBlocked(20),
            // Fevga's.
            PlayError::HeldByOne(12),
            PlayError::Runner { from: 24, passing: false },
            PlayError::Runner { from: 24, passing: true },
            PlayError::QuarterBan { landing: false },
            PlayError::QuarterBan { landing: true },
            PlayError::NardePrime { points: "7, 8, 9, 10, 11, 12".into() },
            PlayError::UnblockingDuty { trapped: 3, wall: "4, 5, 6".into() },
            // Gul bara's ladder.
            PlayError::StageMoves { die: 5, left: 1 },
            PlayError::StageMoves { die: 5, left: 3 },
            PlayError::OneStage { die: 5 },
            PlayError::NotALadder { dice: Dice::new(5, 5).unwrap(), roll: 2 },
            PlayError::AfterStall { die: 6, played: 1 },
            PlayError::AfterStall { die: 6, played: 2 },
            PlayError::Remainder { actual: "nothing".into(), written: "6,6".into() },
            PlayError::Remainder { actual: "6,6".into(), written: "5".into() },
        ]);
        all
    }

    #[test]
    fn every_rules_error_is_told_in_greek_and_english_as_the_rules_say_it() {
        for e in every_play_error() {
            assert_eq!(reason(Lang::En, &e), e.to_string());
            let el = reason(Lang::El, &e);
            assert!(has_greek(&el), "{el}");
            assert_eq!(english_words(&el), Vec::<String>::new(), "{el}");
        }
        assert_eq!(reason(Lang::El, &PlayError::NoChecker(5)), "δεν έχεις πούλι στη θέση 5");
        assert_eq!(
            reason(
                Lang::El,
                &PlayError::Syntax {
                    token: "bar/20".into(),
                    why: "there is no bar in Plakoto: nothing is ever hit".into()
                }
            ),
            "δεν διαβάζεται το `bar/20`: στο Πλακωτό δεν υπάρχει μπάρα: κανένα πούλι δεν χτυπιέται"
        );
    }

    #[test]
    fn every_rules_error_is_told_in_bulgarian() {
        let all = every_play_error();
        for e in &all {
            let bg = reason(Lang::Bg, e);
            assert!(has_cyrillic(&bg) && !has_greek(&bg), "{bg}");
            assert_eq!(english_words(&bg), Vec::<String>::new(), "{bg}");
        }
        // No two refusals read alike (but the parser's unknown reasons).
        let mut said: Vec<String> = all.iter().map(|e| reason(Lang::Bg, e)).collect();
        said.sort();
        said.dedup();
        assert_eq!(said.len(), all.len(), "{said:#?}");
        assert_eq!(reason(Lang::Bg, &PlayError::NoChecker(5)), "нямаш пул на поле 5");
        assert_eq!(reason(Lang::Bg, &PlayError::Pinned(7)), "пулът ти на поле 7 е затапен и не може да мърда");
        assert_eq!(reason(Lang::Bg, &PlayError::TooFewCheckers { point: 13, have: 2 }), "имаш само 2 пула на поле 13");
        assert_eq!(
            reason(Lang::Bg, &PlayError::NoDice { from: 25, to: 20, dist: 5, left: "6".into() }),
            "`bar/20` е 5 пипа, а останалите зарове (6) не ги дават"
        );
        assert_eq!(
            reason(
                Lang::Bg,
                &PlayError::Syntax {
                    token: "bar/20".into(),
                    why: "there is no bar in Plakoto: nothing is ever hit".into()
                }
            ),
            "не може да се прочете `bar/20`: в тази игра няма бар: пулове не се бият"
        );
        assert!(reason(Lang::Bg, &PlayError::MustEnterFirst { from: 13, bar: 2 }).contains("на бара"));
        assert!(reason(Lang::Bg, &PlayError::Runner { from: 24, passing: false }).contains("първият ти пул"));
    }

    #[test]
    fn the_parsers_reasons_are_all_known() {
        // Each reason the notation parser gives has its own Greek and
        // Bulgarian, not the fallback (the Greek knows Plakoto's).
        use tavli_core::tavli::{AnyPosition, GameKind};
        let d = Dice::new(6, 4).unwrap();
        for kind in GameKind::ALL {
            let pos = AnyPosition::start(kind);
            for text in ["24/18(9)", "24", "off/3", "bar/20", "24/x", "24/23/22/21/20/19", "13/bar", "13/7*"] {
                let Err(e) = pos.parse_play(d, text) else { continue };
                if !matches!(e, PlayError::Syntax { .. }) {
                    continue;
                }
                assert!(!reason(Lang::Bg, &e).contains("не е ход в запис"), "{kind}: {text}: {e}");
                if kind == GameKind::Plakoto && ["24/18(9)", "24", "off/3", "bar/20", "24/x"].contains(&text) {
                    assert!(!reason(Lang::El, &e).contains("δεν είναι κίνηση σε συμβολισμό"), "{text}: {e}");
                }
            }
        }
    }

    /// Every refusal of a few entries in each game's start and bar
    /// positions reads in Greek and in Bulgarian, with no English word.
    #[test]
    fn portes_and_fevga_refusals_are_worded_in_greek_and_bulgarian() {
        use tavli_core::tavli::{AnyPosition, GameKind};
        let bar = AnyPosition::parse(
            r#"{"game":"portes","turn":"white","bar":{"white":2},"board":{"13":5,"8":3,"6":5,"1":-2,"12":-5,"17":-3,"19":-5}}"#,
            None,
        )
        .unwrap();
        let positions = [AnyPosition::start(GameKind::Portes), bar, AnyPosition::start(GameKind::Fevga)];
        let entries = ["13/10", "24/30", "8/9", "bar/22", "6/off", "24/18 24/18 24/18", "x", "pass", "7/1", "13/7*"];
        let mut seen = 0;
        for pos in positions {
            for dice in [Dice::new(6, 3).unwrap(), Dice::new(5, 5).unwrap()] {
                for entry in entries {
                    if let Err(e) = pos.parse_play(dice, entry) {
                        for lang in [Lang::El, Lang::Bg] {
                            let said = reason(lang, &e);
                            assert!(!said.is_empty());
                            assert_eq!(english_words(&said), Vec::<String>::new(), "{entry}: {said} ({e})");
                        }
                        assert_eq!(reason(Lang::En, &e), e.to_string());
                        seen += 1;
                    }
                }
            }
        }
        assert!(seen > 20, "{seen}");
        assert!(reason(Lang::El, &PlayError::MustEnterFirst { from: 13, bar: 2 }).contains("μπάρα"));
        assert!(reason(Lang::El, &PlayError::Runner { from: 24, passing: false }).contains("πρώτο πούλι"));
    }
}
