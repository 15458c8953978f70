//! The terminal's help, English, Greek and Bulgarian side by side as in
//! [`super::text`]: how a game's plays are written (its start, Portes's
//! bar and hits, Plakoto's pins, Gul bara's ladder), then the commands.

use tavli_core::tavli::GameKind;

use super::text::{Lang, texts};

/// The terminal's help in a game of `kind`: how its plays are written (its
/// start, Portes's `bar/` and `*`, Plakoto's `*`, Gul bara's ladder; Fevga
/// has none of them; a named game's are its base's), then
/// the commands.
pub fn help(lang: Lang, kind: GameKind) -> String {
    let (intro, own) = match kind {
        GameKind::Portes | GameKind::Tabla => (help_intro_portes(lang), Some(help_bar_hit(lang))),
        GameKind::Plakoto | GameKind::Tapa | GameKind::Tsilliton | GameKind::Mahbusa => {
            (help_intro(lang), Some(help_pin(lang)))
        }
        GameKind::Fevga => (help_intro(lang), None),
        GameKind::GulBara => (help_intro(lang), Some(help_ladder(lang))),
    };
    let rest = commands(lang);
    // The game's own lines go after the examples every game shares (the
    // first two lines of the rest).
    let mut lines: Vec<&str> = rest.lines().collect();
    let own = own.unwrap_or_default();
    if !own.is_empty() {
        let at = lines.len().min(2);
        lines.splice(at..at, own.lines());
    }
    format!("{intro}\n{}", lines.join("\n"))
}

texts! {

    /// The help's opening for a game whose checkers all start on the 24
    /// (Plakoto, Fevga); Portes's is [`help_intro_portes`].
    help_intro() = "\
Enter a play in notation, points in your own numbering (24 is your start,
you bear off past 1):", "\
Γράψε την κίνησή σου σε συμβολισμό, με τις θέσεις στη δική σου αρίθμηση
(το 24 είναι η αφετηρία σου, μαζεύεις πέρα από το 1):",
        "\
Въведи хода си в запис, с полетата по твоята номерация (24 е началото ти,
а събираш след 1):";
    help_intro_portes() = "\
Enter a play in notation, points in your own numbering (your checkers go
from 24 down to 1, and you bear off past 1):", "\
Γράψε την κίνησή σου σε συμβολισμό, με τις θέσεις στη δική σου αρίθμηση
(τα πούλια σου πάνε από το 24 προς το 1, μαζεύεις πέρα από το 1):",
        "\
Въведи хода си в запис, с полетата по твоята номерация (пуловете ти вървят
от 24 към 1, а събираш след 1):";
    /// The help's lines on Plakoto's `*`.
    help_pin() =
        "  13/7*           a pin, marked `*` (optional)",
        "  13/7*         πλάκωμα, με `*` (προαιρετικό)",
        "  13/7*         тапа, отбелязана с `*` (по желание)";
    /// The help's lines on Gul bara's doubles ladder.
    help_ladder() =
        "  a doublet from the game's 4th roll climbs: four of it, then four of each
  higher number to 6, one stage at a time; a stage that cannot be played
  hands the rest of the ladder to your opponent",
        "  διπλή από την 4η ζαριά ανεβαίνει σκάλα: τέσσερα από αυτή, μετά τέσσερα
  από κάθε μεγαλύτερο ως το 6, ένα σκαλί τη φορά· ό,τι δεν παίζεται
  περνά στον αντίπαλο",
        "  чифт от 4-то хвърляне на партията е стълба: четири хода с числото му,
  после по четири с всяко по-голямо число до 6, стъпало по стъпало; ако
  стъпало не може да се изиграе, остатъкът от стълбата минава у противника";
    /// The help's lines on Portes's bar and `*`.
    help_bar_hit() =
        "  bar/22          enter from the bar (before any other move)
  13/7*           a hit, marked `*` (a hop hits on its way only with it)",
        "  `bar/22`      μπάσιμο από την μπάρα (πριν από κάθε άλλη κίνηση)
  13/7*         χτύπημα, με `*` (ένα πέρασμα χτυπά στον δρόμο μόνο με αυτό)",
        "  `bar/22`      влизане от бара (преди всяко друго преместване)
  13/7*         удар, отбелязан с `*` (прескачане бие по пътя само с него)";

    /// The help after its opening and the game's own lines.
    /// The ways of writing a play every game shares, then the commands.
    commands() = "  24/18 13/7      two checkers         24/20/14   one checker, both dice
  24/18(2)        the same move twice  6/off      bear off
  24/18           one checker at a time: each move is shown on the board;
                  press Enter (or `ok`) to confirm once the turn is complete
