//! Why a play of Portes or Fevga was refused, in the person's language:
//! the reasons the games share with Plakoto are worded by Plakoto's
//! ([`text::reason`]); the game's own (the bar, Fevga's runner, ban and
//! prime rules) here. English is the rules' own words.

use plakoto_core::tavli::AnyPlayError;
use plakoto_core::{PlayError, fevga, portes};

use super::text::{self, Lang};

/// Why `e` refused the entry, in `lang`.
pub fn reason(lang: Lang, e: &AnyPlayError) -> String {
    match (lang, e) {
        (_, AnyPlayError::Plakoto(e)) => text::reason(lang, e),
        (Lang::En, other) => other.to_string(),
        (Lang::El, AnyPlayError::Portes(e)) => portes_el(e),
        (Lang::El, AnyPlayError::Fevga(e)) => fevga_el(e),
    }
}

/// A point as a Portes move writes it: `bar` for 25, `off` for 0.
fn point(p: u8) -> String {
    match p {
        0 => "off".into(),
        25 => "bar".into(),
        p => p.to_string(),
    }
}

/// The reason Plakoto has with the same meaning and fields as a Portes or
/// Fevga refusal (`$E` its error type), worded as Plakoto's; `None` for
/// the game's own.
macro_rules! shared {
    ($e:expr, $E:path) => {{
        use $E as E;
        let plakoto = match $e {
            E::Syntax { token, why } => Some(PlayError::Syntax { token: token.clone(), why: why.clone() }),
            E::GameOver => Some(PlayError::GameOver),
            E::MustPass(d) => Some(PlayError::MustPass(*d)),
            E::CannotPass(d) => Some(PlayError::CannotPass(*d)),
            E::NoChecker(p) => Some(PlayError::NoChecker(*p)),
            E::TooFewCheckers { point, have } => Some(PlayError::TooFewCheckers { point: *point, have: *have }),
            E::NoPoint(p) => Some(PlayError::NoPoint(*p)),
            E::Backwards { from, to } => Some(PlayError::Backwards { from: *from, to: *to }),
            E::NoDice { from, to, dist, left } => {
                Some(PlayError::NoDice { from: *from, to: *to, dist: *dist, left: left.clone() })
            }
            E::PathBlocked { from, to, blocked } => {
                Some(PlayError::PathBlocked { from: *from, to: *to, blocked: blocked.clone() })
            }
            E::NotAllHome(p) => Some(PlayError::NotAllHome(*p)),
            E::NotHighest { from, die, higher } => {
                Some(PlayError::NotHighest { from: *from, die: *die, higher: *higher })
            }
            E::AfterGameEnd(m) => Some(PlayError::AfterGameEnd(m.clone())),
            E::TooManyMoves(d) => Some(PlayError::TooManyMoves(*d)),
            E::MustUseBoth(d) => Some(PlayError::MustUseBoth(*d)),
            E::MustUseMore { die, needed } => Some(PlayError::MustUseMore { die: *die, needed: *needed }),
            E::MustUseLarger(d) => Some(PlayError::MustUseLarger(*d)),
            E::NotLegal(t) => Some(PlayError::NotLegal(t.clone())),
            _ => None,
        };
        plakoto.map(|e| text::reason(Lang::El, &e))
    }};
}

fn portes_el(e: &portes::PlayError) -> String {
    use portes::PlayError as E;
    match e {
        E::NoChecker(25) => "δεν έχεις πούλι στη μπάρα".into(),
        E::TooFewCheckers { point: 25, have } => format!("έχεις μόνο {have} στη μπάρα"),
        E::NoPoint(p) => format!("δεν υπάρχει θέση {p}: οι θέσεις είναι 1 έως 24, η μπάρα γράφεται `bar`"),
        E::MustEnterFirst { bar: 1, .. } => {
            "έχεις πούλι στη μπάρα: μπαίνει πρώτα, πριν κινηθεί άλλο πούλι (π.χ. `bar/22`)".into()
        }
        E::MustEnterFirst { bar, .. } => {
            format!("έχεις {bar} πούλια στη μπάρα: μπαίνουν όλα πρώτα, πριν κινηθεί άλλο πούλι (π.χ. `bar/22`)")
        }
        E::Blocked(p) => text::reason(Lang::El, &PlayError::BlockedPoint(*p)),
        E::EntryBlocked(p) => format!("δεν μπαίνεις στη θέση {p}: ο αντίπαλος έχει εκεί πόρτα"),
        E::Backwards { from, to } => format!(
            "το `{}/{}` πάει προς τα πίσω: τα πούλια πάνε από τις μεγάλες θέσεις στις μικρές",
            point(*from),
            point(*to)
        ),
        E::NoDice { from: 25, to, dist, left } => {
            format!("το `bar/{}` είναι {dist} βήματα, που δεν βγαίνουν με τα ζάρια που έμειναν ({left})", point(*to))
        }
        other => shared!(other, portes::PlayError).unwrap_or_else(|| other.to_string()),
    }
}

fn fevga_el(e: &fevga::PlayError) -> String {
    use fevga::PlayError as E;
    match e {
        E::Blocked(p) => {
            format!("η θέση {p} είναι κλειστή: την κρατά πούλι του αντιπάλου (στη Φεύγα ένα πούλι κρατά τη θέση)")
        }
        E::Runner { from, passing } => format!(
            "μόνο το πρώτο πούλι που ξεκίνησε κινείται ώσπου να {} τη θέση 12 σου (ή να μαζευτεί πούλι)· το πούλι στη θέση {from} περιμένει",
            if *passing { "περάσει" } else { "φτάσει" }
        ),
        E::QuarterBan { landing } => format!(
            "δεν επιτρέπεται να κρατάς και τις έξι θέσεις της πρώτης σου περιοχής (19-24){}",
            if *landing { " σε καμία στάση" } else { " στο τέλος της κίνησης" }
        ),
        E::NardePrime { points } => {
            format!("δεν επιτρέπονται έξι συνεχόμενες θέσεις ({points}) χωρίς αντίπαλο πούλι μπροστά τους")
        }
        E::UnblockingDuty { trapped, wall } => format!(
            "ο αντίπαλος είναι κλεισμένος στη θέση {trapped} σου πίσω από τις θέσεις σου {wall}: η κίνησή σου πρέπει να αδειάσει μία τους"
        ),
        other => shared!(other, fevga::PlayError).unwrap_or_else(|| other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::play::text::tests::english_words;
    use plakoto_core::Dice;
    use plakoto_core::tavli::{AnyPosition, GameKind};

    /// Every refusal of a few entries in each game's start and bar
    /// positions reads in Greek, with no English word.
    #[test]
    fn portes_and_fevga_refusals_are_worded_in_greek() {
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
                        let said = reason(Lang::El, &e);
                        assert!(!said.is_empty());
                        assert_eq!(english_words(&said), Vec::<String>::new(), "{entry}: {said} ({e})");
                        assert_eq!(reason(Lang::En, &e), e.to_string());
                        seen += 1;
                    }
                }
            }
        }
        assert!(seen > 20, "{seen}");
        let must_enter = portes::PlayError::MustEnterFirst { from: 13, bar: 2 };
        assert!(reason(Lang::El, &AnyPlayError::Portes(must_enter)).contains("μπάρα"));
        let runner = fevga::PlayError::Runner { from: 24, passing: false };
        assert!(reason(Lang::El, &AnyPlayError::Fevga(runner)).contains("πρώτο πούλι"));
    }
}