On the board, - and + mark where the last play moved from and to. Every play
is written in your numbering, as the board labels the points (the other
side's plays too).
Commands:
  ? or moves   the legal plays (mid-turn: the moves that can follow)
  hint         the engine's best plays (2-ply), with equities and chances;
               mid-turn: the plays that go on from your moves, and their cost
  last         how your last play ranked (also `rate`, `hint last`)
  undo         take back the last single move;  reset: take back all
  board        draw the board again
  id           the position ID (for `tavli hint`, `tavli play --position`)
  save         save now (every play is saved anyway)
  resign       give up this game: a double game, or offer a single one
  quit         save and stop; `tavli play --resume FILE` continues
               (single moves of an unfinished turn are not saved)
  help         this text", "  24/18 13/7    δύο πούλια                24/20/14   ένα πούλι, και τα δύο ζάρια
  24/18(2)      η ίδια κίνηση δύο φορές   6/off      μάζεμα
  24/18         ένα πούλι τη φορά: κάθε κίνηση φαίνεται στο ταμπλό· πάτα
                Enter (ή `ok`, `ναι`) για επιβεβαίωση όταν ολοκληρωθεί η ζαριά
Στο ταμπλό, τα - και + δείχνουν από πού έφυγε και πού έφτασε η τελευταία
κίνηση. Κάθε κίνηση γράφεται στη δική σου αρίθμηση, όπως στο ταμπλό (και οι
κινήσεις του αντιπάλου).
Εντολές, στα αγγλικά ή στα ελληνικά (και χωρίς τόνους):
  ?, moves, κινήσεις   οι νόμιμες κινήσεις (στη μέση της ζαριάς: όσες μένουν)
  hint, υπόδειξη       οι καλύτερες κινήσεις κατά τον υπολογιστή (βάθος 2), με
                       αξία και πιθανότητες· στη μέση της ζαριάς: όσες
                       συνεχίζουν από τις κινήσεις σου, και τι κοστίζουν αυτές
  last, τελευταία      πού κατατάσσεται η τελευταία σου κίνηση (και `rate`,
                       `αξιολόγηση`, `hint last`)
  undo, αναίρεση       πάρε πίσω την τελευταία κίνηση πουλιού
  reset, επαναφορά     πάρε πίσω όλες τις κινήσεις της ζαριάς
  board, ταμπλό        δείξε ξανά το ταμπλό
  id, κωδικός          ο κωδικός θέσης (για `tavli hint` και
                       `tavli play --position`)
  save, αποθήκευση     αποθήκευση τώρα (κάθε κίνηση αποθηκεύεται ούτως ή άλλως)
  resign, παραίτηση    παραίτηση: διπλό, ή πρόταση για μονό
  quit, έξοδος         αποθήκευση και τέλος· συνεχίζεις με
                       `tavli play --resume ΑΡΧΕΙΟ` (οι κινήσεις μιας ζαριάς
                       που δεν ολοκληρώθηκε δεν αποθηκεύονται)
  help, βοήθεια        αυτό το κείμενο",
        "  24/18 13/7    два пула                     24/20/14   един пул, двата зара
  24/18(2)      същото преместване два пъти  6/off      събиране
  24/18         по един пул: всяко преместване се вижда на таблата; натисни
                Enter (или `ok`, `да`) за потвърждение, щом ходът е пълен
На таблата - и + показват откъде тръгна и докъде стигна последният ход.
Всеки ход се пише по твоята номерация, както на таблата (и ходовете на
противника).
Команди, на английски или на български:
  ?, moves, ходове     позволените ходове (по средата на хода: какво остава)
  hint, подсказка      най-добрите ходове според компютъра (дълбочина 2), с
                       очаквани точки и шансове; по средата на хода: ходовете,
                       които продължават изиграното, и колко струва то
  last, последен       къде се нарежда последният ти ход (и `rate`,
                       `оценка`, `hint last`)
  undo, отмени         върни последното преместване на пул
  reset, отначало      върни всички премествания от хода
  board, табла         покажи таблата отново
  id, код              кодът на позицията (за `tavli hint` и
                       `tavli play --position`)
  save, запази         запази сега (всеки ход се записва и без това)
  resign, предавам се  предай се: двойна игра, или предложи единична
  quit, изход          запази и спри; продължаваш с
                       `tavli play --resume ФАЙЛ` (преместванията от
                       недовършен ход не се записват)
  help, помощ          този текст";
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::play::text;

    #[test]
    fn every_help_text_has_each_language() {
        text::tests::check_texts(ALL);
    }

    /// The games of the Tabla match's help in Bulgarian: each its own lines.
    #[test]
    fn each_game_of_the_tabla_match_has_its_own_help_in_bulgarian() {
        let tabla = help(Lang::Bg, GameKind::Tabla);
        assert!(tabla.contains("  `bar/22`      влизане от бара"), "{tabla}");
        assert!(help(Lang::Bg, GameKind::Tapa).contains("тапа, отбелязана с `*`"));
        assert!(help(Lang::Bg, GameKind::GulBara).contains("стълба"));
    }

    #[test]
    fn the_help_fits_in_80_columns() {
        for lang in [Lang::En, Lang::El, Lang::Bg] {
            let help = [
                help_intro(lang),
                help_intro_portes(lang),
                help_pin(lang),
                help_bar_hit(lang),
                help_ladder(lang),
                commands(lang),
            ];
            for text in help.into_iter().chain([text::replay_help(lang)]) {
                for line in text.lines() {
                    assert!(line.chars().count() <= 80, "{line}");
                }
            }
        }
        // Every Greek alias of a command is listed in the Greek help.
        let h = commands(Lang::El);
        for alias in ["κινήσεις", "υπόδειξη", "τελευταία", "αξιολόγηση", "αναίρεση", "επαναφορά", "ταμπλό", "κωδικός"]
        {
            assert!(h.contains(alias), "{alias}");
        }
        for alias in ["αποθήκευση", "παραίτηση", "έξοδος", "βοήθεια", "ναι"] {
            assert!(h.contains(alias), "{alias}");
        }
        // And every Bulgarian one in the Bulgarian help (`input` reads them).
        let h = commands(Lang::Bg);
        for alias in ["ходове", "подсказка", "последен", "оценка", "отмени", "отначало", "табла", "код", "запази"]
        {
            assert!(h.contains(alias), "{alias}");
        }
        for alias in ["предавам се", "изход", "помощ", "да"] {
            assert!(h.contains(alias), "{alias}");
        }
    }
}
